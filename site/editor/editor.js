// The board editor (`#editor=<game>&variant=...&start=<position>`): set up any position by clicking,
// with the side to move and the game's extra state as form controls. Python (pygame_rules/setups.py,
// the bridge's "editor" and "setup" ops) describes the extra state's fields and checks every
// change, naming what is wrong; a valid position can be played, analysed, shared or saved.
// The page keeps only the set-up ({board, turn, ...extra}); it knows no rules.
//
// This file is the controller: opening a game, changing the set-up, checking it, the actions. The
// state is editor-state.js's, the page editor-view.js's and the extra state's form editor-fields.js's.

import { createBoard } from "../board/board.js";
import { boardEntry, catalog, whyUnknown } from "../common/catalog.js";
import { linkHash } from "../common/links.js";
import { describeError } from "../common/messages.js";
import { LIMITS } from "../common/saved-game.js";
import { renderFields } from "./editor-fields.js";
import { createEditorState, ERASER, keepWork, keptWork } from "./editor-state.js";
import { MARKUP, renderChoice, renderPalette, renderPlayers, renderSides, renderVerdict, say, setBusy } from "./editor-view.js";

export { editorHash } from "./editor-state.js";

const CHECK_DELAY_MS = 150; // set-ups are checked once the clicks pause, not on every one

/**
 * The editor view, for app.js's lazy view (router.js: `show`, `hide`). `engine` is the shared
 * engine; `current()` gives the game the game view shows ({game, variant}) for a bare `#editor`;
 * `play(record, mode, level)` opens a set-up
 * as a new game in the game view; `keep(record, board)` saves it to the library (true if kept).
 */
export function createEditor({ element, engine, current, play, keep }) {
  const ctrl = {
    ed: createEditorState(),
    element,
    engine,
    current,
    board: null, // drawn when the editor is first shown: a page that never opens it has none of it
    $: (selector) => element.querySelector(selector),
    named: (name) => element.querySelector(`[name="${name}"]`),
    check: () => check(ctrl),
  };
  const { ed } = ctrl;
  return {
    async show(params, hash) {
      if (!ctrl.board) build(ctrl, { play, keep });
      try {
        await open(ctrl, params, hash);
      } catch (error) {
        say(ctrl, `The editor could not be opened: ${describeError(error)}`);
      }
    },
    hide() {
      clearTimeout(ed.timer);
    },
  };
}

// -- opening ------------------------------------------------------------------------------------

async function open(ctrl, { game, variant, start }, hash) {
  const { ed } = ctrl;
  // Back to the editor (by Back, or the top bar's bare #editor): the work in progress stays, and
  // the address and the title name it again, so a reload, a bookmark or a shared address keeps it.
  if (ed.setup && (hash === ed.opened || !game)) {
    if (location.hash !== ed.opened) history.replaceState(null, "", ed.opened);
    renderChoice(ctrl);
    return;
  }
  ed.opened = hash;
  ed.data ??= await catalog();
  let problem = null;
  if (!game) ({ game, variant } = ctrl.current() ?? { game: ed.data.games[0].id, variant: null });
  const unknown = whyUnknown(ed.data, game, variant);
  if (unknown) {
    problem = `That editor link could not be opened: ${unknown}.`;
    ({ game, variant, start } = { game: ed.data.games[0].id, variant: null, start: null });
  }
  if (start && start.length > LIMITS.position) {
    problem = "That position is far too long to be a position string; the start position is shown instead.";
    start = null;
  }
  await load(ctrl, game, variant, start, problem);
}

// Ask Python for the game's editor (and the set-up of `start`), then show it.
async function load(ctrl, game, variant, start = null, problem = null) {
  const { ed, element, engine, board } = ctrl;
  const entry = boardEntry(ed.data, game, variant);
  ed.game = game;
  element.dataset.game = game; // the top bar marks the game shown
  ed.variant = variant;
  ed.info = entry.info;
  board.set({ geometry: ed.info, pieces: ed.info.pieces, sides: ed.info.sides, position: entry.state.board, label: `${ed.info.title} board being set up` });
  renderChoice(ctrl);
  renderPalette(ctrl);
  setBusy(ctrl, true, "Starting Python…");
  let answer;
  try {
    await engine.ready;
    try {
      answer = await engine.call({ op: "editor", game, variant, position: start });
    } catch (error) {
      if (!start) throw error;
      problem = `That position could not be edited: ${describeError(error)}. The start position is shown instead.`;
      answer = await engine.call({ op: "editor", game, variant });
    }
  } catch (error) {
    setBusy(ctrl, true, `The editor cannot start: ${describeError(error)}`);
    return;
  }
  if (ed.game !== game || ed.variant !== variant) return; // another game was chosen meanwhile
  ed.fields = answer.fields;
  ed.empty = answer.empty;
  ed.start = answer.start;
  setBusy(ctrl, false, "");
  say(ctrl, problem);
  // The set-up this tab was working on at this very address, before a reload (editor-state.js).
  const kept = problem ? null : keptWork({ hash: ed.opened, game, variant, empty: answer.empty, info: ed.info });
  setSetup(ctrl, kept ?? answer.setup ?? answer.start);
  renderPlayers(ctrl);
}

// -- the set-up ---------------------------------------------------------------------------------

function setSetup(ctrl, setup) {
  ctrl.ed.setup = structuredClone(setup);
  ctrl.board.set({ position: ctrl.ed.setup.board });
  renderSides(ctrl);
  renderFields(ctrl);
  check(ctrl);
}

// A click on a square puts the tool's piece there, or takes it off (the eraser, or the same piece).
function onSquare(ctrl, square) {
  const { ed, board } = ctrl;
  if (!ed.setup || !ed.tool) return;
  const { board: pieces } = ed.setup;
  const was = pieces[square];
  if (ed.tool === ERASER || pieces[square] === ed.tool) delete pieces[square];
  else pieces[square] = ed.tool;
  board.set({ position: ed.setup.board });
  // What the press did, in words (the board draws it; a screen reader hears it).
  const name = (letter) => ed.info.pieces[letter]?.name ?? letter;
  const now = pieces[square];
  board.announce(now ? `${name(now)} put on ${square}${was ? `, in place of the ${name(was)}` : ""}.` : was ? `${name(was)} taken off ${square}.` : `${square} is empty.`);
  renderFields(ctrl); // their choices follow the pieces on the board
  check(ctrl);
}

// Ask Python what is wrong, once the clicks pause; only the latest answer is shown.
function check(ctrl) {
  const { ed, engine } = ctrl;
  keepWork(ed); // every change: a reload gives it back, even one the editor refuses
  clearTimeout(ed.timer);
  ed.verdict = null;
  renderVerdict(ctrl, true);
  const number = ++ed.checks; // an answer still on its way for an older set-up is dropped
  ed.timer = setTimeout(async () => {
    try {
      const answer = await engine.call({ op: "setup", game: ed.game, variant: ed.variant, setup: ed.setup });
      if (number !== ed.checks) return;
      ed.verdict = answer;
    } catch (error) {
      if (number !== ed.checks) return;
      ed.verdict = { position: null, problems: [{ text: `The position could not be checked: ${describeError(error)}`, squares: [] }], over: null };
    }
    renderVerdict(ctrl, false);
  }, CHECK_DELAY_MS);
}

// -- actions ------------------------------------------------------------------------------------

const record = ({ ed }) => ({ game: ed.game, variant: ed.variant, start: ed.verdict.position, moves: [] });

async function share(ctrl) {
  const { $, named } = ctrl;
  const field = named("link");
  field.value = new URL(linkHash(record(ctrl), true), location.href).href;
  $(".share").hidden = false;
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    $(".share-note").textContent = "Copied to the clipboard.";
  } catch {
    $(".share-note").textContent = "Copy this link to share the position.";
  }
}

// The editor's controls and board, made the first time it is shown, and what they do.
function build(ctrl, { play, keep }) {
  const { ed, element, $, named } = ctrl;
  element.innerHTML = MARKUP;
  const board = createBoard($(".editor-board"), { events: { square: (square) => onSquare(ctrl, square) }, label: "Board being set up" });
  ctrl.board = board;
  named("game").onchange = () => void load(ctrl, named("game").value, null);
  named("variant").onchange = () => void load(ctrl, ed.game, named("variant").value || null);
  named("start").onclick = () => setSetup(ctrl, ed.start);
  named("empty").onclick = () => setSetup(ctrl, ed.empty);
  named("flip").onclick = () => {
    ed.orientation = ed.orientation === "flipped" ? "normal" : "flipped";
    board.set({ orientation: ed.orientation });
  };
  named("mode").onchange = () => renderPlayers(ctrl);
  named("play").onclick = () => {
    if (!ed.verdict?.position) return;
    const mode = named("mode").value;
    play(record(ctrl), mode, mode === "two" ? null : Number(named("level").value));
  };
  named("share").onclick = () => void share(ctrl);
  named("save").onclick = () => {
    if (!ed.verdict?.position) return;
    const kept = keep(record(ctrl), ed.setup.board);
    $(".editor-saved").textContent = kept ? "Saved: it is in Your games, ready to play." : "This browser is not keeping games (its storage is full or turned off).";
  };
}
