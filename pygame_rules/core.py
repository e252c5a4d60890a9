"""The shared core: errors, board geometry, board strings, and the position protocol.

Every game module subclasses :class:`Position` and fills in a few hooks; search code, the command
line and the browser bridge use only what is declared here, so they never know which game they run.
"""

from __future__ import annotations

import math
import operator
import sys

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, ClassVar, Hashable, Iterable, Mapping, Sequence


class RulesError(ValueError):
    """Base class of the package's errors: a bad position, move, record, game or variant name, or
    another bad argument value (a level, a budget, a depth), said in plain words."""


class PositionError(RulesError):
    """A position string is malformed or describes an impossible position."""


class IllegalMoveError(RulesError):
    """A move text is malformed, or names no legal move in the position."""


#: Text longer than this is shortened when an error message quotes it.
QUOTE_LIMIT = 80


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for an error message, shortened in the middle when it is long.

    >>> quote("b1b1 b bg")
    "'b1b1 b bg'"
    >>> quote("x" * 1_000_000, limit=10)
    "'xxxxx…xxxxx' (1,000,000 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    half = limit // 2
    return f"{text[:half] + '…' + text[-half:]!r} ({len(text):,} characters)"


#: Digits of the longest whole number a message writes out.
SHOWN_DIGITS = 30


def shown(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """A value from outside (an argument, a field of a request) shown in a message in plain words:
    text quoted and shortened (:func:`quote`), a number written out, anything else named by its
    kind, never by a Python type name.

    >>> shown(None), shown([1]), shown({}), shown(float("nan")), shown(10**40)
    ('nothing', 'a list', 'a group of named values', 'NaN (not a number)', 'a number of more than 30 digits')
    """
    if isinstance(value, str):
        return quote(value, limit)
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "a yes/no value"
    if isinstance(value, int):  # str() of a huge int is slow, then refused: measure its bits first
        short = value.bit_length() <= 3.33 * SHOWN_DIGITS and len(str(abs(value))) <= SHOWN_DIGITS
        return f"{value:,}" if short else f"a number of more than {SHOWN_DIGITS} digits"
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN (not a number)"
        if not math.isfinite(value):
            return "infinity" if value > 0 else "minus infinity"
        # A whole number written out as the ints are (1e12 as 1,000,000,000,000), else as short as it goes.
        return f"{int(value):,}" if value.is_integer() and abs(value) < 1e15 else f"{value:,}"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "a group of named values"
    return "something else"


def whole_number(value: Any, name: str, least: int, most: int | None = None) -> int:
    """The argument ``value`` as a whole number from ``least`` to ``most``; else a RulesError
    naming ``name`` (a float, a yes/no value or text is not a whole number)."""
    number = None
    if not isinstance(value, bool):
        try:
            number = operator.index(value)
        except TypeError:
            pass
    if number is None or number < least or (most is not None and number > most):
        bound = f"from {least:,} to {most:,}" if most is not None else f"of {least:,} or more"
        raise RulesError(f"{name} must be a whole number {bound}, not {shown(value)}")
    return number


def positive_number(value: Any, name: str, most: float | None = None, zero: bool = False) -> float:
    """The argument ``value`` as a finite number more than 0 (or 0 too, with ``zero``; and at most
    ``most``); else a RulesError naming ``name``."""
    ok = not isinstance(value, bool) and isinstance(value, (int, float))
    if ok:
        try:
            ok = math.isfinite(value) and (value > 0 or (zero and value == 0)) and (most is None or value <= most)
        except OverflowError:  # an int too large for a float
            ok = False
    if not ok:
        least = "of 0 or more" if zero else "more than 0"
        bound = f" and at most {most:,}" if most is not None else ""
        raise RulesError(f"{name} must be a number {least}{bound}, not {shown(value)}")
    return value


def read_number(field: str, maximum: int, what: str, unit: str = "") -> int:
    """The whole number 0 to ``maximum`` written in ``field`` with the digits 0-9 (no sign, no
    other script's digits); a PositionError naming ``what`` otherwise. Every parser reads its
    numbers here, so an absurd one (a run of 5,000 digits, a '²') is a PositionError like any
    other bad field, never Python's own ValueError."""
    if not (field.isascii() and field.isdigit()):
        raise PositionError(f"{what} {quote(field)} must be a whole number written with the digits 0-9")
    digits = field.lstrip("0") or "0"
    if len(digits) > len(str(maximum)) or int(digits) > maximum:
        raise PositionError(f"{what} {quote(field)} is more than {maximum:,}{unit}")
    return int(digits)


# ---------------------------------------------------------------------------------------------
# Geometry


FILES = "abcdefghijklmnopqrstuvwxyz"

#: The eight directions as (file step, rank step): orthogonal first, then diagonal.
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))
DIRECTIONS = ORTHOGONAL + DIAGONAL


def square_name(file: int, rank: int) -> str:
    """Name of the square at 0-based ``file`` and ``rank``: ``square_name(0, 0) == "a1"``."""
    return f"{FILES[file]}{rank + 1}"


@dataclass(frozen=True)
class Geometry:
    """The squares of a board, their drawing coordinates, and neighbour tables.

    Squares are numbered in the order they are listed in a board string: from the top rank down,
    left to right within a rank, so a board string maps straight onto this numbering.
    ``kinds`` gives each square a drawing style ("light", "dark", "field", "burrow", ...).
    """

    width: int
    height: int
    names: tuple[str, ...]
    coords: tuple[tuple[int, int], ...]
    kinds: tuple[str, ...]
    index: dict[str, int] = field(repr=False, compare=False)
    #: ``steps[i][d]``: the square one step from ``i`` in ``DIRECTIONS[d]``, or -1.
    steps: tuple[tuple[int, ...], ...] = field(repr=False, compare=False)
    #: Squares of each rank from the top rank down, as board strings list them.
    ranks: tuple[tuple[int, ...], ...] = field(repr=False, compare=False)

    @classmethod
    def grid(cls, width: int, height: int, kind=lambda file, rank: "light", exists=lambda f, r: True):
        """A board of ``width`` x ``height`` squares; ``exists`` drops holes, ``kind`` styles squares."""
        names, coords, kinds, ranks = [], [], [], []
        for rank in reversed(range(height)):
            row = []
            for file in range(width):
                if exists(file, rank):
                    row.append(len(names))
                    names.append(square_name(file, rank))
                    coords.append((file, rank))
                    kinds.append(kind(file, rank))
            ranks.append(tuple(row))
        index = {name: i for i, name in enumerate(names)}
        at = {c: i for i, c in enumerate(coords)}
        steps = tuple(
            tuple(at.get((f + df, r + dr), -1) for df, dr in DIRECTIONS) for f, r in coords
        )
        return cls(width, height, tuple(names), tuple(coords), tuple(kinds), index, steps, tuple(ranks))

    def __len__(self) -> int:
        return len(self.names)

    def square(self, name: str) -> int:
        """Index of the square called ``name``; raises ``KeyError`` for a square not on the board."""
        return self.index[name]

    def step(self, i: int, direction: tuple[int, int]) -> int:
        """The square one step from ``i`` in ``direction`` (a (file, rank) pair), or -1."""
        return self.steps[i][DIRECTIONS.index(direction)]

    def ray(self, i: int, direction: tuple[int, int]) -> list[int]:
        """The squares from ``i`` (excluded) in ``direction`` up to the edge."""
        d = DIRECTIONS.index(direction)
        out = []
        i = self.steps[i][d]
        while i >= 0:
            out.append(i)
            i = self.steps[i][d]
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "width": self.width,
            "height": self.height,
            "squares": [
                {"name": n, "x": f, "y": self.height - 1 - r, "kind": k}
                for n, (f, r), k in zip(self.names, self.coords, self.kinds)
            ],
        }


EMPTY = "."


def parse_board(text: str, geometry: Geometry, pieces: str, *, spill: bool = False) -> list[str]:
    """Read a board string into a list of piece letters (``"."`` for empty) in square order.

    Ranks run from the top down, separated by ``/``; a letter is a piece, a digit a run of empty
    squares, and ``.`` one empty square. With ``spill``, a digit run may cross into the next rank
    and ``/`` may fall anywhere between squares (as the seeds' board2diag diagrams are written),
    and adjacent digits are one number (``16`` is two empty ranks), but the total must still fill
    the board exactly. Raises :class:`PositionError`.
    """
    cells: list[str] = []
    if spill:
        number = ""
        for ch in text + "/":
            if ch.isascii() and ch.isdigit():
                number += ch
                continue
            if number:
                run = read_number(number, len(geometry), f"board {quote(text)}: the empty run", " squares (the whole board)")
                if run == 0:
                    raise PositionError(f"board {quote(text)}: an empty run of 0 squares")
                cells.extend([EMPTY] * run)
                number = ""
            if ch != "/":
                cells.extend(_cells(ch, text, pieces))
        if len(cells) != len(geometry):
            raise PositionError(f"board {quote(text)} has {len(cells):,} squares, expected {len(geometry)}")
        return cells
    rows = text.split("/")
    if len(rows) != len(geometry.ranks):
        raise PositionError(f"board {quote(text)} has {len(rows):,} ranks, expected {len(geometry.ranks)}")
    for row, squares in zip(rows, geometry.ranks):
        got: list[str] = []
        for ch in row:
            got.extend(_cells(ch, text, pieces))
        if len(got) != len(squares):
            name = geometry.names[squares[0]][1:]
            raise PositionError(
                f"board {quote(text)}: rank {name} ({quote(row)}) has {len(got):,} squares, expected {len(squares)}"
            )
        cells.extend(got)
    return cells


def _cells(ch: str, text: str, pieces: str) -> list[str]:
    if ch == EMPTY:
        return [EMPTY]
    if ch.isascii() and ch.isdigit():
        if int(ch) == 0:
            raise PositionError(f"board {quote(text)}: an empty run of 0 squares")
        return [EMPTY] * int(ch)
    if ch in pieces:
        return [ch]
    raise PositionError(f"board {quote(text)}: unknown piece {ch!r} (pieces are {', '.join(pieces)})")


def format_board(cells: Sequence[str], geometry: Geometry) -> str:
    """Write ``cells`` as a canonical board string: digits for empty runs, one rank per ``/``."""
    rows = []
    for squares in geometry.ranks:
        out, run = [], 0
        for i in squares:
            if cells[i] == EMPTY:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(cells[i])
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return "/".join(rows)


# ---------------------------------------------------------------------------------------------
# Moves and positions


class Move:
    """One legal move: its canonical text, the squares its piece stops on, and what it does.

    ``path`` starts at the square the move starts from and lists every square a player clicks to
    enter it (for a drop, just the square). ``removed`` lists the squares whose pieces the move
    takes off the board; ``changed`` the squares off the path whose pieces it turns into other
    pieces, with the new letter (a 3 Crowns stone uncrowned); ``jumped`` the squares of pieces it
    leaps over and leaves as they are. ``after`` is the resulting position.

    A game may pass ``after`` as a function of no arguments that builds the position: it is called
    the first time ``after`` is read, so moves a search never plays cost little. The function must
    not hold the position the move was generated in (a move list holding a function holding its
    position would be a reference cycle, freed only by the garbage collector): give it the state.
    Games may subclass Move to carry facts of their own (as 3 Crowns does).
    """

    __slots__ = ("text", "path", "removed", "changed", "jumped", "_after")

    def __init__(
        self,
        text: str,
        path: tuple[str, ...],
        after: "Position | Callable[[], Position]",
        removed: tuple[str, ...] = (),
        changed: tuple[tuple[str, str], ...] = (),
        jumped: tuple[str, ...] = (),
    ):
        self.text = text
        self.path = path
        self.removed = removed
        self.changed = changed
        self.jumped = jumped
        self._after = after

    @property
    def after(self) -> "Position":
        """The position after this move."""
        after = self._after
        if not isinstance(after, Position):
            after = self._after = after()
        return after

    def __repr__(self) -> str:
        return f"Move({self.text!r}, path={self.path!r}, removed={self.removed!r})"

    def __str__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and (self.text, self.after) == (other.text, other.after)

    def __hash__(self) -> int:
        return hash(self.text)

    def to_json(self) -> dict[str, Any]:
        """The move as the bridge sends it; ``lands`` is the letter on its last square after it (a
        piece that becomes another where it stops, as a Lilypad soldier dropped as the King, shows
        there: a page names the move without the rules)."""
        after = self.after
        return {
            "text": self.text,
            "path": list(self.path),
            "removed": list(self.removed),
            "changed": dict(self.changed),
            "jumped": list(self.jumped),
            "lands": after.board_cells()[after.geometry.index[self.path[-1]]],
            "after": after.text,
        }


class Position:
    """An immutable game position. Subclasses implement one game (or one variant of it).

    A subclass declares the class attributes below and implements ``_parse``, ``_format`` and
    ``_generate``; it may override ``_decide`` (the end of the game), ``_canonical_move`` (accepted
    long forms of move texts), ``repetition_key``, ``status``, and for the search ``evaluate``,
    ``order_hint`` and ``wins_at_once``.
    """

    #: Game id, as :func:`pygame_rules.games` lists it.
    game: ClassVar[str]
    #: Human name of the game (a variant's says what it changes).
    title: ClassVar[str]
    #: One sentence on what a variant changes (empty for a game's standard rules).
    description: ClassVar[str] = ""
    #: Variant id (``None`` for the game's default rules).
    variant: ClassVar[str | None] = None
    #: Side letters, the side that moves first first; and their names.
    sides: ClassVar[tuple[str, str]]
    side_names: ClassVar[dict[str, str]]
    #: The start position string.
    start_text: ClassVar[str]
    geometry: ClassVar[Geometry]
    #: Piece letter -> description: ``{"side": ..., "name": ..., "glyph": ...}``.
    pieces: ClassVar[dict[str, dict[str, str]]]
    #: How long a search node of this game takes, relative to Lilypad's (``bench/speed.py``
    #: measures it): the AI's levels search that many times fewer nodes, so that a level thinks
    #: about as long in every game, on any machine.
    node_cost: ClassVar[float] = 1.0
    #: Level -> node budget (Lilypad's nodes, as in ``search.LEVELS``) for the levels this game
    #: budgets otherwise: a game whose levels need other steps to stay apart (``search.level_nodes``).
    level_nodes: ClassVar[Mapping[int, int]] = MappingProxyType({})
    #: The search score at which the side to move's expected result is about tanh(1) = 0.76: the
    #: search reports ``tanh(score / value_scale)`` as a value in (-1, 1) that means about the same
    #: in every game (``bench/value_scale.py`` fits it from self-play).
    value_scale: ClassVar[float] = 4.0
    #: What a draw costs the side the computer plays for, in ``evaluate()`` units, when it plays a
    #: game (``search.Search``'s contempt unless one is asked): it plays on rather than settle for
    #: a draw that is not forced. Analysis (Hint, the evaluation bar, the review) asks for 0.
    contempt: ClassVar[float] = 2.0
    #: A game that sets this asks only so much of a draw where the computer does not stand better,
    #: and more as it does, up to ``contempt`` (``search.computer_contempt``; Lilypad says why).
    contempt_when_even: ClassVar[float | None] = None
    #: The board's symmetries under which this game's rules are the same (``puzzlegen.SYMMETRIES``'
    #: names), each with whether it also swaps the colours; the identity first. Two puzzles whose
    #: positions are mirror images of each other are the same puzzle (``puzzlegen.mirror_images``).
    symmetries: ClassVar[tuple[tuple[str, bool], ...]] = (("identity", False),)
    #: Each piece letter's counterpart on the other side, for the symmetries that swap the colours.
    colour_swap: ClassVar[Mapping[str, str]] = MappingProxyType({})
    #: The board editor's checks of a set-up: a ``setups.Editor`` subclass, in the game's module.
    editor: ClassVar[type]
    #: The puzzle generator's solver budgets (``puzzlegen``): positions searched to find a puzzle
    #: (``nodes``) and to prove it afresh as the tests do (``check_nodes``), and the longest win
    #: it looks for (``max_n``).
    puzzle_search: ClassVar[Mapping[str, int]] = MappingProxyType({"max_n": 5, "nodes": 3_000, "check_nodes": 3_000})
    #: Worked examples of the game's original page that are puzzles: (position, the page's first
    #: move, where it comes from).
    puzzle_examples: ClassVar[tuple[tuple[str, str, str], ...]] = ()

    __slots__ = ("_state", "_text", "_legal", "_decision", "_winner", "_derived")

    def mirrorable(self) -> bool:
        """Whether this position's mirror images are the same game: its board, side to move and
        clock say everything (a game with more state says when they do not)."""
        return True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._evaluations: dict[Hashable, float] = {}  # each game's and variant's own (see cached_evaluation)

    def __init__(self, state: Any):
        """Wrap a game-specific ``state``; use :meth:`from_text` or :func:`pygame_rules.load`."""
        self._state = state
        self._text: str | None = None
        self._legal: tuple[Move, ...] | None = None
        self._decision: str | None | bool = False
        self._winner: str | None | bool = False
        #: What a game works out from the state once and reads again (Lilypad: bit masks), or None.
        self._derived: Any = None

    # -- hooks ---------------------------------------------------------------------------------

    @classmethod
    def _parse(cls, text: str) -> Any:
        """Return the game state of a position string; raise PositionError if it is bad."""
        raise NotImplementedError

    def _format(self) -> str:
        """Return the canonical position string of this position."""
        raise NotImplementedError

    def _generate(self) -> Iterable[Move]:
        """Yield every legal move, ignoring whether the game is already over."""
        raise NotImplementedError

    def _edges(self) -> list[tuple]:
        """Every legal move, ignoring whether the game is already over, as a light tuple for the
        search and perft: ``(text, change, order, capture, wins)``. ``change`` is what the game
        needs to build the state after the move (:meth:`_successor`), so a search builds only the
        states it visits; ``order`` is ``1000 * len(removed) + order_hint(move)``, ``capture``
        whether it removes a piece, ``wins`` is ``wins_at_once(move)``. Games override this with
        their generator (and build their public Moves from it); this default derives it from
        ``_generate``. ``tests/test_playouts.py`` checks that both agree everywhere."""
        turn = self.turn
        return [
            (m.text, m.after.state, 1000.0 * len(m.removed) + self.order_hint(m), bool(m.removed),
             m.after._decided() == turn)
            for m in self._generate()
        ]

    def _tactical_edges(self) -> tuple[list[tuple], bool]:
        """What a quiescence search needs: the edges that capture or win at once, and whether the
        position has any other move. Games override it to skip generating quiet moves they only
        need to know exist (``tests/test_playouts.py`` checks it against ``_edges``)."""
        edges = self._edges()
        tactical = [e for e in edges if e[3] or e[4]]
        return tactical, any(not e[3] for e in edges)

    def _has_move(self) -> bool:
        """Whether the side to move has a legal move, ignoring whether the game is already over:
        ``bool(self._edges())``, which the exhaustive solver asks of every move at its horizon (can
        it leave the opponent no move?). Games override it to stop at the first move they find
        (``tests/test_playouts.py`` checks it against ``_edges``)."""
        tactical, quiet = self._tactical_edges()
        return quiet or bool(tactical)

    def _successor(self, change: Any) -> Any:
        """The state after the move whose edge holds ``change`` (by default the state itself)."""
        return change

    def _after_edge(self, change: Any) -> "Position":
        """The position after the move whose edge holds ``change``, for the search. A game may
        also hand it what it works out once per position and the move changes little (Lilypad:
        its bit masks, updated on the squares the move changes)."""
        return type(self)(self._successor(change))

    def _decide(self) -> str | None:
        """Game-specific end checks before "no legal move loses": a winning side, "draw" or None."""
        return None

    def _canonical_move(self, text: str) -> str | None:
        """Map an accepted long form of a move text to its canonical text, or None."""
        return None

    def evaluate(self) -> float:
        """A heuristic score for the side to move, roughly in pawns; 0 when nothing is known."""
        return 0.0

    def wins_at_once(self, move: Move) -> bool:
        """Whether the game's end checks (``_decide``: a King home, a line of crowns, a Lion taken)
        declare the side to move the winner right after ``move``, before any reply. The search asks
        this of every move at its horizon; games override it with a test that need not build
        ``move.after`` for most moves."""
        return move.after._decided() == self.turn

    @classmethod
    def puzzle_themes(cls, line: list[tuple[Position, Move]]) -> list[str]:
        """The themes of a won puzzle ``line`` (each position with the move played there, the
        solver's first) that only this game has: what wins, when the last move wins at once (a
        blockade is every game's), then how. ``puzzlegen.themes_of`` adds the themes all share."""
        return []

    def order_hint(self, move: Move) -> float:
        """How promising ``move`` looks, for the search's move ordering (higher first); 0 by default."""
        return 0.0

    def status(self) -> dict[str, Any]:
        """What the UI should show besides the pieces: ``{"notes": [...], "marks": [...]}``.

        ``notes`` are short sentences; ``marks`` are ``{"square", "kind", "label"}`` dicts
        (kinds like "must-move", "frozen", "stuck", "charge", "win").
        """
        return {"notes": [], "marks": []}

    # -- public API ----------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str) -> "Position":
        """Parse a position string; raise :class:`PositionError` saying what is wrong."""
        if not isinstance(text, str):
            raise PositionError("a position must be text")
        position = cls(cls._parse(" ".join(text.split())))
        return position

    @classmethod
    def start(cls) -> "Position":
        """The game's start position (``start_text``)."""
        return cls.from_text(cls.start_text)

    @property
    def text(self) -> str:
        """The canonical position string."""
        if self._text is None:
            self._text = self._format()
        return self._text

    @property
    def turn(self) -> str:
        """The side to move."""
        return self._state.turn

    @property
    def state(self) -> Any:
        """The game-specific state (read only): immutable and hashable, and equal exactly when the
        positions are equal (a search keys its table by it; ``type(p)(p.state)`` copies ``p``)."""
        return self._state

    @property
    def repetition_key(self) -> Hashable:
        """What threefold repetition compares: the position without its move counters. Any hashable
        value will do; by default the position string, which games with counters override."""
        return self.text

    def legal(self) -> tuple[Move, ...]:
        """All legal moves as :class:`Move` objects, sorted by text; none once the game is over."""
        if self._legal is None:
            if self._decided() is not None:
                self._legal = ()
            else:
                self._legal = tuple(sorted(self._generate(), key=lambda m: m.text))
        return self._legal

    def _decided(self) -> str | None:
        if self._decision is False:
            self._decision = self._decide()
        return self._decision  # type: ignore[return-value]

    def moves(self) -> list[str]:
        """Canonical texts of all legal moves."""
        return [m.text for m in self.legal()]

    def move(self, text: str) -> Move:
        """The legal :class:`Move` named by ``text`` (canonical or an accepted long form)."""
        if not isinstance(text, str):
            raise IllegalMoveError("a move must be text")
        wanted = text.strip()
        for m in self.legal():
            if m.text == wanted:
                return m
        canonical = self._canonical_move(wanted) if wanted else None
        if canonical is not None:
            for m in self.legal():
                if m.text == canonical:
                    return m
        if self.winner is not None:
            why = f"the game is over ({self.describe_result()})"
        elif not wanted:
            why = "it is empty"
        else:
            why = "it is not a legal move here"
        raise IllegalMoveError(f"illegal move {quote(text)} in {quote(self.text)}: {why}")

    def play(self, move: "str | Move") -> "Position":
        """The position after ``move``; this position is unchanged. Raises IllegalMoveError."""
        return self._legal_move(move).after

    def _legal_move(self, move: "str | Move") -> Move:
        """The legal Move named by a text, or ``move`` itself if it is one of this position's moves
        (the same Move, or one with the same text and the same resulting position); a Move of
        another position or game is an IllegalMoveError, never played."""
        if not isinstance(move, Move):
            return self.move(move)
        if any(m is move for m in self.legal()):
            return move
        legal = self.move(move.text)
        if legal != move:
            raise IllegalMoveError(
                f"illegal move {quote(move.text)} in {quote(self.text)}: it was generated in another position"
            )
        return legal

    @property
    def winner(self) -> str | None:
        """The winning side, ``"draw"``, or None while the position alone does not end the game."""
        if self._winner is False:
            decided = self._decided()
            if decided is None and not self.legal():
                decided = self.other(self.turn)
            self._winner = decided
        return self._winner  # type: ignore[return-value]

    def end_reason(self) -> str | None:
        """Why the game ended at this position, as a sentence for people; None while it goes on."""
        winner = self.winner
        if winner is None:
            return None
        if self._decided() is None:
            return f"{self.side_names[self.turn]} has no legal move, so {self.side_names[winner]} wins."
        return self._end_reason(winner)

    def _end_reason(self, decided: str) -> str:
        """Game hook: why ``_decide`` ended the game (``decided`` is the winner or "draw")."""
        return "The game is drawn." if decided == "draw" else f"{self.side_names[decided]} wins."

    def describe_result(self) -> str:
        """The result in a few words: ``"in progress"``, ``"draw"`` or ``"<side name> wins"``
        (``"Black wins"``); :meth:`end_reason` says why, as a sentence."""
        w = self.winner
        if w is None:
            return "in progress"
        if w == "draw":
            return "draw"
        return f"{self.side_names[w]} wins"

    @classmethod
    def other(cls, side: str) -> str:
        """The side that is not ``side`` (one of :attr:`sides`)."""
        return cls.sides[1] if side == cls.sides[0] else cls.sides[0]

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Position)
            and (self.game, self.variant, self.text) == (other.game, other.variant, other.text)
        )

    def __hash__(self) -> int:
        return hash((self.game, self.variant, self.text))

    def __repr__(self) -> str:
        variant = f", variant={self.variant!r}" if self.variant else ""
        return f"pygame_rules.load({self.game!r}, {self.text!r}{variant})"

    def __str__(self) -> str:
        return self.diagram()

    def diagram(self) -> str:
        """The board as text, rank labels on the left, file letters below; '#' is no square."""
        g = self.geometry
        cells = self.board_cells()
        at = {c: i for i, c in enumerate(g.coords)}
        lines = []
        for rank in reversed(range(g.height)):
            row = [" " if (f, rank) not in at else cells[at[(f, rank)]] for f in range(g.width)]
            lines.append(f"{rank + 1:>2} " + " ".join(row))
        lines.append("   " + " ".join(FILES[: g.width]))
        return "\n".join(lines)

    def board_cells(self) -> Sequence[str]:
        """Piece letters in square order, ``"."`` for empty. Games store ``state.board`` so."""
        return self._state.board

    def pieces_on_board(self) -> dict[str, str]:
        """Square name -> piece letter for every occupied square."""
        names = self.geometry.names
        return {names[i]: p for i, p in enumerate(self.board_cells()) if p != EMPTY}

    @classmethod
    def info(cls) -> dict[str, Any]:
        """Fixed facts of the game for the UI: board geometry, pieces, sides, start."""
        return {
            "game": cls.game,
            "title": cls.title,
            "description": cls.description,
            "variant": cls.variant,
            "sides": [{"id": s, "name": cls.side_names[s]} for s in cls.sides],
            "pieces": cls.pieces,
            "start": cls.start_text,
            **cls.geometry.to_json(),
        }


def key_by(hash_width: int) -> Callable[[Hashable], Hashable]:
    """How the tables that remember positions (the search's, the evaluations') key a state.

    Python's hash is 64 bits wide on 64-bit builds: two states of one search sharing it is as
    unlikely as in a Zobrist-keyed engine's table, and an int is a cheap key that keeps no state
    alive. Pyodide's Python (wasm32) hashes to 32 bits, where a table of 100,000 states would mix
    some up and give a wrong score: there the state itself is the key, compared in full on a hit."""
    return hash if hash_width >= 64 else _itself


def _itself(state: Hashable) -> Hashable:
    return state


table_key = key_by(sys.hash_info.width)

#: Evaluations a game keeps at most (about 100 bytes each) before it forgets them all.
EVALUATIONS_KEPT = 100_000


def cached_evaluation(evaluate: Callable[[Position], float]) -> Callable[[Position], float]:
    """Decorate a game's ``evaluate`` to remember its scores by the position's state (``table_key``).

    A search meets the same positions again and again (each deeper iteration goes over the last
    one's tree, and transpositions), and an evaluation depends on the state alone. Keyed as the
    search's own table is; the memory is bounded."""

    def cached(self: Position) -> float:
        memo, key = self._evaluations, table_key(self._state)
        score = memo.get(key)
        if score is None:
            if len(memo) >= EVALUATIONS_KEPT:
                memo.clear()
            score = memo[key] = evaluate(self)
        return score

    cached.__doc__, cached.__name__ = evaluate.__doc__, evaluate.__name__
    return cached


def perft(position: Position, depth: int) -> int:
    """Number of legal move sequences of length ``depth`` from ``position`` (leaf nodes).

    >>> import pygame_rules
    >>> perft(pygame_rules.start("lilypad"), 3)
    288
    """
    if not isinstance(position, Position):
        raise RulesError(f"perft counts from a position (pygame_rules.start or load), not {shown(position)}")
    if whole_number(depth, "perft's depth", 0) == 0:
        return 1
    return _perft(type(position), position.state, depth)


def _perft(cls: type[Position], state: Any, depth: int) -> int:
    """Perft on the edge protocol: no Move objects, and no Positions kept."""
    position = cls(state)
    if position._decided() is not None:
        return 0
    edges = position._edges()
    if depth == 1:
        return len(edges)
    successor = position._successor
    return sum([_perft(cls, successor(edge[1]), depth - 1) for edge in edges])


def split_fields(text: str, count: int, example: str) -> list[str]:
    """Split a position string into exactly ``count`` space-separated fields."""
    parts = text.split()
    if len(parts) != count:
        raise PositionError(
            f"position {quote(text)} has {_parts(len(parts))} where {count} are expected, separated by spaces "
            f"(like {example!r})"
        )
    return parts


def _parts(n: int) -> str:
    return "no parts" if n == 0 else "1 part" if n == 1 else f"{n:,} parts"


# ---------------------------------------------------------------------------------------------
# Registry


_REGISTRY: dict[tuple[str, str | None], type[Position]] = {}


def register(cls: type[Position]) -> type[Position]:
    """Class decorator: make ``cls`` reachable as ``(cls.game, cls.variant)``."""
    _REGISTRY[(cls.game, cls.variant)] = cls
    return cls


def marking(marked: Iterable[str], letters: Iterable[str]) -> dict[int, str]:
    """A ``str.translate`` table turning each of ``letters`` and the empty square into "1" if it is
    in ``marked``, else "0": the translated board is searched with ``str.find`` or read as a bit
    mask (:func:`bit_mask`)."""
    marked = frozenset(marked)
    return str.maketrans({p: "1" if p in marked else "0" for p in (EMPTY, *letters)})


def bit_mask(board: str, marks: dict[int, str]) -> int:
    """The squares of ``board`` that ``marks`` (a :func:`marking`) marks, as a bit mask (bit ``i``
    for square ``i``)."""
    return int(board.translate(marks)[::-1], 2)


#: What the games remember between positions beyond their evaluations (Lilypad's flood fills, the
#: Lion Game's pieces' moves): a function emptying each. Remembering never changes a result.
_FORGETTERS: list[Callable[[], None]] = []


def remembers(forget_it: Callable[[], None]) -> Callable[[], None]:
    """Register a function that empties something a game remembers (for :func:`forget`)."""
    _FORGETTERS.append(forget_it)
    return forget_it


def forget() -> None:
    """Empty everything the games remember between positions, so that a benchmark's rounds each
    start afresh."""
    for cls in _REGISTRY.values():
        cls._evaluations.clear()
    for forget_it in _FORGETTERS:
        forget_it()


def games() -> list[str]:
    """Ids of the registered games, in registration order."""
    return list(dict.fromkeys(game for game, _ in _REGISTRY))


def variants(game: str) -> list[str | None]:
    """The rule sets of ``game``: None (its standard rules) first, then its variants' ids; each
    may be given as the ``variant`` of :func:`~pygame_rules.start` and the like.

    >>> variants("lion")
    [None]
    """
    position_class(game)
    return [None, *_variant_ids(game)]


def _variant_ids(game: str) -> list[str]:
    return [v for g, v in _REGISTRY if g == game and v is not None]


def position_class(game: str, variant: str | None = None) -> type[Position]:
    """The Position subclass for ``game`` and ``variant``; a RulesError names the known ones."""
    if not isinstance(game, str) or not isinstance(variant, (str, type(None))):
        raise RulesError("a game and its variant must be named by text")
    cls = _REGISTRY.get((game, variant or None))
    if cls is not None:
        return cls
    if (game, None) not in _REGISTRY:
        raise RulesError(f"unknown game {_name(game)} (games: {', '.join(games())})")
    known = ", ".join(_variant_ids(game)) or "none"
    raise RulesError(f"unknown variant {_name(variant)} of {game} (variants: {known})")


def _name(value: Any) -> str:
    return quote(value) if isinstance(value, str) else "(none)" if value is None else "(not text)"


class Game:
    """A game record: the start position, the moves played, undo, and threefold repetition.

    >>> game = Game("lilypad")
    >>> game.play("K@c8").text
    'K@c8'
    >>> game.position.turn
    'g'
    >>> game
    <Game 'lilypad', 1 move, in progress, position 'b1B1b1b1/1b1b1b1b/b1b1b1b1/8/8/1g1g1g1g/g1g1g1g1/1g1g1g1g g g'>
    """

    def __init__(self, game: str, variant: str | None = None, position: "str | Position | None" = None):
        cls = position_class(game, variant)
        if position is None:
            start = cls.start()
        elif isinstance(position, Position):
            if type(position) is not cls:
                raise PositionError(f"position {quote(position.text)} is not a {cls.title} position")
            start = position
        elif not isinstance(position, str):
            raise PositionError(f"a game's position must be a position string or a {cls.title} position, not {shown(position)}")
        else:
            start = cls.from_text(position)
        self.game, self.variant = game, variant or None
        self.start = start
        self._positions: list[Position] = [start]
        self._moves: list[Move] = []
        self._seen: dict[Hashable, int] = {start.repetition_key: 1}

    def __repr__(self) -> str:
        variant = f" variant {self.variant!r}" if self.variant else ""
        played = len(self._moves)
        return (f"<Game {self.game!r}{variant}, {played} move{'' if played == 1 else 's'}, "
                f"{self.describe_result()}, position {self.position.text!r}>")

    def copy(self) -> "Game":
        """An independent record with the same start and moves (positions are shared: immutable)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._positions, other._moves, other._seen = list(self._positions), list(self._moves), dict(self._seen)
        return other

    @property
    def position(self) -> Position:
        """The position now, after the last move played (the start while none is)."""
        return self._positions[-1]

    @property
    def history(self) -> list[str]:
        """The texts of the moves played, in order."""
        return [m.text for m in self._moves]

    @property
    def positions(self) -> list[Position]:
        """Every position of the game, the start first and the current one last (one more than the moves)."""
        return list(self._positions)

    @property
    def last_move(self) -> Move | None:
        """The last move played, as a :class:`Move`; None before the first."""
        return self._moves[-1] if self._moves else None

    def repetitions(self) -> int:
        """How many times the current position (ignoring counters) has occurred."""
        return self._seen[self.position.repetition_key]

    @property
    def result(self) -> str | None:
        """The winning side, ``"draw"`` (also by threefold repetition), or None."""
        if self.repetitions() >= 3:
            return "draw"
        return self.position.winner

    def describe_result(self) -> str:
        """The result in a few words, as :meth:`Position.describe_result` gives it, or ``"draw by
        threefold repetition"``."""
        if self.result == "draw" and self.position.winner is None:
            return "draw by threefold repetition"
        return self.position.describe_result()

    def end_reason(self) -> str | None:
        """Why the game is over, as a sentence (threefold repetition included); None while it goes on."""
        if self.result == "draw" and self.position.winner is None:
            return "The same position came up for the third time, so the game is drawn."
        return self.position.end_reason()

    def legal(self) -> tuple[Move, ...]:
        """The legal moves now as :class:`Move` objects; none once the game is over (threefold
        repetition included, which the position alone does not know)."""
        return () if self.result is not None else self.position.legal()

    def moves(self) -> list[str]:
        """The texts of :meth:`legal`'s moves."""
        return [m.text for m in self.legal()]

    def play(self, move: "str | Move") -> Move:
        """Play ``move`` (a text or a Move of the current position); return the Move played."""
        if self.result is not None:
            text = move.text if isinstance(move, Move) else move if isinstance(move, str) else ""
            raise IllegalMoveError(
                f"illegal move {quote(text)} in {quote(self.position.text)}: the game is over "
                f"({self.describe_result()})"
            )
        before = self.position
        m = before._legal_move(move)
        # The record must hold no chain of positions as long as the game: a position's cached
        # moves hold the positions after them, whose cached moves hold the next ones, and so on;
        # freeing such a chain recurses once per ply, which overflows the small stack of Python
        # in WebAssembly after some hundreds of plies. So a position moved past forgets its
        # moves (they are generated again if it is ever asked), and the chain stays one ply long.
        before._legal = None
        self._moves.append(m)
        self._positions.append(m.after)
        key = m.after.repetition_key
        self._seen[key] = self._seen.get(key, 0) + 1
        return m

    def undo(self) -> str:
        """Take back the last move and return its text; IndexError if none was played."""
        if not self._moves:
            raise IndexError("no move to undo")
        m = self._moves.pop()
        key = self._positions.pop().repetition_key
        self._seen[key] -= 1
        return m.text
