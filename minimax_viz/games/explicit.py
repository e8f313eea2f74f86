"""Textbook game trees written as nested lists.

``GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])`` is the tree of AIMA's figure 5.2: a
Max root with three Min children, whose leaves hold the utilities for Max. A state is the
path of child indexes from the root, ``()`` for the root and ``(1, 2)`` for the third leaf
of the middle branch; a move is a child index.
"""

from __future__ import annotations

from numbers import Real
from typing import Any

from ..errors import InvalidBoard, InvalidMove, InvalidTree
from .base import Game

__all__ = ["GameTree"]


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
