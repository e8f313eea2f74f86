"""Lesson 01's checks: "Right" for correct answers, useful words for the usual wrong ones."""

import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson01
from feedback_helpers import NOT_YET, RIGHT, said, stub


def test_found_by_name_from_the_package():
    assert mv.exercises.lesson01 is lesson01
    for name in lesson01.__all__:
        assert callable(getattr(lesson01, name))


# -- check_position ---------------------------------------------------------------------
@pytest.mark.parametrize("to_move", ["X", "x", " X ", "Max"])
def test_position_right(to_move):
    feedback = lesson01.check_position(to_move, 3)
    assert feedback and said(feedback).startswith(RIGHT)
    assert "cells 1, 4 and 8" in said(feedback)


@pytest.mark.parametrize(
    "to_move, n_moves, words",
    [
        (..., ..., "replace the two ..."),
        ("O", 3, "X moves first"),
        ("me", 3, "'X' or 'O'"),
        ("X", ..., "replace the ..."),
        ("X", 6, "6 cells are taken"),
        ("X", 9, "some of the nine are taken"),
        ("X", [1, 4, 8], "len(...)"),
        ("X", 2, "hold their own index"),
        ({}, {}, "'X' or 'O'"),
    ],
)
def test_position_not_yet(to_move, n_moves, words):
    feedback = lesson01.check_position(to_move, n_moves)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback)


# -- check_empty_cells --------------------------------------------------------------------
def empty_cells(board):
    return [c for c in board if c != "X" and c != "O"]


@pytest.mark.parametrize(
    "function",
    [empty_cells, mv.tutorial.get_all_empty_cells_indexes, lambda b: tuple(empty_cells(b))],
)
def test_empty_cells_right(function):
    feedback = lesson01.check_empty_cells(function)
    assert feedback and said(feedback).startswith(RIGHT)


def changes_the_board(board):
    board[0] = "Z"
    return empty_cells(board)


def forgets_return(board):
    empty_cells(board)


@pytest.mark.parametrize(
    "function, words",
    [
        (stub, "still the stub"),
        (..., "still ..."),
        ([1, 4, 8], "should be a function"),
        (lambda b: [c for c in b if c in ("X", "O")], "holds marks"),
        (lambda b: [i for i in range(9) if b[i] in ("X", "O")], "taken cells"),
        (lambda b: [c for c in b if isinstance(c, int) and c], "cell 0 holds the number 0"),
        (lambda b: filter(lambda c: c != "X" and c != "O", b), "wrap it in list(...)"),
        (lambda b: (c for c in b if c != "X" and c != "O"), "wrap it in list(...)"),
        (lambda b: set(empty_cells(b)), "no order"),
        (lambda b: empty_cells(b)[::-1], "wrong order"),
        (lambda b: len(empty_cells(b)), "returned the number 3"),
        (forgets_return, "returned None"),
        (changes_the_board, "changed the board"),
        (lambda b: [c for c in b if c < 9], "it raised TypeError"),
        (lambda b: [1, 4, 8], "the empty cells are [0, 1, 2, 3, 4, 5, 6, 7, 8]"),
    ],
)
def test_empty_cells_not_yet(function, words):
    feedback = lesson01.check_empty_cells(function)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback)


def test_empty_cells_check_leaves_the_tutorial_board_alone():
    lesson01.check_empty_cells(changes_the_board)
    assert mv.TicTacToe.TUTORIAL_BOARD == ["X", 1, "O", "X", 4, "X", "O", "O", 8]
    assert lesson01.TUTORIAL == ("X", 1, "O", "X", 4, "X", "O", "O", 8)


# -- check_is_win ----------------------------------------------------------------------------
def is_win(board, mark):
    return any(all(board[c] == mark for c in line) for line in lesson01.LINES)


def test_win_cases_are_legal_positions_with_the_right_answer():
    game = mv.TicTacToe()
    cases = lesson01._win_cases()
    assert len(cases) >= 16 + 4
    for board, mark, expected in cases:
        game.state(list(board))  # raises InvalidBoard on a position the rules cannot reach
        assert (game.winner(list(board)) == mark) is expected


@pytest.mark.parametrize("function", [is_win, mv.tutorial.check_if_winner_found])
def test_is_win_right(function):
    feedback = lesson01.check_is_win(function)
    assert feedback and said(feedback).startswith(RIGHT)


def rows_only(b, m):
    return any(b[r] == b[r + 1] == b[r + 2] == m for r in (0, 3, 6))


def no_diagonals(b, m):
    return rows_only(b, m) or any(b[c] == b[c + 3] == b[c + 6] == m for c in (0, 1, 2))


@pytest.mark.parametrize(
    "function, words",
    [
        (stub, "still the stub"),
        (..., "still ..."),
        (rows_only, "the left column (cells 0, 3, 6)"),
        (no_diagonals, "the diagonal from top left (cells 0, 4, 8)"),
        (lambda b, m: any(b[i] == b[j] == b[k] for i, j, k in lesson01.LINES), "X's, not O's"),
        (lambda b, m: True, "X has no three in a row"),
        (lambda b, m: None, "X fills the middle row"),
        (lambda b: False, "TypeError"),
    ],
)
def test_is_win_not_yet(function, words):
    feedback = lesson01.check_is_win(function)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback)


def test_is_win_hint_names_the_eight_lines():
    assert "3 rows, 3 columns and 2 diagonals" in said(lesson01.check_is_win(rows_only))


# -- check_tree_depth --------------------------------------------------------------------------
def test_tree_depth_matches_the_recorded_tree():
    result = mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)
    deepest = max(node.depth for node in result.tree.nodes)
    feedback = lesson01.check_tree_depth(deepest)
    assert feedback and said(feedback).startswith(RIGHT)


@pytest.mark.parametrize(
    "answer, words",
    [(..., "replace the ..."), (4, "count the moves (edges)"), (2, "below O's moves"),
     (9, "add 1 for each edge"), ([3], "add 1 for each edge")],
)
def test_tree_depth_not_yet(answer, words):
    feedback = lesson01.check_tree_depth(answer)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback)
