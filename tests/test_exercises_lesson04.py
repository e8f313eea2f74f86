"""Lesson 04's checks: "Right" for correct answers, useful words for the usual wrong ones."""

import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson04
from feedback_helpers import NOT_YET, RIGHT, said, stub

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def test_found_by_name_from_the_package():
    assert mv.exercises.lesson04 is lesson04
    for name in ("check_evaluate", "check_depth1_move", "check_winning_depth"):
        assert callable(getattr(lesson04, name))


def test_the_boards_are_what_the_lesson_says():
    game = mv.TicTacToe()
    assert game.string(lesson04.HORIZON_BOARD) == "OO...XX.."
    assert game.string(lesson04.LONG_WIN_BOARD) == ".X....O.."
    assert game.player(lesson04.HORIZON_BOARD) == game.player(lesson04.LONG_WIN_BOARD) == "X"


# -- check_evaluate ---------------------------------------------------------------------------
def open_lines(board):
    """The package's heuristic, written from scratch."""
    x = sum(1 for line in LINES if all(board[c] != "O" for c in line))
    o = sum(1 for line in LINES if all(board[c] != "X" for c in line))
    return (x - o) / 9


def weighted_lines(board):
    """Another fair heuristic: a line with only X's marks scores how many it has."""
    score = 0
    for line in LINES:
        marks = [board[c] for c in line]
        if "O" not in marks:
            score += marks.count("X")
        if "X" not in marks:
            score -= marks.count("O")
    return score / 17


def centre_of_the_action(board):
    """Forgets whose marks they are: lines through any mark, X's or O's."""
    return sum(1 for c in range(9) for line in LINES if c in line and board[c] in ("X", "O")) / 25


def threats(board):
    """A heuristic that counts threats: two of a player's marks on a line the other has not
    touched count 3, one counts 1 (the lesson's solution counts them 2 and 1)."""
    score = 0
    for line in LINES:
        marks = [board[c] for c in line]
        for mark, sign in (("X", 1), ("O", -1)):
            if marks.count(mark) and not marks.count("O" if mark == "X" else "X"):
                score += sign * (3 if marks.count(mark) == 2 else 1)
    return score / 25


def centre_only(board):
    """Likes the centre and nothing else: b[4] alone."""
    return {"X": 0.5, "O": -0.5}.get(board[4], 0)


@pytest.mark.parametrize("evaluate", [open_lines, weighted_lines, threats, mv.TicTacToe().evaluate])
def test_evaluate_right(evaluate):
    feedback = lesson04.check_evaluate(evaluate)
    assert feedback and said(feedback).startswith(RIGHT), said(feedback)
    assert "4,520 unfinished boards" in said(feedback) and "of 144 games" in said(feedback)


def test_the_match_is_what_the_verdict_says():
    """Independently: a threat counter beats the open-lines heuristic at depth 1 (it blocks
    two in a row, open lines may not), and the open-lines heuristic against itself is even."""
    game = mv.TicTacToe()
    won, drawn, lost, _ = lesson04._match(game, threats, 1)
    assert won + drawn + lost == 144 and won > lost
    won, drawn, lost, _ = lesson04._match(game, game.evaluate, 2)
    assert won == lost


def test_centre_only_is_judged_by_how_it_plays():
    """b[4] alone plays worse than open lines once the search sees replies (depth 2): rejected,
    with the lost game and the counts in the verdict."""
    text = said(lesson04.check_evaluate(centre_only))
    assert text.startswith(NOT_YET), text
    assert "plays worse than the open-lines heuristic" in text and "searching 2 plies" in text
    assert "One game it lost: from X" in text and "the game went" in text


@pytest.mark.parametrize(
    "evaluate, words",
    [
        (stub, "still the stub"),
        (lambda board: open_lines(board) * 9, "strictly between -1 and +1"),
        (lambda board: -open_lines(board), "is the sign right?"),
        (lambda board: (board.count("X") - board.count("O")) / 9, "plays worse"),
        (lambda board: 0, "a guess of 0 everywhere cannot tell positions apart"),
        (lambda board: board.count("X") / 9, "plays worse"),
        (centre_of_the_action, "plays worse"),
        (lambda board: None, "must return a number"),
        (lambda board: True, "must return a number"),
        (lambda board: "0.5", "must return a number"),
        (lambda board: board["X"], "TypeError"),
        (lambda: 0, "TypeError"),
        ("open lines", "should be a function"),
    ],
)
def test_evaluate_not_yet(evaluate, words):
    feedback = lesson04.check_evaluate(evaluate)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback), said(feedback)


def test_evaluate_out_of_range_names_the_board():
    text = said(lesson04.check_evaluate(lambda board: open_lines(board) * 9))
    assert "evaluate(['X', 1, 2, 3, 4, 5, 6, 7, 8]) returned +3" in text and "divide" in text


def test_evaluate_is_only_asked_about_unfinished_boards():
    game = mv.TicTacToe()

    def picky(board):
        assert not game.is_terminal(board), board
        return open_lines(board)

    assert lesson04.check_evaluate(picky)


# -- check_depth1_move -------------------------------------------------------------------------
def test_depth1_move_right():
    feedback = lesson04.check_depth1_move(4)
    assert feedback and said(feedback).startswith(RIGHT)
    assert "beyond the horizon" in said(feedback)


@pytest.mark.parametrize(
    "answer, words",
    [
        (..., "replace the ..."),
        (2, "without looking at O's reply"),
        (8, "game.evaluate(game.play(board, m))"),
        (0, "cell 0 is not free"),
        (9, "cell 9 is not free"),
        ("4", "a tie goes to the smaller cell"),
    ],
)
def test_depth1_move_not_yet(answer, words):
    feedback = lesson04.check_depth1_move(answer)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback), said(feedback)


# -- check_winning_depth -----------------------------------------------------------------------
def test_winning_depth_right():
    feedback = lesson04.check_winning_depth(5)
    assert feedback and said(feedback).startswith(RIGHT)
    assert "5 plies ahead" in said(feedback)


def test_winning_depth_is_what_the_search_says():
    game, board = mv.TicTacToe(), lesson04.LONG_WIN_BOARD
    moves = [mv.minimax(game, board, depth=d, record=False).move for d in range(1, 8)]
    assert moves == [4, 4, 4, 4, 0, 0, 0] and mv.minimax(game, board).move == 0


@pytest.mark.parametrize(
    "answer, words",
    [
        (..., "Try mv.minimax(game, board, depth=d).move"),
        (None, "smallest limit"),
        (0, "picks no move"),
        (-2, "picks no move"),
        (3, "at depth 3 the search plays 4, not the winning 0"),
        (4, "at depth 4 the search plays 4"),
        (6, "so does a smaller depth"),
        (7, "so does a smaller depth"),
        (5.5, "whole number"),
        ("5", "whole number"),
    ],
)
def test_winning_depth_not_yet(answer, words):
    feedback = lesson04.check_winning_depth(answer)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback), said(feedback)
