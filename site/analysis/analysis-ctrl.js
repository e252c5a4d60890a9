// The analysis board's controller: it shows a node of the move tree and changes the tree (moves
// played, variations promoted or deleted). Its parts: the opening of records and the address
// (analysis-open.js), the engine's search (analysis-search.js) and the game review
// (analysis-review.js); the views (analysis-view.js, engine-view.js) draw it.

import { createBoard } from "../board/board.js";
import { describeMove } from "../board/speech.js";
import { describeError, showMessage } from "../common/messages.js";
import { sharedEngine } from "../engine/engine.js";
import { createEvalBar } from "../common/evalbar.js";
import * as variations from "./variations.js";
import { createState, MAX_LINES, moveLabel, movesAt, request } from "./analysis-state.js";
import { createOpener } from "./analysis-open.js";
import { createReview } from "./analysis-review.js";
import { createSearch } from "./analysis-search.js";
import { render, renderGraph } from "./analysis-view.js";

/**
 * The controller of the analysis board drawn in `element` (its markup already there): the state
 * `a`, the board, the engine and what the buttons and keys do; load, showHash and writeHash come
 * from analysis-open.js, and `search` and `review` are its parts. `facing(record)` is the
 * orientation a record opens in.
 */
export function createAnalysisCtrl(element, facing) {
  const $ = (id) => element.querySelector(`#${id}`);
  const engine = sharedEngine();
  const board = createBoard($("analysis-board"), { saysMoves: false, events: { move: onBoardMove } }); // goTo says it
  const evalBar = createEvalBar($("analysis-eval"));
  const a = createState();
  const ctrl = { a, $, element, engine, board, evalBar, run, goTo, play, step, promote, remove, flip, setLines };
  Object.assign(ctrl, createOpener(ctrl, facing));
  ctrl.search = createSearch(ctrl);
  ctrl.review = createReview(ctrl);
  const { search, review, writeHash } = ctrl;

  // -- the position shown ---------------------------------------------------------------------------

  // Show node `id`: Python's state of it, then the engine on it. `motion` animates a move.
  async function goTo(id, motion = null) {
    if (!variations.has(a.tree, id)) return;
    search.stop();
    const seq = ++a.seq;
    const state = await engine.call(request(a, "state", movesAt(a, id)));
    if (seq !== a.seq) return; // another position was asked for meanwhile
    const before = a.state?.board;
    a.at = id;
    a.state = state;
    a.found = null;
    a.arrowsFor = null;
    a.arrowsPv = null;
    board.set({ position: state.board, lastMove: state.lastMove, marks: state.status.marks, arrows: [], labels: {}, animate: motion });
    // A move played is said as a move; a step or a jump, as where the board now is.
    const node = variations.nodeAt(a.tree, id);
    $("analysis-announce").textContent =
      motion?.path && before && state.lastMove ? describeMove(state.lastMove, before, a.info) : node.ply ? `At ${moveLabel(a, node.ply)} ${node.move}.` : "At the start.";
    render(ctrl);
    writeHash();
    search.start();
  }

  // Run an action; its failure is said (the tree and the position shown stay).
  async function run(task) {
    try {
      await task();
    } catch (error) {
      board.cancel();
      if (error?.type !== "WorkerLost") showMessage(describeError(error));
    }
  }

  function step(where) {
    const node = variations.nodeAt(a.tree, a.at);
    const target = {
      first: 0,
      previous: node.parent,
      next: node.children[0],
      end: variations.lineFrom(a.tree, a.at).at(-1),
    }[where];
    if (target === undefined || target === null) return;
    void run(() => goTo(target, where === "next" ? true : null));
  }

  function flip() {
    a.orientation = a.orientation === "flipped" ? "normal" : "flipped";
    board.set({ orientation: a.orientation });
    renderGraph(ctrl); // drawn from the view of the side at the bottom
  }

  function setLines(value) {
    a.lines = Math.max(1, Math.min(MAX_LINES, Number(value) || 1));
    search.start();
  }

  // -- the move tree ----------------------------------------------------------------------------------

  // A move entered on the board: Python plays it (and names it), and it goes into the tree (as a
  // new variation unless the node already has it).
  function onBoardMove(candidates) {
    if (candidates.length !== 1) {
      board.cancel();
      return;
    }
    void run(async () => {
      if (!(await play(candidates[0].text))) board.cancel();
    });
  }

  // Play `move` at the node shown (false when the position changed meanwhile).
  async function play(move) {
    const seq = a.seq;
    const state = await engine.call(request(a, "play", movesAt(a), { move }));
    if (seq !== a.seq) return false;
    const id = variations.addMove(a.tree, a.at, state.history.at(-1));
    await goTo(id, state.lastMove);
    return true;
  }

  function promote() {
    review.stop(); // a review follows the main line it started with
    if (!variations.promote(a.tree, a.at)) return;
    render(ctrl);
    writeHash();
  }

  // Delete the move shown and what follows; a note offers to bring them back.
  function remove() {
    const node = variations.nodeAt(a.tree, a.at);
    if (node.parent === null) return;
    review.stop();
    const kept = structuredClone(a.tree);
    const count = variations.sizeFrom(a.tree, a.at);
    const at = a.at;
    const parent = variations.remove(a.tree, a.at);
    void run(() => goTo(parent));
    showMessage(`Deleted ${count} move${count === 1 ? "" : "s"} from ${node.move} on.`, {
      kind: "note",
      action: {
        label: "Undo",
        run: () => {
          a.tree = kept;
          void run(() => goTo(at));
        },
      },
    });
  }

  return ctrl;
}
