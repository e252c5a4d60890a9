"""Games between AI players (match.py): who moves first alternates, each pair of games shares its
random opening, results are scored from player A's side, and a seed repeats a match."""

from __future__ import annotations

import random

import pytest

import pygame_rules
from pygame_rules import match
from pygame_rules.core import Game


def first_move_player(game: Game, rng: random.Random) -> str:
    """Always the first legal move: a deterministic player."""
    return game.moves()[0]


@pytest.mark.parametrize("game_id", pygame_rules.games())
def test_a_game_is_played_to_its_end_with_legal_moves(game_id):
    moves = []

    def recording(game, rng):
        move = match.random_player(game, rng)
        assert move in game.moves()
        moves.append(move)
        return move

    result = match.play_game(game_id, recording, recording, rng=random.Random(1))
    assert result in ("draw", *pygame_rules.position_class(game_id).sides)
    replay = Game(game_id)
    for move in moves:
        replay.play(move)
    assert (replay.result or "draw") == result or len(replay.history) >= match.MATCH_PLY_CAP


def test_a_random_opening_leaves_the_game_running():
    rng = random.Random(3)
    for game_id in pygame_rules.games():
        opening = match.random_opening(game_id, None, 6, rng)
        game = Game(game_id)
        for move in opening:
            game.play(move)
        assert len(opening) == 6 and game.result is None


def test_colours_alternate_and_each_pair_of_games_shares_its_opening():
    openings = []
    firsts = []

    def watching(name):
        def play(game, rng):
            if len(game.history) == 4:  # the first move after the opening
                openings.append(tuple(game.history))
                firsts.append(name if game.position.turn == game.positions[0].turn else None)
            return match.random_player(game, rng)

        return play

    result = match.play_match("three-crowns", watching("a"), watching("b"), 4, opening_plies=4, seed=5)
    assert result.games == 4 and result.wins + result.losses + result.draws == 4
    assert openings[0] == openings[1] and openings[2] == openings[3] and openings[0] != openings[2]
    assert firsts == ["a", "b", "a", "b"]


def test_results_are_scored_from_a_s_side_and_a_seed_repeats_the_match():
    one = match.play_match("lilypad", first_move_player, match.random_player, 4, seed=7)
    two = match.play_match("lilypad", first_move_player, match.random_player, 4, seed=7)
    assert (one.wins, one.losses, one.draws) == (two.wins, two.losses, two.draws)
    assert one.score == (one.wins + 0.5 * one.draws) / 4
    assert len(one.times["a"]) > 0 and len(one.times["b"]) > 0
    assert "for A" in one.summary()
    assert match.MatchResult().score == 0.0
