"""Every reference figure that scripts/figures.py makes fits in 1,000 px (JupyterLab's
output is about 950 px wide: a wider picture is shrunk and its text falls below 8 px)."""

import importlib.util
import struct
from pathlib import Path

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from minimax_viz.draw import tree_png  # noqa: E402

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "figures.py"


def load_figures():
    spec = importlib.util.spec_from_file_location("figures", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_every_reference_figure_is_at_most_1000_px_wide():
    module = load_figures()
    names = []
    for name, tree, options in module.figures():
        png = tree_png(tree, dpi=module.DPI, **options)
        assert png.startswith(b"\x89PNG"), name
        width, height = struct.unpack(">II", png[16:24])
        assert 200 <= width <= 1000, (name, width)
        assert height <= 1200, (name, height)
        names.append(name)
        plt.close("all")
    assert len(names) == len(set(names)) >= 20
    assert {"whole-game-root", "whole-game-focus-deep", "connect-four-why"} <= set(names)
