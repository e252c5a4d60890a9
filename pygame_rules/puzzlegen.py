"""Make the puzzles (``data/puzzles.json``): ``python -m pygame_rules.puzzlegen --seed 1``.

The AI plays itself from the start until a side wins, in styles that vary from game to game
(:data:`STYLES`: its node budget, the share of random moves, whether those take a piece when they
can, the length of a random opening), so the games do not all look alike. A few moves before the
end, the winner often had a forced win: each of the winner's positions 2 to 5 of its moves from
the end (:func:`candidate_positions`) is handed to the exhaustive solver
(:mod:`pygame_rules.solve`), and kept when the side to move wins in exactly 2, 3 or 4 moves, not
in 1, with at most two first moves that do, and when the tests can prove it quickly. At most two
puzzles are taken from a game played, and the numbers of moves and the kinds of win are spread
(:data:`MOST`). A kind of win that self-played games seldom end in (3 Crowns' seventh stone)
is looked for a ply away from them too (:func:`sidelines`, :data:`SIDELINES`). The worked examples of the original pages that are puzzles come first, when
the tests can prove them as quickly (3 Crowns' example 1 takes ten times longer:
``tests/test_solve.py`` proves it when ``KS_SLOW=1``). The same seed gives the same puzzles (for
the same rules and AI), and a run stopped early gives the first of them.

A run keeps the puzzles already in the data file, with their ids (the site keeps the ids of the
puzzles solved in a browser), and appends new ones up to ``--count`` a game: the same seed and
data file give the same new puzzles. ``--fresh`` starts again from none.

``--tactics`` writes the analysis feature's test suite instead: positions whose side to move
forces a win in 2 or 3 moves but not 1 (``tests/data/tactics-<game>.txt``), from the same
self-played games; a run appends to a suite that is there.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import random
import sys
import time
from pathlib import Path
from typing import Iterable, Iterator

from .core import Game, Move, Position, games, position_class
from .puzzles import DATA, Puzzle, check
from .search import best_move
from .solve import OutOfBudget, Solver

#: Worked examples of the original pages that are puzzles: game, position, the page's first
#: move, and where it comes from.
EXAMPLES = (
    ("lilypad", "8/8/8/8/2b5/1B1b1g2/8/1g5g b -", "b3>d3", "Kings and Soldiers page, diagram 2"),
    ("three-crowns", "1g3b2/2b5/g3B2b/b7/gb1G4/3B1g2/3gGb1b/gbg5 g - 0", "f3-e3", "3 Crowns page, example 1"),
)

#: Puzzles per game.
COUNT = 15
#: At most this many puzzles of a game in 2 and in 4 moves (so at least 1 in 3 of the 15 are not
#: in 2), by leaving the opponent no move (the games' own wins first), and by a crowned line in
#: 3 Crowns (room for two won by the seventh stone, which are far rarer).
MOST = {2: 10, 4: 4, "Leave no move": 3, "Crown a line": 13}
NEVER = 1 << 30
#: The most positions the solver may visit to find a puzzle, and to prove it as the tests do
#: (so the tests stay quick).
FIND_NODES = 4_000
CHECK_NODES = 4_000
#: Where a game needs other limits: 3 Crowns has about 50 moves a ply, so proving a win in 3
#: visits thousands of positions (a win in 4, far more): its puzzles stop at 3 moves, get a
#: larger budget, and are checked with the table the finding filled (a fresh solver would prove it
#: all again; the tests do, without a budget).
SEARCH = {"three-crowns": {"max_n": 3, "nodes": 12_000, "fresh_check": False}}
#: A kind of win too rare at the end of self-played games, looked for a ply away from them
#: (:func:`sidelines`): in each position of a game where the side to move is down to this many
#: pieces, after each of its other moves, whether the opponent wins in 2 that way. 3 Crowns' seventh
#: stone: no self-played game of seed 1's first 179 gave one in 2 or 3 moves, though the greedy
#: styles' games run down to 8 stones.
SIDELINES = {"three-crowns": ("Take a third stone", 8)}
#: The solver's budget for a position of the tactics suite.
TACTICS_NODES = 3_000
#: Positions of a tactics suite taken a move later along one win (of a puzzle or a game), at most.
TACTICS_EXTRA = 5
#: Puzzles taken from one game played, at most.
PER_GAME = 2
#: The longest self-played game (a game that runs on gives no candidates).
MAX_PLIES = 160
MAX_ALTERNATIVES = 2
#: A puzzle offers at least this many moves to choose from.
MIN_CHOICES = 3


@dataclasses.dataclass(frozen=True)
class Style:
    """How the AI plays a game against itself."""

    #: The AI's node budget a move (a level: lower blunders more, higher wins more cleanly).
    nodes: int
    #: The share of its moves played at random instead.
    random_share: float
    #: Whether every move takes a piece when one can (a random one of those), the AI's too: the
    #: games run down to few pieces, where the wins by material (3 Crowns' seventh stone) are.
    greedy: bool
    #: A random opening of up to this many plies.
    opening: int


#: The styles a self-played game is given, each game its own (drawn by its random generator).
STYLES = (
    Style(nodes=150, random_share=0.2, greedy=False, opening=8),
    Style(nodes=50, random_share=0.3, greedy=True, opening=12),
    Style(nodes=300, random_share=0.1, greedy=False, opening=16),
    Style(nodes=150, random_share=0.35, greedy=True, opening=4),
)


def self_played(game: str, seed: int, index: int) -> Game:
    """Self-played game number ``index`` of ``seed``: each has its own random generator and style
    (:data:`STYLES`), so games can be played in any order or in parallel processes alike."""
    rng = random.Random(f"{seed}:{game}:{index}")
    return self_play(game, rng, rng.choice(STYLES))


def self_play(game: str, rng: random.Random, style: Style = STYLES[0]) -> Game:
    """One game of the AI against itself from the start, in ``style``."""
    record = Game(game)
    opening = rng.randrange(0, style.opening + 1)
    while record.result is None and len(record.history) < MAX_PLIES:
        record.play(next_move(record, rng, style, at_random=len(record.history) < opening))
    return record


def next_move(record: Game, rng: random.Random, style: Style, at_random: bool = False) -> str:
    """The move ``style`` plays in ``record``: a random one that takes a piece if the style is
    greedy and one does; else a random one if ``at_random`` (the opening) or at the style's share;
    else the AI's."""
    legal = record.position.legal()
    takes = [m for m in legal if m.removed] if style.greedy else []
    if takes or at_random or rng.random() < style.random_share:
        return rng.choice(takes or legal).text
    return best_move(record.position, nodes=style.nodes, seed=rng.randrange(1 << 30), history=record.positions[:-1])


def pieces_of(position: Position, side: str) -> int:
    """How many pieces ``side`` has on the board (Lilypad's and 3 Crowns' letters are their side's)."""
    return sum(1 for p in position.board_cells() if p.lower() == side)


def win_kind(position: Position, move: Move) -> str:
    """How ``move`` wins, in a few words for a title."""
    if not position.wins_at_once(move):
        return "Leave no move"  # the opponent has no legal move
    if position.game == "three-crowns":
        return "Take a third stone" if move.removed and pieces_of(move.after, move.after.turn) == 7 else "Crown a line"
    return {"lilypad": "King home", "lion": "Take the Lion"}[position.game]


def solution_line(solver: Solver, position: Position, n: int, first: str) -> list[str]:
    """``first``, then alternately the longest defence and the solver's first fastest win."""
    line = [first]
    position = position.play(first)
    while position.winner is None:
        reply, left = solver.defences(position, n)[0]
        position = position.play(reply)
        line.append(reply)
        move = solver.winning_moves(position, left)[0]
        position = position.play(move)
        line.append(move)
        n = left
    return line


def make_puzzle(
    game: str, position: Position, first: str | None = None, source: str = "", max_n: int = 4,
    nodes: int | None = FIND_NODES, fresh_check: bool = True,
) -> tuple[Puzzle | None, int | None]:
    """The puzzle of ``position`` if it is one (see the module docstring), else None; and the
    fewest moves to a forced win found (None: none within ``max_n``, or not within the budget).
    The puzzle is checked as the tests do, by a fresh solver within :data:`CHECK_NODES` unless
    not ``fresh_check`` (then by the same solver, within ``nodes`` more)."""
    solver = Solver(max_nodes=nodes)
    try:
        n = solver.forced_win_length(position, max_n)
        if n is None or n < 2 or len(position.legal()) < MIN_CHOICES:
            return None, n
        winners = solver.winning_moves(position, n)
        if len(winners) > 1 + MAX_ALTERNATIVES:
            return None, n
        first = first if first in winners else winners[0]
        line = solution_line(solver, position, n, first)
    except OutOfBudget:
        return None, None
    final = position
    for text in line[:-1]:
        final = final.play(text)
    kind = win_kind(final, final.move(line[-1]))
    title = f"{kind} in {n}" + (f" ({source})" if source else "")
    alternatives = tuple(m for m in winners if m != first)
    candidate = Puzzle("", game, position.variant, title, position.text, tuple(line), alternatives, n)
    try:
        if fresh_check:
            checker = Solver(max_nodes=nodes and CHECK_NODES)
        else:
            checker, checker.max_nodes = solver, nodes and solver.nodes + nodes
        if check(candidate, checker):
            return None, n
    except OutOfBudget:
        return None, n
    return candidate, n


def candidate_positions(game: str, seed: int, index: int) -> list[list[Position]]:
    """The positions of self-played game number ``index`` of ``seed`` that may hold a short forced
    win, in runs: the winner's positions 2 to 5 of its own moves before the end, nearest first
    (once one has no quick forced win, one further back is unlikelier still); then, each a run of
    its own, the positions of a side that has just taken a piece, at its next move (taking more
    is often what wins: 3 Crowns' seventh stone)."""
    return runs_of(self_played(game, seed, index))


def runs_of(record: Game) -> list[list[Position]]:
    """:func:`candidate_positions` of a self-played game."""
    game, winner = record.position.game, record.result
    if winner not in position_class(game).sides or record.position.winner != winner:
        return []
    positions = record.positions
    near_end = [positions[i] for i in range(len(positions) - 4, -1, -2) if positions[i].turn == winner][:4]
    pieces = [len(p.pieces_on_board()) for p in positions]
    after_taking = [
        positions[i + 2] for i in range(len(positions) - 2)
        if pieces[i + 1] < pieces[i] and positions[i + 2].winner is None and positions[i + 2] not in near_end
    ]
    return [near_end, *([p] for p in after_taking)]


def sidelines(record: Game, pieces: int) -> Iterator[Position]:
    """The positions a ply away from the game of ``record``: in each of its positions (but the
    last) where the side to move has ``pieces`` pieces, after each of its legal moves (the one
    played too) that does not end the game, in the game's order and then the moves' (no position
    twice)."""
    seen = set()
    for position in record.positions[:-1]:
        if pieces_of(position, position.turn) == pieces:
            for move in position.legal():
                after = move.after
                if after.winner is None and after.text not in seen:
                    seen.add(after.text)
                    yield after


def puzzles_of_game(game: str, seed: int, index: int) -> list[Puzzle]:
    """The puzzles found in self-played game number ``index`` of ``seed``, before any limit: in
    its candidate runs, then on its sidelines (:data:`SIDELINES`: only puzzles of the rare kind, in
    2 moves: a win in 3 takes too long to rule out in so many positions)."""
    found: list[Puzzle] = []
    record = self_played(game, seed, index)
    for run in runs_of(record):
        for position in run:
            p, n = make_puzzle(game, position, **SEARCH.get(game, {}))
            if n is None:
                break  # no quick forced win here: one further back in the run is unlikelier still
            if p is not None:
                found.append(p)
                if len(found) == PER_GAME:
                    return found
    if game in SIDELINES:
        kind, pieces = SIDELINES[game]
        for position in sidelines(record, pieces):
            p, _ = make_puzzle(game, position, **{**SEARCH.get(game, {}), "max_n": 2, "nodes": FIND_NODES})
            if p is not None and p.title.startswith(kind):
                found.append(p)
                if len(found) == PER_GAME:
                    return found
    return found


def examples(game: str) -> list[Puzzle]:
    """The worked examples of the rules pages that make puzzles the tests prove quickly."""
    found = []
    for example_game, text, first, source in EXAMPLES:
        if example_game == game:
            p, _ = make_puzzle(game, position_class(game).from_text(text), first, source)
            if p is not None:
                found.append(p)
    return found


def select(found: list[Puzzle], candidates: Iterable[Puzzle]) -> Iterator[Puzzle]:
    """The ``candidates`` (in order) that the limits let in after ``found``, which grows."""
    for p in candidates:
        kind = p.title.split(" in ")[0]
        if (
            p.position in {q.position for q in found}
            or sum(q.moves == p.moves for q in found) >= MOST.get(p.moves, NEVER)
            or sum(q.title.startswith(kind) for q in found) >= MOST.get(kind, NEVER)
        ):
            continue
        found.append(p)
        yield p


def discover(
    game: str, seed: int, games: range = range(300), verbose: bool = False, known: Iterable[Puzzle] = (),
) -> Iterator[Puzzle]:
    """The puzzles of ``game`` in the order they are found (the worked examples first), the same
    for the same seed, without ids (:func:`numbered` gives them); after the ``known`` ones (not
    yielded again), which count towards the limits (:data:`MOST`). The limits do not depend on
    how many are wanted, so fewer puzzles are always the first ones of more."""
    found: list[Puzzle] = list(known)
    yield from select(found, examples(game))
    for index in games:
        for p in select(found, puzzles_of_game(game, seed, index)):
            if verbose:
                print(f"{game}: game {index}: {p.title}: {p.position}", file=sys.stderr, flush=True)
            yield p


def numbered(game: str, found: list[Puzzle], known: list[Puzzle] = ()) -> list[Puzzle]:
    """``known`` as they are, then ``found`` in order of moves (worked examples first) with the
    ids that follow (``known``'s are kept: the site's solved marks are by id)."""
    found = sorted(found, key=lambda p: (p.moves, " (" not in p.title))
    return [*known, *(dataclasses.replace(p, id=f"{game}-{i:02d}") for i, p in enumerate(found, len(known) + 1))]


def generate(
    game: str, seed: int, count: int = COUNT, max_games: int = 300, verbose: bool = False, known: list[Puzzle] = (),
) -> list[Puzzle]:
    """``known`` and puzzles after them up to ``count`` in all (fewer if ``max_games`` games do
    not give them), the same ones for the same seed (see the module docstring)."""
    wanted = max(0, count - len(known))
    return numbered(game, list(itertools.islice(discover(game, seed, range(max_games), verbose, known), wanted)), known)


def tactics(
    game: str, seed: int, count: int = 50, max_games: int = 600, known: list[tuple[str, int, list[str]]] = (),
) -> Iterator[tuple[str, int, list[str]]]:
    """Positions of ``game`` whose side to move forces a win in 2 or 3 of its moves but not 1, up
    to ``count`` with the ``known`` ones (a suite's, not yielded again): ``(position, moves,
    winning first moves)``, the same ones in the same order for the same seed, puzzles and
    known positions (so a run stopped early gives the first of them).

    First the puzzles of the game (``data/puzzles.json``) in 2 or 3 and the positions a move later
    along their lines: after a winning first move and a defence, where the winner needs 2 or 3
    more moves (at most :data:`TACTICS_EXTRA` per puzzle). Then the positions a move later along
    the known positions' wins in 3, the same way. Then the positions of self-played games
    (:func:`candidate_positions`), each proved by the solver within :data:`TACTICS_NODES`
    positions, with the same positions a move later."""
    from .puzzles import puzzles

    seen: set[str] = {text for text, _, _ in known}
    made = len(seen)

    def new(position: Position, n: int, solver: Solver) -> Iterator[tuple[str, int, list[str]]]:
        nonlocal made
        if made < count and position.text not in seen:
            moves = solver.winning_moves(position, n)  # may run out of budget: then not counted
            seen.add(position.text)
            made += 1
            yield position.text, n, moves

    def with_later(position: Position, n: int, solver: Solver) -> Iterator[tuple[str, int, list[str]]]:
        if n <= 3:
            yield from new(position, n, solver)
        yield from itertools.islice(_later(position, n, solver, new), TACTICS_EXTRA)

    for p in puzzles(game):
        try:
            yield from with_later(p.load(), p.moves, Solver(max_nodes=TACTICS_NODES))
        except OutOfBudget:
            continue
    for text, n, _ in known:
        if n == 3:
            try:
                position = position_class(game).from_text(text)
                yield from itertools.islice(_later(position, n, Solver(max_nodes=TACTICS_NODES), new), TACTICS_EXTRA)
            except OutOfBudget:
                continue
    for index in range(max_games):
        if made >= count:
            return
        for run in candidate_positions(game, seed, index):
            for position in run:
                if made >= count or position.text in seen:
                    break
                solver = Solver(max_nodes=TACTICS_NODES)
                try:
                    n = solver.forced_win_length(position, 3)
                    if n is None:
                        break
                    if n >= 2:
                        yield from with_later(position, n, solver)
                except OutOfBudget:
                    break


def _later(position: Position, n: int, solver: Solver, new) -> Iterator[tuple[str, int, list[str]]]:
    """The positions after a winning first move of ``position`` (a win in ``n``) and a reply,
    where the winner needs 2 or 3 more moves."""
    for first in solver.winning_moves(position, n):
        after = position.play(first)
        for reply, length in solver.defences(after, min(n - 1, 3)):
            if length in (2, 3):
                yield from new(after.play(reply), length, solver)


def write_tactics(game: str, seed: int, out: Path, max_games: int = 600) -> None:
    """Append to the suite in ``out`` (or start it), rewritten after each find (a run stopped early
    keeps them)."""
    lines = [f"# {game}: position | moves to win | the winning first moves (python -m pygame_rules.puzzlegen --tactics)"]
    if out.exists():
        lines = out.read_text(encoding="utf-8").splitlines()
    known = read_tactics(out) if out.exists() else []
    for text, n, moves in tactics(game, seed, max_games=max_games, known=known):
        lines.append(f"{text} | {n} | {' '.join(moves)}")
        out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_tactics(path: Path) -> list[tuple[str, int, list[str]]]:
    """The suite :func:`write_tactics` wrote: ``(position, moves to win, winning first moves)``."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            text, n, moves = (part.strip() for part in line.split("|"))
            out.append((text, int(n), moves.split()))
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m pygame_rules.puzzlegen", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=COUNT, help="puzzles per game")
    parser.add_argument("--game", action="append", choices=games(), help="only these games (default: all)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "data" / DATA)
    parser.add_argument("-v", "--verbose", action="store_true", help="report each puzzle found")
    parser.add_argument("--games", type=int, help="self-played games to look through at most (300; 600 for --tactics)")
    parser.add_argument("--fresh", action="store_true", help="make every puzzle again (new ids), keeping none")
    parser.add_argument("--tactics", type=Path, metavar="DIR", help="write DIR/tactics-<game>.txt instead")
    args = parser.parse_args(argv)
    if args.tactics:
        for game in args.game or games():
            start = time.perf_counter()
            write_tactics(game, args.seed, args.tactics / f"tactics-{game}.txt", args.games or 600)
            print(f"{game}: tactics in {time.perf_counter() - start:.0f} s", file=sys.stderr)
        return
    kept = [] if args.fresh or not args.out.exists() else [Puzzle.from_json(p) for p in json.loads(args.out.read_text(encoding="utf-8"))["puzzles"]]
    for game in args.game or games():
        start = time.perf_counter()
        known = [p for p in kept if p.game == game]
        others = [p for p in kept if p.game != game]
        wanted = max(0, args.count - len(known))
        found: list[Puzzle] = []
        games_played = range(args.games or 300)
        for p in itertools.islice(discover(game, args.seed, games_played, args.verbose, known), wanted):
            found.append(p)
            # Written after each find: a run stopped early leaves the first ones (see discover).
            write_puzzles(args.out, args.seed, others + numbered(game, found, known))
        kept = others + numbered(game, found, known)
        counts = {n: sum(p.moves == n for p in found) for n in (2, 3, 4)}
        print(f"{game}: {len(found)} new puzzles {counts} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    write_puzzles(args.out, args.seed, kept)


def write_puzzles(path: Path, seed: int, found: list[Puzzle]) -> None:
    """Write ``found`` to ``path``, game by game (in :func:`games` order), each game's in its order."""
    found = sorted(found, key=lambda p: games().index(p.game))
    data = {"seed": seed, "puzzles": [p.to_json() for p in found]}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
