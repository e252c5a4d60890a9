"""<ks-board>: boards and diagrams for other pages, sharing one Python worker."""

from __future__ import annotations

import pygame_rules
from playwright.sync_api import expect

SEED_DIAGRAM_2 = "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -"


def test_diagrams_and_a_playable_board_on_one_page(new_site):
    site = new_site()
    site.open(page="embed.html", wait=False)
    page = site.page
    seed = pygame_rules.load("lilypad", SEED_DIAGRAM_2)
    for board, game in [("#crowns", "three-crowns"), ("#lion", "lion")]:  # start diagrams need no Python
        expect(page.locator(f"{board} .piece[data-square]")).not_to_have_count(0)
        assert site.pieces(board) == pygame_rules.start(game).pieces_on_board()
    expect(page.locator("#seed .piece[data-square]")).to_have_count(len(seed.pieces_on_board()), timeout=90_000)
    assert site.pieces("#seed") == seed.pieces_on_board()

    site.square("b3", "#seed").click()  # a diagram takes no input
    assert site.squares_of("#seed .selected, #seed .dest") == set()

    expect(page.locator("#play .piece[data-square='c8']")).to_have_attribute("data-piece", "B")
    page.wait_for_function("() => document.getElementById('play').state !== null")
    site.square("c6", "#play").click()
    assert site.squares_of("#play .dest") == {"b5", "d5"}
    page.evaluate(
        "() => { window.played = new Promise(r => document.getElementById('play').addEventListener('ks-move', e => r(e.detail.move))); }"
    )
    site.square("d5", "#play").click()
    assert page.evaluate("window.played") == "c6-d5"
    expect(page.locator("#play .piece[data-square='d5']")).to_have_attribute("data-piece", "b")
    page.screenshot(path="/tmp/ks-embed.png", full_page=True)
    site.watch.assert_clean()
