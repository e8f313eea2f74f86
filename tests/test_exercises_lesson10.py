"""Lesson 10's checks on learners' searches: right ones pass, each classic bug gets its own verdict,
junk never raises. The searches below are written here, independently of the module's own."""

import math
import time

import numpy as np
import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson10 as L

INF = math.inf


# -- right answers, written as a learner would ---------------------------------------------------

def good_minimax(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    results = [(good_minimax(game, game.play(state, m), depth - 1)[0], m) for m in game.moves(state)]
    pick = max if game.node_type(state) == "max" else min
    best = pick(v for v, _ in results)
    return best, next(m for v, m in results if v == best)


def aima_minimax(game, state, depth=INF):
    """Minimax as AIMA writes it: a Max and a Min function calling each other."""
    def value(state, depth):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        return (max_value if game.node_type(state) == "max" else min_value)(state, depth)

    def max_value(state, depth):
        best, move = -INF, None
        for m in game.moves(state):
            v = value(game.play(state, m), depth - 1)[0]
            if move is None or v > best:
                best, move = v, m
        return best, move

    def min_value(state, depth):
        best, move = INF, None
        for m in game.moves(state):
            v = value(game.play(state, m), depth - 1)[0]
            if move is None or v < best:
                best, move = v, m
        return best, move

    return value(state, depth)


def make_alphabeta(*, strict=False, swap=False, wrong_bound=False, keep_window=False, ties=False, shift=0,
                   eager=False):
    def ab(game, state, depth, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        is_max = game.node_type(state) == "max"
        a0, b0 = alpha, beta
        best, best_move = (-INF if is_max else INF), None
        moves = list(game.moves(state))
        kids = [game.play(state, m) for m in moves] if eager else None
        for i, m in enumerate(moves):
            child = kids[i] if eager else game.play(state, m)
            if keep_window:      # the values this node was called with, not the narrowed ones
                v, _ = ab(game, child, depth - 1, a0, b0)
            elif swap:           # the classic slip: the two bounds change places in the call
                v, _ = ab(game, child, depth - 1, beta, alpha)
            else:
                v, _ = ab(game, child, depth - 1, alpha, beta)
            if best_move is None or (v >= best if ties else v > best) if is_max else \
                    best_move is None or (v <= best if ties else v < best):
                best, best_move = v, m
            if is_max:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if wrong_bound:      # each compares with its own bound
                stop = best >= alpha if is_max else best <= beta
            elif strict:
                stop = best > beta if is_max else best < alpha
            else:
                stop = best >= beta if is_max else best <= alpha
            if stop:
                break
        return best, best_move

    def alphabeta(game, state, depth=INF):
        return ab(game, state, depth + shift, -INF, INF)

    return alphabeta


def make_expectimax(*, average_max=False, min_at_min=False, equal_odds=False):
    def ex(game, state, depth=INF):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        kind = game.node_type(state)
        moves = list(game.moves(state))
        values = [ex(game, game.play(state, m), depth - 1)[0] for m in moves]
        if kind == "max" and not average_max:
            best = max(values)
            return best, moves[values.index(best)]
        if kind == "min" and min_at_min:
            return min(values), None
        odds = game.probabilities(state) if kind == "chance" and not equal_odds else [1 / len(moves)] * len(moves)
        return sum(p * v for p, v in zip(odds, values)), (moves[0] if kind == "max" else None)

    return ex


# -- the classic bugs in minimax --------------------------------------------------------------------

def minimax_ties(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    is_max = game.node_type(state) == "max"
    best, move = (-INF if is_max else INF), None
    for m in game.moves(state):
        v = minimax_ties(game, game.play(state, m), depth - 1)[0]
        if (v >= best) if is_max else (v <= best):
            best, move = v, m
    return best, move


def minimax_deeper(game, state, depth=INF):   # "if depth < 0" instead of "== 0"
    if game.is_terminal(state):
        return game.utility(state), None
    if depth < 0:
        return game.evaluate(state), None
    return _pick(minimax_deeper, game, state, depth)


def minimax_shallower(game, state, depth=INF):   # "if depth <= 1"
    if game.is_terminal(state):
        return game.utility(state), None
    if depth <= 1:
        return game.evaluate(state), None
    return _pick(minimax_shallower, game, state, depth)


def _pick(search, game, state, depth):
    pairs = [(search(game, game.play(state, m), depth - 1)[0], m) for m in game.moves(state)]
    best = (max if game.node_type(state) == "max" else min)(v for v, _ in pairs)
    return best, next(m for v, m in pairs if v == best)


def minimax_averaging(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    moves = list(game.moves(state))
    values = [minimax_averaging(game, game.play(state, m), depth - 1)[0] for m in moves]
    return sum(values) / len(values), moves[0]


def verdict(feedback):
    return repr(feedback)


# -- tests -------------------------------------------------------------------------------------------

def test_right_searches_pass():
    assert L.check_minimax(good_minimax).ok
    assert L.check_minimax(aima_minimax).ok
    assert L.check_alphabeta(make_alphabeta()).ok
    assert L.check_alphabeta(make_alphabeta(strict=True)).ok   # CS188's rule: prune on > only
    assert L.check_expectimax(make_expectimax()).ok


def test_aima_answer_is_outside_truth():
    # AIMA fig. 5.2: value 3 by move a1 (index 0), as the book says.
    assert L.reference_minimax(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), ()) == (3, 0)


@pytest.mark.parametrize("fn, words", [
    (minimax_ties, "tie at 3; the first best move in game.moves order is 0 (a1), you returned 2 (a3)"),
    (minimax_deeper, "the depth left is 0: score it with game.evaluate(state) and stop"),
    (minimax_shallower, "without searching its moves, but the depth left there is 1"),
    (minimax_averaging, "the average of its children's values [3, 12, 8]; a Min node chooses"),
])
def test_minimax_bugs_get_their_own_verdict(fn, words):
    feedback = L.check_minimax(fn)
    assert not feedback.ok
    assert words in verdict(feedback), verdict(feedback)


def test_depth_bug_says_where():
    text = verdict(L.check_minimax(minimax_deeper))
    assert "CS188-style tree" in text and "depth left is 0" in text
    text = verdict(L.check_minimax(minimax_shallower))
    assert "without searching its moves" in text


@pytest.mark.parametrize("options, words", [
    (dict(swap=True), "alpha and beta have changed places"),
    (dict(wrong_bound=True), "the window is still open, so it must be searched"),
    (dict(keep_window=True), "pass the window as it stands after the earlier children narrowed it"),
    (dict(keep_window=True, strict=True), "pass the window as it stands"),
    (dict(ties=True), "the first best move in game.moves order is 0 (a1)"),
    (dict(shift=1), "the depth left is 0"),
    (dict(shift=-1), "without searching its moves"),
])
def test_alphabeta_bugs_get_their_own_verdict(options, words):
    feedback = L.check_alphabeta(make_alphabeta(**options))
    assert not feedback.ok, options
    assert words in verdict(feedback), verdict(feedback)


def test_alphabeta_words_name_the_window():
    # AIMA 5.2: after c1 = 2 under a Max root at 3, alpha = 3 >= beta = 2 cuts c2 and c3.
    text = verdict(L.check_alphabeta(good_minimax))
    assert "you searched I (after c2), but it is cut: at C (after a2), after H (after c1) returned 2, α = 3 ≥ β = 2" in text, text
    text = verdict(L.check_alphabeta(make_alphabeta(wrong_bound=True)))
    assert "you cut F (after b2), but there α = −∞ < β = 3" in text, text


def test_eager_generation_is_told():
    text = verdict(L.check_alphabeta(make_alphabeta(eager=True)))
    assert "generated" in text and "game.play inside the loop" in text


@pytest.mark.parametrize("options, words", [
    (dict(average_max=True), "a Max node chooses"),
    (dict(min_at_min=True), "Min moves at random here, so average"),
    (dict(equal_odds=True), "weight each outcome by its probability"),
])
def test_expectimax_bugs_get_their_own_verdict(options, words):
    feedback = L.check_expectimax(make_expectimax(**options))
    assert not feedback.ok
    assert words in verdict(feedback), verdict(feedback)


def _raises(game, state, depth=INF):
    raise KeyError("oops")


def _loops(game, state, depth=INF):
    while True:
        game.moves(state)


def _spins(game, state, depth=INF):
    while True:
        pass


def _recurses(game, state, depth=INF):
    return _recurses(game, state, depth)


@pytest.mark.parametrize("fn, words", [
    (None, "takes your minimax function itself"),
    (42, "takes your minimax function itself"),
    (_raises, "it raised KeyError"),
    (lambda g, s, d=INF: 3, "return a pair (value, move)"),
    (lambda g, s, d=INF: ("three", 0), "is not a number"),
    (lambda g, s, d=INF: (float("nan"), 0), "is not a number"),
    (lambda g, s, d=INF: (3, 0, 1), "return a pair"),
    (lambda g, s: (3, 0), "it raised TypeError"),
    (_loops, "ran too long"),
    (_recurses, "recursed without end"),
])
def test_junk_gets_words_never_raises(fn, words):
    feedback = L.check_minimax(fn)
    assert not feedback.ok
    assert words in verdict(feedback)


@pytest.mark.slow
@pytest.mark.time_limit(0.5)
def test_a_search_that_spins_is_stopped():
    start = time.perf_counter()
    feedback = L.check_minimax(_spins)
    assert not feedback.ok and "ran too long" in verdict(feedback)
    assert time.perf_counter() - start < 60


def test_stub_says_stub():
    def stub(game, state, depth=INF):
        raise NotImplementedError
    assert "still the stub" in verdict(L.check_minimax(stub))


def test_picture_of_both_trees_fits():
    import io

    import matplotlib.image as mpimg
    png = L.check_alphabeta(make_alphabeta(keep_window=True)).picture()
    assert png is not None
    assert mpimg.imread(io.BytesIO(png)).shape[1] <= 1000
    assert L.check_minimax(good_minimax).picture() is None


def test_watched_game_sees_the_order():
    watched = L.WatchedGame(mv.GameTree([[3, 12], [2]]))
    good_minimax(watched, ())
    assert watched.looked == [(), (0,), (0, 0), (0, 1), (1,), (1, 0)]
    assert sorted(watched.generated) == [(0,), (0, 0), (0, 1), (1,), (1, 0)]


def test_cs188_generated_states_match_the_engine():
    tree = mv.GameTree.from_cs188(L.TWO_GHOSTS)
    watched = L.WatchedGame(tree)
    value, move = make_alphabeta(strict=True)(watched, (), tree.depth)
    result = mv.alphabeta(tree, depth=tree.depth, prune_on_equal=False)
    assert (value, tree.move_name((), move)) == (result.score, result.move)
    names = sorted({tree.name(p) for p in [()] + watched.generated})
    assert names == sorted(set(result.tree.generated_states()))


@pytest.mark.parametrize("move", [np.array([0]), [0], "a1", object(), None, True])
def test_junk_moves_get_words(move):
    def fn(game, state, depth=INF):
        return good_minimax(game, state, depth)[0], move
    text = verdict(L.check_minimax(fn))
    assert "you returned the move" in text and "the best move is 0 (a1)" in text and " at 0x" not in text


def test_numpy_numbers_are_numbers():
    def fn(game, state, depth=INF):
        value, move = good_minimax(game, state, depth)
        return np.float64(value), move
    assert L.check_minimax(fn).ok
