"""Writing files so that a failure never leaves half a file: write a temporary file, then replace.

The command line (``draw -o``, ``student-copy``) writes through :func:`write_atomic`: the
new content goes to a temporary file beside the target, and only a complete file takes the
target's name (``os.replace``, atomic on one file system). An error or Ctrl-C on the way
leaves the old file as it was and no temporary file behind.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

__all__ = ["write_atomic", "digest"]


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
