"""Draw a match's crosstable: who beat whom, as a coloured grid (:func:`draw_crosstable`).

matplotlib is imported lazily, when a crosstable is drawn.
"""

from __future__ import annotations

import math

from .errors import InvalidOption, short_repr
from .glyphs import PALETTE
from .view_checks import check_axes

__all__ = ["draw_crosstable"]


def draw_crosstable(result, ax=None):
    """Draw a match's crosstable as a grid and return the ``Axes``.

    A row per player, a column per opponent, each cell the row player's share of the
    points (a win 1, a draw 1/2) from red (all lost) to blue (all won), with its
    wins-draws-losses in all, as X and as O. At most 1,000 px wide at 100 dpi.

    Parameters
    ----------
    result : MatchResult
        What :func:`minimax_viz.play_match` returned.
    ax : matplotlib.axes.Axes or None, optional
        Where to draw; None draws on a new figure of pyplot's.

    Returns
    -------
    matplotlib.axes.Axes
        The Axes drawn on.

    Raises
    ------
    InvalidOption
        When ``result`` is not a match's result, or ``ax`` not an Axes.

    Examples
    --------
    >>> import minimax_viz as mv
    >>> match = mv.play_match({"random": mv.random_player, "greedy": mv.greedy_player}, game=mv.TicTacToe(),
    ...                       games=2, seed=3)
    >>> draw_crosstable(match).get_xlabel()
    'opponent'
    """
    import matplotlib.pyplot as plt

    names = getattr(result, "players", None)
    if not isinstance(names, list) or not hasattr(result, "crosstable"):
        raise InvalidOption(f"draw_crosstable takes the result of mv.play_match, not {short_repr(result)}")
    check_axes(ax)
    n = len(names)
    if ax is None:
        side = min(1.45 * n + 2.2, 9.9)
        _, ax = plt.subplots(figsize=(side, 0.9 * n + 1.4), layout="constrained")
    image = ax.imshow(_cells(ax, result, names), cmap="RdYlBu", vmin=0, vmax=1)
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


def _cells(ax, result, names: list) -> list[list[float]]:
    """Write each cell's wins-draws-losses on ``ax``; return each cell's share of the points."""
    n = len(names)
    colours = (result.game.max_player, result.game.min_player)
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
    return share
