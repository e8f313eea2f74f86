"""Checks that see any shape of search (issue 34): a right search passes every search check however
its recursion is written (plain, mutual max/min, a dispatcher with other window names, methods of a
class, negamax, a callable object, a staticmethod, a partial, a closure), and a verdict names a cause
only with evidence: each cause-naming verdict is tried where the cause is present, and where the same
symptom has another cause and the verdict must not name it.

Every search here is written in the test, the way students write them; none comes from the package."""

from __future__ import annotations

import functools
import math
import threading

import pytest

import minimax_viz as mv
from minimax_viz.exercises import lesson02, lesson04, lesson05, lesson09, lesson10

from learner_style import alphabeta as ab_plain, mutual as ab_mutual

INF = math.inf


def text(verdict) -> str:
    return str(verdict)


def right(verdict) -> bool:
    return text(verdict).startswith("Right")


# -- minimax (lessons 04, 10) in many shapes ----------------------------------------------------------

def mm_plain(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = mm_plain(game, game.play(state, move), depth - 1)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
    return best, best_move


def mm_max(game, state, depth):
    best, best_move = -INF, None
    for move in game.moves(state):
        value, _ = mm_value(game, game.play(state, move), depth - 1)
        if value > best:
            best, best_move = value, move
    return best, best_move


def mm_min(game, state, depth):
    best, best_move = INF, None
    for move in game.moves(state):
        value, _ = mm_value(game, game.play(state, move), depth - 1)
        if value < best:
            best, best_move = value, move
    return best, best_move


def mm_value(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    return (mm_max if game.node_type(state) == "max" else mm_min)(game, state, depth)


def mm_mutual(game, state, depth=INF):
    """AIMA's shape: a value function dispatching to max_value / min_value."""
    return mm_value(game, state, depth)


class MinimaxAgent:
    """CS188's shape: the search as methods of an agent."""

    def value(self, game, state, depth):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        return self.max_value(game, state, depth) if game.node_type(state) == "max" else \
            self.min_value(game, state, depth)

    def max_value(self, game, state, depth):
        best, best_move = -INF, None
        for move in game.moves(state):
            value, _ = self.value(game, game.play(state, move), depth - 1)
            if value > best:
                best, best_move = value, move
        return best, best_move

    def min_value(self, game, state, depth):
        best, best_move = INF, None
        for move in game.moves(state):
            value, _ = self.value(game, game.play(state, move), depth - 1)
            if value < best:
                best, best_move = value, move
        return best, best_move

    def get_action(self, game, state, depth=INF):
        return self.value(game, state, depth)


def mm_negamax(game, state, depth=INF):
    value, move = _nega(game, state, depth)
    return (value if game.node_type(state) == "max" else -value), move


def _nega(game, state, depth):
    """Values for the player to move; a child's value is turned round only where the side changes."""
    mine = game.node_type(state) == "max"
    sign = 1 if mine else -1
    if game.is_terminal(state):
        return sign * game.utility(state), None
    if depth == 0:
        return sign * game.evaluate(state), None
    best, best_move = -INF, None
    for move in game.moves(state):
        child = game.play(state, move)
        value, _ = _nega(game, child, depth - 1)
        if (game.node_type(child) == "max") != mine:
            value = -value
        if value > best:
            best, best_move = value, move
    return best, best_move


class MinimaxCallable:
    def __call__(self, game, state, depth=INF):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        maximise = game.node_type(state) == "max"
        best, best_move = (-INF if maximise else INF), None
        for move in game.moves(state):
            value, _ = self(game, game.play(state, move), depth - 1)
            if (value > best) if maximise else (value < best):
                best, best_move = value, move
        return best, best_move


def _mm_partial(game, state, depth=INF, *, me):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = me(game, game.play(state, move), depth - 1)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
    return best, best_move


mm_partial = functools.partial(_mm_partial)
mm_partial.keywords["me"] = mm_partial


def make_closure():
    def search(game, state, depth=INF):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        maximise = game.node_type(state) == "max"
        best, best_move = (-INF if maximise else INF), None
        for move in game.moves(state):
            value, _ = search(game, game.play(state, move), depth - 1)
            if (value > best) if maximise else (value < best):
                best, best_move = value, move
        return best, best_move
    return search


MINIMAX_SHAPES = {"plain": mm_plain, "mutual": mm_mutual, "class with methods": MinimaxAgent().get_action,
                  "negamax": mm_negamax, "callable object": MinimaxCallable(), "partial": mm_partial,
                  "closure": make_closure()}


@pytest.mark.parametrize("check", [lesson04.check_minimax, lesson10.check_minimax], ids=["04", "10"])
@pytest.mark.parametrize("shape", MINIMAX_SHAPES, ids=str)
def test_a_right_minimax_passes_in_every_shape(check, shape):
    verdict = check(MINIMAX_SHAPES[shape])
    assert right(verdict), text(verdict)


# -- alpha-beta (lessons 05, 10) in many shapes --------------------------------------------------------

def ab_dispatch(game, state, depth=INF):
    """AIMA's alpha-beta through a dispatcher, the window called lo and hi."""
    return ab_value(game, state, depth, -INF, INF)


def ab_value(game, state, depth, lo, hi):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    return (ab_max if game.node_type(state) == "max" else ab_min)(game, state, depth, lo, hi)


def ab_max(game, state, depth, lo, hi):
    v, best = -INF, None
    for move in game.moves(state):
        w, _ = ab_value(game, game.play(state, move), depth - 1, lo, hi)
        if w > v:
            v, best = w, move
        if v >= hi:
            return v, best
        lo = max(lo, v)
    return v, best


def ab_min(game, state, depth, lo, hi):
    v, best = INF, None
    for move in game.moves(state):
        w, _ = ab_value(game, game.play(state, move), depth - 1, lo, hi)
        if w < v:
            v, best = w, move
        if v <= lo:
            return v, best
        hi = min(hi, v)
    return v, best


class AlphaBetaAgent:
    def value(self, game, state, depth, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        maximise = game.node_type(state) == "max"
        v, best = (-INF if maximise else INF), None
        for move in game.moves(state):
            w, _ = self.value(game, game.play(state, move), depth - 1, alpha, beta)
            if (w > v) if maximise else (w < v):
                v, best = w, move
            if maximise:
                if v >= beta:
                    return v, best
                alpha = max(alpha, v)
            else:
                if v <= alpha:
                    return v, best
                beta = min(beta, v)
        return v, best

    def get_action(self, game, state, depth=INF):
        return self.value(game, state, depth, -INF, INF)


def ab_negamax(game, state, depth=INF):
    mine = game.node_type(state) == "max"
    value, move = _ab_nega(game, state, depth, -INF, INF)
    return (value if mine else -value), move


def _ab_nega(game, state, depth, a, b):
    mine = game.node_type(state) == "max"
    sign = 1 if mine else -1
    if game.is_terminal(state):
        return sign * game.utility(state), None
    if depth == 0:
        return sign * game.evaluate(state), None
    best, best_move = -INF, None
    for move in game.moves(state):
        child = game.play(state, move)
        if (game.node_type(child) == "max") == mine:
            value, _ = _ab_nega(game, child, depth - 1, a, b)
        else:
            value, _ = _ab_nega(game, child, depth - 1, -b, -a)
            value = -value
        if value > best:
            best, best_move = value, move
        a = max(a, best)
        if a >= b:
            break
    return best, best_move


class AlphaBetaStatic:
    @staticmethod
    def search(game, state, depth=INF, alpha=-INF, beta=INF):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        maximise = game.node_type(state) == "max"
        best, best_move = (-INF if maximise else INF), None
        for move in game.moves(state):
            value, _ = AlphaBetaStatic.search(game, game.play(state, move), depth - 1, alpha, beta)
            if (value > best) if maximise else (value < best):
                best, best_move = value, move
            if maximise:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, best_move


def ab_by_position(game, state, depth=INF, floor_=-INF, ceiling_=INF):
    """The window under names no list holds: read by position, the two numbers after the depth."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = ab_by_position(game, game.play(state, move), depth - 1, floor_, ceiling_)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
        if maximise:
            floor_ = max(floor_, best)
        else:
            ceiling_ = min(ceiling_, best)
        if floor_ >= ceiling_:
            break
    return best, best_move


ALPHABETA_SHAPES = {"plain": ab_plain, "dispatcher, window lo/hi": ab_dispatch, "mutual": ab_mutual,
                    "window named floor_/ceiling_": ab_by_position,
                    "class with methods": AlphaBetaAgent().get_action, "negamax": ab_negamax,
                    "staticmethod": AlphaBetaStatic.search}


@pytest.mark.parametrize("check", [lesson05.check_alphabeta_game, lesson10.check_alphabeta], ids=["05", "10"])
@pytest.mark.parametrize("shape", ALPHABETA_SHAPES, ids=str)
def test_a_right_alphabeta_passes_in_every_shape(check, shape):
    verdict = check(ALPHABETA_SHAPES[shape])
    assert right(verdict), text(verdict)


def test_a_method_search_is_recorded_whole():
    game = mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    mine = mv.record_calls(AlphaBetaAgent().get_action, game, (), INF)
    assert (mine.score, mine.move) == (3, 0) and not mine.problems
    assert len(mine.tree) == len(mv.alphabeta(game).tree) == 13   # AIMA's figure: 13 nodes, two of them cut
    assert mv.first_difference(mine, mv.alphabeta(game)) is None


# -- expectimax (lessons 09, 10) in many shapes ----------------------------------------------------------

def ex_plain(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    kind, moves = game.node_type(state), list(game.moves(state))
    if kind == "max":
        best, best_move = -INF, None
        for move in moves:
            value, _ = ex_plain(game, game.play(state, move), depth - 1)
            if value > best:
                best, best_move = value, move
        return best, best_move
    odds = game.probabilities(state) if kind == "chance" else [1 / len(moves)] * len(moves)
    return sum(p * ex_plain(game, game.play(state, m), depth - 1)[0] for p, m in zip(odds, moves)), None


def ex_value(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    return (ex_max if game.node_type(state) == "max" else ex_chance)(game, state, depth)


def ex_max(game, state, depth):
    best, best_move = -INF, None
    for move in game.moves(state):
        value, _ = ex_value(game, game.play(state, move), depth - 1)
        if value > best:
            best, best_move = value, move
    return best, best_move


def ex_chance(game, state, depth):
    moves = list(game.moves(state))
    odds = game.probabilities(state) if game.node_type(state) == "chance" else [1 / len(moves)] * len(moves)
    return sum(p * ex_value(game, game.play(state, m), depth - 1)[0] for p, m in zip(odds, moves)), None


def ex_mutual(game, state, depth=INF):
    return ex_value(game, state, depth)


class ExpectimaxAgent:
    def value(self, game, state, depth):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        if game.node_type(state) == "max":
            return max(((self.value(game, game.play(state, m), depth - 1)[0], m) for m in game.moves(state)),
                       key=lambda pair: pair[0])
        moves = list(game.moves(state))
        odds = game.probabilities(state) if game.node_type(state) == "chance" else [1 / len(moves)] * len(moves)
        return sum(p * self.value(game, game.play(state, m), depth - 1)[0] for p, m in zip(odds, moves)), None

    def get_action(self, game, state, depth=INF):
        return self.value(game, state, depth)


class ExpectimaxCallable:
    def __call__(self, game, state, depth=INF):
        return ExpectimaxAgent.value(self, game, state, depth)   # its own value, through the agent's code

    value = ExpectimaxAgent.value


def _ex_partial(game, state, depth=INF, *, me):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    kind, moves = game.node_type(state), list(game.moves(state))
    if kind == "max":
        values = [me(game, game.play(state, m), depth - 1)[0] for m in moves]
        best = max(values)
        return best, moves[values.index(best)]
    odds = game.probabilities(state) if kind == "chance" else [1 / len(moves)] * len(moves)
    return sum(p * me(game, game.play(state, m), depth - 1)[0] for p, m in zip(odds, moves)), None


ex_partial = functools.partial(_ex_partial)
ex_partial.keywords["me"] = ex_partial

EXPECTIMAX_SHAPES = {"plain": ex_plain, "mutual": ex_mutual, "class with methods": ExpectimaxAgent().get_action,
                     "callable object": ExpectimaxCallable(), "partial": ex_partial}


@pytest.mark.parametrize("check", [lesson09.check_expectimax, lesson10.check_expectimax], ids=["09", "10"])
@pytest.mark.parametrize("shape", EXPECTIMAX_SHAPES, ids=str)
def test_a_right_expectimax_passes_in_every_shape(check, shape):
    verdict = check(EXPECTIMAX_SHAPES[shape])
    assert right(verdict), text(verdict)


# -- lesson 02: the tutorial's minimax(board, mark) in many shapes ----------------------------------------

def empties(board):
    return [c for c in board if c not in ("X", "O")]


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(board, mark):
    return any(all(board[i] == mark for i in line) for line in LINES)


def other(mark):
    return "O" if mark == "X" else "X"


def tutorial_plain(board, mark, *, search=None, slip=None):
    """The tutorial's function; ``search`` is what it calls itself by, ``slip`` a planted slip."""
    search = search or tutorial_plain
    if won(board, "O"):
        return {"score": -1}
    if won(board, "X"):
        return {"score": 1}
    cells = empties(board)
    if not cells:
        return {"score": 0}
    plays, shared, placing = [], {}, mark
    for cell in cells:
        record = shared if slip == "shared" else {}
        record["index"] = board[cell]
        if slip == "switch in the loop":
            board[cell] = placing
            placing = other(placing)
            passed = placing
        else:
            board[cell] = mark
            passed = mark if slip == "same mark" else other(mark)
        record["score"] = search(board, passed)["score"]
        board[cell] = record["index"]
        plays.append(record)
    order = list(reversed(plays)) if slip == "from the end" else plays
    best = None
    for p in order:
        if best is None or (p["score"] > best["score"] if mark == "X" else p["score"] < best["score"]) or (
                slip == ">=" and p["score"] == best["score"]):
            best = p
    return best


class TutorialAgent:
    def minimax(self, board, mark):
        return tutorial_plain(board, mark, search=self.minimax)


class TutorialCallable:
    def __call__(self, board, mark):
        return tutorial_plain(board, mark, search=self)


def x_turn(board, mark):
    return tutorial_plain(board, mark, search=lambda b, m: (x_turn if m == "X" else o_turn)(b, m))


def o_turn(board, mark):
    return tutorial_plain(board, mark, search=lambda b, m: (x_turn if m == "X" else o_turn)(b, m))


def tutorial_mutual(board, mark):
    return (x_turn if mark == "X" else o_turn)(board, mark)


TUTORIAL_SHAPES = {"plain": tutorial_plain, "class with methods": TutorialAgent().minimax,
                   "callable object": TutorialCallable(), "mutual x/o turns": tutorial_mutual,
                   "partial": functools.partial(tutorial_plain, slip=None)}


@pytest.mark.parametrize("shape", TUTORIAL_SHAPES, ids=str)
def test_a_right_tutorial_minimax_passes_in_every_shape(shape):
    verdict = lesson02.check_minimax(TUTORIAL_SHAPES[shape])
    assert right(verdict), text(verdict)


def slipped(slip):
    def minimax(board, mark):
        return tutorial_plain(board, mark, search=minimax, slip=slip)
    return minimax


def test_the_same_mark_passed_down_is_named_from_the_marks():
    said = text(lesson02.check_minimax(slipped("same mark")))
    assert "the same mark was passed down again" in said and "changed from one test-play" not in said


def test_a_mark_switched_inside_the_loop_is_not_called_passed_down():
    said = text(lesson02.check_minimax(slipped("switch in the loop")))
    assert "changed from one test-play to the next" in said and "passed down again" not in said


def test_a_shared_record_is_named_from_the_records_identity():
    said = text(lesson02.check_minimax(slipped("shared")))
    assert "the same dict" in said and "current_test_play_info = {} inside the loop" in said


@pytest.mark.parametrize("slip", ["from the end", ">="])
def test_ties_to_the_last_record_name_no_shared_record(slip):
    said = text(lesson02.check_minimax(slipped(slip)))
    assert "tie at" in said and "keeps the first" in said and "the same dict" not in said


def best_falsy_zero(plays, mark):
    best_score, best = None, None
    for i, p in enumerate(plays):
        if not best_score or (p["score"] > best_score if mark == "X" else p["score"] < best_score):
            best_score, best = p["score"], i
    return plays[best]


def best_for_the_other(plays, mark):
    return (min if mark == "X" else max)(plays, key=lambda p: p["score"])


def best_always_last(plays, mark):
    return plays[-1]


def test_a_best_score_of_zero_taken_for_none_is_refused_and_named():
    said = text(lesson02.check_best_test_play(best_falsy_zero))
    assert said.startswith("Not yet") and "falsy" in said and "for the other player" not in said


def test_the_other_players_pick_is_named_only_when_every_pick_was_it():
    assert "the best record for the other player" in text(lesson02.check_best_test_play(best_for_the_other))
    said = text(lesson02.check_best_test_play(best_always_last))
    assert said.startswith("Not yet") and "for the other player" not in said and "falsy" not in said


# -- lesson 04: a finished game's guess, and smallest_depth --------------------------------------------

def evaluate_first(game, state, depth=INF):
    """Slip: the depth is tested before the end of the game."""
    if depth == 0:
        return game.evaluate(state), None
    if game.is_terminal(state):
        return game.utility(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = evaluate_first(game, game.play(state, move), depth - 1)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
    return best, best_move


def depth_one_shortcut(game, state, depth=INF):
    """Slip: at depth 1 the children are scored with evaluate directly, without a call of their own."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        child = game.play(state, move)
        value = game.evaluate(child) if depth == 1 else depth_one_shortcut(game, child, depth - 1)[0]
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
    return best, best_move


def test_evaluate_before_the_end_is_named_at_the_call_for_that_position():
    said = text(lesson04.check_minimax(evaluate_first))
    assert "ask game.is_terminal(state) first" in said and "as a child it had played" not in said


def test_the_depth_one_shortcut_is_not_told_to_test_the_end_first():
    said = text(lesson04.check_minimax(depth_one_shortcut))
    assert said.startswith("Not yet")
    assert "ask game.is_terminal(state) first" not in said


def stale_smallest_depth():
    kept = {}

    def smallest_depth(search, game, state, move, max_depth=9):
        if move in kept:
            return kept[move]
        for depth in range(1, max_depth + 1):
            if search(game, state, depth)[1] == move:
                kept[move] = depth
                return depth
        return None
    return smallest_depth


def shortcut_smallest_depth():
    asked = []

    def smallest_depth(search, game, state, move, max_depth=9):
        asked.append(move)
        if len(asked) > 2:
            return 7   # an answer made up, not kept from any call
        for depth in range(1, max_depth + 1):
            if search(game, state, depth)[1] == move:
                return depth
        return None
    return smallest_depth


def test_an_answer_kept_between_calls_is_named_only_when_it_is_an_earlier_answer():
    said = text(lesson04.check_smallest_depth(stale_smallest_depth()))
    assert "without calling search this time" in said and "kept from that call" in said
    said = text(lesson04.check_smallest_depth(shortcut_smallest_depth()))
    assert "without calling search this time" in said and "kept from" not in said
    never = text(lesson04.check_smallest_depth(lambda search, game, state, move, max_depth=9: 1))
    assert "never called search" in never


# -- lesson 10: deepening, two searches of one move, memos ---------------------------------------------

def deepened(game, state, depth=INF, alpha=-INF, beta=INF):
    """A right alpha-beta wrapped in iterative deepening."""
    found, d = None, 1
    while d <= min(depth, 12):
        found = ab_plain(game, state, d, alpha, beta)
        d += 1
    return found


def searched_twice(game, state, depth=INF, alpha=-INF, beta=INF):
    """Slip: each child searched twice with the same depth (once for its value, once more)."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        child = game.play(state, move)
        value = searched_twice(game, child, depth - 1, alpha, beta)[0]
        searched_twice(game, child, depth - 1, alpha, beta)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


def test_deepening_around_a_right_search_is_named_from_the_depths():
    said = text(lesson10.check_alphabeta(deepened))
    assert "deepening around it" in said and "keep the value of each" not in said


def test_a_second_search_with_the_same_depth_is_not_called_deepening():
    said = text(lesson10.check_alphabeta(searched_twice))
    assert "a second time, with the same depth" in said and "deepening" not in said


def memo_search(*, key_depth: bool):
    def alphabeta(game, state, depth=INF, alpha=-INF, beta=INF, memo=None):
        memo = {} if memo is None else memo
        key = (state, depth) if key_depth else state
        if key in memo:
            return memo[key]
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        maximise = game.node_type(state) == "max"
        best, best_move = (-INF if maximise else INF), None
        for move in game.moves(state):
            value, _ = alphabeta(game, game.play(state, move), depth - 1, alpha, beta, memo)
            if (value > best) if maximise else (value < best):
                best, best_move = value, move
            if maximise:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        memo[key] = best, best_move
        return best, best_move
    return alphabeta


def test_a_memo_that_keeps_a_cut_off_bound_is_refused_and_named():
    said = text(lesson10.check_alphabeta(memo_search(key_depth=True)))
    assert said.startswith("Not yet") and "met twice at the same depth, under two windows" in said
    assert "only a bound" in said and "key a memo by the position and the depth" not in said


def test_a_memo_keyed_without_the_depth_is_named_from_the_depths():
    said = text(lesson10.check_alphabeta(memo_search(key_depth=False)))
    assert said.startswith("Not yet") and "key a memo by the position and the depth left" in said
    assert "only a bound" not in said


def stale_memo_search():
    memo = {}

    def minimax(game, state, depth=INF):
        if (state, depth) in memo:
            return memo[state, depth]
        memo[state, depth] = answer = mm_plain(game, state, depth)
        return answer
    return minimax


def root_guess(game, state, depth=INF):
    """Slip: no recursion at all, a guess at the root."""
    return game.evaluate(state), (game.moves(state) or [None])[0]


def test_an_answer_kept_from_an_earlier_search_is_not_called_no_recursion():
    said = text(lesson10.check_minimax(stale_memo_search()))
    assert "kept from an earlier search" in said and "without calling itself" not in said
    said = text(lesson10.check_minimax(root_guess))
    assert "without calling itself" in said and "kept from an earlier search" not in said


class ThreadedAgent:
    """A right minimax whose recursion runs in another thread: the check cannot follow it."""

    def search(self, game, state, depth=INF):
        out = []
        worker = threading.Thread(target=lambda: out.append(MinimaxAgent().get_action(game, state, depth)))
        worker.start()
        worker.join()
        return out[0]


def test_a_recursion_the_check_cannot_follow_is_said_so():
    said = text(lesson10.check_minimax(ThreadedAgent().search))
    assert "in a way the check cannot follow" in said and "without calling itself" not in said


# -- lesson 05: the nested-list alpha-beta names the node -------------------------------------------

def nested(slip):
    def ab(node, alpha, beta, is_max, visited):
        if not isinstance(node, list):
            visited.append(node)
            return node
        best = -INF if is_max else INF
        for child in node:
            value = ab(child, alpha, beta, not is_max, visited) if slip != "parent window" else \
                ab(child, *window, not is_max, visited)
            best = max(best, value) if is_max else min(best, value)
            if is_max or slip == "min raises alpha":
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best
    window = (-INF, INF)
    return ab


def nested_parent_window():
    def ab(node, alpha, beta, is_max, visited):
        if not isinstance(node, list):
            visited.append(node)
            return node
        best, given = (-INF if is_max else INF), (alpha, beta)
        for child in node:
            value = ab(child, *given, not is_max, visited)   # slip: the window as the node was called
            best = max(best, value) if is_max else min(best, value)
            if is_max:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best
    return ab


def test_the_nested_check_names_a_min_node_that_raised_alpha():
    verdict = lesson05.check_alphabeta(nested("min raises alpha"))
    said = text(verdict)
    assert said.startswith("Not yet") and "The first call where your search parts from alpha-beta" in said
    assert "best value so far of the Min node above it" in said
    assert verdict.difference is not None   # .show() draws the two trees


def test_the_nested_check_names_the_parents_window_not_the_min_node():
    said = text(lesson05.check_alphabeta(nested_parent_window()))
    assert "The first call where your search parts from alpha-beta" in said
    assert "the window its parent was called with" in said and "Min node above it" not in said


@pytest.mark.parametrize("shape", ["plain", "mutual", "class", "negamax"])
def test_a_right_nested_alphabeta_passes_in_every_shape(shape):
    def plain(node, alpha, beta, is_max, visited):
        if not isinstance(node, list):
            visited.append(node)
            return node
        best = -INF if is_max else INF
        for child in node:
            value = plain(child, alpha, beta, not is_max, visited)
            if is_max:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        return best

    def max_v(node, alpha, beta, visited):
        if not isinstance(node, list):
            visited.append(node)
            return node
        v = -INF
        for child in node:
            v = max(v, min_v(child, alpha, beta, visited))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_v(node, alpha, beta, visited):
        if not isinstance(node, list):
            visited.append(node)
            return node
        v = INF
        for child in node:
            v = min(v, max_v(child, alpha, beta, visited))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    class Agent:
        def ab(self, node, alpha, beta, is_max, visited):
            return plain_method(self, node, alpha, beta, is_max, visited)

    def plain_method(agent, node, alpha, beta, is_max, visited):
        if not isinstance(node, list):
            visited.append(node)
            return node
        best = -INF if is_max else INF
        for child in node:
            value = agent.ab(child, alpha, beta, not is_max, visited)
            if is_max:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        return best

    def nega(node, a, b, sign, visited):
        if not isinstance(node, list):
            visited.append(node)
            return sign * node
        best = -INF
        for child in node:
            best = max(best, -nega(child, -b, -a, -sign, visited))
            a = max(a, best)
            if a >= b:
                break
        return best

    functions = {
        "plain": plain,
        "mutual": lambda node, alpha, beta, is_max, visited: (max_v if is_max else min_v)(node, alpha, beta, visited),
        "class": Agent().ab,
        "negamax": lambda node, alpha, beta, is_max, visited: (1 if is_max else -1) * nega(
            node, alpha if is_max else -beta, beta if is_max else -alpha, 1 if is_max else -1, visited),
    }
    verdict = lesson05.check_alphabeta(functions[shape])
    assert right(verdict), text(verdict)
