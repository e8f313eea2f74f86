"""A learner's own search, recorded call by call as a :class:`~minimax_viz.SearchTree`.

:func:`record_calls` runs a recursive function the learner wrote and notes every call it
makes to itself: the position each call gets, what it returns, which moves it tried and
in what order, and alpha and beta when the function takes them. The result is a search
tree like the engine's, so :func:`~minimax_viz.draw_tree`, the Stepper and
:func:`~minimax_viz.compare.first_difference` work on the learner's code exactly as on
the engine's. Two styles are understood:

- the tutorial's ``minimax(board, mark)`` on board lists (tic-tac-toe), returning a
  record ``{"index": cell, "score": value}``;
- ``search(game, state, depth, ...)`` on the :class:`~minimax_viz.Game` interface,
  returning ``(value, move)`` or a value, with any helpers it recurses through
  (``max_value``/``min_value`` in AIMA's style).

The recursion may take any shape the learner's own code gives it: plain, mutual, through a
dispatcher, nested functions, methods of a class (CS188's agents), a callable object, a
staticmethod or a ``functools.partial``. Nothing in the learner's code changes: where the
search recurses through functions named in its module, those names are bound to a recording
wrapper while it runs and put back afterwards, whatever happens; otherwise the calls of the
learner's own code are followed frame by frame (:class:`~minimax_viz.recursion.Traced`), and those that recurse are
the search's nodes. The window is read from parameters named ``alpha`` and ``beta`` (or
``a``/``b``, ``lo``/``hi``, ``low``/``high``, ``lower``/``upper``), else by position: the two
numbers after the depth.

>>> from minimax_viz import GameTree
>>> def my_minimax(game, state, depth):
...     if game.is_terminal(state):
...         return game.utility(state), None
...     best = None
...     for move in game.moves(state):
...         value, _ = my_minimax(game, game.play(state, move), depth - 1)
...         if best is None or (value > best[0] if game.node_type(state) == "max" else value < best[0]):
...             best = value, move
...     return best
>>> mine = record_calls(my_minimax, GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), (), 2)
>>> mine.score, mine.move, len(mine.tree), mine.tree
(3, 0, 13, <SearchTree your search of GameTree: 13 nodes, leaf=9>)
"""

from __future__ import annotations

import inspect
import math
from dataclasses import dataclass, field
from numbers import Integral, Real
from typing import Any, Callable, Iterable

from .arguments import POSITION_NAMES, depth_name, is_number, window_names
from .errors import InvalidOption, MinimaxError
from .errors import short_repr
from .games.base import Game, move_coder
from .recursion import (
    Bound, Profiled, Traced, code_of, code_takes_window, local_searches, recurses, search_functions, takes_window,
)
from .search import SearchResult, SearchStats
from .trace import CALL, DEFAULT_MAX_NODES, HORIZON, LEAF, PRUNED, Recorder, SearchTree
from .trace.words import UNREACHED

__all__ = ["record_calls", "LearnerResult", "LearnerTree", "search_functions"]


class LearnerTree(SearchTree):
    """The recorded tree of a learner's search: a :class:`SearchTree` whose positions are
    the ones the learner's calls received (kept, not replayed from the moves, so a board
    that no move leads to is drawn as it was), with ``depths`` (the ``depth`` each call
    was given, ``None`` where the function takes none), ``odd`` (the rows whose
    position is not one move from their parent's, with words for each) and ``given``
    (for those rows, the argument the call received, copied as it was when the call was
    made: a board list the learner changes later is kept as the call saw it)."""

    def __init__(self, game, root_state, recorder: Recorder, states: list, depths: list, *,
                 algorithm: str, odd: dict[int, str], given: dict[int, Any] | None = None):
        super().__init__(game, root_state, recorder, algorithm=algorithm)
        self._states, self.depths, self.odd = states, depths, odd
        self.given = given if given is not None else {}

    def internal_state(self, index: int) -> Any:
        """Node ``index``'s position as the learner's call got it (recorded, not replayed)."""
        return self._states[index]

    @property
    def depth_limited(self) -> bool:
        """True when the learner's calls were given a finite depth: only then is a call that scored
        an unfinished game without trying a move a depth limit's guess (drawn "≈", told
        "heuristic"); ``depth=math.inf`` all the way down is no limit."""
        return any(d is not None and math.isfinite(d) for d in self.depths)

    def value_flags(self):
        """No guess where the calls took no depth, no bound where they took no window."""
        guesses, bounds = super().value_flags()
        return (guesses if self.depth_limited else frozenset(), bounds if self.has_window else {})

    def given_board(self, index: int) -> tuple[list, int | None] | None:
        """For a call given a board no move leads to, its cells as the call got them (marks
        as strings, other cells None) and the cell of its one new mark (None if not one);
        None for every other node, and where the call was not given a list of cells."""
        given = self.given.get(index) if index in self.odd else None
        if not isinstance(given, (list, tuple)):
            return None
        up = self.recorder.parent[index]
        placed = _placed(_board_seen(self.game, self._states[up], self.given.get(up)), given)
        return [c if isinstance(c, str) else None for c in given], None if placed is None else placed[1]

    def odd_move(self, index: int) -> tuple[str | None, str] | None:
        """For a call given a position no move leads to, the mark its board gained and where, as
        the game names the cell (``("X", "4")``: X placed on 4 where O was to move); ``(None,
        "a board no move leads to")`` when the board does not show one new mark; None for every
        other node.

        >>> from minimax_viz.tutorial import check_if_winner_found as won
        >>> def same_mark(board, mark):   # the player is never switched
        ...     cells = [c for c in board if c not in ("X", "O")]
        ...     if not cells or won(board, "X") or won(board, "O"):
        ...         return {"score": 0}
        ...     board[cells[0]] = mark
        ...     score = same_mark(board, mark)["score"]
        ...     board[cells[0]] = cells[0]
        ...     return {"index": cells[0], "score": score}
        >>> tree = record_calls(same_mark, ["X", 1, "O", "X", 4, "X", "O", "O", 8], "X").tree
        >>> tree.odd_move(1), tree.odd_move(2), tree.nodes[2].move_words
        (None, ('X', '4'), 'X plays 4')
        """
        if index not in self.odd:
            return None
        up = self.recorder.parent[index]
        placed = _placed(_board_seen(self.game, self._states[up], self.given.get(up)), self.given.get(index))
        if placed is None:
            return None, UNREACHED
        try:
            return placed[0], str(self.game.move_name(self._states[up], placed[1]))
        except MinimaxError:
            return placed[0], str(placed[1])


@dataclass(repr=False)
class LearnerResult(SearchResult):
    """What :func:`record_calls` found: the learner's answer read as ``score`` (for Max)
    and ``move``, the recorded ``tree``, counts in ``stats``, the function's own return
    value in ``returned``, and ``problems``: words for what could not be read (a return
    value that is not a number, a call given a position that no move leads to).
    Each is an attribute of the same name; :func:`record_calls` makes it.

    Parameters
    ----------
    score : float
        The root's value for Max as read from the learner's return value.
    move : object or None
        The root's move as read from it.
    tree : SearchTree
        The recorded calls.
    stats : SearchStats
        The counts of the recorded calls.
    depth : int or None, optional
        The depth searched, where known.
    solved : bool, optional
        As in :class:`~minimax_viz.SearchResult`.
    interrupted : bool, optional
        As in :class:`~minimax_viz.SearchResult`.
    returned : object, optional
        What the learner's function returned at the root.
    problems : list of str, optional
        What could not be read, in words.
    """

    returned: Any = None
    problems: list = field(default_factory=list)


def record_calls(search: Callable, *args, game: Game | None = None, calls: Iterable[Callable] | None = None,
                 algorithm: str = "your search", min_at_random: bool = False, max_nodes: int = DEFAULT_MAX_NODES,
                 **kwargs) -> LearnerResult:
    """Run ``search(*args, **kwargs)`` and record every call it makes to itself.

    The game is ``args[0]`` when it is a :class:`Game` (the state is then ``args[1]``),
    else ``game=`` (the state is ``args[0]``), else tic-tac-toe for a board list (the
    tutorial's ``minimax(board, mark)``). With a game first and ``game=`` too, the tree
    is recorded with ``game=`` and the search gets ``args[0]`` (a wrapper that watches
    the search, say). ``calls`` lists the functions whose calls are
    the search's nodes; by default ``search`` and every function it recurses through
    (see :func:`search_functions`). A call that gets the position of the call it was made
    from (AIMA's ``alphabeta_search`` handing its state to ``max_value``) is the same
    node. A value is read from a number, the first item of a pair ``(value, move)``, a
    record's ``"score"`` or an object's ``score``; the root's move from the pair's
    second item, the record's ``"index"`` or ``move``. A node's children are the calls
    it made, in the order it made them; moves it never tried are added after them as
    pruned stubs (``pruned=True``), as the engine draws a cutoff. Where the function
    takes ``alpha`` and ``beta``, the tree holds the window each call was given.
    ``min_at_random=True`` records an expectimax: the game's Min nodes are drawn as the
    chance nodes such a search takes them to be (``SearchTree.min_at_random``).

    The learner's own errors are not caught: they reach the caller as they were raised.

    Parameters
    ----------
    search : callable
        The learner's search function.
    *args
        Its positional arguments (the game and the state, or the state alone).
    game : Game or None, optional
        The game, when it is not ``args[0]``.
    calls : iterable of callable or None, optional
        The functions whose calls are the search's nodes (``None``: ``search`` and every
        function it recurses through).
    algorithm : str, optional
        The name the tree is recorded under (``"your search"`` unless given).
    min_at_random : bool, optional
        Whether the search takes Min to move at random (an expectimax; False unless given).
    max_nodes : int, optional
        The largest number of calls recorded.
    **kwargs
        Its keyword arguments.

    Returns
    -------
    LearnerResult
        The answer read from the function, the recorded tree and the counts.

    Raises
    ------
    InvalidOption
        When ``search`` is not a function, ``game`` is not a Game, no
        game can be told from the arguments, ``calls`` holds something that is not a
        function, or the first call's position is not one of the game's.
    TreeTooLarge
        Past ``max_nodes`` recorded calls.

    Examples
    --------
    >>> import minimax_viz as mv
    >>> mine = record_calls(mv.tutorial.minimax, ["X", 1, "O", "X", 4, "X", "O", "O", 8], "X")
    >>> mine.returned, mine.stats.calls
    ({'index': 4, 'score': 1}, 9)
    >>> print(mine.tree.text(limit=3))
      0 root: X to move
      1   X plays 1: O to move
      2     O plays 4: -1 (O wins)
    ... 10 more steps
    """
    if not callable(search):
        raise InvalidOption(f"record_calls takes your search function itself, not {short_repr(search)}")
    _check_options(max_nodes, calls, algorithm, min_at_random)
    passed, at = _game_of(args, game)
    game = passed if game is None else game
    functions = list(search_functions(search) if calls is None else calls)
    if search not in functions:
        functions.insert(0, search)
    for f in functions:
        if not callable(f):
            raise InvalidOption(f"calls lists the functions of your search, and {short_repr(f)} is not one")
    local = local_searches(search) if calls is None else set()
    if calls is None and not local and not recurses(search, functions):
        # a method, a callable object, a partial ...: no name to rebind; follow the frames
        recording = _Recording(game, at, passed=passed, max_nodes=max_nodes, window=False)
        returned = Traced(recording).run(search, args, kwargs)
        result = recording.result(returned, algorithm)
        result.tree.min_at_random = bool(min_at_random)
        return result
    recording = _Recording(game, at, passed=passed, max_nodes=max_nodes,
                           window=takes_window(functions) or any(code_takes_window(c) for c in local))
    if local:   # the search recurses through functions it defines as it runs: watch their frames
        with Profiled({code_of(search)} | local, recording):
            returned = search(*args, **kwargs)
    else:
        with Bound(functions, recording.wrap):
            returned = recording.wrap(search)(*args, **kwargs)
    result = recording.result(returned, algorithm)
    result.tree.min_at_random = bool(min_at_random)
    return result


def _check_options(max_nodes, calls, algorithm="your search", min_at_random=False) -> None:
    """``max_nodes`` a whole number >= 1, ``calls`` a list of functions (or None), ``algorithm``
    a name and ``min_at_random`` True or False, in words."""
    if not isinstance(algorithm, str):
        raise InvalidOption(f"algorithm is the name your search goes by in the pictures, such as 'my minimax', "
                            f"not {short_repr(algorithm)}")
    if not isinstance(min_at_random, bool):
        raise InvalidOption(f"min_at_random is True (the search takes Min's moves at random, as expectimax) or "
                            f"False, not {short_repr(min_at_random)}")
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, Integral) or max_nodes < 1:
        raise InvalidOption(f"max_nodes is the most calls to record, a whole number of 1 or more (the default "
                            f"is {DEFAULT_MAX_NODES:,}), not {short_repr(max_nodes)}")
    if calls is not None and (isinstance(calls, (str, bytes)) or not isinstance(calls, Iterable)):
        raise InvalidOption(f"calls lists the functions of your search, such as [minimax, max_value, "
                            f"min_value], not {short_repr(calls)}")


def _game_of(args: tuple, game):
    """(the game the search is handed, the index of the state among a call's positional arguments)."""
    if game is not None and not isinstance(game, Game):
        raise InvalidOption(f"game must be a game such as mv.TicTacToe(), not {short_repr(game)}")
    if args and isinstance(args[0], Game):
        return args[0], 1
    if game is not None:
        return game, 0
    if args and isinstance(args[0], (list, tuple)) and len(args[0]) == 9:
        from .games import TicTacToe

        return TicTacToe(), 0
    raise InvalidOption("record_calls cannot tell the game: pass the game first, as in "
                        "record_calls(search, game, state, depth), or a tic-tac-toe board list, "
                        "or say game=...")


def _same(a, b) -> bool:
    """Two cells alike (a mark, or the same index), whatever a learner left in them."""
    return type(a) is type(b) and isinstance(a, (str, int)) and a == b


def _board_seen(game, state, given) -> list | None:
    """The cells of the board a call was given: its copy ``given`` (an odd call's), else the
    game's board of ``state``; None for a game without boards of cells."""
    if isinstance(given, (list, tuple)):
        return list(given)
    try:
        return list(game.board(state))
    except (AttributeError, TypeError, MinimaxError):
        return None


def _placed(before, after) -> tuple[str, int] | None:
    """``(mark, cell)`` when board ``after`` is ``before`` with one mark more, else None."""
    if not isinstance(before, list) or not isinstance(after, (list, tuple)) or len(before) != len(after):
        return None
    changed = [c for c, (a, b) in enumerate(zip(before, after)) if not _same(a, b)]
    if len(changed) != 1 or not isinstance(after[changed[0]], str) or isinstance(before[changed[0]], str):
        return None
    return after[changed[0]], changed[0]


class _Recording:
    """The rows of one recording, written by the wrappers as the calls come and go."""

    def __init__(self, game, at: int, *, passed, max_nodes: int, window: bool):
        self.game, self.at, self.passed = game, at, passed
        self.kind = None   # the type of the root's position argument
        coder = move_coder(game)   # bound once: None when the moves are their own codes
        self.code = None if coder is None else coder[0]
        self.rec = Recorder(window=window, max_nodes=max_nodes, code=self.code)
        self.states: list = []
        self.depths: list = []
        self.odd: dict[int, str] = {}
        self.given: dict[int, Any] = {}      # odd row -> the argument its call got, copied
        self.problems: list[str] = []
        self.stack: list[int] = []           # open calls (rows)
        self.tried: dict[int, list] = {}     # row -> moves tried so far
        self.best: dict[int, list] = {}      # row -> child rows searched
        self.wrappers: dict = {}
        self.windowless: set = set()         # rows whose own call carried no window
        self.roles: dict = {}                # parameter names -> (window's names, depth's name)
        self.put = self.rec.appenders()

    def wrap(self, f):
        if f in self.wrappers:
            return self.wrappers[f]
        try:
            signature = inspect.signature(f)
        except (TypeError, ValueError):
            signature = None
        else:   # the leading plain parameters, for binding positional calls quickly
            plain = []
            for p in signature.parameters.values():
                if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                    break
                plain.append(p.name)
            signature = signature, tuple(plain)

        def recorded(*args, **kwargs):
            node = self.enter(self._bind(signature, args, kwargs), args)
            if node is None:
                return f(*args, **kwargs)
            try:
                out = f(*args, **kwargs)
            finally:
                self.stack.pop()
            self.leave(node, out)
            return out

        recorded.__wrapped__ = f
        self.wrappers[f] = recorded
        return recorded

    # -- a call comes in --------------------------------------------------------------------
    def enter(self, bound, args) -> int | None:
        """The row of a new call (its arguments by name in ``bound``, positionally in
        ``args``), or None when the call is the open node again (the same position, passed
        on to a helper) or is not a call of the search at all."""
        value = self._argument(bound, args)
        if value is _MISSING:
            return None
        state, bad = self._state_of(value)
        if self.stack and state is not None and state == self.states[self.stack[-1]]:
            self._carry_window(self.stack[-1], bound)
            return None
        parent = self.stack[-1] if self.stack else -1
        move = -1
        if parent >= 0:
            move = self._move(parent, state, value, bad)
            self.tried[parent].append(move if move != -1 else self._cell_played(parent, len(self.states)))
        return self._open(parent, move, self.states[parent] if state is None else state, bound)

    def _state_of(self, value) -> tuple:
        """(the game's internal state of a call's position, None) or (None, the error) below
        the root.

        :raises InvalidOption: when the first call's position is not one of the game's.
        """
        try:
            return self.game.state(value), None
        except (MinimaxError, TypeError, ValueError, KeyError, IndexError) as err:
            if not self.stack:
                raise InvalidOption(f"the first call's position is not one of {self.game!r}: {err}") from None
            return None, err

    def _open(self, parent: int, move, state, bound) -> int:
        """Write the row of a new call below ``parent`` and make it the open one."""
        index = len(self.states)
        if index >= self.rec.max_nodes:
            self.rec.too_large()
        names, depth = self._roles(bound)
        if self.rec.window and names is None:
            self.windowless.add(index)
        alpha, beta = self._window(bound, names)
        self._row(parent, move, CALL, math.nan, alpha, beta)
        self.states.append(state)
        self.depths.append(bound[depth] if depth is not None and is_number(bound[depth]) else None)
        self.tried[index], self.best[index] = [], []
        if parent >= 0:
            self.best[parent].append(index)
        self.stack.append(index)
        return index

    @staticmethod
    def _bind(signature, args, kwargs):
        """The call's arguments by parameter name (None when they do not fit the signature)."""
        if signature is None:
            return None
        signature, names = signature
        if not kwargs and len(args) <= len(names):
            return dict(zip(names, args))   # the common case, without Signature.bind's cost
        try:
            return signature.bind(*args, **kwargs).arguments
        except TypeError:
            return None

    def _argument(self, bound, args):
        """The position a call is given (:meth:`_given`); ``_MISSING`` when that is not of the
        root's kind (a helper called with something else is not a node)."""
        value = self._given(bound, args)
        if value is _MISSING:
            return value
        if self.kind is None:   # a game may say which kinds its positions come in (a list or a leaf)
            self.kind = getattr(self.game, "position_types", None) or type(value)
        elif not isinstance(value, self.kind):
            return _MISSING
        return value

    def _given(self, bound, args):
        """A parameter named for the position; else, below the root, the first argument of the
        root's kind (not ``self``); at the root, the argument after the game, else the first."""
        for name in POSITION_NAMES:
            if bound and name in bound:
                return bound[name]
        if self.kind is not None:
            return next((a for a in args if a is not self.passed and isinstance(a, self.kind)), _MISSING)
        if args and args[0] is self.passed:
            return args[1] if len(args) > 1 else _MISSING
        return args[0] if args else _MISSING

    def _move(self, parent: int, state, value, bad) -> int:
        """The move from the parent's position to ``state`` (-1, with words, when none is)."""
        game, before = self.game, self.states[parent]
        if state is not None:
            try:
                for m, child in game.successors(before):
                    if child == state:
                        return m
            except MinimaxError:
                pass
        index = len(self.states)
        shown = short_repr(value)
        self.given[index] = list(value) if isinstance(value, list) else value
        self.odd[index] = (f"a call was given {shown}, which no move leads to from its parent's position"
                           + (f" ({bad})" if bad is not None else ""))
        return -1

    def need_window(self, window: bool) -> None:
        """Record a window column (alpha-beta) or none, before the first call comes in."""
        if self.rec.window != window:
            self.rec = Recorder(window=window, max_nodes=self.rec.max_nodes, code=self.code)
            self.put = self.rec.appenders()
            self.roles.clear()

    def _carry_window(self, row: int, bound) -> None:
        """A call on the open node's own position (a dispatcher handing it to ``max_value``)
        gives the node its window when the node's own call carried none."""
        names = self._roles(bound)[0] if row in self.windowless else None
        if names is not None and is_number(bound[names[0]]) and is_number(bound[names[1]]):
            self.windowless.discard(row)
            self.rec.alpha[row], self.rec.beta[row] = self._window(bound, names)

    def _cell_played(self, parent: int, index: int):
        """The cell an odd call's board gained a mark on, taken as the move its parent tried (-1: none)."""
        before = _board_seen(self.game, self.states[parent], self.given.get(parent))
        placed = _placed(before, self.given.get(index))
        return -1 if placed is None else placed[1]

    def _window(self, bound, names) -> tuple[float, float]:
        """The window of a call whose window parameters are ``names`` (None: none)."""
        if not self.rec.window:
            return math.nan, math.nan
        if names is None:
            return -math.inf, math.inf
        return _real(bound[names[0]], -math.inf), _real(bound[names[1]], math.inf)

    def _roles(self, bound) -> tuple:
        """(the window's two parameters or None, the depth's parameter or None) of a call, read
        from its arguments (:mod:`minimax_viz.arguments`) at the first call with these
        parameter names, then kept: the recorder asks at every call."""
        keys = tuple(bound) if bound else ()
        roles = self.roles.get(keys)
        if roles is None:
            roles = self.roles[keys] = (window_names(bound) if self.rec.window else None, depth_name(bound))
        return roles

    def _row(self, parent, move, kind, score, alpha, beta) -> None:
        put_parent, put_move, put_kind, put_score, *window = self.put
        put_parent(parent)
        put_move(move)
        put_kind(kind)
        put_score(score)
        if window:
            window[0](alpha)
            window[1](beta)

    # -- a call returns -----------------------------------------------------------------------
    def leave(self, index: int, out) -> None:
        score = _value_of(out)
        if score is None:
            self.problems.append(f"a call returned {short_repr(out)}, which holds no value for Max")
            score = math.nan
        self.rec.score[index] = score
        state, game = self.states[index], self.game
        children = self.best.pop(index)
        tried = self.tried.pop(index)
        try:
            over = game.is_terminal(state)
        except MinimaxError:
            over = False
        if not children:
            self.rec.kind[index] = LEAF if over else HORIZON
            if self.rec.window:
                self.rec.exits.append((index, self.rec.alpha[index], self.rec.beta[index]))
            return
        alpha, beta = self._exit_window(index, children)
        if self.rec.window:
            self.rec.exits.append((index, alpha, beta))
        try:   # below a call given a board no move leads to, its stand-in position has no moves to miss
            left = [m for m in game.moves(state) if m not in tried] if not over and index not in self.odd else []
        except MinimaxError:
            left = []
        for m in left:
            if len(self.states) >= self.rec.max_nodes:
                self.rec.too_large()
            self._row(index, m, PRUNED, math.nan, alpha, beta)
            try:
                self.states.append(game.play(state, m))
            except MinimaxError:
                self.states.append(state)
            self.depths.append(None)

    def _exit_window(self, index: int, children: list) -> tuple[float, float]:
        if not self.rec.window:
            return math.nan, math.nan
        alpha, beta = self.rec.alpha[index], self.rec.beta[index]
        try:
            kind = self.game.node_type(self.states[index])
        except MinimaxError:
            return alpha, beta
        scores = [self.rec.score[c] for c in children if self.rec.score[c] == self.rec.score[c]]
        if kind == "max" and scores:
            alpha = max(alpha, max(scores))
        elif kind == "min" and scores:
            beta = min(beta, min(scores))
        return alpha, beta

    # -- the result ------------------------------------------------------------------------------
    def result(self, returned, algorithm: str) -> LearnerResult:
        rec = self.rec
        tree = LearnerTree(self.game, self.states[0], rec, self.states, self.depths,
                           algorithm=algorithm, odd=self.odd, given=self.given)
        counts = tree.counts()
        pruned_rows = [i for i, k in enumerate(rec.kind) if k == PRUNED]
        stats = SearchStats(
            calls=len(tree) - counts["pruned"], leaves=counts["leaf"] + counts["horizon"],
            horizon=counts["horizon"], pruned=counts["pruned"],
            cutoffs=len({rec.parent[i] for i in pruned_rows}),
            max_depth=max(rec.depth) if len(tree) else 0,
        )
        score = _value_of(returned)
        problems = list(self.problems) + list(self.odd.values())
        return LearnerResult(score=score, move=_move_of(returned), tree=tree, stats=stats,
                             returned=returned, problems=problems)


_MISSING = object()


def _real(x, default: float) -> float:
    if isinstance(x, Real) and not isinstance(x, bool):
        try:
            return float(x)
        except (OverflowError, ValueError):
            return default
    return default


def _value_of(out) -> float | None:
    """The value for Max in what a call returned, or None."""
    if isinstance(out, dict):
        out = out.get("score")
    elif isinstance(out, (tuple, list)) and out:
        out = out[0]
    elif hasattr(out, "score") and not isinstance(out, Real):
        out = getattr(out, "score", None)
    if isinstance(out, Real) and not isinstance(out, bool):
        try:
            value = float(out)
        except (OverflowError, ValueError):
            return None
        return None if value != value else (int(value) if value.is_integer() and abs(value) < 2 ** 53 else value)
    if hasattr(out, "item") and getattr(out, "shape", None) == ():   # a numpy number
        return _value_of(out.item())
    return None


def _move_of(out):
    if isinstance(out, dict):
        return out.get("index")
    if isinstance(out, (tuple, list)) and len(out) > 1:
        move = out[1]
        return move.item() if hasattr(move, "item") and getattr(move, "shape", None) == () else move
    return getattr(out, "move", None)
