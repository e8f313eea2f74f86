"""The clock: running someone else's function (a learner's, a player's) for a bounded time,
and its answer or words for why there is none.

A check calls the learner's code on cases it has not seen, and a match asks a player for a
move. That code may still be the stub, raise, recurse without end, loop for ever or call
``sys.exit``; :func:`call_learner` turns each of these into one sentence and never lets it
out, so a check never raises. :func:`bounded` (a thread and a watchdog) holds its limit on any
thread; :class:`Timer` (the clock signal) only on the main thread, and says so elsewhere.
This module is part of the core: the players and the exercises both use it.
"""

from __future__ import annotations

import os
import queue
import signal
import sys
import sysconfig
import threading
import time
import warnings
from typing import Any, Callable

from .errors import InvalidOption, short_repr

__all__ = [
    "call_learner", "TIME_LIMIT", "time_limit", "check_time", "check_seconds", "Timer", "Stopped", "Raised",
    "bounded", "stopped_words", "describe_error", "error_text", "ClockWarning", "timer_words",
]

#: Seconds a learner's function may run on one case before a check stops it. The checks read
#: it each time they run (:func:`time_limit`), so a slow machine may allow more
#: (``mv.clock.TIME_LIMIT = 10``) and a test of the stop itself may wait less.
TIME_LIMIT = 3.0


def time_limit() -> float:
    """The seconds a check gives a learner's function now: :data:`TIME_LIMIT` as it stands.

    Returns
    -------
    float
        The seconds.

    Raises
    ------
    InvalidOption
        When :data:`TIME_LIMIT` was set to anything but seconds above 0.

    Examples
    --------
    >>> time_limit()
    3.0
    """
    return float(min(check_seconds(TIME_LIMIT, "mv.clock.TIME_LIMIT"), _LONGEST))


def check_time() -> float:
    """The seconds a whole check may run (many cases, each under :func:`time_limit`): 20
    times the limit of one case, a minute by default.

    Returns
    -------
    float
        The seconds.

    Examples
    --------
    >>> check_time()
    60.0
    """
    return 20 * time_limit()


def check_seconds(value, name: str):
    """`value`, if it is a number of seconds above 0 (one past a year is a year: no limit).

    Parameters
    ----------
    value : object
        The seconds to check.
    name : str
        The option's name, for the error.

    Returns
    -------
    float
        ``value``, at most a year.

    Raises
    ------
    InvalidOption
        For anything else, naming `name`.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise InvalidOption(f"{name} must be a number of seconds above 0, not {short_repr(value)}")
    return min(value, _LONGEST)


#: The clock signal's longest wait (a year): a longer limit, ``math.inf`` included, is none at all.
_LONGEST = 365 * 24 * 3600.0

#: How often the clock rings again once a limit has passed, until the timed block is left.
_AGAIN = 0.05

#: The timers open now, outermost first (a learner's ``call_learner`` inside a player's turn
#: nests in the match's own clock).
_OPEN: list[Timer] = []


class Stopped(BaseException):
    """Stops a learner's code that runs too long (a BaseException: ``except Exception``
    in the learner's code does not swallow it). ``timer`` is the :class:`Timer` whose
    limit passed: a timer inside it lets it through to the one it belongs to.

    Parameters
    ----------
    words : str, optional
        What stopped, in words.
    timer : Timer or None, optional
        The timer whose limit passed.
    """

    timer = None

    def __init__(self, words: str = "", timer: Timer | None = None):
        super().__init__(words or "over the time limit")
        if timer is not None:
            self.timer = timer


class Raised(Exception):
    """A learner's code raised a BaseException that is no stop of ours (``GeneratorExit``,
    asyncio's ``CancelledError``, a class of its own): carried out of the timed block as an
    ordinary error, so every check turns it into words like any other.

    Parameters
    ----------
    err : BaseException
        What the learner's code raised.
    """

    def __init__(self, err: BaseException):
        super().__init__(err)
        self.err = err

    def __str__(self) -> str:
        return f"{type(self.err).__name__} (a BaseException, which a function should not raise)"


def _ours(err: BaseException) -> bool:
    """A BaseException that must go on as it is: a stop, an exit, the package's own signals."""
    return isinstance(err, (Exception, KeyboardInterrupt, SystemExit, Stopped)) or \
        type(err).__module__.startswith("minimax_viz")


class ClockWarning(RuntimeWarning):
    """A limit the clock cannot hold where it was asked: a :class:`Timer` off the main thread,
    or in a Python without ``signal.setitimer`` (Windows). :func:`bounded` holds its limit there."""


def timer_words(seconds: float) -> str | None:
    """None when a :class:`Timer` of ``seconds`` can stop code here (on the main thread of a Python
    with ``signal.setitimer``), else the words that say why not and what to use instead.

    Parameters
    ----------
    seconds : float
        The limit the timer would hold.

    Returns
    -------
    str or None
        None, or the words of the :class:`ClockWarning`.
    """
    if not hasattr(signal, "setitimer"):
        where = "this Python has no clock signal (signal.setitimer)"
    elif threading.current_thread() is not threading.main_thread():
        where = (f"the clock signal (signal.setitimer) reaches only the main thread, and this is "
                 f"{threading.current_thread().name!r}")
    else:
        return None
    return (f"a Timer of {seconds:g} s cannot stop code here: {where}; the code runs without a limit. "
            "Run it under minimax_viz.clock.bounded(fn, *args, seconds=...) instead, which holds its limit "
            "on any thread")


class Timer:
    """Raises :class:`Stopped` in the learner's code after ``seconds`` (by default
    :func:`time_limit`) on the main thread, where the clock signal exists. Elsewhere (another
    thread, a Python without ``signal.setitimer``) it cannot: entering it warns
    (:class:`ClockWarning`, in the words of :func:`timer_words`) and the code runs without a
    limit; use :func:`bounded` there, which holds its limit on any thread.

    Timers nest (the inner one gives the outer one's time back when it ends), and once the
    limit has passed the stop is raised again every 50 ms until the block is left. Code that
    catches every BaseException in a loop can still hold a timer: :func:`bounded` cannot be
    held (a thread and a watchdog). A BaseException of the learner's own (``GeneratorExit``
    ...) leaves the block as :class:`Raised`, an ordinary error.

    Parameters
    ----------
    seconds : float or None, optional
        The limit (``None``: :func:`time_limit`).

    Examples
    --------
    >>> with Timer(1.0):
    ...     sum(range(10))
    45
    """

    def __init__(self, seconds: float | None = None):
        self.seconds = time_limit() if seconds is None else min(seconds, _LONGEST)
        self.words = timer_words(self.seconds)
        self.on = self.words is None

    def stop(self) -> Stopped:
        """The :class:`Stopped` this timer raises.

        Returns
        -------
        Stopped
            The stop.
        """
        return Stopped(f"over {self.seconds:g} s", self)

    def __enter__(self):
        if not self.on:
            warnings.warn(self.words, ClockWarning, stacklevel=2)
        else:
            self.deadline = time.monotonic() + self.seconds
            if not _OPEN:
                self.old = signal.signal(signal.SIGALRM, _ring)
            _OPEN.append(self)
            _arm()
        return self

    def __exit__(self, kind, err, tb):
        if self.on and self in _OPEN:
            _OPEN.remove(self)
            if _OPEN:
                _arm()
            else:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, self.old)
        if err is not None and not _ours(err):
            raise Raised(err) from err
        return False


def _raise_in(ident: int, kind) -> None:
    """Raise ``kind`` in thread ``ident`` at its next bytecode check. Never with None to
    take one back: CPython 3.11 then leaves its "exception pending" flag up for good, and a
    thread with a profile function hangs at its next call."""
    import ctypes

    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(kind))


def _arm() -> None:
    """Set the clock for the nearest limit of the open timers (again and again once passed)."""
    left = min(t.deadline for t in _OPEN) - time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, max(left, 1e-4), _AGAIN)


def _ring(signum, frame) -> None:
    """The clock: stop the outermost timer whose limit has passed (and ring again soon)."""
    if frame is not None and frame.f_code.co_filename == __file__:
        return   # the clock's own code (a timer closing): it rings again in a moment
    now = time.monotonic()
    passed = [t for t in _OPEN if now >= t.deadline]
    if not passed:
        _arm()
        return
    raise passed[0].stop()


#: How long the watchdog of :func:`bounded` keeps stopping a learner's code that caught the stop.
_GRACE = 1.0


def bounded(fn: Callable, *args, seconds: float | None = None) -> Any:
    """``fn(*args)``, run on a thread of its own that a watchdog stops after ``seconds`` (by
    default :func:`time_limit`): its answer, or what it raised, raised here (a BaseException
    of its own as :class:`Raised`). Whatever the code catches, this returns in bounded time.

    Past the limit the watchdog raises :class:`Stopped` in the thread again and again for a
    second; code that swallows even that is left running and this raises :class:`Stopped`
    with ``stuck`` set. The caller's profile and trace functions are the thread's too (the
    recorders of a learner's calls use them).

    Parameters
    ----------
    fn : callable
        The code to run.
    *args
        Its arguments.
    seconds : float or None, optional
        The time limit (``None``: :func:`time_limit`).

    Returns
    -------
    object
        What ``fn`` returned.

    Raises
    ------
    Stopped
        Past the time limit.

    Examples
    --------
    >>> bounded(sum, [1, 2])
    3
    """
    seconds = time_limit() if seconds is None else seconds
    _reaper()   # started now, at a calm moment
    worker = _Worker(fn, args)
    parent = threading.current_thread()
    if isinstance(parent, _Worker):
        parent.children.append(worker)   # stopped with its parent, whatever cuts the parent short
    worker.start()
    end = time.monotonic() + min(seconds, _LONGEST)
    try:
        while worker.is_alive() and time.monotonic() < end:   # in slices: a stop from outside lands
            worker.join(min(0.05, max(end - time.monotonic(), 0)))
    except BaseException:   # Ctrl-C, or an outer watchdog's stop: stop the learner's code too
        _reaper(worker)
        raise
    if worker.is_alive():
        stop = Stopped(f"over {seconds:g} s")
        _reaper(worker)
        while not worker.reaped.wait(0.05):   # in slices, as above
            pass
        stop.stuck = not worker.stopped
        raise stop
    if "error" in worker.box:
        err = worker.box.pop("error")
        raise (err if _ours(err) else Raised(err))
    return worker.box["answer"]


class _Worker(threading.Thread):
    """The thread :func:`bounded` runs a learner's code on, with the caller's profile and
    trace functions; ``over`` (set under ``lock``) once it will run no more of that code, so
    the watchdog never raises a stop in a thread that has finished (or in a new one with its id)."""

    def __init__(self, fn: Callable, args: tuple):
        super().__init__(daemon=True, name="minimax_viz learner")
        self.fn, self.args, self.box = fn, args, {}
        self.profile, self.trace = sys.getprofile(), sys.gettrace()
        self.lock, self.over = threading.Lock(), False
        self.reaped, self.stopped, self.children = threading.Event(), False, []

    def run(self) -> None:
        try:
            sys.setprofile(self.profile)
            sys.settrace(self.trace)
            try:
                self.box["answer"] = self.fn(*self.args)
            except BaseException as err:  # the learner's code: carried back to the caller
                self.box["error"] = err
            finally:
                sys.setprofile(None)
                sys.settrace(None)
        except BaseException:  # noqa: BLE001 (a stop that landed as the thread ended: nothing left to stop)
            pass
        finally:
            while not self._close():   # a stop that landed before ``over`` was set: again
                pass

    def _close(self) -> bool:
        """Set ``over`` (no stop is raised here after it) and let one raised just before land
        (never left pending, where a new thread with this id would meet it)."""
        try:
            with self.lock:
                self.over = True
            for _ in range(3):
                pass
        except BaseException:  # noqa: BLE001
            return False
        return self.over

    def stop(self, kind) -> None:
        """Raise ``kind`` in the thread, unless it is over."""
        with self.lock:
            if not self.over:
                _raise_in(self.ident, kind)


def _learners(filename: str) -> bool:
    """Whether code from ``filename`` is a learner's (a notebook cell, a script, a test):
    neither the package's nor the standard library's nor an installed package's, where a
    parked thread could hold a lock that others need."""
    if filename.startswith("<") and not filename.startswith("<ipython-input"):
        return False   # <frozen importlib._bootstrap> and the like
    own = os.path.dirname(os.path.abspath(__file__))   # the package's folder
    system = {sysconfig.get_path(k) for k in ("stdlib", "platstdlib", "purelib", "platlib")}
    return not any(filename.startswith(p + os.sep) for p in (own, *system) if p)


class _Halt(Stopped):
    """The watchdog's stop: caught anywhere but by :func:`bounded` itself, it parks the
    thread for good (Python makes the exception object where a handler catches it, so its
    ``__init__`` runs there, and waits for ever: the code that would swallow it never runs on)."""

    parked: set = set()

    def __init__(self, *args):
        super().__init__(*args)
        try:
            where = sys._getframe(1).f_code.co_filename
        except ValueError:   # the first frame of a thread
            return
        if _learners(where):   # never in the package's or Python's own code
            me = threading.current_thread()
            if isinstance(me, _Worker):
                with me.lock:
                    me.over = True   # no stop is raised in a parked thread (it would stay pending)
            _Halt.parked.add(threading.get_ident())
            threading.Event().wait()


#: The workers to stop, for the one reaper thread (:func:`_reaper`).
_TO_STOP: queue.SimpleQueue = queue.SimpleQueue()
_REAPER: list = []


def _reaper(worker: _Worker | None = None) -> None:
    """Hand ``worker`` to the reaper, a thread of its own that stops it (:func:`_stop_thread`,
    then sets ``worker.reaped``): no stop raised in the caller (an outer watchdog's) can cut
    that short. The reaper is started once, by :func:`bounded` before its first worker (a
    thread started by a thread that is being stopped may take that thread's stop: CPython
    names a new thread after its parent until it runs)."""
    if not _REAPER:
        _REAPER.append(threading.Thread(target=_reap, daemon=True, name="minimax_viz reaper"))
        _REAPER[0].start()
    if worker is not None:
        _TO_STOP.put(worker)


def _reap() -> None:
    while True:
        worker = _TO_STOP.get()
        worker.stopped = _stop_thread(worker, _Halt)
        family = list(worker.children)
        while family:   # the workers it started, and theirs
            child = family.pop()
            _stop_thread(child, _Halt)
            family.extend(child.children)
        worker.reaped.set()


def _stop_thread(worker: _Worker, kind) -> bool:
    """Raise ``kind`` in ``worker`` again and again for :data:`_GRACE` seconds: did it end
    (or park, see :class:`_Halt`)?"""
    end = time.monotonic() + _GRACE
    while worker.is_alive() and worker.ident not in _Halt.parked and time.monotonic() < end:
        worker.stop(kind)
        worker.join(0.002)
    return not worker.is_alive() or worker.ident in _Halt.parked


def call_learner(fn: Callable, *args, seconds: float | None = None) -> tuple[Any, str | None]:
    """``(fn(*args), None)``, or ``(None, words)`` when the learner's ``fn`` gives no answer:
    the words say what happened ("it is still the stub ...", "it recursed without end ...").
    It runs under :func:`bounded`, so it ends, whatever ``fn`` catches.

    A ``KeyboardInterrupt`` (the learner pressed stop) is let through.

    Parameters
    ----------
    fn : callable
        The learner's function.
    *args
        Its arguments.
    seconds : float or None, optional
        The time limit (``None``: :func:`time_limit`).

    Returns
    -------
    tuple
        ``(answer, None)`` or ``(None, words)``.

    Examples
    --------
    >>> call_learner(len, [1, 2])
    (2, None)
    >>> call_learner(lambda n: 1 // n, 0)
    (None, 'it raised ZeroDivisionError: integer division or modulo by zero')
    """
    seconds = time_limit() if seconds is None else seconds
    try:
        return bounded(fn, *args, seconds=seconds), None
    except Stopped as stop:
        if isinstance(stop, _Halt):
            raise   # an outer watchdog stops the code that called this
        return None, stopped_words(stop, seconds)
    except RecursionError:
        return None, "it recursed without end (RecursionError): each call must get closer to a case it answers at once"
    except SystemExit as err:
        return None, f"it called sys.exit({short_repr(err.code)}); return the answer instead"
    except Exception as err:  # the learner's code: any error becomes words
        return None, describe_error(err.err if isinstance(err, Raised) else err)


def stopped_words(stop: Stopped, seconds: float) -> str:
    """Words for a learner's code stopped after ``seconds`` (and left running if it would not stop).

    Parameters
    ----------
    stop : Stopped
        The stop that ended the code.
    seconds : float
        The limit it ran past.

    Returns
    -------
    str
        The words, for a check's verdict or a forfeit.
    """
    words = f"it ran for more than {seconds:g} s without an answer (an endless loop?)"
    if getattr(stop, "stuck", False):
        words += ("; it would not stop (it caught every attempt, an except BaseException in a loop?, or sat in one "
                  "long call such as time.sleep) and still runs "
                  "in the background: restart the kernel")
    return words


def describe_error(err: BaseException) -> str:
    """Words for an error a learner's code raised (the stub's NotImplementedError included).

    Parameters
    ----------
    err : BaseException
        The error.

    Returns
    -------
    str
        The words, starting "it raised".

    Examples
    --------
    >>> describe_error(ZeroDivisionError("division by zero"))
    'it raised ZeroDivisionError: division by zero'
    """
    if isinstance(err, NotImplementedError):
        return "it is still the stub (it raised NotImplementedError); write your code in its cell and run it"
    return f"it raised {type(err).__name__}: {error_text(err)}"


def error_text(err: BaseException) -> str:
    """``str(err)``, cut to 200 characters, or words when the error's own ``__str__`` raises.

    Parameters
    ----------
    err : BaseException
        The error.

    Returns
    -------
    str
        Its message, at most 200 characters long.
    """
    try:
        text = str(err)
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 (a learner's __str__: whatever it raises, words)
        return "(its message could not be shown: its __str__ raised too)"
    return text if len(text) <= 200 else text[:197] + "..."
