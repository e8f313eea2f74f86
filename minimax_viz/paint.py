"""Paint a picture's shapes with matplotlib, and apply a replay frame to what was painted.

:func:`paint` draws a :class:`~minimax_viz.shapes.Shapes` record (what a
:class:`~minimax_viz.scene.Scene` emits) on an ``Axes`` once, reading nothing but the
record: its shapes become a few collections and texts, kept in an :class:`Artists`
record. :func:`show_frame` applies a :class:`~minimax_viz.scene.Frame` to them by
changing colours, strengths and visibility (and the words of alpha and beta) only, so a
replay event needs no new drawing; :func:`set_title` writes the title. What the painter
decides is how things look (colours, line widths, font sizes at the picture's scale);
what is drawn, where and in what words is the record's. matplotlib is imported lazily,
here, in :mod:`minimax_viz.glyphs` and in :mod:`minimax_viz.raster`, and nowhere else in
the package.

>>> from matplotlib.figure import Figure
>>> from minimax_viz import GameTree, alphabeta
>>> from minimax_viz.scene import Scene
>>> scene = Scene(alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree)
>>> drawing = scene.shapes(frames=True)
>>> ax = Figure(figsize=drawing.size).add_subplot()
>>> artists = paint(drawing, ax)
>>> show_frame(artists, scene.frame(3))
>>> sorted(t.get_text() for t, i, role in artists.texts if role == "score" and t.get_visible())
['12', '3']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .glyphs import PALETTE, Layer
from .shapes import INCHES_PER_UNIT, NATURAL_UNIT_PX, SHAPES, Shapes, place_crumbs

__all__ = ["Artists", "paint", "show_frame", "set_title", "new_axes", "clear", "scale_of",
           "GHOST", "PRUNED_ALPHA", "MIN_POINTS"]

#: The faintness of a node a replay frame has not reached, and of a pruned stub.
GHOST, PRUNED_ALPHA = 0.13, 0.45
#: No text is smaller than this many points (8.3 px at 100 dpi).
MIN_POINTS = 6.0


@dataclass
class Artists:
    """What :func:`paint` drew: the ``layers`` a frame fades (each collection with the
    node of each element), the ``texts`` a frame changes (``(text, node, role)``), the
    breadcrumb's words (``(text, node)``), each edge's ends by node, the best line's
    nodes, the best line, the current call's box and its stack's lines, the legend's
    handles and what it was drawn from, the picture's ``scale``, the strength of what
    a frame has not reached (``hidden``) and the record painted (``shapes``)."""

    scale: float
    hidden: float
    layers: list[Layer] = field(default_factory=list)
    texts: list[tuple[Any, int, str]] = field(default_factory=list)
    crumb_texts: list[tuple[Any, int]] = field(default_factory=list)
    edge_segments: dict[int, Any] = field(default_factory=dict)
    pv: set[int] = field(default_factory=set)
    pv_lines: Any = None
    cursor: Any = None
    stack_lines: Any = None
    legend_handles: list = field(default_factory=list)
    legend_key: Any = None
    shapes: Shapes | None = None

    def changing(self, ax) -> list:
        """What :func:`show_frame` and :func:`set_title` change from one event to the next."""
        return [*(layer.artist for layer in self.layers), *(text for text, _, _ in self.texts),
                self.pv_lines, self.cursor, self.stack_lines, ax.title]

    def pt(self, size: float) -> float:
        """A font size at this picture's scale, never below :data:`MIN_POINTS`."""
        return max(size * self.scale, MIN_POINTS)


# -- the figure ----------------------------------------------------------------------------------
def new_axes(size: tuple[float, float], *, pyplot: bool):
    """Axes on a new figure of ``size`` inches: pyplot's, or one of its own outside pyplot."""
    if pyplot:
        import matplotlib.pyplot as plt

        figure = plt.figure(figsize=size)
    else:
        from matplotlib.figure import Figure

        figure = Figure(figsize=size)
    figure.subplots_adjust(left=0.01, right=0.99, bottom=0.02, top=0.95)
    return figure.add_subplot()


def clear(ax) -> None:
    """Take a painted scene off ``ax`` (the legend stays: a new focus often keeps it)."""
    for artist in [*ax.collections, *ax.texts, *ax.patches]:
        artist.remove()  # quicker than clearing the axes, whose ticks are off anyway


def scale_of(ax) -> float:
    """Natural size is 1: points per data unit relative to 0.9 inch per unit."""
    fig = ax.figure
    box = ax.get_position()
    w_in, h_in = fig.get_figwidth() * box.width, fig.get_figheight() * box.height
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    per_unit = min(w_in / (x1 - x0), h_in / (y1 - y0))
    return max(0.25, min(per_unit / INCHES_PER_UNIT, 1.6))


# -- painting ------------------------------------------------------------------------------------
def paint(shapes: Shapes, ax, *, kept: Artists | None = None) -> Artists:
    """Paint the picture ``shapes`` on ``ax`` and return the :class:`Artists` drawn; the
    legend is kept from ``kept`` (the last painting on ``ax``) when its words and size are
    the same. Reads nothing but the record."""
    left, right, bottom, top = shapes.bounds
    ax.set_xlim(left, right)
    ax.set_ylim(bottom, top)
    ax.set_aspect("equal", adjustable="box")
    drawn = Artists(scale=scale_of(ax), hidden=GHOST if shapes.future == "ghost" else 0.0, shapes=shapes)
    _edges(ax, drawn, shapes)
    drawn.layers += shapes.glyph.draw(ax, shapes.tree, list(shapes.boards), drawn.scale)
    _dots(ax, drawn, shapes.badges, _badge_style(drawn.scale), kind="glyph")
    if shapes.marks:
        _dots(ax, drawn, shapes.marks, _mark_style(shapes.mark_width, drawn.scale), kind="dot")
    _fans(ax, drawn, shapes.spokes)
    for label in [*shapes.labels, *shapes.levels, *_crumbs(shapes, drawn.scale)]:
        _text(ax, drawn, label)
    drawn.pv = set(shapes.best)
    _current(ax, drawn, shapes.glyph)
    if shapes.parting is not None:
        _parting(ax, drawn, shapes.parting)
    if shapes.legend:
        _legend(ax, drawn, list(shapes.legend), kept)
    ax.set_axis_off()
    return drawn


def _edges(ax, drawn: Artists, shapes) -> None:
    """The edges (cut ones dashed, with two bars across) and the words on them."""
    from matplotlib.collections import LineCollection

    segs, owners, colors, styles, widths = [], [], [], [], []
    for edge in shapes.edges:
        seg = [edge.start, edge.end]
        drawn.edge_segments[edge.node] = seg
        segs.append(seg)
        owners.append(edge.node)
        widths.append((1.2 if edge.board else 0.5) * drawn.scale)
        if edge.pruned:
            colors.append(PALETTE["pruned"])
            styles.append((0, (3, 2)) if edge.board else (0, (1.5, 1.5)))
        else:
            colors.append("#888888")
            styles.append("solid")
    edges = LineCollection(segs, colors=colors, linestyles=styles, linewidths=widths, zorder=1)
    ax.add_collection(edges)
    drawn.layers.append(Layer(edges, owners, kind="edge"))
    if shapes.bars:
        bars = LineCollection([[b.start, b.end] for b in shapes.bars], colors=PALETTE["min"],
                              linewidths=2.0 * drawn.scale, zorder=2)
        ax.add_collection(bars)
        drawn.layers.append(Layer(bars, [b.node for b in shapes.bars], kind="cut"))
    for label in shapes.edge_labels:
        _text(ax, drawn, label)


def _badge_style(scale: float) -> dict:
    return dict(s=34 * scale ** 2, zorder=4, linewidths=0)


def _mark_style(mark_width: float, scale: float) -> dict:
    return dict(s=max(2.5, min(mark_width * 0.75 * scale * INCHES_PER_UNIT * 72, 7.0)) ** 2, zorder=3)


def _dots(ax, drawn: Artists, dots, style: dict, *, kind: str) -> None:
    """One scatter per shape of badges (beside boards) or marks (below them), in the
    order the shapes first appear. A mark is white until its value is known (a frame
    fills it); a pruned one, an open marker, is drawn by its face colour."""
    by_shape: dict[str, list] = {}
    for dot in dots:
        by_shape.setdefault(dot.shape, []).append(dot)
    for shape, group in by_shape.items():
        xs, ys = [d.x for d in group], [d.y for d in group]
        if kind == "glyph":
            colours = dict(c=PALETTE.get(shape, PALETTE["ink"]))
        elif shape == "pruned":
            colours = dict(c=PALETTE["pruned"], linewidths=0.9)
        else:
            colours = dict(c=["white"] * len(group), edgecolors=PALETTE["ink"], linewidths=0.4)
        coll = ax.scatter(xs, ys, marker=SHAPES[shape][1], **{**style, **colours})
        drawn.layers.append(Layer(coll, [d.node for d in group], kind=kind))


def _fans(ax, drawn: Artists, spokes) -> None:
    from matplotlib.collections import LineCollection

    fans = LineCollection([[s.start, s.end] for s in spokes], colors=PALETTE["fan"], linewidths=0.8,
                          linestyles=(0, (2, 2)), zorder=1)
    ax.add_collection(fans)
    drawn.layers.append(Layer(fans, [s.node for s in spokes], kind="edge"))


#: How each kind of label looks: (size in points at scale 1, text options, the role a
#: frame changes it by, or None for a label no frame changes).
_LOOKS = {
    "edge": (8, dict(color=PALETTE["ink"], zorder=2.5,
                     bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="#BBBBBB", lw=0.5)), "always"),
    "score": (10, dict(style="normal", fontweight="bold", zorder=5), "score"),
    "stub": (8, dict(style="italic", fontweight="normal", zorder=5), "score"),
    "window": (8.5, dict(color="#333333", zorder=5), "window"),
    "fan": (8, dict(color="#555555", zorder=5), "fan"),
    "name": (9, dict(ha="right", color="#444444", fontweight="bold", zorder=8,   # over a "parts here" frame
                     bbox=dict(boxstyle="round,pad=0.05", fc="white", ec="none")), "always"),
    "leaf name": (8, dict(color="#444444", fontweight="bold", zorder=8,
                          bbox=dict(boxstyle="round,pad=0.05", fc="white", ec="none")), "always"),
    "level": (9, dict(ha="left", zorder=5), None),
    "crumb": (9, dict(ha="left", color=PALETTE["max"], zorder=5,
                      bbox=dict(boxstyle="round,pad=0.2", fc="#EEF5FB", ec="none")), None),
    "sep": (9, dict(ha="left", color="#777777", zorder=5), None),
}


def _text(ax, drawn: Artists, label) -> None:
    size, looks, role = _LOOKS[label.kind]
    options = {"ha": "center", "va": label.va, "fontsize": drawn.pt(size), **looks}
    if label.kind == "level":
        options["color"] = PALETTE.get(label.role, PALETTE["ink"])
    elif role == "score":   # a value's words and colour are known; a frame shows them when it is
        options["color"] = PALETTE[label.role]
    text = ax.text(label.x, label.y, label.words, **options)
    if role is not None:
        drawn.texts.append((text, label.node, role))
    elif label.kind == "crumb":
        drawn.crumb_texts.append((text, label.node))


def _crumbs(shapes: Shapes, scale: float) -> list:
    """The breadcrumb's words, spaced for their font size."""
    fs = max(9 * scale, MIN_POINTS)
    char = fs * 100 / 72 * 0.6 / (scale * NATURAL_UNIT_PX)  # data units per character, roughly
    return place_crumbs(shapes.crumbs, char)


def _current(ax, drawn: Artists, glyph) -> None:
    """The best line, the current call's box and its stack's lines (a frame shows them)."""
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Rectangle

    segs = [drawn.edge_segments[i] for i in sorted(drawn.pv) if i in drawn.edge_segments]
    drawn.pv_lines = LineCollection(segs, colors=PALETTE["best"], linewidths=3.2 * drawn.scale,
                                    zorder=1.5, capstyle="round")
    ax.add_collection(drawn.pv_lines)
    w, h = glyph.width + 0.08, glyph.height + 0.08
    drawn.cursor = Rectangle((0, 0), w, h, fill=False, ec=PALETTE["current"], lw=3 * drawn.scale,
                             zorder=6, visible=False)
    ax.add_patch(drawn.cursor)
    drawn.stack_lines = LineCollection([], colors=PALETTE["current"], linewidths=3 * drawn.scale,
                                       zorder=1.6, capstyle="round")
    ax.add_collection(drawn.stack_lines)


def _parting(ax, drawn: Artists, part) -> None:
    """A dashed dark-red frame, with "parts here", where a learner's search parts from the right one."""
    if part is None:
        return
    from matplotlib.patches import Circle, Rectangle

    color, lw = PALETTE["parting"], 2.2 * drawn.scale
    if part.box is not None:
        x0, y0, w, h = part.box
        patch = Rectangle((x0, y0), w, h, fill=False, ec=color, lw=lw, ls=(0, (4, 2)), zorder=7)
    else:
        patch = Circle((part.x, part.y), part.ring, fill=False, ec=color, lw=lw, zorder=7)
    ax.add_patch(patch)
    ax.text(part.x, part.words_y, "parts here", ha="center", va="bottom", color=color,
            fontsize=drawn.pt(8), fontweight="bold", zorder=7,
            bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.85))


def _legend(ax, drawn: Artists, items, kept: Artists | None) -> None:
    """The legend under the picture, unless ``kept`` drew the same one (its words and size)."""
    from matplotlib.lines import Line2D

    size = 8.5 * min(max(drawn.scale, 0.85), 1.2)
    drawn.legend_key = (items, size)
    if kept is not None and kept.legend_key == drawn.legend_key:
        drawn.legend_handles = kept.legend_handles
        return
    handles = []
    for marker, role, words in items:
        colour = PALETTE[role]
        if marker == "line":
            handles.append(Line2D([], [], color=colour, lw=3, label=words))
        elif marker in ("dashes", "fan"):
            handles.append(Line2D([], [], color=colour, ls=(0, (3, 2)), lw=1.5, label=words))
        else:
            handles.append(Line2D([], [], marker=marker, ls="", color=colour, label=words))
    drawn.legend_handles = handles
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=min(len(handles), 4),
              fontsize=size, frameon=False, handlelength=1.6)


# -- frames --------------------------------------------------------------------------------------
def show_frame(drawn: Artists, frame) -> None:
    """Show replay ``frame`` (:meth:`minimax_viz.scene.Scene.frame`) on what :func:`paint` drew."""
    labels = frame.labels
    _fade_layers(drawn, labels)
    for text, i, role in drawn.texts:
        _ROLES[role](drawn, text, labels[i], frame.returned.get(i, True))
    drawn.pv_lines.set_visible(frame.upto is None and bool(drawn.pv))
    if frame.cursor is None:
        drawn.cursor.set_visible(False)
        drawn.stack_lines.set_segments([s for i, s in drawn.edge_segments.items() if i in frame.stack])
        return
    drawn.cursor.set_bounds(*frame.cursor)
    drawn.cursor.set_visible(True)
    drawn.stack_lines.set_segments([drawn.edge_segments[i] for i in frame.stack if i in drawn.edge_segments])


def set_title(ax, drawn: Artists, frame) -> None:
    """The title for ``frame``: the record's (none, a text given, or the search's own
    words), or the words of the frame's event where the title is the search's own."""
    shapes = drawn.shapes
    if not shapes.own_title:
        ax.set_title(shapes.title)
        return
    words = shapes.title if frame.title is None else frame.title
    ax.set_title(words, fontsize=11 * min(max(drawn.scale, 0.85), 1.2), loc="center")


def _fade_layers(drawn: Artists, labels) -> None:
    """Full strength for what has been reached, faint (or nothing) for the rest."""
    hidden = drawn.hidden
    factor = {i: hidden if not lab.reached else PRUNED_ALPHA if lab.role == "pruned" else 1.0
              for i, lab in labels.items()}
    for layer in drawn.layers:
        if layer.kind == "dot":
            _colour_marks(layer, labels)
        if layer.kind == "cut":  # the cut itself is the point: full strength once shown
            alphas = [1.0 if labels[o].reached else hidden for o in layer.owners]
        else:
            alphas = [factor.get(o, 1.0) for o in layer.owners]
        _fade(layer, alphas)


def _score(drawn: Artists, text, lab, returned: bool) -> None:
    """A value's words (the record's) show once it is known."""
    text.set_alpha(1.0)
    text.set_visible(lab.done)


def _window(drawn: Artists, text, lab, returned: bool) -> None:
    text.set_alpha(1.0)
    text.set_text(lab.window)
    text.set_fontsize(_fitting_size(drawn, lab.window))
    text.set_visible(lab.reached)


def _fan(drawn: Artists, text, lab, returned: bool) -> None:
    """The calls below are the future until the call returns: faint until then."""
    hidden = drawn.hidden
    text.set_alpha(1.0 if returned else max(hidden, 0.3) if lab.reached else hidden)
    text.set_visible(lab.reached or hidden > 0)


def _always(drawn: Artists, text, lab, returned: bool) -> None:
    text.set_alpha(1.0 if lab.reached else drawn.hidden)
    text.set_visible(lab.reached or drawn.hidden > 0)


_ROLES = {"score": _score, "window": _window, "fan": _fan, "always": _always}


def _fitting_size(drawn: Artists, words: str) -> float:
    """A label under a node: its usual size, or smaller to fit the unit a node has."""
    unit = drawn.scale * INCHES_PER_UNIT * 72
    return max(MIN_POINTS, min(drawn.pt(8.5), 0.85 * unit / (0.6 * max(len(words), 1))))


def _colour_marks(layer: Layer, labels) -> None:
    """A mark takes its value's colour when its call returns; white until then."""
    from matplotlib.colors import to_rgba_array

    _base_colours(layer)
    faces = [PALETTE[labels[o].role] if labels[o].done and labels[o].role not in ("ink", "bound")
             else "white" for o in layer.owners]  # a bound is no result: left open
    layer.base["facecolor"] = to_rgba_array(faces)


def _base_colours(layer: Layer) -> None:
    """Remember each element's own colours once, so frames can scale their alpha."""
    import numpy as np
    from matplotlib.colors import to_rgba_array

    if layer.base:
        return
    n = len(layer.owners)
    for name in ("facecolor", "edgecolor"):
        values = to_rgba_array(getattr(layer.artist, f"get_{name}")())
        if len(values) in (1, n) and n:
            layer.base[name] = np.broadcast_to(values, (n, 4)).copy()


def _fade(layer: Layer, alphas) -> None:
    import numpy as np

    _base_colours(layer)
    alphas = np.asarray(alphas, dtype=float)
    for name, base in layer.base.items():
        rgba = base.copy()
        rgba[:, 3] = base[:, 3] * alphas
        getattr(layer.artist, f"set_{name}")(rgba)
