"""Connect Four: the rules, the board forms, every bad input, and the heuristic."""

import itertools
import random

import pytest

import minimax_viz as mv
from minimax_viz import ConnectFour, InvalidBoard, InvalidMove, InvalidOption


@pytest.fixture(scope="module")
def game():
    return ConnectFour()


def rows(*lines):
    """Pad the bottom rows given to a full 6-row board (top rows empty)."""
    return ["......."] * (6 - len(lines)) + list(lines)


# -- wins and draws -----------------------------------------------------------------------

@pytest.mark.parametrize(
    "moves, winner, how",
    [
        ("4343434", "X", "vertical: X fills column 4 from the bottom"),
        ("1122334", "X", "horizontal: X on the bottom row, columns 1-4"),
        ("12234334544", "X", "diagonal up to the right, from column 1 to column 4"),
        ("76654554344", "X", "diagonal up to the left, from column 7 to column 4"),
        ("71122334", "O", "horizontal for O, on the bottom row"),
    ],
)
def test_wins(game, moves, winner, how):
    state = game.state(moves)
    assert game.winner(state) == winner, how
    assert game.is_terminal(state) and game.moves(state) == () and game.successors(state) == ()
    assert game.utility(state) == (1 if winner == "X" else -1)
    assert game.result_text(state) == f"{winner} wins"
    before = game.state(moves[:-1])
    assert game.winner(before) is None and not game.is_terminal(before)


def test_full_board_without_four_is_a_draw(game):
    # Columns 1-2, 3-4 and 5-6 are filled in pairs, three discs of one colour under
    # three of the other, then column 7 alternates: at most three in a line, 42 discs.
    moves = "121212" "212121" "343434" "434343" "565656" "656565" "777777"
    state = game.state(moves)
    assert game.board(state) == [
        "OXOXOXO",
        "OXOXOXX",
        "OXOXOXO",
        "XOXOXOX",
        "XOXOXOO",
        "XOXOXOX",
    ]
    assert game.is_terminal(state) and game.winner(state) is None
    assert game.utility(state) == 0 and game.result_text(state) == "draw"
    assert game.moves(state) == () and game.moves_left(state) == 0


def test_players_alternate_from_x(game):
    assert game.player(None) == "X" and game.is_max(None)
    assert game.player("4") == "O" and game.player("44") == "X"
    assert game.moves_left("4455") == 38


# -- forms of a position --------------------------------------------------------------------

def test_from_moves_round_trip(game):
    rng = random.Random(3)
    for _ in range(200):
        state, moves = game.start(), ""
        while not game.is_terminal(state) and rng.random() < 0.97:
            column = rng.choice(game.moves(state))
            state, moves = game.play(state, column), moves + str(column + 1)
        board = ConnectFour.from_moves(moves)
        assert game.state(moves) == game.state(board) == state
        assert game.board(state) == board
        assert game.state(game.to_text(state)) == state
        assert game.state([list(row) for row in board]) == state
        if game.moves(state):
            first = game.moves(state)[0]
            assert game.play(board, first) == game.board(game.play(state, first))


def test_from_moves_on_a_game_uses_its_size():
    small = ConnectFour(rows=4, cols=5)
    assert small.from_moves("55") == [".....", ".....", "....O", "....X"]
    with pytest.raises(InvalidMove, match="digits 1 to 5"):
        small.from_moves("6")
    assert len(ConnectFour.from_moves("")) == 6


def test_play_keeps_the_form_and_the_old_board(game):
    board = ConnectFour.from_moves("4455")
    after = game.play(board, 2)
    assert board == ConnectFour.from_moves("4455")
    assert after == ConnectFour.from_moves("44553")
    code = game.state(board)
    assert game.play(code, 2) == game.state("44553")


def test_text_picture(game):
    assert game.to_text("4").splitlines()[-2:] == [". . . X . . .", "0 1 2 3 4 5 6"]
    assert repr(game) == "ConnectFour(rows=6, cols=7)"


def test_lower_case_and_dashes_are_accepted(game):
    assert game.state(rows("---x---")) == game.state("4")


# -- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "board, words",
    [
        (["......."] * 5, "6 rows, this one has 5"),
        (rows("........"), "row 5 \\(from the top\\) has 8 cells"),
        (rows("...Q..."), "column 3 holds 'Q'"),
        (rows("...X..", ), "row 5 \\(from the top\\) has 6 cells"),
        (rows("...X...", "......."), "column 3 has an empty cell under a disc"),
        (rows("...O...", "...XO.."), "O has 2 discs and X only 1"),
        (rows("..XXX.."), "X has 3 discs and O only 0"),
        (rows("OOOO...", "XXXX..."), "both X and O have four"),
        (rows("O......", "XXXXOOO"), "X has four in a row but O moved after it"),
        (rows("XX.....", "XXXOOOO"), "O has four in a row but X moved after it"),
        (rows("X......", "O......"), "no column has X at the bottom"),
        # X, X, O, O up one column: after X's first disc, O has no disc to play next
        (rows("O......", "O......", "X......", "X......"), "no order of moves"),
        (3.5, "not float"),
        (-1, "not a position code"),
        (True, "not bool"),
    ],
)
def test_bad_boards_say_what_is_wrong(game, board, words):
    with pytest.raises(InvalidBoard, match=words):
        game.state(board)


def test_two_fours_that_no_last_disc_completes(game):
    # X has a four on the bottom row (columns 1-4) and another up column 7: no single
    # last disc completes both, so the game would have stopped at the first.
    board = rows("......X", "......X", "OOO.OOX", "XXXXOOX")
    with pytest.raises(InvalidBoard, match="no single last disc completes"):
        game.state(board)


def test_one_disc_may_complete_two_fours(game):
    # X's last disc, at the bottom of column 5, completes the bottom row (columns 2-5)
    # and the diagonal up to the left at once.
    board = ConnectFour.from_moves("223746234622345")
    assert board[-4:] == [".X.....", ".XXO...", ".OOX.O.", ".XXXXOO"]
    assert game.winner(game.state(board)) == "X"


@pytest.mark.parametrize(
    "moves, error, words",
    [
        ("4444444", InvalidMove, "move 7 of '4444444' is digit 4, column index 3, which is full"),
        ("48", InvalidMove, "move 2 of '48' is '8'; in this notation columns are the digits 1 to 7"),
        ("40", InvalidMove, "move 2 of '40' is '0'"),
        ("1122334455", InvalidMove, "move 8 of '1122334455' comes after the game ended \\(X wins at move 7\\)"),
    ],
)
def test_bad_move_strings(game, moves, error, words):
    with pytest.raises(error, match=words):
        game.state(moves)
    with pytest.raises(error, match=words):
        ConnectFour.from_moves(moves)


def test_from_moves_needs_a_string():
    with pytest.raises(InvalidMove, match="not list"):
        ConnectFour.from_moves([4, 4])


@pytest.mark.parametrize(
    "state, move, words",
    [
        ("444444", 3, "column 3 is full; the open columns are \\[0, 1, 2, 4, 5, 6\\]"),
        ("4", 7, "column index from 0 to 6, not 7"),
        ("4", "3", "not '3'"),
        ("4", True, "not True"),
        ("1122334", 4, "the game is over \\(X wins\\)"),
    ],
)
def test_bad_moves(game, state, move, words):
    with pytest.raises(InvalidMove, match=words):
        game.play(state, move)


@pytest.mark.parametrize("kwargs", [dict(rows=3), dict(cols=10), dict(rows=6.0), dict(cols=True)])
def test_bad_sizes(kwargs):
    with pytest.raises(InvalidOption, match="whole number from 4 to"):
        ConnectFour(**kwargs)


def test_errors_are_value_errors(game):
    with pytest.raises(ValueError):
        game.state("9")


def reachable(game):
    seen, frontier = {game.start()}, [game.start()]
    while frontier:
        frontier = {c for s in frontier for _, c in game.successors(s)} - seen
        seen |= frontier
    return seen


@pytest.mark.slow
def test_validation_accepts_exactly_the_reachable_positions_4x4():
    """On the 4 x 4 board, every stack of discs the rules can reach is accepted and every
    other one rejected. (All 923,521 stacked boards take half a minute; a seeded sample
    of 40,000 of them, plus every reachable one, keeps the test fast.)"""
    game = ConnectFour(rows=4, cols=4)
    legal = reachable(game)
    assert len(legal) == 161_029  # found by walking the rules from the empty board
    stacks = ["".join(p) for h in range(5) for p in itertools.product("XO", repeat=h)]
    rng = random.Random(11)
    boards = [[rng.choice(stacks) for _ in range(4)] for _ in range(40_000)]
    accepted = rejected = 0
    for columns in boards:
        board = ["".join(col[r] if r < len(col) else "." for col in columns) for r in reversed(range(4))]
        try:
            code = game.state(board)
        except InvalidBoard:
            rejected += 1
            code = None
        x = sum(1 << c * 5 + r for c, col in enumerate(columns) for r, d in enumerate(col) if d == "X")
        o = sum(1 << c * 5 + r for c, col in enumerate(columns) for r, d in enumerate(col) if d == "O")
        assert (code is not None) == ((x | o << 20) in legal), board
        accepted += code is not None
    assert accepted > 1000 and rejected > 1000
    for code in rng.sample(sorted(legal), 5000):
        assert game.state(game.board(code)) == code


# -- the heuristic -------------------------------------------------------------------------------

@pytest.mark.slow
def test_evaluate_is_strictly_between_loss_and_win_and_mirror_symmetric(game):
    rng = random.Random(5)
    for _ in range(300):
        state = game.start()
        while not game.is_terminal(state):
            guess = game.evaluate(state)
            assert -1 < guess < 1
            mirrored = [row[::-1] for row in game.board(state)]
            assert game.evaluate(mirrored) == pytest.approx(guess)
            state = game.play(state, rng.choice(game.moves(state)))
        assert game.evaluate(state) == game.utility(state)


def test_evaluate_windows_by_hand(game):
    # X alone at the bottom of the centre: it lies on 7 windows of four (1 up, 4 across,
    # 1 on each diagonal), 1 point each, and 2 points for the centre column.
    assert game.points("4") == 7 + 2
    # A third X in a row on the bottom (columns 1-3, O stacked in column 5) fills the
    # window of columns 1-4 with three: 9 points instead of 3, and more windows besides.
    assert game.points("15253") - game.points("1525") > 9 - 3
    assert game.evaluate(None) == 0


def test_move_priority_is_centre_first(game):
    assert mv.centre_first(game, game.start(), range(7)) == [3, 2, 4, 1, 5, 0, 6]
    assert mv.centre_first(ConnectFour(cols=6), 0, range(6)) == [2, 3, 1, 4, 0, 5]


# -- search: forced wins found at the right depth ---------------------------------------------
#
# With quick_wins a win is scored 1 + the empty cells left when it happens, so the score
# also says when: a win with X's k-th move from here (2k - 1 plies) leaves
# moves_left - (2k - 1) empty cells. A depth-limited search can only see a forced win
# that ends within its depth; every heuristic guess lies strictly between -1 and 1.

def win_score(game, state, plies):
    return 1 + game.moves_left(state) - plies


def search(game, state, depth):
    return mv.alphabeta(game, state, depth=depth, order=mv.centre_first, memo=True,
                        quick_wins=True, record=False)


def test_win_in_1(game):
    # X holds columns 1-3 of the bottom row (O sits on top of them): dropping in
    # column 4 (index 3) completes the row at once. One ply is enough to see it.
    state = game.state("112233")
    found = search(game, state, 1)
    assert found.move == 3 and found.score == win_score(game, state, 1)
    assert -1 < search(game, state, 0).score < 1  # no search, no win: just a guess


def test_win_in_2_the_open_three(game):
    # "4455": X and O each have two discs stacked in columns 4 and 5. X drops in
    # column 3 (index 2), making three on the bottom row with both ends open (columns 2
    # and 6); O can block only one end and X completes the other with its 4th disc.
    # That is X, O, X: 3 plies. Pons' solver gives this position the score 18 ("the
    # current player wins with his 4th stone"); 2 plies see only guesses.
    state = game.state("4455")
    found = search(game, state, 3)
    assert found.score == win_score(game, state, 3) == 36
    assert found.move in (2, 5)  # both ends of the three work; centre-first tries 2 first
    assert found.move == 2
    assert -1 < search(game, state, 2).score < 1
    assert (found.score + 1) // 2 == 18  # Pons' scale: 22 minus the winner's discs at the end


def test_win_in_3_a_threat_first(game):
    # . . . . . . .
    # O . . . X X .        X to move, "57365161"
    # O . X . X O O
    # 0 1 2 3 4 5 6
    # X drops in column index 3: three on the bottom row (2-4) threatens index 1, and O
    # must block there. X drops in index 3 again: three on the second row (3-5) with
    # both ends playable, (2, 1) on X's disc and (6, 1) on O's; O blocks one end, X's
    # third disc completes the other: X, O, X, O, X = 5 plies. X has no quicker win
    # (3 plies see none), and 4 plies still stop short of X's third disc.
    state = game.state("57365161")
    assert game.board(state)[-2:] == ["O...XX.", "O.X.XOO"]
    found = search(game, state, 5)
    assert found.move == 3 and found.score == win_score(game, state, 5)
    for shallow in (3, 4):
        assert -1 < search(game, state, shallow).score < 1
    threat = game.play(state, 3)
    assert game.winner(game.play(game.play(threat, 0), 1)) == "X"  # if O looks away
    double = game.play(game.play(threat, 1), 3)                     # O blocks; X again
    for block, win in ((2, 6), (6, 2)):
        assert game.winner(game.play(game.play(double, block), win)) == "X"


def test_loss_in_1_seen_by_the_loser(game):
    # "44455554221": O to move, and whatever O plays X wins next with its 7th disc
    # (Pons: score -15 for the player to move).
    state = game.state("44455554221")
    found = search(game, state, 2)
    assert found.score == win_score(game, state, 2) == 30
    assert -((found.score + 1) // 2) == -15


# -- exact end-game solving: Pascal Pons' test set ------------------------------------------------
#
# The first lines of "Test_L3_R1" (end-game positions, at most 13 empty cells) from
# Pascal Pons' "Solving Connect 4" tutorial (blog.gamesolver.org): the moves played,
# then the score for the player to move: positive when they win, 22 minus the discs the
# winner has at the end, 0 for a draw. Our quick-wins score is 1 + the empty cells at
# the end, for X: Pons' score is (|ours| + 1) // 2 with the mover's sign.

PONS_L3_R1 = """
2252576253462244111563365343671351441 -1
7422341735647741166133573473242566 1
23163416124767223154467471272416755633 0
71255763773133525731261364622167124446454 0
65214673556155731566316327373221417 -1
52677675164321472411331752454 0
3135151421347443544172316522225776773566 0
562154564361751726662253737734213275114 0
233377345754465174223731671122611552 1
6763525635134453444361412671365712 -1
211376455663355325112113664364524722 0
3146762114467714356347741621375222 -1
67152117737262713366376314254 6
2762751722231276466633475674533 5
3642756176227637211322113551637574556 2
22647455554314246733661634615122372377511 0
427566236745127177115664464254 2
7172212567451542223676134464437761515 0
641154574541323641152467137655232232366 0
5775265212657176476365522624313714333 2
3575316255751336464276636772271112 -3
"""


def pons_score(game, state, score):
    magnitude = (abs(score) + 1) // 2
    signed = magnitude if score > 0 else -magnitude if score < 0 else 0
    return signed if game.is_max(state) else -signed


@pytest.mark.parametrize("line", PONS_L3_R1.split("\n")[1:-1])
def test_end_games_solved_exactly(game, line):
    moves, expected = line.split()
    state = game.state(moves)
    assert game.moves_left(state) <= 13
    found = mv.alphabeta(game, state, order=mv.centre_first, memo=True, quick_wins=True,
                         record=False)
    assert found.solved and pons_score(game, state, found.score) == int(expected)
    assert found.stats.calls < 50_000  # well within a few seconds


@pytest.mark.parametrize("line", [ln for ln in PONS_L3_R1.split("\n")[1:-1] if len(ln.split()[0]) >= 34])
def test_end_games_agree_with_plain_minimax(game, line):
    # up to 8 empty cells: small enough for minimax without pruning or table
    state = game.state(line.split()[0])
    plain = mv.minimax(game, state, quick_wins=True, record=False)
    fast = mv.alphabeta(game, state, order=mv.centre_first, memo=True, quick_wins=True,
                        record=False)
    assert fast.score == plain.score
