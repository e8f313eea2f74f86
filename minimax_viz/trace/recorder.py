"""The recorder: what the search does, written row by row into compact columns.

The search tells a :class:`Recorder` what happens (a call is entered, a leaf is scored,
children are cut off, a call returns); the recorder keeps one row per node in parallel
``array`` columns, in the order the nodes were created (a depth-first pre-order), so the
549,946 calls of the whole tic-tac-toe tree take about 20 bytes each. A node's state is
not stored: it is replayed from the root along the moves when asked for.
"""

from __future__ import annotations

import math
import sys
from array import array
from typing import NoReturn

from ..errors import TreeTooLarge

__all__ = ["KINDS", "DEFAULT_MAX_NODES", "NAN", "Recorder", "as_number"]

#: How each node came to be: an inner call, a finished game, a position scored by the
#: heuristic at the depth limit, a child skipped by an alpha-beta cutoff, a position
#: answered from the memo table.
KINDS = ("call", "leaf", "horizon", "pruned", "hit")
CALL, LEAF, HORIZON, PRUNED, HIT = range(5)

#: The recorder stops past this many nodes (about 40 MB of columns).
DEFAULT_MAX_NODES = 2_000_000

NAN = math.nan


class Recorder:
    """Receives what the search does and writes it into columns.

    The search writes each node's row inline with :meth:`appenders` (one ``append`` per
    column: a Python call per node would be a third of the cost of recording) and calls
    :meth:`too_large` when a row would pass ``max_nodes``; a returning call writes its
    score into ``score`` and, with a ``window`` (alpha-beta), ``(index, alpha, beta)``
    into ``exits``, once per inner call in the order the calls return; ``exit(index,
    score, alpha, beta)`` does the same in one call (where a node has no handler loop of
    its own to write inline), and, with a window (only alpha-beta cuts), ``cut(parent,
    children, start, alpha, beta)`` writes the children a cutoff skips (``children[start:]``)
    as stubs; without one ``cut`` is None.

    The columns hold what the package accepts: moves as 32-bit integers (a node may have
    any number of children; a game whose moves are not whole numbers gives ``code``, its
    ``move_code``, and the move appender codes each move), scores as doubles (a score beyond about 1.8e308 cannot be
    recorded: the search says so, see ``_search``), depths as bytes until a tree is deeper
    than 255 plies, then as 32-bit integers.
    """

    def __init__(self, *, window: bool, max_nodes: int = DEFAULT_MAX_NODES, code=None):
        self.window = window
        self.max_nodes = max_nodes
        #: The game's ``move_code``, called on each move the search hands in, or None when
        #: the moves are their own codes (see :func:`minimax_viz.games.base.move_coder`).
        self.code = code
        self.parent = array("i")
        self.move = array("i")
        self.kind = array("b")
        self.score = array("d")
        self._depth: array | None = None
        self._end: array | None = None
        self._copies: list[tuple[int, int, int]] = []   # (first row, source's first row, rows) per copy
        if window:
            self.alpha = array("d")
            self.beta = array("d")
            self.exits: list[tuple[int, float, float]] = []   # inner calls' (index, alpha, beta) at return
            self._outs: tuple[array, array] | None = None
        self.exit = self._exiter()
        # Only alpha-beta cuts, and it records with a window: a recorder without one has no cut.
        self.cut = self._cutter() if window else None

    def too_large(self) -> NoReturn:
        """Refuse one more row: the recording would pass ``max_nodes``.

        :raises TreeTooLarge: always, saying how to search with a smaller tree.
        """
        raise TreeTooLarge(
            f"the recording passed max_nodes={self.max_nodes:,} nodes; lower the depth, "
            "use alpha-beta, or pass record=False to get the value without the tree"
        )

    def _exiter(self):
        """The function that closes a call's row: its score, its subtree's end, its window."""
        score_col = self.score
        if not self.window:
            def exit(index: int, score: float, alpha: float, beta: float) -> None:
                score_col[index] = score

            return exit
        put_exit = self.exits.append

        def exit_with_window(index: int, score: float, alpha: float, beta: float) -> None:
            score_col[index] = score
            put_exit((index, alpha, beta))

        return exit_with_window

    def _cutter(self):
        """The function that writes the stubs of one cutoff: ``cut(parent, children, start,
        alpha, beta)`` records the moves of ``children[start:]`` (``(move, state)`` pairs)
        as stubs of ``parent`` with ``pruned=True``, no score, and the window the parent
        had when it stopped. (A cutoff skips one or two children most often: appending
        row by row is quicker than extending each column.) A recorder with a window only."""
        parent_col, max_nodes, too_large = self.parent, self.max_nodes, self.too_large
        put_parent, put_move, put_kind, put_score, put_alpha, put_beta = self.appenders()

        def cut_with_window(up: int, children, start: int, alpha: float, beta: float) -> None:
            if len(parent_col) + len(children) - start > max_nodes:
                too_large()
            for m, _ in children[start:]:
                put_parent(up)
                put_move(m)
                put_kind(PRUNED)
                put_score(NAN)
                put_alpha(alpha)
                put_beta(beta)

        return cut_with_window

    def copy(self, source: int, end: int, here: int, exits: tuple[int, int]) -> None:
        """Write the descendants of row ``source`` (rows ``source + 1`` to ``end - 1``) again
        as those of row ``here``, the last row written, and ``here``'s score as ``source``'s:
        the search met the same subtree again (``reuse=True``). ``exits`` is the slice of
        :attr:`exits` that ``source``'s subtree wrote, copied too when there is a window.
        Each column is copied by slices; the parents move by ``here - source``.

        :raises TreeTooLarge: when the copy would pass ``max_nodes``.
        """
        start, n = len(self.parent), end - source - 1
        if start + n > self.max_nodes:
            self.too_large()
        shift = here - source
        self.parent.extend(_plus(self.parent[source + 1:end], shift))
        columns = [self.move, self.kind, self.score] + ([self.alpha, self.beta] if self.window else [])
        for column in columns:
            column.extend(column[source + 1:end])
        self.score[here] = self.score[source]
        if self.window:
            self.exits.extend([(i + shift, a, b) for i, a, b in self.exits[exits[0]:exits[1]]])
        if n:
            self._copies.append((start, source + 1, n))

    def appenders(self) -> tuple:
        """The ``append`` of each column in row order: parent, move, kind, score, and with
        a window alpha and beta. An inner call's window at return goes into ``exits``
        as ``(index, alpha, beta)``."""
        columns = [self.parent, self.move, self.kind, self.score]
        if self.window:
            columns += [self.alpha, self.beta]
        appenders = [column.append for column in columns]
        if self.code is not None:
            code, put_code = self.code, self.move.append

            def put_move(move) -> None:
                put_code(code(move))

            appenders[1] = put_move
        return tuple(appenders)

    # The window as each call returned differs from the one it entered with only for
    # inner calls: the search keeps those in ``exits`` and the columns are made from
    # alpha and beta the first time they are read.
    @property
    def alpha_out(self) -> array:
        """Alpha as each call returned, per row (a leaf's and a stub's: as it entered)."""
        return self._out_columns()[0]

    @property
    def beta_out(self) -> array:
        """Beta as each call returned, per row."""
        return self._out_columns()[1]

    def _out_columns(self) -> tuple[array, array]:
        if self._outs is None or len(self._outs[0]) != len(self.alpha):
            alpha_out, beta_out = array("d", self.alpha), array("d", self.beta)
            for i, a, b in self.exits:
                alpha_out[i], beta_out[i] = a, b
            self._outs = alpha_out, beta_out
        return self._outs

    # Depth and subtree ends follow from the parents (rows are in pre-order), so the
    # search does not write them: they are worked out once, the first time they are read.
    # Rows the recorder copied (:meth:`copy`) take theirs from the rows they copy, shifted.
    @property
    def depth(self) -> array:
        """Plies below the root, per row."""
        if self._depth is None or len(self._depth) != len(self.parent):
            try:
                self._depth = self._depths("B")
            except OverflowError:   # a tree deeper than 255 plies
                self._depth = self._depths("i")
        return self._depth

    def _depths(self, typecode: str) -> array:
        depth = array(typecode, bytes(len(self.parent) * array(typecode).itemsize))
        parent = self.parent
        for searched, (start, source, n) in zip(self._searched(), [*self._copies, (0, 0, 0)]):
            for i in searched:
                depth[i] = depth[parent[i]] + 1
            if n:
                depth[start:start + n] = _plus(depth[source:source + n], depth[start - 1] - depth[source - 1])
        return depth

    @property
    def end(self) -> array:
        """Per row, the row just past its subtree: its children lie between."""
        if self._end is None or len(self._end) != len(self.parent):
            parent, copies = self.parent, self._copies
            end = array("i", bytes(len(parent) * array("i").itemsize))
            for start, _, n in copies:   # a copy's root ends where its copied rows do
                end[start - 1] = start + n
            for searched in reversed(self._searched()):   # the rows searched, from the last
                for i in reversed(searched):
                    last = end[i]
                    if last <= i:   # no child has told it where its subtree ends: a leaf
                        last = end[i] = i + 1
                    up = parent[i]
                    if last > end[up]:
                        end[up] = last
            end[0] = len(parent)   # the root's subtree is the whole tree
            for start, source, n in copies:   # the copied rows, from the first
                end[start:start + n] = _plus(end[source:source + n], start - source)
            self._end = end
        return self._end

    def _searched(self) -> list[range]:
        """The rows the search wrote itself, root aside, as ranges between the copies."""
        ranges, done = [], 1
        for start, _, n in self._copies:
            ranges.append(range(done, start))
            done = start + n
        return ranges + [range(done, len(self.parent))]


def _plus(items: array, shift: int) -> array:
    """A copy of ``items`` with ``shift`` added to each, in one big-integer addition.

    The items' bytes are read as one large non-negative integer, and ``shift`` repeated
    in every item's place is added to it (or taken from it): each item's sum stays within
    its own bytes, so no carry crosses into the next item, and the bytes of the result
    are the shifted items (a tenth of the time of adding item by item, which copying half a
    million rows would spend). It holds for items and sums that are 0 or more and fit the
    type; a byte column (``"B"``) whose sums would not fit raises OverflowError.

    >>> list(_plus(array("i", [0, 7, 2**31 - 9]), 8)), list(_plus(array("B", [3, 9]), -2))
    ([8, 15, 2147483647], [1, 7])

    :raises OverflowError: for a byte column whose largest item plus ``shift`` passes 255.
    """
    if not shift or not items:
        return items
    size, order = items.itemsize, sys.byteorder
    if items.typecode == "B" and shift > 0 and max(items) + shift > 255:
        raise OverflowError(f"a depth of {max(items) + shift} does not fit a byte")
    lanes = int.from_bytes(abs(shift).to_bytes(size, order) * len(items), order)
    total = int.from_bytes(items.tobytes(), order) + (lanes if shift > 0 else -lanes)
    out = array(items.typecode)
    out.frombytes(total.to_bytes(len(items) * size, order))
    return out


def as_number(x: float) -> float | None:
    if x != x:  # NaN: no score
        return None
    return int(x) if x.is_integer() else x

