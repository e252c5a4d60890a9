"""End-to-end set-up: build the site once, serve it on 127.0.0.1, drive it with Chromium.

Debian's Chromium (``chromium`` on the PATH) is used when present, else Playwright's own browser.
Every browser context made through :func:`open_site` blocks and records requests that leave
127.0.0.1 (``context.route`` sees the Python worker's requests too) and records console errors, so
a test can assert that the site needs nothing from the network and logs no error.

Arrivals. A person reaches a view in one of three ways, and each changes what runs underneath:

- ``"first"``: a first visit. A fresh browser context: every file comes from the server, Python
  is restored from the memory snapshot the build made (``html[data-engine-start=shipped]``),
  downloaded beside the runtime and stored once Python has answered. Before Python is ready, the
  opening is played from the answers prepared at build time (``html[data-engine=prepared]``).
  (Python's plain start, where no snapshot can be had, has tests of its own: test_offline.py,
  test_warm_start.py.)
- ``"returning"``: a visit after one that stored the service worker's files and the memory
  snapshot. Python is restored from the stored snapshot (``data-engine-start=snapshot``, checked,
  not left to luck): the package's modules come from the snapshot and its files are written again.
- ``"offline"``: a returning visit with the network off: everything comes from the service worker.

The fixture ``arrive(kind, fragment="", *, phone=False, page="index.html", wait=True)`` gives a
:class:`Site` arrived that way, at desktop size (1280x800) or as a phone (390x844, touch: ``Site.click``
and ``Site.press`` tap). Returning and offline pages share one visited context per device (made once
a session; its snapshot waited for explicitly), each in a new page whose site storage starts empty,
so tests stay independent; a reload within the test keeps what the test stored. ``ARRIVALS`` lists the
kinds, for ``@pytest.mark.parametrize("arrival", ARRIVALS)``.

Which journeys run in which arrival: an arrival changes how Python starts (downloaded or stored: the
package's data files, random's seed, the bridge's answers) and where files come from (server or
service worker). So every view runs one journey in all three arrivals, since each view asks Python
for something of its own; the long play journeys (every game, every move) run on a first visit,
where the timing is hardest, and on a phone. That keeps CI well under its budget.
"""

from __future__ import annotations

import shutil
import sys
from contextlib import contextmanager
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from site_driver import SLOW_MS, Site, poll  # noqa: E402

ARRIVALS = ("first", "returning", "offline")
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}

# What a person waits for comes from a worker that shares a loaded CI machine's two cores with
# the evaluation's search: an answer took over Playwright's default 5 s there once. A right assertion passes
# as soon as the page shows it; only a failing one waits this long.
expect.set_options(timeout=20_000)


def pytest_terminal_summary(terminalreporter):
    """CI runs a failed browser test once more (pytest-rerunfailures); a failure that passed the
    second time is printed in full all the same: a race to find, not to forget."""
    reruns = terminalreporter.stats.get("rerun", [])
    if reruns:
        terminalreporter.section("failures that passed when run again")
    for report in reruns:
        terminalreporter.write_sep("_", report.nodeid)
        terminalreporter.write_line(str(report.longrepr))


@pytest.fixture(scope="session")
def site_url():
    """The built site, served from a subfolder (as a static host may) to prove its URLs relative."""
    site = build.build()
    httpd = build.server(site.parent)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/{site.name}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def base_url(site_url):
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    chromium = shutil.which("chromium")
    if chromium is None:
        return browser_type_launch_args  # a developer's machine: Playwright's own browser
    return {**browser_type_launch_args, "executable_path": chromium, "args": build.CHROMIUM_ARGS}


@dataclass
class Watch:
    """What a browser context did that a test may forbid."""

    offsite: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def assert_clean(self, allowed_errors: tuple[str, ...] = ()) -> None:
        assert self.offsite == [], f"requests left 127.0.0.1: {self.offsite}"
        errors = [e for e in self.errors if not any(a in e for a in allowed_errors)]
        assert errors == [], f"console errors: {errors}"


def open_site(browser, base_url: str, **context_args) -> Site:
    """A new browser context and page on the site, watched (see :class:`Watch`)."""
    context = browser.new_context(base_url=base_url, **{"viewport": {"width": 1280, "height": 900}, **context_args})
    watch = Watch()
    context.watch = watch  # what the context's route guard records into: each new page's own Watch

    def guard(route):
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            context.watch.offsite.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    return Site(watched_page(context, watch), watch, touch=bool(context_args.get("has_touch")))


def watched_page(context, watch: Watch):
    page = context.new_page()
    page.on("console", lambda m: m.type == "error" and watch.errors.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: watch.errors.append(f"page error: {e}"))
    return page


@contextmanager
def site_factory(browser, base_url):
    """A factory for watched sites in fresh contexts, each closed on leaving: a context left open
    keeps its Python worker and service worker running for the rest of the session."""
    opened = []

    def make(url: str | None = None, **context_args) -> Site:
        site = open_site(browser, url or base_url, **context_args)
        opened.append(site)
        return site

    try:
        yield make
    finally:
        for site in opened:
            site.page.context.close()


@pytest.fixture
def new_site(browser, base_url):
    """Sites in fresh contexts for one test (see :func:`site_factory`)."""
    with site_factory(browser, base_url) as make:
        yield make


@pytest.fixture(scope="module")
def module_new_site(browser, base_url):
    """Sites in fresh contexts shared by a module's tests."""
    with site_factory(browser, base_url) as make:
        yield make


@pytest.fixture(scope="module")
def site(module_new_site) -> Site:
    """One loaded page shared by a module's tests (each Pyodide start costs seconds)."""
    s = module_new_site()
    s.open()
    return s


@pytest.fixture(scope="session")
def visited_contexts(browser, base_url):
    """Per device, a browser context after a first visit: the service worker's files and the memory
    snapshot stored (waited for), so its next page is a returning visit."""
    made = {}

    def visited(phone: bool):
        if phone not in made:
            site = new_site(**(PHONE if phone else DESKTOP))
            site.open()
            poll(site.offline_ready, SLOW_MS, "the service worker's files and the memory snapshot")
            site.page.close()
            made[phone] = site.page.context
        return made[phone]

    with site_factory(browser, base_url) as new_site:
        yield visited


# Site storage starts empty in each arrival's tab, once: a reload in the same tab keeps it.
FRESH_STORAGE = """if (!sessionStorage.getItem("arrival")) { localStorage.clear(); sessionStorage.setItem("arrival", "1"); }"""


@pytest.fixture
def arrive(new_site, visited_contexts):
    """``arrive(kind, fragment="", *, phone=False, page="index.html", wait=True) -> Site``: see the
    module's docstring."""
    offline = []
    pages = []

    def make(kind: str, fragment: str = "", *, phone: bool = False, page: str = "index.html", wait: bool = True) -> Site:
        assert kind in ARRIVALS, f"unknown arrival {kind!r}"
        device = PHONE if phone else DESKTOP
        if kind == "first":
            site = new_site(**device)
        else:
            context = visited_contexts(phone)
            context.watch = Watch()
            if kind == "offline":
                context.set_offline(True)
                offline.append(context)
            site = Site(watched_page(context, context.watch), context.watch, touch=phone)
            site.page.add_init_script(FRESH_STORAGE)
            pages.append(site.page)
        site.open(fragment, page, wait=wait)
        if wait and page == "index.html":
            expected = "shipped" if kind == "first" else "snapshot"
            assert site.started_from() == expected, f"a {kind} visit started Python from {site.started_from()!r}"
        return site

    yield make
    for page in pages:
        page.close()
    for context in offline:
        context.set_offline(False)
