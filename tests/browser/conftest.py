"""Fixtures for browser tests: a private JupyterLab server, headless Chromium, a fresh page.

    @pytest.mark.browser
    def test_slider_redraws(course_lab, page):
        nb = run_notebook(page, course_lab, "02-Minimax-Step-by-Step.ipynb")
        ...

- `lab_servers` starts one JupyterLab per folder (a copy of it) and stops them all at the end;
  `course_lab` is the one serving a copy of ``notebooks/``; a test module that needs notebooks
  of its own writes them into that copy (names apart from the lessons'), so one server and
  one loaded JupyterLab serve every module on a worker.
- `browser` is Debian's chromium driven by Playwright; `page` is a page with no document
  open: the page of the last test that passed (JupyterLab stays loaded in it), else a new
  page in a new context. After the test its kernels are shut down; if it failed, a
  screenshot and the browser console are kept in ``test-artifacts/browser/``.

Without chromium the tests skip, except under ``CI=true``, where they fail. Every browser
test is bounded: it fails after ``BROWSER_TEST_TIMEOUT`` seconds (default 600, setup to
teardown); if it is still stuck 60 seconds later, the browser and JupyterLab are killed.
"""

from __future__ import annotations

import contextlib
import faulthandler
import os
import shutil
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

from labpage import ARTIFACTS, close_documents, lab_loaded, open_dialog
from labserver import LabServer

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    # Without these chromium phones home, and the closed network refuses it.
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 900}
TEST_TIMEOUT = float(os.environ.get("BROWSER_TEST_TIMEOUT", "600"))
HARD_TIMEOUT = TEST_TIMEOUT + 60


def in_ci() -> bool:
    """True when ``CI`` says so (true/1/yes): then browser tests must run, never skip."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def find_chromium() -> str | None:
    """The chromium to drive: ``$CHROMIUM``, else ``chromium`` on PATH, else /usr/bin/chromium."""
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


# -- bounds on time --------------------------------------------------------------------------
#
# Every wait in labpage/labserver has its own timeout. On top of that each browser test, from
# setup to teardown, has TEST_TIMEOUT seconds: a SIGALRM then fails it where it stands (a
# normal failure; the next test runs). If even that cannot interrupt it, a watchdog thread
# kills this process's children (JupyterLab, the Playwright driver and its chromium) so the
# blocked call fails. It never ends the pytest process itself: under ``--dist loadfile``
# pytest-xdist can wait forever for a crashed worker's replacement (pytest-xdist #784, #1323).

@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Give a browser test its deadline and start the watchdog."""
    if item.get_closest_marker("browser") is None:
        return (yield)
    item.deadline = time.monotonic() + TEST_TIMEOUT
    watchdog = threading.Timer(HARD_TIMEOUT, _rescue, args=(item.nodeid,))
    watchdog.daemon = True
    watchdog.start()
    try:
        return (yield)
    finally:
        watchdog.cancel()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    with _deadline(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    with _deadline(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    with _deadline(item):
        return (yield)


@contextlib.contextmanager
def _deadline(item):
    """Fail the test (SIGALRM) if it is still in this phase when its deadline passes."""
    deadline = getattr(item, "deadline", None)
    if (deadline is None or not hasattr(signal, "SIGALRM")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return

    def too_long(signum, frame):
        pytest.fail(f"browser test still running after {TEST_TIMEOUT:.0f}s "
                    "(set BROWSER_TEST_TIMEOUT to allow more)")

    previous = signal.signal(signal.SIGALRM, too_long)
    signal.setitimer(signal.ITIMER_REAL, max(deadline - time.monotonic(), 0.01))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _rescue(nodeid: str) -> None:
    """Watchdog: show where every thread is, then kill our child processes to unblock them."""
    print(f"\n{nodeid} is stuck {HARD_TIMEOUT:.0f}s after it started; killing the browser "
          "and JupyterLab", file=sys.__stderr__, flush=True)
    faulthandler.dump_traceback(file=sys.__stderr__, all_threads=True)
    for pid in _children(os.getpid()):
        try:
            os.killpg(pid, signal.SIGKILL) if os.getpgid(pid) == pid else os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _children(parent: int) -> list[int]:
    """Process ids whose parent is `parent` (Linux /proc; empty elsewhere)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == parent:
            found.append(int(stat.parent.name))
    return found


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so `page` knows at teardown if the test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


# -- fixtures --------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser():
    """Headless chromium (Debian's, never a downloaded one) driven by Playwright."""
    executable = find_chromium()
    if executable is None:
        message = "chromium is not installed (apt-get install chromium, or `make chromium`)"
        if in_ci():
            pytest.fail(f"CI=true and {message}", pytrace=False)
        pytest.skip(message)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=30_000)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGS, timeout=120_000)
        try:
            yield chromium
        finally:
            chromium.close()


class LabServers:
    """Start JupyterLab servers on demand, one per folder, and stop them all at the end."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.servers: dict[Path, LabServer] = {}

    def start(self, folder: Path | str, *, copy: bool = True) -> LabServer:
        """The server for `folder` (serving a copy of it unless ``copy=False``), started once."""
        folder = Path(folder).resolve()
        if folder not in self.servers:
            workdir = self.workdir / f"lab{len(self.servers)}-{folder.name}"
            self.servers[folder] = LabServer(folder, workdir, copy=copy).start()
        return self.servers[folder]

    def shutdown_kernels(self) -> None:
        """End every kernel on every server (between tests)."""
        for server in self.servers.values():
            server.shutdown_kernels()

    def stop(self) -> None:
        for server in self.servers.values():
            server.stop()
        self.servers.clear()


@pytest.fixture(scope="session")
def lab_servers(tmp_path_factory):
    """A `LabServers`: ``lab_servers.start(folder)`` gives a running server for that folder."""
    servers = LabServers(tmp_path_factory.mktemp("jupyterlab"))
    try:
        yield servers
    finally:
        servers.stop()


@pytest.fixture(scope="session")
def course_lab(lab_servers) -> LabServer:
    """JupyterLab serving a copy of the course's ``notebooks/`` (the repository stays untouched)."""
    return lab_servers.start(ROOT / "notebooks")


@pytest.fixture(scope="session")
def _kept_page(browser):
    """The page the last test that passed left behind (``{"page": ...}``), closed at the end."""
    kept: dict = {}
    try:
        yield kept
    finally:
        if kept.get("page") is not None:
            kept.pop("page").context.close()


@pytest.fixture
def page(browser, lab_servers, request, _kept_page):
    """A page (1280x900) with no document open; every kernel is shut down after the test.

    JupyterLab takes about 3 s to load in a page, so the page of a test that passed is kept
    for the next one: with its documents closed and its kernels ended, `open_notebook`
    opens the next notebook in the JupyterLab already loaded there (a new kernel, as a fresh
    page would start). After a failure, or a dialog left open, the next test gets a new
    page in a fresh browser context.

    Playwright's default timeout is 30 s for actions and 120 s for navigation. If the test
    fails, ``test-artifacts/browser/<test>-failed.png`` and ``...-console.txt`` are kept.
    """
    for stale in ARTIFACTS.glob(f"{_safe(request.node.name)}-*"):
        stale.unlink()  # evidence of an earlier failure of this test
    new_page = _kept_page.pop("page", None)
    if new_page is not None:
        new_page.set_viewport_size(VIEWPORT)
    else:
        context = browser.new_context(viewport=VIEWPORT)
        context.set_default_timeout(30_000)
        context.set_default_navigation_timeout(120_000)
        new_page = context.new_page()
    console: list[str] = []

    def on_console(message):
        console.append(f"{message.type}: {message.text}")

    def on_error(error):
        console.append(f"pageerror: {error}")

    new_page.on("console", on_console)
    new_page.on("pageerror", on_error)
    keep = False
    try:
        yield new_page
        keep = not any(getattr(getattr(request.node, f"report_{when}", None), "failed", False)
                       for when in ("setup", "call"))
    finally:
        try:
            if not keep:
                _keep_evidence(new_page, request.node.name, console, lab_servers)
        finally:
            new_page.remove_listener("console", on_console)
            new_page.remove_listener("pageerror", on_error)
            keep = keep and _closed_documents(new_page)
            lab_servers.shutdown_kernels()
            if keep:
                _kept_page["page"] = new_page
            else:
                new_page.context.close()


def _closed_documents(page) -> bool:
    """Close the documents of a page that shows JupyterLab with no dialog; False if it cannot be kept."""
    try:
        if page.is_closed() or open_dialog(page):
            return False
        if lab_loaded(page):
            close_documents(page)
        return True
    except Exception:  # a page that no longer answers is not kept
        return False


def _keep_evidence(page, name: str, console: list[str], servers: LabServers) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    safe = _safe(name)
    try:
        page.screenshot(path=ARTIFACTS / f"{safe}-failed.png", timeout=15_000)
    except Exception as error:  # the page may be the thing that broke
        console.append(f"(no screenshot: {error})")
    logs = [f"== {server!r}\n{server.log_tail(80)}" for server in servers.servers.values()]
    (ARTIFACTS / f"{safe}-console.txt").write_text("\n".join(console + ["", *logs]) + "\n")


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
