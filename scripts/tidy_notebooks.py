"""Tidy executed notebooks so the stored files do not depend on the machine that ran them.

    python scripts/tidy_notebooks.py notebooks/*.ipynb

Replaces this checkout's absolute path in outputs (tracebacks of cells that show an
error on purpose) with a relative one, and drops per-cell execution timing metadata and
the saved state of widgets (a kernel draws them afresh when the lesson runs). Joins
consecutive outputs of one stream (a kernel cuts printed text into chunks by timing, so
the same lesson run twice would otherwise store different files).

Stores the kernelspec the way JupyterLab rewrites it when a notebook opens (name, the
kernel's own display name, language), so a lesson opens without the unsaved-changes dot.
JupyterLab also rewrites ``language_info`` from the running kernel: a lesson stored here
opens clean on the same Python minor version it was run with.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[1])


def kernelspec(name: str = "python3") -> dict:
    """The kernelspec metadata JupyterLab writes for kernel `name` when a notebook opens."""
    from jupyter_client.kernelspec import get_kernel_spec

    spec = get_kernel_spec(name)
    return {"display_name": spec.display_name, "language": spec.language, "name": name}


def tidy(path: Path) -> bool:
    text = path.read_text()
    nb = json.loads(text)
    metadata = nb.setdefault("metadata", {})
    metadata["kernelspec"] = kernelspec(metadata.get("kernelspec", {}).get("name", "python3"))
    nb.get("metadata", {}).pop("widgets", None)  # saved widget state: large, and stale once run
    for cell in nb.get("cells", []):
        cell.get("metadata", {}).pop("execution", None)
        if "outputs" in cell:
            cell["outputs"] = joined_streams(cell["outputs"])
    out = json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    out = out.replace(ROOT + "/", "").replace(ROOT, ".")
    if out != text:
        path.write_text(out)
        return True
    return False


def joined_streams(outputs: list) -> list:
    """The outputs with each run of chunks of one stream (stdout, stderr) made one output."""
    joined: list = []
    for output in outputs:
        before = joined[-1] if joined else None
        if (output.get("output_type") == "stream" and before is not None
                and before.get("output_type") == "stream" and before.get("name") == output.get("name")):
            text = "".join(before["text"]) + "".join(output["text"])
            before["text"] = text.splitlines(keepends=True)
        else:
            joined.append(output)
    return joined


def main() -> None:
    for name in sys.argv[1:]:
        if tidy(Path(name)):
            print(f"tidied {name}")


if __name__ == "__main__":
    main()
