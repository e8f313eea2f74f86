"""Speed and memory of the search on the whole tic-tac-toe tree.

Prints a table: the tutorial's own function (a plain port of its JavaScript) beside the
engine's minimax, unrecorded and recording every call, alpha-beta, and minimax with
``reuse=True`` (the same tree, each repeated subtree copied; timed with the depth and
subtree-end columns a drawing reads, which it works out by copying too). Run with
``make bench`` or ``python benchmarks/bench_search.py [--repeat N]``.

Targets (issue 10, "one search over node kinds"): unrecorded minimax at least 3x the
port's calls per second; recording all 549,946 nodes at most 2.2x the unrecorded time
and at most 20 bytes per node of peak traced memory. The machine may be shared: the
rows are timed in interleaved rounds and the best of each is shown (``--repeat``).
"""

from __future__ import annotations

import argparse
import gc
import time
import tracemalloc

import minimax_viz as mv
from minimax_viz import tutorial


def best_times(fns, repeat: int) -> list[float]:
    """Best wall time of each function over ``repeat`` rounds, run in turn within each
    round (so a busy moment of the machine hits them alike), with the garbage collector
    paused while a function runs, as ``timeit`` does."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                fn()
                best[i] = min(best[i], time.perf_counter() - start)
            finally:
                gc.enable()
    return best


def count_port_calls() -> int:
    """Count the port's calls by wrapping its module-level name (the recursion uses it)."""
    original, calls = tutorial.minimax, 0

    def counted(board, mark):
        nonlocal calls
        calls += 1
        return original(board, mark)

    tutorial.minimax = counted
    try:
        tutorial.minimax(list(range(9)), "X")
    finally:
        tutorial.minimax = original
    return calls


def peak_bytes(fn) -> int:
    gc.collect()
    tracemalloc.start()
    kept = fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    del kept
    return peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed rounds (the best of each row is shown)")
    args = parser.parse_args()
    game = mv.TicTacToe()

    port_calls = count_port_calls()
    port_t, plain_t, rec_t, ab_t, reuse_t = best_times([
        lambda: tutorial.minimax(list(range(9)), "X"),
        lambda: mv.minimax(game, record=False),
        lambda: mv.minimax(game),
        lambda: mv.alphabeta(game),
        lambda: mv.minimax(game, reuse=True).tree.columns(),
    ], args.repeat)
    plain, rec, ab = mv.minimax(game, record=False), mv.minimax(game), mv.alphabeta(game)
    reused = mv.minimax(game, reuse=True)
    assert [getattr(reused.tree.recorder, c) for c in ("parent", "move", "kind", "score")] == \
        [getattr(rec.tree.recorder, c) for c in ("parent", "move", "kind", "score")], "reuse=True must record the same tree"
    rec_bytes = peak_bytes(lambda: mv.minimax(game))
    plain_bytes = peak_bytes(lambda: mv.minimax(game, record=False))
    n = len(rec.tree)

    rows = [
        ("tutorial port (plain Python)", port_calls, port_t, None),
        ("minimax, record=False", plain.stats.calls, plain_t, plain_bytes),
        ("minimax, recording every call", rec.stats.calls, rec_t, rec_bytes),
        ("alphabeta (cell order), recording", ab.stats.calls, ab_t, None),
        ("minimax, reuse=True, + depth and end", reused.stats.calls, reuse_t, None),
    ]
    print(f"{'search from the empty board':36} {'calls':>9} {'seconds':>8} {'M calls/s':>9} {'peak MB':>8}")
    for name, calls, t, mem in rows:
        memtxt = f"{mem / 1e6:8.1f}" if mem is not None else f"{'':8}"
        print(f"{name:36} {calls:>9,} {t:>8.3f} {calls / t / 1e6:>9.2f} {memtxt}")
    print()
    speedup = (plain.stats.calls / plain_t) / (port_calls / port_t)
    print(f"unrecorded calls/s vs the port:   {speedup:5.2f}x   (target >= 3x)")
    print(f"recording time vs unrecorded:     {rec_t / plain_t:5.2f}x   (target <= 2.2x)")
    print(f"peak traced memory per node:      {rec_bytes / n:5.1f} B  (target <= 20 B, {n:,} nodes)")


if __name__ == "__main__":
    main()
