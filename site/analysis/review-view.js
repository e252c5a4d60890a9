// A game review as the page shows it. Python grades every move (pygame_rules.review, the bridge's
// "review" op) from the evaluations the page gathered: the loss in expected result of each move,
// its grade (proven results first: "??" for a proven win let go, "!" for the only winning move;
// then by the fall in expected result), each side's accuracy and counts. Here the worker's answer
// is checked and turned into what is drawn: signs, words and the graph. No grading here.

import { share } from "../common/evalbar.js";

/** Grades a move may get, as the review op names them. */
const GRADES = ["only-move", "inaccuracy", "mistake", "blunder", "win-let-go"];
/** The grades a longer search looks at again: a quick search may have missed what decides them. */
export const RECHECKED = new Set(["mistake", "blunder", "win-let-go"]);

const text = (x, most = 400) => (typeof x === "string" ? x.slice(0, most) : "");
const count = (x) => (Number.isInteger(x) && x >= 0 ? x : 0);

/**
 * A review answer checked, for a game of `plies` moves: `marks` (the graded moves, by ply:
 * {ply, grade, sign, words, better (the engine's move instead, or null)}), `sides` ({name, accuracy (0-100 or null), inaccuracies, mistakes,
 * blunders}) and `expected` (each position's expected result for the first side, null where
 * unknown). Null when the answer is not a review.
 */
export function readReview(answer, plies) {
  if (!Array.isArray(answer?.moves) || !Array.isArray(answer.sides) || !Array.isArray(answer.expected)) return null;
  if (answer.expected.length !== plies + 1) return null;
  const marks = new Map();
  for (const move of answer.moves) {
    const ply = move?.ply;
    if (!Number.isInteger(ply) || ply < 1 || ply > plies || !GRADES.includes(move.grade)) continue;
    marks.set(ply, { ply, grade: move.grade, sign: text(move.sign, 2), words: text(move.words), better: text(move.better, 200) || null });
  }
  const sides = answer.sides.slice(0, 2).map((side) => ({
    name: text(side?.name, 40),
    accuracy: share(side?.accuracy / 100) ? side.accuracy : null,
    inaccuracies: count(side?.inaccuracies),
    mistakes: count(side?.mistakes),
    blunders: count(side?.blunders),
  }));
  return { marks, sides, expected: answer.expected.map((e) => (share(e) ? e : null)) };
}

const plural = (n, one, many) => `${n === 0 ? "no" : n} ${n === 1 ? one : many}`;

/** A side's figures in a sentence: "Black: 87% accuracy; 1 inaccuracy, no mistakes, 2 blunders." */
export function sideSummary(side) {
  const accuracy = side.accuracy === null ? "no move graded" : `${Math.round(side.accuracy)}% accuracy`;
  return `${side.name}: ${accuracy}; ${plural(side.inaccuracies, "inaccuracy", "inaccuracies")}, ${plural(side.mistakes, "mistake", "mistakes")}, ${plural(side.blunders, "blunder", "blunders")}.`;
}

const GRAPH_W = 300;
const GRAPH_H = 80;

/**
 * The evaluation graph as SVG markup: one side's expected result after each number of
 * moves (`expected[i]`, 0 to 1, null where unknown) as the height of a filled area, graded moves
 * (`marks`, {ply, grade}) as dots, the move shown as a line. Every number written is computed here
 * (no input text reaches the markup).
 */
export function graphMarkup(expected, marks, shownPly) {
  const n = Math.max(expected.length - 1, 1);
  const x = (i) => Math.round((i / n) * GRAPH_W * 10) / 10;
  const y = (e) => Math.round((1 - e) * GRAPH_H * 10) / 10;
  const points = [];
  expected.forEach((e, i) => {
    if (share(e)) points.push([x(i), y(e)]);
  });
  const area = points.length
    ? `<path class="graph-area" d="M${points[0][0]} ${GRAPH_H}${points.map(([px, py]) => `L${px} ${py}`).join("")}L${points.at(-1)[0]} ${GRAPH_H}Z"/>`
    : "";
  const line = `<polyline class="graph-line" points="${points.map((p) => p.join(",")).join(" ")}"/>`;
  const dots = [...marks]
    .filter((mark) => share(expected[mark.ply]) && GRADES.includes(mark.grade))
    .map((mark) => `<circle class="graph-mark graph-${mark.grade}" data-ply="${mark.ply}" cx="${x(mark.ply)}" cy="${y(expected[mark.ply])}" r="4"/>`)
    .join("");
  const cursor = Number.isInteger(shownPly) ? `<line class="graph-cursor" x1="${x(shownPly)}" x2="${x(shownPly)}" y1="0" y2="${GRAPH_H}"/>` : "";
  return `<svg class="graph" viewBox="0 0 ${GRAPH_W} ${GRAPH_H}" preserveAspectRatio="none" aria-hidden="true"><line class="graph-even" x1="0" x2="${GRAPH_W}" y1="${GRAPH_H / 2}" y2="${GRAPH_H / 2}"/>${area}${line}${cursor}${dots}</svg>`;
}

/** The number of moves whose position is nearest to `fraction` (0-1) of the graph's width. */
export const plyAt = (fraction, moves) => Math.max(0, Math.min(moves, Math.round(fraction * moves)));

/**
 * Of two evaluations of one position (`{value, winIn, expected, depth, draw}`, either may be null),
 * the one to grade by: a proven result (a win, a loss, or a draw seen to the end) first, then the
 * deeper search.
 */
export function better(a, b) {
  if (!a || !b) return a ?? b ?? null;
  const proven = (e) => Boolean(e.winIn || e.draw);
  if (proven(a) !== proven(b)) return proven(a) ? a : b;
  return (b.depth ?? 0) > (a.depth ?? 0) ? b : a;
}
