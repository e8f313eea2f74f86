"""record_calls records a learner's own recursion; first_difference names where two searches part.

The truths here come from outside the recorder: the tutorial's answer, the size of the
tic-tac-toe tree, the engine's trace of the same search, and searches written in the test.
"""

import functools
import math

import matplotlib
import pytest

import minimax_viz as mv
from minimax_viz.compare import first_difference
from minimax_viz.learner import record_calls, search_functions

INF = math.inf
TUTORIAL = ["X", 1, "O", "X", 4, "X", "O", "O", 8]
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_the_tutorials_function_recorded_is_the_engines_search():
    mine = record_calls(mv.tutorial.minimax, list(TUTORIAL), "X")
    engine = mv.minimax(mv.TicTacToe(), TUTORIAL)
    assert mine.returned == {"index": 4, "score": 1}      # the tutorial's own answer
    assert (mine.move, mine.score) == (4, 1)
    assert mine.tree.text() == engine.tree.text()
    assert first_difference(mine, engine) is None


@pytest.mark.slow
def test_the_whole_tic_tac_toe_tree_recorded_from_the_tutorials_function():
    mine = record_calls(mv.tutorial.minimax, list(range(9)), "X")
    assert mine.stats.calls == 549_946 and mine.tree.counts()["leaf"] == 255_168
    assert mine.returned["score"] == 0


def test_names_are_put_back_even_when_the_search_raises():
    def broken(game, state, depth):
        if depth == 1:
            raise KeyError("oops")
        return broken(game, game.play(state, 0), depth - 1)

    before = broken
    with pytest.raises(KeyError):
        record_calls(broken, mv.GameTree(AIMA), (), 2)
    assert broken is before and "recorded" not in repr(broken)
    assert globals()["loop"] is loop


def loop(game, state, depth=INF):
    if game.is_terminal(state):
        return game.utility(state), None
    maximise = game.node_type(state) == "max"
    best = None
    for m in game.moves(state):
        value = loop(game, game.play(state, m), depth - 1)[0]
        if best is None or (value > best[0] if maximise else value < best[0]):
            best = value, m
    return best


def max_value(game, state):
    return game.utility(state) if game.is_terminal(state) else max(
        min_value(game, game.play(state, m)) for m in game.moves(state))


def min_value(game, state):
    return game.utility(state) if game.is_terminal(state) else min(
        max_value(game, game.play(state, m)) for m in game.moves(state))


def decide(game, state):
    return max((min_value(game, game.play(state, m)), m) for m in game.moves(state))


def test_styles_module_level_mutual_recursion_and_local_functions():
    game = mv.GameTree(AIMA)
    engine = mv.minimax(game)
    assert [f.__name__ for f in search_functions(decide)] == ["decide", "min_value", "max_value"]
    assert len(record_calls(decide, game, ()).tree) == len(engine.tree) == 13

    def local(game, state):
        def value(state):
            if game.is_terminal(state):
                return game.utility(state)
            pick = max if game.node_type(state) == "max" else min
            return pick(value(game.play(state, m)) for m in game.moves(state))
        return value(state), None

    mine = record_calls(local, game, ())
    assert mine.tree.text() == engine.tree.text()


def test_a_cached_search_is_recorded_with_its_cache_answers_as_leaves():
    game = mv.TicTacToe()

    @functools.lru_cache(maxsize=None)
    def cached(code):
        if game.is_terminal(code):
            return game.utility(code)
        pick = max if game.node_type(code) == "max" else min
        return pick(cached(game.play(code, m)) for m in game.moves(code))

    mine = record_calls(cached, game.state("X........"), game=game)
    assert mine.score == 0
    assert mine.stats.calls < mv.minimax(game, "X........").stats.calls   # transpositions answered once
    cached.cache_clear()


def test_windows_are_recorded_when_the_search_takes_alpha_and_beta():
    def ab(game, state, depth=INF, alpha=-INF, beta=INF):
        if game.is_terminal(state):
            return game.utility(state), None
        maximise = game.node_type(state) == "max"
        best, move = (-INF if maximise else INF), None
        for m in game.moves(state):
            value = ab(game, game.play(state, m), depth - 1, alpha, beta)[0]
            if (value > best) if maximise else (value < best):
                best, move = value, m
            alpha, beta = (max(alpha, best), beta) if maximise else (alpha, min(beta, best))
            if alpha >= beta:
                break
        return best, move

    game = mv.GameTree(AIMA)
    mine, engine = record_calls(ab, game, ()), mv.alphabeta(game)
    assert mine.tree.has_window and mine.stats.pruned == engine.stats.pruned == 2
    assert [(n.alpha, n.beta) for n in mine.tree.nodes] == [(n.alpha, n.beta) for n in engine.tree.nodes]
    assert [(n.alpha_out, n.beta_out) for n in mine.tree.nodes] == [(n.alpha_out, n.beta_out) for n in engine.tree.nodes]
    assert first_difference(mine, engine) is None


def test_a_board_left_marked_is_named_where_it_first_happens():
    def forgets(board, mark):   # the tutorial's loop without step 12's reset
        if mv.tutorial.check_if_winner_found(board, "O"):
            return {"score": -1}
        if mv.tutorial.check_if_winner_found(board, "X"):
            return {"score": 1}
        cells = mv.tutorial.get_all_empty_cells_indexes(board)
        if not cells:
            return {"score": 0}
        plays = []
        for cell in cells:
            board[cell] = mark
            plays.append({"index": cell, "score": forgets(board, "O" if mark == "X" else "X")["score"]})
        pick = max if mark == "X" else min
        return pick(plays, key=lambda p: p["score"])

    mine = record_calls(forgets, list(TUTORIAL), "X")
    assert mine.problems and "which no move leads to" in mine.problems[0]
    difference = first_difference(mine, mv.minimax(mv.TicTacToe(), TUTORIAL))
    assert difference.kind == "position" and "below the position after X plays 1" in str(difference)
    odd = min(mine.tree.odd)   # the board that call got, kept as it was then (the list changed since)
    assert set(mine.tree.given) == set(mine.tree.odd)
    assert mine.tree.given[odd] == ["X", "X", "O", "X", "O", "X", "O", "O", "O"]
    assert mine.tree.nodes[odd].parent.state == ["X", "X", "O", "X", 4, "X", "O", "O", 8]


def test_first_difference_on_the_textbook_tree():
    game = mv.GameTree(AIMA)
    right = mv.minimax(game)

    def min_everywhere(game, state):
        if game.is_terminal(state):
            return game.utility(state), None
        return min((min_everywhere(game, game.play(state, m))[0], m) for m in game.moves(state))

    difference = first_difference(record_calls(min_everywhere, game, ()), right)
    # B, C and D are right (Min nodes); the root is the first call to return a wrong value
    assert difference.kind == "value" and difference.path == ()
    assert "Max takes the largest, 3" in str(difference)


def test_draw_difference_marks_the_parting_and_fits_the_page():
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    game = mv.TicTacToe()
    deep = mv.minimax(game, depth=3)

    def wrong_side(game, state, depth):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth == 0:
            guess = game.evaluate(state)
            return (guess if game.node_type(state) == "max" else -guess), None
        pick = max if game.node_type(state) == "max" else min
        return pick(((wrong_side(game, game.play(state, m), depth - 1)[0], m) for m in game.moves(state)),
                    key=lambda pair: pair[0])

    difference = first_difference(record_calls(wrong_side, game, game.start(), 3), deep)
    assert difference.kind == "value" and "minus game.evaluate's" in str(difference)
    right_ax, mine_ax = mv.draw_difference(difference)
    figure = right_ax.figure
    assert figure.get_figwidth() * figure.dpi <= 1000
    assert [t.get_text() for t in right_ax.texts].count("parts here") == 1
    assert [t.get_text() for t in mine_ax.texts].count("parts here") == 1
    plt.close(figure)
    with pytest.raises(mv.InvalidOption):
        mv.draw_tree(deep, mark=10 ** 9)


@pytest.mark.parametrize("args, words", [
    ((42, mv.GameTree(AIMA), ()), "takes your search function itself"),
    ((loop, 3), "cannot tell the game"),
])
def test_bad_input_gets_a_clear_error(args, words):
    with pytest.raises(mv.InvalidOption, match=words):
        record_calls(*args)
