"""The Connect Four glyph: what each node's small board contains (not pixels).

Layers are found by their ``gid`` ("connect four x", "connect four win", ...); the
pictures themselves are looked at by people.
"""

from collections import Counter

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

import minimax_viz as mv  # noqa: E402
from minimax_viz.draw import TreeView  # noqa: E402
from minimax_viz.glyphs import PALETTE, ConnectFourGlyph, glyph_for  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def drawn(result):
    view = TreeView(result.tree, pyplot=False)
    view.show()
    return view


def layer(view, name):
    return next(l for l in view.layers if l.artist.get_gid() == f"connect four {name}")


def per_node(view, name):
    return Counter(layer(view, name).owners)


@pytest.fixture(scope="module")
def two_ply():
    """O to move in '4455443' (X threatens both ends of the bottom row), two plies deep."""
    return mv.alphabeta(mv.ConnectFour(), mv.ConnectFour.from_moves("4455443"), depth=2)


@pytest.fixture(scope="module")
def small_endgame():
    """A 4 x 5 board solved to the end: X to move wins."""
    game = mv.ConnectFour(rows=4, cols=5)
    return mv.alphabeta(game, game.from_moves("55145252414324"), order=mv.centre_first)


def test_connect_four_has_its_glyph_sized_to_the_board():
    for rows, cols in ((6, 7), (4, 5), (4, 4), (16, 9), (9, 4)):
        glyph = glyph_for(mv.ConnectFour(rows=rows, cols=cols))
        assert isinstance(glyph, ConnectFourGlyph)
        assert max(glyph.width, glyph.height) == pytest.approx(0.86)  # leaves are 1 unit apart
        assert glyph.width / glyph.height == pytest.approx(cols / rows)


@pytest.mark.parametrize("fixture", ["two_ply", "small_endgame"])
def test_one_board_per_node_with_its_discs(fixture, request):
    result = request.getfixturevalue(fixture)
    view = drawn(result)
    assert view.detail == "glyph"
    assert sorted(layer(view, "frame").owners) == list(range(len(result.tree)))
    xs, os_ = per_node(view, "x"), per_node(view, "o")
    for node in result.tree.nodes:
        cells = "".join(node.state)
        assert xs[node.index] == cells.count("X") and os_[node.index] == cells.count("O"), node


@pytest.mark.parametrize("fixture", ["two_ply", "small_endgame"])
def test_won_lines_are_struck_and_the_last_disc_marked(fixture, request):
    result = request.getfixturevalue(fixture)
    game, view = result.tree.game, drawn(result)
    won = {n.index for n in result.tree.nodes if game.winner(n.internal_state)}
    assert won and set(layer(view, "win").owners) == won
    assert all(result.tree.nodes[i].is_leaf for i in won)
    assert sorted(layer(view, "last").owners) == list(range(1, len(result.tree)))  # all but the root


def test_the_last_square_sits_on_the_top_disc_of_the_column_played():
    game = mv.ConnectFour(rows=4, cols=4)
    result = mv.alphabeta(game, "1213", depth=1)
    view = drawn(result)
    glyph, squares = view.glyph, layer(view, "last").artist.get_paths()
    for owner, path in zip(layer(view, "last").owners, squares):
        node = result.tree.nodes[owner]
        x, y = view.pos[owner]
        height = 4 - next(r for r, row in enumerate(node.state) if row[node.move] != ".")
        (x0, y0), (x1, y1) = path.get_extents().get_points()
        left, bottom = x - glyph.width / 2, y - glyph.height / 2
        assert (x0 - left) / glyph.cell == pytest.approx(node.move)
        assert (y1 - bottom) / glyph.cell == pytest.approx(height)


def test_x_discs_are_filled_and_o_discs_are_rings(two_ply):
    view = drawn(two_ply)
    x, o = layer(view, "x").artist, layer(view, "o").artist
    assert matplotlib.colors.to_hex(x.get_facecolor()[0]) == PALETTE["max"].lower()
    assert matplotlib.colors.to_hex(o.get_edgecolor()[0]) == PALETTE["min"].lower()
    assert matplotlib.colors.to_hex(o.get_facecolor()[0]) == "#ffffff"  # hollow: shape, not colour alone
    assert o.get_linewidths()[0] > 0


def test_a_replay_frame_hides_boards_not_reached(small_endgame):
    view = TreeView(small_endgame.tree, pyplot=False, frames=True)
    view.show(upto=3)
    discs = layer(view, "x")
    alphas = discs.artist.get_facecolor()[:, 3]
    first = view.first
    assert all((a > 0) == (first[o] <= 3) for o, a in zip(discs.owners, alphas))


@pytest.mark.parametrize("rows,cols", [(4, 4), (6, 7), (16, 9)])
def test_boards_of_any_size_draw_to_png(rows, cols):
    game = mv.ConnectFour(rows=rows, cols=cols)
    png = mv.tree_png(mv.alphabeta(game, game.from_moves("1122"), depth=1), dpi=60)
    assert png.startswith(b"\x89PNG")


def test_wider_trees_fall_back_to_dots_and_levels_keep_boards():
    result = mv.alphabeta(mv.ConnectFour(), depth=3)
    assert drawn(result).detail == "dot"  # 288 nodes, too many boards across
    view = TreeView(result.tree, pyplot=False, levels=1)
    assert view.detail == "glyph" and len(view.nodes) == 8 and len(view.collapsed) == 7
