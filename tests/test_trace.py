"""The recording: node fields, replay events, text trace, networkx conversion."""

import math

import networkx as nx
import pytest

from minimax_viz import GameTree, TicTacToe, alphabeta, minimax

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(scope="module")
def tutorial_tree():
    return minimax(TicTacToe(), TicTacToe.TUTORIAL_BOARD).tree


def test_nodes_in_creation_order(tutorial_tree):
    moves = [n.move for n in tutorial_tree.nodes]
    assert moves == [None, 1, 4, 8, 4, 8, 1, 4, 4]
    depths = [n.depth for n in tutorial_tree.nodes]
    assert depths == [0, 1, 2, 2, 1, 1, 2, 3, 2]


def test_node_fields(tutorial_tree):
    root = tutorial_tree.root
    assert root.state == TicTacToe.TUTORIAL_BOARD and root.player == "X"
    assert root.move is None and root.parent is None and root.score == 1
    x8 = root.children[2]
    assert x8.move == 8 and x8.player == "O" and x8.parent == root
    assert x8.state == ["X", 1, "O", "X", 4, "X", "O", "O", "X"]
    assert [c.move for c in x8.children] == [1, 4]
    assert x8.alpha is None  # plain minimax keeps no window
    deepest = x8.children[0].children[0]
    assert [n.move for n in deepest.path] == [None, 8, 1, 4]
    assert deepest.kind == "leaf" and deepest.is_leaf and deepest.score == 1


def test_steps_follow_the_replay(tutorial_tree):
    events = list(tutorial_tree.events())
    assert len(events) == tutorial_tree.n_steps == 13
    assert [e.step for e in events] == list(range(13))
    assert [e.kind for e in events][:5] == ["enter", "enter", "leaf", "leaf", "return"]
    assert events[-1].kind == "return" and events[-1].node == tutorial_tree.root
    for e in events:
        if e.kind == "return":
            assert e.node.return_step == e.step
        else:
            assert e.node.step == e.step
    assert tutorial_tree.root.step == 0 and tutorial_tree.root.return_step == 12


def test_text_trace_is_deterministic(tutorial_tree):
    text = tutorial_tree.text()
    assert text == minimax(TicTacToe(), TicTacToe.TUTORIAL_BOARD).tree.text()
    assert text.splitlines()[2] == "  2     O plays 4: -1 (O wins)"
    assert text.splitlines()[-1] == " 12 return +1 from root"


def test_alphabeta_window_recorded():
    tree = alphabeta(GameTree(AIMA)).tree
    assert tree.has_window
    root = tree.root
    assert (root.alpha, root.beta) == (-math.inf, math.inf)
    assert (root.alpha_out, root.beta_out) == (3, math.inf)
    first_min = root.children[0]
    assert (first_min.alpha, first_min.beta, first_min.beta_out) == (-math.inf, math.inf, 3)
    third_min = root.children[2]
    assert (third_min.alpha, third_min.beta_out, third_min.score) == (3, 2, 2)
    assert "cutoff" in [e.kind for e in tree.events()]
    assert "alpha=+3 beta=+inf" in tree.text()


def test_to_networkx(tutorial_tree):
    graph = tutorial_tree.to_networkx()
    assert isinstance(graph, nx.DiGraph)
    assert graph.number_of_nodes() == 9 and graph.number_of_edges() == 8
    assert nx.is_arborescence(graph)
    assert graph.nodes[0]["score"] == 1 and graph.nodes[0]["move"] is None
    assert graph.edges[0, 4]["move"] == 4
    assert set(graph.nodes[0]) >= {"move", "depth", "kind", "pruned", "score", "step"}


def test_pruned_stubs_in_networkx():
    graph = alphabeta(GameTree(AIMA)).tree.to_networkx()
    pruned = [n for n, d in graph.nodes(data=True) if d["pruned"]]
    assert len(pruned) == 2 and all(graph.nodes[n]["score"] is None for n in pruned)


def test_children_do_not_scan_the_tree():
    tree = minimax(TicTacToe()).tree
    root = tree.root
    assert [c.move for c in root.children] == list(range(9))
    # the last child of the root starts far down the columns; reaching it walks
    # the 9 sibling links, not the half-million rows
    last = root.children[-1]
    assert last.index > 400_000 and len(last.children) == 8


def test_node_list_and_repr(tutorial_tree):
    assert len(tutorial_tree.nodes) == len(tutorial_tree) == 9
    assert tutorial_tree.nodes[-1].move == 4
    with pytest.raises(IndexError):
        tutorial_tree.nodes[9]
    assert repr(tutorial_tree.root) == (
        "Node(step=0, move=None, depth=0, player='X', score=+1, kind='call')"
    )
    assert "9 nodes" in repr(tutorial_tree)
