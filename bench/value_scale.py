"""Fit each game's ``value_scale``: the score at which the side to move's expected result is tanh(1).

    python bench/value_scale.py [GAME ...] [--games 40] [--nodes 1500]

The search reports a ``value`` in [-1, 1] besides its score, ``tanh(score / value_scale)``, so that
a value means about the same in every game (``pygame_rules.search.Analysis``). This script plays
the engine against itself (the same node budget for both, 6 random opening plies for variety, and
a move drawn among the near-best in a position an earlier game reached, so that games part),
keeps every searched position's score for the side to move and how the game ended for that side
(+1 won, 0 drawn, -1 lost), and picks the scale that makes ``tanh(score / scale)`` the best
predictor of that result (least squares over a grid). Positions whose score is a proven win or
loss are left out: they are reported as exactly +1 or -1 anyway.

Positions of one game are not independent, so the fit's spread is measured over games: the scale
fitted on each half of the games, and the 5th to 95th percentile of the scale fitted on 200
resamples of the games (bootstrap). The mean squared error at a few scales shows how flat the fit
is. ``--samples FILE`` keeps the played positions (JSON, written after each game) so the fit can
be looked at again, or made from the games of a run stopped early, without playing them again.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_rules  # noqa: E402
from pygame_rules.core import Game  # noqa: E402
from pygame_rules.search import WIN_BOUND, Search  # noqa: E402

SELFPLAY_PLY_CAP = 300
OPENING_PLIES = 6


#: In a position an earlier game reached, the move is drawn among those within this score of the best.
WANDER_MARGIN = 0.25


def self_play(game: str, nodes: int, rng: random.Random, opening: int = OPENING_PLIES,
              seen: set[str] | None = None, contempt: float | None = None) -> tuple[Game, list]:
    """One game of the engine against itself after ``opening`` random plies: the finished game, and
    (position, search result) for each move the engine chose (its ``nodes`` scaled by the position's cost).

    The engine plays the same move in the same position, so games that meet go on as one game. In
    a position of ``seen`` (the texts of earlier games' positions) the move is drawn at random among
    those within ``WANDER_MARGIN`` of the best, so that games part again rather than repeat.
    ``contempt``: what a draw costs each side (default: the game's own, as the computer plays)."""
    record = Game(game)
    for _ in range(opening):
        if record.result is None:
            record.play(rng.choice(record.moves()))
    searched = []
    while record.result is None and len(record.history) < SELFPLAY_PLY_CAP:
        position = record.position
        search = Search(position, nodes=max(1, round(nodes / position.node_cost)), seed=rng.getrandbits(32),
                        history=record.positions[:-1], contempt=contempt)
        if seen is not None and position.text in seen:
            search.margin = WANDER_MARGIN
        result = search.run()
        searched.append((position, result))
        record.play(result.move)
    return record, searched


def samples(game: str, games: int, nodes: int, seed: int) -> Iterator[list[tuple[float, float]]]:
    """For each of ``games`` games in turn, (score for the side to move, that side's result) of each position."""
    rng = random.Random(f"{seed}:{game}")
    reached: set[str] = set()
    for _ in range(games):
        record, searched = self_play(game, nodes, rng, seen=reached)
        reached.update(position.text for position, _ in searched)
        seen = [(position.turn, result.score) for position, result in searched if abs(result.score) < WIN_BOUND]
        outcome = {turn: 0.0 if record.result in (None, "draw") else 1.0 if record.result == turn else -1.0
                   for turn, _ in seen}
        yield [(score, outcome[turn]) for turn, score in seen]


GRID = [0.25 * 1.04 ** i for i in range(160)]  # 0.25 to 130
SHOWN_SCALES = (1, 2, 4, 8, 16, 32)


def error(data: list[tuple[float, float]], scale: float) -> float:
    return sum((math.tanh(s / scale) - r) ** 2 for s, r in data) / len(data)


def fit(data: list[tuple[float, float]]) -> tuple[float, float]:
    """The scale of the grid with the least mean squared error, and that error (at the grid's edge: no fit)."""
    return min(((scale, error(data, scale)) for scale in GRID), key=lambda pair: pair[1])


def spread(games: list[list[tuple[float, float]]], seed: int, resamples: int = 200) -> tuple[float, float]:
    """The 5th and 95th percentiles of the scale fitted on ``resamples`` resamples of the games."""
    rng = random.Random(seed)
    scales = sorted(fit([s for game in rng.choices(games, k=len(games)) for s in game])[0]
                    for _ in range(resamples))
    return scales[resamples // 20], scales[-1 - resamples // 20]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=pygame_rules.games())
    parser.add_argument("--games", dest="count", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=1500, help="node budget per move (Lilypad's; divided by node_cost)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=Path, help="JSON file of played positions: read if it exists, else written")
    args = parser.parse_args()
    kept = json.loads(args.samples.read_text()) if args.samples and args.samples.exists() else {}
    print("| game | games | positions | fitted scale | halves | bootstrap 90% | mean squared error at "
          + ", ".join(f"{s:g}" for s in SHOWN_SCALES) + " | at the fit | scale in use |")
    print("|---|---|---|---|---|---|---|---|---|")
    for game in args.games:
        if game not in kept:
            kept[game] = []
            for played in samples(game, args.count, args.nodes, args.seed):
                kept[game].append(played)
                if args.samples:  # after each game: a run stopped early can be fitted on the games played
                    args.samples.write_text(json.dumps(kept))
        games = kept[game]
        data = [s for g in games for s in g]
        scale, least = fit(data)
        halves = [fit([s for g in half for s in g])[0] for half in (games[: len(games) // 2], games[len(games) // 2:])]
        low, high = spread(games, args.seed)
        curve = ", ".join(f"{error(data, s):.3f}" for s in SHOWN_SCALES)
        in_use = pygame_rules.position_class(game).value_scale
        print(f"| {game} | {len(games)} | {len(data)} | {scale:.2f} | {halves[0]:.2f}, {halves[1]:.2f} | "
              f"{low:.2f} to {high:.2f} | {curve} | {least:.3f} | {in_use:g} |", flush=True)


if __name__ == "__main__":
    main()
