"""Errors that name what was wrong and say what would be right.

Every error the package raises on bad input is a :class:`MinimaxError`, which is a
:class:`ValueError`, so ``except ValueError`` catches them all.
"""

__all__ = [
    "MinimaxError",
    "InvalidBoard",
    "InvalidMove",
    "InvalidTree",
    "InvalidOption",
    "TreeTooLarge",
    "ChanceNodeError",
]


class MinimaxError(ValueError):
    """Base class of the package's errors about bad input."""


class InvalidBoard(MinimaxError):
    """A board or position that the game's rules cannot produce."""


class InvalidMove(MinimaxError):
    """A move that is not legal in the position it was played in."""


class InvalidTree(MinimaxError):
    """A textbook tree (nested lists) that is not a well-formed game tree."""


class InvalidOption(MinimaxError):
    """An option of a search or a drawing that is out of range."""


class TreeTooLarge(MinimaxError):
    """A recording that would grow past its node limit."""


class ChanceNodeError(MinimaxError):
    """Minimax or alpha-beta met a chance node: only expectimax can average its outcomes."""
