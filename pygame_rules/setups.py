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


def listing(squares: list[str]) -> str:
    """Squares as a phrase: "a1", "a1 and c3", "a1, c3 and e5"."""
    return squares[0] if len(squares) == 1 else ", ".join(squares[:-1]) + " and " + squares[-1]


class Editor:
    """One game's set-ups: its extra state (read, written and checked) and where its pieces may stand.

    Each game's module has its subclass (the game class's ``editor``), which names the extra
    state's ``fields`` (how a page shows them as form controls) and implements ``extra_of`` (a
    position string's extra fields, as set-up values), ``extra_text`` (set-up values to those
    fields, or None after adding problems) and ``check_squares``.
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
                    problems.add(f"{side_name} has {len(squares)} {what(side_name)} ({listing(squares)}); a side has "
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
            subject = f"The {self.name(letter)}{'s' if many else ''} on {listing(squares)}"
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


def _editor(game: str, variant: str | None) -> Editor:
    cls = position_class(game, variant)
    return cls.editor(cls)


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
    return {"fields": cls.editor.fields, "start": start, "empty": empty}


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
