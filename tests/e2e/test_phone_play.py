"""Every way to play, on a phone (390x844, touch, taps): against the computer in each game, two people
on one phone, and a friend by link. After every move and every reply the whole board is on the
screen, exactly where it was: the page never scrolls by itself and nothing above the board moves."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import pygame_rules

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
GAMES = ["lilypad", "three-crowns", "lion"]


def board_box(site) -> tuple[int, int, int, int]:
    """The board's box on the screen; asserted whole on the screen."""
    b = site.page.locator("#board").bounding_box()
    where = (round(b["x"]), round(b["y"]), round(b["width"]), round(b["height"]))
    x, y, width, height = where
    assert x >= 0 and y >= 0 and x + width <= 390 and y + height <= 844, f"the board is not all on the screen: {where}"
    return where


def tap_a_move(site, game: str) -> str:
    """Tap the first legal move of the position shown (its whole path, then its last square again
    if the board offers to go on); return its text."""
    page = site.page
    position = pygame_rules.load(game, page.locator("#position-text").text_content())
    move = position.legal()[0]
    before = len(site.history())
    for square in move.path:
        site.square(square).tap()
    if move.path[-1] in site.stop_squares():
        site.square(move.path[-1]).tap()
    expect(page.locator("#moves .mv").filter(has_not_text="…").nth(before)).to_have_text(move.text)
    return move.text


def choose_game(site, game: str) -> None:
    if site.page.locator("#title").text_content() != pygame_rules.start(game).title:
        site.page.locator(f"#games button[data-game={game}]").tap()
    expect(site.page.locator("#title")).to_have_text(pygame_rules.start(game).title)
    site.wait_idle()


@pytest.mark.parametrize("game", GAMES)
def test_against_the_computer_on_a_phone(new_site, game):
    site = new_site(**PHONE)
    site.open()
    choose_game(site, game)
    first = pygame_rules.start(game).info()["sides"][0]["name"]
    site.page.get_by_label("Players").select_option(label=f"Play {first} vs computer")
    site.wait_idle()
    seen = board_box(site)
    for turn in range(3):
        tap_a_move(site, game)
        assert board_box(site) == seen, f"the board moved after the person's move {turn + 1}"
        expect(site.page.locator("#moves .mv").filter(has_not_text="…")).to_have_count(2 * turn + 2)  # the reply
        site.wait_idle()
        assert board_box(site) == seen, f"the board moved after the computer's reply {turn + 1}"
        assert site.page.evaluate("scrollY") == 0
    site.page.screenshot(path=f"/tmp/ks-phone-{game}-vs-computer.png")
    site.watch.assert_clean()


def test_two_people_on_one_phone(new_site):
    site = new_site(**PHONE)
    site.open()
    site.page.get_by_label("Players").select_option(label="Two players")
    site.wait_idle()
    seen = board_box(site)
    for ply in range(6):
        tap_a_move(site, "lilypad")
        site.wait_idle()
        assert board_box(site) == seen, f"the board moved after move {ply + 1}"
    site.watch.assert_clean()


def friend_link(site, previous: str = "") -> str:
    """The link the page offers to send, once it is a new one."""
    site.page.wait_for_function(
        "previous => { const v = document.getElementById('friend-link').value; return v.includes('friend=') && !(previous && v.endsWith(previous)); }",
        arg=previous,
    )
    link = site.page.locator("#friend-link").input_value()
    return link[link.index("#") :]


def test_a_friend_game_by_link_between_two_phones(new_site):
    ann, bob = new_site(**PHONE), new_site(**PHONE)
    ann.open()
    ann.page.get_by_label("Players").select_option(label="Play Green with a friend, by link")
    ann.wait_idle()
    ann_seen = board_box(ann)
    link = friend_link(ann)  # the invitation, at once
    bob.open(link)
    expect(bob.page.get_by_label("Players")).to_have_value("friend-0")
    bob_seen = board_box(bob)
    assert bob.page.evaluate("scrollY") == 0  # a friend's link opens at the top, the board in view
    for _ in range(2):
        tap_a_move(bob, "lilypad")
        bob.wait_idle()
        assert board_box(bob) == bob_seen
        link = friend_link(bob, link)
        ann.page.goto("index.html" + link)
        ann.wait_idle()
        assert board_box(ann) == ann_seen
        tap_a_move(ann, "lilypad")
        ann.wait_idle()
        assert board_box(ann) == ann_seen
        link = friend_link(ann, link)
        bob.page.goto("index.html" + link)
        bob.wait_idle()
        assert board_box(bob) == bob_seen
    ann.watch.assert_clean()
    bob.watch.assert_clean()
