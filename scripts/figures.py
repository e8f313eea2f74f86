"""Write the course's reference figures to PNG files, for people to look at.

    python scripts/figures.py [folder]      (default: test-artifacts/figures)

The tutorial position (minimax and alpha-beta, the whole tree and the tutorial's three
review diagrams as replay frames), AIMA figure 5.2 with alpha-beta, a depth-limited
tree, a 1,000-node tree, the whole game around its root and around a focus further
down, replay frames of a search too big to draw whole (the picture follows the call),
and Connect Four (a heuristic in window points, an alpha-beta tree with bounds). Every
figure is at most 1,000 px wide (``tests/test_figures.py`` checks it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

import minimax_viz as mv
from minimax_viz.draw import tree_png

#: The resolution of the reference figures: JupyterLab shows a PNG at 1 px per pixel.
DPI = 100


def figures() -> Iterator[tuple[str, object, dict]]:
    """``(name, tree, drawing options)`` for every reference figure."""
    game = mv.TicTacToe()
    board = mv.TicTacToe.TUTORIAL_BOARD
    tut = mv.minimax(game, board).tree
    tut_ab = mv.alphabeta(game, board).tree
    yield "tutorial-minimax", tut, {}
    yield "tutorial-alphabeta", tut_ab, {}
    for n, child in enumerate(tut.root.children, 1):
        yield f"tutorial-review-{n}", tut, {"upto": child.return_step}
    yield "tutorial-alphabeta-step-7", tut_ab, {"upto": 7}
    yield "aima-5.2-alphabeta", mv.alphabeta(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree, {}
    yield "depth-2-heuristic", mv.minimax(game, "X...O....", depth=2).tree, {}
    yield "alphabeta-417-nodes", mv.alphabeta(game, "X.O.X....").tree, {}
    yield "minimax-1061-nodes", mv.minimax(game, "XO..X....").tree, {}
    whole = mv.minimax(game).tree
    yield "whole-game-root", whole, {}
    centre = whole.root.children[4]
    yield "whole-game-focus-centre", whole, {"focus": centre}
    yield "whole-game-focus-centre-corner", whole, {"focus": centre.children[0]}
    deep = centre.children[0].children[0].children[0]
    yield "whole-game-focus-deep", whole, {"focus": deep}
    empty_ab = mv.alphabeta(game).tree
    for k in (3, 40, 2000, empty_ab.n_steps // 2):
        yield f"empty-alphabeta-frame-{k}", empty_ab, {"upto": k}
    c4 = mv.ConnectFour()
    threat = c4.from_moves("4455443")
    yield "connect-four-depth-1", mv.alphabeta(c4, threat, depth=1).tree, {}
    yield "connect-four-depth-2-minimax", mv.minimax(c4, threat, depth=2).tree, {}
    yield "connect-four-why", mv.alphabeta(c4, c4.from_moves("443"), depth=4, order=mv.centre_first).tree, {}


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "test-artifacts/figures")
    out.mkdir(parents=True, exist_ok=True)
    for name, tree, options in figures():
        path = out / f"{name}.png"
        path.write_bytes(tree_png(tree, dpi=DPI, **options))
        print(path)


if __name__ == "__main__":
    main()
