"""3 Crowns (Larry Back, 2001): docs/rules.md, section 3 CROWNS.

Stones step to any adjacent empty square; three uncrowned stones of one colour in a line (a troika)
crown the stone that moved into it. Jumps are always double: a crowned stone jumps uncrowned enemies,
an uncrowned stone crowned ones, and the second stone jumped is captured or uncrowned. A side wins
with three crowned stones in a line, or when the opponent is down to seven stones.

Where docs/rules.md is silent (only set-up positions can reach these cases): the win checks look only at
the side that just moved, as rule 6 says "after your move"; and if Black captures the stone that the
equalizer binds, the bound is cleared and Green moves freely.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterator, NamedTuple

from .core import (
    DIRECTIONS,
    EMPTY,
    Geometry,
    Move,
    Position,
    PositionError,
    cached_evaluation,
    bit_mask,
    format_board,
    marking,
    parse_board,
    quote,
    read_number,
    register,
    split_fields,
)
from .setups import Editor

GREEN, BLACK = "g", "b"
UNCROWNED = {GREEN: "g", BLACK: "b"}
CROWNED = {GREEN: "G", BLACK: "B"}
SIDE_OF = {"g": GREEN, "G": GREEN, "b": BLACK, "B": BLACK}
UNCROWNED_LETTERS = frozenset(UNCROWNED.values())
OTHER = {GREEN: BLACK, BLACK: GREEN}
#: The side left with this many stones (after the opponent's move) has lost: the third capture.
LOSING_STONE_COUNT = 7
#: Stones of each side at the start: a side never has more.
START_STONES = 10
#: Plies with no capture, crowning or uncrowning that end the game in a draw.
DRAW_CLOCK = 100
#: The evaluation's terms (``ThreeCrowns.evaluation_terms``), and their weights, fitted by logistic
#: regression of self-play results on the terms (``bench/texel.py three-crowns``, bench/README.md).
EVALUATION_TERMS = ("stones", "crowns", "open crowned pairs", "open pairs", "at 8 stones", "lines through stones",
                    "lines through crowns", "side to move", "Green to move")
EVALUATION_WEIGHTS = (1.0, 0.5, 0.6, 0.1, -1.5, 0.1068, 0.1531, 0.0, 0.0)
#: The bound field before Green's first move, and when no equalizer applies.
BOUND_NEXT, NO_BOUND = "*", "-"

GEOMETRY = Geometry.grid(8, 8, kind=lambda f, r: "dark" if (f + r) % 2 == 0 else "light")
NAMES = GEOMETRY.names
SQUARE = GEOMETRY.index
_new = tuple.__new__  # builds a State without its constructor's Python-level call
MINE = {side: frozenset((UNCROWNED[side], CROWNED[side])) for side in (GREEN, BLACK)}
STEP_TEXT = {(i, j): f"{NAMES[i]}-{NAMES[j]}" for i in range(64) for j in range(64)}

# -- tables ----------------------------------------------------------------------------------------

#: ``NEIGHBOURS[i]``: the squares one step from ``i``.
NEIGHBOURS = tuple(tuple(j for j in GEOMETRY.steps[i] if j >= 0) for i in range(len(GEOMETRY)))
#: ``OPPOSITE[d]``: the index into DIRECTIONS of the direction straight back from ``d``.
OPPOSITE = tuple(DIRECTIONS.index((-df, -dr)) for df, dr in DIRECTIONS)
#: ``LEGS[i]``: one jump leg from ``i`` per direction, as (direction, jumped square, landing square).
LEGS = tuple(
    tuple(
        (d, over, GEOMETRY.steps[over][d])
        for d, over in enumerate(GEOMETRY.steps[i])
        if over >= 0 and GEOMETRY.steps[over][d] >= 0
    )
    for i in range(len(GEOMETRY))
)
#: The square between two squares a jump leg apart.
MIDDLE = {(i, land): over for i in range(64) for _, over, land in LEGS[i]}
#: ``NEIGHBOUR_MASK[i]``: the squares one step from ``i`` as a bit mask (bit ``j`` for square ``j``).
NEIGHBOUR_MASK = tuple(sum(1 << j for j in NEIGHBOURS[i]) for i in range(64))
CLEARED = tuple(((1 << 64) - 1) ^ (1 << i) for i in range(64))
#: ``core.marking`` tables: each side's stones (``STONES_OF``), and one letter's stones (``_LETTER_BITS``).
STONES_OF = {side: marking(MINE[side], SIDE_OF) for side in (GREEN, BLACK)}
_LETTER_BITS = {letter: marking(letter, SIDE_OF) for letter in (*SIDE_OF, EMPTY)}


def _bits(board: str, letter: str) -> int:
    """The squares holding ``letter`` (or empty: ``EMPTY``) as a bit mask."""
    return bit_mask(board, _LETTER_BITS[letter])


def _step_context(board: str, side: str, won: bool) -> tuple[int, int, dict[str, int]]:
    """What :meth:`ThreeCrowns._steps` needs of the position beyond the stone: the side's uncrowned
    stones and the empty squares (masks), and per letter of the side the squares where a step of a
    stone of that letter may crown it or win: where it would stand in a row of three like stones
    (the moving stone counted among them: more squares than there are, never fewer); with ``won``
    (a set-up already won), everywhere."""
    uncrowned_letter, crown = UNCROWNED[side], CROWNED[side]
    uncrowned, empty = _bits(board, uncrowned_letter), _bits(board, EMPTY)
    if won:
        hot = {uncrowned_letter: ALL_SQUARES, crown: ALL_SQUARES}
    else:
        # An uncrowned stone's step matters where it crowns (then it may also win); a crowned
        # stone's only where it may make a line of crowns, which needs two crowns already.
        lines = _completing(_bits(board, crown)) if board.count(crown) >= 2 else 0
        hot = {uncrowned_letter: _completing(uncrowned), crown: lines}
    return uncrowned, empty, hot


def _completing(stones: int) -> int:
    """The squares where a stone would stand in a row of three with two of ``stones`` (a mask)."""
    found = 0
    for offset, ahead, two_ahead, behind in _LINE_SHIFTS:
        pairs = stones & (stones >> offset) & ahead  # a stone with another one step ahead
        found |= (pairs & two_ahead) << 2 * offset | (pairs & behind) >> offset \
            | (stones << offset) & (stones >> offset) & ahead & behind
    return found & ALL_SQUARES


def _plain_steps(stone: str, i: int, free: int) -> tuple[tuple, ...]:
    """The edges of the steps of ``stone`` on ``i`` to the squares of ``free`` (a mask), none of
    which crowns or wins; remembered in ``_PLAIN_STEPS``."""
    plain = STEP_EDGES[stone][i]
    found = _PLAIN_STEPS[stone][i][free] = tuple([plain[j] for j in NEIGHBOURS[i] if free >> j & 1])
    return found


def _prey(board: str, side: str) -> dict[str, int]:
    """Per letter of ``side``, the enemy stones it may jump (a mask): a crowned stone jumps
    uncrowned enemies, an uncrowned one crowned ones."""
    crowned, uncrowned = CROWNED[OTHER[side]], UNCROWNED[OTHER[side]]
    return {UNCROWNED[side]: _bits(board, crowned) if crowned in board else 0,
            CROWNED[side]: _bits(board, uncrowned) if uncrowned in board else 0}


def _open_pairs(like: int, opens: list[int]) -> int:
    """Pairs of ``like`` stones next to each other in a line with an empty square at either end
    (a troika, or a line of crowns, in the making); ``opens`` from :func:`_open_ends`."""
    count = 0
    for (offset, ahead, _, _), open_end in zip(_LINE_SHIFTS, opens):
        count += (like & (like >> offset) & ahead & open_end).bit_count()
    return count


def _open_ends(empty: int) -> list[int]:
    """Per line direction of ``_LINE_SHIFTS``, the squares two steps before an empty square that
    way or one step after one: where the first stone of an open pair stands."""
    return [((empty >> 2 * offset) & two_ahead) | ((empty << offset) & behind)
            for offset, _, two_ahead, behind in _LINE_SHIFTS]


#: ``STEP_EDGES[stone][i][j]``: the edge of a step from ``i`` to ``j`` that neither crowns nor can
#: win (most steps): it depends on nothing else, so every position shares these tuples.
STEP_EDGES = {
    stone: tuple(
        {j: (STEP_TEXT[i, j], (((i, EMPTY), (j, stone)), j, False), 0.0, False, False) for j in NEIGHBOURS[i]}
        for i in range(64)
    )
    for stone in SIDE_OF
}
ALL_SQUARES = (1 << 64) - 1
#: ``_PLAIN_STEPS[stone][i]``: the steps of ``stone`` on ``i`` that neither crown nor win, by the
#: mask of the empty squares around it (filled in as met).
_PLAIN_STEPS = {stone: tuple({} for _ in range(64)) for stone in SIDE_OF}
#: One direction of each of the four lines through a square (row, column and both diagonals).
LINE_DIRECTIONS = tuple(DIRECTIONS.index(d) for d in ((1, 0), (0, 1), (1, 1), (1, -1)))

#: ``TRIPLES[i]``: the pairs of squares that make three in a row with ``i`` (``i`` at either end
#: or in the middle), so a troika through ``i`` is a pair both of whose squares hold a like stone.
TRIPLES = tuple(
    tuple(
        pair
        for d in LINE_DIRECTIONS
        for line in [GEOMETRY.ray(i, DIRECTIONS[OPPOSITE[d]])[:2][::-1] + [i] + GEOMETRY.ray(i, DIRECTIONS[d])[:2]]
        for k in range(len(line) - 2)
        if i in line[k:k + 3]
        for pair in [tuple(q for q in line[k:k + 3] if q != i)]
    )
    for i in range(len(GEOMETRY))
)


def _next_two(i: int, d: int) -> tuple[int, ...]:
    """The next (up to) two squares from ``i`` in direction ``d``, nearest first."""
    return tuple(GEOMETRY.ray(i, DIRECTIONS[d])[:2])


#: ``LINES[i]``: per line through ``i``, the next two squares ahead of ``i``.
LINES = tuple(tuple(_next_two(i, d) for d in LINE_DIRECTIONS) for i in range(len(GEOMETRY)))


def _line_shift(d: int) -> tuple[int, int, int, int]:
    """Line direction ``d`` taken the way square numbers grow (square ``i + offset`` is the next):
    ``offset`` and, as bit masks, the squares with a square one step ahead, two steps ahead, and
    one step behind."""
    i = next(i for i in range(len(GEOMETRY)) if GEOMETRY.steps[i][d] >= 0)
    offset = GEOMETRY.steps[i][d] - i
    if offset < 0:
        d, offset = OPPOSITE[d], -offset
    reach = [len(GEOMETRY.ray(j, DIRECTIONS[d])) for j in range(len(GEOMETRY))]
    has = ([n >= 1 for n in reach], [n >= 2 for n in reach],
           [GEOMETRY.steps[j][OPPOSITE[d]] >= 0 for j in range(len(GEOMETRY))])
    return (offset, *(sum(1 << j for j, yes in enumerate(squares) if yes) for squares in has))


#: ``_LINE_SHIFTS``: ``_line_shift`` of each line direction (the evaluation's open pairs).
_LINE_SHIFTS = tuple(_line_shift(d) for d in LINE_DIRECTIONS)
#: How many lines of three run through each square: 3 in a corner, 12 in the middle four by four.
#: A stone counts the troikas, and lines of crowns, it could be part of.
LINES_THROUGH = tuple(map(len, TRIPLES))
#: (a number of lines, the squares with that many) for counting them on bit masks.
_SQUARES_BY_LINES = tuple((n, sum(1 << i for i in range(64) if LINES_THROUGH[i] == n)) for n in sorted(set(LINES_THROUGH)))


def _lines_through(stones: int) -> int:
    """The lines of three through the squares of ``stones`` (a mask), each stone's counted."""
    return sum(n * (stones & squares).bit_count() for n, squares in _SQUARES_BY_LINES)


class State(NamedTuple):
    #: A letter a square in square order, "." for empty (a string: compact, hashed once, counted fast).
    board: str
    turn: str
    #: "*" before Green's first move; the square of the stone Green must step at ply 3; else "-".
    bound: str
    #: Plies since the last capture, crowning or uncrowning.
    clock: int


# -- the board editor's checks (setups.py) ----------------------------------------------------


class ThreeCrownsEditor(Editor):
    fields = [
        {"key": "bound", "kind": "square", "label": "Bound stone",
         "help": "On Green's second turn, Green may only step the stone it moved first.",
         "options": [{"value": "-", "label": "None"}, {"value": "*", "label": "Before Green's first move"}],
         "pieces": "gG"},
        {"key": "clock", "kind": "number", "min": 0, "max": DRAW_CLOCK, "label": "Plies without capture or crowning",
         "help": "The game is drawn after 100 plies in a row with no capture, crowning or uncrowning."},
    ]

    def extra_of(self, fields):
        bound, clock = fields
        return {"bound": bound, "clock": int(clock)}

    def extra_text(self, setup, board, turn, problems):
        bound = setup.get("bound", "-")
        ok = True
        if bound == "*":
            if turn is not None and turn != "g":
                problems.add("Before Green's first move (as the bound stone says), Green must be the side to move.")
                ok = False
        elif bound != "-":
            square = self.square_value(bound, "The bound stone's square", problems)
            if square is None:
                ok = False
            elif board.get(square) not in ("g", "G"):
                problems.add(f"The bound stone must be a Green stone (the one Green moved first), but "
                             f"{self.holding(board, square)}.", [square])
                ok = False
        clock = self.clock(setup, problems, "plies since a capture, crowning or uncrowning")
        return f"{bound} {clock}" if ok and clock is not None else None

    def check_squares(self, board, turn, problems):
        stones = "".join(self.cls.pieces)
        self.too_many(board, problems, [(stones, 10, lambda side: "stones")])


@register
class ThreeCrowns(Position):
    """3 Crowns with the Zillions implementation's rules (docs/rules.md, 3 CROWNS).

    >>> p = ThreeCrowns.start()
    >>> len(p.moves())
    32
    >>> p.play("c1-d2").play("a3-b2").moves()  # the equalizer
    ['d2-c1', 'd2-c2', 'd2-c3', 'd2-d1', 'd2-d3', 'd2-e1', 'd2-e2', 'd2-e3']
    """

    game = "three-crowns"
    editor = ThreeCrownsEditor
    title = "3 Crowns"
    evaluation_names = EVALUATION_TERMS
    evaluation_weights = EVALUATION_WEIGHTS
    value_scale = 4.0  # calibrated on 882 games at level 3 (bench/README.md, "3 Crowns: the lines through each stone")
    sides = (GREEN, BLACK)
    side_names = {GREEN: "Green", BLACK: "Black"}
    start_text = "bgb2bgb/8/g6g/b6b/g6g/b6b/8/gbg2gbg g * 0"
    geometry = GEOMETRY
    node_cost = 1.9  # bench/speed.py
    # Its own ladder: with about 40 moves a position (38 in level-3 play, 44 in random play)
    # another ply costs many nodes, so levels 3 and 4 need 3 times the nodes of the level below,
    # and level 5's time buys fewer nodes than in Lilypad, so the ladder starts lower
    # (bench/README.md, "The levels' ladders").
    level_nodes = MappingProxyType({1: 600, 2: 1300, 3: 4000, 4: 12000})
    # Stones step and jump alike in all eight directions: every symmetry of the square, each with
    # or without the colours swapped.
    symmetries = tuple((name, swap) for name in ("identity", "files reversed", "ranks reversed", "half turn", "main diagonal",
                                                 "quarter turn", "three quarter turn", "other diagonal") for swap in (False, True))
    colour_swap = dict(zip("bBgG", "gGbB"))
    pieces = {
        letter: {"side": side, "name": f"{name} {kind}", "glyph": glyph, "help": help}
        for side, name in ((GREEN, "Green"), (BLACK, "Black"))
        for letter, kind, glyph, help in (
            (side, "stone", "stone", "Steps to any of the 8 neighbouring squares. Crowned when its step or "
             "jump makes a line of 3 uncrowned stones of its colour. Jumps only crowned enemies, always two "
             "legs: the second stone jumped is captured."),
            (side.upper(), "crowned stone", "crowned-stone", "Steps to any of the 8 neighbouring squares. "
             "Jumps only uncrowned enemies, always two legs: the second stone jumped is captured (a crowned "
             "one is uncrowned instead). Three crowned stones in a line win."),
        )
    }

    __slots__ = ()

    # -- position strings -----------------------------------------------------------------------

    @classmethod
    def _parse(cls, text: str) -> State:
        board_text, side, bound, clock = split_fields(text, 4, cls.start_text)
        board = parse_board(board_text, GEOMETRY, "".join(cls.pieces) + "ac", spill=True)
        board = [EMPTY if p in "ac" else p for p in board]  # the seeds' [1]/[2] labels
        if side not in cls.sides:
            raise PositionError(f"position {quote(text)}: side to move {quote(side)} must be 'g' or 'b'")
        if bound == BOUND_NEXT:
            if side != GREEN:
                raise PositionError(
                    f"position {quote(text)}: bound '*' (before Green's first move) needs Green to move"
                )
        elif bound != NO_BOUND:
            if bound not in GEOMETRY.index:
                raise PositionError(
                    f"position {quote(text)}: bound {quote(bound)} must be '*', '-' or a square like 'e3'"
                )
            if SIDE_OF.get(board[GEOMETRY.index[bound]]) != GREEN:
                raise PositionError(
                    f"position {quote(text)}: bound square {bound} must hold the Green stone moved at ply 1"
                )
        for s in cls.sides:
            stones = stone_count(board, s)
            if stones > START_STONES:
                raise PositionError(
                    f"position {quote(text)}: {cls.side_names[s]} has {stones} stones; a side starts with {START_STONES}"
                )
        plies = read_number(
            clock, DRAW_CLOCK, f"position {quote(text)}: the clock", " plies (the game is drawn at 100)"
        )
        return State("".join(board), side, bound, plies)

    def _format(self) -> str:
        s = self._state
        return f"{format_board(s.board, GEOMETRY)} {s.turn} {s.bound} {s.clock}"

    @property
    def repetition_key(self) -> tuple:
        """The state without the clock."""
        return self._state[:3]

    # -- end of the game ------------------------------------------------------------------------

    def _decide(self) -> str | None:
        """The side that just moved wins by a crowned troika or the opponent's seventh stone."""
        s = self._state
        mover = self.other(s.turn)
        if crowned_lines(s.board, mover):
            return mover
        if stone_count(s.board, s.turn) == LOSING_STONE_COUNT:
            return mover
        if s.clock >= DRAW_CLOCK:
            return "draw"
        return None

    def _end_reason(self, decided: str) -> str:
        if decided == "draw":
            return f"{DRAW_CLOCK} plies in a row passed without a capture, crowning or uncrowning, so the game is drawn."
        name, loser = self.side_names[decided], self.side_names[self.other(decided)]
        if crowned_lines(self._state.board, decided):
            return f"{name} has three crowned stones in a line, so {name} wins."
        return f"{loser} is down to {LOSING_STONE_COUNT} stones (a third one was captured), so {name} wins."

    # -- move generation ------------------------------------------------------------------------

    def _generate(self) -> Iterator[Move]:
        """The public Moves, made from the edges: the path is the squares of the text; a jump leaps
        the square between its first two, and the second stone jumped (between the last two) is
        removed or uncrowned, as the board after it shows."""
        cls, s = type(self), self._state
        board = s.board
        won = _wins(board, s.turn)
        for text, change, _, _, _ in self._edges():
            after = self._successor(change)
            path = tuple(text.split(":" if ":" in text else "-"))
            start, end = SQUARE[path[0]], SQUARE[path[-1]]
            crowns = board[start] in UNCROWNED_LETTERS and after.board[end] not in UNCROWNED_LETTERS
            if len(path) == 2:
                may_win = won or board[start] not in UNCROWNED_LETTERS or crowns
                yield StoneMove(text, path, cls(after), crowns=crowns, may_win=may_win)
                continue
            second = MIDDLE[SQUARE[path[1]], end]
            fate = after.board[second]
            effects = {"removed": (NAMES[second],)} if fate == EMPTY else {"changed": ((NAMES[second], fate),)}
            jumped = (NAMES[MIDDLE[start, SQUARE[path[1]]]],)
            yield StoneMove(text, path, cls(after), crowns=crowns, may_win=True, jumped=jumped, **effects)

    def _edges(self) -> list[tuple]:
        """Steps and double jumps of the side to move (the core's edge protocol); on Green's second
        turn only steps of the stone the equalizer binds (rule 5)."""
        s = self._state
        board, turn = s.board, s.turn
        edges: list[tuple] = []
        # Only a capture, or a stone crowned when it lands, can win at once; unless this position
        # (a set-up) already has the mover's crowned line or the opponent's seventh stone.
        won = _wins(board, turn)
        uncrowned, empty, hot = _step_context(board, turn, won)
        if s.bound not in (BOUND_NEXT, NO_BOUND) and turn == GREEN:
            # The equalizer: Green's second move steps the stone its first move moved.
            self._steps(SQUARE[s.bound], edges, won, uncrowned)
            return edges
        prey_near = _prey(board, turn)
        # The side's stones found with str.find, in square order.
        marked, i = board.translate(STONES_OF[turn]), -1
        while (i := marked.find("1", i + 1)) >= 0:
            stone = board[i]
            free = empty & NEIGHBOUR_MASK[i]
            if free & hot[stone]:
                self._steps(i, edges, won, uncrowned)
            else:  # no step of this stone crowns or wins (most stones): they depend only on ``free``
                found = _PLAIN_STEPS[stone][i].get(free)
                edges += _plain_steps(stone, i, free) if found is None else found
            if prey_near[stone] & NEIGHBOUR_MASK[i]:
                self._jumps(i, edges)
        return edges

    def _tactical_edges(self) -> tuple[list[tuple], bool]:
        """Without two crowns of the side to move on the board (or a set-up already won), no step
        can win: then only the jumps are made, and a step is only looked for."""
        s = self._state
        board, turn = s.board, s.turn
        if s.bound not in (BOUND_NEXT, NO_BOUND) and turn == GREEN or board.count(CROWNED[turn]) >= 2 \
                or _wins(board, turn):
            return super()._tactical_edges()
        jumps: list[tuple] = []
        prey_near = _prey(board, turn)
        quiet = False
        for i in range(64):
            stone = board[i]
            if stone in prey_near:
                if prey_near[stone] & NEIGHBOUR_MASK[i]:
                    self._jumps(i, jumps)
                if not quiet:
                    quiet = any(board[j] == EMPTY for j in NEIGHBOURS[i])
        return [e for e in jumps if e[3] or e[4]], quiet or any(not e[3] for e in jumps)

    def _has_move(self) -> bool:
        """A stone of the side to move (the bound one on Green's second turn) with an empty square
        beside it can step; only without one are the jumps needed."""
        s = self._state
        board, turn = s.board, s.turn
        if s.bound not in (BOUND_NEXT, NO_BOUND) and turn == GREEN:
            return any(board[j] == EMPTY for j in NEIGHBOURS[SQUARE[s.bound]])
        own = (UNCROWNED[turn], CROWNED[turn])
        for i in range(64):
            if board[i] in own and any(board[j] == EMPTY for j in NEIGHBOURS[i]):
                return True
        return bool(self._edges())

    def _successor(self, change) -> State:
        """The state after a move: ``change`` is the board's changes (square, new letter), the
        square the move ends on, and whether it resets the clock. It updates the equalizer's bound
        square and the clock."""
        changes, end, resets_clock = change
        s = self._state
        board = s.board
        for i, piece in changes:  # a few squares change: slicing the string beats a list of 64
            board = board[:i] + piece + board[i + 1:]
        if s.bound == BOUND_NEXT:
            bound = NAMES[end]
        elif s.bound != NO_BOUND and s.turn == BLACK and board[SQUARE[s.bound]] != EMPTY:
            bound = s.bound
        else:  # Green made its second move, or Black captured the bound stone (set-ups only)
            bound = NO_BOUND
        return _new(State, (board, OTHER[s.turn], bound, 0 if resets_clock else s.clock + 1))

    def _steps(self, i: int, edges: list[tuple], won: bool, uncrowned: int) -> None:
        """Steps of the stone on ``i`` to the empty squares around it; an uncrowned stone that
        lands in a troika is crowned (rule 2). ``won``: the position already has the side's win (a
        set-up); ``uncrowned``: the side's uncrowned stones (a mask). :meth:`_edges` makes the
        steps that can neither crown nor win of most stones itself (``_PLAIN_STEPS``)."""
        board = self._state.board
        stone = board[i]
        crowned = stone not in UNCROWNED_LETTERS
        turn = self._state.turn
        crown = CROWNED[turn]
        crowns_before = board.count(crown)
        # A step wins at once only with a line of three crowns (it cannot take a stone), so only
        # with two crowns already on the board and a crowned or crowning stone moving.
        may_win = won or crowns_before >= 2
        # A troika needs a like stone next to the square stepped to: most steps are told apart
        # by one mask test from those that may crown.
        others = 0 if crowned else uncrowned & CLEARED[i]
        add, plain, triples = edges.append, STEP_EDGES[stone][i], TRIPLES
        for j in NEIGHBOURS[i]:
            if board[j] != EMPTY:
                continue
            crowns = False
            if others & NEIGHBOUR_MASK[j]:
                for x, y in triples[j]:  # forms_troika, inlined: the hottest loop of the game
                    if board[x] == stone and board[y] == stone and x != i and y != i:
                        crowns = True
                        break
            if not (crowns or may_win and crowned):
                add(plain[j])
                continue
            landed = crown if crowns else stone
            wins = False
            if won:  # a set-up already won: the step may break the line
                after = list(board)
                after[i] = EMPTY
                after[j] = landed
                wins = _wins(after, turn)
            elif (crowns or crowned) and crowns_before + crowns >= 3:
                # A step takes no stone, and a line of crowns it makes runs through the square it
                # lands on: three crowns in a row there, the square it left not among them.
                for x, y in triples[j]:
                    if board[x] == crown and board[y] == crown and x != i and y != i:
                        wins = True
                        break
            add((STEP_TEXT[i, j], (((i, EMPTY), (j, landed)), j, crowns), 200.0 if crowns else 0.0, False, wins))

    def _jumps(self, i: int, edges: list[tuple]) -> None:
        """Double jumps of the stone on ``i``: two legs, the second never straight back."""
        board = self._state.board
        stone = board[i]
        side = SIDE_OF[stone]
        enemy = OTHER[side]
        # A crowned stone jumps uncrowned enemies; an uncrowned stone jumps crowned ones.
        prey = UNCROWNED[enemy] if stone == CROWNED[side] else CROWNED[enemy]
        for d, over, land in LEGS[i]:
            if board[over] != prey or board[land] != EMPTY:
                continue
            back = OPPOSITE[d]
            # The start square is empty now, but only a leg straight back could reach it.
            for e, second, end in LEGS[land]:
                if e == back or board[second] != prey or board[end] != EMPTY:
                    continue
                after = list(board)
                after[i] = EMPTY
                after[end] = stone
                # The first stone jumped is unaffected. The second: uncrowned, it is captured;
                # crowned, it is uncrowned, unless that puts it in a troika: then it is captured.
                if prey == UNCROWNED[enemy]:
                    after[second] = EMPTY
                else:
                    after[second] = UNCROWNED[enemy]
                    if in_troika(after, second):
                        after[second] = EMPTY
                crowns = crown_if_troika(after, end)
                captured = after[second] == EMPTY
                order = (1000.0 if captured else 0.0) + 300.0 + (200.0 if crowns else 0.0)
                text = f"{NAMES[i]}:{NAMES[land]}:{NAMES[end]}"
                changes = ((i, EMPTY), (second, after[second]), (end, after[end]))
                edges.append((text, (changes, end, True), order, captured, _wins(after, side)))

    # -- for the UI and the search ---------------------------------------------------------------

    # -- puzzles (puzzlegen.py) ------------------------------------------------------------------

    # About 40 moves a ply: its wins stop at 3 moves.
    puzzle_search = MappingProxyType({"max_n": 3, "nodes": 6_000, "check_nodes": 5_000})
    puzzle_examples = (("1g3b2/2b5/g3B2b/b7/gb1G4/3B1g2/3gGb1b/gbg5 g - 0", "f3-e3", "3 Crowns page, example 1"),)

    @classmethod
    def puzzle_themes(cls, line):
        last_position, last = line[-1]
        mine = line[0::2]
        solver, loser = last_position.turn, last_position.other(last_position.turn)

        def stones(position, side, letters):
            return sum(1 for p in position.board_cells() if p in letters and cls.pieces[p]["side"] == side)

        themes = []
        if last_position.wins_at_once(last):
            themes.append("The seventh stone" if last.removed and stones(last.after, loser, "bBgG") == 7 else "Crowned line")
        if any(stones(m.after, solver, "BG") > stones(pos, solver, "BG") for pos, m in mine[:-1]):
            themes.append("Crowning")
        if any(not m.removed and stones(m.after, loser, "BG") < stones(pos, loser, "BG") for pos, m in mine):
            themes.append("Uncrowning")
        return themes

    def order_hint(self, move: "StoneMove") -> float:
        """Jumps first (each captures or uncrowns), then steps that crown the moving stone."""
        return (300.0 if len(move.path) == 3 else 0.0) + (200.0 if move.crowns else 0.0)

    def wins_at_once(self, move: "StoneMove") -> bool:
        return move.may_win and super().wins_at_once(move)

    @cached_evaluation
    def evaluate(self) -> float:
        """The weighted sum of :meth:`evaluation_terms` (``EVALUATION_WEIGHTS``, fitted on
        self-play by ``bench/texel.py``), for the side to move."""
        return sum(w * t for w, t in zip(EVALUATION_WEIGHTS, self.evaluation_terms()))

    def evaluation_terms(self) -> list[float]:
        """The evaluation's terms (``EVALUATION_TERMS``), each the side to move's minus the
        other's: stones (a side at 8 is one capture from losing), crowns, two of a kind in a line
        with a square open at either end (a troika, or a line of crowns, in the making), crowned
        and uncrowned, whether a side is at 8 stones, and the lines of three through each stone's
        square (``LINES_THROUGH``: a stone in the middle can join four times as many troikas as one
        in a corner), uncrowned and crowned; then the side to move's own edge and whether it is
        Green."""
        board = self._state.board
        opens = _open_ends(_bits(board, EMPTY))
        terms = {}
        for side in (GREEN, BLACK):
            crowns, stones = _bits(board, CROWNED[side]), _bits(board, UNCROWNED[side])
            count = crowns.bit_count() + stones.bit_count()
            terms[side] = (count, crowns.bit_count(), _open_pairs(crowns, opens), _open_pairs(stones, opens),
                           count == LOSING_STONE_COUNT + 1, _lines_through(stones), _lines_through(crowns))
        me, them = self.turn, self.other(self.turn)
        return [a - b for a, b in zip(terms[me], terms[them])] + [1.0, 1.0 if me == GREEN else -1.0]

    def mirrorable(self) -> bool:
        return self._state.bound == NO_BOUND  # the equalizer binds Green, who moves first, to one stone

    def status(self) -> dict:
        s = self._state
        notes, marks = [], []
        counts = {side: stone_count(s.board, side) for side in self.sides}
        count_note = ", ".join(
            f"{self.side_names[side]} {n} stone{'s' if n != 1 else ''}" for side, n in counts.items()
        )
        if max(counts.values()) > LOSING_STONE_COUNT:
            count_note += f" ({LOSING_STONE_COUNT} loses)"
        notes.append(count_note + ".")
        winner = self.winner
        if winner in self.sides:
            lines = crowned_lines(s.board, winner)
            if lines:
                notes.append(f"{self.side_names[winner]} wins with three crowns in a line.")
                marks.extend({"square": NAMES[i], "kind": "win", "label": "Crowned troika"} for i in lines)
            elif counts[s.turn] == LOSING_STONE_COUNT:
                notes.append(
                    f"{self.side_names[winner]} wins: {self.side_names[s.turn]} is down to "
                    f"{LOSING_STONE_COUNT} stones (the third capture)."
                )
            else:
                notes.append(f"{self.side_names[s.turn]} has no legal move and loses.")
        elif winner == "draw":
            notes.append(f"Draw: {DRAW_CLOCK} plies without a capture, crowning or uncrowning.")
        else:
            if s.bound == BOUND_NEXT:
                notes.append("Equalizer: the stone Green moves now must also make Green's next move.")
            elif s.bound != NO_BOUND:
                if s.turn == GREEN:
                    notes.append(f"Equalizer: Green must step the stone on {s.bound} again.")
                    marks.append({"square": s.bound, "kind": "must-move", "label": "Equalizer"})
                else:
                    notes.append(f"Equalizer: Green's next move must step the stone on {s.bound}.")
            if s.clock >= DRAW_CLOCK - 20:
                notes.append(
                    f"{s.clock} plies without a capture, crowning or uncrowning (draw at {DRAW_CLOCK})."
                )
        return {"notes": notes, "marks": marks}


class StoneMove(Move):
    """A 3 Crowns move, which also tells whether it ``crowns`` the moving stone, and whether it
    ``may_win`` at once (if not, the search need not build its position to look)."""

    __slots__ = ("crowns", "may_win")

    def __init__(self, *args, crowns: bool, may_win: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.crowns = crowns
        self.may_win = may_win


# -- helpers -------------------------------------------------------------------------------------


def _wins(board, mover: str) -> bool:
    """Rule 6, after ``mover``'s move left ``board``: a crowned line, or the opponent's seventh stone."""
    return bool(crowned_lines(board, mover)) or stone_count(board, OTHER[mover]) == LOSING_STONE_COUNT


def stone_count(board, side: str) -> int:
    return board.count(UNCROWNED[side]) + board.count(CROWNED[side])


def in_troika(board, i: int) -> bool:
    """Whether the stone on ``i`` is one of 3 or more adjacent like stones in a straight line.

    "Like" is the same letter, so for an uncrowned stone this is the troika of docs/rules.md rule 2.
    """
    return forms_troika(board, board[i], i)


def forms_troika(board, stone: str, at: int, vacated: int = -1) -> bool:
    """Whether ``stone`` standing on ``at`` (and square ``vacated`` emptied: a stone stepping from
    there) is one of 3 or more adjacent like stones in a straight line; ``board`` is not changed."""
    for x, y in TRIPLES[at]:
        if board[x] == stone and board[y] == stone and vacated != x and vacated != y:
            return True
    return False


def crown_if_troika(board: list[str], i: int) -> bool:
    """Crown the uncrowned stone on ``i`` if it is part of a troika; return whether it was crowned."""
    stone = board[i]
    if stone in CROWNED.values() or not in_troika(board, i):
        return False
    board[i] = stone.upper()
    return True


def crowned_lines(board, side: str) -> list[int]:
    """Squares of ``side``'s crowned stones that stand 3 or more in a line (empty: no crowned troika)."""
    crown = CROWNED[side]
    found: set[int] = set()
    if board.count(crown) < 3:  # the common case, and cheap: the search asks at every node
        return []
    for i, p in enumerate(board):
        if p != crown:
            continue
        for ahead in LINES[i]:
            if len(ahead) == 2 and board[ahead[0]] == crown and board[ahead[1]] == crown:
                found.update((i, *ahead))
    return sorted(found)
