"""The end of a pytest run: the browser timings' medians, when test_timings.py wrote them;
and ``read_only_folder``, a folder nobody may write to.

The hook sits here, above ``tests/browser/``, so that the process that prints pytest's
summary loads it also when pytest-xdist workers ran the browser tests (``make test``).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

import hypothesis_examples  # noqa: F401  (loads the Hypothesis profile: quick, or full under make test)

#: Written by tests/browser/test_timings.py (test-artifacts/ is not committed).
TIMINGS = Path(__file__).resolve().parents[1] / "test-artifacts" / "browser-timings.txt"
_STARTED = pytest.StashKey[float]()


#: Doctests and single cases of parametrized tests that take seconds (a learner's search that
#: never ends runs into the checks' 3 s limit; matches; searches to the end): slow, like the
#: functions marked ``@pytest.mark.slow`` in their files. Matched against the test's name.
SLOW_CASES = (
    "minimax_viz.exercises.lesson07.check_win_depth", "minimax_viz.exercises.lesson09.play_match",
    "[endless-", "[never_stops-", "[forgets_to_go_deeper-", "[absolute-", "[stops_short-",
    "[x_only-", "test_cli_draws_the_tutorial_tree", "test_win_check_at_a_depth_limit_and_in_tic_tac_toe[False]",
    "[small_endgame]", "test_lesson_07_nodes_and_positions_per_ply", "test_small_boards_solved_from_the_start_agree[False]",
    "test_the_saving_grows_with_depth_but_not_steadily", "test_lesson_07_what_ordering_the_table_and_exact_search_cost",
    "test_the_players_move_as_the_package_searches[", "test_the_explorer_keeps_its_last_searches",
    "test_quick_outcome_scales_the_outcome_by_the_cells_left[16-9]", "test_quick_outcome_scales_the_outcome_by_the_cells_left[9-9]",
    "test_the_time_budget_is_kept_from_any_position", "test_explorer_prune_on_equality_and_order",
    "test_expectimax_with_the_table_gives_the_same_answer_in_fewer_calls",
    "test_a_board_too_hard_to_check_is_refused_in_words_after_the_step_budget",
)


#: The files that take longest under ``make test`` (from about 60 s down to 4 s there), longest first.
#: They are collected first, and ``make test`` hands files out in that order (pytest-xdist's
#: ``--dist loadfile --no-loadscope-reorder``), so that no worker is left with one of them at
#: the end while the other has nothing to do. The rest keep pytest's order. Only the order of
#: the run changes: every file runs, whole, on one worker, wherever it stands here.
LONGEST_FIRST = (
    "tests/browser/test_teaching.py", "tests/browser/test_lite_browser.py", "tests/browser/test_widget_polish.py",
    "tests/browser/test_lessons.py", "tests/browser/test_stepper_screen.py", "tests/browser/test_infrastructure.py",
    "tests/test_arena_rules.py", "tests/test_arena_kaggle.py",
    "tests/test_student_copies.py", "tests/test_grading_otter.py", "tests/test_widgets.py",
    "tests/test_connect_four_check.py", "tests/test_grading_nbgrader.py", "tests/test_frames.py",
    "tests/test_lite.py", "tests/test_exercises_junk.py", "tests/test_connect_four_hooks.py",
    "tests/test_scene.py", "tests/test_hardening.py", "tests/test_exercises_lesson02.py",
)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if any(case in item.name for case in SLOW_CASES):
            item.add_marker(pytest.mark.slow)
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    # a node id starts with its file's path from the root; the sort is stable: files stay whole
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


@pytest.fixture(autouse=True)
def _checks_time_limit(request):
    """A test marked ``time_limit(seconds)`` runs with the checks' time limit at ``seconds``:
    a learner's endless loop is stopped the same way, sooner than after the 3 s a learner gets."""
    marker = request.node.get_closest_marker("time_limit")
    if marker is not None:
        from minimax_viz import clock

        request.getfixturevalue("monkeypatch").setattr(clock, "TIME_LIMIT", marker.args[0])


def pytest_sessionstart(session):
    session.config.stash[_STARTED] = time.time()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Print the medians the browser timing test wrote during this run."""
    started = config.stash.get(_STARTED, None)
    if started is not None and TIMINGS.exists() and TIMINGS.stat().st_mtime >= started:
        terminalreporter.section("browser timings (medians, reported, not asserted)")
        for line in TIMINGS.read_text().splitlines():
            terminalreporter.write_line(line)


def _writable(folder: Path) -> bool:
    try:
        handle, name = tempfile.mkstemp(dir=folder)
    except OSError:
        return False
    os.close(handle)
    os.unlink(name)
    return True


@pytest.fixture
def read_only_folder(tmp_path, monkeypatch):
    """An empty folder that may not be written to (mode 0555).

    Root may write anywhere: for root the folder is made immutable (``chattr +i``) where the
    file system allows it, and otherwise creating a file in it fails as the system would
    (``PermissionError``), for the package's writes.
    """
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    immutable = False
    if _writable(folder):
        immutable = subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode == 0
    if _writable(folder):
        real = tempfile.mkstemp

        def refuse(*args, dir=None, **kwargs):
            if dir is not None and Path(dir) == folder:
                raise PermissionError(13, "Permission denied", str(dir))
            return real(*args, dir=dir, **kwargs)

        monkeypatch.setattr(tempfile, "mkstemp", refuse)
    try:
        yield folder
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
        folder.chmod(0o755)
