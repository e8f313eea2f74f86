"""A private JupyterLab server for browser tests: started, probed and stopped from Python.

Each `LabServer` serves one folder on 127.0.0.1 with a port the OS picks, its own token and
its own Jupyter config, data, runtime, settings and workspace folders under a temporary
directory, so two servers (two pytest-xdist workers) never collide and nothing from the
user's home leaks in. The settings turn off what would get in a test's way: the news
pop-up, autosave (a test never writes outputs back into a notebook) and notebook windowing
(every cell stays in the page, so locators find cells below the fold). JupyterLab is started
with ``expose_app_in_browser`` so tests can reach ``window.jupyterapp``.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

__all__ = ["LabServer", "LabServerError", "LAB_SETTINGS"]

# User settings (plugin id: values) written into the server's private settings folder.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
}


class LabServerError(RuntimeError):
    """JupyterLab did not start (or answer) in time; the message ends with its log."""


class LabServer:
    """A JupyterLab process serving a copy of `folder` (or `folder` itself with ``copy=False``).

    Use as a context manager or call `start` and `stop`. `url(path)` gives the address of a
    notebook in a fresh workspace; `shutdown_kernels()` ends every kernel the server runs.
    """

    def __init__(self, folder: Path, workdir: Path, *, copy: bool = True,
                 startup_timeout: float = 120.0) -> None:
        self.workdir = Path(workdir)
        self.source = Path(folder)
        self.root = self.workdir / "root" if copy else self.source
        self._copy = copy
        self.startup_timeout = startup_timeout
        self.token = secrets.token_hex(16)
        self.port: int | None = None
        self.process: subprocess.Popen | None = None
        self.log_path = self.workdir / "jupyterlab.log"
        self._workspaces = 0

    def __repr__(self) -> str:
        state = f"port={self.port}" if self.port else "not started"
        return f"<LabServer {self.root} {state}>"

    def __enter__(self) -> "LabServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/`` once started."""
        if self.port is None:
            raise LabServerError("the server is not started")
        return f"http://127.0.0.1:{self.port}/"

    def url(self, path: str = "") -> str:
        """The address that opens `path` (relative to the root) in a new, empty workspace.

        A fresh workspace per page keeps one test's open tabs from being restored in the next.
        """
        self._workspaces += 1
        workspace = f"test-{os.getpid()}-{self._workspaces}"
        quoted = urllib.parse.quote(str(path).lstrip("/"))
        return f"{self.base_url}lab/workspaces/{workspace}/tree/{quoted}?token={self.token}"

    def log_tail(self, lines: int = 40) -> str:
        """The last `lines` lines of the server's log (for failure messages)."""
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    # -- starting and stopping --------------------------------------------------------------

    def start(self) -> "LabServer":
        """Start JupyterLab and wait (bounded by `startup_timeout`) until its API answers."""
        if self.process is not None:
            return self
        self._prepare_folders()
        self.process = subprocess.Popen(
            self._command(), cwd=self.root, env=self._environment(),
            stdin=subprocess.DEVNULL, stdout=self.log_path.open("wb"), stderr=subprocess.STDOUT,
            start_new_session=True, preexec_fn=_die_with_parent,
        )
        try:
            self._wait_until_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self, timeout: float = 20.0) -> None:
        """Stop the server and its kernels: SIGTERM, then SIGKILL to the whole group."""
        process, self.process = self.process, None
        if process is None:
            return
        for sig, wait in ((signal.SIGTERM, timeout), (signal.SIGKILL, 10.0)):
            try:
                os.killpg(process.pid, sig)
            except ProcessLookupError:
                break
            try:
                process.wait(wait)
                break
            except subprocess.TimeoutExpired:
                continue
        _kill_group(process.pid)  # kernels left behind by a server that died early

    def _prepare_folders(self) -> None:
        for name in ("config", "data", "runtime", "ipython", "workspaces"):
            (self.workdir / name).mkdir(parents=True, exist_ok=True)
        if self._copy and not self.root.exists():
            shutil.copytree(self.source, self.root,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        for plugin, values in LAB_SETTINGS.items():
            package, name = plugin.split(":")
            target = self.workdir / "settings" / package / f"{name}.jupyterlab-settings"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(values))

    def _command(self) -> list[str]:
        return [
            sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
            "--ip=127.0.0.1", "--ServerApp.port=0", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            f"--LabApp.workspaces_dir={self.workdir / 'workspaces'}",
            f"--LabApp.user_settings_dir={self.workdir / 'settings'}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.extension_manager=readonly",
            "--ServerApp.open_browser=False",
        ]

    def _environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            JUPYTER_CONFIG_DIR=str(self.workdir / "config"),
            JUPYTER_DATA_DIR=str(self.workdir / "data"),
            JUPYTER_RUNTIME_DIR=str(self.workdir / "runtime"),
            IPYTHONDIR=str(self.workdir / "ipython"),
            PYTHONUNBUFFERED="1",
        )
        env.pop("MPLBACKEND", None)  # Agg would stop plt.show() drawing inline
        env.pop("JUPYTER_PORT", None)
        return env

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise LabServerError(
                    f"JupyterLab exited with code {self.process.returncode}:\n{self.log_tail()}")
            if self.port is None:
                self.port = self._port_from_runtime_file()
            if self.port is not None and self._answers():
                return
            time.sleep(0.2)
        raise LabServerError(
            f"JupyterLab did not answer within {self.startup_timeout:.0f}s:\n{self.log_tail()}")

    def _port_from_runtime_file(self) -> int | None:
        info = self.workdir / "runtime" / f"jpserver-{self.process.pid}.json"
        try:
            return int(json.loads(info.read_text())["port"])
        except (OSError, ValueError, KeyError):
            return None  # not written yet (or half written)

    def _answers(self) -> bool:
        try:
            self.api("GET", "api/status", timeout=5)
            return True
        except OSError:
            return False

    # -- REST -------------------------------------------------------------------------------

    def api(self, method: str, path: str, *, timeout: float = 30.0):
        """Call the server's REST API with the token; the decoded JSON answer (or None)."""
        request = urllib.request.Request(
            self.base_url + path, method=method,
            headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        """End every session and kernel, so the next test that opens a notebook starts fresh.

        Without this, opening the same notebook again reconnects to the old kernel and its
        state (execution counts go on from where the last test stopped).
        """
        if self.process is None:
            return
        for session in self.api("GET", "api/sessions"):
            self.api("DELETE", f"api/sessions/{session['id']}")
        for kernel in self.api("GET", "api/kernels"):
            self.api("DELETE", f"api/kernels/{kernel['id']}")


if sys.platform.startswith("linux"):
    import ctypes
    _prctl = ctypes.CDLL(None, use_errno=True).prctl  # looked up here: no imports after fork
else:
    _prctl = None


def _die_with_parent() -> None:
    """In the child: get SIGTERM when pytest dies, so no server outlives a killed test run."""
    if _prctl is not None:
        PR_SET_PDEATHSIG = 1
        _prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
