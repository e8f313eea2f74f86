"""A learner's ``minimax(board, mark)`` in the tutorial's style, judged call by call in the tutorial's words.

The learner's function takes a tic-tac-toe board list (an empty cell holds its own index)
and the mark to move, and returns a record ``{"index": cell, "score": score}`` (at a
finished board ``{"score": score}`` alone), scores counted for X. :func:`judge` runs it on
one board with :func:`~minimax_viz.learner.record_calls`, compares the recorded calls with
the engine's search of the same board (:func:`~minimax_viz.compare.first_difference`) and
puts the first parting into the tutorial's terms: its step numbers, its names
(``avail_cells_indexes``, ``current_test_play_info``, ``best_score``), X the AI and O the
human. A board is written as the tutorial draws it, three rows with the empty cells'
indexes. Nothing here raises on the learner's code.

>>> import minimax_viz as mv
>>> judge(mv.tutorial.minimax, mv.TicTacToe.TUTORIAL_BOARD) is None
True
"""

from __future__ import annotations

import functools

import math
from dataclasses import dataclass, replace
from numbers import Real
from typing import Callable

from ..compare import Difference, first_difference
from ..errors import TreeTooLarge
from ..games import TicTacToe
from ..learner import LearnerResult, record_calls
from ..recursion import learner_code
from ..search import minimax as engine_minimax
from .feedback import describe_error, same
from ..clock import Stopped as _Stop, bounded as _bounded, time_limit as _time_limit

__all__ = ["Verdict", "judge", "judge_recording", "record", "stub_below", "board_text", "board_facts", "signed",
           "LINES"]

_GAME = TicTacToe()

#: The eight lines of the board, with the names the words use.
LINES = (
    ((0, 1, 2), "the top row 0-1-2"), ((3, 4, 5), "the middle row 3-4-5"), ((6, 7, 8), "the bottom row 6-7-8"),
    ((0, 3, 6), "the left column 0-3-6"), ((1, 4, 7), "the middle column 1-4-7"),
    ((2, 5, 8), "the right column 2-5-8"), ((0, 4, 8), "the diagonal 0-4-8"), ((2, 4, 6), "the diagonal 2-4-6"),
)


@dataclass
class Verdict:
    """What went wrong on one board: the words, the first difference to draw (if any), and
    whether the function (or one it calls) is still the stub.

    Parameters
    ----------
    words : str
        What went wrong, in words.
    difference : Difference or None, optional
        The first parting, to draw.
    stub : bool, optional
        Whether the function (or one it calls) is still the stub.
    """

    words: str
    difference: Difference | None = None
    stub: bool = False


# -- words about a board -------------------------------------------------------------------------

def signed(score) -> str:
    """+1, -1, and 0 without a sign (any other value as Python writes it).

    Parameters
    ----------
    score : float
        A score.

    Returns
    -------
    str
        The score in words.

    Examples
    --------
    >>> signed(1), signed(-1), signed(0), signed(0.5)
    ('+1', '-1', '0', '0.5')
    """
    if isinstance(score, int) and not isinstance(score, bool):
        return f"{score:+d}" if score else "0"
    if isinstance(score, float) and score.is_integer():
        return signed(int(score))
    return _short(score)


def board_text(board) -> str:
    """The board in three indented rows, empty cells shown by their index.

    Parameters
    ----------
    board : list or str
        A tic-tac-toe board.

    Returns
    -------
    str
        Three indented rows.

    Raises
    ------
    InvalidBoard
        When ``board`` is not a position of tic-tac-toe.

    Examples
    --------
    >>> print(board_text(["X", 1, "O", "X", 4, "X", "O", "O", 8]))
        X 1 O
        X 4 X
        O O 8
    """
    cells = [str(c) for c in _GAME.board(board)]
    return "\n".join("    " + " ".join(cells[r:r + 3]) for r in (0, 3, 6))


def _lines_of(board, mark: str) -> list[str]:
    cells = _GAME.board(board)
    return [name for line, name in LINES if all(cells[i] == mark for i in line)]


def _empties(board) -> list[int]:
    return [c for c in _GAME.board(board) if isinstance(c, int)]


def _cells(cells: list) -> str:
    """"cell 4", "cells 1 and 8", "cells 1, 4 and 8"."""
    cells = [str(c) for c in cells]
    if len(cells) == 1:
        return f"cell {cells[0]}"
    return f"cells {', '.join(cells[:-1])} and {cells[-1]}"


def board_facts(board) -> str:
    """Why a board is finished or not, in words.

    Parameters
    ----------
    board : list or str
        A tic-tac-toe board.

    Returns
    -------
    str
        The words.

    Raises
    ------
    InvalidBoard
        When ``board`` is not a position of tic-tac-toe.

    Examples
    --------
    >>> board_facts(["X", 1, "O", "X", "X", "X", "O", "O", 8])
    'X has the middle row 3-4-5'
    >>> board_facts(["X", 1, "O", "X", 4, "X", "O", "O", 8])
    'nobody has a line and cells 1, 4 and 8 are empty'
    """
    for mark in ("O", "X"):
        lines = _lines_of(board, mark)
        if lines:
            full = " on a full board" if not _empties(board) else ""
            return f"{mark} has {' and '.join(lines)}{full}"
    empty = _empties(board)
    if not empty:
        return "the board is full and nobody has a line: a draw"
    if len(empty) == 9:
        return "every cell is empty"
    return f"nobody has a line and {_cells(empty)} {'is' if len(empty) == 1 else 'are'} empty"


def _other(mark: str) -> str:
    return "O" if mark == "X" else "X"


def _role(mark: str) -> str:
    return "X, the AI, is the maximiser" if mark == "X" else "O, the human, is the minimiser"


def _short(x) -> str:
    try:
        text = repr(x)
    except Exception:  # a learner's object whose repr raises
        text = f"an object of type {type(x).__name__}"
    if " at 0x" in text:
        text = f"an object of type {type(x).__name__}"
    return text if len(text) <= 70 else text[:67] + "..."


def _is_number(x) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool)


def _want(right) -> dict:
    root = right.tree.root
    return {"score": right.score} if root.kind == "leaf" else {"index": right.move, "score": right.score}


def _plays(node) -> list[dict]:
    return [{"index": c.move, "score": c.score} for c in node.children if not c.pruned]


# -- running the learner's function ---------------------------------------------------------------

def record(fn: Callable, board, mark: str, *, max_nodes: int) -> LearnerResult:
    """``record_calls(fn, board, mark)`` on tic-tac-toe, stopped after
    :func:`~minimax_viz.clock.time_limit` seconds with a ``TimeoutError`` (the
    learner's own errors reach the caller).

    Parameters
    ----------
    fn : callable
        The learner's ``minimax(board, mark)``.
    board : list or str
        A tic-tac-toe board.
    mark : str
        The player to move.
    max_nodes : int
        The most calls recorded.

    Returns
    -------
    LearnerResult
        The recording.

    Raises
    ------
    TimeoutError
        The function ran longer than the time limit.
    TreeTooLarge
        It made more than ``max_nodes`` calls.
    """
    seconds = _time_limit()
    try:
        return _bounded(functools.partial(record_calls, fn, board, mark, game=_GAME, max_nodes=max_nodes,
                                          algorithm="your minimax"), seconds=seconds)
    except _Stop:
        raise TimeoutError(f"it ran for more than {seconds:g} s") from None


def _raised_in(err: BaseException) -> str | None:
    """The name of the function the error was raised in (the last frame of its traceback)."""
    tb = err.__traceback__
    if tb is None:
        return None
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_name


def stub_below(fn: Callable, err: BaseException) -> str | None:
    """The name of the function ``fn`` calls that is still the stub, when ``err`` is the
    NotImplementedError it raised (None when ``fn`` itself is the stub, or for another error).

    Parameters
    ----------
    fn : callable
        The learner's function.
    err : BaseException
        What it raised.

    Returns
    -------
    str or None
        The stub's name, or None.
    """
    if not isinstance(err, NotImplementedError):
        return None
    where = _raised_in(err)
    return where if where and where != getattr(fn, "__name__", None) else None


def _error_words(fn: Callable, err: BaseException, call: str) -> str:
    name = getattr(fn, "__name__", "minimax")
    if isinstance(err, NotImplementedError):
        where = stub_below(fn, err)
        if where:
            return f"your {name} calls {where}, which is still the stub; finish it first"
        return f"{name} is still the stub (it raised NotImplementedError); write your code in its cell and run it"
    if isinstance(err, RecursionError):
        return (f"{call} called itself without end (RecursionError): step 9 must stop at a finished board, and "
                "each test-play must place the mark on the board before the call, so every call has one empty "
                "cell fewer")
    if isinstance(err, TimeoutError):
        return f"{call} did not finish: {err} (a loop that never ends?)"
    if isinstance(err, TreeTooLarge):
        return (f"{call} made far more calls than the tutorial's: make one call per test-play, on the board "
                "with that test-play's mark, and stop at a finished board (step 9)")
    return f"{call}: {describe_error(err)}"


def judge(fn: Callable, board, mark: str | None = None, *, locate: bool = True) -> Verdict | None:
    """The first place where ``fn(board, mark)`` parts from the tutorial's function, in words,
    or ``None`` when it makes the same calls, returns the same scores and the same record,
    and leaves the board as it was. ``mark`` defaults to the player to move. When the
    function raises, ``locate`` looks for the smallest board below ``board`` where it
    already goes wrong. Never raises on the learner's function.

    Parameters
    ----------
    fn : callable
        The learner's ``minimax(board, mark)``.
    board : list or str
        A tic-tac-toe board.
    mark : str or None, optional
        The player to move (``None``: the one whose turn it is).
    locate : bool, optional
        Whether to look for the smallest board where a raising function goes wrong (True unless given).

    Returns
    -------
    Verdict or None
        What went wrong, or None.

    Raises
    ------
    InvalidBoard
        When ``board`` is not a position of tic-tac-toe (the lesson's slip, not the learner's).
    """
    cells = list(_GAME.board(board))
    mark = mark or _GAME.player(cells)
    right = engine_minimax(_GAME, cells)
    given = list(cells)
    call = f"{getattr(fn, '__name__', 'minimax')}({_short(cells)}, {mark!r})"
    try:
        mine = record(fn, given, mark, max_nodes=50 * len(right.tree) + 500)
    except (KeyboardInterrupt, SystemExit) as err:
        if isinstance(err, KeyboardInterrupt):
            raise
        return Verdict(f"{call} called sys.exit({err.code!r}); return a record instead")
    except BaseException as err:  # the learner's code: any error becomes words
        if not isinstance(err, Exception):
            raise
        return _raised(fn, err, call, cells, mark, right, locate)
    verdict = judge_recording(mine, given, cells, mark, right)
    if verdict is not None and verdict.difference is not None and verdict.difference.kind == "move" \
            and _shared_records(fn, cells, mark):
        verdict = Verdict(_SHARED_WORDS.format(words=verdict.words), verdict.difference)
    return verdict


_SHARED_WORDS = (
    "{words}. Your minimax's list of test-plays holds one record several times over (the same dict, not "
    "copies): every test-play wrote its 'index' and 'score' into the same record, so the list ends up holding "
    "only the last one. Step 11 makes a new record for each test-play: current_test_play_info = {{}} inside "
    "the loop")


def _shared_records(fn: Callable, board: list, mark: str) -> bool:
    """True when, as a call of ``fn(board, mark)`` returns, one of its local lists holds the
    same dict more than once (the evidence of one record shared by every test-play).
    Never raises on the learner's function."""
    import sys

    seen = []

    def watch(frame, event, arg):
        if event == "return" and learner_code(frame.f_code):
            for value in list(frame.f_locals.values()):
                if isinstance(value, list) and len(value) > 1 and all(isinstance(v, dict) for v in value):
                    seen.append(len({id(v) for v in value}) < len(value))

    def run():
        sys.setprofile(watch)
        fn(list(board), mark)

    try:
        _bounded(run)
    except BaseException as err:  # the learner's code: no evidence from a call that did not finish
        if isinstance(err, KeyboardInterrupt):
            raise
        return False
    return any(seen)



def _raised(fn, err, call, cells, mark, right, locate) -> Verdict:
    words = _error_words(fn, err, call)
    if isinstance(err, (NotImplementedError, RecursionError, TimeoutError)):
        return Verdict(words, stub=isinstance(err, NotImplementedError))
    if locate:
        smaller = _first_smaller_failure(fn, right)
        if smaller is not None:
            board, verdict = smaller
            return Verdict(f"{words}. It goes wrong first on a smaller board that this search reaches, "
                           f"{_GAME.player(board)} to move:\n{board_text(board)}\n{verdict.words}",
                           verdict.difference)
    root = right.tree.root
    if root.kind == "leaf":
        why = (f"the game is over on this board ({board_facts(cells)}), so step 9 returns {{'score': "
               f"{signed(root.score)}}} before any test-play")
    else:
        why = _no_best(root, mark) if "NoneType" in str(err) else None
    return Verdict(f"{words}{'. ' + why[0].upper() + why[1:] if why else ''}")


def _first_smaller_failure(fn, right) -> tuple[list, Verdict] | None:
    """The smallest board of the right search's tree (fewest empty cells first) on which
    ``fn`` already goes wrong, with the verdict there."""
    seen, boards = set(), []
    for node in right.tree.nodes[1:]:
        key = _GAME.key(node.internal_state)
        if key not in seen:
            seen.add(key)
            boards.append(node.state)
    boards.sort(key=lambda b: len(_empties(b)))
    for board in boards:
        verdict = judge(fn, board, locate=False)
        if verdict is not None:
            return board, verdict
    return None


def _no_best(node, mark: str) -> str | None:
    """Words for a call that kept no record although it made test-plays: its best_score
    started where no score beats it."""
    plays = _plays(node)
    scores = [p["score"] for p in plays if _is_number(p["score"])]
    if not scores:
        return None
    if mark == "X" and max(scores) < 1:
        start, start_right, better = f"{signed(max(scores))} or more", "-infinity", "higher"
    elif mark == "O" and min(scores) > -1:
        start, start_right, better = f"{signed(min(scores))} or less", "+infinity", "lower"
    else:
        return None
    return (f"{mark}'s test-plays here are {plays}: if best_score starts at {start} instead of {start_right}, no "
            f"score is {better}, so no record is kept and the call has nothing to return (step 16: start at "
            f"{start_right}, which every score beats)")


def judge_recording(mine: LearnerResult, given: list, board, mark: str, right) -> Verdict | None:
    """:func:`judge` on a recording already made: ``mine`` recorded from ``fn(given, mark)``,
    where ``given`` was a copy of ``board``; ``right`` is the engine's search of ``board``.

    Parameters
    ----------
    mine : LearnerResult
        The recording of ``fn(given, mark)``.
    given : list
        The copy of ``board`` the function was given.
    board : list or str
        A tic-tac-toe board.
    mark : str
        The player to move.
    right : SearchResult
        The engine's search of ``board``.

    Returns
    -------
    Verdict or None
        What went wrong, or None.

    Raises
    ------
    InvalidBoard
        When ``board`` is not a position of tic-tac-toe.
    """
    board = list(_GAME.board(board))
    if mine.tree.odd:
        words, drawn = _odd_words(mine.tree)
        difference = first_difference(mine, right)
        return Verdict(words, replace(difference, words=drawn) if difference is not None else None)
    if not same(given, board):
        return Verdict(_changed_words(board, given))
    shape = _shape_words(mine, right, board, mark)
    if shape is not None:
        return Verdict(shape)
    difference = first_difference(mine, right)
    if difference is None:
        return None
    words = _parting_words(difference, right, mark, mine.move)
    return Verdict(words, replace(difference, words=words))


# -- a call given a board no move leads to (steps 11 and 12) ---------------------------------------

def _odd_words(tree) -> tuple[str, str]:
    """Words for the first call given a board no move leads to: with that board drawn in
    three rows (for the feedback), and with it written on one line (for a drawing's title)."""
    index = min(tree.odd)
    parent = tree.nodes[index].parent
    got = tree.given.get(index)
    head = f"below {parent.where} ({parent.player} to move), a call of your minimax was given"
    if not isinstance(got, list) or len(got) != 9:
        words = f"{head} {_short(got)}, not a board: pass the board itself, curr_bd_st, with the mark placed on it"
        return words, words
    explain = _odd_cell_words(got) or _odd_board_words(got, parent, index) or tree.odd[index]
    return f"{head} this board:\n{_board_lines(got)}\n{explain}", f"{head} {_short(got)}. {explain}"


def _odd_board_words(got: list, parent, index: int) -> str | None:
    """Why ``got`` is not one move from the parent's board: a mark gone, the same mark
    placed twice in a row, or more than one new mark."""
    before = parent.state
    changed = [c for c in range(9) if not same(got[c], before[c])]
    added = [c for c in changed if got[c] in ("X", "O")]
    removed = [c for c in changed if got[c] not in ("X", "O")]
    mover = parent.player
    if removed:
        return (f"The mark on {_cells(removed)} is gone, though it was there at {parent.where}: a test-play "
                "takes back only its own mark (step 12)")
    if len(added) == 1 and got[added[0]] != mover:
        return _wrong_mark_words(got, added[0], parent, index)
    if len(added) > 1:
        return (f"That is {len(added)} new marks ({_cells(added)}) where a test-play places one: the mark of an "
                "earlier test-play is still on the board. Step 12 takes each mark back before the next "
                "test-play: curr_bd_st[avail_cells_indexes[i]] = current_test_play_info['index']")
    return None


def _wrong_mark_words(got: list, cell: int, parent, index: int) -> str:
    """Why a test-play placed the other player's mark: the marks its call's test-plays placed
    changed from one to the next (the mark switched inside the loop), or the mark that led to
    the call was placed again (the same mark passed down); else only what was placed, where."""
    mover, placed = parent.player, got[cell]
    turn = f"after {_other(mover)}'s move it is {mover}'s turn" if parent.index else \
        f"at the first call it is {mover}'s turn"
    head = f"{turn[0].upper()}{turn[1:]}, but {placed} was placed on cell {cell}"
    earlier = [(c.move, c.state[c.move]) for c in parent.children if c.index < index and not c.pruned
               and c.move is not None and c.move >= 0 and c.state[c.move] in ("X", "O")]
    right = [(m, mark) for m, mark in earlier if mark == mover]
    if right:
        m, _ = right[0]
        return (f"{head}, though the test-play of cell {m} in the same call placed {mover}: the mark changed "
                "from one test-play to the next. Every test-play of a call places the mark of the player to move, "
                "curr_mark; only the call below gets the other one (minimax(curr_bd_st, HUMAN_MARK) after a "
                "test-play of X)")
    grand = parent.parent
    if parent.index and grand is not None and placed == grand.player:
        return (f"{head}, the mark that was placed to reach this call: the same mark was passed down again. "
                "Step 11 passes the other player's mark: minimax(curr_bd_st, HUMAN_MARK) after a test-play of X, "
                "minimax(curr_bd_st, AI_MARK) after one of O")
    return (f"{head}. Step 11 places curr_mark, the mark of the player to move, and passes the other player's "
            "mark down")


def _odd_cell_words(cells: list) -> str | None:
    """Words for the first cell that holds neither a mark nor its own index, or None."""
    for cell, value in enumerate(cells):
        if (isinstance(value, str) and value in ("X", "O")) or (
                isinstance(value, int) and not isinstance(value, bool) and value == cell):
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            return (f"Cell {cell} holds {value}, not its own index {cell}. Step 12 takes a mark back by writing "
                    "current_test_play_info['index'] into the cell, so the record's index must be the cell, "
                    f"curr_bd_st[avail_cells_indexes[i]] (here {cell}), not the loop counter i")
        return (f"Cell {cell} holds {_short(value)}: an empty cell holds its own index, so step 12 writes the "
                f"index back ({cell}), and get_all_empty_cells_indexes finds the cell empty again")
    return None


def _board_lines(cells: list) -> str:
    shown = [str(c) if isinstance(c, (str, int)) else _short(c) for c in cells]
    return "\n".join("    " + " ".join(shown[r:r + 3]) for r in (0, 3, 6))


def _changed_words(before: list, after: list) -> str:
    if not isinstance(after, list) or len(after) != 9:
        return "your minimax changed the board it was given into something else; leave it as it was"
    cells = [c for c in range(9) if not same(before[c], after[c])]
    head = (f"your minimax changed the board it was given: after the call {_cells(cells)} "
            f"{'holds' if len(cells) == 1 else 'hold'} {', '.join(_short(after[c]) for c in cells)}, where the "
            f"board had {', '.join(_short(before[c]) for c in cells)}:\n{_board_lines(after)}\n")
    odd_cell = _odd_cell_words(after)
    if odd_cell is not None:
        return head + odd_cell
    return (head + "Each test-play takes its mark back (step 12), so minimax returns with the board as it was; "
            "the AI plays the returned cell only afterwards (step 25)")


# -- what the first call returned (steps 9 and 17) --------------------------------------------------

def _shape_words(mine: LearnerResult, right, board: list, mark: str) -> str | None:
    got, want = mine.returned, _want(right)
    finished = right.tree.root.kind == "leaf"
    yours = f"your minimax returned {_short(got)}"
    if got is None:
        if finished:
            return (f"{yours} on a finished board ({board_facts(board)}): step 9 returns the record "
                    f"{want}, since the call above reads result['score'] (step 12)")
        why = _no_best(mine.tree.root, mark)
        return f"{yours}: step 17 returns the best record, here {want}" + (f". {why}" if why else "")
    if _is_number(got):
        if finished:
            bare = "the score alone" if _close(got, right.score) else "a bare number"
            return (f"{yours}, {bare}, on a finished board ({board_facts(board)}): step 9 returns a record, "
                    f"{want}, since the call above reads result['score'] (step 12)")
        return (f"{yours}, the score alone: step 17 returns the whole record, {want}, so that the AI learns "
                "which cell to play (its 'index', step 25) as well as the score")
    if not isinstance(got, dict):
        return f"{yours}; return a record such as {want}"
    if "score" not in got:
        return f"{yours}, a record without a 'score': return {want}"
    if not _is_number(got["score"]):
        return f"{yours}: its 'score' is {_short(got['score'])}, not a number (+1, -1 or 0); return {want}"
    if not finished and "index" not in got and not mine.tree.root.children:
        return (f"{yours}, but the game goes on here ({board_facts(board)}): step 9 returns a score only when "
                f"O or X has a line or no cell is empty; here the test-plays of steps 10 to 12 follow, and step "
                f"17 returns the best record, {want}")
    if not finished and "index" not in got:
        return (f"{yours}, a record without the cell: step 11 saves the cell in current_test_play_info['index'] "
                f"and step 17 returns the whole record, {want}")
    return None


# -- the first parting, in the tutorial's words -----------------------------------------------------

def _parting_words(difference: Difference, right, mark: str, move=None) -> str:
    kind = difference.kind
    if kind == "extra":
        return _extra_words(difference, right)
    if kind == "missing":
        node = difference.right
        return (f"your minimax never test-played cell {node.move} at {node.parent.where}: step 10 loops over "
                f"every empty cell there ({_cells(_empties(node.parent.state))})")
    if kind == "order":
        mine, node = difference.mine, difference.right
        return (f"at {node.parent.where}, your minimax test-played cell {mine.move} before cell {node.move}: step "
                "10 takes the empty cells in the order get_all_empty_cells_indexes lists them, "
                f"{_empties(node.parent.state)}, and the order decides which of two equal cells is kept")
    if kind == "stopped":
        node = difference.right
        return (f"at {node.where} the game goes on ({board_facts(node.state)}), but your minimax returned "
                "without test-plays: step 9 returns a score only when O or X has a line or no cell is empty")
    if kind == "value":
        return _value_words(difference.mine, difference.right)
    if kind == "move":
        return _move_words(move, right, mark)
    return str(difference)


def _extra_words(difference: Difference, right) -> str:
    node = difference.mine
    paths = [tuple(n.move for n in m.path[1:]) for m in node.tree.nodes if not m.pruned]
    path = tuple(n.move for n in node.path[1:])
    if paths.count(path) > 1:
        return (f"your minimax called itself twice for the test-play of cell {node.move} at {node.parent.where}: "
                "make one call per test-play, keep what it returns in result, and read result['score'] from it "
                "(steps 11 and 12)")
    above = difference.node_in(right.tree)
    if above.kind == "leaf":
        want = {"score": above.score}
        return (f"at {above.where} the game is over ({board_facts(above.state)}), but your minimax went on to "
                f"test-play cell {node.move}: step 9 returns {want} there before any test-play (O's line, "
                "X's line, then no empty cell)")
    return f"your minimax searched {node.where}, which the tutorial's never reaches"


def _value_words(mine, node) -> str:
    got, want, at = mine.score, node.score, node.where
    if got is None:
        return f"at {at}, your minimax returned no score; return a record with the 'score', counted for X"
    if node.kind == "leaf":
        return _leaf_value_words(node, got, want, at)
    return _call_value_words(mine, node, got, want, at)


def _leaf_value_words(node, got, want, at: str) -> str:
    """Words for a wrong score at a finished game: turned round, a draw for a line, or another."""
    facts = board_facts(node.state)
    if want and _close(got, -want):
        return (f"at {at}, {facts}, and your minimax scored it {signed(got)}: scores count for X, the AI, so "
                "step 9 returns {'score': -1} when O, the human, has a line and {'score': 1} when X has")
    if want and got == 0 and not _empties(node.state):
        return (f"at {at}, {facts}, but your minimax scored it 0, a draw: a line counts before a full board, "
                "so step 9 checks O's line and X's line first, then whether no cell is empty")
    return f"at {at}, a finished game ({facts}), your minimax scored {signed(got)}; step 9 returns {signed(want)}"


def _call_value_words(mine, node, got, want, at: str) -> str:
    """Words for a wrong score returned by a call that made test-plays."""
    player = node.player
    values = [c.score for c in mine.children if not c.pruned and c.score is not None]
    head = f"at {at} ({player} to move), your minimax returned {signed(got)}"
    shown = "[" + ", ".join(signed(v) for v in values) + "]"
    words = _other_end_words(head, player, got, values, shown)
    if words is not None:
        return words
    if values and not any(_close(got, v) for v in values):
        if want and _close(got, -want):
            return (f"{head}, minus the score {signed(want)} it should return: scores count for X at every call, "
                    "so a score is never turned round on its way up")
        return (f"{head}, which none of its test-plays scored ({shown}): step 17 returns the best record itself, "
                "with the score its test-play got")
    return f"{head}; its test-plays scored {shown}, so the tutorial's returns {signed(want)}"


def _other_end_words(head: str, player: str, got, values: list, shown: str) -> str | None:
    """Words for a call that kept the other player's end of its test-plays' scores (the lowest
    for X, the highest for O), else None."""
    if values and player == "X" and _close(got, min(values)) and not _close(got, max(values)):
        return (f"{head}, the lowest of its test-plays' scores {shown}: {_role('X')} and keeps the highest "
                "(step 16: > with best_score from -infinity)")
    if values and player == "O" and _close(got, max(values)) and not _close(got, min(values)):
        return (f"{head}, the highest of its test-plays' scores {shown}: {_role('O')} and keeps the lowest "
                "(step 16: < with best_score from +infinity)")
    return None


def _move_words(got, right, mark: str) -> str:
    root, want = right.tree.root, right.move
    plays = _plays(root)
    cells = [p["index"] for p in plays]
    ties = [p["index"] for p in plays if p["score"] == root.score]
    record = {"index": want, "score": right.score}
    if got in ties and len(ties) > 1:
        return (f"{_cells(ties)} tie at {signed(root.score)} for {mark}, and your minimax returned cell {got}; "
                f"the tutorial keeps the first, {ties[0]}: step 16 goes through the records in order and replaces "
                "the best only when a score is strictly better (> for X, < for O), so ties go to the first")
    if isinstance(got, int) and not isinstance(got, bool) and 0 <= got < len(cells) and cells[got] == want:
        return (f"your minimax returned 'index' {got}, the place of the best test-play in the loop (the counter "
                f"i), but the record holds the cell: current_test_play_info['index'] = "
                f"curr_bd_st[avail_cells_indexes[i]], here {want} (step 11), so it returns {record}")
    if got is None:
        return f"your minimax returned no 'index'; return the best record, {record} (step 17)"
    return (f"your minimax chose cell {_short(got)}, but the best test-play for {mark} is {record}: its test-plays "
            f"are {plays}")


def _close(a, b) -> bool:
    try:
        return math.isclose(a, b, abs_tol=1e-9)
    except TypeError:
        return False
