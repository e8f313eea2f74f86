"""minimax_viz: minimax and alpha-beta, recorded call by call and drawn as trees.

>>> import minimax_viz as mv
>>> result = mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)
>>> result.move, result.score, result.stats.calls
(4, 1, 9)
"""

__version__ = "0.1.0"  # the package's version (pyproject.toml reads it); CHANGELOG.md says what changed

from .errors import ChanceNodeError, InvalidBoard, InvalidMove, InvalidOption, InvalidTree, MinimaxError, TreeTooLarge
from .games import Chess, ConnectFour, Game, GameTree, TicTacToe
from .search import (
    SearchResult, SearchStats, alphabeta, best_first, centre_first, expectimax, expectiminimax,
    iterative_deepening, minimax,
)
from .trace import Event, Node, SearchTree, format_value
from .layout import tidy_layout
from .scene import Scene
from .draw import TreeView, draw_crosstable, draw_difference, draw_tree, principal_variation, score_text, tree_png
from .learner import LearnerResult, record_calls
from .compare import Difference, first_difference
from .widgets import (  # ipywidgets is imported only when one is made
    Explorer, PlayBoard, PruningQuiz, SearchProgress, Stepper, search_with_progress,
)
from .players import (
    Budget, BudgetSpent, MatchResult, Replay, alphabeta_player, deepening_player, greedy_player, play_match,
    positions_generated, random_player,
)
from .arena import connectx_agent, connectx_match
from . import exercises, tutorial


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
