"""What a teacher and a new learner meet first: `make lab`'s URL, clean lessons, the play page.

- `make lab` prints a URL that opens lesson 00 (not the Launcher): the command is taken from
  the Makefile itself (``make -n lab``) and run with its own Jupyter folders.
- Every lesson opens without the unsaved-changes dot: JupyterLab rewrites nothing on load.
- `make app`'s Voila page shows the play board; a click gets the AI's answer. It answers
  only a request with its token, whatever the ``Host`` header says.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from labpage import button, open_notebook, save_screenshot
from labserver import LAB_SETTINGS, _die_with_parent

import minimax_viz as mv

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def private_env(folder: Path) -> dict[str, str]:
    """The environment with Jupyter's folders moved under `folder` and this venv's tools first."""
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (folder / name.lower()).mkdir(parents=True, exist_ok=True)
        env[name] = str(folder / name.lower())
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.pop("MPLBACKEND", None)
    env.pop("JUPYTER_PORT", None)
    return env


def start(command: list[str], *, cwd: Path, env: dict, log: Path) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=log.open("wb"),
                            stderr=subprocess.STDOUT, start_new_session=True, preexec_fn=_die_with_parent)


def stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def wait_for_line(log: Path, pattern: str, process: subprocess.Popen, timeout: float = 120) -> re.Match:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = re.search(pattern, log.read_text(errors="replace"))
        if found:
            return found
        if process.poll() is not None:
            break
        time.sleep(0.2)
    raise AssertionError(f"no line matching {pattern!r} within {timeout:.0f}s:\n{log.read_text(errors='replace')[-3000:]}")


def make_command(target: str, program: str, **variables: str) -> list[str]:
    """The command `make TARGET` runs to start `program` (read with ``make -n``), as arguments."""
    assigned = [f"{k}={v}" for k, v in variables.items()]
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    dry = subprocess.run(["make", "--no-print-directory", "-n", target, *assigned], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    lines = dry.stdout.replace("\\\n", " ").splitlines()
    found = [shlex.split(line) for line in lines if line.strip()]
    found = [args for args in found if args and Path(args[0]).name == program]
    assert found, f"make -n {target} runs no {program}:\n{dry.stdout}"
    return found[-1]


# -- make lab --------------------------------------------------------------------------------

def test_make_lab_prints_the_url_of_lesson_00(page, tmp_path):
    port = free_port()
    command = make_command("lab", "jupyter", PORT=str(port))
    assert "--LabApp.default_url=/lab/tree/00-Start-Here.ipynb" in command
    settings = tmp_path / "settings"
    for plugin, values in LAB_SETTINGS.items():  # autosave off: the repository's lessons stay as they are
        package, name = plugin.split(":")
        (settings / package).mkdir(parents=True, exist_ok=True)
        (settings / package / f"{name}.jupyterlab-settings").write_text(json.dumps(values))
    command[0] = str(Path(sys.executable).parent / "jupyter")
    command += ["--no-browser", f"--LabApp.user_settings_dir={settings}",
                f"--LabApp.workspaces_dir={tmp_path}", "--LabApp.expose_app_in_browser=True"]
    if "--allow-root" not in command:
        command.append("--allow-root")  # the Makefile adds it only for root
    log = tmp_path / "lab.log"
    process = start(command, cwd=ROOT, env=private_env(tmp_path), log=log)
    try:
        url = wait_for_line(log, rf"http://127\.0\.0\.1:{port}/\S+", process).group(0)
        assert url.startswith(f"http://127.0.0.1:{port}/lab/tree/00-Start-Here.ipynb?token="), url
        page.goto(url, wait_until="domcontentloaded")
        page.wait_for_function(
            "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " return w && w.context && w.context.path === '00-Start-Here.ipynb'; }", timeout=120_000)
        expect(page.locator(".jp-NotebookPanel:visible h1").first).to_contain_text("00")
        save_screenshot(page, "make-lab-opens-lesson-00")
    finally:
        stop(process)


# -- every lesson opens clean ----------------------------------------------------------------

# The kernel's language_info and spec, once it has answered.
KERNEL = """async () => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const info = await kernel.info, spec = await kernel.spec;
    return {name: kernel.name, language_info: info.language_info, display_name: spec.display_name,
            language: spec.language};
}"""

# True once the notebook's model holds them, as JupyterLab's NotebookPanel writes them when the
# kernel answers (keys compared in any order). Synchronous: wait_for_function does not await.
WRITTEN = """(kernel) => {
    const sorted = v => v && typeof v === 'object' && !Array.isArray(v)
        ? Object.keys(v).sort().reduce((o, k) => (o[k] = sorted(v[k]), o), {}) : v;
    const same = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
    const model = window.jupyterapp.shell.currentWidget.context.model;
    const stored = model.getMetadata('kernelspec') || {};
    return same(model.getMetadata('language_info'), kernel.language_info) && stored.name === kernel.name
        && stored.display_name === kernel.display_name && stored.language === kernel.language;
}"""


# Two lessons in the browser (the first and the last); tests/test_course.py checks that every
# other lesson stores the same notebook metadata, which is what JupyterLab would rewrite.
@pytest.mark.parametrize("name", [LESSONS[0], LESSONS[-1]])
def test_lesson_opens_without_unsaved_changes(course_lab, page, name):
    open_notebook(page, course_lab, name)
    # JupyterLab writes the kernel's spec and language_info into the notebook once the kernel
    # answers: wait until the model holds what the kernel says (written, or stored so already).
    page.wait_for_function(WRITTEN, arg=page.evaluate(KERNEL), polling=100, timeout=60_000)
    state = page.evaluate("""() => { const w = window.jupyterapp.shell.currentWidget;
        return {dirty: w.context.model.dirty, kernelspec: w.context.model.getMetadata('kernelspec')}; }""")
    stored = json.loads((ROOT / "notebooks" / name).read_text())["metadata"]["kernelspec"]
    assert not state["dirty"], (
        f"{name} shows unsaved changes as soon as it opens: JupyterLab rewrote it "
        f"(kernelspec now {state['kernelspec']}, stored {stored}); run scripts/tidy_notebooks.py on it")
    expect(page.locator(".jp-mod-dirty")).to_have_count(0)


# -- make app: the play page in Voila --------------------------------------------------------

def status_of(url: str, **headers: str) -> int:
    """The HTTP status of a GET, redirects not followed (a 302 to the login page stays 302)."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=30) as response:  # noqa: S310
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


@pytest.fixture(scope="module")
def voila_page(tmp_path_factory):
    """Voila serving apps/play.ipynb the way `make app` does; its URL, with the token (one
    server for this module's tests: asking for the page never changes what it serves)."""
    tmp_path = tmp_path_factory.mktemp("voila")
    port = free_port()
    command = make_command("app", "voila", PORT=str(port))
    assert command[-1] == "apps/play.ipynb" and f"--port={port}" in command
    assert "--Voila.ip=127.0.0.1" in command
    (token,) = [arg.split("=", 1)[1] for arg in command if arg.startswith("--token=")]
    command[0] = str(Path(sys.executable).parent / "voila")
    log = tmp_path / "voila.log"
    process = start(command, cwd=ROOT, env=private_env(tmp_path), log=log)
    try:
        wait_for_line(log, rf"http://\S+:{port}/", process)
        url = f"http://127.0.0.1:{port}/?token={token}"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=5).close()  # noqa: S310 (a local server)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield url
    finally:
        stop(process)


def test_voila_answers_only_with_its_token(voila_page):
    bare = voila_page.split("?")[0]
    assert status_of(voila_page) == 200
    assert status_of(bare) in (302, 403), "no token, no page"
    assert status_of(bare, Host="attacker.example") in (302, 403)
    assert status_of(bare + "?token=wrong", Host="attacker.example") in (302, 403)


def test_voila_play_page_answers_a_move(page, voila_page):
    page.goto(voila_page, wait_until="domcontentloaded", timeout=180_000)
    expected = mv.PlayBoard()
    expected.click(0)  # a corner: the unbeatable AI answers in the centre
    ai_move = expected.history[-1]
    boards = page.locator(".widget-vbox", has=page.locator("button.widget-button", has_text="why did it play that?"))
    first = boards.first
    expect(first.locator(".widget-html", has_text="Your move")).to_be_visible(timeout=120_000)
    expect(page.locator("button.widget-button", has_text="why did it play that?")).to_have_count(2)  # and Connect Four
    expect(page.locator(".widget-slider")).not_to_have_count(0)  # the Stepper's slider
    button(first, "0").click()
    expect(button(first, expected.ai)).to_have_count(1, timeout=60_000)
    assert button(first, expected.ai).get_attribute("title") == f"cell {ai_move}"
    expect(first.locator(".widget-html", has_text="The AI")).to_be_visible()
    expect(page.locator("text=Traceback")).to_have_count(0)
    save_screenshot(first, "voila-play-answered")
