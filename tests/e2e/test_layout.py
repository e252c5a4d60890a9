"""The page's layout at the sizes people play at: small phones, a phone upright and sideways, a tablet
upright, a laptop, a desktop zoomed to 200%. At each, the whole board (its coordinates too) and the
line that says whose move it is are on the screen together without scrolling, in every game, at the
start of a game against the computer; so are a puzzle's board and its task, and, after a wrong move,
the first line of the words that say so (they go on for a few lines). And Resign's question, asked in place, moves no control (the turn line keeps
one line)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import pygame_rules
from site_driver import shot
from test_puzzles_view import BOARD, click_move, paths, state_is, wrong_move_with_escape

GAMES = ["lilypad", "three-crowns", "lion"]

#: width x height, and whether it is a touch screen (a phone or a tablet: taps, a doubled pixel ratio).
#: "640x400@2x" is a 1280x800 desktop zoomed to 200%.
SIZES = {
    "320x568": (320, 568, True),
    "360x640": (360, 640, True),
    "390x844": (390, 844, True),
    "844x390": (844, 390, True),
    "740x360": (740, 360, True),
    "768x1024": (768, 1024, True),
    "1024x768": (1024, 768, True),
    "1280x800": (1280, 800, False),
    "640x400@2x": (640, 400, False),
}


def device(size: str) -> dict:
    width, height, touch = SIZES[size]
    return {"viewport": {"width": width, "height": height}, "device_scale_factor": 2 if touch or "@2x" in size else 1,
            "is_mobile": touch, "has_touch": touch}


def out_of_view(site, selector: str, first_line: bool = False) -> str | None:
    """Why the element (or its first line) is not wholly in the viewport, or None when it is."""
    box = site.page.locator(selector).bounding_box()
    view = site.page.viewport_size
    if box is None:
        return f"{selector} is not shown"
    height = site.page.locator(selector).evaluate("e => parseFloat(getComputedStyle(e).lineHeight)") if first_line else box["height"]
    inside = box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= view["width"] + 1 \
        and box["y"] + height <= view["height"] + 1
    shown = {k: round(v) for k, v in box.items()}
    return None if inside else f"{selector} {shown} is not wholly in the {view['width']}x{view['height']} viewport"


@pytest.mark.parametrize("size", list(SIZES))
def test_the_board_and_whose_move_it_is_are_on_the_screen_together(new_site, size):
    site = new_site(**device(size))
    site.open()
    faults = []
    for game in GAMES:
        title = pygame_rules.start(game).title
        if site.page.locator("#title").text_content() != title:
            site.page.locator(f"#games button[data-game={game}]").click()
        expect(site.page.locator("#title")).to_have_text(title)
        first = pygame_rules.start(game).info()["sides"][0]["name"]
        site.choose_players(f"Play {first} vs computer")
        site.wait_idle()
        expect(site.page.locator("#turn")).to_have_text(f"{first} to move")
        site.page.evaluate("scrollTo(0, 0)")
        faults += [f"{game}: {why}" for why in (out_of_view(site, "#board"), out_of_view(site, "#turn")) if why]
        shot(site.page, f"ks-layout-{size}-{game}")
    assert faults == []
    site.watch.assert_clean()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_puzzle_s_board_its_task_and_a_wrong_move_s_words_are_on_the_screen_together(new_site, size):
    site = new_site(**device(size))
    p = min(pygame_rules.puzzles("lion"), key=lambda q: (q.moves, q.id))  # the tallest board
    site.open(f"#puzzle={p.id}")
    state_is(site, "ready")
    faults = [why for why in (out_of_view(site, BOARD), out_of_view(site, "#puzzles-view .puzzle-task")) if why]
    shot(site.page, f"ks-layout-{size}-puzzle")
    wrong, _ = wrong_move_with_escape(p)
    click_move(site, paths(p, [])[wrong])
    state_is(site, "wrong")
    expect(site.page.locator("#puzzles-view .puzzle-status")).to_contain_text(f"Not this one: {wrong}")
    site.page.evaluate("scrollTo(0, 0)")
    faults += [f"after a wrong move: {why}" for why in (out_of_view(site, BOARD), out_of_view(site, "#puzzles-view .puzzle-status", first_line=True)) if why]
    shot(site.page, f"ks-layout-{size}-puzzle-wrong")
    assert faults == []
    site.watch.assert_clean()


@pytest.mark.parametrize("root_font", [None, "24px"])
def test_resign_s_question_moves_no_control_beside_the_board(new_site, root_font):
    """On a tablet sideways (1024x768, touch), against the computer: Resign asks in place, its two
    buttons beside the turn line, which stays one line; Hint, the evaluation and the toolbar stay
    where they were (a larger root font too)."""
    site = new_site(**device("1024x768"))
    site.open("#game=lion")  # "White to move": the longest turn line
    page = site.page
    if root_font:
        page.evaluate(f"document.documentElement.style.fontSize = '{root_font}'")
    start = pygame_rules.start("lion")
    site.choose_players(f"Play {start.info()['sides'][0]['name']} vs computer", 1)
    site.wait_idle()
    move = start.legal()[0]
    site.play(move.text, move.path)
    expect(page.locator("#moves .mv").filter(has_not_text="…")).to_have_count(2)  # the computer's reply
    site.wait_idle()
    controls = [page.locator(sel) for sel in (".turn-row", "#hint-button", ".toolbar", "#new-game", "#share")]
    seen = [c.bounding_box() for c in controls]
    site.press("Resign")
    expect(page.locator("#resign")).to_have_text("Cancel")
    expect(page.locator("#resign-yes")).to_be_visible()
    assert [c.bounding_box() for c in controls] == seen, "Resign's question moved the controls"
    shot(page, f"ks-layout-resign-asked-{root_font or 'default'}")
    site.press("Cancel")
    expect(page.locator("#resign-yes")).to_be_hidden()
    assert [c.bounding_box() for c in controls] == seen
    site.watch.assert_clean()
