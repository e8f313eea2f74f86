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
from ..trace import format_value
from .feedback import Feedback, check_value, same
from .feedback import describe_error as _describe_error
from .feedback import learner_check

__all__ = ["HORIZON_BOARD", "LONG_WIN_BOARD", "MATCH_DEPTHS", "check_evaluate", "check_depth1_move", "check_winning_depth"]

#: O threatens the top row; blocking at 2 also gives X a fork. X to move.
HORIZON_BOARD = ["O", "O", 2, 3, 4, "X", "X", 7, 8]
#: X to move can force a win by 0, but the win lies five plies ahead.
LONG_WIN_BOARD = [0, "X", 2, 3, 4, 5, "O", 7, 8]



@learner_check
def check_evaluate(evaluate: Callable) -> Feedback:
    """Check a tic-tac-toe heuristic ``evaluate(board)`` (the board in the tutorial's list form)
    by how it plays.

    It must return a number strictly between -1 and +1 on every unfinished board (so a
    guess never outweighs a real win). Then it plays a match against the package's
    open-lines heuristic (:meth:`TicTacToe.evaluate`): from each of the 72 positions after
    two moves, one game with the learner's evaluate choosing X's moves and one choosing
    O's, both sides searching :data:`MATCH_DEPTHS` plies. It passes when, at each depth,
    it wins at least as many games as it loses (the open-lines heuristic against itself
    breaks exactly even). The match is fixed, so the verdict is the same every time.

    >>> check_evaluate(TicTacToe().evaluate)
    Right: your evaluate gives a number strictly between -1 and +1 on all 4,520 unfinished boards, and plays at least as well as the open-lines heuristic: searching 1 ply it won 57, drew 30 and lost 57 of 144 games; searching 2 plies it won 21, drew 102 and lost 21.
    >>> check_evaluate(lambda board: 0)
    Not yet: your evaluate plays worse than the open-lines heuristic: searching 1 ply it won 44, drew 7 and lost 93 of 144 games. One game it lost: from X 0, O 1, with your evaluate playing X, the game went X 2, O 4, X 3, O 7 (O wins).
    Hint: a guess of 0 everywhere cannot tell positions apart, so every move is the first empty cell unless a move wins at once. Count what matters for winning: a line holding only your marks is a chance, two of them on it is a threat.
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
                f"evaluate({list(board)!r}) returned {format_value(value)}, but a guess must stay strictly "
                "between -1 and +1: only a finished game is worth a full ±1.",
                hint="divide your count by a number larger than the biggest count can be "
                     "(the package divides its open-line count, at most 8, by 9).",
            )
        scores[shown] = value
    results = []
    for depth in MATCH_DEPTHS:
        try:
            won, drawn, lost, example = _match(game, evaluate, depth)
        except Exception as err:  # pragma: no cover - every board was tried above
            return Feedback(False, f"a search with your evaluate failed: {_describe_error(err)}.")
        plies = "1 ply" if depth == 1 else f"{depth} plies"
        results.append(f"searching {plies} it won {won}, drew {drawn} and lost {lost}")
        if won < lost:
            flat = len(set(scores.values())) == 1
            return Feedback(
                False,
                f"your evaluate plays worse than the open-lines heuristic: {results[-1]} of "
                f"{2 * len(_openings())} games. One game it lost: {example}.",
                hint=("a guess of 0 everywhere cannot tell positions apart, so every move is the first "
                      "empty cell unless a move wins at once. " if flat and 0 in scores.values() else
                      "a guess that is the same everywhere cannot tell positions apart. " if flat else
                      "larger numbers must mean better for X, whoever is to move; is the sign right? "
                      if _against_open_lines(game, scores) else
                      "look at the lost game: which threat did your evaluate not see? ")
                     + "Count what matters for winning: a line holding only your marks is a chance, "
                       "two of them on it is a threat.",
            )
    return Feedback(
        True,
        f"your evaluate gives a number strictly between -1 and +1 on all {len(scores):,} unfinished "
        f"boards, and plays at least as well as the open-lines heuristic: {results[0]} of "
        f"{2 * len(_openings())} games; {results[1]}.",
    )


#: The depths of the match :func:`check_evaluate` plays: 1 ply (the heuristic alone picks
#: each move) and 2 plies (the search sees the opponent's immediate win).
MATCH_DEPTHS = (1, 2)


@lru_cache(maxsize=1)
def _openings() -> tuple:
    """The 72 positions after two moves, in move order: where the match's games start."""
    game = TicTacToe()
    return tuple((a, b, game.play(game.play(game.state(), a), b))
                 for a in game.moves(game.state()) for b in game.moves(game.play(game.state(), a)))


def _against_open_lines(game, scores: dict) -> bool:
    """True when most of the learner's non-zero guesses have the opposite sign to open lines'."""
    agree = opposite = 0
    for shown, value in scores.items():
        ref = game.evaluate(shown)
        if ref and value:
            agree += (value > 0) == (ref > 0)
            opposite += (value > 0) != (ref > 0)
    return opposite > agree


def _match(game, evaluate: Callable, depth: int) -> tuple[int, int, int, str]:
    """Wins, draws and losses of ``evaluate`` against the open-lines heuristic, and a lost game in words."""
    won = drawn = lost = 0
    example = ""
    for a, b, start in _openings():
        for mine in ("X", "O"):
            state, played = start, []
            while not game.is_terminal(state):
                mover = game.player(state)
                guess = evaluate if mover == mine else game.evaluate
                move = minimax(game, state, depth=depth, evaluate=guess, record=False).move
                played.append(f"{mover} {move}")
                state = game.play(state, move)
            result = game.utility(state) * (1 if mine == "X" else -1)
            won, drawn, lost = won + (result > 0), drawn + (result == 0), lost + (result < 0)
            if result < 0 and not example:
                example = (f"from X {a}, O {b}, with your evaluate playing {mine}, the game went "
                           f"{', '.join(played)} ({game.result_text(state)})")
    return won, drawn, lost, example


@learner_check
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
    if same(answer, best) and not same(answer, expected):
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


@learner_check
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
