"""A learner's search on nested lists (``function(node, alpha, beta, is_max, visited)``, lesson
05), recorded call by call as the Game-interface searches are, so a check can name the node
where it first parts from alpha-beta (:func:`nested_parting`).

The learner is handed a copy of the tree whose leaves are numbers that know where they stand
(:class:`Leaf`, an ``int`` to their code) and whose lists are known by identity; the calls of
their function are recorded with :func:`~minimax_viz.record_calls` over :class:`NestedTree`,
a :class:`~minimax_viz.GameTree` that reads those arguments as positions.

>>> def ab(node, alpha, beta, is_max, visited):
...     if not isinstance(node, list):
...         visited.append(node)
...         return node
...     best = -math.inf if is_max else math.inf
...     for child in node:
...         value = ab(child, alpha, beta, not is_max, visited)
...         best = max(best, value) if is_max else min(best, value)
...         if is_max:
...             alpha = max(alpha, best)   # the slip: a Min node raises alpha too
...         else:
...             alpha = max(alpha, best)
...         if alpha >= beta:
...             break
...     return best
>>> print(nested_parting(ab, [[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
your call for ... was given ..., but its window there is ...: alpha = 3 is the best value so far of the Min node
above it: a Min node lowers beta to its best value, and passes alpha down as it was given
"""

from __future__ import annotations

import math
from typing import Any, Callable

from ..compare import Difference, first_difference
from ..games import GameTree
from ..learner import record_calls
from ..search import alphabeta

__all__ = ["Leaf", "NestedTree", "nested_parting", "record_nested"]


class Leaf(int):
    """A leaf's number that knows its ``path`` in the tree (an ``int`` to the learner's code).

    Parameters
    ----------
    value : int
        The leaf's number.
    path : tuple
        Its path in the tree.
    """

    path: tuple = ()

    def __new__(cls, value: int, path: tuple):
        leaf = super().__new__(cls, value)
        leaf.path = path
        return leaf


class NestedTree(GameTree):
    """The tree of ``nested`` whose positions may also be given as the learner saw them: a list
    of :attr:`handed` (by identity) or a :class:`Leaf`. :attr:`handed` is the copy to give
    the learner's function.

    Parameters
    ----------
    nested : list
        The tree as nested lists.
    """

    #: A call's position may be a list or a leaf: both are positions of this tree.
    position_types = (list, Leaf)

    def __init__(self, nested: Any):
        super().__init__(nested)
        self._paths: dict[int, tuple] = {}
        self.handed = self._copy(nested, ())

    def _copy(self, node: Any, path: tuple) -> Any:
        if not isinstance(node, list):
            return Leaf(node, path) if isinstance(node, int) and not isinstance(node, bool) else node
        out = [self._copy(child, path + (i,)) for i, child in enumerate(node)]
        self._paths[id(out)] = path
        return out

    def state(self, value: Any = None) -> tuple:
        if isinstance(value, Leaf):
            return value.path
        if isinstance(value, list) and id(value) in self._paths:
            return self._paths[id(value)]
        return super().state(value)


def record_nested(function: Callable, nested: Any):
    """``function(tree, -inf, +inf, True, visited)`` on a copy of ``nested``, every call
    recorded (:func:`~minimax_viz.record_calls`): the learner's result and the list it filled.

    The learner's own errors reach the caller.

    Parameters
    ----------
    function : callable
        The learner's ``alphabeta(node, alpha, beta, is_max, visited)``.
    nested : list
        The tree as nested lists.

    Returns
    -------
    tuple
        The recording (a LearnerResult) and the list ``visited`` it filled.
    """
    game = NestedTree(nested)
    visited: list = []
    mine = record_calls(function, game.handed, -math.inf, math.inf, True, visited, game=game,
                        algorithm="your alpha-beta")
    return mine, visited


def nested_parting(function: Callable, nested: Any) -> Difference | None:
    """Where ``function`` (a nested-list alpha-beta) first parts from alpha-beta cutting on
    ``>=`` (AIMA, the lesson's rule), or None when it makes the same calls with the same
    windows and values, or when its calls cannot be recorded (its error is for the check to
    put in words). Never raises on the learner's function.

    Parameters
    ----------
    function : callable
        The learner's ``alphabeta(node, alpha, beta, is_max, visited)``.
    nested : list
        The tree as nested lists.

    Returns
    -------
    Difference or None
        The first parting, or None.
    """
    try:
        mine, _ = record_nested(function, nested)
    except Exception:  # the learner's code: the check words its error on its own run
        return None
    return first_difference(mine, alphabeta(GameTree(nested)))
