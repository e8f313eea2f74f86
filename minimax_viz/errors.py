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


def short_repr(value, limit: int = 60) -> str:
    """``repr(value)`` for words about a value handed in: at most ``limit`` characters, no
    memory address, and never an exception (a ``repr`` that raises, or a whole number too
    long for Python to print, is described instead).

    Parameters
    ----------
    value : object
        The value.
    limit : int, optional
        The most characters (60 unless given).

    Returns
    -------
    str
        The value in words.

    Examples
    --------
    >>> short_repr([1, 2]), short_repr([7] * 100, limit=12), short_repr(10 ** 5000)
    ('[1, 2]', '[7, 7, 7,...', 'a whole number of 5,001 digits')
    >>> short_repr("x" * 1000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (1,000 characters)"
    """
    if isinstance(value, str) and len(value) > limit:   # the start, quoted, and the length
        return f"{value[:max(limit - 30, 8)]!r}... ({len(value):,} characters)"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 (a repr that raises, or an int past sys.get_int_max_str_digits())
        if isinstance(value, int):
            return f"a whole number of {_digits(value):,} digits"
        text = f"an object of type {type(value).__name__}"
    if " at 0x" in text:
        text = f"an object of type {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def short_text(text: str, limit: int = 60) -> str:
    """A word or line someone wrote, for an error's words: at most ``limit`` characters.

    Parameters
    ----------
    text : str
        The text.
    limit : int, optional
        The most characters (60 unless given).

    Returns
    -------
    str
        The text, cut with "..." where it is longer.

    Examples
    --------
    >>> short_text("start"), short_text("x" * 100, limit=10)
    ('start', 'xxxxxxx...')
    """
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _digits(n: int) -> int:
    """How many decimal digits ``abs(n)`` has, without printing it: its logarithm, made
    exact by two powers of ten below 100,000 digits (past that, off by one at most)."""
    import math

    n = abs(n)
    d = int(math.log10(n)) + 1 if n else 1
    if d <= 100_000:
        d += 1 if n >= 10 ** d else -1 if d > 1 and n < 10 ** (d - 1) else 0
    return d


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
