"""The recorded tree of one search: :class:`SearchTree` hands out :class:`~minimax_viz.trace.Node`
views, replays the search as a stream of :class:`Event` objects, prints a deterministic text
trace, and converts to networkx."""

from __future__ import annotations

from typing import Any, Iterator, NamedTuple

from ..errors import InvalidOption, short_repr
from ..games.base import move_coder
from .columns import (Columns, bound_rows, child_rows, event_columns, event_rows, heuristic_rows,
                      narrowed_window, networkx_graph, step_columns)
from .node import Node, NodeList
from .recorder import CALL, KINDS, LEAF, PRUNED, Recorder, as_number
from .words import EventParts, parts_of_event, event_text

__all__ = ["EVENT_KINDS", "Event", "SearchFacts", "SearchTree"]

EVENT_KINDS = ("enter", "leaf", "cutoff", "hit", "return")


class Event(NamedTuple):
    """One step of a replay: ``kind`` is "enter", "leaf", "cutoff", "hit" or "return".

    Parameters
    ----------
    step : int
        The step, from 0.
    kind : str
        "enter", "leaf", "cutoff", "hit" or "return".
    node : Node
        The node the event is about.
    """

    step: int
    kind: str
    node: "Node"

    def __repr__(self) -> str:
        return f"Event(step={self.step}, kind={self.kind!r}, node={self.node.index})"



class SearchFacts:
    """What a recorded search could do and what its calls were given, for the words and the
    pictures to fit it: a window (alpha and beta), a depth limit, positions no move leads to.
    A :class:`SearchTree` is one; a learner's tree answers from what its recording saw."""

    @property
    def has_window(self) -> bool:
        """True when alpha and beta were recorded (an alpha-beta search): a skipped child is
        then a cutoff ("pruned"); without a window it is a move the call never tried."""
        return self.recorder.window

    @property
    def depth_limited(self) -> bool:
        """True when a call scored without children in an unfinished game stopped at a depth
        limit (the heuristic's guess): always for the engine's trees, whose only such calls
        are those; for a learner's, only when its calls were given a depth."""
        return True

    def odd_move(self, index: int) -> tuple[str | None, str] | None:
        """For a call given a position that no move leads to from its parent's (a learner's
        slip), who played what into it as the position shows it (``("X", "4")``, or ``(None,
        words)`` when that cannot be told); None for every other node (the engine has none)."""
        return None

    def given_board(self, index: int) -> tuple[list, int | None] | None:
        """For a call given a board no move leads to (a learner's slip), the board's cells as
        the call got them (marks as strings, other cells None) and the cell of the mark it
        gained (None if not one); None for every other node, drawn from its position."""
        return None


class SearchTree(SearchFacts):
    """The recorded tree of one search: ``root``, ``nodes`` (creation order), ``len(tree)``.

    ``min_at_random`` says whether the search took the game's Min nodes to move at random
    (expectimax does; a learner's expectimax, recorded by :func:`~minimax_viz.record_calls`,
    is marked so by whoever knows what it is meant to be): their ``node_type`` is then "chance".

    ``recorder`` is the :class:`~minimax_viz.trace.recorder.Recorder` whose columns the tree
    reads (its node views read it too): read it, never change it.
    The searches make the tree (``result.tree``); the parameters are those attributes.

    Parameters
    ----------
    game : Game
        The game searched.
    root_state : object
        The root's position, in the game's internal form.
    recorder : Recorder
        The recording's columns, as the search wrote them.
    algorithm : str, optional
        The search that recorded it: ``"minimax"`` unless given, ``"alphabeta"``,
        ``"expectimax"``, ``"expectiminimax"`` ...
    """

    def __init__(self, game, root_state, recorder: Recorder, *, algorithm: str = "minimax"):
        self.game = game
        self.root_state = root_state
        self.algorithm = algorithm
        self.min_at_random = algorithm == "expectimax"
        self.recorder = recorder
        self._state_cache: dict[int, Any] = {0: root_state}
        self._step_cache = None
        self._event_cache = None
        self._flag_cache = None
        coder = move_coder(game)
        self._decode = None if coder is None else coder[1]

    def move_at(self, index: int) -> Any:
        """The move that led to node ``index`` from its parent, as the game plays it (the
        recording keeps a code: the game's ``code_move`` gives the move back).

        Parameters
        ----------
        index : int
            A node's row, 1 or more (the root's row, 0, holds ``-1``: no move).

        Returns
        -------
        object
            The move (a cell, a column, a UCI string ...).

        Raises
        ------
        IndexError
            For an index past the last node.

        Examples
        --------
        >>> from minimax_viz import Chess, minimax
        >>> minimax(Chess(), "7k/8/8/8/8/8/P7/K7 w - - 0 1", depth=1).tree.move_at(1)
        'a1b2'
        """
        code = self.recorder.move[index]
        decode = self._decode
        return code if decode is None else decode(code)

    def __len__(self) -> int:
        return len(self.recorder.parent)

    def __repr__(self) -> str:
        counts = self.counts()
        extra = "".join(f", {k}={v}" for k, v in counts.items() if v and k != "call")
        return f"<SearchTree {self.algorithm} of {type(self.game).__name__}: {len(self)} nodes{extra}>"

    @property
    def root(self) -> Node:
        """The root's node view (``nodes[0]``).
        """
        return Node(self, 0)

    @property
    def nodes(self) -> NodeList:
        """Every node's view, in creation order (a depth-first pre-order): a read-only sequence.
        """
        return NodeList(self)

    def node(self, index: int) -> Node:
        """The view of node ``index`` (``tree.nodes[index]``; negative indexes count from the end).

        Parameters
        ----------
        index : int
            A node's index.

        Returns
        -------
        Node
            The node's view.

        Raises
        ------
        InvalidOption
            For an index that is not a whole number.
        IndexError
            For an index outside the tree.
        """
        return self.nodes[index]

    def outcomes(self) -> dict[float, int]:
        """How many finished games (leaves of kind "leaf") end with each score for Max.

        Returns
        -------
        dict
            ``{score: count}``, by score.

        Examples
        --------
        >>> from minimax_viz import TicTacToe, minimax
        >>> minimax(TicTacToe(), TicTacToe.TUTORIAL_BOARD).tree.outcomes()
        {-1: 3, 1: 2}
        """
        rec, counts = self.recorder, {}
        for kind, score in zip(rec.kind, rec.score):
            if kind == LEAF:
                value = as_number(score)
                counts[value] = counts.get(value, 0) + 1
        return dict(sorted(counts.items()))

    def generated_states(self) -> list:
        """The distinct states the search generated, in the order it first met them: the
        root and every child it entered, scored or answered from the memo table (a child
        skipped by a cutoff was never generated). This is what CS188's autograder checks
        (its "generated" states, there sorted and joined by spaces).

        Returns
        -------
        list
            The states, in the game's public form.

        Examples
        --------
        >>> from minimax_viz import GameTree, alphabeta
        >>> alphabeta(GameTree([[3, 12], [2, 4]])).tree.generated_states()
        [(), (0,), (0, 0), (0, 1), (1,), (1, 0)]
        """
        seen, out = set(), []
        for i, kind in enumerate(self.recorder.kind):
            if kind == PRUNED:
                continue
            state = self.game.board(self.internal_state(i))
            mark = tuple(state) if isinstance(state, list) else state
            if mark not in seen:
                seen.add(mark)
                out.append(state)
        return out

    def counts(self) -> dict[str, int]:
        """How many nodes of each kind: call, leaf, horizon, pruned, hit.

        Returns
        -------
        dict
            ``{kind: count}`` for every kind.
        """
        kinds = self.recorder.kind
        return {name: kinds.count(k) for k, name in enumerate(KINDS)}

    # -- structure ----------------------------------------------------------------------
    def _child_indexes(self, index: int) -> Iterator[int]:
        return child_rows(self.recorder.end, index)

    def window_value(self, column: str, index: int) -> float | None:
        """Node ``index``'s value in the window ``column`` ("alpha", "beta", "alpha_out",
        "beta_out"), None when the search kept no window (minimax).

        Parameters
        ----------
        column : str
            ``"alpha"`` or ``"beta"`` (at entry), ``"alpha_out"`` or ``"beta_out"`` (at return).
        index : int
            The node's index in :attr:`nodes`.

        Returns
        -------
        float or None
            The bound, or None without a window.
        """
        if not self.recorder.window:
            return None
        return as_number(getattr(self.recorder, column)[index])

    def internal_state(self, index: int) -> Any:
        """Node ``index``'s position in the game's internal form (replayed, cached).

        Parameters
        ----------
        index : int
            A node's index (its place in creation order).

        Returns
        -------
        object
            The position, in the game's internal form.

        Raises
        ------
        IndexError
            For an index past the last node.
        """
        cache = self._state_cache
        if index in cache:
            return cache[index]
        parent = self.recorder.parent[index]
        state = self.game.play(self.internal_state(parent), self.move_at(index))
        if len(cache) < 100_000:
            cache[index] = state
        return state

    def event_steps(self):
        """Per node, the replay event at which it appears and the one at which it returns, as two
        arrays computed once and shared (the node views read them; read them, never write them;
        :meth:`steps` gives read-only views).

        Returns
        -------
        tuple of two arrays
            ``(appears, returns)``: for each node index, the event step of its entry and of its return.
        """
        if self._step_cache is None:
            self._step_cache = step_columns(self.recorder.kind, self.recorder.end)
        return self._step_cache

    def _event_rows(self) -> Iterator[tuple[int, str, int]]:
        return event_rows(self.recorder.kind, self.recorder.end)

    # -- replay and text ------------------------------------------------------------------
    def event(self, step: int) -> Event:
        """The replay's event at ``step`` (0 to ``n_steps - 1``), looked up without a scan.

        Parameters
        ----------
        step : int
            A step of the replay, 0 to ``n_steps - 1``.

        Returns
        -------
        Event
            The event.

        Raises
        ------
        IndexError
            For a ``step`` outside the replay (or not a whole number).

        Examples
        --------
        >>> from minimax_viz import TicTacToe, minimax
        >>> minimax(TicTacToe(), TicTacToe.TUTORIAL_BOARD).tree.event(5)
        Event(step=5, kind='leaf', node=4)
        """
        if self._event_cache is None:
            self._event_cache = event_columns(self.recorder.kind, self.recorder.end, EVENT_KINDS)
        kinds, nodes = self._event_cache
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(kinds):
            raise IndexError(f"step {step!r} is out of range: this replay has steps 0 to {len(kinds) - 1}")
        return Event(step, EVENT_KINDS[kinds[step]], Node(self, nodes[step]))

    def events(self) -> Iterator[Event]:
        """Replay the search: "enter", "leaf", "cutoff", "hit" and "return" events in order.

        Yields
        ------
        Event
            One event per step of the replay.
        """
        for step, kind, index in self._event_rows():
            yield Event(step, kind, Node(self, index))

    @property
    def n_steps(self) -> int:
        """The number of events in the replay (frames run from 0 to ``n_steps - 1``)."""
        return len(self) + self.recorder.kind.count(CALL)

    def text(self, *, window: bool | None = None, limit: int = 200) -> str:
        """A deterministic text trace: one line per event, indented by depth; at most
        ``limit`` lines of events, then a line counting the steps left out.

        Parameters
        ----------
        window : bool or None, optional
            Whether to show alpha and beta (``None``, the default: when the tree has them).
        limit : int, optional
            The most lines of events (200 unless given).

        Returns
        -------
        str
            The trace.

        Raises
        ------
        InvalidOption
            For a ``limit`` that is not a whole number of 0 or more.
        """
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise InvalidOption(f"limit must be a whole number of lines, 0 or more, not {short_repr(limit)}")
        show_window = self.has_window if window is None else window
        lines = []
        for step, kind, index in self._event_rows():
            if step >= limit:
                lines.append(f"... {self.n_steps - limit} more steps")
                break
            lines.append(self._event_line(step, kind, Node(self, index), show_window))
        return "\n".join(lines)

    def _event_line(self, step: int, kind: str, node: Node, show_window: bool) -> str:
        words = event_text(self._parts(step, kind, node), ascii=True, window=show_window)
        return f"{step:>3} {'  ' * node.depth}{words}"

    def event_parts(self, step: int) -> EventParts:
        """Replay event ``step`` as structured parts (who, move, value, kind, window), for
        :func:`event_text` to put into words.

        Parameters
        ----------
        step : int
            A step of the replay, 0 to ``n_steps - 1``.

        Returns
        -------
        EventParts
            The event's parts.

        Raises
        ------
        IndexError
            For a ``step`` outside the replay.
        """
        event = self.event(step)
        return self._parts(step, event.kind, event.node)

    def _parts(self, step: int, kind: str, node: Node) -> EventParts:
        return parts_of_event(self, step, kind, node)

    def __str__(self) -> str:
        return self.text()

    def _repr_png_(self) -> bytes:
        """Jupyter shows a tree that ends a cell as its drawing."""
        from ..draw import tree_png

        return tree_png(self)

    # -- public accessors: search facts and columns (for drawings, widgets, exercises) ------
    def columns(self) -> Columns:
        """The recording's columns as read-only memory views (see :class:`Columns`).

        Returns
        -------
        Columns
            The columns.

        Examples
        --------
        >>> from minimax_viz import GameTree, minimax
        >>> cols = minimax(GameTree([[3, 12], [2]])).tree.columns()
        >>> list(cols.depth), list(cols.end), list(cols.score)[2:4]
        ([0, 1, 2, 2, 1, 2], [6, 4, 3, 4, 6, 6], [3.0, 12.0])
        """
        rec = self.recorder
        cols = (rec.parent, rec.move, rec.kind, rec.score, rec.depth, rec.end)
        return Columns(*(memoryview(c).toreadonly() for c in cols))

    def child_indexes(self, index: int) -> list[int]:
        """The indexes of node ``index``'s recorded children, in move order.

        Parameters
        ----------
        index : int
            A node's index (its place in creation order).

        Returns
        -------
        list of int
            The children's indexes.

        Raises
        ------
        IndexError
            For an index past the last node.
        """
        return list(self._child_indexes(index))

    def steps(self) -> tuple[memoryview, memoryview]:
        """Per node, the replay event at which it appears and the one at which its value is
        known (``Node.step`` and ``Node.return_step`` for every node at once), read-only.

        Returns
        -------
        tuple of memoryview
            ``(steps, return_steps)``, one entry per node.
        """
        first, last = self.event_steps()
        return memoryview(first).toreadonly(), memoryview(last).toreadonly()

    def window_at(self, index: int, step: int) -> tuple[float, float]:
        """Node ``index``'s alpha and beta as they stood after replay event ``step``.

        Before the call returns, the entry window narrowed by the children returned so far
        (Max raises alpha, Min lowers beta); afterwards, the window it returned with.

        Parameters
        ----------
        index : int
            A node's index.
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
        IndexError
            For an index past the last node.

        Examples
        --------
        >>> from minimax_viz import GameTree, alphabeta
        >>> tree = alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree
        >>> tree.window_at(0, 0), tree.window_at(0, tree.nodes[1].return_step)
        ((-inf, inf), (3, inf))
        """
        if not self.has_window:
            raise InvalidOption("this tree has no alpha and beta: it was recorded by minimax, not alphabeta")
        rec = self.recorder
        if step >= self.n_steps - 1:   # the search is over: the window each call returned with
            return as_number(rec.alpha_out[index]), as_number(rec.beta_out[index])
        first, last = self.event_steps()
        if last[index] <= step:
            return as_number(rec.alpha_out[index]), as_number(rec.beta_out[index])
        if rec.kind[index] != CALL:
            return as_number(rec.alpha[index]), as_number(rec.beta[index])
        a, b = narrowed_window(rec, index, step, last, self.game.is_max(self.internal_state(index)))
        return as_number(a), as_number(b)

    def value_flags(self):
        """(heuristic node set, {node: "upper" | "lower"}) for the whole tree, computed once.

        Returns
        -------
        tuple of (set of int, dict of int to str)
            The nodes whose value is the heuristic's guess, and the nodes whose value is only a
            bound (``"upper"`` or ``"lower"``) because a cut stopped their search.
        """
        if self._flag_cache is None:
            self._flag_cache = (heuristic_rows(self.recorder), bound_rows(self.recorder))
        return self._flag_cache

    def principal_variation(self, start: "Node | int | None" = None) -> list[Node]:
        """The nodes from the root (or ``start``) along the best moves (the first best
        child at each node), as far as a chance node: nobody chooses there.

        Parameters
        ----------
        start : Node, int or None, optional
            The node (or its index) to start from; ``None`` (the default) is the root.

        Returns
        -------
        list of Node
            The nodes of the line, ``start`` first.

        Raises
        ------
        InvalidOption
            For a ``start`` that is neither a node nor a whole number.
        IndexError
            For a ``start`` index outside the tree.

        Examples
        --------
        >>> from minimax_viz import GameTree, minimax
        >>> tree = minimax(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree
        >>> [n.move for n in tree.principal_variation()], [n.move for n in tree.principal_variation(5)]
        ([None, 0, 0], [1, 0])
        """
        node = self.root if start is None else start if isinstance(start, Node) else self.node(start)
        path = [node]
        while not node.is_leaf and node.node_type != "chance":
            node = node.best_child
            if node is None:
                break
            path.append(node)
        return path

    def event_words(self, step: int, *, window: bool = False, explain: bool = False, signed: bool = True) -> str:
        """The words for replay event ``step``, as a learner reads them (real minus signs):
        :func:`event_text` of :meth:`event_parts`.

        Parameters
        ----------
        step : int
            A step of the replay.
        window : bool, optional
            Whether to show alpha and beta on entering a call (False unless given).
        explain : bool, optional
            Whether to say what the event means, as the Stepper's caption does: "a new call",
            why a child is pruned, what a call returns (False unless given).
        signed : bool, optional
            Whether to write ``+`` on values above 0 (True unless given).

        Returns
        -------
        str
            The words.

        Raises
        ------
        IndexError
            For a ``step`` outside the replay.

        Examples
        --------
        >>> from minimax_viz import TicTacToe, minimax
        >>> minimax(TicTacToe(), TicTacToe.TUTORIAL_BOARD).tree.event_words(4)
        'return −1 from X plays 1'
        """
        return event_text(self.event_parts(step), window=window, explain=explain, signed=signed)

    # -- conversion -------------------------------------------------------------------------
    def to_networkx(self):
        """A networkx ``DiGraph`` whose nodes are the indexes, with the node fields as attributes.

        Returns
        -------
        networkx.DiGraph
            The tree as a graph.
        """
        return networkx_graph(self)
