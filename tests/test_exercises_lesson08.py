"""Lesson 08's checks: "Right" for a right answer, "Not yet" with useful words otherwise."""

import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson08 as L
from feedback_helpers import says, stub

GAME = mv.TicTacToe()


# -- a position where the AI must block ------------------------------------------------------------

def test_must_block_right_for_either_side_and_both_forms():
    says(L.check_must_block("XX..O....", 2), True, "blocks on 2")
    says(L.check_must_block(["X", "X", 2, "O", "O", "X", 6, 7, 8], 2), True, "O cannot win at once")
    says(L.check_must_block("XOX.O....", 7), True, "O threatens", "blocks on 7")  # X to move blocks O


def test_must_block_stubs():
    says(L.check_must_block(..., ...), False, "replace the ... of board")
    says(L.check_must_block("XX..O....", ...), False, "the position is right", "replace the ... of reply")


def test_must_block_wrong_positions():
    says(L.check_must_block("OO.......", 2), False, "cannot happen in a game", "O has 2 marks")
    says(L.check_must_block("XXXOO....", 5), False, "already over", "X wins")
    says(L.check_must_block(".........", 4), False, "threatens no line", "nothing to block")
    says(L.check_must_block("X.OX.XOO.", 4), False, "can win at once on cell 4", "instead of blocking")
    says(L.check_must_block("XX.OX...O", 2), False, "two cells at once (2 and 7)", "loses whatever it plays")


def test_must_block_wrong_reply():
    says(L.check_must_block("XX..O....", 3), False, "the AI plays 2, not 3", "complete X's line")
    says(L.check_must_block("XX..O....", "2"), False, "not '2'")


def test_the_ai_reply_is_the_play_boards():
    play = mv.PlayBoard()
    play.click(0)
    play.click(1)
    assert L.ai_reply("XX..O....") == play.history[-1] == 2


# -- the AI's move, written with mv.alphabeta ----------------------------------------------------------

#: The best moves of the check's positions, by hand (cells 0-8, row by row), and the moves that
#: are not best; the check's truth is a search, so these are the outside answers it must agree with.
BEST = {
    "X.OX.XOO.": ({4}, {1, 8}),                           # X completes 3-4-5 on 4
    "XX..O....": ({2}, {3, 5, 6, 7, 8}),                  # O blocks 0-1-2, or X takes it
    "XOOX.....": ({4, 5, 6, 7, 8}, set()),                # X wins whatever: 6 at once, else a fork
    "X...O...X": ({1, 3, 5, 7}, {2, 6}),                  # O takes an edge; a corner lets X fork
    "....X....": ({0, 2, 6, 8}, {1, 3, 5, 7}),            # against the centre only a corner holds
    "X........": ({4}, {1, 2, 3, 5, 6, 7, 8}),            # against a corner only the centre holds
    "..O.....X": ({0, 6, 7}, {1, 3, 4, 5}),               # X forks from 0, 6 or 7; the centre draws
    "XO..X....": ({2, 3, 5, 6, 7, 8}, set()),             # O has lost whatever it plays
    ".........": (set(range(9)), set()),                  # every first move draws
}


def playing(pick, wrong=None, move=None):
    """A learner's function: ``pick`` of the hand-listed best moves, except in position ``wrong``
    (a board text), where it plays ``move`` (by default the smallest move that is not best)."""
    def ai_move(board):
        text = "".join(c if c in ("X", "O") else "." for c in board)
        best, worse = BEST[text]
        if text == wrong:
            return min(worse) if move is None else move
        return pick(best)
    return ai_move


def test_the_hand_list_holds_the_checks_positions_and_every_empty_cell_once():
    assert set(BEST) == set(L.POSITIONS)
    for text, (best, worse) in BEST.items():
        assert best | worse == {i for i, c in enumerate(text) if c == "."} and not best & worse


def test_ai_move_right():
    says(L.check_ai_move(playing(min)), True, "all 9 positions")
    says(L.check_ai_move(playing(max)), True)       # any best move is right
    assert all(L.ai_reply(text) in BEST[text][0] for text in L.POSITIONS)


@pytest.mark.parametrize("wrong", [text for text, (_, worse) in BEST.items() if worse])
def test_ai_move_one_position_wrong(wrong):
    move = min(BEST[wrong][1])
    says(L.check_ai_move(playing(min, wrong)), False, f"in {wrong!r}", f"your function plays {move}")


@pytest.mark.parametrize("text, move", [(text, m) for text, (best, worse) in BEST.items() for m in sorted(best | worse)])
def test_ai_move_every_move_of_every_position_judged_as_the_hand_list_says(text, move):
    verdict = L.check_ai_move(playing(min, text, move))
    assert verdict.ok is (move in BEST[text][0]), (text, move, verdict)


def test_ai_move_stub_and_typical_mistakes():
    says(L.check_ai_move(stub), False, "still the stub", "stub('X.OX.XOO.')")
    says(L.check_ai_move(None), False, "should be a function")
    says(L.check_ai_move(lambda board: mv.alphabeta(GAME, board)), False, "whole search result", ".move")
    says(L.check_ai_move(lambda board: mv.alphabeta(GAME, board).score), False,
         "plays 1", "not its .score")
    says(L.check_ai_move(lambda board: -1), False,
         "returned -1, which is not an empty cell", "the empty cells are [1, 4, 8]")
    says(L.check_ai_move(lambda board: None), False, "returned None")
    says(L.check_ai_move(lambda board: [c for c in board if c not in ("X", "O")][0]), False,
         "plays 1", "−1 (O wins with best play)", "for example with 4")


def test_ai_move_needs_the_whole_game():
    for depth in (1, 2, 3, 4, 5):
        says(L.check_ai_move(lambda board, d=depth: mv.alphabeta(GAME, board, depth=d).move), False,
             "no depth limit")


def test_ai_move_board_is_a_copy():
    def spoils(board):
        move = playing(min)(board)
        board[move] = "Z"
        return move

    says(L.check_ai_move(spoils), True)
    assert L.POSITIONS[0] == "X.OX.XOO."


def test_first_empty_cell_is_told_what_it_does_not_to_return_move():
    # Issue 11: `game.moves(b)[0]` was told "return .move, not .score", which it never did.
    game = mv.TicTacToe()
    verdict = L.check_ai_move(lambda board: game.moves(board)[0])
    assert not verdict.ok
    assert ".score" not in str(verdict)
    assert "first empty cell" in str(verdict)


def test_returning_the_score_is_told_to_return_the_move():
    verdict = L.check_ai_move(lambda board: mv.alphabeta(mv.TicTacToe(), board, record=False).score)
    assert not verdict.ok and ".move" in str(verdict)
