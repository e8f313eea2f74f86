"""What a match leaves: each game's record, the crosstable of the match and each game
replayed move by move, with the move that lost it (:func:`~minimax_viz.play_match` plays
the match; :mod:`minimax_viz.players` names everything here too).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import InvalidOption, short_repr
from .games.base import Game
from .meter import Budget
from .search import alphabeta

__all__ = ["Forfeit", "GameRecord", "MatchResult", "Replay", "HORIZON"]


@dataclass
class Forfeit:
    """A game lost by breaking a rule: who, at which move, and the words for it."""

    player: str
    ply: int
    words: str

    def __repr__(self) -> str:
        return f"{self.player} forfeits at move {self.ply + 1}: {self.words}"


@dataclass
class GameRecord:
    """One game of a match: who moved first (X) and second (O), the opening, every move, the
    result, and the calls each move cost (``(player, calls)`` pairs)."""

    index: int
    first: str
    second: str
    opening: tuple
    moves: list = field(default_factory=list)
    winner: str | None = None
    forfeit: Forfeit | None = None
    calls: list = field(default_factory=list)
    colours: tuple = ("X", "O")

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return self.second if self.winner == self.first else self.first

    def __repr__(self) -> str:
        how = (f"{self.winner} wins" if self.winner else "draw") + (f" ({self.forfeit!r})" if self.forfeit else "")
        x, o = self.colours
        return f"game {self.index}: {self.first} ({x}) v {self.second} ({o}), opening {list(self.opening)}: {how}"


class MatchResult:
    """What :func:`play_match` found: every game (:attr:`games`), the crosstable
    (:meth:`score`, :attr:`crosstable`, printed by ``repr``), a plot (:meth:`plot`) and
    each game replayable (:meth:`replay`). :func:`play_match` makes it; each parameter is an
    attribute of the same name.

    Parameters
    ----------
    game : Game
        The game played.
    players : list of str
        The players' names.
    games : list of GameRecord
        Every game, in the order played.
    budget : Budget
        Each move's budget.
    seed : int
        The match's seed.
    """

    def __init__(self, game: Game, players: list[str], games: list[GameRecord], *, budget: Budget, seed: int):
        self.game, self.players, self.games, self.budget, self.seed = game, players, games, budget, seed
        colours = (game.max_player, game.min_player)
        self.crosstable = {p: {q: {c: [0, 0, 0] for c in colours} for q in players if q != p} for p in players}
        for g in games:
            for me, them, colour in ((g.first, g.second, colours[0]), (g.second, g.first, colours[1])):
                slot = 0 if g.winner == me else 2 if g.winner == them else 1
                self.crosstable[me][them][colour][slot] += 1

    def score(self, player: str, opponent: str, colour: str | None = None) -> tuple[int, int, int]:
        """(wins, draws, losses) of ``player`` against ``opponent``, with either colour or one.

        Parameters
        ----------
        player : str
            A player's name, as the match names it.
        opponent : str
            Another player's name.
        colour : str or None, optional
            Only the games where ``player`` had this colour (``"X"`` or ``"O"``); ``None``
            (the default): both.

        Returns
        -------
        tuple of int
            ``(wins, draws, losses)``.

        Raises
        ------
        InvalidOption
            For a name that did not play, or a colour the game lacks.
        """
        for name in (player, opponent):
            self._played(name)
        if player == opponent:
            raise InvalidOption("a player does not play itself; name two players")
        cells = self.crosstable[player][opponent]
        if colour is not None and colour not in cells:
            raise InvalidOption(f"colour is one of {', '.join(cells)}, not {short_repr(colour)}")
        chosen = [cells[colour]] if colour is not None else list(cells.values())
        return tuple(sum(c[i] for c in chosen) for i in range(3))

    def _played(self, name) -> None:
        """Refuse a name that did not play (words list those that did)."""
        try:
            known = name in self.crosstable
        except TypeError:   # an unhashable name
            known = False
        if not known:
            raise InvalidOption(f"{short_repr(name)} did not play; the players were {', '.join(self.players)}")

    def forfeits(self) -> list[Forfeit]:
        """Every forfeit of the match, in order.

        Returns
        -------
        list of Forfeit
            The forfeits.
        """
        return [g.forfeit for g in self.games if g.forfeit is not None]

    def lost(self, player: str) -> list[int]:
        """The indexes of the games ``player`` lost (for :meth:`replay`).

        Parameters
        ----------
        player : str
            A player's name, as the match names it.

        Returns
        -------
        list of int
            The games' indexes.

        Raises
        ------
        InvalidOption
            For a name that did not play.
        """
        self._played(player)
        return [g.index for g in self.games if g.loser == player]

    def mean_calls(self, player: str) -> float:
        """The calls ``player`` spent per move, on average.

        Parameters
        ----------
        player : str
            A player's name, as the match names it.

        Returns
        -------
        float
            The mean calls per move.

        Raises
        ------
        InvalidOption
            For a name that did not play.
        """
        self._played(player)
        spent = [c for g in self.games for name, c in g.calls if name == player]
        return sum(spent) / len(spent) if spent else 0.0

    def replay(self, index: int) -> Replay:
        """Game ``index`` move by move (:class:`Replay`).

        Parameters
        ----------
        index : int
            A game of the match, from 0.

        Returns
        -------
        Replay
            The game, move by move.

        Raises
        ------
        InvalidOption
            For an index that is not a game of the match.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.games):
            raise InvalidOption(f"index is a game of the match, 0 to {len(self.games) - 1}, not {short_repr(index)}")
        return Replay(self.game, self.games[index])

    def table(self) -> str:
        """The crosstable as text, as chess crosstables are set: a numbered row per player,
        a column per opponent by number; each cell the row player's wins-draws-losses in
        all, then playing first (X) and second (O).

        Returns
        -------
        str
            The table.
        """
        colours = (self.game.max_player, self.game.min_player)
        label = max(len(p) for p in self.players) + 4
        cells = self._cells(colours)
        width = max([len(text) for texts in cells.values() for text in texts] + [1]) + 2
        kinds = ("all", f"as {colours[0]}", f"as {colours[1]}")
        side = max(6, max(len(kind) for kind in kinds) + 1)   # "as White" is wider than "as X"
        lines = [(" " * (label + side) + "".join(f"{j + 1:<{width}}" for j in range(len(self.players)))).rstrip()]
        for i, p in enumerate(self.players):
            for k, kind in enumerate(kinds):
                head = f"{i + 1} {p}" if k == 0 else ""
                row = [("" if k else "-") if p == q else cells[p, q][k] for q in self.players]
                lines.append(f"{head:<{label}}{kind:<{side}}" + "".join(f"{c:<{width}}" for c in row).rstrip())
        lines.append(f"{len(self.games)} games of {self.game!r}, {self.budget!r} a move, seed {self.seed}: "
                     "the row player's wins-draws-losses")
        return "\n".join(lines)

    def _cells(self, colours: tuple[str, str]) -> dict[tuple[str, str], list[str]]:
        """Each pair's cells of the table, the row player's wins-draws-losses: in all, then
        playing first and second."""
        cells = {}
        for p in self.players:
            for q in self.players:
                if p != q:
                    scores = [self.score(p, q)] + [self.crosstable[p][q][c] for c in colours]
                    cells[p, q] = ["{}-{}-{}".format(*s) for s in scores]
        return cells

    def __repr__(self) -> str:
        return self.table()

    def plot(self, ax=None):
        """The crosstable as a grid of scores (matplotlib; returns the Axes): each cell the
        row player's share of points against the column player (a win 1, a draw 1/2),
        coloured from red (all lost) to green (all won), with its wins-draws-losses.

        Parameters
        ----------
        ax : matplotlib.axes.Axes or None, optional
            The Axes to draw on (``None``: a new figure).

        Returns
        -------
        matplotlib.axes.Axes
            The Axes drawn on.
        """
        from .draw import draw_crosstable

        return draw_crosstable(self, ax=ax)


#: How far :class:`Replay` looks for the move that lost a game: a search of this many plies.
HORIZON = 6


class Replay:
    """One game of a match, move by move: ``moves``, the ``states`` after each, and, for a
    game lost by a move, :attr:`losing_ply` and :meth:`why`.

    The losing move is the loser's last move from a position that a search of
    :data:`HORIZON` plies does not find lost. The game may have been lost earlier, past
    that horizon: then :meth:`why` shows every move there losing.
    :meth:`MatchResult.replay` makes it.

    Parameters
    ----------
    game : Game
        The game played.
    record : GameRecord
        The game's record in the match.
    """

    def __init__(self, game: Game, record: GameRecord):
        self.game, self.record = game, record
        self.moves = list(record.moves)
        self.states = [game.start()]
        for move in self.moves:
            self.states.append(game.play(self.states[-1], move))
        self.loser = record.loser if record.forfeit is None else None
        self.losing_ply = self._losing_ply()

    def _mover(self, ply: int) -> str:
        first = self.game.player(self.states[ply]) == self.game.max_player
        return self.record.first if first else self.record.second

    def _lost(self, state, depth: int) -> bool:
        """Whether a search of ``depth`` plies proves ``state`` lost for the loser."""
        if self.game.is_terminal(state):
            return self.game.winner(state) is not None
        score = alphabeta(self.game, state, depth=depth, quick_wins=True, win_check=True, record=False).score
        loser_is_max = self.loser == self.record.first
        return score <= -1 if loser_is_max else score >= 1

    def _losing_ply(self) -> int | None:
        if self.loser is None:
            return None
        plies = [i for i in range(len(self.record.opening), len(self.moves)) if self._mover(i) == self.loser]
        for ply in reversed(plies):   # back from the end, to the last position not yet lost
            if not self._lost(self.states[ply], HORIZON):
                return ply
        return plies[0] if plies else None

    def _proof_depth(self) -> int:
        """The fewest plies from the losing position that show the move played loses."""
        after = self.states[self.losing_ply + 1]
        for depth in range(1, HORIZON + 3):   # the loser's next position is lost within HORIZON
            if self.game.is_terminal(after) or (depth > 1 and self._lost(after, depth - 1)):
                return depth
        return HORIZON + 2

    def __repr__(self) -> str:
        text = [repr(self.record), "moves: " + " ".join(str(m) for m in self.moves),
                self.game.to_text(self.states[-1])]
        if self.losing_ply is not None:
            text.append(f"the losing move: {self.loser} played {self.moves[self.losing_ply]} at move "
                        f"{self.losing_ply + 1}")
        return "\n".join(text)

    def why(self, depth: int | None = None):
        """The package's alpha-beta, recorded, at the position before the losing move: its
        tree (``mv.draw_tree(result)``, ``mv.Stepper(result)``) shows what each move there
        was worth, the one played among them. ``depth=None`` searches just deep enough to
        see that the move played loses (at most :data:`HORIZON` + 2 plies); a small depth
        shows what a shallow player saw.

        Parameters
        ----------
        depth : int or None, optional
            The depth to search in plies (``None``: just deep enough).

        Returns
        -------
        SearchResult
            The recorded search.

        Raises
        ------
        InvalidOption
            For a game not lost by a move (a draw, a forfeit), or a
            ``depth`` that is not a whole number >= 1.
        """
        if self.losing_ply is None:
            raise InvalidOption("this game was not lost by a move (a draw, or a forfeit): replay a lost game")
        if depth is None:
            depth = self._proof_depth()
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise InvalidOption(f"depth must be a whole number of plies, 1 or more, not {short_repr(depth)}")
        return alphabeta(self.game, self.states[self.losing_ply], depth=depth)
