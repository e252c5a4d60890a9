"""A person with only a keyboard (and a screen reader): where the focus goes after each action that
takes away the control pressed, or opens another view. Never to the page itself: to the new view's
heading, to the board the next move is played on, or to the choice that comes next."""

from __future__ import annotations

from playwright.sync_api import expect

import pygame_rules

BOARD_FOCUSED = "sel => document.querySelector(sel).shadowRoot.activeElement?.tagName === 'svg'"


def enter_on(page, locator) -> None:
    locator.focus()
    page.keyboard.press("Enter")


def test_the_focus_follows_a_keyboard_person_through_the_game_and_its_views(new_site):
    site = new_site()
    site.open("#game=lilypad")
    page = site.page
    site.play_black_and_await_reply()
    # Hint keeps the focus while it waits for its answer (it used to fall to Resign).
    hint = page.locator("#hint-button")
    enter_on(page, hint)
    expect(page.locator("#hint-text")).to_contain_text("Hint: ", timeout=30_000)
    expect(hint).to_be_focused()
    # Resign, confirmed: the result box's Rematch; Rematch: the new game's board.
    enter_on(page, page.locator("#resign"))
    expect(page.locator("#resign-yes")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#result-title")).to_have_text("You lost")
    expect(page.locator("#rematch")).to_be_focused()
    page.keyboard.press("Enter")
    site.wait_idle()
    expect(page.locator("#result")).to_be_hidden()
    assert page.evaluate(BOARD_FOCUSED, "#board")
    # Another view from the top bar: its heading (Your games' own link goes away as it opens).
    enter_on(page, page.locator("#library-link"))
    expect(page.locator("#library-view h1")).to_be_focused()
    # Delete: the note's Undo (the entry's own Delete went with it).
    deletes = page.locator("#library-view .library-table button:enabled", has_text="Delete")
    expect(deletes).to_have_count(1)  # the resigned game (the new one on the board has no move to keep)
    enter_on(page, deletes.first)
    undo = page.locator("#library-view .message").get_by_role("button", name="Undo")
    expect(undo).to_be_focused()
    page.keyboard.press("Enter")
    expect(deletes).to_have_count(1)
    # Back to the game: its heading.
    enter_on(page, page.locator("#library-back"))
    expect(page.locator("#game-view h1")).to_be_focused()
    site.watch.assert_clean()


def test_a_puzzle_is_played_from_the_board_by_keyboard(new_site):
    """Opened from the list, and after Try again, the focus is on the puzzle's board, whose name
    says the task."""
    site = new_site()
    p = next(q for q in pygame_rules.puzzles("lilypad") if q.moves == 2)
    site.open("#puzzles=lilypad")
    page = site.page
    enter_on(page, page.locator(f"#puzzles-view li[data-puzzle='{p.id}'] a"))
    expect(page.locator("#puzzles-view")).to_have_attribute("data-puzzle", "ready")
    assert page.evaluate(BOARD_FOCUSED, "#puzzles-view .puzzle-board")
    label = page.evaluate("document.querySelector('#puzzles-view .puzzle-board').shadowRoot.querySelector('svg').getAttribute('aria-label')")
    assert label.startswith(f"{p.title}. ") and "to move and win in 2 moves" in label
    site.watch.assert_clean()


def board_says(page) -> str:
    return page.evaluate("document.querySelector('#board').shadowRoot.querySelector('.status').textContent")


def test_the_board_answers_every_press_in_words(new_site):
    """A press on a square where no move starts, and a press that cancels, are said (they were met
    with silence); a Cobra's pass is named as its badge names it."""
    site = new_site()
    site.open("#game=lilypad")
    page = site.page
    site.choose_players("Two players")
    site.wait_idle()
    # Reached from the keyboard, the board says where its cursor is and how to use it.
    page.evaluate("document.querySelector('#board').shadowRoot.querySelector('svg').focus()")
    assert board_says(page) == "Cursor on a8: Black soldier. Arrow keys move it; Enter chooses the square.", board_says(page)
    page.keyboard.press("ArrowRight")
    assert board_says(page).startswith("b8"), board_says(page)
    site.click("e5")
    assert board_says(page) == "No move starts on e5."
    site.play("K@c8", ["c8"])
    # A move is said once, in the game's words, not a second time by the board.
    expect(page.locator("#announce")).to_contain_text("K@c8")
    assert board_says(page) == ""
    site.play("K@f1", ["f1"])
    site.click("c6")
    assert board_says(page).startswith("c6 selected. Next: ")
    site.click("e5")
    assert board_says(page) == "Nothing selected."
    page.evaluate("location.hash = '#game=lion'")
    expect(page.locator("#title")).to_have_text("The Lion Game")
    site.wait_idle()
    site.choose_players("Two players")
    site.click("b1")  # White's Cobra: it may pass (stay where it is)
    assert "b1 (pass)" in board_says(page), board_says(page)
    site.watch.assert_clean()


def test_the_editor_palette_is_one_group_the_arrows_move_through(new_site):
    """The palette's pieces are radio buttons: one Tab stop, the arrows choose the next or previous
    (round the end), Home and End the first and the last."""
    site = new_site()
    site.open("#editor=lilypad")
    page = site.page
    tools = page.locator("#editor-view .editor-tool")
    expect(tools.first).to_have_attribute("aria-checked", "true")
    count = tools.count()
    assert [tools.nth(i).get_attribute("tabindex") for i in range(count)] == ["0"] + ["-1"] * (count - 1)
    tools.first.focus()
    page.keyboard.press("ArrowRight")
    expect(tools.nth(1)).to_be_focused()
    expect(tools.nth(1)).to_have_attribute("aria-checked", "true")
    expect(tools.first).to_have_attribute("aria-checked", "false")
    expect(page.locator("#editor-view .editor-tool-note")).to_contain_text(tools.nth(1).get_attribute("aria-label"))
    page.keyboard.press("End")
    expect(tools.last).to_be_focused()
    expect(page.locator("#editor-view .editor-tool-note")).to_have_text("Choose squares to clear them.")
    page.keyboard.press("ArrowDown")  # round the end
    expect(tools.first).to_be_focused()
    expect(tools.first).to_have_attribute("aria-checked", "true")
    assert tools.first.get_attribute("tabindex") == "0" and tools.last.get_attribute("tabindex") == "-1"
    site.watch.assert_clean()
