"""Tic-tac-toe, speaking the tutorial's board format at its surface.

A board is a list of nine cells read row by row; a cell holds ``"X"``, ``"O"`` or, when
empty, its own index, exactly as in the tutorial::

    X | 1 | O
    X | 4 | X          ["X", 1, "O", "X", 4, "X", "O", "O", 8]
    O | O | 8

A nine-character string such as ``"X.OX.XOO."`` is accepted too. X is Max (the AI) and
moves first; O is Min. Inside, a position is one integer: bit ``i`` set when X holds
cell ``i``, bit ``9 + i`` when O does. What the search asks at every node (the moves,
the next positions, whether the game is over, the kind of node) is worked out once per
position and kept in a table, since tic-tac-toe has only 5,478 positions; these four
look-ups (``successors``, ``successors_by_priority``, ``outcome``, ``node_type``) are kept
by that integer, which ``game.state(board)`` makes from a board. Given a board, they read it
and answer in the form :meth:`TicTacToe.play` gives (next positions as lists).
"""

from __future__ import annotations

from numbers import Integral
from typing import Any

from ..errors import InvalidBoard, InvalidMove, short_repr
from .base import Game

__all__ = ["TicTacToe", "LINES", "cells_from_list"]

#: The eight winning lines as cell triples: rows, columns, diagonals.
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)
_MASKS = tuple(sum(1 << c for c in line) for line in LINES)
_FULL = (1 << 9) - 1
_EMPTY_CHARS = ".-_ "
#: How many winning lines pass through each cell, less 2: centre 2, corners 1, edges 0.
_PRIORITY = tuple(sum(c in line for line in LINES) - 2 for c in range(9))


def _popcount(bits: int) -> int:
    return bin(bits).count("1")


def _wins(bits: int) -> bool:
    return any(bits & m == m for m in _MASKS)


#: The plain TicTacToe's tables, made by the first game and shared by all (TicTacToe.__init__).
_SHARED: list[tuple] = []


class _Table(dict):
    """A dict that fills itself: a missing key is computed once, then kept."""

    def __init__(self, compute):
        super().__init__()
        self.compute = compute

    def __missing__(self, key):
        value = self[key] = self.compute(key)
        return value


class _FreshList:
    """A class attribute that hands out a new copy of a list each time it is read."""

    def __init__(self, items):
        self.items = tuple(items)

    def __get__(self, obj, owner=None):
        return list(self.items)


def _cell(move) -> int:
    """``move`` when it is a cell index from 0 to 8 (numpy's whole numbers too), else InvalidMove
    in words."""
    if isinstance(move, bool) or not isinstance(move, Integral) or not 0 <= move < 9:
        raise InvalidMove(f"a move is a cell index from 0 to 8, not {short_repr(move)}")
    return int(move)


def _looked_up(game, get, form=None):
    """A table's look-up (``get``) that also takes a board as a person writes it (a list, a
    tuple, a string): its code is looked up, and the answer turned into the form :meth:`play`
    gives for that board by ``form``. Only codes are keys: a string or a tuple, though
    hashable, is read first, never kept in a table as it is."""
    def look(state):
        if type(state) is int:
            return get(state)
        answer = get(game.state(state))
        return answer if form is None else form(answer)
    look.fast = get   # the search's states are codes: it calls the look-up itself
    return look


class TicTacToe(Game):
    """Tic-tac-toe on the tutorial's board format; X is Max and moves first.

    A board is written as the tutorial's list (``"X"``, ``"O"``, or the index of an empty
    cell) or as a nine-character string (``"."`` for an empty cell); the search passes
    integer codes around (:meth:`state`).

    Examples
    --------
    >>> game = TicTacToe()
    >>> board = TicTacToe.TUTORIAL_BOARD
    >>> board
    ['X', 1, 'O', 'X', 4, 'X', 'O', 'O', 8]
    >>> game.player(board), game.moves(board)
    ('X', (1, 4, 8))
    >>> game.play(board, 4)
    ['X', 1, 'O', 'X', 'X', 'X', 'O', 'O', 8]
    >>> game.winner(game.play(board, 4)), game.utility(game.play(board, 4))
    ('X', 1)
    """

    max_player = "X"
    min_player = "O"
    win_utility = 1
    key_is_state = True   # the search's states are the integer codes, which key() returns
    #: The tutorial's position: X to move, with cells 1, 4 and 8 empty.
    TUTORIAL_BOARD = _FreshList(["X", 1, "O", "X", 4, "X", "O", "O", 8])
    #: The empty board, in the tutorial's format.
    EMPTY_BOARD = _FreshList(range(9))

    def __init__(self):
        # Every plain TicTacToe shares one set of tables (its answers depend on the position
        # alone), so a new game starts with what earlier ones worked out; a subclass, which
        # may answer otherwise, keeps tables of its own.
        if type(self) is not TicTacToe:
            tables = self._tables()
        else:
            if not _SHARED:
                _SHARED.append(self._tables())
            tables = _SHARED[0]
        (self._checked, self._successors, self._outcome, self._node_type, self._guesses,
         self._by_priority) = tables
        # The search calls these at every node: bound dict look-ups are the fastest
        # callables Python has, so they replace the methods on each instance.
        # A board as the lessons write it (a list, a string) is no key: it is read once and
        # answered in its own form.
        self.successors = _looked_up(self, self._successors.__getitem__, self._listed)
        self.successors_by_priority = _looked_up(self, self._by_priority.__getitem__, self._listed)
        self.outcome = _looked_up(self, self._outcome.__getitem__)
        self.node_type = _looked_up(self, self._node_type.__getitem__)

    def _tables(self) -> tuple:
        """The answers kept by position code, each worked out the first time it is asked:
        the codes found legal (5,478 at most; a code is checked once, when its first entry
        is made), the successors, the outcome, the kind of node, evaluate's guesses and the
        successors by priority."""
        return (
            set(),
            _Table(lambda code: self._compute_successors(self._code(code))),
            _Table(lambda code: self._compute_outcome(self._code(code))),
            _Table(lambda code: "max" if self.player(code) == "X" else "min"),
            _Table(self._compute_guess),
            _Table(lambda code: Game.successors_by_priority(self, code)),
        )

    # -- forms of a state -----------------------------------------------------------
    def start(self) -> int:
        return 0

    def state(self, value: Any = None) -> int:
        """Check a board and return its internal code (``None`` is the empty board).

        Parameters
        ----------
        value : list, str, int or None, optional
            The tutorial's list, a nine-character string, or an internal code.

        Returns
        -------
        int
            The board's internal code.

        Raises
        ------
        InvalidBoard
            For a board of the wrong size or type, an unknown mark, or a
            position no game reaches (too many marks of one player, play after a win).

        Examples
        --------
        >>> TicTacToe().state("X........")
        1
        >>> TicTacToe().state(["X", 1, 2, 3, 4, 5, 6, 7])
        Traceback (most recent call last):
        ...
        minimax_viz.errors.InvalidBoard: a board has 9 cells, this one has 8; write it like ['X', 1, 'O', ...
        """
        if value is None:
            return 0
        if isinstance(value, int) and not isinstance(value, bool):
            return self._check_code(value)
        if isinstance(value, str):
            cells = self._cells_from_string(value)
        elif isinstance(value, (list, tuple)):
            cells = cells_from_list(value)
        else:
            raise InvalidBoard(
                f"a board is a list of 9 cells or a 9-character string, not {type(value).__name__}; "
                "write it like ['X', 1, 'O', 3, 4, 5, 6, 7, 8] or 'X.O......'"
            )
        code = 0
        for i, cell in enumerate(cells):
            if cell == "X":
                code |= 1 << i
            elif cell == "O":
                code |= 1 << (9 + i)
        return self._check_code(code)

    def board(self, state: Any) -> list:
        """The tutorial's list form: "X", "O", or the index of an empty cell.

        Parameters
        ----------
        state : list, str or int
            A board: the tutorial's list, a nine-character string, or the internal code.

        Returns
        -------
        list
            Nine cells.

        Raises
        ------
        InvalidBoard
            For a board :meth:`state` refuses.
        """
        code = self._code(state)
        return ["X" if code >> i & 1 else "O" if code >> (9 + i) & 1 else i for i in range(9)]

    def to_text(self, state: Any) -> str:
        """Three rows of the board, empty cells shown by their index.

        Parameters
        ----------
        state : list, str or int
            A board: the tutorial's list, a nine-character string, or the internal code.

        Returns
        -------
        str
            Three lines.

        Raises
        ------
        InvalidBoard
            For a board :meth:`state` refuses.

        Examples
        --------
        >>> print(TicTacToe().to_text(TicTacToe.TUTORIAL_BOARD))
        X 1 O
        X 4 X
        O O 8
        """
        cells = [str(c) for c in self.board(state)]
        return "\n".join(" ".join(cells[r:r + 3]) for r in (0, 3, 6))

    def string(self, state: Any) -> str:
        """The nine-character string form, ``"."`` for an empty cell.

        Parameters
        ----------
        state : list, str or int
            A board: the tutorial's list, a nine-character string, or the internal code.

        Returns
        -------
        str
            Nine characters.

        Raises
        ------
        InvalidBoard
            For a board :meth:`state` refuses.

        Examples
        --------
        >>> TicTacToe().string(TicTacToe.TUTORIAL_BOARD)
        'X.OX.XOO.'
        """
        return "".join(c if isinstance(c, str) else "." for c in self.board(state))

    # -- rules ------------------------------------------------------------------------
    def player(self, state: Any) -> str:
        code = self._code(state)
        return "X" if _popcount(code & _FULL) == _popcount(code >> 9) else "O"

    def moves(self, state: Any) -> tuple[int, ...]:
        return tuple(m for m, _ in self._successors[self._code(state)])

    def play(self, state: Any, move: int) -> Any:
        """The position after ``move``, in the same form as ``state`` (a list for a string).

        Parameters
        ----------
        state : list, str or int
            A board: the tutorial's list, a nine-character string, or the internal code.
        move : int
            The index (0 to 8) of an empty cell.

        Returns
        -------
        list or int
            The board after the move: a list for a list or a string, a code for a code.

        Raises
        ------
        InvalidBoard
            For a board :meth:`state` refuses.
        InvalidMove
            For a move that is not a cell index, a taken cell, or a finished game.
        """
        code, move = self._code(state), _cell(move)
        if code >> move & 1 or code >> (9 + move) & 1:
            raise InvalidMove(
                f"cell {move} is taken; the empty cells are {list(self.moves(code))}"
            )
        if self._outcome[code] is not None:
            raise InvalidMove(f"the game is over ({self.result_text(code)}); no move can follow")
        new = code | 1 << (move if self.player(code) == "X" else 9 + move)
        return new if isinstance(state, int) else self.board(new)

    def winner(self, state: Any) -> str | None:
        code = self._code(state)
        if _wins(code & _FULL):
            return "X"
        if _wins(code >> 9):
            return "O"
        return None

    def is_terminal(self, state: Any) -> bool:
        return self._outcome[self._code(state)] is not None

    def utility(self, state: Any) -> int:
        """+1 when X has won, -1 when O has, 0 for a draw (and for a game still on).

        Parameters
        ----------
        state : list, str or int
            A board: the tutorial's list, a nine-character string, or the internal code.

        Returns
        -------
        int
            +1, -1 or 0.

        Raises
        ------
        InvalidBoard
            For a board :meth:`state` refuses.
        """
        return self._outcome[self._code(state)] or 0

    def evaluate(self, state: Any) -> float:
        """Open lines for X minus open lines for O, divided by 9.

        A line is *open* for a player while the opponent has no mark on it, so it can
        still be won. Dividing by 9 keeps every guess strictly between -1 and +1: a real
        win always counts for more than a hopeful position. Finished games get their
        utility.

        Parameters
        ----------
        state : list, str or int
            A board: the tutorial's list, a nine-character string, or the internal code.

        Returns
        -------
        float
            The guess for X, between -1 and +1.

        Raises
        ------
        InvalidBoard
            For a board :meth:`state` refuses.

        Examples
        --------
        >>> TicTacToe().evaluate("....X....")   # the centre is on 4 lines: 8 - 4 = 4
        0.4444444444444444
        """
        return self._guesses[self._code(state)]

    def _compute_guess(self, code: int) -> float:
        done = self._outcome[code]
        if done is not None:
            return done
        x, o = code & _FULL, code >> 9
        open_x = sum(1 for m in _MASKS if not o & m)
        open_o = sum(1 for m in _MASKS if not x & m)
        return (open_x - open_o) / 9

    def key(self, state: Any) -> int:
        return self._code(state)

    def moves_left(self, state: Any) -> int:
        """The number of empty cells (used to prefer quicker wins).

        Parameters
        ----------
        state : list, str or int
            A board: the tutorial's list, a nine-character string, or the internal code.

        Returns
        -------
        int
            The number of empty cells.

        Raises
        ------
        InvalidBoard
            For a board :meth:`state` refuses.

        Examples
        --------
        >>> TicTacToe().moves_left(TicTacToe.TUTORIAL_BOARD)
        3
        """
        code = self._code(state)
        return 9 - _popcount((code | code >> 9) & _FULL)

    def move_priority(self, state: Any, move: int) -> int:
        """2 for the centre (on 4 lines), 1 for a corner (3 lines), 0 for an edge (2 lines).

        Parameters
        ----------
        state : list, str or int
            A board: the tutorial's list, a nine-character string, or the internal code.
        move : int
            A cell index, 0 to 8.

        Returns
        -------
        int
            2, 1 or 0.

        Raises
        ------
        InvalidMove
            For a move that is not a cell index from 0 to 8.
        """
        return _PRIORITY[_cell(move)]

    # -- inside -------------------------------------------------------------------------
    def _code(self, state: Any) -> int:
        if type(state) is int:  # an internal code is checked too, once per code
            if state not in self._checked:
                self._checked.add(self._check_code(state))
            return state
        return self.state(state)

    def _listed(self, pairs: tuple) -> tuple:
        """``(move, child)`` pairs with each child as a list board, as :meth:`play` gives for a list."""
        return tuple((m, self.board(child)) for m, child in pairs)

    def _compute_successors(self, code: int) -> tuple:
        if self._compute_outcome(code) is not None:
            return ()
        shift = 0 if self.player(code) == "X" else 9
        taken = (code | code >> 9) & _FULL
        return tuple((m, code | 1 << (m + shift)) for m in range(9) if not taken >> m & 1)

    def _compute_outcome(self, code: int):
        if _wins(code & _FULL):
            return 1
        if _wins(code >> 9):
            return -1
        if (code | code >> 9) & _FULL == _FULL:
            return 0
        return None

    def result_text(self, state: Any) -> str:
        """"X wins", "O wins" or "draw" for a finished game.

        Parameters
        ----------
        state : list, str or int
            A board: the tutorial's list, a nine-character string, or the internal code.

        Returns
        -------
        str
            The words.

        Raises
        ------
        InvalidBoard
            For a board :meth:`state` refuses.
        """
        won = self.winner(state)
        return f"{won} wins" if won else "draw" if self.is_terminal(state) else "game on"

    def _check_code(self, code: int) -> int:
        if code in self._checked:
            return code
        if not 0 <= code < 1 << 18 or code & _FULL & (code >> 9):
            raise InvalidBoard(f"{short_repr(code)} is not a board code; pass the board as a list or a string")
        x, o = _popcount(code & _FULL), _popcount(code >> 9)
        shown = "".join("X" if code >> i & 1 else "O" if code >> (9 + i) & 1 else "." for i in range(9))
        if o > x:
            raise InvalidBoard(
                f"O has {o} marks and X only {x} in {shown!r}; X moves first, so O is never ahead"
            )
        if x > o + 1:
            raise InvalidBoard(
                f"X has {x} marks and O only {o} in {shown!r}; players alternate, so X is at most one ahead"
            )
        x_won, o_won = _wins(code & _FULL), _wins(code >> 9)
        if x_won and o_won:
            raise InvalidBoard(f"both X and O have a line in {shown!r}; the game stops at the first win")
        if x_won and x == o:
            raise InvalidBoard(
                f"X has a line in {shown!r} but O moved after it; the game stops at a win, so remove an O"
            )
        if o_won and x > o:
            raise InvalidBoard(
                f"O has a line in {shown!r} but X moved after it; the game stops at a win, so remove an X"
            )
        self._checked.add(code)
        return code

    def _cells_from_string(self, value: str) -> list:
        if len(value) != 9:
            raise InvalidBoard(
                f"a board string has 9 characters, {short_repr(value)} has {len(value)}; "
                "write it like 'X.OX.XOO.' with '.' for an empty cell"
            )
        cells = []
        for i, ch in enumerate(value):
            up = ch.upper()
            if up in ("X", "O"):
                cells.append(up)
            elif ch in _EMPTY_CHARS or ch == str(i):
                cells.append(i)
            else:
                raise InvalidBoard(
                    f"character {i} of {short_repr(value)} is {short_repr(ch)}; use 'X', 'O' or '.' for an empty cell"
                )
        return cells


def cells_from_list(value) -> list:
    """The 9 cells of a board written as a list ('X', 'O' or the cell's own index), checked.

    :raises InvalidBoard: for a list that is not 9 such cells, naming the first wrong one.
    """
    if len(value) != 9:
        raise InvalidBoard(
            f"a board has 9 cells, this one has {len(value)}; "
            "write it like ['X', 1, 'O', 3, 4, 5, 6, 7, 8] or 'X.O......'"
        )
    for i, cell in enumerate(value):
        if cell in ("X", "O") and isinstance(cell, str):
            continue
        if isinstance(cell, int) and not isinstance(cell, bool):
            if cell != i:
                raise InvalidBoard(
                    f"cell {i} holds the index {cell}; an empty cell holds its own index, {i}"
                )
            continue
        raise InvalidBoard(f"cell {i} holds {short_repr(cell)}; a cell holds 'X', 'O' or its own index {i}")
    return list(value)
