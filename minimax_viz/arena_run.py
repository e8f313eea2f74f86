"""Games in Kaggle's own ConnectX environment (``kaggle-environments``): an agent file
against ConnectX's built-in agents, and random games for a second opinion on the rules.

This module imports nothing from minimax_viz, so it also runs as a script in an environment
that has only kaggle-environments (``--no-deps``, then jsonschema and requests)::

    python arena_run.py series my_agent.py negamax --games 2 --seed 0
    python arena_run.py random-games 1000 --seed 0

Each prints one line of JSON, last. :func:`minimax_viz.connectx_match` calls
:func:`series` in the learner's own kernel where kaggle-environments is installed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys

__all__ = ["series", "random_games"]


def _make(configuration: dict | None = None):
    """ConnectX's environment (the import prints a line for each other game it cannot load: kept quiet)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        from kaggle_environments import make
    return make("connectx", configuration=configuration or {}, debug=False)


def series(agent_path: str, opponent: str, *, games: int = 2, seed: int = 0,
           configuration: dict | None = None) -> list[dict]:
    """``games`` games of the agent in ``agent_path`` against ConnectX's ``opponent``
    ("random" or "negamax"), the agent first in the even ones. Python's ``random`` is seeded
    with ``f"{seed}:{i}"`` before game ``i`` (the built-in agents draw from it).

    Each game is a dict: ``first`` (whether the agent moved first), ``reward`` (1 won,
    -1 lost, 0 a draw, None when the agent broke a rule), ``status`` (the agent's last
    status: "DONE", or "TIMEOUT", "ERROR", "INVALID", "Invalid column: ..."), ``moves`` (the
    columns in order), ``durations`` (the seconds of each of the agent's moves, as ConnectX
    timed them) and ``stderr`` (what the agent wrote there, its moves joined).
    """
    played = []
    for i in range(games):
        random.seed(f"{seed}:{i}")
        first = i % 2 == 0
        env = _make(configuration)
        steps = env.run([agent_path, opponent] if first else [opponent, agent_path])
        ours = 0 if first else 1
        logs = [step[ours] for step in env.logs if len(step) > ours and "duration" in step[ours]]
        played.append({
            "first": first, "reward": steps[-1][ours]["reward"], "status": steps[-1][ours]["status"],
            "moves": _moves(steps, env.configuration.columns),
            "durations": [log["duration"] for log in logs],
            "stderr": "".join(log.get("stderr", "") for log in logs),
        })
    return played


def _moves(steps, columns: int) -> list[int]:
    """The columns played, read from the boards of successive steps."""
    moves = []
    for before, after in zip(steps, steps[1:]):
        changed = [i for i, (a, b) in enumerate(zip(before[0]["observation"]["board"],
                                                    after[0]["observation"]["board"])) if a != b]
        moves.extend(i % columns for i in changed)
    return moves


def random_games(n: int, *, seed: int = 0) -> list[dict]:
    """``n`` games of random legal moves (drawn with ``random.Random(seed)``), each stepped
    through ConnectX's interpreter: ``moves`` and ``rewards`` (the first and second
    player's at the end: 1 won, -1 lost, 0 a draw)."""
    rng, env, games = random.Random(seed), _make(), []
    columns = env.configuration.columns
    for _ in range(n):
        env.reset()
        moves = []
        while not env.done:
            board = env.state[0]["observation"]["board"]
            move = rng.choice([c for c in range(columns) if board[c] == 0])
            moves.append(move)
            env.step([move, move])   # only the active player's action counts
        games.append({"moves": moves, "rewards": [env.state[0]["reward"], env.state[1]["reward"]]})
    return games


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("series", help="an agent file against a built-in agent")
    one.add_argument("agent")
    one.add_argument("opponent")
    one.add_argument("--games", type=int, default=2)
    one.add_argument("--seed", type=int, default=0)
    many = sub.add_parser("random-games", help="random games, for the rules")
    many.add_argument("n", type=int)
    many.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.command == "series":
        out = series(args.agent, args.opponent, games=args.games, seed=args.seed)
    else:
        out = random_games(args.n, seed=args.seed)
    sys.stdout.write("\n" + json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
