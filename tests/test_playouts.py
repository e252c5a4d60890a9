"""Random playouts over every registered game and variant: the protocol's invariants hold everywhere.

New games and variants are covered as soon as they register. Each position reached checks: move
texts unique and sorted, every listed move plays and parses back from its text, paths and removed
squares name real (and, for removed ones, occupied) squares, position strings round-trip, ``play``
never changes its input, and the result agrees with the legal moves. Whole random games must end.
"""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import Game, Position

GAMES = [(game, variant) for game in pygame_rules.games() for variant in pygame_rules.variants(game)]
IDS = [f"{game}-{variant or 'default'}" for game, variant in GAMES]

#: Plies a random game may take. None of the games has an unbounded random game in practice:
#: Lilypad's soldiers only go forward (swaps and crowned checkers aside, which repetition ends),
#: 3 Crowns and the Lion Game draw after 100 plies without progress.
MAX_GAME_PLIES = 3000


def check_position(p: Position, game: str, variant: str | None) -> None:
    squares = set(p.geometry.names)
    text, cells = p.text, list(p.board_cells())
    assert p.turn in p.sides
    assert pygame_rules.load(game, text, variant).text == text
    assert pygame_rules.load(game, text, variant) == p
    assert hash(p.repetition_key) == hash(pygame_rules.load(game, text, variant).repetition_key)
    assert hash(p.state) == hash(pygame_rules.load(game, text, variant).state)
    assert math.isfinite(p.evaluate())
    json.dumps(p.status())
    for mark in p.status()["marks"]:
        assert mark["square"] in squares, mark

    legal = p.legal()
    texts = [m.text for m in legal]
    assert texts == sorted(texts) == p.moves()
    assert len(set(texts)) == len(texts), f"duplicate move texts in {text}"
    if p.winner is not None:
        assert legal == (), f"{text} is over ({p.winner}) but lists moves"
        assert p.winner in ("draw", *p.sides)
    else:
        assert legal, f"{text} has no legal move but no result"

    if p.winner is None:  # the search's and perft's edges are the legal moves, exactly
        edges = sorted(p._edges())
        assert [e[0] for e in edges] == texts
        for e, m in zip(edges, legal):
            assert p._successor(e[1]) == m.after.state, f"{m.text}: the edge leads elsewhere"
            assert e[2] == 1000.0 * len(m.removed) + p.order_hint(m), f"{m.text}: edge order"
            assert e[3] == bool(m.removed) and e[4] == p.wins_at_once(m), f"{m.text}: edge flags"
            child = p._after_edge(e[1])
            assert type(child) is type(p) and child.state == m.after.state, f"{m.text}: the search's child"
            if child._derived is not None:  # handed on by the move (Lilypad's masks): as if worked out afresh
                assert child._derived == type(p)(child.state)._pieces(), f"{m.text}: the child's derived data"
        tactical, quiet = p._tactical_edges()
        assert sorted(tactical) == [e for e in edges if e[3] or e[4]]
        assert quiet == any(not e[3] for e in edges)
        assert p._has_move() == bool(edges)

    occupied = p.pieces_on_board()
    for m in legal:
        assert p.move(m.text) == m
        assert p.play(m.text).text == m.after.text == p.play(m).text
        assert m.path and m.path[0] in squares, f"{m.text}: path {m.path}"
        assert set(m.path) <= squares, f"{m.text}: path {m.path}"
        assert set(m.removed) <= set(occupied), f"{m.text} removes {m.removed} from {text}"
        check_effects(m, occupied)
        assert p.wins_at_once(m) == (m.after._decided() == p.turn), f"{m.text}: wins_at_once is wrong"
        assert m.after.turn != p.turn
        assert type(m.after) is type(p)
        json.dumps(m.to_json())
    assert p.text == text and list(p.board_cells()) == cells, "playing changed the position"


def check_effects(m, before: dict[str, str]) -> None:
    """Every change a move makes to the board off its path is declared (the board previews them)."""
    after = m.after.pieces_on_board()
    off_path = (set(before) | set(after)) - set(m.path)
    happened = {sq: after.get(sq) for sq in off_path if before.get(sq) != after.get(sq)}
    declared = {sq: None for sq in m.removed if sq not in m.path} | dict(m.changed)
    assert happened == declared, f"{m.text}: the board changes {happened}, the move declares {declared}"
    for sq in m.jumped:
        assert sq in before and after.get(sq) == before[sq], f"{m.text}: jumped {sq} is not left as it was"


@pytest.mark.parametrize("game, variant", GAMES, ids=IDS)
@settings(max_examples=30)
@given(choices=st.lists(st.integers(0, 1 << 16), max_size=40), skip=st.integers(0, 200))
def test_invariants_along_random_playouts(game, variant, choices, skip):
    # ``skip`` random plies first (checked cheaply), so middle and late game positions are reached.
    record = Game(game, variant)
    rng = random.Random(skip)
    for _ in range(skip):
        if record.result is not None:
            break
        record.play(rng.choice(record.legal()))
    p = record.position
    check_position(p, game, variant)
    for choice in choices:
        if record.result is not None:
            break
        record.play(record.legal()[choice % len(record.legal())])
        check_position(record.position, game, variant)


@pytest.mark.parametrize("game, variant", GAMES, ids=IDS)
@settings(max_examples=8)
@given(seed=st.integers(0, 1 << 32))
def test_random_games_end(game, variant, seed):
    rng = random.Random(seed)
    record = Game(game, variant)
    for _ in range(MAX_GAME_PLIES):
        if record.result is not None:
            break
        record.play(rng.choice(record.legal()))
    assert record.result is not None, f"no result after {MAX_GAME_PLIES} plies: {record.position.text}"
    assert record.result in ("draw", *record.position.sides)
    assert record.legal() == ()


@pytest.mark.parametrize("game, variant", GAMES, ids=IDS)
def test_undo_returns_to_every_earlier_position(game, variant):
    rng = random.Random(f"{game}-{variant}")
    record = Game(game, variant)
    seen = [record.position.text]
    while record.result is None and len(seen) < 60:
        record.play(rng.choice(record.legal()))
        seen.append(record.position.text)
    while record.history:
        seen.pop()
        record.undo()
        assert record.position.text == seen[-1]
    assert record.position.text == record.start.text
