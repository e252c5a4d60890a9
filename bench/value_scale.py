"""Fit each game's ``value_scale``: the score at which the side to move's expected result is tanh(1).

    python bench/value_scale.py [GAME ...] [--games 40] [--nodes 1500]

The search reports a ``value`` in [-1, 1] besides its score, ``tanh(score / value_scale)``, so that
a value means about the same in every game (``pygame_rules.search.Analysis``). This script plays
the engine against itself (the same node budget for both, 6 random opening plies for variety),
keeps every searched position's score for the side to move and how the game ended for that side
(+1 won, 0 drawn, -1 lost), and picks the scale that makes ``tanh(score / scale)`` the best
predictor of that result (least squares over a grid). Positions whose score is a proven win or
loss are left out: they are reported as exactly +1 or -1 anyway.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_rules  # noqa: E402
from pygame_rules.core import Game  # noqa: E402
from pygame_rules.search import WIN_BOUND, Search  # noqa: E402

MAX_PLIES = 300
OPENING_PLIES = 6


def samples(game: str, games: int, nodes: int, seed: int) -> list[tuple[float, float]]:
    """(score for the side to move, that side's result) for every position of ``games`` games."""
    rng = random.Random(f"{seed}:{game}")
    out = []
    for _ in range(games):
        record = Game(game)
        for _ in range(OPENING_PLIES):
            if record.result is None:
                record.play(rng.choice(record.moves()))
        seen = []
        while record.result is None and len(record.history) < MAX_PLIES:
            position = record.position
            search = Search(position, nodes=max(1, round(nodes / position.node_cost)), seed=rng.getrandbits(32),
                            history=record.positions[:-1])
            result = search.run()
            if abs(result.score) < WIN_BOUND:
                seen.append((position.turn, result.score))
            record.play(result.move)
        for turn, score in seen:
            outcome = 0.0 if record.result in (None, "draw") else 1.0 if record.result == turn else -1.0
            out.append((score, outcome))
    return out


def fit(data: list[tuple[float, float]]) -> tuple[float, float]:
    """The scale (from a grid of 0.25 to 40) with the least mean squared error, and that error."""
    best = (INF := float("inf"), INF)
    for i in range(160):
        scale = 0.25 * 1.04 ** i
        error = sum((math.tanh(s / scale) - r) ** 2 for s, r in data) / len(data)
        if error < best[1]:
            best = (scale, error)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=pygame_rules.games())
    parser.add_argument("--games", dest="count", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=1500, help="node budget per move (Lilypad's; divided by node_cost)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| game | positions | fitted scale | mean squared error | scale in use |")
    print("|---|---|---|---|---|")
    for game in args.games:
        data = samples(game, args.count, args.nodes, args.seed)
        scale, error = fit(data)
        in_use = pygame_rules.position_class(game).value_scale
        print(f"| {game} | {len(data)} | {scale:.2f} | {error:.3f} | {in_use:g} |", flush=True)


if __name__ == "__main__":
    main()
