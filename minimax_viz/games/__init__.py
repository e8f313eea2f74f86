"""The games: rules only, no search and no drawing."""

from .base import Game
from .connect_four import ConnectFour
from .explicit import GameTree
from .tictactoe import TicTacToe

__all__ = ["Game", "GameTree", "TicTacToe", "ConnectFour", "Chess"]


def __getattr__(name: str):
    """``Chess`` is looked up at its first use: python-chess is imported only when chess is played."""
    if name == "Chess":
        from .chess import Chess

        return Chess
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
