"""nbgrader grades lessons 01 and 11 as exported: an untouched stub 0, wrong answers 0 (with the
check's words in the feedback), right answers full marks.

Runs the real tools: ``nbgrader generate_assignment``, ``autograde`` and ``generate_feedback``.
"""

import html
import json
import shutil

import pytest
from grading_helpers import (CHESS, CHESS_RIGHT, CHESS_WRONG, CHESS_WRONG_MESSAGE, LESSON, RIGHT, WRONG, WRONG_MESSAGE,
                             answered, export, run, teach_bin)

pytestmark = pytest.mark.slow  # not in make check: it runs whole notebooks or tools

# Read in the teach environment (nbgrader is not in the course's): each submission's score.
SCORES = """
import json, sys
from nbgrader import api
with api.Gradebook(sys.argv[1]) as gradebook:
    print(json.dumps({"max": gradebook.find_assignment(sys.argv[2]).max_score,
                      **{s: gradebook.find_submission(sys.argv[2], s).score for s in sys.argv[3:]}}))
"""


def test_nbgrader_round_trip(tmp_path):
    course = export(tmp_path, "--nbgrader") / "nbgrader"
    run("nbgrader", "generate_assignment", LESSON, cwd=course)
    release = json.loads((course / "release" / LESSON / f"{LESSON}.ipynb").read_text())
    assert "### BEGIN SOLUTION" not in json.dumps(release)
    assert "check_position(to_move, n_moves).assert_ok()" in json.dumps(release)
    assert "def deepest(game, board):" in json.dumps(release), "the student gets the lesson's stub"

    def is_answer(cell):
        return cell["metadata"].get("nbgrader", {}).get("solution", False)

    for student, answers in (("stub", {}), ("wrong", WRONG), ("right", RIGHT)):
        folder = course / "submitted" / student / LESSON
        folder.mkdir(parents=True)
        (folder / f"{LESSON}.ipynb").write_text(json.dumps(answered(release, answers, is_answer)))
    run("nbgrader", "autograde", LESSON, cwd=course)
    run("nbgrader", "generate_feedback", LESSON, cwd=course)

    done = run(str(teach_bin() / "python"), "-c", SCORES, f"sqlite:///{course / 'gradebook.db'}", LESSON,
               "stub", "wrong", "right", cwd=course)
    assert json.loads(done.stdout) == {"max": 4, "stub": 0, "wrong": 0, "right": 4}
    feedback = html.unescape((course / "feedback" / "wrong" / LESSON / f"{LESSON}.html").read_text())
    assert WRONG_MESSAGE in feedback
    shutil.rmtree(course / "autograded")  # large; nothing else needs it


def test_nbgrader_round_trip_on_lesson_11(tmp_path):
    """Lesson 11 (chess): a stub 0, wrong answers 0 with the check's words, right answers 3."""
    course = export(tmp_path, "--nbgrader", "11") / "nbgrader"
    run("nbgrader", "generate_assignment", CHESS, cwd=course)
    release = json.loads((course / "release" / CHESS / f"{CHESS}.ipynb").read_text())
    assert "### BEGIN SOLUTION" not in json.dumps(release) and "def quiesce(game, state" in json.dumps(release)

    def is_answer(cell):
        return cell["metadata"].get("nbgrader", {}).get("solution", False)

    for student, answers in (("stub", {}), ("wrong", CHESS_WRONG), ("right", CHESS_RIGHT)):
        folder = course / "submitted" / student / CHESS
        folder.mkdir(parents=True)
        (folder / f"{CHESS}.ipynb").write_text(json.dumps(answered(release, answers, is_answer, count=3)))
    run("nbgrader", "autograde", CHESS, cwd=course)
    run("nbgrader", "generate_feedback", CHESS, cwd=course)

    done = run(str(teach_bin() / "python"), "-c", SCORES, f"sqlite:///{course / 'gradebook.db'}", CHESS,
               "stub", "wrong", "right", cwd=course)
    assert json.loads(done.stdout) == {"max": 3, "stub": 0, "wrong": 0, "right": 3}
    feedback = html.unescape((course / "feedback" / "wrong" / CHESS / f"{CHESS}.html").read_text())
    assert CHESS_WRONG_MESSAGE[:120] in " ".join(feedback.split())
    shutil.rmtree(course / "autograded")  # large; nothing else needs it
