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
#: The 8 lines of the board, by hand: 3 rows, 3 columns, 2 diagonals.
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def is_win(board, mark):
    return any(all(board[c] == mark for c in line) for line in LINES)


def is_win_by_slices(board, mark):
    """Rows, columns and diagonals as slices of the board, the way some learners write it."""
    cells = list(board)
    lines = [cells[r:r + 3] for r in (0, 3, 6)] + [cells[c::3] for c in (0, 1, 2)] + [cells[0::4], cells[2:7:2]]
    return [mark] * 3 in lines


def test_the_lessons_lines_are_the_boards():
    assert sorted(lesson01.LINES) == sorted(LINES)


@pytest.mark.parametrize("missing", LINES)
def test_an_is_win_that_forgets_any_one_line_is_not_right(missing):
    def forgets(board, mark):
        return any(all(board[c] == mark for c in line) for line in LINES if line != missing)

    feedback = lesson01.check_is_win(forgets)
    assert not feedback and "returned False" in said(feedback), said(feedback)


def test_win_cases_are_legal_positions_with_the_right_answer():
    game = mv.TicTacToe()
    cases = lesson01._win_cases()
    assert len(cases) >= 16 + 4
    for board, mark, expected in cases:
        game.state(list(board))  # raises InvalidBoard on a position the rules cannot reach
        assert (game.winner(list(board)) == mark) is expected


@pytest.mark.parametrize("function", [is_win, is_win_by_slices])
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
        (lambda b, m: any(b[i] == b[j] == b[k] for i, j, k in LINES), "X's, not O's"),
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


# -- check_deepest: the learner's deepest(game, board) ---------------------------------------
def deepest(game, board):
    if game.is_terminal(board):
        return 0
    return 1 + max(deepest(game, game.play(board, move)) for move in game.moves(board))


def deepest_by_moves(game, board):
    """Stops where no move is left (a won board has none) and keeps a running best."""
    best = 0
    for move in game.moves(board):
        best = max(best, 1 + deepest_by_moves(game, game.play(board, move)))
    return best


def deepest_tutorial_style(game, board):
    """Writes a mark into the board and takes it back, as the tutorial's minimax does."""
    if game.is_terminal(board):
        return 0
    mark, best = game.player(board), 0
    for move in game.moves(board):
        board[move] = mark
        best = max(best, 1 + deepest_tutorial_style(game, board))
        board[move] = move
    return best


def deepest_with_a_stack(game, board):
    """No recursion: a stack of (board, moves so far)."""
    todo, best = [(board, 0)], 0
    while todo:
        here, depth = todo.pop()
        best = max(best, depth)
        todo += [(game.play(here, move), depth + 1) for move in game.moves(here)]
    return best


def counts_boards(game, board):
    if game.is_terminal(board):
        return 1
    return 1 + max(counts_boards(game, game.play(board, move)) for move in game.moves(board))


def counts_empty_cells(game, board):
    return sum(1 for cell in board if cell != "X" and cell != "O")


def shortest(game, board):
    if game.is_terminal(board):
        return 0
    return 1 + min(shortest(game, game.play(board, move)) for move in game.moves(board))


def no_base_case(game, board):
    return 1 + max(no_base_case(game, game.play(board, move)) for move in game.moves(board))


def plays_on_finished_boards(game, board):
    if not any(cell not in ("X", "O") for cell in board):
        return 0
    return 1 + max(plays_on_finished_boards(game, game.play(board, move))
                   for move in range(9) if board[move] not in ("X", "O"))


def same_board_again(game, board):
    if game.is_terminal(board):
        return 0
    return 1 + max(same_board_again(game, board) for move in game.moves(board))


def forgets_to_take_back(game, board):
    if game.is_terminal(board):
        return 0
    best = 0
    for move in game.moves(board):
        board[move] = game.player(board)
        best = max(best, 1 + forgets_to_take_back(game, board))
    return best


def endless(game, board):
    while True:
        pass


def no_return(game, board):
    if game.is_terminal(board):
        return 0
    1 + max(deepest(game, game.play(board, move)) for move in game.moves(board))


@pytest.mark.parametrize("function", [deepest, deepest_by_moves, deepest_tutorial_style, deepest_with_a_stack])
def test_deepest_right(function):
    feedback = lesson01.check_deepest(function)
    assert feedback and said(feedback).startswith(RIGHT), said(feedback)
    assert "3 moves: X plays 8, O plays 1, X plays 4; X wins on the last cell" in said(feedback)


def test_deepest_boards_are_what_their_comment_says():
    game = mv.TicTacToe()
    boards = [list(b) for b in lesson01.DEEPEST_BOARDS]
    assert boards[0] == mv.TicTacToe.TUTORIAL_BOARD
    assert game.winner(boards[1]) == "X" and game.moves_left(boards[1]) == 4
    for board in boards[2:4]:   # every line ends in a win before the board is full
        assert not game.is_terminal(board) and deepest(game, board) < game.moves_left(board)
    assert game.moves_left(boards[4]) == 0 and game.winner(boards[4]) is None
    assert {game.player(b) for b in boards[5:]} == {"X", "O"}


def test_deepest_agrees_with_a_count_written_here():
    """The truth from outside the engine: depth-first over the board as a string."""
    def longest(board: str) -> int:
        lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
        if any(board[a] != "." and board[a] == board[b] == board[c] for a, b, c in lines) or "." not in board:
            return 0
        mark = "X" if board.count("X") == board.count("O") else "O"
        return 1 + max(longest(board[:i] + mark + board[i + 1:]) for i, c in enumerate(board) if c == ".")

    assert [longest(mv.TicTacToe().string(list(b))) for b in lesson01.DEEPEST_BOARDS] == [3, 0, 2, 1, 0, 6, 5]
    feedback = lesson01.check_deepest(lambda game, board: longest(game.string(board)))
    assert feedback, said(feedback)


@pytest.mark.parametrize(
    "function, words",
    [
        (stub, ["still the stub", "replace the raise line"]),
        (counts_boards, ["returned 4, but the longest game from this board ends 3 moves below it",
                         "counts the boards on the way down"]),
        (counts_empty_cells, ["['X', 'X', 'X', 'O', 'O', 5, 6, 7, 8]) returned 4", "already over", "(X wins)",
                       "number of empty cells", "a win ends a game"]),
        (shortest, ["returned 1, but", "the shortest game", "max(...)"]),
        (no_base_case, ["['X', 1, 'O', 'X', 4, 'X', 'O', 'O', 8])", "ValueError", "answer 0 first"]),
        (plays_on_finished_boards, ["InvalidMove", "the game is over", "answer 0 first"]),
        (same_board_again, ["recursed without end", "not on the same board"]),
        (forgets_to_take_back, ["InvalidBoard", "take them all back", "game.play(board, move)"]),
        (lambda game, board: board.append(1) or 3, ["changed the board it was given"]),
        pytest.param(endless, ["ran for more than 0.5 s", "endless loop"], marks=pytest.mark.time_limit(0.5)),
        (no_return, ["returned None", "ends without return"]),
        (lambda game, board: "3", ["returned '3'", "without quotes"]),
        (3, ["should be a function"]),
        (..., ["still ..."]),
    ],
)
def test_deepest_not_yet(function, words):
    feedback = lesson01.check_deepest(function)
    assert not feedback
    text = said(feedback)
    assert text.startswith(NOT_YET)
    for word in words:
        assert word in text, (word, text)
