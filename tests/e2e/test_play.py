"""Playing Lilypad in the browser, by clicks, on one loaded page (tests run in file order)."""

from __future__ import annotations

import pygame_rules
from playwright.sync_api import expect

from test_first_visit import hold_runtime, release
from site_driver import shot

SEED_DIAGRAM_2 = "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -"
START = pygame_rules.start("lilypad")


def test_board_is_drawn_before_python_is_ready_then_becomes_playable(new_site):
    site = new_site()
    held = hold_runtime(site)  # Python cannot arrive before the test has looked
    site.open(wait=False)
    page = site.page
    expect(page.locator("#board .piece[data-square]")).to_have_count(24)
    assert page.get_attribute("html", "data-engine") != "ready", "the start position should be drawn while Python loads"
    release(site, held)
    site.wait_ready()
    expect(page.locator("#loading")).to_be_hidden()
    assert site.pieces() == START.pieces_on_board()
    expect(page.locator("#turn")).to_have_text("Black to move")
    expect(page.locator("#notes")).to_contain_text("Black chooses a soldier on rank 8 to become its King.")
    assert site.marks("drop") == {"a8", "c8", "e8", "g8"}
    shot(site.page, "ks-start")
    site.watch.assert_clean()


def test_seed_example_diagram_2_by_clicks(site):
    site.load_position(SEED_DIAGRAM_2)
    page = site.page
    expect(page.locator("#turn")).to_have_text("Black to move")
    assert site.history() == []
    expect(page.locator("#position-text")).to_have_text(SEED_DIAGRAM_2)

    site.click("b3")  # Black's King: two steps and a swap with the soldier on c4
    assert site.selected() == {"b3"}
    assert site.dests() == {"a2", "c2", "c4"}
    site.click("b3")  # clicking it again puts it down
    assert site.dests() == set() and site.selected() == set()
    site.click("e2")  # e2-f1 would enter Black's last row: e2 has no move
    assert site.dests() == set()

    site.click("g4")
    assert site.dests() == {"f3", "h3"}
    site.click("f3")
    expect(page.locator("#moves .mv.current")).to_have_text("g4-f3")
    site.wait_idle()
    assert site.last_move_squares() == {"g4", "f3"}
    expect(page.locator("#turn")).to_have_text("Green to move")
    expect(page.locator("#notes")).to_contain_text("A capture is possible, so a capture must be made")
    assert site.marks("must-move") == {"g2"}  # the one piece that can (so must) capture
    site.click("h1")  # a piece that cannot move: no hint about another piece's capture
    expect(page.locator("#hint")).to_have_text("")

    site.click("g2")
    assert site.dests() == {"e4"}
    site.click("e4")  # a capture; the piece may stop here or jump on to g6
    assert site.dests() == {"g6"}
    assert site.stop_squares() == {"e4"}
    expect(page.locator("#hint")).to_contain_text("choose e4 again to stop")
    shot(page, "ks-stop-here")
    site.click("e4")
    expect(page.locator("#moves .mv.current")).to_have_text("g2:e4")
    site.wait_idle()
    assert "f3" not in site.pieces() and site.pieces()["e4"] == "g"

    site.click("f5")
    assert site.dests() == {"d3"}
    site.click("b3")  # a capture is due: the King has no move now
    assert site.dests() == set()
    site.play("f5:d3", ["f5", "d3"])
    site.play("d1:f3", ["d1", "f3"])
    site.click("b3")
    assert site.dests() == {"a2", "c2", "c4", "d3"}
    site.click("d3")
    expect(page.locator("#moves .mv.current")).to_have_text("b3>d3")
    site.wait_idle()
    assert site.pieces()["d3"] == "B" and site.pieces()["b3"] == "b"

    for text, path in [("b1-a2", ["b1", "a2"]), ("d3-c2", ["d3", "c2"]), ("f3-e4", ["f3", "e4"]), ("c2-b1", ["c2", "b1"])]:
        site.play(text, path)
    expect(page.locator("#result-title")).to_have_text("Black wins")
    expect(page.locator("#turn")).to_be_hidden()
    assert site.marks("win") == {"b1"}
    site.click("a2")  # the game is over: no move starts anywhere
    assert site.dests() == set()
    assert site.history() == ["g4-f3", "g2:e4", "f5:d3", "d1:f3", "b3>d3", "b1-a2", "d3-c2", "f3-e4", "c2-b1"]
    shot(page, "ks-black-wins")
    site.watch.assert_clean()


# A whole game from the start: drops, steps, swaps, captures and chains, to Black's King on f1.
FULL_GAME = (
    "K@e8 K@d1 e8>g8 d3-e4 g8>h7 b3-c4 e6-d5 c4:e6 f7:d5 f3-g4 d5:f3 g2:e4 d7-e6 g4-h5 g6-f5 e4:g6 "
    "h7:f5 h5-g6 g8-f7 c2-d3 f7:h5 h3-g4 h5:f3 e2:g4 f5:h3 a2-b3 e6-f5 f1-g2 h3:f1"
).split()


def test_a_complete_game_from_the_start(site):
    site.button("New game").click()
    site.wait_idle()
    assert site.history() == [] and site.pieces() == START.pieces_on_board()
    game = pygame_rules.Game("lilypad")
    for text in FULL_GAME:
        move = game.position.move(text)
        site.play(text, move.path)
        game.play(move)
        assert site.pieces() == game.position.pieces_on_board(), f"after {text}"
    assert game.describe_result() == "Black wins"
    expect(site.page.locator("#result-title")).to_have_text("Black wins")
    assert site.history() == FULL_GAME
    site.watch.assert_clean()


def test_undo_takes_back_one_move(site):
    before = site.history()
    site.button("Undo").click()
    site.wait_idle()
    assert site.history() == before[:-1]
    expect(site.page.locator("#result")).to_be_hidden()
    expect(site.page.locator("#turn")).to_have_text("Black to move")
    assert site.pieces()["h3"] == "B"
    site.play("h3:f1", ["h3", "f1"])
    expect(site.page.locator("#result-title")).to_have_text("Black wins")


def test_the_game_in_progress_survives_a_reload(site):
    site.button("New game").click()
    site.wait_idle()
    site.play("K@c8", ["c8"])
    site.play("K@f1", ["f1"])
    site.page.reload()
    expect(site.page.locator("#board .piece[data-square='c8']")).to_have_attribute("data-piece", "B")
    assert site.page.get_attribute("html", "data-engine") == "loading", "the saved board is drawn before Python starts"
    site.wait_ready()
    assert site.history() == ["K@c8", "K@f1"]
    assert site.pieces()["f1"] == "G"
    site.watch.assert_clean()


def test_flip_board_turns_the_board_round(site):
    def top_left():
        box = site.square("a8").bounding_box()
        other = site.square("h1").bounding_box()
        return box["y"] < other["y"] and box["x"] < other["x"]

    assert top_left()
    site.button("Flip board").click()
    assert not top_left()
    site.button("Flip board").click()
    assert top_left()


def test_drag_and_drop_plays_a_one_step_move(site):
    page = site.page
    start = site.square("c6").bounding_box()
    end = site.square("d5").bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + 10, end["y"] + 10, steps=8)
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=4)
    page.mouse.up()
    expect(page.locator("#moves .mv.current")).to_have_text("c6-d5")
    site.wait_idle()
    assert site.pieces()["d5"] == "b"


def test_keyboard_moves_a_piece(site):
    page = site.page
    site.button("New game").click()
    site.wait_idle()
    page.locator("#board svg").focus()
    page.keyboard.press("ArrowRight")  # the cursor starts on the first piece that can move (a8)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # c8: a drop is one square, so this plays it
    expect(page.locator("#moves .mv.current")).to_have_text("K@c8")
    site.wait_idle()


def test_variant_chooser_starts_that_variant(site):
    page = site.page
    page.get_by_label("Rules").select_option(label="Lilypad (Invisible City)")
    expect(page.locator("#title")).to_have_text("Lilypad (Invisible City)")
    site.wait_idle()
    assert site.history() == []
    page.get_by_label("Rules").select_option(label="Standard rules")
    expect(page.locator("#title")).to_have_text("Lilypad")
    site.wait_idle()
    site.watch.assert_clean()


def test_every_registered_game_opens_from_the_chooser(site):
    page = site.page
    for game in pygame_rules.games():
        cls = pygame_rules.core.position_class(game)
        page.locator(f"#games button[data-game='{game}']").click()
        expect(page.locator("#title")).to_have_text(cls.title)
        site.wait_idle()
        expect(page.locator("#board .sq")).to_have_count(len(cls.geometry))
        assert site.pieces() == cls.start().pieces_on_board()
        shot(page, f"ks-game-{game}")
    page.locator("#games button[data-game='lilypad']").click()
    expect(page.locator("#title")).to_have_text("Lilypad")
    site.wait_idle()
    site.watch.assert_clean()


def test_the_players_chosen_carry_over_to_a_game_only_looked_at(new_site):
    """A game shown but not begun (no move yet) is not the person's choice of players: switching
    back to it brings the players chosen since, as a new game would; a begun game keeps its own."""
    site = new_site()
    site.open()
    mode = site.page.locator("#mode")
    assert mode.input_value() == "two"  # Lilypad, shown on arrival, nothing played
    site.page.locator("#games button[data-game=lion]").click()
    site.wait_idle()
    site.choose_players(site.page.locator("#mode option[value='play-0']").inner_text())
    site.wait_idle()
    for game in ("three-crowns", "lilypad"):
        site.page.locator(f"#games button[data-game={game}]").click()
        site.wait_idle()
        assert mode.input_value() == "play-0", game
    site.choose_players("Two players")
    site.wait_idle()
    site.play("K@c8", ["c8"])  # begun between two people: it keeps them
    site.page.locator("#games button[data-game=lion]").click()
    site.wait_idle()
    site.choose_players(site.page.locator("#mode option[value='play-1']").inner_text())
    site.wait_idle()
    site.page.locator("#games button[data-game=lilypad]").click()
    site.wait_idle()
    assert mode.input_value() == "two"
    assert site.history() == ["K@c8"]
    site.watch.assert_clean()
