"""The rules view (#rules=<game>): reached from the game and by URL, back to the game untouched, a worked
example stepped through, a bad game named in plain words, and the pages' look at phone and desktop size."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

import pygame_rules
from site_driver import shot

PAGES = Path(__file__).resolve().parents[2] / "site" / "learn" / "rules"

# Two moves of each game, as (text, clicks).
OPENINGS = {
    "lilypad": [("K@c8", ["c8"]), ("K@f1", ["f1"])],
    "three-crowns": [("a4-b4", ["a4", "b4"]), ("h5-g5", ["h5", "g5"])],
    "lion": [("c3-c4", ["c3", "c4"]), ("d7-d6", ["d7", "d6"])],
}


def open_rules_from_the_game(site) -> None:
    site.page.get_by_role("link", name="Rules", exact=True).click()
    expect(site.page.locator("#rules-view")).to_be_visible()
    expect(site.page.locator("#game-view")).to_be_hidden()


@pytest.mark.parametrize("game", list(OPENINGS))
def test_rules_from_the_game_and_back_with_the_game_intact(new_site, game):
    site = new_site()
    site.open(f"#game={game}")
    for text, path in OPENINGS[game]:
        site.play(text, path)
    pieces = site.pieces()
    history = site.history()
    position = site.page.locator("#position-text").inner_text()

    open_rules_from_the_game(site)
    title = pygame_rules.position_class(game).info()["title"]
    expect(site.page.locator("#rules-heading")).to_have_text(f"How to play {title}")
    assert site.page.evaluate("location.hash") == f"#rules={game}"
    data = json.loads((PAGES / f"{game}.json").read_text())
    sections = site.page.locator("#rules-body .rules-section h2")
    expect(sections.first).to_have_text(data["sections"][0]["title"])
    figures = site.page.locator("#rules-body .rules-diagrams figure")
    diagram_count = sum(len(s.get("diagrams", [])) for s in data["sections"] + data["variants"])
    expect(figures).to_have_count(diagram_count)
    # Every diagram is drawn (pieces on it) with its caption.
    first = data["sections"][0]["diagrams"][0]
    board = site.page.locator("#rules-body .rules-diagrams ks-board").first
    expect(board.locator(".piece[data-square]")).to_have_count(len(pygame_rules.load(game, first["position"]).pieces_on_board()))
    expect(site.page.locator("#rules-body .rules-diagrams figcaption").first).to_have_text(first["caption"])
    for variant in pygame_rules.variants(game)[1:]:  # after the standard rules (None), each variant's section
        info = pygame_rules.position_class(game, variant).info()
        expect(site.page.locator(".rules-variant", has_text=info["title"]).locator("p").first).to_have_text(info["description"])

    site.page.get_by_role("link", name="Back to the game").click()
    expect(site.page.locator("#game-view")).to_be_visible()
    expect(site.page.locator("#rules-view")).to_be_hidden()
    site.wait_idle()
    assert site.history() == history and site.pieces() == pieces
    assert site.page.locator("#position-text").inner_text() == position
    assert site.page.evaluate("location.hash").startswith(f"#game={game}")
    # The browser's Back returns to the rules, Forward to the game again: still the same game.
    site.page.go_back()
    expect(site.page.locator("#rules-view")).to_be_visible()
    site.page.go_back()
    expect(site.page.locator("#game-view")).to_be_visible()
    assert site.history() == history
    site.watch.assert_clean()


def test_step_through_the_lilypad_worked_example(new_site):
    site = new_site()
    site.open("#rules=lilypad", wait=False)
    example = json.loads((PAGES / "lilypad.json").read_text())["examples"][0]
    section = site.page.locator(f"#{example['id']}")
    board = f"#{example['id']} ks-board"
    sentence = section.locator(".example-sentence")
    section.scroll_into_view_if_needed()
    expect(sentence).to_have_text(" ".join(example["text"]))
    expect(site.page.locator(f"{board} .label")).to_have_count(1)  # the original page's [1]
    back = section.get_by_role("button", name="‹ Back")
    forward = section.get_by_role("button", name="Next ›")
    expect(back).to_be_disabled()
    for n, step in enumerate(example["steps"], 1):
        forward.click()
        expect(sentence).to_have_text(step["sentence"])
        expect(section.locator(".example-counter")).to_contain_text(f"Move {n} of {len(example['steps'])}")
        expected = pygame_rules.load("lilypad", step["position"]).pieces_on_board()
        expect(site.page.locator(f"{board} .piece[data-square]")).to_have_count(len(expected))
        site.page.wait_for_function(
            "([sel, want]) => { const got = Object.fromEntries([...document.querySelector(sel).shadowRoot.querySelectorAll('.piece[data-square]')].map(e => [e.dataset.square, e.dataset.piece])); return JSON.stringify(Object.keys(got).sort().map(k => [k, got[k]])) === want; }",
            arg=[board, json.dumps(sorted(expected.items()), separators=(",", ":"))],
        )
        squares = set(site.page.locator(f"{board} .arrow").evaluate_all("els => els.flatMap(a => [a.dataset.from, a.dataset.to])"))
        assert squares <= set(step["move"].replace(">", " ").replace(":", " ").replace("-", " ").split()), (step["move"], squares)
    expect(forward).to_be_disabled()
    back.click()
    expect(sentence).to_have_text(example["steps"][-2]["sentence"])
    for _ in example["steps"][:-1]:
        back.click()
    expect(sentence).to_have_text(" ".join(example["text"]))
    expect(back).to_be_disabled()
    site.watch.assert_clean()


def test_the_lion_rules_by_url_with_the_board_key(new_site):
    site = new_site()
    site.open("#rules=lion", wait=False)
    expect(site.page.locator("#rules-heading")).to_have_text("How to play The Lion Game")
    expect(site.page.locator("#game-view")).to_be_hidden()
    data = json.loads((PAGES / "lion.json").read_text())
    names = site.page.locator(".rules-key li strong")
    expect(names).to_have_count(len(data["sections"][0]["key"]), timeout=30_000)
    shown = [t.strip() for t in names.all_inner_texts()]
    for name in ("Field", "Burrow square", "Green burrow", "The ring", "No square"):
        assert f"{name}:" in shown
    # The page's own hash stays once the game behind it has opened (no silent switch to #game=...).
    site.page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=300_000)
    assert site.page.evaluate("location.hash") == "#rules=lion"
    expect(site.page.locator(".rules-credit a")).to_have_attribute("href", data["credit"]["links"][0]["href"])
    # A game chosen in the top bar is shown: the rules page gives way to the game view.
    site.page.locator("#games button", has_text="Lilypad").click()
    expect(site.page.locator("#game-view")).to_be_visible()
    expect(site.page.locator("#rules-view")).to_be_hidden()
    expect(site.page.locator("#title")).to_have_text("Lilypad")
    site.page.wait_for_function("() => location.hash.startsWith('#game=lilypad')")
    site.watch.assert_clean()


def test_an_unknown_game_gets_a_plain_message(new_site):
    site = new_site()
    site.open("#rules=chess", wait=False)
    problem = site.page.locator(".rules-problem")
    expect(problem).to_have_text('There are no rules to show: there is no game called "chess" (games: Lilypad, 3 Crowns, The Lion Game).')
    site.page.get_by_role("link", name="How to play 3 Crowns").click()
    expect(site.page.locator("#rules-heading")).to_have_text("How to play 3 Crowns")
    site.watch.assert_clean()


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_screenshots_of_the_rules_pages(new_site, size):
    width, height = size
    site = new_site(viewport={"width": width, "height": height})
    site.open("#rules=lilypad", wait=False)
    for game in OPENINGS:
        site.page.evaluate(f"location.hash = '#rules={game}'")
        title = pygame_rules.position_class(game).info()["title"]
        expect(site.page.locator("#rules-heading")).to_have_text(f"How to play {title}", timeout=30_000)
        expect(site.page.locator(".rules-diagrams").first).to_be_visible(timeout=30_000)
        site.page.wait_for_timeout(300)
        # Nothing is wider than the screen.
        assert site.page.evaluate("document.documentElement.scrollWidth") <= width, game
        shot(site.page, f"rules-{game}-{width}")
        shot(site.page, f"rules-{game}-{width}-full", full_page=True)
    site.watch.assert_clean()
