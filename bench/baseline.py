"""The engine as it was before issue 17 (commit ``bef4ac7``), importable beside today's.

    from baseline import load_baseline
    old = load_baseline()          # a module like pygame_rules, named baseline_rules
    old.Search(old.start("lilypad"), nodes=3000).run()

The package is extracted from git by commit (``git archive``), not from a tag, so a fresh clone
with full history is enough; it lands in a temporary directory under the name ``baseline_rules``
(its imports are relative), so both engines run in one process and can be timed in turns.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: main's head when issue 17 ("A faster engine") began: today's engine for the speed ratios.
BASELINE_COMMIT = "bef4ac7"
NAME = "baseline_rules"


def load_baseline(commit: str = BASELINE_COMMIT):
    """Import the ``pygame_rules`` package of ``commit`` as ``baseline_rules``."""
    if NAME in sys.modules:
        return sys.modules[NAME]
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "pygame_rules"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    target = Path(tempfile.mkdtemp(prefix="baseline-engine-"))
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(target, filter="data") if hasattr(tarfile, "data_filter") else tar.extractall(target)
    (target / "pygame_rules").rename(target / NAME)
    sys.path.insert(0, str(target))
    return importlib.import_module(NAME)
