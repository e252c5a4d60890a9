"""The AI opponent: one search for every game, using only the position protocol of ``core``.

It knows no game. It asks a position for its moves as light *edges* (``_edges()``: each move's
text, the change ``_after_edge`` turns into the position after it, an order hint, whether it
captures and whether it wins at once), for the captures and sudden wins alone at a quiescence node
(``_tactical_edges()``), for the game's own end checks (``_decided()``), the side to move, its
``state`` (the transposition-table key) and ``repetition_key`` (a position repeated on the search
path, or earlier in the game, scores as a draw), plus ``evaluate()`` (a score for the side to
move). It never makes a public :class:`Move` or keeps a position's moves, so a searched subtree is
garbage as soon as it is done; the root's move texts are the public moves' texts.

The algorithm was chosen by measurement (``bench/compare.py``; figures in ``bench/README.md``):
iterative-deepening negamax alpha-beta with principal-variation search, a transposition table,
killer and history move ordering, a one-reply extension, and a quiescence search on captures (a
move whose ``removed`` is not empty). Quiescence may "stand pat" on ``evaluate()`` only when the
side to move has a quiet move, and then follows captures 4 plies at most; where every legal move
is a capture (mandatory captures), it must go on, up to 10 plies. Before searching a node's moves
it looks for a move that ends the game at once in the mover's favour (a sudden win: a King home,
a line of crowns, a Lion taken), so the search never misses a win in one, and never walks into a
loss in one, even at its horizon.

The search runs in slices (:meth:`Search.run` returns after at most ``slice_ms``) so a browser
worker can read its messages between slices and cancel a search. It is deterministic for a seed
and a node or depth budget; with a time budget, how far it gets depends on the machine.

Levels: levels 1-4 search a fixed number of positions (nodes), so each is the same opponent on a
fast machine or a slow one; their think time is only an upper bound for slow machines. Level 5
uses its time. Each level must beat the one below in at least 65% of games
(``bench/strength.py``), and level 5's think time fixes the top of the ladder: issue 17 made the
engine 3-6 times faster, and the levels below grew as far as those steps allow (from 300, 900,
2,700 and 12,000 Lilypad nodes). A game whose levels need other steps sets its own budgets
(``Position.level_nodes``): the Lion Game's many draws need wider steps, and there and in 3
Crowns (about 40 moves a position) level 5's time buys fewer nodes than in Lilypad, so their
ladders sit lower.
Budgets are in Lilypad's nodes: a game divides them by its ``node_cost`` (how much longer its node
takes), so a level thinks about as long in every game. Depths (full plies, the median over 12
positions of random games) and think times in processor time in CPython on the 2-core development
machine (``bench/speed.py --levels --cpu``, 2026-11-24, strength matches beside it; the browser's
worker is 1.3-1.8 times slower, ``bench/speed_browser.py``):

=====  =======  =========================  =========================  =========================
level  at most  Lilypad                    3 Crowns                   Lion Game
=====  =======  =========================  =========================  =========================
1      0.25 s   900, depth 3, 0.02 s       600, depth 1, 0.02 s       600, depth 1, 0.02 s
2      0.5 s    2,000, depth 4, 0.04 s     1,300, depth 2, 0.05 s     1,500, depth 1, 0.02 s
3      0.9 s    6,400, depth 5, 0.13 s     4,000, depth 3, 0.08 s     6,000, depth 2, 0.10 s
4      1.3 s    27,000, depth 7, 0.57 s    12,000, depth 3, 0.33 s    27,000, depth 3, 0.39 s
5      1.8 s    depth 8                    depth 4                    depth 4
=====  =======  =========================  =========================  =========================

(Level 5's depths are from before issue 17, on a quiet machine.)

Level 1 is a beginner (it also picks at random among the moves within 0.1 of the best), level
5 the strongest that stays within about 2 s per move in the browser with the worker's overhead.
A search also stops deepening once it has used more than half its budget, since the next depth
would not finish; the node budget never stops the first depth, so every level looks at every
move, with the win-in-one check above: even level 1 takes an immediate win and parries an
immediate loss when it can.

>>> import pygame_rules
>>> p = pygame_rules.load("lilypad", "8/8/8/8/8/1b6/4B3/1g1g3g b -")
>>> best_move(p, nodes=200, seed=1)
'e2-f1'
"""

from __future__ import annotations

import gc
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Generator, Hashable, Iterable, Mapping

from .core import Position, RulesError, positive_number, shown, table_key, whole_number

#: Score of a won position (minus the plies it takes, so faster wins score higher).
WIN = 100000.0
#: Scores beyond this are wins or losses found by the search, not heuristic values.
WIN_BOUND = WIN - 1000.0
INFINITY = float("inf")
#: The most contempt a search accepts (more than a Lilypad King is worth). A game's own, what its
#: computer plays with, is :func:`computer_contempt`; analysis asks for 0, so a draw reads as a draw.
MAX_CONTEMPT = 10
#: The expected result (from -1 to 1) at which a game's ``contempt_when_even`` has risen to its
#: full ``contempt`` (in Lilypad a score of 1.2, under two checkers).
CONTEMPT_AHEAD = 0.2
MAX_PLY = 96
#: Quiescence follows capture sequences at most this many plies past the horizon.
MAX_QUIESCENCE = 10
#: The null window of principal-variation search (scores are floats).
NULL_WINDOW = 1e-6
#: Stop deepening once this share of the time budget is spent: the next depth would not finish.
DEEPEN_SHARE = 0.55
#: With a single legal move, stop deepening once this share of the budget is spent.
FORCED_SHARE = 0.05
#: The search reads the clock every this many nodes (a few tenths of a millisecond).
CLOCK_EVERY = 8
#: Trim the transposition table when it grows beyond this many entries.
TABLE_LIMIT = 400_000

EXACT, LOWER, UPPER = 0, 1, 2
#: The depth the table records for a subtree searched to the end of every line: its score holds at
#: any depth.
WHOLE = 1 << 30


@dataclass(frozen=True)
class Level:
    """One playing level: think time, optional node and depth caps, and a random margin at the root."""

    time_ms: int
    max_depth: int | None = None
    #: The move is drawn at random among root moves scoring within ``margin`` of the best.
    margin: float = 0.0
    #: Positions searched at most, in a game whose ``node_cost`` is 1 (see :func:`level_nodes`):
    #: the same opponent on a fast or a slow machine, as long as the think time allows them.
    nodes: int | None = None


LEVELS = {
    1: Level(250, nodes=900, margin=0.1),
    2: Level(500, nodes=2000),
    3: Level(900, nodes=6400),
    4: Level(1300, nodes=27000),
    5: Level(1800),
}
DEFAULT_LEVEL = 3


def computer_contempt(position: Position) -> float:
    """What a draw costs the computer playing the side to move in ``position``: its game's
    ``contempt``; in a game with ``contempt_when_even``, that much while the evaluation gives it no
    edge, rising evenly to ``contempt`` as its expected result reaches ``CONTEMPT_AHEAD``."""
    even = position.contempt_when_even
    if even is None:
        return position.contempt
    ahead = math.tanh(position.evaluate() / position.value_scale) / CONTEMPT_AHEAD
    return even + (position.contempt - even) * min(1.0, max(0.0, ahead))


def level_nodes(level: int, position: Position, scale: float = 1.0) -> int | None:
    """Level ``level``'s node budget in ``position``'s game: its ``LEVELS`` nodes, or the game's
    own ``level_nodes`` where it sets them, times ``scale`` and divided by the game's
    ``node_cost`` (so that a level thinks about as long in every game); None for a level that
    searches by time."""
    nodes = position.level_nodes.get(level, LEVELS[level].nodes)
    return max(1, round(nodes * scale / position.node_cost)) if nodes else None


#: The largest value a score that is not a proven win may map to (a value of exactly 1 means won).
MAX_UNPROVEN_VALUE = 0.999


def win_in(score: float) -> int | None:
    """Plies to the forced win a score stands for (negative: to a forced loss), or None."""
    if abs(score) < WIN_BOUND:
        return None
    plies = round(WIN - abs(score))
    return plies if score > 0 else -plies


def value_of(score: float, scale: float) -> float:
    """The side to move's expected result in [-1, 1]: exactly +1 or -1 for a proven win or loss,
    else ``tanh(score / scale)`` kept strictly inside (so 1 always means proved), to 3 places."""
    if abs(score) >= WIN_BOUND:
        return 1.0 if score > 0 else -1.0
    return max(-MAX_UNPROVEN_VALUE, min(MAX_UNPROVEN_VALUE, round(math.tanh(score / scale), 3)))


def _judged(score: float, scale: float, solved: bool) -> tuple[float, bool]:
    """A search score's ``value`` (see :func:`value_of`) and whether it is a draw with best play:
    the search was ``solved`` and the score is neither a win nor a loss. Such a draw is worth 0,
    whatever the contempt made its score."""
    draw = solved and win_in(score) is None
    return (0.0 if draw else value_of(score, scale)), draw


@dataclass(frozen=True)
class Line:
    """One line of a multi-line search: a root move, its score and principal variation, and
    what they are worth to the side to move: ``value`` from -1 (lost) to 1 (won), and ``draw``,
    true when the search was solved and this line is a draw with best play (its value is then 0)."""

    move: str
    score: float
    pv: list[str]
    value: float
    draw: bool

    @property
    def win_in(self) -> int | None:
        """Plies to a forced win (negative: to a forced loss), or None when none was found."""
        return win_in(self.score)


@dataclass
class Analysis:
    """What a search found: the move to play and how it got there.

    ``score`` is for the side to move, in ``evaluate()`` units; beyond ``search.WIN_BOUND`` it is a
    forced win (``search.WIN - plies``), below ``-search.WIN_BOUND`` a forced loss. ``value`` is the
    same on a scale from -1 (lost) to 1 (won) that means about the same in every game (see
    :func:`search.value_of <pygame_rules.search.value_of>`). ``depth`` is the last depth searched in full. ``done`` is False while a
    sliced search still has budget left. ``lines`` are the best root moves, best first (as many
    as the search was asked for, when there are that many moves); the first is ``move``.
    ``solved`` says that every line ended (a win, a loss or a draw by the rules) within ``depth``,
    so the scores are exact: a line neither won nor lost is a draw with best play, and its value
    is 0 whatever the contempt made its score.
    """

    move: str | None
    score: float
    depth: int
    nodes: int
    elapsed_ms: float
    pv: list[str] = field(default_factory=list)
    done: bool = True
    lines: list[Line] = field(default_factory=list)
    #: The game's ``value_scale``.
    value_scale: float = 4.0
    solved: bool = False

    @property
    def win_in(self) -> int | None:
        """Plies to a forced win (negative: to a forced loss), or None when none was found."""
        return win_in(self.score)

    @property
    def value(self) -> float:
        """The side to move's expected result, from -1 (lost) to 1 (won): exactly 1 or -1 only for
        a proven win or loss, 0 for a draw with best play (see :attr:`draw`), else ``score`` mapped
        by :func:`value_of` with the game's ``value_scale``."""
        return _judged(self.score, self.value_scale, self.solved)[0]

    @property
    def draw(self) -> bool:
        """Whether the position is a draw with best play: ``solved``, and neither won nor lost."""
        return _judged(self.score, self.value_scale, self.solved)[1]

    def to_json(self) -> dict[str, Any]:
        """The answer as JSON."""
        return {
            "done": self.done,
            "best": self.move,
            "score": round(self.score, 3),
            "value": self.value,
            "win_in": self.win_in,
            "draw": self.draw,
            "depth": self.depth,
            "solved": self.solved,
            "nodes": self.nodes,
            "elapsed_ms": round(self.elapsed_ms, 1),
            "pv": self.pv,
            "lines": [
                {"move": line.move, "score": round(line.score, 3), "value": line.value,
                 "win_in": line.win_in, "draw": line.draw, "pv": line.pv}
                for line in self.lines
            ],
        }


class Search:
    """An iterative-deepening alpha-beta search of ``position`` that runs in slices.

    Budgets: ``level`` (1-5: ``search.LEVELS``, tabled in :mod:`pygame_rules.search`'s docstring),
    ``time_ms`` (total think time, overrides the level's), ``nodes`` and ``depth`` (for repeatable
    runs). With no budget at all the default level applies. ``history`` lists the earlier positions
    of the game (Positions or their repetition keys), oldest first, for threefold repetition.
    ``seed`` seeds the random choice of the lower levels. ``lines`` (default 1) asks for that many
    best root moves, each with its exact score and principal variation (multi-PV: the other moves
    are searched against the ``lines``-th best score instead of the best). ``contempt`` is what a
    draw costs the side the search plays for (default: the game's, :func:`computer_contempt`, so
    that the computer plays on rather than settle); analysis asks for 0, so that its value is the
    expected result, a draw being 0.

    >>> import pygame_rules
    >>> search = Search(pygame_rules.start("lilypad"), nodes=300, seed=7)
    >>> result = search.run(slice_ms=50)   # at most 50 ms; call again to go on
    >>> while not result.done:
    ...     result = search.run(slice_ms=50)
    >>> result.move in pygame_rules.start("lilypad").moves()
    True

    :raises RulesError: (a ValueError) for an unknown level, a budget that is not a number more
        than 0 (or not whole, where it counts), a seed that is not a whole number, fewer than 1 line.
    """

    #: At the horizon, look for a move that wins at once before standing pat.
    check_wins = True
    #: Stop deepening once this share of the budget is spent: the next depth would not finish.
    deepen_share = DEEPEN_SHARE
    #: Plies past the horizon that captures are followed while the side to move could also make
    #: a quiet move (forced captures are followed up to MAX_QUIESCENCE plies).
    optional_quiescence = 4

    def __init__(
        self,
        position: Position,
        *,
        level: int | None = None,
        time_ms: float | None = None,
        nodes: int | None = None,
        depth: int | None = None,
        seed: int | None = None,
        history: Iterable[Position | Hashable] = (),
        lines: int = 1,
        contempt: float | None = None,
    ):
        if level is None and time_ms is None and nodes is None and depth is None:
            level = DEFAULT_LEVEL
        _check_arguments(position, level, time_ms, nodes, depth, seed, lines)
        history = _history(history)
        self.lines = lines
        self.contempt = computer_contempt(position) if contempt is None else \
            positive_number(contempt, "contempt", MAX_CONTEMPT, zero=True)
        settings = LEVELS[level] if level is not None else Level(0, None)
        self.position = position
        self._class = type(position)
        self._root = self._class(position.state)  # a fresh copy keeps the caller's position light
        self.time_ms = time_ms if time_ms is not None else (settings.time_ms or None)
        node_caps = [n for n in (nodes, level_nodes(level, position) if level is not None else None) if n]
        self.max_nodes = min(node_caps) if node_caps else None
        caps = [d for d in (depth, settings.max_depth) if d]
        self.max_depth = min(caps) if caps else MAX_PLY
        self.margin = settings.margin
        self.rng = random.Random(seed)

        self.nodes = 0
        self._spent = 0.0  # seconds spent inside run()
        self._cleanup = 0.0  # seconds the garbage collection after a slice took
        self._last_tick = 0.0
        self._longest_step = 0.0  # the longest time between two nodes so far
        self._slice_start = 0.0
        self._slice_end = self._budget_end = INFINITY
        self._stop_at = INFINITY  # the clock's reading at which _tick pauses (see _set_stop)
        self._node_limit = self.max_nodes if self.max_nodes is not None else INFINITY
        self._table: dict[Hashable, tuple[int, float, int, str | None]] = {}  # by table_key(state)
        self._killers: list[list[str]] = [[] for _ in range(MAX_PLY + MAX_QUIESCENCE + 2)]
        self._history: dict[str, dict[str, int]] = {side: {} for side in position.sides}
        # Repetitions: a position met on the search path counts as a draw (either side could
        # have deviated earlier on that path); one the game has already seen twice would be the
        # third occurrence, a draw by the rules.
        # Positions are told apart by table_key of their key, computed once per node: a state is
        # a long tuple, and Python does not keep a tuple's hash (see core.key_by: the hash where it
        # is 64 bits wide, the key itself in Pyodide).
        self._seen: dict[Hashable, int] = {}
        for earlier in history:
            key = table_key(earlier.repetition_key if isinstance(earlier, Position) else earlier)
            self._seen[key] = self._seen.get(key, 0) + 1
        root_key = table_key(position.repetition_key)
        self._path: set[Hashable] = {root_key}
        self._seen[root_key] = self._seen.get(root_key, 0) + 1

        self._depth = 0  # last depth searched in full
        self._best: str | None = None
        self._score = 0.0
        self._pv: list[str] = []
        # The best root moves so far as (move, score, pv): their values wait for the search's end.
        self._lines: list[tuple[str, float, list[str]]] = []
        self._iteration_best: tuple[str, float] | None = None
        self._root_scores: dict[str, float] = {}
        # Lines of this depth's iteration cut short (at the horizon, by the table's shallower
        # score, or by a repetition on the search path, a draw only by the search's convention).
        self._cut = 0
        self._solved = False
        self._done = False
        self._steps = self._deepen()

    # -- driving ---------------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self._done

    def run(self, slice_ms: float | None = None) -> Analysis:
        """Search for at most ``slice_ms`` (default: to the end of the budget); report progress.
        A slice of 0 pauses at the first clock reading."""
        if slice_ms is not None:
            positive_number(slice_ms, "slice_ms", zero=True)
        if self._done:
            return self.result()
        now = time.perf_counter()
        self._slice_start = now
        self._slice_end = now + slice_ms / 1000.0 if slice_ms is not None else INFINITY
        self._budget_end = INFINITY
        if self.time_ms is not None:
            self._budget_end = now + self.time_ms / 1000.0 - self._spent - self._cleanup
        self._last_tick = now
        self._set_stop()
        with _collector_paused() as cleanup:
            try:
                next(self._steps)  # returns when the search pauses at a node
            except StopIteration:
                self._finish()
            else:
                if self._out_of_budget():
                    self._finish()
        self._cleanup = max(cleanup.seconds, 0.5 * self._cleanup)  # reserved in the next slice
        self._spent += time.perf_counter() - now
        return self.result()

    def cancel(self) -> None:
        """Stop the search for good; :meth:`result` keeps what it found so far."""
        self._finish()

    def result(self) -> Analysis:
        move = self._best  # before the first depth finishes, the first legal move
        pv = self._pv if self._pv[:1] == [move] else [move] if move else []
        lines = self._lines if self._lines[:1] and self._lines[0][0] == move else [(move, self._score, pv)] if move else []
        scale, solved = self._class.value_scale, self._solved
        return Analysis(move, self._score, self._depth, self.nodes, self._spent * 1000.0, list(pv), self._done,
                        [Line(m, score, list(line_pv), *_judged(score, scale, solved)) for m, score, line_pv in lines],
                        scale, solved)

    def _finish(self) -> None:
        if not self._done:
            self._done = True
            self._steps.close()
            partial = self._iteration_best
            # A deeper search cut short already preferred another move: take it, unless the level
            # picks at random among the last full depth's best (there is none before depth 1).
            if partial is not None and partial[0] != self._best and (not self.margin or not self._depth):
                self._best, self._score = partial
                self._pv = [partial[0]]
                self._lines = [(*partial, [partial[0]])] + [line for line in self._lines if line[0] != partial[0]]
                del self._lines[self.lines:]

    def _elapsed(self) -> float:
        return self._spent + time.perf_counter() - self._slice_start

    def _nodes_spent(self) -> bool:
        """Whether the node budget is used up. It never stops the first depth: a move is chosen
        from a full look at every move, however small the budget (time is a hard limit)."""
        return self.max_nodes is not None and self.nodes >= self.max_nodes and self._depth >= 1

    def _out_of_budget(self) -> bool:
        if self._nodes_spent():
            return True
        if self.time_ms is None:
            return False
        return (self._elapsed() + self._cleanup + self._reserve()) * 1000.0 >= self.time_ms

    def _reserve(self) -> float:
        """Time kept back for one more step: the longest so far, at most 5% of the budget."""
        return min(self._longest_step, 0.05 * self.time_ms / 1000.0) if self.time_ms else 0.0

    def _used_share(self) -> float:
        """How much of its budget the search has used, 0 to 1 (the larger of time and nodes)."""
        share = 0.0
        if self.max_nodes is not None:
            share = self.nodes / self.max_nodes
        if self.time_ms is not None:
            share = max(share, self._elapsed() * 1000.0 / self.time_ms)
        return share

    def _tick(self) -> bool:
        """Count a node; True when the search must pause (slice over or budget spent).

        The clock is read every ``CLOCK_EVERY`` nodes (a step): reading it costs as much as a
        tenth of a node in Pyodide. Between two steps the search may also free a subtree it is
        done with, which can take a while; so it stops when the next step, as long as the
        longest so far, would overrun.
        """
        self.nodes += 1
        if self.nodes >= self._node_limit and self._nodes_spent():
            return True
        if self.nodes % CLOCK_EVERY:
            return False
        now = time.perf_counter()
        step, self._last_tick = now - self._last_tick, now
        if step > self._longest_step:
            self._longest_step = step
            self._set_stop()
        return now >= self._stop_at

    def _set_stop(self) -> None:
        """When the slice ends, or when one more step as long as the longest would overrun the
        budget (worked out when either changes, not at every node)."""
        self._stop_at = min(self._slice_end, self._budget_end - self._reserve())

    # -- iterative deepening ----------------------------------------------------------------------

    def _deepen(self) -> Generator[None, None, None]:
        root = self._root
        edges = sorted(root._edges()) if root._decided() is None else []  # sorted by text
        if not edges:
            return
        self._best = edges[0][0]
        # With one legal move there is nothing to choose, but its score is still wanted (the
        # evaluation, a proven win): it gets a small share of the budget.
        share = self.deepen_share if len(edges) > 1 else FORCED_SHARE
        for depth in range(1, self.max_depth + 1):
            self._iteration_best = None
            self._cut = 0
            yield from self._search_root(edges, depth)
            self._depth = depth
            self._choose()
            self._iteration_best = None
            # Every line ended within this depth: deeper searches would see the same tree.
            self._solved = self._cut == 0
            if self._solved or self._proved(depth) or self._used_share() >= share:
                return

    def _proved(self, depth: int) -> bool:
        """Whether every line is a proven win or loss that no deeper search can shorten (or, for
        a loss, lengthen): a search to ``depth`` sees every win within ``depth + 1`` plies, but
        one found through an extension may be longer, and a shorter one may lie beyond."""
        return all(
            abs(score) >= WIN_BOUND and abs(win_in(score)) <= depth + 1 for _, score, _ in self._lines
        )

    def _search_root(self, edges: list[tuple], depth: int) -> Generator[None, None, None]:
        previous = self._root_scores
        turn = self._root.turn
        order = sorted(
            edges,
            key=lambda e: (e[0] != self._best, -previous.get(e[0], -INFINITY), -self._order_key(turn, e, 0, None)),
        )
        scores: dict[str, float] = {}
        alpha = -INFINITY
        for i, e in enumerate(order):
            # The first ``lines`` moves get a full window; later ones need only beat the
            # ``lines``-th best so far, so the best ``lines`` scores are exact.
            score = yield from self._child(self._root, e, depth, alpha, i < self.lines, 0)
            scores[e[0]] = score
            if self._iteration_best is None or score > self._iteration_best[1]:
                self._iteration_best = (e[0], score)
            ranked = sorted(scores.values(), reverse=True)
            alpha = ranked[self.lines - 1] if len(ranked) >= self.lines else -INFINITY
            if self.margin and ranked[0] < WIN_BOUND:
                alpha = min(alpha, ranked[0] - self.margin - NULL_WINDOW)
        self._root_scores = scores

    def _child(self, position: Position, edge: tuple, depth: int, alpha: float, first: bool, ply: int,
               beta: float = INFINITY):
        """Score of playing the move ``edge`` of ``position`` (for the player making it) with a PVS window."""
        child = position._after_edge(edge[1])
        key = table_key(child.repetition_key)
        if key in self._path or self._seen.get(key, 0) >= 2:
            self._cut += key in self._path
            return -self._draw_score(child.turn)  # a repetition, scored for the mover
        next_depth = depth - 1
        self._path.add(key)
        try:
            if first or alpha == -INFINITY:
                return -(yield from self._negamax(child, next_depth, -beta, -alpha, ply + 1))
            score = -(yield from self._negamax(child, next_depth, -alpha - NULL_WINDOW, -alpha, ply + 1))
            if alpha < score < beta:
                score = -(yield from self._negamax(child, next_depth, -beta, -alpha, ply + 1))
            return score
        finally:
            self._path.discard(key)

    def _choose(self) -> None:
        """Pick the root move from the last full iteration (at random within the level's margin)."""
        scores = self._root_scores
        best = max(scores.values())
        if self.margin and best < WIN_BOUND:
            near = sorted(t for t, s in scores.items() if s >= best - self.margin and s > -WIN_BOUND)
            choice = self.rng.choice(near) if near else max(scores, key=scores.get)
        else:
            choice = max(scores, key=lambda t: (scores[t], t == self._best))
        self._best, self._score = choice, scores[choice]
        self._pv = self._principal_variation(choice)
        others = sorted((t for t in scores if t != choice), key=lambda t: -scores[t])[: self.lines - 1]
        self._lines = [(choice, self._score, self._pv)]
        self._lines += [(t, scores[t], self._principal_variation(t)) for t in others]

    def _principal_variation(self, first: str) -> list[str]:
        pv, position, seen = [first], self._root.move(first).after, set()
        while len(pv) < 32 and position.state not in seen:
            seen.add(position.state)
            entry = self._table.get(table_key(position.state))
            if entry is None or entry[3] is None or position._decided() is not None:
                break
            edge = next((e for e in position._edges() if e[0] == entry[3]), None)
            if edge is None:
                break
            pv.append(edge[0])
            position = self._class(position._successor(edge[1]))
        # A win found at the horizon is not in the table: name the move that wins at once.
        if position._decided() is None:
            pv += [e[0] for e in sorted(position._edges()) if e[4]][:1]
        return pv

    # -- alpha-beta -------------------------------------------------------------------------------
    # Nodes are Positions built straight from edge states: the search never makes a Move, and a
    # position's moves are generated where they are searched and dropped after (no caches).

    def _negamax(self, position: Position, depth: int, alpha: float, beta: float, ply: int):
        if self._tick():
            yield
        decided = position._decided()
        if decided is not None:
            return self._final_score(decided, position.turn, ply)
        # Mate-distance pruning: nothing here beats a win at the next ply, nor is worse than
        # losing now; once a shorter win is known elsewhere, longer lines are cut at once.
        if beta > WIN - ply - 1:
            beta = WIN - ply - 1
            if alpha >= beta:
                return beta
        if depth <= 0 or ply >= MAX_PLY:
            self._cut += 1
            return (yield from self._quiesce(position, alpha, beta, ply, 0))
        edges = position._edges()
        if not edges:  # no legal move loses
            return self._final_score(position.other(position.turn), position.turn, ply)

        key = table_key(position.state)
        entry = self._table.get(key)
        hint = None
        if entry is not None:
            stored_depth, stored, bound, hint = entry
            if stored_depth >= depth:
                stored = _from_table(stored, ply)
                if bound == EXACT or (bound == LOWER and stored >= beta) or (bound == UPPER and stored <= alpha):
                    self._cut += stored_depth < WHOLE
                    return stored

        turn = position.turn
        if len(edges) == 1:
            depth += 1  # a forced reply costs no depth

        original_alpha, cut = alpha, self._cut
        best, best_move = -INFINITY, None
        path, seen, after = self._path, self._seen, position._after_edge
        next_depth, first = depth - 1, True
        for e in self._ordered(turn, edges, ply, hint):
            # ``_child``, written out here: in Pyodide a generator more per node costs 2-3%.
            child = after(e[1])
            repetition = table_key(child.repetition_key)
            if repetition in path or seen.get(repetition, 0) >= 2:
                score = -self._draw_score(child.turn)
                self._cut += repetition in path
            else:
                path.add(repetition)
                if first or alpha == -INFINITY:
                    score = -(yield from self._negamax(child, next_depth, -beta, -alpha, ply + 1))
                else:
                    score = -(yield from self._negamax(child, next_depth, -alpha - NULL_WINDOW, -alpha, ply + 1))
                    if alpha < score < beta:
                        score = -(yield from self._negamax(child, next_depth, -beta, -alpha, ply + 1))
                path.discard(repetition)
            first = False
            if score > best:
                best, best_move = score, e[0]
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self._reward(turn, e, ply, depth)
                        break
        bound = LOWER if best >= beta else UPPER if best <= original_alpha else EXACT
        self._store(key, depth if self._cut > cut else WHOLE, best, bound, best_move, ply)
        return best

    def _quiesce(self, position: Position, alpha: float, beta: float, ply: int, qdepth: int):
        if qdepth:
            if self._tick():  # the horizon node was counted by _negamax
                yield
            decided = position._decided()
            if decided is not None:
                return self._final_score(decided, position.turn, ply)
        # Captures and sudden wins, and whether a quiet move exists: no need to make the quiet ones.
        tactical, quiet = position._tactical_edges()
        if not tactical and not quiet:  # no legal move loses
            return self._final_score(position.other(position.turn), position.turn, ply)
        if self.check_wins:
            for e in tactical:
                if e[4]:
                    return WIN - ply - 1
        captures = [e for e in tactical if e[3]]
        last = qdepth >= MAX_QUIESCENCE or ply >= MAX_PLY + MAX_QUIESCENCE
        if quiet or last:
            best = position.evaluate()  # a quiet move exists: the side to move may stand pat
            if best >= beta or not captures or last or qdepth >= self.optional_quiescence:
                return best
            if best > alpha:
                alpha = best
        else:
            best = -INFINITY  # every move captures, so one must be made
        after = position._after_edge
        for e in self._ordered(position.turn, captures, ply, None):
            score = -(yield from self._quiesce(after(e[1]), -beta, -alpha, ply + 1, qdepth + 1))
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    # -- move ordering and the table -------------------------------------------------------------

    def _order_key(self, turn: str, edge: tuple, ply: int, hint: str | None) -> float:
        text = edge[0]
        if text == hint:
            return 1e9
        key = edge[2]  # 1000 per piece removed, plus the game's order_hint
        if text in self._killers[ply]:
            key += 500.0
        return key + self._history[turn].get(text, 0) * 1e-3

    def _ordered(self, turn: str, edges: list[tuple], ply: int, hint: str | None) -> list[tuple]:
        """Best first: the table's move, captures, killers, then by history; ties by move text."""
        if len(edges) < 2:
            return edges
        killers, history = self._killers[ply], self._history[turn]

        def key(edge: tuple) -> float:
            text = edge[0]
            if text == hint:
                return -1e9
            value = edge[2]
            if text in killers:
                value += 500.0
            if text in history:
                value += history[text] * 1e-3
            return -value

        edges.sort()  # by text, so that equal keys keep the order of the legal moves
        return sorted(edges, key=key)

    def _reward(self, turn: str, edge: tuple, ply: int, depth: int) -> None:
        if not edge[3]:
            text = edge[0]
            killers = self._killers[ply]
            if text not in killers:
                killers.insert(0, text)
                del killers[2:]
            history = self._history[turn]
            history[text] = history.get(text, 0) + depth * depth

    def _final_score(self, winner: str, turn: str, ply: int) -> float:
        if winner == "draw":
            return self._draw_score(turn)
        return WIN - ply if winner == turn else -(WIN - ply)

    def _draw_score(self, turn: str) -> float:
        """A draw is worth ``-contempt`` to the side the search plays for, ``+contempt`` to the other."""
        return -self.contempt if turn == self._root.turn else self.contempt

    def _store(self, key: Any, depth: int, score: float, bound: int, move: str | None, ply: int) -> None:
        if len(self._table) >= TABLE_LIMIT:
            self._table.clear()
        self._table[key] = (depth, _to_table(score, ply), bound, move)


class _collector_paused:
    """Run a slice with the garbage collector off, then collect only what the slice left.

    A search makes and drops many objects; with the collector on, its full collections would walk
    the whole heap (a test runner's, say) in the middle of the search and blow the time budget.
    So the heap that existed before the slice is frozen (``gc.freeze``), the collector is off during
    the slice, and at the end one collection walks only the slice's own survivors; ``seconds`` is
    how long that took. If someone else froze objects, the collector is just paused.
    """

    def __enter__(self) -> "_collector_paused":
        self.enabled = gc.isenabled()
        self.freezing = self.enabled and gc.get_freeze_count() == 0
        self.seconds = 0.0
        gc.disable()
        if self.freezing:
            gc.freeze()
        return self

    def __exit__(self, *exc) -> None:
        if self.freezing:
            started = time.perf_counter()
            gc.collect()
            self.seconds = time.perf_counter() - started
            gc.unfreeze()
        if self.enabled:
            gc.enable()


def _to_table(score: float, ply: int) -> float:
    """Win scores count plies from the root; the table stores them from the node."""
    if score >= WIN_BOUND:
        return score + ply
    if score <= -WIN_BOUND:
        return score - ply
    return score


def _from_table(score: float, ply: int) -> float:
    if score >= WIN_BOUND:
        return score - ply
    if score <= -WIN_BOUND:
        return score + ply
    return score


def _check_arguments(position, level, time_ms, nodes, depth, seed, lines) -> None:
    """A RulesError in plain words for any argument of a search that is not what it must be."""
    if not isinstance(position, Position):
        raise RulesError(f"a search needs a position (pygame_rules.start or load), not {shown(position)}")
    if level is not None:
        whole_number(level, "level", min(LEVELS), max(LEVELS))
    if time_ms is not None:
        positive_number(time_ms, "time_ms")
    for name, value in (("nodes", nodes), ("depth", depth)):
        if value is not None:
            whole_number(value, name, 1)
    whole_number(lines, "lines", 1)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RulesError(f"seed must be a whole number, not {shown(seed)}")


def _history(history) -> list:
    """``history`` as a list of Positions or repetition keys; a RulesError if it is not a list."""
    if isinstance(history, (str, bytes, Mapping)) or not isinstance(history, Iterable):
        raise RulesError(f"history must list the game's earlier positions, not {shown(history)}")
    history = list(history)
    for earlier in history:
        if not isinstance(earlier, (Position, Hashable)) or isinstance(earlier, (list, dict, set)):
            raise RulesError(f"history must list the game's earlier positions, not {shown(earlier)}")
    return history


# -- one-shot entry points ---------------------------------------------------------------------


def analyse(
    position: Position,
    *,
    level: int | None = None,
    time_ms: float | None = None,
    nodes: int | None = None,
    depth: int | None = None,
    seed: int | None = None,
    history: Iterable[Position | Hashable] = (),
    lines: int = 1,
    contempt: float | None = None,
) -> Analysis:
    """Search ``position`` to the end of its budget and return the :class:`Analysis`.

    See :class:`Search` for the arguments. ``analyse(p, level=5)`` thinks for 1.8 s;
    ``analyse(p, time_ms=2500, contempt=0)`` is what the site's Hint and evaluation bar ask.
    """
    search = Search(position, level=level, time_ms=time_ms, nodes=nodes, depth=depth, seed=seed, history=history,
                    lines=lines, contempt=contempt)
    return search.run()


def best_move(
    position: Position,
    *,
    level: int | None = None,
    time_ms: float | None = None,
    nodes: int | None = None,
    depth: int | None = None,
    seed: int | None = None,
    history: Iterable[Position | Hashable] = (),
) -> str | None:
    """The text of the move the AI plays in ``position`` (None if the game is over).

    >>> import pygame_rules
    >>> best_move(pygame_rules.start("lilypad"), level=1, seed=3) in pygame_rules.start("lilypad").moves()
    True
    """
    return analyse(position, level=level, time_ms=time_ms, nodes=nodes, depth=depth, seed=seed, history=history).move
