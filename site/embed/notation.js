// The position notation of the three games, read in JavaScript: enough to draw a diagram without
// Python. Notation only, no rules: it knows how a position string is written (docs/rules.md), never
// which moves are legal. The board's shape comes from the catalog (`info`, written by build.py from
// Python), so the only per-game facts here are the names of each game's fields.
//
//   readPosition(text, info)  -> {board: {square: letter}, labels: {square: "1"|"2"}, turn, text, ...fields}
//   readDiagram(text, info)   -> {board, labels}: a board2diag string "lurd,8,8,<board>"
//   positionMarks(reading, info) -> board marks for the state fields (charges, marks, stuck, bound)
//
// Bad input throws a NotationError saying what is wrong. tests/site/test_notation.py checks that this
// reads every position of the project's test data exactly as Python does.

import { quote as quoteShort, quoteList, sideName } from "../common/words.js";

export class NotationError extends Error {
  constructor(message) {
    super(message);
    this.name = "NotationError";
  }
}

const EMPTY = ".";
/** The seeds' diagram markers: empty squares labelled [1] and [2]. */
const LABELS = { a: "1", c: "2" };
const CLOCK_MAX = 100; // plies: both games with a clock draw at 100
const DIRECTIONS = { n: [0, -1], e: [1, 0], s: [0, 1], w: [-1, 0] }; // screen steps (y = 0 is the top)
const DIRECTION_WORDS = { n: "north", e: "east", s: "south", w: "west" };

/**
 * Each game's fields after the board and the side to move, and whether its board strings may be
 * written as the seeds' board2diag diagrams (`.` squares, runs spilling over ranks, a/c labels).
 */
const FORMATS = {
  lilypad: { fields: ["drops"], diagrams: true },
  "three-crowns": { fields: ["bound", "clock"], diagrams: true },
  lion: { fields: ["charges", "marks", "stuck", "clock"], diagrams: false },
};

// Input is echoed shortened: a 200,000-character attribute must not make a 200,000-character message.
const quote = (text) => quoteShort(text, 100);

function formatOf(info) {
  const format = FORMATS[info?.game];
  if (!format) throw new NotationError(`no notation for the game ${quote(String(info?.game))}`);
  return format;
}

/** The board's squares grouped by rank, top rank first, in board-string order (as Python lists them). */
function ranksOf(info) {
  const ranks = [];
  let y = null;
  for (const square of info.squares) {
    if (square.y !== y) ranks.push([]);
    y = square.y;
    ranks.at(-1).push(square.name);
  }
  return ranks;
}

function cellsOf(ch, text, letters) {
  if (ch === EMPTY) return [EMPTY];
  if (/^[0-9]$/.test(ch)) {
    if (ch === "0") throw new NotationError(`board ${quote(text)}: an empty run of 0 squares`);
    return Array(Number(ch)).fill(EMPTY);
  }
  if (letters.includes(ch)) return [ch];
  throw new NotationError(`board ${quote(text)}: unknown piece ${quote(ch)} (pieces are ${letters.join(", ")})`);
}

/**
 * Read a board string into square -> letter (and the a/c labels), as Python's parse_board does.
 * With `spill` (the seeds' diagrams), `/` may fall anywhere and a digit run may cross ranks.
 */
export function readBoard(text, info, { spill = formatOf(info).diagrams } = {}) {
  const letters = Object.keys(info.pieces).concat(spill ? Object.keys(LABELS) : []);
  const names = info.squares.map((s) => s.name);
  const cells = [];
  if (spill) {
    let number = "";
    for (const ch of [...text, "/"]) {
      if (/^[0-9]$/.test(ch)) {
        number += ch;
        continue;
      }
      if (number) {
        const run = Number(number);
        if (run > names.length) {
          throw new NotationError(`board ${quote(text)}: an empty run of ${quote(number)} squares is longer than the board`);
        }
        if (run === 0) throw new NotationError(`board ${quote(text)}: an empty run of 0 squares`);
        for (let i = 0; i < run; i++) cells.push(EMPTY);
        number = "";
      }
      if (ch !== "/") cells.push(...cellsOf(ch, text, letters));
    }
    if (cells.length !== names.length) {
      throw new NotationError(`board ${quote(text)} has ${cells.length} squares, expected ${names.length}`);
    }
  } else {
    const ranks = ranksOf(info);
    const rows = text.split("/");
    if (rows.length !== ranks.length) {
      throw new NotationError(`board ${quote(text)} has ${rows.length} ranks, expected ${ranks.length}`);
    }
    rows.forEach((row, r) => {
      const got = [...row].flatMap((ch) => cellsOf(ch, text, letters));
      if (got.length !== ranks[r].length) {
        throw new NotationError(
          `board ${quote(text)}: rank ${ranks[r][0].slice(1)} (${quote(row)}) has ${got.length} squares, expected ${ranks[r].length}`,
        );
      }
      cells.push(...got);
    });
  }
  const board = {};
  const labels = {};
  cells.forEach((cell, i) => {
    if (cell in LABELS && spill) labels[names[i]] = LABELS[cell];
    else if (cell !== EMPTY) board[names[i]] = cell;
  });
  return { board, labels };
}

/** The canonical board string of `board` (square -> letter): digits for empty runs, one rank per `/`. */
function writeBoard(board, info) {
  return ranksOf(info)
    .map((rank) => {
      let out = "";
      let run = 0;
      for (const square of rank) {
        const letter = Object.hasOwn(board, square) ? board[square] : null;
        if (!letter) {
          run += 1;
          continue;
        }
        if (run) out += run;
        run = 0;
        out += letter;
      }
      return run ? out + run : out;
    })
    .join("/");
}

// Square names as Python sorts them in the Lion's lists: as plain text.
const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Read a position string of `info`'s game. Returns {board, labels, turn, text} and the game's
 * fields: Lilypad {drops: "bg"|"g"|""}, 3 Crowns {bound: "*"|"-"|square, clock}, Lion {charges:
 * [{square, direction, distance}], marks: [{spider, marked}], stuck: [square], clock}.
 * `text` is the canonical position string (what Python would write).
 */
export function readPosition(text, info) {
  if (typeof text !== "string") throw new NotationError("a position must be text");
  const format = formatOf(info);
  const normal = text.trim().split(/\s+/).join(" ");
  const parts = normal ? normal.split(" ") : [];
  const count = format.fields.length + 2;
  if (parts.length !== count) {
    const found = parts.length === 0 ? "no parts" : parts.length === 1 ? "1 part" : `${parts.length} parts`;
    throw new NotationError(`position ${quote(normal)} has ${found} where ${count} are expected, separated by spaces (like ${quote(info.start)})`);
  }
  const bad = (why) => new NotationError(`position ${quote(normal)}: ${why}`);
  const [boardText, turn, ...fields] = parts;
  const { board, labels } = readBoard(boardText, info);
  const sides = info.sides.map((s) => s.id);
  if (!sides.includes(turn)) throw bad(`side to move ${quote(turn)} must be ${sides.map(quote).join(" or ")}`);
  const reading = { board, labels, turn };
  const sideOf = (square) => (Object.hasOwn(board, square) ? info.pieces[board[square]].side : null);
  const kindOf = (square) => (Object.hasOwn(board, square) ? info.pieces[board[square]].glyph : null);
  const describe = (square) => (Object.hasOwn(board, square) ? `a ${info.pieces[board[square]].name}` : "an empty square");
  const squares = new Set(info.squares.map((s) => s.name));
  const clock = (value, most) => {
    if (!/^[0-9]+$/.test(value) || Number(value) > most) throw bad(`clock ${quote(value)} must be a number of plies from 0 to ${most}`);
    return Number(value);
  };
  let tail;
  if (info.game === "lilypad") {
    const [drops] = fields;
    if (!["bg", "g", "-"].includes(drops)) throw bad(`drops ${quote(drops)} must be "bg", "g" or "-"`);
    reading.drops = drops === "-" ? "" : drops;
    if (reading.drops && turn !== reading.drops[0]) throw bad(`${sideName(info, reading.drops[0])} must drop its King first`);
    tail = drops;
  } else if (info.game === "three-crowns") {
    const [bound, clockText] = fields;
    if (bound === "*") {
      if (turn !== sides[0]) throw bad(`bound "*" (before ${sideName(info, sides[0])}'s first move) needs ${sideName(info, sides[0])} to move`);
    } else if (bound !== "-") {
      if (!squares.has(bound)) throw bad(`bound ${quote(bound)} must be "*", "-" or a square like "e3"`);
      if (sideOf(bound) !== sides[0]) throw bad(`bound square ${bound} must hold the ${sideName(info, sides[0])} stone moved at ply 1`);
    }
    reading.bound = bound;
    reading.clock = clock(clockText, CLOCK_MAX);
    tail = `${bound} ${reading.clock}`;
  } else {
    const [chargesText, marksText, stuckText, clockText] = fields;
    const entries = (field, what) => {
      if (field === "-") return [];
      const items = field.split(",");
      if (new Set(items).size !== items.length) throw bad(`${what} ${quote(field)} lists an entry twice`);
      return items;
    };
    const square = (name, entry, what) => {
      if (!squares.has(name)) throw bad(`${what} entry ${quote(entry)}: ${name} is not a square of the board`);
      return name;
    };
    reading.charges = entries(chargesText, "charges").map((entry) => {
      const m = entry.match(/^([a-g][1-9])([nesw])([1-9][0-9]*)$/);
      if (!m) throw bad(`charge entry ${quote(entry)} must be like "b4n2" (rhino square, n/e/s/w, distance)`);
      const at = square(m[1], entry, "charge");
      if (kindOf(at) !== "rhino") throw bad(`charge entry ${quote(entry)} names ${describe(at)} on ${at}, not a Rhinoceros`);
      if (Number(m[3]) > 6) throw bad(`charge entry ${quote(entry)}: no rhino move on the field is longer than 6 squares`);
      return { square: at, direction: m[2], distance: Number(m[3]) };
    });
    for (const side of sides) {
      const mine = reading.charges.filter((c) => sideOf(c.square) === side).map((c) => c.square);
      if (mine.length > 1) throw bad(`${sideName(info, side)} has charge entries ${quoteList(mine)}: a side has one at most`);
    }
    reading.marks = entries(marksText, "marks").map((entry) => {
      const m = entry.match(/^([a-g][1-9])>([a-g][1-9])$/);
      if (!m) throw bad(`mark entry ${quote(entry)} must be like "e5>e4" (spider square > marked square)`);
      const [spider, marked] = [square(m[1], entry, "mark"), square(m[2], entry, "mark")];
      if (kindOf(spider) !== "spider") throw bad(`mark entry ${quote(entry)} names ${describe(spider)} on ${spider}, not a Spider`);
      const enemy = sides.find((s) => s !== sideOf(spider));
      if (sideOf(marked) !== enemy) throw bad(`mark entry ${quote(entry)}: ${describe(marked)} on ${marked} is not an enemy of that Spider`);
      return { spider, marked };
    });
    reading.stuck = entries(stuckText, "stuck").map((entry) => {
      if (!/^[a-g][1-9]$/.test(entry)) throw bad(`stuck entry ${quote(entry)} must be an elephant's square like "b2"`);
      const at = square(entry, entry, "stuck");
      if (kindOf(at) !== "elephant") throw bad(`stuck entry ${quote(entry)} names ${describe(at)}, not an Elephant`);
      return at;
    });
    reading.clock = clock(clockText, CLOCK_MAX);
    reading.charges.sort((a, b) => byName(a.square, b.square));
    reading.marks.sort((a, b) => byName(a.spider, b.spider) || byName(a.marked, b.marked));
    reading.stuck.sort(byName);
    const list = (items) => items.join(",") || "-";
    tail = [
      list(reading.charges.map((c) => `${c.square}${c.direction}${c.distance}`)),
      list(reading.marks.map((m) => `${m.spider}>${m.marked}`)),
      list(reading.stuck),
      reading.clock,
    ].join(" ");
  }
  reading.text = `${writeBoard(board, info)} ${turn} ${tail}`;
  return reading;
}

/**
 * Read a board2diag diagram string, `lurd,<width>,<height>,<board>` as the original rule pages
 * write them: its board and its labels ([1] for `a`, [2] for `c`). There is no side to move.
 */
export function readDiagram(text, info) {
  if (typeof text !== "string") throw new NotationError("a diagram must be text");
  const m = text.trim().match(/^lurd,(\d+),(\d+),(\S+)$/);
  if (!m) throw new NotationError(`diagram ${quote(text.trim())} must be like "lurd,8,8,<board>"`);
  if (!formatOf(info).diagrams || Number(m[1]) !== info.width || Number(m[2]) !== info.height) {
    throw new NotationError(`diagram ${quote(text.trim())}: ${info.title} boards are not written as ${m[1]}x${m[2]} diagrams`);
  }
  return readBoard(m[3], info, { spill: true });
}

/** The board marks a position's own fields ask for: charging rhinos, spider marks, stuck elephants, the bound stone. */
export function positionMarks(reading, info) {
  const marks = [];
  const at = new Map(info.squares.map((s) => [`${s.x},${s.y}`, s]));
  const where = new Map(info.squares.map((s) => [s.name, s]));
  if (reading.bound && where.has(reading.bound)) {
    marks.push({ square: reading.bound, kind: "must-move", label: "Equalizer" });
  }
  for (const { square, direction, distance } of reading.charges ?? []) {
    // The squares a charge can reach: along the field (rhinos never enter the burrow).
    const toward = [];
    let { x, y } = where.get(square);
    const [dx, dy] = DIRECTIONS[direction];
    while (toward.length <= distance) {
      const next = at.get(`${(x += dx)},${(y += dy)}`);
      if (!next || next.kind !== "field") break;
      toward.push(next.name);
    }
    marks.push({ square, kind: "charge", label: `charging ${DIRECTION_WORDS[direction]}, up to ${distance + 1}`, toward });
  }
  for (const { spider, marked } of reading.marks ?? []) {
    const [a, b] = [where.get(spider), where.get(marked)];
    const next = Math.abs(a.x - b.x) <= 1 && Math.abs(a.y - b.y) <= 1; // the spider next to it freezes it
    marks.push({ square: marked, kind: next ? "frozen" : "marked", label: `${next ? "frozen" : "marked"} by the spider on ${spider}` });
  }
  for (const square of reading.stuck ?? []) marks.push({ square, kind: "stuck", label: "stuck" });
  return marks;
}
