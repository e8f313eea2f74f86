"""Build the course as a static JupyterLite site: every lesson, in the browser, nothing installed.

    python scripts/build_lite.py                 # make lite: the site in build/lite/
    python scripts/build_lite.py --output DIR --pyodide PYODIDE_DIR --expose-app

The site holds the lessons (``notebooks/*.ipynb``) and the play page (``apps/play.ipynb``)
side by side at its root, so the lessons' relative links work, each as the course ships it:
its last committed version when the checkout is a git one, read as the hand-outs read it
(a learner's answers or a teacher's edits typed into the lessons stay out of the site; the
build names the lessons whose copy on disk differs); the
package's own wheel and the pure-Python wheels it needs that Pyodide does not carry
(ipywidgets, ipyevents, comm, jupyterlab_widgets, networkx, chess), served by the site's piplite
index; and three JupyterLab extensions: the Pyodide kernel, the ipywidgets manager and
ipyevents (ipyevents' clicks work in JupyterLite only when its extension is in the build,
jupyterlite#918). Other extensions of this environment (jupytext, Voila...) are left out.

The wheels are downloaded from PyPI at the versions installed here, so the Python side of
ipywidgets and ipyevents matches the JavaScript side the build copies from this
environment. matplotlib, numpy and pillow are not in the site: the Pyodide kernel loads
them from the Pyodide CDN when the lesson's first cell installs the package.

``--pyodide DIR`` puts a Pyodide distribution (a folder with ``pyodide.mjs`` and
``pyodide-lock.json``) into the site and points the kernel at it instead of the CDN;
the tests do this with the interpreter from the npm package (scripts/pyodide_npm.py).
``--expose-app`` sets ``window.jupyterapp`` for the browser tests.

The pages that run notebooks (``lab/``, ``notebooks/``) also load ``kernel-check.js``
(scripts/lite_kernel_check.js, see :func:`add_kernel_check`): when the Python kernel cannot
start (offline, a blocked CDN, no WebAssembly), a banner says so in words and what to do,
where JupyterLite itself shows only "Unknown".
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from importlib.metadata import version
from pathlib import Path

from minimax_viz.files import read_small
from minimax_viz.handout import shipped

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "build" / "lite"
#: The pure-Python wheels the site serves besides the package's own (not in Pyodide's lock).
PURE_WHEELS = ("ipywidgets", "ipyevents", "comm", "jupyterlab_widgets", "networkx", "chess")
#: Those of them whose project publishes a source release only (python-chess since 1.11): the
#: build makes their wheel from it.
SDIST_ONLY = ("chess",)
#: The JupyterLab extensions the site carries, as folders under share/jupyter/labextensions.
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager",
              "ipyevents")
#: The JupyterLite apps built: JupyterLab, the Notebook interface (the play page) and its file tree.
APPS = ("lab", "notebooks", "tree")
TITLE = "Minimax, step by step"
#: Settings of the site's JupyterLab. The lessons name the kernel "python3" (ipykernel's), which
#: JupyterLite has not: without autoStartDefaultKernel every lesson would ask for a kernel.
SETTINGS = {
    "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}


def lessons() -> list[Path]:
    """The course's notebooks (their files on disk): the lessons, then the play page."""
    return sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")) + [ROOT / "apps" / "play.ipynb"]


def as_shipped(paths: list[Path], folder: Path) -> tuple[list[Path], list[str]]:
    """The notebooks the site takes for `paths`, each as the course ships it, and the names of
    those whose copy on disk differs from it.

    A notebook's shipped version is its last committed one (:func:`minimax_viz.handout.shipped`,
    as ``student-copy`` reads the lessons), written into `folder`; a notebook never committed,
    or outside a git checkout, is taken as it is on disk.
    """
    folder.mkdir(parents=True, exist_ok=True)
    chosen, edited = [], []
    for path in paths:
        data = shipped(path)
        if data is None:
            chosen.append(path)
            continue
        if read_small(path, 1 << 26) != data:
            edited.append(path.name)
        (folder / path.name).write_bytes(data)
        chosen.append(folder / path.name)
    return chosen, edited


def labextensions_dir() -> Path:
    """Where this environment's JupyterLab extensions are installed."""
    return Path(sys.prefix) / "share" / "jupyter" / "labextensions"


def package_wheel(dest: Path) -> Path:
    """Build minimax_viz's wheel from this checkout into `dest`; its path."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                        "--wheel-dir", tmp, str(ROOT)], check=True)
        (built,) = Path(tmp).glob("minimax_viz-*.whl")
        return Path(shutil.copy2(built, dest))


def pure_wheels(dest: Path, names=PURE_WHEELS) -> list[Path]:
    """Download the wheels of `names`, at the versions installed here, into `dest`.

    Only pure-Python wheels (``py3-none-any``) are taken: the kind piplite can install.
    """
    published = [name for name in names if name not in SDIST_ONLY]
    pins = [f"{name}=={version(name)}" for name in published]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary=:all:", "--platform", "any", "--python-version", "3.14",
                    "--implementation", "py", "--dest", str(dest), *pins], check=True)
    for name in names:
        if name in SDIST_ONLY:
            built_wheel(name, dest)
    return sorted(w for w in dest.glob("*.whl") if _project(w.name) in {_project(n) for n in names})


def built_wheel(name: str, dest: Path) -> Path:
    """Build the wheel of `name`, at the version installed here, from its source release on
    PyPI (a project that publishes no wheel), into `dest`; it must come out pure Python."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-binary", name,
                    "--wheel-dir", str(dest), f"{name}=={version(name)}"], check=True)
    wheel = next(w for w in dest.glob("*.whl") if _project(w.name) == _project(name))
    if not wheel.name.endswith("-py3-none-any.whl"):
        sys.exit(f"{wheel.name} is not a pure-Python wheel: piplite cannot install it")
    return wheel


def _project(filename: str) -> str:
    """A wheel's or a requirement's project name, normalised (``jupyterlab_widgets``)."""
    return filename.split("-")[0].lower().replace("-", "_").replace(".", "_")


def site_config(contents, wheels, output: Path, *, extensions) -> dict:
    """The ``jupyter_lite_config.json`` of the build."""
    return {
        "LiteBuildConfig": {
            "apps": list(APPS),
            "contents": [str(p) for p in contents],
            "federated_extensions": [str(p) for p in extensions],
            "ignore_sys_prefix": ["federated_extensions"],
            "no_sourcemaps": True,
            "no_unused_shared_packages": True,
            "output_dir": str(output),
            "settings_overrides": ["overrides.json"],
        },
        "PipliteAddon": {"piplite_urls": [str(w) for w in wheels]},
    }


def page_config(*, expose_app: bool) -> dict:
    """The site's ``jupyter-lite.json``: its name, and the app exposed for tests if asked."""
    data = {"appName": TITLE}
    if expose_app:
        data["exposeAppInBrowser"] = "true"
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": data}


#: The script of the kernel check, as the site serves it from its root, and the pages that load it.
KERNEL_CHECK = "kernel-check.js"
KERNEL_CHECK_PAGES = ("lab", "notebooks")


def add_kernel_check(site: Path) -> list[Path]:
    """Copy the kernel check (scripts/lite_kernel_check.js) to the root of the built `site` and
    load it in each page that runs notebooks, first in its ``<head>`` (so it hears the kernel's
    errors from the start); the pages changed.

    JupyterLite has no setting for a page's own script, and a JupyterLab extension would need
    a JavaScript build; the pages are plain HTML files that the build writes.

    :raises SystemExit: a page has no ``<head>`` to load the script in (a JupyterLite whose
        pages changed shape: the words say which).
    """
    tag = f'<script src="../{KERNEL_CHECK}"></script>'
    pages = {site / app / "index.html": (site / app / "index.html").read_text(encoding="utf-8")
             for app in KERNEL_CHECK_PAGES}
    for page, html in pages.items():   # every page checked before any is changed
        if "<head>" not in html:
            sys.exit(f"{page} has no <head>, so the kernel check cannot be loaded there; "
                     "update add_kernel_check in scripts/build_lite.py for this JupyterLite")
    shutil.copy2(Path(__file__).with_name("lite_kernel_check.js"), site / KERNEL_CHECK)
    changed = [page for page, html in pages.items() if tag not in html]
    for page in changed:
        page.write_text(pages[page].replace("<head>", f"<head>\n    {tag}", 1), encoding="utf-8")
    return changed


#: The file each build leaves in the folders it makes: the sign that a build may delete them.
MARK = ".minimax_viz-lite"
#: What a site (and a work folder) built before the mark existed holds at its top.
SITE_SIGN, WORK_SIGN = "jupyter-lite.json", "jupyter_lite_config.json"


def clear(folder: Path, role: str, sign: str) -> None:
    """Delete `folder` if a build made it (its mark, or `sign` from a build before marks);
    leave a missing or empty one; refuse anything else, in words, deleting nothing."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        sys.exit(f"{folder} ({role}) is a link or a file, not a folder a build made: nothing was deleted; "
                 "give --output a new folder")
    if not folder.exists():
        return
    if not any(folder.iterdir()):
        folder.rmdir()
    elif (folder / MARK).is_file() or (folder / sign).is_file():
        shutil.rmtree(folder)
    else:
        sys.exit(f"{folder} ({role}) holds files no build made, so it is not deleted: give --output a new "
                 "or empty folder (a build replaces only the folders it made)")


def build(output: Path = OUTPUT, *, contents=None, pyodide: Path | None = None,
          expose_app: bool = False, quiet: bool = False) -> dict:
    """Build the site into `output` (replaced when a build made it, refused when it holds
    anything else; so is its sibling `output`-work), from the notebooks `contents` (by default
    the course's) as shipped (:func:`as_shipped`); a summary: seconds, bytes, files, wheels,
    and the notebooks edited on disk (left out in favour of the shipped ones)."""
    start = time.perf_counter()
    output = Path(output).resolve()
    work = output.with_name(output.name + "-work")
    clear(output, "the site", SITE_SIGN)
    clear(work, "the build's work folder", WORK_SIGN)
    (work / "wheels").mkdir(parents=True)
    (work / MARK).write_text("made by scripts/build_lite.py: deleted and made again by each build\n")
    contents, edited = as_shipped([Path(p).resolve() for p in (contents or lessons())], work / "contents")
    wheels = [package_wheel(work / "wheels"), *pure_wheels(work / "wheels")]
    extensions = [labextensions_dir() / name for name in EXTENSIONS]
    missing = [str(p) for p in extensions if not (p / "package.json").exists()]
    if missing:
        sys.exit(f"missing JupyterLab extensions (pip install -e '.[lite]'): {', '.join(missing)}")
    if pyodide is not None:
        shutil.copytree(pyodide, work / "static" / "pyodide")
    config = site_config(contents, wheels, output, extensions=extensions)
    (work / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2))
    (work / "overrides.json").write_text(json.dumps(SETTINGS, indent=2))
    (work / "jupyter-lite.json").write_text(json.dumps(page_config(expose_app=expose_app), indent=2))
    jupyter = Path(sys.executable).with_name("jupyter")
    run = subprocess.run([str(jupyter), "lite", "build", "--lite-dir", str(work)], cwd=work,
                         capture_output=quiet, text=True)
    if run.returncode:
        sys.exit(f"jupyter lite build failed ({run.returncode}):\n{run.stdout or ''}{run.stderr or ''}")
    add_kernel_check(output)
    (output / MARK).write_text("made by scripts/build_lite.py: deleted and made again by each build\n")
    files = [p for p in output.rglob("*") if p.is_file()]
    return {"seconds": time.perf_counter() - start, "bytes": sum(p.stat().st_size for p in files),
            "files": len(files), "wheels": sorted(w.name for w in wheels), "output": str(output),
            "edited": edited}


def wheel_version(path: Path) -> str:
    """The version a wheel's metadata states."""
    with zipfile.ZipFile(path) as wheel:
        meta = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        for line in wheel.read(meta).decode().splitlines():
            if line.startswith("Version:"):
                return line.split(":", 1)[1].strip()
    raise ValueError(f"{path} has no Version in its METADATA")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=OUTPUT, help="the site's folder (replaced if a build made it; "
                        "a folder holding anything else is refused)")
    parser.add_argument("--pyodide", type=Path, help="a Pyodide distribution to serve instead of the CDN")
    parser.add_argument("--expose-app", action="store_true", help="set window.jupyterapp (for tests)")
    parser.add_argument("--contents", type=Path, nargs="+", help="notebooks to put in (default: the course)")
    args = parser.parse_args(argv)
    summary = build(args.output, contents=args.contents, pyodide=args.pyodide,
                    expose_app=args.expose_app, quiet=True)
    print(f"JupyterLite site in {summary['output']}: {summary['files']} files, "
          f"{summary['bytes'] / 2**20:.1f} MiB, built in {summary['seconds']:.1f} s")
    print("wheels served: " + ", ".join(summary["wheels"]))
    edited = summary["edited"]
    if edited:
        print(f"note: {len(edited)} notebook{'s differ' if len(edited) > 1 else ' differs'} from the course as "
              f"shipped ({', '.join(edited)}): the site holds the shipped ones, not the edited ones")
    print("serve it: python -m http.server -d build/lite 8000, then open "
          "http://127.0.0.1:8000/lab/index.html?path=00-Start-Here.ipynb")


if __name__ == "__main__":
    main()
