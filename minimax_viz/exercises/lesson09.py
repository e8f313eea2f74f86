"""Checks for lesson 09, "More Players and Chance": a tree with two ghosts, a tree with dice,
and why alpha-beta cannot cut below a chance node; and the match of lesson 09, an AI
against a random opponent at tic-tac-toe.

The learner's own expectimax and expectiminimax are checked by the shared checker of searches
(:func:`~minimax_viz.exercises.searches.check_search`), and :func:`show_your_search` draws the
learner's search on a lesson tree, where it first parts from the package's marked.

>>> check_ghost_value(GHOST_VALUE_WRONG_ON_PURPOSE)
Not yet: 6 is the value if ghost 2 were Max (the players alternating); here both ghosts are Min, so two Min levels
follow each other.
Hint: take the minimum at both ghost levels, then Pacman's maximum at the top.
"""

from __future__ import annotations

import math
import random
from numbers import Integral, Real
from typing import Any, Callable

from ..errors import InvalidOption
from ..games import GameTree, TicTacToe
from ..games.base import Game
from ..games.forwarding import ForwardingGame
from ..search import alphabeta, expectimax, expectiminimax, minimax
from ..trace import format_value
from .feedback import Feedback, Unfinished, attempt
from .searches import SearchFeedback, check_search
from .feedback import learner_check, shown

__all__ = [
    "GHOST_TEST", "DICE", "ghost_tree", "check_ghost_value", "check_dice_value", "check_unseen_leaf",
    "play_match", "SideOf", "minimax_player", "expectimax_player",
    "check_expectimax", "check_expectiminimax", "show_your_search", "MIN_AND_DICE",
]

#: A CS188 ``GraphGameTreeTest`` with Pacman and two ghosts, depth 1 round = 3 plies.
GHOST_TEST = '''\
num_agents: "3"
depth: "1"
start_state: "home"
win_states: "feast snack"
lose_states: "caught trapped"
successors: """
home Left hall
home Right yard
hall g1north h1
hall g1south h2
yard g1north y1
yard g1south y2
h1 g2east feast
h1 g2west caught
h2 g2east snack
h2 g2west h3
y1 g2east trapped
y1 g2west y3
y2 g2east snack
y2 g2west y4
"""
evaluation: """
feast 10
snack 6
caught -10
trapped -8
h3 2
y3 4
y4 3
"""
'''

#: A Max root choosing between two chance nodes (a die with given odds, and a fair coin).
DICE = GameTree([["chance", (0.5, 9), (0.25, 0), (0.25, -2)], ["chance", 5, 1]])

#: A wrong answer the module's doctest shows the feedback for.
GHOST_VALUE_WRONG_ON_PURPOSE = 6


def ghost_tree() -> GameTree:
    """The tree of :data:`GHOST_TEST`, read as CS188's autograder reads it.

    Returns
    -------
    CS188Tree
        The tree (a :class:`~minimax_viz.GameTree`).

    Examples
    --------
    >>> tree = ghost_tree()
    >>> tree.depth, tree.player("h1")
    (3, 'ghost 2')
    """
    return GameTree.from_cs188(GHOST_TEST)


def _number(x) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool) and x == x   # NaN of any kind is no number


def _junk(value, what: str) -> Feedback | None:
    if value is ...:
        return Feedback(False, f"replace the ... with your answer: {what}.")
    if not _number(value):
        return Feedback(False, f"{_short(value)} is not a number; give {what} as a number, such as 3 or -2.5.")
    try:
        float(value)
    except OverflowError:   # an int past every float: no tree here holds one
        return Feedback(False, f"{_short(value)} is too large to be {what}; the leaves here are small numbers.")
    return None


def _short(value) -> str:
    """``repr(value)``, cut to 60 characters (a huge number or a long list stays readable)."""
    return shown(value)


def _alternating_value(tree: GameTree) -> float:
    """The value if the players alternated Max/Min level by level (the classic slip)."""
    def value(path, level):
        if tree.is_terminal(path):
            return tree.utility(path)
        values = [value(path + (m,), level + 1) for m in tree.moves(path)]
        return max(values) if level % 2 == 0 else min(values)
    return value((), 0)


@learner_check
def check_ghost_value(value: Any) -> Feedback:
    """Check the learner's value (by hand) of the two-ghost tree :data:`GHOST_TEST` for Pacman.

    Parameters
    ----------
    value : object
        The learner's value of the start for Pacman.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_ghost_value("three")
    Not yet: 'three' is not a number; give the value of the start for Pacman as a number, such as 3 or -2.5.
    """
    what = "the value of the start for Pacman"
    junk = _junk(value, what)
    if junk is not None:
        return junk
    tree = ghost_tree()
    right = minimax(tree, depth=tree.depth, record=False).score
    if value == right:
        return Feedback(True, f"{what} is {format_value(right, signed=False)}: each ghost takes the minimum in turn.")
    if value == _alternating_value(tree):
        return Feedback(False, f"{format_value(value, signed=False, ascii=True)} is the value if ghost 2 were Max "
                        "(the players alternating); here both ghosts are Min, so two Min levels follow each other.",
                        hint="take the minimum at both ghost levels, then Pacman's maximum at the top.")
    if value == expectimax(tree, depth=tree.depth, record=False).score:
        return Feedback(False, f"{format_value(value, signed=False, ascii=True)} is the expectimax value (ghosts "
                        "moving at random); this question is about ghosts that play their best, as in minimax.",
                        hint="minimum at the ghosts' levels, maximum at Pacman's.")
    return Feedback(False, f"{value!r} is not {what}.",
                    hint="work from the bottom: ghost 2 takes the minimum of its two outcomes, then ghost 1 the "
                         "minimum of those, then Pacman the maximum.")


@learner_check
def check_dice_value(value: Any) -> Feedback:
    """Check the learner's expectimax value (by hand) of :data:`DICE`.

    Parameters
    ----------
    value : object
        The learner's expectimax value.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_dice_value(4.5)
    Not yet: 4.5 is the plain mean of the die's outcomes; its outcomes are not equally likely.
    Hint: weight each outcome by its probability: 0.5 x 9 + 0.25 x 0 + 0.25 x (-2).
    """
    what = "the expectimax value of the root"
    junk = _junk(value, what)
    if junk is not None:
        return junk
    right = expectimax(DICE, record=False).score
    if math.isclose(value, right, abs_tol=1e-9):
        return Feedback(True, f"{what} is {format_value(right, signed=False)}: Max picks the die, "
                        "whose weighted average beats the coin's.")
    die = [9, 0, -2]
    if math.isclose(value, sum(die) / 3, abs_tol=1e-9) or math.isclose(value, 4.5):
        return Feedback(False, f"{value!r} is the plain mean of the die's outcomes; its outcomes are not equally "
                        "likely.",
                        hint="weight each outcome by its probability: 0.5 x 9 + 0.25 x 0 + 0.25 x (-2).")
    if value == 1 or value == -2:
        return Feedback(False, f"{value!r} is the minimax value (chance playing against Max); chance does not "
                        "choose, it averages.",
                        hint="each chance node is worth the probability-weighted mean of its outcomes.")
    return Feedback(False, f"{value!r} is not {what}.",
                    hint="a chance node is worth sum(probability x value); Max takes the larger of the two.")


#: The tree of the pruning exercise: a Max root over two chance nodes (fair coins); the
#: last leaf is the learner's number.
def _coins(x) -> GameTree:
    return GameTree([["chance", 3, 5], ["chance", 1, x]])


@learner_check
def check_unseen_leaf(x: Any) -> Feedback:
    """Check a value for the last leaf of ``[["chance", 3, 5], ["chance", 1, x]]`` that
    makes Max choose the right coin, although its first outcome, 1, is below the left
    coin's 4 (where alpha-beta, at a Min node, would have cut).

    Parameters
    ----------
    x : object
        The learner's value of the last leaf.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_unseen_leaf(20)
    Right: with x = 20 the right coin is worth 10.50 > 4: a single unseen outcome can lift an average past any bound, so
    nothing below a chance node can be cut.
    """
    what = "a value for the last leaf"
    junk = _junk(x, what)
    if junk is not None:
        return junk
    if math.isinf(x):
        return Feedback(False, "pick a finite number: a leaf holds a utility, and the point is that a "
                        "finite one is enough.")
    result = expectimax(_coins(x), record=False)
    right = result.score
    if result.move == 1 and right > 4:
        return Feedback(True, f"with x = {format_value(x, signed=False)} the right coin is worth "
                        f"{format_value(right, signed=False)} > 4: a single unseen outcome can lift an average "
                        "past any bound, so nothing below a chance node can be cut.")
    mean = (1 + x) / 2
    return Feedback(False, f"with x = {x!r} the right coin is worth (1 + x) / 2 = {format_value(mean, signed=False)}, "
                    "not more than the left coin's 4, so Max still picks the left one.",
                    hint="solve (1 + x) / 2 > 4 for x.")


# -- the match -------------------------------------------------------------------------------------

def minimax_player(game, state) -> int:
    """Minimax's move to the end of the game (the first best move): never loses, assumes the
    worst. Found by alpha-beta, which keeps the first of the moves with the best value, as
    minimax does (lesson 05), in a fraction of the calls.

    Parameters
    ----------
    game : Game
        The game.
    state : object
        The position to move in.

    Returns
    -------
    int
        The move.

    Raises
    ------
    MinimaxError
        As :func:`minimax_viz.alphabeta`: for a ``game`` that is no Game or a ``state``
        that is not one of its positions.
    """
    return alphabeta(game, state, record=False).move


def expectimax_player(game, state) -> int:
    """Expectimax to the end of the game: the move that scores best on average against
    an opponent that picks uniformly at random. With the table (``memo=True``): the same
    move, each position searched once (16,168 calls from tic-tac-toe's start, not 549,946).

    Parameters
    ----------
    game : Game
        The game.
    state : object
        The position to move in.

    Returns
    -------
    int
        The move.

    Raises
    ------
    MinimaxError
        As :func:`minimax_viz.expectimax`: for a ``game`` that is no Game or a ``state``
        that is not one of its positions.
    """
    return expectimax(game, state, record=False, memo=True).move


class SideOf(ForwardingGame):
    """Tic-tac-toe seen from one side: that side is Max (its wins count +1), the other
    Min. ``SideOf("X")`` is tic-tac-toe as it is; ``SideOf("O")`` lets a search play O.
    The rules are tic-tac-toe's; who is Max, and so the signs, are the side's.

    Parameters
    ----------
    side : str, optional
        The side that is Max, "X" (the default) or "O".

    Examples
    --------
    >>> game = SideOf("O")
    >>> game.node_type(game.start()), game.utility("XXX" "OO." "...")
    ('min', -1)
    """

    def __init__(self, side: str = "X"):
        super().__init__(TicTacToe())
        self.side = side
        self.max_player, self.min_player = side, "O" if side == "X" else "X"
        self._sign = 1 if side == "X" else -1

    def __repr__(self) -> str:
        return f"SideOf({self.side!r})"

    def is_max(self, state):
        return self.player(state) == self.side

    def node_type(self, state):
        return "max" if self.is_max(state) else "min"

    def utility(self, state):
        return self._sign * self.game.utility(state)

    def outcome(self, state):
        return self.utility(state) if self.is_terminal(state) else None

    def evaluate(self, state):
        return 0   # no guess from either side: a search of the whole game never needs one


def play_match(player: Callable, *, side: str = "X", games: int = 200, seed: int = 0) -> dict:
    """``player`` against an opponent that moves uniformly at random, over ``games`` seeded
    games: ``{"win": n, "draw": n, "loss": n}`` for ``player``, who plays ``side`` ("X"
    moves first). Game ``i`` seeds the opponent with ``seed + i``, so the same seeds
    give every player the same opponent's dice. ``player(game, state) -> move`` sees the
    game from its side (:class:`SideOf`: its wins are +1) on a copy of its own, so what it
    does to that copy cannot change the referee's rules; its move in each position is
    asked once and remembered.

    Parameters
    ----------
    player : callable
        ``player(game, state) -> move``.
    side : str, optional
        The side ``player`` plays, "X" (the default, moving first) or "O".
    games : int, optional
        The number of games (200 unless given).
    seed : int, optional
        The first game's seed of the opponent's dice (0 unless given).

    Returns
    -------
    dict
        ``{"win": n, "draw": n, "loss": n}`` for ``player``.

    Raises
    ------
    InvalidOption
        For a ``player`` that is not a function, a side other than "X"
        or "O", ``games`` not a whole number >= 1, a ``seed`` that is not a whole number, or
        a move from ``player`` that is not legal where it was asked.

    Examples
    --------
    >>> play_match(minimax_player, games=5)
    {'win': 5, 'draw': 0, 'loss': 0}
    """
    if not callable(player):
        raise InvalidOption(f"player must be a function player(game, state) -> move, not {shown(player)}")
    if not isinstance(side, str) or side not in ("X", "O"):
        raise InvalidOption(f"side must be 'X' or 'O', not {shown(side)}")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise InvalidOption(f"games must be a whole number >= 1, not {shown(games)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidOption(f"seed must be a whole number (game i is seeded with seed + i), not {shown(seed)}")
    referee, theirs, memo = SideOf(side), SideOf(side), {}   # the player gets a copy of its own
    counts = {"win": 0, "draw": 0, "loss": 0}
    for i in range(games):
        rng = random.Random(seed + i)
        state = referee.start()
        while not referee.is_terminal(state):
            legal = list(referee.moves(state))
            if referee.player(state) == side:
                key = referee.key(state)
                if key not in memo:
                    memo[key] = _legal_move(player(theirs, state), legal, referee, state)
                move = memo[key]
            else:
                move = rng.choice(legal)
            state = referee.play(state, move)
        u = referee.utility(state)
        counts["win" if u > 0 else "loss" if u < 0 else "draw"] += 1
    return counts


# -- the learner's own expectimax and expectiminimax ----------------------------------------------

#: Max moves, then Min (an opponent who chooses), then a fair coin: the shape of AIMA's
#: EXPECTIMINIMAX (5.5). Min on the left can pick the coin worth 3, on the right at worst 5.
MIN_AND_DICE = GameTree([["min", ["chance", 2, 4], ["chance", 10, 10]],
                         ["min", ["chance", 5, 5], ["chance", 8, 4]]])

_SEARCHES = {"expectimax": expectimax, "expectiminimax": expectiminimax}


@learner_check
def check_expectimax(fn: Callable) -> SearchFeedback:
    """Check a learner's ``expectimax(game, state, depth) -> (value, move)`` on games it has not
    seen, call by call: Max chooses, a "chance" node averages with ``game.probabilities``, a
    "min" node is a ghost moving at random (the plain mean); moves in ``game.moves`` order.
    Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``expectimax(game, state, depth)``.

    Returns
    -------
    SearchFeedback
        The verdict; ``.show()`` draws the two trees on a "Not yet".

    Examples
    --------
    >>> def expectimax(game, state, depth):
    ...     raise NotImplementedError("your code here")
    >>> check_expectimax(expectimax).ok
    False
    """
    return check_search(fn, "expectimax")


@learner_check
def check_expectiminimax(fn: Callable) -> SearchFeedback:
    """Check a learner's ``expectiminimax(game, state, depth) -> (value, move)`` (AIMA 5.5):
    Max takes the largest child value, Min the smallest, a "chance" node the mean weighted by
    ``game.probabilities``. Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``expectiminimax(game, state, depth)``.

    Returns
    -------
    SearchFeedback
        The verdict; ``.show()`` draws the two trees on a "Not yet".

    Examples
    --------
    >>> check_expectiminimax("expectiminimax")
    Not yet: the check takes your expectiminimax function itself, but it got 'expectiminimax'.
    Hint: pass the function's name, without calling it: check(expectiminimax)
    """
    return check_search(fn, "expectiminimax")


def show_your_search(fn: Callable, game: Game, depth: int | None = None, *, kind: str = "expectimax",
                     exercise: str = "exercise 3") -> Unfinished | None:
    """Run the learner's ``fn(game, state, depth)`` from the start of ``game``, record every call
    it makes (:func:`~minimax_viz.record_calls`) and draw it: where it first parts from the
    package's search of ``kind`` (:func:`~minimax_viz.first_difference`), the right tree above
    and the learner's below with the parting framed (:func:`~minimax_viz.draw_difference`), or
    the learner's tree alone when the two agree. Returns None once it has drawn (as
    :meth:`SearchFeedback.show` does), or an :class:`~minimax_viz.exercises.Unfinished` line
    when ``fn`` is still the stub or fails, so a lesson cell shows one or the other.

    Parameters
    ----------
    fn : callable
        The learner's search, ``fn(game, state, depth)``.
    game : Game
        The game.
    depth : int or None, optional
        The depth limit (``None``: to the end).
    kind : str, optional
        The package's search to compare with (``"expectimax"`` unless given).
    exercise : str, optional
        The exercise where the learner writes ``fn``, for the words.

    Returns
    -------
    Unfinished or None
        None once drawn, or the line saying what to finish first.

    Raises
    ------
    InvalidOption
        For a ``kind`` other than "expectimax" or "expectiminimax".

    Examples
    --------
    >>> def expectimax(game, state, depth):
    ...     raise NotImplementedError("your code here")
    >>> show_your_search(expectimax, DICE)
    Not yet: finish exercise 3 above first: expectimax is still the stub
    """
    from ..compare import first_difference
    from ..draw import draw_difference, draw_tree
    from ..learner import record_calls

    if kind not in _SEARCHES:
        raise InvalidOption(f"kind is 'expectimax' or 'expectiminimax', not {kind!r}")
    if not callable(fn):
        return Unfinished(f"show_your_search takes your {kind} function itself, not {_short(fn)}")
    right = _SEARCHES[kind](game, depth=depth)
    mine = attempt(record_calls, fn, game, game.start(), math.inf if depth is None else depth,
                   algorithm=f"your {kind}", min_at_random=right.tree.min_at_random, exercise=exercise)
    if isinstance(mine, Unfinished):
        return mine
    difference = first_difference(mine, right)
    if difference is None:
        draw_tree(mine)
    else:
        draw_difference(difference)
    return None
def _legal_move(move, legal: list, game, state) -> int:
    """The player's move as a plain int, or InvalidOption when it is no legal move here."""
    if isinstance(move, Integral) and not isinstance(move, bool) and int(move) in legal:
        return int(move)
    raise InvalidOption(
        f"player returned {shown(move)} for the board {game.board(state)}, where the legal moves are "
        f"{legal}; it must return one of them (a cell index)"
    )
