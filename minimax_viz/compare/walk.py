"""The walk of two recorded trees side by side: the learner's (``mine``) and the right one,
matched by paths of moves, to the first node where they part (see
:func:`~minimax_viz.compare.first_difference` for the order in which partings are looked for)."""

from __future__ import annotations

from ..trace import CALL, PRUNED, Node, SearchTree
from .difference import Difference, close_numbers, row_paths
from .words import (call_words, cut_node_words, extra_words, horizon_words, leaf_words, memo_words,
                    missing_words, no_number_words, order_words, stopped_words, twice_words, uncut_words,
                    unreached_words, window_words)

__all__ = ["Walk"]


class Walk:
    """The learner's tree ``mine`` beside the ``right`` one (and ``exact``, a minimax tree of
    the same search, when alpha-beta's bounds are to be accepted); each of :meth:`position`,
    :meth:`visits` and :meth:`values` returns the first :class:`Difference` of its kind, or None."""

    def __init__(self, mine: SearchTree, right: SearchTree, exact: SearchTree | None, memo: bool):
        self.mine, self.right, self.exact, self.memo = mine, right, exact, memo
        self.m_paths, self.m_index = row_paths(mine)
        self.r_paths, self.r_index = row_paths(right)
        self.e_index = row_paths(exact)[1] if exact is not None else None
        self.m_kind, self.r_kind = mine.columns().kind, right.columns().kind
        self.skipped: list[tuple] = []   # paths answered from the learner's memo
        self.limit = None                # the right search's depth limit (None: to the end)
        self.negamax = self._negamax()

    def m(self, path) -> Node | None:
        i = self.m_index.get(path)
        return None if i is None else self.mine.nodes[i]

    def r(self, path) -> Node | None:
        i = self.r_index.get(path)
        return None if i is None else self.right.nodes[i]

    # -- a call's position ------------------------------------------------------------------
    def position(self) -> Difference | None:
        odd = getattr(self.mine, "odd", None)
        if not odd:
            return None
        i = min(odd)
        node = self.mine.nodes[i]
        parent = node.parent
        return Difference("position", f"below {parent.where}, {odd[i]}", node, self.r(self.m_paths[parent.index]))

    # -- the order of visits ------------------------------------------------------------------
    def visits(self) -> Difference | None:
        mine = [i for i in range(len(self.mine)) if self.m_kind[i] != PRUNED]
        right = [i for i in range(len(self.right)) if self.r_kind[i] != PRUNED]
        r_end = self.right.columns().end
        i = j = 0
        while i < len(mine) or j < len(right):
            got = self.m_paths[mine[i]] if i < len(mine) else None
            want = self.r_paths[right[j]] if j < len(right) else None
            if got == want:
                window = self._window_difference(mine[i], right[j])
                if window is not None:   # a wrong value returned earlier made it: that is the slip
                    return self.values(before=self.right.steps()[0][right[j]]) or window
                if self._answered_from_memo(mine[i], right[j]):
                    self.skipped.append(got)
                    j = _past_subtree(right, j, r_end[right[j]])
                else:
                    j += 1
                i += 1
                continue
            return self._parting(got, want)
        return None

    def _window_difference(self, mi: int, ri: int) -> Difference | None:
        """Words when the learner's call got another window than the right search's call."""
        if not (self.mine.has_window and self.right.has_window):
            return None
        mine, right = self.mine.nodes[mi], self.right.nodes[ri]
        a, b = self.sign_window(mine)
        if a is None or b is None or (close_numbers(a, right.alpha) and close_numbers(b, right.beta)):
            return None
        return Difference("window", window_words(a, b, right, mine.parent), mine, right)

    def sign_window(self, node: Node) -> tuple:
        """The learner's window at ``node`` in the value-for-Max convention."""
        a, b = node.alpha, node.beta
        if self.negamax and node.node_type == "min" and a is not None and b is not None:
            return -b, -a
        return a, b

    def sign_value(self, node: Node):
        """The learner's value at ``node`` in the value-for-Max convention (at the root, as
        returned: a negamax search may turn it back into Max's value there)."""
        v = node.score
        if self.negamax and v is not None and node.node_type == "min" and node.index:
            return -v
        if self.negamax and node.index == 0 and v is not None and not close_numbers(v, self.right.root.score):
            return -v
        return v

    def _negamax(self) -> bool:
        """True when the learner's values at Min nodes are the right ones negated (values for
        the player to move: negamax), more often than they are the right ones."""
        root, want = self.mine.root, self.right.root.score
        if not (close_numbers(root.score, want) or (root.score is not None and close_numbers(-root.score, want))):
            return False   # a search for the player to move still gets the root's value right
        plain = negated = 0
        for i in range(1, len(self.mine)):
            if self.m_kind[i] == PRUNED:
                continue
            j = self.r_index.get(self.m_paths[i])
            if j is None or self.r_kind[j] == PRUNED:
                continue
            node = self.mine.nodes[i]
            got, want = node.score, self.right.nodes[j].score
            if got is None or want is None or not want or node.node_type != "min":
                continue
            plain += close_numbers(got, want)
            negated += close_numbers(got, -want)
        return negated > plain

    def _answered_from_memo(self, mi: int, ri: int) -> bool:
        if not self.memo or self.m_kind[mi] == CALL or self.r_kind[ri] != CALL:
            return False
        game = self.mine.game
        try:
            key = game.key(self.mine.internal_state(mi))
            return any(game.key(self.mine.internal_state(k)) == key
                       for k in range(mi) if self.m_kind[k] == CALL)
        except Exception:
            return False

    def _parting(self, got, want) -> Difference:
        if got is not None and self._seen_before(got):
            node = self.m(got)
            return Difference("extra", twice_words(node), node, self.r(got))
        if got is not None and got not in self.r_index:
            return self._extra(got)
        if got is not None and self.r_kind[self.r_index[got]] == PRUNED:
            node = self.r(got)
            return Difference("cut", cut_node_words(node), self.m(got), node)
        if want is None:
            return Difference("extra", unreached_words(self.m(got)), self.m(got), None)
        if want in self.m_index and self.m_kind[self.m_index[want]] != PRUNED:
            return self._order(got, want)
        parent = want[:-1]
        mine_parent = self.m(parent)
        if mine_parent is not None and mine_parent.kind != "call":
            return self._stopped(parent)
        node = self.r(want)
        if self.right.has_window:
            return Difference("uncut", uncut_words(node), self.m(want), node)
        return Difference("missing", missing_words(node), self.m(want), node)

    def _seen_before(self, path) -> bool:
        """True when ``path`` has more than one row in the learner's tree (searched twice)."""
        if not hasattr(self, "_twice"):
            rows: dict = {}
            for i, p in enumerate(self.m_paths):
                if self.m_kind[i] != PRUNED:
                    rows[p] = rows.get(p, 0) + 1
            self._twice = {p for p, n in rows.items() if n > 1}
        return path in self._twice

    def _extra(self, got) -> Difference:
        node, parent = self.m(got), self.r(got[:-1])
        return Difference("extra", extra_words(node, parent), node, parent)

    def _order(self, got, want) -> Difference:
        node, other = self.r(want), self.m(got)
        return Difference("order", order_words(other, node, self.r(want[:-1]), self.right.game), other, node)

    def _stopped(self, parent) -> Difference:
        mine, right = self.m(parent), self.r(parent)
        asked = getattr(self.mine, "depths", None)
        given = asked[mine.index] if asked else None
        words = stopped_words(right, self.depth_left(right), given, alone=len(self.mine) == 1,
                               memo=mine.index in self._repeated())
        return Difference("stopped", words, mine, right)

    def depth_left(self, node: Node):
        """The depth left at ``node`` in the right search (its limit less the ply)."""
        if self.limit is None:
            return "all of it (no depth limit)"
        return self.limit - node.depth

    def _earlier_search(self, mine: Node) -> tuple | None:
        """The evidence of an earlier search of ``mine``'s position in the learner's tree: its
        node and what differs there, ``("depth", given before, given here)`` or ``("cut", node)``
        (searched with the same depth, but cut off: its value was a bound); None when neither
        shows."""
        game, depths = self.mine.game, getattr(self.mine, "depths", None)
        try:
            key = game.key(mine.internal_state)
        except Exception:
            return None
        for k in range(mine.index):
            if self.m_kind[k] != CALL or game.key(self.mine.internal_state(k)) != key:
                continue
            before, here = (depths[k], depths[mine.index]) if depths is not None else (None, None)
            if before is not None and here is not None and before != here:
                return ("depth", before, here)
            earlier = self.mine.nodes[k]
            if any(c.pruned for c in earlier.children):
                return ("cut", earlier)
        return None

    def _repeated(self) -> set:
        game, out, seen = self.mine.game, set(), set()
        for k in range(len(self.mine)):
            if self.m_kind[k] == PRUNED:
                continue
            try:
                key = game.key(self.mine.internal_state(k))
            except Exception:
                continue
            if key in seen and self.m_kind[k] != CALL:
                out.add(k)
            seen.add(key)
        return out

    # -- values ---------------------------------------------------------------------------------
    def values(self, before: int | None = None) -> Difference | None:
        """The first call, in the order the right search returns, whose value is wrong (only
        calls that returned before replay event ``before``, when given)."""
        right = self.right
        _, last = right.steps()
        order = sorted((i for i in range(len(right)) if self.r_kind[i] != PRUNED
                        and (before is None or last[i] < before)), key=lambda i: last[i])
        skipped = self.skipped
        for i in order:
            path = self.r_paths[i]
            if any(path[:len(s)] == s and len(path) > len(s) for s in skipped):
                continue
            mine = self.m(path)
            if mine is None:
                continue
            node = right.nodes[i]
            if not self._value_ok(self.sign_value(mine), node, path):
                return Difference("value", self._value_words(mine, node, path), mine, node)
        return None

    def _true(self, node: Node, path) -> float | None:
        if self.e_index is None:
            return node.score
        j = self.e_index.get(path)
        return node.score if j is None else self.exact.nodes[j].score

    def _value_ok(self, got, node: Node, path) -> bool:
        want = self._true(node, path)
        if close_numbers(got, want):
            return True
        if got is None or want is None or self.e_index is None or node.alpha is None:
            return False
        return (got <= node.alpha and want <= got) or (got >= node.beta and want >= got)

    def _value_words(self, mine: Node, node: Node, path) -> str:
        got, want = self.sign_value(mine), self._true(node, path)
        at = node.where
        if path in self.skipped or mine.index in self._repeated():
            return memo_words(at, got, want, self.depth_left(node), self._earlier_search(mine))
        if got is None:
            return no_number_words(at)
        game, state = self.right.game, node.internal_state
        if node.kind == "leaf":
            return leaf_words(at, got, want, game, state)
        if node.kind == "horizon":
            return horizon_words(at, got, want, game, state, node)
        values = [self.sign_value(c) for c in mine.children if not c.pruned and c.score is not None]
        return call_words(at, got, want, values, node)


def _past_subtree(rows: list, j: int, stop: int) -> int:
    """The first place after ``j`` in ``rows`` (row numbers in pre-order) past the subtree that
    ends at row ``stop``."""
    j += 1
    while j < len(rows) and rows[j] < stop:
        j += 1
    return j
