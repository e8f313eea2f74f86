"""The Stepper on one screen, and widgets that say in words when their kernel is gone.

- At 1280 x 900 with JupyterLab's file browser open, a Stepper scrolled to the top of the
  notebook shows its controls (the forward button), its caption, the tree's picture and
  the four panels beside it (position, call stack, alpha and beta, test-plays) all at
  once, inside the window and inside the notebook's visible area: on lesson 02's and
  lesson 05's searches, the textbook tree, and a larger alpha-beta search at the event
  with the tallest picture and at the one with the deepest call stack.
- After a kernel restart each widget shows its note (``RESTART_WORDS``), hidden before.

The notebook is written here, so lesson edits cannot break these tests. Screenshots are
kept in ``test-artifacts/browser/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError, expect

from labpage import button, open_notebook, run_all_cells, save_screenshot, wait_for_kernel_idle, write_notebook

from minimax_viz.widgets._common import RESTART_WORDS

pytestmark = pytest.mark.browser

#: (what, the search, the event shown): the lessons' steppers and the hardest pictures.
STEPPERS = [
    ("lesson 02", "mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)", 6),
    ("lesson 05", "mv.alphabeta(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)", 10),
    ("textbook tree", "mv.alphabeta(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))", 8),
    ("tallest picture", 'mv.alphabeta(mv.TicTacToe(), "X.O......")', 280),
    ("deepest stack", 'mv.alphabeta(mv.TicTacToe(), "X.O......")', 7),
]

# The boxes (left, top, right, bottom) of what must be seen together, in window pixels.
BOXES = """(output) => {
  const box = el => { if (!el) return null; const r = el.getBoundingClientRect();
                      return [r.left, r.top, r.right, r.bottom].map(Math.round); };
  const html = text => [...output.querySelectorAll('.widget-html')].find(h => h.innerText.includes(text));
  const forward = [...output.querySelectorAll('button.widget-button')].find(b => b.innerText.includes('forward'));
  const browser = document.querySelector('.jp-FileBrowser');
  const scroller = output.closest('.jp-WindowedPanel-outer') || output.closest('.jp-Notebook');
  return {
    forward: box(forward), caption: box(html('Event ')), picture: box(output.querySelector('img.widget-image')),
    position: box(html('Position')), stack: box(html('Call stack')), window: box(html('α and β')),
    table: box(html('Test-plays')), notebook: box(scroller),
    browser: browser && browser.offsetParent !== null ? box(browser) : null,
  };
}"""


@pytest.fixture(scope="module")
def stepper_lab(course_lab):
    """The course's JupyterLab, serving also steppers.ipynb and restart.ipynb (written in its copy)."""
    folder = course_lab.root
    cells = ["import minimax_viz as mv"] + [f"mv.Stepper({search}, step={step})  # {what}"
                                           for what, search, step in STEPPERS]
    write_notebook(folder / "steppers.ipynb", *cells)
    write_notebook(folder / "restart.ipynb", "import minimax_viz as mv",
                   "stepper = mv.Stepper(mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD))\nstepper",
                   "mv.PlayBoard()")
    return course_lab


# True once the boxes of BOXES are all there and the same in two frames running (the layout
# has settled: the notebook has taken the width the file browser left, a scroll has ended).
SETTLED = """(output) => {
  const now = JSON.stringify((""" + BOXES + """)(output));
  const same = window.__mvBoxes === now;
  window.__mvBoxes = now;
  return same && !now.includes('null');
}"""


def wait_until_settled(output, timeout: float = 10) -> None:
    """Wait, frame by frame, until what BOXES measures in ``output`` stands still; after
    ``timeout`` seconds go on, and let the measures say what is missing or misplaced."""
    page = output.page
    page.evaluate("() => { window.__mvBoxes = null; }")
    try:
        page.wait_for_function(SETTLED, arg=output.element_handle(), polling="raf", timeout=timeout * 1000)
    except PlaywrightTimeoutError:
        pass


def open_file_browser(page) -> None:
    """Open JupyterLab's file browser in the left sidebar, as a learner has it, and wait until
    the notebook has moved right of it (it takes the width that is left)."""
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    expect(page.locator(".jp-FileBrowser")).to_be_visible()
    page.wait_for_function("""() => {
      const browser = document.querySelector('.jp-FileBrowser').getBoundingClientRect();
      const notebook = document.querySelector('.jp-Notebook').getBoundingClientRect();
      return browser.right - browser.left > 150 && notebook.left >= browser.right;
    }""", polling="raf", timeout=10_000)


def test_the_stepper_fits_one_screen_with_the_file_browser_open(stepper_lab, page):
    assert page.viewport_size == {"width": 1280, "height": 900}
    nb = open_notebook(page, stepper_lab, "steppers.ipynb")
    run_all_cells(page)
    open_file_browser(page)
    problems = {}
    for index, (what, _, _) in enumerate(STEPPERS, start=1):
        output = nb.locator(".jp-Cell").nth(index).locator(".jp-Cell-outputArea")
        output.evaluate("el => el.scrollIntoView({block: 'start'})")
        wait_until_settled(output)
        boxes = output.evaluate(BOXES)
        notebook, browser = boxes.pop("notebook"), boxes.pop("browser")
        assert browser is not None and browser[2] - browser[0] > 150, "the file browser is open"
        for name, (left, top, right, bottom) in ((k, v) for k, v in boxes.items() if v is not None):
            if not (0 <= left and right <= 1280 and 0 <= top and bottom <= 900):
                problems[f"{what}: {name}"] = f"{(left, top, right, bottom)} is not inside the 1280 x 900 window"
            elif not (notebook[1] <= top and bottom <= notebook[3] and left >= browser[2]):
                problems[f"{what}: {name}"] = f"{(left, top, right, bottom)} is outside the notebook's view {notebook}"
        missing = [name for name, value in boxes.items() if value is None]
        if missing:
            problems[f"{what}: missing"] = missing
        save_screenshot(page, f"stepper-screen-{what.replace(' ', '-')}")
    assert problems == {}


def test_a_widget_says_in_words_when_its_kernel_is_gone(stepper_lab, page):
    nb = open_notebook(page, stepper_lab, "restart.ipynb")
    run_all_cells(page)
    notes = nb.locator(".mv-restart-note")
    expect(notes).to_have_count(2)
    for k in range(2):
        expect(notes.nth(k)).to_be_hidden()
    button(nb, "forward ▶").click()
    wait_for_kernel_idle(page)
    expect(nb.locator(".widget-html", has_text="Event 1 of 12")).to_be_visible()
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.restartKernel()")
    for k in range(2):
        expect(notes.nth(k)).to_be_visible(timeout=60_000)
        expect(notes.nth(k)).to_contain_text(RESTART_WORDS)
    wait_for_kernel_idle(page)
    save_screenshot(notes.first, "widget-after-restart")
    run_all_cells(page)  # what the words say to do brings the controls back
    expect(notes).to_have_count(2)
    for k in range(2):
        expect(notes.nth(k)).to_be_hidden()
    button(nb, "forward ▶").click()
    expect(nb.locator(".widget-html", has_text="Event 1 of 12")).to_be_visible()
