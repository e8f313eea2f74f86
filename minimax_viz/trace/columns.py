"""What follows from a recording's columns alone, worked out once per tree by
:class:`~minimax_viz.trace.SearchTree`: each node's children, the replay's events and the
step at which each node appears and returns, the values that are guesses or bounds, and
the networkx graph."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Iterator, NamedTuple

from .recorder import CALL, HIT, HORIZON, KINDS, LEAF, PRUNED, Recorder, as_number

if TYPE_CHECKING:
    from .tree import SearchTree

_ROW_EVENTS = {CALL: "enter", LEAF: "leaf", HORIZON: "leaf", PRUNED: "cutoff", HIT: "hit"}


class Columns(NamedTuple):
    """The recording's columns, read-only, one entry per node in creation (pre-)order.

    ``parent`` (-1 unused at the root), ``move``, ``kind`` (an index into :data:`KINDS`),
    ``score`` (NaN: none), ``depth`` and ``end`` (the row just past the node's subtree:
    its descendants lie between). For drawing large trees without a :class:`Node` per row.
    """

    parent: memoryview
    move: memoryview
    kind: memoryview
    score: memoryview
    depth: memoryview
    end: memoryview


def child_rows(end, index: int) -> Iterator[int]:
    """The rows of node ``index``'s children in move order (``end``: the row just past each
    node's subtree, where its next sibling begins)."""
    j, stop = index + 1, end[index]
    while j < stop:
        yield j
        j = end[j]


def event_rows(kinds, end) -> Iterator[tuple[int, str, int]]:
    """The replay as ``(step, event kind, row)``: each row appears in creation order, and an
    inner call returns once its subtree is done."""
    open_calls: list[int] = []
    step = 0
    for i in range(len(kinds)):
        while open_calls and end[open_calls[-1]] <= i:
            yield step, "return", open_calls.pop()
            step += 1
        yield step, _ROW_EVENTS[kinds[i]], i
        step += 1
        if kinds[i] == CALL:
            open_calls.append(i)
    while open_calls:
        yield step, "return", open_calls.pop()
        step += 1


def step_columns(kinds, end) -> tuple[array, array]:
    """Per row, the replay event at which the node appears and the one at which it returns
    (the same for a node that does not call)."""
    n = len(kinds)
    first, last = array("i", bytes(4 * n)), array("i", bytes(4 * n))
    for step, kind, index in event_rows(kinds, end):
        if kind == "return":
            last[index] = step
        else:
            first[index] = step
            if kind != "enter":
                last[index] = step
    return first, last


def event_columns(kinds, end, event_kinds: tuple) -> tuple[array, array]:
    """The replay as two columns, one entry per step: its event kind (an index into
    ``event_kinds``) and its row."""
    kinds_out, rows = array("b"), array("i")
    for _, kind, index in event_rows(kinds, end):
        kinds_out.append(event_kinds.index(kind))
        rows.append(index)
    return kinds_out, rows


def narrowed_window(rec: Recorder, index: int, step: int, last, is_max: bool) -> tuple[float, float]:
    """The window of call ``index`` after replay event ``step``, before it returns: the one it
    entered with, narrowed by the children returned by then (``last``: each row's return
    step; Max raises alpha, Min lowers beta)."""
    a, b = rec.alpha[index], rec.beta[index]
    for c in child_rows(rec.end, index):
        if last[c] <= step and rec.kind[c] != PRUNED:
            if is_max:
                a = max(a, rec.score[c])
            else:
                b = min(b, rec.score[c])
    return a, b


def heuristic_rows(rec: Recorder) -> frozenset[int]:
    """The rows whose value comes from the heuristic: the depth-limit leaves, and each call
    whose first child of its value (pruned stubs skipped) has such a value."""
    kinds, scores, guessed = rec.kind, rec.score, set()
    if HORIZON not in kinds:
        return frozenset(guessed)
    end = rec.end
    for i in reversed(range(len(kinds))):
        if kinds[i] == HORIZON:
            guessed.add(i)
        elif kinds[i] == CALL:
            for c in child_rows(end, i):
                if kinds[c] != PRUNED and scores[c] == scores[i]:
                    if c in guessed:
                        guessed.add(i)
                    break
    return frozenset(guessed)


def bound_rows(rec: Recorder) -> dict[int, str]:
    """``{row: "upper" | "lower"}`` for the calls whose value a cutoff below left only a bound:
    at or below the alpha they entered with, or at or above their beta."""
    kinds, bounds = rec.kind, {}
    if PRUNED not in kinds or not rec.window:
        return bounds
    unsure = set()
    for i in reversed(range(len(kinds))):
        if kinds[i] == PRUNED:
            unsure.add(rec.parent[i])
        elif i in unsure and i:
            unsure.add(rec.parent[i])
    for i in unsure:
        if rec.score[i] <= rec.alpha[i]:
            bounds[i] = "upper"
        elif rec.score[i] >= rec.beta[i]:
            bounds[i] = "lower"
    return bounds


def networkx_graph(tree: SearchTree):
    """``tree`` as a networkx ``DiGraph`` (see :meth:`SearchTree.to_networkx`)."""
    import networkx as nx

    graph = nx.DiGraph(algorithm=tree.algorithm, game=repr(tree.game))
    rec = tree.recorder
    first, last = tree.event_steps()
    for i in range(len(tree)):
        attrs = dict(
            move=None if i == 0 else tree.move_at(i),
            depth=rec.depth[i],
            kind=KINDS[rec.kind[i]],
            pruned=rec.kind[i] == PRUNED,
            score=as_number(rec.score[i]),
            step=first[i],
            return_step=last[i],
        )
        if rec.window:
            for col in ("alpha", "beta", "alpha_out", "beta_out"):
                attrs[col] = as_number(getattr(rec, col)[i])
        graph.add_node(i, **attrs)
        if i:
            graph.add_edge(rec.parent[i], i, move=tree.move_at(i))
    return graph
