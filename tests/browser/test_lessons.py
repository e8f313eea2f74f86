"""The lessons' widgets work in a real JupyterLab: run a lesson, use its widget, see it answer.

Each test opens a lesson from the course (a copy of ``notebooks/``), runs every cell, and
drives one widget as a learner would: with the keyboard, the mouse and its buttons. What
the widget should show is worked out here in Python, by the same widget class the lesson
uses, so a test never hard-codes a caption or a move. Screenshots of each widget are kept
in ``test-artifacts/browser/`` to look at.
"""

from __future__ import annotations

import html
import re

import matplotlib
import pytest
from playwright.sync_api import Locator, expect

from labpage import (
    button, cell_with_source, image_bytes, move_slider, run_notebook, save_screenshot, slider,
    slider_readout, wait_for_image_change, widget_image,
)

matplotlib.use("Agg")

import minimax_viz as mv  # noqa: E402

pytestmark = pytest.mark.browser

GAME = mv.TicTacToe()
TUTORIAL = mv.TicTacToe.TUTORIAL_BOARD


def text_of(markup: str) -> str:
    """The text content of an HTML widget showing `markup` (tags dropped, entities read)."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", markup))).strip()


def output_of(notebook: Locator, source: str) -> Locator:
    """The output area of the cell whose source contains `source`, scrolled into view."""
    area = cell_with_source(notebook, source).locator(".jp-Cell-outputArea")
    area.scroll_into_view_if_needed()
    return area


# -- lesson 02: the stepper --------------------------------------------------------------------------

def test_stepper_moves_with_the_keyboard_and_the_back_button(course_lab, page):
    nb = run_notebook(page, course_lab, "02-Minimax-Step-by-Step.ipynb")
    widget = output_of(nb, "mv.Stepper(")
    expected = mv.Stepper(mv.minimax(GAME, TUTORIAL))
    caption = widget.locator(".widget-html", has_text=re.compile(r"^\s*Event \d+ of \d+:"))
    expect(caption).to_have_text(expected.caption)  # step 0
    step = slider(widget, "event")
    assert slider_readout(step) == "0"
    start = image_bytes(widget_image(widget))
    assert start.startswith(b"\x89PNG")
    save_screenshot(widget, "lesson02-stepper-step0")

    assert move_slider(step, +3) == "3"
    expected.step = 3
    expect(caption).to_have_text(expected.caption)
    assert expected.caption.startswith("Event 3 of 12: ")
    at_3 = wait_for_image_change(widget, start)
    assert at_3.startswith(b"\x89PNG")
    table = widget.locator(".widget-html", has_text="Test-plays")  # the current call's records
    expect(table).to_have_text(text_of(expected.table_html.value))
    assert [r["index"] for r in expected.table] == [4, 8]
    save_screenshot(widget, "lesson02-stepper-step3")

    button(widget, "◀ back").click()
    expected.step = 2
    expect(caption).to_have_text(expected.caption)
    expect(step.locator(".widget-readout")).to_have_text("2")
    at_2 = wait_for_image_change(widget, at_3)
    assert at_2 not in (start, at_3)

    button(widget, "forward ▶").click()
    expected.step = 3
    expect(caption).to_have_text(expected.caption)
    assert wait_for_image_change(widget, at_2) == at_3, "forward again draws step 3 as before"

    player = widget.locator(".widget-play button")  # play/pause, then stop
    player.nth(0).click()
    expect(step.locator(".widget-readout")).not_to_have_text("3", timeout=10_000)  # it plays
    player.nth(1).click()
    expect(step.locator(".widget-readout")).to_have_text("0")  # stop: back to the start
    expected.step = 0
    expect(caption).to_have_text(expected.caption)


# -- lesson 08: the play board -----------------------------------------------------------------------

def test_play_board_answers_a_click(course_lab, page):
    nb = run_notebook(page, course_lab, "08-Play-the-Unbeatable-AI.ipynb")
    widget = output_of(nb, "mv.PlayBoard(")
    expected = mv.PlayBoard()
    status = widget.locator(".widget-html", has_text="Your move")
    expect(status).to_have_text(text_of(expected.status.value))
    save_screenshot(widget, "lesson08-play-start")

    expected.click(0)  # a corner: the AI answers in the centre
    ai_move = expected.history[-1]
    button(widget, "0").click()

    expect(button(widget, "X")).to_have_count(1)
    expect(button(widget, expected.ai)).to_have_count(1)
    assert button(widget, expected.ai).get_attribute("title") == f"cell {ai_move}"
    expect(widget.locator(".widget-html", has_text="The AI")).to_have_text(text_of(expected.status.value))
    save_screenshot(widget, "lesson08-play-answered")

    button(widget, "why did it play that?").click()
    expected.why()
    expect(widget.locator(".widget-html", has_text="Why")).to_contain_text(f"Why {expected.ai} played {ai_move}")
    assert image_bytes(widget_image(widget)).startswith(b"\x89PNG")
    save_screenshot(widget, "lesson08-play-why")


def test_chess_board_takes_two_clicks_and_the_ai_answers(course_lab, page):
    """Lesson 11: click White's e-pawn, then e4; the AI (Black) answers with a legal move."""
    nb = run_notebook(page, course_lab, "11-Chess-Your-Search-on-Real-Positions.ipynb")
    widget = output_of(nb, "mv.PlayBoard(mv.Chess()")
    expect(widget.locator(".widget-html", has_text="Your move")).to_have_count(1)
    pawn = widget.locator("button[title='e2']")
    expect(pawn).to_have_text("\u2659")   # White's pawn, as python-chess names it: P
    pawn.click()
    target = widget.locator("button[title='e4: move here']")
    expect(target).to_have_count(1)   # the chosen pawn shows where it can go
    target.click()
    status = widget.locator(".widget-html", has_text="The AI (Black) played")
    expect(status).to_have_count(1, timeout=60_000)
    expect(widget.locator("button[title='e4']")).to_have_text("\u2659")
    expect(widget.locator("button[title='e2']")).to_have_text("\u00a0")   # the pawn has left e2
    reply = re.search(r"played ([a-h][1-8][a-h][1-8][qrbn]?)", status.inner_text()).group(1)
    import chess   # the reply is legal after 1.e4, by python-chess's rules
    after = chess.Board()
    after.push_uci("e2e4")
    assert chess.Move.from_uci(reply) in after.legal_moves
    save_screenshot(widget, "lesson11-chess-answered")


# -- lesson 04: the explorer -------------------------------------------------------------------------

def test_explorer_searches_again_after_a_click(course_lab, page):
    nb = run_notebook(page, course_lab, "04-Depth-and-Heuristics.ipynb")
    widget = output_of(nb, "mv.Explorer(")
    expected = mv.Explorer("OO...XX..", depth=1, algorithm="minimax")
    summary = widget.locator(".widget-html", has_text="Best move")
    expect(summary).to_have_text(text_of(expected.summary.value))
    before = image_bytes(widget_image(widget))
    save_screenshot(widget, "lesson04-explorer-depth1")

    depth = slider(widget, "depth (plies)")
    assert move_slider(depth, +1) == "2"
    expected.depth.value = 2
    expect(summary).to_have_text(text_of(expected.summary.value))
    assert "Best move: 2" in summary.inner_text()  # the block comes inside the horizon
    after = wait_for_image_change(widget, before)

    button(widget, "3").click()  # an X on cell 3: now O is to move
    expected.cells[3].click()
    expect(summary).to_have_text(text_of(expected.summary.value))
    assert summary.inner_text().startswith("O to move")
    wait_for_image_change(widget, after)
    save_screenshot(widget, "lesson04-explorer-clicked")
