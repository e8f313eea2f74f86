"""Lesson 05's checks: "Right" for a right answer, "Not yet" with useful words otherwise."""

import math

import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson05 as L
from feedback_helpers import says, stub

SKIPPED = [(0, 1, 1), (1, 1, 0), (1, 1, 1), (2, 1, 1)]


# -- which leaves alpha-beta never visits ---------------------------------------------------------

def test_never_visited_right_as_paths_lists_or_values():
    says(L.check_never_visited(SKIPPED), True, "4 of the 12 leaves")
    says(L.check_never_visited([list(p) for p in reversed(SKIPPED)]), True)
    says(L.check_never_visited([9, 0, 3, 10]), True)
    says(L.check_never_visited([(1, 1), (1, 2)], L.AIMA), True, "2 of the 9 leaves")


def test_never_visited_agrees_with_the_recorded_search():
    result = mv.alphabeta(mv.GameTree(L.PRACTICE))
    visited = {n.internal_state for n in result.tree.nodes if n.kind == "leaf"}
    assert sorted(set(mv.GameTree(L.PRACTICE).leaves()) - visited) == SKIPPED


def test_never_visited_stub_and_bad_forms():
    says(L.check_never_visited(...), False, "replace the ...")
    says(L.check_never_visited(5), False, "list of leaf paths")
    says(L.check_never_visited([(0, 1, 1), (1, 1)]), False, "(1, 1) is an inner node", "each leaf under it")
    says(L.check_never_visited([(5,)]), False, "(5,) is not a node", "3 child indexes")
    says(L.check_never_visited(["a"]), False, "'a' is not a leaf path")
    says(L.check_never_visited([42]), False, "no leaf of this tree holds the value 42")
    says(L.check_never_visited([2], [[2, 1], [2, 0]]), False, "2 leaves hold the value 2", "paths")


def test_never_visited_first_child_is_always_visited():
    says(
        L.check_never_visited([(1, 0), (1, 1), (1, 2)], L.AIMA), False,
        "leaf (1, 0) is always visited", "first child",
    )
    says(L.check_never_visited(SKIPPED + [(2, 1, 0)]), False, "(2, 1, 0) is always visited")


def test_never_visited_explains_a_leaf_that_must_be_searched():
    says(
        L.check_never_visited(SKIPPED + [(2, 0, 1)]), False,
        "leaf (2, 0, 1) is visited", "the Max node (2, 0)", "best it has is 8", "beta = +inf",
    )
    says(
        L.check_never_visited([(1, 1), (1, 2), (2, 2)], L.AIMA), False,
        "leaf (2, 2) is visited", "the Min node (2,)", "lowest it has is 5", "alpha = 3",
    )


def test_never_visited_explains_a_missing_leaf_and_a_skipped_subtree():
    says(L.check_never_visited([]), False, "leaf (0, 1, 1) is never visited", "7 >= beta = 6")
    says(
        L.check_never_visited([(0, 1, 1)]), False,
        "leaf (1, 1, 0) is never visited", "the Min node (1,)", "2 <= alpha = 6",
        "The whole subtree under (1, 1) is skipped",
    )
    says(L.check_never_visited([(1, 1)], L.AIMA), False, "(1, 2) is never visited", "2 <= alpha = 3")


def test_never_visited_with_the_strict_convention():
    says(L.check_never_visited([(1, 1)], [[5, 6], [5, 9]]), True)
    says(
        L.check_never_visited([], [[5, 6], [5, 9]], prune_on_equal=False), True, "0 of the 4 leaves: none"
    )
    says(
        L.check_never_visited([(1, 1)], [[5, 6], [5, 9]], prune_on_equal=False), False,
        "(1, 1) is visited", "is not below alpha = 5",
    )


# -- the window at a node --------------------------------------------------------------------------

def test_window_right():
    says(L.check_window((6, 8)), True, "alpha = 6 and beta = 8")
    says(L.check_window([6, 8.0]), True)
    says(L.check_window((3, math.inf), node=(2,), nested=L.AIMA), True, "beta = +inf")
    says(L.check_window((-math.inf, math.inf), node=(), nested=L.AIMA), True)


def test_window_stub_and_bad_forms():
    says(L.check_window(...), False, "replace the ...")
    says(L.check_window((6,)), False, "two numbers", "math.inf")
    says(L.check_window("6, 8"), False, "two numbers")


def test_window_typical_mistakes():
    says(L.check_window((8, 6)), False, "wrong way round", "lower end")
    says(
        L.check_window((-math.inf, math.inf)), False, "window at the root",
        "Alpha is the most Max", "(0,) and (1,) had returned",
    )
    says(L.check_window((6, math.inf)), False, "beta = +inf is not right", "Look at (2,)", "(2, 0) had returned")
    says(L.check_window((2, 8)), False, "alpha = 2 is not right")
    says(L.check_window((8, math.inf)), False, "alpha = 8 is not right, and neither is beta = +inf")
    says(L.check_window((0, 8), node=(0, 1)), False, "alpha = 0", "No Max node above (0, 1) has a finished child")


def test_window_refuses_a_node_that_is_never_entered():
    with pytest.raises(ValueError, match="never enters"):
        L.check_window((6, 2), node=(1, 1))


# -- your own alpha-beta ---------------------------------------------------------------------------

def ab(node, alpha, beta, is_max, visited):
    """The lesson's solution."""
    if not isinstance(node, list):
        visited.append(node)
        return node
    best = -math.inf if is_max else math.inf
    for child in node:
        value = ab(child, alpha, beta, not is_max, visited)
        if is_max:
            best = max(best, value)
            alpha = max(alpha, best)
            if best >= beta:
                break
        else:
            best = min(best, value)
            beta = min(beta, best)
            if best <= alpha:
                break
    return best


def fail_hard(node, alpha, beta, is_max, visited):
    """The other textbook form: it returns alpha or beta on a cut; it visits the same leaves."""
    if not isinstance(node, list):
        visited.append(node)
        return node
    for child in node:
        value = fail_hard(child, alpha, beta, not is_max, visited)
        if is_max:
            if value >= beta:
                return beta
            alpha = max(alpha, value)
        else:
            if value <= alpha:
                return alpha
            beta = min(beta, value)
    return alpha if is_max else beta


def plain(node, alpha, beta, is_max, visited):
    if not isinstance(node, list):
        visited.append(node)
        return node
    values = [plain(child, alpha, beta, not is_max, visited) for child in node]
    return max(values) if is_max else min(values)


def strict(node, alpha, beta, is_max, visited):
    if not isinstance(node, list):
        visited.append(node)
        return node
    best = -math.inf if is_max else math.inf
    for child in node:
        value = strict(child, alpha, beta, not is_max, visited)
        if is_max:
            best = max(best, value)
            alpha = max(alpha, best)
            if best > beta:
                break
        else:
            best = min(best, value)
            beta = min(beta, best)
            if best < alpha:
                break
    return best


def narrows_at_root_only(node, alpha, beta, is_max, visited, depth=0):
    if not isinstance(node, list):
        visited.append(node)
        return node
    best = -math.inf if is_max else math.inf
    for child in node:
        value = narrows_at_root_only(child, alpha, beta, not is_max, visited, depth + 1)
        if is_max:
            best = max(best, value)
            if depth == 0:
                alpha = max(alpha, best)
            if best >= beta:
                break
        else:
            best = min(best, value)
            if best <= alpha:
                break
    return best


def right_to_left(node, alpha, beta, is_max, visited):
    if not isinstance(node, list):
        visited.append(node)
        return node
    best = -math.inf if is_max else math.inf
    for child in reversed(node):
        value = right_to_left(child, alpha, beta, not is_max, visited)
        best = max(best, value) if is_max else min(best, value)
        if is_max:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def test_alphabeta_right():
    says(L.check_alphabeta(ab), True, "all 6 trees", "same order")
    says(L.check_alphabeta(fail_hard), True)


def test_alphabeta_stub_and_not_a_function():
    says(L.check_alphabeta(stub), False, "still the stub", "NotImplementedError")
    says(L.check_alphabeta(5), False, "should be a function")


def test_alphabeta_wrong_value():
    def same_player(node, alpha, beta, is_max, visited):
        if not isinstance(node, list):
            visited.append(node)
            return node
        values = [same_player(child, alpha, beta, is_max, visited) for child in node]
        return max(values) if is_max else min(values)

    says(L.check_alphabeta(same_player), False, "returned 14, but the value of this tree is 3", "is_max flips")


def test_alphabeta_no_cut_no_leaves_strict_and_out_of_order():
    says(L.check_alphabeta(plain), False, "looked at every leaf: it never cut")

    def forgets_visited(node, alpha, beta, is_max, visited):
        return ab(node, alpha, beta, is_max, [])

    says(L.check_alphabeta(forgets_visited), False, "visited stayed empty")
    says(L.check_alphabeta(strict), False, "strict inequality", "CS188", "AIMA")
    says(
        L.check_alphabeta(narrows_at_root_only), False,
        "the first 3 leaves it looked at are right", "it looked at 9", "(0, 1, 1) is never visited",
    )
    says(L.check_alphabeta(right_to_left), False, "leaf (0,) = 4 next", "left to right")


def test_alphabeta_does_not_let_the_learner_change_the_trees():
    def mutates(node, alpha, beta, is_max, visited):
        value = ab(node, alpha, beta, is_max, visited)
        if isinstance(node, list):
            node.clear()
        return value

    says(L.check_alphabeta(mutates), True)
    assert L.PRACTICE == [[[4, 6], [7, 9]], [[1, 2], [0, 3]], [[8, 5], [11, 10]]]


def test_paths_are_the_numbers_on_the_edges():
    # Issue 15: one notation for paths. The drawing's edges carry 0-based indexes ...
    tree = L.IndexedTree(L.PRACTICE)
    assert [tree.label((2, 0), 1), tree.label((), 2)] == ["1", "2"]
    # ... and an answer in AIMA's letter labels, or counted from 1, gets words, not a verdict on leaves.
    letters = L.check_never_visited(["f2", "g1"])
    assert not letters.ok and "numbers on the edges" in str(letters)
    one_based = L.check_never_visited([(1, 2, 2)])
    assert not one_based.ok and "did you mean (0, 1, 1)" in str(one_based)
