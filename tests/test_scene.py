"""The scene (what a tree picture shows, pure Python) and the navigable view's contract:
focus, breadcrumb, png size, node_at, following a replay, the trace's search facts."""

import random
import re
import struct
import subprocess
import sys
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

import minimax_viz as mv  # noqa: E402
from minimax_viz.draw import TreeView  # noqa: E402
from minimax_viz.scene import Scene  # noqa: E402

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
PACKAGE = Path(mv.__file__).parent


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def game():
    return mv.TicTacToe()


@pytest.fixture(scope="module")
def whole_game(game):
    return mv.minimax(game).tree


def png_size(png: bytes) -> tuple[int, int]:
    assert png.startswith(b"\x89PNG")
    return struct.unpack(">II", png[16:24])


# -- the scene, without matplotlib ------------------------------------------------------------
def test_the_scene_needs_no_matplotlib():
    code = ("import sys, minimax_viz as mv; from minimax_viz.scene import Scene; "
            "s = Scene(mv.minimax(mv.TicTacToe()).tree, focus=1); s.labels(3); s.hit_boxes(); "
            "print(len(s.boards), 'matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["9", "False"]  # X in a corner and O's 8 replies


def test_drawing_reads_only_the_public_trace_api():
    private = re.compile(r"\._rec\b|\._state\(|\._steps\(|\._child_indexes\(|\._window\(|\._event_rows\(")
    for name in ("draw.py", "tree_view.py", "difference_view.py", "crosstable_view.py", "view_checks.py", "scene.py",
                 "scene_replay.py", "shapes.py", "paint.py", "selection.py", "layout.py", "glyphs.py"):
        hits = [line for line in (PACKAGE / name).read_text().splitlines() if private.search(line)]
        assert hits == [], name


def test_a_small_tree_is_drawn_whole_as_boards(game):
    tree = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    scene = Scene(tree)
    assert scene.boards == list(range(9)) and scene.marks == [] and scene.fans == {}
    first, *_, last = tree.child_indexes(0)
    assert scene.pos[0][0] == pytest.approx((scene.pos[first][0] + scene.pos[last][0]) / 2)  # centred


def test_labels_mark_bounds_and_guesses():
    """AIMA 5.2 by alpha-beta: the middle Min node stops at 2 (only an upper bound), the
    root's 3 is exact. Depth-limited tic-tac-toe values carry ≈."""
    tree = mv.alphabeta(mv.GameTree(AIMA)).tree
    middle = tree.root.children[1]
    assert middle.bound == "upper" and not middle.exact and tree.root.exact
    labels = Scene(tree).labels(tree.n_steps - 1)
    assert labels[middle.index].score == "≤2" and labels[middle.index].role == "bound"
    assert labels[0].score == "3"
    guessed = mv.minimax(mv.TicTacToe(), "X...O....", depth=1).tree
    scene = Scene(guessed)
    assert all(node.heuristic for node in guessed.nodes)
    assert {lab.score[:1] for lab in scene.labels(guessed.n_steps - 1).values()} == {"≈"}


def test_pos_places_nodes_as_networkx_does(game):
    tree = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    scene = Scene(tree, pos={tree.nodes[1]: (-3, 2), 0: (0.5, 1)})
    assert scene.pos[1] == (-3.0, 2.0) and scene.pos[0] == (0.5, 1.0)
    with pytest.raises(mv.InvalidOption, match="pos"):
        Scene(tree, pos=[(0, 0)])
    with pytest.raises(mv.InvalidOption, match=r"pos\[1\]"):
        Scene(tree, pos={1: "here"})


def test_levels_cap_what_is_drawn(whole_game):
    assert Scene(whole_game, levels=0).nodes == [0]
    one = Scene(whole_game, levels=1)
    assert len(one.boards) == 10 and not one.marks
    with pytest.raises(mv.InvalidOption, match="levels"):
        Scene(whole_game, levels=-1)


# -- focus and breadcrumb ----------------------------------------------------------------------
def test_focus_breadcrumb_and_bad_focus(whole_game):
    view = TreeView(whole_game, pyplot=False)
    assert view.focus == whole_game.root and view.breadcrumb == [whole_game.root]
    target = whole_game.root.children[4].children[0]  # X in the centre, O in a corner
    view.set_focus(target)
    assert view.focus == target and [n.move for n in view.breadcrumb] == [None, 4, 0]
    assert [w for _, w in view.scene.breadcrumb()] == ["root", "X 4", "O 0"]  # the trace's word for the root
    assert view.scene.boards[0] == target.index and len(view.scene.boards) == 1 + 7
    for bad in (len(whole_game), -1, "4", mv.minimax(mv.TicTacToe(), "XO.......").tree.root):
        with pytest.raises(mv.InvalidOption, match="focus"):
            view.set_focus(bad)


def test_node_at_finds_what_png_drew(whole_game):
    view = TreeView(whole_game, pyplot=False, focus=whole_game.root.children[0])
    view.show()
    png = view.png()
    width, height = png_size(png)
    boards = {}
    for index, x0, y0, x1, y1 in view.click_boxes:
        if index in view.scene.boards and index not in boards:
            boards[index] = ((x0 + x1) / 2, (y0 + y1) / 2)
    assert set(boards) == set(view.scene.boards)
    for index, (x, y) in boards.items():
        assert 0 <= x <= width and 0 <= y <= height
        assert view.node_at(x, y).index == index
    assert view.node_at(2, 2) is None  # the top-left corner: nothing there
    # the "+N calls" text under a board picks that board; the breadcrumb's "root" the root
    fan = next(i for i, f in view.scene.fans.items() if f.label)
    text = next(t for t, i, role in view.artists.texts if i == fan and "calls" in t.get_text())
    assert _click_text(view, text).index == fan
    start = next(t for t, i in view.artists.crumb_texts if i == 0)
    assert _click_text(view, start) == whole_game.root


def _click_text(view, text):
    """Click the middle of a text of the last PNG (through the same box the PNG used)."""
    renderer = view.ax.figure.canvas.get_renderer()
    box, dpi, fig_dpi = view.raster.box, view.raster.dpi, view.ax.figure.dpi
    ext = text.get_window_extent(renderer)
    x = ((ext.x0 + ext.x1) / 2 / fig_dpi - box.x0) * dpi
    y = (box.y1 - (ext.y0 + ext.y1) / 2 / fig_dpi) * dpi
    return view.node_at(x, y)


@pytest.mark.slow
def test_pngs_are_never_wider_than_1000_px(whole_game):
    """Any focus on the biggest trees, at the usual dpi and at twice it."""
    c4 = mv.alphabeta(mv.ConnectFour(), depth=4).tree
    wide = mv.minimax(mv.GameTree([list(range(k, k + 12)) for k in range(0, 240, 12)])).tree  # 20 x 12
    rng = random.Random(9)
    for tree in (whole_game, c4, wide):
        inner = [i for i in range(len(tree)) if not tree.nodes[i].is_leaf]
        for focus in [0] + rng.sample(inner, 6):
            view = TreeView(tree, pyplot=False, focus=focus)
            view.show()
            assert png_size(view.png())[0] <= 1000, (tree, focus)
        assert png_size(view.png(dpi=200))[0] <= 1000
        plt.close("all")


@pytest.mark.slow
def test_replay_follows_the_current_call(game):
    """The stepper's case: any step of the empty board's alpha-beta search shows the call
    it is about, in a picture no wider than 1,000 px."""
    tree = mv.alphabeta(game).tree
    view = TreeView(tree, pyplot=False, frames=True, title=False)
    rng = random.Random(3)
    for k in sorted(rng.sample(range(tree.n_steps - 1), 25)):
        view.show(k)
        node = tree.event(k).node
        assert node.index in view.scene.style, k
        assert view.focus_for(k) == view.focus
        assert view.artists.cursor.get_visible()
        assert png_size(view.png())[0] <= 1000


# -- the trace's search facts --------------------------------------------------------------------
def test_window_at_replays_the_narrowing():
    """AIMA 5.2: after the first Min node returns 3, the root's alpha is 3; the middle Min
    node enters with (3, +inf) and its beta falls to 2 when its first leaf returns."""
    tree = mv.alphabeta(mv.GameTree(AIMA)).tree
    root, middle = tree.root, tree.root.children[1]
    assert tree.window_at(0, 0) == (-mv.trace.math.inf, mv.trace.math.inf)
    assert root.window_at(root.children[0].return_step) == (3, mv.trace.math.inf)
    assert middle.window_at(middle.step) == (3, mv.trace.math.inf)
    assert middle.window_at(middle.children[0].return_step) == (3, 2)
    with pytest.raises(mv.InvalidOption, match="minimax"):
        mv.minimax(mv.GameTree(AIMA)).tree.window_at(0, 0)


def test_principal_variation_and_event_words(game):
    tree = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    assert [n.move for n in tree.principal_variation()] == [None, 4]
    assert mv.principal_variation(tree) == [n.index for n in tree.principal_variation()]
    assert tree.event_words(0) == "root: X to move"
    assert tree.event_words(12) == "return +1 from root"


def test_one_number_formatter():
    f = mv.format_value
    assert [f(1), f(-1), f(0), f(0.25), f(-mv.trace.math.inf)] == ["+1", "−1", "0", "+0.25", "−∞"]
    assert f(-2, signed=False) == "−2" and f(3, signed=False) == "3"
    assert [f(-0.5, ascii=True), f(mv.trace.math.inf, ascii=True), f(None)] == ["-0.50", "+inf", ""]
    assert mv.score_text(-1) == f(-1)


@pytest.mark.parametrize("make", [
    lambda: mv.alphabeta(mv.TicTacToe()),
    lambda: mv.alphabeta(mv.TicTacToe(), "X.O.X...."),
    lambda: mv.alphabeta(mv.ConnectFour(), mv.ConnectFour.from_moves("443"), depth=4, order=mv.centre_first),
    lambda: mv.alphabeta(mv.ConnectFour(), depth=5, memo=True),
])
def test_calls_and_fans_add_up_to_the_title(make):
    """The title's calls (pruned stubs not counted) = the calls drawn + every "+N calls";
    the stubs drawn + those folded under the fans = the pruned count."""
    result = make()
    tree = result.tree
    for focus in (0, tree.root.children[0].index):
        scene = Scene(tree, focus=focus)
        below = range(focus, focus + 1 + sum(1 for _ in _descendants(tree.nodes[focus])))
        stubs = sum(1 for i in below if tree.nodes[i].pruned)
        drawn_calls = sum(1 for i in scene.nodes if not tree.nodes[i].pruned)
        drawn_stubs = len(scene.nodes) - drawn_calls
        labelled = [f for f in scene.fans.values() if f.label]
        assert drawn_calls + sum(f.calls for f in labelled) == len(below) - stubs
        assert drawn_stubs + sum(f.pruned for f in labelled) == stubs
    title = Scene(tree).title(None)
    assert f"{result.stats.calls:,} calls, {result.stats.pruned:,} pruned" in title


def _descendants(node):
    for child in node.children:
        yield child
        yield from _descendants(child)


@pytest.mark.parametrize("make", [
    lambda: mv.minimax(mv.TicTacToe()),
    lambda: mv.alphabeta(mv.ConnectFour(), mv.ConnectFour.from_moves("443"), depth=4, order=mv.centre_first),
    lambda: mv.minimax(mv.TicTacToe(), "X...O....", depth=2),
])
def test_a_notebook_figure_fits_too(make, tmp_path):
    """draw_tree in a notebook: the inline backend saves the pyplot figure with a tight box
    at 100 dpi; that picture fits in 1,000 px as well."""
    ax = mv.draw_tree(make())
    out = tmp_path / "figure.png"
    ax.figure.savefig(out, dpi=100, bbox_inches="tight")
    assert png_size(out.read_bytes())[0] <= 1000
