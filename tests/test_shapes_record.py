"""The views' one-way shape (issue 35): a scene emits one immutable record, the painter reads
nothing else, the shapes never call back into the scene, and a data unit's size is
defined once."""

import ast
import dataclasses
import gc
import re
import weakref
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import minimax_viz as mv  # noqa: E402
from minimax_viz import paint  # noqa: E402
from minimax_viz.raster import Raster  # noqa: E402
from minimax_viz.scene import Scene  # noqa: E402
from minimax_viz.shapes import Shapes  # noqa: E402
from minimax_viz.tree_view import TreeView  # noqa: E402

PACKAGE = Path(mv.__file__).parent
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module", params=["aima", "tictactoe"])
def tree(request):
    if request.param == "aima":
        return mv.alphabeta(mv.GameTree(AIMA)).tree
    return mv.alphabeta(mv.TicTacToe(), "X.O.X....").tree


def test_the_record_is_frozen_and_hashable(tree):
    record = Scene(tree).shapes()
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.title = "changed"
    copy = dataclasses.replace(record)
    assert copy == record and hash(copy) == hash(record) and len({record, copy}) == 1


def test_the_records_collections_are_tuples_not_lists(tree):
    record = Scene(tree, focus=1).shapes(mark=3)
    for field in dataclasses.fields(Shapes):
        value = getattr(record, field.name)
        assert not isinstance(value, (list, dict, set)), field.name
    assert record.crumbs.words and isinstance(record.crumbs.words, tuple)   # a focus below the root


def _painted_alone(make_record, upto):
    """Pixels of a record painted with no scene alive: the scene made it and the frame, then went."""
    scene = make_record()
    record, frame = scene.shapes(frames=True), scene.frame(upto, words=True)
    gone = weakref.ref(scene)
    del scene
    gc.collect()
    assert gone() is None, "the record or the frame keeps the scene alive"
    ax = paint.new_axes(record.size, pyplot=False)
    artists = paint.paint(record, ax)
    paint.show_frame(artists, frame)
    paint.set_title(ax, artists, frame)
    raster = Raster(ax, own=True, pyplot=False)
    raster.new_drawing()
    return raster.pixels(100, artists.changing(ax), (artists.crumb_texts, record.hits))


@pytest.mark.parametrize("upto", [None, 3])
def test_a_record_painted_alone_is_the_picture_the_view_makes(tree, upto):
    """paint reads nothing but the record: painted with no scene around, the pixels are
    the TreeView's, which matplotlib's full drawing checks in test_frames."""
    view = TreeView(tree, pyplot=False, frames=True, follow=False)
    view.show(upto)
    expected = view.pixels(redraw=True)
    alone = _painted_alone(lambda: Scene(tree), upto)
    assert alone.shape == expected.shape
    assert np.array_equal(alone, expected)


def _module(name: str) -> ast.Module:
    return ast.parse((PACKAGE / name).read_text(encoding="utf-8"))


def test_shapes_never_reads_a_scene():
    """No name or parameter called scene in shapes.py, and no import of the scene."""
    tree = _module("shapes.py")
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.args + n.kwonlyargs}
    imports = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "scene" not in names and "scene" not in imports


def test_the_painter_takes_a_record_not_a_scene():
    tree = _module("paint.py")
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.arguments) for a in n.args + n.kwonlyargs}
    imports = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "scene" not in names and "scene" not in imports


def test_the_unit_is_defined_once():
    """0.9 inch a data unit: one assignment in the package, every other size read from it."""
    unit = re.compile(r"^\s*[A-Z_]+\s*=\s*0\.9\b|0\.9\s*\*\s*(72|100)\b|^\s*NATURAL_UNIT_PX\s*=\s*90\b", re.M)
    where = sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py") if unit.search(p.read_text()))
    assert where == ["shapes.py"]
    from minimax_viz import glyphs, shapes

    assert shapes.NATURAL_UNIT_PX == shapes.INCHES_PER_UNIT * 100
    assert glyphs._POINTS_PER_UNIT == shapes.INCHES_PER_UNIT * 72
    assert paint.INCHES_PER_UNIT is shapes.INCHES_PER_UNIT


VIEWS = ("draw.py", "tree_view.py", "difference_view.py", "crosstable_view.py", "view_checks.py", "scene.py",
         "scene_replay.py", "shapes.py", "paint.py", "raster.py", "glyphs.py", "layout.py", "selection.py")


@pytest.mark.parametrize("name", VIEWS)
def test_the_views_import_no_course_module(name):
    """The views sit under the course layer: none imports minimax_viz.exercises, even lazily."""
    tree = _module(name)
    imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not [m for m in imported if "exercises" in m.split(".")]
