"""Long games through the bridge under real Pyodide (CPython 3.14 in WebAssembly, run by Node).

Python in WebAssembly has a much smaller stack than CPython: a chain of objects as long as the
game, freed recursively, crashed it ("Maximum call stack size exceeded") as soon as the bridge
dropped a long game's cached record. This test builds the wheel, loads it in Node's Pyodide (the
npm package the site ships, offline), replays a 2,000-ply game of 3 Crowns and of the Lion Game
and the longest Lilypad games the generator finds, then takes moves back, starts new games and
switches games, so that every cached record is dropped; every answer must be JSON without error.
Node is required (CI has it): without it the test fails, it does not skip.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from long_games import long_game
from pygame_rules import start

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"

#: (game, variant, seed, plies): seeds for which ``long_game`` reaches the length asked; Lilypad
#: games end soon whatever is played (soldiers only go forward and captures are compulsory), so
#: its entries are the longest games found among 300 seeds.
LONG_GAMES = [
    ("three-crowns", None, 1, 2000),
    ("lion", None, 1, 2000),
    ("lilypad", None, 245, 112),
    ("lilypad", "invisible-city", 5, 171),
]

#: Reads requests (JSON texts, one per line) from a file; answers each with bridge.handle on stdout.
RUNNER = r"""
import { loadPyodide } from "PYODIDE/pyodide.mjs";
import { readFileSync } from "node:fs";
const [wheel, requests] = process.argv.slice(-2);
const pyodide = await loadPyodide({ indexURL: "PYODIDE/" });
pyodide.FS.writeFile("/tmp/rules.whl", readFileSync(wheel));
pyodide.runPython(`
import sysconfig, zipfile
zipfile.ZipFile("/tmp/rules.whl").extractall(sysconfig.get_paths()["purelib"])
from pygame_rules import bridge
`);
const handle = pyodide.globals.get("bridge").handle;
const lines = readFileSync(requests, "utf8").split("\n").filter(Boolean);
for (const line of lines) {
  process.stdout.write(handle(line) + "\n");
}
"""


def requests() -> list[dict]:
    """Each long game in full, one move taken back twice, the game again, then a new game;
    then every other game once, which drops the long records from the bridge's cache."""
    out = []
    for game, variant, seed, plies in LONG_GAMES:
        moves = long_game(game, plies, seed, variant)
        assert len(moves) == plies, (game, variant, len(moves))
        base = {"op": "state", "game": game, "variant": variant}
        out += [
            {**base, "moves": moves},
            {**base, "moves": moves[:-1]},
            {**base, "moves": moves[:-2]},
            {**base, "moves": moves[: plies // 2]},
            {**base, "moves": moves},
            {**base, "moves": []},
        ]
        # Each game's start spelled with a leading space: a key of its own in the bridge's cache,
        # so these four requests push the long records out of it (it keeps four).
        for other in ("lilypad", "three-crowns", "lion", "lilypad"):
            out.append({"op": "state", "game": other, "start": " " + start(other).text, "moves": []})
    return out


def test_long_games_under_pyodide(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is not on the PATH: this test runs the bridge under Pyodide in Node (install nodejs)")
    if not (PYODIDE / "pyodide.mjs").exists():
        pytest.fail("node_modules/pyodide is missing: run `npm ci` (build.py does it)")
    sys.path.insert(0, str(ROOT))
    from build import build_wheel

    wheel = build_wheel(tmp_path)
    runner = tmp_path / "runner.mjs"
    runner.write_text(RUNNER.replace("PYODIDE", PYODIDE.as_posix()))
    sent = requests()
    lines = tmp_path / "requests.jsonl"
    lines.write_text("".join(json.dumps(r) + "\n" for r in sent))
    done = subprocess.run([node, str(runner), str(wheel), str(lines)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    answers = done.stdout.splitlines()
    assert len(answers) == len(sent), done.stderr[-3000:]
    for request, answer in zip(sent, answers):
        state = json.loads(answer)
        assert "error" not in state, (request["game"], len(request["moves"]), state)
        assert state["history"] == request["moves"]
