"""Lesson 09's checks and match: hand-checked values, the slips they name, junk in words, and the
match's claims checked against exact expectations computed here by brute force."""

import math
import random
from functools import lru_cache

import numpy as np
import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson09 as L


def test_ghost_tree_hand_checked():
    tree = L.ghost_tree()
    # By hand: ghost 2 takes min(10, -10) = -10 at h1, min(6, 2) = 2 at h2, min(-8, 4) = -8 at y1,
    # min(6, 3) = 3 at y2; ghost 1 takes min(-10, 2) = -10 (hall), min(-8, 3) = -8 (yard); Pacman -8.
    result = mv.minimax(tree, depth=tree.depth)
    assert (result.score, result.move) == (-8, "Right")
    assert L.check_ghost_value(-8).ok
    assert "two Min levels follow each other" in repr(L.check_ghost_value(6))   # ghost 2 taken as Max
    assert "expectimax value" in repr(L.check_ghost_value(2.0))


def test_dice_hand_checked():
    # die: 0.5 * 9 + 0.25 * 0 + 0.25 * -2 = 4.0; coin: (5 + 1) / 2 = 3; Max takes 4.
    assert mv.expectimax(L.DICE).score == 4.0
    assert L.check_dice_value(4).ok and L.check_dice_value(4.0).ok
    assert "plain mean" in repr(L.check_dice_value(7 / 3))
    assert "minimax value" in repr(L.check_dice_value(-2))
    assert not L.check_dice_value(3).ok


def test_unseen_leaf():
    # (1 + x) / 2 > 4  <=>  x > 7
    assert L.check_unseen_leaf(7.5).ok and L.check_unseen_leaf(100).ok
    assert not L.check_unseen_leaf(7).ok
    assert "(1 + x) / 2" in repr(L.check_unseen_leaf(2))
    assert "finite" in repr(L.check_unseen_leaf(math.inf))


@pytest.mark.parametrize("check", [L.check_ghost_value, L.check_dice_value, L.check_unseen_leaf])
@pytest.mark.parametrize("junk", [None, "3", [3], (3,), np.array([3.0]), float("nan"), True, ..., {"v": 3}])
def test_junk_gets_words(check, junk):
    feedback = check(junk)
    assert not feedback.ok
    assert "Not yet" in repr(feedback)


@lru_cache(maxsize=None)
def _expected(board: str, policy_moves: tuple, side: str) -> float:
    """Exact expected result (+1 win, -1 loss for `side`) of a fixed policy against a uniformly
    random opponent, written here independently: boards as 9-character strings."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    for a, b, c in lines:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return 1.0 if board[a] == side else -1.0
    empty = [i for i, ch in enumerate(board) if ch == "."]
    if not empty:
        return 0.0
    to_move = "X" if board.count("X") == board.count("O") else "O"
    policy = dict(policy_moves)
    if to_move == side:
        m = policy[board]
        return _expected(board[:m] + side + board[m + 1:], policy_moves, side)
    return sum(_expected(board[:m] + to_move + board[m + 1:], policy_moves, side) for m in empty) / len(empty)


def _policy(search, side):
    game = L.SideOf(side)
    table = {}

    def fill(state):
        if game.is_terminal(state):
            return
        text = "".join(ch if isinstance(ch, str) else "." for ch in game.board(state))
        if game.player(state) == side:
            if text not in table:
                table[text] = search(game, state)
                fill(game.play(state, table[text]))
        else:
            for m in game.moves(state):
                fill(game.play(state, m))

    fill(game.start())
    return tuple(sorted(table.items()))


@pytest.mark.slow
def test_expectimax_beats_minimax_on_average_as_o():
    mini = _expected("." * 9, _policy(L.minimax_player, "O"), "O")
    expo = _expected("." * 9, _policy(L.expectimax_player, "O"), "O")
    assert expo > mini
    # the package's own expectimax value of the start, seen from O, is this exact expectation
    assert math.isclose(mv.expectimax(L.SideOf("O"), record=False).score, expo)


@pytest.mark.slow
def test_match_claims():
    as_o = {name: L.play_match(p, side="O", games=200) for name, p in
            [("minimax", L.minimax_player), ("expectimax", L.expectimax_player)]}
    assert as_o["minimax"]["loss"] == 0          # perfect play never loses tic-tac-toe
    assert as_o["expectimax"]["win"] > as_o["minimax"]["win"]
    assert sum(as_o["minimax"].values()) == 200
    assert L.play_match(L.minimax_player, side="X", games=50)["loss"] == 0


def _positions_to_move(side: str, sample: int, seed: int) -> list:
    """Every position with 0 or 1 disc where ``side`` moves, and a seeded sample of the
    later ones, from a walk of the whole game."""
    game, seen, stack = mv.TicTacToe(), set(), [mv.TicTacToe().start()]
    while stack:
        state = stack.pop()
        if state not in seen and not game.is_terminal(state):
            seen.add(state)
            stack.extend(game.play(state, m) for m in game.moves(state))
    mine = sorted(s for s in seen if game.player(s) == side)
    early = [s for s in mine if len(game.moves(s)) >= 8]
    later = [s for s in mine if len(game.moves(s)) < 8]
    return early + random.Random(seed).sample(later, sample)


@pytest.mark.parametrize("side", ["X", "O"])
def test_the_players_move_as_the_package_searches(side):
    """minimax_player (found by alpha-beta) and expectimax_player (with the table) make the
    moves of the package's plain minimax and expectimax, first best included."""
    game = L.SideOf(side)
    positions = _positions_to_move(side, 150, seed=9)
    assert len(positions) == 150 + (1 if side == "X" else 9)
    for state in positions:
        assert L.minimax_player(game, state) == mv.minimax(game, state, record=False).move, state
        assert L.expectimax_player(game, state) == mv.expectimax(game, state, record=False).move, state


def test_expectimax_player_with_its_table_on_chance_nodes():
    """A tree with chance nodes: the player's table changes no move."""
    tree = mv.GameTree([["chance", 1, 9], ["chance", 4, 5]])
    assert L.expectimax_player(tree, tree.start()) == mv.expectimax(tree).move == 0


@pytest.mark.parametrize("options", [dict(side="x"), dict(games=0), dict(games=2.5)])
def test_match_options(options):
    with pytest.raises(mv.InvalidOption):
        L.play_match(L.minimax_player, **options)
