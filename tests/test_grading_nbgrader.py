"""nbgrader grades lesson 01 as exported: an untouched stub 0, wrong answers 0 (with the
check's words in the feedback), right answers full marks.

Runs the real tools: ``nbgrader generate_assignment``, ``autograde`` and ``generate_feedback``.
"""

import html
import json
import shutil

import pytest
from grading_helpers import LESSON, RIGHT, WRONG, WRONG_MESSAGE, answered, export, run, teach_bin

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
