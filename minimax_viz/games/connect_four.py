"""Connect Four on a board of any size from 4 x 4 to 16 x 9 (6 rows by 7 columns by default).

Its public form is a list of rows, top to bottom, each a string of cells ``"X"``,
``"O"`` or ``"."``; X moves first and is Max, as in tic-tac-toe. A move is a 0-based
column index. Positions can also be written in the usual notation, the string of the
columns played with 1-based digits (``"4455"``: X and O each play twice, in the 4th
and then the 5th column).

Inside, a position is one integer made of two bit boards, as in John Tromp's and
Pascal Pons' solvers: :mod:`minimax_viz.games.connect_four_bits` holds the board and what
its bits tell, this module the rules, and :mod:`minimax_viz.games.connect_four_legality`
the check that a pasted board is one the rules can reach.
"""

from __future__ import annotations

from numbers import Integral
from typing import Any

from ..errors import InvalidBoard, InvalidMove, InvalidOption, short_repr
from .base import Game
from .connect_four_bits import CENTRE_POINTS, WINDOW_POINTS, ConnectFourBoard  # noqa: F401 (the points, named here too)
from .connect_four_legality import bits_of_rows, check_reachable, rows_of_text

__all__ = ["ConnectFour"]

#: How many of evaluate's guesses are kept for a board size before they start again with
#: none (some 30 MB at most): a lesson's searches meet the same leaves at many depths.
_GUESSES_KEPT = 1 << 18
#: evaluate's guesses by board size, then by code, shared by the games of that size whose
#: points and outcome are this module's own (a subclass with its own is never answered here).
_GUESSES: dict[tuple[int, int], dict[int, float]] = {}
#: Boards given as rows (tuples of strings) that the rules reach, with their codes, by board
#: size: checking that a pasted board is reachable is slow, and a learner's code asks about
#: the same boards again and again. At most _BOARDS_KEPT of them.
_BOARDS: dict[tuple[int, int], dict[tuple, int]] = {}
_BOARDS_KEPT = 1 << 16


class _GameMethod:
    """A method that, called on the class, works on a game of the default size."""

    def __init__(self, func):
        self.func = func
        self.__doc__ = func.__doc__
        self.__name__ = func.__name__

    def __get__(self, game, owner=None):
        bound = game if game is not None else owner()
        return self.func.__get__(bound, owner)


class ConnectFour(ConnectFourBoard, Game):
    """Connect Four: drop discs into columns; four in a row, across, up or diagonally, wins.

    Parameters
    ----------
    *by_position
        Nothing: the sizes are given by name (``ConnectFour(6, 7)`` is refused).
    rows : int, optional
        The number of rows, 4 to 16 (6 unless given).
    cols : int, optional
        The number of columns, 4 to 9 (7 unless given).

    Raises
    ------
    InvalidOption
        For ``rows`` (4 to 16) or ``cols`` (4 to 9) out of range or not
        whole numbers, or sizes given without their names (``ConnectFour(6, 7)``).
    InvalidBoard
        From each method given a state that is not a position of the game
        (see :meth:`state`).

    Examples
    --------
    >>> game = ConnectFour()
    >>> board = ConnectFour.from_moves("4455")
    >>> print(game.to_text(board))
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . O O . .
    . . . X X . .
    0 1 2 3 4 5 6
    >>> game.player(board), game.moves(board)
    ('X', (0, 1, 2, 3, 4, 5, 6))
    >>> game.board(game.play(board, 5))[-1]
    '...XXX.'
    """

    max_player = "X"
    min_player = "O"
    win_utility = 1
    key_is_state = True   # the search's states are the integer codes, which key() returns

    def __init__(self, *by_position, rows: int = 6, cols: int = 7):
        _check_size(by_position, rows, cols)
        super().__init__(rows, cols)
        own_rules = type(self).points is ConnectFourBoard.points and type(self).outcome is ConnectFour.outcome
        self._guesses = _GUESSES.setdefault((rows, cols), {}) if own_rules else None
        self._boards = _BOARDS.setdefault((rows, cols), {})
        self._last_moves: tuple[int, dict] = (-1, {})   # the last position moves() was asked, its children

    def __repr__(self) -> str:
        return f"ConnectFour(rows={self.rows}, cols={self.cols})"

    # -- forms of a state -----------------------------------------------------------------
    def start(self) -> int:
        return 0

    def state(self, value: Any = None) -> int:
        """Check a position and return its internal code (``None`` or ``""`` is the start).

        ``value`` is the board (a list of rows, top to bottom, each a string or list of
        ``"X"``, ``"O"``, ``"."``), the same as one multi-line string, a string of
        1-based column digits (``"4455"``), or an internal code.

        Parameters
        ----------
        value : list, str, int or None, optional
            The position, in one of the forms above.

        Returns
        -------
        int
            The position's internal code.

        Raises
        ------
        InvalidBoard
            For a value that is no board of this size, or a board the rules
            do not reach (the words say what is wrong).
        InvalidMove
            For a string of column digits that is not a game (see :meth:`from_moves`).

        Examples
        --------
        >>> game = ConnectFour()
        >>> game.state("4455") == game.state(ConnectFour.from_moves("4455"))
        True
        >>> game.state(["......."] * 5 + ["...O..."])
        Traceback (most recent call last):
        ...
        minimax_viz.errors.InvalidBoard: O has 1 disc and X only 0; X moves first, so O is never ahead
        """
        if value is None:
            return 0
        if isinstance(value, int) and not isinstance(value, bool):
            return self._reachable(*self._split(value))
        if isinstance(value, str):
            text = value.strip()
            if text.isdigit() or not text:
                return _play_digits(self, text)
            rows = rows_of_text(text, self.rows, self.cols)   # a board pasted as text
            return self._reachable(*bits_of_rows(rows, self.rows, self.cols))
        if isinstance(value, (list, tuple)):
            return self._from_rows(value)
        raise InvalidBoard(
            f"a Connect Four position is a list of {self.rows} rows, a string of column digits "
            f"such as '4455', or an internal code, not {type(value).__name__}"
        )

    @_GameMethod
    def from_moves(self, moves: str) -> list[str]:
        """The board after the columns in ``moves`` are played, written as 1-based digits.

        The digits count columns from 1, as Connect Four players and Pascal Pons' test sets
        write games; moves and the labels under a board count from 0, so digit ``4`` is
        column index 3.

        Called on the class, it uses the usual 6 x 7 board; called on a game, that
        game's board. The moves alternate from X, the first player.

        Parameters
        ----------
        moves : str
            1-based column digits, X's move first.

        Returns
        -------
        list of str
            The rows of the board, top to bottom.

        Raises
        ------
        InvalidMove
            For ``moves`` that are not a string, a character that is not a
            column digit, a move after the game ended or a move into a full column.

        Examples
        --------
        >>> ConnectFour.from_moves("4455")[-2:]
        ['...OO..', '...XX..']
        >>> ConnectFour.from_moves("44444444")
        Traceback (most recent call last):
        ...
        minimax_viz.errors.InvalidMove: move 7 of '44444444' is digit 4, column index 3, which is full; a column holds 6 discs
        """  # noqa: E501 (the doctest's message is one line)
        if not isinstance(moves, str):
            raise InvalidMove(
                f"moves are a string of 1-based column digits such as '4455', not {type(moves).__name__}"
            )
        return self.board(_play_digits(self, moves.strip()))

    # -- rules ------------------------------------------------------------------------------
    def player(self, state: Any) -> str:
        code = self._code(state)
        return "X" if (code & self._low).bit_count() == (code >> self._shift).bit_count() else "O"

    def node_type(self, state: Any) -> str:
        """"max" when X is to move, else "min" (the search asks at every node).

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        str
            ``"max"`` or ``"min"``.

        Raises
        ------
        InvalidBoard
            For a state that is not a position of the game (see :meth:`state`).
        """
        code = state if type(state) is int else self._code(state)
        return "max" if (code & self._low).bit_count() == (code >> self._shift).bit_count() else "min"

    def moves(self, state: Any) -> tuple[int, ...]:
        code = self._code(state)
        pairs = self.successors(code)
        self._last_moves = code, dict(pairs)   # play then looks the child up (see play)
        return tuple(m for m, _ in pairs)

    def play(self, state: Any, move: int) -> Any:
        """The position after dropping a disc in column ``move``, in the form of ``state``
        (an internal code for a code, else the list of rows).

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.
        move : int
            A column index, counted from 0.

        Returns
        -------
        list of str or int
            The position after the move.

        Raises
        ------
        InvalidMove
            For a move that is not a column index, into a full column, or
            after the end of the game.
        InvalidBoard
            For a state that is not a position of the game.
        """
        if type(state) is int and type(move) is int:   # a move moves() just gave: its child is known
            last, children = self._last_moves
            if state == last and move in children:
                return children[move]
        code = self._code(state)
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move < self.cols:
            raise InvalidMove(f"a move is a column index from 0 to {self.cols - 1}, not {short_repr(move)}")
        # outcome and player inline, in one pass over the bit boards (lessons call play in loops)
        x, o = code & self._low, code >> self._shift
        nx, no = x.bit_count(), o.bit_count()
        if self._four(x if nx > no else o) or x | o == self._cells:
            raise InvalidMove(f"the game is over ({self.result_text(code)}); no move can follow")
        drop = (x | o) + self._bottom[move] & self._column[move]
        if not drop:
            raise InvalidMove(
                f"column {move} is full; the open columns are {list(self.moves(code))}"
            )
        new = code | (drop if nx == no else drop << self._shift)
        if isinstance(state, int):
            return new
        board = self.board(new)   # a board the rules reach: state() need not check it again
        self._remember(tuple(board), new)
        return board

    def winner(self, state: Any) -> str | None:
        code = self._code(state)
        if self._four(code & self._low):
            return "X"
        if self._four(code >> self._shift):
            return "O"
        return None

    def is_terminal(self, state: Any) -> bool:
        return self.outcome(self._code(state)) is not None

    def utility(self, state: Any) -> int:
        """+1 when X has won, -1 when O has, 0 for a draw (and for a game still on).

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        int
            +1, -1 or 0.

        Raises
        ------
        InvalidBoard
            For a state that is not a position of the game (see :meth:`state`).
        """
        return self.outcome(self._code(state)) or 0

    def result_text(self, state: Any) -> str:
        """"X wins", "O wins", "draw" or "game on".

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        str
            The words.

        Raises
        ------
        InvalidBoard
            For a state that is not a position of the game (see :meth:`state`).
        """
        won = self.winner(state)
        return f"{won} wins" if won else "draw" if self.is_terminal(state) else "game on"

    def moves_left(self, state: Any) -> int:
        """The number of empty cells (used to prefer quicker wins).

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        int
            The number of empty cells.

        Raises
        ------
        InvalidBoard
            For a state that is not a position of the game (see :meth:`state`).
        """
        code = self._code(state)
        return self._size - code.bit_count()

    def move_priority(self, state: Any, move: int) -> int:
        """Columns nearer the centre first: a disc there sits on more lines of four.

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.
        move : int
            A column index.

        Returns
        -------
        int
            Higher for a column nearer the centre.

        Raises
        ------
        InvalidMove
            For a move that is not a column index.
        """
        return self._priority[_column(move, self.cols)]

    def key(self, state: Any) -> int:
        return state if type(state) is int else self.state(state)

    def evaluate(self, state: Any) -> float:
        """A guess at the value for X: :meth:`points` over :attr:`max_points`.

        The division keeps every guess strictly between -1 (a loss) and +1 (a win), so
        the search always prefers a real win to a hopeful position. A finished game gets
        its utility.

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        float
            The guess for X.

        Raises
        ------
        InvalidBoard
            For a state that is not a position of the game (see :meth:`state`).

        Examples
        --------
        >>> game = ConnectFour()
        >>> game.evaluate("4") == 9 / game.max_points
        True
        """
        guesses = self._guesses
        if guesses is not None and type(state) is int:
            guess = guesses.get(state)
            if guess is not None:   # scored before: a search meets the same leaves again
                return guess
        code = self._code(state)
        over = self.outcome(code)
        if over is not None:
            return over
        guess = self.points(code) / self.max_points
        if guesses is not None:
            if len(guesses) >= _GUESSES_KEPT:
                guesses.clear()
            guesses[code] = guess
        return guess

    # -- what the search calls at every node ------------------------------------------------
    def outcome(self, state: Any) -> int | None:
        """The utility if the game is over (+1, -1 or 0), else ``None``.

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        int or None
            The utility for X, or ``None`` while the game goes on.

        Raises
        ------
        InvalidBoard
            For a state that is not a position of the game (see :meth:`state`).
        """
        code = state if type(state) is int else self._code(state)
        x, o = code & self._low, code >> self._shift
        last = x.bit_count() > o.bit_count()   # X moved last: only X can have just won
        bits = x if last else o
        for d in self._directions:   # _four(bits), inline: the search asks at every node
            pairs = bits & bits >> d
            if pairs & pairs >> 2 * d:
                return 1 if last else -1
        if x | o == self._cells:
            return 0
        return None

    def quick_outcome(self, state: Any) -> int | None:
        """:meth:`outcome` scaled for ``quick_wins``: a win is worth one plus the empty
        cells left (for X; its negative for O), in the same pass over the bit boards.

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        int or None
            The scaled utility, or ``None`` while the game goes on.

        Raises
        ------
        InvalidBoard
            For a state that is not a position of the game (see :meth:`state`).

        Examples
        --------
        >>> game = ConnectFour(rows=4, cols=4)
        >>> game.quick_outcome("1213141"), game.quick_outcome("1")   # X's column of four: 9 cells left
        (10, None)
        """
        code = state if type(state) is int else self._code(state)
        x, o = code & self._low, code >> self._shift
        nx, no = x.bit_count(), o.bit_count()
        last = x if nx > no else o   # only the player who moved last can have just won
        for d in self._directions:   # _four(last), inline: the search asks at every node
            pairs = last & last >> d
            if pairs & pairs >> 2 * d:
                return self._size + 1 - nx - no if nx > no else nx + no - self._size - 1
        if x | o == self._cells:
            return 0
        return None

    def successors(self, state: Any) -> tuple:
        """``(column, next_state)`` pairs, left to right; none when the game is over. Each next
        state is in the form :meth:`play` gives: a code for a code, else the list of rows.

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        tuple of tuple
            One ``(column, next_state)`` pair per open column.

        Raises
        ------
        InvalidBoard
            For a state that is not a position of the game (see :meth:`state`).
        """
        if type(state) is int:
            return () if self._won(state) else self._drop_each(state, self._drops)
        return self._as_boards(self._code(state), self._drops, ended=True)

    def open_successors(self, state: Any) -> tuple:
        """:meth:`successors` of a game still on (``outcome`` is None), as the search asks
        them: no four to test for again.

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        tuple of tuple
            One ``(column, next_state)`` pair per open column.
        """
        return (self._drop_each(state, self._drops) if type(state) is int
                else self._as_boards(self._code(state), self._drops, ended=False))

    def successors_by_priority(self, state: Any) -> tuple:
        """:meth:`successors` with the columns from the centre outwards (ties: the left
        one first), the order of :meth:`move_priority`, without sorting: the order is
        worked out once per board size.

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        tuple of tuple
            ``(column, code)`` pairs, centre first.

        Raises
        ------
        InvalidBoard
            For a state that is not a position of the game (see :meth:`state`).

        Examples
        --------
        >>> [c for c, _ in ConnectFour().successors_by_priority("4444")]
        [3, 2, 4, 1, 5, 0, 6]
        """
        if type(state) is int:
            return () if self._won(state) else self._drop_each(state, self._drops_by_priority)
        return self._as_boards(self._code(state), self._drops_by_priority, ended=True)

    def open_successors_by_priority(self, state: Any) -> tuple:
        """:meth:`successors_by_priority` of a game still on, as the search asks them.

        Parameters
        ----------
        state : list, str or int
            A position: the list of rows (top to bottom), one multi-line string, a string of
            1-based column digits, or the internal code.

        Returns
        -------
        tuple of tuple
            ``(column, next_state)`` pairs, centre first.
        """
        return (self._drop_each(state, self._drops_by_priority) if type(state) is int
                else self._as_boards(self._code(state), self._drops_by_priority, ended=False))

    # -- inside -------------------------------------------------------------------------------
    def _from_rows(self, rows) -> int:
        """The code of a board given as a list of rows, checked unless already known."""
        known = tuple(rows) if all(type(row) is str for row in rows) else None
        code = self._boards.get(known) if known is not None else None
        if code is None:   # not yet seen: checked (the check looks for an order of the moves)
            code = self._reachable(*bits_of_rows(rows, self.rows, self.cols))
            if known is not None:
                self._remember(known, code)
        return code

    def _remember(self, rows: tuple, code: int) -> None:
        """Keep a board's code once the rules are known to reach it (see _BOARDS_KEPT)."""
        if len(self._boards) >= _BOARDS_KEPT:
            self._boards.clear()
        self._boards[rows] = code

    def _as_boards(self, code: int, drops: tuple, *, ended: bool) -> tuple:
        """The successors of a board given in a form other than a code: ``(column, child)`` pairs in
        ``drops`` order, each child as its list of rows, as :meth:`play` gives for such a board
        (and kept as reachable, as play keeps its boards); none after a four when ``ended``."""
        if ended and self._won(code):
            return ()
        listed = []
        for column, child in self._drop_each(code, drops):
            board = self.board(child)
            self._remember(tuple(board), child)
            listed.append((column, board))
        return tuple(listed)

    def _reachable(self, x: int, o: int) -> int:
        """The code of X's and O's bit boards, once the rules are found to reach them."""
        return check_reachable(x, o, rows=self.rows, cols=self.cols, four=self._four)


def _column(move, cols: int) -> int:
    """``move`` when it is a column index from 0 to ``cols - 1`` (numpy's whole numbers too),
    else InvalidMove in words."""
    if isinstance(move, bool) or not isinstance(move, Integral) or not 0 <= move < cols:
        raise InvalidMove(f"a move is a column index from 0 to {cols - 1}, not {short_repr(move)}")
    return int(move)


def _check_size(by_position: tuple, rows, cols) -> None:
    """The board's size: given by name, ``rows`` 4 to 16 and ``cols`` 4 to 9."""
    if by_position:   # Python's own error would not name the options
        raise InvalidOption(
            f"give the board's size by name, ConnectFour(rows={short_repr(by_position[0])}"
            + (f", cols={short_repr(by_position[1])})" if len(by_position) > 1 else ")")
            + "; without names it is unclear which number is the rows and which the columns"
        )
    for name, n, most in (("rows", rows, 16), ("cols", cols, 9)):
        if isinstance(n, bool) or not isinstance(n, int) or not 4 <= n <= most:
            raise InvalidOption(
                f"{name} must be a whole number from 4 to {most}, not {short_repr(n)} "
                "(the usual board has rows=6, cols=7)"
            )


def _play_digits(game: ConnectFour, moves: str) -> int:
    """The code after playing ``moves``, 1-based column digits, from the start, each checked."""
    code = 0
    for i, ch in enumerate(moves, start=1):
        if ch not in "123456789" or not 1 <= int(ch) <= game.cols:  # ASCII digits only
            raise InvalidMove(
                f"move {i} of {short_repr(moves)} is {short_repr(ch)}; in this notation columns are the digits "
                f"1 to {game.cols}, left to right (digit 1 is column index 0)"
            )
        if game.outcome(code) is not None:
            raise InvalidMove(
                f"move {i} of {short_repr(moves)} comes after the game ended ({game.result_text(code)} "
                f"at move {i - 1}); drop the moves after it"
            )
        column = int(ch) - 1
        if column not in game.moves(code):
            raise InvalidMove(
                f"move {i} of {short_repr(moves)} is digit {ch}, column index {column}, which is full; "
                f"a column holds {game.rows} discs"
            )
        code = game.play(code, column)
    return code
