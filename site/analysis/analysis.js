// The analysis board (`#analysis&game=...&start=...&moves=...&at=3`): any position of any game, moves
// for both sides, variations kept as a tree (variations.js), the engine thinking on the position
// shown (up to 3 best lines, stopped as soon as the position changes), and a game review that
// evaluates every position of the main line and has Python grade every move (review-view.js). As everywhere,
// Python (in the worker) checks every move and says everything about a position: no rules here.
//
// This module is the view the router knows, and binds the page's buttons and keys. The pieces:
// analysis-state.js (the state), analysis-ctrl.js (opening records, the address, the position
// shown, the move tree), analysis-search.js (the engine on the position shown), analysis-review.js
// (the game review), analysis-view.js and engine-view.js (what is drawn).

import { createRecordForm } from "../library/records.js";
import { createAnalysisCtrl } from "./analysis-ctrl.js";
import { MARKUP } from "./analysis-view.js";

/**
 * The analysis view, for app.js's lazy view (router.js): {show, hide}, plus `review()` to run a
 * game review of the record shown (after `router.go(analysisHash(record))`). `facing(record)` is the
 * orientation a record opens in: the person's side at the bottom when it is the game they play.
 */
export function createAnalysisView(element, { facing = () => "normal" } = {}) {
  element.innerHTML = MARKUP;
  const ctrl = createAnalysisCtrl(element, facing);
  const { a, $, engine, run } = ctrl;

  // A record (pasted or a file) opens at its start; the tree shown before is replaced.
  createRecordForm({
    element: element.querySelector("[data-record-form]"),
    engine,
    action: "Open",
    failed: "opened",
    use: ({ game, variant, start, moves }) => ctrl.load({ game, variant, start, moves }, 0),
  });

  placeForWidth(element, $);
  // A move chosen in the move list or the engine's lines, a line drawn, or a point of the graph
  // changes the board: on a phone, where they are below it, the board is brought into sight first
  // when it is out of it (the step buttons under it then step on with it in sight).
  element.addEventListener("click", (event) => {
    if (NARROW.matches && event.target.closest?.(".analysis-panel :is(.mv, .pv-arrows), #analysis-graph")) boardInSight(element.querySelector(".stage"));
  });

  $("analysis-first").onclick = () => ctrl.step("first");
  $("analysis-previous").onclick = () => ctrl.step("previous");
  $("analysis-next").onclick = () => ctrl.step("next");
  $("analysis-end").onclick = () => ctrl.step("end");
  $("analysis-flip").onclick = ctrl.flip;
  $("analysis-promote").onclick = ctrl.promote;
  $("analysis-delete").onclick = ctrl.remove;
  $("analysis-engine").onclick = ctrl.search.toggle;
  $("analysis-lines").onchange = (event) => ctrl.setLines(event.target.value);
  $("analysis-review").onclick = () => void ctrl.review.toggle();
  $("analysis-graph").onclick = ctrl.review.graphClick;
  // A worker that died is replaced (engine.js): the search on the position shown starts again.
  engine.onLost((error) => {
    a.job = null;
    if (error.type === "LoadError") return;
    engine.ready.then(() => a.shown && a.state && !a.review?.running && ctrl.search.start(), () => {});
  });
  addEventListener("keydown", (event) => {
    if (!a.shown || !a.state || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, select, textarea, .board")) return;
    const where = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "end" }[event.key];
    if (!where) return;
    event.preventDefault();
    ctrl.step(where);
  });

  return {
    show({ hash }) {
      a.shown = true;
      if (hash === a.hash && a.state) return ctrl.search.start(); // back to the analysis as it was
      a.hash = hash;
      a.loading = run(() => ctrl.showHash(hash));
    },
    hide() {
      a.shown = false;
      ctrl.search.stop();
      ctrl.review.stop();
    },
    // Asked from another view (the game's result box): the review starts, and its card, far below
    // the board on a phone, is brought into view so that the person sees it start.
    review: () =>
      run(async () => {
        const untouched = watchTouches();
        await a.loading;
        const started = ctrl.review.toggle(); // the card is drawn running before the first answer
        if (untouched() && a.shown) reveal($("analysis-review").closest("section"), $("analysis-review").parentElement);
        await started;
      }),
  };
}

// One column (a phone, a narrow window): the panel is under the board (style.css's .layout).
const NARROW = matchMedia("(max-width: 52rem)");

/** Where the panel is under the board (a phone), the step buttons go right under the board and the
 * moves card above the engine's: the board, the buttons that step through the game and the move
 * list are in sight together, as lichess's phone layout keeps them. Beside the board (a desktop)
 * they are where MARKUP has them, the step buttons under the move list. Moved, not styled into
 * place: the order the page is read and tabbed through stays the order it is seen in. */
function placeForWidth(element, $) {
  const steps = element.querySelector(".analysis-steps");
  const moves = $("analysis-moves").closest("section");
  const engineCard = element.querySelector("section.engine");
  const place = () => {
    if (NARROW.matches) {
      $("analysis-board").after(steps);
      engineCard.before(moves);
    } else {
      $("analysis-moves").after(steps);
      engineCard.after(moves);
    }
  };
  place();
  NARROW.addEventListener("change", place);
}

/** The board (`stage`, with the step buttons under it on a phone) scrolled into sight if any of it
 * is out of sight, just enough and a little more (whole pixels: a board scrolled to a fraction of a
 * pixel above the screen's top is not in sight); smoothly unless motion is reduced. */
function boardInSight(stage) {
  const { top, bottom } = stage.getBoundingClientRect();
  const margin = 8;
  let by = 0;
  if (top < 0) by = Math.floor(top) - margin;
  else if (bottom > innerHeight) by = Math.min(Math.ceil(bottom - innerHeight) + margin, Math.floor(top));
  if (!by) return;
  const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
  scrollBy({ top: by, behavior: smooth ? "smooth" : "auto" });
}

// Whether the person has touched, clicked, scrolled or typed on the page since this was called: a
// page they are using is not scrolled under them (common/scroll.js: the page scrolls only when they
// scroll it; here they asked for what is shown, from another view).
function watchTouches() {
  let touched = false;
  const events = ["pointerdown", "wheel", "touchstart", "keydown"];
  const stop = () => {
    for (const type of events) removeEventListener(type, touch, true);
  };
  const touch = () => {
    touched = true;
    stop();
  };
  for (const type of events) addEventListener(type, touch, { capture: true, passive: true });
  return () => {
    stop();
    return !touched;
  };
}

/** Where `part` of `element` is out of view (below a phone's board), scroll the page just enough
 * to show `element` whole, with its scroll-margin below it; smoothly unless motion is reduced.
 * Nothing moves where `part` is in view (a desktop's panel, beside the board). */
function reveal(element, part) {
  const { top, bottom } = part.getBoundingClientRect();
  if (top >= 0 && bottom <= innerHeight) return;
  const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "nearest", behavior: smooth ? "smooth" : "auto" });
}
