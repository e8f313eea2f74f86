"""Checks for lesson 04, Depth and Heuristics: your own depth-limited minimax, a heuristic of
your own, and the horizon.

Each check returns a :class:`~minimax_viz.exercises.feedback.Feedback` ("Right: ..." or
"Not yet: ..." with a hint) and never raises, whatever the learner's code does. The
learner's minimax is the note's pseudocode ``minimax(state, depth, is_max)`` written on the
Game interface as ``minimax(game, state, depth) -> (value, move)``, the signature lesson 10
checks again; :func:`draw_your_minimax` draws its tree beside the package's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from numbers import Real
from typing import Any, Callable

from ..games import TicTacToe
from ..games.base import Game
from ..search import minimax
from ..trace import format_value
from .feedback import Feedback, check_value, same
from .feedback import describe_error as _describe_error
from ..clock import Raised as _Raised, Stopped as _Stop, bounded as _bounded, time_limit as _time_limit
from .searches import (
    TWO_DEPTHS,
    TWO_DEPTHS_GUESSES,
    GraphGame,
    SearchFeedback,
    check_search,
    show_search,
    with_note_words,
)
from .feedback import learner_check

__all__ = [
    "HORIZON_BOARD", "LONG_WIN_BOARD", "MATCH_DEPTHS", "MAX_SEARCHES", "DepthCase", "check_minimax",
    "draw_your_minimax", "check_evaluate", "check_depth1_move", "depth_cases",
    "check_smallest_depth",
]

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

    Parameters
    ----------
    evaluate : callable
        The learner's ``evaluate(board)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_evaluate(TicTacToe().evaluate)
    Right: your evaluate gives a number strictly between -1 and +1 on all 4,520 unfinished boards, and plays at least as
    well as the open-lines heuristic: searching 1 ply it won 57, drew 30 and lost 57 of 144 games; searching 2 plies it
    won 21, drew 102 and lost 21.
    >>> check_evaluate(lambda board: 0)
    Not yet: your evaluate plays worse than the open-lines heuristic: searching 1 ply it won 44, drew 7 and lost 93 of
    144 games. One game it lost: from X 0, O 1, with your evaluate playing X, the game went X 2, O 4, X 3, O 7 (O wins).
    Hint: a guess of 0 everywhere cannot tell positions apart, so every move is the first empty cell unless a move wins
    at once. Count what matters for winning: a line holding only your marks is a chance, two of them on it is a threat.
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

    Parameters
    ----------
    answer : object
        The learner's prediction, a cell index.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_depth1_move(2)
    Not yet: 2 is not the move a depth-1 search picks.
    Hint: 2 blocks O's row, and a full search plays it; but a depth-1 search looks at X's moves only and scores each
    board with evaluate, without looking at O's reply. Compare game.evaluate(game.play(board, m)) for each empty cell m.
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


# -- exercise: your own depth-limited minimax ------------------------------------------------

@learner_check
def check_minimax(fn: Callable) -> SearchFeedback:
    """Check a learner's depth-limited ``minimax(game, state, depth) -> (value, move)``: the
    note's pseudocode on the Game interface (:func:`minimax_viz.exercises.searches.check_search`
    on 17 games it has not seen: depth limits odd and even, the depth running out at Min
    nodes, finished games exactly at the limit, a position met at two depths, tic-tac-toe).
    Moves are tried in ``game.moves(state)`` order. Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``minimax(game, state, depth)``.

    Returns
    -------
    SearchFeedback
        The verdict; ``.show()`` draws the two trees on a "Not yet".

    Examples
    --------
    >>> from minimax_viz.exercises.lesson10 import reference_minimax
    >>> check_minimax(reference_minimax)
    Right: your minimax gives the right value and move on all 17 games, node by node: depth limits odd and even,
    finished games at the limit, two Min agents in a row, ties (at zero too), a position met at two depths, and one
    met twice under two windows, tic-tac-toe with X and O to move (moves tried in game.moves order). Keep it: lesson
    05 adds a window to it, and lesson 10 checks it again.
    """
    verdict = check_search(fn, "minimax")
    if verdict.ok:
        verdict.message += " Keep it: lesson 05 adds a window to it, and lesson 10 checks it again."
        return verdict
    return with_note_words(verdict, fn, "minimax")


def draw_your_minimax(fn: Callable, game: Game, state: Any = None, depth: int | None = None):
    """Draw a learner's minimax on one position (``depth=None``: to the end) beside the
    package's: the right tree above theirs with the first node where they part marked, or
    their own tree when the two agree call for call. Returns the verdict in words, or an
    :class:`~minimax_viz.exercises.feedback.Unfinished` line while ``fn`` is still the stub
    (nothing is drawn then). Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's search, ``fn(game, state, depth)``.
    game : Game
        The game.
    state : object, optional
        The position (``None``: the game's start).
    depth : int or None, optional
        The depth limit (``None``: to the end).

    Returns
    -------
    SearchFeedback or Unfinished
        The verdict (its words under the drawing), or the line saying what to finish first.

    Raises
    ------
    MinimaxError
        For a ``state`` that is not a position of ``game``.

    Examples
    --------
    >>> def minimax(game, state, depth):
    ...     raise NotImplementedError("your code here")
    >>> draw_your_minimax(minimax, TicTacToe(), TicTacToe.TUTORIAL_BOARD, 2)
    Not yet: finish exercise 1 above first: minimax is still the stub
    """
    game.state(state)
    return show_search(fn, "minimax", game, state, depth, exercise="exercise 1")


# -- exercise: how deep must the search look? ------------------------------------------------

@dataclass(frozen=True)
class DepthCase:
    """One question :func:`check_smallest_depth` asks: from ``state`` of ``game``, the
    smallest depth at which the search plays ``move``, trying depths 1 to ``max_depth``
    (None: the function's own default, 9).

    Parameters
    ----------
    name : str
        The question's position in words.
    game : Game
        The game.
    state : object
        The position searched.
    move : object
        The move asked about.
    max_depth : int or None, optional
        The deepest depth to try (``None``: the function's own default).
    """

    name: str
    game: Game
    state: Any
    move: Any
    max_depth: int | None = None


def depth_cases() -> list[DepthCase]:
    """The questions :func:`check_smallest_depth` asks, none of them the lesson's board.

    Returns
    -------
    list of DepthCase
        The questions.

    Examples
    --------
    >>> [(c.name, c.move, c.max_depth) for c in depth_cases()][:2]
    [("the board '..O.....X'", 4, 8), ("the board 'X....OX..'", 1, 6)]
    """
    ttt = TicTacToe()
    graph = GraphGame(TWO_DEPTHS, TWO_DEPTHS_GUESSES)

    def board(text, move, max_depth=None):
        return DepthCase(f"the board {text!r}", ttt, ttt.state(text), move, max_depth)

    return [
        board("..O.....X", 4, 8),    # the centre from depth 1 on
        board("X....OX..", 1, 6),    # moves 4, 3, 3, 1, 1, 1: first at depth 4
        board("...O...X.", 4, 7),    # moves 0, 0, 4, 0, 4, ...: first at depth 3, though depth 4 plays 0 again
        board(".O...X.X.", 6, 6),    # only at depth 6, the last one tried
        board(".O...X.X.", 6, 5),    # not up to depth 5: None
        board("X....O...", 8),       # never, up to the default 9: None
        DepthCase("a graph game's start R", graph, "R", 1, 4),   # moves 0, 0, 1, 1: first at depth 3
    ]


#: Searches :func:`check_smallest_depth` lets one question make before it stops the learner's function.
MAX_SEARCHES = 40


class _WatchedSearch:
    """The package's minimax as ``search(game, state, depth) -> (value, move)``, noting the
    depths it is asked for; past :data:`MAX_SEARCHES` it stops the learner's function."""

    __name__ = "search"

    def __init__(self):
        self.depths: list = []

    def __call__(self, game, state, depth=None, *args, **kwargs):
        self.depths.append(depth)
        if len(self.depths) > MAX_SEARCHES:
            raise _Stop(f"more than {MAX_SEARCHES} searches")
        limit = None if isinstance(depth, Real) and math.isinf(depth) else depth
        result = minimax(game, state, depth=limit, record=False)
        return result.score, result.move


def _smallest(case: DepthCase) -> tuple[list, int | None]:
    """The engine's move at each depth from 1 to the limit, and the first depth that plays the move."""
    limit = case.max_depth or 9
    moves = [minimax(case.game, case.state, depth=d, record=False).move for d in range(1, limit + 1)]
    return moves, next((d for d, m in enumerate(moves, 1) if m == case.move), None)


@learner_check
def check_smallest_depth(fn: Callable) -> Feedback:
    """Check ``smallest_depth(search, game, state, move, max_depth=9)``: the smallest depth
    ``d`` from 1 to ``max_depth`` at which ``search(game, state, d)`` plays ``move`` (its
    second item), or None when none does. It is asked the questions of :func:`depth_cases`
    with the package's minimax as ``search``; the verdict says which depth plays what.
    Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``smallest_depth(search, game, state, move, max_depth=9)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> def smallest_depth(search, game, state, move, max_depth=9):
    ...     for depth in range(1, max_depth + 1):
    ...         if search(game, state, depth)[1] == move:
    ...             return depth
    ...     return None
    >>> check_smallest_depth(smallest_depth)
    Right: smallest_depth finds the first depth that plays the move on all 7 questions, and None where no depth up to
    max_depth does.
    >>> def last_depth(search, game, state, move, max_depth=9):
    ...     found = None
    ...     for depth in range(1, max_depth + 1):
    ...         if search(game, state, depth)[1] == move:
    ...             found = depth
    ...     return found
    >>> check_smallest_depth(last_depth)  # doctest: +ELLIPSIS
    Not yet: on the board '..O.....X', asked for move 4 with max_depth=8: it returned 3, but the search already plays 4
    at depth 1; ...
    """
    name = getattr(fn, "__name__", "smallest_depth")
    if name == "<lambda>":
        name = "smallest_depth"
    if not callable(fn):
        return Feedback(False, f"the check takes your smallest_depth function itself, not {_short(fn)}.",
                        hint="pass the function's name, without calling it: check_smallest_depth(smallest_depth).")
    cases = depth_cases()
    answers: list = []   # (question, answer) of the questions so far where search was called
    for case in cases:
        moves, want = _smallest(case)
        limit = case.max_depth or 9
        search = _WatchedSearch()
        args = (search, case.game, case.state, case.move) + (() if case.max_depth is None else (case.max_depth,))
        asked = f"on {case.name}, asked for move {case.move!r}" + (
            "" if case.max_depth is None else f" with max_depth={case.max_depth}")
        table = f"(the search plays {', '.join(map(str, moves))} at depths 1 to {limit})"
        seconds = _time_limit()
        try:
            got = _bounded(fn, *args, seconds=seconds)
        except _Stop:
            return Feedback(False, f"{asked}: it kept searching (more than {MAX_SEARCHES} searches, or "
                            f"{seconds:g} s): try each depth from 1 to max_depth once, then stop.",
                            hint=_DEPTH_HINT)
        except Exception as err:  # the learner's code: any error becomes words
            err = err.err if isinstance(err, _Raised) else err
            hint = ("give max_depth a default, def smallest_depth(search, game, state, move, max_depth=9)."
                    if case.max_depth is None and isinstance(err, TypeError) and "max_depth" in str(err)
                    else _DEPTH_HINT)
            return Feedback(False, f"{asked}: {_describe_error(err)}.", hint=hint)
        if not search.depths:
            return _no_search_now(asked, name, got, answers)
        answers.append((case.name, got))
        words = _depth_words(got, want, moves, case.move, limit)
        if words is not None:
            return Feedback(False, f"{asked}: {words} {table}.", hint=_DEPTH_HINT)
    return Feedback(True, f"{name} finds the first depth that plays the move on all {len(cases)} questions, and "
                          "None where no depth up to max_depth does.")


def _no_search_now(asked: str, name: str, got, answers: list) -> Feedback:
    """The learner's function answered without a search: never yet (no ``answers``), or though it
    searched on the questions before (``answers``: (question, answer)), where an answer one of
    them gave is kept between calls."""
    if not answers:
        return Feedback(False, f"{asked}: {name} never called search, the search it is given.",
                        hint="call search(game, state, depth) for depth = 1, 2, ...: the lesson hands it your own "
                             "minimax, the check the package's.")
    earlier = [q for q, a in answers if same(a, got)]
    head = (f"{asked}: {name} returned {_short(got)} without calling search this time, though it called search "
            f"on the earlier question{'s' * (len(answers) > 1)}")
    if earlier:
        return Feedback(False, f"{head}, and {_short(got)} is its answer to {earlier[-1]}: it answered from "
                        "something kept from that call, not from this game and state.",
                        hint="search each question anew; whatever you keep from one call to the next must be keyed "
                             "by everything the answer depends on (game, state, move and max_depth).")
    return Feedback(False, f"{head}: each answer comes from trying depths 1, 2, ... with search on this game and "
                    "state.", hint=_DEPTH_HINT)


_DEPTH_HINT = ("try depth = 1, 2, ..., max_depth in turn (range(1, max_depth + 1)) and return the first depth whose "
               "search plays the move: search(game, state, depth) returns (value, move), so compare its second item; "
               "after the loop, return None.")


def _depth_words(got, want, moves: list, move, limit: int) -> str | None:
    """What is wrong with ``got`` as the first depth (``want``) at which the search plays ``move``."""
    if isinstance(got, bool) or not (got is None or isinstance(got, int) or _whole(got)):
        return f"it returned {_short(got)}; return a depth, a whole number from 1 to max_depth, or None"
    if got is not None:
        got = int(got)
    if got == want:
        return None
    if got is None:
        if want == limit:
            return (f"it returned None, but at depth {limit}, the last one to try, the search plays {move!r}: "
                    "try max_depth too, range(1, max_depth + 1)")
        return (f"it returned None, but at depth {want} the search plays {move!r}: return the first depth "
                "at which search(game, state, depth)[1] == move")
    if got <= 0:
        return f"it returned {got}, but depth {got} searches no move at all: start at depth 1"
    if got > limit:
        return (f"it returned {got}, but max_depth is {limit}: try depths up to max_depth only, and return None "
                "when none of them plays the move" if want is None else
                f"it returned {got}, past max_depth={limit}; the search plays {move!r} at depth {want}")
    if moves[got - 1] != move:
        return f"it returned {got}, but at depth {got} the search plays {moves[got - 1]!r}, not {move!r}"
    if want is None:  # pragma: no cover - a depth that plays the move is found by _smallest
        return None
    return (f"it returned {got}, but the search already plays {move!r} at depth {want}; return the first depth "
            "that plays it, trying 1, 2, 3, ... in turn")


def _whole(x) -> bool:
    """A whole number in another type: ``5.0``, numpy's ``int64(5)``."""
    try:
        number = isinstance(x, Real) or (hasattr(x, "item") and getattr(x, "shape", None) == ())
        return number and float(x).is_integer()
    except (TypeError, ValueError, OverflowError):
        return False


def _short(x) -> str:
    try:
        text = repr(x)
    except Exception:  # a learner's object whose repr raises
        text = f"an object of type {type(x).__name__}"
    if " at 0x" in text:
        text = f"an object of type {type(x).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."

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
