"""The games' evaluations: weighted sums of named terms (fitted by ``bench/texel.py``), and what
Lilypad's must understand about mobility (a side with no legal move loses)."""

from __future__ import annotations

import random

import pytest

import pygame_rules
from pygame_rules.search import analyse
from pygame_rules.solve import Solver


@pytest.mark.parametrize("game", pygame_rules.games())
def test_the_evaluation_is_its_weighted_terms(game):
    position, rng = pygame_rules.start(game), random.Random(game)
    cls = type(position)
    for _ in range(40):
        if position.winner is not None:
            break
        terms = position.evaluation_terms()
        assert len(terms) == len(cls.evaluation_names) == len(cls.evaluation_weights)
        assert position.evaluate() == pytest.approx(sum(w * t for w, t in zip(cls.evaluation_weights, terms)))
        position = rng.choice(position.legal()).after


def test_a_lilypad_soldier_with_its_steps_ahead_is_worth_more_than_one_with_none_left():
    # Black's two soldiers on rank 2 can never move again (a soldier never enters its last row);
    # on rank 6 they have four steps each: the same material, but Black runs out of moves later.
    stuck = pygame_rules.load("lilypad", "6B1/8/8/8/8/3g4/b1b5/7G b -")
    free = pygame_rules.load("lilypad", "6B1/8/b1b5/8/8/3g4/8/7G b -")
    assert free.evaluate() > stuck.evaluate() + 1.0


def test_the_search_sees_a_blockade_coming():
    # Green's last soldier has one step left; whatever Black plays, Green is then without a move.
    position = pygame_rules.load("lilypad", "6B1/8/g7/8/8/8/8/8 b -")
    assert Solver().forced_win_length(position, 2) == 2
    result = analyse(position, nodes=2000, seed=1)
    assert result.win_in == 3
