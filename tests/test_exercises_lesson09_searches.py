"""Lesson 09's searches: the learner's expectimax and expectiminimax (the checks, the drawing of
their tree on a lesson tree), the tree of section 4 worked by hand, and the claim of section 5
(an order-preserving change of the utilities never changes minimax's choice, and can change
expectimax's), checked by a seeded sweep and by the exhibited case computed here."""

import math
import random

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import minimax_viz as mv  # noqa: E402
from minimax_viz.exercises import lesson09 as L  # noqa: E402

INF = math.inf
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(autouse=True)
def _no_figures_left():
    """Each test starts with no pyplot figure and leaves none: what it asserts about
    pyplot's figures is about its own."""
    plt.close("all")
    yield
    plt.close("all")


# -- searches written as a learner would --------------------------------------------------------------

def make_search(*, min_rule="mean", chance_rule="odds", max_rule="max"):
    """A learner's search: what a "min" node does ("mean", "min"), a "chance" node ("odds":
    weighted by game.probabilities, "mean", "min"), a "max" node ("max", "mean")."""
    def search(game, state, depth=INF):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        kind, moves = game.node_type(state), list(game.moves(state))
        values = [search(game, game.play(state, m), depth - 1)[0] for m in moves]
        rule = {"max": max_rule, "min": min_rule, "chance": chance_rule}[kind]
        if rule in ("max", "min"):
            best = max(values) if rule == "max" else min(values)
            return best, moves[values.index(best)]
        odds = game.probabilities(state) if rule == "odds" else [1 / len(moves)] * len(moves)
        return sum(p * v for p, v in zip(odds, values)), None
    return search


expectimax = make_search()
expectiminimax = make_search(min_rule="min")


def stub(game, state, depth=INF):
    raise NotImplementedError("your code here")


def test_right_searches_pass():
    assert L.check_expectimax(expectimax).ok
    assert L.check_expectiminimax(expectiminimax).ok


@pytest.mark.parametrize("check, fn, words", [
    (L.check_expectimax, make_search(max_rule="mean"), "a Max node chooses"),
    (L.check_expectimax, make_search(min_rule="min"), "Min moves at random here, so average"),
    (L.check_expectimax, make_search(chance_rule="mean"), "weight each outcome by its probability"),
    (L.check_expectiminimax, expectimax, "a Min node chooses: it takes the smallest, 3 (only chance nodes average)"),
    (L.check_expectiminimax, make_search(min_rule="min", chance_rule="mean"), "weight each outcome by its probability"),
    (L.check_expectiminimax, make_search(min_rule="min", chance_rule="min"), "a tree with dice"),
])
def test_slips_get_their_own_verdict(check, fn, words):
    verdict = check(fn)
    assert not verdict.ok
    assert words in str(verdict), str(verdict)


@pytest.mark.parametrize("check", [L.check_expectimax, L.check_expectiminimax])
@pytest.mark.parametrize("fn", [stub, None, 3, "expectimax", lambda g, s, d=INF: None,
                                lambda g, s, d=INF: 1 / 0, lambda g, s: (3, 0)])
def test_junk_gets_words_never_raises(check, fn):
    verdict = check(fn)
    assert not verdict.ok and len(str(verdict).split()) >= 4


def test_stub_says_stub():
    assert "still the stub" in str(L.check_expectimax(stub))
    assert "still the stub" in str(L.check_expectiminimax(stub))


# -- section 4: Max, then Min, then a fair coin ---------------------------------------------------------

def test_min_and_dice_by_hand():
    # coins: (2 + 4) / 2 = 3, (10 + 10) / 2 = 10, (5 + 5) / 2 = 5, (8 + 4) / 2 = 6.
    # expectiminimax: Min takes min(3, 10) = 3 and min(5, 6) = 5; Max takes 5, the second move.
    # expectimax: the Min nodes average, (3 + 10) / 2 = 6.5 and (5 + 6) / 2 = 5.5; Max takes the first.
    both = mv.expectiminimax(L.MIN_AND_DICE), mv.expectimax(L.MIN_AND_DICE)
    assert [(r.score, r.move) for r in both] == [(5, 1), (6.5, 0)]
    assert expectiminimax(L.MIN_AND_DICE, ()) == (5, 1) and expectimax(L.MIN_AND_DICE, ()) == (6.5, 0)


def test_the_best_line_stops_at_a_chance_node():
    # the right coin's outcomes are both 5, its average too; still nobody chooses between them
    line = mv.expectiminimax(L.MIN_AND_DICE).tree.principal_variation()
    assert [n.move for n in line] == [None, 1, 0] and line[-1].node_type == "chance"


# -- drawing the learner's search -----------------------------------------------------------------------

def test_a_stub_is_one_line():
    out = L.show_your_search(stub, L.ghost_tree(), 3)
    assert isinstance(out, mv.exercises.Unfinished)
    assert str(out) == "Not yet: finish exercise 3 above first: stub is still the stub"
    assert "exercise 5" in str(L.show_your_search(stub, L.MIN_AND_DICE, kind="expectiminimax", exercise="exercise 5"))


def test_a_right_search_is_drawn_alone_as_expectimax():
    assert L.show_your_search(expectimax, L.ghost_tree(), 3) is None
    ax = plt.gcf().axes[0]
    assert ax.get_title() == "your expectimax: 15 calls; best move Left, value 2"
    assert len(ax.figure.axes) == 1
    plt.close("all")


def test_the_learners_tree_is_drawn_as_the_search_it_is_meant_to_be():
    ghosts = L.ghost_tree()
    mine = mv.record_calls(expectimax, ghosts, ghosts.start(), 3)
    assert mine.tree.root.children[0].node_type == "min"   # as recorded: the game's kind
    mine.tree.min_at_random = True
    assert mine.tree.root.children[0].node_type == "chance"
    assert mv.expectimax(L.ghost_tree(), depth=3).tree.min_at_random
    assert not mv.expectiminimax(L.ghost_tree(), depth=3).tree.min_at_random


def test_a_slip_is_drawn_with_the_parting_marked():
    assert L.show_your_search(make_search(chance_rule="mean"), L.DICE) is None
    right, mine = plt.gcf().axes
    assert right.get_title().startswith("expectimax:") and mine.get_title().startswith("your expectimax:")
    assert "the plain average of [9, 0, −2]" in " ".join(right.figure._suptitle.get_text().split())
    plt.close("all")


@pytest.mark.parametrize("fn, mine", [
    # no number: drawn without one; no depth limit in the learner's calls, so no heuristic's "≈"
    (lambda g, s, d: None, "your expectimax: 1 call; value "),
    (lambda g, s, d: ("x", 0), "your expectimax: 1 call; value "),
    (lambda g, s, d: (3, "nowhere"), "your expectimax: 1 call; value 3"),
], ids=["None", "a text", "a move that is none"])
def test_junk_that_runs_is_drawn_beside_the_right_search(fn, mine):
    assert L.show_your_search(fn, L.DICE) is None
    assert plt.get_fignums() == [1]
    right, drawn = plt.gcf().axes
    assert right.get_title() == "expectimax: 8 calls; best move 0, value 4" and drawn.get_title() == mine


@pytest.mark.parametrize("fn, words", [
    (lambda g, s, d: 1 / 0, "it raised ZeroDivisionError: division by zero"),
    (lambda g, s: (3, 0), "takes 2 positional arguments but 3 were given"),
], ids=["raises", "two arguments"])
def test_junk_that_raises_is_told_in_one_line_and_not_drawn(fn, words):
    out = L.show_your_search(fn, L.DICE)
    assert isinstance(out, mv.exercises.Unfinished) and not out
    assert words in repr(out) and "fix it in exercise 3" in repr(out)
    assert plt.get_fignums() == []


def test_not_a_function_or_kind():
    assert "takes your expectimax function itself" in str(L.show_your_search("expectimax", L.DICE))
    with pytest.raises(mv.InvalidOption):
        L.show_your_search(expectimax, L.DICE, kind="minimax")


# -- section 5: what the numbers mean -------------------------------------------------------------------

def _changed(nested, f):
    """The same tree with every leaf x replaced by f(x) (plain nested lists)."""
    return [_changed(child, f) for child in nested] if isinstance(nested, list) else f(nested)


def _minimax(nested, is_max=True):
    """Minimax of plain nested lists, levels alternating from a Max root, written here:
    (value, index of the first best child)."""
    if not isinstance(nested, list):
        return nested, None
    values = [_minimax(child, not is_max)[0] for child in nested]
    best = max(values) if is_max else min(values)
    return best, values.index(best)


def _increasing(rng: random.Random):
    """A strictly increasing function, drawn at random: a power, an exponential, a positive
    linear map, or a piecewise linear map with random positive slopes."""
    kind = rng.randrange(4)
    if kind == 0:
        p = rng.choice([3, 5, 7])
        return lambda x: x ** p
    if kind == 1:
        s = rng.uniform(0.5, 3)
        return lambda x: math.exp(x / s)
    if kind == 2:
        a, b = rng.uniform(0.1, 10), rng.uniform(-50, 50)
        return lambda x: a * x + b
    cuts = sorted(rng.uniform(-9, 9) for _ in range(3))
    slopes = [rng.uniform(0.01, 20) for _ in range(4)]

    def piecewise(x):
        y, last = slopes[0] * min(x, cuts[0]), cuts[0]
        for cut, slope in zip(cuts[1:] + [math.inf], slopes[1:]):
            if x > last:
                y += slope * (min(x, cut) - last)
            last = cut
        return y
    return piecewise


def test_an_order_preserving_change_never_changes_minimax():
    rng, averages_changed = random.Random(2024), 0
    for seed in range(300):
        tree = mv.GameTree.random(depth=rng.randint(1, 4), branching=(1, 3), seed=seed, low=-9, high=9)
        f = _increasing(rng)
        assert all(f(a) < f(b) for a, b in zip(range(-9, 9), range(-8, 10)))   # it keeps the order
        changed = _changed(tree.nested, f)
        before, after = _minimax(tree.nested), _minimax(changed)
        assert after[1] == before[1] and math.isclose(after[0], f(before[0]))     # written here
        result = mv.minimax(mv.GameTree(changed))
        assert result.move == mv.minimax(tree).move == before[1], (seed, tree.nested)
        assert math.isclose(result.score, f(mv.minimax(tree).score))
        averages_changed += mv.expectimax(mv.GameTree(changed)).move != mv.expectimax(tree).move
    assert averages_changed > 0   # the same changes do move expectimax: the sweep is not too gentle to tell


def test_cubing_the_leaves_changes_expectimax_on_aima_figure_5_2():
    # by hand: means (3 + 12 + 8) / 3 = 7.67, (2 + 4 + 6) / 3 = 4, (14 + 5 + 2) / 3 = 7: the first move;
    # cubed, (27 + 1728 + 512) / 3 = 755.67, (8 + 64 + 216) / 3 = 96, (2744 + 125 + 8) / 3 = 959: the third.
    cubed = mv.GameTree(_changed(AIMA, lambda x: x ** 3))
    plain = mv.expectimax(mv.GameTree(AIMA))
    assert plain.move == 0 and math.isclose(plain.score, 23 / 3)
    result = mv.expectimax(cubed)
    assert result.move == 2 and math.isclose(result.score, 959)
    assert [round(c.score, 2) for c in result.tree.root.children] == [755.67, 96, 959]
    assert mv.expectimax(mv.GameTree(_changed(AIMA, math.exp))).move == 2
    assert mv.expectimax(mv.GameTree(_changed(AIMA, lambda x: 2 * x + 1))).move == 0   # a positive linear change
    # and minimax keeps its move, 0, with the value changed: 3 -> 27
    assert (mv.minimax(cubed).move, mv.minimax(cubed).score) == (0, 27)
