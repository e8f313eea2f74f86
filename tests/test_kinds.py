"""Node kinds: Max, Min and chance nodes in any order, expectimax, and the errors.

The search asks the game the kind of every node. The values are checked against a
brute-force evaluator written here, on trees hypothesis draws (players that do not
alternate included), and against small cases worked out by hand.
"""

from fractions import Fraction

import pytest
from hypothesis_examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import minimax_viz as mv
from minimax_viz import (
    ChanceNodeError, Game, GameTree, InvalidOption, InvalidTree, TicTacToe, alphabeta,
    expectimax, iterative_deepening, minimax,
)

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # AIMA 3rd ed., figure 5.2


# -- a game given as a tree of kinds, and the brute force ---------------------------------

class KindTree(Game):
    """A custom game: a node is a number (a leaf) or ``(kind, children, weights)``.

    Its players need not alternate: each node says who moves. Written here, apart from
    the package's GameTree, so the search is checked through the Game protocol alone.
    """

    def __init__(self, root):
        self.root = root

    def _node(self, path):
        node = self.root
        for i in path:
            node = node[1][i]
        return node

    def start(self):
        return ()

    def state(self, value=None):
        return () if value is None else tuple(value)

    def player(self, state):
        node = self._node(state)
        return {"max": "MAX", "min": "MIN", "chance": "dice"}[node[0]] if isinstance(node, tuple) else "MAX"

    def node_type(self, state):
        node = self._node(state)
        return node[0] if isinstance(node, tuple) else "max"

    def probabilities(self, state):
        _, children, weights = self._node(state)
        return [w / sum(weights) for w in weights]

    def moves(self, state):
        node = self._node(state)
        return tuple(range(len(node[1]))) if isinstance(node, tuple) else ()

    def play(self, state, move):
        return tuple(state) + (move,)

    def winner(self, state):
        return None

    def is_terminal(self, state):
        return not isinstance(self._node(state), tuple)

    def utility(self, state):
        node = self._node(state)
        return node if not isinstance(node, tuple) else 0


def brute(node, *, min_is_random=False):
    """The value by the definitions: max, min, and the probability-weighted mean."""
    if not isinstance(node, tuple):
        return node
    kind, children, weights = node
    values = [brute(child, min_is_random=min_is_random) for child in children]
    if kind == "max":
        return max(values)
    if kind == "min" and not min_is_random:
        return min(values)
    if kind == "min":
        return sum(values) / len(values)
    return sum(w * v for w, v in zip(weights, values)) / sum(weights)


def trees(kinds):
    """Hypothesis trees with the given kinds at inner nodes, in any order."""
    leaf = st.integers(-9, 9)

    def inner(children):
        return st.tuples(st.sampled_from(kinds), st.lists(children, min_size=1, max_size=3)).flatmap(
            lambda kc: st.lists(st.integers(1, 4), min_size=len(kc[1]), max_size=len(kc[1])).map(
                lambda weights: (kc[0], kc[1], weights)))

    return st.recursive(leaf, inner, max_leaves=14)


@settings(max_examples=examples(150), deadline=None)
@given(trees(("max", "min")))
def test_minimax_and_alphabeta_on_max_min_trees_that_need_not_alternate(root):
    game = KindTree(root)
    want = brute(root)
    assert minimax(game).score == want
    assert alphabeta(game).score == want
    assert alphabeta(game, prune_on_equal=False).score == want
    assert minimax(game).move == alphabeta(game).move == alphabeta(game, prune_on_equal=False).move


@settings(max_examples=examples(150), deadline=None)
@given(trees(("max", "min", "chance")))
def test_expectimax_on_trees_with_chance_nodes(root):
    game = KindTree(root)
    assert expectimax(game).score == pytest.approx(brute(root, min_is_random=True), abs=1e-9)
    recorded = expectimax(game).tree
    assert recorded.root.score == pytest.approx(brute(root, min_is_random=True), abs=1e-9)


@settings(max_examples=examples(80), deadline=None)
@given(trees(("max", "min")))
def test_marked_game_trees_agree_with_the_brute_force(root):
    """The same trees written in GameTree's notation: every inner list starts with its kind."""

    def nested(node):
        return node if not isinstance(node, tuple) else [node[0], *map(nested, node[1])]

    tree = GameTree(nested(root)) if isinstance(root, tuple) else GameTree(root)
    assert minimax(tree).score == alphabeta(tree).score == brute(root)
    assert expectimax(tree).score == pytest.approx(brute(root, min_is_random=True), abs=1e-9)


def test_max_min_min_is_not_searched_as_alternating():
    """Max, then two Min agents: the true value is 1 (alternation would give 9)."""
    root = ("max", [("min", [("min", [1, 5], [1, 1])], [1]),
                    ("min", [("min", [0, 9], [1, 1])], [1])], [1, 1])
    game = KindTree(root)
    assert (minimax(game).score, minimax(game).move) == (1, 0)
    assert (alphabeta(game).score, alphabeta(game).move) == (1, 0)
    alternating = GameTree([[[1, 5]], [[0, 9]]])  # the same leaves, Max on the third level
    assert minimax(alternating).score == 9


def test_node_type_is_asked_at_every_node():
    asked = []

    class Counting(KindTree):
        def node_type(self, state):
            asked.append(state)
            return super().node_type(state)

    minimax(Counting(("max", [("min", [1, 2], [1, 1]), 3], [1, 1])))
    assert asked == [(), (0,)]  # every inner node (leaves need no kind)


# -- expectimax by hand -------------------------------------------------------------------

def test_expectimax_on_the_aima_tree():
    # means (3+12+8)/3, (2+4+6)/3, (14+5+2)/3; CS188's expectimax lecture tree is this one
    result = expectimax(GameTree(AIMA))
    assert result.score == pytest.approx(23 / 3) and result.move == 0
    assert [c.score for c in result.tree.root.children] == [pytest.approx(23 / 3), 4, 7]
    assert result.tree.algorithm == "expectimax" and result.stats.calls == 13


def test_expectimax_with_probabilities():
    dice = GameTree([["chance", (0.25, 8), (0.75, 0)], ["chance", 3, 5]])
    result = expectimax(dice)
    assert (result.score, result.move) == (4.0, 1)  # 0.25*8 + 0.75*0 = 2 against (3+5)/2 = 4
    assert [c.score for c in result.tree.root.children] == [2, 4]


def test_expectimax_with_fractions_and_a_chance_root():
    tree = GameTree(["chance", (Fraction(1, 3), 6), (Fraction(2, 3), ["max", 3, 9])])
    assert expectimax(tree).score == pytest.approx(1 / 3 * 6 + 2 / 3 * 9)
    assert expectimax(tree).move is None  # nobody chooses at a chance node


def test_expectimax_plays_the_winning_move_of_the_tutorial():
    result = expectimax(TicTacToe(), TicTacToe.TUTORIAL_BOARD)
    # 4 wins at once; 1 and 8 let O win at random half the time or more
    assert (result.move, result.score) == (4, 1)
    assert result.stats.calls == minimax(TicTacToe(), TicTacToe.TUTORIAL_BOARD).stats.calls


def test_expectimax_against_a_random_opponent_is_not_minimax():
    # Min at random: [-10, 30] averages 10, more than [1, 1] gives; minimax avoids it (min -10)
    tree = GameTree([[1, 1], [-10, 30]])
    assert minimax(tree).move == 0 and expectimax(tree).move == 1
    assert expectimax(tree).score == 10


def test_expectimax_depth_limit_and_evaluate():
    result = expectimax(GameTree(AIMA), depth=1, evaluate=lambda path: len(path) * 10 + path[0])
    assert (result.score, result.move) == (12, 2)  # 10 + index at the three horizon nodes
    assert result.stats.horizon == 3 and not result.solved


def test_expectimax_without_recording_gives_the_same():
    tree = GameTree([["chance", (0.5, 1), (0.5, [2, ["min", 4, 8]])], [3, 2]])
    # left: 0.5 * 1 + 0.5 * max(2, (4 + 8) / 2) = 3.5; right: Min at random, (3 + 2) / 2
    assert expectimax(tree, record=False).score == expectimax(tree).score == 3.5


# -- errors --------------------------------------------------------------------------------

DICE = GameTree([["chance", 3, 5], 4])


@pytest.mark.parametrize("search", [minimax, alphabeta])
def test_minimax_and_alphabeta_refuse_a_chance_node(search):
    with pytest.raises(ChanceNodeError, match=f"{search.__name__} cannot search .* chance node.*use expectimax"):
        search(DICE)


def test_chance_node_error_is_a_minimax_error():
    assert issubclass(ChanceNodeError, mv.MinimaxError) and issubclass(ChanceNodeError, ValueError)
    with pytest.raises(ChanceNodeError):
        iterative_deepening(DICE, seconds=None)


def test_a_game_that_names_an_unknown_kind():
    class Odd(KindTree):
        def node_type(self, state):
            return "MAX"

    for memo in (False, True):
        with pytest.raises(InvalidOption, match="node_type returned 'MAX'; it must return 'max', 'min' or 'chance'"):
            minimax(Odd(("max", [1, 2], [1, 1])), memo=memo)


@pytest.mark.parametrize("odds", [[0.5], [0.5, 0.6], [1.5, -0.5], ["1/2", "1/2"]])
def test_a_game_with_bad_probabilities(odds):
    class Bad(KindTree):
        def probabilities(self, state):
            return odds

    with pytest.raises(InvalidOption, match="probabilities returned .* one probability in \\(0, 1\\] per move"):
        expectimax(Bad(("chance", [1, 2], [1, 1])))


# -- the notation ----------------------------------------------------------------------------

def test_unmarked_lists_still_alternate():
    tree = GameTree(AIMA)
    assert [tree.node_type(p) for p in [(), (0,), (0, 0)]] == ["max", "min", "max"]
    assert tree.player((1,)) == "MIN" and tree.probabilities(()) == (1 / 3,) * 3


def test_marks_change_one_node_only():
    tree = GameTree([["chance", [1, 2], 3]])
    assert [tree.node_type(p) for p in [(), (0,), (0, 0)]] == ["max", "chance", "max"]
    assert tree.player((0,)) == "CHANCE" and tree.is_max((0, 0)) and not tree.is_max((0,))


@pytest.mark.parametrize("nested, words", [
    ([["chanse", 1, 2]], "the list at path \\(0,\\) starts with 'chanse'; .*'max', 'min' or 'chance'"),
    ([["min"]], "the inner node at path \\(0,\\) has no children"),
    ([["chance", (0.5, 1), 2]], "the chance node at path \\(0,\\): write every outcome as a pair"),
    ([["chance", (0.5, 1, 2), (0.5, 3)]], "write every outcome as a pair"),
    ([["chance", (1.5, 1), (-0.5, 2)]], "the probability of outcome 0 is 1.5; a probability is a number in \\(0, 1\\]"),
    ([["chance", (0, 1), (1, 2)]], "the probability of outcome 0 is 0;"),
    ([["chance", (True, 1)]], "the probability of outcome 0 is True"),
    ([["chance", (0.5, 1), (0.4, 2)]], "its probabilities add up to 0.9, not 1"),
])
def test_bad_marks_and_probabilities(nested, words):
    with pytest.raises(InvalidTree, match=words):
        GameTree(nested)


def test_probabilities_within_1e_9_are_accepted():
    GameTree([["chance", (0.1, 1), (0.2, 2), (0.7, 3)]])  # sums to 0.9999999999999999
    GameTree([["chance", (1 / 3, 1), (1 / 3, 2), (1 / 3 + 5e-10, 3)]])
    with pytest.raises(InvalidTree, match="add up to"):
        GameTree([["chance", (1 / 3, 1), (1 / 3, 2), (1 / 3 + 5e-9, 3)]])


TEXT = """\
start A
A a1 B
A a2 C
B chance
B b1 D 1/4
B b2 E 0.75
C min
C c1 F
C c2 G
F min
F f1 H
F f2 I
D 8
E 0
G 3
H 5
I 1
"""


def test_kinds_and_probabilities_from_text():
    tree = GameTree.from_text(TEXT)
    assert tree.nested == [["chance", (0.25, 8), (0.75, 0)], ["min", ["min", 5, 1], 3]]
    assert tree.node_type("B") == "chance" and tree.probabilities("B") == (0.25, 0.75)
    assert tree.node_type("F") == "min"  # a second Min level
    assert minimax(GameTree([["min", ["min", 5, 1], 3]])).score == 1
    assert expectimax(tree).score == pytest.approx(max(2, ((5 + 1) / 2 + 3) / 2))


def test_text_round_trip_with_kinds():
    tree = GameTree.from_text(TEXT)
    text = tree.to_text_format()
    assert "B chance\nB b1 D 0.25\nB b2 E 0.75" in text and "F min" in text
    again = GameTree.from_text(text)
    assert again.nested == tree.nested and again.to_text_format() == text


def test_text_writes_thirds_as_fractions():
    tree = GameTree([["chance", (1 / 3, 1), (2 / 3, 2)]])
    assert "B b1 C 1/3\nB b2 D 2/3" in tree.to_text_format()
    assert GameTree.from_text(tree.to_text_format()).nested == tree.nested


@st.composite
def marked_trees(draw, level=0):
    if level >= 3 or draw(st.booleans()) and level:
        return draw(st.integers(-9, 9))
    children = [draw(marked_trees(level + 1)) for _ in range(draw(st.integers(1, 3)))]
    kind = draw(st.sampled_from([None, "max", "min", "chance"]))
    if kind == "chance" and draw(st.booleans()):
        weights = [draw(st.integers(1, 4)) for _ in children]
        children = [(w / sum(weights), c) for w, c in zip(weights, children)]
        if abs(sum(p for p, _ in children) - 1) > 1e-9:
            children = [(1 / len(children), c) for _, c in children]
    return children if kind is None else [kind, *children]


@settings(max_examples=examples(100), deadline=None)
@given(marked_trees())
def test_marked_trees_round_trip_through_text(nested):
    tree = GameTree(nested)
    again = GameTree.from_text(tree.to_text_format())
    assert again.nested == tree.nested
    assert expectimax(again).score == expectimax(tree).score


@pytest.mark.parametrize("text, words", [
    ("start A\nA a1 B\nB chance\nB 3", "line 3: B is a leaf \\(its value is on line 4\\); only a state with moves has a kind"),
    ("start A\nA chance\nA max\nA a1 B\nB 1", "line 3: A already has a kind \\(line 2\\)"),
    ("start A\nA a1 B 0.5\nA a2 C 0.5\nB 1\nC 2", "line 2: a probability on a move of A, which is not a chance node; add a line 'A chance'"),
    ("start A\nA chance\nA a1 B 0.5\nA a2 C\nB 1\nC 2", "line 4: the move 'a2' of the chance node A has no probability but others have one"),
    ("start A\nA chance\nA a1 B 0.5\nA a2 C 0.4\nB 1\nC 2", "line 3: the chance node A: its probabilities add up to 0.9, not 1"),
    ("start A\nA chance\nA a1 B 2\nB 1", "line 3: the fourth word, '2', must be the move's probability"),
    ("start A\nA chance\nA a1 B 1/0\nB 1", "line 3: the fourth word, '1/0'"),
])
def test_bad_kinds_and_probabilities_in_text_name_the_line(text, words):
    with pytest.raises(InvalidTree, match=words):
        GameTree.from_text(text)


# -- the trace -------------------------------------------------------------------------------

def test_nodes_know_their_kind_and_probability():
    tree = expectimax(GameTree([["chance", (0.25, 8), (0.75, 0)], [3, 5]])).tree
    b, c = tree.root.children
    assert (tree.root.node_type, b.node_type, c.node_type) == ("max", "chance", "chance")
    assert [n.probability for n in b.children] == [0.25, 0.75]
    assert [n.probability for n in c.children] == [0.5, 0.5]  # Min at random
    assert b.probability is None and tree.root.probability is None
    plain = minimax(GameTree([[3, 5]])).tree
    assert plain.root.children[0].node_type == "min" and plain.root.children[0].children[0].probability is None


def test_text_trace_words_for_chance_nodes():
    text = expectimax(GameTree([["chance", (0.25, 8), (0.75, 0)], [3, 6]])).tree.text()
    assert "MAX plays 0: chance moves" in text
    assert "chance picks 0 (p=0.25): +8 (leaf)" in text
    assert "chance: average +2 from MAX plays 0" in text
    assert "MAX plays 1: MIN moves at random" in text
    assert "MIN plays 1 (p=0.5): +6 (leaf)" in text
    assert "chance: average +4.50 from MAX plays 1" in text
    assert text.splitlines()[-1].endswith("return +4.50 from root")
