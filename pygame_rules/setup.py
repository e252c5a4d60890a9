"""Board set-ups: a position as the board editor arranges it, checked and written as a position string.

A set-up is plain JSON, as a page sends it: the pieces (``{"board": {"c8": "B", ...}}``), the side
to move (``"turn"``) and each game's extra state, with the same names the position strings use:

- Lilypad: ``"drops"``, the sides that still have to drop their King (``["b", "g"]``, ``["g"]``, ``[]``).
- 3 Crowns: ``"bound"`` (``"*"`` before Green's first move, the square of the stone Green must step
  at ply 3, or ``"-"``) and ``"clock"`` (plies since the last capture, crowning or uncrowning).
- The Lion Game: ``"charges"`` (``[{"square": "b4", "direction": "n", "distance": 2}]``),
  ``"marks"`` (``[{"spider": "e5", "marked": "e4"}]``), ``"stuck"`` (elephant squares) and
  ``"clock"`` (plies since a piece was removed or a frog moved).

:func:`check` names, in plain words, everything wrong with a set-up (all of it at once, so a person
can fix it in one go) and gives its position string when there is nothing wrong; the game's own
parser has the last word, so a set-up it refuses is never passed. :func:`setup_of` is the reverse,
and :func:`editor` tells a page what to draw: the extra state's form fields and the start and empty
set-ups.

>>> check("lilypad", None, {"board": {"c8": "B", "f1": "G"}, "turn": "b", "drops": []})["position"]
'2B5/8/8/8/8/8/8/5G2 b -'
>>> check("lilypad", None, {"board": {"c8": "B", "a1": "G"}, "turn": "b"})["problems"][0]["text"]
'The Green King on a1 stands on a light square; only the dark squares are used.'
"""

from __future__ import annotations

import re
from typing import Any

from .core import EMPTY, Position, PositionError, format_board, position_class, shown

#: How many entries a list of the extra state may have before a set-up is refused unread (a board
#: has at most 64 squares, so no real list comes near).
MAX_ENTRIES = 100
#: The clock's range in both games that have one: the game is drawn when it reaches 100.
DRAW_CLOCK = 100


class Problems:
    """What is wrong with a set-up, collected: each problem a sentence and the squares it is about."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def add(self, text: str, squares: list[str] | tuple[str, ...] = ()) -> None:
        self.items.append({"text": text, "squares": list(squares)})

    def __bool__(self) -> bool:
        return bool(self.items)


def _listing(squares: list[str]) -> str:
    return squares[0] if len(squares) == 1 else ", ".join(squares[:-1]) + " and " + squares[-1]


class Editor:
    """One game's set-ups: its extra state (read, written and checked) and where its pieces may stand.

    Subclasses name the extra state's ``fields`` (how a page shows them as form controls) and
    implement ``extra_of`` (a position string's extra fields, as set-up values), ``extra_text``
    (set-up values to those fields, or None after adding problems) and ``check_squares``.
    """

    fields: list[dict[str, Any]] = []

    def __init__(self, cls: type[Position]):
        self.cls = cls
        self.names = set(cls.geometry.names)

    def name(self, letter: str) -> str:
        return self.cls.pieces[letter]["name"]

    def side(self, letter: str) -> str:
        return self.cls.pieces[letter]["side"]

    # -- hooks -------------------------------------------------------------------------------

    def extra_of(self, fields: list[str]) -> dict[str, Any]:
        raise NotImplementedError

    def extra_text(self, setup: dict, board: dict[str, str], turn: str | None, problems: Problems) -> str | None:
        raise NotImplementedError

    def check_squares(self, board: dict[str, str], turn: str | None, problems: Problems) -> None:
        """Pieces on squares they can never stand on, and more pieces than a side can have."""

    # -- shared pieces -----------------------------------------------------------------------

    def too_many(self, board: dict[str, str], problems: Problems, limits: list[tuple[str, int, str]]) -> None:
        """``limits``: (letters, most, what) — a side with more than ``most`` of ``letters`` is a problem."""
        for side in self.cls.sides:
            for letters, most, what in limits:
                squares = sorted(sq for sq, p in board.items() if p in letters and self.side(p) == side)
                if len(squares) > most:
                    side_name = self.cls.side_names[side]
                    problems.add(f"{side_name} has {len(squares)} {what(side_name)} ({_listing(squares)}); a side has "
                                 f"{'one' if most == 1 else most} at most.", squares)

    def misplaced(self, board: dict[str, str], problems: Problems, allowed, why) -> None:
        """Problems for the pieces ``allowed(letter, square)`` refuses, one sentence per kind of piece:
        ``why(subject, many)`` says what is wrong of "The Black soldier on a1" (or, ``many``, "The
        Black soldiers on a1 and c1")."""
        wrong: dict[str, list[str]] = {}
        for square, letter in sorted(board.items()):
            if not allowed(letter, square):
                wrong.setdefault(letter, []).append(square)
        for letter, squares in wrong.items():
            many = len(squares) > 1
            subject = f"The {self.name(letter)}{'s' if many else ''} on {_listing(squares)}"
            problems.add(why(subject, many), squares)

    def clock(self, setup: dict, problems: Problems, what: str) -> str | None:
        value = setup.get("clock", 0)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (isinstance(value, float) and not value.is_integer()):
            problems.add(f"The clock ({what}) must be a whole number, not {shown(value)}.")
            return None
        if not 0 <= value <= DRAW_CLOCK:
            problems.add(f"The clock ({what}) must be from 0 to {DRAW_CLOCK} (the game is drawn at {DRAW_CLOCK}), "
                         f"not {shown(value)}.")
            return None
        return str(int(value))

    def square_value(self, value: Any, what: str, problems: Problems) -> str | None:
        if isinstance(value, str) and value in self.names:
            return value
        problems.add(f"{what} must be a square of the board, not {shown(value)}.")
        return None

    def entries(self, setup: dict, key: str, what: str, problems: Problems) -> list | None:
        value = setup.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list):
            problems.add(f"The {what} must be a list, not {shown(value)}.")
            return None
        if len(value) > MAX_ENTRIES:
            problems.add(f"The {what} list has {len(value):,} entries; a board has room for far fewer.")
            return None
        return value

    def piece_at(self, board: dict[str, str], square: str) -> str:
        return f"the {self.name(board[square])} on {square}" if square in board else f"the empty square {square}"

    def holding(self, board: dict[str, str], square: str) -> str:
        """What is on ``square``, as a clause: "a1 holds a Black stone", "a1 is empty"."""
        if square not in board:
            return f"{square} is empty"
        name = self.name(board[square])
        return f"{square} holds {'an' if name[0] in 'AEIOU' else 'a'} {name}"


# ---------------------------------------------------------------------------------------------
# Lilypad


class LilypadEditor(Editor):
    #: The rank each side's soldiers never enter (its King races there), and drops in play order.
    LAST_RANK = {"b": "1", "g": "8"}

    fields = [
        {"key": "drops", "kind": "sides", "label": "Still to drop its King",
         "help": "In the first two plies, Black then Green turns a soldier on its back row into its King."},
    ]

    def extra_of(self, fields: list[str]) -> dict[str, Any]:
        (drops,) = fields
        return {"drops": [] if drops == "-" else list(drops)}

    def extra_text(self, setup, board, turn, problems):
        drops = setup.get("drops", [])
        if not isinstance(drops, list) or not all(isinstance(s, str) and s in self.cls.sides for s in drops) \
                or len(set(drops)) != len(drops):
            problems.add("The sides still to drop their King must be a list of sides (Black, Green), each once.")
            return None
        first, second = self.cls.sides
        names = self.cls.side_names
        kings = {s: sorted(sq for sq, p in board.items() if p.isupper() and self.side(p) == s) for s in self.cls.sides}
        ok = True
        if drops == [first] or (drops and first in drops and drops[0] != first):
            drops = sorted(drops, key=self.cls.sides.index)
        if drops == [first]:
            problems.add(f"{names[first]} drops its King first, so {names[first]} cannot still have to drop while "
                         f"{names[second]} already has.")
            ok = False
        for side in drops:
            if kings[side]:
                problems.add(f"{names[side]} still has to drop its King but already has one on {_listing(kings[side])}.",
                             kings[side])
                ok = False
        if drops and turn is not None and turn != drops[0]:
            problems.add(f"{names[drops[0]]} has its King to drop, so {names[drops[0]]} is to move.")
            ok = False
        for side in self.cls.sides:
            if drops and side not in drops and not kings[side]:
                problems.add(f"{names[side]} has dropped its King but has none on the board (nothing can be captured "
                             "before both Kings are dropped).")
                ok = False
        return ("".join(drops) or "-") if ok else None

    def check_squares(self, board, turn, problems):
        cls = self.cls
        dark = {n for n, k in zip(cls.geometry.names, cls.geometry.kinds) if k == "dark"}
        self.misplaced(board, problems, lambda p, sq: sq in dark, lambda subject, many:
                       f"{subject} {'stand' if many else 'stands'} on a light square; only the dark squares are used.")
        uncrowned = {p for p, info in cls.pieces.items() if "crowned" not in info["name"]}
        soldiers = uncrowned if cls.crowning else {p for p in cls.pieces if p.islower()}
        what = "uncrowned checkers" if cls.crowning else "soldiers"
        outcome = "are crowned there" if cls.crowning else "never go there"
        self.misplaced(
            board, problems,
            lambda p, sq: sq not in dark or p not in soldiers or sq[1:] != self.LAST_RANK[self.side(p)],
            lambda subject, many: f"{subject} {'stand' if many else 'stands'} on {'their' if many else 'its'} last row, "
                                  f"and {what} {outcome}.",
        )
        kings = {p for p in cls.pieces if p.isupper()}
        self.too_many(board, problems, [
            ("".join(cls.pieces), 12, lambda side: f"{cls.checkers} (its King is one of them)"),
            ("".join(kings), 1, lambda side: "Kings" if not cls.crowning else "pawns"),
        ])


# ---------------------------------------------------------------------------------------------
# 3 Crowns


class ThreeCrownsEditor(Editor):
    fields = [
        {"key": "bound", "kind": "square", "label": "Bound stone",
         "help": "On Green's second turn, Green may only step the stone it moved first.",
         "options": [{"value": "-", "label": "None"}, {"value": "*", "label": "Before Green's first move"}],
         "pieces": "gG"},
        {"key": "clock", "kind": "number", "min": 0, "max": DRAW_CLOCK, "label": "Plies without capture or crowning",
         "help": "The game is drawn after 100 plies in a row with no capture, crowning or uncrowning."},
    ]

    def extra_of(self, fields):
        bound, clock = fields
        return {"bound": bound, "clock": int(clock)}

    def extra_text(self, setup, board, turn, problems):
        bound = setup.get("bound", "-")
        ok = True
        if bound == "*":
            if turn is not None and turn != "g":
                problems.add("Before Green's first move (as the bound stone says), Green must be the side to move.")
                ok = False
        elif bound != "-":
            square = self.square_value(bound, "The bound stone's square", problems)
            if square is None:
                ok = False
            elif board.get(square) not in ("g", "G"):
                problems.add(f"The bound stone must be a Green stone (the one Green moved first), but "
                             f"{self.holding(board, square)}.", [square])
                ok = False
        clock = self.clock(setup, problems, "plies since a capture, crowning or uncrowning")
        return f"{bound} {clock}" if ok and clock is not None else None

    def check_squares(self, board, turn, problems):
        stones = "".join(self.cls.pieces)
        self.too_many(board, problems, [(stones, 10, lambda side: "stones")])


# ---------------------------------------------------------------------------------------------
# The Lion Game


class LionEditor(Editor):
    DIRECTIONS = {"n": "north", "e": "east", "s": "south", "w": "west"}
    #: The rank of the enemy's green burrows, where a side's Frogs promote (they never stand there).
    PROMOTION_RANK = {"w": "9", "b": "1"}
    #: Letters (lowercase) of the pieces that may stand in the burrow.
    BURROWERS = "scfb"

    fields = [
        {"key": "charges", "kind": "list", "label": "Rhino charges",
         "help": "A rhino that moved its full distance last turn charges on in that direction.",
         "columns": [
             {"key": "square", "kind": "square", "label": "Rhino", "pieces": "Rr"},
             {"key": "direction", "kind": "choice", "label": "Direction",
              "options": [{"value": k, "label": v} for k, v in DIRECTIONS.items()]},
             {"key": "distance", "kind": "number", "label": "Distance", "min": 1, "max": 6},
         ]},
        {"key": "marks", "kind": "list", "label": "Spider marks",
         "help": "A piece a Spider leapt over cannot move while that Spider stands next to it.",
         "columns": [
             {"key": "spider", "kind": "square", "label": "Spider", "pieces": "Ss"},
             {"key": "marked", "kind": "square", "label": "Marked piece", "pieces": ""},
         ]},
        {"key": "stuck", "kind": "squares", "label": "Stuck elephants", "pieces": "Ee",
         "help": "An elephant that squashed a piece cannot move until its Lion ends a move next to it."},
        {"key": "clock", "kind": "number", "min": 0, "max": DRAW_CLOCK, "label": "Plies without capture or frog move",
         "help": "The game is drawn after 100 plies in a row in which no piece was removed and no frog moved."},
    ]

    def extra_of(self, fields):
        charges, marks, stuck, clock = fields
        split = lambda text: [] if text == "-" else text.split(",")  # noqa: E731
        return {
            "charges": [{"square": e[:2], "direction": e[2], "distance": int(e[3:])} for e in split(charges)],
            "marks": [{"spider": e[:2], "marked": e[3:]} for e in split(marks)],
            "stuck": split(stuck),
            "clock": int(clock),
        }

    def extra_text(self, setup, board, turn, problems):
        before = len(problems.items)
        charges = []
        for entry in self.entries(setup, "charges", "rhino charges", problems) or []:
            if not isinstance(entry, dict):
                problems.add("Each rhino charge must name a rhino's square, a direction and a distance.")
                continue
            square = self.square_value(entry.get("square"), "A charging rhino's square", problems)
            direction, distance = entry.get("direction"), entry.get("distance")
            if not isinstance(direction, str) or direction not in self.DIRECTIONS:
                problems.add(f"A rhino charge's direction must be north, east, south or west, not {shown(direction)}.")
            if isinstance(distance, bool) or not isinstance(distance, int) or not 1 <= distance <= 6:
                problems.add(f"A rhino charge's distance must be a whole number from 1 to 6 (no rhino move on the "
                             f"field is longer), not {shown(distance)}.", [square] if square else [])
            if square is None:
                continue
            if board.get(square, EMPTY).lower() != "r":
                problems.add(f"A rhino charge names {self.piece_at(board, square)}, not a Rhinoceros.", [square])
            elif isinstance(direction, str) and direction in self.DIRECTIONS and isinstance(distance, int) \
                    and not isinstance(distance, bool):
                charges.append((square, f"{square}{direction}{distance}"))
        for side in self.cls.sides:
            mine = sorted({sq for sq, _ in charges if self.side(board[sq]) == side})
            if len(mine) > 1:
                problems.add(f"{self.cls.side_names[side]} has charges for the rhinos on {_listing(mine)}; only the "
                             "rhino a side moved last can be charging.", mine)
        if len({sq for sq, _ in charges}) != len(charges):
            problems.add("A rhino has two charges; it can charge in one direction only.")
        marks = []
        for entry in self.entries(setup, "marks", "spider marks", problems) or []:
            if not isinstance(entry, dict):
                problems.add("Each spider mark must name the Spider's square and the marked piece's square.")
                continue
            spider = self.square_value(entry.get("spider"), "A marking Spider's square", problems)
            marked = self.square_value(entry.get("marked"), "A marked piece's square", problems)
            if spider is None or marked is None:
                continue
            if board.get(spider, EMPTY).lower() != "s":
                problems.add(f"A spider mark names {self.piece_at(board, spider)}, not a Spider.", [spider])
            elif marked not in board or self.side(board[marked]) == self.side(board[spider]):
                problems.add(f"The Spider on {spider} marks {self.piece_at(board, marked)}; a Spider marks only enemy "
                             "pieces it leapt over.", [spider, marked])
            else:
                marks.append(f"{spider}>{marked}")
        if len(set(marks)) != len(marks):
            problems.add("A spider mark is listed twice.")
        stuck = []
        for square in self.entries(setup, "stuck", "stuck elephants", problems) or []:
            square = self.square_value(square, "A stuck elephant's square", problems)
            if square is None:
                continue
            if board.get(square, EMPTY).lower() != "e":
                problems.add(f"A stuck elephant is listed on {square}, but {self.holding(board, square)}.", [square])
            elif square in stuck:
                problems.add(f"The elephant on {square} is listed as stuck twice.", [square])
            else:
                stuck.append(square)
        clock = self.clock(setup, problems, "plies since a piece was removed or a frog moved")
        if len(problems.items) > before or clock is None:
            return None
        # The position string lists entries sorted by square name as plain text.
        return " ".join([
            ",".join(sorted(text for _, text in charges)) or "-",
            ",".join(sorted(marks)) or "-",
            ",".join(sorted(stuck)) or "-",
            clock,
        ])

    def check_squares(self, board, turn, problems):
        cls = self.cls
        field = {n for n, k in zip(cls.geometry.names, cls.geometry.kinds) if k == "field"}
        self.misplaced(board, problems, lambda p, sq: sq in field or p.lower() in self.BURROWERS,
                       lambda subject, many: f"{subject} {'are' if many else 'is'} in the burrow, where only Spiders, "
                                             "Cobras, Frogs and Butterflies may stand.")
        self.misplaced(board, problems,
                       lambda p, sq: p.lower() != "f" or sq in field or sq[1:] != self.PROMOTION_RANK[self.side(p)],
                       lambda subject, many: f"{subject} {'stand' if many else 'stands'} on an enemy green burrow, "
                                             f"where {'they' if many else 'it'} would have become a Butterfly.")
        start = cls.start().pieces_on_board().values()
        limits = []
        for letter in cls.pieces:
            if letter.lower() in "fb":
                continue
            most = sum(1 for p in start if p == letter)
            plural = cls.pieces[letter]["name"].split(" ", 1)[1] + "s"
            limits.append((letter, most, lambda side, plural=plural: plural))
        for side in cls.sides:
            frogs = "".join(p for p in cls.pieces if p.lower() in "fb" and self.side(p) == side)
            most = sum(1 for p in start if p.lower() == "f" and self.side(p) == side)
            limits.append((frogs, most, lambda side: "Frogs and Butterflies (a Butterfly is a promoted Frog)"))
        self.too_many(board, problems, limits)
        mover = cls.other(turn) if turn is not None else None
        if turn is not None and not any(p.lower() == "l" and self.side(p) == mover for p in board.values()):
            name, other = cls.side_names[mover], cls.side_names[turn]
            problems.add(f"{name} has no Lion: the game ended when it was taken, so {other} cannot be to move. "
                         f"Put {name}'s Lion on the board, or make {name} the side to move.")


EDITORS: dict[str, type[Editor]] = {"lilypad": LilypadEditor, "three-crowns": ThreeCrownsEditor, "lion": LionEditor}


def _editor(game: str, variant: str | None) -> Editor:
    cls = position_class(game, variant)
    return EDITORS[cls.game](cls)


# ---------------------------------------------------------------------------------------------
# The public functions


def setup_of(position: Position) -> dict[str, Any]:
    """The set-up of ``position``: its pieces, side to move and extra state."""
    fields = position.text.split(" ")
    return {
        "board": position.pieces_on_board(),
        "turn": position.turn,
        **_editor(position.game, position.variant).extra_of(fields[2:]),
    }


def editor(game: str, variant: str | None = None) -> dict[str, Any]:
    """What a page needs to draw the editor of ``game``: the extra state's form ``fields`` and the
    ``start`` and ``empty`` set-ups (an empty board, first side to move, no extra state)."""
    cls = position_class(game, variant)
    start = setup_of(cls.start())
    empty = {**start, "board": {}, "turn": cls.sides[0]}
    for key, value in empty.items():
        if isinstance(value, list):
            empty[key] = []
        elif key == "clock":
            empty[key] = 0
        elif key == "bound":
            empty[key] = "-"
    return {"fields": EDITORS[cls.game].fields, "start": start, "empty": empty}


_QUOTED_POSITION = re.compile(r"^position (?:'[^']*'|\"[^\"]*\")(?: \([\d,]+ characters\))?: ")


def check(game: str, variant: str | None, setup: Any) -> dict[str, Any]:
    """Check a set-up: ``{"position", "problems", "over"}``. ``problems`` lists what is wrong, each
    ``{"text", "squares"}``; with none, ``position`` is the position string (else None) and ``over``
    says why the game is already over in that position (None while it goes on): a finished
    position may still be shown, but not played on."""
    ed = _editor(game, variant)
    cls = ed.cls
    problems = Problems()
    if not isinstance(setup, dict):
        problems.add("A set-up must be a group of named values (the board, the side to move, ...).")
        return _answer(None, problems)
    raw = setup.get("board", {})
    board: dict[str, str] = {}
    if not isinstance(raw, dict):
        problems.add(f"The board must list squares and their pieces, not {shown(raw)}.")
    elif len(raw) > len(cls.geometry.names):
        problems.add(f"The board lists {len(raw):,} squares; it has {len(cls.geometry.names)}.")
    else:
        for square, letter in raw.items():
            if square not in ed.names:
                problems.add(f"There is no square {shown(square)} on this board.")
            elif letter in (None, "", EMPTY):
                continue
            elif not isinstance(letter, str) or letter not in cls.pieces:
                problems.add(f"The piece on {square}, {shown(letter)}, is not a piece of {cls.title}.", [square])
            else:
                board[square] = letter
    turn = setup.get("turn")
    if not isinstance(turn, str) or turn not in cls.sides:
        problems.add(f"The side to move must be {' or '.join(cls.side_names.values())}, not {shown(turn)}.")
        turn = None
    ed.check_squares(board, turn, problems)
    extra = ed.extra_text(setup, board, turn, problems)
    if problems or extra is None:
        return _answer(None, problems)
    cells = [board.get(name, EMPTY) for name in cls.geometry.names]
    text = f"{format_board(cells, cls.geometry)} {turn} {extra}"
    try:
        position = cls.from_text(text)
    except PositionError as e:  # the parser's last word: a fault the checks above missed
        message = _QUOTED_POSITION.sub("", str(e))
        problems.add(message[0].upper() + message[1:] + ("" if message.endswith(".") else "."))
        return _answer(None, problems)
    return _answer(position, problems)


def _answer(position: Position | None, problems: Problems) -> dict[str, Any]:
    return {
        "position": position.text if position is not None else None,
        "problems": problems.items,
        "over": position.end_reason() if position is not None else None,
    }
