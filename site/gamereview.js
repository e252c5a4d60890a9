// A game review's verdicts: from the evaluation of every position of a game (each from its side to
// move's view), which moves were mistakes, and the evaluation graph. Plain data in, plain data out,
// except `graphMarkup`, which writes SVG text. No rules here.

/** How far the mover's value must fall for a move to be marked (values run from -1 to 1). */
export const MISTAKE_DROP = 0.3;
export const BLUNDER_DROP = 0.6;

// A position lost for its side to move: proven by the search, or the game over with that side lost.
const provenLoss = (evaluation) => evaluation.winIn < 0 || (evaluation.over === true && evaluation.value === -1);

/**
 * The marked moves of a game. `evaluations[i]` ({value, winIn}) is position i's evaluation for its
 * side to move (i = 0 the start, i = n after the last move; `over: true` where the game is over); a move hands the turn over, so the
 * mover's value after move i + 1 is -evaluations[i + 1].value.
 * @returns {Array<{ply, kind: "blunder" | "mistake" | "missed-win", before, after}>} ply is the
 *   number of moves played once the marked move is (1 for the first move).
 */
export function judgeMoves(evaluations) {
  const marks = [];
  for (let i = 0; i + 1 < evaluations.length; i++) {
    const now = evaluations[i];
    const next = evaluations[i + 1];
    if (!now || !next) continue; // not evaluated (a review stopped part way)
    const before = now.value;
    const after = -next.value;
    const drop = before - after;
    let kind = null;
    if (now.winIn > 0 && !provenLoss(next)) kind = "missed-win"; // a proven win no longer proven
    else if (drop >= BLUNDER_DROP) kind = "blunder";
    else if (drop >= MISTAKE_DROP) kind = "mistake";
    if (kind) marks.push({ ply: i + 1, kind, before, after });
  }
  return marks;
}

/** The sign a marked move gets in the move list. */
export const MARK_SIGN = { blunder: "??", "missed-win": "??", mistake: "?" };

/** A marked move in words: "Blunder: Green's evaluation fell from +0.20 to −0.80." */
export function markWords(mark, side, format) {
  const fall = `${side}'s evaluation fell from ${format(mark.before)} to ${format(mark.after)}`;
  if (mark.kind === "missed-win") return `Missed win: ${side} had a forced win here and let it go (${fall}).`;
  return `${mark.kind === "blunder" ? "Blunder" : "Mistake"}: ${fall}.`;
}

const GRAPH_W = 300;
const GRAPH_H = 80;

/**
 * The evaluation graph as SVG markup: the first side's value after each number of moves (the
 * others' values turned to its view) as the height of a filled area, marked moves as dots, the
 * move shown as a line. Every number
 * written is computed here (no input text reaches the markup).
 * `firstToMove[i]` says whether the first side is to move in position i.
 */
export function graphMarkup(evaluations, firstToMove, marks, shownPly) {
  const n = Math.max(evaluations.length - 1, 1);
  const x = (i) => Math.round((i / n) * GRAPH_W * 10) / 10;
  const y = (value) => Math.round(((1 - value) / 2) * GRAPH_H * 10) / 10;
  const points = [];
  evaluations.forEach((evaluation, i) => {
    if (!evaluation) return;
    const value = firstToMove[i] ? evaluation.value : -evaluation.value;
    points.push([x(i), y(value)]);
  });
  const area = points.length
    ? `<path class="graph-area" d="M${points[0][0]} ${GRAPH_H}${points.map(([px, py]) => `L${px} ${py}`).join("")}L${points.at(-1)[0]} ${GRAPH_H}Z"/>`
    : "";
  const line = `<polyline class="graph-line" points="${points.map((p) => p.join(",")).join(" ")}"/>`;
  const dots = marks
    .filter((mark) => evaluations[mark.ply])
    .map((mark) => {
      const value = firstToMove[mark.ply] ? evaluations[mark.ply].value : -evaluations[mark.ply].value;
      return `<circle class="graph-mark graph-${mark.kind}" data-ply="${mark.ply}" cx="${x(mark.ply)}" cy="${y(value)}" r="4"/>`;
    })
    .join("");
  const cursor = Number.isInteger(shownPly) ? `<line class="graph-cursor" x1="${x(shownPly)}" x2="${x(shownPly)}" y1="0" y2="${GRAPH_H}"/>` : "";
  return `<svg class="graph" viewBox="0 0 ${GRAPH_W} ${GRAPH_H}" preserveAspectRatio="none" aria-hidden="true"><line class="graph-even" x1="0" x2="${GRAPH_W}" y1="${GRAPH_H / 2}" y2="${GRAPH_H / 2}"/>${area}${line}${cursor}${dots}</svg>`;
}

/** The number of moves whose position is nearest to `fraction` (0-1) of the graph's width. */
export const plyAt = (fraction, moves) => Math.max(0, Math.min(moves, Math.round(fraction * moves)));
