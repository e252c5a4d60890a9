"""Lilypad (Jonathan A. Leistiko, 2001): docs/rules.md, section LILYPAD.

Checkers on the dark squares, where each side also has a King that races for the far row. The
default rules are the Kings and Soldiers page; ``invisible-city`` is the designer's own text (a
pawn riding on a checker), with its Appendix A options as further variants.
"""

from __future__ import annotations

import re
from operator import mul, sub
from types import MappingProxyType
from typing import Any, Iterator, NamedTuple

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
    register,
    remembers,
    split_fields,
)
from .setups import Editor, listing

BLACK, GREEN = "b", "g"
SIDE_NAME = {BLACK: "Black", GREEN: "Green"}
GEOMETRY = Geometry.grid(8, 8, kind=lambda f, r: "dark" if (f + r) % 2 else "light")
DARK = frozenset(i for i, k in enumerate(GEOMETRY.kinds) if k == "dark")
RANK = tuple(r for _, r in GEOMETRY.coords)
RANK_OF = {name: r for name, (_, r) in zip(GEOMETRY.names, GEOMETRY.coords)}
#: Diagonal direction indices into ``GEOMETRY.steps``, per side: forward ones, and all four.
FORWARD = {
    BLACK: tuple(DIRECTIONS.index(d) for d in ((1, -1), (-1, -1))),
    GREEN: tuple(DIRECTIONS.index(d) for d in ((1, 1), (-1, 1))),
}
ALL_DIAGONALS = tuple(DIRECTIONS.index(d) for d in ((1, 1), (1, -1), (-1, -1), (-1, 1)))
#: The rank a side's King races to, and the rank it drops its King on (0-based).
LAST_ROW = {BLACK: 0, GREEN: 7}
BACK_ROW = {BLACK: 7, GREEN: 0}
#: Checkers of each side at the start (the King is one of them): a side never has more.
START_CHECKERS = 12

OTHER = {BLACK: GREEN, GREEN: BLACK}
#: Letters by side: soldier, King (default rules) or soldier with the pawn (invisible-city),
#: crowned checker, crowned checker with the pawn (invisible-city only).
SOLDIER = {BLACK: "b", GREEN: "g"}
KING = {BLACK: "B", GREEN: "G"}
CROWNED = {BLACK: "x", GREEN: "y"}
CROWNED_KING = {BLACK: "X", GREEN: "Y"}
SIDE_OF = {p: s for table in (SOLDIER, KING, CROWNED, CROWNED_KING) for s, p in table.items()}
#: The directions each piece steps and captures in: crowned checkers all four, others forward.
DIRECTIONS_OF = {
    p: ALL_DIAGONALS if p in (CROWNED[s], CROWNED_KING[s]) else FORWARD[s] for p, s in SIDE_OF.items()
}
#: The same checker with the King (pawn) added or taken off.
WITH_KING = {"b": "B", "g": "G", "x": "X", "y": "Y"}
WITHOUT_KING = {v: k for k, v in WITH_KING.items()}
CROWN = {"b": "x", "g": "y", "B": "X", "G": "Y"}
#: The evaluation's terms (``Lilypad.evaluation_terms``), and their weights, fitted by logistic
#: regression of self-play results on the terms (``bench/texel.py fit lilypad``, 122 games at
#: level 3's budget in bench/data/, 2026-11-26; bench/README.md, "Issue 28"). The two tempo terms
#: are held at their earlier weights: fitted freely, tempo late in the game turns negative and rates
#: soldiers that can never move again above soldiers with their steps ahead (tests/test_evaluation.py).
EVALUATION_TERMS = (
    "checkers", "crowned", "King", "King's reach squared", "lone King's danger", "danger to the King",
    "danger x reach squared", "tempo", "steps", "stuck checkers", "tempo, late", "checkers, late",
    "side to move",
)
EVALUATION_WEIGHTS = (0.6701, 0.6, 7.08, 0.2079, -3.078, 0.3907, -0.05468, 0.7849, 0.3328, 0.3695, -0.7189, -1.459, -0.04878)
#: What each enemy piece ahead of a King costs it, by how many ranks ahead it stands.
DANGER_BY_RANK = (1.0, 1.0, 0.5)
#: The danger a lone King (the only one left) counts for at most: two enemies ahead. Its weight,
#: fitted on games where more was rare, would make a King in more danger worth less than a checker
#: on its square, so losing it would look like a gain (if it is captured the game is only drawn).
LONE_DANGER_CAP = 2.0


# -- move tables ----------------------------------------------------------------------------------
# The move generator reads these instead of working out directions and rules square by square.

NAMES = GEOMETRY.names
DARK_SQUARES = tuple(sorted(DARK))
KINGS = frozenset(KING.values()) | frozenset(CROWNED_KING.values())
#: A side's letters; those of its checkers without the King (Appendix A: the King's may not move).
MOVERS = {s: frozenset(p for p, side in SIDE_OF.items() if side == s) for s in (BLACK, GREEN)}
CHECKERS_WITHOUT_KING = {s: frozenset((SOLDIER[s], CROWNED[s])) for s in (BLACK, GREEN)}
ENEMIES = {s: MOVERS[OTHER[s]] for s in (BLACK, GREEN)}
ENEMY_CHECKERS_WITHOUT_KING = {s: CHECKERS_WITHOUT_KING[OTHER[s]] for s in (BLACK, GREEN)}
LAST_ROW_SQUARES = {s: frozenset(i for i in DARK if RANK[i] == LAST_ROW[s]) for s in (BLACK, GREEN)}
BACK_ROW_SQUARES = {s: tuple(i for i in DARK_SQUARES if RANK[i] == BACK_ROW[s]) for s in (BLACK, GREEN)}
DIAGONAL_NEIGHBOURS = tuple(
    tuple(GEOMETRY.steps[i][d] for d in ALL_DIAGONALS if GEOMETRY.steps[i][d] >= 0) for i in range(64)
)
#: ``STEP_TARGETS[piece][i]``: the squares ``piece`` steps to from ``i``, in its directions.
STEP_TARGETS = {
    p: tuple(tuple(GEOMETRY.steps[i][d] for d in dirs if GEOMETRY.steps[i][d] >= 0) for i in range(64))
    for p, dirs in DIRECTIONS_OF.items()
}
#: ``JUMP_LEGS[piece][i]``: the (jumped square, landing square) pairs of ``piece`` from ``i``.
JUMP_LEGS = {
    p: tuple(
        tuple(
            (GEOMETRY.steps[i][d], GEOMETRY.steps[GEOMETRY.steps[i][d]][d])
            for d in dirs
            if GEOMETRY.steps[i][d] >= 0 and GEOMETRY.steps[GEOMETRY.steps[i][d]][d] >= 0
        )
        for i in range(64)
    )
    for p, dirs in DIRECTIONS_OF.items()
}
#: The square between two squares a jump apart.
MIDDLE = {(i, land): over for legs in JUMP_LEGS.values() for i in range(64) for over, land in legs[i]}


def _landed(piece: str, i: int, crowning: bool) -> str | None:
    """Rule 3: ``piece`` as it stands after landing on ``i``, or None if it may not land there
    (a soldier on its last row; with crowning, it is crowned there instead)."""
    side = SIDE_OF[piece]
    if RANK[i] != LAST_ROW[side] or piece in (CROWNED[side], CROWNED_KING[side]):
        return piece
    if crowning:
        return CROWN[piece]
    return piece if piece == KING[side] else None


#: ``LANDING[crowning][piece][i]``: ``_landed(piece, i, crowning)`` for every square.
LANDING = {c: {p: tuple(_landed(p, i, c) for i in range(64)) for p in SIDE_OF} for c in (False, True)}


def _cone(side: str, king: int) -> tuple[tuple[int, float], ...]:
    """The squares up to three ranks ahead of a King on ``king`` reachable by forward diagonal
    steps, with the weight of each rank (``DANGER_BY_RANK``)."""
    cone, ring = [], {king}
    for weight in DANGER_BY_RANK:
        ring = {j for i in ring for j in STEP_TARGETS[SOLDIER[side]][i]}
        cone.extend((j, weight) for j in sorted(ring))
    return tuple(cone)


#: ``DANGER_MASKS[side][king]``: the squares where enemies endanger the King, as one bit mask
#: (bit ``i`` for square ``i``) per weight.
DANGER_MASKS = {
    side: tuple(
        tuple((sum(1 << j for j, w in _cone(side, k) if w == weight), weight) for weight in sorted(set(DANGER_BY_RANK)))
        for k in range(64)
    )
    for side in (BLACK, GREEN)
}
#: ``board.translate(...)``: "1" on a side's pieces (or its checkers without the King), else "0".
_BIT_TABLES = {
    (side, with_king): marking(MOVERS[side] if with_king else CHECKERS_WITHOUT_KING[side], SIDE_OF)
    for side in (BLACK, GREEN)
    for with_king in (True, False)
}
_FILE_A = sum(1 << i for i in range(64) if i % 8 == 0)
_FILE_H = sum(1 << i for i in range(64) if i % 8 == 7)
_ALL = (1 << 64) - 1
_NOT_FILE_A, _NOT_FILE_H = _ALL & ~_FILE_A, _ALL & ~_FILE_H


#: A diagonal step on bit masks: (how far bits move, the squares it may land on: a step to the
#: right cannot land on file a, nor one to the left on file h).
_FORWARD_SHIFTS = {BLACK: ((9, _NOT_FILE_A), (7, _NOT_FILE_H)), GREEN: ((-7, _NOT_FILE_A), (-9, _NOT_FILE_H))}
_ALL_SHIFTS = _FORWARD_SHIFTS[BLACK] + _FORWARD_SHIFTS[GREEN]


#: ``Lilypad._fill``'s flood fills by (pieces, King's square, one step only), at most
#: ``FILLS_KEPT`` (about 200 bytes each) before they are all forgotten.
_FILLS: dict[tuple[int, int, bool], list] = {}
FILLS_KEPT = 50_000
remembers(_FILLS.clear)

#: For each side to move, the sides in the order the end of the game looks at them (the side that
#: just moved first): (side, its King's letters, its last row as a slice of the board string).
_HOME_CHECKS = {
    turn: tuple(
        (side, KING[side], CROWNED_KING[side], slice(min(LAST_ROW_SQUARES[side]), max(LAST_ROW_SQUARES[side]) + 1))
        for side in (OTHER[turn], turn)
    )
    for turn in (BLACK, GREEN)
}
#: ``_CLEARED[i]``: every square but ``i``, as a bit mask.
_CLEARED = tuple(_ALL ^ (1 << i) for i in range(64))

#: The squares of each side's last row as a bit mask.
LAST_ROW_MASK = {s: sum(1 << i for i in LAST_ROW_SQUARES[s]) for s in (BLACK, GREEN)}
#: ``TEMPO_MASKS[side]``: (a rank's squares as a bit mask, the forward steps a checker there has
#: left before the rank next to its last row, where a soldier stops) for each rank with steps left.
TEMPO_MASKS = {
    side: tuple(
        (sum(1 << i for i in range(64) if RANK[i] == r), abs(r - LAST_ROW[side]) - 1)
        for r in range(8)
        if abs(r - LAST_ROW[side]) > 1
    )
    for side in (BLACK, GREEN)
}
#: ``DIAGONAL_MASK[i]``: the squares diagonally next to ``i`` as a bit mask.
DIAGONAL_MASK = tuple(sum(1 << j for j in DIAGONAL_NEIGHBOURS[i]) for i in range(64))


def _bits(board: str, side: str, with_king: bool = True) -> int:
    """The squares of ``side``'s pieces as a bit mask (bit ``i`` for square ``i``)."""
    return bit_mask(board, _BIT_TABLES[side, with_king])


#: ``_SWAP_EDGES[king][k]``: the edges of the King ``king`` on ``k`` swapping with the checker
#: ``checker`` on ``j``, as ``[checker][j]``; built on the first swap from ``k``, then shared.
_SWAP_EDGES: dict[str, list] = {king: [None] * 64 for king in WITHOUT_KING}


def _swap_edges(king: str, k: int) -> dict[str, list[tuple]]:
    side, lifted = SIDE_OF[king], (k, WITHOUT_KING[king])
    edges = _SWAP_EDGES[king][k] = {
        checker: [(f"{NAMES[k]}>{NAMES[j]}", (lifted, (j, WITH_KING[checker])), 0.0, False, j in LAST_ROW_SQUARES[side])
                  for j in range(64)]
        for checker in WITH_KING
        if SIDE_OF[checker] == side
    }
    return edges


#: ``STEP_EDGES[crowning][piece][i]``: (square, edge) for each square ``piece`` on ``i`` may step to
#: when it is empty, rule 3 applied. A step's edge depends on nothing else, so every position
#: shares these tuples instead of building its own.
STEP_EDGES = {
    c: {
        p: tuple(
            tuple(
                (j, (f"{NAMES[i]}-{NAMES[j]}", ((i, EMPTY), (j, landed)), 0.0, False,
                     j in LAST_ROW_SQUARES[SIDE_OF[p]] and landed in KINGS))
                for j in STEP_TARGETS[p][i]
                if (landed := LANDING[c][p][j]) is not None
            )
            for i in range(64)
        )
        for p in SIDE_OF
    }
    for c in (False, True)
}

_SEPARATORS = re.compile("[-:>@]")
_new = tuple.__new__  # builds a State without its constructor's Python-level call


class State(NamedTuple):
    #: A letter a square in square order, "." for empty (a string: compact, and hashed once).
    board: str
    turn: str
    #: Sides that still have to drop their King: "bg", "g" or "".
    drops: str


# -- the board editor's checks (setups.py) ----------------------------------------------------


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
                problems.add(f"{names[side]} still has to drop its King but already has one on {listing(kings[side])}.",
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


@register
class Lilypad(Position):
    """Lilypad with the Kings and Soldiers page's rules (the project's default).

    >>> p = Lilypad.start().play("K@c8").play("K@f1")
    >>> len(p.moves())
    18
    """

    game = "lilypad"
    editor = LilypadEditor
    title = "Lilypad"
    sides = (BLACK, GREEN)
    side_names = SIDE_NAME
    start_text = "b1b1b1b1/1b1b1b1b/b1b1b1b1/8/8/1g1g1g1g/g1g1g1g1/1g1g1g1g b bg"
    geometry = GEOMETRY
    pieces = {
        letter: {"side": side, "name": f"{SIDE_NAME[side]} {kind}", "glyph": glyph, "help": help}
        for side in (BLACK, GREEN)
        for letter, kind, glyph, help in (
            (
                side, "soldier", "checker",
                "Steps one square diagonally forward, or jumps an enemy piece diagonally forward and may "
                "jump on (captures are compulsory when possible). Never enters its last row.",
            ),
            (
                side.upper(), "King", "king",
                "Steps diagonally forward like a soldier and captures like one, or swaps places with a "
                "soldier of its own along a chain of them. Reach your last row with it to win.",
            ),
        )
    }

    evaluation_names = EVALUATION_TERMS
    evaluation_weights = EVALUATION_WEIGHTS
    value_scale = 6.0  # the best fit on the engine's own games at level 3 (bench/README.md, 2026-11-29)
    # A draw costs the computer 0.5 (not 2) while it stands no better: 2 gave games away to an equal
    # opponent content to repeat, 0.5 throughout drew too often with a weaker one (bench/README.md).
    contempt_when_even = 0.5
    # Soldiers move forward on the dark squares: only the half turn, with the colours swapped,
    # leaves the rules as they are.
    symmetries = (("identity", False), ("half turn", True))
    colour_swap = dict(zip("bBgGxXyY", "gGbByYxX"))

    # Rule switches that the invisible-city variants turn.
    crowning = False  # a soldier reaching its last row is crowned (else it may not go there)
    complete_jumps = False  # a capture chain must go on while it can
    king_checker_moves = True  # the King's own checker steps and captures
    king_checker_capturable = True
    king_range_one = False  # the King moves to an adjacent checker only
    #: What the pieces are called in messages.
    checkers = "soldiers"

    __slots__ = ()

    # -- position strings -----------------------------------------------------------------------

    @classmethod
    def _parse(cls, text: str) -> State:
        board_text, side, drops = split_fields(text, 3, cls.start_text)
        board = parse_board(board_text, GEOMETRY, "".join(cls.pieces) + "ac", spill=True)
        board = ["." if p in "ac" else p for p in board]  # the seeds' [1]/[2] labels
        if side not in cls.sides:
            raise PositionError(f"position {quote(text)}: side to move {quote(side)} must be 'b' or 'g'")
        if drops not in ("bg", "g", "-"):
            raise PositionError(f"position {quote(text)}: drops {quote(drops)} must be 'bg', 'g' or '-'")
        drops = "" if drops == "-" else drops
        if drops and side != drops[0]:
            raise PositionError(f"position {quote(text)}: {cls.side_names[drops[0]]} must drop its King first")
        for i, p in enumerate(board):
            if p == EMPTY:
                continue
            name = GEOMETRY.names[i]
            if i not in DARK:
                raise PositionError(f"position {quote(text)}: piece {p!r} on light square {name}")
            s = SIDE_OF[p]
            # A soldier may not go there; in the crowning variants it would have been crowned.
            uncrowned = (SOLDIER[s], KING[s]) if cls.crowning else (SOLDIER[s],)
            if p in uncrowned and RANK[i] == LAST_ROW[s]:
                what = "uncrowned checker" if cls.crowning else "soldier"
                raise PositionError(
                    f"position {quote(text)}: {cls.side_names[s]} {what} on {name}, its last row"
                )
        for s in cls.sides:
            count = sum(1 for p in board if p != EMPTY and SIDE_OF[p] == s)
            if count > START_CHECKERS:
                raise PositionError(
                    f"position {quote(text)}: {cls.side_names[s]} has {count} {cls.checkers}; a side starts "
                    f"with {START_CHECKERS} (its King is one of them)"
                )
            kings = [GEOMETRY.names[i] for i, p in enumerate(board) if p in (KING[s], CROWNED_KING[s])]
            if len(kings) > 1:
                raise PositionError(f"position {quote(text)}: {cls.side_names[s]} has two Kings ({', '.join(kings)})")
            if kings and s in drops:
                raise PositionError(
                    f"position {quote(text)}: {cls.side_names[s]} has a King on {kings[0]} but has still to drop one"
                )
            if not kings and drops and s not in drops:  # nothing is captured during the drops
                raise PositionError(
                    f"position {quote(text)}: {cls.side_names[s]} has dropped its King but has none on the board"
                )
        return State("".join(board), side, drops)

    def _format(self) -> str:
        s = self._state
        return f"{format_board(s.board, GEOMETRY)} {s.turn} {s.drops or '-'}"

    @property
    def repetition_key(self) -> State:
        return self._state  # no counters to leave out

    # -- end of the game ------------------------------------------------------------------------

    def king_square(self, side: str) -> int:
        """Index of ``side``'s King (or pawn), or -1."""
        board = self._state.board
        k = board.find(KING[side])
        return k if k >= 0 else board.find(CROWNED_KING[side])

    def _decide(self) -> str | None:
        """docs/rules.md's order: a King on its last row wins (the side that just moved is looked at
        first); else no King left after the drops is a draw."""
        s = self._state
        board = s.board
        for side, king, crowned_king, last_row in _HOME_CHECKS[s.turn]:
            home = board[last_row]
            if king in home or crowned_king in home:
                return side
        if s.drops or "B" in board or "G" in board or "X" in board or "Y" in board:  # a King left
            return None
        return "draw"

    def _end_reason(self, decided: str) -> str:
        if decided == "draw":
            return "Neither side has a King left, so the game is drawn."
        name = self.side_names[decided]
        return f"{name}'s King reached its last row (rank {LAST_ROW[decided] + 1}), so {name} wins."

    # -- move generation ------------------------------------------------------------------------

    def _generate(self) -> Iterator[Move]:
        """The public Moves, made from the edges: a path is the squares of the text, and a
        capture removes the square between each two landing squares."""
        cls = type(self)
        for text, changes, _, capture, _ in self._edges():
            path = tuple(_SEPARATORS.split(text)[1:] if text[0] == "K" else _SEPARATORS.split(text))
            removed = ()
            if capture:
                idx = [GEOMETRY.index[q] for q in path]
                removed = tuple(NAMES[MIDDLE[a, b]] for a, b in zip(idx, idx[1:]))
            yield Move(text, path, cls(self._successor(changes)), removed)

    def _successor(self, changes: tuple[tuple[int, str], ...]) -> State:
        """The state after a move that makes ``changes`` (square, new letter) to the board."""
        s = self._state
        board = s.board
        for i, piece in changes:  # two or three most often: slicing beats a list of 64 squares
            board = board[:i] + piece + board[i + 1:]
        return _new(State, (board, OTHER[s.turn], s.drops[1:]))

    def _after_edge(self, changes: tuple[tuple[int, str], ...]) -> "Lilypad":
        """The position after a move, with its bit masks worked out from these and the squares
        the move changes (a few operations where reading the board takes two translations)."""
        child = type(self)(self._successor(changes))
        masks = self._derived
        if masks is not None:
            black, green = masks[BLACK], masks[GREEN]
            for i, piece in changes:  # a piece only ever lands on an empty square or its own side's
                if piece == EMPTY:
                    black &= _CLEARED[i]
                    green &= _CLEARED[i]
                elif SIDE_OF[piece] == BLACK:
                    black |= 1 << i
                else:
                    green |= 1 << i
            child._derived = {BLACK: black, GREEN: green}
        return child

    def _edges(self) -> list[tuple]:
        """docs/rules.md's move rules (the core's edge protocol): drops during the drop phase, else the
        captures if there are any (rule 5), else steps and swaps."""
        s = self._state
        if s.drops:
            return self._drops()
        captures = self._captures()
        if captures:
            return captures
        return self._steps(self._own_squares(s.board, s.turn)) + self._swaps()

    def _tactical_edges(self) -> tuple[list[tuple], bool]:
        """Captures (then every move is one), else the King's moves that reach its last row, and
        whether a step or a swap exists, found without making them all."""
        s = self._state
        if s.drops:
            return [], True  # a drop neither captures nor wins
        board, turn = s.board, s.turn
        captures = self._captures()
        if captures:
            return captures, False
        k = self.king_square(turn)
        home = k >= 0 and self.king_checker_moves and abs(RANK[k] - LAST_ROW[turn]) == 1  # a step from home
        wins = [e for e in self._steps([k]) if e[4]] if home else []
        if self.crowning:  # a swap reaches the last row only onto a crowned checker there
            wins += [e for e in self._swaps() if e[4]]
        if wins:
            return wins, True
        if k >= 0 and DIAGONAL_MASK[k] & (self._derived or self._pieces())[turn]:
            return [], True  # a swap (to a checker of its own next to the King)
        if not self.crowning:  # a step to an empty square off the last row (the King's home steps won above)
            own, empty = self._own_and_empty(turn)
            for shift, keep in _FORWARD_SHIFTS[turn]:
                if (own << shift if shift > 0 else own >> -shift) & keep & empty & ~LAST_ROW_MASK[turn]:
                    return [], True
            return [], False
        landing = LANDING[self.crowning]
        for i in self._own_squares(board, turn):
            p = board[i]
            lands = landing[p]
            for j in STEP_TARGETS[p][i]:
                if board[j] == EMPTY and lands[j] is not None:
                    return [], True  # a step
        return [], False

    def _drops(self) -> list[tuple]:
        s = self._state
        board, turn = s.board, s.turn
        soldier, edges = SOLDIER[turn], []
        for i in BACK_ROW_SQUARES[turn]:
            if board[i] == soldier:
                edges.append((f"K@{NAMES[i]}", ((i, KING[turn]),), 0.0, False, False))
        return edges

    def _pieces(self) -> dict[str, int]:
        """Each side's pieces as a bit mask, worked out once per position: the end checks, the
        quiescence search and the evaluation all read them."""
        masks = self._derived
        if masks is None:
            board = self._state.board
            masks = self._derived = {BLACK: _bits(board, BLACK), GREEN: _bits(board, GREEN)}
        return masks

    def _own_and_empty(self, turn: str) -> tuple[int, int]:
        """The side to move's pieces that may move (Appendix A: not the pawn's checker), and the
        empty squares."""
        masks = self._derived or self._pieces()
        own = masks[turn]
        empty = _ALL ^ (own | masks[OTHER[turn]])
        return (own if self.king_checker_moves else own & ~self._king_bit(turn)), empty

    def _king_bit(self, side: str) -> int:
        k = self.king_square(side)
        return 1 << k if k >= 0 else 0

    def _own_squares(self, board: str, turn: str) -> list[int]:
        """The squares of the side to move's checkers that may move (Appendix A: not the pawn's)."""
        marked = board.translate(_BIT_TABLES[turn, self.king_checker_moves])
        own, i = [], marked.find("1")
        while i >= 0:
            own.append(i)
            i = marked.find("1", i + 1)
        return own

    def _steps(self, own: list[int]) -> list[tuple]:
        """Rule 2: one square diagonally forward (crowned checkers: any way) to an empty square;
        rule 3 (``LANDING``): never a soldier onto its last row. The edges are ``STEP_EDGES``'."""
        board = self._state.board
        step_edges, edges = STEP_EDGES[self.crowning], []
        for i in own:
            for j, edge in step_edges[board[i]][i]:
                if board[j] == EMPTY:
                    edges.append(edge)
        return edges

    def _captures(self) -> list[tuple]:
        s = self._state
        board, turn = s.board, s.turn
        edges: list[tuple] = []
        jumpers = self._jumpers(turn)
        if not jumpers:
            return edges
        work = list(board)
        while jumpers:  # square by square, in square order
            low = jumpers & -jumpers
            jumpers ^= low
            i = low.bit_length() - 1
            p = board[i]
            work[i] = EMPTY
            self._jumps(work, p, i, [NAMES[i]], [(i, EMPTY)], turn, edges)
            work[i] = p
        return edges

    def _jumpers(self, turn: str) -> int:
        """The checkers of the side to move that stand next to an enemy with an empty square
        beyond, in a direction they could jump: on bit masks, all pieces at once (``_jumps`` then
        follows each one's chains; none: no capture)."""
        masks = self._derived or self._pieces()
        own, enemies = masks[turn], masks[OTHER[turn]]
        empty = _ALL ^ (own | enemies)
        if not self.king_checker_moves:
            own &= ~self._king_bit(turn)
        if not self.king_checker_capturable:
            enemies &= ~self._king_bit(OTHER[turn])
        found = 0
        for shift, keep in _ALL_SHIFTS if self.crowning else _FORWARD_SHIFTS[turn]:
            if shift > 0:
                found |= ((((own << shift) & keep & enemies) << shift) & keep & empty) >> 2 * shift
            else:
                found |= ((((own >> -shift) & keep & enemies) >> -shift) & keep & empty) << -2 * shift
        return found

    def _jumps(self, board: list[str], piece: str, at: int, path: list[str], changes: list, turn: str,
               edges: list[tuple]) -> None:
        """Rule 4: capture chains from ``at`` (``board`` has the moving piece lifted off and the
        pieces jumped so far taken off), added to ``edges``; a chain may stop after any jump
        (Invisible City: must go on while it can, unless the checker was just crowned)."""
        landing = LANDING[self.crowning][piece]
        enemies = ENEMIES[turn] if self.king_checker_capturable else ENEMY_CHECKERS_WITHOUT_KING[turn]
        for over, land in JUMP_LEGS[piece][at]:
            victim = board[over]
            if victim not in enemies or board[land] != EMPTY:
                continue
            landed = landing[land]
            if landed is None:
                continue
            board[over] = EMPTY
            path.append(NAMES[land])
            changes.append((over, EMPTY))
            crowned_now = landed != piece
            if not self.complete_jumps or crowned_now or not self._can_jump(board, landed, land, turn):
                wins = land in LAST_ROW_SQUARES[turn] and landed in KINGS
                taken = 1000.0 * (len(changes) - 1)
                edges.append((":".join(path), (*changes, (land, landed)), taken, True, wins))
            if not crowned_now:  # crowning ends the move, as in checkers
                self._jumps(board, landed, land, path, changes, turn, edges)
            changes.pop()
            path.pop()
            board[over] = victim

    def _can_jump(self, board: list[str], piece: str, at: int, turn: str) -> bool:
        landing = LANDING[self.crowning][piece]
        enemies = ENEMIES[turn] if self.king_checker_capturable else ENEMY_CHECKERS_WITHOUT_KING[turn]
        return any(
            board[over] in enemies and board[land] == EMPTY and landing[land] is not None
            for over, land in JUMP_LEGS[piece][at]
        )

    def _swaps(self) -> list[tuple]:
        """Rule 6: the King moves to a friendly checker reachable through adjacent friendly checkers."""
        s = self._state
        board, turn = s.board, s.turn
        k = self.king_square(turn)
        if k < 0:
            return []
        fill = self._fill(turn, k, self.king_range_one)
        squares = fill[1]
        if squares is None:  # the checkers swapped to, read off the fill's bits once
            squares, targets = [], fill[0] & ~(1 << k)
            while targets:
                low = targets & -targets
                targets ^= low
                squares.append(low.bit_length() - 1)
            fill[1] = squares
        king = board[k]
        edges_from = _SWAP_EDGES[king][k] or _swap_edges(king, k)
        return [edges_from[board[j]][j] for j in squares]

    def _swap_targets(self, side: str, king: int, one_step: bool = False) -> int:
        """The King's square and the friendly checkers it can swap to, as a bit mask."""
        return self._fill(side, king, one_step)[0]

    def _fill(self, side: str, king: int, one_step: bool) -> list:
        """[the King's swap targets as a bit mask, their squares or None until read]: a flood
        fill through diagonally adjacent friendly checkers (or only the adjacent ones). A side's
        pieces change less often than the positions a search meets (the other side's moves leave
        them), so fills are remembered by (the side's pieces, the King's square)."""
        pieces = (self._derived or self._pieces())[side]
        key = (pieces, king, one_step)
        fill = _FILLS.get(key)
        if fill is not None:
            return fill
        friendly = pieces & ~(1 << king)  # the King's checker is where it stands
        seen = frontier = 1 << king
        right, left = _NOT_FILE_A & friendly, _NOT_FILE_H & friendly  # where a step may land
        while frontier:
            frontier = (
                (frontier << 9 & right) | (frontier << 7 & left) | (frontier >> 7 & right) | (frontier >> 9 & left)
            ) & ~seen
            seen |= frontier
            if one_step:
                break
        if len(_FILLS) >= FILLS_KEPT:
            _FILLS.clear()
        fill = _FILLS[key] = [seen, None]
        return fill

    def _canonical_move(self, text: str) -> str | None:
        """Accept a swap written as its chain, ``b3>c4>d3``, if each link is a real swap."""
        squares = text.split(">")
        if len(squares) < 3 or self.king_range_one:
            return None
        try:
            idx = [GEOMETRY.square(q) for q in squares]
        except KeyError:
            return None
        s = self._state
        if idx[0] != self.king_square(s.turn):
            return None
        friendly = (SOLDIER[s.turn], CROWNED[s.turn])
        for a, b in zip(idx, idx[1:]):
            if b not in (GEOMETRY.steps[a][d] for d in ALL_DIAGONALS) or s.board[b] not in friendly:
                return None
        return f"{squares[0]}>{squares[-1]}"

    # -- for the UI and the search ---------------------------------------------------------------

    @cached_evaluation
    def evaluate(self) -> float:
        """The weighted sum of :meth:`evaluation_terms` (``EVALUATION_WEIGHTS``, fitted on
        self-play by ``bench/texel.py``): for the side to move, in units where ``value_scale``
        maps a score to the expected result."""
        return sum(map(mul, EVALUATION_WEIGHTS, self.evaluation_terms()))

    def evaluation_terms(self) -> list[float]:
        """The evaluation's terms (``EVALUATION_TERMS``), each the side to move's minus the
        other's: material; the King (its worth, how far it could swap now, enemies ahead of it,
        more so for the only King left, up to ``LONE_DANGER_CAP``); and mobility, since a side
        with no legal move loses: soldiers only step forward and never onto their last row, so
        each has a few steps left (tempo), and a soldier with no step now is stuck; tempo and
        material once more, weighed by how late in the game it is; and the side to move's own edge."""
        s = self._state
        board = s.board
        masks = self._derived or self._pieces()
        kings = {}
        for side in (BLACK, GREEN):
            k = board.find(KING[side])
            if k < 0:
                k = board.find(CROWNED_KING[side])
            kings[side] = k
        occupied = masks[BLACK] | masks[GREEN]
        empty = _ALL ^ occupied
        turn = s.turn
        me = them = ()
        for side in (BLACK, GREEN):
            own = masks[side]
            crowned = 0
            if self.crowning:
                crowned = board.count(CROWNED[side]) + board.count(CROWNED_KING[side])
            k = kings[side]
            reach = danger = lone = 0
            if k >= 0:
                reach = self._reach(side, k)
                danger = self._danger(masks[OTHER[side]], side, k)
                lone = kings[OTHER[side]] < 0 and not s.drops  # the other King is gone
                # Then it is the only way to win left, and at more risk (that it is worth more
                # then is the "King" term: a difference, it counts only where one King is gone).
                lone *= min(danger, LONE_DANGER_CAP)
            # Squares from which a forward step to an empty square (off the last row) exists.
            open_squares = empty & ~LAST_ROW_MASK[side]
            movable = steps = 0
            for shift, keep in _FORWARD_SHIFTS[side]:
                landing = (own << shift if shift > 0 else own >> -shift) & keep & open_squares
                steps += landing.bit_count()
                movable |= landing >> shift if shift > 0 else landing << -shift
            tempo = 0
            for mask, left in TEMPO_MASKS[side]:
                tempo += left * (own & mask).bit_count()
            terms = (
                own.bit_count(), crowned, k >= 0, reach * reach, lone, danger,
                danger * reach * reach, tempo, steps, (own & ~movable).bit_count(),
            )
            if side == turn:
                me = terms
            else:
                them = terms
        # Tempo and material again, by how far the game is from its start (the share of the 24
        # checkers gone): in the ending, who runs out of moves first decides.
        late = 1.0 - occupied.bit_count() / (2 * START_CHECKERS)
        return [*map(sub, me, them), (me[7] - them[7]) * late, (me[0] - them[0]) * late, 1.0]

    # -- puzzles (puzzlegen.py) ------------------------------------------------------------------

    puzzle_search = MappingProxyType({"max_n": 5, "nodes": 20_000, "check_nodes": 12_000})
    puzzle_examples = (("8/8/8/8/2b5/1B1b1g2/8/1g5g b -", "b3>d3", "Kings and Soldiers page, diagram 2"),)

    @classmethod
    def puzzle_themes(cls, line):
        last_position, last = line[-1]
        mine, theirs = line[0::2], line[1::2]
        loser = OTHER[last_position.turn]
        themes = ["King home"] if last_position.wins_at_once(last) else []
        loser_kings = {k for k in KINGS if SIDE_OF[k] == loser}
        if any(k in line[0][0].board_cells() for k in loser_kings) and not any(k in last.after.board_cells() for k in loser_kings):
            themes.append("Last King standing")
        if any(len(m.removed) >= 2 for _, m in mine):
            themes.append("Capture chain")
        if any(m.removed and all(o.removed for o in pos.legal()) for pos, m in theirs):
            themes.append("Forced capture")
        if any(">" in m.text for _, m in mine):
            themes.append("King swap")
        return themes

    def wins_at_once(self, move: Move) -> bool:
        """Only a move that ends on the mover's last row can bring its King home."""
        if RANK_OF[move.path[-1]] != LAST_ROW[self._state.turn]:
            return False
        return super().wins_at_once(move)

    @staticmethod
    def _danger(enemies: int, side: str, king: int) -> float:
        """Enemy pieces up to three ranks ahead of the King, the nearer ones counting more:
        captures being compulsory, they can lure it into a capture that leaves it to be taken.
        (Measured: against the random player at 150 nodes, a cone of three ranks won 96% of
        games where one of two won 87%; against the two-rank version, 57% of the points.)"""
        danger = 0
        for mask, weight in DANGER_MASKS[side][king]:
            danger += weight * (mask & enemies).bit_count()
        return danger

    def _reach(self, side: str, king: int) -> int:
        """How many ranks from its back row the King could be after one swap move: the farthest
        square of the friendly checkers it can swap to (or its own), by a flood fill on bit masks."""
        seen = self._swap_targets(side, king)
        if side == BLACK:  # its back row is the top one, squares 0-7: the farthest is the last bit
            return (seen.bit_length() - 1) >> 3
        return 7 - (((seen & -seen).bit_length() - 1) >> 3)

    def mirrorable(self) -> bool:
        return not self._state.drops  # a King still to drop: which side drops first is the rules'

    def status(self) -> dict:
        s = self._state
        notes, marks = [], []
        if s.drops:
            side = s.turn
            notes.append(
                f"{self.side_names[side]} chooses a soldier on rank {BACK_ROW[side] + 1} to become its King."
            )
            for i, p in enumerate(s.board):
                if p == SOLDIER[side] and RANK[i] == BACK_ROW[side]:
                    marks.append({"square": GEOMETRY.names[i], "kind": "drop", "label": "King drop"})
        elif self.winner in self.sides:
            k = self.king_square(self.winner)
            if k >= 0 and RANK[k] == LAST_ROW[self.winner]:  # not after a blockade: that King is not home
                marks.append({"square": GEOMETRY.names[k], "kind": "win", "label": "King home"})
        elif self.legal() and self.legal()[0].removed:  # captures are mandatory: all moves capture
            notes.append("A capture is possible, so a capture must be made (the marked pieces can capture).")
            for square in sorted({m.path[0] for m in self.legal()}):
                marks.append({"square": square, "kind": "must-move", "label": "Must capture"})
        return {"notes": notes, "marks": marks}


@register
class InvisibleCity(Lilypad):
    """The designer's own rules: checkers with a pawn riding on one checker (the King).

    Soldiers reaching their last row are crowned (``x`` Black, ``y`` Green; with the pawn ``X``,
    ``Y``) and crowning ends a capture chain; a capture chain must be completed.
    """

    variant = "invisible-city"
    title = "Lilypad (Invisible City)"
    description = (
        "The designer's own rules: checkers crowned on the far row move backward too, capture chains "
        "must be completed, and the pawn rides from checker to checker."
    )
    pieces = {
        letter: {"side": side, "name": f"{SIDE_NAME[side]} {kind}", "glyph": glyph, "help": help}
        for side, crowned in ((BLACK, "x"), (GREEN, "y"))
        for letter, kind, glyph, help in (
            (side, "checker", "checker", "Steps one square diagonally forward or jumps an enemy diagonally "
             "forward, and must go on jumping while it can. Crowned when it reaches the far row."),
            (side.upper(), "checker with the pawn", "king", "Moves as a checker, carrying the pawn; or the "
             "pawn moves on to another checker of its side along a chain of them. Get the pawn to the far row."),
            (crowned, "crowned checker", "crowned", "Steps and jumps diagonally in all four directions."),
            (crowned.upper(), "crowned checker with the pawn", "crowned-king", "Moves as a crowned checker, "
             "carrying the pawn; or the pawn moves on along a chain of its side's checkers."),
        )
    }
    crowning = True
    complete_jumps = True
    checkers = "checkers"
    __slots__ = ()


#: Appendix A options: (1) the pawn's checker may not move or be captured; (2) it may not move
#: but may be captured; (3) the pawn moves only one checker per turn. 3 combines with 1 or 2.
OPTIONS = {
    "a1": {"king_checker_moves": False, "king_checker_capturable": False},
    "a2": {"king_checker_moves": False},
    "a3": {"king_range_one": True},
}
#: How each option reads in a variant's name, and what it changes, in words.
OPTION_WORDS = {
    "a1": ("the pawn's checker fixed and safe", "the checker carrying the pawn may not move and cannot be captured"),
    "a2": ("the pawn's checker fixed", "the checker carrying the pawn may not move but can be captured"),
    "a3": ("the pawn one step", "the pawn moves on only to a neighbouring checker each turn"),
}
for _names in (("a1",), ("a2",), ("a3",), ("a1", "a3"), ("a2", "a3")):
    _attrs = {k: v for n in _names for k, v in OPTIONS[n].items()}
    _variant = "+".join(("invisible-city",) + _names)
    _name = ", ".join(OPTION_WORDS[n][0] for n in _names)
    _changes = "; ".join(OPTION_WORDS[n][1] for n in _names)
    register(
        type(
            "InvisibleCity" + "".join(n.upper() for n in _names),
            (InvisibleCity,),
            {
                "variant": _variant,
                "title": f"Lilypad (Invisible City, {_name})",
                "description": f"Invisible City with Appendix A option{'s' if len(_names) > 1 else ''} "
                f"{' and '.join(n[1] for n in _names)}: {_changes}.",
                "__slots__": (),
                **_attrs,
            },
        )
    )
