"""Big inputs and the guards that stop bigger ones (issue 13).

Prints one table: seconds and peak traced memory (tracemalloc) of building and searching
a 1,000,000-leaf tree and a node with 16,000 children, reading a text tree whose one
state has 32,000 moves, and of each guard up to its error: nested lists past the
2,000,000-node limit, ``GameTree.random(depth=20)``, a 3,000-level chain searched without
a depth limit, and Connect Four searched to the end unrecorded (5,000,000 calls by
default). Run with ``python benchmarks/bench_guards.py``.

Peak memory counts what Python allocates during the row, not what the input already held
(the nested lists a caller built are made before the row starts).
"""

from __future__ import annotations

import time
import tracemalloc

import minimax_viz as mv


def answer(fn):
    """``fn()``'s answer, or the name of the error it raised."""
    try:
        return fn()
    except mv.MinimaxError as err:
        return type(err).__name__


def measured(fn):
    """``fn()``'s answer, its seconds, and the peak MB tracemalloc saw in a second run
    (tracemalloc slows allocation down several times, so the clock runs without it)."""
    start = time.perf_counter()
    out = answer(fn)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    answer(fn)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return out, seconds, peak / 1e6


def main() -> None:
    million = [[[i * 100 + j * 10 + k for k in range(10)] for j in range(10)] for i in range(10_000)]
    million_tree = mv.GameTree(million)
    wide = list(range(16_000))
    wide_tree = mv.GameTree(wide)
    text = ("start A\n" + "\n".join(f"A m{i} L{i}" for i in range(32_000)) + "\n"
            + "\n".join(f"L{i} {i}" for i in range(32_000)))
    over = [[1, 2, 3]] * 700_000
    chain = 7
    for _ in range(3000):
        chain = [chain]
    chain_tree = mv.GameTree(chain)
    rows = [
        ("build GameTree, 1,000,000 leaves (1,010,001 nodes)", lambda: len(mv.GameTree(million).leaves())),
        ("minimax record=False, 1,000,000 leaves", lambda: mv.minimax(million_tree, record=False).score),
        ("alphabeta record=False, 1,000,000 leaves", lambda: mv.alphabeta(million_tree, record=False).score),
        ("minimax recorded, 1,000,000 leaves", lambda: mv.minimax(million_tree).tree.n_steps),
        ("build GameTree, one node of 16,000 children", lambda: len(mv.GameTree(wide).moves(()))),
        ("minimax recorded, 16,000 children", lambda: mv.minimax(wide_tree).move),
        ("from_text, one state of 32,000 moves", lambda: len(mv.GameTree.from_text(text).moves(()))),
        ("guard: nested lists of 2,800,001 nodes", lambda: mv.GameTree(over)),
        ("guard: GameTree.random(depth=20)", lambda: mv.GameTree.random(depth=20)),
        ("guard: minimax on a 3,000-level chain", lambda: mv.minimax(chain_tree)),
        ("guard: Connect Four to the end, record=False", lambda: mv.alphabeta(mv.ConnectFour(), record=False)),
    ]
    print(f"{'case':<52} {'answer':>14} {'seconds':>8} {'peak MB':>8}")
    for name, fn in rows:
        out, seconds, peak = measured(fn)
        print(f"{name:<52} {str(out):>14} {seconds:>8.2f} {peak:>8.1f}")


if __name__ == "__main__":
    main()
