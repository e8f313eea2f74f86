"""The pruning quiz: on a random tree, predict the root's value, the leaves alpha-beta skips,
and the window at a node; the checks of lesson 05 explain each mistake in words."""

from __future__ import annotations

import html
import math
import random
from typing import Any

from ..draw import TreeView
from ..errors import InvalidOption, short_repr
from ..games import GameTree
from .. import pruning
from ..search import alphabeta, minimax
from ..verdict import Feedback
from ._common import WidgetView, check_dpi, ipywidgets, picture, restart_note

__all__ = ["PruningQuiz", "read_bound"]

_INFINITY = {"inf": math.inf, "+inf": math.inf, "∞": math.inf, "+∞": math.inf,
             "-inf": -math.inf, "−inf": -math.inf, "-∞": -math.inf, "−∞": -math.inf}


def read_bound(text: str) -> float | None:
    """A bound typed by a learner: a number, or ``inf``/``-inf`` (``∞`` and ``−`` too); else ``None``.

    >>> read_bound("3"), read_bound(" -inf "), read_bound("−∞"), read_bound("2.5"), read_bound("lots")
    (3, -inf, -inf, 2.5, None)
    """
    text = text.strip().lower()
    if text in _INFINITY:
        return _INFINITY[text]
    try:
        number = float(text.replace("−", "-"))
    except ValueError:
        return None
    return int(number) if number.is_integer() else number


class PruningQuiz(WidgetView):
    """Practise alpha-beta on seeded random trees, then check your answers or see the search.

    The tree is drawn with the leaves' values only. Answer three questions: (a) the value
    of the root, (b) which leaves alpha-beta never visits (click them), (c) the window
    ``(alpha, beta)`` alpha-beta passes to one node when it enters it (type numbers, or
    ``-inf`` and ``inf``). "check" marks each answer and explains the first mistake;
    "new tree" draws the next seed's tree; "show answer" draws alpha-beta's search with
    its cuts::

        quiz = mv.PruningQuiz(seed=0, depth=3, branching=(2, 3))
        quiz

    ``tree`` quizzes on a tree of your own (nested lists, as for :class:`~minimax_viz.GameTree`).
    From code: ``quiz.root_value.value = "3"``, ``quiz.leaf_buttons[(1, 1)].value = True``,
    ``quiz.alpha.value, quiz.beta.value = "3", "inf"``, ``quiz.check()``.

    Parameters
    ----------
    seed : int, optional
        The seed of the first random tree (0 unless given).
    depth : int, optional
        The random trees' depth (3 unless given).
    branching : int or tuple of int, optional
        Their children per node, or a ``(fewest, most)`` range (``(2, 3)`` unless given).
    tree : list or None, optional
        A tree of your own as nested lists, instead of random ones.
    dpi : int, optional
        The picture's resolution (100 unless given).

    Raises
    ------
    InvalidOption
        For a ``dpi`` out of range; a ``tree``, ``depth`` or ``branching``
        that makes no tree raises as :class:`~minimax_viz.GameTree` does.

    Examples
    --------
    >>> quiz = PruningQuiz(tree=[[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> quiz.root_value.value = "3"
    >>> [bool(answer) for answer in quiz.check()]
    [True, False, False]
    """

    def __init__(self, *, seed: int = 0, depth: int = 3, branching: int | tuple[int, int] = (2, 3),
                 tree: Any = None, dpi: int = 100):
        check_dpi(dpi)
        if tree is not None and not isinstance(tree, (list, tuple)):
            raise InvalidOption(f"tree is a textbook tree as nested lists of numbers, such as "
                                f"[[3, 12, 8], [2, 4, 6], [14, 5, 2]], not {short_repr(tree)}")
        w = ipywidgets()
        self.seed, self.depth, self.branching, self.dpi = seed, depth, branching, dpi
        self.image, self.answer_image, self.feedback = picture(), picture(), w.HTML()
        self.root_value = w.Text(description="(a) root value", placeholder="a number",
                                 style={"description_width": "120px"})
        self.leaf_box = w.HBox(layout=w.Layout(flex_flow="row wrap", max_width="900px"))
        self.node_label = w.HTML()
        self.alpha = w.Text(description="alpha", placeholder="a number or -inf", layout=w.Layout(width="220px"))
        self.beta = w.Text(description="beta", placeholder="a number or inf", layout=w.Layout(width="220px"))
        self.widget = w.VBox([restart_note(), self.image, self.root_value, self._leaf_part(w), self.node_label,
                              w.HBox([self.alpha, self.beta]), self._buttons(w), self.feedback, self.answer_image])
        self.results: list[Feedback] = []
        self.new_tree(GameTree(tree).nested if tree is not None else None)

    def _leaf_part(self, w):
        title = w.HTML("<b>(b)</b> Click the leaves alpha-beta <b>never visits</b> (path: value):")
        return w.VBox([title, self.leaf_box])

    def _buttons(self, w):
        self.check_button = w.Button(description="check", icon="check", button_style="primary")
        self.check_button.on_click(lambda _: self.check())
        self.new_button = w.Button(description="new tree", icon="refresh")
        self.new_button.on_click(lambda _: self.new_tree())
        self.answer_button = w.Button(description="show answer", icon="eye")
        self.answer_button.on_click(lambda _: self.show_answer())
        return w.HBox([self.check_button, self.new_button, self.answer_button])

    def __repr__(self) -> str:
        return f"<PruningQuiz: {self.nested!r}>"

    # -- the tree ----------------------------------------------------------------------------
    def new_tree(self, nested: Any = None) -> None:
        """Quiz on ``nested``, or on the next seed's random tree (the first one: ``seed``).

        Parameters
        ----------
        nested : list or None, optional
            A tree as nested lists (``None``, the default: the next seed's random tree).

        Raises
        ------
        InvalidTree
            For ``nested`` that is not a tree, as :class:`~minimax_viz.GameTree` says.
        """
        if nested is None:
            if hasattr(self, "nested"):
                self.seed += 1
            nested = GameTree.random(depth=self.depth, branching=self.branching, seed=self.seed).nested
        self.nested, self.game = nested, GameTree(nested)
        self.node = _window_node(self.nested, random.Random(self.seed))
        self._reset_answers()
        drawn = pruning.IndexedTree(nested)  # edges numbered 0, 1, ...: the leaf buttons' paths
        view = TreeView(minimax(drawn).tree, pyplot=False, scores="leaves", pv=False, moves=True,
                        title="Max moves first; a path is the edge numbers from the root down")
        view.show()
        self.image.value = view.png(dpi=self.dpi)
        self.view = view  # the question's picture (its edges carry the paths' indexes)

    def _reset_answers(self) -> None:
        w = ipywidgets()
        self.leaf_buttons = {}
        for path in self.game.leaves():
            label = f"{path}: {self.game.value(path)}"
            self.leaf_buttons[path] = w.ToggleButton(description=label, tooltip=f"leaf {label}",
                                                     layout=w.Layout(width="auto"))
        self.leaf_box.children = tuple(self.leaf_buttons.values())
        self.root_value.value, self.alpha.value, self.beta.value = "", "", ""
        self.node_label.value = (f"<b>(c)</b> The window alpha-beta passes to node <b>{self.node}</b> "
                                 "when it enters it:")
        self.feedback.value, self.results = "", []
        self.answer_image.layout.display = "none"

    # -- checking --------------------------------------------------------------------------------
    @property
    def never_visited(self) -> list[tuple]:
        """The leaves clicked as never visited, left to right."""
        return [path for path, button in self.leaf_buttons.items() if button.value]

    def _judge_root_value(self, checks) -> Feedback:
        """The root value as typed, checked: an empty box is no answer (even when it is 0)."""
        text = str(self.root_value.value).strip()
        if not text:
            return Feedback(False, "type a number in the box: the value of the root.")
        number = read_bound(text)
        return checks.check_root_value(text if number is None else number, self.nested)

    def check(self) -> list[Feedback]:
        """Check the three answers; each verdict explains its first mistake in words.

        Returns
        -------
        list of Feedback
            One verdict per question (a, b, c); each is true when right.
        """
        checks = pruning
        self.results = [
            self._judge_root_value(checks),
            checks.check_never_visited(self.never_visited, self.nested),
            self._judge_window(),
        ]
        names = ("(a) the root's value", "(b) the leaves never visited", f"(c) the window at {self.node}")
        rows = [_verdict_html(name, verdict) for name, verdict in zip(names, self.results)]
        self.feedback.value = "<div style='font-size:14px;max-width:900px'>" + "".join(rows) + "</div>"
        return self.results

    def _judge_window(self) -> Feedback:
        bounds = [read_bound(field.value) for field in (self.alpha, self.beta)]
        for name, field, bound in zip(("alpha", "beta"), (self.alpha, self.beta), bounds):
            if bound is None:
                typed = f"{field.value!r} is not a number" if field.value.strip() else "it is empty"
                return Feedback(False, f"type {name} as a number, or -inf / inf; {typed}.")
        return pruning.check_window(tuple(bounds), self.node, self.nested)

    def show_answer(self) -> None:
        """Draw alpha-beta's search of the tree, with its cuts, under the questions."""
        result = alphabeta(pruning.IndexedTree(self.nested))
        view = TreeView(result.tree, pyplot=False, moves=True)
        view.show()
        self.answer_image.value = view.png(dpi=self.dpi)
        self.answer_image.layout.display = None


def _window_node(nested: Any, rng: random.Random) -> tuple:
    """A node alpha-beta enters, for question (c): an inner node below the root whose
    window has a finite end if there is one, else any node it enters below the root."""
    tree = alphabeta(GameTree(nested)).tree
    entered = [n for n in tree.nodes if n.depth > 0 and not n.pruned]
    inner = [n for n in entered if not n.is_leaf]
    finite = [n for n in inner if math.isfinite(n.alpha) or math.isfinite(n.beta)]
    return rng.choice(finite or inner or entered).internal_state


def _verdict_html(name: str, verdict: Feedback) -> str:
    mark, colour = ("✓", "#007A55") if verdict.ok else ("✗", "#B00000")
    text = html.escape(str(verdict)).replace("\n", "<br>")
    return f"<p style='margin:4px 0'><b style='color:{colour}'>{mark} {name}</b>: {text}</p>"
