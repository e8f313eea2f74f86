"""What the drawings contain: glyphs, cut branches, labels, replay frames, size limits.

These check what was drawn, not pixels; the pictures themselves are looked at by people
(``make figures`` writes them).
"""

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
    return view.layers[[l.kind for l in view.layers].index("glyph")]


def dashed_edges(view):
    edges = next(l for l in view.layers if l.kind == "edge")
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
        assert len(dashed) == result.stats.pruned > 0
        assert all(result.tree.nodes[i].pruned for i in dashed)
        cuts = [l for l in view.layers if l.kind == "cut"]
        if view.detail == "glyph":  # a double bar across each cut edge
            assert len(cuts[0].owners) == 2 * result.stats.pruned


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
    view = TreeView(tree, frames=True)
    frames = board_layer(view)
    for k in range(tree.n_steps):
        view.show(k)
        alphas = frames.artist.get_facecolor()[:, 3]
        shown = {o for o, a in zip(frames.owners, alphas) if a > 0}
        assert shown == {n.index for n in tree.nodes if n.step <= k}, k


def test_scores_appear_when_calls_return(game):
    tree = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    view = TreeView(tree, frames=True)
    first_return = tree.root.children[0].return_step  # X's first test-play is scored
    ax = view.show(first_return)
    assert texts(ax).count("−1") == 3  # its two leaves and the test-play itself
    assert "+1" not in texts(ax)  # the root has not returned
    assert ax.get_title() == "step 4 of 12: return −1 from X plays 1"
    assert view.cursor.get_visible()


def test_window_as_it_stands_mid_search(game):
    tree = mv.alphabeta(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    view = TreeView(tree, frames=True)
    ax = view.show(7)  # O's test-play on 1, inside X's third test-play
    assert texts(ax).count("α=+1 β=+∞") == 3  # the root's alpha has risen to +1 after X plays 4


def test_the_whole_game_is_drawn_collapsed(game):
    tree = mv.minimax(game).tree
    view = TreeView(tree, pyplot=False)
    view.show()
    assert len(view.nodes) == 1 + 9  # as deep as boards stay readable: level 2 has 72
    assert view.detail == "glyph"
    assert sum(view.collapsed.values()) + len(view.nodes) == len(tree)
    assert "+59,704\nnodes" in texts(view.ax)  # the games under X's corner opening
    deeper = TreeView(tree, pyplot=False, levels=3)
    assert len(deeper.nodes) == 1 + 9 + 72 + 504 and deeper.detail == "dot"


def test_thousand_nodes_become_dots(game):
    tree = mv.minimax(game, "XO..X....").tree
    view = TreeView(tree, pyplot=False)
    view.show()
    assert len(view.nodes) == len(tree) == 1061 and view.detail == "dot"


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
    assert "9 calls, move 4, score 1" in done.stdout
    svg = tmp_path / "aima.svg"
    done = run_cli("draw", "--tree", str(AIMA), "--algorithm", "alphabeta", "--step", "5", "-o", str(svg))
    assert done.returncode == 0 and svg.read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize(
    "args, words",
    [
        (["draw", "--board", "X.OX.XOO", "-o", "x.png"], "9 characters"),
        (["draw", "--algorithm", "negamax", "-o", "x.png"], "invalid choice"),
        (["draw", "-o", "x.gif"], ".png or .svg"),
        (["draw", "--depth", "-2", "-o", "x.png"], "0 or more plies"),
        (["draw", "--tree", "[[1, 'a']]", "-o", "x.png"], "leaf at path"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(tmp_path, args, words):
    done = subprocess.run([sys.executable, "-m", "minimax_viz", *args], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr


def test_cli_trace():
    done = run_cli("trace")
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == " 12 return +1 from root"
