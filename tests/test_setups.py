"""The board editor's set-ups (pygame_rules.setups): checked against the games' own parsers.

Every kind of bad set-up of each game gets its own message, naming the squares at fault; good
set-ups round-trip through position strings; set-ups made by damaging real positions are accepted
exactly when the game's parser accepts the same position; and hostile JSON gets plain words back.
"""

from __future__ import annotations

import functools
import json
import math
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import PositionError, bridge
from pygame_rules.core import EMPTY, format_board
from pygame_rules.setups import check, editor, setup_of

GAMES = [(game, variant) for game in pygame_rules.games() for variant in pygame_rules.variants(game)]
IDS = [f"{game}-{variant or 'default'}" for game, variant in GAMES]

#: Words no message for people may contain: Python's names for types and its error classes.
PYTHON_WORDS = re.compile(r"\b(str|int|float|dict|NoneType|None|bool|True|False|Error|Traceback)\b")


@functools.cache
def positions(game: str, variant: str | None, seeds=range(3), plies=60) -> list[pygame_rules.Position]:
    """The start and the positions of a few seeded random games."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        p = pygame_rules.start(game, variant)
        out.append(p)
        for _ in range(plies):
            if p.winner is not None:
                break
            p = p.play(rng.choice(p.moves()))
            out.append(p)
    return out


def problems(game, setup, variant=None) -> list[dict]:
    answer = check(game, variant, setup)
    assert (answer["position"] is None) == bool(answer["problems"])
    for problem in answer["problems"]:
        assert not PYTHON_WORDS.search(problem["text"]), problem["text"]
        assert problem["text"][0].isupper() and problem["text"].endswith("."), problem["text"]
    return answer["problems"]


# -- good set-ups ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game, variant", GAMES, ids=IDS)
def test_positions_round_trip(game, variant):
    for p in positions(game, variant):
        setup = setup_of(p)
        json.dumps(setup)
        answer = check(game, variant, json.loads(json.dumps(setup)))
        assert answer["problems"] == [] and answer["position"] == p.text
        assert answer["over"] == p.end_reason()


@pytest.mark.parametrize("game, variant", GAMES, ids=IDS)
def test_editor_start_and_empty(game, variant):
    info = editor(game, variant)
    assert check(game, variant, info["start"])["position"] == pygame_rules.start(game, variant).text
    assert info["empty"]["board"] == {}
    empty = check(game, variant, info["empty"])
    if game == "lion":  # an empty board has no Lion: the side that just moved lost already
        assert "has no Lion" in empty["problems"][0]["text"]
    else:
        assert empty["position"] is not None and empty["over"]  # nothing to move: over at once
    keys = {f["key"] for f in info["fields"]}
    assert keys == set(info["start"]) - {"board", "turn"}


def test_finished_positions_are_shown_but_said_to_be_over():
    # A Lilypad King on its last row: the side that moved it has won.
    answer = check("lilypad", None, {"board": {"d1": "B", "f1": "G"}, "turn": "g", "drops": []})
    assert answer["problems"] == [] and answer["position"] == "8/8/8/8/8/8/8/3B1G2 g -"
    assert answer["over"] == "Black's King reached its last row (rank 1), so Black wins."
    # Green to move with its only stone hemmed in by Black's: no legal move loses.
    board = {"a1": "g", "a2": "b", "b2": "b", "b1": "b", "a3": "b", "c3": "b", "c1": "b"}
    answer = check("three-crowns", None, {"board": board, "turn": "g", "bound": "-", "clock": 0})
    assert answer["position"] and answer["over"] == "Green has no legal move, so Black wins."
    # The side to move has lost its Lion.
    answer = check("lion", None, {"board": {"d2": "L"}, "turn": "b"})
    assert answer["position"] and "White" in answer["over"]


# -- bad set-ups: one message per kind, per game ------------------------------------------------

LILYPAD = {"board": {"c4": "b", "g4": "b", "f5": "b", "b3": "B", "e2": "b", "b1": "g", "d1": "g", "h1": "g",
                     "g2": "g", "f3": "G"}, "turn": "b", "drops": []}
CROWNS = setup_of(pygame_rules.load("three-crowns", "1g3b2/2b5/g3B2b/b7/gb1G4/3B1g2/3gGb1b/gbg5 g - 0"))
LION = setup_of(pygame_rules.start("lion"))


def changed(base: dict, board: dict | None = None, **fields) -> dict:
    out = json.loads(json.dumps(base))
    for square, letter in (board or {}).items():
        if letter is None:
            out["board"].pop(square, None)
        else:
            out["board"][square] = letter
    out.update(fields)
    return out


BAD = [
    # (game, variant, set-up, words the message holds, squares it names)
    ("lilypad", None, changed(LILYPAD, {"a1": "b", "c1": "b"}), "The Black soldiers on a1 and c1 stand on a light square", ["a1", "c1"]),
    ("lilypad", None, changed(LILYPAD, {"b1": "b"}), "The Black soldier on b1 stands on its last row, and soldiers never go there", ["b1"]),
    ("lilypad", None, changed(LILYPAD, {"a8": "g"}), "The Green soldier on a8 stands on its last row", ["a8"]),
    ("lilypad", "invisible-city", changed(LILYPAD, {"a8": "G", "f3": "g"}), "uncrowned checkers are crowned there", ["a8"]),
    ("lilypad", None, changed(LILYPAD, {"h7": "B"}), "Black has 2 Kings (b3 and h7); a side has one at most", ["b3", "h7"]),
    ("lilypad", "invisible-city", changed(LILYPAD, {"h7": "X"}), "Black has 2 pawns (b3 and h7)", ["b3", "h7"]),
    ("lilypad", None, changed(LILYPAD, {sq: "b" for sq in ("a6", "c6", "e6", "g6", "b7", "d7", "f7", "h7")}),
     "Black has 13 soldiers (its King is one of them)", None),
    ("lilypad", None, changed(LILYPAD, drops=["b", "g"]), "Black still has to drop its King but already has one on b3", ["b3"]),
    ("lilypad", None, changed(LILYPAD, {"b3": "b", "f3": "g"}, drops=["b"]), "Black drops its King first", []),
    ("lilypad", None, changed(LILYPAD, {"b3": "b", "f3": "g"}, drops=["b", "g"], turn="g"), "Black has its King to drop, so Black is to move", []),
    ("lilypad", None, changed(LILYPAD, {"b3": "b"}, drops=["g"], turn="g"), "Black has dropped its King but has none on the board", []),
    ("lilypad", None, changed(LILYPAD, drops=["x"]), "must be a list of sides", []),
    ("three-crowns", None, changed(CROWNS, {f"{f}8": "g" for f in "bcdefgh"}), "Green has 15 stones", None),
    ("three-crowns", None, changed(CROWNS, bound="b4"), "The bound stone must be a Green stone (the one Green moved first), but b4 holds a Black stone", ["b4"]),
    ("three-crowns", None, changed(CROWNS, bound="h1"), "but h1 is empty", ["h1"]),
    ("three-crowns", None, changed(CROWNS, bound="*", turn="b"), "Green must be the side to move", []),
    ("three-crowns", None, changed(CROWNS, bound="z9"), "The bound stone's square must be a square of the board, not 'z9'", []),
    ("three-crowns", None, changed(CROWNS, clock=101), "must be from 0 to 100 (the game is drawn at 100), not 101", []),
    ("three-crowns", None, changed(CROWNS, clock=-1), "not -1", []),
    ("three-crowns", None, changed(CROWNS, clock=2.5), "must be a whole number, not 2.5", []),
    ("lion", None, changed(LION, {"a3": "T"}), "The White Tiger on a3 is in the burrow, where only Spiders, Cobras, Frogs and Butterflies may stand", ["a3"]),
    ("lion", None, changed(LION, {"b9": "F", "f9": "F"}), "The White Frogs on b9 and f9 stand on an enemy green burrow, where they would have become a Butterfly", ["b9", "f9"]),
    ("lion", None, changed(LION, {"d1": "f"}), "The Black Frog on d1 stands on an enemy green burrow", ["d1"]),
    ("lion", None, changed(LION, {"d5": "L"}), "White has 2 Lions (d2 and d5); a side has one at most", ["d2", "d5"]),
    ("lion", None, changed(LION, {"d5": "E"}), "White has 3 Elephants (c3, d5 and e3); a side has 2 at most", ["c3", "d5", "e3"]),
    ("lion", None, changed(LION, {"b4": "B"}), "White has 4 Frogs and Butterflies (a Butterfly is a promoted Frog)", None),
    ("lion", None, changed(LION, {"d8": None}), "Black has no Lion: the game ended when it was taken, so White cannot be to move", []),
    ("lion", None, changed(LION, charges=[{"square": "d2", "direction": "n", "distance": 1}]), "A rhino charge names the White Lion on d2, not a Rhinoceros", ["d2"]),
    ("lion", None, changed(LION, charges=[{"square": "b2", "direction": "x", "distance": 1}]), "direction must be north, east, south or west, not 'x'", []),
    ("lion", None, changed(LION, charges=[{"square": "b2", "direction": "n", "distance": 7}]), "distance must be a whole number from 1 to 6", ["b2"]),
    ("lion", None, changed(LION, charges=[{"square": "b2", "direction": "n", "distance": 1}, {"square": "f2", "direction": "n", "distance": 1}]),
     "White has charges for the rhinos on b2 and f2; only the rhino a side moved last can be charging", ["b2", "f2"]),
    ("lion", None, changed(LION, charges=[{"square": "b2", "direction": "n", "distance": 1}, {"square": "b2", "direction": "e", "distance": 1}]),
     "A rhino has two charges", []),
    ("lion", None, changed(LION, marks=[{"spider": "d2", "marked": "d3"}]), "A spider mark names the White Lion on d2, not a Spider", ["d2"]),
    ("lion", None, changed(LION, marks=[{"spider": "e2", "marked": "d3"}]), "The Spider on e2 marks the White Frog on d3; a Spider marks only enemy pieces", ["e2", "d3"]),
    ("lion", None, changed(LION, marks=[{"spider": "e2", "marked": "d5"}]), "marks the empty square d5", ["e2", "d5"]),
    ("lion", None, changed(LION, marks=[{"spider": "e2", "marked": "d7"}] * 2), "A spider mark is listed twice", []),
    ("lion", None, changed(LION, stuck=["d2"]), "A stuck elephant is listed on d2, but d2 holds a White Lion", ["d2"]),
    ("lion", None, changed(LION, stuck=["c3", "c3"]), "The elephant on c3 is listed as stuck twice", ["c3"]),
    ("lion", None, changed(LION, stuck=["x1"]), "A stuck elephant's square must be a square of the board, not 'x1'", []),
    ("lion", None, changed(LION, clock=100.5), "must be a whole number, not 100.5", []),
]


@pytest.mark.parametrize("game, variant, setup, words, squares", BAD, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)])
def test_bad_setups_are_named(game, variant, setup, words, squares):
    found = problems(game, setup, variant)
    matching = [p for p in found if words in p["text"]]
    assert matching, f"no message with {words!r} in {[p['text'] for p in found]}"
    if squares is not None:
        assert matching[0]["squares"] == squares


def test_every_problem_is_said_at_once():
    setup = changed(LION, {"a3": "T", "b9": "F"}, stuck=["d2"], clock=500)
    texts = " ".join(p["text"] for p in problems("lion", setup))
    for words in ("White Tiger on a3", "White Frog on b9", "stuck elephant is listed on d2", "not 500"):
        assert words in texts


def test_one_fault_is_said_once():
    two = [{"square": "b2", "direction": "n", "distance": 1}, {"square": "b2", "direction": "e", "distance": 1}]
    assert [p["text"] for p in problems("lion", changed(LION, charges=two))] == [
        "A rhino has two charges; it can charge in one direction only."
    ]
    assert len(problems("lilypad", changed(LILYPAD, {"b1": "b"}))) == 1


def test_a_parser_refusal_is_said_in_its_words():
    # Nothing in the editor's own checks covers every rule: the game's parser has the last word.
    # A soldier of Lilypad's default rules standing on its last row is refused by both; here the
    # parser's message is checked to read as a sentence without the position string quoted.
    from pygame_rules.setups import _QUOTED_POSITION

    message = str(pytest.raises(PositionError, pygame_rules.load, "lilypad", "8/8/8/8/8/8/8/1b6 b -").value)
    assert _QUOTED_POSITION.sub("", message) == "Black soldier on b1, its last row"


# -- agreement with the parsers -------------------------------------------------------------------


def position_text(cls, setup: dict) -> str:
    """A set-up written as a position string the plain way (docs/rules.md's formats), whatever is in it."""
    cells = [setup["board"].get(name, EMPTY) for name in cls.geometry.names]
    extra: list[str]
    if cls.game == "lilypad":
        extra = ["".join(s for s in cls.sides if s in setup["drops"]) or "-"]
    elif cls.game == "three-crowns":
        extra = [setup["bound"], str(setup["clock"])]
    else:
        charges = sorted(f"{c['square']}{c['direction']}{c['distance']}" for c in setup["charges"])
        marks = sorted(f"{m['spider']}>{m['marked']}" for m in setup["marks"])
        extra = [",".join(charges) or "-", ",".join(marks) or "-", ",".join(sorted(setup["stuck"])) or "-", str(setup["clock"])]
    return " ".join([format_board(cells, cls.geometry), setup["turn"], *extra])


@st.composite
def damaged(draw, game: str, variant: str | None):
    """A real position's set-up with a few random changes of the kinds the editor makes."""
    cls = pygame_rules.position_class(game, variant)
    setup = setup_of(draw(st.sampled_from(positions(game, variant, seeds=range(2), plies=40))))
    squares = list(cls.geometry.names)
    pieces = [*cls.pieces, None]
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["piece", "piece", "turn", "extra"]))
        if kind == "piece":
            setup = changed(setup, {draw(st.sampled_from(squares)): draw(st.sampled_from(pieces))})
        elif kind == "turn":
            setup["turn"] = draw(st.sampled_from(cls.sides))
        elif game == "lilypad":
            setup["drops"] = draw(st.sampled_from([[], ["g"], ["b", "g"], ["b"]]))
        elif game == "three-crowns":
            setup[draw(st.sampled_from(["bound", "clock"]))] = draw(
                st.one_of(st.sampled_from(["*", "-", *squares]), st.integers(-1, 101))
            )
            setup["bound"] = str(setup["bound"])
            setup["clock"] = setup["clock"] if isinstance(setup["clock"], int) else 0
        else:
            square = st.sampled_from(squares)
            field = draw(st.sampled_from(["charges", "marks", "stuck", "clock"]))
            if field == "clock":
                setup["clock"] = draw(st.integers(-1, 101))
            elif field == "stuck":
                setup["stuck"] = draw(st.lists(square, max_size=3))
            elif field == "marks":
                setup["marks"] = draw(st.lists(st.fixed_dictionaries({"spider": square, "marked": square}), max_size=2))
            else:
                setup["charges"] = draw(st.lists(st.fixed_dictionaries(
                    {"square": square, "direction": st.sampled_from("nesw"), "distance": st.integers(1, 6)}), max_size=2))
    return setup


@pytest.mark.parametrize("game, variant", [(g, None) for g in pygame_rules.games()] + [("lilypad", "invisible-city")])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_setups_are_accepted_exactly_when_the_parser_accepts_them(game, variant, data):
    cls = pygame_rules.position_class(game, variant)
    setup = data.draw(damaged(game, variant))
    answer = check(game, variant, setup)
    try:
        parsed = cls.from_text(position_text(cls, setup)).text
    except PositionError as e:
        assert answer["problems"], f"the parser refuses it ({e}) but the editor does not"
        return
    assert answer["problems"] == [], f"the parser accepts {parsed} but the editor says {answer['problems']}"
    assert answer["position"] == parsed


# -- hostile JSON ---------------------------------------------------------------------------------

#: Set-ups no game accepts, and for each game its extra state damaged.
HOSTILE = [
    None, 7, "board", [], [{"board": {}}],
    {"board": []}, {"board": "b1b1"}, {"board": {"z9": "b"}}, {"board": {"b1": 3}}, {"board": {"b1": ["g"]}},
    {"board": {"b1": "Q"}}, {"board": {"b1": "gg"}}, {"board": {f"x{i}": "b" for i in range(10_000)}},
    {"board": {}, "turn": 1}, {"board": {}, "turn": None}, {"board": {}, "turn": ["b"]},
]
HOSTILE_EXTRA = {
    "lilypad": [{"drops": "bg"}, {"drops": {"b": 1}}, {"drops": ["b", "b"]}, {"drops": [None]}],
    "three-crowns": [
        {"bound": 5}, {"bound": ["a1"]}, {"bound": None}, {"clock": True}, {"clock": "7"}, {"clock": 1e308},
        {"clock": 10**20}, {"clock": None},
    ],
    "lion": [
        {"charges": {"b2": 1}}, {"charges": [7, None, "b2n1"]},
        {"charges": [{"square": ["b2"], "direction": None, "distance": "2"}]},
        {"charges": [{"square": "b2", "direction": "n", "distance": True}] * 500},
        {"marks": [{"spider": {}, "marked": 3}]}, {"marks": "e5>e4"}, {"marks": [[]]},
        {"stuck": "c3"}, {"stuck": [None, 3, ["c3"]]}, {"clock": -0.5},
    ],
}
HOSTILE_CASES = [(game, setup) for game in pygame_rules.games() for setup in HOSTILE] + [
    (game, {**setup_of(pygame_rules.start(game)), **damage}) for game, cases in HOSTILE_EXTRA.items() for damage in cases
]


@pytest.mark.parametrize("game, setup", HOSTILE_CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(HOSTILE_CASES)])
def test_hostile_setups_get_plain_words(game, setup):
    answer = json.loads(bridge.handle(json.dumps({"op": "setup", "game": game, "setup": setup})))
    assert "error" not in answer, answer
    assert answer["problems"] and answer["position"] is None
    for problem in answer["problems"]:
        assert not PYTHON_WORDS.search(problem["text"]), problem["text"]
        assert len(problem["text"]) < 400


def test_bridge_ops():
    answer = json.loads(bridge.handle(json.dumps({"op": "editor", "game": "three-crowns", "position": CROWNS and
                                                  "1g3b2/2b5/g3B2b/b7/gb1G4/3B1g2/3gGb1b/gbg5 g - 0"})))
    assert answer["setup"] == CROWNS and [f["key"] for f in answer["fields"]] == ["bound", "clock"]
    bad = json.loads(bridge.handle(json.dumps({"op": "editor", "game": "lion", "position": "junk"})))
    assert bad["error"]["type"] == "PositionError"
    unknown = json.loads(bridge.handle(json.dumps({"op": "setup", "game": "chess", "setup": {}})))
    assert "unknown game" in unknown["error"]["message"]
    good = json.loads(bridge.handle(json.dumps({"op": "setup", "game": "three-crowns", "setup": CROWNS})))
    assert good == {"position": "1g3b2/2b5/g3B2b/b7/gb1G4/3B1g2/3gGb1b/gbg5 g - 0", "problems": [], "over": None}


@pytest.mark.parametrize(
    "extra, words",
    [
        ({"clock": math.nan}, "The clock (plies since a piece was removed or a frog moved) must be a whole number, not NaN"),
        ({"clock": math.inf}, "must be a whole number, not infinity"),
        ({"clock": 10**5000}, "must be from 0 to 100 (the game is drawn at 100), not a number of more than 30 digits"),
        ({"charges": [{"square": "a1", "direction": ["n"], "distance": 2}]}, "direction must be north, east, south or west, not a list"),
        ({"charges": [{"square": "a1", "direction": {"n": 1}, "distance": 2}]}, "not a group of named values"),
        ({"turn": ["w"]}, "The side to move must be White or Black, not a list"),
        ({"stuck": ["x" * 100_000]}, "(100,000 characters)"),
    ],
)
def test_hostile_extra_state_is_a_problem_in_plain_words(extra, words):
    setup = {**editor("lion")["start"], **extra}
    answer = check("lion", None, setup)
    texts = " ".join(p["text"] for p in answer["problems"])
    assert answer["position"] is None and words in texts, texts
    assert len(texts) < 500 and "NoneType" not in texts and "'list'" not in texts
