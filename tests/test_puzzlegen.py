"""The puzzle generator: the sidelines it searches, the mirror images it tells apart, and it repeats
itself for a seed, in any number of processes, resumes from its progress file, and keeps the
puzzles a run finds there."""

from __future__ import annotations

import dataclasses
import json
import random

import pygame_rules
from pygame_rules import puzzlegen
from pygame_rules.puzzles import Puzzle, check, puzzles


def test_sidelines_are_the_winner_s_positions_after_the_loser_s_other_replies():
    record = puzzlegen.self_play("lilypad", random.Random(3), puzzlegen.STYLES[1])  # a quick style
    assert record.result in ("b", "g")
    winner = record.result
    turn = max(i for i, q in enumerate(record.positions[:-1]) if q.turn != winner)
    found = list(puzzlegen.sidelines(record, random.Random(1)))
    played = record.positions[turn + 1].text
    others = {m.after.text for m in record.positions[turn].legal()} - {played}
    assert found and len(found) <= puzzlegen.SIDELINE_REPLIES
    assert {q.text for q in found} <= others
    assert all(q.turn == winner and q.winner is None for q in found)


def test_a_position_with_state_beyond_its_board_is_only_itself():
    # A King to drop (which side drops first is the rules'), the equalizer's bound stone.
    for game in ("lilypad", "three-crowns"):
        start = pygame_rules.start(game)
        assert not start.mirrorable() and puzzlegen.mirror_images(start) == [start]
    lilypad = pygame_rules.start("lilypad").play("K@c8").play("K@f1")
    assert lilypad.mirrorable() and len(puzzlegen.mirror_images(lilypad)) == 2
    assert len(puzzlegen.mirror_images(pygame_rules.start("lion"))) == 4
    assert len(puzzlegen.mirror_images(pygame_rules.start("three-crowns").play("a1-b2").play("b1-c2").play("b2-c3"))) == 16


#: A seed whose first two self-played Lilypad games (default rules and Invisible City) are of
#: quick styles (no level's search a move): the generator's tests stay quick.
SEED = 20


def test_the_generator_is_deterministic_for_a_seed():
    first = puzzlegen.generate("lilypad", seed=SEED, count=2, max_games=2)
    assert len(first) == 2
    assert first == puzzlegen.generate("lilypad", seed=SEED, count=2, max_games=2)
    for p in first:
        assert check(p) == [] and p.themes and p.rating


def test_the_generator_uses_processes_and_resumes_from_its_progress_file(tmp_path):
    """Two processes give the games one process gives; a run started again plays none of the
    games its progress file holds, and one cut short mid-line is played again."""
    progress = tmp_path / "progress.jsonl"
    wanted = {("lilypad", None): 50}
    done = puzzlegen.generate_all(SEED, wanted, progress, jobs=2, max_games=2)
    assert sorted(done) == [("lilypad", None, 0), ("lilypad", None, 1)]
    assert done[("lilypad", None, 0)] == puzzlegen.find(("lilypad", None, SEED, 0))
    lines = progress.read_text(encoding="utf-8").splitlines()
    progress.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2], encoding="utf-8")  # stopped mid-write
    again = puzzlegen.generate_all(SEED, wanted, progress, jobs=1, max_games=2)
    assert again == done
    assert len(progress.read_text(encoding="utf-8").splitlines()) == 3  # the cut line, and the game again


def test_the_candidate_positions_are_the_same_for_a_seed_and_vary_in_style():
    def texts(index):
        return [[p.text for p in run] for run in puzzlegen.candidate_positions("lilypad", 7, index)]

    quick = [i for i in range(12) if not random.Random(f"7:lilypad:{i}").choice(puzzlegen.STYLES).level][:2]
    assert [texts(i) for i in quick] == [texts(i) for i in quick]
    styles = {random.Random(f"7:lilypad:{i}").choice(puzzlegen.STYLES) for i in range(12)}
    assert len(styles) >= 3
    assert any(s.level for s in puzzlegen.STYLES) and any(not s.level for s in puzzlegen.STYLES)


def test_a_greedy_style_takes_a_piece_whenever_it_can():
    record = pygame_rules.Game("three-crowns", position="8/8/3Bb3/3g4/4g3/2gg4/4g3/8 b - 0")
    greedy, quiet = (dataclasses.replace(puzzlegen.STYLES[0], greedy=g, random_share=0.0) for g in (True, False))
    for seed in range(10):  # one of the jumps d6:d4:b2, d6:d4:d2 and d6:d4:f4, each taking a stone
        assert record.position.move(puzzlegen.next_move(record, random.Random(seed), greedy)).removed
    assert not all(record.position.move(puzzlegen.next_move(record, random.Random(seed), quiet, at_random=True)).removed
                   for seed in range(10))


def test_a_run_keeps_the_puzzles_there_with_their_ids_and_appends(tmp_path):
    out = tmp_path / "puzzles.json"
    progress = tmp_path / "progress.jsonl"
    lion = puzzles("lion")[:1]
    old = puzzles("lilypad")[:1]
    puzzlegen.write_puzzles(out, SEED, lion + old)
    args = ["--seed", str(SEED), "--game", "lilypad", "--count", "3", "--out", str(out), "--progress", str(progress), "--games", "2", "--jobs", "1"]
    puzzlegen.main(args)
    kept = [Puzzle.from_json(p) for p in json.loads(out.read_text(encoding="utf-8"))["puzzles"]]
    own = [p for p in kept if p.game == "lilypad" and p.variant is None]
    assert own[0].id == old[0].id and own[0].position == old[0].position
    assert [p.id for p in own[1:]] == ["lilypad-02", "lilypad-03"]
    assert [p for p in kept if p.game == "lion"] == lion
    puzzlegen.main(args)  # again: the same file, no game played again
    assert [Puzzle.from_json(p) for p in json.loads(out.read_text(encoding="utf-8"))["puzzles"]] == kept
