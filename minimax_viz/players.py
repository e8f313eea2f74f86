"""Players under a budget, reference players of graded strength, and a seeded match.

A *player* is a function ``player(game, state, budget) -> move``: it gets the game (a copy of
its own, watched), the position (the game's internal form) and a :class:`Budget`, and returns
a legal move. The budget counts **positions generated**, the same for every search, the
engine's and a learner's alike: ``play`` costs one, a question that hands back positions
(``successors`` and the engine's ``open_successors``, ``successors_by_priority``, ...) costs one
for each position it returns, and a look-ahead that plays every move to see what it does
(``winning_moves``, ``threats``, ``solver_facts``) costs one for each legal move. Every other
question about a position the player already holds (``moves``, ``is_terminal``, ``utility``,
``evaluate``, ``node_type``, ...) is free. So a search pays for the nodes it creates, however
it asks for them. Past the budget the game raises :class:`BudgetSpent` instead of answering;
a player may catch it and answer with the best move it found so far (as
:func:`deepening_player` does). Positions, not seconds, make a match replay exactly, on any
machine; ``Budget(seconds=...)`` counts wall time instead.

:func:`play_match` is the referee. It owns the rules: each player gets its own copy of the
game and of the position, so whatever a player does to them cannot change the referee's
game. A player that returns an illegal move or something that is no move ("junk"), spends
more than its budget, raises, never returns (stopped after ``time_limit`` seconds) or
changes the game it was given forfeits that game, with words that say which move, what
was wrong and how to fix it; the match goes on. What a match leaves (its records, the
crosstable, each game replayed) is in :mod:`minimax_viz.match_result`, named here too.

>>> result = play_match([greedy_player, random_player], game=TicTacToe(), games=4, seed=1)
>>> result.score("greedy_player", "random_player")
(4, 0, 0)
"""

from __future__ import annotations

import copy
import random
from numbers import Integral
from typing import Any, Callable, Sequence

from .clock import Raised, Stopped, bounded, check_seconds, describe_error, stopped_words
from .clock import time_limit as default_time_limit
from .errors import InvalidOption, short_repr
from .games import ConnectFour, TicTacToe
from .games.base import Game
from .meter import DEFAULT_CALLS, HELD, Budget, BudgetSpent, Meter, for_move  # noqa: F401 (DEFAULT_CALLS named here too)
from .match_result import HORIZON, Forfeit, GameRecord, MatchResult, Replay  # noqa: F401 (named here too)
from .search import alphabeta, centre_first

__all__ = [
    "Budget", "BudgetSpent", "Forfeit", "GameRecord", "MatchResult", "Replay", "play_match",
    "random_player", "greedy_player", "alphabeta_player", "deepening_player", "openings", "positions_generated",
]

#: The questions that hand back positions: one call for each position returned ...
_POSITIONS = ("successors", "open_successors", "successors_by_priority", "open_successors_by_priority")
#: ... the look-aheads that play every legal move to see what it does: one call a legal move ...
_LOOKAHEADS = ("winning_moves", "threats", "solver_facts")
#: ... ``play``, one call; and every other method of the Game protocol, a question about a
#: position the player holds, free (``moves``, ``is_terminal``, ``evaluate``, ``node_type`` ...).
_FREE = tuple(name for name in dir(Game) if not name.startswith("_") and callable(getattr(Game, name))
              and name not in _POSITIONS + _LOOKAHEADS + ("play", "state"))


class Metered(Game):
    """The game as a player sees it: the player's own copy, each position generated counted."""

    def __init__(self, game: Game, meter: Meter, position=None):
        HELD[id(self)] = (game, meter)
        self._position = position
        for name in ("max_player", "min_player", "win_utility", "key_is_state"):
            setattr(self, name, getattr(game, name))

    def state(self, value=None):
        """The game's ``state``, without checking again the position the referee handed over
        (the engine asks at the start of every search; Connect Four checks a position's
        reachability, which costs more than a shallow search)."""
        if value is not None and type(value) is type(self._position) and value == self._position:
            return self._position
        return _real(self).state(value)

    def play(self, state, move):
        """The game's ``play``: one position generated, one call."""
        game, meter = _held(self)
        meter.charge()
        return game.play(state, move)

    def __repr__(self) -> str:
        return repr(_real(self))

    def __getattr__(self, name: str):   # what the Game protocol does not name (rows, cols, fours ...)
        if name.startswith("_"):
            raise AttributeError(f"{name!r}: a player asks the game questions, not its insides")
        return getattr(_real(self), name)


def _held(watched: Metered) -> tuple[Game, Meter]:
    """The game behind ``watched`` and its meter (for the move it was handed over for)."""
    held = HELD.get(id(watched))
    if held is None:
        raise InvalidOption("this game was handed over for one move, which is over; use the game of the current move")
    return held


def _real(watched: Metered) -> Game:
    """The game behind ``watched``."""
    return _held(watched)[0]


def _positions(name: str):
    def method(self, state, *args, **kwargs):
        game, meter = _held(self)
        pairs = getattr(game, name)(state, *args, **kwargs)
        meter.charge(len(pairs))
        return pairs
    method.__name__ = name
    method.__doc__ = f"The game's ``{name}``: one call for each position it returns."
    return method


def _lookahead(name: str):
    def method(self, state, *args, **kwargs):
        game, meter = _held(self)
        meter.charge(len(game.moves(state)))
        return getattr(game, name)(state, *args, **kwargs)
    method.__name__ = name
    method.__doc__ = f"The game's ``{name}``: one call for each legal move it looks at."
    return method


def _free(name: str):
    def method(self, *args, **kwargs):
        return getattr(_real(self), name)(*args, **kwargs)
    method.__name__ = name
    return method


for _name in _POSITIONS:
    setattr(Metered, _name, _positions(_name))
for _name in _LOOKAHEADS:
    setattr(Metered, _name, _lookahead(_name))
for _name in _FREE:
    setattr(Metered, _name, _free(_name))


def positions_generated(search: Callable, game: Game, state=None) -> int:
    """The positions ``search(game, state)`` generates, counted as a player's budget counts
    them (see the module): what a move searched that way would cost. ``state=None`` is the
    game's start.

    On AIMA's figure 5.2, minimax generates all 12 positions below the root; the package's
    alpha-beta asks for the successors of each node it opens, 12 too; an alpha-beta that
    plays each child just before searching it generates 10 (the cut at the second Min node
    leaves two leaves unplayed), as the example shows for the first two.

    Parameters
    ----------
    search : callable
        ``search(game, state)``, a search to measure.
    game : Game
        The game.
    state : object, optional
        The position to search from; ``None`` (the default) is the game's start.

    Returns
    -------
    int
        The positions generated.

    Raises
    ------
    InvalidOption
        For a ``search`` that is not callable or a ``game`` that is not a
        game; whatever ``search`` raises is let out.

    Examples
    --------
    >>> from minimax_viz import GameTree, alphabeta
    >>> from minimax_viz.exercises.lesson10 import reference_minimax
    >>> aima = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> positions_generated(reference_minimax, aima), positions_generated(alphabeta, aima)
    (12, 12)
    """
    if not callable(search):
        raise InvalidOption(f"search must be a function search(game, state), not {short_repr(search)}")
    if not isinstance(game, Game):
        raise InvalidOption(f"game must be a game (mv.ConnectFour(), mv.TicTacToe(), ...), not {short_repr(game)}")
    state = game.start() if state is None else game.state(state)
    meter = Meter(Budget(_UNLIMITED))
    watched = Metered(game, meter, state)
    try:
        search(watched, state)
    finally:
        HELD.pop(id(watched), None)
    return meter.calls


#: A budget no search reaches (for counting, not limiting).
_UNLIMITED = 10 ** 18


# -- reference players ---------------------------------------------------------------------------

def random_player(game, state, budget) -> Any:
    """A legal move drawn with the referee's dice (``budget.rng``): the bottom rung. It
    generates no position, so it spends nothing of its budget.

    Parameters
    ----------
    game : Game
        The game, metered: every position generated counts against ``budget``.
    state : object
        The position to move in (the game's internal form).
    budget : Budget
        What the player may spend on this move (``budget.rng``: the referee's dice).

    Returns
    -------
    object
        A legal move.
    """
    return budget.rng.choice(list(game.moves(state)))


def greedy_player(game, state, budget) -> Any:
    """One ply: the move whose position the game's ``evaluate`` likes best for the player to
    move (a win at once above all), ties to the centre (:func:`~minimax_viz.centre_first`);
    the first legal move when the budget is too small for that (so it never forfeits on
    the budget).

    Parameters
    ----------
    game : Game
        The game, metered: every position generated counts against ``budget``.
    state : object
        The position to move in (the game's internal form).
    budget : Budget
        What the player may spend on this move (``budget.rng``: the referee's dice).

    Returns
    -------
    object
        A legal move.
    """
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

    Parameters
    ----------
    depth : int
        The depth in plies, 1 or more.

    Returns
    -------
    callable
        The player, ``player(game, state, budget) -> move``, named ``alphabeta_<depth>``.

    Raises
    ------
    InvalidOption
        For a ``depth`` that is not a whole number >= 1 (the player
        itself never lets :class:`BudgetSpent` out: the legal moves cost nothing, and the
        first of them answers when not even depth 1 fits).

    Examples
    --------
    >>> alphabeta_player(2).__name__
    'alphabeta_2'
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
    stronger. The package's reference player, the top rung of lesson 10's ladder. It never
    lets :class:`BudgetSpent` out (the first legal move answers when not even depth 1 fits).

    Parameters
    ----------
    game : Game
        The game, metered: every position generated counts against ``budget``.
    state : object
        The position to move in (the game's internal form).
    budget : Budget
        What the player may spend on this move (``budget.rng``: the referee's dice).

    Returns
    -------
    object
        A legal move.
    """
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
        self.classes = {cls: dict(vars(cls)) for cls in (*type(game).__mro__[:-1], Metered)}
        self.attributes = _attributes(self.game)

    def fresh(self) -> None:
        """A new copy of the game (after a forfeit), and the classes as they were."""
        _restore_classes(self.classes)
        self.game = copy.deepcopy(self.original)
        self.attributes = _attributes(self.game)

    def changed(self, watched: Metered, before: dict) -> str | None:
        """What the player changed: an attribute of the game it held or of its copy, or a
        method of their classes (which the referee's game shares); None if nothing."""
        for cls, saved in self.classes.items():
            if dict(vars(cls)) != saved:
                now = vars(cls)
                k = sorted(k for k in saved.keys() | now.keys() if saved.get(k) is not now.get(k))[0]
                return f"{cls.__name__}.{k}"
        if type(self.game) is not type(self.original) or type(watched) is not Metered:
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
    mine, meter = for_move(budget, rng)
    own_state = copy.deepcopy(state)
    watched = Metered(seat.game, meter, own_state)
    before = _attributes(watched, private=True)
    limit = time_limit if budget.seconds is None else max(time_limit, 2 * budget.seconds)
    try:
        move, broken = _ask(seat, watched, own_state, mine, budget, limit)
    finally:
        HELD.pop(id(mine), None)
        HELD.pop(id(watched), None)
    calls = meter.calls
    if broken is None:
        broken = _tampered(seat, watched, before, own_state, state) or _illegal(move, referee, state)
    if broken is not None:
        return None, calls, _words_for(seat.name, referee, state, ply, *broken)
    return _legal_move(move, referee, state), calls, None


def _legal_move(move, referee: Game, state):
    """The legal move equal to the player's ``move`` (the referee's own object, not the player's)."""
    return next(m for m in referee.moves(state) if _same_state(m, move))


def _ask(seat: _Seat, watched: Metered, own_state, mine: Budget, budget: Budget,
         limit: float) -> tuple[Any, tuple[str, str] | None]:
    """Run the player on its own copies (``mine`` its copy of ``budget``), on its own thread
    with a watchdog (:func:`~minimax_viz.clock.bounded`: it ends, whatever the
    player catches): (its answer, None), or (None, (what was wrong, how to fix it))."""
    try:
        move = bounded(seat.fn, watched, own_state, mine, seconds=limit)
    except BudgetSpent:
        return None, (f"it asked the game for more than its budget ({budget!r}) and let BudgetSpent out",
                      "search less deeply, or catch BudgetSpent and return the best move found so far")
    except Stopped as stop:
        return None, (stopped_words(stop, limit).replace("it ran for more than", "it did not return within")
                      .replace(" without an answer", ""),
                      "make sure each search stops: at a finished game, at depth 0, or when the budget is spent")
    except RecursionError:
        return None, ("it recursed without end (RecursionError)", "stop at finished games and at depth 0")
    except SystemExit as err:
        return None, (f"it called sys.exit({short_repr(err.code)})", "return a move instead")
    except KeyboardInterrupt:   # the learner pressed stop: the match stops too
        raise
    except BaseException as err:  # the player's code: any other error forfeits, in words
        return None, (describe_error(err.err if isinstance(err, Raised) else err),
                      "fix the error and run its cell again")
    return move, None


def _tampered(seat: _Seat, watched: Metered, before: dict, own_state, state) -> tuple[str, str] | None:
    """What was wrong when the player changed the game or the position it was given, else None."""
    changed = seat.changed(watched, before)
    if changed is not None:
        return (f"it changed the game it was given ({changed})",
                "ask the game questions but leave it as it is; game.play returns a new position")
    if not _same_state(own_state, state):
        return ("it changed the position it was given",
                "leave the position as it is; game.play(state, move) returns a new one")
    return None


def _illegal(move, referee: Game, state) -> tuple[str, str] | None:
    """What was wrong when ``move`` is no move or not a legal one in ``state``, else None."""
    legal = list(referee.moves(state))
    if not _move_like(move, legal):
        return (f"it returned {short_repr(move)}, which is not a move",
                f"return one of the legal moves, {short_repr(legal)} ({_kind_of_move(legal)})")
    if not any(_same_state(m, move) for m in legal):
        return f"it returned {short_repr(move)}, which is not a legal move here", f"return one of {short_repr(legal)}"
    return None


def _move_like(move, legal: list) -> bool:
    """Whether ``move`` is of the kind the game's moves are: a whole number (numpy's too, no
    bool, no float) where they are whole numbers, a string where they are strings (chess's UCI
    moves), else the moves' own type."""
    if not legal:
        return True
    kind = type(legal[0])
    if kind is int:
        return (not isinstance(move, bool) and isinstance(move, Integral)
                and type(move).__module__ in ("builtins", "numpy"))
    return isinstance(move, kind)


def _kind_of_move(legal: list) -> str:
    """The words for the kind of the game's moves."""
    kind = type(legal[0]) if legal else int
    if kind is int:
        return "a whole number"
    if kind is str:
        return f"a string, such as {legal[0]!r}"
    return f"a {kind.__name__}"


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
        raise InvalidOption(f"players is a list of player functions or a dict {{name: player}}, "
                            f"not {short_repr(players)}")
    if len(named) < 2:
        raise InvalidOption(f"a match needs two players or more, not {len(named)}")
    for name, fn in named.items():
        if not callable(fn):
            raise InvalidOption(f"player {name!r} must be a function player(game, state, budget) -> move, "
                                f"not {short_repr(fn)}")
    return named


def play_match(players, *, game: Game | None = None, games: int = 8, seed: int = 0,
               budget: Budget | int | None = None, time_limit: float | None = None,
               opening_list: Sequence[tuple] | None = None) -> MatchResult:
    """Every pair of ``players`` plays ``games`` games of ``game`` (Connect Four unless
    given): ``games // 2`` openings drawn (with ``seed``) from :func:`openings`, each played
    once with either player first. Each move gets ``budget`` (calls; 1,000 unless given)
    and at most ``time_limit`` seconds (the checks' limit, 3 s, unless given); a broken rule
    forfeits the game (:class:`Forfeit`).

    The time limit holds on any thread (a watchdog thread stops the player: no clock signal is
    needed, see :func:`minimax_viz.clock.bounded`). A player stuck inside one long call into C
    (``time.sleep``, a large numpy operation) cannot be stopped there: it forfeits once the limit
    and a second's grace have passed, and its words say that it still runs in the background.

    ``players`` is a list of functions ``player(game, state, budget) -> move`` (named by
    their ``__name__``) or a dict ``{name: player}``. The same seed gives the same openings
    and the same dice (``budget.rng`` on move ``ply`` of game ``i`` is
    ``random.Random(f"{seed}:{i}:{ply}")``), so a match replays exactly.

    Parameters
    ----------
    players : list of callable or dict
        Two or more players, as a list of functions or a dict ``{name: player}``.
    game : Game or None, optional
        The game (``None``: Connect Four).
    games : int, optional
        Games per pair of players, an even number (8 unless given).
    seed : int, optional
        The seed of the openings and the dice (0 unless given).
    budget : Budget, int or None, optional
        Each move's budget, or a number of calls (``None``: 1,000 calls).
    time_limit : float or None, optional
        The most seconds a move may take (``None``: 3 s).
    opening_list : sequence of tuple or None, optional
        The openings to draw from, each a tuple of moves (``None``: :func:`openings`).

    Returns
    -------
    MatchResult
        Every game, the crosstable and the replays.

    Raises
    ------
    InvalidOption
        For players that are not two or more functions, ``games`` not an
        even whole number >= 2, a ``seed`` that is not a whole number, a bad ``budget`` or
        ``time_limit``, or an opening that is not legal in ``game``.

    Examples
    --------
    >>> result = play_match([alphabeta_player(2), greedy_player], game=TicTacToe(), games=2)
    >>> result.games[0]
    game 0: alphabeta_2 (X) v greedy_player (O), opening [6, 1]: alphabeta_2 wins
    """
    named = _names(players)
    game = ConnectFour() if game is None else game
    _check_match(game, games, seed)
    games, seed = int(games), int(seed)
    budget = budget if isinstance(budget, Budget) else Budget(budget)
    time_limit = check_seconds(default_time_limit() if time_limit is None else time_limit, "time_limit")
    drawn = _draw_openings(game, games, seed, opening_list)
    seats = {name: _Seat(name, fn, game) for name, fn in named.items()}
    records = []
    for first, second, opening in _pairings(list(named), drawn):
        record = GameRecord(len(records), first, second, tuple(opening), colours=(game.max_player, game.min_player))
        _play(game, seats[first], seats[second], record, budget, seed, time_limit)
        records.append(record)
    return MatchResult(game, list(named), records, budget=budget, seed=seed)


#: The most games one match plays (a match of more would not end in a lesson).
MOST_GAMES = 100_000


def _check_match(game, games, seed) -> None:
    """The game of a match, its number of games and its seed."""
    if not isinstance(game, Game):
        raise InvalidOption(f"game must be a game (mv.ConnectFour(), mv.TicTacToe(), ...), not {short_repr(game)}")
    if isinstance(games, bool) or not isinstance(games, Integral) or not 2 <= games <= MOST_GAMES or games % 2:
        raise InvalidOption(f"games must be an even whole number from 2 to {MOST_GAMES:,} (each opening is played "
                            f"with either player first), not {short_repr(games)}")
    if isinstance(seed, bool) or not isinstance(seed, Integral):
        raise InvalidOption(f"seed must be a whole number, not {short_repr(seed)}")


def _draw_openings(game: Game, games: int, seed: int, opening_list) -> list:
    """The match's ``games // 2`` openings, drawn with ``seed`` from ``opening_list`` (all of
    :func:`openings` by default), each checked to be a legal line of ``game``."""
    pool = openings(game) if opening_list is None else _opening_pool(opening_list)
    drawn = [pool[i % len(pool)] for i in random.Random(seed).sample(range(max(len(pool), games // 2)), games // 2)]
    for opening in drawn:
        _after(game, opening)
    return drawn


def _opening_pool(opening_list) -> list:
    """The openings a match was given: a non-empty list of lines (each a list or tuple of moves)."""
    if isinstance(opening_list, (str, bytes)) or not isinstance(opening_list, Sequence) or not opening_list:
        raise InvalidOption(f"opening_list must be a non-empty list of openings, each a list of moves such as "
                            f"[(3, 3), (2, 4)], not {short_repr(opening_list)}")
    for opening in opening_list:
        if isinstance(opening, (str, bytes)) or not isinstance(opening, Sequence):
            raise InvalidOption(f"each opening is a list or tuple of moves, such as (3, 3), "
                                f"not {short_repr(opening)}")
    return list(opening_list)


def _pairings(names: list[str], drawn: list):
    """The match's games in order, as ``(first, second, opening)``: each pair of players,
    each opening, either player first."""
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for opening in drawn:
                for first, second in ((a, b), (b, a)):
                    yield first, second, opening


def _after(game: Game, opening) -> Any:
    state = game.start()
    for move in opening:
        if game.is_terminal(state) or move not in game.moves(state):
            raise InvalidOption(f"the opening {short_repr(list(opening))} is not a legal line of {game!r}")
        state = game.play(state, move)
    if opening and game.is_terminal(state):
        raise InvalidOption(f"the opening {short_repr(list(opening))} already ends the game; an opening leaves "
                            "the players a game to play")
    return state


def _play(game: Game, first: _Seat, second: _Seat, record: GameRecord, budget: Budget, seed: int,
          time_limit: float) -> None:
    """The referee plays one game into ``record``: from its opening, each player asked in
    turn for a move (its own dice, seeded by the game and the move), until the game ends or
    a player forfeits it."""
    state = _after(game, record.opening)
    record.moves = list(record.opening)
    ply = len(record.moves)
    while not game.is_terminal(state):
        rng = random.Random(f"{seed}:{record.index}:{ply}")
        if game.node_type(state) == "chance":   # the referee throws the dice, with the game's odds
            move = rng.choices(list(game.moves(state)), weights=list(game.probabilities(state)))[0]
            record.moves.append(move)
            state, ply = game.play(state, move), ply + 1
            continue
        seat = first if game.player(state) == game.max_player else second
        move, calls, words = _move(seat, state, ply, budget, rng, time_limit, game)
        record.calls.append((seat.name, calls))
        if words is not None:
            _forfeit(record, seat, second if seat is first else first, ply, words)
            return
        record.moves.append(move)
        state = game.play(state, move)
        ply += 1
    u = game.utility(state)
    record.winner = first.name if u > 0 else second.name if u < 0 else None


def _forfeit(record: GameRecord, seat: _Seat, other: _Seat, ply: int, words: str) -> None:
    """``seat`` broke a rule at move ``ply``: it loses the game, and gets a fresh copy of the game."""
    record.forfeit = Forfeit(seat.name, ply, words)
    record.winner = other.name
    seat.fresh()
