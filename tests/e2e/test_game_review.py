"""The engine as a coach: a game review that grades every move (proven results first: a proven win
let go is "??", the only winning move "!"; then by the fall in expected result), each side's accuracy
and counts; and Hint, the evaluation bar and the best line answering from one search. Every proven
claim the page shows is checked here by exhaustive search (pygame_rules.solve).

Both journeys run in every arrival (each asks Python for its own ops: "review", "think") and the
review also on a phone, whose narrow panel stacks the review under the board."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from conftest import ARRIVALS, DESKTOP, PHONE
from playwright.sync_api import expect
from site_driver import MAIN_LINE, poll, shot
from test_analysis import SPY, position_after

import pygame_rules
from pygame_rules.solve import Solver, winning_moves, wins_within


# The end of a real game, level 1 against level 1 (tests/test_review.py has it whole; from Black's
# 28th move here): Black's g4-h3 is the only move that wins (in 3; no other wins even in 5); a move later, with a win in 2,
# Black plays b5-a4, after which Green wins in 2, and does.
START = "8/1b1b1B1g/6g1/1b6/4G3/8/b5g1/8 b -"
MOVES = ["f7:h5", "e4-f5", "h5-g4", "f5-g6", "g4-h3", "g2-f3", "b5-a4", "g6-f7", "a4-b3", "f7-e8"]
ONLY_MOVE_PLY = 5
LET_GO_PLY = 7
LINK = f"#analysis&game=lilypad&start={quote(START)}&moves={quote(' '.join(MOVES))}"


def side_words(name):
    return re.compile(rf"^{name}: \d+% accuracy; (no|\d+) inaccurac(y|ies), (no|\d+) mistakes?, (no|\d+) blunders?\.$")


def shoot(page, name):
    size = page.viewport_size
    shot(page, f"ks-{name}-{size['width']}", full_page=True)


@pytest.mark.parametrize(("arrival", "phone"), [*((a, False) for a in ARRIVALS), ("first", True)])
def test_a_review_grades_every_move_proven_results_first_with_accuracy_and_counts(arrive, arrival, phone):
    # The claims the review will make, proven first.
    before = position_after(MOVES[: ONLY_MOVE_PLY - 1], START)
    assert winning_moves(before, 5) == [MOVES[ONLY_MOVE_PLY - 1]]  # in 3; no other move even in 5
    before = position_after(MOVES[: LET_GO_PLY - 1], START)
    assert wins_within(before, 2) and not Solver().move_wins_within(before, before.move(MOVES[LET_GO_PLY - 1]), 2)
    assert wins_within(position_after(MOVES[:LET_GO_PLY], START), 2)

    site = arrive(arrival, LINK, phone=phone)
    page = site.page
    expect(page.locator(MAIN_LINE)).to_have_text(MOVES)
    site.press("Analyse this game")
    expect(page.locator("#analysis-progress")).to_be_visible()
    # Stopped, the review says how to start it again, and starts again so.
    site.press("Stop the review")
    expect(page.locator("#analysis-progress")).to_be_hidden()
    expect(page.locator("#analysis-review-summary")).to_have_text("The review was stopped. Press “Analyse this game” to start it again.")
    site.press("Analyse this game")
    expect(page.locator("#analysis-progress")).to_be_visible()
    expect(page.locator("#analysis-progress")).to_be_hidden(timeout=120_000)

    let_go = page.locator(f"#analysis-moves .mv[data-ply='{LET_GO_PLY}']")
    expect(let_go).to_have_attribute("data-mark", "win-let-go")
    expect(let_go.locator(".sign")).to_have_text("??")
    expect(let_go).to_have_attribute("aria-label", f"{MOVES[LET_GO_PLY - 1]}, win let go")  # words, not "??"
    expect(let_go).to_have_attribute("title", "Win let go: Black could force a win in 2; this move does not: now Green wins in 2.")
    only = page.locator(f"#analysis-moves .mv[data-ply='{ONLY_MOVE_PLY}']")
    expect(only).to_have_attribute("data-mark", "only-move")
    expect(only.locator(".sign")).to_have_text("!")
    expect(only).to_have_attribute("title", "Only move: the one move that forces a win within 5 moves (it wins in 3).")
    # Each side's accuracy and counts, in words; the win let go counts as a blunder.
    sides = page.locator("#analysis-review-summary .review-side")
    expect(sides).to_have_text([side_words("Black"), side_words("Green")])
    assert "no blunders" not in sides.first.inner_text()
    # Every sign shown is one of the review's, and every graded move's words say why.
    for mark in page.locator("#analysis-moves .mv[data-mark]").all():
        assert mark.locator(".sign").inner_text() in ("!", "?!", "?", "??")
        assert mark.get_attribute("title")
    expect(page.locator(f"#analysis-graph .graph-mark[data-ply='{LET_GO_PLY}']")).to_have_class("graph-mark graph-win-let-go")
    # The graph is from the view of the side at the bottom of the board: flipped, from the other's.
    caption = page.locator("#analysis-graph-caption")
    expect(caption).to_contain_text("Green's chances")
    heights = "el => el.getAttribute('points').split(' ').map(p => Number(p.split(',')[1]))"
    greens = page.locator("#analysis-graph .graph-line").evaluate(heights)
    site.press("Flip")
    expect(caption).to_contain_text("Black's chances")
    blacks = page.locator("#analysis-graph .graph-line").evaluate(heights)
    assert len(blacks) == len(greens) and all(abs(b + g - 80) < 0.11 for b, g in zip(blacks, greens)) and greens != blacks
    let_go.tap() if phone else let_go.click()
    expect(page.locator("#analysis-moves .mv.current")).to_have_attribute("data-ply", str(LET_GO_PLY))
    expect(page.locator("#analysis-move-grade")).to_contain_text(f"{MOVES[LET_GO_PLY - 1]}?? Win let go: Black could force a win in 2")
    shoot(page, f"coach-review-{arrival}")
    site.watch.assert_clean()


@pytest.mark.parametrize(("arrival", "phone"), [*((a, False) for a in ARRIVALS), ("first", True)])
def test_hint_the_evaluation_and_the_best_line_come_from_one_search(arrive, arrival, phone):
    """Issue 25, item 14 (3 Crowns: Hint e1-f2 while the best line began g3-f3)."""
    site = arrive(arrival, phone=phone)
    page = site.page
    page.evaluate(SPY)  # what the page sends to the worker from now on
    games = page.locator("#games button[data-game='three-crowns']")
    games.tap() if phone else games.click()
    page.get_by_label("Players").select_option("two")
    site.press("New game")
    site.wait_idle()
    position = pygame_rules.start("three-crowns")
    expect(page.locator("#game-eval")).to_be_visible()  # two people at one board see it by default
    expect(page.locator("#best-line-text")).to_contain_text("Best line:")
    sent = page.evaluate("() => window.__sent.length")
    site.press("Hint")
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Hint:", timeout=30_000)
    move = hint.get_attribute("data-move")
    line = page.locator("#best-line-text").inner_text()
    assert line.startswith(f"Best line: {move}") and not line.endswith("…"), (move, line)
    assert move in position.moves()
    expect(page.locator("#game-evalbar")).not_to_have_class("pending")
    # The evaluation's search answered the Hint too: no other search was started for it.
    asked = page.evaluate("(n) => window.__sent.slice(n).map(r => r.op)", sent)
    assert "think" not in asked, asked
    shoot(page, f"coach-hint-{arrival}")
    site.watch.assert_clean()


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_a_review_asked_from_the_result_box_starts_in_sight(new_site, phone):
    """A game against the computer resigned, then "Analyse this game" in the result box. The review
    starts on the analysis board; on a phone its card is far below the board: it is brought into
    view as it starts, with room for the summary it ends with. On a desktop it is in view beside
    the board, and nothing moves."""
    site = new_site(**(PHONE if phone else DESKTOP))
    site.open("#game=lilypad")
    page = site.page
    site.play_black_and_await_reply()
    site.press("Resign")
    page.locator("#resign-yes").tap() if phone else page.locator("#resign-yes").click()
    expect(page.locator("#result-title")).to_be_visible()
    site.press("Analyse this game")
    expect(page.locator("#analysis-view")).to_be_visible()
    board = None if phone else site.assert_board_in_view(board="#analysis-board")
    expect(site.button("Stop the review").or_(site.button("Analyse this game"))).to_be_in_viewport(ratio=1)
    expect(page.locator("#analysis-review-summary")).to_be_in_viewport()
    # Its end in sight too: each side's accuracy, under the graph.
    sides = page.locator("#analysis-review-summary .review-side")
    expect(sides).to_have_text([side_words("Black"), side_words("Green")], timeout=60_000)
    expect(page.locator("#analysis-graph-caption")).to_contain_text("Black's chances")  # the person's side
    page.wait_for_timeout(500)  # a smooth scroll's end
    if phone:
        expect(sides.last).to_be_in_viewport(ratio=1)
    else:
        site.assert_board_in_view(board, "#analysis-board")  # the page did not move
    shot(page, f"ks-review-from-result-{page.viewport_size['width']}")
    site.watch.assert_clean()


# The opening of a real game (tests/test_review.py's, level 1 against level 1): no position in it
# is proven, so every grade comes from the evaluations' searches.
OPENING = "K@a8 K@d1 a8>c8 d1>f1 a6-b5 d3-c4 b5:d3 e2:c4 e6-d5 c4:e6 f7:d5 b3-c4 d5:b3 a2:c4 g8-f7 c4-b5".split()


def review_shown(site) -> dict:
    """What a finished review shows: each graded move's sign and words, and each side's summary."""
    page = site.page
    expect(page.locator("#analysis-review-summary .review-side")).to_have_count(2, timeout=180_000)
    expect(page.locator("#analysis-progress")).to_be_hidden()
    marks = page.locator("#analysis-moves .mv[data-mark]").evaluate_all(
        "els => els.map(e => [e.dataset.ply, e.dataset.mark, e.title])"
    )
    return {"marks": marks, "sides": page.locator("#analysis-review-summary .review-side").all_inner_texts()}


def test_the_same_game_reviewed_twice_is_graded_the_same(arrive):
    """Every search a review makes looks at a fixed number of positions, so a game reviewed again
    (here after a reload: nothing the first review found is remembered) gets the same grades."""
    site = arrive("first", f"#analysis&game=lilypad&moves={quote(' '.join(OPENING))}")
    page = site.page
    expect(page.locator(MAIN_LINE)).to_have_text(OPENING)
    site.press("Analyse this game")
    first = review_shown(site)
    assert first["marks"] and all(side_words(n).match(t) for n, t in zip(("Black", "Green"), first["sides"]))
    page.reload()
    site.wait_ready()
    expect(page.locator(MAIN_LINE)).to_have_text(OPENING)
    expect(page.locator("#analysis-moves .mv[data-mark]")).to_have_count(0)
    site.press("Analyse this game")
    assert review_shown(site) == first

    # A graded move shown says its grade in words, names the engine's move, and plays it on request.
    ply, _, words = next(m for m in first["marks"] if "was better" in m[2])
    better = re.match(r"\w+: (\S+) was better", words)[1]
    page.locator(f"#analysis-moves .mv[data-ply='{ply}']").click()
    grade = page.locator("#analysis-move-grade")
    expect(grade).to_contain_text(f"{OPENING[int(ply) - 1]}")
    expect(grade).to_contain_text(words)
    site.press(f"Play {better} instead")
    expect(page.locator("#analysis-moves .mv.current")).to_have_text(better)
    expect(page.locator(MAIN_LINE)).to_have_text([re.compile(f"^{re.escape(m)}") for m in OPENING])  # a variation: the game is kept
    expect(grade).to_be_hidden()
    site.watch.assert_clean()


def settled_box(site, selector):
    """Where ``selector`` is once the page has stopped moving (a smooth scroll's end)."""
    boxes = []

    def still():
        boxes.append(site.page.locator(selector).bounding_box())
        return len(boxes) > 1 and boxes[-1] == boxes[-2]

    poll(still, 10_000, f"{selector} to stop moving")
    return boxes[-1]


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_after_a_review_the_board_and_its_step_buttons_are_in_sight_together(new_site, phone):
    """A game reviewed on the analysis board, then gone through move by move. On a phone the step
    buttons are right under the board and the move list under them, so the board and the buttons
    are in sight together (they were some 600 px apart: one could not step and watch the board); a
    graded move tapped in the list, or a point of the graph, with the board scrolled out of sight
    brings the board back into sight; and the board never moves under the finger as the buttons
    step. On a desktop the buttons stay under the move list beside the board, and nothing moves."""
    site = new_site(**(PHONE if phone else DESKTOP))
    site.open(f"#analysis&game=lilypad&moves={quote(' '.join(OPENING))}")
    page = site.page
    tap = (lambda target, **kw: target.tap(**kw)) if phone else (lambda target, **kw: target.click(**kw))
    expect(page.locator(MAIN_LINE)).to_have_text(OPENING)
    current = page.locator("#analysis-moves .mv.current")
    steps = page.locator("#analysis-first, #analysis-previous, #analysis-next, #analysis-end")
    board = site.assert_board_in_view(board="#analysis-board")
    first_step = page.locator("#analysis-first").bounding_box()
    if phone:
        # Right under the board, the move list under them, before the engine's lines.
        assert 0 <= first_step["y"] - (board["y"] + board["height"]) < 30, (board, first_step)
        assert page.locator("#analysis-moves").bounding_box()["y"] < page.locator("#analysis-eval").bounding_box()["y"]
    else:
        # Beside the board, under the move list, as before.
        assert first_step["x"] > board["x"] + board["width"]
        assert first_step["y"] > page.locator("#analysis-moves").bounding_box()["y"]
    for i in range(4):
        expect(steps.nth(i)).to_be_in_viewport(ratio=1)
    site.press("Analyse this game")
    review_shown(site)
    graded = page.locator("#analysis-moves .mv[data-mark]").first
    ply = int(graded.get_attribute("data-ply"))

    if phone:
        # Scrolled down to the move list: the board is out of sight.
        page.evaluate("window.scrollTo(0, document.getElementById('analysis-moves-heading').getBoundingClientRect().top + scrollY - 8)")
        expect(page.locator("#analysis-board")).not_to_be_in_viewport(ratio=1)
    tap(graded)
    expect(current).to_have_attribute("data-ply", str(ply))
    expect(page.locator("#analysis-board")).to_be_in_viewport(ratio=1)
    settled_box(site, "#analysis-board")
    seen = site.assert_board_in_view(None if phone else board, "#analysis-board")
    for i in range(4):
        expect(steps.nth(i)).to_be_in_viewport(ratio=1)
    shot(page, f"ks-review-steps-{page.viewport_size['width']}")
    # Stepping with the buttons: the board changes in place, in sight.
    for name, expected in (("One move on", ply + 1), ("One move back", ply), ("One move back", ply - 1), ("End of the line", len(OPENING)), ("Start position", None)):
        site.press(name)
        if expected is None:
            expect(current).to_have_count(0)
        else:
            expect(current).to_have_attribute("data-ply", str(expected))
        site.assert_board_in_view(seen, "#analysis-board")

    # The graph, below the move list and the engine's lines.
    graph = page.locator("#analysis-graph")
    if phone:
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        expect(page.locator("#analysis-board")).not_to_be_in_viewport()
    graph.scroll_into_view_if_needed()  # the person scrolls to it (a desktop's window too, by a few pixels)
    if not phone:
        seen = site.assert_board_in_view(board="#analysis-board")
    box = graph.bounding_box()
    tap(graph, position={"x": box["width"] * 0.5, "y": box["height"] / 2})
    expect(current).to_have_count(1)
    expect(page.locator("#analysis-board")).to_be_in_viewport(ratio=1)
    settled_box(site, "#analysis-board")
    seen = site.assert_board_in_view(None if phone else seen, "#analysis-board")
    for i in range(4):
        expect(steps.nth(i)).to_be_in_viewport(ratio=1)
    at = int(current.get_attribute("data-ply"))
    site.press("One move on")
    expect(current).to_have_attribute("data-ply", str(at + 1))
    site.assert_board_in_view(seen, "#analysis-board")
    shot(page, f"ks-review-graph-steps-{page.viewport_size['width']}")
    site.watch.assert_clean()


def test_a_resigned_game_is_analysed_as_resigned(new_site):
    """Green resigns against the computer after its first move, then "Analyse this game" in the
    result box: the analysis board says Green resigned there (not "Green to move"), and so does the
    review's summary. Moves tried after it are analysis; back at the game's end, and after a reload,
    it says so again. A link whose resigned side is none of the game's is said, the rest opened."""
    site = new_site(**DESKTOP)
    site.open("#game=lilypad")
    page = site.page
    site.choose_players("Play Green vs computer", 1)
    site.wait_idle()
    first = page.locator("#moves .mv").first
    expect(first).not_to_have_text("…")  # the computer's first move
    expect(first).not_to_have_text("")
    site.wait_idle()
    opening = first.inner_text()
    site.press("Resign")
    page.locator("#resign-yes").click()
    expect(page.locator("#result-reason")).to_have_text("Green resigned.")
    site.press("Analyse this game")
    expect(page.locator("#analysis-view")).to_be_visible()
    turn = page.locator("#analysis-turn")
    expect(turn).to_have_text("Green resigned here.")
    assert "resigned=g" in page.evaluate("location.hash")
    expect(page.locator(MAIN_LINE)).to_have_text([opening])
    # The review's summary says how the game ended, under each side's accuracy.
    expect(page.locator("#analysis-review-summary .review-side")).to_have_count(2, timeout=60_000)
    expect(page.locator("#analysis-review-summary .review-end")).to_have_text(f"Green resigned after 1. {opening}.")
    shot(page, "ks-analysis-resigned-1280")
    site.press("One move back")
    expect(turn).to_have_text("Black to move")
    site.press("One move on")
    expect(turn).to_have_text("Green resigned here.")
    # A move tried after the resignation: analysis goes on; back at the game's end, it is said again.
    position = position_after([opening])
    move = position.legal()[0]
    for square in move.to_json()["path"]:
        page.locator(f"#analysis-board .sq[data-square='{square}']").click()
    if page.locator(f"#analysis-board .stop[data-square='{move.to_json()['path'][-1]}']").count():
        page.locator(f"#analysis-board .sq[data-square='{move.to_json()['path'][-1]}']").click()
    expect(page.locator("#analysis-moves .mv.current")).to_have_text(move.text)
    expect(turn).to_have_text("Black to move")
    site.press("One move back")
    expect(turn).to_have_text("Green resigned here.")
    page.reload()
    site.wait_ready()
    expect(turn).to_have_text("Green resigned here.")
    expect(page.locator("#analysis-moves .mv")).to_have_text([opening, move.text])
    # A link whose resigned side is none of the game's: said, and the rest opened.
    site.open(f"#analysis&game=lilypad&moves={quote(opening)}&resigned=purple")
    expect(page.locator("#analysis-messages")).to_contain_text("says a side resigned that is none of the game's")
    expect(page.locator(MAIN_LINE)).to_have_text([opening])
    expect(turn).to_have_text("Green to move")
    site.watch.assert_clean()
