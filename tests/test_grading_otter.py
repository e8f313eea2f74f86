"""otter-grader grades lessons 01 and 11 as exported: an untouched stub 0, wrong answers 0 (with the
check's words in the results), right answers full marks.

Runs the real tools: ``otter assign`` on the master notebook, then ``otter run`` (no
container) on each submission with the autograder zip that assign wrote.
"""

import json

import pytest
from grading_helpers import (CHESS, CHESS_RIGHT, CHESS_WRONG, CHESS_WRONG_MESSAGE, LESSON, RIGHT, WRONG, WRONG_MESSAGE,
                             answered, export, run)

pytestmark = pytest.mark.slow  # not in make check: it runs whole notebooks or tools


def test_otter_round_trip(tmp_path):
    masters = export(tmp_path, "--otter") / "otter"
    run("otter", "assign", f"{LESSON}.ipynb", "dist", cwd=masters)
    student = json.loads((masters / "dist" / "student" / f"{LESSON}.ipynb").read_text())
    assert "BEGIN SOLUTION" not in json.dumps(student) and 'def deepest(game, board):' in json.dumps(student)
    (autograder,) = (masters / "dist" / "autograder").glob("*.zip")

    def is_answer(cell):
        return "otter_answer_cell" in cell["metadata"].get("tags", [])

    results = {}
    for name, answers in (("stub", {}), ("wrong", WRONG), ("right", RIGHT)):
        folder = masters / "submissions" / name
        folder.mkdir(parents=True)
        (folder / f"{LESSON}.ipynb").write_text(json.dumps(answered(student, answers, is_answer)))
        run("otter", "run", "--no-logo", "-a", str(autograder), "-o", str(folder),
            str(folder / f"{LESSON}.ipynb"), cwd=folder)
        results[name] = json.loads((folder / "results.json").read_text())["tests"]

    def total(tests):
        return sum(t["score"] for t in tests if t["name"].startswith("ex"))

    assert {name: total(tests) for name, tests in results.items()} == {"stub": 0, "wrong": 0, "right": 4}
    assert all(t["max_score"] == 1 for t in results["right"] if t["name"].startswith("ex"))
    first = next(t for t in results["wrong"] if t["name"] == "ex1")
    assert WRONG_MESSAGE in first["output"]


def test_otter_round_trip_on_lesson_11(tmp_path):
    """Lesson 11 (chess): a stub 0, wrong answers 0 with the check's words, right answers 3."""
    masters = export(tmp_path, "--otter", "11") / "otter"
    run("otter", "assign", f"{CHESS}.ipynb", "dist", cwd=masters)
    student = json.loads((masters / "dist" / "student" / f"{CHESS}.ipynb").read_text())
    assert "BEGIN SOLUTION" not in json.dumps(student) and "def quiesce(game, state" in json.dumps(student)
    (autograder,) = (masters / "dist" / "autograder").glob("*.zip")

    def is_answer(cell):
        return "otter_answer_cell" in cell["metadata"].get("tags", [])

    results = {}
    for name, answers in (("stub", {}), ("wrong", CHESS_WRONG), ("right", CHESS_RIGHT)):
        folder = masters / "submissions" / name
        folder.mkdir(parents=True)
        (folder / f"{CHESS}.ipynb").write_text(json.dumps(answered(student, answers, is_answer, count=3)))
        run("otter", "run", "--no-logo", "-a", str(autograder), "-o", str(folder),
            str(folder / f"{CHESS}.ipynb"), cwd=folder)
        results[name] = json.loads((folder / "results.json").read_text())["tests"]

    def total(tests):
        return sum(t["score"] for t in tests if t["name"].startswith("ex"))

    assert {name: total(tests) for name, tests in results.items()} == {"stub": 0, "wrong": 0, "right": 3}
    first = next(t for t in results["wrong"] if t["name"] == "ex1")
    assert CHESS_WRONG_MESSAGE[:120] in " ".join(first["output"].split())
