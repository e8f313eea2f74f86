"""The words of the trace: the one number formatter, an event as structured parts, and the
one formatter of events (the trace, the titles, the Stepper and the captions all use it).

No module outside the trace formats event words: they read :class:`EventParts` and call
:func:`event_text`, :func:`move_text`, :func:`who_text` and the other functions here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Integral
from typing import TYPE_CHECKING

from ..errors import InvalidOption, short_repr
from .recorder import KINDS, as_number

__all__ = [
    "fmt", "format_value", "formatted", "whole_text", "format_probability", "EventParts", "parts_of_event",
    "move_parts", "event_text", "enter_text", "leaf_text", "return_text", "window_text", "bound_text", "move_text",
    "call_text", "node_name", "parting_text", "UNREACHED", "stub_text", "who_text", "marked_value", "outlook_text"
]

if TYPE_CHECKING:
    from .node import Node
    from .tree import SearchTree

def fmt(x) -> str:
    return format_value(x, ascii=True)


def format_value(value, *, signed: bool = True, ascii: bool = False) -> str:
    """A value as the course writes it: the one number formatter of the package.

    A real minus sign and ``∞`` (``ascii=True``: ``-`` and ``inf``, for text traces);
    ``+`` on values above 0 when ``signed``; whole numbers without decimals; other
    numbers with two decimals, or two significant digits when small (0.0047, not 0.00).
    ``None`` (no value, a pruned stub) is ``""`` (``"None"`` in ASCII).

    Parameters
    ----------
    value : float, int, Fraction or None
        The number to write.
    signed : bool, optional
        Whether to write ``+`` on values above 0 (True unless given).
    ascii : bool, optional
        Whether to write ``-`` and ``inf`` instead of ``−`` and ``∞`` (False unless given).

    Returns
    -------
    str
        The number in words.

    Raises
    ------
    InvalidOption
        For a value that is not a number (or None).

    Examples
    --------
    >>> format_value(1), format_value(-1), format_value(0.5), format_value(-math.inf), format_value(3, signed=False)
    ('+1', '−1', '+0.50', '−∞', '3')
    >>> format_value(0.0047), format_value(-0.05), format_value(-math.inf, ascii=True), format_value(None, ascii=True)
    ('+0.0047', '−0.050', '-inf', 'None')
    >>> from fractions import Fraction
    >>> format_value(Fraction(15, 2)), format_value(10 ** 5000, ascii=True)
    ('+7.50', '+a whole number of 5,001 digits')
    """
    try:
        return formatted(value, signed, ascii)
    except (TypeError, ValueError):   # a string, a list, an array of numbers: no one number
        raise InvalidOption(f"format_value writes one number (or None), not {short_repr(value)}") from None


def formatted(value, signed: bool, ascii: bool) -> str:
    if value is None or value != value:
        return "None" if ascii else ""
    if value in (math.inf, -math.inf):
        sign = "+" if value > 0 and signed else "-" if value < 0 else ""
        text = sign + ("inf" if ascii else "∞")
    elif isinstance(value, Integral) or float(value).is_integer():
        text = whole_text(int(value), signed)
    else:  # two decimals, or two significant digits for a small guess (a Fraction as its float)
        value = float(value)
        places = 2 if abs(value) >= 0.1 else min(6, 1 - math.floor(math.log10(abs(value))))
        text = format(value, ("+" if signed else "") + f".{places}f")
    return text if ascii else text.replace("-", "−")


def whole_text(n: int, signed: bool) -> str:
    """A whole number, signed when asked; one past Python's printing limit in words."""
    try:
        return f"{n:+d}" if signed and n else str(n)
    except ValueError:   # more digits than sys.get_int_max_str_digits() prints
        return ("+" if signed and n > 0 else "-" if n < 0 else "") + short_repr(abs(n))



def format_probability(p: float) -> str:
    """A chance outcome's probability as the trace and the drawings write it (3 digits).

    >>> format_probability(0.5), format_probability(1 / 3), format_probability(0.25)
    ('0.5', '0.333', '0.25')
    """
    return f"{p:.3g}"



# -- words: an event as structured parts, and the one formatter -----------------------------------

@dataclass(frozen=True, slots=True)
class EventParts:
    """One replay event as structured parts, put into words by :func:`event_text`.

    ``kind`` is the event's ("enter", "leaf", "cutoff", "hit", "return") and ``node_kind``
    the node's (one of :data:`KINDS`); ``who`` moves at the node (``node_type`` "max", "min"
    or "chance" as the search treated it; ``at_random``: a Min node that expectimax treats
    as chance); ``by`` played ``move`` (its name) into it (``"chance"`` below a chance node
    of the game, ``None`` at the root), with ``probability`` below a chance node; ``value``
    is the score (``None`` for a pruned stub); ``window`` the alpha and beta it entered with
    and ``window_out`` those it returned with (``None`` after minimax). A call that returns
    says whether a cutoff stopped it early (``stopped``), the root its first best move.
    What the search could do decides the words: ``guess`` is False where a call scored without
    children in an unfinished game is not a depth limit's guess (a learner's search that takes
    no depth), ``cut`` False where a skipped child is a move never tried, not a cutoff (no
    window); ``odd`` marks a call given a position no move leads to (a learner's slip).

    >>> from minimax_viz import GameTree, minimax
    >>> parts = minimax(GameTree([[3, 12], [2]])).tree.event_parts(2)
    >>> parts.kind, parts.by, parts.move, parts.value, parts.reason
    ('leaf', 'MIN', '0', 3, 'leaf')
    >>> event_text(parts), event_text(parts, explain=True)
    ('MIN plays 0: +3 (leaf)', 'MIN plays 0: +3 (leaf)')
    """

    step: int
    kind: str
    node_kind: str
    who: str
    node_type: str
    by: str | None
    move: str | None
    value: float | None
    at_random: bool = False
    probability: float | None = None
    reason: str = ""
    window: tuple[float, float] | None = None
    window_out: tuple[float, float] | None = None
    stopped: bool = False
    best_move: str | None = None
    sides: tuple[str, str] = ("MAX", "MIN")
    guess: bool = True
    cut: bool = True
    odd: bool = False



def parts_of_event(tree: SearchTree, step: int, kind: str, node: Node) -> EventParts:
    """Replay event ``step`` of ``tree`` (of ``kind``, at ``node``) as structured parts."""
    # read from the columns and the game directly: a text trace builds 200 of these
    game, rec, i = tree.game, tree.recorder, node.index
    by, move, probability = move_parts(node)
    state, node_kind = tree.internal_state(i), KINDS[rec.kind[i]]
    shape = game.node_type(state)
    at_random = shape == "min" and tree.min_at_random
    window = (as_number(rec.alpha[i]), as_number(rec.beta[i])) if rec.window else None
    reason = game.result_text(state) if kind == "leaf" and node_kind == "leaf" else ""
    out, stopped, best = None, False, None
    if kind == "return":
        out = (as_number(rec.alpha_out[i]), as_number(rec.beta_out[i])) if rec.window else None
        stopped = any(child.pruned for child in node.children)
        first = node.best_child if by is None else None
        best = None if first is None else str(game.move_name(state, first.move))
    return EventParts(
        step=step, kind=kind, node_kind=node_kind, who=game.player(state),
        node_type="chance" if at_random else shape, by=by, move=move, value=as_number(rec.score[i]),
        at_random=at_random, probability=probability, reason=reason, window=window, window_out=out,
        stopped=stopped, best_move=best, sides=(game.max_player, game.min_player),
        guess=tree.depth_limited, cut=tree.has_window, odd=tree.odd_move(i) is not None,
    )


def move_parts(node: Node) -> tuple[str | None, str | None, float | None]:
    """Who played the move into ``node`` ("chance" below a chance node of the game), the
    move's name and its probability below a chance node: ``(None, None, None)`` at the root."""
    if node.index == 0:
        return None, None, None
    tree = node.tree
    odd = tree.odd_move(node.index)
    if odd is not None:   # a learner's call given a position no move leads to: what the board shows
        return odd[0], odd[1], None
    game, up, move = tree.game, tree.recorder.parent[node.index], tree.move_at(node.index)
    state = tree.internal_state(up)
    kind = game.node_type(state)
    by = "chance" if kind == "chance" else game.player(state)
    chance = kind == "chance" or (kind == "min" and tree.min_at_random)   # else no odds to read
    return by, str(game.move_name(state, move)), node.probability if chance else None



def event_text(parts: EventParts, *, explain: bool = False, ascii: bool = False, signed: bool = True,
               window: bool = False) -> str:
    """The words for one event: the one formatter of the trace, the titles, the Stepper and
    the captions. ``explain`` says what each event means (the Stepper's caption: "a new
    call", why a child is pruned, what a call returns); ``ascii`` writes ``-`` and ``inf``
    (text traces); ``signed`` puts ``+`` on values above 0; ``window`` shows alpha and beta
    on entering a call.

    >>> from minimax_viz import TicTacToe, alphabeta
    >>> tree = alphabeta(TicTacToe(), TicTacToe.TUTORIAL_BOARD).tree
    >>> event_text(tree.event_parts(6), window=True)
    'X plays 8: O to move, alpha=+1 beta=+∞'
    >>> event_text(tree.event_parts(10), explain=True)
    'O plays 4: pruned, never searched (α = +1 ≥ β = +1)'
    >>> event_text(tree.event_parts(4), ascii=True), event_text(tree.event_parts(12), explain=True)
    ('return -1 from X plays 1', 'the search ends: value +1; best move 4')
    """
    def num(value) -> str:
        return format_value(value, signed=signed, ascii=ascii)

    move = move_text(parts.by, parts.move, parts.probability)
    if parts.kind == "enter":
        return enter_text(parts, move, num, explain, window)
    if parts.kind == "return":
        if explain:
            return return_text(parts, move, num)
        if parts.node_type == "chance":
            return f"chance: average {num(parts.value)} from {move}"
        return f"return {num(parts.value)} from {move}"
    return leaf_text(parts, move, num, explain)


def enter_text(parts: EventParts, move: str, num, explain: bool, window: bool) -> str:
    """A call starts: who moves there (and, in a trace, the window it gets)."""
    if parts.odd:
        head = f"{move}: " if parts.by is not None else ""
        return f"{head}{'a new call, on ' if explain or not head else ''}{UNREACHED}"
    who = who_text(parts.who, parts.node_type, parts.at_random)
    if explain:
        return f"the search starts: {who}" if parts.by is None else f"{move}: a new call, {who}"
    if window and parts.window is not None and parts.node_type != "chance":
        alpha, beta = parts.window
        who += f", {window_text(alpha, beta, num, spelled=True)}"
    return f"{move}: {who}"


def leaf_text(parts: EventParts, move: str, num, explain: bool) -> str:
    """A node scored at once (a finished game, the depth limit, the memo table) or cut."""
    if parts.kind == "cutoff" and not parts.cut:
        return f"{move}: {stub_text(cut=False, explain=explain)}"
    if parts.kind == "cutoff":
        if not explain or parts.window is None:
            return f"{move}: pruned" + (", never searched" if explain else "")
        alpha, beta = parts.window
        return f"{move}: pruned, never searched ({bound_text('alpha', alpha, num)} ≥ {bound_text('beta', beta, num)})"
    if parts.kind == "hit":
        return f"{move}: {num(parts.value)} from the memo table"
    if parts.odd:
        return f"{move if parts.by is not None else 'a call'}: {num(parts.value)} ({UNREACHED})"
    if parts.node_kind == "horizon" and not parts.guess:
        if explain:
            return f"{move}: {num(parts.value)}, returned without trying a move (the game is not over)"
        return f"{move}: {num(parts.value)} (no move tried)"
    if parts.node_kind == "horizon":
        if explain:
            return f"{move}: ≈{num(parts.value)} (depth limit: the heuristic's guess)"
        return f"{move}: {num(parts.value)} (depth limit: heuristic)"
    return f"{move}: {num(parts.value)} ({parts.reason})"


def return_text(parts: EventParts, move: str, num) -> str:
    """A call returns, explained: its best value, an average, or a bound after a cutoff."""
    value = num(parts.value)
    if parts.by is None:
        tail = f"; best move {parts.best_move}" if parts.best_move is not None else ""
        return f"the search ends: value {value}{tail}"
    call = call_text(parts.by, parts.move, parts.probability)
    if parts.node_type == "chance":
        return f"{call} returns {value}, the average of its outcomes weighted by their chances"
    if parts.odd:
        return f"{call} returns {value}"
    if not parts.stopped or parts.window_out is None:   # without a window, moves left out were never tried
        return f"{call} returns {value} (best for {parts.who}{'' if not parts.stopped else ' of the moves it tried'})"
    high, low = parts.sides
    alpha, beta = parts.window_out
    if parts.node_type == "max":
        return (f"{call} stops early and returns {value}: {parts.who} can get {value} or "
                f"more here, and {low} has better elsewhere ({bound_text('beta', beta, num)})")
    return (f"{call} stops early and returns {value}: {parts.who} can hold {high} to {value} or less "
            f"here, and {high} has as much elsewhere ({bound_text('alpha', alpha, num)})")


def window_text(alpha, beta, num=format_value, *, spelled: bool = False) -> str:
    """An alpha-beta window as the pictures and the Stepper write it under a call, "α=+1 β=+∞"
    (``spelled``: "alpha=+1 beta=+∞", as a line of the trace does); ``num`` writes a value.

    >>> window_text(1, math.inf), window_text(-1, 0.5, spelled=True)
    ('α=+1 β=+∞', 'alpha=−1 beta=+0.50')
    """
    a, b = ("alpha", "beta") if spelled else ("α", "β")
    return f"{a}={num(alpha)} {b}={num(beta)}"


def bound_text(side: str, value, num=format_value) -> str:
    """One side of a window in a sentence, "α = +1" (``side`` "alpha") or "β = +∞" ("beta"),
    as the trace explains a cutoff and the checks explain a window.

    >>> f"{bound_text('alpha', 1)} ≥ {bound_text('beta', 1)}"
    'α = +1 ≥ β = +1'
    """
    return f"{'α' if side == 'alpha' else 'β'} = {num(value)}"


def move_text(by: str | None, move: str | None, probability: float | None = None) -> str:
    """How the trace names a move: "root", "X plays 4", "ghost 1 plays Left (p=0.5)",
    "chance picks 1 (p=0.25)" (``by`` is "chance" below a chance node of the game).

    >>> move_text("Pacman", "infiltrate"), move_text("chance", "1", 0.25), move_text(None, None)
    ('Pacman plays infiltrate', 'chance picks 1 (p=0.25)', 'root')
    """
    if by is None:
        return "root" if move is None else move   # (None, words): a position no move leads to
    verb = "picks" if by == "chance" else "plays"
    odds = "" if probability is None else f" (p={format_probability(probability)})"
    return f"{by} {verb} {move}{odds}"


def call_text(by: str | None, move: str | None, probability: float | None = None) -> str:
    """A call named by the move into it: "the root call", "the call after X plays 4"
    ("the call given ..." for a position no move leads to, told in words)."""
    if by is None:
        return "the root call" if move is None else f"the call given {move}"
    return f"the call after {move_text(by, move, probability)}"


def node_name(game, state) -> str | None:
    """A position's name where the game names its positions (a textbook tree's A, B, C ...,
    a tree read from text its own names), else None: the one source of the names the checks'
    words use and the pictures beside them draw.

    >>> from minimax_viz import GameTree, TicTacToe
    >>> game = GameTree([[3, 12], [2]])
    >>> node_name(game, ()), node_name(game, (1,)), node_name(TicTacToe(), 0)
    ('A', 'C', None)
    """
    name = getattr(game, "name", None)
    if not callable(name):
        return None
    try:
        return str(name(state))
    except Exception:   # a position the game cannot name (a learner's odd call)
        return None


def parting_text() -> str:
    """What a replay says at the node where a learner's search first parts from the right one
    (the pictures frame it "parts here").

    >>> parting_text()
    'here your search first parts from the right one'
    """
    return "here your search first parts from the right one"


#: What a call was given when no move leads to its position from its parent's (a learner's slip).
UNREACHED = "a board no move leads to"


def stub_text(*, cut: bool = True, explain: bool = False) -> str:
    """The words at a child a search skipped: "pruned" when a cutoff skipped it (a search
    with alpha and beta), "not tried" when the call simply never played it (``explain``:
    what that means, for a caption).

    >>> stub_text(), stub_text(cut=False), stub_text(cut=False, explain=True)
    ('pruned', 'not tried', 'never tried: the call did not play this move')
    """
    if cut:
        return "pruned, never searched" if explain else "pruned"
    return "never tried: the call did not play this move" if explain else "not tried"


def who_text(player: str, node_type: str, at_random: bool = False, *, short: bool = False) -> str:
    """Who moves at a node: "X to move", "chance moves", "MIN moves at random" (a Min
    node that expectimax treats as chance; ``short``: "MIN, at random", for a drawing's
    margin).

    >>> who_text("X", "max"), who_text("MIN", "chance", True), who_text("MIN", "chance", True, short=True)
    ('X to move', 'MIN moves at random', 'MIN, at random')
    """
    if node_type != "chance":
        return f"{player} to move"
    if at_random:
        return f"{player}, at random" if short else f"{player} moves at random"
    return "chance moves"


def marked_value(text: str, *, heuristic: bool = False, bound: str | None = None) -> str:
    """A value's text with its marks, as every picture and caption writes a recorded node's
    value: ``≈`` for a guess (``heuristic``), ``≤``/``≥`` for an ``"upper"``/``"lower"`` bound.

    >>> marked_value("+1", bound="upper"), marked_value("+0.33", heuristic=True)
    ('≤+1', '≈+0.33')
    """
    return ("≈" if heuristic else "") + {"upper": "≤", "lower": "≥"}.get(bound, "") + text


def outlook_text(max_player: str, min_player: str, value, *, exact: bool = True) -> str:
    """What a value for Max means in words: who wins with best play, or what a guess says
    (``exact`` is False when the search stopped at a depth limit somewhere: the value is
    then the heuristic's guess, backed up).

    >>> outlook_text("X", "O", 1), outlook_text("X", "O", 0), outlook_text("X", "O", -0.2, exact=False)
    ('X wins with best play', 'a draw with best play', 'a guess: better for O')
    """
    if value is None:
        return "unknown"
    if not exact:
        if value == 0:
            return "a guess: even"
        return f"a guess: better for {max_player if value > 0 else min_player}"
    if value == 0:
        return "a draw with best play"
    return f"{max_player if value > 0 else min_player} wins with best play"
