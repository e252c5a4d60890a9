"""Engine speed per game in CPython: perft leaves per second and search nodes per second, today's
engine against a baseline measured in the same run.

    python bench/speed.py                 # a table: today's figures and the ratios
    python bench/speed.py --rounds 5      # best of 5 rounds (default 3)
    python bench/speed.py --json          # one JSON object
    python bench/speed.py --levels        # each AI level's depth and think time per game, and
                                          # the engine before issue 17's at its own levels
    python bench/speed.py --levels --cpu  # the same, think time in processor time (a busy machine)
    python bench/speed_browser.py         # search nodes/s in the site's worker in Chromium

Baselines, each run in turns with today's engine (round by round, best of the rounds, so a busy
machine slows both alike): the engine before issue 17 (``baseline.py``: commit ``bef4ac7``
extracted from git) for perft and search, and the plain reference move generators of
``tests/reference/`` (written straight from docs/rules.md, building every successor) for perft.

The search work is fixed (positions from seeded random games, a node budget per search), so two
engines or runtimes do the same searches, and both engines search the same trees (the ratio of
their times is the speed ratio). "node cost" is how long a node takes relative to the first
game's (Lilypad's): each game declares it as ``node_cost``, which scales the AI levels' node
budgets so a level thinks as long in every game.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

import pygame_rules  # noqa: E402

PLIES = (6, 14, 22, 30)
NODES = 3000
#: Perft from the start, to this depth (91,680, 191,708 and 25,318 leaves).
PERFT_DEPTH = {"lilypad": 5, "three-crowns": 4, "lion": 3}


def sample_positions(game: str, seed: int = 1, engine=pygame_rules):
    """Positions after PLIES random plies of seeded games (skipping games that end too soon)."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < len(PLIES):
        record, found = engine.Game(game), []
        while record.result is None and len(record.history) <= max(PLIES):
            if len(record.history) in PLIES:
                found.append(record.position)
            record.play(rng.choice(record.moves()))
        if len(found) == len(PLIES):
            positions = found
    return positions


# -- the reference generators' perft (tests/reference/, each with its own API) --------------------


def reference_perft(game: str, text: str, depth: int) -> int:
    if game == "lilypad":
        from reference import lilypad_ref as ref

        return ref.perft(ref.parse(text), depth)
    if game == "three-crowns":
        from reference import three_crowns_ref as ref

        def count(state: dict, depth: int) -> int:
            mover = ref.enemy_of(state["side"])
            grid = state["grid"]
            if ref.has_crowned_troika(grid, mover) or ref.stones(grid, state["side"]) == 7 or state["clock"] >= 100:
                return 0
            moves = ref.moves(state)
            return len(moves) if depth == 1 else sum(count(ref.read(t), depth - 1) for t in moves.values())

        return count(ref.read(text), depth)
    if game == "lion":
        from reference import lion_ref as ref

        def count(text: str, depth: int) -> int:
            outcomes = ref.legal(text).values()
            return len(outcomes) if depth == 1 else sum(count(o.after, depth - 1) for o in outcomes)

        return count(text, depth)
    raise ValueError(f"no reference generator for {game!r}")


# -- measuring ----------------------------------------------------------------------------------


def _timed(work) -> tuple[float, object]:
    """Seconds of this process's CPU time that ``work`` took (the machine is shared: wall-clock
    time would also count the other jobs' turns on the cores), and its result."""
    started = time.process_time()
    result = work()
    return time.process_time() - started, result


def forget(engine) -> None:
    """Empty what the engine remembers between positions (``core.forget``: evaluations, and
    Lilypad's flood fills and the Lion Game's pieces' moves), so that a round of searches or a
    perft does not find what the round before it worked out."""
    if hasattr(engine.core, "forget"):
        engine.core.forget()
    else:  # the engine before issue 17 remembers only its evaluations, if that
        for cls in engine.core._REGISTRY.values():
            getattr(cls, "_evaluations", {}).clear()


def _searches(engine, texts: list[str], game: str, nodes: int) -> int:
    forget(engine)
    return sum(engine.Search(engine.load(game, t), nodes=nodes, seed=0).run().nodes for t in texts)


def measure(game: str, nodes: int = NODES, rounds: int = 3, baseline=None, reference: bool = True) -> dict:
    """Best-of-``rounds`` figures for ``game``; with ``baseline`` (an engine module) its figures
    too, each round running today's engine and the baselines in turns."""
    texts = [p.text for p in sample_positions(game)]
    start, depth = pygame_rules.start(game).text, PERFT_DEPTH[game]
    runs = {"today": pygame_rules} | ({"baseline": baseline} if baseline else {})
    best: dict[str, float] = {}
    counts: dict[str, object] = {}

    def keep(name: str, seconds: float, count) -> None:
        best[name] = min(best.get(name, float("inf")), seconds)
        if counts.setdefault(name, count) != count:
            raise AssertionError(f"{game} {name}: {count} differs from an earlier round's {counts[name]}")

    for _ in range(rounds):
        for label, engine in runs.items():
            forget(engine)
            keep(f"perft {label}", *_timed(lambda e=engine: e.core.perft(e.load(game, start), depth)))
            keep(f"search {label}", *_timed(lambda e=engine: _searches(e, texts, game, nodes)))
        if reference:
            keep("perft reference", *_timed(lambda: reference_perft(game, start, depth)))
    leaves = counts["perft today"]
    for name in ("perft baseline", "perft reference"):
        if name in counts and counts[name] != leaves:
            raise AssertionError(f"{game}: perft {depth} is {leaves} today, {counts[name]} by the {name}")
    searched = counts["search today"]
    out = {
        "game": game,
        "perft_depth": depth,
        "leaves": leaves,
        "perft_leaves_per_s": round(leaves / best["perft today"]),
        "nodes": searched,
        "search_nodes_per_s": round(searched / best["search today"]),
    }
    if baseline:
        out["baseline_perft_leaves_per_s"] = round(leaves / best["perft baseline"])
        out["baseline_search_nodes_per_s"] = round(counts["search baseline"] / best["search baseline"])
        out["perft_ratio"] = round(best["perft baseline"] / best["perft today"], 2)
        out["search_ratio"] = round(out["search_nodes_per_s"] / out["baseline_search_nodes_per_s"], 2)
    if reference:
        out["reference_perft_leaves_per_s"] = round(leaves / best["perft reference"])
        out["perft_ratio_to_reference"] = round(best["perft reference"] / best["perft today"], 2)
    return out


def run(nodes: int = NODES, rounds: int = 3, baseline: bool = True, games=None) -> dict:
    engine = None
    if baseline:
        from baseline import BASELINE_COMMIT, load_baseline

        engine = load_baseline()
    return {
        "runtime": f"{sys.implementation.name} {sys.version.split()[0]} ({sys.platform})",
        "baseline": BASELINE_COMMIT if baseline else None,
        "rounds": rounds,
        "games": [measure(game, nodes, rounds, engine) for game in games or pygame_rules.games()],
    }


def levels(games=None, seeds: int = 3, baseline=None) -> None:
    """Each level's median depth and think time per game, over the positions of ``seeds`` seeded
    random games (``sample_positions``), and how many of its searches reached their time cap; with
    ``baseline`` (an engine module), its own levels' median think time on the same positions,
    searched in turns with today's (so a busy machine slows both alike), and today's time over it."""
    from pygame_rules.search import LEVELS, analyse, level_nodes

    print(f"{'game':<13} {'level':>5} {'nodes':>7} {'cap ms':>7} {'depth':>6} {'median ms':>10} {'max ms':>7} {'capped':>7}"
          + (f" {'old nodes':>9} {'old ms':>7} {'x old':>6}" if baseline else ""))
    for game in games or pygame_rules.games():
        positions = [p for seed in range(1, seeds + 1) for p in sample_positions(game, seed)]
        for n, level in LEVELS.items():
            if level.nodes is None:
                continue
            results, old_times = [], []
            for p in positions:
                results.append(analyse(p, level=n, seed=0))
                if baseline:
                    old_times.append(baseline.search.analyse(baseline.load(game, p.text), level=n, seed=0).elapsed_ms)
            depths = sorted(r.depth for r in results)
            times = sorted(r.elapsed_ms for r in results)
            capped = sum(1 for t in times if t >= 0.9 * level.time_ms)
            median = times[len(times) // 2]
            line = (f"{game:<13} {n:>5} {level_nodes(n, positions[0]):>7} {level.time_ms:>7} {depths[len(depths) // 2]:>6} "
                    f"{median:>10.0f} {times[-1]:>7.0f} {capped:>4}/{len(times)}")
            if baseline:
                old_median = sorted(old_times)[len(old_times) // 2]
                old_nodes = baseline.search.LEVELS[n].nodes_in(baseline.load(game, positions[0].text))
                line += f" {old_nodes:>9} {old_median:>7.0f} {median / old_median:>6.2f}"
            print(line, flush=True)


def main(argv=None) -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="games to measure (default: all)")
    ap.add_argument("--nodes", type=int, default=NODES, help="node budget of each search")
    ap.add_argument("--rounds", type=int, default=3, help="rounds; each figure is the best (default 3)")
    ap.add_argument("--no-baseline", action="store_true", help="today's engine and the reference only")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--levels", action="store_true", help="each level's depth and think time instead")
    ap.add_argument("--cpu", action="store_true",
                    help="with --levels: the searches' clock is this process's CPU time (a busy machine)")
    args = ap.parse_args(argv)
    engine = None
    if args.levels and not args.no_baseline:
        from baseline import load_baseline

        engine = load_baseline()
    if args.cpu:
        from players import use_cpu_clock

        use_cpu_clock(pygame_rules, *[engine] if engine else [])
    for game in args.games:
        pygame_rules.position_class(game)  # an unknown game fails at once
    if args.levels:
        levels(args.games, baseline=engine)
        return
    result = run(args.nodes, args.rounds, not args.no_baseline, args.games)
    if args.json:
        print(json.dumps(result))
        return
    print(f"{result['runtime']}; baseline {result['baseline']}; best of {result['rounds']} rounds")
    print(f"{'game':<13} {'perft':>6} {'leaves/s':>9} {'x base':>7} {'x ref':>6} "
          f"{'nodes/s':>8} {'x base':>7} {'node cost':>10} {'declared':>9}")
    reference = result["games"][0]["search_nodes_per_s"]  # the first game registered, Lilypad
    for r in result["games"]:
        declared = pygame_rules.position_class(r["game"]).node_cost
        print(f"{r['game']:<13} {r['perft_depth']:>6} {r['perft_leaves_per_s']:>9} {r.get('perft_ratio', '-'):>7} "
              f"{r['perft_ratio_to_reference']:>6} {r['search_nodes_per_s']:>8} {r.get('search_ratio', '-'):>7} "
              f"{reference / r['search_nodes_per_s']:>10.2f} {declared:>9.2f}")


if __name__ == "__main__":
    main()
