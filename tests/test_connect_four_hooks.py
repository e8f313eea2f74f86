"""Connect Four's one-pass hooks answer as the rules do, checked by brute force written here.

``solver_facts`` (the win check's three answers at once), ``quick_outcome`` (a finished
game scored for ``quick_wins``) and ``key_is_state`` are what the solver calls at every
node; the brute force below drops each disc on the public board and looks for four in a
row cell by cell, on every board size from 4 x 4 up to a few large ones.
"""

from __future__ import annotations

import random

import pytest

import minimax_viz as mv
from minimax_viz import ConnectFour
from minimax_viz.games.base import Game

SIZES = [(4, 4), (4, 5), (5, 4), (6, 7), (7, 6), (9, 9), (16, 4), (16, 9)]


def has_four(rows: list[str], mark: str) -> bool:
    height, width = len(rows), len(rows[0])
    for r in range(height):
        for c in range(width):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= y < height and 0 <= x < width and rows[y][x] == mark for y, x in cells):
                    return True
    return False


def drop(rows: list[str], column: int, mark: str) -> list[str] | None:
    """The board after ``mark`` falls into ``column`` (None when it is full)."""
    for r in reversed(range(len(rows))):
        if rows[r][column] == ".":
            return rows[:r] + [rows[r][:column] + mark + rows[r][column + 1:]] + rows[r + 1:]
    return None


def completing(rows: list[str], mark: str) -> tuple[int, ...]:
    return tuple(
        c for c in range(len(rows[0]))
        if (after := drop(rows, c, mark)) is not None and has_four(after, mark)
    )


def positions(game: ConnectFour, count: int, seed: int) -> list[int]:
    """Random unfinished positions of every length."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        code = game.start()
        for _ in range(rng.randint(0, game.rows * game.cols - 1)):
            children = game.successors(code)
            if not children:
                break
            code = rng.choice(children)[1]
        if game.outcome(code) is None:
            found.append(code)
    return found


@pytest.mark.parametrize("rows, cols", SIZES)
def test_solver_facts_answers_as_brute_force(rows, cols):
    game = ConnectFour(rows=rows, cols=cols)
    for code in positions(game, 60, seed=rows * 10 + cols):
        board = game.board(code)
        mover = game.player(code)
        other = "O" if mover == "X" else "X"
        wins, blocks = completing(board, mover), completing(board, other)
        left = sum(row.count(".") for row in board)
        for quick in (True, False):
            most = 0 if left < 3 else (left - 2 if quick else 1)
            expected = (wins, None, ()) if wins else ((), most if mover == "X" else -most, blocks)
            assert game.solver_facts(code, quick_wins=quick) == expected, game.to_text(code)
            # and the same as the three hooks one by one (the base class's default)
            assert Game.solver_facts(game, code, quick_wins=quick) == expected


@pytest.mark.parametrize("rows, cols", SIZES)
def test_quick_outcome_scales_the_outcome_by_the_cells_left(rows, cols):
    game = ConnectFour(rows=rows, cols=cols)
    rng = random.Random(rows * cols)
    for _ in range(80):
        code = game.start()
        while game.outcome(code) is None:
            code = rng.choice(game.successors(code))[1]
            board = game.board(code)
            left = sum(row.count(".") for row in board)
            won = 1 if has_four(board, "X") else -1 if has_four(board, "O") else 0
            expected = won * (1 + left) if won or not left else None
            assert game.quick_outcome(code) == expected
            assert Game.quick_outcome(game, code) == expected


@pytest.mark.parametrize("make", [ConnectFour, mv.TicTacToe])
def test_key_is_state_holds_for_the_search_states(make):
    game, rng = make(), random.Random(7)
    assert game.key_is_state
    for _ in range(50):
        state = game.start()
        while game.outcome(state) is None:
            state = rng.choice(game.successors(state))[1]
            assert game.key(state) == state


def test_a_memo_search_keyed_by_the_state_counts_as_one_keyed_by_key():
    class Keyed(ConnectFour):
        key_is_state = False   # the search calls key() at every node

    code = ConnectFour().state("4453")
    plain = mv.alphabeta(ConnectFour(), code, depth=6, memo=True, order=mv.centre_first, record=False)
    keyed = mv.alphabeta(Keyed(), code, depth=6, memo=True, order=mv.centre_first, record=False)
    assert plain.stats == keyed.stats and (plain.score, plain.move) == (keyed.score, keyed.move)
    assert plain.stats.hits > 0


def test_a_subclass_with_its_own_key_is_keyed_by_it():
    """A key that folds mirror images together answers more positions from the table, so
    the search makes fewer calls: it used that key, not the state."""
    class Mirrored(ConnectFour):
        def key(self, state):
            board = self.board(state)
            return min(tuple(board), tuple(row[::-1] for row in board))

    code = ConnectFour().state("44")   # a symmetric position: mirror images meet below it
    plain = mv.alphabeta(ConnectFour(), code, depth=6, memo=True, record=False)
    mirrored = mv.alphabeta(Mirrored(), code, depth=6, memo=True, record=False)
    assert mirrored.stats.calls < plain.stats.calls
    assert mirrored.score == plain.score


def test_open_successors_are_the_successors_of_every_game_still_on_and_leave_no_state():
    """The search asks ``open_successors`` once ``outcome`` is None: the same pairs as
    ``successors``, worked out from the board alone (nothing kept on the game between calls),
    while ``successors`` of a finished game stays empty."""
    rng = random.Random(3)
    for rows, cols in SIZES[:4]:
        game = ConnectFour(rows=rows, cols=cols)
        before = dict(vars(game))
        for _ in range(30):
            code = game.start()
            while game.outcome(code) is None:
                assert game.open_successors(code) == game.successors(code)
                assert game.open_successors_by_priority(code) == game.successors_by_priority(code)
                code = rng.choice(game.successors(code))[1]
            assert game.successors(code) == () and game.successors_by_priority(code) == ()
        assert vars(game) == before


def test_a_subclass_with_its_own_successors_is_searched_with_them():
    """``open_successors`` is the search's fast form of ``successors``: a subclass that gives
    its own ``successors`` (here: the columns right to left) is searched with those."""
    class RightToLeft(ConnectFour):
        def successors(self, state):
            return tuple(reversed(super().successors(state)))

    class Counting(ConnectFour):
        asked = 0

        def successors(self, state):
            Counting.asked += 1
            return super().successors(state)

    code = ConnectFour().state("4453")
    plain = mv.alphabeta(ConnectFour(), code, depth=4, record=False)
    mirrored = mv.alphabeta(RightToLeft(), code, depth=4, record=False)
    assert mirrored.stats.calls != plain.stats.calls and mirrored.score == plain.score
    counted = mv.alphabeta(Counting(), code, depth=4, record=False)
    assert Counting.asked == counted.stats.calls - counted.stats.leaves   # once per inner node


def test_the_kept_guesses_are_the_heuristics_and_a_subclass_keeps_its_own():
    """evaluate keeps its guesses by code, shared by the games of one size: asked again, or
    by another game of that size, it gives points / max_points still; a subclass with its
    own points is never answered from them."""
    class Doubled(ConnectFour):
        def points(self, state):
            return 2 * super().points(state)

    rng = random.Random(11)
    game, other, doubled = ConnectFour(), ConnectFour(), Doubled()
    for _ in range(40):
        code = game.start()
        while game.outcome(code) is None:
            for ask in (game, other, game):
                assert ask.evaluate(code) == game.points(code) / game.max_points
            assert doubled.evaluate(code) == 2 * game.points(code) / game.max_points
            code = rng.choice(game.successors(code))[1]
        assert game.evaluate(code) == game.outcome(code)
    small = ConnectFour(rows=4, cols=5)
    code = small.state("3")
    assert small.evaluate(code) == small.points(code) / small.max_points != game.evaluate(game.state("3"))


def test_play_after_moves_is_play():
    """moves() keeps the children it found, which play then looks up: the same codes as the
    rules give, and a full column or a finished game is still refused in words."""
    rng = random.Random(12)
    game, fresh = ConnectFour(rows=5, cols=6), ConnectFour(rows=5, cols=6)
    for _ in range(30):
        code = game.start()
        while game.outcome(code) is None:
            moves = game.moves(code)
            for m in moves:
                fresh.moves(fresh.start())   # the other game's last position is another one
                assert game.play(code, m) == fresh.play(code, m)
            code = game.play(code, rng.choice(moves))
    full = game.state("1" * 5)
    game.moves(full)
    with pytest.raises(mv.InvalidMove, match="column 0 is full"):
        game.play(full, 0)
    won = game.state("1212121")
    game.moves(won)
    with pytest.raises(mv.InvalidMove, match="the game is over"):
        game.play(won, 3)


def test_boards_as_rows_are_read_as_the_rules_give_them_checked_or_remembered():
    """A board given as rows is checked once and then remembered, with the boards play
    returns: the codes are those of the moves played, and a board the rules cannot reach
    is still refused in words."""
    rng = random.Random(13)
    game = ConnectFour(rows=5, cols=5)
    for _ in range(20):
        moves, board = "", game.board(game.start())
        while game.outcome(game.state(moves)) is None:
            column = rng.choice(game.moves(board))
            board, moves = game.play(board, column), moves + str(column + 1)
            assert game.state(board) == game.state(list(board)) == game.state(moves)
    with pytest.raises(mv.InvalidBoard, match="O is never ahead"):
        game.state(["....."] * 4 + ["O...."])
    floating = ["....."] * 3 + ["X...."] + ["....."]   # a disc over an empty cell
    with pytest.raises(mv.InvalidBoard):
        game.state(floating)
    with pytest.raises(mv.InvalidBoard):
        game.state(floating)   # refused again: a refused board is never remembered
