"""What the game review grades, measured the three ways it could: before against after the move,
the engine's own move costing nothing, and each graded move against the position after the
engine's move (the review's way since 2026-11-30).

    python bench/review_bias.py [GAME ...] [--games 4] [--seed 1]

Games of level 2 (first side) against level 3 (second), after 4 random plies, are reviewed as the
page reviews them: every position searched at level 3's node budget through the bridge (so the
figures are the same on any machine), then the bridge's "review" op. A search that favours the side
to move makes "before against after" grade moves that lost nothing; the table shows how many moves
each way grades, and each side's mean accuracy. The level-3 side plays the review's own search, so
its accuracy against the engine's move is 100% or close: the baseline that shows the bias is gone.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pygame_rules import bridge  # noqa: E402
from pygame_rules.core import Game, games, position_class  # noqa: E402
from pygame_rules.match import MATCH_PLY_CAP, level_player, random_opening  # noqa: E402
from pygame_rules.search import level_nodes  # noqa: E402

WAYS = ("before against after", "engine's move costs nothing", "against the engine's move")


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def self_play(game_id: str, rng: random.Random) -> list[str]:
    """One game, level 2 against level 3, from a random opening: its moves."""
    game = Game(game_id)
    for move in random_opening(game_id, None, 4, rng):
        game.play(move)
    players = dict(zip(position_class(game_id).sides, (level_player(2), level_player(3))))
    while game.result is None and len(game.history) < MATCH_PLY_CAP:
        game.play(players[game.position.turn](game, rng))
    return game.history


def reviews(game_id: str, moves: list[str]) -> list[dict]:
    """The review of ``moves`` each of the three ways."""
    game = Game(game_id)
    for move in moves:
        game.play(move)
    evaluations, best = [], []
    for k, position in enumerate(game.positions):
        if k == len(moves) and game.result is not None:
            evaluations.append(None)
            continue
        answer = ask(op="bestmove", game=game_id, moves=moves[:k], nodes=level_nodes(3, position))
        evaluations.append({"value": answer["value"], "win_in": answer["win_in"]})
        best.append(answer["best"])
    named = [{"move": m} if m else None for m in best[: len(moves)]]
    review = lambda best=None: ask(op="review", game=game_id, moves=moves, evaluations=evaluations, best=best)  # noqa: E731
    raw, own = review(), review(named)
    compared = list(named)
    for m in own["moves"]:
        i = m["ply"] - 1
        proven = evaluations[i] and evaluations[i]["win_in"]
        if m["grade"] and best[i] != moves[i] and not proven:
            after = game.positions[i].move(best[i]).after
            if after.winner is None:
                answer = ask(op="bestmove", game=game_id, moves=moves[:i] + [best[i]], nodes=level_nodes(3, after))
                compared[i] = {"move": best[i], "value": answer["value"], "win_in": answer["win_in"]}
    return [raw, own, review(compared)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=games())
    parser.add_argument("--games", dest="count", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("| game | games, moves | way | moves graded | mean accuracy, level 2 / level 3 |")
    print("| --- | --- | --- | --- | --- |")
    for game_id in args.games:
        rng = random.Random(args.seed)
        played = [self_play(game_id, rng) for _ in range(args.count)]
        totals = [[0, [], []] for _ in WAYS]
        for moves in played:
            for total, answer in zip(totals, reviews(game_id, moves)):
                total[0] += sum(1 for m in answer["moves"] if m["grade"])
                for side, into in zip(answer["sides"], total[1:]):
                    if side["accuracy"] is not None:
                        into.append(side["accuracy"])
        plies = sum(len(m) for m in played)
        for way, (graded, first, second) in zip(WAYS, totals):
            mean = lambda xs: f"{sum(xs) / len(xs):.1f}" if xs else "-"  # noqa: E731
            print(f"| {game_id} | {len(played)}, {plies} | {way} | {graded} | {mean(first)} / {mean(second)} |")


if __name__ == "__main__":
    main()
