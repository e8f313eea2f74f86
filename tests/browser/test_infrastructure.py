"""The browser-test machinery works: on a small notebook written here, in a real JupyterLab.

A slider whose observer redraws a matplotlib figure in an ``Output`` widget, and a button
whose click changes a label: the two kinds of interaction the lessons rely on.
"""

import pytest
from playwright.sync_api import expect

from labpage import (
    NotebookError, button, cell, cell_with_source, figure, figure_bytes, label, move_slider, run_notebook,
    save_screenshot, slider, slider_readout, wait_for_figure_change, write_notebook,
)

pytestmark = pytest.mark.browser

SLIDER_CELL = """\
import matplotlib.pyplot as plt
import ipywidgets as widgets
from IPython.display import display

size = widgets.IntSlider(value=2, min=1, max=6, description="bars")
picture = widgets.Output()

def draw(change=None):
    with picture:
        picture.clear_output(wait=True)
        fig, ax = plt.subplots(figsize=(3, 2))
        ax.bar(range(size.value), range(1, size.value + 1))
        ax.set_title(f"{size.value} bars")
        plt.show()

size.observe(draw, names="value")
draw()
display(size, picture)"""

BUTTON_CELL = """\
press = widgets.Button(description="Press me")
answer = widgets.Label("not pressed yet")
press.on_click(lambda _: setattr(answer, "value", "pressed"))
display(press, answer)"""


@pytest.fixture(scope="module")
def demo_lab(course_lab):
    """The course's JupyterLab, serving also demo.ipynb (markdown, slider cell, button cell)
    and broken.ipynb, written beside the lessons in its copy."""
    write_notebook(course_lab.root / "demo.ipynb",
                   "# Demo\nA slider that redraws a figure; a button.", SLIDER_CELL, BUTTON_CELL)
    write_notebook(course_lab.root / "broken.ipynb", "x = 1", "1 / 0", "never = 'run'")
    return course_lab


def test_slider_moved_with_the_keyboard_redraws_the_figure(demo_lab, page):
    nb = run_notebook(page, demo_lab, "demo.ipynb")
    bars = slider(cell(nb, 1), "bars")
    assert slider_readout(bars) == "2"
    image = figure(cell_with_source(nb, "IntSlider"))
    before = figure_bytes(image)
    assert before.startswith(b"\x89PNG"), "the figure is drawn as an inline PNG"
    save_screenshot(page, "infrastructure-slider-before")

    assert move_slider(bars, +2) == "4"
    after = wait_for_figure_change(image, before)

    assert after.startswith(b"\x89PNG") and after != before
    expect(cell(nb, 1).locator(".widget-output img")).to_have_count(1)
    save_screenshot(page, "infrastructure-slider-after")
    assert move_slider(bars, -1) == "3"
    wait_for_figure_change(image, after)


def test_button_click_changes_the_label(demo_lab, page):
    nb = run_notebook(page, demo_lab, "demo.ipynb")
    answer = label(cell(nb, 2))
    expect(answer).to_have_text("not pressed yet")

    button(nb, "Press me").click()

    expect(answer).to_have_text("pressed")
    assert save_screenshot(page, "infrastructure-button").stat().st_size > 10_000


def test_each_test_gets_a_fresh_kernel(demo_lab, page):
    """The previous tests ran demo.ipynb too; its kernel must not be reused here."""
    run_notebook(page, demo_lab, "demo.ipynb")
    counts = page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.model
        .sharedModel.cells.filter(c => c.cell_type === 'code').map(c => c.execution_count)""")
    assert counts == [1, 2]


def test_a_failing_cell_is_reported_not_waited_for(demo_lab, page):
    with pytest.raises(NotebookError, match=r"cell 1 raised ZeroDivisionError: division by zero"):
        run_notebook(page, demo_lab, "broken.ipynb", timeout=60)
