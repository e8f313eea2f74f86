"""Checks for lesson 02, Minimax Step by Step: they explain in words what is wrong.

Each check returns a :class:`~minimax_viz.exercises.Feedback` ("Right: ..." or
"Not yet: ..." with a hint) and never raises, whatever the learner's code does.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from .. import tutorial
from ..games import TicTacToe
from .feedback import Feedback, check_function, check_value, same
from .feedback import learner_check

__all__ = ["check_best_test_play", "check_calls", "check_prediction"]

_GAME = TicTacToe()


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
]

_BEST_HINT = (
    "follow step 16: start best_score at -infinity for X (+infinity for O), go through the "
    "records in order, and replace the best only when a score is strictly better "
    "(higher for X, lower for O); then return that record."
)


def _best_mistake(plays: list[dict], mark: str, got: Any, want: dict, kind: str | None) -> str:
    """Words for what a wrong pick from ``plays`` most likely got wrong.

    ``kind`` is "position" or "score" when the function returned, in every case, the
    position of the best record or its score instead of the record itself.
    """
    call = f"best_test_play({plays!r}, {mark!r})"
    wants = "highest" if mark == "X" else "lowest"
    if got is None:
        return (
            f"{call} returned None. Either nothing was returned, or no score ever counted as "
            f"better: with every score worse than your starting best_score, no record is kept. "
            f"Start from {'-' if mark == 'X' else '+'}infinity, which every score beats."
        )
    if isinstance(got, (int, float)) and not isinstance(got, bool):
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
    if not isinstance(got, dict) or not any(same(got, p) for p in plays):
        return f"{call} returned {got!r}, which is not one of the records it was given; return one of them."
    scores = [p["score"] for p in plays]
    other = max(scores) if mark == "O" else min(scores)
    others_pick = next(p for p in plays if p["score"] == other)
    if got["score"] == want["score"]:
        best = [p for p in plays if p["score"] == want["score"]]
        which = "the last best record" if got == best[-1] else "a later record with the best score"
        return (
            f"{call} returned {got!r}: you picked {which}. The tutorial keeps "
            f"the first one it finds, {want!r}, because it only replaces on a strictly better score "
            f"(> for X, < for O, never >= or <=)."
        )
    if got == others_pick and other != want["score"]:
        role = "the minimiser: it wants the lowest score" if mark == "O" else "the maximiser: it wants the highest score"
        return f"{call} returned {got!r}, the best record for the other player. {mark} is {role}."
    return f"{call} returned {got!r}, but {mark} wants the {wants} score; the answer is {want!r}."


@learner_check
def check_best_test_play(function: Callable) -> Feedback:
    """Check ``best_test_play(test_plays, mark)``: the first record with the best score for mark.

    >>> check_best_test_play(lambda plays, mark: (max if mark == "X" else min)(plays, key=lambda p: p["score"]))
    Right: best_test_play picks the first best record for X (highest score) and for O (lowest), as step 16 does.
    >>> print(check_best_test_play(lambda plays, mark: plays[-1]))
    Not yet: best_test_play([{'index': 1, 'score': -1}, {'index': 4, 'score': 1}, {'index': 8, 'score': -1}], 'X') returned {'index': 8, 'score': -1}, ...
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
    for (plays, mark), want in _BEST_CASES:
        try:
            answers.append(function(copy.deepcopy(plays), mark))
        except Exception:  # check_function has already put the error into words
            return verdict
    kind = _number_kind(answers)
    for ((plays, mark), want), got in zip(_BEST_CASES, answers):
        if not same(got, want):
            return Feedback(False, _best_mistake(plays, mark, got, want, kind), hint=_BEST_HINT)
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

    >>> check_calls(9)
    Right: the function runs 9 times: the first call, 3 test-plays of X, 2 answers of O after X on 1, 2 after X on 8, and 1 answer of X after O on 1.
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


def _test_plays(board: list, mark: str) -> list[dict]:
    """The records the tutorial's loop (steps 10-12) makes for ``mark`` on ``board``."""
    nxt = tutorial.HUMAN_MARK if mark == tutorial.AI_MARK else tutorial.AI_MARK
    records = []
    for cell in tutorial.get_all_empty_cells_indexes(board):
        after = list(board)
        after[cell] = mark
        records.append({"index": cell, "score": tutorial.minimax(after, nxt)["score"]})
    return records


def _signed(score) -> str:
    """+1, -1, and 0 without a sign."""
    return f"{score:+d}" if score else "0"


def _why(board: list, mark: str, cell: int, score: int) -> str:
    """Why ``mark`` playing ``cell`` scores ``score``, in a few words."""
    after = list(board)
    after[cell] = mark
    if tutorial.check_if_winner_found(after, mark):
        return f"{mark} playing {cell} wins at once ({_signed(score)})"
    if not tutorial.get_all_empty_cells_indexes(after):
        return f"{mark} playing {cell} fills the board for a draw (0)"
    outcome = {1: "X wins", -1: "O wins", 0: "it is a draw"}[score]
    return f"after {mark} plays {cell}, with best play from both sides {outcome} ({_signed(score)})"


@learner_check
def check_prediction(board: list, answer: Any, mark: str | None = None) -> Feedback:
    """Check a prediction of ``tutorial.minimax(board, mark)``, a record ``{"index": ..., "score": ...}``.

    ``mark`` defaults to the player whose turn it is on ``board``.

    >>> board = ["X", "O", "X", "X", "O", 5, "O", 7, 8]
    >>> check_prediction(board, {"index": 7, "score": 0})
    Right: {'index': 7, 'score': 0}. The test-plays are [{'index': 5, 'score': -1}, {'index': 7, 'score': 0}, {'index': 8, 'score': -1}], and the tutorial keeps the first best one for X.
    >>> print(check_prediction(board, {"index": 5, "score": 0}))
    Not yet: you gave cell 5 the score 0, but after X plays 5, with best play from both sides O wins (-1).
    Hint: ...
    """
    board = list(board)
    mark = mark or _GAME.player(board)
    want = tutorial.minimax(list(board), mark)
    plays = _test_plays(board, mark)
    wants = "highest" if mark == "X" else "lowest"
    hint = (
        f"for each empty cell, imagine {mark} playing there and the players then playing their best; "
        f"score the end for X (+1 X wins, -1 O wins, 0 draw), then keep the first cell with the {wants} score."
    )
    if answer is ...:
        return Feedback(False, "replace the ... with your prediction, a record like {'index': 0, 'score': 0}.", hint=hint)
    if "index" not in want:  # a finished board: step 9 answers with a score alone
        if answer == want:
            return Feedback(True, f"{want!r}: the game is over, so step 9 returns a score and no cell.")
        return Feedback(False, f"{answer!r} is not it: this game is over, so the function stops at step 9.",
                        hint="step 9 returns {'score': ...} alone: -1 when O has won, +1 when X has, 0 for a full board.")
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        right = "the right score" if answer == want["score"] else "not the right score either"
        return Feedback(
            False,
            f"the function returns a whole record, {{'index': cell, 'score': value}}, not just a number "
            f"({answer!r} is {right}).",
            hint=hint,
        )
    if not isinstance(answer, dict) or set(answer) != {"index", "score"}:
        return Feedback(False, f"write the record as a dict with the keys 'index' and 'score', not {answer!r}.", hint=hint)
    cell, score = answer["index"], answer["score"]
    scores = {p["index"]: p["score"] for p in plays}
    if isinstance(cell, bool) or not isinstance(cell, int):
        return Feedback(False, f"the 'index' is a cell number from 0 to 8, not {cell!r}.", hint=hint)
    if isinstance(score, bool) or not isinstance(score, (int, float)):
        return Feedback(False, f"the 'score' is a number (+1, -1 or 0), not {score!r}.", hint=hint)
    if cell not in scores:
        return Feedback(False, f"cell {cell!r} is not empty on this board; the empty cells are {list(scores)}.", hint=hint)
    if score != scores[cell]:
        return Feedback(
            False, f"you gave cell {cell} the score {score!r}, but {_why(board, mark, cell, scores[cell])}.", hint=hint
        )
    if scores[cell] != want["score"]:
        return Feedback(
            False,
            f"cell {cell} does score {_signed(scores[cell])}, but another empty cell scores better for {mark}, "
            f"who wants the {wants} score.",
            hint=hint,
        )
    if cell != want["index"]:
        return Feedback(
            False,
            f"cell {cell} does score {_signed(scores[cell])}, but so does cell {want['index']}, which comes earlier in the "
            f"loop. The tutorial keeps the first best record it finds, because it only replaces on a "
            f"strictly better score.",
            hint=hint,
        )
    return Feedback(
        True, f"{want!r}. The test-plays are {plays!r}, and the tutorial keeps the first best one for {mark}."
    )
