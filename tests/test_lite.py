"""The course as a JupyterLite site (make lite): what the built site holds, and the install cell.

The site is built here as ``make lite`` builds it (scripts/build_lite.py), from the lessons as
the course ships them (their last committed versions); tests/browser/test_lite_browser.py boots
it in Chromium. Nothing here
needs the network beyond PyPI, where the build takes its pure-Python wheels.
"""

from __future__ import annotations

import copy
import doctest
import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import pytest

from minimax_viz.handout import shipped

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
PLAY = ROOT / "apps" / "play.ipynb"


def load_script(name: str):
    """A module of scripts/ (not a package), loaded by path."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


build_lite = load_script("build_lite")
lite_cells = load_script("lite_cells")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site as make lite builds it, in a temporary folder; (folder, build summary)."""
    folder = tmp_path_factory.mktemp("lite") / "site"
    return folder, build_lite.build(folder, quiet=True)


def page_config(folder: Path) -> dict:
    return json.loads((folder / "jupyter-lite.json").read_text())["jupyter-config-data"]


@pytest.mark.slow  # builds the site
def test_the_site_holds_every_lesson_and_the_play_page(site):
    folder, _ = site
    served = {p.name for p in (folder / "files").glob("*.ipynb")}
    assert served == {p.name for p in LESSONS} | {"play.ipynb"}
    for lesson in LESSONS:  # as the course ships them (committed; else on disk), not rewritten
        as_shipped = shipped(lesson) or lesson.read_bytes()
        assert json.loads((folder / "files" / lesson.name).read_text()) == json.loads(as_shipped)
    listing = json.loads((folder / "api" / "contents" / "all.json").read_text())
    assert {c["name"] for c in listing["content"]} == served


@pytest.mark.slow  # builds the site
def test_the_site_serves_the_package_and_its_pure_python_dependencies(site):
    folder, summary = site
    index = json.loads((folder / "pypi" / "all.json").read_text())
    version = build_lite.wheel_version(next((folder / "pypi").glob("minimax_viz-*.whl")))
    import minimax_viz
    assert version == minimax_viz.__version__
    assert set(index) == {"minimax-viz", "ipywidgets", "ipyevents", "comm", "jupyterlab-widgets", "networkx",
                          "chess"}
    for project in index.values():
        (release,) = project["releases"].values()
        (wheel,) = release
        assert wheel["filename"].endswith("-py3-none-any.whl"), wheel["filename"]
        assert (folder / "pypi" / wheel["filename"]).exists()
    with zipfile.ZipFile(next((folder / "pypi").glob("minimax_viz-*.whl"))) as wheel:
        names = set(wheel.namelist())
    assert {"minimax_viz/__init__.py", "minimax_viz/widgets/play.py"} <= names
    assert f"minimax_viz-{version}.dist-info/licenses/LICENSE" in names


@pytest.mark.slow  # builds the site
def test_the_site_carries_the_widget_extensions_and_no_others(site):
    folder, _ = site
    extensions = {e["name"] for e in page_config(folder)["federated_extensions"]}
    assert extensions == {"@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager",
                          "ipyevents"}
    for name in extensions:
        assert (folder / "extensions" / name / "package.json").exists(), name
    # ipyevents' extension matches the wheel the site serves (its JavaScript and Python halves)
    js = json.loads((folder / "extensions" / "ipyevents" / "package.json").read_text())["version"]
    assert (folder / "pypi" / f"ipyevents-{js}-py3-none-any.whl").exists()


@pytest.mark.slow  # builds the site
def test_the_site_starts_the_pyodide_kernel_for_the_lessons(site):
    folder, _ = site
    config = page_config(folder)
    assert config["defaultKernelName"] == "python"
    settings = json.loads((folder / "overrides.json").read_text())
    assert settings["@jupyterlab/notebook-extension:tracker"]["autoStartDefaultKernel"] is True
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert any(url.startswith("./pypi/all.json") for url in kernel["pipliteUrls"])
    assert "pyodideUrl" not in kernel, "the published site takes Pyodide from its CDN"
    assert "exposeAppInBrowser" not in config


@pytest.mark.slow  # builds the site
def test_the_site_is_small_and_quick_to_build(site):
    folder, summary = site
    assert summary["bytes"] < 60 * 2**20, f"{summary['bytes'] / 2**20:.0f} MiB"
    assert not list(folder.rglob("*.map")), "source maps are left out"
    print(f"\nJupyterLite site: {summary['bytes'] / 2**20:.1f} MiB, {summary['files']} files, "
          f"built in {summary['seconds']:.1f} s")


NO_FIGURES = """
import importlib.abc, sys

class NoFigures(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("matplotlib", "numpy", "PIL", "networkx"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, NoFigures())
import minimax_viz as mv
result = mv.minimax(mv.TicTacToe(), mv.TicTacToe.TUTORIAL_BOARD)
play = mv.PlayBoard()
play.cells[0].click()
print(result.move, result.score, play.board[4])
"""


def test_the_package_imports_searches_and_plays_without_figures():
    """What the browser test runs, on CPython with matplotlib, numpy and networkx made absent."""
    import subprocess

    run = subprocess.run([sys.executable, "-c", NO_FIGURES], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["4", "1", "O"]


# -- the install cell --------------------------------------------------------------------------

@pytest.mark.parametrize("path", LESSONS + [PLAY], ids=[p.stem for p in LESSONS + [PLAY]])
def test_each_lesson_first_installs_the_package_under_pyodide(path):
    """Fails until ``python scripts/lite_cells.py`` has been run on the lessons (and committed)."""
    nb = json.loads(path.read_text())
    assert lite_cells.first_code_cell_is_install(nb), (
        f"{path.name}'s first code cell is not the Pyodide install cell: run "
        f"python scripts/lite_cells.py {path.relative_to(ROOT)}")


def without_install_cell(lesson: Path) -> dict:
    """The lesson as it would be without the install cell (as it was before the script ran)."""
    nb = json.loads(lesson.read_text())
    nb["cells"] = [c for c in nb["cells"] if not lite_cells.is_install_cell(c)]
    return nb


def lesson_copy(tmp_path: Path, lesson: Path) -> Path:
    """A copy of ``lesson`` without its install cell, for the script to work on."""
    target = tmp_path / lesson.name
    target.write_text(json.dumps(without_install_cell(lesson), indent=1, ensure_ascii=False) + "\n")
    return target


def test_the_script_inserts_the_cell_once_and_keeps_the_rest(tmp_path):
    original = without_install_cell(LESSONS[1])
    path = lesson_copy(tmp_path, LESSONS[1])
    assert lite_cells.update_file(path)
    once = path.read_text()
    assert not lite_cells.update_file(path), "a second run changes nothing"
    assert path.read_text() == once
    nb = json.loads(once)
    import nbformat  # here, not at the top: its import takes a second (jsonschema's formats)

    nbformat.validate(nbformat.reads(once, as_version=4))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code[0]["id"] == lite_cells.CELL_ID and "".join(code[0]["source"]) == lite_cells.INSTALL_SOURCE
    others = [c for c in nb["cells"] if c.get("id") != lite_cells.CELL_ID]
    assert [c["source"] for c in others] == [c["source"] for c in original["cells"]]
    assert [c.get("outputs") for c in others] != [] and len(others) == len(original["cells"])
    if all(c.get("execution_count") for c in original["cells"] if c["cell_type"] == "code"):
        assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))


def test_the_script_replaces_an_old_install_cell_and_moves_it_first(tmp_path):
    path = lesson_copy(tmp_path, LESSONS[2])
    nb = json.loads(path.read_text())
    old = lite_cells.install_cell()
    old.update(id="old-install", source=["import piplite\n", "await piplite.install('minimax_viz')"])
    first_code = next(i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code")
    nb["cells"].insert(first_code + 2, old)  # out of date, and not first
    path.write_text(json.dumps(nb))
    assert lite_cells.update_file(path)
    after = json.loads(path.read_text())
    assert lite_cells.first_code_cell_is_install(after)
    assert sum(lite_cells.is_install_cell(c) for c in after["cells"]) == 1
    assert lite_cells.main(["--check", str(path)]) == 0


def test_the_install_cell_does_nothing_under_cpython(tmp_path):
    """Run under ipykernel (as nbval and JupyterLab do): no output, no error, no piplite."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import minimax_viz as mv")]
    lite_cells.ensure_install_cell(nb)
    nb = nbformat.reads(json.dumps(nb), as_version=4)  # as read from a file: sources joined
    nb.cells.append(nbformat.v4.new_code_cell("print(sorted(m for m in sys.modules if 'piplite' in m))"))
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    install, _, check = nb.cells
    assert install.outputs == []
    assert check.outputs[0]["text"] == "[]\n"


def test_the_scripts_doctests_pass():
    for module in (lite_cells, load_script("pyodide_npm")):
        failures, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert tried and not failures, module.__name__


def test_student_copies_and_graders_keep_the_install_cell_first():
    from minimax_viz import handout

    nb = json.loads(LESSONS[1].read_text())
    lite_cells.ensure_install_cell(nb)
    name = LESSONS[1].stem
    for made in (handout.student_notebook(copy.deepcopy(nb), name=name),
                 handout.nbgrader_notebook(copy.deepcopy(nb), name=name),
                 handout.otter_notebook(copy.deepcopy(nb), name=name)):
        code = [c for c in made["cells"] if c["cell_type"] == "code"]
        assert lite_cells.INSTALL_SOURCE in "".join(code[0]["source"])



# -- the kernel check: words when the Python kernel cannot start (tests/browser/test_lite_kernel_check.py) -----

@pytest.mark.slow  # builds the site
def test_the_pages_that_run_notebooks_load_the_kernel_check(site):
    folder, _ = site
    assert (folder / build_lite.KERNEL_CHECK).read_bytes() == (ROOT / "scripts" / "lite_kernel_check.js").read_bytes()
    for app in ("lab", "notebooks"):
        head = (folder / app / "index.html").read_text().split("<head>", 1)[1]
        assert head.lstrip().startswith('<script src="../kernel-check.js"></script>'), app


def test_the_kernel_check_is_loaded_first_in_each_page_once(tmp_path):
    """add_kernel_check(site) twice -> each page loads the script once, first in its head; the script served."""
    for app in ("lab", "notebooks", "tree"):
        (tmp_path / app).mkdir()
        (tmp_path / app / "index.html").write_text("<html>\n<head>\n<title>JupyterLite</title>\n</head></html>\n")
    changed = build_lite.add_kernel_check(tmp_path)
    assert sorted(p.parent.name for p in changed) == ["lab", "notebooks"]
    assert build_lite.add_kernel_check(tmp_path) == []
    for app in ("lab", "notebooks"):
        html = (tmp_path / app / "index.html").read_text()
        assert html.count("kernel-check.js") == 1
        assert html.index("kernel-check.js") < html.index("<title>")
    assert "kernel-check" not in (tmp_path / "tree" / "index.html").read_text(), "the file tree runs no kernel"
    assert "could not start" in (tmp_path / "kernel-check.js").read_text()


def test_a_page_without_a_head_is_refused_in_words(tmp_path):
    """add_kernel_check on a JupyterLite whose page has no <head> -> SystemExit naming the page, nothing half done."""
    for app, html in (("lab", "<html><head></head></html>"), ("notebooks", "<html><body></body></html>")):
        (tmp_path / app).mkdir()
        (tmp_path / app / "index.html").write_text(html)
    with pytest.raises(SystemExit, match=r"notebooks/index.html has no <head>, so the kernel check cannot be loaded"):
        build_lite.add_kernel_check(tmp_path)
    assert (tmp_path / "lab" / "index.html").read_text() == "<html><head></head></html>"
    assert not (tmp_path / "kernel-check.js").exists()


def test_the_kernel_check_writes_its_words_as_text_never_html():
    """The banner's reason can hold an error's message: it goes in as a text node, never as HTML."""
    script = (ROOT / "scripts" / "lite_kernel_check.js").read_text()
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script
    assert "createTextNode(reason" in script


# -- the lessons as the course ships them -----------------------------------------------------------

def _course(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A git checkout holding lessons 01 and 02 as committed, 01 then edited on disk, and a
    notebook never committed; (the edited lesson, the untouched one, the uncommitted one)."""
    course = tmp_path / "course"
    course.mkdir()
    for lesson in LESSONS[1:3]:
        (course / lesson.name).write_bytes(lesson.read_bytes())
    git = ["git", "-C", str(course), "-c", "user.name=t", "-c", "user.email=t@t"]
    import subprocess
    subprocess.run(git[:3] + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "ship"], check=True)
    edited, untouched = (course / lesson.name for lesson in LESSONS[1:3])
    nb = json.loads(edited.read_text())
    nb["cells"][0]["source"] = ["MY_OWN_ANSWER = 42\n"]
    edited.write_text(json.dumps(nb))
    extra = course / "99-Mine.ipynb"
    extra.write_text(json.dumps(nb))
    return edited, untouched, extra


def test_the_site_takes_each_lesson_as_committed_and_names_those_edited(tmp_path):
    """as_shipped([edited, untouched, never committed]) -> the committed bytes of the first two, the third
    as on disk; the edited one named."""
    edited, untouched, extra = _course(tmp_path)
    chosen, named = build_lite.as_shipped([edited, untouched, extra], tmp_path / "contents")
    assert named == [edited.name]
    assert chosen[0].read_bytes() == LESSONS[1].read_bytes() and b"MY_OWN_ANSWER" not in chosen[0].read_bytes()
    assert chosen[1].read_bytes() == untouched.read_bytes()
    assert chosen[2] == extra   # never committed: there is no shipped version to prefer
    assert edited.read_bytes() != chosen[0].read_bytes(), "the edited lesson on disk is left as it is"


@pytest.mark.slow  # builds a site
def test_a_build_from_edited_lessons_serves_them_as_shipped_and_says_so(tmp_path, capsys):
    """build_lite.py --contents EDITED UNTOUCHED --output SITE -> the site serves the committed lesson; a note
    names the edited one."""
    edited, untouched, _ = _course(tmp_path)
    build_lite.main(["--output", str(tmp_path / "site"), "--contents", str(edited), str(untouched)])
    out = capsys.readouterr().out
    assert f"note: 1 notebook differs from the course as shipped ({edited.name})" in out
    served = (tmp_path / "site" / "files" / edited.name).read_bytes()
    assert json.loads(served) == json.loads(LESSONS[1].read_bytes())


# -- publishing ----------------------------------------------------------------------------------

def test_the_pages_workflow_builds_with_make_lite_and_publishes_the_site():
    import yaml

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "lite.yml").read_text())
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    assert "workflow_dispatch" in triggers and triggers["push"]["branches"] == ["main"]
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build, deploy = workflow["jobs"]["build"]["steps"], workflow["jobs"]["deploy"]["steps"]
    assert any(step.get("run") == "make lite" for step in build)
    upload = next(s for s in build if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "build/lite" == Path(build_lite.OUTPUT).relative_to(ROOT).as_posix()
    assert any(s.get("uses", "").startswith("actions/deploy-pages") for s in deploy)
    summary = "\n".join(s.get("run", "") for s in deploy)
    assert "lab/index.html?path=00-Start-Here.ipynb" in summary
    assert "mybinder.org/v2/gh/${{ github.repository }}/HEAD" in summary


def test_the_readme_says_how_to_get_the_link_for_a_fork():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Try it in your browser", 1)[1].split("\n## ", 1)[0]
    for words in ("Settings › Pages", "GitHub Actions", "Run workflow",
                  "https://USER.github.io/REPO/lab/index.html?path=00-Start-Here.ipynb",
                  "https://mybinder.org/v2/gh/USER/REPO/HEAD", "make lite",
                  "figures are not tested in the browser"):
        assert words in section, words
    assert "OWNER/REPO" not in readme
