// The engine on the position shown: one search at a time (up to 3 best lines), stopped as soon as
// the position changes; its lines played into the tree or drawn on the board as arrows, and the
// proofs it finds kept for a game review.

import { moveArrows } from "../board/move-arrows.js";
import { describeError } from "../common/messages.js";
import { ANALYSIS, SLICE_MS } from "../engine/engine.js";
import { readEvaluation } from "../common/evalbar.js";
import { better } from "./review-view.js";
import * as variations from "./variations.js";
import { knownKey, movesAt, request } from "./analysis-state.js";
import { renderControls } from "./analysis-view.js";
import { renderEngine } from "./engine-view.js";

/** Think time of the engine on one position: it stops by itself after this (the bridge's cap). */
const THINK_MS = 60_000;
/** Moves of a best line drawn as arrows (more only clutter the board). */
const ARROW_MOVES = 6;

/** The search's controls for the analysis controller `ctrl`: {start, stop, toggle, playLine, toggleArrows, drawArrows}. */
export function createSearch(ctrl) {
  const { a, engine, board } = ctrl;

  function start() {
    stop();
    if (!a.engineOn || !a.state || a.state.result != null || a.review?.running) return renderEngine(ctrl);
    const state = a.state;
    const seq = a.seq;
    const search = engine.think(request(a, "think", state.history, { ...ANALYSIS, time_ms: THINK_MS, lines: a.lines }), SLICE_MS, (answer) => found(answer, seq, false));
    a.job = { search, seq };
    renderEngine(ctrl);
    search.result.then(
      (answer) => answer && found(answer, seq, true),
      (error) => {
        if (a.job?.search !== search) return;
        a.job = null;
        if (error?.type !== "WorkerLost") ctrl.$("analysis-status").textContent = `The engine stopped: ${describeError(error)}`;
      },
    );
  }

  function stop() {
    a.job?.search.cancel();
    a.job = null;
  }

  function toggle() {
    a.engineOn = !a.engineOn;
    if (a.engineOn) start();
    else {
      stop();
      renderEngine(ctrl);
    }
    renderControls(ctrl);
  }

  // What the search found so far on position `seq` (dropped if the position changed since).
  function found(answer, seq, done) {
    if (seq !== a.seq || !a.job || a.job.seq !== seq) return;
    const deeper = answer.depth !== a.found?.depth;
    a.found = { ...answer, done };
    remember(movesAt(a), answer);
    if (done) a.job = null;
    // Within a depth the lines change little: drawn twice a second at most, to leave the page idle.
    const now = performance.now();
    if (!done && !deeper && now - a.drawnAt < 500) return;
    a.drawnAt = now;
    renderEngine(ctrl);
  }

  // A proof the engine found here of the position after `moves`, a win, a loss or a draw (a review
  // grades by it: a quick search may not see a long win through). Unproven values are not kept: a
  // review grades by searches of one budget, so a deeper value beside quick ones makes no false drop.
  function remember(moves, answer) {
    const evaluation = answer.depth > 0 ? readEvaluation(answer) : null;
    if (!evaluation?.winIn && !evaluation?.draw) return;
    const key = knownKey(a, moves);
    a.known.set(key, better(a.known.get(key), { ...evaluation, depth: answer.depth }));
  }

  // Play moves of a best line into the tree from the position shown, after Python checked them.
  async function playLine(moves) {
    const seq = a.seq;
    const state = await engine.call(request(a, "state", [...movesAt(a), ...moves]));
    if (seq !== a.seq) return;
    let id = a.at;
    for (const move of state.history.slice(-moves.length)) id = variations.addMove(a.tree, id, move);
    await ctrl.goTo(id);
  }

  // A best line drawn as arrows, each move numbered where it ends (paths from Python's legal moves).
  async function toggleArrows(index, pv) {
    if (a.arrowsFor === index) {
      a.arrowsFor = null;
      a.arrowsPv = null;
      board.set({ arrows: [], labels: {} });
      return renderEngine(ctrl);
    }
    a.arrowsFor = index;
    renderEngine(ctrl);
    await drawArrows(pv);
  }

  // Draw `pv` as arrows; again whenever the line shown so changes (the search went deeper).
  async function drawArrows(pv) {
    const key = pv.slice(0, ARROW_MOVES).join(" ");
    if (a.arrowsPv === key) return;
    a.arrowsPv = key;
    const seq = a.seq;
    const base = movesAt(a);
    const arrows = [];
    const labels = {};
    for (const [k, move] of pv.slice(0, ARROW_MOVES).entries()) {
      const state = k === 0 ? a.state : await engine.call(request(a, "state", [...base, ...pv.slice(0, k)]));
      const path = state.moves.find((m) => m.text === move)?.path;
      if (!path) break;
      arrows.push(...moveArrows(path).arrows);
      labels[path.at(-1)] = String(k + 1);
    }
    if (seq !== a.seq || a.arrowsPv !== key || a.arrowsFor === null) return;
    board.set({ arrows, labels });
  }

  return { start, stop, toggle, playLine, toggleArrows, drawArrows };
}
