"""Write the course's reference figures to PNG files, for people to look at.

    python scripts/figures.py [folder]      (default: test-artifacts/figures)

The tutorial position (minimax and alpha-beta, the whole tree and the tutorial's three
review diagrams as replay frames), AIMA figure 5.2 with alpha-beta, a depth-limited
tree, a 1,000-node tree and the whole game collapsed.
"""

from __future__ import annotations

import sys
from pathlib import Path

import minimax_viz as mv
from minimax_viz.draw import tree_png


def figures():
    game = mv.TicTacToe()
    board = mv.TicTacToe.TUTORIAL_BOARD
    tut = mv.minimax(game, board).tree
    yield "tutorial-minimax", tut, {}
    yield "tutorial-alphabeta", mv.alphabeta(game, board).tree, {}
    for n, child in enumerate(tut.root.children, 1):
        yield f"tutorial-review-{n}", tut, {"upto": child.return_step}
    yield "tutorial-alphabeta-step-7", mv.alphabeta(game, board).tree, {"upto": 7}
    yield "aima-5.2-alphabeta", mv.alphabeta(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree, {}
    yield "depth-2-heuristic", mv.minimax(game, "X...O....", depth=2).tree, {}
    yield "alphabeta-417-nodes", mv.alphabeta(game, "X.O.X....").tree, {}
    yield "minimax-1061-nodes", mv.minimax(game, "XO..X....").tree, {}
    yield "whole-game-collapsed", mv.minimax(game).tree, {}


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "test-artifacts/figures")
    out.mkdir(parents=True, exist_ok=True)
    for name, tree, options in figures():
        path = out / f"{name}.png"
        path.write_bytes(tree_png(tree, dpi=90, **options))
        print(path)


if __name__ == "__main__":
    main()
