"""Checks for lesson 08, playing the unbeatable AI: a position where it must block, its move.

The AI is the play board's: alpha-beta to the end of the game, centre and corners first,
quicker wins preferred (``mv.alphabeta(game, board, order=mv.centre_first,
quick_wins=True)``). Boards are tic-tac-toe boards in the tutorial's list form or as
nine-character strings (``"XX..O...."``).
"""

from __future__ import annotations

from typing import Any, Callable

from ..errors import MinimaxError
from ..games import TicTacToe
from ..games.tictactoe import LINES
from ..search import SearchResult, alphabeta, centre_first
from .feedback import Feedback, describe_error
from .feedback import learner_check

__all__ = ["POSITIONS", "ai_reply", "check_must_block", "check_ai_move"]

_GAME = TicTacToe()

#: The positions :func:`check_ai_move` asks about: X to move and O to move, a win to
#: take, a line to block, a trap to avoid, and the tutorial's board.
POSITIONS = (
    "X.OX.XOO.",   # the tutorial's board: X wins on 4
    "XX..O....",   # O must block on 2
    "XOOX.....",   # X wins at once on 6 (or later, after 4)
    "X...O...X",   # O must not take a corner: X would fork
    "....X....",   # O must take a corner: an edge loses
    "X........",   # O must take the centre: everything else loses
    "..O.....X",   # X wins, but not through the centre
    "XO..X....",   # X wins: threaten two lines at once
    ".........",   # the empty board: every move draws
)


def ai_reply(board: Any) -> int:
    """The move the play board's AI makes in ``board``.

    Parameters
    ----------
    board : list or str
        A tic-tac-toe position.

    Returns
    -------
    int
        The AI's move, a cell index.

    Raises
    ------
    InvalidBoard
        When ``board`` is not a position of tic-tac-toe.

    Examples
    --------
    >>> ai_reply("XX..O....")
    2
    """
    return alphabeta(_GAME, board, order=centre_first, quick_wins=True, record=False).move


def _threats(board: list, player: str) -> list[int]:
    """The empty cells where ``player`` would complete a line at once."""
    cells = set()
    for line in LINES:
        marks = [board[c] for c in line]
        if marks.count(player) == 2:
            cells.update(c for c in line if board[c] == c)
    return sorted(cells)


@learner_check
def check_must_block(board: Any, reply: Any) -> Feedback:
    """Check a position where the AI (the player to move) must block a line, and the reply predicted.

    A position qualifies when the opponent threatens to complete a line on exactly one
    cell and the player to move cannot win at once: the only move that does not lose
    on the spot is the block.

    Parameters
    ----------
    board : list or str
        The learner's position.
    reply : object
        The learner's predicted reply, a cell index.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_must_block("XX..O....", 2)
    Right: X threatens to complete a line on cell 2, O cannot win at once, and the AI blocks on 2.
    >>> check_must_block("XX..O....", 3)
    Not yet: the AI plays 2, not 3.
    Hint: which cell would complete X's line?
    """
    if board is ...:
        return Feedback(False, "replace the ... of board with a position, such as 'X.O......'.")
    if not isinstance(board, (str, list, tuple)):
        return Feedback(False, f"a board is a nine-character string such as 'XX..O....', or the tutorial's "
                               f"list of nine cells, not {board!r}.")
    try:
        cells = _GAME.board(board)
    except MinimaxError as err:
        return Feedback(False, f"that board cannot happen in a game: {err}.")
    if _GAME.is_terminal(cells):
        return Feedback(False, f"the game is already over ({_GAME.result_text(cells)}): the AI has no move to make.")
    mover = _GAME.player(cells)
    other = "O" if mover == "X" else "X"
    wins = _threats(cells, mover)
    if wins:
        return Feedback(
            False, f"{mover} is to move and can win at once on cell {wins[0]}, so the AI wins instead of blocking.",
            hint=f"take away one of {mover}'s marks from that line, or give {other} a mark on it.",
        )
    threats = _threats(cells, other)
    if not threats:
        return Feedback(
            False, f"{other} threatens no line here (no line holds two {other}s and an empty cell), "
            "so there is nothing to block.",
            hint=f"{mover} is to move; put two {other}s on a line whose third cell is empty.",
        )
    if len(threats) > 1:
        return Feedback(
            False, f"{other} threatens two cells at once ({threats[0]} and {threats[1]}): one block cannot "
            f"stop both, so {mover} loses whatever it plays.",
            hint=f"find a position where {other} threatens just one cell.",
        )
    block = threats[0]
    if reply is ...:
        return Feedback(False, f"the position is right ({other} threatens cell {block}); now replace the ... "
                        "of reply with the cell you think the AI plays.")
    move = ai_reply(cells)
    if isinstance(reply, bool) or not isinstance(reply, int):
        return Feedback(False, f"the AI's reply is a cell, a whole number from 0 to 8, not {reply!r}.",
                        hint=f"which cell would complete {other}'s line?")
    if reply != move:
        return Feedback(False, f"the AI plays {move}, not {reply!r}.",
                        hint=f"which cell would complete {other}'s line?")
    return Feedback(
        True, f"{other} threatens to complete a line on cell {block}, {mover} cannot win at once, "
        f"and the AI blocks on {move}.",
    )


def _best_value(board) -> float:
    return alphabeta(_GAME, board, record=False).score


@learner_check
def check_ai_move(function: Callable[[list], int]) -> Feedback:
    """Check ``function(board) -> move``: a best move for the player to move, in every position.

    Any best move is right (when several moves are worth the same, any of them).

    Parameters
    ----------
    function : callable
        The learner's ``ai_move(board) -> move``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_ai_move(ai_reply)
    Right: your function finds a best move in all 9 positions, for X and for O.
    >>> check_ai_move(lambda board: alphabeta(TicTacToe(), board, depth=1).move)
    Not yet: in 'X...O...X' (O to move) your function plays 2, which leads to +1 (X wins with
    best play); the best O can get is 0 (a draw), for example with 1.
    Hint: search to the end of the game (no depth limit), so every value is exact.
    """
    name = getattr(function, "__name__", "your function")
    if not callable(function):
        return Feedback(False, f"{name} should be a function of a board, but it is {function!r}.")
    answers = []
    for text in POSITIONS:
        board = _GAME.board(text)
        call = f"{name}({text!r})"
        try:
            move = function(list(board))
        except Exception as err:  # the learner's code: any error becomes words
            return Feedback(False, f"{call}: {describe_error(err)}.")
        answers.append((text, board, move, call))
    habit = _habit(answers)
    for text, board, move, call in answers:
        verdict = _judge(text, board, move, call, habit)
        if verdict is not None:
            return verdict
    return Feedback(True, f"your function finds a best move in all {len(POSITIONS)} positions, for X and for O.")


def _habit(answers: list) -> str | None:
    """What the learner's function does in every position, if it is a known slip:
    ``"first"`` (the first empty cell) or ``"score"`` (the search's value, not its move)."""
    moves = [move for _, _, move, _ in answers]
    if any(isinstance(m, bool) or not isinstance(m, int) for m in moves):
        return None
    if all(m == _GAME.moves(board)[0] for _, board, m, _ in answers):
        return "first"
    if all(m == _best_value(board) for _, board, m, _ in answers):
        return "score"
    return None


def _judge(text: str, board: list, move: Any, call: str, habit: str | None = None) -> Feedback | None:
    mover = _GAME.player(board)
    if isinstance(move, SearchResult):
        return Feedback(False, f"{call} returned the whole search result; return only its move (.move).")
    empty = _GAME.moves(board)
    if isinstance(move, bool) or not isinstance(move, int) or move not in empty:
        return Feedback(
            False, f"{call} returned {move!r}, which is not an empty cell of {text!r} "
            f"(the empty cells are {list(empty)}).",
            hint="return the move, a cell index; the search result's .score is its value, not a move.",
        )
    best = _best_value(board)
    got = _best_value(_GAME.play(board, move))
    if got != best:
        example = ai_reply(board)
        hint = "search to the end of the game (no depth limit), so every value is exact."
        if habit == "first":
            hint = ("in every position your function plays the first empty cell, whatever the board: "
                    "search the position (mv.alphabeta) and return the move it finds.")
        elif habit == "score":
            hint = ("in every position your function returns the position's value, not a cell: return "
                    "the search result's .move (the cell), not its .score (the value).")
        return Feedback(
            False, f"in {text!r} ({mover} to move) your function plays {move}, which leads to "
            f"{_words(got)}; the best {mover} can get is {_words(best)}, for example with {example}.",
            hint=hint,
        )
    return None


def _words(value: float) -> str:
    if value > 0:
        return "+1 (X wins with best play)"
    if value < 0:
        return "−1 (O wins with best play)"
    return "0 (a draw)"
