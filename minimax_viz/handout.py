"""Hand the lessons to a class: student copies, an nbgrader source course, otter master notebooks.

    python -m minimax_viz student-copy OUT_DIR                    # lessons to hand out
    python -m minimax_viz student-copy OUT_DIR --nbgrader --otter  # and for the graders

A lesson marks what the learner must not see with the cell tag ``solution``: the worked
solution (a code cell) and the "Solution (click below)" note before it. That tag is the
only thing read here. An exercise is then four cells in a row: the **stub** the learner
fills in, the **check** cell that calls ``mv.exercises.lessonNN.check_...``, and the two
tagged cells. A student copy drops the tagged cells and every output and keeps the checks.

For the graders each exercise becomes one question worth one point: an answer cell that
holds the stub followed by the solution between the tool's solution markers (so the
student's version is exactly the lesson's stub), and a test cell that calls the same
checks with :meth:`~minimax_viz.exercises.Feedback.assert_ok`, so a wrong answer fails
with the check's own words. Notebooks are plain JSON here (nbformat 4); the graders
themselves are needed only to use what is written.
"""

from __future__ import annotations

import ast
import copy
import json
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import MinimaxError

__all__ = [
    "SOLUTION_TAG", "Exercise", "find_exercises", "graded_checks",
    "student_notebook", "nbgrader_notebook", "otter_notebook", "write_handouts",
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

    :raises MinimaxError: a statement of the cell is not such a call.

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

    :raises MinimaxError: a tagged solution cell is not preceded by a tagged note, a check
        cell and a stub (code cells), or a tagged cell stands alone.

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

    :raises MinimaxError: the lesson's exercises are not shaped as the module says.

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


def _answer_source(stub: str, solution: str, begin: str, end: str) -> str:
    return f"{stub.rstrip()}\n{begin}\n{solution.rstrip()}\n{end}"


def nbgrader_notebook(nb: dict, *, name: str) -> dict:
    """An nbgrader source notebook: per exercise an answer cell and a locked test cell (1 point).

    The answer cell is the stub, then the solution between ``### BEGIN SOLUTION`` and
    ``### END SOLUTION``; the test cell runs the lesson's checks with ``.assert_ok()``.
    Grade ids are ``{name}-exN-answer`` and ``{name}-exN-test``.

    :raises MinimaxError: the lesson's exercises are not shaped as the module says.
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

    :raises MinimaxError: the lesson's exercises are not shaped as the module says.
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


def _lessons(source: Path, only: list[str] | None) -> list[Path]:
    if not source.is_dir():
        raise MinimaxError(f"--source must be the folder of the lessons (notebooks/), not {str(source)!r}")
    lessons = sorted(source.glob("[0-9][0-9]-*.ipynb"))
    if only:
        chosen = [p for p in lessons if p.name[:2] in only or p.stem in only]
        missing = [o for o in only if not any(p.name[:2] == o or p.stem == o for p in lessons)]
        if missing:
            raise MinimaxError(f"--lessons names {missing}, which are not lessons in {source}: "
                               f"give numbers such as 01 or names such as {lessons[1].stem if len(lessons) > 1 else '01-...'}")
        lessons = chosen
    if not lessons:
        raise MinimaxError(f"{source} holds no lessons (NN-Title-Words.ipynb)")
    return lessons


def _write(nb: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def write_handouts(source: Path | str, out: Path | str, *, lessons: list[str] | None = None,
                   nbgrader: bool = False, otter: bool = False) -> list[Path]:
    """Write student copies of the lessons in `source` to `out`, and the graders' versions.

    - ``out/NN-Title.ipynb``: the student copies;
    - with ``nbgrader=True``, ``out/nbgrader/``: a course folder (``nbgrader_config.py``,
      ``source/NN-Title/NN-Title.ipynb``, one assignment per lesson);
    - with ``otter=True``, ``out/otter/NN-Title.ipynb``: master notebooks for ``otter assign``.

    `lessons` picks lessons by number (``"01"``) or name; by default all with exercises and
    00-Start-Here. Returns the paths written.

    :raises MinimaxError: `source` holds no lessons, `lessons` names one it lacks, or a
        lesson's exercises are not shaped as the module says.
    """
    source, out = Path(source), Path(out)
    written = []
    for path in _lessons(source, lessons):
        nb = json.loads(path.read_text(encoding="utf-8"))
        targets = [(student_notebook(nb, name=path.name), out / path.name)]
        if find_exercises(nb, name=path.name):
            if nbgrader:
                targets.append((nbgrader_notebook(nb, name=path.stem),
                                out / "nbgrader" / "source" / path.stem / path.name))
            if otter:
                targets.append((otter_notebook(nb, name=path.stem), out / "otter" / path.name))
        for notebook, target in targets:
            _write(notebook, target)
            written.append(target)
    if nbgrader:
        config = out / "nbgrader" / "nbgrader_config.py"
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(NBGRADER_CONFIG)
        written.append(config)
    return written
