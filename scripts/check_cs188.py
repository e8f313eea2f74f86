"""Check minimax_viz against UC Berkeley CS188's autograder trees (project 2, q2-q4).

Usage: ``python scripts/check_cs188.py [FOLDER]``. FOLDER holds ``q2``, ``q3`` and ``q4``
with CS188's ``GraphGameTreeTest`` files (``NAME.test`` beside ``NAME.solution``); by
default ``../shared/peer/cs188`` next to the repository. The files are CS188's, not part
of this project: they are read where they are, never copied in.

Each tree is read with ``GameTree.from_cs188`` and searched as the test's ``alg`` says:
``MinimaxAgent`` with :func:`minimax`, ``AlphaBetaAgent`` with :func:`alphabeta` and
``prune_on_equal=False`` (CS188 prunes on strict inequality only), ``ExpectimaxAgent``
with :func:`expectimax`, each to ``depth=tree.depth``. A test passes when the move is the
solution's ``action`` and the search's generated states (``tree.generated_states()``)
are the solution's ``generated`` states. One row per test, then a total; the exit
status is 1 when a test fails and 2 when the folder is missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import minimax_viz as mv
from minimax_viz.games.cs188 import read_fields

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "peer" / "cs188"
QUESTIONS = ("q2", "q3", "q4")
SEARCHES = {
    "MinimaxAgent": lambda tree: mv.minimax(tree, depth=tree.depth),
    "AlphaBetaAgent": lambda tree: mv.alphabeta(tree, depth=tree.depth, prune_on_equal=False),
    "ExpectimaxAgent": lambda tree: mv.expectimax(tree, depth=tree.depth),
}


def check(test: Path) -> tuple[bool, str] | None:
    """(passed, what was seen) for one ``.test`` file; None when it is not a game-tree test."""
    fields = read_fields(test.read_text())
    if fields.get("class") != "GraphGameTreeTest":
        return None
    solution = read_fields(test.with_suffix(".solution").read_text())
    tree = mv.GameTree.from_cs188(test.read_text())
    result = SEARCHES[fields["alg"]](tree)
    generated = set(result.tree.generated_states())
    want = set(solution["generated"].split())
    move_ok, states_ok = result.move == solution["action"], generated == want
    seen = f"{fields['alg']:<15} depth {tree.depth:>2} plies  move {result.move!s:<8}"
    seen += " ok " if move_ok else f" (want {solution['action']}) "
    seen += f" {len(generated):>2} generated " + ("ok" if states_ok else (
        f"(missing {sorted(want - generated)}, extra {sorted(generated - want)})"))
    return move_ok and states_ok, seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(DEFAULT),
                        help="the folder with q2, q3 and q4 (default: ../shared/peer/cs188 next to the repository)")
    folder = Path(parser.parse_args(argv).folder)
    if not all((folder / q).is_dir() for q in QUESTIONS):
        print(f"no CS188 test folder at {folder} (it needs {', '.join(QUESTIONS)}); "
              "pass the folder that holds them as the argument", file=sys.stderr)
        return 2
    passed = failed = 0
    for q in QUESTIONS:
        for test in sorted((folder / q).glob("*.test")):
            outcome = check(test)
            if outcome is None:
                print(f"{q}/{test.stem:<36} skipped: not a GraphGameTreeTest")
                continue
            ok, seen = outcome
            passed, failed = passed + ok, failed + (not ok)
            print(f"{q}/{test.stem:<36} {'PASS' if ok else 'FAIL'}  {seen}")
    print(f"\n{passed} of {passed + failed} CS188 game-tree tests pass" + (f", {failed} fail" if failed else ""))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
