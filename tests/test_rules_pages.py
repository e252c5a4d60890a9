"""The site's rules pages (site/learn/rules/<game>.json): every diagram, move and claim checked by the rules.

Each page is data that site/learn/rules.js draws. What the pages show must be true of the engine:
every position parses (and is written canonically, so the drawing matches the rules' reading), every
move marked on a diagram or played in a worked example is legal where it is shown, and every claim
a caption or a sentence makes ("these are Green's only moves", "Black wins whatever Green does",
"e3 is crowned") is checked here: by the legal move list, or by exhaustive search (solve.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import pygame_rules
from pygame_rules.solve import wins_within

PAGES = Path(__file__).resolve().parent.parent / "site" / "learn" / "rules"
SQUARE = re.compile(r"[a-z][1-9]")
#: The designers' pages this project knows of (the original pages docs/rules.md credits); a page links nowhere else.
KNOWN_LINKS = {
    "https://web.archive.org/web/20020108022440/http:/invisible-city.com/games/lilypad.htm",
    "http://www.invisible-city.com/games/",
    "http://www.zillionsofgames.com",
    "http://play.chessvariants.org/pbm/play.php?game%3DThe+Lion+Game%26settings%3DLionX1",
}


def page(game: str) -> dict:
    return json.loads((PAGES / f"{game}.json").read_text(encoding="utf-8"))


def diagrams(data: dict):
    """(where, diagram) for every diagram of a page: sections and variants."""
    for section in data["sections"]:
        for i, diagram in enumerate(section.get("diagrams", [])):
            yield f"section {section['id']} diagram {i + 1}", diagram
    for variant in data.get("variants", []):
        for i, diagram in enumerate(variant.get("diagrams", [])):
            yield f"variant {variant['variant']} diagram {i + 1}", {"variant": variant["variant"], **diagram}


def arrows_of(text: str) -> list[tuple[str, str]]:
    """The arrows rules.js draws for a move text: between the squares it names, in order."""
    squares = SQUARE.findall(text)
    return [(a, b) for a, b in zip(squares, squares[1:]) if a != b]


def check_move(position: pygame_rules.Position, text: str, where: str) -> pygame_rules.Move:
    move = position.move(text)  # raises IllegalMoveError with the position quoted
    squares = SQUARE.findall(text)
    assert squares[0] == move.path[0] and squares[-1] == move.path[-1], f"{where}: {text} is drawn from {squares[0]} to {squares[-1]}, the move goes {move.path}"
    return move


def check_claims(position: pygame_rules.Position, item: dict, first: pygame_rules.Move | None, where: str) -> None:
    """The claims a caption or sentence makes about `position` (before `first`, the move shown)."""
    if "exactly" in item:
        # "These are the only moves" (of the pieces whose moves start as written).
        claim = item["exactly"]
        legal = sorted(m for m in position.moves() if m.startswith(claim.get("starting", "")))
        assert legal == sorted(claim["moves"]), f"{where}: the moves starting {claim.get('starting', '')!r} are {legal}"
    if "saving" in item:
        # "Only these moves do not lose at once."
        saving = sorted(m.text for m in position.legal() if m.after.winner is None and not wins_within(m.after, 1))
        assert saving == sorted(item["saving"]), f"{where}: the moves that do not lose at once are {saving}"
    if "wins" in item:
        # "<side> wins within N of its own moves, whatever the other side does" (after `first`).
        side, n = item["wins"]["side"], item["wins"]["within"]
        after = first.after if first else position
        if after.winner is not None:
            assert after.winner == side and n >= 0, f"{where}: the game is over ({after.describe_result()})"
        elif after.turn == side:
            assert wins_within(after, n), f"{where}: {side} has no win within {n} in {after.text}"
        else:
            assert all(m.after.winner == side or (m.after.winner is None and wins_within(m.after, n)) for m in after.legal()), (
                f"{where}: some defence holds {side} off for more than {n} moves in {after.text}"
            )
    if "result" in item:
        after = first.after if first else position
        assert after.winner == item["result"], f"{where}: the result is {after.winner!r}, not {item['result']!r}"
    if "after" in item:
        # Pieces on squares once the move is played ("" for an empty square).
        assert first is not None, f"{where}: 'after' needs a move"
        pieces = first.after.pieces_on_board()
        for square, letter in item["after"].items():
            assert pieces.get(square, "") == letter, f"{where}: after {first.text}, {square} holds {pieces.get(square, '')!r}"


GAMES = pygame_rules.games()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_page_naming_its_variants(game):
    data = page(game)
    assert data["game"] == game
    assert [v["variant"] for v in data.get("variants", [])] == pygame_rules.variants(game)[1:]
    for variant in pygame_rules.variants(game)[1:]:
        # The sentence shown for a variant is the rules' own description (the catalog's).
        assert pygame_rules.position_class(game, variant).info()["description"]
    assert data["credit"]["text"].strip()
    for link in data["credit"].get("links", []):
        assert link["href"] in KNOWN_LINKS, f"{game}: {link['href']} is not a page the seeds name"
    ids = [s["id"] for s in data["sections"]] + [e["id"] for e in data.get("examples", [])]
    assert len(ids) == len(set(ids)), f"{game}: repeated ids"


@pytest.mark.parametrize("game", GAMES)
def test_every_diagram_parses_and_marks_legal_moves(game):
    data = page(game)
    count = 0
    for where, diagram in diagrams(data):
        count += 1
        variant = diagram.get("variant")
        position = pygame_rules.load(game, diagram["position"], variant)
        assert position.text == diagram["position"], f"{where}: write the position canonically: {position.text}"
        assert diagram["caption"].strip(), f"{where}: no caption"
        moves = [check_move(position, text, where) for text in diagram.get("moves", [])]
        info = pygame_rules.position_class(game, variant).info()
        names = {s["name"] for s in info["squares"]}
        highlight = diagram.get("highlight", "").split()
        assert set(highlight) <= names, f"{where}: {set(highlight) - names} are not squares"
        check_claims(position, diagram, moves[0] if moves else None, where)
    assert count >= 8, f"{game}: only {count} diagrams"


@pytest.mark.parametrize("game", GAMES)
def test_worked_examples_are_played_move_by_move(game):
    for example in page(game).get("examples", []):
        where = f"example {example['id']}"
        position = pygame_rules.load(game, example["start"])
        assert position.text == example["start"], f"{where}: write the start canonically: {position.text}"
        if "diagram" in example:
            # The original page's own diagram string shows the same position.
            board = pygame_rules.load(game, f"{example['diagram'].removeprefix('lurd,8,8,')} {example['start'].split(' ', 1)[1]}")
            assert board.text == position.text, f"{where}: the original diagram is another position"
        opening = [check_move(position, text, where) for text in example.get("moves", [])]
        check_claims(position, example, opening[0] if opening else None, where)
        assert example["steps"], f"{where}: no steps"
        for n, step in enumerate(example["steps"], 1):
            at = f"{where} step {n} ({step['move']})"
            assert step["sentence"].strip(), f"{at}: no sentence"
            move = check_move(position, step["move"], at)
            check_claims(position, step, move, at)
            position = move.after
            assert position.text == step["position"], f"{at}: the position after it is {position.text}"


def test_the_rules_pages_are_the_games():
    assert sorted(p.stem for p in PAGES.glob("*.json")) == sorted(GAMES)
