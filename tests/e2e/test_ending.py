"""The end of a game explains itself: who won and why, "You won" / "You lost" against the computer,
Rematch (also with sides switched) and Review; the person's side is at the bottom of the board."""

from __future__ import annotations

from playwright.sync_api import expect
from site_driver import shot

BLACK_WINS_IN_ONE = "8/8/8/8/8/1b6/4B3/1g1g3g b -"  # the Black King e2 steps home to f1


def black_at_bottom(site) -> bool:
    return site.square("a8").bounding_box()["y"] > site.square("b1").bounding_box()["y"]


def test_a_game_against_the_computer_ends_with_its_reason_and_a_rematch(new_site):
    site = new_site()
    site.open()
    players = site.page.get_by_label("Players")
    players.select_option(label="Play Black vs computer")
    assert black_at_bottom(site)  # the person's side is turned to the bottom

    site.load_position(BLACK_WINS_IN_ONE)
    site.play("e2-f1", ["e2", "f1"])
    expect(site.page.locator("#result-title")).to_have_text("You won!")
    expect(site.page.locator("#result-reason")).to_have_text("Black's King reached its last row (rank 1), so Black wins.")
    assert site.marks("win") == {"f1"}
    shot(site.page, "ks-you-won")

    site.button("Review").click()
    site.wait_idle()
    assert site.history() == [] and site.line() == ["e2-f1"]
    # Looking back does not make the game unfinished: the result stays, in the library and after a reload.
    expect(site.page.locator("#result")).to_be_visible()
    expect(site.page.locator("#result-title")).to_have_text("You won!")
    site.page.locator("#library-link").click()
    expect(site.page.locator("#library-list tbody tr").first).to_contain_text("Black wins")
    site.page.go_back()
    site.page.reload()
    site.wait_ready()
    assert site.history() == [] and site.line() == ["e2-f1"]
    expect(site.page.locator("#result")).to_be_visible()
    expect(site.page.locator("#result-title")).to_have_text("You won!")
    expect(site.page.locator("#turn")).to_contain_text("Black to move")  # the position shown
    site.page.keyboard.press("End")
    site.wait_idle()
    expect(site.page.locator("#result-title")).to_have_text("You won!")

    site.button("Rematch").click()
    site.wait_idle()
    assert site.line() == [] and site.pieces()["c8"] == "b"
    expect(site.page.locator("#result")).to_be_hidden()
    expect(players).to_have_value("play-0")

    site.load_position(BLACK_WINS_IN_ONE)
    site.play("e2-f1", ["e2", "f1"])
    site.button("Rematch, sides switched").click()
    expect(players).to_have_value("play-1")
    assert not black_at_bottom(site)
    # The computer now plays Black, which moves first: it drops its King.
    expect(site.page.locator("#moves .mv").filter(has_not_text="…")).to_have_count(1, timeout=30_000)
    site.wait_idle()
    assert site.history()[0].startswith("K@")
    site.watch.assert_clean()


def test_a_lost_game_says_so(new_site):
    site = new_site()
    site.open()
    site.choose_players("Play Green vs computer")
    site.load_position(BLACK_WINS_IN_ONE)  # Black, the computer, is to move and wins at once
    expect(site.page.locator("#result-title")).to_have_text("You lost", timeout=30_000)
    expect(site.page.locator("#result-reason")).to_have_text("Black's King reached its last row (rank 1), so Black wins.")
    site.page.set_viewport_size({"width": 390, "height": 844})
    shot(site.page, "ks-you-lost-phone", full_page=True)
    site.watch.assert_clean()


def test_between_two_people_the_side_to_move_resigns_and_a_new_line_plays_on(new_site):
    site = new_site()
    site.open()
    site.choose_players("Two players")
    site.wait_idle()
    site.play("K@c8", ["c8"])
    site.button("Resign").click()
    site.page.locator("#resign-yes").click()
    expect(site.page.locator("#result-title")).to_have_text("Black wins by resignation")
    expect(site.page.locator("#result-reason")).to_have_text("Green resigned.")
    expect(site.page.locator("#turn")).to_be_hidden()
    # Shared, the game opens ended as it did, elsewhere (a new browser).
    site.button("Share").click()
    link = site.page.locator("#share-link").input_value()
    assert link.endswith("#game=lilypad&moves=K%40c8&resigned=g")
    friend = new_site()
    friend.open(link[link.index("#"):])
    expect(friend.page.locator("#result-title")).to_have_text("Black wins by resignation")
    expect(friend.page.locator("#result-reason")).to_have_text("Green resigned.")
    assert friend.history() == ["K@c8"]
    friend.page.context.close()
    # Looking back keeps the result; Undo takes the move back to play on, and a different move
    # there starts a new line.
    site.page.keyboard.press("Home")
    site.wait_idle()
    expect(site.page.locator("#result")).to_be_visible()
    site.page.keyboard.press("End")
    site.wait_idle()
    site.button("Undo").click()
    site.wait_idle()
    expect(site.page.locator("#result")).to_be_hidden()
    site.play("K@a8", ["a8"])
    expect(site.page.locator("#result")).to_be_hidden()
    expect(site.button("Resign")).to_be_enabled()
    assert site.line() == ["K@a8"]
    site.watch.assert_clean()


def test_after_undo_the_person_may_resign_where_the_board_went_back_and_undo_brings_the_moves_back(new_site):
    """Undo to play on from an earlier move is the person's turn in a live game: Resign is offered
    there. The game ends at that move; the moves taken back are kept, and Undo brings them back."""
    site = new_site()
    site.open()
    site.choose_players("Two players")
    site.wait_idle()
    site.play("K@c8", ["c8"])
    site.play("K@f1", ["f1"])
    site.button("Undo").click()
    site.wait_idle()
    expect(site.page.locator("#review-note-text")).to_have_text("Looking back at 1. K@c8 (the game has 1 move). A move played here starts a new line.")
    expect(site.button("Resign")).to_be_enabled()
    site.button("Resign").click()
    site.page.locator("#resign-yes").click()
    expect(site.page.locator("#result-title")).to_have_text("Black wins by resignation")
    assert site.line() == ["K@c8"]
    site.page.reload()
    site.wait_ready()
    expect(site.page.locator("#result-title")).to_have_text("Black wins by resignation")
    site.button("Undo").click()
    site.wait_idle()
    expect(site.page.locator("#result")).to_be_hidden()
    site.watch.assert_clean()

