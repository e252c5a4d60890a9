// Opening a record on the analysis board: from the address, from the record form, or back from a
// note's Undo; and the address kept on the line shown, so a reload or a shared link comes back.

import { boardEntry, catalog } from "../common/catalog.js";
import { analysisHash, readLink } from "../common/links.js";
import { describeError, showMessage } from "../common/messages.js";
import * as variations from "./variations.js";
import { analysisShown, madeHere, movesAt } from "./analysis-state.js";
import { clearReview } from "./analysis-view.js";

/**
 * The opening of records for the analysis controller `ctrl`: {load, showHash, writeHash}.
 * `facing(record)` is the orientation a record opens in.
 */
export function createOpener(ctrl, facing) {
  const { a, $, engine, board, element } = ctrl;
  const startPosition = (data) => load({ game: data.games[0].id, variant: null, start: null, moves: [] }, null);

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
      action: { label: "Undo", run: () => void ctrl.run(() => showAnalysis(before)) },
    });
  }

  async function showAnalysis({ record, info, tree, opened, firstSide, at }) {
    ctrl.review.stop();
    Object.assign(a, { record, info, tree, opened, firstSide, review: null });
    element.dataset.game = record.game; // the top bar marks the game shown
    board.set({ geometry: info, pieces: info.pieces, sides: info.sides, label: `${info.title} analysis board`, orientation: a.orientation, position: {} });
    $("analysis-title").textContent = `Analysis · ${info.title}`;
    document.title = `Analysis · ${info.title} · Kings & Soldiers`;
    clearReview($);
    await ctrl.goTo(at);
  }

  async function showHash(hash) {
    const data = await catalog();
    const params = new URLSearchParams(hash.replace(/^#/, ""));
    // "#analysis=lion" names a game as "#rules=lion" and "#puzzles=lion" do: its start position.
    const named = params.get("analysis");
    const link = readLink(named && !params.has("game") ? `#${new URLSearchParams({ game: named })}` : hash, data);
    const at = Number(params.get("at") ?? Number.NaN);
    if (!link) {
      if (a.record) return writeHash(); // "#analysis" alone: what was shown last
      return startPosition(data);
    }
    const fallback = () => (a.record ? ctrl.goTo(a.at) : startPosition(data));
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

  return { load, showHash, writeHash };
}
