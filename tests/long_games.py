"""Long games for the tests of long records: random legal moves, seeded, that keep the game going.

Games with a draw clock (3 Crowns, the Lion Game) would end by it after 100 quiet plies, so once
the clock passes ``CLOCK_HURRY`` a move that resets it is preferred; a move that would end the game
(a win, a draw by the clock or by a third repetition) is never chosen while another is possible.
A Lilypad game cannot last long (soldiers only go forward), so it is as long as it can be made.
"""

from __future__ import annotations

import random

from pygame_rules import Game

CLOCK_HURRY = 60


def _keeps_going(game: Game, move) -> bool:
    after = move.after
    return after.winner is None and game._seen.get(after.repetition_key, 0) < 2


def long_game(game: str, plies: int, seed: int = 1, variant: str | None = None) -> list[str]:
    """The moves of a game of ``plies`` plies if one is found (else as long as it got), all legal."""
    rng = random.Random(seed)
    record = Game(game, variant)
    while len(record.history) < plies:
        moves = list(record.legal())
        rng.shuffle(moves)
        hurry = getattr(record.position.state, "clock", 0) >= CLOCK_HURRY
        # Moves that take nothing first (a game short of pieces ends soon); in a hurry, moves
        # that reset the clock (a frog move, a crowning, an uncrowning) before all others.
        moves.sort(key=lambda m: (hurry and m.after.state.clock != 0, bool(m.removed)))
        choice = next((m for m in moves if _keeps_going(record, m)), None)
        if choice is None:
            break
        record.play(choice)
    return record.history
