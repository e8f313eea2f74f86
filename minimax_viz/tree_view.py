"""A drawn tree that can show any replay frame without drawing again: :class:`TreeView`.

A view composes the views layer in one direction: what the picture shows (a
:class:`~minimax_viz.scene.Scene`) emits one immutable record
(:class:`~minimax_viz.shapes.Shapes`); the painter (:mod:`minimax_viz.paint`) draws the
record and applies each replay :class:`~minimax_viz.scene.Frame`; the raster
(:class:`~minimax_viz.raster.Raster`) makes the pixels (PNG, crop, dpi, click boxes).
A replay frame (``view.show(upto=k)``) only changes colours and texts on the same figure;
a new focus (``view.set_focus(node)``) lays the picture out again around that node.

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

from typing import Any

from . import paint
from .errors import InvalidOption, short_repr
from .raster import Raster
from .scene import Scene
from .shapes import Shapes
from .trace import Node
from .view_checks import check_axes, check_keywords, check_switches, checked_figsize, checked_title, mark_index
from .view_checks import tree_to_draw

__all__ = ["TreeView", "ViewPixels"]


class ViewPixels:
    """The pixels of a drawn view and what a click on them picks: its PNG, its pixels and
    the node at a pixel. A :class:`TreeView` is one; it reads the view's raster, artists,
    record and tree."""

    def png(self, *, dpi: int = 100) -> bytes:
        """The picture as it stands, as PNG bytes, cropped to what is drawn.

        Never wider than 1,000 px (a lower dpi is used when it would be). Remembers where
        each node landed, for :meth:`node_at`. On a figure of its own (``pyplot=False``, no
        ``ax`` given) only what a replay frame changes is painted again (see :meth:`pixels`).

        Parameters
        ----------
        dpi : int, optional
            Dots per inch (100 draws boards at their natural size).

        Returns
        -------
        bytes
            The PNG.

        Raises
        ------
        InvalidOption
            For a ``dpi`` that is not a number from 20 to 300.
        """
        return self.raster.png(dpi, self.artists.changing(self.ax), self._clickable())

    def pixels(self, *, dpi: float = 100, redraw: bool = False):
        """The picture :meth:`png` encodes, as an (height, width, 3) array of RGB bytes.

        The unchanging part (the breadcrumb, the level labels, the legend) is painted once
        per drawing and kept as a background, the artists a replay frame changes over it
        (:class:`minimax_viz.raster.Blitter`).

        Parameters
        ----------
        dpi : float, optional
            Dots per inch.
        redraw : bool, optional
            Paint every artist again instead, as matplotlib's own full drawing does.

        Returns
        -------
        numpy.ndarray
            The pixels.

        Raises
        ------
        InvalidOption
            For a ``dpi`` that is not a number from 20 to 300, or a view drawn on pyplot's or
            someone else's figure (``pyplot=False`` and no ``ax`` make a figure of its own).
        """
        return self.raster.pixels(dpi, self.artists.changing(self.ax), self._clickable(), redraw=redraw)

    def _clickable(self) -> tuple[list, tuple]:
        """The breadcrumb's words and the record's click boxes (data units), for the raster."""
        return self.artists.crumb_texts, self.shapes.hits

    def node_at(self, x: float, y: float) -> Node | None:
        """The node drawn at pixel ``(x, y)`` of the PNG :meth:`png` returned last.

        Parameters
        ----------
        x, y : float
            A pixel, origin top-left.

        Returns
        -------
        Node or None
            The node (a "+N calls" fan gives the node whose hidden calls it stands for, a
            breadcrumb word the node it names), or None for a click on nothing.

        Raises
        ------
        InvalidOption
            Before the first :meth:`png`.
        """
        if not self.raster.boxes:
            raise InvalidOption("node_at reads the picture png() made: call view.png() first")
        index = self.raster.index_at(x, y)
        return None if index is None else self.tree.nodes[index]

    @property
    def click_boxes(self) -> list[tuple[int, float, float, float, float]]:
        """What :meth:`node_at` looks up: ``[(node index, x0, y0, x1, y1), ...]``.

        In image pixels of the last :meth:`png` (origin top-left), breadcrumb words first.
        """
        return list(self.raster.boxes)


class TreeView(ViewPixels):
    """A drawn tree around a focus that can show any replay frame without drawing again.

    ``view.focus`` is the node at the top; ``view.set_focus(node)`` lays out again around
    another; ``view.breadcrumb`` is the path from the root to the focus; ``view.show(k)``
    shows event ``k``; ``view.png()`` is the picture and ``view.node_at(x, y)`` the node
    at a pixel of it. The view composes what the picture shows (``view.scene``), the
    record it emits (``view.shapes``), the painter's artists (``view.artists``) and the
    picture's pixels (``view.raster``).

    Parameters
    ----------
    tree : SearchResult or SearchTree
        A search's result recorded with ``record=True``, or its tree.
    ax : matplotlib.axes.Axes or None, optional
        Where to draw; None draws on a figure of the view's own.
    focus : Node or int or None, optional
        The node drawn at the top (default the root), with the path to it as a breadcrumb.
    levels : int or None, optional
        How many levels below the focus are drawn at most (default: as many as fit).
    pos : dict or None, optional
        ``{node or index: (x, y)}`` placing nodes yourself, as networkx takes ``pos``.
    window : bool or None, optional
        Write alpha and beta under the calls (default: after alpha-beta).
    moves : bool or None, optional
        Label the edges with their moves (default: the game's choice).
    pv : bool, optional
        Draw the best line.
    legend : bool, optional
        Draw the legend.
    title : bool or str, optional
        True: the search's own words; False: none; a text: that text.
    future : {"ghost", "hide"}, optional
        What a replay frame does with the nodes it has not reached.
    figsize : tuple of float or None, optional
        The figure's (width, height) in inches (default: the picture's natural size).
    frames : bool, optional
        Prepare for replay frames (their legend).
    pyplot : bool, optional
        Draw on a figure of pyplot's (False: a figure of the view's own, outside pyplot).
    scores : {"all", "leaves"}, optional
        Write every value, or only the leaves' (a question for the learner).
    follow : bool, optional
        Refocus on the current call's parent when a frame's call is not drawn.
    mark : Node or int or None, optional
        A node to frame "parts here".
    names : bool, optional
        Write each node's name beside it, where the game names positions.
    **unknown
        Refused: a misspelt option is named in words.

    Raises
    ------
    InvalidOption
        For a tree recorded with ``record=False``, a focus that is not a node of this tree,
        an unknown keyword, or an option out of range (``levels``, ``pos``, ``future``, ``scores``).

    Examples
    --------
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

    #: The keyword options a view takes (its parameters after ``tree``).
    OPTIONS = ("ax", "focus", "levels", "pos", "window", "moves", "pv", "legend", "title", "future", "figsize",
               "frames", "pyplot", "scores", "follow", "mark", "names")

    def __init__(self, tree, *, ax=None, focus: Any = None, levels: int | None = None, pos=None,
                 window: bool | None = None, moves: bool | None = None, pv: bool = True, legend: bool = True,
                 title: bool | str = True, future: str = "ghost", figsize: tuple[float, float] | None = None,
                 frames: bool = False, pyplot: bool = True, scores: str = "all", follow: bool = True,
                 mark: Any = None, names: bool = False, **unknown):
        check_keywords(unknown, self.OPTIONS, where="TreeView")
        tree = tree_to_draw(tree)
        check_axes(ax)
        check_switches(pv=pv, legend=legend, frames=frames, pyplot=pyplot, follow=follow)
        self.title, self.figsize = checked_title(title), checked_figsize(figsize)
        self.tree, self.game = tree, tree.game
        self.mark = None if mark is None else mark_index(tree, mark)
        self._options = dict(levels=levels, pos=pos, window=window, moves=moves, scores=scores, future=future,
                             names=names)
        self.scene = Scene(tree, focus=focus, **self._options)
        self.glyph = self.scene.glyph
        self.pv_on, self.legend_on, self.frames = pv, legend, frames
        self.follow, self.pyplot = follow, pyplot
        self.shapes = self._shapes()   # one way: scene -> record -> painter -> raster
        self._own_figure = ax is None
        self.ax = ax if ax is not None else paint.new_axes(self._figure_size(), pyplot=pyplot)
        self.artists: paint.Artists = paint.paint(self.shapes, self.ax)
        self.raster = Raster(self.ax, own=self._own_figure, pyplot=pyplot)
        self.raster.new_drawing()
        self.upto: int | None = None

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
        """True when alpha and beta are written under the calls."""
        return self.scene.window

    def set_focus(self, node) -> None:
        """Lay the picture out again around ``node``, keeping the replay step shown.

        Parameters
        ----------
        node : Node or int
            A node of this tree or its index.

        Raises
        ------
        InvalidOption
            When ``node`` is not a node of this tree (naming ``focus``).
        """
        scene = Scene(self.tree, focus=node, **self._options)
        if scene.focus == self.scene.focus:
            return
        self.scene = scene
        self.shapes = self._shapes()
        paint.clear(self.ax)
        self._draw(self._figure_size() if self._own_figure else None)
        self.show(self.upto)

    def focus_for(self, step: int) -> Node:
        """The focus that shows the node replay event ``step`` is about.

        Parameters
        ----------
        step : int
            A replay event.

        Returns
        -------
        Node
            This focus if that node is drawn; else its parent, so it shows among its siblings.

        Raises
        ------
        InvalidOption
            For a step out of range.
        """
        return self.tree.nodes[self.scene.follow(self._check_step(step))]

    # -- compatibility: what widgets and lessons read -----------------------------------------
    @property
    def nodes(self) -> list[int]:
        """The drawn nodes' indexes."""
        return self.scene.nodes

    @property
    def pos(self) -> dict[int, tuple[float, float]]:
        """``{node: (x, y)}`` of the drawn nodes, in data units."""
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
        """Node ``i``'s alpha and beta after event ``k``: ``tree.window_at(i, k)``.

        Parameters
        ----------
        i : int
            A node's index.
        k : int
            A replay event.

        Returns
        -------
        tuple of float
            Alpha and beta.

        Raises
        ------
        InvalidOption
            When the tree was recorded by minimax (no window).
        """
        return self.tree.window_at(i, k)

    # -- drawing and frames ------------------------------------------------------------------
    def _shapes(self) -> Shapes:
        """The scene's record, with this view's options."""
        return self.scene.shapes(pv=self.pv_on, legend=self.legend_on, frames=self.frames, mark=self.mark,
                                 title=self.title)

    def _figure_size(self) -> tuple[float, float]:
        return self.figsize if self.figsize is not None else self.shapes.size

    def _draw(self, size: tuple[float, float] | None = None) -> None:
        """Paint the record afresh (on a figure of ``size`` inches, when given: the raster
        sets it before the painter measures its scale)."""
        self.raster.new_drawing(size)
        self.artists = paint.paint(self.shapes, self.ax, kept=self.artists)

    def _check_step(self, upto) -> int:
        """``upto`` itself, once checked to be a step of the replay."""
        n_steps = self.tree.n_steps
        if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto < n_steps:
            raise InvalidOption(f"step upto={short_repr(upto)} is out of range: "
                                f"this replay has steps 0 to {n_steps - 1}")
        return upto

    def show(self, upto: int | None = None):
        """Show the tree as it stood after replay event ``upto``.

        Refocused on the current call's parent when that call is not drawn (``follow``).

        Parameters
        ----------
        upto : int or None, optional
            A replay event (None: the whole search).

        Returns
        -------
        matplotlib.axes.Axes
            The Axes drawn on.

        Raises
        ------
        InvalidOption
            For a step out of range.
        """
        if upto is not None and self._check_step(upto) == self.tree.n_steps - 1:
            upto = None  # the last step is the whole search
        self.upto = upto
        if upto is not None and self.follow and self.scene.follow(upto) != self.scene.focus:
            self.set_focus(self.scene.follow(upto))  # draws this frame too
            return self.ax
        frame = self.scene.frame(upto, words=self.shapes.own_title)
        paint.show_frame(self.artists, frame)
        paint.set_title(self.ax, self.artists, frame)
        return self.ax
