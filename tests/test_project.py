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


def test_the_longest_test_files_named_first_exist():
    """tests/conftest.py's LONGEST_FIRST orders make test's run: a name there that no longer
    names a file would quietly stop doing so."""
    import ast

    tree = ast.parse((ROOT / "tests" / "conftest.py").read_text())
    (LONGEST_FIRST,) = [ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                        and [t.id for t in node.targets if isinstance(t, ast.Name)] == ["LONGEST_FIRST"]]
    missing = [name for name in LONGEST_FIRST if not (ROOT / name).is_file()]
    assert not missing, f"LONGEST_FIRST names files that are gone: {missing}"
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)


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
    assert "minimax_viz[lab,app,lite]" in extras["test"], "make test needs the lab, the app and the site"
    assert not any("teach" in d or _name(d) in ("nbgrader", "otter-grader") for d in extras["test"]), (
        "the teaching tools stay out of .venv: nbgrader would add its menus to the learner's JupyterLab")
    assert isinstance(project["license"], str), "an SPDX licence string, not a table"


def _dry_run(target: str, **variables: str) -> str:
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    assigned = [f"{k}={v}" for k, v in variables.items()]
    return subprocess.run(["make", "--no-print-directory", "-n", "-W", "pyproject.toml", target, *assigned],
                          cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout


def test_make_student_uses_an_environment_of_its_own():
    dry = _dry_run("student")
    assert "-m venv .venv-teach" in dry and "'.[teach]'" in dry
    assert ".venv-teach/bin/python -m minimax_viz student-copy student --teacher teacher --nbgrader --otter" in dry
    assert ".venv/" not in dry, "make student never touches the learner's .venv"
    assert "--force" in _dry_run("student", FORCE="1")
    test = _dry_run("test")
    assert "MINIMAX_VIZ_TEACH_BIN=" in test and "'.[teach]'" in test and "'.[test]'" in test


def test_make_app_serves_behind_a_token_on_this_machine_only():
    dry = _dry_run("app", PORT="8899")
    command = next(line for line in dry.splitlines() if "/voila " in line)
    token = re.search(r"--token=(\S+)", command).group(1)
    assert len(token) >= 20 and "--Voila.ip=127.0.0.1" in command and "--port=8899" in command
    assert f"http://localhost:8899/?token={token}" in dry, "the URL to open, with its token, is printed"
    readme = (ROOT / "README.md").read_text()
    assert "token" in readme[readme.index("make app"):]
