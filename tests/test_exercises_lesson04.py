"""Lesson 04's checks: "Right" for correct answers, useful words for the usual wrong ones.

The learner's minimax and smallest_depth below are written here, as students write them,
independently of the package; the slips each check must name are the common ones. The
shared battery of searches (tests/test_learner_searches.py) covers check_search itself:
these tests cover what lesson 04 adds on top of it.
"""

import math

import matplotlib
import pytest
from feedback_helpers import NOT_YET, RIGHT, said, says, stub

import minimax_viz as mv
from minimax_viz.exercises import lesson04

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def test_found_by_name_from_the_package():
    assert mv.exercises.lesson04 is lesson04
    for name in ("check_minimax", "draw_your_minimax", "check_evaluate", "check_depth1_move", "check_smallest_depth"):
        assert callable(getattr(lesson04, name))


def test_the_boards_are_what_the_lesson_says():
    game = mv.TicTacToe()
    assert game.string(lesson04.HORIZON_BOARD) == "OO...XX.."
    assert game.string(lesson04.LONG_WIN_BOARD) == ".X....O.."
    assert game.player(lesson04.HORIZON_BOARD) == game.player(lesson04.LONG_WIN_BOARD) == "X"


# -- check_evaluate ---------------------------------------------------------------------------
def open_lines(board):
    """The package's heuristic, written from scratch."""
    x = sum(1 for line in LINES if all(board[c] != "O" for c in line))
    o = sum(1 for line in LINES if all(board[c] != "X" for c in line))
    return (x - o) / 9


def weighted_lines(board):
    """Another fair heuristic: a line with only X's marks scores how many it has."""
    score = 0
    for line in LINES:
        marks = [board[c] for c in line]
        if "O" not in marks:
            score += marks.count("X")
        if "X" not in marks:
            score -= marks.count("O")
    return score / 17


def centre_of_the_action(board):
    """Forgets whose marks they are: lines through any mark, X's or O's."""
    return sum(1 for c in range(9) for line in LINES if c in line and board[c] in ("X", "O")) / 25


def threats(board):
    """A heuristic that counts threats: two of a player's marks on a line the other has not
    touched count 3, one counts 1 (the lesson's solution counts them 2 and 1)."""
    score = 0
    for line in LINES:
        marks = [board[c] for c in line]
        for mark, sign in (("X", 1), ("O", -1)):
            if marks.count(mark) and not marks.count("O" if mark == "X" else "X"):
                score += sign * (3 if marks.count(mark) == 2 else 1)
    return score / 25


def centre_only(board):
    """Likes the centre and nothing else: b[4] alone."""
    return {"X": 0.5, "O": -0.5}.get(board[4], 0)


@pytest.mark.parametrize("evaluate", [open_lines, weighted_lines, threats, mv.TicTacToe().evaluate])
def test_evaluate_right(evaluate):
    feedback = lesson04.check_evaluate(evaluate)
    assert feedback and said(feedback).startswith(RIGHT), said(feedback)
    assert "4,520 unfinished boards" in said(feedback) and "of 144 games" in said(feedback)


def test_the_match_is_what_the_verdict_says():
    """Independently: a threat counter beats the open-lines heuristic at depth 1 (it blocks
    two in a row, open lines may not), and the open-lines heuristic against itself is even."""
    game = mv.TicTacToe()
    won, drawn, lost, _ = lesson04._match(game, threats, 1)
    assert won + drawn + lost == 144 and won > lost
    won, drawn, lost, _ = lesson04._match(game, game.evaluate, 2)
    assert won == lost


def test_centre_only_is_judged_by_how_it_plays():
    """b[4] alone plays worse than open lines once the search sees replies (depth 2): rejected,
    with the lost game and the counts in the verdict."""
    text = said(lesson04.check_evaluate(centre_only))
    assert text.startswith(NOT_YET), text
    assert "plays worse than the open-lines heuristic" in text and "searching 2 plies" in text
    assert "One game it lost: from X" in text and "the game went" in text


@pytest.mark.parametrize(
    "evaluate, words",
    [
        (stub, "still the stub"),
        (lambda board: open_lines(board) * 9, "strictly between -1 and +1"),
        (lambda board: -open_lines(board), "is the sign right?"),
        (lambda board: (board.count("X") - board.count("O")) / 9, "plays worse"),
        (lambda board: 0, "a guess of 0 everywhere cannot tell positions apart"),
        (lambda board: board.count("X") / 9, "plays worse"),
        (centre_of_the_action, "plays worse"),
        (lambda board: None, "must return a number"),
        (lambda board: True, "must return a number"),
        (lambda board: "0.5", "must return a number"),
        (lambda board: board["X"], "TypeError"),
        (lambda: 0, "TypeError"),
        ("open lines", "should be a function"),
    ],
)
def test_evaluate_not_yet(evaluate, words):
    feedback = lesson04.check_evaluate(evaluate)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback), said(feedback)


def test_evaluate_out_of_range_names_the_board():
    text = said(lesson04.check_evaluate(lambda board: open_lines(board) * 9))
    assert "evaluate(['X', 1, 2, 3, 4, 5, 6, 7, 8]) returned +3" in text and "divide" in text


def test_evaluate_is_only_asked_about_unfinished_boards():
    game = mv.TicTacToe()

    def picky(board):
        assert not game.is_terminal(board), board
        return open_lines(board)

    assert lesson04.check_evaluate(picky)


# -- check_depth1_move -------------------------------------------------------------------------
def test_depth1_move_right():
    feedback = lesson04.check_depth1_move(4)
    assert feedback and said(feedback).startswith(RIGHT)
    assert "beyond the horizon" in said(feedback)


@pytest.mark.parametrize(
    "answer, words",
    [
        (..., "replace the ..."),
        (2, "without looking at O's reply"),
        (8, "game.evaluate(game.play(board, m))"),
        (0, "cell 0 is not free"),
        (9, "cell 9 is not free"),
        ("4", "a tie goes to the smaller cell"),
    ],
)
def test_depth1_move_not_yet(answer, words):
    feedback = lesson04.check_depth1_move(answer)
    assert not feedback
    assert said(feedback).startswith(NOT_YET) and words in said(feedback), said(feedback)


# -- check_minimax: the note's minimax on the Game interface -------------------------------------

INF = math.inf


def loop_minimax(game, state, depth=INF):
    """The lesson's solution, written again: a loop that keeps the first best move."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = loop_minimax(game, game.play(state, move), depth - 1)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
    return best, best_move


def pairs_minimax(game, state, depth=INF):
    """max() and min() over (value, move) pairs by value: they keep the first of equals."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    pairs = [(pairs_minimax(game, game.play(state, m), depth - 1)[0], m) for m in game.moves(state)]
    return (max if game.node_type(state) == "max" else min)(pairs, key=lambda pair: pair[0])


def value_of(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state)
    if depth == 0:
        return game.evaluate(state)
    values = [value_of(game, game.play(state, m), depth - 1) for m in game.moves(state)]
    return max(values) if game.node_type(state) == "max" else min(values)


def helper_minimax(game, state, depth=INF):
    """A value helper and a root that picks the move, as many students split it."""
    if game.is_terminal(state) or depth == 0:
        return value_of(game, state, depth), None
    values = [value_of(game, game.play(state, m), depth - 1) for m in game.moves(state)]
    best = max(values) if game.node_type(state) == "max" else min(values)
    return best, game.moves(state)[values.index(best)]


def mover_side_guess(game, state, depth=INF):
    """Slip: scores the positions at the limit from the mover's side (wrong at Min nodes, depth 1)."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        guess = game.evaluate(state)
        return (guess if game.node_type(state) == "max" else -guess), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = mover_side_guess(game, game.play(state, move), depth - 1)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
    return best, best_move


def one_ply_too_deep(game, state, depth=INF):
    """Slip: stops below zero, so it searches one ply past the limit."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth < 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = one_ply_too_deep(game, game.play(state, move), depth - 1)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
    return best, best_move


def note_first_line(game, state, depth=INF):
    """Slip: the note's first line as it stands, evaluate for a finished game too."""
    if depth == 0 or game.is_terminal(state):
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = note_first_line(game, game.play(state, move), depth - 1)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
    return best, best_move


def note_is_max(game, state, depth, is_max):
    """Slip: the note's signature, told whose turn it is."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    best, best_move = (-INF if is_max else INF), None
    for move in game.moves(state):
        value, _ = note_is_max(game, game.play(state, move), depth - 1, not is_max)
        if (value > best) if is_max else (value < best):
            best, best_move = value, move
    return best, best_move


def flipping_is_max(game, state, depth=INF, is_max=True):
    """Slip: is_max with a default, flipped at every call; wrong where Min moves twice."""
    return note_is_max(game, state, depth, is_max)


def sorted_moves(game, state, depth=INF):
    """Slip: tries the moves from the largest down."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in sorted(game.moves(state), reverse=True):
        value, _ = sorted_moves(game, game.play(state, move), depth - 1)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
    return best, best_move


@pytest.mark.parametrize("fn", [loop_minimax, pairs_minimax, helper_minimax])
def test_minimax_right_in_three_styles(fn):
    text = said(lesson04.check_minimax(fn))
    assert text.startswith(RIGHT), text
    # what check_search covers, said in the verdict, and the lesson's words after it
    for words in ("all 17 games", "depth limits odd and even", "finished games at the limit",
                  "a position met at two depths", "tic-tac-toe", "moves tried in game.moves order",
                  "lesson 05 adds a window to it, and lesson 10 checks it again"):
        assert words in text, text


def test_minimax_is_judged_as_check_search_judges_it():
    from minimax_viz.exercises.searches import check_search

    for fn in (loop_minimax, mover_side_guess, one_ply_too_deep, note_first_line, sorted_moves):
        assert bool(lesson04.check_minimax(fn)) is bool(check_search(fn, "minimax")), fn.__name__


@pytest.mark.parametrize("fn, words", [
    (mover_side_guess, ["minus game.evaluate's"]),
    (one_ply_too_deep, ["the depth left is 0", "depth off by one?"]),
    (note_first_line, ["ask game.is_terminal(state) first", "the note's first line",
                       "(game.utility(state), None), and only then depth == 0"]),
    (note_is_max, ["told whose turn it is (is_max)", "ask game.node_type(state)",
                   "def note_is_max(game, state, depth)"]),
    (flipping_is_max, ["do not assume the players alternate", "told whose turn it is (is_max)"]),
    (sorted_moves, ["in the order game.moves(state) gives them", "without sorting or reversing it"]),
    (stub, ["still the stub"]),
    ("minimax", ["takes your minimax function itself"]),
])
def test_minimax_slips_are_named(fn, words):
    feedback = lesson04.check_minimax(fn)
    text = said(feedback)
    assert not feedback and text.startswith(NOT_YET), text
    for word in words:
        assert word in text, text


def test_the_depth_running_out_at_min_nodes_is_where_the_mover_side_slip_shows():
    """Independently: at depth 1 from Max, the horizon is Min's; the slip turns those guesses
    round, and on the empty board it opens elsewhere than the centre the engine plays."""
    game = mv.TicTacToe()
    assert loop_minimax(game, game.start(), 1) == (4 / 9, 4)
    assert mover_side_guess(game, game.start(), 1)[1] != 4


# -- draw_your_minimax: the learner's tree beside the engine's ----------------------------------

def count_calls(game, state, depth):
    """The calls a depth-limited minimax makes, counted from the rules alone."""
    if game.is_terminal(state) or depth == 0:
        return 1
    return 1 + sum(count_calls(game, game.play(state, m), depth - 1) for m in game.moves(state))


@pytest.fixture
def figures():
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.close("all")
    yield plt
    plt.close("all")


def test_draw_your_minimax_draws_a_right_search_alone(figures):
    game, board = mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD
    verdict = lesson04.draw_your_minimax(loop_minimax, game, board, depth=2)
    calls = count_calls(game, game.state(board), 2)
    assert calls == 8
    says(verdict, True, f"your minimax searches this position call for call as mv.minimax does: {calls} calls",
         "value 1, move 4")
    (figure,) = [figures.figure(n) for n in figures.get_fignums()]
    (ax,) = figure.axes
    assert ax.get_title().startswith("your minimax: 8 calls") and figure.get_figwidth() * figure.dpi <= 1000
    assert verdict.run.mine.tree.root.children[2].children[0].kind == "horizon"   # X 8, O 1: the limit


def test_draw_your_minimax_frames_the_first_parting(figures):
    verdict = lesson04.draw_your_minimax(one_ply_too_deep, mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD, depth=2)
    says(verdict, False, "on this position:", "the depth left is 0", "X plays 8, O plays 1, X plays 4")
    (figure,) = [figures.figure(n) for n in figures.get_fignums()]
    right, mine = figure.axes
    assert right.get_title().startswith("minimax: 8 calls") and mine.get_title().startswith("your minimax: 9 calls")
    assert [t.get_text() for t in mine.texts].count("parts here") == 1


@pytest.mark.parametrize("fn, words", [
    (stub, "finish exercise 1 above first: stub is still the stub"),
    (lambda game, state, depth: 1 / 0, "does not run yet (it raised ZeroDivisionError"),
    (note_is_max, "does not run yet (it raised TypeError"),
])
def test_draw_your_minimax_is_one_line_while_unfinished(figures, fn, words):
    verdict = lesson04.draw_your_minimax(fn, mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD, depth=2)
    assert isinstance(verdict, mv.exercises.Unfinished) and not verdict
    assert words in repr(verdict), repr(verdict)
    assert not figures.get_fignums()


def test_draw_your_minimax_answers_junk_in_words_and_refuses_a_bad_board(figures):
    verdict = lesson04.draw_your_minimax(lambda game, state, depth: 3, mv.TicTacToe(), "X........", depth=1)
    says(verdict, False, "return a pair (value, move)")
    assert not figures.get_fignums()
    says(lesson04.draw_your_minimax("minimax", mv.TicTacToe(), "X........", depth=1), False, "function itself")
    with pytest.raises(mv.MinimaxError):
        lesson04.draw_your_minimax(loop_minimax, mv.TicTacToe(), "XXXXXXXXX", depth=1)


def test_a_stub_that_the_learners_function_calls_is_the_one_named():
    def smallest_depth(search, game, state, move, max_depth=9):
        return next(d for d in range(1, max_depth + 1) if search(game, state, d)[1] == move)

    game = mv.TicTacToe()
    line = mv.exercises.attempt(smallest_depth, stub, game, game.state(lesson04.LONG_WIN_BOARD), 0,
                                exercise="exercise 4")
    assert repr(line) == "Not yet: finish stub first: it is still the stub, and smallest_depth calls it"
    line = mv.exercises.attempt(stub, stub, game, 0, 0, exercise="exercise 4")
    assert repr(line) == "Not yet: finish exercise 4 above first: stub is still the stub"


# -- check_smallest_depth: how deep must the search look? ------------------------------------

def first_depth(search, game, state, move, max_depth=9):
    for depth in range(1, max_depth + 1):
        if search(game, state, depth)[1] == move:
            return depth
    return None


def while_depth(search, game, state, move, max_depth=9):
    depth = 1
    while depth <= max_depth:
        _, chosen = search(game, state, depth)
        if chosen == move:
            return depth
        depth += 1
    return None


def next_depth(search, game, state, move, max_depth=9):
    return next((d for d in range(1, max_depth + 1) if search(game, state, depth=d)[1] == move), None)


def from_zero(search, game, state, move, max_depth=9):
    """Starts at depth 0, where no move is played: harmless."""
    for depth in range(max_depth + 1):
        if search(game, state, depth)[1] == move:
            return depth
    return None


def settles(search, game, state, move, max_depth=9):
    """Slip: the depth from which on the search keeps playing the move."""
    found = None
    for depth in range(max_depth, 0, -1):
        if search(game, state, depth)[1] != move:
            break
        found = depth
    return found


def last_depth(search, game, state, move, max_depth=9):
    found = None
    for depth in range(1, max_depth + 1):
        if search(game, state, depth)[1] == move:
            found = depth
    return found


def short_range(search, game, state, move, max_depth=9):
    for depth in range(1, max_depth):
        if search(game, state, depth)[1] == move:
            return depth
    return None


def ignores_max_depth(search, game, state, move, max_depth=9):
    for depth in range(1, 10):
        if search(game, state, depth)[1] == move:
            return depth
    return None


def compares_the_pair(search, game, state, move, max_depth=9):
    for depth in range(1, max_depth + 1):
        if search(game, state, depth) == move:
            return depth
    return None


def zero_for_none(search, game, state, move, max_depth=9):
    return first_depth(search, game, state, move, max_depth) or 0


def returns_the_move(search, game, state, move, max_depth=9):
    for depth in range(1, max_depth + 1):
        if search(game, state, depth)[1] == move:
            return move
    return None


def engine_itself(search, game, state, move, max_depth=9):
    return first_depth(lambda g, s, d: (0, mv.minimax(g, s, depth=d, record=False).move), game, state, move, max_depth)


def endless(search, game, state, move, max_depth=9):
    depth = 1
    while search(game, state, depth)[1] != move:
        depth += 1
    return depth


def spins(search, game, state, move, max_depth=9):
    depth = 1
    while True:
        search(game, state, depth)


def no_default(search, game, state, move, max_depth):
    return first_depth(search, game, state, move, max_depth)


@pytest.mark.parametrize("fn", [first_depth, while_depth, next_depth, from_zero,
                                lambda *args: (lambda d: None if d is None else float(d))(first_depth(*args))])
def test_smallest_depth_right(fn):
    says(lesson04.check_smallest_depth(fn), True, "on all 7 questions", "None where no depth up to max_depth does")


@pytest.mark.parametrize("fn, words", [
    (settles, ["'..O.....X', asked for move 4", "it returned None, but at depth 1 the search plays 4",
               "4, 4, 4, 1, 0, 0, 0, 0 at depths 1 to 8"]),
    (lambda *args: (first_depth if args[3:] == (4, 8) else settles)(*args),   # past the first question
     ["'...O...X.', asked for move 4", "it returned 5, but the search already plays 4 at depth 3",
      "0, 0, 4, 0, 4, 4, 4 at depths 1 to 7"]),
    (last_depth, ["it returned 3, but the search already plays 4 at depth 1"]),
    (short_range, ["'.O...X.X.', asked for move 6 with max_depth=6", "the last one to try",
                   "range(1, max_depth + 1)"]),
    (ignores_max_depth, ["max_depth=5: it returned 6, but max_depth is 5"]),
    (compares_the_pair, ["it returned None, but at depth 1 the search plays 4", "compare its second item"]),
    (zero_for_none, ["it returned 0", "start at depth 1"]),
    (returns_the_move, ["it returned 4, but at depth 4 the search plays 1, not 4"]),
    (engine_itself, ["never called search, the search it is given"]),
    (endless, ["max_depth=5: it returned 6, but max_depth is 5"]),
    (spins, ["it kept searching (more than 40 searches", "from 1 to max_depth once"]),
    (no_default, ["give max_depth a default", "max_depth=9"]),
    (stub, ["still the stub"]),
    (lambda search, game, state, move, max_depth=9: [search(game, state, 1)], ["return a depth, a whole number"]),
    (lambda search, game, state, move, max_depth=9: search(game, state, 1) and True, ["return a depth"]),
    ("smallest_depth", ["takes your smallest_depth function itself"]),
])
def test_smallest_depth_slips_are_named(fn, words):
    feedback = lesson04.check_smallest_depth(fn)
    text = said(feedback)
    assert not feedback and text.startswith(NOT_YET), text
    for word in words:
        assert word in text, text


def test_the_questions_are_what_an_independent_search_says():
    """The first depths, from the test's own minimax: the lesson's board needs 5 plies, and the
    check's boards hold a move that comes and goes (3, not 5) and one never played."""
    game = mv.TicTacToe()
    own = loop_minimax
    assert [own(game, game.state(lesson04.LONG_WIN_BOARD), d)[1] for d in range(1, 8)] == [4, 4, 4, 4, 0, 0, 0]
    assert first_depth(own, game, game.state(lesson04.LONG_WIN_BOARD), 0) == 5
    wants = {c.name + f" {c.move} {c.max_depth}": first_depth(own, c.game, c.state, c.move, c.max_depth or 9)
             for c in lesson04.depth_cases()}
    assert list(wants.values()) == [1, 4, 3, 6, None, None, 3]
    assert [own(game, game.state("...O...X."), d)[1] for d in range(1, 8)] == [0, 0, 4, 0, 4, 4, 4]
    assert "'...O...X.'" in " ".join(wants) and "LONG_WIN" not in " ".join(wants)
    assert all(c.state != game.state(lesson04.LONG_WIN_BOARD) for c in lesson04.depth_cases())


@pytest.mark.slow
@pytest.mark.time_limit(0.5)
def test_draw_your_minimax_stops_a_search_without_end(figures):
    def spin(game, state, depth):
        while True:
            pass

    def recurse(game, state, depth):
        return recurse(game, state, depth - 1)

    says(lesson04.draw_your_minimax(spin, mv.TicTacToe(), "X........", depth=1), False, "it ran too long")
    line = lesson04.draw_your_minimax(recurse, mv.TicTacToe(), "X........", depth=1)
    assert repr(line) == "Not yet: recurse recursed without end; fix it in exercise 1 and run its cell again"
    assert not figures.get_fignums()
