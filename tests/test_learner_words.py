"""A learner's recorded tree is told and drawn in words that fit what their code did.

The learners' functions are written here in the shapes the lessons hand out, each with one
classic slip. The truths are listed by hand: the tutorial's board X.OX.XOO. has the empty
cells 1, 4 and 8, so a minimax that never switches the mark answers X's move on 1 by placing
X again (on 4, where O was to move: X then has the middle row); the engine's trees of the
same searches (``mv.minimax``, ``mv.alphabeta``) are the truth for a learner's right code;
AIMA's figure 5.2 names its nodes A (the root), B, C, D and E to M (the leaves), its edges
a1 to d3.
"""

import math
import re
import struct

import matplotlib
import pytest

import minimax_viz as mv
from minimax_viz.compare import first_difference
from minimax_viz.errors import InvalidOption
from minimax_viz.exercises import lesson02, lesson05, lesson10
from minimax_viz.tutorial import check_if_winner_found as won
from minimax_viz.tutorial import get_all_empty_cells_indexes as empty_cells

matplotlib.use("Agg")
INF = math.inf
#: What the engine says of its own searches, and must not say of code without a depth or a window.
ENGINE_WORDS = ("heuristic", "depth limit", "pruned", "never searched", "≈", "plays -1", "plays −1")


def same_mark(curr_bd_st, curr_mark):
    """The tutorial's minimax (steps 8 to 17) with the classic slip of lesson 02: the mark passed
    down is never switched to the other player's."""
    avail = empty_cells(curr_bd_st)
    if won(curr_bd_st, "O"):
        return {"score": -1}
    elif won(curr_bd_st, "X"):
        return {"score": 1}
    elif len(avail) == 0:
        return {"score": 0}
    infos = []
    for i in range(len(avail)):
        info = {"index": curr_bd_st[avail[i]]}
        curr_bd_st[avail[i]] = curr_mark
        info["score"] = same_mark(curr_bd_st, curr_mark)["score"]   # the slip: curr_mark, not the other
        curr_bd_st[avail[i]] = info["index"]
        infos.append(info)
    best, best_score = 0, -INF if curr_mark == "X" else INF
    for i in range(len(infos)):
        if infos[i]["score"] > best_score if curr_mark == "X" else infos[i]["score"] < best_score:
            best, best_score = i, infos[i]["score"]
    return infos[best]


def stops_at_a_win(curr_bd_st, curr_mark):
    """The tutorial's minimax that stops trying cells once one wins for the mover: no window,
    but moves it never tries."""
    avail = empty_cells(curr_bd_st)
    if won(curr_bd_st, "O"):
        return {"score": -1}
    elif won(curr_bd_st, "X"):
        return {"score": 1}
    elif len(avail) == 0:
        return {"score": 0}
    other, goal = ("O", 1) if curr_mark == "X" else ("X", -1)
    infos = []
    for cell in avail:
        curr_bd_st[cell] = curr_mark
        infos.append({"index": cell, "score": stops_at_a_win(curr_bd_st, other)["score"]})
        curr_bd_st[cell] = cell
        if infos[-1]["score"] == goal:
            break
    pick = max if curr_mark == "X" else min
    return pick(infos, key=lambda info: info["score"])


def minimax_with_depth(game, state, depth):
    """AIMA's minimax with a depth limit, no window."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = minimax_with_depth(game, game.play(state, move), depth - 1)
        if (value > best[0]) if maximise else (value < best[0]):
            best = value, move
    return best


def alphabeta(game, state, depth=INF, alpha=-INF, beta=INF, *, cuts=True):
    """AIMA's alpha-beta with a depth limit; ``cuts=False`` is lesson 05's slip: the window is
    passed down and narrowed, but the loop never stops."""
    if game.is_terminal(state):
        return game.utility(state), None
    if depth == 0:
        return game.evaluate(state), None
    maximise = game.node_type(state) == "max"
    best, best_move = (-INF if maximise else INF), None
    for move in game.moves(state):
        value, _ = alphabeta(game, game.play(state, move), depth - 1, alpha, beta, cuts=cuts)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if cuts and alpha >= beta:
            break
    return best, best_move


def never_cuts(game, state, depth=INF, alpha=-INF, beta=INF):
    return alphabeta(game, state, depth, alpha, beta, cuts=False)


def kept_window(game, state, depth=INF, alpha=-INF, beta=INF):
    """Alpha-beta that passes each child the window its own call was given, never the narrowed one."""
    if game.is_terminal(state):
        return game.utility(state), None
    maximise = game.node_type(state) == "max"
    best, best_move, window = (-INF if maximise else INF), None, (alpha, beta)
    for move in game.moves(state):
        value, _ = kept_window(game, game.play(state, move), depth - 1, *window)
        if (value > best) if maximise else (value < best):
            best, best_move = value, move
        alpha, beta = (max(alpha, best), beta) if maximise else (alpha, min(beta, best))
        if alpha >= beta:
            break
    return best, best_move


def png_width(png: bytes) -> int:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">I", png[16:20])[0]


def texts(ax) -> list[str]:
    return [t.get_text() for t in ax.texts]


@pytest.fixture
def figures():
    import matplotlib.pyplot as plt

    plt.close("all")
    yield plt
    plt.close("all")


# -- lesson 02: the mark never switched (no depth, no window) -------------------------------------

def test_the_trace_of_a_slip_names_what_the_code_did():
    tree = lesson02.record_minimax(same_mark).tree
    assert tree.text() == "\n".join([
        "  0 root: X to move",
        "  1   X plays 1: O to move",
        "  2     X plays 4: +1 (a board no move leads to)",    # X again, where O was to move
        "  3     X plays 8: a board no move leads to",
        "  4       X plays 4: +1 (a board no move leads to)",
        "  5     return +1 from X plays 8",
        "  6   return +1 from X plays 1",
        "  7   X plays 4: +1 (X wins)",
        "  8   X plays 8: O to move",
        "  9     X plays 1: a board no move leads to",
        " 10       X plays 4: +1 (a board no move leads to)",
        " 11     return +1 from X plays 1",
        " 12     X plays 4: +1 (a board no move leads to)",
        " 13   return +1 from X plays 8",
        " 14 return +1 from root",
    ])
    assert not tree.depth_limited and not tree.has_window


def test_the_stepper_on_a_slip_speaks_no_engine_words():
    stepper = lesson02.replay(same_mark)
    captions = []
    for k in range(stepper.n_steps):   # every event, without an error (one used to raise at a return)
        stepper.step = k
        captions.append(stepper.caption)
        panels = stepper.stack_html.value + stepper.table_html.value
        assert not any(word in caption for word in ENGINE_WORDS for caption in (captions[-1], panels)), captions[-1]
    cells = {int(m) for c in captions for m in re.findall(r"plays (-?\d+)", c)}
    assert cells <= {1, 4, 8}, cells          # the moves are cells of the board, as the game names them


def test_the_stepper_marks_the_first_parting():
    stepper = lesson02.replay(same_mark)
    part = stepper.parting
    assert part is not None
    assert (part.parent.move_words, part.move_words) == ("X plays 1", "X plays 4")
    assert part.tree.given_board(part.index) == (["X", "X", "O", "X", "X", "X", "O", "O", None], 4)
    said = []
    for k in range(stepper.n_steps):
        stepper.step = k
        if "first parts" in stepper.caption:
            said.append(k)
    assert said == [part.step] == [2]
    assert "parts here" in texts(stepper.view.ax)
    assert png_width(stepper.png) <= 1000
    right = mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)
    assert first_difference(lesson02.record_minimax(same_mark), right).kind == "position"


def test_draw_parting_draws_the_learners_tree_in_its_own_words(figures):
    feedback = lesson02.draw_parting(same_mark)
    assert not feedback and "the same mark was passed down" in repr(feedback)
    right_ax, mine_ax = figures.gcf().axes
    words = texts(mine_ax)
    assert {"X 4", "X 8", "X 1"} <= set(words)          # the edges into the odd calls: the mark and its cell
    assert not any(w in ("-1", "−1", "pruned", "not tried") or w.startswith("≈") for w in words), words
    assert words.count("parts here") == 1 and texts(right_ax).count("parts here") == 1
    assert figures.gcf().get_figwidth() * figures.gcf().dpi <= 1000


def test_moves_never_tried_without_a_window_are_not_called_pruned(figures):
    board = ["X", "X", "O", "O", "X", "O", 6, 7, 8]   # X: 6 draws or loses, 7 wins at once; 8 is never tried
    mine = lesson02.record_minimax(stops_at_a_win, board)
    tree = mine.tree
    assert [c.move for c in tree.root.children if c.pruned] == [8]
    text = tree.text()
    assert "X plays 8: not tried" in text and "pruned" not in text
    stepper = mv.Stepper(mine)
    for k in range(stepper.n_steps):
        stepper.step = k
        assert not any(w in stepper.caption for w in ENGINE_WORDS), stepper.caption
    words = [stepper.tree.event_words(k, explain=True) for k in range(stepper.n_steps)]
    assert "X plays 8: never tried: the call did not play this move" in words, words
    view = mv.draw.TreeView(tree, pyplot=False)
    ax = mv.draw_tree(tree)
    assert "not tried" in texts(ax) and "pruned" not in texts(ax)
    assert view.scene.shapes().bars == ()               # no cut to mark: nothing was cut
    assert not any("pruned" in words for *_, words in view.scene.legend(frames=False, pv=True))


# -- code that has a depth or a window keeps the engine's words --------------------------------------

def test_a_learners_depth_limit_is_still_the_heuristics_guess():
    game, state = mv.TicTacToe(), mv.TicTacToe().state("X...O....")
    mine = mv.record_calls(minimax_with_depth, game, state, 2)
    right = mv.minimax(game, state, depth=2)
    assert mine.tree.depth_limited and mine.tree.text() == right.tree.text()
    assert "heuristic" in mine.tree.text() and "pruned" not in mine.tree.text()
    guesses = [n for n in mine.tree.nodes if n.kind == "horizon"]
    assert guesses and all(n.heuristic for n in guesses)


def test_a_learners_window_still_cuts_and_prunes():
    game, state = mv.TicTacToe(), mv.TicTacToe().state("X...O....")
    mine = mv.record_calls(alphabeta, game, state, 2)
    right = mv.alphabeta(game, state, depth=2)
    assert mine.tree.text() == right.tree.text()
    assert "heuristic" in mine.tree.text() and "pruned" in mine.tree.text()
    stepper = mv.Stepper(mine)
    captions = set()
    for k in range(stepper.n_steps):
        stepper.step = k
        captions.add(stepper.caption)
    assert any("pruned, never searched (α" in c for c in captions)
    assert any("depth limit: the heuristic's guess" in c for c in captions)


def test_a_learners_window_without_a_depth_prunes_but_never_guesses():
    aima = mv.GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    mine = mv.record_calls(alphabeta, aima, ())
    assert mine.tree.text() == mv.alphabeta(aima).tree.text()
    assert "pruned" in mine.tree.text() and "heuristic" not in mine.tree.text()


# -- lesson 05: an alpha-beta that never cuts -----------------------------------------------------

def test_an_alphabeta_that_never_cuts_is_shown_with_the_parting_marked(figures):
    aima = lesson05.IndexedTree(lesson05.AIMA)
    mine = mv.record_calls(never_cuts, aima, ())
    difference = first_difference(mine, mv.alphabeta(aima))
    assert mine.stats.pruned == 0 and difference.kind == "cut"
    stepper = mv.Stepper(mine, parting=difference)
    assert stepper.parting.path[-1].move == 1 and [n.move for n in stepper.parting.path[1:]] == [1, 1]  # c2: I
    stepper.step = stepper.parting.step
    assert stepper.caption.endswith("here your search first parts from the right one")
    assert "parts here" in texts(stepper.view.ax) and png_width(stepper.png) <= 1000


def test_the_stepper_takes_only_a_parting_of_its_own_tree():
    aima = mv.GameTree(lesson05.AIMA)
    mine = mv.record_calls(never_cuts, aima, ())
    other = mv.record_calls(never_cuts, aima, ())
    with pytest.raises(InvalidOption, match="parting is what first_difference returned"):
        mv.Stepper(mine, parting=other.tree.nodes[3])
    with pytest.raises(InvalidOption, match="parting"):
        mv.Stepper(mine, parting="C")
    assert mv.Stepper(mine, parting=3).parting.index == 3


# -- every node a verdict names is labelled so in the picture beside it --------------------------

NAMED = re.compile(r"\b([A-Za-z]\w*) \(after (\w+)\)")


def _names_drawn(verdict):
    words = repr(verdict)
    named = NAMED.findall(words)
    assert named, words
    axes = verdict.draw()
    drawn = {t for ax in (axes if isinstance(axes, tuple) else (axes,)) for t in texts(ax)}
    for node, move in named:
        assert node in drawn and move in drawn, (node, move, sorted(drawn))
    return drawn


@pytest.mark.parametrize("fn, words", [
    (never_cuts, "you searched I (after c2), but it is cut: at C (after a2), after H (after c1)"),
    (kept_window, "your call for F (after b2) was given"),
])
def test_lesson05_verdicts_name_nodes_as_the_picture_labels_them(figures, fn, words):
    verdict = lesson05.check_alphabeta_game(fn)
    assert not verdict and words in repr(verdict), repr(verdict)
    drawn = _names_drawn(verdict)
    assert set("ABCDEFGHIJKLM") <= drawn                              # AIMA's own names, every one
    assert {f"{x}{i}" for x in "abcd" for i in (1, 2, 3)} <= drawn     # and its edges


def test_lesson10_verdicts_name_nodes_as_the_picture_labels_them(figures):
    verdict = lesson10.check_minimax(lesson10.one_ply_too_deep)
    assert not verdict
    _names_drawn(verdict)


def test_a_right_verdicts_drawing_names_its_nodes(figures):
    verdict = mv.exercises.searches.compare_search(lesson10.reference_minimax, "minimax", mv.GameTree(lesson05.AIMA))
    assert verdict
    assert set("ABCDEFGHIJKLM") <= set(texts(verdict.draw()))


def test_a_tree_named_by_its_edges_is_not_named_twice(figures):
    verdict = lesson05.draw_your_alphabeta(kept_window, lesson05.IndexedTree(lesson05.PRACTICE))
    assert not verdict and "node (0, 0, 1)" in repr(verdict)
    right_ax, mine_ax = figures.gcf().axes
    assert not any(t.startswith("node (") for t in texts(right_ax) + texts(mine_ax))


def test_engine_pictures_name_no_nodes_unless_asked(figures):
    result = mv.minimax(mv.GameTree(lesson05.AIMA))
    assert not set("ABCDEFGHIJKLM") & set(texts(mv.draw_tree(result)))
    assert set("ABCDEFGHIJKLM") <= set(texts(mv.draw_tree(result, names=True)))


def test_the_position_panel_shows_the_board_the_call_got():
    stepper = lesson02.replay(same_mark)
    stepper.step = stepper.parting.step
    cells = re.findall(r"<td[^>]*>(.*?)</td>", stepper.board_html.value)
    marks = [re.sub(r"<[^>]+>", "", c) for c in cells]
    assert marks == ["X", "X", "O", "X", "X", "X", "O", "O", "8"]     # X on 4, where O was to move
    assert "background:#F0E442" in cells_style(stepper.board_html.value)[4]   # the new mark shaded


def cells_style(markup):
    return re.findall(r"<td style='([^']*)'", markup)


@pytest.mark.parametrize("slip", ["mark left", "same mark", "loop counter", "loop counter only in the record", ">=",
                                  "counted for O", "plays the best"])
def test_every_slip_of_lesson02_can_be_stepped_and_drawn(figures, slip):
    from test_exercises_lesson02 import tutorial_style

    stepper = lesson02.replay(tutorial_style(slip))
    if isinstance(stepper, mv.exercises.Unfinished):
        return
    for k in range(stepper.n_steps):
        stepper.step = k
        assert "plays -1" not in stepper.caption and "plays −1" not in stepper.caption
    assert isinstance(lesson02.draw_parting(tutorial_style(slip)), mv.exercises.Feedback)
    scene = mv.scene.Scene(stepper.tree)
    labels = [scene.edge_label(i) for i in range(1, len(stepper.tree))]
    assert all(re.fullmatch(r"[0-8]|[XO] [0-8]|\?", label) for label in labels), labels


def test_a_verdict_opens_a_stepper_on_the_learners_search_with_the_parting_marked():
    verdict = mv.exercises.searches.compare_search(never_cuts, "alphabeta", mv.GameTree(lesson05.AIMA))
    assert not verdict
    stepper = verdict.stepper()
    assert stepper.tree is verdict.run.mine.tree and stepper.parting is not None
    assert [n.move for n in stepper.parting.path[1:]] == [1, 1]     # I, after a2 and c2: searched, though cut
    stepper.step = stepper.parting.step
    assert stepper.caption.endswith("here your search first parts from the right one")
    right = mv.exercises.searches.compare_search(lesson10.reference_minimax, "minimax", mv.GameTree(lesson05.AIMA))
    assert right.stepper().parting is None
    assert mv.exercises.searches.SearchFeedback(False, "no run.").stepper() is None


def test_an_endless_depth_is_no_depth_limit():
    def gives_up(game, state, depth=INF, alpha=-INF, beta=INF):   # scores Min's calls without a look
        if game.is_terminal(state) or game.node_type(state) == "min":
            return (game.utility(state) if game.is_terminal(state) else 0), None
        return max((gives_up(game, game.play(state, m), depth - 1, alpha, beta)[0], m) for m in game.moves(state))

    tree = mv.record_calls(gives_up, mv.GameTree(lesson05.AIMA), ()).tree
    assert not tree.depth_limited and [n.kind for n in tree.root.children] == ["horizon"] * 3
    assert "no move tried" in tree.text() and "heuristic" not in tree.text()
    limited = mv.record_calls(gives_up, mv.GameTree(lesson05.AIMA), (), 5).tree
    assert limited.depth_limited and "heuristic" in limited.text()
