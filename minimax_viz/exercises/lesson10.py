"""Checks for lesson 10, "Write Your Own Minimax": the learner's minimax, alpha-beta and
expectimax, run on trees they have not seen and watched while they run.

A learner's search is a function ``search(game, state, depth) -> (value, move)`` over the
package's :class:`~minimax_viz.Game` interface (``node_type``, ``is_terminal``,
``utility``, ``evaluate``, ``moves``, ``play``, ``probabilities``). Each check runs it on
seeded random trees, trees where Min moves twice in a row and CS188-style trees with a
depth limit, and compares, as an autograder would, the value, the move and the positions
it generated with the package's own search. It also does what an autograder does not:
it watches the game it hands over (every ``moves``/``play``/``successors`` call, and
every look at a position), so it knows the order in which the learner's search met the
positions, names the first place where that order parts from the right one ("your
search looked at b2 before b1", "you cut c2, but there α = 3 < β = 5"), names the
classic bug when the search behaves exactly like it, and draws the learner's tree under
the right one (:meth:`SearchFeedback.picture`).

>>> import math
>>> def minimax(game, state, depth=math.inf):
...     if game.is_terminal(state):
...         return game.utility(state), None
...     if depth == 0:
...         return game.evaluate(state), None
...     best_value, best_move = None, None
...     for move in game.moves(state):
...         value, _ = minimax(game, game.play(state, move), depth - 1)
...         if best_move is None or (value > best_value if game.node_type(state) == "max"
...                                  else value < best_value):
...             best_value, best_move = value, move
...     return best_value, best_move
>>> check_minimax(minimax)
Right: your minimax gives the right value and move on all 8 trees, and met the positions in the right order.
"""

from __future__ import annotations

import math
import signal
import threading
from dataclasses import dataclass, field
from numbers import Real
from typing import Any, Callable

from ..games import GameTree
from ..games.base import Game
from ..search import alphabeta, expectimax, minimax
from ..trace import format_value
from .feedback import Feedback, describe_error

__all__ = [
    "check_minimax", "check_alphabeta", "check_expectimax", "SearchFeedback", "WatchedGame",
    "reference_minimax", "cases",
]

#: Seconds a learner's search may run on one tree before the check stops it.
TIME_LIMIT = 3.0


class _Stop(BaseException):
    """Stops a learner's search that runs too long (a BaseException: ``except Exception``
    in the learner's code does not swallow it)."""


# -- watching a search ------------------------------------------------------------------------

class WatchedGame(Game):
    """A game that notes what a search asks of it: the positions it generated (``play``,
    ``successors``) and the order in which it first looked at each one (any question
    about a position: ``is_terminal``, ``moves``, ``node_type``, ``utility`` ...).

    >>> watched = WatchedGame(GameTree([[3, 12], [2]]))
    >>> watched.moves(watched.play((), 1)), watched.looked, watched.generated
    ((0,), [(1,)], [(1,)])
    """

    def __init__(self, game: Game, *, max_calls: int = 1_000_000):
        self.game = game
        self.max_player, self.min_player = game.max_player, game.min_player
        self.looked: list = []
        self.generated: list = []
        self._seen: set = set()
        self.calls, self.max_calls = 0, max_calls

    def __repr__(self) -> str:
        return repr(self.game)

    def __getattr__(self, name: str):   # what the Game protocol does not name (name, label ...)
        return getattr(self.game, name)

    def _count(self) -> None:
        self.calls += 1
        if self.calls > self.max_calls:
            raise _Stop("too many calls")

    def _look(self, state) -> None:
        self._count()
        try:
            key = self.game.state(state)
        except Exception:  # not a position: the game's own call says so below
            return
        if key not in self._seen:
            self._seen.add(key)
            self.looked.append(key)

    def _made(self, state) -> None:
        self.generated.append(self.game.state(state))

    # what a search asks about a position
    def start(self):
        return self.game.start()

    def state(self, value=None):
        return self.game.state(value)

    def board(self, state):
        return self.game.board(state)

    def to_text(self, state):
        return self.game.to_text(state)

    def move_name(self, state, move):
        return self.game.move_name(state, move)

    def player(self, state):
        self._look(state)
        return self.game.player(state)

    def is_max(self, state):
        self._look(state)
        return self.game.is_max(state)

    def node_type(self, state):
        self._look(state)
        return self.game.node_type(state)

    def probabilities(self, state):
        self._look(state)
        return self.game.probabilities(state)

    def moves(self, state):
        self._look(state)
        return self.game.moves(state)

    def winner(self, state):
        self._look(state)
        return self.game.winner(state)

    def is_terminal(self, state):
        self._look(state)
        return self.game.is_terminal(state)

    def utility(self, state):
        self._look(state)
        return self.game.utility(state)

    def evaluate(self, state):
        self._look(state)
        return self.game.evaluate(state)

    def outcome(self, state):
        self._look(state)
        return self.game.outcome(state)

    def play(self, state, move):
        self._count()
        child = self.game.play(state, move)
        self._made(child)
        return child

    def successors(self, state):
        self._look(state)
        pairs = self.game.successors(state)
        for _, child in pairs:
            self._made(child)
        return pairs


# -- the trees the checks use -------------------------------------------------------------------

TWO_GHOSTS = '''
num_agents: "3"
depth: "1"
start_state: "top"
win_states: "w1 w2"
lose_states: "l1 l2 l3"
successors: """
top Left west
top Right east
west g1a wa
west g1b wb
east g1a ea
east g1b eb
wa g2a w1
wa g2b l1
wb g2a w2
wb g2b wb2
ea g2a l2
ea g2b ec
eb g2a l3
eb g2b w2
"""
evaluation: """
top 3
west 4
east 6
wa 9
wb 1
ea -3
eb 8
w1 20
w2 12
l1 -6
l2 -10
l3 -8
wb2 5
ec 7
"""
'''

DEEP_GHOST = '''
num_agents: "2"
depth: "1"
start_state: "s"
win_states: "win"
lose_states: "lose"
successors: """
s Stay a
s Go b
a g1 a1
a g2 a2
b g1 b1
b g2 b2
a1 Stay lose
a1 Go win
a2 Stay win
a2 Go lose
b1 Stay win
b1 Go win
b2 Stay lose
b2 Go lose
"""
evaluation: """
s 0
a 3
b 2
a1 4
a2 -2
b1 9
b2 1
win 10
lose -10
"""
'''


@dataclass
class Case:
    """One tree a check runs the learner's search on."""

    name: str
    game: Game
    depth: float = math.inf


def cases(kind: str = "minimax") -> list[Case]:
    """The trees a check runs a search on: textbook, ties, non-alternating, random, CS188.

    >>> [c.name for c in cases()][:3]
    ['AIMA figure 5.2', 'a tree of ties', 'two Min agents in a row']
    """
    out = [
        Case("AIMA figure 5.2", GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])),
        Case("a tree of ties", GameTree([[3, 5], [4, 3], [6, 3]])),
        Case("two Min agents in a row", GameTree([[["min", 3, 9], ["min", 4, 6]], [["min", 8, 5]]])),
    ]
    out += [Case(f"random tree (seed {s})", GameTree.random(depth=3, branching=(2, 3), seed=s, low=0, high=6))
            for s in (10, 11, 12)]
    ghosts, deep = GameTree.from_cs188(TWO_GHOSTS), GameTree.from_cs188(DEEP_GHOST)
    out += [Case("CS188-style tree with two ghosts", ghosts, ghosts.depth),
            Case("CS188-style tree cut off at depth 2", deep, deep.depth)]
    if kind == "expectimax":
        out.insert(3, Case("a tree with dice", GameTree(
            [["chance", (0.25, [7, 1]), (0.75, [2, 3])], ["chance", [4, 0], [5, 6], [1, 1]]])))
    return out


# -- readable reference searches (and their classic bugs, to name them) -------------------------

def reference_minimax(game, state, depth=math.inf):
    """Minimax in a dozen lines: the value of ``state`` for Max, and the first best move.

    >>> reference_minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), ())
    (3, 0)
    """
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best_value, best_move = (-math.inf if maximise else math.inf), None
    for move in game.moves(state):
        value, _ = reference_minimax(game, game.play(state, move), depth - 1)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


def _variant(*, ties_last=False, extra_depth=0, average_max=False, swap=False, wrong_bound=False,
             keep_window=False, on_equal=True, prune=False, chance="min", equal_odds=False):
    """A search with one classic bug switched on (or none): used to name the learner's bug."""

    def better(value, best, maximise):
        if ties_last:
            return value >= best if maximise else value <= best
        return value > best if maximise else value < best

    def cut(best, alpha, beta, maximise):
        if wrong_bound:
            limit_max, limit_min = alpha, beta
        else:
            limit_max, limit_min = beta, alpha
        if maximise:
            return best >= limit_max if on_equal else best > limit_max
        return best <= limit_min if on_equal else best < limit_min

    def search(game, state, depth, alpha=-math.inf, beta=math.inf):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        kind = game.node_type(state)
        if kind == "min" and chance == "mean":
            kind = "chance"
        if kind == "chance" or (kind == "max" and average_max):
            moves = list(game.moves(state))
            odds = ([1 / len(moves)] * len(moves) if equal_odds or game.node_type(state) != "chance"
                    else list(game.probabilities(state)))
            total = 0.0
            for p, move in zip(odds, moves):
                total += p * search(game, game.play(state, move), depth - 1, alpha, beta)[0]
            return total, None if kind == "chance" else moves[0]
        maximise = kind == "max"
        best, best_move = (-math.inf if maximise else math.inf), None
        a, b = alpha, beta
        for move in game.moves(state):
            down = (alpha, beta) if keep_window else (b, a) if swap else (a, b)
            value, _ = search(game, game.play(state, move), depth - 1, *down)
            if better(value, best, maximise) or best_move is None and value == best:
                best, best_move = value, move
            if prune:
                if maximise:
                    a = max(a, best)
                else:
                    b = min(b, best)
                if cut(best, a, b, maximise):
                    break
        return best, best_move

    def run(game, state, depth):
        return search(game, state, depth + extra_depth)

    return run


_BUGS = {
    "minimax": [
        ("ties", _variant(ties_last=True),
         "it keeps the last of equally good moves: compare with > (or < at Min), not >=, so the "
         "first best move stays"),
        ("deeper", _variant(extra_depth=1),
         "it searches one ply deeper than asked (depth off by one): stop when depth == 0, and pass "
         "depth - 1 to each child"),
        ("shallower", _variant(extra_depth=-1),
         "it searches one ply less deep than asked (depth off by one): stop when depth == 0, not 1"),
        ("average", _variant(average_max=True, chance="mean"),
         "it averages where it should choose: Max takes the largest value and Min the smallest"),
    ],
}
_BUGS["alphabeta"] = [
    ("swap", _variant(prune=True, swap=True),
     "alpha and beta are swapped in the recursive call: pass them down in their own places, "
     "search(child, depth - 1, alpha, beta)"),
    ("wrong bound", _variant(prune=True, wrong_bound=True),
     "it prunes on the wrong bound: Max stops when its best reaches beta (what Min already "
     "has elsewhere), not alpha; Min when its best falls to alpha"),
    ("window", _variant(prune=True, keep_window=True),
     "it never cuts anything: either it does not pass the narrowed window down (call each child "
     "with alpha and beta as they stand after the earlier children narrowed them, not with the "
     "values the node was called with, nor -inf and +inf), or it never stops once alpha >= beta"),
    ("ties", _variant(prune=True, ties_last=True),
     "it keeps the last of equally good moves: compare with > (or <), not >=, so the first best move stays"),
    ("deeper", _variant(prune=True, extra_depth=1),
     "it searches one ply deeper than asked (depth off by one)"),
    ("shallower", _variant(prune=True, extra_depth=-1),
     "it searches one ply less deep than asked (depth off by one)"),
]
_BUGS["expectimax"] = [
    ("average max", _variant(average_max=True, chance="mean"),
     "it averages at Max nodes too: Max chooses, so it takes the largest value; only chance "
     "(and random Min) nodes average"),
    ("minimax", _variant(chance="min"),
     "it takes the minimum at Min nodes: in expectimax Min moves at random, so average its children"),
    ("equal odds", _variant(chance="mean", equal_odds=True),
     "it ignores the probabilities: weight each outcome by game.probabilities(state), in the order of game.moves(state)"),
    ("ties", _variant(chance="mean", ties_last=True),
     "it keeps the last of equally good moves: compare with >, not >=, so the first best move stays"),
    ("deeper", _variant(chance="mean", extra_depth=1), "it searches one ply deeper than asked (depth off by one)"),
    ("shallower", _variant(chance="mean", extra_depth=-1), "it searches one ply less deep than asked (depth off by one)"),
]


# -- running a learner's search ---------------------------------------------------------------------

@dataclass
class Run:
    """What one search did on one case: its answer (or the words for what went wrong) and
    the positions it looked at and generated, in order."""

    case: Case
    value: Any = None
    move: Any = None
    problem: str | None = None
    looked: list = field(default_factory=list)
    generated: list = field(default_factory=list)


def _run(fn: Callable, case: Case, budget: int) -> Run:
    watched = WatchedGame(case.game, max_calls=budget)
    run = Run(case)
    timer = _Timer(TIME_LIMIT)
    try:
        with timer:
            answer = fn(watched, watched.start(), case.depth)
    except _Stop as stop:
        run.problem = (f"it ran too long ({stop}: more than {budget:,} calls to the game, or "
                       f"{TIME_LIMIT:g} s); check that each call searches a child, and that "
                       "the recursion stops at finished games and at depth 0")
    except RecursionError:
        run.problem = ("it recursed without end (RecursionError); stop at finished games "
                       "(game.is_terminal) and at depth 0, and search each child, not the same state")
    except Exception as err:  # the learner's code: any error becomes words
        run.problem = describe_error(err)
    else:
        run.problem = _answer_problem(answer)
        if run.problem is None:
            run.value, run.move = answer
    run.looked, run.generated = watched.looked, watched.generated
    return run


def _answer_problem(answer) -> str | None:
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return (f"it returned {_short(answer)}; return a pair (value, move): the value for "
                "Max and the best move (None where there is no move)")
    value = answer[0]
    if not isinstance(value, Real) or isinstance(value, bool) or (isinstance(value, float) and math.isnan(value)):
        return f"the value it returned, {_short(value)}, is not a number; return (value, move)"
    try:
        float(value)
    except OverflowError:   # an int past every float: no utility or evaluation here is one
        return (f"the value it returned, {_short(value)}, is far larger than any utility or evaluation "
                "in these trees; return the value the search found")
    return None


def _short(x) -> str:
    text = repr(x)
    if " at 0x" in text:
        text = f"an object of type {type(x).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


class _Timer:
    """Raises :class:`_Stop` in the learner's code after ``seconds`` (main thread, where
    the clock signal exists; elsewhere the call budget alone bounds the search)."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.on = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def _ring(self, signum, frame):
        raise _Stop(f"over {self.seconds:g} s")

    def __enter__(self):
        if self.on:
            self.old = signal.signal(signal.SIGALRM, self._ring)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        if self.on:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)
        return False


# -- the right answers -------------------------------------------------------------------------------

def _right(kind: str, case: Case, on_equal: bool = True):
    depth = None if case.depth == math.inf else case.depth
    if kind == "minimax":
        return minimax(case.game, depth=depth)
    if kind == "alphabeta":
        return alphabeta(case.game, depth=depth, prune_on_equal=on_equal)
    return expectimax(case.game, depth=depth)


def _visits(result) -> tuple[list, dict]:
    """The positions the package's search met, in order, and ``{path: node}`` for every node
    of its tree (pruned stubs included)."""
    order, nodes = [], {}
    for node in result.tree.nodes:
        path = node.internal_state
        nodes[path] = node
        if not node.pruned:
            order.append(path)
    return order, nodes


def _same_value(a, b) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def _named(game, move):
    """A root move by the name the package's search gives it (``result.move``)."""
    try:
        return game.move_name((), move) if move in game.moves(()) else move
    except Exception:
        return move


def _move_ok(game, got, want) -> bool:
    """True when the learner's root move ``got`` is the move ``want`` (the package's
    ``result.move``), given as the move itself or by its name; never raises on junk."""
    try:
        if type(got) is type(want) and bool(got == want):
            return True
        return isinstance(got, int) and got in game.moves(()) and game.move_name((), got) == want
    except Exception:
        return False


# -- words --------------------------------------------------------------------------------------------

def _where(game, path: tuple) -> str:
    """A position as the drawings name it: its move label (b2), or "the root"."""
    if not path:
        return "the root"
    try:
        return game.label(path[:-1], path[-1])
    except Exception:
        return str(path)


def _first_parting(kind: str, run: Run, result) -> str | None:
    """Words for the first place where the learner's order of positions parts from the
    package's, or None when they agree."""
    right, nodes = _visits(result)
    mine, game = run.looked, run.case.game
    looked = set(mine)
    for i in range(max(len(mine), len(right))):
        got = mine[i] if i < len(mine) else None
        want = right[i] if i < len(right) else None
        if got == want:
            continue
        if got is not None and got in nodes and nodes[got].pruned:
            return f"you searched {_where(game, got)}, but it is cut: {_cut_words(result, nodes[got])}"
        if got is not None and got not in nodes:   # below where the search stops
            return (f"you searched {_where(game, got)}, below {_at(game, got[:-1])}, but there the "
                    f"depth left is 0: score it with game.evaluate and stop (depth off by one?)")
        if want is None:
            return f"you searched {_where(game, got)}, which the search never reaches"
        if not want:   # the root itself was never looked at
            return ("your search never looked at the position it was given: ask the game about it "
                    "(game.is_terminal(state), game.moves(state)) before answering")
        if want in looked:
            return f"your search looked at {_where(game, got)} before {_where(game, want)}"
        parent = want[:-1]
        if parent in looked and not any(p[:-1] == parent for p in looked):
            return (f"you stopped at {_at(game, parent)} without searching its moves, but the depth "
                    f"left there is {_depth_left(run.case, parent)}: count depth down by one per move")
        if kind == "alphabeta":
            return f"you cut {_where(game, want)}, but there {_open_window(result, nodes[want])}"
        return f"your search never looked at {_where(game, want)}"
    return None


def _at(game, path: tuple) -> str:
    """A position by its state's name (C, or a CS188 state), with the move into it."""
    if not path:
        return "the root"
    try:
        return f"{game.name(path)} (after {_where(game, path)})"
    except Exception:
        return _where(game, path)


def _depth_left(case: Case, path: tuple):
    return "all" if case.depth == math.inf else case.depth - len(path)


def _window_text(alpha, beta) -> tuple[str, str]:
    return f"α = {format_value(alpha, signed=False)}", f"β = {format_value(beta, signed=False)}"


def _open_window(result, node) -> str:
    """Words for the window at ``node``'s parent just before ``node`` was searched: still open."""
    tree = result.tree
    parent = node.parent
    alpha, beta = tree.window_at(parent.index, max(node.step - 1, 0))
    a, b = _window_text(alpha, beta)
    return f"{a} < {b}: the window is still open, so it must be searched"


def _cut_words(result, node) -> str:
    """Words for the window at the cut that skipped ``node`` (a pruned stub)."""
    tree = result.tree
    parent = node.parent
    searched = [c for c in parent.children if not c.pruned]
    alpha, beta = tree.window_at(parent.index, searched[-1].return_step) if searched else (parent.alpha, parent.beta)
    a, b = _window_text(alpha, beta)
    after = f"after {_where(tree.game, searched[-1].internal_state)} returned " \
            f"{format_value(searched[-1].score, signed=False)}, " if searched else ""
    return f"at {_at(tree.game, parent.internal_state)}, {after}{a} ≥ {b}"


# -- the feedback ------------------------------------------------------------------------------------

class SearchFeedback(Feedback):
    """A check's verdict on a learner's search, with the failing tree kept to draw:
    :meth:`picture` is the right search's tree with the learner's (the positions their
    search met) under it."""

    def __init__(self, ok: bool, message: str, *, hint: str | None = None, run: Run | None = None,
                 result=None, kind: str = "minimax"):
        super().__init__(ok, message, hint=hint)
        self.run, self.result, self.kind = run, result, kind

    def picture(self, *, dpi: int = 100) -> bytes | None:
        """PNG bytes: the right search's tree above, the learner's below (at most 1,000 px
        wide), or None when there is nothing to draw."""
        if self.run is None or self.result is None or not self.run.looked:
            return None
        import io

        import matplotlib.image as mpimg
        from ..draw import tree_png

        left = tree_png(self.result, dpi=dpi, legend=False, moves=True)
        mine = _learner_tree(self.run)
        algorithm = expectimax if self.kind == "expectimax" else minimax
        right = tree_png(algorithm(mine), dpi=dpi, legend=False, moves=True,
                         title=f"your search: {len(self.run.looked)} positions")
        import numpy as np

        images = [mpimg.imread(io.BytesIO(png)) for png in (left, right)]
        width = max(im.shape[1] for im in images)
        rows = [np.pad(im, ((0, 0), (0, width - im.shape[1]), (0, 0)), constant_values=1.0) for im in images]
        rule = np.zeros((3, width, rows[0].shape[2]))
        rule[..., -1] = 1.0 if rows[0].shape[2] == 4 else 0.0
        out = io.BytesIO()
        mpimg.imsave(out, np.concatenate([rows[0], rule + 0.7, rows[1]]).clip(0, 1), format="png")
        return out.getvalue()

    def show(self):
        """Display :meth:`picture` in a notebook (nothing when there is nothing to draw)."""
        png = self.picture()
        if png is not None:
            from IPython.display import Image, display

            display(Image(png))


def _learner_tree(run: Run) -> GameTree:
    """The positions the learner's search looked at, as a tree of their own (the same state
    names, move labels and kinds; where it stopped, the score it could have read there)."""
    game, seen = run.case.game, set(run.looked)
    lines = [f"start {_name(game, ())}"]
    leaves = []

    def visit(path):
        children = [c for c in sorted((p for p in seen if len(p) == len(path) + 1 and p[:-1] == path),
                                      key=lambda p: p[-1])]
        name = _name(game, path)
        if not children:
            try:
                value = game.utility(path) if game.is_terminal(path) else game.evaluate(path)
            except Exception:
                value = 0
            leaves.append(f"{name} {value!r}")
            return
        kind = game.node_type(path)
        lines.append(f"{name} {kind}")
        for c in children:
            lines.append(f"{name} {_where(game, c)} {_name(game, c)}")
            visit(c)

    visit(())
    return GameTree.from_text("\n".join(lines + leaves))


def _name(game, path) -> str:
    try:
        base = game.name(path)
    except Exception:
        base = "N"
    return f"{base}_{'_'.join(map(str, path))}" if path else base


_WORDS = {"minimax": "minimax", "alphabeta": "alpha-beta", "expectimax": "expectimax"}


def _check(fn, kind: str) -> SearchFeedback:
    label = _WORDS[kind]
    if not callable(fn):
        return SearchFeedback(False, f"check_{kind} takes your {label} function itself, but it got "
                              f"{_short(fn)}.", hint=f"pass the function's name, without calling it: check_{kind}({kind})")
    runs, first = [], None
    for case in cases(kind):
        results = [_right(kind, case)] + ([_right(kind, case, on_equal=False)] if kind == "alphabeta" else [])
        budget = 50 * max(len(r.tree) for r in results) + 500
        run = _run(fn, case, budget)
        runs.append((run, results))
        if first is None:
            verdict = _judge(kind, run, results)
            if verdict is not None:
                first = (run, results, verdict)
        if run.problem is not None:   # the verdict is the first failing tree; no bug is named after
            break                     # a problem, so a search that runs too long runs only once
    if first is None:
        return SearchFeedback(True, f"your {label} gives the right value and move on all {len(runs)} trees, "
                              "and met the positions in the right order.")
    run, results, (words, result) = first
    bug = _name_bug(kind, runs)
    hint = f"your search behaves exactly like {'an' if label[0] in 'ae' else 'a'} {label} where {bug}." if bug else _HINTS[kind]
    return SearchFeedback(False, f"on {run.case.name}: {words}.", hint=hint, run=run, result=result, kind=kind)


_HINTS = {
    "minimax": "at a finished game return (game.utility(state), None); at depth 0 (game.evaluate(state), "
               "None); else try game.moves(state) in order, keep the first best (max at 'max' nodes, "
               "min at 'min' nodes).",
    "alphabeta": "minimax with a window: Max raises alpha, Min lowers beta, pass both down, and stop "
                 "looking at a node's moves once alpha >= beta.",
    "expectimax": "Max takes the largest child value; a 'chance' node the sum of probability x value "
                  "(game.probabilities); a 'min' node moves at random: the plain average.",
}


def _judge(kind: str, run: Run, results) -> tuple[str, Any] | None:
    """Words for what is wrong in one run (and the right result to draw), or None."""
    result = results[0]
    if run.problem is not None:
        return run.problem, result
    game = run.case.game
    for res in results:   # alpha-beta: either pruning rule (>= or >) is right
        if (_same_value(run.value, res.score) and _move_ok(game, run.move, res.move)
                and run.looked == _visits(res)[0]
                and (kind != "alphabeta" or _generated_ok(run, res))):
            return None
    best = min(results, key=lambda r: _distance(run.looked, _visits(r)[0]))
    parting = _first_parting(kind, run, best)
    if parting is not None:
        return parting, best
    if kind == "alphabeta" and not _generated_ok(run, best):
        extra = [p for p in run.generated if p not in set(_visits(best)[0])]
        return (f"you generated {_where(game, extra[0])} with game.play but never searched it: "
                "the autograder counts every position generated, so call game.play inside the loop, "
                "just before searching that child"), best
    if not _same_value(run.value, best.score):
        return (f"your search met the right positions in the right order but returned the value "
                f"{format_value(run.value, signed=False)}; the value is {format_value(best.score, signed=False)}"), best
    ties = [m for m, c in zip(game.moves(()), best.tree.root.children) if not c.pruned and c.score == best.tree.root.score]
    if len(ties) > 1:
        return (f"moves {', '.join(_move_words(game, m) for m in ties)} tie at "
                f"{format_value(best.score, signed=False)}; the first best move is {_move_words(game, ties[0])}, "
                f"you returned {_move_words(game, run.move)}"), best
    return (f"you returned the move {_move_words(game, run.move)}, but the best move is "
            f"{_move_words(game, best.move)}"), best


def _move_words(game, move) -> str:
    """A root move as the learner returns it with its label in the drawings: "0 (a1)",
    "1 (Right)"; a name the package's search gives ("Right") is read back the same way."""
    try:
        moves = list(game.moves(()))
        if isinstance(move, str):
            names = [game.move_name((), m) for m in moves]
            move = moves[names.index(move)] if move in names else move
        if isinstance(move, int) and not isinstance(move, bool) and move in moves:
            return f"{move} ({_where(game, (move,))})"
    except Exception:
        pass
    return _short(move)


def _generated_ok(run: Run, result) -> bool:
    return set(run.generated) <= set(_visits(result)[0])


def _distance(a: list, b: list) -> int:
    same = 0
    for x, y in zip(a, b):
        if x != y:
            break
        same += 1
    return -same


def _name_bug(kind: str, runs) -> str | None:
    """The classic bug the learner's search matches on every tree, if one does."""
    if any(run.problem for run, _ in runs):
        return None
    for _, variant, words in _BUGS[kind]:
        same = True
        for run, _ in runs:
            other = _run(variant, run.case, 10 ** 6)
            if other.problem is not None or not (
                    _same_value(other.value, run.value) and _move_ok(run.case.game, run.move, _named(run.case.game, other.move))
                    and other.looked == run.looked):
                same = False
                break
        if same:
            return words
    return None


def check_minimax(fn: Callable) -> SearchFeedback:
    """Check a learner's ``minimax(game, state, depth) -> (value, move)`` on trees it has
    not seen: value, first best move, and the order in which it met the positions.
    Never raises on the learner's function; a bug is named when the search behaves
    exactly like it."""
    return _check(fn, "minimax")


def check_alphabeta(fn: Callable) -> SearchFeedback:
    """Check a learner's ``alphabeta(game, state, depth) -> (value, move)``: value, move,
    the positions searched in order and the positions generated (either pruning rule,
    on ``>=`` or on ``>``, is right). Never raises on the learner's function."""
    return _check(fn, "alphabeta")


def check_expectimax(fn: Callable) -> SearchFeedback:
    """Check a learner's ``expectimax(game, state, depth) -> (value, move)``: Max chooses,
    chance nodes average by ``game.probabilities``, Min nodes move at random (plain mean).
    Never raises on the learner's function."""
    return _check(fn, "expectimax")
