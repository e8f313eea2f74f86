"""Shared by the nbgrader and otter round-trips: lessons 01's and 11's answers, and running a tool.

The graders come from the teach environment: ``$MINIMAX_VIZ_TEACH_BIN`` (``make test`` sets
it to ``.venv-teach/bin``), else ``.venv-teach/bin`` beside the tests, else this
interpreter's own folder when it has them.

The answers are written here by hand, not taken from the lesson's solutions: right ones
from the rules of tic-tac-toe (the tutorial board ``X 1 O / X 4 X / O O 8`` has X to move,
the empty cells 1, 4 and 8, and no game from it lasts more than three plies), and from the
rules of alpha-beta, of chess's material and of a quiescence search (lesson 11); wrong ones
with one plausible slip each.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import minimax_viz as mv

ROOT = Path(__file__).resolve().parents[1]
LESSON = "01-Games-as-Trees"

RIGHT = {
    1: 'to_move = "X"\nn_moves = 3',
    2: 'def empty_cells(board):\n    return [cell for cell in board if cell not in ("X", "O")]',
    3: ('def is_win(board, mark):\n'
        '    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]\n'
        '    return any(all(board[i] == mark for i in line) for line in lines)'),
    4: ('def deepest(game, board):\n'
        '    if game.is_terminal(board):\n'
        '        return 0\n'
        '    return 1 + max(deepest(game, game.play(board, m)) for m in game.moves(board))'),
}
WRONG = {
    1: 'to_move = "O"\nn_moves = 3',                      # forgot that X moved first
    2: 'def empty_cells(board):\n    return [cell for cell in board[:-1] if cell not in ("X", "O")]',
    3: ('def is_win(board, mark):\n'                         # rows only
        '    return any(all(board[i] == mark for i in range(r, r + 3)) for r in (0, 3, 6))'),
    4: ('def deepest(game, board):\n'                       # counts the boards, not the moves
        '    if game.is_terminal(board):\n'
        '        return 1\n'
        '    return 1 + max(deepest(game, game.play(board, m)) for m in game.moves(board))'),
}
# What lesson 01's first check says about the first wrong answer: the feedback must carry it.
WRONG_MESSAGE = mv.exercises.lesson01.check_position("O", 3).message

CHESS = "11-Chess-Your-Search-on-Real-Positions"
_ALPHABETA = """def alphabeta(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-math.inf if maximise else math.inf), None
    for move in game.moves(state):
        value, _ = alphabeta(game, game.play(state, move), depth - 1, alpha, beta)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move"""
_MATERIAL = """WORTH = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
def my_evaluate(board):
    score = 0
    for square, piece in board.piece_map().items():
        sign = 1 if piece.color else -1
        score += sign * (WORTH[piece.piece_type] + 0.05 * len(board.attacks(square)))
    for colour, sign in [(chess.WHITE, 1), (chess.BLACK, -1)]:
        near = board.attacks(board.king(colour))
        score += sign * 0.25 * sum(board.piece_at(s) == chess.Piece(chess.PAWN, colour) for s in near)
    return score"""
_QUIESCE = """def quiesce(game, state, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state)
    value = game.evaluate(state)
    for move in game.moves(state):
        if game.node_type(state) == "max":
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
        if game.is_capture(state, move):
            child = quiesce(game, game.play(state, move), alpha, beta)
            value = max(value, child) if game.node_type(state) == "max" else min(value, child)
    return value"""
CHESS_RIGHT = {1: _ALPHABETA, 2: _MATERIAL, 3: _QUIESCE}
CHESS_WRONG = {
    1: _ALPHABETA.replace("        if alpha >= beta:\n            break\n", ""),          # never cuts
    2: _MATERIAL.replace(" + 0.05 * len(board.attacks(square))", "").replace("0.25 *", "0 *"),  # material only
    3: _QUIESCE.replace("if game.is_capture(state, move):", "if True:"),                    # quiet moves too
}


def _defined(source: str, name: str):
    """The function ``name`` that ``source`` defines (with math and chess imported)."""
    import math

    import chess

    space = {"math": math, "chess": chess}
    exec(source, space)
    return space[name]


# What lesson 11's first check says about the first wrong answer.
CHESS_WRONG_MESSAGE = mv.exercises.lesson11.check_alphabeta(_defined(CHESS_WRONG[1], "alphabeta")).message


def teach_bin() -> Path:
    """The folder of nbgrader, otter and the Python they run in; fails with the way to get them."""
    given = os.environ.get("MINIMAX_VIZ_TEACH_BIN")
    for folder in ([Path(given)] if given else [ROOT / ".venv-teach" / "bin", Path(sys.executable).parent]):
        if (folder / "nbgrader").exists() and (folder / "otter").exists():
            return folder
    raise AssertionError(
        f"nbgrader and otter are not in {given or '.venv-teach/bin or this environment'}: "
        "make test sets up .venv-teach (or pip install -e '.[teach]' into an environment of its own "
        "and point MINIMAX_VIZ_TEACH_BIN at its bin folder)")


def run(*command: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run a tool of the teach environment in `cwd`, away from the user's Jupyter config; fail loudly."""
    env = dict(os.environ)
    env["PATH"] = str(teach_bin()) + os.pathsep + env.get("PATH", "")
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(cwd / f".{name.lower()}")
    env.pop("MPLBACKEND", None)
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done


def export(tmp_path: Path, flag: str, lesson: str = "01") -> Path:
    """Write a lesson's student copy (lesson 01's unless given) and its grader version with
    ``student-copy``, run by the teach environment's Python as ``make student`` does; the
    teacher's folder."""
    teacher = tmp_path / "teacher"
    run(str(teach_bin() / "python"), "-m", "minimax_viz", "student-copy", str(tmp_path / "student"),
        "--teacher", str(teacher), "--source", str(ROOT / "notebooks"), "--lessons", lesson, flag, cwd=tmp_path)
    return teacher


def answered(release: dict, answers: dict[int, str], is_answer, count: int = 4) -> dict:
    """A copy of the released notebook with answer cell k replaced by ``answers[k]``; the
    lesson has ``count`` answer cells (lesson 01's 4 unless given)."""
    nb = json.loads(json.dumps(release))
    cells = [c for c in nb["cells"] if is_answer(c)]
    assert len(cells) == count, f"the lesson should have {count} answer cells, found {len(cells)}"
    for number, cell in enumerate(cells, 1):
        if number in answers:
            cell["source"] = answers[number]
    return nb
