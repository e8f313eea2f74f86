"""The lean engine records the same trees as a plain search written here, from scratch.

The reference below is alpha-beta (and minimax) as a textbook writes it: one recursive
function, the moves in the given order, every skipped child listed as a stub with the
window at the cut. Every recorded row (parent, move, kind, score, the window at entry and
at return) must match it, for the tic-tac-toe tables, for a game without tables, and
for ``centre_first`` read from the game's ``successors_by_priority`` (a table look-up in
tic-tac-toe) against the same order applied by a plain order function.
"""

from __future__ import annotations

import math
import random

import pytest

import minimax_viz as mv
from minimax_viz import GameTree, TicTacToe, alphabeta, centre_first, minimax
from minimax_viz.games.base import Game

INF = math.inf


def reference(game, state, *, window: bool, on_equal: bool = True, order=None):
    """Pre-order rows ``[parent, move, kind, score, alpha, beta, alpha_out, beta_out]``
    of a textbook minimax (``window=False``) or alpha-beta search."""
    rows = []

    def visit(state, alpha, beta, parent, move):
        index = len(rows)
        over = game.outcome(state)
        if over is not None:
            rows.append([parent, move, "leaf", over, alpha, beta, alpha, beta])
            return over
        rows.append([parent, move, "call", None, alpha, beta, None, None])
        is_max = game.node_type(state) == "max"
        pairs = list(game.successors(state))
        if order is not None:
            pairs.sort(key=lambda pair: -order(state, pair[0]))   # stable: ties keep move order
        best = -INF if is_max else INF
        for i, (m, child) in enumerate(pairs):
            v = visit(child, alpha, beta, index, m)
            if is_max:
                best = v if v > best else best
                if window:
                    alpha = max(alpha, best)
                stop = window and (best >= beta if on_equal else best > beta)
            else:
                best = v if v < best else best
                if window:
                    beta = min(beta, best)
                stop = window and (best <= alpha if on_equal else best < alpha)
            if stop:
                rows.extend([index, m2, "pruned", None, alpha, beta, alpha, beta] for m2, _ in pairs[i + 1:])
                break
        rows[index][3], rows[index][6], rows[index][7] = best, alpha, beta
        return best

    visit(state, -INF, INF, -1, None)
    return rows


def recorded(tree):
    rows = []
    for node in tree.nodes:
        parent = node.parent
        rows.append([-1 if parent is None else parent.index, node.move, node.kind, node.score,
                     node.alpha, node.beta, node.alpha_out, node.beta_out])
    return rows


def without_window(rows):
    return [row[:4] + [None] * 4 for row in rows]


def tictactoe_positions(count: int, seed: int = 14) -> list[int]:
    """Seeded positions a few moves into a game (still on), plus the tutorial's."""
    game, rng = TicTacToe(), random.Random(seed)
    found = [game.state(TicTacToe.TUTORIAL_BOARD)]
    while len(found) < count:
        code = 0
        for _ in range(rng.randint(1, 6)):
            code = rng.choice(game.successors(code))[1]
            if game.outcome(code) is not None:
                break
        if game.outcome(code) is None:
            found.append(code)
    return found


@pytest.mark.parametrize("code", tictactoe_positions(12))
@pytest.mark.parametrize("on_equal", [True, False])
def test_alphabeta_records_the_textbook_rows(code, on_equal):
    game = TicTacToe()
    result = alphabeta(game, code, prune_on_equal=on_equal)
    want = reference(game, code, window=True, on_equal=on_equal)
    assert recorded(result.tree) == want
    assert result.stats.calls == sum(row[2] != "pruned" for row in want)
    assert result.stats.pruned == sum(row[2] == "pruned" for row in want)


@pytest.mark.parametrize("code", tictactoe_positions(6, seed=5))
def test_centre_first_records_the_textbook_rows(code):
    game = TicTacToe()
    result = alphabeta(game, code, order=centre_first)
    assert recorded(result.tree) == reference(game, code, window=True, order=game.move_priority)


@pytest.mark.parametrize("code", tictactoe_positions(6, seed=9))
def test_minimax_records_the_textbook_rows(code):
    game = TicTacToe()
    assert recorded(minimax(game, code).tree) == without_window(reference(game, code, window=False))


def test_alphabeta_from_the_empty_board_records_the_textbook_tree():
    game = TicTacToe()
    result = alphabeta(game)
    want = reference(game, 0, window=True)
    assert result.stats.calls == 18_297   # alpha-beta in cell order (AIMA's rule, cut on equal)
    assert recorded(result.tree) == want


def test_aima_figure_5_2_with_the_textbook():
    game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = alphabeta(game)
    assert result.score == 3 and recorded(result.tree) == reference(game, (), window=True)


class Sticks(Game):
    """Take 1, 2 or 3 sticks; whoever takes the last one wins (a game without tables).

    The state is ``(sticks left, Max to move)``; ``move_priority`` depends on the state:
    the move that leaves a multiple of 4 comes first, the others tie."""

    max_player, min_player = "A", "B"

    def start(self):
        return (7, True)

    def state(self, value=None):
        return self.start() if value is None else value

    def player(self, state):
        return "A" if state[1] else "B"

    def moves(self, state):
        return tuple(m for m in (1, 2, 3) if m <= state[0])

    def play(self, state, move):
        return (state[0] - move, not state[1])

    def is_terminal(self, state):
        return state[0] == 0

    def utility(self, state):
        return -1 if state[1] else 1   # the player who just moved took the last stick

    def move_priority(self, state, move):
        return 1 if (state[0] - move) % 4 == 0 else 0


def test_the_default_hook_sorts_by_priority_keeping_move_order_on_ties():
    game = Sticks()
    assert [m for m, _ in game.successors_by_priority((7, True))] == [3, 1, 2]
    assert [m for m, _ in game.successors_by_priority((8, True))] == [1, 2, 3]   # all tie
    assert game.successors_by_priority((2, False)) == ((2, (0, True)), (1, (1, True)))


@pytest.mark.parametrize("sticks", [5, 7, 9])
@pytest.mark.parametrize("on_equal", [True, False])
def test_centre_first_on_a_game_without_tables(sticks, on_equal):
    game = Sticks()
    result = alphabeta(game, (sticks, True), order=centre_first, prune_on_equal=on_equal)
    want = reference(game, (sticks, True), window=True, on_equal=on_equal, order=game.move_priority)
    assert recorded(result.tree) == want
    assert result.score == (1 if sticks % 4 else -1)   # a multiple of 4 loses for the mover


def test_the_tictactoe_table_answers_as_the_default_for_every_position():
    game, seen, todo = TicTacToe(), {0}, [0]
    while todo:
        code = todo.pop()
        assert game.successors_by_priority(code) == Game.successors_by_priority(game, code)
        for _, child in game.successors(code):
            if child not in seen:
                seen.add(child)
                todo.append(child)
    assert len(seen) == 5_478   # tic-tac-toe's positions


def a_plain_centre_first(game, state, moves):
    """centre_first as any user order: the search takes its general path for it."""
    return centre_first(game, state, moves)


@pytest.mark.parametrize("make", [TicTacToe, mv.ConnectFour])
@pytest.mark.parametrize("memo", [False, True])
def test_the_centre_first_fast_path_searches_as_the_general_path(make, memo):
    game = make()
    depth = None if make is TicTacToe else 4
    fast = alphabeta(game, order=centre_first, memo=memo, depth=depth)
    plain = alphabeta(game, order=a_plain_centre_first, memo=memo, depth=depth)
    assert fast.stats == plain.stats and (fast.score, fast.move) == (plain.score, plain.move)
    assert fast.tree.text(limit=5_000) == plain.tree.text(limit=5_000)
    assert list(fast.tree.columns().move) == list(plain.tree.columns().move)
