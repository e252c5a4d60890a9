"""How often the search finds a short forced win: the tactics suites at fixed think times.

    python bench/tactics.py [GAME ...] [--times 250,1000,2000]

Each game's suite (``tests/data/tactics-<game>.txt``, made and proved by exhaustive search) lists
positions whose side to move forces a win in 2 or 3 of its moves but not in 1, with every first
move that wins that fast. For each position and think time the engine (CPython, one search with
that time budget, as the AI plays) is asked for its move. The table gives the share of positions
where it *finds* the win (plays one of the fastest winning first moves) and where it also *proves*
it (reports ``win_in`` equal to the solver's number of plies, ``2 * moves - 1``), and the mean
time it used (a proved win stops the search early). ``--cpu`` budgets the process's CPU time
instead of the clock's, for a machine shared with other jobs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame_rules  # noqa: E402
from pygame_rules.puzzlegen import read_tactics  # noqa: E402
from pygame_rules.bridge import MAX_TIME_MS  # noqa: E402
from pygame_rules.search import Search, analyse  # noqa: E402

SUITES = ROOT / "tests" / "data"


def suite(game: str) -> list[tuple[str, int, list[str]]]:
    path = SUITES / f"tactics-{game}.txt"
    return read_tactics(path) if path.exists() else []


def search_on_cpu(position, time_ms: float):
    """The search given ``time_ms`` of this process's CPU time instead of the clock's (a machine
    shared with other jobs gives it less than the clock says): run in 10 ms slices, stopped once
    its CPU time is spent (it does not stop deepening early, as a timed search does)."""
    search = Search(position, time_ms=MAX_TIME_MS, seed=1)
    start = time.process_time()
    result = search.run(slice_ms=10)
    while not result.done and (time.process_time() - start) * 1000 < time_ms:
        result = search.run(slice_ms=10)
    search.cancel()
    return search.result()


def run(game: str, time_ms: float, cpu: bool = False) -> tuple[int, int, int, float, list[str]]:
    """(positions, found, proved, mean seconds, texts of the positions missed) at ``time_ms``."""
    cases = suite(game)
    found = proved = 0
    spent = 0.0
    missed = []
    clock = time.process_time if cpu else time.perf_counter
    for text, n, moves in cases:
        position = pygame_rules.load(game, text)
        start = clock()
        result = search_on_cpu(position, time_ms) if cpu else analyse(position, time_ms=time_ms, seed=1)
        spent += clock() - start
        if result.move in moves:
            found += 1
            proved += result.win_in == 2 * n - 1
        else:
            missed.append(text)
    return len(cases), found, proved, spent / max(1, len(cases)), missed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=[g for g in pygame_rules.games() if suite(g)])
    parser.add_argument("--times", default="250,1000,2000", help="think times in ms, comma-separated")
    parser.add_argument("--cpu", action="store_true", help="budget the search's CPU time, not the clock's (a busy machine)")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the positions missed")
    args = parser.parse_args()
    times = [float(t) for t in args.times.split(",")]
    print("| game | positions | " + " | ".join(f"{t / 1000:g} s: found (proved), mean time" for t in times) + " |")
    print("|---|---|" + "---|" * len(times))
    for game in args.games:
        cells, count = [], 0
        for t in times:
            count, found, proved, mean, missed = run(game, t, args.cpu)
            cells.append(f"{100 * found / count:.0f}% ({100 * proved / count:.0f}%), {mean:.2f} s")
            if args.verbose:
                for text in missed:
                    print(f"  {game} at {t:g} ms missed: {text}", file=sys.stderr)
        print(f"| {game} | {count} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
