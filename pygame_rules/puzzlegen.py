"""Make the puzzles (``data/puzzles.json``): ``python -m pygame_rules.puzzlegen --seed 1``.

The AI plays itself (at a low node budget, with some random moves for variety) from the start
until a side wins. A few moves before the end, the winner often had a forced win: each of the
winner's positions 2 to 5 of its moves from the end is handed to the exhaustive solver
(:mod:`pygame_rules.solve`), and kept when the side to move wins in exactly 2, 3 or 4 moves, not
in 1, with at most two first moves that do, and when the tests can prove it quickly. At most two
puzzles are taken from a game, and the kinds of win (a crowned line or a seventh stone in 3
Crowns) and the numbers of moves are spread. The worked examples of the original rules pages that
are puzzles come first, when the tests can prove them as quickly (3 Crowns' example 1 takes
ten times longer: ``tests/test_solve.py`` proves it when ``KS_SLOW=1``). The same seed gives the same puzzles (for the same rules and AI).

``--tactics`` writes the analysis feature's test suite instead: positions whose side to move
forces a win in 2 or 3 moves but not 1 (``tests/data/tactics-<game>.txt``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Iterator

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

#: Puzzles per game, at most this many for each number of moves; puzzles in 3 may take the
#: places of puzzles in 4 (rarer, and slower to prove in 3 Crowns and the Lion Game).
SHARE = {2: 6, 3: 9, 4: 4}
COUNT = 15
#: The most positions the solver may visit to find a puzzle, and to prove it as the tests do
#: (so the tests stay quick).
FIND_NODES = 3_000
CHECK_NODES = 2_000
#: Puzzles taken from one game played, at most.
PER_GAME = 2
#: The self-play AI's budget, and the share of random moves.
AI_NODES = 150
RANDOM_SHARE = 0.2
MAX_PLIES = 160
MAX_ALTERNATIVES = 2
#: A puzzle offers at least this many moves to choose from.
MIN_CHOICES = 3


def self_play(game: str, rng: random.Random) -> Game:
    """One game of the AI against itself from the start, with some random moves."""
    record = Game(game)
    for _ in range(rng.randrange(0, 8)):  # a random opening
        if record.result is not None:
            return record
        record.play(rng.choice(record.moves()))
    while record.result is None and len(record.history) < MAX_PLIES:
        if rng.random() < RANDOM_SHARE:
            record.play(rng.choice(record.moves()))
        else:
            seed = rng.randrange(1 << 30)
            record.play(best_move(record.position, nodes=AI_NODES, seed=seed, history=record.positions[:-1]))
    return record


def win_kind(position: Position, move: Move) -> str:
    """How ``move`` wins, in a few words for a title."""
    if not position.wins_at_once(move):
        return "Leave no move"  # the opponent has no legal move
    if position.game == "three-crowns":
        stones = sum(1 for p in move.after.board_cells() if p.lower() == move.after.turn)
        return "Take a third stone" if move.removed and stones == 7 else "Crown a line"
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
    game: str, position: Position, first: str | None = None, source: str = "", max_n: int = 4, nodes: int | None = FIND_NODES
) -> tuple[Puzzle | None, int | None]:
    """The puzzle of ``position`` if it is one (see the module docstring), else None; and the
    fewest moves to a forced win found (None: none within ``max_n``, or not within the budget)."""
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
        if check(candidate, Solver(max_nodes=nodes and CHECK_NODES)):
            return None, n
    except OutOfBudget:
        return None, n
    return candidate, n


def candidates(record: Game) -> Iterator[Position]:
    """The winner's positions 2 to 5 of its own moves before the end of ``record``, nearest first."""
    winner = record.result
    if winner not in position_class(record.game).sides or record.position.winner != winner:
        return
    positions = record.positions
    for own in range(2, 6):
        i = len(positions) - 2 * own
        if i >= 0 and positions[i].turn == winner:
            yield positions[i]


def generate(game: str, seed: int, count: int = COUNT, max_games: int = 300, verbose: bool = False) -> list[Puzzle]:
    """``count`` puzzles of ``game``, the same ones for the same seed (see the module docstring)."""
    rng = random.Random(f"{seed}:{game}")
    share = {n: round(count * k / COUNT) for n, k in SHARE.items()}
    found: list[Puzzle] = []
    seen: set[str] = set()
    for example_game, text, first, source in EXAMPLES:
        if example_game == game and len(found) < count:
            p, _ = make_puzzle(game, position_class(game).from_text(text), first, source)
            if p is not None:
                found.append(p)
                seen.add(p.position)
    kinds: dict[str, int] = {}
    for _ in range(max_games):
        if len(found) >= count:
            break
        taken = 0
        for position in candidates(self_play(game, rng)):
            if taken == PER_GAME or len(found) >= count:
                break
            if position.text in seen:
                break
            seen.add(position.text)
            wanted = [n for n in share if sum(q.moves == n for q in found) < share[n]]
            if sum(q.moves > 2 for q in found) >= count - share[2]:
                wanted = [n for n in wanted if n == 2]
            p, n = make_puzzle(game, position, max_n=max(wanted))
            if n is None:
                break  # no quick forced win here: one further back is unlikelier still
            if verbose and p is not None:
                print(f"{game}: found {p.title}: {p.position}", file=sys.stderr, flush=True)
            if p is None or p.moves not in wanted:
                continue
            kind = p.title.split(" in ")[0]
            # The game's own ways to win first: no more than a quarter by leaving no move, and in
            # 3 Crowns (two ways to win) a quarter kept for the rarer way.
            cap = count // 4 if kind == "Leave no move" else count - count // 4 if game == "three-crowns" else count
            if kinds.get(kind, 0) >= cap:
                continue
            kinds[kind] = kinds.get(kind, 0) + 1
            found.append(p)
            taken += 1
    found.sort(key=lambda p: (p.moves, " (" not in p.title))
    return [
        Puzzle(f"{game}-{i:02d}", p.game, p.variant, p.title, p.position, p.solution, p.alternatives, p.moves)
        for i, p in enumerate(found, 1)
    ]


def tactics(game: str, seed: int, count: int = 50, max_games: int = 600) -> list[tuple[str, int, list[str]]]:
    """``count`` positions of ``game`` whose side to move forces a win in 2 or 3 of its moves but
    not 1: ``(position, moves, winning first moves)``; the same ones for the same seed."""
    rng = random.Random(f"tactics:{seed}:{game}")
    found: list[tuple[str, int, list[str]]] = []
    seen: set[str] = set()
    for _ in range(max_games):
        for position in candidates(self_play(game, rng)):
            if len(found) >= count or position.text in seen:
                break
            seen.add(position.text)
            solver = Solver(max_nodes=FIND_NODES)
            try:
                n = solver.forced_win_length(position, 3)
                if n is None:
                    break
                if n >= 2:
                    found.append((position.text, n, solver.winning_moves(position, n)))
            except OutOfBudget:
                break
        if len(found) >= count:
            break
    return found


def write_tactics(game: str, seed: int, out: Path) -> None:
    lines = [f"# {game}: position | moves to win | the winning first moves (python -m pygame_rules.puzzlegen --tactics, seed {seed})"]
    lines += [f"{text} | {n} | {' '.join(moves)}" for text, n, moves in tactics(game, seed)]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m pygame_rules.puzzlegen", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=COUNT, help="puzzles per game")
    parser.add_argument("--game", action="append", choices=games(), help="only these games (default: all)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "data" / DATA)
    parser.add_argument("-v", "--verbose", action="store_true", help="report each puzzle found")
    parser.add_argument("--tactics", type=Path, metavar="DIR", help="write DIR/tactics-<game>.txt instead")
    args = parser.parse_args(argv)
    if args.tactics:
        for game in args.game or games():
            start = time.perf_counter()
            write_tactics(game, args.seed, args.tactics / f"tactics-{game}.txt")
            print(f"{game}: tactics in {time.perf_counter() - start:.0f} s", file=sys.stderr)
        return
    everything = []
    for game in args.game or games():
        start = time.perf_counter()
        found = generate(game, args.seed, args.count, verbose=args.verbose)
        counts = {n: sum(p.moves == n for p in found) for n in SHARE}
        print(f"{game}: {len(found)} puzzles {counts} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
        everything += found
    data = {"seed": args.seed, "puzzles": [p.to_json() for p in everything]}
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
