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
        error = {"type": type(e).__name__, "message": str(e)}
        if getattr(e, "line", None) is not None:  # a record's fault names its line
            error["line"] = e.line
        return json.dumps({"error": error})
    except Exception as e:  # a bug: still answer, so the page can say so and keep the game
        return json.dumps({"error": {"type": "InternalError", "message": f"{type(e).__name__}: {e}"}})


def _field(data: dict, name: str, kind: type, default: Any = ...) -> Any:
    value = data.get(name, default)
    if value is ...:
        raise RequestError(f"request needs {name!r}")
    if value is not None and not isinstance(value, kind):
        raise RequestError(f"{name!r} must be a {kind.__name__}")
    return value


#: Recently replayed game records, newest last, by (game, variant, start) as requested. Requests
#: repeat the same game with one more move each time, so replaying from a cached record whose moves
#: are a prefix costs one move, not the whole game. A few per worker: several boards may share it.
_records: list[tuple[tuple, Game]] = []
MAX_RECORDS = 4


def game_record(data: dict) -> Game:
    """Replay ``{"game", "variant"?, "start"?, "moves"?}`` into a :class:`Game` (the caller's own)."""
    key = (_field(data, "game", str), _field(data, "variant", str, None) or None, _field(data, "start", str, None))
    moves = _field(data, "moves", list, None) or []
    for i, move in enumerate(moves):
        if not isinstance(move, str):
            raise RequestError(f"move {i + 1} must be a string")
    game = next(
        (g.copy() for k, g in reversed(_records) if k == key and moves[: len(g.history)] == g.history),
        None,
    ) or Game(*key)
    for move in moves[len(game.history):]:
        game.play(move)
    _records[:] = [(k, g) for k, g in _records if k != key][-(MAX_RECORDS - 1):] + [(key, game.copy())]
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


# -- the AI ------------------------------------------------------------------------------------
# Python in a worker cannot read a message while it computes, so a search runs in slices: "think"
# starts one and runs its first slice, "think-more" runs the next, "think-cancel" drops it. The
# worker yields to its message queue between slices, so a cancel (new game, undo) gets through.

#: Slice length when a request does not give ``slice_ms``.
SLICE_MS = 50
#: Searches kept between slices; starting one more drops the oldest (a page that never cancelled).
MAX_SEARCHES = 4
_searches: dict[Any, Any] = {}


def _number(data: dict, name: str) -> float | None:
    value = data.get(name)
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise RequestError(f"{name!r} must be a number")
    return value


def _new_search(data: dict):
    """A :class:`~pygame_rules.search.Search` for the game record in ``data`` and its budget."""
    from .search import LEVELS, Search

    game = game_record(data)
    if game.result is not None:
        raise RequestError(f"the game is over ({game.describe_result()}): there is no move to think about")
    level = _field(data, "level", int, None)
    if level is not None and level not in LEVELS:
        raise RequestError(f"'level' must be one of {', '.join(map(str, LEVELS))}, got {level!r}")
    budget = {name: _number(data, name) for name in ("time_ms", "nodes")}
    for name, value in budget.items():
        if value is not None and value <= 0:
            raise RequestError(f"{name!r} must be positive, got {value!r}")
    nodes = budget["nodes"]
    return Search(
        game.position, level=level, time_ms=budget["time_ms"], nodes=int(nodes) if nodes else None,
        seed=_field(data, "seed", int, None), history=game.positions[:-1],
    )


def _search_id(data: dict) -> Any:
    sid = data.get("id")
    if not isinstance(sid, (str, int)) or isinstance(sid, bool):
        raise RequestError("request needs 'id' (a string or a number) naming the search")
    return sid


def _run_slice(sid: Any, data: dict) -> dict:
    search = _searches[sid]
    slice_ms = _number(data, "slice_ms")
    result = search.run(slice_ms=slice_ms if slice_ms and slice_ms > 0 else SLICE_MS)
    if result.done:
        del _searches[sid]
    return {"id": sid, **result.to_json()}


@handler("levels")
def _levels(data: dict) -> dict:
    """The AI's playing levels and their think times, for the page's level chooser."""
    from .search import DEFAULT_LEVEL, LEVELS

    return {
        "levels": [
            {"level": n, "time_ms": lv.time_ms, "max_depth": lv.max_depth, "nodes": lv.nodes} for n, lv in LEVELS.items()
        ],
        "default": DEFAULT_LEVEL,
    }


@handler("bestmove")
def _bestmove(data: dict) -> dict:
    """The AI's move, searched in one go: ``{"done", "best", "score", "depth", "nodes", "elapsed_ms", "pv"}``."""
    return _new_search(data).run().to_json()


@handler("think")
def _think(data: dict) -> dict:
    """Start a search named ``id`` and run its first slice (``slice_ms``, default 50)."""
    sid = _search_id(data)
    search = _new_search(data)
    _searches.pop(sid, None)
    while len(_searches) >= MAX_SEARCHES:
        _searches.pop(next(iter(_searches))).cancel()
    _searches[sid] = search
    return _run_slice(sid, data)


@handler("think-more")
def _think_more(data: dict) -> dict:
    """Run the next slice of search ``id``; when ``done`` is true, ``best`` is the move to play."""
    sid = _search_id(data)
    if sid not in _searches:
        raise RequestError(f"no search {sid!r} is running (it finished, was cancelled, or never started)")
    return _run_slice(sid, data)


@handler("think-cancel")
def _think_cancel(data: dict) -> dict:
    """Drop search ``id``; ``cancelled`` says whether it was still running."""
    sid = _search_id(data)
    search = _searches.pop(sid, None)
    if search is not None:
        search.cancel()
    return {"id": sid, "cancelled": search is not None}


# -- game records and links --------------------------------------------------------------------
# A record is the text form of a whole game (pygame_rules.records); a link carries the moves as a
# short code. Both read back into the {game, variant, start, moves} the page keeps of a game.


def _record_json(game: Game) -> dict[str, Any]:
    """The page's record of ``game``: start is None when the game began at the game's start."""
    standard = game.start.text == type(game.start).start().text
    return {"game": game.game, "variant": game.variant, "start": None if standard else game.start.text, "moves": game.history}


def _string_map(data: dict, name: str) -> dict[str, str]:
    value = _field(data, name, dict, None) or {}
    if not all(isinstance(v, str) for v in value.values()):
        raise RequestError(f"the values of {name!r} must be strings")
    return value


@handler("record-write")
def _record_write(data: dict) -> dict:
    """The record text of a game: ``tags`` (Date, the players by side name, Result, any other) and
    ``comments`` (``{"12": "text"}``: after the first 12 moves) are optional."""
    from .records import write_record

    comments = {}
    for key, text in _string_map(data, "comments").items():
        if not (key.isascii() and key.isdigit() and len(key) <= 6):
            raise RequestError(f"a comment's key must be a number of moves, not {key[:20]!r}")
        comments[int(key)] = text
    return {"text": write_record(game_record(data), _string_map(data, "tags"), comments)}


@handler("record-read")
def _record_read(data: dict) -> dict:
    """Replay a record text: the page's record, the tags, the result and the comments (keyed by the
    number of moves before them); a bad record is an error with the ``line`` at fault."""
    from .records import describe_result, parse_record

    record = parse_record(_field(data, "text", str))
    return {
        **_record_json(record.game),
        "tags": record.tags,
        "result": record.result,
        "resultText": describe_result(record.result, type(record.game.start)),
        "over": record.game.result is not None,
        "comments": {str(ply): text for ply, text in record.comments.items()},
    }


@handler("link-encode")
def _link_encode(data: dict) -> dict:
    """The short code of a game's moves for a link."""
    from .records import encode_moves

    return {"code": encode_moves(game_record(data))}


@handler("link-decode")
def _link_decode(data: dict) -> dict:
    """The page's record of a link's code, every move replayed; a tampered code is an error."""
    from .records import decode_moves

    game = decode_moves(
        _field(data, "game", str), _field(data, "variant", str, None), _field(data, "start", str, None),
        _field(data, "code", str),
    )
    return _record_json(game)


# -- puzzles -----------------------------------------------------------------------------------
# The page shows a puzzle, the person plays the solver's moves, and "puzzle-reply" says whether
# each one still wins in time (proved by exhaustive search) and answers with the longest defence.

#: Solvers of recent puzzles (their tables make the next reply quick), by puzzle id.
_solvers: dict[str, Any] = {}


@handler("puzzles")
def _puzzles(data: dict) -> dict:
    """The puzzles of ``game`` (and ``variant``), or of every game: id, title, start, moves."""
    from .puzzles import puzzles

    found = puzzles(_field(data, "game", str, None), _field(data, "variant", str, None))
    return {
        "puzzles": [
            {"id": p.id, "title": p.title, "game": p.game, "variant": p.variant, "position": p.position, "moves": p.moves}
            for p in found
        ]
    }


@handler("puzzle-reply")
def _puzzle_reply(data: dict) -> dict:
    """Judge the last of ``moves`` (the solver's moves and the replies so far, from the puzzle's
    start, ending with a solver move). Correct: ``{"correct": true, "solved": true}`` once it has
    won, else the defence to play (``reply``, the longest) and the moves ``left``. Wrong:
    ``{"correct": false, "escape", "message"}``, ``escape`` a reply after which the solver no
    longer wins in time (None when the move ends the game or was the last one allowed)."""
    from .puzzles import puzzle
    from .solve import Solver

    p = puzzle(_field(data, "id", str))
    moves = _field(data, "moves", list)
    if not all(isinstance(m, str) for m in moves):
        raise RequestError("'moves' must be a list of move texts")
    if len(moves) % 2 == 0 or len(moves) > 2 * p.moves - 1:
        raise RequestError(
            f"'moves' must hold the solver's moves and the replies, ending with a solver move: "
            f"an odd number of moves, at most {2 * p.moves - 1}"
        )
    solver = _solvers.pop(p.id, None) or Solver()
    _solvers[p.id] = solver
    while len(_solvers) > MAX_RECORDS:
        _solvers.pop(next(iter(_solvers)))
    position = p.load()
    side = position.turn
    for i, text in enumerate(moves):
        left = p.moves - i // 2
        move = position.move(text)
        if i % 2 == 0 and not solver.move_wins_within(position, move, left):
            if i < len(moves) - 1:
                raise RequestError(f"move {i + 1} ({text}) does not win in time: the puzzle went wrong before the last move")
            return _wrong(solver, move, left)
        position = move.after
    if position.winner == side:
        return {"correct": True, "solved": True}
    left = p.moves - (len(moves) + 1) // 2
    reply, _ = solver.defences(position, left)[0]
    return {"correct": True, "solved": False, "reply": reply, "left": left}


def _wrong(solver: Any, move: Any, left: int) -> dict:
    """The answer to a solver move that does not force a win within ``left`` moves."""
    after = move.after
    if after.winner is not None:
        return {"correct": False, "escape": None, "message": f"{move.text} ends the game: {after.describe_result()}."}
    if left == 1:
        return {"correct": False, "escape": None, "message": f"{move.text} does not win at once."}
    escape, _ = solver.defences(after, left - 1)[0]
    name = after.side_names[after.turn]
    return {
        "correct": False,
        "escape": escape,
        "message": f"{move.text} does not force a win in {left} moves: {name} escapes with {escape}.",
    }
