"""Shared by the arena tests that run in Kaggle's own ConnectX environment: where it is, and
running minimax_viz/arena_run.py there.

kaggle-environments lives in an environment of its own: ``$MINIMAX_VIZ_ARENA_BIN`` (``make
test`` sets it to ``.venv-arena/bin``), else ``.venv-arena/bin`` beside the tests.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "minimax_viz" / "arena_run.py"


def arena_python() -> Path:
    """The Python that has kaggle-environments; fails with the way to get it."""
    given = os.environ.get("MINIMAX_VIZ_ARENA_BIN")
    folder = Path(given) if given else ROOT / ".venv-arena" / "bin"
    if not (folder / "python").exists():
        raise AssertionError(
            f"no Python with kaggle-environments in {folder}: make test sets up .venv-arena (or make a venv, "
            "pip install --no-deps kaggle-environments, then jsonschema and requests, and point "
            "MINIMAX_VIZ_ARENA_BIN at its bin folder)")
    return folder / "python"


def run_arena(*args: str, timeout: float = 600):
    """arena_run.py's JSON answer, run by the arena's Python away from this checkout's packages."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    done = subprocess.run([str(arena_python()), str(RUNNER), *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)
    assert done.returncode == 0, f"arena_run.py {' '.join(args)} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])
