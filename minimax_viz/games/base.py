"""The Game protocol: the rules of a zero-sum game, for Max against one or more Min agents.

A game knows its rules and nothing else. States come in two forms:

* the *public* form a person writes and reads (for tic-tac-toe the tutorial's list
  ``["X", 1, "O", ...]``), produced by :meth:`Game.board`;
* the *internal* form the search passes around (anything hashable and fast), produced
  by :meth:`Game.state`, which also checks the position and raises a clear error.

Every public method accepts either form. Subclasses implement the abstract methods;
:meth:`Game.outcome`, :meth:`Game.node_type` and :meth:`Game.successors` (through
:meth:`Game.open_successors`, asked once the outcome is ``None``) are the ones the search
calls at every node, so a fast game overrides them with table look-ups (and
:meth:`Game.successors_by_priority`, which a search ordered by
:func:`minimax_viz.centre_first` calls instead of :meth:`Game.successors`). A search with
``quick_wins`` calls :meth:`Game.quick_outcome` instead of :meth:`Game.outcome`, one with
``win_check`` also :meth:`Game.solver_facts`; their defaults are built from the other
hooks, and a game whose states are their own memo keys says so (:attr:`Game.key_is_state`).

Every node has a kind (:meth:`Game.node_type`): ``"max"`` where Max chooses, ``"min"``
where a Min agent chooses (several Min agents may follow each other), ``"chance"`` where
chance picks a move with the odds of :meth:`Game.probabilities`. The search asks at every
node: nothing assumes that the players alternate.
"""

from __future__ import annotations

from typing import Any, Collection, Hashable, Sequence

__all__ = ["Game", "move_coder"]


class Game:
    """Base class of the games: rules only, no search and no drawing."""

    #: Label of the maximising player (the one whose utility is reported).
    max_player: str = "MAX"
    #: Label of the minimising player.
    min_player: str = "MIN"
    #: The utility of a game Max has won (a win for Min is its negative), when no result
    #: is better than a win: then :meth:`winning_moves` can find wins. ``None``: the game
    #: has other results (a tree's leaves hold any numbers).
    win_utility: float | None = None
    #: True when :meth:`key` gives every internal state back as it is (a game whose states
    #: are already small hashable values, such as Connect Four's integer codes): a memo
    #: table then keys by the state itself, without a call to :meth:`key` per node. A
    #: subclass that overrides :meth:`key` without setting this again is keyed by its key.
    key_is_state: bool = False

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # -- forms of a state -------------------------------------------------------
    def start(self) -> Any:
        """The internal state at the start of the game.

        Returns
        -------
        object
            The starting position, in the internal form.
        """
        raise NotImplementedError

    def state(self, value: Any = None) -> Any:
        """Check ``value`` and return it in the internal form (``None`` is the start).

        Parameters
        ----------
        value : object, optional
            A position in the public or internal form; ``None`` (the default) is the start.

        Returns
        -------
        object
            The same position in the internal form.

        Raises
        ------
        InvalidBoard
            When ``value`` is not a position of this game (in the games of the package).
        """
        raise NotImplementedError

    def board(self, state: Any) -> Any:
        """The public form of ``state``, as a person would write it.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        object
            The position in the public form.
        """
        return state

    def to_text(self, state: Any) -> str:
        """A short, readable picture of ``state`` in plain text.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        str
            The picture, one or more lines.
        """
        return repr(self.board(state))

    # -- rules ---------------------------------------------------------------------
    def player(self, state: Any) -> str:
        """The label of the player to move.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        str
            :attr:`max_player`, :attr:`min_player` or another agent's label.
        """
        raise NotImplementedError

    def is_max(self, state: Any) -> bool:
        """True when the maximising player is to move.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        bool
            Whether :meth:`player` is :attr:`max_player`.
        """
        return self.player(state) == self.max_player

    def node_type(self, state: Any) -> str:
        """The kind of node: ``"max"``, ``"min"`` or ``"chance"``; the search asks at every node.

        The default: ``"max"`` when :meth:`is_max`, else ``"min"``. A game with dice or
        cards returns ``"chance"`` where chance moves, and gives the odds in
        :meth:`probabilities`.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        str
            ``"max"``, ``"min"`` or ``"chance"``.
        """
        return "max" if self.is_max(state) else "min"

    def probabilities(self, state: Any) -> Sequence[float]:
        """At a chance node, the probability of each move, in the order of :meth:`moves`.

        The default gives every move the same chance. The numbers must lie in (0, 1] and
        add up to 1; :func:`minimax_viz.expectimax` checks them where it uses them.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        sequence of float
            One probability per move (empty when there is no move).
        """
        n = len(self.moves(state))
        return (1 / n,) * n if n else ()

    def move_name(self, state: Any, move: int) -> Any:
        """The move as the game's players name it: what a search's ``result.move`` holds.

        The default is the move itself; a tree read from a CS188 test names its moves
        after the file's actions ("Left", "pacRight", ...).

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.
        move : int
            One of :meth:`moves` at ``state``.

        Returns
        -------
        object
            The move's name.
        """
        return move

    def move_code(self, move: Any) -> int:
        """The whole number a recording of a search keeps for ``move`` (see :meth:`code_move`).

        A recording keeps its moves in a column of 32-bit integers. A game whose moves are
        whole numbers already (tic-tac-toe's cells, Connect Four's columns) keeps the
        default, the move itself, and the recorder then calls nothing per node
        (:func:`move_coder`); a game with other moves (chess's UCI strings) gives each a
        code here and the move back in :meth:`code_move`.

        Parameters
        ----------
        move : object
            One of :meth:`moves` at some position, or ``-1`` (a learner's call no move
            leads to), which stays ``-1``.

        Returns
        -------
        int
            The move's code, from ``-1`` to ``2**31 - 1``.

        Examples
        --------
        >>> from minimax_viz import TicTacToe
        >>> TicTacToe().move_code(4), TicTacToe().code_move(4)
        (4, 4)
        """
        return move

    def code_move(self, code: int) -> Any:
        """The move a recording's code stands for: :meth:`move_code` undone (the default:
        the code itself). Node views (``node.move``) and replays call it.

        Parameters
        ----------
        code : int
            A code :meth:`move_code` gave.

        Returns
        -------
        object
            The move (``-1`` stays ``-1``).
        """
        return code

    def moves(self, state: Any) -> Sequence[int]:
        """The legal moves, in the game's fixed order (empty when the game is over).

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        sequence
            The moves: whole numbers in most games (a cell, a column), UCI strings in chess;
            any hashable values, with :meth:`move_code` when they are not whole numbers.
        """
        raise NotImplementedError

    def play(self, state: Any, move: int) -> Any:
        """The state after ``move``; the given state is left as it was.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.
        move : object
            A legal move at ``state``, one of :meth:`moves`.

        Returns
        -------
        object
            The position after the move, in the internal form.
        """
        raise NotImplementedError

    def winner(self, state: Any) -> str | None:
        """The label of the winner, or ``None`` (game on, or drawn).

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        str or None
            The winner's label.
        """
        raise NotImplementedError

    def is_terminal(self, state: Any) -> bool:
        """True when the game is over.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        bool
            Whether the game is over.
        """
        raise NotImplementedError

    def utility(self, state: Any) -> float:
        """The value of a finished game for the maximising player.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        float
            The utility for Max.
        """
        raise NotImplementedError

    def evaluate(self, state: Any) -> float:
        """A heuristic guess of the value for Max, used where a depth limit stops the search.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        float
            The guess; the default is 0.
        """
        return 0

    def result_text(self, state: Any) -> str:
        """A few words on how a finished game ended, for traces and figures.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        str
            The words; the default is ``"game over"``.
        """
        return "game over"

    def moves_left(self, state: Any) -> int:
        """How many moves the game could still last (0 for a finished game by default).

        Searches with ``quick_wins=True`` score a finished game as its utility times one
        plus this number, so a quick win counts for more than a slow one. A board game
        answers its number of empty cells; the default, 0, leaves utilities as they are.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        int
            The number of moves that could still be played.
        """
        return 0

    def move_priority(self, state: Any, move: int) -> float:
        """How promising ``move`` looks before any search: higher is tried first.

        :func:`minimax_viz.centre_first` sorts the moves by it; ties keep the game's move
        order, and the default (0 for every move) keeps that order as it is.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.
        move : int
            One of :meth:`moves` at ``state``.

        Returns
        -------
        float
            The move's priority.
        """
        return 0

    def winning_moves(self, state: Any) -> Collection[int]:
        """The moves with which the player to move wins at once (empty when there are none).

        ``alphabeta(..., win_check=True)`` asks at every node below the root and takes
        such a move without searching the others. The default plays every move and asks
        :meth:`outcome` for a win of the mover (``win_utility`` for Max, its negative for
        Min); it finds none when :attr:`win_utility` is ``None``. Like :meth:`successors`,
        it takes the internal state; a fast game overrides it.

        Parameters
        ----------
        state : object
            A position in the internal form.

        Returns
        -------
        collection of int
            The winning moves.

        Examples
        --------
        >>> from minimax_viz import TicTacToe
        >>> game = TicTacToe()
        >>> Game.winning_moves(game, game.state("XX.OO...."))   # X completes the top row
        (2,)
        """
        win, kind = self.win_utility, self.node_type(state)
        if win is None or kind == "chance":
            return ()
        win = win if kind == "max" else -win
        outcome = self.outcome
        return tuple(m for m, child in self.successors(state) if outcome(child) == win)

    def threats(self, state: Any) -> Collection[int]:
        """The moves with which the opponent would win at once if it moved now: the player
        to move must take one of them itself, as every other move loses at once.

        ``alphabeta(..., win_check=True)`` then searches only the first of them in its
        order (with two or more, every move loses: one is enough to find the value). The
        default, empty, claims nothing.

        Parameters
        ----------
        state : object
            A position in the internal form.

        Returns
        -------
        collection of int
            The threatened moves.

        Examples
        --------
        >>> from minimax_viz import TicTacToe
        >>> Game.threats(TicTacToe(), 0)
        ()
        """
        return ()

    def best_reachable(self, state: Any, *, quick_wins: bool) -> float | None:
        """The best score the player to move can still reach when no move wins at once,
        as a score for Max: a ceiling where Max moves, a floor where Min moves.

        ``alphabeta(..., narrow=True)`` narrows the window to it. It must hold for every
        finished game below ``state`` (scored with ``quick_wins`` or not). The default,
        ``None``, knows no such bound: no narrowing.

        Parameters
        ----------
        state : object
            A position in the internal form.
        quick_wins : bool
            Whether finished games are scored with :meth:`quick_outcome`.

        Returns
        -------
        float or None
            The bound, or ``None`` when the game knows none.

        Examples
        --------
        >>> from minimax_viz import TicTacToe
        >>> Game.best_reachable(TicTacToe(), 0, quick_wins=True) is None
        True
        """
        return None

    def solver_facts(self, state: Any, *, quick_wins: bool) -> tuple:
        """The win check's three answers at once: ``(winning_moves, best_reachable,
        threats)``, as :meth:`winning_moves`, :meth:`best_reachable` and :meth:`threats`
        give them (when a move wins at once, the other two are not needed: ``None`` and
        ``()``).

        ``alphabeta(..., win_check=True)`` asks it at every node below the root. The
        default calls the three hooks; a fast game answers them in one pass over its board.

        Parameters
        ----------
        state : object
            A position in the internal form.
        quick_wins : bool
            Whether finished games are scored with :meth:`quick_outcome`.

        Returns
        -------
        tuple
            ``(winning_moves, best_reachable, threats)``.

        Examples
        --------
        >>> from minimax_viz import TicTacToe
        >>> game = TicTacToe()
        >>> Game.solver_facts(game, game.state("XX.OO...."), quick_wins=True)
        ((2,), None, ())
        >>> Game.solver_facts(game, game.state("XX.O....."), quick_wins=True)   # O to move
        ((), None, ())
        """
        wins = self.winning_moves(state)
        if wins:
            return wins, None, ()
        return wins, self.best_reachable(state, quick_wins=quick_wins), self.threats(state)

    def key(self, state: Any) -> Hashable:
        """A hashable key that is equal for equal positions (for memo tables).

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        hashable
            The key; the default is the internal form of ``state``.
        """
        return self.state(state)

    # -- what the search calls at every node ---------------------------------------
    def outcome(self, state: Any) -> float | None:
        """The utility if the game is over, else ``None``.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        float or None
            The utility for Max of a finished game, ``None`` while the game goes on.
        """
        return self.utility(state) if self.is_terminal(state) else None

    def quick_outcome(self, state: Any) -> float | None:
        """:meth:`outcome` with a finished game's utility times one plus
        :meth:`moves_left`, as ``quick_wins=True`` scores it (``None`` while the game goes
        on). The search calls it at every node instead of :meth:`outcome`; a fast game
        answers it in one pass.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        float or None
            The scaled utility, or ``None`` while the game goes on.

        Examples
        --------
        >>> from minimax_viz import TicTacToe
        >>> game = TicTacToe()
        >>> Game.quick_outcome(game, game.state("XXXOO....")), Game.quick_outcome(game, 0)
        (5, None)
        """
        over = self.outcome(state)
        if over:
            return over * (1 + self.moves_left(state))
        return over

    def successors(self, state: Any) -> Sequence[tuple[int, Any]]:
        """``(move, next_state)`` pairs in move order.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        sequence of tuple
            One ``(move, next_state)`` pair per legal move.
        """
        return tuple((m, self.play(state, m)) for m in self.moves(state))

    def open_successors(self, state: Any) -> Sequence[tuple[int, Any]]:
        """:meth:`successors` of a state whose :meth:`outcome` the search has just found to be
        ``None``: what the search calls in its place. A game that tests for the end of the
        game in :meth:`successors` may skip the test here; the default is :meth:`successors`.

        Parameters
        ----------
        state : object
            A position in the internal form, of a game still on.

        Returns
        -------
        sequence of tuple
            One ``(move, next_state)`` pair per legal move.

        Examples
        --------
        >>> from minimax_viz import ConnectFour
        >>> game = ConnectFour()
        >>> game.open_successors(0) == game.successors(0) == Game.open_successors(game, 0)
        True
        """
        return self.successors(state)

    def open_successors_by_priority(self, state: Any) -> Sequence[tuple[int, Any]]:
        """:meth:`successors_by_priority` of a game still on, as :meth:`open_successors` is to
        :meth:`successors`: what a search ordered by :func:`minimax_viz.centre_first` calls.

        Parameters
        ----------
        state : object
            A position in the internal form, of a game still on.

        Returns
        -------
        sequence of tuple
            ``(move, next_state)`` pairs, highest priority first.
        """
        return self.successors_by_priority(state)

    def successors_by_priority(self, state: Any) -> Sequence[tuple[int, Any]]:
        """:meth:`successors` sorted by :meth:`move_priority`, highest first; ties keep
        move order. It is what a search ordered by :func:`minimax_viz.centre_first` calls
        at every node: the default sorts at each call, a game with tables (tic-tac-toe)
        sorts each position once and answers with a look-up.

        Parameters
        ----------
        state : object
            A position of this game, in its public or internal form.

        Returns
        -------
        sequence of tuple
            ``(move, next_state)`` pairs, highest priority first.

        Examples
        --------
        >>> from minimax_viz import GameTree, TicTacToe
        >>> [m for m, _ in TicTacToe().successors_by_priority(0)]
        [4, 0, 2, 6, 8, 1, 3, 5, 7]
        >>> GameTree([[3, 12], [2]]).successors_by_priority(())   # no priorities: move order
        ((0, (0,)), (1, (1,)))
        """
        priority = self.move_priority
        return tuple(sorted(self.successors(state), key=lambda pair: -priority(state, pair[0])))


def move_coder(game: Game) -> tuple | None:
    """The game's ``(move_code, code_move)`` hooks, bound once per search, or ``None`` when
    they are the defaults (the moves are their own codes: nothing to call per node).

    Parameters
    ----------
    game : Game
        The game searched (a wrapper hands on its game's hooks).

    Returns
    -------
    tuple or None
        The two bound methods, or ``None``.

    Examples
    --------
    >>> from minimax_viz import Chess, TicTacToe
    >>> move_coder(TicTacToe()) is None
    True
    >>> code, move = move_coder(Chess())
    >>> code("e2e4"), move(code("e7e8q"))
    (1804, 'e7e8q')
    """
    code = getattr(game, "move_code", None)
    if code is None or getattr(code, "__func__", None) is Game.move_code:
        return None
    return code, game.code_move
