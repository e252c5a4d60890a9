"""Build the static site into dist/site/ (and optionally serve it): ``python build.py [--serve [--port N]]``.

dist/site/ holds the page (site/), the five Pyodide runtime files a page requests, a trimmed
pyodide-lock.json that lists only our own wheel (with its real sha256, so the browser's integrity
check passes), the wheel itself, and games.json: each game's board and start position as the rules
engine describes them, so the page draws a board before Python has started. Every URL in the site is
relative: the folder works from any subfolder of any static host, offline.
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
DIST = ROOT / "dist" / "site"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
#: The only runtime files a page requests (the lock is written, not copied).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PACKAGE = "pygame-rules"
#: Flags for headless Chromium on a machine without internet (the e2e tests and the benchmark):
#: without the networking ones, Chromium's background services fail at start-up.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def ensure_pyodide() -> None:
    """Install the pinned Pyodide runtime (package-lock.json) unless node_modules has that version."""
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    installed = PYODIDE_NPM / "package.json"
    if installed.exists() and json.loads(installed.read_text())["version"] == pinned:
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("build.py: node_modules/pyodide is missing and npm is not on the PATH; install Node.js "
                 "(with npm) and run `npm ci` in this folder")
    print("build.py: installing the Pyodide runtime (npm ci)", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


def build_wheel(out: Path) -> Path:
    """Build our pure-Python wheel into ``out``; return its path."""
    command = [sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-q", "-w", str(out)]
    if importlib.util.find_spec("hatchling"):
        command.append("--no-build-isolation")  # the backend is here already: skip a fresh venv
    subprocess.run(command, cwd=ROOT, check=True)
    (wheel,) = out.glob("*.whl")
    return wheel


def write_lock(wheel: Path, pyodide_dir: Path) -> None:
    """Copy the wheel under a content-named folder and write a lock that lists only it.

    The folder name changes with the wheel's bytes, so a browser never pairs a new lock with an
    old cached wheel (that fails the integrity check with a bare "Failed to fetch").
    """
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    file_name = f"{digest[:16]}/{wheel.name}"
    (pyodide_dir / digest[:16]).mkdir()
    shutil.copy2(wheel, pyodide_dir / file_name)
    upstream = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())
    entry = dict(upstream["packages"]["micropip"])  # every field a lock entry must have
    entry.update(
        name=PACKAGE,
        version=wheel.name.split("-")[1],
        file_name=file_name,
        imports=["pygame_rules"],
        depends=[],
        sha256=digest,
        unvendored_tests=False,
    )
    lock = {**upstream, "packages": {PACKAGE: entry}}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))


def games_data() -> dict:
    """What the page needs to draw every game before Python starts, from the bridge itself."""
    sys.path.insert(0, str(ROOT))
    from pygame_rules.bridge import handle

    def ask(**request) -> dict:
        answer = json.loads(handle(json.dumps(request)))
        if "error" in answer:
            raise RuntimeError(f"bridge request {request} failed: {answer['error']}")
        return answer

    listing = ask(op="games")
    boards = {}
    for game in listing["games"]:
        for variant in [None, *game["variants"]]:
            key = game["id"] if variant is None else f"{game['id']}:{variant}"
            boards[key] = {
                "info": ask(op="info", game=game["id"], variant=variant),
                "state": ask(op="state", game=game["id"], variant=variant),
            }
    return {"games": listing["games"], "boards": boards, "levels": ask(op="levels")}


def build() -> Path:
    ensure_pyodide()
    if DIST.exists():
        shutil.rmtree(DIST)
    shutil.copytree(SITE, DIST)
    pyodide_dir = DIST / "pyodide"
    pyodide_dir.mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(PYODIDE_NPM / name, pyodide_dir / name)
    with tempfile.TemporaryDirectory() as tmp:
        write_lock(build_wheel(Path(tmp)), pyodide_dir)
    (DIST / "games.json").write_text(json.dumps(games_data(), separators=(",", ":")))
    return DIST


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs (a wrong one for .wasm hangs it)."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, format, *args) -> None:  # keep the terminal and test output quiet
        pass


def server(directory: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    """A threaded static server for ``directory`` on 127.0.0.1 (``port`` 0 picks a free one)."""
    handler = lambda *args, **kwargs: Handler(*args, directory=str(directory), **kwargs)  # noqa: E731
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--serve", action="store_true", help="serve dist/site/ on 127.0.0.1 after building")
    ap.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    args = ap.parse_args(argv)
    site = build()
    print(f"built {site.relative_to(ROOT)}/")
    if args.serve:
        httpd = server(site, args.port)
        print(f"serving at http://127.0.0.1:{httpd.server_address[1]}/ (Ctrl-C stops)", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
