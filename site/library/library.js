// The library view (`#library`): every saved game, to open, export as a record or delete (with
// Undo), analyse, and records to import (pasted, chosen or dropped); and the saved texts this page
// cannot read (storage.js keeps them), to copy out, download or delete. library-view.js draws the list.

import { act, app, continuing, engine, knownGames, openFirst, storage } from "../game/game.js";
import { boardEntry } from "../common/catalog.js";
import { dateText, recordDate, renderLibrary } from "./library-view.js";
import { analysisHash, linkHash } from "../common/links.js";
import { describeError, showMessage } from "../common/messages.js";
import { pageTitle } from "../common/words.js";
import { createRecordForm } from "./records.js";
import { checkImported } from "../common/saved-game.js";

const $ = (id) => document.getElementById(id);
let go = null;
let shown = false;

/** The library view, for app.js's lazy view (router.js: `show`, `hide`, and `render`, `importFiles`);
 * `navigate(hash)` goes to another view (the router's `go`). */
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
    several: true,
    onNote: (message) => showMessage(message, { kind: "note" }),
  });
  return {
    show: () => {
      shown = true;
      document.title = pageTitle("Your games"); // each view names the page when shown
      $("library-link").hidden = true;
      renderLibraryIfShown();
    },
    hide: () => {
      shown = false;
      $("library-link").hidden = false;
    },
    render: renderLibraryIfShown,
    /** Record files dropped anywhere on the page (library-early.js listens, before this module loads too). */
    importFiles: (files) => form.readFiles(files),
  };
}

export function renderLibraryIfShown() {
  if (!shown || !app.catalog) return;
  renderLibrary($("library-list"), {
    entries: app.library.entries,
    unreadable: storage.unreadable(knownGames()),
    catalog: app.catalog,
    currentId: app.entry?.id,
    on: { open: openEntry, analyse: analyseEntry, exportRecord, remove: removeEntry, download: downloadTexts, removeText },
  });
}

// Back to the game (the router shows it from its top).
const backToBoard = () => go(linkHash(app.record));

// A saved game on the analysis board, at the move it was left at; the game on the board stays.
const analyseEntry = (entry) => go(analysisHash(entry.record, entry.cursor, entry.resigned)); // the analysis board checks the side

function openEntry(entry) {
  backToBoard();
  return act(async () => {
    if (await openFirst([continuing("That saved game", entry)])) return;
    // This version cannot replay it (a newer site's moves or rules): its text, to keep elsewhere.
    showMessage("That saved game stays in Your games as it is; its saved text is below, to copy.", { kind: "note", details: { label: "The saved game", text: JSON.stringify(entry) } });
  });
}

const titleOf = (record) => boardEntry(app.catalog, record.game, record.variant)?.info.title ?? record.game;

function removeEntry(entry) {
  // The text as stored (a newer site's fields too), else as this page knows it (already gone: another tab deleted it).
  const text = storage.deleteEntry(entry.id) ?? (storage.readEntry(entry.id, knownGames()).entry ? null : JSON.stringify(entry));
  if (text == null) return showMessage("That game could not be deleted (the browser's storage refused).");
  app.library.entries.delete(entry.id);
  renderLibraryIfShown();
  offerUndo(showMessage(`Deleted: ${titleOf(entry.record)}, ${dateText(entry)}.`, {
    kind: "note",
    action: {
      label: "Undo",
      run: () => {
        const now = storage.readEntry(entry.id, knownGames());
        if (now.entry || now.problem) {
          // Saved again since (another tab played on): what is there now is newer, and stays.
          if (now.entry) app.library.entries.set(entry.id, now.entry);
          showMessage("That game was saved again in another tab after it was deleted here: Your games has it as it is now.", { kind: "note" });
        } else if (storage.restoreEntry(entry.id, text)) app.library.entries.set(entry.id, entry);
        else showMessage("The deleted game could not be put back: the browser's storage is full. Its text is below, to copy.", { details: { label: "The text", text } });
        renderLibraryIfShown();
      },
    },
  }));
}

// A text this page cannot read, deleted at the person's word (with Undo).
function removeText(item) {
  const text = storage.deleteText(item.key);
  renderLibraryIfShown();
  if (text == null) return showMessage("That text could not be deleted (the browser's storage refused).");
  offerUndo(showMessage(`Deleted ${item.what} that could not be read.`, {
    kind: "note",
    action: {
      label: "Undo",
      run: () => {
        if (!storage.restoreText(item.key, text)) showMessage("The deleted text could not be put back: the browser's storage is full. It is below, to copy.", { details: { label: "The text", text } });
        renderLibraryIfShown();
      },
    },
  }));
}

// The Delete pressed went with its entry: the focus goes to the note's Undo (not to the next entry's buttons).
function offerUndo(box) {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) box.querySelector(".action")?.focus({ preventScroll: true });
}

// A file for the person to keep, downloaded by the browser.
function download(name, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

// Unreadable texts, downloaded as one file: each with what it is and why it could not be read.
function downloadTexts(items) {
  const text = items.map((item) => `=== ${item.what} (${item.why}), kept as ${item.key}\n${item.text}\n`).join("\n");
  download(`kings-and-soldiers-unreadable-${recordDate(new Date().toISOString())}.txt`, text);
  showMessage(items.length === 1 ? "Its text was downloaded." : `Their ${items.length} texts were downloaded, in one file.`, { kind: "note" });
}

// The tags and comments a game's record is written with: an imported record's own (its players,
// Date, other tags, comments and declared result, while its moves stand), else who played here.
function recordExtras(entry) {
  const info = boardEntry(app.catalog, entry.record.game, entry.record.variant)?.info;
  const played = Object.fromEntries(
    (info?.sides ?? []).map((side, i) => [side.name, entry.mode === "two" ? "Player" : entry.mode === `play-${i}` ? "You" : `Computer level ${entry.level ?? "?"}`]),
  );
  const imported = entry.imported;
  const tags = imported ? { ...imported.tags } : { ...played, Date: recordDate(entry.updated) };
  if (imported?.result) tags.Result = imported.result; // kept only while the moves leave the game open (game-save.js)
  const comments = { ...imported?.comments };
  const resigned = info?.sides.find((side) => side.id === entry.resigned);
  if (resigned && entry.result) {
    // An ending off the board: the record's Result says who won, a comment after the last move why.
    tags.Result = entry.result === info.sides[0].id ? "1-0" : "0-1";
    const last = String(entry.record.moves.length);
    comments[last] = [comments[last], `${resigned.name} resigned.`].filter(Boolean).join(" ");
  }
  return { tags, comments };
}

// A game as a record (the bridge writes it), downloaded as a .txt file and copied if allowed.
async function exportRecord(entry) {
  try {
    const { text } = await engine.call({ op: "record-write", ...entry.record, ...recordExtras(entry) });
    download(`${entry.record.game}-${recordDate(entry.updated)}.txt`, text);
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
// entry with what the record said beyond its moves, and the game on the board stays in the library.
async function importRecord({ game, variant, start, moves, tags, comments, result, resultText }) {
  // Thrown, not returned: the form then keeps the record in its box, to import again.
  if (!app.ready) throw new Error("the page is still starting; try again in a moment");
  backToBoard();
  const imported = checkImported({ moves, tags, comments, result: result === "*" ? null : result, resultText });
  await act(async () => void (await openFirst([{ label: "The record", record: { game, variant, start, moves }, imported }])));
}
