"""What the widgets share: the lazy ipywidgets and ipyevents imports, display, pictures, words for values."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidOption, short_repr
from ..raster import check_dpi
from ..trace import format_value, outlook_text

__all__ = [
    "ipywidgets", "ipyevents", "WidgetView", "picture", "value_text", "value_words", "move_words",
    "check_choice", "check_dpi", "check_depth", "restart_note", "RESTART_WORDS",
]

#: What a widget says once it has lost its kernel (a restart, a shutdown, a notebook opened
#: again without it): its buttons and sliders then do nothing, and ipywidgets shows only a
#: broken-link badge.
RESTART_WORDS = ("These controls have lost their kernel (it was restarted or shut down), so they do "
                 "nothing now. Run the lesson again from the top to bring them back: Run > Run All Cells.")
# ipywidgets marks every view whose kernel connection is gone with the class
# jupyter-widgets-disconnected; the note is hidden until its own view is so marked.
_RESTART_CSS = ("<style>.mv-restart-note{display:none !important}"
                ".mv-restart-note.jupyter-widgets-disconnected{display:flex !important;height:auto !important}</style>")


def check_choice(name: str, value: Any, choices) -> None:
    """Refuse an option that is none of its choices, naming the option (before ipywidgets'
    own "Invalid selection", which names none).

    :raises InvalidOption: when ``value`` is none of ``choices``.
    """
    if not any(type(value) is type(c) and value == c for c in choices):   # the type first: an array compares
        raise InvalidOption(f"{name} must be one of {', '.join(map(repr, choices))}; not {short_repr(value)}")


def check_depth(depth: Any, deepest: int | None = None) -> None:
    """A search depth: None (to the end) or a whole number of plies from 1 (to ``deepest``).

    :raises InvalidOption: for any other depth.
    """
    if depth is None:
        return
    top = "" if deepest is None else f" to {deepest}"
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1 or (
            deepest is not None and depth > deepest):
        raise InvalidOption(f"depth must be None (to the end) or a whole number of plies from 1{top}, "
                            f"not {short_repr(depth)}")


def ipywidgets():
    """The ipywidgets module, imported on first use (never by ``import minimax_viz``)."""
    import ipywidgets as widgets

    return widgets


def ipyevents():
    """The ipyevents module (mouse events on a widget), imported on first use."""
    import ipyevents as events

    return events


class WidgetView:
    """Base of the widget classes: ``.widget`` is shown when the object ends a notebook cell."""

    widget: Any

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.widget._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = repr(self)
        return bundle


def restart_note():
    """An HTML widget, hidden while its kernel is there, that says :data:`RESTART_WORDS` once
    the kernel is gone: the first child of each interactive widget."""
    w = ipywidgets()
    note = w.HTML(f"{_RESTART_CSS}<div class='mv-restart-words' style='border:1px solid #B00000;"
                  "background:#FFF4F4;color:#800000;padding:4px 8px;font-size:14px;line-height:1.4;"
                  f"white-space:normal'>{RESTART_WORDS}</div>", layout=w.Layout(margin="2px 0"))
    note.add_class("mv-restart-note")
    return note


def picture():
    """An empty image widget: its picture at its own size, shrunk to fit the notebook's width.

    No side margins: with the widgets' usual 2 px a side, a picture shrunk to 100 % of a
    narrow notebook would stick out 4 px and put a scrollbar under it.
    """
    w = ipywidgets()
    return w.Image(format="png", layout=w.Layout(max_width="100%", height="auto", align_self="flex-start",
                                                 margin="2px 0"))


def value_text(value, *, signed: bool = True) -> str:
    """A value as the drawings write it: ``+1``, ``−1`` (a real minus sign), ``0``, ``+0.33``."""
    return format_value(value, signed=signed)


def value_words(game, value, *, exact: bool = True) -> str:
    """What a value for Max means in words (:func:`minimax_viz.trace.outlook_text` for ``game``'s players)."""
    return outlook_text(game.max_player, game.min_player, value, exact=exact)


def move_words(node) -> str:
    """How the search reached ``node``: "X plays 4", or "the start" at the root."""
    return "the start" if node.parent is None else node.move_words
