"""The tactics suites (``tests/data/tactics-<game>.txt``): re-proved by the solver, and solved by
the search at a node budget.

Each line: a position, the number of its side's moves to a forced win (2 or 3, never 1), and every
first move that forces it that fast. Made by ``python -m pygame_rules.puzzlegen --tactics tests/data``.
``bench/tactics.py`` measures the share the search finds at fixed think times.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import pygame_rules
from pygame_rules import puzzlegen
from pygame_rules.puzzlegen import read_tactics
from pygame_rules.search import analyse
from pygame_rules.solve import Solver

DATA = Path(__file__).parent / "data"


def suite(game: str) -> list[tuple[str, int, list[str]]]:
    return read_tactics(DATA / f"tactics-{game}.txt")


GAMES = pygame_rules.games()
CASES = [(g, *case) for g in GAMES for case in suite(g)]


@pytest.mark.parametrize("game", GAMES)
def test_the_suite_has_50_distinct_positions_in_2_or_3(game):
    cases = suite(game)
    assert len({text for text, _, _ in cases}) == len(cases)
    assert {n for _, n, _ in cases} <= {2, 3}
    assert len(cases) >= 50


def test_the_generator_appends_to_a_suite_what_a_fresh_run_makes_next():
    first = list(puzzlegen.tactics("lilypad", 7, count=3))
    assert len({text for text, _, _ in first}) == 3
    assert list(puzzlegen.tactics("lilypad", 7, count=3, known=first[:1])) == first[1:]


@pytest.mark.parametrize("game,text,n,moves", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_the_side_to_move_wins_in_exactly_n_with_exactly_these_moves(game, text, n, moves):
    position = pygame_rules.load(game, text)
    assert position.text == text
    solver = Solver()
    assert solver.forced_win_length(position, n) == n
    assert solver.winning_moves(position, n) == moves


#: Positions the search may visit per position of a suite (Lilypad's; divided by the game's
#: node_cost, as the AI's levels are). The search must find every win, and prove most.
NODES = 20_000


@pytest.mark.parametrize("game", GAMES)
def test_the_search_finds_every_win_and_proves_it(game):
    missed, unproved = [], []
    for text, n, moves in suite(game):
        position = pygame_rules.load(game, text)
        result = analyse(position, nodes=round(NODES / position.node_cost), seed=1)
        if result.move not in moves:
            missed.append(text)
        elif result.win_in != 2 * n - 1:
            unproved.append(text)
        assert result.win_in is None or result.win_in >= 2 * n - 1  # never a win faster than proved
    assert not missed
    assert len(unproved) <= len(suite(game)) // 10, unproved
