"""Iterative deepening: budgets, progress, a clean stop on Ctrl-C, and exact end-games."""

import time

import pytest

import minimax_viz as mv
from minimax_viz import ConnectFour, GameTree, InvalidOption, TicTacToe, iterative_deepening

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
SAME = dict(order=mv.centre_first, memo=True, quick_wins=True, record=False)


@pytest.fixture(scope="module")
def c4():
    return ConnectFour()


def test_each_depth_reports_progress_and_the_last_one_answers(c4):
    rows = []
    result = iterative_deepening(c4, "4455", max_depth=5, seconds=None,
                                 progress=lambda *row: rows.append(row))
    assert [r[0] for r in rows] == [1, 2, 3, 4, 5]
    calls = [r[1] for r in rows]
    assert calls == sorted(calls) and calls[-1] == result.stats.calls
    assert rows[-1][2:] == (result.move, result.score)
    assert result.depth == 5 and not result.interrupted
    fixed = mv.alphabeta(c4, "4455", depth=5, **SAME)
    assert (result.score, result.move) == (fixed.score, fixed.move)


def test_a_call_budget_keeps_the_last_completed_depth(c4):
    result = iterative_deepening(c4, seconds=None, max_calls=3_000)
    assert result.stats.calls <= 3_000
    assert 1 <= result.depth and not result.solved and not result.interrupted
    fixed = mv.alphabeta(c4, depth=result.depth, **SAME)
    assert (result.score, result.move) == (fixed.score, fixed.move)
    more = iterative_deepening(c4, seconds=None, max_calls=30_000)
    assert more.depth > result.depth


def test_the_time_budget_is_kept_from_any_position(c4):
    for moves in ("", "4455", "3432", "44444413"):
        start = time.perf_counter()
        result = iterative_deepening(c4, moves, seconds=0.5)
        elapsed = time.perf_counter() - start
        # generous (a shared machine's pauses are not the search's): a search the clock did not
        # stop would search Connect Four to the end, for hours
        assert elapsed < 10, (moves, elapsed)
        assert result.move in c4.moves(moves) and result.depth >= 3


def test_ctrl_c_returns_the_last_completed_depth(c4):
    # A heuristic that raises KeyboardInterrupt stands in for Ctrl-C in the middle of
    # depth 5: the answer is depth 4's, marked as interrupted, with no traceback.
    def evaluate(board):
        if len(seen) == 3:
            raise KeyboardInterrupt
        return c4.evaluate(board)

    seen = []
    result = iterative_deepening(c4, seconds=None, evaluate=evaluate,
                                 progress=lambda depth, *_: seen.append(depth) if depth >= 2 else None)
    assert result.interrupted and result.depth == 4
    fixed = mv.alphabeta(c4, depth=4, **SAME)
    assert (result.score, result.move) == (fixed.score, fixed.move)
    assert result.stats.calls > fixed.stats.calls  # depth 5's calls before the stop count too
    assert "interrupted=True" in repr(result)


def test_ctrl_c_in_the_progress_callback_keeps_that_depth(c4):
    def stop_at_3(depth, calls, move, score):
        if depth == 3:
            raise KeyboardInterrupt

    result = iterative_deepening(c4, seconds=None, progress=stop_at_3)
    assert result.interrupted and result.depth == 3


def test_ctrl_c_during_depth_1_gives_the_first_move_in_search_order(c4):
    # The first guess (depth 0: the heuristic, and the first move in the search order)
    # is ready before any search starts; Ctrl-C during depth 1 returns it.
    def evaluate(board):
        calls.append(board)
        if len(calls) > 1:
            raise KeyboardInterrupt
        return 0.25

    calls = []
    result = iterative_deepening(c4, "44", seconds=None, evaluate=evaluate)
    assert result.interrupted and result.depth == 0
    assert (result.move, result.score) == (3, 0.25)  # centre first


def test_tic_tac_toe_is_solved_and_stops():
    rows = []
    result = iterative_deepening(TicTacToe(), seconds=None, progress=lambda *r: rows.append(r))
    assert result.solved and result.score == 0 and result.move == 4
    assert rows[-1][0] == result.depth <= 9


def test_an_end_game_is_solved_exactly(c4):
    # 12 empty cells; Pons' score 2 for X to move: X wins with its 20th disc.
    result = iterative_deepening(c4, "427566236745127177115664464254", seconds=10)
    assert result.solved and result.depth <= 12
    assert (result.score + 1) // 2 == 2


def test_textbook_tree():
    result = iterative_deepening(GameTree(AIMA))
    assert (result.score, result.move, result.depth, result.solved) == (3, 0, 2, True)


def test_finished_game(c4):
    result = iterative_deepening(c4, "1122334")
    assert (result.score, result.move, result.depth) == (1 + 35, None, 0)
    assert iterative_deepening(c4, "1122334", quick_wins=False).score == 1


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(seconds=0), "seconds must be a positive number"),
        (dict(seconds="1"), "seconds must be a positive number"),
        (dict(max_calls=0), "max_calls must be a whole number"),
        (dict(max_depth=1.5), "max_depth must be a whole number"),
        (dict(progress="print"), "progress must be a function"),
    ],
)
def test_bad_options(c4, kwargs, words):
    with pytest.raises(InvalidOption, match=words):
        iterative_deepening(c4, **kwargs)


def test_a_call_budget_counts_the_depth_it_gave_up(c4):
    """The calls of the depth left unfinished count too (the search returns them with its
    stop): the completed depths' calls, searched one by one here, plus the rest of the
    budget spent on the next depth, make exactly the budget."""
    budget = 3_000
    result = iterative_deepening(c4, seconds=None, max_calls=budget)
    done = sum(mv.alphabeta(c4, depth=d, **SAME).stats.calls for d in range(1, result.depth + 1))
    assert done < budget, "the budget ran out inside a depth, not between two"
    assert mv.alphabeta(c4, depth=result.depth + 1, **SAME).stats.calls > budget - done
    assert result.stats.calls == budget
