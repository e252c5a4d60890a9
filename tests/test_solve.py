"""The exhaustive solver on small positions whose answers are known, and on the rules' seed examples."""

from __future__ import annotations

import pytest

import pygame_rules
from diagrams import load_diagram
from pygame_rules.solve import OutOfBudget, Solver, forced_win_length, winning_moves, wins_within

LILYPAD_SEED = "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -"
CROWNS_EXAMPLE_1 = "1g3b2/2b5/g3B2b/b7/gb1G4/3B1g2/3gGb1b/gbg5 g - 0"


def play(position, *moves):
    for move in moves:
        position = position.play(move)
    return position


def test_a_king_one_step_from_home_wins_in_one():
    p = load_diagram("lilypad", """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . b . . . . . .
        2 . . . . B . . .
        1 . g . g . . . g
          a b c d e f g h
    """, "b -")
    assert winning_moves(p, 1) == ["e2-f1"]
    assert forced_win_length(p, 4) == 1
    assert not wins_within(p, 0)


def test_leaving_the_opponent_no_move_is_a_win():
    # b3-c2 walls in Green's last soldier: a2, c2 and d3 are Black's, and b1 may not capture a2.
    p = load_diagram("lilypad", """
        8 . . . . . . . .
        7 . . . . . . . B
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . b . b . . . .
        2 b . . . . . . .
        1 . g . . . . . .
          a b c d e f g h
    """, "b -")
    assert winning_moves(p, 1) == ["b3-c2"]
    assert p.play("b3-c2").winner == "b"


def test_taking_the_last_king_when_yours_is_gone_is_a_draw_not_a_win():
    p = load_diagram("lilypad", """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . b . . . .
        4 . . G . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . g . . . . . .
          a b c d e f g h
    """, "b -")
    assert p.moves() == ["d5:b3"] and p.play("d5:b3").winner == "draw"
    assert forced_win_length(p, 3) is None
    assert Solver().defences(p, 3) == [("d5:b3", None)]


def test_a_seventh_stone_wins_3_crowns():
    p = load_diagram("three-crowns", """
        8 b . b . b . b b
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . G . . . .
        4 . . . b . . . .
        3 . . . . b . . .
        2 . . . . . . . .
        1 . . . . . . . b
          a b c d e f g h
    """, "g - 0")
    assert winning_moves(p, 1) == ["d5:d3:f3"]


def test_lilypad_seed_example_black_brings_the_king_home_after_b3_d3():
    """docs/rules.md: after b3>d3, Black forces the King onto rank 1 within 5 more plies."""
    p = play(pygame_rules.load("lilypad", LILYPAD_SEED), "g4-f3", "g2:e4", "f5:d3", "d1:f3")
    solver = Solver()
    assert "b3>d3" in solver.winning_moves(p, 3)
    after = p.play("b3>d3")
    defences = solver.defences(after, 2)
    assert sorted(text for text, _ in defences) == after.moves()
    assert all(length is not None and length <= 2 for _, length in defences)
    # The fastest win is b3-c2, in 2; b3>d3 needs 3 (its longest defence lasts 2 more moves).
    assert solver.winning_moves(p, 2) == ["b3-c2"]
    assert defences[0][1] == 2


def test_3_crowns_example_1_every_defence_loses_at_the_end():
    """docs/rules.md: after f3-e3 d3-e4 e2-f3 e4-d3 e3-e4, every Black move loses (Green's next move
    wins); before e4-d3, it was Black's only reply that did not lose at once."""
    p = pygame_rules.load("three-crowns", CROWNS_EXAMPLE_1)
    solver = Solver()
    before = play(p, "f3-e3", "d3-e4", "e2-f3")
    escapes = [text for text, length in solver.defences(before, 1) if length is None]
    assert escapes == ["e4-d3"]
    end = play(before, "e4-d3", "e3-e4")
    assert all(length == 1 for _, length in solver.defences(end, 1))
    assert solver.wins_within(before.play("e4-d3"), 1) is False
    assert solver.wins_within(before.play("e4-d3"), 2)


def test_3_crowns_example_1_is_a_win_in_4_with_f3_e3_only():
    p = pygame_rules.load("three-crowns", CROWNS_EXAMPLE_1)
    solver = Solver(max_nodes=150_000)  # it needs about 60,000 (4 s of processor time): a slower solver fails, not hangs
    assert solver.winning_moves(p, 4) == ["f3-e3"]
    assert not solver.wins_within(p, 3)


def test_answers_do_not_depend_on_what_the_table_already_holds():
    p = play(pygame_rules.load("lilypad", LILYPAD_SEED), "g4-f3", "g2:e4", "f5:d3", "d1:f3")
    warm = Solver()
    for n in (4, 3, 2, 1):
        warm.wins_within(p, n)
    for n in (1, 2, 3):
        assert warm.winning_moves(p, n) == Solver().winning_moves(p, n)


def test_a_budget_stops_the_search():
    p = pygame_rules.load("three-crowns", CROWNS_EXAMPLE_1)
    with pytest.raises(OutOfBudget):
        Solver(max_nodes=50).wins_within(p, 3)


def test_a_finished_game_is_no_win_for_the_side_to_move():
    p = pygame_rules.load("lilypad", "8/8/8/8/8/8/8/1g3B2 g -")
    assert p.winner == "b"
    assert not wins_within(p, 2) and winning_moves(p, 2) == []
