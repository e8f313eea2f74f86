"""Whether a pasted Connect Four board is one the rules can reach.

:meth:`ConnectFour.state <minimax_viz.ConnectFour.state>` reads a board as two bit boards
(X's discs and O's, laid out as in :mod:`minimax_viz.games.connect_four`) with
:func:`bits_of_rows` (:func:`rows_of_text` first for a board pasted as text) and asks
:func:`check_reachable`: discs resting on discs, the players' counts, the fours, and an
order of moves, X first and taking turns, that builds the board with no four before its
last move. Each refusal is an :class:`~minimax_viz.InvalidBoard` saying what is wrong.

>>> four = lambda bits: False   # a board without a four (as the game's own test would say)
>>> check_reachable(0b11, 0b100, rows=4, cols=4, four=four)   # column 0: X, X, O
Traceback (most recent call last):
...
minimax_viz.errors.InvalidBoard: no order of moves, X first and taking turns, builds this board (look at the bottoms of the columns: each player needs discs there in turn)
"""  # noqa: E501 (the doctest's message is one line)

from __future__ import annotations

import itertools
from typing import Callable

from ..errors import InvalidBoard, short_repr

__all__ = ["check_reachable", "CHECK_STEPS", "bits_of_rows", "rows_of_text"]

#: What a pasted board may hold in an empty cell.
_EMPTY_CELLS = ".-_"


# -- reading a pasted board -------------------------------------------------------------------

def rows_of_text(text: str, rows: int, cols: int) -> list[str]:
    """The rows of a board pasted as text, a line each with the spaces left out, without the
    column numbers under a board printed by ``to_text`` (not yet checked as a board).

    >>> rows_of_text(". . . .\\n. . . .\\n. . . .\\nX O . .\\n0 1 2 3", rows=4, cols=4)
    ['....', '....', '....', 'XO..']
    """
    lines = [line.replace(" ", "") for line in text.splitlines()]
    footer = "".join(str(c) for c in range(cols))
    if len(lines) == rows + 1 and lines[-1] == footer:
        lines.pop()
    return lines


def bits_of_rows(board, rows: int, cols: int) -> tuple[int, int]:
    """X's and O's bit boards of a ``board`` given as a list of ``rows`` rows, top to
    bottom, each ``cols`` cells (not yet checked as a position).

    >>> bits_of_rows(["....", "....", "....", "XO.."], rows=4, cols=4)   # column 0's bottom, column 1's
    (1, 32)

    :raises InvalidBoard: for a board without ``rows`` rows, a row without ``cols`` cells,
        or a cell that holds neither 'X', 'O' nor '.'.
    """
    if len(board) != rows:
        raise InvalidBoard(
            f"a board has {rows} rows, this one has {len(board)}; give the rows top to "
            f"bottom, each {cols} cells of 'X', 'O' or '.'"
        )
    x = o = 0
    for i, row in enumerate(board):
        row_x, row_o = _row_bits(i, row, rows, cols)
        x, o = x | row_x, o | row_o
    return x, o


def _row_bits(i: int, row, rows: int, cols: int) -> tuple[int, int]:
    """X's and O's bits of row ``i`` of a pasted board (counted from the top)."""
    if isinstance(row, str):
        row = row.replace(" ", "")
    if not isinstance(row, (str, list, tuple)) or len(row) != cols:
        size = len(row) if isinstance(row, (str, list, tuple)) else type(row).__name__
        raise InvalidBoard(
            f"row {i} (from the top) has {size} cells; each row has {cols}, "
            f"like {'.' * cols!r}"
        )
    h1, r, x, o = rows + 1, rows - 1 - i, 0, 0
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
    return x, o


# -- whether the rules reach it -----------------------------------------------------------------


def check_reachable(x: int, o: int, *, rows: int, cols: int, four: Callable[[int], bool]) -> int:
    """The code of the position (``x | o`` shifted above it) when the rules can reach it.

    ``x`` and ``o`` are the players' bit boards on a board of ``rows`` by ``cols``
    (``rows + 1`` bits a column, bottom to top); ``four(bits)`` tells whether bits hold
    a line of four.

    :raises InvalidBoard: for a disc above an empty cell, counts that do not alternate
        from X, fours the game would have stopped at, no X at the bottom, or no order of
        moves that builds the board (or, past :data:`CHECK_STEPS`, none found yet).
    """
    h1 = rows + 1
    columns = tuple(((1 << rows) - 1) << c * h1 for c in range(cols))
    mask = x | o
    for c, column in enumerate(columns):
        bits = (mask & column) >> c * h1
        if bits & (bits + 1):  # a filled column bottom-up is 0b0..01..1
            raise InvalidBoard(
                f"column {c} has an empty cell under a disc; discs fall to the lowest "
                "empty cell of their column"
            )
    _check_counts_and_fours(x, o, four)
    if mask and not x & sum(1 << c * h1 for c in range(cols)):
        raise InvalidBoard(
            "no column has X at the bottom, but X moved first; the first disc lies at the "
            "bottom of its column"
        )
    try:
        orderable = _orderable(x, o, rows, cols, four)
    except _Undecided:
        raise InvalidBoard(
            f"this board is too hard to check: after {CHECK_STEPS:,} part-built positions, no "
            "order of moves (X first, taking turns) that builds it was found or ruled out; give "
            "the position as its moves instead, a string of column digits such as '4455' "
            "(each move is checked as it is played)"
        ) from None
    if not orderable:
        x_won, o_won = four(x), four(o)
        if x_won or o_won:
            raise InvalidBoard(
                f"{'X' if x_won else 'O'} has lines of four that no single last disc completes; "
                "the game stops at the first four"
            )
        raise InvalidBoard(
            "no order of moves, X first and taking turns, builds this board (look at the "
            "bottoms of the columns: each player needs discs there in turn)"
        )
    return x | o << cols * h1


def _check_counts_and_fours(x: int, o: int, four: Callable[[int], bool]) -> None:
    """The players alternate from X, and the game stops at its first four."""
    nx, no = x.bit_count(), o.bit_count()
    if no > nx:
        raise InvalidBoard(
            f"O has {no} disc{'s' * (no != 1)} and X only {nx}; X moves first, so O is never ahead"
        )
    if nx > no + 1:
        raise InvalidBoard(
            f"X has {nx} discs and O only {no}; players alternate, so X is at most one ahead"
        )
    x_won, o_won = four(x), four(o)
    if x_won and o_won:
        raise InvalidBoard("both X and O have four in a row; the game stops at the first four")
    if x_won and nx == no:
        raise InvalidBoard("X has four in a row but O moved after it; the game stops at a win")
    if o_won and nx > no:
        raise InvalidBoard("O has four in a row but X moved after it; the game stops at a win")


def _orderable(x: int, o: int, rows: int, cols: int, four: Callable[[int], bool]) -> bool:
    """True when some order of moves, X first and taking turns, builds the board
    with no four in a row before its last move.

    A four never disappears once made, so a board without one needs only an order
    of its discs (:func:`_interleaves`); a board with a four needs a last disc: a
    top disc of the last mover whose removal leaves no four on the board, after
    which the rest again needs only an order.
    """
    h1 = rows + 1
    columns = [
        tuple(1 if x >> c * h1 + r & 1 else -1 for r in range(rows) if (x | o) >> c * h1 + r & 1)
        for c in range(cols)
    ]
    budget = [CHECK_STEPS]   # positions the searches may still look at, all together
    if not (four(x) or four(o)):
        return _interleaves(columns, budget)
    last = 1 if x.bit_count() > o.bit_count() else -1
    for c, column in enumerate(columns):
        if not column or column[-1] != last:
            continue
        bit = 1 << c * h1 + len(column) - 1
        if four(x & ~bit) or four(o & ~bit):
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

    Two exact searches (:func:`_merges`): one builds the merge from the first move, the
    other from the last (the same search on the columns read top-down, the colours
    swapped when the last move is O's). The first to finish answers. A board that is
    hard to build up is often easy to take down, and the other way round: boards that
    keep one direction busy for minutes fall to the other in a few steps. The first
    search alone takes the first steps, one more than there are discs, which builds
    nearly every board from play with no step back; then the two take turns, a step
    each.

    ``budget``, a one-item list, counts down the positions the two searches may still
    look at; :class:`_Undecided` is raised when it runs out.

    >>> _interleaves([(1, -1), (1, -1)]), _interleaves([(1, 1, -1, -1)])
    (True, False)
    """
    n = sum(len(column) for column in columns)
    flip = -1 if n % 2 == 0 else 1
    searches = [_merges(columns)]
    for steps in itertools.count():
        if steps == n + 1:   # the first search's head start (a step a disc, and its end) is over
            searches.append(_merges([tuple(flip * d for d in reversed(c)) for c in columns]))
        for search in searches:
            try:
                next(search)
            except StopIteration as done:
                return done.value
            if budget is not None:
                budget[0] -= 1
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
            entered = _enter(columns, rest, latest, heights, t, dead)
            if entered is None:
                stack.pop()
                if not stack:
                    return False
                continue    # the position below undoes the move that led here
            stack[-1] = entered
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


def _enter(columns, rest, latest, heights, t: int, dead: set):
    """The position :func:`_merges` has reached (``heights`` up each column, ``t`` moves in):
    ``(its key, the columns to try there, last first, None)``, or None for a known dead end."""
    key = tuple(sorted(rest[c][h] for c, h in enumerate(heights)))
    if key in dead:
        return None
    colour = 1 if t % 2 == 0 else -1
    tried, options = set(), []
    for _, c in sorted((latest[c][h], c) for c, h in enumerate(heights)
                       if h < len(columns[c]) and columns[c][h] == colour):
        if rest[c][heights[c]] not in tried:
            tried.add(rest[c][heights[c]])
            options.append(c)
    return key, options[::-1], None


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
