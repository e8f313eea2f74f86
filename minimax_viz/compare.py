"""Two recorded searches side by side: the first place where a learner's tree parts from the right one.

:func:`first_difference` walks a learner's tree (usually from
:func:`~minimax_viz.learner.record_calls`) beside the engine's tree of the same search and
names the first node where they part, in this order: a call given a position no move leads
to; the order in which positions were visited (a position searched that should not be, one
never searched, one searched too early, a cut or a missing cut); a value, at the first call
to return a wrong one (its children are all right, so the slip is at that node); and last
the move chosen at the root. Where the wrong value matches a classic slip (Min taking the
largest value, a finished game scored by ``evaluate``, best started at -1 ...), the words
name it. Everything here reads the trees' public API.

>>> from minimax_viz import GameTree, minimax
>>> from minimax_viz.learner import record_calls
>>> def always_max(game, state, depth):
...     if game.is_terminal(state):
...         return game.utility(state), None
...     return max((always_max(game, game.play(state, m), depth - 1)[0], m) for m in game.moves(state))
>>> game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> first_difference(record_calls(always_max, game, (), 2), minimax(game))
at B (after a1), a Min node (MIN to move), your search returned 12, the largest of its children's values [3, 12, 8]; Min takes the smallest, 3: ask game.node_type(state) at every node and take the smallest at "min" nodes
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .errors import short_repr as _short
from .trace import CALL, PRUNED, Node, SearchTree, format_value

__all__ = ["Difference", "first_difference", "KINDS_OF_DIFFERENCE"]

#: What a difference is about: a call's position, the visit order (``extra``, ``missing``,
#: ``order``, ``stopped``, ``cut``, ``uncut``) or the ``window`` a call was given, a ``value``,
#: or the root's ``move``.
KINDS_OF_DIFFERENCE = ("position", "extra", "missing", "order", "stopped", "cut", "uncut", "window", "value",
                       "move")


@dataclass
class Difference:
    """Where two searches part: ``kind`` (see :data:`KINDS_OF_DIFFERENCE`), the words, and
    the node in each tree (``None`` where that tree has no such node)."""

    kind: str
    words: str
    mine: Node | None
    right: Node | None
    trees: tuple = field(default=(), repr=False, compare=False)   # (mine, right)

    def __repr__(self) -> str:
        return self.words

    __str__ = __repr__

    @property
    def path(self) -> tuple:
        """The moves from the root to the node where the trees part."""
        node = self.right if self.right is not None else self.mine
        return tuple(n.move for n in node.path[1:]) if node is not None else ()

    def node_in(self, tree: SearchTree) -> Node:
        """The node of ``tree`` where the searches part, or its nearest ancestor in ``tree``."""
        for node in (self.mine, self.right):
            if node is not None and node.tree is tree:
                return node
        index = _paths(tree)[1]
        path = self.path
        while path not in index:
            path = path[:-1]
        return tree.nodes[index[path]]

    def draw(self, **options):
        """The right tree above and the learner's below, the parting marked in both
        (:func:`minimax_viz.draw.draw_difference`); returns the two Axes."""
        from .draw import draw_difference

        return draw_difference(self, **options)


def first_difference(mine, right, *, exact=None, memo: bool = True) -> Difference | None:
    """The first place where the search ``mine`` parts from ``right``, or ``None``.

    Both are searches' results or their trees (of the same game and root). With results,
    the root moves are compared too. ``exact``, a minimax tree of the same search, makes
    values compare as alpha-beta's do: a value at or below the node's alpha (in ``right``)
    may be any upper bound of the true value, one at or above beta any lower bound
    (fail-soft and fail-hard alpha-beta are both right). ``memo=True`` accepts a call
    answered without searching when an earlier call met the same position (the game's
    ``key``) and the value is right.
    """
    mine_tree, right_tree = _tree(mine), _tree(right)
    walk = _Walk(mine_tree, right_tree, _tree(exact) if exact is not None else None, memo)
    walk.limit = getattr(right, "depth", None)
    found = walk.position() or walk.visits() or walk.values()
    if found is None and mine is not mine_tree and right is not right_tree:
        found = walk.move(getattr(mine, "move", None), getattr(right, "move", None))
    if found is not None:
        found.trees = (mine_tree, right_tree)
    return found


def _tree(x) -> SearchTree:
    tree = getattr(x, "tree", x)
    if not isinstance(tree, SearchTree):
        from .errors import InvalidOption

        raise InvalidOption(f"first_difference compares searches' results or trees, not {_short(x)}")
    return tree


def _paths(tree: SearchTree) -> tuple[list, dict]:
    """Per row its path of moves, and ``{path: row}``."""
    cols = tree.columns()
    paths: list = [()] * len(tree)
    index: dict = {(): 0}
    for i in range(1, len(tree)):
        p = paths[cols.parent[i]] + (cols.move[i],)
        paths[i] = p
        index.setdefault(p, i)
    return paths, index


def _close(a, b) -> bool:
    if a is None or b is None:
        return a is b
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def _num(x) -> str:
    return format_value(x, signed=False)


def _nums(got, want) -> tuple[str, str]:
    """Two values that differ, written so that they read differently (all their digits
    where two decimals would make them look alike: a float32's 0.3333333 and 1/3)."""
    a, b = _num(got), _num(want)
    if a == b:
        a, b = repr(float(got)), repr(float(want))
    return a, b


class _Walk:
    def __init__(self, mine: SearchTree, right: SearchTree, exact: SearchTree | None, memo: bool):
        self.mine, self.right, self.exact, self.memo = mine, right, exact, memo
        self.m_paths, self.m_index = _paths(mine)
        self.r_paths, self.r_index = _paths(right)
        self.e_index = _paths(exact)[1] if exact is not None else None
        self.m_kind, self.r_kind = mine.columns().kind, right.columns().kind
        self.skipped: list[tuple] = []   # paths answered from the learner's memo
        self.limit = None                # the right search's depth limit (None: to the end)
        self.negamax = self._negamax()

    def m(self, path) -> Node | None:
        i = self.m_index.get(path)
        return None if i is None else self.mine.nodes[i]

    def r(self, path) -> Node | None:
        i = self.r_index.get(path)
        return None if i is None else self.right.nodes[i]

    # -- a call's position ------------------------------------------------------------------
    def position(self) -> Difference | None:
        odd = getattr(self.mine, "odd", None)
        if not odd:
            return None
        i = min(odd)
        node = self.mine.nodes[i]
        parent = node.parent
        return Difference("position", f"below {parent.where}, {odd[i]}", node, self.r(self.m_paths[parent.index]))

    # -- the order of visits ------------------------------------------------------------------
    def visits(self) -> Difference | None:
        mine = [i for i in range(len(self.mine)) if self.m_kind[i] != PRUNED]
        right = [i for i in range(len(self.right)) if self.r_kind[i] != PRUNED]
        r_end = self.right.columns().end
        i = j = 0
        while i < len(mine) or j < len(right):
            got = self.m_paths[mine[i]] if i < len(mine) else None
            want = self.r_paths[right[j]] if j < len(right) else None
            if got == want:
                window = self._window_difference(mine[i], right[j])
                if window is not None:   # a wrong value returned earlier made it: that is the slip
                    return self.values(before=self.right.steps()[0][right[j]]) or window
                if self._answered_from_memo(mine[i], right[j]):
                    self.skipped.append(got)
                    stop = r_end[right[j]]
                    j += 1
                    while j < len(right) and right[j] < stop:
                        j += 1
                else:
                    j += 1
                i += 1
                continue
            return self._parting(got, want)
        return None

    def _window_difference(self, mi: int, ri: int) -> Difference | None:
        """Words when the learner's call got another window than the right search's call."""
        if not (self.mine.has_window and self.right.has_window):
            return None
        mine, right = self.mine.nodes[mi], self.right.nodes[ri]
        a, b = self.sign_window(mine)
        if a is None or b is None or (_close(a, right.alpha) and _close(b, right.beta)):
            return None
        given, want = "α = {}, β = {}".format(_num(a), _num(b)), "α = {}, β = {}".format(_num(right.alpha), _num(right.beta))
        head = f"your call for {right.where} was given {given}, but its window there is {want}"
        parent = mine.parent
        if _close(a, right.beta) and _close(b, right.alpha):
            tail = "alpha and beta have changed places: pass them down in their own places, (alpha, beta)"
        elif parent is not None and _close(a, parent.alpha) and _close(b, parent.beta):
            tail = ("that is the window its parent was called with: pass the window as it stands after the "
                    "earlier children narrowed it (Max raises alpha, Min lowers beta)")
        elif a == -math.inf and b == math.inf:
            tail = "pass the parent's alpha and beta down, as they stand, not -inf and +inf"
        else:
            tail = "a Max node raises alpha to its best value so far, a Min node lowers beta"
        return Difference("window", f"{head}: {tail}", mine, right)

    def sign_window(self, node: Node) -> tuple:
        """The learner's window at ``node`` in the value-for-Max convention."""
        a, b = node.alpha, node.beta
        if self.negamax and node.node_type == "min" and a is not None and b is not None:
            return -b, -a
        return a, b

    def sign_value(self, node: Node):
        """The learner's value at ``node`` in the value-for-Max convention (at the root, as
        returned: a negamax search may turn it back into Max's value there)."""
        v = node.score
        if self.negamax and v is not None and node.node_type == "min" and node.index:
            return -v
        if self.negamax and node.index == 0 and v is not None and not _close(v, self.right.root.score):
            return -v
        return v

    def _negamax(self) -> bool:
        """True when the learner's values at Min nodes are the right ones negated (values for
        the player to move: negamax), more often than they are the right ones."""
        root, want = self.mine.root, self.right.root.score
        if not (_close(root.score, want) or (root.score is not None and _close(-root.score, want))):
            return False   # a search for the player to move still gets the root's value right
        plain = negated = 0
        for i in range(1, len(self.mine)):
            if self.m_kind[i] == PRUNED:
                continue
            j = self.r_index.get(self.m_paths[i])
            if j is None or self.r_kind[j] == PRUNED:
                continue
            node = self.mine.nodes[i]
            got, want = node.score, self.right.nodes[j].score
            if got is None or want is None or not want or node.node_type != "min":
                continue
            plain += _close(got, want)
            negated += _close(got, -want)
        return negated > plain

    def _answered_from_memo(self, mi: int, ri: int) -> bool:
        if not self.memo or self.m_kind[mi] == CALL or self.r_kind[ri] != CALL:
            return False
        game = self.mine.game
        try:
            key = game.key(self.mine.internal_state(mi))
            return any(game.key(self.mine.internal_state(k)) == key
                       for k in range(mi) if self.m_kind[k] == CALL)
        except Exception:
            return False

    def _parting(self, got, want) -> Difference:
        if got is not None and self._seen_before(got):
            node = self.m(got)
            return Difference("extra", f"you searched {node.where} a second time: search each move once, and keep "
                              "the value of each as you loop over them (the best move and its value come from "
                              "the same loop)", node, self.r(got))
        if got is not None and got not in self.r_index:
            return self._extra(got)
        if got is not None and self.r_kind[self.r_index[got]] == PRUNED:
            node = self.r(got)
            return Difference("cut", f"you searched {node.where}, but it is cut: {_cut_words(node)}", self.m(got), node)
        if want is None:
            return Difference("extra", f"you searched {self.m(got).where}, which the search never reaches",
                              self.m(got), None)
        if want in self.m_index and self.m_kind[self.m_index[want]] != PRUNED:
            return self._order(got, want)
        parent = want[:-1]
        mine_parent = self.m(parent)
        if mine_parent is not None and mine_parent.kind != "call":
            return self._stopped(parent)
        node = self.r(want)
        if self.right.has_window:
            return Difference("uncut", f"you cut {node.where}, but there {_open_words(node)}", self.m(want), node)
        return Difference("missing", f"your search never looked at {node.where}", self.m(want), node)

    def _seen_before(self, path) -> bool:
        """True when ``path`` has more than one row in the learner's tree (searched twice)."""
        if not hasattr(self, "_twice"):
            rows: dict = {}
            for i, p in enumerate(self.m_paths):
                if self.m_kind[i] != PRUNED:
                    rows[p] = rows.get(p, 0) + 1
            self._twice = {p for p, n in rows.items() if n > 1}
        return path in self._twice

    def _extra(self, got) -> Difference:
        node, parent = self.m(got), self.r(got[:-1])
        if parent is not None and parent.kind == "leaf":
            words = (f"you searched past {parent.where}, but the game is over there: "
                     "score a finished game with game.utility(state) and stop")
        elif parent is not None and parent.kind == "horizon":
            words = (f"you searched {node.where}, below {parent.where}, but there the depth left is 0: "
                     "score it with game.evaluate(state) and stop (depth off by one?)")
        else:
            words = f"you searched {node.where}, which the search never reaches"
        return Difference("extra", words, node, parent)

    def _order(self, got, want) -> Difference:
        node, other = self.r(want), self.m(got)
        game = self.right.game
        parent = self.r(want[:-1])
        try:
            names = [game.move_name(parent.internal_state, m) for m in game.moves(parent.internal_state)]
            order = f" ({', '.join(map(str, names))} at {parent.where})"
        except Exception:
            order = ""
        words = (f"you searched {other.where} before {node.where}: moves are tried in the order "
                 f"game.moves(state) gives them{order}, and this check follows that order")
        return Difference("order", words, other, node)

    def _stopped(self, parent) -> Difference:
        mine, right = self.m(parent), self.r(parent)
        left = self.depth_left(right)
        asked = getattr(self.mine, "depths", None)
        given = asked[mine.index] if asked else None
        if given is not None and left is not None and given != left:
            tail = f" (your call there was given depth {_num(given)}): count the depth down by one per move"
        else:
            tail = ": search every move until depth 0 or a finished game"
        words = f"you stopped at {right.where} without searching its moves, but the depth left there is {left}{tail}"
        if len(self.mine) == 1:
            words = ("your search answered without calling itself on any move: a check records the calls your "
                     "function makes to itself (or to the functions it recurses through, such as max_value and "
                     "min_value), so search each child with a call of your own function")
        if mine.index in self._repeated():
            words = (f"you answered {right.where} without searching it, as if from a memo, but its value "
                     f"there is not the one stored: key a memo by the position and the depth left")
        return Difference("stopped", words, mine, right)

    def depth_left(self, node: Node):
        """The depth left at ``node`` in the right search (its limit less the ply)."""
        if self.limit is None:
            return "all of it (no depth limit)"
        return self.limit - node.depth

    def _repeated(self) -> set:
        game, out, seen = self.mine.game, set(), set()
        for k in range(len(self.mine)):
            if self.m_kind[k] == PRUNED:
                continue
            try:
                key = game.key(self.mine.internal_state(k))
            except Exception:
                continue
            if key in seen and self.m_kind[k] != CALL:
                out.add(k)
            seen.add(key)
        return out

    # -- values ---------------------------------------------------------------------------------
    def values(self, before: int | None = None) -> Difference | None:
        """The first call, in the order the right search returns, whose value is wrong (only
        calls that returned before replay event ``before``, when given)."""
        right = self.right
        _, last = right.steps()
        order = sorted((i for i in range(len(right)) if self.r_kind[i] != PRUNED
                        and (before is None or last[i] < before)), key=lambda i: last[i])
        skipped = self.skipped
        for i in order:
            path = self.r_paths[i]
            if any(path[:len(s)] == s and len(path) > len(s) for s in skipped):
                continue
            mine = self.m(path)
            if mine is None:
                continue
            node = right.nodes[i]
            if not self._value_ok(self.sign_value(mine), node, path):
                return Difference("value", self._value_words(mine, node, path), mine, node)
        return None

    def _true(self, node: Node, path) -> float | None:
        if self.e_index is None:
            return node.score
        j = self.e_index.get(path)
        return node.score if j is None else self.exact.nodes[j].score

    def _value_ok(self, got, node: Node, path) -> bool:
        want = self._true(node, path)
        if _close(got, want):
            return True
        if got is None or want is None or self.e_index is None or node.alpha is None:
            return False
        return (got <= node.alpha and want <= got) or (got >= node.beta and want >= got)

    def _value_words(self, mine: Node, node: Node, path) -> str:
        got, want = self.sign_value(mine), self._true(node, path)
        at = node.where
        if path in self.skipped or mine.index in self._repeated():
            return (f"you answered {at} without searching it, with {_num(got)} from an earlier search of the "
                    f"same position, but with the depth left here ({self.depth_left(node)}) its value is "
                    f"{_num(want)}: a position met at another depth, or with another window, can have another "
                    "value; key a memo by the position and the depth left")
        if got is None:
            return f"at {at}, your search returned no number; return the value for Max (and the move at the root)"
        game, state = self.right.game, node.internal_state
        if node.kind == "leaf":
            return self._leaf_words(at, got, want, game, state)
        if node.kind == "horizon":
            return self._horizon_words(at, got, want, game, state, node)
        return self._call_words(at, got, want, mine, node)

    def _leaf_words(self, at, got, want, game, state) -> str:
        try:
            guess = game.evaluate(state)
        except Exception:
            guess = None
        if guess is not None and _close(got, guess) and not _close(got, want):
            return (f"at {at}, a finished game, your search returned game.evaluate's {_num(got)}; a finished "
                    f"game is worth game.utility(state) = {_num(want)}: ask game.is_terminal(state) first, "
                    "before depth == 0")
        if _close(got, -want):
            return (f"at {at}, a finished game, your search returned {_num(got)}, minus its utility "
                    f"{_num(want)}: game.utility(state) is already the value for Max, whoever is to move")
        got_text, want_text = _nums(got, want)
        return f"at {at}, a finished game, your search returned {got_text}; game.utility(state) is {want_text}"

    def _horizon_words(self, at, got, want, game, state, node) -> str:
        if _close(got, -want):
            return (f"at {at}, where the depth runs out ({node.player} to move), your search returned "
                    f"{_num(got)}, minus game.evaluate's {_num(want)}: evaluate is already the value for Max, "
                    "at Max and at Min nodes alike")
        try:
            final = game.utility(state) if game.is_terminal(state) else None
        except Exception:
            final = None
        got_text, want_text = _nums(got, want)
        if final is None and not _close(got, want):
            return (f"at {at}, where the depth runs out, your search returned {got_text}; "
                    f"game.evaluate(state) is {want_text}")
        return f"at {at}, your search returned {got_text}; the value there is {want_text}"

    def _call_words(self, at, got, want, mine: Node, node: Node) -> str:
        values = [self.sign_value(c) for c in mine.children if not c.pruned and c.score is not None]
        kind = node.node_type
        shown = "[" + ", ".join(_num(v) for v in values) + "]"
        who = f"a {'Max' if kind == 'max' else 'Min' if kind == 'min' else 'chance'} node ({node.mover_words})"
        head = f"at {at}, {who}, your search returned {_num(got)}"
        if kind == "max" and values and _close(got, min(values)) and not _close(got, max(values)):
            return (f"{head}, the smallest of its children's values {shown}; Max takes the largest, "
                    f"{_num(want)}: ask game.node_type(state) at every node")
        if kind == "min" and values and _close(got, max(values)) and not _close(got, min(values)):
            after = " (Min moves after Min here: do not assume the players alternate)" if (
                node.parent is not None and node.parent.node_type == "min") else ""
            return (f"{head}, the largest of its children's values {shown}; Min takes the smallest, "
                    f"{_num(want)}{after}: ask game.node_type(state) at every node and take the smallest "
                    'at "min" nodes')
        if kind == "chance" and values:
            return self._chance_words(head, got, want, values, shown, node)
        if len(values) > 1 and _close(got, sum(values) / len(values)) and not _close(got, want):
            return (f"{head}, the average of its children's values {shown}; a {kind.capitalize()} node chooses: "
                    f"it takes the {'largest' if kind == 'max' else 'smallest'}, {_num(want)} (only chance "
                    "nodes average)")
        if kind == "max" and values and got > max(values):
            return (f"{head}, more than any of its children's values {shown}: start the best value at "
                    f"-math.inf, not {_num(got)}, so that the first child always replaces it")
        if kind == "min" and values and got < min(values):
            return (f"{head}, less than any of its children's values {shown}: start the best value at "
                    f"+inf, not {_num(got)}, so that the first child always replaces it")
        if values and _close(got, -want):
            return (f"{head}, minus the value {_num(want)}: every value is counted for Max, so no value "
                    "changes sign on the way up")
        return f"{head}; its children returned {shown}, so its value is {_num(want)}"

    def _chance_words(self, head, got, want, values, shown, node: Node) -> str:
        mean = sum(values) / len(values)
        if _close(got, mean) and not _close(got, want):
            return (f"{head}, the plain average of {shown}; weight each outcome by its probability, "
                    f"game.probabilities(state) in the order of game.moves(state): {_num(want)}")
        if _close(got, min(values)) and not _close(got, want):
            random_min = self.right.game.node_type(node.internal_state) == "min"
            what = "Min moves at random here, so average" if random_min else "a chance node averages"
            return f"{head}, the smallest of {shown}; {what} its children: {_num(want)}"
        if _close(got, max(values)) and not _close(got, want):
            return f"{head}, the largest of {shown}; nobody chooses at a chance node: average them, {_num(want)}"
        return f"{head}; its children returned {shown}, so its expected value is {_num(want)}"

    # -- the move at the root --------------------------------------------------------------------
    def move(self, got, want) -> Difference | None:
        game, root = self.right.game, self.right.root
        if root.node_type == "chance":   # nobody chooses at the root: there is no move to compare
            return None
        state = root.internal_state
        got_m, want_m = _as_move(game, state, got), _as_move(game, state, want)
        if got_m is not _NONE and type(got_m) is type(want_m) and got_m == want_m:
            return None
        if got_m is _NONE and want_m is _NONE:
            return None
        ties = [c.move for c in root.children if not c.pruned and _close(c.score, root.score)]
        name = _move_text(game, state)
        if got_m in ties and len(ties) > 1:
            words = (f"moves {', '.join(name(m) for m in ties)} tie at {_num(root.score)}; the first best move "
                     f"in game.moves order is {name(ties[0])}, you returned {name(got_m)}: replace the best only "
                     "when a value is strictly better (> at Max, < at Min)")
        else:
            words = f"you returned the move {name(got) if got_m is _NONE else name(got_m)}, but the best move is {name(want_m)}"
        return Difference("move", words, self.mine.root, root)


_NONE = object()


def _as_move(game, state, move):
    """A root move as a move of ``game.moves`` (given as the move or by its name), or _NONE."""
    if hasattr(move, "shape"):   # numpy: a number in numpy's clothes is that number; an array is no move
        if getattr(move, "shape", None) != ():
            return move
        move = move.item()
    try:
        moves = list(game.moves(state))
        if isinstance(move, bool):
            return move
        if isinstance(move, int) and move in moves:
            return move
        names = [game.move_name(state, m) for m in moves]
        if isinstance(move, (int, str)) and move in names:
            return moves[names.index(move)]
    except Exception:
        pass
    return _NONE if move is None else move


def _move_text(game, state):
    """How a root move is written: the move, with its label in the drawings beside it."""
    def name(move):
        if not isinstance(move, int) or isinstance(move, bool):
            return _short(move)
        try:
            label = game.move_name(state, move)
            if label == move and callable(getattr(game, "label", None)):
                label = game.label(state, move)
        except Exception:
            return _short(move)
        return repr(move) if label == move else f"{move} ({label})"
    return name


def _window(alpha, beta) -> tuple[str, str]:
    return f"α = {format_value(alpha, signed=False)}", f"β = {format_value(beta, signed=False)}"


def _open_words(node: Node) -> str:
    """Words for the window at ``node``'s parent just before ``node`` was searched: still open."""
    alpha, beta = node.parent.window_at(max(node.step - 1, 0))
    a, b = _window(alpha, beta)
    return f"{a} < {b}: the window is still open, so it must be searched"


def _cut_words(node: Node) -> str:
    """Words for the window at the cut that skipped ``node`` (a pruned stub)."""
    parent = node.parent
    searched = [c for c in parent.children if not c.pruned]
    if searched:
        alpha, beta = parent.window_at(searched[-1].return_step)
        after = f"after {searched[-1].where} returned {_num(searched[-1].score)}, "
    else:
        alpha, beta, after = parent.alpha, parent.beta, ""
    a, b = _window(alpha, beta)
    return f"at {parent.where}, {after}{a} ≥ {b}"
