"""What a drawing of a search tree shows, worked out in pure Python (no matplotlib).

A :class:`Scene` is one picture's content: the *focus* (the root unless said otherwise),
the path from the root to it as a compact breadcrumb, the focus and as many levels below
it as fit as boards, one more level as small marks, and a "+N calls" fan under every
node whose descendants are not drawn. It places every drawn node in data units (boards
one unit apart) so that the picture fits a width budget (1,000 px) with every board and
label at its natural size, and it says for replay event ``k`` which nodes have been
reached, what their labels read and what colour role each takes.

A scene emits its picture as one immutable record (:meth:`Scene.shapes`, a
:class:`~minimax_viz.shapes.Shapes`: every offset from one
:class:`~minimax_viz.shapes.Geometry`, every word made here) and each replay event as a
:class:`Frame`; the painter (:mod:`minimax_viz.paint`) turns those into matplotlib
artists and never reads the scene; tests read a scene directly. Search facts (windows, bounds, guesses, the best
line, event words, the number format) come from the trace's public API; what a game's
pictures need (legend, colours, units) comes from its glyph.

>>> from minimax_viz import GameTree, alphabeta
>>> scene = Scene(alphabeta(GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).tree)
>>> len(scene.nodes), scene.fans, scene.labels(scene.n_steps - 1)[0].score
(13, {}, '3')
"""

from __future__ import annotations

from typing import Any, Mapping

from . import shapes
from .errors import InvalidOption, short_repr
from .glyphs import glyph_for
from .selection import MARK_WIDTHS, Fan, choose  # noqa: F401 (MARK_WIDTHS and Fan were made here)
from .scene_replay import Frame, NodeLabels, SceneReplay
from .shapes import GEOMETRY, MAX_WIDTH_PX, NATURAL_UNIT_PX, SHAPES, Geometry, Placement, shape_of
from .trace import CALL, HIT, HORIZON, PRUNED, Node, format_probability, node_name, stub_text, who_text

__all__ = ["Scene", "NodeLabels", "Frame", "SHAPES", "shape_of", "MAX_WIDTH_PX", "NATURAL_UNIT_PX", "MIN_UNIT_PX"]

#: The fewest pixels per data unit at which board labels stay readable (>= 8 px text);
#: a glyph may set its own (``Glyph.min_unit_px``).
MIN_UNIT_PX = 66
#: Data units beside the tree: the level labels on the left, a margin on the right.
SIDE_UNITS = GEOMETRY.side


def node_type(tree, index: int) -> str:
    """"max", "min" or "chance" for node ``index``, as the search treated it (the trace's
    :attr:`Node.node_type`)."""
    return tree.nodes[index].node_type


#: The narrowest a picture may be asked to be, in pixels (a board and its value still fit).
MIN_WIDTH_PX = 200


def _check_options(*, future, scores, window, moves, levels, max_width_px) -> None:
    """The scene's options, refused in words when out of range."""
    if isinstance(max_width_px, bool) or not isinstance(max_width_px, int) \
            or not MIN_WIDTH_PX <= max_width_px <= MAX_WIDTH_PX:
        raise InvalidOption(f"max_width_px must be a whole number of pixels from {MIN_WIDTH_PX} to {MAX_WIDTH_PX:,} "
                            f"(the page's width), not {short_repr(max_width_px)}")
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
        """The breadcrumb from the root to the focus: "root", then the moves played, compact ("X 4").

        Returns
        -------
        list of tuple
            ``[(index, words), ...]``; empty when the focus is the root.
        """
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
        """The move on the edge into node ``i``.

        For a learner's call given a board no move leads to, the mark its board gained and
        where ("X 4", as the trace's "X plays 4"), or "?".

        Parameters
        ----------
        i : int
            A node's index (not the root's).

        Returns
        -------
        str
            The move's words.
        """
        odd = self.tree.odd_move(i)
        if odd is not None:
            return "?" if odd[0] is None else f"{odd[0]} {odd[1]}"
        up = self.cols.parent[i]
        return self.glyph.move_label(self.game, self.tree.internal_state(up), self.tree.move_at(i))

    def edge_text(self, i: int) -> str:
        """What the edge into node ``i`` is labelled with.

        Its move (when moves are labelled) and, below a chance node, the outcome's probability.

        Parameters
        ----------
        i : int
            A node's index (not the root's).

        Returns
        -------
        str
            The words ("" for neither).
        """
        odds = self.tree.nodes[i].probability
        words = [self.edge_label(i)] if self.label_moves else []
        if odds is not None:
            words.append(format_probability(odds))
        return " ".join(words)

    def level_labels(self) -> list[tuple[float, str, str]]:
        """Who moves at each board level, for the left margin.

        Returns
        -------
        list of tuple
            ``[(y, shape, words), ...]``, from the top level down.
        """
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
        """The name drawn beside node ``i`` (``names=True``).

        The game's name of its position, as the checks' words name it (a textbook tree's "F").

        Parameters
        ----------
        i : int
            A node's index.

        Returns
        -------
        str or None
            The name, or None where no name is drawn.
        """
        if not self.names or self.tree.odd_move(i) is not None:
            return None
        return node_name(self.game, self.tree.internal_state(i))

    def fan_text(self, i: int) -> str:
        """The words under a fan: the calls it stands for (pruned stubs not counted).

        Parameters
        ----------
        i : int
            The index of the node the fan hangs from.

        Returns
        -------
        str
            "+N calls".
        """
        return f"+{self.fans[i].calls:,} calls"

    def value_text(self, value, *, guess: bool = False) -> str:
        """A value as this game's pictures write it (guesses in the glyph's unit, if any).

        Parameters
        ----------
        value : float or None
            A value.
        guess : bool, optional
            The value may be a heuristic's guess.

        Returns
        -------
        str
            The value's words.
        """
        signed = not self.glyph.score_inside
        return self.glyph.value_text(self.game, value, signed=signed, guess=guess)

    def title(self, k: int | None, *, reveal: bool = True) -> str:
        """The summary of the search, or the words for replay event ``k``.

        Parameters
        ----------
        k : int or None
            A replay event, or None for the summary (counts, best move, value).
        reveal : bool, optional
            Give the best move and the value in the summary.

        Returns
        -------
        str
            The title's words.

        Raises
        ------
        IndexError
            For a step out of range (the trace's ``event``).
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

    def legend(self, *, frames: bool, pv: bool) -> list[tuple[str, str, str]]:
        """The legend's entries for this picture.

        Parameters
        ----------
        frames : bool
            The picture is a replay's (the current call and stack are shown).
        pv : bool
            The best line is drawn.

        Returns
        -------
        list of tuple
            ``[(marker or "line"/"dashes", colour role, words), ...]``.
        """
        kinds = set(self.cols.kind)
        items = [(SHAPES["max"][1], "max", "Max to move"), (SHAPES["min"][1], "min", "Min to move")]
        types = {self.tree.nodes[i].node_type for i in self.nodes if self.cols.kind[i] == CALL}
        if "chance" in types:   # an average, nobody chooses
            items[1:] = [] if "min" not in types else items[1:]
            items.append((SHAPES["chance"][1], "chance", "chance: the average; edges: probability"))
        items += self.glyph.legend(self.game)
        if HORIZON in kinds and self.tree.depth_limited:
            items.append(("s", "guess", "≈ " + self.glyph.guess_words(self.game)))
        if HIT in kinds:
            items.append(("s", "hit", "memo table"))
        if pv and not frames:
            items.append(("line", "best", "best line"))
        if PRUNED in kinds:
            items += _skipped(self.tree.has_window)
        if self.fans:
            items.append(("fan", "fan", "+N calls: searched below, not drawn (pruned not counted)"))
        if frames:
            items.append(("line", "current", "current call and stack"))
        return items


def _skipped(cut: bool) -> list[tuple[str, str, str]]:
    """The legend's entries for skipped children: cut off by alpha-beta, with the bounds a
    cut leaves (``cut``), or moves a call without a window never played."""
    if not cut:
        return [("dashes", "pruned", f"{stub_text(cut=False)} (the call never played it)")]
    return [("dashes", "pruned", "pruned (never searched)"), ("$≤$", "bound", "≤ ≥ only a bound: cut short")]


class Scene(SceneWords, SceneReplay):
    """The content of one tree picture around a focus; see the module docstring.

    Parameters
    ----------
    tree : SearchTree
        A recorded search tree.
    focus : Node or int or None, optional
        The node at the top (default the root).
    levels : int or None, optional
        How many levels below the focus are drawn at most (boards as deep as fit, then one
        level of marks; default: as many as fit).
    pos : dict or None, optional
        ``{node or index: (x, y)}`` placing those nodes (data units, boards one unit apart;
        nodes not drawn are ignored), as networkx drawing functions take ``pos``.
    window : bool or None, optional
        Write alpha and beta under the calls (default: when the search had a window).
    moves : bool or None, optional
        Label the edges with their moves (default: the glyph's choice).
    scores : {"all", "leaves"}, optional
        Write every value, or only the leaves'.
    future : {"ghost", "hide"}, optional
        Draw the nodes a replay frame has not reached faintly, or not at all.
    max_width_px : int, optional
        The widest the picture may be, in pixels at 100 dpi: 200 to 1,000 (the default).
    geometry : Geometry, optional
        Every offset of the picture.
    names : bool, optional
        Write each node's name beside it, where the game names positions.

    Raises
    ------
    InvalidOption
        For a focus that is not a node of this tree, ``levels`` that is not a whole number
        >= 0, a ``pos`` that is not a dict of (x, y) pairs, an unknown ``scores``/``future``,
        or a ``max_width_px`` that is not a whole number from 200 to 1,000.

    Examples
    --------
    >>> from minimax_viz import GameTree, minimax
    >>> scene = Scene(minimax(GameTree([[3, 12], [2]])).tree, focus=1)
    >>> scene.boards, scene.breadcrumb()
    ([1, 2, 3], [(0, 'root'), (1, 'MAX a1')])
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
        _check_options(future=future, scores=scores, window=window, moves=moves, levels=levels,
                       max_width_px=max_width_px)
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
        self.placed = Placement(g, self.glyph, self.focus, self.nodes, self.style, self.pos, self.cols.parent,
                                self.cols.kind, self.fans, self.kids, self.label_depth, self.mark_width, self.window,
                                tree.has_window)

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
        """The drawn nodes drawn as boards, in order."""
        return self.placed.boards

    @property
    def marks(self) -> list[int]:
        """The drawn nodes drawn as small marks, in order."""
        return self.placed.marks

    def shape(self, i: int) -> str:
        """Node ``i``'s key in :data:`SHAPES` (:func:`shape_of`).

        Parameters
        ----------
        i : int
            A node's index.

        Returns
        -------
        str
            "max", "min", "chance", "leaf" or "pruned".
        """
        return shape_of(self.tree.nodes[i])

    def bounds(self) -> tuple[float, float, float, float]:
        """(left, right, bottom, top) of the drawing in data units, margins included.

        Returns
        -------
        tuple of float
            Left, right, bottom and top.
        """
        g = self.geometry
        return shapes.bounds(self.placed, top_extra=g.crumb_room if self.breadcrumb() else 0.0,
                             bottom_extra=g.name_room if self.names else 0.0)

    # -- the picture as one record ------------------------------------------------------------
    def shapes(self, *, pv: bool = True, legend: bool = True, frames: bool = False, mark: int | None = None,
               title: bool | str = True) -> shapes.Shapes:
        """Everything a painter draws, as one immutable record.

        Parameters
        ----------
        pv : bool, optional
            Draw the best line from the focus down.
        legend : bool, optional
            Give the legend's entries (none when False).
        frames : bool, optional
            The picture is a replay's: its legend says so.
        mark : int or None, optional
            A node to frame "parts here" (its nearest drawn ancestor when it is not drawn).
        title : bool or str, optional
            True: the search's own words; False: none; a text: that text.

        Returns
        -------
        minimax_viz.shapes.Shapes
            The picture, which :func:`minimax_viz.paint.paint` draws.
        """
        p, bounds = self.placed, self.bounds()
        drawn_edges = shapes.edges(p)
        kinds = {i: self.shape(i) for i in self.nodes if self.style[i] == "mark" or self.cols.kind[i] == CALL}
        items = tuple(self.legend(frames=frames, pv=pv)) if legend else ()
        return shapes.Shapes(
            tree=self.tree, glyph=self.glyph, bounds=bounds,
            size=shapes.figure_size(bounds, legend_rows=-(-len(items) // 4)),
            edges=drawn_edges, bars=shapes.bars(p, drawn_edges),
            edge_labels=shapes.edge_labels(p, drawn_edges, {e.node: self.edge_text(e.node) for e in drawn_edges
                                                             if e.board}, moves=self.label_moves),
            boards=shapes.boards(p), badges=shapes.badges(p, kinds), marks=shapes.marks(p, kinds),
            mark_width=self.mark_width, spokes=shapes.spokes(p),
            labels=shapes.labels(p, self._values, self._names(), {i: self.fan_text(i) for i, f in self.fans.items()
                                                                  if f.label}),
            levels=shapes.levels(bounds[0] + self.geometry.level_indent, self.level_labels()),
            crumbs=shapes.crumbs(p, self.breadcrumb(), bounds[0]),
            best=tuple(self.best_line()) if pv else (), parting=None if mark is None else self.parting(mark),
            legend=items, title=self.title(None, reveal=self.scores == "all") if title is True else title or "",
            own_title=title is True, future=self.future, hits=tuple(self.hit_boxes()))

    def _names(self) -> dict[int, tuple[str, float, float]]:
        """``{board: (name, width, height of its shape)}`` for the boards drawn with a name."""
        out = {}
        for i in self.boards:
            name = self.name_text(i)
            if name is not None:
                out[i] = (name, *self.glyph.size(self.tree.nodes[i]))
        return out

    def crumbs(self, char: float) -> list[shapes.Label]:
        """The breadcrumb's words placed for a font ``char`` data units a character.

        Parameters
        ----------
        char : float
            Data units a character of the painter's font takes, roughly.

        Returns
        -------
        list of minimax_viz.shapes.Label
            The words and the "›" between them (:func:`minimax_viz.shapes.place_crumbs`).
        """
        return shapes.place_crumbs(shapes.crumbs(self.placed, self.breadcrumb(), self.bounds()[0]), char)

    def parting(self, i: int) -> shapes.Parting | None:
        """The "parts here" frame round node ``i`` or its nearest drawn ancestor.

        Parameters
        ----------
        i : int
            The index of the node where a learner's search parts from the right one.

        Returns
        -------
        minimax_viz.shapes.Parting or None
            The frame, or None when neither the node nor any ancestor is drawn.
        """
        parent = self.cols.parent
        while i not in self.style and i > 0:
            i = parent[i]
        if i not in self.style:
            return None
        node = self.tree.nodes[i]
        bare = self.glyph.score_inside and node.kind in ("leaf", "horizon")   # nothing below it but its name
        return shapes.parting(self.placed, i, size=self.glyph.size(node), bare=bare,
                              named=bare and self.name_text(i) is not None)

    def best_line(self) -> list[int]:
        """The best line from the focus down, as far as it is drawn.

        Returns
        -------
        list of int
            Node indexes.
        """
        return [n.index for n in self.tree.principal_variation(self.focus) if n.index in self.style]

    def hit_boxes(self) -> list[tuple[int, float, float, float, float]]:
        """Where a click picks a node (:func:`minimax_viz.shapes.hit_boxes`).

        Returns
        -------
        list of tuple
            ``(index, x0, y0, x1, y1)`` in data units.
        """
        return shapes.hit_boxes(self.placed)

    def node_at(self, x: float, y: float) -> int | None:
        """The index of the node a click at ``(x, y)`` (data units) picks (:meth:`hit_boxes`).

        Parameters
        ----------
        x, y : float
            A point in data units.

        Returns
        -------
        int or None
            The node's index, or None for a click on nothing.

        Examples
        --------
        >>> from minimax_viz import GameTree, minimax
        >>> scene = Scene(minimax(GameTree([[3, 12], [2]])).tree)
        >>> scene.node_at(*scene.pos[2]), scene.node_at(100.0, 100.0)
        (2, None)
        """
        for index, x0, y0, x1, y1 in self.hit_boxes():
            if x0 <= x <= x1 and y0 <= y <= y1:
                return index
        return None
