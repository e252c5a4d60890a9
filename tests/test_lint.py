"""The linters find nothing: ruff on the whole repository, with the rule set of pyproject.toml (real
bugs: unused and undefined names, syntax errors, bugbear's traps), and Biome on the site's modules
and the JavaScript tests (.ci/biome.json). ruff is a pinned test dependency, Biome a pinned npm one."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    if importlib.util.find_spec("ruff") is None:
        pytest.fail('ruff is not installed: pip install -e ".[test]" (it pins ruff)')
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_biome_finds_nothing_in_the_site():
    """The site's modules and the JS tests pass Biome's bug-catching rules (.ci/biome.json: undeclared
    and unused names, unhandled promises, ...). Biome is pinned in package.json's lock."""
    biome = ROOT / "node_modules" / ".bin" / "biome"
    if not biome.exists():
        pytest.fail("Biome is not installed: run `npm ci` (package.json pins it)")
    done = subprocess.run([str(biome), "lint", "--config-path=.ci/biome.json", "site", "tests"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
