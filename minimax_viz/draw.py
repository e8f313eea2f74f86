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
from . import paint
from .glyphs import PALETTE
from .paint import GHOST, MIN_POINTS, PRUNED_ALPHA  # noqa: F401 (made here before the painter had a module)
from .raster import Blitter, crop, encode_png, pixel_box
from .scene import MAX_WIDTH_PX, Scene
from .trace import Node, SearchTree, format_value

__all__ = ["draw_tree", "draw_difference", "draw_crosstable", "TreeView", "principal_variation", "tree_png", "score_text"]



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


def _mark_index(tree, node) -> int:
    """The index of ``node`` (a node of ``tree`` or an index), for ``mark``."""
    index = node.index if isinstance(node, Node) and node.tree is tree else node
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(tree):
        raise InvalidOption(f"mark is a node of this tree or its index (0 to {len(tree) - 1}), not {short_repr(node)}")
    return index


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
        self.mark = None if mark is None else _mark_index(tree, mark)
        self._options = dict(levels=levels, pos=pos, window=window, moves=moves, scores=scores, future=future)
        self.scene = Scene(tree, focus=focus, **self._options)
        self.glyph = self.scene.glyph
        self.pv_on, self.legend_on, self.title, self.frames = pv, legend, title, frames
        self.follow, self.figsize, self.pyplot = follow, figsize, pyplot
        self._own_figure = ax is None
        self.artists: paint.Artists | None = None
        self.ax = ax if ax is not None else paint.new_axes(self._figure_size(), pyplot=pyplot)
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
        paint.clear(self.ax)
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
        return self.artists.changing(self.ax)

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
        for text, index in self.artists.crumb_texts:  # first: they sit above the focus
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
        rows = 0 if not self.legend_on else math.ceil(len(self.scene.legend(frames=self.frames, pv=self.pv_on)) / 4)
        return paint.figure_size(self.scene, legend_rows=rows)

    def _draw(self) -> None:
        self._drawings += 1
        self._boxes = []
        self.artists = paint.paint(self.scene, self.ax, pv=self.pv_on, legend=self.legend_on, frames=self.frames,
                                   mark=self.mark, kept=self.artists)

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
        paint.show_frame(self.artists, self.scene.frame(upto))
        paint.set_title(self.ax, self.title, self.scene, upto, self.artists.scale)
        return self.ax


def _check_dpi(dpi) -> None:
    if isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not 20 <= dpi <= 300:
        raise InvalidOption(f"dpi must be a number from 20 to 300 (100 is the usual), not {short_repr(dpi)}")


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
