"""Checks for lesson 11, chess: the learner's own alpha-beta on real positions, an evaluation
of their own, and a quiescence search that looks past the horizon at captures.

The positions are written as FEN strings; moves are UCI strings (``"a1a8"``), as
:class:`~minimax_viz.Chess` names them. Each check runs the learner's function and compares
it with the package's own answer, naming the first place where they part: the first call of
a search (:func:`~minimax_viz.exercises.searches.compare_search`), the first position whose
verdict an evaluation gets wrong, the first capture a quiescence search plays (or skips)
where the reference does not.

>>> check_evaluate(lambda board: 0)
Not yet: on a queen up: your evaluation gives 0 to 'rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
where White has a queen more: give it more than 0 (count the material first).
Hint: add up the pieces' values for White (pawn 1, knight 3, bishop 3, rook 5, queen 9) and subtract Black's.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any, Callable

import chess

from ..games import Chess
from ..games.forwarding import ForwardingGame
from ..search import alphabeta
from ..trace import format_value
from .feedback import Feedback, describe_error, learner_check, shown
from .searches import SearchFeedback, compare_search, show_search

__all__ = [
    "MATE_IN_ONE", "MATE_IN_TWO", "HORIZON", "SEARCH_CASES", "VERDICTS", "OPENINGS", "QUIESCENCE_CASES",
    "check_alphabeta", "draw_your_search", "check_evaluate", "play_evaluations", "check_quiescence",
    "with_quiescence",
]

#: A back-rank mate in one: 1.Ra8#, the rook's check along the eighth rank, the king walled
#: in by its own pawns.
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
#: Paul Morphy's problem, mate in two: 1.Ra6! and 2.b7# or 2.bxa7# whatever Black plays.
MATE_IN_TWO = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"
#: The horizon: the queen can take a pawn on d5 that the pawn on e6 defends (1.Qxd5?? exd5).
HORIZON = "6k1/5ppp/4p3/3p4/8/8/5PPP/3Q2K1 w - - 0 1"

#: The positions :func:`check_alphabeta` searches: (words, FEN, depth), small first.
SEARCH_CASES = [
    ("the back-rank mate in one", MATE_IN_ONE, 1),
    ("the same position searched 2 plies deep (Black's replies scored by the evaluation)", MATE_IN_ONE, 2),
    ("Black to move: the back-rank mate the other way", "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", 2),
    ("the horizon position, 2 plies deep", HORIZON, 2),
    ("Morphy's mate in two, 3 plies deep", MATE_IN_TWO, 3),
]


# -- exercise 1: your alpha-beta on chess ------------------------------------------------------

@learner_check
def check_alphabeta(fn: Callable) -> Feedback:
    """Check a learner's ``alphabeta(game, state, depth, alpha=-math.inf, beta=math.inf) ->
    (value, move)`` from lesson 05, unchanged, on the chess positions of :data:`SEARCH_CASES`
    (mates in one and two, Black to move, the horizon position): call by call against
    :func:`~minimax_viz.alphabeta`, windows and cuts included (cutting on ``>=`` or on ``>``).
    Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``alphabeta(game, state, depth, alpha, beta)``.

    Returns
    -------
    Feedback
        "Right: ..." or "Not yet: ..." naming the first call where the search parts from
        the package's; on a parting, ``.show()`` draws both trees.

    Examples
    --------
    >>> def alphabeta(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    ...     if game.is_terminal(state):
    ...         return game.utility(state), None
    ...     if depth == 0:
    ...         return game.evaluate(state), None
    ...     maximise = game.node_type(state) == "max"
    ...     best, best_move = (-math.inf if maximise else math.inf), None
    ...     for move in game.moves(state):
    ...         value, _ = alphabeta(game, game.play(state, move), depth - 1, alpha, beta)
    ...         if (value > best) if maximise else (value < best):
    ...             best, best_move = value, move
    ...         if maximise:
    ...             alpha = max(alpha, best)
    ...         else:
    ...             beta = min(beta, best)
    ...         if alpha >= beta:
    ...             break
    ...     return best, best_move
    >>> check_alphabeta(alphabeta)
    Right: your alpha-beta searches all 5 chess positions call for call as mv.alphabeta does (the mate in two in
    382 calls) and finds the mates: a1a8 in one, a1a6 to mate in two.
    """
    name = getattr(fn, "__name__", "your function")
    if not callable(fn):
        return Feedback(False, f"the check takes your alpha-beta function itself, but it got {shown(fn)}.",
                        hint="pass the function's name, without calling it: check_alphabeta(alphabeta)")
    game = Chess()
    words, fen, depth = SEARCH_CASES[0]
    try:
        fn(game, game.state(fen), depth)
    except Exception as err:  # the learner's code: its error becomes words
        return Feedback(False, f"on {words}: {name}(game, state, {depth}): {describe_error(err)}.")
    calls = 0
    for words, fen, depth in SEARCH_CASES:
        verdict = compare_search(fn, "alphabeta", game, fen, depth)
        if not verdict:
            message = getattr(verdict, "message", str(verdict))
            if isinstance(verdict, SearchFeedback):
                verdict.message = f"on {words} ({fen}): {message.removeprefix('on this position: ')}"
                return verdict
            return Feedback(False, f"on {words}: {message}")
        calls = verdict.run.mine.stats.calls
    return Feedback(True, f"your alpha-beta searches all {len(SEARCH_CASES)} chess positions call for call as "
                    f"mv.alphabeta does (the mate in two in {calls} calls) and finds the mates: "
                    f"{alphabeta(game, MATE_IN_ONE, depth=1, record=False).move} in one, "
                    f"{alphabeta(game, MATE_IN_TWO, depth=3, record=False).move} to mate in two.")


def draw_your_search(fn: Callable, state: Any = MATE_IN_TWO, depth: int = 3):
    """Draw a learner's alpha-beta on a chess position (Morphy's mate in two unless given),
    compared with the package's: their own tree when they agree, else the right tree above
    theirs with the first parting marked. Returns the verdict, or an
    :class:`~minimax_viz.exercises.feedback.Unfinished` line while ``fn`` is the stub.
    Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``alphabeta(game, state, depth)``.
    state : str or chess.Board, optional
        The position, as a FEN (:data:`MATE_IN_TWO` unless given).
    depth : int, optional
        The depth limit (3 unless given: a mate in two is three plies).

    Returns
    -------
    SearchFeedback or Unfinished
        The verdict (its words under the drawing), or what to finish first.

    Raises
    ------
    InvalidBoard
        For a ``state`` that is not a chess position.

    Examples
    --------
    >>> def alphabeta(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    ...     raise NotImplementedError("your code here")
    >>> draw_your_search(alphabeta)
    Not yet: finish exercise 1 above first: alphabeta is still the stub
    """
    game = Chess()
    game.state(state)
    return show_search(fn, "alphabeta", game, state, depth, exercise="exercise 1")


# -- exercise 2: an evaluation of your own -------------------------------------------------------

_START = chess.STARTING_FEN
#: The positions of known verdict :func:`check_evaluate` asks about, in order: (words, FEN,
#: FEN or None, sign). With one FEN, the evaluation's sign must be ``sign``; with two, the
#: first must score more than the second for White (``sign`` 1).
VERDICTS = [
    ("a queen up", "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", None, 1),
    ("a queen down", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", None, -1),
    ("a rook up against a knight up", "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w Qkq - 0 1", 1),
    ("a pawn up, Black to move", "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", None, 1),
    ("equal material: 1.e4 (the bishop and the queen let out) against 1.h3",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/7P/PPPPPPP1/RNBQKBNR b KQkq - 0 1", 1),
    ("equal material: a knight in the centre (1.Nf3) against one on the rim (1.Nh3)",
     "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1",
     "rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R b KQkq - 1 1", 1),
    ("equal material: White's king behind its pawns against the same king with the pawns pushed away from it",
     "r4rk1/5ppp/8/8/8/8/5PPP/R4RK1 w - - 0 1", "r4rk1/5ppp/8/8/5PPP/8/8/R4RK1 w - - 0 1", 1),
]
#: Where the symmetry of an evaluation is tried too: Kiwipete, a busy middlegame.
_BUSY = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#: The openings :func:`play_evaluations` plays from, each with either colour.
OPENINGS = (("e2e4", "e7e5"), ("d2d4", "d7d5"))
#: The plies each game of :func:`play_evaluations` lasts, and the depth each side searches.
_PLIES, _DEPTH = 24, 2
#: No evaluation of a position in play reaches this: a mate scores more (Chess.utility).
_CEILING = 100


def _number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool) and not math.isnan(value)


def _score(fn: Callable, fen: str) -> tuple[Any, str | None]:
    """``fn`` on a fresh board of ``fen``: its value, or the words for what went wrong."""
    board = chess.Board(fen)
    try:
        value = fn(board)
    except Exception as err:  # the learner's code: its error becomes words
        return None, f"your evaluation of {fen!r}: {describe_error(err)}"
    if hasattr(value, "item") and getattr(value, "shape", None) == ():
        value = value.item()
    if not _number(value):
        return None, f"your evaluation returned {shown(value)} for {fen!r}; return a number (pawns, for White)"
    if abs(value) >= _CEILING:
        return None, (f"your evaluation gives {format_value(value)} to {fen!r}, beyond ±{_CEILING}: keep a guess "
                      "well below a mate's score (about 1,000) so a real mate always counts for more")
    if board.fen() != fen:
        return None, (f"your evaluation changed the board it was given ({fen!r} became {board.fen()!r}); read it, "
                      "or work on board.copy()")
    return value, None


def _verdict_problem(fn: Callable, words: str, fen: str, other: str | None, sign: int) -> str | None:
    value, problem = _score(fn, fen)
    if problem is not None:
        return problem
    if other is None:
        if (value > 0) if sign > 0 else (value < 0):
            return None
        side = "White" if sign > 0 else "Black"
        want = "more than 0" if sign > 0 else "less than 0"
        return (f"on {words}: your evaluation gives {format_value(value)} to {fen!r}, where {side} has "
                f"{'a queen more' if 'queen' in words else 'more material'}: give it {want} (count the material "
                "first)")
    second, problem = _score(fn, other)
    if problem is not None:
        return problem
    if value > second:
        return None
    same = "the same" if value == second else "less"
    return (f"on {words}: your evaluation gives {format_value(value)} to {fen!r} and {format_value(second)} to "
            f"{other!r}; the first is better for White, but it gets {same}")


def _symmetry_problem(fn: Callable) -> str | None:
    """Words for the first position whose colour-flipped twin does not score the opposite."""
    for fen in [_START, _BUSY] + [v[1] for v in VERDICTS] + [v[2] for v in VERDICTS if v[2]]:
        mirrored = chess.Board(fen).mirror().fen()
        value, problem = _score(fn, fen)
        twin, problem2 = _score(fn, mirrored)
        if problem or problem2:
            return problem or problem2
        if not math.isclose(value, -twin, rel_tol=1e-9, abs_tol=1e-9):
            return (f"your evaluation is not fair to both colours: it gives {format_value(value)} to {fen!r} but "
                    f"{format_value(twin)}, not {format_value(-value)}, to the same position with the colours "
                    f"swapped ({mirrored!r}); score each Black piece as White's, with the sign turned")
    return None


@learner_check
def check_evaluate(fn: Callable) -> Feedback:
    """Check a learner's ``evaluate(board) -> number``: a guess at a chess position's value
    for White, in pawns, given a python-chess board.

    It must get the verdicts of :data:`VERDICTS` (a queen up is better; a rook up beats a
    knight up; with equal material the side with more mobility, and the king behind its
    pawns, is better), score each position and its colour-flipped twin
    (``board.mirror()``) opposite, stay within ±100 (a mate scores more) and leave the
    board as it was; then, in play (:func:`play_evaluations`), finish ahead in material in
    more of the games against material alone than behind. Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``evaluate(board)``.

    Returns
    -------
    Feedback
        "Right: ..." or "Not yet: ..." naming the first position where it disagrees;
        ``.games`` holds the games' final positions when they were played.

    Examples
    --------
    >>> check_evaluate(lambda board: len(board.piece_map()))
    Not yet: on a queen down: your evaluation gives +31 to 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1',
    where Black has a queen more: give it less than 0 (count the material first).
    Hint: add up the pieces' values for White (pawn 1, knight 3, bishop 3, rook 5, queen 9) and subtract Black's.
    """
    if not callable(fn):
        return Feedback(False, f"the check takes your evaluation function itself, but it got {shown(fn)}.",
                        hint="pass the function's name, without calling it: check_evaluate(my_evaluate)")
    material_hint = ("add up the pieces' values for White (pawn 1, knight 3, bishop 3, rook 5, queen 9) and "
                     "subtract Black's.")
    for words, fen, other, sign in VERDICTS:
        problem = _verdict_problem(fn, words, fen, other, sign)
        if problem is not None:
            hint = material_hint if other is None or "rook" in words else (
                "add what material cannot see: the squares each piece attacks (len(board.attacks(square))), "
                "and for each king the pawns of its own colour beside it" if "king" in words else
                "add the squares each piece attacks (len(board.attacks(square))), White's minus Black's, "
                "times a small weight such as 0.05, so that material still comes first.")
            return Feedback(False, problem + ".", hint=None if problem.startswith("your evaluation") else hint)
    problem = _symmetry_problem(fn)
    if problem is not None:
        return Feedback(False, problem + ".")
    games = play_evaluations(fn)
    ahead = sum(1 for g in games if g["ahead"] > 0)
    behind = sum(1 for g in games if g["ahead"] < 0)
    tally = f"{ahead} ahead, {behind} behind, {len(games) - ahead - behind} level"
    verdict = Feedback(ahead > behind, (
        f"your evaluation gets all {len(VERDICTS)} verdicts, is fair to both colours, and in play "
        f"({len(games)} games of {_PLIES} plies, both sides searching {_DEPTH} plies) it finished {tally} in "
        "material against material alone." if ahead > behind else
        f"your evaluation gets all {len(VERDICTS)} verdicts, but in play ({len(games)} games of {_PLIES} plies, "
        f"both sides searching {_DEPTH} plies) it finished {tally} in material against material alone: "
        "it should come out ahead more often than behind."), hint=None if ahead > behind else (
        "weigh what lets pieces act (the squares they attack) enough to matter when material is level, "
        "and keep material first."))
    verdict.games = games
    return verdict


def play_evaluations(fn: Callable, *, openings=OPENINGS, plies: int = _PLIES, depth: int = _DEPTH) -> list[dict]:
    """Play ``fn`` against material alone (:meth:`Chess.evaluate`): from each opening, once
    with either colour, each side choosing its moves by :func:`~minimax_viz.alphabeta` to
    ``depth`` plies with its own evaluation, for ``plies`` half-moves (or to the end).

    Parameters
    ----------
    fn : callable
        An evaluation, ``fn(board) -> number`` for White.
    openings : sequence of sequence of str, optional
        The first moves of each game, in UCI (:data:`OPENINGS` unless given).
    plies : int, optional
        The half-moves each game lasts after its opening (24 unless given).
    depth : int, optional
        The depth both sides search (2 unless given).

    Returns
    -------
    list of dict
        One per game: ``opening``, ``colour`` (``fn``'s side), ``fen`` (the final position),
        ``moves`` (UCI) and ``ahead``, ``fn``'s side's material lead at the end.

    Raises
    ------
    Exception
        Whatever ``fn`` raises (the check asks it about single positions first).

    Examples
    --------
    >>> [g["ahead"] for g in play_evaluations(Chess().evaluate, plies=2, openings=[("e2e4", "e7e5")])]
    [0, 0]
    """
    game = Chess()
    material = game.evaluate
    games = []
    for opening in openings:
        for colour in ("White", "Black"):
            state = game.state(None)
            for move in opening:
                state = game.play(state, move)
            moves = list(opening)
            for _ in range(plies):
                if game.is_terminal(state):
                    break
                own = (game.player(state) == colour)
                result = alphabeta(game, state, depth=depth, evaluate=fn if own else material, record=False)
                state = game.play(state, result.move)
                moves.append(result.move)
            lead = game.utility(state) if game.is_terminal(state) else material(state)
            games.append({"opening": " ".join(opening), "colour": colour, "fen": game.fen(state), "moves": moves,
                          "ahead": lead if colour == "White" else -lead})
    return games


# -- exercise 3: quiescence ----------------------------------------------------------------------

#: The positions :func:`check_quiescence` starts from: (words, FEN), small first.
QUIESCENCE_CASES = [
    ("the start position (no capture: the evaluation stands)", _START),
    ("the horizon position after 1.Qxd5, Black to move (the pawn takes back)",
     "6k1/5ppp/4p3/3Q4/8/8/5PPP/6K1 b - - 0 1"),
    ("the horizon position itself (White stands pat: Qxd5 loses the queen)", HORIZON),
    ("a capture that mates (1.Rxd8#)", "3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"),
    ("an exchange on d5 in the Queen's Gambit", "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4"),
    ("the Scotch, Black to move after 3.d4 (two captures on d4 and e5)",
     "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3"),
    ("the Italian, knights and bishops out on both sides (captures on e5, f7 and c5)",
     "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5"),
]


class _Watched(ForwardingGame):
    """A game that notes each position a search plays, as the line of moves from the root."""

    def __init__(self, game: Chess, root, limit: int = 20_000):
        super().__init__(game)
        self.lines = {game.key(root): ()}
        self.played: list[tuple] = []
        self.limit = limit

    def play(self, state, move):
        child = self.game.play(state, move)
        line = self.lines.get(self.game.key(state), ("?",)) + (self.game.move_name(state, move),)
        self.lines.setdefault(self.game.key(child), line)
        self.played.append(line)
        if len(self.played) > self.limit:
            raise _TooLong(f"it played more than {self.limit:,} positions")
        return child

    def successors(self, state):
        return tuple((move, self.play(state, move)) for move in self.moves(state))

    def is_capture(self, state, move) -> bool:
        return self.game.is_capture(state, move)


class _TooLong(Exception):
    pass


def _reference(game, state, alpha=-math.inf, beta=math.inf, *, on_equal=True, notes=None, line=()):
    """The reference quiescence: stand pat on ``game.evaluate``, then captures in
    ``game.moves`` order, alpha-beta's window and cuts (``>=``, or ``>`` with ``on_equal=False``)."""
    if game.is_terminal(state):
        return game.utility(state)
    best = game.evaluate(state)
    maximise = game.node_type(state) == "max"
    if notes is not None:
        notes[line] = (best, alpha, beta, maximise)
    for move in game.moves(state):
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha > beta or (on_equal and alpha == beta):
            break
        if game.is_capture(state, move):
            value = _reference(game, game.play(state, move), alpha, beta, on_equal=on_equal, notes=notes,
                               line=line + (game.move_name(state, move),))
            best = max(best, value) if maximise else min(best, value)
    return best


def _line_words(line: tuple) -> str:
    return "at the start" if not line else "after " + " ".join(line)


def _parting(game: Chess, fen: str, mine: list, right: list, notes: dict) -> str:
    """Words for the first position the learner's quiescence plays, or skips, where the
    reference does not."""
    i = next((k for k, (a, b) in enumerate(zip(mine, right)) if a != b), min(len(mine), len(right)))
    if i < len(mine):
        words = _extra_words(game, fen, mine[i], right, notes)
        if words is not None:
            return words
    want = right[i]
    got = f", but played {mine[i][-1]} there" if i < len(mine) and mine[i][:-1] == want[:-1] else ""
    later = " (it did, later: try the captures in game.moves order)" if want in mine else ""
    return (f"{_line_words(want[:-1])}, the reference plays the capture {want[-1]} next{got}; your quiescence "
            f"did not{later}. Try every capture, each with the window as it stands, until alpha >= beta")


def _extra_words(game: Chess, fen: str, line: tuple, right: list, notes: dict) -> str | None:
    """Words for a position the learner's quiescence played that the reference does not play
    (a quiet move, or a capture after the reference stopped); None when the reference plays it."""
    parent, move = line[:-1], line[-1]
    state = game.state(fen)
    for step in parent:
        state = game.play(state, step)
    if not game.is_capture(state, move):
        return (f"{_line_words(parent)}, your quiescence played {move}, a quiet move; past the horizon search "
                "only captures (game.is_capture(state, move))")
    if line in right:
        return None
    stand, alpha, beta, maximise = notes.get(parent, (None, None, None, None))
    if stand is not None and ((stand >= beta) if maximise else (stand <= alpha)):
        bound = f"beta = {format_value(beta)}" if maximise else f"alpha = {format_value(alpha)}"
        return (f"{_line_words(parent)}, your quiescence went on to play {move}, but there the side to move can "
                f"stand pat: game.evaluate gives {format_value(stand)}, already {'≥' if maximise else '≤'} "
                f"{bound}, so no capture is needed: return it")
    return (f"{_line_words(parent)}, your quiescence went on to play {move}, where the reference has stopped: "
            "once alpha >= beta the other captures cannot matter (and standing pat counts as the first value: "
            "alpha or beta moves to it before any capture)")


def _quiescence_case(fn: Callable, game: Chess, words: str, fen: str) -> Feedback | None:
    """The verdict on one position of :data:`QUIESCENCE_CASES`: None when the learner's
    quiescence plays what the reference plays (under either pruning rule) and returns its value."""
    name = getattr(fn, "__name__", "your function")
    root = game.state(fen)
    rights = []
    for on_equal in (True, False):
        watched, notes = _Watched(game, root), {}
        rights.append((_reference(watched, root, on_equal=on_equal, notes=notes), watched.played, notes))
    watched = _Watched(game, root)
    try:
        got = fn(watched, root)
    except _TooLong as err:
        return Feedback(False, f"on {words}: {err}; search captures only, and stop at a finished game.")
    except RecursionError:
        return Feedback(False, f"on {words}: {name} recursed without end (RecursionError); search only "
                               "captures, each from the position it leads to.")
    except Exception as err:  # the learner's code: its error becomes words
        return Feedback(False, f"on {words}: {name}(game, state): {describe_error(err)}.")
    if hasattr(got, "item") and getattr(got, "shape", None) == ():
        got = got.item()
    if isinstance(got, tuple) and len(got) == 2 and _number(got[0]):
        return Feedback(False, f"on {words}: {name} returned a pair {shown(got)}; return the value alone "
                               "(a quiescence search has no move to report).")
    matched = [r for r in rights if r[1] == watched.played]
    if not matched:
        return Feedback(False, f"on {words}: {_parting(game, fen, watched.played, rights[0][1], rights[0][2])}.",
                        hint="stand pat first (best = game.evaluate(state), and alpha or beta moves to it), "
                             "then try the captures in game.moves order, each with the window as it stands.")
    want = matched[0][0]
    if not _number(got) or not math.isclose(got, want, abs_tol=1e-9):
        return Feedback(False, f"on {words}: your quiescence plays the same positions as the reference but "
                               f"returns {shown(got)}, not {format_value(want)}.",
                        hint="a position is worth the best, for the side to move, of standing pat "
                             "(game.evaluate) and its captures' values; a finished game is worth game.utility.")
    return None


@learner_check
def check_quiescence(fn: Callable) -> Feedback:
    """Check a learner's ``quiesce(game, state, alpha=-math.inf, beta=math.inf) -> value``,
    the search past the horizon: stand pat on ``game.evaluate(state)`` (the side to move need
    not capture), then search only captures (``game.is_capture``), in ``game.moves`` order,
    with alpha-beta's window; a finished game scores ``game.utility``. It is compared on
    :data:`QUIESCENCE_CASES` with a reference quiescence, position by position: the
    positions it plays, in order (cutting on ``>=`` or on ``>``), and the value. Never raises
    on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``quiesce(game, state, alpha, beta)``.

    Returns
    -------
    Feedback
        "Right: ..." or "Not yet: ..." naming the first position where it parts.

    Examples
    --------
    >>> def quiesce(game, state, alpha=-math.inf, beta=math.inf):
    ...     return game.evaluate(state)          # stands pat and never looks at a capture
    >>> check_quiescence(quiesce)
    Not yet: on the horizon position after 1.Qxd5, Black to move (the pawn takes back): at the start, the reference
    plays the capture e6d5 next; your quiescence did not. Try every capture, each with the window as it stands, until
    alpha >= beta.
    Hint: stand pat first (best = game.evaluate(state), and alpha or beta moves to it), then try the captures in
    game.moves order, each with the window as it stands.
    """
    if not callable(fn):
        return Feedback(False, f"the check takes your quiescence function itself, but it got {shown(fn)}.",
                        hint="pass the function's name, without calling it: check_quiescence(quiesce)")
    game = Chess()
    for words, fen in QUIESCENCE_CASES:
        verdict = _quiescence_case(fn, game, words, fen)
        if verdict is not None:
            return verdict
    return Feedback(True, f"your quiescence plays the same captures as the reference, in the same order, and "
                    f"returns the same value on all {len(QUIESCENCE_CASES)} positions, from a quiet start to "
                    "an Italian game full of captures.")


class _Quiet(ForwardingGame):
    """A chess game whose ``evaluate`` is a learner's quiescence search from the position."""

    def __init__(self, game: Chess, quiesce: Callable):
        super().__init__(game)
        self.quiesce = quiesce

    def evaluate(self, state):
        return self.quiesce(self.game, state)

    def is_capture(self, state, move) -> bool:
        return self.game.is_capture(state, move)


def with_quiescence(quiesce: Callable, game: Chess | None = None) -> Chess:
    """Chess whose ``evaluate`` looks past the horizon: ``quiesce(game, state)``, the
    learner's quiescence search, from each position where a search's depth runs out. An
    alpha-beta that asks ``game.evaluate`` at depth 0 searches with quiescence, unchanged.

    Parameters
    ----------
    quiesce : callable
        ``quiesce(game, state, alpha, beta) -> value``, called with the full window.
    game : Chess or None, optional
        The chess game it asks (``None``: a new :class:`~minimax_viz.Chess`).

    Returns
    -------
    Game
        The game, every rule handed on, ``evaluate`` replaced.

    Raises
    ------
    InvalidOption
        When ``quiesce`` is not a function.

    Examples
    --------
    >>> deeper = with_quiescence(lambda game, state, alpha=-math.inf, beta=math.inf: 7)
    >>> deeper.evaluate(HORIZON)
    7
    """
    from ..errors import InvalidOption

    if not callable(quiesce):
        raise InvalidOption(f"with_quiescence takes your quiescence function, quiesce(game, state, alpha, beta), "
                            f"not {shown(quiesce)}")
    return _Quiet(Chess() if game is None else game, quiesce)
