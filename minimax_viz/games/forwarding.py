"""One base for every wrapper of a game: :class:`ForwardingGame` hands the Game protocol on
to the game it wraps, and a subclass overrides what it watches or changes.

A wrapper that notes what a search asks (the checks of the exercises), or one that sees
the game from the other side (lesson 09's ``SideOf``), needs the same dozen methods that do
nothing but ask the wrapped game; they are written here once.

What is forwarded is the game's rules and the forms of its states: the methods a
:class:`~minimax_viz.games.base.Game` implements for itself (``start``, ``state``,
``board``, ``to_text``, ``player``, ``is_max``, ``node_type``, ``probabilities``,
``move_name``, ``moves``, ``play``, ``winner``, ``is_terminal``, ``utility``, ``evaluate``,
``key``, ``outcome`` and ``successors``), the names of the players, and the
recording's move codes (``move_code`` and ``code_move``, when the game has its own). The search's
speed-ups (``quick_outcome``, ``successors_by_priority``, ``open_successors``, the win
check's hooks, ``moves_left``, ``move_priority``) and ``result_text`` keep the defaults of
:class:`~minimax_viz.games.base.Game`, which are built from the forwarded methods: so what a
subclass watches or changes (its own ``successors`` or ``utility``) is what every search
sees, and a wrapper never claims more about the game than the rules it hands on.

>>> from minimax_viz import GameTree, minimax
>>> class Counted(ForwardingGame):
...     asked = 0
...     def successors(self, state):
...         Counted.asked += 1
...         return self.game.successors(state)
>>> game = Counted(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> minimax(game).score, Counted.asked, game.player(()), game
(3, 4, 'MAX', Counted(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])))
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

from .base import Game, move_coder

__all__ = ["ForwardingGame"]


class ForwardingGame(Game):
    """A game that hands every rule on to ``game``, the game it wraps (see the module)."""

    def __init__(self, game: Game):
        #: The wrapped game.
        self.game = game
        self.max_player, self.min_player = game.max_player, game.min_player
        if move_coder(game) is not None:   # moves that are not their own codes: the game's hooks
            self.move_code, self.code_move = move_coder(game)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.game!r})"

    # -- forms of a state -------------------------------------------------------------------
    def start(self) -> Any:
        return self.game.start()

    def state(self, value: Any = None) -> Any:
        return self.game.state(value)

    def board(self, state: Any) -> Any:
        return self.game.board(state)

    def to_text(self, state: Any) -> str:
        return self.game.to_text(state)

    def key(self, state: Any) -> Hashable:
        return self.game.key(state)

    # -- rules ----------------------------------------------------------------------------------
    def player(self, state: Any) -> str:
        return self.game.player(state)

    def is_max(self, state: Any) -> bool:
        return self.game.is_max(state)

    def node_type(self, state: Any) -> str:
        return self.game.node_type(state)

    def probabilities(self, state: Any) -> Sequence[float]:
        return self.game.probabilities(state)

    def move_name(self, state: Any, move: int) -> Any:
        return self.game.move_name(state, move)

    def moves(self, state: Any) -> Sequence[int]:
        return self.game.moves(state)

    def play(self, state: Any, move: int) -> Any:
        return self.game.play(state, move)

    def winner(self, state: Any) -> str | None:
        return self.game.winner(state)

    def is_terminal(self, state: Any) -> bool:
        return self.game.is_terminal(state)

    def utility(self, state: Any) -> float:
        return self.game.utility(state)

    def evaluate(self, state: Any) -> float:
        return self.game.evaluate(state)

    def outcome(self, state: Any) -> float | None:
        return self.game.outcome(state)

    def successors(self, state: Any) -> Sequence[tuple[int, Any]]:
        return self.game.successors(state)
