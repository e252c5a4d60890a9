"""End-to-end set-up: build the site once, serve it on 127.0.0.1, drive it with Chromium.

Debian's Chromium (``chromium`` on the PATH) is used when present, else Playwright's own browser.
Every browser context made through :func:`open_site` blocks and records requests that leave
127.0.0.1 (``context.route`` sees the Python worker's requests too) and records console errors, so
a test can assert that the site needs nothing from the network and logs no error.
"""

from __future__ import annotations

import shutil
import sys
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
from site_driver import Site  # noqa: E402

# What a person waits for comes from a worker that shares a loaded CI machine's two cores with
# the evaluation's search (and, on a first visit, a second Python start that makes the memory
# snapshot): an answer took over Playwright's default 5 s there once. A right assertion passes
# as soon as the page shows it; only a failing one waits this long.
expect.set_options(timeout=20_000)


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

    def guard(route):
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            watch.offsite.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    page.on("console", lambda m: m.type == "error" and watch.errors.append(f"console: {m.text}"))
    page.on("pageerror", lambda e: watch.errors.append(f"page error: {e}"))
    return Site(page, watch)


@pytest.fixture(scope="session")
def new_site(browser, base_url):
    """A factory for watched sites in fresh contexts; all are closed at the end of the session."""
    opened = []

    def make(url: str | None = None, **context_args) -> Site:
        site = open_site(browser, url or base_url, **context_args)
        opened.append(site)
        return site

    yield make
    for site in opened:
        site.page.context.close()


@pytest.fixture(scope="module")
def site(new_site) -> Site:
    """One loaded page shared by a module's tests (each Pyodide start costs seconds)."""
    s = new_site()
    s.open()
    return s
