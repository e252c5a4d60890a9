// Opening a record on the analysis board: from the address, from the record form, or back from a
// note's Undo; and the address kept on the line shown, so a reload or a shared link comes back.
// The address holds one line; the tab keeps the whole tree (sessionStorage), so a reload brings
// back the variations made here too, every move replayed by Python again.

import { boardEntry, bottomSide, catalog } from "../common/catalog.js";
import { analysisHash, readLink } from "../common/links.js";
import { describeError, errorsShown, showMessage } from "../common/messages.js";
import * as variations from "./variations.js";
import { analysisShown, madeHere, movesAt } from "./analysis-state.js";
import { clearReview } from "./analysis-view.js";
import { pageTitle } from "../common/words.js";

const KEPT = "kings-and-soldiers/analysis-tree";
const MAX_KEPT_LINES = 200;
const MAX_KEPT_MOVES = 20_000;

// The tree's lines as this tab kept them for `hash` (the address it last wrote), checked: null if
// there are none, they were kept for another address, or they are not lines of moves. Their
// `resigned` ({side, moves}, or null) is kept with them.
function keptTree(hash) {
  let kept = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEPT));
  } catch {
    return null; // no storage here, or not JSON
  }
  const isLine = (line) => Array.isArray(line) && line.every((move) => typeof move === "string" && move.length <= 64);
  const { lines, resigned } = kept ?? {};
  if (kept?.hash !== hash || !Array.isArray(lines) || lines.length > MAX_KEPT_LINES || !lines.every(isLine)) return null;
  if (lines.flat().length > MAX_KEPT_MOVES) return null;
  const side = typeof resigned?.side === "string" && isLine(resigned.moves) ? resigned : null;
  return { lines, resigned: side && { side: side.side, moves: side.moves } };
}

function keepLines(hash, lines, resigned) {
  try {
    sessionStorage.setItem(KEPT, JSON.stringify({ hash, lines: lines.slice(0, MAX_KEPT_LINES), resigned }));
  } catch {
    // storage full or off: the address still holds the line shown
  }
}

/**
 * The opening of records for the analysis controller `ctrl`: {load, showHash, writeHash}.
 * `facing(record)` is the orientation a record opens in.
 */
export function createOpener(ctrl, facing) {
  const { a, $, engine, board, element } = ctrl;
  const startPosition = (data) => load({ game: data.games[0].id, variant: null, start: null, moves: [] }, null);

  // Open `record` at main-line node `at` (its end when `at` is not a number), every move checked;
  // with `lines` (kept by this tab for this address), the tree they make, the record's line in it.
  // `resigned`: {side, moves}, the side (its id) that resigned after those moves (null: at the
  // record's end), a game's end the moves alone do not show; a side that is none of the game's is
  // said, and the rest opened.
  async function load(record, at, lines = null, resigned = null) {
    const data = await catalog();
    const entry = boardEntry(data, record.game, record.variant);
    await engine.ready;
    const info = entry?.info ?? (await engine.call({ op: "info", game: record.game, variant: record.variant }));
    const end = await engine.call({ op: "state", ...record }); // every move checked
    const tree = variations.treeOf(lines ? [] : end.history);
    for (const line of lines ?? []) {
      try {
        await engine.call({ op: "state", ...record, moves: line }); // every kept move checked too
      } catch (error) {
        if (error?.type === "WorkerLost" || error?.type === "LoadError") throw error;
        continue; // a line Python does not accept is left out
      }
      line.reduce((id, move) => variations.addMove(tree, id, move), 0);
    }
    end.history.reduce((id, move) => variations.addMove(tree, id, move), 0); // a no-op when kept
    const path = end.history.slice(0, Number.isInteger(at) ? Math.max(0, at) : end.history.length);
    const id = variations.nodeOf(tree, path);
    const turnAtEnd = info.sides.findIndex((s) => s.id === end.turn);
    const before = madeHere(a) ? analysisShown(a) : null;
    const side = resigned && info.sides.find((s) => s.id === resigned.side);
    if (resigned && !side) showMessage("That analysis link says a side resigned that is none of the game's: the game is shown without it.");
    a.orientation = facing(record);
    await showAnalysis({
      record: { game: record.game, variant: record.variant ?? null, start: end.start === info.start ? null : end.start },
      info,
      tree,
      opened: JSON.stringify(lines ? variations.treeOf(end.history) : tree), // kept lines count as made here
      firstSide: (((turnAtEnd - end.history.length) % 2) + 2) % 2,
      bottom: entry ? info.sides.findIndex((s) => s.id === bottomSide(data, info)) : 0,
      at: id,
      resigned: side ? { side: side.id, moves: [...(resigned.moves ?? end.history)] } : null,
    });
    if (!before) return;
    // Moves the person played here are not thrown away unasked: the note brings them back.
    const count = before.tree.nodes.filter(Boolean).length - 1;
    showMessage(`This replaced the analysis you had (${before.info.title}, ${count} move${count === 1 ? "" : "s"}).`, {
      kind: "note",
      action: { label: "Undo", run: () => void ctrl.run(() => showAnalysis(before)) },
    });
  }

  async function showAnalysis({ record, info, tree, opened, firstSide, bottom, at, resigned = null }) {
    ctrl.review.stop();
    Object.assign(a, { record, info, tree, opened, firstSide, bottom, resigned, review: null });
    element.dataset.game = record.game; // the top bar marks the game shown
    board.set({ geometry: info, pieces: info.pieces, sides: info.sides, label: `${info.title} analysis board`, orientation: a.orientation, position: {} });
    $("analysis-title").textContent = `Analysis · ${info.title}`;
    document.title = pageTitle("Analysis", info.title);
    clearReview($);
    await ctrl.goTo(at);
  }

  async function showHash(hash) {
    const data = await catalog();
    const params = new URLSearchParams(hash.replace(/^#/, ""));
    // "#analysis=lion" names a game as "#rules=lion" and "#puzzles=lion" do: its start position.
    const named = params.get("analysis");
    // Who resigned at the moves' end is checked by load (a wrong side is said, the rest opened).
    const resigned = params.get("resigned");
    params.delete("resigned");
    const link = readLink(named && !params.has("game") ? `#${new URLSearchParams({ game: named })}` : `#${params}`, data);
    const at = Number(params.get("at") ?? Number.NaN);
    if (!link) {
      if (a.record) return writeHash(); // "#analysis" alone: what was shown last
      return startPosition(data);
    }
    // Another link: what was said about the last one goes (bad links opened one after another
    // would stack their errors, pushing the board's panel down).
    if (a.shown) for (const box of errorsShown()) box.remove();
    const fallback = () => (a.record ? ctrl.goTo(a.at) : startPosition(data));
    if (link.problem || link.friend) {
      showMessage(`That analysis link could not be opened: ${link.problem ?? "it is a game with a friend"}.`);
      return fallback();
    }
    try {
      const here = keptTree(hash);
      const ended = here ? here.resigned : resigned === null ? null : { side: resigned, moves: null }; // null: the link's end
      await load(link.record, Number.isInteger(at) ? at : null, here?.lines ?? null, ended);
    } catch (error) {
      if (error?.type === "WorkerLost" || error?.type === "LoadError") throw error;
      // A bad position or move in the link: said, and the board shows what it showed (or a start).
      showMessage(`That analysis link could not be opened: ${describeError(error)}.`);
      await fallback();
    }
  }

  // The address names the line shown (the moves to the node and on along its first children) and
  // the node, so a reload or a shared link comes back here; and who resigned, when the line is the
  // game as it was played (this tab keeps it with the tree for a reload of any line).
  function writeHash() {
    if (!a.record || !a.shown) return;
    const before = movesAt(a);
    const after = variations.lineFrom(a.tree, a.at).map((id) => variations.nodeAt(a.tree, id).move);
    const moves = [...before, ...after];
    const played = a.resigned && moves.length === a.resigned.moves.length && moves.every((m, i) => m === a.resigned.moves[i]);
    a.hash = analysisHash({ ...a.record, moves }, before.length, played ? a.resigned.side : null);
    if (location.hash !== a.hash) history.replaceState(null, "", a.hash);
    keepLines(a.hash, variations.lines(a.tree), a.resigned);
  }

  return { load, showHash, writeHash };
}
