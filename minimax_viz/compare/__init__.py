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

The parts: :mod:`.difference` (what a difference is, how the trees are matched),
:mod:`.walk` (the walk that finds the first parting), :mod:`.words` (the words of a parting)
and :mod:`.moves` (the move at the root).

>>> from minimax_viz import GameTree, minimax
>>> from minimax_viz.learner import record_calls
>>> def always_max(game, state, depth):
...     if game.is_terminal(state):
...         return game.utility(state), None
...     return max((always_max(game, game.play(state, m), depth - 1)[0], m) for m in game.moves(state))
>>> game = GameTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> first_difference(record_calls(always_max, game, (), 2), minimax(game))
at B (after a1), a Min node (MIN to move), your search returned 12, the largest of its children's values [3, 12, 8];
Min takes the smallest, 3: ask game.node_type(state) at every node and take the smallest at "min" nodes
"""

from __future__ import annotations

from ..errors import InvalidOption
from ..errors import short_repr as _short
from ..trace import CALL, PRUNED, Node, SearchTree, format_value  # noqa: F401  (importable from here, as before)
from .difference import KINDS_OF_DIFFERENCE, Difference
from .difference import close_numbers, row_paths  # noqa: F401
from .moves import NONE, as_move, move_difference, move_words  # noqa: F401
from .walk import Walk
from .words import cut_words, num_text, nums_text, open_words, window_bounds  # noqa: F401

__all__ = ["Difference", "first_difference", "KINDS_OF_DIFFERENCE"]


def first_difference(mine, right, *, exact=None, memo: bool = True) -> Difference | None:
    """The first place where the search ``mine`` parts from ``right``, or ``None``.

    Both are searches' results or their trees (of the same game and root). With results,
    the root moves are compared too. ``exact``, a minimax tree of the same search, makes
    values compare as alpha-beta's do: a value at or below the node's alpha (in ``right``)
    may be any upper bound of the true value, one at or above beta any lower bound
    (fail-soft and fail-hard alpha-beta are both right). ``memo=True`` accepts a call
    answered without searching when an earlier call met the same position (the game's
    ``key``) and the value is right.

    Parameters
    ----------
    mine : SearchResult, LearnerResult or SearchTree
        The learner's search (usually from :func:`~minimax_viz.record_calls`).
    right : SearchResult or SearchTree
        The engine's search of the same game from the same root.
    exact : SearchResult, SearchTree or None, optional
        A minimax search of the same position, for alpha-beta's bounds (``None``: values
        compare exactly).
    memo : bool, optional
        Whether a call answered from an earlier one's position is accepted (True unless given).

    Returns
    -------
    Difference or None
        Where the searches part, or ``None`` when they do not.

    Raises
    ------
    InvalidOption
        When ``mine``, ``right`` or ``exact`` is neither a search's result nor a
        tree, or ``mine`` and ``right`` are searches of different games or from different roots.
    """
    if not isinstance(memo, bool):
        raise InvalidOption(f"memo is True (a call answered from a memo of the same position is right when its "
                            f"value is) or False, not {_short(memo)}")
    mine_tree, right_tree = _tree(mine), _tree(right)
    _same_search(mine_tree, right_tree)
    walk = Walk(mine_tree, right_tree, _tree(exact) if exact is not None else None, memo)
    walk.limit = getattr(right, "depth", None)
    found = walk.position() or walk.visits() or walk.values()
    if found is None and mine is not mine_tree and right is not right_tree:
        found = move_difference(mine_tree, right_tree, getattr(mine, "move", None), getattr(right, "move", None))
    if found is not None:
        found.trees = (mine_tree, right_tree)
    return found


def _same_search(mine: SearchTree, right: SearchTree) -> None:
    """Refuse two trees of different games or from different roots: no slip is between them."""
    if mine.game is not right.game and _short(mine.game, 10_000) != _short(right.game, 10_000):
        raise InvalidOption(f"first_difference compares two searches of the same game; these are of "
                            f"{_short(mine.game)} and {_short(right.game)}")
    a, b = (t.game.key(t.game.state(t.root.state)) for t in (mine, right))
    if a != b:
        raise InvalidOption(f"first_difference compares two searches from the same position; these start at "
                            f"{_short(mine.root.state)} and {_short(right.root.state)}: search both from one")


def _tree(x) -> SearchTree:
    tree = getattr(x, "tree", x)
    if not isinstance(tree, SearchTree):
        raise InvalidOption(f"first_difference compares searches' results or trees, not {_short(x)}")
    return tree
