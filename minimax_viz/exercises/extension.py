"""The ``%%solution`` cell magic: a worked solution that never replaces the learner's work.

A lesson loads it with ``%load_ext minimax_viz``. A solution cell that starts with
``%%solution`` runs in a namespace of its own: a shallow copy of the learner's namespace
(so it sees ``mv``, ``math`` and the lesson's helpers), with the names earlier solution
cells defined laid over it (so lesson 02's ``minimax`` solution calls the solutions of
``terminal_score`` and ``best_test_play``, not the learner's stubs). Whatever the solution
defines stays there: the learner's ``minimax`` is still the learner's after the cell ran,
and the cells below judge and draw the learner's code, finished or not.

The cell behaves as a cell otherwise: an error in it (a failing ``.assert_ok()``) is the
cell's error, and a last line that is an expression shows its value. Loading the extension
also starts the checks' watch on the cells that run (:mod:`minimax_viz.exercises.session`).
This module imports nothing from IPython; it uses only the shell it is given.
"""

from __future__ import annotations

import ast
import itertools
import linecache
from typing import Any

from .session import unwatch, watch

__all__ = ["SolutionMagic", "load_ipython_extension", "unload_ipython_extension", "MAGIC_NAME"]

#: The cell magic's name: a solution cell's first line is ``%%solution``.
MAGIC_NAME = "solution"

_numbers = itertools.count(1)


def _split_last_expression(source: str) -> tuple[ast.Module, ast.Expression | None]:
    """The statements of `source`, and its last statement apart when it is an expression."""
    tree = ast.parse(source)
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
        return tree, last
    return tree, None


def _filename(source: str) -> str:
    """A name for the cell's code, with its lines in :mod:`linecache` so tracebacks show them."""
    name = f"<solution {next(_numbers)}>"
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    return name


class SolutionMagic:
    """The ``%%solution`` cell magic of one shell, and the names its solution cells defined.

    Parameters
    ----------
    user_ns : dict
        The learner's namespace (the shell's ``user_ns``).
    transform : callable or None, optional
        A function applied to a cell's source before it runs.

    Examples
    --------
    >>> magic = SolutionMagic(user_ns={"learners": "mine"})
    >>> magic("", "learners = 'the solution'\\nlearners.upper()")
    'THE SOLUTION'
    >>> magic.user_ns["learners"], magic.solutions["learners"]
    ('mine', 'the solution')
    """

    def __init__(self, *, user_ns: dict, transform=None):
        self.user_ns = user_ns
        self.transform = transform
        self.solutions: dict[str, Any] = {}

    def namespace(self) -> dict:
        """A fresh namespace for a solution: the learner's names, then the earlier solutions'.

        Returns
        -------
        dict
            The namespace.
        """
        return {**self.user_ns, **self.solutions}

    def __call__(self, line: str, cell: str) -> Any:
        """Run `cell` in a namespace of its own; the value of its last expression, if any."""
        __tracebackhide__ = True  # noqa: F841 - IPython's tracebacks start in the solution's code
        source = self.transform(cell) if self.transform is not None else cell
        namespace = self.namespace()
        before = dict(namespace)
        body, last = _split_last_expression(source)
        filename = _filename(source)
        try:
            exec(compile(body, filename, "exec"), namespace)  # noqa: S102 - the lesson's own cell
            return eval(compile(last, filename, "eval"), namespace) if last is not None else None  # noqa: S307
        finally:
            self._keep(namespace, before)

    def _keep(self, namespace: dict, before: dict) -> None:
        """Remember what the solution bound, for the solution cells below it."""
        for name, value in namespace.items():
            if name != "__builtins__" and (name not in before or before[name] is not value):
                self.solutions[name] = value


def load_ipython_extension(ipython) -> None:
    """Register ``%%solution`` in `ipython` and watch its cells for the checks
    (:func:`minimax_viz.exercises.session.watch`); ``%load_ext minimax_viz`` calls this.

    Parameters
    ----------
    ipython : IPython.core.interactiveshell.InteractiveShell
        The running shell.
    """
    magic = SolutionMagic(user_ns=ipython.user_ns, transform=getattr(ipython, "transform_cell", None))
    ipython.register_magic_function(magic, magic_kind="cell", magic_name=MAGIC_NAME)
    watch(ipython)


def unload_ipython_extension(ipython) -> None:
    """Take ``%%solution`` and the watch on the cells out of `ipython` (``%unload_ext minimax_viz``).

    Parameters
    ----------
    ipython : IPython.core.interactiveshell.InteractiveShell
        The running shell.
    """
    ipython.magics_manager.magics["cell"].pop(MAGIC_NAME, None)
    unwatch(ipython)
