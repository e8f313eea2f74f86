"""What a call of a learner's search was given, read from its arguments: the position it
searches, the depth left and the window, by the parameters' names (``state``, ``depth``,
``alpha`` and ``beta`` and their usual other names) or, failing those, by position (the
numbers after the position). Shared by :mod:`minimax_viz.learner` and
:mod:`minimax_viz.recursion`; the names are the package's, not the public API's.
"""

from __future__ import annotations

from numbers import Real

__all__ = ["WINDOW_NAMES", "DEPTH_NAMES", "POSITION_NAMES", "window_names", "depth_name", "is_number"]


#: Parameter names a window goes by, besides ``alpha`` and ``beta``.
WINDOW_NAMES = (("alpha", "beta"), ("a", "b"), ("lo", "hi"), ("low", "high"), ("lower", "upper"),
                 ("alpha_", "beta_"))


#: Parameter names the depth left goes by.
DEPTH_NAMES = ("depth", "depth_left", "plies", "ply", "d", "remaining", "levels")


#: Parameter names of the position a call searches.
POSITION_NAMES = ("state", "board", "position", "curr_bd_st")


def numbers_after_position(bound) -> list:
    """The names of the parameters after the position that hold real numbers (a depth, a window)."""
    names = list(bound)
    start = next((i + 1 for i, n in enumerate(names) if n in POSITION_NAMES), 0)
    return [n for n in names[start:] if is_number(bound[n])]


def is_number(x) -> bool:
    """A real number that is not a bool (int and float first: the recorder asks at every call)."""
    kind = type(x)
    return kind is int or kind is float or (kind is not bool and isinstance(x, Real))


def window_names(bound) -> tuple[str, str] | None:
    """The two parameters of a call that carry its window: by name (``alpha`` and ``beta``,
    ``lo`` and ``hi`` ...), else by position, the two numbers after the depth; None when
    the call carries none.

    >>> window_names({"game": 0, "state": 1, "depth": 3, "lo": -1, "hi": 1})
    ('lo', 'hi')
    >>> window_names({"game": 0, "state": 1, "plies": 3, "x": -1.0, "y": 2.0})
    ('x', 'y')
    >>> window_names({"game": 0, "state": 1, "depth": 3}) is None
    True
    """
    if not bound:
        return None
    for pair in WINDOW_NAMES:
        if all(n in bound and is_number(bound[n]) for n in pair):
            return pair
    numbers = numbers_after_position(bound)
    if len(numbers) == 3 or (len(numbers) == 2 and depth_name(bound, positional=False) is None):
        return numbers[-2], numbers[-1]
    return None


def depth_name(bound, *, positional: bool = True) -> str | None:
    """The parameter of a call that carries the depth left: by name, else the first of one or
    three numbers after the position; None when the call carries none."""
    if not bound:
        return None
    for name in DEPTH_NAMES:
        if name in bound and is_number(bound[name]):
            return name
    if not positional:
        return None
    numbers = numbers_after_position(bound)
    return numbers[0] if len(numbers) in (1, 3) else None
