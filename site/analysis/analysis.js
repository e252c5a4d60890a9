// The analysis board (`#analysis&game=...&start=...&moves=...&at=3`): any position of any game, moves
// for both sides, variations kept as a tree (variations.js), the engine thinking on the position
// shown (up to 3 best lines, stopped as soon as the position changes), and a game review that
// evaluates every position of the main line and has Python grade every move (gamereview.js). As everywhere,
// Python (in the worker) checks every move and says everything about a position: no rules here.

import { moveArrows } from "../game/assist.js";
import { createBoard } from "../board/board.js";
import { boardEntry, catalog } from "../common/catalog.js";
import { sharedEngine } from "../engine/engine.js";
import { createEvalBar, evaluationText, evaluationWords, readEvaluation } from "./evalbar.js";
import { better, graphMarkup, plyAt, RECHECKED, readReview, sideSummary } from "./gamereview.js";
import { analysisHash, isAnalysisHash, readLink } from "../common/links.js";
import { describeError, showMessage } from "../common/messages.js";
import { createRecordForm } from "../library/records.js";
import { scrollWithin } from "../common/scroll.js";
import { describeMove } from "../board/speech.js";
import * as variations from "./variations.js";

/** Think time of the engine on one position: it stops by itself after this (the bridge's cap). */
const THINK_MS = 60_000;
/** Slice of the worker's time per request: the longest a new position waits for the old search. */
const SLICE_MS = 100;
/**
 * A game review's quick pass looks at each position as the computer's level 3 does (a fixed number
 * of positions, so a review says the same on any machine); the two positions of each move it
 * grades a mistake or worse are searched again for longer, where a proof may decide the grade.
 * A proof the engine found here on the analysis board counts too.
 */
const REVIEW = { level: 3, time_ms: 5_000 }; // level 3's positions; its 0.9 s would cut them short on a busy machine
const RECHECK = { time_ms: 2_000 };
/** Moves of a best line drawn as arrows (more only clutter the board). */
const ARROW_MOVES = 6;
const MAX_LINES = 3;

const MARKUP = `
  <section class="stage" aria-label="Analysis board">
    <div id="analysis-board" class="board"></div>
  </section>
  <aside class="panel analysis-panel">
    <div id="analysis-messages" class="messages"></div>
    <div class="analysis-head">
      <h1 id="analysis-title">Analysis</h1>
      <a id="analysis-back" href="#">Back to the game</a>
    </div>
    <p id="analysis-turn" class="turn" aria-live="polite"></p>
    <p id="analysis-announce" class="visually-hidden" aria-live="polite"></p>
    <section class="card engine" aria-labelledby="analysis-engine-heading">
      <div class="engine-head">
        <h2 id="analysis-engine-heading">Engine</h2>
        <label>Lines <select id="analysis-lines"><option>1</option><option>2</option><option>3</option></select></label>
        <button id="analysis-engine" type="button" aria-pressed="true">Stop</button>
      </div>
      <div id="analysis-eval"></div>
      <p id="analysis-status" class="engine-status" role="status"></p>
      <ol id="analysis-pvs" class="pvs" aria-label="Best lines"></ol>
    </section>
    <section class="card" aria-labelledby="analysis-moves-heading">
      <h2 id="analysis-moves-heading">Moves</h2>
      <p id="analysis-moves-empty" class="empty">Play a move on the board for either side.</p>
      <div id="analysis-moves" class="tree"></div>
      <div class="review" role="group" aria-label="Step through the moves">
        <button id="analysis-first" type="button" aria-label="Start position" title="Start (Home)">«</button>
        <button id="analysis-previous" type="button" aria-label="One move back" title="Back (Left arrow)">‹</button>
        <button id="analysis-next" type="button" aria-label="One move on" title="On (Right arrow)">›</button>
        <button id="analysis-end" type="button" aria-label="End of the line" title="End of the line (End)">»</button>
        <button id="analysis-flip" type="button" class="text">Flip</button>
      </div>
      <div class="variation-tools" role="group" aria-label="The variation shown">
        <button id="analysis-promote" type="button" title="Make this variation the main line where it branches off">Promote variation</button>
        <button id="analysis-delete" type="button" title="Delete this move and the moves after it">Delete from here</button>
      </div>
    </section>
    <section class="card game-review" aria-labelledby="analysis-review-heading">
      <h2 id="analysis-review-heading">Game review</h2>
      <div class="review-run">
        <button id="analysis-review" type="button">Analyse this game</button>
        <progress id="analysis-progress" max="1" value="0" hidden></progress>
      </div>
      <div id="analysis-graph" class="graph-box" hidden></div>
      <p id="analysis-graph-caption" class="graph-caption" hidden></p>
      <p id="analysis-review-summary" class="review-summary" role="status"></p>
    </section>
    <details class="card record-open">
      <summary>Analyse a game record</summary>
      <div data-record-form></div>
    </details>
  </aside>`;

/**
 * The analysis view for the router: {name, element, matches, show, hide}, plus `review()` to run a
 * game review of the record shown (after `router.go(analysisHash(record))`). `facing(record)` is the
 * orientation a record opens in: the person's side at the bottom when it is the game they play.
 */
export function createAnalysisView(element, { facing = () => "normal" } = {}) {
  element.innerHTML = MARKUP;
  const $ = (id) => element.querySelector(`#${id}`);
  const engine = sharedEngine();
  const board = createBoard($("analysis-board"), { events: { move: onBoardMove } });
  const evalBar = createEvalBar($("analysis-eval"));

  const a = {
    shown: false,
    hash: null, // the hash this view last wrote or read: the same hash again keeps the tree
    record: null, // {game, variant, start} of the tree's start position
    info: null,
    tree: variations.treeOf(),
    opened: null, // the tree as it was opened, as JSON: what differs the person made here
    at: 0, // the node shown
    state: null, // Python's state of the node shown
    firstSide: 0, // the index of the side to move at the start (sides alternate)
    orientation: "normal",
    seq: 0, // each position change counts one: answers for an older one are dropped
    engineOn: true,
    lines: 1,
    job: null, // the engine's search on the position shown: {search, state}
    found: null, // its latest answer
    arrowsFor: null, // the index of the best line drawn as arrows
    arrowsPv: null, // the moves drawn as arrows
    drawnAt: 0, // when the engine's lines were last drawn
    review: null, // {ids, evaluations, graded (readReview's answer), running, cancelled}
    known: new Map(), // the proofs the engine found here (wins in N), by the moves to the position
    loading: null, // the record being opened from the address
  };

  const sides = () => a.info?.sides ?? [];
  const sideName = (index) => sides()[index]?.name ?? "";
  const turnIndex = (ply) => (a.firstSide + ply) % 2;
  const movesAt = (id = a.at) => variations.movesTo(a.tree, id);
  const knownKey = (moves) => JSON.stringify([a.record.game, a.record.variant, a.record.start, moves]);
  const request = (op, moves, extra = {}) => ({ op, game: a.record.game, variant: a.record.variant, start: a.record.start, moves, ...extra });
  // Moves are numbered in pairs, the first side's move first: "3." before it, "3…" before the other's.
  const firstOfPair = (ply) => (ply - 1 + a.firstSide) % 2 === 0;
  const moveLabel = (ply) => `${Math.floor((ply - 1 + a.firstSide) / 2) + 1}${firstOfPair(ply) ? "." : "…"}`;

  // -- opening a record -----------------------------------------------------------------------------

  async function load(record, at) {
    const data = await catalog();
    const entry = boardEntry(data, record.game, record.variant);
    await engine.ready;
    const info = entry?.info ?? (await engine.call({ op: "info", game: record.game, variant: record.variant }));
    const end = await engine.call({ op: "state", ...record }); // every move checked
    const tree = variations.treeOf(end.history);
    const ids = [0, ...variations.mainLine(tree)];
    const id = ids[Number.isInteger(at) ? Math.max(0, Math.min(at, ids.length - 1)) : ids.length - 1];
    const turnAtEnd = info.sides.findIndex((s) => s.id === end.turn);
    const before = madeHere() ? analysisShown() : null;
    a.orientation = facing(record);
    await showAnalysis({
      record: { game: record.game, variant: record.variant ?? null, start: end.start === info.start ? null : end.start },
      info,
      tree,
      opened: JSON.stringify(tree),
      firstSide: (((turnAtEnd - end.history.length) % 2) + 2) % 2,
      at: id,
    });
    if (!before) return;
    // Moves the person played here are not thrown away unasked: the note brings them back.
    const count = before.tree.nodes.filter(Boolean).length - 1;
    showMessage(`Opened in place of your ${before.info.title} analysis (${count} move${count === 1 ? "" : "s"}).`, {
      kind: "note",
      action: { label: "Undo", run: () => void run(() => showAnalysis(before)) },
    });
  }

  // Whether the tree shown has moves the person made (played, promoted or deleted) since it opened.
  const madeHere = () => Boolean(a.record) && JSON.stringify(a.tree) !== a.opened;
  const analysisShown = () => ({ record: a.record, info: a.info, tree: a.tree, opened: a.opened, firstSide: a.firstSide, at: a.at });

  async function showAnalysis({ record, info, tree, opened, firstSide, at }) {
    stopReview();
    Object.assign(a, { record, info, tree, opened, firstSide, review: null });
    element.dataset.game = record.game; // the top bar marks the game shown
    board.set({ geometry: info, pieces: info.pieces, sides: info.sides, label: `${info.title} analysis board`, orientation: a.orientation, position: {} });
    $("analysis-title").textContent = `Analysis · ${info.title}`;
    document.title = `Analysis · ${info.title} · Kings & Soldiers`;
    renderReview();
    await goTo(at);
  }

  async function showHash(hash) {
    const data = await catalog();
    const link = readLink(hash, data);
    const at = Number(new URLSearchParams(hash.replace(/^#/, "")).get("at") ?? Number.NaN);
    if (!link) {
      if (a.record) return writeHash(); // "#analysis" alone: what was shown last
      return load({ game: data.games[0].id, variant: null, start: null, moves: [] }, null);
    }
    const fallback = () => (a.record ? goTo(a.at) : load({ game: data.games[0].id, variant: null, start: null, moves: [] }, null));
    if (link.problem || link.friend) {
      showMessage(`That analysis link could not be opened: ${link.problem ?? "it is a game with a friend"}.`);
      return fallback();
    }
    try {
      await load(link.record, Number.isInteger(at) ? at : null);
    } catch (error) {
      if (error?.type === "WorkerLost" || error?.type === "LoadError") throw error;
      // A bad position or move in the link: said, and the board shows what it showed (or a start).
      showMessage(`That analysis link could not be opened: ${describeError(error)}.`);
      await fallback();
    }
  }

  // The address names the line shown (the moves to the node and on along its first children) and
  // the node, so a reload or a shared link comes back here.
  function writeHash() {
    if (!a.record || !a.shown) return;
    const before = movesAt();
    const after = variations.lineFrom(a.tree, a.at).map((id) => variations.nodeAt(a.tree, id).move);
    a.hash = analysisHash({ ...a.record, moves: [...before, ...after] }, before.length);
    if (location.hash !== a.hash) history.replaceState(null, "", a.hash);
  }

  // -- the position shown ---------------------------------------------------------------------------

  // Show node `id`: Python's state of it, then the engine on it. `motion` animates a move.
  async function goTo(id, motion = null) {
    if (!variations.has(a.tree, id)) return;
    stopSearch();
    const seq = ++a.seq;
    const state = await engine.call(request("state", movesAt(id)));
    if (seq !== a.seq) return; // another position was asked for meanwhile
    const before = a.state?.board;
    a.at = id;
    a.state = state;
    a.found = null;
    a.arrowsFor = null;
    a.arrowsPv = null;
    board.set({ position: state.board, lastMove: state.lastMove, marks: state.status.marks, arrows: [], labels: {}, animate: motion });
    if (motion?.path && before && state.lastMove) $("analysis-announce").textContent = describeMove(state.lastMove, before, a.info);
    render();
    writeHash();
    startSearch();
  }

  function render() {
    const { state } = a;
    const over = state.result != null;
    $("analysis-turn").textContent = over ? capitalise(state.resultText) : `${sideName(turnIndex(variations.nodeAt(a.tree, a.at).ply))} to move`;
    board.set({ movable: { moves: state.moves, enabled: !over } });
    renderMoves();
    renderEngine();
    renderControls();
    renderGraph();
  }

  function renderControls() {
    const node = variations.nodeAt(a.tree, a.at);
    $("analysis-first").disabled = $("analysis-previous").disabled = node.parent === null;
    $("analysis-next").disabled = $("analysis-end").disabled = !node.children.length;
    $("analysis-promote").disabled = variations.onMainLine(a.tree, a.at);
    $("analysis-delete").disabled = node.parent === null;
    $("analysis-review").disabled = !variations.mainLine(a.tree).length;
    $("analysis-review").textContent = a.review?.running ? "Stop the review" : "Analyse this game";
    const on = a.engineOn;
    $("analysis-engine").textContent = on ? "Stop" : "Start";
    $("analysis-engine").setAttribute("aria-pressed", String(on));
  }

  // -- the move tree ----------------------------------------------------------------------------------

  function renderMoves() {
    const box = $("analysis-moves");
    const marks = new Map([...(a.review?.graded?.marks.values() ?? [])].map((mark) => [a.review.ids[mark.ply], mark]));
    let current = null;

    const build = (items, parent) => {
      let needNumber = true; // at the start of a line, and after a variation
      for (const item of items) {
        if (item.variation) {
          const block = document.createElement("div");
          block.className = "variation";
          build(item.variation, block);
          parent.append(block);
          needNumber = true;
          continue;
        }
        if (firstOfPair(item.ply) || needNumber) {
          const number = document.createElement("span");
          number.className = "num";
          number.textContent = moveLabel(item.ply);
          parent.append(number);
        }
        needNumber = false;
        const button = document.createElement("button");
        button.type = "button";
        button.className = "mv";
        button.dataset.node = String(item.id);
        button.dataset.ply = String(item.ply);
        button.textContent = item.move;
        const mark = marks.get(item.id);
        if (mark) {
          button.classList.add(`mark-${mark.grade}`);
          button.dataset.mark = mark.grade;
          button.append(Object.assign(document.createElement("span"), { className: "sign", textContent: mark.sign }));
          button.title = mark.words;
        }
        if (item.id === a.at) {
          button.classList.add("current");
          button.setAttribute("aria-current", "step");
          current = button;
        }
        button.onclick = () => void run(() => goTo(item.id));
        parent.append(button);
      }
    };
    const line = document.createElement("div");
    line.className = "line";
    build(variations.layout(a.tree), line);
    box.replaceChildren(line);
    $("analysis-moves-empty").hidden = variations.nodeAt(a.tree, 0).children.length > 0;
    if (current) scrollWithin(box, current);
  }

  // A move entered on the board: Python plays it (and names it), and it goes into the tree (as a
  // new variation unless the node already has it).
  function onBoardMove(candidates) {
    if (candidates.length !== 1) {
      board.cancel();
      return;
    }
    void run(async () => {
      const seq = a.seq;
      const state = await engine.call(request("play", movesAt(), { move: candidates[0].text }));
      if (seq !== a.seq) return board.cancel();
      const id = variations.addMove(a.tree, a.at, state.history.at(-1));
      await goTo(id, state.lastMove);
    });
  }

  // Run an action; its failure is said (the tree and the position shown stay).
  async function run(task) {
    try {
      await task();
    } catch (error) {
      board.cancel();
      if (error?.type !== "WorkerLost") showMessage(describeError(error));
    }
  }

  function step(where) {
    const node = variations.nodeAt(a.tree, a.at);
    const target = {
      first: 0,
      previous: node.parent,
      next: node.children[0],
      end: variations.lineFrom(a.tree, a.at).at(-1),
    }[where];
    if (target === undefined || target === null) return;
    void run(() => goTo(target, where === "next" ? true : null));
  }

  function promote() {
    stopReview(); // a review follows the main line it started with
    if (!variations.promote(a.tree, a.at)) return;
    render();
    writeHash();
  }

  // Delete the move shown and what follows; a note offers to bring them back.
  function remove() {
    const node = variations.nodeAt(a.tree, a.at);
    if (node.parent === null) return;
    stopReview();
    const kept = structuredClone(a.tree);
    const count = variations.sizeFrom(a.tree, a.at);
    const at = a.at;
    const parent = variations.remove(a.tree, a.at);
    void run(() => goTo(parent));
    showMessage(`Deleted ${count} move${count === 1 ? "" : "s"} from ${node.move} on.`, {
      kind: "note",
      action: {
        label: "Undo",
        run: () => {
          a.tree = kept;
          void run(() => goTo(at));
        },
      },
    });
  }

  // -- the engine ---------------------------------------------------------------------------------------

  function startSearch() {
    stopSearch();
    if (!a.engineOn || !a.state || a.state.result != null || a.review?.running) return renderEngine();
    const state = a.state;
    const seq = a.seq;
    const search = engine.think(request("think", state.history, { time_ms: THINK_MS, lines: a.lines }), SLICE_MS, (answer) => found(answer, seq, false));
    a.job = { search, seq };
    renderEngine();
    search.result.then(
      (answer) => answer && found(answer, seq, true),
      (error) => {
        if (a.job?.search !== search) return;
        a.job = null;
        if (error?.type !== "WorkerLost") $("analysis-status").textContent = `The engine stopped: ${describeError(error)}`;
      },
    );
  }

  function stopSearch() {
    a.job?.search.cancel();
    a.job = null;
  }

  // What the search found so far on position `seq` (dropped if the position changed since).
  function found(answer, seq, done) {
    if (seq !== a.seq || !a.job || a.job.seq !== seq) return;
    const deeper = answer.depth !== a.found?.depth;
    a.found = { ...answer, done };
    remember(movesAt(), answer);
    if (done) a.job = null;
    // Within a depth the lines change little: drawn twice a second at most, to leave the page idle.
    const now = performance.now();
    if (!done && !deeper && now - a.drawnAt < 500) return;
    a.drawnAt = now;
    renderEngine();
  }

  // A proof the engine found here of the position after `moves` (a review grades by it: a quick
  // search may not see a long win through). Unproven values are not kept: a review grades by
  // searches of one budget, so a deeper value beside quick ones makes no false drop.
  function remember(moves, answer) {
    const evaluation = answer.depth > 0 ? readEvaluation(answer) : null;
    if (!evaluation?.winIn) return;
    const key = knownKey(moves);
    a.known.set(key, better(a.known.get(key), { ...evaluation, depth: answer.depth }));
  }

  // The search's lines, checked: each a move of the position's own and an evaluation.
  function readLines(answer) {
    const legal = new Set(a.state.moves.map((m) => m.text));
    const lines = Array.isArray(answer?.lines) && answer.lines.length ? answer.lines : [{ move: answer?.best, pv: answer?.pv, value: answer?.value, win_in: answer?.win_in, expected: answer?.expected }];
    return lines
      .slice(0, MAX_LINES)
      .map((line) => ({ move: line?.move, pv: Array.isArray(line?.pv) ? line.pv.filter((m) => typeof m === "string").slice(0, 40) : [], evaluation: readEvaluation(line) }))
      .filter((line) => legal.has(line.move) && line.evaluation)
      .map((line) => ({ ...line, pv: line.pv[0] === line.move ? line.pv : [line.move] }));
  }

  function renderEngine() {
    const status = $("analysis-status");
    const list = $("analysis-pvs");
    const side = a.state ? sideName(turnIndex(variations.nodeAt(a.tree, a.at).ply)) : "";
    if (!a.state) return;
    if (a.state.result != null) {
      evalBar.show(null, side);
      status.textContent = "The game is over here.";
      $("analysis-engine").hidden = true; // nothing to start or stop
      list.replaceChildren();
      delete list.dataset.drawn;
      $("analysis-eval").hidden = true;
      return;
    }
    $("analysis-eval").hidden = false;
    $("analysis-engine").hidden = false;
    const lines = a.found && (a.found.depth > 0 || a.found.done) ? readLines(a.found) : []; // depth 0: the only move
    evalBar.show(lines[0]?.evaluation ?? null, side);
    const thinking = Boolean(a.job);
    list.dataset.position = a.state.position;
    list.dataset.lines = String(a.lines);
    list.dataset.depth = String(a.found?.depth ?? 0);
    list.toggleAttribute("data-thinking", thinking);
    let said = "";
    if (a.review?.running) said = "Paused during the game review.";
    else if (!a.engineOn) said = lines.length ? `Stopped at depth ${a.found.depth}.` : "The engine is stopped.";
    else if (thinking) said = lines.length ? `Thinking… depth ${a.found.depth}` : engine.working("Thinking…");
    else if (lines.length) said = a.found.depth ? `Depth ${a.found.depth}: done.` : "The only move.";
    if (status.textContent !== said) status.textContent = said;
    // Most slices find nothing new: the lines are redrawn only when they change.
    const shownAsArrows = a.arrowsFor !== null ? lines[a.arrowsFor] : null;
    if (shownAsArrows) void run(() => drawArrows(shownAsArrows.pv));
    const drawn = JSON.stringify([a.seq, lines, a.arrowsFor]);
    if (list.dataset.drawn === drawn) return;
    list.dataset.drawn = drawn;
    const ply = variations.nodeAt(a.tree, a.at).ply;
    list.replaceChildren(
      ...lines.map((line, index) => {
        const li = document.createElement("li");
        li.dataset.move = line.move;
        const value = Object.assign(document.createElement("span"), { className: "pv-eval", textContent: evaluationText(line.evaluation) });
        value.title = evaluationWords(line.evaluation, side);
        const moves = document.createElement("span");
        moves.className = "pv-moves";
        line.pv.forEach((move, k) => {
          // A move and its number wrap together: a row never ends on a number whose move is hidden.
          const step = Object.assign(document.createElement("span"), { className: "pv-step" });
          const p = ply + k + 1;
          if (firstOfPair(p) || k === 0) {
            step.append(Object.assign(document.createElement("span"), { className: "num", textContent: moveLabel(p) }));
          }
          const b = Object.assign(document.createElement("button"), { type: "button", className: "mv", textContent: move });
          b.title = "Play the line up to here";
          b.onclick = () => void run(() => playLine(line.pv.slice(0, k + 1)));
          step.append(b);
          moves.append(step);
        });
        const arrows = Object.assign(document.createElement("button"), { type: "button", className: "pv-arrows", textContent: a.arrowsFor === index ? "Hide" : "Show" });
        arrows.setAttribute("aria-pressed", String(a.arrowsFor === index));
        arrows.title = "Draw this line on the board as arrows";
        arrows.onclick = () => void run(() => toggleArrows(index, line.pv));
        li.append(value, moves, arrows);
        return li;
      }),
    );
  }

  // Play moves of a best line into the tree from the position shown, after Python checked them.
  async function playLine(moves) {
    const seq = a.seq;
    const state = await engine.call(request("state", [...movesAt(), ...moves]));
    if (seq !== a.seq) return;
    let id = a.at;
    for (const move of state.history.slice(-moves.length)) id = variations.addMove(a.tree, id, move);
    await goTo(id);
  }

  // A best line drawn as arrows, each move numbered where it ends (paths from Python's legal moves).
  async function toggleArrows(index, pv) {
    if (a.arrowsFor === index) {
      a.arrowsFor = null;
      a.arrowsPv = null;
      board.set({ arrows: [], labels: {} });
      return renderEngine();
    }
    a.arrowsFor = index;
    renderEngine();
    await drawArrows(pv);
  }

  // Draw `pv` as arrows; again whenever the line shown so changes (the search went deeper).
  async function drawArrows(pv) {
    const key = pv.slice(0, ARROW_MOVES).join(" ");
    if (a.arrowsPv === key) return;
    a.arrowsPv = key;
    const seq = a.seq;
    const base = movesAt();
    const arrows = [];
    const labels = {};
    for (const [k, move] of pv.slice(0, ARROW_MOVES).entries()) {
      const state = k === 0 ? a.state : await engine.call(request("state", [...base, ...pv.slice(0, k)]));
      const path = state.moves.find((m) => m.text === move)?.path;
      if (!path) break;
      arrows.push(...moveArrows(path).arrows);
      labels[path.at(-1)] = String(k + 1);
    }
    if (seq !== a.seq || a.arrowsPv !== key || a.arrowsFor === null) return;
    board.set({ arrows, labels });
  }

  function toggleEngine() {
    a.engineOn = !a.engineOn;
    if (a.engineOn) startSearch();
    else {
      stopSearch();
      renderEngine();
    }
    renderControls();
  }

  // -- game review ----------------------------------------------------------------------------------

  // Evaluate every position of the main line in a quick pass and have Python grade the moves; search
  // the positions of each move graded a mistake or worse again for longer, and grade again.
  async function review() {
    if (a.review?.running) return stopReview();
    stopSearch();
    const ids = [0, ...variations.mainLine(a.tree)];
    const job = { ids, evaluations: ids.map(() => null), graded: null, running: true, cancelled: false, search: null };
    a.review = job;
    const progress = $("analysis-progress");
    progress.hidden = false;
    progress.max = ids.length;
    progress.value = 0;
    $("analysis-review-summary").textContent = engine.working("Evaluating every position…");
    render();
    const movesOf = (i) => variations.movesTo(a.tree, ids[i]);
    try {
      for (const i of ids.keys()) {
        if (job.cancelled) return;
        job.evaluations[i] = better(await evaluate(job, movesOf(i), REVIEW), a.known.get(knownKey(movesOf(i))));
        progress.value = i + 1;
        renderGraph();
      }
      job.graded = await grade(job);
      const again = new Set([...job.graded.marks.values()].filter((mark) => RECHECKED.has(mark.grade)).flatMap((mark) => [mark.ply - 1, mark.ply]));
      progress.max = ids.length + again.size;
      $("analysis-review-summary").textContent = "Looking again at the moves that decided the game…";
      for (const i of again) {
        if (job.cancelled) return;
        job.evaluations[i] = better(job.evaluations[i], await evaluate(job, movesOf(i), RECHECK));
        progress.value += 1;
      }
      job.graded = await grade(job);
      $("analysis-review-summary").replaceChildren(...job.graded.sides.map((side) => Object.assign(document.createElement("span"), { className: "review-side", textContent: sideSummary(side) })));
    } catch (error) {
      if (!job.cancelled) $("analysis-review-summary").textContent = `The review stopped: ${describeError(error)}`;
    } finally {
      if (a.review === job) {
        job.running = false;
        progress.hidden = true;
        render();
        startSearch();
      }
    }
  }

  // Python's grades of the main line's moves from the evaluations gathered.
  async function grade(job) {
    const evaluations = job.evaluations.map((e) => e && { value: e.value, win_in: e.winIn });
    const answer = await engine.call(request("review", variations.movesTo(a.tree, job.ids.at(-1)), { evaluations }));
    const graded = readReview(answer, job.ids.length - 1);
    if (!graded) throw new Error("the engine sent a review that could not be read");
    return graded;
  }

  // One position's evaluation for its side to move (null where the game is over: Python knows the
  // result there).
  async function evaluate(job, moves, budget) {
    const state = await engine.call(request("state", moves));
    if (state.result != null) return null;
    job.search = engine.think(request("think", moves, budget), SLICE_MS);
    const answer = await job.search.result;
    if (!answer) return null;
    const evaluation = readEvaluation(answer);
    if (!evaluation) throw new Error("the engine sent an evaluation that could not be read");
    return { ...evaluation, depth: answer.depth };
  }

  function stopReview() {
    const job = a.review;
    if (!job?.running) return;
    job.cancelled = true;
    job.running = false;
    job.search?.cancel();
    $("analysis-progress").hidden = true;
    $("analysis-review-summary").textContent = "The review was stopped.";
    if (a.state) render();
    startSearch();
  }

  function renderReview() {
    $("analysis-graph").hidden = true;
    $("analysis-graph-caption").hidden = true;
    $("analysis-review-summary").textContent = "";
    $("analysis-progress").hidden = true;
  }

  function renderGraph() {
    const job = a.review;
    const box = $("analysis-graph");
    if (!job || !a.state) return;
    box.hidden = false;
    // Python's figures once graded; during the quick pass, the evaluations turned to the first side's view.
    const expected = job.graded?.expected ?? job.evaluations.map((e, i) => e && (turnIndex(i) === 0 ? e.expected : 1 - e.expected));
    const shown = job.ids.indexOf(a.at);
    box.innerHTML = graphMarkup(expected, job.graded?.marks.values() ?? [], shown >= 0 ? shown : null);
    box.title = `${sideName(0)}'s chances after each move; click to go there.`;
    $("analysis-graph-caption").hidden = false;
    $("analysis-graph-caption").textContent = `${sideName(0)}'s chances (expected result), move by move: higher is better for ${sideName(0)}. Click the graph to go to a move.`;
  }

  function onGraphClick(event) {
    const job = a.review;
    if (!job) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const ply = plyAt((event.clientX - rect.left) / rect.width, job.ids.length - 1);
    if (variations.has(a.tree, job.ids[ply])) void run(() => goTo(job.ids[ply]));
  }

  // -- records ------------------------------------------------------------------------------------------

  // A record (pasted or a file) opens at its start; the tree shown before is replaced.
  createRecordForm({
    element: element.querySelector("[data-record-form]"),
    engine,
    action: "Open",
    failed: "opened",
    use: ({ game, variant, start, moves }) => load({ game, variant, start, moves }, 0),
  });

  // -- wiring -----------------------------------------------------------------------------------------

  $("analysis-first").onclick = () => step("first");
  $("analysis-previous").onclick = () => step("previous");
  $("analysis-next").onclick = () => step("next");
  $("analysis-end").onclick = () => step("end");
  $("analysis-flip").onclick = () => {
    a.orientation = a.orientation === "flipped" ? "normal" : "flipped";
    board.set({ orientation: a.orientation });
  };
  $("analysis-promote").onclick = promote;
  $("analysis-delete").onclick = remove;
  $("analysis-engine").onclick = toggleEngine;
  $("analysis-lines").onchange = (event) => {
    a.lines = Math.max(1, Math.min(MAX_LINES, Number(event.target.value) || 1));
    startSearch();
  };
  $("analysis-review").onclick = () => void review();
  $("analysis-graph").onclick = onGraphClick;
  // A worker that died is replaced (engine.js): the search on the position shown starts again.
  engine.onLost((error) => {
    a.job = null;
    if (error.type === "LoadError") return;
    engine.ready.then(() => a.shown && a.state && !a.review?.running && startSearch(), () => {});
  });
  addEventListener("keydown", (event) => {
    if (!a.shown || !a.state || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest?.("input, select, textarea, .board")) return;
    const where = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "end" }[event.key];
    if (!where) return;
    event.preventDefault();
    step(where);
  });

  return {
    name: "analysis",
    element,
    matches: (hash) => (isAnalysisHash(hash) ? { hash } : null),
    show({ hash }) {
      a.shown = true;
      if (hash === a.hash && a.state) return startSearch(); // back to the analysis as it was
      a.hash = hash;
      a.loading = run(() => showHash(hash));
    },
    hide() {
      a.shown = false;
      stopSearch();
      stopReview();
    },
    review: () => run(async () => {
      await a.loading;
      await review();
    }),
  };
}

const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);
