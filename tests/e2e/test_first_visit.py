"""A first visit plays the opening before Python arrives: with the runtime held back (a slow download),
the person's first two moves against the computer, and the computer's reply between them, come from
the answers prepared at build time (pygame_rules/prepared.py, site/engine/prepared.js); then Python arrives and the game
goes on with Python's reply. A damaged or missing prepared file means waiting for Python."""

from __future__ import annotations

import gzip
import json
import time

import pytest
from playwright.sync_api import expect

from pygame_rules import bridge
from site_driver import SLOW_MS, poll
from test_ai import wait_for_moves

#: The runtime, its lock and the rules engine's wheel: held back until the test lets them through.
RUNTIME = "**/pyodide/**"
GAMES = ["lilypad", "three-crowns", "lion"]


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def first_legal(game: str, moves: list[str]) -> dict:
    """The first legal move after ``moves``, as the bridge lists it (text and path)."""
    return ask(op="state", game=game, moves=moves)["moves"][0]


def hold_runtime(site) -> list:
    """Hold back every runtime download; returns the held requests (continue them to let Python start)."""
    held = []
    site.page.context.route(RUNTIME, lambda route: held.append(route))
    return held


def release(site, held: list) -> None:
    for route in held:
        route.continue_()
    site.page.context.unroute(RUNTIME)  # after: unrouting passes on what is still held, twice is an error


def assert_board_follows_the_rules(site, game: str) -> list[str]:
    moves = site.history()
    state = ask(op="state", game=game, moves=moves)
    assert "error" not in state, state
    assert site.pieces() == {square: piece for square, piece in state["board"].items() if piece}
    return moves


@pytest.mark.parametrize("game", GAMES)
def test_the_opening_is_played_before_python_arrives_and_python_goes_on(new_site, game):
    site = new_site()
    held = hold_runtime(site)
    site.open(f"#game={game}", wait=False)
    page = site.page
    page.wait_for_selector("html[data-engine=prepared]", state="attached", timeout=30_000)
    person = ask(op="info", game=game)["sides"][0]["name"]
    site.choose_players(f"Play {person} vs computer", 1)

    first = first_legal(game, [])
    site.play(first["text"], first["path"])
    wait_for_moves(site, 2, 20_000)  # the computer's reply, from the opening book
    second = first_legal(game, site.history())
    site.play(second["text"], second["path"])
    assert page.evaluate("document.documentElement.dataset.engine") == "prepared"  # Python is still held back
    assert held, "the runtime was never requested"
    before = assert_board_follows_the_rules(site, game)
    assert len(before) == 3

    release(site, held)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=SLOW_MS)
    wait_for_moves(site, 4, 60_000)  # the computer's second reply, from Python
    after = assert_board_follows_the_rules(site, game)
    assert after[:3] == before
    site.watch.assert_clean()


def test_another_game_chosen_before_python_arrives_plays_its_opening(new_site):
    """A first visit opens on Lilypad; the person picks 3 Crowns before Python has arrived: its
    opening plays at once from its own prepared answers, and the address names it."""
    site = new_site()
    held = hold_runtime(site)
    site.open("#game=lilypad", wait=False)
    page = site.page
    page.wait_for_selector("html[data-engine=prepared]", state="attached", timeout=30_000)
    page.locator("#games button[data-game=three-crowns]").click()
    expect(page.locator("#title")).to_have_text("3 Crowns")
    site.wait_idle()
    first = first_legal("three-crowns", [])
    site.play(first["text"], first["path"])
    assert "game=three-crowns" in page.url
    assert page.evaluate("document.documentElement.dataset.engine") == "prepared"  # Python is still held back
    assert_board_follows_the_rules(site, "three-crowns")
    release(site, held)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=SLOW_MS)
    site.watch.assert_clean()


def test_a_saved_game_shows_its_moves_before_python_replays_them(new_site):
    """A reload on a game in progress, Python slow to come: the board and the move list show the
    game as it was saved (never "No moves yet." beside a board in mid-game), then Python's."""
    site = new_site(service_workers="block")  # every load a first one: the runtime can be held back
    site.open("#game=lilypad")
    site.choose_players("Two players")
    for text, path in (("K@c8", ["c8"]), ("K@f1", ["f1"]), ("c6-d5", ["c6", "d5"])):
        site.play(text, path)
    site.button("Undo").click()  # the board shows move 2 of 3
    site.wait_idle()
    held = hold_runtime(site)
    site.page.reload()
    page = site.page
    expect(page.locator("#moves .mv")).to_have_text(["K@c8", "K@f1", "c6-d5"])
    expect(page.locator("#moves .mv.current")).to_have_text("K@f1")
    expect(page.locator("#moves-empty")).to_be_hidden()
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"  # Python is held back
    release(site, held)
    site.wait_ready()
    assert site.history() == ["K@c8", "K@f1"] and site.line() == ["K@c8", "K@f1", "c6-d5"]
    site.watch.assert_clean()


@pytest.mark.parametrize("cut", ["**/pyodide/**", "**/*.{snapshot,wasm}"], ids=["the runtime's first file", "its largest files"])
def test_a_download_that_breaks_off_is_tried_again_and_the_opening_plays_on(new_site, cut):
    """The connection drops while Python downloads: the prepared opening plays on, the page says it
    waits for the connection, and Python downloads once the connection is back."""
    site = new_site()
    held = []
    site.page.context.route(cut, lambda route: held.append(route))
    site.open("#game=lilypad", wait=False)
    page = site.page
    page.wait_for_selector("html[data-engine=prepared]", state="attached", timeout=30_000)
    site.choose_players("Play Black vs computer", 1)
    site.play("K@c8", ["c8"])
    wait_for_moves(site, 2, 20_000)  # from the opening book
    poll(lambda: held, what="the download to begin")
    page.context.set_offline(True)
    for route in held:
        route.abort("internetdisconnected")
    held.clear()
    page.context.unroute(cut)
    expect(page.locator("#loading-text")).to_have_text("Waiting for the connection to download Python…")
    assert page.evaluate("document.documentElement.dataset.engine") == "prepared"  # not failed
    second = first_legal("lilypad", site.history())
    site.play(second["text"], second["path"])  # the prepared opening goes on
    page.context.set_offline(False)
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=SLOW_MS)
    wait_for_moves(site, 4, 60_000)  # the computer's reply, from Python
    assert_board_follows_the_rules(site, "lilypad")
    expect(page.locator("#messages .message.error")).to_have_count(0)


def test_the_computer_opening_is_prepared_when_it_moves_first(new_site):
    site = new_site()
    held = hold_runtime(site)
    site.open("#game=lion", wait=False)
    site.page.wait_for_selector("html[data-engine=prepared]", state="attached", timeout=30_000)
    site.choose_players("Play Black vs computer", 3)
    wait_for_moves(site, 1, 20_000)
    first = first_legal("lion", site.history())
    site.play(first["text"], first["path"])
    wait_for_moves(site, 3, 20_000)
    second = first_legal("lion", site.history())
    site.play(second["text"], second["path"])
    assert site.page.evaluate("document.documentElement.dataset.engine") == "prepared"
    assert len(assert_board_follows_the_rules(site, "lion")) == 4
    release(site, held)
    site.page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=SLOW_MS)
    wait_for_moves(site, 5, 60_000)  # from Python
    assert_board_follows_the_rules(site, "lion")


# Every other damage (cut short, no digest, another game's) is tested on prepared.js itself (tests/site).
@pytest.mark.parametrize("damage", ["a move changed", "missing"])
def test_a_damaged_or_missing_prepared_file_waits_for_python(new_site, site_url, damage):
    site = new_site()
    held = hold_runtime(site)

    def damaged(route):
        if damage == "missing":
            return route.fulfill(status=404, body="not found")
        # Well-formed files whose answers differ from the ones their digests were made of.
        text = gzip.decompress(route.fetch().body()).decode()
        data = gzip.compress(text.replace('"b1-a3"', '"b1-a4"').replace('"b1-', '"b2-').encode())
        route.fulfill(status=200, body=data, headers={"Content-Type": "application/gzip"})

    site.page.context.route("**/prepared/**", damaged)
    site.open("#game=lion", wait=False)
    page = site.page
    expect(page.locator("#board .piece[data-square]")).not_to_have_count(0)  # the board is drawn at once
    page.wait_for_timeout(2000)
    assert page.evaluate("document.documentElement.dataset.engine") == "loading"
    site.click("b1")  # kept, but nothing can be moved: no legal move is known yet
    assert site.selected() == {"b1"}
    assert site.dests() == set()
    release(site, held)
    site.page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=SLOW_MS)
    site.wait_idle()
    expect(page.locator("#board .dest").first).to_be_attached()  # the tap, played once Python is ready
    assert site.selected() == {"b1"}
    site.play("b1-a3", ["a3"])
    assert_board_follows_the_rules(site, "lion")


# From the page's first parse: every size and place the game view's board and panel take, as the
# page lays them out (a ResizeObserver on the board, their tops at each of its reports and frames).
WATCH_LAYOUT = """(() => {
  window.layouts = [];
  const record = () => {
    const board = document.getElementById("board");
    const panel = document.querySelector("#game-view .panel");
    if (!board || !panel) return;
    const b = board.getBoundingClientRect();
    const seen = [Math.round(b.width), Math.round(b.height), Math.round(b.top + scrollY), Math.round(panel.getBoundingClientRect().top + scrollY)];
    if (String(window.layouts.at(-1)) !== String(seen)) window.layouts.push(seen);
  };
  const watch = new MutationObserver(() => {
    const board = document.getElementById("board");
    if (!board) return;
    watch.disconnect();
    new ResizeObserver(record).observe(board);
    const frame = () => { record(); if (!document.documentElement.dataset.engine?.match(/ready|prepared/)) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  });
  watch.observe(document, { childList: true, subtree: true });
})()"""


@pytest.mark.parametrize("device", ["phone", "desktop"])
@pytest.mark.parametrize("opening", ["", "#game=lion", "a saved Lion game"])
def test_the_board_keeps_its_room_from_the_first_paint(new_site, device, opening):
    """The page is laid out with the board's room before its scripts draw the board (held back
    here, as on a slow connection): nothing moves when the board appears, whichever game opens."""
    phone = device == "phone"
    size = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True} if phone else {"viewport": {"width": 1280, "height": 800}}
    site = new_site(**size)
    if opening == "a saved Lion game":
        site.open("#game=lion")
        move = first_legal("lion", [])
        site.play(move["text"], move["path"])
        opening = ""
    site.page.add_init_script(WATCH_LAYOUT)
    site.page.route("**/bundle/app.js", lambda route: (time.sleep(0.8), route.continue_()))
    site.open(opening)
    layouts = site.page.evaluate("window.layouts")
    assert len(layouts) == 1, f"the board or the panel moved as the page started: [width, height, board top, panel top] {layouts}"
    site.watch.assert_clean()
