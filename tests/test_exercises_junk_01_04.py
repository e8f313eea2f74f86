"""Checks of lessons 01-04 never raise on a plausible answer: each gets a verdict in words.

A learner types many things where a number, a mark or a function is asked for: numpy
numbers and arrays, a list, a string, ``None``, a dict, a set, a function that returns
any of these. Every check must answer with a :class:`Feedback` ("Not yet: ..."), never
with a traceback out of the package.
"""

import math

import numpy as np
import pytest

import minimax_viz as mv
from feedback_helpers import said

#: A sweep of hundreds of quick cases: make check leaves it to make test, which runs every one
#: (the quick path stays under a minute).
pytestmark = pytest.mark.slow

L1, L2, L3, L4 = (mv.exercises.lesson01, mv.exercises.lesson02, mv.exercises.lesson03,
                  mv.exercises.lesson04)
TUTORIAL = ["X", 1, "O", "X", 4, "X", "O", "O", 8]

#: Answers a learner might give where one value is asked for.
JUNK = [
    None, "3", "X", "", [3], [1, 4, 8], (3,), {3}, {"index": 4, "score": 1}, {}, 3.5, -1, 0, True,
    math.nan, math.inf, np.int64(3), np.float64(3.0), np.array(3), np.array([1, 4, 8]),
    np.array([[1, 2], [3, 4]]), np.array([]), b"3", 3 + 0j, object(), print, [None], [[1, 4, 8]],
]

#: Functions a learner might hand in whose answers are junk.
JUNK_FUNCTIONS = [lambda *args, _v=v: _v for v in JUNK] + [
    None, 3, "empty_cells", np.array([1, 2]), [lambda b: b],
    lambda *args: args, lambda *args: iter([1, 4, 8]), lambda *args: (x for x in range(3)),
    lambda *args: np.array([1, 4, 8]), lambda *args: 1 / 0, lambda *args: args[0].append(1),
    lambda *args: {"index": "4", "score": "1"}, lambda *args: [{"index": 4}],
    lambda *args: [{"index": np.int64(4), "score": np.array([1])}],
]

VALUE_CHECKS = {
    "lesson01.check_position(junk, 3)": lambda v: L1.check_position(v, 3),
    "lesson01.check_position('X', junk)": lambda v: L1.check_position("X", v),
    "lesson02.check_calls": L2.check_calls,
    "lesson02.check_prediction": lambda v: L2.check_prediction(["X", "X", "O", "O", "X", "O", 6, 7, 8], v),
    "lesson02.check_prediction(record of junk)": lambda v: L2.check_prediction(
        ["X", "X", "O", "O", "X", "O", 6, 7, 8], {"index": v, "score": v}),
    "lesson04.check_depth1_move": L4.check_depth1_move,
}

FUNCTION_CHECKS = {
    "lesson01.check_empty_cells": L1.check_empty_cells,
    "lesson01.check_is_win": L1.check_is_win,
    "lesson01.check_deepest": L1.check_deepest,
    "lesson02.check_best_test_play": L2.check_best_test_play,
    "lesson03.check_nodes_at_depth": L3.check_nodes_at_depth,
    "lesson02.check_terminal_score": L2.check_terminal_score,
    "lesson02.check_minimax": L2.check_minimax,
    "lesson02.draw_parting": L2.draw_parting,
    "lesson03.check_count_games": L3.check_count_games,
    "lesson03.check_count_positions": L3.check_count_positions,
    "lesson04.check_evaluate": L4.check_evaluate,
    "lesson04.check_minimax": L4.check_minimax,
    "lesson04.check_smallest_depth": L4.check_smallest_depth,
}


def _assert_words(feedback):
    text = said(feedback)  # a Feedback, not an exception (np.int64(3) may well be right)
    assert text.startswith("Right: " if feedback.ok else "Not yet: ") and len(text) > 20, text
    assert "Traceback" not in text


def _id(value) -> str:
    """A test id that is the same in every run and worker (no memory addresses)."""
    text = repr(value)
    return type(value).__name__ if " at 0x" in text else text[:30]


@pytest.mark.parametrize("junk", JUNK, ids=[_id(v) for v in JUNK])
@pytest.mark.parametrize("name", sorted(VALUE_CHECKS))
def test_value_checks_answer_junk_in_words(name, junk):
    _assert_words(VALUE_CHECKS[name](junk))


@pytest.mark.parametrize("index", range(len(JUNK_FUNCTIONS)))
@pytest.mark.parametrize("name", sorted(FUNCTION_CHECKS))
def test_function_checks_answer_junk_in_words(name, index):
    _assert_words(FUNCTION_CHECKS[name](JUNK_FUNCTIONS[index]))


def test_a_number_given_as_text_or_a_list_is_told_what_kind_of_answer_is_wanted():
    assert "number" in said(L1.check_position("X", "3"))
    assert "number" in said(L3.check_nodes_at_depth(lambda game, board, depth: [3024]))
    assert "number" in said(L2.check_calls(np.array([9])))
    assert "quotes" in said(L1.check_position("X", "3"))
    assert "quotes" in said(L1.check_deepest(lambda game, board: "3"))
