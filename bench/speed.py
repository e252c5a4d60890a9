"""Search speed per game: nodes per second of the AI, and move generations per second.

    python bench/speed.py                 # CPython, a table
    python bench/speed.py --json          # one JSON object
    python bench/speed_browser.py         # the same searches in the site's worker in Chromium

The work is fixed (positions from seeded random games, a node budget per search), so two runtimes
do exactly the same searches and the ratio of their times is the speed ratio. "node cost" is how
long a node takes relative to the first game's (Lilypad's): each game declares it as
``node_cost``, which scales the AI levels' node budgets so a level thinks as long in every game.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_rules  # noqa: E402
from pygame_rules import Game, Search  # noqa: E402

PLIES = (6, 14, 22, 30)
NODES = 3000


def sample_positions(game: str, seed: int = 1):
    """Positions after PLIES random plies of seeded games (skipping games that end too soon)."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < len(PLIES):
        record, found = Game(game), []
        while record.result is None and len(record.history) <= max(PLIES):
            if len(record.history) in PLIES:
                found.append(record.position)
            record.play(rng.choice(record.moves()))
        if len(found) == len(PLIES):
            positions = found
    return positions


def measure(game: str, nodes: int = NODES) -> dict:
    positions = sample_positions(game)
    cls = type(positions[0])
    started = time.perf_counter()
    total = 0
    for p in positions:
        total += Search(p, nodes=nodes, seed=0).run().nodes
    search_s = time.perf_counter() - started

    texts = [p.text for p in positions]
    generations, started = 0, time.perf_counter()
    while time.perf_counter() - started < 1.0:
        for text in texts:
            cls.from_text(text).legal()
            generations += 1
    movegen_s = time.perf_counter() - started
    return {
        "game": game,
        "nodes": total,
        "search_s": round(search_s, 3),
        "nodes_per_s": round(total / search_s),
        "movegen_per_s": round(generations / movegen_s),
    }


def run(nodes: int = NODES) -> dict:
    return {
        "runtime": f"{sys.implementation.name} {sys.version.split()[0]} ({sys.platform})",
        "games": [measure(game, nodes) for game in pygame_rules.games()],
    }


def main(argv=None) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nodes", type=int, default=NODES, help="node budget of each search")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    result = run(args.nodes)
    if args.json:
        print(json.dumps(result))
        return
    print(result["runtime"])
    print(f"{'game':<13} {'nodes':>7} {'search s':>9} {'nodes/s':>8} {'movegen/s':>10} {'node cost':>10} {'declared':>9}")
    reference = result["games"][0]["nodes_per_s"]  # the first game registered, Lilypad
    for r in result["games"]:
        declared = pygame_rules.position_class(r["game"]).node_cost
        print(f"{r['game']:<13} {r['nodes']:>7} {r['search_s']:>9.2f} {r['nodes_per_s']:>8} {r['movegen_per_s']:>10} "
              f"{reference / r['nodes_per_s']:>10.2f} {declared:>9.2f}")


if __name__ == "__main__":
    main()
