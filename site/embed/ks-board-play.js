// The game played on a <ks-board> (its controller): the moves so far, each move asked of the
// shared rules engine, the computer's turn, undo and new game. The element draws and says what
// this decides through `host`; a new render of the element drops this game for a new one.

import { capitalise } from "../common/words.js";
import { sharedEngine } from "./ks-board-shared.js";

export class BoardPlay {
  search = null; // the computer's search under way
  ended = false;
  start = null; // the moves the board was given (the game's start, for undo and new game)
  movers = []; // who made each move made here: "computer", "human", or null (a kept game's: not known)
  dropped = false; // the element has moved on: answers that arrive now are ignored

  /**
   * @param fields {record, info, computer, level, labels, from, isStatic}: `record` {game, variant,
   *   start, moves}; `labels` the diagram labels shown at the start; `from` what it started from (for
   *   the kept games), null for a diagram.
   * @param host {board(), buttons(), state(), setState, say, fire, showError}: the element's side.
   */
  constructor(fields, host) {
    Object.assign(this, fields);
    this.host = host;
  }

  /** The engine's state after the record's moves, or `kept` moves instead if they fit. */
  async load(kept) {
    const engine = await sharedEngine();
    // On a first visit the opening plays from the answers prepared at build time, as on the site's
    // own page; anything else waits for Python.
    await engine.whenPlayable(this.record);
    return engine.call({ op: "state", ...this.record, moves: kept ?? this.record.moves }).catch((error) => {
      if (!kept) throw error;
      return engine.call({ op: "state", ...this.record }); // the kept moves do not fit: start afresh
    });
  }

  /** Start from `state` (load()'s answer); then afterMove() lets the computer begin. */
  begin(state) {
    const given = this.record.moves.length;
    this.record = { ...this.record, moves: state.history };
    this.start = state.history.slice(0, given);
    this.movers = state.history.slice(given).map(() => null);
    this.show(state);
  }

  drop() {
    this.stopThinking();
    this.dropped = true;
  }

  /** Moves played on this board, to keep over a new version's reload (null: nothing to keep). */
  keptGame() {
    if (!this.from || !this.start || this.record.moves.length <= this.start.length) return null;
    return { from: this.from, moves: this.record.moves };
  }

  async move(move, by) {
    try {
      const state = await (await sharedEngine()).call({ op: "play", ...this.record, move });
      if (this.dropped) return;
      this.record = { ...this.record, moves: state.history };
      this.movers.push(by);
      this.show(state, state.lastMove);
      this.host.fire("ks-move", { move: state.lastMove.text, by, state });
      this.afterMove();
    } catch (error) {
      if (this.dropped) return;
      this.host.board().cancel();
      this.host.showError(error);
    }
  }

  // After a move (or at the start): announce the end, or let the computer think if it is its turn.
  afterMove() {
    const state = this.host.state();
    if (state.result != null) {
      if (!this.ended) this.host.fire("ks-end", { result: state.result, resultText: state.resultText, state });
      this.ended = true;
      return;
    }
    this.ended = false;
    if (state.turn !== this.computer) return;
    void this.#think(); // it reports its own errors
  }

  async #think() {
    const record = this.record;
    const current = () => !this.dropped && this.record === record;
    this.host.say("The computer is thinking…", "loading");
    this.#enableControls();
    try {
      const engine = await sharedEngine();
      if (!current()) return;
      this.search = engine.think({ ...record, level: this.level });
      const answer = await this.search.result;
      if (!answer || !current()) return;
      this.search = null;
      await this.move(answer.best, "computer");
    } catch (error) {
      if (current()) this.host.showError(error);
    }
  }

  stopThinking() {
    this.search?.cancel();
    this.search = null;
  }

  // Undo takes back one move, or against the computer back to the person's last turn (Python says
  // whose turn each earlier position is).
  async undo() {
    this.stopThinking();
    let moves = this.record.moves.slice(0, -1);
    try {
      const engine = await sharedEngine();
      const turnAfter = async (shown) => (await engine.call({ op: "state", ...this.record, moves: shown })).turn;
      while (this.computer && moves.length > this.start.length && (await turnAfter(moves)) === this.computer) moves = moves.slice(0, -1);
    } catch (error) {
      if (!this.dropped) this.host.showError(error);
      return;
    }
    if (!this.dropped) await this.#restart(moves);
  }

  async newGame() {
    this.stopThinking();
    await this.#restart(this.start ?? []);
  }

  async #restart(moves) {
    this.record = { ...this.record, moves };
    this.movers = this.movers.slice(0, moves.length - this.start.length);
    try {
      const state = await (await sharedEngine()).call({ op: "state", ...this.record });
      if (this.dropped) return;
      this.show(state);
      this.afterMove();
    } catch (error) {
      if (!this.dropped) this.host.showError(error);
    }
  }

  show(state, motion = null) {
    this.host.setState(state);
    const humanTurn = state.turn !== this.computer;
    this.host.board().set({
      position: state.board,
      lastMove: state.lastMove,
      labels: state.history.length === this.start.length ? this.labels : {},
      marks: state.status.marks,
      movable: { moves: state.moves, enabled: !this.isStatic && state.result == null && humanTurn },
      animate: motion,
    });
    const side = this.info.sides.find((s) => s.id === state.turn)?.name ?? state.turn;
    if (this.isStatic) this.host.say("");
    else if (state.result != null) this.host.say(`${capitalise(state.resultText)}.`, "over");
    else this.host.say(`${side} to move${this.computer && humanTurn ? " (you)" : ""}.`);
    this.#enableControls();
  }

  #enableControls() {
    const made = this.record.moves.length - this.start.length;
    const { undo, new: again } = this.host.buttons();
    if (undo) undo.disabled = !(made > 0 && this.movers.some((by) => by !== "computer")); // a move of the person's to take back
    if (again) again.disabled = made <= 0;
  }
}
