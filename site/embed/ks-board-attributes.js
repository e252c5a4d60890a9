// <ks-board>'s attributes, read and checked: each reader throws an Error that names the attribute
// and what it accepts (the element shows it and fires ks-error). docs/embedding.md documents them
// (embed.html shows them live).

import { boardEntry, gameEntry } from "../common/catalog.js";
import { quote, quoteList } from "../common/words.js";
import { positionMarks, readDiagram, readPosition } from "./notation.js";

/** Every attribute the element reads (it re-reads itself when one changes; board.html passes these on). */
export const ATTRIBUTES = [
  "game", "variant", "position", "moves", "diagram", "orientation", "static",
  "arrows", "highlight", "players", "computer-side", "level", "controls",
];

/** The buttons `controls` may name, and their labels. */
export const CONTROLS = { undo: "Undo", new: "New game" };
const PLAYERS = ["two", "computer"];

export const words = (value) => (value ?? "").split(/\s+/).filter(Boolean);

/** A diagram: drawn once, no moves taken. */
export const isDiagram = (element) => element.hasAttribute("static") || element.hasAttribute("diagram");

/** The board the attributes describe, in the order they are checked: the game and variant, the
 * position (or diagram) and moves, and the board's drawing (`view`, for createBoard); with the
 * buttons (`controls`) and who plays (`players`: {computer, level}). An unknown game or variant is
 * said at once (the other attributes are read against its board); every other bad attribute is said
 * together, in one message, so a page hears of all it must fix at once. */
export function readBoard(element, data) {
  const { entry, game, variant } = lookUp(element, data);
  const { info } = entry;
  const problems = [];
  const attempt = (read, fallback) => {
    try {
      return read();
    } catch (error) {
      problems.push(error);
      return fallback;
    }
  };
  const diagram = element.getAttribute("diagram");
  const position = element.getAttribute("position")?.trim() || null;
  const moves = words(element.getAttribute("moves"));
  const reading = attempt(() => (diagram != null ? readDiagram(diagram, info) : readPosition(position ?? info.start, info)), null);
  const isStatic = isDiagram(element);
  const orientation = attempt(() => readOrientation(element), "normal");
  const arrows = attempt(() => arrowList(element, info), []);
  const highlights = attempt(() => squareList(element, "highlight", info), []);
  const controls = attempt(() => readControls(element, isStatic), []);
  const players = attempt(() => readPlayers(element, info, data.levels), null);
  if (problems.length === 1) throw problems[0]; // a position's error keeps its kind
  if (problems.length) throw new Error(`several attributes are wrong: ${problems.map((p) => p.message).join("; ")}`);
  const view = {
    geometry: info,
    pieces: info.pieces,
    sides: info.sides,
    orientation,
    static: isStatic,
    label: `${info.title} ${isStatic ? "diagram" : "board"}`,
    position: reading.board,
    labels: reading.labels,
    marks: diagram != null ? [] : positionMarks(reading, info),
    arrows,
    highlights,
  };
  return { game, variant, info, diagram, position, moves, reading, view, controls, players };
}

const ORIENTATIONS = ["normal", "flipped"];

function readOrientation(element) {
  const wanted = element.getAttribute("orientation")?.trim() || "normal";
  if (!ORIENTATIONS.includes(wanted)) throw new Error(`orientation ${quote(wanted)} must be "normal" or "flipped"`);
  return wanted;
}

function lookUp(element, data) {
  const known = data.games.map((g) => g.id);
  const game = element.getAttribute("game") || known[0];
  const variant = element.getAttribute("variant") || null;
  const entry = boardEntry(data, game, variant);
  if (entry) return { entry, game, variant };
  // Attributes name games by id, so the message lists ids (catalog.whyUnknown lists titles).
  if (!gameEntry(data, game)) throw new Error(`unknown game ${quote(game)} (games: ${known.join(", ")})`);
  const variants = gameEntry(data, game).variants.join(", ") || "none";
  throw new Error(`unknown variant ${quote(variant)} of ${game} (variants: ${variants})`);
}

function squareList(element, name, info) {
  const names = new Set(info.squares.map((s) => s.name));
  const squares = words(element.getAttribute(name));
  const bad = squares.filter((s) => !names.has(s));
  if (bad.length) throw new Error(`${name}: ${quoteList(bad)} ${bad.length > 1 ? "are not squares" : "is not a square"} of the ${info.title} board`);
  return squares;
}

function arrowList(element, info) {
  const names = new Set(info.squares.map((s) => s.name));
  return words(element.getAttribute("arrows")).map((arrow) => {
    const ends = arrow.split("-");
    if (ends.length !== 2 || !ends.every((s) => names.has(s)) || ends[0] === ends[1]) {
      throw new Error(`arrows: ${quote(arrow)} must be two different squares of the ${info.title} board, like "g4-f3"`);
    }
    return ends;
  });
}

/** `players`, `computer-side` and `level`: {computer: the computer's side id, level}, both null for two players. */
function readPlayers(element, info, levels) {
  const players = element.getAttribute("players") || "two";
  if (!PLAYERS.includes(players)) throw new Error(`players ${quote(players)} must be "two" or "computer"`);
  if (players === "two") {
    // A level or a side for a computer that is not asked for: most likely players="computer" forgotten.
    const stray = ["computer-side", "level"].filter((name) => element.hasAttribute(name));
    if (stray.length) throw new Error(`${stray.join(" and ")} ${stray.length > 1 ? "are" : "is"} for a board against the computer: add players="computer"`);
    return { computer: null, level: null };
  }
  const problems = [];
  const wanted = (element.getAttribute("computer-side") || info.sides[1].id).toLowerCase();
  const side = info.sides.find((s) => s.id === wanted || s.name.toLowerCase() === wanted);
  if (!side) problems.push(`computer-side ${quote(wanted)} must be ${info.sides.map((s) => `"${s.id}" (${s.name})`).join(" or ")}`);
  const numbers = levels.levels.map((l) => l.level);
  const levelText = element.getAttribute("level");
  const level = levelText == null || levelText === "" ? levels.default : Number(levelText);
  if (!numbers.includes(level)) problems.push(`level ${quote(levelText)} must be one of ${numbers.join(", ")}`);
  if (problems.length) throw new Error(problems.join("; "));
  return { computer: side.id, level };
}

/** `controls`: the buttons to show, each once (none on a diagram). */
function readControls(element, diagram) {
  const controls = diagram ? [] : words(element.getAttribute("controls"));
  const unknown = controls.filter((c) => !Object.hasOwn(CONTROLS, c));
  if (unknown.length) throw new Error(`controls: unknown ${quoteList(unknown)} (controls: ${Object.keys(CONTROLS).join(", ")})`);
  return [...new Set(controls)];
}
