"""Student copies and the graders' versions of the lessons (minimax_viz.handout, student-copy).

The round-trips through nbgrader and otter-grader themselves are in test_grading_*.py.
"""

import ast
import json
import re
from pathlib import Path

import pytest

import minimax_viz as mv
from minimax_viz.__main__ import main
from minimax_viz.handout import (
    MANIFEST, find_exercises, graded_checks, nbgrader_notebook, otter_notebook, student_notebook,
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


def test_command_writes_copies_and_grader_versions_to_two_folders(tmp_path, capsys):
    student, teacher = tmp_path / "student", tmp_path / "teacher"
    assert main(["student-copy", str(student), "--teacher", str(teacher), "--source", str(NOTEBOOKS),
                 "--lessons", "00", "01", "--nbgrader", "--otter"]) == 0
    assert files(student) == [MANIFEST, "00-Start-Here.ipynb", "01-Games-as-Trees.ipynb"]
    assert files(teacher) == [MANIFEST, "nbgrader/nbgrader_config.py",
                              "nbgrader/source/01-Games-as-Trees/01-Games-as-Trees.ipynb",
                              "otter/01-Games-as-Trees.ipynb"]
    out = capsys.readouterr().out.splitlines()
    assert out == [f"wrote 2 student copies to {student} (no solutions: hand this folder out)",
                   f"wrote 3 files for the graders to {teacher} (they hold the solutions: keep this folder to yourself)"]


def test_the_graders_versions_need_a_teachers_folder_apart(tmp_path, capsys):
    student = tmp_path / "student"
    assert main(["student-copy", str(student), "--source", str(NOTEBOOKS), "--lessons", "01", "--otter"]) == 2
    assert "give --teacher DIR" in one_line(capsys)
    for teacher in (student / "teacher", student, tmp_path):
        assert main(["student-copy", str(student), "--teacher", str(teacher), "--source", str(NOTEBOOKS),
                     "--lessons", "01", "--nbgrader"]) == 2
        assert "must be apart, neither inside the other" in one_line(capsys)
    assert not student.exists(), "nothing is written when the command is refused"


def test_command_names_a_missing_lesson(tmp_path, capsys):
    assert main(["student-copy", str(tmp_path), "--source", str(NOTEBOOKS), "--lessons", "42"]) == 2
    assert "--lessons names ['42']" in one_line(capsys)
    assert main(["student-copy", str(tmp_path), "--source", str(tmp_path / "nowhere")]) == 2
    assert "--source must be the folder of the lessons" in one_line(capsys)


# -- never over a learner's work ---------------------------------------------------------------

def files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def one_line(capsys) -> str:
    """The command's error: exactly one line on stderr, none on stdout."""
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and captured.out == "", captured
    assert lines[0].startswith("python -m minimax_viz: error: ") and "Traceback" not in lines[0]
    return lines[0]


def copy_01(folder: Path, *extra: str) -> int:
    return main(["student-copy", str(folder), "--source", str(NOTEBOOKS), "--lessons", "01", *extra])


def test_a_second_run_into_an_untouched_folder_just_writes_it_again(tmp_path, capsys):
    assert copy_01(tmp_path / "student") == 0
    assert copy_01(tmp_path / "student") == 0
    assert files(tmp_path / "student") == [MANIFEST, "01-Games-as-Trees.ipynb"]


def test_a_learners_edited_notebook_is_never_overwritten_without_force(tmp_path, capsys):
    student = tmp_path / "student"
    assert copy_01(student) == 0
    lesson = student / "01-Games-as-Trees.ipynb"
    nb = load(lesson)
    nb["cells"][0]["source"] = "my notes on lesson 1"
    lesson.write_text(json.dumps(nb))
    edited = lesson.read_bytes()
    capsys.readouterr()
    assert copy_01(student) == 2
    error = one_line(capsys)
    assert "1 file changed since student-copy wrote it (01-Games-as-Trees.ipynb)" in error
    assert "nothing was written" in error and "--force" in error
    assert lesson.read_bytes() == edited, "the learner's notebook is byte for byte as it was"
    assert copy_01(student, "--force") == 0
    assert lesson.read_bytes() != edited and src(load(lesson)["cells"][0]) != "my notes on lesson 1"
    assert copy_01(student) == 0, "after --force the folder is student-copy's again"


def test_a_folder_with_other_files_is_refused_and_force_leaves_them_alone(tmp_path, capsys):
    student = tmp_path / "student"
    student.mkdir()
    (student / "notes.txt").write_text("mine")
    (student / "01-Games-as-Trees.ipynb").write_text("{}")  # a file of the same name, not ours
    (student / "deep").mkdir()
    (student / "deep" / "work.py").write_text("x = 1")
    assert copy_01(student) == 2
    error = one_line(capsys)
    assert "holds 3 files that student-copy did not write (01-Games-as-Trees.ipynb, deep/work.py, notes.txt)" in error
    assert (student / "01-Games-as-Trees.ipynb").read_text() == "{}" and MANIFEST not in files(student)
    assert copy_01(student, "--force") == 0
    assert (student / "notes.txt").read_text() == "mine" and (student / "deep" / "work.py").read_text() == "x = 1"
    assert load(student / "01-Games-as-Trees.ipynb")["cells"], "--force replaced the file of the same name"
    capsys.readouterr()
    assert copy_01(student) == 2 and "(deep/work.py, notes.txt)" in one_line(capsys), \
        "the files student-copy did not write stay someone else's"


def test_an_edited_grader_config_is_refused_too(tmp_path, capsys):
    student, teacher = tmp_path / "student", tmp_path / "teacher"
    assert copy_01(student, "--teacher", str(teacher), "--nbgrader") == 0
    config = teacher / "nbgrader" / "nbgrader_config.py"
    config.write_text(config.read_text() + "c.CourseDirectory.course_id = 'ai101'\n")
    edited = config.read_bytes()
    capsys.readouterr()
    assert copy_01(student, "--teacher", str(teacher), "--nbgrader") == 2
    assert "--teacher" in (error := one_line(capsys)) and "nbgrader/nbgrader_config.py" in error
    assert config.read_bytes() == edited


def test_the_lessons_folder_is_never_a_target(tmp_path, capsys):
    before = {p.name: p.read_bytes() for p in NOTEBOOKS.glob("*.ipynb")}
    for target, how in ((NOTEBOOKS, "is the course's lessons folder"),
                        (NOTEBOOKS / "student", "is inside the course's lessons folder")):
        for extra in ([], ["--force"]):
            assert main(["student-copy", str(target), "--source", str(NOTEBOOKS), *extra]) == 2
            assert how in one_line(capsys)
    copy = tmp_path / "lessons"
    copy.mkdir()
    (copy / "01-Games-as-Trees.ipynb").write_bytes(before["01-Games-as-Trees.ipynb"])
    assert main(["student-copy", str(copy), "--source", str(copy), "--force"]) == 2, "nor is --source"
    assert "is the course's lessons folder" in one_line(capsys)
    assert main(["student-copy", str(NOTEBOOKS), "--source", str(copy), "--force"]) == 2, \
        "the clone's notebooks/ is refused whatever the source"
    assert f"is the course's lessons folder ({NOTEBOOKS})" in one_line(capsys)
    assert {p.name: p.read_bytes() for p in NOTEBOOKS.glob("*.ipynb")} == before
    assert not (NOTEBOOKS / "student").exists()


def test_a_file_as_the_target_is_one_line(tmp_path, capsys):
    target = tmp_path / "student"
    target.write_text("not a folder")
    assert copy_01(target) == 2
    assert "is a file, not a folder" in one_line(capsys)
    assert target.read_text() == "not a folder"


def test_a_read_only_target_is_one_line(read_only_folder, capsys):
    assert copy_01(read_only_folder) == 2
    error = one_line(capsys)
    assert f"cannot write {read_only_folder / '01-Games-as-Trees.ipynb'}: " in error
    assert files(read_only_folder) == []


def test_a_failed_write_leaves_no_part_file_and_the_old_file_whole(tmp_path, monkeypatch, capsys):
    import minimax_viz.files as files_module

    student = tmp_path / "student"
    assert copy_01(student) == 0
    before = (student / "01-Games-as-Trees.ipynb").read_bytes()
    capsys.readouterr()

    def full_disk(temp, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files_module.os, "replace", full_disk)
    assert copy_01(student, "--force") == 2
    assert "No space left on device" in one_line(capsys)
    assert (student / "01-Games-as-Trees.ipynb").read_bytes() == before
    assert files(student) == [MANIFEST, "01-Games-as-Trees.ipynb"], "no temporary file is left behind"


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_the_graders_answer_cells_hold_the_solution_without_the_magic(path):
    """In a lesson a solution runs under %%solution, apart from the learner's names; in the
    graders' versions it stands in the answer cell as the learner's own code, so it must run
    as plain Python there: no %%solution line (a cell magic anywhere but the first line is a
    SyntaxError), and no comment saying it runs apart."""
    nb = load(path)
    solutions = [src(c) for c in nb["cells"] if "solution" in c["metadata"].get("tags", []) and c["cell_type"] == "code"]
    graded = nbgrader_notebook(nb, name=path.stem)
    answers = [src(c) for c in graded["cells"] if c["metadata"].get("nbgrader", {}).get("solution")]
    master = otter_notebook(nb, name=path.stem)
    otter_answers = [src(c) for c in master["cells"] if c["cell_type"] == "code" and "# BEGIN SOLUTION" in src(c)]
    assert len(answers) == len(otter_answers) == len(solutions)
    for answer, solution in zip(answers + otter_answers, solutions + solutions):
        assert "%%solution" not in answer and "own namespace" not in answer, answer[:200]
        body = answer.split("SOLUTION", 1)[1].split("\n", 1)[1].rsplit("\n", 1)[0]
        ast.parse(body)
        kept = [line for line in solution.splitlines() if line != "%%solution" and "own namespace" not in line]
        assert body.splitlines() == kept
