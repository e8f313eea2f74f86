"""Clicking a tree picture in a real JupyterLab moves its focus (ipyevents on the image).

The notebook is written here, in a folder of its own, so lesson edits cannot break the
test: an explorer on the empty board (two plies, minimax), and a cell that asks the
explorer's own view where the centre move's board is drawn (a scan with ``node_at``), in
pixels of the picture. The test clicks there in Chromium, at the place the picture is shown
on screen, and expects the picture and the breadcrumb to change to the ones Python draws
for that focus. Screenshots before and after the click are kept in ``test-artifacts/browser/``.
"""

from __future__ import annotations

import json
import re

import matplotlib
import pytest
from playwright.sync_api import expect

from labpage import (
    button, cell_with_source, image_bytes, run_notebook, save_screenshot, wait_for_image_change,
    widget_image, write_notebook,
)

matplotlib.use("Agg")

import minimax_viz as mv  # noqa: E402

pytestmark = pytest.mark.browser

BOARD, DEPTH = ".........", 2

EXPLORER_CELL = f"""\
import minimax_viz as mv
explorer = mv.Explorer({BOARD!r}, depth={DEPTH}, algorithm="minimax")
explorer"""

# Where the centre move's board is drawn: the middle of the pixels where node_at finds it.
WHERE_CELL = """\
import json
nav = explorer.navigator
centre = next(c for c in explorer.result.tree.root.children if c.move == 4)
picture = nav.png
width, height = int.from_bytes(picture[16:20], "big"), int.from_bytes(picture[20:24], "big")
hits = [(x, y) for y in range(0, height, 3) for x in range(0, width, 3) if nav.view.node_at(x, y) == centre]
x, y = hits[len(hits) // 2]
print("TARGET " + json.dumps({"x": x, "y": y, "width": width, "height": height}))"""


@pytest.fixture(scope="module")
def explorer_lab(course_lab):
    """The course's JupyterLab, serving also explorer.ipynb (written in its copy)."""
    write_notebook(course_lab.root / "explorer.ipynb", EXPLORER_CELL, WHERE_CELL)
    return course_lab


def expected_pictures():
    """What Python draws for the same explorer: at the root, and focused on the centre move."""
    explorer = mv.Explorer(BOARD, depth=DEPTH, algorithm="minimax")
    nav = explorer.navigator
    at_root, root_words = nav.png, nav.breadcrumb
    nav.set_focus(next(c for c in explorer.result.tree.root.children if c.move == 4))
    return at_root, root_words, nav.png, nav.breadcrumb


def test_a_click_on_a_node_of_the_explorer_moves_the_focus(explorer_lab, page):
    nb = run_notebook(page, explorer_lab, "explorer.ipynb")
    at_root, root_words, at_centre, centre_words = expected_pictures()
    assert (root_words, centre_words) == ("root", "root › X plays 4")

    widget = cell_with_source(nb, "mv.Explorer(").locator(".jp-Cell-outputArea")
    widget.scroll_into_view_if_needed()
    printed = cell_with_source(nb, "TARGET").locator(".jp-OutputArea-output").inner_text()
    target = json.loads(re.search(r"TARGET (\{.*\})", printed).group(1))
    crumbs = widget.locator(".widget-html", has_text="Focus:")
    expect(crumbs).to_contain_text(f"Focus: {root_words}")
    image = widget_image(widget)
    assert image_bytes(image) == at_root, "the page shows the picture Python draws"
    natural = image.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert natural == [target["width"], target["height"]]
    save_screenshot(widget, "navigate-explorer-before-click")

    # Click where the centre's board is on screen: the picture may be shown shrunk to fit.
    box = image.bounding_box()
    x = box["x"] + target["x"] * box["width"] / target["width"]
    y = box["y"] + target["y"] * box["height"] / target["height"]
    page.mouse.click(x, y)

    after = wait_for_image_change(widget, at_root)
    expect(crumbs).to_contain_text(f"Focus: {centre_words}")
    assert after == at_centre, "the picture after the click is the one focused on X plays 4"
    save_screenshot(widget, "navigate-explorer-after-click")

    button(widget, "back to the root").click()
    expect(crumbs).to_contain_text(f"Focus: {root_words}")
    assert wait_for_image_change(widget, after) == at_root
