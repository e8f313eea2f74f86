"""Chess over python-chess: perft through the Game interface against published counts, mates
with published solutions confirmed by a brute force written here on python-chess, the scores
of finished games, every bad FEN named, and a learner's search run on chess unchanged."""

import chess
import pytest

import learner_style
import minimax_viz as mv
from minimax_viz import InvalidBoard, InvalidMove, MinimaxError
from minimax_viz.games.chess import MATE, Position

START = chess.STARTING_FEN
#: "Kiwipete", Peter McKenzie's perft position (chessprogramming.org, Perft Results, position 2).
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#: A back-rank mate in one: Ra8#.
BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
#: Paul Morphy's problem, mate in two: 1.Ra6! and 2.b7# or 2.bxa7# whatever Black plays.
MORPHY = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1"
#: Black is stalemated: the king on h8 has no square and no other piece can move.
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 40"


@pytest.fixture(scope="module")
def game():
    return mv.Chess()


def perft(game, state, depth):
    """Leaf count through the Game interface only (moves and play), as a learner would walk it."""
    if depth == 0:
        return 1
    return sum(perft(game, game.play(state, m), depth - 1) for m in game.moves(state))


# -- truth from outside: published perft counts ----------------------------------------------------

@pytest.mark.parametrize("fen, depth, count", [
    (START, 1, 20), (START, 2, 400), (START, 3, 8_902),
    (KIWIPETE, 1, 48), (KIWIPETE, 2, 2_039),
])
def test_perft_through_the_game_interface_matches_the_published_counts(game, fen, depth, count):
    assert perft(game, fen, depth) == count


def test_moves_are_uci_strings_in_python_chess_order(game):
    for fen in (START, KIWIPETE, MORPHY):
        assert game.moves(fen) == tuple(m.uci() for m in chess.Board(fen).legal_moves)
        assert [m for m, _ in game.successors(fen)] == list(game.moves(fen))
    promotion = "8/P6k/8/8/8/8/8/K7 w - - 0 1"
    assert {"a7a8q", "a7a8r", "a7a8b", "a7a8n"} <= set(game.moves(promotion))


def test_move_codes_round_trip_and_fit_a_recording(game):
    """Every legal move of the perft positions gets its own code in a 32-bit column, and back."""
    for fen in (START, KIWIPETE, MORPHY, "8/P6k/8/8/8/8/8/K7 w - - 0 1"):
        moves = game.moves(fen)
        codes = [game.move_code(m) for m in moves]
        assert len(set(codes)) == len(moves) and all(0 <= c < 2**31 for c in codes)
        assert [game.code_move(c) for c in codes] == list(moves)
        board = chess.Board(fen)   # the code's fields are python-chess's own square and piece numbers
        for m, c in zip(moves, codes):
            move = chess.Move.from_uci(m)
            assert (c & 63, c >> 6 & 63, c >> 12 or None) == (move.from_square, move.to_square, move.promotion)
            assert board.is_legal(move)
    assert game.move_code(-1) == -1 and game.code_move(-1) == -1


def test_play_takes_a_uci_string_and_keeps_the_position(game):
    start = game.state(None)
    first = game.moves(start)[0]
    after = game.play(start, first)
    assert after == game.play(start, chess.Move.from_uci(first))
    assert after.fen() == "rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
    assert start.fen() == START, "play leaves the position it was given as it was"
    assert game.play(START, "e2e4").fen() == (
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")


def test_a_python_chess_board_is_taken_too_and_its_history_dropped(game):
    board = chess.Board()
    board.push_san("e4")
    pos = game.state(board)
    assert isinstance(pos, chess.Board) and pos.fen() == board.fen() and pos.move_stack == []
    assert board.move_stack, "the board handed in is left as it was"
    child = game.play(pos, "e7e5")
    assert type(child) is Position and eval(repr(child), {"Position": Position}) == child
    assert child.move_stack == [chess.Move.from_uci("e7e5")], "a position keeps only the move that led to it"


def test_equal_positions_are_equal_hash_alike_and_share_a_key(game):
    one = game.play(game.play(game.play(START, "g1f3"), "b8c6"), "b1c3")
    two = game.play(game.play(game.play(START, "b1c3"), "b8c6"), "g1f3")
    assert one == two and hash(one) == hash(two) and game.key(one) == game.key(two)
    assert game.key(one) != game.key(game.play(START, "e2e4"))


# -- scores ----------------------------------------------------------------------------------------

def material(fen):
    """White's material minus Black's in pawns (1, 3, 3, 5, 9), counted square by square."""
    values = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
    return sum(values[p.piece_type] * (1 if p.color else -1) for p in chess.Board(fen).piece_map().values())


@pytest.mark.parametrize("fen", [START, KIWIPETE, MORPHY, BACK_RANK, "4k3/8/8/8/8/8/8/RN2K3 w - - 0 1"])
def test_evaluate_counts_material_for_white(game, fen):
    assert game.evaluate(fen) == material(fen)


def test_a_mate_scores_beyond_any_evaluation_and_a_quicker_mate_more(game):
    fools = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"   # Black mated White at ply 4
    assert chess.Board(fools).is_checkmate()
    assert game.outcome(fools) == -(MATE - 4) and game.winner(fools) == "Black" and game.is_terminal(fools)
    mated_at_ply_1 = game.play(BACK_RANK, "a1a8")
    mated_at_ply_3 = game.play(game.play(game.play(BACK_RANK, "g1h2"), "g8h8"), "a1a8")
    assert mated_at_ply_1.is_checkmate() and mated_at_ply_3.is_checkmate()
    assert game.utility(mated_at_ply_1) > game.utility(mated_at_ply_3) > 2 * 103   # beyond all material
    # Searched deeper than it needs, the search still takes the quickest mate.
    result = mv.alphabeta(game, BACK_RANK, depth=3)
    assert result.move == "a1a8" and result.score == MATE - 1


def test_stalemate_and_the_draws_score_zero(game):
    assert chess.Board(STALEMATE).is_stalemate()
    assert game.outcome(STALEMATE) == 0 and game.winner(STALEMATE) is None
    assert game.result_text(STALEMATE) == "draw by stalemate"
    bare = "7k/8/8/8/8/8/8/K7 w - - 0 1"
    assert game.outcome(bare) == 0 and game.moves(bare) == () and "insufficient material" in game.result_text(bare)
    fifty = "7k/8/8/8/8/8/8/KR6 w - - 100 80"
    assert game.outcome(fifty) == 0 and game.moves(fifty) == () and "fifty-move" in game.result_text(fifty)
    assert game.outcome("7k/8/8/8/8/8/8/KR6 w - - 99 80") is None
    mate_on_move_100 = "R6k/6pp/8/8/8/8/8/K7 b - - 100 80"   # a mate counts, whatever the clock
    assert game.outcome(mate_on_move_100) == MATE - 159   # Black to move at move 80: 159 plies played
    # White to move can mate (Qg7#) or stalemate (Qg6?): the search mates.
    assert mv.alphabeta(game, "7k/5Q2/8/6K1/8/8/8/8 w - - 0 1", depth=1).score > 0


def test_no_move_after_the_end(game):
    with pytest.raises(InvalidMove, match="game is over"):
        game.play(STALEMATE, "h8g8")


# -- mates with published solutions, confirmed by a brute force on python-chess ----------------

def forces_mate(board, moves):
    """True when the side to move mates within ``moves`` of its own moves, whatever the
    defender replies: a brute force over python-chess's legal moves (no package code)."""
    for move in list(board.legal_moves):
        board.push(move)
        try:
            if board.is_checkmate():
                return True
            if moves > 1 and not board.is_game_over() and all(
                    _after(board, reply, lambda b: forces_mate(b, moves - 1)) for reply in list(board.legal_moves)):
                return True
        finally:
            board.pop()
    return False


def _after(board, move, test):
    board.push(move)
    try:
        return test(board)
    finally:
        board.pop()


def mating_first_moves(fen, moves):
    """The first moves after which the attacker mates within ``moves`` moves in all (brute force)."""
    board = chess.Board(fen)
    found = set()
    for move in list(board.legal_moves):
        board.push(move)
        if board.is_checkmate() or (moves > 1 and not board.is_game_over() and all(
                _after(board, reply, lambda b: forces_mate(b, moves - 1)) for reply in list(board.legal_moves))):
            found.add(move.uci())
        board.pop()
    return found


@pytest.mark.parametrize("fen, moves, solution", [
    (BACK_RANK, 1, {"a1a8"}),
    (MORPHY, 2, {"a1a6"}),
])
def test_the_search_finds_the_published_mate(game, fen, moves, solution):
    assert mating_first_moves(fen, moves) == solution, "the brute force confirms the published solution"
    result = mv.alphabeta(game, fen, depth=2 * moves - 1)
    assert result.move in solution
    assert result.score == MATE - (2 * moves - 1)   # White mates at ply 2 * moves - 1 from move 1


def test_the_mate_in_two_tree_prints_with_the_moves_named(game):
    result = mv.alphabeta(game, MORPHY, depth=3)
    text = result.tree.text(limit=10_000)
    assert "White plays a1a6: Black to move" in text and "checkmate" in text and "+997" in text


# -- bad input -----------------------------------------------------------------------------------

@pytest.mark.parametrize("fen, words", [
    ("hello", "'hello' is not a FEN"),
    ("", "an empty string is not a FEN"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "the side to move in"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a 1", "is not a FEN (invalid half-move clock"),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", "White has no king"),
    ("8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no king"),
    ("8/8/8/8/8/8/8/8 w - - 0 1", "the board is empty"),
    ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "more than one king"),
    ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn stands on the first or the last rank"),
    ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "a pawn stands on the first or the last rank"),
    ("4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1", "a pawn stands on the first or the last rank"),
    ("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "White has more than 8 pawns"),
    ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "the side not to move is in check"),
    ("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1", "the castling rights"),
    ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "the en-passant square"),
    ("4r2k/8/8/8/4K3/8/8/4r3 w - - 0 1", "cannot come from any last move"),
    ("4r2k/8/8/8/r3K3/8/8/4r3 w - - 0 1", "in check from more than two pieces"),
])
def test_every_bad_fen_is_named(game, fen, words):
    with pytest.raises(InvalidBoard) as caught:
        game.state(fen)
    assert words in str(caught.value)
    assert isinstance(caught.value, MinimaxError) and isinstance(caught.value, ValueError)


def test_a_bad_fen_is_refused_by_the_search_and_every_method(game):
    for call in (lambda: mv.alphabeta(game, "4k3/8/8/8/8/8/8/8 w - - 0 1", depth=1),
                 lambda: game.moves("hello"), lambda: game.evaluate(42), lambda: game.play([1, 2], "e2e4")):
        with pytest.raises(InvalidBoard):
            call()


@pytest.mark.parametrize("move, words", [
    ("e2e5", "e2e5 is not legal"),
    ("castle", "'castle' is not a UCI move"),
    ("E2E4", "'E2E4' is not a UCI move"),
    (3.5, "a chess move is a UCI string such as 'e2e4', not 3.5"),
    (None, "a chess move is a UCI string such as 'e2e4', not None"),
    (12, "a chess move is a UCI string such as 'e2e4', not 12"),
    ([1], "a chess move is a UCI string such as 'e2e4', not [1]"),
])
def test_bad_moves_say_what_is_wrong(game, move, words):
    with pytest.raises(InvalidMove, match="legal moves") as caught:
        game.play(START, move)
    assert words in str(caught.value)


# -- the engine's contract -----------------------------------------------------------------------

def test_a_search_writes_no_fen_per_node(game, monkeypatch):
    """States stay python-chess boards: one FEN read (the root), none written, whatever the tree's size."""
    counts = {"read": 0, "written": 0}
    read, written = chess.Board.set_fen, chess.Board.fen

    def counting_read(self, fen):
        counts["read"] += 1
        return read(self, fen)

    def counting_written(self, **kwargs):
        counts["written"] += 1
        return written(self, **kwargs)

    monkeypatch.setattr(chess.Board, "set_fen", counting_read)
    monkeypatch.setattr(chess.Board, "fen", counting_written)
    result = mv.alphabeta(game, KIWIPETE, depth=3, record=False)
    assert result.stats.calls > 1_000 and counts == {"read": 1, "written": 0}


def test_memo_and_reuse_give_the_plain_answer(game):
    fen = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    plain = mv.alphabeta(game, fen, depth=3, record=False)
    for options in ({"memo": True}, {"reuse": True}):
        other = mv.alphabeta(game, fen, depth=3, record=False, **options)
        assert (other.score, other.move) == (plain.score, plain.move)
    assert mv.minimax(game, fen, depth=2, record=False).score == mv.alphabeta(game, fen, depth=2, record=False).score


@pytest.mark.parametrize("fen, depth", [(MORPHY, 3), (BACK_RANK, 2), (KIWIPETE, 2),
                                        ("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4", 3)])
def test_a_learners_alphabeta_runs_on_chess_unchanged_and_agrees(game, fen, depth):
    result = mv.alphabeta(game, fen, depth=depth, record=False)
    for search in (learner_style.alphabeta, learner_style.mutual):
        value, move = search(game, game.state(fen), depth)
        assert value == result.score and move == result.move, search.__name__
    value, move = learner_style.alphabeta(game, fen, depth)   # the FEN handed in as it is
    assert (value, move) == (result.score, result.move)


def test_a_learners_recorded_search_matches_the_engines_tree(game):
    recorded = mv.record_calls(learner_style.alphabeta, game, MORPHY, 3)
    engine = mv.alphabeta(game, MORPHY, depth=3)
    assert mv.first_difference(recorded, engine) is None
    assert len(recorded.tree) == len(engine.tree) > 100


# -- the board at every node ---------------------------------------------------------------------

def _png_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height, read from its header (the IHDR chunk)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def test_the_mate_in_two_tree_draws_boards_no_wider_than_1000_px(game):
    from minimax_viz.chess_glyph import ChessGlyph
    from minimax_viz.glyphs import glyph_for

    assert type(glyph_for(game)) is ChessGlyph
    tree = mv.alphabeta(game, MORPHY, depth=3).tree
    (rook_lift,) = [n for n in tree.root.children if n.move == "a1a6"]
    for focus in (None, rook_lift):
        width, height = _png_size(mv.tree_png(tree, focus=focus))
        assert 500 < width <= 1000 and height > 200


def test_each_board_shows_its_pieces_its_last_move_and_a_check(game):
    from matplotlib.figure import Figure

    from minimax_viz.chess_glyph import ChessGlyph

    tree = mv.alphabeta(game, MORPHY, depth=3).tree
    root = tree.root
    lift = next(n for n in root.children if n.move == "a1a6")
    mate = next(n for n in lift.children if n.children and any(
        game.is_terminal(c.internal_state) for c in n.children))
    mated = next(c for c in mate.children if game.is_terminal(c.internal_state))
    ax = Figure().add_subplot()
    layers = {layer.artist.get_gid(): layer for layer in ChessGlyph(game).draw(
        ax, tree, [(root.index, 0, 0), (lift.index, 1, 0), (mated.index, 2, 0)], 1.0)}
    owners = {name: list(layer.owners) for name, layer in layers.items()}
    pieces = {n.index: len(n.internal_state.piece_map()) for n in (root, lift, mated)}
    assert all(owners["chess ink"].count(i) == k for i, k in pieces.items())   # one symbol per piece
    white = {n.index: sum(p.color for p in n.internal_state.piece_map().values()) for n in (root, lift, mated)}
    assert all(owners["chess white"].count(i) == k for i, k in white.items())
    assert mated.internal_state.is_check()
    assert [owners["chess mark"].count(i) for i in (root.index, lift.index, mated.index)] == [0, 2, 3]
    assert owners["chess dark"].count(root.index) == 32 and owners["chess frame"] == [root.index, lift.index, mated.index]


# -- captures, for quiescence ----------------------------------------------------------------------

def _captures_at(game, state, depth):
    """Captures among the moves ``depth`` plies down (perft's "captures" column)."""
    if depth == 1:
        return sum(game.is_capture(state, move) for move in game.moves(state))
    return sum(_captures_at(game, game.play(state, move), depth - 1) for move in game.moves(state))


@pytest.mark.parametrize("fen, depth, captures", [
    (START, 3, 34),          # chessprogramming.org, Perft Results: the start position, depth 3
    (KIWIPETE, 1, 8),        # Kiwipete, depth 1
    (KIWIPETE, 2, 351),      # Kiwipete, depth 2 (one of them en passant)
])
def test_is_capture_counts_the_published_captures(game, fen, depth, captures):
    assert _captures_at(game, game.state(fen), depth) == captures


def test_is_capture_refuses_an_illegal_move(game):
    assert game.is_capture("6k1/5ppp/4p3/3p4/8/8/5PPP/3Q2K1 w - - 0 1", "d1d5")
    assert not game.is_capture(START, "e2e4")
    with pytest.raises(InvalidMove, match="e2e5 is not legal"):
        game.is_capture(START, "e2e5")


# -- players and the referee -----------------------------------------------------------------------

def test_a_short_match_plays_legal_chess_to_the_end_without_forfeits():
    result = mv.play_match([mv.alphabeta_player(2), mv.greedy_player], game=mv.Chess(), games=2)
    assert len(result.games) == 2 and not result.forfeits()
    for record in result.games:
        board = chess.Board()   # python-chess replays every move and judges the end, not our rules
        for uci in record.moves:
            assert type(uci) is str and chess.Move.from_uci(uci) in board.legal_moves, (record.index, uci)
            board.push_uci(uci)
        assert (board.is_checkmate() or board.is_stalemate() or board.is_insufficient_material()
                or board.is_fifty_moves()), board.fen()
        last_mover = record.first if len(record.moves) % 2 else record.second
        assert record.winner == (last_mover if board.is_checkmate() else None)
    assert "as White" in result.table() and "as White0" not in result.table()


@pytest.mark.parametrize("reply, words", [
    ("e2e5", "it returned 'e2e5', which is not a legal move here"),
    ("E2E4", "it returned 'E2E4', which is not a legal move here"),
    (12, "it returned 12, which is not a move; return one of the legal moves, "),
    (chess.Move.from_uci("e2e4"), "which is not a move"),
])
def test_a_player_with_an_illegal_move_forfeits_in_words(reply, words):
    def illegal(game, state, budget):
        return reply

    result = mv.play_match([illegal, mv.greedy_player], game=mv.Chess(), games=2)
    forfeits = result.forfeits()
    assert [f.player for f in forfeits] == ["illegal", "illegal"]
    assert words in forfeits[0].words
    if type(reply) is not str:
        assert "a string, such as 'g1h3'" in forfeits[0].words


# -- moves as UCI strings through the recording ------------------------------------------------------

def test_recorded_trees_hold_uci_moves_for_the_engine_and_the_learner(game):
    engine = mv.alphabeta(game, MORPHY, depth=2)
    learner = mv.record_calls(learner_style.alphabeta, game, MORPHY, 2)
    legal = set(chess.Board(MORPHY).legal_moves)
    for tree in (engine.tree, learner.tree):
        assert {chess.Move.from_uci(c.move) for c in tree.root.children} == legal
        for node in tree.nodes[1:]:
            assert type(node.move) is str
            parent = node.parent.internal_state
            assert chess.Move.from_uci(node.move) in parent.legal_moves
            assert node.internal_state == game.play(parent, node.move)
    assert type(engine.move) is str and learner.move == engine.move
    assert "plays " + engine.tree.nodes[1].move in engine.tree.nodes[1].move_words


def test_move_codes_cost_other_games_nothing_and_wrappers_hand_them_on(game):
    from minimax_viz.games.base import move_coder
    from minimax_viz.games.forwarding import ForwardingGame

    assert move_coder(mv.TicTacToe()) is None and move_coder(mv.ConnectFour()) is None
    assert mv.minimax(mv.TicTacToe(), "XX.OO....").tree.recorder.code is None
    assert move_coder(ForwardingGame(mv.TicTacToe())) is None
    wrapped = ForwardingGame(game)
    assert move_coder(wrapped) is not None
    tree = mv.alphabeta(wrapped, MORPHY, depth=2).tree
    assert [c.move for c in tree.root.children] == list(game.moves(MORPHY))
