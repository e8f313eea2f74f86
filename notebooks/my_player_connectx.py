"""A Connect Four player for Kaggle's ConnectX, in one file: written by minimax_viz.connectx_agent.

Kaggle runs this file alone, with Python's standard library (and numpy): it needs nothing
else. ``agent(observation, configuration)``, the last function below, is what ConnectX
calls for each move. It reads the board into a small Connect Four game with the interface
of the course (``moves``, ``play``, ``is_terminal``, ``utility``, ``evaluate``,
``node_type`` ...) and asks ``PLAYER(game, state, budget)`` for a column.

The budget counts positions generated, as in the course: ``game.play`` costs one, a
question that returns positions (``successors`` ...) one per position, a look-ahead
(``winning_moves``, ``threats``) one per legal move it looks at; every other question is
free. Past ``budget.calls`` positions, or past the move's deadline (a share of ConnectX's
``actTimeout``), the game raises ``BudgetSpent`` instead of answering.
"""

import math
import random
import sys
import time

#: Positions a move may generate (None: no count, only the clock).
CALLS = None
#: Seconds a move may take; None: SHARE_OF_ACT_TIMEOUT of ConnectX's actTimeout.
SECONDS = None
#: The share of actTimeout a move may spend searching; the rest is the safety margin.
SHARE_OF_ACT_TIMEOUT = 0.5


class BudgetSpent(Exception):
    """The game's answer to a question asked past the budget (catch it and answer with
    the best move found so far)."""


class Budget:
    """What one move may spend: ``calls`` positions (None: no count) before ``deadline``
    (a time.perf_counter() reading); ``rng`` is a seeded random.Random."""

    def __init__(self, calls=None, *, seconds=1.0, began=None, rng=None):
        self.calls, self.seconds = calls, seconds
        self.began = time.perf_counter() if began is None else began
        self.deadline = self.began + seconds
        self.rng = rng if rng is not None else random.Random(0)
        self.spent = 0

    def __repr__(self):
        return f"Budget(calls={self.calls}, seconds={self.seconds:g})"

    @property
    def left(self):
        """Positions left (seconds left when the budget counts no positions)."""
        if self.calls is None:
            return max(0.0, self.deadline - time.perf_counter())
        return self.calls - self.spent

    def spend(self, positions):
        """Count ``positions`` generated.

        :raises BudgetSpent: past the count of positions or the deadline.
        """
        if time.perf_counter() > self.deadline:
            raise BudgetSpent("the time of this move is up")
        if self.calls is not None and self.spent + positions > self.calls:
            raise BudgetSpent(f"the budget of this move is spent ({self.calls:,} positions)")
        self.spent += positions


class ConnectX:
    """Connect ``inarow`` on a board of ``rows`` by ``columns``; X moves first and is Max.

    A position is one whole number: X's discs as bits, then O's shifted by ``columns *
    (rows + 1)`` bits (each column has a spare bit on top). A move is a column index.
    """

    max_player, min_player, win_utility = "X", "O", 1

    def __init__(self, rows=6, columns=7, inarow=4, budget=None):
        self.rows, self.cols, self.inarow = rows, columns, inarow
        self.budget = budget if budget is not None else Budget(seconds=math.inf)
        h1 = rows + 1
        self._shift = columns * h1
        self._low = (1 << self._shift) - 1
        self._bottom = [1 << c * h1 for c in range(columns)]
        self._column = [((1 << rows) - 1) << c * h1 for c in range(columns)]
        self._top = [1 << c * h1 + rows - 1 for c in range(columns)]
        self._size = rows * columns
        self._priority = [-abs(2 * c - (columns - 1)) for c in range(columns)]
        self._directions = [1, h1, h1 + 1, h1 - 1]   # up, across, diagonally up, diagonally down
        self._windows = _windows(rows, columns, inarow)
        self._points = [0] + [3 ** (n - 1) for n in range(1, inarow)]
        self._centre = sum(col for c, col in enumerate(self._column) if abs(c - (columns - 1) / 2) < 1)
        self.max_points = len(self._windows) * self._points[-1] + 2 * self._centre.bit_count() + 1

    def __repr__(self):
        return f"ConnectX(rows={self.rows}, columns={self.cols}, inarow={self.inarow})"

    # -- positions ------------------------------------------------------------------------
    def start(self):
        return 0

    def from_board(self, board):
        """The position of ConnectX's flat board (rows top to bottom; 0 empty, 1 first player, 2 second)."""
        code, h1 = 0, self.rows + 1
        for i, mark in enumerate(board):
            if mark:
                r, c = self.rows - 1 - i // self.cols, i % self.cols
                code |= 1 << (c * h1 + r + (self._shift if mark == 2 else 0))
        return code

    def board(self, state):
        """The rows top to bottom, each a string of "X", "O" and "."."""
        h1 = self.rows + 1
        x, o = state & self._low, state >> self._shift
        return ["".join("X" if x >> c * h1 + r & 1 else "O" if o >> c * h1 + r & 1 else "."
                        for c in range(self.cols)) for r in reversed(range(self.rows))]

    def key(self, state):
        return state

    # -- free questions -----------------------------------------------------------------
    def player(self, state):
        return "X" if (state & self._low).bit_count() == (state >> self._shift).bit_count() else "O"

    def node_type(self, state):
        return "max" if self.player(state) == "X" else "min"

    def moves(self, state):
        """The legal columns, left to right (none once the game is over)."""
        if self.outcome(state) is not None:
            return ()
        filled = (state & self._low) | state >> self._shift
        return tuple(c for c in range(self.cols) if not filled & self._top[c])

    def move_priority(self, state, move):
        """Columns nearer the centre first."""
        return self._priority[move]

    def moves_left(self, state):
        return self._size - state.bit_count()

    def winner(self, state):
        if self._line(state & self._low):
            return "X"
        return "O" if self._line(state >> self._shift) else None

    def outcome(self, state):
        """+1 when X has won, -1 when O has, 0 for a full board, None for a game still on."""
        won = self.winner(state)
        if won is not None:
            return 1 if won == "X" else -1
        return 0 if state.bit_count() == self._size else None

    def is_terminal(self, state):
        return self.outcome(state) is not None

    def utility(self, state):
        return self.outcome(state) or 0

    def evaluate(self, state):
        """A guess at the value for X strictly between -1 and +1 (a finished game: its utility):
        points for each window of ``inarow`` cells held by one player only (1, 3, 9 ... for
        1, 2, 3 ... discs), 2 for each centre disc, X's minus O's, over max_points."""
        over = self.outcome(state)
        if over is not None:
            return over
        x, o, points = state & self._low, state >> self._shift, self._points
        total = 2 * ((x & self._centre).bit_count() - (o & self._centre).bit_count())
        for window in self._windows:
            nx, no = (x & window).bit_count(), (o & window).bit_count()
            total += points[nx] if not no else -points[no] if not nx else 0
        return total / self.max_points

    # -- questions that generate positions (counted) --------------------------------------
    def play(self, state, move):
        """The position after a disc in column ``move`` (one position: costs one).

        :raises ValueError: for a move that is not a legal column here.
        :raises BudgetSpent: past the budget.
        """
        if move not in self.moves(state):
            raise ValueError(f"column {move!r} is not a legal move here; the legal ones are {list(self.moves(state))}")
        self.budget.spend(1)
        return self._drop(state, move)

    def successors(self, state):
        """``(column, position)`` pairs, left to right: costs one per position."""
        moves = self.moves(state)
        self.budget.spend(len(moves))
        return tuple((m, self._drop(state, m)) for m in moves)

    def successors_by_priority(self, state):
        """:meth:`successors`, the columns nearer the centre first."""
        return tuple(sorted(self.successors(state), key=lambda pair: -self._priority[pair[0]]))

    open_successors = successors
    open_successors_by_priority = successors_by_priority

    def winning_moves(self, state):
        """The columns where the player to move wins at once: costs one per legal move."""
        moves = self.moves(state)
        self.budget.spend(len(moves))
        return tuple(m for m in moves if self._completes(state, m, mover=True))

    def threats(self, state):
        """The columns where the opponent would win at once if it moved now: costs one per legal move."""
        moves = self.moves(state)
        self.budget.spend(len(moves))
        return tuple(m for m in moves if self._completes(state, m, mover=False))

    # -- inside -------------------------------------------------------------------------------
    def _drop(self, state, move):
        x, o = state & self._low, state >> self._shift
        cell = (x | o) + self._bottom[move] & self._column[move]
        return state | (cell if x.bit_count() == o.bit_count() else cell << self._shift)

    def _completes(self, state, move, *, mover):
        """Whether a disc in column ``move``, the mover's (or the other player's), makes a line."""
        x, o = state & self._low, state >> self._shift
        cell = (x | o) + self._bottom[move] & self._column[move]
        x_to_move = x.bit_count() == o.bit_count()
        return self._line((x if x_to_move == mover else o) | cell)

    def _line(self, bits):
        """Whether ``bits`` hold ``inarow`` discs in a line."""
        for d in self._directions:
            run = bits
            for _ in range(self.inarow - 1):
                run &= run >> d
            if run:
                return True
        return False


def _windows(rows, columns, inarow):
    """Every window of ``inarow`` cells in a line, as a bit mask of the board's layout."""
    h1, windows = rows + 1, []
    for dc, dr in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for c in range(columns):
            for r in range(rows):
                cells = [(c + k * dc, r + k * dr) for k in range(inarow)]
                if all(0 <= cc < columns and 0 <= rr < rows for cc, rr in cells):
                    windows.append(sum(1 << cc * h1 + rr for cc, rr in cells))
    return windows


# -- the reference player: the exported twin of minimax_viz's deepening_player -------------------

def reference_player(game, state, budget):
    """Iterative deepening alpha-beta: depth 1, 2, 4, 6 ... (centre first, the game's
    evaluate at the horizon, a quicker win preferred, so a win at once is taken), until the
    budget is spent or the position is solved; the deepest finished search answers."""
    best, depth = _centre_first(game, state)[0], 1
    try:
        while True:
            value, best = _search(game, state, depth, -math.inf, math.inf)
            if abs(value) >= 1 or depth >= game.moves_left(state):   # solved
                return best
            depth = 2 if depth == 1 else depth + 2
    except BudgetSpent:
        return best


def _centre_first(game, state):
    return centre_first(game, state, game.moves(state))


def centre_first(game, state, moves):
    """``moves`` sorted by the game's ``move_priority``, highest first, ties in move order (as the
    course's ``mv.centre_first``)."""
    return sorted(moves, key=lambda m: -game.move_priority(state, m))


def _search(game, state, depth, alpha, beta):
    """(value for X, first best move): a win scores 1 + the empty cells left, so sooner is better."""
    if game.is_terminal(state):
        return game.utility(state) * (1 + game.moves_left(state)), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best_value, best_move = (-math.inf if maximise else math.inf), None
    for move in _centre_first(game, state):
        value, _ = _search(game, game.play(state, move), depth - 1, alpha, beta)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
        if maximise:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best_value, best_move


# >>> the player
import math


class mv:   # what the player uses of minimax_viz, which Kaggle does not have
    BudgetSpent = BudgetSpent
    centre_first = staticmethod(centre_first)


def my_player(game, state, budget):
    best_move, depth = game.moves(state)[0], 1
    try:
        while True:
            value, move = centre_first_alphabeta(game, state, depth)
            if move is not None:
                best_move = move
            if abs(value) >= 1:   # a certain win or loss: deeper searches cannot change it
                return best_move
            depth = 2 if depth == 1 else depth + 2
    except mv.BudgetSpent:
        return best_move


def centre_first_alphabeta(game, state, depth=math.inf, alpha=-math.inf, beta=math.inf):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return -game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best_value, best_move = (-math.inf if maximise else math.inf), None
    for move in mv.centre_first(game, state, game.moves(state)):
        value, _ = centre_first_alphabeta(game, game.play(state, move), depth - 1, alpha, beta)
        if (value > best_value) if maximise else (value < best_value):
            best_value, best_move = value, move
        if maximise:
            alpha = max(alpha, best_value)
        else:
            beta = min(beta, best_value)
        if alpha >= beta:
            break
    return best_value, best_move


PLAYER = my_player
# <<< the player


def _setting(obj, name, default):
    """``obj.name`` or ``obj[name]`` (ConnectX hands in objects that have both, or dicts)."""
    value = getattr(obj, name, None)
    if value is None and isinstance(obj, dict):
        value = obj.get(name)
    return default if value is None else value


def _seconds(configuration):
    """The seconds a move may search: SECONDS, else a share of actTimeout."""
    act = float(_setting(configuration, "actTimeout", 2))
    return min(SECONDS, act) if SECONDS is not None else SHARE_OF_ACT_TIMEOUT * act


def agent(observation, configuration):
    """ConnectX's call: the column PLAYER chooses (a legal one; if PLAYER fails, the centre-most, with a note)."""
    began = time.perf_counter()
    board = list(_setting(observation, "board", []))
    budget = Budget(CALLS, seconds=_seconds(configuration), began=began, rng=random.Random(sum(board)))
    game = ConnectX(int(_setting(configuration, "rows", 6)), int(_setting(configuration, "columns", 7)),
                    int(_setting(configuration, "inarow", 4)), budget)
    state = game.from_board(board)
    legal = _centre_first(game, state)
    try:
        move = PLAYER(game, state, budget)
    except Exception as err:   # noqa: BLE001 (the arena must get a move)
        move = None
        print(f"{PLAYER.__name__} raised {type(err).__name__}: {err}", file=sys.stderr)
    if isinstance(move, bool) or not isinstance(move, int) or move not in legal:
        print(f"{PLAYER.__name__} gave no legal move ({move!r}); column {legal[0]} played instead", file=sys.stderr)
        move = legal[0]
    return int(move)
