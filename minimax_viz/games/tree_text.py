r"""The text format of a game tree: reading it (:func:`read_text`) and writing it (:func:`write_text`).

One ``start`` line, one line ``state move next-state`` per move (in the order the moves
are tried), one line ``state value`` per leaf, a line ``state kind`` for a marked kind and
a fourth word on a move line for its probability; ``#`` starts a comment (see
:mod:`minimax_viz.games.explicit` for the whole format). :meth:`GameTree.from_text` and
:meth:`GameTree.to_text_format` are the entries; this module does the reading and writing.

>>> nested, names, labels = read_text("start A\nA left B\nA right C\nB 3\nC 5")
>>> nested, names[(1,)], labels["A"]
([3, 5], 'C', ['left', 'right'])
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

from ..errors import InvalidTree, short_text
from .tree_rules import DEEPEST, MAX_TEXT_NODES, NODE_KINDS, check_odds

__all__ = ["read_text", "write_text"]


def read_text(text: str) -> tuple[Any, dict[tuple, str], dict[str, list[str]]]:
    """The tree a text spells: its nested lists, each path's state name, and each state's
    move labels in move order.

    :raises InvalidTree: naming the line, for text that does not read as a tree.
    """
    if not isinstance(text, str):
        raise InvalidTree(f"from_text reads a string of lines, not {type(text).__name__}")
    start, moves, values, kinds, first_line = _parse(text)
    nested = _unfold(start, moves, values, kinds, first_line)
    labels = {state: [edge[0] for edge in edges] for state, edges in moves.items()}
    return nested, _names_by_path(start[0], moves), labels


def _names_by_path(root: str, moves: dict) -> dict[tuple, str]:
    """Each path from the root to the state it reaches, in pre-order (a parent before its children)."""
    names, stack = {}, [((), root)]
    while stack:
        path, name = stack.pop()
        names[path] = name
        edges = moves.get(name, ())
        stack.extend((path + (i,), edges[i][1]) for i in range(len(edges) - 1, -1, -1))
    return names


def write_text(tree) -> str:
    """The text of a :class:`GameTree`, read back by :func:`read_text` as the same tree: its
    states level by level, each named once (a shared state has one name), then the leaves."""
    lines, leaves, done = [f"start {tree.name(())}"], [], set()
    level = [()]
    while level:
        below = []
        for path in level:
            name = tree.name(path)
            below += [path + (m,) for m in tree.moves(path)]
            if name in done:
                continue
            done.add(name)
            if tree.is_terminal(path):
                leaves.append(f"{name} {tree.value(path)!r}")
                continue
            if tree.mark(path) is not None:
                lines.append(f"{name} {tree.mark(path)}")
            odds = tree.given_probabilities(path)
            lines += [
                f"{name} {tree.label(path, i)} {tree.name(path + (i,))}"
                + ("" if odds is None else f" {_odds_text(odds[i])}")
                for i in tree.moves(path)
            ]
        level = below
    return "\n".join(lines + leaves)


def _odds_text(p: float) -> str:
    """A probability as the text format writes it: a short decimal, else a fraction."""
    if len(repr(p)) <= 6:
        return repr(p)
    fraction = Fraction(p).limit_denominator(1000)
    return f"{fraction.numerator}/{fraction.denominator}" if float(fraction) == p else repr(p)


def _probability(word: str) -> float | None:
    """The number a probability word spells (``0.25`` or ``1/4``), or None."""
    if "/" in word:
        top, _, bottom = word.partition("/")
        try:
            return int(top) / int(bottom)
        except (ValueError, ZeroDivisionError):
            return None
    value = _number(word)
    return None if value is None else float(value)


def _w(word: str) -> str:
    """A word of the text as the errors quote it: at most 60 characters."""
    return short_text(word)


def _number(word: str) -> int | float | None:
    """The finite number a word spells, or None."""
    for kind in (int, float):
        try:
            value = kind(word)
        except ValueError:
            continue
        return value if value == value and abs(value) != float("inf") else None
    return None


def _not_a_value(word: str) -> str:
    """Why a word is not a leaf's value, in words (for a word :func:`_number` refused)."""
    digits = word.lstrip("+-").replace("_", "")
    if digits.isdigit():   # past the digits Python reads as an int
        return (f"a whole number of {len(digits):,} digits, more than can be read (at most "
                f"{sys.get_int_max_str_digits() or len(digits) - 1:,}); scale the values down")
    try:
        value = float(word)
    except ValueError:
        return "not a number"
    if value != value:
        return "NaN, not a number"
    if digits.lower() in ("inf", "infinity"):
        return "infinite; a leaf holds a finite number"
    return "beyond a float's range (about 1.8e308); scale the values down"


def _name(word: str, n: int) -> str:
    if word == "start" or _number(word) is not None or word.lstrip("+-").isdigit():
        what = "the start keyword" if word == "start" else "a number"
        raise InvalidTree(
            f"line {n}: {_w(word)!r} cannot name a state, as it reads as {what}; name the state "
            "with a word such as E, and give a leaf's value on its own line, like 'E 3'"
        )
    return word


def _parse(text: str):
    """Read the lines into the start, each state's moves ``(label, next, line, probability)``,
    the leaves' values ``(value, line)``, the marked kinds ``(kind, line)``, and the line
    where each state is first named."""
    lines = _Lines()
    text = text.removeprefix("\ufeff")   # a byte-order mark, as some editors save a file
    for n, raw in enumerate(text.splitlines(), start=1):
        words = raw.split("#", 1)[0].split()
        if words:
            lines.read(words, n)
    return lines.checked()


class _Lines:
    """What the lines read so far say, one method per kind of line (see :func:`_parse`)."""

    def __init__(self):
        self.start: tuple | None = None
        self.moves: dict[str, list] = {}
        self.values: dict[str, tuple] = {}
        self.kinds: dict[str, tuple] = {}
        self.first_line: dict[str, int] = {}
        self.labelled: dict[tuple, int] = {}   # (state, move label) -> its line: a label once per state

    def read(self, words: list[str], n: int) -> None:
        if words[0] == "start":
            self.start_line(words, n)
        elif len(words) in (3, 4):
            self.move_line(words, n)
        elif len(words) == 2 and words[1] in NODE_KINDS:
            self.kind_line(words, n)
        elif len(words) == 2:
            self.value_line(words, n)
        else:
            raise InvalidTree(
                f"line {n} has {len(words)} words; write 'state move next-state' for a move "
                "(with its probability after it at a chance node), 'state value' for a leaf, "
                "'state kind' for a kind, or 'start state' for the root"
            )

    def start_line(self, words: list[str], n: int) -> None:
        if len(words) != 2:
            raise InvalidTree(f"line {n}: write the start as 'start A', naming the root state")
        if self.start is not None:
            raise InvalidTree(
                f"line {n}: a second start line (the first is line {self.start[1]}); a tree has one root"
            )
        self.start = (_name(words[1], n), n)
        self.first_line.setdefault(words[1], n)

    def move_line(self, words: list[str], n: int) -> None:
        state, label, child = _name(words[0], n), words[1], _name(words[2], n)
        line = self.labelled.setdefault((state, label), n)
        if line != n:
            raise InvalidTree(
                f"line {n}: {_w(state)} already has a move labelled {_w(label)!r} (line {line}); "
                "give each move of a state its own label"
            )
        odds = _move_probability(words, n)
        self.moves.setdefault(state, []).append((label, child, n, odds))
        self.first_line.setdefault(state, n)
        self.first_line.setdefault(child, n)

    def kind_line(self, words: list[str], n: int) -> None:
        state = _name(words[0], n)
        if state in self.kinds:
            raise InvalidTree(f"line {n}: {_w(state)} already has a kind (line {self.kinds[state][1]})")
        self.kinds[state] = (words[1], n)
        self.first_line.setdefault(state, n)

    def value_line(self, words: list[str], n: int) -> None:
        state, value = _name(words[0], n), _number(words[1])
        if value is None:
            why = _not_a_value(words[1])
            raise InvalidTree(
                f"line {n}: the value of {_w(state)} is {_w(words[1])!r}, {why}"
                + (f"; a leaf's line is 'state value', like '{_w(state)} 3' (a line 'state kind' "
                   "gives a kind: max, min or chance)" if why == "not a number" else "")
            )
        if state in self.values:
            raise InvalidTree(f"line {n}: {_w(state)} already has a value (line {self.values[state][1]})")
        self.values[state] = (value, n)
        self.first_line.setdefault(state, n)

    def checked(self):
        """The tables, once the lines agree with each other (see :func:`_parse`)."""
        moves, values, kinds = self.moves, self.values, self.kinds
        if self.start is None:
            raise InvalidTree("the text has no start line; add one such as 'start A' naming the root")
        for state, (_, n) in values.items():
            if state in moves:
                raise InvalidTree(
                    f"line {n}: {_w(state)} has a value but also moves (line {moves[state][0][2]}); "
                    "only a leaf, a state without moves, has a value"
                )
        for state, (_, n) in kinds.items():
            if state in values:
                raise InvalidTree(
                    f"line {n}: {_w(state)} is a leaf (its value is on line {values[state][1]}); only a "
                    "state with moves has a kind"
                )
        for state, edges in moves.items():
            _check_move_odds(state, edges, kinds.get(state, ("",))[0])
        return self.start, moves, values, kinds, self.first_line


def _move_probability(words: list[str], n: int) -> float | None:
    """The probability a move line ends with (its fourth word), or None."""
    if len(words) == 3:
        return None
    odds = _probability(words[3])
    if odds is None or not 0 < odds <= 1:
        raise InvalidTree(
            f"line {n}: the fourth word, {_w(words[3])!r}, must be the move's probability: a "
            "number in (0, 1] such as 0.25 or 1/4"
        )
    return odds


def _check_move_odds(state: str, edges: list, kind: str) -> None:
    """Probabilities only at a chance state, on all of its moves or on none, adding up to 1."""
    given = [edge for edge in edges if edge[3] is not None]
    if not given:
        return
    if kind != "chance":
        raise InvalidTree(
            f"line {given[0][2]}: a probability on a move of {_w(state)}, which is not a chance "
            f"node; add a line '{_w(state)} chance', or drop the probability"
        )
    if len(given) != len(edges):
        label, _, line, _ = next(edge for edge in edges if edge[3] is None)
        raise InvalidTree(
            f"line {line}: the move {_w(label)!r} of the chance node {_w(state)} has no probability "
            "but others have one; give every move of it a probability, or none (equal odds)"
        )
    check_odds([edge[3] for edge in edges], f"line {edges[0][2]}: the chance node {_w(state)}")


def _unfold(start, moves, values, kinds, first_line):
    """Nested lists for the states reachable from the start, checking that each has moves
    or a value, that no move leads back to a state on its own path, and that a shared
    state is always reached with the same player to move."""
    root, root_line = start
    parity: dict[str, int] = {root: 0}
    size: dict[str, int] = {}
    nested: dict[str, Any] = {}
    on_path: set[str] = set()   # the states on the way to the one visited (no two alike)

    def visit(state: str, line: int):
        if state in nested:
            return nested[state]
        if state in values:
            nested[state], size[state] = values[state][0], 1
            return nested[state]
        if state not in moves:
            raise InvalidTree(
                f"line {line}: {_w(state)} has no moves and no value; add a line '{_w(state)} <value>' "
                "for a leaf, or lines for its moves"
            )
        on_path.add(state)
        children = []
        for label, child, n, _ in moves[state]:
            if child in on_path:
                raise InvalidTree(
                    f"line {n}: the move {_w(label)!r} from {_w(state)} leads back to {_w(child)}, a state "
                    "on the way here; a game tree has no cycles"
                )
            want = 1 - parity[state]
            if parity.setdefault(child, want) != want:
                raise InvalidTree(
                    f"line {n}: {_w(child)} is reached here with the other player to move than on "
                    "another path; players alternate, so every path to a shared state must have "
                    "an even number of moves, or every path an odd number"
                )
            children.append(visit(child, n))
        on_path.discard(state)
        size[state] = 1 + sum(size[edge[1]] for edge in moves[state])
        if size[state] > MAX_TEXT_NODES:
            raise InvalidTree(
                f"the tree below {_w(state)} unfolds to more than {MAX_TEXT_NODES:,} nodes (a shared "
                "state counts once per path to it); write a smaller tree"
            )
        nested[state] = children = _marked(children, moves[state], kinds.get(state))
        return children

    try:
        tree = visit(root, root_line)
    except RecursionError:
        raise InvalidTree(
            f"the tree is deeper than Python's recursion allows (about {DEEPEST} levels); "
            "write a shallower tree"
        ) from None
    for state, line in sorted(first_line.items(), key=lambda item: item[1]):
        if state not in nested:
            raise InvalidTree(
                f"line {line}: {_w(state)} cannot be reached from the start, {_w(root)}; "
                "check the names in the move lines"
            )
    return tree


def _marked(children: list, edges: list, kind: tuple | None) -> list:
    """A state's nested list with its kind in front and its moves' probabilities, if given."""
    if kind is None:
        return children
    if kind[0] == "chance" and edges[0][3] is not None:
        children = [(edge[3], child) for edge, child in zip(edges, children)]
    return [kind[0], *children]
