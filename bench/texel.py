"""Fit a game's evaluation weights on self-play results ("Texel tuning"), and measure how well
the evaluation predicts them.

    python bench/texel.py generate GAME --games 200 --nodes 1500 --seed 1 --out bench/results/GAME-selfplay.jsonl [--contempt 0]
    python bench/texel.py fit GAME bench/data/GAME-level3.jsonl.gz [--seed 1] [--candidates [--share F]] [--hold TERM ...]
    python bench/texel.py searched GAME bench/data/GAME-level3.jsonl.gz [--nodes 2000] [--every 5] [--held-out [--hold TERM ...]]
    python bench/texel.py replay GAME bench/data/GAME-level3.jsonl.gz [--positions 24] [--replays 8] [--nodes 4000] [--margin 0.25]
    python bench/texel.py ceiling GAME bench/data/GAME-level3.jsonl.gz [--seed 1]   # needs pip install -e ".[bench]"

``generate`` plays the engine against itself (the same node budget for both, after
``--opening`` random plies for variety; a draw after value_scale.SELFPLAY_PLY_CAP) and writes one JSON line per
game: its positions (text, side to move) and its result. It appends, so a run stopped early keeps
its games and a second run with another seed adds more. The engine plays the same move in the same
position, so games that meet would go on as one: in a position an earlier game of the file reached,
the move is drawn among those within ``value_scale.WANDER_MARGIN`` of the best. Both sides play
with the computer's contempt (a draw costs each ``search.computer_contempt(position)``) unless ``--contempt`` says
otherwise: 0 plays as the value bar and the review search, where a draw is worth 0.

Every command counts a position once: a position an earlier game reached with the same result is
left out (``first_seen``); Lilypad's files from before 2026-11-29 repeat most of their positions,
games of a few random plies meeting within their first moves. Games that share a position go to
the same fold of the cross-validation (``folds``), so no held-out position is also trained on.

``fit`` computes each position's ``evaluation_terms()`` (the game's terms, each the side to move's
minus the other's, the last a constant 1: the side to move's edge), and fits the weights ``w`` of
a logistic regression of the side to move's result (won 1, drawn 0.5, lost 0) on them by Newton's
method with a small ridge penalty: the expected result is ``2 sigmoid(w . terms) - 1``. Since
``tanh(x / 2) = 2 sigmoid(x) - 1``, an evaluation ``scale * (w . terms)`` with
``value_scale = 2 * scale`` reports exactly that expected result through the search's value
(``tanh(score / value_scale)``): the value bar and win probability keep their meaning. ``scale``
is half the game's ``value_scale`` as it is, so scores stay in the units the search's contempt
and the levels' random margins were chosen in. Positions where the side to move must capture (tactics, not
what a static evaluation is for) are left out of the fit.

The games, in groups that share a position, are shuffled (``--seed``) and split in five; each fifth
is held out once and scored by the weights fitted on the other four (cross-validation), and the
figures gather the held-out positions 10 or more plies before the end: the share of
positions of decided games where the evaluation's sign agrees with the result (a score of 0
counts half; with a 90% interval from resampling the groups of games, since a game's positions
stand or fall with its result), and a calibration table (predicted expected result against the actual mean result,
by bins of the prediction, draws included as 0), for the game's weights as they are and for the
fitted ones. Only the game's first variant (its default rules) is fitted.

``searched`` gives the same figures for the value a search of ``--nodes`` reports (what the
site's value bar shows: the evaluation seen through the search, proven results as +-1), on every
``--every``-th position of the decided games: nothing is fitted, so no position is held out,
unless ``--held-out`` searches each fifth of the games (split as ``fit`` splits them) with the
weights fitted on the other four.

``replay`` asks how far the results can be predicted at all: positions drawn from each span of
plies to the end are played on several times by the engine against itself (each move's nodes
drawn within ``--jitter`` of ``--nodes``, each move at random among those within ``--margin`` of
the best: without the margin the replays mostly repeat the recorded game), and the sign of those results' mean, what a perfect
evaluation of this play would report, is compared with the recorded result.

``ceiling`` asks how well any model of the position could predict the results, held out the
same way (the same five folds of the games, the same positions): a weighted sum of the terms
(logistic regression, what ``fit`` fits), gradient-boosted trees on the terms (depth 1: a curve
for each term, added up; depth 2: pairs of terms; then trees of up to 31 leaves), and trees that
also see the board (each square's piece) and whether the first side is to move. The models come
from scikit-learn (the ``bench`` extra); they are trained on the decided games' positions.

``--hold TERM`` keeps a term at the game's weight and fits the others around it: for a term whose
fitted weight contradicts what the tests prove by search (Lilypad's tempo late in the game, fitted
negative, rates soldiers that can never move again above soldiers with their steps ahead).

``--candidates`` adds terms the engine does not have to the fit: Lilypad's first move, 3 Crowns'
threats and race, and the Lion Game's count of each kind of piece (with every other term held,
each count's weight is what that piece is worth beyond its ``VALUES`` entry: how the Lion Game's
values were refitted).
``--share F`` scores the held-out positions with F of each fitted candidate weight: the held-out
figure of a change adopted part of the way (the Lion Game's values moved halfway to their fit).
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame_rules  # noqa: E402
from pygame_rules import lilypad, lion  # noqa: E402
from pygame_rules.core import EMPTY, Game  # noqa: E402
from pygame_rules.three_crowns import CROWNED, NEIGHBOURS, TRIPLES, UNCROWNED  # noqa: E402
from value_scale import SELFPLAY_PLY_CAP, self_play  # noqa: E402

#: Figures are on positions at least this many plies before the end of their game.
BEFORE_END = 10
#: The spans of plies to the end that the figures are also given for.
DISTANCES = ((10, 20), (20, 40), (40, 10**6))
FOLDS = 5
RIDGE = 1e-3


def opened(path: Path, mode: str):
    """``path`` opened as text, through gzip if its name ends in .gz (appending adds a member)."""
    return gzip.open(path, mode, encoding="utf-8") if path.suffix == ".gz" else path.open(mode, encoding="utf-8")


def generate(game: str, games: int, nodes: int, seed: int, opening: int, out: Path, contempt: float | None = None) -> None:
    rng = random.Random(f"{seed}:{game}")
    seen = {text for record in (records(game, [out]) if out.exists() else []) for text in record["positions"]}
    for n in range(games):
        record, searched = self_play(game, nodes, rng, opening, seen, contempt)
        positions = [position.text for position, _ in searched]
        seen.update(positions)
        result = record.result if record.result is not None else "draw"
        with opened(out, "at") as f:
            f.write(json.dumps({"game": game, "seed": seed, "index": n, "result": result, "positions": positions})
                    + "\n")
        print(f"game {n + 1}: {result} after {len(record.history)} plies", flush=True)


def records(game: str, paths: list[Path]) -> list[dict]:
    """The games of ``game`` that ``generate`` wrote to ``paths``, in the files' order."""
    found = []
    for path in paths:
        with opened(path, "rt") as f:
            found += [r for r in map(json.loads, f.read().splitlines()) if r["game"] == game]
    return found


def span_of(to_end: int) -> tuple[int, int] | None:
    """The span of ``DISTANCES`` that ``to_end`` plies to the end fall in (None: too near the end)."""
    return next((s for s in DISTANCES if s[0] <= to_end < s[1]), None)


def first_seen(recorded: list[dict]) -> list[list[bool]]:
    """For each position of each game, whether no earlier position (of that game or an earlier one)
    was the same position with the same result. An engine plays the same move in the same position,
    so games that meet go on as one: counted once, a line many games ran into does not outweigh the rest."""
    seen: set[tuple[str, str]] = set()
    kept = []
    for record in recorded:
        flags = []
        for text in record["positions"]:
            key = (text, record["result"])
            flags.append(key not in seen)
            seen.add(key)
        kept.append(flags)
    return kept


def groups(recorded: list[dict]) -> list[int]:
    """Each game's group: games that share a position (directly, or through other games) are one
    group. Their positions are not independent samples: folds and error bars go by groups."""
    parent = list(range(len(recorded)))

    def root(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    first: dict[str, int] = {}
    for n, record in enumerate(recorded):
        for text in record["positions"]:
            parent[root(n)] = root(first.setdefault(text, n))
    return [root(n) for n in range(len(recorded))]


def folds(recorded: list[dict], seed: int) -> list[int]:
    """Each game's fold (of ``FOLDS``) for cross-validation: the ``groups`` shuffled by ``seed``
    and dealt out in turn, so that no held-out position was also a training position."""
    group_of = groups(recorded)
    dealt = sorted(set(group_of))
    random.Random(seed).shuffle(dealt)
    fold_of = {group: i % FOLDS for i, group in enumerate(dealt)}
    return [fold_of[group] for group in group_of]


def load(game: str, recorded: list[dict], candidates: bool = False) -> list[list[tuple[list[float], float, int, bool, int]]]:
    """Per recorded game, for each position ``first_seen``: (terms, the side to move's result
    1/0.5/0, plies to the end, must capture, the game's group); with ``candidates``, the game's
    ``CANDIDATES`` terms after its own."""
    extra = CANDIDATES[game][1] if candidates else lambda position: []
    games = []
    for record, kept, group in zip(recorded, first_seen(recorded), groups(recorded)):
        samples, total = [], len(record["positions"])
        for i, text in enumerate(record["positions"]):
            if not kept[i]:
                continue
            position = pygame_rules.load(game, text)
            result = 0.5 if record["result"] == "draw" else float(record["result"] == position.turn)
            tactical, quiet = position._tactical_edges()
            forced = bool(tactical) and not quiet and any(e[3] for e in tactical)
            samples.append((position.evaluation_terms() + extra(position), result, total - i, forced, group))
        games.append(samples)
    return games


def _steps_making_three(board: str, letter: str) -> int:
    """The empty squares where a ``letter`` stone can step to stand in a line of three ``letter``
    stones (one step from a win for crowns, from a crown for uncrowned stones)."""
    return sum(
        any(all(board[q] == letter for q in pair) and any(board[n] == letter and n not in pair for n in NEIGHBOURS[s])
            for pair in TRIPLES[s])
        for s, piece in enumerate(board)
        if piece == EMPTY
    )


#: The lines of three squares (rows, columns, both diagonals), from 3 Crowns' troika table, and the
#: king-step distance between two squares.
LINES_OF_THREE = sorted({tuple(sorted((i, *pair))) for i, pairs in enumerate(TRIPLES) for pair in pairs})
KING_STEPS = tuple(tuple(max(abs(a % 8 - b % 8), abs(a // 8 - b // 8)) for b in range(64)) for a in range(64))
#: What the race counts for an uncrowned stone (the moves to crown it), and for a square of the
#: line an enemy stone holds.
RACE_CROWNING, RACE_ENEMY = 2, 1


def _race(board: str, side: str) -> int:
    """A count of the moves ``side`` needs for three crowns in a line, the opponent aside: over
    every line of three squares, the least total of king steps for three of its stones to stand
    there, with ``RACE_CROWNING`` for each stone not yet crowned and ``RACE_ENEMY`` for each square
    an enemy holds (three nearest stones per square, all three distinct)."""
    crown, stone = CROWNED[side], UNCROWNED[side]
    mine = [(i, 0 if p == crown else RACE_CROWNING) for i, p in enumerate(board) if p in (crown, stone)]
    best = 99
    for line in LINES_OF_THREE:
        near = []
        for s in line:
            extra = RACE_ENEMY if board[s] not in (EMPTY, crown, stone) else 0
            near.append(sorted((KING_STEPS[i][s] + cost + extra, i) for i, cost in mine)[:3])
        for a, i in near[0]:
            for b, j in near[1]:
                for c, k in near[2]:
                    if i != j and j != k and i != k and a + b + c < best:
                        best = a + b + c
    return best


def three_crowns_candidates(position) -> list[float]:
    """Terms 3 Crowns' evaluation does not have yet, each the side to move's minus the other's:
    the empty squares where one of the side's crowns can step to make three crowns in a line (a
    win next move), the empty squares where an uncrowned stone can step to make a troika (a crown
    next move), the pairs of crowns at most two squares apart, and the race to a crowned line
    (``_race``, the opponent's count minus the side's: positive when the side is nearer)."""
    board = position._state.board
    counts = {}
    for side in position.sides:
        crowns = [i for i, piece in enumerate(board) if piece == CROWNED[side]]
        close = sum(KING_STEPS[a][b] <= 2 for k, a in enumerate(crowns) for b in crowns[k + 1:])
        counts[side] = (_steps_making_three(board, CROWNED[side]), _steps_making_three(board, UNCROWNED[side]), close,
                        -_race(board, side))
    me, them = position.turn, position.other(position.turn)
    return [a - b for a, b in zip(counts[me], counts[them])]


#: The Lion Game's pieces whose worth ``lion_candidates`` fits beside ``VALUES`` (the Frogs count by
#: their progress, the Lion by being on the board).
LION_KINDS = (lion.TIGER, lion.SPIDER, lion.COBRA, lion.RHINO, lion.ELEPHANT, lion.BUTTERFLY)


def lion_candidates(position) -> list[float]:
    """How many more of each kind of piece (``LION_KINDS``) the side to move has than the other:
    fitted with the engine's terms held, each weight is what that piece is worth beyond its
    ``VALUES`` entry (material counts with weight 1)."""
    board, me = position._state.board, position.turn
    mine, theirs = lion.LETTERS[me], lion.LETTERS[lion.OTHER[me]]
    return [board.count(mine[i]) - board.count(theirs[i]) for i in (mine.lower().index(kind) for kind in LION_KINDS)]


def lilypad_candidates(position) -> list[float]:
    """Whether Black, who makes the first move after the drops, is to move (1, else -1): seen from
    the side to move, a constant edge for Black, like 3 Crowns' "Green to move". In negamax it
    changes no choice except one against a draw (both Kings gone); its fitted weight shows what the
    first move is worth at the strength of play that made the games."""
    return [1.0 if position.turn == lilypad.BLACK else -1.0]


#: ``--candidates``: per game, terms tried in the fit before the engine has them (names, function).
CANDIDATES = {"lilypad": (("Black to move",), lilypad_candidates),
              "three-crowns": (("crown steps that win", "stone steps that crown", "crowns close together", "race to a crowned line"),
                                three_crowns_candidates),
              "lion": (tuple(f"{lion.PIECE_NAMES[kind]} count" for kind in LION_KINDS), lion_candidates)}


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x > -500 else 0.0


def fit(rows: list[list[float]], targets: list[float], offsets: list[float] | None = None) -> list[float]:
    """Logistic regression (soft targets) by Newton's method with a ridge penalty; ``offsets``:
    each row's part of the score that is not fitted (held terms)."""
    n = len(rows[0])
    w = [0.0] * n
    for _ in range(30):
        grad = [-RIDGE * w[j] for j in range(n)]
        hess = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
        for x, y, offset in zip(rows, targets, offsets or [0.0] * len(rows)):
            p = sigmoid(offset + sum(a * b for a, b in zip(w, x)))
            g, h = y - p, p * (1 - p)
            for i in range(n):
                if x[i]:
                    grad[i] += g * x[i]
                    hx = h * x[i]
                    row = hess[i]
                    for j in range(n):
                        if x[j]:
                            row[j] += hx * x[j]
        step = solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def interval(by_group: dict[int, list[float]], seed: int = 1, resamples: int = 1000) -> tuple[float, float]:
    """The 5th and 95th percentiles of the mean agreement over ``resamples`` draws of the groups
    with replacement (a bootstrap by groups: a group's positions stand or fall together)."""
    rng = random.Random(seed)
    totals = [(sum(v), len(v)) for v in by_group.values()]
    means = sorted(
        sum(t[0] for t in drawn) / max(1, sum(t[1] for t in drawn))
        for drawn in (rng.choices(totals, k=len(totals)) for _ in range(resamples)))
    return means[resamples // 20], means[resamples - 1 - resamples // 20]


def report(name: str, scored: list[tuple[float, float, bool, int, int]], value_scale: float | None,
           held_out: bool = True) -> None:
    """Sign agreement (in all, with a 90% bootstrap interval over the games' groups, and by plies
    to the end) and a calibration table of ``tanh(score / value_scale)`` (the score itself if
    ``value_scale`` is None: a search's value) for (score, the side to move's result, forced
    capture, plies to the end, group) of each position."""
    agree = decided = 0.0
    bins: dict[int, list[tuple[float, float]]] = {}
    by_distance: dict[tuple[int, int], list[float]] = {}
    by_group: dict[int, list[float]] = {}
    for score, result, _, to_end, group in scored:
        expected = math.tanh(score / value_scale) if value_scale else score
        actual = 2 * result - 1
        if result != 0.5:
            right = 0.5 if score == 0 else float((score > 0) == (actual > 0))
            by_distance.setdefault(span_of(to_end), []).append(right)
            by_group.setdefault(group, []).append(right)
            decided += 1
            agree += right
        bins.setdefault(min(9, int((expected + 1) * 5)), []).append((expected, actual))
    low, high = interval(by_group) if by_group else (0.0, 0.0)
    print(f"\n{name}: sign agrees with the result in {100 * agree / max(decided, 1):.1f}% of {decided:.0f} "
          f"{'held-out ' if held_out else ''}positions of decided games, {BEFORE_END}+ plies before the end"
          + (f" ({len(scored)} positions with the drawn games)" if len(scored) > decided else "")
          + f"; 90% interval over {len(by_group)} groups of games: {100 * low:.1f}-{100 * high:.1f}%")
    print("  by plies to the end: " + ", ".join(f"{lo}-{hi - 1 if hi < 10**6 else ''}: {100 * sum(v) / len(v):.0f}% of {len(v)}"
                                            for (lo, hi), v in sorted(by_distance.items())))
    print("| predicted (bin) | positions | mean predicted | mean actual |")
    print("| --- | --- | --- | --- |")
    for b in sorted(bins):
        pairs = bins[b]
        print(f"| {b / 5 - 1:+.1f} to {(b + 1) / 5 - 1:+.1f} | {len(pairs)} | "
              f"{sum(p for p, _ in pairs) / len(pairs):+.2f} | {sum(a for _, a in pairs) / len(pairs):+.2f} |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("game")
    g.add_argument("--games", type=int, default=200)
    g.add_argument("--nodes", type=int, default=1500)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--opening", type=int, default=6, help="random plies at the start of each game")
    g.add_argument("--out", type=Path, required=True)
    g.add_argument("--contempt", type=float,
                   help="what a draw costs each side (by default the game's own, as the computer plays)")
    f = sub.add_parser("fit")
    f.add_argument("game")
    f.add_argument("samples", type=Path, nargs="+")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--also", metavar="W,W,...", help="also report these weights (say, an earlier evaluation's)")
    f.add_argument("--candidates", action="store_true", help="fit the game's CANDIDATES terms too")
    f.add_argument("--hold", metavar="TERM", action="append", default=[],
                   help="keep this term at the game's weight (say, where a fit contradicts a position solved in the tests); repeatable")
    f.add_argument("--share", type=float, default=1.0,
                   help="with --candidates: score the held-out positions with this share of each fitted candidate weight (a change adopted part of the way)")
    v = sub.add_parser("searched")
    v.add_argument("game")
    v.add_argument("samples", type=Path, nargs="+")
    v.add_argument("--nodes", type=int, default=2000)
    v.add_argument("--every", type=int, default=5, help="search every Nth position of each game")
    v.add_argument("--held-out", action="store_true", help="search each fifth of the games with weights fitted on the rest")
    v.add_argument("--hold", metavar="TERM", action="append", default=[], help="with --held-out: as fit's --hold")
    v.add_argument("--seed", type=int, default=1)
    r = sub.add_parser("replay")
    r.add_argument("game")
    r.add_argument("samples", type=Path, nargs="+")
    r.add_argument("--positions", type=int, default=24, help="positions drawn from each span of plies to the end")
    r.add_argument("--replays", type=int, default=8)
    r.add_argument("--nodes", type=int, default=4000)
    r.add_argument("--jitter", type=float, default=0.2, help="each move's nodes drawn within this share of --nodes")
    r.add_argument("--margin", type=float, default=0.25, help="each move drawn among those within this score of the best")
    r.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("ceiling")
    c.add_argument("game")
    c.add_argument("samples", type=Path, nargs="+")
    c.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.command == "generate":
        generate(args.game, args.games, args.nodes, args.seed, args.opening, args.out, args.contempt)
        return
    if args.command == "searched":
        searched(args.game, args.samples, args.nodes, args.every, args.held_out, frozenset(args.hold), args.seed)
        return
    if args.command == "ceiling":
        ceiling(args.game, args.samples, args.seed)
        return
    if args.command == "replay":
        replay(args.game, args.samples, args.positions, args.replays, args.nodes, args.jitter, args.margin, args.seed)
        return
    cls = type(pygame_rules.start(args.game))
    recorded = records(args.game, args.samples)
    games = load(args.game, recorded, args.candidates)
    fold = folds(recorded, args.seed)
    names = cls.evaluation_names + (CANDIDATES[args.game][0] if args.candidates else ())
    unknown = set(args.hold) - set(names)
    if unknown:
        ap.error(f"no such term: {', '.join(sorted(unknown))} (the terms: {', '.join(names)})")
    held_terms = frozenset(names.index(t) for t in args.hold)
    print(f"{args.game}: {len(games)} games, {sum(map(len, games))} distinct positions "
          f"(of {sum(len(r['positions']) for r in recorded)}), {len(set(fold))} folds")
    # Cross-validation: each fold (a fifth of the groups of games that share positions) is held
    # out once, predicted by the weights fitted on the other four; the figures gather the five. The weights kept are fitted
    # on every game.
    held, held_current, held_samples = [], [], []
    for k in range(FOLDS):
        train = [s for g, f in zip(games, fold) if f != k for s in g]
        part = [s for g, f in zip(games, fold) if f == k for s in g if s[2] >= BEFORE_END]
        weights = fitted_weights(cls, train, len(names), held_terms)
        weights[len(cls.evaluation_names):] = [args.share * w for w in weights[len(cls.evaluation_names):]]
        held += [(sum(w * t for w, t in zip(weights, s[0])), s[1], s[3], s[2], s[4]) for s in part]
        held_samples += part
        held_current += [(sum(w * t for w, t in zip(cls.evaluation_weights, s[0])), s[1], s[3], s[2], s[4]) for s in part]
    weights = fitted_weights(cls, [s for g in games for s in g], len(names), held_terms)
    print(f"fitted weights on all {len(games)} games, in the units of the game's value_scale {cls.value_scale}:")
    for name, weight in zip(names, weights):
        print(f"  {name:<28} {weight:+.4f}")
    print("EVALUATION_WEIGHTS = (" + ", ".join(f"{weight:.4g}" for weight in weights) + ")")
    report("the game's weights", held_current, cls.value_scale)
    if args.also:
        also = [float(x) for x in args.also.split(",")]
        report(f"weights {args.also}", [(sum(w * t for w, t in zip(also, s[0])), s[1], s[3], s[2], s[4])
                                        for s in held_samples], cls.value_scale)
    report("fitted weights (cross-validated)" + (f", candidates at {args.share} of their fit" if args.share != 1 else ""),
           held, cls.value_scale)
    report("fitted weights, positions without a forced capture", [s for s in held if not s[2]], cls.value_scale)


def searched(game: str, paths: list[Path], nodes: int, every: int, held_out: bool = False,
             hold: frozenset[str] = frozenset(), seed: int = 1) -> None:
    """The sign agreement and calibration of the search's value at ``nodes`` nodes; with
    ``held_out``, each fifth of the games (split as ``fit`` splits them) is searched with the
    weights fitted on the other four (``hold`` kept at the game's), so the figure is held out too."""
    from pygame_rules.core import forget
    from pygame_rules.search import analyse

    recorded = records(game, paths)
    cls = type(pygame_rules.start(game))
    module = sys.modules[cls.__module__]
    kept, group_of = first_seen(recorded), groups(recorded)
    parts = [(cls.evaluation_weights, range(len(recorded)))]
    if held_out:
        games = load(game, recorded)
        fold = folds(recorded, seed)
        held = frozenset(cls.evaluation_names.index(t) for t in hold)
        parts = []
        for k in range(FOLDS):
            train = [s for g, f in zip(games, fold) if f != k for s in g]
            weights = tuple(fitted_weights(cls, train, len(cls.evaluation_names), held))
            parts.append((weights, [n for n, f in enumerate(fold) if f == k]))
    scored = []
    try:
        for weights, chosen in parts:
            module.EVALUATION_WEIGHTS = weights
            forget()  # no evaluation remembered from other weights
            for n in chosen:
                record = recorded[n]
                if record["result"] == "draw":
                    continue
                total = len(record["positions"])
                for i in range(0, total - BEFORE_END + 1, every):
                    if not kept[n][i]:
                        continue
                    position = pygame_rules.load(game, record["positions"][i])
                    value = analyse(position, nodes=nodes, seed=1, contempt=0).value  # as the bar asks
                    scored.append((value, float(record["result"] == position.turn), False, total - i, group_of[n]))
    finally:
        module.EVALUATION_WEIGHTS = cls.evaluation_weights
        forget()
    what = "weights fitted on the other games (held out)" if held_out else "the game's weights"
    report(f"the search's value at {nodes} nodes, every {every}th position, {what}", scored, None, held_out=held_out)


def replay(game: str, paths: list[Path], per_span: int, replays: int, nodes: int, jitter: float, margin: float,
           seed: int) -> None:
    """How far results can be predicted at all: positions of decided games are played on again,
    ``replays`` times each, by the engine against itself (each move's nodes drawn within
    ``jitter`` of ``nodes``, as a search by time varies, and picked at random among the moves within
    ``margin`` of the best, as level 1 picks: without it the replays are the recorded game again),
    and the mean of those results is the
    position's expected result under that play, what a perfect evaluation would report. Its sign's
    agreement with the recorded result is the figure no evaluation can beat on these positions
    (up to the replays' own noise); "one left out" scores each replay by the others' majority."""
    from pygame_rules.search import Search

    rng = random.Random(f"{seed}:{game}:replay")
    spans = {span: [] for span in DISTANCES}
    recorded = records(game, paths)
    for record, kept in zip(recorded, first_seen(recorded)):
        if record["result"] == "draw":
            continue
        total = len(record["positions"])
        for i, text in enumerate(record["positions"]):
            span = span_of(total - i)
            if span and kept[i]:
                spans[span].append((text, record["result"]))
    share = {span: len(found) / sum(map(len, spans.values())) for span, found in spans.items()}
    figures = {}
    for span, found in spans.items():
        agree = left_out = plug_in = 0.0
        chosen = rng.sample(found, min(per_span, len(found)))
        for n, (text, recorded) in enumerate(chosen):
            turn = pygame_rules.load(game, text).turn
            outcomes = []
            for _ in range(replays):
                record = Game(game, position=text)
                while record.result is None and len(record.history) < SELFPLAY_PLY_CAP:
                    position = record.position
                    budget = nodes * rng.uniform(1 - jitter, 1 + jitter) / position.node_cost
                    search = Search(position, nodes=max(1, round(budget)), seed=rng.getrandbits(32),
                                    history=record.positions[:-1])
                    search.margin = margin
                    record.play(search.run().move)
                outcomes.append(0 if record.result in (None, "draw") else 1 if record.result == turn else -1)
            mean = sum(outcomes) / replays
            actual = 1 if recorded == turn else -1
            agree += 0.5 if mean == 0 else float((mean > 0) == (actual > 0))
            decided = [o for o in outcomes if o]
            if decided:
                p = decided.count(1) / len(decided)
                plug_in += max(p, 1 - p)
                others = [sum(decided) - o for o in decided]
                left_out += sum(0.5 if s == 0 else float((s > 0) == (o > 0)) for s, o in zip(others, decided)) / len(decided)
            else:
                plug_in += 0.5
                left_out += 0.5
            print(f"{span[0]}+ plies, position {n + 1}: replays {outcomes}, recorded {actual:+d}", flush=True)
        figures[span] = tuple(x / len(chosen) for x in (agree, left_out, plug_in))
    print(f"\n{game}: {replays} replays of each position at {nodes} nodes (+-{jitter:.0%}), margin {margin}; "
          "share of the decided games' positions")
    print("| plies to the end | share | replays' sign agrees with the recorded result | one left out | plug-in max(p, 1-p) |")
    print("| --- | --- | --- | --- | --- |")
    for span, (agree, left_out, plug_in) in figures.items():
        print(f"| {span[0]}{'+' if span[1] > 10**5 else f'-{span[1] - 1}'} | {share[span]:.0%} | {agree:.1%} | {left_out:.1%} | {plug_in:.1%} |")
    weighted = [sum(share[span] * figures[span][k] for span in figures) for k in range(3)]
    print(f"| 10+ (weighted by share) | 100% | {weighted[0]:.1%} | {weighted[1]:.1%} | {weighted[2]:.1%} |")


def ceiling(game: str, paths: list[Path], seed: int) -> None:
    """The held-out sign agreement of models of increasing reach (see the module docstring)."""
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    recorded = records(game, paths)
    terms, boards, results, to_end, decided, game_of = [], [], [], [], [], []
    for n, (record, kept) in enumerate(zip(recorded, first_seen(recorded))):
        total = len(record["positions"])
        for i, text in enumerate(record["positions"]):
            if not kept[i]:
                continue
            position = pygame_rules.load(game, text)
            terms.append(position.evaluation_terms())
            first = position.turn == position.sides[0]
            boards.append([float(ord(c)) for c in position.board_cells()] + [float(first)])
            results.append(float(record["result"] == position.turn))
            to_end.append(total - i)
            decided.append(record["result"] != "draw")
            game_of.append(n)
    terms, boards, results, to_end, decided = map(np.array, (terms, boards, results, to_end, decided))
    fold_of_game = folds(recorded, seed)  # the folds ``fit`` makes with the same seed
    fold = np.array([fold_of_game[n] for n in game_of])
    everything = np.hstack([terms, boards])
    squares = [False] * terms.shape[1] + [True] * (boards.shape[1] - 1) + [False]

    def trees(depth=None, **options):
        return lambda: HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, max_depth=depth,
                                                      early_stopping=False, random_state=seed, **options)

    models = (
        ("weighted sum of the terms (logistic regression)", terms,
         lambda: make_pipeline(StandardScaler(), LogisticRegression(max_iter=3000))),
        ("boosted trees of depth 1 on the terms (a curve per term)", terms, trees(1)),
        ("boosted trees of depth 2 on the terms", terms, trees(2)),
        ("boosted trees of 31 leaves on the terms", terms, trees()),
        ("the same on the terms, the board and who is to move", everything, trees(categorical_features=squares)),
    )
    print(f"{game}: {len(recorded)} games, {int(decided.sum())} positions of decided games; "
          f"held out, {BEFORE_END}+ plies before the end (10-19 / 20-39 / 40+)")
    for name, features, model in models:
        right = np.zeros(len(results), bool)
        scored = np.zeros(len(results), bool)
        for k in range(FOLDS):
            train, test = decided & (fold != k), decided & (fold == k) & (to_end >= BEFORE_END)
            predicted = model().fit(features[train], results[train]).predict_proba(features[test])[:, 1]
            right[test] = (predicted > 0.5) == (results[test] == 1)
            scored[test] = True
        spans = " / ".join(f"{100 * right[scored & (to_end >= lo) & (to_end < hi)].mean():.0f}%" for lo, hi in DISTANCES)
        print(f"  {name}: {100 * right[scored].mean():.1f}% of {int(scored.sum())} ({spans})", flush=True)


def fitted_weights(cls, samples, terms: int, held: frozenset[int] = frozenset()) -> list[float]:
    """The weights of the samples' first ``terms`` terms fitted on ``samples`` in the units of
    ``cls.value_scale`` (positions where a capture is forced left out). Terms that are 0 in every
    position (a variant's pieces in the default rules) cannot be fitted, and ``held`` ones are not:
    they keep the game's weight (a candidate term 0), and the others are fitted around them."""
    train = [s for s in samples if not s[3]]
    used = [j for j in range(terms) if j not in held and any(s[0][j] for s in train)]
    scale = cls.value_scale / 2
    kept = list(cls.evaluation_weights) + [0.0] * terms
    offsets = [sum(kept[j] * s[0][j] for j in held) / scale for s in train]
    w = fit([[s[0][j] for j in used] for s in train], [s[1] for s in train], offsets)
    return [scale * w[used.index(j)] if j in used else kept[j] for j in range(terms)]

if __name__ == "__main__":
    main()
