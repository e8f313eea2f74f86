"""Minimax, alpha-beta and expectimax: one implementation, with recording and options.

Seed pseudocode, which the dispatcher ``value`` and the handlers of Max and Min nodes
follow::

    def minimax(state, depth):
        if depth == 0 or game_over(state):
            return evaluate(state)
        if node_type(state) == "max":
            best_value = -inf
            for child in generate_children(state):
                value = minimax(child, depth - 1)
                best_value = max(best_value, value)
            return best_value
        else:
            ... the same with +inf and min

The game says at every node what kind it is (``game.node_type``): Max, Min or chance;
nothing assumes that the players alternate, so two Min agents may move in a row.
Alpha-beta is the same walk with a window ``(alpha, beta)``: a Max node stops looking
at its children once it has found a value Min would never allow (``>= beta``), and a
Min node once Max would never allow it (``<= alpha``). Expectimax averages at chance
nodes, weighting each outcome by its probability, and takes Min to move at random.
Recording, depth limits, move ordering, a memo (transposition) table, quicker wins, a
solver's win check and narrowed window, and a budget of calls or seconds are options of
this one code path; the search tells a
recorder what happens and never draws. :func:`iterative_deepening` runs it again and
again, one ply deeper each time.

The shape of the code (``_search`` puts it together): a dispatcher ``value`` is called
once per node; it counts the call, scores a leaf (a finished game, or the depth limit),
writes the node's row when recording, and hands every other node to the handler of its
kind (``_max_handler``, ``_min_handler``, ``_chance_handler``), which loops over the
children and calls ``value`` for each. With a memo table, each handler sits behind it
(``_memo_handlers``): a position the table answers is a hit, any other is searched and
stored. The handlers share ``_Parts``; the memo table (``_Memo``), the budget (``_Budget``) and the
pruning rule with its counts (``_Cutoffs``) are passed in, each None when unused. Move
ordering only changes where the children come from: the game's ``successors``, its
``successors_by_priority`` for :func:`centre_first` (a table look-up in tic-tac-toe), or
any ``order`` function, checked at every node. Everything runs once per node of trees of
half a million nodes, so the per-node work is kept to a few comparisons: the game's
look-ups and the columns' ``append`` are bound to local names once per search, rows are
written inline (no Python call per row), and a cutoff appends its stubs row by row.

The parts: :mod:`.algorithms` (the four search functions), :mod:`.engine` (the dispatcher and
the handlers), :mod:`.tables` (the budget, the cutoffs, the memo and reuse tables),
:mod:`.ordering` (move orders), :mod:`.deepening` (iterative deepening), :mod:`.options` (the
options, checked where they enter) and :mod:`.results`. Every public name is importable from here.
"""

from .algorithms import alphabeta, expectimax, expectiminimax, minimax
from .deepening import iterative_deepening
from .options import DEFAULT_MAX_CALLS
from .ordering import best_first, centre_first
from .results import SearchResult, SearchStats

__all__ = [
    "minimax", "alphabeta", "expectimax", "expectiminimax", "iterative_deepening", "SearchResult", "SearchStats",
    "centre_first", "best_first", "DEFAULT_MAX_CALLS",
]
