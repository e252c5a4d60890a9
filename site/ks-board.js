// <ks-board>: a board to put in any page, self-contained (its styles live in its shadow root).
//
//   <script type="module" src="path/to/ks-board.js"></script>
//   <ks-board game="lilypad" position="8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -" static></ks-board>
//
// Attributes: game (default: the first game), variant, position (a position string; default the
// start), moves (space-separated, played from the position), orientation ("flipped"), static (a
// diagram: no interaction). Without `static` the board is playable by clicks; it fires "ks-move"
// with {move, state} after each move. A start-position diagram needs no Python; anything else asks
// the page's shared Python worker. Errors are shown in the element and fired as "ks-error".

import { createBoard } from "./board.js";
import { boardKey, catalog } from "./catalog.js";
import { sharedEngine } from "./engine.js";

class KsBoard extends HTMLElement {
  static observedAttributes = ["game", "variant", "position", "moves", "orientation", "static"];
  #board = null;
  #error = null;
  #record = null;
  #renders = 0;
  /** Python's state of the position shown (null until Python has answered). */
  state = null;

  connectedCallback() {
    this.#render();
  }

  attributeChangedCallback() {
    if (this.isConnected) this.#render();
  }

  disconnectedCallback() {
    this.#board?.destroy();
    this.#board = null;
  }

  async #render() {
    const render = ++this.#renders; // a newer render makes this one stale
    const isStatic = this.hasAttribute("static");
    try {
      const data = await catalog();
      const game = this.getAttribute("game") || data.games[0].id;
      const variant = this.getAttribute("variant") || null;
      const entry = data.boards[boardKey(game, variant)];
      if (!entry) throw new Error(`unknown game ${JSON.stringify(boardKey(game, variant))}`);
      if (render !== this.#renders) return;
      const { info } = entry;
      const config = {
        geometry: info,
        pieces: info.pieces,
        sides: info.sides,
        orientation: this.getAttribute("orientation") === "flipped" ? "flipped" : "normal",
        static: isStatic,
        label: `${info.title} ${isStatic ? "diagram" : "board"}`,
        events: { move: (candidates) => this.#play(candidates[0].text) },
      };
      if (this.#board) this.#board.set(config);
      else this.#board = createBoard(this, config);
      this.#showError(null);
      this.#record = {
        game,
        variant,
        start: this.getAttribute("position") || null,
        moves: (this.getAttribute("moves") ?? "").split(/\s+/).filter(Boolean),
      };
      if (!this.#record.start && !this.#record.moves.length) {
        this.#board.set({ position: entry.state.board, lastMove: null, marks: [] });
        if (isStatic) return;
      } else {
        this.#board.set({ position: {}, lastMove: null, marks: [] });
      }
      const state = await sharedEngine().call({ op: "state", ...this.#record });
      if (render === this.#renders) this.#show(state);
    } catch (error) {
      if (render === this.#renders) this.#showError(error);
    }
  }

  async #play(move) {
    try {
      const state = await sharedEngine().call({ op: "play", ...this.#record, move });
      this.#record = { ...this.#record, moves: state.history };
      this.#show(state, state.lastMove);
      this.dispatchEvent(new CustomEvent("ks-move", { detail: { move, state }, bubbles: true }));
    } catch (error) {
      this.#board.cancel();
      this.#showError(error);
    }
  }

  #show(state, motion = null) {
    this.state = state;
    const isStatic = this.hasAttribute("static");
    this.#board.set({
      position: state.board,
      lastMove: state.lastMove,
      marks: isStatic ? [] : state.status.marks,
      movable: { moves: state.moves, enabled: !isStatic && state.result == null },
      animate: motion,
    });
  }

  #showError(error) {
    this.#error?.remove();
    this.#error = null;
    if (!error) return;
    this.#error = document.createElement("p");
    this.#error.className = "error";
    this.#error.setAttribute("role", "alert");
    this.#error.textContent = error.message ?? String(error);
    (this.shadowRoot ?? this).append(this.#error);
    this.dispatchEvent(new CustomEvent("ks-error", { detail: { error }, bubbles: true }));
  }
}

customElements.define("ks-board", KsBoard);
