"""Search speed where the AI really runs: the site's Python worker (Pyodide) in Chromium, against
CPython on the same machine and against the engine before issue 17 in the same browser, in one run.

    python bench/speed_browser.py [--nodes 2000] [--rounds 3] [--no-build] [--no-baseline]

Every runtime does exactly the same work: the searches of ``bench/speed.py`` (seeded positions, a
node budget each, seed 0; each round other positions, as the engine remembers evaluations), in CPython through :class:`pygame_rules.Search` and in the browser
through the bridge's ``bestmove`` request sent to the page's own worker. Each search reports the
time it spent searching, so the worker's messaging is left out. The baseline is the whole site of
commit ``bef4ac7`` (``baseline.py``), extracted from git and built into a temporary directory, in a
second tab. Rounds alternate between the runtimes (after one warm-up search in each tab), and
within a round the two tabs take turns position by position; the medians and the ratios are
printed. Then perft from each game's start, of both engines in turns in one page of Pyodide (the
site's runtime with the two packages' sources written into its file system), best of the rounds.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402
import pygame_rules  # noqa: E402
from pygame_rules import Search  # noqa: E402
from baseline import BASELINE_COMMIT  # noqa: E402
from speed import sample_positions  # noqa: E402

# Runs in the page: the same searches through the page's engine (its one shared worker). The
# baseline's site is older: its modules were all at the top of the site's folder.
BROWSER_SEARCHES = """async ([game, texts, nodes]) => {
  const { sharedEngine } = await import("./engine/engine.js").catch(() => import("./engine.js"));
  const engine = sharedEngine();
  let total = 0, ms = 0;
  for (const start of texts) {
    const answer = await engine.call({ op: "bestmove", game, start, moves: [], nodes, seed: 0 });
    total += answer.nodes;
    ms += answer.elapsed_ms;
  }
  return [total, ms];
}"""


# Perft in Pyodide in Chromium: a page of the site's own runtime (no worker, no site code) that
# writes both engines' sources into Pyodide's file system and times them in turns from the start.
PERFT_PAGE = """<!doctype html>
<meta charset="utf-8"><title>perft in Pyodide</title>
<script type="module">
  import { loadPyodide, version } from "./pyodide/pyodide.mjs";
  const pyodide = await loadPyodide({ indexURL: new URL(`./pyodide/${version}/`, location.href).href,
                                      lockFileURL: new URL("./pyodide/pyodide-lock.json", location.href).href });
  const engines = await (await fetch("perft-engines.json")).json();
  for (const [path, text] of Object.entries(engines)) {
    pyodide.FS.mkdirTree(`/engines/${path.split("/").slice(0, -1).join("/")}`);
    pyodide.FS.writeFile(`/engines/${path}`, text);
  }
  pyodide.runPython("import sys; sys.path.insert(0, '/engines')");
  window.perft = (engine, game, depth) => pyodide.runPython(`
import time, importlib
e = importlib.import_module(${JSON.stringify(engine)})
p = e.load(${JSON.stringify(game)}, e.start(${JSON.stringify(game)}).text)
getattr(e.core, "forget", lambda: None)()
t = time.perf_counter(); n = e.core.perft(p, ${depth}); [n, time.perf_counter() - t]`).toJs();
  document.documentElement.dataset.ready = "1";
</script>
"""


def pyodide_perft(browser, site: Path, games, rounds: int) -> dict[tuple[str, str], float]:
    """Perft leaves/s from the start of each game in Pyodide in Chromium (best of ``rounds``), of
    today's engine and the engine before issue 17, run in turns in one page; the leaf counts must agree."""
    from baseline import NAME, load_baseline
    from speed import PERFT_DEPTH

    old = Path(load_baseline().__file__).parent
    sources = {f"pygame_rules/{f.relative_to(ROOT / 'pygame_rules')}": f.read_text()
               for f in (ROOT / "pygame_rules").rglob("*.py")}
    sources |= {f"{NAME}/{f.relative_to(old)}": f.read_text() for f in old.rglob("*.py")}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(site, root, dirs_exist_ok=True)
        (root / "perft.html").write_text(PERFT_PAGE)
        (root / "perft-engines.json").write_text(json.dumps(sources))
        httpd = build.server(root)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/perft.html")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        best: dict[tuple[str, str], float] = {}
        for r in range(rounds):
            for game in games:
                counts = set()
                for engine in ("pygame_rules", NAME)[:: 1 if r % 2 == 0 else -1]:
                    leaves, seconds = page.evaluate("([e, g, d]) => perft(e, g, d)", [engine, game, PERFT_DEPTH[game]])
                    counts.add(leaves)
                    best[game, engine] = max(best.get((game, engine), 0.0), leaves / seconds)
                if len(counts) != 1:
                    raise AssertionError(f"{game}: the two engines' perft differ in Pyodide: {counts}")
        page.close()
        httpd.shutdown()
    return {(game, "today" if engine == "pygame_rules" else "baseline"): rate for (game, engine), rate in best.items()}


def cpython_searches(positions, nodes: int) -> tuple[int, float]:
    total, ms = 0, 0.0
    for p in positions:
        result = Search(p, nodes=nodes, seed=0).run()
        total += result.nodes
        ms += result.elapsed_ms
    return total, ms


def build_baseline_site(commit: str = BASELINE_COMMIT) -> Path:
    """The site of ``commit`` built into a temporary directory (its own build.py, today's Pyodide)."""
    target = Path(tempfile.mkdtemp(prefix="baseline-site-"))
    archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(target)
    (target / "node_modules").symlink_to((ROOT / "node_modules").resolve())
    subprocess.run([sys.executable, "build.py"], cwd=target, check=True, capture_output=True)
    return target / "dist" / "site"


def open_site(browser, site: Path):
    """Serve ``site`` and open it in a new tab once its engine is ready; (page, server)."""
    httpd = build.server(site)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    page = browser.new_page()
    page.goto(f"http://127.0.0.1:{httpd.server_address[1]}/index.html")
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=120_000)
    return page, httpd


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=2000, help="node budget of each search (default 2000)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of each runtime (default 3)")
    ap.add_argument("--no-build", action="store_true", help="use the existing dist/site/")
    ap.add_argument("--no-baseline", action="store_true", help="leave out the engine before issue 17")
    ap.add_argument("--perft-only", action="store_true", help="only perft in Pyodide (against the baseline)")
    args = ap.parse_args(argv)
    if args.perft_only:
        return print_perft(args.rounds, pyodide_perft_alone(build.DIST if args.no_build else build.build(), args.rounds))
    site = build.DIST if args.no_build else build.build()
    sites = {"pyodide": site}
    if not args.no_baseline:
        sites["baseline"] = build_baseline_site()
    games = pygame_rules.games()
    # Each round searches other positions (seed = round): the engine remembers evaluations, so a
    # round must not repeat the searches of the round before it.
    positions = {(game, r): sample_positions(game, seed=r + 1) for game in games for r in range(args.rounds)}
    runtimes = ("cpython", *sites)
    rates: dict[tuple[str, str], list[float]] = {(g, r): [] for g in games for r in runtimes}

    from playwright.sync_api import sync_playwright

    servers = []
    chromium = shutil.which("chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=build.CHROMIUM_ARGS if chromium else [])
        pages = {}
        for name, root in sites.items():
            pages[name], httpd = open_site(browser, root)
            servers.append(httpd)
            warm_up = sample_positions(games[0], seed=1000)[0].text
            pages[name].evaluate(BROWSER_SEARCHES, [games[0], [warm_up], 200])
        for r in range(args.rounds):
            for game in games:
                total, ms = cpython_searches(positions[game, r], args.nodes)
                rates[game, "cpython"].append(total / ms * 1000)
                # The tabs take turns position by position (the first one alternating), so that
                # a burst of the machine's other work slows both alike.
                done = {name: [0, 0.0] for name in pages}
                for k, q in enumerate(positions[game, r]):
                    for name, page in list(pages.items())[:: 1 if k % 2 == 0 else -1]:
                        total, ms = page.evaluate(BROWSER_SEARCHES, [game, [q.text], args.nodes])
                        done[name][0] += total
                        done[name][1] += ms
                for name, (total, ms) in done.items():
                    rates[game, name].append(total / ms * 1000)
        version = pages["pyodide"].evaluate("navigator.userAgent.match(/Chrom\\w+\\/[\\d.]+/)?.[0] ?? navigator.userAgent")
        for page in pages.values():
            page.close()
        perft = None if args.no_baseline else pyodide_perft(browser, site, games, args.rounds)
        browser.close()
    for httpd in servers:
        httpd.shutdown()

    print(f"CPython {sys.version.split()[0]}; Pyodide in {version}; {args.nodes} nodes a search, "
          f"{args.rounds} rounds, medians" + ("" if args.no_baseline else f"; baseline {BASELINE_COMMIT}"))
    header = f"{'game':<13} {'CPython nodes/s':>16} {'Pyodide nodes/s':>16} {'CPython/Pyodide':>16}"
    print(header + ("" if args.no_baseline else f" {'baseline Pyodide':>17} {'x baseline':>11}"))
    for game in games:
        c, b = (statistics.median(rates[game, r]) for r in ("cpython", "pyodide"))
        line = f"{game:<13} {c:>16.0f} {b:>16.0f} {c / b:>15.2f}x"
        if not args.no_baseline:
            old = statistics.median(rates[game, "baseline"])
            line += f" {old:>17.0f} {b / old:>10.2f}x"
        print(line)
    if perft:
        print_perft(args.rounds, perft)


def pyodide_perft_alone(site: Path, rounds: int) -> dict[tuple[str, str], float]:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=build.CHROMIUM_ARGS if chromium else [])
        perft = pyodide_perft(browser, site, pygame_rules.games(), rounds)
        browser.close()
    return perft


def print_perft(rounds: int, perft: dict[tuple[str, str], float]) -> None:
    print(f"\nperft from the start in Pyodide (the same page, the engines in turns, best of {rounds})")
    print(f"{'game':<13} {'leaves/s':>9} {'baseline':>9} {'x baseline':>11}")
    for game in dict.fromkeys(g for g, _ in perft):
        today, old = perft[game, "today"], perft[game, "baseline"]
        print(f"{game:<13} {today:>9.0f} {old:>9.0f} {today / old:>10.2f}x")


if __name__ == "__main__":
    main()
