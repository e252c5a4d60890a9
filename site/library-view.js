// The library view (`#library`): every saved game, to open, export as a record or delete (with
// Undo), analyse, and records to import (pasted, chosen or dropped). library.js draws the list.

import { act, app, continuing, engine, openFirst, storage } from "./game.js";
import { boardEntry } from "./catalog.js";
import { renderLibrary } from "./library.js";
import { analysisHash, linkHash } from "./links.js";
import { describeError, showMessage } from "./messages.js";
import { createRecordForm } from "./records.js";

const $ = (id) => document.getElementById(id);
let go = null;
let shown = false;

/** The library view for the router; `navigate(hash)` goes to another view (the router's `go`). */
export function createLibraryView({ element, navigate }) {
  go = navigate;
  $("library-back").onclick = (e) => {
    e.preventDefault();
    backToBoard();
  };
  const form = createRecordForm({
    element: $("import-form"),
    engine,
    action: "Import",
    failed: "imported",
    placeholder: '[Game "lilypad"]\n\n1. K@c8 K@f1 2. c6-d5 *',
    use: importRecord,
    onError: (message) => shown || showMessage(message), // a file dropped on another view
  });
  addEventListener("dragover", (e) => e.preventDefault());
  addEventListener("drop", (e) => {
    if (!e.dataTransfer?.files.length) return;
    e.preventDefault();
    void form.readFile(e.dataTransfer.files[0]);
  });
  return {
    name: "library",
    element,
    matches: (hash) => (hash === "#library" ? {} : null),
    show: () => {
      shown = true;
      $("library-link").hidden = true;
      renderLibraryIfShown();
    },
    hide: () => {
      shown = false;
      $("library-link").hidden = false;
    },
  };
}

export function renderLibraryIfShown() {
  if (!shown || !app.catalog) return;
  renderLibrary($("library-list"), {
    entries: app.library.entries,
    catalog: app.catalog,
    currentId: app.entry?.id,
    on: { open: openEntry, analyse: analyseEntry, exportRecord, remove: removeEntry },
  });
}

const backToBoard = () => go(linkHash(app.record));

// A saved game on the analysis board, at the move it was left at; the game on the board stays.
const analyseEntry = (entry) => go(analysisHash(entry.record, entry.cursor));

function openEntry(entry) {
  backToBoard();
  return act(async () => void (await openFirst([continuing("That saved game", entry)])));
}

function removeEntry(entry) {
  const text = storage.deleteEntry(entry.id);
  app.library.entries.delete(entry.id);
  renderLibraryIfShown();
  const title = boardEntry(app.catalog, entry.record.game, entry.record.variant)?.info.title ?? entry.record.game;
  showMessage(`Deleted the ${title} game of ${new Date(entry.updated).toLocaleDateString()}.`, {
    kind: "note",
    action: {
      label: "Undo",
      run: () => {
        if (text != null && storage.restoreEntry(entry.id, text)) app.library.entries.set(entry.id, entry);
        renderLibraryIfShown();
      },
    },
  });
}

// A game as a record (the bridge writes it), downloaded as a .txt file and copied if allowed.
async function exportRecord(entry) {
  const info = boardEntry(app.catalog, entry.record.game, entry.record.variant)?.info;
  const players = Object.fromEntries(
    (info?.sides ?? []).map((side, i) => [side.name, entry.mode === "two" ? "Player" : entry.mode === `play-${i}` ? "You" : `Computer level ${entry.level ?? "?"}`]),
  );
  try {
    const { text } = await engine.call({ op: "record-write", ...entry.record, tags: { Date: entry.updated.slice(0, 10), ...players } });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = `${entry.record.game}-${entry.updated.slice(0, 10)}.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    let copied = false;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      // the download is enough
    }
    showMessage(`The game record was downloaded${copied ? " and copied to the clipboard" : ""}.`, { kind: "note" });
  } catch (error) {
    showMessage(`The game could not be exported: ${describeError(error)}`);
  }
}

// A game record read by the import form (pasted, a file, a dropped file): it opens as a new library
// entry, and the game on the board stays in the library.
async function importRecord({ game, variant, start, moves }) {
  // Thrown, not returned: the form then keeps the record in its box, to import again.
  if (!app.ready) throw new Error("the page is still starting; try again in a moment");
  backToBoard();
  await act(async () => void (await openFirst([{ label: "The record", record: { game, variant, start, moves } }])));
}
