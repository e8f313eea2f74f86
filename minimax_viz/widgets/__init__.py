"""Interactive widgets for JupyterLab: a stepper, an explorer and a play board.

* :class:`Stepper` replays a recorded search one event at a time, forwards and back.
* :class:`Explorer` searches a tic-tac-toe position you set up, with the options you pick.
* :class:`PlayBoard` lets you play against the unbeatable AI.

Each one keeps its ipywidgets in ``.widget`` and shows itself when it ends a notebook
cell. This package is the only place that imports ipywidgets, and only when a widget is
made, so ``import minimax_viz`` stays light. The widgets call the search and the drawing
and never do either themselves; pictures are PNG images (core ipywidgets only, nothing
to install in JupyterLab).
"""

from .explorer import Explorer
from .play import PlayBoard
from .stepper import Stepper

__all__ = ["Stepper", "Explorer", "PlayBoard"]
