"""Checks for lesson 07, Connect Four: a heuristic of your own, a winning column, the depth a win needs.

Positions are written as in :meth:`~minimax_viz.ConnectFour.from_moves`: the columns
played, as 1-based digits (``"4455"``). A move is a 0-based column index, the numbers
printed under the board. The searches are the lesson's: alpha-beta with the centre
columns first, the memo table and quick wins (a win scores one plus the empty cells
left when it comes, so a search with enough depth says how soon it wins).
"""

from __future__ import annotations

import random
from functools import lru_cache
from numbers import Real
from typing import Any, Callable

from ..games import ConnectFour
from ..search import alphabeta, centre_first, minimax
from ..trace import format_value
from .feedback import Feedback, check_value, describe_error
from .feedback import learner_check

__all__ = [
    "WIN_POSITION", "DEPTH_POSITION", "centre_discs",
    "check_centre_evaluate", "check_winning_column", "check_win_depth",
]

_GAME = ConnectFour()
#: X to move: one column makes two threats at once, and X wins with its next disc.
WIN_POSITION = "5743321744"
#: X to move: X's win needs three of its discs (lesson 07 asks how deep a search must look).
DEPTH_POSITION = "57365161"
#: Positions :func:`check_centre_evaluate` always asks about, besides random ones: the
#: start, X or O alone in the centre, and the largest centre leads either side can have.
CENTRE_BOARDS = ("", "4", "1", "41", "14", "44", "414", "41414", "414144424", "1412144424")
_CENTRE = 3
_DEEPEST = 9  # the deepest search the depth checks run (plies)


def centre_discs(board: Any) -> int:
    """X's discs in the centre column minus O's (``board`` in any form ``ConnectFour`` reads).

    >>> centre_discs("4"), centre_discs("44"), centre_discs("414144424")
    (1, 0, 4)
    """
    rows = _GAME.board(board)
    return sum(row[_CENTRE] == "X" for row in rows) - sum(row[_CENTRE] == "O" for row in rows)


def _search(state, depth):
    return alphabeta(_GAME, state, depth=depth, order=centre_first, memo=True, quick_wins=True,
                     record=False)


# -- exercise: an evaluate that counts the centre column -----------------------------------------

@lru_cache(maxsize=1)
def _centre_boards() -> tuple:
    """The positions asked about, as ``(moves, board)``: the fixed ones, then unfinished
    positions from seeded random games, 300 different ones in all."""
    rng = random.Random(7)
    found = {_GAME.state(moves): moves for moves in CENTRE_BOARDS}
    while len(found) < 300:
        state, moves = _GAME.start(), ""
        for _ in range(rng.randint(1, 30)):
            column = rng.choice(_GAME.moves(state))
            state, moves = _GAME.play(state, column), moves + str(column + 1)
            if _GAME.is_terminal(state) or len(found) == 300:
                break
            found.setdefault(state, moves)
    return tuple((moves, tuple(_GAME.board(code))) for code, moves in found.items())


def _fmt(value) -> str:
    """A learner's number as the course writes numbers (``trace.format_value``), ASCII, unsigned."""
    if isinstance(value, bool) or not isinstance(value, Real):
        return repr(value)
    return format_value(value, signed=False, ascii=True)


def _name(moves: str) -> str:
    return "the empty board" if not moves else f"the position {moves!r}"


@learner_check
def check_centre_evaluate(function: Callable) -> Feedback:
    """Check ``function(board)``: X's discs in the centre column minus O's, scaled into (-1, +1).

    ``board`` is a Connect Four board as the search hands it to ``evaluate=``: a list of
    six strings, the rows from top to bottom, each seven cells ``"X"``, ``"O"`` or ``"."``.
    The check asks it about 300 unfinished positions. It must return a number strictly
    between -1 and +1 on each; a depth-1 search from the empty board with it must open
    in the centre column; and it must count only the centre column, X's discs for X and
    O's against: boards with the same count get the same value, a larger count a larger one.
    Positions in the messages are written as the columns played, 1-based (``from_moves``).

    >>> check_centre_evaluate(lambda board: centre_discs(board) / 7)
    Right: your evaluate stays strictly between -1 and +1 on all 300 positions, counts X's
    centre discs against O's, and a depth-1 search with it opens in the centre column (3).
    >>> check_centre_evaluate(lambda board: 0)  # doctest: +ELLIPSIS
    Not yet: a depth-1 search from the empty board with your evaluate plays column 0, not the centre...
    """
    name = getattr(function, "__name__", "your evaluate")
    if not callable(function):
        return Feedback(False, f"evaluate should be a function of a board, but it is {function!r}.")
    values = {}
    for moves, board in _centre_boards():
        call = f"{name}({list(board)!r}) ({_name(moves)})"
        try:
            value = function(list(board))
        except Exception as err:  # the learner's code: any error becomes words
            return Feedback(False, f"{call}: {describe_error(err)}.",
                            hint="the board is a list of six strings, the rows from top to bottom; "
                                 "row[3] is a row's cell in the centre column.")
        if isinstance(value, bool) or not isinstance(value, Real):
            return Feedback(False, f"{call} returned {value!r}; it must return a number.",
                            hint="return the guess as an int or a float (the value of the board for X).")
        if not -1 < value < 1:
            count = centre_discs(board)
            rounded = " If you divided with //, use / instead: // rounds down to a whole number." \
                if isinstance(value, int) else ""
            return Feedback(
                False, f"{call} returned {_fmt(value)}, but a guess must stay strictly between -1 and +1 "
                f"(only a finished game is worth a full ±1). There, X's discs in the centre column "
                f"minus O's make {count:+d}.",
                hint="the centre column has 6 cells, so X's discs there minus O's lie between -6 and +6 "
                     "(in a real game, between -4 and +4): divide by a number larger than any of them, such as 7."
                     + rounded,
            )
        values[moves] = (board, value)
    for verdict in (_opens_in_the_centre(function), _counts_the_centre(values)):
        if verdict is not None:
            return verdict
    return Feedback(
        True, f"your evaluate stays strictly between -1 and +1 on all {len(values)} positions, counts X's "
        "centre discs against O's, and a depth-1 search with it opens in the centre column (3).",
    )


def _opens_in_the_centre(function) -> Feedback | None:
    try:
        move = minimax(_GAME, depth=1, evaluate=function, record=False).move
        firsts = [function(_GAME.board(_GAME.play(_GAME.start(), c))) for c in range(_GAME.cols)]
    except Exception as err:  # the learner's code: any error becomes words
        return Feedback(False, f"a depth-1 search from the empty board with your evaluate failed: "
                               f"{describe_error(err)}.")
    if move == _CENTRE:
        return None
    scores = ", ".join(f"{c}: {_fmt(value)}" for c, value in enumerate(firsts))
    hint = ("a disc in the centre column should score more than a disc anywhere else: count the "
            "cells row[3] that hold 'X', take away those that hold 'O' (columns are numbered from 0, "
            "so the centre is 3, not 4), and divide. A tie goes to the first column, 0.")
    return Feedback(
        False, f"a depth-1 search from the empty board with your evaluate plays column {move}, not the "
        f"centre (3): it scores X's first disc in each column as {scores}.", hint=hint,
    )


def _counts_the_centre(values: dict) -> Feedback | None:
    by_count: dict[int, tuple] = {}
    for moves, (board, value) in values.items():
        count = centre_discs(board)
        seen = by_count.setdefault(count, (moves, value))
        if seen[1] != value:
            return Feedback(
                False, f"your evaluate gives {_name(seen[0])} {_fmt(seen[1])} and {_name(moves)} "
                f"{_fmt(value)}, but in both X's discs in the centre column minus O's make {count:+d}.",
                hint="count only the centre column: the value should depend on nothing but X's discs "
                     "there minus O's.",
            )
    counts = sorted(by_count)
    for low, high in zip(counts, counts[1:]):
        (m1, v1), (m2, v2) = by_count[low], by_count[high]
        if not v1 < v2:
            return Feedback(
                False, f"your evaluate gives {_name(m1)} (X's centre discs minus O's: {low:+d}) "
                f"{_fmt(v1)} and {_name(m2)} ({high:+d}) {_fmt(v2)}; more centre discs for X "
                "should score higher.",
                hint="larger numbers mean better for X (Max): X's centre discs add, O's subtract.",
            )
    return None


# -- exercise: the winning column ------------------------------------------------------------------

def _quickest_win(state) -> tuple[int | None, list[int]]:
    """The fewest plies in which the player to move forces a win (up to ``_DEEPEST``), and
    the columns that do it; ``(None, [])`` when no win is that close."""
    sign = 1 if _GAME.is_max(state) else -1
    for depth in range(1, _DEEPEST + 1, 2):  # the mover's own wins end on odd plies
        if sign * _search(state, depth).score >= 1:
            wins = [c for c in _GAME.moves(state)
                    if sign * _search(_GAME.play(state, c), depth - 1).score >= 1]
            return depth, wins
    return None, []


@learner_check
def check_winning_column(answer: Any, position: str = WIN_POSITION) -> Feedback:
    """Check the column (0-based) that wins by force, soonest, for the player to move in ``position``.

    Any column that wins as soon as possible is right.

    >>> check_winning_column(1)
    Right: X in column 1 wins in 3 plies: after any reply, X completes four with its next disc.
    >>> check_winning_column(4)  # doctest: +ELLIPSIS
    Not yet: after X in column 4, O answers in column 1, and X can no longer force a win
    within 3 plies...
    """
    state = _GAME.state(position)
    mover = _GAME.player(state)
    other = "O" if mover == "X" else "X"
    plies, wins = _quickest_win(state)
    if plies is None:
        return Feedback(False, f"{mover} has no forced win within {_DEEPEST} plies in {position!r}; "
                               "this check needs a position with a quick win.")
    what = "the column that wins"
    if answer is ...:
        return Feedback(False, f"replace the ... with {what}, a column index from 0 to {_GAME.cols - 1}.")
    open_columns = list(_GAME.moves(state))
    if isinstance(answer, bool) or not isinstance(answer, int):
        return Feedback(False, f"a move is a whole number, a column index from 0 to {_GAME.cols - 1}, "
                               f"not {answer!r}.")
    zero_based = ("if you counted the columns from 1: moves are 0-based column indexes, the numbers "
                  "printed under the board; only from_moves writes columns as 1-based digits.")
    if answer not in open_columns:
        where = (f"column {answer} is full" if 0 <= answer < _GAME.cols
                 else f"there is no column {answer} (they are 0 to {_GAME.cols - 1})")
        return Feedback(False, f"{where}; the open columns are {open_columns}.",
                        hint=zero_based if answer - 1 in wins else None)
    if answer in wins:
        return Feedback(
            True, f"{mover} in column {answer} wins in {plies} plies: after any reply, {mover} "
            f"completes four with its {'next disc' if plies == 3 else 'disc on ply ' + str(plies)}.",
        )
    after = _GAME.play(state, answer)
    reply = _search(after, plies - 1).move
    hint = (f"Look for a disc that makes two threats at once: two empty cells that would each complete "
            f"four {mover}s and that can both be played now (a disc lands on top of its column, so a "
            f"cell with an empty cell under it cannot be played yet). {other} can block only one.")
    if answer - 1 in wins:
        hint = f"{zero_based} {hint}"
    else:
        hint = hint[0].lower() + hint[1:]
    return Feedback(
        False, f"after {mover} in column {answer}, {other} answers in column {reply}, and {mover} can no "
        f"longer force a win within {plies} plies; from the position itself, another column does.",
        hint=hint,
    )


# -- exercise: the depth that sees the win --------------------------------------------------------

@learner_check
def check_win_depth(answer: Any, position: str = DEPTH_POSITION) -> Feedback:
    """Check the smallest depth at which the lesson's search of ``position`` finds a forced win.

    The search is ``mv.alphabeta(game, position, depth=d, order=mv.centre_first,
    memo=True, quick_wins=True)``; it has found the win when its score is a win (±1 or
    more in size) rather than a guess.

    >>> check_win_depth(5)
    Right: from depth 5 on the search scores a win (+30): X's third disc completes four on ply 5 (X, O, X, O, X).
    >>> check_win_depth(4)  # doctest: +ELLIPSIS
    Not yet: 4 is not the smallest depth at which the search finds the win.
    Hint: at depth 4 the score is a guess...
    """
    state = _GAME.state(position)
    mover = _GAME.player(state)
    expected, _ = _quickest_win(state)
    if expected is None:
        return Feedback(False, f"{mover} has no forced win within {_DEEPEST} plies in {position!r}; "
                               "this check needs a position with a quick win.")
    found = _search(state, expected)
    loop = ("Try mv.alphabeta(game, position, depth=d, order=mv.centre_first, memo=True, "
            "quick_wins=True).score for d = 1, 2, 3, ...")
    if answer is ... or answer is None:
        hint = (f"depth=None searches to the end, but the question asks for the smallest depth. {loop}"
                if answer is None else loop)
    elif isinstance(answer, bool) or not isinstance(answer, int):
        hint = f"a depth is a whole number of plies. {loop}"
    elif answer <= 0:
        hint = f"depth 0 only evaluates the position itself and looks at no move. {loop}"
    elif answer < expected:
        guess = _search(state, answer).score
        hint = (f"at depth {answer} the score is a guess, {guess * _GAME.max_points:+.0f} points "
                f"(≈ {guess:+.3f}): the win lies beyond the horizon.")
        if answer == (expected + 1) // 2:
            hint += (f" {answer} is the number of {mover}'s own discs the win takes, but a depth counts "
                     f"plies, the moves of both players.")
        if answer % 2 == 0:
            hint += (f" A win for {mover} always comes on one of {mover}'s own moves (plies 1, 3, 5, ...), "
                     f"so an even depth sees no win that the odd depth below it misses.")
        hint += f" {loop}"
    elif answer > expected:
        hint = f"depth {answer} finds it, but so does a smaller depth. {loop}"
    else:
        hint = loop
    if answer is not ... and (isinstance(answer, bool) or not isinstance(answer, int)):
        return Feedback(False, f"{answer!r} is not a depth: give one whole number of plies.", hint=hint)
    plies = " ".join(f"{mover if i % 2 == 0 else ('O' if mover == 'X' else 'X')}," for i in range(expected))
    ordinal = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get((expected + 1) // 2, "last")
    return check_value(
        answer, expected, what="the smallest depth at which the search finds the win", hint=hint,
        success=f"from depth {expected} on the search scores a win ({found.score:+d}): {mover}'s {ordinal} "
                f"disc completes four on ply {expected} ({plies.rstrip(',')}).",
    )
