"""The site's plain modules (storage, links, ...) under Node's test runner: tests/site/*.test.mjs."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

SITE_TESTS = Path(__file__).resolve().parent / "site"


def test_site_modules():
    node = shutil.which("node")
    assert node, "Node.js is needed for the site's module tests (tests/site/); install it (CI does)"
    run = subprocess.run(
        [node, "--test", *sorted(str(p) for p in SITE_TESTS.glob("*.test.mjs"))],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]


SITE = SITE_TESTS.parent.parent / "site"
#: A static import or re-export (`import "./a.js"`, `import { b } from "../b.js"`, `export { c } from ...`).
IMPORT = re.compile(r'^\s*(?:import\s+(?:[^;"()]*?\s+from\s+)?|export\s+[^;"()]*?\s+from\s+)"(\.{1,2}/[^"]+)"', re.M)


def static_imports(module: Path) -> set[Path]:
    """Every module ``module`` imports, at any depth (dynamic imports aside); build-written files
    (games.js) are named but not read."""
    seen: set[Path] = set()
    todo = [module.resolve()]
    while todo:
        current = todo.pop()
        for name in IMPORT.findall(current.read_text()):
            target = (current.parent / name).resolve()
            if target not in seen:
                seen.add(target)
                if target.exists():
                    todo.append(target)
    return seen


def test_the_embed_entry_names_every_module_a_diagram_needs():
    """ks-board.js (the public address) names every module the element imports at any depth, so that
    a page downloads them all at once, not one round trip after another (a diagram waits for them)."""
    entry = SITE / "ks-board.js"
    named = {(entry.parent / name).resolve() for name in IMPORT.findall(entry.read_text())}
    assert static_imports(SITE / "embed" / "ks-board.js") - named == set()
