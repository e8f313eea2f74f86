"""The JupyterLite site in Chromium, offline: Pyodide boots, installs the package, plays.

The site is built as ``make lite`` builds it, plus two things a test needs: a notebook of
checks, and a Pyodide distribution made from the npm package ``pyodide`` and pure-Python
wheels from PyPI (scripts/pyodide_npm.py), in place of the Pyodide CDN. It is served from
127.0.0.1 by a static file server (tests/browser/litesite.py); every request for another
host is refused and listed, so the test proves the site needs nothing else.

What is not tested here: the figures. matplotlib, numpy and pillow exist for Pyodide only
on its CDN (no registry this project reaches carries their WebAssembly wheels), so the
check notebook installs the package without them (``deps=False``) and runs what needs no
matplotlib: a search, the play board and an ipyevents click.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from labpage import (ARTIFACTS, NotebookError, button, cell, run_notebook, write_notebook)
from litesite import LiteSite

ROOT = Path(__file__).resolve().parents[2]
CHECKS = "lite-check.ipynb"
CHECK_CELLS = (
    "# Offline checks of the Pyodide kernel",
    # what the lessons' install cell does, less matplotlib (from the Pyodide CDN, not here)
    "import piplite\n"
    "await piplite.install(['ipywidgets', 'ipyevents', 'networkx', 'chess'])\n"
    "await piplite.install('minimax_viz', deps=False)",
    "import sys\n"
    "import minimax_viz as mv\n"
    "result = mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)\n"
    "print(sys.platform, 'move', result.move, 'score', result.score, 'calls', result.stats.calls)",
    "play = mv.PlayBoard()\nplay",
    "import ipyevents, ipywidgets\n"
    "target = ipywidgets.HTML('<b>click me</b>', layout=ipywidgets.Layout(width='200px', height='40px'))\n"
    "heard = ipywidgets.Label('no click yet')\n"
    "events = ipyevents.Event(source=target, watched_events=['click'])\n"
    "events.on_dom_event(lambda event: setattr(heard, 'value', 'ipyevents heard a ' + event['type']))\n"
    "ipywidgets.VBox([target, heard])",
    # lesson 11's game: python-chess's rules under Pyodide (Morphy's mate in two, 1.Ra6)
    "mate = mv.alphabeta(mv.Chess(), 'kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1', depth=3)\n"
    "print('chess', mate.move, mate.score)",
)
BOOT = 300  # seconds for a page to boot Pyodide and run the checks (17 s on this 2-core machine)


def load_script(name: str):
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory):
    """The course's site with the npm Pyodide and the check notebook, served from 127.0.0.1."""
    build_lite, pyodide_npm = load_script("build_lite"), load_script("pyodide_npm")
    tmp = tmp_path_factory.mktemp("lite-browser")
    pyodide_npm.local_distribution(tmp / "pyodide")
    write_notebook(tmp / CHECKS, *CHECK_CELLS)
    build_lite.build(tmp / "site", contents=[*build_lite.lessons(), tmp / CHECKS], pyodide=tmp / "pyodide",
                     expose_app=True, quiet=True)
    with LiteSite(tmp / "site") as site:
        yield site


@pytest.fixture
def lite_page(browser, lite_site, request):
    """A page whose requests may go to the site only; `page.outside` lists any others."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    outside: list[str] = []

    def only_the_site(route):
        url = route.request.url
        if url.startswith((lite_site.base_url, "blob:", "data:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", only_the_site)
    page = context.new_page()
    page.outside = outside
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    try:
        yield page
    finally:
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            try:
                page.screenshot(path=ARTIFACTS / f"{request.node.name}-failed.png", timeout=15_000)
            except Exception as error:
                console.append(f"(no screenshot: {error})")
            (ARTIFACTS / f"{request.node.name}-console.txt").write_text(
                "\n".join(console + ["", "outside: " + repr(outside), "missing: " + repr(lite_site.missing)]))
        context.close()


def output_text(notebook, index: int) -> str:
    return cell(notebook, index).locator(".jp-OutputArea-output").inner_text()


@pytest.mark.browser
def test_pyodide_installs_the_package_searches_and_the_play_board_answers_a_click(lite_page, lite_site):
    start = time.monotonic()
    notebook = run_notebook(lite_page, lite_site, CHECKS, timeout=BOOT)
    booted = time.monotonic() - start
    assert kernel_name(lite_page) == "python", "a notebook that names python3 runs on Pyodide's kernel"
    # the tutorial's answer: X plays 4 for a score of +1 (freeCodeCamp's minimax guide)
    assert output_text(notebook, 2).split() == ["emscripten", "move", "4", "score", "1", "calls", "9"]

    board = cell(notebook, 3)
    status = board.locator(".widget-html", has_text="Your move")
    expect(status).to_have_count(1)
    button(board, "0").click()  # a corner: the unbeatable AI must take the centre
    expect(board.locator(".widget-html", has_text="The AI (O) played 4")).to_have_count(1, timeout=60_000)
    expect(button(board, "X")).to_have_count(1)
    expect(button(board, "O")).to_have_count(1)

    events = cell(notebook, 4)
    events.locator(".widget-html", has_text="click me").click()
    expect(events.locator(".widget-label", has_text="ipyevents heard a click")).to_have_count(1)

    # python-chess, served as a wheel by the site, finds Morphy's mate: 1.Ra6, mate in three plies
    assert output_text(notebook, 5).split() == ["chess", "a1a6", "997"]

    assert lite_page.outside == [], "the site asked for something beyond itself"
    # the kernel check (test_lite_kernel_check.py) stays silent on a kernel that started
    expect(lite_page.locator("#minimax-kernel-banner")).to_have_count(0)
    print(f"\nJupyterLite offline: Pyodide booted, installed and ran the checks in {booted:.0f} s")


@pytest.mark.browser
def test_the_play_page_opens_on_the_pyodide_kernel(lite_page, lite_site):
    """The notebooks name ipykernel's "python3": the site starts Pyodide's kernel without asking.

    The check notebook of the test above names "python3" as every lesson does (labpage's
    write_notebook) and ran on Pyodide's kernel; here the play page, opened as the app, gets
    a session on Pyodide's kernel with no dialog. (That the kernel boots and runs is the test
    above's: waiting here for a second boot would cost 10 s and prove nothing more.)"""
    lite_page.goto(lite_site.url("play.ipynb", app="notebooks"), wait_until="domcontentloaded")
    deadline = time.monotonic() + BOOT
    while kernel_name(lite_page) is None:
        if time.monotonic() > deadline:
            raise NotebookError("the play page's kernel did not start")
        dialog = lite_page.evaluate("() => document.querySelector('.jp-Dialog')?.innerText ?? null")
        assert dialog is None, f"the play page asked: {dialog!r}"
        time.sleep(0.2)
    assert kernel_name(lite_page) == "python"
    expect(lite_page.get_by_role("heading", name="Play against minimax")).to_be_visible()
    assert lite_page.outside == []


def kernel_name(page) -> str | None:
    return page.evaluate("""() => { try {
        return window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.name;
    } catch (e) { return null; } }""")
