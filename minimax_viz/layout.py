"""A tidy top-down layout of a recorded tree: parents centred over their children.

Leaves sit side by side in move order, one unit apart (:func:`tidy_x` gives any node the
room it needs, for pictures whose nodes differ in width); every parent sits midway between
its first and last child; depth ``d`` sits at ``y = -d * level_gap``. Positions come back
as a plain ``{node index: (x, y)}`` dict, as networkx layouts do. The walk reads the
recording's columns (``tree.columns()``) and takes about a millisecond for 1,000 nodes.
"""

from __future__ import annotations

from numbers import Integral, Real
from typing import Iterable

from .errors import InvalidOption, short_repr

__all__ = ["tidy_layout", "tidy_x", "visible_children"]


def visible_children(tree, nodes: Iterable[int] | None = None) -> dict[int, list[int]]:
    """``{index: [child indexes]}`` for the given nodes (all nodes when ``None``).

    The nodes hang from the first of them (the lowest index, the top of the picture):
    every other node's parent is among them.

    >>> from minimax_viz import GameTree, minimax
    >>> tree = minimax(GameTree([[3, 12], [2]])).tree
    >>> visible_children(tree, [1, 2, 3]), visible_children(tree, [4])
    ({1: [2, 3], 2: [], 3: []}, {4: []})
    >>> visible_children(tree, [0, 2])
    Traceback (most recent call last):
    ...
    minimax_viz.errors.InvalidOption: nodes must hang from their first node, 0: node 2's parent, 1, is not among ...

    :raises InvalidOption: for nodes that are not node indexes of the tree (0 to ``len(tree) - 1``),
        or a node other than the first whose parent is not among them.
    """
    parent = tree.columns().parent
    indexes = range(len(tree)) if nodes is None else _indexes(tree, nodes)
    children: dict[int, list[int]] = {}
    for i in indexes:
        if nodes is not None and children and parent[i] not in children:
            raise InvalidOption(
                f"nodes must hang from their first node, {indexes[0]}: node {i}'s parent, {parent[i]}, is "
                "not among them; add it"
            )
        if children:
            children[parent[i]].append(i)
        children[i] = []
    return children


def _indexes(tree, nodes) -> list[int]:
    """The node indexes, sorted, or InvalidOption naming the first that is none."""
    try:
        given = list(nodes)
    except TypeError:
        raise InvalidOption("nodes must be node indexes of the tree, or None for all, "
                            f"not {short_repr(nodes)}") from None
    n = len(tree)
    for i in given:
        if isinstance(i, bool) or not isinstance(i, Integral) or not 0 <= i < n:
            raise InvalidOption(f"nodes must be node indexes of this tree (0 to {n - 1}), not {short_repr(i)}")
    if not given:
        raise InvalidOption("nodes is empty; give the indexes of the nodes to lay out, or None for all")
    return sorted(set(int(i) for i in given))


def tidy_layout(
    tree,
    nodes: Iterable[int] | None = None,
    *,
    sibling_gap: float = 1.0,
    level_gap: float = 1.0,
) -> dict[int, tuple[float, float]]:
    """Positions ``{index: (x, y)}`` for a recorded tree, or for the nodes given.

    Parameters
    ----------
    tree : SearchTree
        A recorded tree.
    nodes : iterable of int or None, optional
        The nodes to place, hanging from the first of them (see :func:`visible_children`);
        None: every node.
    sibling_gap : float, optional
        The room each leaf takes across.
    level_gap : float, optional
        The distance from one level to the next.

    Returns
    -------
    dict
        ``{index: (x, y)}``, as networkx layouts return.

    Raises
    ------
    InvalidOption
        For a ``tree`` that is no recorded tree, a gap that is not a number above 0 and below
        a million, and as :func:`visible_children`.

    Examples
    --------
    >>> from minimax_viz import GameTree, minimax
    >>> pos = tidy_layout(minimax(GameTree([[3, 12], [2]])).tree)
    >>> pos
    {0: (1.25, 0.0), 1: (0.5, -1.0), 2: (0.0, -2.0), 3: (1.0, -2.0), 4: (2.0, -1.0), 5: (2.0, -2.0)}
    """
    if not callable(getattr(tree, "columns", None)):
        raise InvalidOption(f"tidy_layout lays out a recorded tree, such as minimax(game).tree, not {short_repr(tree)}")
    for name, gap in (("sibling_gap", sibling_gap), ("level_gap", level_gap)):
        if isinstance(gap, bool) or not isinstance(gap, Real) or not 0 < gap < 1e6:
            raise InvalidOption(f"{name} is the room between nodes, a number above 0 and below a million "
                                f"(1.0 by default), not {short_repr(gap)}")
    children = visible_children(tree, nodes)
    depth = tree.columns().depth
    order = list(children)
    x, _ = tidy_x(order, children, {i: sibling_gap for i in order})
    half = sibling_gap / 2  # the first leaf at x = 0
    return {i: (x[i] - half, -depth[i] * level_gap) for i in order}


def tidy_x(
    nodes: list[int], children: dict[int, list[int]], width: dict[int, float]
) -> tuple[dict[int, float], float]:
    """x of each node, and the width of the whole: every subtree gets the room it needs
    (its own ``width``, or its children's side by side, whichever is more), children in
    order from the left, each parent midway between its first and last child.

    ``nodes`` are in pre-order, the first the top; ``children`` maps each to its children.

    >>> tidy_x([0, 1, 2, 3], {0: [1, 3], 1: [2], 2: [], 3: []}, {0: 1, 1: 1, 2: 0.5, 3: 0.5})
    ({0: 0.875, 1: 0.5, 2: 0.5, 3: 1.25}, 1.5)
    """
    need: dict[int, float] = {}
    for i in reversed(nodes):
        need[i] = max(width[i], sum(need[c] for c in children[i]))
    x: dict[int, float] = {}
    start = {nodes[0]: 0.0}
    for i in nodes:  # pre-order: a parent's slot is known before its children's
        left = start[i] + (need[i] - sum(need[c] for c in children[i])) / 2
        x[i] = start[i] + need[i] / 2
        for c in children[i]:
            start[c] = left
            left += need[c]
    for i in reversed(nodes):
        if children[i]:
            x[i] = (x[children[i][0]] + x[children[i][-1]]) / 2
    return x, need[nodes[0]]
