"""Lilypad written again from docs/rules.md (section LILYPAD), to check ``pygame_rules.lilypad``.

Deliberately unlike the engine: the board is ``board[rank][file]`` (0-based, so ``board[0][1]`` is
b1) of :class:`Checker` records or None; capture chains are found with an explicit stack; every
step copies the board. Only the behaviour is shared: position strings, move texts, results.

Readings of docs/rules.md made here (the engine must agree):

- Jumped pieces leave the board as they are jumped, so a crowned checker's chain may later cross or
  land on their squares (they are never jumped twice).
- A soldier crowned by a capture ends its move there (as in checkers).
- The end checks run in the order docs/rules.md gives, also during the drop phase: a King on its last
  row wins (the side that just moved is looked at first); after the drops, no King left is a draw;
  then no legal move loses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

BLACK, GREEN = "b", "g"
FILES = "abcdefgh"
#: The rank direction a side's soldiers go, and its last and back rows (0-based ranks).
AHEAD = {BLACK: -1, GREEN: +1}
LAST_ROW = {BLACK: 0, GREEN: 7}
BACK_ROW = {BLACK: 7, GREEN: 0}


@dataclass(frozen=True)
class Checker:
    side: str
    crowned: bool = False
    #: Carries the King (default rules) or the pawn (invisible-city).
    king: bool = False


LETTER = {
    Checker(BLACK): "b",
    Checker(BLACK, king=True): "B",
    Checker(BLACK, crowned=True): "x",
    Checker(BLACK, crowned=True, king=True): "X",
    Checker(GREEN): "g",
    Checker(GREEN, king=True): "G",
    Checker(GREEN, crowned=True): "y",
    Checker(GREEN, crowned=True, king=True): "Y",
}
CHECKER = {letter: checker for checker, letter in LETTER.items()}


@dataclass(frozen=True)
class Rules:
    invisible_city: bool = False  # crowning, completed multi-jumps
    pawn_checker_moves: bool = True  # Appendix A (1), (2): False
    pawn_checker_capturable: bool = True  # Appendix A (1): False
    pawn_one_checker: bool = False  # Appendix A (3): True

    @classmethod
    def of(cls, variant: str | None) -> "Rules":
        if variant is None:
            return cls()
        base, *options = variant.split("+")
        if base != "invisible-city" or len(set(options)) != len(options):
            raise ValueError(f"unknown variant {variant!r}")
        rules = cls(invisible_city=True)
        for option in options:
            if option == "a1":
                rules = replace(rules, pawn_checker_moves=False, pawn_checker_capturable=False)
            elif option == "a2":
                rules = replace(rules, pawn_checker_moves=False)
            elif option == "a3":
                rules = replace(rules, pawn_one_checker=True)
            else:
                raise ValueError(f"unknown option {option!r}")
        if {"a1", "a2"} <= set(options):
            raise ValueError("options a1 and a2 exclude each other")
        return rules

    @property
    def letters(self) -> str:
        return "bBgGxXyY" if self.invisible_city else "bBgG"


@dataclass(frozen=True)
class Pos:
    board: tuple[tuple[Checker | None, ...], ...]
    turn: str
    drops: str  # "bg", "g" or ""
    rules: Rules

    @property
    def text(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            row, gap = "", 0
            for cell in self.board[rank]:
                if cell is None:
                    gap += 1
                    continue
                row += (str(gap) if gap else "") + LETTER[cell]
                gap = 0
            rows.append(row + (str(gap) if gap else ""))
        return f"{'/'.join(rows)} {self.turn} {self.drops or '-'}"


def other(side: str) -> str:
    return GREEN if side == BLACK else BLACK


def name(rank: int, file: int) -> str:
    return f"{FILES[file]}{rank + 1}"


def inside(rank: int, file: int) -> bool:
    return 0 <= rank < 8 and 0 <= file < 8


def dark(rank: int, file: int) -> bool:
    return (file + 1 + rank + 1) % 2 == 1


# ------------------------------------------------------------------------------------------------
# Position strings


def parse(text: str, variant: str | None = None) -> Pos:
    """The position written as ``text``; ValueError says why it is malformed or impossible."""
    rules = Rules.of(variant)
    fields = text.split()
    if len(fields) != 3:
        raise ValueError("wrong number of fields")
    board_text, turn, drops = fields
    cells: list[Checker | None] = []
    # Adjacent digits are one number of empty squares, which may run over rank ends ("16").
    for token in re.findall(r"[0-9]+|.", board_text):
        if token == "/":
            continue
        if token.isdigit():
            if int(token) == 0:
                raise ValueError("empty run of 0")
            cells += [None] * int(token)
        elif token in ".ac":  # "a", "c": the seeds' labelled empty squares
            cells.append(None)
        elif token in rules.letters:
            cells.append(CHECKER[token])
        else:
            raise ValueError(f"bad character {token!r}")
    if len(cells) != 64:
        raise ValueError("board does not have 64 squares")
    if turn not in (BLACK, GREEN):
        raise ValueError("bad side")
    if drops not in ("bg", "g", "-"):
        raise ValueError("bad drops")
    drops = drops.replace("-", "")
    if drops and turn != drops[0]:
        raise ValueError("the side to drop is not to move")
    board = [[None] * 8 for _ in range(8)]
    for n, cell in enumerate(cells):
        rank, file = 7 - n // 8, n % 8
        board[rank][file] = cell
        if cell is None:
            continue
        if not dark(rank, file):
            raise ValueError("piece on a light square")
        uncrowned_there = not cell.crowned and rank == LAST_ROW[cell.side]
        if uncrowned_there and (rules.invisible_city or not cell.king):
            raise ValueError("uncrowned checker on its last row")
    for side in (BLACK, GREEN):
        if sum(1 for row in board for c in row if c and c.side == side) > 12:
            raise ValueError("more checkers than at the start")
        kings = sum(1 for row in board for c in row if c and c.side == side and c.king)
        if kings > 1:
            raise ValueError("two Kings")
        if kings and side in drops:
            raise ValueError("King before its drop")
        if not kings and drops == GREEN and side == BLACK:
            raise ValueError("Black dropped no King")
    return Pos(tuple(map(tuple, board)), turn, drops, rules)


# ------------------------------------------------------------------------------------------------
# Moves


def king_at(pos: Pos, side: str) -> tuple[int, int] | None:
    for rank in range(8):
        for file in range(8):
            c = pos.board[rank][file]
            if c is not None and c.side == side and c.king:
                return rank, file
    return None


def decided(pos: Pos) -> str | None:
    """The first two end checks: a King home wins; no Kings after the drops is a draw."""
    mover = other(pos.turn)
    for side in (mover, pos.turn):
        k = king_at(pos, side)
        if k is not None and k[0] == LAST_ROW[side]:
            return side
    if not pos.drops and king_at(pos, BLACK) is None and king_at(pos, GREEN) is None:
        return "draw"
    return None


def result(pos: Pos) -> str | None:
    """The winner, "draw" or None."""
    d = decided(pos)
    if d is not None:
        return d
    return None if legal(pos) else other(pos.turn)


def legal(pos: Pos) -> dict[str, Pos]:
    """Move text -> resulting position, for every legal move."""
    if decided(pos) is not None:
        return {}
    if pos.drops:
        return drops(pos)
    found = captures(pos)
    if found:
        return found
    found = steps(pos)
    found.update(pawn_moves(pos))
    return found


def after(pos: Pos, board: list[list[Checker | None]], drops: str = "") -> Pos:
    return Pos(tuple(map(tuple, board)), other(pos.turn), drops, pos.rules)


def thaw(pos: Pos) -> list[list[Checker | None]]:
    return [list(row) for row in pos.board]


def drops(pos: Pos) -> dict[str, Pos]:
    out = {}
    rank = BACK_ROW[pos.turn]
    for file in range(8):
        if pos.board[rank][file] == Checker(pos.turn):
            board = thaw(pos)
            board[rank][file] = Checker(pos.turn, king=True)
            out[f"K@{name(rank, file)}"] = after(pos, board, pos.drops[1:])
    return out


def may_move(pos: Pos, c: Checker | None) -> bool:
    return c is not None and c.side == pos.turn and (pos.rules.pawn_checker_moves or not c.king)


def rank_directions(c: Checker) -> tuple[int, ...]:
    return (1, -1) if c.crowned else (AHEAD[c.side],)


def arrive(pos: Pos, c: Checker, rank: int) -> Checker | None:
    """``c`` as it stands on ``rank``, or None if it may not go there (rule 3)."""
    if c.crowned or rank != LAST_ROW[c.side]:
        return c
    if pos.rules.invisible_city:
        return replace(c, crowned=True)
    return c if c.king else None


def steps(pos: Pos) -> dict[str, Pos]:
    out = {}
    for rank in range(8):
        for file in range(8):
            c = pos.board[rank][file]
            if not may_move(pos, c):
                continue
            for dr in rank_directions(c):
                for df in (-1, 1):
                    r, f = rank + dr, file + df
                    if not inside(r, f) or pos.board[r][f] is not None:
                        continue
                    landed = arrive(pos, c, r)
                    if landed is None:
                        continue
                    board = thaw(pos)
                    board[rank][file], board[r][f] = None, landed
                    out[f"{name(rank, file)}-{name(r, f)}"] = after(pos, board)
    return out


def captures(pos: Pos) -> dict[str, Pos]:
    """Every capture chain, found depth first with a stack of partial chains."""
    out = {}
    must_complete = pos.rules.invisible_city
    for rank in range(8):
        for file in range(8):
            c = pos.board[rank][file]
            if not may_move(pos, c):
                continue
            lifted = thaw(pos)
            lifted[rank][file] = None
            # (square, checker, board without the mover, landing names so far, chain over?)
            stack = [((rank, file), c, lifted, [name(rank, file)], False)]
            while stack:
                (r, f), piece, board, path, over = stack.pop()
                nexts = [] if over else list(jumps(pos, board, r, f, piece, path))
                if len(path) > 1 and not (must_complete and nexts):
                    final = [list(row) for row in board]
                    final[r][f] = piece
                    out[":".join(path)] = after(pos, final)
                stack.extend(nexts)
    return out


def jumps(pos: Pos, board, r: int, f: int, piece: Checker, path: list[str]):
    for dr in rank_directions(piece):
        for df in (-1, 1):
            mr, mf, lr, lf = r + dr, f + df, r + 2 * dr, f + 2 * df
            if not inside(lr, lf) or board[lr][lf] is not None:
                continue
            victim = board[mr][mf]
            if victim is None or victim.side == piece.side:
                continue
            if victim.king and not pos.rules.pawn_checker_capturable:
                continue
            landed = arrive(pos, piece, lr)
            if landed is None:
                continue
            rest = [list(row) for row in board]
            rest[mr][mf] = None
            crowned_now = landed.crowned and not piece.crowned
            yield (lr, lf), landed, rest, path + [name(lr, lf)], crowned_now


def pawn_moves(pos: Pos) -> dict[str, Pos]:
    """Rule 6: the King (pawn) goes to a friendly checker linked to it by adjacent friendly checkers."""
    k = king_at(pos, pos.turn)
    if k is None:
        return {}
    reached: set[tuple[int, int]] = set()

    def visit(r: int, f: int) -> None:
        for dr in (-1, 1):
            for df in (-1, 1):
                q = (r + dr, f + df)
                if q == k or q in reached or not inside(*q):
                    continue
                c = pos.board[q[0]][q[1]]
                if c is not None and c.side == pos.turn:
                    reached.add(q)
                    if not pos.rules.pawn_one_checker:
                        visit(*q)

    visit(*k)
    out = {}
    for r, f in reached:
        board = thaw(pos)
        board[k[0]][k[1]] = replace(board[k[0]][k[1]], king=False)
        board[r][f] = replace(board[r][f], king=True)
        out[f"{name(*k)}>{name(r, f)}"] = after(pos, board)
    return out


def perft(pos: Pos, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(p, depth - 1) for p in moves.values())
