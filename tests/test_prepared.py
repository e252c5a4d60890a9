"""The answers prepared at build time (pygame_rules/prepared.py) are the engine's own: every state is the bridge's
answer word for word (and "play" answers the same), every computer reply is a move the engine's search
finds among the best, and every line a person can play in the first two moves against the computer,
or in a two-player game's first two moves, is prepared (the page never waits for Python there)."""

from __future__ import annotations

import json

import pytest

from pygame_rules import bridge, prepared
from pygame_rules.search import LEVELS

GAMES = [g["id"] for g in prepared.ask({"op": "games"})["games"]]
#: What one game's prepared answers may add to a first visit (the page loads its game's only): 0.72 MB
#: for the Lion Game when written, against the runtime's 13 MB; and what the first moves wait for.
MAX_BYTES = 800_000
MAX_FIRST_BYTES = 50_000


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("prepared")
    prepared.write(folder)
    return folder


@pytest.fixture(scope="module")
def files(folder) -> dict[str, dict]:
    """Each game's answers, its two files together (the second has states only)."""
    merged = {}
    for game in GAMES:
        first, more = (prepared.read(folder / f"{game}{part}.txt.gz") for part in ("", "-more"))
        assert first["game"] == more["game"] == game and more["replies"] == {}
        assert not first["states"].keys() & more["states"].keys()
        merged[game] = {**first, "states": {**first["states"], **more["states"]}}
    return merged


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


@pytest.mark.parametrize("game", GAMES)
def test_every_prepared_state_is_the_bridges_answer(files, game):
    answers = files[game]
    assert answers["game"] == game
    for key, state in answers["states"].items():
        moves = json.loads(key)
        assert key == prepared.line_key(moves)
        assert state == ask(op="state", game=game, variant=None, start=None, moves=moves), key
        if moves:
            assert state == ask(op="play", game=game, variant=None, start=None, moves=moves[:-1], move=moves[-1]), key


@pytest.mark.parametrize("game", GAMES)
def test_every_prepared_reply_is_among_the_engines_best_moves(files, game):
    answers = files[game]
    for key, by_level in answers["replies"].items():
        moves = json.loads(key)
        assert sorted(by_level) == sorted(map(str, LEVELS)), key
        found = prepared.replies_of(game, moves)
        good = {move for level_moves in found.values() for move in level_moves}
        for level, replies in by_level.items():
            assert replies and set(replies) <= good, (key, level, replies, found)
            assert len(replies) <= prepared.MAX_REPLIES


@pytest.mark.parametrize("game", GAMES)
def test_a_persons_first_two_moves_are_prepared_whoever_moves_first(files, game):
    answers = files[game]
    states, replies = answers["states"], answers["replies"]

    def legal(moves):
        state = states[prepared.line_key(moves)]
        return [] if state["result"] is not None else [m["text"] for m in state["moves"]]

    def computer(moves):
        return {m for level_moves in replies[prepared.line_key(moves)].values() for m in level_moves}

    for first in legal([]):
        for second in legal([first]):
            assert prepared.line_key([first, second]) in states  # two players
        for reply in computer([first]) if legal([first]) else []:  # the person moves first
            for second in legal([first, reply]):
                assert prepared.line_key([first, reply, second]) in states
    for opening in computer([]):  # the computer moves first
        for first in legal([opening]):
            for reply in computer([opening, first]) if legal([opening, first]) else []:
                for second in legal([opening, first, reply]):
                    assert prepared.line_key([opening, first, reply, second]) in states


def test_the_prepared_answers_stay_small(folder):
    first = {game: (folder / f"{game}.txt.gz").stat().st_size for game in GAMES}
    both = {game: first[game] + (folder / f"{game}-more.txt.gz").stat().st_size for game in GAMES}
    assert max(first.values()) <= MAX_FIRST_BYTES, first
    assert max(both.values()) <= MAX_BYTES, both


@pytest.mark.parametrize("game", GAMES)
def test_the_first_part_holds_what_the_first_move_and_the_computers_reply_need(folder, game):
    first = prepared.read(folder / f"{game}.txt.gz")
    states, replies = first["states"], first["replies"]
    for move in (m["text"] for m in states["[]"]["moves"]):
        assert prepared.line_key([move]) in states
        for reply in {m for level_moves in replies[prepared.line_key([move])].values() for m in level_moves}:
            assert prepared.line_key([move, reply]) in states
