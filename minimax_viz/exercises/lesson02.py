"""Checks for lesson 02, Minimax Step by Step, where the learner writes the tutorial's
function step by step: the finished-game test of steps 8 and 9 (:func:`check_terminal_score`),
the choice of steps 15 to 17 (:func:`check_best_test_play`), and the whole ``minimax(board,
mark)`` with the test-plays of steps 10 to 12 (:func:`check_minimax`); two warm-ups ask for
numbers (:func:`check_calls`, :func:`check_prediction`). :func:`record_minimax`,
:func:`replay` and :func:`draw_parting` replay the learner's own function on the tutorial's
board, beside the tutorial's.

Each check returns a :class:`~minimax_viz.exercises.Feedback` ("Right: ..." or
"Not yet: ..." with a hint) and never raises, whatever the learner's code does.
"""

from __future__ import annotations

import copy
import functools
from typing import Any, Callable

from ..compare import first_difference
from ..errors import InvalidOption
from ..games import TicTacToe
from ..search import minimax as engine_minimax
from .feedback import (
    Feedback,
    Unfinished,
    attempt,
    check_function,
    check_value,
    describe_error,
    same,
)
from ..clock import Stopped as _Stop, bounded as _bounded, time_limit as _time_limit
from .searches import SearchFeedback
from .tutorial_minimax import (
    Verdict,
    board_facts,
    board_text,
    judge,
    judge_recording,
    record,
    signed,
    stub_below,
)
from .feedback import learner_check

__all__ = [
    "check_terminal_score", "check_best_test_play", "check_minimax", "check_calls", "check_prediction",
    "record_minimax", "replay", "draw_parting", "MINIMAX_BOARDS",
]

_GAME = TicTacToe()


# -- steps 8 and 9: is the game over? ---------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _positions() -> tuple:
    """Every position of tic-tac-toe reachable from the empty board (5,478), breadth first."""
    order, seen = [_GAME.start()], {_GAME.start()}
    for state in order:
        for _, child in _GAME.successors(state):
            if child not in seen:
                seen.add(child)
                order.append(child)
    return tuple(order)


def _terminal_want(state) -> dict | None:
    return {"score": _GAME.utility(state)} if _GAME.is_terminal(state) else None


_TERMINAL_HINT = (
    "step 9 in order: if O (the human) has a line, return {'score': -1}; if X (the AI) has one, "
    "{'score': 1}; if no cell is empty, {'score': 0}; otherwise the game goes on: return None."
)


def _terminal_mistake(board: list, got: Any, want: dict | None, call: str) -> str | None:
    """Words for a wrong answer of ``terminal_score`` on ``board``, or None when it is right."""
    facts, shown = board_facts(board), board_text(board)
    if want is None:
        return _going_on_mistake(got, facts, shown, call)
    over = f"the game is over: {facts}.\n{shown}\n"
    if not isinstance(got, dict) or "score" not in got:
        return _not_a_record(board, got, want, call, over)
    return _score_mistake(got, want, call, over, facts)


def _going_on_mistake(got: Any, facts: str, shown: str, call: str) -> str | None:
    """Words for an answer other than None on a board where the game goes on."""
    if got is None:
        return None
    told = "not False" if got is False else f"not {_short(got)}"
    return (f"{call} returned {_short(got)}, but the game goes on: {facts}.\n{shown}\nReturn None ({told}) while "
            "the game goes on: then minimax goes on to its test-plays (step 10).")


def _not_a_record(board: list, got: Any, want: dict, call: str, over: str) -> str:
    """Words for an answer that is no record with a score (None, True or False, a number ...)
    on a finished board."""
    if got is None:
        lines = "" if _GAME.winner(board) is None else (
            " Look at all eight lines: three rows, three columns and two diagonals (step 5's "
            "check_if_winner_found, or is_win from lesson 01).")
        return f"{call} returned None, but {over}Step 9 returns {want} here.{lines}"
    if isinstance(got, bool):
        return (f"{call} returned {got}, but {over}Return the score as a record, {want}, not whether the game "
                "is over: minimax hands it back to the call above, which reads its 'score'.")
    if isinstance(got, (int, float)):
        which = "the score alone" if same(got, want["score"]) else "a bare number"
        return (f"{call} returned {_short(got)}, {which}; {over}Step 9 returns a record, {want}: the call above reads "
                "result['score'] (step 12).")
    return f"{call} returned {_short(got)}, but {over}Step 9 returns a record with a score, {want}."


def _score_mistake(got: dict, want: dict, call: str, over: str, facts: str) -> str | None:
    """Words for a record whose score is wrong on a finished board, or None when it is right."""
    score, right = got["score"], want["score"]
    if isinstance(score, bool) or not isinstance(score, (int, float)):
        return f"{call} returned {_short(got)}: its score is not a number (+1, -1 or 0). {over}Return {want}."
    if same(score, right):
        return None
    if right and same(score, -right):
        return (f"{call} returned {_short(got)}, but {over}Scores count for X, the AI: step 9 returns {{'score': -1}} "
                "when O, the human, has a line, and {'score': 1} when X has.")
    if right and score == 0 and "full" in facts:
        return (f"{call} returned {_short(got)}, a draw, but {over}A line counts before a full board: check O's "
                "line and X's line first, then whether no cell is empty (step 9's order).")
    if score and right and (score > 0) == (right > 0):
        return (f"{call} returned {_short(got)}. The tutorial notes that -25, +25 and 0 would choose the same moves, "
                f"but this course scores -1, +1 and 0, as the engine does: here {want}.")
    return f"{call} returned {_short(got)}, but {over}Step 9 returns {want} here."


def _short(x) -> str:
    try:
        text = repr(x)
    except Exception:  # a learner's object whose repr raises
        return f"an object of type {type(x).__name__}"
    if " at 0x" in text:
        return f"an object of type {type(x).__name__}"
    return text if len(text) <= 70 else text[:67] + "..."


def _scan_terminal_score(terminal_score: Callable, name: str, seen: list) -> Feedback | None:
    """The first position where ``terminal_score`` answers wrongly, as a Feedback; None if none
    (``seen[0]`` is the board it was last given)."""
    for state in _positions():
        board = seen[0] = _GAME.board(state)
        given = list(board)
        call = f"{name}({board!r})"
        try:
            got = terminal_score(given)
        except Exception as err:  # the learner's code: any error becomes words
            return Feedback(False, f"{call}: {describe_error(err)}.", hint=_TERMINAL_HINT)
        if not same(given, board):
            return Feedback(False, f"{call} changed the board it was given (into {_short(given)}); "
                            "read the board, do not write to it.", hint=_TERMINAL_HINT)
        try:
            words = _terminal_mistake(board, got, _terminal_want(state), call)
        except Exception as err:  # an answer whose comparisons raise: still words
            words = f"{call} returned an answer the check cannot read ({describe_error(err)})."
        if words is not None:
            return Feedback(False, words, hint=_TERMINAL_HINT)
    return None


@learner_check
def check_terminal_score(terminal_score: Callable) -> Feedback:
    """Check ``terminal_score(board)``, steps 8 and 9: ``{"score": -1}`` when O has a line,
    ``{"score": 1}`` when X has, ``{"score": 0}`` on a full board, ``None`` while the game
    goes on. It tries all 5,478 positions of tic-tac-toe and names the first wrong one.

    Parameters
    ----------
    terminal_score : callable
        The learner's ``terminal_score(board)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> import minimax_viz as mv
    >>> def terminal_score(board):
    ...     if mv.tutorial.check_if_winner_found(board, "O"):
    ...         return {"score": -1}
    ...     if mv.tutorial.check_if_winner_found(board, "X"):
    ...         return {"score": 1}
    ...     if not mv.tutorial.get_all_empty_cells_indexes(board):
    ...         return {"score": 0}
    ...     return None
    >>> check_terminal_score(terminal_score)
    Right: terminal_score answers as step 9 does on all 5,478 positions of tic-tac-toe: 958 finished (626 won by X, 316
    by O, 16 drawn) and 4,520 where the game goes on.
    """
    name = getattr(terminal_score, "__name__", "terminal_score")
    if not callable(terminal_score):
        return Feedback(False, f"{name} should be a function, but it is {_short(terminal_score)}.",
                        hint="pass the function itself, without calling it: check_terminal_score(terminal_score).")
    seen = [None]   # the board the learner's function was last given
    seconds = _time_limit()
    try:   # on a thread with a watchdog: the scan ends, whatever the function catches
        wrong = _bounded(functools.partial(_scan_terminal_score, terminal_score, name, seen), seconds=seconds)
    except _Stop:
        return Feedback(False, f"{name} ran for more than {seconds:g} s on the 5,478 positions (it was on "
                        f"{seen[0]!r}): a loop that never ends?", hint=_TERMINAL_HINT)
    except RecursionError:
        return Feedback(False, f"{name}({seen[0]!r}) called itself without end (RecursionError); it only looks "
                        "at the board: no recursion is needed.", hint=_TERMINAL_HINT)
    if wrong is not None:
        return wrong
    return Feedback(True, f"{name} answers as step 9 does on all {len(_positions()):,} positions of tic-tac-toe: "
                    f"{_finished_words()}.")


def _finished_words() -> str:
    finished = [s for s in _positions() if _GAME.is_terminal(s)]
    x = sum(1 for s in finished if _GAME.utility(s) == 1)
    o = sum(1 for s in finished if _GAME.utility(s) == -1)
    return (f"{len(finished):,} finished ({x:,} won by X, {o:,} by O, {len(finished) - x - o:,} drawn) and "
            f"{len(_positions()) - len(finished):,} where the game goes on")


def _plays(*pairs) -> list[dict]:
    return [{"index": index, "score": score} for index, score in pairs]


#: (test_plays, mark) and the record the tutorial's step 16 picks, each case
#: aimed at one mistake: the tutorial's root, ties for O and X (the first best
#: record stays), O who minimises, a lone record, and all records worse than 0.
_BEST_CASES = [
    ((_plays((1, -1), (4, 1), (8, -1)), "X"), {"index": 4, "score": 1}),
    ((_plays((4, -1), (8, -1)), "O"), {"index": 4, "score": -1}),
    ((_plays((1, 1), (4, -1)), "O"), {"index": 4, "score": -1}),
    ((_plays((2, 0), (5, 1), (7, 1)), "X"), {"index": 5, "score": 1}),
    ((_plays((6, 0),), "X"), {"index": 6, "score": 0}),
    ((_plays((3, -1), (5, -1)), "X"), {"index": 3, "score": -1}),
    ((_plays((0, 1), (2, 1)), "O"), {"index": 0, "score": 1}),
    # a best score of 0 is still a best: a draw, then a loss for X (or a win for O) keeps the draw
    ((_plays((1, 0), (4, -1)), "X"), {"index": 1, "score": 0}),
    ((_plays((1, 0), (4, 1)), "O"), {"index": 1, "score": 0}),
    ((_plays((3, 0), (7, 0)), "X"), {"index": 3, "score": 0}),
]

_BEST_HINT = (
    "follow step 16: start best_score at -infinity for X (+infinity for O), go through the "
    "records in order, and replace the best only when a score is strictly better "
    "(higher for X, lower for O); then return that record."
)


def _best_mistake(plays: list[dict], mark: str, got: Any, want: dict, kind: str | None,
                  evidence: str | None = None) -> str:
    """Words for what a wrong pick from ``plays`` most likely got wrong.

    ``kind`` is "position" or "score" when the function returned, in every case, the
    position of the best record or its score instead of the record itself.
    """
    call = f"best_test_play({plays!r}, {mark!r})"
    if got is None:
        return (
            f"{call} returned None. Either nothing was returned, or no score ever counted as "
            f"better: with every score worse than your starting best_score, no record is kept. "
            f"Start from {'-' if mark == 'X' else '+'}infinity, which every score beats."
        )
    if isinstance(got, (int, float)) and not isinstance(got, bool):
        return _best_number_mistake(call, got, want, kind)
    if not isinstance(got, dict) or not any(same(got, p) for p in plays):
        return f"{call} returned {got!r}, which is not one of the records it was given; return one of them."
    return _best_record_mistake(call, plays, mark, got, want, evidence=evidence)


def _best_number_mistake(call: str, got, want: dict, kind: str | None) -> str:
    """Words for a number returned instead of the best record: its position, its score, or neither."""
    if kind == "position":
        return (
            f"{call} returned {got}, the position of the best record in the list. Step 16 keeps that "
            f"position as a reference, but step 17 returns the record itself: test_plays[{got}]."
        )
    if kind == "score":
        return (
            f"{call} returned {got}, the best score. Step 17 returns the whole record, "
            f"{want!r}, so that the caller learns the cell (its index) as well as the score."
        )
    return f"{call} returned the number {got}; return the best record itself (a dict), as step 17 does."


def _best_record_mistake(call: str, plays: list[dict], mark: str, got: dict, want: dict, *,
                         evidence: str | None = None) -> str:
    """Words for one of the records given that is not the first best one: a later tie, or
    another record. A cause is named only with ``evidence`` from all the cases: "other"
    (every pick for this mark where the two players differ was the other player's), "zero"
    (right wherever the best score is not 0, wrong wherever it is)."""
    wants = "highest" if mark == "X" else "lowest"
    if got["score"] == want["score"]:
        best = [p for p in plays if p["score"] == want["score"]]
        which = "the last best record" if got == best[-1] else "a later record with the best score"
        return (
            f"{call} returned {got!r}: you picked {which}. The tutorial keeps the first one it finds, "
            f"{want!r}: it goes through the records in order and replaces the best only on a strictly "
            f"better score (> for X, < for O)."
        )
    if evidence == "other":
        role = ("the minimiser: it wants the lowest score" if mark == "O"
                else "the maximiser: it wants the highest score")
        return (f"{call} returned {got!r}, the best record for the other player, and so it did in every case "
                f"for {mark}. {mark} is {role}.")
    if evidence == "zero":
        return (f"{call} returned {got!r}, but {mark} wants the {wants} score; the answer is {want!r}. Your "
                "function is right wherever the best score is not 0, and wrong wherever it is 0: a draw's 0 "
                "is a score like any other, though it is falsy (`not best_score` is True for it), so 'no best "
                "yet' must be told apart from a best of 0 (start at -infinity or +infinity, or test `is None`).")
    return f"{call} returned {got!r}, but {mark} wants the {wants} score; the answer is {want!r}."


def _others_pick(plays: list[dict], mark: str) -> dict:
    scores = [p["score"] for p in plays]
    other = max(scores) if mark == "O" else min(scores)
    return next(p for p in plays if p["score"] == other)


def _best_evidence(answers: list, mark: str) -> str | None:
    """What all the answers show about a wrong pick for ``mark`` (see :func:`_best_record_mistake`)."""
    cases = [((plays, m), want, got) for ((plays, m), want), got in zip(_BEST_CASES, answers)]
    differ = [(plays, want, got) for (plays, m), want, got in cases
              if m == mark and _others_pick(plays, m)["score"] != want["score"]]
    if differ and all(same(got, _others_pick(plays, mark)) for plays, _, got in differ):
        return "other"
    right = [same(got, want) for _, want, got in cases]
    zero = [want["score"] == 0 and len(plays) > 1 for (plays, _), want, _ in cases]
    if any(zero) and all(ok != z for ok, z in zip(right, zero)):   # wrong exactly where the best is 0
        return "zero"
    return None


@learner_check
def check_best_test_play(function: Callable) -> Feedback:
    """Check ``best_test_play(test_plays, mark)``: the first record with the best score for mark.

    Parameters
    ----------
    function : callable
        The learner's ``best_test_play(test_plays, mark)``.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_best_test_play(lambda plays, mark: (max if mark == "X" else min)(plays, key=lambda p: p["score"]))
    Right: best_test_play picks the first best record for X (highest score) and for O (lowest), as step 16 does.
    >>> print(check_best_test_play(lambda plays, mark: plays[-1]))
    Not yet: best_test_play([{'index': 1, 'score': -1}, {'index': 4, 'score': 1}, {'index': 8, 'score': -1}], 'X')
    returned {'index': 8, 'score': -1}, ...
    """
    name = "best_test_play"
    cases = [((copy.deepcopy(plays), mark), want) for (plays, mark), want in _BEST_CASES]
    verdict = check_function(function, cases, name=name, hint=_BEST_HINT)
    if verdict:
        return Feedback(
            True,
            f"{name} picks the first best record for X (highest score) and for O (lowest), as step 16 does.",
        )
    answers = []
    for (plays, mark), _want in _BEST_CASES:
        try:
            answers.append(function(copy.deepcopy(plays), mark))
        except Exception:  # check_function has already put the error into words
            return verdict
    kind = _number_kind(answers)
    for ((plays, mark), want), got in zip(_BEST_CASES, answers):
        if not same(got, want):
            return Feedback(False, _best_mistake(plays, mark, got, want, kind, _best_evidence(answers, mark)),
                            hint=_BEST_HINT)
    return verdict


def _number_kind(answers: list) -> str | None:
    """"position" or "score" when every answer is that number of the best record."""
    for kind, of in (("position", lambda plays, want: plays.index(want)), ("score", lambda plays, want: want["score"])):
        if all(same(got, of(plays, want)) and not isinstance(got, (bool, dict))
               for ((plays, _), want), got in zip(_BEST_CASES, answers)):
            return kind
    return None


#: Wrong counts of the calls on the tutorial's board, and what each one most likely counted.
_CALL_HINTS = {
    3: "3 counts only the test-plays of the first call. Each test-play starts a call of its own, "
       "and a call whose board is not finished makes test-plays of its own in turn.",
    4: "4 counts only the calls that get past step 9 and run the loop (the first call and three "
       "others). The calls that stop at step 9 with a finished game are calls too.",
    5: "5 counts only the calls that stop at step 9 with a finished game (the leaves of the tree). "
       "The calls that go on to test cells count too, the first one included.",
    8: "that is one short: did you leave out the first call, the one made at step 7? It counts too.",
    12: "12 is the number of the last event of the replay, which counts returns as well as calls.",
    13: "13 counts every line of the replay: a call that runs the loop shows up twice (when it "
        "starts and when it returns). Count each call once.",
}

_CALLS_HINT = (
    "draw it: the first call, one call for each of X's three test-plays, then one call for each "
    "answer O tries after X's move when the game is not over, and so on until every game is finished."
)


@learner_check
def check_calls(answer: Any) -> Feedback:
    """Check the number of times the tutorial's minimax runs on its own board (9).

    Parameters
    ----------
    answer : object
        The learner's count.

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Examples
    --------
    >>> check_calls(9)
    Right: the function runs 9 times: the first call, 3 test-plays of X, 2 answers of O after X on 1, 2 after X on 8,
    and 1 answer of X after O on 1.
    >>> print(check_calls(8))
    Not yet: 8 is not the number of calls.
    Hint: that is one short: did you leave out the first call, the one made at step 7? It counts too.
    """
    if answer is not ... and (isinstance(answer, bool) or not isinstance(answer, int)):
        return Feedback(False, f"the answer is a whole number of calls, like 7, not {answer!r}.")
    hint = _CALL_HINTS.get(answer, _CALLS_HINT)
    return check_value(
        answer, 9, what="the number of calls", hint=hint,
        success=(
            "the function runs 9 times: the first call, 3 test-plays of X, 2 answers of O after X on 1, "
            "2 after X on 8, and 1 answer of X after O on 1."
        ),
    )


def _right_record(board: list) -> tuple[dict, list[dict]]:
    """The engine's answer on ``board`` as the tutorial's record, and its test-plays."""
    right = engine_minimax(_GAME, board)
    root = right.tree.root
    if root.kind == "leaf":
        return {"score": right.score}, []
    plays = [{"index": c.move, "score": c.score} for c in root.children]
    return {"index": right.move, "score": right.score}, plays


def _why(board: list, mark: str, cell: int, score: int) -> str:
    """Why ``mark`` playing ``cell`` scores ``score``, in a few words."""
    after = _GAME.play(board, cell)
    if _GAME.winner(after) == mark:
        return f"{mark} playing {cell} wins at once ({signed(score)})"
    if not _GAME.moves(after) and _GAME.is_terminal(after):
        return f"{mark} playing {cell} fills the board for a draw (0)"
    outcome = {1: "X wins", -1: "O wins", 0: "it is a draw"}[score]
    return f"after {mark} plays {cell}, with best play from both sides {outcome} ({signed(score)})"


@learner_check
def check_prediction(board: list, answer: Any, mark: str | None = None) -> Feedback:
    """Check a prediction of what the tutorial's ``minimax(board, mark)`` returns, a record
    ``{"index": ..., "score": ...}``; the right one is the engine's search of ``board``.

    ``mark`` is the player to move on ``board`` (the default; no other mark moves there).

    Parameters
    ----------
    board : list
        The board of the prediction.
    answer : object
        The learner's prediction, a record ``{"index": ..., "score": ...}``.
    mark : str or None, optional
        The player to move on ``board`` (``None``: the one whose turn it is).

    Returns
    -------
    Feedback
        The verdict: "Right: ..." or "Not yet: ..." with a hint.

    Raises
    ------
    InvalidOption
        When ``mark`` is not the player to move on ``board`` (the lesson's slip, not the learner's).
    InvalidBoard
        When ``board`` is not a position of tic-tac-toe (likewise).

    Examples
    --------
    >>> board = ["X", "O", "X", "X", "O", 5, "O", 7, 8]
    >>> check_prediction(board, {"index": 7, "score": 0})
    Right: {'index': 7, 'score': 0}. The test-plays are [{'index': 5, 'score': -1}, {'index': 7, 'score': 0}, {'index':
    8, 'score': -1}], and the tutorial keeps the first best one for X.
    >>> print(check_prediction(board, {"index": 5, "score": 0}))
    Not yet: you gave cell 5 the score 0, but after X plays 5, with best play from both sides O wins (-1).
    Hint: ...
    """
    board = list(board)
    to_move = _GAME.player(board)
    if mark is not None and mark != to_move:
        raise InvalidOption(f"it is {to_move}'s turn on {board!r}, not {mark!r}'s; leave mark out")
    mark = to_move
    want, plays = _right_record(board)
    wants = "highest" if mark == "X" else "lowest"
    hint = (
        f"for each empty cell, imagine {mark} playing there and the players then playing their best; "
        f"score the end for X (+1 X wins, -1 O wins, 0 draw), then keep the first cell with the {wants} score."
    )
    if answer is ...:
        return Feedback(False, "replace the ... with your prediction, a record like {'index': 0, 'score': 0}.",
                        hint=hint)
    if "index" not in want:  # a finished board: step 9 answers with a score alone
        if same(answer, want):
            return Feedback(True, f"{want!r}: the game is over, so step 9 returns a score and no cell.")
        return Feedback(False, f"{_short(answer)} is not it: this game is over, so the function stops at step 9.",
                        hint="step 9 returns {'score': ...} alone: -1 when O has won, +1 when X has, 0 for a full "
                             "board.")
    wrong = _not_a_prediction(answer, want, hint)
    if wrong is not None:
        return wrong
    return _judge_prediction(board, mark, answer["index"], answer["score"], want, plays, hint)


def _not_a_prediction(answer: Any, want: dict, hint: str) -> Feedback | None:
    """Words for an answer that is no record ``{'index': cell, 'score': number}``, else None."""
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        right = "the right score" if answer == want["score"] else "not the right score either"
        return Feedback(
            False,
            f"the function returns a whole record, {{'index': cell, 'score': value}}, not just a number "
            f"({answer!r} is {right}).",
            hint=hint,
        )
    if not isinstance(answer, dict) or set(answer) != {"index", "score"}:
        return Feedback(False, f"write the record as a dict with the keys 'index' and 'score', not {_short(answer)}.",
                        hint=hint)
    cell, score = answer["index"], answer["score"]
    if isinstance(cell, bool) or not isinstance(cell, int):
        return Feedback(False, f"the 'index' is a cell number from 0 to 8, not {_short(cell)}.", hint=hint)
    if isinstance(score, bool) or not isinstance(score, (int, float)):
        return Feedback(False, f"the 'score' is a number (+1, -1 or 0), not {_short(score)}.", hint=hint)
    return None


def _judge_prediction(board: list, mark: str, cell: int, score, want: dict, plays: list[dict], hint: str) -> Feedback:
    """The verdict on a predicted record of ``cell`` and ``score``, against the test-plays ``plays``."""
    scores = {p["index"]: p["score"] for p in plays}
    wants = "highest" if mark == "X" else "lowest"
    if cell not in scores:
        return Feedback(False, f"cell {cell!r} is not empty on this board; the empty cells are {list(scores)}.",
                        hint=hint)
    if score != scores[cell]:
        return Feedback(
            False, f"you gave cell {cell} the score {score!r}, but {_why(board, mark, cell, scores[cell])}.", hint=hint
        )
    if scores[cell] != want["score"]:
        return Feedback(
            False,
            f"cell {cell} does score {signed(scores[cell])}, but another empty cell scores better for {mark}, "
            f"who wants the {wants} score.",
            hint=hint,
        )
    if cell != want["index"]:
        return Feedback(
            False,
            f"cell {cell} does score {signed(scores[cell])}, but so does cell {want['index']}, which comes earlier "
            f"in the loop. The tutorial keeps the first best record it finds, because it only replaces on a "
            f"strictly better score.",
            hint=hint,
        )
    return Feedback(
        True, f"{want!r}. The test-plays are {plays!r}, and the tutorial keeps the first best one for {mark}."
    )


# -- steps 10 to 12, and the whole function ---------------------------------------------------------

#: The boards :func:`check_minimax` runs a learner's ``minimax(board, mark)`` on, each with
#: what it is there for, small ones first: finished boards (step 9 alone), then boards
#: with 1 to 6 empty cells, X and O to move, ties at the first call (the first best cell
#: stays), calls that lose whatever they play (best_score must start beyond every score),
#: and six boards drawn with ``random.Random(2)`` from the positions with 5 or 6 empty cells.
MINIMAX_BOARDS = (
    ("XX..X.OOO", "a finished board: O has won"),
    ("O.OOX.XXX", "a finished board: X has won"),
    ("XOOOXXXXO", "a finished board: a draw"),
    ("OOXOXOXXX", "a full board where X has won with the last mark"),
    ("XOXO.XOXO", "one empty cell, X to move: a draw"),
    ("OOXXX.OOX", "one empty cell, X to move: X wins"),
    ("XO.X.OOXX", "two empty cells, O to move: one draws, one loses for O"),
    ("XXOOO..XX", "two empty cells, O to move: both win for O (a tie)"),
    ("X.XOXO.XO", "two empty cells, O to move: both lose for O (a tie)"),
    ("X.OX.XOO.", "the tutorial's board"),
    ("O.XXO.XO.", "three empty cells, X to move: X loses whatever it plays"),
    ("XO.X.X.OO", "three empty cells, X to move: two cells win (a tie)"),
    ("X..OXXO.O", "three empty cells, X to move: X can only draw"),
    ("O.XX...XO", "four empty cells, O to move: O wins"),
    ("X..OXX..O", "four empty cells, O to move: two cells draw (a tie)"),
    ("..X..XO.O", "five empty cells, X to move"),
    ("X.OX....O", "five empty cells, X to move"),
    (".X.X..O.O", "five empty cells, X to move"),
    (".O.X.X..O", "five empty cells, X to move"),
    ("OOX.X....", "five empty cells, X to move"),
    (".XO....X.", "six empty cells, O to move"),
)

_MINIMAX_HINT = (
    "steps 8 and 9: return terminal_score(board) when it is not None; step 10: an empty list, and a loop "
    "over the empty cells in order; steps 11 and 12, for each cell: a record with its 'index', the mark "
    "placed, minimax called with the other player's mark, its 'score' saved, the index put back, the "
    "record appended; steps 15 to 17: return the first record with the best score (best_test_play)."
)


@learner_check
def check_minimax(minimax: Callable) -> SearchFeedback:
    """Check the learner's ``minimax(board, mark)``, the tutorial's function, on the boards of
    :data:`MINIMAX_BOARDS`: every call it makes to itself is recorded
    (:func:`minimax_viz.record_calls`) and compared with the engine's search of the same
    board (:func:`minimax_viz.first_difference`), and the first parting is named in the
    tutorial's words. ``.show()`` on a "Not yet" draws both trees, the parting framed.

    Parameters
    ----------
    minimax : callable
        The learner's ``minimax(board, mark)``.

    Returns
    -------
    SearchFeedback
        The verdict; ``.show()`` draws the two trees on a "Not yet".

    Examples
    --------
    >>> import minimax_viz as mv
    >>> check_minimax(mv.tutorial.minimax)
    Right: your minimax makes the tutorial's calls and returns its records on all 21 boards: finished games, X and O to
    move, ties (the first best cell stays), calls that lose whatever they play, and 1 to 6 empty cells; each board is
    left as it was.
    """
    if not callable(minimax):
        return SearchFeedback(False, f"the check takes your minimax function itself, not {_short(minimax)}.",
                              hint="pass the function's name, without calling it: check_minimax(minimax).")
    for text, what in MINIMAX_BOARDS:
        board = _GAME.board(text)
        try:
            verdict = judge(minimax, board)
        except Exception as err:  # what the learner's function left behind cannot be read: still words
            verdict = Verdict(f"the check cannot read what your minimax did ({describe_error(err)}); "
                              "return a record of plain numbers, and leave only marks and indexes on the board")
        if verdict is not None and verdict.stub:
            return SearchFeedback(False, verdict.words + ".", hint=_MINIMAX_HINT)
        if verdict is not None:
            return SearchFeedback(False, f"on {what}:\n{board_text(board)}\n{verdict.words}.",
                                  hint=_MINIMAX_HINT, difference=verdict.difference)
    return SearchFeedback(True, f"your minimax makes the tutorial's calls and returns its records on all "
                          f"{len(MINIMAX_BOARDS)} boards: finished games, X and O to move, ties (the first best "
                          "cell stays), calls that lose whatever they play, and 1 to 6 empty cells; each board is "
                          "left as it was.")


# -- replaying the learner's function ----------------------------------------------------------------

class _StubBelow(BaseException):
    """The learner's minimax ran into another function that is still the stub (a
    BaseException, so that :func:`attempt` lets it through to :func:`record_minimax`)."""


def _recorded(minimax: Callable, board: list, mark: str):
    try:
        return record(minimax, board, mark, max_nodes=50 * len(engine_minimax(_GAME, board).tree) + 500)
    except NotImplementedError as err:
        below = stub_below(minimax, err)
        if below:
            raise _StubBelow(below) from None
        raise


def _attempt_recording(minimax: Callable, board: list, mark: str, exercise: str):
    """:func:`attempt` of the recording, with a line of its own when the stub is a function minimax calls."""
    try:
        return attempt(_recorded, minimax, board, mark, exercise=exercise)
    except _StubBelow as below:
        name = getattr(minimax, "__name__", "minimax")
        return Unfinished(f"finish {below} first: your {name} calls it, and it is still the stub")


def record_minimax(minimax: Callable, board=None, mark: str | None = None, *, exercise: str = "exercise 5"):
    """Your ``minimax`` run on ``board`` (the tutorial's by default) with every call it makes to
    itself recorded (:func:`minimax_viz.record_calls`), or an :class:`Unfinished` line saying
    what to finish first, while it is the stub or raises.

    Parameters
    ----------
    minimax : callable
        The learner's ``minimax(board, mark)``.
    board : list or None, optional
        The board to search (``None``: the tutorial's).
    mark : str or None, optional
        The player to move (``None``: the one whose turn it is).
    exercise : str, optional
        The exercise where the learner writes ``minimax``, for the words.

    Returns
    -------
    LearnerResult or Unfinished
        The recorded calls, or the line saying what to finish first.

    Raises
    ------
    InvalidBoard
        When ``board`` is not a position of tic-tac-toe (the lesson's slip, not the learner's).
    InvalidOption
        When ``mark`` is neither "X", "O" nor None.

    Examples
    --------
    >>> import minimax_viz as mv
    >>> record_minimax(mv.tutorial.minimax).returned
    {'index': 4, 'score': 1}
    >>> def minimax(board, mark):
    ...     raise NotImplementedError("your code here")
    >>> record_minimax(minimax)
    Not yet: finish exercise 5 above first: minimax is still the stub
    """
    board = list(_GAME.board(TicTacToe.TUTORIAL_BOARD if board is None else board))
    if mark is not None and mark not in ("X", "O"):
        raise InvalidOption(f"mark is the player to move, 'X' or 'O' (or None: the one whose turn it is), "
                            f"not {_short(mark)}")
    return _attempt_recording(minimax, board, mark or _GAME.player(board), exercise)


def replay(minimax: Callable, board=None, mark: str | None = None, *, exercise: str = "exercise 5"):
    """A :class:`minimax_viz.Stepper` on your ``minimax`` recorded on ``board`` (the tutorial's by
    default), the node where it first parts from the tutorial's framed ("parts here") and named
    in the captions, or the :class:`Unfinished` line of :func:`record_minimax`.

    Parameters
    ----------
    minimax : callable
        The learner's ``minimax(board, mark)``.
    board : list or None, optional
        The board to search (``None``: the tutorial's).
    mark : str or None, optional
        The player to move (``None``: the one whose turn it is).
    exercise : str, optional
        The exercise where the learner writes ``minimax``, for the words.

    Returns
    -------
    Stepper or Unfinished
        The stepper, or the line saying what to finish first.

    Raises
    ------
    InvalidBoard
        When ``board`` is not a position of tic-tac-toe.
    """
    recorded = record_minimax(minimax, board, mark, exercise=exercise)
    if isinstance(recorded, Unfinished):
        return recorded
    from ..widgets import Stepper

    right = engine_minimax(_GAME, recorded.tree.root_state)
    return Stepper(recorded, parting=first_difference(recorded, right))


def draw_parting(minimax: Callable, board=None, mark: str | None = None, *, exercise: str = "exercise 5"):
    """Your ``minimax`` beside the tutorial's on ``board`` (the tutorial's by default): where they
    part, the tutorial's tree is drawn above yours with the first parting framed
    (:func:`minimax_viz.draw_difference`) and the words are returned; where they agree, the
    words say so. While your function is the stub, the :class:`Unfinished` line.

    Parameters
    ----------
    minimax : callable
        The learner's ``minimax(board, mark)``.
    board : list or None, optional
        The board to search (``None``: the tutorial's).
    mark : str or None, optional
        The player to move (``None``: the one whose turn it is).
    exercise : str, optional
        The exercise where the learner writes ``minimax``, for the words.

    Returns
    -------
    Feedback or Unfinished
        The words of the comparison (the drawing is shown), or the line saying what to finish first.

    Raises
    ------
    InvalidBoard
        When ``board`` is not a position of tic-tac-toe.

    Examples
    --------
    >>> import minimax_viz as mv
    >>> draw_parting(mv.tutorial.minimax)
    Right: your minimax and the tutorial's make the same 9 calls in the same order, each returning the same score, and
    both answer {'index': 4, 'score': 1}.
    """
    board = list(_GAME.board(TicTacToe.TUTORIAL_BOARD if board is None else board))
    mark = mark or _GAME.player(board)
    given = list(board)
    mine = _attempt_recording(minimax, given, mark, exercise)
    if isinstance(mine, Unfinished):   # the stub says so in one line; an error gets the check's words
        verdict = judge(minimax, board, mark)
        return mine if verdict is None or verdict.stub else Feedback(False, verdict.words + ".", hint=_MINIMAX_HINT)
    right = engine_minimax(_GAME, board)
    try:
        verdict = judge_recording(mine, given, board, mark, right)
    except Exception as err:  # what the learner's function left behind cannot be read: still words
        return Feedback(False, f"the check cannot read what your minimax did ({describe_error(err)}).",
                        hint=_MINIMAX_HINT)
    if verdict is None:
        return Feedback(True, f"your minimax and the tutorial's make the same {right.stats.calls} calls in the same "
                        f"order, each returning the same score, and both answer {mine.returned!r}.")
    if verdict.difference is not None:
        from ..draw import draw_difference

        draw_difference(verdict.difference, titles=("the tutorial's minimax", "your minimax"))
    return Feedback(False, verdict.words + ".", hint=_MINIMAX_HINT)
