"""Textbook trees as text: reading, writing, round trips and errors with line numbers."""

import random

import pytest

from minimax_viz import GameTree, InvalidTree, alphabeta, minimax

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

AIMA_TEXT = """\
# AIMA 3rd ed., figure 5.2: Max moves a1-a3, Min answers
start A
A a1 B
A a2 C
A a3 D
B b1 B1
B b2 B2
B b3 B3
C c1 C1
C c2 C2
C c3 C3
D d1 D1
D d2 D2
D d3 D3
B1 3
B2 12
B3 8
C1 2
C2 4
C3 6
D1 14
D2 5
D3 2
"""


def test_aima_figure_from_text():
    tree = GameTree.from_text(AIMA_TEXT)
    assert tree.nested == AIMA
    result = minimax(tree)
    assert (result.score, result.move) == (3, 0)
    assert tree.name(()) == "A" and tree.name((2, 0)) == "D1"
    assert [tree.label((), m) for m in tree.moves(())] == ["a1", "a2", "a3"]
    assert tree.player((1,)) == "MIN"


def test_round_trip_of_the_text():
    tree = GameTree.from_text(AIMA_TEXT)
    text = tree.to_text_format()
    assert text == "\n".join(line for line in AIMA_TEXT.splitlines() if not line.startswith("#"))
    again = GameTree.from_text(text)
    assert again.nested == tree.nested and again.to_text_format() == text


@pytest.mark.parametrize("seed", range(30))
def test_round_trip_of_random_trees(seed):
    tree = GameTree.random(depth=random.Random(seed).randint(1, 4), branching=(1, 4), seed=seed)
    text = tree.to_text_format()
    again = GameTree.from_text(text)
    assert again.nested == tree.nested
    assert again.to_text_format() == text
    assert minimax(again).score == minimax(tree).score


def test_nested_trees_get_aima_names():
    tree = GameTree(AIMA)
    assert tree.name(()) == "A" and tree.name((0,)) == "B" and tree.name((2, 2)) == "M"
    assert tree.label((1,), 2) == "c3"
    assert tree.to_text_format().splitlines()[:3] == ["start A", "A a1 B", "A a2 C"]
    assert tree.key((1, 2)) == (1, 2)  # keys stay paths: no state is shared


def test_many_states_get_spreadsheet_names():
    tree = GameTree([list(range(30))])
    assert tree.name((0, 29)) == "AF"  # A, then B, then C..Z (24) and AA..AF (6)


def test_shared_states_are_written_once():
    text = "start A\nA a1 B\nA a2 C\nB b1 D\nC c1 D\nD 7"
    tree = GameTree.from_text(text)
    assert tree.nested == [[7], [7]]
    assert tree.key((0, 0)) == tree.key((1, 0)) == "D"
    assert tree.to_text_format() == text
    assert alphabeta(tree, memo=True).score == 7


def test_comments_blank_lines_and_numbers():
    tree = GameTree.from_text("\n  start R   # the root\n\nR x L1\nR y L2\nL1 -2.5\nL2 +4\n")
    assert tree.nested == [-2.5, 4]
    assert tree.to_text_format().splitlines()[-2:] == ["L1 -2.5", "L2 4"]


def test_a_single_leaf():
    assert GameTree.from_text("start A\nA 5").nested == 5


@pytest.mark.parametrize(
    "text, words",
    [
        ("A a1 B\nB 3", "no start line"),
        ("start A\nstart B\nA 1", "line 2: a second start line \\(the first is line 1\\)"),
        ("start\nA 1", "line 1: write the start as 'start A'"),
        ("start A\nA a1 B\nA a1 C\nB 1\nC 2", "line 3: A already has a move labelled 'a1' \\(line 2\\)"),
        ("start A\nA a1 B\nB three", "line 3: the value of B is 'three', not a number"),
        ("start A\nA a1 B\nB nan", "not a number"),
        ("start A\nA a1 B\nB 1\nB 2", "line 4: B already has a value \\(line 3\\)"),
        ("start A\nA a1 B\nB 1\nA 2", "line 4: A has a value but also moves \\(line 2\\)"),
        ("start A\nA a1 3", "line 2: '3' cannot name a state, as it reads as a number"),
        ("start A\nA a1 start", "reads as the start keyword"),
        ("start A\nA a1 B c", "line 2: the fourth word, 'c', must be the move's probability"),
        ("start A\nA a1 B c d", "line 2 has 5 words"),
        ("start A\nA a1 B", "line 2: B has no moves and no value"),
        ("start A", "line 1: A has no moves and no value"),
        ("start A\nA a1 B\nB b1 A", "line 3: the move 'b1' from B leads back to A"),
        ("start A\nA a1 B\nB b1 C\nA a2 C\nC 1", "line 4: C is reached here with the other player"),
        ("start A\nA a1 B\nB 1\nZ 2", "line 4: Z cannot be reached from the start, A"),
        ("start A\nA a1 B\nB 1\nX x1 Y\nY 3", "line 4: X cannot be reached"),
    ],
)
def test_bad_text_names_the_line(text, words):
    with pytest.raises(InvalidTree, match=words):
        GameTree.from_text(text)


def test_a_tree_that_unfolds_too_far():
    # 30 levels of two moves to one shared state each: tiny as text, 2**30 paths
    lines = ["start S0"] + [f"S{i} {m} S{i + 1}" for i in range(30) for m in ("l", "r")] + ["S30 1"]
    with pytest.raises(InvalidTree, match="unfolds to more than 100,000 nodes"):
        GameTree.from_text("\n".join(lines))


def test_from_text_needs_a_string():
    with pytest.raises(InvalidTree, match="not list"):
        GameTree.from_text(["start A", "A 1"])
