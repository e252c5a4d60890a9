"""Start-up time of the site against a bare Pyodide page, in one run of the same Chromium.

    python bench/startup.py [--runs 3] [--no-build] [--mbits 10] [--skip-throttled] [--only opening,visits]

"Python ready" is the moment the app sets ``data-engine="ready"`` on <html> (Python has answered);
the app stores it as ``data-python-ready-at`` (ms since navigation start). A first visit may be
playable sooner, from the answers prepared at build time (``data-playable-at``).
The bare page does only ``await loadPyodide()`` from the same files and stores the same attribute;
a second bare page does the same in a module worker, as the site does, to show what the worker
itself costs. Each run, in a fresh browser context (cold cache) each:

- ``bare``, ``bare worker``: the bare pages;
- ``site cold``: a first visit (Python restored from the memory snapshot the build made); then, in
  the same context once the service worker holds the site and the snapshot is stored, ``site warm``
  (a reload: restored from the stored snapshot) and ``site offline`` (a reload with the network off);
- ``site cold, plain``: a first visit to a copy of the site without the build's snapshot, whose
  Python starts the plain way and takes a snapshot on the way (as every first visit did before);
- ``returning after 10 s``: a first visit left 10 s after its navigation (whatever it has stored by
  then), then the site opened again in the same context;
- ``opening`` (per game): a first visit with the runtime's files held back 30 s (a slow download):
  when the page takes a move (``data-playable-at``), and the times since navigation at which the
  person's first move (clicked as soon as the page takes it; chosen before the page opens), the
  computer's reply and the person's second move appear in the move list.

Then the cold pages again on a throttled connection (Chromium's ``Network.emulateNetworkConditions``,
``--mbits`` down and up, 20 ms latency). Medians and ratios to the bare page of the same network
are printed. The bench pages are written to a temporary copy of dist/site, never shipped.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import build  # noqa: E402

BARE_PAGE = """<!doctype html>
<meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
  import { loadPyodide, version } from "./pyodide/pyodide.mjs";
  await loadPyodide({ indexURL: new URL(`./pyodide/${version}/`, location.href).href,
                     lockFileURL: new URL("./pyodide/pyodide-lock.json", location.href).href });
  document.documentElement.dataset.playableAt = String(Math.round(performance.now()));
</script>
"""

BARE_WORKER_PAGE = """<!doctype html>
<meta charset="utf-8"><title>bare Pyodide in a worker</title>
<script type="module">
  const source = `import { loadPyodide, version } from "${new URL("./pyodide/pyodide.mjs", location.href)}";
    await loadPyodide({ indexURL: "${new URL("./pyodide/", location.href)}" + version + "/",
                        lockFileURL: "${new URL("./pyodide/pyodide-lock.json", location.href)}" }); postMessage("ready");`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
  worker.onmessage = () => (document.documentElement.dataset.playableAt = String(Math.round(performance.now())));
</script>
"""
SNAPSHOTS = "kings-and-soldiers-snapshots"
STORED_SIZE = f"caches.open('{SNAPSHOTS}').then(c => c.keys()).then(k => k.length && caches.match(k[0])).then(r => r && r.blob()).then(b => b ? b.size : 0)"
TIMEOUT_MS = 300_000  # a cold start on a loaded machine took over 3 minutes
#: How long the opening's pages hold the runtime back (a slow download).
HELD_MS = 30_000
#: A returning visit comes this long after the first visit's navigation.
RETURN_AFTER_S = 10
#: Resolves once the page plays from the prepared answers (or rejects after ARG ms).
UNTIL_PREPARED = """(ms) => new Promise((resolve, reject) => {
  const html = document.documentElement;
  const check = () => html.dataset.engine === "prepared" && resolve();
  new MutationObserver(check).observe(html, { attributeFilter: ["data-engine"] });
  check();
  setTimeout(() => reject(new Error("not playable from the prepared answers")), ms);
})"""
#: Timestamps (ms since navigation) at which the move list first holds 1, 2, 3 moves.
MOVE_TIMES = """() => {
  window.moveTimes = {};
  new MutationObserver(() => {
    const count = document.querySelectorAll("#moves .mv:not(.future)").length;
    window.moveTimes[count] ??= performance.now();
  }).observe(document.getElementById("moves"), { childList: true, subtree: true, characterData: true });
}"""


def playable_at(page, mark: str = "data-python-ready-at") -> float:
    page.wait_for_selector(f"html[{mark}]", state="attached", timeout=TIMEOUT_MS)
    return float(page.get_attribute("html", mark))


def throttle(context, page, mbits: float | None) -> None:
    if mbits is None:
        return
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = mbits * 1_000_000 / 8
    cdp.send("Network.emulateNetworkConditions",
             {"offline": False, "latency": 20, "downloadThroughput": rate, "uploadThroughput": rate})


def measure(browser, url: str, mbits: float | None = None, mark: str = "data-playable-at") -> float:
    context = browser.new_context()
    try:
        page = context.new_page()
        throttle(context, page, mbits)
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)  # a throttled page under load may take over 30 s to load
        return playable_at(page, mark)
    finally:
        context.close()


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"no {what} after {TIMEOUT_MS / 1000:.0f} s")
        time.sleep(0.5)


def first_visit_download(playwright, url: str, chromium: str | None) -> dict[str, int]:
    """Bytes of each file a first visit downloads until it works offline with its snapshot, in a new
    browser profile: a profile's disk cache, unlike a private context's memory cache, keeps the
    9.6 MB wasm, so the service worker can take it from there."""
    build.CountingHandler.served.clear()
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=build.CHROMIUM_ARGS if chromium else [])
        try:
            page = context.new_page()
            page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
            playable_at(page)
            wait_for(lambda: page.evaluate("navigator.serviceWorker.controller !== null"), "service worker")
            wait_for(lambda: page.evaluate(STORED_SIZE), "snapshot")
        finally:
            context.close()
    return dict(build.CountingHandler.served)


def visits(browser, url: str) -> dict[str, float]:
    """A first visit, then a warm one and an offline one in the same context."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        times = {"site cold": playable_at(page), "site cold, playable": playable_at(page, "data-playable-at")}
        wait_for(lambda: page.evaluate("navigator.serviceWorker.controller !== null"), "service worker")
        wait_for(lambda: page.evaluate(STORED_SIZE), "snapshot")
        page.reload()
        times["site warm"] = playable_at(page)
        context.set_offline(True)
        page.reload()
        times["site offline"] = playable_at(page)
        return times
    finally:
        context.close()


def returning(browser, url: str) -> float:
    """Python ready on a visit RETURN_AFTER_S after a first visit's navigation, in the same context."""
    context = browser.new_context()
    try:
        page = context.new_page()
        started = time.monotonic()
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        playable_at(page)
        time.sleep(max(0.0, RETURN_AFTER_S - (time.monotonic() - started)))
        page.goto("about:blank")  # the person leaves
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        return playable_at(page)
    finally:
        context.close()


def opening(browser, url: str, game: str) -> dict[str, float]:
    """A first visit with the runtime held back HELD_MS: when the person's first move, the computer's
    reply and the person's second move appear (ms since navigation), and whether Python was still
    held back then."""
    import json

    from pygame_rules import bridge

    def first_legal(moves: list[str]) -> dict:
        return json.loads(bridge.handle(json.dumps({"op": "state", "game": game, "moves": moves})))["moves"][0]

    # Everything the person decides before the page is there (their side, their first move), so
    # that no step of this script stands between the page taking a move and the move made.
    person = json.loads(bridge.handle(json.dumps({"op": "info", "game": game})))["sides"][0]["name"]
    opening_move = first_legal([])
    context = browser.new_context()
    held = []
    context.route("**/pyodide/**", lambda route: held.append(route))
    try:
        page = context.new_page()
        page.goto(f"{url}#game={game}", wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_selector("#moves", state="attached", timeout=TIMEOUT_MS)
        page.evaluate(MOVE_TIMES)
        page.evaluate(UNTIL_PREPARED, HELD_MS)  # answers the moment the page says so (no polling)
        page.get_by_label("Players").select_option(label=f"Play {person} vs computer")
        for count, moves in ((1, 0), (3, 2)):
            page.wait_for_function(f"() => document.querySelectorAll('#moves .mv:not(.future)').length >= {moves}")
            move = opening_move if count == 1 else first_legal([t for t in page.locator("#moves .mv:not(.future)").all_inner_texts() if t != "…"])
            for square in move["path"]:
                page.locator(f"#board .sq[data-square='{square}']").click()
            if page.locator(f"#board .stop[data-square='{move['path'][-1]}']").count():
                page.locator(f"#board .sq[data-square='{move['path'][-1]}']").click()
            page.wait_for_function(f"() => window.moveTimes[{count}] !== undefined", timeout=HELD_MS)
        times = page.evaluate("window.moveTimes")
        assert page.evaluate("document.documentElement.dataset.engine") == "prepared", "Python arrived: not held back"
        playable = float(page.get_attribute("html", "data-playable-at"))
        return {"takes a move": playable, "first move": times["1"], "computer's reply": times["2"], "second move": times["3"]}
    finally:
        context.close()  # the held downloads with it


def report(title: str, times: dict[str, list[float]]) -> None:
    median = {name: statistics.median(values) for name, values in times.items() if values}
    print(f"\n{title}")
    for name, values in times.items():
        if values:
            print(f"  {name:18} median {median[name]:6.0f} ms  {median[name] / median['bare']:5.2f}x bare"
                  f"   runs: {', '.join(f'{v:.0f}' for v in values)}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="runs of each page (default 3)")
    ap.add_argument("--no-build", action="store_true", help="use the existing dist/site/")
    ap.add_argument("--mbits", type=float, default=10, help="throttled bandwidth in Mbit/s (default 10)")
    ap.add_argument("--skip-throttled", action="store_true", help="measure on the plain loopback only")
    ap.add_argument("--only", default="opening,visits",
                    help="what to measure: opening (runtime held back), visits (the rest); default both")
    args = ap.parse_args(argv)
    args.only = set(args.only.split(","))
    site = build.DIST if args.no_build else build.build()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(site, root, dirs_exist_ok=True)  # a copy: a build meanwhile cannot disturb a run
        (root / "bare.html").write_text(BARE_PAGE)
        (root / "bare-worker.html").write_text(BARE_WORKER_PAGE)
        # The same site without the build's snapshot: its first visit starts Python the plain way.
        shutil.copytree(site, root / "plain", ignore=shutil.ignore_patterns("*.snapshot"))
        httpd = build.server(root, handler=build.CountingHandler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}/"
        names = ["bare", "bare worker", "site cold", "site cold, playable", "site warm", "site offline", "returning after 10 s", "site cold, plain"]
        plain = {name: [] for name in names}
        games = ["lilypad", "three-crowns", "lion"]
        openings = {f"{game}: {what}": [] for game in games for what in ("takes a move", "first move", "computer's reply", "second move")}
        throttled = {name: [] for name in ["bare", "site cold", "site cold, plain"]}
        chromium = shutil.which("chromium")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=build.CHROMIUM_ARGS if chromium else [])
            measure(browser, base + "bare.html")  # warm up the browser process itself
            for _ in range(args.runs):
                if "opening" in args.only:
                    for game in games:
                        for what, value in opening(browser, base + "index.html", game).items():
                            openings[f"{game}: {what}"].append(value)
                if "visits" not in args.only:
                    continue
                plain["bare"].append(measure(browser, base + "bare.html"))
                plain["bare worker"].append(measure(browser, base + "bare-worker.html"))
                for name, value in visits(browser, base + "index.html").items():
                    plain[name].append(value)
                plain["returning after 10 s"].append(returning(browser, base + "index.html"))
                plain["site cold, plain"].append(measure(browser, base + "plain/index.html", mark="data-python-ready-at"))
                if not args.skip_throttled:
                    throttled["bare"].append(measure(browser, base + "bare.html", args.mbits))
                    throttled["site cold"].append(measure(browser, base + "index.html", args.mbits, "data-python-ready-at"))
                    throttled["site cold, plain"].append(measure(browser, base + "plain/index.html", args.mbits, "data-python-ready-at"))
            browser.close()
            served = first_visit_download(p, base + "index.html", chromium) if "visits" in args.only else {}
        httpd.shutdown()

    if "opening" in args.only:
        print(f"\nthe opening with the runtime held back {HELD_MS / 1000:.0f} s (ms since navigation; "
              "targets: first move 1500, reply 3000, second move 4500)")
        for name, values in openings.items():
            print(f"  {name:32} median {statistics.median(values):6.0f} ms   runs: {', '.join(f'{v:.0f}' for v in values)}")
        packed = {f.name.removesuffix(".txt.gz"): f.stat().st_size for f in sorted((site / "prepared").glob("*.txt.gz"))}
        print("prepared answers (gzipped files): " + ", ".join(f"{g} {n / 1000:.0f} kB" for g, n in packed.items())
              + " (a first visit loads its game's two only)")
    if "visits" not in args.only:
        return
    report("loopback (no throttling)", plain)
    if not args.skip_throttled:
        report(f"throttled to {args.mbits:g} Mbit/s, 20 ms latency", throttled)
    (shipped,) = site.glob("pyodide/*/*.snapshot")
    print(f"\nthe build's snapshot: {shipped.stat().st_size / 1e6:.1f} MB gzipped")
    size = {f.relative_to(site).as_posix(): f.stat().st_size for f in site.rglob("*") if f.is_file()}
    twice = sorted(name for name, n in served.items() if n > size.get(name or "index.html", n))
    print(f"a first visit downloads {sum(served.values()) / 1e6:.1f} MB (the site is {sum(size.values()) / 1e6:.1f} MB) "
          f"until it works offline with its snapshot; downloaded twice: {', '.join(twice) or 'none'}")


if __name__ == "__main__":
    main()
