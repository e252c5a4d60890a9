// The worker's answers are checked before any view uses them, as every input is: a damaged answer
// (a broken or tampered worker, a prepared file damaged on its way) is refused in words, and the
// game on the board stays as it was, instead of failing half-way through drawing it.
// Here, by engine.js's call: the position states ("state", "play") every view draws. The others
// where they are read: a search's evaluation by common/evalbar.js's readEvaluation, a review by
// analysis/review-view.js's readReview, a record by library/records.js, the puzzles by
// puzzles/puzzle-data.js's checkPuzzles.

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isText = (value) => typeof value === "string";
const texts = (value) => Array.isArray(value) && value.every(isText);
const textOrNull = (value) => value === null || value === undefined || isText(value);
const isMove = (move) => isObject(move) && isText(move.text) && texts(move.path) && (move.removed === undefined || texts(move.removed));

/** Whether `answer` is a position's state as the bridge's "state" and "play" give it. */
export function isState(answer) {
  return (
    isObject(answer) &&
    isText(answer.game) &&
    textOrNull(answer.variant) &&
    isText(answer.position) &&
    isText(answer.turn) &&
    textOrNull(answer.result) &&
    texts(answer.history) &&
    isObject(answer.board) &&
    Object.values(answer.board).every(isText) &&
    Array.isArray(answer.moves) &&
    answer.moves.every(isMove) &&
    (answer.lastMove === null || answer.lastMove === undefined || isMove(answer.lastMove)) &&
    (answer.status === undefined || isObject(answer.status))
  );
}

const CHECKS = { state: isState, play: isState };

/** `answer` to `request`, when it has the shape that request's answer has; else an Error in words. */
export function checkAnswer(request, answer) {
  const check = CHECKS[request?.op];
  if (check && !check(answer)) throw new Error("the rules engine gave an answer this page cannot use (reload the page to try again)");
  return answer;
}
