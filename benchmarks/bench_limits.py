"""The package against the limits of pure Python: issue 14's table, every row in one run.

Each row times a measure and its reference side by side in this one process: CPU time
(``time.process_time``), the rows' functions run in turn within each round (so a busy
moment of the shared machine hits them alike), the garbage collector paused while one
runs, the best of ``--repeat`` rounds kept. The references are in ``references.py``
(tests/test_references.py checks that they agree with the package).

Run with ``python benchmarks/bench_limits.py [--repeat N] [--positions N] [--rows ttt,c4,frame]``
(``--rows``: only these groups of rows; every row by default).
"""

from __future__ import annotations

import argparse
import gc
import io
import math
import random
import statistics
import time

import matplotlib

matplotlib.use("Agg")

import minimax_viz as mv  # noqa: E402
from minimax_viz.draw import TreeView  # noqa: E402

from references import PonsSolver, pons_from_quick, ttt_negamax  # noqa: E402


def best_cpu(fns, repeat: int) -> list[float]:
    """Best CPU time of each function over ``repeat`` interleaved rounds."""
    best = [math.inf] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            gc.collect()
            gc.disable()
            try:
                start = time.process_time()
                fn()
                best[i] = min(best[i], time.process_time() - start)
            finally:
                gc.enable()
    return best


def end_games(game, count: int, seed: int = 14) -> list[int]:
    """Seeded Connect Four positions with 14-22 empty cells, not decided within 3 plies
    (the player to move neither wins with one of their next two discs nor loses to the
    opponent's next one)."""
    rng, solver, found = random.Random(seed), PonsSolver(), []
    size = game.rows * game.cols
    while len(found) < count:
        empty = rng.randint(14, 22)
        code = game.start()
        for _ in range(size - empty):
            children = game.successors(code)
            if not children:
                break
            code = rng.choice(children)[1]
        if game.outcome(code) is not None or size - code.bit_count() != empty:
            continue
        n = code.bit_count()
        score = solver.solve_code(game, code)
        if score >= (size + 1 - n) // 2 - 1 or score <= -((size - n) // 2):
            continue   # decided within 3 plies
        found.append(code)
    return found


def package_solve(game, code):
    """The package's exact solve: alpha-beta, centre first, the table, quick wins, the
    immediate-win check and the window narrowed to the best score still reachable."""
    return mv.alphabeta(game, code, order=mv.centre_first, memo=True, quick_wins=True, record=False,
                        win_check=True, narrow=True)


def frame_and_whole(tree, repeat: int) -> tuple[float, float, float]:
    """CPU time of one replay frame as the widgets make it (``view.show(k)``, then
    ``view.png()``) on a figure drawn once: the median over the replay's events of each
    event's best of ``repeat`` interleaved rounds. The reference, as the issue measured
    it: the best time to draw the whole figure and write it with ``savefig``. Third, for
    the notes: the best time to draw the same frame from scratch (a new view, then
    ``show(k)`` and ``png()``, a middle event)."""
    def whole():
        view = TreeView(tree, pyplot=False)
        view.show()
        view.ax.figure.savefig(io.BytesIO(), format="png", dpi=100)

    steps = range(0, tree.n_steps, max(1, tree.n_steps // 40))
    middle = tree.n_steps // 2

    def scratch():
        view = TreeView(tree, pyplot=False, frames=True)
        view.show(middle)
        view.png()

    whole()   # warm up fonts and caches
    view = TreeView(tree, pyplot=False, frames=True)
    view.show(0)
    view.png()
    frames = {k: math.inf for k in steps}
    for _ in range(repeat):
        for k in steps:
            frames[k] = min(frames[k], best_cpu([lambda: (view.show(k), view.png())], 1)[0])
    whole_t, scratch_t = best_cpu([whole, scratch], repeat)
    return statistics.median(frames.values()), whole_t, scratch_t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds, best kept")
    parser.add_argument("--positions", type=int, default=8, help="Connect Four end games")
    parser.add_argument("--rows", default="ttt,c4,frame",
                        help="groups of rows to run, comma-separated: ttt (the first four), c4, frame")
    args = parser.parse_args()
    groups = set(args.rows.split(","))
    if not groups <= {"ttt", "c4", "frame"}:
        parser.error(f"--rows takes ttt, c4 and frame, not {args.rows!r}")
    rows, detail = [], []
    if "ttt" in groups:
        rows += tictactoe_rows(args.repeat)
    if "c4" in groups:
        row, detail = connect_four_row(args.positions, args.repeat)
        rows.append(row)
    if "frame" in groups:
        tutorial = mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD).tree
        frame_t, whole_t, scratch_t = frame_and_whole(tutorial, args.repeat)
        rows.append(("replay frame / whole figure", frame_t, whole_t, 0.3,
                     f"{frame_t * 1e3:.0f} vs {whole_t * 1e3:.0f} ms, tutorial tree "
                     f"(the frame from scratch: {scratch_t * 1e3:.0f} ms)"))

    print(f"{'measure (CPU time, best of ' + str(args.repeat) + ')':44} {'measure':>10} {'reference':>10} "
          f"{'ratio':>7} {'target':>7}  notes")
    for name, t, ref, target, note in rows:
        ratio = t / ref
        mark = "ok" if ratio <= target else "MISSED"
        print(f"{name:44} {t:10.4g} {ref:10.4g} {ratio:6.2f}x {'<= ' + str(target):>7}  {mark:6} {note}")
    if detail:
        print()
    for line in detail:
        print("  Connect Four", line)


def tictactoe_rows(repeat: int) -> list[tuple]:
    """Issue 14's first four rows: the tic-tac-toe engine against its limits."""
    ttt = mv.TicTacToe()
    rows = []

    ref_t, plain_t, rec_t, ab_plain_t, ab_rec_t, cf_t = best_cpu([
        lambda: ttt_negamax(0, 0),
        lambda: mv.minimax(ttt, record=False),
        lambda: mv.minimax(ttt),
        lambda: mv.alphabeta(ttt, record=False),
        lambda: mv.alphabeta(ttt),
        lambda: mv.alphabeta(ttt, order=mv.centre_first, record=False),
    ], repeat)
    ab_calls = mv.alphabeta(ttt, record=False).stats.calls
    cf_calls = mv.alphabeta(ttt, order=mv.centre_first, record=False).stats.calls
    rows.append(("minimax unrecorded / bit-mask negamax", plain_t, ref_t, 3.0,
                 f"{549_946 / plain_t / 1e6:.2f} vs {549_946 / ref_t / 1e6:.2f} M calls/s"))
    rows.append(("minimax recording / unrecorded", rec_t, plain_t, 1.6, "549,946 nodes"))
    rows.append(("alphabeta recording / unrecorded", ab_rec_t, ab_plain_t, 2.0, "cell order"))
    rows.append(("centre_first per call / cell order", cf_t / cf_calls, ab_plain_t / ab_calls, 1.25,
                 f"{cf_calls:,} vs {ab_calls:,} calls"))

    return rows


def connect_four_row(positions: int, repeat: int) -> tuple[tuple, list[str]]:
    """Issue 14's Connect Four row: exact end games against the Pons-style solver."""
    c4 = mv.ConnectFour()
    ratios, detail = [], []
    solver = PonsSolver()
    for code in end_games(c4, positions):
        x_to_move = (code & c4._low).bit_count() == (code >> c4._shift).bit_count()
        ours = package_solve(c4, code)
        assert pons_from_quick(ours.score, x_to_move) == solver.solve_code(c4, code)
        ref_nodes = solver.nodes
        rounds = max(1, repeat // 2)
        fresh, used = [PonsSolver() for _ in range(rounds)], []

        def reference():   # its 1M-slot table made before the clock starts and freed after it stops
            used.append(fresh.pop())
            return used[-1].solve_code(c4, code)

        pkg, ref = best_cpu([lambda: package_solve(c4, code), reference], rounds)
        ratios.append(pkg / ref)
        detail.append(f"{42 - code.bit_count()} empty: {pkg:.3f}/{ref:.3f} s, {ours.stats.calls:,}/{ref_nodes:,} calls")
    geo = math.exp(sum(map(math.log, ratios)) / len(ratios))
    row = ("Connect Four end games / Pons-style solver", geo, 1.0, 2.0,
           f"geometric mean of {len(ratios)}, {min(ratios):.1f}-{max(ratios):.1f}x")
    return row, detail


if __name__ == "__main__":
    main()
