"""The pruning quiz, driven as a learner would: set the answers, click check, read the verdicts."""

import math

import matplotlib
import pytest

matplotlib.use("Agg")

import minimax_viz as mv  # noqa: E402
from minimax_viz.exercises import lesson05 as L  # noqa: E402
from minimax_viz.widgets.quiz import read_bound  # noqa: E402

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture
def aima():
    return mv.PruningQuiz(tree=AIMA)


def answer(quiz, root, leaves, alpha, beta):
    quiz.root_value.value = str(root)
    for path in leaves:
        quiz.leaf_buttons[path].value = True
    quiz.alpha.value, quiz.beta.value = alpha, beta
    quiz.check_button.click()
    return quiz.results


# -- the checks on hand-worked trees -----------------------------------------------------------------------

def test_aima_never_visited_leaves():
    assert bool(L.check_never_visited([(1, 1), (1, 2)], AIMA))
    verdict = L.check_never_visited([(1, 0), (1, 1), (1, 2)], AIMA)
    assert not verdict and "leaf (1, 0) is always visited" in str(verdict) and "first child" in str(verdict)


def test_root_value_explains_the_usual_slips():
    assert bool(L.check_root_value(3, AIMA))
    assert "largest leaf" in str(L.check_root_value(14, AIMA))
    assert "Max and Min swapped" in str(L.check_root_value(6, AIMA))  # a Min root over Max nodes: 6
    assert "one of the root's children" in str(L.check_root_value(2, AIMA))
    says = str(L.check_root_value(7, AIMA))
    assert says.startswith("Not yet: 7 is not the root's value.") and "Hint: work from the leaves up" in says
    assert "replace the ..." in str(L.check_root_value(..., AIMA))
    assert "a number, not 'three'" in str(L.check_root_value("three", AIMA))


def test_read_bound():
    assert [read_bound(t) for t in ("4", "-2", "inf", "+∞", " -INF", "1e9", "")] == [4, -2, math.inf, math.inf,
                                                                                       -math.inf, 1000000000, None]


# -- the widget ---------------------------------------------------------------------------------------------

def test_the_question_hides_inner_values(aima):
    assert bytes(aima.image.value).startswith(b"\x89PNG")
    assert [b.description for b in aima.leaf_buttons.values()][:3] == ["(0, 0): 3", "(0, 1): 12", "(0, 2): 8"]
    assert len(aima.leaf_buttons) == 9 and aima.node in {(1,), (2,)}  # a Min node with alpha = 3
    view = mv.TreeView(mv.minimax(aima.game).tree, pyplot=False, scores="leaves")
    view.show()
    shown = [t.get_text() for t in view.ax.texts if t.get_visible() and t.get_text()[:1].isdigit()]
    assert sorted(shown, key=int) == sorted(map(str, sum(AIMA, [])), key=int)  # the nine leaves, no more
    assert "value" not in view.ax.get_title()


def test_all_right(aima):
    results = answer(aima, 3, [(1, 1), (1, 2)], "3", "inf")
    assert [bool(r) for r in results] == [True, True, True]
    assert aima.feedback.value.count("✓") == 3 and "✗" not in aima.feedback.value


def test_a_wrong_leaf_is_explained(aima):
    results = answer(aima, 3, [(1, 0), (1, 1), (1, 2)], "-inf", "inf")
    assert [bool(r) for r in results] == [True, False, False]
    assert "leaf (1, 0) is always visited" in aima.feedback.value
    assert "(-inf, +inf) is the window at the root" in aima.feedback.value
    assert aima.feedback.value.count("✗") == 2


def test_a_bound_that_is_not_a_number(aima):
    answer(aima, 3, [], "three", "inf")
    assert "type alpha as a number, or -inf / inf; &#x27;three&#x27; is not a number" in aima.feedback.value


def test_new_tree_and_show_answer():
    quiz = mv.PruningQuiz(seed=0, depth=3, branching=(2, 3))
    assert quiz.nested == mv.GameTree.random(depth=3, branching=(2, 3), seed=0).nested
    first = quiz.image.value
    quiz.leaf_buttons[next(iter(quiz.leaf_buttons))].value = True
    quiz.check()
    quiz.new_button.click()
    assert quiz.seed == 1 and quiz.nested == mv.GameTree.random(depth=3, branching=(2, 3), seed=1).nested
    assert quiz.image.value != first and quiz.feedback.value == "" and quiz.never_visited == []
    assert quiz.answer_image.layout.display == "none"
    quiz.answer_button.click()
    assert bytes(quiz.answer_image.value).startswith(b"\x89PNG") and quiz.answer_image.layout.display is None


def test_the_right_answers_of_random_trees_pass():
    for seed in range(6):
        quiz = mv.PruningQuiz(seed=seed, depth=3, branching=(2, 3))
        search = mv.alphabeta(quiz.game)
        visited = {n.internal_state for n in search.tree.nodes if n.kind == "leaf"}
        node = next(n for n in search.tree.nodes if n.internal_state == quiz.node)
        assert node.depth > 0 and not node.pruned
        fmt = lambda x: "inf" if x == math.inf else "-inf" if x == -math.inf else str(x)  # noqa: E731
        results = answer(quiz, search.score, [p for p in quiz.game.leaves() if p not in visited],
                         fmt(node.alpha), fmt(node.beta))
        assert all(results), (seed, results)


def test_an_empty_root_box_is_not_an_answer():
    quiz = mv.PruningQuiz(tree=[[0, 1], [-2, 0]])  # the root's value is 0: a blank box must not pass
    verdict = quiz.check()[0]
    assert not verdict and "type a number in the box" in str(verdict)
    quiz.root_value.value = "zero"
    assert "not 'zero'" in str(quiz.check()[0])
    quiz.root_value.value = "0"
    assert quiz.check()[0]


def test_the_edges_carry_the_paths_the_leaf_buttons_use():
    # Issue 15: one notation for paths. The picture's edge labels are the 0-based indexes
    # that make up the leaf buttons' paths, so a button's path reads off the picture.
    quiz = mv.PruningQuiz(seed=3)
    tree, scene = quiz.view.tree, quiz.view.scene
    assert scene.label_moves
    for node in tree.nodes[1:]:
        assert scene.edge_label(node.index) == str(node.internal_state[-1])
    paths = list(quiz.leaf_buttons)
    assert paths[0][0] == 0 and all(isinstance(p, tuple) for p in paths)
    assert "edge numbers" in quiz.view.ax.get_title()
    assert all(button.description.startswith(str(path)) for path, button in quiz.leaf_buttons.items())
