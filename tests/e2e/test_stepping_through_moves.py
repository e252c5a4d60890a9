"""Review a game: click a move in the list or step with the keys and buttons, Undo and Redo, a new
line from an earlier position (the old one comes back with Undo), and moves said to screen readers."""

from __future__ import annotations

from playwright.sync_api import expect
from site_driver import shot

OPENING = [("K@c8", ["c8"]), ("K@f1", ["f1"]), ("c6-d5", ["c6", "d5"]), ("f3-e4", ["f3", "e4"])]


def start(site):
    site.page.get_by_label("Players").select_option("two")
    site.button("New game").click()
    site.wait_idle()
    for text, path in OPENING:
        site.play(text, path)


def test_review_by_clicks_keys_and_buttons(site):
    start(site)
    end_pieces = site.pieces()
    site.page.locator("#moves .mv", has_text="K@f1").click()  # the position after move 2
    site.wait_idle()
    assert site.history() == ["K@c8", "K@f1"] and site.line() == [t for t, _ in OPENING]
    expect(site.page.locator("#moves .mv.current")).to_have_text("K@f1")
    assert site.pieces()["c6"] == "b" and "d5" not in site.pieces()
    assert site.last_move_squares() == {"f1"}
    expect(site.page.locator("#review-note")).to_contain_text("Looking back at 1… K@f1 (the game has 2 moves).")

    site.page.keyboard.press("ArrowRight")
    site.wait_idle()
    expect(site.page.locator("#moves .mv.current")).to_have_text("c6-d5")
    site.page.keyboard.press("Home")
    site.wait_idle()
    assert site.history() == [] and site.pieces()["c8"] == "b"
    site.page.get_by_role("button", name="One move on").click()
    site.wait_idle()
    assert site.history() == ["K@c8"]
    site.page.keyboard.press("End")  # back to the game: play resumes
    site.wait_idle()
    assert site.history() == [t for t, _ in OPENING] and site.pieces() == end_pieces
    expect(site.page.locator("#review-note")).to_be_hidden()
    site.play("d5:f3", ["d5", "f3"])
    site.watch.assert_clean()


def test_undo_redo_and_a_new_line_that_undo_brings_back(site):
    start(site)
    site.button("Undo").click()
    site.wait_idle()
    site.button("Undo").click()
    site.wait_idle()
    assert site.history() == ["K@c8", "K@f1"]
    site.button("Redo").click()
    site.wait_idle()
    assert site.history() == ["K@c8", "K@f1", "c6-d5"]
    site.page.keyboard.press("Control+y")
    site.wait_idle()
    assert site.history() == [t for t, _ in OPENING]
    site.page.keyboard.press("Control+z")
    site.wait_idle()
    assert site.history() == ["K@c8", "K@f1", "c6-d5"]

    # From move 2, a different move: a new line, said, and the old moves kept for Undo.
    site.page.locator("#moves .mv", has_text="K@f1").click()
    site.wait_idle()
    site.play("a6-b5", ["a6", "b5"])
    assert site.line() == ["K@c8", "K@f1", "a6-b5"]
    expect(site.page.locator("#messages .message.note")).to_contain_text("A new line from 2. a6-b5: it replaced the 2 moves that followed")
    site.button("Undo").click()
    site.wait_idle()
    expect(site.page.locator("#messages")).to_contain_text("are back: Redo plays them again")
    assert site.line() == ["K@c8", "K@f1", "c6-d5", "f3-e4"] and site.history() == ["K@c8", "K@f1"]
    site.dismiss_messages()
    site.watch.assert_clean()


def test_moves_are_said_in_words_and_the_position_described(site):
    site.page.get_by_label("Players").select_option("two")
    site.button("New game").click()
    site.wait_idle()
    site.play("K@c8", ["c8"])
    expect(site.page.locator("#announce")).to_have_text("Black soldier c8 becomes Black King (K@c8).")
    site.play("K@f1", ["f1"])
    site.play("c6-d5", ["c6", "d5"])
    expect(site.page.locator("#announce")).to_have_text("Black soldier c6 to d5.")
    site.button("Describe").click()
    words = site.page.locator("#position-words")
    expect(words).to_contain_text("Black: 11 soldiers")
    expect(words).to_contain_text("King c8")
    expect(words).to_contain_text("Green to move.")


def test_the_computers_move_is_said(new_site):
    site = new_site()
    site.open()
    site.choose_players("Play Black vs computer")
    site.play("K@c8", ["c8"])
    expect(site.page.locator("#moves .mv").filter(has_not_text="…")).to_have_count(2, timeout=30_000)
    site.wait_idle()
    reply = site.history()[1]
    expect(site.page.locator("#announce")).to_have_text(f"Green soldier {reply[2:]} becomes Green King ({reply}).")
    site.watch.assert_clean()


def focus_is_on(site, name: str) -> None:
    """The keyboard's focus is on the button called ``name``, shown and usable (not dropped to the page)."""
    control = site.button(name)
    expect(control).to_be_focused()
    expect(control).to_be_visible()
    expect(control).to_be_enabled()


def test_the_keyboard_focus_stays_on_a_control_when_the_one_pressed_goes_out_of_use(site):
    """Enter on «, », Undo (game view) and «, », a message's Undo (analysis board): when the control
    pressed goes out of use, the focus goes to the nearest one still usable, never to the page."""
    start(site)
    page = site.page
    page.locator("#first").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#first")).to_be_disabled()
    focus_is_on(site, "One move on")  # « and ‹ are out of use at the start
    page.keyboard.press("Tab")
    focus_is_on(site, "Latest move")
    page.keyboard.press("Enter")
    expect(page.locator("#last")).to_be_disabled()
    focus_is_on(site, "Describe")  # › and » are out of use at the end
    # Undo, pressed until nothing is left: on it while it has moves to take back (each press waits
    # for Python, every control out of use meanwhile), then on Redo.
    page.locator("#undo").focus()
    for left in range(len(OPENING) - 1, -1, -1):
        page.keyboard.press("Enter")
        expect(page.locator("#moves .mv:not(.future)")).to_have_count(left)
        focus_is_on(site, "Undo" if left else "Redo")

    # The analysis board: its « and », and Delete's note, whose Undo gives the focus back to Delete.
    page.evaluate("location.hash = '#analysis&game=lilypad&moves=K@c8%20K@f1%20c6-d5'")
    current = page.locator("#analysis-moves .mv.current")
    expect(current).to_have_text("c6-d5")
    page.locator("#analysis-first").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#analysis-first")).to_be_disabled()
    expect(page.locator("#analysis-announce")).to_have_text("At the start.")  # where the board is, in words
    focus_is_on(site, "One move on")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#analysis-end")).to_be_disabled()
    expect(current).to_have_text("c6-d5")
    expect(page.locator("#analysis-announce")).to_have_text("At 2. c6-d5.")
    focus_is_on(site, "Flip")
    page.locator("#analysis-delete").focus()
    page.keyboard.press("Enter")
    expect(current).to_have_text("K@f1")
    focus_is_on(site, "Delete from here")
    undo = page.locator("#analysis-messages .message", has_text="Deleted 1 move").get_by_role("button", name="Undo")
    undo.focus()
    page.keyboard.press("Enter")
    expect(current).to_have_text("c6-d5")
    expect(undo).to_have_count(0)
    focus_is_on(site, "Delete from here")
    shot(page, "ks-focus-analysis")
    page.get_by_role("link", name="Back to the game").click()
    site.watch.assert_clean()


def test_on_a_phone_a_note_comes_at_the_screens_foot_and_nothing_moves(new_site):
    """A note (here: a new line replaced moves) comes over the page at the screen's foot: the board,
    the turn line and the buttons under it stay where the person's finger is, and it goes."""
    from conftest import PHONE

    site = new_site(**PHONE)
    site.open("#game=lilypad")
    page = site.page
    start(site)
    for _ in range(2):  # two players: back to Black's move c6-d5, the moves kept for Redo
        site.press("Undo")
        site.wait_idle()
    controls = [page.locator(sel) for sel in ("#board", "#turn", "#hint-button", "#new-game", "#undo")]
    where = lambda: [(round(b["x"]), round(b["y"])) for b in (c.bounding_box() for c in controls)]  # noqa: E731
    seen = where()
    site.play("a6-b5", ["a6", "b5"])
    note = page.locator("#messages .message.note")
    expect(note).to_contain_text("A new line from 2. a6-b5: it replaced the 2 moves that followed")
    expect(note).to_be_in_viewport(ratio=1)
    assert where() == seen, "the note moved the page"
    shot(page, "ks-new-line-note-phone")
    # Its own Undo (the toolbar's is under it): the moves the new line replaced come back.
    note.get_by_role("button", name="Undo the new line").tap()
    expect(note).to_contain_text("The 2 moves that the new line replaced are back")
    site.wait_idle()
    assert site.line() == [t for t, _ in OPENING]
    note.get_by_role("button", name="Dismiss message").tap()
    expect(note).to_have_count(0)
    assert where() == seen
    site.watch.assert_clean()
