"""Pyodide without its CDN: the interpreter from the npm package, pure-Python wheels from PyPI.

    python scripts/pyodide_npm.py            # unpack pyodide@PYODIDE_VERSION into build/pyodide-npm/
    python scripts/pyodide_npm.py --local DIR   # and make DIR: a Pyodide distribution a site can serve

The npm package ``pyodide`` holds the interpreter (``pyodide.mjs``, ``pyodide.asm.wasm``),
the standard library and the lock file, but none of the wheels the lock file names. The
JupyterLite kernel needs some of them before it can run a cell (micropip, IPython, jedi and
their dependencies); every one is pure Python, so the same wheel is on PyPI.
`local_distribution` copies the interpreter, downloads those wheels at the lock's versions
and writes a lock file that lists only them (with their own sha256), so nothing is fetched
from anywhere but the site. Packages with compiled code (numpy, matplotlib, pillow) are not
on any registry this project reaches as Pyodide builds, so such a distribution has none.

The version is the one jupyterlite-pyodide-kernel 0.8.6 was built for; the tarball's
sha512 is pinned, so a changed package fails loudly.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYODIDE_VERSION = "314.0.6"
#: npm's integrity field of pyodide@PYODIDE_VERSION (``npm view pyodide@314.0.6 dist.integrity``).
INTEGRITY = "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="
NPM_DIR = ROOT / "build" / "pyodide-npm"
#: What the JupyterLite kernel installs from the lock file before it runs a cell.
KERNEL_NEEDS = ("micropip", "ipython", "jedi", "traitlets")
#: The files of the npm package a page or Node.js loads.
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
           "pyodide.js", "package.json")


def npm_package(dest: Path = NPM_DIR) -> Path:
    """The unpacked npm package ``pyodide@PYODIDE_VERSION`` (fetched with ``npm pack`` once).

    :raises RuntimeError: npm is missing or fails, or the tarball's sha512 is not the pinned one.
    """
    package = dest / f"pyodide-{PYODIDE_VERSION}"
    if (package / "pyodide-lock.json").exists():
        return package
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed to fetch Pyodide (apt-get install npm)")
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest) as tmp:
        run = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp,
                              "--silent"], capture_output=True, text=True)
        if run.returncode:
            raise RuntimeError(f"npm pack pyodide@{PYODIDE_VERSION} failed:\n{run.stderr}")
        (tarball,) = Path(tmp).glob("pyodide-*.tgz")
        digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
        if digest != INTEGRITY:
            raise RuntimeError(f"{tarball.name} has {digest}, not the pinned {INTEGRITY}")
        unpacked = Path(tmp) / "unpacked"
        with tarfile.open(tarball) as archive:
            archive.extractall(unpacked, filter="data")
        shutil.move(unpacked / "package", package)
    return package


def closure(lock: dict, names) -> list[str]:
    """`names` and every package they depend on in the lock file, in a stable order.

    >>> lock = {"packages": {"a": {"depends": ["b"]}, "b": {"depends": []}, "c": {"depends": []}}}
    >>> closure(lock, ["a"])
    ['a', 'b']
    """
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop(0).lower().replace("_", "-")
        if name not in seen:
            seen.append(name)
            todo.extend(lock["packages"][name]["depends"])
    return seen


def local_distribution(dest: Path, *, needs=KERNEL_NEEDS, wheels_cache: Path | None = None) -> dict:
    """Write a Pyodide distribution to `dest` (replaced): the interpreter and `needs`' wheels.

    The wheels come from PyPI at the versions the lock names (``pip download``, kept in
    `wheels_cache`); the lock file written lists those packages only. Returns the lock's
    package names with the wheel file each one got.

    :raises RuntimeError: a package of the closure has no pure-Python wheel on PyPI.
    """
    package = npm_package()
    lock = json.loads((package / "pyodide-lock.json").read_text())
    wanted = closure(lock, needs)
    cache = Path(wheels_cache or NPM_DIR / "wheels")
    cache.mkdir(parents=True, exist_ok=True)
    pins = [f"{name}=={lock['packages'][name]['version']}" for name in wanted]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary=:all:", "--platform", "any", "--python-version", "3.14",
                    "--implementation", "py", "--dest", str(cache), *pins], check=True)
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for name in RUNTIME:
        shutil.copy2(package / name, dest / name)
    packages = {}
    for name in wanted:
        entry = dict(lock["packages"][name])
        wheel = _find_wheel(cache, name, entry["version"])
        shutil.copy2(wheel, dest / wheel.name)
        entry.update(file_name=wheel.name, sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
                     unvendored_tests=False)
        packages[name] = entry
    (dest / "pyodide-lock.json").write_text(json.dumps(dict(lock, packages=packages)))
    return {name: entry["file_name"] for name, entry in packages.items()}


def _find_wheel(folder: Path, name: str, version: str) -> Path:
    stem = name.lower().replace("-", "_")
    for wheel in folder.glob("*.whl"):
        project, wheel_version = wheel.name.split("-")[:2]
        if project.lower().replace("-", "_").replace(".", "_") == stem and wheel_version == version:
            return wheel
    raise RuntimeError(f"no pure-Python wheel of {name}=={version} was downloaded")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--local", type=Path, help="also write a servable Pyodide distribution here")
    args = parser.parse_args(argv)
    print(f"pyodide@{PYODIDE_VERSION}: {npm_package()}")
    if args.local:
        wheels = local_distribution(args.local)
        print(f"{args.local}: the interpreter and {len(wheels)} wheels ({', '.join(wheels)})")


if __name__ == "__main__":
    main()
