"""A misspelt or wrong option of a view is refused in words (issues 35 and 37): the unknown
keyword named, with the keywords taken and the closest of them (as networkx names a bad
``**kwds``); a difference's titles and a Difference made by hand checked as they enter."""

import inspect

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

import minimax_viz as mv  # noqa: E402
from minimax_viz.draw import TreeView, draw_tree, tree_png  # noqa: E402
from minimax_viz.errors import InvalidOption  # noqa: E402

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def result():
    return mv.alphabeta(mv.GameTree(AIMA))


@pytest.fixture(scope="module")
def difference():
    game = mv.TicTacToe()
    return mv.first_difference(mv.minimax(game, "XO..X....", record=True), mv.alphabeta(game, "XO..X...."))


def test_draw_tree_names_a_misspelt_keyword_and_the_closest_one(result):
    with pytest.raises(InvalidOption, match=r"draw_tree takes no option 'legnd' \(did you mean legend\?\); "
                                            r"it takes: ax, .*legend, levels"):
        draw_tree(result, legnd=False)


def test_tree_png_names_a_misspelt_keyword(result):
    with pytest.raises(InvalidOption, match=r"tree_png takes no option 'legnd' \(did you mean legend\?\)"):
        tree_png(result, legnd=1)


def test_tree_png_is_never_pyplots(result):
    with pytest.raises(InvalidOption, match=r"tree_png takes no option 'pyplot'"):
        tree_png(result, pyplot=True)


def test_tree_view_names_a_misspelt_keyword(result):
    with pytest.raises(InvalidOption, match=r"TreeView takes no option 'legnd' \(did you mean legend\?\)"):
        TreeView(result, legnd=1)


def test_a_keyword_far_from_every_option_gets_no_guess(result):
    with pytest.raises(InvalidOption, match=r"takes no option 'zzz'; it takes: ") as caught:
        mv.draw_tree(result, zzz=1)
    assert "did you mean" not in str(caught.value)


def test_draw_tree_refuses_frames_in_words_not_a_type_error(result):
    with pytest.raises(InvalidOption, match=r"draw_tree takes no option 'frames'"):
        mv.draw_tree(result, frames=True)   # upto= asks for a replay's frames


def test_the_stepper_names_a_misspelt_drawing_keyword(result):
    pytest.importorskip("ipywidgets")
    with pytest.raises(InvalidOption, match=r"Stepper takes no option 'legnd' \(did you mean legend\?\)"):
        mv.Stepper(result, legnd=1)


def test_a_refused_keyword_is_a_value_error_of_the_family(result):
    with pytest.raises(ValueError) as caught:
        mv.draw_tree(result, legnd=False)
    assert isinstance(caught.value, mv.errors.MinimaxError) and not isinstance(caught.value, TypeError)


def test_the_keywords_a_view_lists_are_its_parameters():
    """TreeView.OPTIONS, which every refusal lists, is what Python says the view takes."""
    params = inspect.signature(TreeView).parameters
    keywords = [n for n, p in params.items() if p.kind is inspect.Parameter.KEYWORD_ONLY]
    assert list(TreeView.OPTIONS) == keywords
    assert params["unknown"].kind is inspect.Parameter.VAR_KEYWORD


def test_every_option_draw_tree_lists_is_taken(result):
    """Each option the refusal offers draws, with the view's own default."""
    defaults = {n: p.default for n, p in inspect.signature(TreeView).parameters.items()}
    with pytest.raises(InvalidOption) as caught:
        mv.draw_tree(result, legnd=False)
    listed = str(caught.value).split("it takes: ")[1].split(", ")
    assert "upto" in listed and "frames" not in listed
    for name in listed:
        mv.draw_tree(result, **{name: defaults.get(name)})


@pytest.mark.parametrize("titles, words", [
    (5, "not 5"),
    (("only one",), r"not \('only one',\)"),
    (("right", 3), r"not \('right', 3\)"),
    ("right mine", "not 'right mine'"),
])
def test_draw_difference_refuses_titles_in_words(difference, titles, words):
    with pytest.raises(InvalidOption, match=r"titles must be None or a pair of titles .*" + words):
        mv.draw_difference(difference, titles=titles)


def test_draw_difference_takes_a_pair_of_titles(difference):
    right_ax, mine_ax = mv.draw_difference(difference, titles=("the right search", None))
    assert right_ax.get_title() == "the right search"
    assert mine_ax.get_title().startswith("minimax: ")    # None: the search's own words


def test_a_difference_made_by_hand_with_wrong_trees_is_refused_in_words():
    with pytest.raises(InvalidOption, match=r"trees must be the two recorded trees \(mine, right\).*not \(1, 2\)"):
        mv.Difference(trees=(1, 2))


def test_a_difference_made_by_hand_without_a_kind_is_refused_in_words():
    with pytest.raises(InvalidOption, match=r"kind must be one of position, .*, not None"):
        mv.Difference()
    with pytest.raises(InvalidOption, match=r"kind must be one of .* not 'oops'"):
        mv.Difference("oops", "words", None, None)


def test_a_difference_by_first_difference_still_carries_its_trees(difference):
    mine, right = difference.trees
    assert isinstance(mine, mv.SearchTree) and isinstance(right, mv.SearchTree)
    assert mv.Difference(difference.kind, difference.words, difference.mine, difference.right,
                         trees=difference.trees).words == str(difference)


@pytest.mark.parametrize("width", [None, "x", float("nan"), float("inf"), 10**400, -1, 0, 2.5, True, 199, 1001])
def test_a_scene_width_out_of_range_is_named(width):
    """Scene(tree, max_width_px=junk) -> InvalidOption naming max_width_px (was a raw TypeError,
    ValueError or OverflowError, or accepted: -1, 0, 2.5, True)."""
    tree = mv.minimax(mv.GameTree([[3, 12], [2]])).tree
    with pytest.raises(mv.InvalidOption, match="max_width_px must be a whole number of pixels from 200 to 1,000"):
        mv.Scene(tree, max_width_px=width)


def test_a_narrower_scene_is_still_drawn():
    tree = mv.minimax(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree
    assert mv.Scene(tree, max_width_px=200).cap_units < mv.Scene(tree).cap_units
