// The board editor (`#editor=<game>&variant=...&start=<position>`): set up any position by clicking,
// with the side to move and the game's extra state as form controls. Python (pygame_rules/setup.py,
// the bridge's "editor" and "setup" ops) describes the extra state's fields and checks every
// change, naming what is wrong; a valid position can be played, analysed, shared or saved.
// The page keeps only the set-up ({board, turn, ...extra}); it knows no rules.

import { createBoard } from "../board/board.js";
import { boardEntry, catalog, whyUnknown } from "../common/catalog.js";
import { describeError } from "../common/messages.js";
import { glyphMarkup } from "../board/glyphs.js";
import { analysisHash, linkHash } from "../common/links.js";
import { LIMITS } from "../common/storage.js";

const CHECK_DELAY_MS = 150; // set-ups are checked once the clicks pause, not on every one
const ERASER = "erase";

/** The editor's hash for a game, variant and (optionally) a position to start from. */
export function editorHash(game, variant = null, start = null) {
  const params = new URLSearchParams({ editor: game });
  if (variant) params.set("variant", variant);
  if (start) params.set("start", start);
  return `#${params}`;
}

const MARKUP = `
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

/**
 * The editor view, for the router. `engine` is the shared engine; `current()` gives the game the
 * game view shows ({game, variant}) for a bare `#editor`; `play(record, mode, level)` opens a set-up
 * as a new game in the game view; `keep(record, board)` saves it to the library (true if kept).
 */
export function createEditor({ element, engine, current, play, keep }) {
  const $ = (selector) => element.querySelector(selector);
  const named = (name) => element.querySelector(`[name="${name}"]`);
  const ed = {
    data: null, // the catalog
    game: null,
    variant: null,
    info: null, // the catalog's fixed facts of game / variant
    fields: [], // Python's description of the extra state's form fields
    empty: null,
    start: null,
    setup: null, // {board, turn, ...extra}: what is being set up
    tool: null, // a piece letter, or ERASER
    orientation: "normal",
    verdict: null, // Python's answer for the set-up shown: {position, problems, over}
    checks: 0, // the number of the latest check asked: older answers are dropped
    timer: null,
    opened: null, // the hash last opened, so going back to it keeps the work
    title: null, // the page's title before the editor showed its own
  };

  let board = null; // drawn when the editor is first shown: a page that never opens it has none of it

  // -- opening ------------------------------------------------------------------------------------

  function paramsOf(hash) {
    const text = String(hash).replace(/^#/, "");
    if (text !== "editor" && !text.startsWith("editor=") && !text.startsWith("editor&")) return null;
    const params = new URLSearchParams(text);
    return { game: params.get("editor") || null, variant: params.get("variant") || null, start: params.get("start") || null };
  }

  async function open({ game, variant, start }, hash) {
    // Back to the editor (by Back, or the top bar's bare #editor): the work in progress stays.
    if (ed.setup && (hash === ed.opened || !game)) return;
    ed.opened = hash;
    ed.data ??= await catalog();
    let problem = null;
    if (!game) ({ game, variant } = current() ?? { game: ed.data.games[0].id, variant: null });
    const unknown = whyUnknown(ed.data, game, variant);
    if (unknown) {
      problem = `That editor link could not be opened: ${unknown}.`;
      ({ game, variant, start } = { game: ed.data.games[0].id, variant: null, start: null });
    }
    if (start && start.length > LIMITS.position) {
      problem = "That position is far too long to be a position string; the start position is shown instead.";
      start = null;
    }
    await load(game, variant, start, problem);
  }

  // Ask Python for the game's editor (and the set-up of `start`), then show it.
  async function load(game, variant, start = null, problem = null) {
    const entry = boardEntry(ed.data, game, variant);
    ed.game = game;
    element.dataset.game = game; // the top bar marks the game shown
    ed.variant = variant;
    ed.info = entry.info;
    board.set({ geometry: ed.info, pieces: ed.info.pieces, sides: ed.info.sides, position: entry.state.board, label: `${ed.info.title} board being set up` });
    renderChoice();
    renderPalette();
    setBusy(true, "Starting Python…");
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
      setBusy(true, `The editor cannot start: ${describeError(error)}`);
      return;
    }
    if (ed.game !== game || ed.variant !== variant) return; // another game was chosen meanwhile
    ed.fields = answer.fields;
    ed.empty = answer.empty;
    ed.start = answer.start;
    setBusy(false, "");
    say(problem);
    setSetup(answer.setup ?? answer.start);
    renderPlayers();
  }

  function setBusy(busy, text) {
    $(".editor-loading").textContent = text;
    for (const control of element.querySelectorAll("button, select, input")) {
      if (!control.closest(".editor-choice")) control.disabled = busy;
    }
  }

  function say(text) {
    const area = $(".messages");
    area.replaceChildren();
    if (!text) return;
    const box = Object.assign(document.createElement("div"), { className: "message error" });
    box.setAttribute("role", "alert");
    box.append(Object.assign(document.createElement("p"), { textContent: text }));
    area.append(box);
  }

  // -- the set-up ---------------------------------------------------------------------------------

  function setSetup(setup) {
    ed.setup = structuredClone(setup);
    board.set({ position: ed.setup.board });
    renderSides();
    renderFields();
    check();
  }

  function changed({ fields = false } = {}) {
    board.set({ position: ed.setup.board });
    if (fields) renderFields(); // their choices follow the pieces on the board
    check();
  }

  function onSquare(square) {
    if (!ed.setup || !ed.tool) return;
    const { board: pieces } = ed.setup;
    if (ed.tool === ERASER || pieces[square] === ed.tool) delete pieces[square];
    else pieces[square] = ed.tool;
    changed({ fields: true });
  }

  // Ask Python what is wrong, once the clicks pause; only the latest answer is shown.
  function check() {
    clearTimeout(ed.timer);
    ed.verdict = null;
    renderVerdict(true);
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
      renderVerdict(false);
    }, CHECK_DELAY_MS);
  }

  // -- drawing ------------------------------------------------------------------------------------

  function renderChoice() {
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
    document.title = `Set up a position · ${ed.info.title} · Kings & Soldiers`;
  }

  function swatch(letter) {
    const piece = ed.info.pieces[letter];
    const index = ed.info.sides.findIndex((s) => s.id === piece.side);
    const side = ed.info.sides[index]?.name.toLowerCase().replace(/[^a-z0-9-]/g, "") ?? "";
    return `<svg class="swatch" viewBox="-50 -50 100 100" aria-hidden="true"><g class="piece side-${index} side-${side}">${glyphMarkup(piece.glyph, letter)}</g></svg>`;
  }

  function renderPalette() {
    const tools = $(".editor-tools");
    const letters = Object.keys(ed.info.pieces);
    if (!letters.includes(ed.tool) && ed.tool !== ERASER) ed.tool = letters[0];
    const button = (tool, label, markup) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "editor-tool";
      b.dataset.tool = tool;
      b.setAttribute("role", "radio");
      b.setAttribute("aria-checked", String(tool === ed.tool));
      b.title = label;
      b.setAttribute("aria-label", label);
      b.innerHTML = markup;
      b.onclick = () => chooseTool(tool);
      return b;
    };
    tools.replaceChildren(
      ...letters.map((letter) => button(letter, ed.info.pieces[letter].name, swatch(letter))),
      button(ERASER, "Eraser: clear a square", `<svg class="swatch" viewBox="-50 -50 100 100" aria-hidden="true"><path class="eraser" d="M-30 10 L5 -25 L30 0 L-5 35 Z M-12 28 L30 28"/></svg>`),
    );
    renderToolNote();
  }

  function chooseTool(tool) {
    ed.tool = tool;
    for (const b of element.querySelectorAll(".editor-tool")) b.setAttribute("aria-checked", String(b.dataset.tool === tool));
    renderToolNote();
  }

  function renderToolNote() {
    $(".editor-tool-note").textContent =
      ed.tool === ERASER ? "Click squares to clear them." : `Click squares to put a ${ed.info.pieces[ed.tool]?.name} there; click one again to take it off.`;
  }

  function renderSides() {
    const sides = $(".editor-sides");
    sides.replaceChildren(
      ...ed.info.sides.map((side) => {
        const label = document.createElement("label");
        const input = Object.assign(document.createElement("input"), { type: "radio", name: "turn", value: side.id, checked: ed.setup.turn === side.id });
        input.onchange = () => {
          ed.setup.turn = side.id;
          check();
        };
        const letter = Object.keys(ed.info.pieces).find((l) => ed.info.pieces[l].side === side.id);
        label.innerHTML = letter ? swatch(letter) : "";
        label.prepend(input);
        label.append(side.name);
        return label;
      }),
    );
  }

  // The squares whose pieces a field may name (`pieces` letters; "" for any piece), and `keep`
  // (what the set-up already names there, even if the piece has gone: Python then says so).
  function squaresFor(pieces, keep = []) {
    const names = ed.info.squares.map((s) => s.name);
    const fits = (sq) => ed.setup.board[sq] && (!pieces || pieces.includes(ed.setup.board[sq]));
    return names.filter((sq) => fits(sq) || keep.includes(sq));
  }

  const describeSquare = (sq) => (ed.setup.board[sq] ? `${sq} (${ed.info.pieces[ed.setup.board[sq]]?.name ?? "?"})` : `${sq} (empty)`);

  // One form control for a field (or a list entry's column) of Python's description.
  function control(field, value, onChange) {
    if (field.kind === "number") {
      const input = Object.assign(document.createElement("input"), { type: "number", min: field.min, max: field.max, step: 1, value: String(value ?? field.min) });
      input.oninput = () => onChange(input.value === "" ? null : Number(input.value));
      return input;
    }
    const select = document.createElement("select");
    const options =
      field.kind === "choice"
        ? field.options.map((o) => new Option(o.label, o.value))
        : [...(field.options ?? []).map((o) => new Option(o.label, o.value)), ...squaresFor(field.pieces, [value]).map((sq) => new Option(describeSquare(sq), sq))];
    select.replaceChildren(...options);
    select.value = value ?? "";
    select.onchange = () => onChange(select.value);
    return select;
  }

  function renderFields() {
    const box = $(".editor-fields");
    box.replaceChildren(...ed.fields.map(renderField));
  }

  function renderField(field) {
    const set = document.createElement("fieldset");
    set.className = `editor-field editor-kind-${field.kind}`;
    set.dataset.field = field.key;
    set.append(Object.assign(document.createElement("legend"), { textContent: field.label }));
    if (field.help) set.append(Object.assign(document.createElement("p"), { className: "hint", textContent: field.help }));
    const value = ed.setup[field.key];
    const update = (next, fields = false) => {
      ed.setup[field.key] = next;
      if (fields) renderFields();
      check();
    };
    if (field.kind === "sides" || field.kind === "squares") {
      const choices =
        field.kind === "sides" ? ed.info.sides.map((s) => [s.id, s.name]) : squaresFor(field.pieces, value).map((sq) => [sq, describeSquare(sq)]);
      if (!choices.length) set.append(Object.assign(document.createElement("p"), { className: "empty", textContent: "None on the board." }));
      for (const [id, text] of choices) {
        const label = document.createElement("label");
        const input = Object.assign(document.createElement("input"), { type: "checkbox", value: id, checked: value.includes(id) });
        input.onchange = () => {
          const order = choices.map(([c]) => c);
          const chosen = new Set(ed.setup[field.key]);
          if (input.checked) chosen.add(id);
          else chosen.delete(id);
          update(order.filter((c) => chosen.has(c)));
        };
        label.append(input, text);
        set.append(label);
      }
    } else if (field.kind === "list") {
      const rows = document.createElement("div");
      rows.className = "editor-rows";
      value.forEach((entry, i) => {
        const row = document.createElement("div");
        row.className = "editor-row";
        for (const column of field.columns) {
          const label = document.createElement("label");
          const onChange = (v) => {
            ed.setup[field.key][i][column.key] = v;
            check();
          };
          label.append(column.label, control(column, entry[column.key], onChange));
          row.append(label);
        }
        const remove = Object.assign(document.createElement("button"), { type: "button", textContent: "Remove" });
        remove.setAttribute("aria-label", `Remove this ${field.label.toLowerCase().replace(/s$/, "")}`);
        remove.onclick = () => update(ed.setup[field.key].filter((_, j) => j !== i), true);
        row.append(remove);
        rows.append(row);
      });
      set.append(rows);
      const add = Object.assign(document.createElement("button"), { type: "button", textContent: `Add ${field.label.toLowerCase().replace(/s$/, "")}` });
      add.name = `add-${field.key}`;
      add.onclick = () => {
        const entry = Object.fromEntries(
          field.columns.map((c) => [c.key, c.kind === "number" ? c.min : c.kind === "choice" ? c.options[0].value : (squaresFor(c.pieces)[0] ?? null)]),
        );
        update([...ed.setup[field.key], entry], true);
      };
      set.append(add);
    } else {
      const label = document.createElement("label");
      label.className = "editor-single";
      // The legend shows the field's name; the control gets it too (a label with no text names nothing).
      label.append(Object.assign(document.createElement("span"), { className: "visually-hidden", textContent: field.label }), control(field, value, (v) => update(v)));
      set.append(label);
    }
    return set;
  }

  // What Python said of the set-up: what is wrong (its squares marked on the board), or that it is
  // valid, and whether the game is already over there. `pending` while a check is on its way.
  function renderVerdict(pending) {
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
    }
  }

  function renderPlayers() {
    const data = ed.data;
    const modes = named("mode");
    const value = modes.value;
    modes.replaceChildren(new Option("Two players", "two"), ...ed.info.sides.map((s, i) => new Option(`Play ${s.name} vs computer`, `play-${i}`)));
    modes.value = [...modes.options].some((o) => o.value === value) ? value : "two";
    const levels = named("level");
    if (!levels.options.length) {
      levels.replaceChildren(...data.levels.levels.map((l) => new Option(`Level ${l.level}`, String(l.level))));
      levels.value = String(data.levels.default);
    }
    $(".editor-level").hidden = modes.value === "two";
  }

  // -- actions ------------------------------------------------------------------------------------

  const record = () => ({ game: ed.game, variant: ed.variant, start: ed.verdict.position, moves: [] });

  async function share() {
    const field = named("link");
    field.value = new URL(linkHash(record(), true), location.href).href;
    $(".share").hidden = false;
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      $(".share-note").textContent = "Copied to the clipboard.";
    } catch {
      $(".share-note").textContent = "Copy this link to share the position.";
    }
  }

  // The editor's controls and board, made the first time it is shown.
  function build() {
    element.innerHTML = MARKUP;
    board = createBoard($(".editor-board"), { events: { square: onSquare }, label: "Board being set up" });
    wire();
  }

  function wire() {
    named("game").onchange = () => void load(named("game").value, null);
    named("variant").onchange = () => void load(ed.game, named("variant").value || null);
    named("start").onclick = () => setSetup(ed.start);
    named("empty").onclick = () => setSetup(ed.empty);
    named("flip").onclick = () => {
      ed.orientation = ed.orientation === "flipped" ? "normal" : "flipped";
      board.set({ orientation: ed.orientation });
    };
    named("mode").onchange = renderPlayers;
    named("play").onclick = () => {
      if (!ed.verdict?.position) return;
      const mode = named("mode").value;
      play(record(), mode, mode === "two" ? null : Number(named("level").value));
    };
    named("share").onclick = () => void share();
    named("save").onclick = () => {
      if (!ed.verdict?.position) return;
      const kept = keep(record(), ed.setup.board);
      $(".editor-saved").textContent = kept ? "Saved: it is in Your games, ready to play." : "This browser is not keeping games (its storage is full or turned off).";
    };
  }

  return {
    name: "editor",
    element,
    matches: paramsOf,
    async show(params, hash) {
      if (!board) build();
      ed.title ??= document.title; // the game view's, given back on leaving
      try {
        await open(params, hash);
      } catch (error) {
        say(`The editor could not be opened: ${describeError(error)}`);
      }
    },
    hide() {
      clearTimeout(ed.timer);
      if (ed.title) document.title = ed.title;
      ed.title = null;
    },
  };
}
