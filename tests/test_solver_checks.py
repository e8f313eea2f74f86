"""alphabeta's solver checks: win_check (a move that wins at once is taken without
searching the others) and narrow (the window narrowed to the best score still reachable).

Hand-checked small cases first, then agreement with plain alpha-beta (value and move)
on seeded positions under both pruning rules, and the games' hooks against brute force
written here.
"""


import pytest

import minimax_viz as mv
from minimax_viz import ConnectFour, GameTree, InvalidOption, TicTacToe
from minimax_viz.games.base import Game
from positions import seeded_positions

C4 = ConnectFour()
THREAT = "51676254"   # X to move; O has three in the bottom row with a gap in column 2


def brute_wins(game, code):
    """The columns where the mover completes four, found by playing each one."""
    mover = game.player(code)
    return tuple(c for c in game.moves(code) if game.winner(game.play(code, c)) == mover)


# -- hand-checked cases ------------------------------------------------------------------------

@pytest.mark.parametrize("game, position, wins", [
    (C4, "112233", (3,)),            # X: three in the bottom row, column 3 completes it
    (C4, "1122337", ()),             # O to move: its three in row 2 waits for a disc under column 3
    (C4, "121212", (0,)),            # X: three up column 0
    (C4, "4455", ()),                # two in a row: no win yet
    (C4, THREAT, ()),                # X cannot win now (O could, in column 2)
    (TicTacToe(), "XX.OO....", (2,)),   # the default, from successors and outcome
    (TicTacToe(), "XX.OO..X.", (5,)),   # O to move completes the middle row
    (TicTacToe(), "X.X.O.O..", (1,)),   # X completes the top row; 0-3-6 is blocked by O at 6
])
def test_winning_moves_on_hand_checked_positions(game, position, wins):
    assert tuple(game.winning_moves(game.state(position))) == wins


@pytest.mark.parametrize("position, threats", [
    (THREAT, (2,)),           # X to move must block O's bottom row in column 2
    ("1122337", (3,)),        # O to move must block X's bottom row in column 3
    ("112233", ()),           # X to move: O's three in row 2 cannot be completed yet
    ("4455", ()),
])
def test_threats_on_hand_checked_positions(position, threats):
    assert C4.threats(C4.state(position)) == threats


def test_only_the_block_is_searched_where_the_opponent_threatens():
    """An exact solve of lesson 07's game with 12 cells left, recorded: at every node below
    the root where the player to move cannot win but the opponent threatens to, one child
    at most was searched (the first threat in centre-first order; none when the narrowed
    window cut them all), and every other move is a pruned stub."""
    position = "324624444462262266635553333555"
    options = dict(order=mv.centre_first, memo=True, quick_wins=True)
    checked = mv.alphabeta(C4, position, win_check=True, narrow=True, **options)
    plain = mv.alphabeta(C4, position, **options)
    assert (checked.score, checked.move) == (plain.score, plain.move)
    forced = 0
    for node in checked.tree.nodes:
        if node.kind != "call" or node.depth == 0:
            continue
        code = node.internal_state
        if C4.winning_moves(code) or not C4.threats(code):
            continue
        searched = [c.move for c in node.children if not c.pruned]
        assert len(node.children) == len(C4.moves(code))
        assert searched in ([], [mv.centre_first(C4, code, list(C4.threats(code)))[0]])
        forced += len(searched)
    assert forced > 0 and checked.stats.calls < plain.stats.calls


def test_the_check_fires_where_o_wins_at_once():
    """X must block column 2; after each of X's other six moves O wins there at once.

    Depth 2, centre first. Without the check, alpha-beta makes 29 calls. With it: the
    root, its 7 children, O's winning leaf under each of the 6 that do not block (the
    other 6 moves of O cut there: 36 stubs) and the 7 depth-limit leaves under the
    block: 1 + 7 + 6 + 7 = 21 calls.
    """
    plain = mv.alphabeta(C4, THREAT, depth=2, order=mv.centre_first, quick_wins=True)
    checked = mv.alphabeta(C4, THREAT, depth=2, order=mv.centre_first, quick_wins=True, win_check=True)
    assert (plain.score, plain.move) == (checked.score, checked.move) and checked.move == 2
    assert (plain.stats.calls, checked.stats.calls) == (29, 21)
    assert (checked.stats.pruned, checked.stats.cutoffs) == (36, 6)
    root = checked.tree.root
    for child in root.children:
        if child.move == 2:
            assert [g.kind for g in child.children] == ["horizon"] * 7
            continue
        first, *rest = child.children
        # O's win in column 2, searched first and scored as a quick win: 1 + 32 empty cells
        assert (first.move, first.kind, first.score) == (2, "leaf", -33)
        assert sorted(g.move for g in rest) == [0, 1, 3, 4, 5, 6] and all(g.pruned for g in rest)
        assert child.score == -33
    unrecorded = mv.alphabeta(C4, THREAT, depth=2, order=mv.centre_first, quick_wins=True,
                              win_check=True, record=False)
    assert unrecorded.stats == checked.stats


def test_best_reachable_near_the_end_of_a_drawn_game():
    """Lesson 07's drawn game (42 discs). With no win now, the mover's best is a win two
    plies on, scored 1 + the empty cells then (3 fewer than now); 2 cells left: a draw."""
    record = "324624444462262266635553333555111177117777"
    for played, quick, plain in [(33, -7, -1), (34, 6, 1), (39, -1, -1), (40, 0, 0), (41, 0, 0)]:
        code = C4.state(record[:played])
        assert C4.best_reachable(code, quick_wins=True) == quick, played
        assert C4.best_reachable(code, quick_wins=False) == plain, played


# -- the counts on a fixed end game --------------------------------------------------------------

def test_counts_before_and_after_on_a_fixed_end_game():
    """Lesson 07's end game with 18 empty cells: the same value and move, fewer calls."""
    position = "324624444462262266635553"
    base = dict(order=mv.centre_first, memo=True, quick_wins=True, record=False)
    runs = [mv.alphabeta(C4, position, **base, **extra)
            for extra in ({}, {"win_check": True}, {"win_check": True, "narrow": True})]
    assert {(r.score, r.move) for r in runs} == {(2, 0)}
    calls = [r.stats.calls for r in runs]
    assert calls[0] == 14_992               # unchanged by the new options' existence
    assert calls[0] > calls[1] > calls[2]


# -- agreement with plain alpha-beta ---------------------------------------------------------

@pytest.mark.parametrize("prune_on_equal", [True, False])
@pytest.mark.parametrize("memo", [False, True])
def test_exact_connect_four_agrees_with_plain_alpha_beta(prune_on_equal, memo):
    for code in seeded_positions(C4, seed=7 + memo, count=20, plies=range(31, 35)):
        plain = mv.alphabeta(C4, code, order=mv.centre_first, quick_wins=True, memo=memo,
                             prune_on_equal=prune_on_equal, record=False)
        for extra in ({"win_check": True}, {"win_check": True, "narrow": True}):
            fast = mv.alphabeta(C4, code, order=mv.centre_first, quick_wins=True, memo=memo,
                                prune_on_equal=prune_on_equal, record=False, **extra)
            assert (fast.score, fast.move) == (plain.score, plain.move), (C4.to_text(code), extra)


@pytest.mark.parametrize("prune_on_equal", [True, False])
def test_small_boards_solved_from_the_start_agree(prune_on_equal):
    """4 x 4 and 4 x 5 boards solved exactly from many positions, in column order too."""
    for rows, cols in [(4, 4), (4, 5)]:
        game = ConnectFour(rows=rows, cols=cols)
        for code in seeded_positions(game, seed=rows * cols, count=10, plies=range(9, 14)):
            for order, quick in [(None, False), (mv.centre_first, True)]:
                plain = mv.alphabeta(game, code, order=order, quick_wins=quick, memo=True,
                                     prune_on_equal=prune_on_equal, record=False)
                fast = mv.alphabeta(game, code, order=order, quick_wins=quick, memo=True,
                                    prune_on_equal=prune_on_equal, record=False, win_check=True,
                                    narrow=True)
                assert (fast.score, fast.move) == (plain.score, plain.move), game.to_text(code)


@pytest.mark.parametrize("prune_on_equal", [True, False])
def test_win_check_at_a_depth_limit_and_in_tic_tac_toe(prune_on_equal):
    for code in seeded_positions(C4, seed=3, count=20, plies=range(6, 20)):
        for depth in (1, 2, 4):
            runs = [mv.alphabeta(C4, code, depth=depth, order=mv.centre_first, memo=True,
                                 prune_on_equal=prune_on_equal, record=False, win_check=check)
                    for check in (False, True)]
            assert runs[0].score == runs[1].score and runs[0].move == runs[1].move
    ttt = TicTacToe()
    for code in seeded_positions(ttt, seed=5, count=40, plies=range(0, 7)):
        for quick in (False, True):
            runs = [mv.alphabeta(ttt, code, quick_wins=quick, prune_on_equal=prune_on_equal,
                                 record=False, win_check=check) for check in (False, True)]
            assert (runs[0].score, runs[0].move) == (runs[1].score, runs[1].move)


def test_iterative_deepening_with_the_win_check_answers_alike():
    for position in ["4455", "324624444462262266635553", THREAT]:
        runs = [mv.iterative_deepening(C4, position, seconds=None, max_depth=6, win_check=check)
                for check in (False, True)]
        assert (runs[0].score, runs[0].move, runs[0].depth) == (runs[1].score, runs[1].move, runs[1].depth)


def test_a_game_tree_has_no_wins_to_check():
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert tree.win_utility is None and tree.winning_moves(()) == ()
    assert mv.alphabeta(tree, win_check=True, narrow=True).stats.calls == 11   # AIMA fig 5.2 as before


# -- the hooks against brute force ------------------------------------------------------------

@pytest.mark.parametrize("rows, cols", [(6, 7), (4, 5), (5, 4), (7, 9)])
def test_bitboard_winning_moves_equal_brute_force(rows, cols):
    game = ConnectFour(rows=rows, cols=cols)
    for code in seeded_positions(game, seed=rows + cols, count=300, plies=range(0, rows * cols)):
        assert game.winning_moves(code) == brute_wins(game, code), game.to_text(code)
        assert game.winning_moves(code) == Game.winning_moves(game, code)


@pytest.mark.parametrize("rows, cols", [(6, 7), (4, 5), (7, 9)])
def test_bitboard_threats_equal_brute_force(rows, cols):
    """The opponent's disc dropped into each open column: does it make four?"""
    game = ConnectFour(rows=rows, cols=cols)
    for code in seeded_positions(game, seed=rows * cols + 1, count=300, plies=range(0, rows * cols)):
        x, o = code & game._low, code >> game._shift
        opponent_shift = 0 if x.bit_count() > o.bit_count() else game._shift
        mask = x | o
        found = []
        for c in game.moves(code):
            cell = (mask + game._bottom[c]) & game._column[c]
            if game.fours(code | cell << opponent_shift):
                found.append(c)
        assert game.threats(code) == tuple(found), game.to_text(code)


def test_best_reachable_bounds_every_exact_value():
    """With no win now, the exact value never beats the bound (solved here by plain alpha-beta)."""
    for code in seeded_positions(C4, seed=11, count=30, plies=range(31, 36)):
        if C4.winning_moves(code):
            continue
        value = mv.alphabeta(C4, code, order=mv.centre_first, memo=True, quick_wins=True, record=False).score
        bound = C4.best_reachable(code, quick_wins=True)
        assert value <= bound if C4.player(code) == "X" else value >= bound


def test_successors_by_priority_and_the_skipped_four_test():
    game = ConnectFour(rows=4, cols=6)
    for code in seeded_positions(game, seed=2, count=50, plies=range(0, 20)):
        pairs = game.successors(code)
        order = mv.centre_first(game, code, [m for m, _ in pairs])
        assert [m for m, _ in game.successors_by_priority(code)] == order
        assert sorted(game.successors_by_priority(code)) == sorted(pairs)
    won = game.state("1213141")                 # X has four up column 0
    game.outcome(game.state("121314"))          # an unfinished position, asked just before
    assert game.outcome(won) == 1 and game.successors(won) == () and game.moves(won) == ()


# -- bad options ----------------------------------------------------------------------------------

@pytest.mark.parametrize("options, words", [
    ({"win_check": 1}, "win_check must be True or False"),
    ({"narrow": "yes", "win_check": True}, "narrow must be True or False"),
    ({"narrow": True}, "narrow=True needs win_check=True"),
    ({"narrow": True, "win_check": True, "depth": 3}, "use it with depth=None"),
])
def test_bad_solver_options_are_refused(options, words):
    with pytest.raises(InvalidOption, match=words):
        mv.alphabeta(C4, "4455", record=False, **options)


def test_iterative_deepening_refuses_a_bad_win_check():
    with pytest.raises(InvalidOption, match="win_check must be True or False"):
        mv.iterative_deepening(C4, "4455", win_check="on")


def test_a_winning_moves_hook_that_names_no_legal_move_is_refused():
    class Broken(TicTacToe):
        def winning_moves(self, state):
            return (42,)

    with pytest.raises(InvalidOption, match="winning_moves or .threats returned"):
        mv.alphabeta(Broken(), "X........", win_check=True, record=False)
