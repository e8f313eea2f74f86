"""What a drawing of a search tree shows, worked out in pure Python (no matplotlib).

A :class:`Scene` is one picture's content: the *focus* (the root unless said otherwise),
the path from the root to it as a compact breadcrumb, the focus and as many levels below
it as fit as boards, one more level as small marks, and a "+N calls" fan under every
node whose descendants are not drawn. It places every drawn node in data units (boards
one unit apart) so that the picture fits a width budget (1,000 px) with every board and
label at its natural size, and it says for replay event ``k`` which nodes have been
reached, what their labels read and what colour role each takes.

The painter (:mod:`minimax_viz.draw`) turns a scene into matplotlib artists; tests read a
scene directly. Search facts (windows, bounds, guesses, the best line, event words, the
number format) come from the trace's public API; what a game's pictures need (legend,
colours, units) comes from its glyph.

>>> from minimax_viz import GameTree, alphabeta
>>> scene = Scene(alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree)
>>> len(scene.nodes), scene.fans, scene.labels(scene.n_steps - 1)[0].score
(13, {}, '3')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

from .errors import InvalidOption, short_repr
from .glyphs import glyph_for
from .layout import tidy_x
from .trace import KINDS, Node, format_probability, who_text

__all__ = ["Scene", "NodeLabels", "SHAPES", "shape_of", "MAX_WIDTH_PX", "NATURAL_UNIT_PX", "MIN_UNIT_PX"]

#: No picture is wider than this many pixels (at 100 dpi).
MAX_WIDTH_PX = 1000
#: Pixels per data unit (boards sit one unit apart) at a board's natural size, at 100 dpi.
NATURAL_UNIT_PX = 90
#: The fewest pixels per data unit at which board labels stay readable (>= 8 px text);
#: a glyph may set its own (``Glyph.min_unit_px``).
MIN_UNIT_PX = 66
#: Data units beside the tree: the level labels on the left, a margin on the right.
SIDE_UNITS = (1.7, 0.9)
#: Widths tried for one small mark, in data units, before a level of marks is given up.
MARK_WIDTHS = (0.3, 0.22, 0.16, 0.12, 0.09, 0.07)

#: The mark of each node kind: (text symbol, matplotlib marker). The ONE place where a
#: node's shape is chosen; a chance node (a circle) is one more line here.
SHAPES = {
    "max": ("▲", "^"),
    "min": ("▼", "v"),
    "chance": ("●", "o"),
    "leaf": ("■", "s"),
    "pruned": ("×", "x"),
}

_CALL, _PRUNED, _HIT = KINDS.index("call"), KINDS.index("pruned"), KINDS.index("hit")


def shape_of(node: Node) -> str:
    """The key in :data:`SHAPES` for a node: its kind as the search treated it for an
    inner call ("max", "min", or "chance", which under expectimax includes a Min node
    moving at random), else "leaf" or "pruned".

    >>> from minimax_viz import GameTree, expectimax
    >>> [shape_of(n) for n in expectimax(GameTree([[3, 12], [2]])).tree.nodes][:3]
    ['max', 'chance', 'leaf']
    """
    if node.pruned:
        return "pruned"
    if node.is_leaf:
        return "leaf"
    return node.node_type


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


@dataclass
class Fan:
    """Calls not drawn below ``node``: ``calls`` searched, ``pruned`` stubs beside them."""

    node: int
    calls: int
    pruned: int
    label: bool


class Scene:
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
    ):
        if not isinstance(future, str) or future not in ("hide", "ghost"):
            raise InvalidOption(f"future must be 'hide' or 'ghost', not {short_repr(future)}")
        if not isinstance(scores, str) or scores not in ("all", "leaves"):
            raise InvalidOption(f"scores must be 'all' or 'leaves' (only the leaves' values), not {short_repr(scores)}")
        for name, on in (("window", window), ("moves", moves)):
            if on is not None and not isinstance(on, bool):
                raise InvalidOption(f"{name} must be True, False or None (the picture's choice), not {short_repr(on)}")
        if levels is not None and (isinstance(levels, bool) or not isinstance(levels, int) or levels < 0):
            raise InvalidOption(f"levels must be a whole number of levels, 0 or more, not {short_repr(levels)}")
        self.tree, self.game = tree, tree.game
        self.glyph = glyph_for(self.game)
        self.cols = tree.columns()
        self.n_steps = tree.n_steps
        self.window = tree.has_window if window is None else bool(window and tree.has_window)
        self.label_moves = self.glyph.label_moves if moves is None else bool(moves)
        self.scores, self.future, self.levels = scores, future, levels
        self.cap_units = max_width_px / self.glyph.min_unit_px - sum(SIDE_UNITS) - 0.3
        self.focus = self._node_index(focus, "focus")
        self.level_gap = self.glyph.height + (0.0 if self.glyph.score_inside else 0.3) \
            + (0.24 if self.window else 0.0) + 0.75
        self._choose()
        self._place(pos)

    # -- choosing what is drawn -----------------------------------------------------------
    def _node_index(self, node: Any, name: str) -> int:
        n = len(self.tree)
        if node is None:
            return 0
        if isinstance(node, Node):
            if node.tree is not self.tree:
                raise InvalidOption(f"{name} must be a node of the tree drawn; this node belongs to another tree")
            return node.index
        if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < n:
            raise InvalidOption(f"{name} must be a node of this tree or its index (0 to {n - 1}), not {short_repr(node)}")
        return node

    def _levels_below(self, limit: int) -> list[list[int]]:
        """The focus's descendants level by level, stopping once a level is wider than ``limit``."""
        kind, end = self.cols.kind, self.cols.end
        levels, level = [], [self.focus]
        while True:
            below = []
            for i in level:
                if kind[i] == _CALL:
                    j, stop = i + 1, end[i]
                    while j < stop:
                        below.append(j)
                        j = end[j]
            if not below:
                return levels
            levels.append(below)
            if len(below) > limit:
                return levels
            level = below

    def _choose(self) -> None:
        """Boards as deep as fit, one level of marks below them, fans for the rest."""
        cap = self.cap_units
        levels = self._levels_below(int(cap / MARK_WIDTHS[-1]) + 1)
        most = len(levels) if self.levels is None else min(self.levels, len(levels))
        leaves_across = []  # boards across when levels 1..d are boards
        leafy = 0
        for d, level in enumerate(levels, 1):
            leaves_across.append(len(level) + leafy)
            leafy += sum(1 for i in level if self.cols.kind[i] != _CALL)
        for boards in range(most, -1, -1):
            if boards and leaves_across[boards - 1] * self.glyph.leaf_slot > cap:
                continue
            for marks in ((True, False) if boards < most else (False,)):
                for width in (MARK_WIDTHS if marks else (None,)):
                    if self._try(levels, boards, width):
                        return
        self._try(levels, 0, None)  # the focus alone, with a fan

    def _try(self, levels, boards: int, mark_width: float | None) -> bool:
        """Lay out ``boards`` levels of boards (and a level of marks); True if it fits."""
        style = {self.focus: "board"}
        for level in levels[:boards]:
            for i in level:
                style[i] = "board"
        if mark_width is not None:
            for i in levels[boards]:
                style[i] = "mark"
        nodes = sorted(style)
        x, width = self._tidy(nodes, style, mark_width or 0.3)
        if width > self.cap_units and (boards or mark_width is not None):
            return False
        self.style, self.nodes, self.x, self.width = style, nodes, x, width
        self.board_levels, self.mark_width = boards, mark_width
        self._fans()
        return True

    def _tidy(self, nodes: list[int], style: dict, mark_width: float):
        """x of every drawn node (:func:`minimax_viz.layout.tidy_x`): a board takes 1 unit
        (a leaf board the glyph's ``leaf_slot``), a mark ``mark_width``."""
        parent, kind, kids = self.cols.parent, self.cols.kind, {i: [] for i in nodes}
        for i in nodes[1:]:
            kids[parent[i]].append(i)
        slots = (1.0, self.glyph.leaf_slot)  # an inner board, a leaf board
        own = {i: slots[kind[i] != _CALL] if style[i] == "board" else mark_width for i in nodes}
        self.kids = kids
        return tidy_x(nodes, kids, own)

    def _fans(self) -> None:
        """A fan under each drawn call whose children are not all drawn; the "+N calls"
        label goes under a board, summing the fans of the marks below it."""
        kind, end = self.cols.kind, self.cols.end
        fans: dict[int, Fan] = {}
        drawn = set(self.nodes)
        for i in self.nodes:
            if kind[i] != _CALL or all(c in drawn for c in self._children(i)):
                continue
            span = bytes(kind[i + 1:end[i]])
            pruned = span.count(_PRUNED)
            fans[i] = Fan(i, len(span) - pruned, pruned, label=self.style[i] == "board")
        for i in self.nodes:  # a board whose marks have fans: one label for them all
            if self.style[i] == "board" and i not in fans:
                below = [fans[c] for c in self.kids[i] if c in fans and self.style[c] == "mark"]
                if below:
                    fans[i] = Fan(i, sum(f.calls for f in below), sum(f.pruned for f in below), label=True)
        self.fans = fans

    def _children(self, i: int) -> list[int]:
        end = self.cols.end
        out, j = [], i + 1
        while j < end[i]:
            out.append(j)
            j = end[j]
        return out

    # -- placing ----------------------------------------------------------------------------
    def _place(self, pos: Mapping | None) -> None:
        depth, gap = self.cols.depth, self.level_gap
        top = depth[self.focus]
        mark_gap = self.label_depth + 0.55
        self.pos: dict[int, tuple[float, float]] = {}
        for i in self.nodes:
            d = depth[i] - top
            if self.style[i] == "board":
                y = -d * gap
            else:  # a mark sits under its board's labels
                y = -(d - 1) * gap - mark_gap
            self.pos[i] = (self.x[i], y)
        if pos is not None:
            if not isinstance(pos, Mapping):
                raise InvalidOption(f"pos must be a dict {{node: (x, y)}}, as networkx takes, not {type(pos).__name__}")
            for node, xy in pos.items():
                i = self._node_index(node, "a key of pos")
                try:
                    x, y = (float(v) for v in xy)
                except (TypeError, ValueError):
                    raise InvalidOption(f"pos[{i}] must be an (x, y) pair of numbers, not {short_repr(xy)}") from None
                if i in self.pos:
                    self.pos[i] = (x, y)

    @property
    def label_depth(self) -> float:
        """How far below a board's centre its labels reach (score, then window)."""
        below = self.glyph.height / 2 + (0.0 if self.glyph.score_inside else 0.3)
        return below + (0.24 if self.window else 0.0)

    @property
    def boards(self) -> list[int]:
        return [i for i in self.nodes if self.style[i] == "board"]

    @property
    def marks(self) -> list[int]:
        return [i for i in self.nodes if self.style[i] == "mark"]

    def bounds(self) -> tuple[float, float, float, float]:
        """(left, right, bottom, top) of the drawing in data units, margins included."""
        xs = [p[0] for p in self.pos.values()]
        ys = [p[1] for p in self.pos.values()]
        lows = []
        for i, (x, y) in self.pos.items():
            if self.style[i] == "mark":
                lows.append(y - (0.62 if self.fans.get(self.cols.parent[i]) else 0.15))
            elif i in self.fans and not self.kids[i]:
                lows.append(y - self.label_depth - 0.72)
            else:
                lows.append(y - self.label_depth - 0.12)
        bottom = min(lows)
        top = max(ys) + self.glyph.height / 2 + 0.3 + (0.4 if self.breadcrumb() else 0.0)
        return min(xs) - SIDE_UNITS[0], max(xs) + SIDE_UNITS[1], bottom, top

    # -- words ------------------------------------------------------------------------------
    def breadcrumb(self) -> list[tuple[int, str]]:
        """``[(index, words), ...]`` from the root to the focus: "root", then the moves
        played, compact ("X 4"); empty when the focus is the root."""
        if self.focus == 0:
            return []
        path = self.tree.nodes[self.focus].path
        crumbs = [(0, path[0].move_words)]  # the trace's word for the root
        for node in path[1:]:
            parent = node.parent
            label = self.glyph.move_label(self.game, parent.internal_state, node.move)
            crumbs.append((node.index, f"{parent.player} {label}"))
        return crumbs

    def edge_label(self, i: int) -> str:
        """The move on the edge into node ``i``."""
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
            if kind[i] == _CALL and depth[i] not in seen:
                seen[depth[i]] = i
        out = []
        for d, i in sorted(seen.items()):
            shape = node_type(self.tree, i)
            role = {"max": "Max", "min": "Min"}.get(shape, shape.title())
            name = self.game.player(self.tree.internal_state(i))
            at_random = shape == "chance" and self.game.node_type(self.tree.internal_state(i)) == "min"
            who = who_text(name, shape, at_random, short=True)
            words = f"{SHAPES[shape][0]} {role}" + ("" if name.upper() == role.upper() else f"\n{who}")
            out.append((self.pos[i][1], shape, words))
        return out

    def fan_text(self, i: int) -> str:
        """The words under a fan: the calls it stands for (pruned stubs not counted)."""
        return f"+{self.fans[i].calls:,} calls"

    def value_text(self, value, *, guess: bool = False) -> str:
        """A value as this game's pictures write it (guesses in the glyph's unit, if any)."""
        signed = not self.glyph.score_inside
        return self.glyph.value_text(self.game, value, signed=signed, guess=guess)

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
            done = (whole or last[i] <= k) and (self.scores == "all" or kind[i] != _CALL)
            if kind[i] == _PRUNED:
                text = self.glyph.pruned_text(self.game, self.tree.internal_state(i))
                out[i] = NodeLabels(reached, reached, text, "pruned", "")
                continue
            score, role = (self._score(node) if done else ("", "ink"))
            window = ""
            if self.window and kind[i] == _CALL and reached:
                a, b = self.tree.window_at(i, k)
                window = f"α={self.value_text(a, guess=True)} β={self.value_text(b, guess=True)}"
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
        """The summary (``k`` None: counts, best move, value) or the words for event ``k``."""
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
        """The node event ``k`` is about and the call stack down to it (``None``: no frame)."""
        if k is None:
            return None, []
        node = self.tree.event(k).node
        return node.index, [n.index for n in node.path]

    def best_line(self) -> list[int]:
        """The best line from the focus down, as far as it is drawn (node indexes)."""
        return [n.index for n in self.tree.principal_variation(self.focus) if n.index in self.style]

    def follow(self, k: int) -> int:
        """The focus that shows event ``k``'s node: this one if the node is drawn, else its
        parent (so it shows as a board among its siblings), or the root."""
        node = self.tree.event(k).node
        if node.index in self.style:
            return self.focus
        parent = node.parent
        return 0 if parent is None else parent.index

    def hit_boxes(self) -> list[tuple[int, float, float, float, float]]:
        """``[(index, x0, y0, x1, y1), ...]`` in data units: where a click picks a node
        (boards, marks, and fans, which pick the node whose hidden children they stand for)."""
        gw, gh = self.glyph.width / 2, self.glyph.height / 2
        boxes = []
        for i in self.nodes:
            x, y = self.pos[i]
            if self.style[i] == "board":
                boxes.append((i, x - gw, y - gh, x + gw, y + gh))
            else:
                r = max(self.mark_width or 0.1, 0.1) / 2
                boxes.append((i, x - r, y - r, x + r, y + r))
        for i, fan in self.fans.items():
            x, y = self.pos[i]
            if self.style[i] == "board":
                top = y - self.label_depth
                low = min([self.pos[c][1] for c in self.kids[i]] + [y]) - 0.9 if self.kids[i] else top - 0.9
                boxes.append((i, x - 0.45, low, x + 0.45, top - (0.05 if not self.kids[i] else 0.0)))
            else:
                boxes.append((i, x - 0.06, y - 0.35, x + 0.06, y - 0.05))
        return boxes

    def legend(self, *, frames: bool, pv: bool) -> list[tuple[str, str, str]]:
        """``[(marker or "line"/"dashes", colour role, words), ...]`` for the legend."""
        kinds = set(self.cols.kind)
        items = [(SHAPES["max"][1], "max", "Max to move"), (SHAPES["min"][1], "min", "Min to move")]
        types = {self.tree.nodes[i].node_type for i in self.nodes if self.cols.kind[i] == _CALL}
        if "chance" in types:   # an average, nobody chooses
            items[1:] = [] if "min" not in types else items[1:]
            items.append((SHAPES["chance"][1], "chance", "chance: the average; edges: probability"))
        items += self.glyph.legend(self.game)
        if KINDS.index("horizon") in kinds:
            items.append(("s", "guess", "≈ " + self.glyph.guess_words(self.game)))
        if _HIT in kinds:
            items.append(("s", "hit", "memo table"))
        if pv and not frames:
            items.append(("line", "best", "best line"))
        if _PRUNED in kinds:
            items.append(("dashes", "pruned", "pruned (never searched)"))
            if self.tree.has_window:
                items.append(("$≤$", "bound", "≤ ≥ only a bound: cut short"))
        if self.fans:
            items.append(("fan", "fan", "+N calls: searched below, not drawn (pruned not counted)"))
        if frames:
            items.append(("line", "current", "current call and stack"))
        return items
