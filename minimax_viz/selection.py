"""Which nodes a tree picture draws, and how: boards as deep as fit, marks, fans for the rest.

:func:`choose` takes the focus and a width budget (in data units: boards one unit apart)
and tries, from the deepest, how many levels below the focus can be boards within it,
then one level of small marks under them (trying smaller marks before giving that level
up). Every drawn call whose children are not all drawn gets a :class:`Fan`. The x of
every drawn node comes from :func:`minimax_viz.layout.tidy_x`. Pure Python, no matplotlib.

>>> from minimax_viz import GameTree, minimax
>>> from minimax_viz.glyphs import glyph_for
>>> tree = minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree
>>> choice = choose(tree.columns(), glyph_for(tree.game), focus=0, levels=1, cap_units=20)
>>> choice.nodes, choice.board_levels, sorted(choice.fans)
([0, 1, 5, 9], 1, [1, 5, 9])
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import tidy_x
from .trace import CALL, PRUNED

__all__ = ["Fan", "Choice", "choose", "MARK_WIDTHS"]

#: Widths tried for one small mark, in data units, before a level of marks is given up.
MARK_WIDTHS = (0.3, 0.22, 0.16, 0.12, 0.09, 0.07)


@dataclass
class Fan:
    """Calls not drawn below ``node``: ``calls`` searched, ``pruned`` stubs beside them."""

    node: int
    calls: int
    pruned: int
    label: bool


@dataclass
class Choice:
    """What is drawn: each drawn node's ``style`` ("board" or "mark"), the drawn ``nodes``
    in order, their ``x``, the ``width`` they take, the number of ``board_levels`` below
    the focus, the ``mark_width`` (None: no marks), the drawn children (``kids``) of each
    drawn node, and the ``fans``."""

    style: dict[int, str]
    nodes: list[int]
    x: dict[int, float]
    width: float
    board_levels: int
    mark_width: float | None
    kids: dict[int, list[int]]
    fans: dict[int, Fan]


def choose(cols, glyph, *, focus: int, levels: int | None, cap_units: float) -> Choice:
    """Boards as deep as fit in ``cap_units`` (at most ``levels`` below ``focus``; None: no
    cap), one level of marks below them, fans for the rest; the focus alone, with a fan,
    when not even its children fit."""
    below = levels_below(cols, focus, int(cap_units / MARK_WIDTHS[-1]) + 1)
    most = len(below) if levels is None else min(levels, len(below))
    leaves_across = []  # boards across when levels 1..d are boards
    leafy = 0
    for level in below:
        leaves_across.append(len(level) + leafy)
        leafy += sum(1 for i in level if cols.kind[i] != CALL)
    for boards in range(most, -1, -1):
        if boards and leaves_across[boards - 1] * glyph.leaf_slot > cap_units:
            continue
        for width in _mark_widths(boards < most):
            style, nodes, x, span, kids = _attempt(cols, glyph, focus, below, boards, width)
            if span <= cap_units or not (boards or width is not None):
                return Choice(style, nodes, x, span, boards, width, kids, fans(cols, style, nodes, kids))
    style, nodes, x, span, kids = _attempt(cols, glyph, focus, below, 0, None)  # the focus alone, with a fan
    return Choice(style, nodes, x, span, 0, None, kids, fans(cols, style, nodes, kids))


def _mark_widths(marks: bool) -> tuple:
    """The mark widths to try (None: no level of marks), marks first when there may be some."""
    return (*MARK_WIDTHS, None) if marks else (None,)


def levels_below(cols, focus: int, limit: int) -> list[list[int]]:
    """The focus's descendants level by level, stopping once a level is wider than ``limit``."""
    kind, end = cols.kind, cols.end
    levels, level = [], [focus]
    while True:
        below = []
        for i in level:
            if kind[i] == CALL:
                j, stop = i + 1, end[i]
                while j < stop:
                    below.append(j)
                    j = end[j]
        if not below:
            return levels
        levels.append(below)
        if len(below) > limit:
            return levels
        level = below


def _attempt(cols, glyph, focus: int, levels, boards: int, mark_width: float | None) -> tuple:
    """``boards`` levels of boards (and a level of marks ``mark_width`` wide), laid out:
    ``(style, nodes, x, width, kids)``."""
    style = {focus: "board"}
    for level in levels[:boards]:
        for i in level:
            style[i] = "board"
    if mark_width is not None:
        for i in levels[boards]:
            style[i] = "mark"
    nodes = sorted(style)
    kids: dict[int, list[int]] = {i: [] for i in nodes}
    for i in nodes[1:]:
        kids[cols.parent[i]].append(i)
    slots = (1.0, glyph.leaf_slot)  # an inner board, a leaf board
    own = {i: slots[cols.kind[i] != CALL] if style[i] == "board" else mark_width or MARK_WIDTHS[0] for i in nodes}
    x, width = tidy_x(nodes, kids, own)
    return style, nodes, x, width, kids


def fans(cols, style: dict[int, str], nodes: list[int], kids: dict[int, list[int]]) -> dict[int, Fan]:
    """A fan under each drawn call whose children are not all drawn; the "+N calls" label
    goes under a board, summing the fans of the marks below it."""
    kind, end = cols.kind, cols.end
    out: dict[int, Fan] = {}
    for i in nodes:
        if kind[i] != CALL or all(c in style for c in children(cols, i)):
            continue
        span = bytes(kind[i + 1:end[i]])
        pruned = span.count(PRUNED)
        out[i] = Fan(i, len(span) - pruned, pruned, label=style[i] == "board")
    for i in nodes:  # a board whose marks have fans: one label for them all
        if style[i] == "board" and i not in out:
            below = [out[c] for c in kids[i] if c in out and style[c] == "mark"]
            if below:
                out[i] = Fan(i, sum(f.calls for f in below), sum(f.pruned for f in below), label=True)
    return out


def children(cols, i: int) -> list[int]:
    """Node ``i``'s children, read from the columns."""
    end = cols.end
    out, j = [], i + 1
    while j < end[i]:
        out.append(j)
        j = end[j]
    return out
