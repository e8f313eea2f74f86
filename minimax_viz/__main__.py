"""Command line: draw a search tree to PNG or SVG, or print its text trace.

    python -m minimax_viz draw -o tree.png                 # the tutorial position
    python -m minimax_viz draw --algorithm alphabeta --step 7 -o frame.png
    python -m minimax_viz draw --tree "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]" -o aima.svg
    python -m minimax_viz draw --board ......... --focus 1 -o corner.png   # around node 1
    python -m minimax_viz trace --board X.OX.XOO.
    python -m minimax_viz student-copy handout/ --nbgrader --otter   # lessons for a class

A bad option or board prints one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import ast
import sys

from .errors import ChanceNodeError, MinimaxError, short_repr
from .games import GameTree, TicTacToe
from .search import alphabeta, expectimax, expectiminimax, minimax
from .trace import format_value

#: The searches ``--algorithm`` names.
SEARCHES = {"minimax": minimax, "alphabeta": alphabeta, "expectimax": expectimax, "expectiminimax": expectiminimax}

__all__ = ["main"]

TUTORIAL = "X.OX.XOO."


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m minimax_viz",
        description="Run minimax, alpha-beta or expectimax on a position and draw or print the recorded tree.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (("draw", "draw the tree to a PNG or SVG file"), ("trace", "print every call, in order")):
        p = sub.add_parser(name, help=text, description=text)
        p.add_argument("--board", default=TUTORIAL,
                       help="tic-tac-toe board as 9 characters, X, O and . for empty, read row by row "
                            f"(default: the tutorial's {TUTORIAL})")
        p.add_argument("--tree", help="a textbook tree as nested lists instead of a board, "
                                      'e.g. "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"')
        p.add_argument("--algorithm", choices=tuple(SEARCHES), default="minimax",
                       help="the search to run (default: minimax; expectimax or expectiminimax for a "
                            "tree with chance nodes)")
        p.add_argument("--depth", type=int, help="stop this many plies down and use the heuristic")
        if name == "draw":
            p.add_argument("-o", "--output", required=True, help="file to write; .png or .svg")
            p.add_argument("--step", type=int, help="draw the tree as it stood after this replay step")
            p.add_argument("--window", action="store_true", help="show alpha and beta at each node")
            p.add_argument("--focus", type=int, help="draw around this node (its index; default the root)")
            p.add_argument("--dpi", type=int, default=100,
                           help="resolution of a PNG (default: 100; lowered if the picture would pass 1,000 px)")
    text = "write the lessons without solutions or outputs, and optionally for nbgrader and otter-grader"
    p = sub.add_parser("student-copy", help=text, description=text)
    p.add_argument("out", metavar="OUT_DIR", help="folder to write the student copies to")
    p.add_argument("--source", default="notebooks", help="folder of the lessons (default: notebooks)")
    p.add_argument("--lessons", nargs="+", metavar="NN",
                   help="only these lessons, by number (01) or name (default: all)")
    p.add_argument("--nbgrader", action="store_true",
                   help="also write an nbgrader course folder to OUT_DIR/nbgrader (one assignment per lesson)")
    p.add_argument("--otter", action="store_true",
                   help="also write otter-grader master notebooks to OUT_DIR/otter")
    return parser


def _student_copy(args) -> int:
    from .handout import write_handouts

    written = write_handouts(args.source, args.out, lessons=args.lessons,
                             nbgrader=args.nbgrader, otter=args.otter)
    for path in written:
        print(f"wrote {path}")
    return 0


def _search(args):
    if args.tree is not None:
        try:
            nested = ast.literal_eval(args.tree)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise MinimaxError(f"--tree must be nested lists of numbers, like [[3, 12], [2, 4]], not {short_repr(args.tree)}")
        game, state = GameTree(nested), None
    else:
        game, state = TicTacToe(), args.board
    try:
        return SEARCHES[args.algorithm](game, state, depth=args.depth)
    except ChanceNodeError:   # the search's words name the function; here the option answers
        raise MinimaxError(
            f"--algorithm {args.algorithm} cannot search a tree with chance nodes (their outcomes come "
            "with probabilities, nobody chooses); pass --algorithm expectimax (Min moving at random) "
            "or --algorithm expectiminimax (Min choosing)"
        ) from None


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "student-copy":
            return _student_copy(args)
        result = _search(args)
        if args.command == "trace":
            return _print(result.tree.text(limit=10_000))
        if not args.output.lower().endswith((".png", ".svg")):
            raise MinimaxError(f"--output must end in .png or .svg, not {args.output!r}")
        if not 20 <= args.dpi <= 300:
            raise MinimaxError(f"--dpi must be from 20 to 300 (100 is the usual), not {args.dpi}")
        _draw(result, args)
    except MinimaxError as err:
        print(f"python -m minimax_viz: error: {err}", file=sys.stderr)
        return 2
    except OSError as err:  # a folder that does not exist, a file we may not write
        print(f"python -m minimax_viz: error: cannot write {args.output!r}: {err.strerror or err}",
              file=sys.stderr)
        return 2
    except (MemoryError, RecursionError):
        print("python -m minimax_viz: error: the tree is too large to search and draw here; "
              "give --depth, or a smaller --tree", file=sys.stderr)
        return 2
    print(f"wrote {args.output}: {result.tree.algorithm}, {result.stats.calls:,} calls, "
          f"move {result.move}, score {format_value(result.score)}")
    return 0


def _print(text: str) -> int:
    """Print the trace; a reader that stops early (``| head``) ends it quietly."""
    import os

    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # no second error at exit
    return 0


def _draw(result, args) -> None:
    from .draw import TreeView

    view = TreeView(result.tree, pyplot=False, frames=args.step is not None, window=args.window or None,
                    focus=args.focus)
    view.show(args.step)
    if args.output.lower().endswith(".png"):
        with open(args.output, "wb") as out:
            out.write(view.png(dpi=args.dpi))
    else:
        view.ax.figure.savefig(args.output, bbox_inches="tight")


if __name__ == "__main__":
    sys.exit(main())
