"""The search functions: :func:`minimax`, :func:`alphabeta`, :func:`expectimax` and
:func:`expectiminimax`, each one search of the one engine with its options."""

from __future__ import annotations

from typing import Any, Callable

from ..trace import DEFAULT_MAX_NODES
from .engine import limited
from .options import DEFAULT_MAX_CALLS, Order, Options
from .results import SearchResult


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

    Parameters
    ----------
    game : Game
        The game to search (a :class:`~minimax_viz.Game`).
    state : object, optional
        The position to search from, in the game's public or internal form; ``None`` (the
        default) is the game's start.
    depth : int or None, optional
        The depth limit in plies (0 or more); ``None`` (the default) searches to the end of
        the game.
    evaluate : callable or None, optional
        ``evaluate(board)``, the score for Max of a position at the depth limit (given in
        the game's public form); ``None`` (the default) uses ``game.evaluate``.
    memo : bool, optional
        Whether to keep a transposition table keyed by ``game.key`` (False unless given).
    quick_wins : bool, optional
        Whether a finished game scores its utility times one plus the moves left, so a
        quicker win counts for more (False unless given).
    record : bool, optional
        Whether to record every call as a :class:`~minimax_viz.SearchTree` in
        ``result.tree`` (True unless given; ``False`` leaves ``result.tree`` None).
    max_nodes : int, optional
        The largest number of nodes recorded.
    max_calls : int or None, optional
        The largest number of calls, recorded or not (``None``: no limit).
    reuse : bool, optional
        Whether to search a repeated subtree once and copy what it found (the same
        result, fewer calls to the game; False unless given; not with ``memo``).

    Returns
    -------
    SearchResult
        The score for Max, the best move at the root (the first best in the order searched),
        the recorded tree and the counts.

    Raises
    ------
    ChanceNodeError
        When the search meets a chance node (use :func:`expectimax`).
    InvalidOption
        For a ``game`` that is not a Game; a ``depth`` that is not a
        whole number of plies (0 or more) or None; a ``max_calls`` or ``max_nodes`` that is
        not a whole number of 1 or more (``max_calls`` may be None); a ``memo``,
        ``quick_wins``, ``record`` or ``reuse`` that is not True or False, or ``reuse`` with
        ``memo``; an ``evaluate`` that is not
        a function or returns something other than a number; a game whose ``node_type`` is
        not "max", "min" or "chance"; and with ``memo`` or ``reuse``, a ``game.key`` that returns
        something unhashable or the same key for positions of two kinds.
    InvalidBoard
        When ``state`` is not a position of the game.
    TreeTooLarge
        When the recording passes ``max_nodes`` nodes, or the search
        ``max_calls`` calls (recorded or not; ``None``: no limit), or the game goes deeper
        than Python's recursion allows.
    MinimaxError
        When a score to record (or average) is beyond a float's range.

    Examples
    --------
    >>> from minimax_viz import GameTree
    >>> result = minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.score, result.move, result.stats.calls
    (3, 0, 13)
    """
    return limited(game, state, Options(
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

    Parameters
    ----------
    game : Game
        The game to search (a :class:`~minimax_viz.Game`).
    state : object, optional
        The position to search from, in the game's public or internal form; ``None`` (the
        default) is the game's start.
    depth : int or None, optional
        The depth limit in plies (0 or more); ``None`` (the default) searches to the end of
        the game.
    evaluate : callable or None, optional
        ``evaluate(board)``, the score for Max of a position at the depth limit (given in
        the game's public form); ``None`` (the default) uses ``game.evaluate``.
    order : callable or None, optional
        ``order(game, state, moves)``, the moves in the order to search them at each node
        (the same moves, reordered); ``None`` (the default) keeps the game's move order.
    prune_on_equal : bool, optional
        Whether to cut when a value reaches the bound (``>=``, ``<=``: True, as AIMA does)
        or only when it passes it (False).
    memo : bool, optional
        Whether to keep a transposition table keyed by ``game.key`` (False unless given).
    quick_wins : bool, optional
        Whether a finished game scores its utility times one plus the moves left, so a
        quicker win counts for more (False unless given).
    win_check : bool, optional
        Whether to take a move that wins at once, and answer an opponent's threat with its
        one block, without searching the other moves (False unless given).
    narrow : bool, optional
        Whether to narrow the window to the best score still reachable (``game.best_reachable``;
        needs ``win_check`` and no ``depth``; False unless given).
    record : bool, optional
        Whether to record every call as a :class:`~minimax_viz.SearchTree` in
        ``result.tree`` (True unless given; ``False`` leaves ``result.tree`` None).
    max_nodes : int, optional
        The largest number of nodes recorded.
    max_calls : int or None, optional
        The largest number of calls, recorded or not (``None``: no limit).
    reuse : bool, optional
        Whether to search a repeated subtree once and copy what it found (the same
        result, fewer calls to the game; False unless given; not with ``memo``).

    Returns
    -------
    SearchResult
        The score for Max, the best move at the root (the first best in the order searched),
        the recorded tree and the counts.

    Raises
    ------
    ChanceNodeError
        When the search meets a chance node (use :func:`expectimax`).
    InvalidOption
        As :func:`minimax`; for an ``order`` that is not a function
        or that drops, invents or repeats moves; for a ``prune_on_equal``, ``win_check`` or
        ``narrow`` that is not True or False, ``narrow=True`` without ``win_check=True`` or
        with a ``depth``, and a ``game.winning_moves`` or ``game.threats`` that names no
        legal move.
    InvalidBoard
        When ``state`` is not a position of the game.
    TreeTooLarge
        When the recording passes ``max_nodes`` nodes, or the search
        ``max_calls`` calls (recorded or not; ``None``: no limit), or the game goes deeper
        than Python's recursion allows.
    MinimaxError
        When a score to record (or average) is beyond a float's range.

    Examples
    --------
    >>> from minimax_viz import GameTree
    >>> result = alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.score, result.move, result.stats.calls, result.stats.pruned
    (3, 0, 11, 2)
    """
    return limited(game, state, Options(
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

    Parameters
    ----------
    game : Game
        The game to search (a :class:`~minimax_viz.Game`).
    state : object, optional
        The position to search from, in the game's public or internal form; ``None`` (the
        default) is the game's start.
    depth : int or None, optional
        The depth limit in plies (0 or more); ``None`` (the default) searches to the end of
        the game.
    evaluate : callable or None, optional
        ``evaluate(board)``, the score for Max of a position at the depth limit (given in
        the game's public form); ``None`` (the default) uses ``game.evaluate``.
    record : bool, optional
        Whether to record every call as a :class:`~minimax_viz.SearchTree` in
        ``result.tree`` (True unless given; ``False`` leaves ``result.tree`` None).
    max_nodes : int, optional
        The largest number of nodes recorded.
    max_calls : int or None, optional
        The largest number of calls, recorded or not (``None``: no limit).
    memo : bool, optional
        Whether to keep a transposition table keyed by ``game.key`` (False unless given).
    reuse : bool, optional
        Whether to search a repeated subtree once and copy what it found (the same
        result, fewer calls to the game; False unless given; not with ``memo``).

    Returns
    -------
    SearchResult
        The score for Max, the best move at the root (the first best in the order searched),
        the recorded tree and the counts.

    Raises
    ------
    InvalidOption
        As :func:`minimax` (the ``game``, ``depth``, ``max_calls``,
        ``max_nodes``, ``record``, ``memo``, ``reuse``, ``evaluate``, ``node_type`` and ``game.key``),
        and for probabilities that are not one number in (0, 1] per move adding up to 1.
    InvalidBoard
        When ``state`` is not a position of the game.
    TreeTooLarge
        When the recording passes ``max_nodes`` nodes, or the search
        ``max_calls`` calls (recorded or not; ``None``: no limit), or the game goes deeper
        than Python's recursion allows.
    MinimaxError
        When a score to record (or average) is beyond a float's range,
        or a node to average has outcomes worth +inf and -inf (their mean is undefined).

    Examples
    --------
    >>> from minimax_viz import GameTree, TicTacToe
    >>> [expectimax(TicTacToe(), record=False, memo=memo).stats.calls for memo in (False, True)]
    [549946, 16168]
    >>> result = expectimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> result.score, result.move, [child.score for child in result.tree.root.children]
    (7.666666666666667, 0, [7.666666666666667, 4, 7])
    """
    return limited(game, state, Options(
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

    Parameters
    ----------
    game : Game
        The game to search (a :class:`~minimax_viz.Game`).
    state : object, optional
        The position to search from, in the game's public or internal form; ``None`` (the
        default) is the game's start.
    depth : int or None, optional
        The depth limit in plies (0 or more); ``None`` (the default) searches to the end of
        the game.
    evaluate : callable or None, optional
        ``evaluate(board)``, the score for Max of a position at the depth limit (given in
        the game's public form); ``None`` (the default) uses ``game.evaluate``.
    record : bool, optional
        Whether to record every call as a :class:`~minimax_viz.SearchTree` in
        ``result.tree`` (True unless given; ``False`` leaves ``result.tree`` None).
    max_nodes : int, optional
        The largest number of nodes recorded.
    max_calls : int or None, optional
        The largest number of calls, recorded or not (``None``: no limit).
    reuse : bool, optional
        Whether to search a repeated subtree once and copy what it found (the same
        result, fewer calls to the game; False unless given; not with ``memo``).

    Returns
    -------
    SearchResult
        The score for Max, the best move at the root (the first best in the order searched),
        the recorded tree and the counts.

    Raises
    ------
    InvalidOption
        As :func:`expectimax`.
    InvalidBoard
        When ``state`` is not a position of the game.
    TreeTooLarge
        As :func:`expectimax`.
    MinimaxError
        As :func:`expectimax`.

    Examples
    --------
    >>> from minimax_viz import GameTree
    >>> tree = GameTree([["min", ["chance", 2, 4], ["chance", 10, 10]], ["min", ["chance", 5, 5]]])
    >>> expectiminimax(tree).score, expectiminimax(tree).move
    (5.0, 1)
    >>> expectimax(tree).score, expectimax(tree).move   # Min taken to move at random
    (6.5, 0)
    """
    return limited(game, state, Options(
        "expectiminimax", depth=depth, evaluate=evaluate, record=record, max_nodes=max_nodes, max_calls=max_calls,
        reuse=reuse,
    ))
