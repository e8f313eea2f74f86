"""How each game's position is drawn at a node of a tree.

A glyph draws the positions of many nodes at once, in a few matplotlib collections, and
says which node owns each element, so a replay frame can fade or hide a node's glyph by
changing colours instead of drawing again. :func:`glyph_for` picks the glyph of a game;
a new game plugs in its own with :func:`register_glyph`.

Colours come from the Okabe-Ito palette, which stays distinct for colour-blind readers;
Max and Min also differ by shape (triangle up, triangle down), never by colour alone;
a chance node is a circle.
"""

from __future__ import annotations

from typing import Any, Callable

from .glyph_base import HIT_FACE, PALETTE, Glyph, Layer
from .shapes import INCHES_PER_UNIT
from .trace import format_value

__all__ = [
    "Glyph", "BoardGlyph", "ConnectFourGlyph", "ShapeGlyph", "Layer", "glyph_for", "register_glyph", "PALETTE",
    "HIT_FACE",
]


class ShapeGlyph(Glyph):
    """Textbook shapes: Max a triangle pointing up, Min a triangle pointing down, leaves squares."""

    width = 0.7
    height = 0.62
    score_inside = True
    label_moves = False
    #: Leaves are small squares with their number inside: they sit closer, at a smaller
    #: scale, and the numbers (10 pt at natural size) stay >= 8 px.
    leaf_slot = 0.55
    min_unit_px = 56
    #: The side of a leaf's square, in data units.
    leaf_side = 0.36

    def value_role(self, value) -> str:
        return "ink"  # a textbook tree's values are numbers, not wins

    def legend(self, game) -> list[tuple[str, str, str]]:
        return []

    def pruned_text(self, game, state) -> str:
        """Inside a pruned textbook shape: its value, if it is a leaf (else nothing)."""
        value = getattr(game, "value", None)
        v = value(state) if value is not None else None
        return "" if v is None else format_value(v, signed=False)

    @staticmethod
    def _is_leaf(node) -> bool:
        """A leaf of the search, drawn as a square: a finished game, or scored at the depth limit."""
        return node.kind == "horizon" or node.tree.game.is_terminal(node.internal_state)

    def size(self, node) -> tuple[float, float]:
        """A leaf's square, or the triangle (circle) of an inner node.

        >>> from minimax_viz import GameTree, minimax
        >>> tree = minimax(GameTree([[3, 12]])).tree
        >>> ShapeGlyph().size(tree.root), ShapeGlyph().size(tree.nodes[2])
        ((0.7, 0.62), (0.36, 0.36))
        """
        return (self.leaf_side, self.leaf_side) if self._is_leaf(node) else (self.width, self.height)

    def draw(self, ax, tree, items, scale):
        from matplotlib.collections import PatchCollection
        from matplotlib.patches import Circle, Polygon, Rectangle

        w, h = self.width / 2, self.height / 2
        patches, owners, faces, edges = [], [], [], []
        for index, x, y in items:
            node = tree.nodes[index]
            if self._is_leaf(node):
                # a leaf of the search: scored here (a depth-limit leaf by the heuristic, "≈")
                s = self.leaf_side
                patches.append(Rectangle((x - s / 2, y - s / 2), s, s))
                faces.append("white")
                edges.append(PALETTE["ink"])
            elif node.node_type == "chance":  # as the search treated it: an average
                patches.append(Circle((x, y), h * 1.05))
                faces.append("#EEEEEE")
                edges.append(PALETTE["chance"])
            elif node.node_type == "max":
                patches.append(Polygon([(x - w, y - h), (x + w, y - h), (x, y + h)]))
                faces.append("#D6E9F5")
                edges.append(PALETTE["max"])
            else:
                patches.append(Polygon([(x - w, y + h), (x + w, y + h), (x, y - h)]))
                faces.append("#F8DCC8")
                edges.append(PALETTE["min"])
            if node.kind == "hit":  # answered from the memo table: sky blue inside
                faces[-1] = PALETTE["hit"]
            owners.append(index)
        coll = PatchCollection(patches, facecolors=faces, edgecolors=edges, linewidths=1.6 * scale, zorder=3)
        ax.add_collection(coll)
        return [Layer(coll, owners)]


def _shown(game, tree, node) -> tuple[list, int | None, str | None]:
    """A tic-tac-toe node as drawn: its cells, the cell played into it (shaded) and the winner:
    from its position, or for a learner's call given a board no move leads to, from that board."""
    from .games.tictactoe import LINES

    given = tree.given_board(node.index)
    if given is None or len(given[0]) != 9:
        return game.board(node.internal_state), node.move, game.winner(node.internal_state)
    cells, last = given
    won = [cells[a] for a, b, c in LINES if cells[a] in ("X", "O") and cells[a] == cells[b] == cells[c]]
    return cells, last, won[0] if won else None


class BoardGlyph(Glyph):
    """Tic-tac-toe: a small 3x3 board with X and O, the last move shaded, a won line struck."""

    def draw(self, ax, tree, items, scale):
        from matplotlib.collections import LineCollection, PatchCollection
        from matplotlib.patches import Circle, Rectangle

        from .games.tictactoe import LINES

        s, c = self.width, self.width / 3
        frames, frame_own, frame_faces, shade, shade_own = [], [], [], [], []
        grid, grid_own, xs, xs_own, os_, os_own, wins, wins_own = [], [], [], [], [], [], [], []
        game = tree.game
        for index, x, y in items:
            node = tree.nodes[index]
            board, last, winner = _shown(game, tree, node)
            left, top = x - s / 2, y + s / 2
            frames.append(Rectangle((left, top - s), s, s))
            frame_own.append(index)
            frame_faces.append(HIT_FACE if node.kind == "hit" else "white")

            def centre(cell, left=left, top=top):  # this board's corner, bound as the loop goes on
                return left + (cell % 3 + 0.5) * c, top - (cell // 3 + 0.5) * c

            if last is not None:
                cx, cy = centre(last)
                shade.append(Rectangle((cx - c / 2, cy - c / 2), c, c))
                shade_own.append(index)
            for k in (1, 2):
                grid.append([(left + k * c, top), (left + k * c, top - s)])
                grid.append([(left, top - k * c), (left + s, top - k * c)])
                grid_own += [index, index]
            r = c * 0.3
            for cell, mark in enumerate(board):
                cx, cy = centre(cell)
                if mark == "X":   # (a board a learner gave holds None in its other cells)
                    xs += [[(cx - r, cy - r), (cx + r, cy + r)], [(cx - r, cy + r), (cx + r, cy - r)]]
                    xs_own += [index, index]
                elif mark == "O":
                    os_.append(Circle((cx, cy), r * 1.05))
                    os_own.append(index)
            if winner:
                marks = [i for i, v in enumerate(board) if v == winner]
                for line in LINES:
                    if all(i in marks for i in line):
                        (x0, y0), (x1, y1) = centre(line[0]), centre(line[2])
                        dx, dy = (x1 - x0) * 0.18, (y1 - y0) * 0.18
                        wins.append([(x0 - dx, y0 - dy), (x1 + dx, y1 + dy)])
                        wins_own.append(index)
        lw = scale
        layers = [
            Layer(PatchCollection(frames, facecolors=frame_faces, edgecolors=PALETTE["ink"], linewidths=1.2 * lw,
                                  zorder=3), frame_own),
            Layer(PatchCollection(shade, facecolors=PALETTE["last"], edgecolors="none", alpha=None, zorder=3.1),
                  shade_own),
            Layer(LineCollection(grid, colors="#777777", linewidths=0.8 * lw, zorder=3.2), grid_own),
            Layer(LineCollection(xs, colors=PALETTE["max"], linewidths=2.0 * lw, zorder=3.3, capstyle="round"), xs_own),
            Layer(PatchCollection(os_, facecolors="none", edgecolors=PALETTE["min"], linewidths=2.0 * lw, zorder=3.3),
                  os_own),
            Layer(LineCollection(wins, colors=PALETTE["ink"], linewidths=2.4 * lw, zorder=3.4, capstyle="round"),
                  wins_own),
        ]
        for layer in layers:
            ax.add_collection(layer.artist)
        return layers


#: Points per data unit at ``scale`` 1 (the drawing's scale 1 is
#: :data:`~minimax_viz.shapes.INCHES_PER_UNIT` inch per unit), to give line widths in data units.
_POINTS_PER_UNIT = INCHES_PER_UNIT * 72


class ConnectFourGlyph(Glyph):
    """Connect Four: a small board of any size, X's discs filled blue, O's vermillion rings
    (they differ by shape too), the last disc on a yellow square, a won line struck through.

    The board fits in 0.86 x 0.86 units (leaves are 1 unit apart), wide boards by their
    width, tall ones by their height.
    """

    def value_text(self, game, value, *, signed: bool = True, guess: bool = False) -> str:
        """A guess in whole window points (``evaluate`` is points over ``max_points``), so
        the pictures read "+7" as lesson 07 counts; results and other values as they are."""
        scale = getattr(game, "max_points", None)
        if guess and scale and value is not None and abs(value) < 1 and not float(value).is_integer():
            points = value * scale
            if abs(points - round(points)) < 1e-6:  # the game's own heuristic, not another one
                return format_value(round(points), signed=signed)
        return format_value(value, signed=signed)

    def guess_words(self, game) -> str:
        return "heuristic: X's points − O's (windows, centre; a win beats any)"

    def __init__(self, game=None):
        self.rows, self.cols = (6, 7) if game is None else (game.rows, game.cols)
        self.cell = 0.86 / max(self.rows, self.cols)
        self.width, self.height = self.cols * self.cell, self.rows * self.cell

    def draw(self, ax, tree, items, scale):
        parts = {name: ([], []) for name in ("frame", "last", "grid", "x", "o", "win")}
        for index, x, y in items:
            node = tree.nodes[index]
            self._node(parts, index, x - self.width / 2, y + self.height / 2, node, tree.game)
        layers = self._layers(parts, scale)
        for layer in layers:
            ax.add_collection(layer.artist)
        return layers

    def _centre(self, left: float, top: float, r: int, c: int) -> tuple[float, float]:
        return left + (c + 0.5) * self.cell, top - (r + 0.5) * self.cell

    def _node(self, parts, index, left, top, node, game) -> None:
        """Add one node's frame, column lines, discs, last disc and won lines to ``parts``."""
        from matplotlib.patches import Circle, Rectangle

        def add(name, element):
            parts[name][0].append(element)
            parts[name][1].append(index)

        cell, board = self.cell, game.board(node.internal_state)
        add("frame", Rectangle((left, top - self.height), self.width, self.height))
        for c in range(1, self.cols):
            add("grid", [(left + c * cell, top), (left + c * cell, top - self.height)])
        for r, row in enumerate(board):
            for c, mark in enumerate(row):
                if mark != ".":
                    add(mark.lower(), Circle(self._centre(left, top, r, c), cell * (0.4 if mark == "X" else 0.33)))
        if node.move is not None:
            r = next(r for r, row in enumerate(board) if row[node.move] != ".")
            cx, cy = self._centre(left, top, r, node.move)
            add("last", Rectangle((cx - cell / 2, cy - cell / 2), cell, cell))
        for line in game.fours(node.internal_state) if game.winner(node.internal_state) else ():
            (x0, y0), (x1, y1) = self._centre(left, top, *line[0]), self._centre(left, top, *line[-1])
            dx, dy = (x1 - x0) * 0.12, (y1 - y0) * 0.12
            add("win", [(x0 - dx, y0 - dy), (x1 + dx, y1 + dy)])

    def _layers(self, parts, scale) -> list[Layer]:
        from matplotlib.collections import LineCollection, PatchCollection

        unit = _POINTS_PER_UNIT * scale * self.cell  # points per cell: lines keep to the cells
        patches, lines = PatchCollection, LineCollection
        styles = {
            "frame": (patches, dict(facecolors="white", edgecolors=PALETTE["ink"],
                                    linewidths=max(0.6, 0.06 * unit), zorder=3)),
            "last": (patches, dict(facecolors=PALETTE["last"], edgecolors="none", zorder=3.1)),
            "grid": (lines, dict(colors="#CCCCCC", linewidths=max(0.3, 0.03 * unit), zorder=3.2)),
            "x": (patches, dict(facecolors=PALETTE["max"], edgecolors="none", zorder=3.3)),
            "o": (patches, dict(facecolors="white", edgecolors=PALETTE["min"], linewidths=0.14 * unit, zorder=3.3)),
            "win": (lines, dict(colors=PALETTE["ink"], linewidths=0.22 * unit, zorder=3.4, capstyle="round")),
        }
        layers = []
        for name, (kind, options) in styles.items():
            elements, owners = parts[name]
            artist = kind(elements, **options)
            artist.set_gid(f"connect four {name}")
            layers.append(Layer(artist, owners))
        return layers


_GLYPHS: dict[type, Callable[[Any], Glyph]] = {}


def register_glyph(game_type: type, factory: Callable[[Any], Glyph]) -> None:
    """Use ``factory(game)`` to draw the nodes of games of ``game_type`` (and its subclasses).

    A :class:`Glyph` subclass is such a factory: it is made with the game it draws.

    Parameters
    ----------
    game_type : type
        A Game subclass.
    factory : callable
        Made with a game, returns its :class:`Glyph`.
    """
    _GLYPHS[game_type] = factory


def glyph_for(game) -> Glyph:
    """The glyph for a game: its registered one, else the textbook shapes.

    Parameters
    ----------
    game : Game
        The game drawn.

    Returns
    -------
    Glyph
        Its glyph, made with the game.

    Examples
    --------
    >>> from minimax_viz import ConnectFour
    >>> glyph = glyph_for(ConnectFour(rows=4, cols=5))
    >>> type(glyph).__name__, round(glyph.width, 2), round(glyph.height, 2)
    ('ConnectFourGlyph', 0.86, 0.69)
    """
    for cls in type(game).__mro__:
        if cls in _GLYPHS:
            return _GLYPHS[cls](game)
    return ShapeGlyph(game)


def _register_builtin() -> None:
    from .chess_glyph import ChessGlyph
    from .games import Chess, ConnectFour, TicTacToe

    register_glyph(TicTacToe, BoardGlyph)
    register_glyph(ConnectFour, ConnectFourGlyph)
    register_glyph(Chess, ChessGlyph)


_register_builtin()
