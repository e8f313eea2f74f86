"""Speed of the drawings: whole trees to PNG, and replay frames on a figure already drawn.

Prints a table. Targets (issue "Draw the recorded game tree"): the tutorial tree with
board glyphs to PNG in at most 0.3 s; a 1,000-node tree in at most 2 s; a replay frame
of the tutorial tree (``view.show(k)`` on a drawn figure, rendered, as a widget does)
in at most 100 ms; a focus change (``view.set_focus(node)``, which lays out and draws
the picture again around another node) on a depth-5 tic-tac-toe tree in at most 100 ms
median, Python side (the PNG apart, timed in its own column). Times are CPU time of this
process (``time.process_time``): the machine is shared, and the wall clock would count the
other programs too. A replay frame is ``view.show(k)`` and then ``view.png()``, as the
stepper makes it (only what the event changes is painted again); whole drawings are
written with ``savefig``. Run with ``make bench`` or ``python benchmarks/bench_draw.py``.
"""

from __future__ import annotations

import io
import statistics
import time

import matplotlib

matplotlib.use("Agg")

import minimax_viz as mv  # noqa: E402
from minimax_viz.draw import TreeView  # noqa: E402


def png_of(view) -> int:
    buf = io.BytesIO()
    view.ax.figure.savefig(buf, format="png", dpi=100)
    return buf.tell()


def draw_once(tree) -> float:
    start = time.process_time()
    view = TreeView(tree, pyplot=False)
    view.show()
    png_of(view)
    return time.process_time() - start


def frames(tree) -> tuple[float, float]:
    view = TreeView(tree, pyplot=False, frames=True)
    view.show(0)
    view.png()
    times = []
    for k in range(tree.n_steps):
        start = time.process_time()
        view.show(k)
        view.png()
        times.append(time.process_time() - start)
    return statistics.median(times), max(times)


def main() -> None:
    game = mv.TicTacToe()
    tutorial = mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    tutorial_ab = mv.alphabeta(game, mv.TicTacToe.TUTORIAL_BOARD).tree
    thousand = mv.minimax(game, "XO..X....").tree
    aima = mv.alphabeta(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree
    full = mv.minimax(game).tree
    draw_once(tutorial)  # warm up fonts and caches

    rows = [
        ("tutorial tree, minimax, boards", tutorial, 0.3),
        ("tutorial tree, alpha-beta, boards", tutorial_ab, 0.3),
        ("AIMA figure 5.2, alpha-beta", aima, 0.3),
        ("1,061-node tree, at the root", thousand, 2.0),
        ("whole game, 549,946 nodes, at the root", full, None),
    ]
    print(f"{'drawing to PNG (100 dpi)':40} {'nodes':>8} {'best of 3 s':>12} {'target s':>9}")
    for name, tree, target in rows:
        best = min(draw_once(tree) for _ in range(3))
        print(f"{name:40} {len(tree):>8,} {best:>12.3f} {target if target else '':>9}")
    print()
    print(f"{'replay frame on a drawn figure':40} {'steps':>8} {'median s':>12} {'max s':>9}")
    for name, tree in (("tutorial tree, minimax", tutorial), ("tutorial tree, alpha-beta", tutorial_ab)):
        med, worst = frames(tree)
        print(f"{name:40} {tree.n_steps:>8} {med:>12.3f} {worst:>9.3f}   (target 0.100)")
    small = mv.alphabeta(game, "X.O.X....").tree  # about 400 nodes, as the explorer shows
    med, worst = frames_sample(small)
    print(f"{'417-node tree, alpha-beta':40} {small.n_steps:>8} {med:>12.3f} {worst:>9.3f}")
    print()
    depth5 = mv.minimax(game, depth=5).tree
    med, worst, render = focus_changes(depth5)
    print(f"{'focus change, redraw (Python side)':40} {'nodes':>8} {'median s':>12} {'max s':>9} {'PNG median s':>13}")
    print(f"{'depth-5 tic-tac-toe, minimax':40} {len(depth5):>8,} {med:>12.3f} {worst:>9.3f} {render:>13.3f}"
          "   (target 0.100 median)")


def focus_changes(tree, samples: int = 30) -> tuple[float, float, float]:
    """Median and max seconds of ``set_focus`` on inner nodes picked at random (seeded),
    and the median seconds of the PNG that follows."""
    import random

    view = TreeView(tree, pyplot=False)
    view.show()
    view.png()
    inner = [n.index for n in tree.nodes if not n.is_leaf]
    rng = random.Random(5)
    redraw, render = [], []
    for focus in rng.sample(inner, samples):
        start = time.process_time()
        view.set_focus(focus)
        view.show()
        middle = time.process_time()
        view.png()
        redraw.append(middle - start)
        render.append(time.process_time() - middle)
    return statistics.median(redraw), max(redraw), statistics.median(render)


def frames_sample(tree, samples: int = 25) -> tuple[float, float]:
    view = TreeView(tree, pyplot=False, frames=True)
    view.show(0)
    view.png()
    step = max(1, tree.n_steps // samples)
    times = []
    for k in range(0, tree.n_steps, step):
        start = time.process_time()
        view.show(k)
        view.png()
        times.append(time.process_time() - start)
    return statistics.median(times), max(times)


if __name__ == "__main__":
    main()
