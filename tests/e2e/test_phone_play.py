"""Every way to play, on a phone (390x844, touch, taps): against the computer in each game, two people
on one phone, and a friend by link. After every move and every reply the whole board is on the
screen, exactly where it was: the page never scrolls by itself and nothing above the board moves.

Arrivals (conftest.py): each journey runs in every arrival (a first, a returning and an offline
visit, where Python is restored from the memory snapshot and the files come from the service
worker); against the computer, every game on a first visit and Lilypad in the others."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import pygame_rules

from conftest import ARRIVALS
from site_driver import shot

GAMES = ["lilypad", "three-crowns", "lion"]
# Every game on a first visit; one game in the other arrivals (what they change is how Python
# started and where the files came from, the same for every game).
VS_COMPUTER = [(game, "first") for game in GAMES] + [("lilypad", arrival) for arrival in ARRIVALS[1:]]


def tap_a_move(site, game: str) -> str:
    """Tap the first legal move of the position shown (its whole path, then its last square again
    if the board offers to go on); return its text."""
    page = site.page
    position = pygame_rules.load(game, page.locator("#position-text").text_content())
    move = position.legal()[0]
    before = len(site.history())
    for square in move.path:
        site.click(square)  # a tap
    if move.path[-1] in site.stop_squares():
        site.click(move.path[-1])
    expect(page.locator("#moves .mv").filter(has_not_text="…").nth(before)).to_have_text(move.text)
    return move.text


def choose_game(site, game: str) -> None:
    if site.page.locator("#title").text_content() != pygame_rules.start(game).title:
        site.page.locator(f"#games button[data-game={game}]").tap()
    expect(site.page.locator("#title")).to_have_text(pygame_rules.start(game).title)
    site.wait_idle()


@pytest.mark.parametrize(("game", "arrival"), VS_COMPUTER)
def test_against_the_computer_on_a_phone(arrive, game, arrival):
    site = arrive(arrival, phone=True)
    choose_game(site, game)
    first = pygame_rules.start(game).info()["sides"][0]["name"]
    site.choose_players(f"Play {first} vs computer")
    site.wait_idle()
    seen = site.assert_board_in_view()
    for turn in range(3):
        tap_a_move(site, game)
        site.assert_board_in_view(seen)
        expect(site.page.locator("#moves .mv").filter(has_not_text="…")).to_have_count(2 * turn + 2)  # the reply
        site.wait_idle()
        site.assert_board_in_view(seen)
        assert site.page.evaluate("scrollY") == 0
    shot(site.page, f"ks-phone-{game}-vs-computer-{arrival}")
    site.watch.assert_clean()


@pytest.mark.parametrize("arrival", ARRIVALS)
def test_two_people_on_one_phone(arrive, arrival):
    site = arrive(arrival, phone=True)
    site.choose_players("Two players")
    site.wait_idle()
    seen = site.assert_board_in_view()
    for _ in range(6):
        tap_a_move(site, "lilypad")
        site.wait_idle()
        site.assert_board_in_view(seen)
    site.watch.assert_clean()


@pytest.mark.parametrize("arrival", ARRIVALS)
def test_a_friend_game_by_link_between_two_phones(arrive, arrival):
    """Ann invites from a first visit; Bob opens her link arriving each way."""
    ann = arrive("first", phone=True)
    ann.choose_players("Play Green with a friend, by link")
    ann.wait_idle()
    ann_seen = ann.assert_board_in_view()
    link = ann.friend_link()  # the invitation, at once
    bob = arrive(arrival, link, phone=True)
    expect(bob.page.get_by_label("Players")).to_have_value("friend-0")
    bob_seen = bob.assert_board_in_view()
    assert bob.page.evaluate("scrollY") == 0  # a friend's link opens at the top, the board in view
    for mover, mover_seen, friend, friend_seen in [(bob, bob_seen, ann, ann_seen), (ann, ann_seen, bob, bob_seen)] * 2:
        tap_a_move(mover, "lilypad")
        mover.wait_idle()
        mover.assert_board_in_view(mover_seen)
        link = mover.friend_link(link)
        friend.open(link)  # the link opened in the same tab
        friend.assert_board_in_view(friend_seen)
    ann.watch.assert_clean()
    bob.watch.assert_clean()


@pytest.mark.parametrize("arrival", ARRIVALS)
def test_the_player_who_moves_second_resigns_and_the_game_stays_over(arrive, arrival):
    """Resign asks first; the game then ends with the computer the winner, the board takes no more
    moves, and the result stays: after a reload, in Your games and in the exported record."""
    from test_library import export, rows

    site = arrive(arrival, phone=True)
    site.choose_players("Play Green vs computer", 1)  # Black, the computer, moves first
    expect(site.page.locator("#moves .mv").filter(has_not_text="…")).to_have_count(1, timeout=60_000)
    site.wait_idle()
    site.page.evaluate("scrollTo(0, 0)")
    seen = site.assert_board_in_view()
    resign = site.page.locator("#resign")
    at = resign.bounding_box()
    site.press("Resign")  # beside whose move it is
    # Asked in place: the confirmation beside it, Resign itself now Cancel, and nothing has moved.
    expect(site.page.locator("#announce")).to_have_text("Resign this game as Green? Black wins.")
    expect(resign).to_have_text("Cancel")
    assert resign.bounding_box() == at
    assert site.history() and not site.page.locator("#result").is_visible()  # nothing happens until confirmed
    resign.tap()  # a second press where the first was cancels
    expect(resign).to_have_text("Resign")
    expect(site.page.locator("#resign-yes")).to_be_hidden()
    site.press("Resign")
    expect(site.page.locator("#resign-question")).to_have_text("Resign this game as Green? Black wins.")
    site.page.locator("#resign-yes").tap()
    expect(site.page.locator("#result-title")).to_have_text("You lost")
    expect(site.page.locator("#result-reason")).to_have_text("Green resigned.")
    expect(site.page.locator("#resign")).to_be_hidden()  # the game is over: nothing to resign
    expect(site.button("Hint")).to_be_disabled()
    moves = site.history()
    site.page.evaluate("scrollTo(0, 0)")
    site.assert_board_in_view(seen)
    site.click("b1")  # Green's King drop, were the game on: the board takes no move now
    site.wait_idle()
    assert site.history() == moves

    site.page.reload()
    site.wait_ready()
    expect(site.page.locator("#result-title")).to_have_text("You lost")
    assert site.history() == moves
    site.page.locator("#library-link").tap()
    expect(rows(site).first).to_contain_text("Black wins by resignation")
    record = export(site, rows(site).first)
    assert '[Result "1-0"]' in record and "{Green resigned.}" in record
    site.watch.assert_clean()
