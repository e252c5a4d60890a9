"""The JSON bridge the browser talks to: JSON text in, JSON text out, errors as data."""

from __future__ import annotations

import json

import pytest

import pygame_rules
from pygame_rules import bridge

SEED = "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -"


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def error_of(answer: dict) -> tuple[str, str]:
    assert set(answer) == {"error"}, answer
    assert set(answer["error"]) == {"type", "message"}
    return answer["error"]["type"], answer["error"]["message"]


def test_games_lists_every_game_with_title_and_variants():
    games = ask(op="games")["games"]
    assert [g["id"] for g in games] == pygame_rules.games()
    lilypad = games[0]
    assert lilypad["title"] == "Lilypad"
    assert lilypad["variants"] == pygame_rules.variants("lilypad")


@pytest.mark.parametrize("game", pygame_rules.games())
def test_info_gives_the_board_and_pieces(game):
    info = ask(op="info", game=game)
    cls = pygame_rules.position_class(game)
    assert info["game"] == game and info["start"] == cls.start_text
    assert [s["name"] for s in info["squares"]] == list(cls.geometry.names)
    assert set(info["pieces"]) == set(cls.pieces)


def test_info_of_a_variant():
    info = ask(op="info", game="lilypad", variant="invisible-city")
    assert info["variant"] == "invisible-city"
    assert {"x", "X", "y", "Y"} <= set(info["pieces"])


def test_state_of_the_start():
    state = ask(op="state", game="lilypad")
    assert state["position"] == pygame_rules.start("lilypad").text
    assert state["turn"] == "b" and state["result"] is None and state["resultText"] == "in progress"
    assert state["history"] == [] and state["lastMove"] is None
    assert [m["text"] for m in state["moves"]] == ["K@a8", "K@c8", "K@e8", "K@g8"]
    assert state["moves"][1] == {
        "text": "K@c8",
        "path": ["c8"],
        "removed": [],
        "changed": {},
        "jumped": [],
        "after": pygame_rules.start("lilypad").play("K@c8").text,
    }
    assert state["board"]["a8"] == "b" and len(state["board"]) == 24
    assert state["status"]["marks"] and state["status"]["notes"]


def test_state_replays_moves_from_a_start_position():
    state = ask(op="state", game="lilypad", start=SEED, moves=["g4-f3", "g2:e4"])
    assert state["start"] == SEED and state["history"] == ["g4-f3", "g2:e4"]
    assert state["lastMove"]["text"] == "g2:e4" and state["lastMove"]["removed"] == ["f3"]
    assert [m["text"] for m in state["moves"]] == ["f5:d3"]
    capture = state["moves"][0]
    assert capture["path"] == ["f5", "d3"] and capture["removed"] == ["e4"]


def test_play_answers_the_state_after_the_move():
    state = ask(op="play", game="lilypad", start=SEED, moves=["g4-f3"], move="g2:e4:g6")
    assert state["history"] == ["g4-f3", "g2:e4:g6"]
    assert state["position"] == pygame_rules.load("lilypad", SEED).play("g4-f3").play("g2:e4:g6").text
    assert state["turn"] == "b"


def test_play_of_the_chain_form_records_the_canonical_text():
    state = ask(op="play", game="lilypad", start=SEED, moves=["g4-f3", "g2:e4", "f5:d3", "d1:f3"], move="b3>c4>d3")
    assert state["history"][-1] == "b3>d3"


def test_a_won_game_has_a_result_and_no_moves():
    moves = ["g4-f3", "g2:e4", "f5:d3", "d1:f3", "b3>d3", "b1-c2", "d3:b1"]
    state = ask(op="state", game="lilypad", start=SEED, moves=moves)
    assert state["result"] == "b" and state["resultText"] == "Black wins" and state["moves"] == []


def test_threefold_repetition_through_the_bridge():
    start = "B7/1b6/8/8/8/8/6g1/7G b -"
    cycle = ["a8>b7", "h1>g2", "b7>a8", "g2>h1"]
    state = ask(op="state", game="lilypad", start=start, moves=cycle * 2)
    assert state["result"] == "draw" and state["resultText"] == "draw by threefold repetition"
    kind, message = error_of(ask(op="play", game="lilypad", start=start, moves=cycle * 2, move="a8>b7"))
    assert kind == "IllegalMoveError" and "the game is over" in message


@pytest.mark.parametrize(
    "request_text, kind, words",
    [
        ("{not json", "JSONDecodeError", "Expecting"),
        ("", "JSONDecodeError", "Expecting value"),
        ("[1, 2]", "RequestError", "a request must be a JSON object"),
        ('"games"', "RequestError", "a request must be a JSON object"),
        ('{"op": "fly"}', "RequestError", "unknown op 'fly' (ops: games, info, state, play"),
        ("{}", "RequestError", "unknown op None"),
        ('{"op": "state"}', "RequestError", "request needs 'game'"),
        ('{"op": "state", "game": 7}', "RequestError", "'game' must be a str"),
        ('{"op": "state", "game": "chess"}', "RulesError", "unknown game 'chess'"),
        ('{"op": "info", "game": "lilypad", "variant": "nope"}', "RulesError", "unknown variant 'nope'"),
        ('{"op": "state", "game": "lilypad", "start": "8/8 b -"}', "PositionError", "'8/8'"),
        ('{"op": "state", "game": "lilypad", "start": 5}', "RequestError", "'start' must be a str"),
        ('{"op": "state", "game": "lilypad", "moves": "K@c8"}', "RequestError", "'moves' must be a list"),
        ('{"op": "state", "game": "lilypad", "moves": ["K@c8", 3]}', "RequestError", "move 2 must be a string"),
        ('{"op": "state", "game": "lilypad", "moves": ["K@c8", null]}', "RequestError", "move 2 must be a string"),
        ('{"op": "state", "game": "lilypad", "moves": ["c6-d5"]}', "IllegalMoveError", "illegal move 'c6-d5'"),
        ('{"op": "play", "game": "lilypad"}', "RequestError", "request needs 'move'"),
        ('{"op": "play", "game": "lilypad", "move": ["K@c8"]}', "RequestError", "'move' must be a str"),
        ('{"op": "play", "game": "lilypad", "move": "K@b7"}', "IllegalMoveError", "illegal move 'K@b7'"),
    ],
)
def test_errors_come_back_as_data(request_text, kind, words):
    answer = json.loads(bridge.handle(request_text))
    got_kind, message = error_of(answer)
    assert got_kind == kind
    assert words in message


def test_a_bug_in_a_handler_is_still_answered(monkeypatch):
    def broken(data):
        raise ZeroDivisionError("oops")

    monkeypatch.setitem(bridge.HANDLERS, "broken", broken)
    kind, message = error_of(json.loads(bridge.handle('{"op": "broken"}')))
    assert kind == "InternalError" and message == "ZeroDivisionError: oops"


@pytest.mark.parametrize("game", pygame_rules.games())
def test_every_game_round_trips_through_the_bridge(game):
    state = ask(op="state", game=game)
    first = state["moves"][0]
    after = ask(op="play", game=game, move=first["text"])
    assert after["position"] == first["after"]
    assert after["lastMove"] == first


def test_levels_lists_the_search_levels_and_their_think_times():
    from pygame_rules.search import DEFAULT_LEVEL, LEVELS

    answer = ask(op="levels")
    assert [entry["level"] for entry in answer["levels"]] == list(LEVELS)
    assert [entry["time_ms"] for entry in answer["levels"]] == [lv.time_ms for lv in LEVELS.values()]
    assert answer["default"] == DEFAULT_LEVEL


def test_replays_reuse_cached_records_without_mixing_games():
    """The bridge caches replayed records; a diverging, shorter or other game's request is unaffected."""
    from pygame_rules import Game
    from pygame_rules.bridge import handle

    def state(moves, game="lilypad", start=None):
        request = {"op": "state", "game": game, "moves": moves}
        if start:
            request["start"] = start
        return json.loads(handle(json.dumps(request)))

    def fresh(moves, game="lilypad", start=None):
        record = Game(game, position=start)
        for move in moves:
            record.play(move)
        return record.position.text

    line = ["K@c8", "K@f1", "c6-d5", "b3-c4", "d5:b3"]
    other = ["K@a8", "K@b1", "a6-b5"]
    for moves in (line[:2], line, line[:3], other, line, ["K@c8", "K@h1"], [], other[:1]):
        got = state(moves)
        assert got["position"] == fresh(moves), moves
        assert got["history"] == moves
    seed = "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -"
    assert state(["g4-f3"], start=seed)["position"] == fresh(["g4-f3"], start=seed)
    assert state(["g4-f3"])["error"]["type"] == "IllegalMoveError"  # not the seed game's record
    crowns = ["c1-d2", "a3-b2"]
    assert state(crowns, game="three-crowns")["position"] == fresh(crowns, game="three-crowns")


# -- puzzles ------------------------------------------------------------------------------------


def test_puzzles_lists_each_game_s_puzzles():
    listed = ask(op="puzzles", game="lilypad")["puzzles"]
    assert [p["id"] for p in listed] == [p.id for p in pygame_rules.puzzles("lilypad")]
    assert set(listed[0]) == {"id", "title", "game", "variant", "position", "moves"}
    assert len(ask(op="puzzles")["puzzles"]) == len(pygame_rules.puzzles())
    assert error_of(ask(op="puzzles", game="chess"))[0] == "RulesError"


def test_puzzle_reply_answers_the_solution_with_its_defences_until_solved():
    from pygame_rules.puzzles import puzzles

    p = next(q for q in puzzles("lilypad") if q.moves >= 3)
    for i in range(0, len(p.solution) - 1, 2):
        answer = ask(op="puzzle-reply", id=p.id, moves=list(p.solution[: i + 1]))
        assert answer == {"correct": True, "solved": False, "reply": p.solution[i + 1], "left": p.moves - 1 - i // 2}
    assert ask(op="puzzle-reply", id=p.id, moves=list(p.solution)) == {"correct": True, "solved": True}


def test_puzzle_reply_shows_a_defence_that_escapes_a_wrong_move():
    from pygame_rules.puzzles import puzzles
    from pygame_rules.solve import Solver

    p = next(q for q in puzzles("lilypad") if q.moves >= 2)
    start = p.load()
    wrong = next(m for m in start.moves() if m not in (p.solution[0], *p.alternatives) and start.play(m).winner is None)
    answer = ask(op="puzzle-reply", id=p.id, moves=[wrong])
    assert answer["correct"] is False and wrong in answer["message"]
    after = start.play(wrong).play(answer["escape"])
    assert not Solver().wins_within(after, p.moves - 1)


def test_puzzle_reply_rejects_bad_requests():
    from pygame_rules.puzzles import puzzles

    p = puzzles("lilypad")[0]
    assert error_of(ask(op="puzzle-reply", id=p.id, moves=[]))[0] == "RequestError"
    assert error_of(ask(op="puzzle-reply", id=p.id, moves=list(p.solution[:2])))[0] == "RequestError"
    assert error_of(ask(op="puzzle-reply", id=p.id, moves=[3]))[0] == "RequestError"
    assert error_of(ask(op="puzzle-reply", id=p.id, moves=["z9-z8"]))[0] == "IllegalMoveError"
    assert error_of(ask(op="puzzle-reply", id="lilypad-99", moves=["a1-b2"]))[0] == "RulesError"
    assert error_of(ask(op="puzzle-reply", id=p.id))[0] == "RequestError"
