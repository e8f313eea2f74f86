"""Lesson 06's checks: "Right" for a right answer, "Not yet" with useful words otherwise."""

import itertools
import math

import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson06 as L
from feedback_helpers import says, stub

BEST = [[[15, 16], [19, 1]], [[3, 11], [2, 17]]]


def knuth_moore(b, d):
    """The textbook count of the minimal tree's leaves (Knuth and Moore, 1975)."""
    return b ** math.ceil(d / 2) + b ** (d // 2) - 1


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
    assert leaves(BEST) == 5 == knuth_moore(2, 3)
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
        assert L._fewest(nested) == knuth_moore(b, d) <= fewest


# -- the size of the minimal tree ---------------------------------------------------------------

def by_jobs(branching, depth):
    """The three jobs of the lesson, as three small recursive functions."""
    def on_best_line(d):
        return 1 if d == 0 else on_best_line(d - 1) + (branching - 1) * refuted(d - 1)

    def refuted(d):
        return 1 if d == 0 else refutation(d - 1)

    def refutation(d):
        return 1 if d == 0 else branching * refuted(d - 1)

    return on_best_line(depth)


def by_job_argument(branching, depth, job="best line"):
    """One function with the job as an argument."""
    if depth == 0:
        return 1
    if job == "best line":
        return (by_job_argument(branching, depth - 1, "best line")
                + (branching - 1) * by_job_argument(branching, depth - 1, "refuted"))
    if job == "refuted":
        return by_job_argument(branching, depth - 1, "refutation")
    return branching * by_job_argument(branching, depth - 1, "refuted")


def by_formula(branching, depth):
    return branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1


def by_brute_force(branching, depth):
    """What a learner may do with the package: build the tree, order it, count."""
    def build(d, start):
        return start if d == 0 else [build(d - 1, start * branching + i) for i in range(branching)]

    def order(game, state, moves):
        values = {m: mv.minimax(game, game.play(state, m), record=False).score for m in moves}
        return sorted(moves, key=values.get, reverse=game.is_max(state))

    return mv.alphabeta(mv.GameTree(build(depth, 0)), order=order, record=False).stats.leaves


def float_halves(b, d):
    return b ** (d / 2) + b ** (d / 2) - 1


def floor_both(b, d):
    return 2 * b ** (d // 2) - 1


def refutation_refutes_all(branching, depth):
    """The refutation's children searched in full too: every leaf below a refuted node."""
    def on_best_line(d):
        return 1 if d == 0 else on_best_line(d - 1) + (branching - 1) * refuted(d - 1)

    def refuted(d):
        return 1 if d == 0 else refutation(d - 1)

    def refutation(d):
        return 1 if d == 0 else branching * refutation(d - 1)

    return on_best_line(depth)


def no_base_case(branching, depth):
    return no_base_case(branching, depth - 1) + 1


@pytest.mark.parametrize("function", [by_jobs, by_job_argument, by_formula, by_brute_force,
                                      lambda b, d: float(by_formula(b, d))])
def test_minimal_leaves_right(function):
    says(L.check_minimal_leaves(function), True, "10 uniform trees", "17 of the 81 leaves", "11 of the 32")


def test_the_cases_are_not_in_the_lessons_table_and_alpha_beta_meets_the_formula():
    table = {(2, 4), (2, 8), (3, 3), (4, 4), (10, 2), (10, 4)}
    assert not table & set(L.MINIMAL_CASES)
    assert L.MINIMAL_CASES[0] == (3, 4) and any(d % 2 for _, d in L.MINIMAL_CASES[:2])
    for b, d in L.MINIMAL_CASES:
        assert L.best_first_leaves(b, d) == knuth_moore(b, d) == by_brute_force(b, d)


@pytest.mark.parametrize(
    "function, words",
    [
        (lambda b, d: b ** d, ["(3, 4) returned 81, but alpha-beta with the best move first visits 17 of the 81",
                               "every leaf", "three jobs"]),
        (lambda b, d: b ** math.ceil(d / 2) + b ** (d // 2), ["returned 18", "count it twice"]),
        (float_halves, ["(2, 5) returned 10.3", "not a whole number", "math.ceil(d / 2)"]),
        (floor_both, ["(2, 5) returned 7, but", "11 of the 32 leaves", "the two halves differ"]),
        (refutation_refutes_all, ["(3, 4) returned 29", "three jobs"]),
        (lambda b, d: 1 if d == 0 else by_formula(b, d) - (b == 1), ["(1, 4) returned 0", "single line"]),
        (lambda b, d: by_formula(b, d) if d else 0, ["(3, 0) returned 0", "single leaf"]),
        (no_base_case, ["recursed without end", "three jobs"]),
        (stub, ["(3, 4): it is still the stub"]),
        (lambda b, d: str(by_formula(b, d)), ["returned '17'", "whole number"]),
        (lambda b, d: None, ["returned None"]),
        (17, ["should be a function"]),
        (lambda b: 17, ["TypeError"]),
    ],
)
def test_minimal_leaves_not_yet(function, words):
    says(L.check_minimal_leaves(function), False, *words)


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
