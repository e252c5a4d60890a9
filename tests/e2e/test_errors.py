"""Bad input and failures: each shows a clear message, never a hang, and the game in progress stays."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from site_driver import shot

SAVE_KEY = "kings-and-soldiers/v1"


def test_a_bad_position_is_refused_and_the_game_kept(site):
    site.play("K@a8", ["a8"])
    pieces = site.pieces()
    site.load_position("8/8/8/8 b -")
    error = site.page.locator("#load-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("could not be loaded")
    expect(error).to_contain_text("board '8/8/8/8' has 32 squares")
    assert site.history() == ["K@a8"] and site.pieces() == pieces
    site.play("K@b1", ["b1"])  # still playable
    site.load_position("8/8/8/8/8/8/8/8 b -")  # a well-formed board without Kings to drop...
    expect(error).to_be_hidden()  # ...is a position: no King on the board and none to drop is a draw
    expect(site.page.locator("#result-title")).to_have_text("Draw")
    site.watch.assert_clean()


def test_a_shared_link_opens_the_game_it_carries(site):
    site.button("New game").click()
    site.wait_idle()
    for text, path in [("K@e8", ["e8"]), ("K@h1", ["h1"]), ("c6-d5", ["c6", "d5"])]:
        site.play(text, path)
    site.button("Share").click()
    link = site.page.locator("#share-link").input_value()
    assert "#game=lilypad" in link and "moves=" in link
    site.play("f3-e4", ["f3", "e4"])
    site.page.goto(link)  # opened in this tab: the game goes back to what the link carries
    expect(site.page.locator("#moves .mv.current")).to_have_text("c6-d5")
    site.wait_idle()
    assert site.history() == ["K@e8", "K@h1", "c6-d5"]
    site.watch.assert_clean()


@pytest.mark.parametrize(
    ("fragment", "why"),
    [
        ("#game=lilypad&moves=K%40a8+K%40zz", "illegal move 'K@zz'"),
        ("#game=lilypad&start=not-a-position", "'not-a-position'"),
        ("#game=chess&moves=e2-e4", 'That link could not be opened: there is no game called "chess"'),
        ("#game=lilypad&variant=nonsense&moves=K%40a8", 'That link could not be opened: Lilypad has no rule variant called "nonsense"'),
    ],
)
def test_a_tampered_link_says_why_and_keeps_the_game(site, fragment, why):
    before = site.history()
    site.dismiss_messages()
    site.page.goto("index.html" + fragment)
    message = site.page.locator("#messages .message")
    if "That link" not in why:
        expect(message).to_contain_text("The shared link could not be opened")
    expect(message).to_contain_text(why)
    site.wait_idle()
    assert site.history() == before
    site.watch.assert_clean()


def test_a_tampered_link_on_arrival_starts_a_valid_game(new_site):
    site = new_site()
    site.open("#game=lilypad&moves=K%40c8+nonsense")
    expect(site.page.locator("#messages")).to_contain_text("The shared link could not be opened")
    expect(site.page.locator("#messages")).to_contain_text("illegal move 'nonsense'")
    assert site.history() == []
    site.play("K@c8", ["c8"])
    site.watch.assert_clean()


def test_damaged_saved_games_are_reported_and_a_new_game_starts(new_site):
    site = new_site()
    # Damage the save once, before the page's scripts run.
    site.page.context.add_init_script(
        f"if (!sessionStorage.getItem('damaged')) {{ sessionStorage.setItem('damaged', '1');"
        f" localStorage.setItem({json.dumps(SAVE_KEY)}, '{{not json'); }}"
    )
    site.open()
    expect(site.page.locator("#messages")).to_contain_text("Your saved games could not be read (they are not readable data)")
    assert site.history() == []
    site.play("K@a8", ["a8"])

    # Well-formed but impossible: a move that is not legal in the saved game.
    (entry,) = site.library()
    entry["record"]["moves"].append("K@a8")
    site.page.evaluate("e => localStorage.setItem('kings-and-soldiers/game/' + e.id, JSON.stringify(e))", entry)
    site.page.reload()
    site.wait_ready()
    expect(site.page.locator("#messages")).to_contain_text("Your saved game could not be opened")
    expect(site.page.locator("#messages")).to_contain_text("illegal move 'K@a8'")
    assert site.history() == []
    site.play("K@c8", ["c8"])
    site.watch.assert_clean()


@pytest.mark.parametrize(
    ("blocked", "why"),
    [
        ("**/pyodide.mjs", "could not start the Python worker"),
        ("**/pyodide.asm.wasm", "pyodide.asm.wasm"),
        ("**/*.whl", "could not load the rules engine"),
        # Other bytes than the lock's sha256: never unzipped (warmstart.js); Pyodide refuses them too.
        ("**/*.whl", ""),
    ],
)
def test_a_failed_download_is_reported_not_hung(new_site, blocked, why):
    site = new_site()
    site.page.route(blocked, lambda route: route.abort() if why else route.fulfill(body=b"PK\x05\x06 not the wheel"))
    held = []  # the build's snapshot, let through only once the failure is shown (a slow link's order)
    site.page.route("**/*.snapshot", lambda route: held.append(route))
    site.open(wait=False)
    site.page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=90_000)
    if held:
        with site.page.expect_event("requestfinished", lambda request: request.url.endswith(".snapshot")):
            held.pop().continue_()
        site.page.wait_for_timeout(200)  # the worker's answer to it, if it gave one, has reached the page
    message = site.page.locator("#messages .message")
    expect(message).to_contain_text("Python could not be started")
    expect(message).to_contain_text(why or "could not load the rules engine")
    expect(message).not_to_contain_text(": .")  # no empty detail
    expect(site.page.locator("#loading")).to_contain_text("Python could not start")
    expect(site.page.locator("#board .piece[data-square]")).to_have_count(24)  # the board is still drawn
    shot(site.page, f"ks-failed-{blocked.split('/')[-1].replace('*', '')}")
    site.watch.assert_clean(allowed_errors=("Failed to load resource", "net::ERR_FAILED", "wasm"))


def test_errors_about_a_game_go_when_another_game_is_opened(new_site):
    """An error about the game shown (a bad link) goes once another game is shown; one with a button
    (the saved text that could not be read, Show them) or a text to copy stays."""
    site = new_site()
    site.open()
    site.play("K@c8", ["c8"])
    site.page.evaluate("localStorage.setItem('kings-and-soldiers/game/broken', '{\"id\": \"broken\", \"record\": 5}')")
    site.page.reload()
    site.wait_ready()
    unreadable = site.page.locator("#messages .message", has_text="A saved game could not be read")
    expect(unreadable.get_by_role("button", name="Show them")).to_be_visible()
    site.page.goto("index.html#game=lilypad&moves=K%40a8+K%40zz")
    bad_link = site.page.locator("#messages .message", has_text="The shared link could not be opened")
    expect(bad_link).to_contain_text("illegal move 'K@zz'")
    site.wait_idle()
    assert site.history() == ["K@c8"]

    site.page.locator("#games button[data-game=three-crowns]").click()
    expect(site.page.locator("#title")).to_have_text("3 Crowns")
    site.wait_idle()
    expect(bad_link).to_have_count(0)  # about the Lilypad game no longer shown
    expect(unreadable).to_have_count(1)  # a standing offer: it stays
    site.play("a1-b2", ["a1", "b2"])
    site.page.locator("#games button[data-game=lilypad]").click()
    site.wait_idle()
    assert site.history() == ["K@c8"]
    expect(unreadable).to_have_count(1)
    site.watch.assert_clean()
