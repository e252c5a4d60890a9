// An evaluation as the page shows it, from the side to move's view: a bar and a number, or
// "wins in 3" / "loses in 2" when the search proved it. The search's `value` is the side to move's
// expected result from -1 (lost) to 1 (won), exactly ±1 only with `win_in` (plies to the end,
// negative for a loss), and exactly 0 with `draw` (every line searched to the end of the game, none
// won); `expected` is the same from 0 to 1, computed by Python
// (pygame_rules.review.expected_result): the bar fills that share, the very number the game
// review grades by. Worker answers are checked here before anything is drawn from them.

/** Whether `x` is a share: a number from 0 to 1 (an answer's field, checked). */
export const share = (x) => typeof x === "number" && Number.isFinite(x) && x >= 0 && x <= 1;

/** `{value, winIn, expected, draw}` of a search answer (or one of its lines), or null when it is not one. */
export function readEvaluation(answer) {
  const value = answer?.value;
  const winIn = answer?.win_in ?? null;
  const expected = answer?.expected;
  const draw = answer?.draw === true;
  if (typeof value !== "number" || !Number.isFinite(value) || value < -1 || value > 1 || !share(expected)) return null;
  if (winIn !== null && !(Number.isInteger(winIn) && winIn !== 0 && Math.sign(winIn) === Math.sign(value))) return null;
  if (draw && (winIn !== null || value !== 0)) return null;
  return { value, winIn, expected, draw };
}

/** A proven result in the side's own moves: a win or loss in 3 plies is in 2 of the side's moves. */
export const ownMoves = (plies) => Math.ceil(Math.abs(plies) / 2);

/** The evaluation in a few characters: "+0.42", "−0.10", "0.00", "wins in 2", "loses in 1", "draw". */
export function evaluationText({ value, winIn, draw }) {
  if (draw) return "draw";
  if (winIn) return `${winIn > 0 ? "wins" : "loses"} in ${ownMoves(winIn)}`;
  const shown = Math.abs(value).toFixed(2);
  if (shown === "0.00") return "0.00";
  return `${value > 0 ? "+" : "−"}${shown}`;
}

/** The evaluation in a sentence, for screen readers and tooltips. */
export function evaluationWords(evaluation, side) {
  const { value, winIn, draw } = evaluation;
  if (draw) return "A draw with best play: every line was searched to the end of the game.";
  if (winIn) {
    const n = ownMoves(winIn);
    return `${side} ${winIn > 0 ? "wins" : "loses"} in ${n} move${n === 1 ? "" : "s"}, whatever the other side does.`;
  }
  const lean = Math.abs(value) < 0.1 ? "even" : value > 0 ? `better for ${side}` : `worse for ${side}`;
  return `${evaluationText(evaluation)} for ${side} (${lean}).`;
}

/**
 * An evaluation display in `host`: a meter-like bar (the side to move's share filled) and its text.
 * `show(evaluation | null, side)`: null shows an empty bar ("…", still thinking).
 */
export function createEvalBar(host) {
  host.classList.add("evalbar");
  const bar = document.createElement("div");
  bar.className = "evalbar-track";
  bar.setAttribute("role", "img");
  const fill = document.createElement("div");
  fill.className = "evalbar-fill";
  bar.append(fill);
  const text = document.createElement("span");
  text.className = "evalbar-text";
  const who = document.createElement("span");
  who.className = "evalbar-side";
  host.replaceChildren(who, bar, text);
  return {
    show(evaluation, side) {
      host.classList.toggle("proven", Boolean(evaluation?.winIn || evaluation?.draw));
      host.classList.toggle("pending", !evaluation);
      who.textContent = side;
      if (!evaluation) {
        fill.style.transform = "scaleX(0.5)";
        text.textContent = "…";
        bar.setAttribute("aria-label", `Evaluation for ${side}: not known yet`);
        host.title = "";
        return;
      }
      fill.style.transform = `scaleX(${Math.round(evaluation.expected * 1000) / 1000})`; // the compositor's work, no layout
      text.textContent = evaluationText(evaluation);
      bar.setAttribute("aria-label", `Evaluation: ${evaluationWords(evaluation, side)}`);
      host.title = evaluationWords(evaluation, side);
      host.dataset.value = String(evaluation.value);
      host.dataset.expected = String(evaluation.expected);
    },
  };
}
