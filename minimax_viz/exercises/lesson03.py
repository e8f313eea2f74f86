"""Checks for lesson 03, The Whole Tree: counting nodes, finished games and positions.

Each check returns a :class:`~minimax_viz.exercises.feedback.Feedback` ("Right: ..." or
"Not yet: ..." with a hint) and never raises, whatever the learner's code does.
"""

from __future__ import annotations

from numbers import Integral
from typing import Any, Callable

from ..games import TicTacToe
from ..search import minimax
from .feedback import Feedback, check_value, kind_mismatch, same
from .feedback import describe_error as _describe_error
from .feedback import learner_check

__all__ = ["check_nodes_at_depth_4", "check_count_games", "check_count_positions"]

#: Boards the counting checks try, smallest first, so a slow or wrong answer stops early.
#: On the first one the usual slips all give different numbers (182 calls, 103 inner
#: nodes, 79 games, 75 positions: 49 unfinished and 26 finished).
GAMES_BOARDS = (
    ["X", "O", 2, 3, "X", 5, "O", 7, 8],       # 79 games
    ["X", "O", 2, 3, 4, 5, 6, 7, 8],           # 3,668 games
)
POSITIONS_BOARDS = GAMES_BOARDS + (list(range(9)),)  # ... and the empty board: 5,478


@learner_check
def check_nodes_at_depth_4(answer: Any) -> Feedback:
    """Check the number of nodes four plies below the empty board (no game is over yet).

    >>> check_nodes_at_depth_4(9 * 8 * 7 * 6)
    Right: there are 3024 nodes at depth 4: 9 × 8 × 7 × 6 move orders.
    >>> check_nodes_at_depth_4(9 ** 4)
    Not yet: 6561 is not the number of nodes at depth 4.
    Hint: 9 ** 4 lets a player take a cell that is already taken: after the first move only 8 cells are free, then 7, then 6.
    """
    hints = {
        9 ** 4: "9 ** 4 lets a player take a cell that is already taken: after the first move "
                "only 8 cells are free, then 7, then 6.",
        126: "126 counts sets of four cells, but the tree counts move orders: X in 0 then O in 4 "
             "is a different branch from X in 4 then O in 0 (and who holds which cell matters too).",
        9 + 8 + 7 + 6: "adding counts the moves along one path; each node at depth 3 has 6 children, "
                       "so multiply.",
        504: "504 is depth 3 (9 × 8 × 7); depth 4 is one move more.",
        72: "72 is depth 2; the root is depth 0, its 9 children depth 1.",
        5478: "5,478 is the number of distinct positions in the whole game; the question is about "
              "nodes of the tree at depth 4.",
    }
    hint = next((h for wrong, h in hints.items() if _is_count(answer) and same(answer, wrong)), None)
    return check_value(
        answer, 9 * 8 * 7 * 6, what="the number of nodes at depth 4",
        hint=hint or ("the root has 9 children, each of those has 8, ... multiply the "
                               "choices for four moves in a row."),
        success="there are 3024 nodes at depth 4: 9 × 8 × 7 × 6 move orders.",
    )


@learner_check
def check_count_games(count_games: Callable) -> Feedback:
    """Check ``count_games(game, board)``: the finished games (leaves) below a board.

    It tries the boards in :data:`GAMES_BOARDS`, small ones first.

    >>> def count_games(game, board):
    ...     if game.is_terminal(board):
    ...         return 1
    ...     return sum(count_games(game, game.play(board, m)) for m in game.moves(board))
    >>> check_count_games(count_games)
    Right: count_games agrees with the leaves of minimax's tree on 2 boards (3,668 games below XO.......).
    """
    failed = _first_wrong_count(count_games, "count_games", GAMES_BOARDS, want="games",
                                what="different games can be played")
    if failed is not None:  # a Feedback is falsy when it says "Not yet": no `or` here
        return failed
    return Feedback(True, "count_games agrees with the leaves of minimax's tree on 2 boards "
                          "(3,668 games below XO.......).")


@learner_check
def check_count_positions(count_positions: Callable) -> Feedback:
    """Check ``count_positions(game, board)``: the distinct boards reachable from a board,
    the board itself and finished boards included.

    It tries the boards in :data:`POSITIONS_BOARDS`, ending with the empty board (5,478).

    >>> def count_positions(game, board):
    ...     seen = set()
    ...     def visit(board):
    ...         if game.key(board) not in seen:
    ...             seen.add(game.key(board))
    ...             for move in game.moves(board):
    ...                 visit(game.play(board, move))
    ...     visit(board)
    ...     return len(seen)
    >>> check_count_positions(count_positions)
    Right: count_positions finds 5,478 distinct positions from the empty board, and the right number from 2 smaller boards.
    """
    failed = _first_wrong_count(count_positions, "count_positions", POSITIONS_BOARDS, want="positions",
                                what="distinct positions can be reached")
    if failed is not None:
        return failed
    return Feedback(True, "count_positions finds 5,478 distinct positions from the empty board, "
                          "and the right number from 2 smaller boards.")


# -- helpers ---------------------------------------------------------------------------------

def _first_wrong_count(function: Callable, name: str, boards, *, want: str, what: str) -> Feedback | None:
    """Run a learner's counting function on each board; words for the first wrong count, else None."""
    game = TicTacToe()
    for board in boards:
        got, failed = _call(function, game, board, name)
        if failed is not None:
            return failed
        counts = _counts(game, board)
        if not same(got, counts[want]) or isinstance(got, bool):
            return Feedback(
                False,
                f"{name}(game, {_show(board)}) returned {got!r}, but {counts[want]:,} "
                f"{what} from {game.string(board)!r}.",
                hint=_diagnose(got, counts, want=want),
            )
    return None


def _call(function: Callable, game, board: list, name: str):
    """Call the learner's function on a fresh copy of ``board``: (value, None) or (None, Feedback)."""
    if not callable(function):
        return None, Feedback(False, f"{name} should be a function (game, board), but it is {function!r}.")
    try:
        return function(game, list(board)), None
    except RecursionError:
        return None, Feedback(
            False, f"{name}(game, {_show(board)}) never stopped recursing.",
            hint="stop at a finished game (game.is_terminal(board)) or at a board already seen.",
        )
    except TypeError as err:  # the learner's code: any error becomes words
        hint = None
        if "unhashable" in str(err):
            hint = ("a list cannot go into a set or be a dict key, because it can change: "
                    "add game.key(board) (a number, equal for equal boards) or tuple(board) instead.")
        return None, Feedback(False, f"{name}(game, {_show(board)}): {_describe_error(err)}.", hint=hint)
    except Exception as err:  # the learner's code: any error becomes words
        return None, Feedback(False, f"{name}(game, {_show(board)}): {_describe_error(err)}.")


def _positions(game, board) -> set:
    """The distinct positions reachable from ``board``, in the game's inner form."""
    seen = {game.state(board)}
    todo = list(seen)
    while todo:
        for _, child in game.successors(todo.pop()):
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen


def _counts(game, board) -> dict:
    """Calls, finished games and distinct positions (all, unfinished) below ``board``."""
    found = minimax(game, board, record=False).stats
    seen = _positions(game, board)
    unfinished = sum(1 for s in seen if not game.is_terminal(s))
    return dict(calls=found.calls, games=found.leaves, positions=len(seen), unfinished=unfinished,
                finished=len(seen) - unfinished)


def _is_count(value) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


def _diagnose(got, counts: dict, *, want: str) -> str:
    """Words for the usual slips: counting the wrong thing, or one off."""
    if not _is_count(got):
        wrong = kind_mismatch(got, counts[want], what="the count")
        return (f"return a whole number (the count), not {type(got).__name__}"
                + (f": {wrong.hint}" if wrong is not None and wrong.hint else "."))
    if got == counts["calls"]:
        return ("that is the number of calls: every node of the tree, inner ones too. "
                + ("Count 1 for a finished game only, and add up the children otherwise."
                   if want == "games" else
                   "The same board reached by two move orders is one position: keep a set of "
                   "game.key(board) and skip a board already in it."))
    if want == "positions" and got == counts["games"]:
        return "that is the number of finished games (leaves); count every distinct board, once."
    if want == "games" and got == counts["finished"]:
        return ("that is the number of distinct finished boards: your count skips a finished board "
                "it has seen before. Two move orders that end on the same board are two games, so "
                "count 1 for every finished board you reach, with no set.")
    if want == "games" and got == counts["positions"]:
        return ("that is the number of distinct positions; a finished board reached by two move "
                "orders is two games, so do not skip boards already seen.")
    if want == "positions" and got == counts["unfinished"]:
        return "finished boards (won or full) are positions too: count them as well."
    if want == "positions" and got == counts["finished"]:
        return "that counts only the finished boards; count the unfinished ones too."
    if got == counts[want] - 1:
        return "one short: the board you start from counts too."
    if got == counts[want] + 1:
        return "one too many: is the starting board counted twice?"
    if want == "games" and got == counts["calls"] - counts["games"]:
        return "that counts the inner nodes; count the finished games (the leaves) instead."
    return ("compare with mv.minimax(game, board) on the same board: "
            + ("result.stats.leaves counts its games." if want == "games" else
               "result.stats.calls counts nodes, and positions are fewer."))


def _show(board: list) -> str:
    return repr(list(board))
