"""Exhaustive search for forced wins: does the side to move win within ``n`` of its own moves?

Unlike the AI (:mod:`pygame_rules.search`), which scores positions with a heuristic, this search
proves: a forced win is a move after which *every* defence loses in time, checked to the end of
the game's rules. It is what the puzzles (and any claim like "wins in 3") are checked with. Like
the AI it knows no game: it uses only the position protocol of :mod:`pygame_rules.core`, the
same light one as the search (``_edges()``: each move's text, the change ``_successor`` makes of
it, an order hint that puts captures first, and whether it wins at once; ``_decided()``, ``turn``,
``state``): it never builds a public :class:`Move` inside its search.

A win is the game's own: ``winner`` is the side after its move (a King home, a crowned line, the
seventh stone, a Lion taken, or the opponent left without a legal move). A draw is not a win.

Threefold repetition needs the game record; the search works on positions alone. Within the 7
plies of 4 moves a side from a fresh start, a position can occur three times only if somewhere in
the line a position comes back 2 plies later (three of the at most 4 positions with the same side
to move always include two in a row), so both sides have just made a move that left the board as
it was: pieces never come back once taken, and every move of Lilypad and 3 Crowns moves a piece of
its own. Only the Lion Game has such a "pass" (a Cobra's null move). The search counts a pass
answered by a pass as a draw: it so never claims a win that a repetition could spoil, and it loses
no shortest win, since after both sides pass the winner stands where it stood two plies before,
with a move fewer.

>>> import pygame_rules
>>> p = pygame_rules.load("lilypad", "8/8/8/8/8/1b6/4B3/1g1g3g b -")
>>> winning_moves(p, 1)
['e2-f1']
>>> forced_win_length(p, 4)
1
"""

from __future__ import annotations

from typing import Hashable

from .core import Move, Position, RulesError, shown, whole_number

__all__ = ["OutOfBudget", "Solver", "forced_win_length", "winning_moves", "wins_within"]

#: Trim the table when it grows beyond this many entries.
TABLE_LIMIT = 2_000_000
NEVER = 1 << 30


class OutOfBudget(Exception):
    """The solver visited more positions than its ``max_nodes`` allowed (the question is unanswered)."""


class Solver:
    """Answers questions about forced wins, remembering what it proved between questions.

    The table maps a position (its ``state``, whether the move into it was a pass, and whose
    view: the attacker's or the defender's) to what is proved: ``[fewest moves known to win,
    most moves known not to win]``; both facts hold for any path to the position (see the module
    docstring on repetition). A table grown too big is cleared: it only saves work.
    """

    def __init__(self, max_nodes: int | None = None) -> None:
        self._table: dict[Hashable, list[int]] = {}
        #: Positions searched so far (a position found in the table is not counted).
        self.nodes = 0
        #: Raise :class:`OutOfBudget` once ``nodes`` passes this (None: no limit).
        self.max_nodes = max_nodes
        #: The last reply that refuted an attack (key: the attacker's remaining moves) and the last
        #: winning move (key: minus them): a reply that escapes one attack often escapes its
        #: neighbours too, and a winning idea often wins after other defences too.
        self._killers: dict[int, str] = {}

    # -- questions --------------------------------------------------------------------------------

    def wins_within(self, position: Position, n: int) -> bool:
        """Whether the side to move forces a win within ``n`` of its own moves, whatever the defence."""
        n = _question(position, n)
        if n < 1 or position.winner is not None:
            return False
        return self._attack(_fresh(position), n, False)

    def winning_moves(self, position: Position, n: int) -> list[str]:
        """Texts of the moves that force a win within ``n`` own moves (this one included), sorted."""
        n = _question(position, n)
        if n < 1 or position.winner is not None:
            return []
        return [m.text for m in position.legal() if self.move_wins_within(position, m, n)]

    def move_wins_within(self, position: Position, move: Move, n: int) -> bool:
        """Whether ``move`` (of ``position``) forces a win within ``n`` own moves, itself included."""
        n = _question(position, n)
        if not isinstance(move, Move):
            raise RulesError(f"move_wins_within needs a move of the position (position.move(text)), not {shown(move)}")
        after = _fresh(move.after)
        if after.winner is not None:
            return after.winner == position.turn
        return n >= 2 and self._defend(after, n - 1, _is_pass(position, move))

    def forced_win_length(self, position: Position, max_n: int) -> int | None:
        """The fewest own moves in which the side to move forces a win (at most ``max_n``), or None."""
        max_n = _question(position, max_n)
        for n in range(1, max_n + 1):
            if self.wins_within(position, n):
                return n
        return None

    def defences(self, position: Position, n: int) -> list[tuple[str, int | None]]:
        """Every reply of the side to move, with how long the opponent then needs to force a win
        (at most ``n`` own moves; None if it cannot within ``n``: the reply escapes).

        ``position`` is the defender's; longest first: escapes, then the slowest wins; ties in
        move text order. So ``defences(p, n)[0][0]`` is the longest defence, chosen
        deterministically.
        """
        n = _question(position, n)
        replies = []
        for m in position.legal():
            after = m.after
            if after.winner is not None:
                length = 0 if after.winner == after.turn else None
            else:
                length = self.forced_win_length(after, n)
            replies.append((m.text, length))
        return sorted(replies, key=lambda r: (-(NEVER if r[1] is None else r[1]), r[0]))

    # -- the search ---------------------------------------------------------------------------

    def _attack(self, position: Position, n: int, passed: bool) -> bool:
        """Whether the side to move wins within ``n`` own moves (``n`` >= 1).

        ``passed``: the move into this position left the board as it was; passing back would
        be the second pass in a row, which the search counts as a draw.
        """
        key = (position.state, passed)
        known = self._recall(key, n)
        if known is not None:
            return known
        decided = position._decided()
        if decided is not None:
            return decided == position.turn
        edges = position._edges()
        if not edges:  # no legal move: lost
            return False
        self._count()
        won = any(e[4] for e in edges)
        if not won:
            cls, successor = type(position), position._successor
            if n == 1:
                won = any(_stalemates(cls(successor(e[1]))) for e in edges)
            else:
                for e in _ordered(edges, self._killers.get(-n)):
                    after = cls(successor(e[1]))
                    pass_ = _passes(position, e, after)
                    if not (passed and pass_) and self._defend(after, n - 1, pass_):
                        won = True
                        self._killers[-n] = e[0]
                        break
        self._remember(key, n, won)
        return won

    def _defend(self, position: Position, n: int, passed: bool) -> bool:
        """Whether every reply of the side to move loses within ``n`` (>= 1) moves of the opponent."""
        key = (position.state, passed, "defence")
        known = self._recall(key, n)
        if known is not None:
            return known
        decided = position._decided()
        if decided is not None:
            return decided == position.other(position.turn)
        edges = position._edges()
        if not edges:  # no legal move: lost
            return True
        self._count()
        lost = True
        cls, successor = type(position), position._successor
        # The last escape found at this depth first, then replies that take something.
        for e in _ordered(edges, self._killers.get(n)):
            after = cls(successor(e[1]))
            pass_ = _passes(position, e, after)
            if (passed and pass_) or not self._attack(after, n, pass_):
                lost = False
                self._killers[n] = e[0]
                break
        self._remember(key, n, lost)
        return lost

    def _count(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget(f"more than {self.max_nodes} positions searched")

    def _recall(self, key: Hashable, n: int) -> bool | None:
        """What the table knows of ``key`` within ``n`` moves: true from the fewest moves it was
        found true in, false up to the most it was found false in, else None."""
        known = self._table.get(key)
        if known is None:
            return None
        if n >= known[0]:
            return True
        if n <= known[1]:
            return False
        return None

    def _remember(self, key: Hashable, n: int, true: bool) -> None:
        known = self._table.get(key)
        if known is None:
            if len(self._table) >= TABLE_LIMIT:
                self._table.clear()
            known = self._table[key] = [NEVER, 0]
        if true:
            known[0] = min(known[0], n)
        else:
            known[1] = max(known[1], n)


#: Most own moves a question may ask about: the search's cost grows exponentially with it, and
#: puzzles ask at most 4.
MAX_MOVES = 20


def _question(position: Position, n: object) -> int:
    """``n`` checked as the number of own moves a question asks about (a RulesError if it is not a
    whole number from 0 to MAX_MOVES), and ``position`` as a Position."""
    if not isinstance(position, Position):
        raise RulesError(f"the solver answers about a position (pygame_rules.start or load), not {shown(position)}")
    return whole_number(n, "the number of moves", 0, MAX_MOVES)


def _ordered(edges: list[tuple], killer: str | None) -> list[tuple]:
    """The killer first, then by the order hint (captures first), ties by move text."""
    edges.sort()
    return sorted(edges, key=lambda e: (e[0] == killer, e[2]), reverse=True)


def _stalemates(position: Position) -> bool:
    """Whether the side to move has no legal move (and so has lost), the game not ended otherwise.

    The same as ``position.winner == position.other(position.turn)`` when no end check of the
    game fires, but stops at the first legal move found instead of listing them all, and runs the
    end checks only when there is none: the search asks this of every move one ply from its
    horizon, where it costs the most.
    """
    return not position._has_move() and position._decided() is None


def _fresh(position: Position) -> Position:
    """A copy of ``position`` without its cached moves: the moves the search lists in it, and
    the positions after them, are freed once the search has left it, not kept by the move that
    led there (the whole searched tree would stay in memory)."""
    return type(position)(position.state)


def _is_pass(position: Position, move: Move) -> bool:
    """A move that leaves the board as it was (only a Lion Game Cobra's null move does)."""
    return not move.removed and move.after.board_cells() == position.board_cells()


def _passes(position: Position, edge: tuple, after: Position) -> bool:
    """:func:`_is_pass` for a move's edge and the position it leads to."""
    return not edge[3] and after.board_cells() == position.board_cells()


# -- one-shot questions (a fresh solver each) ---------------------------------------------------


def wins_within(position: Position, n: int) -> bool:
    """Whether the side to move forces a win within ``n`` of its own moves, every defence tried."""
    return Solver().wins_within(position, n)


def winning_moves(position: Position, n: int) -> list[str]:
    """The moves that force a win within ``n`` own moves, sorted by text."""
    return Solver().winning_moves(position, n)


def forced_win_length(position: Position, max_n: int) -> int | None:
    """The fewest own moves to a forced win, if there is one within ``max_n``; else None."""
    return Solver().forced_win_length(position, max_n)
