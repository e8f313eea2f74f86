"""Checks of a search the learner wrote on the Game interface: minimax (with a depth limit and
``evaluate``), alpha-beta, expectimax and expectiminimax, shared by lessons 04, 05, 09 and 10.

A learner's search is a function ``search(game, state, depth) -> (value, move)``. A check
runs it on games it has not seen and records every call it makes
(:func:`minimax_viz.learner.record_calls`), then compares the learner's tree with the
package's own search of the same game, node by node
(:func:`minimax_viz.compare.first_difference`): the first position searched in another
order, the first cut that should not be (or should), the first window, value or move that
differs, named with the classic slip it matches. The games cover what a learner's search
must get right: textbook trees, ties, two Min agents in a row, random trees, CS188-style
trees with two ghosts, depth limits odd and even (the search stops at Max nodes, at Min
nodes, at chance nodes), finished games exactly at the depth limit, a position reached at
two depths (a memo keyed without the depth is wrong there), and tic-tac-toe itself. Moves
are tried in the order ``game.moves(state)`` gives them, and the order is graded: it decides
ties, the cuts and the positions an autograder counts.

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
>>> check_search(minimax, "minimax")
Right: your minimax gives the right value and move on all 17 games, node by node: depth limits odd and even,
finished games at the limit, two Min agents in a row, ties (at zero too), a position met at two depths, and one met
twice under two windows, tic-tac-toe with X and O to move (moves tried in game.moves order).
"""

from __future__ import annotations

import functools

import math
import sys
from dataclasses import dataclass
from numbers import Real
from typing import Any, Callable, Sequence

from ..compare import KINDS_OF_DIFFERENCE, Difference, first_difference
from ..errors import InvalidMove, MinimaxError
from ..errors import short_repr as _short
from ..games import GameTree, TicTacToe
from ..games.base import Game
from ..games.forwarding import ForwardingGame
from ..learner import record_calls
from ..search import alphabeta, expectimax, expectiminimax, minimax
from ..trace import format_value
from .feedback import Feedback, Unfinished, describe_error, learner_check, unfinished
from ..clock import Raised as _Raised, Stopped as _Stop, bounded as _bounded, time_limit as _time_limit

__all__ = ["check_search", "compare_search", "show_search", "call_problem", "with_note_words", "TURN_NAMES",
           "SearchFeedback", "WatchedGame", "GraphGame", "Case", "cases", "KINDS"]

#: The searches a check knows.
KINDS = ("minimax", "alphabeta", "expectimax", "expectiminimax")
_WORDS = {"minimax": "minimax", "alphabeta": "alpha-beta", "expectimax": "expectimax",
          "expectiminimax": "expectiminimax"}


class _Slip(Exception):
    """A question the game cannot answer, in words for the learner (raised into their search)."""


# -- a small game on a graph: one position reached at two depths ------------------------------------

class GraphGame(Game):
    """A game on a small graph whose positions are names, so one position can be reached
    along two paths, at two depths (the thing a memo keyed without the depth gets wrong).

    ``nodes`` maps a name to ``(kind, [children])`` for an inner position (kind "max",
    "min" or "chance"; a chance node's children are ``(probability, name)`` pairs) or to
    a number, the utility of a finished game; ``guesses`` gives ``evaluate`` (0 if not
    given) at any position, finished ones included.

    Parameters
    ----------
    nodes : dict
        ``{name: (kind, [children])}`` for an inner position, ``{name: utility}`` for a finished one.
    guesses : dict or None, optional
        ``{name: guess}``, what ``evaluate`` gives (0 where not given).
    start : str or None, optional
        The start's name (``None``: the first of ``nodes``).

    Examples
    --------
    >>> g = GraphGame({"R": ("max", ["A", "B"]), "A": 3, "B": ("min", ["A"])}, {"B": 1})
    >>> g.moves("R"), g.play("R", 1), g.play("B", 0), g.evaluate("B"), g.utility("A")
    ((0, 1), 'B', 'A', 1, 3)
    """

    def __init__(self, nodes: dict, guesses: dict | None = None, *, start: str | None = None):
        self.nodes, self.guesses = dict(nodes), dict(guesses or {})
        self.root = start if start is not None else next(iter(self.nodes))
        self.max_player, self.min_player = "MAX", "MIN"

    def __repr__(self) -> str:
        return f"GraphGame({len(self.nodes)} positions)"

    def _children(self, state) -> list:
        node = self.nodes[self.state(state)]
        if not isinstance(node, tuple):
            return []
        kind, children = node
        return [c if kind != "chance" else c[1] for c in children]

    def start(self):
        return self.root

    def state(self, value: Any = None):
        """The position named ``value`` (None: the start).

        Parameters
        ----------
        value : str or None, optional
            A position's name (``None``: the start).

        Returns
        -------
        str
            The name.

        Raises
        ------
        InvalidMove
            When ``value`` is not the name of a position of this game.
        """
        if value is None:
            return self.root
        if not isinstance(value, str) or value not in self.nodes:
            raise InvalidMove(f"{value!r} is not a position of this game (its positions are {', '.join(self.nodes)})")
        return value

    def board(self, state):
        return self.state(state)

    def to_text(self, state) -> str:
        return self.state(state)

    def name(self, state) -> str:
        """The position's name (a position is its name).

        Parameters
        ----------
        state : str
            A position's name.

        Returns
        -------
        str
            The name.

        Raises
        ------
        InvalidMove
            When ``state`` is not the name of a position of this game.
        """
        return self.state(state)

    def label(self, state, move) -> str:
        """The label of ``move`` at ``state``: the position's name in lower case and the move
        counted from 1 (``a1``, ``a2``, ... at A).

        Parameters
        ----------
        state : str
            A position's name.
        move : int
            A child's index, from 0.

        Returns
        -------
        str
            The label.

        Raises
        ------
        InvalidMove
            When ``state`` is not the name of a position of this game.
        """
        return f"{self.state(state).lower()}{move + 1}"

    def node_type(self, state) -> str:
        node = self.nodes[self.state(state)]
        return node[0] if isinstance(node, tuple) else "max"

    def player(self, state) -> str:
        kind = self.node_type(state)
        return {"max": "MAX", "min": "MIN"}.get(kind, "chance")

    def is_max(self, state) -> bool:
        return self.node_type(state) == "max"

    def probabilities(self, state) -> Sequence[float]:
        kind, children = self.nodes[self.state(state)]
        if kind != "chance":
            return super().probabilities(state)
        return tuple(p for p, _ in children)

    def moves(self, state) -> tuple:
        return tuple(range(len(self._children(state))))

    def play(self, state, move):
        """The position that ``move`` (a child's index, from 0) leads to from ``state``.

        Parameters
        ----------
        state : str
            A position's name.
        move : int
            A child's index, from 0.

        Returns
        -------
        str
            The child's name.

        Raises
        ------
        InvalidMove
            When ``state`` is not a position of this game or ``move`` not a move there.
        """
        children = self._children(state)
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move < len(children):
            raise InvalidMove(f"{move!r} is not a move at {state} (its moves are {list(range(len(children)))})")
        return children[move]

    def winner(self, state):
        return None

    def is_terminal(self, state) -> bool:
        return not isinstance(self.nodes[self.state(state)], tuple)

    def utility(self, state) -> float:
        node = self.nodes[self.state(state)]
        return 0 if isinstance(node, tuple) else node

    def evaluate(self, state) -> float:
        return self.guesses.get(self.state(state), 0)

    def result_text(self, state) -> str:
        return "finished"

    def key(self, state):
        return self.state(state)

    def move_name(self, state, move):
        return move


#: R chooses A or B; S is reached at ply 2 (under A) and at ply 3 (under B, C). Searched to
#: depth 3, S has one ply left under A (its finished games count: 5) and none under C
#: (its guess counts: 9); a memo keyed by the position alone answers C's S with 5. The
#: finished games s1, s2 and V sit exactly at depth 3, where their guesses (0) are not
#: their utilities; at depth 1 the search stops at the Min nodes A and B.
TWO_DEPTHS = {
    "R": ("max", ["A", "B"]),
    "A": ("min", ["S", "T"]),
    "B": ("min", ["C", "U"]),
    "C": ("max", ["S", "V"]),
    "S": ("max", ["s1", "s2"]),
    "T": 4, "U": 6, "V": 1, "s1": 5, "s2": 3,
}
TWO_DEPTHS_GUESSES = {"R": 0, "A": 3, "B": -2, "C": 2, "S": 9, "T": 1, "U": 0, "V": 0, "s1": 0, "s2": 0}

#: S is met twice at the same depth (ply 2) under two windows: under A, where T has made beta 2,
#: its first leaf (5) cuts it off and alpha-beta returns 5, a bound; under B it is searched whole
#: and worth 8. A memo that stores the cut-off's 5 as S's value, keyed by the position and the depth,
#: answers B's S with 5 and the root with 5 instead of 7.
TWO_WINDOWS = {
    "R": ("max", ["A", "B"]),
    "A": ("min", ["T", "S"]),
    "B": ("min", ["S", "U"]),
    "S": ("max", ["s1", "s2"]),
    "T": 2, "U": 7, "s1": 5, "s2": 8,
}

#: Max chooses between two chance nodes; below them Max again, then chance. Searched to
#: depth 1 the search stops at the chance nodes (their guesses count); to depth 2 at Max
#: nodes under the dice.
DICE_GRAPH = {
    "R": ("max", ["D", "E"]),
    "D": ("chance", [(0.25, "X"), (0.75, "Y")]),
    "E": ("chance", [(0.5, "Z"), (0.5, "W")]),
    "X": ("max", ["x1", "x2"]), "Y": ("max", ["y1", "y2"]),
    "Z": ("max", ["z1"]), "W": ("max", ["w1", "w2"]),
    "x1": 8, "x2": 2, "y1": 1, "y2": 3, "z1": 4, "w1": 0, "w2": 2,
}
DICE_GRAPH_GUESSES = {"D": 1, "E": 4, "X": 6, "Y": 0, "Z": 5, "W": -1}

#: Max, then an adversarial Min, then chance: the shape of AIMA's EXPECTIMINIMAX.
MIN_THEN_DICE = {
    "R": ("max", ["A", "B"]),
    "A": ("min", ["C1", "C2"]), "B": ("min", ["C3", "C4"]),
    "C1": ("chance", [(0.5, "a"), (0.5, "b")]), "C2": ("chance", [(0.9, "c"), (0.1, "d")]),
    "C3": ("chance", [(0.5, "e"), (0.5, "f")]), "C4": ("chance", [(0.2, "g"), (0.8, "h")]),
    "a": 4, "b": 8, "c": 3, "d": 20, "e": 1, "f": 11, "g": 10, "h": 5,
}

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
    """One game a check runs the learner's search on: ``depth`` plies (None: to the end)
    from ``state`` (None: the game's start).

    Parameters
    ----------
    name : str
        The game in words.
    game : Game
        The game.
    depth : int or None, optional
        The depth limit (``None``: to the end).
    state : object, optional
        The position (``None``: the game's start).
    """

    name: str
    game: Game
    depth: int | None = None
    state: Any = None

    @property
    def start(self):
        """The position searched from, in the game's own form.

        Raises
        ------
        MinimaxError
            When ``state`` is not a position of ``game``.
        """
        return self.game.start() if self.state is None else self.game.state(self.state)


def cases(kind: str = "minimax") -> list[Case]:
    """The games a check of ``kind`` runs a search on, in order (small first).

    Parameters
    ----------
    kind : str, optional
        The search, one of :data:`KINDS` (``"minimax"`` unless given).

    Returns
    -------
    list of Case
        The games, small first.

    Examples
    --------
    >>> [c.name for c in cases()][:4]
    ['AIMA figure 5.2', 'a tree of ties', 'a tree of ties at zero', 'two Min agents in a row']
    """
    ttt = TicTacToe()
    graph = GraphGame(TWO_DEPTHS, TWO_DEPTHS_GUESSES)
    out = [
        Case("AIMA figure 5.2", GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])),
        Case("a tree of ties", GameTree([[3, 5], [4, 3], [6, 3]])),
        Case("a tree of ties at zero", GameTree([[0, 2], [-1, 0], [0, 3]])),
        Case("two Min agents in a row", GameTree([[["min", 3, 9], ["min", 4, 6]], [["min", 8, 5]]])),
    ]
    out += [Case(f"random tree (seed {s})", GameTree.random(depth=3, branching=(2, 3), seed=s, low=0, high=6))
            for s in (10, 11)]
    ghosts, deep = GameTree.from_cs188(TWO_GHOSTS), GameTree.from_cs188(DEEP_GHOST)
    out += [Case("CS188-style tree with two ghosts", ghosts, ghosts.depth),
            Case("CS188-style tree cut off at depth 2", deep, deep.depth),
            Case("the same CS188 tree cut off at depth 1 (at the ghost's nodes)", deep, 1)]
    out += [Case(f"a graph game at depth {d}{why}", graph, d) for d, why in (
        (1, " (the depth runs out at Min nodes)"), (2, " (finished games at the limit)"),
        (3, " (one position met at two depths)"))]
    out += [Case("a graph game where one position is met twice at the same depth, under two windows",
                 GraphGame(TWO_WINDOWS))]
    if kind in ("expectimax", "expectiminimax"):
        dice = GraphGame(DICE_GRAPH, DICE_GRAPH_GUESSES)
        out.insert(3, Case("a tree with dice", GameTree(
            [["chance", (0.25, [7, 1]), (0.75, [2, 3])], ["chance", [4, 0], [5, 6], [1, 1]]])))
        out += [Case(f"dice on a graph at depth {d}{why}", dice, d) for d, why in (
            (1, " (the depth runs out at chance nodes)"), (2, ""), (None, ""))]
    if kind == "expectiminimax":
        out += [Case("Max, then Min, then dice", GraphGame(MIN_THEN_DICE))]
    out += [Case("tic-tac-toe, the tutorial's board", ttt, None, TicTacToe.TUTORIAL_BOARD),
            Case("tic-tac-toe, the empty board at depth 1", ttt, 1),
            Case("tic-tac-toe after X plays 0, O to move, at depth 2", ttt, 2, "X........"),
            Case("tic-tac-toe from X...O...X, O to move, to the end", ttt, None, "X...O...X")]
    return out


# -- watching a search ------------------------------------------------------------------------

class WatchedGame(ForwardingGame):
    """A game that notes what a search asks of it: the positions it generated (``play``,
    ``successors``) and the order in which it first looked at each one (any question
    about a position). A question the game cannot answer (``evaluate`` of a finished game
    in a CS188 tree, which has no guess there) reaches the search as words for the
    learner; past ``max_calls`` questions the search is stopped.

    Parameters
    ----------
    game : Game
        The game to watch.
    max_calls : int, optional
        The most questions before the search is stopped (1,000,000 unless given).

    Examples
    --------
    >>> watched = WatchedGame(GameTree([[3, 12], [2]]))
    >>> watched.moves(watched.play((), 1)), watched.looked, watched.generated
    ((0,), [(1,)], [(1,)])
    """

    def __init__(self, game: Game, *, max_calls: int = 1_000_000):
        super().__init__(game)
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
            key = self.game.key(self.game.state(state))
        except Exception:  # not a position: the game's own call says so below
            return
        if key not in self._seen:
            self._seen.add(key)
            self.looked.append(self.game.state(state))

    def _ask(self, name: str, state):
        self._look(state)
        return getattr(self.game, name)(state)

    def player(self, state):
        return self._ask("player", state)

    def is_max(self, state):
        return self._ask("is_max", state)

    def node_type(self, state):
        return self._ask("node_type", state)

    def probabilities(self, state):
        return self._ask("probabilities", state)

    def moves(self, state):
        return self._ask("moves", state)

    def winner(self, state):
        return self._ask("winner", state)

    def is_terminal(self, state):
        return self._ask("is_terminal", state)

    def utility(self, state):
        return self._ask("utility", state)

    def outcome(self, state):
        return self._ask("outcome", state)

    def evaluate(self, state):
        """The watched game's guess at ``state``.

        Parameters
        ----------
        state : object
            A position.

        Returns
        -------
        float
            The game's guess.

        Raises
        ------
        _Slip
            (caught by the check, which names the slip) when the learner's search
            asks for a finished game's guess; the game's own errors pass on.
        """
        self._look(state)
        try:
            return self.game.evaluate(state)
        except MinimaxError:
            if _terminal(self.game, state):
                raise _Slip(_evaluated_finished(self.game, state, sys._getframe(1))) from None
            raise

    def play(self, state, move):
        self._count()
        child = self.game.play(state, move)
        self.generated.append(self.game.state(child))
        return child

    def successors(self, state):
        self._look(state)
        pairs = self.game.successors(state)
        for _, child in pairs:
            self.generated.append(self.game.state(child))
        return pairs


def _evaluated_finished(game, state, frame) -> str:
    """Words for a search that asked ``evaluate`` about a finished game, from ``frame``, the
    learner's call that asked: one given that position (the end of the game tested after the
    depth, or not at all), or one that scored a child it played without a call of its own."""
    head = f"your search asked game.evaluate about {_place(game, state)}, a finished game, which has no guess here"
    code = frame.f_code
    given = [frame.f_locals.get(n) for n in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]]
    if any(_same_position(game, value, state) for value in given):
        return (f"{head}: your call for {_place(game, state)} asked game.evaluate before it found the game over. "
                "A finished game is worth game.utility(state), so ask game.is_terminal(state) first, before "
                "depth == 0")
    return (f"{head}: a call of yours scored it as a child it had played, without a call of its own for it. A "
            "child may be a finished game, worth game.utility(state): search each child with a call of your "
            "function (depth - 1), which asks game.is_terminal first")


def _same_position(game, value, state) -> bool:
    try:
        return value is not None and game.state(value) == state
    except Exception:  # a learner's argument that is no position
        return False


def _terminal(game, state) -> bool:
    try:
        return bool(game.is_terminal(state))
    except Exception:
        return False


def _place(game, state) -> str:
    try:
        return str(game.name(state))
    except Exception:
        return _short(state)


# -- running a learner's search ---------------------------------------------------------------------

@dataclass
class Run:
    """What one search did on one case: the recording (or the words for what went wrong) and
    the positions generated, in order."""

    case: Case
    mine: Any = None
    problem: str | None = None
    generated: list | None = None
    error: BaseException | None = None


def _run(fn: Callable, case: Case, budget: int, kind: str = "minimax", algorithm: str = "your search") -> Run:
    watched = WatchedGame(case.game, max_calls=budget)
    run = Run(case)
    depth = math.inf if case.depth is None else case.depth
    seconds = _time_limit()
    try:
        run.mine = _bounded(functools.partial(record_calls, fn, watched, case.start, depth, game=case.game,
                                              algorithm=algorithm, min_at_random=kind == "expectimax"),
                            seconds=seconds)
    except _Stop as stop:
        run.problem = (f"it ran too long ({stop}: more than {budget:,} calls to the game, or "
                       f"{seconds:g} s); check that each call searches a child, and that "
                       "the recursion stops at finished games and at depth 0")
    except RecursionError as err:
        run.error = err
        run.problem = ("it recursed without end (RecursionError); stop at finished games "
                       "(game.is_terminal) and at depth 0, and search each child, not the same state")
    except _Slip as slip:
        run.problem = str(slip)
    except (KeyboardInterrupt, SystemExit) as err:
        if isinstance(err, KeyboardInterrupt):
            raise
        run.problem = f"it called sys.exit({_short(err.code)}); return (value, move) instead"
    except Exception as err:  # the learner's code: any error becomes words
        run.error = err.err if isinstance(err, _Raised) else err
        run.problem = describe_error(run.error)
    else:
        run.problem = _answer_problem(run.mine.returned)
    run.generated = watched.generated
    return run


def _answer_problem(answer) -> str | None:
    if not isinstance(answer, (tuple, list)) or len(answer) != 2:
        return (f"it returned {_short(answer)}; return a pair (value, move): the value for "
                "Max and the best move (None where there is no move)")
    value = answer[0]
    if hasattr(value, "item") and getattr(value, "shape", None) == ():
        value = value.item()
    if not isinstance(value, Real) or isinstance(value, bool) or (isinstance(value, float) and math.isnan(value)):
        return f"the value it returned, {_short(value)}, is not a number; return (value, move)"
    try:
        float(value)
    except OverflowError:   # an int past every float: no utility or evaluation here is one
        return (f"the value it returned, {_short(value)}, is far larger than any utility or evaluation "
                "in these games; return the value the search found")
    return None


# -- the right answers -------------------------------------------------------------------------------

def _right(kind: str, case: Case) -> list:
    """The package's searches of the case: alpha-beta under both pruning rules (>= and >)."""
    game, state, depth = case.game, case.start, case.depth
    if kind == "alphabeta":
        return [alphabeta(game, state, depth=depth), alphabeta(game, state, depth=depth, prune_on_equal=False)]
    search = {"minimax": minimax, "expectimax": expectimax, "expectiminimax": expectiminimax}[kind]
    return [search(game, state, depth=depth)]


# -- the verdict ------------------------------------------------------------------------------------

class SearchFeedback(Feedback):
    """A check's verdict on a learner's search, with the first difference kept to draw:
    :meth:`show` draws the right tree above and the learner's below, the parting marked.

    Parameters
    ----------
    ok : bool
        Whether the check passed.
    message : str
        The verdict in words.
    hint : str or None, optional
        What to try next.
    run : Run or None, optional
        The learner's recorded run.
    difference : Difference or None, optional
        The first parting from the right search.
    kind : str, optional
        The search checked (``"minimax"`` unless given).
    """

    def __init__(self, ok: bool, message: str, *, hint: str | None = None, run: Run | None = None,
                 difference: Difference | None = None, kind: str = "minimax"):
        super().__init__(ok, message, hint=hint)
        self.run, self.difference, self.kind = run, difference, kind

    def draw(self):
        """The two Axes of :func:`minimax_viz.draw_difference`; for a right verdict on one
        position (:func:`compare_search`), the Axes of the learner's own tree, its cut
        branches drawn as the engine draws them; None when there is nothing to draw.

        Returns
        -------
        tuple of Axes, Axes or None
            What was drawn, or None.
        """
        if self.difference is not None:
            return self.difference.draw()
        if self.ok and self.run is not None and self.run.mine is not None:
            from ..draw import draw_tree

            return draw_tree(self.run.mine, moves=True, names=True)
        return None

    def picture(self, *, dpi: int = 100) -> bytes | None:
        """The drawing of :meth:`draw` as PNG bytes (at most 1,000 px wide), or None.

        Parameters
        ----------
        dpi : int, optional
            The resolution (100 unless given).

        Returns
        -------
        bytes or None
            The PNG, or None.
        """
        if self.difference is None and not (self.ok and self.run is not None and self.run.mine is not None):
            return None
        import matplotlib.pyplot as plt

        from ..raster import figure_png

        axes = self.draw()
        figure = (axes[0] if isinstance(axes, tuple) else axes).figure
        png = figure_png(figure, dpi=dpi)
        plt.close(figure)
        return png

    def show(self) -> None:
        """Draw the two trees in a notebook (nothing when there is nothing to draw)."""
        self.draw()

    def stepper(self, **options):
        """A :class:`minimax_viz.Stepper` on the learner's recorded search, the node where it first
        parts from the right one framed and named in the captions; None when nothing was
        recorded. ``options`` go to the Stepper (``step``, ``speed`` ...).

        Parameters
        ----------
        **options
            Options of the :class:`~minimax_viz.Stepper` (``step``, ``speed`` ...).

        Returns
        -------
        Stepper or None
            The stepper, or None when nothing was recorded.

        Raises
        ------
        InvalidOption
            For an option the Stepper refuses.
        """
        if self.run is None or self.run.mine is None:
            return None
        from ..widgets import Stepper

        return Stepper(self.run.mine, parting=self.difference, **options)


def compare_search(fn: Callable, kind: str, game: Game, state: Any = None, depth: int | None = None, *,
                   exercise: str | None = None) -> SearchFeedback | Unfinished:
    """Run a learner's ``search(game, state, depth) -> (value, move)`` of ``kind`` once, on
    one position (``depth=None``: to the end), watched as :func:`check_search` watches it,
    and compare its tree with the package's search of the same position, call by call.

    The verdict's :meth:`~SearchFeedback.draw` draws the right tree above the learner's with
    the first parting marked, or, when they agree, the learner's own tree. Alpha-beta agrees
    under either pruning rule (on ``>=``, ``mv.alphabeta``'s default, or on ``>``, CS188's),
    and the verdict says which. A function that is still the stub, raises or recurses without
    end gets an :class:`~minimax_viz.exercises.feedback.Unfinished` line instead (``exercise``
    names where to finish it). Moves are compared in ``game.moves`` order.

    Parameters
    ----------
    fn : callable
        The learner's ``search(game, state, depth)``.
    kind : str
        The search, one of :data:`KINDS`.
    game : Game
        The game.
    state : object, optional
        The position (``None``: the game's start).
    depth : int or None, optional
        The depth limit (``None``: to the end).
    exercise : str or None, optional
        The exercise where the learner writes ``fn``, for the words.

    Returns
    -------
    SearchFeedback or Unfinished
        The verdict, or the line saying what to finish first.

    Raises
    ------
    ValueError
        For a ``kind`` not in :data:`KINDS` (the lesson's mistake).
    MinimaxError
        For a ``state`` that is not a position of ``game`` (likewise).

    Examples
    --------
    >>> from minimax_viz.exercises.lesson10 import reference_minimax
    >>> compare_search(reference_minimax, "minimax", GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    Right: your minimax searches this position call for call as mv.minimax does: 13 calls; value 3, move 0.
    """
    if kind not in KINDS:
        raise ValueError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
    label = _WORDS[kind]
    if not callable(fn):
        return SearchFeedback(False, f"this takes your {label} function itself, but it got {_short(fn)}.",
                              kind=kind)
    case = Case("this position", game, depth, state)
    rights = _right(kind, case)
    run = _run(fn, case, 50 * max(len(r.tree) for r in rights) + 500, kind, algorithm=f"your {label}")
    if run.error is not None:
        return unfinished(fn, run.error, exercise=exercise)
    matched, words, difference = _compare(kind, run, rights)
    if matched is None:
        return SearchFeedback(False, f"on this position: {words}.", hint=_hint(kind, difference), run=run,
                              difference=difference, kind=kind)
    stats = run.mine.stats
    cut = "" if kind != "alphabeta" else (", no cut" if not stats.pruned else
                                          f", {stats.pruned} move{'s' * (stats.pruned != 1)} cut")
    engine = {"alphabeta": "mv.alphabeta", "expectimax": "mv.expectimax",
              "expectiminimax": "mv.expectiminimax"}.get(kind, "mv.minimax")
    if kind == "alphabeta" and matched == 1:
        engine += "(..., prune_on_equal=False), cutting on > only (CS188's rule),"
    move = run.mine.move
    return SearchFeedback(True, f"your {label} searches this position call for call as {engine} does: "
                          f"{stats.calls} call{'s' * (stats.calls != 1)}{cut}; value "
                          f"{format_value(run.mine.score, signed=False)}, move {_short(move)}.", run=run, kind=kind)


def show_search(fn: Callable, kind: str, game: Game, state: Any = None, depth: int | None = None, *,
                exercise: str | None = None) -> SearchFeedback | Unfinished:
    """:func:`compare_search`, drawn: the right tree above the learner's with the first
    parting marked, or the learner's own tree when they agree; returns the verdict (a
    notebook shows its words under the drawing). Nothing is drawn for an unfinished search.

    Parameters
    ----------
    fn : callable
        The learner's ``search(game, state, depth)``.
    kind : str
        The search, one of :data:`KINDS`.
    game : Game
        The game.
    state : object, optional
        The position (``None``: the game's start).
    depth : int or None, optional
        The depth limit (``None``: to the end).
    exercise : str or None, optional
        The exercise where the learner writes ``fn``, for the words.

    Returns
    -------
    SearchFeedback or Unfinished
        The verdict, or the line saying what to finish first.

    Raises
    ------
    ValueError
        For a ``kind`` not in :data:`KINDS`.
    MinimaxError
        For a ``state`` that is not a position of ``game``.
    """
    verdict = compare_search(fn, kind, game, state, depth, exercise=exercise)
    if isinstance(verdict, SearchFeedback):
        verdict.draw()
    return verdict


#: Parameter names that tell a search whose turn it is (the note's ``is_max``).
TURN_NAMES = ("is_max", "maximizing", "maximising", "maximizing_player", "maximising_player", "is_maximizing",
              "is_maximising", "max_player", "max_turn", "maximize", "maximise", "player", "turn")


def call_problem(fn: Callable, kind: str = "minimax") -> str | None:
    """Words for a search that cannot be called as ``search(game, state, depth)``, as every
    check calls it, or that is told whose turn it is instead of asking the game; None
    when its parameters fit.

    Parameters
    ----------
    fn : callable
        The learner's search.
    kind : str, optional
        The search, one of :data:`KINDS` (``"minimax"`` unless given).

    Returns
    -------
    str or None
        The words, or None when its parameters fit.

    Examples
    --------
    >>> def minimax(state, depth, is_max): ...
    >>> print(call_problem(minimax))
    minimax is told whose turn it is (is_max), as the note's pseudocode is; on the Game interface ask
    game.node_type(state) at every node instead ("max" or "min": the players do not always alternate), and drop is_max:
    def minimax(game, state, depth)
    >>> def alphabeta(game, state, depth, alpha=-math.inf, beta=math.inf): ...
    >>> call_problem(alphabeta, "alphabeta") is None
    True
    """
    import inspect

    try:
        parameters = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None
    name = getattr(fn, "__name__", "your function")
    shape = "game, state, depth, alpha=-math.inf, beta=math.inf" if kind == "alphabeta" else "game, state, depth"
    turn = [p.name for p in parameters if p.name in TURN_NAMES]
    if turn:
        return (f"{name} is told whose turn it is ({turn[0]}), as the note's pseudocode is; on the Game "
                "interface ask game.node_type(state) at every node instead (\"max\" or \"min\": the players do "
                f"not always alternate), and drop {turn[0]}: def {name}({shape})")
    return _arguments_problem(name, parameters, shape)


def _arguments_problem(name: str, parameters: list, shape: str) -> str | None:
    """Words for parameters that ``search(game, state, depth)`` cannot fill (a window without
    defaults, more required arguments, fewer than three), else None."""
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = [p.name for p in parameters[3:] if p.default is p.empty
                and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    window = [n for n in required if n in ("alpha", "beta")]
    if window:
        return (f"give alpha and beta defaults, def {name}(game, state, depth, alpha=-math.inf, beta=math.inf): "
                f"the check calls {name}(game, state, depth), as your own first call does")
    if required:
        return (f"the check calls {name}(game, state, depth) with three arguments; give "
                f"{', '.join(required)} a default or drop {'it' if len(required) == 1 else 'them'}: "
                f"def {name}({shape})")
    if len(positional) < 3 and not any(p.kind == p.VAR_POSITIONAL for p in parameters):
        return (f"the check calls {name}(game, state, depth): take those three arguments, the game first: "
                f"def {name}({shape})")
    return None


@learner_check
def check_search(fn: Callable, kind: str = "minimax") -> SearchFeedback:
    """Check a learner's ``search(game, state, depth) -> (value, move)`` of ``kind`` (one of
    :data:`KINDS`) on the games of :func:`cases`: every call's value, the first best move,
    the order of the positions searched, the cuts and windows (alpha-beta, either pruning
    rule), the positions generated. Never raises on the learner's function. In a notebook,
    a search left over from an earlier cell (its latest cell failed or no longer defines
    it) is reported as such, not judged (the :class:`SearchFeedback` is a Feedback).

    Parameters
    ----------
    fn : callable
        The learner's ``search(game, state, depth)``.
    kind : str, optional
        The search, one of :data:`KINDS` (``"minimax"`` unless given).

    Returns
    -------
    SearchFeedback
        The verdict; ``.show()`` draws the two trees on a "Not yet".

    Raises
    ------
    ValueError
        For a ``kind`` not in :data:`KINDS` (the lesson's mistake, not the learner's).
    """
    if kind not in KINDS:
        raise ValueError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
    label = _WORDS[kind]
    if not callable(fn):
        return SearchFeedback(False, f"the check takes your {label} function itself, but it got {_short(fn)}.",
                              hint=f"pass the function's name, without calling it: check({kind.replace('-', '')})")
    all_cases = cases(kind)
    searched_before = []   # the games before this one on which the search called itself
    for case in all_cases:
        rights = _right(kind, case)
        run = _run(fn, case, 50 * max(len(r.tree) for r in rights) + 500, kind)
        verdict = _judge(kind, run, rights)
        if verdict is not None:
            words, difference = verdict
            words = _alone_words(run, rights, searched_before) or words
            return SearchFeedback(False, f"on {case.name}: {words}.", hint=_hint(kind, difference), run=run,
                                  difference=difference, kind=kind)
        if run.mine is not None and len(run.mine.tree) > 1:
            searched_before.append(case.name)
    return SearchFeedback(True, f"your {label} gives the right value and move on all {len(all_cases)} games, "
                          "node by node: depth limits odd and even, finished games at the limit, two Min agents "
                          "in a row, ties (at zero too), a position met at two depths, and one met twice under "
                          "two windows, tic-tac-toe with X and O to move (moves tried in game.moves order).")


def _alone_words(run: Run, rights: list, searched_before: list) -> str | None:
    """Words for a search recorded with no call below the root though the right one has some,
    from what else was seen: positions it played below the root (a recursion the check
    cannot follow), or calls of its own on the games before (an answer kept from an earlier
    search); None when neither was seen (the comparison's own words stand)."""
    if run.problem is not None or run.mine is None or len(run.mine.tree) != 1 or \
            any(len(right.tree) == 1 for right in rights):
        return None
    if run.generated:
        return (f"the check saw only the first call of your search, yet it played {len(run.generated)} positions "
                "below it: it recursed in a way the check cannot follow (in another thread, or inside code that "
                "is not yours, such as an installed library's). Search each child by calling your own function "
                "(or a method or function of yours that it calls), in the same thread")
    if searched_before:
        return (f"your search answered without a call below the root, though on the games before "
                f"({', '.join(searched_before[-2:])}) it called itself: the answer came from something kept from "
                "an earlier search (a memo or a global that outlives one search). Make such a table inside the "
                "search, or empty it at the start of each search")
    return None


def with_note_words(verdict: SearchFeedback, fn: Callable, kind: str) -> SearchFeedback:
    """``verdict`` with a hint in the words of the note's pseudocode where the learner's search
    follows it too closely: told whose turn it is (``is_max``) instead of asking
    ``game.node_type``, or ``evaluate`` for a finished game as well (the note's first line,
    which lessons 04 and 05 quote); the hint of :func:`call_problem` where the check cannot
    call the search as ``search(game, state, depth)``.

    Parameters
    ----------
    verdict : SearchFeedback
        A check's verdict.
    fn : callable
        The learner's search.
    kind : str
        The search, one of :data:`KINDS`.

    Returns
    -------
    SearchFeedback
        The verdict, with the hint added where it fits.

    Examples
    --------
    >>> def minimax(game, state, depth, is_max):
    ...     return 0, None
    >>> print(with_note_words(check_search(minimax), minimax, "minimax").hint)
    minimax is told whose turn it is (is_max), as the note's pseudocode is; on the Game interface ask
    game.node_type(state) at every node instead ("max" or "min": the players do not always alternate), and drop is_max:
    def minimax(game, state, depth).
    """
    shape = call_problem(fn, kind)
    if shape is not None:
        verdict.hint = shape + "."
    elif "ask game.is_terminal(state) first" in verdict.message:
        verdict.hint = ("the note's first line, if depth == 0 or game_over(state): return evaluate(state), "
                        "treats both alike; on the Game interface split it in two: a finished game "
                        "returns (game.utility(state), None), and only then depth == 0 returns "
                        "(game.evaluate(state), None).")
    return verdict


def _judge(kind: str, run: Run, rights: list) -> tuple[str, Difference | None] | None:
    """Words for what is wrong in one run (and the difference to draw), or None."""
    matched, words, difference = _compare(kind, run, rights)
    return None if matched is not None else (words, difference)


def _compare(kind: str, run: Run, rights: list) -> tuple[int | None, str | None, Difference | None]:
    """(the index of the right search the run matches, or None; words for what is wrong; the
    difference to draw): where several are right (alpha-beta's two pruning rules), the one
    the run follows furthest gives the words."""
    if run.problem is not None:
        return None, run.problem, None
    exact = minimax(run.case.game, run.case.start, depth=run.case.depth) if kind == "alphabeta" else None
    found = []
    for i, right in enumerate(rights):   # alpha-beta: either pruning rule (>= or >) is right
        difference = first_difference(run.mine, right, exact=exact)
        if difference is None:
            extra = _generated_problem(kind, run, right)
            if extra is None:
                return i, None, None
            found.append((len(KINDS_OF_DIFFERENCE), extra, None))
        else:
            found.append((KINDS_OF_DIFFERENCE.index(difference.kind), str(difference), difference))
    _, words, difference = max(found, key=lambda f: f[0])
    return None, words, difference


def _generated_problem(kind: str, run: Run, right) -> str | None:
    if kind != "alphabeta" or run.generated is None:
        return None
    searched = {n.internal_state for n in right.tree.nodes if not n.pruned}
    extra = [s for s in run.generated if s not in searched]
    if not extra:
        return None
    return (f"you generated {_place_of(run.case.game, extra[0])} with game.play but never searched it: an "
            "autograder counts every position generated, so call game.play inside the loop, just before "
            "searching that child")


def _place_of(game, state) -> str:
    try:
        tree = minimax(game, game.state(state), depth=0).tree
        return tree.root.where if state == game.start() else _label(game, state)
    except Exception:
        return _short(state)


def _label(game, state) -> str:
    try:
        return f"{game.name(state)} (after {game.label(state[:-1], state[-1])})"
    except Exception:
        return _short(state)


_HINTS = {
    "minimax": "at a finished game return (game.utility(state), None); at depth 0 (game.evaluate(state), "
               "None); else try game.moves(state) in that order with depth - 1, keep the first best (the "
               "largest at 'max' nodes, the smallest at 'min' nodes).",
    "alphabeta": "minimax with a window: Max raises alpha, Min lowers beta, pass both down as they stand, and "
                 "stop trying a node's moves once alpha >= beta.",
    "expectimax": "Max takes the largest child value; a 'chance' node the sum of probability x value "
                  "(game.probabilities); a 'min' node moves at random: the plain average.",
    "expectiminimax": "Max takes the largest child value, Min the smallest, and a 'chance' node the sum of "
                      "probability x value (game.probabilities).",
}


def _hint(kind: str, difference: Difference | None) -> str:
    if difference is not None and difference.kind in ("extra", "stopped") and "depth" in str(difference):
        return ("count the depth down by one per move: stop when depth == 0 (game.evaluate) or at a finished game "
                "(game.utility), and call each child with depth - 1.")
    if difference is not None and difference.kind == "order":
        return "loop over game.moves(state) as it is, without sorting or reversing it."
    if difference is not None and difference.kind == "move" and "tie" in str(difference):
        return ("ties go to the first best move in game.moves order: compare with > at Max nodes and < at Min "
                "nodes, not >= or <=.")
    return _HINTS[kind]
