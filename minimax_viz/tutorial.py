"""The tutorial's own minimax, translated from its JavaScript to plain Python step by step.

This is the function of the freeCodeCamp guide "Minimax Algorithm Guide: How to Create
an Unbeatable AI", kept as close to the original as Python allows, with its step numbers
in the comments. It is here to be read beside the general engine (:func:`minimax_viz.minimax`),
which gives the same answer on the same board.

>>> minimax(["X", 1, "O", "X", 4, "X", "O", "O", 8], "X")
{'index': 4, 'score': 1}

The translation checks nothing, as the original does not; :func:`minimax` is wrapped at
the bottom of the module so that its first call checks the board and the mark (a board
string, or cells that hold neither a mark nor their own index, would make it recurse
without end or fail deep inside), while its recursive calls run the translation as it is.

>>> minimax("X.OX.XOO.", "X")
Traceback (most recent call last):
...
minimax_viz.errors.InvalidBoard: the tutorial's minimax takes the board as a list whose empty cells hold their own index, like ['X', 1, 'O', 'X', 4, 'X', 'O', 'O', 8], not the string 'X.OX.XOO.'; TicTacToe().board('X.OX.XOO.') gives that list
"""  # noqa: E501 - a doctest shows the exception's message on one line

from __future__ import annotations

import functools

__all__ = [
    "CURRENT_BOARD_STATE", "AI_MARK", "HUMAN_MARK",
    "get_all_empty_cells_indexes", "check_if_winner_found", "minimax",
]

# Step 3 - Store the board's current state in an array and define each mark's owner:
CURRENT_BOARD_STATE = ["X", 1, "O", "X", 4, "X", "O", "O", 8]
AI_MARK = "X"
HUMAN_MARK = "O"


# Step 4 - Create a function to get the indexes of all the empty cells:
def get_all_empty_cells_indexes(curr_bd_st: list) -> list:
    """The cells that hold neither mark (an empty cell holds its own index).

    Parameters
    ----------
    curr_bd_st : list
        The board, the tutorial's list.

    Returns
    -------
    list
        The empty cells' indexes.

    Examples
    --------
    >>> get_all_empty_cells_indexes(["X", 1, "O", "X", 4, "X", "O", "O", 8])
    [1, 4, 8]
    """
    return [i for i in curr_bd_st if i != "O" and i != "X"]


# Step 5 - Create a winner determiner function. The tutorial's condition lists the eight
# winning lines one after another (currBdSt[0] === currMark && currBdSt[1] === currMark &&
# currBdSt[2] === currMark, or the next line, ...); here they are a table, in its order
# (the rows, the columns, the diagonals), tested one by one:
_WINNING_LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)


def check_if_winner_found(curr_bd_st: list, curr_mark: str) -> bool:
    """True when ``curr_mark`` fills a row, a column or a diagonal.

    Parameters
    ----------
    curr_bd_st : list
        The board, the tutorial's list.
    curr_mark : str
        "X" or "O".

    Returns
    -------
    bool
        Whether the mark has a line.

    Examples
    --------
    >>> check_if_winner_found(["X", 1, "O", "X", "X", "X", "O", "O", 8], "X")
    True
    >>> check_if_winner_found(["X", 1, "O", "X", "X", "X", "O", "O", 8], "O")
    False
    """
    for a, b, c in _WINNING_LINES:
        if curr_bd_st[a] == curr_mark and curr_bd_st[b] == curr_mark and curr_bd_st[c] == curr_mark:
            return True
    return False


# Step 6 - Create the minimax algorithm:
def minimax(curr_bd_st: list, curr_mark: str) -> dict:
    """The best test-play for ``curr_mark`` as ``{"index": cell, "score": value}``.

    Like the original, it places marks on the list it is given and takes them back, so
    the board is unchanged afterwards. A finished board returns only ``{"score": ...}``.

    Parameters
    ----------
    curr_bd_st : list
        The board, the tutorial's list (empty cells hold their own index).
    curr_mark : str
        The player to move, "X" or "O".

    Returns
    -------
    dict
        ``{"index": cell, "score": value}``, or ``{"score": value}`` on a finished board.
    """
    # Step 8 - Store the indexes of all empty cells:
    avail_cells_indexes = get_all_empty_cells_indexes(curr_bd_st)

    # Step 9 - Check if there is a terminal state:
    if check_if_winner_found(curr_bd_st, HUMAN_MARK):
        return {"score": -1}
    elif check_if_winner_found(curr_bd_st, AI_MARK):
        return {"score": 1}
    elif len(avail_cells_indexes) == 0:
        return {"score": 0}

    # Step 10 - Create a place to record the outcome of each test drive:
    all_test_play_infos = []

    # Step 10 - Create a for-loop statement that will loop through each of the empty cells:
    for i in range(len(avail_cells_indexes)):
        # Step 11 - Create a place to store this test-play's terminal score:
        current_test_play_info = {}
        # Step 11 - Save the index number of the cell this for-loop is currently processing:
        current_test_play_info["index"] = curr_bd_st[avail_cells_indexes[i]]
        # Step 11 - Place the current player's mark on the cell for-loop is currently processing:
        curr_bd_st[avail_cells_indexes[i]] = curr_mark
        if curr_mark == AI_MARK:
            # Step 11 - Recursively run the minimax function for the new board:
            result = minimax(curr_bd_st, HUMAN_MARK)
            # Step 12 - Save the result variable's score into the current_test_play_info object:
            current_test_play_info["score"] = result["score"]
        else:
            # Step 11 - Recursively run the minimax function for the new board:
            result = minimax(curr_bd_st, AI_MARK)
            # Step 12 - Save the result variable's score into the current_test_play_info object:
            current_test_play_info["score"] = result["score"]
        # Step 12 - Reset the current board back to the state it was before the current player made its move:
        curr_bd_st[avail_cells_indexes[i]] = current_test_play_info["index"]
        # Step 12 - Save the result of the current player's test-play for future use:
        all_test_play_infos.append(current_test_play_info)

    # Step 15 - Create a store for the best test-play's reference:
    best_test_play = None

    # Step 16 - Get the reference to the current player's best test-play:
    if curr_mark == AI_MARK:
        best_score = -float("inf")
        for i in range(len(all_test_play_infos)):
            if all_test_play_infos[i]["score"] > best_score:
                best_score = all_test_play_infos[i]["score"]
                best_test_play = i
    else:
        best_score = float("inf")
        for i in range(len(all_test_play_infos)):
            if all_test_play_infos[i]["score"] < best_score:
                best_score = all_test_play_infos[i]["score"]
                best_test_play = i

    # Step 17 - Get the object with the best test-play score for the current player:
    return all_test_play_infos[best_test_play]


# -- the entry's check (not part of the tutorial) ---------------------------------------------

def _checked_entry(translated):
    """``translated`` with a check of its board and mark on the first call (not on the
    calls it makes to itself, which get boards it made). ``inspect.getsource`` of the
    result still shows the translation; its docstring, the translation's, says what the
    check raises."""
    inside = False

    @functools.wraps(translated)
    def entry(curr_bd_st, curr_mark):
        nonlocal inside
        if inside:
            return translated(curr_bd_st, curr_mark)
        _check_board(curr_bd_st, curr_mark)
        inside = True
        try:
            return translated(curr_bd_st, curr_mark)
        finally:
            inside = False

    entry.__doc__ = (translated.__doc__ or "").rstrip() + _ENTRY_RAISES
    return entry


_ENTRY_RAISES = """

    Raises
    ------
    InvalidBoard
        When the board of the first call is not a list of 9 cells that
        hold "X", "O" or their own index (a string, say), or the mark is not "X" or "O".
    """


def _check_board(board, mark) -> None:
    """A tic-tac-toe board list as the tutorial writes it, and a mark, or InvalidBoard in words."""
    from .errors import InvalidBoard, short_repr
    from .games.tictactoe import cells_from_list

    if isinstance(board, str):
        raise InvalidBoard(
            "the tutorial's minimax takes the board as a list whose empty cells hold their own index, "
            f"like {CURRENT_BOARD_STATE!r}, not the string {short_repr(board)}; "
            f"TicTacToe().board({short_repr(board)}) gives that list"
        )
    if not isinstance(board, list):
        raise InvalidBoard(
            f"the tutorial's minimax takes the board as a list of 9 cells, like {CURRENT_BOARD_STATE!r}, "
            f"not {short_repr(board)} (it places its test marks on the list itself)"
        )
    # 9 cells of 'X', 'O' or the cell's own index, the game's own check of a board list (any
    # marks will do: the translation scores boards no game reaches, after a win, too)
    cells_from_list(board)
    if not isinstance(mark, str) or mark not in (AI_MARK, HUMAN_MARK):
        raise InvalidBoard(f"the mark to play must be {AI_MARK!r} or {HUMAN_MARK!r}, not {short_repr(mark)}")


minimax = _checked_entry(minimax)
