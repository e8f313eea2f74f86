"""The source of a learner's player and of what it calls, gathered to be written out alone.

:func:`gather` starts at the player function and walks the names its code reads: a
function of the learner's own (defined in the same module or notebook) comes along with its
source, a module of Python's standard library (or numpy) as an ``import``, a plain constant
as an assignment, and ``mv.BudgetSpent`` and ``mv.centre_first`` as the exported file's own. Anything else (a
lambda, a method, a name that is not defined, the package's engine or internals) is refused
with a :class:`~minimax_viz.MinimaxError` whose words name what to move into the player's
cell. :func:`stub_in` finds a function that is still the lesson's stub.
"""

from __future__ import annotations

import ast
import builtins
import dis
import inspect
import math
import sys
import textwrap
import types
from dataclasses import dataclass, field
from pathlib import Path

from .errors import MinimaxError

__all__ = ["Gathered", "gather", "stub_in"]

#: What a player may use of minimax_viz: the exported file has its own.
ALLOWED_FROM_PACKAGE = ("BudgetSpent", "centre_first")
#: Modules Kaggle's ConnectX runs with, besides the standard library.
ALSO_THERE = ("numpy",)
_PACKAGE = Path(__file__).resolve().parent


@dataclass
class Gathered:
    """What the exported file needs of the learner's code: ``imports`` (lines),
    ``package_alias`` (the learner's name for minimax_viz, if used), ``constants``
    (name: source) and ``functions`` (name: source), the player first."""

    player: str
    imports: dict[str, str] = field(default_factory=dict)
    package_alias: str | None = None
    constants: dict[str, str] = field(default_factory=dict)
    functions: dict[str, str] = field(default_factory=dict)
    trees: dict[str, ast.FunctionDef] = field(default_factory=dict)

    def source(self) -> str:
        """The learner's part of the file, ready to be written between the template's markers."""
        blocks = ["\n".join(sorted(self.imports.values()))]
        if self.package_alias is not None:
            blocks.append(f"class {self.package_alias}:   # what the player uses of minimax_viz, which Kaggle "
                          "does not have\n    BudgetSpent = BudgetSpent\n    centre_first = staticmethod(centre_first)")
        blocks.append("\n".join(f"{name} = {value}" for name, value in self.constants.items()))
        blocks += [text.rstrip() for text in self.functions.values()]
        blocks.append(f"PLAYER = {self.player}")
        return "\n\n\n".join(block for block in blocks if block) + "\n"


def gather(player, *, reserved: frozenset = frozenset()) -> Gathered:
    """The learner's ``player`` and everything of their own it calls, by source.

    ``reserved`` are the names the exported file defines itself (a learner's function may
    not take one).

    >>> def my_player(game, state, budget):
    ...     return max(game.moves(state))
    >>> gathered = gather(my_player)
    >>> list(gathered.functions), gathered.imports
    (['my_player'], {})

    :raises MinimaxError: for a player (or a function it calls) that cannot be written
        out alone; the words say what to move into the player's cell.
    """
    _check_kind(player, "the player")
    found = Gathered(player.__name__)
    queue = [player]
    while queue:
        fn = queue.pop(0)
        if fn.__name__ in found.functions:
            continue
        _check_name(fn.__name__, reserved)
        tree, text = _parse(fn)
        found.functions[fn.__name__], found.trees[fn.__name__] = text, tree
        for name in sorted(_global_names(fn, tree)):
            queue.extend(_take(found, fn, tree, name, reserved))
    return found


def stub_in(gathered: Gathered) -> str | None:
    """The name of a gathered function that is still the stub (its body only raises
    NotImplementedError), the player first; None when none is.

    >>> def my_player(game, state, budget):
    ...     raise NotImplementedError("your code here")
    >>> stub_in(gather(my_player))
    'my_player'
    """
    for name, tree in gathered.trees.items():
        body = tree.body[1:] if ast.get_docstring(tree) is not None else tree.body
        if len(body) == 1 and isinstance(body[0], ast.Raise) and _names_not_implemented(body[0].exc):
            return name
    return None


def _names_not_implemented(exc) -> bool:
    target = exc.func if isinstance(exc, ast.Call) else exc
    return isinstance(target, ast.Name) and target.id == "NotImplementedError"


# -- one function ---------------------------------------------------------------------------------

def _check_kind(fn, what: str) -> None:
    """A plain function defined at the top of a module or a notebook cell, else words."""
    name = getattr(fn, "__name__", None) or type(fn).__name__
    if inspect.ismethod(fn):
        raise MinimaxError(f"{what}, {name}, is a method of an object; write it as a plain function "
                           "def name(game, state, budget) in its own cell")
    if not isinstance(fn, types.FunctionType):
        raise MinimaxError(f"{what} must be a function written with def, not {type(fn).__name__}; "
                           "write it as def name(game, state, budget) in its own cell")
    if _is_ours(fn):
        raise MinimaxError(f"{what}, {name}, is minimax_viz's own, which Kaggle does not have; only "
                           "mv.deepening_player is exported as it is (the file carries its own search): "
                           "write your player in your own cell")
    if fn.__name__ == "<lambda>":
        raise MinimaxError(f"{what} is a lambda, whose source cannot be written out alone; write it as "
                           "def name(game, state, budget) in its own cell")
    if "<locals>" in fn.__qualname__ or fn.__closure__:
        raise MinimaxError(f"{what}, {name}, is defined inside another function and uses its names; move "
                           "it to the top level of its cell")


def _check_name(name: str, reserved: frozenset) -> None:
    if name in reserved:
        raise MinimaxError(f"your function {name} has a name the exported file uses for its own; rename it "
                           f"(the file's own names: {', '.join(sorted(n for n in reserved if not n.startswith('_')))})")


def _parse(fn) -> tuple[ast.FunctionDef, str]:
    """The function's source (dedented) and its ``def``, or words when it cannot be read."""
    try:
        text = textwrap.dedent(inspect.getsource(fn))
        tree = ast.parse(text).body[0]
    except (OSError, TypeError, SyntaxError, IndexError) as err:
        raise MinimaxError(f"the source of {fn.__name__} cannot be read ({type(err).__name__}); define it with "
                           "def in a notebook cell or a .py file and run that again") from None
    if not isinstance(tree, ast.FunctionDef) or tree.name != fn.__name__:
        raise MinimaxError(f"{fn.__name__} is not written as def {fn.__name__}(...) where Python found it; "
                           "define it with def at the top level of its cell")
    if tree.decorator_list:
        raise MinimaxError(f"{fn.__name__} has a decorator, which the exported file would not have; "
                           "take the decorator off")
    return tree, text


def _global_names(fn, tree: ast.FunctionDef) -> set[str]:
    """The global names the function's code reads (its nested functions' too), and those in
    its default values."""
    names, codes = set(), [fn.__code__]
    while codes:
        code = codes.pop()
        names.update(i.argval for i in dis.get_instructions(code) if i.opname in ("LOAD_GLOBAL", "LOAD_NAME"))
        codes.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    defaults = [*tree.args.defaults, *(d for d in tree.args.kw_defaults if d is not None)]
    names.update(n.id for d in defaults for n in ast.walk(d) if isinstance(n, ast.Name))
    return names


# -- one name ----------------------------------------------------------------------------------------

def _take(found: Gathered, fn, tree, name: str, reserved: frozenset) -> list:
    """Note what ``name``, read by ``fn``, brings into the file; the learner's functions to walk next."""
    where = fn.__globals__
    if name not in where:
        if hasattr(builtins, name):
            return []
        raise MinimaxError(f"{fn.__name__} uses {name}, which is not defined where {fn.__name__} was; define "
                           f"{name} in {found.player}'s cell (or run the cell that defines it)")
    value = where[name]
    if isinstance(value, types.ModuleType):
        _take_module(found, fn, tree, name, value)
    elif isinstance(value, types.FunctionType) and value.__module__ == fn.__module__ and not _is_ours(value):
        return [value]
    elif _is_budget_spent(value):
        if name != "BudgetSpent":
            found.constants[name] = "BudgetSpent"
    elif _literal(value) is not None:
        _check_name(name, reserved)
        found.constants[name] = _literal(value)
    else:
        raise MinimaxError(_words_for_value(fn.__name__, name, value, found.player))
    return []


def _take_module(found: Gathered, fn, tree, name: str, module: types.ModuleType) -> None:
    top = module.__name__.split(".")[0]
    if top == "minimax_viz":
        used = sorted({n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
                       and isinstance(n.value, ast.Name) and n.value.id == name} - set(ALLOWED_FROM_PACKAGE))
        if used:
            raise MinimaxError(f"{fn.__name__} uses {name}.{used[0]}, minimax_viz's own, which Kaggle does not "
                               f"have: write it yourself in {found.player}'s cell (for a search, your alphabeta "
                               "of exercise 2); of minimax_viz the exported file has only BudgetSpent and centre_first")
        found.package_alias = name
    elif top in sys.stdlib_module_names or top in ALSO_THERE:
        found.imports[name] = (f"import {module.__name__}" if module.__name__ == name
                               else f"import {module.__name__} as {name}")
    else:
        raise MinimaxError(f"{fn.__name__} uses the module {module.__name__}, which Kaggle's ConnectX may not "
                           "have (it runs with the standard library and numpy); do without it")


def _is_ours(fn) -> bool:
    """Whether ``fn`` is written in minimax_viz's own files (not a learner's)."""
    return Path(fn.__code__.co_filename).resolve().is_relative_to(_PACKAGE)


def _is_budget_spent(value) -> bool:
    return isinstance(value, type) and value.__name__ == "BudgetSpent" and value.__module__.startswith("minimax_viz")


def _literal(value) -> str | None:
    """Python source for a plain constant (a number, text, True/False/None, a tuple of them), else None."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"float({str(value)!r})"
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    if isinstance(value, tuple):
        parts = [_literal(v) for v in value]
        return None if None in parts else "(" + "".join(f"{p}, " for p in parts).rstrip() + ")"
    return None


def _words_for_value(user: str, name: str, value, player: str) -> str:
    """Why ``name`` cannot go into the file, and what to do instead."""
    if isinstance(value, types.FunctionType) and _is_ours(value):
        return (f"{user} calls {name}, minimax_viz's own, which Kaggle does not have: write it yourself in "
                f"{player}'s cell (for a search, your alphabeta of exercise 2)")
    if isinstance(value, types.FunctionType):
        return (f"{user} calls {name}, which comes from {value.__module__}; copy its def into {player}'s cell "
                "so the exported file can carry it")
    return (f"{user} uses {name}, a {type(value).__name__}, which cannot be written into a file of its own; "
            f"keep only functions, numbers and text outside {player}, or build {name} inside it")
