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
from site_driver import shot

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


# -- forced colours, the person's font size, tap targets -------------------------------------------

#: How an element looks as far as colour goes: its background (the nearest one that is not
#: transparent, since a transparent one shows its parent's), its text colour, its outline and border.
LOOK = """e => {
  const s = getComputedStyle(e);
  let background = "rgba(0, 0, 0, 0)";
  for (let a = e; a && /rgba\\(.*, 0\\)$|^transparent$/.test(background); a = a.parentElement) background = getComputedStyle(a).backgroundColor;
  return {
    background, color: s.color,
    outline: s.outlineStyle === "none" ? "none" : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
    border: `${s.borderTopStyle} ${s.borderTopWidth} ${s.borderTopColor}`,
  };
}"""


def assert_stands_out(page, chosen: str, other: str, what: str) -> None:
    """The chosen control (selector ``chosen``) looks other than an unchosen one (``other``)."""
    expect(page.locator(chosen).first).to_be_visible()
    mine, theirs = page.locator(chosen).first.evaluate(LOOK), page.locator(other).first.evaluate(LOOK)
    assert mine != theirs, f"{what}: the chosen one looks as the others do in forced colours: {mine}"


def assert_bar_filled(page, bar: str) -> None:
    """The evaluation bar's fill is drawn in another colour than its track's."""
    expect(page.locator(f"{bar} .evalbar-fill")).to_be_visible()
    fill = page.locator(f"{bar} .evalbar-fill").evaluate(LOOK)["background"]
    track = page.locator(f"{bar} .evalbar-track").evaluate(LOOK)["background"]
    assert fill != track, f"{bar}: the evaluation bar's fill ({fill}) is lost on its track ({track})"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_chosen_states_and_the_evaluation_bar_show_in_forced_colours(new_site, scheme):
    """In forced colours (Windows' high contrast) backgrounds and shadows give way to the system's
    colours: what is chosen (the game, the move shown, the editor's tool, a puzzle game or theme) is
    still told apart from the rest, and the evaluation bar is still filled."""
    site = new_site(**DESKTOP, forced_colors="active", color_scheme=scheme)
    page = site.page
    site.open("#game=lilypad")
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    assert_stands_out(page, ".games button[aria-pressed=true]", ".games button[aria-pressed=false]", "the game chosen")
    site.play("K@c8", ["c8"])
    site.play("K@b1", ["b1"])
    page.locator("#moves .mv").first.click()  # the move shown is not the last one: both are buttons
    assert_stands_out(page, "#moves .mv.current", "#moves .mv:not(.current)", "the move shown")
    page.get_by_role("checkbox", name="Evaluation").check()
    expect(page.locator("#game-eval .evalbar-text")).not_to_have_text("")
    assert_bar_filled(page, "#game-eval")
    shot(page, f"ks-forced-colours-game-{scheme}")

    page.goto("index.html#analysis&game=lilypad&moves=K%40c8+K%40b1")
    expect(page.locator("#analysis-moves .mv.current")).to_have_text("K@b1")
    assert_stands_out(page, "#analysis-moves .mv.current", "#analysis-moves .mv:not(.current)", "the analysis board's move shown")
    assert_bar_filled(page, "#analysis-view .engine")
    shot(page, f"ks-forced-colours-analysis-{scheme}")

    page.goto("index.html#editor=lion")
    expect(page.locator(".editor-tool[aria-checked=true]")).to_have_count(1)
    assert_stands_out(page, ".editor-tool[aria-checked=true]", ".editor-tool[aria-checked=false]", "the editor's tool")

    page.goto("index.html#puzzles=lilypad")
    assert_stands_out(page, ".puzzle-games a[aria-current=page]", ".puzzle-games a:not([aria-current])", "the puzzles' game")
    assert_stands_out(page, ".puzzle-themes button[aria-pressed=true]", ".puzzle-themes button[aria-pressed=false]", "the puzzles' theme")
    assert_stands_out(page, "#puzzles-link", "#library-link", "the Puzzles link, on the puzzles")
    assert_stands_out(page, ".puzzle-modes button.primary", ".puzzle-modes button:not(.primary)", "Rated puzzle, the main action")
    shot(page, f"ks-forced-colours-puzzles-{scheme}")
    site.watch.assert_clean()


@pytest.mark.parametrize("size", SIZES)
def test_the_page_follows_the_persons_font_size(new_site, size):
    """A person who sets a larger font (24 px here, the browser's "very large") gets it everywhere,
    buttons too, and no view then scrolls sideways."""
    site = new_site(**SIZES[size])
    site.open("#game=lilypad")
    site.click("c8")  # a game in the library, so its table is drawn
    expect(site.page.locator("#board .piece[data-square='c8']")).to_have_attribute("data-piece", "B")
    page = site.page
    controls = page.locator(".toolbar button, #hint-button, .games button")
    read = "els => els.map(e => [e.textContent, parseFloat(getComputedStyle(e).fontSize)])"
    before = controls.evaluate_all(read)
    page.evaluate("document.documentElement.style.fontSize = '24px'")
    sizes = controls.evaluate_all(read)
    # Each grows with the person's font, 16 px to 24 px (the game pills are a little smaller on a phone).
    assert len(sizes) >= 9 and all(px == pytest.approx(1.5 * was) and px >= 22 for (_, was), (_, px) in zip(before, sizes)), (before, sizes)
    assert page.locator("body").evaluate("b => getComputedStyle(b).fontSize") == "24px"
    for view, (fragment, drawn) in VIEWS.items():
        page.goto("index.html" + fragment)
        expect(page.locator(drawn).first).to_be_attached(timeout=90_000)
        site.wait_idle()
        width = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], f"{view} view at a 24px font ({size}) scrolls sideways: {width}"
        shot(page, f"ks-font-24-{view}-{size}", full_page=True)
    site.watch.assert_clean()


#: What a person taps and clicks beside the board's squares: none smaller than 24x24 CSS px (WCAG 2.2's
#: target size minimum), by view: its address and the targets' selectors.
TARGETS = {
    "game": ("#game=lilypad&moves=K%40c8+K%40zz", ["#messages .dismiss", "#puzzles-link", "#library-link", "#editor-link", ".assist-toggle"]),
    "analysis": ("#analysis&game=lilypad&moves=K%40c8+K%40b1", ["#analysis-moves button.mv", "#analysis-pvs button.mv", "#analysis-back"]),
    "editor": ("#editor=lion", [".editor-kind-squares label"]),
}


@pytest.mark.parametrize("size", SIZES)
def test_every_small_control_is_at_least_24_px_square(new_site, size):
    site = new_site(**SIZES[size])
    page = site.page
    for view, (fragment, targets) in TARGETS.items():
        site.open(fragment) if view == "game" else page.goto("index.html" + fragment)
        for target in targets:
            expect(page.locator(target).first).to_be_visible(timeout=90_000)
            boxes = page.locator(target).evaluate_all(
                "els => els.filter(e => e.getClientRects().length).map(e => [e.textContent.trim(), e.getBoundingClientRect().width, e.getBoundingClientRect().height])"
            )
            small = [b for b in boxes if min(b[1], b[2]) < 23.9]
            assert boxes and not small, f"{view} ({size}): {target} smaller than 24x24 px: {small}"
    site.watch.assert_clean()
