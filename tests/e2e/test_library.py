"""The games library: every game kept (New game keeps the old one), listed, opened, analysed, deleted
with an undo, exported and imported as a record; two tabs never overwrite each other's games; and
no text the person made is ever gone: a saved text this page cannot read (another tab's, damaged,
hundreds of them, with the storage full) stays where it is, listed to copy out, download or delete."""

from __future__ import annotations

import json

import pytest
from conftest import ARRIVALS
from playwright.sync_api import expect
from site_driver import MAIN_LINE, Site, shot


def rows(site):
    return site.page.locator("#library-list tbody tr")


def open_library(site):
    site.page.locator("#library-link").click()
    expect(site.page.locator("#library-view")).to_be_visible()


def test_new_game_keeps_the_old_one_and_the_library_opens_it(new_site):
    site = one_move_played(new_site)
    site.play("K@f1", ["f1"])
    site.button("New game").click()
    site.wait_idle()
    site.play("K@a8", ["a8"])
    assert sorted(map(len, site.saved_moves("lilypad"))) == [1, 2]

    open_library(site)
    expect(rows(site)).to_have_count(2)
    newest, older = rows(site).nth(0), rows(site).nth(1)
    expect(newest).to_contain_text("Lilypad")
    expect(newest).to_contain_text("Two players")
    expect(newest.get_by_role("button", name="On the board", exact=False)).to_be_disabled()
    expect(older.locator("td").nth(3)).to_have_text("1 move")  # K@c8 K@f1: one numbered move
    expect(older).to_contain_text("In progress")
    shot(site.page, "ks-library", full_page=True)
    site.page.set_viewport_size({"width": 390, "height": 844})
    shot(site.page, "ks-library-phone", full_page=True)
    site.page.set_viewport_size({"width": 1280, "height": 900})

    # Analyse: the older game on the analysis board at its last move; the game on the board stays.
    older.get_by_role("button", name="Analyse", exact=False).click()
    expect(site.page.locator("#analysis-view")).to_be_visible()
    expect(site.page.locator("#analysis-moves .mv.current")).to_have_text("K@f1")
    assert site.page.locator(MAIN_LINE).all_inner_texts() == ["K@c8", "K@f1"]
    site.page.get_by_role("link", name="Back to the game").click()
    expect(site.page.locator("#game-view")).to_be_visible()
    assert site.history() == ["K@a8"]
    open_library(site)

    older.get_by_role("button", name="Open", exact=False).click()
    expect(site.page.locator("#game-view")).to_be_visible()
    site.wait_idle()
    assert site.history() == ["K@c8", "K@f1"]
    site.play("c6-d5", ["c6", "d5"])
    assert sorted(map(len, site.saved_moves("lilypad"))) == [1, 3]  # the opened entry was played on
    site.watch.assert_clean()


def press(site, target):
    """Press a button or link: a tap on a phone, a click on a desktop."""
    target.tap() if site.touch else target.click()


@pytest.mark.parametrize("arrival, phone", [*((a, False) for a in ARRIVALS), ("first", True)])
def test_the_library_journey_in_every_arrival(arrive, arrival, phone):
    """Save, reload, list, export, import, delete with Undo: in every arrival, and on a phone."""
    site = arrive(arrival, phone=phone)
    site.play("K@c8", ["c8"])
    site.play("K@f1", ["f1"])
    site.page.reload()
    site.wait_ready()
    assert site.history() == ["K@c8", "K@f1"]
    press(site, site.page.locator("#library-link"))
    expect(rows(site)).to_have_count(1)
    record = export(site, rows(site).first)
    assert '[Game "lilypad"]' in record and "1. K@c8 K@f1" in record

    site.page.get_by_role("textbox", name="Game record").fill(RECORD)
    press(site, site.button("Import"))
    expect(site.page.locator("#game-view")).to_be_visible()
    site.wait_idle()
    assert site.history() == ["K@c8", "K@b1", "c8>e6", "b1>d1", "e6>h7", "d3-e4"]
    assert site.page.evaluate("scrollY") == 0  # an imported game opens at the top, on a phone too

    press(site, site.page.locator("#library-link"))
    expect(rows(site)).to_have_count(2)
    expect(rows(site).first).to_contain_text("Ann (Black) vs Bob (Green)")
    if arrival == "first":
        shot(site.page, f"ks-library-{'phone' if phone else 'desktop'}", full_page=True)
    for i in range(2):  # every button within its entry, on a phone too (they wrap)
        row = rows(site).nth(i).bounding_box()
        for button in rows(site).nth(i).get_by_role("button").all():
            box = button.bounding_box()
            assert box["x"] + box["width"] <= row["x"] + row["width"] + 0.5, f"{button.inner_text()} sticks out of its entry"
    older = rows(site).nth(1)
    delete = older.get_by_role("button", name="Delete", exact=False)
    name = delete.get_attribute("aria-label")
    press(site, delete)
    expect(rows(site)).to_have_count(1)
    assert site.saved_moves("lilypad") == [["K@c8", "K@b1", "c8>e6", "b1>d1", "e6>h7", "d3-e4"]]
    press(site, site.page.locator("#library-messages .message", has_text="Deleted: Lilypad, ").get_by_role("button", name="Undo"))
    expect(rows(site)).to_have_count(2)
    if not phone:  # the focus goes back to the Delete it undid, drawn again (not the page's first control)
        expect(site.page.get_by_role("button", name=name, exact=True)).to_be_focused()
    assert sorted(map(len, site.saved_moves("lilypad"))) == [2, 6]
    site.watch.assert_clean()


def test_two_tabs_never_overwrite_each_others_games(new_site):
    first = one_move_played(new_site)
    second = Site(first.page.context.new_page(), first.watch)  # a second tab of the same browser
    second.open()
    assert second.history() == ["K@c8"]  # the same saved game
    second.page.locator("#games button[data-game=three-crowns]").click()
    second.wait_idle()
    second.play("a1-b2", ["a1", "b2"])
    first.play("K@f1", ["f1"])  # the first tab plays on its own game meanwhile
    assert first.saved_moves("lilypad") == [["K@c8", "K@f1"]]
    assert first.saved_moves("three-crowns") == [["a1-b2"]]

    # Both tabs on the same game: the other tab is told and shows the latest moves.
    second.page.locator("#games button[data-game=lilypad]").click()
    second.wait_idle()
    assert second.history() == ["K@c8", "K@f1"]
    second.play("c6-d5", ["c6", "d5"])
    expect(first.page.locator("#messages")).to_contain_text("This game was played on in another tab")
    first.wait_idle()
    assert first.history() == ["K@c8", "K@f1", "c6-d5"]
    # A resignation in one tab ends the game in the other too.
    second.button("Resign").click()
    second.page.locator("#resign-yes").click()
    expect(second.page.locator("#result")).to_be_visible()
    expect(first.page.locator("#messages")).to_contain_text("This game was resigned in another tab.")
    expect(first.page.locator("#result-reason")).to_contain_text("resigned.")
    expect(first.page.locator("#result")).to_be_visible()
    # Undo in one tab to play on: the other tab plays on too (no result shown), and so does a reload.
    second.button("Undo").click()
    second.wait_idle()
    expect(second.page.locator("#result")).to_be_hidden()
    expect(first.page.locator("#review-note-text")).to_contain_text("Looking back at 1… K@f1 (the game has 2 moves).")
    expect(first.page.locator("#result")).to_be_hidden()
    expect(first.button("Resign")).to_be_enabled()
    second.page.reload()
    second.wait_ready()
    expect(second.page.locator("#result")).to_be_hidden()
    first.watch.assert_clean()


def test_moves_another_tab_saved_that_this_page_cannot_replay_are_kept_and_said(new_site):
    """A newer site in another tab plays on with a move this page does not know: the board keeps its
    game, the person is told the truth, and playing on never writes over the other tab's text."""
    first = one_move_played(new_site)
    first.play("K@b1", ["b1"])
    second = Site(first.page.context.new_page(), first.watch)
    second.open()
    key = ENTRY + second.page.evaluate("JSON.parse(localStorage.getItem('kings-and-soldiers/last')).current")
    theirs = second.page.evaluate(
        """k => { const e = JSON.parse(localStorage.getItem(k)); e.record.moves.push("c6-d5", "N@e4");
                  const text = JSON.stringify(e); localStorage.setItem(k, text); return text; }""",
        key,
    )
    expect(first.page.locator("#messages")).to_contain_text("Another tab saved this game with moves this page cannot replay")
    expect(first.page.locator("#messages")).not_to_contain_text("the board shows its latest moves")
    first.wait_idle()
    assert first.history() == ["K@c8", "K@b1"]
    first.play("c6-d5", ["c6", "d5"])
    assert stored(first, key) == theirs  # the other tab's text, as it wrote it
    assert sorted(map(len, first.saved_moves("lilypad"))) == [3, 4]  # this board's game saved apart, and theirs
    first.watch.assert_clean()


def test_a_damaged_library_entry_is_reported_and_the_rest_kept(new_site):
    site = one_move_played(new_site)
    site.page.evaluate("localStorage.setItem('kings-and-soldiers/game/broken', '{\"id\": \"broken\", \"record\": 5}')")
    site.page.reload()
    site.wait_ready()
    expect(site.page.locator("#messages")).to_contain_text("A saved game could not be read (it is not a game record)")
    assert site.history() == ["K@c8"]
    assert stored(site, "kings-and-soldiers/game/broken") == '{"id": "broken", "record": 5}'  # kept as it is
    site.page.reload()
    site.wait_ready()
    expect(site.page.locator("#messages .message")).to_have_count(0)  # told once; listed in the library
    open_library(site)
    expect(unreadable_items(site)).to_have_count(1)
    site.watch.assert_clean()


ENTRY = "kings-and-soldiers/game/"
RECORD = """\
[Game "lilypad"]
[Date "2026-11-20"]
[Black "Ann"]
[Green "Bob"]
[Event "club night"]

{Both Kings go in first.}
1. K@c8 K@b1 2. c8>e6 {a long first flight} b1>d1
3. e6>h7 d3-e4 {Black resigns} 0-1
"""


def one_move_played(new_site):
    """A site in a fresh browser whose game has one move: one entry in the library."""
    site = new_site()
    site.open()
    site.play("K@c8", ["c8"])
    return site


def stored(site, key):
    return site.page.evaluate("k => localStorage.getItem(k)", key)


def entry_keys(site):
    return site.page.evaluate(f"() => Object.keys(localStorage).filter(k => k.startsWith('{ENTRY}')).sort()")


def unreadable_items(site):
    return site.page.locator("#library-list .unreadable-list li")


def export(site, row):
    with site.page.expect_download() as download:
        row.get_by_role("button", name="Export", exact=False).click()
    return open(download.value.path()).read()


def fill_storage(page):
    """Fill the origin's localStorage to its quota (as a full disk or a greedy page would)."""
    return page.evaluate(
        """() => {
          let chunk = "x".repeat(1 << 20), i = 0;
          while (chunk.length) {
            try { localStorage.setItem(`filler/${i++}`, chunk); } catch { chunk = chunk.slice(0, chunk.length >> 1); }
          }
          try { localStorage.setItem("filler/probe", "x"); return false; } catch { return true; }
        }"""
    )


def test_a_reload_on_the_library_lists_the_saved_games(new_site):
    site = one_move_played(new_site)
    open_library(site)
    expect(rows(site)).to_have_count(1)
    site.page.reload()
    site.wait_ready()
    expect(rows(site)).to_have_count(1)
    expect(site.page.locator("#library-list")).not_to_contain_text("No saved games yet")
    expect(rows(site).get_by_role("button", name="On the board", exact=False)).to_be_disabled()
    site.watch.assert_clean()


def test_a_game_is_listed_once_it_has_a_move(new_site):
    """A new game at the start (the board's state, kept for a return) is not a game in the list;
    and New game on it takes its place instead of leaving empty games behind."""
    site = new_site()
    site.open()
    page = site.page
    page.locator("#games button[data-game=lion]").click()
    expect(page.locator("#title")).to_have_text("The Lion Game")
    site.wait_idle()
    open_library(site)
    expect(page.locator("#library-list")).to_have_text("No saved games yet.")
    page.locator("#library-back").click()
    expect(page.locator("#title")).to_have_text("The Lion Game")
    site.wait_idle()
    for _ in range(2):
        site.button("New game").click()
        site.wait_idle()
    site.play("b3-b4", ["b3", "b4"])
    assert site.saved_moves("lion") == [["b3-b4"]]
    open_library(site)
    expect(rows(site)).to_have_count(1)
    expect(rows(site).first).to_contain_text("The Lion Game")
    expect(rows(site).first.locator("td").nth(3)).to_have_text("1 move")
    site.watch.assert_clean()


def test_a_game_saved_with_any_date_is_exported(new_site):
    site = one_move_played(new_site)
    [key] = entry_keys(site)
    # An older game, saved by another version of the site with a date written its own way.
    site.page.evaluate(
        "k => { const e = JSON.parse(localStorage.getItem(k)); e.id = 'older'; e.updated = e.created = '2026/11/20';"
        " localStorage.setItem('kings-and-soldiers/game/older', JSON.stringify(e)); }",
        key,
    )
    site.page.reload()
    site.wait_ready()
    open_library(site)
    expect(rows(site)).to_have_count(2)
    record = export(site, rows(site).nth(1))
    assert '[Date "2026-11-20"]' in record and "1. K@c8" in record
    site.watch.assert_clean()


def test_an_imported_record_keeps_its_players_date_comments_and_result(new_site):
    site = new_site(viewport={"width": 1280, "height": 800})
    site.open()
    site.play("K@c8", ["c8"])
    [key] = entry_keys(site)
    # A long library (40 older games), scrolled down to the import form.
    site.page.evaluate(
        "k => { const e = JSON.parse(localStorage.getItem(k)); for (let i = 0; i < 40; i++)"
        " localStorage.setItem(`kings-and-soldiers/game/old${i}`, JSON.stringify({ ...e, id: `old${i}`, updated: '2026-01-01T10:00:00.000Z' })); }",
        key,
    )
    site.page.reload()
    site.wait_ready()
    open_library(site)
    site.page.get_by_role("textbox", name="Game record").fill(RECORD)
    site.page.evaluate("() => scrollTo(0, document.body.scrollHeight)")
    assert site.page.evaluate("scrollY") > 0
    site.button("Import").click()
    expect(site.page.locator("#game-view")).to_be_visible()
    site.wait_idle()
    assert site.page.evaluate("scrollY") == 0  # the game opens at the top, not at the library's scroll
    assert site.history() == ["K@c8", "K@b1", "c8>e6", "b1>d1", "e6>h7", "d3-e4"]
    # The record's declared result (Black resigned): the game is over here too, and after a reload.
    expect(site.page.locator("#result-title")).to_have_text("Green wins")
    expect(site.page.locator("#result-reason")).to_have_text("The game ended off the board, as its record says.")
    site.page.reload()
    site.wait_ready()
    expect(site.page.locator("#result-title")).to_have_text("Green wins")
    expect(site.page.locator("#turn")).to_be_hidden()

    open_library(site)
    imported = rows(site).first
    expect(imported.locator("td").nth(1)).to_have_text("Ann (Black) vs Bob (Green)")
    expect(imported.locator("td").nth(2)).to_contain_text("2026")
    expect(imported.locator("td").nth(2)).to_contain_text("20")
    expect(imported.locator("td").nth(3)).to_have_text("3 moves")
    expect(imported.locator("td").nth(4)).to_have_text("Green wins")
    record = export(site, imported)
    for part in ['[Date "2026-11-20"]', '[Black "Ann"]', '[Green "Bob"]', '[Event "club night"]', '[Result "0-1"]', "{Both Kings go in first.}", "{a long first flight}", "{Black resigns}"]:
        assert part in record, (part, record)
    assert record.rstrip().endswith("0-1")

    # A note is about the last thing done: the next message replaces it, and it goes by itself.
    note = site.page.locator("#library-messages .message", has_text="downloaded")
    expect(note).to_have_count(1)
    expect(note).to_have_count(0, timeout=15_000)

    # An illegal move is told in plain words, without a position string.
    site.page.get_by_role("textbox", name="Game record").fill('[Game "lilypad"]\n\n1. K@c8 K@zz *')
    site.button("Import").click()
    failure = site.page.locator("#library-view .record-form").get_by_role("alert")
    expect(failure).to_contain_text("move 1 (Green) 'K@zz' is not a legal move there")
    assert "/" not in failure.inner_text()
    site.watch.assert_clean()


def test_another_tabs_unreadable_entry_is_never_removed(new_site):
    first = one_move_played(new_site)
    [mine] = entry_keys(first)
    # A second tab of the same browser (a newer site, say), settled first: a tab still opening the
    # game when the text changes under it keeps its copy under a new key (save in game.js).
    tab = Site(first.page.context.new_page(), first.watch)
    tab.open()
    second = tab.page
    newer = json.dumps({"id": "newer", "record": {"game": "chess", "variant": None, "start": None, "moves": ["e4"]}})
    half = '{"id": "' + mine[len(ENTRY):] + '", "record": {"game": "lilypad", "mo'
    second.evaluate("([k, v]) => localStorage.setItem(k, v)", [ENTRY + "newer", newer])
    second.evaluate("([k, v]) => localStorage.setItem(k, v)", [mine, half])
    second.close()
    expect(first.page.locator("#messages")).to_contain_text("Another tab saved this game in a form this page cannot read")
    first.play("K@f1", ["f1"])  # played on: saved as a new game, the other tab's text left alone
    assert stored(first, ENTRY + "newer") == newer
    assert stored(first, mine) == half
    assert first.saved_moves("lilypad") == [["K@c8", "K@f1"]]

    open_library(first)
    expect(rows(first)).to_have_count(1)
    expect(unreadable_items(first)).to_have_count(2)
    expect(first.page.locator("#library-list .unreadable")).to_contain_text("a game this version of the site does not have")
    item = unreadable_items(first).filter(has_text="not readable data")
    item.locator("summary").click()
    expect(item.get_by_role("textbox")).to_have_value(half)
    item.get_by_role("button", name="Delete", exact=False).click()  # the person's own choice, with Undo
    expect(unreadable_items(first)).to_have_count(1)
    assert stored(first, mine) is None
    first.page.locator("#library-messages .message").get_by_role("button", name="Undo").click()
    expect(unreadable_items(first)).to_have_count(2)
    assert stored(first, mine) == half
    first.watch.assert_clean()


def test_hundreds_of_damaged_entries_with_the_storage_full_are_all_kept(new_site):
    site = one_move_played(new_site)
    damaged = {f"{ENTRY}d{i}": f'{{"id": "d{i}", "record": {{"game": "lilypad", "moves": [{i}]}}}}' for i in range(300)}
    site.page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", damaged)
    assert fill_storage(site.page)
    site.page.reload()
    site.wait_ready()
    expect(site.page.locator("#messages")).to_contain_text("300 saved texts could not be read")
    assert site.history() == ["K@c8"]
    site.play("K@f1", ["f1"])
    kept = site.page.evaluate("keys => keys.map(k => localStorage.getItem(k))", list(damaged))
    assert kept == list(damaged.values())

    site.page.locator("#messages .message", has_text="300 saved texts").get_by_role("button", name="Show them").click()
    expect(site.page.locator("#library-view")).to_be_visible()
    expect(unreadable_items(site)).to_have_count(300)
    with site.page.expect_download() as download:
        site.page.get_by_role("button", name="Download all").click()
    text = open(download.value.path()).read()
    assert all(v in text for v in damaged.values())
    shot(site.page, "ks-library-unreadable")
    site.watch.assert_clean()


def test_a_record_file_dropped_on_the_board_is_imported(new_site):
    """A record file dropped anywhere on the page, here on the game's board before the library was
    ever opened, opens as a new game and is kept in the library; the page never leaves the site."""
    site = new_site()
    site.open()
    site.play("K@c8", ["c8"])
    files = site.page.evaluate_handle(
        "text => { const t = new DataTransfer(); t.items.add(new File([text], 'game.txt', { type: 'text/plain' })); return t; }",
        RECORD,
    )
    site.page.dispatch_event("#board", "drop", {"dataTransfer": files})
    expect(site.page.locator("#moves .mv").filter(has_not_text="…")).to_have_count(6)
    site.wait_idle()
    assert site.history() == ["K@c8", "K@b1", "c8>e6", "b1>d1", "e6>h7", "d3-e4"]
    assert "/index.html#" in site.page.url  # still the site, not the file shown by the browser
    open_library(site)
    expect(rows(site)).to_have_count(2)  # the game before is kept
    site.watch.assert_clean()


LION = '[Game "lion"]\n\n1. b3-b4 *\n'
ILLEGAL = '[Game "lilypad"]\n\n1. K@c8 K@zz *\n'


def record_files(page, files: dict[str, str]):
    """A DataTransfer of text files, as a person drags them from a folder."""
    return page.evaluate_handle(
        "files => { const t = new DataTransfer(); for (const [name, text] of Object.entries(files))"
        " t.items.add(new File([text], name, { type: 'text/plain' })); return t; }",
        files,
    )


@pytest.mark.parametrize("phone", [False, True], ids=["dropped-desktop", "chosen-phone"])
def test_several_record_files_at_once_are_each_imported_and_a_bad_one_said(arrive, phone):
    """Record files dropped on the library at once (on a desktop) or chosen at once (on a phone): each
    is imported in turn; the bad one among them is said, by its file's name, and the good ones kept."""
    site = arrive("first", phone=phone)
    site.play("K@c8", ["c8"])
    press(site, site.page.locator("#library-link"))
    expect(rows(site)).to_have_count(1)
    files = {"club.txt": RECORD, "broken.txt": ILLEGAL, "lion.txt": LION}
    if phone:
        chooser = site.page.locator("#import-form input[type=file]")
        chooser.set_input_files([{"name": n, "mimeType": "text/plain", "buffer": t.encode()} for n, t in files.items()])
    else:
        site.page.dispatch_event("#library-view", "drop", {"dataTransfer": record_files(site.page, files)})
    # The last good one is on the board; the bad one is said, by name, with why.
    expect(site.page.locator("#game-view")).to_be_visible()
    expect(site.page.locator("#title")).to_have_text("The Lion Game")
    site.wait_idle()
    assert site.history() == ["b3-b4"]
    said = site.page.locator("#messages .message.error")
    expect(said).to_contain_text("2 of the 3 files were imported. The file broken.txt could not be imported:")
    expect(said).to_contain_text("move 1 (Green) 'K@zz' is not a legal move there")
    shot(site.page, f"ks-import-several-{'phone' if phone else 'desktop'}")
    press(site, site.page.locator("#library-link"))
    expect(rows(site)).to_have_count(3)  # the game before, and the two good records
    expect(rows(site).nth(0)).to_contain_text("The Lion Game")
    expect(rows(site).nth(1)).to_contain_text("Ann (Black) vs Bob (Green)")
    assert sorted(map(len, site.saved_moves("lilypad"))) == [1, 6]
    site.watch.assert_clean()


def test_undo_of_a_delete_never_overwrites_a_game_saved_again_in_another_tab(new_site):
    """A game deleted here and played on in another tab since: Undo leaves the other tab's newer game
    as it is and says so. And an Undo the storage refuses shows the game's text, to copy."""
    first = one_move_played(new_site)  # game X: K@c8
    second = Site(first.page.context.new_page(), first.watch)  # a second tab, on the same game
    second.open()
    assert second.history() == ["K@c8"]
    first.button("New game").click()
    first.wait_idle()
    first.play("K@a8", ["a8"])  # game Y, on the first tab's board
    open_library(first)
    expect(rows(first)).to_have_count(2)
    x = rows(first).filter(has_not=first.page.locator("button[disabled]"))  # the game not on this board
    x.get_by_role("button", name="Delete", exact=False).click()
    expect(rows(first)).to_have_count(1)
    undo = first.page.locator("#library-messages .message", has_text="Deleted: Lilypad, ").get_by_role("button", name="Undo")
    expect(second.page.locator("#messages")).to_contain_text("This game was deleted in another tab")
    second.play("K@f1", ["f1"])  # played on there: saved again
    expect(rows(first)).to_have_count(2)  # the first tab's list follows
    undo.click()
    said = first.page.locator("#library-messages")
    expect(said).to_contain_text("That game was saved again in another tab after it was deleted here")
    shot(first.page, "ks-undo-saved-again")
    expect(rows(first)).to_have_count(2)
    assert sorted(first.saved_moves("lilypad")) == [["K@a8"], ["K@c8", "K@f1"]]  # the newer save, not the deleted one
    expect(x.locator("td").nth(4)).to_have_text("In progress")
    second.page.close()

    # The storage full when Undo puts the game back: its text is shown, to copy.
    x.get_by_role("button", name="Delete", exact=False).click()
    expect(rows(first)).to_have_count(1)
    assert fill_storage(first.page)
    first.page.locator("#library-messages .message", has_text="Deleted: Lilypad, ").get_by_role("button", name="Undo").click()
    refused = said.locator(".message.error")
    expect(refused).to_contain_text("The deleted game could not be put back: the browser's storage is full. Its text is below, to copy.")
    refused.locator("summary").click()
    text = json.loads(refused.get_by_role("textbox", name="The text").input_value())
    assert text["record"]["moves"] == ["K@c8", "K@f1"]
    shot(first.page, "ks-undo-refused")
    first.page.set_viewport_size({"width": 390, "height": 844})
    shot(first.page, "ks-undo-refused-phone")
    first.watch.assert_clean()


LONG_NAMES = """\
[Game "lilypad"]
[White "Alexandra Longname-Smithson"]
[Black "Bartholomew Extraordinarily-Long"]

1. K@c8 K@b1 2. c8>e6 b1>d1 3. e6>h7 d3-e4 0-1
"""


def test_the_library_never_scrolls_sideways(new_site):
    """From a small phone to a desktop (a tablet held upright among them), the list of games fits the
    screen: no sideways scrolling, and every game's buttons in reach."""
    site = new_site()
    site.open()
    site.choose_players("Play Black vs computer", 1)
    site.play("K@c8", ["c8"])
    open_library(site)
    site.page.get_by_role("textbox", name="Game record").fill(LONG_NAMES)
    site.button("Import").click()
    expect(site.page.locator("#game-view")).to_be_visible()
    site.wait_idle()
    open_library(site)
    expect(rows(site)).to_have_count(2)
    for width in (320, 390, 600, 768, 1024, 1280):
        site.page.set_viewport_size({"width": width, "height": 900})
        scroll, inner = site.page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
        assert scroll <= inner, f"the library scrolls sideways at {width} px: {scroll} px wide"
        rights = rows(site).get_by_role("button").evaluate_all("els => els.map(e => e.getBoundingClientRect().right)")
        assert len(rights) == 8 and max(rights) <= inner, f"a game's button is cut off at {width} px: {rights}"
        shot(site.page, f"ks-library-{width}", full_page=True)
    site.watch.assert_clean()
