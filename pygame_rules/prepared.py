"""Answers prepared when the site is built, so that a first visit plays the opening before Python arrives.

For each game (its standard rules from the standard start), the bridge's own answers to the questions
the page asks in the first moves:

- ``states``: the ``state`` answer after each line of moves (``play`` answers the same as ``state``
  with the move appended): every line of a two-player game's first two moves, and every line of a
  person's first two moves against the computer, whichever side the computer plays;
- ``replies``: for the positions where the computer moves in those lines, per level, the moves it
  may play: the engine's best lines within ``REPLY_MARGIN`` of the best (``Level.margin`` for a level
  that plays at random within a margin), at most ``MAX_REPLIES``; the page picks one at random.

The page only looks answers up (site/engine/prepared.js): it never computes a rule. Each game's file is the
JSON text of these answers, after a first line giving its SHA-256, so that a damaged file is never
read (the page then waits for Python), gzipped. The work runs in parallel by game, and once per
version of the package's sources when :func:`write` is given a cache folder (build.py's is under
build/). ``python -m pygame_rules.prepared`` prints each file's size.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

#: The replies' search: a node budget only, and a seed, so that the same engine gives the same book.
REPLY_SEARCH = {"nodes": 3000, "time_ms": 60_000, "lines": 3, "seed": 1}
#: Moves within this value of the best are as good (the engine finds several good moves).
REPLY_MARGIN = 0.03
#: Replies kept per position and level.
MAX_REPLIES = 2
#: Replies the computer may choose from when it moves first, and after the person's first move when
#: the computer moved first: fewer lines to prepare, so the file stays small (and the build quick).
MAX_FIRST_REPLIES = 1
MAX_SECOND_REPLIES = 1


def ask(request: dict) -> dict:
    from pygame_rules.bridge import handle

    answer = json.loads(handle(json.dumps(request)))
    if "error" in answer:
        raise RuntimeError(f"bridge request {json.dumps(request)[:200]} failed: {answer['error']}")
    return answer


def line_key(moves: list[str]) -> str:
    """The key of a line of moves in ``states`` and ``replies``: its JSON text, as the page writes it."""
    return json.dumps(moves, separators=(",", ":"), ensure_ascii=False)


def replies_of(game: str, moves: list[str]) -> dict[str, list[str]]:
    """Per level (as text), the moves the computer may play after ``moves``: one search, its lines
    within each level's margin of the best."""
    from pygame_rules.search import LEVELS

    answer = ask({"op": "bestmove", "game": game, "moves": moves, **REPLY_SEARCH})
    best = answer["lines"][0]
    if best["win_in"] is not None:  # a proven result: only the best line is as good
        return {str(level): [best["move"]] for level in LEVELS}
    return {
        str(level): [
            line["move"] for line in answer["lines"]
            if line["win_in"] is None and line["value"] >= best["value"] - max(settings.margin, REPLY_MARGIN)
        ][:MAX_REPLIES]
        for level, settings in LEVELS.items()
    }


def legal(state: dict) -> list[str]:
    return [] if state["result"] is not None else [m["text"] for m in state["moves"]]


def prepare_game(game: str) -> dict:
    """The prepared answers of ``game`` (see the module's docstring)."""
    states: dict[str, dict] = {}
    replies: dict[str, dict[str, list[str]]] = {}

    def state(moves: list[str]) -> dict:
        key = line_key(moves)
        if key not in states:
            states[key] = ask({"op": "state", "game": game, "moves": moves})
        return states[key]

    def computer(moves: list[str], most: int) -> list[str]:
        key = line_key(moves)
        if key not in replies:
            replies[key] = replies_of(game, moves)
        chosen = []
        for moves_of_level in replies[key].values():
            chosen += [m for m in moves_of_level if m not in chosen]
        chosen = chosen[:most]
        # Every level keeps only replies whose lines are prepared (its best one at least).
        replies[key] = {level: [m for m in moves if m in chosen] or chosen[:1] for level, moves in replies[key].items()}
        return chosen

    # A two-player game: every first and second move.
    for first in legal(state([])):
        for second in legal(state([first])):
            state([first, second])
    # The person moves first: every first move, the computer's replies, every second move.
    for first in legal(state([])):
        if state([first])["result"] is not None:
            continue
        for reply in computer([first], MAX_REPLIES * 5):
            for second in legal(state([first, reply])):
                state([first, reply, second])
    # The computer moves first: its first moves, every first move of the person, its reply, every
    # second move.
    for opening in computer([], MAX_FIRST_REPLIES):
        for first in legal(state([opening])):
            if state([opening, first])["result"] is not None:
                continue
            for reply in computer([opening, first], MAX_SECOND_REPLIES):
                for second in legal(state([opening, first, reply])):
                    state([opening, first, reply, second])
    return {"game": game, "states": states, "replies": replies}


def sources_digest() -> str:
    """The cache's key: a digest of the package's sources (the rules, the search and this module)."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).resolve().parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def file_text(answers: dict) -> str:
    """A prepared file: its body's SHA-256 on the first line, then the body (JSON)."""
    body = json.dumps(answers, separators=(",", ":"), sort_keys=True)
    return f"{hashlib.sha256(body.encode()).hexdigest()}\n{body}"


def _prepared_file(game: str) -> str:
    return file_text(prepare_game(game))


def split(answers: dict) -> tuple[dict, dict]:
    """The answers a game's first moves need at once (every first move, and the lines up to each
    reply of the computer), and the rest (loaded while the person plays): the first part is small,
    so the first move comes quickly."""
    replies = answers["replies"]

    def book(moves: list[str]) -> set[str]:
        return {m for level_moves in replies.get(line_key(moves), {}).values() for m in level_moves}

    opening = book([])

    def at_once(moves: list[str]) -> bool:
        if len(moves) <= 1:
            return True
        if len(moves) == 2:
            return moves[1] in book(moves[:1]) or moves[0] in opening
        return len(moves) == 3 and moves[0] in opening and moves[2] in book(moves[:2])

    first = {key: state for key, state in answers["states"].items() if at_once(json.loads(key))}
    more = {key: state for key, state in answers["states"].items() if key not in first}
    return ({**answers, "states": first}, {"game": answers["game"], "states": more, "replies": {}})


def write(folder: Path, cache: Path | None = None) -> dict[str, int]:
    """Write ``<game>.txt.gz`` (see :func:`split`) and ``<game>-more.txt.gz`` (prepared files, gzipped:
    a static host may not compress them) into ``folder`` for every game; returns each file's size.
    With a ``cache`` folder, each game's answers are kept there for the next call with the same sources."""
    from concurrent.futures import ProcessPoolExecutor  # imported here: the page's Python never writes

    games = [g["id"] for g in ask({"op": "games"})["games"]]
    cached = cache / sources_digest() if cache else None
    answers = {g: read(cached / f"{g}.txt.gz") for g in games if cached and (cached / f"{g}.txt.gz").exists()}
    missing = [g for g in games if g not in answers]
    if missing:
        with ProcessPoolExecutor(max_workers=len(missing)) as pool:
            for game, text in zip(missing, pool.map(_prepared_file, missing), strict=True):
                answers[game] = json.loads(text.split("\n", 1)[1])
                if cached:
                    cached.mkdir(parents=True, exist_ok=True)
                    (cached / f"{game}.txt.gz").write_bytes(gzip.compress(text.encode(), 9, mtime=0))
    folder.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for game in games:
        for name, part in zip((game, f"{game}-more"), split(answers[game]), strict=True):
            data = gzip.compress(file_text(part).encode(), 9, mtime=0)
            (folder / f"{name}.txt.gz").write_bytes(data)
            sizes[name] = len(data)
    return sizes


def read(path: Path) -> dict:
    """The answers in a prepared file, its digest checked."""
    digest, body = gzip.decompress(path.read_bytes()).decode().split("\n", 1)
    if hashlib.sha256(body.encode()).hexdigest() != digest:
        raise ValueError(f"{path.name}: the digest does not match")
    return json.loads(body)


if __name__ == "__main__":
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for name, size in write(Path(tmp)).items():
            answers = read(Path(tmp) / f"{name}.txt.gz")
            print(f"{name}: {size:,} bytes gzipped, {len(answers['states'])} states", file=sys.stderr)
