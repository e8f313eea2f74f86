"""Drive a notebook in a JupyterLab page: open it, run it, find and use its widgets.

Every wait here is bounded (a timeout in seconds) and fails with a message that says what
was awaited and what the page showed instead. The functions work on the page's current
notebook, which is the one `open_notebook` opened; a test opens one notebook per page.

A lesson test reads::

    nb = run_notebook(page, course_lab, "02-Minimax-Step-by-Step.ipynb")
    step = slider(nb, "event")
    before = figure_bytes(figure(nb))
    move_slider(step, +1)
    wait_for_figure_change(figure(nb), before)

Widgets are found with ipywidgets 8's own CSS classes (``widget-slider``, ``widget-button``,
``widget-label``, ``widget-output``), figures as the ``<img>`` JupyterLab renders for
``image/png`` or ``image/svg+xml`` outputs (matplotlib's inline backend).
"""

from __future__ import annotations

import base64
import re
import time
import urllib.parse
from pathlib import Path

import nbformat
from playwright.sync_api import Locator, Page, expect

__all__ = [
    "NotebookError", "ARTIFACTS",
    "open_notebook", "in_lab_of", "lab_loaded", "open_dialog", "close_documents", "wait_for_kernel_idle", "run_all_cells", "run_notebook", "wait_for_widgets",
    "cell", "cell_with_source", "slider", "move_slider", "slider_readout",
    "button", "label", "figure", "figure_src", "figure_bytes", "wait_for_figure_change",
    "widget_image", "image_bytes", "wait_for_image_change",
    "save_screenshot", "write_notebook",
]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"

# JavaScript shared by the waits: the current notebook panel and its kernel.
_PANEL = """
const app = window.jupyterapp;
const panel = app && app.shell.currentWidget;
const isNotebook = !!(panel && panel.content && panel.content.model && panel.sessionContext);
const kernel = isNotebook && panel.sessionContext.session ? panel.sessionContext.session.kernel : null;
"""

_KERNEL_STATE = "() => {" + _PANEL + """
  return {
    notebook: isNotebook ? panel.context.path : null,
    connection: kernel ? kernel.connectionStatus : null,
    status: kernel ? kernel.status : null,
    ready: isNotebook && panel.context.isReady && panel.sessionContext.isReady,
  };
}"""

_RUN_STATE = "() => {" + _PANEL + """
  const cells = panel.content.model.cells;
  const pending = [], errors = [];
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type !== 'code') continue;
    if (c.executionCount == null) pending.push(i);
    for (const o of c.outputs.toJSON())
      if (o.output_type === 'error') errors.push({cell: i, ename: o.ename, evalue: o.evalue});
  }
  return {done: window.__runAll ? window.__runAll.done : false,
          failure: window.__runAll ? window.__runAll.error : null,
          pending, errors, status: kernel ? kernel.status : null,
          connection: kernel ? kernel.connectionStatus : null};
}"""

_WIDGET_STATE = "() => {" + _PANEL + """
  const cells = panel.content.model.cells;
  let expected = 0;
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    if (c.type !== 'code') continue;
    for (const o of c.outputs.toJSON())
      if (o.data && o.data['application/vnd.jupyter.widget-view+json']) expected++;
  }
  const outputs = [...panel.content.node.querySelectorAll('.jp-OutputArea-output')];
  const rendered = outputs.filter(el => !el.parentElement.closest('.jupyter-widgets')
                                        && el.querySelector(':scope > .jupyter-widgets')).length;
  const texts = outputs.map(el => el.textContent);
  const broken = texts.filter(t => /Error displaying widget|Could not create/.test(t));
  const loading = texts.filter(t => /Loading widget/.test(t)).length;
  return {expected, rendered, loading, broken: broken.map(t => t.slice(0, 200))};
}"""

# The text of an open JupyterLab dialog (kernel choice, restart, error...), else null.
_DIALOG = """() => { const d = document.querySelector('.jp-Dialog');
                     return d ? d.innerText.slice(0, 300) : null; }"""


class NotebookError(AssertionError):
    """A notebook in the page did not load, run or render as expected."""


# -- opening and running ---------------------------------------------------------------------

def open_notebook(page: Page, server, path: str, *, timeout: float = 120) -> Locator:
    """Open `path` (relative to `server`'s root) alone in the page; wait for an idle kernel.

    A page that already shows this server's JupyterLab (the `page` fixture keeps one from a
    test that passed) closes what it shows and opens `path` there, as a learner opens a
    second notebook; any other page loads JupyterLab in a fresh workspace first. Either way
    the notebook starts a new kernel: the fixture ends every session after each test.

    Returns the notebook's locator (``.jp-NotebookPanel``), the scope for the finders below.
    """
    if in_lab_of(page, server):
        close_documents(page)
        page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', "
                      "{path, factory: 'Notebook'}); }", path)
    else:
        page.goto(server.url(path), timeout=timeout * 1000, wait_until="domcontentloaded")
    _wait_for(page, _KERNEL_STATE, timeout,
              lambda s: s["notebook"] == path and s["ready"]
              and s["connection"] == "connected" and s["status"] == "idle",
              f"{path} to open with a connected, idle kernel")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")  # room for the notebook
    notebook = page.locator(".jp-NotebookPanel:visible")
    expect(notebook).to_have_count(1, timeout=timeout * 1000)
    return notebook


def in_lab_of(page: Page, server) -> bool:
    """True when `page` shows `server`'s JupyterLab, loaded, with no dialog open."""
    if page.is_closed() or getattr(server, "port", None) is None or not page.url.startswith(f"{server.base_url}lab"):
        return False
    return lab_loaded(page) and not open_dialog(page)


def lab_loaded(page: Page) -> bool:
    """True when the page holds a JupyterLab application (``window.jupyterapp``)."""
    return page.evaluate("() => !!(window.jupyterapp && window.jupyterapp.shell)")


def open_dialog(page: Page) -> str | None:
    """The text of an open JupyterLab dialog (kernel choice, restart, error...), else None."""
    return page.evaluate(_DIALOG)


def close_documents(page: Page) -> None:
    """Close every tab of the main area without asking to save (a test never saves)."""
    page.evaluate("""() => {
      for (const widget of Array.from(window.jupyterapp.shell.widgets('main'))) {
        if (widget.context && widget.context.model) widget.context.model.dirty = false;
        widget.dispose();
      }
    }""")


def wait_for_kernel_idle(page: Page, *, timeout: float = 60) -> None:
    """Wait until the current notebook's kernel is connected and idle."""
    _wait_for(page, _KERNEL_STATE, timeout,
              lambda s: s["connection"] == "connected" and s["status"] == "idle",
              "the kernel to be connected and idle")


def run_all_cells(page: Page, *, timeout: float = 300) -> None:
    """Run every cell (``notebook:run-all-cells``) and wait until all have run and rendered.

    Raises `NotebookError` naming the cell, exception and message if a cell fails, and
    waits (`wait_for_widgets`) until every widget output is drawn.
    """
    wait_for_kernel_idle(page, timeout=timeout)
    # Not awaited inside evaluate (evaluate has no timeout): the promise reports to a global.
    page.evaluate("""() => {
      window.__runAll = {done: false, error: null};
      window.jupyterapp.commands.execute('notebook:run-all-cells').then(
        () => { window.__runAll.done = true; },
        (e) => { window.__runAll = {done: true, error: String(e)}; });
    }""")
    state = _wait_for(page, _RUN_STATE, timeout,
                      lambda s: s["errors"] or s["failure"] or (
                          s["done"] and not s["pending"] and s["status"] == "idle"),
                      "every code cell to run and the kernel to be idle")
    if state["errors"]:
        error = state["errors"][0]
        raise NotebookError(f"cell {error['cell']} raised {error['ename']}: {error['evalue']}")
    if state["failure"]:
        raise NotebookError(f"Run All failed in JupyterLab: {state['failure']}")
    wait_for_widgets(page, timeout=timeout)


def run_notebook(page: Page, server, path: str, *, timeout: float = 300) -> Locator:
    """Open `path` on `server`, run all its cells, wait for widgets; the notebook's locator."""
    notebook = open_notebook(page, server, path, timeout=min(timeout, 120))
    run_all_cells(page, timeout=timeout)
    return notebook


def wait_for_widgets(page: Page, *, timeout: float = 60) -> None:
    """Wait until every widget a cell displayed is drawn (not "Loading widget...", no error)."""
    state = _wait_for(page, _WIDGET_STATE, timeout,
                      lambda s: s["broken"] or (s["rendered"] >= s["expected"]
                                                and not s["loading"]),
                      "every displayed widget to render")
    if state["broken"]:
        raise NotebookError(f"a widget did not render: {state['broken'][0]!r}")


# -- finding things --------------------------------------------------------------------------

def cell(notebook: Locator, index: int) -> Locator:
    """The `index`-th cell (0-based, markdown cells included) of the notebook."""
    return notebook.locator(".jp-Notebook .jp-Cell").nth(index)


def cell_with_source(notebook: Locator, text: str) -> Locator:
    """The first cell whose source contains `text` (read from the model, not the editor)."""
    index = notebook.page.evaluate("(text) => {" + _PANEL + """
      const cells = panel.content.model.sharedModel.cells;
      return cells.findIndex(c => c.getSource().includes(text));
    }""", text)
    if index < 0:
        raise NotebookError(f"no cell's source contains {text!r}")
    return cell(notebook, index)


def slider(scope: Locator, description: str | None = None) -> Locator:
    """The one ipywidgets slider in `scope` (with this description label, if given)."""
    found = scope.locator(".widget-slider")
    if description is not None:
        found = found.filter(has=scope.page.locator("label.widget-label",
                                                    has_text=re.compile(rf"^\s*{re.escape(description)}\s*$")))
    expect(found).to_have_count(1)
    return found


def slider_readout(slider: Locator) -> str:
    """The value the slider shows next to it, as text."""
    return slider.locator(".widget-readout").inner_text().strip()


def move_slider(slider: Locator, steps: int) -> str:
    """Move the slider `steps` steps with the arrow keys (negative: left); its new readout.

    The handle is focused and ArrowRight/ArrowLeft pressed, as a keyboard user would. Waits
    until the readout has changed (unless the slider was already at its end).
    """
    handle = slider.get_by_role("slider")
    now, low, high = (float(handle.get_attribute(f"aria-value{a}")) for a in ("now", "min", "max"))
    before = slider_readout(slider)
    handle.focus()
    for _ in range(abs(steps)):
        handle.press("ArrowRight" if steps > 0 else "ArrowLeft")
    if (steps > 0 and now < high) or (steps < 0 and now > low):
        expect(slider.locator(".widget-readout")).not_to_have_text(before)
    return slider_readout(slider)


def button(scope: Locator, text: str | None = None) -> Locator:
    """Widget buttons in `scope`: the one whose text is `text`, or all of them (``.nth(i)``)."""
    found = scope.locator("button.widget-button")
    if text is not None:
        found = found.filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))
    return found


def label(scope: Locator) -> Locator:
    """ipywidgets Label widgets in `scope` (not the description labels of other widgets)."""
    return scope.locator("div.widget-label")


def figure(scope: Locator, index: int = -1) -> Locator:
    """A figure image in `scope`: the last one by default, else the `index`-th."""
    images = scope.locator(".jp-RenderedImage img, .jp-RenderedSVG img")
    return images.last if index == -1 else images.nth(index)


def figure_src(image: Locator) -> str:
    """The image's ``src`` (a data URL for inline matplotlib figures)."""
    expect(image).to_be_visible()
    return image.get_attribute("src")


def figure_bytes(image: Locator) -> bytes:
    """The image's bytes: PNG bytes for a PNG data URL, the SVG text for an SVG one."""
    src = figure_src(image)
    header, _, data = src.partition(",")
    if not header.startswith("data:"):
        raise NotebookError(f"the figure is not inline: src={src[:80]!r}")
    if header.endswith(";base64"):
        return base64.b64decode(data)
    return urllib.parse.unquote_to_bytes(data)


def wait_for_figure_change(image: Locator, before: bytes | str, *, timeout: float = 60) -> bytes:
    """Wait until the figure differs from `before` (bytes or src); its new bytes.

    Polls, since a redraw replaces the ``<img>`` element. Then waits for the kernel to be
    idle and returns the bytes of the figure as it is once the redraw settled.
    """
    deadline = time.monotonic() + timeout
    current = None
    while time.monotonic() < deadline:
        if image.count():
            current = figure_bytes(image) if isinstance(before, bytes) else figure_src(image)
            if current != before:
                wait_for_kernel_idle(image.page, timeout=max(1.0, deadline - time.monotonic()))
                return figure_bytes(image)
        time.sleep(0.1)
    raise NotebookError(f"the figure did not change within {timeout:.0f}s")


def widget_image(scope: Locator) -> Locator:
    """The one ipywidgets ``Image`` in `scope` that is shown."""
    found = scope.locator("img.widget-image:visible")
    expect(found).to_have_count(1)
    return found


def image_bytes(image: Locator) -> bytes:
    """The bytes of a widget image. ipywidgets 8 shows them through a ``blob:`` URL, so the
    page reads the blob back (a data URL is decoded the same way)."""
    encoded = image.evaluate("""async (img) => {
        const blob = await (await fetch(img.src)).blob();
        return await new Promise((resolve, reject) => {
            const reader = new FileReader();
            reader.onload = () => resolve(reader.result.split(',')[1]);
            reader.onerror = () => reject(reader.error);
            reader.readAsDataURL(blob);
        });
    }""")
    return base64.b64decode(encoded)


def wait_for_image_change(scope: Locator, before: bytes, *, timeout: float = 60) -> bytes:
    """Wait until the widget image in `scope` differs from `before`; its new bytes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            now = image_bytes(widget_image(scope))
        except Exception:  # the <img> is being replaced: look again
            now = before
        if now != before:
            return now
        time.sleep(0.1)
    raise NotebookError(f"the widget's image did not change within {timeout:.0f}s")


# -- evidence --------------------------------------------------------------------------------

def save_screenshot(target: Page | Locator, name: str) -> Path:
    """Save a screenshot of the window as ``test-artifacts/browser/<name>.png``; its path.

    JupyterLab scrolls inside its own panels, so a page screenshot shows only what is in
    view: pass a Locator (a cell, a widget) to scroll it into view first.
    """
    page = target if isinstance(target, Page) else target.page
    if isinstance(target, Locator):
        target.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', name)}.png"
    page.screenshot(path=path)
    return path


def _wait_for(page: Page, state_js: str, timeout: float, done, awaited: str) -> dict:
    """Poll `state_js` until `done(state)` is true; NotebookError after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    state = None
    while True:
        state = page.evaluate(state_js) if _app_loaded(page) else None
        if state is not None and done(state):
            return state
        dialog = open_dialog(page)
        if dialog:
            raise NotebookError(f"a JupyterLab dialog appeared while waiting for {awaited}: "
                                f"{dialog!r}")
        if time.monotonic() > deadline:
            raise NotebookError(f"timed out after {timeout:.0f}s waiting for {awaited}; "
                                f"last state: {state}")
        time.sleep(0.2)


def _app_loaded(page: Page) -> bool:
    return page.evaluate("""() => { try { return !!(window.jupyterapp && window.jupyterapp.shell
        && window.jupyterapp.shell.currentWidget && window.jupyterapp.shell.currentWidget.content
        && window.jupyterapp.shell.currentWidget.content.model
        && window.jupyterapp.shell.currentWidget.sessionContext); } catch (e) { return false; } }""")


def write_notebook(path, *cells) -> None:
    """Write a notebook with a python3 kernelspec; a cell starting with "#" is markdown."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {
        "name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    notebook.cells = [nbformat.v4.new_markdown_cell(c) if c.startswith("#")
                      else nbformat.v4.new_code_cell(c) for c in cells]
    nbformat.write(notebook, path)
