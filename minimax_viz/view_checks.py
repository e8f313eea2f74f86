"""The checks the views share: what a drawing is given, refused in words where it enters.

A view takes a search's result or its tree, an ``Axes`` or None, switches, a title, a
figure size, a node to mark and keyword options; each check here says what was wrong and
what would be right (:class:`~minimax_viz.errors.InvalidOption`). A misspelt keyword is
named, with the keywords taken and the closest of them, as networkx names a bad ``**kwds``.

>>> check_keywords({"legnd": False}, ("legend", "levels", "pv"), where="draw_tree")
Traceback (most recent call last):
...
minimax_viz.errors.InvalidOption: draw_tree takes no option 'legnd' (did you mean legend?); it takes: legend, levels, pv
"""

from __future__ import annotations

import difflib
from typing import Any, Iterable, Mapping

from .errors import InvalidOption, short_repr
from .trace import Node, SearchTree

__all__ = ["check_keywords", "tree_of", "tree_to_draw", "check_axes", "check_switches", "checked_title",
           "checked_figsize", "mark_index", "checked_titles", "MAX_TITLE"]

#: The most characters of a title given as text (a longer one would not fit the picture).
MAX_TITLE = 120


def check_keywords(given: Mapping[str, Any], accepted: Iterable[str], *, where: str) -> None:
    """Refuse any keyword of ``given`` that ``where`` does not take, in words.

    Parameters
    ----------
    given : Mapping
        The keyword options as given (``**options``).
    accepted : iterable of str
        The keywords taken.
    where : str
        What takes them, as the learner called it ("draw_tree").

    Raises
    ------
    InvalidOption
        Naming the first unknown keyword, the closest accepted one, and all accepted ones.
    """
    accepted = sorted(accepted)
    unknown = [name for name in given if name not in accepted]
    if not unknown:
        return
    name = unknown[0]
    close = difflib.get_close_matches(str(name), accepted, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise InvalidOption(f"{where} takes no option {name!r}{hint}; it takes: {', '.join(accepted)}")


def tree_of(tree: Any, *, missing: str = "there is no tree") -> SearchTree:
    """The recorded tree of a search's result (or the tree itself).

    Parameters
    ----------
    tree : SearchResult or SearchTree
        What was given to draw.
    missing : str, optional
        What a search run with ``record=False`` lacks, in words.

    Returns
    -------
    SearchTree
        The recorded tree.

    Raises
    ------
    InvalidOption
        For a search run with ``record=False``, or anything that is not a search's result or tree.
    """
    found = getattr(tree, "tree", tree)
    if found is None and tree is not None:
        raise InvalidOption(f"this search was run with record=False, so {missing}; run it with record=True")
    if not isinstance(found, SearchTree):
        raise InvalidOption(f"tree must be a search's result or its tree, such as mv.minimax(game), "
                            f"not {short_repr(tree)}")
    return found


def tree_to_draw(tree: Any) -> SearchTree:
    """:func:`tree_of` for a view: a search's result draws its tree.

    Parameters
    ----------
    tree : SearchResult or SearchTree
        What was given to draw.

    Returns
    -------
    SearchTree
        The recorded tree.

    Raises
    ------
    InvalidOption
        As :func:`tree_of`.
    """
    return tree_of(tree, missing="there is no tree to draw")


def check_axes(ax: Any) -> None:
    """``ax`` is None (a figure of the drawing's own) or a matplotlib Axes to draw on.

    Parameters
    ----------
    ax : matplotlib.axes.Axes or None
        Where to draw.

    Raises
    ------
    InvalidOption
        For anything else.
    """
    if ax is None:
        return
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise InvalidOption(
            f"ax must be a matplotlib Axes to draw on (such as fig, ax = plt.subplots()) or None for "
            f"a figure of its own, not {short_repr(ax)}"
        )


def check_switches(**switches: Any) -> None:
    """The drawing's switches are True or False (an array or a string is no switch).

    Parameters
    ----------
    **switches : bool
        Each switch by its name.

    Raises
    ------
    InvalidOption
        Naming the first switch that is not True or False.
    """
    for name, on in switches.items():
        if not isinstance(on, bool):
            raise InvalidOption(f"{name} must be True or False, not {short_repr(on)}")


def checked_title(title: Any) -> bool | str:
    """``title`` as drawn: True (the search's own), False (none) or a text, cut to :data:`MAX_TITLE`.

    Parameters
    ----------
    title : bool or str
        The title asked for.

    Returns
    -------
    bool or str
        The title to draw.

    Raises
    ------
    InvalidOption
        For anything but True, False or a text.
    """
    if isinstance(title, bool):
        return title
    if not isinstance(title, str):
        raise InvalidOption(f"title must be True, False or a text, not {short_repr(title)}")
    return title if len(title) <= MAX_TITLE else title[:MAX_TITLE - 1] + "…"


def checked_titles(titles: Any) -> tuple[Any, Any]:
    """The two titles of a difference's picture (the right tree's, then the learner's).

    Parameters
    ----------
    titles : tuple or None
        None (each tree's own words) or a pair, each a text, True, False or None.

    Returns
    -------
    tuple
        The pair, each None (its own words), True, False or a text.

    Raises
    ------
    InvalidOption
        For anything but None or such a pair.
    """
    if titles is None:
        return None, None
    ok = isinstance(titles, (tuple, list)) and len(titles) == 2 and all(
        t is None or isinstance(t, (str, bool)) for t in titles)
    if not ok:
        raise InvalidOption(f"titles must be None or a pair of titles (the right tree's, then yours), each a "
                            f"text or None, such as ('right', 'mine'), not {short_repr(titles)}")
    return tuple(titles)


def checked_figsize(figsize: Any) -> tuple[float, float] | None:
    """None (the picture's own size) or a (width, height) pair of inches, each more than 0.

    Parameters
    ----------
    figsize : tuple or None
        The size asked for.

    Returns
    -------
    tuple or None
        The size, as a tuple.

    Raises
    ------
    InvalidOption
        For anything but None or a pair of numbers from 0 to 100.
    """
    if figsize is None:
        return None
    ok = isinstance(figsize, (tuple, list)) and len(figsize) == 2 and all(
        isinstance(x, (int, float)) and not isinstance(x, bool) and 0 < x < 100 for x in figsize)
    if not ok:
        raise InvalidOption(f"figsize must be None or a (width, height) pair of inches, such as (8, 4), "
                            f"not {short_repr(figsize)}")
    return tuple(figsize)


def mark_index(tree: SearchTree, node: Any) -> int:
    """The index of ``node`` (a node of ``tree`` or an index), for ``mark``.

    Parameters
    ----------
    tree : SearchTree
        The tree drawn.
    node : Node or int
        The node to mark.

    Returns
    -------
    int
        Its index.

    Raises
    ------
    InvalidOption
        For anything but a node of ``tree`` or an index of one.
    """
    index = node.index if isinstance(node, Node) and node.tree is tree else node
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(tree):
        raise InvalidOption(f"mark is a node of this tree or its index (0 to {len(tree) - 1}), not {short_repr(node)}")
    return index
