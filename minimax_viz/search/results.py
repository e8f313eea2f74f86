"""What a search returns: its counts (:class:`SearchStats`) and its answer (:class:`SearchResult`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import short_repr as _short
from ..trace import SearchTree


@dataclass
class SearchStats:
    """Counts of one search.

    ``calls`` counts recursive calls, the root included; ``leaves`` the calls scored
    without children (finished games and depth-limit cutoffs), of which ``horizon`` were
    scored by the heuristic at the depth limit; ``hits`` the calls answered by the memo
    table; ``cutoffs`` the times alpha-beta stopped early at a node with children left
    unsearched; ``pruned`` the children those cutoffs skipped; ``max_depth`` the deepest
    ply reached below the root. Each is an attribute of the same name.

    Parameters
    ----------
    calls : int, optional
        Recursive calls, the root included.
    leaves : int, optional
        Calls scored without children.
    cutoffs : int, optional
        Nodes where alpha-beta stopped with children left unsearched.
    pruned : int, optional
        Children skipped by those cutoffs.
    max_depth : int, optional
        The deepest ply reached below the root.
    hits : int, optional
        Calls answered by the memo table.
    horizon : int, optional
        Leaves scored by the heuristic at the depth limit.
    """

    calls: int = 0
    leaves: int = 0
    cutoffs: int = 0
    pruned: int = 0
    max_depth: int = 0
    hits: int = 0
    horizon: int = 0


@dataclass
class SearchResult:
    """What a search found: ``score`` (for Max), ``move`` (best root move), ``tree``, ``stats``.

    ``depth`` is the depth searched (``None``: to the end of the game); ``solved`` is
    True when no line stopped at the depth limit, so the score is the game's exact
    value; ``interrupted`` is True when :func:`iterative_deepening` was stopped by
    Ctrl-C (or the notebook's stop button) and returned its last completed depth.
    Each is an attribute of the same name; the searches make these, not their callers.

    Parameters
    ----------
    score : float
        The value of the root for Max.
    move : object or None
        The best move at the root (``None`` at a finished game).
    tree : SearchTree or None
        The recorded search, or ``None`` when not recorded.
    stats : SearchStats
        The counts.
    depth : int or None, optional
        The depth searched.
    solved : bool, optional
        Whether the score is the game's exact value.
    interrupted : bool, optional
        Whether the search was stopped and answered from its last completed depth.
    """

    score: float
    move: int | None
    tree: SearchTree | None
    stats: SearchStats
    depth: int | None = None
    solved: bool = True
    interrupted: bool = False

    def __repr__(self) -> str:
        extra = "" if self.depth is None else f", depth={self.depth}"
        extra += ", interrupted=True" if self.interrupted else ""
        return (
            f"SearchResult(score={_short(self.score)}, move={_short(self.move)}, "
            f"calls={self.stats.calls}, pruned={self.stats.pruned}{extra})"
        )
