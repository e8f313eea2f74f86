"""No check of lessons 05-08 raises on a plausible answer: each one answers in words.

Learners hand checks numpy arrays, lists where a number is asked, strings, None, dicts,
and functions that return any of those. Every such answer must get a ``Feedback`` that
says "Not yet" and explains, never a traceback.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from minimax_viz.exercises import lesson05, lesson06, lesson07, lesson08
from minimax_viz.exercises.feedback import Feedback

#: A sweep of hundreds of quick cases: make check leaves it to make test, which runs every one
#: (the quick path stays under a minute).
pytestmark = pytest.mark.slow

#: Values a learner may type where a number, a pair, a list of paths or a column is asked.
JUNK = [
    None, "3", "f2", "", [], [3], [3, 4], (3,), {}, {"alpha": 3, "beta": 8}, {3, 4},
    np.array(3), np.array([3, 4]), np.array([[0, 1, 1]]), np.float64("nan"), math.nan,
    math.inf, -1, 2.5, True, object(), [(0, 1, 1), "x"], [[0, 1, 1]], [(0, 9, 9)],
    [np.array([0, 1, 1])], ("6", "8"), [None, None], 10**30,
    b"1", 1j,
]

#: Functions a learner may hand a check that asks for a function, returning junk.
JUNK_FUNCTIONS = [lambda *args, _v=v: _v for v in JUNK] + [
    lambda *args: 1 / 0,
    lambda *args: iter([]),
    lambda: 0,                      # the wrong number of arguments
]

VALUE_CHECKS = [
    lesson05.check_root_value,
    lesson05.check_never_visited,
    lesson05.check_window,
    lesson06.check_order,
    lambda answer: lesson08.check_must_block(answer, 2),
    lambda answer: lesson08.check_must_block("XX..O....", answer),
]

FUNCTION_CHECKS = [
    lesson05.check_alphabeta,
    lesson05.check_alphabeta_game,
    lesson06.check_minimal_leaves,
    lesson06.check_entry_kind,
    lesson07.check_centre_evaluate,
    lesson07.check_winning_columns,
    lesson07.check_win_depth,
    lesson08.check_ai_move,
]


def _id(value) -> str:
    """A test id that is the same in every run (no memory addresses)."""
    text = repr(value)
    return type(value).__name__ if " at 0x" in text else text


def _is_words(verdict) -> bool:
    return isinstance(verdict, Feedback) and not verdict.ok and len(str(verdict).split()) >= 4


@pytest.mark.parametrize("check", VALUE_CHECKS, ids=lambda c: getattr(c, "__name__", "check"))
@pytest.mark.parametrize("answer", JUNK, ids=_id)
def test_value_checks_answer_junk_in_words(check, answer):
    verdict = check(answer)
    assert _is_words(verdict), f"{answer!r} -> {verdict!r}"


@pytest.mark.parametrize("check", FUNCTION_CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("index", range(len(JUNK_FUNCTIONS)))
def test_function_checks_answer_junk_in_words(check, index):
    verdict = check(JUNK_FUNCTIONS[index])
    assert _is_words(verdict), f"{JUNK[index] if index < len(JUNK) else index!r} -> {verdict!r}"


@pytest.mark.parametrize("check", FUNCTION_CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("answer", [None, 3, "ab", [1, 2], np.array([1])], ids=_id)
def test_function_checks_answer_non_functions_in_words(check, answer):
    assert _is_words(check(answer))


def test_numpy_numbers_are_read_as_numbers_and_printed_plainly():
    verdict = lesson05.check_window((np.float64(6), np.int64(8)))
    assert verdict.ok and "alpha = 6 and beta = 8" in str(verdict)
    assert lesson05.check_root_value(np.int64(8)).ok
