"""Student copies as a class gets them: written by the real command, then run top to bottom.

``python -m minimax_viz student-copy student --teacher teacher --nbgrader --otter`` writes
the copies once (module fixture). Then:

- every copy runs to the end in a fresh kernel with every exercise left as its stub, as
  JupyterLab's Run All would (a cell tagged ``raises-exception`` may raise; no other);
  every check cell says "Not yet" (a stub is never a right answer);
- no file in the students' folder holds a solution marker, a grader's metadata, or a
  line of a worked solution; the graders' versions are all in the teacher's folder.

The worked solutions are read from the lessons themselves (their cells tagged
``solution``); what counts as giving one away is decided here, line by line.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from minimax_viz.handout import MANIFEST, find_exercises

pytestmark = pytest.mark.slow  # not in make check: it runs whole notebooks or tools

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ALL = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
LESSONS = [p for p in ALL if not p.name.startswith("00")]
#: What a grader's version carries and a student's copy must not.
MARKERS = ("BEGIN SOLUTION", "END SOLUTION", "BEGIN QUESTION", "BEGIN TESTS", "ASSIGNMENT CONFIG",
           '"nbgrader"', "otter_answer_cell", '"solution"')


def src(cell) -> str:
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


@pytest.fixture(scope="module")
def handout(tmp_path_factory) -> Path:
    """The students' and the teacher's folders, written by the command line."""
    top = tmp_path_factory.mktemp("handout")
    done = subprocess.run(
        [sys.executable, "-m", "minimax_viz", "student-copy", str(top / "student"), "--teacher",
         str(top / "teacher"), "--source", str(NOTEBOOKS), "--nbgrader", "--otter"],
        capture_output=True, text=True, cwd=top)
    assert done.returncode == 0, done.stderr
    return top


@pytest.fixture
def kernel_env(monkeypatch, tmp_path):
    """The kernel of this environment, away from the user's Jupyter and IPython settings."""
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    monkeypatch.delenv("MPLBACKEND", raising=False)


def first_error(nb) -> str:
    """Where a run stopped: the first code cell with an error that is not tagged to raise one."""
    for index, cell in enumerate(nb.cells):
        if "raises-exception" in cell.metadata.get("tags", []):
            continue
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                first = src(cell).strip().splitlines()[0] if src(cell).strip() else ""
                return f"cell {index} ({first[:70]!r}) raised {out['ename']}: {out['evalue'][:200]}"
    return "no cell shows the error"


def text_of(cell) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append(out["text"] if isinstance(out["text"], str) else "".join(out["text"]))
        for key in ("text/plain", "text/html"):
            value = out.get("data", {}).get(key)
            if value:
                parts.append(value if isinstance(value, str) else "".join(value))
    return "\n".join(parts)


@pytest.mark.parametrize("lesson", ALL, ids=[p.stem[:2] for p in ALL])
def test_a_student_copy_runs_to_the_end_with_every_stub_unfinished(handout, kernel_env, lesson):
    import nbformat  # here, not at the top: make check collects this file without running it
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    folder = handout / "student"
    nb = nbformat.read(folder / lesson.name, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(folder)}})
    try:
        client.execute()
        stopped = None
    except CellExecutionError:
        stopped = first_error(nb)
    if stopped:
        pytest.fail(f"Run All stops in the student copy of {lesson.stem}: {stopped}", pytrace=False)
    exercises = find_exercises(json.loads(lesson.read_text(encoding="utf-8")), name=lesson.name)
    checks = [cell for cell in nb.cells if cell.cell_type == "code" and _only_checks(src(cell))]
    assert len(checks) >= len(exercises)
    said = [text_of(cell) for cell in checks]
    assert all("Not yet" in text and "Right:" not in text for text in said), (
        f"with the stubs every check says Not yet; {lesson.stem}: "
        f"{[t[:120] for t in said if 'Not yet' not in t or 'Right:' in t]}")


def _only_checks(source: str) -> bool:
    """A check cell: only calls of mv.exercises.lessonNN.check_..., alone or in print()."""
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return False
    calls = [s.value for s in body if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)]
    calls = [c.args[0] if ast.unparse(c.func) == "print" and c.args else c for c in calls]
    return bool(body) and len(calls) == len(body) and all(
        isinstance(c, ast.Call) and ast.unparse(c.func).startswith("mv.exercises.lesson")
        and ".check_" in ast.unparse(c.func) for c in calls)


def answer_lines(solution: str, stub: str) -> list[str]:
    """The lines of a worked solution that would give it away: each assignment of a literal
    (``n_moves = 3``), and every other line of 20 characters or more that the stub lacks
    (``if is_max:`` and ``return best`` are too common to count)."""
    stub_lines = {line.strip() for line in stub.splitlines()}
    found = []
    for line in (raw.strip() for raw in solution.splitlines()):
        if not line or line.startswith("#") or line in stub_lines or ".assert_ok()" in line:
            continue
        try:
            tree = ast.parse(line)
            literal = (len(tree.body) == 1 and isinstance(tree.body[0], ast.Assign)
                       and _is_literal(tree.body[0].value))
        except SyntaxError:
            literal = False
        if literal or len(line) >= 20:
            found.append(line)
    return found


def _is_literal(node) -> bool:
    try:
        ast.literal_eval(node)
        return True
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False


def all_text(nb: dict) -> str:
    """Everything a notebook holds, as text: sources, outputs and metadata."""
    return json.dumps(nb, ensure_ascii=False) + "\n" + "\n".join(src(c) for c in nb["cells"])


def test_the_students_folder_holds_no_solution(handout):
    student = handout / "student"
    files = sorted(p for p in student.rglob("*") if p.is_file())
    names = sorted(p.relative_to(student).as_posix() for p in files)
    assert names == sorted([MANIFEST] + [p.name for p in ALL]), "the students get the lessons and nothing else"
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not [m for m in MARKERS if m in text], f"{path.name} holds a grader's marker"
    for lesson in LESSONS:
        nb = json.loads(lesson.read_text(encoding="utf-8"))
        copy = json.loads((student / lesson.name).read_text(encoding="utf-8"))
        lines = {line.strip() for line in all_text(copy).splitlines()} | {
            line.strip() for c in copy["cells"] for line in src(c).splitlines()}
        for ex in find_exercises(nb, name=lesson.name):
            solution, stub = src(nb["cells"][ex.solution]), src(nb["cells"][ex.stub])
            shown = [line for line in answer_lines(solution, stub) if line in lines]
            assert not shown, f"the student copy of {lesson.stem} shows lines of a worked solution: {shown}"
            body = "\n".join(line for line in solution.splitlines() if ".assert_ok()" not in line).strip()
            assert body not in all_text(copy), f"{lesson.stem} holds the solution of cell {ex.solution} whole"


def test_the_teachers_folder_holds_the_graders_versions(handout):
    teacher = handout / "teacher"
    names = sorted(p.relative_to(teacher).as_posix() for p in teacher.rglob("*") if p.is_file())
    want = ([MANIFEST, "nbgrader/nbgrader_config.py"]
            + [f"nbgrader/source/{p.stem}/{p.name}" for p in LESSONS] + [f"otter/{p.name}" for p in LESSONS])
    assert names == sorted(want)
    master = (teacher / "otter" / "01-Games-as-Trees.ipynb").read_text(encoding="utf-8")
    assert "# BEGIN SOLUTION" in master and "n_moves = 3" in master
