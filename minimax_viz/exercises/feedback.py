"""The feedback a check gives, and two general checks the lessons' checks build on."""

from __future__ import annotations

from numbers import Real
from typing import Any, Callable, Iterable

from ..clock import describe_error
from ..errors import short_repr
from ..verdict import Feedback, learner_check, learner_frame, number_text
from . import session  # noqa: F401 (it adds its stale_words to the verdict's STALE_CHECKS)

__all__ = [
    "Feedback", "check_function", "check_value", "describe_error", "number_text", "same", "kind_mismatch",
    "Unfinished", "attempt", "unfinished", "shown", "learner_check",
]

#: ``repr`` of a learner's value for the words of a check: at most 60 characters, no memory
#: address, never an exception (see :func:`minimax_viz.errors.short_repr`).
shown = short_repr


class Unfinished:
    """What a lesson cell gets instead of a learner's result while their function is not
    written yet (still the stub) or fails: it shows as one line of words that start as a
    check's do ("Not yet: ") and is false, so the lesson's other cells still run (a student
    copy runs top to bottom).

    Parameters
    ----------
    message : str
        What to do, in words.

    Examples
    --------
    >>> Unfinished("finish exercise 1 above first: best_test_play is still the stub")
    Not yet: finish exercise 1 above first: best_test_play is still the stub
    >>> bool(Unfinished("..."))
    False
    """

    def __init__(self, message: str):
        self.message = message

    def __repr__(self) -> str:
        return f"Not yet: {self.message}"

    __str__ = __repr__

    def __bool__(self) -> bool:
        return False


def attempt(fn: Callable, *args, exercise: str | None = None, **kwargs) -> Any:
    """``fn(*args, **kwargs)``, or an :class:`Unfinished` that says in one line what to do
    when the learner's code behind it is still the stub or raises. ``fn`` is the learner's
    function itself, or a package function that runs it (``mv.record_calls``); the
    ``exercise`` names where to finish it ("exercise 3").

    Parameters
    ----------
    fn : callable
        The learner's function, or a package function that runs it.
    *args
        Its positional arguments.
    exercise : str or None, optional
        Where the learner finishes the function ("exercise 3").
    **kwargs
        Its keyword arguments.

    Returns
    -------
    object
        What ``fn`` returned, or an :class:`Unfinished`.

    Examples
    --------
    >>> def stub(board):
    ...     raise NotImplementedError("your code here")
    >>> attempt(stub, [], exercise="exercise 1")
    Not yet: finish exercise 1 above first: stub is still the stub
    >>> attempt(len, [1, 2])
    2
    """
    learner = args[0] if args and callable(args[0]) and getattr(fn, "__module__", "").startswith("minimax_viz") else fn
    try:
        return fn(*args, **kwargs)
    except Exception as err:  # the learner's code: its error becomes one line
        return unfinished(learner, err, exercise=exercise)


def unfinished(fn: Callable, err: BaseException, *, exercise: str | None = None) -> Unfinished:
    """The :class:`Unfinished` for the learner's function ``fn`` that raised ``err``: still
    the stub (``NotImplementedError``), endless recursion, or another error, in one line.

    A stub that ``fn`` calls (the learner's ``minimax`` inside their ``smallest_depth``) is
    named as the one to finish.

    Parameters
    ----------
    fn : callable
        The learner's function.
    err : BaseException
        What it raised.
    exercise : str or None, optional
        Where the learner finishes it.

    Returns
    -------
    Unfinished
        The words.

    Examples
    --------
    >>> unfinished(len, ZeroDivisionError("division by zero"), exercise="exercise 2")
    Not yet: len does not run yet (it raised ZeroDivisionError: division by zero); fix it in exercise 2
    and run its cell again
    """
    where = exercise or "the exercise above"
    name = getattr(fn, "__name__", "your function")
    if isinstance(err, NotImplementedError):
        stub = _raised_in(err)
        if stub is not None and stub != name:
            return Unfinished(f"finish {stub} first: it is still the stub, and {name} calls it")
        return Unfinished(f"finish {exercise + ' above' if exercise else where} first: {name} is still the stub")
    if isinstance(err, RecursionError):
        return Unfinished(f"{name} recursed without end; fix it in {where} and run its cell again")
    return Unfinished(f"{name} does not run yet ({describe_error(err)}); fix it in {where} and run its cell again")


def _raised_in(err: BaseException) -> str | None:
    """The name of the learner's function the error was raised in (None: raised in the package)."""
    tb = err.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None or tb.tb_frame.f_globals.get("__name__", "").startswith("minimax_viz"):
        return None
    name = tb.tb_frame.f_code.co_name
    return name if name.isidentifier() else None


def check_function(
    function: Callable,
    cases: Iterable[tuple[tuple, Any]],
    *,
    name: str | None = None,
    hint: str | None = None,
    success: str = "every case gives the expected answer.",
    compare: Callable[[Any, Any], bool] | None = None,
) -> Feedback:
    """Call ``function(*args)`` for each ``(args, expected)`` case; report the first mismatch.

    In a notebook, a ``function`` left over from an earlier cell (its latest cell failed or
    no longer defines it) is reported as such, not judged (see :class:`Feedback`).

    Parameters
    ----------
    function : callable
        The learner's function.
    cases : iterable of tuple
        ``(args, expected)`` pairs: the arguments as a tuple, and the right answer.
    name : str or None, optional
        The function's name in the words (``None``: its ``__name__``).
    hint : str or None, optional
        The hint under a "Not yet".
    success : str, optional
        The words of a "Right".
    compare : callable or None, optional
        ``compare(got, expected)``, true when an answer is right (``None``: :func:`same`).

    Returns
    -------
    Feedback
        The verdict.

    Raises
    ------
    Exception
        What an ``__eq__`` of the learner's answer raised, as :func:`same` (a check
        under :func:`learner_check` turns it into words).

    Examples
    --------
    >>> check_function(len, [(([1, 2],), 2), (("abc",), 3)], name="len")
    Right: every case gives the expected answer.
    >>> check_function(len, [(([1, 2],), 3)], name="len")
    Not yet: len([1, 2]) returned 2, but the answer is 3.
    """
    label = name or getattr(function, "__name__", "your function")
    same_ = compare or same
    if not callable(function):
        return Feedback(False, f"{label} should be a function, but it is {shown(function)}.", hint=hint)
    for args, expected in cases:
        call = f"{label}({', '.join(shown(a, 200) for a in args)})"
        try:
            got = function(*args)
        except Exception as err:  # the learner's code: any error becomes words
            return Feedback(False, f"{call}: {describe_error(err)}.", hint=hint)
        if not same_(got, expected):
            return Feedback(False, f"{call} returned {shown(got)}, but the answer is {expected!r}.", hint=hint)
    return Feedback(True, success)


def check_value(
    value: Any,
    expected: Any,
    *,
    what: str,
    hint: str | None = None,
    success: str | None = None,
) -> Feedback:
    """Compare a learner's answer with the right one, without giving the right one away.

    In a notebook, a value left over from an earlier cell is reported as such (see :class:`Feedback`).

    Parameters
    ----------
    value : object
        The learner's answer (``...``: not answered yet).
    expected : object
        The right answer.
    what : str
        What the answer is, in words ("the number of calls").
    hint : str or None, optional
        The hint under a "Not yet".
    success : str or None, optional
        The words of a "Right" (``None``: "<what> is <expected>.").

    Returns
    -------
    Feedback
        The verdict.

    Raises
    ------
    Exception
        What an ``__eq__`` of the learner's answer raised, as :func:`same` (a check
        under :func:`learner_check` turns it into words).

    Examples
    --------
    >>> check_value(9, 9, what="the number of calls")
    Right: the number of calls is 9.
    >>> check_value(8, 9, what="the number of calls", hint="count the root too.")
    Not yet: 8 is not the number of calls.
    Hint: count the root too.
    """
    if value is ...:
        return Feedback(False, f"replace the ... with your answer for {what}.", hint=hint)
    wrong_kind = None if value is None else kind_mismatch(value, expected, what=what)
    if wrong_kind is not None:  # the caller's hint knows the question better, except for quotes
        if hint:
            wrong_kind.hint = f"{wrong_kind.hint} {hint}" if isinstance(value, str) else hint
        return wrong_kind
    if same(value, expected):
        return Feedback(True, success or f"{what} is {expected!r}.")
    return Feedback(False, f"{shown(value)} is not {what}.", hint=hint)


def same(got: Any, want: Any) -> bool:
    """``got == want`` as a plain yes or no, whatever ``got`` is.

    A numpy array compares element by element, and an array of answers is not one answer.
    An ``__eq__`` (or ``__bool__``) of the learner's own that raises is passed on, not read
    as "not equal": :func:`learner_check` says in words that the answer cannot be compared.

    Parameters
    ----------
    got : object
        The learner's answer.
    want : object
        The right answer.

    Returns
    -------
    bool
        Whether they are equal.

    Raises
    ------
    Exception
        Whatever such an ``__eq__`` or ``__bool__`` of the learner's raised.

    Examples
    --------
    >>> same(3, 3), same("3", 3), same([3], 3), same(None, 3)
    (True, False, False, False)
    """
    try:
        result = got == want
        return result if isinstance(result, bool) else bool(result)
    except Exception as err:  # an array of truth values, or an __eq__ that raises
        if learner_frame(err) is not None:
            raise
        return False


def _is_number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def kind_mismatch(value: Any, expected: Any, *, what: str) -> Feedback | None:
    """Words for an answer of the wrong kind where a number is expected, else ``None``.

    Parameters
    ----------
    value : object
        The learner's answer.
    expected : object
        The right answer.
    what : str
        What the answer is, in words.

    Returns
    -------
    Feedback or None
        A "Not yet" that names the kinds, or ``None`` when the kinds agree.

    Examples
    --------
    >>> kind_mismatch("3", 3, what="the depth")
    Not yet: '3' is text (a str), but the depth is a number.
    Hint: write the number without quotes: 3, not '3'.
    >>> kind_mismatch([3], 3, what="the depth")
    Not yet: [3] is a list, but the depth is one number.
    Hint: give the number itself, not a list holding it: len(...) counts a list's items, and x[0] takes the first.
    >>> kind_mismatch(3, 3, what="the depth") is None
    True
    """
    if not _is_number(expected) or value is ... or _is_number(value):
        return None
    kind = type(value).__name__
    if hasattr(value, "shape") and hasattr(value, "dtype"):  # a numpy scalar or array
        if _numpy_number(value):
            return None  # np.int64(3) or np.array(3): a number in numpy's clothes
        return Feedback(False, f"{shown(value)} is a numpy array, but {what} is one number.",
                        hint="give a single number: len(...) counts the items, and int(...) turns "
                             "a one-item array into a number.")
    if isinstance(value, str):
        digits = value.strip().lstrip("+-").replace(".", "", 1)
        return Feedback(False, f"{shown(value)} is text (a str), but {what} is a number.",
                        hint=f"write the number without quotes: {value.strip()}, not {value!r}." if digits.isdigit()
                        and len(value) <= 40
                        else "answer with a number, written without quotes.")
    if value is None:
        return Feedback(False, f"the answer is None, but {what} is a number.",
                        hint="a function that ends without return gives None; return a whole number.")
    if isinstance(value, bool):
        return Feedback(False, f"{shown(value)} is a truth value, but {what} is a number.")
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        return Feedback(False, f"{shown(value)} is a {kind}, but {what} is one number.",
                        hint="give the number itself, not a list holding it: len(...) counts a "
                             "list's items, and x[0] takes the first.")
    return Feedback(False, f"{shown(value)} is a {kind}, but {what} is a number.")


def _numpy_number(value: Any) -> bool:
    """True for a numpy number (``np.int64(3)``, ``np.array(3)``), whose ``item()`` is one."""
    try:
        return getattr(value, "shape", None) == () and _is_number(value.item())
    except Exception:
        return False
