"""The Lion Game written again from docs/rules.md (section THE LION GAME), to check ``pygame_rules.lion``.

Deliberately unlike the engine: squares are ``(file, rank)`` tuples (0-based, so ``(1, 0)`` is b1),
the board is a dict of the occupied squares, directions are coordinate offsets, and every piece's
move is found by walking its *routes* (the squares it steps through) and working out the effect of
each route afterwards; two routes that give the same text must give the same position, or this
module raises. Only the behaviour is shared with the engine: position strings, move texts, results.

Readings of docs/rules.md made here (the engine must agree):

- A Spider's leap needs only its landing square to exist; one "over" a hole (b1 to d1, a3 to a5)
  lands on a ring neighbour, so it is the ring step with the same effect and marks nothing.
- A Lion, Tiger, Rhino or Elephant never passes over or stops on a burrow square; a Tiger's or
  Rhino's line ends at the edge of the field.
- Marks and frozen pieces use the 8 neighbouring squares of the grid, never the ring.
- A cobra's first-step capture may always go back to the start (inside the zone too).
"""

from __future__ import annotations

from dataclasses import dataclass

WHITE, BLACK = "w", "b"
FILES = "abcdefg"
RING = [(1, 0), (3, 0), (5, 0), (6, 2), (6, 4), (6, 6), (5, 8), (3, 8), (1, 8), (0, 6), (0, 4), (0, 2)]
FIELD_SQUARES = {(f, r) for f in range(1, 6) for r in range(1, 8)}
ALL_SQUARES = FIELD_SQUARES | set(RING)
#: Rank by rank from the top, as the board string lists them.
ORDER = [(f, r) for r in range(8, -1, -1) for f in range(7) if (f, r) in ALL_SQUARES]
GREEN = {WHITE: {(1, 0), (3, 0), (5, 0)}, BLACK: {(1, 8), (3, 8), (5, 8)}}
ORTHO = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
KING = ORTHO + DIAG
DIR_LETTER = {(0, 1): "n", (1, 0): "e", (0, -1): "s", (-1, 0): "w"}
AHEAD = {WHITE: 1, BLACK: -1}
SMALL = set("fscb")  # the pieces a tiger may leap over


def name(sq: tuple[int, int]) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


def square(text: str) -> tuple[int, int]:
    sq = (FILES.index(text[0]), int(text[1:]) - 1)
    if sq not in ALL_SQUARES:
        raise ValueError(f"no square {text}")
    return sq


def add(sq, d, k=1):
    return (sq[0] + k * d[0], sq[1] + k * d[1])


def colour(piece: str) -> str:
    return WHITE if piece.isupper() else BLACK


def other(side: str) -> str:
    return BLACK if side == WHITE else WHITE


def neighbours(sq) -> list:
    return [add(sq, d) for d in KING if add(sq, d) in ALL_SQUARES]


def ring_neighbours(sq) -> list:
    if sq not in RING:
        return []
    k = RING.index(sq)
    return [RING[(k + 1) % 12], RING[(k - 1) % 12]]


def in_zone(sq) -> bool:
    f, r = sq
    return sq not in FIELD_SQUARES or f in (1, 5) or r in (1, 7)


def adjacent(a, b) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


@dataclass
class Pos:
    board: dict  # (file, rank) -> letter
    turn: str
    charges: dict  # rhino square -> (direction offset, distance)
    marks: set  # {(spider square, marked square)}
    stuck: set
    clock: int

    def copy(self) -> "Pos":
        return Pos(dict(self.board), self.turn, dict(self.charges), set(self.marks), set(self.stuck), self.clock)

    @property
    def text(self) -> str:
        rows = []
        for r in range(8, -1, -1):
            row, gap = "", 0
            for f in range(7):
                if (f, r) not in ALL_SQUARES:
                    continue
                piece = self.board.get((f, r))
                if piece is None:
                    gap += 1
                else:
                    row += (str(gap) if gap else "") + piece
                    gap = 0
            rows.append(row + (str(gap) if gap else ""))
        charges = ",".join(sorted(f"{name(sq)}{DIR_LETTER[d]}{n}" for sq, (d, n) in self.charges.items()))
        marks = ",".join(f"{name(a)}>{name(b)}" for a, b in sorted(self.marks, key=lambda m: (name(m[0]), name(m[1]))))
        stuck = ",".join(sorted(name(sq) for sq in self.stuck))
        return f"{'/'.join(rows)} {self.turn} {charges or '-'} {marks or '-'} {stuck or '-'} {self.clock}"


def parse(text: str) -> Pos:
    """Read a position string (assumed well formed: the engine's own tests check the errors)."""
    board_text, turn, charges_text, marks_text, stuck_text, clock = text.split()
    cells = []
    for ch in board_text.replace("/", ""):
        cells += [None] * int(ch) if ch.isdigit() else [ch]
    assert len(cells) == len(ORDER) == 47
    board = {sq: p for sq, p in zip(ORDER, cells) if p is not None}
    charges = {}
    if charges_text != "-":
        for entry in charges_text.split(","):
            d = {v: k for k, v in DIR_LETTER.items()}[entry[2]]
            charges[square(entry[:2])] = (d, int(entry[3:]))
    marks = set()
    if marks_text != "-":
        for entry in marks_text.split(","):
            a, b = entry.split(">")
            marks.add((square(a), square(b)))
    stuck = set() if stuck_text == "-" else {square(e) for e in stuck_text.split(",")}
    return Pos(board, turn, charges, marks, stuck, int(clock))


# ------------------------------------------------------------------------------------------------
# Moves


@dataclass(frozen=True)
class Outcome:
    text: str
    path: tuple
    removed: tuple  # square names, sorted
    after: str


def result(pos: Pos) -> str | None:
    """docs/rules.md's order: no Lion loses; else clock 100 draws; else no legal move loses."""
    for side in (pos.turn, other(pos.turn)):
        lion = "L" if side == WHITE else "l"
        if lion not in pos.board.values():
            return other(side)
    if pos.clock >= 100:
        return "draw"
    if not generate(pos):
        return other(pos.turn)
    return None


def legal(text: str) -> dict[str, Outcome]:
    """Move text -> outcome for every legal move of the position ``text``."""
    pos = parse(text)
    lion = "L" if pos.turn == WHITE else "l"
    if lion not in pos.board.values() or pos.clock >= 100:
        return {}
    return generate(pos)


def generate(pos: Pos) -> dict[str, Outcome]:
    mine = {sq: p for sq, p in pos.board.items() if colour(p) == pos.turn}
    frozen = {b for a, b in pos.marks if adjacent(a, b)}
    out: dict[str, Outcome] = {}
    leaving = [sq for sq, p in mine.items() if p.lower() == "b" and sq not in FIELD_SQUARES and sq not in frozen]
    for sq in leaving:
        butterfly_moves(pos, sq, out)
    if out:
        return out
    for sq, p in mine.items():
        if sq in frozen or sq in pos.stuck:
            continue
        {
            "l": lion_moves, "t": tiger_moves, "s": spider_moves, "c": cobra_moves,
            "r": rhino_moves, "e": elephant_moves, "f": frog_moves, "b": butterfly_moves,
        }[p.lower()](pos, sq, out)
    return out


def enemy(pos: Pos, sq) -> bool:
    return sq in pos.board and colour(pos.board[sq]) != pos.turn


def friend(pos: Pos, sq) -> bool:
    return sq in pos.board and colour(pos.board[sq]) == pos.turn


def record(pos: Pos, out: dict, text: str, path, start, end, removed, *, piece=None, charge=None,
           squash=False, marked=None) -> None:
    """Apply the effect of one route and store it under ``text`` (checking duplicate routes agree)."""
    new = pos.copy()
    mover = new.board.pop(start)
    gone = set(removed)
    for sq in gone:
        del new.board[sq]
    new.board[end] = piece or mover
    # Charge entries: the mover's old ones first, then those of removed rhinos.
    new.charges = {sq: e for sq, e in pos.charges.items() if colour(pos.board[sq]) != pos.turn and sq not in gone}
    if charge is not None:
        new.charges[end] = charge
    # Marks: a mover that was marked is free; marks of removed pieces or spiders end; a spider
    # carries its marks along, and a leap over an enemy adds one.
    marks = set()
    for spider, target in pos.marks:
        if target == start or target in gone or spider in gone:
            continue
        marks.add((end if spider == start else spider, target))
    if marked is not None:
        marks.add((end, marked))
    new.marks = marks
    new.stuck = {e for e in pos.stuck if e not in gone}
    if mover.lower() == "l":
        new.stuck = {e for e in new.stuck if not (adjacent(e, end) and colour(new.board[e]) == pos.turn)}
    if squash:
        new.stuck.add(end)
    new.clock = 0 if gone or mover.lower() == "f" else pos.clock + 1
    new.turn = other(pos.turn)
    outcome = Outcome(text, tuple(name(s) for s in path), tuple(sorted(name(s) for s in gone)), new.text)
    if text in out and out[text] != outcome:
        raise AssertionError(f"two routes named {text} differ: {out[text]} and {outcome}")
    out[text] = outcome


def simple(pos, out, start, end, **kw) -> None:
    """A move whose text is start, '-' or 'x', end, removing whatever stands on ``end``."""
    sep = "x" if end in pos.board and end != start else "-"
    removed = [end] if sep == "x" else []
    record(pos, out, f"{name(start)}{sep}{name(end)}", [start, end], start, end, removed, **kw)


def lion_moves(pos, start, out) -> None:
    for d1 in KING:
        s1 = add(start, d1)
        if s1 not in FIELD_SQUARES or friend(pos, s1):
            continue
        simple(pos, out, start, s1)
        if enemy(pos, s1):
            continue  # a capture ends the move
        for d2 in KING:
            s2 = add(s1, d2)
            if s2 in FIELD_SQUARES and s2 != start and not friend(pos, s2):
                simple(pos, out, start, s2)


def tiger_moves(pos, start, out) -> None:
    for d in KING:
        for k in (1, 2, 3):
            end = add(start, d, k)
            if end not in FIELD_SQUARES:
                break
            passed = [add(start, d, j) for j in range(1, k)]
            if any(sq in pos.board and pos.board[sq].lower() not in SMALL for sq in passed):
                break
            if not friend(pos, end):
                simple(pos, out, start, end)


def spider_moves(pos, start, out) -> None:
    def target_ok(sq):
        return sq in ALL_SQUARES and (sq not in pos.board or (enemy(pos, sq) and pos.board[sq].lower() in "fcsb"))

    for d in KING:
        one = add(start, d)
        if target_ok(one):
            simple(pos, out, start, one)
        two = add(start, d, 2)
        if target_ok(two):
            marked = one if enemy(pos, one) else None
            simple(pos, out, start, two, marked=marked)
    for sq in ring_neighbours(start):
        if target_ok(sq):
            simple(pos, out, start, sq)


def cobra_moves(pos, start, out) -> None:
    def steps(sq):
        return neighbours(sq) + ring_neighbours(sq)

    for s1 in steps(start):
        if friend(pos, s1):
            continue
        first_capture = enemy(pos, s1)
        if in_zone(s1):
            simple(pos, out, start, s1)
        for s2 in steps(s1):
            back = s2 == start
            if not back and (friend(pos, s2) or not in_zone(s2)):
                continue
            if not in_zone(s1) and not (first_capture and back):
                continue
            if first_capture:
                if not back and s2 in pos.board:
                    continue  # one capture per move
                text = f"{name(start)}x{name(s1)}-{name(s2)}"
                record(pos, out, text, [start, s1, s2], start, s2, [s1])
            elif back:
                record(pos, out, f"{name(start)}-{name(start)}", [start, start], start, start, [])
            else:
                simple(pos, out, start, s2)


def rhino_moves(pos, start, out) -> None:
    own_lion = "L" if pos.turn == WHITE else "l"
    entry = pos.charges.get(start)
    for d in ORTHO:
        if entry is not None and entry[0] == d:
            allowed = entry[1] + 1
            removed = []
            for k in range(1, allowed + 1):
                end = add(start, d, k)
                if end not in FIELD_SQUARES or pos.board.get(end) == own_lion:
                    break
                if end in pos.board:
                    removed.append(end)
                sep = "x" if end in pos.board else "-"
                charge = (d, allowed) if k == allowed else None
                record(pos, out, f"{name(start)}{sep}{name(end)}", [start, end], start, end, list(removed),
                       charge=charge)
        else:
            end = add(start, d)
            if end in FIELD_SQUARES and not friend(pos, end):
                simple(pos, out, start, end, charge=(d, 1))


def elephant_moves(pos, start, out) -> None:
    ahead = (0, AHEAD[pos.turn])
    # (where it would land, where it stands if that is a burrow square to squash)
    reach = [(add(start, d), start) for d in DIAG + [ahead]]
    middle = add(start, ahead)
    if middle in FIELD_SQUARES and middle not in pos.board:
        reach.append((add(start, ahead, 2), middle))
    for land, stand in reach:
        if land in FIELD_SQUARES:
            if not friend(pos, land):
                simple(pos, out, start, land)
        elif land in ALL_SQUARES and enemy(pos, land):
            if stand == start:
                text, path = f"{name(start)}*{name(land)}", [start, land]
            else:
                text, path = f"{name(start)}-{name(stand)}*{name(land)}", [start, stand, land]
            record(pos, out, text, path, start, stand, [land], squash=True)


def frog_moves(pos, start, out) -> None:
    side = pos.turn
    butterfly = "B" if side == WHITE else "b"

    def go(end):
        piece = butterfly if end in GREEN[other(side)] else None
        simple(pos, out, start, end, piece=piece)

    fwd = AHEAD[side]
    for d in [(0, fwd), (1, 0), (-1, 0)]:
        end = add(start, d)
        if end in ALL_SQUARES and end not in pos.board:
            go(end)
    for end in ring_neighbours(start):
        if end not in pos.board:
            go(end)
    for d in [(1, fwd), (-1, fwd)]:
        one, two = add(start, d), add(start, d, 2)
        if enemy(pos, one) and pos.board[one].lower() not in "er":
            go(one)
        if one in pos.board and two in ALL_SQUARES and not friend(pos, two):
            go(two)


def butterfly_moves(pos, start, out) -> None:
    def ok(sq):
        return sq in ALL_SQUARES and not friend(pos, sq) and not (enemy(pos, sq) and pos.board[sq].lower() == "f")

    for kinds in ((ORTHO, DIAG), (DIAG, ORTHO)):
        for d1 in kinds[0]:
            s1 = add(start, d1)
            if not ok(s1):
                continue
            simple(pos, out, start, s1)
            if s1 in pos.board or s1 not in FIELD_SQUARES:
                continue
            for d2 in kinds[1]:
                s2 = add(s1, d2)
                if ok(s2):
                    simple(pos, out, start, s2)
    for sq in ring_neighbours(start):
        if ok(sq):
            simple(pos, out, start, sq)
