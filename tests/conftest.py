"""Shared set-up of the unit tests: the test helpers import as top-level modules, hypothesis profiles.

``tests/diagrams.py`` (board diagrams) and ``tests/reference/`` (independent rule implementations)
are imported as ``diagrams`` and ``reference`` from any test module, whatever pytest's import mode.
Hypothesis runs with no deadline (move generation time varies with the position); set
``HYPOTHESIS_PROFILE=thorough`` for many more examples. The browser tests (``tests/e2e/``) run after
all the others, whatever the order of the arguments: the fast tests first, so that pytest's
progress means something from the start (.ci/run).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough", deadline=None, max_examples=2000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_collection_modifyitems(items) -> None:
    """The browser tests last; the order within each group is kept (sorting is stable)."""
    e2e = TESTS / "e2e"
    items.sort(key=lambda item: e2e in Path(str(item.path)).parents)
