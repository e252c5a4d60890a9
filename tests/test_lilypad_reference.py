"""The Lilypad engine against the independent reference ``tests/reference/lilypad_ref.py``.

On many random positions (random playouts from the start, random legal set-ups, and position
strings with one character changed) both must accept the same strings, write the same canonical
text, list the same legal moves with the same resulting positions, and give the same result.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import PositionError
from reference import lilypad_ref as ref

VARIANTS = pygame_rules.variants("lilypad")
DARK_SQUARES = [(rank, file) for rank in range(8) for file in range(8) if ref.dark(rank, file)]


def assert_same(text: str, variant: str | None) -> pygame_rules.Position | None:
    """Both implementations agree on ``text``; return the engine's position (None if rejected)."""
    try:
        expected = ref.parse(text, variant)
    except ValueError as e:
        expected, why = None, str(e)
    try:
        got = pygame_rules.load("lilypad", text, variant)
    except PositionError as e:
        got, error = None, str(e)
    if expected is None or got is None:
        assert got is None, f"engine accepts {text!r} ({variant}); reference: {why}"
        assert expected is None, f"engine rejects {text!r} ({variant}): {error}"
        return None
    assert got.text == expected.text
    want = {move: p.text for move, p in ref.legal(expected).items()}
    have = {m.text: m.after.text for m in got.legal()}
    assert have == want, (
        f"{got.text} ({variant}): only the engine {sorted(set(have.items()) - set(want.items()))}, "
        f"only the reference {sorted(set(want.items()) - set(have.items()))}"
    )
    assert got.winner == ref.result(expected), f"{got.text} ({variant})"
    return got


def play_out(p: pygame_rules.Position, variant: str | None, choices: list[int]) -> None:
    for choice in choices:
        moves = p.legal()
        if not moves:
            return
        p = moves[choice % len(moves)].after
        assert_same(p.text, variant)


@st.composite
def legal_set_ups(draw) -> tuple[str, str | None]:
    """A position string that obeys every rule of a position, with its variant."""
    variant = draw(st.sampled_from(VARIANTS))
    crowning = variant is not None
    drops = draw(st.sampled_from(["-", "-", "-", "g", "bg"]))
    density = draw(st.floats(0.05, 0.8))
    board = [[None] * 8 for _ in range(8)]
    count = {"b": 0, "g": 0}
    for rank, file in DARK_SQUARES:
        if draw(st.floats(0, 1)) >= density:
            continue
        side = draw(st.sampled_from("bg"))
        if count[side] == 11:  # a side has 12 checkers at most, its King one of them
            continue
        crowned = crowning and draw(st.booleans())
        if rank == ref.LAST_ROW[side] and not crowned:
            crowned = crowning
            if not crowned:
                continue
        board[rank][file] = ref.Checker(side, crowned)
        count[side] += 1
    for side in "bg":
        wants_king = {"-": draw(st.booleans()), "g": side == "b", "bg": False}[drops]
        if wants_king:
            rank, file = draw(st.sampled_from(DARK_SQUARES))
            crowned = crowning and (rank == ref.LAST_ROW[side] or draw(st.booleans()))
            if rank == ref.LAST_ROW[side] and not crowning:
                crowned = False  # a King on its last row: a won position, still legal
            board[rank][file] = ref.Checker(side, crowned, king=True)
    turn = drops[0] if drops != "-" else draw(st.sampled_from("bg"))
    pos = ref.Pos(tuple(map(tuple, board)), turn, drops.replace("-", ""), ref.Rules.of(variant))
    return pos.text, variant


@settings(max_examples=60)
@given(st.sampled_from(VARIANTS), st.lists(st.integers(0, 1 << 16), max_size=120))
def test_random_playouts_from_the_start(variant, choices):
    start = assert_same(pygame_rules.start("lilypad", variant).text, variant)
    play_out(start, variant, choices)


@settings(max_examples=150)
@given(legal_set_ups(), st.lists(st.integers(0, 1 << 16), max_size=12))
def test_random_set_ups_and_what_follows(set_up, choices):
    text, variant = set_up
    p = assert_same(text, variant)
    assert p is not None, f"the set-up {text!r} should be legal"
    play_out(p, variant, choices)


@settings(max_examples=200)
@given(legal_set_ups(), st.integers(0, 200), st.sampled_from("bBgGxXyYac.0123456789/ -kw"))
def test_position_strings_with_one_character_changed(set_up, where, character):
    text, variant = set_up
    where %= len(text)
    assert_same(text[:where] + character + text[where + 1:], variant)
