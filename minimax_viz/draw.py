"""Draw a recorded search tree: the facade of the views.

:func:`draw_tree` draws once and returns the ``Axes``; :func:`tree_png` gives the PNG;
:class:`~minimax_viz.tree_view.TreeView` is the view that keeps what it drew, for replay
frames and a moving focus. Each composes, in one direction, the scene
(:class:`~minimax_viz.scene.Scene`: what the picture shows), the immutable record it emits
(:class:`~minimax_viz.shapes.Shapes`), the painter (:mod:`minimax_viz.paint`) and the
pixels (:mod:`minimax_viz.raster`). The course's other pictures live in views of their
own and are handed on here: :func:`~minimax_viz.difference_view.draw_difference` and
:func:`~minimax_viz.crosstable_view.draw_crosstable`. matplotlib is imported lazily, in
:mod:`minimax_viz.paint`, :mod:`minimax_viz.glyphs`, :mod:`minimax_viz.raster` and the views.
"""

from __future__ import annotations

from .crosstable_view import draw_crosstable
from .difference_view import draw_difference
from .paint import GHOST, MIN_POINTS, PRUNED_ALPHA  # noqa: F401 (made here before the painter had a module)
from .trace import format_value
from .tree_view import TreeView
from .view_checks import check_keywords, tree_of

__all__ = ["draw_tree", "draw_difference", "draw_crosstable", "TreeView", "principal_variation", "tree_png",
           "score_text"]

#: What draw_tree and tree_png take beside the tree: the view's options but ``frames``
#: (a replay step, ``upto``, asks for it) and, for tree_png, ``pyplot`` (never pyplot's).
_DRAW_OPTIONS = tuple(name for name in TreeView.OPTIONS if name != "frames") + ("upto",)
_PNG_OPTIONS = tuple(name for name in _DRAW_OPTIONS if name != "pyplot") + ("dpi",)


def principal_variation(tree) -> list[int]:
    """Node indexes from the root along the best moves: ``tree.principal_variation()``.

    Parameters
    ----------
    tree : SearchResult or SearchTree
        A search's result recorded with ``record=True``, or its tree.

    Returns
    -------
    list of int
        The indexes, from the root down.

    Raises
    ------
    InvalidOption
        When ``tree`` is not a search's result or its tree.

    Examples
    --------
    >>> import minimax_viz as mv
    >>> principal_variation(mv.minimax(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])))
    [0, 1, 2]
    """
    tree = tree_of(tree)
    return [node.index for node in tree.principal_variation()]


def score_text(v, *, signed: bool = True) -> str:
    """A value as a learner reads it: :func:`minimax_viz.trace.format_value`.

    Parameters
    ----------
    v : float or None
        A value.
    signed : bool, optional
        Write "+" before a positive value.

    Returns
    -------
    str
        The value's words.

    Examples
    --------
    >>> score_text(1), score_text(-1), score_text(0.5), score_text(float("-inf")), score_text(3, signed=False)
    ('+1', '−1', '+0.50', '−∞', '3')
    """
    return format_value(v, signed=signed)


def draw_tree(tree, ax=None, *, focus=None, levels: int | None = None, pos=None, upto: int | None = None,
              **options):
    """Draw a recorded search tree (or a search result) and return the matplotlib ``Axes``.

    ``focus`` is drawn at the top with the path to it as a breadcrumb, its children as
    boards, as many levels as fit in 1,000 px at natural size, one more level as small
    marks and "+N calls" fans for the rest.

    Parameters
    ----------
    tree : SearchResult or SearchTree
        A search's result recorded with ``record=True``, or its tree.
    ax : matplotlib.axes.Axes or None, optional
        Where to draw; None draws on a new figure of pyplot's.
    focus : Node or int or None, optional
        The node at the top (default the root).
    levels : int or None, optional
        The most levels drawn below the focus.
    pos : dict or None, optional
        ``{node or index: (x, y)}`` placing nodes yourself, as networkx drawing functions take.
    upto : int or None, optional
        Draw the tree as it stood after replay event ``upto`` (see ``tree.events()``),
        refocused on the current call if it is not drawn.
    **options
        The other options of :class:`~minimax_viz.tree_view.TreeView`: ``window``, ``moves``,
        ``pv``, ``legend``, ``title``, ``future``, ``figsize``, ``scores``, ``names``,
        ``mark``, ``follow``, ``pyplot``.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on.

    Raises
    ------
    InvalidOption
        For an unknown option (named, with the closest one taken), a bad option's value
        (see :class:`~minimax_viz.tree_view.TreeView`), or a step out of range.

    Examples
    --------
    >>> import minimax_viz as mv
    >>> ax = draw_tree(mv.alphabeta(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])))
    >>> ax.get_title()
    'alpha-beta: 11 calls, 2 pruned; best move 0, value 3'
    """
    check_keywords(options, _DRAW_OPTIONS, where="draw_tree")
    view = TreeView(tree, ax=ax, focus=focus, levels=levels, pos=pos, frames=upto is not None, **options)
    return view.show(upto)


def tree_png(tree, *, upto: int | None = None, dpi: int = 100, **options) -> bytes:
    """The drawing of ``tree`` as PNG bytes (never wider than 1,000 px), made without pyplot.

    Parameters
    ----------
    tree : SearchResult or SearchTree
        A search's result recorded with ``record=True``, or its tree.
    upto : int or None, optional
        Draw the tree as it stood after replay event ``upto``.
    dpi : int, optional
        Dots per inch (100 draws boards at their natural size).
    **options
        The options of :func:`draw_tree` (but ``pyplot``).

    Returns
    -------
    bytes
        The PNG.

    Raises
    ------
    InvalidOption
        For an unknown option (named, with the closest one taken), a bad option's value
        (see :class:`~minimax_viz.tree_view.TreeView`), a step out of range or a bad ``dpi``.

    Examples
    --------
    >>> import minimax_viz as mv
    >>> tree_png(mv.minimax(mv.GameTree([[3, 12], [2]])))[:4]
    b'\\x89PNG'
    """
    check_keywords(options, _PNG_OPTIONS, where="tree_png")
    view = TreeView(tree, pyplot=False, frames=upto is not None, **options)
    view.show(upto)
    return view.png(dpi=dpi)
