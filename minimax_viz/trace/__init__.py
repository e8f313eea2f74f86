"""The recording of a search: every call a row in compact columns, with light node views.

The search tells a :class:`Recorder` what happens (a call is entered, a leaf is scored,
children are cut off, a call returns); the recorder keeps one row per node in parallel
``array`` columns, in the order the nodes were created (a depth-first pre-order), so the
549,946 calls of the whole tic-tac-toe tree take about 20 bytes each. A node's state is
not stored: it is replayed from the root along the moves when asked for.

:class:`SearchTree` hands out :class:`Node` views, replays the search as a stream of
:class:`Event` objects, prints a deterministic text trace, and converts to networkx.

The parts: :mod:`.recorder` (the columns as the search writes them), :mod:`.node` (the node
views), :mod:`.tree` (the tree, its replay and text), :mod:`.columns` (what follows from the
columns alone) and :mod:`.words` (the one number formatter and the one formatter of events:
no module outside the trace formats event words). Every name is importable from here.
"""

from __future__ import annotations

import math  # noqa: F401  (tests read minimax_viz.trace.math.inf)

from .columns import Columns
from .node import Node
from .recorder import DEFAULT_MAX_NODES, KINDS, Recorder
from .recorder import CALL, HIT, HORIZON, LEAF, PRUNED  # noqa: F401
from .tree import Event, SearchTree  # noqa: F401
from .words import (EventParts, bound_text, call_text, event_text, format_probability, format_value, marked_value,
                    move_text, node_name, outlook_text, parting_text, stub_text, who_text,
                    window_text)

__all__ = [
    "SearchTree", "Node", "Event", "EventParts", "Recorder", "Columns", "KINDS", "DEFAULT_MAX_NODES",
    "format_value", "format_probability", "event_text", "move_text", "call_text", "who_text", "outlook_text",
    "marked_value", "window_text", "bound_text", "stub_text", "parting_text", "node_name",
]
