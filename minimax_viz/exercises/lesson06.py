"""Checks for lesson 06, move ordering and memory: the best order, the minimal tree's size, table entries.

The ordering check runs the package's :func:`~minimax_viz.alphabeta` on the learner's
reordered tree (nested lists, as in :class:`~minimax_viz.GameTree`) and counts the
leaves it visits; a tree that costs more than it must is explained with the first node,
in the order searched, whose best child should have come first. Nodes are named by
their paths of child indexes in the learner's tree, ``(1, 0)`` for the first child of
the root's second child; ``()`` is the root.
"""

from __future__ import annotations

import math
import random
from functools import cache
from numbers import Real
from typing import Any, Callable

from ..games import GameTree
from ..search import alphabeta, minimax
from .feedback import Feedback, describe_error
from .feedback import number_text as _num
from ..clock import call_learner
from .feedback import learner_check

__all__ = [
    "ORDER_TREE", "MINIMAL_CASES", "best_first_leaves",
    "check_order", "check_minimal_leaves", "check_entry_kind",
]

#: The tree of the ordering exercise: Max, Min, Max, then eight leaves. In this order
#: alpha-beta cuts nothing and visits all eight; the best order visits five.
ORDER_TREE = [[[2, 17], [3, 11]], [[1, 19], [15, 16]]]
KINDS = ("exact", "lower", "upper")


# -- exercise: order the moves so alpha-beta visits the fewest leaves ------------------------

def _leaves(nested) -> int:
    return alphabeta(GameTree(nested), record=False).stats.leaves


def _canonical(node):
    """The tree with every node's children sorted: equal for two orderings of one tree."""
    if isinstance(node, (list, tuple)):
        return ("node", sorted((_canonical(c) for c in node), key=repr))
    return ("leaf", node)


def _sorted_leaves(node) -> list:
    leaves = _flat(node)
    try:
        return sorted(leaves)
    except TypeError:
        return sorted(leaves, key=repr)


def _flat(node) -> list:
    return [x for c in node for x in _flat(c)] if isinstance(node, (list, tuple)) else [node]


def _value(node, is_max: bool):
    """The minimax value of a nested-list tree whose top node is Max (or Min)."""
    if not isinstance(node, (list, tuple)):
        return node
    values = [_value(c, not is_max) for c in node]
    return max(values) if is_max else min(values)


def _best_first(node, is_max: bool, *, keep_top: bool = False):
    """The tree with every node's children best first (the top node's kept in place)."""
    if not isinstance(node, (list, tuple)):
        return node
    kids = [_best_first(c, not is_max) for c in node]
    if keep_top:
        return kids
    return sorted(kids, key=lambda c: _value(c, not is_max), reverse=is_max)


def _replace(nested, path, new):
    if not path:
        return new
    kids = list(nested)
    kids[path[0]] = _replace(nested[path[0]], path[1:], new)
    return kids


def _at(nested, path):
    for i in path:
        nested = nested[i]
    return nested


def _why_order(nested) -> str | None:
    """Words for the first node, in search order, whose own first move costs leaves.

    A node's first move costs leaves when, with everything below it ordered best
    first, keeping its children in the learner's order visits more leaves than putting
    them best first too.
    """
    game = GameTree(nested)
    for node in alphabeta(game).tree.nodes:
        path = node.internal_state
        if node.pruned or node.is_leaf:
            continue
        here, is_max = _at(nested, path), game.is_max(path)
        kept = _leaves(_replace(nested, path, _best_first(here, is_max, keep_top=True)))
        if kept <= _leaves(_replace(nested, path, _best_first(here, is_max))):
            continue
        values = [_value(c, not is_max) for c in here]
        best = max(values) if is_max else min(values)
        where = "the Max root" if not path else f"the {'Max' if is_max else 'Min'} node {path}"
        worth = ", ".join(repr(v) for v in values)
        if is_max:
            why = (
                "Max's best move first gives the node its final value at once: alpha rises as "
                "high as it will go (or the node reaches beta and stops) before the other moves "
                "are tried, so they can be cut sooner."
            )
        else:
            why = (
                "Min's best (lowest) reply first gives the node its final value at once: beta "
                "falls as low as it will go (or the node falls to alpha and stops) before the "
                "other replies are tried, so they can be cut sooner."
            )
        return (
            f"look at {where}: its children are worth {worth} (their minimax values), and you "
            f"put the one worth {values[0]!r} first, but its best is {best!r}. {why}"
        )
    return None


@learner_check
def check_order(answer: Any, nested: Any = ORDER_TREE) -> Feedback:
    """Check a reordering of ``nested`` on which alpha-beta visits as few leaves as it can.

    The answer must be the same tree with the children of its nodes reordered (each
    subtree kept whole); alpha-beta must visit the fewest leaves that any ordering
    allows (for a uniform tree, those of the minimal tree: :func:`best_first_leaves`).

    Parameters
    ----------
    answer : object
        The learner's reordered tree, as nested lists.
    nested : list, optional
        The tree to reorder (the lesson's unless given).

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> aima = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    >>> check_order([[3, 8, 12], [2, 4, 6], [2, 5, 14]], aima)
    Right: alpha-beta visits 5 of the 9 leaves, the fewest any order allows.
    >>> check_order(aima, aima)  # doctest: +ELLIPSIS
    Not yet: alpha-beta visits 7 of the 9 leaves of your tree; the fewest possible is 5.
    Hint: look at the Min node (2,): its children are worth 14, 5, 2 (...), and you put the
    one worth 14 first, but its best is 2. ...
    """
    if answer is ...:
        return Feedback(False, "replace the ... with the tree, written again with the children of "
                               "its nodes in a better order.")
    if not isinstance(answer, (list, tuple)):
        return Feedback(False, f"write the tree as nested lists, like the one given, not {answer!r}.")
    try:
        GameTree(answer)
    except ValueError as err:
        return Feedback(False, f"that is not a tree of nested lists and numbers: {err}.")
    mine, given = _sorted_leaves(answer), _sorted_leaves(nested)
    if mine != given:
        return Feedback(
            False, f"your tree's leaves are {mine}, but the given tree's are {given}: change "
            "only the order of the children, never the numbers.",
        )
    if _canonical(answer) != _canonical(nested):
        return Feedback(
            False, "your tree has the right leaves, but not the same groups: some leaf or subtree "
            "moved to another parent. Keep every subtree whole and only change the order of "
            "the children of each node.",
        )
    fewest = _fewest(nested)
    got, total = _leaves(answer), len(_flat(nested))
    if got == fewest:
        return Feedback(True, f"alpha-beta visits {got} of the {total} leaves, the fewest any order allows.")
    why = _why_order(answer)
    return Feedback(
        False, f"alpha-beta visits {got} of the {total} leaves of your tree; the fewest possible is {fewest}.",
        hint=why or "put the best move first at every node, judging each move by its minimax value.",
    )


def _fewest(nested) -> int:
    """The leaves alpha-beta visits with the best move first at every node: the fewest any
    order allows in a uniform tree (Knuth and Moore), and in the lesson's trees."""
    return _leaves(_best_first(nested, True))


# -- exercise: the size of the minimal tree, counted by the nodes' jobs ------------------------

#: ``(branching, depth)`` for :func:`check_minimal_leaves`, none of them in the lesson's
#: table: the old question first (3 moves, 4 plies: 17), then odd depths, where Max's and
#: Min's halves differ, a single move everywhere, a single leaf, and larger trees.
MINIMAL_CASES = ((3, 4), (2, 5), (4, 3), (5, 2), (2, 1), (1, 4), (3, 0), (3, 5), (2, 7), (5, 3))


def _best_move_first(game, state, moves):
    """The moves sorted best first for the player to move, by the package's minimax value."""
    values = {move: minimax(game, game.play(state, move), record=False).score for move in moves}
    return sorted(moves, key=values.get, reverse=game.is_max(state))


@cache
def best_first_leaves(branching: int, depth: int) -> int:
    """The leaves alpha-beta visits in a uniform tree (``branching`` moves at every position,
    ``depth`` plies, leaves all different) with the best move always first: counted in
    the tree :func:`~minimax_viz.alphabeta` records, not from a formula.

    Parameters
    ----------
    branching : int
        The moves at every position.
    depth : int
        The plies.

    Returns
    -------
    int
        The leaves alpha-beta visits.

    Raises
    ------
    InvalidTree
        For a ``branching`` below 1 (a position with no moves before the last ply).

    Examples
    --------
    >>> best_first_leaves(3, 2), best_first_leaves(2, 3)
    (5, 5)
    """
    rng = random.Random(branching * 100 + depth)
    size = branching ** depth
    values = iter(rng.sample(range(-10 * size, 10 * size), size))   # all different: no ties

    def build(plies):
        return next(values) if plies == 0 else [build(plies - 1) for _ in range(branching)]

    tree = GameTree(build(depth))
    return alphabeta(tree, order=_best_move_first).tree.counts()["leaf"]


@learner_check
def check_minimal_leaves(minimal_leaves: Callable) -> Feedback:
    """Check ``minimal_leaves(branching, depth)``: the leaves alpha-beta visits in a uniform
    tree with the best move always first (the minimal tree of Knuth and Moore, 1975).

    It tries the sizes of :data:`MINIMAL_CASES` and compares with alpha-beta itself: the
    leaves it visits on a uniform tree ordered best first (:func:`best_first_leaves`).

    Parameters
    ----------
    minimal_leaves : callable
        The learner's ``minimal_leaves(branching, depth)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> def minimal_leaves(branching, depth):
    ...     def on_best_line(d):
    ...         return 1 if d == 0 else on_best_line(d - 1) + (branching - 1) * refuted(d - 1)
    ...     def refuted(d):
    ...         return 1 if d == 0 else refutation(d - 1)
    ...     def refutation(d):
    ...         return 1 if d == 0 else branching * refuted(d - 1)
    ...     return on_best_line(depth)
    >>> check_minimal_leaves(minimal_leaves)
    Right: minimal_leaves agrees with alpha-beta itself on 10 uniform trees ordered best first, odd and even depths: 17
    of the 81 leaves with 3 moves everywhere and 4 plies, 11 of the 32 with 2 moves and 5 plies.
    >>> check_minimal_leaves(lambda b, d: b ** d)  # doctest: +ELLIPSIS
    Not yet: <lambda>(3, 4) returned 81, but alpha-beta with the best move first visits 17 of the 81 leaves ...
    """
    if not callable(minimal_leaves):
        return Feedback(False, f"minimal_leaves should be a function (branching, depth), but it is "
                               f"{minimal_leaves!r}.",
                        hint="define it with def minimal_leaves(branching, depth): and run that cell.")
    name = getattr(minimal_leaves, "__name__", "minimal_leaves")
    for b, d in MINIMAL_CASES:
        call = f"{name}({b}, {d})"
        got, problem = call_learner(minimal_leaves, b, d)
        if problem is not None:
            return Feedback(False, f"{call}: {problem}.", hint=_JOBS if "recursed" in problem else None)
        right = best_first_leaves(b, d)
        if _is_number(got) and got == right:
            continue
        moves = "one move" if b == 1 else f"{b} moves"
        return Feedback(
            False, f"{call} returned {_shown(got)}, but alpha-beta with the best move first visits {right} of "
            f"the {b ** d} leaves of a uniform tree with {moves} everywhere and {d} pl{'y' if d == 1 else 'ies'}.",
            hint=_minimal_hint(got, b, d),
        )
    return Feedback(
        True, f"{name} agrees with alpha-beta itself on {len(MINIMAL_CASES)} uniform trees ordered best first, "
        "odd and even depths: 17 of the 81 leaves with 3 moves everywhere and 4 plies, 11 of the 32 with "
        "2 moves and 5 plies.",
    )


_JOBS = ("count by the three jobs: a leaf counts 1; a node on the best line adds up its first child "
         "(on the best line too) and its b - 1 other children (refuted); a refuted node counts its one "
         "child, the refutation; a refutation adds up all b of its children, each refuted in turn.")


def _is_number(value) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def _shown(value) -> str:
    return _num(value) if _is_number(value) else repr(value)


def _minimal_hint(got, b: int, d: int) -> str:
    halves = (b ** math.ceil(d / 2), b ** (d // 2))
    if not _is_number(got):
        return "return the count, a whole number. " + _JOBS
    if d == 0:
        return "a tree of depth 0 is a single leaf, and alpha-beta reads it: 1."
    if b == 1:
        return "with one move everywhere the tree is a single line down to a single leaf: 1."
    if got == b ** d:
        return ("that is every leaf, what minimax reads (and alpha-beta with the worst move first). "
                "Best first, a refuted node tries only one child. " + _JOBS)
    if got == sum(halves):
        return ("the leaf at the end of the best line belongs to both proofs, and you count it twice: "
                "take it off once.")
    if d % 2 and (isinstance(got, float) and not float(got).is_integer()):
        return ("for an odd depth b ** (d / 2) is not a whole number: Max moves at plies 1, 3, 5, ... "
                "(⌈d/2⌉ turns: math.ceil(d / 2)) and Min at plies 2, 4, ... (⌊d/2⌋: d // 2).")
    if d % 2 and got in (2 * halves[0] - 1, 2 * halves[1] - 1):
        return ("for an odd depth the two halves differ: Max moves at plies 1, 3, 5, ... (⌈d/2⌉ turns) "
                "and Min at plies 2, 4, ... (⌊d/2⌋ turns), so the proofs have b^⌈d/2⌉ and b^⌊d/2⌋ leaves.")
    return _JOBS


# -- exercise: what a table entry is ----------------------------------------------------------

def _kind_words(kind: str, value, alpha, beta) -> str:
    v, a, b = _num(value), _num(alpha), _num(beta)
    if kind == "upper":
        return (
            f"{v} <= alpha = {a}: the node fell to alpha, so it, or a node below it, may have "
            "stopped early (a Min node stops as soon as its value falls to alpha); its true "
            f"value is at most {v}, an upper bound"
        )
    if kind == "lower":
        return (
            f"{v} >= beta = {b}: the node reached beta, so it, or a node below it, may have "
            "stopped early (a Max node stops as soon as its value reaches beta); its true "
            f"value is at least {v}, a lower bound"
        )
    return (
        f"{a} < {v} < {b}: the value is strictly inside the window, so no cutoff decided it; "
        "it is the node's exact value"
    )


CASES = [
    ((5, 3, 8), "exact"),
    ((2, 3, 8), "upper"),
    ((9, 3, 8), "lower"),
    ((0, -math.inf, math.inf), "exact"),
    ((3, 3, 8), "upper"),
    ((8, 3, 8), "lower"),
    ((-4, -4, math.inf), "upper"),
    ((6, -math.inf, 6), "lower"),
    ((-1, -2, 0), "exact"),
]


@learner_check
def check_entry_kind(function: Callable) -> Feedback:
    """Check ``function(value, alpha, beta)``: what a memo table should store a value as.

    A node searched with the window ``(alpha, beta)`` (cutting on equality) returned
    ``value``; the answer is ``"exact"``, ``"lower"`` (a lower bound: the true value is at
    least ``value``) or ``"upper"`` (an upper bound: at most ``value``).

    Parameters
    ----------
    function : callable
        The learner's ``entry_kind(value, alpha, beta)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> def entry_kind(value, alpha, beta):
    ...     if value <= alpha:
    ...         return "upper"
    ...     if value >= beta:
    ...         return "lower"
    ...     return "exact"
    >>> check_entry_kind(entry_kind)
    Right: a value at or below alpha is an upper bound, at or above beta a lower bound, and
    only a value strictly inside the window is exact.
    >>> check_entry_kind(lambda value, alpha, beta: "exact")  # doctest: +ELLIPSIS
    Not yet: <lambda>(2, 3, 8) returned 'exact', but 2 <= alpha = 3: ...
    """
    name = getattr(function, "__name__", "your function")
    if not callable(function):
        return Feedback(False, f"{name} should be a function, but it is {function!r}.")
    for (value, alpha, beta), want in CASES:
        call = f"{name}({_num(value)}, {_num(alpha)}, {_num(beta)})"
        try:
            got = function(value, alpha, beta)
        except Exception as err:  # the learner's code: any error becomes words
            return Feedback(False, f"{call}: {describe_error(err)}.")
        if not isinstance(got, str) or got not in KINDS:
            return Feedback(
                False, f"{call} returned {got!r}; answer with one of the strings "
                "'exact', 'lower' or 'upper'.",
            )
        if got == want:
            continue
        words = _kind_words(want, value, alpha, beta)
        hint = None
        if {got, want} == {"lower", "upper"}:
            hint = ("lower and upper are swapped: a value at or above beta is a lower bound (the "
                    "truth may be higher), at or below alpha an upper bound (the truth may be lower).")
        elif value in (alpha, beta):
            hint = ("a value equal to alpha or beta is a bound too: cutting on equality, the node "
                    "may stop as soon as it reaches the edge of the window.")
        return Feedback(False, f"{call} returned {got!r}, but {words}.", hint=hint)
    return Feedback(
        True, "a value at or below alpha is an upper bound, at or above beta a lower bound, and "
        "only a value strictly inside the window is exact.",
    )


