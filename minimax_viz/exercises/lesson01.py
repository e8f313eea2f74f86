"""Checks for lesson 01, Games as Trees: the board as a list, its empty cells, a win, the
longest game below a board.

Each check takes the learner's answer (a value or a function), tries it on a few boards
and returns a :class:`~minimax_viz.exercises.Feedback` that says in words what is wrong.
A board is the tutorial's list: ``"X"``, ``"O"``, or the index of an empty cell.
"""

from __future__ import annotations

from numbers import Integral
from typing import Any, Callable

from ..games import TicTacToe
from ..search import minimax
from .feedback import Feedback, check_value, kind_mismatch
from ..clock import call_learner
from .feedback import learner_check

__all__ = ["check_position", "check_empty_cells", "check_is_win", "check_deepest"]

TUTORIAL = ("X", 1, "O", "X", 4, "X", "O", "O", 8)

#: The eight lines, with the words a learner would use for them.
LINES = {
    (0, 1, 2): "the top row", (3, 4, 5): "the middle row", (6, 7, 8): "the bottom row",
    (0, 3, 6): "the left column", (1, 4, 7): "the middle column", (2, 5, 8): "the right column",
    (0, 4, 8): "the diagonal from top left", (2, 4, 6): "the diagonal from top right",
}

#: Boards for ``empty_cells`` and their empty cells: the tutorial's, the empty board
#: (cell 0 holds the number 0, which Python counts as false), an opening, a full board.
EMPTY_CELL_CASES = (
    (TUTORIAL, [1, 4, 8]),
    (tuple(range(9)), list(range(9))),
    (("X", 1, 2, 3, "O", 5, 6, 7, 8), [1, 2, 3, 5, 6, 7, 8]),
    (("X", "O", "X", "X", "O", "O", "O", "X", "X"), []),
)


def _board_with_line(mark: str, line: tuple[int, int, int]) -> tuple:
    """A legal board on which ``mark`` has just completed ``line`` (and nothing else wins)."""
    other = "O" if mark == "X" else "X"
    board: list[Any] = list(range(9))
    for cell in line:
        board[cell] = mark
    wanted = 2 if mark == "X" else 3  # X moves first: O has one mark fewer after X's win
    for cell in range(9):
        if wanted and board[cell] == cell:
            board[cell] = other
            if _has_line(board, other):
                board[cell] = cell
            else:
                wanted -= 1
    return tuple(board)


def _truth(value: Any) -> bool | None:
    """``bool(value)`` for an answer that has one truth value; None for one that has not
    (a numpy array of several, an object whose truth raises)."""
    try:
        return bool(value)
    except Exception:  # the learner's object: no single truth value
        return None


def _has_line(board, mark) -> bool:
    return any(all(board[c] == mark for c in line) for line in LINES)


def _win_cases() -> list[tuple[tuple, str, bool]]:
    """``(board, mark, expected)``: the tutorial first, then every line for X and for O."""
    after_4 = TUTORIAL[:4] + ("X",) + TUTORIAL[5:]
    cases = [(TUTORIAL, "X", False), (TUTORIAL, "O", False), (after_4, "X", True), (after_4, "O", False)]
    for mark in ("X", "O"):
        cases += [(_board_with_line(mark, line), mark, True) for line in LINES]
    o_row = _board_with_line("O", (6, 7, 8))
    cases += [(o_row, "X", False), (("X", "O", "X", "X", "O", "O", "O", "X", "X"), "X", False)]
    return cases


def _stub_or_error(call: str, err: Exception) -> Feedback:
    if isinstance(err, NotImplementedError):
        return Feedback(
            False,
            f"{call}: it is still the stub (it raised NotImplementedError).",
            hint="replace the raise line with your code, run that cell, then run this check again.",
        )
    return Feedback(False, f"{call}: it raised {type(err).__name__}: {err}.")


def _try(function: Callable, args: tuple, name: str) -> tuple[Any, Feedback | None]:
    """Call the learner's function on copies of the boards; words if it failed or wrote on them."""
    given = [list(a) if isinstance(a, tuple) else a for a in args]
    call = f"{name}({', '.join(repr(a) for a in given)})"
    try:
        got = function(*given)
    except Exception as err:  # the learner's code: any error becomes words
        return None, _stub_or_error(call, err)
    if [list(a) if isinstance(a, tuple) else a for a in args] != given:
        return None, Feedback(
            False,
            f"{call} changed the board it was given (it is now {given[0]!r}).",
            hint="read the board and build a new answer; do not write into the list.",
        )
    return got, None


def _hint(hints: dict, answer: Any, default: str) -> str:
    """The hint kept for a typical wrong ``answer``, else ``default``."""
    try:
        return hints.get(answer, default)
    except TypeError:  # an unhashable answer (a list, a dict) has no special hint
        return default


def _not_a_function(value, name: str) -> Feedback | None:
    if callable(value):
        return None
    if value is ...:
        return Feedback(False, f"{name} is still ...; define it with def {name}(...) in the cell above.")
    return Feedback(False, f"{name} should be a function, but it is {value!r}.",
                    hint=f"define it with def {name}(...) and run that cell.")


# -- who moves, and how many moves ------------------------------------------------------
@learner_check
def check_position(to_move: Any, n_moves: Any) -> Feedback:
    """Check the two answers about the tutorial's position: who is to move, and how many moves.

    Parameters
    ----------
    to_move : object
        The learner's answer: the player to move ("X" or "O").
    n_moves : object
        The learner's answer: how many moves that player can choose from.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_position("X", 3)
    Right: X is to move (both players have 3 marks and X moves first), and X can choose from 3 moves: cells 1, 4 and 8.
    >>> check_position("O", 6)
    Not yet: 'O' is not the player to move.
    Hint: count the marks. X moves first, so when both have the same number it is X's turn.
    """
    if to_move is ... and n_moves is ...:
        return Feedback(False, "replace the two ... with your answers, then run this cell again.")
    who = to_move.strip().upper() if isinstance(to_move, str) else to_move
    if isinstance(who, str) and who == "MAX":
        who = "X"
    a_mark = isinstance(who, str) and who in ("X", "O")
    first = check_value(
        who if a_mark else to_move, "X", what="the player to move",
        hint="count the marks. X moves first, so when both have the same number it is X's turn.",
    )
    if not first:
        if not a_mark and to_move is not ...:
            first.hint = "answer with a mark: 'X' or 'O'."
        return first
    if isinstance(n_moves, (list, tuple, set)):
        return Feedback(False, f"{n_moves!r} is a collection of moves; give how many there are, a number.",
                        hint="len(...) counts the items of a list.")
    hints = {6: "6 cells are taken; a move goes on a cell that is still empty.",
             9: "a move needs an empty cell, and some of the nine are taken."}
    second = check_value(
        n_moves, 3, what="the number of moves X can choose from",
        hint=_hint(hints, n_moves, "count the cells that still hold their own index."),
    )
    if not second:
        return second
    return Feedback(True, "X is to move (both players have 3 marks and X moves first), "
                          "and X can choose from 3 moves: cells 1, 4 and 8.")


# -- the empty cells (the tutorial's step 4) -------------------------------------------------
@learner_check
def check_empty_cells(empty_cells: Callable) -> Feedback:
    """Check ``empty_cells(board)``: the indexes of the empty cells, in the board's order.

    Parameters
    ----------
    empty_cells : callable
        The learner's ``empty_cells(board)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_empty_cells(lambda board: [c for c in board if c != "X" and c != "O"])
    Right: empty_cells gives the empty cells of every board tried, in order (the tutorial's step 4).
    >>> check_empty_cells(lambda board: [c for c in board if c == "X" or c == "O"])
    Not yet: empty_cells(['X', 1, 'O', 'X', 4, 'X', 'O', 'O', 8]) returned ['X', 'O', 'X', 'X', 'O', 'O'], but the empty
    cells are [1, 4, 8].
    Hint: your list holds marks; keep the cells that hold neither 'X' nor 'O'.
    """
    wrong = _not_a_function(empty_cells, "empty_cells")
    if wrong is not None:
        return wrong
    for board, expected in EMPTY_CELL_CASES:
        got, failed = _try(empty_cells, (board,), "empty_cells")
        if failed is not None:
            return failed
        if isinstance(got, (list, tuple)) and list(got) == expected:
            continue
        call = f"empty_cells({list(board)!r})"
        return _empty_cells_mismatch(call, got, expected)
    return Feedback(True, "empty_cells gives the empty cells of every board tried, in order (the tutorial's step 4).")


def _empty_cells_mismatch(call: str, got: Any, expected: list) -> Feedback:
    wrong_kind = _not_a_list(call, got)
    if wrong_kind is not None:
        return wrong_kind
    text = f"{call} returned {got!r}, but the empty cells are {expected!r}."
    items = list(got) if isinstance(got, (list, tuple)) else None
    return Feedback(False, text, hint=_empty_cells_hint(items, expected))


def _not_a_list(call: str, got: Any) -> Feedback | None:
    """Words for an answer that is no list at all (None, a number, a set, an iterator), else None."""
    if got is None:
        return Feedback(False, f"{call} returned None.", hint="end the function with return and the list.")
    if isinstance(got, int) and not isinstance(got, bool):
        return Feedback(False, f"{call} returned the number {got}, but the answer is a list of cells.",
                        hint="return the list itself; len() of it counts the moves.")
    if isinstance(got, set):
        return Feedback(False, f"{call} returned a set, which has no order.",
                        hint="return a list, in the board's order from cell 0 to cell 8.")
    if not isinstance(got, (list, tuple, str)) and hasattr(got, "__iter__"):
        return Feedback(False, f"{call} returned a {type(got).__name__} object, not a list.",
                        hint=f"wrap it in list(...): Python's {type(got).__name__} hands out items one at a time.")
    return None


def _empty_cells_hint(items: list | None, expected: list) -> str:
    """The hint for a wrong list of cells ``items`` (None: the answer is no list)."""
    if items is not None and not all(isinstance(c, (int, str)) for c in items):
        return ("every item of the list should be a cell's index, a number; yours holds "
                f"{next(c for c in items if not isinstance(c, (int, str)))!r}.")
    if items is None:
        return "return a list of the empty cells' indexes."
    if any(c in ("X", "O") for c in items):
        return "your list holds marks; keep the cells that hold neither 'X' nor 'O'."
    if sorted(items, key=repr) == sorted(expected, key=repr):
        return "the right cells in the wrong order: keep the board's order."
    if set(items) == set(range(9)) - set(expected):
        return "those are the taken cells; you want the others."
    if 0 in expected and 0 not in items and set(items) == set(expected) - {0}:
        return ("cell 0 holds the number 0, which Python treats as false in an if: "
                "test c != 'X' and c != 'O' rather than just c.")
    return "an empty cell holds its own index; collect the cells that are not 'X' and not 'O'."


# -- the winner check (the tutorial's step 5) ------------------------------------------------
@learner_check
def check_is_win(is_win: Callable) -> Feedback:
    """Check ``is_win(board, mark)``: True when ``mark`` fills a row, a column or a diagonal.

    Parameters
    ----------
    is_win : callable
        The learner's ``is_win(board, mark)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_is_win(lambda b, m: any(b[i] == b[j] == b[k] == m for i, j, k in LINES))
    Right: is_win finds all 8 lines, for X and for O, and only for the mark it is asked about (the tutorial's step 5).
    >>> rows_only = lambda b, m: any(b[r] == b[r + 1] == b[r + 2] == m for r in (0, 3, 6))
    >>> check_is_win(rows_only)
    Not yet: is_win(['X', 'O', 'O', 'X', 4, 5, 'X', 7, 8], 'X') returned False, but X fills the left column (cells 0, 3,
    6).
    Hint: there are 8 lines to check: 3 rows, 3 columns and 2 diagonals.
    """
    wrong = _not_a_function(is_win, "is_win")
    if wrong is not None:
        return wrong
    for board, mark, expected in _win_cases():
        got, failed = _try(is_win, (board, mark), "is_win")
        if failed is not None:
            return failed
        truth = _truth(got)
        if truth is None:
            return Feedback(False, f"is_win({list(board)!r}, {mark!r}) returned {got!r}, which is not a yes or no.",
                            hint="return True or False (a comparison such as a == b gives one).")
        if truth == expected:
            continue
        call = f"is_win({list(board)!r}, {mark!r})"
        if expected:
            line = next(line for line in LINES if all(board[c] == mark for c in line))
            cells = ", ".join(map(str, line))
            return Feedback(False, f"{call} returned {got!r}, but {mark} fills {LINES[line]} (cells {cells}).",
                            hint="there are 8 lines to check: 3 rows, 3 columns and 2 diagonals.")
        other = "O" if mark == "X" else "X"
        if _has_line(board, other):
            return Feedback(False, f"{call} returned {got!r}, but the line on this board is {other}'s, not {mark}'s.",
                            hint="compare each cell with mark: three equal cells are a win only for the mark "
                                 "they hold.")
        return Feedback(False, f"{call} returned {got!r}, but {mark} has no three in a row here.",
                        hint="a win needs all three cells of one line to hold mark.")
    return Feedback(True, "is_win finds all 8 lines, for X and for O, and only for the mark it is asked "
                          "about (the tutorial's step 5).")


# -- reading the tree: the longest game below a board ------------------------------------------
#: Boards for ``deepest`` (the tutorial's list form), the tutorial's first: a board won with
#: cells still empty, boards on which every line of play ends in a win before the board is
#: full, a full board, and longer games with X and with O to move.
DEEPEST_BOARDS = (
    TUTORIAL,
    ("X", "X", "X", "O", "O", 5, 6, 7, 8),
    ("X", "X", "O", "X", 4, 5, "O", 7, "O"),
    ("X", "O", "O", "X", "X", 5, 6, "O", 8),
    ("X", "O", "X", "O", "O", "X", "X", "X", "O"),
    ("X", 1, 2, 3, "O", 5, 6, 7, "X"),
    ("X", "O", 2, 3, "X", 5, "O", 7, 8),
)


def _longest_line(game, board) -> tuple[int, str]:
    """The longest game below ``board`` from the engine's recorded tree: its number of
    moves and its moves in words ("X plays 8, O plays 1, X plays 4; X wins")."""
    tree = minimax(game, board).tree
    leaf = max(tree.nodes, key=lambda node: node.depth)   # the first of the deepest, in search order
    path, node = [], leaf
    while node.parent is not None:
        path.append(node.move_words)
        node = node.parent
    return leaf.depth, ", ".join(reversed(path)) + f"; {_ending(game, leaf.state)}"


def _ending(game, board) -> str:
    if game.winner(board) is None:
        return "the board is full, a draw"
    return f"{game.winner(board)} wins" + (" on the last cell" if not game.moves_left(board) else "")


def _shortest(game, board) -> int:
    return min(node.depth for node in minimax(game, board).tree.nodes if node.is_leaf)


@learner_check
def check_deepest(deepest: Callable) -> Feedback:
    """Check ``deepest(game, board)``: how many moves below ``board`` the longest game ends
    (0 on a board where the game is over).

    It tries the boards of :data:`DEEPEST_BOARDS`, the tutorial's first, and compares with
    the depth of the deepest node of the tree the engine records (``mv.minimax``).

    Parameters
    ----------
    deepest : callable
        The learner's ``deepest(game, board)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> def deepest(game, board):
    ...     if game.is_terminal(board):
    ...         return 0
    ...     return 1 + max(deepest(game, game.play(board, move)) for move in game.moves(board))
    >>> check_deepest(deepest)
    Right: deepest finds the longest game below all 7 boards tried, finished ones and games that end before the board is
    full among them. From the tutorial's board it is 3 moves: X plays 8, O plays 1, X plays 4; X wins on the last cell.
    >>> check_deepest(lambda game, board: len(game.moves(board)))  # doctest: +ELLIPSIS
    Not yet: <lambda>(game, ['X', 'X', 'O', 'X', 4, 5, 'O', 7, 'O']) returned 3, but the longest game from this board
    ends 2 moves below it: ...
    Hint: that is the number of empty cells, but a win ends a game before the board is full. ...
    """
    wrong = _not_a_function(deepest, "deepest")
    if wrong is not None:
        return wrong
    name = getattr(deepest, "__name__", "deepest")
    game = TicTacToe()
    for board in DEEPEST_BOARDS:
        call = f"{name}(game, {list(board)!r})"
        given = list(board)
        got, problem = call_learner(deepest, game, given)
        if problem is not None and "still the stub" in problem:
            return _stub_or_error(call, NotImplementedError())
        if problem is not None:
            return Feedback(False, f"{call}: {problem}.", hint=_deepest_error_hint(problem))
        if given != list(board):
            return Feedback(False, f"{call} changed the board it was given (it is now {given!r}).",
                            hint="game.play(board, move) gives the board after a move as a new list; "
                                 "use it rather than writing into the board.")
        moves, line = _longest_line(game, list(board))
        if _is_count(got) and got == moves:
            continue
        return _deepest_mismatch(call, got, moves, line, game, list(board))
    _, tutorial_line = _longest_line(game, list(TUTORIAL))
    return Feedback(True, f"{name} finds the longest game below all {len(DEEPEST_BOARDS)} boards tried, "
                          "finished ones and games that end before the board is full among them. From "
                          f"the tutorial's board it is 3 moves: {tutorial_line}.")


def _is_count(value) -> bool:
    return isinstance(value, Integral) and not isinstance(value, bool)


def _deepest_mismatch(call: str, got, moves: int, line: str, game, board: list) -> Feedback:
    if moves == 0:
        truth = (f"the game is already over on this board ({game.result_text(board)}): no move follows, "
                 "so the answer is 0")
    else:
        truth = f"the longest game from this board ends {moves} moves below it: {line}"
    recursion = ("if the game is over on board (game.is_terminal(board)), the answer is 0; otherwise it "
                 "is 1 more than the largest answer among the boards after each move "
                 "(game.play(board, move) for move in game.moves(board)).")
    if not _is_count(got):
        wrong = kind_mismatch(got, moves, what="the number of moves")
        return Feedback(False, f"{call} returned {got!r}, but {truth}.",
                        hint=(wrong.hint if wrong is not None and wrong.hint else "return a whole number.")
                        + " " + recursion[0].upper() + recursion[1:])
    if got == game.moves_left(board):
        hint = ("that is the number of empty cells, but a win ends a game before the board is full. "
                + recursion[0].upper() + recursion[1:])
    elif got == moves + 1:
        hint = ("that counts the boards on the way down, this one included; count the moves (edges) "
                "instead: a finished board is 0 moves from the end of its game.")
    elif got == _shortest(game, board):
        hint = "that is the shortest game; the longest takes max(...) over the moves, not min(...)."
    else:
        hint = recursion
    return Feedback(False, f"{call} returned {got!r}, but {truth}.", hint=hint)


def _deepest_error_hint(problem: str) -> str | None:
    if "empty sequence" in problem or "empty iterable" in problem:
        return ("a finished board has no moves, so max(...) over them has nothing to take: answer 0 "
                "first when game.is_terminal(board).")
    if "InvalidBoard" in problem:
        return ("your function wrote marks into the board and did not take them all back; "
                "game.play(board, move) gives the board after a move as a new list instead.")
    if "game is over" in problem:
        return "no move can follow a finished game: answer 0 first when game.is_terminal(board)."
    if "recursed without end" in problem:
        return ("call deepest on the board after the move, game.play(board, move), not on the same "
                "board, and answer 0 at a finished board.")
    return None
