"""What a difference between two searches is, and how the trees are matched: a node by its
path of moves from the root, a value within 1e-9 of the other."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..errors import InvalidOption, short_repr
from ..trace import Node, SearchTree

__all__ = ["KINDS_OF_DIFFERENCE", "Difference", "row_paths", "close_numbers"]

#: What a difference is about: a call's position, the visit order (``extra``, ``missing``,
#: ``order``, ``stopped``, ``cut``, ``uncut``) or the ``window`` a call was given, a ``value``,
#: or the root's ``move``.
KINDS_OF_DIFFERENCE = ("position", "extra", "missing", "order", "stopped", "cut", "uncut", "window", "value",
                       "move")


@dataclass
class Difference:
    """Where two searches part: ``kind`` (see :data:`KINDS_OF_DIFFERENCE`), the words, and
    the node in each tree (``None`` where that tree has no such node); ``trees`` is
    ``(mine, right)``, the two recorded trees, once :func:`first_difference` has set it.
    :func:`~minimax_viz.first_difference` makes it; each parameter is an attribute.

    Parameters
    ----------
    kind : str
        What kind of parting, one of :data:`KINDS_OF_DIFFERENCE`.
    words : str
        The parting in words (what the difference prints as).
    mine : Node or None
        The node in the learner's tree.
    right : Node or None
        The node in the right tree.
    trees : tuple, optional
        The two trees ``(mine, right)``.

    Raises
    ------
    InvalidOption
        For ``trees`` that are not two recorded trees (or empty), a
        ``kind`` not in :data:`KINDS_OF_DIFFERENCE`, ``words`` that are not a text, or a
        ``mine``/``right`` that is not a node (or None).
    """

    kind: str = None   # type: ignore[assignment]  (checked in words, not by a TypeError)
    words: str = None  # type: ignore[assignment]
    mine: Node | None = None
    right: Node | None = None
    trees: tuple = field(default=(), repr=False, compare=False)   # (mine, right)

    def __post_init__(self):
        _check_parts(self)

    def __repr__(self) -> str:
        return self.words

    __str__ = __repr__

    @property
    def path(self) -> tuple:
        """The moves from the root to the node where the trees part."""
        node = self.right if self.right is not None else self.mine
        return tuple(n.move for n in node.path[1:]) if node is not None else ()

    def node_in(self, tree: SearchTree) -> Node:
        """The node of ``tree`` where the searches part, or its nearest ancestor in ``tree``.

        Parameters
        ----------
        tree : SearchTree
            One of the two trees compared.

        Returns
        -------
        Node
            The node.
        """
        for node in (self.mine, self.right):
            if node is not None and node.tree is tree:
                return node
        index = row_paths(tree)[1]
        path = self.path
        while path not in index:
            path = path[:-1]
        return tree.nodes[index[path]]

    def draw(self, **options):
        """The right tree above and the learner's below, the parting marked in both
        (:func:`minimax_viz.draw.draw_difference`); returns the two Axes.

        Parameters
        ----------
        **options
            Passed on to :func:`~minimax_viz.draw_difference` (``titles``).

        Returns
        -------
        tuple of matplotlib.axes.Axes
            The two Axes (right, mine).

        Raises
        ------
        InvalidOption
            For a difference made by hand, not returned by :func:`first_difference`
            (it has no trees to draw).
        """
        from ..draw import draw_difference

        return draw_difference(self, **options)


def _check_parts(found: Difference) -> None:
    """A difference's parts, refused in words (one made by hand is usually a slip)."""
    trees = found.trees
    if not (trees == () or isinstance(trees, tuple) and len(trees) == 2
            and all(isinstance(t, SearchTree) for t in trees)):
        raise InvalidOption(f"trees must be the two recorded trees (mine, right), such as "
                            f"(mv.minimax(game).tree, mv.alphabeta(game).tree), or left out, not {short_repr(trees)}; "
                            f"first_difference(mine, right) makes a Difference with its trees")
    if found.kind not in KINDS_OF_DIFFERENCE:
        raise InvalidOption(f"kind must be one of {', '.join(KINDS_OF_DIFFERENCE)}, not {short_repr(found.kind)}; "
                            f"first_difference(mine, right) makes a Difference")
    if not isinstance(found.words, str):
        raise InvalidOption(f"words must be a text saying where the searches part, not {short_repr(found.words)}")
    for name in ("mine", "right"):
        node = getattr(found, name)
        if node is not None and not isinstance(node, Node):
            raise InvalidOption(f"{name} must be a node of a recorded tree or None, not {short_repr(node)}")


def row_paths(tree: SearchTree) -> tuple[list, dict]:
    """Per row its path of moves, and ``{path: row}``."""
    cols = tree.columns()
    paths: list = [()] * len(tree)
    index: dict = {(): 0}
    for i in range(1, len(tree)):
        p = paths[cols.parent[i]] + (cols.move[i],)
        paths[i] = p
        index.setdefault(p, i)
    return paths, index


def close_numbers(a, b) -> bool:
    if a is None or b is None:
        return a is b
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
