"""The stepper: replay a recorded search one event at a time, forwards and backwards.

A recorded search is a list of *events* (a call starts, a leaf is scored, a call returns, a
branch is cut); the stepper shows them one at a time. The word "step" is kept for the
tutorial's 26 steps, so the replay's unit is always called an event.
"""

from __future__ import annotations

import html
from numbers import Integral

from ..draw import TreeView
from ..errors import InvalidOption, short_repr
from ..trace import Node, parting_text, stub_text, window_text
from ..view_checks import check_keywords
from ._common import WidgetView, check_dpi, ipywidgets, move_words, restart_note, value_text
from .boards import board_html
from .navigate import TreeNavigator

__all__ = ["Stepper"]

#: The speeds offered, as milliseconds between two events when playing.
SPEEDS = (("slow", 1500), ("medium", 900), ("fast", 450), ("very fast", 220))
#: What a Stepper takes beside the result: its own options and the view's, but those it sets itself.
_DRAW_OPTIONS = ("step", "speed", "dpi", "parting",
                 *(name for name in TreeView.OPTIONS if name not in ("pyplot", "frames", "follow")))
#: The tallest the picture may be: the window's height less the controls, the caption, the
#: picture's own buttons and legend, and JupyterLab's bars, so that at 1280 x 900 with the
#: file browser open the controls, the picture and the panels beside it are seen together.
PICTURE_HEIGHT = "calc(100vh - 330px)"
#: The width of the panels beside the picture (position, call stack, alpha-beta, test-plays).
SIDE_WIDTH = "260px"


class Stepper(WidgetView):
    """Step through a recorded search: the tree as it stood, the current call and its test-plays.

    Give it a search result (or its tree) and end the cell with it::

        stepper = mv.Stepper(mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD))
        stepper

    Play/Pause runs the replay at the chosen speed; the event slider and the back and forward
    buttons move by hand, in either direction. Each event shows the tree as it stood,
    the position the event is about, the call stack, alpha and beta (after alpha-beta)
    and the *test-plays* of the current call: the moves it has tried whose calls have
    returned, with their scores, like the tutorial's list of ``{index, score}`` records.
    When the whole tree does not fit in the picture, each event focuses it on the current
    call; click a node to look around it ("up", "back to the root"), and the next event
    follows the search again.
    From code: ``stepper.step = k`` (the event shown, 0 to ``n_steps - 1``), then read ``caption``, ``table``, ``call``;
    ``stepper.navigator.click(x, y)`` clicks a pixel of the picture.
    ``parting`` (what :func:`~minimax_viz.compare.first_difference` returned, or a node of the
    tree) frames the node where a learner's search first parts from the right one, in every
    frame, and the captions of its events say so.

    Parameters
    ----------
    result : SearchResult or SearchTree
        A recorded search (a search's result, a learner's from
        :func:`~minimax_viz.record_calls`, or the tree itself).
    step : int, optional
        The event shown first (0 unless given).
    speed : str, optional
        The replay's speed, one of :data:`SPEEDS` (``"medium"`` unless given).
    dpi : int, optional
        The picture's resolution (96 unless given).
    parting : Difference, Node or None, optional
        The node to frame where a learner's search parts from the right one.
    **draw_options
        Drawing options, as :class:`~minimax_viz.TreeView` takes them.

    Raises
    ------
    InvalidOption
        For a ``speed`` that is not one of :data:`SPEEDS`, a ``dpi`` out of
        range, a ``parting`` that is not a difference or a node of this tree, an unknown
        keyword (named, with the closest one taken), or a drawing option
        :class:`~minimax_viz.draw.TreeView` refuses.

    Examples
    --------
    >>> import minimax_viz as mv
    >>> stepper = Stepper(mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD))
    >>> stepper.step = 5
    >>> stepper.caption
    'Event 5 of 12: X plays 4: +1 (X wins)'
    >>> stepper.table
    [{'index': 1, 'score': -1}, {'index': 4, 'score': 1}]
    """

    def __init__(self, result, *, step: int = 0, speed: str = "medium", dpi: int = 96, parting=None,
                 **draw_options):
        check_keywords(draw_options, _DRAW_OPTIONS, where="Stepper")
        if not isinstance(speed, str) or speed not in dict(SPEEDS):
            raise InvalidOption(f"speed is one of {', '.join(dict(SPEEDS))}, not {short_repr(speed)}")
        if isinstance(step, bool) or not isinstance(step, Integral):
            raise InvalidOption(f"step is the event to show first, a whole number (0 is the first), "
                                f"not {short_repr(step)}")
        check_dpi(dpi)
        tree = getattr(result, "tree", result)
        self.parting = _parting_node(tree, parting)
        if self.parting is not None:
            draw_options["mark"] = self.parting
        # follow=False: the stepper moves the focus itself, so a click's focus holds until the next step
        options = {"title": False, "legend": False, **draw_options}  # the navigator writes the legend
        self.view = TreeView(tree, pyplot=False, frames=True, follow=False, **options)
        self.tree, self.game, self.dpi = self.view.tree, self.view.tree.game, dpi
        self.signed = not self.view.glyph.score_inside
        w = ipywidgets()
        self.widget = w.VBox([restart_note(), self._controls(w, speed), self._panels(w)])
        self._render(0)
        self.step = step

    def _controls(self, w, speed: str):
        """Play/Pause, back, the event slider, forward and the speed, linked together."""
        last = self.tree.n_steps - 1
        self.slider = w.IntSlider(value=0, min=0, max=last, description="event", layout=w.Layout(width="270px"))
        self.play = w.Play(value=0, min=0, max=last, interval=dict(SPEEDS)[speed], description="play",
                           show_repeat=False)
        self.back = w.Button(description="◀ back", tooltip="one event back", layout=w.Layout(width="80px"))
        self.forward = w.Button(description="forward ▶", tooltip="one event forward", layout=w.Layout(width="95px"))
        self.speed = w.SelectionSlider(options=SPEEDS, value=dict(SPEEDS)[speed], description="speed",
                                       layout=w.Layout(width="210px"))
        w.link((self.play, "value"), (self.slider, "value"))
        w.link((self.speed, "value"), (self.play, "interval"))
        self.back.on_click(lambda _: self._move(-1))
        self.forward.on_click(lambda _: self._move(+1))
        self.slider.observe(lambda change: self._render(change["new"]), names="value")
        return w.HBox([self.play, self.back, self.slider, self.forward, self.speed],
                      layout=w.Layout(flex_flow="row wrap", align_items="center"))

    def _panels(self, w):
        """The caption, the tree's picture, and beside it the position, stack, window and table.

        The picture takes the width the panels leave it (it shrinks, keeping its shape, and
        never grows past its own size) and at most :data:`PICTURE_HEIGHT`; the panels go
        below it only when the notebook is too narrow for both side by side.
        """
        self.caption_html = w.HTML()
        self.navigator = TreeNavigator(dpi=self.dpi, max_height=PICTURE_HEIGHT)
        self.image = self.navigator.image
        self.navigator.widget.layout = w.Layout(flex="1 1 340px", min_width="0")
        self.board_html, self.stack_html, self.window_html, self.table_html = (w.HTML() for _ in range(4))
        side = w.VBox([self.board_html, self.stack_html, self.window_html, self.table_html],
                      layout=w.Layout(flex=f"0 0 {SIDE_WIDTH}", width=SIDE_WIDTH, padding="0 0 0 10px"))
        return w.VBox([self.caption_html,
                       w.HBox([self.navigator.widget, side],
                              layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))])

    def __repr__(self) -> str:
        name = "alpha-beta" if self.tree.algorithm == "alphabeta" else "minimax"
        return f"<Stepper: event {self.step} of {self.tree.n_steps - 1} of a {name} search>"

    # -- what tests and notebooks drive ------------------------------------------------------
    @property
    def step(self) -> int:
        """The event shown (0 to ``n_steps - 1``); setting it moves the slider and redraws."""
        return self.slider.value

    @step.setter
    def step(self, k: int) -> None:
        self.slider.value = k

    @property
    def n_steps(self) -> int:
        """The number of events in the replay (``step`` runs from 0 to ``n_steps - 1``).
        """
        return self.tree.n_steps

    @property
    def node(self) -> Node:
        """The node the current event is about (entered, scored, pruned or returning)."""
        return self.tree.event(self.step).node

    @property
    def kind(self) -> str:
        """The current event's kind: "enter", "leaf", "cutoff", "hit" or "return"."""
        return self.tree.event(self.step).kind

    @property
    def call(self) -> Node:
        """The call that is choosing a move at this event: the one entered or returning,
        or the parent of a leaf, a cut-off child or a memo answer."""
        node = self.node
        return node if self.kind in ("enter", "return") else node.parent

    @property
    def stack(self) -> list[Node]:
        """The calls open at this event, from the root down to the node the event is about."""
        return self.node.path

    @property
    def table(self) -> list[dict]:
        """The current call's test-plays so far: ``{"index": move, "score": score}`` for
        each child whose call has returned by this event, in the order they were tried."""
        k = self.step
        if self.call is None:  # a one-node tree: the root is a leaf, no call tries a move
            return []
        return [
            {"index": _cell(child), "score": child.score}
            for child in self.call.children
            if not child.pruned and child.return_step <= k
        ]

    @property
    def pruned(self) -> list[int]:
        """The current call's moves that a cutoff has skipped by this event."""
        return [] if self.call is None else [
            c.move for c in self.call.children if c.pruned and c.step <= self.step]

    @property
    def caption(self) -> str:
        """The event in words, e.g. "Event 5 of 12: X plays 4: +1 (X wins)"."""
        words = self.tree.event_words(self.step, explain=True, signed=self.signed)
        if self.parting is not None and self.node.index == self.parting.index:
            words += f"; {parting_text()}"
        return f"Event {self.step} of {self.tree.n_steps - 1}: {words}"

    @property
    def png(self) -> bytes:
        """The picture of the tree at this event, as shown."""
        return bytes(self.image.value)

    # -- drawing an event ---------------------------------------------------------------------
    def _move(self, delta: int) -> None:
        self.step = min(max(self.step + delta, 0), self.tree.n_steps - 1)

    def _render(self, k: int) -> None:
        self.view.set_focus(self.view.focus_for(k))  # the current call, when the tree does not fit
        self.navigator.show(self.view, upto=k)
        self.back.disabled = k == 0
        self.forward.disabled = k == self.tree.n_steps - 1
        self.caption_html.value = f"<b style='font-size:15px'>{html.escape(self.caption)}</b>"
        board, last = _position(self.node)
        self.board_html.value = "<b>Position</b>" + board_html(self.game, board, last=last)
        self.stack_html.value = self._stack_html()
        self.window_html.value = self._window_html()
        self.table_html.value = self._table_html()

    def _num(self, value) -> str:
        return value_text(value, signed=self.signed)

    def _stack_html(self) -> str:
        lines = []
        for node in self.stack:
            if node.index == self.node.index and self.kind != "enter" and node.is_leaf:
                what = stub_text(cut=self.tree.has_window) if node.pruned else self._num(node.score)
            else:
                what = node.mover_words  # "X to move", "chance moves", as the trace says
            lines.append(f"{html.escape(move_words(node))}: {html.escape(what)}")
        lines[-1] = f"<b>{lines[-1]}</b>"
        return "<b>Call stack</b><br>" + "<br>".join(
            f"{'&nbsp;' * 2 * depth}{line}" for depth, line in enumerate(lines))

    def _window_html(self) -> str:
        if not self.tree.has_window:
            return "<b>α and β</b>: none in plain minimax"
        alpha, beta = (self.call or self.node).window_at(self.step)  # a one-node tree: its leaf
        text = window_text(alpha, beta, self._num)
        return f"<b>α and β</b> of the current call: {html.escape(text)}"

    def _table_html(self) -> str:
        call, rows = self.call, self.table
        if call is None:
            return "<b>Test-plays</b>: none, the start is already a finished game"
        scores = [r["score"] for r in rows]
        chance = call.node_type == "chance"  # outcomes are averaged: none of them is "best"
        best = None if chance or not scores else (max if call.node_type == "max" else min)(scores)
        head = f"<b>Test-plays</b> of {html.escape(call.call_words)} ({html.escape(call.mover_words)})"
        if not rows:
            body = "<i>none yet</i>"
        else:
            cells = "".join(
                f"<tr style='{'font-weight:bold;color:#B07700' if r['score'] == best else ''}'>"
                f"<td style='padding:0 12px'>{r['index']}</td>"
                f"<td style='padding:0 12px'>{self._num(r['score'])}</td></tr>"
                for r in rows
            )
            body = ("<table style='border-collapse:collapse'><tr><th style='padding:0 12px'>index</th>"
                    f"<th style='padding:0 12px'>score</th></tr>{cells}</table>"
                    + ("<small>the call returns their weighted average</small>" if chance else
                       f"<small>best so far in bold: {self._num(best)}</small>"))
        if self.pruned:
            skipped = "pruned, never tried" if self.tree.has_window else stub_text(cut=False)
            body += f"<br><small>{skipped}: {', '.join(map(str, self.pruned))}</small>"
        return f"{head}<br>{body}"


def _parting_node(tree, parting) -> Node | None:
    """The node of ``tree`` that ``parting`` names: a difference's node in this tree (or its
    nearest ancestor here), a node of the tree, or its index; None for None."""
    if parting is None:
        return None
    node_in = getattr(parting, "node_in", None)
    if callable(node_in) and tree in getattr(parting, "trees", ()):
        return node_in(tree)
    if isinstance(parting, Node) and parting.tree is tree:
        return parting
    if isinstance(parting, int) and not isinstance(parting, bool) and 0 <= parting < len(tree):
        return tree.nodes[parting]
    raise InvalidOption("parting is what first_difference returned for this tree, or a node of it, "
                        f"not {short_repr(parting)}")


def _cell(child: Node):
    """The move into ``child`` as a test-play's index: for a learner's call given a board no move
    leads to, the cell its board gained a mark on ("?" when it gained not one)."""
    if child.tree.odd_move(child.index) is None:
        return child.move
    given = child.tree.given_board(child.index)
    return "?" if given is None or given[1] is None else given[1]


def _position(node: Node) -> tuple:
    """``(board, last)`` for the Position panel: the node's position and the move into it, or
    for a learner's call given a board no move leads to, that board (its empty cells numbered,
    as the tutorial writes them) and the cell of its new mark."""
    given = node.tree.given_board(node.index)
    state = node.state
    if given is None or not isinstance(state, list) or len(given[0]) != len(state):
        return state, node.move
    cells, last = given
    return [i if c is None else c for i, c in enumerate(cells)], last
