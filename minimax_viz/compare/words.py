"""The words of a parting: what the learner's search did where it parts from the right one,
and the slip it most likely is (Min taking the largest value, a finished game scored by
``evaluate``, best started at -1 ...). :class:`~minimax_viz.compare.walk._Walk` finds the
node; the functions here only put it into words."""

from __future__ import annotations

import math

from ..trace import Node, bound_text, format_value
from .difference import close_numbers

__all__ = [
    "num_text", "nums_text", "window_words", "twice_words", "unreached_words", "extra_words", "order_words",
    "stopped_words", "cut_node_words", "uncut_words", "missing_words", "window_bounds", "open_words", "cut_words",
    "memo_words", "no_number_words", "leaf_words", "horizon_words", "call_words"
]


def num_text(x) -> str:
    return format_value(x, signed=False)


def nums_text(got, want) -> tuple[str, str]:
    """Two values that differ, written so that they read differently (all their digits
    where two decimals would make them look alike: a float32's 0.3333333 and 1/3)."""
    a, b = num_text(got), num_text(want)
    if a == b:
        a, b = repr(float(got)), repr(float(want))
    return a, b


# -- the order of visits and the window ----------------------------------------------------------
def window_words(a, b, right: Node, parent: Node | None) -> str:
    """The learner's call for ``right`` was given the window ``a``, ``b`` (``parent``: the
    learner's call above it)."""
    given = f"{bound_text('alpha', a, num_text)}, {bound_text('beta', b, num_text)}"
    want = f"{bound_text('alpha', right.alpha, num_text)}, {bound_text('beta', right.beta, num_text)}"
    head = f"your call for {right.where} was given {given}, but its window there is {want}"
    if close_numbers(a, right.beta) and close_numbers(b, right.alpha):
        tail = "alpha and beta have changed places: pass them down in their own places, (alpha, beta)"
    elif parent is not None and close_numbers(a, parent.alpha) and close_numbers(b, parent.beta):
        tail = ("that is the window its parent was called with: pass the window as it stands after the "
                "earlier children narrowed it (Max raises alpha, Min lowers beta)")
    elif a == -math.inf and b == math.inf:
        tail = "pass the parent's alpha and beta down, as they stand, not -inf and +inf"
    else:
        tail = (_wrong_bound_words(a, b, right, parent) if parent is not None else None) or \
            "a Max node raises alpha to its best value so far, a Min node lowers beta"
    return f"{head}: {tail}"


def _wrong_bound_words(a, b, right: Node, parent: Node) -> str | None:
    """Words for a window whose wrong bound is the best value so far of the learner's call
    above (``parent``) on the other side: a Min node that raised alpha, a Max node that
    lowered beta (the evidence: the bound is that value); else None."""
    before = []
    for child in parent.children:
        if child.move == right.move:
            break
        if not child.pruned and child.score is not None and child.score == child.score:
            before.append(child.score)
    if not before:
        return None
    if parent.node_type == "min" and not close_numbers(a, right.alpha) and close_numbers(a, min(before)):
        return (f"alpha = {num_text(a)} is the best value so far of the Min node above it: a Min node lowers beta "
                "to its best value, and passes alpha down as it was given")
    if parent.node_type == "max" and not close_numbers(b, right.beta) and close_numbers(b, max(before)):
        return (f"beta = {num_text(b)} is the best value so far of the Max node above it: a Max node raises alpha "
                "to its best value, and passes beta down as it was given")
    return None


def twice_words(node: Node) -> str:
    """The learner searched ``node`` (theirs) a second time: with a larger depth than the first
    time (deepening around the search), with the same depth (a second call for one move), or
    else no cause named."""
    moves = [n.move for n in node.path]
    same = [n for n in node.tree.nodes if not n.pruned and [m.move for m in n.path] == moves][:2]
    depths = getattr(node.tree, "depths", None)
    before, here = (depths[same[0].index], depths[same[1].index]) if depths is not None and len(same) == 2 \
        else (None, None)
    head = f"you searched {node.where} a second time"
    if before is not None and here is not None and here > before:
        return (f"{head}, with depth {num_text(here)} where the first search of it had {num_text(before)}: your search "
                "searched the same moves again, deeper each time (deepening around it). The check asks for one "
                "search to the depth it gives: search once, to that depth (deepening belongs in a player, "
                "lesson 10's exercise 4)")
    if before is not None and before == here:
        return (f"{head}, with the same depth: search each move once, and keep the value of each as you loop "
                "over them (the best move and its value come from the same loop)")
    return f"{head}: each position below a call is searched once"


def unreached_words(node: Node) -> str:
    return f"you searched {node.where}, which the search never reaches"


def extra_words(node: Node, parent: Node | None) -> str:
    """The learner searched ``node`` (theirs), which the right search does not; ``parent``:
    the right search's node above it, if it has one."""
    if parent is not None and parent.kind == "leaf":
        return (f"you searched past {parent.where}, but the game is over there: "
                "score a finished game with game.utility(state) and stop")
    if parent is not None and parent.kind == "horizon":
        return (f"you searched {node.where}, below {parent.where}, but there the depth left is 0: "
                "score it with game.evaluate(state) and stop (depth off by one?)")
    return unreached_words(node)


def order_words(other: Node, node: Node, parent: Node, game) -> str:
    """The learner searched ``other`` (theirs) before ``node`` (the right search's, below ``parent``)."""
    try:
        names = [game.move_name(parent.internal_state, m) for m in game.moves(parent.internal_state)]
        order = f" ({', '.join(map(str, names))} at {parent.where})"
    except Exception:
        order = ""
    return (f"you searched {other.where} before {node.where}: moves are tried in the order "
            f"game.moves(state) gives them{order}, and this check follows that order")


def stopped_words(right: Node, left, given, *, alone: bool, memo: bool) -> str:
    """The learner stopped at ``right`` (the right search's node) with the depth ``left`` there:
    given the depth ``given``, with no call of its own at all (``alone``), or as if from a
    memo (``memo``)."""
    if memo:
        return (f"you answered {right.where} without searching it, as if from a memo, but its value "
                f"there is not the one stored: key a memo by the position and the depth left")
    if alone:
        return ("your search answered without calling itself on any move: a check records the calls your "
                "function makes to itself (or to the functions it recurses through, such as max_value and "
                "min_value), so search each child with a call of your own function")
    if given is not None and left is not None and given != left:
        tail = f" (your call there was given depth {num_text(given)}): count the depth down by one per move"
    else:
        tail = ": search every move until depth 0 or a finished game"
    return f"you stopped at {right.where} without searching its moves, but the depth left there is {left}{tail}"


def cut_node_words(node: Node) -> str:
    """The learner searched ``node``, a stub the right search cut."""
    return f"you searched {node.where}, but it is cut: {cut_words(node)}"


def uncut_words(node: Node) -> str:
    """The learner cut ``node``, which the right search searched."""
    return f"you cut {node.where}, but there {open_words(node)}"


def missing_words(node: Node) -> str:
    return f"your search never looked at {node.where}"


def window_bounds(alpha, beta) -> tuple[str, str]:
    return bound_text("alpha", alpha, num_text), bound_text("beta", beta, num_text)


def open_words(node: Node) -> str:
    """Words for the window at ``node``'s parent just before ``node`` was searched: still open."""
    alpha, beta = node.parent.window_at(max(node.step - 1, 0))
    a, b = window_bounds(alpha, beta)
    return f"{a} < {b}: the window is still open, so it must be searched"


def cut_words(node: Node) -> str:
    """Words for the window at the cut that skipped ``node`` (a pruned stub)."""
    parent = node.parent
    searched = [c for c in parent.children if not c.pruned]
    if searched:
        alpha, beta = parent.window_at(searched[-1].return_step)
        after = f"after {searched[-1].where} returned {num_text(searched[-1].score)}, "
    else:
        alpha, beta, after = parent.alpha, parent.beta, ""
    a, b = window_bounds(alpha, beta)
    return f"at {parent.where}, {after}{a} ≥ {b}"


# -- values ---------------------------------------------------------------------------------------
def memo_words(at: str, got, want, left, evidence: tuple | None = None) -> str:
    """The learner answered a position from an earlier search of it, with the depth ``left``
    here; ``evidence`` says what differed at that earlier search (see ``Walk._earlier_search``):
    another depth, or a search that was cut off (its value a bound)."""
    head = f"you answered {at} without searching it, with {num_text(got)} from an earlier search of the same position"
    if evidence is not None and evidence[0] == "depth":
        return (f"{head}, made with depth {num_text(evidence[1])}; here the depth left is "
                f"{num_text(evidence[2])} and its "
                f"value is {num_text(want)}: key a memo by the position and the depth left")
    if evidence is not None and evidence[0] == "cut":
        earlier = evidence[1]
        window = f"{bound_text('alpha', earlier.alpha, num_text)}, {bound_text('beta', earlier.beta, num_text)}"
        return (f"{head}, with the same depth; but that search was cut off ({window} there), so "
                f"{num_text(got)} was only a bound, and its value is {num_text(want)}: store a value only from a "
                "search "
                "that was not cut off, or store the bound with the window it holds for")
    return f"{head}, but its value here is {num_text(want)} (the depth left: {left})"


def no_number_words(at: str) -> str:
    return f"at {at}, your search returned no number; return the value for Max (and the move at the root)"


def leaf_words(at: str, got, want, game, state) -> str:
    """At a finished game: scored by evaluate, negated, or just another number."""
    try:
        guess = game.evaluate(state)
    except Exception:
        guess = None
    if guess is not None and close_numbers(got, guess) and not close_numbers(got, want):
        return (f"at {at}, a finished game, your search returned game.evaluate's {num_text(got)}; a finished "
                f"game is worth game.utility(state) = {num_text(want)}: ask game.is_terminal(state) first, "
                "before depth == 0")
    if close_numbers(got, -want):
        return (f"at {at}, a finished game, your search returned {num_text(got)}, minus its utility "
                f"{num_text(want)}: game.utility(state) is already the value for Max, whoever is to move")
    got_text, want_text = nums_text(got, want)
    return f"at {at}, a finished game, your search returned {got_text}; game.utility(state) is {want_text}"

def horizon_words(at: str, got, want, game, state, node: Node) -> str:
    """Where the depth runs out: evaluate negated, or another number."""
    if close_numbers(got, -want):
        return (f"at {at}, where the depth runs out ({node.player} to move), your search returned "
                f"{num_text(got)}, minus game.evaluate's {num_text(want)}: evaluate is already the value for Max, "
                "at Max and at Min nodes alike")
    try:
        final = game.utility(state) if game.is_terminal(state) else None
    except Exception:
        final = None
    got_text, want_text = nums_text(got, want)
    if final is None and not close_numbers(got, want):
        return (f"at {at}, where the depth runs out, your search returned {got_text}; "
                f"game.evaluate(state) is {want_text}")
    return f"at {at}, your search returned {got_text}; the value there is {want_text}"


def call_words(at: str, got, want, values: list, node: Node) -> str:
    """At an inner call (``node``, the right search's) whose children returned ``values`` in the
    learner's search: the slip the value ``got`` matches, or the values and the right one."""
    kind = node.node_type
    shown = "[" + ", ".join(num_text(v) for v in values) + "]"
    who = f"a {'Max' if kind == 'max' else 'Min' if kind == 'min' else 'chance'} node ({node.mover_words})"
    head = f"at {at}, {who}, your search returned {num_text(got)}"
    if not values:
        return f"{head}; its children returned {shown}, so its value is {num_text(want)}"
    if kind == "chance":
        return _chance_words(head, got, want, values, shown, node)
    picked = _picked_words(head, got, want, values, shown, node, kind)
    return picked if picked is not None else _choice_words(head, got, want, values, shown, kind)


def _picked_words(head: str, got, want, values: list, shown: str, node: Node, kind: str) -> str | None:
    """A Max node that took the smallest value, a Min node that took the largest; else None."""
    low, high = min(values), max(values)
    if kind == "max" and close_numbers(got, low) and not close_numbers(got, high):
        return (f"{head}, the smallest of its children's values {shown}; Max takes the largest, "
                f"{num_text(want)}: ask game.node_type(state) at every node")
    if kind == "min" and close_numbers(got, high) and not close_numbers(got, low):
        after = " (Min moves after Min here: do not assume the players alternate)" if (
            node.parent is not None and node.parent.node_type == "min") else ""
        return (f"{head}, the largest of its children's values {shown}; Min takes the smallest, "
                f"{num_text(want)}{after}: ask game.node_type(state) at every node and take the smallest "
                'at "min" nodes')
    return None


def _choice_words(head: str, got, want, values: list, shown: str, kind: str) -> str:
    """A choosing node's value that averages its children's, lies beyond them all (the best
    value started wrong), or has the wrong sign; else the values and the right one."""
    if len(values) > 1 and close_numbers(got, sum(values) / len(values)) and not close_numbers(got, want):
        return (f"{head}, the average of its children's values {shown}; a {kind.capitalize()} node chooses: "
                f"it takes the {'largest' if kind == 'max' else 'smallest'}, {num_text(want)} (only chance "
                "nodes average)")
    if kind == "max" and got > max(values):
        return (f"{head}, more than any of its children's values {shown}: start the best value at "
                f"-math.inf, not {num_text(got)}, so that the first child always replaces it")
    if kind == "min" and got < min(values):
        return (f"{head}, less than any of its children's values {shown}: start the best value at "
                f"+inf, not {num_text(got)}, so that the first child always replaces it")
    if close_numbers(got, -want):
        return (f"{head}, minus the value {num_text(want)}: every value is counted for Max, so no value "
                "changes sign on the way up")
    return f"{head}; its children returned {shown}, so its value is {num_text(want)}"


def _chance_words(head: str, got, want, values: list, shown: str, node: Node) -> str:
    """At a chance node (or a Min node moving at random): a plain average, the smallest or the
    largest of the values; else the values and the right one."""
    mean = sum(values) / len(values)
    if close_numbers(got, mean) and not close_numbers(got, want):
        return (f"{head}, the plain average of {shown}; weight each outcome by its probability, "
                f"game.probabilities(state) in the order of game.moves(state): {num_text(want)}")
    if close_numbers(got, min(values)) and not close_numbers(got, want):
        random_min = node.tree.game.node_type(node.internal_state) == "min"
        what = "Min moves at random here, so average" if random_min else "a chance node averages"
        return f"{head}, the smallest of {shown}; {what} its children: {num_text(want)}"
    if close_numbers(got, max(values)) and not close_numbers(got, want):
        return f"{head}, the largest of {shown}; nobody chooses at a chance node: average them, {num_text(want)}"
    return f"{head}; its children returned {shown}, so its expected value is {num_text(want)}"
