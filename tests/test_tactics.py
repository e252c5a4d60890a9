"""The analysis feature's tactics suite (``tests/data/tactics-<game>.txt``), re-proved by the solver.

Each line: a position, the number of its side's moves to a forced win (2 or 3, never 1), and every
first move that forces it that fast. Made by ``python -m pygame_rules.puzzlegen --tactics tests/data``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import pygame_rules
from pygame_rules.solve import Solver

DATA = Path(__file__).parent / "data"


def suite(game: str) -> list[tuple[str, int, list[str]]]:
    path = DATA / f"tactics-{game}.txt"
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            text, n, moves = (part.strip() for part in line.split("|"))
            out.append((text, int(n), moves.split()))
    return out


GAMES = [g for g in pygame_rules.games() if suite(g)]
CASES = [(g, *case) for g in GAMES for case in suite(g)]


@pytest.mark.parametrize("game", GAMES)
def test_the_suite_has_50_distinct_positions_in_2_or_3(game):
    cases = suite(game)
    assert len(cases) >= 50 and len({text for text, _, _ in cases}) == len(cases)
    assert {n for _, n, _ in cases} <= {2, 3}


@pytest.mark.parametrize("game,text,n,moves", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_the_side_to_move_wins_in_exactly_n_with_exactly_these_moves(game, text, n, moves):
    position = pygame_rules.load(game, text)
    assert position.text == text
    solver = Solver()
    assert solver.forced_win_length(position, n) == n
    assert solver.winning_moves(position, n) == moves
