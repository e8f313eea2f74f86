"""The games' rules, checked against hand-worked positions and known counts."""

import itertools

import pytest

import minimax_viz as mv
from minimax_viz import GameTree, InvalidBoard, InvalidMove, InvalidTree, TicTacToe

TUTORIAL = ["X", 1, "O", "X", 4, "X", "O", "O", 8]


@pytest.fixture(scope="module")
def game():
    return TicTacToe()


def reachable(game):
    """Every position reachable from the empty board, walking the rules breadth first."""
    seen, frontier = {game.start()}, [game.start()]
    while frontier:
        frontier = [c for s in frontier for _, c in game.successors(s) if c not in seen]
        seen.update(frontier)
    return seen


def test_tutorial_board_constant(game):
    assert TicTacToe.TUTORIAL_BOARD == TUTORIAL
    board = TicTacToe.TUTORIAL_BOARD
    board[1] = "O"  # a learner's slip must not change the constant
    assert TicTacToe.TUTORIAL_BOARD == TUTORIAL


def test_tutorial_position(game):
    assert game.player(TUTORIAL) == "X"
    assert game.moves(TUTORIAL) == (1, 4, 8)
    assert game.winner(TUTORIAL) is None and not game.is_terminal(TUTORIAL)


def test_string_and_list_forms_agree(game):
    assert game.state("X.OX.XOO.") == game.state(TUTORIAL)
    assert game.state("x1oX4xOO8") == game.state(TUTORIAL)
    assert game.board(game.state("X.OX.XOO.")) == TUTORIAL
    assert game.string(TUTORIAL) == "X.OX.XOO."


def test_play_returns_a_new_board_and_keeps_the_old(game):
    board = list(TUTORIAL)
    after = game.play(board, 4)
    assert board == TUTORIAL
    assert after == ["X", 1, "O", "X", "X", "X", "O", "O", 8]
    assert game.winner(after) == "X" and game.utility(after) == 1
    assert game.play(game.play(board, 1), 4) == ["X", "X", "O", "X", "O", "X", "O", "O", 8]
    assert game.winner(game.play(game.play(board, 1), 4)) == "O"


def test_draw_and_utility(game):
    draw = "XOXXOOOXX"
    assert game.is_terminal(draw) and game.winner(draw) is None and game.utility(draw) == 0
    assert game.result_text(draw) == "draw"
    assert game.moves(draw) == ()


def test_player_alternates_from_x(game):
    assert game.player(None) == "X"
    assert game.player("X........") == "O"
    assert game.player("XO.......") == "X"


def test_reachable_positions_5478(game):
    assert len(reachable(game)) == 5478


def test_validation_accepts_exactly_the_reachable_positions(game):
    accepted = set()
    for cells in itertools.product("XO.", repeat=9):
        try:
            accepted.add(game.state("".join(cells)))
        except InvalidBoard:
            pass
    assert accepted == reachable(game)
    terminal = sum(1 for s in accepted if game.is_terminal(s))
    assert len(accepted) - terminal == 4520


def test_heuristic_counts_open_lines(game):
    # X in the centre: X keeps all 8 lines open, O keeps the 4 lines avoiding the centre.
    assert game.evaluate("....X....") == pytest.approx(4 / 9)
    assert game.evaluate(None) == 0
    assert game.evaluate("XXX.OO...") == 1  # a finished game gets its utility
    for s in reachable(game):
        if not game.is_terminal(s):
            assert -1 < game.evaluate(s) < 1


@pytest.mark.parametrize(
    "board, words",
    [
        (["X", 1, "O"], "9 cells, this one has 3"),
        ("X.O", "9 characters"),
        ("X.OX.XOO.?", "9 characters"),
        (["X", None, "O", "X", 4, "X", "O", "O", 8], "cell 1 holds None"),
        (["X", 1, "Q", "X", 4, "X", "O", "O", 8], "cell 2 holds 'Q'"),
        (["X", 1, "O", "X", 5, "X", "O", "O", 8], "cell 4 holds the index 5"),
        (["X", True, "O", "X", 4, "X", "O", "O", 8], "cell 1 holds True"),
        ("X.OX?XOO.", "character 4"),
        ("OO.......", "O has 2 marks and X only 0"),
        ("XX.......", "X has 2 marks and O only 0"),
        ("XXXOOO...", "both X and O"),
        ("XXXOO.O..", "O moved after it"),
        ("OOOXX.X.X", "X moved after it"),
        (3.5, "not float"),
    ],
)
def test_bad_boards_say_what_is_wrong(game, board, words):
    with pytest.raises(InvalidBoard, match=words.replace("(", r"\(").replace("?", r"\?")):
        game.state(board)


def test_bad_input_errors_are_value_errors():
    assert issubclass(mv.MinimaxError, ValueError)
    for cls in (InvalidBoard, InvalidMove, InvalidTree, mv.InvalidOption, mv.TreeTooLarge):
        assert issubclass(cls, mv.MinimaxError)


@pytest.mark.parametrize(
    "move, words",
    [(0, "cell 0 is taken; the empty cells are \\[1, 4, 8\\]"), (9, "0 to 8"), (-1, "0 to 8"), ("4", "0 to 8")],
)
def test_bad_moves(game, move, words):
    with pytest.raises(InvalidMove, match=words):
        game.play(TUTORIAL, move)


def test_no_move_after_the_game_ends(game):
    with pytest.raises(InvalidMove, match="game is over \\(X wins\\)"):
        game.play("XXXOO....", 8)


# -- textbook trees -------------------------------------------------------------------

def test_gametree_aima_figure_5_2():
    tree = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert tree.moves(()) == (0, 1, 2)
    assert tree.player(()) == "MAX" and tree.player((2,)) == "MIN"
    assert tree.utility((2, 0)) == 14 and tree.is_terminal((2, 0))
    assert tree.leaves()[:2] == [(0, 0), (0, 1)]
    assert repr(tree) == "GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])"


@pytest.mark.parametrize(
    "nested, words",
    [
        ([[3, "a"], [1]], "leaf at path \\(0, 1\\) is 'a'"),
        ([[3, None]], "is None"),
        ([[3, True]], "is True"),
        ([[], [1]], "inner node at path \\(0,\\) has no children"),
        ([], "inner node at path \\(\\) has no children"),
    ],
)
def test_bad_gametrees(nested, words):
    with pytest.raises(InvalidTree, match=words):
        GameTree(nested)


def test_gametree_bad_state_and_move():
    tree = GameTree([[1, 2], [3]])
    with pytest.raises(InvalidBoard, match="not a node of this tree"):
        tree.moves((5,))
    with pytest.raises(InvalidMove, match="legal moves are \\[0\\]"):
        tree.play((1,), 1)


def test_random_trees_are_seeded():
    a = GameTree.random(depth=3, branching=(2, 4), seed=7)
    assert repr(a) == repr(GameTree.random(depth=3, branching=(2, 4), seed=7))
    assert repr(a) != repr(GameTree.random(depth=3, branching=(2, 4), seed=8))
    assert all(len(p) == 3 for p in a.leaves())


def test_tic_tac_toe_guesses_are_the_open_lines_asked_again_or_not():
    """evaluate keeps its answers by position: asked once or twice, on every position the
    rules reach, it is X's open lines minus O's over 9 (or the result of a finished game)."""
    game = TicTacToe()
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
    seen, stack = set(), [game.start()]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        board = game.board(state)
        if game.is_terminal(state):
            expected = game.utility(state)
        else:
            stack.extend(game.play(state, m) for m in game.moves(state))
            open_x = sum(all(board[i] != "O" for i in line) for line in lines)
            open_o = sum(all(board[i] != "X" for i in line) for line in lines)
            expected = (open_x - open_o) / 9
        assert game.evaluate(state) == game.evaluate(state) == expected, board
    assert len(seen) == 5478


def test_tic_tac_toe_games_share_their_tables_and_a_subclass_keeps_its_own():
    """What a game works out about a position (its moves, outcome, kind, guess) serves every
    plain TicTacToe after it; a subclass that answers otherwise is not answered from them."""
    first, second = TicTacToe(), TicTacToe()
    code = first.state("XO.OX....")
    assert first.successors(code) is second.successors(code), "one table for both"

    class NoWins(TicTacToe):
        def _compute_outcome(self, code):
            return None if (code | code >> 9) & 511 != 511 else 0   # only a full board ends

    other = NoWins()
    won = first.state("XXXOO....")
    assert first.outcome(won) == 1 and other.outcome(won) is None
    assert TicTacToe().outcome(won) == 1 and len(other.successors(won)) == 4
