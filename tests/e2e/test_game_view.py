"""The game view as a person meets it, whatever they did before: the page never scrolls by itself,
nothing jumps when a piece is selected or the computer thinks, the top bar marks the game of the
page shown, each game opens facing the person (a demo or another game's orientation does not carry
over), and the analysis board opens the way the game was seen."""

from __future__ import annotations

import random
import re

import pytest
from conftest import DESKTOP, PHONE
from playwright.sync_api import expect

import pygame_rules
from site_driver import shot

BLACK_WINS_IN_ONE = "8/8/8/8/8/1b6/4B3/1g1g3g b -"


def box(locator) -> tuple[float, float, float, float]:
    """Where an element is on the screen (the viewport), rounded to whole pixels."""
    b = locator.bounding_box()
    return (round(b["x"]), round(b["y"]), round(b["width"]), round(b["height"]))


def assert_in_sight(site, selector: str) -> None:
    """The element is within the window and within the part of the panel beside the board shown."""
    b, panel = site.page.locator(selector).bounding_box(), site.page.locator("#game-view > .panel").bounding_box()
    top, bottom = max(0, panel["y"]), min(site.page.viewport_size["height"], panel["y"] + panel["height"])
    assert top <= b["y"] and b["y"] + b["height"] <= bottom + 1, f"{selector} {b} is out of sight (the panel shows {top:.0f} to {bottom:.0f})"


#: A laptop's window: 1280x800, and 1366x768 less the browser's bars (the panel's spacing tightens).
LAPTOPS = {"1280x800": DESKTOP, "1366x657": {"viewport": {"width": 1366, "height": 657}}}


@pytest.mark.parametrize(("window", "game"), [("1280x800", "lilypad"), ("1366x657", "lilypad"), ("1366x657", "three-crowns")])
def test_a_long_game_on_a_desktop_never_scrolls_the_page(new_site, window, game):
    """The move list follows the game inside itself; the window stays where the person left it,
    and on a laptop's screen the latest move and the buttons that step through the game are in it
    (3 Crowns keeps a note of the stones left above the moves all game long)."""
    site = new_site(**LAPTOPS[window])
    site.open(f"#game={game}")
    position, moves, rng = pygame_rules.start(game), [], random.Random(3)
    for _ in range(24):  # more moves than the list shows at once, none repeating a position
        move = rng.choice(position.legal())
        moves.append((move.text, list(move.path)))
        position = move.after
    assert position.winner is None
    board = site.page.locator("#board")
    seen = box(board)
    for text, path in moves:
        site.play(text, path)
        assert site.page.evaluate("scrollY") == 0, f"the page scrolled after {text}"
        assert box(board) == seen
    moves_list = site.page.locator("#moves")
    assert moves_list.evaluate("l => l.scrollHeight > l.clientHeight")  # long enough to scroll inside
    current = site.page.locator("#moves .mv.current")
    list_box, current_box = moves_list.bounding_box(), current.bounding_box()
    scrolled = moves_list.evaluate("l => [l.scrollTop, l.clientHeight, l.scrollHeight]")
    assert list_box["y"] <= current_box["y"] and current_box["y"] + current_box["height"] <= list_box["y"] + list_box["height"] + 1, (
        f"the current move {current_box} is not within the list {list_box} (scrollTop, clientHeight, scrollHeight {scrolled})")
    for selector in ("#moves .mv.current", "#back", "#first"):
        assert_in_sight(site, selector)
    site.watch.assert_clean()


def test_a_finished_game_on_a_laptops_screen_shows_its_result_last_move_and_step_buttons(new_site):
    """The result takes room at the top of the panel; what the game ended with stays in the window."""
    site = new_site(**DESKTOP)
    site.open()
    site.page.select_option("#mode", "two")
    site.load_position(BLACK_WINS_IN_ONE)
    site.play("e2-f1", ["e2", "f1"])
    expect(site.page.locator("#result-title")).to_have_text("Black wins")
    site.page.evaluate("scrollTo(0, 0)")  # loading the position scrolled the page to its field
    for selector in ("#result-title", "#rematch", "#moves .mv.current", "#back", "#first"):
        assert_in_sight(site, selector)
    site.watch.assert_clean()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_selecting_a_piece_or_the_computer_thinking_moves_no_control(new_site, size):
    phone = size == "phone"
    site = new_site(**(PHONE if phone else DESKTOP))
    site.open()
    page = site.page
    site.choose_players("Play Black vs computer", 5)  # its 1.8 s of thought: long enough to be seen
    site.wait_idle()
    # The board and the controls from the turn down to the toolbar (the notes below them, and the
    # move list, change with the position).
    controls = [page.locator(sel) for sel in ("#board", "#new-game", "#flip", "#share")]
    seen = [box(c) for c in controls]
    tap = (lambda square: site.square(square).tap()) if phone else site.click
    tap("c8")  # the King's drop; the computer replies
    expect(page.locator("#thinking")).to_be_visible()
    assert [box(c) for c in controls] == seen, "the computer's thinking moved the controls"
    expect(page.locator("#moves .mv")).to_have_count(2)
    site.wait_idle()
    controls.append(page.locator("#moves-heading"))  # nothing else changes while a piece is selected
    seen = [box(c) for c in controls]
    tap("c6")  # a soldier: its moves are said in words, its help shown with the pieces
    expect(page.locator("#hint")).to_contain_text("Choose a marked square to move")
    expect(page.locator("#piece-help")).to_contain_text("Black soldier: Steps one square diagonally")
    assert [box(c) for c in controls] == seen, "selecting a piece moved the controls"
    assert page.evaluate("scrollY") == 0
    shot(page, f"ks-selected-{size}", full_page=True)
    site.watch.assert_clean()


@pytest.mark.parametrize(("size", "game"), [("phone", "lion"), ("desktop", "lilypad")])
def test_a_hint_is_said_in_sight_and_moves_no_control(new_site, size, game):
    """The hint's answer is written in the box under the turn line, whose room is kept: on a phone
    it is in sight under the board (the Lion Game's tall board leaves the Hint button at the
    screen's edge), and the buttons below never move when it comes or goes."""
    phone = size == "phone"
    site = new_site(**(PHONE if phone else DESKTOP))
    site.open(f"#game={game}")
    page = site.page
    if game == "lilypad":
        site.choose_players("Play Black vs computer", 1)
    else:
        site.choose_players("Two players")
    site.wait_idle()
    controls = [page.locator(sel) for sel in ("#board", "#new-game", "#undo", "#flip", "#share")]
    seen = [box(c) for c in controls]
    site.press("Hint")
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Hint: ", timeout=30_000)
    expect(hint).to_be_in_viewport(ratio=1)
    assert [box(c) for c in controls] == seen, "the hint moved the controls"
    assert page.evaluate("scrollY") == 0
    shot(page, f"ks-hint-{game}-{size}")
    move = hint.get_attribute("data-move")
    position = pygame_rules.start(game)
    site.play(move, list(position.move(move).path))
    expect(hint).to_be_empty()
    assert [box(c) for c in controls] == seen, "the hint's going moved the controls"
    site.watch.assert_clean()


def test_the_evaluation_shown_stays_shown_on_the_next_visit(new_site):
    """Against the computer the evaluation starts hidden; ticked, it stays so after a reload (the
    person's choice is kept), and unticked again, it stays hidden."""
    site = new_site(**DESKTOP)
    site.open("#game=lilypad")
    page = site.page
    site.choose_players("Play Black vs computer", 1)
    site.wait_idle()
    toggle = page.locator("#eval-toggle")
    expect(toggle).not_to_be_checked()
    toggle.check()
    expect(page.locator("#game-eval")).to_be_visible()
    page.reload()
    site.wait_ready()
    expect(toggle).to_be_checked()
    expect(page.locator("#game-eval")).to_be_visible()
    toggle.uncheck()
    page.reload()
    site.wait_ready()
    expect(toggle).not_to_be_checked()
    expect(page.locator("#game-eval")).to_be_hidden()
    # A setting another version (or anything else) wrote is no choice: the default, and no error.
    page.evaluate("localStorage.setItem('kings-and-soldiers/evaluation', '__proto__')")
    page.reload()
    site.wait_ready()
    expect(toggle).not_to_be_checked()
    site.watch.assert_clean()


def test_the_evaluation_going_deeper_moves_no_control(new_site):
    """The best line grows as the evaluation's search goes deeper; it keeps to one line (the whole
    line is its tooltip), so the buttons under it stay where the person's pointer is."""
    site = new_site(**DESKTOP)
    site.open("#game=lilypad")
    page = site.page
    position, rng = pygame_rules.start("lilypad"), random.Random(3)
    for _ in range(24):  # a position with a capture to make and a long best line
        move = rng.choice(position.legal())
        site.play(move.text, list(move.path))
        position = move.after
    controls = [page.locator(sel) for sel in ("#new-game", "#undo", "#share", "#moves-heading")]
    seen = [box(c) for c in controls]
    line = page.locator("#best-line-text")
    expect(line).to_have_text(re.compile(r"^Best line: (\S+ ){6,}.*[^…]$"), timeout=30_000)  # the search is done
    assert [box(c) for c in controls] == seen, "the best line moved the controls as it grew"
    assert line.get_attribute("title") == line.inner_text().removeprefix("Best line: ")
    site.watch.assert_clean()


def test_the_top_bar_marks_the_game_of_the_page_shown(new_site):
    site = new_site(**DESKTOP)
    site.open()  # Lilypad in progress
    page = site.page
    lion, lilypad = (page.locator(f"#games button[data-game={g}]") for g in ("lion", "lilypad"))
    expect(lilypad).to_have_attribute("aria-pressed", "true")
    page.evaluate("location.hash = '#rules=lion'")
    expect(page.locator("#rules-heading")).to_contain_text("Lion")
    expect(lion).to_have_attribute("aria-pressed", "true")
    expect(lilypad).to_have_attribute("aria-pressed", "false")
    page.evaluate("location.hash = '#library'")
    expect(page.locator("#games button[aria-pressed=true]")).to_have_count(0)  # the library is of no one game
    page.evaluate("location.hash = '#editor=three-crowns'")
    expect(page.locator("#games button[data-game=three-crowns]")).to_have_attribute("aria-pressed", "true")
    page.go_back()
    page.go_back()
    expect(lion).to_have_attribute("aria-pressed", "true")  # the rules of the Lion Game again

    # A fresh tab at the Lion Game's rules: back to the game is the Lion Game, not the saved Lilypad.
    other = new_site(**DESKTOP)
    other.open("#rules=lion")
    expect(other.page.locator("#games button[data-game=lion]")).to_have_attribute("aria-pressed", "true")
    other.page.get_by_role("link", name="Back to the game").click()
    expect(other.page.locator("#title")).to_have_text("The Lion Game")
    expect(other.page.locator("#games button[data-game=lion]")).to_have_attribute("aria-pressed", "true")
    site.watch.assert_clean()
    other.watch.assert_clean()


def test_a_games_name_typed_into_the_address_opens_that_game(new_site):
    site = new_site(**PHONE)
    site.open("#lion")  # a new tab at a bare name, as a person may type it
    page = site.page
    expect(page.locator("#title")).to_have_text("The Lion Game")
    expect(page).to_have_url(re.compile(r"#game=lion$"))
    page.evaluate("location.hash = '#three-crowns'")  # typed while a game is open
    expect(page.locator("#title")).to_have_text("3 Crowns")
    expect(page).to_have_url(re.compile(r"#game=three-crowns$"))
    page.evaluate("location.hash = '#three-crowns'")  # the open game's name again: it stays, named as usual
    expect(page).to_have_url(re.compile(r"#game=three-crowns$"))
    page.evaluate("location.hash = '#chess'")  # no such game: the game stays
    expect(page.locator("#title")).to_have_text("3 Crowns")
    site.watch.assert_clean()


def test_after_a_demo_another_game_opens_as_the_person_left_it(new_site):
    """Players and orientation are the person's: a demo plays its own game only, and is not saved."""
    site = new_site(**DESKTOP)
    site.open()
    page = site.page
    site.choose_players("Play Black vs computer")
    site.wait_idle()
    assert site.above("a1", "a8")  # Black, the person's side, at the bottom
    site.choose_players("Computer vs computer")
    expect(page.locator("#moves .mv")).to_have_count(3)  # the demo plays on by itself
    page.get_by_role("button", name="Pause").click()
    site.wait_idle()
    demo = site.history()
    assert [e for e in site.library() if e["record"]["moves"][: len(demo)] == demo] == []  # not kept
    assert site.above("a8", "a1")  # the board's usual way up: nobody's side

    page.locator("#games button[data-game=lion]").click()
    expect(page.locator("#title")).to_have_text("The Lion Game")
    site.wait_idle()
    expect(page.get_by_label("Players")).to_have_value("play-0")  # the person's own last choice
    expect(page.get_by_label("Players").locator("option:checked")).to_have_text("Play White vs computer")
    assert site.above("b9", "b1")  # White, the person's side, at the bottom
    page.wait_for_timeout(1500)
    assert site.history() == []  # nothing plays by itself: White, the person, moves first
    site.watch.assert_clean()


def test_the_analysis_board_opens_the_way_the_game_was_seen(new_site):
    site = new_site(**DESKTOP)
    site.open()
    page = site.page
    site.choose_players("Play Black vs computer")
    site.load_position(BLACK_WINS_IN_ONE)
    site.play("e2-f1", ["e2", "f1"])
    expect(page.locator("#result-title")).to_have_text("You won!")
    assert site.above("a1", "a8")
    site.button("Analyse this game").click()
    analysis = page.locator("#analysis-view")
    expect(analysis.locator("#analysis-status")).to_have_text("The game is over here.")
    expect(analysis.get_by_role("button", name="Stop", exact=True)).to_be_hidden()  # nothing to stop
    expect(analysis.get_by_role("button", name="Start", exact=True)).to_be_hidden()
    assert site.above("a1", "a8", "#analysis-board")  # Black, the person's side, at the bottom as in the game
    analysis.locator("#analysis-first").click()
    expect(analysis.get_by_role("button", name="Stop", exact=True)).to_be_visible()  # before the end, the engine thinks
    shot(page, "ks-analysis-person-side")
    site.watch.assert_clean()


def test_a_hint_goes_with_its_arrow_when_the_game_is_resigned(new_site):
    """A hint for a game that ended helps no one: resigned, its words and its drawing go."""
    site = new_site(**DESKTOP)
    site.open("#game=lilypad")
    page = site.page
    site.choose_players("Play Black vs computer", 1)
    site.wait_idle()
    site.press("Hint")
    expect(page.locator("#hint-text")).to_contain_text("Hint: ", timeout=30_000)
    arrows = page.locator("#board .arrow[data-from], #board .highlight")  # a drop is a square highlighted
    expect(arrows).to_have_count(1)
    site.press("Resign")
    page.locator("#resign-yes").click()
    expect(page.locator("#result-title")).to_be_visible()
    expect(page.locator("#hint-text")).to_be_empty()
    expect(arrows).to_have_count(0)
    site.watch.assert_clean()
