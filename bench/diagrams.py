"""A page of 20 diagrams: how soon all are drawn, against plain images, in one run of the same Chromium.

    python bench/diagrams.py [--runs 7] [--python-runs 3] [--no-build]

Three pages show the same 20 mid-game positions (seeded random play in all three games):

- "diagrams": 20 ``<ks-board position="..." static>`` elements, drawn by notation.js with no Python;
- "images": the same 20 boards as plain ``<img>`` SVG files (saved from the first page): the floor,
  what a page of 20 pictures costs;
- "python": the same boards written as the start and the moves that lead there (``moves="..."``),
  which a board can only draw once Python has started: how diagrams were drawn before notation.js.

"Drawn" is the moment every board's ``ready`` promise (or every image's load) has resolved and a frame
has been painted, in ms since navigation start; it is also given from the page's load event (the
diagrams are drawn after it, by the element's script; images before it). Each run is a fresh browser context (cold cache);
runs alternate between the diagrams and the images; the Python page runs after them (its workers
would otherwise still be busy while the next page loads). The machine's load average is printed
with the figures. The benchmark fails if the diagrams page requests any file of the
Python runtime (pyodide/, worker.js, engine.js). The pages live in a temporary copy of dist/site.
"""

from __future__ import annotations

import argparse
import html
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import build  # noqa: E402
import pygame_rules  # noqa: E402

COUNT = 20
RUNTIME = ("pyodide/", "worker.js", "engine.js")
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body { margin: 0; display: grid; grid-template-columns: repeat(5, 1fr); gap: 8px; } img { width: 100%; }</style>
<script type="module" src="ks-board.js"></script>
<script type="module">
  const boards = [...document.querySelectorAll("ks-board")];
  const images = [...document.querySelectorAll("img")];
  await customElements.whenDefined("ks-board");
  await Promise.all([
    ...boards.map((b) => b.ready),
    ...images.map((i) => i.complete ? null : new Promise((r) => { i.onload = r; i.onerror = r; })),
  ]);
  requestAnimationFrame(() => setTimeout(() => {
    document.documentElement.dataset.drawnAt = String(Math.round(performance.now()));
  }));
</script></head><body>
{body}
</body></html>
"""
# A drawn board as a standalone SVG file: its shadow root's styles inlined, :host read as the svg.
SNAPSHOT = """() => [...document.querySelectorAll("ks-board")].map((board) => {
  const css = board.shadowRoot.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join("\\n");
  const svg = board.shadowRoot.querySelector("svg").cloneNode(true);
  svg.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  const style = document.createElementNS("http://www.w3.org/2000/svg", "style");
  style.textContent = css.replaceAll(":host", "svg");
  svg.prepend(style);
  return svg.outerHTML;
})"""


def midgame_records(count: int = COUNT, seed: int = 20) -> list[pygame_rules.Game]:
    """Game records of `count` mid-game positions, the three games in turn."""
    rng = random.Random(seed)
    games = pygame_rules.games()
    records = []
    while len(records) < count:
        record = pygame_rules.Game(games[len(records) % len(games)])
        for _ in range(rng.randrange(12, 40)):
            if record.result is not None:
                break
            record.play(rng.choice(record.legal()))
        records.append(record)
    return records


def board_page(title: str, boards: list[str]) -> str:
    return PAGE.replace("{title}", title).replace("{body}", "\n".join(boards))


def measure(browser, url: str) -> tuple[float, list[str]]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        runtime: list[str] = []
        page.on("request", lambda r: any(part in r.url for part in RUNTIME) and runtime.append(r.url))
        page.goto(url)
        page.wait_for_selector("html[data-drawn-at]", state="attached", timeout=300_000)
        page.wait_for_function("performance.getEntriesByType('navigation')[0].loadEventEnd > 0")
        drawn = float(page.get_attribute("html", "data-drawn-at"))
        loaded = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
        return drawn, drawn - loaded, runtime
    finally:
        context.close()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="runs of the diagrams and the images pages (default 7)")
    ap.add_argument("--python-runs", type=int, default=3, help="runs of the page drawn by Python (default 3)")
    ap.add_argument("--no-build", action="store_true", help="use the existing dist/site/")
    args = ap.parse_args(argv)
    site = build.DIST if args.no_build else build.build()
    records = midgame_records()
    attr = lambda text: html.escape(text, quote=True)  # noqa: E731
    diagrams = [f'<ks-board game="{r.game}" position="{attr(r.position.text)}" static></ks-board>' for r in records]
    python = [f'<ks-board game="{r.game}" moves="{attr(" ".join(r.history))}" static></ks-board>' for r in records]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(site, root, dirs_exist_ok=True)  # a copy: a build meanwhile cannot disturb a run
        (root / "diagrams.html").write_text(board_page("20 diagrams", diagrams))
        (root / "python.html").write_text(board_page("20 diagrams drawn by Python", python))
        httpd = build.server(root)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}/"
        chromium = shutil.which("chromium")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=build.CHROMIUM_ARGS if chromium else [])
            context = browser.new_context()
            page = context.new_page()
            page.goto(base + "diagrams.html")
            page.wait_for_selector("html[data-drawn-at]", state="attached")
            for i, svg in enumerate(page.evaluate(SNAPSHOT)):
                (root / f"board-{i}.svg").write_text(svg)
            context.close()
            (root / "images.html").write_text(board_page("20 images", [f'<img src="board-{i}.svg" alt="">' for i in range(COUNT)]))
            load = os.getloadavg()[0]
            times: dict[str, list[float]] = {"diagrams": [], "images": [], "python": []}
            after_load: dict[str, list[float]] = {"diagrams": [], "images": [], "python": []}
            for name in ["diagrams", "images"] * args.runs + ["python"] * args.python_runs:
                drawn, since_load, runtime = measure(browser, f"{base}{name}.html")
                if name != "python" and runtime:
                    sys.exit(f"the {name} page requested the Python runtime: {runtime}")
                times[name].append(drawn)
                after_load[name].append(since_load)
            browser.close()
        httpd.shutdown()

    median = {name: statistics.median(values) for name, values in times.items() if values}
    for name, values in times.items():
        if values:
            print(f"{name:9} median {median[name]:6.0f} ms  runs: {', '.join(f'{v:.0f}' for v in values)}"
                  f"  (drawn {statistics.median(after_load[name]):.0f} ms after the load event)")
    print("runtime requests of the diagrams page: none")
    print(f"load average: {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    ratios = f"ratio diagrams/images: {median['diagrams'] / median['images']:.2f}x"
    if "python" in median:
        ratios += f"; python/diagrams: {median['python'] / median['diagrams']:.1f}x"
    print(ratios)


if __name__ == "__main__":
    main()
