"""Games between AI players: the ``match`` command and the strength benchmarks.

A *player* is a callable ``player(game, rng) -> move text`` that sees the :class:`Game` record
(position and history) and a seeded ``random.Random``. Matches alternate colours, and each pair of
games starts from the same few random opening plies, once with each player on each side, so two
deterministic players do not replay one game over and over.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable

from .core import Game, position_class
from .search import LEVELS, analyse, level_nodes

Player = Callable[[Game, random.Random], str]

#: A game still running after this many plies is scored a draw (the rules end games earlier).
MATCH_PLY_CAP = 400


def level_player(level: int, time_scale: float = 1.0, contempt: float | None = None) -> Player:
    """The AI at ``level``, with ``time_scale`` times the level's think time and node budget, and
    ``contempt`` (what a draw costs it; by default its game's own)."""
    time_ms = LEVELS[level].time_ms * time_scale

    def play(game: Game, rng: random.Random) -> str:
        history = game.positions[:-1]
        nodes = level_nodes(level, game.position, time_scale)
        return analyse(
            game.position, level=level, time_ms=time_ms, nodes=nodes, seed=rng.getrandbits(32), history=history,
            contempt=contempt,
        ).move

    play.__name__ = f"level {level}"
    return play


def random_player(game: Game, rng: random.Random) -> str:
    """A uniformly random legal move."""
    return rng.choice(game.moves())


@dataclass
class MatchResult:
    """Results from the point of view of player A; times are milliseconds per move."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    times: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def score(self) -> float:
        """A's share of the points (a draw is half a point)."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def mean_ms(self, player: str) -> float:
        t = self.times[player]
        return sum(t) / len(t) if t else 0.0

    def max_ms(self, player: str) -> float:
        return max(self.times[player], default=0.0)

    def summary(self) -> str:
        return (
            f"{self.wins} wins, {self.losses} losses, {self.draws} draws for A "
            f"(score {100 * self.score:.1f}%); ms per move: A {self.mean_ms('a'):.0f}, "
            f"B {self.mean_ms('b'):.0f}"
        )


def play_game(
    game_id: str,
    first: Player,
    second: Player,
    *,
    variant: str | None = None,
    opening: tuple[str, ...] | list[str] = (),
    rng: random.Random,
    times: tuple[list[float], list[float]] | None = None,
) -> str:
    """Play one game, ``first`` taking the side that moves first; return the result ("draw" or a side)."""
    game = Game(game_id, variant)
    for move in opening:
        game.play(move)
    players = dict(zip(position_class(game_id, variant).sides, (first, second)))
    slots = dict(zip(players, times or ([], [])))
    while game.result is None and len(game.history) < MATCH_PLY_CAP:
        side = game.position.turn
        started = time.perf_counter()
        move = players[side](game, rng)
        slots[side].append((time.perf_counter() - started) * 1000.0)
        game.play(move)
    return game.result or "draw"


def random_opening(game_id: str, variant: str | None, plies: int, rng: random.Random) -> list[str]:
    """``plies`` random moves from the start that leave the game running."""
    for _ in range(100):
        game = Game(game_id, variant)
        while len(game.history) < plies and game.result is None:
            game.play(rng.choice(game.moves()))
        if game.result is None:
            return game.history
    return []


def play_match(
    game_id: str,
    a: Player,
    b: Player,
    games: int,
    *,
    variant: str | None = None,
    opening_plies: int = 4,
    seed: int = 0,
    progress: Callable[[int, MatchResult], None] | None = None,
) -> MatchResult:
    """Play ``games`` games between ``a`` and ``b``, alternating who moves first."""
    rng = random.Random(seed)
    sides = position_class(game_id, variant).sides
    result = MatchResult()
    opening: list[str] = []
    for n in range(games):
        if n % 2 == 0:
            opening = random_opening(game_id, variant, opening_plies, rng)
        a_first = n % 2 == 0
        pair = (a, b) if a_first else (b, a)
        times = (result.times["a"], result.times["b"]) if a_first else (result.times["b"], result.times["a"])
        outcome = play_game(game_id, *pair, variant=variant, opening=opening, rng=rng, times=times)
        a_side = sides[0] if a_first else sides[1]
        if outcome == "draw":
            result.draws += 1
        elif outcome == a_side:
            result.wins += 1
        else:
            result.losses += 1
        if progress:
            progress(n + 1, result)
    return result
