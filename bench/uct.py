"""Monte Carlo tree search (UCT) over the position protocol, for comparison with the engine.

``UCT(playout="random")`` is the plain baseline of issue 4: UCB1 selection, one node expanded per
iteration, uniformly random playouts to the end of the game (a draw after ``max_playout`` plies).
``playout="heavy"`` is the stronger MCTS candidate that ``bench/compare.py`` measured against the
alpha-beta engine: playouts take a move that wins at once when there is one, prefer captures, and
stop after ``cutoff`` plies to score the position with the game's ``evaluate()``.
"""

from __future__ import annotations

import gc
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygame_rules.core import Game, Position  # noqa: E402


class Node:
    __slots__ = ("position", "move", "parent", "children", "untried", "visits", "reward", "mover")

    def __init__(self, position: Position, move: str | None, parent: "Node | None", rng: random.Random):
        self.position = position
        self.move = move
        self.parent = parent
        self.children: list[Node] = []
        self.untried = list(position.legal())
        rng.shuffle(self.untried)
        self.visits = 0
        self.reward = 0.0  # for the side that moved into this node
        self.mover = parent.position.turn if parent else None


class UCT:
    """UCT with a time or playout budget; ``choose`` returns the most visited root move."""

    def __init__(self, playout: str = "random", c: float = 1.4, cutoff: int = 8, max_playout: int = 200,
                 capture_bias: float = 0.7):
        if playout not in ("random", "heavy"):
            raise ValueError(f"playout {playout!r} must be 'random' or 'heavy'")
        self.playout, self.c, self.cutoff, self.max_playout = playout, c, cutoff, max_playout
        self.capture_bias = capture_bias
        self.playouts = 0

    def choose(self, position: Position, rng: random.Random, *, time_ms: float | None = None,
               playouts: int | None = None) -> str:
        deadline = time.perf_counter() + (time_ms or 1e9) / 1000.0
        root = Node(type(position).from_text(position.text), None, None, rng)
        if len(root.untried) == 1:
            return root.untried[0].text
        collecting = gc.isenabled()
        gc.disable()
        try:
            self.playouts = 0
            # At least one playout: on a busy machine the time may be up before the first one.
            while not root.children or (
                time.perf_counter() < deadline and (playouts is None or self.playouts < playouts)
            ):
                self._iterate(root, rng)
                self.playouts += 1
        finally:
            if collecting:
                gc.enable()
        best = max(root.children, key=lambda n: n.visits)
        return best.move

    def _iterate(self, root: Node, rng: random.Random) -> None:
        node = root
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(
                node.children,
                key=lambda ch: ch.reward / ch.visits + self.c * math.sqrt(log_n / ch.visits),
            )
        if node.untried:
            move = node.untried.pop()
            child = Node(move.after, move.text, node, rng)
            node.children.append(child)
            node = child
        # The playout runs on a copy so its positions are not kept by the tree's move caches.
        start = node.position if node.position.winner is not None else type(node.position).from_text(node.position.text)
        value = self._simulate(start, rng)  # value for the side to move at ``node``
        turn = node.position.turn
        while node is not None:
            node.visits += 1
            if node.mover is not None:
                node.reward += (1.0 - value) if node.mover == turn else value
            node = node.parent

    def _simulate(self, position: Position, rng: random.Random) -> float:
        """Play out from ``position``; return the result for its side to move (1 win, 0 loss)."""
        turn = position.turn
        limit = self.cutoff if self.playout == "heavy" else self.max_playout
        for _ in range(limit):
            winner = position.winner
            if winner is not None:
                return 0.5 if winner == "draw" else float(winner == turn)
            moves = position.legal()
            if self.playout == "heavy":
                position = self._heavy_step(position, moves, rng)
            else:
                position = rng.choice(moves).after
        winner = position.winner
        if winner is not None:
            return 0.5 if winner == "draw" else float(winner == turn)
        if self.playout == "heavy":
            value = 1.0 / (1.0 + math.exp(-position.evaluate() / 2.0))
            return value if position.turn == turn else 1.0 - value
        return 0.5

    def _heavy_step(self, position: Position, moves, rng: random.Random) -> Position:
        turn = position.turn
        for m in moves:
            if m.after._decided() == turn:
                return m.after
        captures = [m for m in moves if m.removed]
        if captures and len(captures) < len(moves) and rng.random() < self.capture_bias:
            return rng.choice(captures).after
        return rng.choice(moves).after


def uct_player(time_ms: float, playout: str = "random", **options):
    """A match player (see ``pygame_rules.match``) thinking ``time_ms`` per move."""
    engine = UCT(playout, **options)

    def play(game: Game, rng: random.Random) -> str:
        return engine.choose(game.position, rng, time_ms=time_ms)

    play.__name__ = f"UCT-{playout}"
    return play
