"""Event words come from one place (the trace's parts and formatter): a move's name is
never rewritten, in the text trace, the titles or the Stepper.

The tree is our own, in the format of CS188's ``GraphGameTreeTest`` files, with actions
whose names hold "inf" (``infiltrate``, ``inform``, ``infinite``): a formatter that wrote
the trace in ASCII and then replaced "inf" by "∞" showed "Pacman plays ∞iltrate".
"""

import pytest

import minimax_viz as mv
from minimax_viz.scene import Scene
from minimax_viz.trace import EventParts, event_text

# Pacman (Max) at s, one ghost (Min) below. By hand:
#   minimax:    a = min(10, -5) = -5, b = -1; s = max(-5, -1) = -1, best move wait
#   alpha-beta: the same, nothing cut (b has one child); b enters with alpha = -5
#   expectimax: a = (10 - 5) / 2 = 2.5, b = -1; s = 2.5, best move infiltrate
INFILTRATE = '''\
num_agents: "2"
start_state: "s"
win_states: "w"
lose_states: "l d"
successors: """
s infiltrate a
s wait b
a inform w
a fine l
b infinite d
"""
evaluation: """
w 10
l -5
d -1
"""
depth: "3"
'''


@pytest.fixture
def pacman():
    return mv.GameTree.from_cs188(INFILTRATE)


def test_the_text_trace_keeps_move_names(pacman):
    assert mv.alphabeta(pacman).tree.text().splitlines() == [
        "  0 root: Pacman to move, alpha=-inf beta=+inf",
        "  1   Pacman plays infiltrate: ghost 1 to move, alpha=-inf beta=+inf",
        "  2     ghost 1 plays inform: +10 (win)",
        "  3     ghost 1 plays fine: -5 (lose)",
        "  4   return -5 from Pacman plays infiltrate",
        "  5   Pacman plays wait: ghost 1 to move, alpha=-5 beta=+inf",
        "  6     ghost 1 plays infinite: -1 (lose)",
        "  7   return -1 from Pacman plays wait",
        "  8 return -1 from root",
    ]


@pytest.mark.parametrize("search", [mv.minimax, mv.alphabeta, mv.expectimax])
def test_every_view_names_infiltrate(pacman, search):
    tree = search(pacman).tree
    scene = Scene(tree)
    for k in range(tree.n_steps):
        views = [tree.event_words(k), tree.event_words(k, window=True), mv.Stepper(tree, step=k).caption,
                 scene.title(k), tree.text().splitlines()[k]]
        for words in views:
            assert "∞i" not in words and "∞o" not in words, words
    assert "∞" in tree.event_words(1, window=True) or search is not mv.alphabeta


def test_the_words_of_each_view(pacman):
    tree = mv.alphabeta(pacman).tree
    assert tree.event_words(1) == "Pacman plays infiltrate: ghost 1 to move"
    assert tree.event_words(1, window=True) == "Pacman plays infiltrate: ghost 1 to move, alpha=−∞ beta=+∞"
    assert tree.event_words(4) == "return −5 from Pacman plays infiltrate"
    assert Scene(tree).title(6) == "event 6 of 8: ghost 1 plays infinite: −1 (lose)"
    stepper = mv.Stepper(tree, step=1)
    assert stepper.caption == "Event 1 of 8: Pacman plays infiltrate: a new call, ghost 1 to move"
    stepper.step = 4
    assert stepper.caption == "Event 4 of 8: the call after Pacman plays infiltrate returns −5 (best for ghost 1)"
    stepper.step = 8
    assert stepper.caption == "Event 8 of 8: the search ends: value −1; best move wait"
    expecti = mv.expectimax(pacman).tree
    assert expecti.event_words(2) == "ghost 1 plays inform (p=0.5): +10 (win)"
    assert expecti.event_words(4) == "chance: average +2.50 from Pacman plays infiltrate"
    assert mv.Stepper(expecti, step=8).caption == "Event 8 of 8: the search ends: value 2.50; best move infiltrate"


def test_an_event_is_structured_parts(pacman):
    parts = mv.alphabeta(pacman).tree.event_parts(5)
    assert isinstance(parts, EventParts)
    assert (parts.kind, parts.by, parts.move, parts.who, parts.window) == (
        "enter", "Pacman", "wait", "ghost 1", (-5, mv.trace.math.inf))
    # one formatter for every view: the text trace in ASCII, the rest with real signs
    assert event_text(parts, ascii=True, window=True) == "Pacman plays wait: ghost 1 to move, alpha=-5 beta=+inf"
    assert event_text(parts, window=True) == "Pacman plays wait: ghost 1 to move, alpha=−5 beta=+∞"


def test_a_move_name_that_looks_like_a_number_is_kept():
    """A name is written as the game gives it: no sign or infinity is put into it."""
    text = INFILTRATE.replace("s wait b", "s -inf b")
    tree = mv.minimax(mv.GameTree.from_cs188(text)).tree
    assert tree.event_words(5) == "Pacman plays -inf: ghost 1 to move"
    assert tree.event_words(7) == "return −1 from Pacman plays -inf"
