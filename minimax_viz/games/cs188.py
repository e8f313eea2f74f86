"""Game trees from UC Berkeley CS188's autograder: its ``GraphGameTreeTest`` files.

CS188's project 2 (multi-agent search, http://ai.berkeley.edu) checks a student's
minimax, alpha-beta and expectimax on small game trees written as test files: lines
``key: "value"``, or ``key: \"\"\"`` followed by lines up to a closing ``\"\"\"``; ``#``
starts a comment. A tree's keys:

* ``num_agents``: Pacman (agent 0, Max) and the ghosts (agents 1, 2, ..., Min), who
  move in turn, so that with two ghosts Min moves twice in a row;
* ``start_state``, ``win_states``, ``lose_states`` (finished games, space-separated);
* ``successors``: one line ``state action next-state`` per move, in the order tried;
* ``evaluation``: one line ``state value`` per state the search may score, finished
  games and the states where the depth limit stops it;
* ``depth``: in rounds, every agent moving once per round.

The test's ``.solution`` file, in the same format, holds the expected ``action`` and the
``generated`` states: the start and every state the search created (pruned ones never
are), sorted and joined by spaces. :func:`read_fields` reads both kinds of file.

>>> fields = read_fields('action: "Left"\\ngenerated: "a b c"  # a comment')
>>> fields["action"], fields["generated"].split()
('Left', ['a', 'b', 'c'])
"""

from __future__ import annotations

import math
import re
from typing import Any, Hashable

from ..errors import InvalidTree
from .explicit import READERS, GameTree

__all__ = ["CS188Tree", "read_fields", "MAX_CS188_NODES", "MAX_CS188_DEPTH"]

#: The most nodes a CS188 tree may unfold to (its paths from the start).
MAX_CS188_NODES = 100_000
#: The most levels a CS188 tree may have below its start (a node's path grows with its depth).
MAX_CS188_DEPTH = 5_000

_ONE_LINE = re.compile(r'\A([^"]*?):\s*"([^"]*)"\s*\Z')
_MANY_LINES = re.compile(r'\A([^"]*?):\s*"""\s*\Z')
_CLOSE = re.compile(r'\A\s*"""\s*\Z')
_KEYS = ("num_agents", "start_state", "win_states", "lose_states", "successors", "evaluation", "depth")


def read_fields(text: str) -> dict[str, str]:
    """The ``key: value`` fields of a CS188 test or solution file, as its autograder reads them.

    :raises InvalidTree: naming the line, for a line that is neither kind of field, or a
        multi-line field that is never closed.
    """
    if not isinstance(text, str):
        raise InvalidTree(f"a CS188 test is read from a string, not {type(text).__name__}")
    lines = [line.split("#", 1)[0] for line in text.removeprefix("\ufeff").split("\n")]
    fields: dict[str, str] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        one, many = _ONE_LINE.match(line), _MANY_LINES.match(line)
        if not line.strip():
            i += 1
        elif one:
            fields[one.group(1).strip()] = one.group(2)
            i += 1
        elif many:
            start, body = i + 1, []
            i += 1
            while i < len(lines) and not _CLOSE.match(lines[i]):
                body.append(lines[i])   # '#' starts a comment inside a block too, as in CS188's parser
                i += 1
            if i == len(lines):
                raise InvalidTree(f'line {start}: the field {_cut(many.group(1))!r} opens """ but never closes it')
            fields[many.group(1).strip()] = "\n".join(body)
            i += 1
        else:
            raise InvalidTree(
                f"line {i + 1}: {_cut(line.strip())!r} is not a CS188 field; write 'key: \"value\"', "
                "or 'key: \"\"\"' followed by lines and a closing '\"\"\"'"
            )
    return fields


class CS188Tree(GameTree):
    """The game tree of a UC Berkeley CS188 ``GraphGameTreeTest`` file (project 2), read
    from its text; :meth:`GameTree.from_cs188` gives the same tree.

    Agent 0 (Pacman) is Max and the other agents (the ghosts) are Min, moving in
    turn, so two ghosts give two Min levels in a row. Win and lose states are
    finished games scored by their ``evaluation``; a state where the search stops
    at the depth limit is scored by its ``evaluation`` too. ``tree.depth`` is the
    test's depth in plies (CS188 counts rounds, in which every agent moves once),
    each node's state is its name in the file and ``result.move`` the action's
    name, so ``minimax(tree, depth=tree.depth)`` answers as CS188's autograder
    expects (alpha-beta with ``prune_on_equal=False``: CS188 prunes on strict
    inequality only), and ``result.tree.generated_states()`` gives the states it
    generated.

    >>> from minimax_viz import GameTree, minimax
    >>> tree = GameTree.from_cs188('''
    ... num_agents: "2"
    ... depth: "1"
    ... start_state: "top"
    ... win_states: "high"
    ... lose_states: "low"
    ... successors: \"\"\"
    ... top eat mid
    ... top wait low
    ... mid flee high
    ... mid chase low
    ... \"\"\"
    ... evaluation: \"\"\"
    ... high 10
    ... low -5
    ... mid 2
    ... \"\"\"
    ... ''')
    >>> type(tree).__name__, tree.depth, tree.player(()), tree.player("mid")
    ('CS188Tree', 2, 'Pacman', 'ghost 1')
    >>> result = minimax(tree, depth=tree.depth)
    >>> result.move, result.score, sorted(result.tree.generated_states())
    ('eat', -5, ['high', 'low', 'mid', 'top'])

    :raises InvalidTree: naming the key or the line, for a file without the keys above,
        a line that does not read, an action given twice to a state, two evaluations of a
        state that differ, a state both won and lost, a cycle, a finished state without an
        evaluation, or a tree past :data:`MAX_CS188_NODES` nodes or :data:`MAX_CS188_DEPTH` levels.
    """

    def __init__(self, text: str):
        fields = read_fields(text)
        missing = [key for key in _KEYS if key not in fields]
        if missing:
            raise InvalidTree(
                f"the CS188 test has no {', '.join(missing)}; a GraphGameTreeTest gives "
                f"{', '.join(_KEYS)}"
            )
        agents = _whole(fields, "num_agents", 1)
        rounds = _whole(fields, "depth", 0)
        start = fields["start_state"].strip()
        wins, losses = set(fields["win_states"].split()), set(fields["lose_states"].split())
        both = sorted(wins & losses)
        if both:
            raise InvalidTree(
                f"{_cut(both[0])} is both a win state and a lose state; a finished game is one or the "
                "other: drop it from win_states or from lose_states"
            )
        moves = _successors(fields["successors"])
        evaluation = _evaluation(fields["evaluation"])
        unfolded = _Unfold(agents, moves, evaluation, wins | losses)
        super().__init__(unfolded.visit(start, ()))
        self._name_states(unfolded.names, {state: [action for action, _ in edges] for state, edges in moves.items()})
        #: The number of agents (Pacman and the ghosts), and the test's depth in rounds.
        self.agents, self.rounds = agents, rounds
        #: The start's name, the win and lose states, and each state's evaluation in the file.
        self.start_name, self.wins, self.losses, self.evaluation = start, wins, losses, evaluation
        self._heuristic = unfolded.heuristic   # path -> evaluation, for inner nodes that have one
        self.depth = rounds * agents

    def __repr__(self) -> str:
        return (f"<GameTree from a CS188 test: start {self.start_name!r}, {self.agents} agents, "
                f"depth {self.rounds} rounds = {self.rounds * self.agents} plies>")

    def key(self, state: Any) -> Hashable:
        """The state's name and the agent to move."""
        path = self.state(state)
        return self.name(path), len(path) % self.agents

    def board(self, state: Any) -> str:
        """The state's name."""
        return self.name(state)

    def player(self, state: Any) -> str:
        """"Pacman" for agent 0, "ghost 1", "ghost 2", ... for the others."""
        agent = len(self.state(state)) % self.agents
        return "Pacman" if agent == 0 else f"ghost {agent}"

    def node_type(self, state: Any) -> str:
        """"max" where Pacman moves, "min" where a ghost does."""
        return "max" if len(self.state(state)) % self.agents == 0 else "min"

    def move_name(self, state: Any, move: int) -> str:
        """The action's name in the file."""
        return self.label(state, move)

    def evaluate(self, state: Any) -> float:
        """The state's evaluation in the file, where the search stops at its depth limit.

        :raises InvalidTree: when the file gives the state no evaluation.
        """
        path = self.state(state)
        if path in self._heuristic:
            return self._heuristic[path]
        name = self.name(state)
        raise InvalidTree(
            f"the search stopped at {name} at its depth limit, but the test gives {name} no "
            f"evaluation; add a line '{name} <value>' to its evaluation, or search deeper"
        )

    def result_text(self, state: Any) -> str:
        """"win", "lose" or "leaf"."""
        name = self.name(state)
        return "win" if name in self.wins else "lose" if name in self.losses else "leaf"


def _whole(fields: dict, key: str, least: int) -> int:
    word = fields[key].strip()
    if not word.isdigit() or int(word) < least:
        raise InvalidTree(f"the CS188 field {key} is {_cut(word)!r}; it must be a whole number, {least} or more")
    return int(word)


def _successors(block: str) -> dict[str, list[tuple[str, str]]]:
    """Each state's ``(action, next_state)`` pairs, in the order of the lines."""
    moves: dict[str, list[tuple[str, str]]] = {}
    actions: dict[tuple[str, str], int] = {}   # (state, action) -> its line: each action once
    for n, line in enumerate(block.split("\n"), start=1):
        words = line.split()
        if not words:
            continue
        if len(words) != 3:
            raise InvalidTree(
                f"successors, line {n}: {_cut(line.strip())!r} has {len(words)} words; each line is "
                "'state action next-state'"
            )
        state, action, child = words
        first = actions.setdefault((state, action), n)
        if first != n:
            raise InvalidTree(
                f"successors, line {n}: {_cut(state)} already has the action {_cut(action)!r} (line {first}); "
                "give each action of a state once"
            )
        moves.setdefault(state, []).append((action, child))
    return moves


def _evaluation(block: str) -> dict[str, float]:
    values: dict[str, float] = {}
    lines: dict[str, int] = {}
    for n, line in enumerate(block.split("\n"), start=1):
        words = line.split()
        if not words:
            continue
        try:
            state, word = words
            value = float(word)
        except ValueError:
            raise InvalidTree(
                f"evaluation, line {n}: {_cut(line.strip())!r} is not 'state value' with a number"
            ) from None
        if abs(value) == math.inf and word.lower().lstrip("+-") not in ("inf", "infinity"):
            raise InvalidTree(
                f"evaluation, line {n}: the value of {_cut(state)}, {_cut(word, 24)}, is beyond a float's "
                "range (about 1.8e308); scale the evaluations down"
            )
        if state in values and values[state] != value:
            raise InvalidTree(
                f"evaluation, line {n}: {_cut(state)} is given {_cut(word, 24)}, but line {lines[state]} gives it "
                f"{values[state]:g}; give each state one evaluation"
            )
        values[state], lines[state] = value, lines.get(state, n)
    return values


def _cut(word: str, limit: int = 60) -> str:
    """A word or line of the file as the errors quote it: at most ``limit`` characters."""
    return word if len(word) <= limit else word[:limit - 3] + "..."


class _Unfold:
    """Nested lists for the paths from the start: agent ``ply % agents`` moves at each.

    The paths are walked depth first with a stack of :class:`_Frame` (no recursion: a
    chain of states may be deeper than Python's recursion limit), children in the order
    of their lines, and each path is named as it is entered (the guards on size and depth
    fire as soon as they are passed)."""

    def __init__(self, agents: int, moves: dict, evaluation: dict, finished: set):
        self.agents, self.moves, self.evaluation, self.finished = agents, moves, evaluation, finished
        self.names: dict[tuple, str] = {}
        self.heuristic: dict[tuple, float] = {}
        self.on_path: list[str] = []       # the states from the start to the one entered
        self._on_path: set[str] = set()    # the same, to look up

    def kind(self, path: tuple) -> str:
        return "max" if len(path) % self.agents == 0 else "min"

    def visit(self, state: str, path: tuple) -> Any:
        """The nested lists of the tree below ``state`` (at ``path``)."""
        top = self.enter(state, path)
        if not isinstance(top, _Frame):
            return top
        stack = [top]
        while stack:
            frame = stack[-1]
            i = len(frame.children)
            if i < len(frame.edges):
                below = self.enter(frame.edges[i][1], frame.path + (i,))
                if isinstance(below, _Frame):
                    stack.append(below)
                else:
                    frame.children.append(below)
                continue
            stack.pop()
            self.on_path.pop()
            self._on_path.discard(frame.state)
            done = self.nested(frame.path, frame.children)
            if not stack:
                return done
            stack[-1].children.append(done)

    def enter(self, state: str, path: tuple):
        """Name ``path``; a leaf's value, or a :class:`_Frame` for a state with moves."""
        self.names[path] = state
        if len(self.names) > MAX_CS188_NODES:
            raise InvalidTree(f"the CS188 tree unfolds to more than {MAX_CS188_NODES:,} nodes")
        if state in self.finished or not self.moves.get(state):
            return self.leaf(state, path)
        if state in self._on_path:
            path_shown = self.on_path if len(self.on_path) <= 12 else [*self.on_path[:3], "...", *self.on_path[-8:]]
            shown = [_cut(name, 20) for name in path_shown]
            raise InvalidTree(
                f"the CS188 tree has a cycle: {_cut(state)} is reached again below itself "
                f"({' -> '.join(shown)} -> {_cut(state)})"
            )
        if len(path) > MAX_CS188_DEPTH:
            raise InvalidTree(
                f"the CS188 tree goes more than {MAX_CS188_DEPTH:,} moves deep (below {_cut(self.on_path[0])}), "
                "deeper than any search here walks; write a shallower tree"
            )
        if state in self.evaluation:
            self.heuristic[path] = self.evaluation[state]
        self.on_path.append(state)
        self._on_path.add(state)
        return _Frame(state, path, self.moves[state])

    def nested(self, path: tuple, children: list) -> list:
        """An inner node's list: its kind in front where the level's own would be wrong."""
        kind = self.kind(path)
        return children if kind == ("max" if len(path) % 2 == 0 else "min") else [kind, *children]

    def leaf(self, state: str, path: tuple) -> float:
        if state not in self.evaluation:
            what = "a finished game (a win or lose state)" if state in self.finished else "a state without moves"
            raise InvalidTree(
                f"{_cut(state)} is {what}, but the test gives it no evaluation; add a line "
                f"'{_cut(state)} <value>' to evaluation"
            )
        value = self.evaluation[state]
        return int(value) if value.is_integer() else value


class _Frame:
    """A state being unfolded: its path, its ``(action, next_state)`` edges, the children done."""

    __slots__ = ("children", "edges", "path", "state")

    def __init__(self, state: str, path: tuple, edges: list):
        self.state, self.path, self.edges, self.children = state, path, edges, []


READERS["cs188"] = CS188Tree   # GameTree.from_cs188 reads with it
