"""Player specs shared by the benchmarks: ``random``, ``level:N``, ``level:N:C``, ``ab:MS``, ``base:MS``,
``uct:MS``, ``heavy:MS``.

``ab:MS`` is the engine (``pygame_rules.search``) at MS milliseconds per move with no level
settings; ``base:MS`` the same for the engine before issue 17 (``baseline.py``, commit bef4ac7), ``base:MS@COMMIT``
for the engine of another commit (issue 28: today's level 5 against the one before it); ``uct:MS`` the plain UCT baseline with random playouts; ``heavy:MS`` UCT with heavy
playouts (``bench/uct.py``). ``level:N`` thinks its level's time times a scale from the caller; ``level:N:C`` the same
with contempt C (what a draw costs it; the computer's is ``search.computer_contempt(position)``).
``use_cpu_clock`` makes the two engines' times CPU time (a busy machine).
"""

from __future__ import annotations

import random
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pygame_rules.core import Game  # noqa: E402
from pygame_rules.match import level_player, random_player  # noqa: E402
from pygame_rules.search import analyse  # noqa: E402
from uct import uct_player  # noqa: E402


def engine_player(time_ms: float):
    def play(game: Game, rng: random.Random) -> str:
        return analyse(game.position, time_ms=time_ms, seed=rng.getrandbits(32), history=game.positions[:-1]).move

    play.__name__ = f"ab:{time_ms:g}"
    return play


def baseline_player(time_ms: float, commit: str | None = None):
    """The engine of ``commit`` (default ``baseline.BASELINE_COMMIT``) at ``time_ms`` per move."""
    from baseline import BASELINE_COMMIT, load_baseline

    old = load_baseline(commit or BASELINE_COMMIT)

    def play(game: Game, rng: random.Random) -> str:
        position = old.load(game.game, game.position.text, game.variant)
        # The game's earlier positions as that engine keys them (its states are built otherwise).
        history = [old.load(game.game, p.text, game.variant).repetition_key for p in game.positions[:-1]]
        return old.analyse(position, time_ms=time_ms, seed=rng.getrandbits(32), history=history).move

    play.__name__ = f"base:{time_ms:g}" + (f"@{commit}" if commit else "")
    return play


def use_cpu_clock(*engines) -> None:
    """Make the searches of ``engines`` (today's ``pygame_rules`` and the baseline) and the UCT
    players budget this process's CPU time instead of the clock's: on a machine shared with other
    jobs a move's wall-clock time buys each player only a part of it, and a varying part, in
    processor time. All read their time through ``time.perf_counter`` of their module's ``time``."""
    import uct

    clock = types.SimpleNamespace(perf_counter=time.process_time)
    for engine in engines:
        engine.search.time = clock
    uct.time = clock


def make_player(spec: str, time_scale: float = 1.0):
    kind, _, arg = spec.partition(":")
    if kind == "random":
        return random_player
    if kind == "level":
        level, _, contempt = arg.partition(":")
        return level_player(int(level), time_scale, float(contempt) if contempt else None)
    if kind == "ab":
        return engine_player(float(arg))
    if kind == "base":  # base:MS, or base:MS@COMMIT for the engine of another commit
        ms, _, commit = arg.partition("@")
        return baseline_player(float(ms), commit or None)
    if kind == "uct":
        return uct_player(float(arg), "random")
    if kind == "heavy":
        return uct_player(float(arg), "heavy")
    raise ValueError(f"unknown player {spec!r} (random, level:N, level:N:C, ab:MS, base:MS, uct:MS, heavy:MS)")
