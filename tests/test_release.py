"""The package is ready to publish: sdist and wheel build, twine finds nothing to fix, and the
version, the CHANGELOG and the licences agree."""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import minimax_viz

pytestmark = pytest.mark.slow  # not in make check: it runs whole notebooks or tools

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    """``python -m build`` of this checkout (sdist, then the wheel from it), in a temporary folder."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)], check=True,
                   capture_output=True, text=True)
    (sdist,) = out.glob("minimax_viz-*.tar.gz")
    (wheel,) = out.glob("minimax_viz-*.whl")
    return sdist, wheel


def test_sdist_and_wheel_carry_the_version_and_the_licence(dist):
    sdist, wheel = dist
    version = minimax_viz.__version__
    assert sdist.name == f"minimax_viz-{version}.tar.gz"
    assert wheel.name == f"minimax_viz-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"minimax_viz-{version}.dist-info/METADATA").decode()
    assert f"minimax_viz-{version}.dist-info/licenses/LICENSE" in names
    assert "License-Expression: MIT" in metadata
    assert "minimax_viz/exercises/lesson10.py" in names and "minimax_viz/widgets/play.py" in names
    assert not any(n.startswith(("tests/", "notebooks/", "scripts/")) for n in names)
    with tarfile.open(sdist) as archive:
        members = {Path(m).relative_to(f"minimax_viz-{version}").as_posix() for m in archive.getnames()
                   if m != f"minimax_viz-{version}"}
    assert {"LICENSE", "README.md", "pyproject.toml", "minimax_viz/__init__.py"} <= members


def test_twine_check_is_clean(dist):
    run = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, dist)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("PASSED") == 2, run.stdout


def test_the_changelog_has_a_section_for_this_version():
    changelog = (ROOT / "CHANGELOG.md").read_text()
    versions = re.findall(r"^## (\d+\.\d+\.\d+)\b", changelog, flags=re.M)
    assert versions and versions[0] == minimax_viz.__version__, (
        f"CHANGELOG.md's newest section is {versions[:1]}, the package is {minimax_viz.__version__}: "
        "add a section for the new version at the top")


def test_the_licence_covers_the_code_and_the_lesson_text():
    licence = (ROOT / "LICENSE").read_text()
    assert "MIT License" in licence and "Permission is hereby granted, free of charge" in licence
    assert "CC BY 4.0" in licence and "notebooks/" in licence
    readme = (ROOT / "README.md").read_text()
    assert "CC BY 4.0" in readme and "MIT" in readme
