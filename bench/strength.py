"""Playing strength of the AI levels, per game (issue 4's pairings and targets).

    python bench/strength.py                                  # every game, every pairing, 100 games each
    python bench/strength.py lilypad --games 20 --pairings 1-random,5-uct@0.1

A pairing is ``A-B`` or ``A-B@SCALE`` (A plays B, colours alternating, each pair of games from one
random opening): ``N-random`` level N against a uniformly random player (target for level 1: A
wins >= 95%); ``N-M`` level N against level M (target for N = M + 1: A wins >= 65%); ``5-uct``
the strongest level against plain UCT with random playouts at the same time per move (target: A
wins >= 90%). ``SCALE`` multiplies every level's node budget and think time (and UCT's time) so
that a pairing with level 5 fits in about ten minutes; the default pairings use the full levels
wherever that fits. Level 5 searches by time, so its scaled strength depends on the machine; the
other levels by nodes, the same everywhere.

The table gives wins, losses and draws for A, A's win rate, A's score (a draw is half a point),
whether the target is met (on the win rate), and the mean think time per move of A and B.
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
from pygame_rules.search import LEVELS, level_nodes  # noqa: E402

STRONGEST = max(LEVELS)
DEFAULT_PAIRINGS = ",".join(
    [f"{n}-random" for n in LEVELS if n != STRONGEST]
    + [f"{STRONGEST}-random@0.1", "2-1", "3-2", "4-3@0.5", f"{STRONGEST}-4@0.1", f"{STRONGEST}-uct@0.1"]
)


def target(a: str, b: str) -> float | None:
    if b == "random":
        return 0.95 if a == "1" else None
    if b == "uct":
        return 0.90
    return 0.65 if int(a) == int(b) + 1 else None


def parse(pairing: str) -> tuple[str, str, float]:
    players, _, scale = pairing.partition("@")
    a, b = players.split("-")
    return a, b, float(scale or 1)


def main(argv=None) -> None:
    known = pygame_rules.games()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games_to_test", nargs="*", metavar="game", help=f"games (default: all of {', '.join(known)})")
    ap.add_argument("--games", type=int, default=100, help="games per pairing")
    ap.add_argument("--pairings", default=DEFAULT_PAIRINGS)
    ap.add_argument("--variant")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="append one JSON line per pairing to this file")
    ap.add_argument("--cpu", action="store_true",
                    help="the levels' think times are this process's CPU time (a busy machine: a level 1-4 "
                         "search then stops at its node budget, not at a clock another job slowed)")
    args = ap.parse_args(argv)
    if args.cpu:
        from players import use_cpu_clock

        use_cpu_clock(pygame_rules)
    unknown = sorted(set(args.games_to_test) - set(known))
    if unknown:  # fail now, not after an hour of other games
        ap.error(f"unknown game {', '.join(unknown)} (games: {', '.join(known)})")
    for game in args.games_to_test or known:  # each game's own node budgets
        position = pygame_rules.start(game, args.variant)
        print(f"{game} levels: " + ", ".join(
            f"{n}: " + (f"{level_nodes(n, position)} nodes, at most " if lv.nodes else "") + f"{lv.time_ms} ms"
            for n, lv in LEVELS.items()))
    print(f"{'game':<13} {'pairing':<11} {'B':<11} {'scale':>5} {'games':>5} {'W':>4} {'L':>4} {'D':>4} {'win%':>6} "
          f"{'score%':>7} {'target':>7} {'ms/move A':>10} {'ms/move B':>10} {'wall s':>7}", flush=True)

    def progress(n, r) -> None:  # on stderr, so a run stopped early still tells its games so far
        print(f"  {n}: +{r.wins} -{r.losses} ={r.draws}", file=sys.stderr, flush=True)

    for game in args.games_to_test or known:
        for pairing in args.pairings.split(","):
            a, b, scale = parse(pairing)
            spec = {"uct": f"uct:{LEVELS[int(a)].time_ms * scale:g}", "random": "random"}.get(b, f"level:{b}")
            started = time.time()
            r = play_match(game, make_player(f"level:{a}", scale), make_player(spec, scale), args.games,
                           variant=args.variant, seed=args.seed, progress=progress)
            wall = time.time() - started
            goal = target(a, b)
            win_rate = r.wins / r.games
            verdict = "-" if goal is None else f"{'ok' if win_rate >= goal else 'MISS'} {goal:.0%}"
            print(
                f"{game:<13} {a + '-' + b:<11} {spec:<11} {scale:>5g} {r.games:>5} {r.wins:>4} {r.losses:>4} "
                f"{r.draws:>4} {100 * win_rate:>6.1f} {100 * r.score:>7.1f} {verdict:>7} {r.mean_ms('a'):>10.0f} "
                f"{r.mean_ms('b'):>10.0f} {wall:>7.0f}",
                flush=True,
            )
            if args.json:
                with open(args.json, "a") as f:
                    f.write(json.dumps({
                        "game": game, "variant": args.variant, "pairing": f"{a}-{b}", "b": spec, "scale": scale,
                        "games": r.games, "wins": r.wins, "losses": r.losses, "draws": r.draws,
                        "ms_a": r.mean_ms("a"), "ms_b": r.mean_ms("b"), "max_ms_a": r.max_ms("a"), "wall_s": wall,
                    }) + "\n")


if __name__ == "__main__":
    main()
