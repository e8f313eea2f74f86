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
Right: your minimax gives the right value and move on all 17 games, node by node: depth limits odd and even,
finished games at the limit, two Min agents in a row, ties (at zero too), a position met at two depths, and one met
twice under two windows, tic-tac-toe with X and O to move (moves tried in game.moves order).

The lesson ends with a player, ``player(game, state, budget) -> move``
(:mod:`minimax_viz.players`): :func:`check_player` plays it against a ladder of the
package's reference players at Connect Four and says which rung it reaches, and
:func:`check_evaluate` judges an evaluation of the learner's own by the games it wins
(:mod:`minimax_viz.exercises.capstone`, named here too).
"""

from __future__ import annotations

import math
from typing import Callable

from .capstone import (  # noqa: F401 (the capstone's checks, named here too)
    LADDER_BUDGET, LADDER_GAME, LADDER_SEED, EvaluationFeedback, LadderFeedback, chance_to_pass, check_evaluate,
    check_player, ladder, no_guess, wilson_lower,
)
from .searches import (
    DEEP_GHOST, TWO_GHOSTS, Case, SearchFeedback, WatchedGame, cases, check_search,
)

__all__ = [
    "check_minimax", "check_alphabeta", "check_expectimax", "SearchFeedback", "WatchedGame",
    "reference_minimax", "one_ply_too_deep", "cases", "Case", "TWO_GHOSTS", "DEEP_GHOST",
    "check_player", "LadderFeedback", "ladder", "wilson_lower", "chance_to_pass", "LADDER_GAME", "LADDER_BUDGET",
    "LADDER_SEED", "check_evaluate", "EvaluationFeedback", "no_guess",
]


def reference_minimax(game, state, depth=math.inf):
    """Minimax in a dozen lines: the value of ``state`` for Max, and the first best move.

    Parameters
    ----------
    game : Game
        The game.
    state : object
        The position.
    depth : int or float, optional
        The depth limit in plies (``math.inf``, the default: to the end).

    Returns
    -------
    tuple
        ``(value, move)``: the value for Max and the first best move (``None`` at a leaf).

    Examples
    --------
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

    Parameters
    ----------
    game : Game
        The game.
    state : object
        The position.
    depth : int or float, optional
        The depth limit in plies (``math.inf``, the default: to the end).

    Returns
    -------
    tuple
        ``(value, move)``, searched one ply too deep.

    Examples
    --------
    >>> from minimax_viz import GameTree
    >>> one_ply_too_deep(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), ())
    (3, 0)
    """
    return reference_minimax(game, state, depth + 1)


def check_minimax(fn: Callable) -> SearchFeedback:
    """Check a learner's ``minimax(game, state, depth) -> (value, move)`` on games it has
    not seen: every call's value, the first best move, and the order in which it searched
    the positions (``game.moves`` order). Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``minimax(game, state, depth)``.

    Returns
    -------
    SearchFeedback
        The verdict; ``.show()`` draws the two trees on a "Not yet".
    """
    return check_search(fn, "minimax")


def check_alphabeta(fn: Callable) -> SearchFeedback:
    """Check a learner's ``alphabeta(game, state, depth) -> (value, move)``: values (a bound
    where alpha-beta gives one, fail-soft or fail-hard), move, the windows passed down, the
    positions searched in order and the positions generated (either pruning rule, on
    ``>=`` or on ``>``, is right). Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``alphabeta(game, state, depth)``.

    Returns
    -------
    SearchFeedback
        The verdict; ``.show()`` draws the two trees on a "Not yet".
    """
    return check_search(fn, "alphabeta")


def check_expectimax(fn: Callable) -> SearchFeedback:
    """Check a learner's ``expectimax(game, state, depth) -> (value, move)``: Max chooses,
    chance nodes average by ``game.probabilities``, Min nodes move at random (plain mean).
    Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``expectimax(game, state, depth)``.

    Returns
    -------
    SearchFeedback
        The verdict; ``.show()`` draws the two trees on a "Not yet".
    """
    return check_search(fn, "expectimax")
