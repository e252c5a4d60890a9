"""What a person sees and does in the moments before Python is ready, like a person sees it.

- A returning visit draws the saved game at once and restores Python in about half a second: a
  tap on the board in that moment is kept (the piece shown selected, the words saying the game is
  still starting), and played once Python is ready. The board never moves under the finger.
  Python is held back by a Playwright route: the runtime's wasm is taken out of the site's cache
  for the test (as if the browser had evicted it), so the worker downloads it, and the route holds
  that download.
- The puzzles view, on a first visit while Python downloads, says so in plain words, with the
  stage the game view's loading pill shows.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from site_driver import READY_TIMEOUT, shot
from test_first_visit import hold_runtime, release

WASM = "**/pyodide.asm.wasm"

# Moves the runtime's wasm out of the caches the worker reads (as if the browser had evicted it),
# into a cache of its own under another address (caches.match must not find it); PUT_BACK restores it.
SET_ASIDE = """async () => {
  const held = await caches.open("held-for-a-test");
  for (const name of await caches.keys()) {
    if (name === "held-for-a-test") continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!request.url.endsWith("/pyodide.asm.wasm")) continue;
      await held.put(`${request.url}?from=${encodeURIComponent(name)}`, await cache.match(request));
      await cache.delete(request);
    }
  }
}"""
PUT_BACK = """async () => {
  if (!(await caches.has("held-for-a-test"))) return;
  const held = await caches.open("held-for-a-test");
  for (const request of await held.keys()) {
    const url = new URL(request.url);
    const name = url.searchParams.get("from");
    url.search = "";
    await (await caches.open(name)).put(url.href, await held.match(request));
  }
  await caches.delete("held-for-a-test");
}"""


@contextmanager
def python_held_back(page):
    """Within the block, a reload restores Python only once ``release()`` is called (which the
    block may do; leaving it does, and puts the runtime back in the site's cache)."""
    held = []
    page.evaluate(SET_ASIDE)
    page.context.route(WASM, lambda route: held.append(route))
    released = False

    def release():
        nonlocal released
        for _ in range(60):  # Playwright hands over routed requests only while it is waiting
            if held:
                break
            page.wait_for_timeout(500)
        assert held, "the worker did not ask for the runtime: Python was not held back"
        for route in held:
            route.continue_()
        page.context.unroute(WASM)  # after: unrouting passes on what is still held, twice is an error
        released = True

    try:
        yield release
    finally:
        if not released:
            for route in held:
                route.continue_()
            page.context.unroute(WASM)
        page.evaluate(PUT_BACK)


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_a_tap_before_python_is_restored_is_played_once_it_is(arrive, phone):
    site = arrive("returning", "#game=lilypad", phone=phone)
    page = site.page
    site.choose_players("Two players")
    site.play("K@c8", ["c8"])
    site.play("K@f1", ["f1"])
    with python_held_back(page) as release:
        page.reload()  # a returning visit, its Python held back
        expect(page.locator("#moves .mv")).to_have_text(["K@c8", "K@f1"])  # the saved game, drawn at once
        before = site.board_box()
        assert page.locator("html").get_attribute("data-engine") == "loading"

        site.click("c6")
        assert site.selected() == {"c6"}
        expect(page.locator("#hint")).to_have_text("The game is still starting: this piece's moves show in a moment.")
        site.click("d5")
        expect(page.locator("#hint")).to_have_text("The game is still starting: your move is played in a moment, if it is legal.")
        expect(page.locator("#loading")).to_be_visible()  # the pill over the board: "Starting Python…" or the like
        shot(page, f"early-tap-{'phone' if phone else 'desktop'}")
        site.assert_board_in_view(before)
        assert page.locator("html").get_attribute("data-engine") == "loading"

        release()
        page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT)
        assert site.started_from() == "snapshot"
        expect(page.locator("#moves .mv")).to_have_text(["K@c8", "K@f1", "c6-d5"])  # the taps, played
        site.wait_idle()
        site.assert_board_in_view(before)
    site.watch.assert_clean()


def test_a_tap_that_is_no_move_is_said_once_the_game_is_ready(arrive):
    """A returning visit on a phone: a tap on a piece that cannot move is kept like any, and once
    the game is ready the person is told it was not a move (nothing selected, nothing played)."""
    site = arrive("returning", "#game=lilypad", phone=True)
    page = site.page
    site.choose_players("Two players")
    site.play("K@c8", ["c8"])
    with python_held_back(page) as release:
        page.reload()
        expect(page.locator("#moves .mv")).to_have_text(["K@c8"])
        site.click("c8")  # Black's King, but Green is to move
        assert site.selected() == {"c8"}
        release()
        expect(page.locator("#hint")).to_have_text("The game is ready now, but what you tapped before was not a move here.")
        assert site.selected() == set()
        assert site.history() == ["K@c8"]
    site.watch.assert_clean()


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_the_puzzles_say_the_engine_is_still_downloading(new_site, phone):
    from conftest import DESKTOP, PHONE

    site = new_site(**(PHONE if phone else DESKTOP))
    held = hold_runtime(site)
    site.open("#puzzles", wait=False)
    page = site.page
    waiting = page.locator("#puzzles-view .empty").first
    expect(waiting).to_have_text(
        "The puzzles open as soon as the game engine is ready: it judges every move, in Python, in your browser. Downloading Python…"
    )
    shot(page, f"puzzles-waiting-{'phone' if phone else 'desktop'}")
    release(site, held)
    expect(page.locator("#puzzles-view .puzzle-list li").first).to_be_visible(timeout=READY_TIMEOUT)
    expect(waiting).to_be_hidden()
    site.watch.assert_clean()
