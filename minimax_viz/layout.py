"""A tidy top-down layout of a recorded tree: parents centred over their children.

Leaves sit side by side in move order, one unit apart; every parent sits midway between
its first and last child; depth ``d`` sits at ``y = -d * level_gap``. Positions come back
as a plain ``{node index: (x, y)}`` dict, as networkx layouts do. The walk reads the
recording's columns (``tree.columns()``) and takes about a millisecond for 1,000 nodes.
"""

from __future__ import annotations

from typing import Iterable

__all__ = ["tidy_layout", "visible_children"]


def visible_children(tree, nodes: Iterable[int] | None = None) -> dict[int, list[int]]:
    """``{index: [child indexes]}`` for the given nodes (all nodes when ``None``).

    The nodes must be closed under ``parent`` (every node's parent is in the set).
    """
    parent = tree.columns().parent
    indexes = range(len(tree)) if nodes is None else sorted(nodes)
    children: dict[int, list[int]] = {}
    for i in indexes:
        children[i] = []
        if i:
            children[parent[i]].append(i)
    return children


def tidy_layout(
    tree,
    nodes: Iterable[int] | None = None,
    *,
    sibling_gap: float = 1.0,
    level_gap: float = 1.0,
) -> dict[int, tuple[float, float]]:
    """Positions ``{index: (x, y)}`` for a recorded tree, or for a subset closed under parent.

    >>> from minimax_viz import GameTree, minimax
    >>> pos = tidy_layout(minimax(GameTree([[3, 12], [2]])).tree)
    >>> pos
    {0: (1.25, 0.0), 1: (0.5, -1.0), 2: (0.0, -2.0), 3: (1.0, -2.0), 4: (2.0, -1.0), 5: (2.0, -2.0)}
    """
    children = visible_children(tree, nodes)
    depth = tree.columns().depth
    x: dict[int, float] = {}
    next_leaf = 0.0
    for i in children:  # pre-order: leaves get x in move order
        if not children[i]:
            x[i] = next_leaf
            next_leaf += sibling_gap
    for i in reversed(list(children)):  # children come after parents in pre-order
        kids = children[i]
        if kids:
            x[i] = (x[kids[0]] + x[kids[-1]]) / 2
    return {i: (x[i], -depth[i] * level_gap) for i in children}
