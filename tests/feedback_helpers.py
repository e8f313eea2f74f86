"""What the exercise-check tests share: a learner's untouched stub, and reading a verdict."""

import minimax_viz as mv

RIGHT, NOT_YET = "Right: ", "Not yet: "


def stub(*args):
    """A learner's function before they write it, as the lessons hand it out."""
    raise NotImplementedError("your code here")


def said(feedback) -> str:
    """The whole text a learner sees, with a check that it is a Feedback at all."""
    assert isinstance(feedback, mv.exercises.Feedback)
    return repr(feedback)


def says(feedback, ok, *words):
    """Assert the verdict (right or not yet) and that its text holds each of ``words``."""
    text = said(feedback)
    assert bool(feedback) is ok, text
    assert text.startswith(RIGHT if ok else NOT_YET), text
    for word in words:
        assert word in text, f"{word!r} not in {text!r}"
