"""Checks for lesson 04, Depth and Heuristics: a heuristic of your own, and the horizon.

Each check returns a :class:`~minimax_viz.exercises.feedback.Feedback` ("Right: ..." or
"Not yet: ..." with a hint) and never raises, whatever the learner's code does.
"""

from __future__ import annotations

from functools import lru_cache
from numbers import Real
from typing import Any, Callable

from ..games import TicTacToe
from ..search import minimax
from .feedback import Feedback, check_value
from .feedback import describe_error as _describe_error

__all__ = ["HORIZON_BOARD", "LONG_WIN_BOARD", "check_evaluate", "check_depth1_move", "check_winning_depth"]

#: O threatens the top row; blocking at 2 also gives X a fork. X to move.
HORIZON_BOARD = ["O", "O", 2, 3, 4, "X", "X", 7, 8]
#: X to move can force a win by 0, but the win lies five plies ahead.
LONG_WIN_BOARD = [0, "X", 2, 3, 4, 5, "O", 7, 8]

_CENTRE, _CORNER, _EDGE = "....X....", "X........", ".X......."
_GOOD, _SWAPPED = "O...X....", "X...O...."   # the same marks, X and O swapped


def check_evaluate(evaluate: Callable) -> Feedback:
    """Check a tic-tac-toe heuristic ``evaluate(board)`` (the board in the tutorial's list form).

    It must return a number strictly between -1 and +1 on every unfinished board (so a
    guess never outweighs a real win), make a depth-1 search from the empty board open in
    the centre, and score X in the centre with O in a corner above the same marks swapped
    (larger means better for X).

    >>> check_evaluate(TicTacToe().evaluate)
    Right: your evaluate gives a number strictly between -1 and +1 on all 4,520 unfinished boards, favours X's good cells, and a depth-1 search with it opens in the centre.
    >>> check_evaluate(lambda board: 0)
    Not yet: a depth-1 search from the empty board with your evaluate plays 0, not the centre: it scores X in a corner 0, on an edge 0, in the centre 0.
    Hint: the centre lies on 4 winning lines, a corner on 3, an edge on 2: with X alone on the board, the centre should score strictly highest (larger numbers mean better for X; a tie goes to the first move, cell 0).
    """
    game = TicTacToe()
    if not callable(evaluate):
        return Feedback(False, f"evaluate should be a function of a board, but it is {evaluate!r}.")
    scores = {}
    for shown, board in _unfinished_boards():
        try:
            value = evaluate(list(board))
        except Exception as err:  # the learner's code: any error becomes words
            return Feedback(False, f"evaluate({list(board)!r}) (the board {shown!r}): {_describe_error(err)}.")
        if isinstance(value, bool) or not isinstance(value, Real):
            return Feedback(
                False, f"evaluate({list(board)!r}) returned {value!r}; it must return a number.",
                hint="return the guess as an int or a float (the value of the board for X).",
            )
        if not -1 < value < 1:
            return Feedback(
                False,
                f"evaluate({list(board)!r}) returned {value!r}, but a guess must stay strictly between "
                "-1 and +1: only a finished game is worth a full ±1.",
                hint="divide your count by a number larger than the biggest count can be "
                     "(the package divides its open-line count, at most 8, by 9).",
            )
        scores[shown] = value
    try:
        move = minimax(game, depth=1, evaluate=evaluate, record=False).move
    except Exception as err:  # pragma: no cover - every board was tried above
        return Feedback(False, f"a depth-1 search with your evaluate failed: {_describe_error(err)}.")
    if move != 4:
        return Feedback(
            False,
            f"a depth-1 search from the empty board with your evaluate plays {move}, not the centre: "
            f"it scores X in a corner {_fmt(scores[_CORNER])}, on an edge {_fmt(scores[_EDGE])}, "
            f"in the centre {_fmt(scores[_CENTRE])}.",
            hint="the centre lies on 4 winning lines, a corner on 3, an edge on 2: with X alone "
                 "on the board, the centre should score strictly highest (larger numbers mean "
                 "better for X; a tie goes to the first move, cell 0).",
        )
    good, swapped = scores[_GOOD], scores[_SWAPPED]
    if not good > swapped:
        return Feedback(
            False,
            f"your evaluate gives {_GOOD!r} (X in the centre, O in a corner) {_fmt(good)} and the "
            f"swapped board {_SWAPPED!r} {_fmt(swapped)}; X holds the better cell in the first, "
            "so it should score higher.",
            hint="larger numbers mean better for X (Max): count something that favours X minus "
                 "the same for O.",
        )
    return Feedback(
        True,
        f"your evaluate gives a number strictly between -1 and +1 on all {len(scores):,} unfinished "
        "boards, favours X's good cells, and a depth-1 search with it opens in the centre.",
    )


def check_depth1_move(answer: Any) -> Feedback:
    """Check a prediction: the move a depth-1 search picks on :data:`HORIZON_BOARD`.

    >>> check_depth1_move(2)
    Not yet: 2 is not the move a depth-1 search picks.
    Hint: 2 blocks O's row, and a full search plays it; but a depth-1 search looks at X's moves only and scores each board with evaluate, without looking at O's reply. Compare game.evaluate(game.play(board, m)) for each empty cell m.
    """
    game = TicTacToe()
    expected = minimax(game, HORIZON_BOARD, depth=1, record=False).move
    best = minimax(game, HORIZON_BOARD, record=False).move
    empty = list(game.moves(HORIZON_BOARD))
    look = ("Compare game.evaluate(game.play(board, m)) for each empty cell m; the highest "
            "wins, and a tie goes to the smaller cell.")
    if answer == best and answer != expected:
        hint = (f"{best} blocks O's row, and a full search plays it; but a depth-1 search looks at "
                "X's moves only and scores each board with evaluate, without looking at O's reply. "
                "Compare game.evaluate(game.play(board, m)) for each empty cell m.")
    elif isinstance(answer, int) and not isinstance(answer, bool) and answer not in empty:
        hint = f"cell {answer} is not free: the empty cells are {empty}. {look}"
    else:
        hint = look
    return check_value(
        answer, expected, what="the move a depth-1 search picks", hint=hint,
        success=f"a depth-1 search plays {expected}: the board after it gets the best guess, and "
                "O's winning reply lies beyond the horizon.",
    )


def check_winning_depth(answer: Any) -> Feedback:
    """Check the smallest depth at which minimax finds the winning move on :data:`LONG_WIN_BOARD`.

    >>> check_winning_depth(7)
    Not yet: 7 is not the smallest depth at which the search plays the winning move.
    Hint: depth 7 does find it, but so does a smaller depth. Try mv.minimax(game, board, depth=d).move for d = 1, 2, 3, ...
    """
    game = TicTacToe()
    win = minimax(game, LONG_WIN_BOARD, record=False).move
    moves = {d: minimax(game, LONG_WIN_BOARD, depth=d, record=False).move
             for d in range(1, game.moves_left(LONG_WIN_BOARD) + 1)}
    expected = min(d for d, m in moves.items() if all(moves[e] == win for e in moves if e >= d))
    loop = "Try mv.minimax(game, board, depth=d).move for d = 1, 2, 3, ..."
    if answer is ...:
        hint = loop
    elif answer is None:
        hint = f"depth=None searches to the end and finds it, but the question asks for the smallest limit. {loop}"
    elif isinstance(answer, bool) or not isinstance(answer, int):
        hint = f"a depth is a whole number of plies. {loop}"
    elif answer <= 0:
        hint = f"depth 0 only evaluates the board itself and picks no move. {loop}"
    elif answer in moves and moves[answer] != win:
        hint = (f"at depth {answer} the search plays {moves[answer]}, not the winning {win}: the win "
                f"is further away than {answer} plies, so the guesses decide. {loop}")
    elif answer > expected:
        hint = f"depth {answer} does find it, but so does a smaller depth. {loop}"
    else:
        hint = loop
    return check_value(
        answer, expected, what="the smallest depth at which the search plays the winning move",
        hint=hint,
        success=f"from depth {expected} on the search plays {win}: X's win lies {expected} plies "
                "ahead, so a shallower search cannot see it.",
    )


# -- helpers ---------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _unfinished_boards() -> tuple:
    """Every unfinished position as (string, list form): by number of marks, then by code."""
    game = TicTacToe()
    level, seen = {game.state()}, []
    while level:
        seen += sorted(s for s in level if not game.is_terminal(s))
        level = {child for s in level for _, child in game.successors(s)}
    return tuple((game.string(s), tuple(game.board(s))) for s in seen)


def _fmt(value) -> str:
    return f"{value:.3g}" if isinstance(value, float) else repr(value)
