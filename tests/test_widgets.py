"""The widgets, driven as a learner would: set values, click, and read what they show.

No browser here: ipywidgets work in plain Python, and the tests read the widgets' values
(the PNG bytes, the HTML, the labels) after each change.
"""

import re
import subprocess
import sys
from pathlib import Path

import chess
import matplotlib
import pytest

matplotlib.use("Agg")

import minimax_viz as mv  # noqa: E402

TUTORIAL = mv.TicTacToe.TUTORIAL_BOARD
PACKAGE = Path(mv.__file__).parent


def rows(table):
    return {row["index"]: row["score"] for row in table}


@pytest.fixture
def stepper():
    return mv.Stepper(mv.minimax(mv.TicTacToe(), TUTORIAL))


@pytest.fixture
def ab_stepper():
    return mv.Stepper(mv.alphabeta(mv.TicTacToe(), TUTORIAL))


# -- the package -----------------------------------------------------------------------------------

def test_import_minimax_viz_does_not_import_ipywidgets():
    code = ("import sys, minimax_viz; print('ipywidgets' in sys.modules, 'minimax_viz.widgets' in sys.modules); "
            "minimax_viz.Stepper; print('ipywidgets' in sys.modules, 'minimax_viz.widgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    # the package loads a part when one of its names is read; the widgets' module, ipywidgets only for a widget
    assert out.split() == ["False", "False", "False", "True"]


def test_only_the_widgets_import_ipywidgets():
    pattern = re.compile(r"^\s*(import ipywidgets|from ipywidgets)", re.M)
    users = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if pattern.search(p.read_text()))
    assert users == ["widgets/_common.py"]


def test_widgets_are_public_and_display_as_widgets(stepper):
    assert {"Stepper", "Explorer", "PlayBoard", "PruningQuiz", "SearchProgress", "search_with_progress"} <= set(mv.__all__)
    bundle = stepper._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == stepper.widget.model_id
    assert bundle["text/plain"] == "<Stepper: event 0 of 12 of a minimax search>"


# -- the stepper ---------------------------------------------------------------------------------------

def test_stepper_draws_each_step_on_one_view(stepper):
    view, pictures = stepper.view, []
    for k in range(stepper.n_steps):
        stepper.step = k
        assert stepper.view is view
        assert view.upto == (None if k == stepper.n_steps - 1 else k)  # the last step is the whole tree
        pictures.append(stepper.png)
    assert all(p.startswith(b"\x89PNG") for p in pictures)
    assert all(a != b for a, b in zip(pictures, pictures[1:])), "every step changes the picture"


def test_stepper_caption_in_words(stepper):
    stepper.step = 5
    assert stepper.caption == "Event 5 of 12: X plays 4: +1 (X wins)"
    assert stepper.caption in stepper.caption_html.value
    stepper.step = 0
    assert stepper.caption == "Event 0 of 12: the search starts: X to move"
    stepper.step = 12
    assert stepper.caption == "Event 12 of 12: the search ends: value +1; best move 4"


def test_test_play_table_holds_the_returned_children(stepper):
    stepper.step = 12  # the root returns
    assert stepper.call.index == 0
    assert stepper.table == [{"index": 1, "score": -1}, {"index": 4, "score": 1}, {"index": 8, "score": -1}]
    stepper.step = 5   # X plays 4 and wins: two of the root's test-plays are back
    assert stepper.call.index == 0 and rows(stepper.table) == {1: -1, 4: 1}
    stepper.step = 1   # X plays 1: a new call, no test-plays yet
    assert stepper.call.move == 1 and stepper.table == []
    assert "none yet" in stepper.table_html.value
    stepper.step = 3   # inside the call after X plays 1, both O replies have returned
    assert stepper.call.move == 1 and rows(stepper.table) == {4: -1, 8: -1}
    stepper.step = 10
    assert stepper.call.move == 8 and rows(stepper.table) == {1: 1, 4: -1}
    assert "<td style='padding:0 12px'>4</td><td style='padding:0 12px'>−1</td>" in stepper.table_html.value


def test_stepper_goes_backwards_to_the_same_picture(stepper):
    stepper.step = 5
    forwards = (stepper.image.value, stepper.caption, stepper.table, stepper.table_html.value)
    stepper.step = 12
    stepper.step = 2
    stepper.step = 5
    assert (stepper.image.value, stepper.caption, stepper.table, stepper.table_html.value) == forwards


def test_back_and_forward_buttons(stepper):
    assert stepper.back.disabled and not stepper.forward.disabled
    stepper.forward.click()
    stepper.forward.click()
    assert stepper.step == 2 and stepper.view.upto == 2
    stepper.back.click()
    assert stepper.step == 1
    stepper.step = 12
    assert stepper.forward.disabled
    stepper.forward.click()
    assert stepper.step == 12


def test_play_and_speed_drive_the_slider(stepper):
    stepper.play.value = 4  # what the Play widget does in the browser on each tick
    assert stepper.slider.value == 4 and stepper.step == 4
    stepper.step = 7
    assert stepper.play.value == 7
    stepper.speed.value = dict(stepper.speed.options)["fast"]
    assert stepper.play.interval == stepper.speed.value < 900


def test_stepper_shows_position_stack_and_window(stepper, ab_stepper):
    stepper.step = 8
    assert [n.move for n in stepper.stack] == [None, 8, 1, 4]
    assert stepper.node.state == ["X", "O", "O", "X", "X", "X", "O", "O", "X"]
    assert "<b>X plays 4: +1</b>" in stepper.stack_html.value
    assert "none in plain minimax" in stepper.window_html.value
    ab_stepper.step = 10  # alpha-beta cuts O's second reply after X plays 8
    assert ab_stepper.kind == "cutoff" and ab_stepper.pruned == [4]
    assert ab_stepper.caption == "Event 10 of 12: O plays 4: pruned, never searched (α = +1 ≥ β = +1)"
    assert "α=+1 β=+1" in ab_stepper.window_html.value
    assert "pruned, never tried: 4" in ab_stepper.table_html.value
    ab_stepper.step = 11
    assert "stops early and returns +1" in ab_stepper.caption


def test_stepper_on_a_textbook_tree():
    stepper = mv.Stepper(mv.alphabeta(mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])), step=5)
    assert stepper.caption == "Event 5 of 16: the call after MAX plays 0 returns 3 (best for MIN)"
    assert rows(stepper.table) == {0: 3, 1: 12, 2: 8}
    assert "<pre" in stepper.board_html.value


# -- the explorer ---------------------------------------------------------------------------------------

def test_explorer_counts_on_the_tutorial_board():
    explorer = mv.Explorer()
    assert explorer.board == TUTORIAL
    assert explorer.counts == {"calls": 8, "pruned": 1} and explorer.result.move == 4
    assert "alpha-beta: 8 calls, 1 pruned" in explorer.summary.value
    assert "Best move: 4" in explorer.summary.value
    before = explorer.image.value
    explorer.algorithm.value = "minimax"
    assert explorer.counts == {"calls": 9, "pruned": 0}
    assert "minimax: 9 calls." in explorer.summary.value
    assert explorer.order.disabled and explorer.prune_on_equal.disabled
    assert explorer.image.value != before


def test_explorer_prune_on_equality_and_order():
    explorer = mv.Explorer()
    explorer.prune_on_equal.value = False  # +1 does not beat alpha = +1: no cut
    assert explorer.counts == {"calls": 9, "pruned": 0}
    explorer.clear.click()
    cells = explorer.counts["calls"]
    explorer.order.value = "centre"
    assert explorer.counts["calls"] < cells
    assert explorer.result.move == 4  # every first move draws: the first in search order is chosen


def test_explorer_cells_cycle_empty_x_o():
    explorer = mv.Explorer(".........", depth=2)
    explorer.cells[4].click()
    assert explorer.board[4] == "X" and explorer.cells[4].description == "X"
    explorer.cells[0].click()
    explorer.cells[0].click()
    assert explorer.board[:5] == ["O", 1, 2, 3, "X"]
    assert explorer.result.move is not None and explorer.error is None
    explorer.cells[0].click()
    assert explorer.board[0] == 0 and explorer.cells[0].description == "0"


def test_explorer_friendly_message_for_an_impossible_position():
    explorer = mv.Explorer(".........", depth=2)
    for cell in (0, 0, 1, 1):  # two clicks make an O: O two ahead
        explorer.cells[cell].click()
    assert explorer.board[:2] == ["O", "O"]
    assert explorer.result is None and explorer.counts is None
    assert "cannot happen" in explorer.summary.value
    assert "O has 2 marks and X only 0" in explorer.error
    assert "Traceback" not in explorer.summary.value
    assert explorer.image.layout.display == "none"
    explorer.cells[1].click()  # back to empty: O one ahead, still impossible
    explorer.cells[4].click()  # an X: fine again
    assert explorer.error is None and explorer.image.layout.display is None


def test_explorer_depth_and_heuristic():
    explorer = mv.Explorer(".........", algorithm="minimax", depth=1)
    assert explorer.counts["calls"] == 10
    assert explorer.result.move == 4  # open lines: the centre is on four of them
    assert "a guess" in explorer.summary.value
    explorer.heuristic.value = "zero"
    assert explorer.result.score == 0 and explorer.result.move == 0  # all unknown: the first cell
    explorer.board = "XO.XO...."
    explorer.depth.value = "end"
    assert explorer.result.solved and explorer.result.move == 6
    assert "X wins with best play" in explorer.summary.value
    explorer.tutorial.click()
    assert explorer.board == TUTORIAL and explorer.counts["calls"] == 9


def test_explorer_on_a_finished_game():
    explorer = mv.Explorer("XXXOO....")
    assert "The game is over (X wins)" in explorer.summary.value
    assert explorer.counts["calls"] == 1


# -- the play board -------------------------------------------------------------------------------------

def test_ai_takes_the_centre_after_a_corner():
    for corner in (0, 2, 6, 8):
        play = mv.PlayBoard()
        play.click(corner)
        assert play.board[4] == "O", f"after X in corner {corner} the AI must take the centre"
        assert play.cells[4].description == "O" and play.cells[4].disabled
        assert "The AI (O) played 4" in play.status.value


def test_ai_blocks_and_completes_a_line():
    play = mv.PlayBoard()
    play.click(0)
    play.click(1)                   # X threatens the top row ...
    assert play.board[2] == "O"     # ... the AI blocks it, and now threatens 2-4-6
    play.click(8)                   # X does not block
    assert play.board[6] == "O" and play.winner == "O" and play.over
    assert "The AI (O) played 6 and wins." in play.status.value
    assert all(button.disabled for button in play.cells)


def test_taken_cell_and_game_over_give_words():
    play = mv.PlayBoard()
    play.click(0)
    play.click(4)
    assert play.history == [0, 4] and "cannot play 4 now" in play.status.value
    for cell in (8, 2, 6):  # whatever happens, no exception
        if not play.over:
            play.click(cell if play.board[cell] == cell else next(c for c in range(9) if play.board[c] == c))
    while not play.over:
        play.click(next(c for c in range(9) if play.board[c] == c))
    play.click(0)
    assert "The game is over" in play.status.value


def test_new_game_and_who_starts():
    play = mv.PlayBoard()
    play.click(0)
    play.new_game(human="O")
    assert play.side.value == "O" and play.human == "O" and play.ai == "X"
    assert play.history == [4] and play.board[4] == "X"
    play.side.value = "X"       # the toggle starts a new game too
    assert play.history == [] and play.board == mv.TicTacToe.EMPTY_BOARD
    play.new_button.click()
    assert play.history == []


def test_take_back():
    play = mv.PlayBoard()
    assert play.undo_button.disabled
    play.click(0)
    play.click(8)
    assert len(play.history) == 4
    play.undo()
    assert play.history == [0, 4] and play.result.move == 4
    play.undo_button.click()
    assert play.history == [] and play.result is None


def test_why_draws_the_last_decision():
    play = mv.PlayBoard()
    assert play.why_button.disabled
    play.click(0)
    assert play.why_image.layout.display == "none"
    play.why_button.click()
    assert bytes(play.why_image.value).startswith(b"\x89PNG") and play.why_image.layout.display is None
    assert "Why O played 4" in play.why_caption.value
    assert play.values()[4] == "0"                       # the centre draws ...
    assert all(v.startswith("≥") for m, v in play.values().items() if m != 4)  # ... the rest are no better for O
    assert "only the AI's moves are drawn" in play.why_caption.value
    play.click(8)                                        # a new move hides the old answer
    assert play.why_image.layout.display == "none"


def play_everything(play, human_wins, games):
    """Every sequence of human moves from the current position (the AI answers each)."""
    if play.over:
        games.append(list(play.history))
        if play.winner == play.human:
            human_wins.append(list(play.history))
        return
    for cell in [c for c in range(9) if play.board[c] == c]:
        play.click(cell)
        play_everything(play, human_wins, games)
        play.undo()


@pytest.mark.parametrize("human", ["X", "O"])
def test_the_ai_never_loses(human):
    play = mv.PlayBoard(human=human)
    human_wins, games = [], []
    play_everything(play, human_wins, games)
    assert human_wins == [], f"the human won with {human_wins[:3]}"
    assert len(games) > (100 if human == "X" else 40)


def test_games_without_a_board_say_so():
    with pytest.raises(mv.InvalidOption,
                       match="no clickable board for GameTree yet; the play board knows: Chess, ConnectFour"):
        mv.PlayBoard(mv.GameTree([[3, 12, 8], [2, 4, 6]]))
    with pytest.raises(mv.InvalidOption, match="'X' or 'O'"):
        mv.PlayBoard(human="x")


# -- the play board, Connect Four ------------------------------------------------------------------------

def c4_play(start=None, *, human="X", seconds=0.15):
    """A Connect Four play board with a short budget (the AI's choice is found at depth 1 or 2)."""
    return mv.PlayBoard(mv.ConnectFour(), human=human, start=start, seconds=seconds)


def discs(board):
    return sum(row.count("X") + row.count("O") for row in board)


def test_connect_four_thinks_for_a_second_and_tic_tac_toe_to_the_end():
    assert mv.PlayBoard(mv.ConnectFour()).seconds == 1.0
    assert mv.PlayBoard().seconds is None
    assert mv.PlayBoard(mv.ConnectFour(), seconds=None).seconds is None
    with pytest.raises(mv.InvalidOption, match="thinking time"):
        mv.PlayBoard(mv.ConnectFour(), seconds=0)


def test_a_column_click_and_the_ai_reply():
    play = c4_play()
    assert [b.description for b in play.cells] == [f"↓{c}" for c in range(7)]
    play.cells[3].click()
    assert len(play.history) == 2 and play.history[0] == 3 and play.history[1] in range(7)
    assert discs(play.board) == 2 and play.board[-1][3] == "X"
    assert f"The AI (O) played column {play.history[1]}" in play.status.value
    assert play.part.board.value.count("title='X'") == 1 and play.part.board.value.count("title='O'") == 1
    assert play.part.board.value.count(mv.glyphs.PALETTE["last"]) == 1  # the AI's disc is marked
    assert play.result.depth >= 2 and play.decision.calls  # deepening went on, depth by depth
    assert not any(b.disabled for b in play.cells)


def test_the_ai_takes_an_immediate_win():
    play = c4_play("44556", human="O")   # X has three on the bottom row, open at both ends
    play.click(0)                         # O does not block
    assert play.history[-1] in (2, 6) and play.winner == "X" and play.over
    assert f"The AI (X) played column {play.history[-1]} and wins." in play.status.value
    assert all(b.disabled for b in play.cells)
    assert play.part.board.value.count("inset 0 0 0 3px") == 4  # the line of four is ringed
    play.click(1)
    assert "The game is over" in play.status.value


def test_the_ai_blocks_an_immediate_threat():
    play = c4_play("1122")
    play.click(2)                         # X: three on the bottom row, only column 3 completes it
    assert play.history[-1] == 3 and play.board[-1][:4] == "XXXO"
    assert not play.over


def test_a_full_column_gives_words_not_an_error():
    play = c4_play("444444")
    assert play.cells[3].disabled and play.cells[3].tooltip == "column 3 is full"
    play.click(3)
    assert "You cannot play column 3 now: column 3 is full" in play.status.value
    assert play.history == [] and discs(play.board) == 6
    play.click(9)
    assert "a column index from 0 to 6" in play.status.value


def test_the_human_wins_and_the_game_ends():
    play = c4_play("445566")              # X to move, three in a row
    play.click(6)
    assert play.over and play.winner == "X" and play.history == [6]
    assert "You win!" in play.status.value and play.result is None


def test_connect_four_new_game_take_back_and_who_starts():
    play = c4_play("1122")
    play.click(2)
    play.undo_button.click()
    assert play.history == [] and play.board == mv.ConnectFour.from_moves("1122")
    play.new_game(human="O")              # X to move at the start position: the AI plays first
    assert play.ai == "X" and len(play.history) == 1 and discs(play.board) == 5
    play.new_button.click()
    assert len(play.history) == 1


def test_connect_four_why_draws_the_decision_at_the_ai_depth():
    play = c4_play()
    play.click(3)
    play.why_button.click()
    assert bytes(play.why_image.value).startswith(b"\x89PNG") and play.why_image.layout.display is None
    caption = play.why_caption.value
    assert f"Why O played column {play.history[-1]}" in caption
    assert f"{play.result.depth} moves ahead" in caption and "only the AI's moves are drawn" in caption
    tree = play.decision.tree
    assert play.decision.depth == play.result.depth and tree.root.children[0].move == 3  # centre first
    best = [c.move for c in tree.root.children if c.score == tree.root.score and not c.pruned][0]
    assert best == play.history[-1], "the tree drawn is the decision the AI made"
    assert set(play.values()) <= set(range(7))


# -- clicking the tree moves the focus ---------------------------------------------------------------------

def png_width(data: bytes) -> int:
    """A PNG's width in pixels, read here from its IHDR chunk (bytes 16-20, big-endian)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big")


def pixels_of(navigator, grid: int = 3) -> dict[int, list[tuple[int, int]]]:
    """Where a click finds each node in the picture shown: ``{node index: [(x, y), ...]}``,
    by asking ``node_at`` over a grid of the picture's pixels."""
    data = navigator.png
    width, height = png_width(data), int.from_bytes(data[20:24], "big")
    found: dict[int, list[tuple[int, int]]] = {}
    for y in range(0, height, grid):
        for x in range(0, width, grid):
            node = navigator.view.node_at(x, y)
            if node is not None:
                found.setdefault(node.index, []).append((x, y))
    return found


def browser_click(navigator, x, y, **extra) -> None:
    """What ipyevents sends from JupyterLab when the picture is clicked at image pixel (x, y)."""
    message = {"event": "click", "type": "click", "dataX": x, "dataY": y, **extra}
    navigator.events._handle_mouse_msg(None, message, [])


def middle(points):
    return points[len(points) // 2]


def test_a_click_on_a_node_makes_it_the_focus():
    explorer = mv.Explorer(".........", depth=2, algorithm="minimax")
    nav, tree = explorer.navigator, explorer.result.tree
    assert nav.focus == tree.root and nav.breadcrumb == "root"
    assert nav.up_button.disabled and nav.root_button.disabled
    assert explorer.image is nav.image and nav.events.source is nav.image
    assert nav.events.watched_events == ["click"]
    at_root = nav.png
    centre = next(c for c in tree.root.children if c.move == 4)
    browser_click(nav, *middle(pixels_of(nav)[centre.index]))
    assert nav.focus == centre and nav.view.focus == centre
    assert nav.breadcrumb == "root › X plays 4" and "X plays 4" in nav.crumbs.value
    assert nav.png != at_root and nav.message.value == ""
    assert not nav.up_button.disabled and not nav.root_button.disabled
    reply = centre.children[0]  # O plays 0 below X's centre
    browser_click(nav, *middle(pixels_of(nav)[reply.index]))
    assert nav.focus == reply and nav.breadcrumb == "root › X plays 4 › O plays 0"
    nav.up_button.click()
    assert nav.focus == centre
    nav.root_button.click()
    assert nav.focus == tree.root and nav.breadcrumb == "root" and nav.png == at_root


def test_a_click_on_the_picture_shrunk_to_fit_maps_to_the_same_node():
    explorer = mv.Explorer(".........", depth=1, algorithm="minimax")
    nav = explorer.navigator
    corner = explorer.result.tree.root.children[8]
    x, y = middle(pixels_of(nav)[corner.index])
    width, height = png_width(nav.png), int.from_bytes(nav.png[20:24], "big")
    # the browser shows the picture at half size and sends only where the click fell on it
    browser_click(nav, None, None, offsetX=x / 2, offsetY=y / 2,
                  boundingRectWidth=width / 2, boundingRectHeight=height / 2)
    assert nav.focus == corner


def test_the_breadcrumb_in_the_picture_is_clickable():
    explorer = mv.Explorer(".........", depth=3, algorithm="alphabeta")
    nav, root = explorer.navigator, explorer.result.tree.root
    child = root.children[1]
    nav.set_focus(child.children[0])
    assert nav.breadcrumb == f"root › X plays 1 › O plays {child.children[0].move}"
    hits = pixels_of(nav)
    assert child.index in hits and root.index in hits, "the words above the focus name its ancestors"
    browser_click(nav, *middle(hits[child.index]))
    assert nav.focus == child


def test_a_click_on_nothing_does_nothing():
    explorer = mv.Explorer(".........", depth=2)
    nav = explorer.navigator
    before, focus = nav.png, nav.focus
    assert nav.view.node_at(0, 0) is None  # the top-left corner is blank
    browser_click(nav, 0, 0)
    browser_click(nav, 5000, 5000)         # outside the picture
    nav.events._handle_mouse_msg(None, {"event": "click"}, [])  # no position at all
    assert nav.png == before and nav.focus == focus and nav.message.value == ""


def test_an_error_in_a_click_becomes_a_message_not_a_traceback(monkeypatch):
    explorer = mv.Explorer(".........", depth=2)
    nav = explorer.navigator

    def broken(x, y):
        raise RuntimeError("the layout went away")

    monkeypatch.setattr(nav.view, "node_at", broken)
    browser_click(nav, 10, 10)  # must not raise
    assert "Sorry" in nav.message.value and "the layout went away" in nav.message.value
    assert "Traceback" not in nav.message.value
    monkeypatch.undo()
    with pytest.raises(mv.InvalidOption, match="focus"):
        nav.view.set_focus(10**9)  # the view's own check, named after its argument
    nav._safely(lambda: nav.set_focus(10**9))  # the same in a handler: words in the widget
    assert "focus" in nav.message.value and nav.focus == explorer.result.tree.root
    explorer.tutorial.click()  # a new search clears the message
    assert nav.message.value == ""


def test_a_new_search_starts_at_the_root_and_an_impossible_board_hides_the_tree():
    explorer = mv.Explorer(".........", depth=2)
    nav = explorer.navigator
    nav.set_focus(explorer.result.tree.root.children[3])
    explorer.depth.value = 3
    assert nav.focus == explorer.result.tree.root and nav.breadcrumb == "root"
    explorer.board = "OO......."
    assert nav.widget.layout.display == "none" and explorer.image.layout.display == "none"
    nav.root_button.click()  # nothing to do, and no error
    explorer.board = "X........"
    assert nav.widget.layout.display is None and explorer.image.layout.display is None


def test_the_stepper_follows_the_current_call_and_a_click_holds_until_the_next_step():
    stepper = mv.Stepper(mv.alphabeta(mv.TicTacToe(), "........."))
    nav = stepper.navigator
    stepper.step = 12345  # deep in the search: the whole tree cannot be drawn
    node = stepper.node
    assert node.depth >= 4 and nav.focus != stepper.tree.root
    assert nav.focus in node.path, "the focus is the current node or one of its callers"
    assert node.index in pixels_of(nav), "the node the step is about is drawn"
    assert nav.breadcrumb.startswith("root › ") and nav.breadcrumb.count("›") == nav.focus.depth
    nav.root_button.click()
    assert nav.focus == stepper.tree.root and stepper.step == 12345
    stepper.forward.click()
    assert stepper.node.depth >= 4 and nav.focus in stepper.node.path  # following again
    stepper.step = 0
    assert nav.focus == stepper.tree.root


def test_the_stepper_on_the_tutorial_keeps_the_root_in_focus(stepper):
    for k in range(stepper.n_steps):
        stepper.step = k
        assert stepper.navigator.focus == stepper.tree.root  # the whole tree fits


def test_why_did_it_play_that_is_clickable():
    play = mv.PlayBoard()
    play.click(0)
    play.why()
    nav, tree = play.why_tree, play.decision.tree
    assert nav.focus == tree.root and play.why_image is nav.image
    corner = next(c for c in tree.root.children if not c.pruned and c.move != 4)
    browser_click(nav, *middle(pixels_of(nav)[corner.index]))
    assert nav.focus == corner and nav.breadcrumb == f"root › O plays {corner.move}"
    play.click(8)  # a new move hides the old answer and its buttons
    assert nav.widget.layout.display == "none"


# -- no picture a widget sends is wider than 1,000 px -------------------------------------------------------

@pytest.mark.slow
def test_no_explorer_picture_is_wider_than_1000_px():
    """Every depth, both algorithms, four boards, at the root; at depths 4 and "to the end"
    also focused one and two moves down the best line."""
    explorer, widths = mv.Explorer(), {}
    for board in (TUTORIAL, ".........", "OO...XX..", "X...O...."):
        explorer.board = board
        for algorithm in ("minimax", "alphabeta"):
            explorer.algorithm.value = algorithm
            for depth in [*range(1, 10), "end"]:
                explorer.depth.value = depth
                best_line = explorer.result.tree.principal_variation()
                for focus in best_line[:3] if depth in (4, "end") else best_line[:1]:
                    if focus != explorer.navigator.focus:  # the root's picture is the one shown
                        explorer.navigator.set_focus(focus)
                    widths[str(board), algorithm, depth, focus.depth] = png_width(explorer.navigator.png)
    assert len(widths) > 100
    too_wide = {case: w for case, w in widths.items() if w > 1000}
    assert not too_wide, too_wide


@pytest.mark.slow
def test_no_stepper_picture_is_wider_than_1000_px():
    """The empty board's alpha-beta search, every 500th event and the first and last."""
    stepper = mv.Stepper(mv.alphabeta(mv.TicTacToe(), "........."))
    steps = sorted({*range(0, stepper.n_steps, 500), stepper.n_steps - 1})
    widths = {}
    for k in steps:
        stepper.step = k
        widths[k] = png_width(stepper.png)
    assert len(widths) > 70 and stepper.n_steps > 30_000
    too_wide = {k: w for k, w in widths.items() if w > 1000}
    assert not too_wide, too_wide


def test_the_legend_is_text_under_the_picture():
    explorer = mv.Explorer(".........", depth=3)
    nav = explorer.navigator
    assert not nav.view.legend_on, "the picture itself carries no legend"
    legend = nav.legend.value
    for words in ("Max to move", "Min to move", "+1 X wins", "heuristic (depth limit)", "best line"):
        assert words in legend
    assert legend.count("≤") == 1  # "≤ ≥ only a bound" once, not a symbol and its words
    stepper = mv.Stepper(mv.alphabeta(mv.TicTacToe(), TUTORIAL))
    assert "current call and stack" in stepper.navigator.legend.value


# -- the explorer says when it is busy; status and "why" words fit the value (issue 15) ---------------------

def test_the_explorer_says_it_is_busy_and_shows_summary_and_picture_together():
    explorer = mv.Explorer(algorithm="minimax")
    nav, seen = explorer.navigator, []

    def note(what):
        return lambda change: seen.append((what, change["new"] if what == "summary" else None,
                                           nav.widget.layout.visibility))

    explorer.summary.observe(note("summary"), names="value")
    explorer.image.observe(note("picture"), names="value")
    explorer.clear.click()  # the empty board: every game of tic-tac-toe
    assert explorer.counts == {"calls": 549_946, "pruned": 0}
    summaries = [text for what, text, _ in seen if what == "summary"]
    assert "searching…" in summaries[0] and "drawing…" in summaries[1] and "549,946 calls" in summaries[2]
    assert [what for what, _, _ in seen] == ["summary", "summary", "picture", "summary"]
    assert all(hidden == "hidden" for _, _, hidden in seen), "nothing changes while the old picture shows"
    assert nav.widget.layout.visibility is None and nav.widget.layout.display is None  # shown again


def test_the_status_says_how_far_the_ai_looked():
    play = mv.PlayBoard()
    play.click(0)
    assert "It searched every line to the end of the game." in play.status.value
    shallow = mv.PlayBoard(depth=2)
    shallow.click(0)
    assert "It looked 2 moves ahead, not to the end of the game." in shallow.status.value
    c4 = c4_play()
    c4.click(3)
    assert f"It looked {c4.result.depth} moves ahead" in c4.status.value


def verdict(play):
    play.why()
    return re.sub(r"<[^>]+>", "", play.why_caption.value)


def test_why_words_fit_a_draw_a_win_and_a_loss():
    draw = mv.PlayBoard()
    draw.click(0)
    words = verdict(draw)
    assert "The AI's choice is worth 0: a draw with best play" in words and "wins with" not in words
    win = mv.PlayBoard()
    for cell in (0, 1, 8):          # X: 0, 1, 8 and O: 4, 2, 6 -> O completes 2-4-6, cells 3, 5, 7 empty
        win.click(cell)
    assert win.winner == "O"
    assert "worth −4: O wins with 3 cells still empty, with best play from both sides: a win for the AI" \
        in verdict(win)
    # X (the AI) to move against O's threat on 2-5-8. Blocking on 8 still loses: O then blocks
    # X's 0-4-8 on 4 and threatens 2-4-6 and 3-4-5 at once; O's fourth mark leaves one cell.
    # Taking the centre instead lets O complete 2-5-8 at once, with three cells left.
    loss = mv.PlayBoard(start="XXO..O...", human="O")
    assert loss.history == [8]
    assert "worth −2: O wins with 1 cell still empty, with best play from both sides: a loss for the AI" \
        in verdict(loss)
    assert loss.values()[4] == "−4" and loss.values()[8] == "−2"


def test_why_words_for_a_guess_say_so_in_the_game_unit():
    shallow = mv.PlayBoard(depth=2)
    shallow.click(0)
    words = verdict(shallow)
    assert "a guess, not a result" in words and "wins with" not in words and "a draw" not in words
    assert all(v.startswith("≈") for v in shallow.values().values())
    c4 = c4_play()
    c4.click(3)
    words, root = verdict(c4), c4.decision.tree.root
    assert root.heuristic, "a fraction of a second at the opening cannot see a game to its end"
    points = round(root.score * c4.game.max_points)  # guesses read in window points, as lesson 07 counts
    assert f"worth ≈{'+' if points > 0 else '−' if points < 0 else ''}{abs(points)}: a guess" in words
    assert "window" in words


def test_the_explorer_keeps_its_last_searches_and_their_calls_bounded():
    """Going back to settings already seen answers from the kept result, the same numbers as a
    fresh search; the kept results never hold more than KEPT_CALLS recorded calls (but the last)."""
    from minimax_viz.widgets import explorer as module

    e = mv.Explorer(".........", depth=2, algorithm="minimax")
    first = e.result
    e.depth.value = 3
    e.depth.value = 2
    assert e.result is first
    fresh = mv.minimax(mv.TicTacToe(), ".........", depth=2)
    assert (e.result.score, e.result.move, e.counts["calls"]) == (fresh.score, fresh.move, fresh.stats.calls)
    e.algorithm.value = "alphabeta"
    assert e.result is not first and e.counts["pruned"] > 0
    e.depth.value = "end"
    e.algorithm.value = "minimax"   # 549,946 calls: with the others, over the bound
    assert e.counts["calls"] == 549_946
    kept = sum(r.stats.calls for r in e._kept.values())
    assert len(e._kept) <= module.KEPT and (kept <= module.KEPT_CALLS or len(e._kept) == 1)
    whole = e.result
    e.board = "X........"
    assert e.counts["calls"] == 59_705
    e.board = "........."
    assert e.result is whole


# -- the play board, chess -------------------------------------------------------------------------------

def test_chess_is_played_by_clicking_a_piece_then_its_square():
    play = mv.PlayBoard(mv.Chess(), seconds=0.1)
    assert play.human == "White" and play.history == []
    buttons = play.part.buttons
    assert buttons["e1"].description == "♔" and buttons["e8"].description == "♚"
    # an empty square is a no-break space, never "": a browser's button keeps its old text for ""
    assert buttons["e4"].description == "\u00a0"
    assert buttons["e2"].disabled is False and buttons["e4"].disabled is True   # only a piece with a move
    play.part.press("e2")
    assert play.part.chosen == "e2" and buttons["e4"].disabled is False and "move here" in buttons["e4"].tooltip
    play.part.press("e5")                     # not a move of the pawn: it is let go
    assert play.part.chosen is None and play.history == []
    play.part.press("e2")
    play.part.press("e4")
    assert play.history[0] == "e2e4" and len(play.history) == 2
    board = chess.Board()
    for move in play.history:                 # python-chess takes the AI's answer as legal
        assert chess.Move.from_uci(move) in board.legal_moves
        board.push_uci(move)
    assert play.board.fen() == board.fen()
    play.why()
    assert "The line it expects" in play.why_caption.value and "a guess" in play.why_caption.value
    assert "between −1 and +1" not in play.why_caption.value and "wins with best play" not in play.status.value


def test_chess_promotes_to_a_queen_and_the_ai_can_play_black_or_white():
    play = mv.PlayBoard(mv.Chess(), start="7k/P7/8/8/8/8/8/K7 w - - 0 1", seconds=0.1)
    play.part.press("a7")
    play.part.press("a8")
    assert play.history[0] == "a7a8q"
    black = mv.PlayBoard(mv.Chess(), human="Black", seconds=0.1)
    assert len(black.history) == 1 and black.game.player(black.state) == "Black"


def test_chess_html_shades_the_last_move():
    from minimax_viz.widgets.boards import chess_html
    page = chess_html(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), last="a1a8")
    assert page.count("title=") == 64 and page.count("♖") == 1
