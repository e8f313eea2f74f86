"""How the calls of a learner's recursive search are seen, whatever shape the recursion takes.

Which of the learner's functions recurse is read from their code (:func:`search_functions`,
:func:`local_searches`, :func:`recurses`); then one of three watchers notes each call for a
recording (an object with ``enter``, ``leave`` and ``stack``, :mod:`minimax_viz.learner`'s):

- :class:`Bound` binds the names the search calls itself by to a recording wrapper (the fast
  way, for functions named in a module or a closure), and puts them back afterwards;
- :class:`Profiled` follows the frames of known code objects (functions the search defines
  as it runs);
- :class:`Traced` follows every frame of the learner's own code (a method, a callable object,
  a staticmethod, a partial) and replays the calls of the code that recursed.

The names are the package's, not the public API's.
"""

from __future__ import annotations

import dis
import inspect
import math
import types
from typing import Callable

from .arguments import WINDOW_NAMES, is_number, window_names

__all__ = ["search_functions", "local_searches", "recurses", "code_of", "code_takes_window", "takes_window",
           "learner_code", "Bound", "Profiled", "Traced"]


def search_functions(search: Callable) -> list[Callable]:
    """``search`` and the functions of the same module that it calls and that call back
    into a cycle with it or among themselves (mutual recursion: AIMA's ``max_value`` and
    ``min_value``); helpers that never lead back (a ``better(a, b)``) are left out.

    >>> def max_value(game, s): return min_value(game, s)
    >>> def min_value(game, s): return max_value(game, s)
    >>> def search(game, s): return max_value(game, s)
    >>> [f.__name__ for f in search_functions(search)]
    ['search', 'max_value', 'min_value']
    """
    base = inspect.unwrap(search)
    if not isinstance(base, types.FunctionType):
        return [search]
    graph: dict = {}
    todo = [search]
    while todo:
        f = todo.pop()
        if f in graph:
            continue
        graph[f] = callees(f)
        todo.extend(graph[f])
    reach = {f: reachable(graph, f) for f in graph}
    cyclic = [f for f in graph if f in reach[f]]
    return [search] + [f for f in _order(graph, search) if f is not search and f in cyclic]


def callees(f) -> list:
    """The functions ``f`` names: module-level ones of its own module (in its code and
    nested code) and the functions its closure holds (a search written inside another
    function), resolved."""
    base = inspect.unwrap(f)
    if not isinstance(base, types.FunctionType):
        return []
    out = []
    for name in global_names(base.__code__):
        target = base.__globals__.get(name)
        unwrapped = inspect.unwrap(target) if callable(target) else None
        if isinstance(unwrapped, types.FunctionType) and unwrapped.__globals__ is base.__globals__:
            out.append(target)
    for cell in base.__closure__ or ():
        try:
            target = cell.cell_contents
        except ValueError:   # an empty cell
            continue
        if isinstance(inspect.unwrap(target) if callable(target) else None, types.FunctionType):
            out.append(target)
    return out


def global_names(code) -> dict:
    """The global names that ``code`` and the code nested in it (its inner functions,
    comprehensions and lambdas) load, each once, as the keys of a dict (in the order
    first met)."""
    names, codes = [], [code]
    while codes:
        code = codes.pop()
        names += [ins.argval for ins in dis.get_instructions(code) if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME")]
        codes += [c for c in code.co_consts if isinstance(c, types.CodeType)]
    return dict.fromkeys(n if isinstance(n, str) else n[1] for n in names)


def code_of(f):
    base = inspect.unwrap(f)
    return getattr(base, "__code__", None)


def local_searches(search) -> set:
    """The code of the functions ``search`` defines inside itself that recurse (themselves
    or each other, AIMA's ``max_value`` and ``min_value`` inside ``alphabeta_search``)."""
    code = code_of(search)
    if code is None:
        return set()
    nested, todo = [], [code]
    while todo:
        c = todo.pop()
        inner = [k for k in c.co_consts if isinstance(k, types.CodeType)]
        nested += inner
        todo += inner
    by_name: dict = {}
    for c in nested:
        by_name.setdefault(c.co_name, []).append(c)
    graph = {c: [d for name in c.co_freevars for d in by_name.get(name, [])] for c in nested}
    return {c for c in nested if c in reachable(graph, c)}


def code_takes_window(code) -> bool:
    names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    return any(a in names and b in names for a, b in WINDOW_NAMES)


class Profiled:
    """Records the calls of the given code objects from their frames (``sys.setprofile``):
    for searches whose recursive functions are made inside another function's call, where
    no name can be rebound beforehand. The profiler is put back on the way out."""

    def __init__(self, codes: set, recording):
        self.codes, self.recording, self.open = codes, recording, []

    def _event(self, frame, event, arg):
        if event == "call" and frame.f_code in self.codes:
            code = frame.f_code
            names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
            bound = {n: frame.f_locals[n] for n in names if n in frame.f_locals}
            node = self.recording.enter(bound, tuple(bound.values()))
            self.open.append((frame, node))
        elif event == "return" and self.open and self.open[-1][0] is frame:
            _, node = self.open.pop()
            if node is not None:
                self.recording.stack.pop()
                self.recording.leave(node, arg)

    def __enter__(self):
        import sys

        self.old = sys.getprofile()
        sys.setprofile(self._event)
        return self

    def __exit__(self, *exc):
        import sys

        sys.setprofile(self.old)
        return False


def recurses(search, functions) -> bool:
    """True when the code shows how ``search`` recurses: through functions named in its
    module or closure (``functions``, found by :func:`search_functions`), itself among them."""
    if len(functions) > 1:
        return True
    base = inspect.unwrap(search)
    if not isinstance(base, types.FunctionType):
        return False
    return any(inspect.unwrap(f) is base for f in callees(search))


def learner_code(code) -> bool:
    """True for code the learner wrote: not the package's, not Python's own or an installed
    library's (a notebook cell, a test module, a script)."""
    name = code.co_filename
    return not (name.startswith(_NOT_LEARNERS) or name.startswith("<frozen"))


def _installed() -> tuple:
    import os
    import sysconfig

    paths = {sysconfig.get_paths().get(k) for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    return tuple(sorted(p for p in paths if p)) + (os.path.dirname(os.path.abspath(__file__)) + os.sep,)


_NOT_LEARNERS = _installed()


class Traced:
    """Records a search whose recursion no name shows (a method, a callable object, a
    staticmethod, a partial): every call of the learner's own code is noted as it comes in
    (its arguments, a board copied as it was) and as it returns (``sys.setprofile``); then
    the calls of the code that recursed (a cycle of calls among the learner's functions)
    and of the first function called are replayed into the recording as its nodes."""

    def __init__(self, recording):
        self.recording = recording
        self.log: list = []        # ("call", code, bound, args) and ("return", value), in order
        self.open: list = []       # the learner's frames open now, each with its code
        self.edges: set = set()    # (caller's code, callee's code)

    def _event(self, frame, event, arg):
        if event == "call" and learner_code(frame.f_code):
            code = frame.f_code
            names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
            bound = {n: _snapshot(frame.f_locals[n]) for n in names if n in frame.f_locals}
            if self.open:
                self.edges.add((self.open[-1][1], code))
            self.open.append((frame, code))
            self.log.append(("call", code, bound, tuple(bound.values())))
        elif event == "return" and self.open and self.open[-1][0] is frame:
            self.open.pop()
            self.log.append(("return", arg))

    def run(self, search, args, kwargs):
        """Run ``search(*args, **kwargs)`` under the profiler, then replay its recursive calls."""
        import sys

        old = sys.getprofile()
        sys.setprofile(self._event)
        try:
            returned = search(*args, **kwargs)
        finally:
            sys.setprofile(old)
        self._replay()
        return returned

    def _replay(self) -> None:
        calls = [entry for entry in self.log if entry[0] == "call"]
        if not calls:
            return
        nodes = self._recursive() | {calls[0][1]}
        recording = self.recording
        recording.need_window(any(window_names(b) for _, code, b, _ in calls if code in nodes))
        stack = []
        for entry in self.log:
            if entry[0] == "call":
                _, code, bound, args = entry
                stack.append(recording.enter(bound, args) if code in nodes else None)
            elif stack:
                node = stack.pop()
                if node is not None:
                    recording.stack.pop()
                    recording.leave(node, entry[1])

    def _recursive(self) -> set:
        graph: dict = {}
        for a, b in self.edges:
            graph.setdefault(a, []).append(b)
        return {code for code in graph if code in reachable(graph, code)}


def _snapshot(value):
    """A call's argument as the call saw it: a list (a board changed in place later) copied."""
    return list(value) if type(value) is list else value


def reachable(graph, start) -> set:
    seen, todo = set(), list(graph.get(start, []))
    while todo:
        f = todo.pop()
        if f not in seen:
            seen.add(f)
            todo += graph.get(f, [])
    return seen


def _order(graph, start) -> list:
    out, todo = [], [start]
    while todo:
        f = todo.pop(0)
        if f not in out:
            out.append(f)
            todo += graph.get(f, [])
    return out


def takes_window(functions) -> bool:
    """True when one of ``functions`` takes a window: a pair of parameters named for one
    (``alpha`` and ``beta`` ...), or two whose defaults are -inf and +inf."""
    for f in functions:
        try:
            parameters = inspect.signature(f).parameters
        except (TypeError, ValueError):
            continue
        if any(a in parameters and b in parameters for a, b in WINDOW_NAMES):
            return True
        defaults = [p.default for p in parameters.values() if is_number(p.default)]
        if -math.inf in defaults and math.inf in defaults:
            return True
    return False


class Bound:
    """Binds each function's global names (and a closure's cell that holds it) to its
    recording wrapper while the search runs, and puts them back on the way out."""

    def __init__(self, functions, wrap):
        self.functions, self.wrap, self.undo = functions, wrap, []

    def __enter__(self):
        watched = {id(f): f for f in self.functions}
        namespaces, cells = {}, {}
        for f in self.functions:
            base = inspect.unwrap(f)
            namespace = getattr(base, "__globals__", None)
            if namespace is not None:
                namespaces[id(namespace)] = namespace
            for cell in getattr(base, "__closure__", None) or ():
                cells[id(cell)] = cell
        for namespace in namespaces.values():
            for name, value in list(namespace.items()):
                if id(value) in watched and value is watched[id(value)]:
                    self.undo.append((namespace.__setitem__, name, value))
                    namespace[name] = self.wrap(value)
        for cell in cells.values():
            try:
                value = cell.cell_contents
            except ValueError:   # an empty cell
                continue
            if id(value) in watched and value is watched[id(value)]:
                self.undo.append((lambda _, v, c=cell: setattr(c, "cell_contents", v), None, value))
                cell.cell_contents = self.wrap(value)
        return self

    def __exit__(self, *exc):
        for put, name, value in reversed(self.undo):
            put(name, value)
        return False
