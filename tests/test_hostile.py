"""Hostile input, fuzzed: position strings, moves, bridge requests and command lines.

Inputs are built from real ones (start positions, positions of random games, legal move texts,
well-formed requests) and then damaged: characters replaced, inserted or deleted, fields dropped
or doubled, huge digit runs, other scripts' digits, odd whitespace. So the parsers' deep paths are
reached, not only their first check. Whatever comes in, only the documented errors come out
(PositionError, IllegalMoveError, RulesError; a bridge error other than InternalError; exit 0 or 2
with one line on stderr), and every call answers within ``DEADLINE`` seconds: a hang detector
with a generous margin, not a speed test.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import random
import re
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pygame_rules
from pygame_rules import IllegalMoveError, PositionError, bridge
from pygame_rules.__main__ import main

DEADLINE = 5.0

GAMES = [(game, variant) for game in pygame_rules.games() for variant in pygame_rules.variants(game)]


def _positions(game: str, variant: str | None) -> list[str]:
    """The start and positions of two short seeded random games."""
    out = []
    for seed in (1, 2):
        rng = random.Random(seed)
        p = pygame_rules.start(game, variant)
        for ply in range(40):
            if ply % 8 == 0:
                out.append(p.text)
            if not p.legal():
                break
            p = rng.choice(p.legal()).after
        out.append(p.text)
    return list(dict.fromkeys(out))


POSITIONS = {key: _positions(*key) for key in GAMES}
ALL_POSITIONS = [(game, variant, text) for (game, variant), texts in POSITIONS.items() for text in texts]

#: Pieces of every game, the board strings' own signs, digits of other scripts, odd whitespace.
ALPHABET = "bBgGxXyYacLTSCREFBltscrefw" + "0123456789/-,>*:@." + "²٣１" + " \t\n\u3000\u00a0" + "é€"
#: Pieces inserted whole: runs of digits too long for Python's int(), zeros, long text.
CHUNKS = ["9" * 5000, "0" * 5000, "1" + "0" * 4400, "-", "- -", "b" * 1000, "99999", "²", "-1", "1e9", ""]


@st.composite
def damaged(draw, text: str) -> str:
    """``text`` with one to three damages."""
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "chunk", "field", "cut"]))
        if kind == "replace" and text:
            where = min(where, len(text) - 1)
            text = text[:where] + draw(st.sampled_from(ALPHABET)) + text[where + 1:]
        elif kind == "insert":
            text = text[:where] + draw(st.sampled_from(ALPHABET)) + text[where:]
        elif kind == "delete":
            text = text[:where] + text[where + 1:]
        elif kind == "chunk":
            fields = text.split(" ")
            i = draw(st.integers(0, len(fields) - 1))
            fields[i] = draw(st.sampled_from(CHUNKS))
            text = " ".join(fields)
        elif kind == "field":  # a field doubled or dropped
            fields = text.split(" ")
            i = draw(st.integers(0, len(fields) - 1))
            fields[i:i + 1] = [fields[i]] * draw(st.integers(0, 2))
            text = " ".join(fields)
        else:
            text = text[:where]
    return text


@st.composite
def position_texts(draw) -> tuple[str, str | None, str]:
    game, variant, text = draw(st.sampled_from(ALL_POSITIONS))
    return game, variant, draw(st.one_of(st.just(text), damaged(text)))


def timed(call):
    start = time.monotonic()
    try:
        return call()
    finally:
        assert time.monotonic() - start < DEADLINE, "a call took longer than the hang detector allows"


# ---------------------------------------------------------------------------------------------
# The API


@given(position_texts())
def test_load_raises_only_position_errors(case):
    game, variant, text = case
    try:
        p = timed(lambda: pygame_rules.load(game, text, variant))
    except PositionError as e:
        assert "\n" not in str(e) and len(str(e)) < 1000
        return
    assert pygame_rules.load(game, p.text, variant) == p  # what is accepted round-trips
    moves = timed(p.legal)
    if moves:
        assert p.play(moves[0].text) == moves[0].after


@given(st.sampled_from(ALL_POSITIONS), st.data())
def test_play_raises_only_illegal_move_errors(case, data):
    game, variant, text = case
    p = pygame_rules.load(game, text, variant)
    legal = p.moves() or ["a1-a2"]
    move = data.draw(st.one_of(st.sampled_from(legal), st.sampled_from(legal).flatmap(damaged), st.text(max_size=20)))
    try:
        after = timed(lambda: p.play(move))
    except IllegalMoveError as e:
        assert "\n" not in str(e) and len(str(e)) < 1000
        return
    assert after.text in {m.after.text for m in p.legal()}


@given(st.sampled_from(GAMES), st.sampled_from(GAMES))
def test_a_move_of_another_game_or_variant_is_never_played(a, b):
    p, q = pygame_rules.start(*a), pygame_rules.start(*b)
    for m in q.legal()[:3]:
        if a == b:
            assert p.play(m) == m.after
            continue
        try:
            after = p.play(m)
        except IllegalMoveError:
            continue
        assert type(after) is type(p)  # the same text, played as this game's move


# ---------------------------------------------------------------------------------------------
# The bridge

SPECIAL_NUMBERS = [0, -1, 0.5, 1, 2, 7, 1e12, 10**12, 10**40, 60_001, 1_000_001, math.nan, math.inf, -math.inf]
ODD_VALUES = [True, False, None, "", "5", [1], {"a": 1}, "x" * 10_000]


def values(field: str):
    if field in ("time_ms", "nodes", "slice_ms", "level", "seed", "id"):
        # Small budgets only: a legal one must also be quick (the caps allow a minute).
        return st.sampled_from(SPECIAL_NUMBERS + ODD_VALUES + [1, 2, 20, 50, "s"])
    return st.sampled_from(ODD_VALUES + SPECIAL_NUMBERS)


@st.composite
def requests(draw) -> str:
    game, variant, text = draw(st.sampled_from(ALL_POSITIONS))
    p = pygame_rules.load(game, text, variant)
    request = {"op": draw(st.sampled_from(list(bridge.HANDLERS) + ["fly", ["state"]])), "game": game}
    if variant:
        request["variant"] = variant
    if draw(st.booleans()):
        request["start"] = draw(st.one_of(st.just(text), damaged(text)))
    moves = p.moves()
    if moves:
        request["moves"] = draw(st.lists(st.sampled_from(moves), max_size=1))
        request["move"] = draw(st.one_of(st.sampled_from(moves), st.sampled_from(moves).flatmap(damaged)))
    request.update(draw(st.sampled_from([{}, {"nodes": 20}, {"time_ms": 20}, {"level": 1}])))
    request["id"] = "fuzz"
    for field in draw(st.lists(st.sampled_from(
        ["op", "game", "variant", "start", "moves", "move", "time_ms", "nodes", "slice_ms", "level", "seed", "id"]
    ), max_size=3)):
        request[field] = draw(values(field))
    raw = json.dumps(request)  # NaN and Infinity are written as JSON's non-standard words
    return draw(st.one_of(st.just(raw), st.just(raw), damaged(raw)))


@given(requests())
def test_the_bridge_answers_every_request_with_json_and_no_internal_error(request):
    answer = json.loads(timed(lambda: bridge.handle(request)))
    if "error" in answer:
        assert set(answer["error"]) == {"type", "message"}
        assert answer["error"]["type"] != "InternalError", answer
        assert len(answer["error"]["message"]) < 1000
    bridge.handle('{"op": "think-cancel", "id": "fuzz"}')


# ---------------------------------------------------------------------------------------------
# The command line

NUMBERS = ["0", "1", "2", "-1", "21", "٣", "²", "x", "1e12", "inf", "nan", "-inf", "99999999999999999999", "", "0.5"]


@st.composite
def command_lines(draw) -> list[str]:
    game, variant, text = draw(st.sampled_from(ALL_POSITIONS))
    position = draw(st.one_of(st.just(text), damaged(text)))
    moves = pygame_rules.load(game, text, variant).moves()[:5] or ["a1-a2"]
    command = draw(st.sampled_from(["moves", "play", "perft", "bestmove", "match"]))
    argv = ["--variant", variant] if variant else []
    argv += [command, draw(st.sampled_from([game, game, "chess"]))]
    if command == "moves":
        argv += [position]
    elif command == "play":
        argv += ["--from", position, *draw(st.lists(st.sampled_from(moves), max_size=2))]
    elif command == "perft":
        argv += [draw(st.sampled_from(["0", "1", "2"] + NUMBERS)), position]
        if draw(st.booleans()):
            argv.append("--divide")
    elif command == "bestmove":
        argv += [position, draw(st.sampled_from(["--nodes", "--time-ms", "--level", "--seed"]))]
        argv.append(draw(st.sampled_from(["1", "5", "20"] + NUMBERS)))
    else:
        argv += ["--a", draw(st.sampled_from(["random", "0", "6", "١", "x"]))]
        argv += ["--b", draw(st.sampled_from(["random", "1", "-1"]))]
        argv += ["--games", draw(st.sampled_from(["1", "0", "-1", "١", "1e3"]))]
        argv += ["--time-scale", draw(st.sampled_from(["0.01", "0", "inf", "nan", "-1"]))]
    return argv


@given(command_lines())
def test_the_command_line_exits_0_or_2_with_one_line_of_error(argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = timed(lambda: main(argv))
        except SystemExit as exit_:
            code = exit_.code
    out, err = out.getvalue(), err.getvalue()
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.count("\n") == 1 and err.endswith("\n") and len(err) < 1000, err
    else:
        assert err == "" and out


@pytest.mark.parametrize("game, variant", GAMES)
def test_the_fuzzed_positions_include_every_game_and_variant(game, variant):
    assert len(POSITIONS[(game, variant)]) >= 3


# ---------------------------------------------------------------------------------------------
# Every field of every bridge op, systematically: each replaced by a value of every JSON kind

#: A value of every kind JSON has, and what Python reads from text JSON itself refuses: NaN,
#: infinity, a number of thousands of digits (the bridge refuses them as it reads).
HOSTILE_VALUES = [
    None, True, False, 0, -1, 2.5, 10**29, 1e300, -1e300, math.nan, math.inf, 10**40, 10**4000,
    "", "x", "山田", "x" * 1_000_000, [], [1, "a"], [[]], {}, {"a": 1},
]
MISSING = object()
#: What no plain-words message holds: Python's own names of types and its error wording.
PYTHON_WORDS = re.compile(
    r"\b(NoneType|dict|str|int|float|bool|tuple)\b|'list'|'\w+' object|unhashable|subscriptable|attribute|"
    r"Traceback|\w+Error:|<class"
)


def _record_request() -> dict:
    return {"game": "lilypad", "moves": ["K@c8", "K@b1"]}


def _setups() -> list[dict]:
    """A set-up of each game with every extra state field given (and a Lion charge and mark)."""
    from pygame_rules.setups import editor

    out = []
    for game in pygame_rules.games():
        setup = editor(game)["start"]
        if game == "lion":
            setup |= {"charges": [{"square": "a1", "direction": "n", "distance": 2}],
                      "marks": [{"spider": "a1", "marked": "a2"}], "stuck": ["a1"], "clock": 3}
        out.append({"op": "setup", "game": game, "setup": setup})
    return out


def _base_requests() -> dict[str, list[tuple[dict | None, dict]]]:
    """Well-formed requests of each op: (a request to send first or None, the request)."""
    record = _record_request()
    text = json.loads(bridge.handle(json.dumps({"op": "record-write", **record, "tags": {"Black": "Ann"}})))["text"]
    code = json.loads(bridge.handle(json.dumps({"op": "link-encode", **record})))["code"]
    puzzle = pygame_rules.puzzles("lilypad")[0]
    search = {**record, "nodes": 20, "time_ms": 20, "level": 1, "seed": 1, "lines": 1, "slice_ms": 5, "id": "h"}
    think = {"op": "think", **search}
    bases = {
        "games": [(None, {})],
        "info": [(None, {"game": "lilypad", "variant": "invisible-city"})],
        "state": [(None, {**record, "variant": None, "start": pygame_rules.start("lilypad").text})],
        "play": [(None, {**record, "move": "c8>e6"})],
        "levels": [(None, record)],
        "bestmove": [(None, search)],
        "think": [(None, search)],
        "think-more": [(think, {"id": "h", "slice_ms": 5})],
        "think-cancel": [(think, {"id": "h"})],
        "record-write": [(None, {**record, "tags": {"Black": "Ann", "Date": "2026-11-25"}, "comments": {"1": "good"}})],
        "record-read": [(None, {"text": text})],
        "link-encode": [(None, record)],
        "link-decode": [(None, {"game": "lilypad", "variant": None, "start": None, "code": code})],
        "editor": [(None, {"game": "lion", "position": pygame_rules.start("lion").text})],
        "setup": [(None, s) for s in _setups()],
        "puzzles": [(None, {"game": "lilypad", "variant": None})],
        "puzzle-reply": [(None, {"id": puzzle.id, "moves": [puzzle.solution[0]]})],
        "review": [(None, {**record, "evaluations": [{"value": 0.1}, None, {"value": -0.25, "win_in": None}]})],
    }
    # An op this table does not know yet is still fuzzed, from a game record and an id.
    return {op: bases.get(op, [(None, {**search})]) for op in bridge.HANDLERS}


def _paths(value, path=()):
    """Every field of a request, nested ones too (the first two entries of a list)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*path, key)
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value[:2]):
            yield (*path, i)
            yield from _paths(inner, (*path, i))


def _replaced(request, path, value):
    copy = json.loads(json.dumps(request))
    inner = copy
    for key in path[:-1]:
        inner = inner[key]
    if value is MISSING:
        del inner[path[-1]]
    else:
        inner[path[-1]] = value
    return copy


def _check_answer(raw: str, what: str) -> list[str]:
    answer = json.loads(raw)
    if not isinstance(answer, dict) or "error" not in answer:
        return []
    error = answer["error"]
    message = error.get("message", "")
    problems = []
    if error.get("type") == "InternalError":
        problems.append("an internal error")
    if PYTHON_WORDS.search(message):
        problems.append("Python's words")
    if len(message) > 500 or "x" * 100 in message:
        problems.append(f"a message of {len(message):,} characters")
    return [f"{what}: {', '.join(problems)}: {message[:300]}"] if problems else []


def test_a_request_of_any_json_kind_but_an_object_gets_a_plain_words_answer():
    failures = []
    for value in HOSTILE_VALUES:
        text = json.dumps(value)
        failures += _check_answer(timed(lambda text=text: bridge.handle(text)), f"request = {repr(value)[:30]}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("op", list(bridge.HANDLERS))
def test_every_field_of_every_op_replaced_by_any_json_value_gets_a_plain_words_answer(op):
    failures = []
    for before, base in _base_requests()[op]:
        request = {"op": op, **base}
        first = bridge.handle(json.dumps(request))
        if before is None:
            assert "error" not in json.loads(first), (request, first)
        paths = list(_paths(request))
        assert paths
        for path in paths:
            for value in [MISSING, *HOSTILE_VALUES]:
                if before is not None:
                    bridge.handle(json.dumps(before))
                hostile = _replaced(request, path, value)
                text = json.dumps(hostile)  # NaN and Infinity are written as JSON's non-standard words
                raw = timed(lambda text=text: bridge.handle(text))
                shown_value = "missing" if value is MISSING else repr(value)[:30]
                failures += _check_answer(raw, f"{'.'.join(map(str, path))} = {shown_value}")
    bridge.handle('{"op": "think-cancel", "id": "h"}')
    assert not failures, "\n".join(failures[:40])
