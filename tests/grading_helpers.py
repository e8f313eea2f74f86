"""Shared by the nbgrader and otter round-trips: lesson 01's answers, and running a tool.

The graders come from the teach environment: ``$MINIMAX_VIZ_TEACH_BIN`` (``make test`` sets
it to ``.venv-teach/bin``), else ``.venv-teach/bin`` beside the tests, else this
interpreter's own folder when it has them.

The answers are written here by hand, not taken from the lesson's solutions: right ones
from the rules of tic-tac-toe (the tutorial board ``X 1 O / X 4 X / O O 8`` has X to move,
the empty cells 1, 4 and 8, and no game from it lasts more than three plies), wrong ones
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


def export(tmp_path: Path, flag: str) -> Path:
    """Write lesson 01's student copy and its grader version with ``student-copy``, run by the
    teach environment's Python as ``make student`` does; the teacher's folder."""
    teacher = tmp_path / "teacher"
    run(str(teach_bin() / "python"), "-m", "minimax_viz", "student-copy", str(tmp_path / "student"),
        "--teacher", str(teacher), "--source", str(ROOT / "notebooks"), "--lessons", "01", flag, cwd=tmp_path)
    return teacher


def answered(release: dict, answers: dict[int, str], is_answer) -> dict:
    """A copy of the released notebook with answer cell k replaced by ``answers[k]``."""
    nb = json.loads(json.dumps(release))
    cells = [c for c in nb["cells"] if is_answer(c)]
    assert len(cells) == 4, f"lesson 01 should have 4 answer cells, found {len(cells)}"
    for number, cell in enumerate(cells, 1):
        if number in answers:
            cell["source"] = answers[number]
    return nb
