"""Checks in a real IPython shell notice a definition left over from an earlier cell, and a
NameError raised by a cell itself becomes one line of words (minimax_viz.exercises.session).

Each test drives IPython's own ``InteractiveShell`` cell by cell, as JupyterLab does (with
cell ids), and judges with the lessons' real checks. The right answers are written here.
"""

from __future__ import annotations

import re

import pytest
from IPython.core.interactiveshell import InteractiveShell
from traitlets.config import Config

import minimax_viz as mv
from minimax_viz.exercises import session

STUB = 'def is_win(board, mark):\n    raise NotImplementedError("your code here")'
RIGHT = ("def is_win(board, mark):\n"
         "    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]\n"
         "    return any(all(board[i] == mark for i in line) for line in lines)")
BROKEN = RIGHT.replace("(board, mark):", "(board, mark)")  # a SyntaxError on line 1
CHECK = "verdict = mv.exercises.lesson01.check_is_win(is_win)"


@pytest.fixture
def shell(tmp_path, monkeypatch):
    """A fresh IPython shell that has run ``import minimax_viz as mv``; ``run(source, cell)``."""
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    config = Config()
    config.HistoryManager.hist_file = ":memory:"
    InteractiveShell.clear_instance()
    ip = InteractiveShell.instance(config=config)
    assert session.watch() is not None, "%load_ext minimax_viz starts watching; here it is called itself"
    assert session.watch() is session.session_of(ip), "once"

    def run(source: str, cell: str | None = None):
        return ip.run_cell(source, store_history=True, cell_id=cell)

    run("import minimax_viz as mv", "import")
    ip.test_run = run
    try:
        yield ip
    finally:
        InteractiveShell.clear_instance()


def verdict(shell, check: str = CHECK):
    result = shell.test_run(check, "check")
    assert result.success, result.error_in_exec
    return shell.user_ns["verdict"]


def test_a_syntax_error_in_the_stub_is_noticed_and_the_old_function_not_judged(shell):
    run = shell.test_run
    run(STUB, "stub")
    assert not verdict(shell).ok
    run(RIGHT, "stub")
    assert verdict(shell).ok
    assert not run(BROKEN, "stub").success
    stale = verdict(shell)
    assert not stale.ok
    number = shell.execution_count - 2
    assert stale.message == (f"this check would judge an older is_win: In [{number}], the cell that defines it, "
                             f"stopped with a SyntaxError at line 1, so nothing in it ran, and is_win is still "
                             f"the one from In [{number - 2}].")
    assert stale.hint == "fix that cell and run it, then run this check again."
    run(RIGHT, "stub")
    assert verdict(shell).ok, "fixed and run: judged again"


def test_a_stub_cell_that_no_longer_defines_the_function_is_noticed(shell):
    run = shell.test_run
    run(RIGHT, "stub")
    assert verdict(shell).ok
    run(RIGHT.replace("def is_win", "def is_winner"), "stub")
    stale = verdict(shell)
    assert not stale.ok and stale.message.startswith("is_win is left over from before: its cell ran as In [")
    assert "without defining is_win" in stale.message and "Run All Cells" in stale.hint


def test_a_value_whose_cell_failed_is_noticed(shell):
    run = shell.test_run
    run('to_move = "X"\nn_moves = 3', "answer")
    check = "verdict = mv.exercises.lesson01.check_position(to_move, n_moves)"
    assert verdict(shell, check).ok
    assert not run('to_move = "X"\nn_moves = len(board', "answer").success
    stale = verdict(shell, check)
    assert not stale.ok and "older to_move" in stale.message and "SyntaxError" in stale.message


def test_a_function_defined_before_its_cell_failed_is_the_new_one(shell):
    run = shell.test_run
    run(STUB, "stub")
    assert not run(RIGHT + "\nis_win(None, 'X')", "stub").success  # defined, then a TypeError
    assert verdict(shell).ok, "the function the cell defined is judged"


def test_the_shared_checks_notice_too(shell):
    run = shell.test_run
    run("def count(xs):\n    return len(xs)", "stub")
    check = "verdict = mv.exercises.check_function(count, [(([1, 2],), 2)])"
    assert verdict(shell, check).ok
    run("def count(xs):\n    return len(xs", "stub")
    assert "older count" in verdict(shell, check).message
    run("def minimax(game, state, depth=None):\n    return mv.minimax(game, state, depth=depth)[:2]", "search")
    run("def minimax(game, state, depth=None)\n    pass", "search")
    stale = verdict(shell, "verdict = mv.exercises.lesson10.check_minimax(minimax)")
    assert not stale.ok and "older minimax" in stale.message


def test_a_check_before_its_stub_gets_one_line(shell, capsys):
    result = shell.test_run(CHECK, "check")
    assert isinstance(result.error_in_exec, NameError)
    out = capsys.readouterr()
    lines = [line for line in (out.out + out.err).splitlines() if line.strip()]
    assert lines == ["NameError: is_win is not defined yet: run the cell that defines it first (an exercise's "
                     "stub, or a cell above this one); after a kernel restart, run the lesson from the top "
                     "(Run > Run All Cells)."]


def test_a_name_whose_cell_failed_says_which_cell(shell, capsys):
    shell.test_run(BROKEN, "stub")
    shell.test_run(CHECK, "check")
    text = capsys.readouterr()
    assert f"NameError: is_win is not defined yet: In [{shell.execution_count - 2}], the cell that defines it, " \
           "stopped with a SyntaxError at line 1" in text.out + text.err


def test_a_name_error_inside_a_function_keeps_its_traceback(shell, capsys):
    shell.test_run("def f():\n    return undefined_thing", "f")
    assert isinstance(shell.test_run("f()", "call").error_in_exec, NameError)
    text = capsys.readouterr()
    shown = re.sub(r"\x1b\[[0-9;]*m", "", text.out + text.err)
    assert "name 'undefined_thing' is not defined" in shown and "not defined yet" not in shown
    assert "return undefined_thing" in shown, "the usual traceback, down to the line"


def test_outside_ipython_nothing_is_watched():
    InteractiveShell.clear_instance()
    assert session.watch() is None and session.stale_words() is None
    assert mv.exercises.lesson01.check_position("X", 3).ok
