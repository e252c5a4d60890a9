"""The Lion Game (a 47-square design from Chess Variants): docs/rules.md, section THE LION GAME.

A 5 x 7 field with a ring of 12 burrow squares around it. Each side has a royal Lion, a Tiger, a
Spider, two Cobras, two Rhinoceroses, two Elephants and three Frogs (which promote to Butterflies);
capturing the enemy Lion wins. The board, the setup and every resolution of the original text's
gaps are docs/rules.md's; this module implements them as written there.

>>> p = Lion.start()
>>> len(p.moves()), sum(len(m.after.moves()) for m in p.legal())
(28, 784)
"""

from __future__ import annotations

import re
from functools import partial
from operator import itemgetter
from types import MappingProxyType
from typing import Iterable, Iterator, NamedTuple

from .core import (
    DIRECTIONS,
    EMPTY,
    Geometry,
    Move,
    Position,
    PositionError,
    cached_evaluation,
    bit_mask,
    format_board,
    marking,
    parse_board,
    quote,
    read_number,
    register,
    remembers,
    split_fields,
    shown,
    square_name,
)
from .setups import Editor, listing

WHITE, BLACK = "w", "b"
SIDE_NAMES = {WHITE: "White", BLACK: "Black"}

# ---------------------------------------------------------------------------------------------
# The board: a 5 x 7 field (b2-f8) and the burrow ring around it.

#: The burrow squares in ring order (a3 is next to b1 again); a ring step goes one place either way.
BURROW_RING = ("b1", "d1", "f1", "g3", "g5", "g7", "f9", "d9", "b9", "a7", "a5", "a3")
#: Each side's own green burrows; the enemy's frogs promote on landing there.
GREEN_BURROWS = {WHITE: ("b1", "d1", "f1"), BLACK: ("b9", "d9", "f9")}


def _on_field(file: int, rank: int) -> bool:
    return 1 <= file <= 5 and 1 <= rank <= 7


def _kind(file: int, rank: int) -> str:
    if _on_field(file, rank):
        return "field"
    green = GREEN_BURROWS[WHITE] + GREEN_BURROWS[BLACK]
    return "green-burrow" if square_name(file, rank) in green else "burrow"


GEOMETRY = Geometry.grid(
    7, 9, kind=_kind, exists=lambda f, r: _on_field(f, r) or square_name(f, r) in BURROW_RING
)

# ---------------------------------------------------------------------------------------------
# Pieces

LION, TIGER, SPIDER, COBRA, RHINO, ELEPHANT, FROG, BUTTERFLY = "ltscrefb"
LETTERS = {WHITE: "LTSCREFB", BLACK: "ltscrefb"}
SIDE_OF = {EMPTY: None, **{p: s for s, letters in LETTERS.items() for p in letters}}
KIND = {EMPTY: None, **{p: p.lower() for p in LETTERS[WHITE] + LETTERS[BLACK]}}
OTHER = {WHITE: BLACK, BLACK: WHITE}
#: Pieces that may stand on burrow squares; the others are field pieces.
BURROW_PIECES = frozenset("SCFBscfb")
#: Pieces a Tiger may leap over (either colour).
TIGER_LEAPS_OVER = frozenset("FSCBfscb")
#: Pieces a Spider may capture.
SPIDER_PREY = frozenset("FSCBfscb")
#: Pieces a Frog may not capture with its diagonal step (the leapfrog may).
FROG_SPARES = frozenset("ERer")
#: Most pieces of one kind a side can have (Frogs and Butterflies share the Frogs' three).
MOST = {LION: 1, TIGER: 1, SPIDER: 1, COBRA: 2, RHINO: 2, ELEPHANT: 2}
MOST_FROGS = 3

PIECE_NAMES = {
    LION: "Lion", TIGER: "Tiger", SPIDER: "Spider", COBRA: "Cobra",
    RHINO: "Rhinoceros", ELEPHANT: "Elephant", FROG: "Frog", BUTTERFLY: "Butterfly",
}
GLYPHS = {
    LION: "lion", TIGER: "tiger", SPIDER: "spider", COBRA: "cobra",
    RHINO: "rhino", ELEPHANT: "elephant", FROG: "frog", BUTTERFLY: "butterfly",
}
#: How each piece moves, for the UI's tap-to-explain (from docs/rules.md).
PIECE_HELP = {
    LION: "The royal piece: one or two king steps (the middle square empty, not back to the start); "
    "a capture ends the move. Field only. Ending a move next to a stuck friendly Elephant frees it. "
    "Lose your Lion and you lose the game.",
    TIGER: "Moves 1, 2 or 3 squares in one straight line, field only. It may pass over empty squares, "
    "Frogs, Spiders, Cobras and Butterflies, but not Lions, Tigers, Elephants or Rhinoceroses.",
    SPIDER: "One step, or a leap of exactly two squares in a line over anything; in the burrow also "
    "one ring step. Captures only Frogs, Cobras, Spiders and Butterflies. Leaping over an enemy marks "
    "it: while the Spider stands next to it, the marked piece cannot move.",
    COBRA: "One or two steps (king steps or ring steps), capturing at most once; after a capture on "
    "the first step it may step on or go back. It never leaves the burrow and the border of the "
    "field, except to capture one step inside and come straight back. May make a null move.",
    RHINO: "Steps one square orthogonally, field only. Moving on in the same direction next turn "
    "it charges: a slide of up to one square more than last time, removing every piece it passes "
    "and the one it stops on, friend or foe (never its own Lion). Going the full distance keeps "
    "the charge growing.",
    ELEPHANT: "One square diagonally any way, or one or two squares straight forward (the middle "
    "empty). Field only. An enemy on a burrow square it could otherwise reach is squashed, and the "
    "Elephant is stuck until its Lion ends a move next to it.",
    FROG: "Steps one square forward or sideways to an empty square (into the burrow too); captures "
    "one square diagonally forward, but not an Elephant or Rhinoceros. Leapfrog: jumps diagonally "
    "forward over an adjacent piece onto an empty square or any enemy. Ring steps in the burrow. "
    "Promotes to a Butterfly on the enemy's green burrows.",
    BUTTERFLY: "One step, then optionally a second step of the other kind (orthogonal then "
    "diagonal, or diagonal then orthogonal) over an empty field square. Entering the burrow or "
    "capturing on the first step ends the move; captures anything but Frogs; ring steps in the "
    "burrow. A Butterfly in the burrow must leave it (or ring-step) if it can.",
}

# ---------------------------------------------------------------------------------------------
# Square tables

NAMES = GEOMETRY.names
SQUARE = GEOMETRY.index
COUNT = len(NAMES)
STEP = GEOMETRY.steps
FILE = tuple(f for f, _ in GEOMETRY.coords)
RANK = tuple(r for _, r in GEOMETRY.coords)
#: King-step distance between two squares, ignoring the board's shape (for the evaluation).
DISTANCE = tuple(
    tuple(max(abs(FILE[i] - FILE[j]), abs(RANK[i] - RANK[j])) for j in range(len(FILE))) for i in range(len(FILE))
)
FIELD = tuple(kind == "field" for kind in GEOMETRY.kinds)
BURROW = tuple(i for i in range(COUNT) if not FIELD[i])
#: The cobras' zone: the burrow and the border of the field (files b and f, ranks 2 and 8).
ZONE = tuple(not FIELD[i] or FILE[i] in (1, 5) or RANK[i] in (1, 7) for i in range(COUNT))
#: Sort key that orders squares by name as plain text (a3 < b1 < b2), as the position lists are.
NAME_ORDER = {i: rank for rank, i in enumerate(sorted(range(COUNT), key=NAMES.__getitem__))}

NORTH, EAST, SOUTH, WEST = (DIRECTIONS.index(d) for d in ((0, 1), (1, 0), (0, -1), (-1, 0)))
ORTHOGONAL = (NORTH, EAST, SOUTH, WEST)
DIAGONAL = tuple(DIRECTIONS.index(d) for d in ((1, 1), (1, -1), (-1, -1), (-1, 1)))
DIRECTION_LETTERS = {NORTH: "n", EAST: "e", SOUTH: "s", WEST: "w"}
DIRECTION_WORDS = {NORTH: "north", EAST: "east", SOUTH: "south", WEST: "west"}
FORWARD = {WHITE: NORTH, BLACK: SOUTH}
FORWARD_DIAGONALS = {
    WHITE: tuple(DIRECTIONS.index(d) for d in ((1, 1), (-1, 1))),
    BLACK: tuple(DIRECTIONS.index(d) for d in ((1, -1), (-1, -1))),
}


def _steps(i: int, directions: Iterable[int]) -> tuple[int, ...]:
    return tuple(STEP[i][d] for d in directions if STEP[i][d] >= 0)


_ring_index = {SQUARE[name]: k for k, name in enumerate(BURROW_RING)}
#: The two ring neighbours of a burrow square; none for a field square.
RING = tuple(
    tuple(SQUARE[BURROW_RING[(_ring_index[i] + k) % len(BURROW_RING)]] for k in (1, -1))
    if i in _ring_index
    else ()
    for i in range(COUNT)
)
NEIGHBOURS = tuple(_steps(i, range(8)) for i in range(COUNT))
NEIGHBOUR_SET = tuple(frozenset(n) for n in NEIGHBOURS)
ORTHOGONAL_NEIGHBOURS = tuple(_steps(i, ORTHOGONAL) for i in range(COUNT))
DIAGONAL_NEIGHBOURS = tuple(_steps(i, DIAGONAL) for i in range(COUNT))
FIELD_NEIGHBOURS = tuple(tuple(j for j in NEIGHBOURS[i] if FIELD[j]) for i in range(COUNT))
#: A cobra's single steps: king steps and ring steps.
COBRA_STEPS = tuple(NEIGHBOURS[i] + RING[i] for i in range(COUNT))
#: Squares two king steps away or less, and the neighbours, as bit masks: for the Lion-safety
#: term of the evaluation.
NEAR_MASK = tuple(
    sum(1 << k for k in frozenset(k for j in NEIGHBOURS[i] for k in NEIGHBOURS[j] if k != i) | NEIGHBOUR_SET[i])
    for i in range(COUNT)
)
NEIGHBOUR_MASK = tuple(sum(1 << j for j in NEIGHBOURS[i]) for i in range(COUNT))


def _field_ray(i: int, d: int) -> tuple[int, ...]:
    """Field squares from ``i`` (excluded) in direction ``d`` up to the edge of the field."""
    out = []
    j = STEP[i][d]
    while j >= 0 and FIELD[j]:
        out.append(j)
        j = STEP[j][d]
    return tuple(out)


#: ``FIELD_RAYS[i][d]``: the field squares in direction ``d`` from ``i`` (Tiger and Rhino lines).
FIELD_RAYS = tuple(tuple(_field_ray(i, d) for d in range(8)) for i in range(COUNT))
TIGER_RAYS = tuple(tuple(r[:3] for r in FIELD_RAYS[i] if r) for i in range(COUNT))
#: A Spider's leaps: (square leapt over, landing square), straight two-square lines on the board.
SPIDER_LEAPS = tuple(
    tuple((STEP[i][d], STEP[STEP[i][d]][d]) for d in range(8) if STEP[i][d] >= 0 and STEP[STEP[i][d]][d] >= 0)
    for i in range(COUNT)
)
#: A Frog's leapfrogs per side: (square jumped over, landing square), diagonally forward.
LEAPFROGS = {
    side: tuple(
        tuple((STEP[i][d], STEP[STEP[i][d]][d]) for d in dirs if STEP[i][d] >= 0 and STEP[STEP[i][d]][d] >= 0)
        for i in range(COUNT)
    )
    for side, dirs in FORWARD_DIAGONALS.items()
}
FROG_STEPS = {side: tuple(_steps(i, (f, EAST, WEST)) for i in range(COUNT)) for side, f in FORWARD.items()}
FROG_CAPTURES = {side: tuple(_steps(i, dirs) for i in range(COUNT)) for side, dirs in FORWARD_DIAGONALS.items()}
#: Where a side's frogs promote: the enemy's green burrows.
PROMOTES = {
    WHITE: frozenset(SQUARE[n] for n in GREEN_BURROWS[BLACK]),
    BLACK: frozenset(SQUARE[n] for n in GREEN_BURROWS[WHITE]),
}



def _mask(squares: Iterable[int]) -> int:
    return sum(1 << j for j in set(squares))


_TWO_STEPS = tuple(
    frozenset(NEIGHBOURS[i] + RING[i] + tuple(k for j in NEIGHBOURS[i] + RING[i] for k in NEIGHBOURS[j] + RING[j]))
    for i in range(COUNT)
)


def _reach(p: str, i: int) -> Iterable[int]:
    """The squares where a piece ``p`` on ``i`` might take something in one move (more, never fewer)."""
    kind, side = KIND[p], SIDE_OF[p]
    if kind == TIGER:
        return [j for ray in TIGER_RAYS[i] for j in ray]
    if kind == FROG:
        return FROG_CAPTURES[side][i] + tuple(j for _, j in LEAPFROGS[side][i])
    if kind == RHINO:  # uncharged: one step (a charging Rhino is always generated)
        return ORTHOGONAL_NEIGHBOURS[i]
    if kind == SPIDER:
        return NEIGHBOURS[i] + RING[i] + tuple(j for _, j in SPIDER_LEAPS[i])
    if kind == ELEPHANT:
        ahead = STEP[i][FORWARD[side]]
        return DIAGONAL_NEIGHBOURS[i] + ((ahead, STEP[ahead][FORWARD[side]]) if ahead >= 0 else ())
    return _TWO_STEPS[i]  # Lion, Cobra, Butterfly


#: ``REACH[piece][i]``, as a bit mask: the squares where ``piece`` on ``i`` might take something.
REACH = {p: tuple(_mask(j for j in _reach(p, i) if j >= 0) for i in range(COUNT)) for p in LETTERS[WHITE] + LETTERS[BLACK]}


def _steps_to_empty(p: str, i: int) -> Iterable[int]:
    """Squares where, if empty, a piece ``p`` on ``i`` that may move has a quiet move (a step there;
    some quiet moves are not listed, never one that does not exist)."""
    kind, side = KIND[p], SIDE_OF[p]
    if kind in (LION, TIGER, RHINO):  # one step on the field (a charge's first square too)
        return [ray[0] for d in (range(8) if kind != RHINO else ORTHOGONAL) if (ray := FIELD_RAYS[i][d])]
    if kind == ELEPHANT:
        ahead = STEP[i][FORWARD[side]]
        return [j for j in DIAGONAL_NEIGHBOURS[i] + (ahead,) if j >= 0 and FIELD[j]]
    if kind == FROG:
        return FROG_STEPS[side][i] + RING[i]
    if kind == COBRA:
        return [j for j in COBRA_STEPS[i] if ZONE[j]]
    return NEIGHBOURS[i] + RING[i]  # Spider, Butterfly


#: ``STEPS[piece][i]``, as a bit mask: ``_steps_to_empty``, for the quiescence search's "is there
#: a quiet move" test.
STEPS = {p: tuple(_mask(_steps_to_empty(p, i)) for i in range(COUNT)) for p in LETTERS[WHITE] + LETTERS[BLACK]}
EVERY_SQUARE = (1 << COUNT) - 1
NOTHING: frozenset[int] = frozenset()
#: ``CLEARED[i]``: every square but ``i``, as a bit mask.
CLEARED = tuple(EVERY_SQUARE ^ (1 << i) for i in range(COUNT))
#: ``board.translate(PIECES_OF[side])`` marks ``side``'s pieces "1" and every other square "0".
PIECES_OF = {side: marking(letters, LETTERS[WHITE] + LETTERS[BLACK]) for side, letters in LETTERS.items()}

#: Move texts and two-square paths by (start, end), looked up rather than written per move.
MOVE_TEXT = {(i, j): f"{NAMES[i]}-{NAMES[j]}" for i in range(COUNT) for j in range(COUNT)}
TAKE_TEXT = {(i, j): f"{NAMES[i]}x{NAMES[j]}" for i in range(COUNT) for j in range(COUNT)}
PATH = {(i, j): (NAMES[i], NAMES[j]) for i in range(COUNT) for j in range(COUNT)}

# ---------------------------------------------------------------------------------------------
# Position


class State(NamedTuple):
    #: A letter a square in square order, "." for empty (a string: compact, and hashed once).
    board: str
    turn: str
    #: Charge entries (rhino square, direction index, distance), in square-name order.
    charges: tuple[tuple[int, int, int], ...]
    #: Spider marks (spider square, marked square), in square-name order.
    marks: tuple[tuple[int, int], ...]
    #: Stuck elephants' squares, in square-name order.
    stuck: tuple[int, ...]
    #: Plies since the last move that removed a piece or moved a frog.
    clock: int


#: A move before its resulting position is built: (path, start square, end square, removed squares,
#: the piece standing on the end square, charge entry recorded or None, whether it squashes, the
#: square it marks or -1).
Plan = tuple

DRAW_CLOCK = 100
_new = tuple.__new__  # builds a State without its constructor's Python-level call
_CHARGE = re.compile(r"([a-g][1-9])([nesw])([1-9][0-9]*)")
_MARK = re.compile(r"([a-g][1-9])>([a-g][1-9])")

#: What each piece is worth (the Frogs count by their progress): halfway from the hand-set values
#: before (Tiger 5, Rhinoceros 3.5, Elephant, Spider and Butterfly 3, Cobra 2.5) toward a fit on
#: self-play (``bench/texel.py fit lion ... --candidates``: each kind's count beside the other
#: terms, held as they are). At equal time they scored 79% against the engine before issue 28,
#: which had the hand-set ones (bench/README.md).
VALUES = {TIGER: 10.5, RHINO: 1.9, ELEPHANT: 4.1, SPIDER: 5.0, BUTTERFLY: 2.3, COBRA: 4.2, FROG: 1.0, LION: 0.0}
#: Evaluation weights beyond material (measured in bench/strength.py pairings): per square nearer
#: than HUNT_RANGE to the enemy Lion, for each hunter; and the share of a material lead gained as
#: the board empties (even trades favour the side ahead), against the starting material.
HUNT, HUNT_RANGE = 0.1, 5
#: ``HUNT_BONUS[lion][i]``: what a hunter on ``i`` gains for standing near the enemy Lion on ``lion``.
HUNT_BONUS = tuple(tuple(HUNT * max(0, HUNT_RANGE - d) for d in row) for row in DISTANCE)
#: ``FROG_PROGRESS[side][i]``: a Frog's worth on ``i``: its value and the ranks it has advanced.
FROG_PROGRESS = {
    WHITE: tuple(VALUES[FROG] + 0.1 * r for r in RANK),
    BLACK: tuple(VALUES[FROG] + 0.1 * (8 - r) for r in RANK),
}
#: Each side's hunters (every piece but the Lion and the Frogs) with their values.
HUNTER_VALUES = {side: tuple((p, VALUES[p.lower()]) for p in letters[1:6] + letters[7]) for side, letters in LETTERS.items()}
TRADE_BONUS = 0.3
#: The evaluation's terms (``Lion.evaluation_terms``), and their weights, fitted by logistic
#: regression of self-play results on the terms (``bench/texel.py lion``, bench/README.md).
EVALUATION_TERMS = ("material", "pieces next to the Lion", "enemies near the Lion", "hunters near the enemy Lion",
                    "lead as material is traded", "side to move")
EVALUATION_WEIGHTS = (1.0, 0.05, -0.25, 1.0, TRADE_BONUS, 0.0)


def _play(cls: type["Lion"], state: State, plan: Plan) -> "Lion":
    """The position after a planned move: built only when a move's ``after`` is first read."""
    return cls(cls._after(state, *plan[1:]))


def _name_sorted(items, key=lambda x: x):
    return tuple(sorted(items, key=lambda x: NAME_ORDER[key(x)]))


def _first(entry):
    return entry[0]


def _mark_order(mark):
    return NAME_ORDER[mark[0]], NAME_ORDER[mark[1]]


# -- the board editor's checks (setups.py) ----------------------------------------------------


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
             {"key": "marked", "kind": "square", "label": "Marked piece", "pieces": "", "enemyOf": "spider"},
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
                problems.add(f"{self.cls.side_names[side]} has charges for the rhinos on {listing(mine)}; only the "
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


@register
class Lion(Position):
    """The Lion Game as docs/rules.md reconstructs it (board, setup and gap resolutions)."""

    game = "lion"
    editor = LionEditor
    title = "The Lion Game"
    evaluation_names = EVALUATION_TERMS
    evaluation_weights = EVALUATION_WEIGHTS
    # Fitted on 120 games at level 3 (bench/data/lion-level3.jsonl.gz, bench/README.md); with the
    # VALUES refitted since, the best fit there is 12.5, whose log loss is within 0.001 of 13.5's: kept.
    value_scale = 13.5
    sides = (WHITE, BLACK)
    side_names = SIDE_NAMES
    start_text = "c1c/rtlsr/1fefef1/5/7/5/1FEFEF1/RTLSR/C1C w - - - 0"
    geometry = GEOMETRY
    node_cost = 2.1  # bench/speed.py
    # Its own ladder: the many draws (by the 100-ply clock, after trades) need 4 and 4.5 times more
    # nodes from level 2 to 3 and from 3 to 4 for 65% wins, and level 5's time buys fewer nodes than
    # in Lilypad, so the ladder starts lower (bench/README.md, "The levels' ladders").
    level_nodes = MappingProxyType({1: 600, 2: 1500, 3: 6000, 4: 27000})
    # Pieces move alike left and right, and the board and the set-up are the same upside down with
    # the colours swapped.
    symmetries = (("identity", False), ("files reversed", False), ("ranks reversed", True), ("half turn", True))
    colour_swap = dict(zip("LTSCREFBltscrefb", "ltscrefbLTSCREFB"))
    pieces = {
        p: {
            "side": side,
            "name": f"{SIDE_NAMES[side]} {PIECE_NAMES[p.lower()]}",
            "glyph": GLYPHS[p.lower()],
            "help": PIECE_HELP[p.lower()],
        }
        for side, letters in LETTERS.items()
        for p in letters
    }

    __slots__ = ()

    # -- position strings -----------------------------------------------------------------------

    @classmethod
    def _parse(cls, text: str) -> State:
        board_text, side, charges_text, marks_text, stuck_text, clock_text = split_fields(
            text, 6, cls.start_text
        )
        board = "".join(parse_board(board_text, GEOMETRY, "".join(cls.pieces)))

        def bad(why: str) -> PositionError:
            return PositionError(f"position {quote(text)}: {why}")

        def describe(i: int) -> str:
            p = board[i]
            return "an empty square" if p == EMPTY else f"a {cls.pieces[p]['name']}"

        for i, p in enumerate(board):
            if p == EMPTY:
                continue
            if not FIELD[i] and p not in BURROW_PIECES:
                raise bad(f"{describe(i)} on burrow square {NAMES[i]} (only Spiders, Cobras, Frogs "
                          "and Butterflies may stand in the burrow)")
            if p.lower() == FROG and i in PROMOTES[SIDE_OF[p]]:
                raise bad(f"{describe(i)} on {NAMES[i]}, where it would have promoted to a Butterfly")
        for s, letters in LETTERS.items():
            for p in letters:
                most = MOST.get(p.lower())
                if most is not None and board.count(p) > most:
                    raise bad(f"{SIDE_NAMES[s]} has {board.count(p)} {PIECE_NAMES[p.lower()]}s; a side starts with {most}")
            frogs = board.count(letters[6]) + board.count(letters[7])
            if frogs > MOST_FROGS:
                raise bad(f"{SIDE_NAMES[s]} has {frogs} Frogs and Butterflies; a side starts with {MOST_FROGS} Frogs "
                          "(a Butterfly is a promoted Frog)")
        if side not in cls.sides:
            raise bad(f"side to move {quote(side)} must be 'w' or 'b'")
        mover = cls.other(side)
        if board.count(LETTERS[mover][0]) == 0:
            raise bad(f"{SIDE_NAMES[mover]} has no Lion, so the game ended before {SIDE_NAMES[side]}'s turn")

        def entries(field: str, what: str) -> list[str]:
            if field == "-":
                return []
            items = field.split(",")
            if len(set(items)) != len(items):
                raise bad(f"{what} {quote(field)} lists an entry twice")
            return items

        def square(name: str, entry: str, what: str) -> int:
            if name not in SQUARE:
                raise bad(f"{what} entry {quote(entry)}: {name} is not a square of the board")
            return SQUARE[name]

        charges = []
        for entry in entries(charges_text, "charges"):
            m = _CHARGE.fullmatch(entry)
            if not m:
                raise bad(f"charge entry {quote(entry)} must be like 'b4n2' (rhino square, n/e/s/w, distance)")
            i = square(m.group(1), entry, "charge")
            if board[i].lower() != RHINO:
                raise bad(f"charge entry {quote(entry)} names {describe(i)} on {NAMES[i]}, not a Rhinoceros")
            distance = read_number(
                m.group(3), 6, f"position {quote(text)}: charge entry {quote(entry)}: the distance",
                " squares (no rhino move on the field is longer)",
            )
            d = next(k for k, v in DIRECTION_LETTERS.items() if v == m.group(2))
            charges.append((i, d, distance))
        for s in cls.sides:
            mine = [NAMES[i] for i, _, _ in charges if SIDE_OF[board[i]] == s]
            if len(mine) > 1:
                raise bad(f"{SIDE_NAMES[s]} has charge entries {', '.join(mine)}: a side has one at most "
                          "(its old entries are dropped whenever it moves)")

        marks = []
        for entry in entries(marks_text, "marks"):
            m = _MARK.fullmatch(entry)
            if not m:
                raise bad(f"mark entry {quote(entry)} must be like 'e5>e4' (spider square > marked square)")
            spider, marked = square(m.group(1), entry, "mark"), square(m.group(2), entry, "mark")
            if board[spider].lower() != SPIDER:
                raise bad(f"mark entry {quote(entry)} names {describe(spider)} on {NAMES[spider]}, not a Spider")
            if SIDE_OF[board[marked]] != cls.other(SIDE_OF[board[spider]]):
                raise bad(f"mark entry {quote(entry)}: {describe(marked)} on {NAMES[marked]} is not an enemy "
                          "of that Spider")
            marks.append((spider, marked))

        stuck = []
        for entry in entries(stuck_text, "stuck"):
            if not re.fullmatch(r"[a-g][1-9]", entry):
                raise bad(f"stuck entry {quote(entry)} must be an elephant's square like 'b2'")
            i = square(entry, entry, "stuck")
            if board[i].lower() != ELEPHANT:
                raise bad(f"stuck entry {quote(entry)} names {describe(i)}, not an Elephant")
            stuck.append(i)

        clock = read_number(
            clock_text, DRAW_CLOCK, f"position {quote(text)}: the clock", " plies (the game is drawn at 100)"
        )
        return State(
            board,
            side,
            _name_sorted(charges, key=_first),
            tuple(sorted(marks, key=_mark_order)),
            _name_sorted(stuck),
            clock,
        )

    def _format(self) -> str:
        s = self._state
        charges = ",".join(f"{NAMES[i]}{DIRECTION_LETTERS[d]}{n}" for i, d, n in s.charges) or "-"
        marks = ",".join(f"{NAMES[a]}>{NAMES[b]}" for a, b in s.marks) or "-"
        stuck = ",".join(NAMES[i] for i in s.stuck) or "-"
        return f"{format_board(s.board, GEOMETRY)} {s.turn} {charges} {marks} {stuck} {s.clock}"

    @property
    def repetition_key(self) -> tuple:
        """The state without the clock."""
        return self._state[:-1]

    # -- end of the game ------------------------------------------------------------------------

    def _decide(self) -> str | None:
        s = self._state
        if LETTERS[s.turn][0] not in s.board:
            return self.other(s.turn)
        if s.clock >= DRAW_CLOCK:
            return "draw"
        return None

    def _end_reason(self, decided: str) -> str:
        if decided == "draw":
            return f"{DRAW_CLOCK} plies passed without a capture, a frog move or a promotion, so the game is drawn."
        name, loser = self.side_names[decided], self.side_names[self.other(decided)]
        return f"{name} captured the {loser} Lion, so {name} wins."

    # -- move generation ------------------------------------------------------------------------

    def frozen(self) -> frozenset[int]:
        """Squares of marked pieces whose spider stands next to them: they cannot move."""
        marks = self._state.marks
        if not marks:  # most positions: no generator to make
            return NOTHING
        return frozenset([b for a, b in marks if a in NEIGHBOUR_SET[b]])

    def _plans(self, quiet: bool = True) -> dict[str, Plan]:
        """Canonical move text -> plan, for every legal move (one per distinct effect); with
        ``quiet`` False only the moves that remove a piece, unless a butterfly must leave the
        burrow (then its moves, all of them)."""
        frozen = self.frozen()
        forced = self._forced_plans(frozen)
        if forced:
            return forced
        return {edge[0]: edge[1] for edge in self._piece_edges(frozen, quiet)[0]}

    def _pieces(self) -> dict[str, int]:
        """Each side's pieces as a bit mask, worked out once per position (the move generator
        and the evaluation both read them)."""
        masks = self._derived
        if masks is None:
            board = self._state.board
            masks = self._derived = {
                WHITE: bit_mask(board, PIECES_OF[WHITE]),
                BLACK: bit_mask(board, PIECES_OF[BLACK]),
            }
        return masks

    def _piece_edges(self, frozen: frozenset[int], quiet: bool) -> tuple[list[tuple], bool]:
        """The edges of every legal move when no butterfly must leave the burrow (with ``quiet``
        False only those that remove a piece), each piece's, square by square; and, with ``quiet``
        False, whether a piece that may move has an empty square among its ``STEPS`` (then a
        quiet move exists; False says nothing)."""
        s = self._state
        board, side = s.board, s.turn
        stuck, charges = s.stuck, s.charges
        edges: list[tuple] = []
        if not quiet:
            masks = self._derived or self._pieces()
            own, enemies = masks[side], masks[OTHER[side]]
            empty = EVERY_SQUARE ^ own ^ enemies
        steps = quiet
        remembered = _REMEMBERED[quiet]
        # The side's pieces found with str.find: in Pyodide, taking bits off a 47-bit mask one by
        # one costs four times as much.
        marked, i = board.translate(PIECES_OF[side]), -1
        while (i := marked.find("1", i + 1)) >= 0:
            if i in frozen:
                continue
            p = board[i]
            kind = KIND[p]
            if kind == ELEPHANT and i in stuck:
                continue
            if not quiet:
                if not steps and STEPS[p][i] & empty:
                    steps = True
                # Captures only: skip the pieces with no enemy within reach (a charging Rhino may take its own).
                if not REACH[p][i] & enemies and not (kind == RHINO and charges):
                    continue
            if kind == RHINO and charges:  # a charge is state beyond the board: not remembered
                plans: dict[str, Plan] = {}
                self._rhino(board, side, i, plans, quiet)
                edges += self._edges_of(plans.items())
                continue
            contents, known = remembered[p][i] or _table(p, i, quiet)
            key = contents(board)
            found = known.get(key)
            edges += _learn(self, kind, board, i, quiet, known, key) if found is None else found
        return edges, steps

    def _generate(self) -> Iterator[Move]:
        cls, state = type(self), self._state
        for text, plan in self._plans().items():
            removed = plan[3]
            names = tuple([NAMES[r] for r in removed]) if removed else ()
            yield Move(text, plan[0], partial(_play, cls, state, plan), names)

    def _edges(self) -> list[tuple]:
        """The core's edge protocol, from the same plans as the public Moves."""
        frozen = self.frozen()
        forced = self._forced_plans(frozen)
        return self._edges_of(forced.items()) if forced else self._piece_edges(frozen, True)[0]

    def _forced_plans(self, frozen: frozenset[int]) -> dict[str, Plan]:
        """The moves of the side to move's butterflies that start the turn in the burrow: if there
        are any, they must leave it (or ring-step), and nothing else may move."""
        s = self._state
        board, side = s.board, s.turn
        butterfly = LETTERS[side][7]
        plans: dict[str, Plan] = {}
        if butterfly in board:
            for i in BURROW:
                if board[i] == butterfly and i not in frozen:
                    self._butterfly(board, side, i, plans, True)
        return plans

    def _tactical_edges(self) -> tuple[list[tuple], bool]:
        """Only the plans that remove a piece (only they capture or win), generated alone; and
        whether a quiet move exists: most often a step to an empty square (``STEPS``) shows it."""
        frozen = self.frozen()
        forced = self._forced_plans(frozen)
        if forced:
            captures = [(text, plan) for text, plan in forced.items() if plan[3]]
            return self._edges_of(captures), len(captures) < len(forced)
        edges, quiet = self._piece_edges(frozen, False)
        if not quiet:  # no step to an empty square: look at every move
            quiet = any(not edge[3] for edge in self._piece_edges(frozen, True)[0])
        return edges, quiet

    def _edges_of(self, plans) -> list[tuple]:
        s = self._state
        board, side = s.board, s.turn
        edges = []
        for text, plan in plans:
            removed = plan[3]
            order, wins = 0.0, False
            for r in removed:  # order_hint and wins_at_once
                p = board[r]
                if KIND[p] == LION:
                    order, wins = order + 2000.0, True
                else:
                    order += 1000.0 + (VALUES[KIND[p]] if SIDE_OF[p] != side else -VALUES[KIND[p]])
            edges.append((text, plan, order, bool(removed), wins))
        return edges

    def _successor(self, plan: Plan) -> State:
        return self._after(self._state, *plan[1:])

    def _after_edge(self, plan: Plan) -> "Lion":
        """The position after a move, with the sides' bit masks worked out from these and the
        squares the move changes (reading the board takes two translations)."""
        child = type(self)(self._after(self._state, *plan[1:]))
        masks = self._derived
        if masks is not None:
            side = self._state.turn
            mover, other = masks[side], masks[OTHER[side]]
            for r in plan[3]:  # removed (a charge may take its own side's pieces)
                mover &= CLEARED[r]
                other &= CLEARED[r]
            child._derived = {side: mover & CLEARED[plan[1]] | 1 << plan[2], OTHER[side]: other}
        return child

    # Each piece's moves from square ``i`` go into ``plans``; with ``quiet`` False only those that
    # remove a piece (for a quiescence search).

    def _lion(self, board, side, i, plans, quiet) -> None:
        lion = board[i]
        for j in FIELD_NEIGHBOURS[i]:
            p = board[j]
            if p == EMPTY:
                if quiet:
                    plans.setdefault(MOVE_TEXT[i, j], (PATH[i, j], i, j, (), lion, None, False, -1))
                for k in FIELD_NEIGHBOURS[j]:
                    q = board[k]
                    if k == i or SIDE_OF[q] == side:
                        continue
                    if q == EMPTY:
                        if quiet:
                            plans.setdefault(MOVE_TEXT[i, k], (PATH[i, k], i, k, (), lion, None, False, -1))
                    else:
                        plans.setdefault(TAKE_TEXT[i, k], (PATH[i, k], i, k, (k,), lion, None, False, -1))
            elif SIDE_OF[p] != side:
                plans[TAKE_TEXT[i, j]] = (PATH[i, j], i, j, (j,), lion, None, False, -1)

    def _tiger(self, board, side, i, plans, quiet) -> None:
        tiger = board[i]
        for ray in TIGER_RAYS[i]:
            for j in ray:
                p = board[j]
                if p == EMPTY:
                    if quiet:
                        plans[MOVE_TEXT[i, j]] = (PATH[i, j], i, j, (), tiger, None, False, -1)
                elif SIDE_OF[p] != side:
                    plans[TAKE_TEXT[i, j]] = (PATH[i, j], i, j, (j,), tiger, None, False, -1)
                if p != EMPTY and p not in TIGER_LEAPS_OVER:
                    break

    def _spider(self, board, side, i, plans, quiet) -> None:
        spider = board[i]

        def land(j: int, over: int) -> None:
            p = board[j]
            if p == EMPTY:
                if quiet:
                    plans.setdefault(MOVE_TEXT[i, j], (PATH[i, j], i, j, (), spider, None, False, over))
            elif p in SPIDER_PREY and SIDE_OF[p] != side:
                plans.setdefault(TAKE_TEXT[i, j], (PATH[i, j], i, j, (j,), spider, None, False, over))

        for j in NEIGHBOURS[i]:
            land(j, -1)
        for j in RING[i]:
            land(j, -1)
        for over, j in SPIDER_LEAPS[i]:
            q = board[over]
            land(j, over if q != EMPTY and SIDE_OF[q] != side else -1)

    def _cobra(self, board, side, i, plans, quiet) -> None:
        a = NAMES[i]
        cobra = board[i]
        for j in COBRA_STEPS[i]:
            p = board[j]
            if p == EMPTY:
                if not ZONE[j]:
                    continue
                if quiet:
                    plans.setdefault(MOVE_TEXT[i, j], (PATH[i, j], i, j, (), cobra, None, False, -1))
                for k in COBRA_STEPS[j]:
                    if k == i:
                        if quiet:
                            plans.setdefault(f"{a}-{a}", ((a, a), i, i, (), cobra, None, False, -1))
                    elif ZONE[k]:
                        q = board[k]
                        if q == EMPTY:
                            if quiet:
                                plans.setdefault(MOVE_TEXT[i, k], (PATH[i, k], i, k, (), cobra, None, False, -1))
                        elif SIDE_OF[q] != side:
                            plans.setdefault(TAKE_TEXT[i, k], (PATH[i, k], i, k, (k,), cobra, None, False, -1))
            elif SIDE_OF[p] != side:
                # A first-step capture: stop, step on to an empty zone square, or go back.
                b = NAMES[j]
                plans[f"{a}x{b}-{a}"] = ((a, b, a), i, i, (j,), cobra, None, False, -1)
                if not ZONE[j]:
                    continue  # outside the zone it must go back
                plans[TAKE_TEXT[i, j]] = (PATH[i, j], i, j, (j,), cobra, None, False, -1)
                for k in COBRA_STEPS[j]:
                    if k != i and ZONE[k] and board[k] == EMPTY:
                        c = NAMES[k]
                        plans[f"{a}x{b}-{c}"] = ((a, b, c), i, k, (j,), cobra, None, False, -1)

    def _rhino(self, board, side, i, plans, quiet) -> None:
        rhino = board[i]
        charge = next((c for c in self._state.charges if c[0] == i), None)
        own_lion = LETTERS[side][0]
        for d in ORTHOGONAL:
            ray = FIELD_RAYS[i][d]
            if not ray:
                continue
            if charge is not None and charge[1] == d:
                reach = charge[2] + 1
                removed: tuple[int, ...] = ()
                for n, j in enumerate(ray[:reach], 1):
                    p = board[j]
                    if p == own_lion:
                        break
                    record = (j, d, reach) if n == reach else None
                    if p == EMPTY:
                        if quiet or removed:
                            plans[MOVE_TEXT[i, j]] = (PATH[i, j], i, j, removed, rhino, record, False, -1)
                    else:
                        removed += (j,)
                        plans[TAKE_TEXT[i, j]] = (PATH[i, j], i, j, removed, rhino, record, False, -1)
            else:
                j = ray[0]
                p = board[j]
                if p == EMPTY:
                    if quiet:
                        plans[MOVE_TEXT[i, j]] = (PATH[i, j], i, j, (), rhino, (j, d, 1), False, -1)
                elif SIDE_OF[p] != side:
                    plans[TAKE_TEXT[i, j]] = (PATH[i, j], i, j, (j,), rhino, (j, d, 1), False, -1)

    def _elephant(self, board, side, i, plans, quiet) -> None:
        a = NAMES[i]
        elephant = board[i]

        def reach(j: int, via: int) -> None:
            """The elephant could land on ``j`` (moving there, or to ``via`` first if not -1)."""
            p = board[j]
            b = NAMES[j]
            if FIELD[j]:
                if p == EMPTY:
                    if quiet:
                        plans[MOVE_TEXT[i, j]] = (PATH[i, j], i, j, (), elephant, None, False, -1)
                elif SIDE_OF[p] != side:
                    plans[TAKE_TEXT[i, j]] = (PATH[i, j], i, j, (j,), elephant, None, False, -1)
            elif p != EMPTY and SIDE_OF[p] != side:
                if via < 0:
                    plans[f"{a}*{b}"] = (PATH[i, j], i, i, (j,), elephant, None, True, -1)
                else:
                    m = NAMES[via]
                    plans[f"{a}-{m}*{b}"] = ((a, m, b), i, via, (j,), elephant, None, True, -1)

        for j in DIAGONAL_NEIGHBOURS[i]:
            reach(j, -1)
        ahead = STEP[i][FORWARD[side]]
        if ahead >= 0:
            reach(ahead, -1)
            beyond = STEP[ahead][FORWARD[side]]
            if beyond >= 0 and FIELD[ahead] and board[ahead] == EMPTY:
                reach(beyond, ahead)

    def _frog(self, board, side, i, plans, quiet) -> None:
        frog = board[i]
        promotes = PROMOTES[side]
        butterfly = LETTERS[side][7]
        steps = [j for j in FROG_STEPS[side][i] + RING[i] if board[j] == EMPTY] if quiet else []
        captures = []
        for j in FROG_CAPTURES[side][i]:
            p = board[j]
            if p != EMPTY and SIDE_OF[p] != side and p not in FROG_SPARES:
                captures.append(j)
        for over, j in LEAPFROGS[side][i]:
            if board[over] == EMPTY:
                continue
            p = board[j]
            if p == EMPTY:
                if quiet:
                    steps.append(j)
            elif SIDE_OF[p] != side:
                captures.append(j)
        for j in steps:
            plans[MOVE_TEXT[i, j]] = (PATH[i, j], i, j, (), butterfly if j in promotes else frog, None, False, -1)
        for j in captures:
            plans[TAKE_TEXT[i, j]] = (PATH[i, j], i, j, (j,), butterfly if j in promotes else frog, None, False, -1)

    def _butterfly(self, board, side, i, plans, quiet) -> None:
        butterfly = board[i]
        enemy_frog = LETTERS[OTHER[side]][6]

        def land(j: int) -> bool:
            """Add the move ending on ``j`` if it may; True if ``j`` was empty."""
            p = board[j]
            if p == EMPTY:
                if quiet:
                    plans.setdefault(MOVE_TEXT[i, j], (PATH[i, j], i, j, (), butterfly, None, False, -1))
                return True
            if SIDE_OF[p] != side and p != enemy_frog:
                plans.setdefault(TAKE_TEXT[i, j], (PATH[i, j], i, j, (j,), butterfly, None, False, -1))
            return False

        for first, second in ((ORTHOGONAL_NEIGHBOURS, DIAGONAL_NEIGHBOURS), (DIAGONAL_NEIGHBOURS, ORTHOGONAL_NEIGHBOURS)):
            for j in first[i]:
                if land(j) and FIELD[j]:
                    for k in second[j]:
                        land(k)
        for j in RING[i]:
            land(j)

    #: The move generator of each kind of piece.
    _MOVERS = {LION: _lion, TIGER: _tiger, SPIDER: _spider, COBRA: _cobra, RHINO: _rhino, ELEPHANT: _elephant,
               FROG: _frog, BUTTERFLY: _butterfly}

    @staticmethod
    def _after(s: State, start, end, removed, piece, charge, squash, mark) -> State:
        """The state after a planned move from ``s``; every bookkeeping rule of docs/rules.md is applied here."""
        side = s.turn
        old = s.board
        mover = old[start]
        # A few squares change: slicing the string beats a list of 47 squares.
        board = old[:start] + EMPTY + old[start + 1:]
        for r in removed:
            if r != end:
                board = board[:r] + EMPTY + board[r + 1:]
        board = board[:end] + piece + board[end + 1:]

        # The mover's old charge entries go first, and so do entries of rhinos removed now.
        charges = s.charges
        if charges:
            charges = tuple([c for c in charges if c[0] not in removed and SIDE_OF[old[c[0]]] != side])
        if charge is not None:
            charges = _name_sorted(charges + (charge,), key=_first) if charges else (charge,)

        marks = s.marks
        if marks or mark >= 0:
            kept = []
            for spider, marked in marks:
                if marked == start or spider in removed or marked in removed:
                    continue  # the marked piece moved, or one of the two is gone
                kept.append((end if spider == start else spider, marked))
            if mark >= 0 and (end, mark) not in kept:
                kept.append((end, mark))
            marks = tuple(sorted(kept, key=_mark_order))

        stuck = s.stuck
        if stuck or squash:
            still = [e for e in stuck if e not in removed]
            if KIND[mover] == LION:
                still = [e for e in still if not (e in NEIGHBOUR_SET[end] and SIDE_OF[board[e]] == side)]
            if squash:
                still.append(end)
            stuck = _name_sorted(still)

        clock = 0 if removed or KIND[mover] == FROG else s.clock + 1
        return _new(State, (board, OTHER[side], charges, marks, stuck, clock))

    def _canonical_move(self, text: str) -> str | None:
        """Accept a move written as the squares a player clicks joined by ``-`` (``d7-d8-d9``)."""
        squares = text.split("-")
        matches = [m.text for m in self.legal() if list(m.path) == squares]
        return matches[0] if len(matches) == 1 else None

    # -- for the UI and the search ---------------------------------------------------------------

    def must_leave(self) -> list[int]:
        """Squares of the side to move's butterflies that must leave the burrow this turn."""
        s = self._state
        butterfly = LETTERS[s.turn][7]
        frozen = self.frozen()
        out = []
        for i in BURROW:
            if s.board[i] == butterfly and i not in frozen:
                plans: dict[str, Plan] = {}
                self._butterfly(s.board, s.turn, i, plans, True)
                if plans:
                    out.append(i)
        return out

    # -- puzzles (puzzlegen.py) ------------------------------------------------------------------

    @classmethod
    def puzzle_themes(cls, line):
        last_position, last = line[-1]
        themes = []
        if last_position.wins_at_once(last):
            taker = cls.pieces[last_position.pieces_on_board()[last.path[0]]]["name"].split()[-1]
            themes += ["The Lion taken", f"{taker} takes the Lion"]
        if any(m.after.board_cells().count(b) > pos.board_cells().count(b) for pos, m in line[0::2] for b in "Bb"):
            themes.append("Promotion")
        return themes

    def wins_at_once(self, move: Move) -> bool:
        """Only taking the enemy Lion wins at once (a rhino charge stops before its own Lion)."""
        board = self._state.board
        return any(KIND[board[SQUARE[name]]] == LION for name in move.removed)

    def order_hint(self, move: Move) -> float:
        """What the move takes: enemy pieces count for it, its own (a rhino charge) against it."""
        board, side = self._state.board, self._state.turn
        hint = 0.0
        for name in move.removed:
            p = board[SQUARE[name]]
            value = 1000.0 if KIND[p] == LION else VALUES[KIND[p]]
            hint += value if SIDE_OF[p] != side else -value
        return hint

    @cached_evaluation
    def evaluate(self) -> float:
        """The weighted sum of :meth:`evaluation_terms` (``EVALUATION_WEIGHTS``, fitted on
        self-play by ``bench/texel.py``), for the side to move."""
        return sum(w * t for w, t in zip(EVALUATION_WEIGHTS, self.evaluation_terms()))

    def evaluation_terms(self) -> list[float]:
        """The evaluation's terms (``EVALUATION_TERMS``), each the side to move's minus the
        other's: material (stuck and frozen pieces count less, frogs by their progress), a
        little Lion safety, and what turns an advantage into a win: pieces closing in on the
        enemy Lion, even trades for the side ahead; all faded toward a draw as the draw clock
        runs (the side ahead should capture or move a frog); and the side to move's own edge."""
        s = self._state
        board = s.board
        pieces = self._derived or self._pieces()
        material, hunters, lions = {}, {}, {}
        for side in (WHITE, BLACK):
            worth, found = 0.0, []  # hunters: every piece but the Lion and the Frogs
            for letter, value in HUNTER_VALUES[side]:
                j = board.find(letter)
                while j >= 0:
                    found.append(j)
                    worth += value
                    j = board.find(letter, j + 1)
            frog, progress = LETTERS[side][6], FROG_PROGRESS[side]
            j = board.find(frog)
            while j >= 0:
                worth += progress[j]
                j = board.find(frog, j + 1)
            material[side], hunters[side] = worth, found
            lions[side] = board.find(LETTERS[side][0])
        frozen = self.frozen()
        if frozen or s.stuck:  # frozen and stuck pieces count less
            for i in frozen.union(s.stuck):
                material[SIDE_OF[board[i]]] -= 0.3 * VALUES[KIND[board[i]]]
        guards, threats, hunt = {WHITE: 0, BLACK: 0}, {WHITE: 0, BLACK: 0}, {WHITE: 0.0, BLACK: 0.0}
        total = material[WHITE] + material[BLACK]
        for side in (WHITE, BLACK):
            lion = lions[side]
            if lion < 0:
                material[side] -= 100.0
                continue
            other = OTHER[side]
            guards[side] = (NEIGHBOUR_MASK[lion] & pieces[side]).bit_count()
            threats[side] = (NEAR_MASK[lion] & pieces[other]).bit_count()
            near_lion = HUNT_BONUS[lion]
            for i in hunters[other]:
                hunt[other] += near_lion[i]
        me, other = s.turn, OTHER[s.turn]
        lead = material[me] - material[other]
        fade = 1.0 - s.clock / (2 * DRAW_CLOCK)
        return [
            lead * fade, (guards[me] - guards[other]) * fade, (threats[me] - threats[other]) * fade,
            (hunt[me] - hunt[other]) * fade, lead * max(0.0, 1.0 - total / START_MATERIAL) * fade, 1.0,
        ]

    def mirrorable(self) -> bool:
        s = self._state  # a charge, a mark or a stuck Elephant names squares and sides
        return not (s.charges or s.marks or s.stuck)

    def status(self) -> dict:
        """Charging rhinos, spider marks (frozen or not), stuck elephants, butterflies that must move."""
        s = self._state
        notes: list[str] = []
        marks: list[dict[str, str]] = []
        names = SIDE_NAMES
        winner = self.winner
        if winner in self.sides and LETTERS[s.turn][0] not in s.board:
            notes.append(f"{names[winner]} captured the {names[s.turn]} Lion and wins.")
        elif winner == "draw":
            notes.append(f"Draw: {DRAW_CLOCK} plies without a capture or a frog move.")
        elif winner in self.sides:
            notes.append(f"{names[s.turn]} has no legal move and loses.")
        for i, d, n in s.charges:
            owner = SIDE_OF[s.board[i]]
            # "toward": the squares the charge can reach, for the board to draw as an arrow.
            marks.append({"square": NAMES[i], "kind": "charge",
                          "label": f"charging {DIRECTION_WORDS[d]}, up to {n + 1}",
                          "toward": [NAMES[j] for j in FIELD_RAYS[i][d][:n + 1]]})
            when = "this turn" if owner == s.turn else "next turn"
            notes.append(
                f"The {names[owner]} Rhinoceros on {NAMES[i]} charges if it moves {DIRECTION_WORDS[d]} "
                f"{when}: up to {n + 1} squares, removing every piece in its way."
            )
        frozen = self.frozen()
        for spider, marked in s.marks:
            piece = f"The {self.pieces[s.board[marked]]['name']} on {NAMES[marked]}"
            if marked in frozen:
                marks.append({"square": NAMES[marked], "kind": "frozen",
                              "label": f"frozen by the spider on {NAMES[spider]}"})
                notes.append(f"{piece} cannot move while the Spider on {NAMES[spider]} stands next to it.")
            else:
                marks.append({"square": NAMES[marked], "kind": "marked",
                              "label": f"marked by the spider on {NAMES[spider]}"})
                notes.append(f"{piece} is marked by the Spider on {NAMES[spider]}: it cannot move whenever "
                             "that Spider stands next to it, until it makes a move.")
        for i in s.stuck:
            marks.append({"square": NAMES[i], "kind": "stuck", "label": "stuck"})
            notes.append(f"The Elephant on {NAMES[i]} is stuck until its Lion ends a move next to it.")
        if winner is None:
            leaving = self.must_leave()
            for i in leaving:
                marks.append({"square": NAMES[i], "kind": "must-move", "label": "must leave the burrow"})
            if leaving:
                notes.append(f"{names[s.turn]}'s Butterfly in the burrow must move this turn.")
            if s.clock >= DRAW_CLOCK - 20:
                notes.append(f"{s.clock} plies without a capture or a frog move: a draw at {DRAW_CLOCK}.")
        return {"notes": notes, "marks": marks}


#: Both sides' material at the start, for the evaluation's trade bonus.
START_MATERIAL = sum(VALUES[KIND[p]] for p in Lion.start().state.board if KIND[p])


# ---------------------------------------------------------------------------------------------
# Remembered moves

# A piece's moves (a Rhino's while no charge is recorded) depend only on what stands on the squares
# its generator reads, so the edges of each piece's moves from each square are remembered by those
# squares' contents, as chess engines look up a slider's attacks by the squares' occupancy: when
# only a few pieces have moved, the others' moves are one lookup. The squares are learnt from the
# generator itself, and tests compare the remembered moves with the generator's in random games.

#: ``_REMEMBERED[quiet][piece][square]``: (the squares' contents getter, {contents: edges}), or None.
_REMEMBERED = {quiet: {p: [None] * COUNT for p in LETTERS[WHITE] + LETTERS[BLACK]} for quiet in (True, False)}
#: Move sets remembered at most (a few moves each); then every table starts afresh.
REMEMBER_AT_MOST = 20_000
_remembered = 0


class _Reads:
    """A board for learning which squares a generator reads: the piece on its square, and every
    other square holding ``fill``."""

    def __init__(self, piece: str, square: int, fill: str):
        self.piece, self.square, self.fill, self.read = piece, square, fill, set()

    def __getitem__(self, j: int) -> str:
        self.read.add(j)
        return self.piece if j == self.square else self.fill


def _squares_read(p: str, i: int, quiet: bool) -> list[int]:
    """The squares the generator of piece ``p`` on square ``i`` reads on any board: every branch is
    taken on an empty board or on one full of enemies (a step or a slide goes on only over empty
    squares, a leapfrog only over a piece)."""
    side = SIDE_OF[p]
    blank = Lion(_new(State, (EMPTY * COUNT, side, (), (), (), 0)))
    read: set[int] = set()
    for fill in (EMPTY, LETTERS[OTHER[side]][0]):
        board = _Reads(p, i, fill)
        Lion._MOVERS[KIND[p]](blank, board, side, i, {}, quiet)
        read |= board.read
    return sorted(read)


def _table(p: str, i: int, quiet: bool) -> tuple:
    """A new table for piece ``p`` on square ``i``, keyed by the contents of the squares it reads."""
    table = _REMEMBERED[quiet][p][i] = (itemgetter(*_squares_read(p, i, quiet)), {})
    return table


def _learn(position: Lion, kind: str, board: str, i: int, quiet: bool, known: dict, key) -> tuple[tuple, ...]:
    """The edges of the piece on ``i``, generated and remembered under ``key``."""
    global _remembered
    _remembered += 1
    if _remembered > REMEMBER_AT_MOST:
        _forget_moves()
    plans: dict[str, Plan] = {}
    Lion._MOVERS[kind](position, board, position._state.turn, i, plans, quiet)
    edges = known[key] = tuple(position._edges_of(plans.items()))
    return edges


@remembers
def _forget_moves() -> None:
    global _remembered
    _remembered = 0
    for tables in _REMEMBERED.values():
        for squares in tables.values():
            squares[:] = [None] * COUNT
