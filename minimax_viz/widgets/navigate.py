"""A tree picture you can click: the node clicked becomes the focus of the drawing.

The explorer, the stepper and the play board's "why did it play that?" show their tree
through a :class:`TreeNavigator`: the picture (an image widget whose clicks ipyevents
brings back to Python), "up" and "back to the root" buttons, and the breadcrumb, the
moves from the root to the focus, as text. The drawing itself is a
:class:`~minimax_viz.draw.TreeView`: the navigator asks it which node a click hit
(``view.node_at``), moves its focus (``view.set_focus``) and takes its new picture
(``view.png``). A click on nothing does nothing; whatever goes wrong in a click becomes
a short message above the picture, never a traceback.
"""

from __future__ import annotations

import html
from typing import Any, Callable

from ..errors import MinimaxError
from ..glyphs import PALETTE
from ..scene import SHAPES
from ._common import check_dpi, ipyevents, ipywidgets, picture

__all__ = ["TreeNavigator", "png_size", "click_position", "legend_html"]

#: What the breadcrumb puts between two moves.
CRUMB = " › "
#: The legend's symbols in text, for matplotlib's marker codes and the line styles.
SYMBOLS = {marker: symbol for symbol, marker in SHAPES.values()} | {
    "line": "━━", "dashes": "╌╌", "fan": "╌╌", "$≤$": "≤"}


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height in pixels of PNG ``data``, read from its IHDR chunk.

    :raises ValueError: for data that does not start as a PNG file does.

    >>> png_size(bytes.fromhex("89504e470d0a1a0a0000000d49484452000003e8000000c8"))
    (1000, 200)
    """
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not PNG data: it does not start with a PNG signature and an IHDR chunk")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def legend_html(items) -> str:
    """The legend of a tree picture as HTML: one coloured symbol and its words per entry.

    ``items`` are the scene's ``[(marker, colour role, words), ...]`` (what the painter
    draws as a matplotlib legend); the widgets show it beside the picture instead, so a
    click does not draw it again.

    >>> legend_html([("^", "max", "Max to move")])  # doctest: +ELLIPSIS
    "<div ...><span ...><b style='color:#0072B2'>▲</b> Max to move</span></div>"
    """
    def entry(marker, role, words):
        symbol = SYMBOLS.get(marker, marker)
        mark = "" if words.startswith(symbol) else f"<b style='color:{PALETTE[role]}'>{html.escape(symbol)}</b> "
        return f"<span style='margin-right:14px;white-space:nowrap'>{mark}{html.escape(words)}</span>"

    entries = " ".join(entry(*item) for item in items)  # spaces: a long legend wraps between entries
    return f"<div style='font-size:12px;line-height:1.6;max-width:900px'>{entries}</div>"


def click_position(event: dict, natural: tuple[int, int]) -> tuple[float, float] | None:
    """Where a browser click on an image landed, in the image's own pixels (origin top-left).

    ipyevents sends ``dataX``/``dataY`` for an image widget: the click already mapped
    to the picture's natural size. Without them, ``offsetX``/``offsetY`` (pixels of the
    picture as displayed, perhaps shrunk to fit the page) are scaled by natural size over
    displayed size (``boundingRectWidth``/``Height``). ``None`` when the event has neither.

    >>> click_position({"dataX": 120, "dataY": 40}, (800, 300))
    (120.0, 40.0)
    >>> click_position({"offsetX": 50, "offsetY": 20, "boundingRectWidth": 400, "boundingRectHeight": 150},
    ...                (800, 300))
    (100.0, 40.0)
    """
    if event.get("dataX") is not None and event.get("dataY") is not None:
        return float(event["dataX"]), float(event["dataY"])
    if event.get("offsetX") is None or event.get("offsetY") is None:
        return None
    x, y = float(event["offsetX"]), float(event["offsetY"])
    shown_w, shown_h = event.get("boundingRectWidth"), event.get("boundingRectHeight")
    if shown_w and shown_h:
        x, y = x * natural[0] / float(shown_w), y * natural[1] / float(shown_h)
    return x, y


class TreeNavigator:
    """A clickable tree picture with "up", "back to the root" and the breadcrumb.

    ``show(view, upto=k)`` puts a :class:`~minimax_viz.draw.TreeView` in it (drawn at
    replay event ``k``, or whole); make the view with ``legend=False``: the navigator
    writes the legend under the picture as text, so a click redraws only the tree. A
    click on the picture, or ``click(x, y)`` in image pixels, refocuses the view on the
    node drawn there; ``up()`` and ``to_root()`` move the focus too. ``.widget`` holds it all.
    ``max_height`` (a CSS length, such as ``"calc(100vh - 330px)"``) shrinks the picture,
    keeping its shape, to leave room on the screen for what is around it.

    :raises InvalidOption: for a ``dpi`` out of range.

    >>> import minimax_viz as mv
    >>> from minimax_viz.draw import TreeView
    >>> nav = TreeNavigator(dpi=50)
    >>> nav.show(TreeView(mv.minimax(mv.GameTree([[3, 12, 8], [2, 4, 6]])), pyplot=False, legend=False))
    >>> nav.breadcrumb, nav.click(0, 0)   # the top-left corner: nothing there
    ('root', False)
    >>> nav.set_focus(nav.view.tree.root.children[1])
    >>> nav.breadcrumb
    'root › MAX plays 1'
    """

    def __init__(self, *, dpi: int, max_height: str | None = None):
        check_dpi(dpi)
        w = ipywidgets()
        self.dpi = dpi
        self.view: Any = None
        self.upto: int | None = None
        self.image = picture()
        if max_height is not None:
            self.image.layout.max_height = max_height
        self.up_button = w.Button(description="↑ up", tooltip="focus on the parent of the node in focus",
                                  layout=w.Layout(width="70px", flex="0 0 auto"))
        self.root_button = w.Button(description="back to the root", icon="home",
                                    tooltip="focus on the root of the tree",
                                    layout=w.Layout(width="150px", flex="0 0 auto"))
        self.up_button.on_click(lambda _: self._safely(self.up))
        self.root_button.on_click(lambda _: self._safely(self.to_root))
        self.crumbs = w.HTML(layout=w.Layout(margin="0 0 0 10px"))
        self.message, self.legend = w.HTML(), w.HTML()
        self.events = ipyevents().Event(source=self.image, watched_events=["click"], prevent_default_action=True)
        self.events.on_dom_event(self._on_event)
        bar = w.HBox([self.up_button, self.root_button, self.crumbs], layout=w.Layout(align_items="center"))
        self.widget = w.VBox([bar, self.message, self.image, self.legend])

    # -- what the widgets drive --------------------------------------------------------------
    def show(self, view, *, upto: int | None = None) -> None:
        """Show ``view`` as it stood after replay event ``upto`` (``None``: the whole tree)."""
        self.view, self.upto = view, upto
        self.message.value = ""
        self.redraw()

    def redraw(self, *, frame: bool = True) -> None:
        """Put the view's picture at its focus and the breadcrumb in; ``frame=False`` when
        the view already shows the frame (``set_focus`` redraws the step it was at)."""
        if frame:
            self.view.show(self.upto)
        self.image.value = self.view.png(dpi=self.dpi)
        self.image.layout.display = None
        self._show_breadcrumb()
        self.legend.value = legend_html(self.view.scene.legend(frames=self.view.frames, pv=self.view.pv_on))

    def hide(self) -> None:
        """Hide the picture, the buttons and the breadcrumb (nothing to draw)."""
        self.view = None
        self.widget.layout.display = self.image.layout.display = "none"

    def busy(self) -> None:
        """Hide the picture and its buttons, keeping their place, while a new one is made."""
        self.widget.layout.visibility = "hidden"

    def unhide(self) -> None:
        """Show the picture again (after :meth:`hide` or :meth:`busy`)."""
        self.widget.layout.display = self.widget.layout.visibility = None

    @property
    def focus(self):
        """The node in focus (``None`` before a view is shown)."""
        return None if self.view is None else self.view.focus

    @property
    def breadcrumb(self) -> str:
        """The moves from the root to the focus, as the text above the picture shows them."""
        return CRUMB.join(node.move_words for node in self.view.breadcrumb)

    @property
    def png(self) -> bytes:
        """The picture as shown."""
        return bytes(self.image.value)

    def click(self, x: float, y: float) -> bool:
        """A click at pixel (x, y) of the picture: its node becomes the focus.

        Returns True when the focus moved, False for a click on nothing (or on the focus).
        """
        node = self.view.node_at(x, y)
        if node is None or node == self.view.focus:
            return False
        self.set_focus(node)
        return True

    def set_focus(self, node) -> None:
        """Focus on ``node`` (a node of the view's tree, or its index) and redraw."""
        self.view.set_focus(node)
        self.message.value = ""
        self.redraw(frame=False)

    def up(self) -> None:
        """Focus on the parent of the node in focus (nothing at the root)."""
        parent = self.view.focus.parent
        if parent is not None:
            self.set_focus(parent)

    def to_root(self) -> None:
        """Focus on the root of the tree."""
        if self.view.focus.parent is not None:
            self.set_focus(self.view.tree.root)

    # -- events from the browser -------------------------------------------------------------
    def _on_event(self, event: dict) -> None:
        """ipyevents calls this with the browser's click (a dict of the DOM event's fields)."""
        def clicked():
            where = click_position(event, png_size(self.png))
            if where is not None:
                self.click(*where)

        self._safely(clicked)

    def _safely(self, action: Callable[[], Any]) -> None:
        """Run a click's action; an error becomes a message in the widget, not a traceback."""
        if self.view is None:
            return
        try:
            action()
        except MinimaxError as err:
            self._say(str(err))
        except Exception as err:  # noqa: BLE001 - a click must never print a traceback
            self._say(f"that click could not be shown ({type(err).__name__}: {err})")

    def _say(self, text: str) -> None:
        self.message.value = (f"<p style='color:#B00000;font-size:14px;margin:2px 0'>Sorry: "
                              f"{html.escape(text)}. Try another node, or press “back to the root”.</p>")

    def _show_breadcrumb(self) -> None:
        focus = self.view.focus
        self.up_button.disabled = self.root_button.disabled = focus.parent is None
        self.crumbs.value = ("<span style='font-size:14px'><b>Focus:</b> "
                             f"{html.escape(self.breadcrumb)}</span> <small style='color:#666'>(click a node to "
                             "focus on it)</small>")
