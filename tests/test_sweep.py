"""The sweep of issue 13: every public entry point, given the bad values of each of its
arguments' types, answers with a MinimaxError that names the argument; and a hypothesis
fuzz of the parsers and tree builders, which either build or refuse in words."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis_examples import examples
from hypothesis import HealthCheck, given, settings, strategies as st

import minimax_viz as mv
from minimax_viz.errors import MinimaxError

#: A sweep of hundreds of quick cases: make check leaves it to make test, which runs every one
#: (the quick path stays under a minute).
pytestmark = pytest.mark.slow

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
nan, inf = math.nan, math.inf

# Bad values by the type an argument takes.
WHOLE_OR_NONE = [-1, 1.5, "3", True, nan, inf, [2]]        # depth, max_calls, ...
WHOLE = WHOLE_OR_NONE + [None]                             # max_nodes, limit, ...
SECONDS = [0, -1, nan, -inf, "1", True, [1]]
FUNCTION = [5, "f", [1], (lambda: 0,)]
GAME = [None, 5, "TicTacToe", mv.TicTacToe, [[3, 5]]]
DPI = [0, -100, 100_000, nan, "100", None, True]


def _tree():
    return mv.minimax(mv.GameTree(AIMA)).tree


# (entry point, argument, bad values, a call that passes the value as that argument)
CASES = [
    *[(f"{search.__name__}", "depth", WHOLE_OR_NONE, lambda v, s=search: s(mv.GameTree(AIMA), depth=v))
      for search in (mv.minimax, mv.alphabeta, mv.expectimax)],
    *[(f"{search.__name__}", "max_nodes", WHOLE, lambda v, s=search: s(mv.GameTree(AIMA), max_nodes=v))
      for search in (mv.minimax, mv.alphabeta, mv.expectimax)],
    *[(f"{search.__name__}", "evaluate", FUNCTION, lambda v, s=search: s(mv.TicTacToe(), depth=1, evaluate=v))
      for search in (mv.minimax, mv.alphabeta, mv.expectimax)],
    *[(f"{search.__name__}", "game", GAME, lambda v, s=search: s(v))
      for search in (mv.minimax, mv.alphabeta, mv.expectimax, mv.iterative_deepening)],
    ("alphabeta", "order", FUNCTION, lambda v: mv.alphabeta(mv.GameTree(AIMA), order=v)),
    ("alphabeta", "order", [lambda g, s, m: [float(x) for x in m], lambda g, s, m: list(m)[1:],
                            lambda g, s, m: list(m) * 2, lambda g, s, m: [str(x) for x in m]],
     lambda v: mv.alphabeta(mv.GameTree(AIMA), order=v)),
    ("minimax", "evaluate", [lambda b: nan, lambda b: "1", lambda b: None, lambda b: True],
     lambda v: mv.minimax(mv.TicTacToe(), depth=1, evaluate=v)),
    ("iterative_deepening", "seconds", SECONDS, lambda v: mv.iterative_deepening(mv.GameTree(AIMA), seconds=v)),
    ("iterative_deepening", "max_calls", WHOLE_OR_NONE + [0],
     lambda v: mv.iterative_deepening(mv.GameTree(AIMA), max_calls=v)),
    ("iterative_deepening", "max_depth", WHOLE_OR_NONE + [0],
     lambda v: mv.iterative_deepening(mv.GameTree(AIMA), max_depth=v)),
    ("iterative_deepening", "progress", FUNCTION, lambda v: mv.iterative_deepening(mv.GameTree(AIMA), progress=v)),
    ("iterative_deepening", "order", FUNCTION, lambda v: mv.iterative_deepening(mv.GameTree(AIMA), order=v)),
    ("search_with_progress", "progress", FUNCTION,
     lambda v: mv.search_with_progress(mv.GameTree(AIMA), display=lambda view: None, progress=v)),
    ("search_with_progress", "seconds", SECONDS,
     lambda v: mv.search_with_progress(mv.GameTree(AIMA), display=lambda view: None, seconds=v)),
    ("search_with_progress", "game", GAME, lambda v: mv.search_with_progress(v, display=lambda view: None)),
    ("GameTree.random", "depth", WHOLE_OR_NONE + [0, None], lambda v: mv.GameTree.random(depth=v)),
    ("GameTree.random", "branching", WHOLE_OR_NONE + [0, None, (3, 1), (0, 2), (1, "2")],
     lambda v: mv.GameTree.random(branching=v)),
    ("GameTree.random", "low", [1.5, "0", None, nan, 10], lambda v: mv.GameTree.random(low=v)),
    ("GameTree.random", "high", [1.5, "0", None, nan, -10], lambda v: mv.GameTree.random(high=v)),
    ("GameTree", "max_nodes", WHOLE + [0], lambda v: mv.GameTree(AIMA, max_nodes=v)),
    ("GameTree", "leaf", [nan, "3", None, True, {}], lambda v: mv.GameTree([[3, v]])),
    ("SearchTree.text", "limit", [-3, 1.5, "3", None, True], lambda v: _tree().text(limit=v)),
    ("SearchTree.nodes", "node index", [1.5, "0", None], lambda v: _tree().nodes[v]),
    ("Explorer", "dpi", DPI, lambda v: mv.Explorer(dpi=v)),
    ("Explorer", "depth", WHOLE_OR_NONE + [0, 10], lambda v: mv.Explorer(depth=v)),
    ("Explorer", "algorithm", ["minmax", None, 1], lambda v: mv.Explorer(algorithm=v)),
    ("Explorer", "order", ["random", None, 1], lambda v: mv.Explorer(order=v)),
    ("Explorer", "heuristic", ["best", None, 1], lambda v: mv.Explorer(heuristic=v)),
    ("Explorer", "board", [5, None.__class__, "X.O", "X?O......", list(range(8))],
     lambda v: mv.Explorer(board=v)),
    ("PlayBoard", "dpi", DPI, lambda v: mv.PlayBoard(dpi=v)),
    ("PlayBoard", "depth", WHOLE_OR_NONE + [0], lambda v: mv.PlayBoard(depth=v)),
    ("PlayBoard", "seconds", SECONDS, lambda v: mv.PlayBoard(seconds=v)),
    ("PlayBoard", "max_nodes", WHOLE + [0], lambda v: mv.PlayBoard(max_nodes=v)),
    ("PlayBoard", "human", ["Y", "White", 1], lambda v: mv.PlayBoard(human=v)),   # None: the first player
    ("PlayBoard", "game", [5, "x", [[3, 5]]], lambda v: mv.PlayBoard(v)),
    ("PlayBoard", "start", ["XXXOO...."], lambda v: mv.PlayBoard(start=v)),
]

IDS = [f"{entry}-{arg}-{i}" for entry, arg, values, _ in CASES for i in range(len(values))]
FLAT = [(arg, value, call) for _, arg, values, call in CASES for value in values]


@pytest.mark.parametrize("arg, value, call", FLAT, ids=IDS)
def test_every_bad_value_gets_words_naming_its_argument(arg, value, call):
    with pytest.raises(MinimaxError) as caught:
        call(value)
    message = str(caught.value)
    words = {"leaf": "leaf", "node index": "node index", "start": "start"}.get(arg, arg)
    assert re.search(rf"\b{re.escape(words)}\b", message), message


BOARDS = [5.5, "XXXXXXXXX", "X.O", [1, 2], -1, 1 << 20, {}, None.__class__, "OO.......", "XXX.OO.OO"]


@pytest.mark.parametrize("board", BOARDS, ids=[repr(b)[:20] for b in BOARDS])
def test_bad_tictactoe_boards_are_refused_by_every_method(board):
    game = mv.TicTacToe()
    for method in (game.state, game.board, game.player, game.moves, game.to_text, game.is_terminal):
        with pytest.raises(mv.InvalidBoard):
            method(board)
    for search in (mv.minimax, mv.alphabeta):
        with pytest.raises(mv.InvalidBoard):
            search(game, board)


# -- the fuzz ----------------------------------------------------------------------------------------

words = st.lists(st.sampled_from(list("ABCab12.-/#\t") + ["start", "chance", "min", "1/4", "٣", "0", "A1"]),
                 max_size=6).map(" ".join)
lines = st.lists(st.one_of(
    st.builds(lambda a, b, c: f"{a} {b} {c}", st.sampled_from("ABCDE"), st.sampled_from(["m", "n", "o"]),
              st.sampled_from("ABCDE")),
    st.builds(lambda a, v: f"{a} {v}", st.sampled_from("ABCDE"),
              st.sampled_from(["1", "-2", "0.5", "nan", "inf", "x", "chance", "min", "1e400"])),
    st.just("start A"), words,
), max_size=12).map("\n".join)


def _refused_in_words(build, value):
    """Build, or raise a MinimaxError with a message; no other exception, never a hang."""
    try:
        return build(value)
    except MinimaxError as err:
        assert str(err).strip()
        return None


FUZZ = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(lines)
def test_from_text_builds_or_refuses_in_words(text):
    tree = _refused_in_words(mv.GameTree.from_text, text)
    if tree is not None:
        again = mv.GameTree.from_text(tree.to_text_format())
        assert again.nested == tree.nested
        assert all(not math.isnan(v) for v in (tree.value(p) for p in tree.leaves()))


leaves = st.one_of(st.integers(-20, 20), st.floats(allow_nan=True, allow_infinity=True),
                   st.sampled_from(["3", None, True, "chance", "min", (0.5, 1)]))
nested = st.recursive(leaves, lambda kids: st.lists(kids, max_size=4) | st.tuples(kids, kids), max_leaves=20)


@FUZZ
@given(nested)
def test_nested_lists_build_or_refuse_in_words(value):
    tree = _refused_in_words(mv.GameTree, value)
    if tree is not None and len(tree.leaves()) < 200:
        try:
            result = mv.minimax(tree)
        except mv.ChanceNodeError:
            result = mv.expectimax(tree)
        assert not math.isnan(result.score)


@FUZZ
@given(st.text(max_size=20))
def test_from_moves_builds_or_refuses_in_words(moves):
    board = _refused_in_words(mv.ConnectFour.from_moves, moves)
    if board is not None:
        assert set(moves.strip()) <= set("1234567")


@FUZZ
@given(st.one_of(st.text(max_size=12), st.lists(st.one_of(st.sampled_from(["X", "O", "x", "."]), st.integers(-2, 10)),
                                                max_size=10), st.integers(-5, 1 << 19)))
def test_tictactoe_boards_are_read_or_refused_in_words(board):
    game = mv.TicTacToe()
    code = _refused_in_words(game.state, board)
    if code is not None:
        assert game.state(game.board(code)) == code
        assert _refused_in_words(game.board, code) is not None
