"""Checks for lesson 05, alpha-beta pruning: skipped leaves, the window at a node, your own
alpha-beta on nested lists, then on the Game interface, drawn over the package's.

Every check runs the package's :func:`~minimax_viz.alphabeta` on a textbook tree (nested
lists, as in :class:`~minimax_viz.GameTree`) and compares the learner's answer with what
the search recorded; a wrong answer is explained with the node where the reasoning went
astray. Leaves and nodes are named by their paths of child indexes counted from 0,
``(1, 0)`` for the first child of the root's second child; ``()`` is the root. The lesson's
drawings write the same indexes on the edges (:class:`IndexedTree`), so a path reads off the
picture edge by edge.
"""

from __future__ import annotations

import copy
import math
from typing import Any, Callable

from ..games.base import Game
from .feedback import Feedback
from .feedback import describe_error as _describe_error
from ..pruning import AIMA, PRACTICE, IndexedTree, PruningSearch, is_number, same_number
from ..pruning import check_never_visited, check_root_value, check_window
from .nested import nested_parting
from .searches import SearchFeedback, check_search, show_search, with_note_words
from .feedback import learner_check

__all__ = ["AIMA", "PRACTICE", "IndexedTree", "check_root_value", "check_never_visited", "check_window",
           "check_alphabeta", "check_alphabeta_game", "draw_your_alphabeta"]

#: The trees :func:`check_alphabeta` tries, small to large (two drawn by
#: ``GameTree.random`` with seeds 5 and 11, written out so they never change).
CHECK_TREES = [
    [4, 9, 2],
    AIMA,
    [[5, 6], [5, 9]],
    PRACTICE,
    [[[5, -2], [-4, -6], [6, -2, 3]], [[-9, -3], [-1, -4, 3]], [[-5, 5], [-5, -9]]],
    [[[[-4, 7], [-4, -6]], [[-5, -7], [3, 5]]], [[[-8, -8], [-2, -9]], [[5, 9], [7, -2]]]],
]


# -- exercise: your own alpha-beta ------------------------------------------------------------

def _call_text(function, nested) -> str:
    name = getattr(function, "__name__", "your function")
    return f"{name}({nested!r}, -inf, +inf, True, visited)"


def _explain_visits(search: PruningSearch, got: list, call: str) -> str | None:
    """What is wrong with the leaf values a learner's function visited (None: nothing)."""
    order = search.visited()
    want = [search.value(p) for p in order]
    if got == want:
        return None
    words = _visits_slip(search, got, want, call)
    if words is not None:
        return words
    return _first_wrong_visit(search, got, order, call)


def _visits_slip(search: PruningSearch, got: list, want: list, call: str) -> str | None:
    """Words for the usual slips of a whole list of visits: nothing appended, the CS188 rule of
    cutting, no cut at all; else None."""
    every = [search.value(p) for p in search.leaves]
    if not got:
        return (
            f"{call} returned the right value, but visited stayed empty: append each leaf's "
            "value to visited when your function reaches a leaf."
        )
    strict = PruningSearch(search.game.nested, prune_on_equal=False)
    if got == [strict.value(p) for p in strict.visited()]:
        return (
            f"{call} returned the right value, but it cuts only on strict inequality "
            "(value > beta, value < alpha), the CS188 convention; this check follows AIMA and "
            "mv.alphabeta's default: cut when a Max node's value is >= beta and a Min node's is <= alpha."
        )
    if got == every and len(every) > len(want):
        return (
            f"{call} returned the right value, but it looked at every leaf: it never cut. After "
            "each child, a Max node stops once its value is >= beta, a Min node once it is "
            "<= alpha; and each child is searched with the window as narrowed so far."
        )
    return None


def _first_wrong_visit(search: PruningSearch, got: list, order: list, call: str) -> str:
    """Words for the first leaf where the visits ``got`` part from alpha-beta's, in ``order``."""
    want = [search.value(p) for p in order]
    i = next((k for k, (g, w) in enumerate(zip(got, want)) if g != w), min(len(got), len(want)))
    so_far = f"the first {i} leaves it looked at are right; then " if i else ""
    nxt = _next_skipped(search, order[i - 1] if i else None)
    if i < len(got) and nxt is not None and got[i] == search.value(nxt):
        return f"{call}: {so_far}it looked at {got[i]!r}, but {search.why_skipped(nxt)}"
    if i >= len(want):
        return f"{call}: {so_far}it went on to look at {got[i]!r}, where alpha-beta has already stopped."
    seen = f"it looked at {got[i]!r}" if i < len(got) else "it stopped"
    return (
        f"{call}: {so_far}{seen}, but alpha-beta looks at leaf {order[i]} = {want[i]!r} next. "
        "Either your function cut too early (a Max node may stop only once its value is >= beta, "
        "a Min node once it is <= alpha) or it searched the children out of order (always left to right)."
    )


def _next_skipped(search: PruningSearch, after: tuple | None) -> tuple | None:
    """The leaf just after ``after`` in left-to-right order, if alpha-beta skips it."""
    k = 0 if after is None else search.leaves.index(after) + 1
    if k < len(search.leaves) and search.leaves[k] in search.skipped():
        return search.leaves[k]
    return None


def _parted(function: Callable, nested: Any, head: str, *, hint: str | None = None) -> Feedback:
    """``head`` (what went wrong, in the values or the leaves visited), then the first call
    where the learner's recorded search parts from alpha-beta, named as the drawings name it
    (:func:`~minimax_viz.exercises.nested.nested_parting`); ``.show()`` draws both trees."""
    difference = nested_parting(function, nested)
    if difference is None:
        return Feedback(False, head + ".", hint=hint)
    return SearchFeedback(False, f"{head}. The first call where your search parts from alpha-beta: "
                          f"{difference.words}.", hint=hint, difference=difference, kind="alphabeta")


@learner_check
def check_alphabeta(function: Callable) -> Feedback:
    """Check ``function(node, alpha, beta, is_max, visited)``, an alpha-beta on nested lists.

    It must return the node's value and append the value of each leaf it looks at to the
    list ``visited``. It is tried on :data:`CHECK_TREES` from the root, called as
    ``function(tree, -inf, +inf, True, visited)``; the leaves it looks at must be AIMA's
    (cut when a Max node's value is ``>= beta``, a Min node's ``<= alpha``), in order.

    Parameters
    ----------
    function : callable
        The learner's ``alphabeta(node, alpha, beta, is_max, visited)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> def ab(node, alpha, beta, is_max, visited):
    ...     if not isinstance(node, list):
    ...         visited.append(node)
    ...         return node
    ...     best = -math.inf if is_max else math.inf
    ...     for child in node:
    ...         value = ab(child, alpha, beta, not is_max, visited)
    ...         if is_max:
    ...             best = max(best, value)
    ...             alpha = max(alpha, best)
    ...             if best >= beta:
    ...                 break
    ...         else:
    ...             best = min(best, value)
    ...             beta = min(beta, best)
    ...             if best <= alpha:
    ...                 break
    ...     return best
    >>> check_alphabeta(ab)
    Right: your alpha-beta gets the value of all 6 trees and looks at exactly the leaves
    alpha-beta looks at, in the same order.
    """
    name = getattr(function, "__name__", "your function")
    if not callable(function):
        return Feedback(False, f"{name} should be a function, but it is {function!r}.")
    for nested in CHECK_TREES:
        search = PruningSearch(nested)
        call = _call_text(function, nested)
        visited: list = []
        try:
            got = function(copy.deepcopy(nested), -math.inf, math.inf, True, visited)
        except Exception as err:  # the learner's code: any error becomes words
            return Feedback(False, f"{call}: {_describe_error(err)}.")
        if not same_number(got, search.result.score):
            head = (f"{call} returned {got!r}, but the value of this tree is {search.result.score!r}"
                    + ("" if is_number(got) else ", a number"))
            return _parted(function, nested, head, hint="a leaf's value is its number; a Max node takes the "
                           "largest value of its children, a Min node the smallest, and is_max flips at each "
                           "level down.")
        odd = next((v for v in visited if not is_number(v)), None) if isinstance(visited, list) else None
        if odd is not None:
            return Feedback(False, f"{call} appended {odd!r} to visited; append each leaf's number "
                                   "(the leaf itself) when your function reaches a leaf.")
        problem = _explain_visits(search, visited, call)
        if problem is not None:
            if "visited stayed empty" not in problem and "the CS188 convention" not in problem:
                return _parted(function, nested, problem.rstrip("."))
            return Feedback(False, problem)
    return Feedback(
        True, f"your alpha-beta gets the value of all {len(CHECK_TREES)} trees and looks at "
        "exactly the leaves alpha-beta looks at, in the same order.",
    )


# -- exercise: alpha-beta on the Game interface ------------------------------------------------

@learner_check
def check_alphabeta_game(fn: Callable) -> SearchFeedback:
    """Check a learner's ``alphabeta(game, state, depth, alpha=-math.inf, beta=math.inf)
    -> (value, move)`` on the Game interface, the signature lesson 10 checks again
    (:func:`minimax_viz.exercises.searches.check_search` on 17 games it has not seen: depth
    limits odd and even, cut-offs at Min nodes, finished games at the limit, a position met
    at two depths, tic-tac-toe). Moves are tried in ``game.moves(state)`` order; the windows
    passed down, the cuts and the positions generated are graded, and cutting on ``>=`` (AIMA,
    ``mv.alphabeta``) and on ``>`` only (CS188) are both right. Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``alphabeta(game, state, depth, alpha, beta)``.

    Returns
    -------
    SearchFeedback
        The verdict; ``.show()`` draws the two trees on a "Not yet".

    Examples
    --------
    >>> def alphabeta(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    ...     if game.is_terminal(state):
    ...         return game.utility(state), None
    ...     if depth == 0:
    ...         return game.evaluate(state), None
    ...     maximise = game.node_type(state) == "max"
    ...     best, best_move = (-math.inf if maximise else math.inf), None
    ...     for move in game.moves(state):
    ...         value, _ = alphabeta(game, game.play(state, move), depth - 1, alpha, beta)
    ...         if (value > best) if maximise else (value < best):
    ...             best, best_move = value, move
    ...         if maximise:
    ...             alpha = max(alpha, best)
    ...         else:
    ...             beta = min(beta, best)
    ...         if alpha >= beta:
    ...             break
    ...     return best, best_move
    >>> check_alphabeta_game(alphabeta)
    Right: your alpha-beta gives the right value and move on all 17 games, node by node: depth limits odd and even,
    finished games at the limit, two Min agents in a row, ties (at zero too), a position met at two depths, and one
    met twice under two windows, tic-tac-toe with X and O to move (moves tried in game.moves order). Keep it for
    lesson 10, which checks it again.
    """
    verdict = check_search(fn, "alphabeta")
    if verdict.ok:
        verdict.message += " Keep it for lesson 10, which checks it again."
        return verdict
    return with_note_words(verdict, fn, "alphabeta")


def draw_your_alphabeta(fn: Callable, game: Game, state: Any = None, depth: int | None = None):
    """Draw a learner's alpha-beta on one position (``depth=None``: to the end) with the
    package's: the right tree above theirs with the first node where they part marked (a
    cut that should not be, a window not narrowed ...), or, when they agree under either
    pruning rule, their own tree with the branches their cuts skipped. Returns the verdict
    in words, or an :class:`~minimax_viz.exercises.feedback.Unfinished` line while ``fn``
    is still the stub (nothing is drawn then). Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's search, ``fn(game, state, depth)``.
    game : Game
        The game.
    state : object, optional
        The position (``None``: the game's start).
    depth : int or None, optional
        The depth limit (``None``: to the end).

    Returns
    -------
    SearchFeedback or Unfinished
        The verdict (its words under the drawing), or the line saying what to finish first.

    Raises
    ------
    MinimaxError
        For a ``state`` that is not a position of ``game``.

    Examples
    --------
    >>> def alphabeta(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    ...     raise NotImplementedError("your code here")
    >>> draw_your_alphabeta(alphabeta, IndexedTree(PRACTICE))
    Not yet: finish exercise 4 above first: alphabeta is still the stub
    """
    game.state(state)
    return show_search(fn, "alphabeta", game, state, depth, exercise="exercise 4")
