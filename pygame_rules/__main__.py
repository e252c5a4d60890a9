"""Command line: ``python -m pygame_rules games|variants|moves|play|perft|bestmove|match|record|puzzles ...``
(see ``--help``; installed, the same is the ``pygame-rules`` command).

Exit codes: 0 done; 2 a bad argument, position, move, game, variant or record, said in one line on
stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import os
import sys
from typing import Callable, NoReturn

from .core import Game, Position, RulesError, games, perft, position_class, quote, variants


#: Bounds of the numeric arguments (the bridge has the same caps for the AI's budgets).
MAX_PERFT_DEPTH = 20
MAX_GAMES = 100_000
MAX_TIME_SCALE = 100.0
#: How ``variants`` names a game's standard rules (played without ``--variant``).
STANDARD = "(standard)"


def _position(args) -> Position:
    cls = position_class(args.game, args.variant)
    return cls.from_text(args.position) if args.position is not None else cls.start()


def cmd_games(args) -> None:
    for game in games():
        print(f"{game:<14}{position_class(game).title}")


def cmd_variants(args) -> None:
    for variant in variants(args.game):
        cls = position_class(args.game, variant)
        print(f"{variant or STANDARD:<24}{cls.title}")


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
    if args.divide and args.depth == 0:
        raise RulesError("--divide needs a depth of 1 or more (depth 0 has no moves to divide by)")
    if args.divide:
        total = 0
        for m in position.legal():
            n = perft(m.after, args.depth - 1)
            total += n
            print(f"{m.text} {n}")
        print(f"total {total}")
    else:
        print(perft(position, args.depth))


def cmd_bestmove(args) -> None:
    from .search import analyse

    game = Game(args.game, args.variant, args.position)
    for move in args.moves:
        game.play(move)
    if game.result is not None:
        raise RulesError(f"the game is over ({game.describe_result()}): there is no move to find")
    result = analyse(
        game.position, level=args.level, time_ms=args.time_ms, nodes=args.nodes, seed=args.seed,
        history=game.positions[:-1],
    )
    print(result.move)
    if args.verbose:
        print(
            f"score {result.score:.2f} depth {result.depth} nodes {result.nodes} "
            f"time {result.elapsed_ms:.0f} ms pv {' '.join(result.pv)}"
        )


def _player(spec: str, time_scale: float):
    from .match import level_player, random_player

    return random_player if spec == "random" else level_player(int(spec), time_scale)


def cmd_match(args) -> None:
    from .match import play_match

    a, b = _player(args.a, args.time_scale), _player(args.b, args.time_scale)

    def progress(n, r):
        if args.verbose:
            print(f"game {n}: A {r.wins} wins, {r.losses} losses, {r.draws} draws", flush=True)

    r = play_match(args.game, a, b, args.games, variant=args.variant, seed=args.seed, progress=progress)
    def name(spec: str) -> str:
        return "random" if spec == "random" else f"level {spec}"

    print(f"{args.game}: A ({name(args.a)}) vs B ({name(args.b)}), {r.games} games, colours alternating")
    print(f"A: {r.wins} wins, {r.losses} losses, {r.draws} draws (score {100 * r.score:.1f}%)")
    print(f"average time per move: A {r.mean_ms('a'):.0f} ms, B {r.mean_ms('b'):.0f} ms")


def cmd_puzzles(args) -> None:
    from .puzzles import puzzles

    for p in puzzles(args.game, args.variant):
        print(f"{p.id}  {p.title}\n    {p.position}\n    {' '.join(p.solution)}")


def _level(text: str) -> str:
    from .search import LEVELS

    if text != "random" and (not (text.isascii() and text.isdigit()) or int(text) not in LEVELS):
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a level ({', '.join(map(str, LEVELS))}) or 'random'")
    return text


def _whole(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to ``most``, in the digits 0-9 only."""

    def read(text: str) -> int:
        digits = text[1:] if text.startswith("-") else text
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
            raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number (digits 0-9)")
        value = int(text)
        if value < least or (most is not None and value > most):
            bound = f"from {least:,} to {most:,}" if most is not None else f"{least:,} or more"
            raise argparse.ArgumentTypeError(f"{quote(text)} is out of range: it must be {bound}")
        return value

    return read


def _positive(most: float) -> Callable[[str], float]:
    """An argparse type: a number more than 0 and at most ``most`` (no inf, nan or other digits)."""

    def read(text: str) -> float:
        try:
            value = float(text) if text.isascii() else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{quote(text)} is not a number")
        if not 0 < value <= most:
            raise argparse.ArgumentTypeError(f"{quote(text)} is out of range: it must be more than 0 and at most {most:,g}")
        return value

    return read


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors on one line (the usage is one ``--help`` away)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


# -- game records: ``record write`` and ``record check`` ----------------------------------------


def cmd_record_write(args) -> None:
    from .records import write_record

    tags = {}
    for tag in args.tag:
        name, equals, value = tag.partition("=")
        if not equals:
            raise RulesError(f"--tag {quote(tag)} is not Name=value")
        tags[name] = value
    game = Game(args.game, args.variant, args.start)
    for move in args.moves:
        game.play(move)
    text = write_record(game, tags)
    stream = getattr(sys.stdout, "buffer", None)
    if stream is None:
        print(text, end="")
        return
    # A record is UTF-8 text whatever the console's encoding: written into a file, it reads back.
    sys.stdout.flush()
    stream.write(text.encode("utf-8"))
    stream.flush()


def _read_record_text(name: str) -> str:
    """File ``name`` (``-``: standard input) as UTF-8 text, read up to one character past the
    records' cap: a longer one (``/dev/zero``) is refused without reading on."""
    from .records import MAX_RECORD_CHARS, RecordError

    limit = MAX_RECORD_CHARS + 1
    if name == "-":
        if sys.stdin is None:  # started with standard input closed
            raise OSError("standard input is closed")
        binary = getattr(sys.stdin, "buffer", None)
        if binary is None:
            text = sys.stdin.read(limit)
        else:
            reader = io.TextIOWrapper(binary, encoding="utf-8")
            text = reader.read(limit)
            reader.detach()  # leave standard input open
    else:
        with open(name, encoding="utf-8") as f:
            text = f.read(limit)
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"it is longer than the {MAX_RECORD_CHARS:,} characters a record may have")
    return text


def cmd_record_check(args) -> int:
    """One line: the game, its moves and result, or what is wrong (exit status 2)."""
    from .records import describe_result, parse_record

    try:
        text = _read_record_text(args.file)
        record = parse_record(text)
    except UnicodeDecodeError:
        print(f"{args.file}: cannot read it: it is not UTF-8 text", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"{args.file}: cannot read it: {e.strerror or e}", file=sys.stderr)
        return 2
    except RulesError as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 2
    game = record.game
    name = game.game + (f" ({game.variant})" if game.variant else "")
    ended = "" if game.result is not None or record.result == "*" else ", not ended by the moves"
    result = describe_result(record.result, type(game.start))
    print(f"{args.file}: {name}, {len(game.history)} moves, {record.result} ({result}{ended})")
    return 0


def game_arg(p) -> None:
    """The game argument, and ``--variant`` also after the subcommand."""
    p.add_argument("game", choices=games(), help="the game")
    p.add_argument("--variant", default=argparse.SUPPRESS, help="a variant of the game (see: variants GAME)")


def add_record_commands(sub) -> None:
    p = sub.add_parser("record", help="write a game record from moves, or check one")
    record = p.add_subparsers(dest="record_command", required=True)
    w = record.add_parser("write", help="print the record of a game given by its moves")
    game_arg(w)
    w.add_argument("--start", help="the start position (default: the game's start)")
    w.add_argument("--tag", action="append", default=[], metavar="NAME=VALUE", help="a tag (Date, a player, Result, ...)")
    w.add_argument("moves", nargs="*", help="moves in order")
    w.set_defaults(run=cmd_record_write)
    c = record.add_parser("check", help="replay a record; print a one-line summary or what is wrong (exit 2)")
    c.add_argument("file", help="the record file, or - for standard input")
    c.set_defaults(run=cmd_record_check)


EXAMPLES = """\
examples:
  {prog} games
  {prog} variants lilypad
  {prog} moves lilypad
  {prog} play lilypad K@c8 K@b1
  {prog} perft three-crowns 3
  {prog} bestmove lilypad --moves K@c8 K@b1 --level 2
  {prog} moves lilypad --variant invisible-city
  {prog} record write lilypad --tag Black=Ann K@c8 K@b1 > game.txt
  {prog} record check game.txt
  {prog} puzzles lion

COMMAND --help says more about each command."""


def program_name() -> str:
    """How the command was called, as its help should show it: ``pygame-rules`` when run as the
    installed console script, else ``python -m pygame_rules`` (also when ``main`` is called in-process)."""
    called = os.path.splitext(os.path.basename(sys.argv[0] if sys.argv else ""))[0]
    return "pygame-rules" if called == "pygame-rules" else "python -m pygame_rules"


def parser() -> argparse.ArgumentParser:
    from .bridge import MAX_NODES, MAX_TIME_MS
    from .search import LEVELS

    prog = program_name()
    ap = _Parser(
        prog=prog, description="Kings & Soldiers rules engines.", epilog=EXAMPLES.format(prog=prog),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--variant", help="a variant of the game (e.g. invisible-city); also after the subcommand")
    sub = ap.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("games", help="list the games: id and title")
    p.set_defaults(run=cmd_games)

    p = sub.add_parser("variants", help="list a game's rule sets: its standard rules (no --variant), then its variants")
    p.add_argument("game", choices=games(), help="the game")
    p.set_defaults(run=cmd_variants)

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
    p.add_argument("depth", type=_whole(0, MAX_PERFT_DEPTH), help=f"plies, 0 to {MAX_PERFT_DEPTH}")
    p.add_argument("position", nargs="?", help="a position string (default: the start)")
    p.add_argument("--divide", action="store_true", help="print the count below each move")
    p.set_defaults(run=cmd_perft)

    p = sub.add_parser("bestmove", help="print the AI's move in a position")
    game_arg(p)
    p.add_argument("position", nargs="?", help="a position string (default: the start)")
    p.add_argument("--moves", nargs="*", default=[], help="moves played from that position first")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--level", type=_whole(min(LEVELS), max(LEVELS)), help="AI level 1-5 (default 3)")
    budget.add_argument("--time-ms", type=_positive(MAX_TIME_MS), help=f"think time in milliseconds (at most {MAX_TIME_MS:,})")
    budget.add_argument("--nodes", type=_whole(1, MAX_NODES), help=f"a node budget (repeatable results; at most {MAX_NODES:,})")
    p.add_argument("--seed", type=_whole(0), default=0, help="seed of the lower levels' random choice")
    p.add_argument("-v", "--verbose", action="store_true", help="also print score, depth, nodes, time, line")
    p.set_defaults(run=cmd_bestmove)

    p = sub.add_parser("match", help="play AI levels against each other, alternating colours")
    game_arg(p)
    p.add_argument("--a", type=_level, required=True, help="level of player A (1-5, or 'random')")
    p.add_argument("--b", type=_level, required=True, help="level of player B (1-5, or 'random')")
    p.add_argument("--games", type=_whole(1, MAX_GAMES), default=10, help="number of games (default 10)")
    p.add_argument("--time-scale", type=_positive(MAX_TIME_SCALE), default=1.0, help="multiply the levels' think times")
    p.add_argument("--seed", type=_whole(0), default=0, help="seed of the openings and the levels' choices")
    p.add_argument("-v", "--verbose", action="store_true", help="print the score after each game")
    p.set_defaults(run=cmd_match)
    add_record_commands(sub)
    p = sub.add_parser("puzzles", help="list the puzzles of a game with their solutions")
    game_arg(p)
    p.set_defaults(run=cmd_puzzles)
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = parser()
    args, rest = ap.parse_known_args(argv)
    for stream in (sys.stdout, sys.stderr):  # a console that cannot show a character shows its code
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    # argparse fills the moves of ``play GAME --from POS m1 m2`` before it reads --from, and
    # leaves m1 m2 over: they are moves too.
    if rest and (args.command == "play" or args.run is cmd_record_write) and not any(r.startswith("-") for r in rest):
        args.moves += rest
    elif rest:
        ap.error(f"unrecognized arguments: {' '.join(rest)}")
    try:
        return args.run(args) or 0
    except RulesError as e:  # a bad position, move, game or variant: one line, as argparse's errors
        print(f"error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early (``| head``): nothing is wrong, nothing to say
        with contextlib.suppress(AttributeError, OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 1


if __name__ == "__main__":
    sys.exit(main())
