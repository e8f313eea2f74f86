"""Players written as a learner writes them, for the arena tests: lesson 10's recipe (a plain
recursive alpha-beta over the game's interface, deepened until the game raises BudgetSpent),
and a few that the exporter must refuse or report as unfinished."""

import math
import random as dice

import pytest

import minimax_viz as mv
from minimax_viz import BudgetSpent

DEEPEST = 40   # a constant of the learner's own: the exported file carries it


def alphabeta(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    """Exercise 2's alpha-beta, written by hand: (value for Max, first best move)."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best_value, best_move = (-math.inf if maximise else math.inf), None
    for move in game.moves(state):
        value, _ = alphabeta(game, game.play(state, move), depth - 1, alpha, beta)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
        if maximise:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:
            break
    return best_value, best_move


def my_player(game, state, budget):
    """Deepen to 1, 2, 4, 6 ... with my alphabeta until the budget is spent."""
    best_move, depth = game.moves(state)[0], 1
    try:
        while depth <= DEEPEST:
            _, move = alphabeta(game, state, depth)
            best_move = move
            depth = 2 if depth == 1 else depth + 2
    except mv.BudgetSpent:
        pass
    return best_move


def leftmost_player(game, state, budget):
    """Always the leftmost open column: what the file plays tells whose choice it is."""
    return min(game.moves(state))


def dice_player(game, state, budget):
    """A legal move drawn with the standard library's random, imported under another name."""
    return dice.Random(budget.spent).choice(list(game.moves(state)))


def catching_player(game, state, budget):
    """Catches BudgetSpent imported by name, and looks one ply ahead while the budget lasts."""
    best = game.moves(state)[0]
    try:
        for move in game.moves(state):
            if game.is_terminal(game.play(state, move)):
                return move
    except BudgetSpent:
        pass
    return best


def pytest_player(game, state, budget):
    """Uses a module that Kaggle's ConnectX does not have."""
    return game.moves(state)[int(pytest.approx(0).expected)]


def engine_player(game, state, budget):
    """The lesson's solution, which calls the package's engine (Kaggle has no minimax_viz)."""
    return mv.alphabeta(game, state, depth=2, record=False).move


def stub_player(game, state, budget):
    """A legal move for the player to move in state."""
    raise NotImplementedError("your code here")


def unfinished_search(game, state, depth):
    raise NotImplementedError("your code here")


def player_with_unfinished_search(game, state, budget):
    return unfinished_search(game, state, 2)[1]


def undefined_player(game, state, budget):
    return helper_never_defined(game, state)  # noqa: F821 (the point of this player)


def agent(game, state, budget):
    """A learner's function that takes the exported file's own name."""
    return game.moves(state)[0]


def centre_alphabeta(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    """Lesson 10's recipe with its ordering: the columns centre first (mv.centre_first)."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best_value, best_move = (-math.inf if maximise else math.inf), None
    for move in mv.centre_first(game, state, game.moves(state)):
        value, _ = centre_alphabeta(game, game.play(state, move), depth - 1, alpha, beta)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
        if maximise:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:
            break
    return best_value, best_move


def centre_player(game, state, budget):
    best_move, depth = game.moves(state)[0], 1
    try:
        while True:
            value, move = centre_alphabeta(game, state, depth)
            if move is not None:
                best_move = move
            if abs(value) >= 1:
                return best_move
            depth = 2 if depth == 1 else depth + 2
    except mv.BudgetSpent:
        return best_move
