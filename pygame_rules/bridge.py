"""A JSON bridge for the browser: plain JSON text in, plain JSON text out.

The page never re-implements a rule: it sends the game, the start position and the moves played,
and gets back everything it draws (pieces, legal moves with their paths and removed pieces, the
result, status notes). Each request carries the whole game, so several boards can share one
Python worker; what is kept between requests only makes answers quicker (recent games replayed,
a puzzle's solver) or lets a long search run in slices (``think``, ``think-more``).
No Pyodide imports here: the bridge is tested in plain CPython.

Every request is an object with ``"op"``. *A game* means the fields ``game``, ``variant``
(optional), ``start`` (a position string; optional: the game's start) and ``moves`` (optional: the
moves played, at most :data:`MAX_MOVES`), replayed by :func:`game_record`; *a state* is
:func:`game_state`'s answer. Each handler's docstring has the details.

==================  ==========================================  =============================================
op                  request fields                              answer
==================  ==========================================  =============================================
``games``           (none)                                      ``{"games": [{"id", "title", "variants"}]}``
``info``            ``game``, ``variant``?                      ``Position.info()``: the board, pieces, sides
``state``           a game                                      a state
``play``            a game, ``move``                            the state after the move
``levels``          a game? (for its own node budgets)          ``{"levels": [...], "default"}``
``bestmove``        a game and budgets: ``level``, ``time_ms``,  ``{"best", "score", "value", "expected",
                    ``nodes``, ``depth``, ``seed``, ``lines``,   "win_in", "draw", "depth", "solved", "pv",
                    ``contempt``                                "lines", ...}``
``think``           as ``bestmove``, ``id``, ``slice_ms``?      ``bestmove``'s with ``id`` (``done`` false
                                                                while the search goes on)
``think-more``      ``id``, ``slice_ms``?                       the same, a slice further
``think-cancel``    ``id``                                      ``{"id", "cancelled"}``
``review``          a game, ``evaluations`` (one a position),   ``Review.to_json()``: grades, accuracy
                    ``best`` (the search's moves)
``record-write``    a game, ``tags``?, ``comments``?            ``{"text"}``
``record-read``     ``text``                                    ``{"game", "variant", "start", "moves",
                                                                "tags", "result", "resultText", "over",
                                                                "comments"}``
``link-encode``     a game                                      ``{"code"}``
``link-decode``     ``game``, ``variant``?, ``start``?,         ``{"game", "variant", "start", "moves"}``
                    ``code``
``editor``          ``game``, ``variant``?, ``position``?       ``{"fields", "start", "empty", "setup"?}``
``setup``           ``game``, ``variant``?, ``setup``           ``{"position", "problems", "over"}``
``puzzles``         ``game``?, ``variant``?                     ``{"puzzles": [{"id", "title", "game",
                                                                "variant", "position", "moves", "themes",
                                                                "rating"}]}``
``puzzle-reply``    ``id``, ``moves``                           ``puzzles.judge``'s: ``correct``, ``reply``,
                                                                ``hint``, ...
==================  ==========================================  =============================================

An error is ``{"error": {"type", "message", "line"?}}``: ``RequestError`` (the request is not well
formed), the engine's ``PositionError``, ``IllegalMoveError``, ``RecordError`` or ``RulesError``,
``BusyError`` (too many searches running: ask again), ``InternalError`` (a bug).
"""

from __future__ import annotations

import json
import math
import time
from typing import Any, Callable

from .core import Game, RulesError, games, position_class, quote, shown, variants

Handler = Callable[[dict[str, Any]], Any]
HANDLERS: dict[str, Handler] = {}

#: The package's modules the ops import when first asked (a plain start needs only what its first
#: answers need). A memory snapshot imports them all before it is taken (:func:`import_ops`), so
#: that a restored engine has every one, and none of the modules only the build and the benchmarks
#: use (puzzle generation, prepared answers, matches: over half a second more in Pyodide).
OP_MODULES = ("search", "review", "records", "setups", "puzzles", "solve")


def import_ops() -> None:
    """Import every module in :data:`OP_MODULES`: what Python runs just before a memory snapshot
    is taken, by the build (the snapshot a first visit downloads) and in the browser (one made
    there when none could be downloaded)."""
    import importlib

    for name in OP_MODULES:
        importlib.import_module(f"{__package__}.{name}")

#: Caps on what one request may ask, so that no request can keep the worker busy for long or
#: make it run out of memory: the AI's think time and node budget, a slice of a search, and the
#: moves of a game record. A search given only a node budget also stops after MAX_TIME_MS.
#: MAX_MOVES is records.MAX_PLIES (not imported: a plain start does without records.py): a longer
#: game could not be saved, linked or read back as a record, so no page sends one (the site's
#: LIMITS.moves, and an analysis tree's lines, each sent alone). tests/test_bridge.py checks they agree.
MAX_TIME_MS = 60_000
MAX_NODES = 1_000_000
MAX_SLICE_MS = 1_000
MAX_MOVES = 10_000
#: Best lines one search may report (multi-PV).
MAX_LINES = 3
#: Longest integer a request may write (seeds and ids fit; 4,300 digits would fail in Python).
MAX_DIGITS = 30


def handler(name: str) -> Callable[[Handler], Handler]:
    def add(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn

    return add


class RequestError(ValueError):
    """A request that is not well formed (no such op, a missing field, a number out of range)."""


def _refuse_constant(name: str) -> Any:
    raise RequestError(f"{name} is not a number a request may use (JSON has no {name})")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RequestError(f"the number {quote(text)} is too large")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RequestError(f"the number {quote(text)} has more than {MAX_DIGITS} digits")
    return int(text)


def handle(request: str) -> str:
    """Answer one JSON request; errors come back as ``{"error": {"type", "message"}}``."""
    try:
        try:
            data = json.loads(
                request, parse_constant=_refuse_constant, parse_float=_finite_float, parse_int=_bounded_int
            )
        except RecursionError:
            raise RequestError("the request is nested too deeply") from None
        except json.JSONDecodeError as e:  # Python's reason, in the plain words of the others
            if not request.strip():
                raise RequestError("the request is empty (a request is a JSON object)") from None
            reason = e.msg[:1].lower() + e.msg[1:]
            raise RequestError(f"the request is not JSON: {reason} at character {e.pos + 1:,}") from None
        if not isinstance(data, dict):
            raise RequestError("a request must be a JSON object")
        op = data.get("op")
        if not isinstance(op, str) or op not in HANDLERS:
            problem = "request needs 'op'" if op is None else "'op' must be text" if not isinstance(op, str) \
                else f"unknown op {quote(op)}"
            raise RequestError(f"{problem} (ops: {', '.join(HANDLERS)})")
        return json.dumps(HANDLERS[op](data))
    except (RulesError, RequestError) as e:
        error = {"type": type(e).__name__, "message": str(e)}
        if getattr(e, "line", None) is not None:  # a record's fault names its line
            error["line"] = e.line
        return json.dumps({"error": error})
    except Exception as e:  # a bug: still answer, so the page can say so and keep the game
        message = f"{type(e).__name__}: {e}"
        return json.dumps({"error": {"type": "InternalError", "message": message if len(message) < 300 else quote(message)}})


#: How a field's expected kind is named in messages.
_KINDS = {str: "text", list: "a list", dict: "an object"}


def _field(data: dict, name: str, kind: type, default: Any = ...) -> Any:
    """Field ``name`` of ``kind``; ``default`` when it is absent or null (a field with no default
    is required)."""
    value = data.get(name)
    if value is None:
        if default is ...:
            raise RequestError(f"request needs {name!r} ({_KINDS[kind]})")
        return default
    if not isinstance(value, kind):
        raise RequestError(f"{name!r} must be {_KINDS[kind]}, not {shown(value)}")
    return value


def _number(data: dict, name: str, *, most: float, integer: bool = False, least: float = 0) -> Any:
    """A number field, or None if absent: a JSON number (not true/false), a whole one if
    ``integer``, from ``least`` to ``most``; anything else is a RequestError naming it."""
    value = data.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RequestError(f"{name!r} must be a number")
    if integer and value != int(value):
        raise RequestError(f"{name!r} must be a whole number, got {shown(value)}")
    if not least <= value <= most:
        if least > 0 and value <= 0:
            raise RequestError(f"{name!r} must be more than 0, got {shown(value)}")
        raise RequestError(f"{name!r} must be from {least:,} to {most:,}, got {shown(value)}")
    return int(value) if integer else value


#: Recently replayed game records, newest last, by (game, variant, start) as requested. Requests
#: repeat the same game with one move more (a move played) or fewer (Undo) each time, so a
#: request starts from the cached record nearest to it: it takes back the moves the request does
#: not have and plays the ones it adds, instead of replaying the whole game. A few per worker:
#: several boards may share it.
_records: list[tuple[tuple, Game]] = []
MAX_RECORDS = 4


def game_record(data: dict) -> Game:
    """Replay ``{"game", "variant"?, "start"?, "moves"?}`` into a :class:`Game` (the caller's own)."""
    key = (_field(data, "game", str), _field(data, "variant", str, None) or None, _field(data, "start", str, None))
    moves = _field(data, "moves", list, None) or []
    if len(moves) > MAX_MOVES:
        raise RequestError(f"a game record of {len(moves):,} moves is longer than the {MAX_MOVES:,} allowed")
    for i, move in enumerate(moves):
        if not isinstance(move, str):
            raise RequestError(f"move {i + 1} must be text")
    base, kept, cost = None, 0, len(moves)  # replaying from the start costs one move per move
    for k, cached in _records:
        if k != key:
            continue
        history = cached.history
        common = 0
        for a, b in zip(history, moves):
            if a != b:
                break
            common += 1
        steps = len(history) - common + len(moves) - common
        if steps < cost:
            base, kept, cost = cached, common, steps
    game = base.copy() if base is not None else Game(*key)
    for _ in range(len(game.history) - kept):
        game.undo()
    for move in moves[kept:]:
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
        "resultReason": game.end_reason(),
        "board": p.pieces_on_board(),
        "moves": [m.to_json() for m in game.legal()],
        "lastMove": last.to_json() if last else None,
        "status": p.status(),
    }


@handler("games")
def _games(data: dict) -> dict:
    """The games the engine knows: each one's ``id``, ``title`` and ``variants`` (the standard rules left out)."""
    return {
        "games": [
            # The page lists its variants after the standard rules, which it always offers.
            {"id": g, "title": position_class(g).title, "variants": variants(g)[1:]} for g in games()
        ]
    }


@handler("info")
def _info(data: dict) -> dict:
    """The fixed facts of ``game`` (and ``variant``) a page draws with: :meth:`Position.info
    <pygame_rules.core.Position.info>` (title, sides, pieces, start, the board's squares)."""
    return position_class(_field(data, "game", str), _field(data, "variant", str, None)).info()


@handler("state")
def _state(data: dict) -> dict:
    """The state of a game (:func:`game_state`): the position, the legal moves with their paths, the
    result. The page asks it whenever the game it shows changes."""
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
#: Searches kept between slices. Every board of a page shares one worker, so each board's search
#: is kept until it finishes or is cancelled: a search is never dropped while its board waits for
#: it. Only one that nobody has asked about for ABANDONED_S (a page gone without cancelling) makes
#: room; with MAX_SEARCHES running, one more is refused with a BusyError (the page asks again later).
MAX_SEARCHES = 32
ABANDONED_S = 60.0
_searches: dict[Any, Any] = {}
#: When each kept search last ran a slice (time.monotonic()).
_last_run: dict[Any, float] = {}


class BusyError(RequestError):
    """Too many searches at once: none is dropped, so this one must wait."""


def _new_search(data: dict):
    """A :class:`~pygame_rules.search.Search` for the game record in ``data`` and its budget."""
    from .search import LEVELS, MAX_CONTEMPT, Search

    game = game_record(data)
    if game.result is not None:
        raise RequestError(f"the game is over ({game.describe_result()}): there is no move to think about")
    level = _number(data, "level", integer=True, least=min(LEVELS), most=max(LEVELS))
    time_ms = _number(data, "time_ms", least=1, most=MAX_TIME_MS)
    nodes = _number(data, "nodes", integer=True, least=1, most=MAX_NODES)
    if nodes is not None and time_ms is None and level is None:
        time_ms = MAX_TIME_MS  # a node budget alone might take minutes on a slow machine
    seed = _number(data, "seed", integer=True, least=-(2**63), most=2**63)
    lines = _number(data, "lines", integer=True, least=1, most=MAX_LINES) or 1
    contempt = _number(data, "contempt", most=MAX_CONTEMPT)
    return Search(game.position, level=level, time_ms=time_ms, nodes=nodes, seed=seed, history=game.positions[:-1],
                  lines=lines, contempt=contempt)


def _search_id(data: dict) -> Any:
    sid = data.get("id")
    if not isinstance(sid, (str, int)) or isinstance(sid, bool):
        raise RequestError("request needs 'id' (text or a whole number) naming the search")
    return sid


def _run_slice(sid: Any, data: dict) -> dict:
    search = _searches[sid]
    slice_ms = _number(data, "slice_ms", least=1, most=MAX_SLICE_MS)
    result = search.run(slice_ms=slice_ms or SLICE_MS)
    if result.done:
        _drop_search(sid)
    else:
        _last_run[sid] = time.monotonic()
    return {"id": sid, **_with_expected(result.to_json())}


def _with_expected(answer: dict) -> dict:
    """A search's answer with each value's ``expected`` result (0 to 1), as the review grades by:
    the page's evaluation bar draws this, so the bar and the review share one mapping."""
    from .review import expected_result

    return {
        **answer,
        "expected": expected_result(answer["value"]),
        "lines": [{**line, "expected": expected_result(line["value"])} for line in answer["lines"]],
    }


def _drop_search(sid: Any) -> Any:
    """Forget search ``sid``; returns it (cancelled), or None if there was none."""
    _last_run.pop(sid, None)
    search = _searches.pop(sid, None)
    if search is not None:
        search.cancel()
    return search


@handler("levels")
def _levels(data: dict) -> dict:
    """The AI's playing levels and their think times, for the page's level chooser. ``nodes`` is a
    level's node budget (None for a level that searches by time): in ``game``'s own nodes when the
    request names a game, as the search spends them there, and otherwise in Lilypad's nodes, the
    unit of ``search.LEVELS`` that each game scales by its ``node_cost`` and ladder."""
    from .search import DEFAULT_LEVEL, LEVELS, level_nodes

    position = game_record(data).position if "game" in data else None
    return {
        "levels": [
            {
                "level": n,
                "time_ms": lv.time_ms,
                "max_depth": lv.max_depth,
                "nodes": level_nodes(n, position) if position else lv.nodes,
            }
            for n, lv in LEVELS.items()
        ],
        "default": DEFAULT_LEVEL,
    }


@handler("bestmove")
def _bestmove(data: dict) -> dict:
    """The AI's move, searched in one go: ``{"done", "best", "score", "value", "win_in", "draw",
    "depth", "solved", "nodes", "elapsed_ms", "pv", "lines"}``. ``value`` is the side to move's
    expected result from -1 to 1 (exactly 1 or -1 only for a proven win or loss, when ``win_in``
    gives its plies, negative for a loss), ``expected`` the same from 0 to 1 (what the evaluation
    bar fills and the review grades by, :func:`pygame_rules.review.expected_result`). ``solved``:
    every line ended within the search, so a line with ``draw`` true is a draw with best play
    (value 0). ``lines`` (as many as asked with ``"lines": 1..3``, best first) are ``{"move",
    "score", "value", "expected", "win_in", "draw", "pv"}``, the first being ``best``."""
    return _with_expected(_new_search(data).run().to_json())


@handler("think")
def _think(data: dict) -> dict:
    """Start a search named ``id`` and run its first slice (``slice_ms``, default 50); the answer
    is ``bestmove``'s with the ``id``."""
    sid = _search_id(data)
    search = _new_search(data)
    _drop_search(sid)
    now = time.monotonic()
    for old in [old for old, at in _last_run.items() if now - at > ABANDONED_S]:
        _drop_search(old)
    if len(_searches) >= MAX_SEARCHES:
        raise BusyError(f"the computer is already thinking about {MAX_SEARCHES} positions at once; "
                        "ask again when one of them has finished")
    _searches[sid] = search
    _last_run[sid] = now
    return _run_slice(sid, data)


@handler("think-more")
def _think_more(data: dict) -> dict:
    """Run the next slice of search ``id``; when ``done`` is true, ``best`` is the move to play."""
    sid = _search_id(data)
    if sid not in _searches:
        raise RequestError(f"no search {quote(str(sid))} is running (it finished, was cancelled, or never started)")
    return _run_slice(sid, data)


@handler("think-cancel")
def _think_cancel(data: dict) -> dict:
    """Drop search ``id``; ``cancelled`` says whether it was still running."""
    sid = _search_id(data)
    return {"id": sid, "cancelled": _drop_search(sid) is not None}


# -- game review -------------------------------------------------------------------------------
# The page evaluates every position of a game with sliced searches ("think"), then asks "review"
# to grade the moves from those evaluations (pygame_rules.review): the grading is proven here.

#: Plies of a proven result the review accepts (more than any search reaches).
MAX_WIN_IN = 1_000


def _evaluation(value: Any, where: str) -> Any:
    """One position's evaluation from a request: None, or ``{"value", "win_in"}`` checked."""
    from .review import Evaluation

    if value is None:
        return None
    if not isinstance(value, dict):
        raise RequestError(f"{where} must be an object with 'value' and 'win_in', or null")
    try:
        number = _number(value, "value", least=-1, most=1)
        win_in = _number(value, "win_in", integer=True, least=-MAX_WIN_IN, most=MAX_WIN_IN)
    except RequestError as e:
        raise RequestError(f"{where}: {e}") from None
    if number is None:
        raise RequestError(f"{where} needs 'value' (a number from -1 to 1)")
    if win_in == 0 or (win_in is not None and number != (1 if win_in > 0 else -1)):
        raise RequestError(f"{where}: 'win_in' must be a number of plies whose sign agrees with a 'value' of 1 or -1")
    if win_in is None and abs(number) == 1:
        raise RequestError(f"{where}: a 'value' of 1 or -1 is a proven result and needs 'win_in'")
    return Evaluation(float(number), win_in)


def _preferred(value: Any, where: str, position: Any) -> Any:
    """The search's move at a position of the game, from a request: None, or ``{"move"}`` with the
    evaluation of the position it makes (``"value"``, ``"win_in"``; none when not evaluated)."""
    if value is None:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("move"), str):
        raise RequestError(f"{where} must be an object with 'move' (the search's move there), or null")
    move = value["move"]
    if move not in {m.text for m in position.legal()}:
        raise RequestError(f"{where}: {quote(move)} is not a legal move in that position")
    evaluated = value.get("value") is not None or value.get("win_in") is not None
    return move, _evaluation({"value": value.get("value"), "win_in": value.get("win_in")}, where) if evaluated else None


@handler("review")
def _review(data: dict) -> dict:
    """Grade every move of a game: ``evaluations`` holds one evaluation per position (the start
    first, each for its side to move: ``{"value", "win_in"}`` as "think" answers them, or null
    where not evaluated); ``best`` (optional) one entry per move, the move the search preferred
    where it was played, ``{"move"}`` with the evaluation of the position that move makes
    (``"value"``, ``"win_in"``) where it was searched, or null. The answer
    (:meth:`pygame_rules.review.Review.to_json`): ``moves``, each ``{"ply", "side", "move",
    "before", "after", "loss", "accuracy", "grade", "sign", "words", "better"}``; ``sides``, each
    ``{"side", "name", "accuracy", "inaccuracies", "mistakes", "blunders"}``; ``expected``, each
    position's expected result for the first side (null if not evaluated)."""
    from .review import review_game

    game = game_record(data)
    evaluations = _field(data, "evaluations", list)
    if len(evaluations) != len(game.history) + 1:
        raise RequestError(
            f"'evaluations' must hold one evaluation per position: {len(game.history) + 1} for "
            f"{len(game.history)} moves, not {len(evaluations)}"
        )
    best = data.get("best")
    if best is not None:
        if not isinstance(best, list) or len(best) != len(game.history):
            raise RequestError(f"'best' must be a list with one entry per move ({len(game.history)}), or left out")
        best = [_preferred(b, f"best move {i + 1}", game.positions[i]) for i, b in enumerate(best)]
    return review_game(game, [_evaluation(e, f"evaluation {i + 1}") for i, e in enumerate(evaluations)],
                       best=best).to_json()


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
        raise RequestError(f"the values of {name!r} must be text")
    return value


@handler("record-write")
def _record_write(data: dict) -> dict:
    """The record text of a game: ``tags`` (Date, the players by side name, Result, any other) and
    ``comments`` (``{"12": "text"}``: after the first 12 moves) are optional."""
    from .records import write_record

    comments = {}
    for key, text in _string_map(data, "comments").items():
        if not (key.isascii() and key.isdigit() and len(key) <= 6):
            raise RequestError(f"a comment's key must be a number of moves, not {quote(key)}")
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


# -- the board editor --------------------------------------------------------------------------
# The page arranges a set-up (pygame_rules.setups) and asks, as it changes, what is wrong with it.


@handler("editor")
def _editor(data: dict) -> dict:
    """What the editor of ``game`` (and ``variant``) draws: the extra state's form ``fields``, the
    ``start`` and ``empty`` set-ups, and with ``position`` (a position string) its ``setup``."""
    from .setups import editor, setup_of

    game, variant = _field(data, "game", str), _field(data, "variant", str, None)
    answer = editor(game, variant)
    text = _field(data, "position", str, None)
    if text is not None:
        answer["setup"] = setup_of(position_class(game, variant).from_text(text))
    return answer


@handler("setup")
def _setup(data: dict) -> dict:
    """Check a set-up: ``{"position", "problems": [{"text", "squares"}], "over"}`` (setups.check)."""
    from .setups import check

    return check(_field(data, "game", str), _field(data, "variant", str, None), data.get("setup"))


# -- puzzles -----------------------------------------------------------------------------------
# The page shows a puzzle, the person plays the solver's moves, and "puzzle-reply" says whether
# each one still wins in time (proved by exhaustive search) and answers with the longest defence.

#: Solvers of recent puzzles (their tables make the next reply quick), by puzzle id, at most
#: :data:`MAX_SOLVERS` of them.
_solvers: dict[str, Any] = {}
MAX_SOLVERS = 4


@handler("puzzles")
def _puzzles(data: dict) -> dict:
    """The puzzles of ``game`` (and ``variant``), or of every game: id, title, start, moves,
    themes and difficulty rating."""
    from .puzzles import puzzles

    found = puzzles(_field(data, "game", str, None), _field(data, "variant", str, None))
    return {
        "puzzles": [
            {
                "id": p.id, "title": p.title, "game": p.game, "variant": p.variant, "position": p.position,
                "moves": p.moves, "themes": list(p.themes), "rating": p.rating,
            }
            for p in found
        ]
    }


@handler("puzzle-reply")
def _puzzle_reply(data: dict) -> dict:
    """Judge the last of ``moves`` (the solver's moves and the replies so far, ending with a solver
    move) of puzzle ``id``: :func:`pygame_rules.puzzles.judge`'s answer."""
    from .puzzles import judge, puzzle
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
    while len(_solvers) > MAX_SOLVERS:
        _solvers.pop(next(iter(_solvers)))
    return judge(p, moves, solver)
