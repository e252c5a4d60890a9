"""Exact rules of three abstract board games: Lilypad, 3 Crowns and The Lion Game.

>>> import pygame_rules
>>> pygame_rules.games()
['lilypad', 'three-crowns', 'lion']
>>> p = pygame_rules.start("lilypad")
>>> p.moves()[:3]
['K@a8', 'K@c8', 'K@e8']
>>> p.play("K@c8").turn
'g'
"""

from __future__ import annotations

from .core import (
    Game,
    IllegalMoveError,
    Move,
    Position,
    PositionError,
    RulesError,
    games,
    perft,
    position_class,
    variants,
)
from . import lilypad  # noqa: F401  (each game module registers itself)
from . import three_crowns  # noqa: F401
from . import lion  # noqa: F401
from .search import Analysis, Search, analyse, best_move
# Imported here, not on first use like the records: the function ``puzzles`` must shadow the
# module of the same name (small; the solver it needs is imported only when a puzzle is checked).
from .puzzles import Puzzle, puzzle, puzzles

__all__ = [
    "Analysis",
    "Game",
    "IllegalMoveError",
    "Move",
    "Position",
    "PositionError",
    "Puzzle",
    "Record",
    "RecordError",
    "RulesError",
    "Search",
    "analyse",
    "best_move",
    "decode_moves",
    "encode_moves",
    "games",
    "perft",
    "puzzle",
    "puzzles",
    "load",
    "parse_record",
    "read_record",
    "start",
    "variants",
    "write_record",
]


def start(game: str, variant: str | None = None) -> Position:
    """The start position of ``game`` (and ``variant``)."""
    return position_class(game, variant).start()


def load(game: str, text: str, variant: str | None = None) -> Position:
    """The position of ``game`` written as ``text``; raises PositionError if it is bad."""
    return position_class(game, variant).from_text(text)


#: Names of ``records`` exported here, imported on first use: the page's worker starts without
#: compiling the records module (Pyodide compiles every module it imports from source).
_RECORDS = {"Record", "RecordError", "decode_moves", "encode_moves", "parse_record", "read_record", "write_record"}


def __dir__() -> list[str]:
    """The module's names with the record names it imports on first use, for dir() and completion."""
    return sorted(set(globals()) | _RECORDS)


def __getattr__(name: str):
    if name in _RECORDS:
        from . import records

        return getattr(records, name)
    from .core import quote

    raise AttributeError(f"module 'pygame_rules' has no attribute {quote(name)}")
