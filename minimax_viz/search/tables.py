"""What the handlers of one search may sit behind or share: the budget of calls or seconds
(:class:`NodeBudget`), alpha-beta's cutoffs (:class:`Cutoffs`), the memo table (:class:`Memo`,
:func:`memo_handlers`) and the subtrees kept for ``reuse`` (:class:`Reuse`, :func:`reuse_handlers`)."""

from __future__ import annotations

import time

from ..errors import InvalidOption
from ..errors import short_repr as _short
from ..trace import HIT, Recorder

__all__ = ["NEVER", "OutOfBudget", "NodeBudget", "Memo", "Reuse", "Cutoffs", "memo_handlers", "reuse_handlers"]

NEVER = 1 << 62          # a call count no search reaches: "no budget to check"
_CHECK_EVERY = 1024       # calls between two looks at the clock under a time budget
EXACT, LOWER, UPPER = 0, 1, 2   # what a memo entry's value is: the value, or a bound on it


class OutOfBudget(Exception):
    """Raised inside the recursion when the calls or seconds of a budget run out."""


class NodeBudget:
    """A limit on the calls and/or the wall time of a search, looked at every so often."""

    def __init__(self, max_calls: int | None, deadline: float | None):
        self.max_calls, self.deadline = max_calls, deadline

    def first_check(self) -> int:
        return _next_check(0, self.max_calls)

    def check(self, calls: int) -> int:
        """Raise :class:`OutOfBudget` when spent, else return the call count of the next look.

        Raises
        ------
        OutOfBudget
            When the calls or the seconds are spent.
        """
        if (self.max_calls is not None and calls > self.max_calls) or (
            self.deadline is not None and time.perf_counter() >= self.deadline
        ):
            raise OutOfBudget()
        return _next_check(calls, self.max_calls)


def _next_check(calls: int, max_calls: int | None) -> int:
    """The call count at which the budget is looked at next."""
    step = calls + _CHECK_EVERY
    return step if max_calls is None else min(step, max_calls)


class Memo:
    """The transposition table: per position key, its value, what kind of bound that
    value is (EXACT, LOWER, UPPER), the depth searched below it, and the node's kind (a key
    met again at a node of another kind is refused: it would answer Min with Max's value).

    The handlers behind the table (:func:`memo_handlers`) probe and store inline (a
    Python call each per node would cost): an entry answers a search to the same depth when it is exact, or a bound that
    already decides the cutoff by the search's own rule (``on_equal``); a value is
    stored as exact only strictly inside the window it was searched with. ``key`` is
    None when the game's states are their own keys (``game.key_is_state``).
    """

    def __init__(self, key, prune_on_equal: bool):
        self.key, self.table, self.hits = key, {}, 0
        self.on_equal = prune_on_equal   # a bound decides a cutoff by the search's own rule


class Reuse:
    """What ``reuse=True`` keeps: per subtree searched below the root, keyed by ``(position
    key, node kind, depth left, alpha, beta)``, which decide all the search does in it,
    ``(value, counts, cut counts, first row, end row, exits)``: the value, what it added
    to the calls, leaves and horizon leaves and how many plies it reached below its
    root, the cutoffs and pruned children, and where its rows and windows were written.
    ``key`` is None when the game's states are their own keys."""

    def __init__(self, key):
        self.key, self.table = key, {}


class Cutoffs:
    """Alpha-beta's pruning rule and its cutoffs: ``on_equal`` cuts when a value reaches
    the bound (``>=``/``<=``), else only when it passes it; the count of what was skipped."""

    def __init__(self, prune_on_equal: bool, recorder: Recorder | None = None):
        self.on_equal = prune_on_equal
        self.cutoffs = self.pruned = 0
        self.record = None if recorder is None else recorder.cut   # writes the stubs, when recording

    def skip(self, here: int, children, searched, alpha: float, beta: float) -> None:
        """Cut the ``(move, child)`` pairs of ``children`` at node ``here`` but ``searched``
        (one of them, or None: all), unsearched: a :meth:`cut` after ``searched``, put first."""
        if self.record is None:   # nothing to record: only the counts
            rest, n = (), len(children) - (searched is not None)
        else:
            rest = [pair for pair in children if pair is not searched]
            n = len(rest)
        if n:
            self.cutoffs += 1
            self.pruned += n
            if self.record is not None:
                self.record(here, rest, 0, alpha, beta)

    def cut(self, children, last, here: int, alpha: float, beta: float) -> None:
        """Stop after ``last``, a ``(move, child)`` pair of ``children``: the children after
        it are skipped (and recorded as stubs)."""
        start = children.index(last) + 1
        n = len(children) - start
        if n:
            self.cutoffs += 1
            self.pruned += n
            if self.record is not None:
                self.record(here, children, start, alpha, beta)


def _unhashable_key(game, state, k, option: str = "memo"):
    """The error for a key that cannot key the ``option``'s table (a list, say), met below the root."""
    return InvalidOption(
        f"{option}=True needs {type(game).__name__}.key to return a hashable value (a number, a string "
        f"or a tuple) for every position, not {_short(k)} at {game.to_text(state)}; use {option}=False "
        "or return a tuple"
    )


def _shared_key(game, state, k, first: str, now: str):
    """The error for a memo key given to positions of two kinds (a Max and a Min position):
    the table would answer one with the other's value."""
    kinds = {"max": "a Max", "min": "a Min", "chance": "a chance"}
    return InvalidOption(
        f"{type(game).__name__}.key gives {_short(k)} to {kinds.get(first, first)} position and to "
        f"{kinds.get(now, now)} position ({game.to_text(state)}); a key must tell apart positions with "
        "different players to move (put the player in it), or the memo table answers one with the "
        "other's value"
    )


def memo_handlers(parts, handlers: dict) -> dict:
    """Each handler of ``handlers`` behind the memo table (see :class:`Memo`): below the
    root, a position whose entry answers it is a hit (its row, written as a call's, is
    made a hit's), any other is searched by the handler and its value stored. The probe
    and the store are inline: this runs once per inner node of a search with a memo."""
    memo, game, rec = parts.memo, parts.game, parts.recorder
    key, table, on_equal = memo.key, memo.table, memo.on_equal
    table_get = table.get
    kinds, scores = (rec.kind, rec.score) if rec is not None else (None, None)

    def behind_table(node, handle):
        def memo_node(state, depth, alpha, beta, ply, here):
            k = state if key is None else key(state)
            if ply:  # the root is never answered from the table: it must name its move
                try:
                    entry = table_get(k)   # the table's probe
                except TypeError:
                    raise _unhashable_key(game, state, k) from None
                if entry is not None:
                    if entry[3] != node:   # a key never stands for two kinds
                        raise _shared_key(game, state, k, entry[3], node)
                    v, bound = entry[0], entry[1]
                    if entry[2] == depth and (bound == EXACT or (
                        (v >= beta if on_equal else v > beta) if bound == LOWER
                        else (v <= alpha if on_equal else v < alpha)
                    )):
                        memo.hits += 1
                        if kinds is not None:
                            kinds[here], scores[here] = HIT, v
                        return v
            best = handle(state, depth, alpha, beta, ply, here)   # then the table's store
            table[k] = (best, UPPER if best <= alpha else LOWER if best >= beta else EXACT, depth, node)
            return best

        return memo_node

    return {node: behind_table(node, handle) for node, handle in handlers.items()}


def reuse_handlers(parts, handlers: dict, tally: tuple) -> dict:
    """Each handler of ``handlers`` behind the reuse table (see :class:`Reuse`): below the
    root, a subtree met again with the same depth left and window is not searched but
    copied, its rows by the recorder and its counts into the search's (``tally``: the
    dispatcher's ``open_subtree``, ``close_subtree`` and ``credit``); any other is
    searched by the handler and kept."""
    game, rec, cuts = parts.game, parts.recorder, parts.cutoffs
    key, table = parts.reuse.key, parts.reuse.table
    open_subtree, close_subtree, credit = tally
    rows = rec.parent if rec is not None else ()
    exits = rec.exits if rec is not None and rec.window else ()

    def copy(entry, ply: int, here: int):
        best, grown, cut, source, end, written = entry
        credit(grown, ply)
        if cuts is not None:
            cuts.cutoffs += cut[0]
            cuts.pruned += cut[1]
        if rec is not None:
            rec.copy(source, end, here, written)
        return best

    def behind_table(node, handle):
        def reuse_node(state, depth, alpha, beta, ply, here):
            if not ply:   # the root names its move, and is never met again below itself
                return handle(state, depth, alpha, beta, ply, here)
            k = (state if key is None else key(state), node, depth, alpha, beta)
            try:
                entry = table.get(k)
            except TypeError:
                raise _unhashable_key(game, state, k[0], "reuse") from None
            if entry is not None:
                return copy(entry, ply, here)
            seen, cut, first = open_subtree(ply), (cuts.cutoffs, cuts.pruned) if cuts else None, len(exits)
            try:
                best = handle(state, depth, alpha, beta, ply, here)
            finally:
                grown = close_subtree(seen, ply)
            if cuts is not None:
                cut = cuts.cutoffs - cut[0], cuts.pruned - cut[1]
            table[k] = best, grown, cut, here, len(rows), (first, len(exits))
            return best

        return reuse_node

    return {node: behind_table(node, handle) for node, handle in handlers.items()}
