"""Every puzzle is what it claims, proved by exhaustive search; themes, titles and ratings follow
from what was measured; no position twice, mirror images included. (The generator that makes them:
test_puzzlegen.py.)"""

from __future__ import annotations

import collections
import dataclasses
import re

import pytest

import pygame_rules
from pygame_rules import puzzlegen
from pygame_rules.puzzles import Puzzle, check, puzzle, puzzles
from pygame_rules.solve import Solver

ALL = puzzles()
STANDARD = [p for p in ALL if p.variant is None]
#: One solver per game and variant for the proofs: what it proved of one puzzle's positions (facts
#: true on any path to them) saves work on the next one's, so proving them all stays quick.
SOLVERS: dict[tuple, Solver] = collections.defaultdict(Solver)


@pytest.mark.parametrize("p", ALL, ids=[p.id for p in ALL])
def test_puzzle_is_proved_by_exhaustive_search(p: Puzzle):
    """A forced win within ``moves`` and not fewer; exactly the listed first moves win; the
    solution's moves win in time, its replies are longest defences, and its last move wins."""
    assert check(p, SOLVERS[p.game, p.variant]) == []


#: Puzzles each game has at least (the aim is 100 or more: see docs/puzzles.md, "This run").
AT_LEAST = {"lilypad": 110, "three-crowns": 100, "lion": 110}


@pytest.mark.parametrize("game", pygame_rules.games())
def test_each_game_has_its_puzzles_of_2_to_5_moves(game):
    own = puzzles(game)
    assert len(own) >= AT_LEAST[game]
    assert {p.moves for p in own} >= {2, 3}
    assert all(2 <= p.moves <= 5 for p in own)
    assert {p.moves for p in puzzles("lilypad")} == {2, 3, 4, 5}


def test_variant_puzzles_play_differently_from_the_default_rules():
    variant = [p for p in ALL if p.variant is not None]
    assert variant
    for p in variant:
        assert p.id.startswith(f"{p.game}-{p.variant}-")
        assert puzzlegen.plays_differently(p)


@pytest.mark.parametrize("game", pygame_rules.games())
def test_no_two_puzzles_are_the_same_position_or_mirror_images(game):
    keys = [puzzlegen.same_key(p.load()) for p in puzzles(game)]
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize("game", pygame_rules.games())
def test_mirror_images_are_the_same_puzzle(game):
    """Each image of a puzzle's position has as many moves and the same win length: the
    symmetries are the rules' (a wrong one would read as illegal, or change the moves)."""
    solver = Solver()
    for p in puzzles(game)[:3]:
        start = p.load()
        found = puzzlegen.mirror_images(start)
        assert len({q.text for q in found}) == len(found) > 1
        for image in found:
            assert len(image.legal()) == len(start.legal())
            assert solver.forced_win_length(image, p.moves) == p.moves


@pytest.mark.parametrize("game", pygame_rules.games())
def test_themes_are_read_off_the_solution_at_least_four_a_game(game):
    own = puzzles(game)
    for p in own:
        assert p.themes and p.themes == puzzlegen.themes_of(p), p.id
    assert len({t for p in own for t in p.themes}) >= 4


def test_themes_say_what_wins():
    for p in STANDARD:
        line = puzzlegen.replay(p)
        position, last = line[-1]
        after = last.after
        if "Blockade" in p.themes:
            assert not position.wins_at_once(last) and not after.legal()
        if "The seventh stone" in p.themes:
            assert last.removed and puzzlegen.pieces_of(after, after.turn) == 7
        if "King home" in p.themes:
            assert last.path[-1][1] in "18" and after.pieces_on_board()[last.path[-1]] in "BG"
        if "The Lion taken" in p.themes:
            assert {"L", "l"} - set(after.board_cells())
        if "Sacrifice" in p.themes:
            assert any(m.removed for _, m in line[1::2])


@pytest.mark.parametrize("game", pygame_rules.games())
def test_titles_tell_the_puzzles_apart_and_say_the_moves(game):
    own = puzzles(game)
    assert len({p.title for p in own}) == len(own)
    for p in own:
        assert f" in {p.moves}" in p.title


def test_ratings_follow_from_what_was_measured():
    for p in ALL:
        assert p.measured is not None and p.rating == puzzlegen.rating_of(p.moves, p.measured), p.id
    for game in pygame_rules.games():  # measured again: the same (the solver and the levels by nodes)
        cheapest = min(puzzles(game), key=lambda p: p.measured["nodes"])
        assert puzzlegen.measure(cheapest) == cheapest.measured
    by_moves = collections.defaultdict(list)
    for p in STANDARD:
        by_moves[p.moves].append(p.rating)
    means = [sum(r) / len(r) for _, r in sorted(by_moves.items())]
    assert means == sorted(means)  # longer wins rate harder on the whole


def test_ids_are_stable_link_friendly_and_unique():
    assert len({p.id for p in ALL}) == len(ALL)
    for p in ALL:
        assert re.fullmatch(r"[a-z-]+-\d{2,3}", p.id) and p.id.startswith(p.game + "-")
        assert puzzle(p.id) is p


def test_positions_round_trip():
    for p in ALL:
        assert p.load().text == p.position


def test_lilypad_s_worked_example_is_a_puzzle():
    assert any("Kings and Soldiers page" in p.title for p in puzzles("lilypad"))


def test_the_data_file_is_small():
    from importlib import resources

    size = len(resources.files("pygame_rules").joinpath("data", "puzzles.json").read_bytes())
    assert size < 400 * len(ALL)


def test_check_finds_what_is_wrong_with_a_puzzle():
    p = next(p for p in ALL if p.moves == 2 and not p.alternatives)
    solver = Solver()
    padded = dataclasses.replace(p, moves=3, solution=p.solution + ("x", "y"))
    assert "a forced win within 2 moves already" in check(padded, solver)
    other = next(m for m in p.load().moves() if m != p.solution[0])
    assert any("winning first moves" in e for e in check(dataclasses.replace(p, alternatives=(other,)), solver))
    assert check(dataclasses.replace(p, solution=(other, *p.solution[1:])), solver) != []


def test_unknown_puzzles_and_games_are_errors():
    with pytest.raises(pygame_rules.RulesError, match="no puzzle"):
        puzzle("lilypad-999")
    with pytest.raises(pygame_rules.RulesError, match="unknown game"):
        puzzles("chess")
