"""3 Crowns: every rule of docs/rules.md (section 3 CROWNS) as a scenario, the seed examples, and checks
against the independent reference implementation ``reference/three_crowns_ref.py``."""

from __future__ import annotations

import random

import pytest
from diagrams import load_diagram
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import three_crowns_ref as ref

import pygame_rules
from pygame_rules import Game, IllegalMoveError, PositionError
from pygame_rules.three_crowns import GEOMETRY, TRIPLES, _completing

GAME = "three-crowns"
START = "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g * 0"
EXAMPLE_1 = "1g3b2/2b5/g3B2b/b7/gb1G4/3B1g2/3gGb1b/gbg5 g - 0"
JUMPING_EXAMPLE = "8/8/3Bb3/3g4/4g3/2gg4/4g3/8 b - 0"


def load(text: str) -> pygame_rules.Position:
    return pygame_rules.load(GAME, text)


def diagram(board: str, rest: str = "g - 0") -> pygame_rules.Position:
    return load_diagram(GAME, board, rest)


def wins_at_once(position) -> list[str]:
    """The moves of the side to move that win on the spot."""
    return [m.text for m in position.legal() if m.after.winner == position.turn]


def loses_at_once(position) -> bool:
    """Whether the side to move has a move that wins on the spot (so the side that moved loses)."""
    return any(m.after.winner == position.turn for m in position.legal())


def jumps(position) -> list[str]:
    return [m for m in position.moves() if ":" in m]


# -- the start and the equalizer (rule 5) --------------------------------------------------------


def test_start_position():
    p = pygame_rules.start(GAME)
    assert p.text == START
    assert p.turn == "g"
    assert GAME in pygame_rules.games()
    assert p.side_names == {"g": "Green", "b": "Black"}
    assert {p.pieces[c]["glyph"] for c in "gb"} == {"stone"}
    assert {p.pieces[c]["glyph"] for c in "GB"} == {"crowned-stone"}
    assert p.pieces_on_board() == {
        **{sq: "g" for sq in "a1 c1 f1 h1 a4 h4 a6 h6 b8 g8".split()},
        **{sq: "b" for sq in "b1 g1 a3 h3 a5 h5 a8 c8 f8 h8".split()},
    }


def test_green_has_32_opening_moves():
    assert pygame_rules.start(GAME).moves() == sorted(
        "a1-a2 a1-b2 c1-b2 c1-c2 c1-d2 c1-d1 f1-e1 f1-e2 f1-f2 f1-g2 h1-h2 h1-g2 "
        "a4-b3 a4-b4 a4-b5 h4-g3 h4-g4 h4-g5 a6-a7 a6-b5 a6-b6 a6-b7 h6-h7 h6-g5 h6-g6 h6-g7 "
        "b8-a7 b8-b7 b8-c7 g8-f7 g8-g7 g8-h7".split()
    )


def test_ply_3_green_only_steps_the_stone_moved_at_ply_1():
    start = pygame_rules.start(GAME)
    for first in start.legal():
        bound = first.path[-1]
        assert first.after.text.split()[2] == bound  # Green's first move sets the bound square
        unbound = load(first.after.text.replace(f" {bound} ", " - "))
        assert first.after.moves() == unbound.moves()  # Black's reply is free
        for reply in first.after.legal():
            p3 = reply.after
            assert p3.text.split()[2] == bound  # Black's reply keeps it
            neighbours = [
                f"{chr(ord(bound[0]) + df)}{int(bound[1]) + dr}"
                for df in (-1, 0, 1)
                for dr in (-1, 0, 1)
                if (df, dr) != (0, 0)
            ]
            empty = [sq for sq in neighbours if sq in p3.geometry.index and sq not in p3.pieces_on_board()]
            assert p3.moves() == sorted(f"{bound}-{sq}" for sq in empty), (first.text, reply.text)
            assert all(m.after.text.split()[2] == "-" for m in p3.legal())  # Green's second move clears it


def test_equalizer_allows_no_jump_at_ply_3():
    # The bound (crowned) d4 stone could jump d5 and e6; the uncrowned c2 could jump b3 and a5.
    p = diagram(
        """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . b . . .
        5 B . . b . . . .
        4 . . . G . . . .
        3 . B . . . . . .
        2 . . g . . . . .
        1 . . . . . . . .
          a b c d e f g h
        """,
        "g d4 2",
    )
    assert p.moves() == ["d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-e3", "d4-e4", "d4-e5"]
    assert jumps(load(p.text.replace(" d4 ", " - "))) == ["c2:a4:a6", "d4:d6:f6"]


def test_first_move_sets_the_bound_on_the_landing_square_also_for_a_jump():
    # A set-up before Green's first move ("*") with a jump: the bound is where the stone lands.
    p = diagram(
        """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . b . . . .
        3 . . . . . . . .
        2 . b . . . . . .
        1 G . . . . . . .
          a b c d e f g h
        """,
        "g * 0",
    )
    after = p.play("a1:c3:e5")
    assert after.text == "8/8/8/4G3/8/8/1b6/8 b e5 0"
    assert after.status()["notes"][-1] == "Equalizer: Green's next move must step the stone on e5."


def test_bound_is_cleared_if_black_captures_the_bound_stone():
    # Only possible in set-ups: the stone to step is gone, so Green moves freely (project decision).
    p = diagram(
        """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . g . . . .
        3 . . . . . . g g
        2 . . . g . . . .
        1 . . . B . . . .
          a b c d e f g h
        """,
        "b d4 1",
    )
    assert p.play("d1:d3:d5").text == "8/8/8/3B4/8/6gg/3g4/8 g - 0"
    assert p.play("d1-c1").text == "8/8/8/8/3g4/6gg/3g4/2B5 g d4 2"


def test_a_bound_stone_that_cannot_step_loses():
    p = diagram(
        """
        8 g b . . . . . .
        7 b b . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . g
        1 . . . . . . . .
          a b c d e f g h
        """,
        "g a8 2",
    )
    assert p.moves() == []
    assert p.winner == "b"
    assert p.status()["notes"][-1] == "Green has no legal move and loses."


# -- steps and troikas (rules 1 and 2) -----------------------------------------------------------


def test_steps_go_to_the_eight_adjacent_empty_squares():
    p = diagram(
        """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . b . . . .
        4 . . . g G . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . G
          a b c d e f g h
        """
    )
    assert p.moves() == sorted(
        "d4-c3 d4-c4 d4-c5 d4-d3 d4-e3 d4-e5 e4-d3 e4-e3 e4-f3 e4-f4 e4-f5 e4-e5 h1-g1 h1-g2 h1-h2".split()
    )


TROIKAS = """
    8 . . . . . . . .
    7 g . . . . . . .
    6 g . . . . . b .
    5 g . . . . . b .
    4 . . . . . . . .
    3 . g . G g . . g
    2 . . . b . g . .
    1 . . . . . . g .
      a b c d e f g h
    """


@pytest.mark.parametrize(
    "move, crowned",
    [
        ("b3-a4", True),  # a4 joins a5-a6-a7 (an uncrowned set-up troika): a line of 4
        ("f2-f3", False),  # d3-e3-f3: the crowned d3 breaks the row
        ("h3-g4", False),  # g4-g5-g6: g5 and g6 are Black
        ("e3-e2", False),  # d2-e2-f2: d2 is Black
        ("g1-g2", False),  # f2-g2-h2: two, h2 is empty
        ("f2-f1", False),  # f1-g1: two
    ],
)
def test_a_step_crowns_only_the_moving_stone_when_it_joins_a_troika(move, crowned):
    p = diagram(TROIKAS, "g - 7")
    after = p.play(move)
    to = move[3:]
    board = after.pieces_on_board()
    assert board[to] == ("G" if crowned else "g")
    untouched = {sq: c for sq, c in p.pieces_on_board().items() if sq != move[:2]}
    assert {sq: board[sq] for sq in untouched} == untouched  # nothing else changes
    assert after.text.endswith(" 0" if crowned else " 8")  # crowning resets the clock


@pytest.mark.parametrize(
    "board, move",
    [
        ("8/8/8/8/8/8/1g1g4/2g5", "c1-c2"),  # the middle of a row
        ("8/8/8/8/8/2g5/8/gg6", "b1-b2"),  # the middle of a diagonal: a1-b2-c3
        ("8/8/8/8/3g4/4g3/3g4/8", "e3-d3"),  # the middle of a column: d2-d3-d4
        ("8/8/8/8/g7/8/2g5/3g4", "a4-b3"),  # the end of a diagonal: b3-c2-d1
    ],
)
def test_troika_in_every_line_and_position(board, move):
    after = load(f"{board} g - 0").play(move)
    assert after.pieces_on_board()[move[3:]] == "G"
    assert list(after.pieces_on_board().values()).count("G") == 1


def test_a_crowned_stone_stepping_into_a_line_stays_as_it_is():
    p = load("8/8/8/8/8/8/gg6/3G4 g - 3")
    after = p.play("d1-c2")
    assert after.text == "8/8/8/8/8/8/ggG5/8 b - 4"


# -- jumps (rules 3 and 4) -----------------------------------------------------------------------


def test_seed_jumping_example():
    p = load(JUMPING_EXAMPLE)
    assert jumps(p) == ["d6:d4:b2", "d6:d4:d2", "d6:d4:f4"]
    captured = {m.text: m.removed for m in p.legal() if ":" in m.text}
    assert captured == {"d6:d4:b2": ("c3",), "d6:d4:d2": ("d3",), "d6:d4:f4": ("e4",)}
    for m in p.legal():
        if ":" in m.text:
            board = m.after.pieces_on_board()
            assert board["d5"] == "g"  # the first jumped stone is unaffected
            assert m.path[-1] in board and board[m.path[-1]] == "B"
            assert m.after.text.endswith(" g - 0")
    assert p.play("d6:d4:b2").text == "8/8/4b3/3g4/4g3/3g4/1B2g3/8 g - 0"
    for bad in ("d6:d4:d6", "d6:d4:d2:f2", "d6:d4"):
        with pytest.raises(IllegalMoveError):
            p.play(bad)
    assert not [m for m in p.moves() if m.startswith("e6:")]  # uncrowned e6 cannot jump uncrowned stones
    green = load(JUMPING_EXAMPLE.replace(" b ", " g "))
    assert jumps(green) == []  # d5 could jump d6, but no second leg follows


UNCROWNING = """
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . . . . . . .
    5 . . . . . . . .
    4 . . . . B . . .
    3 . . . . . . . .
    2 . . B . . . . .
    1 . g . . . . . .
      a b c d e f g h
    """


def test_an_uncrowned_stone_jumps_two_crowned_stones_and_uncrowns_the_second():
    p = diagram(UNCROWNING, "g - 12")
    assert jumps(p) == ["b1:d3:f5"]
    m = p.move("b1:d3:f5")
    assert m.path == ("b1", "d3", "f5")
    assert m.removed == ()
    assert m.after.text == "8/8/8/5g2/4b3/8/2B5/8 b - 0"
    # The move says so, for the board to show it before it is played.
    assert m.jumped == ("c2",) and m.changed == (("e4", "b"),)


@pytest.mark.parametrize(
    "rank_4, fate",
    [
        ("4Bbb1", "captured"),  # e4-f4-g4 would be a troika of uncrowned Black stones
        ("3bB3", "uncrowned"),  # d4-e4: two
        ("2bBBb2", "uncrowned"),  # c4-d4-e4-f4: the crowned d4 breaks the row
        ("2bgBb2", "uncrowned"),  # c4-d4-e4-f4: d4 is Green
        ("4B3", "uncrowned"),
    ],
)
def test_the_second_crowned_stone_is_captured_if_uncrowning_makes_a_troika(rank_4, fate):
    p = load(f"8/8/8/8/{rank_4}/8/2B5/1g6 g - 0")
    m = p.move("b1:d3:f5")
    board = m.after.pieces_on_board()
    assert board["c2"] == "B"  # the first jumped stone is unaffected
    assert m.jumped == ("c2",)
    if fate == "captured":
        assert "e4" not in board and m.removed == ("e4",) and m.changed == ()
    else:
        assert board["e4"] == "b" and m.removed == () and m.changed == (("e4", "b"),)


def test_uncrowning_troika_in_a_column_with_the_stone_in_the_middle():
    # e4 between e3 and e5, all Black uncrowned once e4 is uncrowned: captured.
    p = load("8/8/8/4b3/4B3/4b3/2B5/1g6 g - 0")
    assert p.move("b1:d3:f5").removed == ("e4",)


def test_a_crowned_stone_captures_the_second_uncrowned_stone():
    p = load("8/8/8/8/8/8/1b1b4/G7 g - 0")
    assert jumps(p) == ["a1:c3:e1"]
    m = p.move("a1:c3:e1")
    assert m.removed == ("d2",) and m.jumped == ("b2",) and m.changed == ()
    assert m.after.text == "8/8/8/8/8/8/1b6/4G3 b - 0"


def test_the_second_leg_may_go_straight_on_or_turn_but_never_back():
    p = diagram(
        """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . b b b . . .
        4 . . b . . . . .
        3 . . . b . . . .
        2 . . . G . . . .
        1 . . . . . . . .
          a b c d e f g h
        """
    )
    assert jumps(p) == ["d2:d4:b4", "d2:d4:b6", "d2:d4:d6", "d2:d4:f6"]
    with pytest.raises(IllegalMoveError):
        p.play("d2:d4:d2")  # straight back over d3 to the start square


def test_mixed_prey_and_own_stones_cannot_be_jumped():
    # Crowned d1: its first leg over uncrowned d2 is fine, the second needs an uncrowned enemy.
    p = load("8/8/8/8/2BGg3/8/3b4/3G4 g - 0")
    assert jumps(p) == []
    # Uncrowned b1 jumps crowned c2, then cannot jump the uncrowned e4 or its own d4.
    p = load("8/8/8/8/3gb3/8/2B5/1g6 g - 0")
    assert jumps(p) == []


def test_landing_squares_must_be_empty():
    base = "8/8/8/8/8/8/1b1b4/G7 g - 0"
    assert jumps(load(base)) == ["a1:c3:e1"]
    assert jumps(load("8/8/8/8/8/2g5/1b1b4/G7 g - 0")) == []  # first landing c3 taken by Green
    assert jumps(load("8/8/8/8/8/2b5/1b1b4/G7 g - 0")) == []  # by Black
    assert jumps(load("8/8/8/8/8/8/1b1b4/G3g3 g - 0")) == []  # second landing e1 taken


def test_a_jump_crowns_the_uncrowned_mover_that_lands_in_a_troika():
    p = load("8/8/8/6gg/4B3/8/2B5/1g6 g - 5")
    after = p.play("b1:d3:f5")
    assert after.text == "8/8/8/5Ggg/4b3/8/2B5/8 b - 0"  # f5-g5-h5


# -- winning and drawing (rules 6 and 7, no legal move) ------------------------------------------


def test_seed_example_1():
    p = load(EXAMPLE_1).play("f3-e3")
    board = p.pieces_on_board()
    assert (board["e3"], board["c1"], board["d2"]) == ("G", "g", "g")  # only the mover is crowned
    assert p.winner is None

    def replies_that_do_not_lose_at_once(position):
        assert len(position.legal()) > 1
        return [m.text for m in position.legal() if not loses_at_once(m.after)]

    assert replies_that_do_not_lose_at_once(p) == ["d3-e4"]
    p = p.play("d3-e4").play("e2-f3")
    assert replies_that_do_not_lose_at_once(p) == ["e4-d3"]
    p = p.play("e4-d3")
    assert wins_at_once(p) == []
    p = p.play("e3-e4")
    for reply in p.legal():  # every Black move loses: Green threatens d4-d5 and f3-f4
        threats = [t for t in ("d4-d5", "f3-f4") if t in reply.after.moves()]
        assert any(reply.after.play(t).winner == "g" for t in threats), reply.text
    final = p.play("h6-h5").play("f3-f4")
    assert final.winner == "g"
    assert final.legal() == ()
    assert sorted(m["square"] for m in final.status()["marks"] if m["kind"] == "win") == ["d4", "e4", "f4"]


def test_seed_diagram_strings_parse_as_they_are():
    assert load("bgb..bgb/8/g6g/b6b/g6g/b6b/8/gbg..gbg g * 0").text == START
    assert load(".g3b../..b5/g3B..b/b7/gb.G4/3Bag../3gGb.b/gbg5 g - 0").text == EXAMPLE_1
    assert load("16/3Bb3/3g4/3agc../..gg4/.c.cg3/8 b - 0").text == JUMPING_EXAMPLE


def test_three_crowned_stones_in_a_line_win():
    p = load("8/8/8/8/5G2/2GG4/8/6bb g - 0")
    won = p.play("f4-e3")
    assert won.winner == "g" and won.moves() == []
    assert p.play("f4-f3").winner is None  # c3 d3 . f3
    # A crowning step that completes a crowned line: c3 is crowned by c3-d3-e3 and wins with a1-b2-c3.
    p = load("8/8/8/8/2g5/3gg3/1G6/G5bb g - 0")
    won = p.play("c4-c3")
    assert won.pieces_on_board()["c3"] == "G" and won.winner == "g"


def test_only_the_mover_wins_by_a_crowned_line():
    # Green (to move) already has a crowned line in this set-up; it wins only by moving (project decision).
    p = load("8/8/8/8/8/GGG5/8/7b g - 0")
    assert p.winner is None
    assert p.play("a3-a4").winner is None  # the line is broken
    assert p.play("c3-c4").winner is None
    assert p.play("b3-b2").winner is None
    assert load("8/8/8/8/8/GGG5/8/6gb g - 0").play("g1-g2").winner == "g"


@pytest.mark.parametrize(
    "text",
    [
        "8/8/8/8/8/GGG5/8/6gb g - 0",  # Green already has a crowned line: any move of g1 wins
        "bbbbbbb1/8/8/8/8/8/8/g7 g - 0",  # Black is already down to 7 stones: any Green move wins
    ],
)
def test_in_set_ups_decided_before_the_move_every_quiet_move_wins_at_once(text):
    p = load(text)
    quiet = [m for m in p.legal() if p.pieces_on_board()[m.path[0]] == "g" and not m.removed and not m.crowns]
    assert quiet and all(p.wins_at_once(m) and m.after.winner == "g" for m in quiet)


def test_wins_at_once_agrees_with_the_rules_on_every_move():
    for text in ("8/8/8/8/5G2/2GG4/8/6bb g - 0", "8/8/8/8/2g5/3gg3/1G6/G5bb g - 0", "BBbbbb2/8/8/8/8/8/1b1b4/G7 g - 0"):
        p = load(text)
        winning = {m.text for m in p.legal() if m.after.winner == "g"}
        assert winning and {m.text for m in p.legal() if p.wins_at_once(m)} == winning


def test_the_opponent_left_with_exactly_7_stones_loses():
    jump = "a1:c3:e1"  # captures d2
    assert load("bbbbbbbb/8/8/8/8/8/1b1b4/G7 g - 0").play(jump).winner is None  # 10 -> 9
    won = load("BBbbbb2/8/8/8/8/8/1b1b4/G7 g - 0").play(jump)  # 8 -> 7, crowned stones count too
    assert won.winner == "g" and won.moves() == []
    assert won.status()["notes"][-1] == "Green wins: Black is down to 7 stones (the third capture)."
    assert load("bbbbb3/8/8/8/8/8/1b1b4/G7 g - 0").play(jump).winner is None  # 7 -> 6


def test_a_side_to_move_with_7_stones_has_lost():
    p = load("ggggggg1/8/8/8/8/8/8/b7 g - 0")
    assert p.winner == "b" and p.moves() == []
    assert load("gggggg2/8/8/8/8/8/8/b7 g - 0").winner is None  # 6 stones: never ends this way


def test_clock_counts_quiet_plies_and_resets():
    p = load("8/8/8/8/8/8/gg6/6bb g - 10")
    assert p.play("b2-b3").text.endswith(" b - 11")
    assert p.play("b2-c2").text.endswith(" b - 11")
    assert load("8/8/8/8/8/8/gg6/6bb g - 10").play("b2-b1").text.endswith(" 11")
    assert load("8/8/8/8/8/8/g1g5/6bb g - 10").play("a2-b2").text.endswith(" b - 11")
    assert load("8/8/8/8/8/8/g1g5/1g4bb g - 10").play("b1-b2").text.endswith(" b - 0")  # crowned


def test_100_quiet_plies_draw_but_a_win_on_the_100th_ply_wins():
    p = load("8/8/8/8/5G2/2GG4/8/6bb g - 99")
    assert p.play("f4-f5").winner == "draw"
    assert p.play("f4-f5").moves() == []
    assert p.play("f4-e3").winner == "g"
    assert load("8/8/8/8/5G2/2GG4/8/6bb g - 98").play("f4-f5").winner is None
    assert load("8/8/8/8/8/8/8/g5bb g - 100").winner == "draw"


def test_no_legal_move_loses():
    # a8 is boxed in; its leg over b7 to c6 has no second leg, so it has no jump either.
    p = load("gb6/bB6/8/8/8/8/8/7b g - 0")
    assert p.moves() == []
    assert p.winner == "b"


# -- repetition, round trips, errors -------------------------------------------------------------


def test_threefold_repetition_ignores_the_clock():
    game = Game(GAME)
    cycle = ["a1-a2", "a3-b2", "a2-a1", "b2-a3"]  # the first a2-a1 is the equalizer move
    for move in (cycle * 3)[:10]:
        game.play(move)
        assert game.result is None
    assert game.repetitions() == 2  # as after ply 6 (ply 2 differs: the equalizer bound a2)
    # After a2-a1 (plies 3, 7, 11) the same position recurs with clocks 3, 7 and 11.
    game.play("a2-a1")
    assert game.position.text == "bgb2bgb/8/g6g/b6b/g6g/7b/1b6/gbg2gbg b - 11"
    assert game.repetitions() == 3
    assert game.result == "draw" and game.position.winner is None
    assert game.describe_result() == "draw by threefold repetition"
    assert game.legal() == ()
    game.undo()
    assert game.result is None


@pytest.mark.parametrize("text", [START, EXAMPLE_1, JUMPING_EXAMPLE, "8/8/8/8/8/8/8/4G2b b e1 57"])
def test_position_strings_round_trip(text):
    p = load(text)
    assert p.text == text
    assert load(p.text) == p
    assert load("  " + text.replace(" ", "   ") + " ").text == text


def test_leading_zeros_of_the_clock_are_dropped():
    assert load("8/8/8/8/8/8/8/G6b b - 007").text == "8/8/8/8/8/8/8/G6b b - 7"


@pytest.mark.parametrize(
    "text, why",
    [
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g *", "has 3 parts where 4 are expected"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg w * 0", "side to move 'w'"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg b * 0", "needs Green to move"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g i9 0", "bound 'i9'"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g d4 0", "bound square d4 must hold"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g b1 0", "bound square b1 must hold"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g - x", "clock 'x'"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g - -1", "clock '-1'"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8 g - 0", "has 56 squares, expected 64"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbgg g - 0", "has 65 squares"),
        ("bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbk2gbg g - 0", "unknown piece 'k'"),
    ],
)
def test_malformed_positions(text, why):
    with pytest.raises(PositionError) as e:
        load(text)
    assert why in str(e.value)
    assert repr(text) in str(e.value) or repr(text.split()[0]) in str(e.value)


@pytest.mark.parametrize("move", ["a1-a3", "a1-a1", "b1-b2", "a1:a3:a5", "", "xyz", "a1-a2-a3", "c1x d2"])
def test_illegal_moves(move):
    p = pygame_rules.start(GAME)
    with pytest.raises(IllegalMoveError) as e:
        p.play(move)
    assert repr(move) in str(e.value)
    assert p.text == START


def test_no_move_after_the_game_is_over():
    won = load("8/8/8/8/5G2/2GG4/8/6bb g - 0").play("f4-e3")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        won.play("g1-g2")


# -- status and evaluation -----------------------------------------------------------------------


def test_status_notes_and_marks():
    start = pygame_rules.start(GAME)
    assert start.status()["notes"] == [
        "Green 10 stones, Black 10 stones (7 loses).",
        "Equalizer: the stone Green moves now must also make Green's next move.",
    ]
    p3 = start.play("c1-d2").play("a3-b2")
    assert p3.status()["marks"] == [{"square": "d2", "kind": "must-move", "label": "Equalizer"}]
    after_equalizer = p3.play("d2-d3").status()
    assert after_equalizer == {"notes": ["Green 10 stones, Black 10 stones (7 loses)."], "marks": []}
    assert load(JUMPING_EXAMPLE).status()["notes"] == ["Green 5 stones, Black 2 stones."]
    assert load("8/8/8/8/bbB1B3/8/2B5/1g6 g - 0").status()["notes"] == ["Green 1 stone, Black 5 stones."]
    assert load("8/8/8/8/8/8/8/g5bb g - 100").status()["notes"][-1].startswith("Draw: 100 plies")


def test_evaluate_favours_material_and_crowned_pairs_and_is_symmetric():
    even = load("8/4bbbb/8/8/8/8/gggg4/8 g - 0")  # each side's stones where the other's stand, turned round
    assert even.evaluate() == pytest.approx(0)
    up = load("8/5bbb/8/8/8/8/gggg4/8 g - 0")
    assert up.evaluate() > 0 and load("8/5bbb/8/8/8/8/gggg4/8 b - 0").evaluate() < 0
    middle, corner = load("8/8/8/3g4/8/8/8/7b g - 0"), load("8/8/8/8/8/8/8/g6b g - 0")
    assert middle.evaluate() > corner.evaluate() == pytest.approx(0)  # 12 lines of three through d5, 3 through a corner
    crowned_pair = load("8/8/8/8/8/8/GG6/6bb g - 0")
    loose = load("8/8/8/8/8/8/G1G5/6bb g - 0")
    assert crowned_pair.evaluate() > loose.evaluate() > 0
    for text in (EXAMPLE_1, JUMPING_EXAMPLE, START):
        p = load(text)
        assert p.evaluate() == pytest.approx(load(swap_colours(p.text)).evaluate())


def counted_terms(position) -> list[float]:
    """The evaluation's terms counted square by square, as its docstring says (the engine counts
    them on bit masks): stones, crowns, like pairs in a line with an empty square at either end
    (crowned, uncrowned), at 8 stones, the lines of three on the board through each uncrowned
    stone and each crown; the side to move's minus the other's, then the side to move's edge and
    whether it is Green."""
    board = position.board_cells()
    at = {(f, r): board[i] for i, (f, r) in enumerate(GEOMETRY.coords)}
    counts = {}
    for side, crown, stone in (("g", "G", "g"), ("b", "B", "b")):
        pairs = {crown: 0, stone: 0}
        for (f, r), piece in at.items():
            for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if piece in pairs and at.get((f + df, r + dr)) == piece and "." in (
                        at.get((f + 2 * df, r + 2 * dr)), at.get((f - df, r - dr))):
                    pairs[piece] += 1
        n = sum(p in (crown, stone) for p in board)
        lines = {crown: 0, stone: 0}
        for (f, r), piece in at.items():
            if piece in lines:
                for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    lines[piece] += sum(all((f + (k + j) * df, r + (k + j) * dr) in at for j in range(3)) for k in (-2, -1, 0))
        counts[side] = (n, board.count(crown), pairs[crown], pairs[stone], n == 8, lines[stone], lines[crown])
    me, them = position.turn, "b" if position.turn == "g" else "g"
    return [a - b for a, b in zip(counts[me], counts[them])] + [1.0, 1.0 if me == "g" else -1.0]


@given(st.sets(st.integers(0, 63), max_size=14).map(lambda squares: sum(1 << i for i in squares)))
def test_the_squares_completing_a_row_of_three_are_found_on_masks(stones):
    # The move generator tells the steps that may crown or win from the rest by these masks.
    expected = sum(1 << j for j in range(64) if any(stones >> x & 1 and stones >> y & 1 for x, y in TRIPLES[j]))
    assert _completing(stones) == expected


def test_the_evaluation_terms_count_what_they_say():
    rng = random.Random(11)
    for _ in range(30):
        position = pygame_rules.start(GAME)
        while position.winner is None:
            assert position.evaluation_terms() == counted_terms(position), position.text
            position = rng.choice(position.legal()).after


def swap_colours(text: str) -> str:
    """The same position with Green and Black exchanged (and no bound, which only Green has)."""
    board, side, _, clock = text.split()
    board = board.translate(str.maketrans("gGbB", "bBgG"))
    return f"{board} {'b' if side == 'g' else 'g'} - {clock}"


# -- random play: invariants, and the reference implementation -----------------------------------


def random_setup(rng: random.Random) -> str:
    """A random position, dense enough for jumps, uncrownings and troikas."""
    cells, stones = [], {"g": 0, "b": 0}
    for _ in range(64):
        cell = rng.choice("..........ggGbbB")
        if cell != "." and stones[cell.lower()] == 10:  # a side has 10 stones at most
            cell = "."
        cells.append(cell)
        stones[cell.lower()] = stones.get(cell.lower(), 0) + 1
    board = "/".join("".join(cells[r * 8 : r * 8 + 8]) for r in range(8))
    side = rng.choice("gb")
    greens = [i for i, c in enumerate(cells) if c in "gG"]
    bound = "-"
    if greens and rng.random() < 0.2:
        i = rng.choice(greens)
        bound = "abcdefgh"[i % 8] + str(8 - i // 8)
    return load(f"{board} {side} {bound} {rng.randrange(101)}").text


def check_against_reference(p) -> None:
    state = ref.read(p.text)
    assert ref.write(state) == p.text
    expected = ref.moves(state) if ref.result(state) is None else {}
    assert {m.text: m.after.text for m in p.legal()} == expected, p.text
    assert p.winner == ref.result(state), p.text


def check_invariants(p) -> None:
    text = p.text
    assert load(text).text == text
    legal = p.legal()
    texts = [m.text for m in legal]
    assert texts == sorted(set(texts))
    for m in legal:
        assert p.play(m.text) is m.after
        assert m.path[0] == m.text[:2] and m.path[-1] == m.text[-2:]
    assert p.state == load(text).state  # playing moves leaves the position unchanged
    assert p.state.clock <= 100
    if p.state.clock == 100:
        assert p.winner is not None


def crowns(position) -> int:
    return sum(1 for c in position.board_cells() if c.isupper())


# Fewer examples for the long tests; HYPOTHESIS_PROFILE=thorough scales them all up.
EXAMPLES = settings.default.max_examples


@settings(max_examples=max(10, EXAMPLES // 5))
@given(st.randoms(use_true_random=False), st.sampled_from([START, EXAMPLE_1, JUMPING_EXAMPLE]))
def test_random_playouts_keep_the_invariants_and_the_clock(rng, start):
    game = Game(GAME, position=start)
    quiet = 0  # plies since a capture, crowning or uncrowning, counted here independently
    while game.result is None and len(game.history) < 300:
        check_invariants(game.position)
        before = game.position
        move = game.play(rng.choice(game.legal()))
        eventful = ":" in move.text or crowns(move.after) != crowns(before)  # every jump is eventful
        quiet = 0 if eventful else quiet + 1
        assert move.after.state.clock == quiet
    check_invariants(game.position)
    # The game is over, or it ends within 100 plies of its last capture, crowning or uncrowning.
    assert game.result is not None or quiet < 100


@settings(max_examples=max(10, EXAMPLES * 2 // 5))
@given(st.randoms(use_true_random=False))
def test_engine_agrees_with_the_reference_on_played_positions(rng):
    p = load(rng.choice([START, EXAMPLE_1, JUMPING_EXAMPLE]))
    for _ in range(rng.randrange(10, 120)):
        if not p.legal():
            break
        p = rng.choice(p.legal()).after
    for _ in range(3):
        check_against_reference(p)
        if not p.legal():
            break
        p = rng.choice(p.legal()).after


@given(st.randoms(use_true_random=False))
def test_engine_agrees_with_the_reference_on_random_setups(rng):
    p = load(random_setup(rng))
    for _ in range(4):
        check_against_reference(p)
        if not p.legal():
            break
        p = rng.choice(p.legal()).after
