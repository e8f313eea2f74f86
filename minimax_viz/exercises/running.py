"""Running a learner's function for a check: its answer, or words for why there is none.

A check calls the learner's code on cases it has not seen. That code may still be the stub,
raise, recurse without end, loop for ever or call ``sys.exit``; :func:`call_learner` turns
each of these into one sentence and never lets it out, so a check never raises. The time
limit is the one the search checks use (:data:`minimax_viz.exercises.searches.TIME_LIMIT`).
"""

from __future__ import annotations

from typing import Any, Callable

from .feedback import describe_error
from .searches import TIME_LIMIT, _Stop, _Timer

__all__ = ["call_learner", "TIME_LIMIT"]


def call_learner(fn: Callable, *args, seconds: float = TIME_LIMIT) -> tuple[Any, str | None]:
    """``(fn(*args), None)``, or ``(None, words)`` when the learner's ``fn`` gives no answer:
    the words say what happened ("it is still the stub ...", "it recursed without end ...").

    A ``KeyboardInterrupt`` (the learner pressed stop) is let through.

    >>> call_learner(len, [1, 2])
    (2, None)
    >>> call_learner(lambda n: 1 // n, 0)
    (None, 'it raised ZeroDivisionError: integer division or modulo by zero')
    """
    try:
        with _Timer(seconds):
            return fn(*args), None
    except _Stop:
        return None, f"it ran for more than {seconds:g} s without an answer (an endless loop?)"
    except RecursionError:
        return None, "it recursed without end (RecursionError): each call must get closer to a case it answers at once"
    except SystemExit as err:
        return None, f"it called sys.exit({err.code!r}); return the answer instead"
    except Exception as err:  # the learner's code: any error becomes words
        return None, describe_error(err)
