"""The search progress view: what it says while iterative deepening runs, at the end, and on Ctrl-C."""

import pytest

import minimax_viz as mv

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_it_shows_the_view_then_returns_the_result():
    shown = []
    result = mv.search_with_progress(mv.GameTree(AIMA), display=shown.append)
    (view,) = shown
    assert isinstance(view, mv.SearchProgress) and view.result is result
    assert (result.score, result.move, result.depth) == (3, 0, 2)
    assert view.text == "solved at depth 2: 15 calls; best move 0, value 3"
    assert view.text in view.label.value and view.bar.bar_style == "success"
    assert view._repr_mimebundle_()["text/plain"] == f"<SearchProgress: {view.text}>"


def test_while_it_runs_it_shows_depth_calls_and_best_move():
    seen = []
    view = mv.SearchProgress()
    result = view.run(mv.ConnectFour(), "4455", max_depth=4, seconds=None,
                      progress=lambda depth, calls, move, score: seen.append((view.bar.value, view.text)))
    assert [bar for bar, _ in seen] == [1, 2, 3, 4]
    assert view.bar.max == 4
    bar, text = seen[1]
    assert text.startswith("depth 2 done: ") and " calls so far; best move so far " in text
    assert text.endswith("searching depth 3 …")
    assert view.text.startswith("stopped after depth 4") and f"best move {result.move}" in view.text


def test_the_bar_runs_to_the_moves_left():
    view = mv.SearchProgress()
    view.run(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)
    assert view.bar.max == 3  # three empty cells
    assert view.text.startswith("solved at depth 2") and view.text.endswith("best move 4, value +3")
    assert view.bar.value == 3  # solved: nothing deeper to search


def test_an_interrupt_keeps_the_last_completed_depth():
    game, calls = mv.ConnectFour(), []

    def evaluate(board):  # the notebook's stop button, pressed during depth 3
        calls.append(board)
        if len(calls) == 60:
            raise KeyboardInterrupt
        return 0

    shown = []
    result = mv.search_with_progress(game, "4455", display=shown.append, evaluate=evaluate, seconds=None)
    view = shown[0]
    assert result.interrupted and result.depth == 2 and result.move is not None
    assert view.text.startswith(f"interrupted at depth 2: best move so far {result.move}")
    assert view.bar.bar_style == "warning" and view.bar.value == 2


def test_bad_options_raise_as_iterative_deepening_does():
    with pytest.raises(mv.InvalidOption, match="seconds must be a positive number"):
        mv.SearchProgress().run(mv.GameTree(AIMA), seconds=-1)
