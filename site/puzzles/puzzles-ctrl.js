// Where the puzzles view goes: what a hash asks (the list, one puzzle, the streak, the daily
// puzzle), which puzzle comes next, and opening one on its board. The moves within a puzzle are
// puzzle-play.js's. Every function takes the controller ({s, ui, board, engine, element, go,
// replace, facing, currentGame}).

import { boardEntry, catalog } from "../common/catalog.js";
import { pageTitle, quote } from "../common/words.js";
import { describeError, showMessage } from "../common/messages.js";
import { checkPuzzles } from "./puzzle-data.js";
import { showPosition, stateOf } from "./puzzle-play.js";
import { dailyPuzzle, lastRun, nearestPuzzle } from "./puzzle-progress.js";
import { TRY_AGAIN } from "./puzzles-state.js";
import { renderIndex, renderProgress, renderPuzzleIntro, renderTask, setPhase } from "./puzzles-view.js";

async function load({ s, engine }) {
  if (s.puzzles) return s.puzzles;
  s.data = await catalog();
  await engine.ready;
  const known = (game, variant) => Boolean(boardEntry(s.data, game, variant));
  s.puzzles = checkPuzzles(await engine.call({ op: "puzzles" }), known);
  return s.puzzles;
}

/**
 * What the view says while the puzzles load: they come from Python, so before it is ready (a first
 * visit downloads it) the words say so, with the engine's stage ("Downloading Python").
 */
export function loadingText(engine) {
  if (engine.startedFrom) return "Loading the puzzles…";
  return `The puzzles open as soon as the game engine is ready: it judges every move, in Python, in your browser. ${engine.stage}…`;
}

/** Show what `params` (readPuzzleHash's) asks, once the puzzles are loaded; `changed` reopens the hash shown. */
export async function show(ctrl, params, hash, changed) {
  const { s, ui } = ctrl;
  if (!changed && hash === s.lastHash) return;
  s.lastHash = hash;
  ui.messages.replaceChildren();
  try {
    ui.loading.hidden = Boolean(s.puzzles);
    if (!s.puzzles) ui.loading.textContent = loadingText(ctrl.engine);
    await load(ctrl);
  } catch (error) {
    ui.loading.textContent = `The puzzles could not be loaded: ${describeError(error)}`;
    return;
  }
  ui.loading.hidden = true;
  if (params.mode) await openMode(ctrl, params.mode);
  else if (params.id !== undefined) await openPuzzle(ctrl, params.id);
  else showList(ctrl, params.game);
}

/** The list of `game`'s puzzles (an unknown game said so, and the last or the game view's shown). */
export function showList(ctrl, game) {
  const { s, ui, element } = ctrl;
  s.current = null;
  s.session++;
  ui.single.hidden = true;
  ui.listSection.hidden = false;
  const games = s.data.games.filter((g) => s.puzzles.some((p) => p.game === g.id));
  if (!games.some((g) => g.id === game)) {
    if (game) showMessage(`There are no puzzles of ${quote(game)}: these are the puzzles there are.`);
    game = [s.shownGame, ctrl.currentGame()].find((id) => games.some((g) => g.id === id)) ?? games[0]?.id;
  }
  if (game !== s.shownGame) s.theme = null;
  s.shownGame = game;
  element.dataset.game = game; // the top bar marks the game shown
  ui.heading.textContent = "Puzzles";
  ui.heading.removeAttribute("title");
  // Not while another view is shown (the puzzles, loading, were left): the title is that view's.
  if (!element.hidden) document.title = pageTitle("Puzzles", s.gameTitle(game));
  renderProgress(ctrl);
  renderIndex(ctrl, game, games, (theme) => {
    s.theme = theme;
    showList(ctrl, s.shownGame);
  });
  setPhase(ctrl, "list");
  // Back from a puzzle with All puzzles: the list shows that puzzle where it stands, its link focused.
  const left = s.returnTo && ui.list.querySelector(`li[data-puzzle="${CSS.escape(s.returnTo)}"]`);
  s.returnTo = null;
  if (left && !element.hidden) {
    left.scrollIntoView({ block: "center" });
    left.querySelector("a")?.focus({ preventScroll: true });
  }
}

/** The rated puzzle to try next in `game` (of the list chosen): untried if any, nearest the rating. */
export function openRated({ s, go }, game) {
  const tries = s.attempts();
  const own = s.standard().filter((p) => p.game === (game ?? s.shownGame));
  // The theme chosen narrows it; "To try again" does not: those are tried already, and rated no more.
  const pool = s.theme === TRY_AGAIN ? own : own.filter((p) => s.shows(p, new Set()));
  const p = nearestPuzzle(pool.length ? pool : own, s.rating(tries), new Set(tries.map((a) => a.id)));
  if (p) go(`#puzzle=${p.id}`);
}

/** After a solve: the streak's next (or a new streak), else the rated puzzle nearest the rating. */
export function openNext(ctrl) {
  const { s, go, ui } = ctrl;
  const c = s.current;
  if (!c) return;
  // Pressed from the keyboard (or clicked): the next puzzle is played from the board, so the
  // focus goes there once it is open, not to the control beside the Next that goes away.
  s.focusBoard = document.activeElement === ui.next;
  if (c.mode !== "streak") return openRated(ctrl, c.puzzle.game);
  if (s.streak().over) {
    // Over, but not by a miss here (this tab made no wrong move): another tab missed, in the same streak.
    if (c.tries === 0) s.streakNote = "That streak ended in another tab: a new one starts here.";
    s.run = null;
  }
  s.lastHash = null; // "#streak" again opens the streak's next
  go("#streak");
}

// `#daily`: the day's puzzle. `#streak`: the next of the streak in play, or of a new one.
async function openMode(ctrl, mode) {
  const { s } = ctrl;
  if (mode === "daily") {
    const day = s.today();
    const p = dailyPuzzle(s.standard(), day);
    if (p) return openPuzzle(ctrl, p.id, { mode: "daily", day });
    return showList(ctrl, s.shownGame);
  }
  const tries = s.attempts();
  if (s.run === null || s.streak(s.run, tries).over) {
    const last = lastRun(tries);
    s.run = last !== null && !s.streak(last, tries).over ? last : (last ?? 0) + 1;
  }
  const streak = s.streak(s.run, tries);
  if (!streak.next) {
    showMessage(`You solved every puzzle harder than the last: a streak of ${streak.count}. Start another from the list.`);
    s.run = null;
    return showList(ctrl, s.shownGame);
  }
  const note = s.streakNote;
  s.streakNote = null;
  return openPuzzle(ctrl, streak.next.id, { mode: "streak", note });
}

/** What the status line says before the first move: whether this try counts for the rating (another tab may have tried the puzzle since). */
export function firstTryText(s, puzzle) {
  const tried = s.solved().has(puzzle.id) ? "solved" : s.attempts().some((a) => a.id === puzzle.id) ? "tried" : null;
  return tried ? `You have ${tried} this one before: it is not rated again.` : "Your first try counts for your rating.";
}

async function openPuzzle(ctrl, id, { mode = "rated", day = null, note = null } = {}) {
  const { s, ui, board, element } = ctrl;
  const puzzle = s.puzzles.find((p) => p.id === id);
  if (!puzzle) {
    showMessage(`There is no puzzle called ${quote(id)}. Choose one from the list.`);
    // The list of the game the id names (puzzle ids begin with their game's), else the one shown.
    const game = s.puzzles.map((p) => p.game).find((g) => String(id).startsWith(`${g}-`)) ?? s.shownGame;
    s.lastHash = `#puzzles${game ? `=${game}` : ""}`;
    ctrl.replace(s.lastHash); // a reload shows the list, not the message again
    return showList(ctrl, game);
  }
  const mine = ++s.session;
  // Opened from the list by its link: the puzzle is played on the board, so the focus goes there.
  if (ui.listSection.contains(document.activeElement)) s.focusBoard = true;
  ui.listSection.hidden = true;
  ui.single.hidden = false;
  const info = boardEntry(s.data, puzzle.game, puzzle.variant).info;
  // A puzzle tried before (today's daily, in this streak) counts for the rating no more.
  const counted = s.attempts().some((a) => a.id === puzzle.id && (mode !== "daily" || a.day === day) && (mode !== "streak" || a.run === s.run));
  s.current = { puzzle, info, moves: [], state: null, hint: null, tries: 0, wrong: null, solved: false, mode, day, counted };
  s.shownGame = puzzle.game;
  element.dataset.game = puzzle.game;
  renderPuzzleIntro(ctrl, puzzle, { mode, day });
  setPhase(ctrl, "loading");
  const state = await stateOf(ctrl, puzzle, []);
  if (mine !== s.session) return;
  board.set({
    geometry: info,
    pieces: info.pieces,
    sides: info.sides,
    orientation: ctrl.facing(info, state.turn),
    label: `${info.title} puzzle board`,
    arrows: [],
  });
  renderTask(ctrl, puzzle, info, state.turn);
  board.set({ label: `${puzzle.title}. ${ui.task.textContent}` }); // what a screen reader says on the board
  showPosition(ctrl, state);
  // Whichever way it was opened, a puzzle's first try is rated (puzzle-progress.js's ratingHistory): said before the first move.
  ui.status.textContent = `${note ? `${note} ` : ""}${firstTryText(s, puzzle)}`;
  setPhase(ctrl, "ready");
  if (s.focusBoard) board.focus();
  s.focusBoard = false;
}
