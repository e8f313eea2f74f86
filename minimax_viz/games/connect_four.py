"""Connect Four on a board of any size from 4 x 4 to 16 x 9 (6 rows by 7 columns by default).

Its public form is a list of rows, top to bottom, each a string of cells ``"X"``,
``"O"`` or ``"."``; X moves first and is Max, as in tic-tac-toe. A move is a 0-based
column index. Positions can also be written in the usual notation, the string of the
columns played with 1-based digits (``"4455"``: X and O each play twice, in the 4th
and then the 5th column).

Inside, a position is one integer made of two bit boards, as in John Tromp's and
Pascal Pons' solvers. Each column takes ``rows + 1`` bits, bottom to top, and the extra
bit on top stays empty so that lines never wrap from one column into the next; X's
discs are the low bits, O's the same layout shifted above them. A line of four in a
direction ``d`` (1 up, ``rows + 1`` across, ``rows`` and ``rows + 2`` the diagonals)
shows up as ``b & b >> d & b >> 2d & b >> 3d``.
"""

from __future__ import annotations

from typing import Any

from ..errors import InvalidBoard, InvalidMove, InvalidOption, short_repr
from .base import Game

__all__ = ["ConnectFour"]

_EMPTY_CELLS = ".-_"
#: Points for a window of four cells that the opponent has not entered, by the number
#: of the player's discs in it (1, 2 or 3; four is a win, not a guess).
WINDOW_POINTS = (0, 1, 3, 9)
#: Points for each disc in the centre column (two centre columns on an even board).
CENTRE_POINTS = 2


class _GameMethod:
    """A method that, called on the class, works on a game of the default size."""

    def __init__(self, func):
        self.func = func
        self.__doc__ = func.__doc__
        self.__name__ = func.__name__

    def __get__(self, game, owner=None):
        bound = game if game is not None else owner()
        return self.func.__get__(bound, owner)


class ConnectFour(Game):
    """Connect Four: drop discs into columns; four in a row, across, up or diagonally, wins.

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

    :raises InvalidOption: for ``rows`` (4 to 16) or ``cols`` (4 to 9) out of range or not
        whole numbers, or sizes given without their names (``ConnectFour(6, 7)``).
    """

    max_player = "X"
    min_player = "O"
    win_utility = 1
    key_is_state = True   # the search's states are the integer codes, which key() returns

    def __init__(self, *by_position, rows: int = 6, cols: int = 7):
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
        self.rows, self.cols = rows, cols
        h1 = rows + 1
        self._shift = cols * h1                      # O's bits sit this far above X's
        # solver_facts puts the opponent's board this far above the mover's: the longest
        # reach of _completes (three steps of the widest direction, rows + 2) never
        # carries a bit from one board into the other, so one call answers for both.
        self._apart = self._shift + 3 * (rows + 2)
        self._low = (1 << self._shift) - 1
        self._bottom = tuple(1 << c * h1 for c in range(cols))
        self._column = tuple(((1 << rows) - 1) << c * h1 for c in range(cols))
        self._cells = sum(self._column)
        self._column_of_cell = {1 << c * h1 + r: (c,) for c in range(cols) for r in range(rows)}
        self._size = rows * cols
        self._drops = tuple(zip(range(cols), self._column))
        self._bottoms = sum(self._bottom)
        centre_out = sorted(range(cols), key=lambda c: abs(2 * c - (cols - 1)))   # ties: left first
        self._drops_by_priority = tuple(self._drops[c] for c in centre_out)
        self._open = -1   # the last code outcome() found unfinished: successors() trusts it
        # (columns, rows) per step: up, across, diagonally up and diagonally down
        steps = ((0, 1), (1, 0), (1, 1), (1, -1))
        self._directions = tuple(dc * h1 + dr for dc, dr in steps)
        self._sideways = tuple((d, 2 * d, 3 * d) for d in self._directions[1:])
        self._windows = tuple((dc * h1 + dr, self._starts(dc, dr)) for dc, dr in steps)
        centre = (cols - 1) / 2
        self._centre = sum(col for c, col in enumerate(self._column) if abs(c - centre) < 1)
        self._priority = tuple(-abs(2 * c - (cols - 1)) for c in range(cols))
        n_windows = sum(starts.bit_count() for _, starts in self._windows)
        #: More points than any position can total (every window at 9, every centre disc).
        self.max_points = n_windows * WINDOW_POINTS[3] + CENTRE_POINTS * self._centre.bit_count() + 1

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
            return self._check_code(value)
        if isinstance(value, str) and (value.strip().isdigit() or not value.strip()):
            return self._play_all(value.strip())
        if isinstance(value, str):
            lines = [line.replace(" ", "") for line in value.strip().splitlines()]
            footer = "".join(str(c) for c in range(self.cols))
            if len(lines) == self.rows + 1 and lines[-1] == footer:
                lines.pop()  # the column numbers under a board printed by to_text
            return self._code_from_rows(lines)
        if isinstance(value, (list, tuple)):
            return self._code_from_rows(value)
        raise InvalidBoard(
            f"a Connect Four position is a list of {self.rows} rows, a string of column digits "
            f"such as '4455', or an internal code, not {type(value).__name__}"
        )

    def board(self, state: Any) -> list[str]:
        """The rows top to bottom, each a string of ``"X"``, ``"O"`` and ``"."``.

        >>> ConnectFour(rows=4, cols=4).board("1223")
        ['....', '....', '.X..', 'XOO.']
        """
        code = self._code(state)
        x, o = code & self._low, code >> self._shift
        h1 = self.rows + 1
        rows = []
        for r in reversed(range(self.rows)):
            bits = [1 << c * h1 + r for c in range(self.cols)]
            rows.append("".join("X" if x & b else "O" if o & b else "." for b in bits))
        return rows

    def to_text(self, state: Any) -> str:
        """The board with spaces between the cells and the column indexes underneath."""
        rows = [" ".join(row) for row in self.board(state)]
        return "\n".join(rows + [" ".join(str(c) for c in range(self.cols))])

    @_GameMethod
    def from_moves(self, moves: str) -> list[str]:
        """The board after the columns in ``moves`` are played, written as 1-based digits.

        The digits count columns from 1, as Connect Four players and Pascal Pons' test sets
        write games; moves and the labels under a board count from 0, so digit ``4`` is
        column index 3.

        Called on the class, it uses the usual 6 x 7 board; called on a game, that
        game's board. The moves alternate from X, the first player.

        >>> ConnectFour.from_moves("4455")[-2:]
        ['...OO..', '...XX..']
        >>> ConnectFour.from_moves("44444444")
        Traceback (most recent call last):
        ...
        minimax_viz.errors.InvalidMove: move 7 of '44444444' is digit 4, column index 3, which is full; a column holds 6 discs
        """
        if not isinstance(moves, str):
            raise InvalidMove(
                f"moves are a string of 1-based column digits such as '4455', not {type(moves).__name__}"
            )
        return self.board(self._play_all(moves.strip()))

    # -- rules ------------------------------------------------------------------------------
    def player(self, state: Any) -> str:
        code = self._code(state)
        return "X" if (code & self._low).bit_count() == (code >> self._shift).bit_count() else "O"

    def node_type(self, state: Any) -> str:
        """"max" when X is to move, else "min" (the search asks at every node)."""
        code = state if type(state) is int else self._code(state)
        return "max" if (code & self._low).bit_count() == (code >> self._shift).bit_count() else "min"

    def moves(self, state: Any) -> tuple[int, ...]:
        return tuple(m for m, _ in self.successors(self._code(state)))

    def play(self, state: Any, move: int) -> Any:
        """The position after dropping a disc in column ``move``, in the form of ``state``
        (an internal code for a code, else the list of rows)."""
        code = self._code(state)
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move < self.cols:
            raise InvalidMove(f"a move is a column index from 0 to {self.cols - 1}, not {short_repr(move)}")
        if self.outcome(code) is not None:
            raise InvalidMove(f"the game is over ({self.result_text(code)}); no move can follow")
        drop = (code & self._low | code >> self._shift) + self._bottom[move] & self._column[move]
        if not drop:
            raise InvalidMove(
                f"column {move} is full; the open columns are {list(self.moves(code))}"
            )
        new = code | (drop if self.player(code) == "X" else drop << self._shift)
        return new if isinstance(state, int) else self.board(new)

    def winner(self, state: Any) -> str | None:
        code = self._code(state)
        if self._four(code & self._low):
            return "X"
        if self._four(code >> self._shift):
            return "O"
        return None

    def fours(self, state: Any) -> list[tuple[tuple[int, int], ...]]:
        """The lines of four on the board, each four ``(row, column)`` cells in a line
        (rows counted from the top, as in :meth:`board`); ``[]`` when nobody has won.

        >>> ConnectFour(rows=4, cols=4).fours("1213141")
        [((0, 0), (1, 0), (2, 0), (3, 0))]
        """
        board = self.board(state)
        lines = []
        for r, row in enumerate(board):
            for c, mark in enumerate(row):
                if mark == ".":
                    continue
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = tuple((r + k * dr, c + k * dc) for k in range(4))
                    if all(0 <= y < self.rows and 0 <= x < self.cols and board[y][x] == mark for y, x in cells):
                        lines.append(cells)
        return lines

    def is_terminal(self, state: Any) -> bool:
        return self.outcome(self._code(state)) is not None

    def utility(self, state: Any) -> int:
        """+1 when X has won, -1 when O has, 0 for a draw (and for a game still on)."""
        return self.outcome(self._code(state)) or 0

    def result_text(self, state: Any) -> str:
        """"X wins", "O wins", "draw" or "game on"."""
        won = self.winner(state)
        return f"{won} wins" if won else "draw" if self.is_terminal(state) else "game on"

    def moves_left(self, state: Any) -> int:
        """The number of empty cells (used to prefer quicker wins)."""
        code = self._code(state)
        return self._size - code.bit_count()

    def move_priority(self, state: Any, move: int) -> int:
        """Columns nearer the centre first: a disc there sits on more lines of four."""
        return self._priority[move]

    def key(self, state: Any) -> int:
        return state if type(state) is int else self.state(state)

    def evaluate(self, state: Any) -> float:
        """A guess at the value for X: :meth:`points` over :attr:`max_points`.

        The division keeps every guess strictly between -1 (a loss) and +1 (a win), so
        the search always prefers a real win to a hopeful position. A finished game gets
        its utility.

        >>> game = ConnectFour()
        >>> game.evaluate("4") == 9 / game.max_points
        True
        """
        code = self._code(state)
        over = self.outcome(code)
        if over is not None:
            return over
        return self.points(code) / self.max_points

    def points(self, state: Any) -> int:
        """X's points minus O's, for the windows of four still open and the centre column.

        Every *window*, four cells in a row across, up or along a diagonal, that holds
        discs of only one player is a line that player can still complete: it scores
        1, 3 or 9 points for 1, 2 or 3 of their discs (each disc brings the four closer,
        and three with a gap is a threat). Each disc in the centre column scores 2 more,
        as the centre lies on the most windows.

        >>> game = ConnectFour()
        >>> game.points("4")    # X's disc lies on 7 open windows (7 x 1), in the centre (2)
        9
        >>> game.points("44")   # X: 6 windows + 2; O's disc, one higher: 9 windows + 2
        -3
        """
        code = self._code(state)
        x, o = code & self._low, code >> self._shift
        points = self._window_points(x, o)
        return points + CENTRE_POINTS * ((x & self._centre).bit_count() - (o & self._centre).bit_count())

    # -- what the search calls at every node ------------------------------------------------
    def outcome(self, state: Any) -> int | None:
        """The utility if the game is over (+1, -1 or 0), else ``None``."""
        code = state if type(state) is int else self._code(state)
        x, o = code & self._low, code >> self._shift
        if x.bit_count() > o.bit_count():   # X moved last: only X can have just won
            if self._four(x):
                return 1
        elif self._four(o):
            return -1
        if x | o == self._cells:
            return 0
        self._open = code   # the search's next question is successors(code): no four to test again
        return None

    def quick_outcome(self, state: Any) -> int | None:
        """:meth:`outcome` scaled for ``quick_wins``: a win is worth one plus the empty
        cells left (for X; its negative for O), in the same pass over the bit boards.

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
        self._open = code   # as outcome(): successors(code) need not test for a four again
        return None

    def successors(self, state: Any) -> tuple:
        """``(column, next_state)`` pairs, left to right; none when the game is over."""
        return self._successors(state, self._drops)

    def _successors(self, state: Any, drops: tuple) -> tuple:
        code = state if type(state) is int else self._code(state)
        x, o = code & self._low, code >> self._shift
        if x.bit_count() > o.bit_count():   # X moved last: O to move
            if code != self._open and self._four(x):
                return ()
            shift = self._shift
        else:
            if code != self._open and self._four(o):
                return ()
            shift = 0
        free = (x | o) + self._bottoms   # the lowest empty cell of each column (a full one carries out)
        return tuple([(c, code | drop << shift) for c, column in drops if (drop := free & column)])

    def winning_moves(self, state: Any) -> tuple[int, ...]:
        """The columns where the player to move completes four at once, left to right.

        All columns at once, on the bit boards: a cell completes a four when three of the
        mover's discs line up with it (three shifted copies of the board meet there),
        and it can be played when it is the lowest empty cell of its column.

        >>> ConnectFour().winning_moves("112233")   # X: three in the bottom row, both ends open
        (3,)
        """
        return self._playable_fours(state, mover=True)

    def threats(self, state: Any) -> tuple[int, ...]:
        """The columns where the opponent would complete four at once if it moved now: a
        disc of the player to move there blocks it; any other move loses at once.

        >>> ConnectFour().threats("112233")    # X to move: O's row 2 waits for a disc in column 3
        ()
        >>> ConnectFour().threats("1122337")   # O to move: X threatens column 3
        (3,)
        """
        return self._playable_fours(state, mover=False)

    def _playable_fours(self, state: Any, *, mover: bool) -> tuple[int, ...]:
        """The columns whose next disc completes four for the player to move (``mover``)
        or for the other player."""
        code = state if type(state) is int else self._code(state)
        x, o = code & self._low, code >> self._shift
        x_to_move = x.bit_count() == o.bit_count()
        bits = x if x_to_move == mover else o
        wins = self._completes(bits) & ((x | o) + self._bottoms) & self._cells
        return self._columns_of(wins) if wins else ()

    def best_reachable(self, state: Any, *, quick_wins: bool) -> int:
        """The best score the player to move can reach when no move wins at once, for Max.

        Without a win now, the mover's best is a win with its next disc but one, two
        plies on: with ``quick_wins`` that scores 1 + the cells left then (the empty
        cells now less 3), else 1; with fewer than 3 empty cells, at best a draw (0).
        The sign is Max's: a ceiling for X, a floor for O.

        >>> game = ConnectFour()
        >>> game.best_reachable("4455", quick_wins=True), game.best_reachable("44553", quick_wins=True)
        (36, -35)
        """
        code = state if type(state) is int else self._code(state)
        left = self._size - code.bit_count()
        most = 0 if left < 3 else left - 2 if quick_wins else 1
        x, o = code & self._low, code >> self._shift
        return most if x.bit_count() == o.bit_count() else -most

    def solver_facts(self, state: Any, *, quick_wins: bool) -> tuple:
        """:meth:`winning_moves`, :meth:`best_reachable` and :meth:`threats` in one pass
        over the bit boards (``None`` and ``()`` for the last two when a move wins at once).

        >>> ConnectFour().solver_facts("112233", quick_wins=True)     # X wins in column 3
        ((3,), None, ())
        >>> ConnectFour().solver_facts("1122337", quick_wins=True)    # O must block column 3
        ((), -33, (3,))
        """
        code = state if type(state) is int else self._code(state)
        x, o = code & self._low, code >> self._shift
        nx, no = x.bit_count(), o.bit_count()
        own, other = (o, x) if nx > no else (x, o)
        playable = (x | o) + self._bottoms & self._cells
        completes = self._completes(own | other << self._apart)   # both players' at once
        wins = completes & playable
        if wins:
            return self._columns_of(wins), None, ()
        left = self._size - nx - no
        most = 0 if left < 3 else left - 2 if quick_wins else 1
        blocks = completes >> self._apart & playable
        return (), most if nx == no else -most, self._columns_of(blocks) if blocks else ()

    def successors_by_priority(self, state: Any) -> tuple:
        """:meth:`successors` with the columns from the centre outwards (ties: the left
        one first), the order of :meth:`move_priority`, without sorting: the order is
        worked out once per board size.

        >>> [c for c, _ in ConnectFour().successors_by_priority("4444")]
        [3, 2, 4, 1, 5, 0, 6]
        """
        return self._successors(state, self._drops_by_priority)

    # -- inside -------------------------------------------------------------------------------
    def _code(self, state: Any) -> int:
        if type(state) is int:  # an internal code: at least its bits must be a board's
            x, o = state & self._low, state >> self._shift
            if state < 0 or x & ~self._cells or o & ~self._cells or x & o:
                raise InvalidBoard(f"{short_repr(state)} is not a position code; give the board as a list of rows")
            return state
        return self.state(state)

    def _columns_of(self, cells: int) -> tuple[int, ...]:
        """The columns, left to right, that hold any of ``cells``."""
        one = self._column_of_cell.get(cells)   # most often a single cell: looked up
        if one is not None:
            return one
        return tuple(c for c, column in enumerate(self._column) if cells & column)

    def _four(self, bits: int) -> bool:
        for d in self._directions:
            pairs = bits & bits >> d
            if pairs & pairs >> 2 * d:
                return True
        return False

    def _completes(self, bits: int) -> int:
        """The cells (empty or not) that would complete a four with three of ``bits``.

        Per direction ``d``: ``pairs`` marks each disc with another one ``d`` further on;
        a cell completes a four when a pair and a third disc lie on either side of it.
        """
        won = bits << 1 & bits << 2 & bits << 3   # up: only three below
        for d, d2, d3 in self._sideways:
            pairs = bits & bits >> d
            won |= pairs >> d & (bits >> d3 | bits << d) | pairs << d2 & (bits << d3 | bits >> d)
        return won

    def _starts(self, dc: int, dr: int) -> int:
        """Bits of the cells where a window of four, stepping ``(dc, dr)``, can start."""
        h1, starts = self.rows + 1, 0
        for c in range(self.cols):
            for r in range(self.rows):
                if 0 <= c + 3 * dc < self.cols and 0 <= r + 3 * dr < self.rows:
                    starts |= 1 << c * h1 + r
        return starts

    def _window_points(self, x: int, o: int) -> int:
        """X's window points minus O's (see :meth:`points`), every window of a direction at once.

        Shifting a board by ``k * d`` lines up the ``k``-th cell of every window with its
        first cell, so adding the four shifted boards bit by bit counts the discs of all
        windows together: ``low`` holds the count's bit 1 and ``high`` its bit 2.
        """
        w1, w2, w3 = WINDOW_POINTS[1:]
        total = 0
        for d, starts in self._windows:
            counts = []
            for own in (x, o):
                a, b, c, e = own, own >> d, own >> 2 * d, own >> 3 * d
                s1, s2 = a ^ b, c ^ e
                counts.append((a | b | c | e, s1 ^ s2, a & b ^ c & e ^ s1 & s2))
            (x_in, x_low, x_high), (o_in, o_low, o_high) = counts
            free = starts & ~o_in   # windows O has not entered: X's
            total += (
                w1 * (free & x_low).bit_count() + w2 * (free & x_high).bit_count()
                + (w3 - w1 - w2) * (free & x_low & x_high).bit_count()
            )
            free = starts & ~x_in
            total -= (
                w1 * (free & o_low).bit_count() + w2 * (free & o_high).bit_count()
                + (w3 - w1 - w2) * (free & o_low & o_high).bit_count()
            )
        return total

    def _play_all(self, moves: str) -> int:
        code = 0
        for i, ch in enumerate(moves, start=1):
            if ch not in "123456789" or not 1 <= int(ch) <= self.cols:  # ASCII digits only
                raise InvalidMove(
                    f"move {i} of {short_repr(moves)} is {short_repr(ch)}; in this notation columns are the digits "
                    f"1 to {self.cols}, left to right (digit 1 is column index 0)"
                )
            if self.outcome(code) is not None:
                raise InvalidMove(
                    f"move {i} of {short_repr(moves)} comes after the game ended ({self.result_text(code)} "
                    f"at move {i - 1}); drop the moves after it"
                )
            column = int(ch) - 1
            if not (code & self._low | code >> self._shift) + self._bottom[column] & self._column[column]:
                raise InvalidMove(
                    f"move {i} of {short_repr(moves)} is digit {ch}, column index {column}, which is full; "
                    f"a column holds {self.rows} discs"
                )
            code = self.play(code, column)
        return code

    def _code_from_rows(self, rows) -> int:
        if len(rows) != self.rows:
            raise InvalidBoard(
                f"a board has {self.rows} rows, this one has {len(rows)}; give the rows top to "
                f"bottom, each {self.cols} cells of 'X', 'O' or '.'"
            )
        h1, x, o = self.rows + 1, 0, 0
        for i, row in enumerate(rows):
            if isinstance(row, str):
                row = row.replace(" ", "")
            if not isinstance(row, (str, list, tuple)) or len(row) != self.cols:
                size = len(row) if isinstance(row, (str, list, tuple)) else type(row).__name__
                raise InvalidBoard(
                    f"row {i} (from the top) has {size} cells; each row has {self.cols}, "
                    f"like {'.' * self.cols!r}"
                )
            r = self.rows - 1 - i
            for c, cell in enumerate(row):
                up = cell.upper() if isinstance(cell, str) else cell
                if up == "X":
                    x |= 1 << c * h1 + r
                elif up == "O":
                    o |= 1 << c * h1 + r
                elif not (isinstance(cell, str) and len(cell) == 1 and cell in _EMPTY_CELLS):
                    raise InvalidBoard(
                        f"row {i} (from the top), column {c} holds {short_repr(cell)}; a cell holds 'X', 'O' or '.'"
                    )
        return self._check(x, o)

    def _check_code(self, code: int) -> int:
        x, o = code & self._low, code >> self._shift
        if code < 0 or x & ~self._cells or o & ~self._cells or x & o:
            raise InvalidBoard(f"{short_repr(code)} is not a position code; give the board as a list of rows")
        return self._check(x, o)

    def _check(self, x: int, o: int) -> int:
        """The code of a position the rules can reach, or a clear error saying why not."""
        mask = x | o
        h1 = self.rows + 1
        for c, column in enumerate(self._column):
            bits = (mask & column) >> c * h1
            if bits & (bits + 1):  # a filled column bottom-up is 0b0..01..1
                raise InvalidBoard(
                    f"column {c} has an empty cell under a disc; discs fall to the lowest "
                    "empty cell of their column"
                )
        nx, no = x.bit_count(), o.bit_count()
        if no > nx:
            raise InvalidBoard(
                f"O has {no} disc{'s' * (no != 1)} and X only {nx}; X moves first, so O is never ahead"
            )
        if nx > no + 1:
            raise InvalidBoard(
                f"X has {nx} discs and O only {no}; players alternate, so X is at most one ahead"
            )
        x_won, o_won = self._four(x), self._four(o)
        if x_won and o_won:
            raise InvalidBoard("both X and O have four in a row; the game stops at the first four")
        if x_won and nx == no:
            raise InvalidBoard("X has four in a row but O moved after it; the game stops at a win")
        if o_won and nx > no:
            raise InvalidBoard("O has four in a row but X moved after it; the game stops at a win")
        if mask and not x & sum(self._bottom):
            raise InvalidBoard(
                "no column has X at the bottom, but X moved first; the first disc lies at the "
                "bottom of its column"
            )
        try:
            orderable = self._orderable(x, o)
        except _Undecided:
            raise InvalidBoard(
                f"this board is too hard to check: after {CHECK_STEPS:,} part-built positions, no "
                "order of moves (X first, taking turns) that builds it was found or ruled out; give "
                "the position as its moves instead, a string of column digits such as '4455' "
                "(each move is checked as it is played)"
            ) from None
        if not orderable:
            if x_won or o_won:
                raise InvalidBoard(
                    f"{'X' if x_won else 'O'} has lines of four that no single last disc completes; "
                    "the game stops at the first four"
                )
            raise InvalidBoard(
                "no order of moves, X first and taking turns, builds this board (look at the "
                "bottoms of the columns: each player needs discs there in turn)"
            )
        return x | o << self._shift

    def _orderable(self, x: int, o: int) -> bool:
        """True when some order of moves, X first and taking turns, builds the board
        with no four in a row before its last move.

        A four never disappears once made, so a board without one needs only an order
        of its discs (:func:`_interleaves`); a board with a four needs a last disc: a
        top disc of the last mover whose removal leaves no four on the board, after
        which the rest again needs only an order.
        """
        h1 = self.rows + 1
        columns = [
            tuple(1 if x >> c * h1 + r & 1 else -1 for r in range(self.rows) if (x | o) >> c * h1 + r & 1)
            for c in range(self.cols)
        ]
        budget = [CHECK_STEPS]   # positions the searches may still look at, all together
        if not (self._four(x) or self._four(o)):
            return _interleaves(columns, budget)
        last = 1 if x.bit_count() > o.bit_count() else -1
        for c, column in enumerate(columns):
            if not column or column[-1] != last:
                continue
            bit = 1 << c * h1 + len(column) - 1
            if self._four(x & ~bit) or self._four(o & ~bit):
                continue
            if _interleaves(columns[:c] + [column[:-1]] + columns[c + 1:], budget):
                return True
        return False


#: The most part-built positions the board check looks at (its two searches together, about
#: a second) before it gives up with an InvalidBoard that says to give the moves instead. No
#: polynomial method is known for the question it answers, and a few boards built to be
#: hard take millions; boards from play, random or not, take a few hundred at most.
CHECK_STEPS = 400_000


class _Undecided(Exception):
    """The board check spent its ``CHECK_STEPS`` without an answer."""


def _interleaves(columns: list[tuple[int, ...]], budget: list[int] | None = None) -> bool:
    """True when the columns (each bottom-up, ``+1`` for X and ``-1`` for O) can be
    merged, each in its own order, into X, O, X, O, ...: the running total of the
    merge stays 1 after X's moves and 0 after O's.

    Two exact searches take turns, a step each (:func:`_merges`): one builds the
    merge from the first move, the other from the last (the same search on the
    columns read top-down, the colours swapped when the last move is O's). The first
    to finish answers. A board that is hard to build up is often easy to take down,
    and the other way round: boards that keep one direction busy for minutes fall to
    the other in a few steps.

    ``budget``, a one-item list, counts down the positions the two searches may still
    look at; :class:`_Undecided` is raised when it runs out.

    >>> _interleaves([(1, -1), (1, -1)]), _interleaves([(1, 1, -1, -1)])
    (True, False)
    """
    flip = -1 if sum(len(column) for column in columns) % 2 == 0 else 1
    searches = [_merges(columns), _merges([tuple(flip * d for d in reversed(c)) for c in columns])]
    while True:
        for search in searches:
            try:
                next(search)
            except StopIteration as done:
                return done.value
        if budget is not None:
            budget[0] -= 2
            if budget[0] < 0:
                raise _Undecided


def _merges(columns: list[tuple[int, ...]]):
    """Search for a merge of ``columns`` into X, O, X, O, ... (see :func:`_interleaves`),
    yielding once per position looked at; returns True or False when done.

    The search is exact: it tries every merge, up to two reductions that each keep
    every answer.

    - *The past does not matter.* Whether a partial merge can be finished depends only
      on what is left of each column, so a position found to be a dead end is
      remembered and never searched again.
    - *Equal columns are interchangeable.* Two columns with the same discs left can
      swap their futures, so positions are remembered with the columns' remainders
      sorted, and of several equal columns only the first is tried.

    Columns whose next disc must be played soonest (the latest move it can take and
    still leave room for the discs above it) are tried first, which finds a merge at
    once on nearly every board. The cost is at worst the number of ways to be part-way
    up each column, (rows + 1) ** cols: no polynomial method is known to this module
    (the general question, whether a word is a merge of given words, is NP-complete;
    Warmuth and Haussler 1984), so
    ``benchmarks/bench_guards.py`` measures the worst boards found.
    """
    n = sum(len(column) for column in columns)
    if n == 0:
        return True
    # every remainder of every column, numbered: equal remainders get equal numbers
    ids: dict[tuple, int] = {}
    rest = [[ids.setdefault(column[j:], len(ids)) for j in range(len(column) + 1)] for column in columns]
    latest = [_latest(column, n) for column in columns]
    dead: set[tuple] = set()
    heights = [0] * len(columns)
    stack: list = [None]   # per depth: the columns still to try there, or None (not yet entered)
    t = 0
    while True:
        if stack[-1] is None:
            if t == n:
                return True
            yield
            key = tuple(sorted(rest[c][h] for c, h in enumerate(heights)))
            if key in dead:
                dead.add(key)
                stack.pop()
                if not stack:
                    return False
                continue    # the position below undoes the move that led here
            colour = 1 if t % 2 == 0 else -1
            tried, options = set(), []
            for _, c in sorted((latest[c][h], c) for c, h in enumerate(heights)
                               if h < len(columns[c]) and columns[c][h] == colour):
                if rest[c][heights[c]] not in tried:
                    tried.add(rest[c][heights[c]])
                    options.append(c)
            stack[-1] = (key, options[::-1], None)
        key, options, played = stack[-1]
        if played is not None:      # back from the column played last time: undo it
            heights[played] -= 1
            t -= 1
        if not options:
            dead.add(key)
            stack.pop()
            if not stack:
                return False
            continue
        c = options.pop()
        stack[-1] = (key, options, c)
        heights[c] += 1
        t += 1
        stack.append(None)


def _latest(column: tuple[int, ...], n: int) -> list[int]:
    """For each disc of ``column``, the latest move (0-based; X moves at even ones) it
    can take so that the discs above it still fit before move ``n``."""
    out, t = [0] * len(column), n
    for j in reversed(range(len(column))):
        t -= 1
        if (t % 2 == 0) != (column[j] == 1):
            t -= 1
        out[j] = t
    return out
