"""Puzzles: positions where the side to move forces a win in a few moves.

Each puzzle states a fact the tests prove by exhaustive search (:mod:`pygame_rules.solve`): the
side to move forces a win within ``moves`` of its own moves and not fewer, whatever the defence;
the first winning moves are exactly ``solution[0]`` and ``alternatives``. ``solution`` is one
line: the winning move, the longest defence, and so on, ending with the move that wins.

The puzzles are data (``data/puzzles.json``), made by :mod:`pygame_rules.puzzlegen`
(``python -m pygame_rules.puzzlegen --seed 1``), which searches self-played games for them.

>>> import pygame_rules
>>> p = pygame_rules.puzzle("lilypad-01")
>>> p.game, p.moves == (len(p.solution) + 1) // 2
('lilypad', True)
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from .core import Position, RulesError, position_class, shown

if TYPE_CHECKING:
    from .solve import Solver

__all__ = ["Puzzle", "check", "judge", "puzzle", "puzzles"]

DATA = "puzzles.json"


@dataclass(frozen=True)
class Puzzle:
    """One puzzle; ``load()`` gives its position as a :class:`~pygame_rules.core.Position`."""

    #: Stable and fit for a link: ``<game>-<number>``, or ``<game>-<variant>-<number>``.
    id: str
    game: str
    #: None for the game's default rules.
    variant: str | None
    title: str
    #: Where it starts, a position string (the side to move is the solver).
    position: str
    #: The solver's moves and the longest defences, alternately, ending with the winning move.
    solution: tuple[str, ...]
    #: Other first moves that win as fast as ``solution[0]`` (usually none).
    alternatives: tuple[str, ...]
    #: How many moves the solver has: it wins with its ``moves``-th move at the latest.
    moves: int
    #: What wins, then how (``puzzlegen.themes_of`` reads them off the solution).
    themes: tuple[str, ...] = ()
    #: Difficulty on a chess-like scale, from ``measured`` (``puzzlegen.rating_of``).
    rating: int = 0
    #: What the rating is made of (``puzzlegen.measure``): the solver's positions to find the
    #: win, the defences that do not lose at once, the AI's levels that miss the first move.
    measured: dict[str, int] | None = field(default=None, compare=False, hash=False)

    def load(self) -> Position:
        """The puzzle's position, as a :class:`~pygame_rules.core.Position` of its game and variant."""
        return position_class(self.game, self.variant).from_text(self.position)

    def to_json(self) -> dict[str, Any]:
        """Its fields, without a missing variant or empty alternatives (the data file stays small)."""
        data = asdict(self)
        data["solution"], data["alternatives"], data["themes"] = list(self.solution), list(self.alternatives), list(self.themes)
        return {k: v for k, v in data.items() if not (k in ("variant", "alternatives", "measured") and not v)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Puzzle":
        return cls(
            id=data["id"], game=data["game"], variant=data.get("variant"), title=data["title"],
            position=data["position"], solution=tuple(data["solution"]),
            alternatives=tuple(data.get("alternatives", ())), moves=data["moves"],
            themes=tuple(data.get("themes", ())), rating=data.get("rating", 0), measured=data.get("measured"),
        )


@cache
def _all() -> tuple[Puzzle, ...]:
    from importlib import resources  # on first use: not part of the browser's start-up (16 ms there)

    text = resources.files(__package__).joinpath("data", DATA).read_text(encoding="utf-8")
    return tuple(Puzzle.from_json(p) for p in json.loads(text)["puzzles"])


def puzzles(game: str | None = None, variant: str | None = None) -> list[Puzzle]:
    """The puzzles of ``game`` (and ``variant``; None is the default rules), or of every game."""
    if game is None:
        if variant is not None:
            raise RulesError(f"the variant {shown(variant)} needs a game: the puzzles of which game?")
        return list(_all())
    position_class(game, variant)  # an unknown game or variant is an error, not an empty list
    return [p for p in _all() if p.game == game and p.variant == (variant or None)]


def puzzle(puzzle_id: str) -> Puzzle:
    """The puzzle called ``puzzle_id``; RulesError if there is none."""
    for p in _all():
        if p.id == puzzle_id:
            return p
    raise RulesError(f"no puzzle {shown(puzzle_id)}")


def check(p: Puzzle, solver: "Solver | None" = None) -> list[str]:
    """What is wrong with puzzle ``p``, proved by exhaustive search (an empty list: nothing).

    The facts: the position is valid and written canonically; the solver wins within
    ``p.moves`` of its moves and not fewer, whatever the defence; its winning first moves are
    exactly ``solution[0]`` and ``alternatives``; the solution is legal, each of its solver moves
    still wins in time, each reply is a longest defence, and the last move wins.
    """
    from .solve import Solver

    solver = solver or Solver()
    problems = []
    try:
        position = p.load()
    except RulesError as e:
        return [str(e)]
    if position.text != p.position:
        problems.append(f"position {p.position!r} is not written canonically ({position.text!r})")
    n = p.moves
    if not 2 <= n <= 5 or len(p.solution) != 2 * n - 1:
        return problems + [f"{n} moves need a solution of {2 * n - 1} moves, not {len(p.solution)}"]
    if not solver.wins_within(position, n):
        return problems + [f"no forced win within {n} moves"]
    if solver.wins_within(position, n - 1):
        problems.append(f"a forced win within {n - 1} moves already")
    first = sorted(solver.winning_moves(position, n))
    if first != sorted([p.solution[0], *p.alternatives]):
        problems.append(f"the winning first moves are {first}")
    side = position.turn
    for i, text in enumerate(p.solution):
        left = n - i // 2
        try:
            move = position.move(text)
        except RulesError as e:
            return problems + [str(e)]
        if i % 2 == 0 and not solver.move_wins_within(position, move, left):
            problems.append(f"{text} (move {i + 1}) does not win within {left} moves")
        if i % 2 == 1:
            longest = solver.defences(position, left)[0][1]
            if solver.forced_win_length(move.after, left) != longest:
                problems.append(f"{text} (move {i + 1}) is not a longest defence")
        position = move.after
    if position.winner != side:
        problems.append("the solution does not end with a win")
    return problems


def judge(p: Puzzle, moves: list[str], solver: Solver) -> dict[str, Any]:
    """Judge the last of ``moves`` (the solver's moves and the replies so far, from the puzzle's
    start, ending with a solver move), by exhaustive search. Correct: ``{"correct": True,
    "solved": True}`` once it has won, else the defence to play (``reply``, the longest), the
    moves ``left`` and a ``hint`` (a move that wins after the reply). Wrong: ``{"correct": False,
    "escape", "message", "hint"}``, ``escape`` a reply after which the solver no longer wins in
    time (None when the move ends the game or was the last one allowed), ``hint`` a move that
    would have won in its place. A solver move before the last that does not win is a RulesError.
    ``solver`` may be one kept from the puzzle's earlier moves: its tables make the answer quick."""
    position = p.load()
    side = position.turn
    for i, text in enumerate(moves):
        left = p.moves - i // 2
        move = position.move(text)
        if i % 2 == 0 and not solver.move_wins_within(position, move, left):
            if i < len(moves) - 1:
                raise RulesError(f"move {i + 1} ({text}) does not win in time: the puzzle went wrong before the last move")
            return {**_wrong(solver, move, left), "hint": _hint(p, solver, position, moves[:-1], left)}
        position = move.after
    if position.winner == side:
        return {"correct": True, "solved": True}
    left = p.moves - (len(moves) + 1) // 2
    reply, _ = solver.defences(position, left)[0]
    after = position.play(reply)
    return {"correct": True, "solved": False, "reply": reply, "left": left, "hint": _hint(p, solver, after, [*moves, reply], left)}


def _hint(p: Puzzle, solver: Solver, position: Position, moves: list[str], left: int) -> str:
    """A solver move that wins within ``left`` moves from ``position`` (reached by ``moves``): the
    puzzle's verified solution while the moves follow it, else the first that the search proves."""
    if tuple(moves) == p.solution[: len(moves)]:
        return p.solution[len(moves)]
    return solver.winning_moves(position, left)[0]


def _wrong(solver: Solver, move: Any, left: int) -> dict[str, Any]:
    """The answer to a solver move that does not force a win within ``left`` moves."""
    after = move.after
    if after.winner is not None:
        return {"correct": False, "escape": None, "message": f"{move.text} ends the game: {after.describe_result()}."}
    if left == 1:
        return {"correct": False, "escape": None, "message": f"{move.text} does not win at once."}
    escape, _ = solver.defences(after, left - 1)[0]
    name = after.side_names[after.turn]
    return {
        "correct": False,
        "escape": escape,
        "message": f"{move.text} does not force a win in {left} moves: {name} escapes with {escape}.",
    }
