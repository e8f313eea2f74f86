"""Paint a tree scene with matplotlib: boards at the nodes, values, cut branches, fans.

The content of a picture (which nodes, where, what their labels say at replay event
``k``) is a :class:`minimax_viz.scene.Scene`; this module only paints it.
:func:`draw_tree` draws once and returns the ``Axes``. :class:`TreeView` keeps what it
drew, so a replay frame (``view.show(upto=k)``) only changes colours and texts on the
same figure, and a new focus (``view.set_focus(node)``) lays the picture out again
around that node. matplotlib is imported here, lazily, and nowhere else in the package
but :mod:`minimax_viz.glyphs` and :mod:`minimax_viz.raster`.

A view on a figure of its own (``pyplot=False``, as the widgets make them) paints its
pictures on matplotlib's Agg canvas itself (:meth:`TreeView.png`, :meth:`TreeView.pixels`):
what a replay event cannot change (the breadcrumb, the level labels, the legend) once per
drawing, as a background; the artists :meth:`TreeView.show` changes over it, for each
frame (blitting, :class:`minimax_viz.raster.Blitter`). The picture is the same, pixel for
pixel, as matplotlib's full drawing of the figure (``tests/test_frames.py`` checks every
event of several replays), about four times quicker.

Replay frames draw the part of the tree not reached yet *faintly* (``future="ghost"``,
the default) rather than cropping to what has been reached: every frame keeps the same
positions and size, so a learner stepping through a search sees each call appear where
it will stay, and no frame has a blank band. ``future="hide"`` leaves those nodes out.
"""

from __future__ import annotations

import io
import math
from typing import Any

from .errors import InvalidOption, short_repr
from .glyphs import PALETTE, Layer
from .raster import Blitter, crop, encode_png, pixel_box
from .scene import MAX_WIDTH_PX, NATURAL_UNIT_PX, SHAPES, Scene
from .trace import CALL, PRUNED, Node, SearchTree, format_value

__all__ = ["draw_tree", "draw_difference", "draw_crosstable", "TreeView", "principal_variation", "tree_png", "score_text"]

#: The faintness of a node a replay frame has not reached, and of a pruned stub.
GHOST, PRUNED_ALPHA = 0.13, 0.45
#: No text is smaller than this many points (8.3 px at 100 dpi).
MIN_POINTS = 6.0


def principal_variation(tree) -> list[int]:
    """Node indexes from the root along the best moves: ``tree.principal_variation()``.

    :raises InvalidOption: when ``tree`` is not a search's result or its tree.
    """
    tree = _tree_of(tree)
    return [node.index for node in tree.principal_variation()]


def score_text(v, *, signed: bool = True) -> str:
    """A value as a learner reads it: :func:`minimax_viz.trace.format_value`.

    >>> score_text(1), score_text(-1), score_text(0.5), score_text(-math.inf), score_text(3, signed=False)
    ('+1', '−1', '+0.50', '−∞', '3')
    """
    return format_value(v, signed=signed)


def draw_tree(tree, ax=None, *, focus=None, levels: int | None = None, pos=None, upto: int | None = None,
              **options):
    """Draw a recorded search tree (or a search result) and return the matplotlib ``Axes``.

    ``focus`` (a node or its index; the root by default) is drawn at the top with the
    path to it as a breadcrumb, its children as boards, as many levels as fit in 1,000 px
    at natural size, one more level as small marks and "+N calls" fans for the rest;
    ``levels`` caps the levels drawn below the focus; ``pos`` places nodes yourself
    (``{node or index: (x, y)}``, as networkx drawing functions take). ``upto=k`` draws
    the tree as it stood after replay event ``k`` (see ``tree.events()``), refocused on
    the current call if it is not drawn. Other options: ``window`` (alpha and beta under
    each call, on by default after alpha-beta), ``moves`` (edge labels), ``pv`` (the best
    line), ``legend``, ``title``, ``future`` ("ghost" or "hide"), ``figsize``,
    ``scores="leaves"`` (only the leaves' values: a question for the learner).

    :raises InvalidOption: for a bad option (see :class:`TreeView`) or step.

    >>> import minimax_viz as mv
    >>> ax = draw_tree(mv.alphabeta(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])))
    >>> ax.get_title()
    'alpha-beta: 11 calls, 2 pruned; best move 0, value 3'
    """
    view = TreeView(tree, ax=ax, focus=focus, levels=levels, pos=pos, frames=upto is not None, **options)
    return view.show(upto)


def draw_difference(difference, *, titles: tuple[str, str] | None = None):
    """Draw where a learner's search parts from the right one: the right tree above, the
    learner's below, the node where they part framed in both ("parts here") and the
    difference's words on top. A tree too big for the page is drawn around the parting.
    Returns the two Axes (right, mine).

    :raises InvalidOption: when ``difference`` is not one :func:`~minimax_viz.compare.first_difference` returned.

    >>> import minimax_viz as mv
    >>> from minimax_viz.compare import first_difference
    >>> from minimax_viz.learner import record_calls
    >>> game = mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> def shallow(game, state, depth):
    ...     return (game.utility(state), None) if game.is_terminal(state) else (0, None)
    >>> right_ax, mine_ax = draw_difference(first_difference(record_calls(shallow, game, (), 2), mv.minimax(game)))
    >>> mine_ax.get_title()
    'your search: 1 call; value ≈0'
    """
    import textwrap

    import matplotlib.pyplot as plt

    trees = getattr(difference, "trees", ())
    if len(trees) != 2:
        raise InvalidOption(f"draw_difference draws what first_difference returned, not {difference!r}")
    mine, right = trees
    titles = titles or (None, None)
    drawn = []
    for tree, title in ((right, titles[0]), (mine, titles[1])):
        node = difference.node_in(tree)
        focus = tree.root if len(tree) <= 60 or node.parent is None else node.parent
        options = dict(focus=focus, mark=node, legend=False, moves=True, title=True if title is None else title)
        view = TreeView(tree, pyplot=False, **options)
        drawn.append((tree, options, view.ax.figure.get_size_inches()))
    width = min(max(size[0] for *_, size in drawn), 9.9)
    words = textwrap.fill(str(difference), width=int(width * 100 / 7.5))   # about 7.5 px a character at 9 pt
    top = 0.4 + 0.17 * (words.count("\n") + 1)   # the words, and room for the top tree's title below them
    heights = [size[1] for *_, size in drawn]
    figure, axes = plt.subplots(2, 1, figsize=(width, sum(heights) + top), height_ratios=heights)
    figure.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - top / (sum(heights) + top), hspace=0.12)
    figure.suptitle(words, fontsize=9, color=PALETTE["parting"], y=0.995, va="top")
    for ax, (tree, options, _) in zip(axes, drawn):
        TreeView(tree, ax=ax, **options).show(None)
    return tuple(axes)


def _tree_of(tree) -> SearchTree:
    """The recorded tree of a search's result (or the tree itself), refused in words otherwise."""
    found = getattr(tree, "tree", tree)
    if found is None and tree is not None:
        raise InvalidOption("this search was run with record=False, so there is no tree; run it with record=True")
    if not isinstance(found, SearchTree):
        raise InvalidOption(f"tree must be a search's result or its tree, such as mv.minimax(game), not {short_repr(tree)}")
    return found


def _check_axes(ax) -> None:
    """``ax`` is None (a figure of the drawing's own) or a matplotlib Axes to draw on."""
    if ax is None:
        return
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise InvalidOption(
            f"ax must be a matplotlib Axes to draw on (such as fig, ax = plt.subplots()) or None for "
            f"a figure of its own, not {short_repr(ax)}"
        )


def _check_view_options(**switches) -> None:
    """The drawing's switches are True or False (an array or a string is no switch)."""
    for name, on in switches.items():
        if not isinstance(on, bool):
            raise InvalidOption(f"{name} must be True or False, not {short_repr(on)}")


#: The most characters of a title given as text (a longer one would not fit the picture).
MAX_TITLE = 120


def _checked_title(title):
    """``title`` as drawn: True (the search's own), False (none) or a text, cut to :data:`MAX_TITLE`."""
    if isinstance(title, bool):
        return title
    if not isinstance(title, str):
        raise InvalidOption(f"title must be True, False or a text, not {short_repr(title)}")
    return title if len(title) <= MAX_TITLE else title[:MAX_TITLE - 1] + "…"


def _checked_figsize(figsize):
    """None (the picture's own size) or a (width, height) pair of inches, each more than 0."""
    if figsize is None:
        return None
    ok = isinstance(figsize, (tuple, list)) and len(figsize) == 2 and all(
        isinstance(x, (int, float)) and not isinstance(x, bool) and 0 < x < 100 for x in figsize)
    if not ok:
        raise InvalidOption(f"figsize must be None or a (width, height) pair of inches, such as (8, 4), "
                            f"not {short_repr(figsize)}")
    return tuple(figsize)


def tree_png(tree, *, upto: int | None = None, dpi: int = 100, **options) -> bytes:
    """The drawing of ``tree`` as PNG bytes (never wider than 1,000 px), made without pyplot.

    Takes the options of :func:`draw_tree`.
    """
    view = TreeView(tree, pyplot=False, frames=upto is not None, **options)
    view.show(upto)
    return view.png(dpi=dpi)


class TreeView:
    """A drawn tree around a focus that can show any replay frame without drawing again.

    ``view.focus`` is the node at the top; ``view.set_focus(node)`` lays out again around
    another; ``view.breadcrumb`` is the path from the root to the focus; ``view.show(k)``
    shows event ``k``; ``view.png()`` is the picture and ``view.node_at(x, y)`` the node
    at a pixel of it. Options as in :func:`draw_tree`; ``frames=True`` prepares replay
    marks; ``pyplot=False`` draws on a figure of its own, outside pyplot.

    :raises InvalidOption: for a tree recorded with ``record=False``, a focus that is not
        a node of this tree, or an option out of range (``levels``, ``pos``, ``future``,
        ``scores``).

    >>> import minimax_viz as mv
    >>> view = TreeView(mv.minimax(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])), pyplot=False)
    >>> view.set_focus(view.tree.root.children[1])
    >>> [node.move for node in view.breadcrumb], view.scene.boards
    ([None, 1], [5, 6, 7, 8])
    >>> png = view.png()
    >>> x0, y0, x1, y1 = next(box[1:] for box in view.click_boxes if box[0] == 7)
    >>> view.node_at((x0 + x1) / 2, (y0 + y1) / 2).move, view.node_at(1, 1)
    (1, None)
    """

    def __init__(
        self,
        tree,
        *,
        ax=None,
        focus: Any = None,
        levels: int | None = None,
        pos=None,
        window: bool | None = None,
        moves: bool | None = None,
        pv: bool = True,
        legend: bool = True,
        title: bool | str = True,
        future: str = "ghost",
        figsize: tuple[float, float] | None = None,
        frames: bool = False,
        pyplot: bool = True,
        scores: str = "all",
        follow: bool = True,
        mark: Any = None,
    ):
        original, tree = tree, getattr(tree, "tree", tree)  # a SearchResult draws its tree
        if tree is None and original is not None:
            raise InvalidOption("this search was run with record=False, so there is no tree to draw; run it with record=True")
        if not isinstance(tree, SearchTree):
            raise InvalidOption(
                f"tree must be a search's result or its tree, such as mv.minimax(game), not {short_repr(original)}"
            )
        _check_axes(ax)
        _check_view_options(pv=pv, legend=legend, frames=frames, pyplot=pyplot, follow=follow)
        title = _checked_title(title)
        figsize = _checked_figsize(figsize)
        self.tree, self.game = tree, tree.game
        self.mark = None if mark is None else self._node_index(mark)
        self._options = dict(levels=levels, pos=pos, window=window, moves=moves, scores=scores, future=future)
        self.scene = Scene(tree, focus=focus, **self._options)
        self.glyph = self.scene.glyph
        self.pv_on, self.legend_on, self.title, self.frames = pv, legend, title, frames
        self.follow, self.figsize, self.pyplot = follow, figsize, pyplot
        self._own_figure = ax is None
        self.ax = ax if ax is not None else self._new_axes()
        self._home = self.ax.get_position(original=True).frozen()
        self.upto: int | None = None
        self._boxes: list = []
        self._drawings, self._blitter = 0, None  # see pixels(): one background per drawing
        self._still_extents: tuple = (None, [])
        self._draw()

    # -- the contract: focus, breadcrumb, png, node_at ---------------------------------------
    @property
    def focus(self) -> Node:
        """The node drawn at the top of the picture."""
        return self.tree.nodes[self.scene.focus]

    @property
    def breadcrumb(self) -> list[Node]:
        """The nodes from the root to the focus (the focus last)."""
        return self.focus.path

    @property
    def window(self) -> bool:
        return self.scene.window

    def set_focus(self, node) -> None:
        """Lay the picture out again around ``node`` (a node of this tree or its index),
        keeping the replay step shown.

        :raises InvalidOption: when ``node`` is not a node of this tree (naming ``focus``).
        """
        scene = Scene(self.tree, focus=node, **self._options)
        if scene.focus == self.scene.focus:
            return
        self.scene = scene
        for artist in [*self.ax.collections, *self.ax.texts, *self.ax.patches]:
            artist.remove()  # quicker than clearing the axes, whose ticks are off anyway
        if self._own_figure:
            self.ax.figure.set_size_inches(*self._figure_size())
            self.ax.set_position(self._home)  # undo any room png() made around the axes
        self._draw()
        self.show(self.upto)

    def focus_for(self, step: int) -> Node:
        """The focus that shows the node replay event ``step`` is about (this focus if that
        node is drawn; else its parent, so it shows among its siblings)."""
        return self.tree.nodes[self.scene.follow(self._check_step(step))]

    def png(self, *, dpi: int = 100) -> bytes:
        """The picture as it stands, as PNG bytes, cropped to what is drawn and never wider
        than 1,000 px (a lower dpi is used when it would be). Remembers where each node
        landed, for :meth:`node_at`.

        On a figure of its own (``pyplot=False``, no ``ax`` given) only what a replay frame
        changes is painted again: the rest of the picture is kept from the last PNG of the
        same drawing (see :meth:`pixels`).

        :raises InvalidOption: for a ``dpi`` that is not a number from 20 to 300.
        """
        _check_dpi(dpi)
        if not self._blits:
            return self._png_savefig(dpi)
        return encode_png(self._picture(dpi, redraw=False), dpi=self.png_dpi)

    def pixels(self, *, dpi: float = 100, redraw: bool = False):
        """The picture :meth:`png` encodes, as an (height, width, 3) array of RGB bytes.

        The figure is painted on matplotlib's Agg canvas at ``dpi``: the unchanging part
        (the breadcrumb, the level labels, the legend) once per drawing, kept as a
        background, and over it the artists a replay frame changes (boards, edges and
        marks, whose strength says what is reached; scores, alpha and beta, the current
        call's box and stack, cut marks, the title) (:class:`minimax_viz.raster.Blitter`).
        ``redraw=True`` paints every artist again instead, as matplotlib's own full
        drawing does: the truth a frame made the quick way is compared with.

        :raises InvalidOption: for a ``dpi`` that is not a number from 20 to 300, or a view
            drawn on pyplot's or someone else's figure (``pyplot=False`` and no ``ax``
            make a figure of its own).
        """
        import numpy as np

        _check_dpi(dpi)
        if not self._blits:
            raise InvalidOption("pixels() paints a figure of the view's own: make the view with pyplot=False "
                                "and no ax")
        return np.asarray(self._picture(dpi, redraw=redraw))

    def _picture(self, dpi: float, *, redraw: bool):
        """The picture as a ``PIL.Image`` (see :meth:`pixels`)."""
        if self._blitter is None:
            self._blitter = Blitter(self.ax.figure)
        box, dpi = self._pixel_crop(dpi)
        if redraw:
            rgba = self._blitter.paint_all()
        else:
            rgba = self._blitter.paint(self._changing_artists(), key=self._drawings)
        image = crop(rgba, box)
        x0, y0, x1, y1 = box
        from matplotlib.transforms import Bbox

        self.png_box, self.png_dpi = Bbox.from_extents(x0 / dpi, y0 / dpi, x1 / dpi, y1 / dpi), dpi
        self._remember_boxes(lambda px, py: (px - x0, y1 - py), self.ax.figure.canvas.get_renderer())
        return image

    @property
    def _blits(self) -> bool:
        """True when the view paints its own figure (no pyplot, no shared axes)."""
        return self._own_figure and not self.pyplot

    def _changing_artists(self) -> list:
        """What :meth:`show` changes from one replay event to the next."""
        return [*(layer.artist for layer in self.layers), *(text for text, _, _ in self.texts),
                self.pv_lines, self.cursor, self.stack_lines, self.ax.title]

    def _pixel_crop(self, dpi: float) -> tuple[tuple[int, int, int, int], float]:
        """Set the figure to ``dpi`` (lower, if the picture would be wider than 1,000 px)
        and return the crop in whole display pixels (the axes, whose limits the scene set
        to what it draws, the title and the legend, 0.1 inch around) and the dpi."""
        figure = self.ax.figure
        for attempt in range(8):
            if figure.dpi != dpi:
                figure.set_dpi(dpi)
            renderer = figure.canvas.get_renderer()
            key = (self._drawings, dpi, *figure.get_size_inches())
            if key != self._still_extents[0]:  # the axes and the legend: once per drawing
                self.ax.apply_aspect()
                legend = [a for a in self._cropped_texts() if a is not self.ax.title]
                self._still_extents = key, [self.ax.bbox.extents,
                                            *(a.get_window_extent(renderer).extents for a in legend)]
            extents = list(self._still_extents[1])
            if self.ax.title in self._cropped_texts():
                extents.append(self.ax.title.get_window_extent(renderer).extents)
            box = pixel_box(extents, pad=0.1 * dpi)
            if box[2] - box[0] >= MAX_WIDTH_PX:   # text shrinks a little less than the dpi: aim lower each time
                dpi = max(dpi * (MAX_WIDTH_PX - 4 - 8 * attempt) / (box[2] - box[0]), 10)
            elif not self._make_room(box, dpi):
                return box, dpi
        # Still too wide (a text no dpi shrinks enough): keep the middle 1,000 px around the axes.
        middle = (self.ax.bbox.x0 + self.ax.bbox.x1) / 2
        x0 = max(box[0], int(middle) - (MAX_WIDTH_PX - 1) // 2)
        return (x0, box[1], min(box[2], x0 + MAX_WIDTH_PX - 1), box[3]), dpi

    def _make_room(self, box: tuple[int, int, int, int], dpi: float) -> bool:
        """Grow the figure where ``box`` (display pixels) reaches past it, keeping every
        artist where it is in inches from the axes (a wide legend or title can stick out
        of a narrow figure; ``savefig`` would draw them there, the canvas has to hold
        them). True if the figure grew."""
        figure = self.ax.figure
        width, height = figure.canvas.get_width_height(physical=True)
        left, bottom = max(0, -box[0]), max(0, -box[1])
        right, top = max(0, box[2] - width), max(0, box[3] - height)
        if not (left or bottom or right or top):
            return False
        w, h = figure.get_size_inches()
        pos = self.ax.get_position(original=True)
        x0, y0, pw, ph = pos.x0 * w + left / dpi, pos.y0 * h + bottom / dpi, pos.width * w, pos.height * h
        w, h = w + (left + right) / dpi, h + (bottom + top) / dpi
        figure.set_size_inches(w, h)
        self.ax.set_position([x0 / w, y0 / h, pw / w, ph / h])
        return True

    def _cropped_texts(self) -> list:
        """The title (when it says something) and the legend: what the PNG keeps beside the axes."""
        title, legend = self.ax.title, self.ax.get_legend()
        return [a for a in (title, legend) if a is not None and a.get_visible()
                and (a is not title or a.get_text())]

    def _png_savefig(self, dpi: float) -> bytes:
        """:meth:`png` on pyplot's figure or someone else's axes: ``savefig``, cropped."""
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        figure = self.ax.figure
        if not isinstance(figure.canvas, FigureCanvasAgg):
            FigureCanvasAgg(figure)
        renderer = figure.canvas.get_renderer()
        box = self._crop_box(renderer)
        dpi = min(dpi, (MAX_WIDTH_PX - 1) / box.width)
        buf = io.BytesIO()
        figure.savefig(buf, format="png", dpi=dpi, bbox_inches=box)
        self.png_box, self.png_dpi = box, dpi
        fig_dpi = figure.dpi
        self._remember_boxes(lambda px, py: ((px / fig_dpi - box.x0) * dpi, (box.y1 - py / fig_dpi) * dpi), renderer)
        return buf.getvalue()

    def _crop_box(self, renderer):
        """What the PNG keeps, in inches: the axes (whose limits the scene set to what it
        draws), the title and the legend. Measuring only these three is much quicker than
        a tight box, which lays out every text once more before the PNG is drawn."""
        from matplotlib.transforms import Bbox

        figure = self.ax.figure
        if not self._own_figure:  # someone else's axes: other artists may share the figure
            return figure.get_tightbbox(renderer).padded(0.1)
        self.ax.apply_aspect()
        width, height = figure.get_size_inches()
        pos = self.ax.get_position()
        boxes = [Bbox.from_extents(pos.x0 * width, pos.y0 * height, pos.x1 * width, pos.y1 * height)]
        to_inches = figure.dpi_scale_trans.inverted()
        for artist in self._cropped_texts():
            boxes.append(artist.get_window_extent(renderer).transformed(to_inches))
        return Bbox.union(boxes).padded(0.1)

    def node_at(self, x: float, y: float) -> Node | None:
        """The node drawn at pixel ``(x, y)`` of the PNG :meth:`png` returned last (origin
        top-left); a "+N calls" fan gives the node whose hidden calls it stands for, a
        breadcrumb word the node it names. ``None`` for a click on nothing."""
        if not self._boxes:
            raise InvalidOption("node_at reads the picture png() made: call view.png() first")
        for index, x0, y0, x1, y1 in self._boxes:
            if x0 <= x <= x1 and y0 <= y <= y1:
                return self.tree.nodes[index]
        return None

    @property
    def click_boxes(self) -> list[tuple[int, float, float, float, float]]:
        """``[(node index, x0, y0, x1, y1), ...]``: what :meth:`node_at` looks up, in image
        pixels of the last :meth:`png` (origin top-left), breadcrumb words first."""
        return list(self._boxes)

    def _remember_boxes(self, to_image, renderer) -> None:
        """Every clickable thing's box in image pixels of the PNG just made; ``to_image``
        maps display pixels to them."""
        data = self.ax.transData
        boxes = []
        for text, index in self.crumb_texts:  # first: they sit above the focus
            ext = text.get_window_extent(renderer)
            (ax0, ay1), (ax1, ay0) = to_image(ext.x0, ext.y0), to_image(ext.x1, ext.y1)
            boxes.append((index, ax0, ay0, ax1, ay1))
        for index, x0, y0, x1, y1 in self.scene.hit_boxes():
            (px0, py0), (px1, py1) = data.transform([(x0, y0), (x1, y1)])
            (ix0, iy1), (ix1, iy0) = to_image(px0, py0), to_image(px1, py1)
            boxes.append((index, ix0, iy0, ix1, iy1))
        self._boxes = boxes

    # -- compatibility: what widgets and lessons read -----------------------------------------
    @property
    def nodes(self) -> list[int]:
        return self.scene.nodes

    @property
    def pos(self) -> dict[int, tuple[float, float]]:
        return self.scene.pos

    @property
    def collapsed(self) -> dict[int, int]:
        """``{node: calls not drawn below it}`` for the fans drawn with a count."""
        return {i: f.calls for i, f in self.scene.fans.items() if f.label}

    @property
    def detail(self) -> str:
        """"glyph" when the focus's children are boards, "dot" when they are only marks."""
        return "glyph" if self.scene.board_levels else "dot"

    def window_at(self, i: int, k: int) -> tuple[float, float]:
        """Node ``i``'s alpha and beta after event ``k``: ``tree.window_at(i, k)``."""
        return self.tree.window_at(i, k)

    # -- building the figure ----------------------------------------------------------------
    def _figure_size(self) -> tuple[float, float]:
        if self.figsize is not None:
            return self.figsize
        left, right, bottom, top = self.scene.bounds()
        width, height = right - left, top - bottom
        unit = min(NATURAL_UNIT_PX, (MAX_WIDTH_PX - 40) / width)
        legend_rows = 0 if not self.legend_on else math.ceil(len(self._legend_items()) / 4)
        return max(width * unit / 100, 5.5), height * unit / 100 + 0.35 + 0.22 * legend_rows

    def _new_axes(self):
        if self.pyplot:
            import matplotlib.pyplot as plt

            figure = plt.figure(figsize=self._figure_size())
        else:
            from matplotlib.figure import Figure

            figure = Figure(figsize=self._figure_size())
        figure.subplots_adjust(left=0.01, right=0.99, bottom=0.02, top=0.95)
        return figure.add_subplot()

    def _draw(self) -> None:
        self._drawings += 1
        self.layers: list[Layer] = []
        self.texts: list[tuple[Any, int, str]] = []
        self.crumb_texts: list[tuple[Any, int]] = []
        self._boxes = []
        left, right, bottom, top = self.scene.bounds()
        self.ax.set_xlim(left, right)
        self.ax.set_ylim(bottom, top)
        self.ax.set_aspect("equal", adjustable="box")
        self.scale = self._scale()
        self._draw_edges()
        self._draw_boards()
        self._draw_marks()
        self._draw_fans()
        self._draw_texts()
        self._draw_levels()
        self._draw_breadcrumb()
        self.pv = set(self.scene.best_line()) if self.pv_on else set()
        self._draw_pv()
        self._draw_current()
        self._draw_mark()
        if self.legend_on:
            drawn = (self._legend_items(), self._legend_size())
            if drawn != getattr(self, "_legend_drawn", None):  # a new focus often keeps the legend
                self._draw_legend()
                self._legend_drawn = drawn  # its words and size: a kept legend is the one drawn afresh
        self.ax.set_axis_off()

    def _scale(self) -> float:
        """Natural size is 1: points per data unit relative to 0.9 inch per unit."""
        fig = self.ax.figure
        box = self.ax.get_position()
        w_in, h_in = fig.get_figwidth() * box.width, fig.get_figheight() * box.height
        x0, x1 = self.ax.get_xlim()
        y0, y1 = self.ax.get_ylim()
        per_unit = min(w_in / (x1 - x0), h_in / (y1 - y0))
        return max(0.25, min(per_unit / 0.9, 1.6))

    # -- static artists ------------------------------------------------------------------------
    def _edge_ends(self, i: int):
        scene, up = self.scene, self.scene.cols.parent[i]
        (px, py), (cx, cy) = scene.pos[up], scene.pos[i]
        below = scene.label_depth if scene.style[up] == "board" else 0.06
        top = self.glyph.height / 2 if scene.style[i] == "board" else 0.06
        return [(px, py - below), (cx, cy + top)]

    def _draw_edges(self) -> None:
        from matplotlib.collections import LineCollection

        scene, kind = self.scene, self.scene.cols.kind
        segs, owners, colors, styles, widths, cuts, cut_own = [], [], [], [], [], [], []
        self.edge_segments = {}
        for i in scene.nodes:
            if i == scene.focus:
                continue
            seg = self._edge_ends(i)
            self.edge_segments[i] = seg
            segs.append(seg)
            owners.append(i)
            board = scene.style[i] == "board"
            widths.append((1.2 if board else 0.5) * self.scale)
            if kind[i] == PRUNED:
                colors.append(PALETTE["pruned"])
                styles.append((0, (3, 2)) if board else (0, (1.5, 1.5)))
                if board:
                    cuts += _cut_bars(seg)
                    cut_own += [i, i]
            else:
                colors.append("#888888")
                styles.append("solid")
        edges = LineCollection(segs, colors=colors, linestyles=styles, linewidths=widths, zorder=1)
        self.ax.add_collection(edges)
        self.layers.append(Layer(edges, owners, kind="edge"))
        if cuts:
            marks = LineCollection(cuts, colors=PALETTE["min"], linewidths=2.0 * self.scale, zorder=2)
            self.ax.add_collection(marks)
            self.layers.append(Layer(marks, cut_own, kind="cut"))
        for i, seg in self.edge_segments.items():
            words = scene.edge_text(i) if scene.style[i] == "board" else ""
            if words:
                f = 0.55 if scene.label_moves else 0.7   # a probability alone: nearer the child, more room
                mx, my = seg[0][0] * (1 - f) + seg[1][0] * f, seg[0][1] * (1 - f) + seg[1][1] * f
                t = self.ax.text(mx, my, words, ha="center", va="center",
                                 fontsize=self._pt(8), color=PALETTE["ink"], zorder=2.5,
                                 bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="#BBBBBB", lw=0.5))
                self.texts.append((t, i, "always"))

    def _draw_boards(self) -> None:
        items = [(i, *self.scene.pos[i]) for i in self.scene.boards]
        self.layers += self.glyph.draw(self.ax, self.tree, items, self.scale)
        if self.glyph.score_inside:
            return
        w, h = self.glyph.width / 2, self.glyph.height / 2
        by_shape: dict[str, list] = {}
        for i, x, y in items:  # Max/Min by shape beside each inner board
            if self.scene.cols.kind[i] == CALL:
                shape = self._shape(i)
                by_shape.setdefault(shape, []).append((x - w - 0.1, y + h - 0.1, i))
        for shape, pts in by_shape.items():
            coll = self.ax.scatter([p[0] for p in pts], [p[1] for p in pts], marker=SHAPES[shape][1],
                                   s=34 * self.scale ** 2, c=PALETTE.get(shape, PALETTE["ink"]), zorder=4,
                                   linewidths=0)
            self.layers.append(Layer(coll, [p[2] for p in pts]))

    def _shape(self, i: int) -> str:
        from .scene import shape_of

        return shape_of(self.tree.nodes[i])

    def _draw_marks(self) -> None:
        """The level below the boards: a small mark per node, filled when its value is known."""
        marks = self.scene.marks
        if not marks:
            return
        size = max(2.5, min(self.scene.mark_width * 0.75 * self.scale * 0.9 * 72, 7.0)) ** 2
        by_shape: dict[str, list[int]] = {}
        for i in marks:
            by_shape.setdefault(self._shape(i), []).append(i)
        for shape, owners in by_shape.items():
            xs = [self.scene.pos[i][0] for i in owners]
            ys = [self.scene.pos[i][1] for i in owners]
            if shape == "pruned":  # an open marker: its face colour draws it
                coll = self.ax.scatter(xs, ys, marker=SHAPES[shape][1], s=size, c=PALETTE["pruned"],
                                       linewidths=0.9, zorder=3)
            else:
                coll = self.ax.scatter(xs, ys, marker=SHAPES[shape][1], s=size, c=["white"] * len(owners),
                                       edgecolors=PALETTE["ink"], linewidths=0.4, zorder=3)
            self.layers.append(Layer(coll, owners, kind="dot"))

    def _draw_fans(self) -> None:
        """A small open fan under each node whose calls are not drawn, "+N calls" under boards."""
        from matplotlib.collections import LineCollection

        scene = self.scene
        segs, owners = [], []
        for i, fan in scene.fans.items():
            x, y = scene.pos[i]
            if scene.style[i] != "board" or scene.kids[i]:
                continue  # under marks, the board's "+N calls" says it
            half, drop, top = 0.3, 0.35, y - scene.label_depth
            for dx in (-half, 0.0, half):
                segs.append([(x, top), (x + dx, top - drop)])
                owners.append(i)
        fans = LineCollection(segs, colors=PALETTE["fan"], linewidths=0.8, linestyles=(0, (2, 2)), zorder=1)
        self.ax.add_collection(fans)
        self.layers.append(Layer(fans, owners, kind="edge"))

    def _draw_texts(self) -> None:
        scene, ax, kind = self.scene, self.ax, self.scene.cols.kind
        for i in scene.boards:
            x, y = scene.pos[i]
            if self.glyph.score_inside:
                sx, sy, va = x, y - (0.04 if kind[i] == CALL else 0), "center"
            else:
                sx, sy, va = x, y - self.glyph.height / 2 - 0.09, "top"
            pruned = kind[i] == PRUNED
            t = ax.text(sx, sy, "", ha="center", va=va, fontsize=self._pt(8 if pruned else 10),
                        style="italic" if pruned else "normal", fontweight="normal" if pruned else "bold",
                        zorder=5)
            self.texts.append((t, i, "score"))
            if scene.window and kind[i] == CALL:
                wy = y - self.glyph.height / 2 - (0.3 if not self.glyph.score_inside else 0.04)
                t = ax.text(x, wy - 0.02, "", ha="center", va="top", fontsize=self._pt(8.5), color="#333333", zorder=5)
                self.texts.append((t, i, "window"))
        for i, fan in scene.fans.items():
            if not fan.label:
                continue
            x, y = scene.pos[i]
            low = min(scene.pos[c][1] for c in scene.kids[i]) - 0.3 if scene.kids[i] else \
                y - scene.label_depth - 0.4
            t = ax.text(x, low, scene.fan_text(i), ha="center", va="top", fontsize=self._pt(8),
                        color="#555555", zorder=5)
            self.texts.append((t, i, "fan"))

    def _draw_levels(self) -> None:
        """Left margin: which player moves at each board level, with its shape."""
        x0 = self.ax.get_xlim()[0] + 0.15
        for y, shape, words in self.scene.level_labels():
            self.ax.text(x0, y, words, ha="left", va="center", fontsize=self._pt(9),
                         color=PALETTE.get(shape, PALETTE["ink"]), zorder=5)

    def _draw_breadcrumb(self) -> None:
        """Above the focus: the moves from the start to it, each word a link back up."""
        crumbs = self.scene.breadcrumb()
        if not crumbs:
            return
        fs = self._pt(9)
        unit_px = self.scale * NATURAL_UNIT_PX
        char = fs * 100 / 72 * 0.6 / unit_px  # data units per character, roughly
        words = [w for _, w in crumbs]
        total = sum(len(w) + 3 for w in words) * char
        fx, fy = self.scene.pos[self.scene.focus]
        left = max(self.ax.get_xlim()[0] + 0.1, fx - total / 2)
        y = fy + self.glyph.height / 2 + 0.3
        for index, word in crumbs:
            t = self.ax.text(left, y, word, ha="left", va="bottom", fontsize=fs, color=PALETTE["max"], zorder=5,
                             bbox=dict(boxstyle="round,pad=0.2", fc="#EEF5FB", ec="none"))
            self.crumb_texts.append((t, index))
            left += (len(word) + 1.0) * char
            if index != self.scene.focus:
                self.ax.text(left, y, "›", ha="left", va="bottom", fontsize=fs, color="#777777", zorder=5)
                left += 2.0 * char

    def _draw_pv(self) -> None:
        from matplotlib.collections import LineCollection

        segs = [self.edge_segments[i] for i in sorted(self.pv) if i in self.edge_segments]
        self.pv_lines = LineCollection(segs, colors=PALETTE["best"], linewidths=3.2 * self.scale,
                                       zorder=1.5, capstyle="round")
        self.ax.add_collection(self.pv_lines)

    def _draw_current(self) -> None:
        from matplotlib.collections import LineCollection
        from matplotlib.patches import Rectangle

        w, h = self.glyph.width + 0.08, self.glyph.height + 0.08
        self.cursor = Rectangle((0, 0), w, h, fill=False, ec=PALETTE["current"], lw=3 * self.scale,
                                zorder=6, visible=False)
        self.ax.add_patch(self.cursor)
        self.stack_lines = LineCollection([], colors=PALETTE["current"], linewidths=3 * self.scale,
                                          zorder=1.6, capstyle="round")
        self.ax.add_collection(self.stack_lines)

    def _node_index(self, node) -> int:
        """The index of ``node`` (a node of this tree or an index), for ``mark``."""
        index = node.index if isinstance(node, Node) and node.tree is self.tree else node
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.tree):
            raise InvalidOption(f"mark is a node of this tree or its index (0 to {len(self.tree) - 1}), not {short_repr(node)}")
        return index

    def _draw_mark(self) -> None:
        """A dashed dark-red frame, with "parts here", round ``mark`` (or its nearest drawn
        ancestor): where a learner's search parts from the right one."""
        if self.mark is None:
            return
        from matplotlib.patches import Circle, Rectangle

        i, parent = self.mark, self.tree.columns().parent
        while i not in self.scene.style and i > 0:
            i = parent[i]
        if i not in self.scene.style:
            return
        x, y = self.scene.pos[i]
        color, lw = PALETTE["parting"], 2.2 * self.scale
        if self.scene.style[i] == "board":
            gw, gh = self.glyph.size(self.tree.nodes[i])     # a textbook leaf: its small square
            w, top = gw + 0.22, y + gh / 2 + 0.11
            if self.glyph.score_inside and self.tree.nodes[i].kind in ("leaf", "horizon"):   # nothing below it
                bottom = y - gh / 2 - 0.11
            else:
                bottom = y - max(self.scene.label_depth, gh / 2) - 0.05   # the value below, too
            patch = Rectangle((x - w / 2, bottom), w, top - bottom, fill=False, ec=color, lw=lw,
                              ls=(0, (4, 2)), zorder=7)
        else:
            patch = Circle((x, y), 0.14, fill=False, ec=color, lw=lw, zorder=7)
            top = y + 0.14
        self.ax.add_patch(patch)
        self.ax.text(x, top + 0.03, "parts here", ha="center", va="bottom", color=color,
                     fontsize=self._pt(8), fontweight="bold", zorder=7,
                     bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.85))

    def _legend_items(self):
        return self.scene.legend(frames=self.frames, pv=self.pv_on)

    def _legend_size(self) -> float:
        return 8.5 * min(max(self.scale, 0.85), 1.2)

    def _draw_legend(self) -> None:
        from matplotlib.lines import Line2D

        handles = []
        for marker, role, words in self._legend_items():
            colour = PALETTE[role]
            if marker == "line":
                handles.append(Line2D([], [], color=colour, lw=3, label=words))
            elif marker in ("dashes", "fan"):
                handles.append(Line2D([], [], color=colour, ls=(0, (3, 2)), lw=1.5, label=words))
            else:
                handles.append(Line2D([], [], marker=marker, ls="", color=colour, label=words))
        self.legend_handles = handles
        self.legend = self.ax.legend(
            handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=min(len(handles), 4),
            fontsize=self._legend_size(), frameon=False, handlelength=1.6,
        )

    # -- frames ----------------------------------------------------------------------------------
    def _check_step(self, upto) -> int:
        """``upto`` itself, once checked to be a step of the replay."""
        n_steps = self.tree.n_steps
        if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto < n_steps:
            raise InvalidOption(f"step upto={short_repr(upto)} is out of range: this replay has steps 0 to {n_steps - 1}")
        return upto

    def show(self, upto: int | None = None):
        """Show the tree as it stood after replay event ``upto`` (``None``: the whole search),
        refocused on the current call's parent when that call is not drawn (``follow``).

        :raises InvalidOption: for a step out of range.
        """
        if upto is not None and self._check_step(upto) == self.tree.n_steps - 1:
            upto = None  # the last step is the whole search
        self.upto = upto
        if upto is not None and self.follow and self.scene.follow(upto) != self.scene.focus:
            self.set_focus(self.scene.follow(upto))  # draws this frame too
            return self.ax
        k = self.tree.n_steps if upto is None else upto
        labels = self.scene.labels(k)
        self._fade_layers(labels)
        for text, i, role in self.texts:
            self._TEXT_ROLES[role](self, text, labels[i], i, k)
        self._show_frame_marks(*self.scene.current(upto), upto is None)
        self._set_title(upto)
        return self.ax

    @property
    def _hidden(self) -> float:
        return GHOST if self.scene.future == "ghost" else 0.0

    def _fade_layers(self, labels) -> None:
        """Full strength for what has been reached, faint (or nothing) for the rest."""
        hidden = self._hidden
        factor = {i: hidden if not lab.reached else PRUNED_ALPHA if lab.role == "pruned" else 1.0
                  for i, lab in labels.items()}
        for layer in self.layers:
            if layer.kind == "dot":
                self._colour_marks(layer, labels)
            if layer.kind == "cut":  # the cut itself is the point: full strength once shown
                alphas = [1.0 if labels[o].reached else hidden for o in layer.owners]
            else:
                alphas = [factor.get(o, 1.0) for o in layer.owners]
            _fade(layer, alphas)

    def _score(self, text, lab, i, k) -> None:
        text.set_alpha(1.0)
        text.set_text(lab.score if lab.done else "")
        text.set_color(PALETTE[lab.role])
        text.set_visible(lab.done)

    def _window(self, text, lab, i, k) -> None:
        text.set_alpha(1.0)
        text.set_text(lab.window)
        text.set_fontsize(self._fitting_size(lab.window))
        text.set_visible(lab.reached)

    def _fan(self, text, lab, i, k) -> None:
        """The calls below are the future until the call returns: faint until then."""
        hidden = self._hidden
        done = k >= self.scene.n_steps - 1 or self.scene.last[i] <= k
        text.set_alpha(1.0 if done else max(hidden, 0.3) if lab.reached else hidden)
        text.set_visible(lab.reached or hidden > 0)

    def _always(self, text, lab, i, k) -> None:
        text.set_alpha(1.0 if lab.reached else self._hidden)
        text.set_visible(lab.reached or self._hidden > 0)

    _TEXT_ROLES = {"score": _score, "window": _window, "fan": _fan, "always": _always}

    def _fitting_size(self, words: str) -> float:
        """A label under a node: its usual size, or smaller to fit the unit a node has."""
        unit = self.scale * 0.9 * 72
        return max(MIN_POINTS, min(self._pt(8.5), 0.85 * unit / (0.6 * max(len(words), 1))))

    def _pt(self, size: float) -> float:
        """A font size at this picture's scale, never below :data:`MIN_POINTS`."""
        return max(size * self.scale, MIN_POINTS)

    def _colour_marks(self, layer: Layer, labels) -> None:
        """A mark takes its value's colour when its call returns; white until then."""
        from matplotlib.colors import to_rgba_array

        _base_colours(layer)
        faces = [PALETTE[labels[o].role] if labels[o].done and labels[o].role not in ("ink", "bound")
                 else "white" for o in layer.owners]  # a bound is no result: left open
        layer.base["facecolor"] = to_rgba_array(faces)

    def _show_frame_marks(self, current, stack, final: bool) -> None:
        self.pv_lines.set_visible(final and bool(self.pv))
        if current is None or current not in self.scene.pos:
            self.cursor.set_visible(False)
            self.stack_lines.set_segments([s for i, s in self.edge_segments.items() if i in stack])
            return
        x, y = self.scene.pos[current]
        w, h = (self.glyph.width, self.glyph.height) if self.scene.style[current] == "board" else (0.2, 0.2)
        self.cursor.set_bounds(x - w / 2 - 0.04, y - h / 2 - 0.04, w + 0.08, h + 0.08)
        self.cursor.set_visible(True)
        self.stack_lines.set_segments([self.edge_segments[i] for i in stack if i in self.edge_segments])

    def _set_title(self, upto) -> None:
        if self.title is False:
            self.ax.set_title("")
            return
        if isinstance(self.title, str):
            self.ax.set_title(self.title)
            return
        words = self.scene.title(upto, reveal=self.scene.scores == "all")
        self.ax.set_title(words, fontsize=11 * min(max(self.scale, 0.85), 1.2), loc="center")


def _check_dpi(dpi) -> None:
    if isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not 20 <= dpi <= 300:
        raise InvalidOption(f"dpi must be a number from 20 to 300 (100 is the usual), not {short_repr(dpi)}")


def _cut_bars(seg) -> list:
    """Two short bars across a cut edge."""
    (x0, y0), (x1, y1) = seg
    mx, my = x0 * 0.7 + x1 * 0.3, y0 * 0.7 + y1 * 0.3  # nearer the parent: the move's label sits lower
    dx, dy = x1 - x0, y1 - y0
    norm = math.hypot(dx, dy) or 1
    ux, uy = -dy / norm * 0.16, dx / norm * 0.16
    bars = []
    for shift in (-0.05, 0.05):
        sx, sy = dx / norm * shift, dy / norm * shift
        bars.append([(mx - ux + sx, my - uy + sy), (mx + ux + sx, my + uy + sy)])
    return bars


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


def draw_crosstable(result, ax=None):
    """Draw a match's crosstable (:class:`minimax_viz.players.MatchResult`) as a grid and
    return the ``Axes``: a row per player, a column per opponent, each cell the row
    player's share of the points (a win 1, a draw 1/2) from red (all lost) to blue (all
    won), with its wins-draws-losses as X and as O. At most 1,000 px wide at 100 dpi.

    :raises InvalidOption: when ``result`` is not a match's result, or ``ax`` not an Axes.
    """
    import matplotlib.pyplot as plt

    names = getattr(result, "players", None)
    if not isinstance(names, list) or not hasattr(result, "crosstable"):
        raise InvalidOption(f"draw_crosstable takes the result of mv.play_match, not {short_repr(result)}")
    _check_axes(ax)
    n = len(names)
    colours = (result.game.max_player, result.game.min_player)
    if ax is None:
        side = min(1.45 * n + 2.2, 9.9)
        _, ax = plt.subplots(figsize=(side, 0.9 * n + 1.4), layout="constrained")
    share = [[math.nan] * n for _ in range(n)]
    for i, p in enumerate(names):
        for j, q in enumerate(names):
            if p == q:
                continue
            w, d, l_ = result.score(p, q)
            share[i][j] = (w + d / 2) / max(w + d + l_, 1)
            cells = "\n".join("{} {}-{}-{}".format(c, *result.crosstable[p][q][c]) for c in colours)
            dark = abs(share[i][j] - 0.5) > 0.3   # the ends of the colour map: white ink reads better
            ax.text(j, i, f"{w}-{d}-{l_}\n{cells}", ha="center", va="center", fontsize=8,
                    color="white" if dark else PALETTE["ink"], linespacing=1.3)
    image = ax.imshow(share, cmap="RdYlBu", vmin=0, vmax=1)
    ax.set_xticks(range(n), names, rotation=20, ha="right", fontsize=8)
    ax.set_yticks(range(n), names, fontsize=8)
    ax.set_xlabel("opponent", fontsize=9)
    ax.set_ylabel("player", fontsize=9)
    for i in range(n):
        ax.text(i, i, "-", ha="center", va="center", color=PALETTE["fan"])
    bar = ax.figure.colorbar(image, ax=ax, shrink=0.8)
    bar.set_label("share of points (win 1, draw 1/2)", fontsize=8)
    games = len(result.games)
    budget = result.budget
    spend = f"{budget.calls:,} calls" if budget.calls is not None else f"{budget.seconds:g} s"
    ax.set_title(f"{games} games, {spend} a move: the row player's wins-draws-losses (in all, as X, as O)",
                 fontsize=9)
    return ax
