"""Command line: ``python -m pygame_rules moves|play|perft ...`` (see ``--help``)."""

from __future__ import annotations

import argparse
import sys

from .core import Game, Position, RulesError, games, position_class


def perft(position: Position, depth: int) -> int:
    """Number of move sequences of length ``depth`` from ``position`` (leaf nodes)."""
    if depth == 0:
        return 1
    moves = position.legal()
    if depth == 1:
        return len(moves)
    return sum(perft(m.after, depth - 1) for m in moves)


def _position(args) -> Position:
    cls = position_class(args.game, args.variant)
    return cls.from_text(args.position) if args.position else cls.start()


def cmd_moves(args) -> None:
    print(" ".join(_position(args).moves()))


def cmd_play(args) -> None:
    game = Game(args.game, args.variant, args.start)
    for move in args.moves:
        game.play(move)
    print(game.position.text)
    print(game.describe_result())


def cmd_perft(args) -> None:
    position = _position(args)
    if args.divide:
        total = 0
        for m in position.legal():
            n = perft(m.after, args.depth - 1)
            total += n
            print(f"{m.text} {n}")
        print(f"total {total}")
    else:
        print(perft(position, args.depth))


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m pygame_rules", description="Kings & Soldiers rules engines.")
    ap.add_argument("--variant", help="a variant of the game (e.g. invisible-city)")
    sub = ap.add_subparsers(dest="command", required=True)

    def game_arg(p):
        p.add_argument("game", choices=games(), help="the game")

    p = sub.add_parser("moves", help="list the legal moves of a position")
    game_arg(p)
    p.add_argument("position", nargs="?", help="a position string (default: the start)")
    p.set_defaults(run=cmd_moves)

    p = sub.add_parser("play", help="play moves and print the resulting position and result")
    game_arg(p)
    p.add_argument("--from", dest="start", help="the start position (default: the game's start)")
    p.add_argument("moves", nargs="*", help="moves in order")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("perft", help="count move sequences of a given length")
    game_arg(p)
    p.add_argument("depth", type=int)
    p.add_argument("position", nargs="?", help="a position string (default: the start)")
    p.add_argument("--divide", action="store_true", help="print the count below each move")
    p.set_defaults(run=cmd_perft)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        args.run(args)
    except (RulesError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
