"""minimax_viz: minimax and alpha-beta, recorded call by call and drawn as trees.

>>> import minimax_viz as mv
>>> result = mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)
>>> result.move, result.score, result.stats.calls
(4, 1, 9)
"""

__version__ = "0.1.0"  # the package's version (pyproject.toml reads it); CHANGELOG.md says what changed

import importlib.util

#: Where each public name lives: a name is imported from its module the first time it is
#: read (``mv.minimax``, ``from minimax_viz import minimax``), so ``import minimax_viz`` itself
#: loads nothing else, as in the lazy loading of Scientific Python's SPEC 1. The command line
#: (``python -m minimax_viz``, which imports this package first) can then answer a Ctrl-C at
#: any point of its work in one line.
_HOMES = {
    "errors": ("ChanceNodeError", "InvalidBoard", "InvalidMove", "InvalidOption", "InvalidTree", "MinimaxError",
               "TreeTooLarge"),
    "games": ("Chess", "ConnectFour", "Game", "GameTree", "TicTacToe"),
    "search": ("SearchResult", "SearchStats", "alphabeta", "best_first", "centre_first", "expectimax",
               "expectiminimax", "iterative_deepening", "minimax"),
    "trace": ("Event", "Node", "SearchTree", "format_value"),
    "layout": ("tidy_layout",),
    "scene": ("Scene",),
    "draw": ("TreeView", "draw_crosstable", "draw_difference", "draw_tree", "principal_variation", "score_text",
             "tree_png"),
    "learner": ("LearnerResult", "record_calls"),
    "compare": ("Difference", "first_difference"),
    "widgets": ("Explorer", "PlayBoard", "PruningQuiz", "SearchProgress", "Stepper", "search_with_progress"),
    "players": ("Budget", "BudgetSpent", "MatchResult", "Replay", "alphabeta_player", "deepening_player",
                "greedy_player", "play_match", "positions_generated", "random_player"),
    "arena": ("connectx_agent", "connectx_match"),
}
_HOME = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str):
    """A public name, imported from its module the first time it is read (then kept here); a
    submodule (``mv.exercises``, ``mv.tutorial``) imported the same way."""
    home = _HOME.get(name)
    if home is not None:
        value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    elif not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        value = importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def load_ipython_extension(ipython) -> None:
    """``%load_ext minimax_viz``: the ``%%solution`` cell magic of the lessons' worked solutions,
    and the checks' watch on the cells that run (see :mod:`minimax_viz.exercises.extension`,
    imported only here: ``import minimax_viz`` alone changes nothing in IPython)."""
    from .exercises.extension import load_ipython_extension as load

    load(ipython)


def unload_ipython_extension(ipython) -> None:
    """``%unload_ext minimax_viz``: take ``%%solution`` and the watch on the cells out again."""
    from .exercises.extension import unload_ipython_extension as unload

    unload(ipython)


__all__ = [
    "Game", "TicTacToe", "GameTree", "ConnectFour", "Chess",
    "minimax", "alphabeta", "expectimax", "expectiminimax", "iterative_deepening", "centre_first", "best_first",
    "SearchResult", "SearchStats", "record_calls", "LearnerResult", "first_difference", "Difference",
    "SearchTree", "Node", "Event", "format_value", "Scene",
    "draw_tree", "draw_difference", "TreeView", "tree_png", "tidy_layout", "principal_variation", "score_text",
    "Stepper", "Explorer", "PlayBoard", "PruningQuiz", "SearchProgress", "search_with_progress",
    "play_match", "Budget", "BudgetSpent", "MatchResult", "Replay", "draw_crosstable",
    "random_player", "greedy_player", "alphabeta_player", "deepening_player", "positions_generated",
    "exercises", "tutorial",
    "connectx_agent", "connectx_match",
    "MinimaxError", "InvalidBoard", "InvalidMove", "InvalidTree", "InvalidOption", "TreeTooLarge",
    "ChanceNodeError",
]
