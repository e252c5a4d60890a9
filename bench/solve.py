"""How long the exhaustive proof of a puzzle takes (``check``, as ``tests/test_puzzles.py`` runs it),
today's solver against the one before issue 13's speed-up, in the same run.

    python bench/solve.py [PUZZLE_ID ...] [--baseline COMMIT]

The baseline is the package of commit ``3b294da`` (``baseline.py`` extracts it), whose horizon
test "can the opponent be left without a move?" listed every move of each position after a
move. Both prove the same puzzles from the same data, each with a fresh solver and no budget,
in turns; the times are the process's CPU time (a machine shared with other jobs slows the clock
more than the CPU time). The default puzzles: 3 Crowns' in 2 and one in 3 (its other two take
the baseline several minutes each).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import pygame_rules  # noqa: E402
from baseline import load_baseline  # noqa: E402

#: main's head before the solver's no-move test stopped at the first move.
BASELINE_COMMIT = "3b294da"
DEFAULT = [f"three-crowns-{i:02d}" for i in range(1, 9)] + ["three-crowns-11"]


def proof_seconds(puzzles_module, puzzle_id: str) -> float:
    """CPU seconds that a ``puzzles`` module's ``check`` takes to prove ``puzzle_id`` (it must hold)."""
    p = puzzles_module.puzzle(puzzle_id)
    start = time.process_time()
    problems = puzzles_module.check(p)
    spent = time.process_time() - start
    if problems:
        raise SystemExit(f"{puzzles_module.__name__}: {puzzle_id}: {problems}")
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ids", nargs="*", default=DEFAULT)
    parser.add_argument("--baseline", default=BASELINE_COMMIT, help="the commit to compare with")
    args = parser.parse_args()
    old = load_baseline(args.baseline)
    engines = {"baseline": importlib.import_module(old.__name__ + ".puzzles"), "today": importlib.import_module("pygame_rules.puzzles")}
    print("| puzzle | moves | baseline (s) | today (s) | ratio |")
    print("|---|---|---|---|---|")
    totals = {"baseline": 0.0, "today": 0.0}
    for puzzle_id in args.ids:
        times = {name: proof_seconds(module, puzzle_id) for name, module in engines.items()}
        for name in totals:
            totals[name] += times[name]
        moves = pygame_rules.puzzle(puzzle_id).moves
        print(f"| {puzzle_id} | {moves} | {times['baseline']:.2f} | {times['today']:.2f} | "
              f"{times['today'] / times['baseline']:.3f}x |", flush=True)
    print(f"| all | | {totals['baseline']:.1f} | {totals['today']:.1f} | {totals['today'] / totals['baseline']:.3f}x |")


if __name__ == "__main__":
    main()
