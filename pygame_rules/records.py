"""Game records: whole games as text (in the spirit of PGN), and compact move codes for links.

A record::

    [Game "lilypad"]
    [Date "2026-11-23"]
    [Black "Ann"]
    [Green "Computer level 3"]
    [Result "0-1"]

    1. K@c8 K@b1 2. c8>e6 {a long first flight} b1>d1
    3. e6>h7 d3-e4 {Black resigns} 0-1

Tags are ``[Name "value"]`` lines (a value escapes ``"`` and ``\\`` with a backslash), then the
moves. The tags this module knows:

- ``Game``: the game id (``lilypad``, ``three-crowns``, ``lion``); required.
- ``Variant``: the rule variant, when not the game's default rules.
- ``Position``: the position the game began from, when not the game's start (read back in its
  canonical form).
- ``Date``: ``YYYY-MM-DD``; an unknown part is question marks (``2026-??-??``, ``????-??-??``).
- The players, one tag per side named as the game names its sides: ``Black``/``Green`` in Lilypad,
  ``Green``/``Black`` in 3 Crowns, ``White``/``Black`` in the Lion Game. Any text.
- ``Result``: as the result token below.

Other tags (``Event``, ``Site``, ...) are kept as they are and written back in their order.

The moves are the engine's move texts in order, separated by white space. ``12.`` before a move
of the first side and ``12...`` before one of the second side are move numbers: the writer puts one
before each move of the first side (and ``1...`` when the second side moves first); the reader skips
them (any number, any count of dots) wherever they are. ``{...}`` is a comment (no nesting);
comments are kept by the number of moves played before them. The last token is the result:

- ``1-0``: the side that moves first in the game won (Lilypad Black, 3 Crowns Green, Lion White);
  ``0-1``: the other side won; ``1/2-1/2``: a draw; ``*``: not finished (or not known).
- When the moves end the game (a win, a draw, a threefold repetition), the result is what the
  moves say: a declared ``*`` (not known) is read as that result, and any other declared result
  must be that result. A game the moves leave unfinished may declare a result anyway: it ended off the
  board (resignation, agreement, time); ``Record.result`` is that declared result, while the
  ``Game``'s own ``result`` stays None. With no result token and no ``Result`` tag, the result is
  the engine's (``*`` when the game is not over). A ``Result`` tag and a result token must agree.

Reading is lenient about white space (line breaks anywhere, tabs, CRLF, blank lines), move numbers
and a missing result, and strict about everything else: every move is replayed by the engine, and
anything wrong raises :class:`RecordError` naming the line and saying what is wrong in plain words.
Records over :data:`MAX_RECORD_CHARS` characters or :data:`MAX_PLIES` moves are refused.

Links carry the moves as a short code (:func:`encode_moves`, :func:`decode_moves`): each move is
its index in the position's sorted legal moves, and the whole game one mixed-radix number, so a
forced move costs nothing and a move among n costs log2(n) bits; a 12-bit checksum over the game,
variant, start and moves catches a damaged or edited code.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from .core import Game, IllegalMoveError, Position, RulesError, position_class, quote, shown

#: Longest record read, in characters (a 10,000-move game with comments is far below it).
MAX_RECORD_CHARS = 1_000_000
#: Most moves in a record or a link: longer than any game the rules allow in practice.
MAX_PLIES = 10_000
#: Longest tag value and comment, in characters.
MAX_TAG_CHARS = 1_000
MAX_COMMENT_CHARS = 10_000
#: Longest move code in a link, in characters (about 6 bits a move at most: MAX_PLIES moves).
MAX_CODE_CHARS = 12_000

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
LINE_LENGTH = 79


class RecordError(RulesError):
    """A game record or a link code is malformed or does not replay; ``line`` is 1-based, or None
    when the fault is not on one line (a link code, a record too long)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


@dataclass
class Record:
    """A record as read: the replayed game, every tag in record order, and the comments.

    ``comments[n]`` is the comment after the first n moves (several in one place are joined with a
    space). ``result`` is the declared result token (or the engine's when none is declared).
    """

    game: Game
    tags: dict[str, str] = field(default_factory=dict)
    comments: dict[int, str] = field(default_factory=dict)
    result: str = "*"


# ---------------------------------------------------------------------------------------------
# Results


def result_token(game: Game) -> str:
    """The result token of the engine's result of ``game``: ``1-0``, ``0-1``, ``1/2-1/2`` or ``*``."""
    result = game.result
    if result is None:
        return "*"
    if result == "draw":
        return "1/2-1/2"
    return "1-0" if result == game.start.sides[0] else "0-1"


def describe_result(token: str, cls: type[Position]) -> str:
    """A result token in words for ``cls``'s game: ``"Black wins"``, ``"draw"``, ``"not finished"``."""
    first, second = (cls.side_names[s] for s in cls.sides)
    return {"1-0": f"{first} wins", "0-1": f"{second} wins", "1/2-1/2": "draw", "*": "not finished"}[token]


def _check_result(record: Record, line: int | None) -> None:
    engine = result_token(record.game)
    if engine != "*" and record.result != engine:
        cls = type(record.game.start)
        raise RecordError(
            f"the record says {record.result} ({describe_result(record.result, cls)}), but the moves end "
            f"the game: {record.game.describe_result()} ({engine})",
            line,
        )


# ---------------------------------------------------------------------------------------------
# Writing


def _tag_value(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise RecordError(f"tag {name} must be text")
    if len(value) > MAX_TAG_CHARS:
        raise RecordError(f"tag {name} is {len(value)} characters long (at most {MAX_TAG_CHARS})")
    if _CONTROL.search(value) or "\n" in value or "\r" in value:
        raise RecordError(f"tag {name} {quote(value)} holds a control character or a line break")
    return value


def _check_tag_name(name: object) -> str:
    if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
        raise RecordError(f"{shown(name)} is not a tag name (letters, digits and _, a letter first)")
    return name


def write_record(game: "Game | Record", tags: dict[str, str] | None = None, comments: dict[int, str] | None = None) -> str:
    """The record of ``game`` as text; ``tags`` adds tags (Date, the players, Result, any other).

    ``Game``, ``Variant`` and ``Position`` come from the game (a tag that says otherwise is an
    error). ``Result`` defaults to the engine's result (as does ``*``); it may only differ on an unfinished game.
    ``comments`` maps a number of moves played to the comment written after them. A
    :class:`Record` is written with its own tags and comments.
    """
    for name, value in (("tags", tags), ("comments", comments)):
        if value is not None and not isinstance(value, Mapping):
            example = "{'Black': 'Ann'}" if name == "tags" else "{12: 'a fine move'}"
            raise RecordError(f"{name} must map names to values, like {example}, not {shown(value)}")
    if isinstance(game, Record):
        own = {n: v for n, v in game.tags.items() if n not in ("Game", "Variant", "Position")}
        tags = own | {"Result": game.result} | dict(tags or {})  # the result read, also from a result token
        comments = {**game.comments, **(comments or {})}
        game = game.game
    if not isinstance(game, Game):
        raise RecordError(f"a record is written of a game (pygame_rules.Game) or a Record, not {shown(game)}")
    tags = dict(tags or {})
    comments = dict(comments or {})
    cls = type(game.start)
    own = {"Game": game.game}
    if game.variant:
        own["Variant"] = game.variant
    if game.start.text != cls.start().text:
        own["Position"] = game.start.text
    for name in ("Game", "Variant", "Position"):
        if name in tags and tags[name] != own.get(name):
            raise RecordError(f"tag {name} {shown(tags[name])} does not match the game ({own.get(name) or 'none'})")
    result = tags.get("Result", "*")
    if result == "*":  # not known: the engine's result (None for an unfinished game)
        result = result_token(game)
    if not isinstance(result, str) or result not in RESULTS:
        raise RecordError(f"result {shown(result)} is not one of {', '.join(RESULTS)}")
    record = Record(game, comments=comments, result=result)
    _check_result(record, None)
    if len(game.history) > MAX_PLIES:
        raise RecordError(f"the game has {len(game.history)} moves; records hold at most {MAX_PLIES}")

    players = [cls.side_names[s] for s in cls.sides]
    known = ["Date", *players]
    ordered = {**own, **{n: tags[n] for n in known if n in tags}, "Result": result}
    ordered.update((n, v) for n, v in tags.items() if n not in ordered)
    if "Date" in ordered:
        _check_date(_tag_value("Date", ordered["Date"]), None)
    lines = []
    for name, value in ordered.items():
        value = _tag_value(_check_tag_name(name), value)
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[{name} "{escaped}"]')
    lines.append("")

    tokens: list[str] = []
    for ply in comments:
        moves = len(game.history)
        if not isinstance(ply, int) or isinstance(ply, bool):
            raise RecordError(f"a comment's key is the number of moves played before it (0 to {moves:,}), not {shown(ply)}")
        if not 0 <= ply <= moves:
            raise RecordError(f"a comment is placed after move {shown(ply)}, but the game has {moves:,} move{'' if moves == 1 else 's'}")
    first = cls.sides[0]
    offset = game.start.turn != first

    def comment(ply: int) -> None:
        text = comments.get(ply)
        if text is None:
            return
        text = _comment_text(text, None)
        if text:
            tokens.append("{" + text + "}")

    comment(0)
    for ply, (move, before) in enumerate(zip(game.history, game.positions)):
        number = (ply + offset) // 2 + 1
        if before.turn == first:
            tokens.append(f"{number}.")
        elif ply == 0:
            tokens.append(f"{number}...")
        tokens.append(move)
        comment(ply + 1)
    tokens.append(result)
    lines.extend(_wrap(tokens))
    text = "\n".join(lines) + "\n"
    if len(text) > MAX_RECORD_CHARS:  # so many tags or comments that read_record would refuse it
        raise RecordError(f"the record would be {len(text):,} characters long; records are limited to {MAX_RECORD_CHARS:,}")
    return text


def _wrap(tokens: list[str]) -> list[str]:
    """Tokens joined by spaces into lines of at most LINE_LENGTH characters where possible; a
    comment may be broken at its spaces, a move number stays with its move."""
    words: list[str] = []
    for token in tokens:
        if words and re.fullmatch(r"\d+\.(\.\.)?", words[-1]):
            words[-1] += " " + token
        elif token.startswith("{"):
            words.extend(token.split(" "))
        else:
            words.append(token)
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > LINE_LENGTH:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def _comment_text(text: object, line: int | None) -> str:
    if not isinstance(text, str):
        raise RecordError("a comment must be text", line)
    if "}" in text or "{" in text:
        raise RecordError(f"comment {quote(text)} holds a brace, which would end it early", line)
    if len(text) > MAX_COMMENT_CHARS:
        raise RecordError(f"a comment is {len(text)} characters long (at most {MAX_COMMENT_CHARS})", line)
    if _CONTROL.search(text.replace("\n", " ").replace("\t", " ").replace("\r", " ")):
        raise RecordError(f"comment {quote(text)} holds a control character", line)
    return " ".join(text.split())


# ---------------------------------------------------------------------------------------------
# Reading

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
_TAG_LINE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]{0,39})\s+"((?:[^"\\]|\\.)*)"\s*\]')
#: Control characters other than tab, line feed and carriage return.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]")
_MOVE_NUMBER = re.compile(r"[0-9]{1,6}\.+")
_DATE = re.compile(r"([0-9]{4}|\?{4})-([0-9]{2}|\?\?)-([0-9]{2}|\?\?)")


def _check_date(value: str, line: int | None) -> None:
    import datetime  # only records with a Date need it; the page starts without it
    match = _DATE.fullmatch(value)
    problem = None if match else "is not written YYYY-MM-DD (? for an unknown digit group)"
    if match:
        year, month, day = match.groups()
        if month != "??" and not 1 <= int(month) <= 12:
            problem = "has no such month"
        elif "?" not in year + month + day:
            try:
                datetime.date(int(year), int(month), int(day))
            except ValueError:
                problem = "is not a real day"
        elif day != "??" and not 1 <= int(day) <= 31:
            problem = "has no such day"
    if problem:
        raise RecordError(f"the Date {quote(value)} {problem}", line)


def _tokens(text: str, first_line: int):
    """Yield (line, kind, text) for the move text: kind is "comment", "number" or "word"."""
    line, i, n = first_line, 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
        elif ch in " \t\r":
            i += 1
        elif ch == "{":
            end = text.find("}", i + 1)
            if end < 0:
                raise RecordError("a comment opened with { is never closed with }", line)
            body = text[i + 1 : end]
            if "{" in body:
                raise RecordError("a comment holds another {: comments do not nest", line)
            yield line, "comment", body
            line += body.count("\n")
            i = end + 1
        elif ch == "}":
            raise RecordError("a } closes no comment", line)
        elif ch == "[":
            raise RecordError("a tag line comes after the moves began (tags go first, each on its own line)", line)
        else:
            j = i
            while j < n and text[j] not in " \t\r\n{}":
                j += 1
            word = text[i:j]
            i = j
            number = _MOVE_NUMBER.match(word)
            if number:
                yield line, "number", number.group()
                word = word[number.end():]
                if not word:
                    continue
            yield line, "word", word


def parse_record(text: str) -> Record:
    """Read a record into a :class:`Record` (the game, tags, comments, declared result)."""
    if not isinstance(text, str):
        raise RecordError("a record must be text")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record is {len(text):,} characters long; records are limited to {MAX_RECORD_CHARS:,}")
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    bad = _CONTROL.search(text)
    if bad:
        raise RecordError(f"the record holds a control character ({bad.group()!r})", text.count("\n", 0, bad.start()) + 1)

    if not text.strip():
        raise RecordError("the record is empty")
    lines = text.split("\n")
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    body_start = len(lines)
    for number, raw in enumerate(lines, 1):
        stripped = raw.strip()
        if not stripped:
            continue
        if not stripped.startswith("["):
            body_start = number - 1
            break
        match = _TAG_LINE.fullmatch(stripped)
        if not match:
            raise RecordError(f'unknown tag syntax {quote(stripped)} (a tag is [Name "value"], one on a line)', number)
        name, value = match.group(1), re.sub(r"\\(.)", r"\1", match.group(2))
        if name in tags:
            raise RecordError(f"tag {name} is given twice (also on line {tag_lines[name]})", number)
        if len(value) > MAX_TAG_CHARS:
            raise RecordError(f"tag {name} is {len(value):,} characters long (at most {MAX_TAG_CHARS:,})", number)
        tags[name], tag_lines[name] = value, number

    if "Game" not in tags:
        raise RecordError('the record has no Game tag (it starts like [Game "lilypad"])', 1)
    try:
        cls = position_class(tags["Game"], tags.get("Variant"))
    except RulesError as e:
        where = "Variant" if "Variant" in tags and "unknown variant" in str(e) else "Game"
        raise RecordError(str(e), tag_lines[where]) from None
    if "Position" in tags:
        try:
            start = cls.from_text(tags["Position"])
        except RulesError as e:
            raise RecordError(f"the Position tag is not a {cls.title} position: {e}", tag_lines["Position"]) from None
        tags["Position"] = start.text
    else:
        start = cls.start()
    if "Date" in tags:
        _check_date(tags["Date"], tag_lines["Date"])
    declared = tags.get("Result")
    if declared is not None and declared not in RESULTS:
        raise RecordError(f"the Result {quote(declared)} is not one of {', '.join(RESULTS)}", tag_lines["Result"])

    game = Game(cls.game, cls.variant, start)
    comments: dict[int, str] = {}
    token_result, result_line = None, tag_lines.get("Result")
    for line, kind, word in _tokens("\n".join(lines[body_start:]), body_start + 1):
        if token_result is not None:
            raise RecordError(f"{quote(word)} comes after the result {token_result}, which ends the record", line)
        if kind == "comment":
            note = _comment_text(word, line)
            ply = len(game.history)
            if note and ply in comments:  # several in one place are one comment, as written back
                note = f"{comments[ply]} {note}"
                if len(note) > MAX_COMMENT_CHARS:
                    raise RecordError(f"the comments after move {ply} are {len(note):,} characters long together "
                                      f"(at most {MAX_COMMENT_CHARS:,})", line)
            if note:
                comments[ply] = note
        elif kind == "word" and word in RESULTS:
            token_result, result_line = word, line
        elif kind == "word":
            _replay(game, word, line)
    engine = result_token(game)
    if engine != "*":  # the moves end the game: a "not known" says nothing against them
        if declared == "*":
            declared = tags["Result"] = engine
        if token_result == "*":
            token_result = engine
    if declared is not None and token_result is not None and declared != token_result:
        raise RecordError(
            f"the moves end with {token_result} but the Result tag (line {tag_lines['Result']}) says {declared}", result_line
        )
    record = Record(game, tags, comments, token_result or declared or engine)
    _check_result(record, result_line)
    return record


def _replay(game: Game, word: str, line: int) -> None:
    ply = len(game.history)
    if ply >= MAX_PLIES:
        raise RecordError(f"the record has more than {MAX_PLIES:,} moves", line)
    position = game.position
    cls = type(position)
    first = cls.sides[0]
    offset = game.start.turn != first
    name = f"move {(ply + offset) // 2 + 1} ({cls.side_names[position.turn]}) {quote(word, 20)}"
    if game.result is not None:
        raise RecordError(f"{name} comes after the end of the game ({game.describe_result()})", line)
    try:
        game.play(word)
    except IllegalMoveError:
        legal = position.moves()
        listed = ", ".join(legal[:8]) + (f" and {len(legal) - 8} more" if len(legal) > 8 else "")
        raise RecordError(f"{name} is not a legal move there (legal moves there: {listed})", line) from None


def read_record(text: str) -> Game:
    """Replay a record (see the module's docstring) into a :class:`~pygame_rules.Game`.

    Raises :class:`RecordError` (a :class:`~pygame_rules.RulesError`) naming the line and what is
    wrong. :func:`parse_record` also returns the tags, comments and declared result.
    """
    return parse_record(text).game


# ---------------------------------------------------------------------------------------------
# Compact move codes for links

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_DIGIT = {c: i for i, c in enumerate(ALPHABET)}
CHECK_BITS = 12


def _checksum(cls: type[Position], start: Position, moves: list[str]) -> int:
    data = "\n".join([cls.game, cls.variant or "", start.text, *moves]).encode()
    return zlib.crc32(data) & ((1 << CHECK_BITS) - 1)


def encode_moves(game: Game) -> str:
    """The moves of ``game`` as a short URL-safe code (letters, digits, ``-`` and ``_``).

    Ply i with n legal moves is a digit of radix n + 1: 0 ends the game, k plays the k-th move (the
    legal moves sorted by text, as ``Position.legal`` lists them). The digits, least significant
    first, then the checksum make one number, written in base 64 most significant digit first.
    """
    if not isinstance(game, Game):
        raise RecordError(f"a link's code is made of a game (pygame_rules.Game), not {shown(game)}")
    if len(game.history) > MAX_PLIES:
        raise RecordError(f"the game has {len(game.history):,} moves; links hold at most {MAX_PLIES:,}")
    number = 0
    for before, move in reversed(list(zip(game.positions, game.history))):
        texts = before.moves()
        number = number * (len(texts) + 1) + texts.index(move) + 1
    number = (number << CHECK_BITS) | _checksum(type(game.start), game.start, game.history)
    digits = []
    while number:
        number, digit = divmod(number, 64)
        digits.append(ALPHABET[digit])
    return "".join(reversed(digits)) or ALPHABET[0]


def decode_moves(game_id: str, variant: str | None, start: "str | None", code: str) -> Game:
    """Replay a code written by :func:`encode_moves` from ``start`` (None: the game's start).

    Raises :class:`RecordError` for a code that is not one :func:`encode_moves` writes for these
    moves: a character outside the alphabet, moves past the end of the game, a failed checksum.
    """
    cls = position_class(game_id, variant)
    if not isinstance(code, str) or not code:
        raise RecordError("the link's move code is empty")
    if len(code) > MAX_CODE_CHARS:
        raise RecordError(f"the link's move code is {len(code):,} characters long (at most {MAX_CODE_CHARS:,})")
    number = 0
    for i, ch in enumerate(code):
        digit = _DIGIT.get(ch)
        if digit is None:
            raise RecordError(f"the link's move code has {quote(ch)} at character {i + 1} (only letters, digits, - and _)")
        number = number * 64 + digit
    if len(code) > 1 and code[0] == ALPHABET[0]:
        raise RecordError("the link's move code starts with a stray A (it has been changed)")
    check, number = number & ((1 << CHECK_BITS) - 1), number >> CHECK_BITS
    game = Game(cls.game, cls.variant, start)
    while True:
        texts = game.moves()
        number, digit = divmod(number, len(texts) + 1)
        if digit == 0:
            break
        if len(game.history) >= MAX_PLIES:
            raise RecordError(f"the link's move code holds more than {MAX_PLIES:,} moves")
        game.play(texts[digit - 1])
    if number:
        where = (f"the end of the game ({game.describe_result()}, move {len(game.history)})" if game.result is not None
                 else f"its last move (move {len(game.history)})")
        raise RecordError(f"the link's move code goes on after {where}: it has been changed or belongs to another game")
    if check != _checksum(cls, game.start, game.history):
        raise RecordError("the link's move code fails its check: it has been changed, cut short, or belongs to another game")
    return game
