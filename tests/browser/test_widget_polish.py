"""The widgets in a real JupyterLab: the Explorer says when it is busy and never shows a
summary and a picture from different searches; the play board's status and "why" caption;
no horizontal scrollbar under the boards, the trees or the pruning quiz.

The notebook is written here, in a folder of its own, so lesson edits cannot break the
tests. What a widget should show is worked out in Python by the same widget class, and the
size of the whole tic-tac-toe tree (549,946 calls from the empty board, a known count) is
checked in the page. Screenshots are kept in ``test-artifacts/browser/``.
"""

from __future__ import annotations

import re

import matplotlib
import pytest
from playwright.sync_api import expect

from labpage import (
    ARTIFACTS, button, cell_with_source, image_bytes, run_notebook, save_screenshot, wait_for_kernel_idle, widget_image, write_notebook,
)

matplotlib.use("Agg")

import minimax_viz as mv  # noqa: E402

pytestmark = pytest.mark.browser

CELLS = [
    'import minimax_viz as mv\nexplorer = mv.Explorer(algorithm="minimax")\nexplorer',
    "play = mv.PlayBoard()\nplay",
    "quiz = mv.PruningQuiz(seed=0)\nquiz",
    "c4 = mv.PlayBoard(mv.ConnectFour())\nc4",
]

# Every change of the explorer's summary or picture, as the browser shows it: a
# MutationObserver notes the summary's text, whether the picture can be seen, and which
# picture it is (ipywidgets gives each new image value a new blob: URL).
RECORD = """(root) => {
  const state = () => {
    const img = root.querySelector('img.widget-image');
    const shown = !!img && img.offsetParent !== null && getComputedStyle(img).visibility === 'visible';
    return {summary: root.querySelector('.mv-summary').innerText.trim(), shown, src: img ? img.src : null};
  };
  window.__explorerStates = [state()];
  const observer = new MutationObserver(() => {
    const now = state(), last = window.__explorerStates[window.__explorerStates.length - 1];
    if (now.summary !== last.summary || now.shown !== last.shown || now.src !== last.src)
      window.__explorerStates.push(now);
  });
  observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
}"""

# Elements that would show a horizontal scrollbar: the output area itself and every element
# in it that scrolls (overflow-x auto or scroll) with content wider than its box.
OVERFLOW = """(root) => {
  const out = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    const style = getComputedStyle(el);
    if ((el === root || ['auto', 'scroll'].includes(style.overflowX)) && el.clientWidth > 0
        && el.scrollWidth > el.clientWidth)
      out.push(`${el.tagName}.${[...el.classList].slice(-2).join('.')}: ${el.scrollWidth} > ${el.clientWidth}`);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def widgets_lab(course_lab):
    """The course's JupyterLab, serving also widgets.ipynb (written in its copy)."""
    write_notebook(course_lab.root / "widgets.ipynb", *CELLS)
    return course_lab


def text_of(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", markup)).strip()


def output_of(notebook, source: str):
    area = cell_with_source(notebook, source).locator(".jp-Cell-outputArea")
    area.scroll_into_view_if_needed()
    return area


def test_explorer_shows_it_is_busy_and_never_mixes_two_searches(widgets_lab, page):
    nb = run_notebook(page, widgets_lab, "widgets.ipynb")
    widget = output_of(nb, "mv.Explorer(")
    summary = widget.locator(".mv-summary")
    expect(summary).to_contain_text("minimax: 9 calls")  # the tutorial's board to start with
    widget.evaluate(RECORD)

    button(widget, "empty board").click()
    expect(summary).to_contain_text("549,946 calls", timeout=120_000)  # every game of tic-tac-toe
    wait_for_kernel_idle(page, timeout=120)

    expected = mv.Explorer(mv.TicTacToe.EMPTY_BOARD, algorithm="minimax")
    assert expected.counts == {"calls": 549_946, "pruned": 0}
    expect(summary).to_have_text(text_of(expected.summary.value))
    image = widget_image(widget)
    assert image_bytes(image) == expected.navigator.png, "the picture is the whole tree's, as Python draws it"
    save_screenshot(widget, "polish-explorer-done")

    states = page.evaluate("() => window.__explorerStates")
    first, final = states[0], states[-1]
    assert final["shown"] and "549,946 calls" in final["summary"]
    for s in states:
        if s["shown"]:  # what can be seen belongs together: both old, or both new
            assert (s["src"] == final["src"]) == ("549,946" in s["summary"]), s
            assert s["src"] in (first["src"], final["src"]), s
    busy = [s for s in states if s["summary"] in ("searching…", "drawing…")]
    assert [s["summary"] for s in busy][:1] == ["searching…"], states
    assert "drawing…" in [s["summary"] for s in busy], states
    assert not any(s["shown"] for s in busy), "the old picture is hidden while the kernel works"


def test_explorer_busy_state_screenshot(widgets_lab, page):
    """The busy state as a learner sees it (kept for a person to look at)."""
    nb = run_notebook(page, widgets_lab, "widgets.ipynb")
    widget = output_of(nb, "mv.Explorer(")
    summary = widget.locator(".mv-summary")
    button(widget, "empty board").click()
    expect(summary).to_have_text("searching…", timeout=30_000)
    save_screenshot(widget, "polish-explorer-busy")
    expect(summary).to_contain_text("549,946 calls", timeout=120_000)


def test_play_board_says_how_far_it_looked_and_why(widgets_lab, page):
    nb = run_notebook(page, widgets_lab, "widgets.ipynb")
    widget = output_of(nb, "mv.PlayBoard(")
    expected = mv.PlayBoard()
    expected.click(0)
    button(widget, "0").click()
    status = widget.locator(".widget-html", has_text="The AI")
    expect(status).to_have_text(text_of(expected.status.value))
    expect(status).to_contain_text("searched every line to the end of the game")
    button(widget, "why did it play that?").click()
    expected.why()
    caption = widget.locator(".widget-html", has_text="Why")
    expect(caption).to_have_text(text_of(expected.why_caption.value))
    expect(caption).to_contain_text("worth 0: a draw with best play")  # tic-tac-toe is a draw
    assert image_bytes(widget_image(widget)).startswith(b"\x89PNG")
    save_screenshot(widget, "polish-play-why")


@pytest.mark.parametrize("width", [1280, 900])
def test_no_horizontal_scrollbar_under_the_widgets(widgets_lab, page, width):
    page.set_viewport_size({"width": width, "height": 900})
    nb = run_notebook(page, widgets_lab, "widgets.ipynb")
    explorer, play, quiz = (output_of(nb, key) for key in ("mv.Explorer(", "mv.PlayBoard(", "mv.PruningQuiz("))
    grid = explorer.locator(".widget-gridbox").first
    problems = {}
    if not grid.evaluate("g => g.scrollWidth <= g.clientWidth"):
        problems["board grid"] = grid.evaluate("g => `${g.scrollWidth} > ${g.clientWidth}`")
    problems["explorer"] = explorer.evaluate(OVERFLOW)
    if width == 1280:  # the board and its options, whole
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        explorer.locator(".widget-hbox").first.screenshot(path=ARTIFACTS / "polish-explorer-board.png")

    button(play, "0").click()
    expect(play.locator(".widget-html", has_text="The AI")).to_be_visible()
    button(play, "why did it play that?").click()
    expect(play.locator(".widget-html", has_text="Why")).to_be_visible()
    wait_for_kernel_idle(page)
    problems["play board"] = play.evaluate(OVERFLOW)
    if width == 1280:
        play.locator(".widget-hbox").first.screenshot(path=ARTIFACTS / "polish-play-board.png")

    problems["quiz"] = quiz.evaluate(OVERFLOW)
    button(quiz, "show answer").click()
    wait_for_kernel_idle(page)
    expect(quiz.locator("img.widget-image:visible")).to_have_count(2)
    problems["quiz answered"] = quiz.evaluate(OVERFLOW)
    if width == 900:
        save_screenshot(quiz, "polish-quiz-narrow")

    c4 = output_of(nb, "mv.ConnectFour()")
    problems["connect four"] = c4.evaluate(OVERFLOW)
    if width == 1280:  # the column buttons line up with the columns
        c4.locator(".widget-hbox").first.screenshot(path=ARTIFACTS / "polish-connect-four-board.png")
    assert {where: found for where, found in problems.items() if found} == {}
