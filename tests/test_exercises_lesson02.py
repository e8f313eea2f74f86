"""The checks of lesson 02 say "Right" to right answers and explain typical wrong ones."""

import math

import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson02

BOARD_A = ["X", "X", "O", "O", "X", "O", 6, 7, 8]  # X wins on 7 or 8: the first one stays
BOARD_B = ["X", "X", "O", 3, "O", "X", 6, "O", 8]  # X must block on 6; a draw


def ok(feedback):
    return bool(feedback) and repr(feedback).startswith("Right: ")


def not_yet(feedback, *words):
    text = repr(feedback)
    return not feedback and text.startswith("Not yet: ") and all(w in text for w in words)


# -- best_test_play ------------------------------------------------------------------

def tutorial_pick(test_plays, mark):
    best, best_score = None, -math.inf if mark == "X" else math.inf
    for record in test_plays:
        if record["score"] > best_score if mark == "X" else record["score"] < best_score:
            best, best_score = record, record["score"]
    return best


def stub(test_plays, mark):
    raise NotImplementedError("your code here")


def last_best(test_plays, mark):  # >= and <= instead of > and <
    best, best_score = None, -math.inf if mark == "X" else math.inf
    for record in test_plays:
        if record["score"] >= best_score if mark == "X" else record["score"] <= best_score:
            best, best_score = record, record["score"]
    return best


def always_max(test_plays, mark):
    return max(test_plays, key=lambda r: r["score"])


def starts_at_zero(test_plays, mark):
    best, best_score = None, 0
    for record in test_plays:
        if record["score"] > best_score if mark == "X" else record["score"] < best_score:
            best, best_score = record, record["score"]
    return best


def position(test_plays, mark):
    return test_plays.index(tutorial_pick(test_plays, mark))


def score(test_plays, mark):
    return tutorial_pick(test_plays, mark)["score"]


def sorts_in_place(test_plays, mark):  # a stable sort keeps ties in order: still right
    test_plays.sort(key=lambda r: r["score"], reverse=mark == "X")
    return test_plays[0]


@pytest.mark.parametrize("function", [
    tutorial_pick,
    sorts_in_place,
    lambda plays, mark: (max if mark == "X" else min)(plays, key=lambda r: r["score"]),
])
def test_best_test_play_right(function):
    assert ok(lesson02.check_best_test_play(function))


@pytest.mark.parametrize("function, words", [
    (stub, ["still the stub"]),
    (last_best, ["the last best record", "keeps the first one", "strictly better"]),
    (always_max, ["the best record for the other player", "O is the minimiser"]),
    (starts_at_zero, ["returned None", "infinity"]),
    (position, ["the position of the best record", "returns the record itself"]),
    (score, ["the best score", "returns the whole record"]),
    (lambda plays, mark: plays[-1], ["X wants the highest score"]),
    (lambda plays, mark: {"index": 4, "score": 1}, ["not one of the records"]),
    (42, ["should be a function"]),
])
def test_best_test_play_not_yet(function, words):
    assert not_yet(lesson02.check_best_test_play(function), *words)


def test_best_test_play_is_the_tutorials_rule():
    """The check's cases agree with the tutorial's own step 16, run through its minimax."""
    board = mv.TicTacToe.TUTORIAL_BOARD
    plays = [{"index": c, "score": mv.tutorial.minimax(mv.TicTacToe().play(board, c), "O")["score"]}
             for c in (1, 4, 8)]
    assert tutorial_pick(plays, "X") == mv.tutorial.minimax(board, "X") == {"index": 4, "score": 1}


# -- the number of calls ---------------------------------------------------------------

def test_calls_right_and_true():
    assert ok(lesson02.check_calls(9))
    assert mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD).stats.calls == 9


@pytest.mark.parametrize("answer, words", [
    (..., ["replace the ..."]),
    (8, ["one short", "first call"]),
    (13, ["every line of the replay", "Count each call once"]),
    (12, ["last event of the replay"]),
    (3, ["only the test-plays of the first call"]),
    (4, ["run the loop", "calls too"]),
    (5, ["finished game", "count too"]),
    (7, ["draw it"]),
    ("9", ["whole number"]),
    (9.0, ["whole number"]),
    (True, ["whole number"]),
])
def test_calls_not_yet(answer, words):
    assert not_yet(lesson02.check_calls(answer), *words)


# -- predicting the tutorial's answer ----------------------------------------------------

@pytest.mark.parametrize("board, answer", [
    (BOARD_A, {"index": 7, "score": 1}),
    (BOARD_B, {"index": 6, "score": 0}),
    (mv.TicTacToe.TUTORIAL_BOARD, {"index": 4, "score": 1}),
    (["X", 1, "O", "X", 4, "X", "O", "O", "X"], {"index": 4, "score": -1}),  # O to move
    (["X", 1, "O", "X", "X", "X", "O", "O", 8], {"score": 1}),  # X has won
])
def test_prediction_right(board, answer):
    assert ok(lesson02.check_prediction(board, answer))
    assert mv.tutorial.minimax(list(board), mv.TicTacToe().player(board)) == answer


@pytest.mark.parametrize("board, answer, words", [
    (BOARD_A, ..., ["replace the ..."]),
    (BOARD_A, {"index": 8, "score": 1}, ["so does cell 7", "first best record", "strictly better"]),
    (BOARD_A, {"index": 6, "score": 1}, ["after X plays 6", "O wins (-1)"]),
    (BOARD_A, {"index": 6, "score": -1}, ["another empty cell scores better", "highest"]),
    (BOARD_A, 1, ["whole record", "the right score"]),
    (BOARD_A, (7, 1), ["dict with the keys"]),
    (BOARD_A, {"index": 0, "score": 1}, ["not empty", "[6, 7, 8]"]),
    (BOARD_A, {"index": "7", "score": 1}, ["cell number"]),
    (BOARD_A, {"index": 7, "score": "+1"}, ["is a number"]),
    (BOARD_A, {"index": 7, "score": 0}, ["X playing 7 wins at once (+1)"]),
    (BOARD_B, {"index": 6, "score": 1}, ["it is a draw (0)"]),
    (BOARD_B, {"index": 3, "score": 0}, ["O wins (-1)"]),
    (BOARD_B, -1, ["whole record", "not the right score either"]),
    (["X", 1, "O", "X", 4, "X", "O", "O", "X"], {"index": 4, "score": 1}, ["O playing 4 wins at once (-1)"]),
    (["X", 1, "O", "X", "X", "X", "O", "O", 8], {"index": 1, "score": 1}, ["game is over"]),
])
def test_prediction_not_yet(board, answer, words):
    assert not_yet(lesson02.check_prediction(board, answer), *words)


def test_prediction_leaves_the_board_alone():
    board = list(BOARD_A)
    lesson02.check_prediction(board, {"index": 8, "score": 1})
    assert board == BOARD_A


def test_found_as_mv_exercises_lesson02():
    assert mv.exercises.lesson02 is lesson02
    assert set(lesson02.__all__) == {"check_best_test_play", "check_calls", "check_prediction"}
