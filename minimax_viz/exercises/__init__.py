"""Checks for the lessons' exercises: they explain in words what is wrong.

A check never raises: it returns a :class:`Feedback` that prints as a short message,
"Right: ..." or "Not yet: ..." with what was expected and a hint, so a lesson runs top to
bottom whether or not the learner has finished. Each lesson's checks live in their own
module (``lesson01``, ``lesson02`` ...).
"""

from .feedback import Feedback, check_function, check_value

__all__ = ["Feedback", "check_function", "check_value"]
