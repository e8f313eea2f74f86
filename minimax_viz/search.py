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
Min node once Max would never allow it (``<= alpha``). Recording, depth limits, move
ordering, a memo (transposition) table, quicker wins and a budget of calls or seconds
are options of this one code path; the search tells a recorder what happens and never
draws. :func:`iterative_deepening` runs it again and again, one ply deeper each time.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from numbers import Real
from typing import Any, Callable, Sequence

from .errors import InvalidOption
from .trace import CALL, DEFAULT_MAX_NODES, HIT, HORIZON, LEAF, Recorder, SearchTree

__all__ = [
    "minimax", "alphabeta", "iterative_deepening", "SearchResult", "SearchStats",
    "centre_first", "best_first",
]

_UNLIMITED = math.inf      # the depth of a search to the end: inf - 1 is still inf
_NEVER = 1 << 62          # a call count no search reaches: "no budget to check"
_CHECK_EVERY = 1024       # calls between two looks at the clock under a time budget
EXACT, LOWER, UPPER = 0, 1, 2   # what a memo entry's value is: the value, or a bound on it
Order = Callable[[Any, Any, Sequence[int]], Sequence[int]]
Progress = Callable[[int, int, Any, float], Any]


@dataclass
class SearchStats:
    """Counts of one search.

    ``calls`` counts recursive calls, the root included; ``leaves`` the calls scored
    without children (finished games and depth-limit cutoffs), of which ``horizon`` were
    scored by the heuristic at the depth limit; ``hits`` the calls answered by the memo
    table; ``cutoffs`` the times alpha-beta stopped early at a node with children left
    unsearched; ``pruned`` the children those cutoffs skipped; ``max_depth`` the deepest
    ply reached below the root.
    """

    calls: int = 0
    leaves: int = 0
    cutoffs: int = 0
    pruned: int = 0
    max_depth: int = 0
    hits: int = 0
    horizon: int = 0


@dataclass
class SearchResult:
    """What a search found: ``score`` (for Max), ``move`` (best root move), ``tree``, ``stats``.

    ``depth`` is the depth searched (``None``: to the end of the game); ``solved`` is
    True when no line stopped at the depth limit, so the score is the game's exact
    value; ``interrupted`` is True when :func:`iterative_deepening` was stopped by
    Ctrl-C (or the notebook's stop button) and returned its last completed depth.
    """

    score: float
    move: int | None
    tree: SearchTree | None
    stats: SearchStats
    depth: int | None = None
    solved: bool = True
    interrupted: bool = False

    def __repr__(self) -> str:
        extra = "" if self.depth is None else f", depth={self.depth}"
        extra += ", interrupted=True" if self.interrupted else ""
        return (
            f"SearchResult(score={self.score!r}, move={self.move!r}, "
            f"calls={self.stats.calls}, pruned={self.stats.pruned}{extra})"
        )


class _OutOfBudget(Exception):
    """Raised inside the recursion when the calls or seconds of a budget run out."""


def minimax(
    game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    memo: bool = False,
    quick_wins: bool = False,
    record: bool = True,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> SearchResult:
    """Search every move to the end (or to ``depth`` plies) and back up the values.

    ``state=None`` is the game's start. With a ``depth``, positions at the limit are
    scored by ``evaluate`` (given the position in the game's public form), or by the
    game's own heuristic. Ties go to the first best move in move order. ``memo`` and
    ``quick_wins`` are as in :func:`alphabeta`.

    >>> from minimax_viz import GameTree
    >>> result = minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.score, result.move, result.stats.calls
    (3, 0, 13)
    """
    return _search(
        game, state, depth=depth, evaluate=evaluate, order=None, pruning=False,
        prune_on_equal=True, record=record, max_nodes=max_nodes, memo=memo,
        quick_wins=quick_wins,
    )


def alphabeta(
    game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    order: Order | None = None,
    prune_on_equal: bool = True,
    memo: bool = False,
    quick_wins: bool = False,
    record: bool = True,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> SearchResult:
    """Minimax with alpha-beta pruning: the same value and move, fewer calls.

    ``prune_on_equal=True`` cuts when a Max node's value reaches ``beta`` (``>=``) or a
    Min node's reaches ``alpha`` (``<=``), as AIMA does; ``False`` cuts only on strict
    inequality. ``order(game, state, moves)`` may reorder the moves at each node (it gets
    the game's internal state) but not drop or add any; :func:`centre_first` and
    :func:`best_first` are ready-made. Ties go to the first best move in the order searched.

    ``memo=True`` keeps a transposition table keyed by ``game.key``: each searched
    position stores its value, whether that value is exact or only a bound (a value at
    or below the window's ``alpha`` is an upper bound, at or above ``beta`` a lower
    bound), and the depth searched below it. A position met again is answered from the
    table (a *hit*, recorded as a node of kind "hit") when the entry was searched to the
    same depth and is exact, or is a bound that already decides the cutoff (by the
    same pruning rule). A deeper entry is not used: it would be a better guess, but not
    the value minimax finds at this depth, and the table never changes the answer. The
    root is never answered from the table, so the move is still the first best one in
    the order searched.

    ``quick_wins=True`` scores a finished game as its utility times one plus the moves
    left (``game.moves_left``), as game solvers do: a win now beats a win later, and a
    loss later beats a loss now, so the search never dawdles. The sign still says who wins.

    >>> from minimax_viz import GameTree
    >>> result = alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.score, result.move, result.stats.calls, result.stats.pruned
    (3, 0, 11, 2)
    """
    return _search(
        game, state, depth=depth, evaluate=evaluate, order=order, pruning=True,
        prune_on_equal=prune_on_equal, record=record, max_nodes=max_nodes, memo=memo,
        quick_wins=quick_wins,
    )


# -- move ordering ---------------------------------------------------------------------------

def centre_first(game, state: Any, moves: Sequence[int]) -> list[int]:
    """The moves sorted by the game's ``move_priority``, highest first; ties keep move order.

    Tic-tac-toe ranks the centre, then the corners, then the edges; Connect Four ranks
    the columns from the centre outwards. Moves that sit on more lines are better more
    often, and alpha-beta cuts most when the best move comes first.

    >>> from minimax_viz import TicTacToe
    >>> centre_first(TicTacToe(), 0, range(9))
    [4, 0, 2, 6, 8, 1, 3, 5, 7]
    """
    priority = game.move_priority
    return sorted(moves, key=lambda m: -priority(state, m))


def best_first(game, state: Any, moves: Sequence[int]) -> list[int]:
    """The moves sorted by the heuristic value of the position each one leads to,
    the best for the player to move first; ties keep move order.

    It costs one ``evaluate`` per child at every node, so it pays off where a good
    first move saves much more (deep searches with a cheap heuristic).

    >>> from minimax_viz import TicTacToe
    >>> best_first(TicTacToe(), TicTacToe().state("XX.OO...."), (2, 5, 6, 7, 8))
    [2, 5, 6, 8, 7]
    """
    sign = -1 if game.is_max(state) else 1
    evaluate, play = game.evaluate, game.play
    return sorted(moves, key=lambda m: sign * evaluate(play(state, m)))


def _centre_first_pairs(game, state, pairs):
    priority = game.move_priority
    return sorted(pairs, key=lambda pair: -priority(state, pair[0]))


def _best_first_pairs(game, state, pairs):
    sign, evaluate = (-1 if game.is_max(state) else 1), game.evaluate
    return sorted(pairs, key=lambda pair: sign * evaluate(pair[1]))


# The ready-made orders, rewritten on (move, next state) pairs: the search's fast path.
_PAIR_ORDERS = {centre_first: _centre_first_pairs, best_first: _best_first_pairs}


def _ordered(game, order):
    if not callable(order):
        raise InvalidOption(f"order must be a function (game, state, moves) -> moves, not {order!r}")
    successors = game.successors
    if order in _PAIR_ORDERS:
        sort_pairs = _PAIR_ORDERS[order]
        return lambda state: sort_pairs(game, state, successors(state))

    def ordered(state):
        pairs = successors(state)
        moves = tuple(m for m, _ in pairs)
        chosen = list(order(game, state, moves))
        if sorted(chosen) != sorted(moves):
            dropped = sorted(set(moves) - set(chosen))
            invented = sorted(set(chosen) - set(moves))
            raise InvalidOption(
                f"order must return the same moves in another order; given {list(moves)} it returned "
                f"{chosen} (dropped {dropped}, invented {invented}, or repeated some)"
            )
        by_move = dict(pairs)
        return tuple((m, by_move[m]) for m in chosen)

    return ordered


# -- iterative deepening ----------------------------------------------------------------------

def iterative_deepening(
    game,
    state: Any = None,
    *,
    seconds: float | None = 1.0,
    max_calls: int | None = None,
    max_depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    order: Order | None = centre_first,
    prune_on_equal: bool = True,
    memo: bool = True,
    quick_wins: bool = True,
    progress: Progress | None = None,
) -> SearchResult:
    """Alpha-beta to depth 1, 2, 3, ... until a budget runs out; the last full depth answers.

    The budget is ``seconds`` of wall time and/or ``max_calls`` calls in all (``None``
    for no limit); a depth left unfinished when it runs out is thrown away, so the
    answer always comes from a completed search. Deepening stops early at ``max_depth``
    or once a search reached the end of the game in every line (``solved``). After each
    completed depth, ``progress(depth, calls, move, score)`` is called with the calls
    made so far. Ctrl-C (a ``KeyboardInterrupt``) stops the search cleanly: the result
    of the last completed depth comes back with ``interrupted=True``.

    ``order`` is :func:`centre_first` unless given (``None``: the game's own move
    order); ``memo`` and ``quick_wins``, both on, are as in :func:`alphabeta`. The
    result's ``stats`` add up every depth.

    >>> from minimax_viz import GameTree
    >>> seen = []
    >>> result = iterative_deepening(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
    ...                              progress=lambda *row: seen.append(row))
    >>> seen
    [(1, 4, 0, 0), (2, 15, 0, 3)]
    >>> result.score, result.move, result.depth, result.solved
    (3, 0, 2, True)
    """
    root = game.state(state)
    _check_budget(seconds, max_calls, max_depth)
    if progress is not None and not callable(progress):
        raise InvalidOption(f"progress must be a function (depth, calls, move, score), not {progress!r}")
    deadline = None if seconds is None else time.perf_counter() + seconds
    totals = SearchStats()
    best = _depth_zero(game, root, evaluate, order, quick_wins)
    interrupted = False
    depth = 0
    while not best.solved and (max_depth is None or depth < max_depth):
        depth += 1
        try:
            left = None if max_calls is None else max_calls - totals.calls
            found = _search(
                game, root, depth=depth, evaluate=evaluate, order=order, pruning=True,
                prune_on_equal=prune_on_equal, record=False, max_nodes=0, memo=memo,
                quick_wins=quick_wins, deadline=deadline, max_calls=left,
            )
            _add(totals, found.stats)
            best = found
            if progress is not None:
                progress(depth, totals.calls, found.move, found.score)
        except _OutOfBudget as stop:
            _add(totals, stop.args[0])
            break
        except KeyboardInterrupt as stop:
            if getattr(stop, "stats", None) is not None:
                _add(totals, stop.stats)
            interrupted = True
            break
    return SearchResult(
        score=best.score, move=best.move, tree=None, stats=totals, depth=best.depth,
        solved=best.solved, interrupted=interrupted,
    )


# -- the one search ------------------------------------------------------------------------

def _search(
    game, state, *, depth, evaluate, order, pruning, prune_on_equal, record, max_nodes,
    memo=False, quick_wins=False, deadline=None, max_calls=None,
):
    root = game.state(state)
    limit = _check_depth(depth)
    score_horizon = _evaluator(game, evaluate)
    successors = game.successors if order is None else _ordered(game, order)
    outcome = _quick(game) if quick_wins else game.outcome
    key, table = game.key, {}
    recorder = Recorder(window=pruning, max_nodes=max_nodes) if record else None
    add = recorder.add if record else None  # one row per node: enter, leaf or hit
    leave = recorder.exit if record else None
    cut = recorder.cut if record else None
    inf, nan = math.inf, math.nan
    calls = leaves = horizon = hits = cutoffs = pruned = max_ply = 0
    root_move = None
    budgeted = deadline is not None or max_calls is not None
    check_at = _next_check(0, max_calls) if budgeted else _NEVER

    def stats() -> SearchStats:
        return SearchStats(
            calls=calls, leaves=leaves, cutoffs=cutoffs, pruned=pruned, max_depth=max_ply,
            hits=hits, horizon=horizon,
        )

    def check_budget():
        nonlocal calls, check_at
        if (max_calls is not None and calls > max_calls) or (
            deadline is not None and time.perf_counter() >= deadline
        ):
            calls -= 1  # the call that found the budget spent does no work
            raise _OutOfBudget(stats())
        check_at = _next_check(calls, max_calls)

    def value(state, depth, is_max, alpha, beta, ply, parent, move):
        nonlocal calls, leaves, horizon, hits, cutoffs, pruned, max_ply, root_move
        calls += 1
        if calls > check_at:
            check_budget()
        if ply > max_ply:
            max_ply = ply
        over = outcome(state)
        if over is not None or depth == 0:  # game over, or the depth limit: a leaf
            leaves += 1
            kind = LEAF
            if over is None:
                over, kind = score_horizon(state), HORIZON
                horizon += 1
            if record:
                add(parent, move, kind, over, alpha, beta)
            return over
        if memo:  # the root is never answered from the table: it must name its move
            k = key(state)
            entry = table.get(k)
            if entry is not None and ply:
                v, bound, searched = entry
                if searched == depth and (
                    bound == EXACT
                    or (bound == LOWER and (v >= beta if prune_on_equal else v > beta))
                    or (bound == UPPER and (v <= alpha if prune_on_equal else v < alpha))
                ):
                    hits += 1
                    if record:
                        add(parent, move, HIT, v, alpha, beta)
                    return v
            window = alpha, beta
        here = add(parent, move, CALL, nan, alpha, beta) if record else -1
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
                        skipped = _skip(children, i, here, alpha, beta, cut)
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
                        skipped = _skip(children, i, here, alpha, beta, cut)
                        cutoffs += skipped > 0
                        pruned += skipped
                        break
        if record:
            leave(here, best, alpha, beta)
        if memo:  # exact only strictly inside the window it was searched with
            low, high = window
            table[k] = (best, UPPER if best <= low else LOWER if best >= high else EXACT, depth)
        if ply == 0:
            root_move = best_move
        return best

    try:
        score = value(root, limit, game.is_max(root), -inf, inf, 0, -1, -1)
    except KeyboardInterrupt as stop:
        stop.stats = stats()  # what iterative deepening adds up before it answers
        raise
    algorithm = "alphabeta" if pruning else "minimax"
    tree = SearchTree(game, root, recorder, algorithm=algorithm) if record else None
    return SearchResult(
        score=score, move=root_move, tree=tree, stats=stats(), depth=depth,
        solved=horizon == 0,
    )


def _skip(children, i, here, alpha, beta, cut) -> int:
    """Record the children after ``i`` as pruned stubs; return how many there were."""
    rest = children[i + 1:]
    if cut is not None and rest:
        cut(here, [m for m, _ in rest], alpha, beta)
    return len(rest)


def _next_check(calls: int, max_calls: int | None) -> int:
    """The call count at which the budget is looked at next."""
    step = calls + _CHECK_EVERY
    return step if max_calls is None else min(step, max_calls)


def _quick(game):
    """``game.outcome`` with a finished game's utility scaled by one plus the moves left."""
    outcome, moves_left = game.outcome, game.moves_left

    def scaled(state):
        over = outcome(state)
        if over:
            return over * (1 + moves_left(state))
        return over

    return scaled


def _depth_zero(game, root, evaluate, order, quick_wins) -> SearchResult:
    """The answer before any search: the heuristic, and the first move in search order."""
    over = (_quick(game) if quick_wins else game.outcome)(root)
    if over is not None:
        return SearchResult(score=over, move=None, tree=None, stats=SearchStats(), depth=0)
    moves = game.moves(root) if order is None else list(order(game, root, tuple(game.moves(root))))
    return SearchResult(
        score=_evaluator(game, evaluate)(root), move=moves[0] if moves else None, tree=None,
        stats=SearchStats(), depth=0, solved=False,
    )


def _add(totals: SearchStats, more: SearchStats) -> None:
    totals.calls += more.calls
    totals.leaves += more.leaves
    totals.cutoffs += more.cutoffs
    totals.pruned += more.pruned
    totals.hits += more.hits
    totals.horizon += more.horizon
    totals.max_depth = max(totals.max_depth, more.max_depth)


# -- checking options ------------------------------------------------------------------------

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


def _check_budget(seconds, max_calls, max_depth) -> None:
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, Real) or seconds <= 0):
        raise InvalidOption(f"seconds must be a positive number or None (no time limit), not {seconds!r}")
    for name, n in (("max_calls", max_calls), ("max_depth", max_depth)):
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
            raise InvalidOption(f"{name} must be a whole number, 1 or more, or None (no limit), not {n!r}")


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
