// The editor's page drawn from its state: the markup (made once), the game and rules chosen, the
// palette, the side to move, Python's verdict on the set-up and the players' choice. Every
// function takes the controller ({ed, element, board, $, named, check}); the form of the extra
// state is editor-fields.js's.

import { glyphMarkup } from "../board/glyphs.js";
import { boardEntry } from "../common/catalog.js";
import { analysisHash } from "../common/links.js";
import { ERASER, editorHash, keepWork } from "./editor-state.js";
import { pageTitle } from "../common/words.js";

/** The editor's elements, put in the view's element the first time it is shown. */
export const MARKUP = `
  <section class="stage" aria-label="Board being set up">
    <div class="board editor-board"></div>
    <section class="editor-verdict" aria-live="polite">
      <ul class="editor-problems" role="alert"></ul>
      <p class="editor-ok" hidden></p>
      <p class="editor-over" hidden></p>
    </section>
  </section>
  <aside class="panel editor-panel">
    <div class="messages"></div>
    <div class="heading">
      <h1 class="editor-title">Set up a position</h1>
      <div class="editor-choice">
        <label>Game <select name="game"></select></label>
        <label class="editor-variant">Rules <select name="variant"></select></label>
      </div>
    </div>
    <p class="hint editor-loading" role="status"></p>
    <fieldset class="editor-palette">
      <legend>Put on the board</legend>
      <div class="editor-tools" role="radiogroup"></div>
      <p class="hint editor-tool-note" aria-live="polite"></p>
    </fieldset>
    <div class="toolbar editor-board-tools">
      <button type="button" name="start">Start position</button>
      <button type="button" name="empty">Empty board</button>
      <button type="button" name="flip">Flip board</button>
    </div>
    <fieldset class="editor-turn">
      <legend>Side to move</legend>
      <div class="editor-sides"></div>
    </fieldset>
    <div class="editor-fields"></div>
    <section class="card editor-use">
      <h2>Use this position</h2>
      <div class="players editor-players">
        <label>Players <select name="mode"></select></label>
        <label class="editor-level">Level <select name="level"></select></label>
      </div>
      <div class="toolbar">
        <button type="button" name="play">Play</button>
        <a class="button" name="analyse">Analyse</a>
        <button type="button" name="share">Share</button>
        <button type="button" name="save">Save to your games</button>
      </div>
      <div class="share" hidden>
        <label>Link to this position <input type="url" name="link" readonly></label>
        <span class="share-note" role="status"></span>
      </div>
      <p class="hint editor-saved" role="status"></p>
      <p class="editor-position">Position: <code></code></p>
    </section>
  </aside>`;

/** The line under the game's choice: what is loading, or why the editor cannot start. While busy, only the choice works. */
export function setBusy({ element, $ }, busy, text) {
  $(".editor-loading").textContent = text;
  for (const control of element.querySelectorAll("button, select, input")) {
    if (!control.closest(".editor-choice")) control.disabled = busy;
  }
}

/** A message above the panel (null: none). */
export function say({ $ }, text) {
  const area = $(".messages");
  for (const old of area.querySelectorAll("[data-editor-said]")) old.remove(); // its own, not a page's note (updates.js)
  if (!text) return;
  const box = Object.assign(document.createElement("div"), { className: "message error" });
  box.dataset.editorSaid = "";
  box.setAttribute("role", "alert");
  box.append(Object.assign(document.createElement("p"), { textContent: text }));
  area.append(box);
}

/** The game and rules chosen, and the titles that name them. */
export function renderChoice({ ed, $, named }) {
  const games = named("game");
  games.replaceChildren(...ed.data.games.map((g) => new Option(g.title, g.id)));
  games.value = ed.game;
  const entry = ed.data.games.find((g) => g.id === ed.game);
  const variants = named("variant");
  variants.replaceChildren(
    new Option("Standard rules", ""),
    ...entry.variants.map((v) => new Option(boardEntry(ed.data, ed.game, v)?.info.title ?? v, v)),
  );
  variants.value = ed.variant ?? "";
  $(".editor-variant").hidden = !entry.variants.length;
  $(".editor-title").textContent = `Set up a position · ${ed.info.title}`;
  document.title = pageTitle("Set up a position", ed.info.title);
}

// A piece as drawn on the board, small, for the palette and the sides.
function swatch(ed, letter) {
  const piece = ed.info.pieces[letter];
  const index = ed.info.sides.findIndex((s) => s.id === piece.side);
  const side = ed.info.sides[index]?.name.toLowerCase().replace(/[^a-z0-9-]/g, "") ?? "";
  return `<svg class="swatch" viewBox="-50 -50 100 100" aria-hidden="true"><g class="piece side-${index} side-${side}">${glyphMarkup(piece.glyph, letter)}</g></svg>`;
}

/** The palette: a radio button per piece of the game and the eraser (the tool kept if the game has it). */
export function renderPalette(ctrl) {
  const { ed, $ } = ctrl;
  const letters = Object.keys(ed.info.pieces);
  if (!letters.includes(ed.tool) && ed.tool !== ERASER) ed.tool = letters[0];
  const button = (tool, label, markup) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "editor-tool";
    b.dataset.tool = tool;
    b.setAttribute("role", "radio");
    b.setAttribute("aria-checked", String(tool === ed.tool));
    b.tabIndex = tool === ed.tool ? 0 : -1; // one stop for Tab; the arrows move within (a radio group)
    b.title = label;
    b.setAttribute("aria-label", label);
    b.innerHTML = markup;
    b.onclick = () => chooseTool(ctrl, tool);
    return b;
  };
  const tools = $(".editor-tools");
  tools.replaceChildren(
    ...letters.map((letter) => button(letter, ed.info.pieces[letter].name, swatch(ed, letter))),
    button(ERASER, "Eraser: clear a square", `<svg class="swatch" viewBox="-50 -50 100 100" aria-hidden="true"><path class="eraser" d="M-30 10 L5 -25 L30 0 L-5 35 Z M-12 28 L30 28"/></svg>`),
  );
  // The arrows choose the next or previous tool (round the end), Home and End the first and last,
  // as in any group of radio buttons.
  tools.onkeydown = (event) => {
    const all = [...tools.querySelectorAll(".editor-tool")];
    const at = all.indexOf(event.target);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const to = step ? (at + step + all.length) % all.length : { Home: 0, End: all.length - 1 }[event.key];
    if (at < 0 || to === undefined) return;
    event.preventDefault();
    chooseTool(ctrl, all[to].dataset.tool);
    all[to].focus();
  };
  renderToolNote(ctrl);
}

function chooseTool(ctrl, tool) {
  ctrl.ed.tool = tool;
  for (const b of ctrl.element.querySelectorAll(".editor-tool")) {
    b.setAttribute("aria-checked", String(b.dataset.tool === tool));
    b.tabIndex = b.dataset.tool === tool ? 0 : -1;
  }
  renderToolNote(ctrl);
}

function renderToolNote({ ed, $ }) {
  $(".editor-tool-note").textContent =
    ed.tool === ERASER ? "Choose squares to clear them." : `Choose squares to put a ${ed.info.pieces[ed.tool]?.name} there; choose one again to take it off.`;
}

/** The side to move: a radio button per side, with a piece of its colour. */
export function renderSides(ctrl) {
  const { ed, $ } = ctrl;
  $(".editor-sides").replaceChildren(
    ...ed.info.sides.map((side) => {
      const label = document.createElement("label");
      const input = Object.assign(document.createElement("input"), { type: "radio", name: "turn", value: side.id, checked: ed.setup.turn === side.id });
      input.onchange = () => {
        ed.setup.turn = side.id;
        ctrl.check();
      };
      const letter = Object.keys(ed.info.pieces).find((l) => ed.info.pieces[l].side === side.id);
      label.innerHTML = letter ? swatch(ed, letter) : "";
      label.prepend(input);
      label.append(side.name);
      return label;
    }),
  );
}

/**
 * What Python said of the set-up: what is wrong (its squares marked on the board), or that it is
 * valid, and whether the game is already over there. `pending` while a check is on its way. The
 * actions follow: a set-up can be used only when valid (and played only if not over).
 */
export function renderVerdict({ ed, element, board, $, named }, pending) {
  const verdict = ed.verdict;
  const problems = verdict?.problems ?? [];
  $(".editor-problems").replaceChildren(...problems.map((p) => Object.assign(document.createElement("li"), { textContent: p.text })));
  board.set({ highlights: problems.flatMap((p) => p.squares) });
  const valid = Boolean(verdict?.position);
  $(".editor-ok").hidden = !valid;
  $(".editor-ok").textContent = valid ? "This position is valid." : "";
  $(".editor-over").hidden = !verdict?.over;
  $(".editor-over").textContent = verdict?.over ? `The game is already over here: ${verdict.over}` : "";
  element.toggleAttribute("data-checking", pending);
  element.dataset.valid = String(valid);
  $(".editor-position code").textContent = verdict?.position ?? "—";
  named("play").disabled = !valid || Boolean(verdict.over);
  named("share").disabled = named("save").disabled = !valid;
  const analyse = named("analyse");
  // A link has no disabled state of its own: without an address it goes nowhere, and says so.
  if (valid) {
    analyse.href = analysisHash({ game: ed.game, variant: ed.variant, start: verdict.position, moves: [] });
    analyse.removeAttribute("aria-disabled");
  } else {
    analyse.removeAttribute("href");
    analyse.setAttribute("aria-disabled", "true");
  }
  $(".share").hidden = true;
  $(".editor-saved").textContent = "";
  if (valid && !element.hidden) {
    // The address follows the set-up, so a reload (or a bookmark) comes back to it.
    ed.opened = editorHash(ed.game, ed.variant, verdict.position);
    history.replaceState(null, "", ed.opened);
    keepWork(ed); // kept with the address it is at now
  }
}

/** Who plays the set-up: two people, or a side against the computer at a level. */
export function renderPlayers({ ed, $, named }) {
  const modes = named("mode");
  const value = modes.value;
  modes.replaceChildren(new Option("Two players", "two"), ...ed.info.sides.map((s, i) => new Option(`Play ${s.name} vs computer`, `play-${i}`)));
  modes.value = [...modes.options].some((o) => o.value === value) ? value : "two";
  const levels = named("level");
  if (!levels.options.length) {
    levels.replaceChildren(...ed.data.levels.levels.map((l) => new Option(`Level ${l.level}`, String(l.level))));
    levels.value = String(ed.data.levels.default);
  }
  $(".editor-level").hidden = modes.value === "two";
}
