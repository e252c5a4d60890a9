"""Lilypad: every rule of docs/rules.md (section LILYPAD) as a scenario on a board diagram.

Dark squares (file + rank odd) are the only ones used: a8 c8 e8 g8 / b7 d7 f7 h7 / a6 ... / b1 d1 f1 h1.
Black moves down the diagrams toward rank 1, Green up toward rank 8.
"""

from __future__ import annotations

import pytest

import pygame_rules
from diagrams import load_diagram
from pygame_rules import Game, IllegalMoveError, PositionError

IC = "invisible-city"
OPTION_VARIANTS = [f"{IC}+a1", f"{IC}+a2", f"{IC}+a3", f"{IC}+a1+a3", f"{IC}+a2+a3"]
START = "b1b1b1b1/1b1b1b1b/b1b1b1b1/8/8/1g1g1g1g/g1g1g1g1/1g1g1g1g b bg"
SEED = "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -"


def position(diagram: str, rest: str = "b -", variant: str | None = None) -> pygame_rules.Position:
    return load_diagram("lilypad", diagram, rest, variant)


def moves_from(p: pygame_rules.Position, square: str) -> list[str]:
    return [m.text for m in p.legal() if m.path[0] == square]


def pieces(p: pygame_rules.Position) -> dict[str, str]:
    return p.pieces_on_board()


# ---------------------------------------------------------------------------------------------
# Rule 1: the King drop


def test_black_drops_first_on_a_soldier_of_its_back_row():
    p = pygame_rules.start("lilypad")
    assert p.text == START
    assert p.turn == "b"
    assert p.moves() == ["K@a8", "K@c8", "K@e8", "K@g8"]
    (drop,) = [m for m in p.legal() if m.text == "K@c8"]
    assert drop.path == ("c8",) and drop.removed == ()


def test_green_drops_second_then_black_moves():
    p = pygame_rules.start("lilypad").play("K@c8")
    assert p.text == "b1B1b1b1/1b1b1b1b/b1b1b1b1/8/8/1g1g1g1g/g1g1g1g1/1g1g1g1g g g"
    assert p.moves() == ["K@b1", "K@d1", "K@f1", "K@h1"]
    p = p.play("K@f1")
    assert p.text == "b1B1b1b1/1b1b1b1b/b1b1b1b1/8/8/1g1g1g1g/g1g1g1g1/1g1g1G1g b -"
    assert p.turn == "b"
    assert not any(m.startswith("K@") for m in p.moves())


@pytest.mark.parametrize("move", ["K@b7", "K@b1", "K@d8", "K@c6", "k@c8", "K@C8", "Kc8"])
def test_a_drop_only_turns_an_own_back_row_soldier(move):
    with pytest.raises(IllegalMoveError, match=repr(move)):
        pygame_rules.start("lilypad").play(move)


def test_blanks_around_a_move_are_forgiven():
    p = pygame_rules.start("lilypad")
    assert p.play(" K@c8\n") == p.play("K@c8")


def test_green_cannot_drop_where_black_did_nor_on_its_own_other_rows():
    p = pygame_rules.start("lilypad").play("K@c8")
    for move in ("K@c8", "K@a2", "K@b3"):
        with pytest.raises(IllegalMoveError):
            p.play(move)


def test_only_drops_during_the_drop_phase_even_with_a_capture_on_the_board():
    p = position(
        """
        8 . . b . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . b . . . .
        4 . . g . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . g . . . . . .
          a b c d e f g h
        """,
        "b bg",
    )
    assert p.moves() == ["K@c8"]
    p = p.play("K@c8")
    assert p.moves() == ["K@b1"]
    assert "d5:b3" in p.play("K@b1").moves()


def test_a_side_without_a_back_row_soldier_to_drop_has_no_move_and_loses():
    p = position(
        """
        8 . . . . . . . .
        7 . b . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . g . . . . . .
          a b c d e f g h
        """,
        "b bg",
    )
    assert p.moves() == []
    assert p.winner == "g"


# ---------------------------------------------------------------------------------------------
# Rules 2-3: steps, forward only; soldiers never enter their last row

BOTH_SIDES_STEP = """
    8 . . . . . . B .
    7 . . . . . . . .
    6 . . . . . . . .
    5 . . . b . . . .
    4 . . . . . . . .
    3 . . . . . . . .
    2 . . . . g . . .
    1 . G . . . . . .
      a b c d e f g h
"""


def test_soldiers_and_kings_step_diagonally_forward_only():
    assert position(BOTH_SIDES_STEP, "b -").moves() == ["d5-c4", "d5-e4", "g8-f7", "g8-h7"]
    assert position(BOTH_SIDES_STEP, "g -").moves() == ["b1-a2", "b1-c2", "e2-d3", "e2-f3"]


def test_a_step_moves_the_piece_and_passes_the_turn():
    p = position(BOTH_SIDES_STEP)
    (step,) = [m for m in p.legal() if m.text == "d5-c4"]
    assert step.path == ("d5", "c4") and step.removed == ()
    after = pieces(step.after)
    assert after["c4"] == "b" and "d5" not in after
    assert step.after.turn == "g"


@pytest.mark.parametrize("move", ["d5-c6", "d5-d4", "d5-b3", "g8-h9", "e2-d3", "d5-e4-f3"])
def test_steps_backward_sideways_long_or_by_the_wrong_side_are_illegal(move):
    with pytest.raises(IllegalMoveError, match=repr(move)):
        position(BOTH_SIDES_STEP).play(move)


def test_a_soldier_never_steps_onto_its_last_row_but_a_king_does_and_wins():
    black = position(
        """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . G
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . b . B . . .
        1 . . . . . . . .
          a b c d e f g h
        """
    )
    assert black.moves() == ["e2-d1", "e2-f1"]
    won = black.play("e2-d1")
    assert won.winner == "b" and won.legal() == ()
    green = position(
        """
        8 . . . . . . . .
        7 . . . G . g . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 B . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h
        """,
        "g -",
    )
    assert green.moves() == ["d7-c8", "d7-e8"]
    assert green.play("d7-e8").winner == "g"


def test_a_soldier_never_lands_on_its_last_row_by_a_jump():
    p = position(
        """
        8 B . . . . . . .
        7 . . . . . . . .
        6 G . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . b . . . .
        2 . . g . . . . .
        1 . . . . . . . .
          a b c d e f g h
        """
    )
    assert p.moves() == ["a8-b7", "d3-e2"]  # d3:b1 would land on rank 1
    with pytest.raises(IllegalMoveError, match="d3:b1"):
        p.play("d3:b1")


# ---------------------------------------------------------------------------------------------
# Rules 4-5: captures, forward only, chains that may stop, mandatory


def test_captures_go_forward_only_for_both_sides():
    diagram = """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . g . . . . .
        5 . b . . . . . .
        4 . . . . . . g .
        3 . . . . . B . .
        2 G . . . . . . .
        1 . . . . . . . .
          a b c d e f g h
    """
    # Each side's piece sits just behind an enemy piece with the square beyond empty.
    assert position(diagram, "b -").moves() == ["b5-a4", "b5-c4", "f3-e2", "f3-g2"]
    assert position(diagram, "g -").moves() == ["a2-b3", "c6-b7", "c6-d7", "g4-f5", "g4-h5"]


CHAIN = """
    8 B . . . . . . .
    7 . b . . . . . .
    6 . . g . . . . .
    5 . . . . . . . G
    4 . . . . g . . .
    3 . . . . . . . .
    2 . . . . . . g .
    1 . . . . . . . .
      a b c d e f g h
"""


def test_a_capture_chain_may_stop_after_any_jump_and_a_soldier_never_lands_on_its_last_row():
    p = position(CHAIN)
    assert p.moves() == ["b7:d5", "b7:d5:f3"]  # capture is mandatory, h1 is barred
    by_text = {m.text: m for m in p.legal()}
    assert by_text["b7:d5"].path == ("b7", "d5") and by_text["b7:d5"].removed == ("c6",)
    chain = by_text["b7:d5:f3"]
    assert chain.path == ("b7", "d5", "f3") and chain.removed == ("c6", "e4")
    after = pieces(chain.after)
    assert after["f3"] == "b" and not {"b7", "c6", "d5", "e4"} & set(after)
    assert after["g2"] == "g"


def test_a_king_capture_chain_lands_on_its_last_row_and_wins():
    p = position(CHAIN.replace("8 B", "8 .").replace("7 . b", "7 . B"))
    assert p.moves() == ["b7:d5", "b7:d5:f3", "b7:d5:f3:h1"]
    won = p.play("b7:d5:f3:h1")
    assert won.winner == "b"
    assert pieces(won) == {"h1": "B", "h5": "G"}


def test_captures_are_mandatory_so_steps_and_swaps_are_illegal():
    p = position(
        """
        8 . . . . . . . .
        7 . . . . . B . .
        6 . . . . . . b .
        5 . . . b . . . .
        4 . . g . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . G
          a b c d e f g h
        """
    )
    assert p.moves() == ["d5:b3"]
    for move in ("f7-e6", "f7>g6", "d5-e4"):
        with pytest.raises(IllegalMoveError, match=repr(move)):
            p.play(move)
    assert any("capture" in note for note in p.status()["notes"])
    # The pieces that must capture are marked for the board (here the only one).
    assert [(m["square"], m["kind"]) for m in p.status()["marks"]] == [("d5", "must-move")]


def test_only_a_king_home_is_marked_home():
    home = pygame_rules.load("lilypad", "8/8/8/8/8/1b6/4B3/1g1g3g b -").play("e2-f1")
    assert home.winner == "b" and home.status()["marks"] == [{"square": "f1", "kind": "win", "label": "King home"}]
    # Green, to move, has no legal move: Black wins by the blockade, its King far from home.
    blocked = pygame_rules.load("lilypad", "8/1g1g4/8/8/8/5B2/6b1/8 g -")
    assert blocked.moves() == [] and blocked.winner == "b"
    assert blocked.status()["marks"] == []


# ---------------------------------------------------------------------------------------------
# Rule 6: swaps

SWAPS = """
    8 . . . . . . . .
    7 . . . . . . . G
    6 . . b . b . . .
    5 . . . B . . . .
    4 . . b . g . . .
    3 . b . . . g . .
    2 . . . . . . . .
    1 . . . . . . . .
      a b c d e f g h
"""


def test_the_king_swaps_through_any_chain_of_adjacent_friendly_soldiers():
    # b3 is reached through c4, c6 and e6 lie backward; the Green soldier e4 is no link and the
    # King has no step (c4 is its own soldier, e4 an enemy it cannot jump: f3 is taken).
    assert position(SWAPS).moves() == [
        "b3-a2", "b3-c2", "c4-d3", "c6-b5", "d5>b3", "d5>c4", "d5>c6", "d5>e6", "e6-f5",
    ]


def test_a_swap_puts_the_soldier_on_the_kings_square():
    p = position(SWAPS)
    (swap,) = [m for m in p.legal() if m.text == "d5>b3"]
    assert swap.path == ("d5", "b3") and swap.removed == ()
    after = pieces(swap.after)
    assert after["b3"] == "B" and after["d5"] == "b" and after["c4"] == "b"
    assert swap.after.turn == "g"


def test_the_chain_form_of_a_swap_is_accepted():
    p = position(SWAPS)
    assert p.move("d5>c4>b3").text == "d5>b3"
    assert p.play("d5>c4>b3") == p.play("d5>b3")
    assert p.move(" d5>c4>b3 ").text == "d5>b3"


@pytest.mark.parametrize(
    "move",
    [
        "d5>d5",  # never to its own square
        "d5>c6>d5",  # a chain back to its own square
        "d5>c4>d3",  # d3 is empty: a broken chain
        "d5>e4>f3",  # through enemy soldiers
        "d5>e4",  # onto an enemy soldier
        "d5>b3>c4",  # b3 is not next to d5
        "c4>b3",  # only the King swaps
        "d5>f3",
        "d5>",
        ">b3",
    ],
)
def test_bad_swaps_are_rejected(move):
    with pytest.raises(IllegalMoveError, match=repr(move)):
        position(SWAPS).play(move)


# ---------------------------------------------------------------------------------------------
# Rule 7: the end of the game

NO_BLACK_KING = """
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . . . . . . .
    5 . . . b . . . .
    4 . . G . . . . .
    3 . . . . . . . g
    2 . . . . . . . .
    1 . . . . . . . .
      a b c d e f g h
"""


def test_losing_only_your_own_king_does_not_end_the_game():
    p = position(NO_BLACK_KING)
    assert p.winner is None
    assert p.moves() == ["d5:b3"]


def test_capturing_the_last_king_is_a_draw_at_once():
    after = position(NO_BLACK_KING).play("d5:b3")
    assert pieces(after) == {"b3": "b", "h3": "g"}
    assert after.winner == "draw"
    assert after.legal() == ()
    assert after.describe_result() == "draw"


def test_capturing_the_enemy_king_while_yours_lives_goes_on():
    p = position(NO_BLACK_KING.replace("5 . . . b", "5 . . . B"))
    after = p.play("d5:b3")
    assert after.winner is None
    assert after.moves() == ["h3-g4"]


def test_no_legal_move_loses():
    p = position(
        """
        8 . . . . . . . .
        7 . . . . . . . G
        6 . . . . . . . .
        5 . . . . . . . .
        4 B . . . . . . .
        3 . g . . . . . .
        2 b . g . . . . .
        1 . . . . . . . .
          a b c d e f g h
        """
    )
    # The King is blocked by b3 (c2 is taken, so no jump); a2 may not step onto b1.
    assert p.moves() == []
    assert p.winner == "g"
    assert p.describe_result() == "Green wins"


def test_order_of_end_checks_no_kings_is_a_draw_before_no_legal_move_loses():
    p = position(
        """
        8 . . . . . . . .
        7 . g . . . . . .
        6 . . . . . . . .
        5 . . . b . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .
          a b c d e f g h
        """,
        "g -",
    )
    assert p.winner == "draw"  # Green could not move (b7 may not enter rank 8), but no King is left


def test_order_of_end_checks_a_king_home_wins_even_if_the_other_side_could_move():
    p = position(
        """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . g . . . . .
        1 . . . B . . . G
          a b c d e f g h
        """,
        "g -",
    )
    assert p.winner == "b"
    assert p.legal() == ()


def test_both_kings_home_in_a_set_up_the_side_that_just_moved_wins():
    diagram = """
        8 . . G . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . B . . . . . .
          a b c d e f g h
    """
    assert position(diagram, "b -").winner == "g"
    assert position(diagram, "g -").winner == "b"
    # Only the side to move home (a set-up): it has won all the same.
    assert position(diagram.replace("8 . . G", "8 . . ."), "b -").winner == "b"


def test_a_king_home_during_the_drop_phase_wins_at_once():
    # Unreachable in play; the end checks run in docs/rules.md's order in every phase.
    p = position(
        """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . B . g . . . .
          a b c d e f g h
        """,
        "g g",
    )
    assert p.winner == "b" and p.legal() == ()


def test_a_finished_game_has_no_moves_and_rejects_one():
    won = position(CHAIN.replace("8 B", "8 .").replace("7 . b", "7 . B")).play("b7:d5:f3:h1")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        won.play("h5-g6")


# ---------------------------------------------------------------------------------------------
# The seed example (docs/rules.md, as a test)


def test_seed_black_has_exactly_seven_moves():
    p = pygame_rules.load("lilypad", SEED)
    assert p.moves() == ["b3-a2", "b3-c2", "b3>c4", "c4-d3", "f5-e4", "g4-f3", "g4-h3"]
    with pytest.raises(IllegalMoveError):
        p.play("e2-f1")  # rule 3


def test_seed_line_to_the_swap():
    p = pygame_rules.load("lilypad", SEED).play("g4-f3")
    assert p.moves() == ["g2:e4", "g2:e4:g6"]
    p = p.play("g2:e4")
    assert p.moves() == ["f5:d3"]
    p = p.play("f5:d3")
    assert p.moves() == ["d1:f3"]
    p = p.play("d1:f3")
    assert p.moves() == ["b3-a2", "b3-c2", "b3>c4", "b3>d3", "d3-c2", "d3-e2"]
    assert p.play("b3>c4>d3") == p.play("b3>d3")
    assert pieces(p.play("b3>d3")) == {"b3": "b", "c4": "b", "d3": "B", "b1": "g", "f3": "g", "h1": "g"}


def _black_king_home_within(p: pygame_rules.Position, plies: int) -> bool:
    """AND-OR search: Black can force its King onto rank 1 within ``plies`` plies."""
    if any(sq.endswith("1") and piece == "B" for sq, piece in pieces(p).items()):
        return True
    if plies == 0 or not p.legal():
        return False
    results = (_black_king_home_within(m.after, plies - 1) for m in p.legal())
    return any(results) if p.turn == "b" else all(results)


def test_seed_after_the_swap_black_forces_the_king_home_within_five_plies():
    p = pygame_rules.load("lilypad", SEED)
    for move in ("g4-f3", "g2:e4", "f5:d3", "d1:f3", "b3>d3"):
        p = p.play(move)
    assert p.turn == "g"
    assert _black_king_home_within(p, 5)
    assert not _black_king_home_within(p, 3)  # it takes Black two more moves


def test_kings_on_c8_and_f1_give_each_side_18_moves_7_steps_11_swaps():
    p = pygame_rules.start("lilypad").play("K@c8").play("K@f1")
    for side_to_move in (p, pygame_rules.load("lilypad", p.text.replace(" b -", " g -"))):
        moves = side_to_move.moves()
        assert len(moves) == 18
        assert sum("-" in m for m in moves) == 7
        assert sum(">" in m for m in moves) == 11


def test_the_seeds_diagram_strings_parse():
    start = pygame_rules.load("lilypad", "b.b.b.b./.b.b.b.b/b.b.b.b./8/8/.g.g.g.g/g.g.g.g./.g.g.g.g b bg")
    assert start.text == START
    seed = pygame_rules.load("lilypad", "8/8/8/5b../..b3b./.B3a2/4b.g./.g.g3g b -")
    assert seed.text == SEED  # "a" is the [1] label: an empty square


# ---------------------------------------------------------------------------------------------
# Position strings


@pytest.mark.parametrize(
    "text, canonical",
    [
        (START, START),
        ("  b1b1b1b1/1b1b1b1b/b1b1b1b1/8/8/1g1g1g1g/g1g1g1g1/1g1g1g1g   b  bg ", START),
        ("b.b.b.b./.b.b.b.b/b.b.b.b./4..../....4/1g1g1g1g/g1g1g1g1/1g1g1g1g b bg", START),
        ("8/8/8/8/8/8/8/8 g -", "8/8/8/8/8/8/8/8 g -"),
        ("16/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -", SEED),  # "16" = two empty ranks
        ("29b4b3b2B10b1g2g1g3g b -", SEED),  # runs across rank ends, no "/" at all
        ("8/8/8/5b2/2b3b1/1B3c2/4b1g1/1g1g3g b -", SEED),
    ],
)
def test_position_strings_read_back_canonical(text, canonical):
    p = pygame_rules.load("lilypad", text)
    assert p.text == canonical
    assert pygame_rules.load("lilypad", p.text).text == p.text
    assert pygame_rules.load("lilypad", p.text) == p and hash(pygame_rules.load("lilypad", p.text)) == hash(p)


def test_the_diagram_prints_the_board():
    assert str(pygame_rules.load("lilypad", SEED)) == "\n".join(
        [
            " 8 . . . . . . . .",
            " 7 . . . . . . . .",
            " 6 . . . . . . . .",
            " 5 . . . . . b . .",
            " 4 . . b . . . b .",
            " 3 . B . . . . . .",
            " 2 . . . . b . g .",
            " 1 . g . g . . . g",
            "   a b c d e f g h",
        ]
    )


@pytest.mark.parametrize(
    "text, problem",
    [
        ("8/8/8/8/8/8/8/8 b", "has 2 parts where 3 are expected"),
        ("8/8/8/8/8/8/8/8 b - 0", "has 4 parts where 3 are expected"),
        ("", "has no parts where 3 are expected"),
        ("garbage", "has 1 part where 3 are expected, separated by spaces"),
        ("8/8/8/8/8/8/8/8 w -", "side to move 'w'"),
        ("8/8/8/8/8/8/8/8 B -", "side to move 'B'"),
        ("8/8/8/8/8/8/8/8 b b", "drops 'b'"),
        ("8/8/8/8/8/8/8/8 b gb", "drops 'gb'"),
        ("8/8/8/8/8/8/8/8 g bg", "Black must drop its King first"),
        ("8/8/8/8/8/8/8/7 b -", "has 63 squares, expected 64"),
        ("8/8/8/8/8/8/8/9 b -", "has 65 squares, expected 64"),
        ("8/8/8/8/8/8/8/44 b -", "has 100 squares, expected 64"),
        ("8/8/8/8/8/8/8/0g6 b -", "empty run of 0"),
        ("8/8/8/8/8/8/8/1k6 b -", "unknown piece 'k'"),
        ("8/8/8/8/8/8/8/1x6 b -", "unknown piece 'x'"),
        ("8/8/8/8/8/8/8/g7 b -", "piece 'g' on light square a1"),
        ("B7/8/8/8/8/8/8/1g4G1 b -", "piece 'G' on light square g1"),
        ("8/8/8/8/8/8/8/1b5G b -", "Black soldier on b1, its last row"),
        ("6g1/8/8/8/8/8/8/1B6 b -", "Green soldier on g8, its last row"),
        ("B1B5/8/8/8/8/8/8/1G6 b -", "Black has two Kings (a8, c8)"),
        ("B7/8/8/8/8/8/8/1G6 b bg", "Black has a King on a8 but has still to drop one"),
        ("B7/8/8/8/8/8/8/1G6 g g", "Green has a King on b1 but has still to drop one"),
        ("b7/8/8/8/8/8/8/1g6 g g", "Black has dropped its King but has none on the board"),
    ],
)
def test_bad_positions_raise_position_error_naming_the_problem(text, problem):
    with pytest.raises(PositionError) as error:
        pygame_rules.load("lilypad", text)
    assert problem in str(error.value)
    if text:
        assert repr(text.split()[0]) in str(error.value) or repr(text) in str(error.value)


def test_a_position_must_be_a_string():
    with pytest.raises(PositionError, match="must be text"):
        pygame_rules.load("lilypad", 42)


@pytest.mark.parametrize("move", ["", "   ", "zz", "c3-d4-e5", "K@z9", "b3-a2x", "b3:a2", "b3 > c4", "B3-A2"])
def test_malformed_or_illegal_moves_raise_illegal_move_error_quoting_the_move(move):
    p = pygame_rules.load("lilypad", SEED)
    with pytest.raises(IllegalMoveError) as error:
        p.play(move)
    assert repr(move) in str(error.value)
    assert SEED in str(error.value)


def test_a_move_must_be_a_string():
    with pytest.raises(IllegalMoveError, match="must be text"):
        pygame_rules.load("lilypad", SEED).play(42)


def test_errors_are_value_errors():
    assert issubclass(PositionError, ValueError) and issubclass(IllegalMoveError, ValueError)


# ---------------------------------------------------------------------------------------------
# The invisible-city variant

CROWN_BY_STEP = """
    8 B . . . . . . .
    7 . . . . . . . .
    6 . . . . . . . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . . . . . . .
    2 . . b . . . . .
    1 . . . . . . . G
      a b c d e f g h
"""


def test_ic_a_checker_reaching_its_last_row_is_crowned():
    p = position(CROWN_BY_STEP, variant=IC)
    assert p.moves() == ["a8-b7", "c2-b1", "c2-d1"]
    assert pieces(p.play("c2-b1"))["b1"] == "x"
    assert p.play("c2-b1").text == "B7/8/8/8/8/8/8/1x5G g -"
    assert position(CROWN_BY_STEP).moves() == ["a8-b7"]  # the default rules bar rank 1


def test_ic_crowned_checkers_step_and_capture_backward():
    diagram = """
        8 B . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . y . .
        4 . . x . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . G
          a b c d e f g h
    """
    assert moves_from(position(diagram, "b -", IC), "c4") == ["c4-b3", "c4-b5", "c4-d3", "c4-d5"]
    assert moves_from(position(diagram, "g -", IC), "f5") == ["f5-e4", "f5-e6", "f5-g4", "f5-g6"]
    backward = diagram.replace("5 . . . . . y", "5 . . . g . .")
    assert position(backward, "b -", IC).moves() == ["c4:e6"]


def test_ic_a_multi_jump_must_be_completed():
    p = position(CHAIN, variant=IC)
    assert p.moves() == ["b7:d5:f3:h1"]  # the last jump crowns b on h1
    assert pieces(p.play("b7:d5:f3:h1"))["h1"] == "x"
    for short in ("b7:d5", "b7:d5:f3"):
        with pytest.raises(IllegalMoveError):
            p.play(short)


def test_ic_crowning_ends_the_capture_chain():
    p = position(
        """
        8 B . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . b . .
        2 . . g . g . . .
        1 . . . . . . . G
          a b c d e f g h
        """,
        variant=IC,
    )
    # As a crowned checker on d1 it could jump c2 back to b3, but crowning ends the move.
    assert p.moves() == ["f3:d1"]
    with pytest.raises(IllegalMoveError):
        p.play("f3:d1:b3")


def test_ic_a_crowned_checker_may_capture_round_a_ring_back_to_its_square():
    p = position(
        """
        8 B . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . g . g . .
        4 . . x . . . . .
        3 . . . g . g . .
        2 . . . . . . . .
        1 . . . . . . . G
          a b c d e f g h
        """,
        variant=IC,
    )
    assert p.moves() == ["c4:e2:g4:e6:c4", "c4:e6:g4:e2:c4"]
    ring = p.move("c4:e6:g4:e2:c4")
    assert ring.path == ("c4", "e6", "g4", "e2", "c4")
    assert ring.removed == ("d5", "f5", "f3", "d3")
    assert pieces(ring.after) == {"a8": "B", "c4": "x", "h1": "G"}


PAWN_CHAIN = """
    8 . . . . . . . .
    7 . . . . . . . G
    6 . . . . x . . .
    5 . . . B . . . .
    4 . . x . . . . .
    3 . b . . . . . .
    2 . . . . . . . .
    1 . . . . . . . .
      a b c d e f g h
"""


def test_ic_the_pawn_moves_along_chains_of_checkers_crowned_ones_included():
    p = position(PAWN_CHAIN, variant=IC)
    assert [m for m in p.moves() if ">" in m] == ["d5>b3", "d5>c4", "d5>e6"]
    after = pieces(p.play("d5>c4>b3"))
    assert after == {"h7": "G", "e6": "x", "d5": "b", "c4": "x", "b3": "B"}  # the checkers stay
    after = pieces(p.play("d5>c4"))
    assert after["c4"] == "X" and after["d5"] == "b"


def test_ic_the_pawns_checker_moves_as_what_it_is():
    p = position(PAWN_CHAIN, variant=IC)
    assert moves_from(p, "d5") == ["d5-e4", "d5>b3", "d5>c4", "d5>e6"]  # uncrowned: forward only
    crowned = position(PAWN_CHAIN.replace("B", "X").replace("4 . . x", "4 . . ."), variant=IC)
    assert moves_from(crowned, "d5") == ["d5-c4", "d5-c6", "d5-e4", "d5>e6"]


def test_ic_the_pawn_wins_when_its_checker_reaches_the_last_row():
    p = position(CROWN_BY_STEP.replace("2 . . b", "2 . . B").replace("8 B", "8 b"), variant=IC)
    won = p.play("c2-d1")
    assert pieces(won)["d1"] == "X"
    assert won.winner == "b"


def test_ic_the_pawn_wins_when_its_checker_captures_onto_the_last_row():
    p = position(
        """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . G
        4 . . . . . . . .
        3 . . . B . . . .
        2 . . g . . . . .
        1 . . . . . . . .
          a b c d e f g h
        """,
        variant=IC,
    )
    won = p.play("d3:b1")
    assert pieces(won) == {"b1": "X", "h5": "G"} and won.winner == "b"


def test_ic_the_pawn_wins_by_moving_onto_a_crowned_checker_on_its_last_row():
    p = position(
        """
        8 . . . . . . . .
        7 . . . . . . . .
        6 . . . . . . . .
        5 . . . . . . . G
        4 . . . . B . . .
        3 . . . b . . . .
        2 . . b . . . . .
        1 . x . . . . . .
          a b c d e f g h
        """,
        variant=IC,
    )
    assert "e4>b1" in p.moves()
    won = p.play("e4>d3>c2>b1")
    assert pieces(won)["b1"] == "X" and pieces(won)["e4"] == "b"
    assert won.winner == "b"
    green = pygame_rules.load("lilypad", "8/8/8/8/8/8/8/8 g -", IC)  # no pawns: a draw
    assert green.winner == "draw"


@pytest.mark.parametrize(
    "text, problem",
    [
        ("8/8/8/8/8/8/8/1B5G b -", "Black uncrowned checker on b1, its last row"),
        ("8/8/8/8/8/8/8/1b5G b -", "Black uncrowned checker on b1, its last row"),
        ("2G5/8/8/8/8/8/8/1X6 b -", "Green uncrowned checker on c8, its last row"),
        ("B1X5/8/8/8/8/8/8/1G6 b -", "Black has two Kings (a8, c8)"),
        ("8/8/8/8/8/8/8/1z6 b -", "unknown piece 'z'"),
    ],
)
def test_ic_bad_positions(text, problem):
    with pytest.raises(PositionError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        pygame_rules.load("lilypad", text, IC)


def test_ic_crowned_letters_round_trip():
    text = "x1X5/8/8/8/8/8/8/1y3Y2 g -"
    p = pygame_rules.load("lilypad", text, IC)
    assert p.text == text
    assert pieces(p) == {"a8": "x", "c8": "X", "b1": "y", "f1": "Y"}


# ---------------------------------------------------------------------------------------------
# Appendix A options of invisible-city

PAWN_CHECKER = """
    8 . . . . . . . .
    7 . b . . . . . .
    6 . . . . . . . .
    5 . . . B . . . .
    4 . . g . . . . .
    3 . . . . . . . .
    2 . . . . . . . .
    1 . . . . . . . G
      a b c d e f g h
"""


@pytest.mark.parametrize(
    "variant, black, green",
    [
        (IC, ["d5:b3"], ["c4:e6"]),
        (f"{IC}+a1", ["b7-a6", "b7-c6"], ["c4-b5"]),  # not moved (h1 neither), not captured
        (f"{IC}+a2", ["b7-a6", "b7-c6"], ["c4:e6"]),  # not moved, but captured
        (f"{IC}+a3", ["d5:b3"], ["c4:e6"]),
        (f"{IC}+a1+a3", ["b7-a6", "b7-c6"], ["c4-b5"]),
        (f"{IC}+a2+a3", ["b7-a6", "b7-c6"], ["c4:e6"]),
    ],
)
def test_appendix_a_the_pawns_checker_may_not_move_and_in_option_1_not_be_captured(variant, black, green):
    assert position(PAWN_CHECKER, "b -", variant).moves() == black
    assert position(PAWN_CHECKER, "g -", variant).moves() == green


@pytest.mark.parametrize(
    "variant, pawn_moves",
    [
        (IC, ["d5>b3", "d5>c4", "d5>e6"]),
        (f"{IC}+a1", ["d5>b3", "d5>c4", "d5>e6"]),
        (f"{IC}+a2", ["d5>b3", "d5>c4", "d5>e6"]),
        (f"{IC}+a3", ["d5>c4", "d5>e6"]),
        (f"{IC}+a1+a3", ["d5>c4", "d5>e6"]),
        (f"{IC}+a2+a3", ["d5>c4", "d5>e6"]),
    ],
)
def test_appendix_a_option_3_the_pawn_moves_one_checker_per_turn(variant, pawn_moves):
    p = position(PAWN_CHAIN, variant=variant)
    assert [m for m in p.moves() if ">" in m] == pawn_moves
    if "a3" in variant:
        for move in ("d5>c4>b3", "d5>b3"):
            with pytest.raises(IllegalMoveError):
                p.play(move)
    else:
        assert p.play("d5>c4>b3") == p.play("d5>b3")
    if "a1" in variant or "a2" in variant:
        assert moves_from(p, "d5") == pawn_moves  # the checker itself stays


def test_the_variants_are_registered():
    assert pygame_rules.variants("lilypad") == [None, IC] + OPTION_VARIANTS
    for variant in [None, IC] + OPTION_VARIANTS:
        assert pygame_rules.start("lilypad", variant).text == START
        assert pygame_rules.position_class("lilypad", variant).variant == variant


# ---------------------------------------------------------------------------------------------
# Game records

REPEAT = """
    8 B . . . . . . .
    7 . b . . . . . .
    6 . . . . . . . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . . . . . . .
    2 . . . . . . g .
    1 . . . . . . . G
      a b c d e f g h
"""


def test_game_play_undo_and_history():
    game = Game("lilypad")
    assert game.play("K@c8").text == "K@c8"
    game.play("K@f1")
    game.play("c6-d5")
    assert game.history == ["K@c8", "K@f1", "c6-d5"]
    assert [p.text for p in game.positions][0] == START
    assert game.last_move.text == "c6-d5"
    assert game.undo() == "c6-d5"
    assert game.history == ["K@c8", "K@f1"]
    assert game.position.turn == "b" and game.result is None
    game.undo(), game.undo()
    with pytest.raises(IndexError):
        game.undo()
    assert game.position.text == START


def test_game_rejects_an_illegal_move_and_keeps_its_position():
    game = Game("lilypad")
    with pytest.raises(IllegalMoveError):
        game.play("c6-d5")
    assert game.history == [] and game.position.text == START


def test_game_threefold_repetition_is_a_draw():
    start = position(REPEAT).text
    game = Game("lilypad", position=start)
    cycle = ["a8>b7", "h1>g2", "b7>a8", "g2>h1"]
    for move in cycle:
        game.play(move)
    assert game.position.text == start and game.repetitions() == 2 and game.result is None
    for move in cycle[:3]:
        game.play(move)
    assert game.result is None
    game.play(cycle[3])
    assert game.repetitions() == 3
    assert game.result == "draw" and game.position.winner is None
    assert game.describe_result() == "draw by threefold repetition"
    assert game.legal() == () and game.moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("a8>b7")
    game.undo()
    assert game.result is None and game.repetitions() == 2


def test_game_from_a_position_object_and_a_won_game():
    won = position(CHAIN.replace("8 B", "8 .").replace("7 . b", "7 . B"))
    game = Game("lilypad", position=won)
    game.play("b7:d5:f3:h1")
    assert game.result == "b" and game.describe_result() == "Black wins"
    with pytest.raises(PositionError):
        Game("lilypad", IC, position=won)  # a default-rules position is not an invisible-city one
