// The game on the page: one game record on the one board, its move list, controls, the computer
// player and its library entry. The page holds only a game record ({game, variant, start, moves});
// Python (in the worker) turns it into everything shown: pieces, legal moves, the result and notes.
// Other features (friend games, the library, the other views) use what this module exports.

import { createBoard } from "../board/board.js";
import { PIECE_CSS } from "../board/board-style.js";
import { boardEntry, gameEntry } from "../common/catalog.js";
import { sharedEngine } from "../engine/engine.js";
import { glyphMarkup } from "../board/glyphs.js";
import { linkHash } from "../common/links.js";
import { describeError, plural, showMessage } from "../common/messages.js";
import { rulesHash } from "../learn/rules.js";
import { atEnd, lineOf, moveTo, played, shown, undone } from "./review.js";
import { scrollWithin } from "../common/scroll.js";
import { describeMove, describePosition } from "../board/speech.js";
import { createStorage, newId } from "../common/storage.js";


const html = document.documentElement;
export const engine = sharedEngine(); // first of all: Python downloads while the page sets itself up
export const storage = createStorage();
const { readSetting, writeSetting } = storage;
const $ = (id) => document.getElementById(id);
const pieceSheet = new CSSStyleSheet(); // the side-to-move swatch draws a piece outside the board
pieceSheet.replaceSync(PIECE_CSS);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, pieceSheet];

export const app = {
  catalog: null,
  library: { entries: new Map(), last: {} }, // every saved game, checked (storage.js)
  entry: null, // the library entry of the game on the board: {id, created}
  storageFull: false, // said once: the browser keeps no more of the games
  record: null, // the game as the board shows it: the line's moves up to its cursor
  line: lineOf([]), // the moves of the game, the cursor (how many the board shows), and what a new line replaced (review.js)
  info: null, // Python's fixed facts of record.game / record.variant
  state: null, // Python's state of record
  orientation: "normal", // each game opens facing the person (facePerson); Flip is for the moment
  ready: false,
  busy: false,
  // Who plays each side (side id -> "human" | "computer"); a side not listed is human. This is the
  // one place that decides whether the board takes input. Set from `mode` by assignPlayers().
  players: {},
  mode: "two", // "two" people, "play-<side index>" against the computer, or a "demo"
  level: null, // the computer's level (1-5), once the catalog's level table is known
  paused: false, // a demo waits while paused
  thinking: null, // the computer's search in progress: {cancelled, job}
};

export const board = createBoard($("board"), {
  orientation: app.orientation,
  events: { move: onBoardMove, select: onBoardSelect },
});

const humanToMove = () => (app.players[app.state?.turn] ?? "human") === "human";
const isDemo = () => app.mode === "demo";
export const sideName = (id) => app.info?.sides.find((s) => s.id === id)?.name ?? id;
export const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
export const fresh = (game, variant = null) => ({ game, variant, start: null, moves: [] });
export const request = (op, record, extra = {}) => ({
  op,
  game: record.game,
  variant: record.variant,
  start: record.start,
  moves: record.moves,
  ...extra,
});

// -- rendering -------------------------------------------------------------------------------------

function sideSwatch(side) {
  const [letter, piece] = Object.entries(app.info.pieces).find(([, p]) => p.side === side) ?? [];
  const index = app.info.sides.findIndex((s) => s.id === side);
  const name = app.info.sides[index]?.name.toLowerCase() ?? "";
  return `<svg class="swatch" viewBox="-50 -50 100 100" aria-hidden="true"><g class="piece side-${index} side-${name}">${glyphMarkup(piece?.glyph, letter ?? "?")}</g></svg>`;
}

// The top bar's games; `leaving` runs first (another view shown goes back to the game view).
export function renderNav(leaving = () => {}) {
  const nav = $("games");
  nav.replaceChildren(
    ...app.catalog.games.map((g) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = g.title;
      b.dataset.game = g.id;
      b.onclick = () => {
        leaving();
        void chooseGame(g.id);
      };
      return b;
    }),
  );
}

function renderVariants() {
  const game = gameEntry(app.catalog, app.record.game);
  const select = $("variant");
  const options = [null, ...(game?.variants ?? [])].map((v) => {
    const o = document.createElement("option");
    o.value = v ?? "";
    o.textContent = v ? (boardEntry(app.catalog, game.id, v)?.info.title ?? v) : "Standard rules";
    return o;
  });
  select.replaceChildren(...options);
  select.value = app.record.variant ?? "";
  $("variant-field").hidden = options.length < 2;
}

function renderMoves() {
  const { turn } = app.state;
  const { moves, cursor } = app.line;
  const [first, second] = app.info.sides.map((s) => s.id);
  // Sides alternate, so the side that moved first follows from the side to move at the cursor.
  const firstMover = cursor % 2 === 0 ? turn : turn === first ? second : first;
  const offset = firstMover === second ? 1 : 0;
  const cells = [...(offset ? [null] : []), ...moves];
  const list = $("moves");
  list.replaceChildren();
  let current = null;
  for (let i = 0; i < cells.length; i += 2) {
    const li = document.createElement("li");
    const num = document.createElement("span");
    num.className = "num";
    num.textContent = `${i / 2 + 1}.`;
    li.append(num);
    for (let j = i; j < Math.min(i + 2, cells.length); j++) {
      const ply = j - offset + 1; // the number of moves shown once this one is played
      if (cells[j] === null) {
        li.append(Object.assign(document.createElement("span"), { className: "mv", textContent: "…" }));
        continue;
      }
      const button = document.createElement("button");
      button.type = "button";
      button.className = "mv";
      button.textContent = cells[j];
      button.dataset.ply = String(ply);
      button.onclick = () => void goTo(ply);
      if (ply === cursor) {
        button.classList.add("current");
        button.setAttribute("aria-current", "step");
        current = button;
      } else if (ply > cursor) button.classList.add("future");
      li.append(button);
    }
    list.append(li);
  }
  $("moves-empty").hidden = moves.length > 0;
  if (current) scrollWithin(list, current);
  else list.scrollTop = 0;
  const reviewing = !atEnd(app.line);
  $("review-note").hidden = !reviewing;
  $("review-note-text").textContent = reviewing
    ? `Looking at move ${cursor} of ${moves.length}. A move played here starts a new line.`
    : "";
}

// One entry per kind of piece (pieces that differ only by side share a drawing), named without
// the side; the rules' short text on how it moves is the entry's tooltip.
function renderLegend() {
  const kinds = new Map();
  for (const [letter, piece] of Object.entries(app.info.pieces)) {
    const kind = piece.glyph ?? letter;
    if (kinds.has(kind)) continue;
    const side = sideName(piece.side);
    const name = piece.name.startsWith(`${side} `) ? piece.name.slice(side.length + 1) : piece.name;
    const index = app.info.sides.findIndex((s) => s.id === piece.side);
    const li = document.createElement("li");
    li.dataset.piece = letter;
    li.title = piece.help ? `${name}: ${piece.help}` : name;
    li.innerHTML = `<svg class="swatch" viewBox="-50 -50 100 100" aria-hidden="true"><g class="piece side-${index} side-${side.toLowerCase()}">${glyphMarkup(piece.glyph, letter)}</g></svg>`;
    li.append(Object.assign(document.createElement("span"), { textContent: capitalise(name) }));
    kinds.set(kind, li);
  }
  $("legend").replaceChildren(...kinds.values());
}

// The page's title names the game while the game view is shown (the other views name themselves).
export function renderTitle() {
  if (app.info && !$("game-view").hidden) document.title = `${app.info.title} · Kings & Soldiers`;
}

function renderHeading() {
  assignPlayers();
  renderModes();
  renderLegend();
  renderTitle();
  $("title").textContent = app.info.title;
  $("rules-link").href = rulesHash(app.record.game);
  $("variant-about").textContent = app.info.description ?? "";
  $("game-view").dataset.game = app.record.game; // the top bar marks the game shown (app.js)
  renderVariants();
}

function renderPanel() {
  const { state } = app;
  renderHeading();
  const over = state.result != null;
  $("turn").hidden = over;
  $("turn").innerHTML = over ? "" : `${sideSwatch(state.turn)}<span>${sideName(state.turn)} to move</span>`;
  $("result").hidden = !over;
  if (over) renderResult();
  $("notes").replaceChildren(
    ...state.status.notes.map((text) => Object.assign(document.createElement("li"), { textContent: text })),
  );
  onBoardSelect({ selection: [] });
  renderMoves();
  $("position-text").textContent = state.position;
  $("share-box").hidden = true;
  renderControls();
}

// Who won and why, in words; against the computer from the person's side ("You won").
function renderResult() {
  const { result, resultText, resultReason } = app.state;
  const person = Object.keys(app.players).filter((side) => app.players[side] === "human");
  let title = capitalise(resultText);
  if (person.length === 1 && result !== "draw") title = result === person[0] ? "You won!" : "You lost";
  $("result-title").textContent = title;
  $("result-reason").textContent = resultReason ?? "";
  $("rematch-switched").hidden = app.mode !== "play-0" && app.mode !== "play-1";
}

// A new game of the same game and variant; `switched` gives the person the other side.
function rematch(switched = false) {
  if (switched) chooseMode(app.mode === "play-0" ? "play-1" : "play-0");
  return newGame();
}

// The side drawn at the bottom when the board is not flipped: the one whose pieces start lower.
export function bottomSide(info) {
  const start = boardEntry(app.catalog, info.game, info.variant)?.state.board ?? {};
  const rank = Object.fromEntries(info.squares.map((sq) => [sq.name, sq.y]));
  const depth = (side) => {
    const ys = Object.entries(start).filter(([, p]) => info.pieces[p]?.side === side.id).map(([sq]) => rank[sq]);
    return ys.reduce((a, b) => a + b, 0) / (ys.length || 1);
  };
  return info.sides.reduce((low, side) => (depth(side) > depth(low) ? side : low)).id;
}

// The person's side at the bottom when they play one side (against the computer or a friend), else
// the board's usual way up: set for every game opened and every choice of players, so that nothing
// carries over from another game. Flip board turns it for the moment.
export function facePerson() {
  if (!app.info) return;
  const person = /^(?:play|friend)-(\d)$/.exec(app.mode)?.[1];
  const side = person === undefined ? null : app.info.sides[Number(person)]?.id;
  const wanted = side && side !== bottomSide(app.info) ? "flipped" : "normal";
  if (wanted !== app.orientation) flip();
}

// A position set up in the editor, played: a new game (a new library entry) with the players and
// level chosen there; the game that was on the board stays in the library.
export function playPosition(record, mode, level) {
  if (level) {
    app.level = level;
    $("level").value = String(level);
  }
  const entry = { id: newId(), created: new Date().toISOString(), mode, level };
  return act(() => openFirst([{ label: "The position", record, entry }]));
}

// A position set up in the editor, kept in the library as a game not yet begun.
export function keepPosition(record, board) {
  const now = new Date().toISOString();
  const entry = { id: newId(), record, cursor: 0, board, lastMove: null, mode: "two", level: null, created: now, updated: now, result: null, resultText: null };
  app.library.entries.set(entry.id, entry);
  return storage.writeEntry(entry);
}

export function renderControls() {
  const idle = app.ready && !app.busy;
  $("mode").disabled = $("level").disabled = !idle;
  $("level-field").hidden = app.mode === "two" || isFriendGame();
  $("pause").hidden = !isDemo();
  $("pause").disabled = !idle || app.state?.result != null;
  $("pause").textContent = app.paused ? "Resume" : "Pause";
  $("thinking").hidden = !app.thinking;
  html.toggleAttribute("data-thinking", Boolean(app.thinking));
  $("undo").disabled = !idle || app.line.cursor === 0;
  $("redo").disabled = !idle || atEnd(app.line);
  const { cursor, moves } = app.line;
  for (const [id, off] of [["first", cursor === 0], ["back", cursor === 0], ["forward", cursor === moves.length], ["last", cursor === moves.length]]) {
    $(id).disabled = !idle || off;
  }
  for (const id of ["new-game", "share", "flip"]) $(id).disabled = id !== "flip" && !idle;
  $("variant").disabled = !idle;
  $("load-button").disabled = !idle;
  for (const b of $("games").children) b.disabled = !idle;
  html.toggleAttribute("data-busy", app.busy);
  board.set({
    movable: {
      moves: app.state?.moves ?? [],
      enabled: idle && app.state?.result == null && humanToMove(),
    },
  });
  for (const listener of controlListeners) listener();
}

// Features whose controls follow the game view's (the hint, the way into the analysis board).
const controlListeners = [];
export const onControls = (listener) => controlListeners.push(listener);

// Show `state` (Python's answer for the record the board shows), animating `motion` ({path,
// removed} or true) if given; `line` is the game's line of moves when it changes (review.js).
// A move that animates is said to screen readers too.
function show(state, info, motion = null, line = null) {
  const geometryChanged = info !== app.info;
  const before = app.state?.board;
  if (line) app.line = line;
  app.info = info;
  app.state = state;
  if (motion?.path && before && state.lastMove) announce(describeMove(state.lastMove, before, info));
  app.record = {
    game: state.game,
    variant: state.variant,
    start: state.start === info.start ? null : state.start,
    moves: state.history,
  };
  board.set({
    ...(geometryChanged ? { geometry: info, pieces: info.pieces, sides: info.sides } : {}),
    label: `${info.title} board`,
    position: state.board,
    lastMove: state.lastMove,
    marks: state.status.marks,
    animate: geometryChanged ? false : motion,
  });
  renderPanel();
  save();
  for (const listener of shownListeners) void listener();
}

// Features that draw something of their own for each state shown (a friend game's link).
const shownListeners = [];
export const onShown = (listener) => shownListeners.push(listener);

// Keep the game on the board in its library entry (written alone: other games, and other tabs'
// games, are not touched). A demo is the computer's game, not the person's: it is kept only once
// it goes on from moves that were kept (a game the person left to the computer).
function save() {
  const { record, state, line } = app;
  app.entry ??= newEntry();
  if (isDemo() && !app.library.entries.get(app.entry.id)?.record.moves.length) return nameGame();
  const entry = {
    id: app.entry.id,
    record: { ...record, moves: line.moves },
    cursor: line.cursor,
    board: state.board,
    lastMove: state.lastMove && { path: state.lastMove.path, removed: state.lastMove.removed },
    mode: app.mode,
    level: app.mode === "two" ? null : app.level,
    created: app.entry.created,
    updated: new Date().toISOString(),
    result: state.result ?? null,
    resultText: state.resultText ?? null,
    imported: null,
  };
  // What an imported record said beyond its moves holds while its moves are played as it gave them.
  const { imported } = app.entry;
  if (imported) {
    const same = (n) => line.moves.length >= n && imported.moves.slice(0, n).every((m, i) => m === line.moves[i]);
    const comments = Object.fromEntries(Object.entries(imported.comments).filter(([ply]) => same(Number(ply))));
    const result = line.moves.length === imported.moves.length && same(line.moves.length) && !state.result ? imported.result : null;
    entry.imported = { ...imported, comments, result, resultText: result && imported.resultText };
  }
  let kept = storage.writeEntry(entry);
  if (!kept && storage.readEntry(entry.id, knownGames()).problem) {
    // Another tab left a text this page cannot read under this game's key: it stays, and this game
    // is kept under a new one.
    app.entry = { ...app.entry, id: newId() };
    entry.id = app.entry.id;
    kept = storage.writeEntry(entry);
  }
  app.library.entries.set(entry.id, entry);
  app.library.last = { ...app.library.last, current: entry.id, [record.game]: entry.id };
  if (!kept && !app.storageFull) {
    showMessage("This browser is not keeping your games (its storage is full or turned off): they will be lost when the page closes.");
  }
  app.storageFull = !kept;
  nameGame();
}

// The address names the game while the game is the view shown (not under the library, rules...).
function nameGame() {
  if (!$("game-view").hidden) history.replaceState(null, "", linkHash(app.record));
}

const newEntry = () => ({ id: newId(), created: new Date().toISOString() });

/** The ids of the games the site has (storage checks entries against them). */
export const knownGames = () => new Set(app.catalog?.games.map((g) => g.id) ?? []);

// The library entry to continue for a game: the one it showed last, else its latest.
export function entryOf(game) {
  const last = app.library.entries.get(app.library.last[game]);
  if (last?.record.game === game) return last;
  return [...app.library.entries.values()].filter((e) => e.record.game === game).sort((a, b) => b.updated.localeCompare(a.updated))[0] ?? null;
}

// What openFirst tries: a library entry, to continue.
export const continuing = (label, entry) => entry && { label, record: entry.record, cursor: entry.cursor, entry };

// Draw a record before Python can check it: from the build's catalog, or from the save.
export function drawAtOnce({ record, entry: saved }) {
  const entry = boardEntry(app.catalog, record.game, record.variant);
  if (!entry) return;
  const same = (a, b) => a && b && JSON.stringify(a) === JSON.stringify(b);
  const isNew = !record.start && !record.moves.length;
  let position = {};
  let lastMove = null;
  if (isNew) position = entry.state.board;
  else if (same(saved?.record, record) && saved.board) {
    // a saved drawing, of this game's pieces only (Python redraws it once it has replayed the record)
    position = Object.fromEntries(Object.entries(saved.board).filter(([, p]) => Object.hasOwn(entry.info.pieces, p)));
    lastMove = saved.lastMove;
  }
  app.info = entry.info;
  app.record = record;
  board.set({ geometry: entry.info, pieces: entry.info.pieces, sides: entry.info.sides, position, lastMove });
  if (isNew) {
    app.state = entry.state; // a state Python wrote at build time
    renderPanel();
  } else renderHeading();
}

// -- talking to Python -----------------------------------------------------------------------------

async function fetchGame(record) {
  const state = await engine.call(request("state", record));
  const info =
    app.info?.game === record.game && app.info?.variant === (record.variant ?? null) && app.ready
      ? app.info
      : await engine.call({ op: "info", game: record.game, variant: record.variant });
  return { state, info };
}

// Run one action against Python: the controls wait, and any error is shown (the game stays). A
// person's action cancels the computer's search; when the action is done, the computer moves if
// it is its turn.
export async function act(task, { byComputer = false } = {}) {
  if (app.busy || !app.ready) return;
  if (!byComputer) stopThinking();
  app.busy = true;
  renderControls();
  try {
    await task();
  } catch (error) {
    board.cancel(); // a move that failed leaves its piece where it was
    if (error?.type !== "WorkerLost") showMessage(describeError(error)); // onEngineLost says that
  } finally {
    app.busy = false;
    renderControls();
    startThinking();
  }
}

// Open the first of `tries` ({label, record, cursor?, entry?, imported?}) that Python accepts; say
// why others failed. Every move of the record is checked; the board shows the first `cursor` of
// them. A try with a library entry continues it; one without starts a new entry (the others stay),
// with `imported` (storage.js) when it comes from a record.
export async function openFirst(tries) {
  for (const { label, record, cursor, entry, imported = null } of tries) {
    try {
      const { state: end, info } = await fetchGame(record);
      const line = lineOf(end.history, cursor);
      const state = atEnd(line) ? end : await engine.call(request("state", { ...record, moves: shown(line) }));
      app.entry = entry ? { id: entry.id, created: entry.created, imported: entry.imported ?? null } : { ...newEntry(), imported };
      // A saved game goes on with the players it had; a new one starts with the person's setting.
      const mode = MODES.includes(entry?.mode) ? entry.mode : entry ? app.mode : readMode();
      if (mode !== app.mode) {
        app.mode = mode;
        app.paused = false;
        $("mode").value = app.mode;
        if (entry?.level && app.catalog.levels.levels.some((l) => l.level === entry.level)) app.level = entry.level;
        $("level").value = String(app.level);
      }
      show(state, info, null, line);
      facePerson();
      return true;
    } catch (error) {
      if (label) showMessage(`${label} could not be opened: ${describeError(error)}`);
    }
  }
  return false;
}

function play(text, options) {
  return act(async () => {
    const state = await engine.call(request("play", app.record, { move: text }));
    const line = played(app.line, state.history.at(-1));
    if (line.replaced && line.replaced !== app.line.replaced) {
      const n = line.replaced.moves.length;
      showMessage(`A new line from move ${line.replaced.at + 1}: it replaced the ${plural(n, "move")} that followed. Undo back to here brings them back.`, { kind: "note" });
    }
    show(state, app.info, state.lastMove, line);
  }, options);
}

// Show the game after its first `cursor` moves (review); the line is kept, so End comes back.
function goTo(cursor) {
  const line = moveTo(app.line, cursor);
  if (line.cursor === app.line.cursor) return;
  return act(async () => {
    const state = await engine.call(request("state", { ...app.record, moves: shown(line) }));
    const oneOn = line.cursor === app.line.cursor + 1;
    show(state, app.info, oneOn ? state.lastMove : null, line);
  });
}

// -- the computer player ---------------------------------------------------------------------------

// Who plays: two people here, a person against the computer, the computer against itself, or a
// person here against a friend elsewhere, the moves going back and forth by link.
export const MODES = ["two", "play-0", "play-1", "demo", "friend-0", "friend-1"];
export const isFriendGame = () => app.mode.startsWith("friend-");
const DEMO_PAUSE_MS = 700; // between the moves of a demo, so people can follow them

// The Players setting a new game starts with: the person's last choice of two players or of a side
// against the computer. A demo or a friend game belongs to its own game (its library entry keeps
// it): after a demo, another game does not start playing by itself.
const REMEMBERED_MODES = ["two", "play-0", "play-1"];
export function readMode() {
  const mode = readSetting("players");
  return REMEMBERED_MODES.includes(mode) ? mode : "two"; // a damaged setting is ignored
}

function assignPlayers() {
  const [kind, index] = app.mode.split("-");
  const other = kind === "friend" ? "friend" : "computer";
  app.players = Object.fromEntries(
    (app.info?.sides ?? []).map((side, i) => [side.id, app.mode === "two" || String(i) === index ? "human" : other]),
  );
}

function renderModes() {
  const select = $("mode");
  const names = app.info.sides.map((s) => s.name);
  if (select.dataset.sides === names.join()) return; // keep an open list open while a demo plays
  select.dataset.sides = names.join();
  const labels = { two: "Two players", demo: "Computer vs computer" };
  names.forEach((name, i) => {
    labels[`play-${i}`] = `Play ${name} vs computer`;
    labels[`friend-${i}`] = `Play ${name} with a friend, by link`;
  });
  select.replaceChildren(...MODES.map((mode) => new Option(labels[mode], mode)));
  select.value = app.mode;
}

// The levels and their think times come from the search's own table (games.js, built from it).
export function renderLevels(table) {
  const known = table.levels.map((l) => l.level);
  const saved = Number(readSetting("level"));
  app.level = known.includes(saved) ? saved : table.default;
  $("level").replaceChildren(
    ...table.levels.map((l) => new Option(`Level ${l.level} · ${l.nodes ? "up to " : ""}${l.time_ms / 1000} s`, String(l.level))),
  );
  $("level").value = String(app.level);
}

// A page's first search in Pyodide pays a one-time cost (measured 0.1-1.5 s on a busy machine,
// spent inside the search's first slice), which would eat a level's whole budget: pay it with a
// tiny search as soon as a computer plays, before its first real move. Once per page.
let searchWarm = false;
function warmUpSearch() {
  if (searchWarm || !app.ready || !Object.values(app.players).includes("computer")) return;
  searchWarm = true;
  const start = fresh(app.record.game, app.record.variant);
  engine.call(request("bestmove", start, { nodes: 50 })).catch(() => {}); // a failure shows on the first real search
}

// If it is the computer's turn, search for its move in the worker and play it like a person's.
export function startThinking() {
  warmUpSearch();
  if (!app.ready || app.busy || app.thinking || !app.state || app.state.result != null || !atEnd(app.line)) return;
  if (app.players[app.state.turn] !== "computer" || (isDemo() && app.paused) || app.level == null) return;
  const search = { cancelled: false, job: null };
  const record = app.record;
  app.thinking = search;
  renderControls();
  void (async () => {
    try {
      if (isDemo()) await new Promise((resolve) => setTimeout(resolve, DEMO_PAUSE_MS));
      if (search.cancelled) return;
      search.job = engine.think(request("think", record, { level: app.level }));
      const answer = await search.job.result;
      if (search.cancelled || !answer || app.record !== record) return;
      app.thinking = null;
      await play(answer.best, { byComputer: true });
    } catch (error) {
      if (!search.cancelled && error?.type !== "WorkerLost") showMessage(`The computer could not move: ${describeError(error)}`);
    } finally {
      if (app.thinking === search) {
        app.thinking = null;
        renderControls();
      }
    }
  })();
}

export function stopThinking() {
  const search = app.thinking;
  if (!search) return;
  search.cancelled = true;
  search.job?.cancel();
  app.thinking = null;
  renderControls();
}

export function chooseMode(mode) {
  app.mode = MODES.includes(mode) ? mode : "two";
  $("mode").value = app.mode; // when chosen by a button (Rematch, sides switched)
  if (REMEMBERED_MODES.includes(app.mode)) writeSetting("players", app.mode);
  app.paused = false;
  stopThinking();
  assignPlayers();
  facePerson();
  if (app.state?.result != null) renderResult(); // "You won" depends on who plays
  renderControls();
  for (const listener of shownListeners) void listener(); // a friend game's invitation
  startThinking();
}

function chooseLevel(level) {
  app.level = level;
  writeSetting("level", String(level));
  if (!app.thinking) return;
  stopThinking(); // think again at the new level
  startThinking();
}

function togglePause() {
  app.paused = !app.paused;
  if (app.paused) stopThinking();
  renderControls();
  startThinking();
}

// -- user actions ----------------------------------------------------------------------------------

function onBoardMove(candidates) {
  if (candidates.length === 1) return play(candidates[0].text);
  // Every move has its own path in the engines' contract; say so loudly if one ever does not.
  board.cancel();
  showMessage(`The moves ${candidates.map((m) => m.text).join(", ")} have the same squares; please report this.`);
}

// The selected piece's moves in words (in a box of fixed height: the controls below never move),
// and how it moves (in the Pieces card, its kind marked).
function onBoardSelect({ selection, next, canStop, piece, effects = {} }) {
  let hint = "";
  if (canStop) hint = `Continue to ${next.join(" or ")}, or click ${selection.at(-1)} again to stop there.`;
  else if (selection.length) hint = `Click a marked square to move; click elsewhere to cancel.`;
  $("hint").textContent = [hint, ...describeEffects(effects)].join(" ");
  const about = selection.length ? app.info.pieces[piece] : null;
  $("piece-help").textContent = about?.help ? `${about.name}: ${about.help}` : "";
  const kind = about?.glyph ?? piece;
  for (const li of $("legend").children) li.classList.toggle("selected", Boolean(about) && (app.info.pieces[li.dataset.piece]?.glyph ?? li.dataset.piece) === kind);
}

// What going on to each next square does to other pieces, in words: "To b2: takes the Green stone on c3."
function describeEffects(effects) {
  const name = (letter) => app.info.pieces[letter]?.name ?? letter;
  const on = (square) => `the ${name(app.state.board[square])} on ${square}`;
  const a = (letter) => `${/^[aeiou]/i.test(name(letter)) ? "an" : "a"} ${name(letter)}`;
  return Object.entries(effects)
    .map(([square, { removed = [], changed = {} }]) => {
      const parts = [
        ...(removed.length ? [`takes ${removed.map(on).join(", ")}`] : []),
        ...Object.entries(changed).map(([sq, letter]) => `turns ${on(sq)} into ${a(letter)}`),
      ];
      return parts.length ? `To ${square}: ${parts.join("; ")}.` : "";
    })
    .filter(Boolean);
}

// Take back the last move; against the computer, back to the person's turn (its reply and their
// move). The moves taken back stay in the line, for Redo.
function undo() {
  return act(async () => {
    const takenBack = app.state.lastMove;
    const someoneHuman = Object.values(app.players).includes("human");
    let cursor = app.line.cursor;
    let state;
    do {
      cursor -= 1;
      state = await engine.call(request("state", { ...app.record, moves: app.line.moves.slice(0, cursor) }));
    } while (someoneHuman && cursor > 0 && app.players[state.turn] === "computer");
    const { line, restored } = undone(app.line, cursor);
    if (restored) showMessage(`The ${plural(restored, "move")} that the new line replaced ${restored === 1 ? "is" : "are"} back: Redo plays ${restored === 1 ? "it" : "them"} again.`, { kind: "note" });
    const oneMove = cursor === app.line.cursor - 1;
    show(state, app.info, oneMove && takenBack ? { path: [...takenBack.path].reverse(), removed: [] } : null, line);
  });
}

// Play again what Undo took back; against the computer, on to the person's next turn.
function redo() {
  return act(async () => {
    const someoneHuman = Object.values(app.players).includes("human");
    let cursor = app.line.cursor;
    let state;
    do {
      cursor += 1;
      state = await engine.call(request("state", { ...app.record, moves: app.line.moves.slice(0, cursor) }));
    } while (someoneHuman && cursor < app.line.moves.length && app.players[state.turn] === "computer");
    show(state, app.info, state.lastMove, moveTo(app.line, cursor));
  });
}

// A new game (a new library entry: the game in progress stays in the library).
export function newGame(game = app.record.game, variant = app.record.variant) {
  return act(async () => {
    const { state, info } = await fetchGame(fresh(game, variant));
    app.entry = newEntry();
    show(state, info, null, lineOf([]));
    facePerson();
  });
}

function chooseGame(game) {
  if (game === app.record?.game) return;
  return act(async () => {
    const tries = [continuing("Your saved game", entryOf(game)), { label: "", record: fresh(game) }].filter(Boolean);
    drawAtOnce(tries[0]);
    await openFirst(tries);
  });
}

function loadPosition(text) {
  const error = $("load-error");
  error.hidden = true;
  return act(async () => {
    try {
      const state = await engine.call(request("state", { ...app.record, start: text, moves: [] }));
      app.entry = newEntry(); // a new game from that position; the one in progress stays in the library
      show(state, app.info, null, lineOf([]));
      $("position-input").value = "";
    } catch (e) {
      error.textContent = `That position could not be loaded: ${describeError(e)}`;
      error.hidden = false;
    }
  });
}

async function share() {
  const url = new URL(linkHash({ ...app.record, moves: app.line.moves }, true), location.href).href;
  const field = $("share-link");
  field.value = url;
  $("share-box").hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(url);
    $("share-note").textContent = "Copied to the clipboard.";
  } catch {
    $("share-note").textContent = "Copy this link to share the game.";
  }
}

function flip() {
  app.orientation = app.orientation === "flipped" ? "normal" : "flipped";
  board.set({ orientation: app.orientation });
}

// -- keys and speech ---------------------------------------------------------------------------

// Review keys work wherever the person is not typing or using the board (which has its own arrows).
function onKey(event) {
  const target = event.target;
  if (target.closest?.("input, select, textarea, #board") || event.altKey || $("game-view").hidden) return;
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  const action = command
    ? { z: event.shiftKey ? redo : undo, y: redo }[key]
    : {
        arrowleft: () => goTo(app.line.cursor - 1),
        arrowright: () => goTo(app.line.cursor + 1),
        home: () => goTo(0),
        end: () => goTo(app.line.moves.length),
        d: describe,
      }[key];
  if (!action || !app.state) return;
  event.preventDefault();
  void action();
}

function announce(text) {
  $("announce").textContent = text;
}

// The whole position in words, side by side, for people who cannot see the board.
function describe() {
  if (!app.state) return;
  const text = describePosition(app.state.board, app.info, app.state.turn);
  $("position-words").textContent = text;
  $("position-words").hidden = false;
  announce(text);
}


export function showLoading(stage) {
  $("loading-text").textContent = `${stage}…`;
}

// The game view's own buttons, fields and keys.
export function wireGameControls() {
  $("new-game").onclick = () => void newGame();
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("first").onclick = () => void goTo(0);
  $("back").onclick = () => void goTo(app.line.cursor - 1);
  $("forward").onclick = () => void goTo(app.line.cursor + 1);
  $("last").onclick = () => void goTo(app.line.moves.length);
  $("describe").onclick = describe;
  $("rematch").onclick = () => void rematch();
  $("rematch-switched").onclick = () => void rematch(true);
  $("review-game").onclick = async () => {
    await goTo(0);
    $("forward").focus({ preventScroll: true });
  };
  addEventListener("keydown", onKey);
  $("flip").onclick = flip;
  $("share").onclick = share;
  $("variant").onchange = (e) => void newGame(app.record.game, e.target.value || null);
  $("mode").onchange = (e) => chooseMode(e.target.value);
  $("level").onchange = (e) => chooseLevel(Number(e.target.value));
  $("pause").onclick = togglePause;
  $("load-form").onsubmit = (e) => {
    e.preventDefault();
    void loadPosition($("position-input").value);
  };
}
