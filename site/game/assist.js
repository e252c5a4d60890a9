// The engine's help in the game view: a Hint (the best move as an arrow, named in words), the
// evaluation of the position shown (a bar and a number, the best line as arrows on demand; hidden by
// default against the computer), and the way into the analysis board and its game review. Hint,
// bar and best line come from one search of the position: they never disagree.

import { ANALYSIS, SLICE_MS, sharedEngine } from "../engine/engine.js";
import { app, finishedHere, board as gameBoard, onControls, request, storage } from "./game.js";
import { createEvalBar, evaluationText, readEvaluation } from "../common/evalbar.js";
import { describeError } from "../common/messages.js";
import { sideName } from "../common/words.js";
import { moveArrows } from "../board/move-arrows.js";
import { describeMove } from "../board/speech.js";

// One search per position answers the Hint, the evaluation bar and the best line: all three show
// the same answer (a hint waits for the search to finish, so it is the line's first move).
const THINK_MS = 2_500;
const ARROW_MOVES = 6;
const CHOICES = { shown: true, hidden: false }; // the evaluation's setting, as kept

const MARKUP = `
  <div class="assist-row">
    <button id="hint-button" type="button" title="The engine's best move here">Hint</button>
    <label class="assist-toggle"><input id="eval-toggle" type="checkbox"> Evaluation</label>
  </div>
  <p id="hint-text" class="hint-text" aria-live="polite"></p>
  <div id="game-eval" class="game-eval" hidden>
    <div id="game-evalbar"></div>
    <p class="best-line"><span id="best-line-text"></span> <button id="best-line-arrows" type="button" aria-pressed="false" hidden>Show</button></p>
  </div>`;

/**
 * The helper on the game view's `element`, drawing on the game's `board`. `game()` tells what is
 * shown: {record (the moves shown), state, info, mode, players, idle}; the hint's answer is written
 * in `answerIn` when given (a box of fixed room: nothing below it moves), else under the Hint button.
 * Call `update()` whenever the game view renders.
 */
function createAssist({ element, board, game, answerIn = null, kept = null }) {
  element.innerHTML = MARKUP;
  const $ = (id) => element.querySelector(`#${id}`);
  // The hint's answer, in the box the view keeps room for (`answerIn`), if it has one.
  const hintText = $("hint-text");
  answerIn?.querySelector("#hint")?.before(hintText);
  const engine = sharedEngine();
  const bar = createEvalBar($("game-evalbar"));
  let key = null; // the position the help is about
  let thought = null; // the one search of that position: {search, answer, done, failed}
  let hintWanted = false; // Hint was asked for and waits for the search to finish
  // The person's choice of showing the evaluation (null: the mode's default), kept for their next
  // visit where `kept` ({read, write} of a setting) is given; anything else read is no choice.
  let evalChosen = Object.hasOwn(CHOICES, kept?.read() ?? "") ? CHOICES[kept.read()] : null;
  let drawn = false; // arrows drawn on the board
  let lineShown = false;

  const shownKey = ({ record, state }) => JSON.stringify([record.game, record.variant, record.start, state?.history ?? null]);
  const helps = (mode) => mode === "two" || mode.startsWith("play-"); // not in a demo, nor against a friend
  const evalOn = (mode) => helps(mode) && (evalChosen ?? mode === "two");

  function clearArrows() {
    if (drawn) board.set({ arrows: [], labels: {}, highlights: [] });
    drawn = false;
    lineShown = false;
  }

  function stop() {
    thought?.search.cancel();
    thought = null;
    hintWanted = false;
  }

  function update() {
    const now = game();
    if (!now.state || !now.info) return;
    const k = shownKey(now);
    const over = now.over ?? now.state.result != null;
    if (k !== key) {
      key = k;
      stop();
      clearArrows();
      hintText.textContent = "";
    }
    if (over) {
      // A hint for a game that ended (resigned) helps no one: its words and arrows go.
      hintText.textContent = "";
      clearArrows();
    }
    const humanTurn = (now.players[now.state.turn] ?? "human") === "human";
    element.hidden = !helps(now.mode);
    $("hint-button").disabled = !now.idle || over || !humanTurn || hintWanted;
    $("hint-button").setAttribute("aria-busy", String(hintWanted)); // waiting for its answer: the focus stays (focus.js)
    const on = evalOn(now.mode) && !over;
    $("eval-toggle").checked = evalOn(now.mode);
    $("game-eval").hidden = !on;
    if (on) think(now);
    else if (thought && !thought.done && !hintWanted) stop(); // nobody waits for it any more
    renderEvaluation(now);
  }

  // The search of the position shown, started once: later askers share its answer.
  function think(now) {
    if (thought) return;
    const mine = { search: null, answer: null, done: false, failed: null };
    const seen = (answer, done) => {
      if (thought !== mine) return;
      mine.answer = answer;
      mine.done = done;
      renderEvaluation(game());
      if (done && hintWanted) showHint();
    };
    mine.search = engine.think(request("think", now.record, { ...ANALYSIS, time_ms: THINK_MS }), SLICE_MS, (answer) => seen(answer, false));
    thought = mine;
    mine.search.result.then(
      (answer) => answer && seen(answer, true),
      (error) => {
        if (thought !== mine) return;
        if (error?.type === "WorkerLost") {
          // A new worker comes (engine.js): the help starts again when asked or on the next render.
          stop();
          hintText.textContent = "";
          return;
        }
        mine.failed = describeError(error);
        $("best-line-text").textContent = `No evaluation: ${mine.failed}`;
        $("best-line-text").title = "";
        $("best-line-arrows").hidden = true;
        if (hintWanted) {
          hintWanted = false;
          hintText.textContent = `No hint: ${mine.failed}`;
          update();
        }
      },
    );
  }

  // The evaluation's best line, checked: its first move must be one of the position's own.
  function bestLine(now, answer) {
    const pv = Array.isArray(answer?.pv) ? answer.pv.filter((m) => typeof m === "string").slice(0, 20) : [];
    return now.state.moves.some((m) => m.text === pv[0]) ? pv : [];
  }

  function renderEvaluation(now) {
    if (!thought || $("game-eval").hidden || thought.failed) return;
    const { answer, done } = thought;
    const side = sideName(now.info, now.state.turn);
    const value = answer && (answer.depth > 0 || done) ? readEvaluation(answer) : null;
    bar.show(value, side);
    const pv = value ? bestLine(now, answer) : [];
    $("best-line-text").textContent = pv.length ? `Best line: ${pv.join(" ")}${done ? "" : " …"}` : engine.working("Thinking…");
    $("best-line-text").title = pv.length ? pv.join(" ") : "";
    $("best-line-arrows").hidden = !pv.length;
  }

  // Hint: the finished search's best move (the search starts if the evaluation had not started it).
  function askHint() {
    const now = game();
    if (!now.state || now.state.result != null || hintWanted) return;
    hintWanted = true;
    hintText.textContent = engine.working("Looking for a good move…");
    think(now);
    update();
    if (thought.done) showHint();
  }

  function showHint() {
    const now = game();
    hintWanted = false;
    try {
      const answer = thought.answer;
      const move = now.state.moves.find((m) => m.text === answer?.best);
      if (!move) throw new Error("the engine suggested a move that is not playable here");
      const value = readEvaluation(answer);
      const proof = value?.winIn ? ` ${sideName(now.info, now.state.turn)} ${evaluationText(value)}.` : value?.draw ? " A draw with best play." : "";
      hintText.textContent = `Hint: ${describeMove(move, now.state.board, now.info)}${proof}`;
      hintText.dataset.move = move.text;
      board.set({ ...moveArrows(move.path), labels: {} });
      drawn = true;
      lineShown = false;
      $("best-line-arrows").textContent = "Show";
      $("best-line-arrows").setAttribute("aria-pressed", "false");
    } catch (error) {
      hintText.textContent = `No hint: ${describeError(error)}`;
    } finally {
      update();
    }
  }

  // The best line as arrows, each move numbered where it ends (paths from Python's legal moves).
  async function toggleLine() {
    const now = game();
    if (lineShown) {
      clearArrows();
      $("best-line-arrows").textContent = "Show";
      $("best-line-arrows").setAttribute("aria-pressed", "false");
      return;
    }
    const k = key;
    const pv = bestLine(now, thought?.answer).slice(0, ARROW_MOVES);
    const arrows = [];
    const labels = {};
    for (const [i, text] of pv.entries()) {
      const state = i === 0 ? now.state : await engine.call(request("state", { ...now.record, moves: [...now.record.moves, ...pv.slice(0, i)] }));
      const path = state.moves.find((m) => m.text === text)?.path;
      if (!path) break;
      arrows.push(...moveArrows(path).arrows);
      labels[path.at(-1)] = String(i + 1);
    }
    if (key !== k) return;
    board.set({ arrows, labels });
    drawn = lineShown = true;
    $("best-line-arrows").textContent = "Hide";
    $("best-line-arrows").setAttribute("aria-pressed", "true");
  }

  $("hint-button").onclick = askHint;
  $("eval-toggle").onchange = (event) => {
    evalChosen = event.target.checked;
    kept?.write(evalChosen ? "shown" : "hidden");
    update();
  };
  $("best-line-arrows").onclick = () => void toggleLine().catch(() => {});

  return { update, stop };
}

/** The helper on the game view, following its controls. */
export function addAssist() {
  const assist = createAssist({
    element: document.getElementById("assist"),
    // Under the turn line, in the box kept for what happens now (its room never changes).
    answerIn: document.querySelector("#game-view .now"),
    kept: { read: () => storage.readSetting("evaluation"), write: (value) => storage.writeSetting("evaluation", value) },
    board: gameBoard,
    game: () => ({ record: app.record, state: app.state, info: app.info, mode: app.mode, players: app.players, idle: app.ready && !app.busy, over: finishedHere() }),
  });
  onControls(assist.update);
  return assist;
}
