"""Give every lesson the cell that installs the package in the browser (JupyterLite).

    python scripts/lite_cells.py                       # notebooks/*.ipynb and apps/play.ipynb
    python scripts/lite_cells.py notebooks/03-The-Whole-Tree.ipynb
    python scripts/lite_cells.py --check               # exit 1 if a file would change

In JupyterLite the kernel is Pyodide, and the package is not there until piplite installs
it from the site's own index. The cell below does that when it runs under Pyodide
(``sys.platform == "emscripten"``) and nothing under CPython, so JupyterLab, nbval and the
graders see a cell that prints nothing. It goes in as each notebook's first code cell, with
the id ``pyodide-install``. Running the script again changes nothing; a notebook whose
install cell is out of date, or not first, gets the current one in first place.

The notebook's other cells are left as they are, outputs included. When the notebook was run
top to bottom (every code cell has an execution count), the counts are numbered again from 1
in the new order, the install cell first, so the lesson still reads as run in a fresh kernel
and nothing needs to run again.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CELL_ID = "pyodide-install"
INSTALL_SOURCE = """\
# In the browser (JupyterLite) this installs the course's package; elsewhere it does nothing.
import sys

if sys.platform == "emscripten":
    import piplite

    await piplite.install("minimax_viz")"""


def default_paths() -> list[Path]:
    """The lessons and the play page."""
    return sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")) + [ROOT / "apps" / "play.ipynb"]


def source_text(cell: dict) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def is_install_cell(cell: dict) -> bool:
    """True for a code cell that installs the package with piplite (this script's or an older one).

    >>> is_install_cell({"cell_type": "code", "id": "x", "source": ["await piplite.install('minimax_viz')"]})
    True
    >>> is_install_cell({"cell_type": "code", "id": "x", "source": "import minimax_viz as mv"})
    False
    """
    return cell.get("cell_type") == "code" and (
        cell.get("id") == CELL_ID or "piplite.install" in source_text(cell))


def install_cell() -> dict:
    """A fresh install cell (no outputs, no execution count)."""
    lines = INSTALL_SOURCE.splitlines(keepends=True)
    return {"cell_type": "code", "execution_count": None, "id": CELL_ID, "metadata": {},
            "outputs": [], "source": lines}


def first_code_cell_is_install(nb: dict) -> bool:
    """True when the notebook's first code cell is the current install cell.

    >>> first_code_cell_is_install({"cells": [install_cell()]})
    True
    """
    code = [c for c in nb.get("cells", []) if c.get("cell_type") == "code"]
    return bool(code) and source_text(code[0]) == INSTALL_SOURCE and code[0].get("id") == CELL_ID


def ensure_install_cell(nb: dict) -> bool:
    """Put the current install cell first among the code cells of `nb` (in place); True if changed.

    >>> nb = {"cells": [{"cell_type": "markdown", "source": "# Title", "metadata": {}},
    ...                 {"cell_type": "code", "source": "x = 1", "metadata": {}, "outputs": [],
    ...                  "execution_count": 1}]}
    >>> ensure_install_cell(nb), ensure_install_cell(nb)
    (True, False)
    >>> [c.get("id") for c in nb["cells"]], [c.get("execution_count") for c in nb["cells"]]
    ([None, 'pyodide-install', None], [None, 1, 2])
    """
    if first_code_cell_is_install(nb):
        return False
    cells = nb.setdefault("cells", [])
    was_run = all(c.get("execution_count") is not None
                  for c in cells if c.get("cell_type") == "code" and not is_install_cell(c))
    cells[:] = [c for c in cells if not is_install_cell(c)]
    first_code = next((i for i, c in enumerate(cells) if c.get("cell_type") == "code"), len(cells))
    cells.insert(first_code, install_cell())
    if was_run:
        _renumber(cells)
    return True


def _renumber(cells: list[dict]) -> None:
    """Execution counts 1, 2, ... in order, in the cells and in their execute_result outputs."""
    count = 0
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        count += 1
        cell["execution_count"] = count
        for output in cell.get("outputs", []):
            if output.get("output_type") == "execute_result":
                output["execution_count"] = count


def update_file(path: Path, *, write: bool = True) -> bool:
    """Ensure `path`'s install cell; True if the file changed (or would, with ``write=False``)."""
    text = path.read_text(encoding="utf-8")
    nb = json.loads(text)
    if not ensure_install_cell(nb):
        return False
    if write:
        path.write_text(json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", type=Path, nargs="*", help="notebooks (default: the lessons and the play page)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file would change")
    args = parser.parse_args(argv)
    changed = [p for p in (args.paths or default_paths()) if update_file(p, write=not args.check)]
    for path in changed:
        print(f"{'would update' if args.check else 'updated'} {path}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
