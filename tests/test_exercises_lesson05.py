"""Lesson 05's checks: "Right" for a right answer, "Not yet" with useful words otherwise."""

import math

import pytest
from feedback_helpers import says, stub

import minimax_viz as mv
from minimax_viz.exercises import lesson05 as L
from minimax_viz.exercises.searches import DEEP_GHOST

SKIPPED = [(0, 1, 1), (1, 1, 0), (1, 1, 1), (2, 1, 1)]


# -- which leaves alpha-beta never visits ---------------------------------------------------------

def test_never_visited_right_as_paths_lists_or_values():
    says(L.check_never_visited(SKIPPED), True, "4 of the 12 leaves")
    says(L.check_never_visited([list(p) for p in reversed(SKIPPED)]), True)
    says(L.check_never_visited([9, 0, 3, 10]), True)
    says(L.check_never_visited([(1, 1), (1, 2)], L.AIMA), True, "2 of the 9 leaves")


def test_never_visited_agrees_with_the_recorded_search():
    result = mv.alphabeta(mv.GameTree(L.PRACTICE))
    visited = {n.internal_state for n in result.tree.nodes if n.kind == "leaf"}
    assert sorted(set(mv.GameTree(L.PRACTICE).leaves()) - visited) == SKIPPED


def test_never_visited_stub_and_bad_forms():
    says(L.check_never_visited(...), False, "replace the ...")
    says(L.check_never_visited(5), False, "list of leaf paths")
    says(L.check_never_visited([(0, 1, 1), (1, 1)]), False, "(1, 1) is an inner node", "each leaf under it")
    says(L.check_never_visited([(5,)]), False, "(5,) is not a node", "3 child indexes")
    says(L.check_never_visited(["a"]), False, "'a' is not a leaf path")
    says(L.check_never_visited([42]), False, "no leaf of this tree holds the value 42")
    says(L.check_never_visited([2], [[2, 1], [2, 0]]), False, "2 leaves hold the value 2", "paths")


def test_never_visited_first_child_is_always_visited():
    says(
        L.check_never_visited([(1, 0), (1, 1), (1, 2)], L.AIMA), False,
        "leaf (1, 0) is always visited", "first child",
    )
    says(L.check_never_visited(SKIPPED + [(2, 1, 0)]), False, "(2, 1, 0) is always visited")


def test_never_visited_explains_a_leaf_that_must_be_searched():
    says(
        L.check_never_visited(SKIPPED + [(2, 0, 1)]), False,
        "leaf (2, 0, 1) is visited", "the Max node (2, 0)", "best it has is 8", "beta = +inf",
    )
    says(
        L.check_never_visited([(1, 1), (1, 2), (2, 2)], L.AIMA), False,
        "leaf (2, 2) is visited", "the Min node (2,)", "lowest it has is 5", "alpha = 3",
    )


def test_never_visited_explains_a_missing_leaf_and_a_skipped_subtree():
    says(L.check_never_visited([]), False, "leaf (0, 1, 1) is never visited", "7 >= beta = 6")
    says(
        L.check_never_visited([(0, 1, 1)]), False,
        "leaf (1, 1, 0) is never visited", "the Min node (1,)", "2 <= alpha = 6",
        "The whole subtree under (1, 1) is skipped",
    )
    says(L.check_never_visited([(1, 1)], L.AIMA), False, "(1, 2) is never visited", "2 <= alpha = 3")


def test_never_visited_with_the_strict_convention():
    says(L.check_never_visited([(1, 1)], [[5, 6], [5, 9]]), True)
    says(
        L.check_never_visited([], [[5, 6], [5, 9]], prune_on_equal=False), True, "0 of the 4 leaves: none"
    )
    says(
        L.check_never_visited([(1, 1)], [[5, 6], [5, 9]], prune_on_equal=False), False,
        "(1, 1) is visited", "is not below alpha = 5",
    )


# -- the window at a node --------------------------------------------------------------------------

def test_window_right():
    says(L.check_window((6, 8)), True, "alpha = 6 and beta = 8")
    says(L.check_window([6, 8.0]), True)
    says(L.check_window((3, math.inf), node=(2,), nested=L.AIMA), True, "beta = +inf")
    says(L.check_window((-math.inf, math.inf), node=(), nested=L.AIMA), True)


def test_window_stub_and_bad_forms():
    says(L.check_window(...), False, "replace the ...")
    says(L.check_window((6,)), False, "two numbers", "math.inf")
    says(L.check_window("6, 8"), False, "two numbers")


def test_window_typical_mistakes():
    says(L.check_window((8, 6)), False, "wrong way round", "lower end")
    says(
        L.check_window((-math.inf, math.inf)), False, "window at the root",
        "Alpha is the most Max", "(0,) and (1,) had returned",
    )
    says(L.check_window((6, math.inf)), False, "beta = +inf is not right", "Look at (2,)", "(2, 0) had returned")
    says(L.check_window((2, 8)), False, "alpha = 2 is not right")
    says(L.check_window((8, math.inf)), False, "alpha = 8 is not right, and neither is beta = +inf")
    says(L.check_window((0, 8), node=(0, 1)), False, "alpha = 0", "No Max node above (0, 1) has a finished child")


def test_window_refuses_a_node_that_is_never_entered():
    with pytest.raises(ValueError, match="never enters"):
        L.check_window((6, 2), node=(1, 1))


# -- your own alpha-beta ---------------------------------------------------------------------------

def ab(node, alpha, beta, is_max, visited):
    """The lesson's solution."""
    if not isinstance(node, list):
        visited.append(node)
        return node
    best = -math.inf if is_max else math.inf
    for child in node:
        value = ab(child, alpha, beta, not is_max, visited)
        if is_max:
            best = max(best, value)
            alpha = max(alpha, best)
            if best >= beta:
                break
        else:
            best = min(best, value)
            beta = min(beta, best)
            if best <= alpha:
                break
    return best


def fail_hard(node, alpha, beta, is_max, visited):
    """The other textbook form: it returns alpha or beta on a cut; it visits the same leaves."""
    if not isinstance(node, list):
        visited.append(node)
        return node
    for child in node:
        value = fail_hard(child, alpha, beta, not is_max, visited)
        if is_max:
            if value >= beta:
                return beta
            alpha = max(alpha, value)
        else:
            if value <= alpha:
                return alpha
            beta = min(beta, value)
    return alpha if is_max else beta


def plain(node, alpha, beta, is_max, visited):
    if not isinstance(node, list):
        visited.append(node)
        return node
    values = [plain(child, alpha, beta, not is_max, visited) for child in node]
    return max(values) if is_max else min(values)


def strict(node, alpha, beta, is_max, visited):
    if not isinstance(node, list):
        visited.append(node)
        return node
    best = -math.inf if is_max else math.inf
    for child in node:
        value = strict(child, alpha, beta, not is_max, visited)
        if is_max:
            best = max(best, value)
            alpha = max(alpha, best)
            if best > beta:
                break
        else:
            best = min(best, value)
            beta = min(beta, best)
            if best < alpha:
                break
    return best


def narrows_at_root_only(node, alpha, beta, is_max, visited, depth=0):
    if not isinstance(node, list):
        visited.append(node)
        return node
    best = -math.inf if is_max else math.inf
    for child in node:
        value = narrows_at_root_only(child, alpha, beta, not is_max, visited, depth + 1)
        if is_max:
            best = max(best, value)
            if depth == 0:
                alpha = max(alpha, best)
            if best >= beta:
                break
        else:
            best = min(best, value)
            if best <= alpha:
                break
    return best


def right_to_left(node, alpha, beta, is_max, visited):
    if not isinstance(node, list):
        visited.append(node)
        return node
    best = -math.inf if is_max else math.inf
    for child in reversed(node):
        value = right_to_left(child, alpha, beta, not is_max, visited)
        best = max(best, value) if is_max else min(best, value)
        if is_max:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def test_alphabeta_right():
    says(L.check_alphabeta(ab), True, "all 6 trees", "same order")
    says(L.check_alphabeta(fail_hard), True)


def test_alphabeta_stub_and_not_a_function():
    says(L.check_alphabeta(stub), False, "still the stub", "NotImplementedError")
    says(L.check_alphabeta(5), False, "should be a function")


def test_alphabeta_wrong_value():
    def same_player(node, alpha, beta, is_max, visited):
        if not isinstance(node, list):
            visited.append(node)
            return node
        values = [same_player(child, alpha, beta, is_max, visited) for child in node]
        return max(values) if is_max else min(values)

    says(L.check_alphabeta(same_player), False, "returned 14, but the value of this tree is 3", "is_max flips")


def test_alphabeta_no_cut_no_leaves_strict_and_out_of_order():
    says(L.check_alphabeta(plain), False, "looked at every leaf: it never cut")

    def forgets_visited(node, alpha, beta, is_max, visited):
        return ab(node, alpha, beta, is_max, [])

    says(L.check_alphabeta(forgets_visited), False, "visited stayed empty")
    says(L.check_alphabeta(strict), False, "strict inequality", "CS188", "AIMA")
    says(
        L.check_alphabeta(narrows_at_root_only), False,
        "the first 3 leaves it looked at are right", "it looked at 9", "(0, 1, 1) is never visited",
    )
    says(L.check_alphabeta(right_to_left), False, "leaf (0,) = 4 next", "left to right")


def test_alphabeta_does_not_let_the_learner_change_the_trees():
    def mutates(node, alpha, beta, is_max, visited):
        value = ab(node, alpha, beta, is_max, visited)
        if isinstance(node, list):
            node.clear()
        return value

    says(L.check_alphabeta(mutates), True)
    assert L.PRACTICE == [[[4, 6], [7, 9]], [[1, 2], [0, 3]], [[8, 5], [11, 10]]]


def test_paths_are_the_numbers_on_the_edges():
    # Issue 15: one notation for paths. The drawing's edges carry 0-based indexes ...
    tree = L.IndexedTree(L.PRACTICE)
    assert [tree.label((2, 0), 1), tree.label((), 2)] == ["1", "2"]
    # ... and an answer in AIMA's letter labels, or counted from 1, gets words, not a verdict on leaves.
    letters = L.check_never_visited(["f2", "g1"])
    assert not letters.ok and "numbers on the edges" in str(letters)
    one_based = L.check_never_visited([(1, 2, 2)])
    assert not one_based.ok and "did you mean (0, 1, 1)" in str(one_based)


# -- exercise 4: alpha-beta on the Game interface -----------------------------------------------
# Written here as students write them, independently of the package. The shared battery
# (tests/test_learner_searches.py) covers check_search; these cover what lesson 05 adds.

INF = math.inf


def game_alphabeta(game, state, depth=INF, alpha=-INF, beta=INF):
    """The lesson's solution, written again: a window narrowed after each child, cut on >=."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = game_alphabeta(game, game.play(state, move), depth - 1, alpha, beta)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


def game_fail_hard(game, state, depth=INF, alpha=-INF, beta=INF):
    """Fail-hard: the value is kept inside the window, alpha or beta returned at a cut."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    moves = game.moves(state)
    best_move = None
    if game.node_type(state) == "max":
        for move in moves:
            value, _ = game_fail_hard(game, game.play(state, move), depth - 1, alpha, beta)
            if value > alpha:
                alpha, best_move = value, move
            if alpha >= beta:
                return beta, best_move
        return alpha, moves[0] if best_move is None else best_move
    for move in moves:
        value, _ = game_fail_hard(game, game.play(state, move), depth - 1, alpha, beta)
        if value < beta:
            beta, best_move = value, move
        if alpha >= beta:
            return alpha, best_move
    return beta, moves[0] if best_move is None else best_move


def game_cs188(game, state, depth=INF, alpha=-INF, beta=INF):
    """CS188's rule: cut only on a strict inequality, before narrowing the window."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = game_cs188(game, game.play(state, move), depth - 1, alpha, beta)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
        if maximise:
            if best > beta:
                break
            alpha = max(alpha, best)
        else:
            if best < alpha:
                break
            beta = min(beta, best)
    return best, best_move


def game_with(*, swap=False, keep=False, shift=0, mover_side=False, name="alphabeta"):
    """Alpha-beta with one slip: the window swapped or never narrowed, the depth off by one,
    the positions at the limit scored from the mover's side."""
    def alphabeta(game, state, depth=INF, alpha=-INF, beta=INF):
        if game.is_terminal(state):
            return game.utility(state), None
        if depth + shift <= 0:
            guess = game.evaluate(state)
            return (-guess if mover_side and game.node_type(state) == "min" else guess), None
        maximise = game.node_type(state) == "max"
        start = alpha, beta
        best, best_move = (-INF if maximise else INF), None
        for move in game.moves(state):
            window = start if keep else (beta, alpha) if swap else (alpha, beta)
            value, _ = alphabeta(game, game.play(state, move), depth - 1, *window)
            if (value > best) if maximise else (value < best):
                best, best_move = value, move
            if maximise:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best, best_move

    alphabeta.__name__ = name
    return alphabeta


def no_defaults(game, state, depth, alpha, beta):
    return game_alphabeta(game, state, depth, alpha, beta)


def told_is_max(game, state, depth=INF, alpha=-INF, beta=INF, is_max=True):
    """Lesson 05's pseudocode signature: is_max flipped at every call."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    best, best_move = (-INF if is_max else INF), None
    for move in game.moves(state):
        value, _ = told_is_max(game, game.play(state, move), depth - 1, alpha, beta, not is_max)
        if (value > best) if is_max else (value < best):
            best, best_move = value, move
        if is_max:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


def minimax_only(game, state, depth=INF, alpha=-INF, beta=INF):
    """Takes a window and never passes it on."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    pairs = [(minimax_only(game, game.play(state, m), depth - 1)[0], m) for m in game.moves(state)]
    return (max if game.node_type(state) == "max" else min)(pairs, key=lambda pair: pair[0])


@pytest.mark.parametrize("fn", [game_alphabeta, game_fail_hard, game_cs188])
def test_alphabeta_game_right_in_three_styles(fn):
    feedback = L.check_alphabeta_game(fn)
    says(feedback, True, "all 17 games", "depth limits odd and even", "finished games at the limit",
         "a position met at two depths", "tic-tac-toe", "moves tried in game.moves order",
         "lesson 10, which checks it again")


@pytest.mark.parametrize("fn, words", [
    (game_with(swap=True, name="swapped"), ["alpha and beta have changed places"]),
    (game_with(keep=True, name="kept"), ["that is the window its parent was called with", "narrowed it"]),
    (game_with(shift=-1, name="shallower"), ["without searching its moves"]),
    (game_with(shift=1, name="deeper"), ["the depth left is 0", "depth off by one?"]),
    (game_with(mover_side=True, name="mover_side"), ["minus game.evaluate's"]),
    (minimax_only, ["was given α = −∞, β = ∞", "pass the window as it stands"]),
    (no_defaults, ["give alpha and beta defaults", "alpha=-math.inf, beta=math.inf"]),
    (told_is_max, ["told whose turn it is (is_max)", "ask game.node_type(state)"]),
    (stub, ["still the stub"]),
    (L.check_alphabeta, ["it raised TypeError"]),   # the nested-list check handed over by mistake
])
def test_alphabeta_game_slips_are_named(fn, words):
    feedback = L.check_alphabeta_game(fn)
    says(feedback, False, *words)


def test_the_two_checks_of_alphabeta_are_apart():
    """The nested-list exercise and the Game-interface one each refuse the other's function in words."""
    says(L.check_alphabeta(game_alphabeta), False)
    says(L.check_alphabeta_game(ab), False)


# -- the learner's cuts drawn over the right ones ------------------------------------------------

@pytest.fixture
def figures():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.close("all")
    yield plt
    plt.close("all")


def drawn(plt):
    return [plt.figure(n) for n in plt.get_fignums()]


def test_draw_your_alphabeta_on_the_practice_tree_shows_the_learners_cuts(figures):
    practice = L.IndexedTree(L.PRACTICE)
    verdict = L.draw_your_alphabeta(game_alphabeta, practice)
    says(verdict, True, "as mv.alphabeta does: 17 calls, 3 moves cut", "value 8, move 2")
    tree = verdict.run.mine.tree
    stubs = [n for n in tree.nodes if n.pruned]
    under = sorted(leaf for leaf in practice.leaves() if any(leaf[:len(n.internal_state)] == n.internal_state
                                                              for n in stubs))
    assert under == SKIPPED   # the leaves exercise 2 names, found from the learner's own tree
    (figure,) = drawn(figures)
    assert figure.axes[0].get_title() == "your alpha-beta: 17 calls, 3 pruned; best move 2, value 8"
    assert figure.get_figwidth() * figure.dpi <= 1000


def test_draw_your_alphabeta_on_the_tutorial_board_under_either_rule(figures):
    game, board = mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD
    says(L.draw_your_alphabeta(game_alphabeta, game, board), True, "8 calls, 1 move cut", "value 1, move 4")
    strict_rule = L.draw_your_alphabeta(game_cs188, game, board)
    says(strict_rule, True, "mv.alphabeta(..., prune_on_equal=False), cutting on > only (CS188's rule)",
         "9 calls, no cut")
    says(L.draw_your_alphabeta(game_fail_hard, game, board), True, "as mv.alphabeta does")
    assert len(drawn(figures)) == 3 and all(len(f.axes) == 1 for f in drawn(figures))


def test_draw_your_alphabeta_frames_the_first_parting(figures):
    verdict = L.draw_your_alphabeta(game_with(keep=True), L.IndexedTree(L.PRACTICE))
    says(verdict, False, "node (0, 0, 1)", "α = 4", "narrowed it")
    (figure,) = drawn(figures)
    right, mine = figure.axes
    assert right.get_title().startswith("alpha-beta: 17 calls") and mine.get_title().startswith("your alpha-beta")
    assert [t.get_text() for t in right.texts].count("parts here") == 1


def test_the_parting_frame_goes_round_a_textbook_leaf(figures):
    """The frame round a leaf of a textbook tree fits the leaf's small square, not a board."""
    from matplotlib.patches import Rectangle

    verdict = L.draw_your_alphabeta(game_with(keep=True), L.IndexedTree(L.PRACTICE))
    right, _ = drawn(figures)[0].axes
    frames = [p for p in right.patches if isinstance(p, Rectangle) and p.get_linestyle() != "solid"]
    (frame,) = [p for p in frames if p.get_edgecolor()[:3] != (1.0, 1.0, 1.0)]
    assert verdict.difference.right.internal_state == (0, 0, 1)
    assert frame.get_width() < 0.7 and frame.get_height() < 0.7


def test_draw_your_alphabeta_is_one_line_while_unfinished(figures):
    line = L.draw_your_alphabeta(stub, L.IndexedTree(L.PRACTICE))
    assert repr(line) == "Not yet: finish exercise 4 above first: stub is still the stub" and not line
    line = L.draw_your_alphabeta(no_defaults, mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)
    assert "does not run yet (it raised TypeError" in repr(line)
    assert not drawn(figures)


def test_nodes_of_the_practice_tree_are_named_by_their_paths():
    tree = L.IndexedTree(L.PRACTICE)
    assert tree.name(()) == "the root" and tree.name((2, 1)) == "node (2, 1)"


def test_a_window_made_from_a_wrong_value_is_told_as_the_wrong_value():
    """The guesses turned round at Min nodes give the next sibling a wrong alpha: the first
    parting is the wrong value that made it, not the window."""
    deep = mv.GameTree.from_cs188(DEEP_GHOST)
    mine = mv.record_calls(game_with(mover_side=True), deep, deep.start(), 1)
    difference = mv.first_difference(mine, mv.alphabeta(deep, depth=1), exact=mv.minimax(deep, depth=1))
    assert difference.kind == "value" and "minus game.evaluate's" in str(difference), difference
