"""The board editor in the browser: a position set up by clicks for each game, extra state included;
a fault named next to the board and gone once fixed; then the position played against the computer.

Screenshots (phone and desktop) are written to the temporary folder as ks-editor-*.png, to look at.
"""

from __future__ import annotations

import re

import pygame_rules
import pytest
from playwright.sync_api import expect
from site_driver import shot

EDITOR = "#editor-view"
EDITOR_BOARD = "#editor-view .editor-board"
TIMEOUT = 20_000  # a check is one small request, but the machine may be busy

# Each game: the pieces to put (tool name -> squares), the side to move, the extra state to set
# (a function of the page), a fault to make and the fix that clears it, the player's side and the
# move the person then plays (text and clicked path); the computer must reply.
CASES = {
    "lilypad": {
        "pieces": {"Black King": ["d5"], "Black soldier": ["c6"], "Green King": ["f3"], "Green soldier": ["g2"]},
        "turn": "Black",
        "fault": lambda e: e.locator("[data-field=drops]").get_by_label("Black").check(),
        "says": "Black still has to drop its King but already has one on d5",
        "fix": lambda e: e.locator("[data-field=drops]").get_by_label("Black").uncheck(),
        "extra": None,
        "position": "8/8/2b5/3B4/8/5G2/6g1/8 b -",
        "side": "Black",
        "move": ("d5-c4", ["d5", "c4"]),
    },
    "three-crowns": {
        "pieces": {"Green stone": ["a1", "b1"], "Green crowned stone": ["c1"], "Black stone": ["h8", "g8"], "Black crowned stone": ["f8"]},
        "turn": "Green",
        "extra": lambda e: (
            e.locator("[data-field=bound] select").select_option("a1"),
            e.locator("[data-field=clock] input").fill("5"),
        ),
        "fault": lambda e: e.locator("[data-field=clock] input").fill("150"),
        "says": "must be from 0 to 100 (the game is drawn at 100), not 150",
        "fix": lambda e: e.locator("[data-field=clock] input").fill("5"),
        "position": "5Bbb/8/8/8/8/8/8/ggG5 g a1 5",
        "side": "Green",
        "move": ("a1-a2", ["a1", "a2"]),
    },
    "lion": {
        "pieces": {"White Lion": ["d2"], "Black Lion": ["d8"], "White Rhinoceros": ["b2"], "Black Frog": ["c6"]},
        "turn": "White",
        "extra": lambda e: (
            e.get_by_role("button", name="Add rhino charge").click(),
            e.locator("[data-field=clock] input").fill("3"),
        ),
        "fault": lambda e: (e.get_by_role("radio", name="White Tiger").click(), e.locator(".editor-board .sq[data-square=a3]").click()),
        "says": "The White Tiger on a3 is in the burrow",
        "fix": lambda e: (e.get_by_role("radio", name="Eraser: clear a square").click(), e.locator(".editor-board .sq[data-square=a3]").click()),
        "position": "3/2l2/7/1f3/7/5/7/R1L2/3 w b2n1 - - 3",
        "side": "White",
        "move": ("d2-d3", ["d2", "d3"]),
    },
}


def problems(page) -> list[str]:
    return page.locator(f"{EDITOR} .editor-problems li").all_inner_texts()


@pytest.mark.parametrize("game", list(CASES))
def test_set_up_fix_and_play_against_the_computer(site, game):
    case = CASES[game]
    page = site.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.evaluate(f"location.hash = '#editor={game}'")  # one page for every game: Python starts once
    editor = page.locator(EDITOR)
    expect(editor).to_be_visible()
    expect(page.locator("#game-view")).to_be_hidden()
    expect(editor.locator(".editor-ok")).to_be_visible(timeout=TIMEOUT)  # the start position, checked

    editor.get_by_role("button", name="Empty board").click()
    for tool, squares in case["pieces"].items():
        editor.get_by_role("radio", name=tool).click()
        for square in squares:
            site.square(square, EDITOR_BOARD).click()
            said = page.evaluate(f"document.querySelector('{EDITOR_BOARD}').shadowRoot.querySelector('.status').textContent")
            assert said == f"{tool} put on {square}.", said  # what a screen reader hears
    editor.locator(".editor-sides").get_by_label(case["turn"], exact=True).check()
    if case["extra"]:
        case["extra"](editor)
    expect(editor.locator(".editor-ok")).to_be_visible(timeout=TIMEOUT)
    expect(editor.locator(".editor-position code")).to_have_text(case["position"])
    assert site.pieces(EDITOR_BOARD) == {sq: _letter(page, tool) for tool, sqs in case["pieces"].items() for sq in sqs}

    # A fault: named next to the board (its squares marked), Play refused; fixed, it goes away.
    case["fault"](editor)
    expect(editor.locator(".editor-problems")).to_contain_text(case["says"], timeout=TIMEOUT)
    expect(editor.locator(".editor-ok")).to_be_hidden()
    expect(editor.get_by_role("button", name="Play")).to_be_disabled()
    # On a 1280x800 screen the problem is named on the first screen, with the whole board.
    scrolled = page.evaluate("scrollY")
    for part in (editor.locator(".editor-problems"), page.locator(EDITOR_BOARD)):
        where = part.bounding_box()
        assert where["y"] + scrolled + where["height"] <= 800, f"{part} is below the fold"
    for width, height, name in ((1280, 800, "desktop"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        shot(page, f"ks-editor-{game}-fault-{name}", full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    case["fix"](editor)
    expect(editor.locator(".editor-ok")).to_be_visible(timeout=TIMEOUT)
    assert problems(page) == []
    expect(editor.locator(".editor-position code")).to_have_text(case["position"])
    analyse = editor.get_by_role("link", name="Analyse")
    assert analyse.get_attribute("href").startswith(f"#analysis&game={game}&start=")

    # Played against the computer: a new game from that position; the person moves, it replies.
    editor.get_by_label("Players").select_option(label=f"Play {case['side']} vs computer")
    editor.get_by_label("Level").select_option("1")
    editor.get_by_role("button", name="Play").click()
    expect(page.locator("#game-view")).to_be_visible()
    expect(editor).to_be_hidden()
    site.wait_idle()
    expect(page.locator("#position-text")).to_have_text(case["position"], timeout=TIMEOUT)
    assert page.locator("#mode").input_value() == "play-0"  # each case's person plays the first side
    text, path = case["move"]
    site.play(text, path)
    page.wait_for_function("() => document.querySelectorAll('#moves .mv').length >= 2", timeout=60_000)
    site.wait_idle()
    assert site.history()[0] == text and len(site.history()) == 2
    saved = [e for e in site.library() if e["record"]["start"] == case["position"]]
    assert len(saved) == 1 and saved[0]["mode"].startswith("play-") and saved[0]["level"] == 1
    shot(page, f"ks-editor-{game}-played")
    site.watch.assert_clean()


def _letter(page, tool: str) -> str:
    """The piece letter of a palette tool, as the page knows it."""
    return page.locator(f"{EDITOR} .editor-tool[aria-label='{tool}']").get_attribute("data-tool")


def test_game_view_opens_the_editor_on_its_position_and_links_share_and_save(new_site):
    site = new_site(viewport={"width": 390, "height": 844})
    site.open("#game=lilypad")
    page = site.page
    site.play("K@c8", ["c8"])
    position = page.locator("#position-text").text_content()  # in a closed <details>
    site.button("Set up a position").click()
    editor = page.locator(EDITOR)
    expect(editor).to_be_visible()
    expect(editor.locator(".editor-position code")).to_have_text(position, timeout=TIMEOUT)
    assert "editor=lilypad" in page.url and "start=" in page.url
    shot(page, "ks-editor-from-game-phone", full_page=True)

    editor.get_by_role("button", name="Share").click()
    link = editor.get_by_label("Link to this position").input_value()
    assert "#game=lilypad&start=" in link
    before = len(site.library())
    editor.get_by_role("button", name="Save to your games").click()
    expect(editor.locator(".editor-saved")).to_contain_text("Saved")
    assert len(site.library()) == before + 1
    assert any(e["record"]["start"] == position and e["record"]["moves"] == [] for e in site.library())

    # A bad position in an editor link is said, and the start position is shown instead.
    page.goto(page.url.split("#")[0] + "#editor=lion&start=junk")
    site.wait_ready()
    expect(editor.locator(".messages")).to_contain_text("That position could not be edited", timeout=TIMEOUT)
    expect(editor.locator(".editor-ok")).to_be_visible(timeout=TIMEOUT)
    # Another bad link's error replaces the last one's (they do not pile up above the board).
    page.evaluate("location.hash = '#editor=chess'")
    expect(editor.locator(".messages .message")).to_have_text(re.compile("That editor link could not be opened: .*chess"), timeout=TIMEOUT)
    page.evaluate("location.hash = '#editor=lilypad&start=' + 'x'.repeat(10000)")
    expect(editor.locator(".messages .message")).to_have_text(re.compile("far too long"), timeout=TIMEOUT)
    # The top bar's link opens the editor too.
    page.locator("#editor-link").click()
    expect(editor).to_be_visible()
    site.watch.assert_clean()


def test_a_spider_mark_added_names_an_enemy_of_its_spider_and_follows_the_spider_chosen(new_site):
    """The form's first choice is one the rules allow: a Spider marks only enemy pieces, so a new
    mark names an enemy of its Spider, and choosing the other side's Spider offers its enemies."""
    site = new_site()
    site.open("#editor=lion", wait=False)
    site.wait_ready()
    editor = site.page.locator(EDITOR)
    expect(editor.locator(".editor-ok")).to_be_visible(timeout=TIMEOUT)
    editor.get_by_role("button", name="Add spider mark").click()
    expect(editor.locator(".editor-ok")).to_be_visible(timeout=TIMEOUT)
    assert problems(site.page) == []
    row = editor.locator("[data-field=marks] .editor-row").first
    spider, marked = row.locator("select").nth(0), row.locator("select").nth(1)
    start = pygame_rules.start("lion").pieces_on_board()
    side = lambda square: pygame_rules.position_class("lion").pieces[start[square]]["side"]  # noqa: E731
    assert side(marked.input_value()) != side(spider.input_value())
    other = next(sq for sq, letter in start.items() if letter.lower() == "s" and side(sq) != side(spider.input_value()))
    spider.select_option(other)
    row = editor.locator("[data-field=marks] .editor-row").first
    offered = row.locator("select").nth(1).locator("option").evaluate_all("options => options.map(o => o.value)")
    assert offered and all(side(sq) != side(other) for sq in offered if sq != row.locator("select").nth(1).input_value())
    site.watch.assert_clean()


def test_a_set_up_position_is_kept_when_the_person_leaves_and_comes_back(new_site):
    """Phone, first visit: a position set up, then Puzzles and back by the top bar's Set up: the
    address names the set-up again, so a reload (or the address shared) keeps it. The analysis board
    it opens keeps its address too, away and back."""
    site = new_site(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    site.open("#editor=three-crowns", wait=False)
    site.wait_ready()
    page = site.page
    editor = page.locator(EDITOR)
    expect(editor.locator(".editor-ok")).to_be_visible(timeout=TIMEOUT)
    editor.get_by_role("button", name="Empty board").tap()
    editor.get_by_role("radio", name="Green stone").tap()
    for square in ("c3", "d4", "e5", "f6"):
        site.square(square, EDITOR_BOARD).tap()
    expect(editor.locator(".editor-ok")).to_be_visible(timeout=TIMEOUT)
    made = site.pieces(EDITOR_BOARD)
    assert set(made) == {"c3", "d4", "e5", "f6"}
    expect(page).to_have_url(re.compile("#editor=three-crowns&start="))
    address = page.url

    page.locator("#puzzles-link").tap()
    expect(page.locator("#puzzles-view")).to_be_visible()
    page.locator("#editor-link").tap()
    expect(editor).to_be_visible()
    assert site.pieces(EDITOR_BOARD) == made
    expect(page).to_have_url(address)  # not the bare #editor the top bar's link names
    expect(page).to_have_title(re.compile("^Set up a position"))
    shot(page, "ks-editor-back-phone")
    page.reload()
    site.wait_ready()
    expect(editor.locator(".editor-ok")).to_be_visible(timeout=TIMEOUT)
    assert site.pieces(EDITOR_BOARD) == made

    # The analysis board of the set-up: away by the top bar, back by Back, reloaded: still there.
    editor.get_by_role("link", name="Analyse").tap()
    expect(page.locator("#analysis-view .piece[data-square]")).to_have_count(4)
    expect(page).to_have_url(re.compile("#analysis&game=three-crowns&start="))
    analysed = page.url
    page.locator("#puzzles-link").tap()
    expect(page.locator("#puzzles-view")).to_be_visible()
    page.go_back()
    expect(page.locator("#analysis-view")).to_be_visible()
    expect(page).to_have_url(analysed)
    page.reload()
    site.wait_ready()
    expect(page.locator("#analysis-view .piece[data-square]")).to_have_count(4)
    assert site.pieces("#analysis-board") == made
    site.watch.assert_clean()
