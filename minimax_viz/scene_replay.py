"""What each replay event shows on a tree picture: which drawn nodes it has reached,
which values are known, alpha and beta, the call it is about (:class:`SceneReplay`, a part
of every :class:`~minimax_viz.scene.Scene`), as data (:class:`Frame`) the painter applies.

>>> from minimax_viz import GameTree, alphabeta
>>> from minimax_viz.scene import Scene
>>> scene = Scene(alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree)
>>> frame = scene.frame(3)
>>> frame.current, frame.stack, sorted(i for i, lab in frame.labels.items() if lab.done)
(3, [0, 1, 3], [2, 3])
"""

from __future__ import annotations

from functools import cached_property
from typing import NamedTuple

from . import shapes
from .trace import CALL, PRUNED, Node, stub_text, window_text

__all__ = ["NodeLabels", "Frame", "SceneReplay"]


class NodeLabels(NamedTuple):
    """What one node's labels read at a replay event, and the colour role of its value."""

    reached: bool
    done: bool
    score: str
    role: str
    window: str


class Frame(NamedTuple):
    """What replay event ``upto`` shows (``None``: the whole search): each drawn node's
    labels, the call the event is about and the stack down to it, the box round that
    call (``(x0, y0, width, height)``, None when it is not drawn), for each fan with
    words whether its calls have all returned, and the event's words for the title
    (None: the picture's own title stays)."""

    upto: int | None
    labels: dict[int, NodeLabels]
    current: int | None
    stack: list[int]
    cursor: tuple[float, float, float, float] | None
    returned: dict[int, bool]
    title: str | None = None


class SceneReplay:
    """What replay event ``k`` shows of a scene: each drawn node's labels, the current call
    and its stack, as a :class:`Frame`. A :class:`~minimax_viz.scene.Scene` is one; it reads
    the scene's tree, glyph, drawn nodes and placement. A value's words and colour are
    worked out once per scene (a frame only says whether they show)."""

    @property
    def first(self):
        """Per node, the replay event at which it appears (the trace's ``steps()``)."""
        return self.tree.steps()[0]

    @property
    def last(self):
        """Per node, the replay event at which its value is known."""
        return self.tree.steps()[1]

    @cached_property
    def _values(self) -> dict[int, tuple[str, str]]:
        """Each drawn node's words and colour role once its value is known (a pruned
        stub's words from the start)."""
        out = {}
        for i in self.nodes:
            if self.cols.kind[i] == PRUNED:
                out[i] = (self.glyph.pruned_text(self.game, self.tree.internal_state(i)) if self.tree.has_window
                          else stub_text(cut=False)), "pruned"
            else:
                out[i] = self._score(self.tree.nodes[i])
        return out

    def labels(self, k: int) -> dict[int, NodeLabels]:
        """Every drawn node's labels as they stood after replay event ``k``.

        Parameters
        ----------
        k : int
            A replay event (``n_steps - 1`` or more: the whole search).

        Returns
        -------
        dict
            ``{node index: NodeLabels}`` for every drawn node.
        """
        kind, values = self.cols.kind, self._values
        whole = k >= self.n_steps - 1   # the whole search: every node reached and done (no replay needed)
        first, last = (None, None) if whole else (self.first, self.last)
        out = {}
        for i in self.nodes:
            reached = whole or first[i] <= k
            if kind[i] == PRUNED:
                out[i] = NodeLabels(reached, reached, values[i][0], "pruned", "")
                continue
            done = (whole or last[i] <= k) and (self.scores == "all" or kind[i] != CALL)
            score, role = values[i] if done else ("", "ink")
            window = ""
            if self.window and kind[i] == CALL and reached:
                a, b = self.tree.window_at(i, k)
                window = window_text(a, b, lambda v: self.value_text(v, guess=True))
            out[i] = NodeLabels(reached, done, score, role, window)
        return out

    def _score(self, node: Node) -> tuple[str, str]:
        """A node's value with its marks (≈ a guess, ≤/≥ a bound) and its colour role."""
        text = self.glyph.node_value_text(self.game, node, signed=not self.glyph.score_inside)
        role = "guess" if node.heuristic else "bound" if node.bound else self.glyph.value_role(node.score)
        if node.heuristic:
            return text, role
        if node.kind == "hit" and not self.glyph.score_inside:
            role = "hit"
        return text, role

    def current(self, k: int | None) -> tuple[int | None, list[int]]:
        """The node event ``k`` is about and the call stack down to it.

        Parameters
        ----------
        k : int or None
            A replay event (None: no event).

        Returns
        -------
        tuple
            The node's index (None for no event) and the indexes from the root down to it.

        Raises
        ------
        IndexError
            For a step out of range (the trace's ``event``).
        """
        if k is None:
            return None, []
        node = self.tree.event(k).node
        return node.index, [n.index for n in node.path]

    def follow(self, k: int) -> int:
        """The focus that shows event ``k``'s node.

        This focus if the node is drawn, else its parent (so it shows as a board among its
        siblings), or the root.

        Parameters
        ----------
        k : int
            A replay event.

        Returns
        -------
        int
            The index of the focus to draw.

        Raises
        ------
        IndexError
            For a step out of range (the trace's ``event``).
        """
        node = self.tree.event(k).node
        if node.index in self.style:
            return self.focus
        parent = node.parent
        return 0 if parent is None else parent.index

    def frame(self, upto: int | None, *, words: bool = False) -> Frame:
        """What replay event ``upto`` shows, as a :class:`Frame`.

        Parameters
        ----------
        upto : int or None
            A replay event (None: the whole search).
        words : bool, optional
            Give the event's words for the title.

        Returns
        -------
        Frame
            The labels, the current call, its stack and box, the fans' state, the title.

        Raises
        ------
        IndexError
            For a step out of range (the trace's ``event``).
        """
        k = self.n_steps if upto is None else upto
        current, stack = self.current(upto)
        whole = k >= self.n_steps - 1
        last = None if whole or not self.fans else self.last
        returned = {i: whole or last[i] <= k for i, fan in self.fans.items() if fan.label}
        title = self.title(upto) if words and upto is not None else None
        return Frame(upto, self.labels(k), current, stack, shapes.cursor_box(self.placed, current), returned, title)
