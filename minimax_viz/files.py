"""Writing files so that a failure never leaves half a file: write a temporary file, then replace.

The command line (``draw -o``, ``student-copy``) writes through :func:`write_atomic`: the
new content goes to a temporary file beside the target, and only a complete file takes the
target's name (``os.replace``, atomic on one file system). An error or Ctrl-C on the way
leaves the old file as it was and no temporary file behind.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import signal
import stat
import tempfile
import threading
from pathlib import Path

from .errors import MinimaxError

__all__ = ["write_atomic", "digest", "no_interrupt", "plain_target", "replaceable", "read_small"]


def digest(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex: how a file is recognised as the one written.

    >>> digest(b"")[:16]
    'e3b0c44298fc1c14'
    """
    return hashlib.sha256(data).hexdigest()


def _mode_for(path: Path) -> int:
    """The permissions the new file gets: the old file's, else what ``open`` would give."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all (in a folder that exists).

    :raises OSError: the folder is missing or may not be written to; the error names
        ``path`` (not the temporary file), and ``path`` is left as it was.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "b.txt"
    >>> write_atomic(target, b"hello"); target.read_bytes()
    b'hello'
    """
    path = Path(path)
    with no_interrupt():
        _write(path, data)


def _write(path: Path, data: bytes) -> None:
    try:
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    except OSError as err:
        raise OSError(err.errno, err.strerror, str(path)) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temp, _mode_for(path))
        os.replace(temp, path)
    except BaseException as err:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(err, OSError):
            raise OSError(err.errno, err.strerror, str(path)) from None
        raise


@contextlib.contextmanager
def no_interrupt():
    """Hold a Ctrl-C back until the block is done (then raise it): a write and its record
    in a manifest happen both or neither. Main thread only; elsewhere nothing is held.

    >>> with no_interrupt():
    ...     1 + 1
    2

    :raises KeyboardInterrupt: after the block, when Ctrl-C was pressed during it.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed = []
    old = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
        if pressed:
            raise KeyboardInterrupt


def plain_target(folder: Path, name: str) -> Path:
    """``folder / name``, once no folder between them is a link and the file itself is a
    regular file or absent: a write there stays inside ``folder``.

    :raises MinimaxError: a link on the way, or a target that is a link, a FIFO, a device
        or a folder (named, with what to do).
    """
    path = folder
    for part in Path(name).parts:
        path = path / part
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            continue
        if stat.S_ISLNK(mode):
            raise MinimaxError(f"{str(path)!r} is a link (to {os.readlink(path)!r}); a write through it would "
                               f"land outside {str(folder)!r}, so nothing is written there: remove the link "
                               "or choose another folder")
        if path != folder / name and not stat.S_ISDIR(mode):
            raise MinimaxError(f"{str(path)!r} is a file, where a folder is needed: move it away")
        if path == folder / name and not stat.S_ISREG(mode):
            raise MinimaxError(f"{str(path)!r} is {_kind(mode)}, not a regular file, so it is not written "
                               "over: move it away or choose another name")
    return path


def replaceable(path: Path | str) -> Path:
    """``path``, once it is a new file or a regular file its user may write to, reached through
    no link (:func:`plain_target` in its own folder): what a command that writes one file given
    by name (``draw -o``, :func:`minimax_viz.connectx_agent`) may replace.

    :raises MinimaxError: as :func:`plain_target`, or for a read-only file (named, with what to do).
    """
    path = Path(path)
    target = plain_target(path.parent, path.name)
    if target.exists() and not (os.access(target, os.W_OK) and target.stat().st_mode & 0o222):
        raise MinimaxError(f"{str(path)!r} is read-only, so it is not replaced: make it writable (chmod u+w) "
                           "or choose another name")
    return target


def _kind(mode: int) -> str:
    return ("a folder" if stat.S_ISDIR(mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "not a regular file")


def read_small(path: Path, limit: int = 1 << 20) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (not a link) of at most ``limit``
    bytes, else None: a FIFO, a device or a huge file is never read.

    >>> read_small(Path("/dev/zero")) is None
    True
    """
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            return None
        with open(path, "rb") as handle:
            return handle.read(limit + 1)[:limit]
    except OSError:
        return None
