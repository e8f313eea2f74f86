"""What a drawing of a search tree shows, worked out in pure Python (no matplotlib).

A :class:`Scene` is one picture's content: the *focus* (the root unless said otherwise),
the path from the root to it as a compact breadcrumb, the focus and as many levels below
it as fit as boards, one more level as small marks, and a "+N calls" fan under every
node whose descendants are not drawn. It places every drawn node in data units (boards
one unit apart) so that the picture fits a width budget (1,000 px) with every board and
label at its natural size, and it says for replay event ``k`` which nodes have been
reached, what their labels read and what colour role each takes.

A scene gives its picture as plain shapes (:meth:`Scene.shapes`, :mod:`minimax_viz.shapes`,
every offset from one :class:`~minimax_viz.shapes.Geometry`) and each replay event as a
:class:`Frame`; the painter (:mod:`minimax_viz.paint`) turns those into matplotlib
artists; tests read a scene directly. Search facts (windows, bounds, guesses, the best
line, event words, the number format) come from the trace's public API; what a game's
pictures need (legend, colours, units) comes from its glyph.

>>> from minimax_viz import GameTree, alphabeta
>>> scene = Scene(alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree)
>>> len(scene.nodes), scene.fans, scene.labels(scene.n_steps - 1)[0].score
(13, {}, '3')
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from . import shapes
from .errors import InvalidOption, short_repr
from .glyphs import glyph_for
from .selection import MARK_WIDTHS, Fan, choose  # noqa: F401 (MARK_WIDTHS and Fan were made here)
from .shapes import GEOMETRY, SHAPES, Geometry, shape_of
from .trace import CALL, PRUNED, Node, format_probability, node_name, stub_text, who_text, window_text

__all__ = ["Scene", "NodeLabels", "Frame", "SHAPES", "shape_of", "MAX_WIDTH_PX", "NATURAL_UNIT_PX", "MIN_UNIT_PX"]

#: No picture is wider than this many pixels (at 100 dpi).
MAX_WIDTH_PX = 1000
#: Pixels per data unit (boards sit one unit apart) at a board's natural size, at 100 dpi.
NATURAL_UNIT_PX = 90
#: The fewest pixels per data unit at which board labels stay readable (>= 8 px text);
#: a glyph may set its own (``Glyph.min_unit_px``).
MIN_UNIT_PX = 66
#: Data units beside the tree: the level labels on the left, a margin on the right.
SIDE_UNITS = GEOMETRY.side


def node_type(tree, index: int) -> str:
    """"max", "min" or "chance" for node ``index``, as the search treated it (the trace's
    :attr:`Node.node_type`)."""
    return tree.nodes[index].node_type


class NodeLabels(NamedTuple):
    """What one node's labels read at a replay event, and the colour role of its value."""

    reached: bool
    done: bool
    score: str
    role: str
    window: str


class Frame(NamedTuple):
    """What replay event ``upto`` shows (``None``: the whole search): each drawn node's
    labels, the call the event is about and the stack down to it, the box round that
    call (``(x0, y0, width, height)``, None when it is not drawn), and for each fan with
    words whether its calls have all returned."""

    upto: int | None
    labels: dict[int, NodeLabels]
    current: int | None
    stack: list[int]
    cursor: tuple[float, float, float, float] | None
    returned: dict[int, bool]


def _check_options(*, future, scores, window, moves, levels) -> None:
    """The scene's options, refused in words when out of range."""
    if not isinstance(future, str) or future not in ("hide", "ghost"):
        raise InvalidOption(f"future must be 'hide' or 'ghost', not {short_repr(future)}")
    if not isinstance(scores, str) or scores not in ("all", "leaves"):
        raise InvalidOption(f"scores must be 'all' or 'leaves' (only the leaves' values), not {short_repr(scores)}")
    for name, on in (("window", window), ("moves", moves)):
        if on is not None and not isinstance(on, bool):
            raise InvalidOption(f"{name} must be True, False or None (the picture's choice), not {short_repr(on)}")
    if levels is not None and (isinstance(levels, bool) or not isinstance(levels, int) or levels < 0):
        raise InvalidOption(f"levels must be a whole number of levels, 0 or more, not {short_repr(levels)}")


def _node_index(tree, node: Any, name: str) -> int:
    """The index of ``node`` (a node of ``tree`` or an index; None: the root), named ``name`` when refused."""
    n = len(tree)
    if node is None:
        return 0
    if isinstance(node, Node):
        if node.tree is not tree:
            raise InvalidOption(f"{name} must be a node of the tree drawn; this node belongs to another tree")
        return node.index
    if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < n:
        raise InvalidOption(f"{name} must be a node of this tree or its index (0 to {n - 1}), not {short_repr(node)}")
    return node


def _placed(tree, pos: Mapping) -> dict[int, tuple[float, float]]:
    """``pos`` (``{node or index: (x, y)}``) by node index, each pair checked."""
    if not isinstance(pos, Mapping):
        raise InvalidOption(f"pos must be a dict {{node: (x, y)}}, as networkx takes, not {type(pos).__name__}")
    out = {}
    for node, xy in pos.items():
        i = _node_index(tree, node, "a key of pos")
        try:
            x, y = (float(v) for v in xy)
        except (TypeError, ValueError):
            raise InvalidOption(f"pos[{i}] must be an (x, y) pair of numbers, not {short_repr(xy)}") from None
        out[i] = (x, y)
    return out


class SceneWords:
    """The words of a tree picture, one labeller for every painter: the breadcrumb, the moves on
    the edges, who moves at each level, the nodes' names, the fans' counts and the values.
    A :class:`Scene` is one; it reads the scene's tree, game, glyph and layout."""

    def breadcrumb(self) -> list[tuple[int, str]]:
        """``[(index, words), ...]`` from the root to the focus: "root", then the moves
        played, compact ("X 4"); empty when the focus is the root."""
        if self.focus == 0:
            return []
        path = self.tree.nodes[self.focus].path
        crumbs = [(0, path[0].move_words)]  # the trace's word for the root
        for node in path[1:]:
            parent = node.parent
            odd = self.tree.odd_move(node.index)
            label = self.edge_label(node.index) if odd is not None else \
                f"{parent.player} {self.glyph.move_label(self.game, parent.internal_state, node.move)}"
            crumbs.append((node.index, label))
        return crumbs

    def edge_label(self, i: int) -> str:
        """The move on the edge into node ``i``; for a learner's call given a board no move
        leads to, the mark its board gained and where ("X 4", as the trace's "X plays 4"), or "?"."""
        odd = self.tree.odd_move(i)
        if odd is not None:
            return "?" if odd[0] is None else f"{odd[0]} {odd[1]}"
        up = self.cols.parent[i]
        return self.glyph.move_label(self.game, self.tree.internal_state(up), self.cols.move[i])

    def edge_text(self, i: int) -> str:
        """What the edge into node ``i`` is labelled with: its move (when moves are
        labelled) and, below a chance node, the outcome's probability ("" for neither)."""
        odds = self.tree.nodes[i].probability
        words = [self.edge_label(i)] if self.label_moves else []
        if odds is not None:
            words.append(format_probability(odds))
        return " ".join(words)

    def level_labels(self) -> list[tuple[float, str, str]]:
        """``[(y, shape, words), ...]`` for the left margin: who moves at each board level."""
        depth, kind = self.cols.depth, self.cols.kind
        seen: dict[int, int] = {}
        for i in self.boards:
            if kind[i] == CALL and depth[i] not in seen:
                seen[depth[i]] = i
        out = []
        for _, i in sorted(seen.items()):
            shape = node_type(self.tree, i)
            role = {"max": "Max", "min": "Min"}.get(shape, shape.title())
            name = self.game.player(self.tree.internal_state(i))
            at_random = shape == "chance" and self.game.node_type(self.tree.internal_state(i)) == "min"
            who = who_text(name, shape, at_random, short=True)
            words = f"{SHAPES[shape][0]} {role}" + ("" if name.upper() == role.upper() else f"\n{who}")
            out.append((self.pos[i][1], shape, words))
        return out

    def name_text(self, i: int) -> str | None:
        """The name drawn beside node ``i`` (``names=True``): the game's name of its position, as
        the checks' words name it (a textbook tree's "F"), or None."""
        if not self.names or self.tree.odd_move(i) is not None:
            return None
        return node_name(self.game, self.tree.internal_state(i))

    def fan_text(self, i: int) -> str:
        """The words under a fan: the calls it stands for (pruned stubs not counted)."""
        return f"+{self.fans[i].calls:,} calls"

    def value_text(self, value, *, guess: bool = False) -> str:
        """A value as this game's pictures write it (guesses in the glyph's unit, if any)."""
        signed = not self.glyph.score_inside
        return self.glyph.value_text(self.game, value, signed=signed, guess=guess)


class Scene(SceneWords):
    """The content of one tree picture around a focus; see the module docstring.

    ``focus`` is a :class:`Node` or node index (default the root); ``levels`` how many
    levels below the focus are drawn at most (boards as deep as fit, then one level of
    marks; default: as many as fit); ``pos`` a ``{node or index: (x, y)}`` dict that
    places those nodes (data units, boards one unit apart; nodes not drawn are ignored),
    as networkx drawing functions take ``pos``; ``window`` writes alpha and beta under the calls (alpha-beta
    trees); ``scores="leaves"`` writes only the leaves' values; ``future`` is "ghost"
    (nodes a replay frame has not reached are drawn faintly) or "hide".

    :raises InvalidOption: for a focus that is not a node of this tree, ``levels`` that is
        not a whole number >= 0, a ``pos`` that is not a dict of (x, y) pairs, or an
        unknown ``scores``/``future``.
    """

    def __init__(
        self,
        tree,
        *,
        focus: Any = None,
        levels: int | None = None,
        pos: Mapping | None = None,
        window: bool | None = None,
        moves: bool | None = None,
        scores: str = "all",
        future: str = "ghost",
        max_width_px: int = MAX_WIDTH_PX,
        geometry: Geometry = GEOMETRY,
        names: bool = False,
    ):
        _check_options(future=future, scores=scores, window=window, moves=moves, levels=levels)
        self.tree, self.game, self.geometry = tree, tree.game, geometry
        self.glyph = glyph_for(self.game)
        self.cols = tree.columns()
        self.n_steps = tree.n_steps
        self.window = tree.has_window if window is None else bool(window and tree.has_window)
        self.label_moves = self.glyph.label_moves if moves is None else bool(moves)
        self.scores, self.future, self.levels = scores, future, levels
        # each node's name beside it, where the game names positions other than by the edges' labels
        self.names = bool(names) and getattr(self.game, "names_drawn", True) \
            and node_name(self.game, tree.internal_state(0)) is not None
        g = geometry
        self.cap_units = max_width_px / self.glyph.min_unit_px - sum(g.side) - g.width_margin
        self.focus = _node_index(tree, focus, "focus")
        self.level_gap = self.glyph.height + (0.0 if self.glyph.score_inside else g.score_room) \
            + (g.window_room if self.window else 0.0) + g.level_space
        choice = choose(self.cols, self.glyph, focus=self.focus, levels=levels, cap_units=self.cap_units)
        self.style, self.nodes, self.x, self.width = choice.style, choice.nodes, choice.x, choice.width
        self.board_levels, self.mark_width = choice.board_levels, choice.mark_width
        self.kids, self.fans = choice.kids, choice.fans
        self.pos = self._place(pos)

    def _place(self, pos: Mapping | None) -> dict[int, tuple[float, float]]:
        """Every drawn node's (x, y): levels ``level_gap`` apart, marks under their
        board's labels, ``pos`` where it places a drawn node."""
        depth, gap = self.cols.depth, self.level_gap
        top = depth[self.focus]
        mark_gap = self.label_depth + self.geometry.mark_drop
        placed: dict[int, tuple[float, float]] = {}
        for i in self.nodes:
            d = depth[i] - top
            if self.style[i] == "board":
                y = -d * gap
            else:  # a mark sits under its board's labels
                y = -(d - 1) * gap - mark_gap
            placed[i] = (self.x[i], y)
        if pos is not None:
            for i, xy in _placed(self.tree, pos).items():
                if i in placed:
                    placed[i] = xy
        return placed

    @property
    def label_depth(self) -> float:
        """How far below a board's centre its labels reach (score, then window)."""
        g = self.geometry
        below = self.glyph.height / 2 + (0.0 if self.glyph.score_inside else g.score_room)
        return below + (g.window_room if self.window else 0.0)

    @property
    def boards(self) -> list[int]:
        return [i for i in self.nodes if self.style[i] == "board"]

    @property
    def marks(self) -> list[int]:
        return [i for i in self.nodes if self.style[i] == "mark"]

    def shape(self, i: int) -> str:
        """Node ``i``'s key in :data:`SHAPES` (:func:`shape_of`)."""
        return shape_of(self.tree.nodes[i])

    def bounds(self) -> tuple[float, float, float, float]:
        """(left, right, bottom, top) of the drawing in data units, margins included."""
        g = self.geometry
        xs = [p[0] for p in self.pos.values()]
        ys = [p[1] for p in self.pos.values()]
        lows = []
        for i, (_, y) in self.pos.items():
            if self.style[i] == "mark":
                lows.append(y - (g.mark_fan_low if self.fans.get(self.cols.parent[i]) else g.mark_low))
            elif i in self.fans and not self.kids[i]:
                lows.append(y - self.label_depth - g.fan_low)
            else:
                lows.append(y - self.label_depth - g.label_low)
        bottom = min(lows) - (g.name_room if self.names else 0.0)
        top = max(ys) + self.glyph.height / 2 + g.top_room + (g.crumb_room if self.breadcrumb() else 0.0)
        return min(xs) - g.side[0], max(xs) + g.side[1], bottom, top

    # -- the picture as shapes ----------------------------------------------------------------
    def shapes(self) -> shapes.Shapes:
        """Everything drawn but the breadcrumb, as plain shapes (:func:`minimax_viz.shapes.build`)."""
        return shapes.build(self)

    def crumbs(self, char: float) -> list[shapes.Label]:
        """The breadcrumb's words placed for a font ``char`` data units a character
        (:func:`minimax_viz.shapes.crumbs`)."""
        return shapes.crumbs(self, char)

    def parting(self, i: int) -> shapes.Parting | None:
        """The "parts here" frame round node ``i`` or its nearest drawn ancestor."""
        return shapes.parting(self, i)

    @property
    def first(self):
        """Per node, the replay event at which it appears (the trace's ``steps()``)."""
        return self.tree.steps()[0]

    @property
    def last(self):
        """Per node, the replay event at which its value is known."""
        return self.tree.steps()[1]

    def labels(self, k: int) -> dict[int, NodeLabels]:
        """Every drawn node's labels as they stood after replay event ``k``."""
        kind = self.cols.kind
        whole = k >= self.n_steps - 1   # the whole search: every node reached and done (no replay needed)
        first, last = (None, None) if whole else (self.first, self.last)
        out = {}
        for i in self.nodes:
            node = self.tree.nodes[i]
            reached = whole or first[i] <= k
            done = (whole or last[i] <= k) and (self.scores == "all" or kind[i] != CALL)
            if kind[i] == PRUNED:
                text = (self.glyph.pruned_text(self.game, self.tree.internal_state(i)) if self.tree.has_window
                        else stub_text(cut=False))
                out[i] = NodeLabels(reached, reached, text, "pruned", "")
                continue
            score, role = (self._score(node) if done else ("", "ink"))
            window = ""
            if self.window and kind[i] == CALL and reached:
                a, b = self.tree.window_at(i, k)
                window = window_text(a, b, lambda v: self.value_text(v, guess=True))
            out[i] = NodeLabels(reached, done, score, role, window)
        return out

    def _score(self, node: Node) -> tuple[str, str]:
        """A node's value with its marks (≈ a guess, ≤/≥ a bound) and its colour role."""
        text = self.glyph.node_value_text(self.game, node, signed=not self.glyph.score_inside)
        role = "guess" if node.heuristic else "bound" if node.bound else self.glyph.value_role(node.score)
        if node.heuristic:
            return text, role
        if node.kind == "hit" and not self.glyph.score_inside:
            role = "hit"
        return text, role

    def title(self, k: int | None, *, reveal: bool = True) -> str:
        """The summary (``k`` None: counts, best move, value) or the words for event ``k``.

        :raises IndexError: for a step out of range (the trace's ``event``).
        """
        if k is not None:
            return f"event {k} of {self.n_steps - 1}: {self.tree.event_words(k)}"
        counts = self.tree.counts()
        calls = len(self.tree) - counts["pruned"]
        name = "alpha-beta" if self.tree.algorithm == "alphabeta" else self.tree.algorithm
        root = self.tree.root
        first = root.best_child
        best = [] if first is None else [self.game.move_name(root.internal_state, first.move)]
        value = ("≈" if root.heuristic else "") + self.value_text(root.score, guess=root.heuristic)
        tail = f"; best move {best[0]}, value {value}" if best else f"; value {value}"
        pruned = f", {counts['pruned']:,} pruned" if self.tree.has_window else ""
        return f"{name}: {calls:,} call{'s' if calls != 1 else ''}{pruned}{tail if reveal else ''}"

    def current(self, k: int | None) -> tuple[int | None, list[int]]:
        """The node event ``k`` is about and the call stack down to it (``None``: no frame).

        :raises IndexError: for a step out of range (the trace's ``event``).
        """
        if k is None:
            return None, []
        node = self.tree.event(k).node
        return node.index, [n.index for n in node.path]

    def best_line(self) -> list[int]:
        """The best line from the focus down, as far as it is drawn (node indexes)."""
        return [n.index for n in self.tree.principal_variation(self.focus) if n.index in self.style]

    def follow(self, k: int) -> int:
        """The focus that shows event ``k``'s node: this one if the node is drawn, else its
        parent (so it shows as a board among its siblings), or the root.

        :raises IndexError: for a step out of range (the trace's ``event``).
        """
        node = self.tree.event(k).node
        if node.index in self.style:
            return self.focus
        parent = node.parent
        return 0 if parent is None else parent.index

    def frame(self, upto: int | None) -> Frame:
        """What replay event ``upto`` shows (``None``: the whole search), as a :class:`Frame`.

        :raises IndexError: for a step out of range (the trace's ``event``).
        """
        k = self.n_steps if upto is None else upto
        current, stack = self.current(upto)
        whole = k >= self.n_steps - 1
        last = None if whole or not self.fans else self.last
        returned = {i: whole or last[i] <= k for i, fan in self.fans.items() if fan.label}
        return Frame(upto, self.labels(k), current, stack, shapes.cursor_box(self, current), returned)

    def hit_boxes(self) -> list[tuple[int, float, float, float, float]]:
        """``[(index, x0, y0, x1, y1), ...]`` in data units: where a click picks a node
        (:func:`minimax_viz.shapes.hit_boxes`)."""
        return shapes.hit_boxes(self)

    def node_at(self, x: float, y: float) -> int | None:
        """The index of the node a click at ``(x, y)`` (data units) picks (:meth:`hit_boxes`),
        or None for a click on nothing.

        >>> from minimax_viz import GameTree, minimax
        >>> scene = Scene(minimax(GameTree([[3, 12], [2]])).tree)
        >>> scene.node_at(*scene.pos[2]), scene.node_at(100.0, 100.0)
        (2, None)
        """
        for index, x0, y0, x1, y1 in self.hit_boxes():
            if x0 <= x <= x1 and y0 <= y <= y1:
                return index
        return None

    def legend(self, *, frames: bool, pv: bool) -> list[tuple[str, str, str]]:
        """``[(marker or "line"/"dashes", colour role, words), ...]`` for the legend
        (:func:`minimax_viz.shapes.legend`)."""
        return shapes.legend(self, frames=frames, pv=pv)
