"""The feedback a check gives, and two general checks the lessons' checks build on."""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable

__all__ = ["Feedback", "check_function", "check_value", "describe_error", "number_text"]


class Feedback:
    """The verdict of a check: ``ok`` and a message in words (its ``repr`` is the message).

    >>> Feedback(True, "the tutorial board has 3 empty cells.")
    Right: the tutorial board has 3 empty cells.
    >>> bool(Feedback(False, "expected [1, 4, 8], got [1, 4].", hint="count cell 8 too."))
    False
    """

    def __init__(self, ok: bool, message: str, *, hint: str | None = None):
        self.ok = bool(ok)
        self.message = message
        self.hint = hint

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        text = ("Right: " if self.ok else "Not yet: ") + self.message
        if self.hint and not self.ok:
            text += f"\nHint: {self.hint}"
        return text

    __str__ = __repr__

    def assert_ok(self) -> None:
        """Raise ``AssertionError`` with the message and hint unless the check passed.

        A graded test (nbgrader, otter-grader) is then one line that fails with the check's
        own words: ``mv.exercises.lesson01.check_position(to_move, n_moves).assert_ok()``.

        :raises AssertionError: the check did not pass; its text is this feedback's.

        >>> Feedback(True, "the tutorial board has 3 empty cells.").assert_ok()
        >>> Feedback(False, "expected [1, 4, 8], got [1, 4].", hint="count cell 8 too.").assert_ok()
        Traceback (most recent call last):
        ...
        AssertionError: Not yet: expected [1, 4, 8], got [1, 4].
        Hint: count cell 8 too.
        """
        if not self.ok:
            raise AssertionError(repr(self))


def describe_error(err: BaseException) -> str:
    """Words for an error a learner's code raised (the stub's NotImplementedError included).

    >>> describe_error(ZeroDivisionError("division by zero"))
    'it raised ZeroDivisionError: division by zero'
    """
    if isinstance(err, NotImplementedError):
        return "it is still the stub (it raised NotImplementedError); write your code in its cell and run it"
    return f"it raised {type(err).__name__}: {err}"


def check_function(
    function: Callable,
    cases: Iterable[tuple[tuple, Any]],
    *,
    name: str | None = None,
    hint: str | None = None,
    success: str = "every case gives the expected answer.",
    compare: Callable[[Any, Any], bool] | None = None,
) -> Feedback:
    """Call ``function(*args)`` for each ``(args, expected)`` case; report the first mismatch.

    >>> check_function(len, [(([1, 2],), 2), (("abc",), 3)], name="len")
    Right: every case gives the expected answer.
    >>> check_function(len, [(([1, 2],), 3)], name="len")
    Not yet: len([1, 2]) returned 2, but the answer is 3.
    """
    label = name or getattr(function, "__name__", "your function")
    same = compare or (lambda got, want: got == want)
    if not callable(function):
        return Feedback(False, f"{label} should be a function, but it is {function!r}.", hint=hint)
    for args, expected in cases:
        call = f"{label}({', '.join(repr(a) for a in args)})"
        try:
            got = function(*args)
        except Exception as err:  # the learner's code: any error becomes words
            return Feedback(False, f"{call}: {describe_error(err)}.", hint=hint)
        if not same(got, expected):
            return Feedback(False, f"{call} returned {got!r}, but the answer is {expected!r}.", hint=hint)
    return Feedback(True, success)


def check_value(
    value: Any,
    expected: Any,
    *,
    what: str,
    hint: str | None = None,
    success: str | None = None,
) -> Feedback:
    """Compare a learner's answer with the right one, without giving the right one away.

    >>> check_value(9, 9, what="the number of calls")
    Right: the number of calls is 9.
    >>> check_value(8, 9, what="the number of calls", hint="count the root too.")
    Not yet: 8 is not the number of calls.
    Hint: count the root too.
    """
    if value is ...:
        return Feedback(False, f"replace the ... with your answer for {what}.", hint=hint)
    if value == expected:
        return Feedback(True, success or f"{what} is {expected!r}.")
    return Feedback(False, f"{value!r} is not {what}.", hint=hint)


def number_text(x) -> str:
    """A number as a learner would type it in Python, infinities as ``+inf`` and ``-inf``.

    >>> number_text(3), number_text(-math.inf), number_text(2.5)
    ('3', '-inf', '2.5')
    """
    if x == math.inf:
        return "+inf"
    if x == -math.inf:
        return "-inf"
    return repr(x)
