"""Lilypad (Jonathan A. Leistiko, 2001): RULES.md, section LILYPAD.

Checkers on the dark squares, where each side also has a King that races for the far row. The
default rules are the Kings and Soldiers page; ``invisible-city`` is the designer's own text (a
pawn riding on a checker), with its Appendix A options as further variants.
"""

from __future__ import annotations

from functools import partial
from typing import Iterator, NamedTuple

from .core import (
    DIRECTIONS,
    EMPTY,
    Geometry,
    Move,
    Position,
    PositionError,
    format_board,
    parse_board,
    quote,
    register,
    split_fields,
)

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
#: Evaluation: a King's worth beside its soldiers (1 each), and more when the other King is gone.
KING_VALUE = 3.0
LONE_KING_VALUE = 4.0
#: What each enemy piece ahead of a King costs it, by how many ranks ahead it stands: a flat
#: amount, and a share of the King's worth (the more a King is worth, the more it risks).
DANGER_BY_RANK = (1.0, 1.0, 0.5)
DANGER_SHARE = 0.1


class State(NamedTuple):
    board: tuple[str, ...]
    turn: str
    #: Sides that still have to drop their King: "bg", "g" or "".
    drops: str


@register
class Lilypad(Position):
    """Lilypad with the Kings and Soldiers page's rules (the project's default).

    >>> p = Lilypad.start().play("K@c8").play("K@f1")
    >>> len(p.moves())
    18
    """

    game = "lilypad"
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
        return State(tuple(board), side, drops)

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
        for king in (KING[side], CROWNED_KING[side]):
            if king in board:  # scans in C: the search asks at every node
                return board.index(king)
        return -1

    def _decide(self) -> str | None:
        """RULES.md's order: a King on its last row wins (the side that just moved is looked at
        first); else no King left after the drops is a draw."""
        mover = self.other(self.turn)
        kings = 0
        for side in (mover, self.turn):
            k = self.king_square(side)
            if k >= 0:
                kings += 1
                if RANK[k] == LAST_ROW[side]:
                    return side
        return "draw" if kings == 0 and not self._state.drops else None

    def _end_reason(self, decided: str) -> str:
        if decided == "draw":
            return "Both Kings have been captured, so the game is drawn."
        name = self.side_names[decided]
        return f"{name}'s King reached its last row (rank {LAST_ROW[decided] + 1}), so {name} wins."

    # -- move generation ------------------------------------------------------------------------

    def _generate(self) -> Iterator[Move]:
        s = self._state
        if s.drops:
            yield from self._drops()
            return
        captures = list(self._captures())
        if captures:
            yield from captures
            return
        yield from self._steps()
        yield from self._king_moves()

    def _drops(self) -> Iterator[Move]:
        s = self._state
        for i, p in enumerate(s.board):
            if p == SOLDIER[s.turn] and RANK[i] == BACK_ROW[s.turn]:
                board = list(s.board)
                board[i] = KING[s.turn]
                name = GEOMETRY.names[i]
                after = State(tuple(board), self.other(s.turn), s.drops[1:])
                yield Move(f"K@{name}", (name,), type(self)(after))

    def _directions(self, piece: str) -> tuple[int, ...]:
        return DIRECTIONS_OF[piece]

    def _movable(self, piece: str) -> bool:
        return self.king_checker_moves or piece not in WITHOUT_KING

    def _land(self, piece: str, i: int) -> str | None:
        """The piece as it stands after landing on ``i``, or None if it may not land there."""
        side = SIDE_OF[piece]
        if RANK[i] != LAST_ROW[side] or piece in (CROWNED[side], CROWNED_KING[side]):
            return piece
        if self.crowning:
            return CROWN[piece]
        return piece if piece == KING[side] else None

    def _steps(self) -> Iterator[Move]:
        s = self._state
        steps = GEOMETRY.steps
        for i, p in enumerate(s.board):
            if p == EMPTY or SIDE_OF[p] != s.turn or not self._movable(p):
                continue
            for d in self._directions(p):
                j = steps[i][d]
                if j < 0 or s.board[j] != EMPTY:
                    continue
                landed = self._land(p, j)
                if landed is None:
                    continue
                a, b = GEOMETRY.names[i], GEOMETRY.names[j]
                yield Move(f"{a}-{b}", (a, b), partial(_play, type(self), s, ((i, EMPTY), (j, landed))))

    def _captures(self) -> Iterator[Move]:
        s = self._state
        for i, p in enumerate(s.board):
            if p != EMPTY and SIDE_OF[p] == s.turn and self._movable(p):
                board = list(s.board)
                board[i] = EMPTY
                yield from self._jumps(board, p, i, (GEOMETRY.names[i],), ())

    def _jumps(self, board: list[str], piece: str, at: int, path: tuple, removed: tuple) -> Iterator[Move]:
        """Capture chains from ``at``; ``board`` has the moving piece lifted off."""
        steps = GEOMETRY.steps
        side = SIDE_OF[piece]
        for d in self._directions(piece):
            over = steps[at][d]
            if over < 0:
                continue
            land = steps[over][d]
            victim = board[over]
            if land < 0 or board[land] != EMPTY or victim == EMPTY or SIDE_OF[victim] == side:
                continue
            if not self.king_checker_capturable and victim in WITHOUT_KING:
                continue
            landed = self._land(piece, land)
            if landed is None:
                continue
            board[over] = EMPTY
            p2 = path + (GEOMETRY.names[land],)
            r2 = removed + (GEOMETRY.names[over],)
            crowned_now = landed != piece
            if not self.complete_jumps or crowned_now or not self._can_jump(board, landed, land):
                final = list(board)
                final[land] = landed
                after = type(self)(State(tuple(final), self.other(side), ""))
                yield Move(":".join(p2), p2, after, r2)
            if not crowned_now:  # crowning ends the move, as in checkers
                yield from self._jumps(board, landed, land, p2, r2)
            board[over] = victim

    def _can_jump(self, board: list[str], piece: str, at: int) -> bool:
        return next(self._jumps(list(board), piece, at, ("",), ()), None) is not None

    def _king_moves(self) -> Iterator[Move]:
        """Swaps: the King moves to a friendly checker reachable through adjacent friendly checkers."""
        s = self._state
        k = self.king_square(s.turn)
        if k < 0:
            return
        steps = GEOMETRY.steps
        friendly = (SOLDIER[s.turn], CROWNED[s.turn])
        seen, frontier = {k}, [k]
        while frontier:
            nxt = []
            for i in frontier:
                for d in ALL_DIAGONALS:
                    j = steps[i][d]
                    if j >= 0 and j not in seen and s.board[j] in friendly:
                        seen.add(j)
                        nxt.append(j)
            frontier = [] if self.king_range_one else nxt
            for j in nxt:
                changes = ((k, WITHOUT_KING[s.board[k]]), (j, WITH_KING[s.board[j]]))
                a, b = GEOMETRY.names[k], GEOMETRY.names[j]
                yield Move(f"{a}>{b}", (a, b), partial(_play, type(self), s, changes))

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

    def evaluate(self) -> float:
        """Material, and each King's value: it is a side's only way to win, so it is worth more
        once the other King is gone (then only losing it can spoil the game). A King is rated by
        the farthest square it could swap to now: a bridge of soldiers toward its last row."""
        board = self._state.board
        score = {BLACK: 0.0, GREEN: 0.0}
        kings = {}
        for i, p in enumerate(board):
            if p == EMPTY:
                continue
            side = SIDE_OF[p]
            score[side] += 1.6 if p in (CROWNED[side], CROWNED_KING[side]) else 1.0
            if p in (KING[side], CROWNED_KING[side]):
                kings[side] = i
        for side, k in kings.items():
            reach = max(abs(RANK[i] - BACK_ROW[side]) for i in self._bridge(side, k))
            worth = KING_VALUE + 0.25 * reach * reach
            if self.other(side) not in kings and not self._state.drops:
                worth += LONE_KING_VALUE
            score[side] += worth - (1.0 + DANGER_SHARE * worth) * self._danger(side, k)
        return score[self.turn] - score[self.other(self.turn)]

    def wins_at_once(self, move: Move) -> bool:
        """Only a move that ends on the mover's last row can bring its King home."""
        if RANK_OF[move.path[-1]] != LAST_ROW[self._state.turn]:
            return False
        return super().wins_at_once(move)

    def _danger(self, side: str, king: int) -> float:
        """Enemy pieces up to three ranks ahead of the King, the nearer ones counting more:
        captures being compulsory, they can lure it into a capture that leaves it to be taken.
        (Measured: against the random player at 150 nodes, a cone of three ranks won 96% of
        games where one of two won 87%; against the two-rank version, 57% of the points.)"""
        steps = GEOMETRY.steps
        board = self._state.board
        danger = 0.0
        ring = (king,)
        for weight in DANGER_BY_RANK:
            ring = {j for i in ring for j in (steps[i][d] for d in FORWARD[side]) if j >= 0}
            for j in ring:
                p = board[j]
                if p != EMPTY and SIDE_OF[p] != side:
                    danger += weight
        return danger

    def _bridge(self, side: str, king: int) -> list[int]:
        """The King's square and the squares of the friendly checkers it can swap to."""
        steps = GEOMETRY.steps
        board = self._state.board
        friendly = (SOLDIER[side], CROWNED[side])
        seen = [king]
        for i in seen:  # grows while it is walked: a breadth-first search
            for d in ALL_DIAGONALS:
                j = steps[i][d]
                if j >= 0 and board[j] in friendly and j not in seen:
                    seen.append(j)
        return seen

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
            if k >= 0:
                marks.append({"square": GEOMETRY.names[k], "kind": "win", "label": "King home"})
        elif self.legal() and self.legal()[0].removed:  # captures are mandatory: all moves capture
            notes.append("A capture is possible, so a capture must be made (the marked pieces can capture).")
            for square in sorted({m.path[0] for m in self.legal()}):
                marks.append({"square": square, "kind": "must-move", "label": "Must capture"})
        return {"notes": notes, "marks": marks}


def _play(cls: type[Lilypad], state: State, changes: tuple[tuple[int, str], ...]) -> Lilypad:
    """The position after a step or a swap (``changes``: square, new letter), built only when a
    move's ``after`` is first read."""
    board = list(state.board)
    for i, piece in changes:
        board[i] = piece
    return cls(State(tuple(board), OTHER[state.turn], ""))


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
