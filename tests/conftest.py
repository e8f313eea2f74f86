"""The end of a pytest run: the browser timings' medians, when test_timings.py wrote them.

This hook sits here, above ``tests/browser/``, so that the process that prints pytest's
summary loads it also when pytest-xdist workers ran the browser tests (``make test``).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

#: Written by tests/browser/test_timings.py (test-artifacts/ is not committed).
TIMINGS = Path(__file__).resolve().parents[1] / "test-artifacts" / "browser-timings.txt"
_STARTED = pytest.StashKey[float]()


def pytest_sessionstart(session):
    session.config.stash[_STARTED] = time.time()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Print the medians the browser timing test wrote during this run."""
    started = config.stash.get(_STARTED, None)
    if started is not None and TIMINGS.exists() and TIMINGS.stat().st_mtime >= started:
        terminalreporter.section("browser timings (medians, reported, not asserted)")
        for line in TIMINGS.read_text().splitlines():
            terminalreporter.write_line(line)
