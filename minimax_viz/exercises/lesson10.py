"""Checks for lesson 10, "Write Your Own Minimax": the gate of the course. The learner's
minimax, alpha-beta and expectimax, written in lessons 04, 05 and 09 and brought together
here, run on games they have not seen, call by call (:mod:`minimax_viz.exercises.searches`).

A learner's search is a function ``search(game, state, depth) -> (value, move)`` over the
package's :class:`~minimax_viz.Game` interface (``node_type``, ``is_terminal``,
``utility``, ``evaluate``, ``moves``, ``play``, ``probabilities``). Each check records
every call the search makes and compares the learner's tree with the package's own search
of the same game, node by node, as :func:`~minimax_viz.exercises.searches.check_search`
describes; :meth:`SearchFeedback.show` draws both trees with the first parting marked.

>>> import math
>>> check_minimax(reference_minimax)
Right: your minimax gives the right value and move on all 14 games, node by node: depth limits odd and even, finished
games at the limit, two Min agents in a row, a position met at two depths, tic-tac-toe (moves tried in game.moves
order).

The lesson ends with a player, ``player(game, state, budget) -> move``
(:mod:`minimax_viz.players`): :func:`check_player` plays it against a ladder of the
package's reference players at Connect Four and says which rung it reaches.
"""

from __future__ import annotations

import math
import time
from typing import Callable

from ..games import ConnectFour
from ..players import (
    alphabeta_player, deepening_player, greedy_player, play_match, random_player,
)
from .feedback import Feedback, learner_check, shown
from .searches import (
    DEEP_GHOST, TWO_GHOSTS, Case, SearchFeedback, WatchedGame, cases, check_search,
)

__all__ = [
    "check_minimax", "check_alphabeta", "check_expectimax", "SearchFeedback", "WatchedGame",
    "reference_minimax", "one_ply_too_deep", "cases", "Case", "TWO_GHOSTS", "DEEP_GHOST",
    "check_player", "LadderFeedback", "ladder", "wilson_lower", "chance_to_pass", "LADDER_GAME", "LADDER_BUDGET",
    "LADDER_SEED",
]


def reference_minimax(game, state, depth=math.inf):
    """Minimax in a dozen lines: the value of ``state`` for Max, and the first best move.

    >>> from minimax_viz import GameTree
    >>> reference_minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), ())
    (3, 0)
    """
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best_value, best_move = (-math.inf if maximise else math.inf), None
    for move in game.moves(state):
        value, _ = reference_minimax(game, game.play(state, move), depth - 1)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


def one_ply_too_deep(game, state, depth=math.inf):
    """:func:`reference_minimax` with one slip, for the lesson to show a check at work
    without showing a learner the answer: it searches one ply deeper than asked.

    >>> from minimax_viz import GameTree
    >>> one_ply_too_deep(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), ())
    (3, 0)
    """
    return reference_minimax(game, state, depth + 1)


def check_minimax(fn: Callable) -> SearchFeedback:
    """Check a learner's ``minimax(game, state, depth) -> (value, move)`` on games it has
    not seen: every call's value, the first best move, and the order in which it searched
    the positions (``game.moves`` order). Never raises on the learner's function."""
    return check_search(fn, "minimax")


def check_alphabeta(fn: Callable) -> SearchFeedback:
    """Check a learner's ``alphabeta(game, state, depth) -> (value, move)``: values (a bound
    where alpha-beta gives one, fail-soft or fail-hard), move, the windows passed down, the
    positions searched in order and the positions generated (either pruning rule, on
    ``>=`` or on ``>``, is right). Never raises on the learner's function."""
    return check_search(fn, "alphabeta")


def check_expectimax(fn: Callable) -> SearchFeedback:
    """Check a learner's ``expectimax(game, state, depth) -> (value, move)``: Max chooses,
    chance nodes average by ``game.probabilities``, Min nodes move at random (plain mean).
    Never raises on the learner's function."""
    return check_search(fn, "expectimax")


# -- the capstone: a player against the ladder --------------------------------------------------

#: The board of the ladder: Connect Four on 5 rows by 6 columns, whose games are short
#: enough for a match of dozens of games in about a second.
LADDER_GAME = ConnectFour(rows=5, cols=6)
#: Calls per move for every player of the ladder's matches.
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
    other at :data:`LADDER_BUDGET` calls a move on this board): random far below greedy,
    greedy far below the last two, which are alike (neither beats the other by the check's
    rule). The rungs above the pass line play 16 games, to keep the check within a second.

    >>> [name for name, _, _ in ladder()]
    ['random', 'greedy', 'alpha-beta to depth 2', 'the reference']
    """
    return [("random", random_player, 8), ("greedy", greedy_player, 32),
            ("alpha-beta to depth 2", alphabeta_player(2), 16), ("the reference", deepening_player, 16)]


def wilson_lower(points: float, games: int, z: float = Z_95) -> float:
    """The lower end of the Wilson score interval of a share of ``points`` out of ``games``
    (95% with the default ``z``): the smallest true share these counts still allow.

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

    >>> round(chance_to_pass(8), 4), round(chance_to_pass(32), 4)
    (0.0352, 0.0251)
    """
    return sum(math.comb(games, k) for k in range(games + 1) if wilson_lower(k, games) > 0.5) / 2 ** games


class LadderFeedback(Feedback):
    """The verdict of :func:`check_player`: ``rung`` (how many rungs the player beat), the
    ``results`` against each rung played (``(name, wins, draws, losses)``) and ``match``,
    the last match (a :class:`~minimax_viz.players.MatchResult`: ``.plot()``, ``.replay(i)``)."""

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
    calls a move, each rung's openings drawn with :data:`LADDER_SEED` and played with either
    colour. A rung is beaten when the lower end of the 95% Wilson interval of the player's
    share of points (a draw half a win) is above one half; the climb stops at the first rung
    not beaten. Passing is beating greedy (rung 2). The words say which rung, on how many
    games, and what to try next, with numbers. A forfeit (an illegal move, the budget
    spent, an error, the stub) stops the check with its words. Never raises on ``fn``.

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
                                  "some thousandths of a second here: spend the time in the game's calls "
                                  "(the budget), not in work of your own between them.", rung=rung,
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
    spent = f"it spent {calls:.0f} of its {LADDER_BUDGET} calls a move on average"
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
            "it yet, or the last depth's best move first) cuts more and reaches deeper for the same calls; a better "
            "evaluate makes each leaf count.")


def _top(name, match, rung, results) -> LadderFeedback:
    total = sum(w + d + l_ for _, w, d, l_ in results)
    return LadderFeedback(True, f"{name} climbs all 4 rungs, the package's reference included: it beat "
                          f"{_beaten(results, rung)}, each with the 95% Wilson interval of its share of points "
                          f"above an even 0.50, on {total} games in all.", rung=rung, results=results, match=match)
