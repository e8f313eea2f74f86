"""The capstone (issue 33): a budget that counts the same work for the engine and for a learner's
own search, a ladder that a correct learner alpha-beta climbs on the lesson's schedule (and a
buggy one does not), and an evaluation judged by the games it wins.

The learner-style searches below are written here, the way the lessons ask for them; none of
them comes from the package."""

from __future__ import annotations

import math

import pytest

import minimax_viz as mv
from minimax_viz.exercises import capstone as C

AIMA = mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


from learner_style import (  # noqa: E402 (the learner-style searches, written once for the tests)
    alphabeta as plain, centre_ordered, deepening, guesses_for_o, mutual, never_switches, swapped_window,
)


# -- one meter for everyone ------------------------------------------------------------------------

def test_the_budget_counts_positions_generated_on_aimas_tree():
    # By hand, on AIMA's figure 5.2: minimax plays all 3 + 9 = 12 positions; alpha-beta playing each
    # child before it searches it plays the 3 moves at the root, B's 3 leaves, C's first leaf (2 <= 3
    # cuts the rest) and D's 3 leaves: 10.
    assert mv.positions_generated(plain, AIMA) == 10
    assert mv.positions_generated(mutual, AIMA) == 10
    # the package's engine opens a node by asking for all its successors at once: it pays for each one
    assert mv.positions_generated(mv.alphabeta, AIMA) == 12
    assert mv.positions_generated(lambda g, s: mv.minimax(g, s, record=False), AIMA) == 12


def test_the_engine_pays_at_least_what_a_learners_search_pays_on_the_same_tree():
    game = mv.ConnectFour(rows=5, cols=6)
    for depth in (1, 2, 3, 4):
        for moves in ("", "3", "34", "3443"):
            state = game.state(moves)
            mine = mv.positions_generated(lambda g, s: plain(g, s, depth), game, state)
            engine = mv.positions_generated(lambda g, s: mv.alphabeta(g, s, depth=depth, record=False), game, state)
            assert plain(game, state, depth)[0] == mv.alphabeta(game, state, depth=depth, record=False).score
            assert mine <= engine, (depth, moves, mine, engine)


# -- the ladder rewards the learner's own search ---------------------------------------------------

RIGHT = [plain, centre_ordered, mutual]
WRONG = [never_switches, guesses_for_o, swapped_window]


@pytest.mark.parametrize("search", RIGHT, ids=lambda f: f.__name__)
def test_a_correct_learner_alphabeta_on_the_lessons_schedule_passes_the_ladder(search):
    verdict = C.check_player(deepening(search))
    assert verdict.ok and verdict.rung >= 2, verdict
    name, w, d, l_ = verdict.results[1]
    assert name == "greedy" and C.wilson_lower(w + d / 2, w + d + l_) > 0.5


def test_a_correct_learner_alphabeta_that_never_stops_early_passes_too():
    verdict = C.check_player(deepening(plain, stop_when_solved=False))
    assert verdict.ok and verdict.rung >= 2, verdict


@pytest.mark.parametrize("search", WRONG, ids=lambda f: f.__name__)
def test_a_buggy_learner_alphabeta_does_not_pass(search):
    verdict = C.check_player(deepening(search))
    assert not verdict.ok and verdict.rung < 2, verdict
    assert "Passing is beating greedy (rung 2)" in verdict.message


def test_the_ladders_words_speak_of_positions():
    verdict = C.check_player(mv.greedy_player)
    assert not verdict.ok and "positions a move on average" in verdict.hint


# -- an evaluation of the learner's own ----------------------------------------------------------

def open_lines(board):
    """A learner-style Connect Four evaluation: every window of four with discs of one colour only
    scores the square of its discs for that colour."""
    rows, cols, score = len(board), len(board[0]), 0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    window = [board[rr][cc] for rr, cc in cells]
                    if "O" not in window:
                        score += window.count("X") ** 2
                    if "X" not in window:
                        score -= window.count("O") ** 2
    return score / (1 + abs(score))


def backwards(board):
    return -open_lines(board)


def unbounded(board):
    return 10 * open_lines(board) * 10


@pytest.mark.slow
def test_a_learners_open_lines_evaluation_beats_no_guess():
    verdict = C.check_evaluate(open_lines)
    assert verdict.ok, verdict
    name, w, d, l_ = verdict.results[0]
    assert name.startswith("no guess") and w + d + l_ == C.EVALUATE_GAMES and w > l_
    assert "package's evaluate" in verdict.message


@pytest.mark.slow
def test_an_evaluation_read_for_the_wrong_side_fails_and_offers_its_lost_games():
    verdict = C.check_evaluate(backwards)
    assert not verdict.ok and verdict.lost, verdict
    assert f"verdict.match.replay({verdict.lost[0]})" in verdict.message
    assert "X" in str(verdict.match.replay(verdict.lost[0]))


def test_no_guess_itself_and_guesses_past_one_fail_in_words():
    assert not C.check_evaluate(C.no_guess).ok
    words = str(C.check_evaluate(unbounded))
    assert "outside -1 to +1" in words and "strictly between -1" in words


@pytest.mark.parametrize("fn, words", [
    (lambda board: 1 // 0, "ZeroDivisionError"),
    (lambda board: "good", "not a number"),
    (lambda board: math.nan, "not a number"),
    (lambda board: True, "not a number"),
    ("my_evaluate", "evaluate function itself"),
], ids=["raises", "string", "nan", "bool", "not callable"])
def test_the_evaluation_check_answers_junk_in_words(fn, words):
    verdict = C.check_evaluate(fn)
    assert not verdict.ok and words in str(verdict)


def test_the_evaluation_stub_is_named():
    def my_evaluate(board):
        raise NotImplementedError("your code here")

    assert "still the stub" in str(C.check_evaluate(my_evaluate))
