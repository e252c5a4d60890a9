"""Length of a "play a friend" link: the moves as the compact code against the plain move list.

    python bench/links.py              # a table: median link length per game and game length
    python bench/links.py --games 9    # more games per cell (default 5)

A link is ``https://example.github.io/kings-and-soldiers/#friend=<8-character id>&g=<game>&m=<code>``
(the code of ``pygame_rules.encode_moves``); the baseline is the same link with the moves as the
space-separated move texts, form-encoded (``&moves=K%40c8+K%40b1+...``, as the page's
URLSearchParams writes them). Games are seeded random playouts that avoid moves ending the game
while others are left (Lilypad's still end within about 100 plies: soldiers only go forward); the
length counts the whole URL. ``decode ms`` is the time to replay the code (CPython).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame_rules  # noqa: E402
from pygame_rules import Game, decode_moves, encode_moves  # noqa: E402

PLIES = (50, 150, 300)
HOST = "https://example.github.io/kings-and-soldiers/"
FRIEND = "Xk3vQ9aZ"  # a game id of 8 base64url characters (48 random bits)


def long_game(game: str, plies: int, seed: int) -> Game:
    """A random game of ``plies`` moves that plays, while it can, moves after which the game goes
    on (no win, no draw, no third repetition); shorter when every move ends it."""
    rng = random.Random(seed)
    record = Game(game)
    while len(record.history) < plies and record.result is None:
        moves = list(record.legal())
        rng.shuffle(moves)
        for move in moves:
            record.play(move)
            if record.result is None:
                break
            record.undo()
        else:
            record.play(moves[0])
    return record


def urls(record: Game) -> tuple[str, str]:
    base = {"friend": FRIEND, "g": record.game}
    compact = HOST + "#" + urlencode({**base, "m": encode_moves(record)})
    plain = HOST + "#" + urlencode({**base, "moves": " ".join(record.history)})
    return compact, plain


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=5, help="games per game and length (default 5)")
    args = ap.parse_args()
    print(f"median URL length in characters over {args.games} random games (host {HOST})")
    print(f"{'game':<14}{'plies':>6}{'compact':>9}{'plain':>8}{'ratio':>7}{'bits/ply':>9}{'decode ms':>10}")
    for game in pygame_rules.games():
        for plies in PLIES:
            compact, plain, bits, decode = [], [], [], []
            longest = 0
            for seed in range(1, 3 * args.games + 1):
                record = long_game(game, plies, seed)
                longest = max(longest, len(record.history))
                if len(record.history) < plies:
                    continue
                short, long = urls(record)
                code = encode_moves(record)
                t = time.perf_counter()
                assert decode_moves(game, None, None, code).history == record.history
                decode.append(1000 * (time.perf_counter() - t))
                compact.append(len(short))
                plain.append(len(long))
                bits.append(6 * len(code) / plies)
                if len(compact) == args.games:
                    break
            if not compact:
                print(f"{game:<14}{plies:>6}   (every game ended by ply {longest})")
                continue
            c, p = statistics.median(compact), statistics.median(plain)
            print(
                f"{game:<14}{plies:>6}{c:>9.0f}{p:>8.0f}{p / c:>7.1f}{statistics.median(bits):>9.1f}"
                f"{statistics.median(decode):>10.0f}"
            )


if __name__ == "__main__":
    main()
