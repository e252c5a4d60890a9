"""Make the puzzles (``data/puzzles.json``): ``python -m pygame_rules.puzzlegen --seed 1``.

Where they come from: the AI plays itself from the start until a side wins, in styles that vary
from game to game (:data:`STYLES`: a level's node budget, 1 or 2, or a weaker budget with a
share of random moves, greedy captures and a random opening). The winner's positions 2 to 5 of
its moves before the end, the positions after a capture, and the sidelines (the winner's positions
after each other reply the loser had at its last turns) are handed to the exhaustive solver
(:mod:`pygame_rules.solve`). A position is a puzzle when the side to move forces a win in exactly 2
to 5 moves (3 Crowns: 2 or 3, its branching makes longer proofs too slow for the tests), not 1,
with at most three first moves that do, and when the tests can prove it within a budget. No two
puzzles of a game are the same position or mirror images of each other (:func:`same_key`). A
variant's puzzle is kept only where the variant plays differently: the default rules do not
read the position, or give it another length or other winning first moves.

Each puzzle gets its themes (:func:`themes_of`, read off the solution: what wins, and how) and a
difficulty rating (:func:`rating_of`) from what was measured (:func:`measure`): the positions the
solver searched to find the win, the defences that do not lose at once, and how many of the AI's
levels 1 to 3 miss the first move.

Reproducible, parallel, resumable: self-played game number ``i`` of a seed has its own random
generator and style, so games are played in any order by ``--jobs`` processes; each game's finds
go to a progress file (one JSON line a game) as soon as it is done, and a run started again skips
the games that file holds. The puzzles are then chosen from the progress file in the games' order,
so the same seed gives the same puzzles whatever the number of processes or stops. The puzzles
already in the data file are kept with their ids (the site keeps the ids solved in a browser)
unless ``--fresh``. See ``docs/puzzles.md`` for a run's time.

``--tactics`` writes the analysis feature's test suite instead: positions whose side to move
forces a win in 2 or 3 moves but not 1 (``tests/data/tactics-<game>.txt``), from the same
self-played games; a run appends to a suite that is there.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Iterable, Iterator, Mapping

from .core import Game, Move, Position, format_board, games, position_class
from .puzzles import DATA, Puzzle, check
from .search import analyse, best_move, level_nodes
from .solve import OutOfBudget, Solver

#: The contempt the games of the shipped puzzles were played with (every game's until 2026-11-29),
#: kept so that a seed still gives the same games, and so the same puzzles, whatever the
#: computer's own contempt becomes.
CONTEMPT = 2.0

#: Puzzles per game (default rules), and of the variants that get some.
COUNT = 110
VARIANTS = {("lilypad", "invisible-city"): 16}
#: At most this share of a game's puzzles in 2 moves, and won by leaving no move (the games' own
#: wins first); 3 Crowns' crowned lines leave room for the seventh stone, which is rarer.
SHARE = {2: 0.5, "Blockade": 0.2, "Crowned line": 0.85}
#: Puzzles taken from one game played and its sidelines, at most; with those a move later along
#: their wins (:func:`later`), this many times as many.
PER_GAME = 3
LATER = 4
#: The longest self-played game (a game that runs on gives no candidates).
SELFPLAY_PLY_CAP = 160
MAX_ALTERNATIVES = 2
#: A puzzle offers at least this many moves to choose from.
MIN_CHOICES = 3
#: Captures near the end whose next position is tried, and the loser's last turns whose other
#: replies are (at most SIDELINE_REPLIES of them, drawn by the game's generator).
AFTER_TAKING = 3
SIDELINE_TURNS = 1
SIDELINE_REPLIES = 4
#: The solver's budget for a position of the tactics suite.
TACTICS_NODES = 3_000
#: Positions of a tactics suite taken a move later along one win (of a puzzle or a game), at most.
TACTICS_EXTRA = 5
#: The levels whose first move is compared with the solution (the misses raise the rating).
LEVELS = (1, 2, 3)


@dataclasses.dataclass(frozen=True)
class Style:
    """How the AI plays a game against itself."""

    #: The AI's node budget a move: a level's (``level``), else ``nodes``.
    nodes: int
    #: The share of its moves played at random instead.
    random_share: float
    #: Whether every move takes a piece when one can (a random one of those), the AI's too: the
    #: games run down to few pieces, where the wins by material (3 Crowns' seventh stone) are.
    greedy: bool
    #: A random opening of up to this many plies.
    opening: int
    #: A playing level whose node budget in the game is used instead of ``nodes``.
    level: int | None = None


#: The styles a self-played game is given, each game its own (drawn by its random generator):
#: the AI's levels 1 and 2 from short random openings (levels 3 and 4 play a
#: game in 20 s to over 2 minutes here: too slow for thousands of games), and weaker, wilder games.
STYLES = (
    Style(nodes=150, random_share=0.2, greedy=False, opening=8),
    Style(nodes=50, random_share=0.3, greedy=True, opening=12),
    Style(nodes=0, random_share=0.0, greedy=False, opening=8, level=1),
    Style(nodes=0, random_share=0.0, greedy=False, opening=6, level=2),
    Style(nodes=0, random_share=0.05, greedy=False, opening=10, level=2),
    Style(nodes=150, random_share=0.35, greedy=True, opening=4),
)


def self_played(game: str, seed: int, index: int, variant: str | None = None) -> Game:
    """Self-played game number ``index`` of ``seed``: each has its own random generator and style
    (:data:`STYLES`), so games can be played in any order or in parallel processes alike."""
    rng = random.Random(f"{seed}:{game}:{index}" + (f":{variant}" if variant else ""))
    return self_play(game, rng, rng.choice(STYLES), variant)


def self_play(game: str, rng: random.Random, style: Style = STYLES[0], variant: str | None = None) -> Game:
    """One game of the AI against itself from the start, in ``style``."""
    record = Game(game, variant)
    opening = rng.randrange(0, style.opening + 1)
    while record.result is None and len(record.history) < SELFPLAY_PLY_CAP:
        record.play(next_move(record, rng, style, at_random=len(record.history) < opening))
    return record


def next_move(record: Game, rng: random.Random, style: Style, at_random: bool = False) -> str:
    """The move ``style`` plays in ``record``: a random one that takes a piece if the style is
    greedy and one does; else a random one if ``at_random`` (the opening) or at the style's share;
    else the AI's (by nodes alone, never by time: the same on any machine)."""
    legal = record.position.legal()
    takes = [m for m in legal if m.removed] if style.greedy else []
    if takes or at_random or rng.random() < style.random_share:
        return rng.choice(takes or legal).text
    nodes = level_nodes(style.level, record.position) if style.level else style.nodes
    return analyse(record.position, nodes=nodes, seed=rng.randrange(1 << 30), history=record.positions[:-1],
                   contempt=CONTEMPT).move


def pieces_of(position: Position, side: str) -> int:
    """How many pieces ``side`` has on the board."""
    pieces = type(position).pieces
    return sum(1 for p in position.board_cells() if p in pieces and pieces[p]["side"] == side)


# -- mirror images ------------------------------------------------------------------------------

#: The symmetries of a board, by name: each takes a square's (file, rank) to its image, given the
#: highest file and rank (the four that exchange files and ranks need a square board).
SYMMETRIES: Mapping[str, Callable[[int, int, int, int], tuple[int, int]]] = MappingProxyType({
    "identity": lambda f, r, w, h: (f, r),
    "files reversed": lambda f, r, w, h: (w - f, r),
    "ranks reversed": lambda f, r, w, h: (f, h - r),
    "half turn": lambda f, r, w, h: (w - f, h - r),
    "main diagonal": lambda f, r, w, h: (r, f),
    "quarter turn": lambda f, r, w, h: (h - r, f),
    "three quarter turn": lambda f, r, w, h: (r, w - f),
    "other diagonal": lambda f, r, w, h: (h - r, w - f),
})


def mirror_images(position: Position) -> list[Position]:
    """``position`` under each of its game's ``symmetries`` (itself first); only itself when it is
    not ``mirrorable()``."""
    if not position.mirrorable():
        return [position]
    fields = position.text.split()
    geometry = position.geometry
    at = {c: i for i, c in enumerate(geometry.coords)}
    letters = str.maketrans(dict(position.colour_swap))
    other = dict(zip(position.sides, reversed(position.sides)))
    images = []
    for name, swap in position.symmetries:
        move = SYMMETRIES[name]
        cells = ["."] * len(geometry)
        for i, piece in enumerate(position.board_cells()):
            cells[at[move(*geometry.coords[i], geometry.width - 1, geometry.height - 1)]] = piece.translate(letters) if swap else piece
        side = other[position.turn] if swap else position.turn
        images.append(type(position).from_text(" ".join([format_board(cells, geometry), side, *fields[2:]])))
    return images


def same_key(position: Position) -> str:
    """What two positions that are the same puzzle have in common: their least image's board and
    side to move."""
    return min(" ".join(image.text.split()[:2]) for image in mirror_images(position))


# -- themes and ratings ---------------------------------------------------------------------------


def replay(p: Puzzle) -> list[tuple[Position, Move]]:
    """The puzzle's solution as (position, move) pairs."""
    position, line = p.load(), []
    for text in p.solution:
        move = position.move(text)
        line.append((position, move))
        position = move.after
    return line


def themes_of(p: Puzzle) -> tuple[str, ...]:
    """What wins the puzzle, then how, read off its solution: the win (a King home, the last King
    standing, a crowned line, the seventh stone, the Lion taken, or a blockade: no move left to the
    loser) first, then what the solution does on the way."""
    line = replay(p)
    last_position, last = line[-1]
    mine, theirs = line[0::2], line[1::2]
    found = [] if last_position.wins_at_once(last) else ["Blockade"]
    found += type(last_position).puzzle_themes(line)
    if any(m.removed for _, m in mine[:-1]) and not any(theme.startswith("Capture") for theme in found):
        found.append("Capture")
    if any(m.removed for _, m in theirs):
        found.append("Sacrifice")
    start, first = mine[0]
    if not first.removed and any(m.removed for m in start.legal()):
        found.append("Quiet first move")  # a capture there to take, and declined
    return tuple(dict.fromkeys(found))


def measure(p: Puzzle) -> dict[str, int]:
    """What makes the puzzle hard, measured: ``nodes``, the positions a fresh solver searches to
    find the win's length and its winning first moves; ``defences``, the defender's replies along
    the solution that do not lose at once; ``misses``, how many of the AI's levels (:data:`LEVELS`,
    by their node budgets, seed 0) do not play a winning first move."""
    position = p.load()
    solver = Solver()
    solver.forced_win_length(position, p.moves)
    winners = set(solver.winning_moves(position, p.moves))
    nodes = solver.nodes
    defences = 0
    for i, (pos, _) in enumerate(replay(p)):
        if i % 2 == 1:
            left = p.moves - (i + 1) // 2
            defences += sum(1 for _, n in solver.defences(pos, left) if n is None or n > 1)
    misses = sum(best_move(position, nodes=level_nodes(level, position), seed=0) not in winners for level in LEVELS)
    return {"nodes": nodes, "defences": defences, "misses": misses}


def rating_of(moves: int, measured: dict[str, int]) -> int:
    """A puzzle's difficulty on a chess-like rating scale (the person's rating starts at the middle puzzle's):
    more moves, more search, more defences to see through and more levels that miss it, harder."""
    work = math.log2(1 + measured["nodes"] / 20)
    rating = 700 + 170 * (moves - 2) + 55 * work + 18 * min(measured["defences"], 15) + 110 * measured["misses"]
    return int(round(min(2600, max(600, rating)) / 10) * 10)


def title_of(p: Puzzle, themes: tuple[str, ...], source: str = "") -> str:
    """``<what wins> in <n>``, the other themes, and where it comes from."""
    main = themes[1] if themes[0] == "The Lion taken" else themes[0]
    rest = [t[0].lower() + t[1:] for t in themes[1:] if t != main]
    return f"{main} in {p.moves}" + (f": {', '.join(rest)}" if rest else "") + (f" ({source})" if source else "")


def material(p: Puzzle) -> str:
    """Who is to move, and the pieces each side has: ``Black, 6 against 5``."""
    position = p.load()
    me, them = position.turn, position.other(position.turn)
    return f"{position.side_names[me]}, {pieces_of(position, me)} against {pieces_of(position, them)}"


# -- finding ----------------------------------------------------------------------------------------


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
    game: str, position: Position, first: str | None = None, source: str = "", max_n: int = 5,
    nodes: int | None = 20_000, check_nodes: int | None = 12_000,
) -> tuple[Puzzle | None, int | None]:
    """The puzzle of ``position`` if it is one (see the module docstring), else None; and the
    fewest moves to a forced win found (None: none within ``max_n``, or not within the budget).
    The puzzle is checked as the tests do, by a fresh solver within ``check_nodes``."""
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
    alternatives = tuple(m for m in winners if m != first)
    candidate = Puzzle("", game, position.variant, source, position.text, tuple(line), alternatives, n)
    try:
        if check(candidate, Solver(max_nodes=check_nodes)):
            return None, n
    except OutOfBudget:
        return None, n
    return candidate, n


def runs_of(record: Game) -> list[list[Position]]:
    """The positions of a self-played game that may hold a short forced win, in runs: the
    winner's positions 2 to 5 of its own moves before the end, nearest first (once one has no
    quick forced win, one further back is unlikelier still); then, each a run of its own, the
    positions of a side that has just taken a piece, at its next move (the last
    :data:`AFTER_TAKING`)."""
    game, winner = record.position.game, record.result
    if winner not in position_class(game).sides or record.position.winner != winner:
        return []
    positions = record.positions
    near_end = [positions[i] for i in range(len(positions) - 4, -1, -2) if positions[i].turn == winner][:4]
    pieces = [len(p.pieces_on_board()) for p in positions]
    after_taking = [
        positions[i + 2] for i in range(len(positions) - 2)
        if pieces[i + 1] < pieces[i] and positions[i + 2].winner is None and positions[i + 2] not in near_end
    ][-AFTER_TAKING:]
    return [near_end, *([p] for p in reversed(after_taking))]


def candidate_positions(game: str, seed: int, index: int) -> list[list[Position]]:
    """:func:`runs_of` self-played game number ``index`` of ``seed``."""
    return runs_of(self_played(game, seed, index))


def sidelines(record: Game, rng: random.Random) -> Iterator[Position]:
    """The winner's positions after the loser's other replies at its last :data:`SIDELINE_TURNS`
    turns (at most :data:`SIDELINE_REPLIES` a turn, drawn by ``rng``), the game not over."""
    positions = record.positions
    winner = record.result
    turns = [i for i in range(len(positions) - 2, -1, -1) if positions[i].turn != winner][:SIDELINE_TURNS]
    for i in turns:
        played = positions[i + 1].text
        others = [m.after for m in positions[i].legal() if m.after.text != played and m.after.winner is None]
        yield from rng.sample(others, min(SIDELINE_REPLIES, len(others)))


def plays_differently(p: Puzzle) -> bool:
    """Whether a variant's puzzle is another puzzle under the default rules: they do not read its
    position, or its winning length or first moves differ there."""
    try:
        position = position_class(p.game).from_text(p.position)
    except ValueError:
        return True
    solver = Solver(max_nodes=position_class(p.game).puzzle_search["nodes"])
    try:
        if solver.forced_win_length(position, p.moves) != p.moves:
            return True
        return sorted(solver.winning_moves(position, p.moves)) != sorted([p.solution[0], *p.alternatives])
    except OutOfBudget:
        return False


def later(p: Puzzle) -> Iterator[Position]:
    """The positions a move later along puzzle ``p``'s win (its first move, then each defence)
    where the solver still has 2 or more moves to go: sidelines of strong play that are puzzles of
    their own, found at little cost."""
    solver = Solver(max_nodes=position_class(p.game).puzzle_search["nodes"])
    position = p.load()
    try:
        for first in (p.solution[0], *p.alternatives):
            after = position.play(first)
            for reply, length in solver.defences(after, p.moves - 1):
                if length is not None and length >= 2:
                    yield after.play(reply)
    except OutOfBudget:
        return


def find(task: tuple[str, str | None, int, int]) -> dict:
    """The puzzles found in self-played game ``index`` of ``seed`` (``task``: game, variant,
    seed, index), measured, before any choice between games: at most :data:`PER_GAME` found in
    the game and its sidelines, and more a move later along their wins (:func:`later`, up to
    :data:`LATER` times as many in all: they cost little, the self-played game a lot);
    no position twice. The line the progress file keeps."""
    game, variant, seed, index = task
    record = self_played(game, seed, index, variant)
    budget = position_class(game).puzzle_search
    found: list[Puzzle] = []
    keys = set()

    def take(p: Puzzle | None) -> bool:
        if p is not None and same_key(p.load()) not in keys and (variant is None or plays_differently(p)):
            keys.add(same_key(p.load()))
            found.append(p)
        return len(found) >= PER_GAME

    done = False
    for run in runs_of(record):
        for position in run:
            p, n = make_puzzle(game, position, **budget)
            done = take(p)
            if done or n is None:
                break
        if done:
            break
    if not done and record.result in position_class(game, variant).sides:
        rng = random.Random(f"{seed}:{game}:{index}:sidelines")
        for position in sidelines(record, rng):
            p, _ = make_puzzle(game, position, **{**budget, "max_n": min(3, budget["max_n"])})
            if take(p):
                break
    roots = list(found)
    for root in roots:
        if root.moves >= 3:
            for position in later(root):
                p, _ = make_puzzle(game, position, **budget)
                if p is not None and p.moves < root.moves:
                    take(p)
                if len(found) >= LATER * PER_GAME:
                    break
    return {
        "game": game, "variant": variant, "index": index,
        "puzzles": [{**p.to_json(), "measured": measure(p)} for p in found],
    }


def examples(game: str) -> list[Puzzle]:
    """The worked examples of the rules pages that make puzzles the tests prove quickly."""
    cls = position_class(game)
    found = []
    for text, first, source in cls.puzzle_examples:
        p, _ = make_puzzle(game, cls.from_text(text), first, source, **cls.puzzle_search)
        if p is not None:
            found.append(p)
    return found


# -- choosing -----------------------------------------------------------------------------------------


def finish(p: Puzzle, measured: dict[str, int] | None = None) -> Puzzle:
    """``p`` with its themes, title (a worked example's says where it comes from) and rating."""
    themes = themes_of(p)
    source = next((where for text, _, where in position_class(p.game).puzzle_examples if text == p.position), "")
    measured = measured or p.measured or measure(p)
    return dataclasses.replace(p, themes=themes, title=title_of(p, themes, source), rating=rating_of(p.moves, measured), measured=measured)


def choose(known: list[Puzzle], candidates: Iterable[Puzzle], count: int) -> list[Puzzle]:
    """The ``known`` puzzles, then the ``candidates`` (in order) the limits let in, up to
    ``count``: no position twice (mirror images included), at most :data:`SHARE` of them of a
    kind."""
    chosen = list(known)
    keys = {same_key(p.load()) for p in chosen}
    for p in candidates:
        if len(chosen) >= count:
            break
        key = same_key(p.load())
        if key in keys:
            continue
        if sum(q.moves == p.moves for q in chosen) >= SHARE.get(p.moves, 1) * count:
            continue
        if sum(q.themes[0] == p.themes[0] for q in chosen) >= SHARE.get(p.themes[0], 1) * count:
            continue
        keys.add(key)
        chosen.append(p)
    return chosen


def numbered(game: str, variant: str | None, chosen: list[Puzzle], known: int) -> list[Puzzle]:
    """The first ``known`` with their ids, then the others in order of rating with the ids that
    follow; every title told apart from the others (where two are alike, the side to move and
    the material are added; where those are alike too, a number)."""
    prefix = f"{game}-{variant}" if variant else game
    new = sorted(chosen[known:], key=lambda p: (p.rating, p.moves))
    out = [*chosen[:known], *(dataclasses.replace(p, id=f"{prefix}-{i:02d}") for i, p in enumerate(new, known + 1))]
    for told_apart in (lambda p, k: f"{p.title} ({material(p)})", lambda p, k: f"{p.title}, no. {k}"):
        seen: dict[str, int] = {}
        for p in out:
            seen[p.title] = seen.get(p.title, 0) + 1
        count: dict[str, int] = {}
        for i, p in enumerate(out):
            if seen[p.title] > 1:
                count[p.title] = count.get(p.title, 0) + 1
                out[i] = dataclasses.replace(p, title=told_apart(p, count[p.title]))
    return out


def read_progress(path: Path) -> dict[tuple, dict]:
    """The games a progress file holds, by (game, variant, index); a line cut short is skipped."""
    done = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
                done[(entry["game"], entry["variant"], entry["index"])] = entry
            except (ValueError, KeyError):
                continue
    return done


def assemble(done: dict[tuple, dict], seed: int, kept: list[Puzzle], wanted: dict[tuple, int]) -> list[Puzzle]:
    """Every game's (and variant's) puzzles: the ``kept`` ones, the worked examples, then the
    progress file's finds in the games' order (:func:`choose`), finished and numbered."""
    out = []
    for (game, variant), count in wanted.items():
        known = [finish(p) for p in kept if p.game == game and p.variant == variant]
        entries = sorted((e for (g, v, _), e in done.items() if g == game and v == variant), key=lambda e: e["index"])
        candidates = [] if variant else [finish(p) for p in examples(game)]
        candidates += [finish(Puzzle.from_json(p), p["measured"]) for e in entries for p in e["puzzles"]]
        out += numbered(game, variant, choose(known, candidates, count), len(known))
    return out


def enough(done: dict[tuple, dict], key: tuple, count: int) -> bool:
    """Whether the finds of ``key``'s games are plenty for ``count`` puzzles (a quick bound, before
    the choice)."""
    return sum(len(e["puzzles"]) for (g, v, _), e in done.items() if (g, v) == key) >= 1.6 * count


def generate_all(
    seed: int, wanted: dict[tuple, int], progress: Path, jobs: int, max_games: int, minutes: float | None = None,
    verbose: bool = False,
) -> dict[tuple, dict]:
    """Play and search games (``jobs`` processes) until each of ``wanted`` has plenty of finds,
    ``max_games`` games were played or ``minutes`` passed; every game's line is appended to
    ``progress`` as it ends. Returns the progress file's games."""
    done = read_progress(progress)
    deadline = None if minutes is None else time.monotonic() + 60 * minutes
    batch = 4 * jobs
    cut = progress.exists() and not progress.read_bytes().endswith(b"\n") and progress.stat().st_size > 0
    with multiprocessing.Pool(jobs) as pool, progress.open("a", encoding="utf-8") as out:
        if cut:
            out.write("\n")  # a run stopped mid-line: its line is skipped, and the game played again
        for start in range(0, max_games, batch):
            if deadline is not None and time.monotonic() > deadline:
                break
            tasks = [
                (game, variant, seed, i) for i in range(start, min(start + batch, max_games)) for (game, variant), count in wanted.items()
                if (game, variant, i) not in done and not enough(done, (game, variant), count)
            ]
            if not tasks and all(enough(done, k, c) for k, c in wanted.items()):
                break
            for entry in pool.imap_unordered(find, tasks):
                done[(entry["game"], entry["variant"], entry["index"])] = entry
                out.write(json.dumps(entry, separators=(",", ":")) + "\n")
                out.flush()
                if verbose:
                    print(f"{entry['game']} {entry['variant'] or ''} game {entry['index']}: {len(entry['puzzles'])} found", file=sys.stderr, flush=True)
    return done


def generate(game: str, seed: int, count: int = 2, max_games: int = 6) -> list[Puzzle]:
    """``count`` puzzles of ``game`` from ``max_games`` self-played games, in one process, the
    same for the same seed (the tests' small run)."""
    done = {(game, None, i): find((game, None, seed, i)) for i in range(max_games)}
    return assemble(done, seed, [], {(game, None): count})


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
    parser.add_argument("--count", type=int, default=COUNT, help=f"puzzles per game ({COUNT})")
    parser.add_argument("--game", action="append", choices=games(), help="only these games (default: all)")
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "data" / DATA)
    parser.add_argument("--progress", type=Path, help="the progress file (default: puzzlegen-<seed>.jsonl here)")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count(), help="processes (the processors')")
    parser.add_argument("--minutes", type=float, help="stop playing new games after this long")
    parser.add_argument("-v", "--verbose", action="store_true", help="report each game searched")
    parser.add_argument("--games", type=int, help="self-played games to look through at most (3000; 600 for --tactics)")
    parser.add_argument("--fresh", action="store_true", help="make every puzzle again (new ids), keeping none")
    parser.add_argument("--tactics", type=Path, metavar="DIR", help="write DIR/tactics-<game>.txt instead")
    args = parser.parse_args(argv)
    chosen_games = args.game or games()
    if args.tactics:
        for game in chosen_games:
            start = time.perf_counter()
            write_tactics(game, args.seed, args.tactics / f"tactics-{game}.txt", args.games or 600)
            print(f"{game}: tactics in {time.perf_counter() - start:.0f} s", file=sys.stderr)
        return
    start = time.perf_counter()
    stored = [] if not args.out.exists() else [Puzzle.from_json(p) for p in json.loads(args.out.read_text(encoding="utf-8"))["puzzles"]]
    wanted = {(game, None): args.count for game in chosen_games}
    wanted.update({key: n for key, n in VARIANTS.items() if key[0] in chosen_games})
    progress = args.progress or Path(f"puzzlegen-{args.seed}.jsonl")
    done = generate_all(args.seed, wanted, progress, args.jobs, args.games or 3000, args.minutes, args.verbose)
    kept = [] if args.fresh else [p for p in stored if (p.game, p.variant) in wanted]
    made = assemble(done, args.seed, kept, wanted)
    others = [p for p in stored if (p.game, p.variant) not in wanted]
    write_puzzles(args.out, args.seed, others + made)
    for game, variant in wanted:
        own = [p for p in made if (p.game, p.variant) == (game, variant)]
        moves = {n: sum(p.moves == n for p in own) for n in range(2, 6)}
        print(f"{game} {variant or ''}: {len(own)} puzzles {moves}", file=sys.stderr)
    games_played = sum(1 for (g, v, _) in done if (g, v) in wanted)
    print(f"{games_played} games searched; {time.perf_counter() - start:.0f} s this run", file=sys.stderr)


def write_puzzles(path: Path, seed: int, found: list[Puzzle]) -> None:
    """Write ``found`` to ``path``, one puzzle a line (a small file, and a diff a puzzle a line),
    game by game (in :func:`games` order, then the variants), each game's in its order."""
    found = sorted(found, key=lambda p: (games().index(p.game), p.variant or ""))
    lines = ",\n".join(json.dumps(p.to_json(), separators=(",", ":"), ensure_ascii=False) for p in found)
    path.write_text(f'{{"seed":{seed},"puzzles":[\n{lines}\n]}}\n', encoding="utf-8")


if __name__ == "__main__":
    main()
