"""Every page and view of the site checked by axe-core (npm, pinned in package-lock.json), at both sizes.

axe is read from node_modules and evaluated in the page through the DevTools protocol, which the
pages' Content-Security-Policy (no inline script, no eval) does not apply to: the pages are checked
under their real policy, with nothing loaded from the network.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pytest
from conftest import DESKTOP, PHONE
from playwright.sync_api import expect

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"desktop": DESKTOP, "phone": PHONE}
#: The views of index.html, each with what shows it is drawn.
VIEWS = {
    "game": ("#game=lilypad", "#board .piece[data-square]"),
    "rules": ("#rules=lion", "#rules-view .piece[data-square]"),
    "puzzles": ("#puzzles=lilypad", "#puzzles-view li, #puzzles-view .piece[data-square]"),
    "library": ("#library", "#library-view .library-table"),
    "analysis": ("#analysis&game=three-crowns", "#analysis-view .piece[data-square]"),
    "editor": ("#editor=lion", "#editor-view .piece[data-square]"),
}
#: The other pages, each with what shows it is drawn and the axe rules it is let off, with why.
PAGES = {
    "embed": ("embed.html", "#play .piece[data-square]", ()),
    "examples": ("examples.html", "ks-board .piece[data-square]", ()),
    "board frame": ("board.html#game=three-crowns&controls=undo+new", "ks-board .piece[data-square]", ()),
    # pdoc writes a docstring's ":raises:" field as an h6 under the h2 of its function: a
    # best-practice rule (not WCAG) about pdoc's markup; every other rule holds (docs/api-theme/).
    "API reference": ("docs/api/pygame_rules.html", "main", ("heading-order",)),
}


def axe_violations(page, skip: tuple[str, ...] = ()) -> list[dict]:
    """axe's violations on the page as shown: [{id, impact, help, targets}]."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        assert AXE.exists(), "axe-core is missing from node_modules: run `npm ci`"
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    rules = {rule: {"enabled": False} for rule in skip}
    found = page.evaluate("(rules) => axe.run(document, {resultTypes: ['violations'], rules}).then(r => r.violations)", rules)
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"], "targets": [n["target"] for n in v["nodes"]][:5]}
        for v in found
    ]


def assert_accessible(page, where: str, skip: tuple[str, ...] = ()) -> None:
    violations = axe_violations(page, skip)
    assert violations == [], f"{where}: axe-core finds\n{json.dumps(violations, indent=1)}"


@pytest.mark.parametrize("size", SIZES)
def test_every_view_of_the_page_passes_axe(new_site, size):
    site = new_site(**SIZES[size])
    site.open("#game=lilypad")
    site.click("c8")  # a King drop: a game in the library, so its table is drawn
    expect(site.page.locator("#board .piece[data-square='c8']")).to_have_attribute("data-piece", "B")
    for view, (fragment, drawn) in VIEWS.items():
        site.page.goto("index.html" + fragment)
        expect(site.page.locator(drawn).first).to_be_attached(timeout=90_000)
        site.wait_idle()
        assert_accessible(site.page, f"{view} view ({size})")
    site.watch.assert_clean()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_every_other_page_passes_axe(new_site, name, size):
    site = new_site(**SIZES[size])
    url, drawn, skip = PAGES[name]
    site.page.goto(url)
    expect(site.page.locator(drawn).first).to_be_attached(timeout=90_000)
    assert_accessible(site.page, f"{name} ({size})", skip)
    site.watch.assert_clean()


def test_the_footer_links_the_api_reference(new_site):
    """build.py puts pdoc's reference of the package into the site; the page's footer leads to it."""
    site = new_site()
    site.page.goto("index.html")
    site.page.locator("footer").get_by_role("link", name="Python API").click()
    expect(site.page.locator("h1, h2").filter(has_text="pygame_rules").first).to_be_visible()
    expect(site.page.get_by_role("link", name="best_move").first).to_be_attached()
    site.watch.assert_clean()


def test_a_moved_piece_is_named_on_its_new_square(new_site):
    """A screen reader names each piece with its square: after the person's move and the computer's
    reply, a moved piece is named on the square it moved to, not the one it left."""
    site = new_site(**DESKTOP)
    site.open()
    site.choose_players("Play Black vs computer", 1)
    site.play("K@c8", ["c8"])
    expect(site.page.locator("#moves .mv").filter(has_not_text="…")).to_have_count(2)
    site.wait_idle()
    site.play("c6-d5", ["c6", "d5"])
    expect(site.page.locator("#moves .mv").filter(has_not_text="…")).to_have_count(4)
    site.wait_idle()
    pieces = site.page.locator("#board .piece[data-square]")
    labels = dict(pieces.evaluate_all("els => els.map(e => [e.dataset.square, e.getAttribute('aria-label')])"))
    # Every piece, the computer's moved one too, named on the square it stands on.
    assert labels and all(label.endswith(f" on {square}") for square, label in labels.items()), labels
    board = site.page.locator("#board")
    expect(board.get_by_role("img", name="on d5", exact=False)).to_have_count(1)  # the person's moved piece
    expect(board.get_by_role("img", name="on c6", exact=False)).to_have_count(0)
    site.watch.assert_clean()


#: The site's icon, as its pages show it in the tab (the API reference's pages carry it as a data: URL).
ICON = (Path(__file__).resolve().parents[2] / "site" / "favicon.svg").read_text(encoding="utf-8").strip()
TAB_ICON = """() => new Promise((done) => {
  const link = document.querySelector("link[rel=icon]");
  if (!link) return done(null);
  const image = new Image();
  image.onload = () => done(link.href);
  image.onerror = () => done("failed: " + link.href);
  image.src = link.href;
})"""


def test_every_page_shows_the_sites_icon_in_its_tab(new_site):
    """Without an icon of its own a page's tab is blank, and the browser asks for /favicon.ico,
    which the site has not (a 404 in the console): the API reference's pages, at two depths, too."""
    site = new_site()
    pages = [url for url, _, _ in PAGES.values()] + ["docs/api/pygame_rules/core.html", "index.html#library"]
    for url in pages:
        site.page.goto(url, wait_until="domcontentloaded")
        href = site.page.evaluate(TAB_ICON)
        assert href and not href.startswith("failed"), f"{url}: no icon in its tab ({href})"
        shown = unquote(href.removeprefix("data:image/svg+xml,")) if href.startswith("data:") else href
        assert shown == ICON or shown.endswith("/favicon.svg"), f"{url}: the tab's icon is not the site's: {href[:80]}"
    site.watch.assert_clean()
