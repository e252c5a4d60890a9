"""A hostile audit's findings, kept fixed: damaged saves, hostile links, a dead worker, a page file
that fails to load, and the Content-Security-Policy. In each the page says what happened in plain
words, never hangs, and keeps the person's games."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from site_driver import shot

SAVE_KEY = "kings-and-soldiers/v1"  # the first format: carried over into the library
PYTHON_WORDS = re.compile(r"Error\b|Traceback|NoneType|\bdict\b|\bstr\b|\bint\b|undefined|null\b")


def entry(game: str, moves: list[str], **extra) -> dict:
    return {"record": {"game": game, "variant": None, "start": None, "moves": moves}, **extra}


def open_with_storage(site, items: dict[str, str], fragment: str = "") -> None:
    """Put `items` into the site's localStorage, then load the page (a full load, not a hash change)."""
    site.page.goto("favicon.svg")  # same origin, runs no script of the site
    for key, value in items.items():
        site.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    site.open(fragment)


def plain_words(site) -> None:
    for text in site.messages():
        assert not PYTHON_WORDS.search(text.split("The damaged data")[0]), text


@pytest.mark.parametrize(
    ("current", "lilypad"),
    [
        ("lilypad", entry("lilypad", ["K@c8"])),  # no drawing saved
        ("constructor", entry("lilypad", ["K@c8"], board=None)),
        ("__proto__", entry("lilypad", ["K@c8"], board="not a board")),
        ("toString", entry("lilypad", ["K@c8"], board={"c8": "<img>", "zz": "B"}, lastMove=7)),
    ],
)
def test_a_damaged_save_never_stops_the_page(new_site, current, lilypad):
    site = new_site()
    open_with_storage(site, {SAVE_KEY: json.dumps({"current": current, "games": {"lilypad": lilypad}})})
    assert site.history() == ["K@c8"]  # the record itself is sound: the game is there
    site.play("K@b1", ["b1"])
    assert site.saved_moves("lilypad") == [["K@c8", "K@b1"]]  # carried over into the library, and played on
    site.watch.assert_clean()


def test_one_bad_saved_game_is_set_aside_and_the_others_kept(new_site):
    site = new_site()
    games = {"lilypad": entry("lilypad", ["K@c8", "K@f1"]), "three-crowns": entry("three-crowns", ["a1-b2"]), "lion": None}
    open_with_storage(site, {SAVE_KEY: json.dumps({"current": "three-crowns", "games": games})})
    message = site.page.locator("#messages .message")
    expect(message).to_contain_text("Your saved game of lion could not be read")
    expect(message).to_contain_text("every other saved game is kept")
    plain_words(site)
    assert site.history() == ["a1-b2"]
    site.page.locator("#games button[data-game=lilypad]").click()
    site.wait_idle()
    assert site.history() == ["K@c8", "K@f1"]
    assert sorted(e["record"]["game"] for e in site.library()) == ["lilypad", "three-crowns"]
    # Its raw text is kept, listed under Your games to copy out.
    unreadable_text_is_listed(site, message, '{"lion":null}')
    site.page.reload()  # said once: the set-aside entry is not reported again
    site.wait_ready()
    assert site.messages() == []
    site.watch.assert_clean()


def unreadable_text_is_listed(site, message, text: str) -> None:
    """The message's "Show them" opens Your games, which lists the one unreadable text, to copy out."""
    message.get_by_role("button", name="Show them").click()
    item = site.page.locator("#library-list .unreadable-list li")
    expect(item).to_have_count(1)
    item.locator("summary").click()
    expect(item.get_by_role("textbox")).to_have_value(text)


def test_unreadable_saved_data_is_kept_for_copying(new_site):
    site = new_site()
    open_with_storage(site, {SAVE_KEY: "{not json"})
    message = site.page.locator("#messages .message")
    expect(message).to_contain_text("Your saved games could not be read")
    site.play("K@a8", ["a8"])
    unreadable_text_is_listed(site, message, "{not json")
    site.watch.assert_clean()


@pytest.mark.parametrize(
    ("fragment", "why"),
    [
        ("#game=constructor", 'there is no game called "constructor"'),
        ("#game=__proto__", 'there is no game called "__proto__"'),
        ("#game=toString&moves=a", 'there is no game called "toString"'),
        ("#game=chess", 'there is no game called "chess" (games: Lilypad, 3 Crowns, The Lion Game)'),
        ("#game=lilypad&variant=bogus", 'Lilypad has no rule variant called "bogus"'),
    ],
)
def test_a_hostile_link_keeps_the_saved_game(new_site, fragment, why):
    site = new_site()
    games = {"lilypad": entry("lilypad", ["K@c8", "K@f1", "c6-d5"])}
    open_with_storage(site, {SAVE_KEY: json.dumps({"current": "lilypad", "games": games})}, fragment)
    expect(site.page.locator("#messages .message")).to_contain_text(f"That link could not be opened: {why}")
    assert site.history() == ["K@c8", "K@f1", "c6-d5"]
    assert site.saved_moves("lilypad") == [["K@c8", "K@f1", "c6-d5"]]
    assert site.page.evaluate("location.hash") == "#game=lilypad"  # so a reload does not repeat it
    site.page.reload()
    site.wait_ready()
    assert site.messages() == [] and site.history() == ["K@c8", "K@f1", "c6-d5"]
    site.watch.assert_clean()


def test_a_hostile_link_pasted_into_an_open_page(site):
    site.button("New game").click()
    site.wait_idle()
    site.play("K@a8", ["a8"])
    site.page.goto("index.html#game=__proto__&moves=x")  # a hash change: no reload
    expect(site.page.locator("#messages .message")).to_contain_text('there is no game called "__proto__"')
    assert site.history() == ["K@a8"]
    site.dismiss_messages()
    site.watch.assert_clean()


def wait_restarted(site) -> None:
    expect(site.page.locator("#messages .message.note")).to_contain_text(
        "The rules engine stopped unexpectedly and is being restarted. Your game is kept.", timeout=60_000
    )
    site.page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=90_000)
    site.wait_idle()


def test_a_worker_terminated_while_idle_is_replaced(new_site):
    site = new_site()
    site.open()
    site.play("K@c8", ["c8"])
    site.page.evaluate("window.kingsAndSoldiersWorker.terminate()")
    wait_restarted(site)
    assert site.history() == ["K@c8"]
    site.play("K@f1", ["f1"])
    site.watch.assert_clean()


def test_a_worker_that_closes_itself_while_the_computer_thinks_is_replaced(new_site):
    site = new_site()
    site.open()
    site.play("K@c8", ["c8"])
    site.choose_players("Play Black vs computer")
    site.page.get_by_label("Level").select_option("5")  # 1.8 s of thinking: time to kill it meanwhile
    site.page.wait_for_selector("html[data-thinking]", state="attached")
    (worker,) = site.page.workers
    worker.evaluate("close()")
    wait_restarted(site)
    # The computer thinks again on the new worker and answers.
    expect(site.page.locator("#moves .mv").filter(has_not_text="…")).to_have_count(2, timeout=60_000)
    assert site.history()[0] == "K@c8"
    site.watch.assert_clean()


# The page's bundle, and the pieces it shares with the other pages (build.py bundles the modules).
@pytest.mark.parametrize("file", ["app.js", "bundle/chunk-*.js"])
def test_a_page_file_that_fails_to_load_is_reported(new_site, file):
    site = new_site()
    site.page.route(f"**/{file}", lambda route: route.abort())
    site.open(wait=False)
    site.page.wait_for_selector("html[data-engine=failed]", state="attached", timeout=30_000)
    expect(site.page.locator("#loading")).to_contain_text("The page could not load all of its files")
    site.watch.assert_clean(allowed_errors=("Failed to load resource", "net::ERR_FAILED"))


def test_every_page_runs_under_its_content_security_policy(new_site):
    site = new_site()
    site.page.add_init_script(
        "window.__violations = [];"
        "document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    for page in ("index.html", "embed.html"):
        site.open(page=page, wait=page == "index.html")
        policy = site.page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
        assert "script-src 'self' 'wasm-unsafe-eval'" in policy and "worker-src 'self'" in policy
        if page == "embed.html":
            site.page.wait_for_selector("ks-board:not([static]) >> .piece", timeout=90_000)
        assert site.page.evaluate("window.__violations") == [], page
    site.watch.assert_clean()


def test_a_2000_ply_game_survives_undo_and_new_game(new_site):
    from urllib.parse import quote

    from long_games import long_game  # tests/long_games.py

    moves = long_game("lion", 2000)
    assert len(moves) == 2000
    site = new_site()
    site.open("#game=lion&moves=" + quote(" ".join(moves)))
    assert len(site.history()) == 2000
    for n in (1999, 1998):  # each Undo drops the bridge's cached game: Python must survive freeing it
        site.button("Undo").click()
        site.wait_idle()
        assert len(site.history()) == n
    site.button("New game").click()
    site.wait_idle()
    assert site.history() == []
    site.page.locator("#games button[data-game=lilypad]").click()
    site.wait_idle()
    site.play("K@c8", ["c8"])
    assert site.messages() == []
    site.watch.assert_clean()


def test_a_resigned_game_stays_resigned_when_the_worker_is_replaced(new_site):
    site = new_site()
    site.open()
    site.choose_players("Two players")
    site.play("K@c8", ["c8"])
    site.button("Resign").click()
    site.page.locator("#resign-yes").click()
    expect(site.page.locator("#result-title")).to_have_text("Black wins by resignation")
    site.page.evaluate("window.kingsAndSoldiersWorker.terminate()")
    wait_restarted(site)
    expect(site.page.locator("#result-title")).to_have_text("Black wins by resignation")
    assert site.library()[0]["resigned"] == "g"
    site.watch.assert_clean()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_saved_game_this_version_cannot_replay_is_offered_to_copy(arrive, phone):
    """A saved game with a move this version does not know (a newer site's, say), in the browser
    before the page loads: Your games lists it; opening it says why in plain words and offers its
    text to copy, and the game in progress stays on the board."""
    site = arrive("first", phone=phone)
    site.play("K@a8", ["a8"])
    newer = {**entry("lilypad", ["K@c8", "K@f1", "c6-d9"]), "id": "newer", "mode": "two", "updated": "2026-11-01T10:00:00.000Z"}
    site.page.evaluate("e => localStorage.setItem('kings-and-soldiers/game/newer', JSON.stringify(e))", newer)
    site.page.reload()
    site.wait_ready()
    assert site.history() == ["K@a8"]
    press = (lambda t: t.tap()) if phone else (lambda t: t.click())
    press(site.page.locator("#library-link"))
    listed = site.page.locator("#library-list tbody tr")
    expect(listed).to_have_count(2)
    press(listed.nth(1).get_by_role("button", name="Open", exact=False))
    expect(site.page.locator("#game-view")).to_be_visible()
    said = site.page.locator("#messages")
    failure = said.locator(".message.error p")
    expect(failure).to_have_text("That saved game could not be opened: illegal move 'c6-d9': it is not a legal move here")  # no position string
    offer = said.locator(".message", has_text="its saved text is below, to copy")
    expect(offer).to_contain_text("That saved game stays in Your games as it is")
    plain_words(site)
    press(offer.locator("summary"))
    assert json.loads(offer.get_by_role("textbox").input_value())["record"]["moves"] == ["K@c8", "K@f1", "c6-d9"]
    shot(site.page, f"ks-cannot-replay-{'phone' if phone else 'desktop'}")
    site.wait_idle()
    assert site.history() == ["K@a8"]  # the game in progress is kept, and plays on
    site.play("K@f1", ["f1"])
    assert sorted(site.saved_moves("lilypad")) == [["K@a8", "K@f1"], ["K@c8", "K@f1", "c6-d9"]]
    # Another game opened: the error goes with the game it was shown over; the text to copy stays.
    press(site.page.locator("#games button[data-game=lion]"))
    expect(site.page.locator("#title")).to_have_text("The Lion Game")
    expect(failure).to_have_count(0)
    expect(offer).to_be_visible()
    site.watch.assert_clean()
