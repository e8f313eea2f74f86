"""Draw where a learner's search parts from the right one (:func:`draw_difference`).

Two :class:`~minimax_viz.tree_view.TreeView` pictures on one figure, the right tree above
and the learner's below, the node where they part framed in both. matplotlib is imported
lazily, when a difference is drawn.
"""

from __future__ import annotations

import textwrap

from .errors import InvalidOption
from .glyphs import PALETTE
from .tree_view import TreeView
from .view_checks import checked_titles

__all__ = ["draw_difference"]


def draw_difference(difference, *, titles: tuple[str, str] | None = None):
    """Draw where a learner's search parts from the right one.

    The right tree above, the learner's below, the node where they part framed in both
    ("parts here") and the difference's words on top. A tree too big for the page is
    drawn around the parting.

    Parameters
    ----------
    difference : Difference
        What :func:`~minimax_viz.compare.first_difference` returned.
    titles : tuple of (str or None) or None, optional
        The right tree's title and the learner's; None (or a None in the pair) writes the
        search's own words.

    Returns
    -------
    tuple of matplotlib.axes.Axes
        The two Axes (right, mine).

    Raises
    ------
    InvalidOption
        When ``difference`` is not one :func:`~minimax_viz.compare.first_difference` returned,
        or ``titles`` is not None or a pair of titles.

    Examples
    --------
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
    import matplotlib.pyplot as plt

    trees = getattr(difference, "trees", ())
    if not isinstance(trees, tuple) or len(trees) != 2:
        raise InvalidOption(f"draw_difference draws what first_difference returned, not {difference!r}")
    titles = checked_titles(titles)
    mine, right = trees
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
