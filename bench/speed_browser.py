"""Search speed where the AI really runs: the site's Python worker (Pyodide) in Chromium, against
CPython on the same machine, in one run.

    python bench/speed_browser.py [--nodes 2000] [--rounds 3] [--no-build]

Both runtimes do exactly the same work: the searches of ``bench/speed.py`` (seeded positions, a
node budget each, seed 0), in CPython through :class:`pygame_rules.Search` and in the browser
through the bridge's ``bestmove`` request sent to the page's own worker. Each search reports the
time it spent searching, so the worker's messaging is left out. Rounds alternate between the two
runtimes (after one warm-up search in the browser); the medians and their ratio are printed.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402
import pygame_rules  # noqa: E402
from pygame_rules import Search  # noqa: E402
from speed import sample_positions  # noqa: E402

# Runs in the page: the same searches through the page's engine (its one shared worker).
BROWSER_SEARCHES = """async ([game, texts, nodes]) => {
  const { sharedEngine } = await import("./engine.js");
  const engine = sharedEngine();
  let total = 0, ms = 0;
  for (const start of texts) {
    const answer = await engine.call({ op: "bestmove", game, start, moves: [], nodes, seed: 0 });
    total += answer.nodes;
    ms += answer.elapsed_ms;
  }
  return [total, ms];
}"""


def cpython_searches(positions, nodes: int) -> tuple[int, float]:
    total, ms = 0, 0.0
    for p in positions:
        result = Search(p, nodes=nodes, seed=0).run()
        total += result.nodes
        ms += result.elapsed_ms
    return total, ms


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=2000, help="node budget of each search (default 2000)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of each runtime (default 3)")
    ap.add_argument("--no-build", action="store_true", help="use the existing dist/site/")
    args = ap.parse_args(argv)
    site = build.DIST if args.no_build else build.build()
    games = pygame_rules.games()
    positions = {game: sample_positions(game) for game in games}
    rates: dict[tuple[str, str], list[float]] = {(g, r): [] for g in games for r in ("cpython", "pyodide")}

    from playwright.sync_api import sync_playwright

    httpd = build.server(site)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    chromium = shutil.which("chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=build.CHROMIUM_ARGS if chromium else [])
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/index.html")
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
        page.evaluate(BROWSER_SEARCHES, [games[0], [positions[games[0]][0].text], 200])  # warm up
        for _ in range(args.rounds):
            for game in games:
                total, ms = cpython_searches(positions[game], args.nodes)
                rates[game, "cpython"].append(total / ms * 1000)
                total, ms = page.evaluate(BROWSER_SEARCHES, [game, [q.text for q in positions[game]], args.nodes])
                rates[game, "pyodide"].append(total / ms * 1000)
        version = page.evaluate("navigator.userAgent.match(/Chrom\\w+\\/[\\d.]+/)?.[0] ?? navigator.userAgent")
        browser.close()
    httpd.shutdown()

    print(f"CPython {sys.version.split()[0]}; Pyodide in {version}; {args.nodes} nodes a search, "
          f"{args.rounds} rounds, medians")
    print(f"{'game':<13} {'CPython nodes/s':>16} {'Pyodide nodes/s':>16} {'CPython/Pyodide':>16}")
    for game in games:
        c, b = (statistics.median(rates[game, r]) for r in ("cpython", "pyodide"))
        print(f"{game:<13} {c:>16.0f} {b:>16.0f} {c / b:>15.2f}x")


if __name__ == "__main__":
    main()
