"""How long each lesson's Run All takes: every notebook top to bottom in a fresh kernel.

Prints a table: per lesson, the kernel's start, the time its cells took (what a learner
waits after Run All once the kernel is up), the whole run, and its slowest cell. The
target (issue 25) is at most 5 s of cells per lesson. Run with
``python benchmarks/bench_lessons.py`` (``--repeat N`` runs each lesson N times and
prints the fastest and the median; ``--cells`` each cell's time; a lesson's number, such as
``09``, picks lessons).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TARGET_S = 5.0


def run(path: Path, *, show: bool = False) -> tuple[float, float, float, tuple[float, int]]:
    """``(kernel start, cells, whole, (slowest cell's seconds, its index))`` of one Run All
    (``show``: print each code cell's time and first line)."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}})
    times: list[tuple[float, int]] = []
    start = time.perf_counter()
    with client.setup_kernel(stderr=subprocess.DEVNULL):   # the kernel's log lines stay out of the table
        started = time.perf_counter()
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            before = time.perf_counter()
            client.execute_cell(cell, index)
            times.append((time.perf_counter() - before, index))
            if show:
                print(f"  #{index:<3} {times[-1][0]:6.2f} s  {cell.source.splitlines()[0][:70] if cell.source else ''}")
        done = time.perf_counter()
    return started - start, done - started, done - start, max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers such as 05 09 (default: all)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per lesson (the fastest and the median shown)")
    parser.add_argument("--cells", action="store_true", help="print each code cell's time (the first run's)")
    args = parser.parse_args()
    paths = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")
                   if not args.lessons or p.name[:2] in args.lessons)
    print(f"{'lesson (Run All in a fresh kernel)':38} {'kernel s':>8} {'cells s':>8} {'median':>7} "
          f"{'whole s':>8} {'slowest cell':>13} {'target':>7}")
    for path in paths:
        runs = [run(path, show=args.cells and i == 0) for i in range(args.repeat)]
        best = min(runs, key=lambda r: r[1])
        cells = [r[1] for r in runs]
        slow_s, slow_i = best[3]
        verdict = "ok" if min(cells) <= TARGET_S else "SLOW"
        print(f"{path.stem:38} {best[0]:>8.2f} {min(cells):>8.2f} {statistics.median(cells):>7.2f} "
              f"{best[2]:>8.2f} {f'{slow_s:.2f} (#{slow_i})':>13} {TARGET_S:>7.1f} {verdict}")


if __name__ == "__main__":
    main()
