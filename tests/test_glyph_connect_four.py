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
    return next(layer for layer in view.artists.layers if layer.artist.get_gid() == f"connect four {name}")


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


def views_at_every_call(result):
    """A view focused on each inner call: together they draw every node as a board."""
    for node in result.tree.nodes:
        if not node.is_leaf:
            yield TreeView(result.tree, pyplot=False, focus=node)


@pytest.mark.parametrize("fixture", ["two_ply", "small_endgame"])
def test_one_board_per_node_with_its_discs(fixture, request):
    result = request.getfixturevalue(fixture)
    seen = set()
    for view in views_at_every_call(result):
        view.show()
        assert view.detail == "glyph"
        assert sorted(layer(view, "frame").owners) == view.scene.boards
        xs, os_ = per_node(view, "x"), per_node(view, "o")
        for index in view.scene.boards:
            cells = "".join(result.tree.nodes[index].state)
            assert xs[index] == cells.count("X") and os_[index] == cells.count("O"), index
        seen.update(view.scene.boards)
    assert seen == set(range(len(result.tree)))


@pytest.mark.parametrize("fixture", ["two_ply", "small_endgame"])
def test_won_lines_are_struck_and_the_last_disc_marked(fixture, request):
    result = request.getfixturevalue(fixture)
    game, seen_won = result.tree.game, set()
    for view in views_at_every_call(result):
        boards = view.scene.boards
        won = {i for i in boards if game.winner(result.tree.internal_state(i))}
        assert set(layer(view, "win").owners) == won
        assert all(result.tree.nodes[i].is_leaf for i in won)
        assert sorted(layer(view, "last").owners) == [i for i in boards if i != 0]  # all but the root
        seen_won |= won
    assert seen_won


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
    view = TreeView(small_endgame.tree, pyplot=False, frames=True, future="hide")
    view.show(upto=3)
    discs = layer(view, "x")
    alphas = discs.artist.get_facecolor()[:, 3]
    first = view.tree.steps()[0]   # when each node appears in the replay
    assert all((a > 0) == (first[o] <= 3) for o, a in zip(discs.owners, alphas))


@pytest.mark.parametrize("rows,cols", [(4, 4), (6, 7), (16, 9)])
def test_boards_of_any_size_draw_to_png(rows, cols):
    game = mv.ConnectFour(rows=rows, cols=cols)
    png = mv.tree_png(mv.alphabeta(game, game.from_moves("1122"), depth=1), dpi=60)
    assert png.startswith(b"\x89PNG")


def test_wider_trees_keep_boards_and_fold_the_rest():
    """Depth 3 from the start (288 calls): the root's 7 children as boards, their 49 as marks,
    and fans for the rest; calls drawn and calls in the fans add up to the title's count."""
    result = mv.alphabeta(mv.ConnectFour(), depth=3)
    view = drawn(result)
    scene, tree = view.scene, result.tree
    assert view.detail == "glyph" and len(scene.boards) == 8 and len(scene.marks) == 49
    drawn_calls = sum(1 for i in scene.nodes if not tree.nodes[i].pruned)
    assert drawn_calls + sum(view.collapsed.values()) == result.stats.calls
    view = TreeView(tree, pyplot=False, levels=1)
    assert len(view.nodes) == 8 and not view.scene.marks and len(view.collapsed) == 7


def test_guesses_read_in_whole_window_points(two_ply):
    """Lesson 07 counts window points by hand: the labels show them, not small decimals."""
    game = two_ply.tree.game
    result = mv.alphabeta(game, game.from_moves("4455443"), depth=1)
    view = drawn(result)
    shown = {i: t.get_text() for t, i, role in view.artists.texts if role == "score" and t.get_visible()}
    for child in result.tree.root.children:
        if child.kind == "horizon":
            assert shown[child.index] == "≈" + mv.format_value(game.points(child.internal_state))
    assert any(words.startswith("≈ heuristic: X's points − O's") for words in
               (h.get_label() for h in view.artists.legend_handles))


def test_bounds_are_not_drawn_in_a_result_colour(two_ply):
    view = drawn(two_ply)
    bounds = [t for t, i, role in view.artists.texts
              if role == "score" and t.get_text()[:1] in "≤≥" and t.get_visible()]
    assert bounds
    results = {PALETTE[r].lower() for r in ("max", "min", "draw")}
    assert all(matplotlib.colors.to_hex(t.get_color()) not in results for t in bounds)
