"""A tree picture as plain shapes, in data units (boards one unit apart), without matplotlib.

A :class:`~minimax_viz.scene.Scene` says what a picture shows and where; this module
turns it into the shapes a painter draws: :class:`Board`\\ s (a game's glyph draws
them), the Max/Min :class:`Badge` beside each inner board, small :class:`Mark`\\ s,
:class:`Edge`\\ s with the two :class:`Bar`\\ s across each cut one, the :class:`Spoke`\\ s
of the "+N calls" fans, and :class:`Label`\\ s (moves, scores, alpha and beta, fan counts,
who moves at each level, the breadcrumb's words). :class:`Geometry` holds every offset
the scene places with and the painter draws with, so the two always agree.

>>> from minimax_viz import GameTree, alphabeta
>>> from minimax_viz.scene import Scene
>>> drawing = Scene(alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree).shapes()
>>> len(drawing.boards), len(drawing.edges), len(drawing.bars), drawing.edges[0].board
(13, 12, 4, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import NamedTuple

from .trace import CALL, HIT, HORIZON, PRUNED, Node, stub_text

__all__ = ["Geometry", "GEOMETRY", "SHAPES", "shape_of", "Board", "Badge", "Mark", "Edge", "Bar", "Spoke", "Label",
           "Parting", "Shapes", "build", "crumbs", "parting", "cursor_box", "legend", "hit_boxes"]

Point = tuple[float, float]


@dataclass(frozen=True)
class Geometry:
    """Every offset of a tree picture, in data units (boards one unit apart)."""

    #: Beside the tree: the level labels on the left, a margin on the right.
    side: tuple[float, float] = (1.7, 0.9)
    #: Width kept out of the budget of boards and marks.
    width_margin: float = 0.3
    #: Under a board whose score is written below it (not inside): the score's line.
    score_room: float = 0.3
    #: Under the score: the line of alpha and beta.
    window_room: float = 0.24
    #: From one level's labels to the next level's boards.
    level_space: float = 0.75
    #: From a board's labels down to the small marks under it.
    mark_drop: float = 0.55
    #: Room under the lowest thing drawn: a mark, a mark with a fan, a board's labels,
    #: a board's labels with a fan under them.
    mark_low: float = 0.15
    mark_fan_low: float = 0.62
    label_low: float = 0.12
    fan_low: float = 0.72
    #: Above the top board: a margin (the breadcrumb sits on it), and the breadcrumb's line.
    top_room: float = 0.3
    crumb_room: float = 0.4
    #: Data units from the left edge to a level label, and to the breadcrumb at its leftmost.
    level_indent: float = 0.15
    crumb_indent: float = 0.1
    #: An edge stops this far from a mark's centre.
    mark_end: float = 0.06
    #: The two bars across a cut edge: how far along it (from the parent), half their
    #: length, and half the gap between them.
    cut_at: float = 0.3
    cut_half: float = 0.16
    cut_gap: float = 0.05
    #: How far along an edge its label sits: a move's, or a probability's alone.
    move_at: float = 0.55
    odds_at: float = 0.7
    #: A Max/Min badge sits this far inside a board's top-left corner.
    badge_inset: float = 0.1
    #: A fan's three spokes: half their spread, their drop.
    fan_half: float = 0.3
    fan_drop: float = 0.35
    #: A score inside a textbook call's shape sits this much below its centre.
    inside_drop: float = 0.04
    #: A score under a board: this far below it.
    score_drop: float = 0.09
    #: Alpha and beta under a shape with its score inside, and a nudge lower.
    window_inside_drop: float = 0.04
    window_nudge: float = 0.02
    #: A fan's "+N calls": below the marks of its board, or below its board's labels.
    fan_words_gap: float = 0.3
    fan_words_drop: float = 0.4
    #: The current call's box: this much round a board; its size round a mark.
    cursor_pad: float = 0.04
    mark_cursor: float = 0.2
    #: The "parts here" frame: round a board, under its labels; the ring round a mark;
    #: its words above it.
    parting_pad: float = 0.11
    #: A node's name (``names=True``): this far left of its shape (under a leaf's), and the
    #: room kept under the lowest leaves for it.
    name_gap: float = 0.04
    name_room: float = 0.16
    parting_low: float = 0.05
    parting_ring: float = 0.14
    parting_words: float = 0.03
    #: Click boxes: a mark's smallest, a fan's half width and drop, the gap over a fan
    #: under a board with nothing drawn below it; a mark's fan (half width, top, bottom).
    mark_hit: float = 0.1
    fan_hit_half: float = 0.45
    fan_hit_drop: float = 0.9
    fan_hit_gap: float = 0.05
    mark_fan_hit: tuple[float, float, float] = (0.06, 0.05, 0.35)


#: The geometry of every picture.
GEOMETRY = Geometry()

#: The mark of each node kind: (text symbol, matplotlib marker). The ONE place where a
#: node's shape is chosen; a chance node (a circle) is one more line here.
SHAPES = {
    "max": ("▲", "^"),
    "min": ("▼", "v"),
    "chance": ("●", "o"),
    "leaf": ("■", "s"),
    "pruned": ("×", "x"),
}

def shape_of(node: Node) -> str:
    """The key in :data:`SHAPES` for a node: its kind as the search treated it for an
    inner call ("max", "min", or "chance", which under expectimax includes a Min node
    moving at random), else "leaf" or "pruned".

    >>> from minimax_viz import GameTree, expectimax
    >>> [shape_of(n) for n in expectimax(GameTree([[3, 12], [2]])).tree.nodes][:3]
    ['max', 'chance', 'leaf']
    """
    if node.pruned:
        return "pruned"
    if node.is_leaf:
        return "leaf"
    return node.node_type


class Board(NamedTuple):
    """A node drawn as its game's glyph (a board, or a textbook shape) centred at (x, y)."""

    node: int
    x: float
    y: float


class Badge(NamedTuple):
    """The Max/Min shape ("max", "min", "chance") in an inner board's top-left corner."""

    node: int
    x: float
    y: float
    shape: str


class Mark(NamedTuple):
    """A small mark at (x, y) for a node of the level below the boards; ``shape`` is a key
    of :data:`SHAPES`."""

    node: int
    x: float
    y: float
    shape: str


class Edge(NamedTuple):
    """The edge into ``node`` from its parent; ``board``: into a board (else a mark)."""

    node: int
    start: Point
    end: Point
    board: bool
    pruned: bool


class Bar(NamedTuple):
    """One of the two short bars across a cut edge (into a pruned board)."""

    node: int
    start: Point
    end: Point


class Spoke(NamedTuple):
    """One of the three lines of the fan under a board whose calls are not drawn."""

    node: int
    start: Point
    end: Point


class Label(NamedTuple):
    """Words at (x, y) that belong to ``node``. ``kind`` says what they are: "edge" (a
    move or probability), "score", "stub" (the words at a pruned board), "window",
    "name" or "leaf name" (the game's name of the position, ``names=True``),
    "fan", "level" (who moves; ``role`` is its shape), "crumb" or "sep" (breadcrumb)."""

    node: int
    x: float
    y: float
    words: str
    kind: str
    va: str = "center"
    role: str = "ink"


class Parting(NamedTuple):
    """Where a learner's search parts from the right one: a dashed frame (``box`` is
    ``(x0, y0, width, height)``) round a board or a ring of radius ``ring`` round a mark
    at (x, y); its words sit at ``words_y``."""

    node: int
    x: float
    y: float
    box: tuple[float, float, float, float] | None
    ring: float
    words_y: float


@dataclass
class Shapes:
    """Everything a scene draws, but the breadcrumb (its words' width depends on the
    painter's font size: :func:`crumbs`), in the order a painter paints them."""

    edges: list[Edge]
    bars: list[Bar]
    edge_labels: list[Label]
    boards: list[Board]
    badges: list[Badge]
    marks: list[Mark]
    spokes: list[Spoke]
    labels: list[Label]
    levels: list[Label]


def build(scene) -> Shapes:
    """The shapes of ``scene`` (a :class:`~minimax_viz.scene.Scene`)."""
    edges = _edges(scene)
    cut = scene.tree.has_window   # without a window a skipped move was never tried: no cut to mark
    return Shapes(edges=edges, bars=[bar for e in edges if cut and e.board and e.pruned for bar in _bars(e)],
                  edge_labels=_edge_labels(scene, edges), boards=[Board(i, *scene.pos[i]) for i in scene.boards],
                  badges=_badges(scene), marks=_marks(scene), spokes=_spokes(scene), labels=_labels(scene),
                  levels=_levels(scene))


def _edges(scene) -> list[Edge]:
    """An edge from each drawn node's parent, from under the parent's labels to the node's top."""
    g, half, style, pos = scene.geometry, scene.glyph.height / 2, scene.style, scene.pos
    out = []
    for i in scene.nodes:
        if i == scene.focus:
            continue
        up = scene.cols.parent[i]
        (px, py), (cx, cy) = pos[up], pos[i]
        below = scene.label_depth if style[up] == "board" else g.mark_end
        top = half if style[i] == "board" else g.mark_end
        out.append(Edge(i, (px, py - below), (cx, cy + top), style[i] == "board", scene.cols.kind[i] == PRUNED))
    return out


def _bars(edge: Edge) -> list[Bar]:
    """Two short bars across a cut edge, nearer the parent (the move's label sits lower)."""
    g = GEOMETRY
    (x0, y0), (x1, y1) = edge.start, edge.end
    mx, my = x0 * (1 - g.cut_at) + x1 * g.cut_at, y0 * (1 - g.cut_at) + y1 * g.cut_at
    dx, dy = x1 - x0, y1 - y0
    norm = math.hypot(dx, dy) or 1
    ux, uy = -dy / norm * g.cut_half, dx / norm * g.cut_half
    bars = []
    for shift in (-g.cut_gap, g.cut_gap):
        sx, sy = dx / norm * shift, dy / norm * shift
        bars.append(Bar(edge.node, (mx - ux + sx, my - uy + sy), (mx + ux + sx, my + uy + sy)))
    return bars


def _edge_labels(scene, edges: list[Edge]) -> list[Label]:
    """The move (and a chance outcome's probability) on each edge into a board."""
    f = scene.geometry.move_at if scene.label_moves else scene.geometry.odds_at
    out = []
    for edge in edges:
        words = scene.edge_text(edge.node) if edge.board else ""
        if words:
            (x0, y0), (x1, y1) = edge.start, edge.end
            out.append(Label(edge.node, x0 * (1 - f) + x1 * f, y0 * (1 - f) + y1 * f, words, "edge"))
    return out


def _badges(scene) -> list[Badge]:
    """Max/Min by shape beside each inner board (none where the shape is the board)."""
    if scene.glyph.score_inside:
        return []
    g, w, h = scene.geometry, scene.glyph.width / 2, scene.glyph.height / 2
    return [Badge(i, scene.pos[i][0] - w - g.badge_inset, scene.pos[i][1] + h - g.badge_inset,
                  scene.shape(i)) for i in scene.boards if scene.cols.kind[i] == CALL]


def _marks(scene) -> list[Mark]:
    return [Mark(i, *scene.pos[i], scene.shape(i)) for i in scene.marks]


def _spokes(scene) -> list[Spoke]:
    """A small open fan under each board whose calls are not drawn (under marks, the
    board's "+N calls" says it)."""
    g, out = scene.geometry, []
    for i in scene.fans:
        if scene.style[i] != "board" or scene.kids[i]:
            continue
        x, y = scene.pos[i]
        top = y - scene.label_depth
        for dx in (-g.fan_half, 0.0, g.fan_half):
            out.append(Spoke(i, (x, top), (x + dx, top - g.fan_drop)))
    return out


def _labels(scene) -> list[Label]:
    """Each board's score (and alpha and beta), then each fan's "+N calls"."""
    g, glyph, out = scene.geometry, scene.glyph, []
    for i in scene.boards:
        x, y = scene.pos[i]
        call, pruned = scene.cols.kind[i] == CALL, scene.cols.kind[i] == PRUNED
        if glyph.score_inside:
            sx, sy, va = x, y - (g.inside_drop if call else 0), "center"
        else:
            sx, sy, va = x, y - glyph.height / 2 - g.score_drop, "top"
        out.append(Label(i, sx, sy, "", "stub" if pruned else "score", va))
        name = scene.name_text(i)
        if name is not None:   # left of an inner node's shape; under a leaf's (leaves sit close)
            w, h = glyph.size(scene.tree.nodes[i])
            if w < glyph.width:
                out.append(Label(i, x, y - h / 2 - g.name_gap, name, "leaf name", "top"))
            else:
                out.append(Label(i, x - w / 2 - g.name_gap, y + h / 4, name, "name"))
        if scene.window and call:
            wy = y - glyph.height / 2 - (g.score_room if not glyph.score_inside else g.window_inside_drop)
            out.append(Label(i, x, wy - g.window_nudge, "", "window", "top"))
    for i, fan in scene.fans.items():
        if fan.label:
            x, y = scene.pos[i]
            kids = scene.kids[i]
            low = min(scene.pos[c][1] for c in kids) - g.fan_words_gap if kids else \
                y - scene.label_depth - g.fan_words_drop
            out.append(Label(i, x, low, scene.fan_text(i), "fan", "top"))
    return out


def _levels(scene) -> list[Label]:
    """Left margin: which player moves at each board level, with its shape."""
    x0 = scene.bounds()[0] + scene.geometry.level_indent
    return [Label(-1, x0, y, words, "level", "center", shape) for y, shape, words in scene.level_labels()]


def crumbs(scene, char: float) -> list[Label]:
    """The breadcrumb above the focus, each word a link back up, "›" between them;
    ``char`` is the data units a character of the painter's font takes, roughly."""
    crumb = scene.breadcrumb()
    if not crumb:
        return []
    g = scene.geometry
    total = sum(len(w) + 3 for _, w in crumb) * char
    fx, fy = scene.pos[scene.focus]
    left = max(scene.bounds()[0] + g.crumb_indent, fx - total / 2)
    y = fy + scene.glyph.height / 2 + g.top_room
    out = []
    for index, word in crumb:
        out.append(Label(index, left, y, word, "crumb", "bottom"))
        left += (len(word) + 1.0) * char
        if index != scene.focus:
            out.append(Label(-1, left, y, "›", "sep", "bottom"))
            left += 2.0 * char
    return out


def parting(scene, index: int) -> Parting | None:
    """The "parts here" frame round node ``index``, or its nearest drawn ancestor (None
    when none is drawn)."""
    i, parent = index, scene.cols.parent
    while i not in scene.style and i > 0:
        i = parent[i]
    if i not in scene.style:
        return None
    g, (x, y) = scene.geometry, scene.pos[i]
    if scene.style[i] != "board":
        return Parting(i, x, y, None, g.parting_ring, y + g.parting_ring + g.parting_words)
    node = scene.tree.nodes[i]
    gw, gh = scene.glyph.size(node)     # a textbook leaf: its small square
    w, top = gw + 2 * g.parting_pad, y + gh / 2 + g.parting_pad
    if scene.glyph.score_inside and node.kind in ("leaf", "horizon"):   # nothing below it but its name
        bottom = y - gh / 2 - (g.name_gap + g.name_room if scene.name_text(i) is not None else g.parting_pad)
    else:
        bottom = y - max(scene.label_depth, gh / 2) - g.parting_low   # the value below, too
    return Parting(i, x, y, (x - w / 2, bottom, w, top - bottom), 0.0, top + g.parting_words)


def cursor_box(scene, index: int | None) -> tuple[float, float, float, float] | None:
    """``(x0, y0, width, height)`` of the current call's box round drawn node ``index``
    (None when it is not drawn)."""
    if index is None or index not in scene.pos:
        return None
    g, (x, y) = scene.geometry, scene.pos[index]
    w, h = (scene.glyph.width, scene.glyph.height) if scene.style[index] == "board" else (g.mark_cursor,) * 2
    return x - w / 2 - g.cursor_pad, y - h / 2 - g.cursor_pad, w + 2 * g.cursor_pad, h + 2 * g.cursor_pad


def _skipped(cut: bool) -> list[tuple[str, str, str]]:
    """The legend's entries for skipped children: cut off by alpha-beta, with the bounds a
    cut leaves (``cut``), or moves a call without a window never played."""
    if not cut:
        return [("dashes", "pruned", f"{stub_text(cut=False)} (the call never played it)")]
    return [("dashes", "pruned", "pruned (never searched)"), ("$≤$", "bound", "≤ ≥ only a bound: cut short")]


def legend(scene, *, frames: bool, pv: bool) -> list[tuple[str, str, str]]:
    """``[(marker or "line"/"dashes", colour role, words), ...]`` for the legend of
    ``scene`` (``frames``: a replay's; ``pv``: the best line drawn)."""
    kinds = set(scene.cols.kind)
    items = [(SHAPES["max"][1], "max", "Max to move"), (SHAPES["min"][1], "min", "Min to move")]
    types = {scene.tree.nodes[i].node_type for i in scene.nodes if scene.cols.kind[i] == CALL}
    if "chance" in types:   # an average, nobody chooses
        items[1:] = [] if "min" not in types else items[1:]
        items.append((SHAPES["chance"][1], "chance", "chance: the average; edges: probability"))
    items += scene.glyph.legend(scene.game)
    if HORIZON in kinds and scene.tree.depth_limited:
        items.append(("s", "guess", "≈ " + scene.glyph.guess_words(scene.game)))
    if HIT in kinds:
        items.append(("s", "hit", "memo table"))
    if pv and not frames:
        items.append(("line", "best", "best line"))
    if PRUNED in kinds:
        items += _skipped(scene.tree.has_window)
    if scene.fans:
        items.append(("fan", "fan", "+N calls: searched below, not drawn (pruned not counted)"))
    if frames:
        items.append(("line", "current", "current call and stack"))
    return items


def hit_boxes(scene) -> list[tuple[int, float, float, float, float]]:
    """``[(index, x0, y0, x1, y1), ...]`` in data units: where a click picks a node of
    ``scene`` (boards, marks, and fans, which pick the node whose hidden children they
    stand for)."""
    g, gw, gh = scene.geometry, scene.glyph.width / 2, scene.glyph.height / 2
    boxes = []
    for i in scene.nodes:
        x, y = scene.pos[i]
        if scene.style[i] == "board":
            boxes.append((i, x - gw, y - gh, x + gw, y + gh))
        else:
            r = max(scene.mark_width or g.mark_hit, g.mark_hit) / 2
            boxes.append((i, x - r, y - r, x + r, y + r))
    half, top_gap, bottom = g.mark_fan_hit
    for i in scene.fans:
        x, y = scene.pos[i]
        if scene.style[i] != "board":
            boxes.append((i, x - half, y - bottom, x + half, y - top_gap))
            continue
        top, kids = y - scene.label_depth, scene.kids[i]
        low = min([scene.pos[c][1] for c in kids] + [y]) - g.fan_hit_drop if kids else top - g.fan_hit_drop
        boxes.append((i, x - g.fan_hit_half, low, x + g.fan_hit_half, top - (g.fan_hit_gap if not kids else 0.0)))
    return boxes
