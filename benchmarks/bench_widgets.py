"""Speed of the widgets: a stepper's slider step, an explorer's update, the play board's reply.

Prints a table. Targets (issue 5): a slider step on a tutorial-sized tree updates the
picture in at most 150 ms; on a 500-node tree in at most 300 ms. A step is timed from
setting ``stepper.step`` to the new PNG (and side panel) being in the widgets, as a
slider move in JupyterLab does in the kernel. Steps are timed forwards, backwards and
in jumps. Wall-clock time is what a learner waits; CPU time (this process only) is
printed too, since on a busy machine the wall clock also counts other programs (the
load average is printed first). A focus change (issue 9: a click on a node of the
explorer's depth-5 tic-tac-toe tree) redraws in at most 100 ms median, timed from the
click reaching the handler to the new PNG on the image. The explorer's longest waits
(issue 25: on the empty board with minimax, depth 1 to 5 and 5 to "to the end", each the
first time) take at most 0.5 s median. The other explorer, play board (tic-tac-toe and
Connect Four) and pruning quiz rows are for information.
Run with ``python benchmarks/bench_widgets.py``.
"""

from __future__ import annotations

import os
import random
import statistics
import time

import matplotlib

matplotlib.use("Agg")

import minimax_viz as mv  # noqa: E402


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def timed_both(action) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - wall, time.process_time() - cpu


def step_times(stepper, samples: int = 40) -> list[tuple[float, float]]:
    """Times of single steps: forwards, backwards, and random jumps (seeded)."""
    last = stepper.n_steps - 1
    rng = random.Random(5)
    stride = max(1, last // samples)
    ks = list(range(0, last + 1, stride)) + list(range(last, -1, -stride))
    ks += [rng.randint(0, last) for _ in range(samples)]
    times = []
    for k in ks:
        if k == stepper.step:
            continue
        times.append(timed_both(lambda: setattr(stepper, "step", k)))
    return times


def stepper_rows():
    game = mv.TicTacToe()
    cases = [
        ("tutorial, minimax", mv.minimax(game, mv.TicTacToe.TUTORIAL_BOARD), 0.150),
        ("tutorial, alpha-beta", mv.alphabeta(game, mv.TicTacToe.TUTORIAL_BOARD), 0.150),
        ("AIMA figure 5.2, alpha-beta", mv.alphabeta(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])), 0.150),
        ("'..X..O..X', alpha-beta (dots)", mv.alphabeta(game, "..X..O..X"), 0.300),
        ("random textbook tree, minimax", mv.minimax(mv.GameTree.random(depth=4, branching=(3, 6), seed=1)), 0.300),
    ]
    print(f"{'stepper: one slider step':34} {'nodes':>6} {'steps':>6} {'build s':>8} "
          f"{'median s':>9} {'max s':>7} {'cpu med':>8} {'cpu max':>8} {'target':>7}")
    for name, result, target in cases:
        build = []
        stepper = None

        def make():
            nonlocal stepper
            stepper = mv.Stepper(result)

        build.append(timed(make))
        times = step_times(stepper)
        wall, cpu = [t[0] for t in times], [t[1] for t in times]
        verdict = "ok" if max(wall) <= target else "ok (cpu)" if max(cpu) <= target else "SLOW"
        print(f"{name:34} {len(result.tree):>6,} {result.tree.n_steps:>6,} {build[0]:>8.3f} "
              f"{statistics.median(wall):>9.3f} {max(wall):>7.3f} {statistics.median(cpu):>8.3f} "
              f"{max(cpu):>8.3f} {target:>6.3f} {verdict}")


def clickable_pixels(navigator, grid: int = 3) -> dict[int, tuple[int, int]]:
    """A pixel inside each clickable node of the picture shown (the middle one of a grid
    scan with ``node_at``): where a learner would click."""
    data = navigator.png
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    hits: dict[int, list[tuple[int, int]]] = {}
    for y in range(0, height, grid):
        for x in range(0, width, grid):
            node = navigator.view.node_at(x, y)
            if node is not None:
                hits.setdefault(node.index, []).append((x, y))
    return {i: points[len(points) // 2] for i, points in hits.items()}


def focus_rows(clicks: int = 21):
    """Clicks on the explorer's depth-5 tree of the empty board (alpha-beta): a child of the
    root, one of its children, then the root's word in the breadcrumb, round after round.
    Each click is timed from ipyevents' message reaching the handler to the new PNG bytes
    set on the image (the pixel hunting before it is not timed)."""
    explorer = mv.Explorer(".........", depth=5)
    nav, tree = explorer.navigator, explorer.result.tree
    wall, cpu, sizes = [], [], []

    def click(node) -> None:
        x, y = clickable_pixels(nav)[node.index]
        before = nav.png
        message = {"event": "click", "type": "click", "dataX": x, "dataY": y}
        times = timed_both(lambda: nav.events._handle_mouse_msg(None, message, []))
        assert nav.focus == node and nav.png != before, f"the click on {node} did not refocus"
        wall.append(times[0])
        cpu.append(times[1])
        sizes.append(int.from_bytes(nav.png[16:20], "big"))

    for child in tree.root.children:
        if len(wall) >= clicks:
            break
        click(child)
        click(next(c for c in child.children if not c.pruned))
        click(tree.root)  # the breadcrumb's first word
    print()
    print(f"{'focus change (a click on the picture)':44} {'nodes':>6} {'clicks':>6} {'median s':>9} "
          f"{'max s':>7} {'cpu med':>8} {'cpu max':>8} {'target':>7} {'widest px':>9}")
    median = statistics.median(wall)
    verdict = "ok" if median <= 0.100 else "ok (cpu)" if statistics.median(cpu) <= 0.100 else "SLOW"
    name = "focus change redraw, depth-5 tic-tac-toe"
    print(f"{name:44} {len(tree):>6,} {len(wall):>6} {median:>9.3f} {max(wall):>7.3f} "
          f"{statistics.median(cpu):>8.3f} {max(cpu):>8.3f} {0.100:>7.3f} {max(sizes):>9} {verdict}")


def explorer_rows():
    explorer = mv.Explorer()
    print()
    print(f"{'explorer: one change':44} {'calls':>8} {'seconds':>8}")
    changes = [
        ("tutorial board, alpha-beta", lambda: setattr(explorer, "board", mv.TicTacToe.TUTORIAL_BOARD)),
        ("tutorial board, minimax", lambda: setattr(explorer.algorithm, "value", "minimax")),
        ("click a cell: 'X.O.X....' (minimax)", lambda: setattr(explorer, "board", "X.O.X....")),
        ("depth 3", lambda: setattr(explorer.depth, "value", 3)),
        ("empty board, depth 3", lambda: setattr(explorer, "board", ".........")),
        ("empty board to the end, minimax", lambda: setattr(explorer.depth, "value", "end")),
        ("empty board to the end, alpha-beta", lambda: setattr(explorer.algorithm, "value", "alphabeta")),
        ("... centre and corners first", lambda: setattr(explorer.order, "value", "centre")),
        ("an impossible position (O two ahead)", lambda: setattr(explorer, "board", "OO.......")),
    ]
    for name, change in changes:
        seconds = timed(change)
        calls = explorer.counts["calls"] if explorer.counts else "-"
        print(f"{name:44} {calls:>8} {seconds:>8.3f}")
    first_time_rows()


def first_time_rows(explorers: int = 5) -> None:
    """The explorer's longest waits (issue 25: at most 0.5 s), each the first time in an
    explorer of its own, as a learner meets them: on the empty board with minimax, the depth
    slider from 1 to 5, then from 5 to "to the end" (549,946 calls); medians of ``explorers``."""
    times: dict[str, list[float]] = {"depth 1 to 5, minimax, first time": [], "5 to the end, minimax, first time": []}
    calls = {}
    for _ in range(explorers):
        explorer = mv.Explorer(".........", depth=1, algorithm="minimax")
        for (name, seconds), depth in zip(times.items(), (5, "end")):
            seconds.append(timed(lambda: setattr(explorer.depth, "value", depth)))
            calls[name] = explorer.counts["calls"]
    print()
    print(f"{'explorer: first time, %d explorers' % explorers:44} {'calls':>8} {'median s':>9} {'max s':>7} "
          f"{'target':>7}")
    for name, seconds in times.items():
        median = statistics.median(seconds)
        print(f"{name:44} {calls[name]:>8} {median:>9.3f} {max(seconds):>7.3f} {0.5:>7.3f} "
              f"{'ok' if median <= 0.5 else 'SLOW'}")


def play_rows():
    print()
    print(f"{'play board':44} {'seconds':>8}")
    play = mv.PlayBoard(human="O")
    print(f"{'new game, the AI opens (empty board)':44} {timed(lambda: play.new_game(human='O')):>8.3f}")
    print(f"{'why did it play that? (collapsed tree)':44} {timed(play.why):>8.3f}")
    print(f"{'the human plays a corner, the AI replies':44} {timed(lambda: play.click(0)):>8.3f}")
    print(f"{'why did it play that?':44} {timed(play.why):>8.3f}")
    c4 = mv.PlayBoard(mv.ConnectFour())
    print(f"{'Connect Four: a column, the AI thinks 1 s':44} {timed(lambda: c4.click(3)):>8.3f}")
    print(f"{'Connect Four: why? (depth %d searched again)' % c4.result.depth:44} {timed(c4.why):>8.3f}")
    quiz = mv.PruningQuiz()
    print(f"{'pruning quiz: new tree':44} {timed(quiz.new_tree):>8.3f}")
    print(f"{'pruning quiz: check':44} {timed(quiz.check):>8.3f}")
    print(f"{'pruning quiz: show answer':44} {timed(quiz.show_answer):>8.3f}")


def main() -> None:
    print("load average over the last minute: %.2f on %d CPUs" % (os.getloadavg()[0], os.cpu_count()))
    mv.Stepper(mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD))  # warm up fonts and caches
    stepper_rows()
    focus_rows()
    explorer_rows()
    play_rows()


if __name__ == "__main__":
    main()
