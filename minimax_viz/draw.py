"""Draw a recorded search tree: :func:`draw_tree`, :class:`TreeView`, and the course's other plots.

The content of a picture (which nodes, where, what their labels say at replay event
``k``) is a :class:`minimax_viz.scene.Scene`, given as plain shapes; the painter
(:mod:`minimax_viz.paint`) turns those into matplotlib artists and applies replay frames
to them; :mod:`minimax_viz.raster` makes the pixels (PNG, crop, dpi, click boxes).
:func:`draw_tree` draws once and returns the ``Axes``. :class:`TreeView` composes the
three: it keeps what it drew, so a replay frame (``view.show(upto=k)``) only changes
colours and texts on the same figure, and a new focus (``view.set_focus(node)``) lays the
picture out again around that node. matplotlib is imported lazily, here and in
:mod:`minimax_viz.paint`, :mod:`minimax_viz.glyphs` and :mod:`minimax_viz.raster` only.

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

import math
from typing import Any

from .errors import InvalidOption, short_repr
from . import paint
from .glyphs import PALETTE
from .paint import GHOST, MIN_POINTS, PRUNED_ALPHA  # noqa: F401 (made here before the painter had a module)
from .raster import Raster
from .scene import Scene
from .trace import Node, SearchTree, format_value

__all__ = ["draw_tree", "draw_difference", "draw_crosstable", "TreeView", "principal_variation", "tree_png",
           "score_text"]



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
    ``scores="leaves"`` (only the leaves' values: a question for the learner), ``names``
    (each node's name beside it where the game names positions, a textbook tree's A, B, C ...,
    as a check's words name them), ``mark`` (a node to frame "parts here").

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
        options = dict(focus=focus, mark=node, legend=False, moves=True, names=True,
                       title=True if title is None else title)
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


def _tree_of(tree, *, missing: str = "there is no tree") -> SearchTree:
    """The recorded tree of a search's result (or the tree itself), refused in words
    otherwise (``missing`` says what a search run with record=False lacks)."""
    found = getattr(tree, "tree", tree)
    if found is None and tree is not None:
        raise InvalidOption(f"this search was run with record=False, so {missing}; run it with record=True")
    if not isinstance(found, SearchTree):
        raise InvalidOption(f"tree must be a search's result or its tree, such as mv.minimax(game), "
                            f"not {short_repr(tree)}")
    return found


def _tree_to_draw(tree) -> SearchTree:
    """:func:`_tree_of` for a view: a SearchResult draws its tree."""
    return _tree_of(tree, missing="there is no tree to draw")


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

    :raises InvalidOption: for a bad option (see :class:`TreeView`), step or ``dpi``.
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

    The view composes what the picture shows (``view.scene``, a
    :class:`~minimax_viz.scene.Scene`), the painter's artists (``view.artists``,
    :mod:`minimax_viz.paint`) and the picture's pixels (``view.raster``, a
    :class:`~minimax_viz.raster.Raster`).

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
        names: bool = False,
    ):
        tree = _tree_to_draw(tree)
        _check_axes(ax)
        _check_view_options(pv=pv, legend=legend, frames=frames, pyplot=pyplot, follow=follow)
        self.title, self.figsize = _checked_title(title), _checked_figsize(figsize)
        self.tree, self.game = tree, tree.game
        self.mark = None if mark is None else _mark_index(tree, mark)
        self._options = dict(levels=levels, pos=pos, window=window, moves=moves, scores=scores, future=future,
                             names=names)
        self.scene = Scene(tree, focus=focus, **self._options)
        self.glyph = self.scene.glyph
        self.pv_on, self.legend_on, self.frames = pv, legend, frames
        self.follow, self.pyplot = follow, pyplot
        self._own_figure = ax is None
        self.ax = ax if ax is not None else paint.new_axes(self._figure_size(), pyplot=pyplot)
        self.raster = Raster(self.ax, own=self._own_figure, pyplot=pyplot)
        self.upto: int | None = None
        self.artists: paint.Artists | None = None
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
        """True when alpha and beta are written under the calls."""
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
        self._draw(self._figure_size() if self._own_figure else None)
        self.show(self.upto)

    def focus_for(self, step: int) -> Node:
        """The focus that shows the node replay event ``step`` is about (this focus if that
        node is drawn; else its parent, so it shows among its siblings).

        :raises InvalidOption: for a step out of range.
        """
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
        return self.raster.png(dpi, self.artists.changing(self.ax), self._clickable())

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
        return self.raster.pixels(dpi, self.artists.changing(self.ax), self._clickable(), redraw=redraw)

    def _clickable(self) -> tuple[list, list]:
        """The breadcrumb's words and the scene's click boxes (data units), for the raster."""
        return self.artists.crumb_texts, self.scene.hit_boxes()

    def node_at(self, x: float, y: float) -> Node | None:
        """The node drawn at pixel ``(x, y)`` of the PNG :meth:`png` returned last (origin
        top-left); a "+N calls" fan gives the node whose hidden calls it stands for, a
        breadcrumb word the node it names. ``None`` for a click on nothing.

        :raises InvalidOption: before the first :meth:`png`.
        """
        if not self.raster.boxes:
            raise InvalidOption("node_at reads the picture png() made: call view.png() first")
        index = self.raster.index_at(x, y)
        return None if index is None else self.tree.nodes[index]

    @property
    def click_boxes(self) -> list[tuple[int, float, float, float, float]]:
        """``[(node index, x0, y0, x1, y1), ...]``: what :meth:`node_at` looks up, in image
        pixels of the last :meth:`png` (origin top-left), breadcrumb words first."""
        return list(self.raster.boxes)

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

        :raises InvalidOption: when the tree was recorded by minimax (no window).
        """
        return self.tree.window_at(i, k)

    # -- drawing and frames ------------------------------------------------------------------
    def _figure_size(self) -> tuple[float, float]:
        if self.figsize is not None:
            return self.figsize
        rows = 0 if not self.legend_on else math.ceil(len(self.scene.legend(frames=self.frames, pv=self.pv_on)) / 4)
        return paint.figure_size(self.scene, legend_rows=rows)

    def _draw(self, size: tuple[float, float] | None = None) -> None:
        """Paint the scene afresh (on a figure of ``size`` inches, when given)."""
        self.raster.new_drawing(size)
        self.artists = paint.paint(self.scene, self.ax, pv=self.pv_on, legend=self.legend_on, frames=self.frames,
                                   mark=self.mark, kept=self.artists)

    def _check_step(self, upto) -> int:
        """``upto`` itself, once checked to be a step of the replay."""
        n_steps = self.tree.n_steps
        if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto < n_steps:
            raise InvalidOption(f"step upto={short_repr(upto)} is out of range: "
                                f"this replay has steps 0 to {n_steps - 1}")
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
