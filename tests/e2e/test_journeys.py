"""The views' journeys in every arrival (see conftest.py): a first visit, a returning visit with
Python restored from the memory snapshot, and offline.

Each view asks Python for something of its own (the rules pages their diagrams' moves, the
editor its checks, the puzzles their data file, an embedded board its own worker), so each runs
here in all three arrivals. The game against the computer is in test_arrivals.py, the library in
test_library.py, the analysis board and review in test_game_review.py, friend links and phones in
test_phone_play.py; the longer journeys of each view stay in its own file, on a first visit.
"""

from __future__ import annotations

import pygame_rules
import pytest
from conftest import ARRIVALS
from playwright.sync_api import expect
from site_driver import poll
from test_puzzles_view import VIEW as PUZZLES, press, shown_puzzle, solve, state_is

EDITOR = "#editor-view"


@pytest.mark.parametrize("arrival", ARRIVALS)
def test_the_rules_pages(arrive, arrival):
    site = arrive(arrival, "#rules=lion")
    page = site.page
    expect(page.locator("#rules-heading")).to_have_text("How to play The Lion Game")
    expect(page.locator(".rules-key li strong").first).to_be_visible()
    # Back to the game goes to the rules' own game.
    page.locator("#rules-back").click()
    expect(page.locator("#game-view")).to_be_visible()
    expect(page.locator("#title")).to_have_text("The Lion Game")
    site.watch.assert_clean()


@pytest.mark.parametrize("arrival", ARRIVALS)
def test_the_editor_checks_a_position_and_saves_it(arrive, arrival):
    site = arrive(arrival, "#editor=lilypad")
    editor = site.page.locator(EDITOR)
    expect(editor).to_be_visible()
    expect(editor.locator(".editor-ok")).to_have_text("This position is valid.")
    before = len(site.library())
    editor.get_by_role("button", name="Save to your games").click()
    expect(editor.locator(".editor-saved")).to_contain_text("Saved")
    assert len(site.library()) == before + 1
    site.watch.assert_clean()


@pytest.mark.parametrize("arrival", ARRIVALS)
def test_a_puzzle_is_solved(arrive, arrival):
    site = arrive(arrival, "#puzzles=lion")
    view = site.page.locator(PUZZLES)
    state_is(site, "list")
    press(site, view.locator(".puzzle-list li a").first)
    p = shown_puzzle(site)
    assert p.game == "lion"
    solve(site, p)
    site.watch.assert_clean()


@pytest.mark.parametrize("arrival", ARRIVALS)
def test_an_embedded_board_plays_against_the_computer(arrive, arrival):
    site = arrive(arrival, page="embed.html", wait=False)
    page = site.page
    board = "#computer"
    expect(page.locator(f"{board} .note")).to_have_text("Green to move (you).", timeout=90_000)
    site.square("a4", board).click()
    site.square("b4", board).click()
    # The computer's reply, a legal one, and then it is the person's turn again.
    after = pygame_rules.start("three-crowns").play("a4-b4")
    replies = [after.play(m).pieces_on_board() for m in after.moves()]
    poll(lambda: site.pieces(board) in replies, 60_000, "the computer's reply")
    expect(page.locator(f"{board} .note")).to_have_text("Green to move (you).")
    site.watch.assert_clean()


def test_the_page_title_names_the_view_shown(new_site):
    """From view to view by the top bar and back: the tab's title names the view in sight each time
    (Your games used to keep the title of the view before it; the editor gave back an old one)."""
    site = new_site()
    site.open("#game=lion")
    page = site.page
    expect(page).to_have_title("The Lion Game · Kings & Soldiers")
    page.locator("#editor-link").click()
    expect(page.locator(EDITOR)).to_be_visible()
    expect(page).to_have_title("Set up a position · The Lion Game · Kings & Soldiers")
    page.locator("#library-link").click()
    expect(page.locator("#library-heading")).to_be_visible()
    expect(page).to_have_title("Your games · Kings & Soldiers")
    page.locator("#puzzles-link").click()
    expect(page.locator(PUZZLES)).to_be_visible()
    expect(page).to_have_title("Puzzles · The Lion Game · Kings & Soldiers")
    page.go_back()
    expect(page).to_have_title("Your games · Kings & Soldiers")
    page.go_back()
    expect(page).to_have_title("Set up a position · The Lion Game · Kings & Soldiers")
    page.go_back()
    expect(page.locator("#game-view")).to_be_visible()
    expect(page).to_have_title("The Lion Game · Kings & Soldiers")
    site.watch.assert_clean()
