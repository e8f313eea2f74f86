"""Running a learner's function for a check: its answer, or words for why there is none.

A check calls the learner's code on cases it has not seen. That code may still be the stub,
raise, recurse without end, loop for ever or call ``sys.exit``; :func:`call_learner` turns
each of these into one sentence and never lets it out, so a check never raises. :class:`Timer`
stops a learner's code that runs too long; the search checks use it too.
"""

from __future__ import annotations

import signal
import threading
from typing import Any, Callable

from ..errors import InvalidOption, short_repr
from .feedback import describe_error

__all__ = ["call_learner", "TIME_LIMIT", "time_limit", "Timer", "Stopped"]

#: Seconds a learner's function may run on one case before a check stops it. The checks read
#: it each time they run (:func:`time_limit`), so a slow machine may allow more
#: (``mv.exercises.running.TIME_LIMIT = 10``) and a test of the stop itself may wait less.
TIME_LIMIT = 3.0


def time_limit() -> float:
    """The seconds a check gives a learner's function now: :data:`TIME_LIMIT` as it stands.

    >>> time_limit()
    3.0

    :raises InvalidOption: when :data:`TIME_LIMIT` was set to anything but seconds above 0.
    """
    return float(check_seconds(TIME_LIMIT, "mv.exercises.running.TIME_LIMIT"))


def check_seconds(value, name: str):
    """`value`, if it is a number of seconds above 0.

    :raises InvalidOption: for anything else, naming `name`.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise InvalidOption(f"{name} must be a number of seconds above 0, not {short_repr(value)}")
    return value


#: The clock signal's longest wait (a year): a longer limit, ``math.inf`` included, is none at all.
_LONGEST = 365 * 24 * 3600.0


class Stopped(BaseException):
    """Stops a learner's code that runs too long (a BaseException: ``except Exception``
    in the learner's code does not swallow it)."""


class Timer:
    """Raises :class:`Stopped` in the learner's code after ``seconds`` (by default
    :func:`time_limit`; main thread, where the clock signal exists; elsewhere a check's call
    budget alone bounds the search).

    >>> with Timer(1.0):
    ...     sum(range(10))
    45
    """

    def __init__(self, seconds: float | None = None):
        self.seconds = time_limit() if seconds is None else seconds
        self.on = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def _ring(self, signum, frame):
        raise Stopped(f"over {self.seconds:g} s")

    def __enter__(self):
        if self.on:
            self.old = signal.signal(signal.SIGALRM, self._ring)
            signal.setitimer(signal.ITIMER_REAL, min(self.seconds, _LONGEST))
        return self

    def __exit__(self, *exc):
        if self.on:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)
        return False


def call_learner(fn: Callable, *args, seconds: float | None = None) -> tuple[Any, str | None]:
    """``(fn(*args), None)``, or ``(None, words)`` when the learner's ``fn`` gives no answer:
    the words say what happened ("it is still the stub ...", "it recursed without end ...").

    A ``KeyboardInterrupt`` (the learner pressed stop) is let through.

    >>> call_learner(len, [1, 2])
    (2, None)
    >>> call_learner(lambda n: 1 // n, 0)
    (None, 'it raised ZeroDivisionError: integer division or modulo by zero')
    """
    timer = Timer(seconds)
    try:
        with timer:
            return fn(*args), None
    except Stopped:
        return None, f"it ran for more than {timer.seconds:g} s without an answer (an endless loop?)"
    except RecursionError:
        return None, "it recursed without end (RecursionError): each call must get closer to a case it answers at once"
    except SystemExit as err:
        return None, f"it called sys.exit({err.code!r}); return the answer instead"
    except Exception as err:  # the learner's code: any error becomes words
        return None, describe_error(err)
