"""The shared core: registry, start/load, errors, geometry, board strings, Move and Position basics,
and the test helper ``diagrams`` that other test modules build positions with."""

from __future__ import annotations

import json

import pytest

import pygame_rules
from diagrams import DiagramError, board_string, load_diagram, parse_diagram
from pygame_rules import IllegalMoveError, PositionError, RulesError
from pygame_rules.core import DIAGONAL, Geometry, format_board, parse_board, position_class, square_name

LILYPAD_START = "b1b1b1b1/1b1b1b1b/b1b1b1b1/8/8/1g1g1g1g/g1g1g1g1/1g1g1g1g b bg"


# ---------------------------------------------------------------------------------------------
# Registry, start, load


def test_games_lists_every_game_once_lilypad_first():
    games = pygame_rules.games()
    assert games[0] == "lilypad"
    assert len(games) == len(set(games))
    assert {"lilypad", "three-crowns", "lion"} <= set(games)


@pytest.mark.parametrize("game", pygame_rules.games())
def test_start_and_load_agree_for_every_game_and_variant(game):
    for variant in pygame_rules.variants(game):
        start = pygame_rules.start(game, variant)
        cls = position_class(game, variant)
        assert isinstance(start, cls)
        assert start.text == cls.start_text
        assert pygame_rules.load(game, start.text, variant) == start
        assert start.game == game and start.variant == variant
        assert start.winner is None and start.legal()
        assert start.turn == cls.sides[0]
        assert set(cls.side_names) == set(cls.sides)
        info = start.info()
        json.dumps(info)
        assert info["game"] == game and info["variant"] == variant and info["start"] == start.text
        assert [s["id"] for s in info["sides"]] == list(cls.sides)
        assert len(info["squares"]) == len(cls.geometry)


def test_the_variant_none_and_empty_mean_the_default_rules():
    assert position_class("lilypad", None) is position_class("lilypad", "")


def test_unknown_game_names_the_known_ones():
    with pytest.raises(RulesError) as error:
        pygame_rules.start("chess")
    message = str(error.value)
    assert "unknown game 'chess'" in message
    for game in pygame_rules.games():
        assert game in message
    with pytest.raises(ValueError):
        pygame_rules.load("chess", LILYPAD_START)
    with pytest.raises(ValueError):
        pygame_rules.variants("chess")


def test_unknown_variant_names_the_known_ones():
    with pytest.raises(RulesError) as error:
        pygame_rules.start("lilypad", "invisible-town")
    message = str(error.value)
    assert "unknown variant 'invisible-town' of lilypad" in message
    assert "invisible-city+a2+a3" in message
    with pytest.raises(RulesError, match=r"unknown variant 'x' of lion \(variants: none\)"):
        pygame_rules.start("lion", "x")


def test_errors_are_value_errors_with_a_shared_base():
    assert issubclass(RulesError, ValueError)
    assert issubclass(PositionError, RulesError)
    assert issubclass(IllegalMoveError, RulesError)
    assert not issubclass(PositionError, IllegalMoveError)


@pytest.mark.parametrize("game", pygame_rules.games())
def test_every_game_rejects_a_malformed_position_and_move_with_its_input_quoted(game):
    for bad in ("", "nonsense", "1/2/3 x y"):
        with pytest.raises(PositionError):
            pygame_rules.load(game, bad)
    start = pygame_rules.start(game)
    with pytest.raises(IllegalMoveError) as error:
        start.play("zz-9")
    assert "'zz-9'" in str(error.value) and start.text in str(error.value)


# ---------------------------------------------------------------------------------------------
# Geometry and board strings


def test_square_names_and_grid_order():
    assert square_name(0, 0) == "a1" and square_name(7, 7) == "h8"
    g = Geometry.grid(3, 2)
    assert g.names == ("a2", "b2", "c2", "a1", "b1", "c1")  # top rank first, as board strings
    assert g.square("b1") == 4
    assert g.step(g.square("a1"), (1, 1)) == g.square("b2")
    assert g.step(g.square("c2"), (1, 1)) == -1
    assert g.ray(g.square("a1"), (1, 0)) == [g.square("b1"), g.square("c1")]
    with pytest.raises(KeyError):
        g.square("d1")


def test_geometry_with_holes():
    g = Geometry.grid(3, 3, exists=lambda f, r: (f, r) != (1, 1))
    assert "b2" not in g.names and len(g) == 8
    assert g.step(g.square("a1"), DIAGONAL[0]) == -1  # b2 is a hole
    assert [len(rank) for rank in g.ranks] == [3, 2, 3]
    json.dumps(g.to_json())


def test_board_strings_read_and_write():
    g = Geometry.grid(4, 2)
    cells = parse_board("1x2/3y", g, "xy")
    assert cells == [".", "x", ".", ".", ".", ".", ".", "y"]
    assert format_board(cells, g) == "1x2/3y"
    assert parse_board("..x./4", g, "xy") == [".", ".", "x", ".", ".", ".", ".", "."]
    for bad, problem in [("1x2", "has 1 ranks, expected 2"), ("1x2/4y", "rank 1"), ("1z2/4", "unknown piece 'z'")]:
        with pytest.raises(PositionError, match=problem):
            parse_board(bad, g, "xy")


def test_spilled_board_strings_count_adjacent_digits_as_one_number():
    g = Geometry.grid(4, 2)
    assert parse_board("5x2", g, "x", spill=True) == ["."] * 5 + ["x", ".", "."]
    assert parse_board("1/1x/5", g, "x", spill=True) == parse_board("2x5", g, "x", spill=True)
    with pytest.raises(PositionError, match="has 9 squares"):
        parse_board("8x", g, "x", spill=True)
    with pytest.raises(PositionError, match="the empty run .9. is more than 8 squares"):
        parse_board("9", g, "x", spill=True)


# ---------------------------------------------------------------------------------------------
# Move and Position basics


def test_move_value_and_json():
    p = pygame_rules.start("lilypad")
    m = p.move("K@c8")
    assert str(m) == "K@c8" and m == p.move("K@c8") and hash(m) == hash("K@c8")
    assert m != p.move("K@a8")
    assert m.to_json() == {
        "text": "K@c8", "path": ["c8"], "removed": [], "changed": {}, "jumped": [], "lands": "B", "after": m.after.text
    }
    step = pygame_rules.start("lilypad").play("K@c8").play("K@f1").move("c6-d5")
    assert step.to_json()["lands"] == "b"


def test_positions_compare_by_game_variant_and_text():
    a = pygame_rules.start("lilypad")
    b = pygame_rules.load("lilypad", LILYPAD_START)
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != pygame_rules.start("lilypad", "invisible-city")  # same text, other rules
    assert eval(repr(a), {"pygame_rules": pygame_rules}) == a
    ic = pygame_rules.start("lilypad", "invisible-city")
    assert eval(repr(ic), {"pygame_rules": pygame_rules}) == ic


def test_play_returns_a_new_position_and_leaves_its_input():
    p = pygame_rules.start("lilypad")
    q = p.play("K@c8")
    assert p.text == LILYPAD_START and q.text != p.text
    assert p.play(p.move("K@c8")) == q


# ---------------------------------------------------------------------------------------------
# The diagrams helper (tests/diagrams.py)

SEED_DIAGRAM = """
    8 . . . . . . . .
    7 . . . . . . . .
    6 . . . . . . . .
    5 . . . . . b . .
    4 . . b . . . b .      position: 8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -
    3 . B . . . . . .
    2 . . . . b . g .
    1 . g . g . . . g
      a b c d e f g h
"""


def test_a_diagram_gives_the_board_string():
    assert board_string("lilypad", SEED_DIAGRAM) == "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g"
    p = load_diagram("lilypad", SEED_DIAGRAM, "b -")
    assert p.text == "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -"
    assert parse_diagram("lilypad", SEED_DIAGRAM)["b3"] == "B"


@pytest.mark.parametrize("game", pygame_rules.games())
def test_printed_diagrams_read_back_for_every_game(game):
    for variant in pygame_rules.variants(game):
        p = pygame_rules.start(game, variant)
        for q in [p, *(m.after for m in p.legal()[:5])]:
            assert board_string(game, q.diagram(), variant) in q.text
            assert board_string(game, q.diagram(), variant) == q.text.split()[0]


def test_a_diagram_may_put_the_file_letters_on_top_and_mark_squares_in_brackets():
    diagram = """
        a   b   c   d   e   f   g   h
    8  [b]  .  [b]  .   b   .   b   .
    7   .   b   .   b   .   b   .   b
    6   b   .   b   .   b   .   b   .
    5   .   .   .   .   .   .   .  [ ]
    4   .   .   .   .   .   .   .   .
    3   .   g   .   g   .   g   .   g
    2   g   .   g   .   g   .   g   .
    1   .   g   .   g   .   g   .   g
    """
    assert board_string("lilypad", diagram) == LILYPAD_START.split()[0]


@pytest.mark.parametrize(
    "change, problem",
    [
        (("5 . . . . . b", "5 . . . . . q"), "'q' on f5 is not a lilypad piece"),
        (("3 . B . . . . . .", "3 . B . . . . ."), "h3 is a square of the lilypad board"),
        (("7 . .", "6 . ."), "ranks [8, 6, 6, 5, 4, 3, 2, 1]"),
        (("  a b c d e f g h", "  a b c d e f g"), "must be the file letters a b c d e f g h"),
        (("  a b c d e f g h", "  a b c d e f g 9"), "no line of file letters"),
        (("8 . .", "eight . ."), "does not start with a rank number"),
    ],
)
def test_a_wrong_diagram_is_reported(change, problem):
    with pytest.raises(DiagramError) as error:
        board_string("lilypad", SEED_DIAGRAM.replace(*change))
    assert problem in str(error.value)


def test_a_diagram_must_leave_holes_blank():
    lion = pygame_rules.start("lion")
    cells = parse_diagram("lion", lion.diagram())
    assert len(cells) == len(lion.geometry)
    holes = [
        (f, r) for f in range(lion.geometry.width) for r in range(lion.geometry.height)
        if (f, r) not in set(lion.geometry.coords)
    ]
    if not holes:
        pytest.skip("the Lion board has no holes")
    f, r = holes[0]
    lines = lion.diagram().splitlines()
    row = lines[lion.geometry.height - 1 - r]
    column = 3 + 2 * f
    lines[lion.geometry.height - 1 - r] = row[:column] + "." + row[column + 1:]
    with pytest.raises(DiagramError, match="is not a square of the lion board"):
        parse_diagram("lion", "\n".join(lines))


# ---------------------------------------------------------------------------------------------
# Long games: no reference chain as long as the game


def position_chain_depth(start: pygame_rules.Position, limit: int = 10_000) -> int:
    """How many positions deep the objects reachable from ``start`` go: Python follows this chain
    when it frees ``start``, once per position (recursively, in C). Walks every reference
    (``gc.get_referents``), breadth first, counting Position hops."""
    import gc

    seen = {id(start)}
    level, depth = [start], 0
    while level and depth < limit:
        found = []
        stack = list(level)
        while stack:  # every object reachable from this level without passing another Position
            for ref in gc.get_referents(stack.pop()):
                if id(ref) in seen or isinstance(ref, (str, int, float, type)):
                    continue
                seen.add(id(ref))
                (found if isinstance(ref, pygame_rules.Position) else stack).append(ref)
        if found:
            depth += 1
        level = found
    return depth


@pytest.mark.parametrize("game, seed", [("three-crowns", 1), ("lion", 1)])
def test_a_long_game_record_holds_no_chain_of_positions(game, seed):
    from long_games import long_game

    moves = long_game(game, 2000, seed)
    assert len(moves) == 2000
    record = pygame_rules.Game(game)
    for move in moves:
        record.play(move)
    # The current position's moves and the positions after them, as the bridge builds them.
    assert all(m.after.text for m in record.legal())
    assert position_chain_depth(record.start) <= 3
    assert position_chain_depth(record.copy().start) <= 3
    record.undo()
    assert position_chain_depth(record.start) <= 3


# ---------------------------------------------------------------------------------------------
# Hostile position strings: numbers, counts, quoting


def test_quote_shortens_long_text_in_the_middle():
    from pygame_rules.core import quote

    assert quote("abc") == "'abc'"
    assert quote("x" * 80) == repr("x" * 80)
    long = "a" * 500_000 + "b" * 500_000
    assert quote(long) == f"'{'a' * 40}…{'b' * 40}' (1,000,000 characters)"
    assert quote("a\nb") == "'a\\nb'"  # one line, whatever the input


def test_read_number_takes_ascii_digits_within_bounds_only():
    from pygame_rules.core import read_number

    assert read_number("0", 100, "clock") == 0
    assert read_number("007", 100, "clock") == 7
    assert read_number("0" * 5000 + "100", 100, "clock") == 100
    for field, words in [
        ("101", "clock '101' is more than 100 plies"),
        ("9" * 5000, "(5,000 characters) is more than 100 plies"),
        ("²", "clock '²' must be a whole number written with the digits 0-9"),
        ("٣", "must be a whole number"),
        ("-1", "must be a whole number"),
        ("", "clock '' must be a whole number"),
        ("1_0", "must be a whole number"),
    ]:
        with pytest.raises(PositionError) as error:
            read_number(field, 100, "clock", " plies")
        assert words in str(error.value)


HUGE_RUN = "9" * 5000


@pytest.mark.parametrize(
    "game, variant, text, words",
    [
        ("lilypad", None, HUGE_RUN + " b -", "the empty run '9999"),
        ("lilypad", None, "8/8/8/8/8/8/8/1" + "0" * 4400 + " b -", "(4,401 characters) is more than 64 squares"),
        ("lilypad", None, "8/8/8/8/8/8/8/" + "0" * 4400 + "8 b -", None),  # 8, however many zeros first
        ("three-crowns", None, HUGE_RUN + " g - 0", "the empty run"),
        ("three-crowns", None, "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g * " + HUGE_RUN, "the clock '9999"),
        ("three-crowns", None, "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g * ²", "the clock '²' must be a whole number"),
        ("three-crowns", None, "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g * 99999", "the clock '99999' is more than 100"),
        ("three-crowns", None, "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g * 101", "the clock '101' is more than 100"),
        ("lion", None, "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - - ²", "the clock '²' must be a whole number"),
        ("lion", None, "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - - " + HUGE_RUN, "the clock '9999"),
        ("lion", None, "3/1l3/7/5/7/5/7/R3L/3 w b2n" + HUGE_RUN + " - - 0", "the distance '9999"),
        ("lion", None, "3/1l3/7/5/7/5/7/R3L/3 w b2n7 - - 0", "the distance '7' is more than 6 squares"),
    ],
)
def test_absurd_numbers_are_position_errors(game, variant, text, words):
    if words is None:
        assert pygame_rules.load(game, text, variant).text.startswith("8/8/8/8/8/8/8/8 ")
        return
    with pytest.raises(PositionError) as error:
        pygame_rules.load(game, text, variant)
    assert words in str(error.value)
    assert len(str(error.value)) < 500


@pytest.mark.parametrize(
    "game, variant, text, words",
    [
        ("lilypad", None, "b1b1b1b1/1b1b1b1b/b1b1b1b1/1b1b1b1b/b1b1b1b1/8/8/1g1g1g1g g -",
         "Black has 20 soldiers; a side starts with 12 (its King is one of them)"),
        ("lilypad", None, "B1b1b1b1/1b1b1b1b/b1b1b1b1/1b6/8/1g1g1g1g/g1g1g1g1/1g1g1g1g g g",
         "Black has 13 soldiers"),
        ("lilypad", "invisible-city", "x1b1b1b1/1b1b1b1b/b1b1b1b1/3B4/8/1g1g1g1g/g1g1g1g1/1g1g1G1g g -",
         "Black has 13 checkers; a side starts with 12"),
        ("lilypad", "invisible-city+a1", "8/8/8/8/y7/1y1y1y1y/y1y1y1y1/1y1Y1y1y b -",
         "Green has 13 checkers"),
        ("three-crowns", None, "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg1ggbg g * 0", "Green has 11 stones; a side starts with 10"),
        ("three-crowns", None, "bgbbbbgb/bb6/b6b/b6b/g6g/b6b/8/gbg2gbg g - 0", "Black has 16 stones"),
        ("lion", None, "c1c/rtlsr/1fefef1/5/2F4/5/1FEFEF1/RTLSR/C1C w - - - 0",
         "White has 4 Frogs and Butterflies; a side starts with 3 Frogs"),
        ("lion", None, "c1c/rtlsr/1fefef1/5/3b3/5/1FEFEF1/RTLSR/C1C w - - - 0", "Black has 4 Frogs and Butterflies"),
        ("lion", None, "c1c/rtlsr/1fefef1/5/3t3/5/1FEFEF1/RTLSR/C1C w - - - 0", "Black has 2 Tigers; a side starts with 1"),
    ],
)
def test_a_side_never_has_more_pieces_than_at_the_start(game, variant, text, words):
    with pytest.raises(PositionError) as error:
        pygame_rules.load(game, text, variant)
    assert words in str(error.value), str(error.value)


@pytest.mark.parametrize(
    "game, variant, text",
    [
        ("lilypad", "invisible-city", "x1b1b1b1/1b1b1b1b/b1b1b1B1/8/8/1g1g1g1g/g1g1g1g1/1g1g1G1g g -"),
        ("lilypad", "invisible-city+a1", "8/8/8/8/8/1y1y1y1y/y1y1y1y1/3Y1y1y b -"),
        ("three-crowns", None, "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g * 100"),
        ("three-crowns", None, "8/8/3Bb3/3g4/4g3/2gg4/4g3/8 b - 0"),  # the seeds' jumping example
        ("lion", None, "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - - 100"),
        ("lion", None, "c1c/rtlsr/1fefef1/5/7/5/1FEFE2/RTLSR/B1C w - - - 0"),  # a Frog promoted
    ],
)
def test_full_strength_and_fewer_pieces_stay_accepted(game, variant, text):
    pygame_rules.load(game, text, variant)


def test_messages_name_no_python_types():
    for call in (lambda: pygame_rules.load("lilypad", None), lambda: pygame_rules.load("lion", 7)):
        with pytest.raises(PositionError, match="^a position must be text$"):
            call()
    with pytest.raises(IllegalMoveError, match="^a move must be text$"):
        pygame_rules.start("lilypad").move(None)
    with pytest.raises(RulesError, match="^a game and its variant must be named by text$"):
        pygame_rules.start(["lilypad"])
    with pytest.raises(RulesError, match="^a game and its variant must be named by text$"):
        pygame_rules.start("lilypad", 3)
    with pytest.raises(PositionError, match="^a game's position must be a position string or a Lilypad position, not 5$"):
        pygame_rules.Game("lilypad", position=5)


def test_a_huge_move_or_position_is_quoted_short():
    p = pygame_rules.start("lion")
    with pytest.raises(IllegalMoveError) as error:
        p.play("d2-" * 300_000)
    assert "(900,000 characters)" in str(error.value) and len(str(error.value)) < 400
    with pytest.raises(PositionError) as error:
        pygame_rules.load("lion", p.text + "x" * 1_000_000)
    assert len(str(error.value)) < 400


# ---------------------------------------------------------------------------------------------
# A Move is played only in the position that generated it


def test_a_game_shows_its_game_variant_moves_result_and_position():
    game = pygame_rules.Game("lilypad", "invisible-city")
    assert repr(game) == f"<Game 'lilypad' variant 'invisible-city', 0 moves, in progress, position {game.position.text!r}>"
    won = pygame_rules.Game("lilypad", position="8/8/8/8/8/1b6/4B3/1g1g3g b -")
    won.play("e2-f1")
    assert repr(won) == "<Game 'lilypad', 1 move, Black wins, position '8/8/8/8/8/1b6/8/1g1g1B1g g -'>"


def test_a_move_of_another_game_or_position_is_illegal():
    lilypad, lion = pygame_rules.start("lilypad"), pygame_rules.start("lion")
    with pytest.raises(IllegalMoveError, match=f"illegal move '{lion.legal()[0].text}' in"):
        lilypad.play(lion.legal()[0])
    game = pygame_rules.Game("lilypad")
    with pytest.raises(IllegalMoveError):
        game.play(lion.legal()[0])
    assert game.history == []
    # The same text in another position is another move.
    p = pygame_rules.start("three-crowns")
    after = p.play("c1-d2").play("a3-b2")
    elsewhere = p.play("c1-d2").play("h3-h2")
    move = elsewhere.move("d2-c1")
    with pytest.raises(IllegalMoveError, match="generated in another position"):
        after.play(move)
    # A Move of this position, or an equal one (same text, same result), is played.
    assert after.play(after.move("d2-c1")) == after.play("d2-c1")
    twin = pygame_rules.load("three-crowns", after.text)
    assert after.play(twin.move("d2-c1")) == after.play("d2-c1")


def test_every_piece_has_help_and_every_variant_says_what_it_changes():
    from pygame_rules import games, variants

    for game in games():
        for variant in variants(game):
            info = position_class(game, variant).info()
            for letter, piece in info["pieces"].items():
                assert piece["name"] and len(piece["help"]) > 40, (game, variant, letter)
            if variant:
                assert info["description"].endswith(".") and info["title"] != position_class(game).title
            else:
                assert info["description"] == ""
    assert len({position_class("lilypad", v).title for v in variants("lilypad")}) == len(variants("lilypad"))


def test_forget_empties_what_the_games_remember_and_changes_no_result():
    from pygame_rules import lilypad, lion

    results = {}
    for game in pygame_rules.games():
        result = pygame_rules.Search(pygame_rules.start(game), nodes=300, seed=0).run()
        results[game] = result.move, result.score, result.nodes
    assert lilypad._FILLS and lion._remembered and any(position_class(g)._evaluations for g in results)
    pygame_rules.core.forget()
    assert not lilypad._FILLS and not lion._remembered
    assert not any(position_class(g)._evaluations for g in results)
    for game, before in results.items():
        result = pygame_rules.Search(pygame_rules.start(game), nodes=300, seed=0).run()
        assert (result.move, result.score, result.nodes) == before
