"""The Lion Game: every rule of docs/rules.md (section THE LION GAME) as a scenario written as a board
diagram, the state fields of the position string, errors, the end of the game, and checks against
the independent reference implementation ``reference/lion_ref.py``."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from diagrams import load_diagram
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import lion_ref as ref

import pygame_rules
from pygame_rules import Game, IllegalMoveError, PositionError
from pygame_rules import lion
from pygame_rules.lion import Lion

GAME = "lion"
START = "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - - 0"
PERFT_FILE = Path(__file__).parent / "data" / "lion.perft"


def diagram(board: str, rest: str = "w - - - 0") -> pygame_rules.Position:
    return load_diagram(GAME, board, rest)


def load(text: str) -> pygame_rules.Position:
    return pygame_rules.load(GAME, text)


def moves_from(position, square: str) -> list[str]:
    """The legal moves of the piece on ``square`` (texts start with the start square)."""
    return [m for m in position.moves() if m[:2] == square]


def fields(position) -> dict[str, str]:
    board, side, charges, marks, stuck, clock = position.text.split()
    return {"side": side, "charges": charges, "marks": marks, "stuck": stuck, "clock": clock}


# -- the board and the start ---------------------------------------------------------------------


def test_board_has_47_squares_a_field_and_a_burrow_ring():
    info = Lion.info()
    kinds = {sq["name"]: sq["kind"] for sq in info["squares"]}
    assert len(kinds) == 47
    assert sum(k == "field" for k in kinds.values()) == 35
    assert {n for n, k in kinds.items() if k == "green-burrow"} == {"b1", "d1", "f1", "b9", "d9", "f9"}
    assert {n for n, k in kinds.items() if k == "burrow"} == {"a3", "a5", "a7", "g3", "g5", "g7"}
    assert all(kinds[f"{f}{r}"] == "field" for f in "bcdef" for r in range(2, 9))


def test_start_position_and_pieces():
    p = pygame_rules.start(GAME)
    assert GAME in pygame_rules.games()
    assert p.text == START and p.turn == "w"
    assert p.side_names == {"w": "White", "b": "Black"}
    assert p.pieces_on_board() == {
        "d2": "L", "c2": "T", "e2": "S", "b2": "R", "f2": "R", "c3": "E", "e3": "E",
        "b3": "F", "d3": "F", "f3": "F", "b1": "C", "f1": "C",
        "d8": "l", "c8": "t", "e8": "s", "b8": "r", "f8": "r", "c7": "e", "e7": "e",
        "b7": "f", "d7": "f", "f7": "f", "b9": "c", "f9": "c",
    }
    glyphs = {p.pieces[c]["glyph"] for c in "LTSCREFB"}
    assert glyphs == {"lion", "tiger", "spider", "cobra", "rhino", "elephant", "frog", "butterfly"}
    assert p.pieces["L"]["name"] == "White Lion" and p.pieces["b"]["name"] == "Black Butterfly"
    assert all(len(p.pieces[c]["help"]) > 40 for c in p.pieces)


def test_white_has_28_opening_moves_and_no_capture():
    assert pygame_rules.start(GAME).moves() == sorted(
        "b1-a3 b1-a5 b1-b1 b1-b4 b1-d1 b3-a3 b3-b4 c2-e4 c2-f5 c3-b4 c3-c4 c3-c5 c3-d4 d3-d4 "
        "e2-c4 e2-d1 e2-e4 e3-d4 e3-e4 e3-e5 e3-f4 f1-d1 f1-f1 f1-f4 f1-g3 f1-g5 f3-f4 f3-g3".split()
    )


def test_perft_2_and_black_captures_after_five_first_moves():
    start = pygame_rules.start(GAME)
    assert sum(len(m.after.legal()) for m in start.legal()) == 784
    capturing = [m.text for m in start.legal() if any(r.removed for r in m.after.legal())]
    assert len(capturing) == 5


# -- Lion ----------------------------------------------------------------------------------------


def test_lion_makes_one_or_two_king_steps_on_the_field():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . L . . #
        3  . . . . . . .
        2  # . . . . . #
        1  # . # . # . #
           a b c d e f g
    """)
    # every field square within two king steps except its own: 8 + 16
    assert len(moves_from(p, "d4")) == 24
    assert "d4-d4" not in p.moves()


def test_lion_two_step_needs_an_empty_middle_and_never_enters_the_burrow():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . F . . . . .
        2  # L T . . . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "b2") == ["b2-b4", "b2-c3", "b2-c4", "b2-d2", "b2-d3", "b2-d4"]


def test_lion_capture_ends_its_move_and_it_may_capture_on_the_second_step():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . f . . . #
        3  . f F . . . .
        2  # L T . . . #
        1  # . # . # . #
           a b c d e f g
    """)
    # b3 is the only way out, and taking the frog there ends the move: b4 and c4 stay out of reach
    assert moves_from(p, "b2") == ["b2xb3"]
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . f . . #
        5  . . . . . . .
        4  # . . L . . #
        3  . . . . . . .
        2  # . . . . . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert "d4xd6" in p.moves()
    assert p.move("d4xd6").path == ("d4", "d6")


def test_a_lion_ending_its_move_next_to_a_stuck_friendly_elephant_frees_it():
    board = """
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . . L . . .
        2  # E . . . . #
        1  # . # . # . #
           a b c d e f g
    """
    p = diagram(board, "w - - b2 0")
    assert moves_from(p, "b2") == []  # stuck: no move at all
    assert fields(p.play("d3-c3"))["stuck"] == "-"
    assert fields(p.play("d3-c2"))["stuck"] == "-"
    assert fields(p.play("d3-d4"))["stuck"] == "b2"
    assert fields(p.play("d3-e3"))["stuck"] == "b2"


def test_a_lion_already_next_to_the_stuck_elephant_must_end_a_later_move_there():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . L . . . .
        2  # E . . . F #
        1  # . # . # . #
           a b c d e f g
    """, "w - - b2 0")
    assert moves_from(p, "b2") == []
    assert fields(p.play("f2-f3"))["stuck"] == "b2"  # the Lion standing by does not free it
    assert fields(p.play("c3-c2"))["stuck"] == "-"  # ending a move next to it does
    assert fields(p.play("c3-d4"))["stuck"] == "b2"


def test_the_enemy_lion_does_not_free_an_elephant():
    p = diagram("""
        9  # . # . # . #
        8  # e . . . l #
        7  . . . . . . .
        6  # . L . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . . . . #
        1  # . # . # . #
           a b c d e f g
    """, "w - - b8 0")
    assert fields(p.play("c6-c7"))["stuck"] == "b8"


# -- Tiger ---------------------------------------------------------------------------------------


def test_tiger_moves_one_two_or_three_squares_in_a_line_on_the_field():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . T . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # L . . . . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert sorted(m[3:] for m in moves_from(p, "d5")) == sorted(
        "d6 d7 d8 d4 d3 d2 e5 f5 c5 b5 e6 f7 c6 b7 e4 f3 c4 b3".split()
    )
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . T . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # L . . . . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert "d7-d8" in p.moves() and "d7-d9" not in p.moves()
    assert not [m for m in moves_from(p, "d7") if m[3] in "ag" or m[4] == "9"]


def test_tiger_leaps_only_frogs_spiders_cobras_and_butterflies_of_either_colour():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . t . . . . .
        6  # B b . . . #
        5  . T F s . . .
        4  # e S . . . #
        3  . . . L . . .
        2  # . . . . . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "b5") == sorted([
        "b5xb7",  # over its own Butterfly; the black Tiger stops it: no b8
        "b5xc6", "b5-d7", "b5-e8",  # over a black Butterfly
        "b5xd5", "b5-e5",  # over its own Frog, and over the black Spider it could take
        "b5xb4",  # an Elephant may be taken but not leapt: no b3, b2
        # south-east: over its own Spider, but its own Lion on d3 stops it
    ])


def test_tiger_cannot_leap_a_lion_elephant_or_rhino():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . r . . .
        4  # . . E . . #
        3  . . . L . . .
        2  # . . T . . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert not [m for m in moves_from(p, "d2") if m[3] == "d"]
    p = p.play("d3-e3")  # Lion out of the way; now the Elephant blocks
    p = p.play("f8-f7")
    assert [m for m in moves_from(p, "d2") if m[3] == "d"] == ["d2-d3"]


# -- Spider --------------------------------------------------------------------------------------


def test_spider_steps_or_leaps_exactly_two_over_anything():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . T . . .
        4  # . . S R . #
        3  . . . L . . .
        2  # . . . . . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert sorted(m[3:] for m in moves_from(p, "d4")) == sorted(
        "c3 c4 c5 e3 e5 b2 b4 b6 d2 d6 f2 f4 f6".split()  # steps, and leaps over Lion, Tiger, Rhino
    )


def test_spider_in_the_burrow_also_ring_steps():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  S . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "a5") == sorted("a5-a3 a5-a7 a5-b4 a5-b5 a5-b6 a5-c3 a5-c5 a5-c7".split())


def test_spider_captures_only_frogs_cobras_spiders_and_butterflies():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . L #
        7  . . . . . . .
        6  # e . . . s #
        5  . . c f b . .
        4  # . . S . . #
        3  . . t e r . .
        2  # . . l . . #
        1  # . # . # . #
           a b c d e f g
    """)
    captures = [m for m in moves_from(p, "d4") if "x" in m]
    assert captures == ["d4xc5", "d4xd5", "d4xe5", "d4xf6"]


def test_spider_captures_by_ring_step():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  f . . . . . .
        6  # F . . . . #
        5  S F . . . . .
        4  # F . . . . #
        3  c . . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "a5") == ["a5-c3", "a5-c5", "a5-c7", "a5xa3", "a5xa7"]


def test_a_leap_over_an_enemy_marks_it_and_freezes_it_while_the_spider_is_next_to_it():
    board = """
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . b . . #
        5  . . . f . . .
        4  # . . S F . #
        3  . . . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """
    p = diagram(board)
    after = p.play("d4xd6")  # the leap captures the Butterfly and marks the Frog it passed
    assert fields(after)["marks"] == "d6>d5"
    assert moves_from(after, "d5") == []  # frozen
    assert after.status()["marks"][0] == {"square": "d5", "kind": "frozen", "label": "frozen by the spider on d6"}


def test_leaping_over_a_friendly_piece_marks_nothing():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . S F . #
        3  . . . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert fields(p.play("d4-f4"))["marks"] == "-"


def test_a_spider_holds_several_marks_and_they_move_with_it():
    board = """
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . f . . .
        4  # . . S . . #
        3  . . . . . . .
        2  # t . . L . #
        1  # . # . # . #
           a b c d e f g
    """
    p = diagram(board, "w - d4>b2 - 0")
    assert fields(p)["marks"] == "d4>b2"
    p = p.play("d4-d6")
    assert fields(p)["marks"] == "d6>b2,d6>d5"
    p = p.play("b2-b3")  # b2 is not next to d6: the marked Tiger may move, and so it is free
    assert fields(p)["marks"] == "d6>d5"
    p = p.play("d6-c7")  # the spider goes; the Frog on d5 is no longer next to it
    assert fields(p)["marks"] == "c7>d5"
    assert moves_from(p, "d5") == ["d5-c5", "d5-d4", "d5-e5"]


def test_a_marked_piece_is_frozen_again_when_the_spider_comes_back():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . f . . #
        5  . . . . . . .
        4  # . . S . . #
        3  . . . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "w - d4>d6 - 0")
    assert moves_from(p.play("e2-e3"), "d6") == ["d6-c6", "d6-d5", "d6-e6"]
    back = p.play("d4-d5")
    assert fields(back)["marks"] == "d5>d6"
    assert moves_from(back, "d6") == []


def test_a_mark_ends_when_the_marked_piece_makes_a_null_move():
    p = diagram("""
        9  # . # . # c #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . S . . #
        3  . . . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "b - d4>f9 - 0")
    assert fields(p.play("f9-f9"))["marks"] == "-"


def test_a_mark_ends_when_the_marked_piece_or_the_spider_is_removed():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . f . T #
        5  . . . . . . .
        4  # . . S . . #
        3  . . . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "w - d4>d6 - 0")
    assert fields(p.play("f6xd6"))["marks"] == "-"
    q = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . f . . #
        5  . . . . . . .
        4  # . . S . . #
        3  . . . b . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "b - d4>d6 - 0")
    assert fields(q.play("d3xd4"))["marks"] == "-"


def test_a_spider_removed_by_its_own_rhinos_charge_loses_its_marks():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . f . #
        5  . . . . . . .
        4  # R S . . . #
        3  . . . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "w b4e1 c4>e6 - 0")
    after = p.play("b4xc4")
    assert fields(after)["marks"] == "-"
    assert fields(after)["charges"] == "-"  # a one-square slide of a two-square charge


# -- Cobra ---------------------------------------------------------------------------------------


def test_cobra_takes_one_or_two_king_or_ring_steps_inside_its_zone():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . L . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . . . . #
        1  # C # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "b1") == sorted(
        "b1-a3 b1-a5 b1-b1 b1-b2 b1-b3 b1-b4 b1-c2 b1-d1 b1-d2 b1-e2 b1-f1".split()
    )  # never c3 or d3: inside the border of the field


def test_cobra_captures_once_then_may_stop_step_on_or_go_back():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . L . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . f . . . #
        1  # C # . # . #
           a b c d e f g
    """)
    captures = [m for m in moves_from(p, "b1") if "x" in m]
    assert captures == sorted(
        "b1xc2 b1xc2-b1 b1xc2-b2 b1xc2-b3 b1xc2-d1 b1xc2-d2".split()
    )
    back = p.move("b1xc2-b1")
    assert back.path == ("b1", "c2", "b1") and back.removed == ("c2",)
    assert back.after.pieces_on_board()["b1"] == "C"
    assert p.move("b1xc2-d2").path == ("b1", "c2", "d2")


def test_cobra_makes_at_most_one_capture_per_move():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . L . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # f f . . . #
        1  # C # . # . #
           a b c d e f g
    """)
    for move in p.legal():
        assert len(move.removed) <= 1
    assert "b1xc2-b2" not in p.moves() and "b1xb2-c2" not in p.moves()
    assert "b1xc2-d2" in p.moves()


def test_cobra_capture_outside_its_zone_must_step_straight_back():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . L .
        4  # C f . . . #
        3  . . . . . . .
        2  # . . . . . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert [m for m in moves_from(p, "b4") if "c4" in m] == ["b4xc4-b4"]
    assert "b4-c4" not in p.moves()


def test_cobra_null_move_and_none_without_an_empty_zone_square():
    p = pygame_rules.start(GAME)
    after = p.play("b1-b1")
    assert after.pieces_on_board() == p.pieces_on_board()
    assert fields(after) == {"side": "b", "charges": "-", "marks": "-", "stuck": "-", "clock": "1"}
    assert p.move("b1-b1").path == ("b1", "b1")
    blocked = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . L .
        4  # . . . . . #
        3  S . . . . . .
        2  # R T . . . #
        1  # C # F # . #
           a b c d e f g
    """)
    assert moves_from(blocked, "b1") == []


# -- Rhinoceros ----------------------------------------------------------------------------------


def test_rhino_steps_orthogonally_on_the_field_and_records_a_charge():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # R . . L . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "b2") == ["b2-b3", "b2-c2"]
    assert fields(p.play("b2-b3"))["charges"] == "b3n1"
    assert fields(p.play("b2-c2"))["charges"] == "c2e1"


def test_rhino_charge_slides_one_square_further_and_must_go_the_full_distance_to_grow():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . R . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "w b3n1 - - 0")
    assert moves_from(p, "b3") == ["b3-b2", "b3-b4", "b3-b5", "b3-c3"]
    assert fields(p.play("b3-b5"))["charges"] == "b5n2"
    assert fields(p.play("b3-b4"))["charges"] == "-"  # short of the full distance: nothing
    assert fields(p.play("b3-c3"))["charges"] == "c3e1"
    assert fields(p.play("b3-b2"))["charges"] == "b2s1"
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . R . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "w b5n2 - - 0")
    assert [m for m in moves_from(p, "b5") if m[3] == "b"] == ["b5-b4", "b5-b6", "b5-b7", "b5-b8"]
    assert fields(p.play("b5-b8"))["charges"] == "b8n3"


def test_a_charge_removes_every_piece_it_passes_friend_or_foe():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . f . . . . .
        4  # F . . . . #
        3  . R . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "w b3n2 - - 0")
    north = {m.text: m for m in p.legal() if m.text[:2] == "b3" and m.text[3] == "b" and m.text[4] > "3"}
    assert sorted(north) == ["b3-b6", "b3xb4", "b3xb5"]
    assert north["b3xb4"].removed == ("b4",)
    assert north["b3xb5"].removed == ("b4", "b5")
    assert north["b3-b6"].removed == ("b4", "b5")
    assert fields(north["b3-b6"].after)["charges"] == "b6n3"
    assert fields(north["b3-b6"].after)["clock"] == "0"


def test_a_charge_stops_before_its_own_lion_and_may_take_the_enemy_lion():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . L . . . . .
        4  # F . . . . #
        3  . R . . . . .
        2  # . . . . . #
        1  # . # . # . #
           a b c d e f g
    """, "w b3n3 - - 0")
    assert [m for m in moves_from(p, "b3") if m[3] == "b" and m[4] > "3"] == ["b3xb4"]
    q = diagram("""
        9  # . # . # . #
        8  # . . . . . #
        7  . . . . . . .
        6  # . . . . . #
        5  . f . . . . .
        4  # l . . . . #
        3  . R . . L . .
        2  # . . . . . #
        1  # . # . # . #
           a b c d e f g
    """, "w b3n1 - - 0")
    won = q.play("b3xb5")
    assert q.move("b3xb5").removed == ("b4", "b5")
    assert won.winner == "w"


def test_old_charge_entries_go_when_their_side_moves_and_useless_ones_stay():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . r .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . R . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "w b3n1,f7s1 - - 0")
    p = p.play("e2-e3")
    assert fields(p)["charges"] == "f7s1"
    p = p.play("f8-e8")
    assert fields(p)["charges"] == "-"
    q = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . R . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """)
    assert fields(q.play("b7-b8"))["charges"] == "b8n1"  # kept though b9 is no field square


def test_a_charge_entry_goes_when_its_rhino_is_taken():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # t . . . . #
        3  . R . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "b b3n1 - - 0")
    assert fields(p.play("b4xb3"))["charges"] == "-"


def test_a_one_square_charge_onto_a_friend_removes_it():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # F . . . . #
        3  . R . . . . .
        2  # . . . L . #
        1  # . # . # . #
           a b c d e f g
    """, "w b3n1 - - 0")
    assert p.move("b3xb4").removed == ("b4",)
    q = p.play("b3-c3").play("f8-f7")  # a sideways step: north is a normal step again, east a charge
    assert fields(q.play("c3-c4"))["charges"] == "c4n1"
    assert "c3-e3" in q.moves() and "c3-c5" not in q.moves()


# -- Elephant ------------------------------------------------------------------------------------


def test_elephant_moves_one_diagonally_or_one_or_two_straight_forward():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . E . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "d4") == sorted("d4-c3 d4-c5 d4-e3 d4-e5 d4-d5 d4-d6".split())
    blocked = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . f . . .
        4  # . . E . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(blocked, "d4") == sorted("d4-c3 d4-c5 d4-e3 d4-e5 d4xd5".split())


def test_elephant_squashes_an_enemy_in_the_burrow_on_any_diagonal_and_is_stuck():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  f . . . . . .
        4  # E . . . . #
        3  c . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert [m for m in moves_from(p, "b4") if "*" in m] == ["b4*a3", "b4*a5"]
    squash = p.move("b4*a3")  # backward, too
    assert squash.path == ("b4", "a3") and squash.removed == ("a3",)
    after = squash.after
    assert after.pieces_on_board()["b4"] == "E" and "a3" not in after.pieces_on_board()
    assert fields(after)["stuck"] == "b4" and fields(after)["clock"] == "0"
    again = after.play("a5-b5")
    assert moves_from(again, "b4") == []  # stuck: not even another squash
    assert [m["kind"] for m in again.status()["marks"]] == ["stuck"]


def test_elephant_squashes_straight_ahead_one_or_two_squares():
    p = diagram("""
        9  # . # c # s #
        8  # . . . . . #
        7  . . . E . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . l . L #
        1  # . # . # . #
           a b c d e f g
    """)
    squash = p.move("d7-d8*d9")
    assert squash.path == ("d7", "d8", "d9") and squash.removed == ("d9",)
    assert fields(squash.after)["stuck"] == "d8"
    assert squash.after.pieces_on_board()["d8"] == "E"
    q = diagram("""
        9  # . # c # s #
        8  # . . . . E #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . l . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert [m for m in moves_from(q, "f8") if "*" in m] == ["f8*f9"]


def test_no_squash_through_an_occupied_middle_nor_of_a_friend():
    p = diagram("""
        9  # . # c # . #
        8  # . . f . . #
        7  F . . E . . .
        6  # E . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . l . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert not [m for m in p.moves() if "*" in m]


def test_black_elephant_squashes_towards_rank_1():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . e . . L #
        1  # C # C # . #
           a b c d e f g
    """, "b - - - 0")
    assert [m for m in moves_from(p, "c2") if "*" in m] == ["c2*b1", "c2*d1"]


# -- Frog ----------------------------------------------------------------------------------------


def test_frog_steps_forward_or_sideways_to_an_empty_square():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . F . . #
        3  . F . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "d4") == ["d4-c4", "d4-d5", "d4-e4"]
    assert moves_from(p, "b3") == ["b3-a3", "b3-b4", "b3-c3"]  # into the burrow, too
    assert fields(p.play("d4-d5"))["clock"] == "0"


def test_frog_captures_diagonally_forward_but_not_an_elephant_or_rhino():
    p = """
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . b . r . .
        4  # . . F . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """
    # c5 is taken; e5 (a Rhino, then an Elephant) is not, but the leapfrogs land beyond both
    expected = ["d4-b6", "d4-c4", "d4-d5", "d4-e4", "d4-f6", "d4xc5"]
    assert moves_from(diagram(p), "d4") == expected
    assert moves_from(diagram(p.replace(". r . .", ". e . .")), "d4") == expected


def test_leapfrog_over_either_colour_onto_empty_or_any_enemy():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # r . . . e #
        5  . . F . e . .
        4  # . . F . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "d4") == ["d4-c4", "d4-d5", "d4-e4", "d4xb6", "d4xf6"]


def test_frog_ring_steps_in_the_burrow_without_capturing_and_moves_out_from_there():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  c . . . . . .
        6  # f . . . . #
        5  F . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    # a ring step to a3 (not onto the Cobra on a7), sideways out, a capture and a leapfrog
    assert moves_from(p, "a5") == ["a5-a3", "a5-b5", "a5-c7", "a5xb6"]


@pytest.mark.parametrize(
    "board, side, move, promoted",
    [
        # a step forward onto Black's green burrow
        ("# . # . # . #/# . . F . l #", "w", "d8-d9", "d9"),
        # a diagonal capture onto it
        ("# c # . # . #/# . F . . l #", "w", "c8xb9", "b9"),
        # a leapfrog onto it
        ("# . # . # . #/# . t . . l #/. F . . . . .", "w", "b7-d9", "d9"),
        # a ring step onto it
        ("# . # . # . #/# . . . . l #/F . . . . . .", "w", "a7-b9", "b9"),
    ],
)
def test_a_frog_landing_on_an_enemy_green_burrow_by_any_route_becomes_a_butterfly(board, side, move, promoted):
    rows = board.split("/")
    ranks = ["# . # . # . #", "# . . . . l #", ". . . . . . .", "# . . . . . #", ". . . . . . .",
             "# . . . . . #", ". . . . . . .", "# . . . . L #", "# . # . # . #"]
    ranks[: len(rows)] = rows
    text = "\n".join(f"{9 - k}  {row}" for k, row in enumerate(ranks)) + "\n   a b c d e f g"
    p = diagram(text, f"{side} - - - 7")
    after = p.play(move)
    assert after.pieces_on_board()[promoted] == "B"
    assert fields(after)["clock"] == "0"


def test_a_frog_on_its_own_green_burrow_stays_a_frog():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  F . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert p.play("a3-b1").pieces_on_board()["b1"] == "F"


# -- Butterfly -----------------------------------------------------------------------------------


def test_butterfly_steps_once_or_twice_changing_between_orthogonal_and_diagonal():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . B . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    # the 8 neighbours and the 8 knight's squares; never two steps of the same kind (d6, f6 ...)
    assert sorted(m[3:] for m in moves_from(p, "d4")) == sorted(
        "c3 c4 c5 d3 d5 e3 e4 e5 c6 e6 b5 f5 b3 f3 c2 e2".split()
    )


def test_butterfly_middle_square_must_be_empty_and_a_first_step_capture_ends_the_move():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . T r E . .
        4  # . R B R . #
        3  . . E S C . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "d4") == ["d4xd5"]  # c6 and e6 would pass through the captured Rhino


def test_butterfly_captures_anything_but_frogs_also_by_ring_step():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  c . . . . . .
        6  # T . . . . #
        5  B R . . . . .
        4  # E . . . . #
        3  f . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(p, "a5") == ["a5xa7"]


def test_a_butterfly_in_the_burrow_must_leave_it_if_it_can():
    board = """
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  B . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """
    p = diagram(board)
    assert p.moves() == moves_from(p, "a5")
    assert sorted(m[3:] for m in p.moves()) == sorted("a3 a7 b3 b4 b5 b6 b7 c4 c6".split())
    status = p.status()
    assert {"square": "a5", "kind": "must-move", "label": "must leave the burrow"} in status["marks"]


def test_a_frozen_or_blocked_butterfly_in_the_burrow_does_not_force_the_move():
    frozen = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # s . . . . #
        5  B . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """, "w - b6>a5 - 0")
    assert moves_from(frozen, "a5") == [] and frozen.moves()
    assert moves_from(frozen, "f2")
    blocked = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  C . . . . . .
        6  # E . . . . #
        5  B R . . . . .
        4  # T . . . . #
        3  S . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert moves_from(blocked, "a5") == []
    assert moves_from(blocked, "f2")


def test_two_butterflies_in_the_burrow_share_the_duty_and_one_in_the_field_has_none():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  B . . B . . B
        4  # . . . . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert {m[:2] for m in p.moves()} == {"a5", "g5"}


# -- the end of the game -------------------------------------------------------------------------


def test_capturing_the_lion_wins():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . . #
        7  . . . . . . .
        6  # . . l . . #
        5  . . . . . . .
        4  # . . T . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    after = p.play("d4xd6")
    assert after.winner == "w" and after.legal() == ()
    assert "White captured the Black Lion" in after.status()["notes"][0]


def test_the_side_that_just_moved_cannot_be_without_its_lion():
    with pytest.raises(PositionError, match="Black has no Lion"):
        load("3/5/7/5/7/5/7/4L/3 w - - - 0")
    assert load("3/5/7/5/7/5/7/4L/3 b - - - 0").winner == "w"


def test_the_clock_counts_and_100_quiet_plies_draw():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . . . . . .
        2  # . F . . L #
        1  # . # . # . #
           a b c d e f g
    """, "w - - - 99")
    assert p.winner is None
    drawn = p.play("f2-e2")
    assert fields(drawn)["clock"] == "100" and drawn.winner == "draw" and drawn.legal() == ()
    assert p.play("c2-c3").winner is None  # a frog move resets the clock
    assert fields(p.play("c2-c3"))["clock"] == "0"


def test_a_lost_lion_counts_before_the_clock():
    assert load("3/5/7/5/7/5/7/4L/3 b - - - 100").winner == "w"


def test_no_legal_move_loses():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # . . . . . #
        3  . . s . . . .
        2  # L . . . . #
        1  # . # . # . #
           a b c d e f g
    """, "w - c3>b2 - 0")
    assert p.legal() == () and p.winner == "b"


def test_threefold_repetition_ignores_the_clock():
    game = Game(GAME)
    for move in ["b1-b1", "b9-b9", "b1-b1"]:
        game.play(move)
        assert game.result is None
    game.play("b9-b9")
    assert game.result == "draw"
    later = pygame_rules.load(GAME, START.rsplit(" ", 1)[0] + " 57")  # the same, but for the clock
    assert game.position.repetition_key == later.repetition_key != pygame_rules.start(GAME).play("b1-b1").repetition_key


def test_play_does_not_change_the_position():
    p = pygame_rules.start(GAME)
    p.play("c2-e4")
    assert p.text == START


# -- position strings ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, canonical",
    [
        (START, START),
        ("3/1l3/7/5/7/R4/7/4L/3 w b4n1 - - 12", None),
        ("3/1l3/7/5/1r5/R4/7/4L/3 b b4n2,b5s1 - - 0", None),
        ("3/1l3/7/3f1/7/S4/7/4L/3 w - b4>e6 - 3", None),
        ("3/1l3/7/3f1/1f5/S4/7/4L/3 b - b4>e6,b4>b5 - 3", "3/1l3/7/3f1/1f5/S4/7/4L/3 b - b4>b5,b4>e6 - 3"),
        ("3/1l3/7/5/7/5/7/E2EL/3 b - - e2,b2 0", "3/1l3/7/5/7/5/7/E2EL/3 b - - b2,e2 0"),
        ("3/1l3/7/5/7/5/7/4L/3 w - - - 007", "3/1l3/7/5/7/5/7/4L/3 w - - - 7"),
        ("b2/1l3/7/5/7/5/7/4L/C2 w - - - 0", None),
    ],
)
def test_position_strings_round_trip_with_their_state(text, canonical):
    p = load(text)
    assert p.text == (canonical or text)
    assert load(p.text).text == p.text
    assert load(p.text) == p


def test_charges_marks_and_stuck_come_out_sorted_by_square_name():
    p = load("3/1l3/7/5/7/5/f1f3f/1S2L/3 w - c2>c3,c2>a3 - 0")
    assert fields(p)["marks"] == "c2>a3,c2>c3"
    p = load("3/1l3/7/5/7/5/2L4/RE1Er/3 b f2w1,b2n1 - e2,c2 0")
    assert fields(p)["charges"] == "b2n1,f2w1" and fields(p)["stuck"] == "c2,e2"


@pytest.mark.parametrize(
    "text, why",
    [
        ("c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - -", "parts where"),
        ("c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR w - - - 0", "ranks"),
        ("c1c/rtlsr/1fefef1/6/7/5/1FEFEF1/RTLSR/C1C w - - - 0", "rank 6"),
        ("c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C x - - - 0", "side to move"),
        ("c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1Q w - - - 0", "unknown piece"),
        ("3/1l3/7/5/L6/5/7/5/3 w - - - 0", "Lion on burrow square a5"),
        ("3/1l3/7/5/7/5/7/4L/1E1 w - - - 0", "Elephant on burrow square d1"),
        ("3/1l3/7/5/7/5/R6/4L/3 w - - - 0", "Rhinoceros on burrow square a3"),
        ("1T1/1l3/7/5/7/5/7/4L/3 w - - - 0", "Tiger on burrow square d9"),
        ("1F1/1l3/7/5/7/5/7/4L/3 w - - - 0", "would have promoted"),
        ("3/1l3/7/5/7/5/7/LL3/3 w - - - 0", "2 Lions"),
        ("3/1l3/7/FFFF1/7/5/7/4L/3 w - - - 0", "4 Frogs and Butterflies"),
        ("3/1l3/7/5/7/5/7/4L/3 w d2n1 - - 0", "not a Rhinoceros"),
        ("3/1l3/7/5/7/5/7/R3L/3 w b2x1 - - 0", "must be like"),
        ("3/1l3/7/5/7/5/7/R3L/3 w b2n0 - - 0", "must be like"),
        ("3/1l3/7/5/7/5/7/R3L/3 w b2n7 - - 0", "is more than 6 squares"),
        ("3/1l3/7/5/7/5/7/RR2L/3 w b2n1,c2e1 - - 0", "one at most"),
        ("3/1l3/7/5/7/5/7/R3L/3 w b2n1,b2n1 - - 0", "twice"),
        ("3/1l3/7/5/7/5/7/S3L/3 w - b2>f2 - 0", "not an enemy"),
        ("3/1l3/7/5/7/5/7/S3L/3 w - c2>d8 - 0", "not a Spider"),
        ("3/1l3/7/5/7/5/7/S3L/3 w - b2-d8 - 0", "must be like"),
        ("3/1l3/7/5/7/5/7/E3L/3 w - - c2 0", "not an Elephant"),
        ("3/1l3/7/5/7/5/7/E3L/3 w - - z2 0", "must be an elephant's square"),
        ("3/1l3/7/5/7/5/7/E3L/3 w - - a1 0", "not a square"),
        ("3/1l3/7/5/7/5/7/E3L/3 w - - - 101", "clock"),
        ("3/1l3/7/5/7/5/7/E3L/3 w - - - -1", "clock"),
    ],
)
def test_malformed_positions(text, why):
    with pytest.raises(PositionError, match=re.escape(why)) as err:
        load(text)
    assert repr(text) in str(err.value) or "board" in str(err.value)


# -- move texts ----------------------------------------------------------------------------------


@pytest.mark.parametrize("move", ["", "d2-d3", "c2-c5", "b1xb1", "e2", "nonsense", "b1-b1-b1"])
def test_illegal_moves(move):
    with pytest.raises(IllegalMoveError) as err:
        pygame_rules.start(GAME).move(move)
    assert repr(move) in str(err.value)


def test_moves_are_also_accepted_as_the_squares_clicked():
    p = diagram("""
        9  # . # c # . #
        8  # . . . . l #
        7  . . . E . . .
        6  # . . . . . #
        5  . . . . . . .
        4  # C f . . . #
        3  . . . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """)
    assert p.move("d7-d8-d9").text == "d7-d8*d9"
    assert p.move("b4-c4-b4").text == "b4xc4-b4"
    assert p.move("f2-e3").text == "f2-e3"


def test_every_move_text_names_one_effect():
    start = pygame_rules.start(GAME)
    for m in start.legal():
        for reply in m.after.legal():
            assert m.after.move(reply.text) is reply
    assert len(set(start.moves())) == len(start.moves())


# -- status and evaluation -----------------------------------------------------------------------


def test_status_shows_charges_marks_and_stuck_elephants():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . . . . . f .
        4  # . . . s . #
        3  . R . . . . .
        2  # E . . . L #
        1  # . # . # . #
           a b c d e f g
    """, "w b3n2 e4>f2 b2 0")
    marks = p.status()["marks"]
    assert {"square": "b3", "kind": "charge", "label": "charging north, up to 3", "toward": ["b4", "b5", "b6"]} in marks
    assert {"square": "f2", "kind": "marked", "label": "marked by the spider on e4"} in marks
    assert {"square": "b2", "kind": "stuck", "label": "stuck"} in marks
    assert len(p.status()["notes"]) == 3


def test_evaluate_is_symmetric_at_the_start_and_counts_material():
    start = pygame_rules.start(GAME)
    assert start.evaluate() == pytest.approx(0)
    up = load(START.replace("rtlsr", "r1lsr"))  # Black without its Tiger
    assert up.evaluate() > 3
    assert load(up.text.replace(" w ", " b ")).evaluate() < -3


def test_evaluate_drives_an_advantage_home():
    # White is a Tiger up in each pair; only the feature named differs.
    far, near = "3/2l2/7/5/7/5/7/1TL2/3 w - - - 0", "3/2l2/7/1T3/7/5/7/2L2/3 w - - - 0"
    assert load(near).evaluate() > load(far).evaluate()  # a hunter closing in on the enemy Lion
    before, traded = "3/2l2/5f1/5/7/5/1F5/T1L2/3 w - - - 0", "3/2l2/7/5/7/5/7/T1L2/3 w - - - 0"
    assert load(traded).evaluate() > load(before).evaluate() > 4.5  # even trades favour the side ahead
    late = traded.replace(" 0", " 60")
    assert 0 < load(late).evaluate() < load(traded).evaluate()  # a lead fades as the draw clock runs
    assert load(late.replace(" w ", " b ")).evaluate() == pytest.approx(-load(late).evaluate())


def test_order_hint_prefers_taking_big_enemies_over_charging_through_friends():
    p = diagram("""
        9  # . # . # . #
        8  # . . . . l #
        7  . . . . . . .
        6  # . . . . . #
        5  . t . . . . .
        4  # F . . . . #
        3  . R . . . . .
        2  # . . . . L #
        1  # . # . # . #
           a b c d e f g
    """, "w b3n2 - - 0")
    assert p.order_hint(p.move("b3xb5")) > 0 > p.order_hint(p.move("b3xb4"))


# -- random play ---------------------------------------------------------------------------------


def random_position(rng: random.Random) -> str:
    """A random legal-looking position with every kind of state, built without the engine."""
    squares = sorted(ref.ALL_SQUARES)
    free = set(squares)
    board = {}

    def place(piece, field_only=True, avoid=()):
        choices = [sq for sq in squares if sq in free and (sq in ref.FIELD_SQUARES or not field_only) and sq not in avoid]
        sq = rng.choice(choices)
        free.discard(sq)
        board[sq] = piece
        return sq

    for side in "wb":
        case = str.upper if side == "w" else str.lower
        place(case("l"))
        for kind, most in (("t", 1), ("s", 1), ("c", 2), ("r", 2), ("e", 2)):
            for _ in range(rng.randint(0, most)):
                place(case(kind), field_only=kind not in "sc")
        for _ in range(rng.randint(0, 3)):
            kind = rng.choice("ffb")
            place(case(kind), field_only=False, avoid=ref.GREEN[ref.other(side)] if kind == "f" else ())
    turn = rng.choice("wb")
    pos = ref.Pos(board, turn, {}, set(), set(), rng.randint(0, 98))
    for side in "wb":
        rhinos = [sq for sq, p in board.items() if p == ("R" if side == "w" else "r")]
        if rhinos and rng.random() < 0.7:
            pos.charges[rng.choice(rhinos)] = (rng.choice(ref.ORTHO), rng.randint(1, 4))
        spiders = [sq for sq, p in board.items() if p == ("S" if side == "w" else "s")]
        enemies = [sq for sq, p in board.items() if ref.colour(p) != side]
        for spider in spiders:
            near = [sq for sq in enemies if ref.adjacent(sq, spider)] if rng.random() < 0.5 else enemies
            for target in rng.sample(near, min(len(near), rng.randint(0, 3))):
                pos.marks.add((spider, target))
    pos.stuck = {sq for sq, p in board.items() if p in "Ee" and rng.random() < 0.5}
    return pos.text


def assert_agrees_with_reference(position) -> None:
    engine = {m.text: (m.path, tuple(sorted(m.removed)), m.after.text) for m in position.legal()}
    reference = {t: (o.path, o.removed, o.after) for t, o in ref.legal(position.text).items()}
    if engine != reference:
        diff = sorted(t for t in set(engine) | set(reference) if engine.get(t) != reference.get(t))
        detail = "\n".join(f"  {t}: engine {engine.get(t)} reference {reference.get(t)}" for t in diff[:10])
        raise AssertionError(f"engine and reference differ in {position.text!r}:\n{detail}")


def test_engine_agrees_with_the_reference_on_the_first_two_plies():
    start = pygame_rules.start(GAME)
    assert_agrees_with_reference(start)
    for m in start.legal():
        assert_agrees_with_reference(m.after)


@settings(max_examples=20)
@given(st.randoms(use_true_random=False))
def test_engine_agrees_with_the_reference_on_played_positions(rng):
    p = pygame_rules.start(GAME)
    for _ in range(80):
        assert_agrees_with_reference(p)
        if p.winner is not None:
            break
        p = rng.choice(p.legal()).after


@settings(max_examples=150)
@given(st.randoms(use_true_random=False))
def test_engine_agrees_with_the_reference_on_random_setups(rng):
    p = load(random_position(rng))
    for _ in range(4):
        assert_agrees_with_reference(p)
        if p.winner is not None or not p.legal():
            break
        p = rng.choice(p.legal()).after
    assert (p.winner is not None) == (ref.result(ref.parse(p.text)) is not None)


class RecordingBoard(str):
    """The board, noting which squares are read."""

    def __getitem__(self, j):
        self.read.add(j)
        return str.__getitem__(self, j)


@settings(max_examples=150)
@given(st.randoms(use_true_random=False))
def test_a_pieces_moves_depend_only_on_the_squares_they_are_remembered_by(rng):
    """Each piece's moves are remembered by the contents of the squares its generator reads on an
    empty or a full board (lion._squares_read): on real boards it reads no other square."""
    p = load(random_position(rng))
    state = p.state
    for _ in range(3):
        for i, piece in enumerate(state.board):
            if lion.SIDE_OF[piece] != state.turn or lion.KIND[piece] == lion.RHINO and state.charges:
                continue  # (a Rhino's moves are not remembered while a charge is recorded)
            for quiet in (True, False):
                board = RecordingBoard(state.board)
                board.read = set()
                Lion._MOVERS[lion.KIND[piece]](p, board, state.turn, i, {}, quiet)
                assert board.read <= set(lion._squares_read(piece, i, quiet)), (p.text, lion.NAMES[i])
        if p.winner is not None or not p.legal():
            break
        p = rng.choice(p.legal()).after
        state = p.state


def generated_plans(position, quiet: bool) -> dict:
    """Every piece's plans straight from its generator, nothing remembered."""
    s = position.state
    frozen = position.frozen()
    plans = {}
    for i, piece in enumerate(s.board):
        if lion.SIDE_OF[piece] == s.turn and i not in frozen and i not in s.stuck:
            Lion._MOVERS[lion.KIND[piece]](position, s.board, s.turn, i, plans, quiet)
    return {text: plan for text, plan in plans.items() if quiet or plan[3]}


@settings(max_examples=60)
@given(st.randoms(use_true_random=False))
def test_remembered_moves_are_the_generators_moves(rng):
    """The moves of positions met twice (the second time from the tables) and of their children
    (mostly from the tables) are those the generators make."""
    for p in [load(random_position(rng))] * 2 + [pygame_rules.start(GAME)]:
        for _ in range(6):
            if p._forced_plans(p.frozen()):
                break
            assert p._plans(True) == generated_plans(p, True), p.text
            assert p._edges() == p._edges_of(generated_plans(p, True).items()), p.text
            captures = p._plans(False)
            assert {t: plan for t, plan in captures.items() if plan[3]} == generated_plans(p, False), p.text
            if p.winner is not None or not p.legal():
                break
            p = rng.choice(p.legal()).after


def test_the_remembered_moves_are_forgotten_when_there_are_too_many(monkeypatch):
    monkeypatch.setattr(lion, "REMEMBER_AT_MOST", 50)
    pygame_rules.core.forget()
    p = pygame_rules.start(GAME)
    for _ in range(3):
        p.legal()
        p = p.legal()[0].after
        assert 0 < lion._remembered <= 50
    assert pygame_rules.core.perft(pygame_rules.start(GAME), 2) == 784
    pygame_rules.core.forget()
    assert lion._remembered == 0
    assert all(table is None for tables in lion._REMEMBERED.values() for row in tables.values() for table in row)


@settings(max_examples=25)
@given(st.randoms(use_true_random=False))
def test_random_playouts_keep_the_invariants(rng):
    game = Game(GAME)
    for _ in range(1000):
        p = game.position
        assert load(p.text).text == p.text
        if game.result is not None:
            break
        moves = p.legal()
        assert [m.text for m in moves] == sorted({m.text for m in moves})
        for m in moves:
            assert m.path[0] == m.text[:2] and all(sq in p.geometry.index for sq in m.path + m.removed)
            assert p.play(m.text) is m.after
            clock = int(fields(m.after)["clock"])
            reset = bool(m.removed) or p.pieces_on_board()[m.text[:2]] in "Ff"
            assert clock == (0 if reset else int(fields(p)["clock"]) + 1)
        before = p.text
        game.play(rng.choice(moves).text)
        assert p.text == before
    else:
        raise AssertionError(f"no result after 1000 random plies: {game.position.text}")


@settings(max_examples=10)
@given(st.randoms(use_true_random=False))
def test_quiet_play_is_drawn_by_the_clock(rng):
    """Never capturing nor moving a frog, a game ends in a draw once the clock reaches 100."""
    p = load(random_position(rng).rsplit(" ", 1)[0] + " 0")
    for ply in range(101):
        quiet = [m for m in p.legal() if not m.removed and p.pieces_on_board()[m.text[:2]] not in "Ff"]
        if p.winner is not None or not quiet:
            return
        p = rng.choice(quiet).after
        assert fields(p)["clock"] == str(ply + 1)
    raise AssertionError("unreachable")


# -- perft data ----------------------------------------------------------------------------------


def perft_records():
    records, current = [], {}
    for line in PERFT_FILE.read_text().splitlines() + [""]:
        line = line.strip()
        if line.startswith("#"):
            continue
        if not line:
            if current:
                records.append(current)
            current = {}
            continue
        key, _, value = line.partition(" ")
        if key == "perft":
            depth, nodes = value.split()
            current.setdefault("perft", []).append((int(depth), int(nodes)))
        else:
            current[key] = value
    return records


def ref_perft(text: str, depth: int) -> int:
    if depth == 0:
        return 1
    outcomes = ref.legal(text).values()
    return len(outcomes) if depth == 1 else sum(ref_perft(o.after, depth - 1) for o in outcomes)


@pytest.mark.parametrize("record", perft_records(), ids=lambda r: r["id"])
def test_perft_file_agrees_with_the_reference(record):
    """The engine's counts in ``data/lion.perft`` (run by test_perft.py), recounted by the reference."""
    for depth, nodes in record["perft"]:
        if nodes <= 10000:
            assert ref_perft(record["pos"], depth) == nodes
