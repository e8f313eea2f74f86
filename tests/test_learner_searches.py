"""Searches as students write them, judged by the checks of lessons 04, 05, 09 and 10.

Every search below is written here, independently of the package: right ones in several
styles (loops, max() with a key, AIMA's max_value/min_value at module level and inside the
search, a memo keyed by the depth too, negamax, fail-soft and fail-hard alpha-beta, CS188's
pruning rule) must pass; each slip must fail with words that name it and never raise.
"""

import math

import pytest

import minimax_viz as mv
from minimax_viz.exercises.searches import check_search

INF = math.inf


# -- minimax, right ------------------------------------------------------------------------------

def loop_minimax(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = loop_minimax(game, game.play(state, move), depth - 1)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
    return best, best_move


def key_minimax(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    pairs = [(key_minimax(game, game.play(state, m), depth - 1)[0], m) for m in game.moves(state)]
    pick = max if game.node_type(state) == "max" else min
    return pick(pairs, key=lambda pair: pair[0])   # max() and min() keep the first of equals


def _max_value(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state)
    if depth == 0:
        return game.evaluate(state)
    return max(_value(game, game.play(state, m), depth - 1) for m in game.moves(state))


def _min_value(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state)
    if depth == 0:
        return game.evaluate(state)
    return min(_value(game, game.play(state, m), depth - 1) for m in game.moves(state))


def _value(game, state, depth):
    return (_max_value if game.node_type(state) == "max" else _min_value)(game, state, depth)


def aima_minimax(game, state, depth=INF):
    if game.is_terminal(state) or depth == 0:
        return _value(game, state, depth), None
    values = [(_value(game, game.play(state, m), depth - 1), m) for m in game.moves(state)]
    pick = max if game.node_type(state) == "max" else min
    return pick(values, key=lambda pair: pair[0])


def memo_minimax(game, state, depth=INF, table=None):
    table = {} if table is None else table
    if (state, depth) not in table:
        if game.is_terminal(state):
            table[state, depth] = game.utility(state), None
        elif depth == 0:
            table[state, depth] = game.evaluate(state), None
        else:
            pairs = [(memo_minimax(game, game.play(state, m), depth - 1, table)[0], m) for m in game.moves(state)]
            pick = max if game.node_type(state) == "max" else min
            table[state, depth] = pick(pairs, key=lambda pair: pair[0])
    return table[state, depth]


def negamax_minimax(game, state, depth=INF):
    def nega(state, depth):   # the value for the player to move
        sign = 1 if game.node_type(state) == "max" else -1
        if game.is_terminal(state):
            return sign * game.utility(state), None
        if depth == 0:
            return sign * game.evaluate(state), None
        best, best_move = -INF, None
        for m in game.moves(state):
            child = game.play(state, m)
            value = nega(child, depth - 1)[0]
            if (1 if game.node_type(child) == "max" else -1) != sign:
                value = -value
            if value > best:
                best, best_move = value, m
        return best, best_move

    value, move = nega(state, depth)
    return (value if game.node_type(state) == "max" else -value), move


# -- minimax, slips -------------------------------------------------------------------------------

def _search(name, *, start=None, choose=None, leaf=None, order=None, step=1, stop_at=0):
    """A minimax with one slip: where it starts its best value, how it chooses, how it
    scores a leaf, the order of its moves, how it counts the depth."""
    def search(game, state, depth=INF):
        if leaf is not None:
            answer = leaf(game, state, depth)
            if answer is not None:
                return answer, None
        elif game.is_terminal(state):
            return game.utility(state), None
        elif depth <= stop_at:
            return game.evaluate(state), None
        maximise = game.node_type(state) == "max"
        best = (-INF if maximise else INF) if start is None else (start if maximise else -start)
        best_move = None
        moves = list(game.moves(state)) if order is None else order(list(game.moves(state)))
        for m in moves:
            value, _ = search(game, game.play(state, m), depth - step)
            if choose is not None:
                better = choose(value, best, maximise)
            else:
                better = value > best if maximise else value < best
            if better:
                best, best_move = value, m
        return best, best_move

    search.__name__ = name
    return search


def _evaluate_first(game, state, depth):
    if depth == 0:
        return game.evaluate(state)
    if game.is_terminal(state):
        return game.utility(state)
    return None


def _wrong_side(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state)
    if depth == 0:
        guess = game.evaluate(state)
        return guess if game.node_type(state) == "max" else -guess   # the mover's view
    return None


def _utility_for_mover(game, state, depth):
    if game.is_terminal(state):
        u = game.utility(state)
        return u if game.node_type(state) == "max" else -u
    if depth == 0:
        return game.evaluate(state)
    return None


ties_last = _search("ties_last", choose=lambda v, b, mx: v >= b if mx else v <= b)
always_max = _search("always_max", choose=lambda v, b, mx: v > b if b != INF else True)
best_from_minus_one = _search("best_from_minus_one", start=-1)
reversed_moves = _search("reversed_moves", order=lambda moves: moves[::-1])
one_ply_deeper = _search("one_ply_deeper", stop_at=-1)
one_ply_shallower = _search("one_ply_shallower", stop_at=1)
depth_never_counted = _search("depth_never_counted", step=0, stop_at=0)
evaluate_first = _search("evaluate_first", leaf=_evaluate_first)
wrong_side_at_min = _search("wrong_side_at_min", leaf=_wrong_side)
utility_for_mover = _search("utility_for_mover", leaf=_utility_for_mover)


def alternating(game, state, depth=INF, maximise=True):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    best, best_move = (-INF if maximise else INF), None
    for m in game.moves(state):
        value, _ = alternating(game, game.play(state, m), depth - 1, not maximise)
        if (value > best) if maximise else (value < best):
            best, best_move = value, m
    return best, best_move


def averaging(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    moves = list(game.moves(state))
    values = [averaging(game, game.play(state, m), depth - 1)[0] for m in moves]
    return sum(values) / len(values), moves[0]


_TABLE = {}


def memo_without_depth(game, state, depth=INF, root=True):
    if root:
        _TABLE.clear()
    if state in _TABLE:
        return _TABLE[state]
    if game.is_terminal(state):
        answer = game.utility(state), None
    elif depth == 0:
        answer = game.evaluate(state), None
    else:
        pairs = [(memo_without_depth(game, game.play(state, m), depth - 1, False)[0], m) for m in game.moves(state)]
        answer = (max if game.node_type(state) == "max" else min)(pairs, key=lambda pair: pair[0])
    _TABLE[state] = answer
    return answer


def searched_twice(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    pick = max if game.node_type(state) == "max" else min
    best_move = pick(game.moves(state), key=lambda m: searched_twice(game, game.play(state, m), depth - 1)[0])
    return searched_twice(game, game.play(state, best_move), depth - 1)[0], best_move


# -- alpha-beta ---------------------------------------------------------------------------------

def alphabeta_with(*, strict=False, swap=False, wrong_bound=False, keep_window=False, full_window=False,
                   ties=False, shift=0, eager=False, no_cut=False, name="alphabeta"):
    def ab(game, state, depth, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        is_max = game.node_type(state) == "max"
        a0, b0 = alpha, beta
        best, best_move = (-INF if is_max else INF), None
        moves = list(game.moves(state))
        kids = [game.play(state, m) for m in moves] if eager else None
        for i, m in enumerate(moves):
            child = kids[i] if eager else game.play(state, m)
            window = ((a0, b0) if keep_window else (beta, alpha) if swap else (-INF, INF) if full_window
                      else (alpha, beta))
            value, _ = ab(game, child, depth - 1, *window)
            if (value >= best if ties else value > best) if is_max else (value <= best if ties else value < best):
                best, best_move = value, m
            if is_max:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if no_cut:
                continue
            if wrong_bound:
                stop = best >= alpha if is_max else best <= beta
            elif strict:
                stop = best > beta if is_max else best < alpha
            else:
                stop = best >= beta if is_max else best <= alpha
            if stop:
                break
        return best, best_move

    def alphabeta(game, state, depth=INF):
        return ab(game, state, depth + shift, -INF, INF)

    alphabeta.__name__ = name
    return alphabeta


def fail_hard(game, state, depth=INF, alpha=-INF, beta=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    first = game.moves(state)[0]
    if game.node_type(state) == "max":
        best_move = None
        for m in game.moves(state):
            value, _ = fail_hard(game, game.play(state, m), depth - 1, alpha, beta)
            if value > alpha:
                alpha, best_move = value, m
            if alpha >= beta:
                return beta, best_move
        return alpha, first if best_move is None else best_move
    best_move = None
    for m in game.moves(state):
        value, _ = fail_hard(game, game.play(state, m), depth - 1, alpha, beta)
        if value < beta:
            beta, best_move = value, m
        if alpha >= beta:
            return alpha, best_move
    return beta, first if best_move is None else best_move


def negamax_alphabeta(game, state, depth=INF):
    def nega(state, depth, alpha, beta):
        sign = 1 if game.node_type(state) == "max" else -1
        if game.is_terminal(state):
            return sign * game.utility(state), None
        if depth == 0:
            return sign * game.evaluate(state), None
        best, best_move = -INF, None
        for m in game.moves(state):
            child = game.play(state, m)
            if (1 if game.node_type(child) == "max" else -1) == sign:
                value = nega(child, depth - 1, alpha, beta)[0]
            else:
                value = -nega(child, depth - 1, -beta, -alpha)[0]
            if value > best:
                best, best_move = value, m
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best, best_move

    value, move = nega(state, depth, -INF, INF)
    return (value if game.node_type(state) == "max" else -value), move


def aima_alphabeta(game, state, depth=INF):
    def max_value(state, alpha, beta, depth):
        if game.is_terminal(state):
            return game.utility(state)
        if depth == 0:
            return game.evaluate(state)
        v = -INF
        for m in game.moves(state):
            v = max(v, value(game.play(state, m), alpha, beta, depth - 1))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(state, alpha, beta, depth):
        if game.is_terminal(state):
            return game.utility(state)
        if depth == 0:
            return game.evaluate(state)
        v = INF
        for m in game.moves(state):
            v = min(v, value(game.play(state, m), alpha, beta, depth - 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    def value(state, alpha, beta, depth):
        return (max_value if game.node_type(state) == "max" else min_value)(state, alpha, beta, depth)

    if game.is_terminal(state) or depth == 0:
        return value(state, -INF, INF, depth), None
    maximise = game.node_type(state) == "max"
    best, best_move, alpha, beta = (-INF if maximise else INF), None, -INF, INF
    for m in game.moves(state):
        v = value(game.play(state, m), alpha, beta, depth - 1)
        if (v > best) if maximise else (v < best):
            best, best_move = v, m
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
    return best, best_move


# -- expectimax ----------------------------------------------------------------------------------

def expectimax_with(*, average_max=False, min_at_min=False, equal_odds=False, reversed_odds=False,
                    max_at_chance=False, name="expectimax"):
    def ex(game, state, depth=INF):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            return game.evaluate(state), None
        kind, moves = game.node_type(state), list(game.moves(state))
        values = [ex(game, game.play(state, m), depth - 1)[0] for m in moves]
        if kind == "max" and not average_max:
            return max(values), moves[values.index(max(values))]
        if kind == "min" and min_at_min:
            return min(values), None
        if kind == "chance" and max_at_chance:
            return max(values), None
        odds = list(game.probabilities(state)) if kind == "chance" and not equal_odds else [1 / len(moves)] * len(moves)
        if reversed_odds:
            odds = odds[::-1]
        return sum(p * v for p, v in zip(odds, values)), (moves[0] if kind == "max" else None)

    ex.__name__ = name
    return ex


def expectiminimax_right(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    kind, moves = game.node_type(state), list(game.moves(state))
    values = [expectiminimax_right(game, game.play(state, m), depth - 1)[0] for m in moves]
    if kind == "chance":
        return sum(p * v for p, v in zip(game.probabilities(state), values)), None
    best = max(values) if kind == "max" else min(values)
    return best, moves[values.index(best)]


RIGHT = [
    ("minimax", loop_minimax), ("minimax", key_minimax), ("minimax", aima_minimax), ("minimax", memo_minimax),
    ("minimax", negamax_minimax),
    ("alphabeta", alphabeta_with()), ("alphabeta", alphabeta_with(strict=True, name="cs188_rule")),
    ("alphabeta", fail_hard), ("alphabeta", negamax_alphabeta), ("alphabeta", aima_alphabeta),
    ("expectimax", expectimax_with()), ("expectiminimax", expectiminimax_right),
]

SLIPS = [
    ("minimax", ties_last, "move", "tie at"),
    ("minimax", always_max, "value", "Min takes the smallest"),
    ("minimax", best_from_minus_one, "value", "start the best value at +inf, not 1"),
    ("minimax", reversed_moves, "order", "in the order game.moves(state) gives them"),
    ("minimax", one_ply_deeper, "extra", "the depth left is 0"),
    ("minimax", one_ply_shallower, "stopped", "without searching its moves"),
    ("minimax", depth_never_counted, "extra", "the depth left is 0"),
    ("minimax", evaluate_first, None, "ask game.is_terminal(state) first"),
    ("minimax", wrong_side_at_min, "value", "minus game.evaluate's"),
    ("minimax", utility_for_mover, "value", "game.utility(state) is already the value for Max"),
    ("minimax", alternating, "value", "do not assume the players alternate"),
    ("minimax", averaging, "value", "only chance nodes average"),
    ("minimax", memo_without_depth, "value", "key a memo by the position and the depth left"),
    ("minimax", searched_twice, "extra", "a second time"),
    ("alphabeta", alphabeta_with(swap=True, name="swapped"), "window", "changed places"),
    ("alphabeta", alphabeta_with(wrong_bound=True, name="wrong_bound"), "uncut", "the window is still open"),
    ("alphabeta", alphabeta_with(keep_window=True, name="kept_window"), "window", "narrowed it"),
    ("alphabeta", alphabeta_with(full_window=True, name="full_window"), "window", "narrowed it"),
    ("alphabeta", alphabeta_with(ties=True, name="ab_ties"), "move", "tie at"),
    ("alphabeta", alphabeta_with(shift=1, name="ab_deeper"), "extra", "the depth left is 0"),
    ("alphabeta", alphabeta_with(shift=-1, name="ab_shallower"), "stopped", "without searching its moves"),
    ("alphabeta", alphabeta_with(eager=True, name="eager"), None, "game.play inside the loop"),
    ("alphabeta", alphabeta_with(no_cut=True, name="never_cuts"), "cut", "but it is cut"),
    ("alphabeta", loop_minimax, "cut", "but it is cut"),
    ("expectimax", expectimax_with(average_max=True, name="average_max"), "value", "only chance nodes average"),
    ("expectimax", expectimax_with(min_at_min=True, name="min_at_min"), "value", "Min moves at random here"),
    ("expectimax", expectimax_with(equal_odds=True, name="equal_odds"), "value", "weight each outcome"),
    ("expectimax", expectimax_with(reversed_odds=True, name="reversed_odds"), "value", "expected value is"),
    ("expectimax", expectimax_with(max_at_chance=True, name="max_at_chance"), "value", "nobody chooses"),
    ("expectiminimax", expectimax_with(name="expectimax_for_expectiminimax"), "value", "it takes the smallest"),
]


@pytest.mark.parametrize("kind, fn", RIGHT, ids=[f"{k}-{f.__name__}" for k, f in RIGHT])
def test_right_searches_in_every_style_pass(kind, fn):
    verdict = check_search(fn, kind)
    assert verdict.ok, verdict


@pytest.mark.parametrize("kind, fn, difference, words", SLIPS, ids=[f"{k}-{f.__name__}" for k, f, *_ in SLIPS])
def test_each_slip_fails_with_its_words(kind, fn, difference, words):
    verdict = check_search(fn, kind)
    assert not verdict.ok
    text = repr(verdict)
    assert words in text, text
    assert (verdict.difference.kind if verdict.difference else None) == difference, text
    for author_words in ("add a line", "evaluation:", "Traceback"):
        assert author_words not in text


def test_the_slips_of_the_issue_are_caught_where_it_says():
    # A search scoring cut-off positions from the mover's side opens on cell 1 of the empty
    # board at depth 1, where the engine plays 4.
    game = mv.TicTacToe()
    assert mv.minimax(game, depth=1).move == 4
    # By hand: after X's first move, evaluate (open lines for X minus open lines for O, over 9)
    # is the number of lines through X's mark over 9: 3/9 for a corner, 2/9 for an edge, 4/9 for
    # the centre. Negated (the mover's side, O's), the largest is an edge's, -2/9: cell 1 first.
    value, move = wrong_side_at_min(game, game.start(), 1)
    assert (value, move) == (pytest.approx(-2 / 9), 1)
    # the memo keyed without the depth: wrong only where a position is met at two depths
    text = repr(check_search(memo_without_depth, "minimax"))
    assert "a graph game at depth 3 (one position met at two depths)" in text and "S (after c1)" in text


def test_verdicts_name_the_node_and_keep_the_difference_to_draw():
    verdict = check_search(always_max, "minimax")
    assert "on AIMA figure 5.2: at B (after a1), a Min node" in repr(verdict)
    right_ax, mine_ax = verdict.draw()
    assert right_ax.figure.get_figwidth() * 100 <= 1000
    assert mine_ax.get_title().startswith("your search")
    import matplotlib.pyplot as plt
    plt.close("all")


def test_order_is_said_plainly():
    text = repr(check_search(reversed_moves, "minimax"))
    assert "moves are tried in the order game.moves(state) gives them (0, 1, 2 at the root)" in text
    assert "without sorting or reversing it" in text


@pytest.mark.parametrize("fn, words", [
    (None, "takes your minimax function itself"),
    (lambda g, s, d=INF: 3, "return a pair (value, move)"),
    (lambda g, s, d=INF: ("three", 0), "is not a number"),
    (lambda g, s: (3, 0), "it raised TypeError"),
])
def test_junk_gets_words(fn, words):
    verdict = check_search(fn, "minimax")
    assert not verdict.ok and words in repr(verdict)
