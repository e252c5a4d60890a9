// The app shell: one game on one board, with its move list, controls, links and saved games.
// The page holds only a game record ({game, variant, start, moves}); Python (in the worker) turns
// it into everything shown: pieces, legal moves, the result and status notes.

import { createBoard } from "./board.js";
import { PIECE_CSS } from "./board-style.js";
import { boardEntry, catalog, gameEntry } from "./catalog.js";
import { sharedEngine } from "./engine.js";
import { glyphMarkup } from "./glyphs.js";
import { linkHash, readLink } from "./links.js";
import { describeError, showMessage } from "./messages.js";
import { createStorage } from "./storage.js";

const html = document.documentElement;
html.dataset.app = "running"; // start.js reports load failures until now; from here the app does
const engine = sharedEngine(); // first of all: Python downloads while the page sets itself up
const storage = createStorage();
const { readSetting, writeSetting } = storage;
const $ = (id) => document.getElementById(id);
const pieceSheet = new CSSStyleSheet(); // the side-to-move swatch draws a piece outside the board
pieceSheet.replaceSync(PIECE_CSS);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, pieceSheet];

const app = {
  catalog: null,
  saved: { current: null, games: new Map() }, // the saved games, checked (storage.js)
  storageFull: false, // said once: the browser keeps no more of the games
  record: null, // the game on the board
  info: null, // Python's fixed facts of record.game / record.variant
  state: null, // Python's state of record
  orientation: readSetting("orientation") === "flipped" ? "flipped" : "normal",
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

const board = createBoard($("board"), {
  orientation: app.orientation,
  events: { move: onBoardMove, select: onBoardSelect },
});

const humanToMove = () => (app.players[app.state?.turn] ?? "human") === "human";
const isDemo = () => app.mode === "demo";
const sideName = (id) => app.info?.sides.find((s) => s.id === id)?.name ?? id;
const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const fresh = (game, variant = null) => ({ game, variant, start: null, moves: [] });
const request = (op, record, extra = {}) => ({
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

function renderNav() {
  const nav = $("games");
  nav.replaceChildren(
    ...app.catalog.games.map((g) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = g.title;
      b.dataset.game = g.id;
      b.onclick = () => chooseGame(g.id);
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
  const { history, turn } = app.state;
  const [first, second] = app.info.sides.map((s) => s.id);
  // Sides alternate, so the side that moved first follows from the side to move now.
  const firstMover = history.length % 2 === 0 ? turn : turn === first ? second : first;
  const cells = firstMover === second ? ["…", ...history] : [...history];
  const list = $("moves");
  list.replaceChildren();
  for (let i = 0; i < cells.length; i += 2) {
    const li = document.createElement("li");
    const num = document.createElement("span");
    num.className = "num";
    num.textContent = `${i / 2 + 1}.`;
    li.append(num);
    for (const [j, text] of cells.slice(i, i + 2).entries()) {
      const span = document.createElement("span");
      span.className = "mv";
      span.textContent = text;
      if (i + j === cells.length - 1 && history.length) span.classList.add("current");
      li.append(span);
    }
    list.append(li);
  }
  $("moves-empty").hidden = history.length > 0;
  list.scrollTop = list.scrollHeight;
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

function renderHeading() {
  assignPlayers();
  renderModes();
  renderLegend();
  document.title = `${app.info.title} · Kings & Soldiers`;
  $("title").textContent = app.info.title;
  for (const b of $("games").children) b.setAttribute("aria-pressed", String(b.dataset.game === app.record.game));
  renderVariants();
}

function renderPanel() {
  const { state } = app;
  renderHeading();
  const over = state.result != null;
  $("turn").hidden = over;
  $("turn").innerHTML = over ? "" : `${sideSwatch(state.turn)}<span>${sideName(state.turn)} to move</span>`;
  $("result").hidden = !over;
  $("result").textContent = over ? capitalise(state.resultText) : "";
  $("notes").replaceChildren(
    ...state.status.notes.map((text) => Object.assign(document.createElement("li"), { textContent: text })),
  );
  $("hint").textContent = "";
  $("piece-help").textContent = "";
  renderMoves();
  $("position-text").textContent = state.position;
  $("share-box").hidden = true;
  renderControls();
}

function renderControls() {
  const idle = app.ready && !app.busy;
  $("mode").disabled = $("level").disabled = !idle;
  $("level-field").hidden = app.mode === "two";
  $("pause").hidden = !isDemo();
  $("pause").disabled = !idle || app.state?.result != null;
  $("pause").textContent = app.paused ? "Resume" : "Pause";
  $("thinking").hidden = !app.thinking;
  html.toggleAttribute("data-thinking", Boolean(app.thinking));
  $("undo").disabled = !idle || !app.state?.history.length;
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
}

// Show `state` (Python's answer for `record`), animating `motion` ({path, removed} or true) if given.
function show(state, info, motion = null) {
  const geometryChanged = info !== app.info;
  app.info = info;
  app.state = state;
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
}

function save() {
  const { record, state } = app;
  app.saved.current = record.game;
  app.saved.games.set(record.game, {
    record,
    board: state.board,
    lastMove: state.lastMove && { path: state.lastMove.path, removed: state.lastMove.removed },
  });
  const kept = storage.writeSaved(app.saved);
  if (!kept && !app.storageFull) {
    showMessage("This browser is not keeping your games (its storage is full or turned off): they will be lost when the page closes.");
  }
  app.storageFull = !kept;
  history.replaceState(null, "", linkHash(record));
}

// Draw a record before Python can check it: from the build's catalog, or from the save.
function drawAtOnce(record) {
  const entry = boardEntry(app.catalog, record.game, record.variant);
  if (!entry) return;
  const saved = app.saved.games.get(record.game);
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
async function act(task, { byComputer = false } = {}) {
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

// Open the first record of `tries` ([label, record]) that Python accepts; say why others failed.
async function openFirst(tries) {
  for (const [label, record] of tries) {
    try {
      const { state, info } = await fetchGame(record);
      show(state, info);
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
    show(state, app.info, state.lastMove);
  }, options);
}

// -- the computer player ---------------------------------------------------------------------------

const MODES = ["two", "play-0", "play-1", "demo"];
const DEMO_PAUSE_MS = 700; // between the moves of a demo, so people can follow them

function readMode() {
  const mode = readSetting("players");
  return MODES.includes(mode) ? mode : "two"; // a damaged setting is ignored
}

function assignPlayers() {
  app.players = Object.fromEntries(
    (app.info?.sides ?? []).map((side, i) => [side.id, app.mode === "two" || app.mode === `play-${i}` ? "human" : "computer"]),
  );
}

function renderModes() {
  const select = $("mode");
  const names = app.info.sides.map((s) => s.name);
  if (select.dataset.sides === names.join()) return; // keep an open list open while a demo plays
  select.dataset.sides = names.join();
  const labels = { two: "Two players", demo: "Computer vs computer" };
  names.forEach((name, i) => (labels[`play-${i}`] = `Play ${name} vs computer`));
  select.replaceChildren(...MODES.map((mode) => new Option(labels[mode], mode)));
  select.value = app.mode;
}

// The levels and their think times come from the search's own table (games.json, built from it).
function renderLevels(table) {
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
function startThinking() {
  warmUpSearch();
  if (!app.ready || app.busy || app.thinking || !app.state || app.state.result != null) return;
  if (humanToMove() || (isDemo() && app.paused) || app.level == null) return;
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

function stopThinking() {
  const search = app.thinking;
  if (!search) return;
  search.cancelled = true;
  search.job?.cancel();
  app.thinking = null;
  renderControls();
}

function chooseMode(mode) {
  app.mode = MODES.includes(mode) ? mode : "two";
  writeSetting("players", app.mode);
  app.paused = false;
  stopThinking();
  assignPlayers();
  renderControls();
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

function onBoardSelect({ selection, next, canStop, piece, effects = {} }) {
  let hint = "";
  if (canStop) hint = `Continue to ${next.join(" or ")}, or click ${selection.at(-1)} again to stop there.`;
  else if (selection.length) hint = `Click a marked square to move; click elsewhere to cancel.`;
  $("hint").textContent = [hint, ...describeEffects(effects)].join(" ");
  const about = selection.length ? app.info.pieces[piece] : null;
  $("piece-help").textContent = about?.help ? `${about.name}: ${about.help}` : "";
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

// Take back the last move; against the computer, back to the person's turn (its reply and their move).
function undo() {
  return act(async () => {
    const undone = app.state.lastMove;
    const someoneHuman = Object.values(app.players).includes("human");
    let record = app.record;
    let state;
    do {
      record = { ...record, moves: record.moves.slice(0, -1) };
      state = await engine.call(request("state", record));
    } while (someoneHuman && record.moves.length && app.players[state.turn] === "computer");
    const oneMove = record.moves.length === app.record.moves.length - 1;
    show(state, app.info, oneMove ? { path: [...undone.path].reverse(), removed: [] } : null);
  });
}

function newGame(game = app.record.game, variant = app.record.variant) {
  return act(async () => {
    const { state, info } = await fetchGame(fresh(game, variant));
    show(state, info);
  });
}

function chooseGame(game) {
  if (game === app.record?.game) return;
  return act(async () => {
    const saved = app.saved.games.get(game)?.record;
    const tries = [["Your saved game", saved], ["", fresh(game)]].filter(([, r]) => r);
    drawAtOnce(tries[0][1]);
    await openFirst(tries);
  });
}

function loadPosition(text) {
  const error = $("load-error");
  error.hidden = true;
  return act(async () => {
    try {
      const state = await engine.call(request("state", { ...app.record, start: text, moves: [] }));
      show(state, app.info);
      $("position-input").value = "";
    } catch (e) {
      error.textContent = `That position could not be loaded: ${describeError(e)}`;
      error.hidden = false;
    }
  });
}

async function share() {
  const url = new URL(linkHash(app.record, true), location.href).href;
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
  writeSetting("orientation", app.orientation);
  board.set({ orientation: app.orientation });
}

// A link opened in this tab (pasted into the address bar): open it, keeping the game if it is bad.
function onHashChange() {
  if (!app.ready) return;
  const link = readLink(location.hash, app.catalog);
  if (link?.problem) {
    showMessage(`That link could not be opened: ${link.problem}. Your game is kept.`);
    history.replaceState(null, "", linkHash(app.record));
  }
  if (!link?.record) return;
  void act(async () => {
    const tries = link.shared
      ? [["The shared link", link.record]]
      : [["Your saved game", app.saved.games.get(link.record.game)?.record], ["The link", fresh(link.record.game, link.record.variant)]];
    if (!(await openFirst(tries.filter(([, r]) => r)))) history.replaceState(null, "", linkHash(app.record));
  });
}

// The worker died and a new one is starting (engine.js): say so, then carry on with the same game.
async function onEngineLost(error) {
  stopThinking();
  if (error.type === "LoadError") return failed(`The rules engine stopped and could not be restarted: ${error.message}.`);
  showMessage("The rules engine stopped unexpectedly and is being restarted. Your game is kept.", { kind: "note" });
  app.ready = false;
  html.dataset.engine = "loading";
  showLoading("Restarting the rules engine");
  renderControls();
  try {
    await engine.ready;
  } catch (startError) {
    return failed(`The rules engine could not be restarted: ${describeError(startError)}. Reload the page to try again.`);
  }
  app.ready = true;
  if (!(await openFirst([["Your game", app.record]]))) return;
  html.dataset.engine = "ready";
  startThinking();
}

// -- start-up --------------------------------------------------------------------------------------

function showLoading(stage) {
  $("loading-text").textContent = `${stage}…`;
}

async function boot() {
  app.mode = readMode();
  html.dataset.engine = "loading";
  renderControls();
  showLoading(engine.stage);
  engine.onProgress(showLoading);
  engine.onLost((error) => void onEngineLost(error));
  $("new-game").onclick = () => void newGame();
  $("undo").onclick = undo;
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
  addEventListener("hashchange", onHashChange);

  try {
    app.catalog = await catalog();
  } catch (error) {
    return failed(`The list of games could not be loaded: ${describeError(error)}`);
  }
  renderNav();
  renderLevels(app.catalog.levels);
  const saved = storage.readSaved(new Set(app.catalog.games.map((g) => g.id)));
  app.saved = saved;
  for (const { what, why, text } of saved.damaged) {
    showMessage(`${capitalise(what)} could not be read (${why}). It has been set aside, so you can copy it out below; every other saved game is kept.`, {
      details: { label: "The damaged data, to copy", text },
    });
  }

  // What to open, best first: a shared link, the saved game, a new game of the linked game, then
  // a new game of the first game. Each failure is said; the first that works is shown. A link
  // that cannot be opened is said too, and the saved game is shown (and kept).
  let link = readLink(location.hash, app.catalog);
  if (link?.problem) {
    showMessage(`That link could not be opened: ${link.problem}.`);
    link = null;
  }
  const defaultGame = app.catalog.games[0].id;
  const game = link?.record.game ?? saved.current ?? defaultGame;
  const savedGame = saved.games.get(game)?.record;
  const linkVariant = link && !link.shared ? link.record.variant : null;
  const tries = [
    link?.shared && ["The shared link", link.record],
    savedGame && (!linkVariant || savedGame.variant === linkVariant) && ["Your saved game", savedGame],
    [link ? "The link" : "", fresh(game, linkVariant)],
    game !== defaultGame && ["", fresh(defaultGame)],
  ].filter(Boolean);
  const known = tries.find(([, r]) => boardEntry(app.catalog, r.game, r.variant));
  if (known) drawAtOnce(known[1]);

  try {
    await engine.ready;
  } catch (error) {
    return failed(`Python could not be started, so the games cannot be played: ${describeError(error)}. Reload the page to try again.`);
  }
  app.ready = true;
  if (!(await openFirst(tries))) return failed("No game could be opened.");
  html.dataset.engine = "ready";
  html.dataset.playableAt = String(Math.round(performance.now()));
  startThinking();
}

function failed(message) {
  html.dataset.engine = "failed";
  app.ready = false;
  $("loading").classList.add("failed");
  $("loading-text").textContent = "Python could not start.";
  showMessage(message);
  renderControls();
}

boot().catch((error) => failed(`The page could not start: ${describeError(error)}. Reload the page to try again.`));
