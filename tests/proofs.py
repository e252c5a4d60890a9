"""Results proved by trying every line, for tests of what the engine claims about a position.

``settled`` shares nothing with the search but the rules (``legal()``, ``winner``): alpha-beta
over results alone (1 won, 0 drawn, -1 lost for the side to move), so that a "draw" or a "loses in
1" the site shows is checked, not taken from the engine's word.
"""

from __future__ import annotations

#: Lilypad, Black to move: best play draws (both Kings fall within 5 plies) by ``DRAWING_MOVE``;
#: Black's two other captures lose.
SURE_DRAW = "2b3b1/3G4/8/3B4/2g1g3/8/8/8 b -"
DRAWING_MOVE = "c8:e6"


class Unsettled(Exception):
    """A line the check needs goes on past its plies, or the check ran out of positions."""


def settled(position, plies: int, budget: int | list[int] = 10_000, alpha: int = -1, beta: int = 1) -> int:
    """The result of best play for the side to move (1 won, 0 drawn, -1 lost), by trying every
    line to the end of the game, at most ``plies`` deep and ``budget`` positions in all (a one-item
    list is counted down in place); outside ``[alpha, beta]`` the answer is a bound."""
    budget = [budget] if isinstance(budget, int) else budget
    if position.winner is not None:
        return 0 if position.winner == "draw" else 1 if position.winner == position.turn else -1
    budget[0] -= 1
    if plies == 0 or budget[0] < 0:
        raise Unsettled
    best, unsettled = -1, False
    for move in position.legal():
        try:  # a fresh position: the one the move holds would keep the whole tree in memory
            score = -settled(type(position)(move.after.state), plies - 1, budget, -beta, -max(alpha, best))
        except Unsettled:
            if budget[0] < 0:
                raise
            unsettled = True
            continue
        best = max(best, score)
        if best >= beta:
            return best
    if unsettled:
        raise Unsettled
    return best
