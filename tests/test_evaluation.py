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


def test_a_lone_lilypad_king_is_never_worth_less_than_a_soldier_on_its_square():
    # With the other King gone, a side's King is its only way home, and if it is captured the game
    # is only drawn: however many enemies stand ahead of it, its side never scores less with it than
    # with a soldier in its place (before the lone King's danger was capped, it could, by up to 9
    # points: giving the King away looked like a gain).
    rng, compared = random.Random(5), 0
    for _ in range(120):
        position = pygame_rules.start("lilypad")
        while position.moves():
            board, _, drops = position.text.split()
            for king, soldier, other_king in (("B", "b", "G"), ("G", "g", "B")):
                if king in board and other_king not in board and drops == "-":
                    without = pygame_rules.load("lilypad", position.text.replace(king, soldier))
                    sign = 1 if position.turn == soldier else -1
                    assert sign * (position.evaluate() - without.evaluate()) > 0, position.text
                    compared += 1
            position = rng.choice(position.legal()).after
    assert compared > 1000
