"""Beyond plain alpha-beta: move ordering, the memo table and iterative deepening.

Prints one table: calls, memo hits, seconds and the answer, with and without
centre-first ordering and the table, for tic-tac-toe (the empty board) and for Connect
Four (the empty board to a fixed depth, a mid-game position under the ~1 s iterative-
deepening budget, and end-games with 12 empty cells solved exactly). Run with
``python benchmarks/bench_beyond.py [--seconds S] [--depth D]``.

Targets (issue 6): on the empty tic-tac-toe board, centre-first ordering plus the table
at most 2,500 calls; the AI answers within about a second from any position; end-games
with 12 or fewer empty cells solved exactly within seconds.
"""

from __future__ import annotations

import argparse
import time

import minimax_viz as mv

OPTIONS = [
    ("cell order", dict(order=None, memo=False)),
    ("centre first", dict(order=mv.centre_first, memo=False)),
    ("memo table", dict(order=None, memo=True)),
    ("centre first + memo", dict(order=mv.centre_first, memo=True)),
]

#: A middle game: 14 discs, X to move (two engine players at 0.3 s a move).
MIDDLE = "44444432255555"
#: End-games with 12 empty cells: the first from Pascal Pons' test set Test_L3_R1
#: (score 2 for the player to move), the second from a random game (seed 99), a draw.
END_GAMES = ["427566236745127177115664464254", "442522227136456651542576634533"]


def timed(fn):
    start = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - start


def score(value) -> str:
    if isinstance(value, float) and not value.is_integer():
        return f"{value:+.4f}"
    return f"{int(value):+d}" if value else "0"


def row(position: str, how: str, result, seconds: float, depth="") -> str:
    stats = result.stats
    return (
        f"{position:34} {how:22} {str(depth):>5} {stats.calls:>9,} {stats.hits:>7,} "
        f"{seconds:>8.3f} {score(result.score):>8} {result.move!s:>5}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="iterative-deepening budget")
    parser.add_argument("--depth", type=int, default=8, help="fixed depth on the empty Connect Four board")
    args = parser.parse_args()
    ttt, c4 = mv.TicTacToe(), mv.ConnectFour()

    print(f"{'position':34} {'alphabeta with':22} {'depth':>5} {'calls':>9} {'hits':>7} "
          f"{'seconds':>8} {'score':>8} {'move':>5}")
    for how, options in OPTIONS:
        result, t = timed(lambda: mv.alphabeta(ttt, record=False, **options))
        print(row("tic-tac-toe, empty board", how, result, t, "all"))
    for how, options in OPTIONS:
        result, t = timed(lambda: mv.alphabeta(c4, depth=args.depth, record=False, **options))
        print(row("Connect Four, empty board", how, result, t, args.depth))
    for how, options in OPTIONS:
        result, t = timed(lambda: mv.iterative_deepening(
            c4, MIDDLE, seconds=args.seconds, **options))
        print(row(f"C4 middle {MIDDLE}", f"{how}, {args.seconds:g} s", result, t, result.depth))
    for moves in END_GAMES:
        empty = c4.moves_left(moves)
        for how, options in OPTIONS:
            result, t = timed(lambda: mv.alphabeta(c4, moves, quick_wins=True, record=False, **options))
            assert result.solved
            print(row(f"C4 end-game, {empty} empty", how, result, t, "all"))
    print()
    print("Connect Four middle game:")
    print(c4.to_text(MIDDLE))
    best = mv.alphabeta(ttt, order=mv.centre_first, memo=True, record=False)
    print()
    print(f"tic-tac-toe, centre first + memo: {best.stats.calls:,} calls   (target <= 2,500)")
    print("end-game scores are quick-wins scores for X: 1 + the empty cells when the game ends")


if __name__ == "__main__":
    main()
