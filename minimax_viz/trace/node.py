"""The light views of a recorded tree: a :class:`Node` reads the tree's columns when asked,
and ``tree.nodes`` builds each view only when it is read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from ..errors import InvalidOption, short_repr
from .recorder import CALL, KINDS, PRUNED, as_number
from .words import UNREACHED, fmt, move_parts, call_text, move_text, node_name, who_text

__all__ = ["Node", "NodeList"]

if TYPE_CHECKING:
    from .tree import SearchTree


class Node:
    """A light view of one recorded call: it reads the tree's columns when asked.

    ``state`` is in the game's public form (for tic-tac-toe the tutorial's list);
    ``score`` is ``None`` for a pruned stub; ``alpha``/``beta`` are the window at entry
    and ``alpha_out``/``beta_out`` as it stood when the call returned (``None`` after a
    plain minimax). A pruned stub was never entered: its window is the parent's at the
    moment of the cut. The tree hands nodes out (``tree.root``, ``tree.nodes[i]``).

    Parameters
    ----------
    tree : SearchTree
        The recorded tree.
    index : int
        The node's index in the tree (its place in creation order).
    """

    __slots__ = ("tree", "index")

    def __init__(self, tree: "SearchTree", index: int):
        self.tree = tree
        self.index = index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Node) and other.tree is self.tree and other.index == self.index

    def __hash__(self) -> int:
        return hash((id(self.tree), self.index))

    def __repr__(self) -> str:
        return (
            f"Node(step={self.step}, move={self.move}, depth={self.depth}, "
            f"player={self.player!r}, score={fmt(self.score)}, kind={self.kind!r})"
        )

    @property
    def step(self) -> int:
        """When the node appeared: its index in the replay's event stream (0 = root)."""
        return self.tree.event_steps()[0][self.index]

    @property
    def return_step(self) -> int:
        """The event at which the call's score became known (its ``step`` for a leaf)."""
        return self.tree.event_steps()[1][self.index]

    @property
    def move(self) -> Any:
        """The move that led here from the parent, as the game plays it (a cell, a column, a
        UCI string ...; ``None`` at the root)."""
        return None if self.index == 0 else self.tree.move_at(self.index)

    @property
    def depth(self) -> int:
        """Plies below the root (0 at the root)."""
        return self.tree.recorder.depth[self.index]

    @property
    def kind(self) -> str:
        """One of :data:`KINDS`."""
        return KINDS[self.tree.recorder.kind[self.index]]

    @property
    def pruned(self) -> bool:
        """True for a child that an alpha-beta cutoff skipped (it was never searched)."""
        return self.tree.recorder.kind[self.index] == PRUNED

    @property
    def is_leaf(self) -> bool:
        """True when the node has no recorded children."""
        return self.tree.recorder.kind[self.index] != CALL

    @property
    def score(self) -> float | None:
        """The value for Max this call returned, ``None`` for a pruned stub."""
        return as_number(self.tree.recorder.score[self.index])

    @property
    def alpha(self) -> float | None:
        """Alpha when the call was entered (``None`` after a plain minimax).
        """
        return self.tree.window_value("alpha", self.index)

    @property
    def beta(self) -> float | None:
        """Beta when the call was entered (``None`` after a plain minimax).
        """
        return self.tree.window_value("beta", self.index)

    @property
    def alpha_out(self) -> float | None:
        """Alpha as it stood when the call returned (``None`` after a plain minimax).
        """
        return self.tree.window_value("alpha_out", self.index)

    @property
    def beta_out(self) -> float | None:
        """Beta as it stood when the call returned (``None`` after a plain minimax).
        """
        return self.tree.window_value("beta_out", self.index)

    @property
    def parent(self) -> "Node | None":
        """The node of the call that made this one (``None`` at the root).
        """
        return None if self.index == 0 else Node(self.tree, self.tree.recorder.parent[self.index])

    @property
    def children(self) -> list["Node"]:
        """The recorded children in move order (pruned stubs included)."""
        return [Node(self.tree, i) for i in self.tree.child_indexes(self.index)]

    @property
    def internal_state(self) -> Any:
        """The state in the game's internal form."""
        return self.tree.internal_state(self.index)

    @property
    def state(self) -> Any:
        """The position, in the game's public form."""
        return self.tree.game.board(self.tree.internal_state(self.index))

    @property
    def player(self) -> str:
        """The player to move in this position ("MAX", "X", "ghost 1", ...)."""
        return self.tree.game.player(self.tree.internal_state(self.index))

    @property
    def node_type(self) -> str:
        """The kind of node as the search treated it: "max", "min" or "chance".

        It is the game's ``node_type``, except that expectimax treats a Min node as a
        chance node with equal odds, so in its trees such a node is "chance".

        >>> from minimax_viz import GameTree, expectimax, minimax
        >>> minimax(GameTree([[3, 12], [2]])).tree.root.children[0].node_type
        'min'
        >>> expectimax(GameTree([[3, 12], [2]])).tree.root.children[0].node_type
        'chance'
        """
        kind = self.tree.game.node_type(self.tree.internal_state(self.index))
        return "chance" if kind == "min" and self.tree.min_at_random else kind

    @property
    def probability(self) -> float | None:
        """The probability of the move into this node when its parent is a chance node
        (as the search treated it), else ``None``.

        >>> from minimax_viz import GameTree, expectimax
        >>> tree = expectimax(GameTree([["chance", (0.25, 8), (0.75, 0)]])).tree
        >>> [child.probability for child in tree.root.children[0].children], tree.root.probability
        ([0.25, 0.75], None)
        """
        parent = self.parent
        if parent is None or parent.node_type != "chance":
            return None
        game, state = self.tree.game, self.tree.internal_state(parent.index)
        moves = list(game.moves(state))
        if game.node_type(state) != "chance":  # a Min node under expectimax: equal odds
            return 1 / len(moves)
        return game.probabilities(state)[moves.index(self.move)]

    @property
    def best_child(self) -> "Node | None":
        """The first child searched whose value is this node's (pruned stubs skipped): the
        best move's node, ties going to the first; ``None`` at a leaf.

        >>> from minimax_viz import GameTree, minimax
        >>> minimax(GameTree([[3, 12], [2, 3]])).tree.root.best_child.move
        0
        """
        score = self.score
        for child in self.children:
            if not child.pruned and child.score == score:
                return child
        return None

    @property
    def path(self) -> list["Node"]:
        """The nodes from the root down to this one (the call stack while it runs)."""
        out = []
        node: Node | None = self
        while node is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    # -- search facts (the trace is their one home: drawings and widgets read them here) --
    def window_at(self, step: int) -> tuple[float, float]:
        """Alpha and beta as they stood after replay event ``step`` (see :meth:`SearchTree.window_at`).

        Parameters
        ----------
        step : int
            A step of the replay.

        Returns
        -------
        tuple of float
            ``(alpha, beta)``.

        Raises
        ------
        InvalidOption
            When the tree was recorded by minimax (no window).
        """
        return self.tree.window_at(self.index, step)

    @property
    def heuristic(self) -> bool:
        """True when the value comes from the heuristic: a depth-limit leaf, or backed up from one."""
        return self.index in self.tree.value_flags()[0]

    @property
    def bound(self) -> str | None:
        """``"upper"`` or ``"lower"`` when a cutoff below left the value only a bound
        (the true value is at most, or at least, this), else ``None``."""
        return self.tree.value_flags()[1].get(self.index)

    @property
    def exact(self) -> bool:
        """True when the value is the position's true minimax value: neither a bound nor a guess
        (``False`` for a pruned stub, which has no value)."""
        return self.score is not None and not self.heuristic and self.bound is None

    @property
    def mover_words(self) -> str:
        """Who moves here, in words: ``"X to move"``, ``"chance moves"``, or
        ``"MIN moves at random"`` (a Min node that expectimax treats as chance); for a learner's
        call given a board no move leads to, that (no one is to move on such a board)."""
        if self.tree.odd_move(self.index) is not None:
            return UNREACHED
        return who_text(self.player, self.node_type, self._at_random)

    @property
    def _at_random(self) -> bool:
        """True for a Min node that the search treated as a chance node (expectimax)."""
        return self.tree.min_at_random and self.tree.game.node_type(self.internal_state) == "min"

    @property
    def move_words(self) -> str:
        """How the search reached this node: ``"X plays 4"``, ``"chance picks 1 (p=0.25)"``, or ``"root"``."""
        return move_text(*move_parts(self))

    @property
    def call_words(self) -> str:
        """The call at this node, named by the move into it: ``"the call after X plays 4"``,
        ``"the root call"``."""
        return call_text(*move_parts(self))

    @property
    def where(self) -> str:
        """The position in words, as a learner finds it in the drawings: ``"the root"``; in a
        tree read from a list or a text, its name and the move into it (``"F (after b2)"``);
        elsewhere the moves from the root (``"the position after X plays 8, O plays 1"``).

        >>> from minimax_viz import GameTree, TicTacToe, minimax
        >>> minimax(GameTree([[3, 12], [2]])).tree.nodes[3].where
        'E (after b2)'
        >>> minimax(TicTacToe(), TicTacToe.TUTORIAL_BOARD).tree.nodes[7].where
        'the position after X plays 8, O plays 1, X plays 4'
        """
        parent = self.parent
        if parent is None:
            return "the root"
        game, state = self.tree.game, self.tree.internal_state(parent.index)
        name, label = node_name(game, self.tree.internal_state(self.index)), getattr(game, "label", None)
        if name is not None and callable(label) and self.tree.odd_move(self.index) is None:
            try:
                return f"{name} (after {label(state, self.move)})"
            except Exception:  # a move that leads nowhere (a learner's odd call): the moves instead
                pass
        return "the position after " + ", ".join(n.move_words for n in self.path[1:])


class NodeList:
    """``tree.nodes``: a sequence of node views that builds each view only when read."""

    __slots__ = ("tree",)

    def __init__(self, tree: "SearchTree"):
        self.tree = tree

    def __len__(self) -> int:
        return len(self.tree)

    def __getitem__(self, i):
        n = len(self.tree)
        if isinstance(i, slice):
            return [Node(self.tree, j) for j in range(*i.indices(n))]
        if isinstance(i, bool) or not isinstance(i, int):
            raise InvalidOption(f"a node index is a whole number from 0 to {n - 1}, not {short_repr(i)}")
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"node index {short_repr(i)} is out of range for a tree of {n} nodes")
        return Node(self.tree, i)

    def __iter__(self) -> Iterator[Node]:
        return (Node(self.tree, i) for i in range(len(self.tree)))

    def __repr__(self) -> str:
        return f"<{len(self)} nodes>"
