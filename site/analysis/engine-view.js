// The engine card of the analysis board: the evaluation bar, what the engine is doing, and its best
// lines (each move a button that plays the line up to it, each line drawable as arrows).

import { evaluationText, evaluationWords, readEvaluation } from "../common/evalbar.js";
import * as variations from "./variations.js";
import { firstOfPair, MAX_LINES, moveLabel, sideToMove } from "./analysis-state.js";

/** The search's lines, checked: each a move of the position's own and an evaluation. */
function readLines(answer, state) {
  const legal = new Set(state.moves.map((m) => m.text));
  const lines = Array.isArray(answer?.lines) && answer.lines.length ? answer.lines : [{ move: answer?.best, pv: answer?.pv, value: answer?.value, win_in: answer?.win_in, draw: answer?.draw, expected: answer?.expected }];
  return lines
    .slice(0, MAX_LINES)
    .map((line) => ({ move: line?.move, pv: Array.isArray(line?.pv) ? line.pv.filter((m) => typeof m === "string").slice(0, 40) : [], evaluation: readEvaluation(line) }))
    .filter((line) => legal.has(line.move) && line.evaluation)
    .map((line) => ({ ...line, pv: line.pv[0] === line.move ? line.pv : [line.move] }));
}

export function renderEngine(ctrl) {
  const { a, $, evalBar } = ctrl;
  const status = $("analysis-status");
  const list = $("analysis-pvs");
  if (!a.state) return;
  const side = sideToMove(a);
  if (a.state.result != null) {
    evalBar.show(null, side);
    status.textContent = "The game is over here.";
    $("analysis-engine").hidden = true; // nothing to start or stop
    list.replaceChildren();
    delete list.dataset.drawn;
    delete list.dataset.lines; // no room kept for lines where there are none to come
    $("analysis-eval").hidden = true;
    return;
  }
  $("analysis-eval").hidden = false;
  $("analysis-engine").hidden = false;
  const lines = a.found && (a.found.depth > 0 || a.found.done) ? readLines(a.found, a.state) : []; // depth 0: the only move
  evalBar.show(lines[0]?.evaluation ?? null, side);
  const thinking = Boolean(a.job);
  list.dataset.position = a.state.position;
  list.dataset.lines = String(a.lines);
  list.dataset.depth = String(a.found?.depth ?? 0);
  list.toggleAttribute("data-thinking", thinking);
  const said = statusText(ctrl, lines.length > 0, thinking);
  if (status.textContent !== said) status.textContent = said;
  // While it thinks the depth changes every second or so: a screen reader waits for the result.
  status.setAttribute("aria-busy", String(thinking));
  // Most slices find nothing new: the lines are redrawn only when they change.
  const shownAsArrows = a.arrowsFor !== null ? lines[a.arrowsFor] : null;
  if (shownAsArrows) void ctrl.run(() => ctrl.search.drawArrows(shownAsArrows.pv));
  const drawn = JSON.stringify([a.seq, lines, a.arrowsFor]);
  if (list.dataset.drawn === drawn) return;
  list.dataset.drawn = drawn;
  list.replaceChildren(...lines.map((line, index) => lineItem(ctrl, line, index, side)));
}

function statusText({ a, engine }, haveLines, thinking) {
  if (a.review?.running) return "Paused during the game review.";
  if (!a.engineOn) return haveLines ? `Stopped at depth ${a.found.depth}.` : "The engine is stopped.";
  if (thinking) return haveLines ? `Thinking… depth ${a.found.depth}` : engine.working("Thinking…");
  if (haveLines && a.found.solved === true) return "Solved: every line was searched to the end of the game.";
  if (haveLines) return a.found.depth ? `Depth ${a.found.depth}: done.` : "The only move.";
  return "";
}

// One best line: its evaluation, its moves (each plays the line up to it) and its arrows button.
function lineItem(ctrl, line, index, side) {
  const { a } = ctrl;
  const ply = variations.nodeAt(a.tree, a.at).ply;
  const li = document.createElement("li");
  li.dataset.move = line.move;
  const value = Object.assign(document.createElement("span"), { className: "pv-eval", textContent: evaluationText(line.evaluation) });
  value.title = evaluationWords(line.evaluation, side);
  const moves = document.createElement("span");
  moves.className = "pv-moves";
  line.pv.forEach((move, k) => {
    // A move and its number wrap together: a row never ends on a number whose move is hidden.
    const step = Object.assign(document.createElement("span"), { className: "pv-step" });
    const p = ply + k + 1;
    if (firstOfPair(a, p) || k === 0) {
      step.append(Object.assign(document.createElement("span"), { className: "num", textContent: moveLabel(a, p) }));
    }
    const b = Object.assign(document.createElement("button"), { type: "button", className: "mv", textContent: move });
    b.title = "Play the line up to here";
    b.onclick = () => void ctrl.run(() => ctrl.search.playLine(line.pv.slice(0, k + 1)));
    step.append(b);
    moves.append(step);
  });
  const arrows = Object.assign(document.createElement("button"), { type: "button", className: "pv-arrows", textContent: a.arrowsFor === index ? "Hide" : "Show" });
  arrows.setAttribute("aria-pressed", String(a.arrowsFor === index));
  arrows.title = "Draw this line on the board as arrows";
  arrows.onclick = () => void ctrl.run(() => ctrl.search.toggleArrows(index, line.pv));
  li.append(value, moves, arrows);
  return li;
}
