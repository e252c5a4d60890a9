"""Playing 3 Crowns in the browser, by clicks, on one loaded page (tests run in file order)."""

from __future__ import annotations

import pygame_rules
from playwright.sync_api import expect
from site_driver import next_squares, shot

EXAMPLE_1 = "1g3b2/2b5/g3B2b/b7/gb1G4/3B1g2/3gGb1b/gbg5 g - 0"
EXAMPLE_1_MOVES = ["f3-e3", "d3-e4", "e2-f3", "e4-d3", "e3-e4", "h6-h5", "f3-f4"]
JUMPING = "8/8/3Bb3/3g4/4g3/2gg4/4g3/8 b - 0"


def test_choose_three_crowns_and_see_its_board(site):
    page = site.page
    page.locator("#games button[data-game='three-crowns']").click()
    expect(page.locator("#title")).to_have_text("3 Crowns")
    site.wait_idle()
    site.button("New game").click()
    site.wait_idle()
    expect(page.locator("#board .sq")).to_have_count(64)
    assert site.pieces() == pygame_rules.start("three-crowns").pieces_on_board()
    expect(page.locator("#notes")).to_contain_text("Green 10 stones, Black 10 stones (7 loses).")
    # Crowned and uncrowned stones are different drawings, not only different colours.
    expect(page.locator("#legend li")).to_have_text(["Stone", "Crowned stone"])
    stone, crowned = (page.locator(f"#legend li[data-piece='{p}'] svg").inner_html() for p in "gG")
    assert stone != crowned and "pc-ink" in crowned


def test_the_equalizer_marks_the_one_stone_green_may_move(site):
    site.play("a1-a2", ["a1", "a2"])
    site.play("a3-b2", ["a3", "b2"])
    page = site.page
    assert site.marks("must-move") == {"a2"}
    expect(page.locator("#board .badge-must-move text")).to_have_text("Equalizer")
    expect(page.locator("#notes")).to_contain_text("Green must step the stone on a2 again.")
    site.click("c1")  # any other Green stone: nothing lights up
    assert site.dests() == set()
    site.click("a2")
    assert site.dests() == next_squares(pygame_rules.start("three-crowns").play("a1-a2").play("a3-b2"), ["a2"])
    assert site.dests()
    site.click("a2")


def test_example_1_by_clicks_ends_in_a_crowned_troika(site):
    site.load_position(EXAMPLE_1)
    page = site.page
    expect(page.locator("#turn")).to_have_text("Green to move")
    position = pygame_rules.load("three-crowns", EXAMPLE_1)
    for text in EXAMPLE_1_MOVES:
        move = position.move(text)
        site.click(move.path[0])
        assert site.dests() == next_squares(position, [move.path[0]]), f"before {text}"
        site.click(move.path[1])
        expect(page.locator("#moves .mv.current")).to_have_text(text)
        site.wait_idle()
        position = move.after
        assert site.pieces() == position.pieces_on_board(), f"after {text}"
    expect(page.locator("#result-title")).to_have_text("Green wins")
    expect(page.locator("#notes")).to_contain_text("Green wins with three crowns in a line.")
    assert site.marks("win") == {"d4", "e4", "f4"}
    assert {site.pieces()[sq] for sq in ("d4", "e4", "f4")} == {"G"}
    page.wait_for_function("() => document.querySelector('#board').shadowRoot.getAnimations().length === 0")
    shot(page, "ks-three-crowns-win")
    site.watch.assert_clean()


def test_a_double_jump_is_entered_one_landing_at_a_time(site):
    site.load_position(JUMPING)
    page = site.page
    position = pygame_rules.load("three-crowns", JUMPING)
    site.click("d6")
    lit = site.dests()
    assert lit == next_squares(position, ["d6"]) and "d4" in lit
    assert not lit & {"d5", "e4", "d3", "c3", "d2"}, "only squares a move can reach light up"
    site.click("d4")
    assert site.dests() == {"b2", "d2", "f4"}
    site.square("b2").hover()  # pointing at a landing shows the stone that jump captures
    assert site.squares_of("#board .piece.preview-taken") == {"c3"}
    site.square("f4").hover()
    assert site.squares_of("#board .piece.preview-taken") == {"e4"}
    shot(page, "ks-three-crowns-double-jump")
    site.click("f4")
    expect(page.locator("#moves .mv.current")).to_have_text("d6:d4:f4")
    site.wait_idle()
    assert site.pieces() == position.move("d6:d4:f4").after.pieces_on_board()
    assert "e4" not in site.pieces() and site.pieces()["f4"] == "B"
    assert site.last_move_squares() == {"d6", "d4", "f4"}
    expect(page.locator("#notes")).to_contain_text("Green 4 stones, Black 2 stones.")
    site.watch.assert_clean()


# Green's b1 jumps the crowned c2, then either the crowned c4 (uncrowned, it would stand in a
# troika a4-b4-c4, so it is captured) or the crowned e4 (uncrowned, it stays).
TWO_FATES = "8/8/8/8/bbB1B3/8/2B5/1g6 g - 0"


def test_a_double_jump_shows_the_jumped_stone_and_what_happens_to_the_second(site):
    site.load_position(TWO_FATES)
    page = site.page
    position = pygame_rules.load("three-crowns", TWO_FATES)
    expect(page.locator("#notes")).to_contain_text("Green 1 stone, Black 5 stones.")
    site.click("b1")
    site.click("d3")
    assert site.dests() == {"b5", "f5"} == next_squares(position, ["b1", "d3"])
    # The first stone jumped stays as it is, and is ringed as jumped.
    assert site.squares_of("#board .jumped-ring") == {"c2"}
    hint = page.locator("#hint")
    expect(hint).to_contain_text("To b5: takes the Black crowned stone on c4.")
    expect(hint).to_contain_text("To f5: turns the Black crowned stone on e4 into a Black stone.")
    site.square("f5").hover()  # the uncrowning: e4 is shown as the stone it becomes
    assert site.squares_of("#board .changed-ring") == {"e4"}
    assert page.locator("#board .piece.becomes").evaluate_all("els => els.map(e => e.dataset.piece)") == ["b"]
    assert site.squares_of("#board .piece.changing") == {"e4"}  # the crowned stone gives way to it
    assert site.squares_of("#board .piece.preview-taken") == set()
    shot(page, "ks-three-crowns-uncrown-preview")
    site.square("b5").hover()  # the capture: c4 is faded and ringed, nothing changes
    assert site.squares_of("#board .piece.preview-taken") == {"c4"}
    assert site.squares_of("#board .changed-ring, #board .piece.changing") == set()
    site.click("f5")
    expect(page.locator("#moves .mv.current")).to_have_text("b1:d3:f5")
    site.wait_idle()
    assert site.pieces() == position.move("b1:d3:f5").after.pieces_on_board()
    assert site.pieces()["e4"] == "b" and site.pieces()["c2"] == "B"
    assert site.squares_of("#board .jumped-ring, #board .changed-ring, #board .piece.becomes") == set()
    site.watch.assert_clean()


def test_a_win_by_the_third_capture_shows_where_it_was_taken(site):
    site.load_position("BBbbbb2/8/8/8/8/8/1b1b4/G7 g - 0")  # Black has 8 stones
    page = site.page
    expect(page.locator("#notes")).to_contain_text("Green 1 stone, Black 8 stones (7 loses).")
    site.click("a1")
    site.click("c3")
    site.click("e1")  # a1:c3:e1 takes d2: Black is down to 7
    expect(page.locator("#result-title")).to_have_text("Green wins")
    expect(page.locator("#notes")).to_contain_text("Green wins: Black is down to 7 stones (the third capture).")
    assert site.squares_of("#board .last-removed") == {"d2"}
    assert "d2" not in site.pieces()
    assert site.last_move_squares() == {"a1", "c3", "e1"}
    page.wait_for_function("() => document.querySelector('#board').shadowRoot.getAnimations().length === 0")
    shot(page, "ks-three-crowns-seventh-stone")
    site.watch.assert_clean()
