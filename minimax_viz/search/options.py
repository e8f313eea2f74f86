"""The options of one search, checked once where they enter (:class:`Options`), and the
checked forms of what the search asks the game: its key, its outcome, its heuristic."""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Real
from typing import Any, Callable, Sequence

from ..errors import InvalidOption
from ..errors import short_repr as _short
from ..games.base import Game
from ..trace import DEFAULT_MAX_NODES

__all__ = [
    "DEFAULT_MAX_CALLS", "Order", "Progress", "Options", "check_budget", "check_game", "check_key",
    "keyed_by_state", "outcome_of", "evaluator_of", "guess_checker"
]

_UNLIMITED = math.inf      # the depth of a search to the end: inf - 1 is still inf
#: The most calls a search makes unless told otherwise (tic-tac-toe in full: 549,946).
DEFAULT_MAX_CALLS = 5_000_000
Order = Callable[[Any, Any, Sequence[int]], Sequence[int]]
Progress = Callable[[int, int, Any, float], Any]


@dataclass(frozen=True)
class Options:
    """The options of one search, checked once, where they enter (the public functions).

    They are checked here, in one order whichever function was called: the solver's
    switches (they name ``depth``), ``max_calls``, ``depth``, the other switches, then
    ``max_nodes`` when recording; the game and the position come next (:func:`_search`),
    then what needs the game (``game.key`` for the memo table, ``order`` and ``evaluate``,
    whose answers are checked as the search meets them). ``max_calls`` is the public
    functions' budget of calls (``None``: no limit); iterative deepening passes a budget
    of its own to :func:`_search` and replaces only ``depth`` from one round to the next.

    >>> Options("minimax", depth=-1)
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
        """The depth limit as the recursion counts it down (``inf``: to the end).

        Raises
        ------
        InvalidOption
            For a depth that is not None or a whole number >= 0.
        """
        return _check_depth(self.depth)


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


def check_budget(seconds, max_calls, max_depth) -> None:
    """A search's budget: ``seconds`` a positive number, ``max_calls`` and ``max_depth`` whole numbers >= 1
    (each may be None).

    Raises
    ------
    InvalidOption
        Naming the first that is not.
    """
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


def check_game(game) -> None:
    """``game`` is a :class:`~minimax_viz.Game`.

    Raises
    ------
    InvalidOption
        When it is not.
    """
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


def check_key(game, root, option: str) -> None:
    """memo=True and reuse=True key a table by ``game.key``: it must give something hashable.

    Raises
    ------
    InvalidOption
        When ``game.key(root)`` is not hashable.
    """
    try:
        hash(game.key(root))
    except TypeError:
        raise InvalidOption(
            f"{option}=True needs {type(game).__name__}.key to return a hashable value (a number, "
            f"a string or a tuple), not {_short(game.key(root))}; use {option}=False or return a tuple"
        ) from None


def keyed_by_state(game) -> bool:
    """``game.key_is_state``, unless ``key`` was overridden below the class that said so
    (a subclass with its own ``key`` is keyed by it)."""
    if not game.key_is_state or "key" in vars(game):
        return False
    mro = type(game).__mro__
    said = next((c for c in mro if "key_is_state" in vars(c)), None)
    keyed = next(c for c in mro if "key" in vars(c))
    return said is None or issubclass(said, keyed)   # None: set on the game itself


def outcome_of(game, state, quick_wins: bool):
    """The state's outcome as the search scores it (None while the game goes on)."""
    return (game.quick_outcome if quick_wins else game.outcome)(state)


def evaluator_of(game, evaluate):
    """The heuristic that scores a position at the depth limit, checked at every call: the
    ``evaluate`` given (on the position's public form) or the game's own, returning a
    number that is not NaN.

    Raises
    ------
    InvalidOption
        When ``evaluate`` is not callable (and, at a call, when it returns no number).
    """
    board = game.board
    if evaluate is None:
        return _checked_guess(game.evaluate, board, f"{type(game).__name__}.evaluate")
    if not callable(evaluate):
        raise InvalidOption(f"evaluate must be a function of a position, not {_short(evaluate)}")
    return _checked_guess(lambda state: evaluate(board(state)), board, "evaluate")


def guess_checker(game):
    """``check(guess, state)``: the game's own heuristic's ``guess`` at ``state`` when it is a
    number that is not NaN, else InvalidOption in words (the search's fast path checks plain
    ints and floats inline and calls this for anything else)."""
    return _number_checker(game.board, f"{type(game).__name__}.evaluate")


def _checked_guess(evaluate, board, name: str):
    """``evaluate(state)``, refused in words unless it is a number (not NaN); ``name`` and
    ``board`` (the position's public form) say whose answer it was, and where."""
    check = _number_checker(board, name)

    def checked(state):
        return check(evaluate(state), state)

    return checked


def _number_checker(board, name: str):
    """``check(guess, state)``: ``guess`` when it is a number that is not NaN, else
    InvalidOption saying that ``name`` returned it for the position ``board(state)``."""

    def check(guess, state):
        if isinstance(guess, bool) or not isinstance(guess, Real) or guess != guess:
            raise InvalidOption(
                f"{name} returned {_short(guess)} for {_short(board(state))}; it must return a number, "
                "not NaN (the position's value for Max)"
            )
        return guess

    return check
