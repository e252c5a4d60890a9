"""Start-up time of the site against a bare Pyodide page, in one run of the same Chromium.

    python bench/startup.py [--runs 5] [--no-build]

"Playable" is the moment the app sets ``data-engine="ready"`` on <html> (Python has answered and
the board takes clicks); the app stores it as ``data-playable-at`` (ms since navigation start).
The bare page does only ``await loadPyodide()`` from the same files and stores the same attribute;
a second bare page does the same in a module worker, as the site does, to show what the worker
itself costs. Runs alternate between the pages, each in a fresh browser context (cold cache), and
the medians and the site's ratio to the bare page are printed. The bare pages are written to a
temporary copy of dist/site, never shipped.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import build  # noqa: E402

BARE_PAGE = """<!doctype html>
<meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
  import { loadPyodide } from "./pyodide/pyodide.mjs";
  await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href });
  document.documentElement.dataset.playableAt = String(Math.round(performance.now()));
</script>
"""

BARE_WORKER_PAGE = """<!doctype html>
<meta charset="utf-8"><title>bare Pyodide in a worker</title>
<script type="module">
  const source = `import { loadPyodide } from "${new URL("./pyodide/pyodide.mjs", location.href)}";
    await loadPyodide({ indexURL: "${new URL("./pyodide/", location.href)}" }); postMessage("ready");`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
  worker.onmessage = () => (document.documentElement.dataset.playableAt = String(Math.round(performance.now())));
</script>
"""
PAGES = {"site": "index.html", "bare": "bare.html", "bare worker": "bare-worker.html"}


def measure(browser, url: str) -> float:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-playable-at]", state="attached", timeout=120_000)
        return float(page.get_attribute("html", "data-playable-at"))
    finally:
        context.close()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="runs of each page (default 5)")
    ap.add_argument("--no-build", action="store_true", help="use the existing dist/site/")
    args = ap.parse_args(argv)
    site = build.DIST if args.no_build else build.build()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for entry in site.iterdir():
            (root / entry.name).symlink_to(entry.resolve())
        (root / "bare.html").write_text(BARE_PAGE)
        (root / "bare-worker.html").write_text(BARE_WORKER_PAGE)
        httpd = build.server(root)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_address[1]}/"
        times = {name: [] for name in PAGES}
        chromium = shutil.which("chromium")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=build.CHROMIUM_ARGS if chromium else [])
            measure(browser, base + "bare.html")  # warm up the browser process itself
            for _ in range(args.runs):
                for name, page in PAGES.items():
                    times[name].append(measure(browser, base + page))
            browser.close()
        httpd.shutdown()

    for name, values in times.items():
        print(f"{name:11} median {statistics.median(values):6.0f} ms  runs: {', '.join(f'{v:.0f}' for v in values)}")
    median = {name: statistics.median(values) for name, values in times.items()}
    print(f"ratio site/bare: {median['site'] / median['bare']:.2f}x "
          f"(site/bare worker: {median['site'] / median['bare worker']:.2f}x)")


if __name__ == "__main__":
    main()
