"""Two rules of the comparison behind the checks, each tested at its edge.

- **Fail-soft bounds.** Where a node fails low in alpha-beta (its value reaches its alpha),
  any upper bound of its true value up to alpha is right: fail-hard returns alpha, fail-soft
  the best value found; a number below the true value is wrong. Where it fails high, any
  lower bound down to beta.
- **The value tolerance.** Two values are the same when they differ by float rounding only
  (1e-12); a slip of 0.25 at a chance node is a wrong value.

The trees' values are worked by hand in the comments; the searches are written here.
"""

import math

import pytest

import minimax_viz as mv
from minimax_viz.compare import first_difference
from minimax_viz.learner import record_calls

INF = math.inf

#: AIMA fig. 5.2. Alpha-beta: B returns 3, so alpha is 3 at the root; C's first leaf, 2, is at
#: most alpha, so C fails low and stops. C's true (minimax) value is min(2, 4, 6) = 2: any
#: value from 2 up to alpha is an upper bound of it (fail-soft returns 2, fail-hard alpha = 3).
AIMA = mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])

#: The root's first child (Min) sees 3 first, so beta is 3 at its second child E (Max), whose
#: first leaf, 5, is at least beta: E fails high and stops. E's true value is max(5, 1) = 5:
#: any value from 5 down to beta is a lower bound of it (fail-soft returns 5, fail-hard beta = 3).
FAIL_HIGH = mv.GameTree([[3, [5, 1]], [2]])


def alphabeta_returning(*, low=0.0, high=0.0):
    """A fail-soft alpha-beta that returns, where a node stops early, its best value plus
    ``low`` (a Min node failing low) or plus ``high`` (a Max node failing high)."""
    def ab(game, state, depth, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state), None
        is_max = game.node_type(state) == "max"
        best, best_move = (-INF if is_max else INF), None
        for m in game.moves(state):
            v, _ = ab(game, game.play(state, m), depth - 1, alpha, beta)
            if (v > best) if is_max else (v < best):
                best, best_move = v, m
            if is_max and best >= beta:
                return best + high, best_move
            if not is_max and best <= alpha:
                return best + low, best_move
            alpha, beta = (max(alpha, best), beta) if is_max else (alpha, min(beta, best))
        return best, best_move
    return ab


def parting(search, game):
    """The first difference between ``search`` and the engine's alpha-beta, values judged
    against the exact minimax tree (as the lesson 10 check judges them)."""
    mine = record_calls(search, game, (), 9, -INF, INF)
    return first_difference(mine, mv.alphabeta(game), exact=mv.minimax(game))


@pytest.mark.parametrize("low", [0, 0.5, 1])      # C returns 2 (fail-soft), 2.5, 3 (fail-hard)
def test_a_node_failing_low_may_return_any_upper_bound_of_its_value_up_to_alpha(low):
    assert parting(alphabeta_returning(low=low), AIMA) is None


@pytest.mark.parametrize("low", [-1, -0.5, 7])     # C returns 1 or 1.5 (below its true value 2), or 9 (above alpha)
def test_a_node_failing_low_may_not_return_less_than_its_value_or_more_than_alpha(low):
    found = parting(alphabeta_returning(low=low), AIMA)
    assert found is not None and found.kind == "value"
    assert "at C (after a2), a Min node" in str(found) and f"returned {2 + low:g}" in str(found)


@pytest.mark.parametrize("high", [0, -1, -2])       # E returns 5 (fail-soft), 4, 3 (fail-hard)
def test_a_node_failing_high_may_return_any_lower_bound_of_its_value_down_to_beta(high):
    assert parting(alphabeta_returning(high=high), FAIL_HIGH) is None


@pytest.mark.parametrize("high", [1, 0.5, -3])      # E returns 6 or 5.5 (above its true value 5), or 2 (below beta)
def test_a_node_failing_high_may_not_return_more_than_its_value_or_less_than_beta(high):
    found = parting(alphabeta_returning(high=high), FAIL_HIGH)
    assert found is not None and found.kind == "value" and "at E (after b2), a Max node" in str(found)


# -- the value tolerance ---------------------------------------------------------------------------

#: Expectimax by hand: A (chance) = 0.25 * 8 + 0.75 * 0 = 2, B (chance) = (3 + 5) / 2 = 4, the root 4.
DICE = mv.GameTree([["chance", (0.25, 8), (0.75, 0)], ["chance", 3, 5]])


def expectimax_off_by(slip):
    """An expectimax whose chance nodes return their expected value plus ``slip`` (Min moves
    at random, as lesson 10 has it: the plain average of its children, plus ``slip`` too)."""
    def expectimax(game, state, depth):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        kind, moves = game.node_type(state), list(game.moves(state))
        values = [expectimax(game, game.play(state, m), depth - 1)[0] for m in moves]
        if kind != "max":
            odds = game.probabilities(state) if kind == "chance" else [1 / len(moves)] * len(moves)
            return sum(p * v for p, v in zip(odds, values)) + slip, None
        best = (max if kind == "max" else min)(values)
        return best, moves[values.index(best)]
    return expectimax


def test_the_hand_worked_values_are_the_engines():
    assert mv.expectimax(DICE).score == 4 and [c.score for c in mv.expectimax(DICE).tree.root.children] == [2, 4]
    assert mv.alphabeta(AIMA).score == mv.minimax(AIMA).score == 3


@pytest.mark.parametrize("slip", [1e-12, -1e-12])
def test_values_that_differ_by_rounding_only_are_the_same(slip):
    assert first_difference(record_calls(expectimax_off_by(slip), DICE, (), 9), mv.expectimax(DICE)) is None


@pytest.mark.parametrize("slip", [0.25, -0.25, 1e-6])
def test_a_slip_at_a_chance_node_is_a_wrong_value(slip):
    found = first_difference(record_calls(expectimax_off_by(slip), DICE, (), 9), mv.expectimax(DICE))
    assert found is not None and found.kind == "value"
    assert "a chance node" in str(found) and "its expected value is 2" in str(found)


def test_the_lesson_10_check_tells_a_slip_of_a_quarter():
    assert mv.exercises.lesson10.check_expectimax(expectimax_off_by(0)).ok
    verdict = mv.exercises.lesson10.check_expectimax(expectimax_off_by(0.25))
    assert not verdict.ok and "expected value" in str(verdict), verdict
