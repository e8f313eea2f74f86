"""Move ordering: the ready-made orders (:func:`centre_first`, :func:`best_first`) and the
successors a search takes from any ``order`` function, checked at every node."""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from ..errors import InvalidOption
from ..errors import short_repr as _short
from ..games.base import Game
from .options import evaluator_of

__all__ = ["centre_first", "best_first", "fast", "open_hook", "ordered_moves", "checked_order"]


def centre_first(game, state: Any, moves: Sequence[int]) -> list[int]:
    """The moves sorted by the game's ``move_priority``, highest first; ties keep move order.

    Tic-tac-toe ranks the centre, then the corners, then the edges; Connect Four ranks
    the columns from the centre outwards. Moves that sit on more lines are better more
    often, and alpha-beta cuts most when the best move comes first. A search given
    ``order=centre_first`` asks the game for the same order at every node with
    ``game.successors_by_priority`` (a look-up in tic-tac-toe, sorted once per position).

    Parameters
    ----------
    game : Game
        The game.
    state : object
        The position, in the game's internal form (as the search passes it).
    moves : sequence of int
        The moves to order.

    Returns
    -------
    list of int
        The same moves, reordered.

    Examples
    --------
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

    Parameters
    ----------
    game : Game
        The game.
    state : object
        The position, in the game's internal form (as the search passes it).
    moves : sequence of int
        The moves to order.

    Returns
    -------
    list of int
        The same moves, reordered.

    Raises
    ------
    InvalidOption
        When the game's ``evaluate`` returns something other than a number.

    Examples
    --------
    >>> from minimax_viz import TicTacToe
    >>> best_first(TicTacToe(), TicTacToe().state("XX.OO...."), (2, 5, 6, 7, 8))
    [2, 5, 6, 8, 7]
    """
    sign = -1 if game.is_max(state) else 1
    evaluate, play = evaluator_of(game, None), game.play
    return sorted(moves, key=lambda m: sign * evaluate(play(state, m)))


def _best_first_pairs(game):
    successors, sign_of, evaluate = game.successors, game.is_max, evaluator_of(game, None)

    def ordered(state):
        sign = -1 if sign_of(state) else 1
        return sorted(successors(state), key=lambda pair: sign * evaluate(pair[1]))

    return ordered


# The ready-made orders as the search's fast path: each gives the ``successors`` the search
# calls, on (move, next state) pairs. centre_first's is the game's own (a look-up in tic-tac-toe).
_PAIR_ORDERS = {centre_first: lambda game: open_hook(game, "open_successors_by_priority", "successors_by_priority"),
                best_first: _best_first_pairs}


def fast(hook):
    """A game's hook as the search calls it, on the game's own states: the plain look-up
    behind it when the game keeps one (``hook.fast``, tic-tac-toe's tables), else ``hook``."""
    return getattr(hook, "fast", hook)


def open_hook(game, name: str, plain: str):
    """The game's ``name`` hook (``open_successors``: its ``plain`` one for a game still on),
    unless ``plain`` was given below the class that gave ``name`` (a subclass with its own
    ``successors`` is asked that), or the game keeps the default, which only calls ``plain``."""
    if plain in vars(game):
        return fast(getattr(game, plain))
    mro = type(game).__mro__
    gave = next((c for c in mro if name in vars(c)), Game)
    below = next((c for c in mro if plain in vars(c)), Game)
    return getattr(game, name if gave is not Game and issubclass(gave, below) else plain)


def ordered_moves(game, order):
    """``state -> ((move, child), ...)``: the game's successors in the order ``order`` gives.

    Raises
    ------
    InvalidOption
        When ``order`` is not callable (and, at a call, as :func:`checked_order` says).
    """
    if not callable(order):
        raise InvalidOption(f"order must be a function (game, state, moves) -> moves, not {_short(order)}")
    if order in _PAIR_ORDERS:
        return _PAIR_ORDERS[order](game)
    successors, reorder = game.successors, checked_order(game, order)

    def ordered(state):
        pairs = successors(state)
        by_move = dict(pairs)
        return tuple((m, by_move[m]) for m in reorder(state, tuple(m for m, _ in pairs)))

    return ordered


def checked_order(game, order):
    """``reorder(state, moves)``: ``order(game, state, moves)`` as a list, refused in words
    unless it is a list or tuple of the same moves (of the type of the game's moves) in another
    order.

    Raises
    ------
    InvalidOption
        At a call, when ``order`` returns anything else.
    """

    def reorder(state, moves):
        given = order(game, state, moves)
        chosen = list(given) if isinstance(given, (list, tuple, range)) else None
        kind = type(moves[0]) if moves else int   # the game's moves: whole numbers, UCI strings ...
        if chosen is None or any(type(m) is not kind for m in chosen):
            what = f"{_short(given)}" if chosen is None else f"{_short(chosen)}"
            words = "whole numbers" if kind is int else f"{kind.__name__} values"
            raise InvalidOption(
                f"order must return a list of the moves it was given ({words}) in another order; "
                f"given {_short(list(moves))} it returned {what}"
            )
        if Counter(chosen) != Counter(moves):
            dropped = [m for m in moves if m not in chosen]
            invented = [m for m in chosen if m not in moves]
            raise InvalidOption(
                f"order must return the same moves in another order; given {_short(list(moves))} it returned "
                f"{_short(chosen)} (dropped {_short(dropped)}, invented {_short(invented)}, or repeated some)"
            )
        return chosen

    return reorder
