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
