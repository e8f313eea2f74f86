"""Truth from outside: a thousand seeded random games stepped through Kaggle's own ConnectX
environment (kaggle-environments, in .venv-arena), then played move by move in
mv.ConnectFour: every move is legal in both, the game goes on in both until ConnectX ends it,
and both name the same winner (or a draw)."""

from __future__ import annotations

import pytest

import minimax_viz as mv
from arena_helpers import run_arena

pytestmark = pytest.mark.slow


def test_mv_connect_four_agrees_with_connectx_on_a_thousand_random_games():
    games = run_arena("random-games", "1000", "--seed", "11")
    assert len(games) == 1000
    game, seen = mv.ConnectFour(), {1: 0, -1: 0, 0: 0}
    for played in games:
        moves, (first, second) = played["moves"], played["rewards"]
        state = game.start()
        for move in moves:
            assert not game.is_terminal(state), moves   # ConnectX still wanted a move here
            assert move in game.moves(state), moves
            state = game.play(state, move)
        assert game.is_terminal(state), moves           # ConnectX ended the game here
        assert (first, second) in ((1, -1), (-1, 1), (0, 0)), played
        assert game.utility(state) == first, moves
        seen[first] += 1
    assert all(seen.values()), seen   # the series holds wins for each side and a draw
