"""Seeded random positions of a game, for the tests that compare searches on many of them.

>>> from minimax_viz import TicTacToe
>>> len(seeded_positions(TicTacToe(), seed=1, count=3, plies=range(2, 5)))
3
"""

from __future__ import annotations

import random


def random_position(game, rng: random.Random, plies: int):
    """A position after ``plies`` random moves from the start, the game still on (or None)."""
    code = game.start()
    for _ in range(plies):
        children = game.successors(code)
        if not children:
            return None
        code = rng.choice(children)[1]
    return code if game.outcome(code) is None else None


def seeded_positions(game, seed: int, count: int, plies) -> list:
    """``count`` unfinished positions, each after a number of random moves drawn from ``plies``."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        code = random_position(game, rng, rng.choice(plies))
        if code is not None:
            found.append(code)
    return found
