"""Play a friend by link, with no server: two browsers pass links back and forth; each library keeps
one entry for the game (matched by the game's id), an older link keeps the newer game, a tampered
link is explained and nothing is lost."""

from __future__ import annotations

import re

from playwright.sync_api import expect

BLACK_WINS_IN_ONE = "8/8/8/8/8/1b6/4B3/1g1g3g b -"


def test_a_correspondence_game_between_two_browsers(new_site):
    ann, bob = new_site(), new_site()
    ann.open()
    ann.choose_players("Play Black with a friend, by link")
    ann.play("K@c8", ["c8"])
    expect(ann.page.locator("#friend-note")).to_contain_text("It is Green's turn")
    assert ann.above("a1", "a8")  # Black, Ann's side, at the bottom
    first = ann.friend_link()
    assert len(first) < 200

    bob.open()
    bob.page.locator("#games button[data-game=lion]").click()  # Bob has a game of his own in progress
    bob.wait_idle()
    bob.play("b3-b4", ["b3", "b4"])
    bob.open(first)  # the link opened in the same tab
    expect(bob.page.get_by_label("Players")).to_have_value("friend-1")  # Bob plays Green, whose turn it is
    bob.wait_idle()
    assert bob.above("a8", "a1")  # Green, Bob's side, at the bottom
    assert bob.saved_moves("lion") == [["b3-b4"]]  # his own game is kept in the library
    assert bob.history() == ["K@c8"]
    assert bob.last_move_squares() == {"c8"}
    bob.click("c8")  # not Bob's side: nothing to move
    assert bob.dests() == set()
    bob.play("K@f1", ["f1"])
    second = bob.friend_link()

    ann.open(second)
    assert ann.history() == ["K@c8", "K@f1"]
    assert ann.saved_moves("lilypad") == [["K@c8", "K@f1"]]  # one entry, updated: no copies
    expect(ann.button("Undo")).to_be_disabled()  # Bob's move is his: it cannot be taken back
    expect(ann.button("Undo")).to_have_attribute("title", "Your friend's move cannot be taken back")
    ann.play("c6-d5", ["c6", "d5"])
    ann.button("Undo").click()  # her own move, not sent yet: back to her turn, to play another
    ann.wait_idle()
    assert ann.history() == ["K@c8", "K@f1"]
    expect(ann.page.locator("#turn")).to_contain_text("Black to move")
    ann.play("c6-d5", ["c6", "d5"])

    # Bob opens his own older link again: his newer game is kept.
    bob.open(first)
    expect(bob.page.locator("#messages")).to_contain_text("That link is older than the game you have (1 move, yours has 2)")
    bob.wait_idle()
    assert bob.history() == ["K@c8", "K@f1"]

    # A tampered link is explained; the game stays.
    third = ann.friend_link()
    tampered = third[:-3] + ("AAA" if not third.endswith("AAA") else "BBB")
    bob.dismiss_messages()
    bob.open(tampered)
    expect(bob.page.locator("#messages .message")).to_contain_text("That link could not be opened")
    bob.wait_idle()
    assert bob.history() == ["K@c8", "K@f1"]
    ann.watch.assert_clean()
    bob.watch.assert_clean()


def test_a_friend_game_to_its_end(new_site):
    ann, bob = new_site(), new_site()
    ann.open()
    ann.choose_players("Play Black with a friend, by link")
    ann.load_position(BLACK_WINS_IN_ONE)
    ann.play("e2-f1", ["e2", "f1"])
    expect(ann.page.locator("#result-title")).to_have_text("You won!")
    link = ann.friend_link()
    expect(ann.page.locator("#friend-note")).to_contain_text("The game is over")
    bob.open(link)
    assert bob.history() == ["e2-f1"]
    expect(bob.page.locator("#result-title")).to_have_text("You lost")
    expect(bob.page.locator("#result-reason")).to_have_text("Black's King reached its last row (rank 1), so Black wins.")
    ann.watch.assert_clean()
    bob.watch.assert_clean()


def test_the_player_who_moves_second_invites_at_once(new_site):
    """Ann takes Green (who moves second): the invitation is there at once, and Share gives it too."""
    ann, bob = new_site(), new_site()
    ann.open()
    ann.choose_players("Play Green with a friend, by link")
    expect(ann.page.locator("#friend-note")).to_contain_text("invite your friend: they play Black and move first")
    invitation = ann.friend_link()
    ann.button("Share").click()
    expect(ann.page.locator("#share-box")).to_be_hidden()  # not a plain link to the game: the invitation
    expect(ann.page.locator("#friend-box")).to_be_visible()
    expect(ann.page.locator("#friend-link")).to_have_value(re.compile(re.escape(invitation) + "$"))

    bob.open(invitation)
    expect(bob.page.get_by_label("Players")).to_have_value("friend-0")  # Bob plays Black, who moves first
    assert bob.above("a1", "a8")  # Black, Bob's side, at the bottom
    bob.play("K@c8", ["c8"])
    reply = bob.friend_link()
    ann.open(reply)
    assert ann.history() == ["K@c8"]
    ann.play("K@f1", ["f1"])
    expect(ann.page.locator("#friend-note")).to_contain_text("It is Black's turn")
    ann.watch.assert_clean()
    bob.watch.assert_clean()


def test_the_player_who_moves_first_may_invite_before_moving(new_site):
    """Ann takes Black (who moves first) and sends the invitation at once: Bob gets Green, and waits."""
    ann, bob = new_site(), new_site()
    ann.open()
    ann.choose_players("Play Black with a friend, by link")
    expect(ann.page.locator("#friend-note")).to_contain_text("invite your friend: they play Green.")
    invitation = ann.friend_link()
    bob.open(invitation)
    expect(bob.page.get_by_label("Players")).to_have_value("friend-1")  # Green, as Ann's invitation says
    bob.click("c8")  # Black's move: not Bob's to make
    assert bob.dests() == set()
    assert bob.history() == []

    ann.play("K@c8", ["c8"])
    link = ann.friend_link()
    bob.open(link)
    bob.play("K@f1", ["f1"])
    assert bob.saved_moves("lilypad") == [["K@c8", "K@f1"]]  # one entry: the invitation's game, continued
    ann.watch.assert_clean()
    bob.watch.assert_clean()


def test_the_analysis_board_waits_for_the_end_of_a_game_with_a_friend(new_site):
    """Against a friend the engine does not help: no Hint, no evaluation, and Analyse (which opened
    the game on the analysis board, the engine thinking) waits, saying why, in the game view and in
    the library, until the game is over; then it opens the game."""
    ann = new_site()
    ann.open()
    page = ann.page
    ann.choose_players("Play Black with a friend, by link")
    ann.play("K@c8", ["c8"])
    analyse = ann.button("Analyse")
    waits = "The analysis board opens when the game with your friend is over"
    expect(analyse).to_be_disabled()
    expect(analyse).to_have_attribute("title", waits)
    expect(ann.button("Hint")).to_be_hidden()
    page.get_by_role("link", name="Your games").click()
    in_library = page.locator("#library-view .library-table button", has_text=re.compile("^Analyse$"))
    expect(in_library).to_be_disabled()
    expect(in_library).to_have_attribute("title", waits)
    page.go_back()
    expect(page.locator("#game-view")).to_be_visible()

    ann.load_position(BLACK_WINS_IN_ONE)
    expect(analyse).to_be_disabled()  # a game in play still
    ann.play("e2-f1", ["e2", "f1"])
    expect(page.locator("#result-title")).to_have_text("You won!")
    expect(analyse).to_be_enabled()
    expect(analyse).to_have_attribute("title", "Open the position shown on the analysis board")
    ann.press("Analyse")
    expect(page.locator("#analysis-view")).to_be_visible()
    expect(page.locator("#analysis-moves .mv")).to_have_text(["e2-f1"])
    expect(page.locator("#analysis-turn")).to_contain_text("Black wins")
    page.get_by_role("link", name="Your games").click()
    expect(in_library.first).to_be_enabled()
    ann.watch.assert_clean()
