"""Checks for lesson 07, Connect Four: a heuristic of your own, the columns that win, the depth a win needs.

Positions are written as in :meth:`~minimax_viz.ConnectFour.from_moves`: the columns
played, as 1-based digits (``"4455"``). A move is a 0-based column index, the numbers
printed under the board. The searches are the lesson's: alpha-beta with the centre
columns first, the memo table and quick wins (a win scores one plus the empty cells
left when it comes, so a search with enough depth says how soon it wins).
"""

from __future__ import annotations

import random
from functools import lru_cache
from numbers import Integral, Real
from typing import Any, Callable

from ..games import ConnectFour
from ..search import alphabeta, centre_first, minimax
from ..trace import format_value
from .feedback import Feedback, describe_error
from .feedback import learner_check
from ..clock import call_learner

__all__ = [
    "WIN_POSITION", "DEPTH_POSITION", "COLUMN_POSITIONS", "DEPTH_CASES", "centre_discs",
    "winning_columns_of", "win_depth_of", "check_centre_evaluate", "check_winning_columns", "check_win_depth",
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

    Parameters
    ----------
    board : list, str or int
        A Connect Four position, in any form ``ConnectFour`` reads.

    Returns
    -------
    int
        X's discs in the centre column minus O's.

    Raises
    ------
    InvalidBoard
        When ``board`` is not a position of Connect Four.

    Examples
    --------
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

    Parameters
    ----------
    function : callable
        The learner's ``centre_evaluate(board)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
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


# -- exercise: the columns that win within two of the mover's discs -------------------------------

#: Positions :func:`check_winning_columns` asks about, in order: the lesson's (a disc that makes
#: two threats at once), a win at once, O to move, a double threat that loses to the
#: opponent's win at once, threats one above the other in one column (X, then O), two
#: winning columns, no quick win, and a disc that fills the board (a draw, not a win).
COLUMN_POSITIONS = (
    WIN_POSITION,                    # X: column 1 makes two threats at once
    "112233",                        # X: column 3 wins at once
    "2233541",                       # O: column 3 makes two threats
    "611564716643",                  # X: column 4 makes two threats, but O wins at once in 1
    "5227676152462355",              # X: column 3, threats one above the other
    "4567214354",                    # X: columns 2 and 5, the ends of an open three
    "4144147716526577623",           # O: column 2, threats one above the other
    "462465631373336",               # O: column 1 makes two threats, but X wins at once in 5
    DEPTH_POSITION,                  # X: a win, but not within two discs
    "32462444446226226663555333355511117711777",  # O: the last disc fills the board, a draw
)


def _mover_wins(state, plies: int) -> bool:
    """Does the player who just moved into ``state`` win within ``plies`` more plies, whatever
    the other does? The lesson's search says (quick wins: a win scores 1 or more)."""
    sign = -1 if _GAME.is_max(state) else 1   # the mover is the one NOT to move now
    return sign * _search(state, plies).score >= 1


def winning_columns_of(position) -> list[int]:
    """The columns where the player to move drops a disc and then wins with that disc or its
    next one, whatever the opponent replies, by the lesson's search (two plies below each column).

    Parameters
    ----------
    position : list, str or int
        A Connect Four position, in any form ``ConnectFour`` reads.

    Returns
    -------
    list of int
        The winning columns, 0-based.

    Raises
    ------
    MinimaxError
        When ``position`` is not a position of Connect Four (a move that is not a column,
        a board that cannot be reached).

    Examples
    --------
    >>> winning_columns_of(WIN_POSITION), winning_columns_of("112233"), winning_columns_of("4455")
    ([1], [3], [2, 5])
    """
    state = _GAME.state(position)
    return [c for c in _GAME.moves(state) if _mover_wins(_GAME.play(state, c), 2)]


@learner_check
def check_winning_columns(function: Callable) -> Feedback:
    """Check ``function(game, state)``: the columns (0-based, in any order) in which the player
    to move drops a disc and wins with that disc or with its next one, whatever the opponent
    replies in between.

    It asks about the positions of :data:`COLUMN_POSITIONS` (the board as a list of rows, as
    ``from_moves`` gives it) and compares with the lesson's search two plies below each column
    (:func:`winning_columns_of`).

    Parameters
    ----------
    function : callable
        The learner's ``winning_columns(game, state)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> def winning_columns(game, state):
    ...     me, found = game.player(state), []
    ...     for column in game.moves(state):
    ...         after = game.play(state, column)
    ...         if game.winner(after) == me:
    ...             found.append(column)
    ...         elif not game.is_terminal(after) and all(
    ...                 any(game.winner(game.play(reply, c)) == me for c in game.moves(reply))
    ...                 for reply in (game.play(after, r) for r in game.moves(after))):
    ...             found.append(column)
    ...     return found
    >>> check_winning_columns(winning_columns)
    Right: winning_columns finds the winning columns of all 10 positions, X and O to move: wins at once, two threats at
    once, threats one above the other, none; in '5743321744' it is column 1.
    >>> two_threats = lambda game, state: [c for c in game.moves(state) if len(game.threats(game.play(state, c))) >= 2]
    >>> check_winning_columns(two_threats)  # doctest: +ELLIPSIS
    Not yet: on '112233' (X to move) <lambda> gives [], but the winning column is [3]: X in column 3 completes four at
    once.
    Hint: a disc that completes four at once wins too: ...
    """
    name = getattr(function, "__name__", "winning_columns")
    if not callable(function):
        return Feedback(False, f"winning_columns should be a function (game, state), but it is {function!r}.",
                        hint="define it with def winning_columns(game, state): and run that cell.")
    for moves in COLUMN_POSITIONS:
        state = _GAME.state(moves)
        mover = _GAME.player(state)
        where = f"on {moves!r} ({mover} to move)"
        got, problem = call_learner(function, ConnectFour(), _GAME.board(state))   # a game of its own
        if problem is not None:
            return Feedback(False, f"{name}(game, board) {where}: {problem}.",
                            hint=None if "still the stub" in problem else
                            "the state is a list of six strings, the rows from top to bottom; ask the game "
                            "about it: game.moves, game.play, game.winner, game.player.")
        columns, wrong_form = _columns(got)
        if wrong_form is not None:
            return Feedback(False, f"{where} {name} returned {_short(got)}: {wrong_form}.",
                            hint="return a list of column indexes, such as [1] or [2, 5], or [] when "
                                 "no column wins.")
        right = winning_columns_of(state)
        if sorted(columns) == right:
            continue
        return _columns_mismatch(where, name, sorted(columns), right, state)
    return Feedback(True, f"{name} finds the winning columns of all {len(COLUMN_POSITIONS)} positions, X and O "
                          "to move: wins at once, two threats at once, threats one above the other, none; "
                          f"in {WIN_POSITION!r} it is column 1.")


def _columns(got) -> tuple[list, str | None]:
    """The learner's columns as a list, or words for why the answer is not a set of columns."""
    if isinstance(got, bool) or not isinstance(got, (list, tuple, set, frozenset)):
        if isinstance(got, Integral):
            return [], "a list of columns is wanted, even for one column: [3], not 3"
        return [], "that is not a list of columns"
    items = list(got)
    if any(isinstance(c, bool) or not isinstance(c, Integral) for c in items):
        odd = next(c for c in items if isinstance(c, bool) or not isinstance(c, Integral))
        return [], f"every column is a whole number from 0 to {_GAME.cols - 1}, but it holds {odd!r}"
    if len(set(items)) != len(items):
        return [], "it names a column twice; name each winning column once"
    return [int(c) for c in items], None


def _short(x) -> str:
    text = repr(x)
    return text if len(text) <= 60 else text[:57] + "..."


def _columns_mismatch(where: str, name: str, got: list, right: list, state) -> Feedback:
    wrong = [c for c in got if c not in right]
    missed = [c for c in right if c not in got]
    truth = (f"the winning column{'s are' if len(right) > 1 else ' is'} {right}" if right
             else "no column wins within two of its discs")
    if wrong:
        why, hint = _refutation(state, wrong[0])
    else:
        why, hint = _proof(state, missed[0])
    return Feedback(False, f"{where} {name} gives {got}, but {truth}: {why}.", hint=hint)


def _refutation(state, column: int) -> tuple[str, str]:
    """Why ``column`` does not win: the opponent's reply that stops it, in words, and a hint."""
    mover = _GAME.player(state)
    other = "O" if mover == "X" else "X"
    after = _GAME.play(state, column)
    if _GAME.is_terminal(after):
        why = f"{mover} in column {column} fills the board and the game is a draw"
        hint = ("when the board fills, no reply follows, and all(...) of no replies is True: check that "
                "the game goes on (game.is_terminal(after)) before looking at the replies.")
        return why, hint
    reply = _search(after, 2).move
    if _GAME.winner(_GAME.play(after, reply)) == other:
        why = f"after {mover} in column {column}, {other} answers in column {reply} and wins at once"
        hint = (f"look at every reply of {other}: a reply that completes four for {other} (game.winner) "
                "refutes the column, however many threats it made.")
        return why, hint
    why = (f"after {mover} in column {column}, {other} answers in column {reply}, and no disc of {mover} "
           "then completes four")
    hint = (f"{mover} must win after every reply of {other}, not after some of them: all(...) over "
            f"{other}'s replies, any(...) over {mover}'s next discs, each tested with game.winner.")
    return why, hint


def _proof(state, column: int) -> tuple[str, str]:
    """Why ``column`` wins, in words (each reply and the four that follows), and a hint."""
    mover = _GAME.player(state)
    other = "O" if mover == "X" else "X"
    after = _GAME.play(state, column)
    if _GAME.winner(after) == mover:
        why = f"{mover} in column {column} completes four at once"
        hint = (f"a disc that completes four at once wins too: test game.winner(after) == {mover!r} "
                "(the player to move in state, game.player(state)) first.")
        return why, hint
    lines = [f"{other} in {reply} then {mover} in {_GAME.winning_moves(_GAME.play(after, reply))[0]}"
             for reply in _GAME.moves(after)]
    why = f"after {mover} in column {column}, every reply of {other} leaves {mover} a four ({', '.join(lines)})"
    every = (f"try every reply of {other} and every next disc of {mover} rather than counting threats: two "
             "threats can stand one above the other in one column, where the block on the lower cell lets "
             f"{mover} play on top.")
    if mover == "O":
        return why, ("the player to move here is O: compare game.winner with game.player(state), found before "
                     f"any disc drops, not with 'X'. Then {every}")
    return why, every + (" Compare game.winner with the player to move in state, "
                                                "game.player(state), found before any disc drops.")


# -- exercise: the depth that sees the win --------------------------------------------------------

#: ``(position, deepest)`` for :func:`check_win_depth`: the lesson's position first, quick wins
#: for X and for O, no win for the mover while the opponent has one, a win beyond ``deepest``,
#: a win exactly at ``deepest``, and the empty board.
DEPTH_CASES = (
    (DEPTH_POSITION, 9),     # X: 5
    ("4455", 9),             # X: 3
    ("112233", 9),           # X: 1
    ("2233541", 9),          # O: 3
    ("4145522463454", 9),    # O: 5
    ("51234177374", 5),      # O to move, and X wins in 4 plies: no win for O
    (DEPTH_POSITION, 3),     # X wins at 5, past deepest: None
    ("4455", 3),             # X wins at exactly deepest, 3
    ("", 4),                 # the empty board: None
)


def win_depth_of(position, deepest: int = _DEEPEST) -> int | None:
    """The smallest depth, up to ``deepest``, at which the lesson's search scores a win for the
    player to move, or None: the searches depth by depth, stopped at the first win (together
    far cheaper than one search ``deepest`` plies deep).

    Parameters
    ----------
    position : list, str or int
        A Connect Four position, in any form ``ConnectFour`` reads.
    deepest : int, optional
        The deepest depth to try (9 unless given).

    Returns
    -------
    int or None
        The smallest depth that scores a win, or None.

    Raises
    ------
    MinimaxError
        When ``position`` is not a position of Connect Four, as :func:`winning_columns_of`.

    Examples
    --------
    >>> win_depth_of("57365161"), win_depth_of("4455"), win_depth_of("57365161", 3)
    (5, 3, None)
    """
    state = _GAME.state(position)
    sign = 1 if _GAME.is_max(state) else -1
    for depth in range(1, deepest + 1):
        if sign * _search(state, depth).score >= 1:
            return depth
    return None


@learner_check
def check_win_depth(function: Callable) -> Feedback:
    """Check ``function(position, deepest)``: the smallest depth from 1 to ``deepest`` at which
    the lesson's search (``mv.alphabeta(game, position, depth=d, order=mv.centre_first,
    memo=True, quick_wins=True)``) scores a win for the player to move, +1 or more for X and
    -1 or less for O; None when no depth up to ``deepest`` does.

    It asks about the cases of :data:`DEPTH_CASES` (positions as digit strings, ``"4455"``)
    and compares with :func:`win_depth_of`.

    Parameters
    ----------
    function : callable
        The learner's ``win_depth(position, deepest)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> def search(position, depth):
    ...     return alphabeta(_GAME, position, depth=depth, order=centre_first, memo=True,
    ...                      quick_wins=True, record=False)
    >>> def win_depth(position, deepest=9):
    ...     sign = 1 if _GAME.player(position) == "X" else -1
    ...     for depth in range(1, deepest + 1):
    ...         if sign * search(position, depth).score >= 1:
    ...             return depth
    ...     return None
    >>> check_win_depth(win_depth)
    Right: win_depth agrees with the search in all 9 cases, X and O to move, with and without a win in reach; '57365161'
    needs depth 5: X's third disc completes four on ply 5 (X, O, X, O, X).
    >>> check_win_depth(lambda position, deepest=9: 5)  # doctest: +ELLIPSIS
    Not yet: <lambda>('4455', 9) returned 5, but the search first scores a win for X at depth 3 ...
    """
    name = getattr(function, "__name__", "win_depth")
    if not callable(function):
        return Feedback(False, f"win_depth should be a function (position, deepest), but it is {function!r}.",
                        hint="define it with def win_depth(position, deepest=9): and run that cell.")
    for position, deepest in DEPTH_CASES:
        call = f"{name}({position!r}, {deepest})"
        got, problem = call_learner(function, position, deepest)
        if problem is not None:
            return Feedback(False, f"{call}: {problem}.", hint=None if "still the stub" in problem else _LOOP)
        right = win_depth_of(position, deepest)
        if (got is None and right is None) or (_is_depth(got) and got == right):
            continue
        return _depth_mismatch(call, got, right, position, deepest)
    plies = _plies(DEPTH_POSITION, 5)
    return Feedback(True, f"{name} agrees with the search in all {len(DEPTH_CASES)} cases, X and O to move, with "
                          f"and without a win in reach; {DEPTH_POSITION!r} needs depth 5: X's third disc "
                          f"completes four on ply 5 ({plies}).")


_LOOP = ("Try depth = 1, 2, ... up to deepest, search(position, depth) each time, and return the first "
         "depth whose score is a win for the player to move (score >= 1 for X, score <= -1 for O); "
         "after the loop, return None.")


def _is_depth(value) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


def _plies(position, plies: int) -> str:
    mover = _GAME.player(position)
    other = "O" if mover == "X" else "X"
    return ", ".join(mover if i % 2 == 0 else other for i in range(plies))


def _score_at(position, depth: int) -> str:
    score = _search(_GAME.state(position), depth).score
    return f"{score:+d}" if abs(score) >= 1 else f"a guess, {score * _GAME.max_points:+.0f} points"


def _depth_mismatch(call: str, got, right, position, deepest: int) -> Feedback:
    mover = _GAME.player(position)
    if right is None:
        truth = (f"no depth up to {deepest} scores a win for {mover}: at depth {deepest} the score is "
                 f"{_score_at(position, deepest)}")
    else:
        truth = (f"the search first scores a win for {mover} at depth {right} ({_score_at(position, right)}, a "
                 f"win: {_plies(position, right)}, and {mover}'s disc on ply {right} completes four)")
    text = f"{call} returned {_short(got)}, but {truth}."
    if got is not None and not _is_depth(got):
        return Feedback(False, text, hint=f"return the depth, a whole number of plies, or None. {_LOOP}")
    if got is None:
        return Feedback(False, text, hint=_no_depth_hint(mover, right, deepest) + _LOOP)
    return Feedback(False, text, hint=_wrong_depth_hint(int(got), right, position, deepest))  # a numpy integer too


def _no_depth_hint(mover: str, right, deepest: int) -> str:
    """The start of the hint for None where a depth finds the win ("" when nothing more is to say)."""
    if mover == "O":
        return "for O a win scores -1 or less: test the score for the player to move, not score >= 1. "
    if right == deepest:
        return f"depth {deepest} itself counts: range(1, deepest + 1) ends at deepest. "
    return ""


def _wrong_depth_hint(got: int, right, position, deepest: int) -> str:
    """The hint for a whole number that is not the first depth that sees the win."""
    mover = _GAME.player(position)
    if got < 1:
        return f"depth 0 only evaluates the position and looks at no move. {_LOOP}"
    if right is not None and got == _search(_GAME.state(position), right).score:
        return f"that is the search's score at depth {right}; return the depth itself. {_LOOP}"
    if got > deepest:
        return f"look no deeper than deepest = {deepest}. {_LOOP}"
    score = _search(_GAME.state(position), got).score
    sign = 1 if mover == "X" else -1
    if -sign * score >= 1:
        other = "O" if mover == "X" else "X"
        return (f"at depth {got} the score, {score:+d}, is a win for {other}, the opponent: count only wins for "
                f"{mover}, the player to move, so abs(score) >= 1 is not the test. {_LOOP}")
    if right is None or got < right:
        return (f"at depth {got} the score is {_score_at(position, got)}: a guess stays strictly between -1 and "
                f"+1, and only a real win scores 1 or more. {_LOOP}")
    return (f"depth {got} finds it, but so does depth {right}: try the depths from 1 upwards and stop at the "
            f"first. {_LOOP}")
