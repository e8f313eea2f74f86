"""How each game's position is drawn at a node of a tree.

A glyph draws the positions of many nodes at once, in a few matplotlib collections, and
says which node owns each element, so a replay frame can fade or hide a node's glyph by
changing colours instead of drawing again. :func:`glyph_for` picks the glyph of a game;
a new game plugs in its own with :func:`register_glyph`.

Colours come from the Okabe-Ito palette, which stays distinct for colour-blind readers;
Max and Min also differ by shape (triangle up, triangle down), never by colour alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

__all__ = ["Glyph", "BoardGlyph", "ShapeGlyph", "Layer", "glyph_for", "register_glyph", "PALETTE"]

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
}


@dataclass
class Layer:
    """One matplotlib collection and, for each of its elements, the node that owns it."""

    artist: Any
    owners: list[int]
    kind: str = "glyph"
    base: dict = field(default_factory=dict)


class Glyph:
    """Draws node positions; subclasses set the size and implement :meth:`draw`."""

    #: Width and height in data units (leaves are 1 unit apart).
    width = 0.8
    height = 0.8
    #: True when the glyph shows the node's value inside itself (textbook triangles).
    score_inside = False
    #: Whether edge labels (moves) are worth showing by default.
    label_moves = True

    def draw(self, ax, tree, items: list[tuple[int, float, float]], scale: float) -> list[Layer]:
        """Draw the nodes ``items = [(index, x, y), ...]``; return the layers made."""
        raise NotImplementedError

    def move_label(self, game, move) -> str:
        return str(move)


class ShapeGlyph(Glyph):
    """Textbook shapes: Max a triangle pointing up, Min a triangle pointing down, leaves squares."""

    width = 0.7
    height = 0.62
    score_inside = True
    label_moves = False

    def draw(self, ax, tree, items, scale):
        from matplotlib.collections import PatchCollection
        from matplotlib.patches import Polygon, Rectangle

        w, h = self.width / 2, self.height / 2
        patches, owners, faces, edges = [], [], [], []
        for index, x, y in items:
            node = tree.nodes[index]
            if tree.game.is_terminal(node.internal_state):
                s = 0.36
                patches.append(Rectangle((x - s / 2, y - s / 2), s, s))
                faces.append("white")
                edges.append(PALETTE["ink"])
            elif tree.game.is_max(node.internal_state):
                patches.append(Polygon([(x - w, y - h), (x + w, y - h), (x, y + h)]))
                faces.append("#D6E9F5")
                edges.append(PALETTE["max"])
            else:
                patches.append(Polygon([(x - w, y + h), (x + w, y + h), (x, y - h)]))
                faces.append("#F8DCC8")
                edges.append(PALETTE["min"])
            owners.append(index)
        coll = PatchCollection(patches, facecolors=faces, edgecolors=edges, linewidths=1.6 * scale, zorder=3)
        ax.add_collection(coll)
        return [Layer(coll, owners)]


class BoardGlyph(Glyph):
    """Tic-tac-toe: a small 3x3 board with X and O, the last move shaded, a won line struck."""

    def draw(self, ax, tree, items, scale):
        from matplotlib.collections import LineCollection, PatchCollection
        from matplotlib.patches import Circle, Rectangle

        from .games.tictactoe import LINES

        s, c = self.width, self.width / 3
        frames, frame_own, shade, shade_own = [], [], [], []
        grid, grid_own, xs, xs_own, os_, os_own, wins, wins_own = [], [], [], [], [], [], [], []
        game = tree.game
        for index, x, y in items:
            node = tree.nodes[index]
            board = game.board(node.internal_state)
            left, top = x - s / 2, y + s / 2
            frames.append(Rectangle((left, top - s), s, s))
            frame_own.append(index)

            def centre(cell):
                return left + (cell % 3 + 0.5) * c, top - (cell // 3 + 0.5) * c

            if node.move is not None:
                cx, cy = centre(node.move)
                shade.append(Rectangle((cx - c / 2, cy - c / 2), c, c))
                shade_own.append(index)
            for k in (1, 2):
                grid.append([(left + k * c, top), (left + k * c, top - s)])
                grid.append([(left, top - k * c), (left + s, top - k * c)])
                grid_own += [index, index]
            r = c * 0.3
            for cell, mark in enumerate(board):
                cx, cy = centre(cell)
                if mark == "X":
                    xs += [[(cx - r, cy - r), (cx + r, cy + r)], [(cx - r, cy + r), (cx + r, cy - r)]]
                    xs_own += [index, index]
                elif mark == "O":
                    os_.append(Circle((cx, cy), r * 1.05))
                    os_own.append(index)
            winner = game.winner(node.internal_state)
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
            Layer(PatchCollection(frames, facecolors="white", edgecolors=PALETTE["ink"], linewidths=1.2 * lw, zorder=3), frame_own),
            Layer(PatchCollection(shade, facecolors=PALETTE["last"], edgecolors="none", alpha=None, zorder=3.1), shade_own),
            Layer(LineCollection(grid, colors="#777777", linewidths=0.8 * lw, zorder=3.2), grid_own),
            Layer(LineCollection(xs, colors=PALETTE["max"], linewidths=2.0 * lw, zorder=3.3, capstyle="round"), xs_own),
            Layer(PatchCollection(os_, facecolors="none", edgecolors=PALETTE["min"], linewidths=2.0 * lw, zorder=3.3), os_own),
            Layer(LineCollection(wins, colors=PALETTE["ink"], linewidths=2.4 * lw, zorder=3.4, capstyle="round"), wins_own),
        ]
        for layer in layers:
            ax.add_collection(layer.artist)
        return layers


_GLYPHS: dict[type, Callable[[], Glyph]] = {}


def register_glyph(game_type: type, factory: Callable[[], Glyph]) -> None:
    """Use ``factory()`` to draw the nodes of games of ``game_type`` (and its subclasses)."""
    _GLYPHS[game_type] = factory


def glyph_for(game) -> Glyph:
    """The glyph for a game: its registered one, else the textbook shapes."""
    for cls in type(game).__mro__:
        if cls in _GLYPHS:
            return _GLYPHS[cls]()
    return ShapeGlyph()


def _register_builtin() -> None:
    from .games import TicTacToe

    register_glyph(TicTacToe, BoardGlyph)


_register_builtin()
