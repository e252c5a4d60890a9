"""Board diagrams for tests: write positions the way ``Position.diagram()`` prints them.

A diagram is one line per rank, top rank first, each starting with its rank number, and a line of
file letters below (or above)::

     8 b . b . b . b .
     7 . b . b . b . b
     ...
     1 . g . g . g . g
       a b c d e f g h

Each square is read from the column of its file letter, so spacing and indentation are free as long
as the cells line up under the letters. A cell is a piece letter, ``.`` for an empty square, and
``#`` or a blank for no square (the Lion board has holes). ``[x]`` is the square holding ``x`` and
``[ ]`` an empty square, as the Lion diagram in docs/rules.md marks burrow squares. Text to the right of
the last file (a note, a position string) is ignored, as are blank lines.

Every square of the game's geometry must be given and every hole must be left blank or ``#``, so a
typo fails loudly instead of testing the wrong position::

    board = board_string("lilypad", DIAGRAM)            # "8/8/8/5b2/..." (canonical)
    position = load_diagram("lilypad", DIAGRAM, "b -")  # a Position, side and extra fields added
"""

from __future__ import annotations

import re

import pygame_rules
from pygame_rules.core import EMPTY, FILES, format_board, position_class

__all__ = ["DiagramError", "board_string", "load_diagram", "parse_diagram"]

NO_SQUARE = "#"
_RANK_LINE = re.compile(r"^\s*(\d+)(?=\s)")


class DiagramError(ValueError):
    """A diagram that does not fit the game's board (a test's own mistake, not the engine's)."""


def parse_diagram(game: str, diagram: str, variant: str | None = None) -> dict[str, str]:
    """Read ``diagram`` into ``{square name: cell}`` for every square of ``game``'s board.

    A cell is a piece letter of ``game`` (and ``variant``) or ``"."``. Raises DiagramError naming
    the line and square when the diagram does not fit the board.
    """
    cls = position_class(game, variant)
    geometry = cls.geometry
    lines = [line.rstrip() for line in diagram.splitlines() if line.strip()]
    if not lines:
        raise DiagramError("empty diagram")
    # The file letters go below the board (as ``diagram()`` prints them) or above it.
    if _is_file_line(lines[-1]):
        *rank_lines, file_line = lines
    elif _is_file_line(lines[0]):
        file_line, *rank_lines = lines
    else:
        raise DiagramError(f"no line of file letters below (or above) the board in {diagram!r}")
    file_columns = _file_columns(file_line, geometry.width)

    exists = {geometry.coords[i]: geometry.names[i] for i in range(len(geometry))}
    expected_ranks = list(reversed(range(1, geometry.height + 1)))
    labels = []
    cells: dict[str, str] = {}
    for line in rank_lines:
        m = _RANK_LINE.match(line)
        if not m:
            raise DiagramError(f"line {line!r} does not start with a rank number")
        rank = int(m.group(1))
        labels.append(rank)
        for file, column in enumerate(file_columns):
            cell = _cell(line, column, m.end())
            name = f"{FILES[file]}{rank}"
            square = exists.get((file, rank - 1))
            if cell in (NO_SQUARE, " "):
                if square is not None:
                    raise DiagramError(f"line {line!r}: {name} is a square of the {game} board")
                continue
            if square is None:
                raise DiagramError(f"line {line!r}: {name} is not a square of the {game} board")
            if cell != EMPTY and cell not in cls.pieces:
                raise DiagramError(
                    f"line {line!r}: {cell!r} on {name} is not a {game} piece ({''.join(cls.pieces)})"
                )
            cells[name] = cell
    if labels != expected_ranks:
        raise DiagramError(f"ranks {labels} in the diagram, expected {expected_ranks} (top rank first)")
    return cells


def board_string(game: str, diagram: str, variant: str | None = None) -> str:
    """The canonical board part of a position string for ``diagram`` (see the module docstring)."""
    cls = position_class(game, variant)
    cells = parse_diagram(game, diagram, variant)
    return format_board([cells[name] for name in cls.geometry.names], cls.geometry)


def load_diagram(game: str, diagram: str, rest: str, variant: str | None = None) -> pygame_rules.Position:
    """The position whose board is ``diagram`` and whose other fields are ``rest`` (e.g. ``"b -"``)."""
    return pygame_rules.load(game, f"{board_string(game, diagram, variant)} {rest}", variant)


def _is_file_line(line: str) -> bool:
    return all(len(token) == 1 and token in FILES for token in line.split())


def _file_columns(line: str, width: int) -> list[int]:
    letters = [(i, ch) for i, ch in enumerate(line) if not ch.isspace()]
    wanted = list(FILES[:width])
    if [ch for _, ch in letters] != wanted:
        raise DiagramError(f"line {line!r} must be the file letters {' '.join(wanted)}")
    return [i for i, _ in letters]


def _cell(line: str, column: int, label_end: int) -> str:
    """The cell under ``column``: its character, with ``[x]`` read as x and ``[ ]`` as empty."""
    if column < label_end:
        raise DiagramError(f"line {line!r}: the rank label overlaps the file columns")
    ch = line[column] if column < len(line) else " "
    bracketed = 0 < column < len(line) - 1 and line[column - 1] == "[" and line[column + 1] == "]"
    if bracketed:
        return EMPTY if ch == " " else ch
    return ch
