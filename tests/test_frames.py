"""Replay frames painted the quick way look exactly like frames drawn from scratch.

A :class:`~minimax_viz.draw.TreeView` on a figure of its own keeps the unchanging part of
its picture as a background and, for each replay event, paints only the artists that
change over it (matplotlib's blitting, :mod:`minimax_viz.raster`). The truth here is
matplotlib's own full drawing of every artist (``canvas.draw()``), on a view made afresh
for the event: the two must be equal pixel for pixel, at every event of the tutorial's
trees (minimax and alpha-beta), of a Connect Four tree, of a chance tree, and after a
focus change; and the PNG must hold exactly those pixels.
"""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from PIL import Image  # noqa: E402

import minimax_viz as mv  # noqa: E402
from minimax_viz.draw import TreeView  # noqa: E402
from minimax_viz.widgets.navigate import png_size  # noqa: E402

TTT = mv.TicTacToe()
DICE = mv.GameTree([["chance", (0.25, 8), (0.75, 0)], ["chance", 3, 5], [["chance", 1, 9], 4]])


def _trees():
    return {
        "tutorial minimax": mv.minimax(TTT, TTT.TUTORIAL_BOARD).tree,
        "tutorial alpha-beta": mv.alphabeta(TTT, TTT.TUTORIAL_BOARD).tree,
        "Connect Four alpha-beta": mv.alphabeta(mv.ConnectFour(rows=4, cols=4),
                                                mv.ConnectFour(rows=4, cols=4).from_moves("2233"), depth=2).tree,
        "chance tree": mv.expectimax(DICE).tree,
    }


def _from_scratch(tree, k, **options):
    """Event ``k`` drawn on a new view, every artist drawn by matplotlib's full draw."""
    view = TreeView(tree, pyplot=False, frames=True, **options)
    view.show(k)
    return view.pixels(redraw=True)


def _assert_same(fast, truth, where):
    assert fast.shape == truth.shape, f"{where}: {fast.shape} != {truth.shape}"
    differ = np.argwhere((fast != truth).any(axis=2))
    assert not len(differ), f"{where}: {len(differ)} pixels differ, the first at (row, column) {differ[0]}"


@pytest.mark.slow
@pytest.mark.parametrize("name", list(_trees()))
def test_every_frame_equals_the_frame_drawn_from_scratch(name):
    tree = _trees()[name]
    assert tree.n_steps > 10, "a replay worth stepping through"
    view = TreeView(tree, pyplot=False, frames=True)
    # forwards, then a few jumps back and forth, as a learner moves the slider
    order = [*range(tree.n_steps), 0, tree.n_steps // 2, 1, tree.n_steps - 2]
    for k in order:
        view.show(k)
        _assert_same(view.pixels(), _from_scratch(tree, k), f"{name}, event {k}")
    assert view.focus == tree.root, "the whole tree fits: no event refocused the picture"
    assert view.raster.blitter.backgrounds == 1, "the unchanging part is painted once, not per frame"


@pytest.mark.slow
def test_frames_after_a_focus_change_equal_frames_drawn_from_scratch():
    tree = mv.alphabeta(TTT, "X.O.X....").tree  # too big to draw whole: the picture has a focus
    view = TreeView(tree, pyplot=False, frames=True, follow=False)
    child = next(c for c in tree.root.children if not c.pruned and c.children)
    view.show(child.step)
    view.png()
    view.set_focus(child)
    assert view.focus == child and view.scene.boards[0] == child.index
    span = range(child.step, child.return_step + 1)
    events = [*span[:8], *span[8::max(1, len(span) // 8)], span[-1]]  # every event there is slow to redraw
    for k in events:
        view.show(k)
        _assert_same(view.pixels(), _from_scratch(tree, k, focus=child, follow=False), f"focus {child}, event {k}")
    assert view.raster.blitter.backgrounds == 2, "one background per drawing: the root's, then the child's"


def test_the_png_holds_exactly_the_frames_pixels():
    tree = _trees()["tutorial alpha-beta"]
    view = TreeView(tree, pyplot=False, frames=True)
    for k in (0, 6, tree.n_steps - 1):
        view.show(k)
        data = view.png(dpi=96)
        decoded = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
        _assert_same(decoded, view.pixels(dpi=96), f"PNG of event {k}")
        assert png_size(data) == (decoded.shape[1], decoded.shape[0]) and decoded.shape[1] <= 1000


def test_a_legend_wider_than_the_figure_is_in_the_picture_whole():
    """AIMA 5.2's legend (four columns) is wider than its narrow figure: the canvas grows
    around it, as savefig would draw past the figure, and the picture holds all of it."""
    tree = mv.alphabeta(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree
    view = TreeView(tree, pyplot=False, frames=True)
    figure = view.ax.figure
    figure.canvas.draw()
    legend = view.ax.get_legend().get_window_extent()
    assert legend.x0 < 0 < figure.bbox.width < legend.x1, "the case: the legend sticks out of the figure"
    view.show(8)
    width, height = png_size(view.png())
    renderer = figure.canvas.get_renderer()
    canvas_w, canvas_h = figure.canvas.get_width_height()
    x0, y0, x1, y1 = (v * view.raster.dpi for v in view.raster.box.extents)
    for artist in (view.ax.get_legend(), view.ax.title):
        box = artist.get_window_extent(renderer)
        assert 0 <= box.x0 and box.x1 <= canvas_w and 0 <= box.y0 and box.y1 <= canvas_h, artist
        assert x0 <= box.x0 and box.x1 <= x1 and y0 <= box.y0 and box.y1 <= y1, artist
    assert (width, height) == (round(x1 - x0), round(y1 - y0)) and width <= 1000
    _assert_same(view.pixels(), _from_scratch(tree, 8), "AIMA 5.2, event 8")


def test_the_canvas_is_opaque_so_dropping_alpha_loses_nothing():
    view = TreeView(_trees()["chance tree"], pyplot=False, frames=True)
    view.show(3)
    view.pixels()
    rgba = np.asarray(view.ax.figure.canvas.get_renderer().buffer_rgba())
    assert (rgba[..., 3] == 255).all()


def test_the_quick_picture_matches_savefig_of_the_same_box():
    """matplotlib's savefig of the same crop (in inches, at the same dpi) gives the same
    picture, up to the rounding of a text's position by at most one pixel."""
    tree = _trees()["tutorial minimax"]
    view = TreeView(tree, pyplot=False, frames=True)
    view.show(5)
    fast = view.pixels().astype(int)
    buf = io.BytesIO()
    view.ax.figure.savefig(buf, format="png", dpi=view.raster.dpi, bbox_inches=view.raster.box)
    saved = np.asarray(Image.open(buf).convert("RGB")).astype(int)
    assert abs(saved.shape[0] - fast.shape[0]) <= 1 and abs(saved.shape[1] - fast.shape[1]) <= 1
    h, w = min(saved.shape[0], fast.shape[0]), min(saved.shape[1], fast.shape[1])
    differ = np.abs(saved[:h, :w] - fast[:h, :w]).max(axis=2) > 0
    assert differ.mean() < 0.02, f"{differ.mean():.1%} of pixels differ from savefig's"


def test_a_stepper_step_shows_the_frame_drawn_from_scratch():
    """The stepper (96 dpi, no title or legend, its own focus) after moving back and forth."""
    result = mv.alphabeta(TTT, TTT.TUTORIAL_BOARD)
    stepper = mv.Stepper(result)
    for k in (3, 4, 9, 2, result.tree.n_steps - 1, 7):
        stepper.step = k
        shown = np.asarray(Image.open(io.BytesIO(stepper.png)).convert("RGB"))
        fresh = TreeView(result.tree, pyplot=False, frames=True, title=False, legend=False, follow=False)
        fresh.show(k)
        truth = fresh.pixels(dpi=96, redraw=True)
        _assert_same(shown, truth, f"stepper event {k}")


def test_a_focus_click_shows_the_picture_drawn_from_scratch():
    explorer = mv.Explorer(".........", depth=3)
    nav, tree = explorer.navigator, explorer.result.tree
    target = tree.root.children[4]
    hits = [(x, y) for x, y in ((x, y) for y in range(0, png_size(nav.png)[1], 3)
                                for x in range(0, png_size(nav.png)[0], 3)) if nav.view.node_at(x, y) == target]
    assert nav.click(*hits[len(hits) // 2]) and nav.focus == target
    shown = np.asarray(Image.open(io.BytesIO(nav.png)).convert("RGB"))
    fresh = TreeView(tree, pyplot=False, title=False, legend=False, focus=target)
    fresh.show()
    _assert_same(shown, fresh.pixels(dpi=explorer.dpi, redraw=True), "after a click on X plays 4")


def test_pixels_needs_a_figure_of_its_own():
    view = TreeView(_trees()["chance tree"])  # pyplot's figure
    with pytest.raises(mv.InvalidOption, match="pyplot=False"):
        view.pixels()
    with pytest.raises(mv.InvalidOption, match="dpi"):
        TreeView(_trees()["chance tree"], pyplot=False).pixels(dpi=5)
    assert view.png().startswith(b"\x89PNG")  # pyplot's figures keep savefig
    import matplotlib.pyplot as plt

    plt.close("all")
