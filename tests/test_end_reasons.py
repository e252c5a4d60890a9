"""Every way a game can end is explained in a sentence (``end_reason``), as the site shows it."""

from __future__ import annotations

import json

import pytest

from pygame_rules import Game, load
from pygame_rules.bridge import handle


@pytest.mark.parametrize(
    ("game", "position", "winner", "reason"),
    [
        ("lilypad", "8/8/8/8/8/8/8/1B6 g -", "b", "Black's King reached its last row (rank 1), so Black wins."),
        ("lilypad", "8/8/8/8/8/8/8/8 b -", "draw", "Neither side has a King left, so the game is drawn."),
        ("lilypad", "8/8/8/8/8/8/b7/7G b -", "g", "Black has no legal move, so Green wins."),
        ("three-crowns", "8/8/8/8/8/8/8/GGG5 b - 5", "g", "Green has three crowned stones in a line, so Green wins."),
        ("three-crowns", "bbbbbbbb/8/8/8/8/8/8/ggggggg1 g - 5", "b", "Green is down to 7 stones (a third one was captured), so Black wins."),
        ("three-crowns", "b7/8/8/8/8/8/8/g7 g - 100", "draw", "100 plies in a row passed without a capture, crowning or uncrowning, so the game is drawn."),
        ("lion", "3/5/7/5/7/5/7/2L2/3 b - - - 3", "w", "White captured the Black Lion, so White wins."),
        ("lion", "3/2l2/7/5/7/5/7/2L2/3 w - - - 100", "draw", "100 plies passed without a capture, a frog move or a promotion, so the game is drawn."),
    ],
)
def test_each_ending_is_explained(game, position, winner, reason):
    p = load(game, position)
    assert p.winner == winner
    assert p.end_reason() == reason
    state = json.loads(handle(json.dumps({"op": "state", "game": game, "start": position})))
    assert state["resultReason"] == reason


def test_a_game_in_progress_has_no_reason():
    assert load("lilypad", "8/8/8/8/8/1B6/8/7G b -").end_reason() is None
    assert Game("lion").end_reason() is None


def test_threefold_repetition_is_explained():
    game = Game("lion")
    for move in ["b1-b1", "b9-b9"] * 2:  # Cobras' null moves: the start comes up a third time
        game.play(move)
    assert game.result == "draw" and game.position.winner is None
    assert game.end_reason() == "The same position came up for the third time, so the game is drawn."
