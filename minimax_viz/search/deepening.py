"""Iterative deepening: alpha-beta to depth 1, 2, 3, ... until a budget runs out."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Callable

from ..errors import InvalidOption
from ..errors import short_repr as _short
from .engine import SPENT, run_search
from .options import Order, Progress, Options, check_budget, check_game, evaluator_of, outcome_of
from .ordering import checked_order, centre_first
from .results import SearchResult, SearchStats
from .tables import NodeBudget


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
    win_check: bool = False,
    progress: Progress | None = None,
) -> SearchResult:
    """Alpha-beta to depth 1, 2, 3, ... until a budget runs out; the last full depth answers.

    The budget is ``seconds`` of wall time and/or ``max_calls`` calls in all (``None``
    for no limit); a depth left unfinished when it runs out is thrown away, so the
    answer always comes from a completed search. Deepening stops early at ``max_depth``
    or once a search reached the end of the game in every line (``solved``). After each
    completed depth, ``progress(depth, calls, move, score)`` is called with the calls
    made so far. Ctrl-C (a ``KeyboardInterrupt``) stops the search cleanly wherever it
    lands (in the search, in ``order``, ``evaluate`` or ``progress``, between depths): the
    result of the last completed depth comes back with ``interrupted=True``.

    ``order`` is :func:`centre_first` unless given (``None``: the game's own move
    order); ``memo`` and ``quick_wins``, both on, and ``win_check``, off, are as in
    :func:`alphabeta`. The result's ``stats`` add up every depth.

    Parameters
    ----------
    game : Game
        The game to search (a :class:`~minimax_viz.Game`).
    state : object, optional
        The position to search from; ``None`` (the default) is the game's start.
    seconds : float or None, optional
        The budget of wall time in seconds (1.0 unless given; ``None``: no limit).
    max_calls : int or None, optional
        The budget of calls over every depth (``None``, the default: no limit).
    max_depth : int or None, optional
        The deepest depth to search (``None``, the default: until solved or out of budget).
    evaluate : callable or None, optional
        ``evaluate(board)``, the score for Max at the depth limit; ``None`` uses ``game.evaluate``.
    order : callable or None, optional
        The move ordering, as in :func:`alphabeta` (:func:`centre_first` unless given).
    prune_on_equal : bool, optional
        As in :func:`alphabeta` (True unless given).
    memo : bool, optional
        As in :func:`alphabeta` (True unless given).
    quick_wins : bool, optional
        As in :func:`alphabeta` (True unless given).
    win_check : bool, optional
        As in :func:`alphabeta` (False unless given).
    progress : callable or None, optional
        ``progress(depth, calls, move, score)``, called after each completed depth.

    Returns
    -------
    SearchResult
        The answer of the last completed depth, with ``depth``, ``solved`` and
        ``interrupted`` set and the counts of every depth added up.

    Raises
    ------
    ChanceNodeError
        When the search meets a chance node (use :func:`expectimax`).
    InvalidOption
        For ``seconds`` that is not a positive number or None,
        ``max_calls`` or ``max_depth`` that is not a whole number of 1 or more or None, a
        ``progress`` or ``order`` that is not a function, a ``game`` that is not a Game,
        a ``win_check`` that is not True or False, and as :func:`alphabeta`.
    InvalidBoard
        When ``state`` is not a position of the game.
    TreeTooLarge
        When the game goes deeper than Python's recursion allows.

    Examples
    --------
    >>> from minimax_viz import GameTree
    >>> seen = []
    >>> result = iterative_deepening(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
    ...                              progress=lambda *row: seen.append(row))
    >>> seen
    [(1, 4, 0, 0), (2, 15, 0, 3)]
    >>> result.score, result.move, result.depth, result.solved
    (3, 0, 2, True)
    """
    check_game(game)
    root = game.state(state)
    check_budget(seconds, max_calls, max_depth)
    options = Options("alphabeta", depth=1, evaluate=evaluate, order=order, prune_on_equal=prune_on_equal,
                       memo=memo, quick_wins=quick_wins, win_check=win_check, record=False)
    _check_deepening_functions(progress, order)
    deadline = None if seconds is None else time.perf_counter() + min(seconds, 1e12)   # 1e12 s: no limit met
    totals, best, interrupted = SearchStats(), None, False
    try:  # Ctrl-C anywhere in here, between searches too, answers with the last full depth
        best = _depth_zero(game, root, options)
        depth = 0
        while not best.solved and (max_depth is None or depth < max_depth):
            depth += 1
            left = None if max_calls is None else max_calls - totals.calls
            budget = None if left is None and deadline is None else NodeBudget(left, deadline)
            found, stats, stop = run_search(game, root, replace(options, depth=depth), budget)
            _add(totals, stats)
            if stop is SPENT:
                break
            if stop is not None:   # Ctrl-C: the outer handler answers with the last full depth
                raise stop
            best = found
            if progress is not None:
                progress(depth, totals.calls, found.move, found.score)
    except KeyboardInterrupt:
        interrupted = True
    return _deepened(game, root, options, best, totals, interrupted)


def _check_deepening_functions(progress, order) -> None:
    """Iterative deepening's ``progress`` and ``order`` are functions, or None."""
    if progress is not None and not callable(progress):
        raise InvalidOption(f"progress must be a function (depth, calls, move, score), not {_short(progress)}")
    if order is not None and not callable(order):
        raise InvalidOption(f"order must be a function (game, state, moves) -> moves, or None, not {_short(order)}")


def _deepened(game, root, options: Options, best, totals, interrupted) -> SearchResult:
    """Iterative deepening's answer; a Ctrl-C while it is put together marks it interrupted
    and tries again (it searches nothing, so it is quick)."""
    for attempt in range(3):
        try:
            if best is None:  # stopped before the depth-0 answer: one evaluation makes it
                best = _depth_zero(game, root, options)
            return SearchResult(
                score=best.score, move=best.move, tree=None, stats=totals, depth=best.depth,
                solved=best.solved, interrupted=interrupted,
            )
        except KeyboardInterrupt:
            if attempt == 2:  # Ctrl-C held down, or a function that always raises it: let it go
                raise
            interrupted = True


def _depth_zero(game, root, options: Options) -> SearchResult:
    """The answer before any search: the heuristic, and the first move in search order
    (``order``'s answer checked as at every node of a search)."""
    evaluate, order = options.evaluate, options.order
    over = outcome_of(game, root, options.quick_wins)
    if over is not None:
        return SearchResult(score=over, move=None, tree=None, stats=SearchStats(), depth=0)
    moves = tuple(game.moves(root))
    if order is not None and moves:
        moves = checked_order(game, order)(root, moves)
    return SearchResult(
        score=evaluator_of(game, evaluate)(root), move=game.move_name(root, moves[0]) if moves else None,
        tree=None, stats=SearchStats(), depth=0, solved=False,
    )


def _add(totals: SearchStats, more: SearchStats) -> None:
    totals.calls += more.calls
    totals.leaves += more.leaves
    totals.cutoffs += more.cutoffs
    totals.pruned += more.pruned
    totals.hits += more.hits
    totals.horizon += more.horizon
    totals.max_depth = max(totals.max_depth, more.max_depth)
