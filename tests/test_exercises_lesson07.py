"""Lesson 07's checks: "Right" for correct answers, useful words for the usual wrong ones."""

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
    for name in ("check_centre_evaluate", "check_winning_column", "check_win_depth"):
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


# -- the winning column ---------------------------------------------------------------------------------

def test_winning_column_is_the_only_quick_win():
    state = GAME.state(L.WIN_POSITION)
    assert search(state, 3).score == 1 + GAME.moves_left(state) - 3 and search(state, 1).score < 1
    wins = [c for c in GAME.moves(state) if search(GAME.play(state, c), 4).score >= 1]
    assert wins == [1]  # no other column wins within 5 plies either
    says(L.check_winning_column(1), True, "column 1 wins in 3 plies", "next disc")


@pytest.mark.parametrize(
    "case",
    [
        (..., "replace the ..."),
        ("1", "whole number"),
        (1.0, "whole number"),
        (True, "whole number"),
        (7, "there is no column 7"),
        (-1, "there is no column -1"),
        (2, "after X in column 2, O answers in column 3", "counted the columns from 1"),
        (4, "after X in column 4, O answers in column 1", "two threats at once", "cannot be played yet"),
        (3, "after X in column 3", "no longer force a win within 3 plies"),
    ],
)
def test_winning_column_not_yet(case):
    answer, *words = case
    says(L.check_winning_column(answer), False, *words)


def test_winning_column_on_other_positions():
    says(L.check_winning_column(2, "4455"), True, "column 2 wins in 3 plies")
    says(L.check_winning_column(5, "4455"), True)  # both ends of the open three
    says(L.check_winning_column(3, "112233"), True, "column 3 wins in 1 plies")
    says(L.check_winning_column(6, "777777112233"), False, "column 6 is full")
    says(L.check_winning_column(4, "112233"), False, "counted the columns from 1")


# -- the depth that sees the win ------------------------------------------------------------------------

def test_win_depth_is_what_the_search_says():
    state = GAME.state(L.DEPTH_POSITION)
    scores = [search(state, d).score for d in range(1, 8)]
    assert [abs(s) >= 1 for s in scores] == [False] * 4 + [True] * 3
    says(L.check_win_depth(5), True, "from depth 5 on", "+30", "third disc", "(X, O, X, O, X)")


@pytest.mark.parametrize(
    "case",
    [
        (..., "replace the ...", "Try mv.alphabeta"),
        (None, "smallest depth"),
        ("5", "whole number"),
        (5.5, "whole number"),
        (0, "looks at no move"),
        (-3, "looks at no move"),
        (1, "at depth 1 the score is a guess, +31 points"),
        (2, "+14 points", "an even depth sees no win"),
        (3, "+40 points", "number of X's own discs", "plies, the moves of both players"),
        (4, "+22 points", "an even depth"),
        (6, "so does a smaller depth"),
        (9, "so does a smaller depth"),
    ],
)
def test_win_depth_not_yet(case):
    answer, *words = case
    says(L.check_win_depth(answer), False, *words)


def test_win_depth_on_other_positions():
    says(L.check_win_depth(3, "4455"), True, "+36", "second disc", "(X, O, X)")
    says(L.check_win_depth(1, "112233"), True, "first disc", "(X)")
    says(L.check_win_depth(2, "4455"), False, "even depth")


def test_positions_without_a_quick_win_are_refused():
    says(L.check_winning_column(3, ""), False, "no forced win within 9 plies")
    says(L.check_win_depth(5, ""), False, "no forced win within 9 plies")
