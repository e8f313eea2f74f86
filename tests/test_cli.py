"""The command line's promises: every error is one line and exit status 2 (Ctrl-C: 130), and
``draw -o`` replaces the file only with a complete picture.

Run as a user would (``python -m minimax_viz`` in a subprocess) where that can show it;
in-process where an error must be made to happen in the middle of rendering.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from minimax_viz.__main__ import main
from minimax_viz.draw import TreeView


def cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "minimax_viz", *args], capture_output=True, text=True, cwd=cwd)


def one_line(text: str) -> str:
    lines = text.splitlines()
    assert len(lines) == 1 and "Traceback" not in text, text
    return lines[0]


@pytest.mark.parametrize("args, words", [
    (["draw", "--dpi", "x", "-o", "a.png"], "argument --dpi: invalid int value: 'x'"),
    (["draw"], "the following arguments are required: -o/--output"),
    (["paint"], "invalid choice: 'paint'"),
    ([], "the following arguments are required: command"),
    (["trace", "--colour"], "unrecognized arguments: --colour"),
    (["student-copy"], "the following arguments are required: OUT_DIR"),
])
def test_a_usage_error_is_one_line_and_exit_2(tmp_path, args, words):
    done = cli(*args, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    line = one_line(done.stderr)
    assert words in line and line.startswith("python -m minimax_viz") and "--help lists the options" in line


def test_draw_into_a_missing_folder_is_one_line(tmp_path):
    done = cli("draw", "-o", str(tmp_path / "nowhere" / "tree.png"))
    assert done.returncode == 2
    assert one_line(done.stderr) == (f"python -m minimax_viz: error: cannot write {tmp_path / 'nowhere' / 'tree.png'}: "
                                     "No such file or directory")


def test_draw_into_a_read_only_folder_is_one_line(read_only_folder, capsys):
    assert main(["draw", "-o", str(read_only_folder / "tree.png")]) == 2
    err = capsys.readouterr().err
    assert one_line(err).startswith(f"python -m minimax_viz: error: cannot write {read_only_folder / 'tree.png'}: ")
    assert list(read_only_folder.iterdir()) == []


@pytest.mark.parametrize("fault, status, words", [
    (KeyboardInterrupt, 130, "interrupted; every file is as it was or written whole"),
    (RuntimeError("the renderer broke"), 2, "unexpected RuntimeError: the renderer broke"),
    (MemoryError, 2, "the tree is too large to search and draw here"),
])
def test_a_failure_while_rendering_leaves_the_old_file_whole(tmp_path, monkeypatch, capsys, fault, status, words):
    target = tmp_path / "tree.png"
    assert main(["draw", "-o", str(target)]) == 0
    before = target.read_bytes()
    capsys.readouterr()

    def broken(self, **kwargs):
        raise fault

    monkeypatch.setattr(TreeView, "png", broken)
    assert main(["draw", "--board", ".........", "--depth", "2", "-o", str(target)]) == status
    assert words in one_line(capsys.readouterr().err)
    assert target.read_bytes() == before, "the user's file is as it was, not emptied"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tree.png"], "no temporary file left"


def test_draw_replaces_a_file_and_keeps_its_permissions(tmp_path):
    target = tmp_path / "tree.svg"
    target.write_text("old")
    target.chmod(0o640)
    done = cli("draw", "--tree", "[[3, 12, 8], [2, 4, 6]]", "-o", str(target))
    assert done.returncode == 0, done.stderr
    assert target.read_text().lstrip().startswith("<?xml") and (target.stat().st_mode & 0o777) == 0o640
