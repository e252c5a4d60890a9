// The games library view: every saved game listed with its game, rules, players, date, moves and
// result, to open, analyse, export or delete; and the saved texts this page cannot read, to copy
// out, download or delete. It only draws and reports intent: the app does the work.

import { isBegun } from "../common/saved-game.js";
import { capitalise } from "../common/words.js";

const pad = (n, width = 2) => String(n).padStart(width, "0");

/** A date as a record's Date tag writes it (YYYY-MM-DD, the person's own calendar day). */
export function recordDate(iso) {
  const day = new Date(iso);
  return Number.isNaN(day.getTime()) ? "????-??-??" : `${pad(day.getFullYear(), 4)}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** How many numbered moves `plies` moves (one side's each) make: "1 move", "28 moves" for 56. */
function movesText(plies) {
  const moves = Math.ceil(plies / 2);
  return `${moves} move${moves === 1 ? "" : "s"}`;
}

/**
 * Who played, in words: the players an imported record names ("Ann (Black) vs Bob (Green)"), else
 * "Two players", "You (Black) vs computer, level 3", "Computer vs computer".
 */
function playersText(entry, sides) {
  const tags = entry.imported?.tags ?? {};
  if (sides.some((s) => tags[s.name])) return sides.map((s) => `${tags[s.name] || "?"} (${s.name})`).join(" vs ");
  const person = { "play-0": 0, "play-1": 1 }[entry.mode];
  if (person !== undefined) return `You (${sides[person]?.name ?? "?"}) vs computer${entry.level ? `, level ${entry.level}` : ""}`;
  return entry.mode === "demo" ? "Computer vs computer" : "Two players";
}

/** The result in words: the game's end, or an imported record's declared one (a resignation). */
export function resultText(entry) {
  if (entry.result) return capitalise(entry.resultText ?? entry.result);
  const declared = entry.imported?.result;
  return declared && declared !== "*" ? capitalise(entry.imported.resultText ?? declared) : "In progress";
}

// The date a game was played: an imported record's full Date, else when it was last saved.
export function dateText(entry) {
  const tag = entry.imported?.tags.Date;
  if (tag && /^\d{4}-\d\d-\d\d$/.test(tag)) return new Date(`${tag}T12:00`).toLocaleDateString(undefined, { dateStyle: "medium" });
  if (tag && !/^\?{4}/.test(tag)) return tag; // partly known: as the record wrote it
  return new Date(entry.updated).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

const button = (label, run, { name = label, disabled = false, title = "" } = {}) => {
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: label, disabled, title });
  b.setAttribute("aria-label", name);
  b.onclick = run;
  return b;
};

/**
 * Draw the library into `host`: the games begun, newest first, then `unreadable` (storage.js). `catalog`
 * names games and variants; `currentId` is the game on the board; `on` has open(entry),
 * analyse(entry), exportRecord(entry), remove(entry), and for unreadable items download(items),
 * removeText(item).
 */
export function renderLibrary(host, { entries, unreadable = [], catalog, currentId, on }) {
  const rows = [...entries.values()].filter(isBegun).sort((a, b) => b.updated.localeCompare(a.updated));
  const parts = [];
  if (!rows.length) parts.push(Object.assign(document.createElement("p"), { className: "empty", textContent: "No saved games yet." }));
  else {
    const table = document.createElement("table");
    table.className = "library-table";
    const head = table.createTHead().insertRow();
    for (const title of ["Game", "Players", "Date", "Moves", "Result"]) head.append(Object.assign(document.createElement("th"), { textContent: title, scope: "col" }));
    const actionsHead = Object.assign(document.createElement("th"), { scope: "col" });
    actionsHead.append(Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: "Actions" }));
    head.append(actionsHead);
    const body = table.createTBody();
    for (const entry of rows) {
      const { game, variant, moves } = entry.record;
      const info = catalog.boards[variant ? `${game}:${variant}` : game]?.info;
      const row = body.insertRow();
      row.dataset.id = entry.id;
      const cells = [info?.title ?? game, playersText(entry, info?.sides ?? []), dateText(entry), movesText(moves.length), resultText(entry)];
      for (const text of cells) row.insertCell().textContent = text;
      const actions = row.insertCell();
      actions.className = "actions";
      const current = entry.id === currentId;
      const act = (label, run, options = {}) => actions.append(button(label, () => run(entry), { name: `${label}: ${cells[0]}, ${cells[2]}`, ...options }));
      act(current ? "On the board" : "Open", on.open, { disabled: current });
      // A game with a friend still in play: the engine does not help in it (the game view's Analyse waits too).
      const friendPlaying = String(entry.mode).startsWith("friend-") && entry.result == null;
      act("Analyse", on.analyse, friendPlaying ? { disabled: true, title: "The analysis board opens when the game with your friend is over" } : {});
      act("Export", on.exportRecord);
      act("Delete", on.remove, { disabled: current, title: current ? "This game is on the board" : "" });
    }
    parts.push(table);
  }
  if (unreadable.length) parts.push(unreadableSection(unreadable, on));
  host.replaceChildren(...parts);
}

// The texts this page cannot read: each one's words, its text to copy (filled in when opened:
// there may be hundreds), Download and Delete; and Download all.
function unreadableSection(items, on) {
  const section = Object.assign(document.createElement("section"), { className: "card unreadable" });
  section.setAttribute("aria-labelledby", "unreadable-heading");
  const heading = Object.assign(document.createElement("h2"), { id: "unreadable-heading", textContent: `Saved data this page cannot read (${items.length})` });
  const about = Object.assign(document.createElement("p"), {
    className: "empty",
    textContent:
      "Kept as it was: it may come from another version of the site (in another tab), or be damaged. Copy it out or download it; delete it once you no longer need it.",
  });
  const all = Object.assign(document.createElement("div"), { className: "row" });
  all.append(button(items.length === 1 ? "Download it" : "Download all", () => on.download(items)));
  const list = Object.assign(document.createElement("ul"), { className: "unreadable-list" });
  items.forEach((item, i) => {
    const li = document.createElement("li");
    const details = document.createElement("details");
    const summary = Object.assign(document.createElement("summary"), { textContent: `${capitalise(item.what)}: ${item.why}` });
    const copy = Object.assign(document.createElement("textarea"), { readOnly: true, rows: 3 });
    copy.setAttribute("aria-label", `The text of ${item.what}, to copy`);
    details.ontoggle = () => {
      if (details.open) copy.value = item.text;
    };
    const actions = Object.assign(document.createElement("div"), { className: "row" });
    actions.append(
      button("Download", () => on.download([item]), { name: `Download: ${item.what} ${i + 1}` }),
      button("Delete", () => on.removeText(item), { name: `Delete: ${item.what} ${i + 1}` }),
    );
    details.append(summary, copy, actions);
    li.append(details);
    list.append(li);
  });
  section.append(heading, about, all, list);
  return section;
}
