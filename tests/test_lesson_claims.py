"""Claims lessons 02 and 04 make in words, checked against facts computed here.

Lesson 04: a guess is ranked against a sure draw; the horizon-effect position (X has lost,
and a delaying block pushes the loss past a 2- or 3-ply horizon). Lesson 02: all 26 of the
tutorial's steps are covered, in fewer words than before issue 11 (3,409).
"""

import json
import re
from functools import lru_cache
from pathlib import Path

import minimax_viz as mv

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
HORIZON = ".OO..X..X"   # the board of lesson 04, section 6


def _winner(board: str):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


@lru_cache(maxsize=None)
def _solve(board: str) -> tuple[int, int]:
    """(value for X, plies to the end) with best play, written here from scratch: the winner
    hurries, the loser delays."""
    win = _winner(board)
    if win:
        return (1 if win == "X" else -1), 0
    if "." not in board:
        return 0, 0
    mover = "X" if board.count("X") == board.count("O") else "O"
    results = []
    for cell in (i for i, c in enumerate(board) if c == "."):
        value, plies = _solve(board[:cell] + mover + board[cell + 1:])
        results.append((value, plies + 1))
    sign = 1 if mover == "X" else -1
    # best value first; among wins the shortest, among losses the longest
    return max(results, key=lambda r: (sign * r[0], -r[1] if sign * r[0] > 0 else r[1]))


def _after(board: str, cell: int) -> str:
    mover = "X" if board.count("X") == board.count("O") else "O"
    return board[:cell] + mover + board[cell + 1:]


def test_a_guess_is_ranked_against_a_sure_draw():
    tree = mv.GameTree([0, [-1, 1]])
    guessed = mv.minimax(tree, depth=1, evaluate=lambda state: 0.3)
    assert (guessed.move, guessed.score) == (1, 0.3)
    assert (mv.minimax(tree).move, mv.minimax(tree).score) == (0, 0)


def test_the_horizon_position_is_lost_and_the_block_only_delays():
    value, _ = _solve(HORIZON)
    assert value == -1                         # X has lost, whatever it plays
    delays = {cell: _solve(_after(HORIZON, cell))[1] + 1 for cell in (0, 3, 4, 6, 7)}
    assert delays == {0: 4, 3: 2, 4: 2, 6: 2, 7: 2}   # the block puts the loss off by two plies


def test_a_short_search_pushes_the_loss_past_its_horizon():
    game = mv.TicTacToe()
    for depth in (2, 3):
        result = mv.minimax(game, HORIZON, depth=depth, record=False)
        assert result.move == 0 and result.score > -1   # the delaying move, rated by a guess
    for depth in (4, None):
        assert mv.minimax(game, HORIZON, depth=depth, record=False).score == -1


def _markdown(name: str) -> str:
    nb = json.loads((NOTEBOOKS / name).read_text())
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_lesson_02_covers_all_26_steps_in_fewer_words():
    text = _markdown("02-Minimax-Step-by-Step.ipynb")
    covered = set()
    for first, last in re.findall(r"[Ss]teps? (\d+)(?:,? (?:to|and) (\d+))?", text):
        covered.update(range(int(first), int(last or first) + 1))
    assert covered >= set(range(1, 27)), sorted(set(range(1, 27)) - covered)
    assert len(re.findall(r"\S+", text)) <= 0.75 * 3409


def test_lesson_02_calls_the_replay_units_events():
    text = _markdown("02-Minimax-Step-by-Step.ipynb")
    assert not re.search(r"\bstep (?:\d+|k|\*k\*) of \d+", text, re.IGNORECASE)
    assert "step slider" not in text.lower() and "**event** slider" in text
    assert "event 8" in text.lower() and "events 1 to 4" in text.lower()
