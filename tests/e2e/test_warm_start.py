"""The warm start answers like a plain start: every bridge op, asked the same questions, gives the same
answers in a worker whose Python was restored from a memory snapshot (the build's, downloaded on a
first visit, or the one the browser stored) as in one started the plain way.

A snapshot holds the interpreter's memory, not its files: a restored engine once lacked the package's
data files (the puzzles: FileNotFoundError on every visit after the first, and offline).
"""

from __future__ import annotations

import json

from pygame_rules import bridge
from test_offline import poll, reload, wait_offline_ready

#: Answers that vary from one run to the next whatever the start (timings).
VARYING = ("elapsed_ms",)

ASK = """async (requests) => {
  const { sharedEngine } = await import("./engine/engine.js");
  const engine = sharedEngine();
  await engine.ready;
  const answers = [];
  for (const request of requests) {
    answers.push(await engine.call(request).catch((error) => ({ error: { type: error.type, message: error.message } })));
  }
  return { startedFrom: engine.startedFrom, answers };
}"""


def call(request: dict) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def requests() -> list[dict]:
    """At least one request per op (several games, and errors), each answerable in well under a second."""
    record = {"game": "lilypad", "moves": ["K@c8", "K@b1"]}
    text = call({"op": "record-write", **record})["text"]
    code = call({"op": "link-encode", **record})["code"]
    puzzle = call({"op": "puzzles"})["puzzles"][0]
    search = {"nodes": 300, "seed": 7}
    return [
        {"op": "games"},
        *({"op": "info", "game": game} for game in ("lilypad", "three-crowns", "lion")),
        *({"op": "state", "game": game, "moves": []} for game in ("lilypad", "three-crowns", "lion")),
        {"op": "state", **record},
        {"op": "play", **record, "move": "a6-b5"},
        {"op": "play", **record, "move": "z9-z8"},
        {"op": "levels"},
        {"op": "levels", "game": "lion"},
        {"op": "bestmove", "game": "three-crowns", "moves": [], **search},
        {"op": "think", "id": "warm", "game": "lion", "moves": [], **search, "slice_ms": 1000},
        {"op": "think", "id": "warm", "game": "lilypad", "moves": [], "level": 5, "slice_ms": 1},
        {"op": "think-cancel", "id": "warm"},
        {"op": "think-more", "id": "warm"},
        {"op": "record-write", **record},
        {"op": "record-read", "text": text},
        {"op": "link-encode", **record},
        {"op": "link-decode", "game": "lilypad", "code": code},
        {"op": "editor", "game": "lion"},
        {"op": "setup", "game": "lion", "setup": {}},
        {"op": "puzzles"},
        {"op": "puzzles", "game": "lion"},
        {"op": "puzzle-reply", "id": puzzle["id"], "moves": []},
        {"op": "puzzle-reply", "id": puzzle["id"], "moves": ["a1-a2"]},
        {"op": "review", **record, "evaluations": [{"value": 0.1, "win_in": None}, None, {"value": -0.2, "win_in": None}]},
        {"op": "no-such-op"},
    ]


def comparable(answers: list[dict]) -> list[dict]:
    """The answers without what varies between runs (timings, and how far a search got in a slice
    of time: only whether it is done); the rest must match exactly."""
    return [
        {k: v for k, v in answer.items() if k not in VARYING and (answer.get("done") is not False or k in ("id", "done"))}
        for answer in answers
    ]


def test_the_requests_cover_every_op():
    assert {r["op"] for r in requests()} >= set(bridge.HANDLERS)


def without_the_builds_snapshot(site):
    """``site`` with the build's snapshot missing: its Python starts the plain way."""
    site.page.context.route("**/*.snapshot", lambda route: route.fulfill(status=404, body="not found"))
    return site


def test_a_restored_engine_answers_every_op_as_a_plain_start(new_site):
    asked = requests()
    plain_site = without_the_builds_snapshot(new_site())
    plain_site.open()
    plain = plain_site.page.evaluate(ASK, asked)
    assert plain["startedFrom"] == "plain"
    plain_site.page.context.close()
    # A first visit: restored from the snapshot the build made.
    site = new_site()
    site.open()
    shipped = site.page.evaluate(ASK, asked)
    assert shipped["startedFrom"] == "shipped"
    for request, before, after in zip(asked, comparable(plain["answers"]), comparable(shipped["answers"]), strict=True):
        assert after == before, f"{request['op']}: {json.dumps(request)[:120]}"
    # A later visit: restored from the snapshot the first one stored.
    wait_offline_ready(site)
    reload(site)
    restored = poll(lambda: site.page.evaluate(ASK, asked), what="the restored engine's answers")
    assert restored["startedFrom"] == "snapshot"
    for request, before, after in zip(asked, comparable(plain["answers"]), comparable(restored["answers"]), strict=True):
        assert after == before, f"{request['op']}: {json.dumps(request)[:120]}"
    # Offline, restored from the snapshot with every file from the service worker's cache.
    site.page.context.set_offline(True)
    try:
        reload(site)
        offline = site.page.evaluate(ASK, asked)
    finally:
        site.page.context.set_offline(False)
    assert offline["startedFrom"] == "snapshot"
    assert comparable(offline["answers"]) == comparable(plain["answers"])
