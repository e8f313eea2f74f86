"""The end of a pytest run: the browser timings' medians, when test_timings.py wrote them;
and ``read_only_folder``, a folder nobody may write to.

The hook sits here, above ``tests/browser/``, so that the process that prints pytest's
summary loads it also when pytest-xdist workers ran the browser tests (``make test``).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
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


def _writable(folder: Path) -> bool:
    try:
        handle, name = tempfile.mkstemp(dir=folder)
    except OSError:
        return False
    os.close(handle)
    os.unlink(name)
    return True


@pytest.fixture
def read_only_folder(tmp_path, monkeypatch):
    """An empty folder that may not be written to (mode 0555).

    Root may write anywhere: for root the folder is made immutable (``chattr +i``) where the
    file system allows it, and otherwise creating a file in it fails as the system would
    (``PermissionError``), for the package's writes.
    """
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    immutable = False
    if _writable(folder):
        immutable = subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode == 0
    if _writable(folder):
        real = tempfile.mkstemp

        def refuse(*args, dir=None, **kwargs):
            if dir is not None and Path(dir) == folder:
                raise PermissionError(13, "Permission denied", str(dir))
            return real(*args, dir=dir, **kwargs)

        monkeypatch.setattr(tempfile, "mkstemp", refuse)
    try:
        yield folder
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
        folder.chmod(0o755)
