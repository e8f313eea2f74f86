"""Hardening, round four: the sweep's probes of the new features, as tests, by family.

Each test is one probe: a one-line repro (in its docstring or its first line) and the ending
it must have now: clear words, a right answer or a guard, never a raw exception, a hang or a
user's file lost. Tests that wait for a clock are marked slow.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import minimax_viz as mv
from minimax_viz.__main__ import main
from minimax_viz import clock
from minimax_viz.clock import call_learner
from minimax_viz.exercises import lesson04, lesson09, lesson10


# -- helpers: learner code that misbehaves ------------------------------------------------------------

def swallows_every_stop(*args):
    """A learner's loop that catches BaseException (so every signal) and goes on."""
    while True:
        try:
            sum(range(100))
        except BaseException:  # noqa: BLE001 (the point of the probe)
            pass


def swallows_in_two_frames(*args):
    def inner():
        while True:
            try:
                time.sleep(0.001)
            except BaseException:  # noqa: BLE001
                pass
    while True:
        try:
            inner()
        except BaseException:  # noqa: BLE001
            continue


class Mine(BaseException):
    """A BaseException of the learner's own."""


def raises(kind):
    def fn(*args):
        raise kind
    fn.__name__ = f"raises_{kind.__name__}"
    return fn


class BadStr(Exception):
    def __str__(self):
        raise GeneratorExit("and its __str__ raises a BaseException")


# -- family 4: hangs (a learner's code that catches every stop) ---------------------------------------

@pytest.fixture
def short_limit(monkeypatch):
    monkeypatch.setattr(clock, "TIME_LIMIT", 0.3)


@pytest.mark.parametrize("fn", [swallows_every_stop, swallows_in_two_frames])
def test_call_learner_ends_whatever_the_code_catches(fn):
    """call_learner(swallows_every_stop, seconds=0.3) -> words about an endless loop, within ~0.3 s + grace."""
    began = time.monotonic()
    answer, words = call_learner(fn, seconds=0.3)
    assert answer is None and "ran for more than 0.3 s" in words
    assert time.monotonic() - began < 2.5


NESTED = """
import time
from minimax_viz.clock import call_learner
def loops_for_ever(*args):
    while True:
        pass
began = time.monotonic()
answer, words = call_learner(lambda: call_learner(loops_for_ever, seconds=30), seconds=0.3)
print(answer, round(time.monotonic() - began), words)
"""


def test_a_stop_nests_an_inner_call_learner_cannot_turn_the_outer_clock_off():
    """call_learner(lambda: call_learner(loops_for_ever, seconds=30), seconds=0.3) ends at 0.3 s.

    In a process of its own: a stop that lands as the outer code starts its inner thread may
    leave that thread running (see the report of round four), and it must not slow the tests after.
    """
    run = subprocess.run([sys.executable, "-c", NESTED], capture_output=True, text=True, timeout=60)
    assert run.stdout.startswith("None 0 it ran for more than 0.3 s"), run.stdout + run.stderr


def test_an_inner_call_learner_inside_a_player_leaves_the_outer_clock_on():
    """A player whose own call_learner returns, then loops: play_match still stops it at time_limit."""
    def player(game, state, budget):
        call_learner(len, [1])
        swallows_every_stop()
    began = time.monotonic()
    result = mv.play_match({"bad": player, "greedy": mv.greedy_player}, game=mv.TicTacToe(), games=2,
                           time_limit=0.3)
    assert [f.player for f in result.forfeits()] == ["bad", "bad"]
    assert all("did not return within 0.3 s" in f.words for f in result.forfeits())
    assert time.monotonic() - began < 8


def test_a_player_that_swallows_every_stop_forfeits_in_bounded_time():
    """play_match({'bad': swallowing player, 'greedy': greedy_player}, games=2, time_limit=0.3) -> 2 forfeits."""
    began = time.monotonic()
    result = mv.play_match({"bad": lambda g, s, b: swallows_every_stop(), "greedy": mv.greedy_player},
                           game=mv.TicTacToe(), games=2, time_limit=0.3)
    assert result.score("greedy", "bad") == (2, 0, 0)
    assert time.monotonic() - began < 8


def _search_that_never_calls_the_game(game, state, depth):
    swallows_every_stop()


@pytest.mark.slow
@pytest.mark.parametrize("check", [lesson04.check_minimax, lesson09.check_expectiminimax, lesson10.check_minimax])
def test_a_search_check_ends_on_a_search_that_swallows_every_stop(check, short_limit):
    """lesson04.check_minimax(search that loops catching BaseException, never calling the game) -> words."""
    began = time.monotonic()
    feedback = check(_search_that_never_calls_the_game)
    assert not feedback and "0.3 s" in str(feedback)
    assert time.monotonic() - began < 10


# -- family 5: a BaseException (or a __str__ that raises) escapes no check --------------------------------

@pytest.mark.parametrize("kind", [GeneratorExit, Mine, asyncio.CancelledError])
def test_call_learner_puts_a_learners_base_exception_into_words(kind):
    """call_learner(raises(GeneratorExit)) -> (None, 'it raised GeneratorExit: ...')."""
    assert call_learner(raises(kind)) == (None, f"it raised {kind.__name__}: ")


@pytest.mark.parametrize("kind", [GeneratorExit, Mine, asyncio.CancelledError])
@pytest.mark.parametrize("check", [lesson04.check_minimax, lesson09.check_expectiminimax,
                                   lesson10.check_alphabeta, lesson04.check_smallest_depth])
def test_a_search_check_puts_a_base_exception_into_words(check, kind):
    """lesson10.check_alphabeta(raises(GeneratorExit)) -> Feedback(False, 'it raised GeneratorExit ...')."""
    feedback = check(raises(kind))
    assert not feedback and kind.__name__ in str(feedback)


def _function_checks() -> dict:
    """Every check of the lessons that takes a learner's function (26, as the sweep counted)."""
    from minimax_viz.exercises import lesson01, lesson02, lesson03, lesson05, lesson06, lesson07, lesson08
    modules = (lesson01, lesson02, lesson03, lesson04, lesson05, lesson06, lesson07, lesson08, lesson09, lesson10)
    found = {}
    for module in modules:
        for name, check in vars(module).items():
            if (name.startswith("check_") and getattr(check, "__module__", "").startswith("minimax_viz.exercises")
                    and name != "check_function" and "Callable" in str(
                        next(iter(inspect.signature(check).parameters.values())).annotation)):
                found.setdefault(check, f"{module.__name__[-2:]}.{name}")
    return {label: check for check, label in found.items()}


FUNCTION_CHECKS = _function_checks()


def test_the_sweep_reaches_every_function_check():
    """The 26 function checks of lessons 01-10 (the sweep's count) are all probed below."""
    assert len(FUNCTION_CHECKS) >= 26, sorted(FUNCTION_CHECKS)


@pytest.mark.parametrize("kind", [GeneratorExit, Mine, asyncio.CancelledError, BadStr])
@pytest.mark.parametrize("label", sorted(FUNCTION_CHECKS))
def test_every_function_check_puts_a_base_exception_into_words(label, kind):
    """check(raises(GeneratorExit)) -> a Feedback naming it, for each of the 26 function checks."""
    feedback = FUNCTION_CHECKS[label](raises(kind))
    assert not feedback and kind.__name__ in str(feedback)


@pytest.mark.slow
@pytest.mark.parametrize("label", sorted(FUNCTION_CHECKS))
def test_every_function_check_ends_on_a_function_that_swallows_every_stop(label, monkeypatch):
    """check(swallows_every_stop) with TIME_LIMIT=0.2 -> words within the check's time (20 x 0.2 s) and a grace."""
    monkeypatch.setattr(clock, "TIME_LIMIT", 0.2)
    began = time.monotonic()
    feedback = FUNCTION_CHECKS[label](swallows_every_stop)
    assert not feedback and str(feedback)
    assert time.monotonic() - began < 4 + 2 * clock._GRACE + 1


def test_an_error_whose_str_raises_a_base_exception_is_described():
    """call_learner(raises(BadStr)) -> words, not GeneratorExit."""
    answer, words = call_learner(raises(BadStr))
    assert answer is None and "BadStr" in words


@pytest.mark.parametrize("kind", [GeneratorExit, Mine, BadStr])
def test_a_player_raising_a_base_exception_forfeits_in_words(kind):
    """play_match({'bad': raises(GeneratorExit), ...}) -> forfeits naming GeneratorExit."""
    result = mv.play_match({"bad": raises(kind), "greedy": mv.greedy_player}, game=mv.TicTacToe(), games=2)
    assert [f.player for f in result.forfeits()] == ["bad", "bad"]
    assert all(kind.__name__ in f.words for f in result.forfeits())


class EvilInt(int):
    def __int__(self):
        raise GeneratorExit

    def __eq__(self, other):
        raise GeneratorExit

    __hash__ = int.__hash__


def test_the_referee_reads_a_move_inside_its_guard():
    """A player returning an int subclass whose __int__ and __eq__ raise -> a forfeit, not GeneratorExit."""
    result = mv.play_match({"bad": lambda g, s, b: EvilInt(g.moves(s)[0]), "greedy": mv.greedy_player},
                           game=mv.TicTacToe(), games=2)
    assert [f.player for f in result.forfeits()] == ["bad", "bad"]
    assert all("not a move" in f.words for f in result.forfeits())


# -- family 7: the budget cannot be escaped ----------------------------------------------------------------

def _full_alphabeta(game, state, budget):
    return mv.alphabeta(game, state, record=False).move


def via_private_game(game, state, budget):
    return _full_alphabeta(game._game, state, budget)


def via_meter(game, state, budget):
    game._meter.calls = -10 ** 9
    return _full_alphabeta(game, state, budget)


def via_budget(game, state, budget):
    budget._meter.most = None
    return _full_alphabeta(game, state, budget)


def via_budget_calls(game, state, budget):
    budget.calls = 10 ** 9
    return _full_alphabeta(game, state, budget)


@pytest.mark.parametrize("player", [via_private_game, via_meter, via_budget, via_budget_calls])
def test_a_player_cannot_reach_the_real_game_or_the_meter(player):
    """play_match({'cheat': via_meter, ...}, budget=10) on the empty board -> the cheat forfeits every game."""
    result = mv.play_match({"cheat": player, "random": mv.random_player}, game=mv.TicTacToe(), games=2,
                           budget=10)
    forfeits = result.forfeits()
    assert [f.player for f in forfeits] == ["cheat", "cheat"], result.games


def test_chance_nodes_are_drawn_by_the_referee_with_the_games_odds():
    """A game with a chance node where the player would pick: the referee throws the dice instead."""
    asked = []

    def first(game, state, budget):
        asked.append(game.node_type(state))
        return game.moves(state)[0]

    game = _Dice()
    result = mv.play_match([first, mv.random_player], game=game, games=2, opening_list=[()])
    assert "chance" not in asked and not result.forfeits()
    rolls = [record.moves[1] for record in result.games]
    # the documented dice: move ply of game i is thrown with random.Random(f"{seed}:{i}:{ply}")
    assert rolls == [random.Random(f"0:{i}:1").choices([0, 1, 2], weights=[0.2, 0.3, 0.5])[0] for i in (0, 1)]


class _Dice(mv.Game):
    """Max moves (0 or 1), then a die (0, 1, 2 with odds 0.2, 0.3, 0.5) ends the game."""

    max_player, min_player = "A", "B"

    def start(self):
        return ()

    def state(self, value=None):
        return () if value is None else tuple(value)

    def player(self, state):
        return "A" if len(state) == 0 else "B"

    def node_type(self, state):
        return "max" if len(state) == 0 else "chance"

    def probabilities(self, state):
        return [0.2, 0.3, 0.5]

    def moves(self, state):
        return [] if len(state) >= 2 else ([0, 1] if len(state) == 0 else [0, 1, 2])

    def play(self, state, move):
        return tuple(state) + (move,)

    def is_terminal(self, state):
        return len(state) >= 2

    def utility(self, state):
        return 1 if state[1] == 2 else -1

    def key(self, state):
        return tuple(state)


# -- family 6: the Game interface takes the lessons' own boards ----------------------------------------

def test_the_reference_minimax_takes_the_tutorials_board():
    """L10.reference_minimax(T, TicTacToe.TUTORIAL_BOARD) -> (1, 4): X wins by taking the centre."""
    # the tutorial's answer: X plays 4 and completes the middle row (X X X)
    assert lesson10.reference_minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD) == (1, 4)


def test_each_question_of_the_game_takes_a_list_board_and_answers_in_its_form():
    """T.node_type(board), T.successors(board), T.outcome(board) on a list board -> answers, not TypeError."""
    game, board = mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD
    assert game.node_type(board) == "max" and game.outcome(board) is None
    # by hand: X's three moves (1, 4, 8) on ['X', 1, 'O', 'X', 4, 'X', 'O', 'O', 8]
    assert game.successors(board) == (
        (1, ["X", "X", "O", "X", 4, "X", "O", "O", 8]),
        (4, ["X", 1, "O", "X", "X", "X", "O", "O", 8]),
        (8, ["X", 1, "O", "X", 4, "X", "O", "O", "X"]))
    assert [m for m, _ in game.successors_by_priority(board)] == [4, 8, 1]   # centre, corner, edge
    assert game.outcome(["X", "X", "X", "O", "O", 5, 6, 7, 8]) == 1
    assert game.node_type(["X", 1, 2, 3, 4, 5, 6, 7, 8]) == "min"
    assert game.winning_moves(board) == (4,)



def test_connect_four_successors_of_a_list_board_are_list_boards():
    """C.successors(C.from_moves("4455")) -> (column, list of rows) pairs, as C.play gives, not codes."""
    game = mv.ConnectFour()
    board = game.from_moves("4455")
    pairs = game.successors(board)
    # by hand: X to move drops in column 3 on top of X, O -> row 3 from the top is '...X...'
    assert dict(pairs)[3][-3:] == ["...X...", "...OO..", "...XX.."]
    assert pairs[0][1][-1] == "X..XX.."   # column 0 takes the bottom cell
    assert [c for c, _ in game.successors_by_priority(board)] == [3, 2, 4, 1, 5, 0, 6]


_FORMS = {
    "tic-tac-toe list": (mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD),
    "tic-tac-toe tuple": (mv.TicTacToe(), tuple(mv.TicTacToe.TUTORIAL_BOARD)),
    "tic-tac-toe string": (mv.TicTacToe(), "X.OX.XOO."),
    "connect four list": (mv.ConnectFour(), mv.ConnectFour.from_moves("4455")),
    "connect four tuple": (mv.ConnectFour(), tuple(mv.ConnectFour.from_moves("4455"))),
    "connect four digits": (mv.ConnectFour(), "4455"),
    "connect four text": (mv.ConnectFour(), "\n".join(mv.ConnectFour.from_moves("4455"))),
}


@pytest.mark.parametrize("form", list(_FORMS))
def test_the_game_answers_a_board_in_the_form_play_gives_it(form):
    """G.successors(board) for a list, tuple or string board -> the pairs (m, G.play(board, m)), as list boards."""
    game, board = _FORMS[form]
    code = game.state(board)
    by_play = tuple((m, game.play(board, m)) for m in game.moves(board))
    assert all(type(child) is list for _, child in by_play)
    for ask in ("successors", "open_successors", "successors_by_priority", "open_successors_by_priority"):
        pairs = getattr(game, ask)(board)
        assert sorted(pairs) == sorted(by_play), ask
        # the same moves in the same order as for the code, each child the board of the code's child
        assert [(m, game.board(c)) for m, c in getattr(game, ask)(code)] == list(pairs), ask
    assert game.node_type(board) == game.node_type(code) == "max"
    assert game.outcome(board) is game.outcome(code) is None
    # a code stays a code: the search's own form
    assert all(type(child) is int for _, child in game.successors(code))
    assert type(game.play(code, game.moves(code)[0])) is int


def test_a_string_board_is_never_kept_as_a_key_of_tic_tac_toes_tables():
    """T.successors("X.OX.XOO.") -> list boards; the tables keep codes only (a string is read, not stored)."""
    game = mv.TicTacToe()
    game.successors("X.OX.XOO."), game.outcome(("X", 1, "O", "X", 4, "X", "O", "O", 8))
    assert all(type(key) is int for key in game._successors) and all(type(key) is int for key in game._outcome)


# -- family 1: no write follows a link out of the folder it was given -------------------------------------

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _snapshot(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.parametrize("link, flags", [("otter", ["--otter"]), ("nbgrader", ["--nbgrader"])])
def test_a_link_in_the_teachers_folder_to_the_lessons_is_refused_even_with_force(tmp_path, capsys, link, flags):
    """ln -s $PWD/notebooks t/otter; student-copy s --teacher t --otter --force -> status 2, lessons untouched."""
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / link).symlink_to(NOTEBOOKS)
    before = _snapshot(NOTEBOOKS)
    status = main(["student-copy", str(tmp_path / "s"), "--teacher", str(tmp_path / "t"), *flags, "--force",
                   "--source", str(NOTEBOOKS)])
    assert status == 2 and "is a link" in capsys.readouterr().err
    assert _snapshot(NOTEBOOKS) == before and not (NOTEBOOKS / "nbgrader_config.py").exists()
    assert not (tmp_path / "s").exists()   # nothing written, not even the students' copies


def test_a_link_to_another_folder_of_the_users_is_refused(tmp_path, capsys):
    """ln -s ~/mine t/otter (holding 02-...ipynb); student-copy ... --otter --force -> their notebook kept."""
    mine = tmp_path / "mine"
    mine.mkdir()
    lesson = next(NOTEBOOKS.glob("02-*.ipynb"))
    (mine / lesson.name).write_text("my own notebook")
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "otter").symlink_to(mine)
    status = main(["student-copy", str(tmp_path / "s"), "--teacher", str(tmp_path / "t"), "--otter", "--force",
                   "--source", str(NOTEBOOKS), "--lessons", "02"])
    assert status == 2 and (mine / lesson.name).read_text() == "my own notebook"
    assert "is a link" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_manifest_that_is_a_fifo_or_a_device_neither_blocks_nor_is_read(tmp_path, capsys, kind):
    """mkfifo OUT/.minimax_viz-handout.json; student-copy OUT -> status 2 at once, in words."""
    out = tmp_path / "s"
    out.mkdir()
    manifest = out / ".minimax_viz-handout.json"
    os.mkfifo(manifest) if kind == "fifo" else manifest.symlink_to("/dev/zero")
    began = time.monotonic()
    status = main(["student-copy", str(out), "--force", "--source", str(NOTEBOOKS), "--lessons", "01"])
    assert status == 2 and time.monotonic() - began < 10
    err = capsys.readouterr().err
    assert ("FIFO" in err) if kind == "fifo" else ("is a link" in err)


# -- family 3: hand-outs are made from the lessons as the course ships them -----------------------------

def test_a_lesson_edited_in_place_is_handed_out_as_shipped_and_named(tmp_path, capsys):
    """Commit a lesson, type an answer into it, student-copy -> the copy holds no answer; a note names it."""
    course = tmp_path / "course"
    course.mkdir()
    lesson = next(NOTEBOOKS.glob("02-*.ipynb"))
    shutil.copy(lesson, course / lesson.name)
    git = ["git", "-C", str(course), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(git[:3] + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "ship"], check=True)
    nb = json.loads((course / lesson.name).read_text())
    stub = next(c for c in nb["cells"] if c["cell_type"] == "code" and "NotImplementedError" in "".join(c["source"]))
    stub["source"] = ["MY_OWN_ANSWER = 42\n"]
    (course / lesson.name).write_text(json.dumps(nb))
    assert main(["student-copy", str(tmp_path / "s"), "--source", str(course)]) == 0
    assert "MY_OWN_ANSWER" not in (tmp_path / "s" / lesson.name).read_text()
    assert f"differs from the course as shipped ({lesson.name})" in capsys.readouterr().out


# -- family 8: Ctrl-C in the middle of a write --------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.05, 0.1, 0.15, 0.2, 0.25, 0.3])
def test_ctrl_c_mid_write_leaves_no_part_file_and_the_next_run_goes_on(tmp_path, delay):
    """student-copy s --teacher t --nbgrader --otter, SIGINT after `delay` s -> no .part file; a rerun succeeds."""
    command = [sys.executable, "-m", "minimax_viz", "student-copy", str(tmp_path / "s"), "--teacher",
               str(tmp_path / "t"), "--nbgrader", "--otter", "--source", str(NOTEBOOKS)]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(delay)
    run.send_signal(signal.SIGINT)
    run.communicate(timeout=60)
    assert run.returncode in (0, 130, -signal.SIGINT)
    assert not [p for p in tmp_path.rglob("*.part")]
    again = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert again.returncode == 0, again.stderr



#: python -m minimax_viz ARGS with a real SIGINT sent to itself the first time the module named
#: by the first argument is looked for: a Ctrl-C at that point of the imports, every time.
_CTRL_C_AT_IMPORT = """
import os, runpy, signal, sys
target = sys.argv.pop(1)

class CtrlC:
    def find_spec(self, name, path=None, module=None):
        if name == target:
            signal.raise_signal(signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
sys.argv[0] = "minimax_viz"
runpy.run_module("minimax_viz", run_name="__main__", alter_sys=True)   # as python -m does
"""


@pytest.mark.parametrize("module", ["minimax_viz.errors", "minimax_viz.games.tictactoe", "minimax_viz.search.engine",
                                    "minimax_viz.draw", "matplotlib"])
def test_ctrl_c_while_the_command_line_imports_its_parts_is_one_line(tmp_path, module):
    """python -m minimax_viz draw -o t.png, Ctrl-C while importing `module` -> one line, status 130, no file."""
    done = subprocess.run([sys.executable, "-c", _CTRL_C_AT_IMPORT, module, "draw", "-o", str(tmp_path / "t.png")],
                          capture_output=True, text=True, timeout=60)
    assert done.stderr.splitlines() == [
        "python -m minimax_viz: error: interrupted; every file is as it was or written whole"], done.stderr
    assert done.returncode == 130
    assert list(tmp_path.iterdir()) == []


def test_the_ctrl_c_probe_reaches_each_module_it_names(tmp_path):
    """The modules above are imported by draw (else the probe above would pass without a Ctrl-C)."""
    code = ("import runpy, sys; sys.argv[0] = 'minimax_viz'\n"
            "try:\n    runpy.run_module('minimax_viz', run_name='__main__', alter_sys=True)\n"
            "except SystemExit:\n    print(' '.join(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", code, "draw", "-o", str(tmp_path / "t.png")],
                          capture_output=True, text=True, timeout=60, check=True)
    imported = set(done.stdout.split())
    assert {"minimax_viz.errors", "minimax_viz.games.tictactoe", "minimax_viz.search.engine", "minimax_viz.draw",
            "matplotlib"} <= imported



#: python -m minimax_viz ARGS with a real SIGINT sent to itself as the command exits (in sys.exit).
_CTRL_C_AT_EXIT = """
import runpy, signal, sys
exit = sys.exit

def ctrl_c_then_exit(status=None):
    signal.raise_signal(signal.SIGINT)
    exit(status)

sys.exit = ctrl_c_then_exit
sys.argv[0] = "minimax_viz"
runpy.run_module("minimax_viz", run_name="__main__", alter_sys=True)   # as python -m does
"""


def test_ctrl_c_as_the_command_line_exits_changes_nothing(tmp_path):
    """python -m minimax_viz draw -o t.png, Ctrl-C once the picture is written -> status 0, no traceback
    (it died by the signal, status -2, after printing 'wrote')."""
    done = subprocess.run([sys.executable, "-c", _CTRL_C_AT_EXIT, "draw", "-o", str(tmp_path / "t.png")],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith(f"wrote {tmp_path / 't.png'}") and (tmp_path / "t.png").stat().st_size > 0


# -- family 2: a build deletes only what a build made ---------------------------------------------------------

def _build_lite():
    import importlib.util
    spec = importlib.util.spec_from_file_location("build_lite_h4", NOTEBOOKS.parent / "scripts" / "build_lite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("which", ["output", "work"])
def test_build_lite_refuses_to_delete_a_folder_it_did_not_make(tmp_path, which):
    """build_lite.py --output DIR, with DIR (or DIR-work) holding a user's file -> exits in words, the file kept."""
    build_lite = _build_lite()
    site = tmp_path / "site"
    mine = (site if which == "output" else tmp_path / "site-work") / "my-notes.txt"
    mine.parent.mkdir()
    mine.write_text("mine")
    with pytest.raises(SystemExit, match="holds files no build made, so it is not deleted"):
        build_lite.build(site, contents=[next(NOTEBOOKS.glob("01-*.ipynb"))], quiet=True)
    assert mine.read_text() == "mine"


def test_build_lite_with_the_lessons_as_output_deletes_nothing(tmp_path):
    """build_lite.py --output notebooks (a copy) -> exits in words; every lesson kept."""
    lessons = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, lessons)
    before = _snapshot(lessons)
    with pytest.raises(SystemExit, match="not deleted"):
        _build_lite().build(lessons, quiet=True)
    assert _snapshot(lessons) == before


def test_build_lite_replaces_what_a_build_made(tmp_path):
    """A folder with the build's mark (or an old site's jupyter-lite.json) is cleared; an empty one too."""
    build_lite = _build_lite()
    for name, sign in (("marked", build_lite.MARK), ("old", build_lite.SITE_SIGN), ("empty", None)):
        folder = tmp_path / name
        folder.mkdir()
        if sign:
            (folder / sign).write_text("{}")
            (folder / "index.html").write_text("")
        build_lite.clear(folder, "the site", build_lite.SITE_SIGN)
        assert not folder.exists()


# -- family 9a: draw -o writes a picture, never over a link, a FIFO, a device or a read-only file -------------

@pytest.mark.parametrize("kind", ["link", "fifo", "read-only"])
def test_draw_output_refuses_what_is_not_a_writable_regular_file(tmp_path, capsys, kind):
    """ln -s ~/keep.png t.png; python -m minimax_viz draw -o t.png -> status 2 in words, keep.png untouched."""
    target, keep = tmp_path / "t.png", tmp_path / "keep.png"
    keep.write_bytes(b"keep")
    if kind == "link":
        target.symlink_to(keep)
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.write_bytes(b"keep")
        target.chmod(0o444)
    status = main(["draw", "--tree", "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", "-o", str(target)])
    err = capsys.readouterr().err
    assert status == 2 and {"link": "is a link", "fifo": "FIFO", "read-only": "read-only"}[kind] in err
    assert keep.read_bytes() == b"keep"
    if kind == "read-only":
        assert target.read_bytes() == b"keep"


# -- family 9b: silent wrong answers -----------------------------------------------------------------------

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_first_difference_refuses_trees_of_different_games():
    """first_difference(minimax(T, TUTORIAL_BOARD), minimax(GameTree(AIMA))) -> words, not a slip."""
    with pytest.raises(mv.MinimaxError, match="same game"):
        mv.first_difference(mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD), mv.minimax(mv.GameTree(AIMA)))


def test_first_difference_refuses_trees_from_different_roots():
    """first_difference(minimax(T, TUTORIAL_BOARD), minimax(T, 'X.O......', depth=2)) -> words."""
    with pytest.raises(mv.MinimaxError, match="same position"):
        mv.first_difference(mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD),
                            mv.minimax(mv.TicTacToe(), "X.O......", depth=2))


def test_an_opening_that_already_ends_the_game_is_refused():
    """play_match(..., opening_list=[(0, 3, 1, 4, 2)]) (X has the top row) -> words."""
    with pytest.raises(mv.MinimaxError, match="already ends the game"):
        mv.play_match([mv.greedy_player, mv.random_player], game=mv.TicTacToe(), games=2,
                      opening_list=[(0, 3, 1, 4, 2)])


@pytest.fixture(scope="module")
def small_match():
    return mv.play_match([mv.greedy_player, mv.random_player], game=mv.TicTacToe(), games=2)


@pytest.mark.parametrize("ask", ["lost", "mean_calls"])
def test_a_name_that_never_played_is_named(small_match, ask):
    """result.lost('nobody'), result.mean_calls('nobody') -> words naming who played."""
    with pytest.raises(mv.MinimaxError, match="'nobody' did not play; the players were greedy_player"):
        getattr(small_match, ask)("nobody")


def test_score_with_an_unhashable_name_is_words(small_match):
    """result.score(['a'], 'b') -> words, not TypeError."""
    with pytest.raises(mv.MinimaxError, match="did not play"):
        small_match.score(["a"], "b")


# -- family 10: options in words --------------------------------------------------------------------------

def _tutorial_minimax(board, mark):
    return mv.tutorial.minimax(board, mark)


@pytest.mark.parametrize("max_nodes", ["x", None, -1, 0, 2.5, True])
def test_record_calls_max_nodes_is_checked_in_words(max_nodes):
    """record_calls(minimax, board, 'X', max_nodes='x' | None | -1 | 2.5 | True) -> words about max_nodes."""
    with pytest.raises(mv.MinimaxError, match="max_nodes is the most calls to record"):
        mv.record_calls(_tutorial_minimax, mv.TicTacToe.TUTORIAL_BOARD, "X", max_nodes=max_nodes)


def test_record_calls_calls_is_checked_in_words():
    """record_calls(minimax, board, 'X', calls=5) -> words about calls."""
    with pytest.raises(mv.MinimaxError, match="calls lists the functions of your search"):
        mv.record_calls(_tutorial_minimax, mv.TicTacToe.TUTORIAL_BOARD, "X", calls=5)


def test_record_minimax_names_a_mark_that_is_no_player():
    """lesson02.record_minimax(minimax, mark='Z') -> words about mark, not 'fix exercise 5'."""
    from minimax_viz.exercises import lesson02
    with pytest.raises(mv.MinimaxError, match="mark is the player to move"):
        lesson02.record_minimax(mv.tutorial.minimax, mark="Z")


@pytest.mark.parametrize("games, seed", [(2, "np-seed"), ("np-games", 0)])
def test_numpy_whole_numbers_are_whole_numbers(games, seed):
    """play_match(..., games=np.int64(2), seed=np.int64(3)) -> a match, not 'must be a whole number'."""
    np = pytest.importorskip("numpy")
    games = np.int64(2) if games == "np-games" else games
    seed = np.int64(3) if seed == "np-seed" else seed
    result = mv.play_match([mv.greedy_player, mv.random_player], game=mv.TicTacToe(), games=games, seed=seed)
    assert len(result.games) == 2


@pytest.mark.parametrize("options", [dict(games=10 ** 8), dict(opening_list=[]), dict(opening_list=[None]),
                                     dict(opening_list=5)])
def test_play_match_options_in_words(options):
    """play_match(..., games=10**8 | opening_list=[] | [None] | 5) -> words at once."""
    began = time.monotonic()
    with pytest.raises(mv.MinimaxError):
        mv.play_match([mv.greedy_player, mv.random_player], game=mv.TicTacToe(), **options)
    assert time.monotonic() - began < 5


def test_a_budget_of_more_seconds_than_a_year_is_words():
    """Budget(seconds=10**400) -> words (was accepted, and its repr overflowed)."""
    with pytest.raises(mv.MinimaxError, match="at most a year"):
        mv.Budget(seconds=10 ** 400)


def test_a_time_limit_past_every_float_is_no_limit(monkeypatch):
    """clock.TIME_LIMIT = 10**400 -> a year, not OverflowError."""
    monkeypatch.setattr(clock, "TIME_LIMIT", 10 ** 400)
    assert clock.time_limit() == 365 * 24 * 3600.0


def test_a_byte_order_mark_in_a_tree_text_is_read_past():
    """GameTree.from_text('\\ufeffstart A\\nA left B\\nA right C\\nB 3\\nC 5') -> the tree [3, 5]."""
    tree = mv.GameTree.from_text("\ufeffstart A\nA left B\nA right C\nB 3\nC 5")
    assert mv.minimax(tree).score == 5   # Max picks the larger leaf


def test_a_byte_order_mark_in_a_cs188_file_is_read_past():
    """GameTree.from_cs188('\\ufeff' + text) -> the same tree as without the mark."""
    text = ('num_agents: "2"\nstart_state: "A"\nwin_states: ""\nlose_states: ""\n'
            'depth: "1"\nsuccessors: """\nA Left B\nA Right C\n"""\nevaluation: """\nB 3.0\nC 5.0\n"""\n')
    assert mv.minimax(mv.GameTree.from_cs188("\ufeff" + text)).score == mv.minimax(mv.GameTree.from_cs188(text)).score == 5


def test_a_long_learner_error_message_is_cut():
    """call_learner(raises ValueError('x' * 10**7)) -> words of a few hundred characters."""
    def loud(*args):
        raise ValueError("x" * 10 ** 7)
    _, words = call_learner(loud)
    assert words.startswith("it raised ValueError: xxx") and len(words) < 400


def test_a_lesson_with_a_cell_missing_its_cell_type_is_named(tmp_path, capsys):
    """A lesson whose cell 2 lost "cell_type"; student-copy -> status 2 naming the cell and how to restore it."""
    course = tmp_path / "course"
    course.mkdir()
    lesson = next(NOTEBOOKS.glob("02-*.ipynb"))
    nb = json.loads(lesson.read_text())
    del nb["cells"][1]["cell_type"]
    (course / lesson.name).write_text(json.dumps(nb))
    assert main(["student-copy", str(tmp_path / "s"), "--source", str(course)]) == 2
    err = capsys.readouterr().err
    assert "cell 2 has no cell_type" in err and "restore it as the course ships it" in err


# -- the sweep over mv.__all__: options in words, no silent answer to junk (round four's rest) ----------

class _Thing:
    """A plain object, with a repr that stays the same from one process to the next (pytest-xdist
    collects the tests in each worker and needs the same ids)."""

    def __repr__(self) -> str:
        return "a plain object"


_JUNK = [None, "x", -1, 2.5, True, [], {}, _Thing(), float("nan"), float("inf"), 10**400]


@pytest.mark.parametrize("game, move", [(mv.TicTacToe(), m) for m in _JUNK + [9]]
                         + [(mv.ConnectFour(), m) for m in _JUNK + [7]], ids=repr)
def test_a_moves_priority_is_asked_of_a_move(game, move):
    """T.move_priority(board, -1 | 'x' | 9 ...) -> InvalidMove naming the move, not a raw error or the last cell's."""
    with pytest.raises(mv.InvalidMove, match="a move is a (cell|column) index from 0 to"):
        game.move_priority(game.state(None), move)


def test_a_moves_priority_takes_numpys_whole_numbers():
    """T.move_priority(0, np.int64(4)) -> 2 (the centre is on four lines); C's centre column 3 tops the order."""
    np = pytest.importorskip("numpy")
    assert mv.TicTacToe().move_priority(0, np.int64(4)) == 2
    assert mv.centre_first(mv.ConnectFour(), 0, np.arange(7))[0] == 3


@pytest.mark.parametrize("order", [mv.centre_first, mv.best_first])
@pytest.mark.parametrize("moves", [None, 5, 2.5, True, _Thing(), "48"], ids=repr)
def test_an_order_is_given_moves_to_sort(order, moves):
    """mv.centre_first(T, board, None) -> InvalidOption: an order sorts the moves it is given."""
    with pytest.raises(mv.InvalidOption, match="an order sorts the moves it is given"):
        order(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD, moves)


@pytest.mark.parametrize("rng", ["x", 0, 2.5, [], _Thing()], ids=repr)
def test_a_budgets_dice_are_a_random_generator(rng):
    """mv.Budget(rng='x') -> InvalidOption (it failed later, in the first random player's move)."""
    with pytest.raises(mv.InvalidOption, match="rng is the dice"):
        mv.Budget(rng=rng)


@pytest.mark.parametrize("budget", [None, 5, "x", _Thing()], ids=repr)
def test_a_random_player_without_a_budget_says_so(budget):
    """mv.random_player(T, board, None) -> InvalidOption naming the budget, not AttributeError: 'rng'."""
    with pytest.raises(mv.InvalidOption, match="a player is given the game, the position and its budget"):
        mv.random_player(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD, budget)


def _minimax_of_the_tutorial(board):
    game = mv.TicTacToe()
    if game.outcome(board) is not None:
        return game.outcome(board)
    values = [_minimax_of_the_tutorial(game.play(board, m)) for m in game.moves(board)]
    return max(values) if game.player(board) == "X" else min(values)


@pytest.mark.parametrize("option, value, words", [
    ("min_at_random", "x", "min_at_random is True"), ("min_at_random", 1, "min_at_random is True"),
    ("min_at_random", None, "min_at_random is True"), ("algorithm", 5, "algorithm is the name"),
    ("algorithm", None, "algorithm is the name")], ids=repr)
def test_record_calls_flags_and_names_are_checked(option, value, words):
    """record_calls(search, board, min_at_random='x') -> InvalidOption (it was read as True: an expectimax tree)."""
    with pytest.raises(mv.InvalidOption, match=words):
        mv.record_calls(_minimax_of_the_tutorial, mv.TicTacToe.TUTORIAL_BOARD, game=mv.TicTacToe(), **{option: value})


@pytest.mark.parametrize("memo", ["x", None, 0, []], ids=repr)
def test_first_differences_memo_is_true_or_false(memo):
    """first_difference(a, b, memo='no') -> InvalidOption (a truthy string was read as True)."""
    game = mv.TicTacToe()
    with pytest.raises(mv.InvalidOption, match="memo is True"):
        mv.first_difference(mv.minimax(game, "X.OX.XOO."), mv.alphabeta(game, "X.OX.XOO."), memo=memo)


@pytest.mark.parametrize("options, words", [
    ({"depth": 3}, "'depth' is not an option of the search shown here, iterative deepening"),
    ({"secnds": 1}, "'secnds' is not an option"), ({"display": 5}, "display must be a function")], ids=repr)
def test_search_with_progress_names_an_option_it_does_not_know(options, words):
    """search_with_progress(T, board, depth=3) -> InvalidOption naming 'depth', not TypeError from inside."""
    shown = []
    options = {"display": shown.append, **options}
    with pytest.raises(mv.InvalidOption, match=words):
        mv.search_with_progress(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD, **options)
    assert shown == [], "nothing shown before the options are checked"


@pytest.mark.parametrize("args, options, words", [
    ((None,), {}, "tidy_layout lays out a recorded tree"), ((5,), {}, "tidy_layout lays out a recorded tree"),
    ((), {"sibling_gap": "x"}, "sibling_gap is the room"), ((), {"level_gap": "x"}, "level_gap is the room"),
    ((), {"level_gap": -1}, "level_gap is the room"), ((), {"sibling_gap": float("inf")}, "sibling_gap is the room"),
    ((), {"level_gap": 10**400}, "level_gap is the room"), ((), {"sibling_gap": float("nan")}, "sibling_gap")],
    ids=repr)
def test_tidy_layout_options_in_words(args, options, words):
    """tidy_layout(tree, level_gap='x') -> InvalidOption (it returned ('', '') positions; inf gave nan)."""
    tree = mv.minimax(mv.GameTree([[3, 12], [2]])).tree
    with pytest.raises(mv.InvalidOption, match=words):
        mv.tidy_layout(*(args or (tree,)), **options)


@pytest.mark.parametrize("options, words", [
    ({"step": 2.5}, "step is the event to show first"), ({"step": None}, "step is the event"),
    ({"step": "x"}, "step is the event"), ({"speed": []}, "speed is one of")], ids=repr)
def test_stepper_options_in_words(options, words):
    """mv.Stepper(result, step=2.5) -> InvalidOption (it showed event 2; None raised a TraitError)."""
    pytest.importorskip("ipywidgets")
    with pytest.raises(mv.InvalidOption, match=words):
        mv.Stepper(mv.alphabeta(mv.TicTacToe(), "X.OX.XOO."), **options)


@pytest.mark.parametrize("tree", [5, -1, 2.5, "x"], ids=repr)
def test_a_pruning_quiz_tree_is_nested_lists(tree):
    """mv.PruningQuiz(tree=5) -> InvalidOption, not IndexError: Cannot choose from an empty sequence."""
    pytest.importorskip("ipywidgets")
    with pytest.raises(mv.InvalidOption, match="tree is a textbook tree as nested lists"):
        mv.PruningQuiz(tree=tree)


# -- the sweep: connectx_agent writes a Python file, never over what the user keeps --------------------------

@pytest.mark.parametrize("kind", ["link", "dangling link", "fifo", "read-only", "folder"])
def test_connectx_agent_never_writes_over_a_link_fifo_folder_or_read_only_file(tmp_path, kind):
    """connectx_agent(player, 'agent.py', force=True) over a link / FIFO / folder / read-only file -> words,
    everything as it was (it replaced each with the agent, status quo for the folder: IsADirectoryError)."""
    mine = tmp_path / "mine.py"
    mine.write_text("my own code\n")
    target = tmp_path / "agent.py"
    if kind == "link":
        target.symlink_to(mine)
    elif kind == "dangling link":
        target.symlink_to(tmp_path / "nowhere.py")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "read-only":
        target.write_text("kept\n")
        target.chmod(0o444)
    else:
        target.mkdir()
    before = sorted((p.name, p.is_symlink(), p.is_file()) for p in tmp_path.iterdir())
    with pytest.raises(mv.MinimaxError, match="is a link|FIFO|read-only|is a folder"):
        mv.connectx_agent(mv.deepening_player, target, force=True)
    assert sorted((p.name, p.is_symlink(), p.is_file()) for p in tmp_path.iterdir()) == before
    assert mine.read_text() == "my own code\n"


@pytest.mark.parametrize("name", ["01-Games-as-Trees.ipynb", "agent", "agent.txt"])
def test_connectx_agent_writes_only_a_python_file(tmp_path, name):
    """connectx_agent(player, 'lesson.ipynb', force=True) -> InvalidOption: a .py path (it wrote Python over the
    notebook)."""
    target = tmp_path / name
    target.write_text('{"cells": []}')
    with pytest.raises(mv.InvalidOption, match="ending in .py"):
        mv.connectx_agent(mv.deepening_player, target, force=True)
    assert target.read_text() == '{"cells": []}'
