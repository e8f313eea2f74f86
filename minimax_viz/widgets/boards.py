"""The game-specific parts of the widgets: a position as HTML, and clickable board buttons.

Each game registers with :func:`register_board`: a function that writes a position (in
the game's public form) as a small HTML picture, a class of clickable buttons that the
play board uses to take a human's moves, and how long the play board's AI thinks.
Tic-tac-toe (nine cells, searched to the end), Connect Four (a row of column buttons
over the grid, one second of iterative deepening) and chess (64 squares: click a piece,
then the square it goes to; one second of iterative deepening) are registered here;
another game plugs in the same way, without touching the widgets.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Iterable

import chess

from ..errors import InvalidOption
from ..games import Chess, ConnectFour, TicTacToe
from ..games.tictactoe import LINES
from ..glyphs import PALETTE
from ._common import ipywidgets

__all__ = [
    "register_board", "board_html", "board_buttons", "thinking_time",
    "TicTacToeButtons", "tictactoe_html", "ConnectFourButtons", "connect_four_html", "ChessButtons", "chess_html",
]

#: Light tints of the players' colours, for the cells of a won line.
_WON = {"X": "#CCE3F0", "O": "#F6D5BF"}
_MARK_COLOUR = {"X": PALETTE["max"], "O": PALETTE["min"]}
#: Pixels between two Connect Four columns (the buttons use the same, so they line up).
_GAP = 3

_BOARDS: dict[type, tuple[Callable[..., str], type, float | None]] = {}


def register_board(game_type: type, *, html: Callable[..., str], buttons: type,
                   seconds: float | None = None) -> None:
    """Use ``html(board, last=None)`` and ``buttons(on_press, game=game)`` for games of
    ``game_type``; the play board's AI thinks ``seconds`` per move with iterative
    deepening (``None``: it searches to the end of the game, for games small enough)."""
    _BOARDS[game_type] = (html, buttons, seconds)


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
    """The clickable board of ``game``; ``on_press(move)`` is called when a move is clicked.

    :raises InvalidOption: for a game with no clickable board.
    """
    parts = _parts(game)
    if parts is None:
        raise InvalidOption(
            f"there is no clickable board for {type(game).__name__} yet; "
            "the play board knows: " + ", ".join(sorted(t.__name__ for t in _BOARDS))
        )
    return parts[1](on_press, game=game)


def thinking_time(game) -> float | None:
    """Seconds the play board's AI thinks per move in ``game`` (``None``: to the end).

    >>> thinking_time(TicTacToe()), thinking_time(ConnectFour())
    (None, 1.0)
    """
    parts = _parts(game)
    return None if parts is None else parts[2]


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

    def __init__(self, on_press: Callable[[int], Any], *, game=None, size: int = 54):
        w = ipywidgets()
        self.buttons = []
        # one for all nine; no margin, so the cells fill the grid's columns exactly
        shape = w.Layout(width=f"{size}px", height=f"{size}px", padding="0", margin="0")
        for cell in range(9):
            button = w.Button(description=str(cell), tooltip=f"cell {cell}", layout=shape)
            button.on_click(lambda _button, cell=cell: on_press(cell))
            self.buttons.append(button)
        self.widget = w.GridBox(
            self.buttons,
            # the widgets' 2 px margin, so the cells line up with the buttons under the board
            layout=w.Layout(grid_template_columns=f"repeat(3, {size}px)", grid_gap="3px", width="max-content",
                            margin="2px"),
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


def _disc(mark: str, size: int) -> str:
    """One disc as HTML: X filled blue, O a vermillion ring (shape as well as colour)."""
    d = int(size * 0.78)
    if mark == "X":
        style = f"background:{_MARK_COLOUR['X']}"
    elif mark == "O":
        style = f"background:white;border:{max(3, size // 7)}px solid {_MARK_COLOUR['O']};box-sizing:border-box"
    else:
        style = "background:white;border:1px solid #D0D0D0;box-sizing:border-box"
    title = f" title='{mark}'" if mark in ("X", "O") else ""
    return f"<div{title} style='width:{d}px;height:{d}px;border-radius:50%;{style}'></div>"


def connect_four_html(board, *, last: int | None = None, size: int = 36) -> str:
    """A Connect Four board (rows top to bottom) as an HTML grid of ``size``-pixel cells.

    The last disc played (in column ``last``) sits on yellow; the discs of a line of four
    are ringed in black. Columns line up with :class:`ConnectFourButtons` of the same size.

    >>> page = connect_four_html(ConnectFour.from_moves("445"), last=4)
    >>> page.count("title='X'"), page.count("title='O'"), page.count(PALETTE["last"])
    (2, 1, 1)
    """
    rows, cols = len(board), len(board[0])
    won = {cell for line in ConnectFour(rows=rows, cols=cols).fours(board) for cell in line}
    top = None if last is None else next((r for r in range(rows) if board[r][last] != "."), None)
    cells = []
    for r, row in enumerate(board):
        for c, mark in enumerate(row):
            plain = _WON.get(mark, "#EEF1F4") if (r, c) in won else "#EEF1F4"
            shade = PALETTE["last"] if (r, c) == (top, last) else plain
            ring = f"box-shadow:inset 0 0 0 3px {PALETTE['ink']};" if (r, c) in won else ""
            cells.append(f"<div style='width:{size}px;height:{size}px;background:{shade};{ring}display:flex;"
                         f"align-items:center;justify-content:center'>{_disc(mark, size)}</div>")
    return (f"<div style='display:grid;grid-template-columns:repeat({cols}, {size}px);gap:{_GAP}px;"
            f"background:#9AA5B1;padding:{_GAP}px;width:max-content'>" + "".join(cells) + "</div>")


class ConnectFourButtons:
    """A button over each column of the board; ``on_press(column)`` runs when one is clicked.

    ``show(board, last=None, moves=None)`` draws the board (rows top to bottom) under the
    buttons, marks the last disc (dropped in column ``last``) and a line of four, and
    enables only the columns in ``moves`` (a full column's button says so in its tooltip).
    """

    def __init__(self, on_press: Callable[[int], Any], *, game=None, size: int = 36):
        w = ipywidgets()
        self.game, self.size = ConnectFour() if game is None else game, size
        shape = w.Layout(width=f"{size}px", height="30px", padding="0", margin="0")  # as wide as a column
        self.buttons = []
        for column in range(self.game.cols):
            button = w.Button(description=f"↓{column}", tooltip=f"drop a disc in column {column}", layout=shape)
            button.on_click(lambda _button, column=column: on_press(column))
            self.buttons.append(button)
        self.top = w.GridBox(self.buttons, layout=w.Layout(
            grid_template_columns=f"repeat({self.game.cols}, {size}px)", grid_gap=f"{_GAP}px",
            padding=f"0 {_GAP}px", width="max-content"))
        self.board = w.HTML()
        self.widget = w.VBox([self.top, self.board])

    @staticmethod
    def move_name(move: int) -> str:
        return f"column {move}"

    def show(self, board, *, last: int | None = None, moves: Iterable[int] | None = None) -> None:
        self.board.value = connect_four_html(board, last=last, size=self.size)
        playable = None if moves is None else set(moves)
        for column, button in enumerate(self.buttons):
            full = board[0][column] != "."
            button.tooltip = f"column {column} is full" if full else f"drop a disc in column {column}"
            button.disabled = full or (playable is not None and column not in playable)


#: What an empty square's button shows (never "": see ChessButtons._paint).
EMPTY_SQUARE = "\u00a0"
#: The pieces as Unicode chess symbols, by python-chess's letters (White upper case).
_PIECES = dict(zip("KQRBNPkqrbnp", "♔♕♖♗♘♙♚♛♜♝♞♟"))
_LIGHT, _DARK, _CHOSEN = "#F0D9B5", "#B58863", "#8FC1E3"   # python-chess's SVG colours; the chosen piece blue


def _squares(board) -> list[tuple[int, str]]:
    """The 64 squares from a8 (top left) to h1, each with its piece's symbol ("" when empty)."""
    out = []
    for rank in range(7, -1, -1):
        for file in range(8):
            square = rank * 8 + file
            piece = board.piece_at(square)
            out.append((square, "" if piece is None else _PIECES[piece.symbol()]))
    return out


def _last_squares(last) -> set[str]:
    """The two squares of the last move, from its UCI string ("e2e4": e2 and e4)."""
    return {last[:2], last[2:4]} if isinstance(last, str) and len(last) >= 4 else set()


def chess_html(board, *, last: str | None = None, size: int = 34) -> str:
    """A chess position (a python-chess board) as an 8 x 8 HTML grid, White at the bottom;
    the squares of the ``last`` move (UCI) shaded.

    >>> import chess
    >>> page = chess_html(chess.Board(), last="e2e4")
    >>> page.count("♙"), page.count("♟"), page.count(PALETTE["last"])
    (8, 8, 2)
    """
    marked = _last_squares(last)
    cells = []
    for square, symbol in _squares(board):
        name = "abcdefgh"[square % 8] + str(square // 8 + 1)
        plain = _LIGHT if (square // 8 + square % 8) % 2 else _DARK
        shade = PALETTE["last"] if name in marked else plain
        cells.append(f"<div title='{name}' style='width:{size}px;height:{size}px;background:{shade};display:flex;"
                     f"align-items:center;justify-content:center;font-size:{int(size * 0.8)}px'>{symbol}</div>")
    return ("<div style='display:grid;grid-template-columns:repeat(8, {0}px);width:max-content;"
            "border:1px solid #777'>".format(size) + "".join(cells) + "</div>")


class ChessButtons:
    """64 buttons, White at the bottom: click a piece, then the square it goes to, and
    ``on_press(uci)`` runs with the move ("e2e4"; a pawn reaching the last rank becomes a
    queen, "e7e8q"). Clicking the chosen piece again, or a square it cannot go to, lets it go.

    ``show(board, last=None, moves=None)`` writes the pieces, shades the last move's squares
    and lets only the pieces that have a move in ``moves`` (UCI) be chosen.
    """

    def __init__(self, on_press: Callable[[str], Any], *, game=None, size: int = 44):
        w = ipywidgets()
        self.on_press, self.chosen, self.moves, self.board = on_press, None, None, None
        shape = w.Layout(width=f"{size}px", height=f"{size}px", padding="0", margin="0")
        self.buttons = {}
        for square, _ in _squares(chess.Board(None)):
            name = chess.square_name(square)
            button = w.Button(description="", tooltip=name, layout=shape)
            button.on_click(lambda _button, name=name: self.press(name))
            self.buttons[name] = button
        self.widget = w.GridBox(list(self.buttons.values()), layout=w.Layout(
            grid_template_columns=f"repeat(8, {size}px)", grid_gap="0px", width="max-content", margin="2px"))

    @staticmethod
    def move_name(move) -> str:
        return str(move)

    def press(self, square: str) -> None:
        """A click on ``square`` (such as ``"e2"``): choose a piece, or move the chosen one there."""
        legal = list(self.moves or ())
        if self.chosen is None or self.chosen == square:
            self.chosen = square if self.chosen is None and any(m.startswith(square) for m in legal) else None
            self._paint()
            return
        move = self.chosen + square
        move = move if move in legal else move + "q" if move + "q" in legal else None
        self.chosen = None
        if move is None:    # not a move of the chosen piece: choose again
            self.press(square) if any(m.startswith(square) for m in legal) else self._paint()
            return
        self.on_press(move)

    def show(self, board, *, last: str | None = None, moves: Iterable[str] | None = None) -> None:
        self.board, self.last, self.chosen = board, last, None
        self.moves = None if moves is None else tuple(moves)
        self._paint()

    def _paint(self) -> None:
        marked = _last_squares(self.last)
        targets = {m[2:4] for m in self.moves or () if self.chosen and m.startswith(self.chosen)}
        for square, symbol in _squares(self.board):
            name = chess.square_name(square)
            button = self.buttons[name]
            plain = _LIGHT if (square // 8 + square % 8) % 2 else _DARK
            # an empty square shows a no-break space: ipywidgets' button keeps its old text when its
            # description becomes "" (it rewrites the text only for a non-empty description)
            button.description = symbol or EMPTY_SQUARE
            button.style.font_size = "28px"
            button.style.button_color = (_CHOSEN if name == self.chosen else PALETTE["last"] if name in marked
                                         else plain)
            button.style.font_weight = "bold" if name in targets else "normal"
            button.tooltip = f"{name}: move here" if name in targets else name
            can = self.moves is None or name in targets or any(m.startswith(name) for m in self.moves)
            button.disabled = not can


register_board(TicTacToe, html=tictactoe_html, buttons=TicTacToeButtons)
register_board(ConnectFour, html=connect_four_html, buttons=ConnectFourButtons, seconds=1.0)
register_board(Chess, html=chess_html, buttons=ChessButtons, seconds=1.0)
