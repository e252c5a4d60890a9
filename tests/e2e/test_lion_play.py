"""Playing The Lion Game in the browser, by clicks, on one loaded page (tests run in file order)."""

from __future__ import annotations

import pygame_rules
from playwright.sync_api import expect
from site_driver import next_squares, shot

# White's Cobra on a3 may capture the Frog on b4 and come back; later White's Lion has two-step moves.
COBRA = "3/r1lcr/1c1f3/TE3/4Et1/f1f2/CF1F1F1/R1L1R/1SC w - - - 0"
# White's Rhinoceros on b3 charges north: b3-b5 clears the Frog on b4.
RHINO = "3/rtelr/1fT2f1/c1f1c/5F1/F1eS1/1RE1E2/2LCR/C2 w b3n1 - - 0"
# Black's Elephant on f3 may step to f2 and squash the Spider in the burrow on f1.
SQUASH = "c2/r2sr/Cf2f1f/1t2L/1l1e3/2E2/1FEF1ec/RT3/2S b - - - 1"


def settled(page):
    """Wait until the board's pieces stop moving (before a screenshot)."""
    page.wait_for_function("() => document.querySelector('#board').shadowRoot.getAnimations().length === 0")
    return page


def test_choose_the_lion_game_with_its_legend(site):
    page = site.page
    page.locator("#games button[data-game='lion']").click()
    expect(page.locator("#title")).to_have_text("The Lion Game")
    site.wait_idle()
    site.button("New game").click()
    site.wait_idle()
    cls = pygame_rules.core.position_class("lion")
    expect(page.locator("#board .sq")).to_have_count(len(cls.geometry))
    expect(page.locator("#legend li")).to_have_text(
        ["Lion", "Tiger", "Spider", "Cobra", "Rhinoceros", "Elephant", "Frog", "Butterfly"]
    )
    help_text = cls.info()["pieces"]["C"]["help"]
    assert page.locator("#legend li[data-piece='C']").get_attribute("title") == f"Cobra: {help_text}"
    # A piece on the board tells how it moves when pointed at (its SVG title is the tooltip).
    assert page.locator("#board .piece[data-square='b1'] title").text_content() == f"White Cobra: {help_text}"


def test_a_null_move_is_a_second_click_on_the_piece_marked_pass(site):
    page = site.page
    site.click("b1")  # White's Cobra: it may stay where it is
    assert site.squares_of("#board .pass") == {"b1"}
    assert page.locator("#board .pass title").text_content() == "Pass (b1-b1)"
    expect(page.locator("#piece-help")).to_contain_text("May make a null move.")
    site.click("b1")
    expect(page.locator("#moves .mv.current")).to_have_text("b1-b1")
    site.wait_idle()
    assert site.pieces()["b1"] == "C"
    expect(page.locator("#turn")).to_have_text("Black to move")


def test_cobra_captures_and_comes_back_then_the_lion_makes_two_steps(site):
    site.load_position(COBRA)
    page = site.page
    position = pygame_rules.load("lion", COBRA)
    site.click("a3")
    assert site.dests() == next_squares(position, ["a3"]) - {"a3"} and "b4" in site.dests()
    assert site.squares_of("#board .pass") == {"a3"}  # the Cobra may also stay: a null move
    site.click("b4")  # the capture; then on, or back to a3
    assert site.dests() == {"a3", "a5", "b5"}
    assert site.squares_of("#board .back") == {"a3"}
    assert site.squares_of("#board .stop") == {"b4"}  # or stay on b4
    assert site.squares_of("#board .piece.taken") == {"b4"}
    shot(page, "ks-lion-cobra-back")
    site.click("a3")
    expect(page.locator("#moves .mv.current")).to_have_text("a3xb4-a3")
    site.wait_idle()
    position = position.play("a3xb4-a3")
    assert site.pieces() == position.pieces_on_board()
    assert site.pieces()["a3"] == "C" and "b4" not in site.pieces()

    site.play("b7-a5", ["b7", "a5"])
    position = position.play("b7-a5")
    site.click("d2")  # the Lion: one or two steps, entered as start and end
    assert site.dests() == next_squares(position, ["d2"]) and "b4" in site.dests()
    site.click("b4")
    expect(page.locator("#moves .mv.current")).to_have_text("d2-b4")
    site.wait_idle()
    assert site.pieces() == position.play("d2-b4").pieces_on_board()
    site.watch.assert_clean()


def test_a_rhino_charge_shows_what_it_clears_and_its_charge(site):
    site.load_position(RHINO)
    page = site.page
    assert site.marks("charge") == {"b3"}
    assert page.locator("#board .badge-charge title").text_content() == "charging north, up to 2"
    assert page.locator("#board .reach-charge").get_attribute("data-toward") == "b4 b5"
    expect(page.locator("#notes")).to_contain_text("charges if it moves north this turn")
    site.click("b3")
    assert site.dests() == {"b2", "b4", "b5"}
    site.square("b5").hover()  # the charge to b5 would take the Frog on b4 off
    assert site.squares_of("#board .piece.preview-taken") == {"b4"}
    site.square("b2").hover()
    assert site.squares_of("#board .piece.preview-taken") == set()
    site.square("b5").hover()
    shot(page, "ks-lion-rhino-preview")
    site.click("b5")
    expect(page.locator("#moves .mv.current")).to_have_text("b3-b5")
    site.wait_idle()
    assert "b4" not in site.pieces() and site.pieces()["b5"] == "R"
    assert site.marks("charge") == {"b5"}
    assert page.locator("#board .badge-charge title").text_content() == "charging north, up to 3"
    assert page.locator("#board .reach-charge").get_attribute("data-toward") == "b6 b7 b8"
    shot(settled(page), "ks-lion-charge")
    site.watch.assert_clean()


def test_an_elephant_squash_is_previewed_then_played(site):
    site.load_position(SQUASH)
    page = site.page
    site.click("f3")
    site.click("f2")
    assert site.dests() == {"f1"} and site.stop_squares() == {"f2"}
    site.square("f1").hover()
    assert site.squares_of("#board .piece.preview-taken") == {"f1"}
    site.click("f1")
    expect(page.locator("#moves .mv.current")).to_have_text("f3-f2*f1")
    site.wait_idle()
    assert site.pieces() == pygame_rules.load("lion", SQUASH).play("f3-f2*f1").pieces_on_board()
    assert site.pieces()["f2"] == "e" and "f1" not in site.pieces()
    site.watch.assert_clean()


# A charging Rhinoceros, a frozen and a marked piece, a stuck Elephant, a Butterfly that must leave.
MARKED = "1cc/r1lr1/1E1t3/1ef1C/7/2ETF/F2sL2/R2SR/B2 w e8w1 d3>e4,d3>f6 b7 3"


def test_every_status_mark_is_drawn_with_a_badge_and_its_label(site):
    site.load_position(MARKED)
    page = site.page
    marks = pygame_rules.load("lion", MARKED).status()["marks"]
    assert {m["kind"] for m in marks} == {"charge", "frozen", "marked", "stuck", "must-move"}
    for mark in marks:
        assert site.marks(mark["kind"]) == {mark["square"]}
        badge = page.locator(f"#board .badge[data-kind='{mark['kind']}'][data-square='{mark['square']}']")
        assert badge.locator("title").text_content() == mark["label"]
        assert badge.locator("text").text_content() in (mark["label"], mark["kind"].replace("-", " "))
    assert page.locator("#board .reach-charge").get_attribute("data-toward") == "d8 c8"
    site.click("b1")  # the Butterfly in the burrow: it has moves, all out of the burrow
    assert site.dests()
    shot(settled(page), "ks-lion-marks")
    site.watch.assert_clean()
