// The analysis board's controller: it opens a record (from the address, a form or a note's Undo),
// keeps the address on the line shown, shows a node of the move tree and changes the tree (moves
// played, variations promoted or deleted). The engine's search (analysis-search.js) and the game
// review (analysis-review.js) are its parts; the views (analysis-view.js, engine-view.js) draw it.

import { createBoard } from "../board/board.js";
import { describeMove } from "../board/speech.js";
import { boardEntry, catalog } from "../common/catalog.js";
import { analysisHash, readLink } from "../common/links.js";
import { describeError, showMessage } from "../common/messages.js";
import { sharedEngine } from "../engine/engine.js";
import { createEvalBar } from "./evalbar.js";
import * as variations from "./variations.js";
import { analysisShown, createState, MAX_LINES, madeHere, movesAt, request } from "./analysis-state.js";
import { createReview } from "./analysis-review.js";
import { createSearch } from "./analysis-search.js";
import { clearReview, render } from "./analysis-view.js";

/**
 * The controller of the analysis board drawn in `element` (its markup already there): the state
 * `a`, the board, the engine, and what the buttons, keys and address do. `facing(record)` is the
 * orientation a record opens in.
 */
export function createAnalysisCtrl(element, facing) {
  const $ = (id) => element.querySelector(`#${id}`);
  const engine = sharedEngine();
  const board = createBoard($("analysis-board"), { events: { move: onBoardMove } });
  const evalBar = createEvalBar($("analysis-eval"));
  const a = createState();
  const ctrl = { a, $, engine, board, evalBar, run, load, showHash, goTo, step, promote, remove, flip, setLines };
  ctrl.search = createSearch(ctrl);
  ctrl.review = createReview(ctrl);
  const { search, review } = ctrl;
  const startPosition = (data) => load({ game: data.games[0].id, variant: null, start: null, moves: [] }, null);

  // -- opening a record -----------------------------------------------------------------------------

  // Open `record` at main-line node `at` (its end when `at` is not a number), every move checked.
  async function load(record, at) {
    const data = await catalog();
    const entry = boardEntry(data, record.game, record.variant);
    await engine.ready;
    const info = entry?.info ?? (await engine.call({ op: "info", game: record.game, variant: record.variant }));
    const end = await engine.call({ op: "state", ...record }); // every move checked
    const tree = variations.treeOf(end.history);
    const ids = [0, ...variations.mainLine(tree)];
    const id = ids[Number.isInteger(at) ? Math.max(0, Math.min(at, ids.length - 1)) : ids.length - 1];
    const turnAtEnd = info.sides.findIndex((s) => s.id === end.turn);
    const before = madeHere(a) ? analysisShown(a) : null;
    a.orientation = facing(record);
    await showAnalysis({
      record: { game: record.game, variant: record.variant ?? null, start: end.start === info.start ? null : end.start },
      info,
      tree,
      opened: JSON.stringify(tree),
      firstSide: (((turnAtEnd - end.history.length) % 2) + 2) % 2,
      at: id,
    });
    if (!before) return;
    // Moves the person played here are not thrown away unasked: the note brings them back.
    const count = before.tree.nodes.filter(Boolean).length - 1;
    showMessage(`Opened in place of your ${before.info.title} analysis (${count} move${count === 1 ? "" : "s"}).`, {
      kind: "note",
      action: { label: "Undo", run: () => void run(() => showAnalysis(before)) },
    });
  }

  async function showAnalysis({ record, info, tree, opened, firstSide, at }) {
    review.stop();
    Object.assign(a, { record, info, tree, opened, firstSide, review: null });
    element.dataset.game = record.game; // the top bar marks the game shown
    board.set({ geometry: info, pieces: info.pieces, sides: info.sides, label: `${info.title} analysis board`, orientation: a.orientation, position: {} });
    $("analysis-title").textContent = `Analysis · ${info.title}`;
    document.title = `Analysis · ${info.title} · Kings & Soldiers`;
    clearReview($);
    await goTo(at);
  }

  async function showHash(hash) {
    const data = await catalog();
    const link = readLink(hash, data);
    const at = Number(new URLSearchParams(hash.replace(/^#/, "")).get("at") ?? Number.NaN);
    if (!link) {
      if (a.record) return writeHash(); // "#analysis" alone: what was shown last
      return startPosition(data);
    }
    const fallback = () => (a.record ? goTo(a.at) : startPosition(data));
    if (link.problem || link.friend) {
      showMessage(`That analysis link could not be opened: ${link.problem ?? "it is a game with a friend"}.`);
      return fallback();
    }
    try {
      await load(link.record, Number.isInteger(at) ? at : null);
    } catch (error) {
      if (error?.type === "WorkerLost" || error?.type === "LoadError") throw error;
      // A bad position or move in the link: said, and the board shows what it showed (or a start).
      showMessage(`That analysis link could not be opened: ${describeError(error)}.`);
      await fallback();
    }
  }

  // The address names the line shown (the moves to the node and on along its first children) and
  // the node, so a reload or a shared link comes back here.
  function writeHash() {
    if (!a.record || !a.shown) return;
    const before = movesAt(a);
    const after = variations.lineFrom(a.tree, a.at).map((id) => variations.nodeAt(a.tree, id).move);
    a.hash = analysisHash({ ...a.record, moves: [...before, ...after] }, before.length);
    if (location.hash !== a.hash) history.replaceState(null, "", a.hash);
  }

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
    if (motion?.path && before && state.lastMove) $("analysis-announce").textContent = describeMove(state.lastMove, before, a.info);
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
      const seq = a.seq;
      const state = await engine.call(request(a, "play", movesAt(a), { move: candidates[0].text }));
      if (seq !== a.seq) return board.cancel();
      const id = variations.addMove(a.tree, a.at, state.history.at(-1));
      await goTo(id, state.lastMove);
    });
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
