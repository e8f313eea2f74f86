"""The game-specific parts of the widgets: a position as HTML, and clickable board buttons.

Each game registers two things with :func:`register_board`: a function that writes a
position (in the game's public form) as a small HTML picture, and a class of clickable
buttons that the play board uses to take a human's moves. Tic-tac-toe is registered
here; another game (Connect Four: a row of column buttons over the grid) plugs in the
same way, without touching the widgets.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Iterable

from ..errors import InvalidOption
from ..games import TicTacToe
from ..games.tictactoe import LINES
from ..glyphs import PALETTE
from ._common import ipywidgets

__all__ = ["register_board", "board_html", "board_buttons", "TicTacToeButtons", "tictactoe_html"]

#: Light tints of the players' colours, for the cells of a won line.
_WON = {"X": "#CCE3F0", "O": "#F6D5BF"}
_MARK_COLOUR = {"X": PALETTE["max"], "O": PALETTE["min"]}

_BOARDS: dict[type, tuple[Callable[..., str], type]] = {}


def register_board(game_type: type, *, html: Callable[..., str], buttons: type) -> None:
    """Use ``html(board, last=None)`` and ``buttons(on_press)`` for games of ``game_type``."""
    _BOARDS[game_type] = (html, buttons)


def _parts(game):
    for cls in type(game).__mro__:
        if cls in _BOARDS:
            return _BOARDS[cls]
    return None


def board_html(game, board: Any, *, last: int | None = None) -> str:
    """A position (public form) as HTML: the game's own picture, else its text in a box."""
    parts = _parts(game)
    if parts is not None:
        return parts[0](board, last=last)
    return f"<pre style='margin:0'>{html.escape(game.to_text(board))}</pre>"


def board_buttons(game, on_press: Callable[[int], Any]):
    """The clickable board of ``game``; ``on_press(move)`` is called when a move is clicked."""
    parts = _parts(game)
    if parts is None:
        raise InvalidOption(
            f"there is no clickable board for {type(game).__name__} yet; "
            "the play board knows: " + ", ".join(sorted(t.__name__ for t in _BOARDS))
        )
    return parts[1](on_press)


def won_line(board) -> tuple[int, ...]:
    """The cells of a completed line on a tic-tac-toe board (tutorial form), or ``()``."""
    for line in LINES:
        marks = {board[c] for c in line}
        if len(marks) == 1 and marks <= {"X", "O"}:
            return line
    return ()


def tictactoe_html(board, *, last: int | None = None) -> str:
    """A tic-tac-toe board (the tutorial's list) as a 3x3 HTML grid: X blue, O vermillion.

    An empty cell shows its index in grey, as in the tutorial; the last move is shaded.

    >>> tictactoe_html(["X", 1, "O", "X", 4, "X", "O", "O", 8]).count("<td")
    9
    """
    line = won_line(board)
    rows = []
    for r in (0, 3, 6):
        cells = []
        for c in range(r, r + 3):
            mark = board[c]
            shade = PALETTE["last"] if c == last else _WON.get(mark, "white") if c in line else "white"
            if mark in ("X", "O"):
                text = f"<b style='color:{_MARK_COLOUR[mark]};font-size:20px'>{mark}</b>"
            else:
                text = f"<span style='color:#AAAAAA;font-size:12px'>{c}</span>"
            cells.append(
                f"<td style='width:30px;height:30px;text-align:center;border:1px solid #777;"
                f"background:{shade};padding:0'>{text}</td>"
            )
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return "<table style='border-collapse:collapse;margin:2px 0'>" + "".join(rows) + "</table>"


class TicTacToeButtons:
    """Nine buttons in a 3x3 grid; ``on_press(cell)`` runs when a cell is clicked.

    ``show(board, last=None, moves=None)`` writes the marks (the tutorial's list),
    shades the last move and a won line, and enables only the cells in ``moves``
    (``None``: every cell, as when a position is being set up).
    """

    def __init__(self, on_press: Callable[[int], Any], *, size: int = 54):
        w = ipywidgets()
        self.buttons = []
        shape = w.Layout(width=f"{size}px", height=f"{size}px", padding="0")  # one for all nine
        for cell in range(9):
            button = w.Button(description=str(cell), tooltip=f"cell {cell}", layout=shape)
            button.on_click(lambda _button, cell=cell: on_press(cell))
            self.buttons.append(button)
        self.widget = w.GridBox(
            self.buttons,
            layout=w.Layout(grid_template_columns=f"repeat(3, {size}px)", grid_gap="3px", width="max-content"),
        )

    def show(self, board, *, last: int | None = None, moves: Iterable[int] | None = None) -> None:
        line = won_line(board)
        playable = None if moves is None else set(moves)
        for cell, (button, mark) in enumerate(zip(self.buttons, board)):
            taken = mark in ("X", "O")
            button.description = mark if taken else str(cell)
            button.style.text_color = _MARK_COLOUR[mark] if taken else "#AAAAAA"
            button.style.font_size = "26px" if taken else "12px"
            button.style.font_weight = "bold" if taken else "normal"
            if cell == last:
                button.style.button_color = PALETTE["last"]
            elif cell in line:
                button.style.button_color = _WON[mark]
            else:
                button.style.button_color = "#F7F7F7"
            button.disabled = playable is not None and cell not in playable


register_board(TicTacToe, html=tictactoe_html, buttons=TicTacToeButtons)
