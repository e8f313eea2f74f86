"""Lesson 06's checks: "Right" for a right answer, "Not yet" with useful words otherwise."""

import itertools
import math

import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson06 as L
from feedback_helpers import says

BEST = [[[15, 16], [19, 1]], [[3, 11], [2, 17]]]


def orderings(node):
    """Every reordering of a nested-list tree (children permuted at every node)."""
    if not isinstance(node, list):
        yield node
        return
    for perm in itertools.permutations(node):
        for kids in itertools.product(*[list(orderings(c)) for c in perm]):
            yield list(kids)


def leaves(nested):
    return mv.alphabeta(mv.GameTree(nested), record=False).stats.leaves


# -- ordering the practice tree ---------------------------------------------------------------

def test_the_given_order_cuts_nothing_and_the_best_order_visits_five():
    assert leaves(L.ORDER_TREE) == 8
    assert leaves(BEST) == 5 == L.minimal_leaves(2, 3)
    says(L.check_order(BEST), True, "5 of the 8 leaves", "the fewest")


def test_order_stub_and_bad_forms():
    says(L.check_order(...), False, "replace the ...")
    says(L.check_order(3), False, "nested lists")
    says(L.check_order([[], 3]), False, "not a tree", "no children")
    says(L.check_order([[[15, 16], [19, 1]], [[3, 11], [2, 18]]]), False, "never the numbers", "17")
    says(L.check_order([[[15, 1], [19, 16]], [[3, 11], [2, 17]]]), False, "another parent", "subtree whole")


def test_the_untouched_tree_names_the_root():
    says(L.check_order(L.ORDER_TREE), False, "visits 8 of the 8", "fewest possible is 5",
         "the Max root", "worth 11, 16", "best is 16", "alpha rises")


def test_typical_orderings_name_the_node_at_fault():
    says(L.check_order([[[1, 19], [15, 16]], [[2, 17], [3, 11]]]), False,
         "the Min node (0,)", "worth 19, 16", "beta falls")
    says(L.check_order([[[15, 16], [1, 19]], [[2, 17], [3, 11]]]), False,
         "the Max node (0, 1)", "worth 1, 19", "best is 19")
    says(L.check_order([[[15, 16], [19, 1]], [[2, 17], [3, 11]]]), False,
         "visits 7 of the 8", "the Min node (1,)", "worth 17, 11", "best is 11")


def test_every_ordering_is_judged_by_its_leaf_count_and_explained():
    # The brute force: no order of the practice tree visits fewer than 5 leaves, and every
    # order that visits more gets a hint naming a node (never the general fallback).
    counts = []
    for tree in orderings(L.ORDER_TREE):
        count, feedback = leaves(tree), L.check_order(tree)
        counts.append(count)
        assert bool(feedback) is (count == 5), (tree, feedback)
        if not feedback:
            assert feedback.hint.startswith("look at the "), (tree, feedback)
    assert len(counts) == 128 and min(counts) == 5 and counts.count(5) == 8


def test_other_trees():
    aima = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    assert min(leaves(t) for t in orderings(aima)) == 5
    says(L.check_order([[3, 8, 12], [2, 4, 6], [2, 5, 14]], aima), True, "5 of the 9")
    says(L.check_order(aima, aima), False, "7 of the 9", "the Min node (2,)", "best is 2")


@pytest.mark.parametrize("b, d", [(2, 2), (2, 3), (2, 4), (3, 2), (3, 3), (4, 2)])
def test_best_first_is_the_minimal_tree(b, d):
    for seed in range(5):
        nested = mv.GameTree.random(depth=d, branching=b, seed=seed, low=-99, high=99).nested
        fewest = min(leaves(t) for t in itertools.islice(orderings(nested), 400))
        assert L._fewest(nested) == L.minimal_leaves(b, d) <= fewest


# -- the size of the minimal tree ---------------------------------------------------------------

def test_minimal_leaves_right_and_wrong():
    says(L.check_minimal_leaves(17), True, "17 of the 81 leaves")
    says(L.check_minimal_leaves(17.0), True)
    says(L.check_minimal_leaves(...), False, "replace the ...")
    says(L.check_minimal_leaves("17"), False, "whole number")
    says(L.check_minimal_leaves(81), False, "every leaf", "minimax")
    says(L.check_minimal_leaves(18), False, "twice", "Take it off once")
    says(L.check_minimal_leaves(9), False, "b^(d/2)", "adds both halves")
    says(L.check_minimal_leaves(27), False, "27 is not", "two proofs")


def test_minimal_leaves_formula_on_a_tree():
    tree = mv.GameTree.random(depth=L.DEPTH, branching=L.BRANCHING, seed=2, low=-99, high=99)
    assert L._fewest(tree.nested) == L.minimal_leaves(L.BRANCHING, L.DEPTH) == 17


# -- what a table entry is ------------------------------------------------------------------------

def entry_kind(value, alpha, beta):
    if value <= alpha:
        return "upper"
    if value >= beta:
        return "lower"
    return "exact"


def test_entry_kind_right():
    says(L.check_entry_kind(entry_kind), True, "upper bound", "lower bound", "strictly inside")


def test_entry_kind_agrees_with_the_engine():
    # The cases follow the rule the engine's table uses: entries searched from a wider
    # window are exact exactly when minimax agrees with them (checked on random trees).
    for seed in range(40):
        tree = mv.GameTree.random(depth=4, branching=(2, 3), seed=seed)
        result = mv.alphabeta(tree)
        for node in result.tree.nodes:
            if node.pruned or node.is_leaf:
                continue
            truth = mv.minimax(tree, node.internal_state, record=False).score
            kind = entry_kind(node.score, node.alpha, node.beta)
            if kind == "exact":
                assert truth == node.score
            elif kind == "lower":
                assert truth >= node.score
            else:
                assert truth <= node.score


def test_entry_kind_stub_and_mistakes():
    def stub(value, alpha, beta):
        raise NotImplementedError("your code here")

    says(L.check_entry_kind(stub), False, "still the stub")
    says(L.check_entry_kind(42), False, "should be a function")
    says(L.check_entry_kind(lambda v, a, b: "bound"), False, "'exact', 'lower' or 'upper'")
    says(L.check_entry_kind(lambda v, a, b: "exact"), False, "(2, 3, 8) returned 'exact'", "upper bound")

    def swapped(value, alpha, beta):
        return {"upper": "lower", "lower": "upper"}.get(entry_kind(value, alpha, beta), "exact")

    says(L.check_entry_kind(swapped), False, "returned 'lower'", "at most 2", "swapped")

    def strict(value, alpha, beta):
        return "upper" if value < alpha else "lower" if value > beta else "exact"

    says(L.check_entry_kind(strict), False, "(3, 3, 8) returned 'exact'", "equal to alpha or beta")

    def no_infinity(value, alpha, beta):
        if math.isinf(alpha) or math.isinf(beta):
            return "lower"
        return entry_kind(value, alpha, beta)

    says(L.check_entry_kind(no_infinity), False, "(0, -inf, +inf) returned 'lower'", "exact value")
