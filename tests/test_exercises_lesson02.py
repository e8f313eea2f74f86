"""The checks of lesson 02 say "Right" to right answers and explain typical wrong ones.

The learners' functions are written here, in the styles a learner writes them: the
tutorial's own translation, compact ones with max/min and key=, one that copies the board,
one built from the lesson's pieces; and each classic slip of the tutorial's steps. The
truths come from outside the checks: the tutorial's answer {index: 4, score: 1}, the 5,478
positions of tic-tac-toe (958 finished: 626 won by X, 316 by O, 16 drawn), and a plain
minimax written in this file.
"""

import functools
import math

import matplotlib
import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson02

matplotlib.use("Agg")

BOARD_A = ["X", "X", "O", "O", "X", "O", 6, 7, 8]  # X wins on 7 or 8: the first one stays
BOARD_B = ["X", "X", "O", 3, "O", "X", 6, "O", 8]  # X must block on 6; a draw


def ok(feedback):
    return bool(feedback) and repr(feedback).startswith("Right: ")


def not_yet(feedback, *words):
    text = repr(feedback)
    return not feedback and text.startswith("Not yet: ") and all(w in text for w in words)


# -- best_test_play ------------------------------------------------------------------

def tutorial_pick(test_plays, mark):
    best, best_score = None, -math.inf if mark == "X" else math.inf
    for record in test_plays:
        if record["score"] > best_score if mark == "X" else record["score"] < best_score:
            best, best_score = record, record["score"]
    return best


def stub(test_plays, mark):
    raise NotImplementedError("your code here")


def last_best(test_plays, mark):  # >= and <= instead of > and <
    best, best_score = None, -math.inf if mark == "X" else math.inf
    for record in test_plays:
        if record["score"] >= best_score if mark == "X" else record["score"] <= best_score:
            best, best_score = record, record["score"]
    return best


def always_max(test_plays, mark):
    return max(test_plays, key=lambda r: r["score"])


def starts_at_zero(test_plays, mark):
    best, best_score = None, 0
    for record in test_plays:
        if record["score"] > best_score if mark == "X" else record["score"] < best_score:
            best, best_score = record, record["score"]
    return best


def position(test_plays, mark):
    return test_plays.index(tutorial_pick(test_plays, mark))


def score(test_plays, mark):
    return tutorial_pick(test_plays, mark)["score"]


def sorts_in_place(test_plays, mark):  # a stable sort keeps ties in order: still right
    test_plays.sort(key=lambda r: r["score"], reverse=mark == "X")
    return test_plays[0]


@pytest.mark.parametrize("function", [
    tutorial_pick,
    sorts_in_place,
    lambda plays, mark: (max if mark == "X" else min)(plays, key=lambda r: r["score"]),
])
def test_best_test_play_right(function):
    assert ok(lesson02.check_best_test_play(function))


@pytest.mark.parametrize("function, words", [
    (stub, ["still the stub"]),
    (last_best, ["the last best record", "keeps the first one", "strictly better"]),
    (always_max, ["the best record for the other player", "O is the minimiser"]),
    (starts_at_zero, ["returned None", "infinity"]),
    (position, ["the position of the best record", "returns the record itself"]),
    (score, ["the best score", "returns the whole record"]),
    (lambda plays, mark: plays[-1], ["X wants the highest score"]),
    (lambda plays, mark: {"index": 4, "score": 1}, ["not one of the records"]),
    (42, ["should be a function"]),
])
def test_best_test_play_not_yet(function, words):
    assert not_yet(lesson02.check_best_test_play(function), *words)


def test_best_test_play_is_the_tutorials_rule():
    """The check's cases agree with the tutorial's own step 16, run through its minimax."""
    board = mv.TicTacToe.TUTORIAL_BOARD
    plays = [{"index": c, "score": mv.tutorial.minimax(mv.TicTacToe().play(board, c), "O")["score"]}
             for c in (1, 4, 8)]
    assert tutorial_pick(plays, "X") == mv.tutorial.minimax(board, "X") == {"index": 4, "score": 1}


# -- the number of calls ---------------------------------------------------------------

def test_calls_right_and_true():
    assert ok(lesson02.check_calls(9))
    assert mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD).stats.calls == 9


@pytest.mark.parametrize("answer, words", [
    (..., ["replace the ..."]),
    (8, ["one short", "first call"]),
    (13, ["every line of the replay", "Count each call once"]),
    (12, ["last event of the replay"]),
    (3, ["only the test-plays of the first call"]),
    (4, ["run the loop", "calls too"]),
    (5, ["finished game", "count too"]),
    (7, ["draw it"]),
    ("9", ["whole number"]),
    (9.0, ["whole number"]),
    (True, ["whole number"]),
])
def test_calls_not_yet(answer, words):
    assert not_yet(lesson02.check_calls(answer), *words)


# -- predicting the tutorial's answer ----------------------------------------------------

@pytest.mark.parametrize("board, answer", [
    (BOARD_A, {"index": 7, "score": 1}),
    (BOARD_B, {"index": 6, "score": 0}),
    (mv.TicTacToe.TUTORIAL_BOARD, {"index": 4, "score": 1}),
    (["X", 1, "O", "X", 4, "X", "O", "O", "X"], {"index": 4, "score": -1}),  # O to move
    (["X", 1, "O", "X", "X", "X", "O", "O", 8], {"score": 1}),  # X has won
])
def test_prediction_right(board, answer):
    assert ok(lesson02.check_prediction(board, answer))
    assert mv.tutorial.minimax(list(board), mv.TicTacToe().player(board)) == answer


@pytest.mark.parametrize("board, answer, words", [
    (BOARD_A, ..., ["replace the ..."]),
    (BOARD_A, {"index": 8, "score": 1}, ["so does cell 7", "first best record", "strictly better"]),
    (BOARD_A, {"index": 6, "score": 1}, ["after X plays 6", "O wins (-1)"]),
    (BOARD_A, {"index": 6, "score": -1}, ["another empty cell scores better", "highest"]),
    (BOARD_A, 1, ["whole record", "the right score"]),
    (BOARD_A, (7, 1), ["dict with the keys"]),
    (BOARD_A, {"index": 0, "score": 1}, ["not empty", "[6, 7, 8]"]),
    (BOARD_A, {"index": "7", "score": 1}, ["cell number"]),
    (BOARD_A, {"index": 7, "score": "+1"}, ["is a number"]),
    (BOARD_A, {"index": 7, "score": 0}, ["X playing 7 wins at once (+1)"]),
    (BOARD_B, {"index": 6, "score": 1}, ["it is a draw (0)"]),
    (BOARD_B, {"index": 3, "score": 0}, ["O wins (-1)"]),
    (BOARD_B, -1, ["whole record", "not the right score either"]),
    (["X", 1, "O", "X", 4, "X", "O", "O", "X"], {"index": 4, "score": 1}, ["O playing 4 wins at once (-1)"]),
    (["X", 1, "O", "X", "X", "X", "O", "O", 8], {"index": 1, "score": 1}, ["game is over"]),
])
def test_prediction_not_yet(board, answer, words):
    assert not_yet(lesson02.check_prediction(board, answer), *words)


def test_prediction_leaves_the_board_alone():
    board = list(BOARD_A)
    lesson02.check_prediction(board, {"index": 8, "score": 1})
    assert board == BOARD_A


def test_found_as_mv_exercises_lesson02():
    assert mv.exercises.lesson02 is lesson02
    assert set(lesson02.__all__) == {
        "check_terminal_score", "check_best_test_play", "check_minimax", "check_calls", "check_prediction",
        "record_minimax", "replay", "draw_parting", "MINIMAX_BOARDS"}


def test_prediction_takes_only_the_player_to_move():
    with pytest.raises(mv.MinimaxError, match="X's turn"):
        lesson02.check_prediction(BOARD_A, {"index": 7, "score": 1}, mark="O")


# -- an independent tic-tac-toe, written here -------------------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def has_line(board, mark):
    return any(all(board[i] == mark for i in line) for line in LINES)


def empty(board):
    return [c for c in board if c not in ("X", "O")]


def all_positions():
    """Every board reachable from the empty one, as tuples (players alternate, a line ends the game)."""
    seen, todo = {tuple(range(9))}, [tuple(range(9))]
    while todo:
        board = todo.pop()
        if has_line(board, "X") or has_line(board, "O"):
            continue
        mark = "X" if len(empty(board)) % 2 else "O"
        for cell in empty(board):
            child = board[:cell] + (mark,) + board[cell + 1:]
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen


@functools.cache
def value(board, mark):
    """The plain minimax value for X, and the first best cell (ties to the first)."""
    if has_line(board, "O"):
        return -1, None
    if has_line(board, "X"):
        return 1, None
    if not empty(board):
        return 0, None
    best = None
    for cell in empty(board):
        v, _ = value(board[:cell] + (mark,) + board[cell + 1:], "O" if mark == "X" else "X")
        if best is None or (v > best[0] if mark == "X" else v < best[0]):
            best = v, cell
    return best


def test_the_positions_of_tic_tac_toe():
    positions = all_positions()
    finished = [b for b in positions if has_line(b, "X") or has_line(b, "O") or not empty(b)]
    assert len(positions) == 5478 and len(finished) == 958
    assert sum(has_line(b, "X") for b in finished) == 626 and sum(has_line(b, "O") for b in finished) == 316


# -- steps 8 and 9: terminal_score ------------------------------------------------------------------

E, W = mv.tutorial.get_all_empty_cells_indexes, mv.tutorial.check_if_winner_found


def terminal_score(board):   # the tutorial's step 9 with its helpers
    if W(board, "O"):
        return {"score": -1}
    elif W(board, "X"):
        return {"score": 1}
    elif len(E(board)) == 0:
        return {"score": 0}


def terminal_score_lines(board):   # lesson 01's lines, written out
    for mark, score in (("O", -1), ("X", 1)):
        if any(board[a] == board[b] == board[c] == mark for a, b, c in LINES):
            return {"score": score}
    return None if any(c not in ("X", "O") for c in board) else {"score": 0}


def terminal_score_engine(board):   # the package's rules
    game = mv.TicTacToe()
    return {"score": game.utility(board)} if game.is_terminal(board) else None


def signs_swapped(board):
    if W(board, "O"):
        return {"score": 1}
    if W(board, "X"):
        return {"score": -1}
    return None if E(board) else {"score": 0}


def full_first(board):
    if not E(board):
        return {"score": 0}
    return terminal_score(board)


def rows_only(board):
    for mark, score in (("O", -1), ("X", 1)):
        if any(board[r] == board[r + 1] == board[r + 2] == mark for r in (0, 3, 6)):
            return {"score": score}
    return None if E(board) else {"score": 0}


@pytest.mark.parametrize("function", [terminal_score, terminal_score_lines, terminal_score_engine])
def test_terminal_score_right(function):
    feedback = lesson02.check_terminal_score(function)
    assert ok(feedback) and "5,478 positions" in repr(feedback)
    assert "958 finished (626 won by X, 316 by O, 16 drawn)" in repr(feedback)


def terminal_score_stub(board):
    raise NotImplementedError("your code here")


@pytest.mark.parametrize("function, words", [
    (terminal_score_stub, ["still the stub"]),
    (signs_swapped, ["Scores count for X", "{'score': -1} when O, the human, has a line"]),
    (full_first, ["a draw", "A line counts before a full board", "on a full board"]),
    (rows_only, ["returned None", "the left column 0-3-6", "all eight lines"]),
    (lambda b: None if terminal_score(b) is None else terminal_score(b)["score"],
     ["the score alone", "Step 9 returns a record", "result['score']"]),
    (lambda b: terminal_score(b) is not None, ["returned False", "the game goes on", "not False"]),
    (lambda b: terminal_score(b) or {"score": 0}, ["the game goes on", "Return None (not {'score': 0})",
                                                 "test-plays (step 10)"]),
    (lambda b: None if terminal_score(b) is None else {"score": 25 * terminal_score(b)["score"]},
     ["-25, +25 and 0", "-1, +1 and 0"]),
    (lambda b: {"score": -1} if W(b, "O") else None, ["returned None", "X has the "]),
    (lambda b: b.append(0), ["changed the board"]),
    (lambda b: 1 / 0, ["ZeroDivisionError"]),
    (lambda: None, ["TypeError"]),
    ("terminal_score", ["should be a function"]),
])
def test_terminal_score_not_yet(function, words):
    assert not_yet(lesson02.check_terminal_score(function), *words)


def test_terminal_score_names_the_first_wrong_board_and_draws_it():
    text = repr(lesson02.check_terminal_score(rows_only))
    board = text.split("(", 1)[1].split(")", 1)[0]
    assert board.startswith("[") and "\n    X" in text   # the board as a list, then in three rows


@pytest.mark.slow
@pytest.mark.time_limit(0.5)
def test_terminal_score_stops_an_endless_loop():
    def endless(board):
        while True:
            pass
    assert not_yet(lesson02.check_terminal_score(endless), "more than 0.5 s", "never ends")


# -- steps 10 to 17: the whole minimax -----------------------------------------------------------------

def other(mark):
    return "O" if mark == "X" else "X"


def compact(board, mark):   # max/min with key=: they keep the first of equal items
    done = terminal_score(board)
    if done is not None:
        return done
    plays = []
    for cell in E(board):
        board[cell] = mark
        plays.append({"index": cell, "score": compact(board, other(mark))["score"]})
        board[cell] = cell
    return (max if mark == "X" else min)(plays, key=lambda p: p["score"])


def copies(board, mark):   # a new board for each test-play: nothing to take back
    done = terminal_score(board)
    if done is not None:
        return done
    best = None
    for cell in E(board):
        after = list(board)
        after[cell] = mark
        score = copies(after, other(mark))["score"]
        if best is None or (score > best["score"] if mark == "X" else score < best["score"]):
            best = {"index": cell, "score": score}
    return best


def pieces(board, mark):   # the lesson's own pieces: terminal_score and best_test_play
    done = terminal_score(board)
    if done is not None:
        return done
    all_test_play_infos = []
    for cell in E(board):
        info = {"index": cell}
        board[cell] = mark
        info["score"] = pieces(board, other(mark))["score"]
        board[cell] = cell
        all_test_play_infos.append(info)
    return tutorial_pick(all_test_play_infos, mark)


def tutorial_style(slip=None):
    """The tutorial's function (steps 8 to 17) in its own shape, with one slip."""
    slip = slip or ""

    def minimax(curr_bd_st, curr_mark):
        avail = E(curr_bd_st)
        if W(curr_bd_st, "O"):
            return -1 if slip == "bare score" else {"score": 1 if slip == "counted for O" else -1}
        elif W(curr_bd_st, "X"):
            return 1 if slip == "bare score" else {"score": -1 if slip == "counted for O" else 1}
        elif len(avail) == 0:
            return 0 if slip == "bare score" else {"score": 0}
        infos = []
        for i in range(len(avail)):
            info = {"index": i if slip.startswith("loop counter") else curr_bd_st[avail[i]]}
            curr_bd_st[avail[i]] = curr_mark
            nxt = curr_mark if slip == "same mark" else other(curr_mark)
            info["score"] = minimax(curr_bd_st, nxt)["score"]
            if slip != "mark left":
                curr_bd_st[avail[i]] = avail[i] if slip == "loop counter only in the record" else info["index"]
            infos.append(info)
        best = None
        maximise = curr_mark == "X"
        start = {"start 0": 0, "start -1": -1 if maximise else 1}.get(slip, -math.inf if maximise else math.inf)
        for i in range(len(infos)):
            s = infos[i]["score"]
            if slip == ">=" and (s >= start if maximise else s <= start) or \
                    slip != ">=" and (s > start if maximise else s < start):
                start, best = s, i
        if slip == "score only":
            return infos[best]["score"]
        if slip == "plays the best":
            curr_bd_st[infos[best]["index"]] = curr_mark
        return infos[best]
    minimax.__name__ = "minimax"
    return minimax


def minimax_stub(board, mark):
    raise NotImplementedError("your code here")


def calls_a_stub(board, mark):
    done = terminal_score_stub(board)
    return done


@pytest.mark.parametrize("function", [mv.tutorial.minimax, tutorial_style(), compact, copies, pieces])
def test_minimax_right(function):
    feedback = lesson02.check_minimax(function)
    assert ok(feedback) and "all 21 boards" in repr(feedback)
    assert feedback.difference is None


@pytest.mark.parametrize("slip, words", [
    ("mark left", ["changed the board", "takes its mark back (step 12)"]),
    ("same mark", ["the same mark was passed down", "minimax(curr_bd_st, HUMAN_MARK)"]),
    ("loop counter", ["not its own index", "not the loop counter i"]),
    ("loop counter only in the record", ["'index' 0", "the counter i", "avail_cells_indexes[i]"]),
    (">=", ["tie at -1 for O", "keeps the first", "replaces the best only when a score is strictly better"]),
    ("start 0", ["list indices must be integers", "starts at 0 or more instead of -infinity"]),
    ("start -1", ["starts at +1 or less instead of +infinity", "every score beats"]),
    ("counted for O", ["scores count for X", "when O, the human, has a line"]),
    ("score only", ["returned 0, the score alone", "step 17 returns the whole record"]),
    ("bare score", ["returned -1, the score alone, on a finished board", "step 9 returns a record"]),
    ("plays the best", ["changed the board", "only afterwards (step 25)"]),
])
def test_minimax_slips_are_named(slip, words):
    assert not_yet(lesson02.check_minimax(tutorial_style(slip)), *words)


def x_minimises(board, mark):
    done = terminal_score(board)
    if done is not None:
        return done
    plays = []
    for cell in E(board):
        board[cell] = mark
        plays.append({"index": cell, "score": x_minimises(board, other(mark))["score"]})
        board[cell] = cell
    return (min if mark == "X" else max)(plays, key=lambda p: p["score"])


def no_step_9(board, mark):
    plays = []
    for cell in E(board):
        board[cell] = mark
        plays.append({"index": cell, "score": no_step_9(board, other(mark))["score"]})
        board[cell] = cell
    return compact_pick(plays, mark)


def compact_pick(plays, mark):
    return (max if mark == "X" else min)(plays, key=lambda p: p["score"]) if plays else None


def draw_too_soon(board, mark):   # a draw declared while cells are still empty
    if W(board, "O"):
        return {"score": -1}
    if W(board, "X"):
        return {"score": 1}
    if len(E(board)) < 3:
        return {"score": 0}
    return compact(board, mark)


def backwards(board, mark):
    done = terminal_score(board)
    if done is not None:
        return done
    plays = []
    for cell in reversed(E(board)):
        board[cell] = mark
        plays.append({"index": cell, "score": backwards(board, other(mark))["score"]})
        board[cell] = cell
    return compact_pick(plays, mark)


def twice(board, mark):
    done = terminal_score(board)
    if done is not None:
        return done
    plays = []
    for cell in E(board):
        board[cell] = mark
        twice(board, other(mark))
        plays.append({"index": cell, "score": twice(board, other(mark))["score"]})
        board[cell] = cell
    return compact_pick(plays, mark)


def stops_at_a_win(board, mark):
    done = terminal_score(board)
    if done is not None:
        return done
    plays = []
    for cell in E(board):
        board[cell] = mark
        plays.append({"index": cell, "score": stops_at_a_win(board, other(mark))["score"]})
        board[cell] = cell
        if plays[-1]["score"] == (1 if mark == "X" else -1):
            break
    return compact_pick(plays, mark)


def no_mark_placed(board, mark):
    done = terminal_score(board)
    if done is not None:
        return done
    return compact_pick([{"index": c, "score": no_mark_placed(board, other(mark))["score"]} for c in E(board)], mark)


def blanks_the_cell(board, mark):
    done = terminal_score(board)
    if done is not None:
        return done
    plays = []
    for cell in E(board):
        board[cell] = mark
        plays.append({"index": cell, "score": blanks_the_cell(board, other(mark))["score"]})
        board[cell] = " "
    return compact_pick(plays, mark)


def endless(board, mark):
    while True:
        pass


@pytest.mark.parametrize("function, words", [
    (minimax_stub, ["minimax_stub is still the stub"]),
    (calls_a_stub, ["calls terminal_score_stub, which is still the stub"]),
    (x_minimises, ["O, the human, is the minimiser and keeps the lowest"]),
    (no_step_9, ["The game is over on this board", "step 9 returns {'score': -1} before any test-play"]),
    (draw_too_soon, ["but the game goes on here", "step 9 returns a score only when"]),
    (backwards, ["test-played cell 4 before cell 2", "in the order get_all_empty_cells_indexes lists them"]),
    (twice, ["called itself twice for the test-play of cell 4"]),
    (stops_at_a_win, ["never test-played cell 6 at the root", "every empty cell"]),
    (no_mark_placed, ["RecursionError", "place the mark on the board before the call"]),
    (blanks_the_cell, ["Cell 4 holds ' '", "an empty cell holds its own index"]),
    pytest.param(endless, ["did not finish", "more than 0.5 s"], marks=pytest.mark.time_limit(0.5)),
    (lambda board, mark: None, ["returned None on a finished board"]),
    (lambda board, mark: (4, 1), ["returned (4, 1)", "return a record"]),
    (lambda board, mark: {"index": "4", "score": "1"}, ["not a number"]),
    (lambda board, mark: {}, ["a record without a 'score'"]),
    (lambda board, mark: 1 / 0, ["ZeroDivisionError"]),
    (lambda board: board, ["TypeError"]),
    (42, ["takes your minimax function itself"]),
])
def test_minimax_not_yet(function, words):
    assert not_yet(lesson02.check_minimax(function), *words)


def test_minimax_parting_is_drawn():
    feedback = lesson02.check_minimax(tutorial_style("same mark"))
    assert feedback.difference is not None and feedback.difference.kind == "position"
    right_ax, _ = feedback.draw()
    assert right_ax.figure.get_figwidth() * 100 <= 1000
    matplotlib.pyplot.close("all")


@pytest.mark.parametrize("text, what", lesson02.MINIMAX_BOARDS)
def test_minimax_boards_are_what_they_say(text, what):
    board = tuple(c if c in "XO" else i for i, c in enumerate(text))
    assert board in all_positions()
    mark = "X" if len(empty(board)) % 2 else "O"
    score, cell = value(board, mark)
    plays = [value(board[:c] + (mark,) + board[c + 1:], other(mark))[0] for c in empty(board)]
    if what.startswith(("a finished board", "a full board")):
        assert cell is None
        assert ("O has won" in what) == (score == -1) and ("X has won" in what) == (score == 1)
    elif text != "X.OX.XOO.":
        count = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}[len(empty(board))]
        assert what.startswith(f"{count} empty cell") and f"{mark} to move" in what
    if "(a tie)" in what:
        assert plays.count(score) >= 2 and plays.index(score) < len(plays) - 1
    if "loses whatever" in what:
        assert set(plays) == {-1}
    if "can only draw" in what:
        assert score == 0
    if text == "X.OX.XOO.":
        assert (cell, score) == (4, 1)   # the tutorial's own answer


# -- replaying the learner's function -------------------------------------------------------------------

def test_record_minimax_of_the_stub_is_one_line():
    recorded = lesson02.record_minimax(minimax_stub)
    assert isinstance(recorded, mv.exercises.Unfinished) and not recorded
    assert repr(recorded) == "Not yet: finish exercise 5 above first: minimax_stub is still the stub"
    assert repr(lesson02.replay(minimax_stub)) == repr(recorded)
    assert repr(lesson02.draw_parting(minimax_stub)) == repr(recorded)


def test_record_minimax_names_a_stub_it_calls():
    recorded = lesson02.record_minimax(calls_a_stub)
    assert repr(recorded) == "Not yet: finish terminal_score_stub first: your calls_a_stub calls it, and it is still the stub"
    assert repr(lesson02.draw_parting(calls_a_stub)) == repr(recorded)


def test_record_minimax_records_the_learners_calls():
    recorded = lesson02.record_minimax(compact)
    assert recorded.returned == {"index": 4, "score": 1} and recorded.stats.calls == 9
    assert recorded.tree.text() == mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD).tree.text()
    assert lesson02.replay(compact).n_steps == 13


def test_draw_parting_agrees_or_draws_the_first_parting():
    assert ok(lesson02.draw_parting(copies))
    assert "same 9 calls" in repr(lesson02.draw_parting(copies))
    feedback = lesson02.draw_parting(tutorial_style("same mark"))
    assert not_yet(feedback, "the same mark was passed down")
    figure = matplotlib.pyplot.gcf()
    assert [ax.get_title().split(":")[0] for ax in figure.axes] == ["the tutorial's minimax", "your minimax"]
    matplotlib.pyplot.close("all")


def test_draw_parting_on_a_slip_without_a_tree_says_it_in_words():
    feedback = lesson02.draw_parting(tutorial_style("score only"))   # it raises: no tree to draw
    assert not_yet(feedback, "TypeError", "smaller board", "the score alone")


def test_draw_parting_leaves_the_board_alone():
    board = list(BOARD_A)
    lesson02.draw_parting(compact, board)
    assert board == BOARD_A


class Unreadable:
    """A value a learner's code might leave behind whose comparisons and repr raise."""

    def __eq__(self, other):
        raise RuntimeError("no comparing")

    __ne__ = __eq__

    def __repr__(self):
        raise RuntimeError("no repr")

    def __hash__(self):
        return 1


@pytest.mark.parametrize("function", [
    lambda board, mark: board.__setitem__(E(board)[0], Unreadable()) or {"index": 0, "score": 1},
    lambda board, mark: Unreadable(),
    lambda board, mark: {"index": Unreadable(), "score": Unreadable()},
])
def test_minimax_checks_read_unreadable_answers_in_words(function):
    assert not_yet(lesson02.check_minimax(function))
    assert not_yet(lesson02.draw_parting(function))
    matplotlib.pyplot.close("all")


@pytest.mark.parametrize("function", [
    lambda board: board.__setitem__(0, Unreadable()),
    lambda board: Unreadable(),
    lambda board: {"score": Unreadable()},
])
def test_terminal_score_check_reads_unreadable_answers_in_words(function):
    assert not_yet(lesson02.check_terminal_score(function))
