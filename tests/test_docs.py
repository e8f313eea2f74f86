"""Every public callable documents its parameters in numpydoc's form (the API reference's promise).

numpydoc's own validator (the one ``make docs`` runs inside Sphinx, see docs/conf.py) reads each
public function, class and public method of ``minimax_viz.__all__`` and of the course layer's
modules, and this test fails on a parameter left out or misnamed, a function that returns
something without a Returns section, a generator without Yields, or a section numpydoc does
not know (a misspelt "Raises").
"""

from __future__ import annotations

import importlib
import inspect
import runpy
from pathlib import Path

import pytest

import minimax_viz

validate = pytest.importorskip("numpydoc.validate")

ROOT = Path(__file__).resolve().parent.parent
#: The checks that fail the build and this test (docs/conf.py has the same set).
CHECKS = {"PR01", "PR02", "PR03", "PR07", "RT01", "YD01", "GL06", "GL07"}
#: The course layer's modules whose ``__all__`` the reference documents (docs/course.rst).
COURSE = (["minimax_viz.exercises", "minimax_viz.exercises.feedback"]
          + [f"minimax_viz.exercises.lesson{n:02}" for n in range(1, 12)]
          + ["minimax_viz.exercises.capstone", "minimax_viz.exercises.searches", "minimax_viz.tutorial",
             "minimax_viz.handout", "minimax_viz.exercises.session", "minimax_viz.clock", "minimax_viz.verdict",
             "minimax_viz.exercises.nested", "minimax_viz.exercises.tutorial_minimax", "minimax_viz.exercises.extension"])

#: Modules beside the package's ``__all__`` whose public callables the reference documents
#: one by one (docs/games.rst): chess's positions and the board its trees are drawn with.
BESIDE = ["minimax_viz.games.chess", "minimax_viz.chess_glyph"]


def _members(cls):
    """A class's own public methods and properties (inherited ones are checked where they are defined)."""
    for attr, member in vars(cls).items():
        if attr.startswith("_"):
            continue
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        if inspect.isfunction(member) or isinstance(member, property):
            yield attr, member


def public_callables():
    """``(qualified name, object)`` of every public callable the reference documents."""
    modules = [(minimax_viz, name) for name in minimax_viz.__all__]
    for module_name in COURSE + BESIDE:
        module = importlib.import_module(module_name)
        modules += [(module, name) for name in module.__all__]
    for module, name in modules:
        obj = getattr(module, name)
        if inspect.ismodule(obj) or not callable(obj):
            continue
        yield f"{module.__name__}.{name}", obj
        if inspect.isclass(obj):
            for attr, member in _members(obj):
                yield f"{module.__name__}.{name}.{attr}", member


PUBLIC = dict(public_callables())


def _errors(qualified_name: str) -> list[str]:
    report = validate.validate(qualified_name)
    return [f"{code}: {message}" for code, message in report["errors"] if code in CHECKS]


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_public_callable_documents_its_parameters(name):
    obj = PUBLIC[name]
    if not (getattr(obj, "__doc__", None) or "").strip():
        # An override without a docstring of its own shows its base class's, checked there.
        assert not isinstance(obj, property) and inspect.getdoc(obj), f"{name} has no docstring (nor its base's)"
        return
    errors = _errors(name)
    assert not errors, f"{name}: " + "; ".join(errors)


def test_the_check_sees_a_parameter_left_out():
    """The same validator on two made-up functions: one documented, one not."""
    missing = [code for code, _ in validate.validate(f"{__name__}._undocumented")["errors"]]
    assert "PR01" in missing and "RT01" in missing
    assert not _errors(f"{__name__}._documented")


def test_the_reference_covers_what_the_test_does():
    """docs/conf.py fails the build on the same checks and skips none; every
    name of ``minimax_viz.__all__`` is on one of its pages."""
    conf = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    assert conf["numpydoc_validation_checks"] == CHECKS
    assert not conf.get("numpydoc_validation_exclude"), "the reference validates every public name"
    pages = "".join(page.read_text(encoding="utf-8") for page in (ROOT / "docs").glob("*.rst"))
    absent = [name for name in minimax_viz.__all__ if not inspect.ismodule(getattr(minimax_viz, name))
              and f":: {name}\n" not in pages]
    assert not absent, f"names of minimax_viz.__all__ on no page of docs/: {absent}"
    for module_name in COURSE:
        assert f"automodule:: {module_name}\n" in pages, module_name
    for module_name in BESIDE:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if callable(obj) and getattr(minimax_viz, name, None) is not obj:
                assert f":: {module_name}.{name}\n" in pages, f"{module_name}.{name} is on no page of docs/"


def _undocumented(game, depth):
    """Say nothing of the parameters."""
    return depth


def _documented(game, depth):
    """Say what each parameter is.

    Parameters
    ----------
    game : Game
        A game.
    depth : int
        A depth.

    Returns
    -------
    int
        The depth.
    """
    return depth
