"""A JSON bridge for the browser: plain JSON text in, plain JSON text out.

The page never re-implements a rule: it sends the game, the start position and the moves played,
and gets back everything it draws (pieces, legal moves with their paths and removed pieces, the
result, status notes). Requests are stateless, so several boards can share one Python worker.
No Pyodide imports here: the bridge is tested in plain CPython.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from .core import Game, RulesError, games, position_class, variants

Handler = Callable[[dict[str, Any]], Any]
HANDLERS: dict[str, Handler] = {}


def handler(name: str) -> Callable[[Handler], Handler]:
    def add(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn

    return add


class RequestError(ValueError):
    """A request that is not well formed (no such op, a missing field)."""


def handle(request: str) -> str:
    """Answer one JSON request; errors come back as ``{"error": {"type", "message"}}``."""
    try:
        data = json.loads(request)
        if not isinstance(data, dict):
            raise RequestError("a request must be a JSON object")
        op = data.get("op")
        if op not in HANDLERS:
            raise RequestError(f"unknown op {op!r} (ops: {', '.join(HANDLERS)})")
        return json.dumps(HANDLERS[op](data))
    except (RulesError, RequestError, json.JSONDecodeError) as e:
        return json.dumps({"error": {"type": type(e).__name__, "message": str(e)}})
    except Exception as e:  # a bug: still answer, so the page can say so and keep the game
        return json.dumps({"error": {"type": "InternalError", "message": f"{type(e).__name__}: {e}"}})


def _field(data: dict, name: str, kind: type, default: Any = ...) -> Any:
    value = data.get(name, default)
    if value is ...:
        raise RequestError(f"request needs {name!r}")
    if value is not None and not isinstance(value, kind):
        raise RequestError(f"{name!r} must be a {kind.__name__}")
    return value


def game_record(data: dict) -> Game:
    """Replay ``{"game", "variant"?, "start"?, "moves"?}`` into a :class:`Game`."""
    game = Game(_field(data, "game", str), _field(data, "variant", str, None), _field(data, "start", str, None))
    for i, move in enumerate(_field(data, "moves", list, None) or []):
        if not isinstance(move, str):
            raise RequestError(f"move {i + 1} must be a string")
        game.play(move)
    return game


def game_state(game: Game) -> dict[str, Any]:
    """Everything the page draws for the current position of ``game``."""
    p = game.position
    last = game.last_move
    return {
        "game": game.game,
        "variant": game.variant,
        "start": game.start.text,
        "history": game.history,
        "position": p.text,
        "turn": p.turn,
        "result": game.result,
        "resultText": game.describe_result(),
        "board": p.pieces_on_board(),
        "moves": [m.to_json() for m in game.legal()],
        "lastMove": last.to_json() if last else None,
        "status": p.status(),
    }


@handler("games")
def _games(data: dict) -> dict:
    return {
        "games": [
            {"id": g, "title": position_class(g).title, "variants": variants(g)} for g in games()
        ]
    }


@handler("info")
def _info(data: dict) -> dict:
    return position_class(_field(data, "game", str), _field(data, "variant", str, None)).info()


@handler("state")
def _state(data: dict) -> dict:
    return game_state(game_record(data))


@handler("play")
def _play(data: dict) -> dict:
    """The state after one more move; a bad move is an error and the page keeps its game."""
    game = game_record(data)
    game.play(_field(data, "move", str))
    return game_state(game)
