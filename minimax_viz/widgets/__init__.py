"""Interactive widgets for JupyterLab: a stepper, an explorer and a play board.

* :class:`Stepper` replays a recorded search one event at a time, forwards and back.
* :class:`Explorer` searches a tic-tac-toe position you set up, with the options you pick.
* :class:`PlayBoard` lets you play tic-tac-toe or Connect Four against the AI.
* :class:`SearchProgress` (and :func:`search_with_progress`) follows iterative deepening live.
* :class:`PruningQuiz` asks which leaves alpha-beta skips, on random trees.

Each one keeps its ipywidgets in ``.widget`` and shows itself when it ends a notebook
cell. This package is the only place that imports ipywidgets (and ipyevents), and only
when a widget is made, so ``import minimax_viz`` stays light. The widgets call the search
and the drawing and never do either themselves; pictures are PNG images, and a click on a
tree picture (ipyevents, whose JupyterLab extension comes prebuilt with the pip package)
focuses it on the node clicked (:class:`~.navigate.TreeNavigator`).
"""

from .explorer import Explorer
from .play import PlayBoard
from .progress import SearchProgress, search_with_progress
from .quiz import PruningQuiz
from .stepper import Stepper

__all__ = ["Stepper", "Explorer", "PlayBoard", "SearchProgress", "search_with_progress", "PruningQuiz"]
