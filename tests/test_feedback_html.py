"""A verdict shows in a notebook as HTML: its words escaped, wrapping only at spaces, "Right"
and "Not yet" told apart at a glance; its text (``repr``) stays exactly as it was.

The truths are written here: the words a check gave, and HTML read back with the standard
library's parser, not with the package's own code.
"""

import importlib
import pkgutil
from html.parser import HTMLParser

import pytest

import minimax_viz as mv
from minimax_viz.exercises.feedback import Feedback


class _Read(HTMLParser):
    """The text of an HTML fragment (entities decoded), the styles and classes of its tags."""

    def __init__(self, markup):
        super().__init__(convert_charrefs=True)
        self.text, self.styles, self.classes = "", [], []
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.styles.append(attrs.get("style", ""))
        self.classes += (attrs.get("class") or "").split()

    def handle_data(self, data):
        self.text += data


def _all_feedback_classes():
    for info in pkgutil.iter_modules(mv.exercises.__path__):
        importlib.import_module(f"minimax_viz.exercises.{info.name}")
    found, todo = [], [Feedback]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo += cls.__subclasses__()
    return [c for c in found if c.__module__.startswith("minimax_viz")]


def test_the_html_holds_the_words_of_the_text_escaped():
    verdict = Feedback(False, "alpha < beta & <script>x</script> lowers beta", hint="raise alpha; keep 'beta'.")
    assert repr(verdict) == ("Not yet: alpha < beta & <script>x</script> lowers beta\n"
                             "Hint: raise alpha; keep 'beta'.")
    markup = verdict._repr_html_()
    assert "<script>" not in markup
    read = _Read(markup)
    assert read.text.replace("✗ ", "") == repr(verdict)


def test_right_and_not_yet_look_different():
    right, wrong = Feedback(True, "9 calls."), Feedback(False, "8 calls.", hint="count the root.")
    read_right, read_wrong = _Read(right._repr_html_()), _Read(wrong._repr_html_())
    assert read_right.text.startswith("✓ Right: ") and read_wrong.text.startswith("✗ Not yet: ")
    assert "mv-right" in read_right.classes and "mv-not-yet" in read_wrong.classes
    assert "#007A55" in right._repr_html_() and "#007A55" not in wrong._repr_html_()
    assert "#B00000" in wrong._repr_html_() and "#B00000" not in right._repr_html_()
    assert "Hint" not in Feedback(True, "ok.", hint="unused")._repr_html_()   # as repr: no hint on Right


def test_the_html_wraps_at_spaces_and_keeps_line_breaks():
    style = _Read(Feedback(False, "a\nb")._repr_html_()).styles[0].replace(" ", "")
    assert "white-space:pre-wrap" in style           # the board lines of a verdict stay lines
    assert "word-break:normal" in style              # never "NotImplement edError"
    assert "break-all" not in style


@pytest.mark.parametrize("cls", _all_feedback_classes(), ids=lambda c: c.__name__)
def test_every_kind_of_verdict_renders_as_html(cls):
    verdict = cls(False, "it raised NotImplementedError < 2", hint="write it.")
    read = _Read(verdict._repr_html_())
    assert read.text == "✗ " + repr(verdict)
    assert len(_all_feedback_classes()) >= 3    # Feedback, SearchFeedback, LadderFeedback at least


def test_a_real_check_renders_its_board_lines():
    from minimax_viz.exercises import lesson02

    def minimax(board, mark):   # the player never switched
        cells = [c for c in board if c not in ("X", "O")]
        if not cells:
            return {"score": 0}
        plays = []
        for c in cells:
            board[c] = mark
            plays.append({"index": c, "score": minimax(board, mark)["score"]})
            board[c] = c
        return max(plays, key=lambda p: p["score"])

    verdict = lesson02.check_minimax(minimax)
    assert not verdict and _Read(verdict._repr_html_()).text == "✗ " + repr(verdict)
