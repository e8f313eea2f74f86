"""The limits the benchmarks compare the package against: two searches written for speed alone.

``ttt_negamax(me, them)`` is tic-tac-toe's full minimax as a bit-mask negamax: one call
per node, the won lines and the free cells of every one of the 512 masks precomputed;
it visits exactly the 549,946 nodes of the game tree from the empty board.

:class:`PonsSolver` solves Connect Four positions the way Pascal Pons' tutorial does
(http://blog.gamesolver.org): a negamax with alpha-beta on two bit boards, the columns
tried centre first, an immediate-win check before recursing, the window narrowed to the
best score still reachable, and a bounded transposition table that stores upper bounds.

Pons' score of a position, for the player to move: 0 for a draw; ``(W*H + 1 - n) // 2``
when that player wins with the disc played onto ``n`` discs (the sooner, the higher:
22 minus the number of their own discs for 6 x 7); the negative of the opponent's score
when the opponent wins. The package's ``quick_wins`` score of a won game is its utility
times one plus the empty cells left, ``±(W*H - n)`` for a win played onto ``n`` discs,
for Max (X). So, for the player to move, ``pons = sign(v) * ((|v| + 1) // 2)``
(:func:`pons_from_quick`); as one side always wins on the same parity of ``n``, the
map is one-to-one on the scores a side can reach.
"""

from __future__ import annotations

__all__ = ["ttt_negamax", "ttt_value", "PonsSolver", "pons_from_quick"]

_LINES = (7, 56, 448, 73, 146, 292, 273, 84)
_WON = tuple(any(m & line == line for line in _LINES) for m in range(512))
_FREE = tuple(tuple(1 << i for i in range(9) if not occ >> i & 1) for occ in range(512))


def ttt_negamax(me: int, them: int) -> int:
    """The value for the player to move (+1 win, 0 draw, -1 loss); ``me`` and ``them``
    are 9-bit masks of the cells each holds."""
    if _WON[them]:
        return -1
    free = _FREE[me | them]
    if not free:
        return 0
    best = -2
    for bit in free:
        v = -ttt_negamax(them, me | bit)
        if v > best:
            best = v
    return best


def ttt_value(code: int) -> int:
    """The value for X (Max) of a position in the package's code: X's cells in bits 0-8,
    O's in bits 9-17."""
    x, o = code & 511, code >> 9
    if x.bit_count() == o.bit_count():
        return ttt_negamax(x, o)
    return -ttt_negamax(o, x)


def pons_from_quick(value: int, x_to_move: bool) -> int:
    """Pons' score for the player to move, from the package's ``quick_wins`` value for X."""
    v = value if x_to_move else -value
    return 0 if v == 0 else (1 if v > 0 else -1) * ((abs(v) + 1) // 2)


class PonsSolver:
    """A Connect Four solver in Pascal Pons' style for a ``rows`` x ``cols`` board.

    ``solve(current, mask, moves)`` gives Pons' score (see the module's docstring) of
    the position where ``current`` holds the discs of the player to move, ``mask`` all
    discs, ``moves`` their number; ``nodes`` counts the calls of the last solve.
    """

    def __init__(self, rows: int = 6, cols: int = 7, table_size: int = (1 << 20) + 7):
        self.rows, self.cols = rows, cols
        h1 = rows + 1
        self.size = rows * cols
        self.bottom = tuple(1 << c * h1 for c in range(cols))
        self.top = tuple(1 << rows - 1 + c * h1 for c in range(cols))
        self.column = tuple(((1 << rows) - 1) << c * h1 for c in range(cols))
        centre = cols // 2
        self.order = tuple(centre + (1 - 2 * (i % 2)) * (i + 1) // 2 for i in range(cols))
        self.dirs = (1, h1, h1 - 1, h1 + 1)
        self.table_size = table_size
        self.keys = [-1] * table_size
        self.values = [0] * table_size
        self.min_score = -self.size // 2 + 3
        self.nodes = 0

    def won(self, pos: int) -> bool:
        for d in self.dirs:
            m = pos & pos >> d
            if m & m >> 2 * d:
                return True
        return False

    def solve(self, current: int, mask: int, moves: int) -> int:
        self.nodes = 0
        for c in range(self.cols):
            if not mask & self.top[c] and self.won(current | (mask + self.bottom[c]) & self.column[c]):
                return (self.size + 1 - moves) // 2
        half = self.size // 2
        return self.negamax(current, mask, moves, -half, half)

    def negamax(self, current: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        """Pons' part 4 negamax with his part 6 table: the value within ``(alpha, beta)``."""
        self.nodes += 1
        size = self.size
        if moves == size:   # the board is full: a draw
            return 0
        bottom, top, column, won = self.bottom, self.top, self.column, self.won
        for c in self.order:   # an opponent's immediate win is answered below; own wins first
            if not mask & top[c] and won(current | (mask + bottom[c]) & column[c]):
                return (size + 1 - moves) // 2
        most = (size - 1 - moves) // 2   # we cannot win with our next disc
        key = current + mask
        slot = key % self.table_size
        if self.keys[slot] == key:
            most = self.values[slot] + self.min_score - 1
        if beta > most:
            beta = most
            if alpha >= beta:
                return beta
        opponent = current ^ mask
        for c in self.order:
            if not mask & top[c]:
                new_mask = mask | mask + bottom[c]
                score = -self.negamax(opponent, new_mask, moves + 1, -beta, -alpha)
                if score >= beta:
                    return score
                if score > alpha:
                    alpha = score
        self.keys[slot] = key
        self.values[slot] = alpha - self.min_score + 1
        return alpha

    def solve_code(self, game, code: int) -> int:
        """Pons' score of a position in the package's ConnectFour code (both bit boards)."""
        x, o = code & game._low, code >> game._shift
        x_to_move = x.bit_count() == o.bit_count()
        mask = x | o
        return self.solve(x if x_to_move else o, mask, mask.bit_count())
