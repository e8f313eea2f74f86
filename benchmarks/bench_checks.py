"""How long a learner waits for a check on a right answer: the slowest checks, each timed.

Prints one table: per check, the CPU seconds (``time.process_time``) of the best of
``--repeat`` runs on a right answer, against the goal of 2 s a check (lesson 02's
``check_minimax`` replays the learner's function call by call on 21 boards). The tests
assert what the checks say, never how long they take; this table is where the time is
watched. Run with ``python benchmarks/bench_checks.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import time

import minimax_viz as mv

GOAL_S = 2.0

def terminal_score(board):
    """Steps 8 and 9 of the tutorial, as lesson 02 asks for them."""
    if mv.tutorial.check_if_winner_found(board, "O"):
        return {"score": -1}
    if mv.tutorial.check_if_winner_found(board, "X"):
        return {"score": 1}
    if not mv.tutorial.get_all_empty_cells_indexes(board):
        return {"score": 0}
    return None


#: (name, the check on a right answer).
ROWS = [
    ("lesson02.check_minimax(tutorial.minimax)", lambda: mv.exercises.lesson02.check_minimax(mv.tutorial.minimax)),
    ("lesson02.check_terminal_score (5,478 positions)", lambda: mv.exercises.lesson02.check_terminal_score(
        terminal_score)),
    ("lesson10.check_minimax(reference_minimax)", lambda: mv.exercises.lesson10.check_minimax(
        mv.exercises.lesson10.reference_minimax)),
]


def best_cpu(fn, repeat: int) -> tuple[float, bool]:
    """The least CPU seconds of ``repeat`` runs of ``fn``, and whether its verdict was Right."""
    times, ok = [], True
    for _ in range(repeat):
        start = time.process_time()
        ok = bool(fn()) and ok
        times.append(time.process_time() - start)
    return min(times), ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per check (the fastest is shown)")
    args = parser.parse_args()
    print(f"{'check (on a right answer)':<46} {'verdict':>8} {'CPU s':>7} {'goal s':>7}")
    for name, fn in ROWS:
        seconds, ok = best_cpu(fn, args.repeat)
        print(f"{name:<46} {'Right' if ok else 'Not yet':>8} {seconds:>7.2f} {GOAL_S:>7.1f}")


if __name__ == "__main__":
    main()
