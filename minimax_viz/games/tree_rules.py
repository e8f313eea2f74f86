"""The rules every textbook tree keeps, however it is written (nested lists, the text format,
a CS188 test): the kinds of node, the largest and deepest tree, the odds of a chance node.
Internal: :mod:`minimax_viz.games.explicit` and :mod:`minimax_viz.games.tree_text` share it.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Sequence

from ..errors import InvalidTree, short_repr

__all__ = ["NODE_KINDS", "MAX_TEXT_NODES", "DEEPEST", "check_odds"]

#: The kinds of node: what a list may start with, and what ``node_type`` returns.
NODE_KINDS = ("max", "min", "chance")

#: The most nodes a tree read from text may unfold to (its paths from the root).
MAX_TEXT_NODES = 100_000

DEEPEST = 400   # the deepest tree the search walks safely within Python's recursion limit


def check_odds(odds: Sequence, where: str) -> None:
    """Probabilities are numbers in (0, 1] that add up to 1 (within 1e-9).

    Parameters
    ----------
    odds : sequence of float
        The probabilities.
    where : str
        The node, in words, for the error.

    Raises
    ------
    InvalidTree
        Naming ``where`` and the first probability out of range, or the sum.
    """
    for i, p in enumerate(odds):
        if isinstance(p, bool) or not isinstance(p, Real) or not 0 < p <= 1:
            raise InvalidTree(
                f"{where}: the probability of outcome {i} is {short_repr(p)}; a probability is a number "
                "in (0, 1], like 0.25"
            )
    total = math.fsum(float(p) for p in odds)
    if abs(total - 1) > 1e-9:
        raise InvalidTree(f"{where}: its probabilities add up to {total:g}, not 1; make them add up to 1")
