"""Student copies and the graders' versions of the lessons (minimax_viz.handout, student-copy).

The round-trips through nbgrader and otter-grader themselves are in test_grading_*.py.
"""

import json
import re
from pathlib import Path

import pytest

import minimax_viz as mv
from minimax_viz.__main__ import main
from minimax_viz.handout import (
    find_exercises, graded_checks, nbgrader_notebook, otter_notebook, student_notebook,
)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb") if not p.name.startswith("00"))


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def src(cell):
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_student_copy_drops_solutions_and_outputs_and_keeps_checks(path):
    nb = load(path)
    copy = student_notebook(nb, name=path.name)
    solutions = [src(c) for c in nb["cells"] if "solution" in c["metadata"].get("tags", [])]
    kept = [src(c) for c in copy["cells"]]
    assert len(kept) == len(nb["cells"]) - len(solutions)
    assert not any("solution" in c["metadata"].get("tags", []) for c in copy["cells"])
    others = [src(c) for c in nb["cells"] if "solution" not in c["metadata"].get("tags", [])]
    assert kept == others, "the student copy keeps every other cell, in order"
    assert all(c.get("outputs", []) == [] and c.get("execution_count") is None
               for c in copy["cells"] if c["cell_type"] == "code")
    assert "widgets" not in copy["metadata"]
    checks_before = len(re.findall(r"mv\.exercises\.lesson\d\d\.check_", "".join(
        src(c) for c in nb["cells"] if "solution" not in c["metadata"].get("tags", []))))
    assert len(re.findall(r"mv\.exercises\.lesson\d\d\.check_", "".join(kept))) == checks_before >= 2
    assert load(path) == nb, "making a copy leaves the lesson as it was"


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_grader_versions_hold_one_question_per_exercise(path):
    nb = load(path)
    exercises = find_exercises(nb, name=path.name)
    solutions = sum("solution" in c["metadata"].get("tags", []) for c in nb["cells"])
    assert 2 * len(exercises) == solutions
    graded = nbgrader_notebook(nb, name=path.stem)
    meta = [c["metadata"]["nbgrader"] for c in graded["cells"] if "nbgrader" in c["metadata"]]
    assert sum(m["solution"] for m in meta) == sum(m["grade"] for m in meta) == len(exercises)
    assert all(m["locked"] and m["points"] == 1 for m in meta if m["grade"])
    answers = [src(c) for c in graded["cells"] if c["metadata"].get("nbgrader", {}).get("solution")]
    assert all("### BEGIN SOLUTION" in a and a.rstrip().endswith("### END SOLUTION") for a in answers)
    master = otter_notebook(nb, name=path.stem)
    raw = [src(c).splitlines()[0] for c in master["cells"] if c["cell_type"] == "raw"]
    assert raw[0] == "# ASSIGNMENT CONFIG"
    for marker in ("# BEGIN QUESTION", "# BEGIN SOLUTION", "# END SOLUTION", "# BEGIN TESTS",
                   "# END TESTS", "# END QUESTION"):
        assert raw.count(marker) == len(exercises), marker


def test_graded_checks_turn_each_check_into_an_assertion():
    assert graded_checks("mv.exercises.lesson01.check_is_win(is_win)") == (
        "mv.exercises.lesson01.check_is_win(is_win).assert_ok()",)
    assert len(graded_checks("print(mv.exercises.lesson02.check_prediction(a, x))\n"
                             "print(mv.exercises.lesson02.check_prediction(b, y))")) == 2
    with pytest.raises(mv.MinimaxError, match="only calls of mv.exercises"):
        graded_checks("x = 3")


def test_a_lone_solution_cell_is_reported():
    nb = {"cells": [{"cell_type": "code", "source": "x = 3", "metadata": {"tags": ["solution"]}}]}
    with pytest.raises(mv.MinimaxError, match="should follow a stub cell"):
        find_exercises(nb, name="lesson.ipynb")


def test_assert_ok_raises_with_the_checks_words():
    wrong = mv.exercises.lesson01.check_position("O", 3)
    with pytest.raises(AssertionError) as info:
        wrong.assert_ok()
    assert str(info.value) == repr(wrong) and wrong.message in str(info.value)
    assert mv.exercises.lesson01.check_position("X", 3).assert_ok() is None


def test_command_writes_copies_and_grader_versions(tmp_path, capsys):
    assert main(["student-copy", str(tmp_path), "--source", str(NOTEBOOKS), "--lessons", "00", "01",
                 "--nbgrader", "--otter"]) == 0
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert written == ["00-Start-Here.ipynb", "01-Games-as-Trees.ipynb", "nbgrader/nbgrader_config.py",
                       "nbgrader/source/01-Games-as-Trees/01-Games-as-Trees.ipynb",
                       "otter/01-Games-as-Trees.ipynb"]
    assert "wrote" in capsys.readouterr().out


def test_command_names_a_missing_lesson(tmp_path, capsys):
    assert main(["student-copy", str(tmp_path), "--source", str(NOTEBOOKS), "--lessons", "42"]) == 2
    assert "--lessons names ['42']" in capsys.readouterr().err
    assert main(["student-copy", str(tmp_path), "--source", str(tmp_path / "nowhere")]) == 2
    assert "--source must be the folder of the lessons" in capsys.readouterr().err
