"""The Lite site says so in words when its Python kernel cannot start (issue 37, item 11).

The site is built as ``make lite`` builds it, Pyodide from its CDN, and served from 127.0.0.1
(tests/browser/litesite.py). The browser is offline in two ways: every request for another
host is refused (a closed network: the CDN's Pyodide fails to load at once), or left without
an answer (a connection that hangs: the kernel stays "Unknown"). Both used to leave the page
silent, Run All at [*]; now a banner names the trouble and what to do. That the banner stays
away when the kernel starts is tests/browser/test_lite_browser.py's.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from labpage import ARTIFACTS
from litesite import LiteSite

ROOT = Path(__file__).resolve().parents[2]
BANNER = "#minimax-kernel-banner"
TITLE = "The Python kernel could not start in this browser"
ADVICE = "make lab"


def load_script(name: str):
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def published_site(tmp_path_factory):
    """The course's site as published (Pyodide from its CDN), served from 127.0.0.1."""
    build_lite = load_script("build_lite")
    folder = tmp_path_factory.mktemp("lite-kernel-check") / "site"
    build_lite.build(folder, quiet=True)
    with LiteSite(folder) as site:
        yield site


def offline_page(browser, site, request, *, outside: str, wait: float | None = None):
    """A page that reaches `site` only: other requests are refused (``outside="refused"``) or
    never answered (``"hangs"``); `wait` shortens the kernel check's wait (seconds)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    if wait is not None:
        context.add_init_script(f"window.minimaxKernelWait = {wait}")
    asked: list[str] = []

    def only_the_site(route):
        url = route.request.url
        if url.startswith((site.base_url, "blob:", "data:")):
            route.continue_()
        else:
            asked.append(url)
            if outside == "refused":
                route.abort("internetdisconnected")
            # "hangs": no answer, as on a connection that stalls

    context.route("**/*", only_the_site)
    page = context.new_page()
    page.asked = asked
    request.addfinalizer(lambda: _keep_if_failed(page, request, context))
    return page


def _keep_if_failed(page, request, context) -> None:
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        try:
            page.screenshot(path=ARTIFACTS / f"{request.node.name}-failed.png", timeout=15_000)
        except Exception:  # noqa: BLE001 - a screenshot is a help, not the test
            pass
    context.close()


@pytest.mark.browser
@pytest.mark.parametrize("app, path", [("lab", "01-Games-as-Trees.ipynb"), ("notebooks", "play.ipynb")])
def test_a_kernel_that_cannot_load_pyodide_is_named_in_a_banner(browser, published_site, request, app, path):
    """Open a lesson with the CDN unreachable -> a banner: the kernel could not start, Pyodide could not
    be loaded (its address named), and what to do."""
    page = offline_page(browser, published_site, request, outside="refused")
    page.goto(published_site.url(path, app=app), wait_until="domcontentloaded")
    banner = page.locator(BANNER)
    expect(banner).to_be_visible(timeout=120_000)
    words = banner.inner_text()
    assert words.startswith(TITLE) and ADVICE in words, words
    assert "Pyodide, the Python that runs inside this page, could not be loaded" in words
    assert any(url in words for url in page.asked), (words, page.asked)   # the address it could not load
    assert page.get_attribute(BANNER, "role") == "alert"


@pytest.mark.browser
def test_a_kernel_that_never_starts_is_named_after_the_wait(browser, published_site, request):
    """Open a lesson with the CDN hanging, the check's wait 5 s -> after 5 s a banner: not started."""
    page = offline_page(browser, published_site, request, outside="hangs", wait=5)
    page.goto(published_site.url("01-Games-as-Trees.ipynb"), wait_until="domcontentloaded")
    indicator = page.locator(".jp-Notebook-ExecutionIndicator[data-status]")
    expect(indicator).to_have_count(1, timeout=120_000)
    banner = page.locator(BANNER)
    expect(banner).to_be_visible(timeout=60_000)
    words = banner.inner_text()
    assert words.startswith(TITLE) and ADVICE in words, words
    assert "it has not started after 5 seconds" in words, words
    assert indicator.get_attribute("data-status") not in ("idle", "busy"), "the kernel did not start"
    page.locator(BANNER + " button").click()   # the reader may hide it
    expect(banner).to_have_count(0)
