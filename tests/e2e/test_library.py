"""The games library: every game kept (New game keeps the old one), listed, opened, analysed, deleted
with an undo, exported and imported as a record; two tabs never overwrite each other's games."""

from __future__ import annotations

from playwright.sync_api import expect

from site_driver import Site


def rows(site):
    return site.page.locator("#library-list tbody tr")


def open_library(site):
    site.page.locator("#library-link").click()
    expect(site.page.locator("#library-view")).to_be_visible()


def test_new_game_keeps_the_old_one_and_the_library_opens_it(new_site):
    site = new_site()
    site.open()
    site.play("K@c8", ["c8"])
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
    expect(older.locator("td").nth(3)).to_have_text("2 moves")
    expect(older).to_contain_text("In progress")
    site.page.screenshot(path="/tmp/ks-library.png", full_page=True)
    site.page.set_viewport_size({"width": 390, "height": 844})
    site.page.screenshot(path="/tmp/ks-library-phone.png", full_page=True)
    site.page.set_viewport_size({"width": 1280, "height": 900})

    # Analyse: the older game on the analysis board at its last move; the game on the board stays.
    older.get_by_role("button", name="Analyse", exact=False).click()
    expect(site.page.locator("#analysis-view")).to_be_visible()
    expect(site.page.locator("#analysis-moves .mv.current")).to_have_text("K@f1")
    assert site.page.locator("#analysis-moves .line > .mv").all_inner_texts() == ["K@c8", "K@f1"]
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


def test_delete_with_undo_export_and_import(new_site):
    site = new_site()
    site.open()
    site.play("K@c8", ["c8"])
    site.play("K@f1", ["f1"])
    site.page.locator("#games button[data-game=lion]").click()
    site.wait_idle()
    site.play("b3-b4", ["b3", "b4"])
    open_library(site)
    expect(rows(site)).to_have_count(2)
    lilypad = rows(site).filter(has_text="Lilypad")

    with site.page.expect_download() as download:
        lilypad.get_by_role("button", name="Export", exact=False).click()
    record = open(download.value.path()).read()
    assert '[Game "lilypad"]' in record and "1. K@c8 K@f1" in record

    lilypad.get_by_role("button", name="Delete", exact=False).click()
    expect(rows(site)).to_have_count(1)
    site.page.locator("#library-messages .message", has_text="Deleted the Lilypad game").get_by_role("button", name="Undo").click()
    expect(rows(site)).to_have_count(2)

    site.page.get_by_role("textbox", name="Game record").fill(record.replace("K@f1", "K@f1 c6-d5"))
    site.button("Import").click()
    expect(site.page.locator("#game-view")).to_be_visible()
    site.wait_idle()
    assert site.history() == ["K@c8", "K@f1", "c6-d5"]
    assert sorted(map(len, site.saved_moves("lilypad"))) == [2, 3]

    open_library(site)
    site.page.get_by_role("textbox", name="Game record").fill('[Game "lilypad"]\n\n1. K@c8 K@zz *')
    site.button("Import").click()
    failure = site.page.locator("#library-view .record-form").get_by_role("alert")
    expect(failure).to_contain_text("That record could not be imported")
    expect(failure).to_contain_text("K@zz")
    expect(rows(site)).to_have_count(3)
    site.watch.assert_clean()


def test_two_tabs_never_overwrite_each_others_games(new_site):
    first = new_site()
    first.open()
    first.play("K@c8", ["c8"])
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
    first.watch.assert_clean()


def test_a_damaged_library_entry_is_reported_and_the_rest_kept(new_site):
    site = new_site()
    site.open()
    site.play("K@c8", ["c8"])
    site.page.evaluate("localStorage.setItem('kings-and-soldiers/game/broken', '{\"id\": \"broken\", \"record\": 5}')")
    site.page.reload()
    site.wait_ready()
    expect(site.page.locator("#messages")).to_contain_text("A saved game could not be read (it is not a game record)")
    assert site.history() == ["K@c8"]
    site.watch.assert_clean()
