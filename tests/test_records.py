"""Game records and link codes (``pygame_rules/records.py``), their bridge ops and command line."""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import Game, RecordError, RulesError, bridge, records
from pygame_rules.__main__ import main
from pygame_rules.records import decode_moves, encode_moves, parse_record, read_record, write_record

GAMES = [(game, variant) for game in pygame_rules.games() for variant in pygame_rules.variants(game)]
IDS = [f"{game}-{variant or 'default'}" for game, variant in GAMES]


def playout(game: str, variant: str | None, seed: int, plies: int, start: str | None = None) -> Game:
    """A random game of at most ``plies`` moves (fewer when it ends)."""
    rng = random.Random(seed)
    record = Game(game, variant, start)
    while record.result is None and len(record.history) < plies:
        record.play(rng.choice(record.moves()))
    return record


def random_start(game: str, variant: str | None, seed: int) -> str | None:
    """None (the game's start) or a position of a random playout that is not over yet."""
    if seed % 3 == 0:
        return None
    record = playout(game, variant, seed, seed % 40)
    if record.result is not None:
        record.undo()
    return record.position.text


def reformat(text: str, rng: random.Random) -> str:
    """``text`` with the moves' white space changed at random, move numbers dropped or glued to
    their move, and blank lines and indentation added around the tags."""
    head, _, body = text.partition("\n\n")
    lines = [rng.choice(["", "  ", "\t"]) + line + rng.choice(["", " ", "\r"]) for line in head.split("\n")]
    out, in_comment = [], False
    for word in body.split():
        number = not in_comment and re.fullmatch(r"\d+\.(\.\.)?", word)
        in_comment = (in_comment or word.startswith("{")) and not word.endswith("}")
        if number and rng.random() < 0.4:
            continue
        out.append(word)
        out.append("" if number and rng.random() < 0.5 else rng.choice([" ", "\n", "\t", "  \n ", "\r\n", "\n\n"]))
    return "\n".join(lines) + rng.choice(["\n\n", "\n\n\n", "\n \n"]) + "".join(out)


tag_text = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=30)
comment_text = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="{}"), max_size=40)


@pytest.mark.parametrize("game, variant", GAMES, ids=IDS)
@settings(max_examples=12)
@given(
    seed=st.integers(0, 1 << 32),
    plies=st.integers(0, 400),
    players=st.lists(tag_text, min_size=2, max_size=2),
    event=st.none() | tag_text,
    date=st.sampled_from([None, "2026-11-23", "2026-??-??", "????-??-??", "1999-02-28"]),
    notes=st.dictionaries(st.integers(0, 400), comment_text, max_size=4),
    reformat_seed=st.integers(0, 1 << 16),
)
def test_records_round_trip_over_random_playouts(game, variant, seed, plies, players, event, date, notes, reformat_seed):
    record = playout(game, variant, seed, plies, random_start(game, variant, seed))
    cls = type(record.start)
    tags = dict(zip((cls.side_names[s] for s in cls.sides), players))
    if event is not None:
        tags["Event"] = event
    if date is not None:
        tags["Date"] = date
    comments = {ply % (len(record.history) + 1): text for ply, text in notes.items()}
    text = write_record(record, tags, comments)

    for version in (text, reformat(text, random.Random(reformat_seed))):
        read = parse_record(version)
        assert (read.game.game, read.game.variant) == (game, variant)
        assert read.game.start == record.start
        assert read.game.history == record.history
        assert read.game.result == record.result
        assert read.result == records.result_token(record)
        expected = {"Game": game, **({"Variant": variant} if variant else {}), **tags}
        if record.start.text != cls.start_text:
            expected["Position"] = record.start.text
        assert read.tags == {**expected, "Result": read.result}
        assert read.comments == {p: " ".join(c.split()) for p, c in comments.items() if c.split()}
        assert write_record(read) == text
    assert read_record(text).history == record.history
    for line in text.split("\n"):
        assert len(line) <= records.LINE_LENGTH or " " not in line.strip(), line


# ---------------------------------------------------------------------------------------------
# Hand-written records

LILYPAD = """\
[Game "lilypad"]
[Date "2026-11-23"]
[Black "Ann"]
[Green "Computer level 3"]
[Site "the kitchen table"]

{Both Kings go in first.}
1. K@c8 K@b1 2. c8>e6 {a long first flight} b1>d1
3. e6>h7 d3-e4 *
"""


def test_a_hand_written_lilypad_record():
    record = parse_record(LILYPAD)
    assert record.game.history == ["K@c8", "K@b1", "c8>e6", "b1>d1", "e6>h7", "d3-e4"]
    assert record.tags == {
        "Game": "lilypad", "Date": "2026-11-23", "Black": "Ann", "Green": "Computer level 3", "Site": "the kitchen table",
    }
    assert record.comments == {0: "Both Kings go in first.", 3: "a long first flight"}
    assert record.result == "*" and record.game.result is None
    assert record.game.position.turn == "b"
    windows = "\ufeff" + LILYPAD.replace("\n", "\r\n").replace("2. c8>e6", "2.c8>e6").replace("3. ", "3..")
    again = parse_record(windows)
    assert (again.game.history, again.tags, again.comments, again.result) == (
        record.game.history, record.tags, record.comments, record.result
    )


def test_the_module_docstring_example_reads():
    example = re.search(r"A record::\n\n(.*?)\n\nTags", records.__doc__, re.S).group(1)
    record = parse_record(example.replace("\n    ", "\n").strip())
    assert record.result == "0-1" and record.game.result is None and len(record.game.history) == 6


THREE_CROWNS = """\
[Game "three-crowns"]
[Position "bg3b1b/g2b4/b5bg/3g2g1/g5B1/8/2b2gb1/gb1g3g g - 6"]
[Green "Bo"]
[Black "Cy"]
[Result "1-0"]

1. a4-a5 b1-b2 2. a5-b6 d7-e8 3. b8-c7 {Cy resigns} 1-0
"""


def test_a_three_crowns_record_from_a_set_up_position_ended_by_resignation():
    record = parse_record(THREE_CROWNS)
    assert record.game.start.text == "bg3b1b/g2b4/b5bg/3g2g1/g5B1/8/2b2gb1/gb1g3g g - 6"
    assert record.game.history == ["a4-a5", "b1-b2", "a5-b6", "d7-e8", "b8-c7"]
    assert record.game.position.text == "b3bb1b/g1g5/bg4bg/3g2g1/6B1/8/1bb2gb1/g2g3g b - 11"
    # The moves do not end the game: the declared result is an ending off the board.
    assert record.game.result is None and record.result == "1-0"
    assert record.comments == {5: "Cy resigns"}


LION = """\
[Game "lion"]
[White "Dee"]
[Black "Eli"]

1.f1-g3 e7-f6 2.e3-e4 b9-a5 3.f3-d5 a5xb1 4.d3-e3 f7-e7 5.e2-f3 b1xd2
"""


def test_a_lion_record_without_result_gets_the_engines():
    record = parse_record(LION)
    assert len(record.game.history) == 10
    assert record.game.result == "b" and record.result == "0-1"
    assert parse_record(LION + "0-1\n").result == "0-1"
    with pytest.raises(RecordError, match=r"^line 6: the record says 1-0 \(White wins\), but the moves end the game: Black wins"):
        parse_record(LION + "1-0\n")
    # "*" (not known) says nothing against the moves: the result is what they say (issue 25, 28).
    for text in (LION + "*", LION.replace("\n\n", '\n[Result "*"]\n\n', 1) + "0-1", LION.replace("\n\n", '\n[Result "*"]\n\n', 1)):
        record = parse_record(text)
        assert record.result == record.tags.get("Result", "0-1") == "0-1"
        assert parse_record(write_record(record)).result == "0-1"
    assert write_record(read_record(LION), {"Result": "*"}).endswith(" 0-1\n")


def test_the_second_side_moving_first_is_numbered_1_dots():
    start = "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g g -"
    record = Game("lilypad", None, start)
    record.play("d1:f3")
    text = write_record(record)
    assert text.endswith("\n1... d1:f3 *\n")
    assert read_record(text).history == ["d1:f3"]


def test_a_threefold_repetition_is_a_draw_in_the_record():
    game = Game("lion")
    for _ in range(2):
        for move in ("f1-f1", "b9-b9"):
            game.play(move)
    assert game.result == "draw"
    text = write_record(game)
    assert '[Result "1/2-1/2"]' in text and text.endswith(" 1/2-1/2\n")
    assert parse_record(text).game.result == "draw"


def test_variant_and_long_move_forms():
    game = Game("lilypad", "invisible-city")
    game.play("K@c8")
    text = write_record(game)
    assert '[Variant "invisible-city"]' in text
    assert read_record(text).variant == "invisible-city"
    # A long form the engine accepts is read, and written back in its canonical form.
    lion = read_record('[Game "lion"]\n\n1. f3-g3 c8-f5 2. f2-f3 f5-e4 3. b1-a5 e4-c4 4. f1-f1 e7-f6 5. e3-d4 c4xe2 6. f1-e2-d1')
    assert lion.history[-1] == "f1xe2-d1"


# ---------------------------------------------------------------------------------------------
# Damaged records: each kind of damage names its line

GOOD = LILYPAD.split("\n")


def damaged(line: int, new: str) -> str:
    """LILYPAD with its ``line`` (1-based) replaced by ``new``."""
    return "\n".join(GOOD[: line - 1] + [new] + GOOD[line:])


DAMAGE = [
    (damaged(2, "[Date 2026-11-23]"), 2, "unknown tag syntax"),
    (damaged(2, '[Date "2026-11-23" Black "Ann"]'), 2, "unknown tag syntax"),
    (damaged(2, '[Date "2026-11-23]'), 2, "unknown tag syntax"),
    (damaged(3, '[Date "2026-11-24"]'), 3, "tag Date is given twice \\(also on line 2\\)"),
    (damaged(2, '[Date "2026-13-01"]'), 2, "no such month"),
    (damaged(2, '[Date "2026-02-30"]'), 2, "not a real day"),
    (damaged(2, '[Date "23.11.2026"]'), 2, "YYYY-MM-DD"),
    (damaged(2, '[Date "２０２６-11-23"]'), 2, "YYYY-MM-DD"),
    (damaged(1, '[Game "chess"]'), 1, "unknown game 'chess'"),
    (damaged(1, '[Event "x"]'), 1, "no Game tag"),
    (damaged(2, '[Variant "fast"]'), 2, "unknown variant 'fast'"),
    (damaged(2, '[Position "8/8/8 b -"]'), 2, "the Position tag is not a Lilypad position"),
    (damaged(2, '[Result "2-0"]'), 2, "Result '2-0' is not one of"),
    (damaged(8, "1. K@c8 K@b1 2. c8>e6 {a long first flight} b1>d2"), 8, "move 2 \\(Green\\) 'b1>d2' is not a legal move"),
    (damaged(9, "3. e6>h7 d3-e4 4. K@c8 *"), 9, "move 4 \\(Black\\) 'K@c8' is not a legal move"),
    (damaged(8, "1. K@c8 K@b1 2. c8>e6 {a long first flight b1>d1"), 8, "comment opened with \\{ is never closed"),
    (damaged(8, "1. K@c8 K@b1 2. c8>e6 {a {long} first flight} b1>d1"), 8, "comments do not nest"),
    (damaged(8, "1. K@c8 K@b1 2. c8>e6 a long first flight} b1>d1"), 8, "move 2 \\(Green\\) 'a' is not a legal move"),
    (damaged(8, "1. K@c8 K@b1 2. c8>e6 } b1>d1"), 8, "a \\} closes no comment"),
    (damaged(8, '[Round "2"]'), 8, "a tag line comes after the moves began"),
    (damaged(9, "3. e6>h7 d3-e4 * e2-d3"), 9, "'e2-d3' comes after the result \\*"),
    (damaged(9, "3. e6>h7 d3-e4 1-0 0-1"), 9, "'0-1' comes after the result 1-0"),
    (damaged(8, "1. K@c8 K@b1 2. c8>e6 {a long first\x00 flight} b1>d1"), 8, "control character"),
    (damaged(8, "１. K@c8 K@b1"), 8, "move 1 \\(Black\\) '１.' is not a legal move"),
    (damaged(8, "99999999999999999999. K@c8 K@b1"), 8, r"'9999999999…999999999\.' \(21 characters\) is not a legal move"),
    ("", None, "the record is empty"),
    (" \n\n", None, "the record is empty"),
    ("1. K@c8", 1, "no Game tag"),
]


@pytest.mark.parametrize("text, line, message", DAMAGE, ids=[m for _, _, m in DAMAGE])
def test_damaged_records_name_the_line_and_the_fault(text, line, message):
    with pytest.raises(RecordError, match=message) as caught:
        read_record(text)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"line {line}: " if line else "")
    assert "NoneType" not in str(caught.value) and "Error" not in str(caught.value)


def test_an_illegal_move_is_told_in_plain_words_without_the_position_string():
    with pytest.raises(RecordError) as caught:
        read_record(damaged(8, "1. K@c8 K@b1 2. c8>e6 {a long first flight} b1>d2"))
    message = str(caught.value)
    assert re.fullmatch(r"line 8: move 2 \(Green\) 'b1>d2' is not a legal move there \(legal moves there: .+\)", message), message
    assert "/" not in message  # no position string (ranks joined by slashes)


def test_a_declared_result_must_match_the_tag():
    text = LILYPAD.replace('[Site "the kitchen table"]', '[Result "0-1"]')
    with pytest.raises(RecordError, match=r"^line 9: the moves end with \* but the Result tag \(line 5\) says 0-1"):
        read_record(text)
    assert parse_record(text.replace("d3-e4 *", "d3-e4")).result == "0-1"


def test_moves_after_the_end_of_the_game():
    text = LION.replace("b1xd2", "b1xd2 6. e3-e4")
    with pytest.raises(RecordError, match=r"^line 5: move 6 \(White\) 'e3-e4' comes after the end of the game \(Black wins\)"):
        read_record(text)


def test_size_limits(monkeypatch):
    with pytest.raises(RecordError, match="limited to 1,000,000"):
        read_record(LILYPAD + " " * records.MAX_RECORD_CHARS)
    with pytest.raises(RecordError, match="tag Site is 1,001 characters long"):
        read_record(LILYPAD.replace("the kitchen table", "x" * 1001))
    monkeypatch.setattr(records, "MAX_PLIES", 4)
    with pytest.raises(RecordError, match="^line 9: the record has more than 4 moves"):
        read_record(LILYPAD)
    with pytest.raises(RecordError, match="the game has 6 moves; records hold at most 4"):
        write_record(_six_moves())
    with pytest.raises(RecordError, match="links hold at most 4"):
        encode_moves(_six_moves())


def _six_moves() -> Game:
    game = Game("lilypad")
    for move in ["K@c8", "K@b1", "c8>e6", "b1>d1", "e6>h7", "d3-e4"]:
        game.play(move)
    return game


def test_a_record_must_be_text():
    with pytest.raises(RecordError, match="a record must be text"):
        read_record(b"[Game \"lilypad\"]")  # type: ignore[arg-type]


def test_writing_refuses_what_it_could_not_read_back():
    game = _six_moves()
    for tags, message in [
        ({"Game": "lion"}, "tag Game 'lion' does not match the game"),
        ({"Position": "8/8/8/8/8/8/8/8 b -"}, "tag Position .* does not match"),
        ({"Result": "1-1"}, "result '1-1' is not one of"),
        ({"Black": "Ann\nBo"}, "control character"),
        ({"Black": 3}, "tag Black must be text"),
        ({"Bad Name": "x"}, "is not a tag name"),
        ({"Date": "soon"}, "YYYY-MM-DD"),
    ]:
        with pytest.raises(RecordError, match=message):
            write_record(game, tags)
    with pytest.raises(RecordError, match="holds a brace"):
        write_record(game, comments={2: "a } b"})
    with pytest.raises(RecordError, match="after move 7, but the game has 6 moves"):
        write_record(game, comments={7: "late"})
    one = Game("lilypad")
    one.play("K@c8")
    with pytest.raises(RecordError, match="after move 2, but the game has 1 move$"):
        write_record(one, comments={2: "late"})
    with pytest.raises(RecordError, match=r"^a comment's key is the number of moves played before it \(0 to 1\), not 'a'$"):
        write_record(one, comments={"a": "what"})
    # So many tags that the record could not be read back: refused when written, not when read.
    with pytest.raises(RecordError, match="the record would be 3,[0-9,]+ characters long; records are limited to 1,000,000"):
        write_record(game, {f"Tag{i}": "x" * 900 for i in range(3500)})
    lion = read_record(LION)
    with pytest.raises(RecordError, match="the record says 1-0 .* Black wins"):
        write_record(lion, {"Result": "1-0"})
    assert write_record(game, {"Result": "1-0"}).endswith(" 1-0\n")  # resigned: allowed


@settings(max_examples=300)
@given(data=st.data())
def test_fuzzed_records_raise_only_record_errors(data):
    text = data.draw(st.sampled_from([LILYPAD, THREE_CROWNS, LION + "0-1"]))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 6))
        insert = data.draw(st.text(st.sampled_from('[]{}"\\ \n\t.-*/10@K>:abcdefgx9\x00é１'), max_size=4) | st.text(max_size=3))
        text = text[:at] + insert + text[at + cut :]
    try:
        record = parse_record(text)
    except RulesError as e:
        assert isinstance(e, RecordError), repr(e)
        assert e.line is None or 1 <= e.line <= text.count("\n") + text.count("\r") + 1
    else:
        assert read_record(write_record(record)).history == record.game.history


# ---------------------------------------------------------------------------------------------
# Link codes


@pytest.mark.parametrize("game, variant", GAMES, ids=IDS)
@settings(max_examples=8)
@given(seed=st.integers(0, 1 << 32), plies=st.integers(0, 400))
def test_link_codes_round_trip(game, variant, seed, plies):
    start = random_start(game, variant, seed)
    record = playout(game, variant, seed, plies, start)
    code = encode_moves(record)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", code)
    decoded = decode_moves(game, variant, start, code)
    assert decoded.history == record.history and decoded.start == record.start
    assert decoded.result == record.result


def test_a_link_code_is_short():
    game = playout("three-crowns", None, 7, 300)
    plain = " ".join(game.history)
    assert len(game.history) == 300
    assert len(encode_moves(game)) * 4 < len(plain)


def test_every_changed_character_is_caught_or_is_another_real_code():
    game = playout("lilypad", None, 3, 40)
    code = encode_moves(game)
    passed = 0
    for i in range(len(code)):
        for ch in records.ALPHABET:
            changed = code[:i] + ch + code[i + 1 :]
            if changed == code:
                continue
            try:
                other = decode_moves("lilypad", None, None, changed)
            except RecordError:
                continue
            passed += 1  # a code of another game that happens to pass the 12-bit check
            assert encode_moves(other) == changed
    assert passed <= len(code) * 63 // 200  # the check lets about 1 in 4096 through


@pytest.mark.parametrize(
    "code, message",
    [
        ("", "empty"),
        ("ab=", "'=' at character 3"),
        ("ab+c", "'\\+' at character 3"),
        ("a b", "' ' at character 2"),
        ("aé", "'é' at character 2"),
        ("x" * (records.MAX_CODE_CHARS + 1), "12,001 characters long"),
    ],
)
def test_bad_link_codes(code, message):
    with pytest.raises(RecordError, match=message):
        decode_moves("lilypad", None, None, code)


def test_tampered_link_codes():
    game = playout("lilypad", None, 11, 40)
    code = encode_moves(game)
    with pytest.raises(RecordError, match="stray A"):
        decode_moves("lilypad", None, None, "A" + code)
    for cut in range(1, len(code)):
        with pytest.raises(RecordError):
            decode_moves("lilypad", None, None, code[:cut])
    with pytest.raises(RecordError):
        decode_moves("lilypad", None, None, code + "Q")
    with pytest.raises(RecordError):
        decode_moves("lilypad", "invisible-city", None, code)
    with pytest.raises(RecordError):
        decode_moves("lion", None, None, code)
    with pytest.raises(RulesError, match="unknown game"):
        decode_moves("chess", None, None, code)
    # A code running past the end of a game names the move where the game ended.
    over = Game("lion")
    for move in ("f1-f1", "b9-b9", "f1-f1", "b9-b9"):
        over.play(move)
    number = _code_number(encode_moves(over))
    radices = math.prod(len(p.moves()) + 1 for p in over.positions[:-1])
    past_the_end = _code(number + (radices << records.CHECK_BITS))
    with pytest.raises(RecordError, match=r"goes on after the end of the game \(draw by threefold repetition, move 4\)"):
        decode_moves("lion", None, None, past_the_end)
    # A code running on past its last move in a game that goes on says so, not "the end of the game".
    going = Game("lion")
    going.play("f1-f1")
    number = _code_number(encode_moves(going))
    radices = len(going.positions[0].moves()) + 1
    stop = len(going.moves()) + 1  # the code's "no more moves" after the first move
    past_the_last = _code(number + ((radices * stop) << records.CHECK_BITS))
    with pytest.raises(RecordError, match=r"goes on after its last move \(move 1\)"):
        decode_moves("lion", None, None, past_the_last)


def _code_number(code: str) -> int:
    return int("".join(f"{records.ALPHABET.index(ch):06b}" for ch in code), 2)


def _code(number: int) -> str:
    digits = []
    while number:
        number, digit = divmod(number, 64)
        digits.append(records.ALPHABET[digit])
    return "".join(reversed(digits))


def test_an_empty_game_has_a_code():
    code = encode_moves(Game("lion"))
    assert decode_moves("lion", None, None, code).history == []


# ---------------------------------------------------------------------------------------------
# Bridge ops


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def test_bridge_record_write_and_read():
    moves = ["K@c8", "K@b1", "c8>e6"]
    text = ask(op="record-write", game="lilypad", moves=moves, tags={"Black": "Ann"}, comments={"1": "first"})["text"]
    assert text == '[Game "lilypad"]\n[Black "Ann"]\n[Result "*"]\n\n1. K@c8 {first} K@b1 2. c8>e6 *\n'
    answer = ask(op="record-read", text=text)
    assert answer == {
        "game": "lilypad", "variant": None, "start": None, "moves": moves,
        "tags": {"Game": "lilypad", "Black": "Ann", "Result": "*"},
        "result": "*", "resultText": "not finished", "over": False, "comments": {"1": "first"},
    }
    set_up = ask(op="record-read", text=THREE_CROWNS)
    assert set_up["start"].startswith("bg3b1b/") and set_up["result"] == "1-0" and set_up["resultText"] == "Green wins"


def test_bridge_record_errors_name_the_line():
    answer = ask(op="record-read", text=DAMAGE[0][0])
    assert answer["error"]["type"] == "RecordError" and answer["error"]["line"] == 2
    assert answer["error"]["message"].startswith("line 2: unknown tag syntax")
    for request in [
        {"op": "record-read"},
        {"op": "record-read", "text": 3},
        {"op": "record-write", "game": "lilypad", "tags": {"Black": 1}},
        {"op": "record-write", "game": "lilypad", "tags": []},
        {"op": "record-write", "game": "lilypad", "comments": {"x": "y"}},
        {"op": "record-write", "game": "lilypad", "moves": ["K@c8"], "comments": {"5": "y"}},
    ]:
        error = ask(**request)["error"]
        assert error["type"] in ("RequestError", "RecordError") and "line" not in error, error


def test_bridge_link_ops():
    moves = ["K@c8", "K@b1", "c8>e6"]
    code = ask(op="link-encode", game="lilypad", moves=moves)["code"]
    assert ask(op="link-decode", game="lilypad", code=code) == {"game": "lilypad", "variant": None, "start": None, "moves": moves}
    error = ask(op="link-decode", game="lilypad", code=code[:-1] + ("B" if code[-1] != "B" else "C"))["error"]
    assert error["type"] == "RecordError" and "changed" in error["message"]
    assert ask(op="link-decode", game="lilypad")["error"]["type"] == "RequestError"


# ---------------------------------------------------------------------------------------------
# Command line


def call(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_record_write_then_check(capsys, tmp_path):
    code, out, err = call(
        capsys, "record", "write", "lilypad", "--tag", "Black=Ann", "K@c8", "--tag", "Date=2026-11-23", "K@b1"
    )
    assert (code, err) == (0, "")
    assert out == '[Game "lilypad"]\n[Date "2026-11-23"]\n[Black "Ann"]\n[Result "*"]\n\n1. K@c8 K@b1 *\n'
    path = tmp_path / "game.txt"
    path.write_text(out)
    assert call(capsys, "record", "check", str(path)) == (0, f"{path}: lilypad, 2 moves, * (not finished)\n", "")
    path.write_text(THREE_CROWNS)
    assert call(capsys, "record", "check", str(path))[1].endswith(
        "three-crowns, 5 moves, 1-0 (Green wins, not ended by the moves)\n"
    )


def test_cli_record_write_with_variant_and_start(capsys):
    code, out, _ = call(capsys, "record", "write", "lilypad", "--variant", "invisible-city", "K@c8")
    assert code == 0 and '[Variant "invisible-city"]' in out
    start = "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -"
    code, out, _ = call(capsys, "record", "write", "lilypad", "--start", start, "b3-c2")
    assert code == 0 and f'[Position "{start}"]' in out and "1. b3-c2 *" in out
    code, out, err = call(capsys, "record", "write", "lilypad", "K@c9")
    assert code == 2 and out == "" and "K@c9" in err
    code, _, err = call(capsys, "record", "write", "lilypad", "--tag", "Black", "K@c8")
    assert code == 2 and "Name=value" in err


def test_cli_record_check_errors_are_one_line_exit_2(capsys, tmp_path, monkeypatch):
    path = tmp_path / "bad.txt"
    path.write_text(DAMAGE[0][0])
    code, out, err = call(capsys, "record", "check", str(path))
    assert (code, out) == (2, "") and err == f"{path}: line 2: unknown tag syntax '[Date 2026-11-23]' (a tag is [Name \"value\"], one on a line)\n"
    path.write_bytes(b"\xff\xfe[Game")
    code, _, err = call(capsys, "record", "check", str(path))
    assert (code, err) == (2, f"{path}: cannot read it: it is not UTF-8 text\n")
    code, _, err = call(capsys, "record", "check", str(tmp_path / "missing.txt"))
    assert code == 2 and "No such file" in err
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(LION))
    assert call(capsys, "record", "check", "-") == (0, "-: lion, 10 moves, 0-1 (Black wins)\n", "")


def test_the_documented_example_record_reads():
    readme = (Path(__file__).resolve().parent.parent / "docs" / "python.md").read_text(encoding="utf-8")
    example = re.search(r"## Game records.*?```text\n(.*?)```", readme, re.S).group(1)
    record = parse_record(example)
    assert record.game.history == parse_record(LILYPAD).game.history
    assert record.tags["Black"] == "Ann"


def test_writing_refuses_tags_and_comments_that_are_not_mappings_in_plain_words():
    game = _six_moves()
    for tags, comments, words in [
        ("Black=Ann", None, "tags must map names to values, like {'Black': 'Ann'}, not 'Black=Ann'"),
        ([("Black", "Ann")], None, "tags must map names to values"),
        (None, ["good"], "comments must map names to values"),
        ({"Result": ["1-0"]}, None, "result a list is not one of"),
        ({5: "x"}, None, "5 is not a tag name"),
        (None, {"x" * 10_000: "late"}, "(10,000 characters)"),
    ]:
        with pytest.raises(RecordError) as caught:
            write_record(game, tags, comments)
        message = str(caught.value)
        assert words in message and len(message) < 300 and "dictionary" not in message, message
    with pytest.raises(RecordError, match="a record is written of a game"):
        write_record("lilypad")  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(
    notes=st.lists(
        st.tuples(st.integers(0, 6), st.sampled_from(["", " ", "a", "x" * 4000, "y " * 3000, "z" * records.MAX_COMMENT_CHARS])),
        max_size=5,
    ),
    result=st.sampled_from(["", "*", "1-0", "0-1", "1/2-1/2"]),
)
def test_a_record_read_can_always_be_written_back(notes, result):
    """Comments in one place are joined as they are read; joined past the writer's cap, the record
    is refused as it is read, never accepted and then refused by the writer."""
    game = _six_moves()
    body = {ply: [] for ply in range(7)}
    for ply, note in notes:
        body[ply].append("{" + note + "}")
    words = [*body[0]]
    for ply, move in enumerate(game.history, 1):
        words += [move, *body[ply]]
    text = '[Game "lilypad"]\n\n' + " ".join(words) + (" " + result if result else "") + "\n"
    try:
        read = parse_record(text)
    except RecordError as e:
        assert "characters long together" in str(e), e
        return
    again = parse_record(write_record(read))
    assert (again.game.history, again.comments, again.result) == (read.game.history, read.comments, read.result)
    assert again.tags == {**read.tags, "Result": read.result}  # the writer always writes the result


@pytest.mark.parametrize(("name", "bound"), [("moves", "MAX_PLIES"), ("code", "MAX_CODE_CHARS")])
def test_the_sites_bounds_are_a_records(name, bound):
    """site/common/saved-game.js bounds a saved game's moves and a link's move code by hand (it
    checks without Python): the same bounds as a record's, so that every saved game can be exported
    and read back, and every code the site accepts is one Python reads."""
    text = (Path(__file__).resolve().parent.parent / "site" / "common" / "saved-game.js").read_text()
    found = re.search(rf"export const LIMITS = \{{[^}}]*\b{name}: (\d+)", text)
    assert found, f"saved-game.js no longer names LIMITS.{name}"
    assert int(found.group(1)) == getattr(records, bound)
