"""An independent reading of docs/rules.md, section 3 CROWNS, to cross-check the engine.

Written straight from the rules text in a different style from ``pygame_rules.three_crowns``: a
grid ``grid[rank][file]`` of one-letter strings ("" for empty), coordinates as (file, rank) with
a1 = (0, 0), and no code shared with the engine. Slow and plain on purpose.
"""

from __future__ import annotations

KING_STEPS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]
HALF_LINES = [(1, 0), (0, 1), (1, 1), (1, -1)]


def read(text: str) -> dict:
    """Position string -> {"grid", "side", "bound", "clock"} (no validation beyond what the test needs)."""
    board, side, bound, clock = text.split()
    grid = [["" for _ in range(8)] for _ in range(8)]
    rank, file = 7, 0
    for ch in board:
        if ch == "/":
            rank, file = rank - 1, 0
        elif ch.isdigit():
            file += int(ch)
        else:
            grid[rank][file] = ch
            file += 1
    return {"grid": grid, "side": side, "bound": bound, "clock": int(clock)}


def write(state: dict) -> str:
    rows = []
    for rank in range(7, -1, -1):
        row, gap = "", 0
        for file in range(8):
            piece = state["grid"][rank][file]
            if piece:
                row += (str(gap) if gap else "") + piece
                gap = 0
            else:
                gap += 1
        rows.append(row + (str(gap) if gap else ""))
    return f"{'/'.join(rows)} {state['side']} {state['bound']} {state['clock']}"


def name(file: int, rank: int) -> str:
    return "abcdefgh"[file] + str(rank + 1)


def on_board(file: int, rank: int) -> bool:
    return 0 <= file < 8 and 0 <= rank < 8


def owner(piece: str) -> str:
    return piece.lower()


def enemy_of(side: str) -> str:
    return "b" if side == "g" else "g"


def line_length_through(grid, file: int, rank: int, df: int, dr: int) -> int:
    """How many stones equal to the one on (file, rank) stand next to each other along (df, dr)."""
    piece = grid[rank][file]
    count = 1
    for sign in (1, -1):
        f, r = file + sign * df, rank + sign * dr
        while on_board(f, r) and grid[r][f] == piece:
            count += 1
            f, r = f + sign * df, r + sign * dr
    return count


def part_of_troika(grid, file: int, rank: int) -> bool:
    """Rule 2: the uncrowned stone on (file, rank) is one of 3+ adjacent uncrowned like stones in a line."""
    piece = grid[rank][file]
    if not piece or piece.isupper():
        return False
    return any(line_length_through(grid, file, rank, df, dr) >= 3 for df, dr in HALF_LINES)


def has_crowned_troika(grid, side: str) -> bool:
    crown = side.upper()
    for rank in range(8):
        for file in range(8):
            if grid[rank][file] == crown:
                if any(line_length_through(grid, file, rank, df, dr) >= 3 for df, dr in HALF_LINES):
                    return True
    return False


def stones(grid, side: str) -> int:
    return sum(1 for row in grid for piece in row if piece and owner(piece) == side)


def result(state: dict) -> str | None:
    """Rule 6 and 7 for the side that just moved, then "no legal move loses"."""
    mover = enemy_of(state["side"])
    if has_crowned_troika(state["grid"], mover):
        return mover
    if stones(state["grid"], state["side"]) == 7:
        return mover
    if state["clock"] >= 100:
        return "draw"
    if not moves(state):
        return mover
    return None


def moves(state: dict) -> dict[str, str]:
    """Every legal move text -> the resulting position string (ignoring whether the game is over)."""
    grid, side = state["grid"], state["side"]
    out: dict[str, str] = {}
    only_step_from = None
    if side == "g" and state["bound"] not in ("*", "-"):
        only_step_from = (ord(state["bound"][0]) - ord("a"), int(state["bound"][1]) - 1)
    for rank in range(8):
        for file in range(8):
            piece = grid[rank][file]
            if not piece or owner(piece) != side:
                continue
            if only_step_from is not None and (file, rank) != only_step_from:
                continue
            # Rule 1: a step to any of the 8 adjacent empty squares.
            for df, dr in KING_STEPS:
                f, r = file + df, rank + dr
                if on_board(f, r) and not grid[r][f]:
                    new = [row[:] for row in grid]
                    new[rank][file], new[r][f] = "", piece
                    crowned = part_of_troika(new, f, r)
                    if crowned:
                        new[r][f] = piece.upper()
                    out[f"{name(file, rank)}-{name(f, r)}"] = finish(state, new, (f, r), crowned)
            if only_step_from is not None:
                continue  # rule 5: at ply 3 Green only steps
            # Rule 3: a jump is exactly two legs.
            target = enemy_of(side) if piece.isupper() else enemy_of(side).upper()
            for df1, dr1 in KING_STEPS:
                over1 = (file + df1, rank + dr1)
                land1 = (file + 2 * df1, rank + 2 * dr1)
                if not on_board(*land1) or grid[over1[1]][over1[0]] != target or grid[land1[1]][land1[0]]:
                    continue
                for df2, dr2 in KING_STEPS:
                    if (df2, dr2) == (-df1, -dr1):
                        continue  # never straight back
                    over2 = (land1[0] + df2, land1[1] + dr2)
                    land2 = (land1[0] + 2 * df2, land1[1] + 2 * dr2)
                    if not on_board(*land2):
                        continue
                    new = [row[:] for row in grid]
                    new[rank][file] = ""
                    if new[over2[1]][over2[0]] != target or new[land2[1]][land2[0]]:
                        continue
                    new[land2[1]][land2[0]] = piece
                    # Rule 4: the second jumped stone.
                    if target.islower():
                        new[over2[1]][over2[0]] = ""
                    else:
                        new[over2[1]][over2[0]] = target.lower()
                        if part_of_troika(new, *over2):
                            new[over2[1]][over2[0]] = ""
                    if piece.islower() and part_of_troika(new, *land2):
                        new[land2[1]][land2[0]] = piece.upper()
                    text = f"{name(file, rank)}:{name(*land1)}:{name(*land2)}"
                    out[text] = finish(state, new, land2, True)
    return out


def finish(state: dict, grid, landed: tuple[int, int], eventful: bool) -> str:
    """The position string after a move by the side to move that ended on ``landed``."""
    side = state["side"]
    bound = state["bound"]
    if bound == "*":
        new_bound = name(*landed)
    elif bound != "-" and side == "b":
        f, r = ord(bound[0]) - ord("a"), int(bound[1]) - 1
        new_bound = bound if grid[r][f] else "-"
    else:
        new_bound = "-"
    clock = 0 if eventful else state["clock"] + 1
    return write({"grid": grid, "side": enemy_of(side), "bound": new_bound, "clock": clock})
