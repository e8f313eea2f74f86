"""Big inputs and the guards that stop bigger ones (issue 13).

Prints one table: seconds and peak traced memory (tracemalloc) of building and searching
a 1,000,000-leaf tree and a node with 16,000 children, reading a text tree whose one
state has 32,000 moves, and of each guard up to its error: nested lists past the
2,000,000-node limit, ``GameTree.random(depth=20)``, a 3,000-level chain searched without
a depth limit, and Connect Four searched to the end unrecorded (5,000,000 calls by
default); and the Connect Four board check on the hardest 16 x 9 boards found, by the
check and by its former backtracking search (kept here, stopped after
``FORMER_SECONDS`` of CPU time). The check itself gives up after ``CHECK_STEPS`` positions
(about a second) with an InvalidBoard that says to give the moves instead.

Issue 24's rows: the CS188 reader on 100,000 lines (its worst case in the issue's sweep,
about 145 s before: a quadratic check of repeated actions, the node guard firing only
after it), on a tree just under the node guard, on an action repeated at the last of
100,000 lines, on a chain of 100,000 states (the depth guard) and on a 5,000-deep chain
(the deepest it reads); the PNG of a chance node with 3,000 outcomes (folded, under
1,000 px); the errors for a million-digit ``from_moves`` string and a 1 MB word in the
text format (both cut); and a memo key shared by a Max and a Min position (refused at the
first probe). Goal: each under 2 s. Run with ``python benchmarks/bench_guards.py``.

Times are CPU seconds (``time.process_time``) of one run.

Peak memory counts what Python allocates during the row, not what the input already held
(the nested lists a caller built are made before the row starts).
"""

from __future__ import annotations

import time
import tracemalloc

import minimax_viz as mv

#: CPU seconds after which the former Connect Four search is stopped ("> 20" in the table).
FORMER_SECONDS = 20.0

#: 16 x 9 boards without a four (columns bottom-up, X first), found by hill-climbing on the
#: number of positions each search looks at: the first keeps the former search busy, the
#: second the check (both searches are given it).
HARD_FOR_FORMER = "OXXOXOOXXOOOX,OOOXOXXXOO,OXOXOOOXXXO,XX,OOXXOOXOXOXX,OOOXXXOXXOXX,XOXOOXXOX,OX,OXO"
HARD_FOR_CHECK = "OOXOOXXOXOXX,OX,OOOXOOXXXOXX,XOXOXOXOOX,OOOXOXXXOXOX,X,OXOOOXXX,OOXXXOXOOXX,OXOOXXOXOXO"


def c4_rows(columns: str, rows: int = 16) -> list[str]:
    """The board's rows, top to bottom, from its columns written bottom-up ("XO,OX,...")."""
    cols = columns.split(",")
    return ["".join(col[r] if r < len(col) else "." for col in cols) for r in reversed(range(rows))]


class _OutOfTime(Exception):
    pass


def former_check(columns: str) -> bool:
    """The board check before issue 13's fix: take discs off the column tops, the last
    mover's first, remembering the heights that failed (boards without a four only)."""
    cols, failed, stop = columns.split(","), set(), time.process_time() + FORMER_SECONDS

    def back(heights: tuple, left: int) -> bool:
        if left == 0:
            return True
        if heights in failed:
            return False
        if time.process_time() > stop:
            raise _OutOfTime
        mover = "X" if left % 2 else "O"
        for c, h in enumerate(heights):
            if h and cols[c][h - 1] == mover and back(heights[:c] + (h - 1,) + heights[c + 1:], left - 1):
                return True
        failed.add(heights)
        return False

    heights = tuple(map(len, cols))
    try:
        return back(heights, sum(heights))
    except _OutOfTime:
        return f"> {FORMER_SECONDS:g} s"


def new_check(columns: str):
    """The check as the class runs it: accepted (True) or the error's name."""
    game = mv.ConnectFour(rows=16, cols=9)
    game.state(c4_rows(columns))
    return True


def cs188(successors: str, evaluation: str) -> str:
    """A CS188 GraphGameTreeTest file with these blocks (two agents, depth 1)."""
    return (f'num_agents: "2"\nstart_state: "s0"\nwin_states: ""\nlose_states: ""\ndepth: "1"\n'
            f'successors: """\n{successors}\n"""\nevaluation: """\n{evaluation}\n"""\n')


def chance_png_width() -> int:
    """The width in pixels of the PNG of a chance node with 3,000 outcomes."""
    import io

    from PIL import Image

    view = mv.TreeView(mv.expectimax(mv.GameTree(["chance", *range(3000)])), pyplot=False)
    return Image.open(io.BytesIO(view.png())).size[0]


class SumKey(mv.GameTree):
    """A key that gives (1,), a Min position, and (0, 1), a Max one, the same key."""

    def key(self, state):
        return sum(state)


def answer(fn):
    """``fn()``'s answer, or the name of the error it raised."""
    try:
        return fn()
    except mv.MinimaxError as err:
        return type(err).__name__


def _error_length(fn) -> int:
    """The length of the words of the MinimaxError ``fn()`` raises."""
    try:
        fn()
    except mv.MinimaxError as err:
        return len(str(err))
    raise AssertionError("no error")


def measured(fn):
    """``fn()``'s answer, its seconds, and the peak MB tracemalloc saw in a second run
    (tracemalloc slows allocation down several times, so the clock runs without it)."""
    start = time.process_time()
    out = answer(fn)
    seconds = time.process_time() - start
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
    moves_188 = "\n".join(f"s0 a{i} t{i}" for i in range(99_999))
    leaves = "\n".join(f"t{i} {i}" for i in range(99_999))
    deep = "\n".join(f"s{i} a s{i + 1}" for i in range(100_000))
    deepest = "\n".join(f"s{i} a s{i + 1}" for i in range(5_000))
    word = "x" * 1_000_000
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
        ("C4 16x9 check, board hard for the former: former", lambda: former_check(HARD_FOR_FORMER)),
        ("C4 16x9 check, board hard for the former: new", lambda: new_check(HARD_FOR_FORMER)),
        ("C4 16x9 check, board hard for the new: former", lambda: former_check(HARD_FOR_CHECK)),
        ("C4 16x9 check, board hard for the new: new", lambda: new_check(HARD_FOR_CHECK)),
        ("CS188, 100,000 successor lines (node guard)",
         lambda: mv.GameTree.from_cs188(cs188(moves_188 + "\ns0 z t0", leaves))),
        ("CS188, 99,999 successor lines", lambda: len(mv.GameTree.from_cs188(cs188(moves_188, leaves)).moves(()))),
        ("CS188, an action repeated at line 100,000",
         lambda: mv.GameTree.from_cs188(cs188(moves_188 + "\ns0 a5 t0", leaves))),
        ("CS188, a chain of 100,000 states (depth guard)", lambda: mv.GameTree.from_cs188(cs188(deep, "s100000 1"))),
        ("CS188, a chain of 5,000 states", lambda: len(mv.GameTree.from_cs188(cs188(deepest, "s5000 1")).leaves())),
        ("PNG of a chance node of 3,000 outcomes (px wide)", chance_png_width),
        ("error: from_moves of 1,000,000 digits (chars)",
         lambda: _error_length(lambda: mv.ConnectFour.from_moves("4" * 1_000_000))),
        ("error: a 1 MB word in the text format (chars)",
         lambda: _error_length(lambda: mv.GameTree.from_text(f"start A\nA m B\nB {word}"))),
        ("memo key shared by Max and Min (300 leaves)", lambda: mv.alphabeta(SumKey(million[:3]), memo=True)),
    ]
    print(f"{'case':<56} {'answer':>14} {'CPU s':>8} {'peak MB':>8}")
    for name, fn in rows:
        out, seconds, peak = measured(fn)
        print(f"{name:<56} {str(out):>14} {seconds:>8.2f} {peak:>8.1f}")


if __name__ == "__main__":
    main()
