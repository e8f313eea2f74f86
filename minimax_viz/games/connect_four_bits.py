"""A Connect Four board as two bit boards: its size, writing its rows, and what its discs
tell at once (fours, the cells that would complete one, the points of the guess); a board
pasted as rows is read into bit boards by :mod:`minimax_viz.games.connect_four_legality`.

:class:`ConnectFourBoard` is the base of :class:`~minimax_viz.ConnectFour`, which adds the
rules (whose turn, moves, the end of the game) on top of it, as python-chess's ``Board``
adds its rules to a ``BaseBoard``. The layout, as John Tromp's and Pascal Pons' solvers
use it: each column takes ``rows + 1`` bits, bottom to top, and the extra bit on top stays
empty so that lines never wrap from one column into the next; X's discs are the low bits,
O's the same layout shifted above them. A line of four in a direction ``d`` (1 up,
``rows + 1`` across, ``rows`` and ``rows + 2`` the diagonals) shows up as
``b & b >> d & b >> 2d & b >> 3d``.
"""

from __future__ import annotations

from typing import Any

from ..errors import InvalidBoard, short_repr

__all__ = ["ConnectFourBoard", "WINDOW_POINTS", "CENTRE_POINTS"]

#: Points for a window of four cells that the opponent has not entered, by the number
#: of the player's discs in it (1, 2 or 3; four is a win, not a guess).
WINDOW_POINTS = (0, 1, 3, 9)
#: Points for each disc in the centre column (two centre columns on an even board).
CENTRE_POINTS = 2


class ConnectFourBoard:
    """The bit boards of a Connect Four board of ``rows`` by ``cols``, and what they tell.

    Positions are integer codes (X's bits, then O's shifted by ``cols * (rows + 1)``); a
    position in any other form is read by the subclass's ``state``.

    :raises InvalidBoard: from each method given a state that is not a position of the
        board (a code whose bits are no board's, or what the subclass's ``state`` refuses).
    """

    def __init__(self, rows: int, cols: int):
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
        # (columns, rows) per step: up, across, diagonally up and diagonally down
        steps = ((0, 1), (1, 0), (1, 1), (1, -1))
        self._directions = tuple(dc * h1 + dr for dc, dr in steps)
        self._sideways = tuple((d, 2 * d, 3 * d) for d in self._directions[1:])
        self._windows = tuple((dc * h1 + dr, self._starts(dc, dr)) for dc, dr in steps)
        # the same starts on both players' boards: _window_points scores X's and O's at once
        self._both_windows = tuple((d, starts | starts << self._shift) for d, starts in self._windows)
        centre = (cols - 1) / 2
        self._centre = sum(col for c, col in enumerate(self._column) if abs(c - centre) < 1)
        self._priority = tuple(-abs(2 * c - (cols - 1)) for c in range(cols))
        n_windows = sum(starts.bit_count() for _, starts in self._windows)
        #: More points than any position can total (every window at 9, every centre disc).
        self.max_points = n_windows * WINDOW_POINTS[3] + CENTRE_POINTS * self._centre.bit_count() + 1

    # -- writing the rows, reading a code -----------------------------------------------------
    def board(self, state: Any) -> list[str]:
        """The rows top to bottom, each a string of ``"X"``, ``"O"`` and ``"."``.

        >>> from minimax_viz import ConnectFour
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

    def _split(self, code: int) -> tuple[int, int]:
        """X's and O's bit boards of a code, refused unless its bits are a board's."""
        x, o = code & self._low, code >> self._shift
        if code < 0 or x & ~self._cells or o & ~self._cells or x & o:
            raise InvalidBoard(f"{short_repr(code)} is not a position code; give the board as a list of rows")
        return x, o

    def _code(self, state: Any) -> int:
        """The code of ``state``: a code as it is (its bits checked), any other form read by ``state``."""
        if type(state) is int:
            self._split(state)
            return state
        return self.state(state)

    # -- what the discs tell ------------------------------------------------------------------
    def fours(self, state: Any) -> list[tuple[tuple[int, int], ...]]:
        """The lines of four on the board, each four ``(row, column)`` cells in a line
        (rows counted from the top, as in :meth:`board`); ``[]`` when nobody has won.

        >>> from minimax_viz import ConnectFour
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

    def points(self, state: Any) -> int:
        """X's points minus O's, for the windows of four still open and the centre column.

        Every *window*, four cells in a row across, up or along a diagonal, that holds
        discs of only one player is a line that player can still complete: it scores
        1, 3 or 9 points for 1, 2 or 3 of their discs (each disc brings the four closer,
        and three with a gap is a threat). Each disc in the centre column scores 2 more,
        as the centre lies on the most windows.

        >>> from minimax_viz import ConnectFour
        >>> game = ConnectFour()
        >>> game.points("4")    # X's disc lies on 7 open windows (7 x 1), in the centre (2)
        9
        >>> game.points("44")   # X: 6 windows + 2; O's disc, one higher: 9 windows + 2
        -3
        """
        code = self._code(state)
        x, o = code & self._low, code >> self._shift
        points = self._window_points(code)
        return points + CENTRE_POINTS * ((x & self._centre).bit_count() - (o & self._centre).bit_count())

    def winning_moves(self, state: Any) -> tuple[int, ...]:
        """The columns where the player to move completes four at once, left to right.

        All columns at once, on the bit boards: a cell completes a four when three of the
        mover's discs line up with it (three shifted copies of the board meet there),
        and it can be played when it is the lowest empty cell of its column.

        >>> from minimax_viz import ConnectFour
        >>> ConnectFour().winning_moves("112233")   # X: three in the bottom row, both ends open
        (3,)
        """
        return self._playable_fours(state, mover=True)

    def threats(self, state: Any) -> tuple[int, ...]:
        """The columns where the opponent would complete four at once if it moved now: a
        disc of the player to move there blocks it; any other move loses at once.

        >>> from minimax_viz import ConnectFour
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

        >>> from minimax_viz import ConnectFour
        >>> game = ConnectFour()
        >>> game.best_reachable("4455", quick_wins=True), game.best_reachable("44553", quick_wins=True)
        (36, -35)
        """
        code = state if type(state) is int else self._code(state)
        x, o = code & self._low, code >> self._shift
        return _best_reachable(self._size - code.bit_count(), x.bit_count() == o.bit_count(), quick_wins)

    def solver_facts(self, state: Any, *, quick_wins: bool) -> tuple:
        """:meth:`winning_moves`, :meth:`best_reachable` and :meth:`threats` in one pass
        over the bit boards (``None`` and ``()`` for the last two when a move wins at once).

        >>> from minimax_viz import ConnectFour
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
        blocks = completes >> self._apart & playable
        most = _best_reachable(self._size - nx - no, nx == no, quick_wins)
        return (), most, self._columns_of(blocks) if blocks else ()

    # -- bits -----------------------------------------------------------------------------------
    def _columns_of(self, cells: int) -> tuple[int, ...]:
        """The columns, left to right, that hold any of ``cells``."""
        one = self._column_of_cell.get(cells)   # most often a single cell: looked up
        if one is not None:
            return one
        return tuple(c for c, column in enumerate(self._column) if cells & column)

    def _won(self, code: int) -> bool:
        """Whether the player who moved last has four in a row (only they can have just won)."""
        x, o = code & self._low, code >> self._shift
        return self._four(x if x.bit_count() > o.bit_count() else o)

    def _drop_each(self, code: int, drops: tuple) -> tuple:
        """``(column, code after a disc there)`` for each column that is not full, in ``drops`` order."""
        x, o = code & self._low, code >> self._shift
        shift = self._shift if x.bit_count() > o.bit_count() else 0   # X moved last: O to move
        free = (x | o) + self._bottoms   # the lowest empty cell of each column (a full one carries out)
        return tuple([(c, code | drop << shift) for c, column in drops if (drop := free & column)])

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

    def _window_points(self, code: int) -> int:
        """X's window points minus O's (see :meth:`points`), every window of a direction at once.

        Shifting a board by ``k * d`` lines up the ``k``-th cell of every window with its
        first cell, so adding the four shifted boards bit by bit counts the discs of all
        windows together: ``low`` holds the count's bit 1 and ``high`` its bit 2. Both
        players' boards are shifted at once, as the one code: a window on the board never
        reaches past its own player's bits.
        """
        w1, w2, w3 = WINDOW_POINTS[1:]
        w3 -= w1 + w2
        shift, total = self._shift, 0
        for d, starts in self._both_windows:
            b, c, e = code >> d, code >> 2 * d, code >> 3 * d
            s1, s2 = code ^ b, c ^ e
            held = code | b | c | e
            free = starts & ~(held >> shift | held << shift)   # windows the other player has not entered
            low, high = free & (s1 ^ s2), free & (code & b ^ c & e ^ s1 & s2)
            both = low & high
            # the low half of each is X's windows, the high half O's: all bits minus twice O's
            total += (
                w1 * (low.bit_count() - 2 * (low >> shift).bit_count())
                + w2 * (high.bit_count() - 2 * (high >> shift).bit_count())
                + w3 * (both.bit_count() - 2 * (both >> shift).bit_count())
            )
        return total

def _best_reachable(left: int, x_to_move: bool, quick_wins: bool) -> int:
    """The best score the mover can reach when no move wins at once, for Max, with ``left``
    empty cells: a win two plies on (scored 1 + the cells left then with ``quick_wins``,
    else 1), or at best a draw with fewer than 3 empty cells; a ceiling for X, a floor for O."""
    most = 0 if left < 3 else left - 2 if quick_wins else 1
    return most if x_to_move else -most
