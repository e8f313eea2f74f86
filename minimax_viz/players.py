"""Players under a budget, reference players of graded strength, and a seeded match.

A *player* is a function ``player(game, state, budget) -> move``: it gets the game (a copy of
its own, watched), the position (the game's internal form) and a :class:`Budget`, and returns
a legal move. The budget counts calls: every question the player asks the game about a
position (``moves``, ``play``, ``is_terminal``, ``utility``, ``evaluate``, ``node_type``, and
the engine's ``successors`` and ``outcome``) costs one. Past the budget the game raises
:class:`BudgetSpent` instead of answering; a player may catch it and answer with the best
move it found so far (as :func:`deepening_player` does). Calls, not seconds, make a match
replay exactly, on any machine; ``Budget(seconds=...)`` counts wall time instead.

:func:`play_match` is the referee. It owns the rules: each player gets its own copy of the
game and of the position, so whatever a player does to them cannot change the referee's
game. A player that returns an illegal move or something that is no move ("junk"), spends
more than its budget, raises, never returns (stopped after ``time_limit`` seconds) or
changes the game it was given forfeits that game, with words that say which move, what
was wrong and how to fix it; the match goes on.

>>> result = play_match([greedy_player, random_player], game=TicTacToe(), games=4, seed=1)
>>> result.score("greedy_player", "random_player")
(4, 0, 0)
"""

from __future__ import annotations

import copy
import math
import random
import time
from dataclasses import dataclass, field
from numbers import Integral
from typing import Any, Callable, Sequence

from .errors import InvalidOption, short_repr
from .exercises.feedback import describe_error
from .exercises.running import TIME_LIMIT, Stopped, Timer
from .games import ConnectFour, TicTacToe
from .games.base import Game
from .search import alphabeta, centre_first

__all__ = [
    "Budget", "BudgetSpent", "Forfeit", "GameRecord", "MatchResult", "Replay", "play_match",
    "random_player", "greedy_player", "alphabeta_player", "deepening_player", "openings",
]

#: The calls a player may spend on one move unless told otherwise.
DEFAULT_CALLS = 1_000


class BudgetSpent(Exception):
    """The game's answer to a question asked past the player's budget (catch it to answer
    with the best move found so far; let out of the player, it forfeits the game)."""


class Budget:
    """What a player may spend on one move: ``calls`` questions to the game (the default,
    1,000) or ``seconds`` of wall time, and ``rng``, the referee's seeded dice for a player
    that wants them (so a match with a random player replays exactly).

    ``spent`` and ``left`` say how much of it the player has used so far on this move.

    >>> Budget(500)
    Budget(calls=500)
    >>> Budget(seconds=0.5).left
    0.5

    :raises InvalidOption: unless exactly one of ``calls`` (a whole number >= 1) and
        ``seconds`` (a number > 0) is given.
    """

    def __init__(self, calls: int | None = None, *, seconds: float | None = None, rng: random.Random | None = None):
        if calls is None and seconds is None:
            calls = DEFAULT_CALLS
        if calls is not None and seconds is not None:
            raise InvalidOption("a budget counts calls or seconds, not both: Budget(500) or Budget(seconds=0.5)")
        if calls is not None and (isinstance(calls, bool) or not isinstance(calls, Integral) or calls < 1):
            raise InvalidOption(f"calls must be a whole number of 1 or more, not {short_repr(calls)} "
                                "(each question to the game costs one)")
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not 0 < seconds < math.inf):
            raise InvalidOption(f"seconds must be a number above 0, not {short_repr(seconds)}")
        self.calls = None if calls is None else int(calls)
        self.seconds = seconds
        self.rng = rng if rng is not None else random.Random(0)
        self._meter: _Meter | None = None

    def __repr__(self) -> str:
        return f"Budget(calls={self.calls})" if self.calls is not None else f"Budget(seconds={self.seconds:g})"

    @property
    def spent(self) -> float:
        """Calls asked (or seconds used) on this move so far."""
        if self._meter is None:
            return 0
        return self._meter.calls if self.calls is not None else time.perf_counter() - self._meter.began

    @property
    def left(self) -> float:
        """What is left of the budget on this move."""
        return (self.calls if self.calls is not None else self.seconds) - self.spent

    def _for_move(self, rng: random.Random) -> Budget:
        fresh = Budget(self.calls, seconds=self.seconds, rng=rng)
        fresh._meter = _Meter(fresh)
        return fresh


class _Meter:
    """Counts a player's questions on one move and refuses those past its budget."""

    def __init__(self, budget: Budget):
        self.calls, self.began = 0, time.perf_counter()
        self.most = budget.calls
        self.deadline = None if budget.seconds is None else self.began + budget.seconds
        self.refused = 0

    def tick(self) -> None:
        self.calls += 1
        if (self.most is not None and self.calls > self.most) or (
                self.deadline is not None and time.perf_counter() > self.deadline):
            self.calls -= 1
            self.refused += 1
            raise BudgetSpent(f"the budget of this move is spent ({self.most:,} calls)" if self.most is not None
                              else "the budget of this move is spent (its seconds are up)")


#: The forms of a position, which the metered game forwards for free ...
_FREE = ("start", "board", "to_text", "key", "move_name")
#: ... and every other method of the Game protocol: a question about a position, one call
#: each (``moves``, ``play``, ``evaluate``, the engine's ``successors`` and ``outcome`` ...).
_PAID = tuple(name for name in dir(Game) if not name.startswith("_") and callable(getattr(Game, name))
              and name not in _FREE and name != "state")


class _Metered(Game):
    """The game as a player sees it: the player's own copy, each question counted."""

    def __init__(self, game: Game, meter: _Meter, position=None):
        self._game, self._meter, self._position = game, meter, position
        for name in ("max_player", "min_player", "win_utility", "key_is_state"):
            setattr(self, name, getattr(game, name))

    def state(self, value=None):
        """The game's ``state``, without checking again the position the referee handed over
        (the engine asks at the start of every search; Connect Four checks a position's
        reachability, which costs more than a shallow search)."""
        if value is not None and type(value) is type(self._position) and value == self._position:
            return self._position
        return self._game.state(value)

    def __repr__(self) -> str:
        return repr(self._game)

    def __getattr__(self, name: str):   # what the Game protocol does not name (rows, cols, fours ...)
        if name.startswith("__") or name in ("_game", "_meter"):
            raise AttributeError(name)
        return getattr(self._game, name)


def _paid(name: str):
    def method(self, *args, **kwargs):
        self._meter.tick()
        return getattr(self._game, name)(*args, **kwargs)
    method.__name__ = name
    return method


def _free(name: str):
    def method(self, *args, **kwargs):
        return getattr(self._game, name)(*args, **kwargs)
    method.__name__ = name
    return method


for _name in _PAID:
    setattr(_Metered, _name, _paid(_name))
for _name in _FREE:
    setattr(_Metered, _name, _free(_name))


# -- reference players ---------------------------------------------------------------------------

def random_player(game, state, budget) -> Any:
    """A legal move drawn with the referee's dice (``budget.rng``): the bottom rung."""
    return budget.rng.choice(list(game.moves(state)))


def greedy_player(game, state, budget) -> Any:
    """One ply: the move whose position the game's ``evaluate`` likes best for the player to
    move (a win at once above all), ties to the centre (:func:`~minimax_viz.centre_first`);
    the first legal move when the budget is too small for that."""
    first = game.moves(state)[0]
    try:
        return alphabeta(game, state, depth=1, order=centre_first, quick_wins=True, record=False).move
    except BudgetSpent:
        return first


def _deepen(game, state, budget, max_depth: int | None, *, step: int = 1):
    """Alpha-beta to depth 1, then ``step`` plies deeper each time (the package's engine,
    centre first, the game's ``evaluate``) until ``max_depth``, a solved position or the
    budget; the deepest finished search answers."""
    best, depth = game.moves(state)[0], 1
    try:
        while max_depth is None or depth <= max_depth:
            found = alphabeta(game, state, depth=depth, order=centre_first, quick_wins=True, win_check=True,
                              record=False)
            best = found.move
            if found.solved:
                break
            depth = 2 if depth == 1 else depth + step
    except BudgetSpent:
        pass
    return best


def alphabeta_player(depth: int) -> Callable:
    """A player that searches ``depth`` plies with alpha-beta (centre first, the game's
    ``evaluate`` at the horizon). It reaches that depth by iterative deepening, so where
    the budget runs out first it plays the deepest move it finished, never a forfeit.

    >>> alphabeta_player(2).__name__
    'alphabeta_2'

    :raises InvalidOption: for a ``depth`` that is not a whole number >= 1.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise InvalidOption(f"depth must be a whole number of plies, 1 or more, not {short_repr(depth)}")

    def player(game, state, budget):
        return _deepen(game, state, budget, depth)

    player.__name__ = player.__qualname__ = f"alphabeta_{depth}"
    player.__doc__ = f"Alpha-beta to depth {depth} (by iterative deepening, within the budget)."
    return player


def deepening_player(game, state, budget) -> Any:
    """Iterative deepening under the budget: alpha-beta to depth 1, 2, 4, 6, ... (centre
    first, the game's ``evaluate``, a win at once taken), until the budget is spent (it
    catches :class:`BudgetSpent`) or the position is solved; the deepest finished search
    answers. Two plies at a time: an odd depth ends on the player's own move and is
    over-hopeful, and the matches of ``tests/test_players.py`` measure the even depths
    stronger. The package's reference player and lesson 10's solution."""
    return _deepen(game, state, budget, None, step=2)


# -- openings ---------------------------------------------------------------------------------------

def openings(game: Game) -> list[tuple]:
    """The fixed list a match draws its openings from: every pair of first moves (X's and
    O's) for Connect Four and tic-tac-toe, the start alone for another game.

    >>> len(openings(ConnectFour())), len(openings(TicTacToe())), openings(ConnectFour())[:2]
    (49, 72, [(0, 0), (0, 1)])
    """
    if isinstance(game, (ConnectFour, TicTacToe)):
        start = game.start()
        return [(a, b) for a in game.moves(start) for b in game.moves(game.play(start, a))]
    return [()]


# -- the referee -------------------------------------------------------------------------------------

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


def _words_for(name: str, game: Game, state, ply: int, what: str, fix: str) -> str:
    return f"{name}, move {ply + 1} (position {_position(game, state)}): {what}; {fix}"


def _position(game, state) -> str:
    board = game.board(state)
    return "/".join(board) if isinstance(board, list) and all(isinstance(r, str) for r in board) else short_repr(board)


class _Seat:
    """A player at the referee's table: its function and its own copy of the game."""

    def __init__(self, name: str, fn: Callable, game: Game):
        self.name, self.fn, self.original = name, fn, game
        self.game = copy.deepcopy(game)   # first, as copying may note a thing or two in the class
        self.classes = {cls: dict(vars(cls)) for cls in (*type(game).__mro__[:-1], _Metered)}
        self.attributes = _attributes(self.game)

    def fresh(self) -> None:
        """A new copy of the game (after a forfeit), and the classes as they were."""
        _restore_classes(self.classes)
        self.game = copy.deepcopy(self.original)
        self.attributes = _attributes(self.game)

    def changed(self, watched: _Metered, before: dict) -> str | None:
        """What the player changed: an attribute of the game it held or of its copy, or a
        method of their classes (which the referee's game shares); None if nothing."""
        for cls, saved in self.classes.items():
            if dict(vars(cls)) != saved:
                now = vars(cls)
                k = sorted(k for k in saved.keys() | now.keys() if saved.get(k) is not now.get(k))[0]
                return f"{cls.__name__}.{k}"
        if type(self.game) is not type(self.original) or type(watched) is not _Metered:
            return "its class"
        return _differs(before, _attributes(watched, private=True)) or _differs(self.attributes,
                                                                                _attributes(self.game))


def _attributes(game, *, private: bool = False) -> dict:
    """The game's attributes by identity; the private caches a game fills as it plays are
    left out unless ``private`` (the metered game the player holds has none)."""
    return {k: id(v) for k, v in vars(game).items() if private or not k.startswith("_")}


def _differs(before: dict, after: dict) -> str | None:
    if before == after:
        return None
    return "game." + sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))[0]


def _restore_classes(classes: dict) -> None:
    """Put back what a player changed in the game's classes (which the referee shares)."""
    for cls, saved in classes.items():
        for k in set(vars(cls)) - set(saved):
            delattr(cls, k)
        for k, v in saved.items():
            if vars(cls).get(k) is not v and k not in ("__dict__", "__weakref__"):
                setattr(cls, k, v)


def _move(seat: _Seat, state, ply: int, budget: Budget, rng: random.Random, time_limit: float,
          referee: Game) -> tuple[Any, int, str | None]:
    """Ask one player for its move: (the move, calls spent, None) or (None, calls, words)."""
    mine = budget._for_move(rng)
    meter = mine._meter   # the referee's own hold on it, whatever the player does to the budget
    own_state = copy.deepcopy(state)
    watched = _Metered(seat.game, meter, own_state)
    before = _attributes(watched, private=True)
    name = seat.name

    def words(what: str, fix: str) -> str:
        return _words_for(name, referee, state, ply, what, fix)

    limit = time_limit if budget.seconds is None else max(time_limit, 2 * budget.seconds)
    began = time.perf_counter()
    try:
        with Timer(limit):
            move = seat.fn(watched, own_state, mine)
        if time.perf_counter() - began > limit:   # it caught the clock's stop and went on
            raise Stopped
    except BudgetSpent:
        return None, meter.calls, words(
            f"it asked the game for more than its budget ({budget!r}) and let BudgetSpent out",
            "search less deeply, or catch BudgetSpent and return the best move found so far")
    except Stopped:
        return None, meter.calls, words(
            f"it did not return within {limit:g} s (an endless loop?)",
            "make sure each search stops: at a finished game, at depth 0, or when the budget is spent")
    except RecursionError:
        return None, meter.calls, words(
            "it recursed without end (RecursionError)", "stop at finished games and at depth 0")
    except SystemExit as err:
        return None, meter.calls, words(f"it called sys.exit({short_repr(err.code)})", "return a move instead")
    except KeyboardInterrupt:   # the learner pressed stop: the match stops too
        raise
    except BaseException as err:  # the player's code: any other error forfeits, in words
        return None, meter.calls, words(describe_error(err), "fix the error and run its cell again")
    calls = meter.calls
    changed = seat.changed(watched, before)
    if changed is not None:
        return None, calls, words(f"it changed the game it was given ({changed})",
                                  "ask the game questions but leave it as it is; game.play returns a new position")
    if not _same_state(own_state, state):
        return None, calls, words("it changed the position it was given",
                                  "leave the position as it is; game.play(state, move) returns a new one")
    legal = list(referee.moves(state))
    if isinstance(move, bool) or not isinstance(move, Integral):
        return None, calls, words(f"it returned {short_repr(move)}, which is not a move",
                                  f"return one of the legal moves, {legal} (a whole number)")
    if int(move) not in legal:
        return None, calls, words(f"it returned {int(move)}, which is not a legal move here",
                                  f"return one of {legal}")
    return int(move), calls, None


def _same_state(a, b) -> bool:
    try:
        return bool(a == b)
    except Exception:
        return False


def _names(players) -> dict[str, Callable]:
    if isinstance(players, dict):
        named = dict(players)
    elif isinstance(players, (list, tuple)):
        named = {}
        for fn in players:
            name = getattr(fn, "__name__", None) or short_repr(fn)
            if name in named:
                raise InvalidOption(f"two players are named {name!r}; pass a dict {{name: player}} to tell them apart")
            named[name] = fn
    else:
        raise InvalidOption(f"players is a list of player functions or a dict {{name: player}}, not {short_repr(players)}")
    if len(named) < 2:
        raise InvalidOption(f"a match needs two players or more, not {len(named)}")
    for name, fn in named.items():
        if not callable(fn):
            raise InvalidOption(f"player {name!r} must be a function player(game, state, budget) -> move, "
                                f"not {short_repr(fn)}")
    return named


def play_match(players, *, game: Game | None = None, games: int = 8, seed: int = 0,
               budget: Budget | int | None = None, time_limit: float = TIME_LIMIT,
               opening_list: Sequence[tuple] | None = None) -> MatchResult:
    """Every pair of ``players`` plays ``games`` games of ``game`` (Connect Four unless
    given): ``games // 2`` openings drawn (with ``seed``) from :func:`openings`, each played
    once with either player first. Each move gets ``budget`` (calls; 1,000 unless given)
    and at most ``time_limit`` seconds; a broken rule forfeits the game (:class:`Forfeit`).

    ``players`` is a list of functions ``player(game, state, budget) -> move`` (named by
    their ``__name__``) or a dict ``{name: player}``. The same seed gives the same openings
    and the same dice (``budget.rng`` on move ``ply`` of game ``i`` is
    ``random.Random(f"{seed}:{i}:{ply}")``), so a match replays exactly.

    >>> result = play_match([alphabeta_player(2), greedy_player], game=TicTacToe(), games=2)
    >>> result.games[0]
    game 0: alphabeta_2 (X) v greedy_player (O), opening [6, 1]: alphabeta_2 wins

    :raises InvalidOption: for players that are not two or more functions, ``games`` not an
        even whole number >= 2, a ``seed`` that is not a whole number, a bad ``budget`` or
        ``time_limit``, or an opening that is not legal in ``game``.
    """
    named = _names(players)
    game = ConnectFour() if game is None else game
    if not isinstance(game, Game):
        raise InvalidOption(f"game must be a game (mv.ConnectFour(), mv.TicTacToe(), ...), not {short_repr(game)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise InvalidOption(f"games must be an even whole number >= 2 (each opening is played with either "
                            f"player first), not {short_repr(games)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidOption(f"seed must be a whole number, not {short_repr(seed)}")
    budget = budget if isinstance(budget, Budget) else Budget(budget)
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0:
        raise InvalidOption(f"time_limit must be a number of seconds above 0, not {short_repr(time_limit)}")
    pool = list(openings(game) if opening_list is None else opening_list)
    drawn = [pool[i % len(pool)] for i in random.Random(seed).sample(range(max(len(pool), games // 2)), games // 2)]
    for opening in drawn:
        _after(game, opening)
    seats = {name: _Seat(name, fn, game) for name, fn in named.items()}
    records = []
    names = list(named)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for opening in drawn:
                for first, second in ((a, b), (b, a)):
                    record = GameRecord(len(records), first, second, tuple(opening),
                                        colours=(game.max_player, game.min_player))
                    _play(game, seats[first], seats[second], record, budget, seed, time_limit)
                    records.append(record)
    return MatchResult(game, names, records, budget=budget, seed=seed)


def _after(game: Game, opening) -> Any:
    state = game.start()
    for move in opening:
        if game.is_terminal(state) or move not in game.moves(state):
            raise InvalidOption(f"the opening {short_repr(list(opening))} is not a legal line of {game!r}")
        state = game.play(state, move)
    return state


def _play(game: Game, first: _Seat, second: _Seat, record: GameRecord, budget: Budget, seed: int,
          time_limit: float) -> None:
    state = _after(game, record.opening)
    record.moves = list(record.opening)
    ply = len(record.moves)
    while not game.is_terminal(state):
        seat = first if game.player(state) == game.max_player else second
        rng = random.Random(f"{seed}:{record.index}:{ply}")
        move, calls, words = _move(seat, state, ply, budget, rng, time_limit, game)
        record.calls.append((seat.name, calls))
        if words is not None:
            record.forfeit = Forfeit(seat.name, ply, words)
            record.winner = second.name if seat is first else first.name
            seat.fresh()
            return
        record.moves.append(move)
        state = game.play(state, move)
        ply += 1
    u = game.utility(state)
    record.winner = first.name if u > 0 else second.name if u < 0 else None


# -- the result ---------------------------------------------------------------------------------------

class MatchResult:
    """What :func:`play_match` found: every game (:attr:`games`), the crosstable
    (:meth:`score`, :attr:`crosstable`, printed by ``repr``), a plot (:meth:`plot`) and
    each game replayable (:meth:`replay`)."""

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

        :raises InvalidOption: for a name that did not play, or a colour the game lacks.
        """
        for name in (player, opponent):
            if name not in self.crosstable:
                raise InvalidOption(f"{short_repr(name)} did not play; the players were {', '.join(self.players)}")
        if player == opponent:
            raise InvalidOption("a player does not play itself; name two players")
        cells = self.crosstable[player][opponent]
        if colour is not None and colour not in cells:
            raise InvalidOption(f"colour is one of {', '.join(cells)}, not {short_repr(colour)}")
        chosen = [cells[colour]] if colour is not None else list(cells.values())
        return tuple(sum(c[i] for c in chosen) for i in range(3))

    def forfeits(self) -> list[Forfeit]:
        """Every forfeit of the match, in order."""
        return [g.forfeit for g in self.games if g.forfeit is not None]

    def lost(self, player: str) -> list[int]:
        """The indexes of the games ``player`` lost (for :meth:`replay`)."""
        return [g.index for g in self.games if g.loser == player]

    def mean_calls(self, player: str) -> float:
        """The calls ``player`` spent per move, on average."""
        spent = [c for g in self.games for name, c in g.calls if name == player]
        return sum(spent) / len(spent) if spent else 0.0

    def replay(self, index: int) -> Replay:
        """Game ``index`` move by move (:class:`Replay`).

        :raises InvalidOption: for an index that is not a game of the match.
        """
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.games):
            raise InvalidOption(f"index is a game of the match, 0 to {len(self.games) - 1}, not {short_repr(index)}")
        return Replay(self.game, self.games[index])

    def table(self) -> str:
        """The crosstable as text, as chess crosstables are set: a numbered row per player,
        a column per opponent by number; each cell the row player's wins-draws-losses in
        all, then playing first (X) and second (O)."""
        colours = (self.game.max_player, self.game.min_player)
        label = max(len(p) for p in self.players) + 4
        cells = {(p, q): [self.score(p, q)] + [tuple(self.crosstable[p][q][c]) for c in colours]
                 for p in self.players for q in self.players if p != q}
        width = max([len("{}-{}-{}".format(*r)) for rows in cells.values() for r in rows] + [1]) + 2
        lines = [(" " * (label + 6) + "".join(f"{j + 1:<{width}}" for j in range(len(self.players)))).rstrip()]
        for i, p in enumerate(self.players):
            for k, kind in enumerate(("all", f"as {colours[0]}", f"as {colours[1]}")):
                head = f"{i + 1} {p}" if k == 0 else ""
                row = [("" if k else "-") if p == q else "{}-{}-{}".format(*cells[p, q][k]) for q in self.players]
                lines.append(f"{head:<{label}}{kind:<6}" + "".join(f"{c:<{width}}" for c in row).rstrip())
        lines.append(f"{len(self.games)} games of {self.game!r}, {self.budget!r} a move, seed {self.seed}: "
                     "the row player's wins-draws-losses")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.table()

    def plot(self, ax=None):
        """The crosstable as a grid of scores (matplotlib; returns the Axes): each cell the
        row player's share of points against the column player (a win 1, a draw 1/2),
        coloured from red (all lost) to green (all won), with its wins-draws-losses."""
        from .draw import draw_crosstable

        return draw_crosstable(self, ax=ax)


#: How far :class:`Replay` looks for the move that lost a game: a search of this many plies.
HORIZON = 6


class Replay:
    """One game of a match, move by move: ``moves``, the ``states`` after each, and, for a
    game lost by a move, :attr:`losing_ply` and :meth:`why`.

    The losing move is the loser's last move from a position that a search of
    :data:`HORIZON` plies does not find lost. The game may have been lost earlier, past
    that horizon: then :meth:`why` shows every move there losing."""

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

        :raises InvalidOption: for a game not lost by a move (a draw, a forfeit), or a
            ``depth`` that is not a whole number >= 1.
        """
        if self.losing_ply is None:
            raise InvalidOption("this game was not lost by a move (a draw, or a forfeit): replay a lost game")
        if depth is None:
            depth = self._proof_depth()
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise InvalidOption(f"depth must be a whole number of plies, 1 or more, not {short_repr(depth)}")
        return alphabeta(self.game, self.states[self.losing_ply], depth=depth)
