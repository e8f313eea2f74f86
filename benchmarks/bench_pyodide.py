"""The course's searches under Pyodide (in Node.js) beside CPython: how long a learner waits in the browser.

    python benchmarks/bench_pyodide.py [--repeat N] [--lessons 03 07]

Two tables. The first times a few searches the lessons make, best of ``--repeat`` runs.
The second runs every lesson's code cells top to bottom, as a learner does with *Run All*,
and lists each lesson's total and the cells that take a second or more in Pyodide. Both sides
run the same code in this file: CPython is this interpreter, Pyodide is the interpreter of
the npm package ``pyodide`` (scripts/pyodide_npm.py, the version the JupyterLite kernel loads),
run by Node.js with the package's wheel unpacked into it. Chromium runs the same WebAssembly
with the same JavaScript engine (V8), so a browser tab waits about as long as Node.js does.

Pyodide here has no matplotlib, numpy or ipywidgets (no registry this project reaches has
their WebAssembly builds). On both sides they are stand-ins that import but raise when used,
so a cell that draws a figure or makes a widget stops at its first use of one: such cells are
counted apart ("figures", with the cells whose names they would have made), and the times
shown are for the cells that run. A figure costs more on top in the browser.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib.abc
import importlib.machinery
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: What the Pyodide of this benchmark lacks; CPython is made to lack it too.
ABSENT = ("matplotlib", "numpy", "PIL", "networkx", "ipywidgets", "ipyevents", "IPython")
SEARCHES = {
    "tutorial position, minimax (lessons 01-02)":
        "mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)",
    "empty board, minimax, every call recorded (lesson 03)":
        "mv.minimax(mv.TicTacToe())",
    "empty board, minimax, not recorded (lessons 04-05)":
        "mv.minimax(mv.TicTacToe(), record=False)",
    "empty board, alpha-beta, recorded (lesson 05)":
        "mv.alphabeta(mv.TicTacToe())",
    "empty board, alpha-beta, best first + memo (lesson 06)":
        "mv.alphabeta(mv.TicTacToe(), order=mv.best_first, memo=True)",
    "Connect Four, alpha-beta to depth 7, centre first (lesson 07)":
        "mv.alphabeta(mv.ConnectFour(), depth=7, order=mv.centre_first, record=False)",
    "the play board's first reply, tic-tac-toe (lesson 08)":
        "mv.alphabeta(mv.TicTacToe(), ['X', 1, 2, 3, 4, 5, 6, 7, 8], order=mv.centre_first, record=False)",
}
SLOW = 1.0  # seconds in Pyodide from which a cell is listed


# -- what both interpreters run ----------------------------------------------------------------

class NeedsFigures(Exception):
    """A cell used matplotlib, numpy or ipywidgets, which this benchmark leaves out."""


class _StandIn(types.ModuleType):
    __path__: list = []  # a package: its submodules import too

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        raise NeedsFigures(f"{self.__name__}.{attr}")


class _Absent(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports of ABSENT modules give stand-ins, on CPython and Pyodide alike."""

    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ABSENT:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None

    def create_module(self, spec):
        return _StandIn(spec.name)

    def exec_module(self, module):
        pass


def time_searches(repeat: int) -> dict[str, float]:
    """Best seconds of each search in SEARCHES over `repeat` runs, the collector paused."""
    import minimax_viz as mv

    best = {}
    for label, code in SEARCHES.items():
        times = []
        for _ in range(repeat):
            gc.collect()
            gc.disable()
            start = time.perf_counter()
            eval(code, {"mv": mv})
            times.append(time.perf_counter() - start)
            gc.enable()
        best[label] = min(times)
    return best


def time_lesson(path: Path) -> list[dict]:
    """Run a lesson's code cells in order in one namespace; per cell: seconds and outcome."""
    cells = [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
    namespace = {"__name__": "__main__", "display": lambda *a, **k: None}
    rows = []
    for number, cell in enumerate(cells, 1):
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        if "piplite" in source:  # the JupyterLite install cell: nothing to do here
            continue
        outcome = "ran"
        start = time.perf_counter()
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                exec(compile(source, f"{path.name}[{number}]", "exec"), namespace)
        except NeedsFigures:
            outcome = "figures"
        except NameError as error:  # a name an earlier figure cell would have made
            outcome = "figures" if figures_before(rows) else f"NameError: {error}"
        except Exception as error:
            tags = cell.get("metadata", {}).get("tags", [])
            outcome = "raises on purpose" if "raises-exception" in tags else f"{type(error).__name__}: {error}"
        rows.append({"cell": number, "seconds": time.perf_counter() - start, "outcome": outcome,
                     "first_line": source.strip().splitlines()[0][:70] if source.strip() else ""})
    return rows


def figures_before(rows: list[dict]) -> bool:
    return any(r["outcome"] == "figures" for r in rows)


def measure(lessons: list[str], repeat: int) -> str:
    """Both tables' numbers in this interpreter, as JSON."""
    if not isinstance(sys.meta_path[0], _Absent):
        sys.meta_path.insert(0, _Absent())
    import minimax_viz  # noqa: F401 - imported before the clock starts, as a lesson's first cell does

    searches = time_searches(repeat)
    per_lesson = {Path(p).name: time_lesson(Path(p)) for p in lessons}
    return json.dumps({"python": sys.version.split()[0], "platform": sys.platform,
                       "searches": searches, "lessons": per_lesson})


# -- the two sides -----------------------------------------------------------------------------

NODE_SCRIPT = r"""
import { loadPyodide } from "%(pyodide)s";
import { readFileSync, readdirSync } from "node:fs";
const [wheel, bench, lessonsDir, argsJson] = process.argv.slice(2);
const py = await loadPyodide();
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
py.FS.mkdirTree("/bench/lessons");
py.FS.writeFile("/bench/bench_pyodide.py", readFileSync(bench));
for (const name of readdirSync(lessonsDir)) {
  py.FS.writeFile("/bench/lessons/" + name, readFileSync(lessonsDir + "/" + name));
}
py.globals.set("ARGS", argsJson);
const out = py.runPython(`
import json, sys
sys.path.insert(0, "/bench")
import bench_pyodide
args = json.loads(ARGS)
bench_pyodide.measure(["/bench/lessons/" + name for name in args["lessons"]], args["repeat"])
`);
process.stdout.write(out);
"""


def load_script(name: str):
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_cpython(lessons: list[Path], repeat: int) -> dict:
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import bench_pyodide, json; "
            "print(bench_pyodide.measure(json.loads(sys.argv[2]), int(sys.argv[3])))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code, str(HERE), json.dumps([str(p) for p in lessons]),
                          str(repeat)], check=True, capture_output=True, text=True, env=env, cwd=ROOT)
    return json.loads(out.stdout)


def run_pyodide(lessons: list[Path], repeat: int) -> dict:
    node = shutil.which("node")
    if node is None:
        sys.exit("bench_pyodide needs Node.js (apt-get install nodejs npm)")
    package = load_script("pyodide_npm").npm_package()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        wheel = load_script("build_lite").package_wheel(tmp)
        (tmp / "lessons").mkdir()
        for path in lessons:
            shutil.copy2(path, tmp / "lessons" / path.name)
        script = tmp / "bench.mjs"
        script.write_text(NODE_SCRIPT % {"pyodide": (package / "pyodide.mjs").as_posix()})
        args = json.dumps({"lessons": [p.name for p in lessons], "repeat": repeat})
        out = subprocess.run([node, str(script), str(wheel), str(HERE / "bench_pyodide.py"),
                              str(tmp / "lessons"), args], capture_output=True, text=True)
        if out.returncode:
            lines = [line[:300] for line in out.stderr.splitlines() if len(line) < 1000]
            sys.exit("Pyodide in Node.js failed:\n" + "\n".join(lines[-15:]))
    return json.loads(out.stdout)


def report(cpython: dict, pyodide: dict) -> None:
    print(f"CPython {cpython['python']} beside Pyodide {pyodide['python']} ({pyodide['platform']}, Node.js)\n")
    width = max(map(len, SEARCHES))
    print(f"{'search':<{width}}  {'CPython':>8}  {'Pyodide':>8}  {'ratio':>5}")
    for label in SEARCHES:
        c, p = cpython["searches"][label], pyodide["searches"][label]
        print(f"{label:<{width}}  {c:8.3f}  {p:8.3f}  {p / c:5.1f}")
    print(f"\n{'lesson':<36} {'cells':>5} {'figures':>7}  {'CPython':>8}  {'Pyodide':>8}  {'ratio':>5}")
    slow = []
    for name, rows in pyodide["lessons"].items():
        base = {r["cell"]: r for r in cpython["lessons"][name]}
        ran = [r for r in rows if r["outcome"] == "ran"]
        c = sum(base[r["cell"]]["seconds"] for r in ran)
        p = sum(r["seconds"] for r in ran)
        figures = sum(r["outcome"] == "figures" for r in rows)
        print(f"{name:<36} {len(rows):5d} {figures:7d}  {c:8.2f}  {p:8.2f}  {p / c if c else 0:5.1f}")
        slow += [(name, r, base[r["cell"]]) for r in ran if r["seconds"] >= SLOW]
        other = [r for r in rows if r["outcome"] not in ("ran", "figures", "raises on purpose")]
        for r in other:
            print(f"    cell {r['cell']} stopped: {r['outcome']}")
    print(f"\ncells that take {SLOW:.0f} s or more in Pyodide (code cell number, first line)")
    for name, r, c in slow:
        print(f"  {name[:2]} [{r['cell']:>2}] {r['seconds']:6.1f} s (CPython {c['seconds']:5.1f} s)  {r['first_line']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each search (the best is shown)")
    parser.add_argument("--lessons", nargs="*", help="lesson numbers (default: every lesson)")
    args = parser.parse_args()
    lessons = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    if args.lessons:
        lessons = [p for p in lessons if p.name[:2] in args.lessons]
    cpython = run_cpython(lessons, args.repeat)
    pyodide = run_pyodide(lessons, args.repeat)
    report(cpython, pyodide)


if __name__ == "__main__":
    main()
