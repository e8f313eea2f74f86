"""Take a player to Kaggle's ConnectX arena: one self-contained Python file, and a local match.

:func:`connectx_agent` writes a player ``player(game, state, budget) -> move`` as one file
whose ``agent(observation, configuration)`` is what ConnectX calls. The file is
:mod:`minimax_viz.arena_template` (a small Connect Four game with the course's interface, a
budget and a reference search) with the learner's player and the functions of their own it
calls, taken from their source (:mod:`minimax_viz.arena_source`). :func:`connectx_match`
plays such a file against ConnectX's built-in agents where ``kaggle-environments`` is
installed (:mod:`minimax_viz.arena_run`).
"""

from __future__ import annotations

import ast
import importlib.util
import os
import statistics
from numbers import Integral
from pathlib import Path

from .arena_source import gather, stub_in
from .errors import InvalidOption, MinimaxError, short_repr
from .files import replaceable, write_atomic
from .players import deepening_player

__all__ = ["AgentFile", "ArenaMatch", "connectx_agent", "connectx_match"]

TEMPLATE = Path(__file__).with_name("arena_template.py")
_START, _END = "# >>> the player", "# <<< the player"
#: What a learner installs for a local match (kaggle-environments' full install pulls JAX and OpenSpiel).
INSTALL = "pip install --no-deps kaggle-environments && pip install jsonschema requests"


class AgentFile:
    """What :func:`connectx_agent` did: the file it wrote (``path``, ``size`` in bytes), or
    why it wrote none (``written`` is then False and the words start "Not yet")."""

    def __init__(self, player: str, path: Path, *, written: bool, words: str = ""):
        self.player, self.path, self.written, self.words = player, Path(path), written, words
        self.size = self.path.stat().st_size if written else 0

    def __repr__(self) -> str:
        if not self.written:
            return self.words
        return f"{self.player} written to {self.path.name} ({self.size:,} bytes): {self.words}"

    def __bool__(self) -> bool:
        return self.written


def connectx_agent(player, path, *, calls: int | None = None, seconds: float | None = None,
                   force: bool = False) -> AgentFile:
    """Write ``player`` as one Python file for Kaggle's ConnectX: its ``agent(observation,
    configuration)`` plays what ``player(game, state, budget)`` chooses.

    The file needs only Python's standard library. Its game answers as the course's Connect
    Four does, on ConnectX's board (``rows``, ``columns``, ``inarow`` of the configuration);
    its budget counts positions generated (``calls``; None: no count) and stops the player
    after ``seconds`` (None: half of ConnectX's ``actTimeout``, 1 s of its 2 s). The
    package's :func:`~minimax_viz.deepening_player` is written as the file's own search,
    the same idea (iterative deepening alpha-beta, centre first, a quicker win preferred).

    Parameters
    ----------
    player : callable
        ``player(game, state, budget) -> move``, a player as :func:`play_match` takes it.
    path : str or pathlib.Path
        The file to write.
    calls : int or None, optional
        The positions the player may generate per move (``None``, the default: no count).
    seconds : float or None, optional
        The seconds per move (``None``, the default: half of ConnectX's ``actTimeout``).
    force : bool, optional
        Whether to write over an existing file (False unless given).

    Returns
    -------
    AgentFile
        The file written (``path``, ``size``), or, when none was, the words that say why
        (it is then false).

    Raises
    ------
    MinimaxError
        For a player that cannot be written out alone (the words name
        what to move into the player's cell), a ``path`` that exists (unless ``force``), or
        one that is never written over even with ``force`` (a link, a FIFO, a device, a
        folder, a read-only file: :func:`~minimax_viz.files.replaceable`).
    InvalidOption
        For ``calls`` or ``seconds`` out of range, or a ``path`` that does not end in ``.py``
        (the file is Python; a notebook of that name is never replaced).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> def my_player(game, state, budget):
    ...     raise NotImplementedError("your code here")
    >>> connectx_agent(my_player, folder / "agent.py")
    Not yet: my_player is still the stub; write it, run its cell, then run this one again (nothing was written)
    """
    _check_options(calls, seconds, force)
    path = _agent_path(path)
    template = TEMPLATE.read_text(encoding="utf-8")
    if player is deepening_player:
        name, part, words = "deepening_player", None, ("the file's own search plays (iterative deepening "
                                                       "alpha-beta, as mv.deepening_player)")
    else:
        gathered = gather(player, reserved=_reserved(template))
        stub = stub_in(gathered)
        if stub is not None:
            return AgentFile(gathered.player, path, written=False, words=_not_yet(gathered.player, stub))
        name, part, words = gathered.player, gathered.source(), f"{len(gathered.functions)} function(s) of yours"
    if os.path.lexists(path) and not force:
        raise MinimaxError(f"{path.name} exists already; give another path, or force=True to write over it")
    text = _fill(template, part, calls, seconds)
    _check_file(text, name)
    write_atomic(replaceable(path), text.encode("utf-8"))
    return AgentFile(name, path, written=True, words=words)


def _agent_path(path) -> Path:
    """``path`` as a Path, once it names a Python file (``.py``)."""
    if not isinstance(path, (str, os.PathLike)) or not str(path).endswith(".py"):
        raise InvalidOption(f"path is where the agent's Python file goes, ending in .py (such as "
                            f"'submission.py'), not {short_repr(path)}")
    return Path(path)


def _check_options(calls, seconds, force) -> None:
    if calls is not None and (isinstance(calls, bool) or not isinstance(calls, Integral) or calls < 1):
        raise InvalidOption(f"calls must be a whole number of 1 or more (positions a move may generate), or None, "
                            f"not {short_repr(calls)}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds < 60):
        raise InvalidOption(f"seconds must be a number above 0 and below 60 (ConnectX gives 2 s a move), or None, "
                            f"not {short_repr(seconds)}")
    if not isinstance(force, bool):
        raise InvalidOption(f"force must be True or False, not {short_repr(force)}")


def _not_yet(player: str, stub: str) -> str:
    if stub == player:
        return (f"Not yet: {player} is still the stub; write it, run its cell, then run this one again "
                "(nothing was written)")
    return f"Not yet: finish {stub} first: it is still the stub, and {player} calls it (nothing was written)"


def _reserved(template: str) -> frozenset:
    """The names the template defines at its top level (a learner's function may not take one)."""
    tree = ast.parse(template)
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.Import):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return frozenset(names)


def _fill(template: str, part: str | None, calls, seconds) -> str:
    """The template with the learner's part between its markers and the budget's constants set."""
    text = template.replace("CALLS = None\n", f"CALLS = {calls!r}\n", 1)
    text = text.replace("SECONDS = None\n", f"SECONDS = {seconds!r}\n", 1)
    if part is None:
        return text
    head, rest = text.split(_START, 1)
    return head + _START + "\n" + part + _END + rest.split(_END, 1)[1]


def _check_file(text: str, player: str) -> None:
    """The file compiles and runs (it only defines names), and its last function is ``agent``
    (ConnectX calls the last callable the file defines)."""
    try:
        namespace: dict = {}
        exec(compile(text, "<the exported file>", "exec"), namespace)   # noqa: S102 (our file, just assembled)
    except Exception as err:   # noqa: BLE001 (any failure means the file is not written)
        raise MinimaxError(f"the file for {player} does not run on its own ({type(err).__name__}: {err}); "
                           f"define what it names in {player}'s cell") from None
    last = [v for v in namespace.values() if callable(v)][-1]
    if getattr(last, "__name__", None) != "agent":
        raise MinimaxError(f"the file for {player} does not end with its agent function; nothing was written")


# -- a local match ------------------------------------------------------------------------------------

class ArenaMatch:
    """The games of :func:`connectx_match` (``games``, as :func:`minimax_viz.arena_run.series`
    gives them), or the words that say how to install kaggle-environments."""

    def __init__(self, opponent: str, games: list[dict] | None, words: str = ""):
        self.opponent, self.games, self.words = opponent, games, words

    def score(self) -> tuple[int, int, int]:
        """(wins, draws, losses) of the agent; a broken rule is a loss."""
        rewards = [g["reward"] for g in self.games or []]
        return rewards.count(1), rewards.count(0), len(rewards) - rewards.count(1) - rewards.count(0)

    def __repr__(self) -> str:
        if self.games is None:
            return self.words
        w, d, l_ = self.score()
        times = [t for g in self.games for t in g["durations"]]
        broken = [g["status"] for g in self.games if g["status"] != "DONE"]
        return (f"against ConnectX's {self.opponent}: {w} won, {d} drawn, {l_} lost"
                + (f" (broken rules: {', '.join(broken)})" if broken else "")
                + f"; {statistics.mean(times):.2f} s a move on average, {max(times):.2f} s at most")


def connectx_match(path, opponent: str = "negamax", *, games: int = 2, seed: int = 0) -> ArenaMatch:
    """The agent file at ``path`` against ConnectX's built-in ``opponent`` ("random" or
    "negamax") in kaggle-environments' own environment, ``games`` games, either side first;
    where kaggle-environments is not installed, words that say how to install it.

    Parameters
    ----------
    path : str or pathlib.Path
        The agent file (from :func:`connectx_agent`).
    opponent : str, optional
        ``"negamax"`` (the default) or ``"random"``.
    games : int, optional
        The number of games, 1 or more (2 unless given).
    seed : int, optional
        Python's ``random`` is seeded with ``f"{seed}:{i}"`` before game ``i`` (ConnectX's
        built-in agents draw from it; 0 unless given).

    Returns
    -------
    ArenaMatch
        The games and their score, or the words that say how to install kaggle-environments.

    Raises
    ------
    InvalidOption
        For an opponent that is not "random" or "negamax", or ``games``
        not a whole number of 1 or more.
    """
    if opponent not in ("random", "negamax"):
        raise InvalidOption(f"opponent is ConnectX's 'random' or 'negamax', not {short_repr(opponent)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidOption(f"games must be a whole number of 1 or more, not {short_repr(games)}")
    if importlib.util.find_spec("kaggle_environments") is None:
        return ArenaMatch(opponent, None, words=(
            "kaggle-environments is not installed here, so no match: install ConnectX's environment alone "
            f"(about 185 MB) with\n    {INSTALL}\nthen restart the kernel and run this cell again (its full "
            "install pulls JAX and OpenSpiel, about 1.6 GB, which ConnectX does not need)"))
    from .arena_run import series

    return ArenaMatch(opponent, series(str(path), opponent, games=games, seed=seed))
