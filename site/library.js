// The games library view: every saved game listed with its game, rules, players, date, moves and
// result, to open, analyse, export or delete. It only draws and reports intent: the app does the work.

const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Who played, in words: "Two players", "You (Black) vs computer, level 3", "Computer vs computer". */
export function playersText(entry, sides) {
  const person = { "play-0": 0, "play-1": 1 }[entry.mode];
  if (person !== undefined) return `You (${sides[person]?.name ?? "?"}) vs computer${entry.level ? `, level ${entry.level}` : ""}`;
  return entry.mode === "demo" ? "Computer vs computer" : "Two players";
}

/**
 * Draw the library into `host`: entries newest first. `catalog` names games and variants;
 * `currentId` is the game on the board; `on` has open(entry), analyse(entry), exportRecord(entry), remove(entry).
 */
export function renderLibrary(host, { entries, catalog, currentId, on }) {
  const rows = [...entries.values()].sort((a, b) => b.updated.localeCompare(a.updated));
  if (!rows.length) {
    host.replaceChildren(Object.assign(document.createElement("p"), { className: "empty", textContent: "No saved games yet." }));
    return;
  }
  const table = document.createElement("table");
  table.className = "library-table";
  const head = table.createTHead().insertRow();
  for (const title of ["Game", "Players", "Date", "Moves", "Result"]) head.append(Object.assign(document.createElement("th"), { textContent: title, scope: "col" }));
  // The buttons' column: named for screen readers (an empty header names nothing), not shown.
  const actions = Object.assign(document.createElement("th"), { scope: "col" });
  actions.append(Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: "Actions" }));
  head.append(actions);
  const body = table.createTBody();
  for (const entry of rows) {
    const { game, variant, moves } = entry.record;
    const board = catalog.boards[variant ? `${game}:${variant}` : game];
    const info = board?.info;
    const row = body.insertRow();
    row.dataset.id = entry.id;
    const cells = [
      info?.title ?? game,
      playersText(entry, info?.sides ?? []),
      new Date(entry.updated).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }),
      `${moves.length} move${moves.length === 1 ? "" : "s"}`,
      entry.result ? capitalise(entry.resultText ?? entry.result) : "In progress",
    ];
    for (const text of cells) row.insertCell().textContent = text;
    const actions = row.insertCell();
    actions.className = "actions";
    const button = (label, run, disabled = false, title = "") => {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: label, disabled, title });
      b.setAttribute("aria-label", `${label}: ${cells[0]}, ${cells[2]}`);
      b.onclick = () => run(entry);
      actions.append(b);
    };
    const current = entry.id === currentId;
    button(current ? "On the board" : "Open", on.open, current);
    button("Analyse", on.analyse);
    button("Export", on.exportRecord);
    button("Delete", on.remove, current, current ? "This game is on the board" : "");
  }
  host.replaceChildren(table);
}
