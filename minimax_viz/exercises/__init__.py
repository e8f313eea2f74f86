"""Checks for the lessons' exercises: they explain in words what is wrong.

A check never raises: it returns a :class:`Feedback` that prints as a short message,
"Right: ..." or "Not yet: ..." with a hint, so a lesson runs top to bottom whether or
not the learner has finished. Each lesson's checks live in their own module
(``mv.exercises.lesson01``, ``mv.exercises.lesson02`` ...), loaded when first used.
"""

import importlib

from .feedback import Feedback, Unfinished, attempt, check_function, check_value, describe_error

__all__ = ["Feedback", "check_function", "check_value", "describe_error", "Unfinished", "attempt"]


def __getattr__(name: str):
    if name.startswith("lesson"):
        try:
            return importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError:
            pass
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
