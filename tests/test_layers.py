"""The package's three layers, read from its source with ``ast``: core, views, course.

Each layer imports only from itself and the layers below it (core < views < course; the
package's ``__init__`` sits above all three and only hands names on). A module imports no
private name (``_x``) of another module, and the modules' own imports make no circle.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "minimax_viz"

#: The layer of each module: the first part of its name inside the package (a folder or a
#: file). A new module must be placed here (the test fails naming it until it is).
LAYERS = {
    "core": {"errors", "arguments", "files", "games", "search", "trace", "recursion", "learner", "compare",
             "players", "match_result", "tutorial", "arena", "arena_source", "arena_run", "arena_template",
             "clock", "verdict", "pruning", "meter"},
    "views": {"layout", "glyph_base", "glyphs", "chess_glyph", "selection", "scene", "scene_replay", "shapes", "paint",
              "raster", "view_checks", "tree_view", "difference_view", "crosstable_view", "draw", "widgets"},
    "course": {"exercises", "handout", "__main__"},
}
RANK = {"core": 0, "views": 1, "course": 2, "package": 3}

#: The only imports from a higher layer: inside one method of a core object that hands it to
#: the drawing facade when asked (Jupyter's ``_repr_png_``, a ``draw``/``plot`` method), as
#: python-chess draws its boards as SVG. (importing module, function, imported module)
LAZY_DRAWINGS = {
    ("minimax_viz.trace.tree", "_repr_png_", "minimax_viz.draw"),
    ("minimax_viz.compare.difference", "draw", "minimax_viz.draw"),
    ("minimax_viz.match_result", "plot", "minimax_viz.draw"),
}

#: Private names (``_x``) one module may import from another: none. (At most 10, ever.)
PRIVATE_IMPORTS_ALLOWED: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "package"
    for name, members in LAYERS.items():
        if parts[1] in members:
            return name
    raise AssertionError(f"{module} is in no layer: add {parts[1]!r} to LAYERS in {Path(__file__).name}")


@functools.lru_cache(maxsize=None)
def imports(module: str, path: Path | None = None) -> list:
    """Every import of a module of the package in ``module`` (read from ``path``, by default its
    file): (imported module, name, line, enclosing function or None, under ``if TYPE_CHECKING``)."""
    path = MODULES[module] if path is None else path
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
    found = []

    def visit(node, function, typing_only):
        for child in ast.iter_child_nodes(node):
            inner, typing = function, typing_only
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = child.name
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                typing = True
            if isinstance(child, ast.ImportFrom):
                base = here[:len(here) - child.level + 1] if child.level else []
                target = ".".join(base + ([child.module] if child.module else []))
                if target.split(".")[0] == "minimax_viz":
                    for alias in child.names:   # a name that is a module of its own: that module
                        sub = f"{target}.{alias.name}"
                        found.append((sub if sub in MODULES else target, alias.name, child.lineno, inner, typing))
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.split(".")[0] == "minimax_viz":
                        found.append((alias.name, None, child.lineno, inner, typing))
            visit(child, inner, typing)

    visit(tree, None, False)
    return found


def test_every_module_has_a_layer():
    assert len(MODULES) > 50
    for module in MODULES:
        layer(module)


def upward_imports(module: str, path: Path | None = None) -> list[str]:
    """The imports in ``module`` from a higher layer (the lazy drawings apart), in words."""
    mine = RANK[layer(module)]
    wrong = []
    for target, name, line, function, _ in imports(module, path):
        if RANK[layer(target)] <= mine or (module, function, target) in LAZY_DRAWINGS:
            continue
        where = f"in {function}()" if function else "at the top"
        wrong.append(f"{MODULES[module].relative_to(PACKAGE.parent)}:{line} ({layer(module)}) imports "
                     f"{name} from {target} ({layer(target)}) {where}")
    return wrong


@pytest.mark.parametrize("module", sorted(MODULES))
def test_a_module_imports_only_from_its_layer_and_below(module):
    wrong = upward_imports(module)
    assert not wrong, "an import from a higher layer:\n" + "\n".join(wrong)


def test_the_lazy_drawings_are_where_they_are_said_to_be():
    """Each allowed exception exists (an allowance that no longer matches is taken out)."""
    seen = {(module, function, target) for module in MODULES for target, _, _, function, _ in imports(module)}
    assert LAZY_DRAWINGS <= seen


def test_no_private_name_is_imported_from_another_module():
    assert len(PRIVATE_IMPORTS_ALLOWED) <= 10
    wrong = []
    for module in MODULES:
        for target, name, line, _, _ in imports(module):
            if (name and name.startswith("_") and not name.startswith("__") and target != module
                    and (target, name) not in PRIVATE_IMPORTS_ALLOWED):
                wrong.append(f"{MODULES[module].relative_to(PACKAGE.parent)}:{line} imports {name} from {target}")
    assert not wrong, "give the name no underscore in a module the two share:\n" + "\n".join(wrong)


def test_the_imports_make_no_circle():
    """No circle through imports, at the top of a module or inside a function (the lazy
    drawings apart, and imports for type checking only); a module importing its own package
    (which Python runs first anyway) makes none."""
    graph = {m: set() for m in MODULES}
    for module in MODULES:
        for target, _, _, function, typing_only in imports(module):
            if (module, function, target) in LAZY_DRAWINGS or typing_only:
                continue
            if target != module and target in MODULES:
                if not module.startswith(target + "."):   # a module's own package runs first anyway
                    graph[module].add(target)
    state: dict[str, int] = {}

    def walk(node, path):
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circle = path[path.index(nxt):] + [nxt]
                raise AssertionError("an import circle: " + " -> ".join(circle))
            if nxt not in state:
                walk(nxt, path + [nxt])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module, [module])


def test_the_checker_sees_a_violation(tmp_path):
    """The layer test is not blind: a core module importing a view inside a function, or the
    course at the top, is named with its line; a view in a ``draw`` method of another name is too."""
    source = (PACKAGE / "players.py").read_text(encoding="utf-8")
    lines = source.count("\n")
    copy = tmp_path / "players.py"
    copy.write_text(source + "\n\ndef _peek():\n    from .draw import TreeView\n\n\nfrom .exercises import lesson05\n",
                    encoding="utf-8")
    assert upward_imports("minimax_viz.players", copy) == [
        f"minimax_viz/players.py:{lines + 4} (core) imports TreeView from minimax_viz.draw (views) in _peek()",
        f"minimax_viz/players.py:{lines + 7} (core) imports lesson05 from minimax_viz.exercises.lesson05 (course) "
        "at the top",
    ]
    assert upward_imports("minimax_viz.players") == []
