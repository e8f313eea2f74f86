"""The recording holds every tree the package accepts: deep trees, wide nodes, huge scores.

Each case is built by hand so that its answer is known without the package: a chain of
single children ends at one leaf, a node's best child among ``range(n)`` is the last,
a score of 10**400 is larger than any float.
"""

import pytest

import minimax_viz as mv
from minimax_viz import MinimaxError


def chain(depth, leaf):
    """A GameTree list nesting ``depth`` single-child levels above one leaf."""
    tree = leaf
    for _ in range(depth):
        tree = [tree]
    return tree


@pytest.mark.parametrize("depth", [255, 256, 300])
def test_a_tree_deeper_than_a_byte_records_every_depth(depth):
    result = mv.minimax(mv.GameTree(chain(depth, 7)))
    tree = result.tree
    assert len(tree) == depth + 1
    assert [node.depth for node in tree.nodes] == list(range(depth + 1))
    assert tree.nodes[depth].score == 7 and result.score == 7
    assert result.stats.max_depth == depth


def test_a_node_with_more_children_than_a_short_records_every_move():
    n = 40_000   # more than 32,767, the largest 16-bit move
    result = mv.minimax(mv.GameTree(list(range(n))))
    last = result.tree.nodes[n]
    assert (last.move, last.score) == (n - 1, n - 1)
    assert result.move == n - 1 and result.score == n - 1
    assert [child.move for child in result.tree.root.children] == list(range(n))


def test_a_wide_alpha_beta_cut_records_its_stubs():
    n = 40_000   # Min's first child, 0, is below alpha = 5: the other 39,999 are cut
    result = mv.alphabeta(mv.GameTree([[5], list(range(n))]))
    stubs = [child for child in result.tree.root.children[1].children if child.pruned]
    assert len(stubs) == n - 1 and stubs[-1].move == n - 1
    assert (stubs[-1].alpha, stubs[-1].beta) == (5, 0)


@pytest.mark.parametrize("search", [mv.minimax, mv.alphabeta, mv.expectimax])
def test_a_score_beyond_a_float_is_a_clear_error_when_recorded(search):
    with pytest.raises(MinimaxError, match=r"1\.8e308.*record=False"):
        search(mv.GameTree([10**400, 1]))


def test_a_score_beyond_a_float_is_searched_unrecorded():
    assert mv.minimax(mv.GameTree([10**400, 1]), record=False).score == 10**400
    assert mv.alphabeta(mv.GameTree([[10**400, 10**401], [2]]), record=False).score == 10**400
    with pytest.raises(MinimaxError, match=r"too large to average"):
        mv.expectimax(mv.GameTree([[10**400, 1], [2]]), record=False)
