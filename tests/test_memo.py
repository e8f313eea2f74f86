"""Memo tables, move ordering and quicker wins, against values worked out independently.

The oracle here is the textbook definition of the minimax value, written again in a few
lines with its own cache (it shares only the game's rules with the engine): every
search option must leave the value alone, and the move must be the first best one in
the order the search tried the moves.
"""

import random
from functools import lru_cache

import pytest

import minimax_viz as mv
from minimax_viz import GameTree, TicTacToe, alphabeta, centre_first, minimax

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(scope="module")
def game():
    return TicTacToe()


def reachable(game):
    seen, frontier = {game.start()}, {game.start()}
    while frontier:
        frontier = {c for s in frontier for _, c in game.successors(s)} - seen
        seen |= frontier
    return sorted(seen)


@pytest.fixture(scope="module")
def positions(game):
    """The 4,520 reachable tic-tac-toe positions where the game is still on."""
    found = [s for s in reachable(game) if not game.is_terminal(s)]
    assert len(found) == 4520
    return found


def oracle(game, *, quick=False):
    """The exact value of a position (quick: a win scaled by 1 + the empty cells)."""

    @lru_cache(maxsize=None)
    def value(state):
        if game.is_terminal(state):
            return game.utility(state) * (1 + game.moves_left(state) if quick else 1)
        values = [value(game.play(state, m)) for m in game.moves(state)]
        return max(values) if game.is_max(state) else min(values)

    return value


def first_best(game, state, values, order=None):
    """The first move, in the order searched, whose child has the best value."""
    moves = game.moves(state) if order is None else order(game, state, game.moves(state))
    best = (max if game.is_max(state) else min)(values[m] for m in moves)
    return next(m for m in moves if values[m] == best)


# -- the table on every tic-tac-toe position ---------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("quick", [False, True], ids=["utility", "quick-wins"])
def test_table_equals_minimax_on_every_position(game, positions, quick):
    value = oracle(game, quick=quick)
    for s in positions:
        children = {m: value(c) for m, c in game.successors(s)}
        for order in (None, centre_first):
            expected = (value(s), first_best(game, s, children, order))
            for rule in (True, False):
                found = alphabeta(game, s, memo=True, order=order, prune_on_equal=rule,
                                  quick_wins=quick, record=False)
                assert (found.score, found.move) == expected, (game.string(s), order, rule)
        plain = minimax(game, s, memo=True, quick_wins=quick, record=False)
        assert (plain.score, plain.move) == (value(s), first_best(game, s, children))


def test_table_equals_minimax_with_depth_limits(game, positions):
    rng = random.Random(2024)
    for s in rng.sample(positions, 150):
        for depth in (1, 2, 3, 4):
            plain = minimax(game, s, depth=depth, record=False)
            children = {m: minimax(game, c, depth=depth - 1, record=False).score
                        for m, c in game.successors(s)}
            for order in (None, centre_first):
                for rule in (True, False):
                    found = alphabeta(game, s, depth=depth, memo=True, order=order,
                                      prune_on_equal=rule, record=False)
                    assert found.score == plain.score
                    assert found.move == first_best(game, s, children, order)


def test_centre_first_and_table_on_the_empty_board(game):
    plain = alphabeta(game, record=False)
    ordered = alphabeta(game, order=centre_first, record=False)
    both = alphabeta(game, order=centre_first, memo=True, record=False)
    assert plain.stats.calls == 18_297
    assert both.stats.calls <= 2_500 < ordered.stats.calls < plain.stats.calls
    assert (both.score, both.move) == (0, 4)  # every opening draws; the centre is tried first
    assert both.stats.hits > 0


def test_memo_minimax_visits_each_position_once(game, positions):
    # A memo table turns the 549,946 calls of plain minimax into one call per edge of
    # the graph of positions: each position is searched once, then answered by hits.
    result = minimax(game, memo=True, record=False)
    assert result.score == 0
    searched = result.stats.calls - result.stats.hits - result.stats.leaves
    assert searched == len(positions)


# -- hits in the recording ----------------------------------------------------------------------

def test_hits_are_recorded_as_their_own_nodes(game):
    result = alphabeta(game, "X...O....", memo=True, order=centre_first)
    tree = result.tree
    hits = [n for n in tree.nodes if n.kind == "hit"]
    assert len(hits) == result.stats.hits == tree.counts()["hit"] > 0
    assert all(n.is_leaf and not n.pruned and n.score is not None for n in hits)
    assert len(tree) == result.stats.calls + result.stats.pruned
    assert "from the memo table" in tree.text(limit=10_000)
    assert [e.kind for e in tree.events()].count("hit") == len(hits)


SHARED = """
# B and C both lead to D: a transposition. D is searched under B, answered from the
# table under C; D ties with B's value, so the first move, a1, must stay the answer.
start A
A a1 B
A a2 C
B b1 D
B b2 E
C c1 D
C c2 F
D d1 G
D d2 H
E 9
F 8
G 4
H 6
"""


def test_a_text_tree_with_a_transposition():
    tree = GameTree.from_text(SHARED)
    plain = minimax(tree)
    for rule in (True, False):
        found = alphabeta(tree, memo=True, prune_on_equal=rule)
        assert (found.score, found.move) == (plain.score, plain.move) == (6, 0)
        assert found.stats.hits == 1
        (hit,) = [n for n in found.tree.nodes if n.kind == "hit"]
        assert tree.name(hit.internal_state) == "D" and hit.score == 6
    assert minimax(tree, memo=True).stats.calls == plain.stats.calls - 2


# -- seeded random trees and graphs ----------------------------------------------------------------

def random_nested(rng, depth, branching=(1, 4)):
    if depth == 0:
        return rng.randint(-9, 9)
    return [random_nested(rng, depth - 1, branching) for _ in range(rng.randint(*branching))]


def reversed_order(game, state, moves):
    return list(moves)[::-1]


def shuffled_order(game, state, moves):
    return random.Random(str(state)).sample(list(moves), len(moves))


ORDERS = [None, centre_first, mv.best_first, reversed_order, shuffled_order]


def children_values(tree):
    return {c.move: c.score for c in minimax(tree).tree.root.children}


@pytest.mark.parametrize("seed", range(150))
def test_ordering_and_table_equal_minimax_on_random_trees(seed):
    rng = random.Random(seed)
    tree = GameTree(random_nested(rng, rng.randint(1, 5)))
    plain, children = minimax(tree), children_values(tree)
    for order in ORDERS:
        for rule in (True, False):
            found = alphabeta(tree, order=order, memo=True, prune_on_equal=rule)
            assert found.score == plain.score
            assert found.move == first_best(tree, (), children, order)


def random_graph_text(rng, levels=5, width=4):
    """A layered game graph with shared states: a state on level i moves to states on
    level i + 1 or i + 3 (the same player to move either way)."""
    names = [[f"s{i}_{j}" for j in range(1 if i == 0 else width)] for i in range(levels + 1)]
    lines, used, todo = ["start s0_0"], {"s0_0"}, [(0, "s0_0")]
    while todo:
        level, name = todo.pop()
        if level == levels:
            lines.append(f"{name} {rng.randint(-9, 9)}")
            continue
        targets = [(level + 1, n) for n in names[level + 1]]
        if level + 3 <= levels:
            targets += [(level + 3, n) for n in names[level + 3]]
        for k, (lv, child) in enumerate(rng.sample(targets, rng.randint(1, 3))):
            lines.append(f"{name} m{k} {child}")
            if child not in used:
                used.add(child)
                todo.append((lv, child))
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(150))
def test_table_equals_minimax_on_random_graphs_with_transpositions(seed):
    rng = random.Random(seed)
    tree = GameTree.from_text(random_graph_text(rng))
    plain, children = minimax(tree), children_values(tree)
    for order in ORDERS:
        for rule in (True, False):
            found = alphabeta(tree, order=order, memo=True, prune_on_equal=rule, record=False)
            assert found.score == plain.score
            assert found.move == first_best(tree, (), children, order)
    assert minimax(tree, memo=True).score == plain.score


@pytest.mark.parametrize("seed", range(60))
def test_table_keeps_minimax_values_at_a_depth_limit_on_random_graphs(seed):
    # A state reached at two different plies has two different depths left below it:
    # an entry from the shallower visit must not answer the deeper one (its value would
    # see further than minimax does at this depth).
    # (The heuristic, the number of moves played, is the same on every path of equal
    # length, as a heuristic of the position alone would be.)
    tree = GameTree.from_text(random_graph_text(random.Random(seed), levels=8, width=3))
    for depth in (2, 4, 5, 6):
        plain = minimax(tree, depth=depth, evaluate=len, record=False)
        for rule in (True, False):
            found = alphabeta(tree, depth=depth, evaluate=len, memo=True, prune_on_equal=rule,
                              record=False)
            assert (found.score, found.move) == (plain.score, plain.move)


def test_random_graphs_do_share_states():
    hits = sum(
        minimax(GameTree.from_text(random_graph_text(random.Random(seed))), memo=True,
                record=False).stats.hits
        for seed in range(20)
    )
    assert hits > 20


# -- quicker wins --------------------------------------------------------------------------------

def test_quick_wins_stop_the_dawdling(game, positions):
    """Without the option a win is a win: minimax may pick a slow one while a move wins
    at once. With it, whenever X can win at once it does."""
    dawdles = 0
    for s in positions:
        if not game.is_max(s):
            continue
        now = [m for m, c in game.successors(s) if game.winner(c) == "X"]
        if not now:
            continue
        plain = alphabeta(game, s, record=False)
        quick = alphabeta(game, s, quick_wins=True, record=False)
        assert quick.move in now
        assert quick.score == 1 + game.moves_left(s) - 1  # the win leaves one cell fewer
        dawdles += plain.move not in now
    assert dawdles > 0  # the problem the option solves is real


def test_quick_wins_keep_the_sign(game, positions):
    plain, quick = oracle(game), oracle(game, quick=True)
    for s in positions:
        v, q = plain(s), quick(s)
        assert (v > 0) == (q > 0) and (v < 0) == (q < 0)
        assert abs(q) <= 1 + game.moves_left(s)


def test_quick_wins_change_nothing_on_a_textbook_tree():
    tree = GameTree(AIMA)
    assert alphabeta(tree, quick_wins=True).score == alphabeta(tree).score == 3


# -- orderings --------------------------------------------------------------------------------------

def test_named_orderings(game):
    assert centre_first(game, 0, tuple(range(9))) == [4, 0, 2, 6, 8, 1, 3, 5, 7]
    # X to move with two in the top row: the winning cell looks best to the heuristic
    s = game.state("XX.OO....")
    assert mv.best_first(game, s, game.moves(s))[0] == 2
    tree = GameTree(AIMA)
    assert centre_first(tree, (), (0, 1, 2)) == [0, 1, 2]  # no priorities: order kept
    assert mv.alphabeta(game, order=mv.best_first, record=False).score == 0


def _mean_of(game, state) -> float:
    """Expectimax's value written here: Max the largest, Min at random the plain mean,
    a chance node the weighted mean, each position worked out once."""
    @lru_cache(maxsize=None)
    def value(s):
        if game.is_terminal(s):
            return game.utility(s)
        values = [value(game.play(s, m)) for m in game.moves(s)]
        kind = game.node_type(s)
        if kind == "max":
            return max(values)
        if kind == "chance":
            return sum(p * v for p, v in zip(game.probabilities(s), values))
        return sum(values) / len(values)

    return value(state)


def test_expectimax_with_the_table_gives_the_same_answer_in_fewer_calls():
    """With no bounds every value in the table is exact: the same score and move as without
    it, on tic-tac-toe from positions with both players to move, and on a tree with dice."""
    game = TicTacToe()
    rng = random.Random(5)
    states = [game.start()]
    while len(states) < 40:
        state = game.start()
        for _ in range(rng.randrange(1, 6)):
            if not game.is_terminal(state):
                state = game.play(state, rng.choice(game.moves(state)))
        if not game.is_terminal(state):
            states.append(state)
    for state in states:
        plain = mv.expectimax(game, state, record=False)
        kept = mv.expectimax(game, state, record=False, memo=True)
        assert (kept.score, kept.move) == (plain.score, plain.move)
        assert abs(kept.score - _mean_of(game, state)) < 1e-12
        assert kept.stats.calls <= plain.stats.calls
    assert mv.expectimax(game, record=False, memo=True).stats.calls * 30 < mv.expectimax(game, record=False).stats.calls
    dice = GameTree([["chance", 1, ["chance", 4, 8]], ["chance", 4, 5], 3])
    kept, plain = mv.expectimax(dice, memo=True), mv.expectimax(dice)
    assert (kept.score, kept.move) == (plain.score, plain.move) == (4.5, 1)   # 3.5, 4.5 and 3
