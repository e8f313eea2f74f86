"""The meter: what a player may spend on one move (:class:`Budget`), and what counts it.

Internal to the core: :mod:`minimax_viz.players` (the referee) and
:mod:`minimax_viz.match_result` (what a match leaves) share it; the public names
(``Budget``, ``BudgetSpent``) are :mod:`minimax_viz.players`' too.
"""

from __future__ import annotations

import random
import time
from numbers import Integral
from typing import Any

from .errors import InvalidOption, short_repr

__all__ = ["DEFAULT_CALLS", "BudgetSpent", "Budget", "HELD", "check_amount", "A_YEAR", "Meter", "for_move"]


#: The positions a player may generate on one move unless told otherwise.
DEFAULT_CALLS = 1_000


class BudgetSpent(Exception):
    """The game's answer to a question asked past the player's budget (catch it to answer
    with the best move found so far; let out of the player, it forfeits the game)."""


class Budget:
    """What a player may spend on one move: ``calls`` positions generated (the default,
    1,000; see the module for what counts) or ``seconds`` of wall time, and ``rng``, the
    referee's seeded dice for a player that wants them (so a match with a random player
    replays exactly).

    ``spent`` and ``left`` say how much of it the player has used so far on this move.

    Parameters
    ----------
    calls : int or None, optional
        The positions the player may generate per move (1,000 when neither this nor
        ``seconds`` is given).
    seconds : float or None, optional
        The wall time per move instead, in seconds.
    rng : random.Random or None, optional
        The referee's seeded dice (:func:`play_match` gives one per move; ``None``:
        ``random.Random(0)``).

    Raises
    ------
    InvalidOption
        Unless exactly one of ``calls`` (a whole number >= 1) and
        ``seconds`` (a number > 0) is given, or for an ``rng`` that is not a ``random.Random``.

    Examples
    --------
    >>> Budget(500)
    Budget(calls=500)
    >>> Budget(seconds=0.5).left
    0.5
    """

    def __init__(self, calls: int | None = None, *, seconds: float | None = None, rng: random.Random | None = None):
        if calls is None and seconds is None:
            calls = DEFAULT_CALLS
        check_amount(calls, seconds)
        self.calls = None if calls is None else int(calls)
        self.seconds = seconds
        if rng is not None and not isinstance(rng, random.Random):
            raise InvalidOption(f"rng is the dice of the players' random choices, a random.Random such as "
                                f"random.Random(1), not {short_repr(rng)}")
        self.rng = rng if rng is not None else random.Random(0)

    def __repr__(self) -> str:
        return f"Budget(calls={self.calls})" if self.calls is not None else f"Budget(seconds={self.seconds:g})"

    @property
    def spent(self) -> float:
        """Positions generated (or seconds used) on this move so far."""
        meter = HELD.get(id(self))
        if meter is None:
            return 0
        return meter.calls if self.calls is not None else time.perf_counter() - meter.began

    @property
    def left(self) -> float:
        """What is left of the budget on this move."""
        return (self.calls if self.calls is not None else self.seconds) - self.spent



#: What the referee holds for the objects it hands a player (a budget's meter; a watched
#: game's real game and meter), by identity, for one move: no attribute of theirs leads here.
HELD: dict[int, Any] = {}


def check_amount(calls, seconds) -> None:
    """A budget's amount: exactly one of ``calls`` (a whole number >= 1) and ``seconds`` (a number > 0).

    Raises
    ------
    InvalidOption
        When both or a bad amount is given.
    """
    if calls is not None and seconds is not None:
        raise InvalidOption("a budget counts calls or seconds, not both: Budget(500) or Budget(seconds=0.5)")
    if calls is not None and (isinstance(calls, bool) or not isinstance(calls, Integral) or calls < 1):
        raise InvalidOption(f"calls must be a whole number of 1 or more, not {short_repr(calls)} "
                            "(each position generated costs one)")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds <= A_YEAR):
        raise InvalidOption(f"seconds must be a number above 0 and at most a year ({A_YEAR:g}), "
                            f"not {short_repr(seconds)}")


#: The longest a budget's seconds may be.
A_YEAR = 365 * 24 * 3600.0


class Meter:
    """Counts the positions a player generates on one move and refuses those past its budget."""

    def __init__(self, budget: Budget):
        self.calls, self.began = 0, time.perf_counter()
        self.most = budget.calls
        self.deadline = None if budget.seconds is None else self.began + budget.seconds
        self.refused = 0

    def charge(self, n: int = 1) -> None:
        """Count ``n`` more positions, or raise :class:`BudgetSpent` (and count none of them)
        when they would pass the budget or its seconds are up.

        Raises
        ------
        BudgetSpent
            When the budget is spent.
        """
        if (self.most is not None and self.calls + n > self.most) or (
                self.deadline is not None and time.perf_counter() > self.deadline):
            self.refused += 1
            raise BudgetSpent(f"the budget of this move is spent ({self.most:,} positions)" if self.most is not None
                              else "the budget of this move is spent (its seconds are up)")
        self.calls += n


def for_move(budget: Budget, rng: random.Random) -> tuple[Budget, Meter]:
    """A copy of ``budget`` for one move, and its meter (held by the referee, in :data:`HELD`,
    out of the player's reach)."""
    fresh = Budget(budget.calls, seconds=budget.seconds, rng=rng)
    meter = HELD[id(fresh)] = Meter(fresh)
    return fresh, meter
