"""The games: rules only, no search and no drawing."""

from .base import Game
from . import cs188  # noqa: F401 (it adds the reader of GameTree.from_cs188)
from .chess import Chess
from .connect_four import ConnectFour
from .explicit import GameTree
from .tictactoe import TicTacToe

__all__ = ["Game", "GameTree", "TicTacToe", "ConnectFour", "Chess"]

