"""Head-to-head matches between two players, to choose the search algorithm by measurement.

    python bench/compare.py lilypad ab:100 heavy:100 --games 40

Players: ``random``, ``level:N`` (with ``--time-scale``), ``ab:MS`` (the alpha-beta engine),
``base:MS`` (the engine before issue 17, ``baseline.py``: ``compare.py GAME ab:250 base:250`` is
today's level 5 against the old one at equal time per move; ``--cpu`` makes it equal CPU time),
``uct:MS`` (plain UCT, random playouts), ``heavy:MS`` (UCT with heavy playouts). Colours
alternate; each pair of games shares a random opening.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from players import make_player, use_cpu_clock  # noqa: E402
from pygame_rules.match import play_match  # noqa: E402


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--variant")
    ap.add_argument("--time-scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--cpu", action="store_true",
                    help="the engines' times are this process's CPU time, not the clock's (a busy machine)")
    args = ap.parse_args(argv)
    if args.cpu:
        import pygame_rules
        from baseline import BASELINE_COMMIT, load_baseline

        commits = [spec.partition("@")[2] for spec in (args.a, args.b) if spec.startswith("base:")]
        use_cpu_clock(pygame_rules, load_baseline(next((c for c in commits if c), BASELINE_COMMIT)))
    a, b = make_player(args.a, args.time_scale), make_player(args.b, args.time_scale)
    started = time.time()

    def progress(n, r):
        if args.verbose:
            print(f"  {n}: +{r.wins} -{r.losses} ={r.draws}", flush=True)

    r = play_match(args.game, a, b, args.games, variant=args.variant, seed=args.seed, progress=progress)
    print(f"{args.game}: {args.a} vs {args.b}: {r.summary()} [{time.time() - started:.0f} s]")


if __name__ == "__main__":
    main()
