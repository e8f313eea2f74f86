"""Speed and memory of chess through the Game interface, beside python-chess's own push and pop.

Prints two tables. Perft (the leaves counted to a depth) from the start position and from
"Kiwipete" (chessprogramming.org's perft position 2): python-chess walking its own board
with ``push`` and ``pop``, then the same walk through ``mv.Chess()``'s ``moves`` and
``play`` (a new position per move, no FEN written), and their ratio. Then searches of the
Ruy Lopez after 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6: an unrecorded alpha-beta of depth 4, and
recorded alpha-beta of depth 3 with the bytes per recorded node (tracemalloc: the peak
during the search, and what the finished tree keeps). Run with
``python benchmarks/bench_chess.py [--repeat N] [--deep]`` (``--deep`` adds perft 4).

Targets (issue 36): perft through the Game interface at most 2.5x python-chess's push/pop
perft on the same position. The machine may be shared: rows are timed in interleaved
rounds and the best of each is shown (``--repeat``).
"""

from __future__ import annotations

import argparse
import gc
import tracemalloc

import chess

import minimax_viz as mv
from bench_search import best_times   # the same timing as the search benchmark

START = chess.STARTING_FEN
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#: Published perft counts (chessprogramming.org, "Perft Results").
PERFT = {(START, 3): 8_902, (START, 4): 197_281, (KIWIPETE, 3): 97_862, (KIWIPETE, 4): 4_085_603}


def ruy_lopez() -> str:
    board = chess.Board()
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5", "a6"):
        board.push_san(san)
    return board.fen()


def perft_push_pop(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += perft_push_pop(board, depth - 1)
        board.pop()
    return n


def perft_game(game, state, depth: int) -> int:
    if depth == 0:
        return 1
    n = 0
    for move in game.moves(state):
        n += perft_game(game, game.play(state, move), depth - 1)
    return n


def traced_bytes(fn) -> tuple[int, int]:
    """``(peak, kept)``: the peak of traced memory while ``fn()`` runs, and what its answer
    still holds once it has returned."""
    gc.collect()
    tracemalloc.start()
    answer = fn()
    gc.collect()
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del answer
    return peak, kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="timed rounds (the best of each row is shown)")
    parser.add_argument("--deep", action="store_true", help="perft to depth 4 too (about a minute)")
    args = parser.parse_args()
    game = mv.Chess()

    print(f"{'perft':24} {'leaves':>10} {'push/pop s':>11} {'Game s':>9} {'ratio':>6}")
    depths = (3, 4) if args.deep else (3,)
    worst = 0.0
    for name, fen in (("start", START), ("Kiwipete", KIWIPETE)):
        for depth in depths:
            board, state = chess.Board(fen), game.state(fen)
            counts = perft_push_pop(board, depth), perft_game(game, state, depth)
            assert counts == (PERFT[fen, depth],) * 2, f"perft {name} {depth}: {counts}, published {PERFT[fen, depth]}"
            pc_t, game_t = best_times([lambda: perft_push_pop(board, depth), lambda: perft_game(game, state, depth)],
                                      args.repeat)
            worst = max(worst, game_t / pc_t)
            print(f"{name + ', depth ' + str(depth):24} {counts[0]:>10,} {pc_t:>11.3f} {game_t:>9.3f} "
                  f"{game_t / pc_t:>5.2f}x")
    print(f"worst ratio: {worst:.2f}x (target <= 2.5x)")
    print()

    ruy = ruy_lopez()
    (d4_t,) = best_times([lambda: mv.alphabeta(game, ruy, depth=4, record=False)], args.repeat)
    d4 = mv.alphabeta(game, ruy, depth=4, record=False)
    (d3_t,) = best_times([lambda: mv.alphabeta(game, ruy, depth=3)], args.repeat)
    d3 = mv.alphabeta(game, ruy, depth=3)
    peak, kept = traced_bytes(lambda: mv.alphabeta(game, ruy, depth=3))
    n = len(d3.tree)
    print(f"Ruy Lopez, after 3...a6 ({ruy})")
    print(f"{'search':34} {'calls':>8} {'seconds':>8} {'move':>6} {'score':>6}")
    print(f"{'alphabeta depth=4, record=False':34} {d4.stats.calls:>8,} {d4_t:>8.3f} {d4.move:>6} {d4.score:>6}")
    print(f"{'alphabeta depth=3, recorded':34} {d3.stats.calls:>8,} {d3_t:>8.3f} {d3.move:>6} {d3.score:>6}")
    print(f"bytes per recorded node (depth 3, {n:,} nodes): {peak / n:.0f} B at the peak, "
          f"{kept / n:.0f} B kept by the finished tree")


if __name__ == "__main__":
    main()
