// The game view's controls: their choices (games, variants, players, levels), whether each can be
// used now, and what each does (buttons, fields and keys), handed to game-ctrl.js and
// game-computer.js.

import { boardEntry, gameEntry } from "../common/catalog.js";
import { chooseLevel, chooseMode, togglePause } from "./game-computer.js";
import { chooseGame, flip, goTo, loadPosition, newGame, redo, rematch, share, undo } from "./game-ctrl.js";
import { app, humanToMove, isDemo, isFriendGame, MODES, storage } from "./game-state.js";
import { board, describe } from "./game-view.js";
import { atEnd } from "./review.js";

const html = document.documentElement;
const $ = (id) => document.getElementById(id);

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

export function renderVariants() {
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

export function renderModes() {
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
  const saved = Number(storage.readSetting("level"));
  app.level = known.includes(saved) ? saved : table.default;
  $("level").replaceChildren(
    ...table.levels.map((l) => new Option(`Level ${l.level} · ${l.nodes ? "up to " : ""}${l.time_ms / 1000} s`, String(l.level))),
  );
  $("level").value = String(app.level);
}

// Every control waits while Python works on an action (or before it is ready); the board takes a
// move only from a person whose turn it is.
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

// -- what the controls do --------------------------------------------------------------------------

// Going through the line (review.js): the buttons under the board (named as these are) and the keys.
const review = {
  first: () => goTo(0),
  back: () => goTo(app.line.cursor - 1),
  forward: () => goTo(app.line.cursor + 1),
  last: () => goTo(app.line.moves.length),
};

// Review keys work wherever the person is not typing or using the board (which has its own arrows).
function onKey(event) {
  const target = event.target;
  if (target.closest?.("input, select, textarea, #board") || event.altKey || $("game-view").hidden) return;
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  const action = command
    ? { z: event.shiftKey ? redo : undo, y: redo }[key]
    : { arrowleft: review.back, arrowright: review.forward, home: review.first, end: review.last, d: describe }[key];
  if (!action || !app.state) return;
  event.preventDefault();
  void action();
}

// The game view's own buttons, fields and keys.
export function wireGameControls() {
  $("new-game").onclick = () => void newGame();
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  for (const [id, go] of Object.entries(review)) $(id).onclick = () => void go();
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
