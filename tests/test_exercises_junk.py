"""Every check of lessons 01-10 answers junk with "Not yet" in words: never a traceback, never "Right".

A learner types many things where a number, a mark, a pair or a function is asked for: numpy
numbers and arrays, a list, a string, ``None``, a dict, a set, a function that returns any of
these, raises, loops or takes the wrong arguments. One table names every check and what kind
of answer it takes; each check gets every junk answer of its kind and must say "Not yet" with
words, except for the few junk answers that are truly right, listed by hand in :data:`RIGHT`
(a check that said "Right" to everything fails here).
"""

from __future__ import annotations

import math
import time

import numpy as np
import pytest

import minimax_viz as mv
from feedback_helpers import said
from minimax_viz.clock import time_limit

#: A sweep of thousands of quick cases: make check leaves it to make test, which runs every one
#: (the quick path stays under a minute).
pytestmark = pytest.mark.slow

L = {n: getattr(mv.exercises, f"lesson{n:02d}") for n in range(1, 11)}
PREDICTED = ["X", "X", "O", "O", "X", "O", 6, 7, 8]

#: Answers a learner might give where a value (a number, a cell, a pair, a list) is asked for.
JUNK = [
    None, ..., "3", "X", "f2", "", "nan", b"3", 3 + 0j, 1j, 3.5, 2.5, -1, 0, True, 10**30, 10**400, -10**400,
    math.nan, math.inf, -math.inf, np.int64(3), np.float64(3.0), np.float64("nan"), np.array(3),
    np.array(3.5), np.array([1, 4, 8]), np.array([3, 4]), np.array([[1, 2], [3, 4]]), np.array([[0, 1, 1]]),
    np.array([]), [], [3], [3, 4], [1, 4, 8], [None], [None, None], [[1, 4, 8]], [[0, 1, 1]], [(0, 9, 9)],
    [(0, 1, 1), "x"], [np.array([0, 1, 1])], (3,), ("6", "8"), {}, {3}, {3, 4}, {"value": 3},
    {"index": 4, "score": 1}, {"alpha": 3, "beta": 8}, object(), print,
]


def _id(value) -> str:
    """A test id that is the same in every run and worker (no memory addresses)."""
    if type(value) is int and abs(value) > 10**6:
        return f"{'-' if value < 0 else ''}10**{len(str(abs(value))) - 1}"
    text = repr(value)
    return type(value).__name__ if " at 0x" in text else text[:30]


def _returning(value):
    return lambda *args: value


def _raises(*args):
    return 1 / 0


def _append(*args):
    return args[0].append(1)


#: Functions a learner might hand in where a function of a board or a game is asked for.
JUNK_FUNCTIONS = {f"returns {_id(v)}": _returning(v) for v in JUNK} | {
    "None": None, "3": 3, "'empty_cells'": "empty_cells", "array([1, 2])": np.array([1, 2]),
    "[a function]": [lambda b: b], "returns its arguments": lambda *args: args,
    "returns an iterator": lambda *args: iter([1, 4, 8]), "returns a generator": lambda *args: (x for x in range(3)),
    "raises": _raises, "appends to its argument": _append, "takes no arguments": lambda: 0,
    "returns texts in a record": lambda *args: {"index": "4", "score": "1"},
    "returns a list of records": lambda *args: [{"index": 4}],
    "returns arrays in a record": lambda *args: [{"index": np.int64(4), "score": np.array([1])}],
}


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


def _pair(first, second):
    return lambda game, state, depth: (first, second)


#: Search functions ``search(game, state, depth) -> (value, move)`` a learner may hand lesson 10.
JUNK_SEARCHES = {f"returns {_id(v)}": _returning(v) for v in JUNK} | {
    f"returns ({_id(v)}, 0)": _pair(v, 0) for v in JUNK} | {f"returns (3, {_id(v)})": _pair(3, v) for v in JUNK} | {
    "raises": lambda game, state, depth: 1 / 0,
    "returns an iterator": lambda game, state, depth: iter([3, 0]),
    "returns a generator": lambda game, state, depth: (x for x in (3, 0)),
    "returns a triple": lambda game, state, depth: (3, 0, 1),
    "returns an array": lambda game, state, depth: np.array([3, 0]),
    "returns a dict": lambda game, state, depth: {"value": 3, "move": 0},
    "returns the game": lambda game, state, depth: game,
    "evaluates the root": lambda game, state, depth: (game.evaluate(state), None),
    "plays move 99": lambda game, state, depth: (game.play(state, 99), None),
    "returns numpy numbers": lambda game, state, depth: (np.float64(3), np.int64(0)),
    "takes two arguments": lambda game, state: (3, 0),
    "takes five arguments": lambda game, state, depth, alpha, beta: (3, 0),
    "takes no arguments": lambda: (3, 0),
    "loops forever": _forever, "recurses without end": _recurse,
    "recurses through the game": _recurse_through_the_game, "asks the game forever": _endless_children,
    "breaks the game": _breaks_the_game, "changes the state": _changes_the_state,
    "returns a huge value": _pair(10**400, 0),
    "print": print, "len": len, "max": max, "'minimax'": "minimax", "None": None, "3": 3,
}

#: Every check, with the kind of answer it takes: a value, a function of a board or a game,
#: or a search ``search(game, state, depth)``. (Not here: lesson 09's show_your_search, which
#: draws rather than judges, and lesson 10's check_player, a match against a ladder of players.)
CHECKS = {
    "01.check_position(v, 3)": ("value", lambda v: L[1].check_position(v, 3)),
    "01.check_position('X', v)": ("value", lambda v: L[1].check_position("X", v)),
    "02.check_calls": ("value", L[2].check_calls),
    "02.check_prediction": ("value", lambda v: L[2].check_prediction(PREDICTED, v)),
    "02.check_prediction(record of v)": ("value", lambda v: L[2].check_prediction(PREDICTED, {"index": v, "score": v})),
    "04.check_depth1_move": ("value", L[4].check_depth1_move),
    "05.check_root_value": ("value", L[5].check_root_value),
    "05.check_never_visited": ("value", L[5].check_never_visited),
    "05.check_window": ("value", L[5].check_window),
    "06.check_order": ("value", L[6].check_order),
    "08.check_must_block(v, 2)": ("value", lambda v: L[8].check_must_block(v, 2)),
    "08.check_must_block(board, v)": ("value", lambda v: L[8].check_must_block("XX..O....", v)),
    "09.check_ghost_value": ("value", L[9].check_ghost_value),
    "09.check_dice_value": ("value", L[9].check_dice_value),
    "09.check_unseen_leaf": ("value", L[9].check_unseen_leaf),
    "01.check_empty_cells": ("function", L[1].check_empty_cells),
    "01.check_is_win": ("function", L[1].check_is_win),
    "01.check_deepest": ("function", L[1].check_deepest),
    "02.check_best_test_play": ("function", L[2].check_best_test_play),
    "02.check_terminal_score": ("function", L[2].check_terminal_score),
    "02.check_minimax": ("function", L[2].check_minimax),
    "02.draw_parting": ("function", L[2].draw_parting),
    "03.check_nodes_at_depth": ("function", L[3].check_nodes_at_depth),
    "03.check_count_games": ("function", L[3].check_count_games),
    "03.check_count_positions": ("function", L[3].check_count_positions),
    "04.check_evaluate": ("function", L[4].check_evaluate),
    "04.check_minimax": ("function", L[4].check_minimax),
    "04.check_smallest_depth": ("function", L[4].check_smallest_depth),
    "05.check_alphabeta": ("function", L[5].check_alphabeta),
    "05.check_alphabeta_game": ("function", L[5].check_alphabeta_game),
    "06.check_minimal_leaves": ("function", L[6].check_minimal_leaves),
    "06.check_entry_kind": ("function", L[6].check_entry_kind),
    "07.check_centre_evaluate": ("function", L[7].check_centre_evaluate),
    "07.check_winning_columns": ("function", L[7].check_winning_columns),
    "07.check_win_depth": ("function", L[7].check_win_depth),
    "08.check_ai_move": ("function", L[8].check_ai_move),
    "09.check_expectimax": ("search", L[9].check_expectimax),
    "09.check_expectiminimax": ("search", L[9].check_expectiminimax),
    "10.check_minimax": ("search", L[10].check_minimax),
    "10.check_alphabeta": ("search", L[10].check_alphabeta),
    "10.check_expectimax": ("search", L[10].check_expectimax),
}

#: The junk answers that are truly right, by hand: (check, answer's id) -> why.
RIGHT = {
    ("01.check_position(v, 3)", "'X'"): "X is to move in the tutorial's board, with 3 moves",
    ("01.check_position('X', v)", "np.int64(3)"): "3 moves, as a numpy integer",
    ("01.check_position('X', v)", "np.float64(3.0)"): "3 moves, as a numpy float",
    ("01.check_position('X', v)", "array(3)"): "3 moves, as a numpy array of no dimension",
    ("09.check_unseen_leaf", "10**30"): "any leaf above 7 lifts the right coin past 4; 10**30 is one",
}

ANSWERS = {
    "value": {_id(v): v for v in JUNK},
    "function": JUNK_FUNCTIONS,
    "search": JUNK_SEARCHES,
}

CASES = [
    pytest.param(name, answer, id=f"{name}-{answer}",
                 marks=[pytest.mark.time_limit(0.5)] if answers[answer] is _forever else [])
    for name, (kind, _) in sorted(CHECKS.items()) for answers in [ANSWERS[kind]] for answer in answers
]


def test_the_answers_have_one_id_each_and_the_right_ones_are_answers():
    assert len(ANSWERS["value"]) == len(JUNK)
    for name, answer in RIGHT:
        assert answer in ANSWERS[CHECKS[name][0]], (name, answer)


@pytest.mark.parametrize("name, answer", CASES)
def test_every_check_answers_junk_in_words(name, answer):
    kind, check = CHECKS[name]
    start = time.monotonic()
    verdict = check(ANSWERS[kind][answer])
    text = said(verdict)   # a Feedback, not an exception
    right = (name, answer) in RIGHT
    assert verdict.ok is right, text
    assert text.startswith("Right: " if right else "Not yet: ") and len(text.split()) >= 4, text
    assert "Traceback" not in text
    # a budget, not a timing: a search that never ends is stopped at the first tree (3 s a tree)
    assert time.monotonic() - start < 5 * time_limit() + 10, f"{answer} held the check too long"


def test_a_number_given_as_text_or_a_list_is_told_what_kind_of_answer_is_wanted():
    assert "number" in said(L[1].check_position("X", "3"))
    assert "number" in said(L[3].check_nodes_at_depth(lambda game, board, depth: [3024]))
    assert "number" in said(L[2].check_calls(np.array([9])))
    assert "quotes" in said(L[1].check_position("X", "3"))
    assert "quotes" in said(L[1].check_deepest(lambda game, board: "3"))


def test_numpy_numbers_are_read_as_numbers_and_printed_plainly():
    verdict = L[5].check_window((np.float64(6), np.int64(8)))
    assert verdict.ok and "alpha = 6 and beta = 8" in str(verdict)
    assert L[5].check_root_value(np.int64(8)).ok


@pytest.mark.time_limit(0.5)
def test_a_loop_without_end_is_stopped_and_named():
    assert "ran too long" in str(L[10].check_minimax(_forever))


def test_a_search_that_asks_the_game_forever_is_stopped_by_the_call_budget():
    verdict = L[10].check_minimax(_endless_children)
    assert "ran too long" in str(verdict) and "calls to the game" in str(verdict)


def test_recursion_without_end_is_named():
    assert "recursed without end" in str(L[10].check_minimax(_recurse))
