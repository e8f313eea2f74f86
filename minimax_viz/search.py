"""Minimax, alpha-beta and expectimax: one implementation, with recording and options.

Seed pseudocode, which the dispatcher ``value`` and the handlers of Max and Min nodes
follow::

    def minimax(state, depth):
        if depth == 0 or game_over(state):
            return evaluate(state)
        if node_type(state) == "max":
            best_value = -inf
            for child in generate_children(state):
                value = minimax(child, depth - 1)
                best_value = max(best_value, value)
            return best_value
        else:
            ... the same with +inf and min

The game says at every node what kind it is (``game.node_type``): Max, Min or chance;
nothing assumes that the players alternate, so two Min agents may move in a row.
Alpha-beta is the same walk with a window ``(alpha, beta)``: a Max node stops looking
at its children once it has found a value Min would never allow (``>= beta``), and a
Min node once Max would never allow it (``<= alpha``). Expectimax averages at chance
nodes, weighting each outcome by its probability, and takes Min to move at random.
Recording, depth limits, move ordering, a memo (transposition) table, quicker wins, a
solver's win check and narrowed window, and a budget of calls or seconds are options of
this one code path; the search tells a
recorder what happens and never draws. :func:`iterative_deepening` runs it again and
again, one ply deeper each time.

The shape of the code (``_search`` puts it together): a dispatcher ``value`` is called
once per node; it counts the call, scores a leaf (a finished game, or the depth limit),
writes the node's row when recording, and hands every other node to the handler of its
kind (``_max_handler``, ``_min_handler``, ``_chance_handler``), which loops over the
children and calls ``value`` for each. With a memo table, each handler sits behind it
(``_memo_handlers``): a position the table answers is a hit, any other is searched and
stored. The handlers share ``_Parts``; the memo table (``_Memo``), the budget (``_Budget``) and the
pruning rule with its counts (``_Cutoffs``) are passed in, each None when unused. Move
ordering only changes where the children come from: the game's ``successors``, its
``successors_by_priority`` for :func:`centre_first` (a table look-up in tic-tac-toe), or
any ``order`` function, checked at every node. Everything runs once per node of trees of
half a million nodes, so the per-node work is kept to a few comparisons: the game's
look-ups and the columns' ``append`` are bound to local names once per search, rows are
written inline (no Python call per row), and a cutoff appends its stubs row by row.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, replace
from numbers import Real
from typing import Any, Callable, Sequence

from .errors import ChanceNodeError, InvalidOption, MinimaxError, TreeTooLarge
from .errors import short_repr as _short
from .games.base import Game
from .trace import CALL, DEFAULT_MAX_NODES, HIT, HORIZON, LEAF, Recorder, SearchTree

__all__ = [
    "minimax", "alphabeta", "expectimax", "expectiminimax", "iterative_deepening", "SearchResult", "SearchStats",
    "centre_first", "best_first", "DEFAULT_MAX_CALLS",
]

_UNLIMITED = math.inf      # the depth of a search to the end: inf - 1 is still inf
_NEVER = 1 << 62          # a call count no search reaches: "no budget to check"
_CHECK_EVERY = 1024       # calls between two looks at the clock under a time budget
#: The most calls a search makes unless told otherwise (tic-tac-toe in full: 549,946).
DEFAULT_MAX_CALLS = 5_000_000
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
            f"SearchResult(score={_short(self.score)}, move={_short(self.move)}, "
            f"calls={self.stats.calls}, pruned={self.stats.pruned}{extra})"
        )


@dataclass(frozen=True)
class _Options:
    """The options of one search, checked once, where they enter (the public functions).

    They are checked here, in one order whichever function was called: the solver's
    switches (they name ``depth``), ``max_calls``, ``depth``, the other switches, then
    ``max_nodes`` when recording; the game and the position come next (:func:`_search`),
    then what needs the game (``game.key`` for the memo table, ``order`` and ``evaluate``,
    whose answers are checked as the search meets them). ``max_calls`` is the public
    functions' budget of calls (``None``: no limit); iterative deepening passes a budget
    of its own to :func:`_search` and replaces only ``depth`` from one round to the next.

    >>> _Options("minimax", depth=-1)
    Traceback (most recent call last):
    ...
    minimax_viz.errors.InvalidOption: depth must be 0 or more plies, not -1; use None to search to the end of the game
    """

    algorithm: str
    depth: int | None = None
    evaluate: Callable[[Any], float] | None = None
    order: Order | None = None
    prune_on_equal: bool = True
    memo: bool = False
    reuse: bool = False
    quick_wins: bool = False
    win_check: bool = False
    narrow: bool = False
    record: bool = True
    max_nodes: int = DEFAULT_MAX_NODES
    max_calls: int | None = None

    def __post_init__(self):
        _check_solver_options(self.win_check, self.narrow, self.depth)
        _check_max_calls(self.max_calls)
        _check_depth(self.depth)
        _check_switches(record=self.record, memo=self.memo, quick_wins=self.quick_wins,
                        prune_on_equal=self.prune_on_equal, reuse=self.reuse)
        if self.reuse and self.memo:
            raise InvalidOption(
                "reuse=True and memo=True do not go together: the memo table changes the tree "
                "(hits), and reuse copies a subtree only where the search would repeat it exactly; "
                "pass one of them"
            )
        if self.record:
            _check_max_nodes(self.max_nodes)

    @property
    def limit(self) -> float:
        """The depth limit as the recursion counts it down (``inf``: to the end)."""
        return _check_depth(self.depth)


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
    max_calls: int | None = DEFAULT_MAX_CALLS,
    reuse: bool = False,
) -> SearchResult:
    """Search every move to the end (or to ``depth`` plies) and back up the values.

    ``state=None`` is the game's start. With a ``depth``, positions at the limit are
    scored by ``evaluate`` (given the position in the game's public form), or by the
    game's own heuristic. Ties go to the first best move in move order. ``memo``,
    ``quick_wins`` and ``reuse`` are as in :func:`alphabeta`.

    >>> from minimax_viz import GameTree
    >>> result = minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.score, result.move, result.stats.calls
    (3, 0, 13)

    :raises ChanceNodeError: when the search meets a chance node (use :func:`expectimax`).
    :raises InvalidOption: for a ``game`` that is not a Game; a ``depth`` that is not a
        whole number of plies (0 or more) or None; a ``max_calls`` or ``max_nodes`` that is
        not a whole number of 1 or more (``max_calls`` may be None); a ``memo``,
        ``quick_wins``, ``record`` or ``reuse`` that is not True or False, or ``reuse`` with
        ``memo``; an ``evaluate`` that is not
        a function or returns something other than a number; a game whose ``node_type`` is
        not "max", "min" or "chance"; and with ``memo`` or ``reuse``, a ``game.key`` that returns
        something unhashable or the same key for positions of two kinds.
    :raises InvalidBoard: when ``state`` is not a position of the game.
    :raises TreeTooLarge: when the recording passes ``max_nodes`` nodes, or the search
        ``max_calls`` calls (recorded or not; ``None``: no limit), or the game goes deeper
        than Python's recursion allows.
    :raises MinimaxError: when a score to record (or average) is beyond a float's range.
    """
    return _limited(game, state, _Options(
        "minimax", depth=depth, evaluate=evaluate, memo=memo, quick_wins=quick_wins, record=record,
        max_nodes=max_nodes, max_calls=max_calls, reuse=reuse,
    ))


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
    win_check: bool = False,
    narrow: bool = False,
    record: bool = True,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_calls: int | None = DEFAULT_MAX_CALLS,
    reuse: bool = False,
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

    ``reuse=True`` searches each subtree once: where the search meets a position again
    with the same depth left and the same window, it copies what it found there the
    first time (the recorded rows, the value and every count) instead of searching it
    again. The tree, value, move and statistics are exactly those of the search without
    it; only the game is asked less (the 549,946 calls of the whole tic-tac-toe tree are
    searched as 16,168 and copied). It keys positions by ``game.key`` and takes
    ``evaluate`` and ``order`` to depend on the position alone; it cannot go with
    ``memo``, whose hits change the tree.

    ``quick_wins=True`` scores a finished game as its utility times one plus the moves
    left (``game.moves_left``; the search asks ``game.quick_outcome``, which does both),
    as game solvers do: a win now beats a win later, and a loss later beats a loss now,
    so the search never dawdles. The sign still says who wins.

    Two checks of game solvers, for games that say what a win is (``game.win_utility``),
    both off by default and never at the root (it must name its move). The search asks
    the game's ``solver_facts`` once per node for the three answers below (by default it
    calls ``winning_moves``, ``best_reachable`` and ``threats``):

    - ``win_check=True`` looks for a move that wins at once (``game.winning_moves``)
      before searching the children. If there is one, it is searched (a leaf) and the
      other moves are cut: nothing scores more than a win, and with ``quick_wins``
      nothing more than a win now. (A heuristic that rated a position above a win
      would be overruled: the games' own stay between a loss and a win.) Else, where
      the opponent could win at once (``game.threats``) and the search looks two plies
      on or more, only the first move that blocks it is searched: every other move
      loses at once, the worst result there is (with two threats, every move does).
    - ``narrow=True`` (with ``win_check`` and ``depth=None``) then narrows the window to
      the best score still reachable (``game.best_reachable``): with no win now, a
      player's best under ``quick_wins`` is a win two plies later. Where that is no
      better than what the player is already sure of elsewhere (``alpha`` for Max),
      every move is cut at once.

    >>> from minimax_viz import GameTree
    >>> result = alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.score, result.move, result.stats.calls, result.stats.pruned
    (3, 0, 11, 2)

    :raises ChanceNodeError: when the search meets a chance node (use :func:`expectimax`).
    :raises InvalidOption: as :func:`minimax`; for an ``order`` that is not a function
        or that drops, invents or repeats moves; for a ``prune_on_equal``, ``win_check`` or
        ``narrow`` that is not True or False, ``narrow=True`` without ``win_check=True`` or
        with a ``depth``, and a ``game.winning_moves`` or ``game.threats`` that names no
        legal move.
    :raises InvalidBoard: when ``state`` is not a position of the game.
    :raises TreeTooLarge: when the recording passes ``max_nodes`` nodes, or the search
        ``max_calls`` calls (recorded or not; ``None``: no limit), or the game goes deeper
        than Python's recursion allows.
    :raises MinimaxError: when a score to record (or average) is beyond a float's range.
    """
    return _limited(game, state, _Options(
        "alphabeta", depth=depth, evaluate=evaluate, order=order, prune_on_equal=prune_on_equal, memo=memo,
        quick_wins=quick_wins, win_check=win_check, narrow=narrow, record=record, max_nodes=max_nodes,
        max_calls=max_calls, reuse=reuse,
    ))


def expectimax(
    game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    record: bool = True,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_calls: int | None = DEFAULT_MAX_CALLS,
    memo: bool = False,
    reuse: bool = False,
) -> SearchResult:
    """Expectimax: Max takes the best child value, a chance node the probability-weighted mean.

    The game says at every node what kind it is (``game.node_type``) and gives a chance
    node's odds (``game.probabilities``). A plain Min node is treated as a chance node
    with equal odds: Min is taken to move at random, which is expectimax as UC Berkeley's
    CS188 defines it. No pruning: without bounds on the values, every outcome of a
    chance node can still change its mean. ``depth`` and ``evaluate`` are as in
    :func:`minimax`; the recorded tree's ``algorithm`` is ``"expectimax"``. ``memo=True``
    keeps each position's value in a table (lesson 06), searched once however many lines
    reach it: with no bounds, every value is exact, and the answer is the same.
    ``reuse=True`` is as in :func:`alphabeta`: the same tree, searched faster.

    >>> from minimax_viz import GameTree, TicTacToe
    >>> [expectimax(TicTacToe(), record=False, memo=memo).stats.calls for memo in (False, True)]
    [549946, 16168]
    >>> result = expectimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.score, result.move, [child.score for child in result.tree.root.children]
    (7.666666666666667, 0, [7.666666666666667, 4, 7])

    :raises InvalidOption: as :func:`minimax` (the ``game``, ``depth``, ``max_calls``,
        ``max_nodes``, ``record``, ``memo``, ``reuse``, ``evaluate``, ``node_type`` and ``game.key``),
        and for probabilities that are not one number in (0, 1] per move adding up to 1.
    :raises InvalidBoard: when ``state`` is not a position of the game.
    :raises TreeTooLarge: when the recording passes ``max_nodes`` nodes, or the search
        ``max_calls`` calls (recorded or not; ``None``: no limit), or the game goes deeper
        than Python's recursion allows.
    :raises MinimaxError: when a score to record (or average) is beyond a float's range,
        or a node to average has outcomes worth +inf and -inf (their mean is undefined).
    """
    return _limited(game, state, _Options(
        "expectimax", depth=depth, evaluate=evaluate, record=record, max_nodes=max_nodes, max_calls=max_calls,
        memo=memo, reuse=reuse,
    ))


def expectiminimax(
    game,
    state: Any = None,
    *,
    depth: int | None = None,
    evaluate: Callable[[Any], float] | None = None,
    record: bool = True,
    max_nodes: int = DEFAULT_MAX_NODES,
    max_calls: int | None = DEFAULT_MAX_CALLS,
    reuse: bool = False,
) -> SearchResult:
    """Expectiminimax (AIMA 5.5): Max takes the largest child value, Min the smallest, and a
    chance node the probability-weighted mean: minimax for games with dice.

    Unlike :func:`expectimax`, a Min node is an opponent who chooses, not a ghost moving at
    random; only the game's "chance" nodes average. Options as in :func:`expectimax`; the
    recorded tree's ``algorithm`` is ``"expectiminimax"``.

    >>> from minimax_viz import GameTree
    >>> tree = GameTree([["min", ["chance", 2, 4], ["chance", 10, 10]], ["min", ["chance", 5, 5]]])
    >>> expectiminimax(tree).score, expectiminimax(tree).move
    (5.0, 1)
    >>> expectimax(tree).score, expectimax(tree).move   # Min taken to move at random
    (6.5, 0)

    :raises InvalidOption: as :func:`expectimax`.
    :raises InvalidBoard: when ``state`` is not a position of the game.
    :raises TreeTooLarge: as :func:`expectimax`.
    :raises MinimaxError: as :func:`expectimax`.
    """
    return _limited(game, state, _Options(
        "expectiminimax", depth=depth, evaluate=evaluate, record=record, max_nodes=max_nodes, max_calls=max_calls,
        reuse=reuse,
    ))


# -- move ordering ---------------------------------------------------------------------------

def centre_first(game, state: Any, moves: Sequence[int]) -> list[int]:
    """The moves sorted by the game's ``move_priority``, highest first; ties keep move order.

    Tic-tac-toe ranks the centre, then the corners, then the edges; Connect Four ranks
    the columns from the centre outwards. Moves that sit on more lines are better more
    often, and alpha-beta cuts most when the best move comes first. A search given
    ``order=centre_first`` asks the game for the same order at every node with
    ``game.successors_by_priority`` (a look-up in tic-tac-toe, sorted once per position).

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

    :raises InvalidOption: when the game's ``evaluate`` returns something other than a number.
    """
    sign = -1 if game.is_max(state) else 1
    evaluate, play = _evaluator(game, None), game.play
    return sorted(moves, key=lambda m: sign * evaluate(play(state, m)))


def _best_first_pairs(game):
    successors, sign_of, evaluate = game.successors, game.is_max, _evaluator(game, None)

    def ordered(state):
        sign = -1 if sign_of(state) else 1
        return sorted(successors(state), key=lambda pair: sign * evaluate(pair[1]))

    return ordered


# The ready-made orders as the search's fast path: each gives the ``successors`` the search
# calls, on (move, next state) pairs. centre_first's is the game's own (a look-up in tic-tac-toe).
_PAIR_ORDERS = {centre_first: lambda game: _open_hook(game, "open_successors_by_priority", "successors_by_priority"),
                best_first: _best_first_pairs}


def _open_hook(game, name: str, plain: str):
    """The game's ``name`` hook (``open_successors``: its ``plain`` one for a game still on),
    unless ``plain`` was given below the class that gave ``name`` (a subclass with its own
    ``successors`` is asked that), or the game keeps the default, which only calls ``plain``."""
    if plain in vars(game):
        return getattr(game, plain)
    mro = type(game).__mro__
    gave = next((c for c in mro if name in vars(c)), Game)
    below = next((c for c in mro if plain in vars(c)), Game)
    return getattr(game, name if gave is not Game and issubclass(gave, below) else plain)


def _ordered(game, order):
    if not callable(order):
        raise InvalidOption(f"order must be a function (game, state, moves) -> moves, not {_short(order)}")
    if order in _PAIR_ORDERS:
        return _PAIR_ORDERS[order](game)
    successors, reorder = game.successors, _checked_order(game, order)

    def ordered(state):
        pairs = successors(state)
        by_move = dict(pairs)
        return tuple((m, by_move[m]) for m in reorder(state, tuple(m for m, _ in pairs)))

    return ordered


def _checked_order(game, order):
    """``reorder(state, moves)``: ``order(game, state, moves)`` as a list, refused in words
    unless it is a list or tuple of the same moves (whole numbers) in another order."""

    def reorder(state, moves):
        given = order(game, state, moves)
        chosen = list(given) if isinstance(given, (list, tuple, range)) else None
        if chosen is None or any(type(m) is not int for m in chosen):
            what = f"{_short(given)}" if chosen is None else f"{_short(chosen)}"
            raise InvalidOption(
                f"order must return a list of the moves it was given (whole numbers) in another order; "
                f"given {_short(list(moves))} it returned {what}"
            )
        if sorted(chosen) != sorted(moves):
            dropped = sorted(set(moves) - set(chosen))
            invented = sorted(set(chosen) - set(moves))
            raise InvalidOption(
                f"order must return the same moves in another order; given {_short(list(moves))} it returned "
                f"{_short(chosen)} (dropped {_short(dropped)}, invented {_short(invented)}, or repeated some)"
            )
        return chosen

    return reorder


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

    >>> from minimax_viz import GameTree
    >>> seen = []
    >>> result = iterative_deepening(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
    ...                              progress=lambda *row: seen.append(row))
    >>> seen
    [(1, 4, 0, 0), (2, 15, 0, 3)]
    >>> result.score, result.move, result.depth, result.solved
    (3, 0, 2, True)

    :raises ChanceNodeError: when the search meets a chance node (use :func:`expectimax`).
    :raises InvalidOption: for ``seconds`` that is not a positive number or None,
        ``max_calls`` or ``max_depth`` that is not a whole number of 1 or more or None, a
        ``progress`` or ``order`` that is not a function, a ``game`` that is not a Game,
        a ``win_check`` that is not True or False, and as :func:`alphabeta`.
    :raises InvalidBoard: when ``state`` is not a position of the game.
    :raises TreeTooLarge: when the game goes deeper than Python's recursion allows.
    """
    _check_game(game)
    root = game.state(state)
    _check_budget(seconds, max_calls, max_depth)
    options = _Options("alphabeta", depth=1, evaluate=evaluate, order=order, prune_on_equal=prune_on_equal,
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
            budget = None if left is None and deadline is None else _Budget(left, deadline)
            found, stats, stop = _search(game, root, replace(options, depth=depth), budget)
            _add(totals, stats)
            if stop is _SPENT:
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


def _deepened(game, root, options: _Options, best, totals, interrupted) -> SearchResult:
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


def _limited(game, state, options: _Options) -> SearchResult:
    """One search with the options' budget of calls: past it, a TreeTooLarge that says how
    to go on; a Ctrl-C goes on up."""
    max_calls = options.max_calls
    found, _, stop = _search(game, state, options, None if max_calls is None else _Budget(max_calls, None))
    if stop is _SPENT:
        raise TreeTooLarge(
            f"the search passed max_calls={max_calls:,} calls; give a depth limit (depth=...), "
            "or pass a larger max_calls (None: no limit)"
        )
    if stop is not None:
        raise stop
    return found


# -- the one search ------------------------------------------------------------------------
#
# ``_search`` puts the parts of one search together and runs it: a dispatcher
# (``_dispatcher``) that scores the leaves and asks the game the kind of every other node,
# one handler per node kind (``_max_handler``, ``_min_handler``, ``_chance_handler``), the
# pruning helper the first two share (``_Cutoffs``), and the objects passed in: the
# recorder, the memo table (``_Memo``) and the budget (``_Budget``), each None when unused.
# The dispatcher and the handlers are closures with their tools bound to local names:
# they run once per node of trees of half a million nodes.

def _search(game, state, options: _Options, budget: "_Budget | None" = None):
    """Put one search together and run it: ``(result, stats, stop)``. ``stop`` is None when
    the search answered, :data:`_SPENT` when the budget ran out (``result`` None), or the
    ``KeyboardInterrupt`` that stopped it (``result`` None); ``stats`` counts the work done
    either way (iterative deepening adds up the depths it gave up too)."""
    _check_game(game)
    root = game.state(state)
    parts = _parts_for(game, root, options, budget)
    algorithm, record, recorder = options.algorithm, options.record, parts.recorder
    value, stats = _dispatcher(parts)
    limit = options.limit
    try:
        score = value(root, limit, -math.inf, math.inf, 0, -1, -1)
    except _OutOfBudget:
        spent = stats()
        spent.calls -= 1  # the call that found the budget spent does no work
        return None, spent, _SPENT
    except KeyboardInterrupt as stop:
        return None, stats(), stop
    except OverflowError as err:  # a score too large for a float: recorded or averaged
        raise MinimaxError(
            f"a score is too large to {'record' if record else 'average'} ({err}): the recording "
            "keeps scores as floats and expectimax averages them, so a score must be at most "
            "about 1.8e308 in size; scale the scores down"
            + (", or pass record=False to get the value without the tree" if record else "")
        ) from None
    except RecursionError:
        raise TreeTooLarge(
            f"the game goes deeper than Python's recursion allows (about "
            f"{sys.getrecursionlimit() // 2} plies below {_short(game.to_text(root))}); search it "
            "with a depth limit, such as depth=300"
        ) from None
    move, found = parts.root_move, stats()
    if (move is None and limit and _outcome_of(game, root, options.quick_wins) is None
            and game.node_type(root) in ("max", "min")):
        # Every child scored -inf at a Max root (or +inf at a Min root): none beat the
        # starting value, yet each is a best move; the first one searched answers.
        move = parts.successors(root)[0][0]
    tree = SearchTree(game, root, recorder, algorithm=algorithm) if record else None
    result = SearchResult(
        score=score, move=None if move is None else game.move_name(root, move), tree=tree,
        stats=found, depth=options.depth, solved=found.horizon == 0,
    )
    return result, found, None


def _parts_for(game, root, options: _Options, budget: "_Budget | None") -> "_Parts":
    """The parts of one search of ``game`` from ``root``: the successors in the order
    searched, the outcome and the horizon's scores, and the recorder, memo table, budget
    and cutoffs (each None when unused; the cutoffs write their stubs to the recorder)."""
    if options.memo or options.reuse:
        _check_key(game, root, "memo" if options.memo else "reuse")
    recorder = (Recorder(window=options.algorithm == "alphabeta", max_nodes=options.max_nodes)
                if options.record else None)
    key = None if _keyed_by_state(game) else game.key
    memo = _Memo(key, options.prune_on_equal) if options.memo else None
    return _Parts(
        game, options.algorithm,
        successors=(_open_hook(game, "open_successors", "successors") if options.order is None
                    else _ordered(game, options.order)),
        outcome=game.quick_outcome if options.quick_wins else game.outcome,
        score_horizon=game.evaluate if options.evaluate is None else _evaluator(game, options.evaluate),
        recorder=recorder, memo=memo, budget=budget, reuse=_Reuse(key) if options.reuse else None,
        cutoffs=_Cutoffs(options.prune_on_equal, recorder) if options.algorithm == "alphabeta" else None,
        win_check=options.win_check, narrow=options.narrow, quick_wins=options.quick_wins,
    )


#: What :func:`_search` answers as its ``stop`` when the budget ran out.
_SPENT = "spent"


class _Parts:
    """What the dispatcher and the handlers of one search share."""

    def __init__(self, game, algorithm, *, successors, outcome, score_horizon, recorder, memo,
                 budget, cutoffs, win_check=False, narrow=False, quick_wins=False, reuse=None):
        self.game, self.algorithm, self.reuse = game, algorithm, reuse
        self.win_check, self.narrow, self.quick_wins = win_check, narrow, quick_wins
        self.successors, self.outcome, self.score_horizon = successors, outcome, score_horizon
        self.recorder, self.memo, self.budget, self.cutoffs = recorder, memo, budget, cutoffs
        self.root_move = None   # set by the root's handler: the first best move


class _OutOfBudget(Exception):
    """Raised inside the recursion when the calls or seconds of a budget run out."""


class _Budget:
    """A limit on the calls and/or the wall time of a search, looked at every so often."""

    def __init__(self, max_calls: int | None, deadline: float | None):
        self.max_calls, self.deadline = max_calls, deadline

    def first_check(self) -> int:
        return _next_check(0, self.max_calls)

    def check(self, calls: int) -> int:
        """Raise :class:`_OutOfBudget` when spent, else return the call count of the next look."""
        if (self.max_calls is not None and calls > self.max_calls) or (
            self.deadline is not None and time.perf_counter() >= self.deadline
        ):
            raise _OutOfBudget()
        return _next_check(calls, self.max_calls)


class _Memo:
    """The transposition table: per position key, its value, what kind of bound that
    value is (EXACT, LOWER, UPPER), the depth searched below it, and the node's kind (a key
    met again at a node of another kind is refused: it would answer Min with Max's value).

    The handlers behind the table (:func:`_memo_handlers`) probe and store inline (a
    Python call each per node would cost): an entry answers a search to the same depth when it is exact, or a bound that
    already decides the cutoff by the search's own rule (``on_equal``); a value is
    stored as exact only strictly inside the window it was searched with. ``key`` is
    None when the game's states are their own keys (``game.key_is_state``).
    """

    def __init__(self, key, prune_on_equal: bool):
        self.key, self.table, self.hits = key, {}, 0
        self.on_equal = prune_on_equal   # a bound decides a cutoff by the search's own rule


class _Reuse:
    """What ``reuse=True`` keeps: per subtree searched below the root, keyed by ``(position
    key, node kind, depth left, alpha, beta)``, which decide all the search does in it,
    ``(value, counts, cut counts, first row, end row, exits)``: the value, what it added
    to the calls, leaves and horizon leaves and how many plies it reached below its
    root, the cutoffs and pruned children, and where its rows and windows were written.
    ``key`` is None when the game's states are their own keys."""

    def __init__(self, key):
        self.key, self.table = key, {}


class _Cutoffs:
    """Alpha-beta's pruning rule and its cutoffs: ``on_equal`` cuts when a value reaches
    the bound (``>=``/``<=``), else only when it passes it; the count of what was skipped."""

    def __init__(self, prune_on_equal: bool, recorder: Recorder | None = None):
        self.on_equal = prune_on_equal
        self.cutoffs = self.pruned = 0
        self.record = None if recorder is None else recorder.cut   # writes the stubs, when recording

    def skip(self, here: int, children, searched, alpha: float, beta: float) -> None:
        """Cut the ``(move, child)`` pairs of ``children`` at node ``here`` but ``searched``
        (one of them, or None: all), unsearched: a :meth:`cut` after ``searched``, put first."""
        if self.record is None:   # nothing to record: only the counts
            rest, n = (), len(children) - (searched is not None)
        else:
            rest = [pair for pair in children if pair is not searched]
            n = len(rest)
        if n:
            self.cutoffs += 1
            self.pruned += n
            if self.record is not None:
                self.record(here, rest, 0, alpha, beta)

    def cut(self, children, last, here: int, alpha: float, beta: float) -> None:
        """Stop after ``last``, a ``(move, child)`` pair of ``children``: the children after
        it are skipped (and recorded as stubs)."""
        start = children.index(last) + 1
        n = len(children) - start
        if n:
            self.cutoffs += 1
            self.pruned += n
            if self.record is not None:
                self.record(here, children, start, alpha, beta)


def _unknown_kind(game, kind):
    """The error for a ``node_type`` that is none of the three kinds."""
    return InvalidOption(
        f"{type(game).__name__}.node_type returned {_short(kind)}; it must return 'max', 'min' or 'chance'"
    )


def _unhashable_key(game, state, k, option: str = "memo"):
    """The error for a key that cannot key the ``option``'s table (a list, say), met below the root."""
    return InvalidOption(
        f"{option}=True needs {type(game).__name__}.key to return a hashable value (a number, a string "
        f"or a tuple) for every position, not {_short(k)} at {game.to_text(state)}; use {option}=False "
        "or return a tuple"
    )


def _shared_key(game, state, k, first: str, now: str):
    """The error for a memo key given to positions of two kinds (a Max and a Min position):
    the table would answer one with the other's value."""
    kinds = {"max": "a Max", "min": "a Min", "chance": "a chance"}
    return InvalidOption(
        f"{type(game).__name__}.key gives {_short(k)} to {kinds.get(first, first)} position and to "
        f"{kinds.get(now, now)} position ({game.to_text(state)}); a key must tell apart positions with "
        "different players to move (put the player in it), or the memo table answers one with the "
        "other's value"
    )


def _dispatcher(parts: _Parts):
    """The recursive ``value(state, depth, alpha, beta, ply, parent, move)`` and a
    ``stats()`` that reads its counts: leaves are scored here, every other node goes to
    the handler of its kind, asked of the game at every node (behind the memo table when
    there is one: :func:`_memo_handlers`). Every node, whatever it is, is written as one
    row in one place (the columns' appends inline: a Python call per node would cost a
    third of the recording); a hit's row is written as a call's, which its handler
    turns into a hit."""
    outcome, score_horizon, memo, budget = parts.outcome, parts.score_horizon, parts.memo, parts.budget
    check_guess = _guess_checker(parts.game)
    node_type = parts.game.node_type
    rec = parts.recorder
    rows = rec.parent if rec is not None else None
    if rec is not None:
        max_nodes, too_large = rec.max_nodes, rec.too_large
        put_parent, put_move, put_kind, put_score, *put_window = rec.appenders()
        window = bool(put_window)
        put_alpha, put_beta = put_window if window else (None, None)
    handlers: dict = {}   # filled below, once the handlers can call ``value``
    calls = leaves = horizon = max_ply = 0
    check_at = _NEVER if budget is None else budget.first_check()
    nan = math.nan

    def value(state, depth, alpha, beta, ply, parent, move):
        nonlocal calls, leaves, horizon, max_ply, check_at
        calls += 1
        if calls > check_at:
            check_at = budget.check(calls)
        over = outcome(state)
        if over is None and depth:  # the game goes on, and so does the search: an inner call
            kind, over = CALL, nan
        else:  # game over, or the depth limit: a leaf
            leaves += 1
            kind = LEAF
            if over is None:
                over, kind = score_horizon(state), HORIZON
                if (type(over) is not float and type(over) is not int) or over != over:
                    over = check_guess(over, state)   # not a plain number: a Real, or words
                horizon += 1
        if ply > max_ply:
            max_ply = ply
        if rows is None:
            if kind != CALL:
                return over
            here = -1
        else:
            here = len(rows)
            if here >= max_nodes:
                too_large()
            put_parent(parent)
            put_move(move)
            put_kind(kind)
            put_score(over)
            if window:
                put_alpha(alpha)
                put_beta(beta)
            if kind != CALL:
                return over
        try:
            handle = handlers[node_type(state)]
        except (KeyError, TypeError):
            raise _unknown_kind(parts.game, node_type(state)) from None
        return handle(state, depth, alpha, beta, ply, here)

    def stats() -> SearchStats:
        cuts = parts.cutoffs
        return SearchStats(
            calls=calls, leaves=leaves, max_depth=max_ply, horizon=horizon,
            cutoffs=cuts.cutoffs if cuts else 0, pruned=cuts.pruned if cuts else 0,
            hits=memo.hits if memo else 0,
        )

    def open_subtree(ply: int) -> tuple:
        """The counts before a subtree below ``ply`` is searched (``reuse``); the deepest
        ply is counted afresh from ``ply``, for :func:`close_subtree`."""
        nonlocal max_ply
        seen = calls, leaves, horizon, max_ply
        max_ply = ply
        return seen

    def close_subtree(seen: tuple, ply: int) -> tuple:
        """What the subtree searched since ``open_subtree(ply)`` added: ``(calls, leaves,
        horizon, plies below ply)``; the deepest ply of the whole search is restored."""
        nonlocal max_ply
        grown = calls - seen[0], leaves - seen[1], horizon - seen[2], max_ply - ply
        if seen[3] > max_ply:
            max_ply = seen[3]
        return grown

    def credit(grown: tuple, ply: int) -> None:
        """Count a subtree met again at ``ply`` as its first search counted it."""
        nonlocal calls, leaves, horizon, max_ply, check_at
        calls += grown[0]
        leaves += grown[1]
        horizon += grown[2]
        if ply + grown[3] > max_ply:
            max_ply = ply + grown[3]
        if calls > check_at:
            check_at = budget.check(calls)

    handlers.update(_handlers(parts, value))
    if memo is not None:
        handlers.update(_memo_handlers(parts, handlers))
    if parts.reuse is not None:
        handlers.update(_reuse_handlers(parts, handlers, (open_subtree, close_subtree, credit)))
    return value, stats


def _memo_handlers(parts: _Parts, handlers: dict) -> dict:
    """Each handler of ``handlers`` behind the memo table (see :class:`_Memo`): below the
    root, a position whose entry answers it is a hit (its row, written as a call's, is
    made a hit's), any other is searched by the handler and its value stored. The probe
    and the store are inline: this runs once per inner node of a search with a memo."""
    memo, game, rec = parts.memo, parts.game, parts.recorder
    key, table, on_equal = memo.key, memo.table, memo.on_equal
    table_get = table.get
    kinds, scores = (rec.kind, rec.score) if rec is not None else (None, None)

    def behind_table(node, handle):
        def memo_node(state, depth, alpha, beta, ply, here):
            k = state if key is None else key(state)
            if ply:  # the root is never answered from the table: it must name its move
                try:
                    entry = table_get(k)   # the table's probe
                except TypeError:
                    raise _unhashable_key(game, state, k) from None
                if entry is not None:
                    if entry[3] != node:   # a key never stands for two kinds
                        raise _shared_key(game, state, k, entry[3], node)
                    v, bound = entry[0], entry[1]
                    if entry[2] == depth and (bound == EXACT or (
                        (v >= beta if on_equal else v > beta) if bound == LOWER
                        else (v <= alpha if on_equal else v < alpha)
                    )):
                        memo.hits += 1
                        if kinds is not None:
                            kinds[here], scores[here] = HIT, v
                        return v
            best = handle(state, depth, alpha, beta, ply, here)   # then the table's store
            table[k] = (best, UPPER if best <= alpha else LOWER if best >= beta else EXACT, depth, node)
            return best

        return memo_node

    return {node: behind_table(node, handle) for node, handle in handlers.items()}


def _reuse_handlers(parts: _Parts, handlers: dict, tally: tuple) -> dict:
    """Each handler of ``handlers`` behind the reuse table (see :class:`_Reuse`): below the
    root, a subtree met again with the same depth left and window is not searched but
    copied, its rows by the recorder and its counts into the search's (``tally``: the
    dispatcher's ``open_subtree``, ``close_subtree`` and ``credit``); any other is
    searched by the handler and kept."""
    game, rec, cuts = parts.game, parts.recorder, parts.cutoffs
    key, table = parts.reuse.key, parts.reuse.table
    open_subtree, close_subtree, credit = tally
    rows = rec.parent if rec is not None else ()
    exits = rec.exits if rec is not None and rec.window else ()

    def copy(entry, ply: int, here: int):
        best, grown, cut, source, end, written = entry
        credit(grown, ply)
        if cuts is not None:
            cuts.cutoffs += cut[0]
            cuts.pruned += cut[1]
        if rec is not None:
            rec.copy(source, end, here, written)
        return best

    def behind_table(node, handle):
        def reuse_node(state, depth, alpha, beta, ply, here):
            if not ply:   # the root names its move, and is never met again below itself
                return handle(state, depth, alpha, beta, ply, here)
            k = (state if key is None else key(state), node, depth, alpha, beta)
            try:
                entry = table.get(k)
            except TypeError:
                raise _unhashable_key(game, state, k[0], "reuse") from None
            if entry is not None:
                return copy(entry, ply, here)
            seen, cut, first = open_subtree(ply), (cuts.cutoffs, cuts.pruned) if cuts else None, len(exits)
            try:
                best = handle(state, depth, alpha, beta, ply, here)
            finally:
                grown = close_subtree(seen, ply)
            if cuts is not None:
                cut = cuts.cutoffs - cut[0], cuts.pruned - cut[1]
            table[k] = best, grown, cut, here, len(rows), (first, len(exits))
            return best

        return reuse_node

    return {node: behind_table(node, handle) for node, handle in handlers.items()}


def _handlers(parts: _Parts, value) -> dict:
    """The handler of each node kind, for the search's algorithm."""
    if parts.algorithm == "expectimax":  # Min moves at random: a chance node with equal odds
        return {"max": _max_handler(parts, value), "min": _chance_handler(parts, value, equal=True),
                "chance": _chance_handler(parts, value)}
    if parts.algorithm == "expectiminimax":  # Min chooses; only chance nodes average
        return {"max": _max_handler(parts, value), "min": _min_handler(parts, value),
                "chance": _chance_handler(parts, value)}
    return {"max": _max_handler(parts, value), "min": _min_handler(parts, value),
            "chance": _refuse_chance(parts)}


def _max_handler(parts: _Parts, value):
    """Max takes the largest child value; with a window it stops once that reaches beta."""
    successors, cuts = parts.successors, parts.cutoffs
    shortcut, leave = _shortcut(parts, value, maximise=True), _leave(parts.recorder)
    scores, exits = _exit_columns(parts.recorder)
    pruning = cuts is not None
    on_equal, cut = (cuts.on_equal, cuts.cut) if pruning else (None, None)
    lowest = -math.inf

    def max_node(state, depth, alpha, beta, ply, here):
        if shortcut is not None and ply:  # a win at once, or a window narrowed to nothing
            best, alpha, beta = shortcut(state, depth, alpha, beta, ply, here)
            if best is not None:
                if leave is not None:
                    leave(here, best, alpha, beta)
                return best
        children = successors(state)
        best, best_move = lowest, None
        for m, child in children:
            v = value(child, depth - 1, alpha, beta, ply + 1, here, m)
            if v > best:
                best, best_move = v, m
            if pruning:
                if best > alpha:
                    alpha = best
                if best >= beta if on_equal else best > beta:  # Min would never allow it
                    if m != children[-1][0]:  # children are left: a cutoff
                        cut(children, (m, child), here, alpha, beta)
                    break
        if not ply:
            parts.root_move = best_move
        if scores is not None:  # the call returns: its score, and the window it ends with
            scores[here] = best
            if exits is not None:
                exits((here, alpha, beta))
        return best

    return max_node


def _min_handler(parts: _Parts, value):
    """Min takes the smallest child value; with a window it stops once that reaches alpha."""
    successors, cuts = parts.successors, parts.cutoffs
    shortcut, leave = _shortcut(parts, value, maximise=False), _leave(parts.recorder)
    scores, exits = _exit_columns(parts.recorder)
    pruning = cuts is not None
    on_equal, cut = (cuts.on_equal, cuts.cut) if pruning else (None, None)
    highest = math.inf

    def min_node(state, depth, alpha, beta, ply, here):
        if shortcut is not None and ply:  # a win at once, or a window narrowed to nothing
            best, alpha, beta = shortcut(state, depth, alpha, beta, ply, here)
            if best is not None:
                if leave is not None:
                    leave(here, best, alpha, beta)
                return best
        children = successors(state)
        best, best_move = highest, None
        for m, child in children:
            v = value(child, depth - 1, alpha, beta, ply + 1, here, m)
            if v < best:
                best, best_move = v, m
            if pruning:
                if best < beta:
                    beta = best
                if best <= alpha if on_equal else best < alpha:  # Max would never allow it
                    if m != children[-1][0]:  # children are left: a cutoff
                        cut(children, (m, child), here, alpha, beta)
                    break
        if not ply:
            parts.root_move = best_move
        if scores is not None:  # the call returns: its score, and the window it ends with
            scores[here] = best
            if exits is not None:
                exits((here, alpha, beta))
        return best

    return min_node


def _shortcut(parts: _Parts, value, *, maximise: bool):
    """``win_check`` and ``narrow`` at a node of Max (``maximise``) or Min, or None when
    both are off: ``shortcut(state, depth, alpha, beta, ply, here)`` gives the node's
    value when a move wins at once, the narrowed window is empty, or one move must block
    the opponent's win (None otherwise), and the window, narrowed, to go on with."""
    if not parts.win_check:
        return None
    game, successors, cuts = parts.game, parts.successors, parts.cutoffs
    facts, on_equal, skip = game.solver_facts, cuts.on_equal, cuts.skip
    narrow, quick = parts.narrow, parts.quick_wins

    def take_win(state, wins, depth, alpha, beta, ply, here):
        """Search the first of ``wins`` (winning or blocking moves) in the order searched;
        cut the others."""
        children = successors(state)
        for pair in children:
            if pair[0] in wins:
                break
        else:
            raise InvalidOption(
                f"{type(game).__name__}.winning_moves or .threats returned {_short(wins)} at {game.to_text(state)}; "
                f"it must name moves among the legal ones, {[m for m, _ in children]}"
            )
        v = value(pair[1], depth - 1, alpha, beta, ply + 1, here, pair[0])
        if maximise:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        skip(here, children, pair, alpha, beta)
        return v, alpha, beta

    def shortcut(state, depth, alpha, beta, ply, here):
        wins, most, forced = facts(state, quick_wins=quick)   # the game's three answers at once
        if wins:
            return take_win(state, wins, depth, alpha, beta, ply, here)
        if narrow:
            if maximise and most is not None and most < beta:   # Max can reach no more
                beta = most
                if alpha >= beta if on_equal else alpha > beta:
                    skip(here, successors(state), None, alpha, beta)
                    return most, alpha, beta
            elif not maximise and most is not None and most > alpha:   # Min no less
                alpha = most
                if beta <= alpha if on_equal else beta < alpha:
                    skip(here, successors(state), None, alpha, beta)
                    return most, alpha, beta
        if depth > 1 and forced:   # the opponent's wins at once are in sight: only a block can be best
            return take_win(state, forced, depth, alpha, beta, ply, here)
        return None, alpha, beta

    return shortcut


def _leave(recorder):
    """The recorder's ``exit(index, score, alpha, beta)``, which closes a call's row (None
    when nothing is recorded)."""
    return None if recorder is None else recorder.exit


def _exit_columns(recorder):
    """What a handler writes when its call returns: the score column, and the ``append``
    of the recorder's ``exits`` (``(index, alpha, beta)`` per inner call) when it keeps the
    window (None for what is not recorded)."""
    if recorder is None:
        return None, None
    return recorder.score, recorder.exits.append if recorder.window else None


def _chance_handler(parts: _Parts, value, *, equal: bool = False):
    """A chance node takes the probability-weighted mean of its children's values
    (``equal``: the plain mean, for a Min node that expectimax treats as moving at random)."""
    game = parts.game
    successors = game.successors   # the probabilities follow the game's own move order
    leave = parts.recorder.exit if parts.recorder is not None else None

    def chance_node(state, depth, alpha, beta, ply, here):
        children = successors(state)
        values = [value(child, depth - 1, alpha, beta, ply + 1, here, m) for m, child in children]
        if equal:
            mean = sum(values) / len(values)
        else:
            odds = _probabilities(game, state, len(values))
            mean = sum(p * v for p, v in zip(odds, values))
        if mean != mean:   # NaN: +inf and -inf among the outcomes (the values are never NaN)
            raise _undefined_mean(game, state, values, equal=equal)
        if leave is not None:
            leave(here, mean, alpha, beta)
        return mean

    return chance_node


def _probabilities(game, state, n: int) -> Sequence[float]:
    """The game's probabilities at a chance node, checked: one per move, summing to 1 (any
    iterable of numbers will do, a generator too)."""
    given = game.probabilities(state)
    try:
        odds = tuple(given)
    except TypeError:   # None, a number: nothing to read one probability per move from
        odds = None
    ok = odds is not None and len(odds) == n and all(
        isinstance(p, Real) and not isinstance(p, bool) and 0 < p <= 1 for p in odds
    )
    if not ok or abs(math.fsum(odds) - 1) > 1e-9:
        raise InvalidOption(
            f"{type(game).__name__}.probabilities returned {_short(given if odds is None else list(odds))} at "
            f"{game.to_text(state)}; it must give one probability in (0, 1] per move ({n} moves), summing to 1"
        )
    return odds


def _undefined_mean(game, state, values, *, equal: bool) -> MinimaxError:
    """The error for a chance node (or a Min node moving at random) whose mean is NaN: its
    outcomes include both +inf and -inf (inf - inf is undefined), or a NaN."""
    where = "the chance node" if not equal else "the Min node (moving at random)"
    if any(v != v for v in values):
        why = "an outcome scored NaN, which is no value"
    else:
        why = "it has outcomes worth +inf and -inf, whose average is undefined (inf - inf)"
    return MinimaxError(
        f"{where} at {game.to_text(state)} has no mean: {why} ({_short(values)}); score the "
        "game's ends with finite numbers, such as +1000 and -1000"
    )


def _refuse_chance(parts: _Parts):
    """Minimax and alpha-beta have no rule for a chance node: say what to use instead."""
    game, algorithm = parts.game, parts.algorithm

    def refuse(state, depth, alpha, beta, ply, here):
        raise ChanceNodeError(
            f"{algorithm} cannot search {game.to_text(state)}: it is a chance node (its outcomes "
            "come with probabilities, nobody chooses); use expectimax(game, state) for a game "
            "with chance nodes"
        )

    return refuse


def _next_check(calls: int, max_calls: int | None) -> int:
    """The call count at which the budget is looked at next."""
    step = calls + _CHECK_EVERY
    return step if max_calls is None else min(step, max_calls)


def _depth_zero(game, root, options: _Options) -> SearchResult:
    """The answer before any search: the heuristic, and the first move in search order
    (``order``'s answer checked as at every node of a search)."""
    evaluate, order = options.evaluate, options.order
    over = _outcome_of(game, root, options.quick_wins)
    if over is not None:
        return SearchResult(score=over, move=None, tree=None, stats=SearchStats(), depth=0)
    moves = tuple(game.moves(root))
    if order is not None and moves:
        moves = _checked_order(game, order)(root, moves)
    return SearchResult(
        score=_evaluator(game, evaluate)(root), move=game.move_name(root, moves[0]) if moves else None,
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


# -- checking options ------------------------------------------------------------------------

def _check_depth(depth) -> int:
    if depth is None:
        return _UNLIMITED
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise InvalidOption(f"depth must be a whole number of plies or None, not {_short(depth)}")
    if depth < 0:
        raise InvalidOption(
            f"depth must be 0 or more plies, not {depth}; use None to search to the end of the game"
        )
    return depth


def _check_max_calls(max_calls) -> None:
    if max_calls is not None and (isinstance(max_calls, bool) or not isinstance(max_calls, int) or max_calls < 1):
        raise InvalidOption(
            f"max_calls must be a whole number of calls, 1 or more, or None (no limit), not {_short(max_calls)}"
        )


def _check_budget(seconds, max_calls, max_depth) -> None:
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, Real) or not seconds > 0
    ):  # ``not > 0`` also refuses NaN, which no clock ever reaches
        raise InvalidOption(f"seconds must be a positive number or None (no time limit), not {_short(seconds)}")
    for name, n in (("max_calls", max_calls), ("max_depth", max_depth)):
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
            raise InvalidOption(f"{name} must be a whole number, 1 or more, or None (no limit), not {_short(n)}")


def _check_switches(**switches) -> None:
    """Each named option is True or False: a string such as 'False' is not taken as true.

    >>> _check_switches(memo="False")
    Traceback (most recent call last):
    ...
    minimax_viz.errors.InvalidOption: memo must be True or False, not 'False'
    """
    for name, on in switches.items():
        if not isinstance(on, bool):
            raise InvalidOption(f"{name} must be True or False, not {_short(on)}")


def _check_solver_options(win_check, narrow, depth) -> None:
    """``win_check`` and ``narrow`` are switches; narrowing needs the win check and no depth limit."""
    _check_switches(win_check=win_check, narrow=narrow)
    if narrow and not win_check:
        raise InvalidOption(
            "narrow=True needs win_check=True: the best score still reachable assumes that "
            "no move wins at once, which the win check makes sure of"
        )
    if narrow and depth is not None:
        raise InvalidOption(
            f"narrow=True bounds the results of finished games, not depth={depth}'s heuristic "
            "guesses; use it with depth=None (an exact search)"
        )


def _check_game(game) -> None:
    if not isinstance(game, Game):
        raise InvalidOption(
            f"game must be a Game such as TicTacToe(), ConnectFour() or GameTree([[3, 12], [2, 4]]), "
            f"not {_short(game)}"
        )


def _check_max_nodes(max_nodes) -> None:
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise InvalidOption(
            f"max_nodes must be a whole number of nodes, 1 or more, not {_short(max_nodes)}; the "
            f"default is {DEFAULT_MAX_NODES:,} (record=False records nothing and needs no limit)"
        )


def _check_key(game, root, option: str) -> None:
    """memo=True and reuse=True key a table by ``game.key``: it must give something hashable."""
    try:
        hash(game.key(root))
    except TypeError:
        raise InvalidOption(
            f"{option}=True needs {type(game).__name__}.key to return a hashable value (a number, "
            f"a string or a tuple), not {_short(game.key(root))}; use {option}=False or return a tuple"
        ) from None


def _keyed_by_state(game) -> bool:
    """``game.key_is_state``, unless ``key`` was overridden below the class that said so
    (a subclass with its own ``key`` is keyed by it)."""
    if not game.key_is_state or "key" in vars(game):
        return False
    mro = type(game).__mro__
    said = next((c for c in mro if "key_is_state" in vars(c)), None)
    keyed = next(c for c in mro if "key" in vars(c))
    return said is None or issubclass(said, keyed)   # None: set on the game itself


def _outcome_of(game, state, quick_wins: bool):
    """The state's outcome as the search scores it (None while the game goes on)."""
    return (game.quick_outcome if quick_wins else game.outcome)(state)


def _evaluator(game, evaluate):
    """The heuristic that scores a position at the depth limit, checked at every call: the
    ``evaluate`` given (on the position's public form) or the game's own, returning a
    number that is not NaN."""
    board = game.board
    if evaluate is None:
        return _checked_guess(game.evaluate, board, f"{type(game).__name__}.evaluate")
    if not callable(evaluate):
        raise InvalidOption(f"evaluate must be a function of a position, not {_short(evaluate)}")
    return _checked_guess(lambda state: evaluate(board(state)), board, "evaluate")


def _guess_checker(game):
    """``check(guess, state)``: the game's own heuristic's ``guess`` at ``state`` when it is a
    number that is not NaN, else InvalidOption in words (the search's fast path checks plain
    ints and floats inline and calls this for anything else)."""
    board, name = game.board, f"{type(game).__name__}.evaluate"

    def check(guess, state):
        if isinstance(guess, bool) or not isinstance(guess, Real) or guess != guess:
            raise InvalidOption(
                f"{name} returned {_short(guess)} for {_short(board(state))}; it must return a number, "
                "not NaN (the position's value for Max)"
            )
        return guess

    return check


def _checked_guess(evaluate, board, name: str):
    """``evaluate(state)``, refused in words unless it is a number (not NaN); ``name`` and
    ``board`` (the position's public form) say whose answer it was, and where."""

    def checked(state):
        guess = evaluate(state)
        if isinstance(guess, bool) or not isinstance(guess, Real) or guess != guess:
            raise InvalidOption(
                f"{name} returned {_short(guess)} for {_short(board(state))}; it must return a number, "
                "not NaN (the position's value for Max)"
            )
        return guess

    return checked
