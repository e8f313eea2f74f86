"""What every board painter shares: the palette, a layer of drawn elements and the
:class:`Glyph` contract (size, drawing, the words at a node).

The painters themselves (the textbook shapes, tic-tac-toe, Connect Four, chess) build on it
in modules of their own; :mod:`minimax_viz.glyphs` registers them and picks one per game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .trace import format_value, marked_value

__all__ = ["Glyph", "Layer", "PALETTE", "HIT_FACE"]

#: Okabe-Ito colours, by role.
PALETTE = {
    "max": "#0072B2",      # blue: Max, X, a win for Max
    "min": "#D55E00",      # vermillion: Min, O, a win for Min
    "draw": "#555555",     # dark grey: a draw
    "guess": "#CC79A7",    # reddish purple: a heuristic value at the depth limit
    "best": "#E69F00",     # orange: the chosen move and the principal variation
    "current": "#009E73",  # bluish green: the call running in a replay frame
    "pruned": "#999999",   # grey: what alpha-beta cut off
    "last": "#F0E442",     # yellow: the cell just played
    "hit": "#56B4E9",      # sky blue: a memo-table answer
    "ink": "#222222",
    "bound": "#222222",    # ink: a bound is no result (not a win colour)
    "fan": "#777777",      # grey: calls searched but not drawn
    "chance": "#444444",   # dark grey: a chance node (a circle), nobody chooses
    "parting": "#C00000",  # dark red, dashed: where a learner's search parts from the right one
}


#: The inside of a node answered from the memo table.
HIT_FACE = "#CFE8F7"


@dataclass
class Layer:
    """One matplotlib collection and, for each of its elements, the node that owns it."""

    artist: Any
    owners: list[int]
    kind: str = "glyph"
    base: dict = field(default_factory=dict)


class Glyph:
    """Draws node positions; subclasses set the size and implement :meth:`draw`.

    Parameters
    ----------
    game : Game or None, optional
        The game drawn (a glyph may fit its size to the board; most ignore it).
    """

    #: Width and height in data units (leaves are 1 unit apart).
    width = 0.8
    height = 0.8
    #: True when the glyph shows the node's value inside itself (textbook triangles).
    score_inside = False
    #: Whether edge labels (moves) are worth showing by default.
    label_moves = True
    #: The width a leaf takes in a row (inner nodes take 1 unit), in data units.
    leaf_slot = 1.0
    #: The fewest pixels per data unit at which this glyph's labels stay >= 8 px.
    min_unit_px = 66

    def __init__(self, game=None):
        """A glyph for ``game`` (the game lets it fit its size to the board; most ignore it)."""

    def draw(self, ax, tree, items: list[tuple[int, float, float]], scale: float) -> list[Layer]:
        """Draw the nodes ``items`` on ``ax``; return the layers made.

        Parameters
        ----------
        ax : matplotlib.axes.Axes
            Where to draw.
        tree : SearchTree
            The tree the nodes belong to.
        items : list of tuple
            ``[(index, x, y), ...]``: each node and its centre, in data units.
        scale : float
            The picture's scale (1: natural size), for line widths.

        Returns
        -------
        list of Layer
            Each collection drawn, with the node of each of its elements.
        """
        raise NotImplementedError

    def size(self, node) -> tuple[float, float]:
        """The width and height drawn for ``node``, in data units (a frame round it fits them).

        Parameters
        ----------
        node : Node
            A recorded node.

        Returns
        -------
        tuple of float
            Width and height.
        """
        return self.width, self.height

    def move_label(self, game, state, move) -> str:
        """The text on the edge of ``move`` played at ``state``.

        The game's own label for it (a textbook tree's ``a1``, ``b2`` ...) where it has one,
        else the move itself.

        Parameters
        ----------
        game : Game
            The game.
        state : object
            The position the move is played at (the game's internal form).
        move : object
            The move.

        Returns
        -------
        str
            The label.
        """
        label = getattr(game, "label", None)
        return str(move) if label is None else label(state, move)

    # -- what the pictures of this game say (the scene asks; no game-name checks) -----------
    def value_text(self, game, value, *, signed: bool = True, guess: bool = False) -> str:
        """A value as the pictures write it.

        Parameters
        ----------
        game : Game
            The game.
        value : float or None
            The value.
        signed : bool, optional
            Write "+" before a positive value.
        guess : bool, optional
            The value may be a heuristic's guess.

        Returns
        -------
        str
            The value's words.
        """
        return format_value(value, signed=signed)

    def node_value_text(self, game, node, *, signed: bool = True) -> str:
        """A recorded node's value with its marks, as every picture and caption writes it.

        ``≈`` for a guess (see :meth:`value_text`), ``≤``/``≥`` for a bound; the trace's flags
        (``node.heuristic``, ``node.bound``) say which.

        Parameters
        ----------
        game : Game
            The game.
        node : Node
            A recorded node.
        signed : bool, optional
            Write "+" before a positive value.

        Returns
        -------
        str
            The value's words with their marks.
        """
        text = self.value_text(game, node.score, signed=signed, guess=node.heuristic)
        return marked_value(text, heuristic=node.heuristic, bound=node.bound)

    def value_role(self, value) -> str:
        """The colour role of a result.

        Parameters
        ----------
        value : float or None
            A result (None: a pruned stub's).

        Returns
        -------
        str
            "max" (a win for Max), "min", "draw" or "pruned".
        """
        if value is None:
            return "pruned"
        return "max" if value > 0 else "min" if value < 0 else "draw"

    def pruned_text(self, game, state) -> str:
        """The words at a pruned stub.

        Parameters
        ----------
        game : Game
            The game.
        state : object
            The stub's position (the game's internal form).

        Returns
        -------
        str
            The words.
        """
        return "pruned"

    def legend(self, game) -> list[tuple[str, str, str]]:
        """Legend entries for results.

        Parameters
        ----------
        game : Game
            The game (its players' names).

        Returns
        -------
        list of tuple
            ``[(marker, colour role, words), ...]``.
        """
        high, low = getattr(game, "max_player", "Max"), getattr(game, "min_player", "Min")
        return [("s", "max", f"+1 {high} wins"), ("s", "min", f"−1 {low} wins"), ("s", "draw", "0 draw")]

    def guess_words(self, game) -> str:
        """What a heuristic value is, for the legend.

        Parameters
        ----------
        game : Game
            The game.

        Returns
        -------
        str
            The words.
        """
        return "heuristic (depth limit)"


