"""Serve a built JupyterLite site from 127.0.0.1, the way a static host (GitHub Pages) would.

    with LiteSite(folder) as site:
        page.goto(site.url("00-Start-Here.ipynb"))

A thread of this process answers plain GET requests for the files of `folder`, with the
MIME types a browser insists on (``application/wasm`` for Pyodide's interpreter,
``text/javascript`` for its ES modules). `url(path)` opens a notebook in JupyterLite's
JupyterLab; `requests` lists the paths asked for, `missing` the ones that were not there.
It has the shape of `LabServer` that `labpage` needs (`url`, `shutdown_kernels`).
"""

from __future__ import annotations

import functools
import http.server
import threading
import urllib.parse
from pathlib import Path

__all__ = ["LiteSite"]

MIME = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".json": "application/json", ".whl": "application/octet-stream",
        ".ipynb": "application/json", ".zip": "application/zip"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def send_head(self):
        self.server.site.requests.append(urllib.parse.urlsplit(self.path).path)
        return super().send_head()

    def send_error(self, code, message=None, explain=None):
        if code == 404:
            self.server.site.missing.append(urllib.parse.urlsplit(self.path).path)
        super().send_error(code, message, explain)


class LiteSite:
    """A static file server for one folder on 127.0.0.1 (a port the OS picks)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.requests: list[str] = []
        self.missing: list[str] = []
        self._server: http.server.ThreadingHTTPServer | None = None

    def __enter__(self) -> "LiteSite":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> "LiteSite":
        handler = functools.partial(_Handler, directory=str(self.folder))
        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.site = self
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/``."""
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    def url(self, path: str = "", *, app: str = "lab") -> str:
        """The address that opens notebook `path` in JupyterLite's `app` (lab or notebooks)."""
        query = urllib.parse.urlencode({"path": path}) if path else ""
        return f"{self.base_url}{app}/index.html" + (f"?{query}" if query else "")

    def shutdown_kernels(self) -> None:
        """Nothing to do: a JupyterLite kernel lives in the page and ends with it."""
