"""Checks for lesson 06, move ordering and memory: the best order, the minimal tree, table entries.

The ordering check runs the package's :func:`~minimax_viz.alphabeta` on the learner's
reordered tree (nested lists, as in :class:`~minimax_viz.GameTree`) and counts the
leaves it visits; a tree that costs more than it must is explained with the first node,
in the order searched, whose best child should have come first. Nodes are named by
their paths of child indexes in the learner's tree, ``(1, 0)`` for the first child of
the root's second child; ``()`` is the root.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any, Callable

from ..games import GameTree
from ..search import alphabeta
from .feedback import Feedback, describe_error
from .feedback import number_text as _num
from .feedback import learner_check

__all__ = [
    "ORDER_TREE", "BRANCHING", "DEPTH", "minimal_leaves",
    "check_order", "check_minimal_leaves", "check_entry_kind",
]

#: The tree of the ordering exercise: Max, Min, Max, then eight leaves. In this order
#: alpha-beta cuts nothing and visits all eight; the best order visits five.
ORDER_TREE = [[[2, 17], [3, 11]], [[1, 19], [15, 16]]]
#: The uniform tree of the exercise on the minimal tree: 3 moves everywhere, 4 plies.
BRANCHING, DEPTH = 3, 4

KINDS = ("exact", "lower", "upper")


def minimal_leaves(branching: int, depth: int) -> int:
    """Leaves alpha-beta visits in a uniform tree ordered best first (Knuth and Moore, 1975).

    ``b ** ceil(d / 2) + b ** floor(d / 2) - 1`` for ``b`` moves everywhere and ``d`` plies.

    >>> minimal_leaves(3, 2), minimal_leaves(2, 3)
    (5, 5)
    """
    return branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1


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
    allows (for a uniform tree, :func:`minimal_leaves`).

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


# -- exercise: the size of the minimal tree -------------------------------------------------

@learner_check
def check_minimal_leaves(answer: Any, branching: int = BRANCHING, depth: int = DEPTH) -> Feedback:
    """Check the number of leaves alpha-beta visits in a uniform tree ordered best first.

    >>> check_minimal_leaves(17)
    Right: with 3 moves everywhere and 4 plies, alpha-beta ordered best first visits 17 of the 81 leaves.
    >>> check_minimal_leaves(81)  # doctest: +ELLIPSIS
    Not yet: 81 is every leaf of the tree, ...
    """
    b, d = branching, depth
    right, every = minimal_leaves(b, d), b ** d
    what = f"the number of leaves alpha-beta visits with {b} moves everywhere, {d} plies, best move first"
    if answer is ...:
        return Feedback(False, f"replace the ... with {what}.")
    if isinstance(answer, bool) or not isinstance(answer, Real):
        return Feedback(False, f"give a whole number, not {answer!r}.")
    if answer == right:
        return Feedback(
            True, f"with {b} moves everywhere and {d} plies, alpha-beta ordered best first visits "
            f"{right} of the {every} leaves.",
        )
    half = (b ** math.ceil(d / 2), b ** (d // 2))
    hint = (
        f"count the leaves of two proofs: that Max gets at least the value (one Max move at each of "
        f"Max's turns, every Min reply) and that Min holds Max to at most it (one Min reply at each "
        f"of Min's turns, every Max move). With {d} plies, Max moves at plies 1, 3, ... and Min at "
        "2, 4, ...; the two proofs share one leaf, the end of the best line."
    )
    if answer == every:
        why = (f"{every} is every leaf of the tree, what minimax visits (and alpha-beta with the "
               "worst move first). Best first, alpha-beta skips most of them.")
    elif answer == sum(half):
        why = (f"{answer} counts the leaf at the end of the best line twice: it belongs to both "
               "proofs. Take it off once.")
    elif answer in half or answer == round(b ** (d / 2)):
        why = (f"{answer} is b^(d/2), the rough size of the minimal tree, or one of its two "
               "halves; the exact count adds both halves.")
    else:
        why = f"{answer!r} is not {what}."
    return Feedback(False, why, hint=hint)


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


