"""Checks for lesson 03, The Whole Tree: counting nodes at a depth, finished games and positions.

Each check returns a :class:`~minimax_viz.exercises.feedback.Feedback` ("Right: ..." or
"Not yet: ..." with a hint) and never raises, whatever the learner's code does.
"""

from __future__ import annotations

import math
from collections import Counter
from numbers import Integral
from typing import Callable

from ..games import TicTacToe
from ..search import minimax
from .feedback import Feedback, kind_mismatch, same
from .feedback import describe_error as _describe_error
from ..clock import call_learner
from .feedback import learner_check

__all__ = ["check_nodes_at_depth", "check_count_games", "check_count_positions"]

#: Boards the counting checks try, smallest first, so a slow or wrong answer stops early.
#: On the first one the usual slips all give different numbers (182 calls, 103 inner
#: nodes, 79 games, 75 positions: 49 unfinished and 26 finished).
GAMES_BOARDS = (
    ["X", "O", 2, 3, "X", 5, "O", 7, 8],       # 79 games
    ["X", "O", 2, 3, 4, 5, 6, 7, 8],           # 3,668 games
)
POSITIONS_BOARDS = GAMES_BOARDS + (list(range(9)),)  # ... and the empty board: 5,478

#: ``(board, depth)`` for :func:`check_nodes_at_depth`: the lesson's question first (the
#: empty board, depth 4), then depth 0, boards where games end sooner, a finished board,
#: a depth past every game's end.
DEPTH_CASES = (
    (list(range(9)), 4),
    (list(range(9)), 0),
    (["X", "O", 2, 3, "X", 5, "O", 7, 8], 2),     # X can win at once on 8
    (["X", "O", 2, 3, "X", 5, "O", 7, 8], 4),
    (["X", "X", "X", "O", "O", 5, 6, 7, 8], 0),   # X has won
    (["X", "X", "X", "O", "O", 5, 6, 7, 8], 1),
    (["X", 1, 2, 3, "O", 5, 6, 7, "X"], 6),       # depth 6: only the games that fill the board
    (["X", 1, "O", "X", 4, "X", "O", "O", 8], 5),  # the tutorial's: deeper than any game
    (["X", "O", 2, 3, 4, 5, 6, 7, 8], 5),
)


@learner_check
def check_nodes_at_depth(nodes_at_depth: Callable) -> Feedback:
    """Check ``nodes_at_depth(game, board, depth)``: the nodes of the tree ``depth`` plies below
    ``board``, one per move order, games that ended sooner left out.

    It tries the cases of :data:`DEPTH_CASES` and compares with the level ``depth`` of
    minimax's recorded tree (``Counter(node.depth for node in tree.nodes)``).

    Parameters
    ----------
    nodes_at_depth : callable
        The learner's ``nodes_at_depth(game, board, depth)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> def nodes_at_depth(game, board, depth):
    ...     if depth == 0:
    ...         return 1
    ...     return sum(nodes_at_depth(game, game.play(board, m), depth - 1) for m in game.moves(board))
    >>> check_nodes_at_depth(nodes_at_depth)
    Right: nodes_at_depth agrees with the levels of minimax's tree in all 9 cases, finished games among them: 3,024
    nodes at depth 4 below the empty board (9 × 8 × 7 × 6, as no game is over before the fifth move).
    >>> check_nodes_at_depth(lambda game, board, depth: 9 ** depth)
    Not yet: <lambda>(game, [0, 1, 2, 3, 4, 5, 6, 7, 8], 4) returned 6561, but the tree has 3,024 nodes 4 plies below
    the empty board.
    Hint: 9 ** 4 lets a player take a cell that is already taken: after the first move only 8 cells are free, then 7,
    then 6.
    """
    if not callable(nodes_at_depth):
        return Feedback(False, f"nodes_at_depth should be a function (game, board, depth), but it is "
                               f"{nodes_at_depth!r}.", hint="define it with def nodes_at_depth(game, board, depth): "
                                                            "and run that cell.")
    name = getattr(nodes_at_depth, "__name__", "nodes_at_depth")
    game = TicTacToe()
    for board, depth in DEPTH_CASES:
        call = f"{name}(game, {_show(board)}, {depth})"
        got, problem = call_learner(nodes_at_depth, game, list(board), depth)
        if problem is not None:
            return Feedback(False, f"{call}: {problem}.", hint=_depth_error_hint(problem))
        levels = _levels(game, board, depth)
        right = levels["nodes"]
        if _is_count(got) and got == right:
            continue
        where = "the empty board" if board == list(range(9)) else repr(game.string(board))
        return Feedback(False, f"{call} returned {got!r}, but the tree has {right:,} "
                               f"node{'s' if right != 1 else ''} {depth} pl{'ies' if depth != 1 else 'y'} "
                               f"below {where}.", hint=_depth_hint(got, levels, board, depth))
    return Feedback(True, f"{name} agrees with the levels of minimax's tree in all {len(DEPTH_CASES)} cases, "
                          "finished games among them: 3,024 nodes at depth 4 below the empty board "
                          "(9 × 8 × 7 × 6, as no game is over before the fifth move).")


def _levels(game, board, depth: int) -> dict:
    """What a learner may count at level ``depth`` below ``board``, from minimax's recorded tree
    (depth-limited there) and the distinct positions level by level."""
    tree = minimax(game, board, depth=depth).tree
    nodes = Counter(node.depth for node in tree.nodes)
    ended = Counter(node.depth for node in tree.nodes if node.is_leaf and game.is_terminal(node.state))
    level = {game.state(board)}
    for _ in range(depth):
        level = {child for state in level for _, child in game.successors(state)}
    return {"nodes": nodes[depth], "above": nodes[depth - 1] if depth else None, "every": sum(nodes.values()),
            "ended_sooner": sum(n for d, n in ended.items() if d < depth), "ending": ended[depth],
            "positions": len(level)}


_NODES_RECURSION = ("At depth 0 the board itself is the one node: 1. Otherwise add up nodes_at_depth(game, "
                    "game.play(board, move), depth - 1) over game.moves(board); a finished game has no moves, "
                    "so nothing lies below it.")


def _depth_hint(got, levels: dict, board: list, depth: int) -> str:
    right = levels["nodes"]
    if not _is_count(got):
        wrong = kind_mismatch(got, right, what="the count")
        return (wrong.hint + " " if wrong is not None and wrong.hint else "return a whole number. ") + _NODES_RECURSION
    hint = _empty_board_slip(got, board, depth)
    if hint is None:
        hint = _level_slip(got, levels, board, depth)
    if hint is not None:
        return hint
    if depth == 0:
        return "the board itself is the one node 0 plies below it, finished or not: answer 1 at depth 0."
    return _NODES_RECURSION[0].lower() + _NODES_RECURSION[1:]


def _empty_board_slip(got: int, board: list, depth: int) -> str | None:
    """The hint for the two usual wrong counts of the lesson's question (depth 4 below the
    empty board), else None."""
    if depth == 4 and board == list(range(9)):
        hints = {9 ** 4: "9 ** 4 lets a player take a cell that is already taken: after the first move "
                         "only 8 cells are free, then 7, then 6.",
                 126: "126 counts sets of four cells, but the tree counts move orders: X in 0 then O in 4 "
                      "is a different branch from X in 4 then O in 0."}
        if got in hints:
            return hints[got]
    return None


def _level_slip(got: int, levels: dict, board: list, depth: int) -> str | None:
    """The hint when ``got`` is another number the tree holds (games that ended sooner kept,
    the free cells multiplied, every level, the level above, boards, games ending), else None."""
    right = levels["nodes"]
    free = sum(1 for c in board if c not in ("X", "O"))
    if levels["ended_sooner"] and got == right + levels["ended_sooner"]:
        return ("a game that ended sooner has no node at this depth, but your count keeps it: answer 1 "
                "only when depth is 0, and 0 at a finished board with depth still to go.")
    if got == math.perm(free, depth) and got != right:
        return ("that multiplies the free cells (9 × 8 × ...), which holds only while no game can be "
                "over; below a finished game there are no nodes. " + _NODES_RECURSION)
    if depth and got == levels["every"]:
        return ("that counts every node from depth 0 down to this depth; count only the nodes exactly "
                "depth plies below the board. " + _NODES_RECURSION)
    if depth and got == levels["above"]:
        return ("that is the level above, depth - 1: the board itself is at depth 0 and its children at "
                "depth 1, so answer 1 when depth is 0 and call the children with depth - 1.")
    if got == levels["positions"] and got != right:
        return ("that counts different boards, but the tree has a node for each move order that "
                "reaches a board: do not skip boards seen before.")
    if levels["ending"] and got == levels["ending"]:
        return "that counts only the games that end at this depth; count every node there, finished or not."
    return None


def _depth_error_hint(problem: str) -> str | None:
    if "recursed without end" in problem:
        return ("stop at depth 0 (answer 1), and call the children with depth - 1 on game.play(board, "
                "move), not on the same board.")
    if "game is over" in problem:
        return "a finished game has no moves: loop over game.moves(board), which is empty there."
    if "ran for more than" in problem:
        return ("answer 1 as soon as depth is 0, without looking further: nothing below that depth "
                "counts, and the whole tree from the empty board has 549,946 nodes.")
    return None


@learner_check
def check_count_games(count_games: Callable) -> Feedback:
    """Check ``count_games(game, board)``: the finished games (leaves) below a board.

    It tries the boards in :data:`GAMES_BOARDS`, small ones first.

    Parameters
    ----------
    count_games : callable
        The learner's ``count_games(game, board)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
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

    Parameters
    ----------
    count_positions : callable
        The learner's ``count_positions(game, board)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
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
    Right: count_positions finds 5,478 distinct positions from the empty board, and the right number from 2 smaller
    boards.
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


def _tree_size(game, board) -> tuple[int, int]:
    """The nodes and the leaves of the whole game tree below ``board``: what a minimax to the
    end calls and where its games end, counted once per position (the tree below a position
    is the same whichever move order reaches it).

    >>> from minimax_viz import TicTacToe
    >>> _tree_size(TicTacToe(), None) == (549946, 255168)
    True
    """
    sizes: dict = {}

    def size(state):
        known = sizes.get(state)
        if known is None:
            if game.is_terminal(state):
                known = (1, 1)
            else:
                below = [size(child) for _, child in game.successors(state)]
                known = (1 + sum(n for n, _ in below), sum(leaves for _, leaves in below))
            sizes[state] = known
        return known

    return size(game.state(board))


def _counts(game, board) -> dict:
    """Calls, finished games and distinct positions (all, unfinished) below ``board``."""
    calls, games = _tree_size(game, board)
    seen = _positions(game, board)
    unfinished = sum(1 for s in seen if not game.is_terminal(s))
    return dict(calls=calls, games=games, positions=len(seen), unfinished=unfinished,
                finished=len(seen) - unfinished)


def _is_count(value) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


#: Another count a learner may give for the one asked: (asked for, what was counted, the hint), in order.
_OTHER_COUNTS = (
    ("positions", "games", "that is the number of finished games (leaves); count every distinct board, once."),
    ("games", "finished", "that is the number of distinct finished boards: your count skips a finished board "
                          "it has seen before. Two move orders that end on the same board are two games, so "
                          "count 1 for every finished board you reach, with no set."),
    ("games", "positions", "that is the number of distinct positions; a finished board reached by two move "
                           "orders is two games, so do not skip boards already seen."),
    ("positions", "unfinished", "finished boards (won or full) are positions too: count them as well."),
    ("positions", "finished", "that counts only the finished boards; count the unfinished ones too."),
)


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
    for asked, counted, hint in _OTHER_COUNTS:
        if want == asked and got == counts[counted]:
            return hint
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
