"""The explorer: set up a tic-tac-toe position, pick the search's options, see the tree."""

from __future__ import annotations

import html
from collections import OrderedDict

from ..draw import TreeView
from ..errors import InvalidBoard, MinimaxError, short_repr
from ..games import TicTacToe
from ..search import alphabeta, centre_first, minimax
from ._common import (
    WidgetView, check_choice, check_depth, check_dpi, ipywidgets, restart_note, value_text, value_words,
)
from .boards import TicTacToeButtons
from .navigate import TreeNavigator

__all__ = ["Explorer"]

#: How many searches an explorer keeps, and how many recorded calls they may hold together (a
#: search of the empty board to the end records 549,946 calls, about 20 MB).
KEPT, KEPT_CALLS = 8, 1_200_000

#: The depth slider's stops: 1 to 9 plies, or to the end of the game.
DEPTHS = tuple((str(d), d) for d in range(1, 10)) + (("to the end", "end"),)
ORDERS = {"cells": None, "centre": centre_first}


def _cells(board) -> list:
    """The nine cells of a board written as a list or a string, unchecked (the explorer
    must hold positions no game can reach, to say what is wrong with them)."""
    if not isinstance(board, (str, list, tuple)):
        raise InvalidBoard(
            f"board must be a list of 9 cells or a 9-character string like 'X.O......', not {short_repr(board)}"
        )
    if len(board) != 9:
        raise InvalidBoard(f"board has 9 cells, not {len(board)}; write it like 'X.O......'")
    cells = []
    for i, mark in enumerate(board):
        up = mark.upper() if isinstance(mark, str) else mark
        if up in ("X", "O"):
            cells.append(up)
        elif (isinstance(up, str) and up in (".", " ", str(i))) or (type(up) is int and up == i):
            cells.append(i)
        else:
            raise InvalidBoard(
                f"board cell {i} holds {short_repr(mark)}; a cell holds 'X', 'O', or '.' (or its index, {i}) when empty"
            )
    return cells


def _unknown(board) -> int:
    """The plain heuristic: 0 for every position the depth limit stops at ("unknown")."""
    return 0


class Explorer(WidgetView):
    """Set up a tic-tac-toe position and watch the search's tree, move and counts change.

    Click a cell to cycle it through empty, X and O; choose the depth, minimax or
    alpha-beta, the move order, whether alpha-beta prunes on equality, and the
    heuristic scored at the depth limit (the game's open lines, or 0 for "unknown").
    Click a node of the tree to focus the picture on it (its children drawn in full,
    the rest folded into "+N calls"); "up" and "back to the root" move the focus, and the
    breadcrumb above the picture reads the moves from the root to the focus.
    A position no game can reach gets a message saying why instead of a tree::

        explorer = mv.Explorer()          # starts on the tutorial's board
        explorer

    From code: ``explorer.cells[4].click()``, ``explorer.algorithm.value = "minimax"``,
    ``explorer.board = "X.O......"``, ``explorer.navigator.click(x, y)`` (a pixel of the
    picture) or ``explorer.navigator.set_focus(node)``; read ``result``, ``counts``,
    ``summary.value``, ``navigator.breadcrumb``.

    Parameters
    ----------
    board : list, str or None, optional
        The position to start on (``None``: the tutorial's board).
    depth : int or None, optional
        The depth limit, 1 to 9 (``None``, the default: to the end of the game).
    algorithm : str, optional
        ``"alphabeta"`` (the default) or ``"minimax"``.
    order : str, optional
        The move order: ``"cells"`` (the default, cell by cell) or ``"centre"`` (centre first).
    prune_on_equal : bool, optional
        Whether alpha-beta cuts when a value reaches the bound (True unless given).
    heuristic : str, optional
        The score at the depth limit: ``"open lines"`` (the default) or ``"zero"``.
    dpi : int, optional
        The picture's resolution, 20 to 300 (100 unless given).

    Raises
    ------
    InvalidOption
        For a ``depth`` that is not None or 1 to 9, an ``algorithm``,
        ``order`` or ``heuristic`` that is none of its choices, or a ``dpi`` outside 20 to 300.
    InvalidBoard
        For a ``board`` that is not 9 cells of 'X', 'O' or '.' (or the
        cell's index).

    Examples
    --------
    >>> explorer = Explorer(algorithm="minimax")
    >>> explorer.counts, explorer.result.move
    ({'calls': 9, 'pruned': 0}, 4)

    A win found within the depth limit is a real win, not a guess:

    >>> explorer.board, explorer.depth.value = ".X....O..", 5
    >>> explorer.result.solved, "X wins with best play" in explorer.summary.value
    (False, True)
    """

    def __init__(self, board=None, *, depth: int | None = None, algorithm: str = "alphabeta",
                 order: str = "cells", prune_on_equal: bool = True, heuristic: str = "open lines",
                 dpi: int = 100):
        check_depth(depth, 9)
        check_choice("algorithm", algorithm, ("minimax", "alphabeta"))
        check_choice("order", order, tuple(ORDERS))
        check_choice("prune_on_equal", prune_on_equal, (True, False))
        check_choice("heuristic", heuristic, ("open lines", "zero"))
        check_dpi(dpi)
        w = ipywidgets()
        self.game, self.dpi = TicTacToe(), dpi
        self.result, self.error = None, None
        self._kept: OrderedDict = OrderedDict()  # the last searches, by the controls' settings
        self._cells = _cells(self.game.TUTORIAL_BOARD if board is None else board)
        options = self._options(w, depth, algorithm, order, prune_on_equal, heuristic)
        self.summary, self.navigator = w.HTML(), TreeNavigator(dpi=dpi)
        self.summary.add_class("mv-summary")  # for pages and tests to find it
        self.image = self.navigator.image
        controls = w.HBox([self._board_box(w), options], layout=w.Layout(flex_flow="row wrap"))
        self.widget = w.VBox([restart_note(), controls, self.summary, self.navigator.widget])
        self.update()

    def _board_box(self, w):
        """The nine cells, and buttons for the empty board and the tutorial's."""
        self.grid = TicTacToeButtons(self._cycle)
        self.cells = self.grid.buttons
        wide = w.Layout(width="168px")
        self.clear = w.Button(description="empty board", layout=wide)
        self.clear.on_click(lambda _: setattr(self, "board", self.game.EMPTY_BOARD))
        self.tutorial = w.Button(description="the tutorial's board", layout=wide)
        self.tutorial.on_click(lambda _: setattr(self, "board", self.game.TUTORIAL_BOARD))
        return w.VBox([self.grid.widget, self.clear, self.tutorial], layout=w.Layout(margin="0 20px 0 0"))

    def _options(self, w, depth, algorithm, order, prune_on_equal, heuristic):
        """The search's options; each change searches again."""
        style = {"description_width": "110px"}
        self.depth = w.SelectionSlider(options=DEPTHS, value="end" if depth is None else depth,
                                       description="depth (plies)", style=style)
        self.algorithm = w.ToggleButtons(options=[("minimax", "minimax"), ("alpha-beta", "alphabeta")],
                                         value=algorithm, description="search", style=style)
        self.order = w.ToggleButtons(options=[("cell order", "cells"), ("centre, corners first", "centre")],
                                     value=order, description="move order", style=style)
        self.prune_on_equal = w.Checkbox(value=prune_on_equal, description="prune on equality (≥ β, ≤ α)",
                                         indent=False, layout=w.Layout(width="auto", margin="4px 0 4px 116px"))
        self.heuristic = w.ToggleButtons(options=[("open lines", "open lines"), ("0 = unknown", "zero")],
                                         value=heuristic, description="heuristic", style=style)
        controls = [self.depth, self.algorithm, self.order, self.prune_on_equal, self.heuristic]
        for control in controls:
            control.observe(lambda _: self.update(), names="value")
        return w.VBox(controls)

    def __repr__(self) -> str:
        return f"<Explorer: {self.game.string(self._cells) if self.error is None else 'a position no game reaches'}>"

    # -- the position ------------------------------------------------------------------------
    @property
    def board(self) -> list:
        """The position set up, in the tutorial's form (it may be one no game can reach)."""
        return list(self._cells)

    @board.setter
    def board(self, board) -> None:
        self._cells = _cells(board)
        self.update()

    def _cycle(self, cell: int) -> None:
        """A click on a cell: empty -> X -> O -> empty."""
        mark = self._cells[cell]
        self._cells[cell] = "X" if mark not in ("X", "O") else "O" if mark == "X" else cell
        self.update()

    # -- the search ---------------------------------------------------------------------------
    @property
    def counts(self) -> dict[str, int] | None:
        """Calls and pruned children of the last search (``None`` for an impossible position)."""
        if self.result is None:
            return None
        return {"calls": self.result.stats.calls, "pruned": self.result.stats.pruned}

    def search(self):
        """Run the search the controls describe on the board; raises MinimaxError on a bad board.

        A search the controls described before is not run again: the last few results are
        kept (at most :data:`KEPT` of them and :data:`KEPT_CALLS` recorded calls in all), so
        going back to a depth or an algorithm already seen answers at once. A result is the
        same object either way: the search is deterministic.

        Returns
        -------
        SearchResult
            The search's result.

        Raises
        ------
        MinimaxError
            For a board no game reaches.
        """
        plain = self.algorithm.value == "minimax"
        key = (tuple(self._cells), self.algorithm.value, self.depth.value, self.heuristic.value,
               None if plain else self.order.value, None if plain else self.prune_on_equal.value)
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        depth = None if self.depth.value == "end" else self.depth.value
        evaluate = None if self.heuristic.value == "open lines" else _unknown
        if plain:
            result = minimax(self.game, self._cells, depth=depth, evaluate=evaluate, reuse=True)
        else:
            result = alphabeta(self.game, self._cells, depth=depth, evaluate=evaluate, reuse=True,
                               order=ORDERS[self.order.value], prune_on_equal=self.prune_on_equal.value)
        self._kept[key] = result
        while len(self._kept) > KEPT or (len(self._kept) > 1 and
                                         sum(r.stats.calls for r in self._kept.values()) > KEPT_CALLS):
            self._kept.popitem(last=False)
        return result

    def update(self) -> None:
        """Search again and redraw (the controls call this whenever they change).

        While the kernel works the browser shows "searching…", then "drawing…", and no
        picture; the summary and the picture of the new search then appear together, so
        the two never describe different settings.
        """
        self.grid.show(self._cells)
        plain = self.algorithm.value == "minimax"
        self.order.disabled = self.prune_on_equal.disabled = plain
        self._busy("searching…")  # sent to the browser now, before the search starts
        try:
            result = self.search()
        except MinimaxError as err:
            self.result, self.error = None, str(err)
            self.summary.value = ("<p style='color:#B00000;font-size:14px'>This position cannot happen in a "
                                  f"game: {html.escape(self.error)}.<br>Click a cell to change it.</p>")
            self.navigator.hide()
            return
        self.result, self.error = result, None
        self._busy("drawing…")
        # the summary above says what the title would; the navigator writes the legend
        self.navigator.show(TreeView(result.tree, pyplot=False, title=False, legend=False))
        self.summary.value = self._summary_html()
        self.navigator.unhide()

    def _busy(self, doing: str) -> None:
        """Say what the kernel is doing, and hide the old picture until the new one is ready."""
        self.navigator.busy()
        self.summary.value = f"<p style='font-size:14px;color:#555'><i>{doing}</i></p>"

    def _summary_html(self) -> str:
        result, game = self.result, self.game
        stats = result.stats
        name = "minimax" if self.algorithm.value == "minimax" else "alpha-beta"
        counts = f"{name}: {stats.calls:,} calls" + ("" if name == "minimax" else f", {stats.pruned:,} pruned")
        if game.is_terminal(self._cells):
            return f"<p style='font-size:14px'>The game is over ({game.result_text(self._cells)}): " \
                   f"nothing to choose. {counts}.</p>"
        player = game.player(self._cells)
        value = value_text(result.score)
        # Both heuristics stay strictly inside (-1, +1), so a value of +1 or -1 is a real
        # win or loss the search forced within its horizon, even when `solved` is False.
        meaning = value_words(game, result.score, exact=result.solved or abs(result.score) >= 1)
        return (f"<p style='font-size:14px'>{player} to move. <b>Best move: {result.move}</b>, "
                f"value {value} ({meaning}). {counts}.</p>")
