"""The site's plain modules (storage, links, ...) under Node's test runner: tests/site/*.test.mjs."""

from __future__ import annotations

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

