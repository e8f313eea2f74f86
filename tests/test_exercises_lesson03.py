"""Lesson 03's checks: "Right" for correct answers, useful words for the usual wrong ones."""

import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson03
from feedback_helpers import NOT_YET, RIGHT, said, stub


def test_found_by_name_from_the_package():
    assert mv.exercises.lesson03 is lesson03
    for name in lesson03.__all__:
        assert callable(getattr(lesson03, name))


# -- check_nodes_at_depth: the learner's nodes_at_depth(game, board, depth) -------------------
def nodes_at_depth(game, board, depth):
    if depth == 0:
        return 1
    return sum(nodes_at_depth(game, game.play(board, m), depth - 1) for m in game.moves(board))


def nodes_at_depth_checks_the_end(game, board, depth):
    """Asks is_terminal as well, and keeps a running total."""
    if depth == 0:
        return 1
    if game.is_terminal(board):
        return 0
    total = 0
    for move in game.moves(board):
        total += nodes_at_depth_checks_the_end(game, game.play(board, move), depth - 1)
    return total


def nodes_at_depth_level_by_level(game, board, depth):
    """No recursion: the whole level as a list of boards, one per move order."""
    level = [board]
    for _ in range(depth):
        level = [game.play(b, m) for b in level for m in game.moves(b)]
    return len(level)


def nodes_at_depth_tutorial_style(game, board, depth):
    """Writes a mark into the board and takes it back."""
    if depth == 0:
        return 1
    if game.is_terminal(board):
        return 0
    total, mark = 0, game.player(board)
    for m in game.moves(board):
        board[m] = mark
        total += nodes_at_depth_tutorial_style(game, board, depth - 1)
        board[m] = m
    return total


def finished_games_count_one(game, board, depth):
    """count_games's base case first: a game that ended sooner is counted at the depth asked."""
    if game.is_terminal(board) or depth == 0:
        return 1
    return sum(finished_games_count_one(game, game.play(board, m), depth - 1) for m in game.moves(board))


def free_cells_multiplied(game, board, depth):
    free = sum(1 for c in board if c not in ("X", "O"))
    total = 1
    for k in range(depth):
        total *= free - k
    return total


def every_level_down_to_depth(game, board, depth):
    if depth == 0:
        return 1
    return 1 + sum(every_level_down_to_depth(game, game.play(board, m), depth - 1) for m in game.moves(board))


def one_level_short(game, board, depth):
    if depth <= 1:
        return 1
    return sum(one_level_short(game, game.play(board, m), depth - 1) for m in game.moves(board))


def distinct_boards(game, board, depth):
    level = {game.key(board)}
    for _ in range(depth):
        level = {game.key(game.play(k, m)) for k in level for m in game.moves(k)}
    return len(level)


def never_stops(game, board, depth):
    return sum(never_stops(game, game.play(board, m), depth - 1) for m in game.moves(board)) + (depth == 0)


def depth_never_shrinks(game, board, depth):
    if depth == 0:
        return 1
    return sum(depth_never_shrinks(game, board, depth) for m in game.moves(board))


@pytest.mark.parametrize("function", [nodes_at_depth, nodes_at_depth_checks_the_end,
                                      nodes_at_depth_level_by_level, nodes_at_depth_tutorial_style])
def test_nodes_at_depth_right(function):
    feedback = lesson03.check_nodes_at_depth(function)
    assert feedback and said(feedback).startswith(RIGHT), said(feedback)
    assert "3,024 nodes at depth 4" in said(feedback) and "9 × 8 × 7 × 6" in said(feedback)


def test_nodes_at_depth_cases_match_a_count_written_here():
    """The truth from outside: the level, move order by move order, on strings."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def level(board: str, depth: int) -> int:
        if depth == 0:
            return 1
        if any(board[a] != "." and board[a] == board[b] == board[c] for a, b, c in lines):
            return 0
        mark = "X" if board.count("X") == board.count("O") else "O"
        return sum(level(board[:i] + mark + board[i + 1:], depth - 1) for i, c in enumerate(board) if c == ".")

    game = mv.TicTacToe()
    counts = [level(game.string(board), depth) for board, depth in lesson03.DEPTH_CASES]
    assert counts == [3024, 1, 16, 60, 1, 0, 192, 0, 2172]
    assert lesson03.check_nodes_at_depth(lambda game, board, depth: level(game.string(board), depth))


def test_nodes_at_depth_4_matches_the_recorded_tree():
    tree = mv.minimax(mv.TicTacToe()).tree
    assert sum(1 for node in tree.nodes if node.depth == 4) == 3024


@pytest.mark.parametrize(
    "function, words",
    [
        (stub, ["[0, 1, 2, 3, 4, 5, 6, 7, 8], 4)", "still the stub"]),
        (lambda game, board, depth: 9 ** depth, ["returned 6561", "already taken"]),
        (lambda game, board, depth: 126, ["move orders"]),
        (finished_games_count_one, ["'XO..X.O..'", "returned 17, but the tree has 16 nodes 2 plies below",
                                    "a game that ended sooner"]),
        (free_cells_multiplied, ["returned 20, but the tree has 16", "multiplies the free cells"]),
        (every_level_down_to_depth, ["returned 3610", "every node from depth 0"]),
        (one_level_short, ["returned 504", "the level above"]),
        (distinct_boards, ["returned 756", "different boards"]),
        pytest.param(never_stops, ["ran for more than 0.5 s", "as soon as depth is 0"], marks=pytest.mark.time_limit(0.5)),
        (depth_never_shrinks, ["recursed without end", "depth - 1"]),
        (lambda game, board, depth: None, ["returned None", "without return"]),
        (lambda game, board, depth: "3024", ["returned '3024'", "without quotes"]),
        (lambda game, board, depth: [3024], ["not a list holding it"]),
        (3024, ["should be a function"]),
    ],
)
def test_nodes_at_depth_not_yet(function, words):
    feedback = lesson03.check_nodes_at_depth(function)
    assert not feedback
    text = said(feedback)
    assert text.startswith(NOT_YET), text
    for word in words:
        assert word in text, (word, text)


# -- the learner's functions: right and wrong ones ------------------------------------------
def count_games(game, board):
    if game.is_terminal(board):
        return 1
    return sum(count_games(game, game.play(board, m)) for m in game.moves(board))


def count_games_tutorial_style(game, board):
    """Places a mark on the board it is given and takes it back, as the tutorial does."""
    if game.is_terminal(board):
        return 1
    total, mark = 0, game.player(board)
    for m in game.moves(board):
        board[m] = mark
        total += count_games_tutorial_style(game, board)
        board[m] = m
    return total


def count_calls(game, board):
    return 1 + sum(count_calls(game, game.play(board, m)) for m in game.moves(board))


def count_inner(game, board):
    if game.is_terminal(board):
        return 0
    return 1 + sum(count_inner(game, game.play(board, m)) for m in game.moves(board))


def positions(game, board, *, finished=True, unfinished=True):
    seen, order = set(), []

    def visit(b):
        if game.key(b) in seen:
            return
        seen.add(game.key(b))
        order.append(b)
        for m in game.moves(b):
            visit(game.play(b, m))

    visit(board)
    return sum(1 for b in order if (finished if game.is_terminal(b) else unfinished))


def count_positions(game, board):
    return positions(game, board)


def count_finished_positions_too(game, board):
    """A second right answer: a set of strings, breadth first."""
    level, seen = [board], {game.string(board)}
    while level:
        level = [game.play(b, m) for b in level for m in game.moves(b)]
        level = [b for b in level if game.string(b) not in seen and not seen.add(game.string(b))]
    return len(seen)


# -- check_count_games ---------------------------------------------------------------------
@pytest.mark.parametrize("function", [count_games, count_games_tutorial_style])
def test_count_games_right(function):
    feedback = lesson03.check_count_games(function)
    assert feedback and said(feedback).startswith(RIGHT)


@pytest.mark.parametrize(
    "function, words",
    [
        (stub, "still the stub"),
        (count_calls, "number of calls"),
        (count_inner, "inner nodes"),
        (count_positions, "do not skip boards already seen"),
        (lambda game, board: count_games(game, board) - 1, "one short"),
        (lambda game, board: float("nan"), "whole number"),
        (lambda game, board: None, "whole number"),
        (lambda game, board: len(game.moves(board)), "mv.minimax"),
        (lambda game, board: [][0], "IndexError"),
        (lambda game: 0, "TypeError"),
        (42, "should be a function"),
    ],
)
def test_count_games_not_yet(function, words):
    feedback = lesson03.check_count_games(function)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback), said(feedback)


def test_count_games_reports_the_board_and_the_answer():
    text = said(lesson03.check_count_games(count_calls))
    assert "count_games(game, ['X', 'O', 2, 3, 'X', 5, 'O', 7, 8])" in text
    assert "returned 182" in text and "79 different games" in text


def test_a_recursion_that_never_stops_is_explained():
    def forever(game, board):
        return forever(game, board)

    text = said(lesson03.check_count_games(forever))
    assert text.startswith(NOT_YET) and "never stopped" in text


# -- check_count_positions -------------------------------------------------------------------
@pytest.mark.parametrize("function", [count_positions, count_finished_positions_too])
def test_count_positions_right(function):
    feedback = lesson03.check_count_positions(function)
    assert feedback and said(feedback).startswith(RIGHT)
    assert "5,478" in said(feedback)


@pytest.mark.parametrize(
    "function, words",
    [
        (stub, "still the stub"),
        (count_calls, "keep a set of game.key(board)"),
        (count_games, "finished games (leaves)"),
        (lambda game, board: positions(game, board, finished=False), "finished boards"),
        (lambda game, board: positions(game, board, unfinished=False), "only the finished boards"),
        (lambda game, board: positions(game, board) - 1, "the board you start from counts too"),
        (lambda game, board: positions(game, board) + 1, "counted twice"),
        (lambda game, board: "9", "whole number"),
    ],
)
def test_count_positions_not_yet(function, words):
    feedback = lesson03.check_count_positions(function)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback), said(feedback)


def test_count_positions_wrong_only_on_the_empty_board():
    def almost(game, board):
        n = count_positions(game, board)
        return 5477 if n == 5478 else n

    text = said(lesson03.check_count_positions(almost))
    assert "returned 5477" in text and "5,478 distinct positions" in text and "one short" in text


def test_the_learners_function_gets_a_copy_of_the_board():
    def spoil(game, board):
        board[:] = ["X"] * 9
        return 0

    before = [list(b) for b in lesson03.POSITIONS_BOARDS]
    assert not lesson03.check_count_positions(spoil)
    assert [list(b) for b in lesson03.POSITIONS_BOARDS] == before


def test_count_games_that_skips_finished_boards_seen_before_is_told_so():
    """The common slip: a set of finished boards, so two games ending on one board count once."""
    from minimax_viz.exercises import lesson03

    def count_games(game, board):
        finished = set()

        def walk(board):
            if game.is_terminal(board):
                finished.add(game.key(board))
                return
            for move in game.moves(board):
                walk(game.play(board, move))

        walk(board)
        return len(finished)

    text = repr(lesson03.check_count_games(count_games))
    assert text.startswith("Not yet: ") and "returned 26" in text
    assert "distinct finished boards" in text and "two games" in text


def test_count_positions_with_a_list_in_a_set_is_told_to_use_a_key():
    from minimax_viz.exercises import lesson03

    def count_positions(game, board):
        seen = set()

        def visit(board):
            if board not in seen:
                seen.add(board)  # a list: unhashable
                for move in game.moves(board):
                    visit(game.play(board, move))

        visit(board)
        return len(seen)

    text = repr(lesson03.check_count_positions(count_positions))
    assert text.startswith("Not yet: ") and "unhashable" in text
    assert "game.key(board)" in text and "tuple(board)" in text


def test_the_tree_size_is_what_minimax_calls_and_ends_in():
    """The check's counts, made position by position, are a whole minimax's calls and leaves."""
    from minimax_viz.exercises.lesson03 import _tree_size

    game = mv.TicTacToe()
    for board in [None, "X........", "X...O....", "XO..X.O..", "XOXOXO..."]:
        found = mv.minimax(game, board, record=False).stats
        assert _tree_size(game, board) == (found.calls, found.leaves), board
    tree = mv.GameTree([[3, [12, 8]], [2, 4, 6]])
    found = mv.minimax(tree, record=False).stats
    assert _tree_size(tree, None) == (found.calls, found.leaves) == (10, 6)   # root, 3 inner, 6 leaves
