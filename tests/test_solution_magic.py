"""``%%solution`` (``%load_ext minimax_viz``) runs a worked solution without touching the
learner's names, and its errors are the cell's errors (minimax_viz.exercises.extension).

Each test drives IPython's own ``InteractiveShell`` cell by cell, as JupyterLab does.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from IPython.core.interactiveshell import InteractiveShell
from traitlets.config import Config

from minimax_viz.exercises import session

STUB = 'def minimax(n):\n    raise NotImplementedError("your code here")'
# The solution: n! by recursion, so its recursion must find its own minimax, not the stub.
SOLUTION = ("%%solution\n"
            "# One way to answer\n"
            "def minimax(n):\n"
            "    return 1 if n == 0 else n * minimax(n - 1)\n"
            "\n"
            "assert minimax(5) == 120\n")


@pytest.fixture
def shell(tmp_path, monkeypatch):
    """A fresh IPython shell that has run ``import minimax_viz as mv`` and ``%load_ext minimax_viz``."""
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    config = Config()
    config.HistoryManager.hist_file = ":memory:"
    InteractiveShell.clear_instance()
    ip = InteractiveShell.instance(config=config)
    result = ip.run_cell("import math\nimport minimax_viz as mv\n%load_ext minimax_viz", store_history=True)
    assert result.success, result.error_in_exec
    try:
        yield ip
    finally:
        InteractiveShell.clear_instance()


def run(shell, source):
    return shell.run_cell(source, store_history=True)


def test_a_solution_cell_leaves_the_learners_function_alone(shell):
    run(shell, STUB)
    stub = shell.user_ns["minimax"]
    result = run(shell, SOLUTION)
    assert result.success, result.error_in_exec
    assert shell.user_ns["minimax"] is stub, "the learner's minimax was rebound by the solution"
    assert not run(shell, "minimax(3)").success, "the learner's stub still raises NotImplementedError"


def test_a_solution_sees_the_learners_imports_and_the_earlier_solutions(shell):
    run(shell, 'def helper(n):\n    raise NotImplementedError("your code here")')
    assert run(shell, "%%solution\ndef helper(n):\n    return math.factorial(n)").success
    result = run(shell, "%%solution\ndef twice(n):\n    return 2 * helper(n)\n\nassert twice(3) == 12")
    assert result.success, result.error_in_exec
    assert "twice" not in shell.user_ns and "helper" in shell.user_ns


def test_a_failing_check_in_a_solution_is_the_cells_error(shell):
    result = run(shell, "%%solution\nx = 2\nmv.exercises.lesson01.check_position('O', 3).assert_ok()")
    assert not result.success
    assert isinstance(result.error_in_exec, AssertionError)
    assert "x" not in shell.user_ns


def test_the_last_expression_shows_its_value_and_a_solution_otherwise_is_silent(shell):
    assert run(shell, "%%solution\nvalue = 6 * 7\nvalue").result == 42
    assert run(shell, SOLUTION).result is None
    assert "value" not in shell.user_ns


def test_the_learners_check_does_not_count_a_failed_solution_as_their_definition(shell):
    """The session's words about left-over definitions look only at the learner's own cells."""
    run(shell, "def is_win(board, mark):\n    return False")
    assert not run(shell, "%%solution\ndef is_win(board, mark):\n    return True\n\nassert False").success
    result = run(shell, "verdict = mv.exercises.lesson01.check_is_win(is_win)")
    assert result.success
    assert "older" not in shell.user_ns["verdict"].message


def test_unload_takes_the_magic_out(shell):
    run(shell, "%unload_ext minimax_viz")
    assert not run(shell, "%%solution\nx = 1").success


def test_loading_the_extension_watches_the_cells_and_unloading_stops(shell):
    assert isinstance(session.session_of(shell), session.Session)
    run(shell, "%unload_ext minimax_viz")
    assert session.session_of(shell) is None
    assert run(shell, "%load_ext minimax_viz").success and isinstance(session.session_of(shell), session.Session)


def test_importing_the_package_changes_nothing_in_ipython():
    code = ("from IPython.core.interactiveshell import InteractiveShell\n"
            "shell = InteractiveShell.instance()\n"
            "before = {name: list(callbacks) for name, callbacks in shell.events.callbacks.items()}\n"
            "shell.run_cell('import minimax_viz')\n"
            "after = {name: list(callbacks) for name, callbacks in shell.events.callbacks.items()}\n"
            "from minimax_viz.exercises.session import session_of\n"
            "print(before == after, shell.custom_exceptions, session_of(shell) is None,\n"
            "      'solution' in shell.magics_manager.magics['cell'])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "()", "True", "False"]


def test_importing_the_package_leaves_ipythons_magics_alone():
    code = ("import sys, minimax_viz\n"
            "print(sorted(m for m in sys.modules if m.startswith('IPython.core.magic') "
            "or m == 'minimax_viz.exercises.extension'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
