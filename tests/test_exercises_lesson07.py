"""Lesson 07's checks: "Right" for correct answers, useful words for the usual wrong ones."""

import numpy as np
import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson07 as L

GAME = mv.ConnectFour()


def says(feedback, ok, *words):
    text = str(feedback)
    assert isinstance(feedback, mv.exercises.Feedback)
    assert bool(feedback) is ok, text
    assert text.startswith("Right: " if ok else "Not yet: "), text
    for word in words:
        assert word in text, f"{word!r} not in {text!r}"


def stub(*args):
    raise NotImplementedError("your code here")


def search(state, depth):
    return mv.alphabeta(GAME, state, depth=depth, order=mv.centre_first, memo=True, quick_wins=True,
                        record=False)


def test_found_by_name_from_the_package():
    assert mv.exercises.lesson07 is L
    for name in ("check_centre_evaluate", "check_winning_columns", "check_win_depth"):
        assert callable(getattr(L, name))


def test_the_positions_are_what_the_lesson_says():
    assert GAME.board(L.WIN_POSITION)[-3:] == ["...O...", "..XX..O", "XOOXX.O"]
    assert GAME.board(L.DEPTH_POSITION)[-2:] == ["O...XX.", "O.X.XOO"]
    assert GAME.player(L.WIN_POSITION) == GAME.player(L.DEPTH_POSITION) == "X"


# -- an evaluate that counts the centre column ---------------------------------------------------------

def centre(board):
    """The lesson's solution, written from scratch."""
    x = sum(row[3] == "X" for row in board)
    o = sum(row[3] == "O" for row in board)
    return (x - o) / 7


@pytest.mark.parametrize("evaluate", [centre, lambda board: L.centre_discs(board) / 5,
                                      lambda board: L.centre_discs(board) ** 3 / 100])
def test_centre_evaluate_right(evaluate):
    says(L.check_centre_evaluate(evaluate), True, "all 300 positions", "opens in the centre column (3)")


def test_the_positions_asked_about():
    boards = L._centre_boards()
    assert len(boards) == 300 == len({board for _, board in boards})
    counts = {L.centre_discs(board) for _, board in boards}
    assert {-3, 4} <= counts and max(map(abs, counts)) <= 4
    for moves, board in boards:
        assert GAME.board(moves) == list(board) and not GAME.is_terminal(board)


@pytest.mark.parametrize(
    "evaluate, words",
    [
        (stub, ["still the stub"]),
        ("centre", ["should be a function"]),
        (lambda board: None, ["must return a number"]),
        (lambda board: True, ["must return a number"]),
        (lambda board: board["X"], ["TypeError"]),
        (lambda board: L.centre_discs(board) / 3, ["the position '41414') returned 1", "make +3", "such as 7"]),
        (lambda board: L.centre_discs(board) / 4, ["'414144424') returned 1", "make +4"]),
        (lambda board: L.centre_discs(board), ["strictly between -1 and +1", "use / instead"]),
        (lambda board: L.centre_discs(board) // 7, ["the position '14') returned -1", "rounds down"]),
        (lambda board: 0, ["plays column 0, not the centre (3)", "3: 0,", "A tie goes to the first column"]),
        (lambda board: sum(r[4] == "X" for r in board) / 7 - sum(r[4] == "O" for r in board) / 7,
         ["plays column 4", "4: 0.14", "the centre is 3, not 4"]),
        (lambda board: -centre(board), ["plays column 0", "3: -0.14"]),
        (lambda board: sum(r[3] == "X" for r in board) / 7,
         ["the empty board 0 and the position '44' 0.14", "make +0", "nothing but"]),
        (lambda board: sum(r[3] != "." for r in board) / 7, ["the position '44' 0.29", "count only the centre"]),
        (GAME.evaluate, ["the position '1' 0.0047"]),
        (lambda board: centre(board) if L.centre_discs(board) > -2 else 0.5,
         ["more centre discs for X should score higher", "O's subtract"]),
    ],
)
def test_centre_evaluate_not_yet(evaluate, words):
    says(L.check_centre_evaluate(evaluate), False, *words)


def test_centre_evaluate_that_fails_in_the_search():
    calls = []

    def picky(board):
        calls.append(board)
        if len(calls) > 300:
            raise ValueError("tired")
        return centre(board)

    says(L.check_centre_evaluate(picky), False, "depth-1 search", "ValueError: tired")


def test_the_centre_evaluate_plays_the_centre_in_a_search():
    assert mv.minimax(GAME, depth=1, evaluate=centre, record=False).move == 3


# -- the columns that win within two discs: the learner's winning_columns(game, state) ----------------

def winning_columns(game, state):
    me, found = game.player(state), []
    for column in game.moves(state):
        after = game.play(state, column)
        if game.winner(after) == me:
            found.append(column)
        elif not game.is_terminal(after) and all(
                any(game.winner(game.play(reply, c)) == me for c in game.moves(reply))
                for reply in (game.play(after, r) for r in game.moves(after))):
            found.append(column)
    return found


def winning_columns_with_loops(game, state):
    """Plain loops and flags, the mover kept before any disc drops."""
    me = game.player(state)
    found = []
    for column in game.moves(state):
        after = game.play(state, column)
        if game.winner(after) == me:
            found.append(column)
            continue
        if game.is_terminal(after):
            continue
        every_reply_loses = True
        for reply in game.moves(after):
            answered = game.play(after, reply)
            if not any(game.winner(game.play(answered, c)) == me for c in game.moves(answered)):
                every_reply_loses = False
                break
        if every_reply_loses:
            found.append(column)
    return found


def winning_columns_by_search(game, state):
    """The package's search two plies below each column, as lesson 07 ran it."""
    sign = 1 if game.player(state) == "X" else -1
    return [c for c in game.moves(state)
            if sign * mv.alphabeta(game, game.play(state, c), depth=2, quick_wins=True, record=False).score >= 1]


def counts_threats(game, state):
    """The exercise's hint taken as the whole rule: a disc that makes two threats at once."""
    return [c for c in game.moves(state) if len(game.threats(game.play(state, c))) >= 2]


def some_reply(game, state):
    """any(...) over the replies: wins if the opponent plays badly."""
    me = game.player(state)
    return [c for c in game.moves(state)
            if game.winner(game.play(state, c)) == me
            or any(any(game.winner(game.play(game.play(game.play(state, c), r), w)) == me
                       for w in game.moves(game.play(game.play(state, c), r)))
                   for r in game.moves(game.play(state, c)))]


def forgets_the_full_board(game, state):
    """No is_terminal test: when the last disc fills the board, all() of no replies is True."""
    me = game.player(state)
    return [c for c in game.moves(state)
            if game.winner(game.play(state, c)) == me
            or all(any(game.winner(game.play(game.play(game.play(state, c), r), w)) == me
                       for w in game.moves(game.play(game.play(state, c), r)))
                   for r in game.moves(game.play(state, c)))]


def always_x(game, state):
    """Compares with 'X' rather than with the player to move."""
    found = []
    for column in game.moves(state):
        after = game.play(state, column)
        if game.winner(after) == "X" or (not game.is_terminal(after) and all(
                any(game.winner(game.play(reply, c)) == "X" for c in game.moves(reply))
                for reply in (game.play(after, r) for r in game.moves(after)))):
            found.append(column)
    return found


def one_based(game, state):
    return [c + 1 for c in winning_columns(game, state)]


@pytest.mark.parametrize("function", [winning_columns, winning_columns_with_loops, winning_columns_by_search,
                                      lambda game, state: [np.int64(c) for c in winning_columns(game, state)],
                                      lambda game, state: tuple(reversed(winning_columns(game, state))),
                                      lambda game, state: set(winning_columns(game, state))])
def test_winning_columns_right(function):
    says(L.check_winning_columns(function), True, "all 10 positions", "X and O to move",
         "in '5743321744' it is column 1")


def test_the_column_positions_are_what_their_comments_say():
    expected = [[1], [3], [3], [], [3], [2, 5], [2], [], [], []]
    assert [L.winning_columns_of(m) for m in L.COLUMN_POSITIONS] == expected
    assert [winning_columns(GAME, GAME.board(m)) for m in L.COLUMN_POSITIONS] == expected
    players = [GAME.player(m) for m in L.COLUMN_POSITIONS]
    assert players == ["X", "X", "O", "X", "X", "X", "O", "O", "X", "O"]
    assert [counts_threats(GAME, m) for m in L.COLUMN_POSITIONS] == [[1], [], [3], [4], [], [2, 5], [], [1], [], []]
    assert GAME.threats("611564716643") == (1,) and GAME.threats("462465631373336") == (5,)
    assert GAME.moves_left(L.COLUMN_POSITIONS[-1]) == 1


@pytest.mark.parametrize(
    "function, words",
    [
        (stub, ["on '5743321744' (X to move)", "still the stub"]),
        (counts_threats, ["on '112233' (X to move) counts_threats gives [], but the winning column is [3]",
                          "completes four at once", "test game.winner(after)"]),
        (some_reply, ["on '5743321744'", "gives [0, 1, 4]", "after X in column 0, O answers in column",
                      "not after some of them", "all(...)"]),
        (forgets_the_full_board, ["(O to move)", "gives [6], but no column wins", "fills the board",
                                  "all(...) of no replies is True"]),
        (always_x, ["on '2233541' (O to move) always_x gives [], but the winning column is [3]",
                    "every reply of X leaves O a four", "X in 0 then O in 4", "the player to move here is O"]),
        (one_based, ["gives [2], but the winning column is [1]"]),
        (lambda game, state: 1, ["returned 1", "[3], not 3"]),
        (lambda game, state: None, ["returned None", "not a list of columns"]),
        (lambda game, state: [1, 1], ["names a column twice"]),
        (lambda game, state: ["1"], ["holds '1'"]),
        (lambda game, state: game.play(state, 9), ["InvalidMove"]),
        ("winning_columns", ["should be a function"]),
    ],
)
def test_winning_columns_not_yet(function, words):
    says(L.check_winning_columns(function), False, *words)


def threats_on(position):
    """Right everywhere but on ``position``, where it counts threats (the slip checked there)."""
    return lambda game, state: (counts_threats(game, state) if game.board(state) == GAME.board(position)
                                else winning_columns(game, state))


def test_a_double_threat_that_loses_to_a_win_at_once_is_named():
    says(L.check_winning_columns(threats_on("611564716643")), False, "on '611564716643' (X to move)",
         "gives [4]", "O answers in column 1 and wins at once", "however many threats")
    says(L.check_winning_columns(threats_on("462465631373336")), False, "(O to move)", "gives [1]",
         "X answers in column 5 and wins at once")


def test_threats_one_above_the_other_are_explained():
    says(L.check_winning_columns(threats_on("5227676152462355")), False, "on '5227676152462355'",
         "gives [], but the winning column is [3]", "every reply of O leaves X a four", "one above the other")


# -- the depth that sees the win: the learner's win_depth(position, deepest) --------------------------

def win_depth(position, deepest=9):
    sign = 1 if GAME.player(position) == "X" else -1
    for depth in range(1, deepest + 1):
        if sign * search(position, depth).score >= 1:
            return depth
    return None


def win_depth_odd_only(position, deepest=9):
    """A win for the mover comes on the mover's own ply: odd depths suffice."""
    for depth in range(1, deepest + 1, 2):
        score = search(position, depth).score
        if (score >= 1) if GAME.player(position) == "X" else (score <= -1):
            return depth
    return None


def win_depth_while(position, deepest=9):
    depth, mover = 1, GAME.player(position)
    while depth <= deepest:
        score = search(position, depth).score
        if (mover == "X" and score >= 1) or (mover == "O" and score <= -1):
            return depth
        depth += 1


def x_only(position, deepest=9):
    for depth in range(1, deepest + 1):
        if search(position, depth).score >= 1:
            return depth
    return None


def absolute(position, deepest=9):
    for depth in range(1, deepest + 1):
        if abs(search(position, depth).score) >= 1:
            return depth
    return None


def stops_short(position, deepest=9):
    sign = 1 if GAME.player(position) == "X" else -1
    for depth in range(1, deepest):
        if sign * search(position, depth).score >= 1:
            return depth
    return None


def any_good_score(position, deepest=9):
    sign = 1 if GAME.player(position) == "X" else -1
    for depth in range(1, deepest + 1):
        if sign * search(position, depth).score > 0:
            return depth
    return None


def even_depths(position, deepest=9):
    sign = 1 if GAME.player(position) == "X" else -1
    for depth in range(2, deepest + 1, 2):
        if sign * search(position, depth).score >= 1:
            return depth
    return None


def forgets_to_go_deeper(position, deepest=9):
    depth = 1
    while depth <= deepest:
        if search(position, depth).score >= 1:
            return depth


def returns_the_score(position, deepest=9):
    sign = 1 if GAME.player(position) == "X" else -1
    for depth in range(1, deepest + 1):
        result = search(position, depth)
        if sign * result.score >= 1:
            return result.score
    return None


def test_a_stub_gets_no_hint_yet():
    assert L.check_win_depth(stub).hint is None and L.check_winning_columns(stub).hint is None


@pytest.mark.slow
@pytest.mark.parametrize("function", [win_depth, win_depth_odd_only, win_depth_while,
                                      lambda position, deepest=9: (lambda d: d if d is None else np.int64(d))(
                                          win_depth(position, deepest))])
def test_win_depth_right(function):
    says(L.check_win_depth(function), True, "all 9 cases", "'57365161' needs depth 5", "(X, O, X, O, X)")


def test_win_depth_cases_agree_with_a_loop_and_say_what_their_comments_say():
    expected = [5, 3, 1, 3, 5, None, None, 3, None]
    assert [L.win_depth_of(p, d) for p, d in L.DEPTH_CASES] == expected
    assert [win_depth(p, d) for p, d in L.DEPTH_CASES] == expected

    def from_one_deep_search(position, deepest):
        """The plies to the win read from one search deepest plies deep: its quick-wins score
        is 1 + the cells still empty when the game ends."""
        state = GAME.state(position)
        score = (1 if GAME.player(state) == "X" else -1) * search(state, deepest).score
        return GAME.moves_left(state) - (score - 1) if score >= 1 else None

    assert [from_one_deep_search(p, d) for p, d in L.DEPTH_CASES] == expected
    state = GAME.state(L.DEPTH_POSITION)
    scores = [search(state, d).score for d in range(1, 8)]
    assert [abs(s) >= 1 for s in scores] == [False] * 4 + [True] * 3
    assert search("51234177374", 4).score >= 1 and GAME.player("51234177374") == "O"   # X wins


@pytest.mark.parametrize(
    "function, words",
    [
        (stub, ["stub('57365161', 9): it is still the stub"]),
        (x_only, ["x_only('2233541', 9) returned None", "first scores a win for O at depth 3",
                  "for O a win scores -1 or less"]),
        (absolute, ["absolute('51234177374', 5) returned 4", "no depth up to 5 scores a win for O",
                    "a win for X, the opponent", "abs(score) >= 1 is not the test"]),
        (stops_short, ["stops_short('4455', 3) returned None", "depth 3 itself counts", "range(1, deepest + 1)"]),
        (any_good_score, ["any_good_score('57365161', 9) returned 1", "depth 5", "a guess stays strictly between"]),
        (even_depths, ["even_depths('57365161', 9) returned 6", "so does depth 5"]),
        pytest.param(forgets_to_go_deeper, ["forgets_to_go_deeper('57365161', 9)", "ran for more than 0.5 s"],
                     marks=pytest.mark.time_limit(0.5)),
        (returns_the_score, ["returned 30", "the search's score at depth 5", "return the depth itself"]),
        (lambda position, deepest=9: "5", ["returned '5'", "whole number of plies"]),
        (lambda position, deepest=9: 0, ["returned 0", "looks at no move"]),
        (lambda position, deepest=9: 12, ["returned 12", "no deeper than deepest = 9"]),
        (lambda position, deepest=9: np.int64(4), ["returned np.int64(4)", "a guess"]),
        (lambda position: 5, ["TypeError"]),
        (5, ["should be a function"]),
    ],
)
def test_win_depth_not_yet(function, words):
    says(L.check_win_depth(function), False, *words)
