"""minimax_viz: minimax and alpha-beta, recorded call by call and drawn as trees.

>>> import minimax_viz as mv
>>> result = mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)
>>> result.move, result.score, result.stats.calls
(4, 1, 9)
"""

from .errors import InvalidBoard, InvalidMove, InvalidOption, InvalidTree, MinimaxError, TreeTooLarge
from .games import Game, GameTree, TicTacToe
from .search import SearchResult, SearchStats, alphabeta, minimax
from .trace import Event, Node, SearchTree
from .layout import tidy_layout
from .draw import TreeView, draw_tree, principal_variation, tree_png
from . import exercises, tutorial

__all__ = [
    "Game", "TicTacToe", "GameTree",
    "minimax", "alphabeta", "SearchResult", "SearchStats",
    "SearchTree", "Node", "Event",
    "draw_tree", "TreeView", "tree_png", "tidy_layout", "principal_variation",
    "exercises", "tutorial",
    "MinimaxError", "InvalidBoard", "InvalidMove", "InvalidTree", "InvalidOption", "TreeTooLarge",
]
