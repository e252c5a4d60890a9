// The game review of the analysis board: every position of the main line evaluated in a quick pass,
// Python's grades of the moves from those evaluations (review-view.js reads them); then, for each
// move graded, the position after the move the search preferred (so that the move is measured
// against it with the same side to move: a search's bias for the side to move cancels out); then
// the positions of each move graded a mistake or worse searched again for longer, and graded again.

import { describeError } from "../common/messages.js";
import { ANALYSIS, SLICE_MS } from "../engine/engine.js";
import { readEvaluation } from "../common/evalbar.js";
import { better, plyAt, RECHECKED, readReview, sideSummary } from "./review-view.js";
import * as variations from "./variations.js";
import { knownKey, moveLabel, request, resignedAt } from "./analysis-state.js";
import { render, renderGraph } from "./analysis-view.js";

/**
 * A game review's quick pass looks at each position as the computer's level 3 does (a fixed number
 * of positions, so a review says the same on any machine); the two positions of each move it
 * grades a mistake or worse are searched again as level 4 looks (about four times as many: a
 * proof may decide the grade), again a fixed number, so that the final grades are the same on any
 * machine too (a search for 2 s graded one game three ways on a busy one). A proof the engine
 * found here on the analysis board counts too. The levels' own times would cut the searches short
 * on a busy machine: the caps are far above them.
 */
const REVIEW = { ...ANALYSIS, level: 3, time_ms: 5_000 };
const RECHECK = { ...ANALYSIS, level: 4, time_ms: 10_000 };

/** The review's controls for the analysis controller `ctrl`: {toggle, stop, graphClick}. */
export function createReview(ctrl) {
  const { a, $, engine } = ctrl;

  // Start a review of the main line shown, or stop the one running.
  async function toggle() {
    if (a.review?.running) return stop();
    ctrl.search.stop();
    const ids = [0, ...variations.mainLine(a.tree)];
    // alternatives: by position index, {move, evaluation} of the position the search's move makes
    const job = { ids, evaluations: ids.map(() => null), alternatives: new Map(), graded: null, running: true, cancelled: false, search: null };
    a.review = job;
    const progress = $("analysis-progress");
    progress.hidden = false;
    progress.max = ids.length;
    progress.value = 0;
    $("analysis-review-summary").textContent = engine.working("Evaluating every position…");
    render(ctrl);
    const movesOf = (i) => variations.movesTo(a.tree, ids[i]);
    try {
      for (const i of ids.keys()) {
        if (job.cancelled) return;
        job.evaluations[i] = better(await evaluate(job, movesOf(i), REVIEW), a.known.get(knownKey(a, movesOf(i))));
        progress.value = i + 1;
        renderGraph(ctrl);
      }
      job.graded = await grade(job);
      const graded = [...job.graded.marks.values()].map((mark) => mark.ply - 1).filter((i) => compared(job, i));
      progress.max += graded.length;
      $("analysis-review-summary").textContent = "Comparing each move graded with the engine's choice…";
      for (const i of graded) {
        if (job.cancelled) return;
        await searchAlternative(job, i, REVIEW);
        progress.value += 1;
      }
      job.graded = await grade(job);
      const again = [...job.graded.marks.values()].filter((mark) => RECHECKED.has(mark.grade)).map((mark) => mark.ply - 1);
      const positions = new Set(again.flatMap((i) => [i, i + 1]));
      progress.max += positions.size + again.length; // the alternatives: at most one a move
      $("analysis-review-summary").textContent = "Looking again at the moves that decided the game…";
      for (const i of positions) {
        if (job.cancelled) return;
        job.evaluations[i] = better(job.evaluations[i], await evaluate(job, movesOf(i), RECHECK));
        progress.value += 1;
      }
      for (const i of again) {
        if (job.cancelled) return;
        await searchAlternative(job, i, RECHECK);
        progress.value += 1;
      }
      job.graded = await grade(job);
      const said = job.graded.sides.map((side) => Object.assign(document.createElement("span"), { className: "review-side", textContent: sideSummary(side) }));
      const ended = resignedEnd(job);
      if (ended) said.push(Object.assign(document.createElement("span"), { className: "review-end", textContent: ended }));
      $("analysis-review-summary").replaceChildren(...said);
    } catch (error) {
      if (!job.cancelled) $("analysis-review-summary").textContent = `The review stopped: ${describeError(error)}`;
    } finally {
      if (a.review === job) {
        job.running = false;
        progress.hidden = true;
        render(ctrl);
        ctrl.search.start();
      }
    }
  }

  // The move played from position `i` of the main line.
  const played = (job, i) => variations.nodeAt(a.tree, job.ids[i + 1]).move;

  // Whether the move from position `i` is compared with the search's: it was another move, and
  // the position before it is not proven (proofs grade it).
  const compared = (job, i) => Boolean(job.evaluations[i]?.best) && !job.evaluations[i].winIn && job.evaluations[i].best !== played(job, i);

  // The position after the search's move at position `i` (when it is compared), searched as
  // `budget` says; kept unless the one kept is of that move and deeper.
  async function searchAlternative(job, i, budget) {
    if (!compared(job, i)) return;
    const move = job.evaluations[i].best;
    const kept = job.alternatives.get(i);
    const evaluation = await evaluate(job, [...variations.movesTo(a.tree, job.ids[i]), move], budget);
    job.alternatives.set(i, { move, evaluation: kept?.move === move ? better(kept.evaluation, evaluation) : evaluation });
  }

  // How the game reviewed ended, when a side resigned on its main line: "Green resigned after 1. K@a8."
  function resignedEnd(job) {
    const id = job.ids.find((i) => variations.has(a.tree, i) && resignedAt(a, i));
    if (id === undefined) return null;
    const node = variations.nodeAt(a.tree, id);
    const where = node.ply ? `after ${moveLabel(a, node.ply)} ${node.move}` : "before any move";
    return `${resignedAt(a, id)} resigned ${where}.`;
  }

  // Python's grades of the main line's moves from the evaluations gathered.
  async function grade(job) {
    const evaluations = job.evaluations.map((e) => e && { value: e.value, win_in: e.winIn });
    // For each move, the search's move there (and the evaluation of the position it makes, if searched).
    const best = job.ids.slice(1).map((_, i) => {
      const move = job.evaluations[i]?.best;
      if (!move) return null;
      const alternative = job.alternatives.get(i);
      const e = alternative?.move === move ? alternative.evaluation : null;
      return e ? { move, value: e.value, win_in: e.winIn } : { move };
    });
    const answer = await engine.call(request(a, "review", variations.movesTo(a.tree, job.ids.at(-1)), { evaluations, best }));
    const graded = readReview(answer, job.ids.length - 1);
    if (!graded) throw new Error("the engine sent a review that could not be read");
    return graded;
  }

  // One position's evaluation for its side to move (null where the game is over: Python knows the
  // result there).
  async function evaluate(job, moves, budget) {
    const state = await engine.call(request(a, "state", moves));
    if (state.result != null) return null;
    job.search = engine.think(request(a, "think", moves, budget), SLICE_MS);
    const answer = await job.search.result;
    if (!answer) return null;
    const evaluation = readEvaluation(answer);
    if (!evaluation) throw new Error("the engine sent an evaluation that could not be read");
    // The search's move, where it is one of the position's (checked again by Python).
    const best = typeof answer.best === "string" && answer.best.length <= 200 ? answer.best : null;
    return { ...evaluation, depth: answer.depth, best };
  }

  function stop() {
    const job = a.review;
    if (!job?.running) return;
    job.cancelled = true;
    job.running = false;
    job.search?.cancel();
    $("analysis-progress").hidden = true;
    $("analysis-review-summary").textContent = "The review was stopped. Press “Analyse this game” to start it again.";
    if (a.state) render(ctrl);
    ctrl.search.start();
  }

  // A click on the graph goes to the move under it.
  function graphClick(event) {
    const job = a.review;
    if (!job) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const ply = plyAt((event.clientX - rect.left) / rect.width, job.ids.length - 1);
    if (variations.has(a.tree, job.ids[ply])) void ctrl.run(() => ctrl.goTo(job.ids[ply]));
  }

  return { toggle, stop, graphClick };
}
