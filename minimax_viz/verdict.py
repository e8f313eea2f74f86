"""A check's verdict (:class:`Feedback`), and the guard that keeps a check from raising on a
learner's answer (:func:`learner_check`).

This is part of the core: the lessons' checks (``mv.exercises``) and the pruning quiz's
questions (:mod:`minimax_viz.pruning`) both give their verdicts as :class:`Feedback`. What the
notebook adds (a verdict on a left-over definition says so instead) comes in through
:data:`STALE_CHECKS`, which the course's session module fills when it is imported.
"""

from __future__ import annotations

import functools
import html
import math
import os
from typing import Callable

from .clock import Raised, Stopped, bounded, check_time, error_text
from .errors import short_repr
from .trace import format_value

__all__ = ["Feedback", "learner_check", "learner_frame", "raised_in_learner_code", "number_text", "STALE_CHECKS"]

#: Asked by every :class:`Feedback` before it gives its verdict, in order: functions
#: ``() -> (message, hint) | None``. The notebook session of the course adds its
#: :func:`minimax_viz.exercises.session.stale_words` here when it is imported; the core adds none.
STALE_CHECKS: list[Callable[[], tuple[str, str] | None]] = []


class Feedback:
    """The verdict of a check: ``ok`` and a message in words (its ``repr`` is the message).

    In a notebook, a verdict is never given on a left-over definition: when a name the
    check cell reads is older than the learner's latest cell that defines it (that cell
    stopped with an error, or no longer defines it), the feedback says so instead
    (:func:`minimax_viz.exercises.session.stale_words`), whatever the check found.

    Parameters
    ----------
    ok : bool
        Whether the answer is right (the feedback is true then).
    message : str
        What the check found, in words.
    hint : str or None, optional
        What to try next, shown under a "Not yet" (``None``: no hint).

    Examples
    --------
    >>> Feedback(True, "the tutorial board has 3 empty cells.")
    Right: the tutorial board has 3 empty cells.
    >>> bool(Feedback(False, "expected [1, 4, 8], got [1, 4].", hint="count cell 8 too."))
    False
    """

    def __init__(self, ok: bool, message: str, *, hint: str | None = None):
        for ask in STALE_CHECKS:
            stale = ask()
            if stale is not None:
                ok, (message, hint) = False, stale
                break
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

    def _repr_html_(self) -> str:
        """The verdict as a notebook shows it: the words of ``repr``, escaped, wrapping only at
        spaces (a word longer than the line breaks last), "Right" in green with a tick and
        "Not yet" in red with a cross, the hint on its own line.

        >>> print(Feedback(False, "2 < 3", hint="count again.")._repr_html_())  # doctest: +NORMALIZE_WHITESPACE
        <div class="mv-feedback mv-not-yet" style="border-left:4px solid #B00000; padding:2px 8px; margin:2px 0;
        white-space:pre-wrap; word-break:normal; overflow-wrap:break-word; font-family:var(--jp-code-font-family,
        monospace)"><b style="color:#B00000">✗ Not yet:</b> 2 &lt; 3
        <b>Hint:</b> count again.</div>
        """
        label, mark, colour, name = (("Right", "✓", "#007A55", "right") if self.ok
                                     else ("Not yet", "✗", "#B00000", "not-yet"))
        text = html.escape(self.message, quote=False)
        if self.hint and not self.ok:
            text += f"\n<b>Hint:</b> {html.escape(self.hint, quote=False)}"
        style = (f"border-left:4px solid {colour}; padding:2px 8px; margin:2px 0; white-space:pre-wrap; "
                 "word-break:normal; overflow-wrap:break-word; font-family:var(--jp-code-font-family, monospace)")
        return (f'<div class="mv-feedback mv-{name}" style="{style}">'
                f'<b style="color:{colour}">{mark} {label}:</b> {text}</div>')

    def assert_ok(self) -> None:
        """Raise ``AssertionError`` with the message and hint unless the check passed.

        A graded test (nbgrader, otter-grader) is then one line that fails with the check's
        own words: ``mv.exercises.lesson01.check_position(to_move, n_moves).assert_ok()``.

        Raises
        ------
        AssertionError
            The check did not pass; its text is this feedback's.

        Examples
        --------
        >>> Feedback(True, "the tutorial board has 3 empty cells.").assert_ok()
        >>> Feedback(False, "expected [1, 4, 8], got [1, 4].", hint="count cell 8 too.").assert_ok()
        Traceback (most recent call last):
        ...
        AssertionError: Not yet: expected [1, 4, 8], got [1, 4].
        Hint: count cell 8 too.
        """
        if not self.ok:
            raise AssertionError(repr(self))


#: The folder of the package: a frame whose file is outside it runs someone else's code.
_PACKAGE = os.path.dirname(os.path.abspath(__file__))
#: What a check does with a value, by the method of the value that raised.
_SHOWING = {"__repr__", "__str__", "__format__"}
_COMPARING = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__cmp__"}


def learner_check(check: Callable[..., Feedback]) -> Callable[..., Feedback]:
    """Make ``check`` keep its promise never to raise on a learner's answer: an error raised
    in the learner's code while the check runs (a ``__repr__`` or ``__eq__`` of their value
    that raises, their function failing where the check calls it) or a ``sys.exit`` comes
    back as a :class:`Feedback` that says what happened. An error inside the package itself
    still raises: that is the package's bug, not the learner's.

    Parameters
    ----------
    check : callable
        A check, returning a :class:`Feedback`.

    Returns
    -------
    callable
        The same check, turning the learner's errors into words.

    Raises
    ------
    Exception
        The wrapped check raises again what the package itself raised (a bug of the package).

    Examples
    --------
    >>> class Odd:
    ...     def __repr__(self):
    ...         raise RuntimeError("no picture")
    >>> @learner_check
    ... def check_answer(answer):
    ...     return Feedback(answer == 3, f"{answer!r} is not 3.")
    >>> check_answer(Odd())
    Not yet: the check cannot show your answer: the __repr__ of your Odd raised RuntimeError: no picture.
    Hint: answer with a plain value (a number, a string, a list or a dict), or fix that method.
    """

    @functools.wraps(check)
    def guarded(*args, **kwargs):
        try:   # on a thread with a watchdog: the check ends, whatever the learner's code catches
            return bounded(functools.partial(check, *args, **kwargs), seconds=check_time())
        except Stopped:
            return Feedback(False, f"the check stopped after {check_time():g} s: your code kept running (a loop "
                            "that never ends, perhaps one that catches every error and goes on).",
                            hint="make each loop end, and let errors out instead of catching them all.")
        except SystemExit as stop:
            return Feedback(False, f"your code called sys.exit({short_repr(stop.code)}), which would stop the lesson.",
                            hint="return the answer instead of exiting.")
        except Exception as err:
            err = err.err if isinstance(err, Raised) else err
            where = learner_frame(err)
            if where is None:   # raised inside the package: a bug to see, not to hide
                raise
            return raised_in_learner_code(err, where)

    return guarded


def learner_frame(err: BaseException):
    """The innermost frame of ``err``'s traceback that runs code outside the package (the
    learner's, or what it called), else None: the package alone raised it.

    Parameters
    ----------
    err : BaseException
        The error, with its traceback.

    Returns
    -------
    frame or None
        The frame, or None.
    """
    tb, found = err.__traceback__, None
    while tb is not None:
        filename = os.path.abspath(tb.tb_frame.f_code.co_filename)
        if not filename.startswith(_PACKAGE + os.sep):
            found = tb.tb_frame
        tb = tb.tb_next
    return found


def raised_in_learner_code(err: Exception, frame) -> Feedback:
    """Words for an error that the learner's code raised inside a check.

    Parameters
    ----------
    err : Exception
        The error.
    frame : frame
        The learner's frame it was raised in (:func:`learner_frame`).

    Returns
    -------
    Feedback
        A "Not yet" verdict naming the function and its error.
    """
    name = frame.f_code.co_name
    code = frame.f_code
    owner = frame.f_locals.get("self") if code.co_argcount and code.co_varnames[0] == "self" else None
    what = f"the {name} of your {type(owner).__name__}" if owner is not None else f"your {name}"
    if name in _SHOWING and isinstance(owner, BaseException):
        return Feedback(False, f"your code raised {type(owner).__name__}, and the check cannot show it: {what} "
                        f"raised {type(err).__name__}: {error_text(err)}.",
                        hint="fix the error in your code (and that method) and run its cell again.")
    if name in _SHOWING or name in _COMPARING:
        verb = "show" if name in _SHOWING else "compare"
        return Feedback(False, f"the check cannot {verb} your answer: {what} raised {type(err).__name__}: "
                        f"{error_text(err)}.",
                        hint="answer with a plain value (a number, a string, a list or a dict), or fix that method.")
    return Feedback(False, f"while the check ran it, {what} raised {type(err).__name__}: {error_text(err)}.",
                    hint="fix the error in your code and run its cell again.")


def number_text(x) -> str:
    """A number as the feedback writes it: :func:`minimax_viz.trace.format_value` in ASCII,
    so a learner can type it back into Python (``-inf``, not ``−∞``); ``+`` only on ``+inf``.

    Parameters
    ----------
    x : float or int
        The number.

    Returns
    -------
    str
        The number in words.

    Examples
    --------
    >>> number_text(3), number_text(-math.inf), number_text(math.inf), number_text(2.5), number_text(-1)
    ('3', '-inf', '+inf', '2.50', '-1')
    """
    try:
        return format_value(x, signed=x == math.inf, ascii=True)
    except (TypeError, ValueError):  # not a number: show it as Python would
        return repr(x)
