"""The move at the root: the learner's, read as a move of the game (given as the move or by
its name), beside the right search's, and the words when they differ."""

from __future__ import annotations

from ..errors import short_repr as _short
from ..trace import SearchTree
from .difference import Difference, close_numbers
from .words import num_text

__all__ = ["NONE", "move_difference", "as_move", "move_words"]

NONE = object()   # no move at all (the learner's search returned None)


def move_difference(mine: SearchTree, right: SearchTree, got, want) -> Difference | None:
    """Where the learner's root move ``got`` differs from the right one, ``want``; else None."""
    game, root = right.game, right.root
    if root.node_type == "chance":   # nobody chooses at the root: there is no move to compare
        return None
    state = root.internal_state
    got_m, want_m = as_move(game, state, got), as_move(game, state, want)
    if got_m is not NONE and type(got_m) is type(want_m) and got_m == want_m:
        return None
    if got_m is NONE and want_m is NONE:
        return None
    ties = [c.move for c in root.children if not c.pruned and close_numbers(c.score, root.score)]
    name = move_words(game, state)
    if got_m in ties and len(ties) > 1:
        words = (f"moves {', '.join(name(m) for m in ties)} tie at {num_text(root.score)}; the first best move "
                 f"in game.moves order is {name(ties[0])}, you returned {name(got_m)}: replace the best only "
                 "when a value is strictly better (> at Max, < at Min)")
    else:
        given = name(got) if got_m is NONE else name(got_m)
        words = f"you returned the move {given}, but the best move is {name(want_m)}"
    return Difference("move", words, mine.root, root)


def as_move(game, state, move):
    """A root move as a move of ``game.moves`` (given as the move or by its name), or NONE."""
    if hasattr(move, "shape"):   # numpy: a number in numpy's clothes is that number; an array is no move
        if getattr(move, "shape", None) != ():
            return move
        move = move.item()
    try:
        moves = list(game.moves(state))
        if isinstance(move, bool):
            return move
        if any(type(m) is type(move) and m == move for m in moves):   # a move as the game lists it
            return move
        if isinstance(move, int) and move in moves:
            return move
        names = [game.move_name(state, m) for m in moves]
        if isinstance(move, (int, str)) and move in names:
            return moves[names.index(move)]
    except Exception:
        pass
    return NONE if move is None else move


def move_words(game, state):
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

