"""No check of lessons 09 and 10 raises on a learner's answer, and none hangs.

Lesson 09 asks for numbers; learners type numpy arrays, strings, None, dicts, nan, inf
and huge ints. Lesson 10 asks for a search function; learners hand over functions that
raise, return junk or the wrong type, take the wrong number of arguments, change the
game they are given, recurse without end or loop forever. Every such answer gets a
``Feedback`` that says "Not yet" and explains, within a few seconds, never a traceback.
"""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

from minimax_viz.exercises import lesson09, lesson10
from minimax_viz.exercises.feedback import Feedback
from minimax_viz.exercises.running import time_limit

#: A sweep of hundreds of quick cases: make check leaves it to make test, which runs every one
#: (the quick path stays under a minute).
pytestmark = pytest.mark.slow

#: Values a learner may type where a number is asked.
JUNK = [
    None, "3", "", [], [3], [3, 4], (3,), {}, {"value": 3}, {3, 4}, ...,
    np.array(3.5), np.array([3, 4]), np.array([[0, 1]]), np.float64("nan"), math.nan,
    math.inf, -math.inf, 10**400, -10**400, True, object(), b"1", 1j, [None], "nan",
]

VALUE_CHECKS = [lesson09.check_ghost_value, lesson09.check_dice_value, lesson09.check_unseen_leaf]


def _id(value) -> str:
    """A test id that is the same in every run (no memory addresses)."""
    text = repr(value)
    return type(value).__name__ if " at 0x" in text else text[:30]


def _is_words(verdict) -> bool:
    return isinstance(verdict, Feedback) and not verdict.ok and len(str(verdict).split()) >= 4


@pytest.mark.parametrize("check", VALUE_CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("answer", JUNK, ids=_id)
def test_lesson09_checks_answer_junk_in_words(check, answer):
    verdict = check(answer)
    assert _is_words(verdict), f"{answer!r} -> {verdict!r}"


def _forever(game, state, depth):
    while True:
        pass


def _recurse(game, state, depth):
    return _recurse(game, state, depth)


def _recurse_through_the_game(game, state, depth):
    game.moves(state)
    return _recurse_through_the_game(game, state, depth)


def _endless_children(game, state, depth):
    while True:                 # asks the game again and again, never returns
        for move in game.moves(state):
            game.play(state, move)


def _breaks_the_game(game, state, depth):
    game.play = None            # the learner's code overwrites the game's method
    return 3, 0


def _changes_the_state(game, state, depth):
    if isinstance(state, list):
        state.append(1)
    game.max_calls = 10**12     # and tries to lift the budget
    return game.utility(state), None


def _huge(game, state, depth):
    return 10**400, 0


def _wrong_arity():
    return 3, 0


#: Search functions a learner may hand a lesson 10 check.
JUNK_SEARCHES = [lambda game, state, depth, _v=v: _v for v in JUNK] + [
    lambda game, state, depth, _v=v: (_v, 0) for v in JUNK
] + [
    lambda game, state, depth, _v=v: (3, _v) for v in JUNK
] + [
    lambda game, state, depth: 1 / 0,
    lambda game, state, depth: iter([3, 0]),
    lambda game, state, depth: (x for x in (3, 0)),
    lambda game, state, depth: (3, 0, 1),
    lambda game, state, depth: np.array([3, 0]),
    lambda game, state, depth: {"value": 3, "move": 0},
    lambda game, state, depth: game,
    lambda game, state, depth: (game.evaluate(state), None),
    lambda game, state, depth: (game.play(state, 99), None),
    lambda game, state, depth: (np.float64(3), np.int64(0)),
    lambda game, state: (3, 0),
    lambda game, state, depth, alpha, beta: (3, 0),
    lambda *args: (_ for _ in ()).throw(KeyboardInterrupt()) if False else (3, 0),
    _wrong_arity, _forever, _recurse, _recurse_through_the_game, _endless_children,
    _breaks_the_game, _changes_the_state, _huge, print, len, max, "minimax", None, 3,
]

SEARCH_CHECKS = [lesson10.check_minimax, lesson10.check_alphabeta, lesson10.check_expectimax]


@pytest.mark.parametrize("check", SEARCH_CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("index", [pytest.param(i, marks=pytest.mark.time_limit(0.5)) if fn is _forever else i
                                   for i, fn in enumerate(JUNK_SEARCHES)])
def test_lesson10_checks_answer_junk_searches_in_words(check, index):
    start = time.monotonic()
    verdict = check(JUNK_SEARCHES[index])
    assert _is_words(verdict), f"search {index} -> {verdict!r}"
    # a budget, not a timing test: a search that never ends is stopped at the first tree
    assert time.monotonic() - start < 5 * time_limit(), f"search {index} held the check too long"


@pytest.mark.slow
@pytest.mark.time_limit(0.5)
def test_a_loop_without_end_is_stopped_and_named():
    verdict = lesson10.check_minimax(_forever)
    assert "ran too long" in str(verdict)


def test_a_search_that_asks_the_game_forever_is_stopped_by_the_call_budget():
    verdict = lesson10.check_minimax(_endless_children)
    assert "ran too long" in str(verdict) and "calls to the game" in str(verdict)


def test_recursion_without_end_is_named():
    assert "recursed without end" in str(lesson10.check_minimax(_recurse))
