"""What alpha-beta does on a textbook tree, and words for a wrong answer about it: the root's
value, the leaves it never visits, the window at a node.

Trees are nested lists, as in :class:`~minimax_viz.GameTree`; nodes are named by their paths
of child indexes counted from 0, ``(1, 0)`` for the first child of the root's second child,
``()`` for the root; :class:`IndexedTree` writes the same indexes on the drawn edges. These
are facts of search (core): lesson 05's checks and the pruning quiz both ask them.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import Any

from .games import GameTree
from .search import alphabeta
from .verdict import Feedback, learner_check, number_text

__all__ = [
    "AIMA", "PRACTICE", "IndexedTree", "check_root_value", "check_never_visited", "check_window",
    "PruningSearch", "plain_number", "same_number", "is_number", "path_name", "short_path", "swapped_value",
]

#: AIMA's figure 5.2: a Max root over three Min nodes.
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
#: The practice tree of lesson 05: Max, Min, Max, then twelve leaves with different values.
PRACTICE = [[[4, 6], [7, 9]], [[1, 2], [0, 3]], [[8, 5], [11, 10]]]

class IndexedTree(GameTree):
    """A textbook tree whose drawn edges carry the move's index, counted from 0.

    The lesson names nodes by paths of child indexes, ``(2, 0, 1)``; with these labels the
    path of a node is the numbers on the edges from the root down to it.

    Parameters
    ----------
    nested : list
        The tree as nested lists, as for :class:`~minimax_viz.GameTree`.
    max_nodes : int, optional
        The largest number of nodes accepted.

    Raises
    ------
    InvalidTree
        As :class:`~minimax_viz.GameTree` does, for nested lists that are no tree.

    Examples
    --------
    >>> tree = IndexedTree(AIMA)
    >>> tree.label((), 0), tree.label((1,), 2), tree.name((2, 1))
    ('0', '2', 'node (2, 1)')
    """

    #: A picture that names nodes (as a check's words do) writes a game's ``name`` beside each one
    #: unless this is False: here a name is only the path, the numbers on the edges from the root.
    names_drawn = False

    def label(self, state: Any, move: int) -> str:
        """The text on the edge of ``move`` at ``state``: the move's index, ``"0"``, ``"1"``, ...

        Parameters
        ----------
        state : tuple
            A node's path.
        move : int
            A child's index at ``state``.

        Returns
        -------
        str
            The move's index as text.

        Raises
        ------
        InvalidBoard
            When ``state`` is not a node of this tree.
        InvalidMove
            When ``move`` is not a child's index at ``state``.
        """
        self.play(state, move)  # a clear error for a move that is not legal here
        return str(move)

    def name(self, state: Any) -> str:
        """A node in words, by its path: ``"the root"``, ``"node (2, 1)"``.

        Parameters
        ----------
        state : tuple
            A node's path.

        Returns
        -------
        str
            The node in words.

        Raises
        ------
        InvalidBoard
            When ``state`` is not a node of this tree.
        """
        path = self.state(state)
        return f"node {path}" if path else "the root"


def plain_number(x: Any) -> Any:
    """A number as Python's own int or float (numpy scalars print as ``np.float64(6.0)``)."""
    if is_number(x) and isinstance(x, int):   # exact, however large (float() fails past 1e308)
        return int(x)
    if is_number(x):
        value = float(x)
        return int(value) if value.is_integer() else value
    return x


def same_number(got: Any, want: float) -> bool:
    """Whether ``got`` is a number equal to ``want`` (False, not an error, for anything else)."""
    return is_number(got) and got == want


# -- what alpha-beta did, in words ------------------------------------------------------------

class PruningSearch:
    """One recorded alpha-beta search of a nested-list tree, its nodes found by path."""

    def __init__(self, nested: Any, prune_on_equal: bool = True):
        self.game = GameTree(nested)
        self.prune_on_equal = prune_on_equal
        self.result = alphabeta(self.game, prune_on_equal=prune_on_equal)
        self.node = {n.internal_state: n for n in self.result.tree.nodes}
        self.leaves = self.game.leaves()

    def visited(self) -> list[tuple]:
        """The leaves alpha-beta scores, in the order it reaches them."""
        return [n.internal_state for n in self.result.tree.nodes if n.kind == "leaf"]

    def skipped(self) -> list[tuple]:
        """The leaves alpha-beta never visits, left to right."""
        seen = set(self.visited())
        return [p for p in self.leaves if p not in seen]

    def value(self, path: tuple) -> float:
        return self.game.value(path)

    def is_max(self, path: tuple) -> bool:
        return self.game.is_max(path)

    def why_visited(self, leaf: tuple) -> str:
        """Why the search had to look at ``leaf`` (a leaf it did visit)."""
        parent = leaf[:-1]
        if leaf[-1] == 0:
            return (
                f"leaf {leaf} is always visited: the search reaches its parent, "
                f"{path_name(self, parent)}, and a node always looks at its first child "
                "(only the children after a cutoff are skipped)."
            )
        earlier = [self.node[parent + (i,)] for i in range(leaf[-1])]
        scores = [n.score for n in earlier]
        top = self.node[parent]
        paths = ", ".join(str(n.internal_state) for n in earlier)
        if self.is_max(parent):
            best, bound = max(scores), max(top.alpha, *scores)
            short = "has not reached" if self.prune_on_equal else "is not above"
            return (
                f"leaf {leaf} is visited: when {path_name(self, parent)} comes to it, the best it has "
                f"is {number_text(best)} (from {paths}), which {short} beta = {number_text(top.beta)}; Min above "
                f"may still let play reach this node, so it must go on (alpha is {number_text(bound)} now)."
            )
        best, bound = min(scores), min(top.beta, *scores)
        short = "is still above" if self.prune_on_equal else "is not below"
        return (
            f"leaf {leaf} is visited: when {path_name(self, parent)} comes to it, the lowest it has "
            f"is {number_text(best)} (from {paths}), which {short} alpha = {number_text(top.alpha)}; Max above "
            f"may still choose this node, so it must go on (beta is {number_text(bound)} now)."
        )

    def why_skipped(self, leaf: tuple) -> str:
        """Why the search never looks at ``leaf`` (a leaf it skipped)."""
        stub = next(leaf[:k] for k in range(len(leaf), 0, -1) if leaf[:k] in self.node)
        parent = stub[:-1]
        first_cut = next(i for i in range(stub[-1] + 1) if self.node[parent + (i,)].pruned)
        last = parent + (first_cut - 1,)  # the child after which the parent stopped
        top, v = self.node[parent], self.node[last].score
        if self.is_max(parent):
            sign = ">=" if self.prune_on_equal else ">"
            text = (
                f"leaf {leaf} is never visited: {path_name(self, parent)} stopped after its child "
                f"{last} returned {number_text(v)}: {number_text(v)} {sign} beta = {number_text(top.beta)}, so Min, "
                f"who can already hold Max to {number_text(top.beta)} elsewhere, will never let play reach "
                f"{short_path(parent)}; its remaining children cannot change the answer."
            )
        else:
            sign = "<=" if self.prune_on_equal else "<"
            text = (
                f"leaf {leaf} is never visited: {path_name(self, parent)} stopped after its child "
                f"{last} returned {number_text(v)}: {number_text(v)} {sign} alpha = {number_text(top.alpha)}, so Max, "
                f"who can already get {number_text(top.alpha)} elsewhere, will never choose a move that leads "
                f"to {short_path(parent)}; its remaining children cannot change the answer."
            )
        if stub != leaf:
            text += f" The whole subtree under {stub} is skipped, and {leaf} with it."
        return text


def path_name(search: PruningSearch, path: tuple) -> str:
    kind = "Max" if search.is_max(path) else "Min"
    return f"the {kind} root" if not path else f"the {kind} node {path}"


def short_path(path: tuple) -> str:
    return "the root" if not path else str(path)


def is_number(x) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool)


# -- exercise: the value of the root ------------------------------------------------------------

def swapped_value(nested: Any, is_max: bool = False) -> float:
    """The value of the tree worked with the roles swapped (a Min root), a common slip."""
    if not isinstance(nested, (list, tuple)):
        return nested
    values = [swapped_value(child, not is_max) for child in nested]
    return max(values) if is_max else min(values)


@learner_check
def check_root_value(answer: Any, nested: Any = PRACTICE) -> Feedback:
    """Check the value of the root (a Max node) of the tree ``nested``: what minimax and
    alpha-beta both return. A wrong answer is explained by the slip it most looks like.

    Parameters
    ----------
    answer : object
        The learner's value of the root.
    nested : list, optional
        The tree as nested lists (the lesson's tree unless given).

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Raises
    ------
    InvalidTree
        When ``nested`` is not a tree of numbers (the lesson's slip, not the learner's).

    Examples
    --------
    >>> check_root_value(3, AIMA)
    Right: the root's value is 3: the best Max can be sure of when Min answers every move
    with the lowest value it can reach.
    >>> check_root_value(14, AIMA)  # doctest: +ELLIPSIS
    Not yet: 14 is the largest leaf, but Max does not choose alone: ...
    """
    if answer is ...:
        return Feedback(False, "replace the ... with a number: the value of the root.")
    if not is_number(answer):
        return Feedback(False, f"the root's value is a number, not {answer!r}.")
    answer = plain_number(answer)
    search = PruningSearch(nested)
    want = search.result.score
    if answer == want:
        return Feedback(
            True, f"the root's value is {number_text(want)}: the best Max can be sure of when Min answers "
            "every move with the lowest value it can reach.",
        )
    children = [search.node[(i,)] for i in range(len(search.game.moves(())))]
    values = [search.value(p) for p in search.leaves]
    if answer == max(values) and len(nested) > 0 and any(isinstance(c, (list, tuple)) for c in nested):
        text = (f"{number_text(answer)} is the largest leaf, but Max does not choose alone: at every other "
                "level Min moves and takes the smallest of its children's values.")
    elif answer == swapped_value(nested):
        text = (f"{number_text(answer)} is what you get with Max and Min swapped; the root is Max (it takes "
                "the largest of its children's values), the level below it Min, and so on, alternating.")
    elif any(answer == c.score for c in children if c.kind == "call"):
        text = (f"{number_text(answer)} is the value of one of the root's children, but not the largest; "
                "Max, at the root, takes the largest value among its children.")
    else:
        text = f"{number_text(answer)} is not the root's value."
    return Feedback(
        False, text, hint="work from the leaves up: each Min node takes the smallest of its "
        "children's values, each Max node the largest; the root is Max.",
    )


# -- exercise: which leaves are never visited ---------------------------------------------------

def _read_leaves(answer, search: PruningSearch) -> tuple[set | None, Feedback | None]:
    """The learner's leaves as a set of paths, or the feedback that explains why not."""
    if answer is ...:
        return None, Feedback(False, "replace the ... with a list of leaf paths, such as [(0, 1, 1)].")
    if not isinstance(answer, (list, tuple, set)):
        return None, Feedback(
            False, f"give a list of leaf paths, such as [(0, 1, 1), (2, 0, 0)], not {answer!r}."
        )
    paths = set()
    for item in answer:
        path, problem = _read_leaf(item, search)
        if problem is not None:
            return None, problem
        paths.add(path)
    return paths, None


def _read_leaf(item, search: PruningSearch) -> tuple[tuple | None, Feedback | None]:
    """One item of the learner's list as a leaf's path, or the feedback that explains why not."""
    if is_number(item):
        return _leaf_holding(item, search)
    if not (isinstance(item, (list, tuple)) and all(isinstance(i, int) for i in item)):
        return None, _not_a_path(item)
    path = tuple(item)
    if path not in search.leaves:
        return None, _not_a_leaf(path, search)
    return path, None


def _leaf_holding(value, search: PruningSearch) -> tuple[tuple | None, Feedback | None]:
    """The path of the one leaf that holds ``value``, or the feedback when none or several do."""
    holding = [p for p in search.leaves if search.value(p) == value]
    if len(holding) != 1:
        problem = "no leaf of this tree holds" if not holding else f"{len(holding)} leaves hold"
        return None, Feedback(
            False, f"{problem} the value {value!r}; name leaves by their "
            "paths, such as (0, 1, 1), instead of by their values.",
        )
    return holding[0], None


def _not_a_path(item) -> Feedback:
    """Words for an item that is no tuple of child indexes (an AIMA move label among them)."""
    words = ""
    if isinstance(item, str) and len(item) == 2 and item[0].isalpha() and item[1].isdigit():
        words = (f" ({item!r} looks like a move label as AIMA writes them, a letter per node; "
                 "this lesson writes a path as the numbers on the edges, from the root down)")
    return Feedback(
        False, f"{item!r} is not a leaf path{words}; write a leaf as a tuple of child "
        "indexes from the root, the numbers on the edges of the drawing, such as (0, 1, 1).",
    )


def _not_a_leaf(path: tuple, search: PruningSearch) -> Feedback:
    """Words for a path that names no leaf: counted from 1, an inner node, or no node at all."""
    shifted = tuple(i - 1 for i in path)
    if path and shifted in search.leaves and all(i > 0 for i in path):
        return Feedback(
            False, f"{path} is not a leaf of this tree; paths count children from 0, as "
            f"the edges are numbered (the first child is 0): did you mean {shifted}?",
        )
    inner = path in search.node or any(p[: len(path)] == path for p in search.leaves)
    what = (
        f"{path} is an inner node, not a leaf; if alpha-beta skips its whole subtree, "
        "list each leaf under it"
        if inner else f"{path} is not a node of this tree; a leaf's path here has "
        f"{len(search.leaves[0])} child indexes, such as {search.leaves[0]}"
    )
    return Feedback(False, what + ".")


@learner_check
def check_never_visited(answer: Any, nested: Any = PRACTICE, *, prune_on_equal: bool = True) -> Feedback:
    """Check a list of the leaves that alpha-beta never visits in the tree ``nested``.

    Leaves are given as paths such as ``(1, 2)`` (or as values when no two leaves share
    one). The first leaf, left to right, on which the answer is wrong is explained.

    Parameters
    ----------
    answer : object
        The learner's list of leaves, as paths (or values).
    nested : list, optional
        The tree as nested lists (the lesson's tree unless given).
    prune_on_equal : bool, optional
        Whether alpha-beta cuts on equality (True unless given).

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Raises
    ------
    InvalidTree
        When ``nested`` is not a tree of numbers (the lesson's slip, not the learner's).

    Examples
    --------
    >>> check_never_visited([(1, 1), (1, 2)], AIMA)
    Right: alpha-beta never visits 2 of the 9 leaves: (1, 1), (1, 2).
    >>> check_never_visited([(1, 0), (1, 1), (1, 2)], AIMA)
    Not yet: leaf (1, 0) is always visited: the search reaches its parent, the Min node
    (1,), and a node always looks at its first child (only the children after a cutoff are
    skipped).
    >>> check_never_visited([(1, 1)], AIMA)  # doctest: +ELLIPSIS
    Not yet: leaf (1, 2) is never visited: the Min node (1,) stopped after its child (1, 0)
    returned 2: 2 <= alpha = 3, ...
    """
    search = PruningSearch(nested, prune_on_equal)
    paths, problem = _read_leaves(answer, search)
    if problem is not None:
        return problem
    skipped = search.skipped()
    for leaf in search.leaves:
        if leaf in paths and leaf not in skipped:
            return Feedback(False, search.why_visited(leaf))
        if leaf in skipped and leaf not in paths:
            return Feedback(False, search.why_skipped(leaf))
    listed = ", ".join(str(p) for p in skipped) or "none"
    return Feedback(
        True, f"alpha-beta never visits {len(skipped)} of the {len(search.leaves)} leaves: {listed}."
    )


# -- exercise: the window at a node ----------------------------------------------------------

def _finished_above(search: PruningSearch, path: tuple, want_max: bool) -> list[str]:
    """For each Max (or Min) node above ``path``: its children that had returned by then."""
    out = []
    for k in range(len(path)):
        above = path[:k]
        if search.is_max(above) != want_max or path[k] == 0:
            continue
        done = [str(above + (i,)) for i in range(path[k])]
        out.append(
            f"{short_path(above)}, whose child{'ren' if len(done) > 1 else ''} "
            f"{' and '.join(done) if len(done) < 3 else ', '.join(done)} had returned"
        )
    return out


def _bound_hint(search: PruningSearch, path: tuple, which: str) -> str:
    want_max = which == "alpha"
    finished = _finished_above(search, path, want_max)
    if want_max:
        what = (
            "Alpha is the most Max is already sure to get on the way down to "
            f"{path}: the best value returned so far by a child of a Max node above it."
        )
    else:
        what = (
            "Beta is the least Min is already sure to hold Max to on the way down to "
            f"{path}: the lowest value returned so far by a child of a Min node above it."
        )
    if not finished:
        side = "Max" if want_max else "Min"
        return f"{what} No {side} node above {path} has a finished child yet."
    return f"{what} Look at {'; and '.join(finished)}."


@learner_check
def check_window(answer: Any, node: tuple = (2, 1), nested: Any = PRACTICE) -> Feedback:
    """Check ``(alpha, beta)``, the window alpha-beta passes to ``node`` when it enters it.

    Use ``math.inf`` and ``-math.inf`` for the infinite ends.

    Parameters
    ----------
    answer : object
        The learner's ``(alpha, beta)``.
    node : tuple, optional
        The node's path (``(2, 1)`` unless given).
    nested : list, optional
        The tree as nested lists (the lesson's tree unless given).

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Raises
    ------
    InvalidTree
        When ``nested`` is not a tree of numbers (the lesson's slip, not the learner's).
    ValueError
        When alpha-beta never enters ``node`` in this tree (likewise).

    Examples
    --------
    >>> check_window((3, math.inf), node=(2,), nested=AIMA)
    Right: when alpha-beta enters (2,), alpha = 3 and beta = +inf: only a value between them
    can still change the root's choice.
    >>> check_window((-math.inf, math.inf), node=(2,), nested=AIMA)  # doctest: +ELLIPSIS
    Not yet: (-inf, +inf) is the window at the root, before anything is known; ...
    """
    search = PruningSearch(nested)
    path = tuple(node)
    if path not in search.node or search.node[path].pruned:
        raise ValueError(f"alpha-beta never enters {path} in this tree; ask about a node it visits")
    target = search.node[path]
    want = (target.alpha, target.beta)
    if answer is ...:
        return Feedback(False, "replace the ... with a pair (alpha, beta), such as (3, math.inf).")
    if not (isinstance(answer, (list, tuple)) and len(answer) == 2 and all(map(is_number, answer))):
        return Feedback(
            False, f"give two numbers, (alpha, beta), using math.inf and -math.inf for the "
            f"infinite ends; {answer!r} is not such a pair.",
        )
    a, b = map(plain_number, answer)
    if (a, b) == want:
        return Feedback(
            True, f"when alpha-beta enters {path}, alpha = {number_text(a)} and beta = {number_text(b)}: "
            "only a value between them can still change the root's choice.",
        )
    return _window_mistake(search, path, a, b, want)


def _window_mistake(search: PruningSearch, path: tuple, a, b, want: tuple) -> Feedback:
    """Words for a wrong window ``(a, b)`` at ``path``: the ends swapped, the root's window, or
    the first wrong end."""
    if (b, a) == want:
        return Feedback(
            False, "those are the right two numbers the wrong way round: alpha, the score Max "
            "is already sure of, is the lower end; beta, the score Min is already sure of, the upper end.",
        )
    if (a, b) == (-math.inf, math.inf) and path:
        return Feedback(
            False, f"(-inf, +inf) is the window at the root, before anything is known; by the "
            f"time the search enters {path}, calls above it have returned values.",
            hint=_bound_hint(search, path, "alpha" if a != want[0] else "beta"),
        )
    wrong = "alpha" if a != want[0] else "beta"
    given = a if wrong == "alpha" else b
    also = f", and neither is beta = {number_text(b)}" if wrong == "alpha" and b != want[1] else ""
    return Feedback(
        False, f"{wrong} = {number_text(given)} is not right{also}.", hint=_bound_hint(search, path, wrong)
    )
