"""minimax and alpha-beta against facts from outside this project."""

import random

import pytest
from hypothesis_examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import minimax_viz as mv
from minimax_viz import GameTree, InvalidOption, TicTacToe, alphabeta, minimax
from minimax_viz import tutorial

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA 3rd ed., figure 5.2


@pytest.fixture(scope="module")
def game():
    return TicTacToe()


@pytest.fixture(scope="module")
def full_minimax(game):
    return minimax(game)


# -- the tutorial's position ---------------------------------------------------------

def test_tutorial_answer(game):
    result = minimax(game, TicTacToe.TUTORIAL_BOARD)
    assert (result.move, result.score) == (4, 1)
    assert result.stats.calls == 9
    assert {c.move: c.score for c in result.tree.root.children} == {1: -1, 4: 1, 8: -1}


def test_tutorial_alphabeta_8_calls(game):
    result = alphabeta(game, TicTacToe.TUTORIAL_BOARD)
    assert (result.move, result.score, result.stats.calls, result.stats.pruned) == (4, 1, 8, 1)
    (stub,) = [n for n in result.tree.nodes if n.pruned]
    assert stub.move == 4 and stub.parent.move == 8 and stub.score is None


def test_engine_agrees_with_the_tutorials_function(game):
    assert tutorial.minimax(list(TicTacToe.TUTORIAL_BOARD), "X") == {"index": 4, "score": 1}
    result = minimax(game, TicTacToe.TUTORIAL_BOARD)
    assert {"index": result.move, "score": result.score} == tutorial.minimax(
        list(TicTacToe.TUTORIAL_BOARD), "X"
    )


# -- the whole game --------------------------------------------------------------------

def test_empty_board_counts(full_minimax):
    assert full_minimax.score == 0
    assert full_minimax.stats.calls == 549_946
    assert full_minimax.stats.leaves == 255_168
    assert len(full_minimax.tree) == 549_946
    assert full_minimax.tree.outcomes() == {1: 131_184, -1: 77_904, 0: 46_080}
    assert full_minimax.stats.max_depth == 9


def test_empty_board_without_recording(game):
    result = minimax(game, record=False)
    assert result.tree is None and result.stats.calls == 549_946 and result.score == 0


def test_empty_board_alphabeta_18297(game):
    result = alphabeta(game, record=False)
    assert (result.score, result.stats.calls) == (0, 18_297)


def test_first_best_move_wins_ties(game, full_minimax):
    # every opening move draws with best play, so the first in cell order is chosen
    assert full_minimax.move == 0
    assert all(c.score == 0 for c in full_minimax.tree.root.children)


def _all_positions(game):
    seen, frontier = {game.start()}, [game.start()]
    while frontier:
        frontier = [c for s in frontier for _, c in game.successors(s) if c not in seen]
        seen.update(frontier)
    return sorted(seen)


@pytest.mark.slow
def test_alphabeta_equals_minimax_on_every_position(game):
    for s in _all_positions(game):
        plain = minimax(game, s, record=False)
        for rule in (True, False):
            fast = alphabeta(game, s, record=False, prune_on_equal=rule)
            assert (fast.score, fast.move) == (plain.score, plain.move), game.string(s)
            assert fast.stats.calls <= plain.stats.calls


# -- textbook trees --------------------------------------------------------------------

def test_aima_figure_5_2():
    tree = GameTree(AIMA)
    plain = minimax(tree)
    assert (plain.score, plain.move) == (3, 0)
    assert [c.score for c in plain.tree.root.children] == [3, 2, 2]
    result = alphabeta(tree)
    assert (result.score, result.move) == (3, 0)
    pruned = [n for n in result.tree.nodes if n.pruned]
    assert [(n.parent.move, n.move) for n in pruned] == [(1, 1), (1, 2)]
    assert result.stats.pruned == 2 and result.stats.cutoffs == 1
    middle = result.tree.root.children[1]
    assert (middle.alpha, middle.beta, middle.score) == (3, float("inf"), 2)


def test_prune_on_equal_rule_differs_on_ties():
    # Max gets 5 from the left; the right Min node sees 5 first: AIMA's rule cuts on
    # equality, the strict rule looks at the 9 too. Both keep the value.
    tree = GameTree([[5, 6], [5, 9]])
    aima = alphabeta(tree, prune_on_equal=True)
    strict = alphabeta(tree, prune_on_equal=False)
    assert (aima.stats.pruned, strict.stats.pruned) == (1, 0)
    assert aima.score == strict.score == 5 and aima.move == strict.move == 0


def random_nested(rng, depth, branching=(1, 4)):
    if depth == 0:
        return rng.randint(-9, 9)
    return [random_nested(rng, depth - 1, branching) for _ in range(rng.randint(*branching))]


@pytest.mark.parametrize("seed", range(300))
def test_alphabeta_equals_minimax_on_seeded_random_trees(seed):
    rng = random.Random(seed)
    tree = GameTree(random_nested(rng, rng.randint(1, 5)))
    plain = minimax(tree)
    for rule in (True, False):
        fast = alphabeta(tree, prune_on_equal=rule)
        assert (fast.score, fast.move) == (plain.score, plain.move)
        stubs = sum(n.pruned for n in fast.tree.nodes)
        assert stubs == fast.stats.pruned
        assert len(fast.tree) == fast.stats.calls + fast.stats.pruned


trees = st.recursive(
    st.integers(-20, 20), lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=40
)


@settings(max_examples=examples(200), deadline=None, derandomize=True)
@given(trees, st.booleans())
def test_alphabeta_equals_minimax_hypothesis(nested, rule):
    if not isinstance(nested, list):
        nested = [nested]
    tree = GameTree(nested)
    plain, fast = minimax(tree), alphabeta(tree, prune_on_equal=rule)
    assert (fast.score, fast.move) == (plain.score, plain.move)


def test_brute_force_value_of_small_trees():
    """The engine against a three-line textbook definition of the minimax value."""

    def value(node, is_max=True):
        if not isinstance(node, list):
            return node
        values = [value(child, not is_max) for child in node]
        return max(values) if is_max else min(values)

    rng = random.Random(2024)
    for _ in range(100):
        nested = random_nested(rng, 4)
        assert minimax(GameTree(nested)).score == value(nested)


# -- depth limits and heuristics ------------------------------------------------------

def test_depth_zero_is_the_heuristic(game):
    result = minimax(game, "....X....", depth=0)
    assert result.score == pytest.approx(4 / 9) and result.move is None
    assert result.stats.calls == 1 and result.tree.root.kind == "horizon"


def test_depth_one_picks_the_centre(game):
    result = minimax(game, depth=1)
    assert result.move == 4 and result.stats.calls == 10
    assert all(c.kind == "horizon" for c in result.tree.root.children)


def test_depth_limit_never_passes_a_win(game):
    # X wins at once by playing 4; a depth-1 search sees the win (+1) over any guess.
    assert minimax(game, TicTacToe.TUTORIAL_BOARD, depth=1).move == 4


def test_custom_evaluate_gets_the_public_board(game):
    seen = []

    def centre_lover(board):
        seen.append(board)
        return 0.5 if board[4] == "X" else 0

    result = minimax(game, depth=1, evaluate=centre_lover)
    assert result.move == 4 and len(seen) == 9 and isinstance(seen[0], list)


def test_order_reorders_but_keeps_values(game):
    def centre_first(game, state, moves):
        return sorted(moves, key=lambda m: (m != 4, m % 2, m))

    plain = alphabeta(game, record=False)
    ordered = alphabeta(game, order=centre_first, record=False)
    assert ordered.score == plain.score == 0
    assert ordered.stats.calls < plain.stats.calls
    assert ordered.move == 4  # ties go to the first best move in the given order


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(depth=-1), "0 or more plies"),
        (dict(depth=2.5), "whole number"),
        (dict(depth=1, evaluate=lambda b: "good"), "must return a number"),
        (dict(order=lambda g, s, ms: ms[:-1]), "dropped \\[8\\]"),
        (dict(order=lambda g, s, ms: list(ms) + [99]), "invented \\[99\\]"),
        (dict(order=lambda g, s, ms: list(ms) + [ms[0]]), "repeated"),
        (dict(order="centre"), "must be a function"),
    ],
)
def test_bad_options(game, kwargs, words):
    with pytest.raises(InvalidOption, match=words):
        alphabeta(game, TicTacToe.TUTORIAL_BOARD, **kwargs)


def test_bad_board_reaches_the_caller_before_any_search(game):
    with pytest.raises(mv.InvalidBoard, match="cell 1 holds None"):
        minimax(game, ["X", None, "O", "X", 4, "X", "O", "O", 8])


def test_terminal_root(game):
    result = minimax(game, "XXXOO....")
    assert (result.score, result.move, result.stats.calls) == (1, None, 1)


def test_node_guard(game):
    with pytest.raises(mv.TreeTooLarge, match="record=False"):
        minimax(game, max_nodes=1000)
