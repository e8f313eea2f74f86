"""The capstone of lesson 10: a player of the learner's own against a ladder of reference
players, and an evaluation of the learner's own judged by the games it wins.

Both are played at Connect Four on 5 rows by 6 columns (:data:`LADDER_GAME`), in seeded
matches (:func:`minimax_viz.play_match`), so a verdict replays exactly. A player spends a
budget of positions (:mod:`minimax_viz.players` says what counts: every position a search
generates, the engine's and a learner's alike), so a correct alpha-beta written by the
learner climbs as far as the package's own on the same schedule.

>>> [name for name, _, _ in ladder()]
['random', 'greedy', 'alpha-beta to depth 2', 'the reference']
"""

from __future__ import annotations

import math
import random
import time
from numbers import Real
from typing import Callable

from ..games import ConnectFour
from ..players import (
    Budget, alphabeta_player, deepening_player, greedy_player, play_match, random_player,
)
from ..search import alphabeta, centre_first
from .feedback import Feedback, learner_check, shown
from ..clock import call_learner

__all__ = [
    "check_player", "LadderFeedback", "ladder", "wilson_lower", "chance_to_pass", "LADDER_GAME", "LADDER_BUDGET",
    "LADDER_SEED", "check_evaluate", "EvaluationFeedback", "no_guess", "EVALUATE_DEPTH", "EVALUATE_GAMES",
]

# -- a player against the ladder ------------------------------------------------------------------

#: The board of the ladder: Connect Four on 5 rows by 6 columns, whose games are short
#: enough for a match of dozens of games in about a second.
LADDER_GAME = ConnectFour(rows=5, cols=6)
#: Positions per move for every player of the ladder's matches (each position a search
#: generates costs one: see :mod:`minimax_viz.players`).
LADDER_BUDGET = 100
#: The seed of the ladder's openings (the same for every learner: a verdict replays exactly).
LADDER_SEED = 2026
#: The most seconds the whole check may take: past them, a slow player is stopped in words.
CHECK_SECONDS = 20.0
#: The confidence of a verdict: a rung is beaten when the lower end of the 95% interval
#: of the score share is above one half.
Z_95 = 1.96


def ladder() -> list[tuple[str, object, int]]:
    """The rungs in order: (name, player, games played against it): random, greedy (one
    ply), alpha-beta to depth 2 and the package's reference (iterative deepening). Their
    strengths are measured, not assumed (``tests/test_players.py`` plays them against each
    other at :data:`LADDER_BUDGET` positions a move on this board): random far below greedy,
    greedy far below the last two, which are alike (neither beats the other by the check's
    rule). The rungs above the pass line play 16 games, to keep the check within a second.

    Returns
    -------
    list of tuple
        ``(name, player, games)`` per rung, lowest first.

    Examples
    --------
    >>> [name for name, _, _ in ladder()]
    ['random', 'greedy', 'alpha-beta to depth 2', 'the reference']
    """
    return [("random", random_player, 8), ("greedy", greedy_player, 32),
            ("alpha-beta to depth 2", alphabeta_player(2), 16), ("the reference", deepening_player, 16)]


def wilson_lower(points: float, games: int, z: float = Z_95) -> float:
    """The lower end of the Wilson score interval of a share of ``points`` out of ``games``
    (95% with the default ``z``): the smallest true share these counts still allow.

    Parameters
    ----------
    points : float
        The points scored (a draw half a win).
    games : int
        The games played.
    z : float, optional
        The normal quantile (1.96, the default: a 95% interval).

    Returns
    -------
    float
        The lower end of the interval.

    Examples
    --------
    >>> round(wilson_lower(8, 8), 3), round(wilson_lower(6, 8), 3)
    (0.676, 0.409)
    """
    if games == 0:
        return 0.0
    p = points / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - spread) / (1 + z * z / games)


def chance_to_pass(games: int) -> float:
    """The probability that a player exactly as strong as a rung (each game won with
    probability 1/2, no draws) beats it by the check's rule over ``games`` games: the
    exact binomial sum over the win counts whose Wilson interval starts above 1/2.

    Parameters
    ----------
    games : int
        The games played against the rung.

    Returns
    -------
    float
        The probability.

    Examples
    --------
    >>> round(chance_to_pass(8), 4), round(chance_to_pass(32), 4)
    (0.0352, 0.0251)
    """
    return sum(math.comb(games, k) for k in range(games + 1) if wilson_lower(k, games) > 0.5) / 2 ** games


class LadderFeedback(Feedback):
    """The verdict of :func:`check_player`: ``rung`` (how many rungs the player beat), the
    ``results`` against each rung played (``(name, wins, draws, losses)``) and ``match``,
    the last match (a :class:`~minimax_viz.players.MatchResult`: ``.plot()``, ``.replay(i)``).

    Parameters
    ----------
    ok : bool
        Whether the check passed.
    message : str
        The verdict in words.
    hint : str or None, optional
        What to try next.
    rung : int, optional
        How many rungs the player beat.
    results : list or None, optional
        ``(name, wins, draws, losses)`` against each rung played.
    match : MatchResult or None, optional
        The last match.
    """

    def __init__(self, ok: bool, message: str, *, hint: str | None = None, rung: int = 0,
                 results: list | None = None, match=None):
        super().__init__(ok, message, hint=hint)
        self.rung, self.results, self.match = rung, results or [], match


def _record(match, colour: str) -> tuple[int, int, int]:
    return match.score("yours", "rung", colour)


@learner_check
def check_player(fn: Callable) -> LadderFeedback:
    """Play a learner's ``player(game, state, budget) -> move`` against the ladder
    (:func:`ladder`) at Connect Four on 5 x 6 (:data:`LADDER_GAME`), :data:`LADDER_BUDGET`
    positions a move, each rung's openings drawn with :data:`LADDER_SEED` and played with either
    colour. A rung is beaten when the lower end of the 95% Wilson interval of the player's
    share of points (a draw half a win) is above one half; the climb stops at the first rung
    not beaten. Passing is beating greedy (rung 2). The words say which rung, on how many
    games, and what to try next, with numbers. A forfeit (an illegal move, the budget
    spent, an error, the stub) stops the check with its words. Never raises on ``fn``.

    Parameters
    ----------
    fn : callable
        The learner's ``player(game, state, budget) -> move``.

    Returns
    -------
    LadderFeedback
        The verdict, with the rungs beaten and the last match.

    Examples
    --------
    >>> check_player(random_player).ok, check_player(deepening_player).ok
    (False, True)
    """
    if not callable(fn):
        return LadderFeedback(False, f"the check takes your player function itself, but it got {shown(fn)}.",
                              hint="pass the function's name, without calling it: check_player(my_player)")
    name = getattr(fn, "__name__", "your player")
    results, match, rung = [], None, 0
    clock = _Clock(fn)
    for level, (rung_name, rung_player, games) in enumerate(ladder(), start=1):
        match = play_match({"yours": clock, "rung": rung_player}, game=LADDER_GAME, games=games,
                           seed=LADDER_SEED + level, budget=LADDER_BUDGET)
        if clock.over:
            return LadderFeedback(False, f"the check stopped after {CHECK_SECONDS:g} s: {name} took "
                                  f"{clock.per_move():.2f} s a move on average.", hint="a move may take "
                                  "some thousandths of a second here: spend the time in the positions your "
                                  "search generates (the budget), not in work of your own between them.", rung=rung,
                                  results=results, match=match)
        mine = [f for f in match.forfeits() if f.player == "yours"]
        if mine:
            return _forfeited(name, mine[0], match, rung, results)
        w, d, l_ = match.score("yours", "rung")
        results.append((rung_name, w, d, l_))
        if wilson_lower(w + d / 2, games) <= 0.5:
            return _fell(name, level, rung_name, match, rung, results)
        rung = level
    return _top(name, match, rung, results)


class _Clock:
    """The learner's player, timed: once the check has run :data:`CHECK_SECONDS`, each move
    is the first legal one, without asking the player (the check then stops in words)."""

    def __init__(self, fn: Callable):
        self.fn, self.began, self.moves, self.over = fn, time.perf_counter(), 0, False

    def __call__(self, game, state, budget):
        if time.perf_counter() - self.began > CHECK_SECONDS:
            self.over = True
            return game.moves(state)[0]
        self.moves += 1
        return self.fn(game, state, budget)

    def per_move(self) -> float:
        return (time.perf_counter() - self.began) / max(self.moves, 1)


def _beaten(results, rung: int) -> str:
    return ", ".join(f"{n} ({w}-{d}-{l_})" for n, w, d, l_ in results[:rung])


def _forfeited(name, forfeit, match, rung, results) -> LadderFeedback:
    words = forfeit.words.split("): ", 1)[-1]
    stub = "still the stub" in words
    message = (f"{name} is still the stub (it raised NotImplementedError): write it in its cell and run it."
               if stub else f"{name} forfeited a game of Connect Four 5 x 6 at move {forfeit.ply + 1}: {words}.")
    return LadderFeedback(False, message, hint=None if stub else
                          "a forfeit is a loss; the referee stops a player that breaks a rule, whatever the position.",
                          rung=rung, results=results, match=match)


def _fell(name, level, rung_name, match, rung, results) -> LadderFeedback:
    _, w, d, l_ = results[-1]
    games, points = w + d + l_, w + d / 2
    as_x, as_o = _record(match, "X"), _record(match, "O")
    total = sum(w_ + d_ + l__ for _, w_, d_, l__ in results)
    against = (f"against {rung_name} it scored {points:g} of {games} points (as X {as_x[0]}-{as_x[1]}-{as_x[2]}, "
               f"as O {as_o[0]}-{as_o[1]}-{as_o[2]}), and the 95% Wilson interval of that share starts at "
               f"{wilson_lower(points, games):.2f}, not above an even 0.50")
    if rung:
        top, tw, td, tl = results[rung - 1]
        n = tw + td + tl
        climbed = (f"{name} reaches rung {rung} of 4: it beat {_beaten(results, rung)}; against {top} the 95% "
                   f"Wilson interval of its share of points starts at {wilson_lower(tw + td / 2, n):.2f}, above "
                   f"an even 0.50, which a player no stronger than {top} (each game a coin toss) would reach "
                   f"with probability {chance_to_pass(n):.1%} over {n} games")
    else:
        climbed = (f"{name} reaches no rung of the 4 (a rung is beaten when the 95% Wilson interval of the share "
                   f"of points starts above an even 0.50, which a player no stronger than it would reach with "
                   f"probability {chance_to_pass(games):.1%} over {games} games)")
    rests = f" The verdict rests on {total} games."
    step = _next_step(level, match.mean_calls("yours"), as_x, as_o)
    if rung >= 2:
        return LadderFeedback(True, f"{climbed}. But {against}.{rests} To climb on: {step}", rung=rung,
                              results=results, match=match)
    return LadderFeedback(False, f"{climbed}; {against}. Passing is beating greedy (rung 2).{rests}", hint=step,
                          rung=rung, results=results, match=match)


def _next_step(level: int, calls: float, as_x, as_o) -> str:
    spent = f"it generated {calls:.0f} of its {LADDER_BUDGET} positions a move on average"
    if level == 1 and as_x[0] - as_x[2] > as_o[0] - as_o[2] + 2:
        return (f"it does far better as X than as O ({as_x[0]} against {as_o[0]} wins): as O it may play for X; "
                "at a 'min' node take the smallest value.")
    if level == 1:
        return (f"{spent}. Search at least one ply: play each move, score the position with game.evaluate "
                "(game.utility once the game is over), and keep the best for the player to move.")
    if calls < LADDER_BUDGET / 2:
        return (f"search deeper: {spent}. Deepen, to depth 1, 2, 4, 6, ... (an odd depth ends on your own "
                "move and is over-hopeful), until the game raises mv.BudgetSpent, and answer with the deepest "
                "search that finished.")
    return (f"{spent}: the budget, not the depth, stops it. Better ordering (mv.centre_first if you do not use "
            "it yet, or the last depth's best move first) cuts more and reaches deeper for the same positions; a "
            "better evaluate makes each leaf count.")


def _top(name, match, rung, results) -> LadderFeedback:
    total = sum(w + d + l_ for _, w, d, l_ in results)
    return LadderFeedback(True, f"{name} climbs all 4 rungs, the package's reference included: it beat "
                          f"{_beaten(results, rung)}, each with the 95% Wilson interval of its share of points "
                          f"above an even 0.50, on {total} games in all.", rung=rung, results=results, match=match)


# -- an evaluation of the learner's own, judged in play ------------------------------------------

#: The plies both sides search in the evaluation's matches: deep enough that a guess decides
#: many moves, shallow enough for a match of 16 games in a few seconds.
EVALUATE_DEPTH = 4
#: The games of each match of the evaluation check (8 openings, each with either colour).
EVALUATE_GAMES = 16
#: The seed of the evaluation's openings.
EVALUATE_SEED = 2027
#: The unfinished positions an evaluation is first asked about (its numbers checked).
EVALUATE_SAMPLES = 60


def no_guess(board) -> float:
    """The simplest evaluation: 0 for every unfinished position, so only a finished game within
    the search's depth tells one move from another (the rung an evaluation must beat).

    Parameters
    ----------
    board : object
        A position.

    Returns
    -------
    float
        0.

    Examples
    --------
    >>> no_guess(LADDER_GAME.board(LADDER_GAME.start()))
    0
    """
    return 0


def _fixed_depth(evaluate) -> Callable:
    """A player that searches :data:`EVALUATE_DEPTH` plies with alpha-beta, centre first, and
    guesses with ``evaluate`` (a function of the board; ``None``: the game's own)."""
    def player(game, state, budget):
        return alphabeta(game, state, depth=EVALUATE_DEPTH, evaluate=evaluate, order=centre_first,
                         record=False).move
    return player


def _sample_boards() -> list:
    """:data:`EVALUATE_SAMPLES` unfinished boards of :data:`LADDER_GAME` reached by seeded
    random play (the same every time), from 2 to 20 discs."""
    game, rng, boards = LADDER_GAME, random.Random(EVALUATE_SEED), []
    while len(boards) < EVALUATE_SAMPLES:
        state = game.start()
        for _ in range(rng.randrange(2, 21)):
            state = game.play(state, rng.choice(game.moves(state)))
            if game.is_terminal(state):
                break
        if not game.is_terminal(state):
            boards.append(game.board(state))
    return boards


class EvaluationFeedback(Feedback):
    """The verdict of :func:`check_evaluate`: ``results`` against each reference evaluation
    played (``(name, wins, draws, losses)``), ``match`` (the last match, a
    :class:`~minimax_viz.players.MatchResult`) and ``lost``, the indexes of the games the
    learner's evaluation lost in it (``match.replay(i)`` shows one, ``.why()`` its losing move).

    Parameters
    ----------
    ok : bool
        Whether the check passed.
    message : str
        The verdict in words.
    hint : str or None, optional
        What to try next.
    results : list or None, optional
        ``(name, wins, draws, losses)`` against each reference played.
    match : MatchResult or None, optional
        The last match.
    """

    def __init__(self, ok: bool, message: str, *, hint: str | None = None, results: list | None = None,
                 match=None):
        super().__init__(ok, message, hint=hint)
        self.results, self.match = results or [], match
        self.lost = [] if match is None else match.lost("yours")


def _bad_number(fn: Callable, boards: list) -> tuple[str, str] | None:
    """Words and a hint for the first board where ``fn`` gives no number strictly between -1
    and +1, else None."""
    for board in boards:
        value, words = call_learner(fn, [row for row in board])
        where = "/".join(board)
        if words is not None:
            if "still the stub" in words:
                return "your evaluate is still the stub (it raised NotImplementedError).", \
                    "write it in its cell and run that cell."
            return f"on the board {where} {words}.", "fix the error and run its cell again."
        if isinstance(value, bool) or not isinstance(value, Real) or math.isnan(value):
            return (f"on the board {where} it returned {shown(value)}, which is not a number.",
                    "return a number for X: above 0 when X stands better, below 0 when O does.")
        if not -1 < value < 1:
            return (f"on the board {where} it returned {shown(value)}, outside -1 to +1.",
                    "keep every guess strictly between -1 (a loss) and +1 (a win), so that a real win always counts "
                    "for more than a hopeful position: divide your score by a number larger than it can reach.")
    return None


def _evaluation_rungs() -> list[tuple[str, Callable | None]]:
    """The reference evaluations in order: no guess (0 everywhere), then the package's own
    (:meth:`~minimax_viz.ConnectFour.evaluate`: the open lines of four, weighted by their discs)."""
    return [("no guess (0 everywhere)", no_guess), ("the package's evaluate", None)]


@learner_check
def check_evaluate(fn: Callable) -> EvaluationFeedback:
    """Judge a learner's Connect Four evaluation ``evaluate(board) -> number`` by the games it
    wins: both sides search :data:`EVALUATE_DEPTH` plies with alpha-beta (centre first), one
    guessing with ``fn``, the other with a reference evaluation, :data:`EVALUATE_GAMES` games
    from seeded openings with either colour (:data:`LADDER_GAME`). It passes when it beats
    the simplest reference, :func:`no_guess` (the lower end of the 95% Wilson interval of its
    share of points above one half, as :func:`check_player` judges); then it also meets the
    package's own evaluation, for the words. First, ``fn`` must give a number strictly
    between -1 and +1 on :data:`EVALUATE_SAMPLES` unfinished boards. Never raises on ``fn``.

    The board is the game's public form: a list of rows, top row first, each a string of
    ``"X"``, ``"O"`` and ``"."``.

    Parameters
    ----------
    fn : callable
        The learner's ``evaluate(board) -> number``.

    Returns
    -------
    EvaluationFeedback
        The verdict, with the results and the last match.

    Examples
    --------
    >>> check_evaluate(no_guess).ok
    False
    """
    if not callable(fn):
        return EvaluationFeedback(False, f"the check takes your evaluate function itself, but it got {shown(fn)}.",
                                  hint="pass the function's name, without calling it: check_evaluate(my_evaluate)")
    bad = _bad_number(fn, _sample_boards())
    if bad is not None:
        return EvaluationFeedback(False, bad[0], hint=bad[1])
    results, match = [], None
    for level, (name, reference) in enumerate(_evaluation_rungs()):
        match = play_match({"yours": _fixed_depth(fn), "reference": _fixed_depth(reference)}, game=LADDER_GAME,
                           games=EVALUATE_GAMES, seed=EVALUATE_SEED, budget=Budget(10 ** 9))
        forfeit = next((f for f in match.forfeits() if f.player == "yours"), None)
        if forfeit is not None:
            return EvaluationFeedback(False, "a search with your evaluate " + forfeit.words.split("): ", 1)[-1] + ".",
                                      results=results, match=match)
        results.append((name, *match.score("yours", "reference")))
        if level == 0 and wilson_lower(_points(results[-1]), EVALUATE_GAMES) <= 0.5:
            return _evaluation_fell(results, match)
    return _evaluation_passed(results, match)


def _points(result) -> float:
    _, w, d, _ = result
    return w + d / 2


def _score_words(result) -> str:
    name, w, d, l_ = result
    return (f"against {name} it won {w}, drew {d} and lost {l_} of {w + d + l_} games (the 95% Wilson interval of "
            f"its share of points starts at {wilson_lower(_points(result), w + d + l_):.2f})")


def _evaluation_fell(results, match) -> EvaluationFeedback:
    lost = match.lost("yours")
    replay = (f" Replay a game it lost: verdict.match.replay({lost[0]}), and .why() for the move that lost it."
              if lost else "")
    return EvaluationFeedback(
        False, f"searching {EVALUATE_DEPTH} plies, your evaluate does not yet beat a search that guesses nothing: "
        f"{_score_words(results[0])}, not above an even 0.50.{replay}",
        hint="count what wins at Connect Four: each line of four cells that holds discs of one colour only is a "
        "chance for that colour, the more discs on it the better; add X's chances, subtract O's, and keep the "
        "total strictly between -1 and +1.", results=results, match=match)


def _evaluation_passed(results, match) -> EvaluationFeedback:
    first, package = results
    beats = wilson_lower(_points(package), EVALUATE_GAMES) > 0.5
    verdict = ("it beats the package's own evaluate too" if beats else
               "the package's own evaluate is the next mark to beat" if _points(package) < EVALUATE_GAMES / 2 else
               "it holds its own against the package's evaluate")
    return EvaluationFeedback(
        True, f"searching {EVALUATE_DEPTH} plies, your evaluate beats a search that guesses nothing: "
        f"{_score_words(first)}. And {_score_words(package)}: {verdict}.", results=results, match=match)
