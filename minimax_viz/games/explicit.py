"""Textbook game trees written as nested lists, or as text.

``GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])`` is the tree of AIMA's figure 5.2: a
Max root with three Min children, whose leaves hold the utilities for Max. A state is the
path of child indexes from the root, ``()`` for the root and ``(1, 2)`` for the third leaf
of the middle branch; a move is a child index.

A teacher can also write a tree as text (:meth:`GameTree.from_text`), naming the states
and the moves::

    # AIMA figure 5.2
    start A
    A a1 B
    A a2 C
    B b1 E
    ...
    E 3

one ``start`` line, one line ``state move next-state`` per move (in the order the moves
are tried) and one line ``state value`` per leaf. Two moves may lead to the same state:
the tree then holds a *transposition*, and a search with a memo table answers the second
visit from the table (states read from text are keyed by their names).

Kinds of node
-------------
Unmarked, the players alternate level by level: the root is Max, its children Min,
theirs Max, and so on. A list may start with the kind of its own node, ``"max"``,
``"min"`` or ``"chance"``; the mark changes that node only. Two Min agents in a row
(CS188's two ghosts): the Min nodes on the second level are marked, as that level
would be Max.

>>> from minimax_viz import alphabeta, expectimax, minimax
>>> ghosts = GameTree([[["min", 3, 9], ["min", 4, 6]], [["min", 8, 5]]])
>>> [ghosts.node_type(p) for p in [(), (0,), (0, 0)]]
['max', 'min', 'min']
>>> minimax(ghosts).score, alphabeta(ghosts).score
(5, 5)
>>> minimax(GameTree([[[3, 9], [4, 6]], [[8, 5]]])).score  # the same leaves, alternating
8

A chance node's outcomes are equally likely, unless every one is written as a pair
``(probability, child)`` (inside a chance node a tuple is such a pair; write an inner
node there as a list). Probabilities are numbers in (0, 1] that add up to 1.

>>> dice = GameTree([["chance", (0.25, 8), (0.75, 0)], ["chance", 3, 5]])
>>> dice.probabilities((0,)), dice.probabilities((1,))
((0.25, 0.75), (0.5, 0.5))
>>> expectimax(dice).score, expectimax(dice).move
(4.0, 1)
>>> GameTree([["chance", (0.5, 8), (0.6, 0)]])
Traceback (most recent call last):
...
minimax_viz.errors.InvalidTree: the chance node at path (0,): its probabilities add up to 1.1, not 1; make them add up to 1

In the text format a line ``state kind`` gives a state's kind, and a fourth word on a
move line gives the move's probability, as a decimal or a fraction::

    start A
    A a1 B
    A a2 C
    B chance
    B b1 D 1/4
    B b2 E 3/4
    ...

>>> print(dice.to_text_format())
start A
A a1 B
A a2 C
B chance
B b1 D 0.25
B b2 E 0.75
C chance
C c1 F
C c2 G
D 8
E 0
F 3
G 5
>>> GameTree.from_text(dice.to_text_format()).nested == dice.nested
True

:meth:`GameTree.from_cs188` reads the game trees of UC Berkeley's CS188 autograder
(several agents, depth in rounds); see :mod:`minimax_viz.games.cs188`.
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from numbers import Real
from typing import Any, Hashable, Sequence

from ..errors import InvalidBoard, InvalidMove, InvalidOption, InvalidTree, TreeTooLarge, short_repr, short_text
from .base import Game

__all__ = ["GameTree", "MAX_TEXT_NODES", "MAX_TREE_NODES", "NODE_KINDS"]

#: The kinds of node: what a list may start with, and what ``node_type`` returns.
NODE_KINDS = ("max", "min", "chance")
_PLAYERS = {"max": "MAX", "min": "MIN", "chance": "CHANCE"}

#: The most nodes a tree read from text may unfold to (its paths from the root).
MAX_TEXT_NODES = 100_000

#: The most nodes (inner nodes and leaves) a tree may have, unless ``max_nodes`` says more.
MAX_TREE_NODES = 2_000_000

_DEEPEST = 400   # the deepest tree the search walks safely within Python's recursion limit


class GameTree(Game):
    """A game given as an explicit tree: inner nodes are lists, leaves are numbers.

    The root is Max and the players alternate level by level, unless a list starts with
    its node's kind (see the module's docstring).

    >>> tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> tree.moves(()), tree.player(()), tree.player((0,))
    ((0, 1, 2), 'MAX', 'MIN')
    >>> tree.play((), 1), tree.utility((1, 2))
    ((1,), 6)

    :raises InvalidTree: for an inner node without children, a leaf that is not a
        number (or is NaN), a mark other than "max", "min" or "chance", or a chance node's
        probabilities that are not numbers in (0, 1] adding up to 1.
    :raises TreeTooLarge: for a tree of more than ``max_nodes`` nodes (2,000,000 unless
        given), before any of it is stored.
    :raises InvalidOption: for a ``max_nodes`` that is not a whole number of 1 or more.
    """

    def __init__(self, nested: Any, *, max_nodes: int = MAX_TREE_NODES):
        _check_count("max_nodes", max_nodes, 1)
        _check_size(nested, max_nodes)
        self.nested = nested
        self._nodes: dict[tuple, Any] = {}
        self._kinds: dict[tuple, str] = {}      # path -> its kind, for every inner node
        self._marked: set[tuple] = set()        # paths whose list starts with its kind
        self._odds: dict[tuple, tuple] = {}     # chance path -> its probabilities, in move order
        self._given_odds: set[tuple] = set()    # chance paths whose probabilities were written
        self._read(nested, ())
        self._names: dict[tuple, str] | None = None      # path -> state name, made when asked
        self._labels: dict[str, list[str]] | None = None  # state name -> its move labels
        self._named = False                              # True for a tree read from text
        self._cs188 = None                               # what a CS188 test adds (see from_cs188)
        #: The depth to search in plies, where the source says (a CS188 test), else None.
        self.depth: int | None = None

    def __repr__(self) -> str:
        if self._cs188 is not None:
            return self._cs188.describe()
        return f"GameTree({self.nested!r})"

    @classmethod
    def random(
        cls,
        depth: int = 3,
        branching: int | tuple[int, int] = 3,
        *,
        seed: int = 0,
        low: int = -9,
        high: int = 9,
    ) -> GameTree:
        """A random tree for practice: ``depth`` levels, ``branching`` children per node
        (a number, or a ``(fewest, most)`` range), whole-number leaves from ``low`` to
        ``high``. The same seed always gives the same tree.

        >>> GameTree.random(depth=2, branching=2, seed=1)
        GameTree([[-1, -6], [5, 6]])

        :raises InvalidTree: for a ``depth`` or ``branching`` that is not a whole number
            of 1 or more (a range: ``(fewest, most)`` with ``1 <= fewest <= most``), or
            ``low``/``high`` that are not whole numbers with ``low <= high``.
        :raises TreeTooLarge: when the tree could have more than 2,000,000 nodes
            (``most ** depth`` leaves), before any of it is built.
        """
        import random

        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise InvalidTree(f"depth must be a whole number of levels, 1 or more, not {short_repr(depth)}")
        pair = branching if isinstance(branching, tuple) and len(branching) == 2 else (branching, branching)
        if not all(type(b) is int for b in pair) or not 1 <= pair[0] <= pair[1]:
            raise InvalidTree(
                f"branching must be a whole number of children, 1 or more, or a range "
                f"(fewest, most) with 1 <= fewest <= most, not {short_repr(branching)}"
            )
        fewest, most = pair
        for name, bound in (("low", low), ("high", high)):
            if type(bound) is not int:
                raise InvalidTree(f"{name} must be a whole number (a leaf's value), not {short_repr(bound)}")
        if low > high:
            raise InvalidTree(f"low must be at most high, not low={short_repr(low)} > high={short_repr(high)}")
        if isinstance(seed, bool) or not isinstance(seed, (int, str, bytes)):
            raise InvalidTree(f"seed must be a whole number or a string, not {short_repr(seed)}")
        if most > 1 and depth > 64 or most ** depth > MAX_TREE_NODES:
            raise TreeTooLarge(
                f"a random tree of depth {short_repr(depth)} with up to {short_repr(most)} children per node could "
                f"have {short_repr(most)}**{short_repr(depth)} leaves, more than {MAX_TREE_NODES:,} nodes; lower depth or branching"
            )
        if depth > _DEEPEST:
            raise TreeTooLarge(
                f"depth must be at most {_DEEPEST} levels (deeper, the search would pass Python's "
                f"recursion limit), not {depth}"
            )
        rng = random.Random(seed)

        def grow(level: int):
            if level == depth:
                return rng.randint(low, high)
            return [grow(level + 1) for _ in range(rng.randint(fewest, most))]

        return cls(grow(0))

    # -- the text format -------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> GameTree:
        r"""A tree written as text: a ``start`` line, ``state move next-state`` lines and
        ``state value`` lines; ``#`` starts a comment. The start (the root) is Max.
        A ``state kind`` line (kind ``max``, ``min`` or ``chance``) marks a state's kind,
        and a chance state's move lines may end with a probability (``0.25`` or ``1/4``),
        as the module's docstring shows.

        State names are words that are not numbers; a move's label is any word, unique
        among the moves of its state; moves are tried in the order of their lines.
        Errors name the line to fix.

        >>> tree = GameTree.from_text('''
        ... start A
        ... A left B
        ... A right C
        ... B 3
        ... C 5
        ... ''')
        >>> tree
        GameTree([3, 5])
        >>> tree.name((1,)), tree.label((), 1)
        ('C', 'right')
        >>> GameTree.from_text("start A\nA a1 B\nB three")
        Traceback (most recent call last):
        ...
        minimax_viz.errors.InvalidTree: line 3: the value of B is 'three', not a number; a leaf's line is 'state value', like 'B 3' (a line 'state kind' gives a kind: max, min or chance)

        :raises InvalidTree: naming the line, for text that does not read as a tree.
        """
        if not isinstance(text, str):
            raise InvalidTree(f"from_text reads a string of lines, not {type(text).__name__}")
        start, moves, values, kinds, first_line = _parse(text)
        tree = cls(_unfold(start, moves, values, kinds, first_line))
        tree._named = True
        tree._labels = {state: [edge[0] for edge in edges] for state, edges in moves.items()}
        names = {(): start[0]}
        for path in tree._nodes:  # in pre-order: a parent comes before its children
            for i, edge in enumerate(moves.get(names[path], ())):
                names[path + (i,)] = edge[1]
        tree._names = names
        return tree

    @classmethod
    def from_cs188(cls, text: str) -> GameTree:
        """The game tree of a UC Berkeley CS188 ``GraphGameTreeTest`` file (project 2).

        Agent 0 (Pacman) is Max and the other agents (the ghosts) are Min, moving in
        turn, so two ghosts give two Min levels in a row. Win and lose states are
        finished games scored by their ``evaluation``; a state where the search stops
        at the depth limit is scored by its ``evaluation`` too. ``tree.depth`` is the
        test's depth in plies (CS188 counts rounds, in which every agent moves once),
        each node's state is its name in the file and ``result.move`` the action's
        name, so ``minimax(tree, depth=tree.depth)`` answers as CS188's autograder
        expects (alpha-beta with ``prune_on_equal=False``: CS188 prunes on strict
        inequality only), and ``result.tree.generated_states()`` gives the states it
        generated.

        >>> from minimax_viz import minimax
        >>> tree = GameTree.from_cs188('''
        ... num_agents: "2"
        ... depth: "1"
        ... start_state: "top"
        ... win_states: "high"
        ... lose_states: "low"
        ... successors: \"\"\"
        ... top eat mid
        ... top wait low
        ... mid flee high
        ... mid chase low
        ... \"\"\"
        ... evaluation: \"\"\"
        ... high 10
        ... low -5
        ... mid 2
        ... \"\"\"
        ... ''')
        >>> tree.depth, tree.player(()), tree.player("mid")
        (2, 'Pacman', 'ghost 1')
        >>> result = minimax(tree, depth=tree.depth)
        >>> result.move, result.score, sorted(result.tree.generated_states())
        ('eat', -5, ['high', 'low', 'mid', 'top'])

        :raises InvalidTree: naming the key or the line, for a file that is not a
            ``GraphGameTreeTest`` with the keys above, a line that does not read, an
            action given twice to a state, two evaluations of one state that differ, a
            state that is both a win and a loss, a state reached again on its own path
            (a cycle), a finished state without an evaluation, or a tree of more than
            100,000 nodes or 5,000 levels.
        """
        from .cs188 import read_cs188_tree

        return read_cs188_tree(cls, text)

    def to_text_format(self) -> str:
        """The tree in the text format of :meth:`from_text`; reading it back gives the same tree.

        A tree made from nested lists gets AIMA's names: states A, B, C, ... level by
        level, and moves named after their state, ``a1``, ``a2``, ...

        >>> print(GameTree([[3, 12], [2]]).to_text_format())
        start A
        A a1 B
        A a2 C
        B b1 D
        B b2 E
        C c1 F
        D 3
        E 12
        F 2
        """
        names = self._path_names()
        lines, leaves, done = [f"start {names[()]}"], [], set()
        for path in sorted(self._nodes, key=lambda p: (len(p), p)):
            name = names[path]
            if name in done:
                continue
            done.add(name)
            node = self._nodes[path]
            if isinstance(node, tuple):
                leaves.append(f"{name} {node[1]!r}")
                continue
            if path in self._marked:
                lines.append(f"{name} {self._kinds[path]}")
            odds = self._odds[path] if path in self._given_odds else None
            lines += [
                f"{name} {self.label(path, i)} {names[path + (i,)]}"
                + ("" if odds is None else f" {_odds_text(odds[i])}")
                for i in range(node)
            ]
        return "\n".join(lines + leaves)

    def name(self, state: Any) -> str:
        """The name of the state: from the text, or AIMA-style A, B, C, ... level by level."""
        return self._path_names()[self.state(state)]

    def label(self, state: Any, move: int) -> str:
        """The label of ``move`` at ``state``: from the text, or ``a1``, ``a2``, ... at A."""
        path = self.play(state, move)[:-1]
        name = self._path_names()[path]
        if self._labels is not None:
            return self._labels[name][move]
        return f"{name.lower()}{move + 1}"

    def key(self, state: Any) -> Hashable:
        """The state's name for a tree read from text (the same for a transposition), else its
        path; for a CS188 tree the name and the agent to move."""
        path = self.state(state)
        if self._cs188 is not None:
            return self._names[path], len(path) % self._cs188.agents
        return self._names[path] if self._named else path

    def _first_paths(self) -> dict[str, tuple]:
        first: dict[str, tuple] = {}
        for path, name in self._path_names().items():
            if name not in first or (len(path), path) < (len(first[name]), first[name]):
                first[name] = path
        return first

    def _path_names(self) -> dict[tuple, str]:
        if self._names is None:
            ordered = sorted(self._nodes, key=lambda p: (len(p), p))
            self._names = {path: _letters(i) for i, path in enumerate(ordered)}
        return self._names

    # -- rules -------------------------------------------------------------------------------
    def _read(self, nested: Any, root: tuple) -> None:
        """Store every node in pre-order (a parent before its children, leaves left to
        right), with a stack rather than recursion: a tree may be deeper than Python's
        recursion limit."""
        stack = [(nested, root)]
        while stack:
            node, path = stack.pop()
            if isinstance(node, (list, tuple)):
                kind, children = self._kind_of(node, path)
                if not children:
                    raise InvalidTree(
                        f"the inner node at path {path} has no children; give it at least one "
                        "child, or a number to make it a leaf"
                    )
                if kind == "chance":
                    children = self._read_odds(children, path)
                self._kinds[path] = kind
                self._nodes[path] = len(children)
                stack.extend((children[i], path + (i,)) for i in range(len(children) - 1, -1, -1))
            elif isinstance(node, Real) and not isinstance(node, bool) and node == node:
                self._nodes[path] = ("leaf", node)
            else:
                raise InvalidTree(
                    f"the leaf at path {path} is {short_repr(node)}; a leaf holds a number, not NaN "
                    "(its value for Max)"
                )

    def _kind_of(self, node, path: tuple) -> tuple[str, list]:
        """The kind of an inner node (its mark, or the level's) and its children."""
        if node and isinstance(node[0], str):
            if node[0] not in NODE_KINDS:
                raise InvalidTree(
                    f"the list at path {path} starts with {short_repr(node[0])}; a list may start with "
                    "the kind of its node: 'max', 'min' or 'chance'"
                )
            self._marked.add(path)
            return node[0], list(node[1:])
        return _level_kind(path), list(node)

    def _read_odds(self, children: list, path: tuple) -> list:
        """A chance node's children without their probabilities, which are kept aside."""
        pairs = [isinstance(child, tuple) for child in children]
        if not any(pairs):
            self._odds[path] = (1 / len(children),) * len(children)
            return children
        if not all(pairs) or any(len(child) != 2 for child in children):
            raise InvalidTree(
                f"the chance node at path {path}: write every outcome as a pair "
                "(probability, child), or none of them for equal odds; an inner node under "
                "a chance node is a list"
            )
        odds = [p for p, _ in children]
        _check_odds(odds, f"the chance node at path {path}")
        self._odds[path] = tuple(float(p) for p in odds)
        self._given_odds.add(path)
        return [child for _, child in children]

    def start(self) -> tuple:
        return ()

    def state(self, value: Any = None) -> tuple:
        """The path of a node: ``None`` is the root; a tree with named states (read from
        text or CS188) also takes a state's name (its first path, for a shared state)."""
        if value is None:
            return ()
        if isinstance(value, str) and self._named:
            path = self._first_paths().get(value)
            if path is None:
                raise InvalidBoard(f"{short_repr(value)} is not a state of this tree; its start is {self.name(())!r}")
            return path
        path = tuple(value) if isinstance(value, (list, tuple)) else None
        if path is None or not _holds(self._nodes, path):
            raise InvalidBoard(
                f"{short_repr(value)} is not a node of this tree; a state is a path of child indexes "
                "from the root, such as () or (1, 2)"
            )
        return path

    def board(self, state: Any) -> Any:
        """The path, or for a tree read from a CS188 test the state's name."""
        path = self.state(state)
        return self._names[path] if self._cs188 is not None else path

    def player(self, state: Any) -> str:
        """"MAX", "MIN" or "CHANCE" (for a CS188 tree "Pacman", "ghost 1", "ghost 2", ...)."""
        path = self.state(state)
        if self._cs188 is not None:
            return self._cs188.player(path)
        return _PLAYERS[self.node_type(path)]

    def is_max(self, state: Any) -> bool:
        return self.node_type(state) == "max"

    def node_type(self, state: Any) -> str:
        """The node's kind: its mark, or the level's (Max on even levels, Min on odd ones).

        >>> GameTree([3, ["chance", 1, 2]]).node_type((1,))
        'chance'
        """
        path = self.state(state)
        return self._kinds.get(path) or _level_kind(path)

    def probabilities(self, state: Any) -> Sequence[float]:
        """The probabilities of a chance node's moves (equal unless the tree gives them)."""
        path = self.state(state)
        return self._odds[path] if path in self._odds else super().probabilities(path)

    def move_name(self, state: Any, move: int) -> Any:
        """The action's name for a tree read from a CS188 test, else the child index."""
        return self.label(state, move) if self._cs188 is not None else move

    def evaluate(self, state: Any) -> float:
        """The heuristic at the depth limit: a CS188 state's evaluation, else 0."""
        if self._cs188 is not None:
            return self._cs188.evaluate(self.state(state), self.name(state))
        return 0

    def moves(self, state: Any) -> tuple[int, ...]:
        node = self._nodes[self.state(state)]
        return () if isinstance(node, tuple) else tuple(range(node))

    def play(self, state: Any, move: int) -> tuple:
        path = self.state(state)
        if isinstance(move, str) and self._labels is not None:  # a move's label
            labels = self._labels.get(self.name(path), [])
            move = labels.index(move) if move in labels else move
        node = self._nodes[path]
        if type(move) is not int or isinstance(node, tuple) or not 0 <= move < node:
            legal = "none (it is a leaf)" if isinstance(node, tuple) else _span(node)
            raise InvalidMove(f"move {short_repr(move)} is not legal at {path}; the legal moves are {legal}")
        return path + (move,)

    def successors(self, state: Any) -> tuple:
        """``(move, next_state)`` pairs in move order, what the search asks at every node;
        the moves are ``range`` of the node's children, so none is checked one by one
        (``play`` checks its move, in time that grows with the number of children)."""
        path = self.state(state)
        node = self._nodes[path]
        return () if isinstance(node, tuple) else tuple([(m, path + (m,)) for m in range(node)])

    def outcome(self, state: Any) -> float | None:
        """The leaf's value, ``None`` at an inner node (one look-up per call)."""
        node = self._nodes.get(state) if type(state) is tuple else None
        if node is None:
            node = self._nodes[self.state(state)]
        return node[1] if isinstance(node, tuple) else None

    def winner(self, state: Any) -> str | None:
        if not self.is_terminal(state):
            return None
        value = self.utility(state)
        return "MAX" if value > 0 else "MIN" if value < 0 else None

    def is_terminal(self, state: Any) -> bool:
        return isinstance(self._nodes[self.state(state)], tuple)

    def utility(self, state: Any) -> float:
        node = self._nodes[self.state(state)]
        return node[1] if isinstance(node, tuple) else 0

    def value(self, state: Any) -> float | None:
        """The number written at a leaf, ``None`` at an inner node."""
        node = self._nodes[self.state(state)]
        return node[1] if isinstance(node, tuple) else None

    def result_text(self, state: Any) -> str:
        """"leaf" (for a CS188 tree: "win", "lose" or "leaf")."""
        if self._cs188 is not None:
            return self._cs188.result_text(self.name(state))
        return "leaf"

    def leaves(self) -> list[tuple]:
        """The paths of all leaves, left to right."""
        return [p for p, n in self._nodes.items() if isinstance(n, tuple)]

    def to_text(self, state: Any) -> str:
        path = self.state(state)
        value = self.value(path)
        return f"{path}" if value is None else f"{path} = {value}"


# -- sizes ----------------------------------------------------------------------------------------

def _span(n: int) -> str:
    """The moves 0 .. n-1 in words, short for a node with many children."""
    return str(list(range(n))) if n <= 12 else f"0 to {n - 1}"


def _check_count(name: str, value: Any, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InvalidOption(f"{name} must be a whole number, {least} or more, not {short_repr(value)}")


def _check_size(nested: Any, max_nodes: int) -> None:
    """Count the nodes of nested lists, without storing anything, and refuse a tree of
    more than ``max_nodes`` before its tables grow."""
    count, stack = 0, [nested]
    pop, extend = stack.pop, stack.extend
    while stack:
        node = pop()
        count += 1
        if type(node) is list or isinstance(node, (list, tuple)):
            if count + len(node) > max_nodes:
                raise TreeTooLarge(
                    f"the tree has more than {max_nodes:,} nodes; give a smaller tree, or pass "
                    f"GameTree(nested, max_nodes=...) with a larger limit (each node costs "
                    "about 300 bytes)"
                )
            extend(node)


# -- kinds and probabilities ------------------------------------------------------------------

def _level_kind(path: tuple) -> str:
    """The kind of an unmarked node: Max on even levels, Min on odd ones."""
    return "max" if len(path) % 2 == 0 else "min"


def _check_odds(odds: Sequence, where: str) -> None:
    """Probabilities are numbers in (0, 1] that add up to 1 (within 1e-9)."""
    for i, p in enumerate(odds):
        if isinstance(p, bool) or not isinstance(p, Real) or not 0 < p <= 1:
            raise InvalidTree(
                f"{where}: the probability of outcome {i} is {short_repr(p)}; a probability is a number "
                "in (0, 1], like 0.25"
            )
    total = math.fsum(float(p) for p in odds)
    if abs(total - 1) > 1e-9:
        raise InvalidTree(f"{where}: its probabilities add up to {total:g}, not 1; make them add up to 1")


def _odds_text(p: float) -> str:
    """A probability as the text format writes it: a short decimal, else a fraction."""
    if len(repr(p)) <= 6:
        return repr(p)
    fraction = Fraction(p).limit_denominator(1000)
    return f"{fraction.numerator}/{fraction.denominator}" if float(fraction) == p else repr(p)


def _probability(word: str) -> float | None:
    """The number a probability word spells (``0.25`` or ``1/4``), or None."""
    if "/" in word:
        top, _, bottom = word.partition("/")
        try:
            return int(top) / int(bottom)
        except (ValueError, ZeroDivisionError):
            return None
    value = _number(word)
    return None if value is None else float(value)


# -- reading the text format ------------------------------------------------------------------

def _w(word: str) -> str:
    """A word of the text as the errors quote it: at most 60 characters."""
    return short_text(word)


def _letters(i: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA", ... as spreadsheet columns are named."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


def _number(word: str) -> int | float | None:
    """The finite number a word spells, or None."""
    for kind in (int, float):
        try:
            value = kind(word)
        except ValueError:
            continue
        return value if value == value and abs(value) != float("inf") else None
    return None


def _holds(table: dict, key) -> bool:
    """``key in table``, False for a key that cannot be one (a path holding a list)."""
    try:
        return key in table
    except TypeError:
        return False


def _not_a_value(word: str) -> str:
    """Why a word is not a leaf's value, in words (for a word :func:`_number` refused)."""
    digits = word.lstrip("+-").replace("_", "")
    if digits.isdigit():   # past the digits Python reads as an int
        return (f"a whole number of {len(digits):,} digits, more than can be read (at most "
                f"{sys.get_int_max_str_digits() or len(digits) - 1:,}); scale the values down")
    try:
        value = float(word)
    except ValueError:
        return "not a number"
    if value != value:
        return "NaN, not a number"
    if digits.lower() in ("inf", "infinity"):
        return "infinite; a leaf holds a finite number"
    return "beyond a float's range (about 1.8e308); scale the values down"


def _name(word: str, n: int) -> str:
    if word == "start" or _number(word) is not None or word.lstrip("+-").isdigit():
        what = "the start keyword" if word == "start" else "a number"
        raise InvalidTree(
            f"line {n}: {_w(word)!r} cannot name a state, as it reads as {what}; name the state "
            "with a word such as E, and give a leaf's value on its own line, like 'E 3'"
        )
    return word


def _parse(text: str):
    """Read the lines into the start, each state's moves ``(label, next, line, probability)``,
    the leaves' values ``(value, line)``, the marked kinds ``(kind, line)``, and the line
    where each state is first named."""
    start = None
    moves: dict[str, list] = {}
    values: dict[str, tuple] = {}
    kinds: dict[str, tuple] = {}
    first_line: dict[str, int] = {}
    labelled: dict[tuple, int] = {}   # (state, move label) -> its line: a label once per state
    for n, raw in enumerate(text.splitlines(), start=1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if words[0] == "start":
            if len(words) != 2:
                raise InvalidTree(f"line {n}: write the start as 'start A', naming the root state")
            if start is not None:
                raise InvalidTree(
                    f"line {n}: a second start line (the first is line {start[1]}); a tree has one root"
                )
            start = (_name(words[1], n), n)
            first_line.setdefault(words[1], n)
        elif len(words) in (3, 4):
            state, label, child = _name(words[0], n), words[1], _name(words[2], n)
            line = labelled.setdefault((state, label), n)
            if line != n:
                raise InvalidTree(
                    f"line {n}: {_w(state)} already has a move labelled {_w(label)!r} (line {line}); "
                    "give each move of a state its own label"
                )
            odds = _move_probability(words, n)
            moves.setdefault(state, []).append((label, child, n, odds))
            first_line.setdefault(state, n)
            first_line.setdefault(child, n)
        elif len(words) == 2 and words[1] in NODE_KINDS:
            state = _name(words[0], n)
            if state in kinds:
                raise InvalidTree(f"line {n}: {_w(state)} already has a kind (line {kinds[state][1]})")
            kinds[state] = (words[1], n)
            first_line.setdefault(state, n)
        elif len(words) == 2:
            state, value = _name(words[0], n), _number(words[1])
            if value is None:
                why = _not_a_value(words[1])
                raise InvalidTree(
                    f"line {n}: the value of {_w(state)} is {_w(words[1])!r}, {why}"
                    + (f"; a leaf's line is 'state value', like '{_w(state)} 3' (a line 'state kind' "
                       "gives a kind: max, min or chance)" if why == "not a number" else "")
                )
            if state in values:
                raise InvalidTree(f"line {n}: {_w(state)} already has a value (line {values[state][1]})")
            values[state] = (value, n)
            first_line.setdefault(state, n)
        else:
            raise InvalidTree(
                f"line {n} has {len(words)} words; write 'state move next-state' for a move "
                "(with its probability after it at a chance node), 'state value' for a leaf, "
                "'state kind' for a kind, or 'start state' for the root"
            )
    if start is None:
        raise InvalidTree("the text has no start line; add one such as 'start A' naming the root")
    for state, (_, n) in values.items():
        if state in moves:
            raise InvalidTree(
                f"line {n}: {_w(state)} has a value but also moves (line {moves[state][0][2]}); "
                "only a leaf, a state without moves, has a value"
            )
    for state, (_, n) in kinds.items():
        if state in values:
            raise InvalidTree(
                f"line {n}: {_w(state)} is a leaf (its value is on line {values[state][1]}); only a "
                "state with moves has a kind"
            )
    for state, edges in moves.items():
        _check_move_odds(state, edges, kinds.get(state, ("",))[0])
    return start, moves, values, kinds, first_line


def _move_probability(words: list[str], n: int) -> float | None:
    """The probability a move line ends with (its fourth word), or None."""
    if len(words) == 3:
        return None
    odds = _probability(words[3])
    if odds is None or not 0 < odds <= 1:
        raise InvalidTree(
            f"line {n}: the fourth word, {_w(words[3])!r}, must be the move's probability: a "
            "number in (0, 1] such as 0.25 or 1/4"
        )
    return odds


def _check_move_odds(state: str, edges: list, kind: str) -> None:
    """Probabilities only at a chance state, on all of its moves or on none, adding up to 1."""
    given = [edge for edge in edges if edge[3] is not None]
    if not given:
        return
    if kind != "chance":
        raise InvalidTree(
            f"line {given[0][2]}: a probability on a move of {_w(state)}, which is not a chance "
            f"node; add a line '{_w(state)} chance', or drop the probability"
        )
    if len(given) != len(edges):
        label, _, line, _ = next(edge for edge in edges if edge[3] is None)
        raise InvalidTree(
            f"line {line}: the move {_w(label)!r} of the chance node {_w(state)} has no probability "
            "but others have one; give every move of it a probability, or none (equal odds)"
        )
    _check_odds([edge[3] for edge in edges], f"line {edges[0][2]}: the chance node {_w(state)}")


def _unfold(start, moves, values, kinds, first_line):
    """Nested lists for the states reachable from the start, checking that each has moves
    or a value, that no move leads back to a state on its own path, and that a shared
    state is always reached with the same player to move."""
    root, root_line = start
    parity: dict[str, int] = {root: 0}
    size: dict[str, int] = {}
    nested: dict[str, Any] = {}
    on_path: set[str] = set()   # the states on the way to the one visited (no two alike)

    def visit(state: str, line: int):
        if state in nested:
            return nested[state]
        if state in values:
            nested[state], size[state] = values[state][0], 1
            return nested[state]
        if state not in moves:
            raise InvalidTree(
                f"line {line}: {_w(state)} has no moves and no value; add a line '{_w(state)} <value>' "
                "for a leaf, or lines for its moves"
            )
        on_path.add(state)
        children = []
        for label, child, n, _ in moves[state]:
            if child in on_path:
                raise InvalidTree(
                    f"line {n}: the move {_w(label)!r} from {_w(state)} leads back to {_w(child)}, a state "
                    "on the way here; a game tree has no cycles"
                )
            want = 1 - parity[state]
            if parity.setdefault(child, want) != want:
                raise InvalidTree(
                    f"line {n}: {_w(child)} is reached here with the other player to move than on "
                    "another path; players alternate, so every path to a shared state must have "
                    "an even number of moves, or every path an odd number"
                )
            children.append(visit(child, n))
        on_path.discard(state)
        size[state] = 1 + sum(size[edge[1]] for edge in moves[state])
        if size[state] > MAX_TEXT_NODES:
            raise InvalidTree(
                f"the tree below {_w(state)} unfolds to more than {MAX_TEXT_NODES:,} nodes (a shared "
                "state counts once per path to it); write a smaller tree"
            )
        nested[state] = children = _marked(children, moves[state], kinds.get(state))
        return children

    try:
        tree = visit(root, root_line)
    except RecursionError:
        raise InvalidTree(
            f"the tree is deeper than Python's recursion allows (about {_DEEPEST} levels); "
            "write a shallower tree"
        ) from None
    for state, line in sorted(first_line.items(), key=lambda item: item[1]):
        if state not in nested:
            raise InvalidTree(
                f"line {line}: {_w(state)} cannot be reached from the start, {_w(root)}; "
                "check the names in the move lines"
            )
    return tree


def _marked(children: list, edges: list, kind: tuple | None) -> list:
    """A state's nested list with its kind in front and its moves' probabilities, if given."""
    if kind is None:
        return children
    if kind[0] == "chance" and edges[0][3] is not None:
        children = [(edge[3], child) for edge, child in zip(edges, children)]
    return [kind[0], *children]
