"""Command line: draw a search tree to PNG or SVG, or print its text trace.

    python -m minimax_viz draw -o tree.png                 # the tutorial position
    python -m minimax_viz draw --algorithm alphabeta --step 7 -o frame.png
    python -m minimax_viz draw --tree "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]" -o aima.svg
    python -m minimax_viz draw --board ......... --focus 1 -o corner.png   # around node 1
    python -m minimax_viz trace --board X.OX.XOO.
    python -m minimax_viz student-copy student --teacher teacher --nbgrader --otter   # for a class

Every error (a bad option or board, a file that cannot be written, a folder that holds a
learner's work) prints one line and exits with status 2; Ctrl-C prints one line and exits
with status 130. Files are written whole or not at all.
"""

from __future__ import annotations

import sys

# Only sys here: everything else is imported inside main, under its Ctrl-C guard (the package
# itself, which ``python -m`` imports first, loads nothing until a name is read).

#: The searches ``--algorithm`` names (functions of minimax_viz.search).
SEARCH_NAMES = ("minimax", "alphabeta", "expectimax", "expectiminimax")

__all__ = ["main"]

TUTORIAL = "X.OX.XOO."
PROG = "python -m minimax_viz"


def _fail(message: str, status: int = 2) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return status


def _parser():
    import argparse

    class _Parser(argparse.ArgumentParser):
        """argparse, but a usage error is one line (the usage itself is in ``--help``)."""

        def error(self, message: str):
            self.exit(2, f"{self.prog}: error: {message} ({self.prog} --help lists the options)\n")

    parser = _Parser(
        prog=PROG,
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
        p.add_argument("--algorithm", choices=SEARCH_NAMES, default="minimax",
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
    text = ("write the lessons without solutions or outputs for students, and the nbgrader and "
            "otter-grader versions (with the solutions) to a separate teacher's folder")
    p = sub.add_parser("student-copy", help=text, description=text)
    p.add_argument("out", metavar="OUT_DIR", help="folder to write the student copies to (nothing else goes there)")
    p.add_argument("--teacher", metavar="DIR",
                   help="the teacher's folder, apart from OUT_DIR, for the graders' versions (they hold the solutions)")
    p.add_argument("--source", default="notebooks", help="folder of the lessons (default: notebooks)")
    p.add_argument("--lessons", nargs="+", metavar="NN",
                   help="only these lessons, by number (01) or name (default: all)")
    p.add_argument("--nbgrader", action="store_true",
                   help="also write an nbgrader course folder to DIR/nbgrader (one assignment per lesson)")
    p.add_argument("--otter", action="store_true",
                   help="also write otter-grader master notebooks to DIR/otter")
    p.add_argument("--force", action="store_true",
                   help="write even into folders that hold other files or files changed since the last run "
                        "(the files student-copy makes are replaced; no other file is touched)")
    return parser


def _student_copy(args) -> int:
    from pathlib import Path

    from .handout import EDITED, MANIFEST, write_handouts

    written = write_handouts(args.source, args.out, teacher=args.teacher, lessons=args.lessons,
                             nbgrader=args.nbgrader, otter=args.otter, force=args.force)
    out = [p for p in written if p.name != MANIFEST]
    students = [p for p in out if Path(args.out).resolve() in p.resolve().parents]
    copies = "copy" if len(students) == 1 else "copies"
    if EDITED:
        print(f"note: {len(EDITED)} lesson{'s' * (len(EDITED) > 1)} in {args.source} "
              f"{'differ' if len(EDITED) > 1 else 'differs'} from the course as "
              f"shipped ({', '.join(EDITED)}): the copies were made from the shipped lessons, not the edited ones")
    print(f"wrote {len(students)} student {copies} to {args.out} (no solutions: hand this folder out)")
    if args.teacher is not None:
        print(f"wrote {len(out) - len(students)} files for the graders to {args.teacher} "
              "(they hold the solutions: keep this folder to yourself)")
    return 0


def _search(args):
    import ast

    from . import search
    from .errors import ChanceNodeError, MinimaxError, short_repr
    from .games import GameTree, TicTacToe

    if args.tree is not None:
        try:
            nested = ast.literal_eval(args.tree)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise MinimaxError("--tree must be nested lists of numbers, like [[3, 12], [2, 4]], "
                               f"not {short_repr(args.tree)}") from None
        game, state = GameTree(nested), None
    else:
        game, state = TicTacToe(), args.board
    try:
        return getattr(search, args.algorithm)(game, state, depth=args.depth)
    except ChanceNodeError:   # the search's words name the function; here the option answers
        raise MinimaxError(
            f"--algorithm {args.algorithm} cannot search a tree with chance nodes (their outcomes come "
            "with probabilities, nobody chooses); pass --algorithm expectimax (Min moving at random) "
            "or --algorithm expectiminimax (Min choosing)"
        ) from None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the exit status (0, 2 on an error, 130 on Ctrl-C).

    A Ctrl-C at any point, even while the package's parts are still being imported, ends in
    one line and status 130.
    """
    try:
        return _run(argv)
    except KeyboardInterrupt:
        return _fail("interrupted; every file is as it was or written whole", 130)


def _run(argv: list[str] | None) -> int:
    """The command, its errors in one line each (a KeyboardInterrupt is left to :func:`main`)."""
    from .errors import MinimaxError

    try:
        args = _parser().parse_args(argv)
        if args.command == "student-copy":
            return _student_copy(args)
        return _search_command(args)
    except MinimaxError as err:
        return _fail(str(err))
    except OSError as err:  # a folder that does not exist, a file we may not write
        where = f" {err.filename}" if err.filename else ""
        return _fail(f"cannot write{where}: {err.strerror or err}")
    except (MemoryError, RecursionError):
        return _fail("the tree is too large to search and draw here; give --depth, or a smaller --tree")
    except Exception as err:  # noqa: BLE001 - a command line never ends in a traceback
        return _fail(f"unexpected {type(err).__name__}: {err} (please report it)")


def _print(text: str) -> int:
    """Print the trace; a reader that stops early (``| head``) ends it quietly."""
    import os

    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # no second error at exit
    return 0


def _picture_target(output: str):
    """Where ``draw -o`` may write (a Path): a new file, or a regular file the user may write to;
    never through a link, over a FIFO or a device (words say which, with status 2)."""
    from .files import replaceable

    return replaceable(output)


def _search_command(args) -> int:
    from .errors import MinimaxError
    from .files import write_atomic
    from .trace import format_value

    result = _search(args)
    if args.command == "trace":
        return _print(result.tree.text(limit=10_000))
    if not args.output.lower().endswith((".png", ".svg")):
        raise MinimaxError(f"--output must end in .png or .svg, not {args.output!r}")
    if not 20 <= args.dpi <= 300:
        raise MinimaxError(f"--dpi must be from 20 to 300 (100 is the usual), not {args.dpi}")
    target = _picture_target(args.output)
    write_atomic(target, _picture(result, args))
    print(f"wrote {args.output}: {result.tree.algorithm}, {result.stats.calls:,} calls, "
          f"move {result.move}, score {format_value(result.score)}")
    return 0


def _picture(result, args) -> bytes:
    """The whole picture, in memory: the file is written only once it is complete."""
    import io

    from .draw import TreeView

    view = TreeView(result.tree, pyplot=False, frames=args.step is not None, window=args.window or None,
                    focus=args.focus)
    view.show(args.step)
    if args.output.lower().endswith(".png"):
        return view.png(dpi=args.dpi)
    buffer = io.BytesIO()
    view.ax.figure.savefig(buffer, format="svg", bbox_inches="tight")
    return buffer.getvalue()


if __name__ == "__main__":
    status = main()
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the work is done: a Ctrl-C while Python exits changes nothing
    sys.exit(status)
