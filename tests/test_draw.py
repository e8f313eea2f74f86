"""What the drawings contain: glyphs, cut branches, labels, replay frames, size limits.

These check what was drawn, not pixels; the pictures themselves are looked at by people
(``make figures`` writes them).
"""

import struct
import subprocess
import sys

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

import minimax_viz as mv  # noqa: E402
from minimax_viz.draw import TreeView, draw_tree, principal_variation, tree_png  # noqa: E402

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def game():
    return mv.TicTacToe()


def texts(ax):
    return [t.get_text() for t in ax.texts if t.get_visible() and t.get_text()]


def board_layer(view):
    return view.artists.layers[[layer.kind for layer in view.artists.layers].index("glyph")]


def dashed_edges(view):
    edges = next(layer for layer in view.artists.layers if layer.kind == "edge")
    styles = edges.artist.get_linestyles()
    return [o for o, (offset, dashes) in zip(edges.owners, styles) if dashes is not None]


def test_one_board_per_node(game):
    result = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD)
    view = TreeView(result.tree)
    view.show()
    frames = board_layer(view)
    assert sorted(frames.owners) == list(range(9))
    assert len(frames.artist.get_paths()) == 9


def test_scores_and_moves_are_written(game):
    ax = draw_tree(mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD))
    shown = texts(ax)
    assert shown.count("+1") == 4 and shown.count("−1") == 5  # 9 nodes, each with its score
    assert sorted(t for t in shown if t.isdigit()) == sorted(["1", "4", "8", "4", "8", "1", "4", "4"])
    assert ax.get_title() == "minimax: 9 calls; best move 4, value +1"


def test_pruned_edges_are_dashed_and_counted(game):
    for state in (mv.TicTacToe.TUTORIAL_BOARD, "X.O.X...."):
        result = mv.alphabeta(game, state)
        view = TreeView(result.tree)
        view.show()
        dashed = dashed_edges(view)
        drawn_stubs = [i for i in view.nodes if result.tree.nodes[i].pruned]
        assert sorted(dashed) == drawn_stubs and dashed
        folded = sum(f.pruned for f in view.scene.fans.values() if f.label)
        assert len(drawn_stubs) + folded == result.stats.pruned  # the stubs not drawn are in the fans
        cuts = [layer for layer in view.artists.layers if layer.kind == "cut"]
        boards = [i for i in drawn_stubs if view.scene.style[i] == "board"]
        assert sum(len(c.owners) for c in cuts) == 2 * len(boards)  # a double bar across each cut edge to a board


def test_aima_figure_with_alphabeta():
    result = mv.alphabeta(mv.GameTree(AIMA))
    ax = draw_tree(result)
    shown = texts(ax)
    for value in ("3", "12", "8", "2", "14", "5"):
        assert value in shown
    assert "α=3 β=2" in shown  # the middle Min node: beta fell to 2, below alpha 3, so it cut
    assert ax.get_title() == "alpha-beta: 11 calls, 2 pruned; best move 0, value 3"


def test_principal_variation(game):
    tree = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    assert [tree.nodes[i].move for i in principal_variation(tree)] == [None, 4]
    aima = mv.minimax(mv.GameTree(AIMA)).tree
    assert [aima.nodes[i].move for i in principal_variation(aima)] == [None, 0, 0]


@pytest.mark.parametrize("algorithm", [mv.minimax, mv.alphabeta])
def test_upto_hides_exactly_the_later_nodes(game, algorithm):
    tree = algorithm(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    view = TreeView(tree, frames=True, future="hide")
    frames = board_layer(view)
    for k in range(tree.n_steps):
        view.show(k)
        alphas = frames.artist.get_facecolor()[:, 3]
        shown = {o for o, a in zip(frames.owners, alphas) if a > 0}
        assert shown == {n.index for n in tree.nodes if n.step <= k}, k


def test_frames_draw_the_rest_faintly_by_default(game):
    """No blank band: nodes not reached yet are drawn faint, in the place they will take."""
    tree = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    view = TreeView(tree, frames=True)
    frames = board_layer(view)
    for k in range(tree.n_steps):
        view.show(k)
        alphas = frames.artist.get_edgecolor()[:, 3]
        faint = {o for o, a in zip(frames.owners, alphas) if 0 < a < 0.2}
        full = {o for o, a in zip(frames.owners, alphas) if a == 1}
        assert full == {n.index for n in tree.nodes if n.step <= k}, k
        assert faint == set(range(len(tree))) - full, k


def test_scores_appear_when_calls_return(game):
    tree = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    view = TreeView(tree, frames=True)
    first_return = tree.root.children[0].return_step  # X's first test-play is scored
    ax = view.show(first_return)
    assert texts(ax).count("−1") == 3  # its two leaves and the test-play itself
    assert "+1" not in texts(ax)  # the root has not returned
    assert ax.get_title() == "event 4 of 12: return −1 from X plays 1"
    assert view.artists.cursor.get_visible()


def test_window_as_it_stands_mid_search(game):
    tree = mv.alphabeta(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    view = TreeView(tree, frames=True)
    ax = view.show(7)  # O's test-play on 1, inside X's third test-play
    assert texts(ax).count("α=+1 β=+∞") == 3  # the root's alpha has risen to +1 after X plays 4


def test_the_whole_game_is_drawn_around_its_root(game):
    """549,946 calls: the root and its 9 children as boards, the 72 below as marks, and
    "+N calls" fans that, with the nodes drawn, count every call of the game tree."""
    tree = mv.minimax(game).tree
    view = TreeView(tree, pyplot=False)
    view.show()
    scene = view.scene
    assert len(scene.boards) == 1 + 9 and len(scene.marks) == 72 and view.detail == "glyph"
    assert len(view.nodes) + sum(view.collapsed.values()) == 549_946
    assert "+59,696 calls" in texts(view.ax)  # the games under X's corner opening, below its 8 replies
    deeper = TreeView(tree, pyplot=False, levels=1)
    assert len(deeper.nodes) == 10 and len(deeper.collapsed) == 9


def test_a_thousand_nodes_keep_boards_at_their_size(game):
    tree = mv.minimax(game, "XO..X....").tree
    view = TreeView(tree, pyplot=False)
    view.show()
    assert len(view.scene.boards) == 1 + 6 and len(view.scene.marks) == 30
    assert view.artists.scale >= 0.72  # text stays >= 8 px at 100 dpi
    assert len(view.nodes) + sum(view.collapsed.values()) == len(tree) == 1061


def test_png_and_repr(game):
    tree = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    png = tree._repr_png_()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000
    assert tree_png(tree, upto=3).startswith(b"\x89PNG")


def test_bad_drawing_options(game):
    result = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD)
    with pytest.raises(mv.InvalidOption, match="steps 0 to 12"):
        draw_tree(result, upto=13)
    with pytest.raises(mv.InvalidOption, match="record=True"):
        draw_tree(mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD, record=False))
    with pytest.raises(mv.InvalidOption, match="'hide' or 'ghost'"):
        draw_tree(result, future="blur")


def test_matplotlib_is_imported_lazily():
    code = "import sys, minimax_viz as mv; mv.minimax(mv.TicTacToe()); print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "minimax_viz", *args], capture_output=True, text=True)


def test_cli_draws_the_tutorial_tree(tmp_path):
    out = tmp_path / "tree.png"
    done = run_cli("draw", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"\x89PNG")
    assert "9 calls, move 4, score +1" in done.stdout  # numbers as the figures write them
    done = run_cli("draw", "--board", ".........", "--depth", "2", "-o", str(out))
    assert "82 calls, move 4, score +0.11" in done.stdout  # 1/9: X's 5 open lines - O's 4 after O's best reply
    svg = tmp_path / "aima.svg"
    done = run_cli("draw", "--tree", str(AIMA), "--algorithm", "alphabeta", "--step", "5", "-o", str(svg))
    assert done.returncode == 0 and svg.read_text().lstrip().startswith("<?xml")
    corner = tmp_path / "corner.png"
    done = run_cli("draw", "--board", ".........", "--focus", "1", "--dpi", "300", "-o", str(corner))
    assert done.returncode == 0, done.stderr
    assert struct.unpack(">II", corner.read_bytes()[16:24])[0] <= 1000  # dpi lowered to fit


@pytest.mark.parametrize(
    "args, words",
    [
        (["draw", "--board", "X.OX.XOO", "-o", "x.png"], "9 characters"),
        (["draw", "--algorithm", "negamax", "-o", "x.png"], "invalid choice"),
        (["draw", "-o", "x.gif"], ".png or .svg"),
        (["draw", "--depth", "-2", "-o", "x.png"], "0 or more plies"),
        (["draw", "--tree", "[[1, 'a']]", "-o", "x.png"], "leaf at path"),
        (["draw", "--focus", "9", "-o", "x.png"], "focus must be a node of this tree"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(tmp_path, args, words):
    done = subprocess.run([sys.executable, "-m", "minimax_viz", *args], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr


def test_cli_trace():
    done = run_cli("trace")
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == " 12 return +1 from root"
