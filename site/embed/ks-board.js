// <ks-board>: a board to put in any page, self-contained (its styles live in its shadow root).
//
//   <script type="module" src="path/to/ks-board.js"></script>
//   <ks-board game="lilypad" position="8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -" static></ks-board>
//   <ks-board game="lilypad" diagram="lurd,8,8,8/8/8/5b../..b3b./.B3a2/4b.g./.g.g3g"></ks-board>
//   <ks-board game="three-crowns" players="computer" computer-side="b" level="2" controls="undo new"></ks-board>
//
// A diagram (`static`, or `diagram`) is drawn from the position string by notation.js: no Python,
// no worker. A playable board is drawn at once the same way and takes moves once the page's shared
// Python worker answers (all boards of a page share it), or, on a first visit, at once in the
// opening, from the answers prepared at build time (engine/prepared.js). embed.html documents the attributes,
// the events and the CSS custom properties.

import { createBoard } from "../board/board.js";
import { boardEntry, catalog, gameEntry, quote } from "../common/catalog.js";
import { NotationError, positionMarks, readDiagram, readPosition } from "./notation.js";
// What the modules above import, and the catalog, named here too so that the browser downloads them
// all at once with this file's imports, not one round trip after the other: a diagram is drawn as
// soon as they arrive.
import "../board/board-style.js";
import "../board/glyphs.js";
import "../board/pathinput.js";
import "../games.js";

const CONTROLS = { undo: "Undo", new: "New game" };
const PLAYERS = ["two", "computer"];

const FRAME_CSS = `
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em 0.6em; margin-top: 0.4em;
  font: 0.9rem/1.3 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ks-text, #3a3024); }
.bar:empty { display: none; }
.note { flex: 1 1 10em; }
.note.loading::before { content: ""; display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em;
  vertical-align: -0.1em; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%;
  animation: spin 0.9s linear infinite; }
@keyframes spin { to { transform: rotate(1turn); } }
@media (prefers-reduced-motion: reduce) { .note.loading::before { animation: none; } }
button { font: inherit; padding: 0.25em 0.8em; border-radius: 6px; cursor: pointer;
  border: 1px solid var(--ks-button-border, #8a7a62); background: var(--ks-button, #fbf7ee); color: inherit; }
button:disabled { opacity: 0.5; cursor: default; }
`;
let frameSheet = null;

/** Lazily: the engine module (and so the worker) is loaded only by a board that is played. */
let engineModule = null;
const sharedEngine = async () => {
  if (FOREIGN) throw new Error(`a board that plays needs the rules engine's worker, and a browser starts a worker only from the page's own site: on another site, embed ${new URL("../board.html", import.meta.url)} in an iframe`);
  return (await (engineModule ??= loadEngine())).sharedEngine();
};
/** This script was loaded by a page of another site (which its host allowed with CORS): diagrams only. */
const FOREIGN = new URL(import.meta.url).origin !== location.origin;

function loadEngine() {
  // A page that plays fetches files later (its worker's), so a new version of the site must reload
  // it, not mix its files into this page's code (takeover.js); its boards keep their games. A page
  // of diagrams fetches nothing more: it stays as it is, and does not download takeover.js.
  import("../common/takeover.js").then(({ beforeReload }) => beforeReload(keepGames), () => {});
  return import("../engine/engine.js");
}
let keepGames = null; // KsBoard.#keepGames

const words = (value) => (value ?? "").split(/\s+/).filter(Boolean);

// A new version of the site reloads every page of it (takeover.js): each board with moves played
// keeps them over that reload in sessionStorage, by its id (or its place in the page) and what it
// started from, and takes them back once. (board.html also puts them in its address: a frame of
// another site may have no storage.)
const KEPT = `ks-board-kept:${location.pathname}`;
const MAX_KEPT_MOVES = 2000;
let keptGames = null; // {board: {from, moves}}, read once per page and then forgotten

function takeKeptMoves(board, from) {
  if (keptGames === null) {
    keptGames = {};
    try {
      const saved = JSON.parse(sessionStorage.getItem(KEPT) ?? "{}");
      sessionStorage.removeItem(KEPT);
      if (saved && typeof saved === "object" && !Array.isArray(saved)) keptGames = saved;
    } catch {
      // no storage (a blocked frame) or damaged data: nothing kept
    }
  }
  const game = Object.hasOwn(keptGames, board) ? keptGames[board] : null;
  delete keptGames[board];
  const valid = game?.from === from && Array.isArray(game.moves) && game.moves.length <= MAX_KEPT_MOVES &&
    game.moves.every((m) => typeof m === "string" && m.length <= 200);
  return valid ? game.moves : null;
}

class KsBoard extends HTMLElement {
  static observedAttributes = [
    "game", "variant", "position", "moves", "diagram", "orientation", "static",
    "arrows", "highlight", "players", "computer-side", "level", "controls",
  ];
  #board = null;
  #bar = null;
  #note = null;
  #buttons = {};
  #error = null;
  #renders = 0;
  #play = null; // the game being played: {record, info, computer, level, search}
  #readyPromise = null;
  #settleReady = null;
  /** Python's state of the position shown (null for a diagram, and until Python has answered). */
  state = null;

  constructor() {
    super();
    this.#resetReady();
  }

  /** Resolves when the board is drawn (a diagram) or takes moves (a playable board). */
  get ready() {
    return this.#readyPromise;
  }

  connectedCallback() {
    void this.#render(); // it reports its own errors
  }

  attributeChangedCallback() {
    if (this.isConnected) void this.#render();
  }

  disconnectedCallback() {
    this.#stopThinking();
    this.#renders++;
    this.#board?.destroy();
    this.#board = null;
    this.#bar = null;
  }

  static {
    keepGames = () => KsBoard.#keepGames();
  }

  /** Just before a takeover reload: the moves played on each board of the page, for takeKeptMoves. */
  static #keepGames() {
    const games = {};
    for (const [i, board] of document.querySelectorAll("ks-board").entries()) {
      const play = #play in board ? board.#play : null;
      if (!play?.from || !play.start || play.record.moves.length <= play.start.length) continue;
      games[board.#keptName(i)] = { from: play.from, moves: play.record.moves };
    }
    if (Object.keys(games).length) sessionStorage.setItem(KEPT, JSON.stringify(games));
  }

  #keptName(index = [...document.querySelectorAll("ks-board")].indexOf(this)) {
    return this.id ? `id:${this.id}` : `index:${index}`;
  }

  #resetReady() {
    this.#readyPromise = new Promise((resolve) => (this.#settleReady = resolve));
  }

  async #render() {
    const render = ++this.#renders; // a newer render makes this one stale
    this.#stopThinking();
    this.#play = null;
    this.state = null;
    if (this.#settleReady === null) this.#resetReady();
    try {
      const data = await catalog();
      if (render !== this.#renders) return;
      const { entry, game, variant } = this.#lookUp(data);
      const { info } = entry;
      const isStatic = this.hasAttribute("static") || this.hasAttribute("diagram");
      const diagram = this.getAttribute("diagram");
      const position = this.getAttribute("position")?.trim() || null;
      const moves = words(this.getAttribute("moves"));
      const reading = diagram != null ? readDiagram(diagram, info) : readPosition(position ?? info.start, info);
      const config = {
        geometry: info,
        pieces: info.pieces,
        sides: info.sides,
        orientation: this.getAttribute("orientation") === "flipped" ? "flipped" : "normal",
        static: isStatic,
        label: `${info.title} ${isStatic ? "diagram" : "board"}`,
        position: reading.board,
        labels: reading.labels,
        marks: diagram != null ? [] : positionMarks(reading, info),
        arrows: this.#arrows(info),
        highlights: this.#squares("highlight", info),
        lastMove: null,
        movable: { moves: [], enabled: false },
        events: { move: (candidates) => void this.#move(candidates[0].text, "human") },
      };
      if (this.#board) this.#board.set(config);
      else this.#board = createBoard(this, config);
      this.#showError(null);
      this.#layoutBar(isStatic);
      if (isStatic && !moves.length) return this.#becomeReady(null);
      const record = { game, variant, start: diagram != null ? null : position, moves };
      const play = {
        record,
        info,
        ...this.#players(info, data.levels),
        search: null,
        ended: false,
        labels: moves.length ? {} : reading.labels, // the labels belong to the position as written
        from: isStatic ? null : JSON.stringify([game, variant, record.start, moves]),
      };
      this.#play = play;
      this.#say(isStatic ? "Loading…" : "Loading the rules…", "loading");
      const kept = isStatic ? null : takeKeptMoves(this.#keptName(), play.from);
      const engine = await sharedEngine();
      // On a first visit the opening plays from the answers prepared at build time, as on the site's
      // own page; anything else waits for Python.
      await engine.whenPlayable(record);
      if (render !== this.#renders) return;
      const state = await engine.call({ op: "state", ...record, moves: kept ?? moves }).catch((error) => {
        if (!kept) throw error;
        return engine.call({ op: "state", ...record }); // the kept moves do not fit: start afresh
      });
      if (render !== this.#renders) return;
      play.record = { ...record, moves: state.history };
      play.start = state.history.slice(0, moves.length);
      this.#show(state);
      this.#becomeReady(state);
      this.#afterMove();
    } catch (error) {
      if (render === this.#renders) this.#showError(error);
    }
  }

  #lookUp(data) {
    const known = data.games.map((g) => g.id);
    const game = this.getAttribute("game") || known[0];
    const variant = this.getAttribute("variant") || null;
    const entry = boardEntry(data, game, variant);
    if (entry) return { entry, game, variant };
    // Attributes name games by id, so the message lists ids (catalog.whyUnknown lists titles).
    if (!gameEntry(data, game)) throw new Error(`unknown game ${quote(game)} (games: ${known.join(", ")})`);
    const variants = gameEntry(data, game).variants.join(", ") || "none";
    throw new Error(`unknown variant ${quote(variant)} of ${game} (variants: ${variants})`);
  }

  #squares(name, info) {
    const names = new Set(info.squares.map((s) => s.name));
    const squares = words(this.getAttribute(name));
    const bad = squares.filter((s) => !names.has(s));
    if (bad.length) throw new Error(`${name}: ${bad.map((s) => quote(s)).join(", ")} ${bad.length > 1 ? "are not squares" : "is not a square"} of the ${info.title} board`);
    return squares;
  }

  #arrows(info) {
    const names = new Set(info.squares.map((s) => s.name));
    return words(this.getAttribute("arrows")).map((arrow) => {
      const ends = arrow.split("-");
      if (ends.length !== 2 || !ends.every((s) => names.has(s)) || ends[0] === ends[1]) {
        throw new Error(`arrows: ${quote(arrow)} must be two different squares of the ${info.title} board, like "g4-f3"`);
      }
      return ends;
    });
  }

  #players(info, levels) {
    const players = this.getAttribute("players") || "two";
    if (!PLAYERS.includes(players)) throw new Error(`players ${quote(players)} must be "two" or "computer"`);
    if (players === "two") return { computer: null, level: null };
    const wanted = (this.getAttribute("computer-side") || info.sides[1].id).toLowerCase();
    const side = info.sides.find((s) => s.id === wanted || s.name.toLowerCase() === wanted);
    if (!side) {
      const names = info.sides.map((s) => `"${s.id}" (${s.name})`).join(" or ");
      throw new Error(`computer-side ${quote(wanted)} must be ${names}`);
    }
    const numbers = levels.levels.map((l) => l.level);
    const levelText = this.getAttribute("level");
    const level = levelText == null || levelText === "" ? levels.default : Number(levelText);
    if (!numbers.includes(level)) throw new Error(`level ${quote(levelText)} must be one of ${numbers.join(", ")}`);
    return { computer: side.id, level };
  }

  #layoutBar(isStatic) {
    const root = this.shadowRoot;
    if (!frameSheet) {
      frameSheet = new CSSStyleSheet();
      frameSheet.replaceSync(FRAME_CSS);
    }
    if (!root.adoptedStyleSheets.includes(frameSheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, frameSheet];
    this.#bar?.remove();
    this.#bar = document.createElement("div");
    this.#bar.className = "bar";
    this.#bar.setAttribute("part", "bar");
    this.#note = document.createElement("span");
    this.#note.className = "note";
    this.#note.setAttribute("part", "note");
    this.#note.setAttribute("role", "status");
    this.#bar.append(this.#note);
    this.#buttons = {};
    const controls = isStatic ? [] : words(this.getAttribute("controls"));
    const unknown = controls.filter((c) => !Object.hasOwn(CONTROLS, c));
    if (unknown.length) throw new Error(`controls: unknown ${unknown.map((c) => quote(c)).join(", ")} (controls: ${Object.keys(CONTROLS).join(", ")})`);
    for (const control of new Set(controls)) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = CONTROLS[control];
      button.dataset.control = control;
      button.setAttribute("part", `button ${control}`);
      button.disabled = true;
      button.addEventListener("click", () => void (control === "undo" ? this.#undo() : this.#newGame()));
      this.#buttons[control] = button;
      this.#bar.append(button);
    }
    root.append(this.#bar);
  }

  #say(text, kind = "") {
    if (!this.#note) return;
    this.#note.textContent = text;
    this.#note.className = `note ${kind}`.trim();
    this.toggleAttribute("aria-busy", kind === "loading");
  }

  #becomeReady(state) {
    this.#settleReady?.(this);
    this.#settleReady = null;
    this.#fire("ks-ready", { state });
  }

  #fire(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  async #call(request) {
    return (await sharedEngine()).call(request);
  }

  async #move(move, by) {
    const play = this.#play;
    if (!play) return;
    try {
      const state = await this.#call({ op: "play", ...play.record, move });
      if (play !== this.#play) return;
      play.record = { ...play.record, moves: state.history };
      this.#show(state, state.lastMove);
      this.#fire("ks-move", { move: state.lastMove.text, by, state });
      this.#afterMove();
    } catch (error) {
      if (play !== this.#play) return;
      this.#board.cancel();
      this.#showError(error);
    }
  }

  // After a move (or at the start): announce the end, or let the computer think if it is its turn.
  #afterMove() {
    const play = this.#play;
    const state = this.state;
    if (state.result != null) {
      if (!play.ended) this.#fire("ks-end", { result: state.result, resultText: state.resultText, state });
      play.ended = true;
      return;
    }
    play.ended = false;
    if (state.turn !== play.computer) return;
    void this.#think(play); // it reports its own errors
  }

  async #think(play) {
    const record = play.record;
    this.#say("The computer is thinking…", "loading");
    this.#enableControls();
    try {
      const engine = await sharedEngine();
      if (play !== this.#play || play.record !== record) return;
      play.search = engine.think({ ...record, level: play.level });
      const answer = await play.search.result;
      if (!answer || play !== this.#play || play.record !== record) return;
      play.search = null;
      await this.#move(answer.best, "computer");
    } catch (error) {
      if (play === this.#play && play.record === record) this.#showError(error);
    }
  }

  #stopThinking() {
    this.#play?.search?.cancel();
    if (this.#play) this.#play.search = null;
  }

  // Undo takes back one move, or against the computer back to the person's last turn.
  async #undo() {
    const play = this.#play;
    if (!play) return;
    this.#stopThinking();
    let moves = play.record.moves.slice(0, -1);
    if (play.computer) {
      while (moves.length > play.start.length && this.#turnAfter(moves) === play.computer) moves = moves.slice(0, -1);
    }
    await this.#restart(moves);
  }

  async #newGame() {
    this.#stopThinking();
    await this.#restart(this.#play?.start ?? []);
  }

  // The side to move after `moves` from the start: sides alternate in all three games.
  #turnAfter(moves) {
    const { info, firstTurn, start } = this.#play;
    const sides = info.sides.map((s) => s.id);
    return sides[(sides.indexOf(firstTurn) + moves.length - start.length) % 2];
  }

  async #restart(moves) {
    const play = this.#play;
    play.record = { ...play.record, moves };
    try {
      const state = await this.#call({ op: "state", ...play.record });
      if (play !== this.#play) return;
      this.#show(state);
      this.#afterMove();
    } catch (error) {
      if (play === this.#play) this.#showError(error);
    }
  }

  #show(state, motion = null) {
    const play = this.#play;
    this.state = state;
    play.firstTurn ??= state.turn;
    const isStatic = this.hasAttribute("static") || this.hasAttribute("diagram");
    const humanTurn = state.turn !== play.computer;
    this.#board.set({
      position: state.board,
      lastMove: state.lastMove,
      labels: state.history.length === play.start.length ? play.labels : {},
      marks: state.status.marks,
      movable: { moves: state.moves, enabled: !isStatic && state.result == null && humanTurn },
      animate: motion,
    });
    const side = play.info.sides.find((s) => s.id === state.turn)?.name ?? state.turn;
    if (isStatic) this.#say("");
    else if (state.result != null) this.#say(state.resultText.replace(/^./, (c) => c.toUpperCase()) + ".", "over");
    else this.#say(`${side} to move${play.computer && humanTurn ? " (you)" : ""}.`);
    this.#enableControls();
  }

  #enableControls() {
    const play = this.#play;
    const made = play ? play.record.moves.length - play.start.length : 0;
    if (this.#buttons.undo) this.#buttons.undo.disabled = !(made > 0 && (!play.computer || play.firstTurn !== play.computer || made > 1));
    if (this.#buttons.new) this.#buttons.new.disabled = made <= 0;
  }

  #showError(error) {
    this.#error?.remove();
    this.#error = null;
    if (!error) return;
    this.#error = document.createElement("p");
    this.#error.className = "error";
    this.#error.setAttribute("role", "alert");
    this.#error.setAttribute("part", "error");
    this.#error.textContent = error.message ?? String(error);
    this.toggleAttribute("aria-busy", false);
    if (this.#note?.classList.contains("loading")) this.#say("");
    (this.shadowRoot ?? this.attachShadow({ mode: "open" })).append(this.#error);
    this.#fire("ks-error", { error, message: this.#error.textContent, kind: error instanceof NotationError ? "position" : error.type ?? "attribute" });
  }
}

customElements.define("ks-board", KsBoard);
