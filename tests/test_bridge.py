"""The JSON bridge the browser talks to: JSON text in, JSON text out, errors as data."""

from __future__ import annotations

import json

import pytest

import pygame_rules
from pygame_rules import bridge
from pygame_rules.search import computer_contempt

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
    assert lilypad["variants"] == pygame_rules.variants("lilypad")[1:]  # the page offers the standard rules itself


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
        "lands": "B",  # the soldier dropped on c8 becomes the King
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
        ("{not json", "RequestError", "the request is not JSON: expecting property name enclosed in double quotes at character 2"),
        ("", "RequestError", "the request is empty"),
        ("[1, 2]", "RequestError", "a request must be a JSON object"),
        ('"games"', "RequestError", "a request must be a JSON object"),
        ('{"op": "fly"}', "RequestError", "unknown op 'fly' (ops: games, info, state, play"),
        ("{}", "RequestError", "request needs 'op' (ops: games"),
        ('{"op": "state"}', "RequestError", "request needs 'game'"),
        ('{"op": "state", "game": 7}', "RequestError", "'game' must be text"),
        ('{"op": "state", "game": "chess"}', "RulesError", "unknown game 'chess'"),
        ('{"op": "info", "game": "lilypad", "variant": "nope"}', "RulesError", "unknown variant 'nope'"),
        ('{"op": "state", "game": "lilypad", "start": "8/8 b -"}', "PositionError", "'8/8'"),
        ('{"op": "state", "game": "lilypad", "start": 5}', "RequestError", "'start' must be text"),
        ('{"op": "state", "game": "lilypad", "moves": "K@c8"}', "RequestError", "'moves' must be a list"),
        ('{"op": "state", "game": "lilypad", "moves": ["K@c8", 3]}', "RequestError", "move 2 must be text"),
        ('{"op": "state", "game": "lilypad", "moves": ["K@c8", null]}', "RequestError", "move 2 must be text"),
        ('{"op": "state", "game": "lilypad", "moves": ["c6-d5"]}', "IllegalMoveError", "illegal move 'c6-d5'"),
        ('{"op": "play", "game": "lilypad"}', "RequestError", "request needs 'move'"),
        ('{"op": "play", "game": "lilypad", "move": ["K@c8"]}', "RequestError", "'move' must be text"),
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
    assert [entry["nodes"] for entry in answer["levels"]] == [lv.nodes for lv in LEVELS.values()]


@pytest.mark.parametrize("game", pygame_rules.games())
def test_levels_for_a_game_give_the_nodes_its_search_spends(game):
    from pygame_rules.search import DEEPEN_SHARE, LEVELS, analyse

    answer = ask(op="levels", game=game)
    start = pygame_rules.start(game)
    for entry in answer["levels"]:
        if not LEVELS[entry["level"]].nodes:
            assert entry["nodes"] is None  # level 5 searches by time
            continue
        spent = analyse(start, level=entry["level"], seed=1, time_ms=60_000).nodes
        assert DEEPEN_SHARE * entry["nodes"] <= spent <= entry["nodes"], (entry, spent)
    assert ask(op="levels", game="chess")["error"]["message"].startswith("unknown game 'chess'")


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


# ---------------------------------------------------------------------------------------------
# Hostile requests: numbers, budgets, huge inputs


def bad(request) -> tuple[str, str]:
    """The error type and message of a request given as a dict or as raw JSON text."""
    text = request if isinstance(request, str) else json.dumps(request)
    return error_of(json.loads(bridge.handle(text)))


@pytest.mark.parametrize(
    "request_text, words",
    [
        ('{"op": "bestmove", "game": "lilypad", "time_ms": Infinity}', "Infinity is not a number"),
        ('{"op": "bestmove", "game": "lilypad", "time_ms": -Infinity}', "-Infinity is not a number"),
        ('{"op": "bestmove", "game": "lilypad", "nodes": NaN}', "NaN is not a number"),
        ('{"op": "bestmove", "game": "lilypad", "time_ms": 1e999}', "the number '1e999' is too large"),
        ('{"op": "bestmove", "game": "lilypad", "seed": 1' + "0" * 5000 + "}", "has more than 30 digits"),
        ('{"op": ["state"]}', "'op' must be text (ops: games"),
        ('{"op": {"x": 1}}', "'op' must be text"),
        ('{"op": 3}', "'op' must be text"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ],
)
def test_json_that_python_would_accept_but_a_request_may_not(request_text, words):
    kind, message = bad(request_text)
    assert kind == "RequestError" and words in message


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"time_ms": 1e12}, "'time_ms' must be from 1 to 60,000, got 1,000,000,000,000"),
        ({"time_ms": 60_001}, "'time_ms' must be from 1 to 60,000"),
        ({"time_ms": 0}, "'time_ms' must be more than 0"),
        ({"time_ms": -5}, "'time_ms' must be more than 0"),
        ({"time_ms": "100"}, "'time_ms' must be a number"),
        ({"time_ms": True}, "'time_ms' must be a number"),
        ({"nodes": 1e12}, "'nodes' must be from 1 to 1,000,000"),
        ({"nodes": 10**12}, "'nodes' must be from 1 to 1,000,000"),
        ({"nodes": 0.5}, "'nodes' must be a whole number, got 0.5"),
        ({"nodes": [5]}, "'nodes' must be a number"),
        ({"level": True}, "'level' must be a number"),
        ({"level": 2.5}, "'level' must be a whole number"),
        ({"level": 6}, "'level' must be from 1 to 5, got 6"),
        ({"level": "3"}, "'level' must be a number"),
        ({"seed": 1.5}, "'seed' must be a whole number"),
        ({"seed": False}, "'seed' must be a number"),
        ({"lines": 0}, "'lines' must be more than 0, got 0"),
        ({"lines": 4}, "'lines' must be from 1 to 3, got 4"),
        ({"lines": 1.5}, "'lines' must be a whole number, got 1.5"),
        ({"lines": "2"}, "'lines' must be a number"),
        ({"lines": True}, "'lines' must be a number"),
        ({"contempt": -1}, "'contempt' must be from 0 to 10, got -1"),
        ({"contempt": 11}, "'contempt' must be from 0 to 10, got 11"),
        ({"contempt": "0"}, "'contempt' must be a number"),
        ({"contempt": False}, "'contempt' must be a number"),
    ],
)
def test_search_budgets_are_checked_and_capped(fields, words):
    kind, message = bad({"op": "bestmove", "game": "lilypad", **fields})
    assert kind == "RequestError" and words in message, message
    kind, message = bad({"op": "think", "id": 1, "game": "lilypad", **fields})
    assert kind == "RequestError" and words in message, message


def test_a_slice_is_capped_and_a_whole_number_level_counts():
    for slice_ms, words in [(1e12, "'slice_ms' must be from 1 to 1,000"), (0, "must be more than 0"), (None, "")]:
        answer = ask(op="think", id="s", game="lilypad", nodes=50, slice_ms=slice_ms)
        if words:
            kind, message = error_of(answer)
            assert kind == "RequestError" and words in message
        else:
            assert "error" not in answer
    assert ask(op="bestmove", game="lilypad", level=1.0, seed=3)["best"] in pygame_rules.start("lilypad").moves()
    assert not ask(op="think", id="s", game="lilypad", level=5, slice_ms=1)["done"]
    answer = ask(op="think-more", id="s", slice_ms=2000)
    assert error_of(answer) == ("RequestError", "'slice_ms' must be from 1 to 1,000, got 2,000")
    assert ask(op="think-cancel", id="s")["cancelled"]


def test_a_node_budget_alone_also_stops_at_the_longest_think_time(monkeypatch):
    from pygame_rules import search

    seen = {}
    real = search.Search

    def spy(position, **budget):
        seen.update(budget)
        return real(position, **budget)

    monkeypatch.setattr(search, "Search", spy)
    ask(op="bestmove", game="lilypad", nodes=20)
    assert seen["nodes"] == 20 and seen["time_ms"] == bridge.MAX_TIME_MS
    ask(op="bestmove", game="lilypad", level=1, nodes=20)
    assert seen["time_ms"] is None  # the level's own think time applies


def test_a_record_longer_than_the_cap_is_refused_before_it_is_replayed():
    from pygame_rules import records

    assert bridge.MAX_MOVES == records.MAX_PLIES  # no longer a game than a record may hold
    kind, message = bad({"op": "state", "game": "lilypad", "moves": ["K@c8"] * (bridge.MAX_MOVES + 1)})
    assert kind == "RequestError" and "10,001 moves is longer than the 10,000 allowed" in message


def test_messages_quote_huge_inputs_shortened():
    huge = "b" * 1_000_000
    for request in (
        {"op": "state", "game": "lilypad", "start": huge},
        {"op": "state", "game": "lilypad", "moves": [huge]},
        {"op": "play", "game": "lilypad", "move": huge},
        {"op": "state", "game": huge},
        {"op": "info", "game": "lilypad", "variant": huge},
        {"op": huge},
        {"op": "think-more", "id": huge},
    ):
        kind, message = bad(request)
        assert kind != "InternalError" and len(message) < 400, (kind, message[:200])
        assert "(1,000,000 characters)" in message


def test_undo_reuses_the_cached_record_instead_of_replaying(monkeypatch):
    """Each consecutive Undo (the same moves less one) plays no move: it takes one back from the
    cached longer record; a move played after it plays one move."""
    from long_games import long_game

    moves = long_game("lion", 300, seed=1)
    ask(op="state", game="lion", moves=moves)
    played = []
    real_play = pygame_rules.Game.play

    def counting_play(self, move):
        played.append(move)
        return real_play(self, move)

    monkeypatch.setattr(pygame_rules.Game, "play", counting_play)
    for k in range(1, 6):
        assert ask(op="state", game="lion", moves=moves[:-k])["history"] == moves[:-k]
    assert played == []
    assert ask(op="play", game="lion", moves=moves[:-5], move=moves[-5])["history"] == moves[:-4]
    assert played == [moves[-5]]
    played.clear()
    assert ask(op="state", game="lion", moves=[])["history"] == []
    assert played == []  # a new game replays nothing either: it starts afresh, not from 300 undos
    assert ask(op="state", game="lion", moves=moves[:-1] + ["?"])["error"]["type"] == "IllegalMoveError"


# -- analysis: values, proven wins and losses, best lines ----------------------------------------
# Every claim of a search answer about a forced win or loss is checked here by the exhaustive
# solver, never taken from the search's word.

#: A Lilypad position where Green forces a win in 3 of its moves, with c4:e6 only (the tactics suite).
WIN_IN_3 = "8/8/g7/3b4/2G1b3/7g/6b1/8 g -"


def assert_line_claims_hold(position, line, solver):
    """``line``'s win_in (plies; negative for a loss) is exactly what the solver proves."""
    move = position.move(line["move"])
    plies = line["win_in"]
    if plies is None:
        assert -1 < line["value"] < 1
        return
    assert line["value"] == (1 if plies > 0 else -1)
    if plies > 0:  # a win in k own moves is 2k - 1 plies
        k = (plies + 1) // 2
        assert plies == 2 * k - 1
        assert solver.move_wins_within(position, move, k)
        assert k == 1 or not solver.move_wins_within(position, move, k - 1)
    else:  # the opponent wins in k of its moves after this one: 2k plies
        k = -plies // 2
        assert plies == -2 * k
        assert move.after.winner == move.after.turn or (
            solver.wins_within(move.after, k) and not solver.wins_within(move.after, k - 1)
        )


#: Lilypad: Black's King must take Green's, then Green must take Black's: a sure draw.
BOTH_KINGS_TAKEN = "8/8/8/3B4/2G5/8/g7/8 b -"


def test_analysis_reads_a_sure_draw_as_a_draw_and_the_computer_plays_on():
    """With ``"contempt": 0`` (what the site's Hint, bar, analysis board and review ask) a draw
    is worth its result, 0; the computer's default contempt scores it below that for itself."""
    position = pygame_rules.load("lilypad", BOTH_KINGS_TAKEN)
    after = position.play("d5:b3")
    assert position.moves() == ["d5:b3"] and after.moves() == ["a2:c4"] and after.play("a2:c4").winner == "draw"
    request = {"op": "bestmove", "game": "lilypad", "start": BOTH_KINGS_TAKEN, "nodes": 200}
    analysis = ask(**request, contempt=0)
    assert (analysis["value"], analysis["expected"], analysis["win_in"]) == (0, 0.5, None)
    assert analysis["pv"] == ["d5:b3", "a2:c4"]
    # Every line ends within the search: solved, a draw with best play.
    assert analysis["solved"] and analysis["draw"] and analysis["lines"][0]["draw"]
    played = ask(**request)
    assert played["score"] == -computer_contempt(position) and played["solved"] and played["draw"] and played["value"] == 0
    # Where the search cannot see the end, contempt still counts a draw against the side it plays for.
    start = {"op": "bestmove", "game": "lilypad", "nodes": 300}
    assert not ask(**start)["solved"] and not ask(**start)["draw"]


def assert_well_formed(answer, position, lines):
    """The shape analysis pages rely on: line 1 is best/score/pv, lines best first, PVs legal."""
    assert set(answer) >= {"best", "score", "value", "expected", "win_in", "draw", "depth", "solved", "nodes", "pv", "lines", "done"}
    assert 1 <= len(answer["lines"]) <= lines
    first = answer["lines"][0]
    assert (first["move"], first["score"], first["value"], first["win_in"], first["pv"]) == (
        answer["best"], answer["score"], answer["value"], answer["win_in"], answer["pv"])
    assert [line["score"] for line in answer["lines"]] == sorted((line["score"] for line in answer["lines"]), reverse=True)
    assert len({line["move"] for line in answer["lines"]}) == len(answer["lines"])
    for line in answer["lines"]:
        assert set(line) == {"move", "score", "value", "expected", "win_in", "draw", "pv"}
        assert line["pv"][0] == line["move"] and -1 <= line["value"] <= 1
        after = position
        for text in line["pv"]:
            after = after.play(text)  # raises if a move of the line is not legal


def test_a_forced_win_is_reported_as_won_in_so_many_plies_with_value_1():
    from pygame_rules.solve import Solver

    position, solver = pygame_rules.load("lilypad", WIN_IN_3), Solver()
    assert solver.forced_win_length(position, 3) == 3 and solver.winning_moves(position, 3) == ["c4:e6"]
    answer = ask(op="bestmove", game="lilypad", start=WIN_IN_3, nodes=5000, lines=3)
    assert_well_formed(answer, position, 3)
    assert answer["best"] == "c4:e6" and answer["win_in"] == 5 and answer["value"] == 1
    assert answer["score"] < 1e6  # a win is named by win_in, its score is not some huge number
    for line in answer["lines"]:
        assert_line_claims_hold(position, line, solver)


def test_a_forced_loss_is_reported_as_lost_with_value_minus_1():
    from pygame_rules.solve import Solver

    solver = Solver()
    position = pygame_rules.load("lilypad", WIN_IN_3).play("c4:e6")
    assert all(length == 2 for _, length in solver.defences(position, 2))  # every defence loses in 2
    answer = ask(op="bestmove", game="lilypad", start=position.text, nodes=5000, lines=2)
    assert_well_formed(answer, position, 2)
    assert answer["win_in"] == -4 and answer["value"] == -1
    assert len(answer["lines"]) == len(position.legal()) == 2
    for line in answer["lines"]:
        assert line["win_in"] == -4
        assert_line_claims_hold(position, line, solver)


def test_the_shortest_of_several_wins_comes_first():
    """Black wins at once with e2-f1; the other lines are then no wins (the solver agrees)."""
    from pygame_rules.solve import Solver

    text = "8/8/8/8/8/1b6/4B3/1g1g3g b -"
    position = pygame_rules.load("lilypad", text)
    answer = ask(op="bestmove", game="lilypad", start=text, nodes=3000, lines=3)
    assert_well_formed(answer, position, 3)
    assert answer["best"] == "e2-f1" and answer["win_in"] == 1
    for line in answer["lines"]:
        assert_line_claims_hold(position, line, Solver())


def test_a_shorter_win_comes_before_a_longer_one_and_each_line_ends_with_the_win():
    """Black wins in 2 with d3-c2 or d3-e2, in 3 with f7-g6 (the solver agrees)."""
    from pygame_rules.solve import Solver

    text = "8/3g1b2/8/3G4/8/3B4/8/8 b -"
    position, solver = pygame_rules.load("lilypad", text), Solver()
    assert solver.winning_moves(position, 2) == ["d3-c2", "d3-e2"] and "f7-g6" in solver.winning_moves(position, 3)
    answer = ask(op="bestmove", game="lilypad", start=text, nodes=5000, lines=3)
    assert_well_formed(answer, position, 3)
    assert [(line["move"], line["win_in"]) for line in answer["lines"]] == [("d3-c2", 3), ("d3-e2", 3), ("f7-g6", 5)]
    for line in answer["lines"]:
        assert_line_claims_hold(position, line, solver)
        end = position
        for move in line["pv"]:
            end = end.play(move)
        assert end.winner == position.turn and len(line["pv"]) == line["win_in"]


def test_values_are_comparable_and_never_1_without_a_proof():
    for game in pygame_rules.games():
        position = pygame_rules.start(game)
        answer = ask(op="bestmove", game=game, nodes=400, lines=3, seed=1)
        assert_well_formed(answer, position, 3)
        assert len(answer["lines"]) == min(3, len(position.legal()))
        for line in answer["lines"]:
            assert line["win_in"] is None and -1 < line["value"] < 1
            # The value is the score on the game's scale: higher score, higher value.
            assert (line["value"] > 0) == (line["score"] > 0) or line["value"] == 0


def test_think_more_continues_a_multi_line_search_until_done_and_cancel_stops_it():
    position = pygame_rules.start("three-crowns")
    # Slices of 1 ms, the shortest the bridge takes: a fast machine searches 1,500 nodes in 20 ms.
    answer = ask(op="think", id="lines", game="three-crowns", lines=2, time_ms=60_000, nodes=1500, slice_ms=1)
    assert answer["id"] == "lines" and not answer["done"]
    answers = [answer]
    while not answers[-1]["done"]:
        answers.append(ask(op="think-more", id="lines", slice_ms=1))
        assert_well_formed(answers[-1], position, 2)
        assert len(answers) < 500
    assert len(answers[-1]["lines"]) == 2 and answers[-1]["depth"] >= answers[1]["depth"]
    ask(op="think", id="lines", game="lion", lines=3, time_ms=60_000, slice_ms=20)
    assert ask(op="think-cancel", id="lines") == {"id": "lines", "cancelled": True}
    assert ask(op="think-more", id="lines")["error"]["type"] == "RequestError"


# -- puzzles ------------------------------------------------------------------------------------


def test_puzzles_lists_each_game_s_puzzles():
    listed = ask(op="puzzles", game="lilypad")["puzzles"]
    assert [p["id"] for p in listed] == [p.id for p in pygame_rules.puzzles("lilypad")]
    assert set(listed[0]) == {"id", "title", "game", "variant", "position", "moves", "themes", "rating"}
    assert listed[0]["themes"] and listed[0]["rating"] > 0
    assert len(ask(op="puzzles")["puzzles"]) == len(pygame_rules.puzzles())
    assert error_of(ask(op="puzzles", game="chess"))[0] == "RulesError"


def test_puzzle_reply_answers_the_solution_with_its_defences_until_solved():
    from pygame_rules.puzzles import puzzles

    p = next(q for q in puzzles("lilypad") if q.moves >= 3)
    for i in range(0, len(p.solution) - 1, 2):
        answer = ask(op="puzzle-reply", id=p.id, moves=list(p.solution[: i + 1]))
        assert answer == {
            "correct": True, "solved": False, "reply": p.solution[i + 1], "left": p.moves - 1 - i // 2,
            "hint": p.solution[i + 2],  # the verified solution's next move
        }
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
    assert answer["hint"] == p.solution[0]


def test_puzzle_reply_hints_a_proved_win_off_the_solution_s_line():
    """After an alternative first move, the hint is a move the search proves wins in time."""
    from pygame_rules.puzzles import puzzles
    from pygame_rules.solve import Solver

    p = next(q for q in puzzles() if q.alternatives and q.moves >= 2)
    answer = ask(op="puzzle-reply", id=p.id, moves=[p.alternatives[0]])
    after = p.load().play(p.alternatives[0]).play(answer["reply"])
    assert Solver().move_wins_within(after, after.move(answer["hint"]), answer["left"])


def test_puzzle_reply_rejects_bad_requests():
    from pygame_rules.puzzles import puzzles

    p = puzzles("lilypad")[0]
    assert error_of(ask(op="puzzle-reply", id=p.id, moves=[]))[0] == "RequestError"
    assert error_of(ask(op="puzzle-reply", id=p.id, moves=list(p.solution[:2])))[0] == "RequestError"
    assert error_of(ask(op="puzzle-reply", id=p.id, moves=[3]))[0] == "RequestError"
    assert error_of(ask(op="puzzle-reply", id=p.id, moves=["z9-z8"]))[0] == "IllegalMoveError"
    assert error_of(ask(op="puzzle-reply", id="lilypad-9999", moves=["a1-b2"]))[0] == "RulesError"
    assert error_of(ask(op="puzzle-reply", id=p.id))[0] == "RequestError"


def test_many_boards_searching_at_once_each_get_their_move():
    """Six computer boards on one page share one worker: their searches, run a slice each in turn,
    all finish; none is dropped while its board waits (it once kept 4 and dropped the oldest)."""
    ids = [f"board-{n}" for n in range(6)]
    answers = {sid: ask(op="think", id=sid, game="lion", nodes=400, seed=1, time_ms=60_000, slice_ms=1) for sid in ids}
    while waiting := [sid for sid in ids if not answers[sid]["done"]]:
        for sid in waiting:
            answers[sid] = ask(op="think-more", id=sid, slice_ms=1)
            assert "error" not in answers[sid], answers[sid]
    assert all(isinstance(answers[sid]["best"], str) for sid in ids)


def test_a_search_beyond_the_limit_is_refused_and_none_running_is_dropped(monkeypatch):
    monkeypatch.setattr(bridge, "MAX_SEARCHES", 3)
    for sid in "abc":
        assert not ask(op="think", id=sid, game="lilypad", level=5, slice_ms=1)["done"]
    kind, message = error_of(ask(op="think", id="d", game="lilypad", level=5, slice_ms=1))
    assert kind == "BusyError" and "3 positions" in message
    for sid in "abc":
        assert "error" not in ask(op="think-more", id=sid, slice_ms=1)
    # Starting a board's search again replaces its own; a cancel makes room.
    assert not ask(op="think", id="a", game="lion", level=5, slice_ms=1)["done"]
    assert ask(op="think-cancel", id="b")["cancelled"]
    assert not ask(op="think", id="d", game="lilypad", level=5, slice_ms=1)["done"]
    # A search nobody asked about for ABANDONED_S (its page gone) gives way to a new one.
    now = bridge.time.monotonic()
    monkeypatch.setattr(bridge.time, "monotonic", lambda: now + bridge.ABANDONED_S + 1)
    assert not ask(op="think", id="e", game="lilypad", level=5, slice_ms=1)["done"]
    assert error_of(ask(op="think-more", id="c"))[0] == "RequestError"
    for sid in "ade":
        ask(op="think-cancel", id=sid)


def test_a_null_required_field_or_a_huge_id_is_a_plain_request_error():
    from pygame_rules.puzzles import puzzles

    p = puzzles("lilypad")[0]
    assert error_of(ask(op="puzzle-reply", id=p.id, moves=None)) == ("RequestError", "request needs 'moves' (a list)")
    kind, message = error_of(ask(op="puzzle-reply", id="x" * 1_000_000, moves=["K@c8"]))
    assert kind == "RulesError" and "(1,000,000 characters)" in message and len(message) < 200
    kind, message = error_of(ask(op="puzzles", variant="bogus"))
    assert kind == "RulesError" and "the variant 'bogus' needs a game" in message
    setup = {"board": {}, "turn": "w", "charges": [{"square": "a1", "direction": ["n"], "distance": 2}]}
    problems = ask(op="setup", game="lion", setup=setup)["problems"]
    assert any("direction must be north, east, south or west, not a list" in p["text"] for p in problems)


def test_the_snapshot_imports_every_module_the_ops_use_and_none_of_the_builds():
    """A memory snapshot imports bridge.OP_MODULES (bridge.import_ops, before build.py and
    site/engine/warmstart.js take one): they must
    be every package module the bridge imports, at the top or inside an op, and every module those
    import in turn; the build's own (puzzle generation, prepared answers, matches) stay out."""
    import ast
    import importlib
    from pathlib import Path

    def package_imports(name: str) -> set[str]:
        tree = ast.parse(Path(importlib.import_module(f"pygame_rules.{name}").__file__).read_text())
        return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module}

    needed, todo = set(), ["bridge"]
    while todo:
        for module in package_imports(todo.pop()) - needed:
            needed.add(module)
            todo.append(module)
    assert needed - {"core"} <= set(bridge.OP_MODULES)  # core comes with the bridge itself
    assert not {"puzzlegen", "prepared", "match"} & set(bridge.OP_MODULES)
    assert set(bridge.OP_MODULES) <= needed  # and nothing the bridge does not use


def test_import_ops_imports_every_op_module():
    import subprocess
    import sys

    code = "import sys; from pygame_rules import bridge; bridge.import_ops(); print(all(f'pygame_rules.{m}' in sys.modules for m in bridge.OP_MODULES))"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "True"
