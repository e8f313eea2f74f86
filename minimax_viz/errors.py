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
    """Base class of the package's errors about bad input.

    In IPython and Jupyter the error shows as its one-line message, not as a traceback into
    the package: the message already says what is wrong and how to fix it. Run
    ``import traceback; traceback.print_last()`` in the next cell to see the whole traceback.

    >>> InvalidBoard("cell 1 holds None")._render_traceback_()
    ['InvalidBoard: cell 1 holds None', '(a ValueError from minimax_viz; traceback.print_last() shows where)']
    """

    def _render_traceback_(self) -> list[str]:
        """The lines IPython shows instead of a traceback: the error's name and its words."""
        return [f"{type(self).__name__}: {self}", "(a ValueError from minimax_viz; traceback.print_last() shows where)"]


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
