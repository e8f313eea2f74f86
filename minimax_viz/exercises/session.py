"""What the checks know about the notebook they run in: which cells ran, and which failed.

In a notebook, a learner's name can outlive its cell. Edit the stub of ``is_win``, run it,
get a ``SyntaxError``: the ``is_win`` in the kernel is still the earlier one, and a check
would judge that one ("Right!"). Rename the function in its cell, and the old name lives
on. This module watches the cells IPython runs (its ``pre_run_cell`` and ``post_run_cell``
events, from ``%load_ext minimax_viz`` on) and tells a check, in words, when a name the check
cell uses is not what the learner's latest cell says (:func:`stale_words`); every
:class:`~minimax_viz.exercises.Feedback` asks it, so every check notices.

It also turns a ``NameError`` raised by a cell itself (a check run before its stub, a cell
run out of order) into one line that says what to run first, instead of a traceback.

Outside IPython (plain Python, pytest, a script) nothing is watched, :func:`stale_words`
returns None and nothing here raises.
"""

from __future__ import annotations

import ast
import re
import sys
import weakref
from dataclasses import dataclass
from typing import Any

from ..verdict import STALE_CHECKS

__all__ = ["watch", "unwatch", "stale_words", "Session"]

#: Where the words send a learner whose kernel lost its state.
RUN_ALL = "after a kernel restart, run the lesson from the top (Run > Run All Cells)"


@dataclass(frozen=True)
class Ran:
    """One cell as it ran: its number (``In [n]``), id, source and error, if any."""

    count: int | None
    cell_id: str | None
    source: str
    error: BaseException | None
    before_exec: bool  # the error stopped it before anything ran (a SyntaxError)


def _shell():
    """The running IPython shell, or None (never imports IPython)."""
    ipython = sys.modules.get("IPython")
    try:
        return ipython.get_ipython() if ipython is not None else None
    except Exception:  # noqa: BLE001 - an odd IPython: behave as outside it
        return None


def defines(source: str, name: str) -> bool:
    """Whether a cell's text defines ``name`` at its top level (``def``, ``class`` or ``=``),
    read as text, so a cell that does not parse counts too.

    >>> defines("def is_win(board, mark):\\n    return ...", "is_win"), defines("n_moves = 3", "n_moves")
    (True, True)
    >>> defines("print(is_win(b, 'X'))", "is_win"), defines("to_move, n_moves = 'X', 3", "n_moves")
    (False, True)
    """
    word = re.escape(name)
    patterns = (rf"^(?:async\s+)?def\s+{word}\s*\(", rf"^class\s+{word}\b",
                rf"^(?:[A-Za-z_]\w*\s*,\s*)*{word}\s*(?:,\s*[A-Za-z_]\w*\s*)*(?::[^=\n]*)?=(?!=)")
    return any(re.search(p, source, re.MULTILINE) for p in patterns)


def _defining(runs: list[Ran], name: str) -> list[Ran]:
    """The cells in `runs` that define `name` for the learner: a ``%%solution`` cell defines
    its names in a namespace of its own (:mod:`minimax_viz.exercises.extension`), so it does not.

    >>> run = lambda text: Ran(1, None, text, None, False)
    >>> [r.source[:10] for r in _defining([run("def f():"), run("%%solution\\ndef f():")], "f")]
    ['def f():']
    """
    return [r for r in runs if defines(r.source, name) and not r.source.lstrip().startswith("%%solution")]


def _used_names(source: str) -> list[str]:
    """The names a cell reads, in order, once each."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    seen: dict[str, None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            seen.setdefault(node.id, None)
    return list(seen)


def _what_stopped(ran: Ran) -> str:
    error = ran.error
    if isinstance(error, SyntaxError):
        where = f" at line {error.lineno}" if error.lineno else ""
        return f"a {type(error).__name__}{where}, so nothing in it ran"
    return f"{type(error).__name__}: {error}"


class Session:
    """The cells run in one IPython shell since ``import minimax_viz``, and what they defined.

    Parameters
    ----------
    shell : IPython.core.interactiveshell.InteractiveShell
        The shell whose cells it follows.
    """

    def __init__(self, shell):
        self.shell = shell
        self.runs: list[Ran] = []
        self._current: tuple[str, str | None] | None = None
        self._cached: tuple[int, Any] | None = None

    # -- IPython's events ---------------------------------------------------------------------
    def pre_run_cell(self, info) -> None:
        """IPython's ``pre_run_cell`` event: note the cell about to run.

        Parameters
        ----------
        info : IPython.core.interactiveshell.ExecutionInfo
            The cell's source and id.
        """
        self._current = (getattr(info, "raw_cell", "") or "", getattr(info, "cell_id", None))
        self._cached = None

    def post_run_cell(self, result) -> None:
        """IPython's ``post_run_cell`` event: note what the cell defined, and whether it failed.

        Parameters
        ----------
        result : IPython.core.interactiveshell.ExecutionResult
            The cell's result.
        """
        info = getattr(result, "info", None)
        source = getattr(info, "raw_cell", None) or (self._current or ("", None))[0]
        before = getattr(result, "error_before_exec", None)
        error = before or getattr(result, "error_in_exec", None)
        self.runs.append(Ran(getattr(result, "execution_count", None), getattr(info, "cell_id", None),
                             source, error, before is not None))
        self._current, self._cached = None, None

    # -- what the checks ask ------------------------------------------------------------------
    def stale(self, name: str, value: Any = None) -> tuple[str, str] | None:
        """``(message, hint)`` when ``name`` is not what the learner's latest cells say.

        Parameters
        ----------
        name : str
            A name the learner defines.
        value : object, optional
            The value the name holds now.

        Returns
        -------
        tuple of str or None
            ``(message, hint)``, or None when the name is current.
        """
        defining = _defining(self.runs, name)
        if not defining:
            return None
        latest = defining[-1]
        if latest.error is not None and not self._defined_by(value, latest):
            return self._failed_words(name, defining)
        return self._rerun_words(name, latest)

    @staticmethod
    def _failed_words(name: str, defining: list[Ran]) -> tuple[str, str]:
        """The words for ``name`` when the latest of the cells ``defining`` it failed: it is
        still the one an earlier cell made."""
        latest = defining[-1]
        earlier = next((r for r in reversed(defining[:-1]) if r.error is None), None)
        since = f"the one from In [{earlier.count}]" if earlier is not None else "an earlier one"
        return (f"this check would judge an older {name}: In [{latest.count}], the cell that defines it, "
                f"stopped with {_what_stopped(latest)}, and {name} is still {since}.",
                "fix that cell and run it, then run this check again.")

    def _rerun_words(self, name: str, latest: Ran) -> tuple[str, str] | None:
        """The words for ``name`` when its cell, ``latest``, ran again later without defining
        it; None when it did not."""
        if latest.cell_id is None:
            return None
        again = [r for r in self.runs if r.cell_id == latest.cell_id and r.count and latest.count
                 and r.count > latest.count]
        if not again:
            return None
        return (f"{name} is left over from before: its cell ran as In [{latest.count}], then again as "
                f"In [{again[-1].count}] without defining {name}.",
                f"define {name} in that cell again and run it, or {RUN_ALL}.")

    def _defined_by(self, value: Any, ran: Ran) -> bool:
        """Whether ``value`` (a function) was made by that cell's own code, before it failed."""
        code = getattr(value, "__code__", None)
        return code is not None and ran.count is not None and _cell_number(self.shell, code.co_filename) == ran.count

    def stale_in_current_cell(self) -> tuple[str, str] | None:
        """The first name the running cell reads that is stale, in words; else None.

        Returns
        -------
        tuple of str or None
            ``(message, hint)``, or None.
        """
        if self._current is None:
            return None
        count = getattr(self.shell, "execution_count", None)
        if self._cached is not None and self._cached[0] == count:
            return self._cached[1]
        namespace = getattr(self.shell, "user_ns", {})
        found = None
        source = self._current[0]
        for name in _used_names(source):
            if name in namespace and not isinstance(namespace[name], type(sys)) and not defines(source, name):
                found = self.stale(name, namespace[name])
                if found:
                    break
        self._cached = (count, found)
        return found

    # -- a NameError raised by a cell itself -------------------------------------------------
    def name_error(self, shell, etype, value, tb, tb_offset=None):
        """IPython's handler for NameError: one line of words when a cell's own code named
        something not defined yet; the usual traceback when the error is deeper.

        Parameters
        ----------
        shell : IPython.core.interactiveshell.InteractiveShell
            The shell.
        etype : type
            The error's type (NameError).
        value : NameError
            The error.
        tb : traceback
            Its traceback.
        tb_offset : int or None, optional
            As IPython passes it.
        """
        last = tb
        while last is not None and last.tb_next is not None:
            last = last.tb_next
        code = last.tb_frame.f_code if last is not None else None
        in_cell = code is not None and code.co_name == "<module>" and \
            _cell_number(shell, code.co_filename) is not None
        if not in_cell:
            shell.showtraceback((etype, value, tb), tb_offset=tb_offset, running_compiled_code=True)
            return None
        sys.last_type, sys.last_value, sys.last_traceback = etype, value, tb
        # IPython's public showtraceback would add "An exception has occurred, use %tb ..." (or
        # the cell's frame) to the one line: its private _showtraceback shows the line alone.
        shell._showtraceback(etype, value, [self.name_error_words(value)])
        return None

    def name_error_words(self, error: NameError) -> str:
        """One line for a NameError: the cell to run first.

        Parameters
        ----------
        error : NameError
            The error.

        Returns
        -------
        str
            The words.
        """
        name = getattr(error, "name", None) or (re.findall(r"'(\w+)'", str(error)) or ["it"])[0]
        defining = _defining(self.runs, name)
        if defining and defining[-1].error is not None:
            ran = defining[-1]
            return (f"NameError: {name} is not defined yet: In [{ran.count}], the cell that defines it, "
                    f"stopped with {_what_stopped(ran)}; fix that cell and run it, then this one.")
        return (f"NameError: {name} is not defined yet: run the cell that defines it first (an exercise's "
                f"stub, or a cell above this one); {RUN_ALL}.")


#: The session watching each shell (``%load_ext minimax_viz``), kept here, not on the shell.
_SESSIONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def session_of(shell) -> Session | None:
    """The session watching ``shell``, or None when none is (``%load_ext minimax_viz`` starts one).

    Parameters
    ----------
    shell : IPython.core.interactiveshell.InteractiveShell
        The shell.

    Returns
    -------
    Session or None
        Its session.
    """
    return _SESSIONS.get(shell) if shell is not None else None


def _cell_number(shell, filename: str) -> int | None:
    """The execution count of the cell that ``filename`` (a code object's) was compiled from,
    else None, read with IPython's public ``compile.format_code_name`` ("In[3]")."""
    name = getattr(getattr(shell, "compile", None), "format_code_name", lambda _: None)(filename)
    found = re.fullmatch(r"In\s*\[(\d+)\]", name[1]) if name else None
    return int(found.group(1)) if found else None


def watch(shell=None) -> Session | None:
    """Start watching the cells of `shell`, by default the running IPython (once); None
    outside IPython.

    ``%load_ext minimax_viz`` calls it (``import minimax_viz`` alone changes nothing in the
    shell). The NameError words are installed only when no other custom exception handler is.

    Parameters
    ----------
    shell : IPython.core.interactiveshell.InteractiveShell or None, optional
        The shell (``None``: the running IPython).

    Returns
    -------
    Session or None
        The shell's session, or None outside IPython.
    """
    shell = _shell() if shell is None else shell
    if shell is None or not hasattr(shell, "events"):
        return None
    session = _SESSIONS.get(shell)
    if session is not None:
        return session
    session = Session(shell)
    try:
        shell.events.register("pre_run_cell", session.pre_run_cell)
        shell.events.register("post_run_cell", session.post_run_cell)
        if not getattr(shell, "custom_exceptions", ()):
            shell.set_custom_exc((NameError,), session.name_error)
        _SESSIONS[shell] = session
    except Exception:  # noqa: BLE001 - an IPython without these hooks: watch nothing
        return None
    return session


def unwatch(shell) -> None:
    """Stop watching the cells of `shell` (``%unload_ext minimax_viz``); nothing if it was not.

    Parameters
    ----------
    shell : IPython.core.interactiveshell.InteractiveShell
        The shell.

    Examples
    --------
    >>> unwatch(None)
    """
    session = _SESSIONS.get(shell) if shell is not None else None
    if session is None:
        return
    for event, callback in (("pre_run_cell", session.pre_run_cell), ("post_run_cell", session.post_run_cell)):
        try:
            shell.events.unregister(event, callback)
        except ValueError:  # not registered (any more)
            pass
    if getattr(shell, "custom_exceptions", ()) == (NameError,):
        shell.set_custom_exc((), None)
    del _SESSIONS[shell]


def stale_words() -> tuple[str, str] | None:
    """``(message, hint)`` when a name the running cell reads is older than the learner's
    latest cell that defines it (that cell failed, or no longer defines it); None when all
    is current, and always None outside IPython. Never raises.

    Returns
    -------
    tuple of str or None
        ``(message, hint)``, or None.

    Examples
    --------
    >>> stale_words() is None  # plain Python: nothing to say
    True
    """
    try:
        shell = _shell()
        session = _SESSIONS.get(shell) if shell is not None else None
        return session.stale_in_current_cell() if isinstance(session, Session) else None
    except Exception:  # noqa: BLE001 - a check must never fail because of this
        return None


if stale_words not in STALE_CHECKS:
    STALE_CHECKS.append(stale_words)   # every Feedback asks it (see minimax_viz.verdict)
