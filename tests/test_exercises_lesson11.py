"""Lesson 11's checks, each on a right version and on wrong ones written here: the learner's
alpha-beta on chess positions, an evaluation of their own, a quiescence search; and the horizon
the lesson shows, read from python-chess's own rules."""

import math

import chess
import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson11 as L

from learner_style import alphabeta  # lesson 05's alpha-beta, written once for the tests

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


# -- exercise 1: alpha-beta, unchanged, on chess ---------------------------------------------------

def never_cuts(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    """Keeps the window but never stops: minimax's calls."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best_value, best_move = (-math.inf if maximise else math.inf), None
    for move in game.moves(state):
        value, _ = never_cuts(game, game.play(state, move), depth - 1, alpha, beta)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
    return best_value, best_move


def white_always_first(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf, maximise=True):
    """Takes the root for Max whoever is to move, then alternates: wrong with Black to move."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    best_value, best_move = (-math.inf if maximise else math.inf), None
    for move in game.moves(state):
        value, _ = white_always_first(game, game.play(state, move), depth - 1, alpha, beta, not maximise)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
        if maximise:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:
            break
    return best_value, best_move


def test_the_puzzles_are_the_published_mates():
    """Ra8 mates at once; Morphy's 1.Ra6 leaves Black only moves after which White mates (python-chess's rules)."""
    board = chess.Board(L.MATE_IN_ONE)
    board.push_uci("a1a8")
    assert board.is_checkmate()
    board = chess.Board(L.MATE_IN_TWO)
    board.push_uci("a1a6")
    replies = list(board.legal_moves)
    assert replies
    for reply in replies:
        board.push(reply)
        assert any(_mates(board, m) for m in board.legal_moves), reply
        board.pop()


def _mates(board, move):
    after = board.copy(stack=False)
    after.push(move)
    return after.is_checkmate()


def test_check_alphabeta_right_and_wrong():
    right = L.check_alphabeta(alphabeta)
    assert right.ok and "a1a8 in one" in repr(right) and "a1a6 to mate in two" in repr(right)
    cuts = L.check_alphabeta(never_cuts)
    assert not cuts.ok and "back-rank mate" in repr(cuts)
    black = L.check_alphabeta(white_always_first)
    assert not black.ok and "Black to move" in repr(black)


def test_check_alphabeta_on_a_stub_and_junk_never_raises():
    def stub(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
        raise NotImplementedError("your code here")
    assert "still the stub" in repr(L.check_alphabeta(stub))
    assert "function itself" in repr(L.check_alphabeta(3))
    assert "still the stub" in repr(L.draw_your_search(stub))


# -- exercise 2: an evaluation -----------------------------------------------------------------------

def material(board):
    return sum((1 if p.color else -1) * VALUES[p.piece_type] for p in board.piece_map().values())


def control(board):
    """Material and the squares each piece attacks: no king safety."""
    return material(board) + sum((1 if p.color else -1) * 0.05 * len(board.attacks(sq))
                                 for sq, p in board.piece_map().items())


def my_evaluate(board):
    score = control(board)
    for colour, sign in ((chess.WHITE, 1), (chess.BLACK, -1)):
        shield = [sq for sq in board.attacks(board.king(colour)) if board.piece_at(sq) == chess.Piece(chess.PAWN, colour)]
        score += sign * 0.2 * len(shield)
    return score


def colour_blind(board):
    return sum(VALUES[p.piece_type] for p in board.piece_map().values())


def test_check_evaluate_right_and_wrong():
    right = L.check_evaluate(my_evaluate)
    assert right.ok, right
    assert sum(g["ahead"] > 0 for g in right.games) > sum(g["ahead"] < 0 for g in right.games)
    only = L.check_evaluate(material)
    assert not only.ok and "1.e4" in repr(only) and "gets the same" in repr(only)
    blind = L.check_evaluate(colour_blind)
    assert not blind.ok and "a queen down" in repr(blind)
    no_king = L.check_evaluate(control)
    assert not no_king.ok and "king behind its pawns" in repr(no_king)


def test_check_evaluate_names_other_slips():
    def pushes(board):
        board.push(next(iter(board.legal_moves)))
        return material(board)
    assert "changed the board" in repr(L.check_evaluate(pushes))
    assert "beyond ±100" in repr(L.check_evaluate(lambda board: 1000 * material(board)))
    assert "not fair to both colours" in repr(L.check_evaluate(lambda board: my_evaluate(board) + 0.1 * board.turn))
    assert "return a number" in repr(L.check_evaluate(lambda board: "good"))


def test_play_evaluations_material_against_itself_plays_one_game_per_opening():
    """Both sides alike: the game as White and the game as Black are the same game, the lead opposite."""
    games = L.play_evaluations(mv.Chess().evaluate, plies=6)
    assert len(games) == 2 * len(L.OPENINGS)
    for as_white, as_black in zip(games[::2], games[1::2]):
        assert as_white["moves"] == as_black["moves"] and as_white["ahead"] == -as_black["ahead"]
    for g in games:   # the moves replay legally from the start to the final position
        board = chess.Board()
        for move in g["moves"]:
            board.push_uci(move)
        assert board.fen() == g["fen"]


# -- exercise 3: quiescence ------------------------------------------------------------------------

def quiesce(game, state, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state)
    best = game.evaluate(state)
    maximise = game.node_type(state) == "max"
    for move in game.moves(state):
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
        if game.is_capture(state, move):
            value = quiesce(game, game.play(state, move), alpha, beta)
            best = max(best, value) if maximise else min(best, value)
    return best


def every_move(game, state, alpha=-math.inf, beta=math.inf, depth=2):
    """Searches quiet moves too (a depth-limited search, not a quiescence)."""
    if game.is_terminal(state) or depth == 0:
        return game.utility(state) if game.is_terminal(state) else game.evaluate(state)
    best = game.evaluate(state)
    maximise = game.node_type(state) == "max"
    for move in game.moves(state):
        value = every_move(game, game.play(state, move), alpha, beta, depth - 1)
        best = max(best, value) if maximise else min(best, value)
    return best


def no_cuts(game, state, alpha=-math.inf, beta=math.inf):
    """Stands pat but tries every capture, whatever the window."""
    if game.is_terminal(state):
        return game.utility(state)
    best = game.evaluate(state)
    maximise = game.node_type(state) == "max"
    for move in game.moves(state):
        if game.is_capture(state, move):
            value = no_cuts(game, game.play(state, move))
            best = max(best, value) if maximise else min(best, value)
    return best


def test_check_quiescence_right_and_wrong():
    assert L.check_quiescence(quiesce).ok
    quiet = L.check_quiescence(every_move)
    assert not quiet.ok and "a quiet move" in repr(quiet)
    uncut = L.check_quiescence(no_cuts)
    assert not uncut.ok and "went on to play" in repr(uncut) and "Queen's Gambit" in repr(uncut)
    pair = L.check_quiescence(lambda game, state, alpha=-math.inf, beta=math.inf: (game.evaluate(state), None))
    assert "return the value alone" in repr(pair)
    assert "function itself" in repr(L.check_quiescence(None))


def test_the_horizon_and_quiescence_removing_it():
    """1.Qxd5 takes a pawn the e6 pawn defends (python-chess: after it, exd5 is a legal capture
    of the queen). At depth 1 the search takes it, one ply deeper it sees the queen lost;
    with quiescence the depth-1 search already sees it."""
    board = chess.Board(L.HORIZON)
    board.push_uci("d1d5")
    assert board.is_capture(chess.Move.from_uci("e6d5")) and board.piece_at(chess.D5).piece_type == chess.QUEEN
    game = mv.Chess()
    assert alphabeta(game, L.HORIZON, 1) == (game.evaluate(L.HORIZON) + 1, "d1d5")
    assert alphabeta(game, L.HORIZON, 2)[1] != "d1d5"
    deeper = L.with_quiescence(quiesce)
    value, move = alphabeta(deeper, L.HORIZON, 1)
    assert move != "d1d5" and value == game.evaluate(L.HORIZON)
    with pytest.raises(mv.MinimaxError, match="quiescence function"):
        L.with_quiescence(3)
