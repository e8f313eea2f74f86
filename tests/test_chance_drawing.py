"""Chance nodes in the drawings: circles, probabilities on the edges, averages as values,
agents named, and the title's best move as the game names it."""

import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.image as mpimg  # noqa: E402

import minimax_viz as mv  # noqa: E402
from minimax_viz.exercises import lesson09  # noqa: E402
from minimax_viz.scene import SHAPES, Scene, shape_of  # noqa: E402

DICE = mv.GameTree([["chance", (0.25, 8), (0.75, 0)], ["chance", 3, 5]])


def test_chance_nodes_are_circles_and_edges_carry_probabilities():
    tree = mv.expectimax(DICE).tree
    shapes = [shape_of(n) for n in tree.nodes]
    assert shapes == ["max", "chance", "leaf", "leaf", "chance", "leaf", "leaf"]
    assert SHAPES["chance"][1] == "o"
    scene = Scene(tree)
    texts = {n.index: scene.edge_text(n.index) for n in tree.nodes if n.index}
    assert [texts[i] for i in (2, 3, 5, 6)] == ["0.25", "0.75", "0.5", "0.5"]
    assert texts[1] == ""   # Max chooses: no probability on its edges
    # 0.25 x 8 + 0.75 x 0 = 2 (hand-checked); (3 + 5) / 2 = 4; Max takes 4 by move 1
    assert [tree.nodes[i].score for i in (1, 4)] == [2.0, 4.0]
    assert scene.title(None) == "expectimax: 7 calls; best move 1, value 4"
    assert any(words.startswith("chance") for _, _, words in scene.legend(frames=False, pv=False))


def test_ghosts_are_named_and_moves_use_the_games_names():
    ghosts = lesson09.ghost_tree()
    scene = Scene(mv.minimax(ghosts, depth=ghosts.depth).tree)
    words = [w for _, _, w in scene.level_labels()]
    assert words == ["▲ Max\nPacman to move", "▼ Min\nghost 1 to move", "▼ Min\nghost 2 to move"]
    assert "best move Right" in scene.title(None)
    scene = Scene(mv.expectimax(ghosts, depth=ghosts.depth).tree)
    words = [w for _, _, w in scene.level_labels()]
    assert words[1:] == ["● Chance\nghost 1, at random", "● Chance\nghost 2, at random"]
    assert "best move Left" in scene.title(None)


def test_chance_picture_fits():
    png = mv.tree_png(mv.expectimax(lesson09.ghost_tree(), depth=3))
    assert mpimg.imread(io.BytesIO(png)).shape[1] <= 1000


def test_tic_tac_toe_expectimax_draws_circle_marks():
    game = mv.TicTacToe()
    result = mv.expectimax(game, "XOXO.....")   # X to move: O replies at random
    assert {shape_of(c) for c in result.tree.root.children if not c.is_leaf} == {"chance"}
    assert mv.tree_png(result, levels=1)[:4] == b"\x89PNG"


def test_stepper_speaks_of_chance_nodes_as_averages():
    result = mv.expectimax(mv.GameTree([["chance", (0.25, 8), (0.75, 0)], [3, 6]]))
    stepper = mv.Stepper(result)
    words = []
    for k in range(result.tree.n_steps):
        stepper.step = k
        words.append(stepper.caption)
    text = "\n".join(words)
    assert "a new call, chance moves" in text
    assert "chance picks 0 (p=0.25)" in text
    assert "a new call, MIN moves at random" in text       # expectimax's Min node is a chance node
    assert "returns 2, the average of its outcomes" in text  # 0.25 * 8 + 0.75 * 0
    stepper.step = 3
    assert "weighted average" in stepper._table_html() and "best so far" not in stepper._table_html()
