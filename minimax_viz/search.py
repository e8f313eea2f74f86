"""Minimax and alpha-beta: one implementation, with recording and options.

Seed pseudocode, which the inner function ``value`` follows line by line::

    def minimax(state, depth, is_max):
        if depth == 0 or game_over(state):
            return evaluate(state)
        if is_max:
            best_value = -inf
            for child in generate_children(state):
                value = minimax(child, depth - 1, False)
                best_value = max(best_value, value)
            return best_value
        else:
            ... the same with +inf and min

Alpha-beta is the same walk with a window ``(alpha, beta)``: a Max node stops looking
at its children once it has found a value Min would never allow (``>= beta``), and a
Min node once Max would never allow it (``<= alpha``). Recording, depth limits and move
ordering are options of this one code path; the search tells a recorder what happens
and never draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Real
from typing import Any, Callable, Sequence

from .errors import InvalidOption
from .trace import DEFAULT_MAX_NODES, HORIZON, LEAF, Recorder, SearchTree

__all__ = ["minimax", "alphabeta", "SearchResult", "SearchStats"]

_UNLIMITED = 1 << 30
Order = Callable[[Any, Any, Sequence[int]], Sequence[int]]


@dataclass
class SearchStats:
    """Counts of one search.

    ``calls`` counts recursive calls, the root included; ``leaves`` the calls scored
    without children (finished games and depth-limit cutoffs); ``cutoffs`` the times
    alpha-beta stopped early at a node with children left unsearched; ``pruned`` the children those cutoffs skipped;
    ``max_depth`` the deepest ply reached below the root.
    """

    calls: int = 0
    leaves: int = 0
    cutoffs: int = 0
    pruned: int = 0
    max_depth: int = 0


@dataclass
class SearchResult:
    """What a search found: ``score`` (for Max), ``move`` (best root move), ``tree``, ``stats``."""

    score: float
    move: int | None
    tree: SearchTree | None
    stats: SearchStats

    def __repr__(self) -> str:
        return (
            f"SearchResult(score={self.score!r}, move={self.move!r}, "
            f"calls={self.stats.calls}, pruned={self.stats.pruned})"
        )


def minimax(
    game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    record: bool = True,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> SearchResult:
    """Search every move to the end (or to ``depth`` plies) and back up the values.

    ``state=None`` is the game's start. With a ``depth``, positions at the limit are
    scored by ``evaluate`` (given the position in the game's public form), or by the
    game's own heuristic. Ties go to the first best move in move order.

    >>> from minimax_viz import GameTree
    >>> result = minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.score, result.move, result.stats.calls
    (3, 0, 13)
    """
    return _search(
        game, state, depth=depth, evaluate=evaluate, order=None, pruning=False,
        prune_on_equal=True, record=record, max_nodes=max_nodes,
    )


def alphabeta(
    game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    order: Order | None = None,
    prune_on_equal: bool = True,
    record: bool = True,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value and move, fewer calls.

    ``prune_on_equal=True`` cuts when a Max node's value reaches ``beta`` (``>=``) or a
    Min node's reaches ``alpha`` (``<=``), as AIMA does; ``False`` cuts only on strict
    inequality. ``order(game, state, moves)`` may reorder the moves at each node (it gets
    the game's internal state) but not drop or add any.

    >>> from minimax_viz import GameTree
    >>> result = alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.score, result.move, result.stats.calls, result.stats.pruned
    (3, 0, 11, 2)
    """
    return _search(
        game, state, depth=depth, evaluate=evaluate, order=order, pruning=True,
        prune_on_equal=prune_on_equal, record=record, max_nodes=max_nodes,
    )


def _search(game, state, *, depth, evaluate, order, pruning, prune_on_equal, record, max_nodes):
    root = game.state(state)
    limit = _check_depth(depth)
    score_horizon = _evaluator(game, evaluate)
    successors = game.successors if order is None else _ordered(game, order)
    outcome = game.outcome
    recorder = Recorder(window=pruning, max_nodes=max_nodes) if record else None
    enter = recorder.enter if record else None
    leaf = recorder.leaf if record else None
    leave = recorder.exit if record else None
    cut = recorder.cut if record else None
    inf = math.inf
    calls = leaves = cutoffs = pruned = max_ply = 0
    root_move = None

    def value(state, depth, is_max, alpha, beta, ply, parent, move):
        nonlocal calls, leaves, cutoffs, pruned, max_ply, root_move
        calls += 1
        if ply > max_ply:
            max_ply = ply
        over = outcome(state)
        if over is not None or depth == 0:  # game over, or the depth limit: a leaf
            leaves += 1
            kind = LEAF
            if over is None:
                over, kind = score_horizon(state), HORIZON
            if record:
                leaf(parent, move, ply, kind, over, alpha, beta)
            return over
        here = enter(parent, move, ply, alpha, beta) if record else -1
        children = successors(state)
        best_move = None
        if is_max:
            best = -inf
            for i, (m, child) in enumerate(children):
                v = value(child, depth - 1, False, alpha, beta, ply + 1, here, m)
                if v > best:
                    best, best_move = v, m
                if pruning:
                    if best > alpha:
                        alpha = best
                    if best >= beta if prune_on_equal else best > beta:
                        skipped = _skip(children, i, here, ply, alpha, beta, cut)
                        cutoffs += skipped > 0
                        pruned += skipped
                        break
        else:
            best = inf
            for i, (m, child) in enumerate(children):
                v = value(child, depth - 1, True, alpha, beta, ply + 1, here, m)
                if v < best:
                    best, best_move = v, m
                if pruning:
                    if best < beta:
                        beta = best
                    if best <= alpha if prune_on_equal else best < alpha:
                        skipped = _skip(children, i, here, ply, alpha, beta, cut)
                        cutoffs += skipped > 0
                        pruned += skipped
                        break
        if record:
            leave(here, best, alpha, beta)
        if ply == 0:
            root_move = best_move
        return best

    score = value(root, limit, game.is_max(root), -inf, inf, 0, -1, -1)
    stats = SearchStats(calls=calls, leaves=leaves, cutoffs=cutoffs, pruned=pruned, max_depth=max_ply)
    algorithm = "alphabeta" if pruning else "minimax"
    tree = SearchTree(game, root, recorder, algorithm=algorithm) if record else None
    return SearchResult(score=score, move=root_move, tree=tree, stats=stats)


def _skip(children, i, here, ply, alpha, beta, cut) -> int:
    """Record the children after ``i`` as pruned stubs; return how many there were."""
    rest = children[i + 1:]
    if cut is not None and rest:
        cut(here, [m for m, _ in rest], ply + 1, alpha, beta)
    return len(rest)


def _check_depth(depth) -> int:
    if depth is None:
        return _UNLIMITED
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise InvalidOption(f"depth must be a whole number of plies or None, not {depth!r}")
    if depth < 0:
        raise InvalidOption(
            f"depth must be 0 or more plies, not {depth}; use None to search to the end of the game"
        )
    return depth


def _evaluator(game, evaluate):
    if evaluate is None:
        return game.evaluate
    if not callable(evaluate):
        raise InvalidOption(f"evaluate must be a function of a position, not {evaluate!r}")
    board = game.board

    def checked(state):
        guess = evaluate(board(state))
        if isinstance(guess, bool) or not isinstance(guess, Real):
            raise InvalidOption(
                f"evaluate returned {guess!r} for {board(state)!r}; it must return a number "
                "(the position's value for Max)"
            )
        return guess

    return checked


def _ordered(game, order):
    if not callable(order):
        raise InvalidOption(f"order must be a function (game, state, moves) -> moves, not {order!r}")
    successors = game.successors

    def ordered(state):
        pairs = successors(state)
        moves = [m for m, _ in pairs]
        chosen = list(order(game, state, tuple(moves)))
        if sorted(chosen) != sorted(moves):
            dropped = sorted(set(moves) - set(chosen))
            invented = sorted(set(chosen) - set(moves))
            raise InvalidOption(
                f"order must return the same moves in another order; given {moves} it returned "
                f"{chosen} (dropped {dropped}, invented {invented}, or repeated some)"
            )
        by_move = dict(pairs)
        return tuple((m, by_move[m]) for m in chosen)

    return ordered
