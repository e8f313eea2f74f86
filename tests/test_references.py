"""The benchmarks' reference searches agree with the package on seeded positions.

The references (``benchmarks/references.py``) are written apart from the package, for
speed alone; the benchmarks time the package against them, so they must solve the same
problems: the same values on every position tried here.
"""

import importlib.util
from pathlib import Path

import pytest

import minimax_viz as mv
from positions import seeded_positions

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "references.py"
_SPEC = importlib.util.spec_from_file_location("references", _PATH)
references = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(references)


def test_tic_tac_toe_negamax_visits_the_whole_game_tree():
    calls = 0
    original = references.ttt_negamax

    def counted(me, them):
        nonlocal calls
        calls += 1
        return original(me, them)

    references.ttt_negamax = counted
    try:
        assert references.ttt_negamax(0, 0) == 0
    finally:
        references.ttt_negamax = original
    assert calls == 549_946   # the tic-tac-toe game tree's nodes, the root included


def test_tic_tac_toe_negamax_agrees_with_minimax_on_seeded_positions():
    game = mv.TicTacToe()
    positions = seeded_positions(game, seed=14, count=200, plies=range(2, 8))
    for code in positions:
        assert references.ttt_value(code) == mv.minimax(game, code, record=False).score, game.to_text(code)


SOLVER_CHECKS = [{}, {"win_check": True}, {"win_check": True, "narrow": True}]


@pytest.mark.parametrize("checks", SOLVER_CHECKS, ids=["plain", "win_check", "narrow"])
@pytest.mark.parametrize("rows, cols, empty, count", [(6, 7, range(6, 13), 100), (4, 5, range(5, 12), 100)])
def test_pons_solver_agrees_with_exact_connect_four_end_games(rows, cols, empty, count, checks):
    game = mv.ConnectFour(rows=rows, cols=cols)
    solver = references.PonsSolver(rows, cols, table_size=4099)
    size = rows * cols
    plies = [size - e for e in empty]
    for code in seeded_positions(game, seed=rows * cols, count=count, plies=plies):
        x, o = code & game._low, code >> game._shift
        quick = mv.alphabeta(
            game, code, order=mv.centre_first, memo=True, quick_wins=True, record=False, **checks
        ).score
        expected = references.pons_from_quick(quick, x.bit_count() == o.bit_count())
        assert solver.solve_code(game, code) == expected, game.to_text(code)


@pytest.mark.parametrize("value, x_to_move, pons", [
    (36, True, 18),    # X wins with its 4th disc, played onto 6 discs: 22 - 4
    (-35, False, 18),  # O to move wins with its 4th disc, onto 7 discs: 22 - 4
    (-35, True, -18),  # ... and for X, to move before it, that is a loss
    (1, True, 1), (0, False, 0), (2, False, -1),
])
def test_quick_win_scores_map_to_pons_scores(value, x_to_move, pons):
    assert references.pons_from_quick(value, x_to_move) == pons
