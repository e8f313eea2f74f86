"""The project's promises: environment.yml in step with pyproject.toml, public names, extras."""

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
    extras = project["optional-dependencies"]
    wanted = project["dependencies"] + extras["lab"] + [d for d in extras["test"] if _name(d) == "nbval"]
    pip = {_name(d): d.replace(" ", "") for d in wanted}
    assert conda == pip, (
        "environment.yml should list pyproject.toml's runtime dependencies, its lab extra and nbval, "
        "with the same bounds")
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


def test_runtime_needs_no_jupyterlab_and_extras_split_the_tools():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {_name(d) for d in project["dependencies"]}
    assert "jupyterlab" not in runtime, "JupyterLab belongs in the lab extra, not in the runtime dependencies"
    extras = project["optional-dependencies"]
    assert {_name(d) for d in extras["lab"]} == {"jupyterlab"}
    assert {"nbgrader", "otter-grader"} <= {_name(d) for d in extras["teach"]}
    itself = [d for d in extras["test"] if _name(d) == "minimax-viz"]
    assert len(itself) == 1, "the test extra installs the package with its other extras"
    named = set(itself[0].split("[", 1)[1].rstrip("]").split(","))
    assert named == set(extras) - {"test"}, "make test needs every extra"
    assert isinstance(project["license"], str), "an SPDX licence string, not a table"
