"""The course holds together: contents, links, figures, exercises and public names.

Every rule applies to whatever lessons exist in notebooks/, so a course still being written
is checked as far as it goes. (nbval, run on the notebooks themselves, checks that they
still execute and print what they stored.)
"""

import ast
import json
import re
from pathlib import Path

import pytest

import minimax_viz as mv
from minimax_viz.handout import find_exercises

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
BY_NUMBER = {int(p.name[:2]): p for p in LESSONS}
CONTENTS = "00-Start-Here.ipynb"

MV_NAME = re.compile(r"(?<![\w.])mv\.([A-Za-z_]\w*)")
CHECK_CALL = re.compile(r"(?<![\w.])mv\.exercises\.(lesson\d\d)\.(\w+)\s*\(")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def code_cells(path: Path) -> list[dict]:
    return [c for c in cells(path) if c["cell_type"] == "code"]


def links(markdown: str) -> set[str]:
    """The targets of the markdown links in a text, without any #anchor."""
    return {target.split("#")[0] for target in re.findall(r"\]\(([^)\s]+)\)", markdown)}


def lessons_but_contents():
    return [p for p in LESSONS if p.name != CONTENTS]


def ids(paths):
    return [p.stem for p in paths]


def test_lesson_files_are_named_and_numbered():
    assert NOTEBOOKS / CONTENTS in LESSONS, "notebooks/00-Start-Here.ipynb, the table of contents, is missing"
    for path in NOTEBOOKS.glob("*.ipynb"):
        assert re.fullmatch(r"\d\d(-[A-Za-z0-9]+)+\.ipynb", path.name), (
            f"{path.name} is not named NN-Title-Words.ipynb"
        )
    assert len(BY_NUMBER) == len(LESSONS), "two lessons share a number"


def test_contents_links_every_lesson():
    listed = set().union(*(links(text(c)) for c in cells(NOTEBOOKS / CONTENTS) if c["cell_type"] == "markdown"))
    missing = [p.name for p in lessons_but_contents() if p.name not in listed]
    assert not missing, f"00-Start-Here does not link {missing}"


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_first_and_last_cells_link_next_and_contents(path):
    all_cells = cells(path)
    number = int(path.name[:2])
    following = BY_NUMBER.get(number + 1)
    for where, cell in (("first", all_cells[0]), ("last", all_cells[-1])):
        assert cell["cell_type"] == "markdown", f"the {where} cell of {path.name} should be markdown"
        targets = links(text(cell))
        if following is not None:
            assert following.name in targets, f"the {where} cell of {path.name} does not link {following.name}"
        if path.name != CONTENTS:
            assert CONTENTS in targets, f"the {where} cell of {path.name} does not link back to {CONTENTS}"
    title = text(all_cells[0]).lstrip().splitlines()[0]
    assert re.match(rf"# {path.name[:2]} · \S", title), f"{path.name} should open with '# {path.name[:2]} · Title'"


@pytest.mark.parametrize("path", lessons_but_contents(), ids=ids(lessons_but_contents()))
def test_lesson_has_a_figure(path):
    assert any(
        "image/png" in output.get("data", {}) for cell in code_cells(path) for output in cell.get("outputs", [])
    ), f"{path.name} has no code cell whose stored output is a figure (image/png)"


@pytest.mark.parametrize("path", lessons_but_contents(), ids=ids(lessons_but_contents()))
def test_lesson_has_exercises_with_checks_and_hidden_solutions(path):
    solutions = [c for c in code_cells(path) if "solution" in c["metadata"].get("tags", [])]
    checks = [
        call for c in code_cells(path) if c not in solutions for call in CHECK_CALL.findall(text(c))
    ]
    assert len(checks) >= 2, f"{path.name} has {len(checks)} check calls on mv.exercises outside its solutions, not 2 or more"
    assert len(solutions) >= 2, f"{path.name} has {len(solutions)} cells tagged 'solution', not 2 or more"
    for cell in solutions:
        assert cell["metadata"].get("jupyter", {}).get("source_hidden") is True, (
            f"a solution cell of {path.name} is not collapsed (metadata jupyter.source_hidden): {text(cell)[:60]!r}"
        )


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_code_calls_only_public_names(path):
    public = set(mv.__all__) | {"exercises"}
    for cell in code_cells(path):
        for name in MV_NAME.findall(text(cell)):
            assert name in public, f"{path.name} calls mv.{name}, which is not in minimax_viz.__all__: {text(cell)[:80]!r}"
        for module, check in CHECK_CALL.findall(text(cell)):
            assert hasattr(getattr(mv.exercises, module, None), check), (
                f"{path.name} calls mv.exercises.{module}.{check}, which does not exist"
            )


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_every_code_cell_was_executed(path):
    counts = [cell.get("execution_count") for cell in code_cells(path)]
    if None not in counts:
        assert counts == list(range(1, len(counts) + 1)), (
            f"{path.name} was not run top to bottom in a fresh kernel (execution counts {counts})"
        )
    for cell in code_cells(path):
        assert cell.get("execution_count") is not None, (
            f"a code cell of {path.name} was never run: {text(cell)[:60]!r}; run the notebook top to bottom"
        )
        if "raises-exception" not in cell["metadata"].get("tags", []):
            errors = [o for o in cell.get("outputs", []) if o["output_type"] == "error"]
            assert not errors, (
                f"a code cell of {path.name} stored an error without the tag 'raises-exception': {text(cell)[:60]!r}"
            )


@pytest.mark.parametrize("path", lessons_but_contents(), ids=ids(lessons_but_contents()))
def test_solution_notes_are_tagged_with_their_solutions(path):
    """The 'Solution (click below)' note goes with its solution: both tagged, so a student copy drops both."""
    all_cells = cells(path)
    for index, cell in enumerate(all_cells):
        tagged = "solution" in cell["metadata"].get("tags", [])
        if cell["cell_type"] == "markdown" and text(cell).lstrip().startswith("**Solution**"):
            assert tagged, f"the note {text(cell)[:40]!r} (cell {index}) of {path.name} is not tagged 'solution'"
            following = all_cells[index + 1]
            assert "solution" in following["metadata"].get("tags", []), (
                f"the note in cell {index} of {path.name} is not followed by a solution cell")
        if cell["cell_type"] == "code" and tagged:
            before = all_cells[index - 1]
            assert before["cell_type"] == "markdown" and "solution" in before["metadata"].get("tags", []), (
                f"the solution cell {index} of {path.name} has no tagged note before it")


def png_width(data: str) -> int:
    import base64
    import struct

    return struct.unpack(">I", base64.b64decode(data)[16:20])[0]


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_stored_pictures_fit_the_page(path):
    """JupyterLab shows an output about 950 px wide and shrinks anything wider."""
    for index, cell in enumerate(cells(path)):
        for output in cell.get("outputs", []):
            data = output.get("data", {}).get("image/png")
            if data is not None:
                width = png_width(data)
                assert width <= 1000, (
                    f"cell {index} of {path.name} stores a picture {width} px wide (at most 1,000): "
                    f"{text(cell)[:60]!r}; give it a focus or fewer levels instead of shrinking it"
                )


@pytest.mark.parametrize("path", lessons_but_contents(), ids=ids(lessons_but_contents()))
def test_solutions_give_nothing_away_until_opened(path):
    """A solution cell stores no output, its first line under ``%%solution`` is a plain comment, and it
    checks itself silently with ``.assert_ok()``, so Run All prints no answer and nbval still
    fails if a solution goes wrong."""
    for index, cell in enumerate(cells(path)):
        if cell["cell_type"] != "code" or "solution" not in cell["metadata"].get("tags", []):
            continue
        source = text(cell)
        assert not cell.get("outputs"), f"the solution in cell {index} of {path.name} stores an output"
        first = source.splitlines()[1] if source.startswith("%%solution\n") else source.lstrip().splitlines()[0]
        assert first.startswith("#") and "=" not in first, (
            f"the first line of the solution in cell {index} of {path.name} gives it away: {first!r}"
        )
        assert re.search(r"\.assert_ok\(\)", source), (
            f"the solution in cell {index} of {path.name} does not check itself with .assert_ok()"
        )


def test_every_lesson_stores_the_metadata_the_browser_tested_ones_store():
    """tests/browser/test_teaching.py opens the first and the last lesson in JupyterLab and sees
    no unsaved change (JupyterLab rewrites the kernelspec and language_info it finds wrong);
    every lesson between stores the same metadata, so it opens clean too."""
    lessons = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    first = json.loads(lessons[0].read_text())["metadata"]
    assert {"kernelspec", "language_info"} <= set(first)
    for path in lessons[1:]:
        metadata = json.loads(path.read_text())["metadata"]
        assert {k: metadata.get(k) for k in first} == first, f"{path.name}: run scripts/tidy_notebooks.py on it"


# -- a solution never replaces the learner's work ----------------------------------------------

def is_solution(cell: dict) -> bool:
    return cell["cell_type"] == "code" and "solution" in cell["metadata"].get("tags", [])


def parse(source: str) -> ast.Module:
    """A code cell as Python: its IPython magic lines left out, top-level await allowed."""
    lines = ["" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()]
    return compile("\n".join(lines), "<cell>", "exec", ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)


def bound_names(tree: ast.AST) -> set[str]:
    """The names a cell binds in the notebook's namespace: at its top level and in its if, for,
    while, with and try blocks, not inside functions, classes, lambdas or comprehensions."""
    names: set[str] = set()
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        targets = {ast.Assign: "targets", ast.AugAssign: "target", ast.AnnAssign: "target", ast.For: "target",
                   ast.AsyncFor: "target"}.get(type(node))
        if targets is not None:
            found = getattr(node, targets)
            for target in found if isinstance(found, list) else [found]:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        if isinstance(node, (ast.With, ast.AsyncWith)):
            names.update(n.id for item in node.items if item.optional_vars is not None
                         for n in ast.walk(item.optional_vars) if isinstance(n, ast.Name))
        if isinstance(node, ast.NamedExpr):
            names.add(node.target.id)
        if not isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            names |= bound_names(node)
    return names


def test_bound_names_reads_what_a_cell_binds():
    cell = ("import math\nfrom a import b as c\nx, (y, z) = 1, (2, 3)\nfor i in []:\n    j = i\n"
            "def f(q):\n    inner = q\nsquares = [k * k for k in range(3)]\nwith open('f') as handle:\n    pass\n"
            "if (w := 4):\n    n += 1")
    assert bound_names(parse(cell)) == {"math", "c", "x", "y", "z", "i", "j", "f", "squares", "handle", "w", "n"}


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_the_first_cell_that_imports_the_package_loads_its_extension(path):
    importing = [c for c in code_cells(path) if re.search(r"^import minimax_viz\b", text(c), re.MULTILINE)]
    assert importing, f"{path.name} never imports minimax_viz"
    assert re.search(r"^%load_ext minimax_viz$", text(importing[0]), re.MULTILINE), (
        f"the first cell of {path.name} that imports minimax_viz does not run %load_ext minimax_viz, which "
        "the solution cells' %%solution needs")


@pytest.mark.parametrize("path", lessons_but_contents(), ids=ids(lessons_but_contents()))
def test_solution_cells_run_apart_and_nothing_rebinds_a_stubs_names(path):
    """Every solution runs under %%solution, in a namespace of its own, and says so in a comment;
    no other cell below a stub binds a name the stub defines, so the cells that judge and draw
    the learner's work always see the learner's own definition."""
    all_cells = cells(path)
    for index, cell in enumerate(all_cells):
        if is_solution(cell):
            assert text(cell).startswith("%%solution\n"), (
                f"the solution in cell {index} of {path.name} does not start with %%solution, so it would "
                "replace the learner's definitions")
            assert "its own namespace" in text(cell), f"the solution in cell {index} of {path.name} does not say it runs apart"
    for exercise in find_exercises(json.loads(path.read_text(encoding="utf-8")), name=path.name):
        stub_names = bound_names(parse(text(all_cells[exercise.stub])))
        assert stub_names, f"the stub in cell {exercise.stub} of {path.name} defines nothing"
        for index in range(exercise.stub + 1, len(all_cells)):
            cell = all_cells[index]
            if cell["cell_type"] != "code" or is_solution(cell):
                continue
            rebound = stub_names & bound_names(parse(text(cell)))
            assert not rebound, (
                f"cell {index} of {path.name} binds {sorted(rebound)}, which the learner defines in the stub "
                f"in cell {exercise.stub}: the cells below would judge that, not the learner's work")
