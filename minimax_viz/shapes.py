"""A tree picture as plain shapes, in data units (boards one unit apart), without matplotlib.

A :class:`~minimax_viz.scene.Scene` says what a picture shows, where, and in what words;
it emits the picture as ONE immutable :class:`Shapes` record, and a painter
(:func:`minimax_viz.paint.paint`) reads nothing else. The record holds :class:`Board`\\ s
(a game's glyph draws them), the Max/Min :class:`Badge` beside each inner board, small
:class:`Mark`\\ s, :class:`Edge`\\ s with the two :class:`Bar`\\ s across each cut one, the
:class:`Spoke`\\ s of the "+N calls" fans, :class:`Label`\\ s (moves, scores, alpha and
beta, fan counts, who moves at each level), the breadcrumb (:class:`Crumbs`), the legend,
the title, the bounds and the figure's size. The functions here build those shapes from
a :class:`Placement` (where the scene put each node, as plain data) and the words the
scene gives them; they never call back into the scene. :class:`Geometry` holds every
offset the scene places with and the painter draws with, so the two always agree, and
:data:`INCHES_PER_UNIT` is the one size of a data unit.

>>> from minimax_viz import GameTree, alphabeta
>>> from minimax_viz.scene import Scene
>>> drawing = Scene(alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree).shapes()
>>> len(drawing.boards), len(drawing.edges), len(drawing.bars), drawing.edges[0].board
(13, 12, 4, True)
>>> hash(drawing) == hash(drawing), isinstance(drawing.labels, tuple)
(True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from .trace import CALL, PRUNED, Node

__all__ = ["Geometry", "GEOMETRY", "SHAPES", "shape_of", "Board", "Badge", "Mark", "Edge", "Bar", "Spoke", "Label",
           "Parting", "Crumbs", "Shapes", "Placement", "INCHES_PER_UNIT", "NATURAL_UNIT_PX", "MAX_WIDTH_PX",
           "figure_size", "bounds", "edges", "bars", "edge_labels", "boards", "badges", "marks", "spokes", "labels",
           "levels", "crumbs", "place_crumbs", "parting", "cursor_box", "hit_boxes"]

Point = tuple[float, float]

#: Inches per data unit (boards sit one unit apart) at a board's natural size: the one
#: size of a unit, which the scene, the painter and the glyphs all read.
INCHES_PER_UNIT = 0.9
#: Pixels per data unit at a board's natural size, at 100 dpi.
NATURAL_UNIT_PX = round(INCHES_PER_UNIT * 100)
#: No picture is wider than this many pixels (at 100 dpi).
MAX_WIDTH_PX = 1000


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


class Crumbs(NamedTuple):
    """The breadcrumb before the painter places it (its words' width depends on the
    painter's font size: :func:`place_crumbs`): ``words`` ``((index, word), ...)`` from the
    root to the focus, the leftmost x it may start at, the focus's x (it is centred over
    it), its baseline y and the focus's index."""

    words: tuple[tuple[int, str], ...]
    left: float
    centre: float
    y: float
    focus: int


@dataclass(frozen=True)
class Shapes:
    """Everything a painter needs to draw one tree picture, as one immutable record.

    Made by :meth:`minimax_viz.scene.Scene.shapes`; :func:`minimax_viz.paint.paint` reads
    nothing else. In the order a painter paints them: the ``edges``, the ``bars`` across
    cut ones and the words on them (``edge_labels``), the ``boards`` (the game's glyph
    draws them from the ``tree``), the Max/Min ``badges``, the small ``marks`` (each
    ``mark_width`` units wide), the fans' ``spokes``, the ``labels`` (each score with the
    words and colour role it has once its value is known; alpha and beta, filled by each
    replay frame; names; the fans' counts), the ``levels`` (who moves), the breadcrumb
    (``crumbs``). Then the best line (``best``, node indexes), the "parts here" frame
    (``parting``), the ``legend`` entries (empty: no legend), the title for the whole
    search (``title``; ``own_title``: it is the search's own words, and a replay frame
    writes its event's words instead), ``future`` ("ghost" or "hide": what becomes of
    what a frame has not reached), the drawing's ``bounds`` (left, right, bottom, top, in
    data units), the figure ``size`` in inches at natural size, and where a click picks
    each node (``hits``, ``(index, x0, y0, x1, y1)`` in data units).

    What changes from one replay event to the next (which nodes are reached, which values
    are known, alpha and beta, the current call) is a :class:`~minimax_viz.scene.Frame`.
    """

    tree: Any
    glyph: Any
    bounds: tuple[float, float, float, float]
    size: tuple[float, float]
    edges: tuple[Edge, ...]
    bars: tuple[Bar, ...]
    edge_labels: tuple[Label, ...]
    boards: tuple[Board, ...]
    badges: tuple[Badge, ...]
    marks: tuple[Mark, ...]
    mark_width: float | None
    spokes: tuple[Spoke, ...]
    labels: tuple[Label, ...]
    levels: tuple[Label, ...]
    crumbs: Crumbs
    best: tuple[int, ...] = ()
    parting: Parting | None = None
    legend: tuple[tuple[str, str, str], ...] = ()
    title: str = ""
    own_title: bool = False
    future: str = "ghost"
    hits: tuple[tuple[int, float, float, float, float], ...] = ()


@dataclass(frozen=True, eq=False)
class Placement:
    """Where a scene put what it draws, as plain data: the only thing of a scene the
    functions below read (the words come with them as arguments).

    ``geometry``; the ``glyph`` (its ``width``, ``height``, ``score_inside``); the
    ``focus``; the drawn ``nodes`` in order; each one's ``style`` ("board" or "mark") and
    ``pos``; the recording's ``parent`` and ``kind`` columns; the ``fans`` and each drawn
    node's drawn children (``kids``); how far below a board's centre its labels reach
    (``label_depth``); the marks' width (None: no marks); ``window`` (alpha and beta are
    written); ``cut`` (the search had a window: a skipped move was cut off)."""

    geometry: Geometry
    glyph: Any
    focus: int
    nodes: Sequence[int]
    style: Mapping[int, str]
    pos: Mapping[int, Point]
    parent: Sequence[int]
    kind: Sequence[int]
    fans: Mapping[int, Any]
    kids: Mapping[int, Sequence[int]]
    label_depth: float
    mark_width: float | None
    window: bool
    cut: bool

    @property
    def boards(self) -> list[int]:
        """The nodes drawn as boards."""
        return [i for i in self.nodes if self.style[i] == "board"]

    @property
    def marks(self) -> list[int]:
        """The nodes drawn as small marks."""
        return [i for i in self.nodes if self.style[i] == "mark"]


def figure_size(bounds: tuple[float, float, float, float], *, legend_rows: int) -> tuple[float, float]:
    """Inches for a drawing of ``bounds`` (data units) at its natural size (narrower when
    that passes 1,000 px at 100 dpi), with room for ``legend_rows`` rows of legend."""
    left, right, bottom, top = bounds
    width, height = right - left, top - bottom
    unit = min(NATURAL_UNIT_PX, (MAX_WIDTH_PX - 40) / width)
    return max(width * unit / 100, 5.5), height * unit / 100 + 0.35 + 0.22 * legend_rows


def bounds(p: Placement, *, top_extra: float, bottom_extra: float) -> tuple[float, float, float, float]:
    """(left, right, bottom, top) of the drawing in data units, margins included;
    ``top_extra`` is the room over the top board (a breadcrumb's), ``bottom_extra`` under
    the lowest thing (the nodes' names)."""
    g = p.geometry
    xs = [q[0] for q in p.pos.values()]
    ys = [q[1] for q in p.pos.values()]
    lows = []
    for i, (_, y) in p.pos.items():
        if p.style[i] == "mark":
            lows.append(y - (g.mark_fan_low if p.fans.get(p.parent[i]) else g.mark_low))
        elif i in p.fans and not p.kids[i]:
            lows.append(y - p.label_depth - g.fan_low)
        else:
            lows.append(y - p.label_depth - g.label_low)
    bottom = min(lows) - bottom_extra
    top = max(ys) + p.glyph.height / 2 + g.top_room + top_extra
    return min(xs) - g.side[0], max(xs) + g.side[1], bottom, top


def edges(p: Placement) -> tuple[Edge, ...]:
    """An edge from each drawn node's parent, from under the parent's labels to the node's top."""
    g, half, style, pos = p.geometry, p.glyph.height / 2, p.style, p.pos
    out = []
    for i in p.nodes:
        if i == p.focus:
            continue
        up = p.parent[i]
        (px, py), (cx, cy) = pos[up], pos[i]
        below = p.label_depth if style[up] == "board" else g.mark_end
        top = half if style[i] == "board" else g.mark_end
        out.append(Edge(i, (px, py - below), (cx, cy + top), style[i] == "board", p.kind[i] == PRUNED))
    return tuple(out)


def bars(p: Placement, drawn: Sequence[Edge]) -> tuple[Bar, ...]:
    """Two bars across each cut edge into a board (none when the search had no window:
    a skipped move was never tried, there is no cut to mark)."""
    return tuple(bar for e in drawn if p.cut and e.board and e.pruned for bar in _bars(e))


def _bars(edge: Edge) -> list[Bar]:
    """Two short bars across a cut edge, nearer the parent (the move's label sits lower)."""
    g = GEOMETRY
    (x0, y0), (x1, y1) = edge.start, edge.end
    mx, my = x0 * (1 - g.cut_at) + x1 * g.cut_at, y0 * (1 - g.cut_at) + y1 * g.cut_at
    dx, dy = x1 - x0, y1 - y0
    norm = math.hypot(dx, dy) or 1
    ux, uy = -dy / norm * g.cut_half, dx / norm * g.cut_half
    out = []
    for shift in (-g.cut_gap, g.cut_gap):
        sx, sy = dx / norm * shift, dy / norm * shift
        out.append(Bar(edge.node, (mx - ux + sx, my - uy + sy), (mx + ux + sx, my + uy + sy)))
    return out


def edge_labels(p: Placement, drawn: Sequence[Edge], words: Mapping[int, str], *, moves: bool) -> tuple[Label, ...]:
    """The ``words`` on each edge into a board (``{node: words}``; "" for none), further
    along it when they are a probability alone (``moves`` False)."""
    f = p.geometry.move_at if moves else p.geometry.odds_at
    out = []
    for edge in drawn:
        text = words.get(edge.node, "") if edge.board else ""
        if text:
            (x0, y0), (x1, y1) = edge.start, edge.end
            out.append(Label(edge.node, x0 * (1 - f) + x1 * f, y0 * (1 - f) + y1 * f, text, "edge"))
    return tuple(out)


def boards(p: Placement) -> tuple[Board, ...]:
    """The boards, where they sit."""
    return tuple(Board(i, *p.pos[i]) for i in p.boards)


def badges(p: Placement, shapes: Mapping[int, str]) -> tuple[Badge, ...]:
    """Max/Min by shape (``{node: shape}``) beside each inner board (none where the shape is the board)."""
    if p.glyph.score_inside:
        return ()
    g, w, h = p.geometry, p.glyph.width / 2, p.glyph.height / 2
    return tuple(Badge(i, p.pos[i][0] - w - g.badge_inset, p.pos[i][1] + h - g.badge_inset, shapes[i])
                 for i in p.boards if p.kind[i] == CALL)


def marks(p: Placement, shapes: Mapping[int, str]) -> tuple[Mark, ...]:
    """The small marks, each with its shape (``{node: shape}``)."""
    return tuple(Mark(i, *p.pos[i], shapes[i]) for i in p.marks)


def spokes(p: Placement) -> tuple[Spoke, ...]:
    """A small open fan under each board whose calls are not drawn (under marks, the
    board's "+N calls" says it)."""
    g, out = p.geometry, []
    for i in p.fans:
        if p.style[i] != "board" or p.kids[i]:
            continue
        x, y = p.pos[i]
        top = y - p.label_depth
        for dx in (-g.fan_half, 0.0, g.fan_half):
            out.append(Spoke(i, (x, top), (x + dx, top - g.fan_drop)))
    return tuple(out)


def labels(p: Placement, values: Mapping[int, tuple[str, str]], names: Mapping[int, tuple[str, float, float]],
           fan_words: Mapping[int, str]) -> tuple[Label, ...]:
    """Each board's score (``values``: ``{node: (words, colour role)}`` once its value is
    known), its name (``names``: ``{node: (words, width, height of its shape)}``) and alpha
    and beta (filled by each frame), then each fan's words (``fan_words``)."""
    g, glyph, out = p.geometry, p.glyph, []
    for i in p.boards:
        x, y = p.pos[i]
        call, pruned = p.kind[i] == CALL, p.kind[i] == PRUNED
        if glyph.score_inside:
            sx, sy, va = x, y - (g.inside_drop if call else 0), "center"
        else:
            sx, sy, va = x, y - glyph.height / 2 - g.score_drop, "top"
        words, role = values[i]
        out.append(Label(i, sx, sy, words, "stub" if pruned else "score", va, role))
        if i in names:   # left of an inner node's shape; under a leaf's (leaves sit close)
            name, w, h = names[i]
            if w < glyph.width:
                out.append(Label(i, x, y - h / 2 - g.name_gap, name, "leaf name", "top"))
            else:
                out.append(Label(i, x - w / 2 - g.name_gap, y + h / 4, name, "name"))
        if p.window and call:
            wy = y - glyph.height / 2 - (g.score_room if not glyph.score_inside else g.window_inside_drop)
            out.append(Label(i, x, wy - g.window_nudge, "", "window", "top"))
    for i, words in fan_words.items():
        x, y = p.pos[i]
        kids = p.kids[i]
        low = min(p.pos[c][1] for c in kids) - g.fan_words_gap if kids else y - p.label_depth - g.fan_words_drop
        out.append(Label(i, x, low, words, "fan", "top"))
    return tuple(out)


def levels(x0: float, rows: Sequence[tuple[float, str, str]]) -> tuple[Label, ...]:
    """Left margin, at ``x0``: which player moves at each board level (``rows``:
    ``(y, shape, words)``), with its shape."""
    return tuple(Label(-1, x0, y, words, "level", "center", shape) for y, shape, words in rows)


def crumbs(p: Placement, words: Sequence[tuple[int, str]], left: float) -> Crumbs:
    """The breadcrumb's ``words`` (``(index, word)`` from the root to the focus), to be
    placed no further left than ``left``, centred over the focus, just above it."""
    fx, fy = p.pos[p.focus]
    return Crumbs(tuple(words), left + p.geometry.crumb_indent, fx, fy + p.glyph.height / 2 + p.geometry.top_room,
                  p.focus)


def place_crumbs(crumb: Crumbs, char: float) -> list[Label]:
    """The breadcrumb above the focus, each word a link back up, "›" between them;
    ``char`` is the data units a character of the painter's font takes, roughly."""
    if not crumb.words:
        return []
    total = sum(len(w) + 3 for _, w in crumb.words) * char
    left = max(crumb.left, crumb.centre - total / 2)
    out = []
    for index, word in crumb.words:
        out.append(Label(index, left, crumb.y, word, "crumb", "bottom"))
        left += (len(word) + 1.0) * char
        if index != crumb.focus:
            out.append(Label(-1, left, crumb.y, "›", "sep", "bottom"))
            left += 2.0 * char
    return out


def parting(p: Placement, i: int, *, size: tuple[float, float], bare: bool, named: bool) -> Parting:
    """The "parts here" frame round drawn node ``i``: a ring round a mark; round a board
    of ``size`` (width, height), a box down to its value, or, for a textbook leaf with
    nothing below it (``bare``), to its name (``named``) or just under it."""
    g, (x, y) = p.geometry, p.pos[i]
    if p.style[i] != "board":
        return Parting(i, x, y, None, g.parting_ring, y + g.parting_ring + g.parting_words)
    gw, gh = size
    w, top = gw + 2 * g.parting_pad, y + gh / 2 + g.parting_pad
    if bare:
        bottom = y - gh / 2 - (g.name_gap + g.name_room if named else g.parting_pad)
    else:
        bottom = y - max(p.label_depth, gh / 2) - g.parting_low   # the value below, too
    return Parting(i, x, y, (x - w / 2, bottom, w, top - bottom), 0.0, top + g.parting_words)


def cursor_box(p: Placement, index: int | None) -> tuple[float, float, float, float] | None:
    """``(x0, y0, width, height)`` of the current call's box round drawn node ``index``
    (None when it is not drawn)."""
    if index is None or index not in p.pos:
        return None
    g, (x, y) = p.geometry, p.pos[index]
    w, h = (p.glyph.width, p.glyph.height) if p.style[index] == "board" else (g.mark_cursor,) * 2
    return x - w / 2 - g.cursor_pad, y - h / 2 - g.cursor_pad, w + 2 * g.cursor_pad, h + 2 * g.cursor_pad


def hit_boxes(p: Placement) -> list[tuple[int, float, float, float, float]]:
    """``[(index, x0, y0, x1, y1), ...]`` in data units: where a click picks a node
    (boards, marks, and fans, which pick the node whose hidden children they stand for)."""
    g, gw, gh = p.geometry, p.glyph.width / 2, p.glyph.height / 2
    boxes = []
    for i in p.nodes:
        x, y = p.pos[i]
        if p.style[i] == "board":
            boxes.append((i, x - gw, y - gh, x + gw, y + gh))
        else:
            r = max(p.mark_width or g.mark_hit, g.mark_hit) / 2
            boxes.append((i, x - r, y - r, x + r, y + r))
    half, top_gap, bottom = g.mark_fan_hit
    for i in p.fans:
        x, y = p.pos[i]
        if p.style[i] != "board":
            boxes.append((i, x - half, y - bottom, x + half, y - top_gap))
            continue
        top, kids = y - p.label_depth, p.kids[i]
        low = min([p.pos[c][1] for c in kids] + [y]) - g.fan_hit_drop if kids else top - g.fan_hit_drop
        boxes.append((i, x - g.fan_hit_half, low, x + g.fan_hit_half, top - (g.fan_hit_gap if not kids else 0.0)))
    return boxes
