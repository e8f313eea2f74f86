"""Searches written as learners write them (lessons 05 and 10), for the tests of the checks and
the capstone: a right alpha-beta (in game.moves order, or centre first), AIMA's max_value and
min_value, the lesson's deepening player, and three slips. None of them comes from the package."""

from __future__ import annotations

import math

import minimax_viz as mv


def alphabeta(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf, *, order=None):
    """Lesson 05's alpha-beta, one function; ``order`` sorts the moves (None: game.moves order)."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best_value, best_move = (-math.inf if maximise else math.inf), None
    moves = game.moves(state) if order is None else order(game, state, game.moves(state))
    for move in moves:
        value, _ = alphabeta(game, game.play(state, move), depth - 1, alpha, beta, order=order)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
        if maximise:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:
            break
    return best_value, best_move


def centre_ordered(game, state, depth=math.inf):
    return alphabeta(game, state, depth, order=mv.centre_first)


def max_value(game, state, depth, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    v, best = -math.inf, None
    for move in game.moves(state):
        child = game.play(state, move)
        w, _ = (max_value if game.node_type(child) == "max" else min_value)(game, child, depth - 1, alpha, beta)
        if w > v:
            v, best = w, move
        if v >= beta:
            return v, best
        alpha = max(alpha, v)
    return v, best


def min_value(game, state, depth, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    v, best = math.inf, None
    for move in game.moves(state):
        child = game.play(state, move)
        w, _ = (max_value if game.node_type(child) == "max" else min_value)(game, child, depth - 1, alpha, beta)
        if w < v:
            v, best = w, move
        if v <= alpha:
            return v, best
        beta = min(beta, v)
    return v, best


def mutual(game, state, depth=math.inf):
    """max_value and min_value calling each other, no dispatcher."""
    return (max_value if game.node_type(state) == "max" else min_value)(game, state, depth, -math.inf, math.inf)


def never_switches(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    """Slip: every node maximises (the player to move is never asked)."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    best_value, best_move = -math.inf, None
    for move in game.moves(state):
        value, _ = never_switches(game, game.play(state, move), depth - 1, alpha, beta)
        if value > best_value:
            best_value, best_move = value, move
        alpha = max(alpha, best_value)
        if alpha >= beta:
            break
    return best_value, best_move


def guesses_for_o(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    """Slip: the heuristic's guess read for the wrong side at the depth limit."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return -game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best_value, best_move = (-math.inf if maximise else math.inf), None
    for move in game.moves(state):
        value, _ = guesses_for_o(game, game.play(state, move), depth - 1, alpha, beta)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
        if maximise:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:
            break
    return best_value, best_move


def swapped_window(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    """Slip: a Max node lowers beta and a Min node raises alpha (the bounds swapped)."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best_value, best_move = (-math.inf if maximise else math.inf), None
    for move in game.moves(state):
        value, _ = swapped_window(game, game.play(state, move), depth - 1, alpha, beta)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
        if maximise:
            beta = min(beta, best_value)
        else:
            alpha = max(alpha, best_value)
        if alpha >= beta:
            break
    return best_value, best_move


def deepening(search, *, stop_when_solved=True):
    """Lesson 10's recipe: depth 1, 2, 4, 6, ... with the learner's search until BudgetSpent."""
    def player(game, state, budget):
        best, depth = game.moves(state)[0], 1
        try:
            while True:
                value, move = search(game, state, depth)
                if move is not None:
                    best = move
                if stop_when_solved and abs(value) >= 1:
                    return best
                depth = 2 if depth == 1 else depth + 2
        except mv.BudgetSpent:
            return best
    player.__name__ = f"deepening_{search.__name__}"
    return player
