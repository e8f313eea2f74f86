"""``reuse=True``: a subtree met again is copied, not searched, and nothing else changes.

The truth here is the search without the option: every column of the recorded tree (parents,
moves, kinds, scores, depths, subtree ends, windows in and out), the score, the move and
every count must be the same, on tic-tac-toe, Connect Four, CS188-style graphs, random trees
with transpositions at other depths, with and without depth limits, move orders and the
solver's options. The whole tic-tac-toe tree keeps its known size (549,946 calls, 255,168
games) while the game is asked about 16,168 positions' worth of calls.
"""

from __future__ import annotations

import random
import sys
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_examples import examples

import minimax_viz as mv
from minimax_viz import ConnectFour, GameTree, TicTacToe, alphabeta, centre_first, expectimax, minimax
from minimax_viz.draw import TreeView
from minimax_viz.errors import InvalidOption, TreeTooLarge
from minimax_viz.trace.recorder import _plus
from minimax_viz.widgets.navigate import TreeNavigator

COLUMNS = ("parent", "move", "kind", "score", "depth", "end")
WINDOW = ("alpha", "beta", "alpha_out", "beta_out")


def differences(plain, reused) -> list[str]:
    """What differs between two results of the same search: column names, or the answers."""
    out = [name for name in ("score", "move", "stats") if getattr(plain, name) != getattr(reused, name)]
    if plain.tree is None:
        return out
    a, b = plain.tree.recorder, reused.tree.recorder
    names = COLUMNS + (WINDOW if a.window else ())
    return out + [name for name in names if getattr(a, name).tobytes() != getattr(b, name).tobytes()]


def both(search, game, state=None, **options):
    """The search without and with reuse, and what differs."""
    plain = search(game, state, **options)
    reused = search(game, state, reuse=True, **options)
    return plain, reused, differences(plain, reused)


def _zero(board) -> int:
    return 0


#: The empty board's searches take a second or more in all: slow (make check leaves them out).
BOARDS = [pytest.param(".........", marks=pytest.mark.slow), "X........", "....X....", "X.O......", "XO..X....",
          "XO.OX.X.."]
SETTINGS = [
    (minimax, {}), (minimax, {"evaluate": _zero}),
    (alphabeta, {}), (alphabeta, {"prune_on_equal": False}), (alphabeta, {"order": centre_first}),
    (alphabeta, {"order": centre_first, "prune_on_equal": False, "evaluate": _zero}),
    (expectimax, {}),
]


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("depth", [None, 1, 2, 4])
@pytest.mark.parametrize("search, options", SETTINGS, ids=[
    "minimax", "minimax-zero", "alphabeta", "alphabeta-strict", "alphabeta-centre", "alphabeta-centre-strict-zero",
    "expectimax"])
def test_tic_tac_toe_trees_are_the_same_with_reuse(board, depth, search, options):
    if board == "........." and depth is None and search is not alphabeta:
        pytest.skip("the whole tree is test_the_whole_tree_keeps_its_size_and_asks_the_game_less's")
    plain, reused, differ = both(search, TicTacToe(), board, depth=depth, **options)
    assert not differ, f"{search.__name__} of {board} at depth {depth} with {options}: {differ} differ"


class Counting(TicTacToe):
    """Tic-tac-toe that counts the calls the search makes (it asks the outcome once per call)."""

    def __init__(self):
        super().__init__()
        self.asked = 0
        outcome = self.outcome

        def counted(code):
            self.asked += 1
            return outcome(code)

        self.outcome = counted


@pytest.mark.slow
@pytest.mark.parametrize("search", [minimax, expectimax])
def test_the_whole_tree_keeps_its_size_and_asks_the_game_less(search):
    plain_game, reused_game = Counting(), Counting()
    plain = search(plain_game)
    reused = search(reused_game, reuse=True)
    assert not differences(plain, reused)
    assert len(reused.tree) == reused.stats.calls == 549_946
    assert reused.stats.leaves == 255_168 and reused.tree.counts()["leaf"] == 255_168
    assert plain_game.asked == 549_946
    # the root, and each child of each of the 4,520 positions still on, once
    assert reused_game.asked == 16_168 == expectimax(TicTacToe(), memo=True, record=False).stats.calls


def test_a_replay_of_a_copied_tree_reads_as_the_plain_one():
    plain, reused, differ = both(minimax, TicTacToe(), "X.O......")
    assert not differ and reused.tree.recorder._copies, "this search copies subtrees"
    assert reused.tree.text(limit=400) == plain.tree.text(limit=400)
    assert [reused.tree.event_words(s) for s in range(0, reused.tree.n_steps, 97)] == \
        [plain.tree.event_words(s) for s in range(0, plain.tree.n_steps, 97)]
    assert [n.score for n in reused.tree.principal_variation()] == [n.score for n in plain.tree.principal_variation()]


@pytest.mark.parametrize("options", [
    {}, {"quick_wins": True}, {"win_check": True}, {"win_check": True, "quick_wins": True, "narrow": True},
    {"order": centre_first, "quick_wins": True, "win_check": True},
])
def test_connect_four_with_the_solvers_options(options):
    game = ConnectFour(rows=4, cols=4)
    for moves in ("1122", "2323", "1423"):
        plain, reused, differ = both(alphabeta, game, moves, **options)
        assert not differ, f"alpha-beta of {moves} with {options}: {differ} differ"
    plain, reused, differ = both(minimax, game, "11223", depth=5)
    assert not differ


def test_a_transposition_at_another_depth_is_copied_deeper_or_shallower():
    # C is met one level below the root and again three levels below it.
    text = """start A
    A a1 B
    A a2 C
    B b1 D
    B b2 E
    D d1 C
    D d2 F
    C c1 G
    C c2 H
    E 4
    F 5
    G 3
    H 9
    """
    tree = GameTree.from_text("\n".join(line.strip() for line in text.splitlines()))
    plain, reused, differ = both(minimax, tree)
    assert not differ
    assert list(reused.tree.columns().depth) == [0, 1, 2, 3, 4, 4, 3, 2, 1, 2, 2]
    assert reused.tree.recorder._copies == [(9, 4, 2)], "C's two leaves, first met at depth 4, copied at depth 2"


def random_graph_text(rng: random.Random, size: int) -> str:
    """A random game graph in the text format: states in levels, moves one or three levels
    down (so a state can be met at two depths of the same parity), leaves valued -9 to 9;
    only the states reached from the start are written."""
    levels = [["S"]] + [[f"L{d}n{i}" for i in range(rng.randint(1, 3))] for d in range(1, size)]
    moves: dict[str, list[str]] = {}
    for d, level in enumerate(levels):
        for name in level:
            targets = [t for step in (1, 3) if d + step < len(levels) for t in levels[d + step]]
            moves[name] = rng.sample(targets, min(len(targets), rng.randint(1, 3))) if targets else []
    reached, frontier = ["S"], ["S"]
    while frontier:
        for target in moves[frontier.pop()]:
            if target not in reached:
                reached.append(target)
                frontier.append(target)
    lines = ["start S"]
    for name in reached:
        lines += [f"{name} m{k} {target}" for k, target in enumerate(moves[name])]
        if not moves[name]:
            lines.append(f"{name} {rng.randint(-9, 9)}")
    return "\n".join(lines)


@settings(max_examples=examples(150))
@given(seed=st.integers(0, 10**6), size=st.integers(2, 7), depth=st.sampled_from([None, 1, 2, 3]),
       on_equal=st.booleans())
def test_random_graphs_give_the_same_trees(seed, size, depth, on_equal):
    tree = GameTree.from_text(random_graph_text(random.Random(seed), size))
    for search, options in ((minimax, {}), (alphabeta, {"prune_on_equal": on_equal}), (expectimax, {})):
        plain, reused, differ = both(search, tree, depth=depth, **options)
        assert not differ, f"{search.__name__}: {differ} differ"
        assert not both(search, tree, depth=depth, record=False, **options)[2]


def test_the_limits_are_kept_as_without_reuse():
    game = TicTacToe()
    with pytest.raises(TreeTooLarge, match="max_nodes=5,000"):
        minimax(game, "X........", max_nodes=5_000)
    with pytest.raises(TreeTooLarge, match="max_nodes=5,000"):
        minimax(game, "X........", max_nodes=5_000, reuse=True)
    calls = minimax(game, "X........", record=False).stats.calls
    for record in (True, False):
        assert minimax(game, "X........", max_calls=calls, reuse=True, record=record).stats.calls == calls
        with pytest.raises(TreeTooLarge, match=f"max_calls={calls - 1:,}"):
            minimax(game, "X........", max_calls=calls - 1, reuse=True, record=record)


@pytest.mark.parametrize("options, words", [
    ({"reuse": "yes"}, "reuse must be True or False, not 'yes'"),
    ({"reuse": True, "memo": True}, "reuse=True and memo=True do not go together"),
])
def test_options_that_cannot_be_are_refused_in_words(options, words):
    with pytest.raises(InvalidOption, match=words):
        alphabeta(TicTacToe(), **options)


def test_a_key_that_cannot_key_a_table_is_named():
    class Listed(TicTacToe):
        def key(self, state):
            return [state]

    with pytest.raises(InvalidOption, match="reuse=True needs Listed.key to return a hashable value"):
        minimax(Listed(), "XO..X....", reuse=True)


@pytest.mark.slow
def test_the_explorer_draws_what_the_plain_search_draws():
    explorer = mv.Explorer(".........", depth=3, algorithm="minimax")
    explorer.depth.value = "end"
    plain = minimax(TicTacToe(), ".........")
    assert not differences(plain, explorer.result)
    assert explorer.summary.value.endswith("minimax: 549,946 calls.</p>")
    navigator = TreeNavigator(dpi=100)
    navigator.show(TreeView(plain.tree, pyplot=False, title=False, legend=False))
    assert explorer.navigator.png == navigator.png


@settings(max_examples=examples(200))
@given(items=st.lists(st.integers(0, 2**20), max_size=40), shift=st.integers(-2**10, 2**20))
def test_plus_adds_to_every_item_as_item_by_item_addition_does(items, shift):
    shift = max(shift, -min(items, default=0))   # the sums stay 0 or more
    column = array("i", items)
    assert list(_plus(column, shift)) == [x + shift for x in items]
    assert list(column) == items, "the items given are left alone"


def test_plus_refuses_a_byte_that_overflows():
    assert list(_plus(array("B", [0, 250]), 5)) == [5, 255]
    with pytest.raises(OverflowError):
        _plus(array("B", [0, 251]), 5)
    assert sys.byteorder in ("little", "big")
