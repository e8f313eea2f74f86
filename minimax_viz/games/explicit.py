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
"""

from __future__ import annotations

from numbers import Real
from typing import Any, Hashable

from ..errors import InvalidBoard, InvalidMove, InvalidTree
from .base import Game

__all__ = ["GameTree", "MAX_TEXT_NODES"]

#: The most nodes a tree read from text may unfold to (its paths from the root).
MAX_TEXT_NODES = 100_000


class GameTree(Game):
    """A game given as an explicit tree: inner nodes are lists, leaves are numbers.

    The root is Max and the players alternate level by level.

    >>> tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> tree.moves(()), tree.player(()), tree.player((0,))
    ((0, 1, 2), 'MAX', 'MIN')
    >>> tree.play((), 1), tree.utility((1, 2))
    ((1,), 6)
    """

    def __init__(self, nested: Any):
        self.nested = nested
        self._nodes: dict[tuple, Any] = {}
        self._read(nested, ())
        self._names: dict[tuple, str] | None = None      # path -> state name, made when asked
        self._labels: dict[str, list[str]] | None = None  # state name -> its move labels
        self._named = False                              # True for a tree read from text

    def __repr__(self) -> str:
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
    ) -> "GameTree":
        """A random tree for practice: ``depth`` levels, ``branching`` children per node
        (a number, or a ``(fewest, most)`` range), whole-number leaves from ``low`` to
        ``high``. The same seed always gives the same tree.

        >>> GameTree.random(depth=2, branching=2, seed=1)
        GameTree([[-1, -6], [5, 6]])
        """
        import random

        if depth < 1:
            raise InvalidTree(f"a random tree needs depth 1 or more, not {depth}")
        fewest, most = (branching, branching) if isinstance(branching, int) else branching
        if not 1 <= fewest <= most:
            raise InvalidTree(f"branching must be at least 1 (fewest <= most), not {branching!r}")
        rng = random.Random(seed)

        def grow(level: int):
            if level == depth:
                return rng.randint(low, high)
            return [grow(level + 1) for _ in range(rng.randint(fewest, most))]

        return cls(grow(0))

    # -- the text format -------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> "GameTree":
        r"""A tree written as text: a ``start`` line, ``state move next-state`` lines and
        ``state value`` lines; ``#`` starts a comment. The start (the root) is Max.

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
        minimax_viz.errors.InvalidTree: line 3: the value of B is 'three', not a number; a leaf's line is 'state value', like 'B 3'
        """
        if not isinstance(text, str):
            raise InvalidTree(f"from_text reads a string of lines, not {type(text).__name__}")
        start, moves, values, first_line = _parse(text)
        tree = cls(_unfold(start, moves, values, first_line))
        tree._named = True
        tree._labels = {state: [label for label, _, _ in edges] for state, edges in moves.items()}
        names = {(): start[0]}
        for path in tree._nodes:  # in pre-order: a parent comes before its children
            for i, (_, child, _) in enumerate(moves.get(names[path], ())):
                names[path + (i,)] = child
        tree._names = names
        return tree

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
            else:
                lines += [f"{name} {self.label(path, i)} {names[path + (i,)]}" for i in range(node)]
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
        """The state's name for a tree read from text (the same for a transposition), else its path."""
        path = self.state(state)
        return self._names[path] if self._named else path

    def _path_names(self) -> dict[tuple, str]:
        if self._names is None:
            ordered = sorted(self._nodes, key=lambda p: (len(p), p))
            self._names = {path: _letters(i) for i, path in enumerate(ordered)}
        return self._names

    # -- rules -------------------------------------------------------------------------------
    def _read(self, node: Any, path: tuple) -> None:
        if isinstance(node, (list, tuple)):
            if not node:
                raise InvalidTree(
                    f"the inner node at path {path} has no children; give it at least one "
                    "child, or a number to make it a leaf"
                )
            self._nodes[path] = len(node)
            for i, child in enumerate(node):
                self._read(child, path + (i,))
        elif isinstance(node, Real) and not isinstance(node, bool):
            self._nodes[path] = ("leaf", node)
        else:
            raise InvalidTree(
                f"the leaf at path {path} is {node!r}; a leaf holds a number (its value for Max)"
            )

    def start(self) -> tuple:
        return ()

    def state(self, value: Any = None) -> tuple:
        if value is None:
            return ()
        path = tuple(value) if isinstance(value, (list, tuple)) else None
        if path is None or path not in self._nodes:
            raise InvalidBoard(
                f"{value!r} is not a node of this tree; a state is a path of child indexes "
                "from the root, such as () or (1, 2)"
            )
        return path

    def player(self, state: Any) -> str:
        return "MAX" if len(self.state(state)) % 2 == 0 else "MIN"

    def moves(self, state: Any) -> tuple[int, ...]:
        node = self._nodes[self.state(state)]
        return () if isinstance(node, tuple) else tuple(range(node))

    def play(self, state: Any, move: int) -> tuple:
        path = self.state(state)
        legal = self.moves(path)
        if move not in legal or isinstance(move, bool):
            raise InvalidMove(
                f"move {move!r} is not legal at {path}; the legal moves are {list(legal)}"
            )
        return path + (move,)

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
        return "leaf"

    def leaves(self) -> list[tuple]:
        """The paths of all leaves, left to right."""
        return [p for p, n in self._nodes.items() if isinstance(n, tuple)]

    def to_text(self, state: Any) -> str:
        path = self.state(state)
        value = self.value(path)
        return f"{path}" if value is None else f"{path} = {value}"


# -- reading the text format ------------------------------------------------------------------

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


def _name(word: str, n: int) -> str:
    if word == "start" or _number(word) is not None:
        what = "the start keyword" if word == "start" else "a number"
        raise InvalidTree(
            f"line {n}: {word!r} cannot name a state, as it reads as {what}; name the state "
            "with a word such as E, and give a leaf's value on its own line, like 'E 3'"
        )
    return word


def _parse(text: str):
    """Read the lines into the start, each state's moves ``(label, next, line)``, the
    leaves' values ``(value, line)``, and the line where each state is first named."""
    start = None
    moves: dict[str, list] = {}
    values: dict[str, tuple] = {}
    first_line: dict[str, int] = {}
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
        elif len(words) == 3:
            state, label, child = _name(words[0], n), words[1], _name(words[2], n)
            for other, _, line in moves.get(state, ()):
                if other == label:
                    raise InvalidTree(
                        f"line {n}: {state} already has a move labelled {label!r} (line {line}); "
                        "give each move of a state its own label"
                    )
            moves.setdefault(state, []).append((label, child, n))
            first_line.setdefault(state, n)
            first_line.setdefault(child, n)
        elif len(words) == 2:
            state, value = _name(words[0], n), _number(words[1])
            if value is None:
                raise InvalidTree(
                    f"line {n}: the value of {state} is {words[1]!r}, not a number; "
                    f"a leaf's line is 'state value', like '{state} 3'"
                )
            if state in values:
                raise InvalidTree(f"line {n}: {state} already has a value (line {values[state][1]})")
            values[state] = (value, n)
            first_line.setdefault(state, n)
        else:
            raise InvalidTree(
                f"line {n} has {len(words)} words; write 'state move next-state' for a move, "
                "'state value' for a leaf, or 'start state' for the root"
            )
    if start is None:
        raise InvalidTree("the text has no start line; add one such as 'start A' naming the root")
    for state, (_, n) in values.items():
        if state in moves:
            raise InvalidTree(
                f"line {n}: {state} has a value but also moves (line {moves[state][0][2]}); "
                "only a leaf, a state without moves, has a value"
            )
    return start, moves, values, first_line


def _unfold(start, moves, values, first_line):
    """Nested lists for the states reachable from the start, checking that each has moves
    or a value, that no move leads back to a state on its own path, and that a shared
    state is always reached with the same player to move."""
    root, root_line = start
    parity: dict[str, int] = {root: 0}
    size: dict[str, int] = {}
    nested: dict[str, Any] = {}
    on_path: list[str] = []

    def visit(state: str, line: int):
        if state in nested:
            return nested[state]
        if state in values:
            nested[state], size[state] = values[state][0], 1
            return nested[state]
        if state not in moves:
            raise InvalidTree(
                f"line {line}: {state} has no moves and no value; add a line '{state} <value>' "
                "for a leaf, or lines for its moves"
            )
        on_path.append(state)
        children = []
        for label, child, n in moves[state]:
            if child in on_path:
                raise InvalidTree(
                    f"line {n}: the move {label!r} from {state} leads back to {child}, a state "
                    "on the way here; a game tree has no cycles"
                )
            want = 1 - parity[state]
            if parity.setdefault(child, want) != want:
                raise InvalidTree(
                    f"line {n}: {child} is reached here with the other player to move than on "
                    "another path; players alternate, so every path to a shared state must have "
                    "an even number of moves, or every path an odd number"
                )
            children.append(visit(child, n))
        on_path.pop()
        size[state] = 1 + sum(size[child] for _, child, _ in moves[state])
        if size[state] > MAX_TEXT_NODES:
            raise InvalidTree(
                f"the tree below {state} unfolds to more than {MAX_TEXT_NODES:,} nodes (a shared "
                "state counts once per path to it); write a smaller tree"
            )
        nested[state] = children
        return children

    tree = visit(root, root_line)
    for state, line in sorted(first_line.items(), key=lambda item: item[1]):
        if state not in nested:
            raise InvalidTree(
                f"line {line}: {state} cannot be reached from the start, {root}; "
                "check the names in the move lines"
            )
    return tree
