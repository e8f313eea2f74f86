"""The play board: a human against the AI, in tic-tac-toe (unbeatable), Connect Four or chess."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from numbers import Real
from typing import Any

from ..draw import TreeView
from ..errors import InvalidOption, MinimaxError, short_repr
from ..games import Game, TicTacToe
from ..glyphs import glyph_for
from ..search import SearchResult, alphabeta, centre_first, iterative_deepening
from ._common import WidgetView, check_choice, check_depth, check_dpi, ipywidgets, restart_note, value_words
from .boards import board_buttons, thinking_time
from .navigate import TreeNavigator

__all__ = ["PlayBoard"]

#: The most calls "why did it play that?" spends searching a decision again to record it.
WHY_MAX_CALLS = 300_000


@dataclass
class _Decision:
    """The AI's last move: where it chose, its search, and the recorded tree "why" draws."""

    start: Any                    # the position it chose in (internal form)
    result: SearchResult | None   # set once the search is done
    index: int                    # its place in the history
    calls: dict[int, int] = field(default_factory=dict)   # calls made at each depth of deepening
    tree: Any = None              # recorded when "why" first asks
    depth: int | None = None      # the depth of that recorded tree
    win_utility: float | None = 1  # the game's win (None in chess: its guesses are not inside ±1)


class PlayBoard(WidgetView):
    """Play against the AI: click a cell (tic-tac-toe), a column (Connect Four), or a piece and then
    its square (chess); it answers.

    In tic-tac-toe the AI searches with alpha-beta to the end of the game, trying the
    centre and the corners first: it cannot be beaten. In Connect Four it thinks for
    ``seconds`` (1 by default) with iterative deepening (centre columns first, a memo
    table), and the status line shows how deep it got while it thinks; in chess likewise,
    guessing with material where it stops (a mate scores more). It prefers
    quicker wins (``quick_wins``: a finished game scores its utility times one plus the
    empty cells left), so it never dawdles when it can win. Choose your side, start
    again with "new game", "take back" a move, and ask "why did it play that?" to see the
    tree of its last decision (only the AI's moves, with the size of the search below
    each, when the tree has more than ``max_nodes`` nodes; click a node to look below it)::

        play = mv.PlayBoard()             # you are X and start; PlayBoard(human="O"): the AI starts
        play = mv.PlayBoard(mv.ConnectFour())
        play = mv.PlayBoard(mv.Chess(), quick_wins=False)   # you play White

    From code: ``play.click(4)``, ``play.undo()`` (take back your last move and the AI's
    answer), ``play.new_game(human="O")``, ``play.why()``; read ``board``, ``winner``,
    ``result`` (the AI's last search) and ``status.value``. ``start`` is a position to
    play from (in any form ``game.state`` reads, such as ``"4455"`` in Connect Four);
    ``seconds=None`` searches to the end (``depth`` limits either search). Another game
    plugs in with its own clickable board (see :mod:`.boards`).

    Parameters
    ----------
    game : Game or None, optional
        The game (``None``: tic-tac-toe).
    human : str or None, optional
        The side the human plays (``None``, the default: the first player, who starts:
        ``"X"``, or ``"White"`` in chess).
    start : object, optional
        The position every new game starts from (``None``: the game's start).
    depth : int or None, optional
        A depth limit for the AI's search (``None``, the default: none).
    seconds : float, None or str, optional
        The AI's thinking time per move; ``"auto"`` (the default) picks it for the game,
        ``None`` searches to the end.
    quick_wins : bool, optional
        Whether the AI prefers quicker wins (True unless given).
    dpi : int, optional
        The pictures' resolution, 20 to 300 (100 unless given).
    max_nodes : int, optional
        The most nodes "why did it play that?" draws in full (120 unless given).

    Raises
    ------
    InvalidOption
        For a ``game`` that is not a Game, a ``depth`` that is not None
        or a whole number of 1 or more, a ``dpi`` outside 20 to 300, ``max_nodes`` below 1,
        ``seconds`` that is not a positive number, None or "auto", a ``human`` that is
        neither player, or a ``start`` that is a finished game.
    InvalidBoard
        When ``start`` is not a position of the game.

    Examples
    --------
    >>> play = PlayBoard()
    >>> play.click(0)                     # a corner: the AI must take the centre
    >>> play.board
    ['X', 1, 2, 3, 'O', 5, 6, 7, 8]
    """

    def __init__(self, game=None, *, human: str | None = None, start=None, depth: int | None = None,
                 seconds: float | None | str = "auto", quick_wins: bool = True,
                 dpi: int = 100, max_nodes: int = 120):
        if game is not None and not isinstance(game, Game):
            raise InvalidOption(f"game must be a Game such as TicTacToe() or ConnectFour(), not {short_repr(game)}")
        check_depth(depth)
        check_dpi(dpi)
        check_choice("quick_wins", quick_wins, (True, False))
        _check_max_nodes(max_nodes)
        w = ipywidgets()
        self.game = TicTacToe() if game is None else game
        self.start = self.game.state(start)  # every new game starts here
        if self.game.is_terminal(self.start):
            raise InvalidOption(
                f"start is a finished game ({self.game.result_text(self.start)}); give a position "
                "with a move left to play, or None for the empty board"
            )
        self.depth, self.quick_wins, self.dpi, self.max_nodes = depth, quick_wins, dpi, max_nodes
        self.part = board_buttons(self.game, self.click)  # the game's own clickable board
        human = self.game.max_player if human is None else human
        self._check_side(human)
        self.seconds = thinking_time(self.game) if _is_auto(seconds) else _checked_seconds(seconds)
        self.cells = self.part.buttons
        self.status, self.why_caption, self.why_tree = w.HTML(), w.HTML(), TreeNavigator(dpi=dpi)
        self.why_image = self.why_tree.image
        right = w.VBox([self._side(w, human), self._buttons(w), self.status], layout=w.Layout(margin="0 0 0 20px"))
        self.widget = w.VBox([restart_note(), w.HBox([self.part.widget, right], layout=w.Layout(flex_flow="row wrap")),
                              self.why_caption, self.why_tree.widget])
        self.new_game(human)

    def _side(self, w, human: str):
        """Which side the human plays; changing it starts a new game."""
        first, second = self.game.max_player, self.game.min_player
        self.side = w.ToggleButtons(
            options=[(f"you play {first} (you start)", first), (f"you play {second} (the AI starts)", second)],
            value=human, style={"button_width": "190px"},
        )
        self.side.observe(lambda change: self.new_game(change["new"]), names="value")
        return self.side

    def _buttons(self, w):
        self.new_button = w.Button(description="new game", icon="refresh")
        self.new_button.on_click(lambda _: self.new_game())
        self.undo_button = w.Button(description="take back", icon="undo")
        self.undo_button.on_click(lambda _: self.undo())
        self.why_button = w.Button(description="why did it play that?", layout=w.Layout(width="190px"))
        self.why_button.on_click(lambda _: self.why())
        return w.HBox([self.new_button, self.undo_button, self.why_button])

    def __repr__(self) -> str:
        return f"<PlayBoard: you play {self.human}, moves so far {self.history}>"

    # -- the game ------------------------------------------------------------------------------
    @property
    def board(self):
        """The position now, in the game's public form."""
        return self.game.board(self.state)

    @property
    def ai(self) -> str:
        """The AI's side: the one the human does not play."""
        return self.game.min_player if self.human == self.game.max_player else self.game.max_player

    @property
    def over(self) -> bool:
        """True when the game on the board is over.
        """
        return self.game.is_terminal(self.state)

    @property
    def winner(self) -> str | None:
        """The label of the winner, or ``None`` (game on, or drawn).
        """
        return self.game.winner(self.state)

    @property
    def result(self) -> SearchResult | None:
        """The AI's last search (``None`` before its first move)."""
        return None if self.decision is None else self.decision.result

    def new_game(self, human: str | None = None) -> None:
        """Start again; ``human`` is the side the human plays (the first player starts).

        Parameters
        ----------
        human : str or None, optional
            The human's side (``None``, the default: the side played so far).

        Raises
        ------
        InvalidOption
            For a ``human`` that is neither player.
        """
        if human is not None and human != self.side.value:
            self._check_side(human)
            self.side.value = human  # its observer comes back here with the new side
            return
        self.human = self.side.value
        self.state = self.start
        self.history: list[int] = []
        self.decision: _Decision | None = None
        self._past: list[tuple] = []
        self._hide_why()
        if self.game.player(self.state) == self.ai:
            self._ai_turn()
        self._show()

    def _check_side(self, human) -> None:
        sides = (self.game.max_player, self.game.min_player)
        if not isinstance(human, str) or human not in sides:
            raise InvalidOption(f"human is the side you play, {sides[0]!r} or {sides[1]!r}, not {short_repr(human)}")

    def click(self, move: int) -> None:
        """The human plays ``move`` (for tic-tac-toe a cell); the AI answers at once.

        Parameters
        ----------
        move : int
            The human's move (a cell, a column).
        """
        if self.over:
            self.status.value = self._status("The game is over: press <b>new game</b> to play again.")
            return
        if self.game.player(self.state) == self.ai:  # its search was interrupted: it moves first
            self._ai_turn()
            self._show()
            return
        try:
            after = self.game.play(self.state, move)
        except MinimaxError as err:  # a taken cell, a full column: say so
            name = self._name(move) if isinstance(move, int) else repr(move)
            self.status.value = self._status(html.escape(f"You cannot play {name} now: {err}."))
            return
        self._past.append((self.state, list(self.history), self.decision))
        self.state = after
        self.history.append(move)
        self._hide_why()
        if not self.over:
            self._ai_turn()
        self._show()

    def undo(self) -> None:
        """Take back the human's last move and the AI's answer to it."""
        if self._past:
            self.state, self.history, self.decision = self._past.pop()
            self._hide_why()
            self._show()

    def _ai_turn(self) -> None:
        """The AI moves; when Ctrl-C (or the stop button) stops its search before it has a
        move, the position stays with the AI to move, and the next click lets it move."""
        try:
            self._ai_moves()
        except KeyboardInterrupt:
            pass

    def _ai_moves(self) -> None:
        decision = _Decision(self.state, None, len(self.history), win_utility=self.game.win_utility)
        if self.seconds is None:
            decision.result = alphabeta(self.game, self.state, depth=self.depth, order=centre_first,
                                        quick_wins=self.quick_wins)
        else:
            self.status.value = self._status(f"The AI ({self.ai}) is thinking…")
            decision.result = iterative_deepening(
                self.game, self.state, seconds=self.seconds, max_depth=self.depth, quick_wins=self.quick_wins,
                progress=lambda *row: self._thinking(decision, *row))
        self.decision = decision
        self.state = self.game.play(self.state, decision.result.move)
        self.history.append(decision.result.move)

    def _thinking(self, decision: _Decision, depth: int, calls: int, move, score) -> None:
        """After each depth of deepening: note its calls and say how far the AI got."""
        decision.calls[depth] = calls - sum(decision.calls.values())
        self.status.value = self._status(
            f"The AI ({self.ai}) is thinking: {depth} moves ahead, {calls:,} positions so far; "
            f"best so far {self._name(move)}…")

    def _name(self, move) -> str:
        """A move in words: "4" in tic-tac-toe, "column 3" in Connect Four."""
        return getattr(self.part, "move_name", str)(move)

    @property
    def _ai_played_last(self) -> bool:
        return self.decision is not None and self.decision.index == len(self.history) - 1

    # -- showing it ------------------------------------------------------------------------------
    def _show(self) -> None:
        last = self.history[-1] if self._ai_played_last else None
        mine = self.game.player(self.state) == self.human and not self.over
        self.part.show(self.board, last=last, moves=self.game.moves(self.state) if mine else ())
        self.why_button.disabled = self.result is None
        self.undo_button.disabled = not self._past
        self.status.value = self._status(self._words())

    def _words(self) -> str:
        played = ""
        if self._ai_played_last:
            played = f"The AI ({self.ai}) played {self._name(self.history[-1])}"
        if self.over:
            won = self.winner
            if won == self.ai and played:
                return f"{played} and wins. {_looked(self.result)}"
            if won is None:
                end = "A draw: neither side can win against best play."
            else:
                end = "You win!" if won == self.human else f"The AI ({self.ai}) wins."
            return f"{played}. {end}" if played else end
        you = f"Your move: you play {self.human}."
        if self.game.player(self.state) == self.ai:  # its search was stopped before it moved
            return f"The AI ({self.ai}) was interrupted before it moved: click the board to let it move."
        if not played:
            return you
        score = self.result.score  # a win is certain even at a depth limit where guesses stay inside ±1
        certain = self.game.win_utility is not None and abs(score) >= self.game.win_utility
        outlook = value_words(self.game, score, exact=self.result.solved or certain)
        return f"{played}: {outlook}. {_looked(self.result)} {you}"

    @staticmethod
    def _status(text: str) -> str:
        return f"<p style='font-size:15px;margin:6px 0'>{text}</p>"

    def _hide_why(self) -> None:
        self.why_caption.value = ""
        self.why_tree.hide()

    def why(self) -> None:
        """Draw the tree of the AI's last decision, with its value for every move it tried."""
        if self.decision is None:
            self.why_caption.value = "The AI has not moved yet."
            return
        tree = self._decision_tree()
        big = len(tree) > self.max_nodes
        # alpha and beta beside each board fit when values are whole numbers, not guesses
        view = TreeView(tree, pyplot=False, levels=1 if big else None, window=self.result.solved, legend=False)
        self.why_tree.show(view)
        self.why_tree.unhide()
        self.why_caption.value = self._why_words(view)

    def values(self) -> dict[int, str]:
        """Each move the AI tried in its last decision, with its value for Max as the picture writes it.

        "+1"; "≤0" when alpha-beta stopped as soon as the move could not be better; "≈+7"
        for a guess at the depth limit (in Connect Four's window points).

        Returns
        -------
        dict
            ``{move: value in words}``.
        """
        if self.decision is None:
            return {}
        return {child.move: self._value_label(child) for child in self._decision_tree().root.children
                if not child.pruned}

    def _value_label(self, node) -> str:
        """A node's value as the "why" picture writes it: ``≈`` a guess (in the game's own
        unit, window points in Connect Four), ``≤``/``≥`` a bound; the trace's flags say which."""
        return glyph_for(self.game).node_value_text(self.game, node)

    def _decision_tree(self):
        """The recorded tree of the AI's last decision. Iterative deepening records
        nothing, so its last full depth is searched again, the same way, with recording
        (or the deepest depth that fits in :data:`WHY_MAX_CALLS` calls)."""
        decision = self.decision
        if decision.tree is None and decision.result.tree is not None:
            decision.tree, decision.depth = decision.result.tree, decision.result.depth
        if decision.tree is None:
            fits = [d for d, calls in decision.calls.items() if calls <= WHY_MAX_CALLS]
            decision.depth = max(fits, default=1)
            decision.tree = alphabeta(self.game, decision.start, depth=decision.depth, order=centre_first,
                                      memo=True, quick_wins=self.quick_wins).tree
        return decision.tree

    def _why_words(self, view) -> str:
        values = ", ".join(f"{self._name(move)}: {value}" for move, value in self.values().items())
        text = (f"<b>Why {self.ai} played {self._name(self.result.move)}</b>: the AI tried its moves, "
                f"{_how_far(self.decision)}, assuming best replies, and kept the best for {self.ai} "
                f"(the {'highest' if self.ai == self.game.max_player else 'lowest'} value for "
                f"{self.game.max_player}). Values: {html.escape(values)}. Alpha-beta stops working on a "
                "move once it is sure the move is no better, so such a move shows only a bound (≤ or ≥).")
        text += " " + _verdict(self.game, view.tree, self.ai, self.quick_wins)
        text += _line_words(view.tree, self._name)
        if self.quick_wins:
            text += _quick_win_words(view.tree)
        text += _collapsed_words(view)
        return f"<p style='font-size:14px;max-width:900px'>{text}</p>"



def _is_auto(seconds) -> bool:
    """True for ``seconds="auto"`` (the type first: an array compares item by item)."""
    return isinstance(seconds, str) and seconds == "auto"


def _checked_seconds(seconds) -> float | None:
    """The AI's thinking time: ``None`` (search to the end) or a positive number of seconds."""
    if seconds is None or (isinstance(seconds, Real) and not isinstance(seconds, bool) and seconds > 0):
        return seconds
    raise InvalidOption(
        f"seconds is the AI's thinking time per move: a positive number, None (search to the end) "
        f"or 'auto' (the game's own choice), not {short_repr(seconds)}"
    )


def _check_max_nodes(max_nodes) -> None:
    """The most nodes "why" draws in full: a whole number of 1 or more."""
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise InvalidOption(f"max_nodes must be a whole number of nodes to draw, 1 or more, "
                            f"not {short_repr(max_nodes)}")


# -- the words -------------------------------------------------------------------------------------

def _looked(result: SearchResult) -> str:
    """How far the AI's last search looked, for the status line (as lesson 07 promises)."""
    if result.depth is None:
        return "It searched every line to the end of the game."
    ahead = f"It looked {result.depth} move{'s' if result.depth != 1 else ''} ahead"
    return f"{ahead}: far enough to see every line to the end of the game." if result.solved else \
        f"{ahead}, not to the end of the game."


def _how_far(decision: _Decision) -> str:
    """How far the AI looked in its last decision, in words ("why")."""
    if decision.result.depth is None or decision.result.solved:
        return "followed each one to the end of the game"
    inside = " between −1 and +1" if decision.win_utility == 1 else ""
    text = (f"followed each one {decision.result.depth} moves ahead (where a game still open is "
            f"scored by a guess, ≈{inside})")
    if decision.depth != decision.result.depth:
        text += f"; the tree drawn is searched again only {decision.depth} moves ahead"
    return text


def _verdict(game: Game, tree, ai: str, quick_wins: bool) -> str:
    """What the value of the AI's choice (the root's) means: a guess, a draw, or a win
    for one side and how soon, read from the trace's flags and the best line's end."""
    root = tree.root
    value = glyph_for(game).node_value_text(game, root)

    def side(player):
        return f"{player} (the AI)" if player == ai else f"{player} (you)"

    end = tree.principal_variation()[-1].state  # where best play from both sides ends
    open_end = game.win_utility is None and not game.is_terminal(end)   # chess: a guess, whatever its flags
    if root.heuristic or open_end:
        lean = ("calls it even" if root.score == 0 else
                f"leans towards {side(game.max_player if root.score > 0 else game.min_player)}")
        return (f"The AI's choice is worth {value}: a guess, not a result, since the best line is still open "
                f"where the AI stopped looking; the guess {lean}. Values marked ≈ are guesses by the "
                f"{glyph_for(game).guess_words(game)}.")
    if root.score == 0:
        return f"The AI's choice is worth {value}: a draw with best play from both sides."
    winner = game.max_player if root.score > 0 else game.min_player
    words = "a win for the AI" if winner == ai else "a loss for the AI, whatever it plays"
    if not game.is_terminal(end):  # the line ends in a memo hit: no finished board to read
        return f"The AI's choice is worth {value}: {winner} wins with best play from both sides, {words}."
    outcome = game.result_text(end)
    if quick_wins:
        left = game.moves_left(end)
        outcome += f" with {left} cell{'s' if left != 1 else ''} still empty"
    return f"The AI's choice is worth {value}: {outcome}, with best play from both sides: {words}."


def _line_words(tree, name) -> str:
    """The principal variation in words: the line the AI expects, best play from both sides
    as far as it looked (the orange line of the picture)."""
    line = [node for node in tree.principal_variation() if node.parent is not None]
    if len(line) < 2:
        return ""
    return (" The line it expects, best play from both sides as far as it looked (orange in the picture): "
            + ", ".join(html.escape(name(node.move)) for node in line) + ".")


def _quick_win_words(tree) -> str:
    """Why a win scores more than 1, when a move the AI tried is worth a win or a loss that soon."""
    if any(not c.pruned and not c.heuristic and abs(c.score) > 1 for c in tree.root.children):
        return (" A win scores one more for each cell still empty when it comes, so the AI takes the "
                "quickest win and puts off a loss as long as it can.")
    return ""


def _collapsed_words(view: TreeView) -> str:
    """Why only the AI's moves are drawn, when the tree is too big to draw whole."""
    if not view.collapsed:
        return ""
    counts = view.tree.counts()
    return (f" The search made {len(view.tree) - counts['pruned']:,} calls and cut off "
            f"{counts['pruned']:,} moves unsearched, too many to draw, so only the AI's moves are "
            "drawn, with the number of nodes below each.")
