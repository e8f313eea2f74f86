"""Hand the lessons to a class: student copies, an nbgrader source course, otter master notebooks.

    python -m minimax_viz student-copy OUT_DIR                                   # lessons to hand out
    python -m minimax_viz student-copy OUT_DIR --teacher DIR --nbgrader --otter  # and for the graders

A lesson marks what the learner must not see with the cell tag ``solution``: the worked
solution (a code cell) and the "Solution (click below)" note before it. That tag is the
only thing read here. An exercise is then four cells in a row: the **stub** the learner
fills in, the **check** cell that calls ``mv.exercises.lessonNN.check_...``, and the two
tagged cells. A student copy drops the tagged cells and every output and keeps the checks.
The graders' versions hold the solutions, so they are written to a folder of the teacher's,
apart from the students' one; a second run never writes over a learner's work (see
:func:`write_handouts`).

For the graders each exercise becomes one question worth one point: an answer cell that
holds the stub followed by the solution between the tool's solution markers (so the
student's version is exactly the lesson's stub; the solution's ``%%solution`` line, which in a
lesson keeps it apart from the learner's names, is dropped there: in the graders' versions the
solution stands in for the learner's own answer), and a test cell that calls the same
checks with :meth:`~minimax_viz.exercises.Feedback.assert_ok`, so a wrong answer fails
with the check's own words. Notebooks are plain JSON here (nbformat 4); the graders
themselves are needed only to use what is written.
"""

from __future__ import annotations

import ast
import copy
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import MinimaxError
from .files import digest, no_interrupt, plain_target, read_small, write_atomic

__all__ = [
    "SOLUTION_TAG", "SOLUTION_MAGIC", "Exercise", "find_exercises", "graded_checks", "solution_code",
    "student_notebook", "nbgrader_notebook", "otter_notebook", "write_handouts", "course_lessons", "MANIFEST",
]

SOLUTION_TAG = "solution"
CHECK_CALL = re.compile(r"^mv\.exercises\.lesson\d\d\.check_\w+$")
# What nbgrader's release shows in place of the solution: the stub above it is the answer cell.
NBGRADER_CODE_STUB = "# (write your answer in the lines above)"
NBGRADER_CONFIG = f'''\
"""nbgrader settings for the minimax_viz course (written by python -m minimax_viz student-copy)."""
c = get_config()  # noqa: F821
# Each answer cell holds the lesson's stub, then the solution: the release keeps the stub.
c.ClearSolutions.code_stub = {{"python": {NBGRADER_CODE_STUB!r}}}
'''


@dataclass(frozen=True)
class Exercise:
    """The cells of one exercise, by index: stub, check, and the tagged note and solution.

    Parameters
    ----------
    stub : int
        The index of the stub cell.
    check : int
        The index of the check cell.
    note : int
        The index of the tagged note.
    solution : int
        The index of the tagged solution.
    checks : tuple of str
        The check cell's checks, each a line that raises when the check fails.

    Examples
    --------
    >>> Exercise(stub=6, check=7, note=8, solution=9, checks=("mv.exercises.lesson01.check_x(a)",)).check
    7
    """

    stub: int
    check: int
    note: int
    solution: int
    checks: tuple[str, ...]


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def _tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def _is_solution(cell: dict) -> bool:
    return SOLUTION_TAG in _tags(cell)


def graded_checks(source: str) -> tuple[str, ...]:
    """The check calls of a check cell, each as a line that raises when the check fails.

    A check cell holds only calls of ``mv.exercises.lessonNN.check_...``, each alone or
    inside ``print(...)``.

    Parameters
    ----------
    source : str
        A check cell's code.

    Returns
    -------
    tuple of str
        One ``... .assert_ok()`` line per check.

    Raises
    ------
    MinimaxError
        A statement of the cell is not such a call.

    Examples
    --------
    >>> graded_checks("print(mv.exercises.lesson02.check_prediction(board_a, answer_a))")
    ('mv.exercises.lesson02.check_prediction(board_a, answer_a).assert_ok()',)
    """
    lines = []
    for statement in ast.parse(source).body:
        call = statement.value if isinstance(statement, ast.Expr) else None
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print"
                and len(call.args) == 1 and not call.keywords):
            call = call.args[0]
        if not (isinstance(call, ast.Call) and CHECK_CALL.match(ast.unparse(call.func))):
            raise MinimaxError(
                "a check cell may hold only calls of mv.exercises.lessonNN.check_..., alone or in "
                f"print(...), not {ast.unparse(statement)!r}")
        lines.append(f"{ast.unparse(call)}.assert_ok()")
    return tuple(lines)


def find_exercises(nb: dict, *, name: str = "the notebook") -> list[Exercise]:
    """The exercises of a lesson: each tagged solution with its note, check and stub before it.

    Parameters
    ----------
    nb : dict
        The lesson, as the notebook's JSON (``nbformat`` version 4).
    name : str, optional
        The lesson's name, for the words (``"the notebook"`` unless given).

    Returns
    -------
    list of Exercise
        The exercises, in order.

    Raises
    ------
    MinimaxError
        A tagged solution cell is not preceded by a tagged note, a check
        cell and a stub (code cells), or a tagged cell stands alone.

    Examples
    --------
    >>> code = lambda text, *tags: {"cell_type": "code", "source": text, "metadata": {"tags": list(tags)}}
    >>> note = {"cell_type": "markdown", "source": "**Solution**", "metadata": {"tags": ["solution"]}}
    >>> nb = {"cells": [code("x = ..."), code("mv.exercises.lesson01.check_x(x)"), note,
    ...                 code("x = 3", "solution")]}
    >>> find_exercises(nb)[0].checks
    ('mv.exercises.lesson01.check_x(x).assert_ok()',)
    """
    cells = nb["cells"]
    found, used = [], set()
    for index, cell in enumerate(cells):
        if not (_is_solution(cell) and cell["cell_type"] == "code"):
            continue
        stub, check, note = index - 3, index - 2, index - 1
        shape = (
            stub >= 0 and cells[note]["cell_type"] == "markdown" and _is_solution(cells[note])
            and all(cells[i]["cell_type"] == "code" and not _is_solution(cells[i]) for i in (stub, check))
        )
        if not shape:
            raise MinimaxError(
                f"the solution cell {index} of {name} should follow a stub cell, a check cell and a "
                f"markdown note, the note tagged {SOLUTION_TAG!r}: {_source(cell)[:60]!r}")
        try:
            checks = graded_checks(_source(cells[check]))
        except (MinimaxError, SyntaxError) as err:
            raise MinimaxError(f"the check cell {check} of {name}: {err}") from None
        found.append(Exercise(stub, check, note, index, checks))
        used.update((note, index))
    stray = [i for i, c in enumerate(cells) if _is_solution(c) and i not in used]
    if stray:
        raise MinimaxError(f"cells {stray} of {name} are tagged {SOLUTION_TAG!r} but belong to no exercise")
    return found


def _clean(cell: dict) -> dict:
    """A copy of `cell` without outputs or execution count (a fresh, unrun cell)."""
    cell = copy.deepcopy(cell)
    if cell["cell_type"] == "code":
        cell["outputs"], cell["execution_count"] = [], None
    cell.get("metadata", {}).pop("execution", None)
    return cell


def _notebook(nb: dict, cells: list[dict]) -> dict:
    out = {key: copy.deepcopy(value) for key, value in nb.items() if key != "cells"}
    out["metadata"].pop("widgets", None)
    out["cells"] = cells
    return out


def student_notebook(nb: dict, *, name: str = "the notebook") -> dict:
    """A lesson to hand out: no cell tagged ``solution``, no outputs; stubs and checks kept.

    Parameters
    ----------
    nb : dict
        The lesson, as the notebook's JSON (``nbformat`` version 4).
    name : str, optional
        The lesson's name, for the words (``"the notebook"`` unless given).

    Returns
    -------
    dict
        The student copy, as the notebook's JSON.

    Raises
    ------
    MinimaxError
        The lesson's exercises are not shaped as the module says.

    Examples
    --------
    >>> nb = {"metadata": {}, "cells": [
    ...     {"cell_type": "code", "source": "x = ...", "metadata": {}, "outputs": [], "execution_count": 1},
    ...     {"cell_type": "code", "source": "mv.exercises.lesson01.check_x(x)", "metadata": {}},
    ...     {"cell_type": "markdown", "source": "**Solution**", "metadata": {"tags": ["solution"]}},
    ...     {"cell_type": "code", "source": "x = 3", "metadata": {"tags": ["solution"]}}]}
    >>> [c["source"] for c in student_notebook(nb)["cells"]]
    ['x = ...', 'mv.exercises.lesson01.check_x(x)']
    """
    find_exercises(nb, name=name)
    return _notebook(nb, [_clean(c) for c in nb["cells"] if not _is_solution(c)])


#: The first line of a lesson's solution cell: ``%%solution`` runs it apart from the learner's
#: names (:mod:`minimax_viz.exercises.extension`), and the note under it says so.
SOLUTION_MAGIC = "%%solution"
SOLUTION_NOTE = "# Runs in its own namespace:"


def solution_code(source: str) -> str:
    """A solution cell's code as the learner's own answer: without its ``%%solution`` line
    and the comment that explains it (the graders hold the solution in the answer cell).

    Parameters
    ----------
    source : str
        A solution cell's code.

    Returns
    -------
    str
        The code without the magic line and its comment.

    Examples
    --------
    >>> solution_code("%%solution\\n# One way\\n# Runs in its own namespace: your x stays yours.\\nx = 3")
    '# One way\\nx = 3'
    """
    lines = source.splitlines()
    if lines and lines[0].strip() == SOLUTION_MAGIC:
        lines = [line for line in lines[1:] if not line.startswith(SOLUTION_NOTE)]
    return "\n".join(lines)


def _answer_source(stub: str, solution: str, begin: str, end: str) -> str:
    return f"{stub.rstrip()}\n{begin}\n{solution_code(solution).rstrip()}\n{end}"


def nbgrader_notebook(nb: dict, *, name: str) -> dict:
    """An nbgrader source notebook: per exercise an answer cell and a locked test cell (1 point).

    The answer cell is the stub, then the solution between ``### BEGIN SOLUTION`` and
    ``### END SOLUTION``; the test cell runs the lesson's checks with ``.assert_ok()``.
    Grade ids are ``{name}-exN-answer`` and ``{name}-exN-test``.

    Parameters
    ----------
    nb : dict
        The lesson, as the notebook's JSON (``nbformat`` version 4).
    name : str
        The lesson's name, for the words and the grade ids.

    Returns
    -------
    dict
        The nbgrader source notebook.

    Raises
    ------
    MinimaxError
        The lesson's exercises are not shaped as the module says.
    """
    cells = [_clean(c) for c in nb["cells"]]
    exercises = find_exercises(nb, name=name)
    for number, ex in enumerate(exercises, 1):
        answer, test = cells[ex.stub], cells[ex.check]
        answer["source"] = _answer_source(_source(answer), _source(cells[ex.solution]),
                                          "### BEGIN SOLUTION", "### END SOLUTION")
        answer["metadata"]["nbgrader"] = _nbgrader_meta(f"{name}-ex{number}-answer", solution=True)
        test["source"] = "\n".join(ex.checks)
        test["metadata"]["nbgrader"] = _nbgrader_meta(f"{name}-ex{number}-test", grade=True, points=1)
    dropped = {i for ex in exercises for i in (ex.note, ex.solution)}
    return _notebook(nb, [c for i, c in enumerate(cells) if i not in dropped])


def _nbgrader_meta(grade_id: str, *, solution: bool = False, grade: bool = False, points: int = 0) -> dict:
    meta = {"grade": grade, "grade_id": grade_id, "locked": grade, "schema_version": 3,
            "solution": solution, "task": False}
    if grade:
        meta["points"] = points
    return meta


def _new(cell_type: str, text: str, cell_id: str) -> dict:
    """A new cell with id `cell_id` (nbformat 4.5 wants one on every cell)."""
    cell = {"cell_type": cell_type, "id": cell_id, "metadata": {}, "source": text}
    if cell_type == "code":
        cell.update(outputs=[], execution_count=None)
    return cell


def otter_notebook(nb: dict, *, name: str) -> dict:
    """An otter-grader master notebook: per exercise a question ``exN`` worth 1 point.

    Raw cells ``# BEGIN QUESTION``, ``# BEGIN SOLUTION`` (the stub, then the solution
    between ``# BEGIN SOLUTION NO PROMPT`` and ``# END SOLUTION``, so students get the
    stub), ``# BEGIN TESTS`` (one test per check, in otter's doctest format) and the
    matching ``# END`` cells; an ``# ASSIGNMENT CONFIG`` cell first.

    Parameters
    ----------
    nb : dict
        The lesson, as the notebook's JSON (``nbformat`` version 4).
    name : str
        The lesson's name, for the words and the grade ids.

    Returns
    -------
    dict
        The otter-grader master notebook.

    Raises
    ------
    MinimaxError
        The lesson's exercises are not shaped as the module says.
    """
    cells = [_clean(c) for c in nb["cells"]]
    exercises = find_exercises(nb, name=name)
    by_stub = {ex.stub: (number, ex) for number, ex in enumerate(exercises, 1)}
    dropped = {i for ex in exercises for i in (ex.check, ex.note, ex.solution)}
    config = (f"# ASSIGNMENT CONFIG\nname: {name}\ninit_cell: true\ncheck_all_cell: false\n"
              "export_cell: false\nrun_tests: true\n")
    out = [_new("raw", config, "assignment-config")]
    for index, cell in enumerate(cells):
        if index in by_stub:
            number, ex = by_stub[index]
            answer = _clean(cell)
            answer["source"] = _answer_source(_source(cell), _source(cells[ex.solution]),
                                              "# BEGIN SOLUTION NO PROMPT", "# END SOLUTION")
            tests = [_new("code", line, f"ex{number}-test{k}") for k, line in enumerate(ex.checks, 1)]
            raw = {key: _new("raw", f"# {key.upper()}", f"ex{number}-{key.replace(' ', '-')}")
                   for key in ("begin solution", "end solution", "begin tests", "end tests", "end question")}
            out += [_new("raw", f"# BEGIN QUESTION\nname: ex{number}\npoints: 1", f"ex{number}-begin-question"),
                    raw["begin solution"], answer, raw["end solution"],
                    raw["begin tests"], *tests, raw["end tests"], raw["end question"]]
        elif index not in dropped:
            out.append(cell)
    return _notebook(nb, out)


# -- writing the folders ---------------------------------------------------------------------
#
# Two folders, never one inside the other: the students' (OUT_DIR: the lessons without
# solutions) and the teacher's (--teacher: the graders' sources, which hold the solutions).
# Each keeps a list of what student-copy wrote there and what it wrote (MANIFEST), so a
# second run can tell its own untouched files from a learner's work: a folder that holds
# anything else is refused unless --force, and even --force only writes over the files
# student-copy makes. Every file is written whole or not at all (files.write_atomic).

#: The list of the files student-copy wrote into a folder, with their SHA-256.
MANIFEST = ".minimax_viz-handout.json"
#: How many names an error lists before it says "and N more".
NAMES_SHOWN = 5


def course_lessons() -> Path | None:
    """The lessons folder of the clone this package runs from (``notebooks/`` beside the
    package), or None when the package is installed elsewhere.

    Returns
    -------
    pathlib.Path or None
        The lessons folder, or None.
    """
    folder = Path(__file__).resolve().parents[1] / "notebooks"
    return folder if (folder / "00-Start-Here.ipynb").is_file() else None


def _lessons(source: Path, only: list[str] | None) -> list[Path]:
    if not source.is_dir():
        raise MinimaxError(f"--source must be the folder of the lessons (notebooks/), not {str(source)!r}")
    lessons = sorted(source.glob("[0-9][0-9]-*.ipynb"))
    if only:
        chosen = [p for p in lessons if p.name[:2] in only or p.stem in only]
        missing = [o for o in only if not any(p.name[:2] == o or p.stem == o for p in lessons)]
        if missing:
            example = lessons[1].stem if len(lessons) > 1 else "01-..."
            raise MinimaxError(f"--lessons names {missing}, which are not lessons in {source}: "
                               f"give numbers such as 01 or names such as {example}")
        lessons = chosen
    if not lessons:
        raise MinimaxError(f"{source} holds no lessons (NN-Title-Words.ipynb)")
    return lessons


def shipped(path: Path) -> bytes | None:
    """The lesson at ``path`` as the course ships it: its last committed version, when the
    lessons are a git checkout (a learner's or a teacher's edits in place left out); None
    when there is no such version (no git, or a lesson never committed)."""
    import subprocess

    try:
        done = subprocess.run(["git", "-C", str(path.parent), "show", f"HEAD:./{path.name}"],
                              capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def _read_lesson(path: Path, data: bytes | None = None) -> dict:
    """The notebook of a lesson: ``data`` (its shipped bytes) or the file as it is on disk."""
    try:
        nb = json.loads(path.read_bytes().decode("utf-8") if data is None else data.decode("utf-8"))
    except OSError as err:
        raise MinimaxError(f"cannot read the lesson {path}: {err.strerror or err}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise MinimaxError(f"{path} is not a notebook (JSON): {err}") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise MinimaxError(f"{path} is not a notebook: it has no list of cells")
    for n, cell in enumerate(nb["cells"], start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") not in ("code", "markdown", "raw") or not isinstance(
                cell.get("source", ""), (str, list)):
            raise MinimaxError(f"{path} is not a whole notebook: its cell {n} has no cell_type of code, markdown "
                               "or raw, or no source")
    return nb


def _notebook_bytes(nb: dict) -> bytes:
    return (json.dumps(nb, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _names(items: list[str]) -> str:
    shown = ", ".join(items[:NAMES_SHOWN])
    return shown + (f" and {len(items) - NAMES_SHOWN} more" if len(items) > NAMES_SHOWN else "")


def _check_folder(folder: Path, role: str, lessons: list[Path]) -> None:
    """Refuse a folder that is a file, or the course's lessons folder (or inside it)."""
    if folder.exists() and not folder.is_dir():
        raise MinimaxError(f"{role} {str(folder)!r} is a file, not a folder: give the name of a folder "
                           "(it is made if it does not exist)")
    where = folder.resolve()
    for source in lessons:
        if _inside(where, source.resolve()):
            how = "is" if where == source.resolve() else "is inside"
            raise MinimaxError(
                f"{role} {str(folder)!r} {how} the course's lessons folder ({source}): copies there would "
                "replace or mix with the lessons, so it is never a target, not even with --force; "
                "give a folder of its own, such as student")


def _manifest(folder: Path) -> dict[str, str]:
    """What student-copy wrote into `folder` before: ``{relative path: sha256}``."""
    data = read_small(folder / MANIFEST)   # never a FIFO, a device or a huge file
    try:
        entries = json.loads((data or b"{}").decode("utf-8")).get("files", {})
    except (ValueError, AttributeError):
        return {}
    return {k: v for k, v in entries.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(entries, dict) else {}


def _files_in(folder: Path) -> list[str]:
    """Every file (and link) under `folder`, as sorted relative paths, the manifest left out."""
    found = []
    for top, dirs, files in os.walk(folder):
        links = [d for d in dirs if os.path.islink(os.path.join(top, d))]
        for name in files + links:
            found.append(Path(top, name).relative_to(folder).as_posix())
    return sorted(f for f in found if f != MANIFEST)


def _conflicts(folder: Path) -> tuple[list[str], list[str]]:
    """The files in `folder` that student-copy did not write, and those changed since it did."""
    if not folder.is_dir():
        return [], []
    known = _manifest(folder)
    foreign, changed = [], []
    for name in _files_in(folder):
        path = folder / name
        data = None if path.is_symlink() else read_small(path, 1 << 26)
        if name not in known or path.is_symlink():
            foreign.append(name)
        elif data is None or digest(data) != known[name]:
            changed.append(name)
    return foreign, changed


def _refuse_conflicts(folder: Path, role: str) -> None:
    foreign, changed = _conflicts(folder)
    if not (foreign or changed):
        return
    parts = []
    if foreign:
        parts.append(f"{len(foreign)} file{'s' * (len(foreign) > 1)} that student-copy did not write "
                     f"({_names(foreign)})")
    if changed:
        parts.append(f"{len(changed)} file{'s' * (len(changed) > 1)} changed since student-copy wrote "
                     f"{'them' if len(changed) > 1 else 'it'} ({_names(changed)})")
    raise MinimaxError(
        f"{role} {str(folder)!r} holds {' and '.join(parts)}, so nothing was written: move them away or "
        "choose another folder; --force writes over the files student-copy makes and leaves the others alone")


def _write_folder(folder: Path, files: dict[str, bytes]) -> list[Path]:
    """Write `files` (relative path: content) into `folder`, each whole, and update its manifest."""
    known = _manifest(folder) if folder.is_dir() else {}
    written = []
    try:
        for name, data in files.items():
            with no_interrupt():   # the file and its record in the manifest, both or neither
                _write_one(folder, name, data)
                known[name] = digest(data)
                written.append(folder / name)
    finally:
        if written:
            record = {"written_by": "python -m minimax_viz student-copy", "files": dict(sorted(known.items()))}
            write_atomic(plain_target(folder, MANIFEST), (json.dumps(record, indent=1) + "\n").encode("utf-8"))
    return written


def _write_one(folder: Path, name: str, data: bytes) -> None:
    """Write one file under ``folder``, making its folders, never through a link."""
    try:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise OSError(err.errno, err.strerror, str(folder / name)) from None
    write_atomic(plain_target(folder, name), data)


def write_handouts(source: Path | str, out: Path | str, *, teacher: Path | str | None = None,
                   lessons: list[str] | None = None, nbgrader: bool = False, otter: bool = False,
                   force: bool = False) -> list[Path]:
    """Write student copies of the lessons in `source` to `out`, and the graders' versions to `teacher`.

    - ``out/NN-Title.ipynb``: the student copies, with no solution in them;
    - with ``nbgrader=True``, ``teacher/nbgrader/``: a course folder (``nbgrader_config.py``,
      ``source/NN-Title/NN-Title.ipynb``, one assignment per lesson);
    - with ``otter=True``, ``teacher/otter/NN-Title.ipynb``: master notebooks for ``otter assign``.

    The graders' versions hold the solutions, so they go to the teacher's folder, apart
    from the students'. A folder that holds files this function did not write, or files
    changed since it wrote them (a learner's edited notebook), is refused unless
    ``force=True``, which writes over the files made here and leaves the others alone.
    The course's lessons folder is never a target. Each lesson is read as the course ships
    it (its last committed version, when the lessons are a git checkout: a learner's answers
    typed into the lessons never reach a hand-out); :data:`EDITED` then names the lessons
    whose copy on disk differs. Nothing is written unless every
    lesson converts. `lessons` picks lessons by number (``"01"``) or name; by default all.
    Returns the paths written.

    Parameters
    ----------
    source : str or pathlib.Path
        The lessons folder.
    out : str or pathlib.Path
        The students' folder.
    teacher : str, pathlib.Path or None, optional
        The teacher's folder (needed for ``nbgrader`` or ``otter``).
    lessons : list of str or None, optional
        The lessons by number (``"01"``) or name (``None``: all).
    nbgrader : bool, optional
        Whether to write the nbgrader course (False unless given).
    otter : bool, optional
        Whether to write otter-grader's master notebooks (False unless given).
    force : bool, optional
        Whether to write over files made here before (False unless given).

    Returns
    -------
    list of pathlib.Path
        The paths written.

    Raises
    ------
    MinimaxError
        `source` holds no lessons, `lessons` names one it lacks, a
        lesson's exercises are not shaped as the module says, a folder is a file, is the
        lessons folder, holds files not written here (without `force`), or the two folders
        overlap, or a write would go through a link or over a file that is not a regular
        one (:func:`~minimax_viz.files.plain_target`); nbgrader or otter without `teacher`.
    OSError
        A file cannot be written (the error names it).
    """
    source, out = Path(source), Path(out)
    teacher = None if teacher is None else Path(teacher)
    folders = _folders(source, out, teacher, graders=nbgrader or otter)
    EDITED.clear()
    student_files, teacher_files = _handout_files(_lessons(source, lessons), nbgrader=nbgrader, otter=otter)
    if not force:
        for role, folder in folders.items():
            _refuse_conflicts(folder, role)
    for folder, files in ((out, student_files), (teacher, teacher_files)):
        for name in [*files, MANIFEST] if folder is not None else ():
            plain_target(folder, name)   # every target, before anything is written
    written = _write_folder(out, student_files)
    if teacher is not None:
        written += _write_folder(teacher, teacher_files)
    return written


def _folders(source: Path, out: Path, teacher: Path | None, *, graders: bool) -> dict[str, Path]:
    """The folders to write, by the name of their option, once each is a valid target."""
    if graders and teacher is None:
        raise MinimaxError("the nbgrader and otter versions hold the solutions, so they go to the teacher's "
                           "folder, apart from the students': give --teacher DIR (make student uses teacher/)")
    folders = {"OUT_DIR": out} if teacher is None else {"OUT_DIR": out, "--teacher": teacher}
    lesson_folders = [source] + [f for f in (course_lessons(),) if f is not None]
    for role, folder in folders.items():
        _check_folder(folder, role, lesson_folders)
    if teacher is not None and (_inside(teacher.resolve(), out.resolve()) or _inside(out.resolve(), teacher.resolve())):
        raise MinimaxError(f"the teacher's folder {str(teacher)!r} and the students' {str(out)!r} must be apart, "
                           "neither inside the other: the teacher's holds the solutions")
    return folders


#: The lessons whose copy on disk differs from the one the course ships, by the last
#: :func:`write_handouts` (the hand-outs were made from the shipped ones).
EDITED: list[str] = []


def _lesson_files(path: Path, students: dict, teacher: dict, *, nbgrader: bool, otter: bool) -> None:
    """Add one lesson's hand-outs (made from the lesson as shipped, see :func:`shipped`)."""
    data = shipped(path)
    if data is not None and read_small(path, 1 << 26) != data:
        EDITED.append(path.name)
    nb = _read_lesson(path, data)
    students[path.name] = _notebook_bytes(student_notebook(nb, name=path.name))
    if not find_exercises(nb, name=path.name):
        return
    if nbgrader:
        graded = nbgrader_notebook(nb, name=path.stem)
        teacher[f"nbgrader/source/{path.stem}/{path.name}"] = _notebook_bytes(graded)
    if otter:
        teacher[f"otter/{path.name}"] = _notebook_bytes(otter_notebook(nb, name=path.stem))


def _handout_files(paths: list[Path], *, nbgrader: bool, otter: bool) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The students' files and the teacher's, as ``{relative path: content}``, made in memory."""
    students, teacher = {}, {}
    for path in paths:
        try:
            _lesson_files(path, students, teacher, nbgrader=nbgrader, otter=otter)
        except MinimaxError as err:
            raise MinimaxError(f"{err} (if this lesson was edited, restore it as the course ships it: "
                               f"git checkout -- {path}, or take a fresh copy of the course)") from None
    if nbgrader:
        teacher["nbgrader/nbgrader_config.py"] = NBGRADER_CONFIG.encode("utf-8")
    return students, teacher
