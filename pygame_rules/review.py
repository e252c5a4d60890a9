"""A game review graded like a coach: what each move cost its side in expected result.

The search's ``value`` is the side to move's expected result from -1 (lost) to 1 (won);
:func:`expected_result` turns it into a share from 0 to 1 (a draw is half), the one mapping that
the page's evaluation bar draws (the bridge sends it with every search answer) and the review
grades by. A proven result counts as exactly 1 or 0.

For every move, the review compares the mover's expected result after the move the search
preferred with after the move played. Both are evaluations of a position with the other side to
move, so a search's bias for the side to move (3 Crowns' searches favour it by a few points) is
not counted as a loss; the search's own move costs nothing. Where the page did not evaluate the
position after the preferred move, the evaluation of the position the move was played in stands
for it. Proven results grade first:

* a proven win let go is always ``??``: the mover could force a win in N moves (the search's
  proof) and, proven by the search or the exhaustive solver, the move played lets the other side
  win, ends the game otherwise, or does not win within N + 2 moves (:data:`SLOWER_WIN`: a win
  that only takes longer is kept, not let go, and costs nothing);
* finding the only winning move is ``!``: the mover wins and the exhaustive solver proves that
  the move played is the one move that wins within N + 2 (N the search's proven distance, 2 or
  more: a move that wins at once is its own reward);
* any other move is graded by the fall in expected result, with lichess's thresholds (a fall of
  0.1, 0.2 or 0.3 in winning chances from -1 to 1, that is 5, 10 or 15 percentage points):
  inaccuracy ``?!``, mistake ``?``, blunder ``??``; its words name the move that was better.

Accuracy follows lichess too: a move's accuracy falls with the percentage points it lost
(``103.1668 * exp(-0.04354 * lost) - 3.1669``, 100 for a move that lost nothing), and a side's
accuracy is the mean of the plain and the harmonic means of its moves' (lichess also weights by
the game's volatility; this review does not).

>>> import pygame_rules
>>> from pygame_rules.core import Game
>>> game = Game("lilypad", None, "8/1b1b3g/6G1/1b6/6B1/8/b5g1/8 b -")
>>> _ = game.play("g4-h3")   # the King's one way to win, in 3 (no other move wins, even in 5)
>>> review_game(game, [Evaluation(1.0, 5), Evaluation(-1.0, -4)]).moves[0].words
'Only move: the one move that forces a win within 5 moves (it wins in 3).'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .core import Game, Position

__all__ = ["Evaluation", "MoveReview", "Review", "SideReview", "expected_result", "review_game"]

#: Falls in expected result (0 to 1) from which a move is an inaccuracy, a mistake, a blunder.
INACCURACY, MISTAKE, BLUNDER = 0.05, 0.10, 0.15
#: Positions the exhaustive solver may visit to check one claim of the review ("!", "??") and
#: in one review in all: a review is one request, and the worker answers nothing else meanwhile
#: (12,000 take 0.5-2 s in CPython, more in the page; the claims of a real game's end take a few
#: hundred to a few thousand: a 3 Crowns win kept two moves slower, 3,000-9,000).
SOLVER_NODES = 4_000
REVIEW_SOLVER_NODES = 12_000
#: Own moves a win may take longer than the fastest and still count as kept (and the one winning
#: move as the only one): no other move wins even this much more slowly.
SLOWER_WIN = 2

#: The signs a grade is shown with, as chess annotators write them.
SIGNS = {"only-move": "!", "inaccuracy": "?!", "mistake": "?", "blunder": "??", "win-let-go": "??"}


def expected_result(value: float) -> float:
    """The expected result (0 lost, 1/2 drawn, 1 won) of an evaluation ``value`` from -1 to 1."""
    return (value + 1) / 2


def own_moves(plies: int) -> int:
    """Plies to a result counted in the side's own moves (a win in 3 plies is in 2 of its moves)."""
    return (abs(plies) + 1) // 2


@dataclass(frozen=True)
class Evaluation:
    """A position's evaluation for its side to move: ``value`` from -1 to 1, ``win_in`` the plies
    to a proven result (negative for a loss) or None. ``over`` for a position where the game is
    over (then ``value`` is its result: 1 won, 0 drawn, -1 lost)."""

    value: float
    win_in: int | None = None
    over: bool = False

    @property
    def expected(self) -> float:
        if self.win_in:
            return 1.0 if self.win_in > 0 else 0.0
        return expected_result(self.value)

    @property
    def proven_win(self) -> bool:
        return bool(self.win_in and self.win_in > 0) or (self.over and self.value == 1)

    @property
    def proven_loss(self) -> bool:
        return bool(self.win_in and self.win_in < 0) or (self.over and self.value == -1)


@dataclass(frozen=True)
class MoveReview:
    """One move: its number of plies (``ply``, 1 for the first move), who played it, the mover's
    expected result before and after it, the ``loss`` (never below 0), the move's ``accuracy``
    (0-100), its ``grade`` (None or a key of :data:`SIGNS`), the grade in words, and the move
    the search preferred (``better``, for a graded move that was not it; else None)."""

    ply: int
    side: str
    move: str
    before: float
    after: float
    loss: float
    accuracy: float
    grade: str | None
    words: str
    better: str | None = None

    @property
    def sign(self) -> str:
        return SIGNS.get(self.grade, "")


@dataclass(frozen=True)
class SideReview:
    side: str
    name: str
    accuracy: float | None
    inaccuracies: int
    mistakes: int
    blunders: int


@dataclass(frozen=True)
class Review:
    """The graded moves (those whose two positions were evaluated), each side's figures, and
    each position's expected result for the game's first side (None where not evaluated)."""

    moves: list[MoveReview]
    sides: list[SideReview]
    first_side_expected: list[float | None]

    def to_json(self) -> dict[str, Any]:
        return {
            "moves": [
                {
                    "ply": m.ply, "side": m.side, "move": m.move, "before": round(m.before, 4),
                    "after": round(m.after, 4), "loss": round(m.loss, 4), "accuracy": round(m.accuracy, 1),
                    "grade": m.grade, "sign": m.sign, "words": m.words, "better": m.better,
                }
                for m in self.moves
            ],
            "sides": [
                {
                    "side": s.side, "name": s.name,
                    "accuracy": None if s.accuracy is None else round(s.accuracy, 1),
                    "inaccuracies": s.inaccuracies, "mistakes": s.mistakes, "blunders": s.blunders,
                }
                for s in self.sides
            ],
            "expected": [None if e is None else round(e, 4) for e in self.first_side_expected],
        }


def move_accuracy(before: float, after: float) -> float:
    """lichess's accuracy of a move that took the mover's expected result from ``before`` to ``after``."""
    lost = (before - after) * 100
    if lost <= 0:
        return 100.0  # the formula's 99.9999
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * lost) - 3.1669))


def side_accuracy(accuracies: list[float]) -> float | None:
    """The mean of the plain and the harmonic means (a few bad moves weigh more than in the plain mean)."""
    if not accuracies:
        return None
    mean = sum(accuracies) / len(accuracies)
    harmonic = len(accuracies) / sum(1 / max(a, 1.0) for a in accuracies)
    return (mean + harmonic) / 2


class _Budget:
    """The exhaustive solver's positions left for this review's checks."""

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def check(self, question) -> bool | None:
        """``question(solver)`` answered by a solver within the budget, or None when it ran out."""
        from .solve import OutOfBudget, Solver

        if self.left <= 0:
            return None
        solver = Solver(max_nodes=min(SOLVER_NODES, self.left))
        try:
            return question(solver)
        except OutOfBudget:
            return None
        finally:
            self.left -= solver.nodes


def _only_winning_move(position: Position, played: str, n: int, budget: _Budget) -> bool:
    """Whether ``played`` is proven the one move of ``position`` that wins within ``n`` own moves."""
    legal = position.legal()
    if len(legal) < 2:
        return False  # no choice: no merit

    def question(solver) -> bool:
        # The move played first: when it does not win, no other move needs looking at.
        if not solver.move_wins_within(position, position.move(played), n):
            return False
        return not any(solver.move_wins_within(position, m, n) for m in legal if m.text != played)

    return bool(budget.check(question))


def _still_wins(position: Position, played: str, n: int, budget: _Budget) -> bool | None:
    """Whether ``played`` wins within ``n`` own moves (None: not checked, the budget ran out)."""
    move = position.move(played)
    # The shorter questions first: a win found early is found cheaply (one solver: one table).
    return budget.check(lambda solver: any(solver.move_wins_within(position, move, k) for k in range(1, n + 1)))


def _grade(loss: float) -> str | None:
    """The grade of a fall in expected result (lichess's thresholds), None below an inaccuracy."""
    loss = round(loss, 9)  # a fall of 0.1 is one, not 0.0999…
    return "blunder" if loss >= BLUNDER else "mistake" if loss >= MISTAKE else "inaccuracy" if loss >= INACCURACY else None


def _chances(name: str, expected: float) -> str:
    return f"{name}'s chances {round(expected * 100)}%"


def review_game(game: Game, evaluations: list[Evaluation | None], solver_nodes: int = REVIEW_SOLVER_NODES,
                best: list[tuple[str, Evaluation | None] | None] | None = None) -> Review:
    """Grade every move of ``game`` from ``evaluations`` (one per position, the start first,
    each for its side to move; None where not evaluated). The last position's is taken from the
    game's result when the game is over there. ``best`` (one per move, or None) holds the move the
    search preferred where the move was played, with the evaluation of the position it makes (for
    that position's side to move; None where not evaluated)."""
    positions = game.positions
    if len(evaluations) != len(positions):
        raise ValueError(f"{len(positions)} evaluations are needed (one per position), got {len(evaluations)}")
    best = list(best) if best is not None else [None] * len(game.history)
    if len(best) != len(game.history):
        raise ValueError(f"{len(game.history)} preferred moves are needed (one per move), got {len(best)}")
    evaluations = list(evaluations)
    if game.result is not None:
        last = positions[-1]
        evaluations[-1] = Evaluation(0.0 if game.result == "draw" else 1.0 if game.result == last.turn else -1.0, over=True)
    budget = _Budget(solver_nodes)
    names = type(positions[0]).side_names
    moves = []
    for i, text in enumerate(game.history):
        before, after_ev = evaluations[i], evaluations[i + 1]
        if before is None or after_ev is None:
            continue
        position = positions[i]
        mover, other = position.turn, position.other(position.turn)
        after = 1.0 - after_ev.expected
        preferred, preferred_ev = best[i] or (None, None)
        if preferred not in (None, text) and preferred_ev is None:
            # The search's move ends the game (the page evaluates no position where it is over).
            made = position.move(preferred).after
            if made.winner is not None:
                preferred_ev = Evaluation(0.0 if made.winner == "draw" else 1.0 if made.winner == made.turn else -1.0, over=True)
        # What the move is measured against: the mover's expected result after the search's move
        # (the move played when it was that one), else before the move.
        reference = after if preferred == text else before.expected if preferred_ev is None else 1.0 - preferred_ev.expected
        grade, words, better = None, "", None
        if before.proven_win:
            reference = 1.0
            n = own_moves(before.win_in)
            # Kept: proven by the search, or else by the solver (a win at most SLOWER_WIN moves
            # slower counts); let go: the opponent wins, the game ended otherwise, or the solver
            # proves no win within that; neither proven (the solver's budget ran out): graded by
            # the fall in expected result, as any move.
            still = None if after_ev.proven_loss or after_ev.proven_win else _still_wins(position, text, n + SLOWER_WIN, budget)
            if after_ev.proven_loss or still:
                after = 1.0
                # A win at once is its own reward: no "!".
                if n >= 2 and _only_winning_move(position, text, n + SLOWER_WIN, budget):
                    grade = "only-move"
                    words = f"Only move: the one move that forces a win within {n + SLOWER_WIN} moves (it wins in {n})."
            elif after_ev.proven_win or after_ev.over or still is False:
                grade = "win-let-go"
                if after_ev.proven_win and after_ev.win_in:
                    now = f"this move does not: now {names[other]} wins in {own_moves(after_ev.win_in)}"
                elif after_ev.over:
                    now = f"this move does not: the game ended {'drawn' if after_ev.value == 0 else 'lost'}"
                else:
                    now = f"this move does not win within {n + SLOWER_WIN} moves ({_chances(names[mover], after)} after it)"
                words = f"Win let go: {names[mover]} could force a win in {n}; {now}."
            else:
                grade = _grade(reference - after)
                if grade:
                    words = (f"{grade.capitalize()}: {names[mover]} could force a win in {n}; after this move no "
                             f"forced win was found ({_chances(names[mover], after)}).")
        elif not before.proven_loss:
            grade = _grade(reference - after)
            if grade:
                now = f"now {names[other]} wins in {own_moves(after_ev.win_in)}; " if after_ev.proven_win and after_ev.win_in else ""
                if preferred_ev is not None and preferred != text:
                    better = preferred
                    words = (f"{grade.capitalize()}: {now}{better} was better ({_chances(names[mover], reference)} "
                             f"after it, {round(after * 100)}% after this move).")
                else:
                    words = (f"{grade.capitalize()}: {now}{_chances(names[mover], before.expected)} before it, "
                             f"{round(after * 100)}% after.")
        loss = round(max(0.0, reference - after), 9)  # a fall of 0.1 is one, not 0.0999…
        moves.append(MoveReview(i + 1, mover, text, before.expected, after, loss, move_accuracy(reference, after),
                                grade, words, better))
    sides = []
    for side in type(positions[0]).sides:
        own = [m for m in moves if m.side == side]
        count = {g: sum(1 for m in own if m.grade == g) for g in ("inaccuracy", "mistake", "blunder", "win-let-go")}
        sides.append(SideReview(side, names[side], side_accuracy([m.accuracy for m in own]), count["inaccuracy"],
                                count["mistake"], count["blunder"] + count["win-let-go"]))
    first = type(positions[0]).sides[0]
    expected = [
        None if e is None else e.expected if p.turn == first else 1.0 - e.expected
        for p, e in zip(positions, evaluations)
    ]
    return Review(moves, sides, expected)
