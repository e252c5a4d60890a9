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
//
// This file is the element (its view: the board, the bar under it, errors and events). Its
// pieces: ks-board-attributes.js (reading and checking the attributes), ks-board-play.js (the game
// played), ks-board-shared.js (the shared rules engine, and games kept over a new version's reload).

import { createBoard } from "../board/board.js";
import { catalog } from "../common/catalog.js";
import { ATTRIBUTES, CONTROLS, isDiagram, readBoard } from "./ks-board-attributes.js";
import { keepGamesFrom, takeKeptMoves } from "./ks-board-shared.js";
import { BoardPlay } from "./ks-board-play.js";
import { NotationError } from "./notation.js";
// The catalog (catalog.js loads games.js with import(), when first asked): named here, so that the
// bundles holding this element (ks-board.js's, board.html's) hold it too, and a diagram waits for
// no second download.
import "../games.js";

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
.error { margin: 0.4em 0; font: 0.9rem/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--ks-error, #a4161a); overflow-wrap: anywhere; }
`;
let frameSheet = null;

class KsBoard extends HTMLElement {
  static observedAttributes = ATTRIBUTES;
  #board = null;
  #bar = null;
  #note = null;
  #buttons = {};
  #error = null;
  #renders = 0;
  #play = null; // the game being played (ks-board-play.js)
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
    // The game goes with the element (put back, it renders a new one): answers still on their way are ignored.
    this.#renders++;
    this.#dropBoard();
  }

  // The game, the board and its bar go (answers still on their way for the game are ignored).
  #dropBoard() {
    this.#play?.drop();
    this.#play = null;
    this.#board?.destroy();
    this.#board = null;
    this.#bar?.remove();
    this.#bar = null;
    this.#note = null;
  }

  static {
    keepGamesFrom(() => KsBoard.#keptGames());
  }

  /** Just before a takeover reload: the moves played on each board of the page, for takeKeptMoves. */
  static #keptGames() {
    const games = {};
    for (const [i, board] of document.querySelectorAll("ks-board").entries()) {
      const game = #play in board ? board.#play?.keptGame() : null;
      if (game) games[board.#keptName(i)] = game;
    }
    return games;
  }

  #keptName(index = [...document.querySelectorAll("ks-board")].indexOf(this)) {
    return this.id ? `id:${this.id}` : `index:${index}`;
  }

  #resetReady() {
    this.#readyPromise = new Promise((resolve) => (this.#settleReady = resolve));
  }

  async #render() {
    const render = ++this.#renders; // a newer render makes this one stale
    this.#play?.drop();
    this.#play = null;
    this.state = null;
    if (this.#settleReady === null) this.#resetReady();
    try {
      const data = await catalog();
      if (render !== this.#renders) return;
      const { game, variant, info, diagram, position, moves, reading, view, controls, players } = readBoard(this, data);
      const isStatic = isDiagram(this);
      const config = {
        ...view,
        lastMove: null,
        movable: { moves: [], enabled: false },
        events: { move: (candidates) => void this.#play?.move(candidates[0].text, "human") },
      };
      if (this.#board) this.#board.set(config);
      else this.#board = createBoard(this, config);
      this.#showError(null);
      this.#layoutBar(controls);
      if (isStatic && !moves.length) return this.#becomeReady(null);
      const record = { game, variant, start: diagram != null ? null : position, moves };
      const play = new BoardPlay({
        record,
        info,
        ...players,
        labels: moves.length ? {} : reading.labels, // the labels belong to the position as written
        from: isStatic ? null : JSON.stringify([game, variant, record.start, moves]),
        isStatic,
      }, this.#host);
      this.#play = play;
      this.#say(isStatic ? "Loading…" : "Loading the rules…", "loading");
      const state = await play.load(isStatic ? null : takeKeptMoves(this.#keptName(), play.from));
      if (render !== this.#renders) return;
      play.begin(state);
      this.#becomeReady(state);
      play.afterMove();
    } catch (error) {
      if (render !== this.#renders) return;
      // Nothing stale stays in sight: a board that cannot be set up as asked is not drawn at all,
      // and the error stands in its place.
      this.#dropBoard();
      this.#showError(error);
    }
  }

  // What the game played (ks-board-play.js) may see and do of the element.
  #host = {
    board: () => this.#board,
    buttons: () => this.#buttons,
    state: () => this.state,
    setState: (state) => {
      this.state = state;
    },
    say: (text, kind) => this.#say(text, kind),
    fire: (type, detail) => this.#fire(type, detail),
    showError: (error) => this.#showError(error),
  };

  // The bar's and the error's styles, in the element's shadow root (made here if the board is not).
  #adoptFrameSheet() {
    const root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
    if (!frameSheet) {
      frameSheet = new CSSStyleSheet();
      frameSheet.replaceSync(FRAME_CSS);
    }
    if (!root.adoptedStyleSheets.includes(frameSheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, frameSheet];
    return root;
  }

  #layoutBar(controls) {
    const root = this.#adoptFrameSheet();
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
    for (const control of controls) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = CONTROLS[control];
      button.dataset.control = control;
      button.setAttribute("part", `button ${control}`);
      button.disabled = true;
      button.addEventListener("click", () => void (control === "undo" ? this.#play?.undo() : this.#play?.newGame()));
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
    this.#adoptFrameSheet().append(this.#error);
    this.#fire("ks-error", { error, message: this.#error.textContent, kind: error instanceof NotationError ? "position" : error.type ?? "attribute" });
  }
}

customElements.define("ks-board", KsBoard);
