"""The arena export (mv.connectx_agent): the file it writes runs alone and plays the player's
choice; its game answers as mv.ConnectFour does and as a plain k-in-a-row referee written here;
its meter counts positions generated; players it cannot write out are refused in words, a
stub is "Not yet", and a file is written whole or not at all, never over one that exists.
The games in Kaggle's own environment are in test_arena_kaggle.py."""

from __future__ import annotations

import ast
import math
import os
import random
import subprocess
import sys
import time
from types import SimpleNamespace

import pytest

import minimax_viz as mv
from minimax_viz import arena, arena_template as T

import arena_players as P

CONFIG = SimpleNamespace(rows=6, columns=7, inarow=4, actTimeout=2)


def load(path):
    """The exported file run as Kaggle runs it: executed alone, its last callable taken."""
    namespace: dict = {}
    exec(compile(path.read_text(), str(path), "exec"), namespace)
    return namespace, [v for v in namespace.values() if callable(v)][-1]


def flat(columns, rows, n_columns):
    """ConnectX's flat board (rows top to bottom, 1 the first player, 2 the second) from the columns played."""
    board, height = [0] * (rows * n_columns), [0] * n_columns
    for i, c in enumerate(columns):
        board[(rows - 1 - height[c]) * n_columns + c] = 1 if i % 2 == 0 else 2
        height[c] += 1
    return board


def k_in_a_row(board, rows, cols, mark, k):
    """A plain referee: does ``mark`` hold ``k`` cells in a line on the flat board?"""
    def at(r, c):
        return 0 <= r < rows and 0 <= c < cols and board[r * cols + c] == mark
    return any(all(at(r + i * dr, c + i * dc) for i in range(k))
               for r in range(rows) for c in range(cols) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)))


# -- the file's game -----------------------------------------------------------------------------------

def test_the_files_game_answers_as_mv_connect_four_on_random_games():
    ours, game, rng = T.ConnectX(), mv.ConnectFour(), random.Random(7)
    for _ in range(150):
        s, c = game.start(), ours.start()
        while True:
            assert sorted(game.moves(s)) == sorted(ours.moves(c)) and game.board(s) == ours.board(c)
            assert (game.winner(s), game.utility(s), game.is_terminal(s)) == (ours.winner(c), ours.utility(c),
                                                                                ours.is_terminal(c))
            assert game.evaluate(s) == pytest.approx(ours.evaluate(c), abs=1e-12)
            if game.is_terminal(s):
                break
            assert game.node_type(s) == ours.node_type(c) and game.player(s) == ours.player(c)
            assert game.winning_moves(s) == ours.winning_moves(c) and game.threats(s) == ours.threats(c)
            move = rng.choice(game.moves(s))
            s, c = game.play(s, move), ours.play(c, move)


@pytest.mark.parametrize("rows, cols, k", [(6, 7, 4), (5, 6, 3), (7, 9, 5), (4, 4, 4)])
def test_the_files_game_reads_connectx_boards_and_finds_k_in_a_row_as_a_plain_referee(rows, cols, k):
    ours, rng = T.ConnectX(rows, cols, k), random.Random(rows * 100 + k)
    for _ in range(60):
        played, state = [], 0
        while True:
            board = flat(played, rows, cols)
            assert ours.from_board(board) == state
            x, o = k_in_a_row(board, rows, cols, 1, k), k_in_a_row(board, rows, cols, 2, k)
            assert ours.winner(state) == ("X" if x else "O" if o else None)
            full = all(board)
            assert ours.is_terminal(state) == (x or o or full)
            legal = [c for c in range(cols) if board[c] == 0]
            assert list(ours.moves(state)) == ([] if x or o else legal)
            if ours.is_terminal(state):
                break
            move = rng.choice(legal)
            played.append(move)
            state = ours.play(state, move)


def test_the_meter_counts_positions_generated_and_nothing_else():
    budget = T.Budget(10, seconds=60)
    game = T.ConnectX(budget=budget)
    state = game.from_board(flat([3, 3, 2], 6, 7))
    for free in (game.moves, game.is_terminal, game.utility, game.evaluate, game.node_type, game.player,
                 game.outcome, game.winner, game.moves_left, game.key):
        free(state)
    assert budget.spent == 0
    game.play(state, 0)
    assert budget.spent == 1
    assert len(game.successors(state)) == 7 and budget.spent == 8
    with pytest.raises(T.BudgetSpent):   # 7 more would make 15 > 10
        game.winning_moves(state)
    assert budget.spent == 8 and budget.left == 2
    game.play(state, 1), game.play(state, 2)
    with pytest.raises(T.BudgetSpent):
        game.play(state, 3)
    assert budget.spent == 10


def test_the_meter_stops_a_player_at_its_deadline():
    budget = T.Budget(seconds=0.2)
    game = T.ConnectX(budget=budget)
    with pytest.raises(T.BudgetSpent, match="the time of this move is up"):
        while True:
            game.play(0, 3)
    assert 0.2 <= time.perf_counter() - budget.began < 2.2   # after the deadline (generous above: a busy machine)


# -- writing the file -----------------------------------------------------------------------------------

def test_a_learners_player_is_written_with_what_it_calls_and_the_file_plays_its_choice(tmp_path):
    written = mv.connectx_agent(P.leftmost_player, tmp_path / "agent.py")
    assert written and written.size == (tmp_path / "agent.py").stat().st_size
    assert repr(written).startswith("leftmost_player written to agent.py (")
    namespace, agent = load(tmp_path / "agent.py")
    assert agent.__name__ == "agent" and namespace["PLAYER"].__name__ == "leftmost_player"
    board = flat([0] * 6 + [1], 6, 7)   # column 0 full
    assert agent(SimpleNamespace(board=board, mark=2), CONFIG) == 1
    assert agent({"board": flat([], 6, 7), "mark": 1}, {"rows": 6, "columns": 7, "inarow": 4}) == 0


def test_the_recipes_player_comes_with_its_alphabeta_constant_and_imports(tmp_path):
    mv.connectx_agent(P.my_player, tmp_path / "agent.py", seconds=0.3)
    text = (tmp_path / "agent.py").read_text()
    assert "def alphabeta(game, state, depth=math.inf" in text and "DEEPEST = 40" in text
    assert "class mv:" in text and "import math" in text
    tops = {a.name.split(".")[0] for node in ast.walk(ast.parse(text)) if isinstance(node, ast.Import)
            for a in node.names}
    tops |= {node.module.split(".")[0] for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ImportFrom)}
    assert tops <= set(sys.stdlib_module_names) and "minimax_viz" not in tops
    _, agent = load(tmp_path / "agent.py")
    # X has three in the bottom row (columns 0-2) and O to move must block at 3 (found at depth 2)
    board = flat([0, 0, 1, 1, 2], 6, 7)
    began = time.perf_counter()
    assert agent(SimpleNamespace(board=board, mark=2), CONFIG) == 3
    assert time.perf_counter() - began < 0.3 + 2   # generous: the deadline's timing is the benchmark's


def test_the_recipe_with_mv_centre_first_is_written_with_the_files_own_centre_first(tmp_path):
    mv.connectx_agent(P.centre_player, tmp_path / "agent.py", seconds=0.3)
    text = (tmp_path / "agent.py").read_text()
    assert "centre_first = staticmethod(centre_first)" in text and "import minimax_viz" not in text
    _, agent = load(tmp_path / "agent.py")
    assert agent(SimpleNamespace(board=flat([0, 0, 1, 1, 2], 6, 7), mark=2), CONFIG) == 3   # O blocks at 3
    # the file's centre_first orders as the course's does
    game = mv.ConnectFour()
    namespace, _ = load(tmp_path / "agent.py")
    files_game = namespace["ConnectX"](6, 7, 4)
    assert namespace["centre_first"](files_game, files_game.start(), range(7)) == \
        mv.centre_first(game, game.start(), range(7))


def test_the_file_runs_alone_in_a_fresh_python_where_minimax_viz_cannot_be_imported(tmp_path):
    mv.connectx_agent(P.dice_player, tmp_path / "agent.py")
    code = ("import sys; sys.modules['minimax_viz'] = None\n"
            "ns = {}; exec(compile(open('agent.py').read(), 'agent.py', 'exec'), ns)\n"
            "agent = [v for v in ns.values() if callable(v)][-1]\n"
            "print(agent({'board': [0] * 42, 'mark': 1}, {'rows': 6, 'columns': 7, 'inarow': 4}))")
    done = subprocess.run([sys.executable, "-I", "-c", code], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) in range(7) and done.stderr == ""


def test_the_reference_player_is_written_as_the_files_own_search(tmp_path):
    written = mv.connectx_agent(mv.deepening_player, tmp_path / "ref.py", seconds=0.2)
    text = (tmp_path / "ref.py").read_text()
    assert "PLAYER = reference_player" in text and "SECONDS = 0.2\n" in text
    assert "deepening_player written to ref.py" in repr(written)
    _, agent = load(tmp_path / "ref.py")
    # X to move with three in column 3 wins there at once; O to move blocks it
    assert agent({"board": flat([3, 4, 3, 4, 3, 5], 6, 7), "mark": 1}, CONFIG) == 3
    assert agent({"board": flat([3, 4, 3, 4, 3], 6, 7), "mark": 2}, CONFIG) == 3
    # on a 5 x 6 board, three in a row: X has 2 and 3 in the bottom row; 1 or 4 makes an open three-line
    small = {"rows": 5, "columns": 6, "inarow": 3, "actTimeout": 2}
    assert agent({"board": flat([2, 2, 3, 3], 5, 6), "mark": 1}, small) in (1, 4)


def test_the_time_of_a_move_is_half_of_act_timeout_unless_told(tmp_path):
    mv.connectx_agent(mv.deepening_player, tmp_path / "ref.py")
    _, agent = load(tmp_path / "ref.py")
    for act in (0.4, 1.0):
        began = time.perf_counter()
        agent({"board": [0] * 42, "mark": 1}, {"rows": 6, "columns": 7, "inarow": 4, "actTimeout": act})
        assert act / 2 <= time.perf_counter() - began < act / 2 + 2   # generous above: a busy machine


def test_a_player_that_fails_in_the_arena_still_moves_and_says_why(tmp_path, capsys):
    mv.connectx_agent(P.stub_player, tmp_path / "stub.py")   # a stub: nothing written
    assert not (tmp_path / "stub.py").exists()
    text = arena._fill(arena.TEMPLATE.read_text(), "def broken(game, state, budget):\n    return 99\n\n"
                       "PLAYER = broken\n", None, None)
    (tmp_path / "broken.py").write_text(text)
    _, agent = load(tmp_path / "broken.py")
    assert agent({"board": [0] * 42, "mark": 1}, CONFIG) == 3
    assert "broken gave no legal move (99); column 3 played instead" in capsys.readouterr().err


# -- refused, unfinished, written whole -------------------------------------------------------------------

class Holder:
    def player(self, game, state, budget):
        return game.moves(state)[0]


def make_closure():
    chosen = 0

    def player(game, state, budget):
        return chosen
    return player


@pytest.mark.parametrize("player, words", [
    (lambda game, state, budget: 0, "is a lambda"),
    (Holder().player, "is a method of an object"),
    (make_closure(), "is defined inside another function"),
    (print, "must be a function written with def"),
    (P.engine_player, "engine_player uses mv.alphabeta, minimax_viz's own, which Kaggle does not have"),
    (P.undefined_player, "undefined_player uses helper_never_defined, which is not defined"),
    (P.agent, "has a name the exported file uses for its own"),
    (mv.greedy_player, "greedy_player, is minimax_viz's own"),
    (mv.alphabeta_player(2), "alphabeta_2, is minimax_viz's own"),
])
def test_a_player_that_cannot_be_written_out_is_refused_in_words_and_nothing_is_written(tmp_path, player, words):
    with pytest.raises(mv.MinimaxError, match=words.replace("(", r"\(").replace(")", r"\)")):
        mv.connectx_agent(player, tmp_path / "agent.py")
    assert list(tmp_path.iterdir()) == []


def test_a_player_using_a_module_kaggle_may_not_have_is_refused(tmp_path):
    with pytest.raises(mv.MinimaxError, match="pytest_player uses the module pytest, which Kaggle's ConnectX may not "
                                              "have"):
        mv.connectx_agent(P.pytest_player, tmp_path / "agent.py")
    assert list(tmp_path.iterdir()) == []


def test_budget_spent_imported_by_name_is_the_files_own(tmp_path):
    mv.connectx_agent(P.catching_player, tmp_path / "agent.py", calls=3)
    text = (tmp_path / "agent.py").read_text()
    assert "import minimax_viz" not in text and "from minimax_viz" not in text
    _, agent = load(tmp_path / "agent.py")
    # X to move wins in column 3 (three in it already), the fourth column tried: past 3 positions
    # the budget is spent, so the player answers with its first move, and says nothing on stderr
    board = flat([3, 4, 3, 4, 3, 5], 6, 7)
    assert agent({"board": board, "mark": 1}, CONFIG) == 0
    mv.connectx_agent(P.catching_player, tmp_path / "agent.py", calls=4, force=True)
    _, agent = load(tmp_path / "agent.py")
    assert agent({"board": board, "mark": 1}, CONFIG) == 3


def test_a_stub_or_a_player_calling_one_is_not_yet_and_writes_nothing(tmp_path):
    stub = mv.connectx_agent(P.stub_player, tmp_path / "a.py")
    assert not stub and repr(stub) == ("Not yet: stub_player is still the stub; write it, run its cell, then run "
                                       "this one again (nothing was written)")
    inner = mv.connectx_agent(P.player_with_unfinished_search, tmp_path / "b.py")
    assert repr(inner) == ("Not yet: finish unfinished_search first: it is still the stub, and "
                           "player_with_unfinished_search calls it (nothing was written)")
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_exists_is_kept_unless_force(tmp_path):
    target = tmp_path / "agent.py"
    target.write_text("mine\n")
    with pytest.raises(mv.MinimaxError, match="agent.py exists already; give another path, or force=True"):
        mv.connectx_agent(P.leftmost_player, target)
    assert target.read_text() == "mine\n"
    mv.connectx_agent(P.leftmost_player, target, force=True)
    assert "def leftmost_player" in target.read_text()


def test_a_file_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    target = tmp_path / "agent.py"
    target.write_text("mine\n")

    def fail(*args):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError):
        mv.connectx_agent(P.leftmost_player, target, force=True)
    assert [p.name for p in tmp_path.iterdir()] == ["agent.py"] and target.read_text() == "mine\n"


@pytest.mark.parametrize("options, words", [
    ({"calls": 0}, "calls must be a whole number of 1 or more"),
    ({"calls": True}, "calls must be a whole number of 1 or more"),
    ({"seconds": 0}, "seconds must be a number above 0 and below 60"),
    ({"seconds": math.inf}, "seconds must be a number above 0 and below 60"),
    ({"force": "yes"}, "force must be True or False"),
])
def test_options_out_of_range_are_named(tmp_path, options, words):
    with pytest.raises(mv.InvalidOption, match=words):
        mv.connectx_agent(P.leftmost_player, tmp_path / "agent.py", **options)


def test_a_count_of_positions_is_written_into_the_file(tmp_path):
    mv.connectx_agent(P.my_player, tmp_path / "agent.py", calls=50, seconds=5)
    namespace, agent = load(tmp_path / "agent.py")
    assert (namespace["CALLS"], namespace["SECONDS"]) == (50, 5)
    assert agent({"board": [0] * 42, "mark": 1}, CONFIG) in range(7)


# -- the local match ------------------------------------------------------------------------------------

def test_the_local_match_says_how_to_install_kaggle_environments_where_it_is_missing(tmp_path, monkeypatch):
    monkeypatch.setattr(arena.importlib.util, "find_spec", lambda name: None)
    words = repr(mv.connectx_match(tmp_path / "agent.py", "random"))
    assert words.startswith("kaggle-environments is not installed here, so no match")
    assert "pip install --no-deps kaggle-environments && pip install jsonschema requests" in words
    with pytest.raises(mv.InvalidOption, match="opponent is ConnectX's 'random' or 'negamax', not 'alphabeta'"):
        mv.connectx_match(tmp_path / "agent.py", "alphabeta")


def test_a_match_reads_as_a_score_and_the_time_of_a_move():
    games = [{"reward": 1, "status": "DONE", "durations": [0.5, 1.0]},
             {"reward": None, "status": "TIMEOUT", "durations": [3.0]}]
    match = arena.ArenaMatch("negamax", games)
    assert match.score() == (1, 0, 1)
    assert repr(match) == ("against ConnectX's negamax: 1 won, 0 drawn, 1 lost (broken rules: TIMEOUT); "
                           "1.50 s a move on average, 3.00 s at most")
