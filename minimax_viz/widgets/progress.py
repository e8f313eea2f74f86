"""A live view of iterative deepening: the depth reached, the calls so far, the best move so far."""

from __future__ import annotations

import html
import inspect
from typing import Any, Callable

from ..errors import InvalidOption, short_repr
from ..games import Game
from ..glyphs import glyph_for
from ..search import SearchResult, iterative_deepening
from ._common import WidgetView, ipywidgets, value_text

__all__ = ["SearchProgress", "search_with_progress"]


class SearchProgress(WidgetView):
    """A progress bar and a line of text that follow an :func:`~minimax_viz.iterative_deepening` run.

    :meth:`run` searches and updates the view after each completed depth; the notebook
    shows the changes while the cell runs. Ctrl-C (the notebook's stop button) ends the
    search cleanly: the view says at which depth, and the last completed depth answers.
    :func:`search_with_progress` makes one, shows it and runs it.

    >>> from minimax_viz import GameTree
    >>> view = SearchProgress()
    >>> view.run(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).move
    0
    >>> view.text
    'solved at depth 2: 15 calls; best move 0, value 3'
    """

    def __init__(self):
        w = ipywidgets()
        self.bar = w.IntProgress(value=0, min=0, max=1, description="depth")
        self.label = w.HTML()
        self.widget = w.VBox([self.bar, self.label])
        self.text = "not started"
        self.result: SearchResult | None = None
        self._say(self.text)

    def __repr__(self) -> str:
        return f"<SearchProgress: {self.text}>"

    def run(self, game, state: Any = None, **options) -> SearchResult:
        """``iterative_deepening(game, state, **options)``, shown as it goes; returns its result.

        A ``progress`` function among the options is still called after each depth.

        Parameters
        ----------
        game : Game
            The game to search.
        state : object, optional
            The position to search from (``None``, the default: the game's start).
        **options
            The options of :func:`~minimax_viz.iterative_deepening` (``seconds``, ``max_depth`` ...).

        Returns
        -------
        SearchResult
            What :func:`~minimax_viz.iterative_deepening` returned.

        Raises
        ------
        InvalidOption
            For a ``game`` that is not a Game, a ``progress`` that is
            not a function, and as :func:`~minimax_viz.iterative_deepening`.
        """
        _check_names(options)
        also: Callable | None = options.pop("progress", None)
        if also is not None and not callable(also):
            raise InvalidOption(f"progress must be a function (depth, calls, move, score), not {short_repr(also)}")
        if not isinstance(game, Game):
            raise InvalidOption(f"game must be a Game such as TicTacToe() or ConnectFour(), not {short_repr(game)}")
        self._signed = not glyph_for(game).score_inside  # textbook trees write 3, games +1
        self.bar.value, self.bar.bar_style = 0, "info"
        self.bar.max = options.get("max_depth") or max(1, game.moves_left(game.state(state)))
        self._say("searching: depth 1 …")

        def progress(depth, calls, move, score):
            self.bar.max = max(self.bar.max, depth)
            self.bar.value = depth
            self._say(f"depth {depth} done: {calls:,} calls so far; best move so far {move}, "
                      f"value {self._value(score)}; searching depth {depth + 1} …")
            if also is not None:
                also(depth, calls, move, score)

        self.result = iterative_deepening(game, state, progress=progress, **options)
        self._finish(self.result)
        return self.result

    def _finish(self, result: SearchResult) -> None:
        self.bar.bar_style = "warning" if result.interrupted else "success"
        tail = f"best move {result.move}, value {self._value(result.score)}"
        if result.interrupted:
            self._say(f"interrupted at depth {result.depth}: best move so far {result.move} "
                      f"({result.stats.calls:,} calls)")
        elif result.solved:  # every line reached the end of the game: nothing deeper to search
            self.bar.value = self.bar.max
            self._say(f"solved at depth {result.depth}: {result.stats.calls:,} calls; {tail}")
        else:
            self._say(f"stopped after depth {result.depth} (the budget ran out): "
                      f"{result.stats.calls:,} calls; {tail}")

    def _value(self, score) -> str:
        return value_text(score, signed=self._signed)

    def _say(self, text: str) -> None:
        self.text = text
        self.label.value = f"<span style='font-size:14px'>{html.escape(text)}</span>"


def _check_names(options: dict) -> None:
    """Every option one of iterative deepening's (a misspelt or foreign one named in words)."""
    known = [name for name in inspect.signature(iterative_deepening).parameters if name not in ("game", "state")]
    unknown = sorted(name for name in options if name not in known)
    if unknown:
        raise InvalidOption(f"{unknown[0]!r} is not an option of the search shown here, iterative deepening; "
                            f"its options are {', '.join(known)}")


def search_with_progress(game, state: Any = None, *, display: Callable | None = None, **options) -> SearchResult:
    """Run :func:`~minimax_viz.iterative_deepening` with a live :class:`SearchProgress` view.

    The view is shown with ``display`` (IPython's, by default) before the search starts;
    the options are those of ``iterative_deepening`` (``seconds``, ``max_depth`` ...)::

        result = mv.search_with_progress(mv.ConnectFour(), "4455", seconds=5)

    Parameters
    ----------
    game : Game
        The game to search.
    state : object, optional
        The position to search from (``None``, the default: the game's start).
    display : callable or None, optional
        The function that shows the view (``None``: IPython's ``display``).
    **options
        The options of :func:`~minimax_viz.iterative_deepening`.

    Returns
    -------
    SearchResult
        What :func:`~minimax_viz.iterative_deepening` returned.

    Raises
    ------
    InvalidOption
        As :meth:`SearchProgress.run`, before anything is shown.

    Examples
    --------
    >>> from minimax_viz import GameTree
    >>> shown = []
    >>> search_with_progress(GameTree([[3, 12], [2]]), display=shown.append).score
    3
    >>> shown[0].text
    'solved at depth 2: 9 calls; best move 0, value 3'
    """
    progress = options.get("progress")
    if progress is not None and not callable(progress):
        raise InvalidOption(f"progress must be a function (depth, calls, move, score), not {short_repr(progress)}")
    if not isinstance(game, Game):
        raise InvalidOption(f"game must be a Game such as TicTacToe() or ConnectFour(), not {short_repr(game)}")
    _check_names(options)
    if display is not None and not callable(display):
        raise InvalidOption(f"display must be a function that shows the view (IPython's display, the default), "
                            f"not {short_repr(display)}")
    view = SearchProgress()
    if display is None:
        from IPython.display import display
    display(view)
    return view.run(game, state, **options)
