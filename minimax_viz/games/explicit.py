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
minimax_viz.errors.InvalidTree: the chance node at path (0,): its probabilities add up to 1.1, not 1; ...

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

from numbers import Real
from typing import Any, Hashable, Sequence

from ..errors import InvalidBoard, InvalidMove, InvalidOption, InvalidTree, TreeTooLarge, short_repr
from .base import Game
from .tree_rules import DEEPEST, MAX_TEXT_NODES, NODE_KINDS, check_odds
from .tree_text import read_text, write_text

__all__ = ["GameTree", "MAX_TEXT_NODES", "MAX_TREE_NODES", "NODE_KINDS"]

_PLAYERS = {"max": "MAX", "min": "MIN", "chance": "CHANCE"}


#: The most nodes (inner nodes and leaves) a tree may have, unless ``max_nodes`` says more.
MAX_TREE_NODES = 2_000_000

#: The :class:`GameTree` subclasses that read another text format, by name: :meth:`GameTree.from_cs188`
#: asks for ``"cs188"``. The module that defines one adds it here (the games package imports it).
READERS: dict[str, type] = {}


class GameTree(Game):
    """A game given as an explicit tree: inner nodes are lists, leaves are numbers.

    The root is Max and the players alternate level by level, unless a list starts with
    its node's kind (see the module's docstring).

    Parameters
    ----------
    nested : list
        The tree as nested lists: an inner node is a list of its children (which may start
        with its kind, ``"max"``, ``"min"`` or ``"chance"``), a leaf is a number.
    max_nodes : int, optional
        The largest number of nodes accepted (2,000,000 unless given).

    Raises
    ------
    InvalidTree
        For an inner node without children, a leaf that is not a
        number (or is NaN), a mark other than "max", "min" or "chance", or a chance node's
        probabilities that are not numbers in (0, 1] adding up to 1.
    TreeTooLarge
        For a tree of more than ``max_nodes`` nodes (2,000,000 unless
        given), before any of it is stored.
    InvalidOption
        For a ``max_nodes`` that is not a whole number of 1 or more.

    Examples
    --------
    >>> tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> tree.moves(()), tree.player(()), tree.player((0,))
    ((0, 1, 2), 'MAX', 'MIN')
    >>> tree.play((), 1), tree.utility((1, 2))
    ((1,), 6)
    """

    def __init__(self, nested: Any, *, max_nodes: int = MAX_TREE_NODES):
        _check_count("max_nodes", max_nodes, 1)
        _check_size(nested, max_nodes)
        self.nested = nested
        tables = _Reader(nested)
        self._nodes, self._kinds, self._marked = tables.nodes, tables.kinds, tables.marked
        self._odds, self._given_odds = tables.odds, tables.given_odds
        self._names: dict[tuple, str] | None = None      # path -> state name, made when asked
        self._labels: dict[str, list[str]] | None = None  # state name -> its move labels
        self._named = False                              # True for a tree read from text
        #: The depth to search in plies, where the source says (a CS188 test), else None.
        self.depth: int | None = None

    def __repr__(self) -> str:
        return f"GameTree({self.nested!r})"

    @classmethod
    def random(cls, depth: int = 3, branching: int | tuple[int, int] = 3, *, seed: int = 0,
               low: int = -9, high: int = 9) -> GameTree:
        """A random tree for practice: ``depth`` levels, ``branching`` children per node
        (a number, or a ``(fewest, most)`` range), whole-number leaves from ``low`` to
        ``high``. The same seed always gives the same tree.

        Parameters
        ----------
        depth : int, optional
            The number of levels below the root (3 unless given).
        branching : int or tuple of int, optional
            Children per inner node, or a ``(fewest, most)`` range (3 unless given).
        seed : int, optional
            The seed of the random numbers (0 unless given).
        low, high : int, optional
            The smallest and largest leaf values (-9 and 9 unless given).

        Returns
        -------
        GameTree
            The tree.

        Raises
        ------
        InvalidTree
            For a ``depth`` or ``branching`` that is not a whole number
            of 1 or more (a range: ``(fewest, most)`` with ``1 <= fewest <= most``), or
            ``low``/``high`` that are not whole numbers with ``low <= high``.
        TreeTooLarge
            When the tree could have more than 2,000,000 nodes
            (``most ** depth`` leaves), before any of it is built.

        Examples
        --------
        >>> GameTree.random(depth=2, branching=2, seed=1)
        GameTree([[-1, -6], [5, 6]])
        """
        return cls(_random_nested(depth, branching, seed, low, high))

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

        Parameters
        ----------
        text : str
            The tree's lines.

        Returns
        -------
        GameTree
            The tree, with its states' names and its moves' labels.

        Raises
        ------
        InvalidTree
            Naming the line, for text that does not read as a tree.

        Examples
        --------
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
        minimax_viz.errors.InvalidTree: line 3: the value of B is 'three', not a number; a leaf's line is ...
        """
        nested, names, labels = read_text(text)
        tree = cls(nested)
        tree._name_states(names, labels)
        return tree

    @classmethod
    def from_cs188(cls, text: str) -> GameTree:
        """The game tree of a UC Berkeley CS188 ``GraphGameTreeTest`` file (project 2): a
        :class:`~minimax_viz.games.cs188.CS188Tree`, whose docstring says how it reads and
        how a search answers on it as CS188's autograder expects.

        Parameters
        ----------
        text : str
            The test file's text.

        Returns
        -------
        CS188Tree
            The tree (a :class:`GameTree`).

        Raises
        ------
        InvalidTree
            Naming the key or the line, for a file that does not read as
            a ``GraphGameTreeTest`` (the cases are listed at ``CS188Tree``).
        """
        return READERS["cs188"](text)

    def to_text_format(self) -> str:
        """The tree in the text format of :meth:`from_text`; reading it back gives the same tree.

        A tree made from nested lists gets AIMA's names: states A, B, C, ... level by
        level, and moves named after their state, ``a1``, ``a2``, ...

        Returns
        -------
        str
            The lines of the text format.

        Examples
        --------
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
        return write_text(self)

    def name(self, state: Any) -> str:
        """The name of the state: from the text, or AIMA-style A, B, C, ... level by level.

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        str
            The name.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.
        """
        return self._path_names()[self.state(state)]

    def label(self, state: Any, move: int) -> str:
        """The label of ``move`` at ``state``: from the text, or ``a1``, ``a2``, ... at A.

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.
        move : int
            A child's index at ``state``.

        Returns
        -------
        str
            The label.
        """
        path = self.play(state, move)[:-1]
        name = self._path_names()[path]
        if self._labels is not None:
            return self._labels[name][move]
        return f"{name.lower()}{move + 1}"

    def key(self, state: Any) -> Hashable:
        """The state's name for a tree read from text (the same for a transposition), else its
        path (for a CS188 tree, the name and the agent to move).

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        hashable
            The memo key.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.
        """
        path = self.state(state)
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

    def _name_states(self, names: dict[tuple, str], labels: dict[str, list[str]]) -> None:
        """Name the states (each path's state, each state's move labels), as for a tree read
        from text, whose states are keyed by their names."""
        self._names, self._labels, self._named = names, labels, True

    def mark(self, state: Any) -> str | None:
        """The kind the node's list starts with (``"max"``, ``"min"`` or ``"chance"``), or
        None for a node of its level's kind, unmarked.

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        str or None
            The mark.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.

        Examples
        --------
        >>> GameTree([3, ["chance", 1, 2]]).mark((1,)), GameTree([3, [1, 2]]).mark((1,))
        ('chance', None)
        """
        path = self.state(state)
        return self._kinds[path] if path in self._marked else None

    def given_probabilities(self, state: Any) -> tuple | None:
        """A chance node's probabilities as the tree writes them, None where it gives none
        (equal odds, or not a chance node).

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        tuple of float or None
            The probabilities written in the tree.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.
        """
        path = self.state(state)
        return self._odds[path] if path in self._given_odds else None

    # -- rules -------------------------------------------------------------------------------
    def start(self) -> tuple:
        return ()

    def state(self, value: Any = None) -> tuple:
        """The path of a node: ``None`` is the root; a tree with named states (read from
        text or CS188) also takes a state's name (its first path, for a shared state).

        Parameters
        ----------
        value : tuple, str or None, optional
            A path of child indexes, a state's name, or ``None`` for the root.

        Returns
        -------
        tuple
            The node's path.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.
        """
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
        """The path (for a CS188 tree, the state's name).

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        tuple or str
            The public form of the node.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.
        """
        return self.state(state)

    def player(self, state: Any) -> str:
        """"MAX", "MIN" or "CHANCE" (for a CS188 tree "Pacman", "ghost 1", "ghost 2", ...).

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        str
            The label of the agent to move.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.
        """
        return _PLAYERS[self.node_type(state)]

    def is_max(self, state: Any) -> bool:
        return self.node_type(state) == "max"

    def node_type(self, state: Any) -> str:
        """The node's kind: its mark, or the level's (Max on even levels, Min on odd ones).

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        str
            ``"max"``, ``"min"`` or ``"chance"``.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.

        Examples
        --------
        >>> GameTree([3, ["chance", 1, 2]]).node_type((1,))
        'chance'
        """
        path = self.state(state)
        return self._kinds.get(path) or _level_kind(path)

    def probabilities(self, state: Any) -> Sequence[float]:
        """The probabilities of a chance node's moves (equal unless the tree gives them).

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        sequence of float
            One probability per move.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.
        """
        path = self.state(state)
        return self._odds[path] if path in self._odds else super().probabilities(path)

    def move_name(self, state: Any, move: int) -> Any:
        """The child index (for a CS188 tree, the action's name).

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.
        move : int
            A child's index at ``state``.

        Returns
        -------
        int or str
            The move's name.
        """
        return move

    def evaluate(self, state: Any) -> float:
        """The heuristic at the depth limit: 0 (for a CS188 tree, the state's evaluation).

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        float
            The guess for Max.
        """
        return 0

    def moves(self, state: Any) -> tuple[int, ...]:
        node = self._nodes[self.state(state)]
        return () if isinstance(node, tuple) else tuple(range(node))

    def play(self, state: Any, move: int) -> tuple:
        """The child of ``state`` that ``move`` (a child's index, or its label) leads to.

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.
        move : int or str
            A child's index, or its label.

        Returns
        -------
        tuple
            The child's path.

        Raises
        ------
        InvalidMove
            For a move that is none of the node's children.
        InvalidBoard
            For a state not in the tree.
        """
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
        (``play`` checks its move, in time that grows with the number of children).

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        tuple of tuple
            One ``(move, child_path)`` pair per child.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.
        """
        path = self.state(state)
        node = self._nodes[path]
        return () if isinstance(node, tuple) else tuple([(m, path + (m,)) for m in range(node)])

    def outcome(self, state: Any) -> float | None:
        """The leaf's value, ``None`` at an inner node (one look-up per call).

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        float or None
            The leaf's value.
        """
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
        """The number written at a leaf, ``None`` at an inner node.

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        float or None
            The leaf's value.

        Raises
        ------
        InvalidBoard
            For a name or a path that is no state of this tree.
        """
        node = self._nodes[self.state(state)]
        return node[1] if isinstance(node, tuple) else None

    def result_text(self, state: Any) -> str:
        """"leaf" (for a CS188 tree: "win", "lose" or "leaf").

        Parameters
        ----------
        state : tuple or str
            A node: its path of child indexes from the root, or (for a tree with named states)
            its name.

        Returns
        -------
        str
            The words.
        """
        return "leaf"

    def leaves(self) -> list[tuple]:
        """The paths of all leaves, left to right.

        Returns
        -------
        list of tuple
            The leaves' paths.
        """
        return [p for p, n in self._nodes.items() if isinstance(n, tuple)]

    def to_text(self, state: Any) -> str:
        path = self.state(state)
        value = self.value(path)
        return f"{path}" if value is None else f"{path} = {value}"


# -- reading nested lists -------------------------------------------------------------------

class _Reader:
    """The tables of a tree read from nested lists: each node by its path (an inner node's
    number of children, a leaf's ``("leaf", value)``), the kinds, the marks and the odds."""

    def __init__(self, nested: Any):
        self.nodes: dict[tuple, Any] = {}
        self.kinds: dict[tuple, str] = {}      # path -> its kind, for every inner node
        self.marked: set[tuple] = set()        # paths whose list starts with its kind
        self.odds: dict[tuple, tuple] = {}     # chance path -> its probabilities, in move order
        self.given_odds: set[tuple] = set()    # chance paths whose probabilities were written
        self._read(nested)

    def _read(self, nested: Any) -> None:
        """Store every node in pre-order (a parent before its children, leaves left to
        right), with a stack rather than recursion: a tree may be deeper than Python's
        recursion limit."""
        stack = [(nested, ())]
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
                self.kinds[path] = kind
                self.nodes[path] = len(children)
                stack.extend((children[i], path + (i,)) for i in range(len(children) - 1, -1, -1))
            elif isinstance(node, Real) and not isinstance(node, bool) and node == node:
                self.nodes[path] = ("leaf", node)
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
            self.marked.add(path)
            return node[0], list(node[1:])
        return _level_kind(path), list(node)

    def _read_odds(self, children: list, path: tuple) -> list:
        """A chance node's children without their probabilities, which are kept aside."""
        pairs = [isinstance(child, tuple) for child in children]
        if not any(pairs):
            self.odds[path] = (1 / len(children),) * len(children)
            return children
        if not all(pairs) or any(len(child) != 2 for child in children):
            raise InvalidTree(
                f"the chance node at path {path}: write every outcome as a pair "
                "(probability, child), or none of them for equal odds; an inner node under "
                "a chance node is a list"
            )
        odds = [p for p, _ in children]
        check_odds(odds, f"the chance node at path {path}")
        self.odds[path] = tuple(float(p) for p in odds)
        self.given_odds.add(path)
        return [child for _, child in children]


def _random_nested(depth, branching, seed, low, high) -> Any:
    """The nested lists of :meth:`GameTree.random` (its arguments checked in its words)."""
    import random

    fewest, most = _random_branching(depth, branching)
    _check_random_values(seed, low, high)
    if most > 1 and depth > 64 or most ** depth > MAX_TREE_NODES:
        raise TreeTooLarge(
            f"a random tree of depth {short_repr(depth)} with up to {short_repr(most)} children per node could "
            f"have {short_repr(most)}**{short_repr(depth)} leaves, more than {MAX_TREE_NODES:,} nodes; "
            "lower depth or branching"
        )
    if depth > DEEPEST:
        raise TreeTooLarge(
            f"depth must be at most {DEEPEST} levels (deeper, the search would pass Python's "
            f"recursion limit), not {depth}"
        )
    rng = random.Random(seed)

    def grow(level: int):
        if level == depth:
            return rng.randint(low, high)
        return [grow(level + 1) for _ in range(rng.randint(fewest, most))]

    return grow(0)


def _random_branching(depth, branching) -> tuple[int, int]:
    """A random tree's ``(fewest, most)`` children per node, its depth and branching checked."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise InvalidTree(f"depth must be a whole number of levels, 1 or more, not {short_repr(depth)}")
    pair = branching if isinstance(branching, tuple) and len(branching) == 2 else (branching, branching)
    if not all(type(b) is int for b in pair) or not 1 <= pair[0] <= pair[1]:
        raise InvalidTree(
            f"branching must be a whole number of children, 1 or more, or a range "
            f"(fewest, most) with 1 <= fewest <= most, not {short_repr(branching)}"
        )
    return pair


def _check_random_values(seed, low, high) -> None:
    """A random tree's seed and the range of its leaves' values, checked."""
    for name, bound in (("low", low), ("high", high)):
        if type(bound) is not int:
            raise InvalidTree(f"{name} must be a whole number (a leaf's value), not {short_repr(bound)}")
    if low > high:
        raise InvalidTree(f"low must be at most high, not low={short_repr(low)} > high={short_repr(high)}")
    if isinstance(seed, bool) or not isinstance(seed, (int, str, bytes)):
        raise InvalidTree(f"seed must be a whole number or a string, not {short_repr(seed)}")


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


# -- names ------------------------------------------------------------------------------------

def _letters(i: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA", ... as spreadsheet columns are named."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


def _holds(table: dict, key) -> bool:
    """``key in table``, False for a key that cannot be one (a path holding a list)."""
    try:
        return key in table
    except TypeError:
        return False
