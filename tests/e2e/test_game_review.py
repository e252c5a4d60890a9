"""The engine as a coach: a game review that grades every move (proven results first: a proven win
let go is "??", the only winning move "!"; then by the fall in expected result), each side's accuracy
and counts; and Hint, the evaluation bar and the best line answering from one search. Every proven
claim the page shows is checked here by exhaustive search (pygame_rules.solve)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect
from test_analysis import SPY, position_after, shoot

import pygame_rules
from pygame_rules.solve import Solver, winning_moves, wins_within

# The end of a real game, level 1 against level 1 (tests/test_review.py has it whole, from move 24
# here): Black's g4-h3 is the only move that wins in 3; two moves later, with a win in 2, Black
# plays b5-a4, after which Green wins in 2, and does.
START = "b3B3/3b3b/8/1b3g2/4G3/1b5g/6g1/8 b -"
MOVES = ["h7-g6", "f5:h7", "a8-b7", "h3-g4", "b3-a2", "g4-f5", "e8-f7", "f5-g6", "f7:h5", "e4-f5", "h5-g4",
         "f5-g6", "g4-h3", "g2-f3", "b5-a4", "g6-f7", "a4-b3", "f7-e8"]
ONLY_MOVE_PLY = 13
LET_GO_PLY = 15


@pytest.fixture
def spied(new_site):
    site = new_site()
    site.page.add_init_script(SPY)
    site.open()
    return site


def test_a_review_grades_every_move_proven_results_first_with_accuracy_and_counts(spied):
    page = spied.page
    # The claims the review will make, proven first.
    before = position_after(MOVES[: ONLY_MOVE_PLY - 1], START)
    assert winning_moves(before, 3) == [MOVES[ONLY_MOVE_PLY - 1]]
    before = position_after(MOVES[: LET_GO_PLY - 1], START)
    assert wins_within(before, 2) and not Solver().move_wins_within(before, before.move(MOVES[LET_GO_PLY - 1]), 2)
    assert wins_within(position_after(MOVES[:LET_GO_PLY], START), 2)

    page.evaluate(f"location.hash = {'#analysis&game=lilypad&start=' + quote(START) + '&moves=' + quote(' '.join(MOVES))!r}")
    expect(page.locator("#analysis-moves .line > .mv")).to_have_count(len(MOVES))
    spied.button("Analyse this game").click()
    expect(page.locator("#analysis-progress")).to_be_visible()
    expect(page.locator("#analysis-progress")).to_be_hidden(timeout=120_000)

    let_go = page.locator(f"#analysis-moves .mv[data-ply='{LET_GO_PLY}']")
    expect(let_go).to_have_attribute("data-mark", "win-let-go")
    expect(let_go.locator(".sign")).to_have_text("??")
    expect(let_go).to_have_attribute("title", "Win let go: Black could force a win in 2; this move does not: now Green wins in 2.")
    only = page.locator(f"#analysis-moves .mv[data-ply='{ONLY_MOVE_PLY}']")
    expect(only).to_have_attribute("data-mark", "only-move")
    expect(only.locator(".sign")).to_have_text("!")
    expect(only).to_have_attribute("title", "Only move: the one move that forces a win in 3.")
    # Each side's accuracy and counts, in words; the win let go counts as a blunder.
    sides = page.locator("#analysis-review-summary .review-side")
    expect(sides).to_have_count(2)
    expect(sides.first).to_contain_text(pygame_rules.start("lilypad").side_names["b"] + ": ")
    expect(sides.first).to_have_text(re_side())
    expect(sides.last).to_have_text(re_side("Green"))
    assert "no blunders" not in sides.first.inner_text()
    # Every sign shown is one of the review's, every graded move's words say why.
    for mark in page.locator("#analysis-moves .mv[data-mark]").all():
        assert mark.locator(".sign").inner_text() in ("!", "?!", "?", "??")
        assert mark.get_attribute("title")
    expect(page.locator(f"#analysis-graph .graph-mark[data-ply='{LET_GO_PLY}']")).to_have_class("graph-mark graph-win-let-go")
    let_go.click()
    expect(page.locator("#analysis-status")).to_be_visible()
    shoot(page, "coach-review")
    spied.watch.assert_clean()


def re_side(name="Black"):
    return re.compile(rf"^{name}: \d+% accuracy; (no|\d+) inaccurac(y|ies), (no|\d+) mistakes?, (no|\d+) blunders?\.$")


def test_hint_the_evaluation_and_the_best_line_come_from_one_search(spied):
    """Issue 25, item 14 (3 Crowns: Hint e1-f2 while the best line began g3-f3)."""
    site, page = spied, spied.page
    page.locator("#games button[data-game='three-crowns']").click()
    page.get_by_label("Players").select_option("two")
    site.button("New game").click()
    site.wait_idle()
    position = pygame_rules.start("three-crowns")
    expect(page.locator("#game-eval")).to_be_visible()  # two people at one board see it by default
    expect(page.locator("#best-line-text")).to_contain_text("Best line:")
    site.button("Hint").click()
    hint = page.locator("#hint-text")
    expect(hint).to_contain_text("Hint:", timeout=30_000)
    move = hint.get_attribute("data-move")
    line = page.locator("#best-line-text").inner_text()
    assert line.startswith(f"Best line: {move}") and not line.endswith("…"), (move, line)
    assert move in position.moves()
    expect(page.locator("#game-evalbar")).not_to_have_class("pending")
    # One search of the position answered all three.
    thinks = page.evaluate("() => window.__sent.filter(r => r.op === 'think' && r.game === 'three-crowns')")
    assert len([t for t in thinks if t.get("moves") == []]) == 1, thinks
    shoot(page, "coach-hint")
    site.watch.assert_clean()
