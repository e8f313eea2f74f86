"""The games: rules only, no search and no drawing."""

from .base import Game
from .explicit import GameTree
from .tictactoe import TicTacToe

__all__ = ["Game", "GameTree", "TicTacToe"]
