"""Draw a recorded search tree with matplotlib: boards at the nodes, scores, cut branches.

:func:`draw_tree` draws once and returns the ``Axes``. :class:`TreeView` keeps what it
drew, so a replay frame (``view.show(upto=k)``) only changes colours and texts on the
same figure: that is what the step widgets use. matplotlib is imported here, lazily, and
nowhere else in the package but :mod:`minimax_viz.glyphs`.

Pictures follow the recording: positions from :func:`minimax_viz.layout.tidy_layout`,
glyphs from :mod:`minimax_viz.glyphs`, and ``upto=k`` shows the tree as it stood after
event ``k`` of the replay (nodes that appear later are hidden, or ghosted with
``future="ghost"``; a score appears when its call returns).
"""

from __future__ import annotations

import math
import re
from typing import Any

from .errors import InvalidOption
from .glyphs import PALETTE, Layer, glyph_for
from .layout import tidy_layout
from .trace import CALL, HIT, HORIZON, PRUNED

__all__ = ["draw_tree", "TreeView", "principal_variation", "tree_png", "score_text"]

#: Trees with more nodes are drawn collapsed: the first levels, with "+N" on what is hidden.
DEFAULT_MAX_NODES = 2000
#: Boards are drawn up to this many leaves across (or the glyph's own ``max_leaves``);
#: wider trees are drawn as dots.
GLYPH_LEAF_LIMIT = 48


def principal_variation(tree) -> list[int]:
    """Node indexes from the root along the best moves (first best child at each node)."""
    path, node = [0], tree.root
    while not node.is_leaf:
        best = [c for c in node.children if c.score == node.score and not c.pruned]
        if not best:
            break
        node = best[0]
        path.append(node.index)
    return path


def draw_tree(
    tree,
    *,
    ax=None,
    upto: int | None = None,
    window: bool | None = None,
    moves: bool | None = None,
    pv: bool = True,
    legend: bool = True,
    title: bool | str = True,
    future: str = "hide",
    max_nodes: int = DEFAULT_MAX_NODES,
    levels: int | None = None,
    figsize: tuple[float, float] | None = None,
    scores: str = "all",
):
    """Draw a recorded search tree (or a search result) and return the matplotlib ``Axes``.

    ``upto=k`` draws the tree as it stood after event ``k`` of the replay (see
    ``tree.events()``); ``window`` shows alpha and beta beside each node (on by default
    after alpha-beta); ``moves`` labels each edge with its move; ``pv`` highlights the
    chosen move and the principal variation; ``future`` is "hide" or "ghost" for nodes a
    replay frame has not reached. ``levels=d`` draws only the first ``d`` levels below the
    root, with "+N" under each cut-short subtree; trees over ``max_nodes`` nodes are drawn
    that way by themselves, as deep as boards stay readable. ``scores="leaves"`` writes
    only the leaves' values (and no value in the title): a question for the learner.

    >>> import minimax_viz as mv
    >>> ax = draw_tree(mv.alphabeta(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])))
    >>> ax.get_title()
    'alpha-beta: 11 calls, 2 pruned; best move 0, value 3'
    """
    return TreeView(
        tree, ax=ax, window=window, moves=moves, pv=pv, legend=legend, title=title,
        future=future, max_nodes=max_nodes, levels=levels, figsize=figsize, frames=upto is not None,
        scores=scores,
    ).show(upto)


def tree_png(tree, *, upto: int | None = None, dpi: int = 100, **options) -> bytes:
    """The drawing of ``tree`` as PNG bytes, made without pyplot (for notebooks and files).

    Takes the options of :func:`draw_tree`.
    """
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    view = TreeView(tree, pyplot=False, frames=upto is not None, **options)
    view.show(upto)
    buf = io.BytesIO()
    FigureCanvasAgg(view.ax.figure)
    view.ax.figure.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
    return buf.getvalue()


class TreeView:
    """A drawn tree that can show any replay frame without drawing again."""

    def __init__(
        self,
        tree,
        *,
        ax=None,
        window: bool | None = None,
        moves: bool | None = None,
        pv: bool = True,
        legend: bool = True,
        title: bool | str = True,
        future: str = "hide",
        max_nodes: int = DEFAULT_MAX_NODES,
        levels: int | None = None,
        figsize: tuple[float, float] | None = None,
        frames: bool = False,
        pyplot: bool = True,
        scores: str = "all",
    ):
        tree = getattr(tree, "tree", tree)  # a SearchResult draws its tree
        if tree is None:
            raise InvalidOption("this search was run with record=False, so there is no tree to draw; run it with record=True")
        if future not in ("hide", "ghost"):
            raise InvalidOption(f"future must be 'hide' or 'ghost', not {future!r}")
        if scores not in ("all", "leaves"):
            raise InvalidOption(f"scores must be 'all' or 'leaves' (only the leaves' values), not {scores!r}")
        self.scores = scores
        if not isinstance(max_nodes, int) or max_nodes < 1:
            raise InvalidOption(f"max_nodes must be a positive whole number, not {max_nodes!r}")
        self.tree = tree
        self.game = tree.game
        self.future = future
        self.glyph = glyph_for(self.game)
        self.window = tree.has_window if window is None else bool(window and tree.has_window)
        self.label_moves = self.glyph.label_moves if moves is None else moves
        if levels is not None and (isinstance(levels, bool) or not isinstance(levels, int) or levels < 0):
            raise InvalidOption(f"levels must be a whole number of levels, 0 or more, not {levels!r}")
        leaf_limit = getattr(self.glyph, "max_leaves", GLYPH_LEAF_LIMIT)
        self.nodes, self.collapsed = _choose_nodes(tree, max_nodes, levels, leaf_limit)
        self.children = {}
        leaves = self._count_leaves()
        self.detail = "glyph" if leaves <= leaf_limit else "dot"
        self.level_gap = self._level_gap()
        self.fan_drop = 0.35 if self.detail == "glyph" else self.level_gap * 0.35
        self.pos = tidy_layout(tree, self.nodes, level_gap=self.level_gap)
        self.ax = ax if ax is not None else self._make_axes(figsize, pyplot)
        self._set_limits()
        self.scale = self._scale()
        self.first, self.last = tree._steps()
        self.guessed = self._guessed()
        self.inexact = self._inexact()
        self.layers: list[Layer] = []
        self.texts: list[tuple[Any, int, str]] = []
        self._draw_edges()
        self._draw_nodes()
        self._draw_texts()
        self._draw_levels()
        self.pv = set(principal_variation(tree)) if pv else set()
        self._draw_pv()
        self._draw_current()
        self.frames = frames
        self.title = title
        if legend:
            self._draw_legend()
        self.ax.set_axis_off()
        self.upto: int | None = None

    # -- choosing and placing ------------------------------------------------------------
    def _count_leaves(self) -> int:
        parent = self.tree._rec.parent
        has_child = {parent[i] for i in self.nodes if i}
        return sum(1 for i in self.nodes if i not in has_child)

    def _level_gap(self) -> float:
        if self.detail == "dot":
            return 1.6
        below = 0.0 if self.glyph.score_inside else 0.3
        below += 0.24 if self.window else 0.0
        return self.glyph.height + below + 0.75

    def _make_axes(self, figsize, pyplot: bool):
        if pyplot:
            import matplotlib.pyplot as plt

            new_figure = plt.figure
        else:
            from matplotlib.figure import Figure as new_figure

        if figsize is None:
            xs = [p[0] for p in self.pos.values()]
            ys = [p[1] for p in self.pos.values()]
            data_w, data_h = max(xs) - min(xs) + 2.6, max(ys) - min(ys) + 1.8
            if self.detail == "glyph":  # square units: boards keep their shape
                width = min(max(data_w * 1.05, 6.0), 30.0)
                height = min(max(data_h * width / data_w + 1.4, 3.5), 16.0)
            else:  # dots: a wide page, levels spread evenly down it
                width = min(max(data_w * 0.05, 11.0), 20.0)
                height = min(max(data_h / self.level_gap * 0.9 + 1.2, 3.5), 10.0)
            figsize = (width, height)
        figure = new_figure(figsize=figsize)
        figure.subplots_adjust(left=0.01, right=0.99)  # trees are wide: keep the side margins thin
        return figure.add_subplot()

    def _set_limits(self) -> None:
        xs = [p[0] for p in self.pos.values()]
        ys = [p[1] for p in self.pos.values()]
        self.ax.set_xlim(min(xs) - 1.7, max(xs) + 0.9)
        bottom = self.level_gap * 0.55
        if self.collapsed:  # room for the fans and their "+N nodes"
            bottom = max(bottom, self._label_depth() + self.fan_drop + 0.55)
        self.ax.set_ylim(min(ys) - bottom, max(ys) + 0.7)
        if self.detail == "glyph":
            self.ax.set_aspect("equal", adjustable="box")

    def _scale(self) -> float:
        """Points per data unit relative to a 1-inch unit: fonts and lines follow the figure."""
        if self.detail == "dot":
            return 1.0
        fig = self.ax.figure
        bbox = self.ax.get_position()
        w_in, h_in = fig.get_figwidth() * bbox.width, fig.get_figheight() * bbox.height
        x0, x1 = self.ax.get_xlim()
        y0, y1 = self.ax.get_ylim()
        per_unit = min(w_in / (x1 - x0), h_in / (y1 - y0))
        return max(0.25, min(per_unit / 0.9, 1.6))

    def _guessed(self) -> set[int]:
        """Nodes whose value comes from the heuristic: a horizon leaf, or backed up from one."""
        rec, guessed = self.tree._rec, set()
        if HORIZON not in rec.kind:
            return guessed
        for i in reversed(range(len(self.tree))):
            kind = rec.kind[i]
            if kind == HORIZON:
                guessed.add(i)
            elif kind == CALL:
                for c in self.tree._child_indexes(i):
                    if rec.kind[c] != PRUNED and rec.score[c] == rec.score[i]:
                        if c in guessed:
                            guessed.add(i)
                        break
        return guessed

    def _inexact(self) -> set[int]:
        """Alpha-beta nodes whose value is only a bound: a cutoff below them left it unsure."""
        rec, unsure = self.tree._rec, set()
        if PRUNED not in rec.kind:
            return unsure
        for i in reversed(range(len(self.tree))):
            if rec.kind[i] == PRUNED:
                unsure.add(rec.parent[i])
            elif i in unsure and i:
                unsure.add(rec.parent[i])
        return unsure

    # -- static artists --------------------------------------------------------------------
    def _draw_edges(self) -> None:
        from matplotlib.collections import LineCollection

        rec, pos = self.tree._rec, self.pos
        top = self.glyph.height / 2 if self.detail == "glyph" else 0.15
        below = self._label_depth() if self.detail == "glyph" else 0.15
        segs, owners, colors, styles, cuts, cut_own = [], [], [], [], [], []
        self.edge_segments = {}
        for i in self.nodes:
            if i == 0:
                continue
            (px, py), (cx, cy) = pos[rec.parent[i]], pos[i]
            seg = [(px, py - below), (cx, cy + top)]
            self.edge_segments[i] = seg
            segs.append(seg)
            owners.append(i)
            if rec.kind[i] == PRUNED:
                colors.append(PALETTE["pruned"])
                styles.append((0, (3, 2)))
                if self.detail != "glyph":  # dots: the dashed edge and a grey cross say it
                    continue
                mx, my = (seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2
                dx, dy = seg[1][0] - seg[0][0], seg[1][1] - seg[0][1]
                norm = math.hypot(dx, dy) or 1
                ux, uy = -dy / norm * 0.16, dx / norm * 0.16
                for shift in (-0.05, 0.05):
                    sx, sy = dx / norm * shift, dy / norm * shift
                    cuts.append([(mx - ux + sx, my - uy + sy), (mx + ux + sx, my + uy + sy)])
                    cut_own.append(i)
            else:
                colors.append("#888888")
                styles.append("solid")
        lw = (1.2 if self.detail == "glyph" else 0.6) * self.scale
        edges = LineCollection(segs, colors=colors, linestyles=styles, linewidths=lw, zorder=1)
        self.ax.add_collection(edges)
        self.layers.append(Layer(edges, owners, kind="edge"))
        if cuts:
            marks = LineCollection(cuts, colors=PALETTE["min"], linewidths=2.0 * self.scale, zorder=2)
            self.ax.add_collection(marks)
            self.layers.append(Layer(marks, cut_own, kind="cut"))
        if self.collapsed:
            self._draw_fans(below)
        if self.label_moves and self.detail == "glyph":
            for i, seg in self.edge_segments.items():
                mx, my = (seg[0][0] * 0.45 + seg[1][0] * 0.55), (seg[0][1] * 0.45 + seg[1][1] * 0.55)
                t = self.ax.text(
                    mx, my, self.glyph.move_label(self.game, self.tree._state(rec.parent[i]), rec.move[i]), ha="center", va="center",
                    fontsize=8 * self.scale, color=PALETTE["ink"], zorder=2.5,
                    bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="#BBBBBB", lw=0.5),
                )
                self.texts.append((t, i, "always"))

    def _draw_fans(self, below: float) -> None:
        """A small open fan under each cut-short subtree: there is more down there."""
        from matplotlib.collections import LineCollection

        half = 0.3 if self.detail == "glyph" else 0.25
        drop = self.fan_drop
        segs, owners = [], []
        for i in self.collapsed:
            x, y = self.pos[i]
            top = (x, y - below)
            for dx in (-half, 0.0, half):
                segs.append([top, (x + dx, y - below - drop)])
                owners.append(i)
        fans = LineCollection(segs, colors="#AAAAAA", linewidths=0.8, linestyles=(0, (2, 2)), zorder=1)
        self.ax.add_collection(fans)
        self.layers.append(Layer(fans, owners, kind="edge"))

    def _label_depth(self) -> float:
        below = self.glyph.height / 2
        if not self.glyph.score_inside:
            below += 0.3
        if self.window:
            below += 0.24
        return below

    def _draw_nodes(self) -> None:
        items = [(i, *self.pos[i]) for i in self.nodes]
        if self.detail == "glyph":
            self.layers += self.glyph.draw(self.ax, self.tree, items, self.scale)
            if not self.glyph.score_inside:
                self._draw_player_marks(items)
        else:
            self._draw_dots(items)

    def _draw_player_marks(self, items) -> None:
        """Max/Min by shape beside each board: a triangle up for Max, down for Min."""
        kinds, game = self.tree._rec.kind, self.game
        w = self.glyph.width / 2
        for up in (True, False):
            pts = [(x - w - 0.1, y + self.glyph.height / 2 - 0.1, i) for i, x, y in items
                   if kinds[i] == CALL and game.is_max(self.tree._state(i)) == up]
            if not pts:
                continue
            color = PALETTE["max"] if up else PALETTE["min"]
            coll = self.ax.scatter(
                [p[0] for p in pts], [p[1] for p in pts], marker="^" if up else "v",
                s=(34 * self.scale ** 2), c=color, zorder=4, linewidths=0,
            )
            self.layers.append(Layer(coll, [p[2] for p in pts]))

    def _draw_dots(self, items) -> None:
        rec, game = self.tree._rec, self.game
        for shape in ("^", "v", "s", "x"):
            pts = []
            for i, x, y in items:
                k = rec.kind[i]
                if k == PRUNED:
                    this = "x"
                elif k != CALL:
                    this = "s"
                else:
                    this = "^" if game.is_max(self.tree._state(i)) else "v"
                if this == shape:
                    pts.append((x, y, i))
            if not pts:
                continue
            faces = [self._score_color(i) for _, _, i in pts]
            coll = self.ax.scatter(
                [p[0] for p in pts], [p[1] for p in pts], marker=shape, s=self._dot_size(),
                c=faces, edgecolors=PALETTE["ink"] if shape != "x" else None,
                linewidths=0.3, zorder=3,
            )
            self.layers.append(Layer(coll, [p[2] for p in pts], kind="dot"))

    def _dot_size(self) -> float:
        """Marker area in points², so that neighbouring leaves do not overlap."""
        fig = self.ax.figure
        x0, x1 = self.ax.get_xlim()
        spacing = fig.get_figwidth() * self.ax.get_position().width * 72 / (x1 - x0)
        return max(3.0, min(spacing * 0.85, 9.0)) ** 2

    def _score_color(self, i: int) -> str:
        rec = self.tree._rec
        k, v = rec.kind[i], rec.score[i]
        if k == PRUNED or v != v:
            return PALETTE["pruned"]
        if k == HORIZON or i in self.guessed:
            return PALETTE["guess"]
        if k == HIT:  # inside a textbook shape the shape is sky blue: the number stays ink
            return PALETTE["ink"] if self.glyph.score_inside else PALETTE["hit"]
        if type(self.game).__name__ == "GameTree":
            return PALETTE["ink"]
        return PALETTE["max"] if v > 0 else PALETTE["min"] if v < 0 else PALETTE["draw"]

    def _draw_texts(self) -> None:
        if self.detail != "glyph":
            return
        rec, ax = self.tree._rec, self.ax
        fs = 10 * self.scale
        for i in self.nodes:
            x, y = self.pos[i]
            kind = rec.kind[i]
            if self.glyph.score_inside:
                sx, sy, va = x, y - (0.04 if kind == CALL else 0), "center"
            else:
                sx, sy, va = x, y - self.glyph.height / 2 - 0.09, "top"
            if kind == PRUNED:
                label = self._pruned_label(i)
                t = ax.text(sx, sy, label, ha="center", va=va, fontsize=fs * 0.8, color=PALETTE["pruned"],
                            style="italic", zorder=5)
                self.texts.append((t, i, "visible"))
            else:
                t = ax.text(sx, sy, "", ha="center", va=va, fontsize=fs, color=self._score_color(i),
                            fontweight="bold", zorder=5)
                self.texts.append((t, i, "score"))
            if i in self.collapsed:
                t = ax.text(x, y - self._label_depth() - self.fan_drop - 0.05, f"+{self.collapsed[i]:,}\nnodes",
                            ha="center", va="top", fontsize=fs * 0.75, color="#555555", zorder=5)
                self.texts.append((t, i, "visible"))
            if self.window and kind == CALL:
                wy = (y - self.glyph.height / 2 - (0.3 if not self.glyph.score_inside else 0.04))
                t = ax.text(x, wy - 0.02, "", ha="center", va="top", fontsize=fs * 0.85, color="#333333", zorder=5)
                self.texts.append((t, i, "window"))

    def _pruned_label(self, i: int) -> str:
        """Under a pruned board: "pruned"; inside a pruned textbook shape: its value, if a leaf."""
        if not self.glyph.score_inside:
            return "pruned"
        value = getattr(self.game, "value", None)
        v = value(self.tree._state(i)) if value is not None else None
        return "" if v is None else score_text(v, signed=False)

    def _draw_levels(self) -> None:
        """Left margin: which player moves at each depth, with its shape."""
        if self.detail != "glyph":
            return
        seen: dict[int, int] = {}
        for i in self.nodes:
            d = self.tree._rec.depth[i]
            if d not in seen and self.tree._rec.kind[i] == CALL:
                seen[d] = i
        x0 = self.ax.get_xlim()[0] + 0.15
        for d, i in sorted(seen.items()):
            state = self.tree._state(i)
            is_max = self.game.is_max(state)
            name = self.game.player(state)
            role = "Max" if is_max else "Min"
            label = f"{'▲' if is_max else '▼'} {role}" + ("" if name.upper() == role.upper() else f"\n{name} to move")
            self.ax.text(x0, self.pos[i][1], label, ha="left", va="center", fontsize=9 * self.scale,
                         color=PALETTE["max"] if is_max else PALETTE["min"], zorder=5)

    def _draw_pv(self) -> None:
        from matplotlib.collections import LineCollection

        segs = [self.edge_segments[i] for i in sorted(self.pv) if i in self.edge_segments]
        self.pv_lines = LineCollection(segs, colors=PALETTE["best"], linewidths=3.2 * self.scale,
                                       zorder=1.5, capstyle="round")
        self.ax.add_collection(self.pv_lines)

    def _draw_current(self) -> None:
        from matplotlib.collections import LineCollection
        from matplotlib.patches import Rectangle

        w = (self.glyph.width if self.detail == "glyph" else 0.35) + 0.08
        h = (self.glyph.height if self.detail == "glyph" else 0.35) + 0.08
        self.cursor = Rectangle((0, 0), w, h, fill=False, ec=PALETTE["current"], lw=3 * self.scale,
                                zorder=6, visible=False)
        self.ax.add_patch(self.cursor)
        self.stack_lines = LineCollection([], colors=PALETTE["current"], linewidths=3 * self.scale,
                                          zorder=1.6, capstyle="round")
        self.ax.add_collection(self.stack_lines)

    def _draw_legend(self) -> None:
        from matplotlib.lines import Line2D

        handles = [
            Line2D([], [], marker="^", ls="", color=PALETTE["max"], label="Max to move"),
            Line2D([], [], marker="v", ls="", color=PALETTE["min"], label="Min to move"),
        ]
        if type(self.game).__name__ == "TicTacToe":
            handles += [
                Line2D([], [], marker="s", ls="", color=PALETTE["max"], label="+1 X wins"),
                Line2D([], [], marker="s", ls="", color=PALETTE["min"], label="−1 O wins"),
                Line2D([], [], marker="s", ls="", color=PALETTE["draw"], label="0 draw"),
            ]
        kinds = set(self.tree._rec.kind)
        if HORIZON in kinds:
            handles.append(Line2D([], [], marker="s", ls="", color=PALETTE["guess"], label="≈ heuristic (depth limit)"))
        if HIT in kinds:
            handles.append(Line2D([], [], marker="s", ls="", color=PALETTE["hit"], label="memo table"))
        if self.pv and not self.frames:
            handles.append(Line2D([], [], color=PALETTE["best"], lw=3, label="best line"))
        if PRUNED in kinds:
            handles.append(Line2D([], [], color=PALETTE["pruned"], ls=(0, (3, 2)), lw=1.5, label="pruned (never searched)"))
            handles.append(Line2D([], [], ls="", marker="$≤$", color=PALETTE["ink"], label="only a bound: cut short"))
        if self.frames:
            handles.append(Line2D([], [], color=PALETTE["current"], lw=3, label="current call and stack"))
        self.legend_handles = handles
        self.legend = self.ax.legend(
            handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=min(len(handles), 4),
            fontsize=8.5 * min(self.scale, 1.2), frameon=False, handlelength=1.6,
        )

    # -- frames ------------------------------------------------------------------------------
    def show(self, upto: int | None = None):
        """Show the tree as it stood after replay event ``upto`` (``None``: the whole search)."""
        import numpy as np

        n_steps = self.tree.n_steps
        if upto is not None:
            if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto < n_steps:
                raise InvalidOption(
                    f"step upto={upto!r} is out of range: this replay has steps 0 to {n_steps - 1}"
                )
            if upto == n_steps - 1:
                upto = None
        self.upto = upto
        first, last, rec = self.first, self.last, self.tree._rec
        k = n_steps if upto is None else upto
        hidden = 0.13 if self.future == "ghost" else 0.0
        factor = {}
        for i in self.nodes:
            if first[i] > k:
                factor[i] = hidden
            elif rec.kind[i] == PRUNED:
                factor[i] = 0.45
            else:
                factor[i] = 1.0
        for layer in self.layers:
            if layer.kind == "dot":
                self._colour_dots(layer, k)
            if layer.kind == "cut":  # the cut itself is the point: full strength once shown
                alphas = np.array([1.0 if first[o] <= k else hidden for o in layer.owners])
            else:
                alphas = np.array([factor[o] for o in layer.owners]) if layer.owners else np.zeros(0)
            self._fade(layer, alphas)
        current, stack = self._current(k)
        for text, i, role in self.texts:
            shown = first[i] <= k
            text.set_alpha(1.0 if shown else hidden)
            if role == "score":
                done = last[i] <= k and (self.scores == "all" or rec.kind[i] != CALL)
                text.set_text(self._score_text(i) if done else "")
                text.set_visible(shown and done)
            elif role == "window":
                words = self._window_text(i, k)
                text.set_text(words)
                text.set_fontsize(self._fitting_size(words))
                text.set_visible(shown)
            else:
                text.set_visible(shown or self.future == "ghost")
        self._show_frame_marks(current, stack, upto is None)
        self._set_title(k, upto)
        return self.ax

    def _fitting_size(self, words: str) -> float:
        """The font size for a label under a node: as usual, or smaller so that it fits in
        the unit of width a node has (long decimals such as α=+0.0047 β=−0.013)."""
        usual = 10 * self.scale * 0.85
        unit = self.scale * 0.9 * 72  # points per data unit, as _scale measured it
        return min(usual, 0.85 * unit / (0.72 * max(len(words), 1)))

    def _colour_dots(self, layer: Layer, k: int) -> None:
        """A dot takes its score's colour when its call returns; white until then."""
        from matplotlib.colors import to_rgba_array

        self._base_colours(layer)
        faces = [self._score_color(o) if self.last[o] <= k else "white" for o in layer.owners]
        layer.base["facecolor"] = to_rgba_array(faces)

    @staticmethod
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

    def _fade(self, layer: Layer, alphas, to_rgba_array=None) -> None:
        self._base_colours(layer)
        for name, base in layer.base.items():
            rgba = base.copy()
            rgba[:, 3] = base[:, 3] * alphas
            getattr(layer.artist, f"set_{name}")(rgba)

    def _current(self, k: int):
        if self.upto is None:
            return None, []
        node = self.tree.event(k).node
        return node.index, [n.index for n in node.path]

    def _show_frame_marks(self, current, stack, final: bool) -> None:
        self.pv_lines.set_visible(final and bool(self.pv))
        if current is None or current not in self.pos:
            self.cursor.set_visible(False)
            self.stack_lines.set_segments([])
            return
        x, y = self.pos[current]
        self.cursor.set_xy((x - self.cursor.get_width() / 2, y - self.cursor.get_height() / 2))
        self.cursor.set_visible(True)
        self.stack_lines.set_segments([self.edge_segments[i] for i in stack[1:] if i in self.edge_segments])

    def _score_text(self, i: int) -> str:
        rec = self.tree._rec
        v = rec.score[i]
        text = score_text(v, signed=not self.glyph.score_inside)
        if i in self.inexact:
            # a cutoff left the value unsure: outside its window, it is only a bound
            if v <= rec.alpha[i]:
                text = "≤" + text
            elif v >= rec.beta[i]:
                text = "≥" + text
        if i in self.guessed:
            return "≈" + text
        return text

    def _window_text(self, i: int, k: int) -> str:
        a, b = self.window_at(i, k)
        signed = not self.glyph.score_inside
        return f"α={score_text(a, signed=signed)} β={score_text(b, signed=signed)}"

    def window_at(self, i: int, k: int) -> tuple[float, float]:
        """Node ``i``'s alpha and beta as they stood after replay step ``k``: the entry
        window narrowed by the children returned so far, or the window it returned with."""
        tree, rec = self.tree, self.tree._rec
        if not tree.has_window:
            raise InvalidOption("this tree has no alpha and beta: it was recorded by minimax, not alphabeta")
        if self.last[i] <= k:
            a, b = rec.alpha_out[i], rec.beta_out[i]
        else:
            a, b = rec.alpha[i], rec.beta[i]
            if rec.kind[i] == CALL:  # the window as it stands now: narrowed by returned children
                is_max = self.game.is_max(tree._state(i))
                for c in tree._child_indexes(i):
                    if self.last[c] <= k and rec.kind[c] != PRUNED:
                        if is_max:
                            a = max(a, rec.score[c])
                        else:
                            b = min(b, rec.score[c])
        return a, b

    def _set_title(self, k: int, upto) -> None:
        if self.title is False:
            self.ax.set_title("")
            return
        if isinstance(self.title, str):
            self.ax.set_title(self.title)
            return
        summary = _summary(self.tree, not self.glyph.score_inside, reveal=self.scores == "all")
        self.ax.set_title(summary if upto is None else self._step_title(k),
                          fontsize=11 * min(self.scale, 1.2), loc="center")

    def _step_title(self, k: int) -> str:
        event = self.tree.event(k)
        line = self.tree._event_line(k, event.kind, event.node, False).strip()
        words = line.split(" ", 1)[1].strip() if " " in line else line
        words = re.sub(r"(?<![\w.])-(?=[\d.])", "−", words)  # the labels' minus sign
        return f"step {k} of {self.tree.n_steps - 1}: {words}"


def _summary(tree, signed: bool = True, reveal: bool = True) -> str:
    """The title: the algorithm and its counts, and (when ``reveal``) the best move and value."""
    counts = tree.counts()
    calls = len(tree) - counts["pruned"]
    name = "alpha-beta" if tree.algorithm == "alphabeta" else "minimax"
    root = tree.root
    best = [c.move for c in root.children if c.score == root.score and not c.pruned][:1]
    value = score_text(root.score, signed=signed)
    tail = f"; best move {best[0]}, value {value}" if best else f"; value {value}"
    pruned = f", {counts['pruned']} pruned" if tree.has_window else ""
    return f"{name}: {calls:,} calls{pruned}{tail if reveal else ''}"


def score_text(v, *, signed: bool = True) -> str:
    """A value as a learner reads it: a real minus sign, ``+`` on wins when ``signed``.

    >>> score_text(1), score_text(-1), score_text(0.5), score_text(-math.inf), score_text(3, signed=False)
    ('+1', '−1', '+0.50', '−∞', '3')
    >>> score_text(0.0047), score_text(-0.05), score_text(1e-5)
    ('+0.0047', '−0.050', '+0.000010')
    """
    if v is None or v != v:
        return ""
    if v == math.inf:
        return "+∞" if signed else "∞"
    if v == -math.inf:
        return "−∞"
    if float(v).is_integer():
        v = int(v)
        return ("+" if signed and v > 0 else "") + ("−" + str(-v) if v < 0 else str(v))
    # two decimals, or two significant digits for a small guess (0.0047, not 0.00)
    places = 2 if abs(v) >= 0.1 else min(6, 1 - math.floor(math.log10(abs(v))))
    text = format(v, ("+" if signed else "") + f".{places}f")
    return text.replace("-", "−")


def _choose_nodes(tree, max_nodes: int, levels: int | None, leaf_limit: int = GLYPH_LEAF_LIMIT):
    """All nodes, or the first levels (those given, or as many as stay readable) with
    the number of nodes hidden under each cut-short subtree."""
    n = len(tree)
    depth, end, kind = tree._rec.depth, tree._rec.end, tree._rec.kind
    if levels is None:
        if n <= max_nodes:
            return list(range(n)), {}
        levels = 0
        while 0 < depth.count(levels + 1) <= leaf_limit:
            levels += 1
    nodes = [i for i in range(n) if depth[i] <= levels]
    collapsed = {i: end[i] - i - 1 for i in nodes if depth[i] == levels and kind[i] == CALL and end[i] - i > 1}
    return nodes, collapsed
