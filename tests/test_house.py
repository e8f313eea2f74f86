"""The package stays easy to carry on: small classes, simple functions, readable modules.

Measured with radon (the numbers a maintainer would look at): no class in minimax_viz longer
than 300 lines, no function or closure (nested functions counted on their own) with a
cyclomatic complexity above 15, and no module whose maintainability index is in radon's
rank C (below 10). Each failure names the place and its number, so the fix starts there.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

radon_complexity = pytest.importorskip("radon.complexity")
radon_metrics = pytest.importorskip("radon.metrics")

PACKAGE = Path(__file__).resolve().parent.parent / "minimax_viz"
MODULES = sorted(PACKAGE.rglob("*.py"))
MAX_CLASS_LINES, MAX_COMPLEXITY = 300, 15


def _name(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def _functions(blocks, prefix=""):
    """``(qualified name, line, complexity)`` of every function, method and closure."""
    for block in blocks:
        if hasattr(block, "methods"):  # a class: its methods, and classes inside it
            yield from _functions(block.methods, f"{prefix}{block.name}.")
            yield from _functions(getattr(block, "inner_classes", []), f"{prefix}{block.name}.")
            continue
        yield f"{prefix}{block.name}", block.lineno, block.complexity
        yield from _functions(block.closures, f"{prefix}{block.name}.")


def test_the_measures_see_what_they_measure():
    """A made-up module with a long class and a branchy closure fails both measures."""
    branches = "\n".join(f"        if x == {n}:\n            return {n}" for n in range(20))
    source = "class Long:\n" + "    a = 1\n" * 310 + f"\ndef outer():\n    def inner(x):\n{branches}\n    return inner\n"
    tree = ast.parse(source)
    assert max(node.end_lineno - node.lineno + 1 for node in ast.walk(tree) if isinstance(node, ast.ClassDef)) > 300
    assert dict((name, c) for name, _, c in _functions(radon_complexity.cc_visit(source)))["outer.inner"] == 21


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_class_longer_than_300_lines(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    long = [f"{node.name} (line {node.lineno}): {node.end_lineno - node.lineno + 1} lines"
            for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
            and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES]
    assert not long, f"{_name(path)}: classes above {MAX_CLASS_LINES} lines: {'; '.join(long)}"


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_function_or_closure_above_complexity_15(path):
    blocks = radon_complexity.cc_visit(path.read_text(encoding="utf-8"))
    branchy = sorted({f"{name} (line {line}): {c}" for name, line, c in _functions(blocks) if c > MAX_COMPLEXITY})
    assert not branchy, f"{_name(path)}: cyclomatic complexity above {MAX_COMPLEXITY}: {'; '.join(branchy)}"


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_maintainability_index_not_in_rank_c(path):
    index = radon_metrics.mi_visit(path.read_text(encoding="utf-8"), multi=True)
    assert radon_metrics.mi_rank(index) != "C", \
        f"{_name(path)}: maintainability index {index:.1f} is radon's rank C (below 10): split the module"


def _own_nodes(function):
    """The nodes of a function's body, not those of functions or classes defined inside it."""
    stack = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        stack.extend(child for child in ast.iter_child_nodes(node)
                     if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)))


def _called_name(call: ast.Call) -> str:
    """``check_dpi`` for ``check_dpi(dpi)`` and ``self._check_x`` for ``self._check_x()``; a
    public function of another module called through it (``checks.check_window``) is not a
    validation helper of this one, and gives ""."""
    if isinstance(call.func, ast.Name):
        return call.func.id
    attribute = getattr(call.func, "attr", "")
    return attribute if attribute.startswith("_") else ""


def _can_raise(function, *, exercises: bool) -> bool:
    """A ``raise`` of its own (NotImplementedError, a protocol's placeholder, aside), or a call
    of a validation helper (``_check...``; ``check_...`` too outside the exercises, whose
    ``check_`` functions judge a learner's answer and never raise on it; ``check_if_...`` asks)."""
    for node in _own_nodes(function):
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if getattr(raised, "id", None) != "NotImplementedError":
                return True
        if isinstance(node, ast.Call):
            name = _called_name(node)
            if name.startswith("_check") or (name.startswith("check_") and not name.startswith("check_if_")
                                             and not exercises):
                return True
    return False


def _public_callables(tree):
    """``(qualified name, line, function, docstrings that may hold its :raises:)``."""
    def visit(body, prefix, class_doc):
        for node in body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                yield from visit(node.body, f"{prefix}{node.name}.", ast.get_docstring(node) or "")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    (not node.name.startswith("_") or node.name == "__init__" and prefix):
                docs = (ast.get_docstring(node) or "") + (class_doc if node.name == "__init__" else "")
                yield f"{prefix}{node.name}", node.lineno, node, docs
    yield from visit(tree.body, "", "")


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_public_callables_that_raise_say_what(path):
    """Every public function or method that raises (or calls a check that does) has a
    ``:raises ...:`` line or a numpydoc ``Raises`` section in its docstring (a class's
    docstring for its ``__init__``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exercises = path.parent.name == "exercises"
    silent = [f"{name} (line {line})" for name, line, function, docs in _public_callables(tree)
              if _can_raise(function, exercises=exercises) and ":raises" not in docs
              and "Raises\n------" not in docs]   # a numpydoc Raises section says it too
    assert not silent, f"{_name(path)}: public callables that raise with no ':raises ...:' line: {'; '.join(silent)}"


#: How the trace writes a window and a step (minimax_viz.trace.words: window_text, bound_text,
#: event_text); the old Stepper's arrow, " → ", is gone from every view.
EVENT_MARKS = ("α=", "β=", "α = ", "β = ", " → ")


@pytest.mark.parametrize("path", [p for p in MODULES if "trace" not in p.relative_to(PACKAGE).parts], ids=_name)
def test_only_the_trace_writes_windows_and_steps(path):
    """Outside ``minimax_viz/trace``, no string or f-string writes an alpha-beta window or an
    arrow for a step: those words come from the trace's formatters (one vocabulary)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        parts = node.values if isinstance(node, ast.JoinedStr) else [node] if isinstance(node, ast.Constant) else []
        text = "".join(p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str))
        found += [f"line {node.lineno}: {mark!r}" for mark in EVENT_MARKS if mark in text]
    assert not found, f"{_name(path)} writes event words of its own: {'; '.join(sorted(set(found)))}"
