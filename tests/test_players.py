"""Players under a budget and the referee (issue 22): a seeded match replayed by a referee
written here in plain code (its own Connect Four rules, its own dice), every kind of broken
rule forfeited in words, the ladder check honest (random fails, the reference passes), the
Wilson bound against textbook numbers and its pass chance against an exact binomial sum."""

from __future__ import annotations

import copy
import math
import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

import minimax_viz as mv
from minimax_viz.exercises import lesson10 as L

SMALL = mv.ConnectFour(rows=5, cols=6)


# -- an independent referee: plain Connect Four on a list of columns ----------------------------

def four_in_a_row(columns, rows, mark) -> bool:
    def cell(c, r):
        return 0 <= c < len(columns) and 0 <= r < rows and r < len(columns[c]) and columns[c][r] == mark

    return any(all(cell(c + i * dc, r + i * dr) for i in range(4))
               for c in range(len(columns)) for r in range(rows) for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)))


#: The documented budget, written again: positions generated cost one each (``play`` one; a
#: question that returns (move, position) pairs one a pair; a look-ahead one a legal move);
#: every other question is free.
PAIRS = {"successors", "open_successors", "successors_by_priority", "open_successors_by_priority"}
LOOKAHEADS = {"winning_moves", "threats", "solver_facts"}


class Counted(mv.Game):
    """The documented budget, written again: past the budget, BudgetSpent, and nothing counted."""

    def __init__(self, game, calls):
        self.inner, self.calls, self.most = game, 0, calls
        self.max_player, self.min_player, self.win_utility = game.max_player, game.min_player, game.win_utility

    def pay(self, n):
        if self.calls + n > self.most:
            raise mv.BudgetSpent("spent")
        self.calls += n


def _forward(name):
    def method(self, *args, **kwargs):
        if name == "play":
            self.pay(1)
        elif name in LOOKAHEADS:
            self.pay(len(self.inner.moves(args[0])))
        answer = getattr(self.inner, name)(*args, **kwargs)
        if name in PAIRS:
            self.pay(len(answer))
        return answer
    return method


for _name in [n for n in dir(mv.Game) if not n.startswith("_") and callable(getattr(mv.Game, n))]:
    setattr(Counted, _name, _forward(_name))


def referee_game(game, players, opening, first, second, seed, index, calls):
    """Replay one game move by move: the players get a fresh copy of the game, counted, the
    position as the game's own code, and dice seeded as play_match documents; the rules are ours."""
    rows, cols = game.rows, game.cols
    columns = [[] for _ in range(cols)]
    moves, marks = [], "XO"
    for ply in range(rows * cols):
        mark = marks[ply % 2]
        if ply < len(opening):
            move = opening[ply]
        else:
            who = first if mark == "X" else second
            state = game.state("".join(str(m + 1) for m in moves))
            budget = SimpleNamespace(calls=calls, seconds=None, rng=random.Random(f"{seed}:{index}:{ply}"))
            move = players[who](Counted(copy.deepcopy(game), calls), state, budget)
        assert 0 <= move < cols and len(columns[move]) < rows, (index, ply, move)
        columns[move].append(mark)
        moves.append(move)
        if four_in_a_row(columns, rows, mark):
            return moves, first if mark == "X" else second
    return moves, None


def test_a_seeded_match_is_the_games_an_independent_referee_plays():
    players = {"random": mv.random_player, "greedy": mv.greedy_player, "depth 3": mv.alphabeta_player(3),
               "deepening": mv.deepening_player}
    result = mv.play_match(players, game=SMALL, games=6, seed=7, budget=150)
    assert len(result.games) == 6 * 6 and not result.forfeits()
    table = {p: {q: {"X": [0, 0, 0], "O": [0, 0, 0]} for q in players if q != p} for p in players}
    for record in result.games:
        moves, winner = referee_game(SMALL, players, record.opening, record.first, record.second, 7, record.index,
                                     150)
        assert record.moves == moves and record.winner == winner, record
        for me, them, colour in ((record.first, record.second, "X"), (record.second, record.first, "O")):
            table[me][them][colour][0 if winner == me else 2 if winner == them else 1] += 1
    assert result.crosstable == table
    # each pairing plays 3 openings, each with either player first; the openings are pairs of first moves
    pairs = [(g.first, g.second, g.opening) for g in result.games]
    assert all((b, a, o) in pairs for a, b, o in pairs)
    assert len({g.opening for g in result.games}) == 3 and all(len(g.opening) == 2 for g in result.games)
    assert {g.opening for g in result.games} <= {(a, b) for a in range(6) for b in range(6)}
    # the strength the ladder claims, measured here: search beats random at every game
    assert result.score("depth 3", "random") == (6, 0, 0) and result.score("greedy", "random")[0] >= 5


def test_the_same_seed_replays_the_same_match_and_another_seed_other_openings():
    players = [mv.random_player, mv.greedy_player]
    one, two = (mv.play_match(players, game=SMALL, games=4, seed=3) for _ in range(2))
    assert [g.moves for g in one.games] == [g.moves for g in two.games]
    other = mv.play_match(players, game=SMALL, games=4, seed=4)
    assert {g.opening for g in other.games} != {g.opening for g in one.games}


# -- the budget ----------------------------------------------------------------------------------

def playing_player(n, *, free=0):
    """Generates exactly ``n`` positions with game.play (and asks ``free`` questions that cost nothing)."""
    def player(game, state, budget):
        move = game.moves(state)[0]
        for _ in range(free):
            game.moves(state), game.is_terminal(state), game.evaluate(state), game.node_type(state)
            game.utility(state), game.player(state), game.outcome(state)
        for _ in range(n):
            game.play(state, move)
        assert budget.spent == n and budget.left == budget.calls - n
        return move
    return player


@pytest.mark.parametrize("n, forfeits", [(49, False), (50, False), (51, True)])
def test_a_budget_of_n_covers_exactly_n_positions(n, forfeits):
    result = mv.play_match({"mine": playing_player(n, free=100), "greedy": mv.greedy_player}, game=mv.TicTacToe(),
                           games=2, budget=50)
    spent = {c for g in result.games for who, c in g.calls if who == "mine"}
    if forfeits:
        assert [f.player for f in result.forfeits()] == ["mine", "mine"]
        assert "more than its budget (Budget(calls=50))" in result.forfeits()[0].words
        assert spent == {50}   # the refused position is not counted
    else:
        assert not result.forfeits() and spent == {n}   # 700 free questions cost nothing


def test_positions_are_counted_however_they_are_asked_for():
    game = mv.TicTacToe()

    def asks(game, state, budget):
        children = len(game.moves(state))
        game.successors(state)              # a position a move
        game.successors_by_priority(state)  # the same again
        game.winning_moves(state)           # a look at each move
        assert budget.spent == 3 * children
        return game.moves(state)[0]

    # 7 empty cells after the opening: 21 calls on X's first move; as O, 6 empty cells at most: 18
    result = mv.play_match({"asks": asks, "random": mv.random_player}, game=game, games=2, budget=21,
                           opening_list=[(0, 1)])
    assert not result.forfeits()
    short = mv.play_match({"asks": asks, "random": mv.random_player}, game=game, games=2, budget=20,
                          opening_list=[(0, 1)])
    assert [(f.player, f.ply) for f in short.forfeits()] == [("asks", 2)]   # as X only


def test_a_budget_of_seconds_ends_just_after_its_deadline(monkeypatch):
    from minimax_viz import meter as metering

    now = [100.0]
    monkeypatch.setattr(metering.time, "perf_counter", lambda: now[0])
    meter = metering.Meter(mv.Budget(seconds=0.5))
    now[0] = 100.5          # exactly at the deadline: still answered
    meter.charge()
    now[0] = 100.5000001    # just past it: refused, not counted
    with pytest.raises(mv.BudgetSpent, match="its seconds are up"):
        meter.charge()
    assert meter.calls == 1 and meter.refused == 1


def test_deepening_goes_deeper_with_more_calls_and_never_past_them():
    seen = {}
    for calls in (30, 300, 3000):
        depths = []

        def spy(game, state, budget, calls=calls, depths=depths):
            move = mv.deepening_player(game, state, budget)
            assert budget.spent <= calls
            depths.append(budget.spent)
            return move

        result = mv.play_match({"spy": spy, "greedy": mv.greedy_player}, game=SMALL, games=2, budget=calls)
        assert not result.forfeits()
        seen[calls] = sum(depths) / len(depths)
    assert seen[30] < seen[300] < seen[3000]


def test_a_budget_of_seconds_stops_the_search_in_time():
    # No race with the clock: each move may take a minute before it forfeits, and a search the
    # seconds did not stop would search this board to its end, far longer than that.
    result = mv.play_match([mv.deepening_player, mv.greedy_player], game=SMALL, games=2,
                           budget=mv.Budget(seconds=0.02), time_limit=60)
    assert not result.forfeits() and all(g.winner is not None or len(g.moves) == 30 for g in result.games)


# -- broken rules: words and a forfeit, never a crash ---------------------------------------------

def illegal(game, state, budget):
    return 99


def junk(game, state, budget):
    return "3"


def greedy_for_calls(game, state, budget):
    while True:
        game.play(state, game.moves(state)[0])


def raising(game, state, budget):
    return 1 // 0


def never_returns(game, state, budget):
    while True:
        pass


def rebinds(game, state, budget):
    game.rows = 3
    return game.moves(state)[0]


def patches_the_class(game, state, budget):
    mv.ConnectFour.play = lambda self, s, m: s
    return game.moves(state)[0]


def drops_the_meter(game, state, budget):
    budget.calls = 10 ** 9
    raise GeneratorExit("not an Exception")


def patches_the_wrapper(game, state, budget):
    game.moves = lambda s: (0,)
    return game.moves(state)[0]


@pytest.mark.parametrize("bad, words", [
    (illegal, ["returned 99, which is not a legal move", "return one of [0, 1, 2, 3, 4, 5]"]),
    (junk, ["returned '3', which is not a move", "a whole number"]),
    (greedy_for_calls, ["more than its budget (Budget(calls=50))", "catch BudgetSpent"]),
    (raising, ["it raised ZeroDivisionError", "fix the error"]),
    pytest.param(never_returns, ["did not return within 5 s", "make sure each search stops"],
                 marks=pytest.mark.slow),   # stopped after the time limit, in each of the 2 games
    (rebinds, ["it changed the game it was given (game.rows)", "leave it as it is"]),
    (patches_the_class, ["it changed the game it was given (ConnectFour.play)"]),
    (patches_the_wrapper, ["it changed the game it was given (game.moves)"]),
    (drops_the_meter, ["it raised GeneratorExit: not an Exception"]),
], ids=lambda x: getattr(x, "__name__", "words"))
def test_a_broken_rule_forfeits_the_game_in_words(bad, words):
    play = mv.ConnectFour.play
    # a generous limit: the greedy player's moves never race the clock on a busy machine
    result = mv.play_match({"bad": bad, "greedy": mv.greedy_player}, game=SMALL, games=2, budget=50,
                           time_limit=5)
    assert mv.ConnectFour.play is play   # the referee's rules are as they were
    forfeits = result.forfeits()
    assert len(result.games) == 2 and [f.player for f in forfeits] == ["bad", "bad"]
    assert result.score("greedy", "bad") == (2, 0, 0)
    for f, record in zip(forfeits, result.games):
        text = repr(f)
        assert f"bad, move {f.ply + 1} (position " in f.words and f.ply == len(record.opening) + (record.first != "bad")
        for part in words:
            assert part in text, (part, text)


def test_the_reference_players_never_forfeit_even_on_a_tiny_budget():
    result = mv.play_match([mv.random_player, mv.greedy_player, mv.alphabeta_player(3), mv.deepening_player],
                           game=SMALL, games=2, budget=2)
    assert not result.forfeits()


class Pile(mv.Game):
    """Take 1 or 2 from a pile of 5; who takes the last wins. A position is a list [left, mover]."""

    max_player, min_player = "A", "B"

    def start(self):
        return [5, "A"]

    def state(self, value=None):
        return self.start() if value is None else value

    def player(self, state):
        return state[1]

    def moves(self, state):
        return tuple(m for m in (1, 2) if m <= state[0])

    def play(self, state, move):
        return [state[0] - move, "B" if state[1] == "A" else "A"]

    def winner(self, state):
        return None if state[0] else ("B" if state[1] == "A" else "A")

    def is_terminal(self, state):
        return state[0] == 0

    def utility(self, state):
        return 1 if self.winner(state) == "A" else -1


def test_a_player_that_changes_the_position_it_was_given_forfeits():
    def takes_one_more(game, state, budget):
        state[0] -= 1
        return 1

    def through_the_game(game, state, budget):
        game.state(state)[0] = 0   # the position the game hands back is the player's own copy too
        return 1

    for cheat in (takes_one_more, through_the_game):
        result = mv.play_match({"cheat": cheat, "greedy": mv.greedy_player}, game=Pile(), games=2,
                               opening_list=[()])
        first = result.forfeits()[0]
        assert [f.player for f in result.forfeits()] == ["cheat", "cheat"]
        assert "it changed the position it was given" in first.words
        assert "(position [5, 'A'])" in first.words   # the referee's pile is as it was


def test_after_a_forfeit_the_player_gets_a_fresh_game():
    done = []

    def once(game, state, budget):
        if not done:
            done.append(1)
            game.rows = 3
        return game.moves(state)[0]

    result = mv.play_match({"once": once, "greedy": mv.greedy_player}, game=SMALL, games=4, budget=50)
    assert [f.player for f in result.forfeits()] == ["once"]


# -- the result: crosstable, plot, replay ---------------------------------------------------------

@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10 ** 6))
def test_the_crosstable_adds_up_both_ways(seed):
    result = mv.play_match([mv.random_player, mv.greedy_player, mv.alphabeta_player(2)], game=mv.TicTacToe(),
                           games=4, seed=seed)
    for p in result.players:
        for q in result.players:
            if p != q:
                w, d, l_ = result.score(p, q)
                assert (l_, d, w) == result.score(q, p) and w + d + l_ == 4
                assert result.score(p, q, "X")[0] == result.crosstable[q][p]["O"][2]


def test_the_table_and_the_plot_fit_the_page():
    result = mv.play_match([mv.random_player, mv.greedy_player, mv.alphabeta_player(2)], game=SMALL, games=4)
    text = result.table()
    assert max(map(len, text.splitlines()[:-1])) <= 100 and "2 greedy_player" in text
    assert text.splitlines()[4].split()[-3:] == ["{}-{}-{}".format(*result.score("greedy_player", "random_player")),
                                                 "-", "{}-{}-{}".format(*result.score("greedy_player", "alphabeta_2"))]
    import matplotlib.pyplot as plt

    ax = result.plot()
    width, height = ax.figure.get_size_inches() * 100
    assert width <= 1000 and height <= 1000
    labels = [t.get_text() for t in ax.texts]
    assert any(t.startswith("{}-{}-{}\n".format(*result.score("greedy_player", "random_player"))) for t in labels)
    plt.close(ax.figure)


def test_a_lost_game_replays_and_shows_why_the_move_lost():
    result = mv.play_match([mv.random_player, mv.alphabeta_player(2)], game=SMALL, games=2, seed=1)
    index = result.lost("random_player")[0]
    replay = result.replay(index)
    assert replay.moves == result.games[index].moves and SMALL.is_terminal(replay.states[-1])
    ply = replay.losing_ply
    assert replay._mover(ply) == "random_player" and all(replay._mover(p) != "random_player"
                                                         for p in range(ply + 1, len(replay.moves)))
    why = replay.why(depth=2)
    played = next(c for c in why.tree.root.children if c.move == replay.moves[ply])
    # the move played is no better than the best, for the player who made it
    best = max if SMALL.node_type(replay.states[ply]) == "max" else min
    assert best(played.score, why.score) == why.score
    with pytest.raises(mv.MinimaxError):
        result.replay(len(result.games))


@pytest.mark.parametrize("call, words", [
    (lambda: mv.play_match([mv.random_player]), "two players or more"),
    (lambda: mv.play_match([mv.random_player, mv.random_player]), "two players are named"),
    (lambda: mv.play_match([mv.random_player, 3]), "must be a function"),
    (lambda: mv.play_match([mv.random_player, mv.greedy_player], games=3), "even whole number"),
    (lambda: mv.play_match([mv.random_player, mv.greedy_player], budget=0), "whole number of 1 or more"),
    (lambda: mv.play_match([mv.random_player, mv.greedy_player], game="chess"), "must be a game"),
    (lambda: mv.play_match([mv.random_player, mv.greedy_player], opening_list=[(9,)]), "not a legal line"),
    (lambda: mv.Budget(5, seconds=1), "not both"),
    (lambda: mv.alphabeta_player(0), "1 or more"),
])
def test_bad_options_raise_words(call, words):
    with pytest.raises(mv.MinimaxError, match=words):
        call()


# -- the ladder check -----------------------------------------------------------------------------

def test_wilson_bound_matches_the_textbook():
    # Wilson (1927) / Newcombe (1998), table I: 81 of 263 gives 0.2553 to 0.3662; 8 of 10 at least 0.4902
    assert round(L.wilson_lower(81, 263), 4) == 0.2553 and round(L.wilson_lower(8, 10), 4) == 0.4902


def test_the_pass_chance_of_an_equal_player_is_an_exact_binomial_sum():
    for n in (8, 32):
        # independently: the smallest win count k whose interval lies above 1/2, from the quadratic in p
        z = 1.96
        k = next(k for k in range(n + 1)
                 if (k / n + z * z / (2 * n) - z * math.sqrt(k / n * (1 - k / n) / n + z * z / (4 * n * n)))
                 / (1 + z * z / n) > 0.5)
        assert math.isclose(L.chance_to_pass(n), sum(math.comb(n, i) for i in range(k, n + 1)) / 2 ** n)
    assert L.chance_to_pass(32) < 0.03 and L.chance_to_pass(8) < 0.04


def test_the_ladder_is_in_order_of_measured_strength():
    names = [name for name, _, _ in L.ladder()]
    result = mv.play_match({name: player for name, player, _ in L.ladder()}, game=L.LADDER_GAME, games=32,
                           seed=L.LADDER_SEED, budget=L.LADDER_BUDGET)
    points = {p: sum(result.score(p, q)[0] + result.score(p, q)[1] / 2 for q in names if q != p) for p in names}
    assert points["random"] + 30 < points["greedy"] and points["greedy"] + 30 < min(points[n] for n in names[2:])

    def beats(p, q):
        w, d, l_ = result.score(p, q)
        return L.wilson_lower(w + d / 2, 32) > 0.5

    assert all(beats(names[i], names[j]) for i in range(4) for j in range(i) if j < 2)   # each beats random, greedy
    assert not beats(names[2], names[3]) and not beats(names[3], names[2])               # the last two are alike


def test_random_fails_the_ladder_and_the_reference_passes():
    weak, strong = L.check_player(mv.random_player), L.check_player(mv.deepening_player)
    assert not weak.ok and weak.rung == 0 and "reaches no rung" in weak.message and "8 games" in weak.message
    assert strong.ok and strong.rung >= 2 and "it beat random (8-0-0)" in strong.message
    assert "probability" in strong.message and "To climb on:" in strong.message
    name, w, d, l_ = strong.results[1]
    assert L.wilson_lower(w + d / 2, w + d + l_) > 0.5 and w + d + l_ == 32


def test_the_check_never_raises_on_a_learners_player():
    def stub(game, state, budget):
        raise NotImplementedError("your code here")

    def two_args(game, state):
        return 0

    def exits(game, state, budget):
        raise SystemExit(1)

    said = {f.__name__ if callable(f) else repr(f): L.check_player(f) for f in (stub, two_args, exits, illegal, "x")}
    assert not any(v.ok for v in said.values())
    assert "still the stub" in said["stub"].message
    assert "TypeError" in said["two_args"].message and "sys.exit(1)" in said["exits"].message
    assert "not a legal move" in said["illegal"].message and "player function itself" in said["'x'"].message


def test_a_slow_player_is_stopped_with_its_time(monkeypatch):
    import time

    def slow(game, state, budget):
        time.sleep(0.01)
        return mv.greedy_player(game, state, budget)

    from minimax_viz.exercises import capstone

    monkeypatch.setattr(capstone, "CHECK_SECONDS", 0.3)
    started = time.perf_counter()
    verdict = L.check_player(slow)
    assert time.perf_counter() - started < 30 and not verdict.ok   # generous: it stops, whatever the machine
    assert "the check stopped after 0.3 s: slow took" in verdict.message and "s a move" in verdict.message


class _NoName:
    @property
    def __name__(self):
        raise RuntimeError("no name")

    def __call__(self, game, state, budget):
        return game.moves(state)[0]


@pytest.mark.parametrize("junk", [None, 0, [], lambda *a: None, lambda *a: 1.5, lambda *a: "0", lambda *a: True,
                                  lambda game, state, budget: state, _NoName(), dict, print],
                         ids=lambda j: repr(j)[:20])
def test_junk_players_get_words_not_an_error(junk):
    verdict = L.check_player(junk)
    assert not verdict.ok and verdict.message


def test_a_numpy_move_is_a_move():
    import numpy as np

    result = mv.play_match({"numpy": lambda g, s, b: np.int64(g.moves(s)[0]), "greedy": mv.greedy_player},
                           game=mv.TicTacToe(), games=2)
    assert not result.forfeits() and all(type(m) is int for g in result.games for m in g.moves)
