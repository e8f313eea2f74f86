"""The exported file in Kaggle's own ConnectX environment (kaggle-environments, in .venv-arena):
the reference (mv.deepening_player, written as the file's own search) never plays an illegal
move and never times out, wins every game of a seeded series against ConnectX's random agent
and scores at least even against its negamax agent; a learner's player written by lesson 10's
recipe plays legal moves to the end. Each game is refereed by ConnectX itself."""

from __future__ import annotations

import pytest

import minimax_viz as mv
import arena_players as P
from arena_helpers import run_arena

pytestmark = pytest.mark.slow

#: ConnectX's actTimeout (its default): a move that takes longer eats into the overage time.
ACT_TIMEOUT = 2


def series(path, opponent, games, seed):
    played = run_arena("series", str(path), opponent, "--games", str(games), "--seed", str(seed))
    assert [g["first"] for g in played] == [i % 2 == 0 for i in range(games)]
    return played


def assert_clean(played):
    """No illegal move, error or timeout; every move within actTimeout; the player chose every move itself."""
    for g in played:
        assert g["status"] == "DONE" and g["reward"] is not None, g
        assert g["stderr"] == "", g["stderr"]
        assert g["durations"] and max(g["durations"]) < ACT_TIMEOUT, g["durations"]
        assert replayed_result(g["moves"], g["first"]) == g["reward"], g


def replayed_result(moves, first):
    """The game replayed in mv.ConnectFour: each move legal, over at the last one and not
    before; +1 when the agent (first or not) won, -1 when it lost, 0 a draw."""
    game = mv.ConnectFour()
    state = game.start()
    for move in moves:
        assert not game.is_terminal(state) and move in game.moves(state), moves
        state = game.play(state, move)
    assert game.is_terminal(state), moves
    return game.utility(state) * (1 if first else -1)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    path = tmp_path_factory.mktemp("arena") / "reference.py"
    mv.connectx_agent(mv.deepening_player, path)
    return path


def test_the_reference_wins_every_game_against_connectx_random(reference):
    played = series(reference, "random", 4, seed=1)
    assert_clean(played)
    assert [g["reward"] for g in played] == [1, 1, 1, 1]


def test_the_reference_scores_at_least_even_against_connectx_negamax(reference):
    played = series(reference, "negamax", 2, seed=2)
    assert_clean(played)
    rewards = [g["reward"] for g in played]
    assert rewards.count(1) + rewards.count(0) / 2 >= len(played) / 2, rewards


def test_a_learners_recipe_player_plays_legal_moves_to_the_end(tmp_path):
    path = tmp_path / "my_player.py"
    mv.connectx_agent(P.my_player, path, seconds=0.3)
    played = series(path, "random", 2, seed=3)
    assert_clean(played)
    for g in played:   # the game ran to ConnectX's end: a win, or a full board
        assert g["reward"] != 0 or len(g["moves"]) == 42
