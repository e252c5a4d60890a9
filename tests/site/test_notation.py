"""site/embed/notation.js (the page's position reader, for diagrams drawn without Python) reads every
position of the project's test data exactly as Python does, and refuses what Python refuses.

The positions: the perft files, every position-like string in the unit tests, the seeds' diagram
strings, and positions of seeded random playouts of every game and variant. Node runs
tests/site/notation-reader.mjs on them all in one go, with the catalog build.py writes for the site.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import build
import pygame_rules
from pygame_rules import PositionError

TESTS = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
assert NODE, "Node.js is needed for the site's module tests (tests/site/); install it (CI does)"

KEYS = [(g, v) for g in pygame_rules.games() for v in pygame_rules.variants(g)]
#: What Python refuses beyond the notation (impossible set-ups: rules, which notation.js leaves to
#: Python): a refusal with one of these words may be read by notation.js.
RULES_REFUSALS = (
    "light square", "its last row", "two Kings", "still to drop", "has dropped its King",
    "on burrow square", "would have promoted", "Frogs and Butterflies, at most", "has no Lion",
    "a side starts with",
)
RULES_REFUSAL_COUNT = re.compile(r"has \d+ [A-Za-z]+s, at most \d")
#: Strings whose fault is the notation itself: both readers must refuse each.
MALFORMED = {
    "lilypad": [
        "", "b1b1b1b1/1b1b1b1b/b1b1b1b1/8/8/1g1g1g1g/g1g1g1g1/1g1g1g1g b", "8/8/8/8/8/8/8/8 b - x",
        "8/8/8/8/8/8/8/7 b -", "8/8/8/8/8/8/8/9 b -", "8/8/8/8/8/8/8/8/8 b -", "8/8/8/8/8/8/8/7z b -",
        "8/8/8/8/8/8/8/8 w -", "8/8/8/8/8/8/8/8 b gb", "8/8/8/8/8/8/8/8 g bg", "0/8/8/8/8/8/8/88 b -",
        "65 b -", "8/8/8/8/8/8/8/7x b -", "8/8/8/8/8/8/8/8 b -- ", "8/8/8/8/8/8/8/8 B -",
    ],
    "three-crowns": [
        "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g *", "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg b * 0",
        "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g i9 0", "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg b a8 0",
        "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g - -1", "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g - x", "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g - 101",
        "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbgg g - 0", "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbG1 g - 0",
        "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbq g - 0", "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg w - 0",
    ],
    "lion": [
        "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - -", "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C g - - - 0",
        "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR w - - - 0", "c1c/rtlsr/1fefef1/6/7/5/1FEFEF1/RTLSR/C1C w - - - 0",
        "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w b2n1 - - 0", "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w R2n1 - - 0",
        "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w b2x1 - - 0", "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w b2n7 - - 0",
        "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w b2n1,f2n1 - - 0", "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w b2n1,b2n1 - - 0",
        "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - e2>e8 - 0", "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - e2>d2 - 0",
        "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - d2>e8 - 0", "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - e2-e8 - 0",
        "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - d2 0", "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - a1 0",
        "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - - 101", "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - - x",
        "c.c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - - 0", "c1c/rtlsr/1fefef1/5/16/5/1FEFEF1/RTLSR/C1C w - - - 0",
        "c1c/rtlsr/1fefef1/5/7/5/1FaFEF1/RTLSR/C1C w - - - 0",
    ],
}


def key_of(game: str, variant: str | None) -> str:
    return game if variant is None else f"{game}:{variant}"


def data_positions() -> list[tuple[str, str | None, str]]:
    """(game, variant, text) of the perft files and of position-like strings in the unit tests."""
    found = []
    for path in sorted((TESTS / "data").glob("*.perft")):
        variant = None
        for line in path.read_text().splitlines():
            if line.startswith("id "):
                variant = None
            elif line.startswith("variant "):
                variant = line.split(None, 1)[1]
            elif line.startswith("pos "):
                found.append((path.stem, variant, line[4:].strip()))
    like = re.compile(r"""["']([A-Za-z0-9.]+(?:/[A-Za-z0-9.]+)+(?: [^"'\s]+){2,5})["']""")
    for path in sorted(TESTS.glob("test_*.py")):
        for text in like.findall(path.read_text()):
            found.extend((g, v, text) for g, v in KEYS)  # each string as every game: Python decides
    # The rules pages' diagrams and worked examples, which <ks-board static> draws with notation.js.
    for path in sorted((TESTS.parent / "site" / "learn" / "rules").glob("*.json")):
        for text in re.findall(r'"(?:position|start)": "([^"]+)"', path.read_text()):
            found.extend((g, v, text) for g, v in KEYS)
    return found


def seed_diagrams() -> list[str]:
    """The board2diag strings of the original rule pages (the board part after lurd,8,8,)."""
    return [
        "b.b.b.b./.b.b.b.b/b.b.b.b./8/8/.g.g.g.g/g.g.g.g./.g.g.g.g",
        "8/8/8/5b../..b3b./.B3a2/4b.g./.g.g3g",
        "bgb..bgb/8/g6g/b6b/g6g/b6b/8/gbg..gbg",
        ".g3b../..b5/g3B..b/b7/gb.G4/3Bag../3gGb.b/gbg5",
        "16/3Bb3/3g4/3agc../..gg4/.c.cg3/8",
    ]


def playout_positions(seed: int = 15, games_per_key: int = 3) -> list[tuple[str, str | None, str]]:
    """Every position of a few seeded random games of every game and variant."""
    rng = random.Random(seed)
    found = []
    for game, variant in KEYS:
        for _ in range(games_per_key * (4 if game == "lion" else 1)):  # the Lion's fields are rarer
            record = pygame_rules.Game(game, variant)
            while record.result is None and len(record.history) < 400:
                record.play(rng.choice(record.legal()))
                found.append((game, variant, record.position.text))
    return found


def mutations(text: str, rng: random.Random, count: int) -> list[str]:
    """Strings one small edit away from ``text``: malformed ones, mostly."""
    alphabet = "0123456789./ -,>*abcdefgklnrstwxyBCEFGLRSTXY"
    out = []
    for _ in range(count):
        i = rng.randrange(len(text) + 1)
        kind = rng.randrange(3)
        if kind == 0:
            out.append(text[:i] + rng.choice(alphabet) + text[i:])
        elif kind == 1 and i < len(text):
            out.append(text[:i] + text[i + 1:])
        else:
            out.append(text[:i] + rng.choice(alphabet) + text[i + 1:])
    return out


def read_with_node(cases: list[dict]) -> list[dict]:
    boards = build.games_data()["boards"]
    run = subprocess.run(
        [NODE, str(TESTS / "site" / "notation-reader.mjs")],
        input=json.dumps({"boards": boards, "cases": cases}), capture_output=True, text=True, timeout=120, check=True,
    )
    answers = json.loads(run.stdout)
    assert len(answers) == len(cases)
    crashes = [(c, a["crash"]) for c, a in zip(cases, answers) if "crash" in a]
    assert crashes == [], f"notation.js crashed: {crashes[:3]}"
    return answers


def python_reading(game: str, variant: str | None, text: str) -> dict | str:
    """What Python reads in ``text``, in notation.js's terms; or Python's refusal message."""
    try:
        p = pygame_rules.load(game, text, variant)
    except PositionError as e:
        return str(e)
    s = p.state
    reading = {"board": p.pieces_on_board(), "turn": p.turn, "text": p.text}
    if game == "lilypad":
        reading["drops"] = s.drops
    elif game == "three-crowns":
        reading.update(bound=s.bound, clock=s.clock)
    else:
        fields = p.text.split()
        reading["charges"] = [
            {"square": e[:2], "direction": e[2], "distance": int(e[3:])} for e in fields[2].split(",") if e != "-"
        ]
        reading["marks"] = [dict(zip(("spider", "marked"), e.split(">"))) for e in fields[3].split(",") if e != "-"]
        reading["stuck"] = [e for e in fields[4].split(",") if e != "-"]
        reading["clock"] = s.clock
    return reading


def rules_refusal(message: str) -> bool:
    return any(words in message for words in RULES_REFUSALS) or bool(RULES_REFUSAL_COUNT.search(message))


def test_notation_js_reads_every_test_position_as_python_does():
    positions = data_positions() + playout_positions()
    positions += [(g, v, f"{board} {turn} {tail}") for board in seed_diagrams()[:2]
                  for g, v in KEYS if g == "lilypad" for turn, tail in (("b", "-"), ("g", "-"))]
    positions += [("three-crowns", None, f"{board} g - 0") for board in seed_diagrams()[2:]]
    expected = [python_reading(*p) for p in positions]
    kept = [(p, e) for p, e in zip(positions, expected) if isinstance(e, dict)]
    assert len(kept) > 1000, "too few positions read"
    assert {g for (g, _, _), _ in kept} == set(pygame_rules.games())
    answers = read_with_node([{"key": key_of(g, v), "text": t} for (g, v, t), _ in kept])
    lion_mark_kinds = {"charge", "frozen", "marked", "stuck"}
    for ((game, variant, text), want), got in zip(kept, answers):
        assert "error" not in got, f"{game} {variant}: notation.js refuses {text!r}: {got['error']}"
        reading = got["reading"]
        labels = reading.pop("labels")
        assert reading == want, f"{game} {variant}: {text!r}"
        assert set(labels.values()) <= {"1", "2"} and not set(labels) & set(reading["board"])
        if game == "lion":  # the marks the board draws from the fields are Python's own
            p = pygame_rules.load(game, text, variant)
            python_marks = [m for m in p.status()["marks"] if m["kind"] in lion_mark_kinds]
            key = lambda m: (m["kind"], m["square"], m["label"])  # noqa: E731
            assert sorted(got["marks"], key=key) == sorted(python_marks, key=key), text


def test_seed_diagram_labels_are_read_as_the_pages_show_them():
    cases = [{"key": "lilypad", "text": f"lurd,8,8,{seed_diagrams()[1]}", "diagram": True},
             {"key": "three-crowns", "text": f"lurd,8,8,{seed_diagrams()[4]}", "diagram": True},
             {"key": "three-crowns", "text": f"lurd,8,8,{seed_diagrams()[3]}", "diagram": True}]
    first, jumping, crowns = (a["reading"] for a in read_with_node(cases))
    assert first["labels"] == {"f3": "1"}
    assert first["board"] == pygame_rules.load("lilypad", "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -").pieces_on_board()
    assert jumping["labels"] == {"d4": "1", "f4": "2", "b2": "2", "d2": "2"}
    assert crowns["labels"] == {"e3": "1"}


def test_notation_js_refuses_what_python_refuses():
    rng = random.Random(15)
    cases = [(game, None, text) for game, texts in MALFORMED.items() for text in texts]
    for game, variant, text in playout_positions(seed=16, games_per_key=1)[::25]:
        cases += [(game, variant, m) for m in mutations(text, rng, 6)]
    expected = [python_reading(*c) for c in cases]
    answers = read_with_node([{"key": key_of(g, v), "text": t} for g, v, t in cases])
    refused = 0
    for (game, variant, text), want, got in zip(cases, expected, answers):
        if isinstance(want, dict):  # Python reads it: so must notation.js, the same way
            assert "error" not in got, f"{game} {variant}: notation.js refuses {text!r}: {got['error']}"
            got["reading"].pop("labels")
            assert got["reading"] == want, text
        elif not rules_refusal(want):
            refused += 1
            assert "error" in got, f"{game} {variant}: Python refuses {text!r} ({want}) but notation.js reads it"
            assert got["error"].startswith(("position ", "board ", "a position")), got["error"]
    assert refused > 100


def test_bad_diagrams_are_refused_in_words():
    cases = [{"key": "lion", "text": "lurd,8,8,8/8/8/8/8/8/8/8", "diagram": True},
             {"key": "lilypad", "text": "lurd,8,8,8/8/8", "diagram": True},
             {"key": "lilypad", "text": "8/8/8/8/8/8/8/8", "diagram": True},
             {"key": "lilypad", "text": "lurd,10,10,8/8/8/8/8/8/8/8", "diagram": True}]
    errors = [a.get("error") for a in read_with_node(cases)]
    assert "Lion Game boards are not written as 8x8 diagrams" in errors[0]
    assert "has 24 squares, expected 64" in errors[1]
    assert 'must be like "lurd,8,8,<board>"' in errors[2]
    assert "not written as 10x10 diagrams" in errors[3]


@pytest.mark.parametrize("game", pygame_rules.games())
def test_long_input_is_quoted_short(game):
    """A 200,000-character position or diagram gives a message of a line, not the input echoed."""
    key = key_of(game, None)
    junk = "x" * 200_000
    answers = read_with_node([
        {"key": key, "text": junk},
        {"key": key, "text": f"{pygame_rules.start(game).text} {junk}"},
        {"key": key, "text": f"lurd,8,8,{junk}", "diagram": True},
        {"key": key, "text": f"{'9' * 5000} {junk}"},  # a run of digits is quoted short too
        {"key": key, "text": f"lurd,8,8,{'9' * 5000}", "diagram": True},
    ])
    for answer in answers:
        assert "error" in answer, answer
        assert len(answer["error"]) < 300 and "…" in answer["error"], answer["error"][:400]
