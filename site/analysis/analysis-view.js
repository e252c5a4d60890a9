// What the analysis board draws outside the engine card (engine-view.js): the page's markup, whose
// turn it is, the step and variation buttons, the move tree (with the review's marks) and the review
// graph. Each reads the state (`ctrl.a`) and writes the DOM; the buttons call the controller.

import { scrollWithin } from "../common/scroll.js";
import { graphMarkup } from "./review-view.js";
import * as variations from "./variations.js";
import { facingIndex, firstOfPair, moveLabel, resignedAt, sideName, sideToMove, turnIndex } from "./analysis-state.js";
import { renderEngine } from "./engine-view.js";
import { capitalise } from "../common/words.js";

// As drawn beside the board (a desktop). On a phone, whose one column puts the panel under the board,
// analysis.js moves the step buttons to right under the board and the moves card above the engine's
// (`placeForWidth`): the board, the buttons that step through it and the move list in sight together.
export const MARKUP = `
  <section class="stage" aria-label="Analysis board">
    <div id="analysis-board" class="board"></div>
  </section>
  <aside class="panel analysis-panel">
    <div id="analysis-messages" class="messages"></div>
    <div class="analysis-head">
      <h1 id="analysis-title">Analysis</h1>
      <a id="analysis-back" class="back-link" href="#">Back to the game</a>
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
      <div class="review analysis-steps" role="group" aria-label="Step through the moves">
        <button id="analysis-first" type="button" aria-label="Start position" title="Start (Home)">«</button>
        <button id="analysis-previous" type="button" aria-label="One move back" title="Back (Left arrow)">‹</button>
        <button id="analysis-next" type="button" aria-label="One move on" title="On (Right arrow)">›</button>
        <button id="analysis-end" type="button" aria-label="End of the line" title="End of the line (End)">»</button>
        <button id="analysis-flip" type="button" class="text">Flip</button>
      </div>
      <div id="analysis-move-grade" class="move-grade" hidden></div>
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
      <details class="review-help">
        <summary>How the review grades moves</summary>
        <p>Every position of the game is searched by the engine, as the computer’s level 3 looks at it (the moves that decided the game again, as level 4 does). A side’s <strong>chances</strong> are its expected result: a win counts 1, a draw ½, a loss 0. The evaluation bar shows the same number from −1 to +1 for the side to move: +0.50 is 75%.</p>
        <p>Each move is measured against the engine’s own choice there: the chances it gave away are an <strong>inaccuracy</strong> (?!) from 5 points, a <strong>mistake</strong> (?) from 10, a <strong>blunder</strong> (??) from 15. The engine’s own move gives nothing away.</p>
        <p>Proven results come first, each proven by searching every reply: <strong>win let go</strong> (??) when a side could force a win and the move does not, even two moves later; <strong>only move</strong> (!) when the move is the one that forces a win, no other winning even two moves later.</p>
        <p><strong>Accuracy</strong> is 100% for a move that gave nothing away and falls the more it gave away (as lichess counts it); a side’s accuracy is a mean over its moves.</p>
      </details>
    </section>
    <details class="card record-open">
      <summary>Analyse a game record</summary>
      <div data-record-form></div>
    </details>
  </aside>`;

/** Everything about the position shown: whose turn, the moves, the engine, the buttons, the graph. */
export function render(ctrl) {
  const { a, $, board } = ctrl;
  const { state } = a;
  const over = state.result != null;
  // The end of a resigned game (the rules there leave it open): said where the side to move would be.
  const resigned = over ? null : resignedAt(a);
  $("analysis-turn").textContent = over ? capitalise(state.resultText) : resigned ? `${resigned} resigned here.` : `${sideToMove(a)} to move`;
  board.set({ movable: { moves: state.moves, enabled: !over } });
  renderMoves(ctrl);
  renderEngine(ctrl);
  renderControls(ctrl);
  renderGraph(ctrl);
  renderMoveGrade(ctrl);
}

/**
 * The review's words on the move shown, when it graded it (on a phone the move's title shows on
 * no hover): "31… f3-e4?? Blunder: f3>a2 was better (…)", and a button that plays the better move.
 */
function renderMoveGrade(ctrl) {
  const { a, $ } = ctrl;
  const box = $("analysis-move-grade");
  const ply = a.review?.graded ? a.review.ids.indexOf(a.at) : -1;
  const mark = ply > 0 ? a.review.graded.marks.get(ply) : undefined;
  box.hidden = !mark;
  if (!mark) return box.replaceChildren();
  const node = variations.nodeAt(a.tree, a.at);
  const words = Object.assign(document.createElement("p"), { textContent: `${moveLabel(a, ply)} ${node.move}${mark.sign} ${mark.words}` });
  const parts = [words];
  if (mark.better) {
    const show = Object.assign(document.createElement("button"), { type: "button", textContent: `Play ${mark.better} instead` });
    show.title = `Go back one move and play ${mark.better}, as a variation`;
    show.onclick = () =>
      void ctrl.run(async () => {
        await ctrl.goTo(node.parent);
        if (a.at === node.parent) await ctrl.play(mark.better);
      });
    parts.push(show);
  }
  box.replaceChildren(...parts);
}

export function renderControls({ a, $ }) {
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

function renderMoves(ctrl) {
  const { a, $ } = ctrl;
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
      const button = moveButton(ctrl, item, marks.get(item.id));
      if (item.id === a.at) current = button;
      if (firstOfPair(a, item.ply) || needNumber) {
        // A number and its move wrap together: a row never ends on a number.
        const step = document.createElement("span");
        step.className = "step";
        const number = document.createElement("span");
        number.className = "num";
        number.textContent = moveLabel(a, item.ply);
        step.append(number, button);
        parent.append(step);
      } else parent.append(button);
      needNumber = false;
    }
  };
  const line = document.createElement("div");
  line.className = "line";
  build(variations.layout(a.tree), line);
  box.replaceChildren(line);
  $("analysis-moves-empty").hidden = variations.nodeAt(a.tree, 0).children.length > 0;
  if (current) scrollWithin(box, current);
}

// A move of the tree: a button that goes there, with the review's mark of it if it has one.
function moveButton(ctrl, item, mark) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "mv";
  button.dataset.node = String(item.id);
  button.dataset.ply = String(item.ply);
  button.textContent = item.move;
  if (mark) {
    button.classList.add(`mark-${mark.grade}`);
    button.dataset.mark = mark.grade;
    button.append(Object.assign(document.createElement("span"), { className: "sign", textContent: mark.sign }));
    button.title = mark.words;
    // Read as words ("b5-a4, win let go"): a screen reader drops or spells out "?!".
    button.setAttribute("aria-label", `${item.move}, ${mark.grade.replaceAll("-", " ")}`);
  }
  if (item.id === ctrl.a.at) {
    button.classList.add("current");
    button.setAttribute("aria-current", "step");
  }
  button.onclick = () => void ctrl.run(() => ctrl.goTo(item.id));
  return button;
}

// -- game review ----------------------------------------------------------------------------------

/** No review yet: its graph, caption, summary and progress bar are hidden or empty. */
export function clearReview($) {
  $("analysis-graph").hidden = true;
  $("analysis-graph-caption").hidden = true;
  $("analysis-review-summary").textContent = "";
  $("analysis-progress").hidden = true;
}

export function renderGraph({ a, $ }) {
  const job = a.review;
  const box = $("analysis-graph");
  if (!job || !a.state) return;
  box.hidden = false;
  // From the view of the side at the bottom of the board (the person's, in their own game).
  // Python's figures (the first side's) once graded; during the quick pass, each side to move's.
  const view = facingIndex(a);
  const expected = job.graded?.expected.map((e) => (e === null || view === 0 ? e : 1 - e)) ?? job.evaluations.map((e, i) => e && (turnIndex(a, i) === view ? e.expected : 1 - e.expected));
  const shown = job.ids.indexOf(a.at);
  box.innerHTML = graphMarkup(expected, job.graded?.marks.values() ?? [], shown >= 0 ? shown : null);
  const side = sideName(a, view);
  box.title = `${side}'s chances after each move; click to go there.`;
  $("analysis-graph-caption").hidden = false;
  $("analysis-graph-caption").textContent = `${side}'s chances (expected result), move by move: higher is better for ${side}. Click or tap the graph to go to a move (from the keyboard: the move list).`;
}

