"""Every puzzle is what it claims, proved by exhaustive search; the generator repeats itself."""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest

import pygame_rules
from pygame_rules import puzzlegen
from pygame_rules.puzzles import Puzzle, check, puzzle, puzzles
from pygame_rules.solve import Solver

ALL = puzzles()


@pytest.mark.parametrize("p", ALL, ids=[p.id for p in ALL])
def test_puzzle_is_proved_by_exhaustive_search(p: Puzzle):
    """A forced win within ``moves`` and not fewer; exactly the listed first moves win; the
    solution's moves win in time, its replies are longest defences, and its last move wins."""
    assert check(p) == []


@pytest.mark.parametrize("game", pygame_rules.games())
def test_each_game_has_a_dozen_puzzles_a_third_in_2(game):
    own = puzzles(game)
    assert len(own) >= 12
    assert 3 * sum(p.moves == 2 for p in own) >= len(own)
    assert {p.moves for p in own} >= {2, 3}


def test_ids_are_stable_link_friendly_and_unique():
    assert len({p.id for p in ALL}) == len(ALL)
    for p in ALL:
        assert re.fullmatch(r"[a-z-]+-\d\d", p.id) and p.id.startswith(p.game + "-")
        assert puzzle(p.id) is p


def test_positions_round_trip_and_titles_say_the_number_of_moves():
    for p in ALL:
        assert p.load().text == p.position
        assert f" in {p.moves}" in p.title


def test_lilypad_s_worked_example_is_a_puzzle():
    assert any("Kings and Soldiers page" in p.title for p in puzzles("lilypad"))


def test_3_crowns_puzzles_win_both_ways():
    """A crowned line, and the seventh stone: the solution's last move takes a stone, leaving the
    loser exactly 7."""
    own = puzzles("three-crowns")
    assert any(p.title.startswith("Crown a line") for p in own)
    taking = [p for p in own if p.title.startswith("Take a third stone")]
    assert taking
    for p in taking:
        position = p.load()
        for text in p.solution[:-1]:
            position = position.play(text)
        last = position.move(p.solution[-1])
        assert last.removed and last.after.winner == position.turn
        assert puzzlegen.pieces_of(last.after, last.after.turn) == 7


def test_sidelines_are_the_positions_after_each_move_of_a_side_down_to_8_stones():
    # Seed 1's 3 Crowns game 9 (puzzlegen.self_played), ply 81: Green, with 8 stones, played e4-f3; after h8-g7
    # instead, Black takes the third stone in 2 (a puzzle).
    record = pygame_rules.Game("three-crowns", position="7g/1bb5/1gBB2b1/8/2b1gG2/1g1bB2B/1g4g1/5gb1 g - 4")
    record.play("e4-f3")
    start = record.positions[0]
    lines = [p.text for p in puzzlegen.sidelines(record, 8)]
    assert lines == list(dict.fromkeys(m.after.text for m in start.legal() if m.after.winner is None))
    assert record.position.text in lines  # the move played too
    assert start.play("h8-g7").text in lines
    assert any(p.position == start.play("h8-g7").text and p.title.startswith("Take a third stone")
               for p in puzzles("three-crowns"))
    assert list(puzzlegen.sidelines(record, 9)) == []  # Black, to move after, has 10


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
        puzzle("lilypad-99")
    with pytest.raises(pygame_rules.RulesError, match="unknown game"):
        puzzles("chess")


def test_the_generator_is_deterministic_for_a_seed():
    first = puzzlegen.generate("lilypad", seed=7, count=2, max_games=6)
    assert first == puzzlegen.generate("lilypad", seed=7, count=2, max_games=6)
    for p in first:
        assert check(p) == []


def test_the_candidate_positions_are_the_same_for_a_seed_and_vary_in_style():
    def texts(index):
        return [[p.text for p in run] for run in puzzlegen.candidate_positions("lilypad", 7, index)]

    assert [texts(i) for i in range(4)] == [texts(i) for i in range(4)]
    styles = {random.Random(f"7:lilypad:{i}").choice(puzzlegen.STYLES) for i in range(12)}
    assert len(styles) >= 3
    runs = [run for i in range(4) for run in puzzlegen.candidate_positions("lilypad", 7, i)]
    assert runs
    for run in runs:
        assert len({p.turn for p in run}) == 1
        for position in run:
            assert position.winner is None and position.legal()


def test_a_greedy_style_takes_a_piece_whenever_it_can():
    record = pygame_rules.Game("three-crowns", position="8/8/3Bb3/3g4/4g3/2gg4/4g3/8 b - 0")
    greedy, quiet = (dataclasses.replace(puzzlegen.STYLES[0], greedy=g, random_share=0.0) for g in (True, False))
    for seed in range(10):  # one of the jumps d6:d4:b2, d6:d4:d2 and d6:d4:f4, each taking a stone
        assert record.position.move(puzzlegen.next_move(record, random.Random(seed), greedy)).removed
    assert not all(record.position.move(puzzlegen.next_move(record, random.Random(seed), quiet, at_random=True)).removed
                   for seed in range(10))


def test_a_run_keeps_the_puzzles_there_with_their_ids_and_appends(tmp_path):
    out = tmp_path / "puzzles.json"
    first = puzzlegen.generate("lilypad", seed=7, count=2, max_games=6)
    lion = puzzles("lion")[:1]
    puzzlegen.write_puzzles(out, 7, lion + first[:1])
    puzzlegen.main(["--seed", "7", "--game", "lilypad", "--count", "2", "--out", str(out)])
    kept = [Puzzle.from_json(p) for p in json.loads(out.read_text(encoding="utf-8"))["puzzles"]]
    assert kept == first[:1] + [dataclasses.replace(first[1], id="lilypad-02")] + lion
