"""The chess board drawn at each node of a tree, after python-chess's SVG boards.

Light and dark squares in python-chess's colours, the pieces as DejaVu Sans's chess
symbols (Black's the solid ones in ink; White's the outlined ones in ink over the solid
shape in white), the last move's two squares tinted, and a king in check on a red square. Every
board is drawn as a few matplotlib collections for all the nodes at once, each element
owned by its node, as the other games' glyphs are (see :mod:`minimax_viz.glyphs`).
"""

from __future__ import annotations

from functools import lru_cache

import chess

from .games.chess import MATE
from .glyph_base import PALETTE, Glyph, Layer
from .shapes import INCHES_PER_UNIT
from .trace import format_value

__all__ = ["ChessGlyph", "SQUARE_COLOURS"]

#: python-chess's SVG colours: the squares, the last move's squares, a checked king's square.
SQUARE_COLOURS = {
    "light": "#F0D9B5", "dark": "#B58863",
    "light last": "#CDD26A", "dark last": "#AAA23A",
    "check": "#E5484D",
}
#: DejaVu Sans's chess symbols by python-chess's piece type: the solid ones (U+265A to
#: U+265F); the outlined ones are 6 code points lower (U+2654 to U+2659).
_SYMBOLS = {chess.KING: "\u265a", chess.QUEEN: "\u265b", chess.ROOK: "\u265c",
            chess.BISHOP: "\u265d", chess.KNIGHT: "\u265e", chess.PAWN: "\u265f"}
_INK = "#222222"
#: The king's height as a share of a square; the other pieces keep their size beside it.
_KING_SHARE = 0.94
#: Points per data unit at ``scale`` 1 (a drawing's scale 1 is 0.9 inch per unit).
_POINTS_PER_UNIT = INCHES_PER_UNIT * 72


@lru_cache(maxsize=None)
def _outline(piece_type: int, hollow: bool = False):
    """A symbol's path as (vertices, codes), the king 1 unit high, centred on the square
    by the solid symbol's box (``hollow``: the outlined symbol, which fits over it)."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    def path(kind, hollow=False):
        symbol = chr(ord(_SYMBOLS[kind]) - 6 * hollow)
        return TextPath((0, 0), symbol, size=1, prop=FontProperties(family="DejaVu Sans"))

    king, box = path(chess.KING).get_extents(), path(piece_type).get_extents()
    shape = path(piece_type, hollow)
    centre = ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
    return (shape.vertices - centre) / king.height, shape.codes


def _uci_move(move) -> chess.Move | None:
    """The python-chess move of a node's UCI string (None at the root or for no move)."""
    try:
        return chess.Move.from_uci(move) if type(move) is str else None
    except ValueError:
        return None


class ChessGlyph(Glyph):
    """A chess board at each node: squares, pieces, the last move and a check marked.

    The board is 0.9 units square (leaves are one unit apart): 81 px, some 10 px a
    square, at a drawing's natural size, which it never goes below (``min_unit_px``).
    The drawings pick it for :class:`~minimax_viz.Chess` by themselves.

    Parameters
    ----------
    game : Chess
        The game whose trees it draws.
    """

    width = 0.9
    height = 0.9
    min_unit_px = 100

    def value_text(self, game, value, *, signed: bool = True, guess: bool = False) -> str:
        """A value as the pictures write it: a number of pawns, or a mate's score.

        Parameters
        ----------
        game : Chess
            The game.
        value : float or None
            The value.
        signed : bool, optional
            Whether a value above 0 gets a ``+`` (the default).
        guess : bool, optional
            Whether it is the heuristic's value (written the same way).

        Returns
        -------
        str
            The value's text.
        """
        return format_value(value, signed=signed)

    def legend(self, game) -> list[tuple[str, str, str]]:
        """The legend's entries for results: mates for either side, and a draw.

        Parameters
        ----------
        game : Chess
            The game.

        Returns
        -------
        list of tuple
            ``(marker, colour role, words)`` per entry.
        """
        return [("s", "max", f"+{MATE} − plies: White mates"), ("s", "min", f"−{MATE} + plies: Black mates"),
                ("s", "draw", "0 draw")]

    def guess_words(self, game) -> str:
        """What a heuristic value is, for the legend: material in pawns.

        Parameters
        ----------
        game : Chess
            The game.

        Returns
        -------
        str
            The words.
        """
        return "heuristic: material, White's − Black's (pawns)"

    def draw(self, ax, tree, items, scale):
        """Draw a board for each node of ``items`` into ``ax``, as a few collections.

        Parameters
        ----------
        ax : matplotlib.axes.Axes
            The axes drawn into.
        tree : SearchTree
            The recorded search the nodes come from.
        items : list of tuple
            ``(index, x, y)`` per node: its row and the centre of its board.
        scale : float
            The drawing's scale (1: 0.9 inch per unit).

        Returns
        -------
        list of Layer
            The layers made, each collection with the node that owns each of its elements.
        """
        parts = {name: ([], []) for name in ("frame", "light", "dark", "mark", "white", "ink")}
        for index, x, y in items:
            node = tree.nodes[index]
            self._node(parts, index, x - self.width / 2, y - self.height / 2, node)
        layers = self._layers(parts, scale)
        for layer in layers:
            ax.add_collection(layer.artist)
        return layers

    def _node(self, parts, index, left, bottom, node) -> None:
        """One node's frame, squares, marked squares and pieces, added to ``parts``."""
        from matplotlib.patches import Rectangle
        from matplotlib.path import Path

        def add(name, element, colour=None):
            parts[name][0].append(element if colour is None else (element, colour))
            parts[name][1].append(index)

        cell, board = self.width / 8, node.internal_state
        add("frame", Rectangle((left, bottom), self.width, self.height), node.kind == "hit")
        add("light", Rectangle((left, bottom), self.width, self.height))

        def square(sq):
            return left + chess.square_file(sq) * cell, bottom + chess.square_rank(sq) * cell

        for sq in chess.SQUARES:
            if (chess.square_file(sq) + chess.square_rank(sq)) % 2 == 0:
                add("dark", Rectangle(square(sq), cell, cell))
        last = board.move_stack[-1] if board.move_stack else _uci_move(node.move)
        if last is not None:
            for sq in (last.from_square, last.to_square):
                dark = (chess.square_file(sq) + chess.square_rank(sq)) % 2 == 0
                add("mark", Rectangle(square(sq), cell, cell), SQUARE_COLOURS["dark last" if dark else "light last"])
        if board.is_check():
            add("mark", Rectangle(square(board.king(board.turn)), cell, cell), SQUARE_COLOURS["check"])
        size = cell * _KING_SHARE
        for sq, piece in board.piece_map().items():
            x, y = square(sq)
            centre = (x + cell / 2, y + cell / 2)
            vertices, codes = _outline(piece.piece_type)
            if piece.color:   # White's: the solid shape in white, the outlined symbol's ink over it
                add("white", Path(vertices * size + centre, codes))
                vertices, codes = _outline(piece.piece_type, hollow=True)
            add("ink", Path(vertices * size + centre, codes))

    def _layers(self, parts, scale) -> list[Layer]:
        from matplotlib.collections import PatchCollection, PathCollection

        unit = _POINTS_PER_UNIT * scale * self.width / 8   # points per square
        frames, frame_owners = parts["frame"]
        marks, mark_owners = parts["mark"]
        layers = [
            Layer(PatchCollection([f for f, _ in frames], facecolors="none", zorder=3.4,
                                  edgecolors=[PALETTE["hit"] if hit else PALETTE["ink"] for _, hit in frames],
                                  linewidths=[max(0.8, 0.16 * unit) if hit else max(0.5, 0.06 * unit)
                                              for _, hit in frames]), frame_owners),
            Layer(PatchCollection(parts["light"][0], facecolors=SQUARE_COLOURS["light"], edgecolors="none",
                                  zorder=3), parts["light"][1]),
            Layer(PatchCollection(parts["dark"][0], facecolors=SQUARE_COLOURS["dark"], edgecolors="none",
                                  zorder=3.05), parts["dark"][1]),
            Layer(PatchCollection([m for m, _ in marks], facecolors=[c for _, c in marks], edgecolors="none",
                                  zorder=3.1), mark_owners),
            Layer(PathCollection(parts["white"][0], facecolors="white", edgecolors="none", zorder=3.3),
                  parts["white"][1]),
            Layer(PathCollection(parts["ink"][0], facecolors=_INK, edgecolors="none", zorder=3.35), parts["ink"][1]),
        ]
        for layer, name in zip(layers, ("frame", "light", "dark", "mark", "white", "ink")):
            layer.artist.set_gid(f"chess {name}")
        return layers
