"""Playing strength of the AI levels, per game (issue 4's pairings and targets).

    python bench/strength.py lilypad --games 100 --time-scale 0.2
    python bench/strength.py --games 20 --pairings 1-random,5-uct

Pairings (A vs B, colours alternating, each pair of games from one random opening):
``N-random`` level N against a uniformly random player (target for level 1: A wins >= 95%);
``N-M`` level N against level M (target for N = M + 1: A wins >= 65%);
``5-uct`` the strongest level against plain UCT with random playouts at the same time per move
(target: A wins >= 90%). In the pairings against another AI, levels get ``--time-scale``
times their documented node budget and think time (UCT gets level 5's scaled time); against the random player, which
takes no time, ``--random-time-scale`` (default 1: the real levels). The table
gives wins, losses and draws for A, A's win rate, A's score (a draw is half a point), whether
the target is met (on the win rate), and the mean think time per move of A and B.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame_rules  # noqa: E402
from players import make_player  # noqa: E402
from pygame_rules.match import play_match  # noqa: E402
from pygame_rules.search import LEVELS  # noqa: E402

STRONGEST = max(LEVELS)
DEFAULT_PAIRINGS = (
    [f"{n}-random" for n in LEVELS]
    + [f"{n}-{n - 1}" for n in LEVELS if n - 1 in LEVELS]
    + [f"{STRONGEST}-uct"]
)


def target(pairing: str) -> float | None:
    a, b = pairing.split("-")
    if b == "random":
        return 0.95 if a == "1" else None
    if b == "uct":
        return 0.90
    return 0.65 if int(a) == int(b) + 1 else None


def players(pairing: str, time_scale: float):
    a, b = pairing.split("-")
    if b == "uct":
        spec = f"uct:{LEVELS[int(a)].time_ms * time_scale:g}"
    elif b == "random":
        spec = "random"
    else:
        spec = f"level:{b}"
    return make_player(f"level:{a}", time_scale), make_player(spec, time_scale), spec


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games_to_test", nargs="*", metavar="game", help="games (default: all registered)")
    ap.add_argument("--games", type=int, default=100, help="games per pairing")
    ap.add_argument("--time-scale", type=float, default=0.2, help="multiply each level's think time (AI pairings)")
    ap.add_argument("--random-time-scale", type=float, default=1.0, help="the same, against the random player")
    ap.add_argument("--pairings", default=",".join(DEFAULT_PAIRINGS))
    ap.add_argument("--variant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="append one JSON line per pairing to this file")
    args = ap.parse_args(argv)
    header = f"{'game':<13} {'pairing':<10} {'B':<12} {'games':>5} {'W':>4} {'L':>4} {'D':>4} {'win%':>6} {'score%':>7} {'target':>7} {'ms/move A':>10} {'ms/move B':>10} {'wall s':>7}"
    for label, scale in (("against random", args.random_time_scale), ("against an AI", args.time_scale)):
        print(f"budgets {label} (x{scale:g}): " + ", ".join(
            f"level {n} " + (f"{LEVELS[n].nodes * scale:g} nodes or " if LEVELS[n].nodes else "") + f"{LEVELS[n].time_ms * scale:g} ms"
            for n in LEVELS))
    print(header, flush=True)
    for game in args.games_to_test or pygame_rules.games():
        for pairing in args.pairings.split(","):
            scale = args.random_time_scale if pairing.endswith("-random") else args.time_scale
            a, b, spec = players(pairing, scale)
            started = time.time()
            r = play_match(game, a, b, args.games, variant=args.variant, seed=args.seed)
            wall = time.time() - started
            goal = target(pairing)
            win_rate = r.wins / r.games
            verdict = "-" if goal is None else f"{'ok' if win_rate >= goal else 'MISS'} {goal:.0%}"
            print(
                f"{game:<13} {pairing:<10} {spec:<12} {r.games:>5} {r.wins:>4} {r.losses:>4} {r.draws:>4} "
                f"{100 * win_rate:>6.1f} {100 * r.score:>7.1f} {verdict:>7} {r.mean_ms('a'):>10.0f} "
                f"{r.mean_ms('b'):>10.0f} {wall:>7.0f}",
                flush=True,
            )
            if args.json:
                with open(args.json, "a") as f:
                    f.write(json.dumps({
                        "game": game, "variant": args.variant, "pairing": pairing, "b": spec,
                        "time_scale": scale, "games": r.games, "wins": r.wins,
                        "losses": r.losses, "draws": r.draws, "ms_a": r.mean_ms("a"),
                        "ms_b": r.mean_ms("b"), "max_ms_a": r.max_ms("a"), "wall_s": wall,
                    }) + "\n")


if __name__ == "__main__":
    main()
