"""The project's promises: environment.yml in step with pyproject.toml, public names."""

import re
try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib
from pathlib import Path

import yaml

import minimax_viz

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ ;\[]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = {
        _name(d): d.replace(" ", "")
        for d in env["dependencies"]
        if isinstance(d, str) and _name(d) not in ("python", "pip")
    }
    pip = {_name(d): d.replace(" ", "") for d in project["dependencies"]}
    assert conda == pip, "environment.yml and pyproject.toml list different runtime dependencies"
    python = [d for d in env["dependencies"] if isinstance(d, str) and _name(d) == "python"]
    assert python == ["python" + project["requires-python"]]
    pip_section = [d for d in env["dependencies"] if isinstance(d, dict)][0]["pip"]
    assert "-e ." in pip_section or "." in pip_section, "the package itself is installed with pip"


def test_public_names_exist():
    for name in minimax_viz.__all__:
        assert hasattr(minimax_viz, name), name


def test_ci_calls_make_test():
    run = (ROOT / ".ci" / "run").read_text()
    assert "make test" in run
    readme = (ROOT / "README.md").read_text()
    assert readme.index("make lab") < readme.index("make test") < readme.index("conda")
