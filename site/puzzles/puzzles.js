// Puzzles: each game's list (`#puzzles=<game>`, solved ones marked, filtered by theme) and one
// puzzle on its own board (`#puzzle=<id>`; `#streak` the streak's next, `#daily` the day's). The
// person plays the solver's moves; Python (the bridge's "puzzle-reply") judges each one by
// exhaustive search and answers with the longest defence. A wrong move is played out with the
// defence that escapes, said in words, and taken back for another try; after a wrong try, Hint
// shows a winning move. The first try of a puzzle counts for the person's rating (Glicko-2,
// puzzle-progress.js), kept with the rest of the progress in storage. The game view's board and
// game are not touched.

import { createBoard } from "../board/board.js";
import { boardEntry, catalog, gameEntry, quote } from "../common/catalog.js";
import { describeError, showMessage } from "../common/messages.js";
import {
  bestStreak,
  chartPoints,
  checkAttempt,
  currentRating,
  dailyPuzzle,
  dayOf,
  lastRun,
  mergeAttempts,
  nearestPuzzle,
  ratingHistory,
  solvedByTheme,
  streakState,
} from "./puzzle-progress.js";

/** A puzzle id as puzzles.json writes them ("lilypad-01"); anything else from a link or the save is unknown. */
export const PUZZLE_ID = /^[a-z][a-z0-9-]{0,60}-\d{2,3}$/;

/**
 * What a hash asks of this view: {game} for `#puzzles` / `#puzzles=<game>` (game null: the one
 * last shown; so does a `#puzzle=` naming none), {id} for `#puzzle=<id>`, {mode} for `#streak`
 * and `#daily`, null for any other hash. Ids and names are only read here: the view checks them
 * against the puzzles there are.
 */
export function readPuzzleHash(hash) {
  if (hash === "#streak" || hash === "#daily") return { mode: hash.slice(1) };
  const match = /^#(puzzles?)(?:=(.*))?$/.exec(hash);
  if (!match) return null;
  let value = match[2] ?? "";
  try {
    value = decodeURIComponent(value);
  } catch {
    // a broken escape is kept as written: it names nothing, and is said so
  }
  if (match[1] === "puzzles" || !value) return { game: value || null };
  return { id: value };
}

/**
 * The puzzles of the worker's "puzzles" answer that the page can show: well-formed entries of
 * games in the catalog (`known(game, variant)`), each once. The answer is not trusted to be sound.
 */
export function checkPuzzles(answer, known) {
  const list = Array.isArray(answer?.puzzles) ? answer.puzzles : [];
  const seen = new Set();
  const text = (value) => typeof value === "string" && value.length > 0 && value.length <= 4000;
  return list.filter((p) => {
    const ok =
      p !== null &&
      typeof p === "object" &&
      typeof p.id === "string" &&
      PUZZLE_ID.test(p.id) &&
      !seen.has(p.id) &&
      text(p.title) &&
      text(p.position) &&
      Number.isInteger(p.moves) &&
      p.moves >= 1 &&
      p.moves <= 9 &&
      Number.isFinite(p.rating) &&
      p.rating >= 0 &&
      p.rating <= 4000 &&
      Array.isArray(p.themes) &&
      p.themes.length <= 20 &&
      p.themes.every((t) => typeof t === "string" && t.length > 0 && t.length <= 60) &&
      (p.variant === null || typeof p.variant === "string") &&
      known(p.game, p.variant);
    if (ok) seen.add(p.id);
    return ok;
  });
}

/** A puzzle's name without its "in N" (the list says "Win in N" on its own): "King home (…)". */
export const puzzleName = (p) => p.title.replace(new RegExp(` in ${p.moves}\\b`), "");

/** A move's path as arrows, leg by leg: ["b3", "d5", "f3"] -> [["b3", "d5"], ["d5", "f3"]]. */
export const legs = (path) => path.slice(1).map((to, i) => [path[i], to]);

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const PAUSE_MS = 450; // between the person's move and the reply, so both can be followed
const CHART = { width: 220, height: 48 };
const PROVISIONAL_RD = 110;

/**
 * The puzzles view, for the router. `engine` is the page's rules engine, `storage` the site's
 * storage (solved puzzles, attempts), `navLink` the top bar's link here (marked while shown), `go(hash)` / `replace(hash)` navigate with / without a history entry,
 * `facing(info, side)` is the orientation that puts `side` at the bottom, `currentGame()` the game
 * on the game view's board (its puzzles are listed first) and `backToGame()` returns to it.
 * `now()` is the clock (the daily puzzle's date, the attempts' times).
 */
export function createPuzzlesView({ element, navLink, engine, storage, go, replace, facing, currentGame, backToGame, now = () => new Date() }) {
  element.replaceChildren();
  const make = (tag, props = {}, ...children) => {
    const e = Object.assign(document.createElement(tag), props);
    e.append(...children);
    return e;
  };
  const button = (text, onclick, className = "") => make("button", { type: "button", textContent: text, onclick, className });

  const heading = make("h1", { id: "puzzles-heading", textContent: "Puzzles" });
  const back = make("a", { href: "#", textContent: "Back to the game" });
  back.onclick = (event) => {
    event.preventDefault();
    backToGame();
  };
  const messages = make("div", { className: "messages" });
  const loading = make("p", { className: "empty", textContent: "Loading the puzzles…" });
  // The person's progress: rating, its history as a chart, the streak and the daily puzzle.
  const ratingText = make("p", { className: "puzzle-rating" });
  const chart = make("figure", { className: "puzzle-chart" });
  const rated = button("Rated puzzle", () => openRated(shownGame), "primary");
  const streak = button("Streak", () => go("#streak"));
  const daily = button("Daily puzzle", () => go("#daily"));
  const modes = make("div", { className: "puzzle-modes" }, rated, streak, daily);
  const me = make("section", { className: "puzzle-me" }, make("div", {}, ratingText, modes), chart);
  me.setAttribute("aria-label", "Your puzzle progress");
  // The list: a tab per game, the themes (a filter, with what is solved of each), then its puzzles.
  const tabs = make("nav", { className: "puzzle-games" });
  tabs.setAttribute("aria-label", "Puzzles of each game");
  const themes = make("div", { className: "puzzle-themes" });
  themes.setAttribute("role", "group");
  themes.setAttribute("aria-label", "Themes: show the puzzles of one");
  const summary = make("p", { className: "empty puzzle-summary" });
  const list = make("ol", { className: "puzzle-list" });
  const listSection = make("section", { className: "puzzle-index" }, me, tabs, themes, summary, list);
  // One puzzle: its own board, and a panel.
  const boardHost = make("div", { className: "board puzzle-board" });
  const which = make("p", { className: "puzzle-of" }); // "The Lion Game: puzzle 3 of 13"
  const task = make("p", { className: "puzzle-task" });
  const status = make("p", { className: "puzzle-status" });
  status.setAttribute("aria-live", "polite");
  const outcome = make("p", { className: "puzzle-outcome" }); // the rating's change, the streak
  const line = make("p", { className: "puzzle-line" }); // the moves played so far
  const hintText = make("p", { className: "puzzle-hint", hidden: true });
  hintText.setAttribute("aria-live", "polite");
  // A button's action against Python: a failure is said, and the puzzle stays as it was.
  const guarded = (action) => () =>
    action().catch((error) => {
      showMessage(`That did not work: ${describeError(error)}`);
      if (current) setState(current.wrong ? "wrong" : "ready");
    });
  const retry = button("Try again", guarded(() => takeBack()), "primary");
  const hint = button("Hint", guarded(() => showHint()));
  const next = button("Next puzzle", () => openNext(), "primary");
  const toList = button("All puzzles", () => current && go(`#puzzles=${current.puzzle.game}`));
  const actions = make("div", { className: "puzzle-actions" }, retry, hint, next, toList);
  const panel = make("div", { className: "panel puzzle-panel" }, which, task, status, outcome, hintText, actions, line);
  const single = make("section", { className: "puzzle-play", hidden: true }, make("div", { className: "stage" }, boardHost), panel);
  single.setAttribute("aria-labelledby", "puzzles-heading");
  element.append(make("div", { className: "puzzles-head" }, heading, back), messages, loading, listSection, single);

  const board = createBoard(boardHost, { label: "Puzzle board", events: { move: onMove } });

  let data = null; // the build's catalog
  let puzzles = null; // every puzzle, checked (checkPuzzles); loaded once
  let lastHash = null; // the hash shown: a hash shown again (popstate, then hashchange) is not reopened
  let shownGame = null; // the game whose list was shown last
  let theme = null; // the theme the list shows (null: all)
  let run = null; // the streak in play: its number
  let current = null; // the puzzle in play: {puzzle, info, moves, state, hint, tries, wrong, solved, mode, counted}
  let session = 0; // bumped on every open: answers for a puzzle no longer shown are dropped

  const ids = () => new Set((puzzles ?? []).map((p) => p.id));
  const solved = () => {
    const done = storage.readSolvedPuzzles(ids());
    for (const a of attempts()) if (a.ok) done.add(a.id);
    return done;
  };
  const isPuzzle = (id) => PUZZLE_ID.test(id) && ids().has(id);
  const attempts = () => mergeAttempts(storage.readPuzzleAttempts((value) => checkAttempt(value, isPuzzle)));
  const standard = () => puzzles.filter((p) => p.variant === null);
  const gameTitle = (game) => gameEntry(data, game)?.title ?? game;
  const sideName = (info, side) => info.sides.find((s) => s.id === side)?.name ?? side;
  const today = () => dayOf(now());
  // What the view is doing ("list", "loading", "ready", "thinking", "wrong", "solved") and how many
  // moves of the puzzle stand on its board, for styles, people's tools and tests.
  const setState = (name) => {
    element.dataset.puzzle = name;
    element.dataset.moves = String(current?.moves.length ?? 0);
    element.dataset.puzzleId = current?.puzzle.id ?? "";
    element.dataset.mode = current?.mode ?? "";
    line.textContent = current?.moves.length ? `Moves: ${current.moves.join(", ")}` : "";
    renderActions();
  };

  async function load() {
    if (puzzles) return puzzles;
    data = await catalog();
    await engine.ready;
    const known = (game, variant) => Boolean(boardEntry(data, game, variant));
    puzzles = checkPuzzles(await engine.call({ op: "puzzles" }), known);
    return puzzles;
  }

  // Another tab solved or tried a puzzle: the list and the rating shown follow.
  storage.onPuzzleProgressChanged?.(() => {
    if (puzzles && element.dataset.puzzle === "list") showList(shownGame);
    else if (puzzles) renderMe();
  });

  // -- the person's progress ---------------------------------------------------------------------------

  function renderMe() {
    const tries = attempts();
    const history = ratingHistory(tries);
    const { rating, rd } = currentRating(history);
    // Glicko-2's deviation: above PROVISIONAL_RD the rating is still a guess; below, ±2 deviations.
    const sure = rd > PROVISIONAL_RD ? " (provisional)" : ` (±${Math.round(2 * rd)})`;
    ratingText.textContent = `Your puzzle rating: ${Math.round(rating)}${sure}, from ${plural(history.length, "puzzle")} tried. Best streak: ${bestStreak(tries)}.`;
    element.dataset.rating = String(Math.round(rating));
    const dailyDone = tries.some((a) => a.mode === "daily" && a.day === today() && a.ok);
    daily.textContent = dailyDone ? "Daily puzzle ✓" : "Daily puzzle";
    const points = chartPoints(history, CHART.width, CHART.height);
    if (!points) {
      chart.replaceChildren(make("figcaption", { textContent: "Your rating's history shows here once you have tried two puzzles." }));
      return;
    }
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", `-2 -2 ${CHART.width + 4} ${CHART.height + 4}`);
    svg.setAttribute("role", "img");
    const first = history.at(-Math.min(history.length, 60)).rating;
    svg.setAttribute("aria-label", `Rating history: from ${Math.round(first)} to ${Math.round(rating)} over the last ${Math.min(history.length, 60)} puzzles`);
    const polyline = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
    polyline.setAttribute("points", points.points);
    svg.append(polyline);
    chart.replaceChildren(svg, make("figcaption", { textContent: `${Math.round(points.min)}–${Math.round(points.max)}` }));
  }

  // Keep the first try of the puzzle in play: solved without a miss, or missed.
  function count(ok) {
    const c = current;
    if (!c || c.counted) return;
    c.counted = true;
    const before = currentRating(ratingHistory(attempts())).rating;
    const attempt = {
      id: c.puzzle.id,
      at: now().getTime(),
      ok,
      rating: c.puzzle.rating,
      mode: c.mode,
      run: c.mode === "streak" ? run : null,
      day: c.mode === "daily" ? c.day : null,
    };
    if (!storage.addPuzzleAttempts([attempt], (value) => checkAttempt(value, isPuzzle), mergeAttempts)) {
      showMessage("Your puzzle progress could not be kept: this browser's storage is full or turned off. It lasts until the page closes.");
    }
    const after = currentRating(ratingHistory(attempts())).rating;
    element.dataset.rating = String(Math.round(after));
    const change = Math.round(after) - Math.round(before);
    let text = `Your rating: ${Math.round(after)} (${change >= 0 ? "+" : "−"}${Math.abs(change)}).`;
    if (c.mode === "streak") {
      const state = streakState(standard(), attempts(), run);
      text += state.over ? ` Streak over: ${plural(state.count, "puzzle")} solved in a row.` : ` Streak: ${state.count} in a row.`;
    }
    outcome.textContent = text;
  }

  // -- the list ------------------------------------------------------------------------------------

  function showList(game) {
    current = null;
    session++;
    single.hidden = true;
    listSection.hidden = false;
    const games = data.games.filter((g) => puzzles.some((p) => p.game === g.id));
    if (!games.some((g) => g.id === game)) {
      if (game) showMessage(`There are no puzzles of ${quote(game)}: these are the puzzles there are.`);
      game = [shownGame, currentGame()].find((id) => games.some((g) => g.id === id)) ?? games[0]?.id;
    }
    if (game !== shownGame) theme = null;
    shownGame = game;
    element.dataset.game = game; // the top bar marks the game shown
    heading.textContent = "Puzzles";
    document.title = `Puzzles · ${gameTitle(game)} · Kings & Soldiers`;
    renderMe();
    tabs.replaceChildren(
      ...games.map((g) => {
        const a = make("a", { href: `#puzzles=${g.id}`, textContent: g.title });
        if (g.id === game) a.setAttribute("aria-current", "page");
        return a;
      }),
    );
    const all = puzzles.filter((p) => p.game === game);
    const done = solved();
    const counts = solvedByTheme(all, done);
    if (theme && !counts.has(theme)) theme = null;
    const chip = (name, label, [got, of]) => {
      const b = button(`${label} ${got}/${of}`, () => {
        theme = name;
        showList(shownGame);
      });
      b.setAttribute("aria-pressed", String(theme === name));
      b.title = `${label}: ${got} of ${of} solved`;
      return b;
    };
    const sortedThemes = [...counts].sort((a, b) => b[1][1] - a[1][1] || (a[0] < b[0] ? -1 : 1));
    themes.replaceChildren(
      chip(null, "All", [all.filter((p) => done.has(p.id)).length, all.length]),
      ...sortedThemes.map(([name, c]) => chip(name, name, c)),
    );
    const own = theme ? all.filter((p) => p.themes.includes(theme)) : all;
    summary.textContent = `${gameTitle(game)}${theme ? `, ${theme}` : ""}: ${plural(own.length, "puzzle")}, ${own.filter((p) => done.has(p.id)).length || "none"} solved. In each, the side to move forces a win.`;
    list.replaceChildren(
      ...own.map((p) => {
        const name = `${puzzleName(p)}${p.variant ? ` · ${p.variant} rules` : ""}`;
        const link = make("a", { href: `#puzzle=${p.id}` }, make("span", { className: "name", textContent: name }));
        link.append(make("span", { className: "moves", textContent: `Win in ${p.moves} · ${p.rating}` }));
        if (done.has(p.id)) link.append(make("span", { className: "solved", textContent: "✓ Solved" }));
        const item = make("li", {}, link);
        item.dataset.puzzle = p.id;
        item.classList.toggle("is-solved", done.has(p.id));
        return item;
      }),
    );
    setState("list");
  }

  // -- one puzzle ------------------------------------------------------------------------------------

  // The rated puzzle to try next in `game` (and the theme shown): untried, nearest the rating.
  function openRated(game) {
    const tries = attempts();
    const own = standard().filter((p) => p.game === (game ?? shownGame));
    const pool = own.filter((p) => !theme || p.themes.includes(theme));
    const p = nearestPuzzle(pool.length ? pool : own, currentRating(ratingHistory(tries)).rating, new Set(tries.map((a) => a.id)));
    if (p) go(`#puzzle=${p.id}`);
  }

  async function openMode(mode) {
    if (mode === "daily") {
      const day = today();
      const p = dailyPuzzle(standard(), day);
      if (p) return openPuzzle(p.id, { mode: "daily", day });
      return showList(shownGame);
    }
    const tries = attempts();
    if (run === null || streakState(standard(), tries, run).over) {
      const last = lastRun(tries);
      run = last !== null && !streakState(standard(), tries, last).over ? last : (last ?? 0) + 1;
    }
    const state = streakState(standard(), tries, run);
    if (!state.next) {
      showMessage(`You solved every puzzle harder than the last: a streak of ${state.count}. Start another from the list.`);
      run = null;
      return showList(shownGame);
    }
    return openPuzzle(state.next.id, { mode: "streak" });
  }

  async function openPuzzle(id, { mode = "rated", day = null } = {}) {
    const puzzle = puzzles.find((p) => p.id === id);
    if (!puzzle) {
      showMessage(`There is no puzzle called ${quote(id)}. Choose one from the list.`);
      lastHash = `#puzzles${shownGame ? `=${shownGame}` : ""}`;
      replace(lastHash); // a reload shows the list, not the message again
      return showList(shownGame);
    }
    const mine = ++session;
    listSection.hidden = true;
    single.hidden = false;
    const info = boardEntry(data, puzzle.game, puzzle.variant).info;
    const counted = attempts().some((a) => a.id === puzzle.id && (mode !== "daily" || a.day === day) && (mode !== "streak" || a.run === run));
    current = { puzzle, info, moves: [], state: null, hint: null, tries: 0, wrong: null, solved: false, mode, day, counted };
    shownGame = puzzle.game;
    element.dataset.game = puzzle.game;
    const own = puzzles.filter((p) => p.game === puzzle.game && p.variant === puzzle.variant);
    heading.textContent = puzzle.title;
    document.title = `${puzzle.title} · Puzzles · Kings & Soldiers`;
    const where = `${gameTitle(puzzle.game)}${puzzle.variant ? ` (${puzzle.variant})` : ""}: puzzle ${own.indexOf(puzzle) + 1} of ${own.length}, rated ${puzzle.rating}`;
    const streakCount = mode === "streak" ? streakState(standard(), attempts(), run).count : 0;
    which.textContent = mode === "daily" ? `Daily puzzle of ${day}. ${where}` : mode === "streak" ? `Streak: ${streakCount} solved so far. ${where}` : where;
    status.textContent = "";
    outcome.textContent = "";
    hintText.hidden = true;
    setState("loading");
    const state = await stateOf(puzzle, []);
    if (mine !== session) return;
    board.set({
      geometry: info,
      pieces: info.pieces,
      sides: info.sides,
      orientation: facing(info, state.turn),
      label: `${info.title} puzzle board`,
      arrows: [],
    });
    task.textContent = `${sideName(info, state.turn)} to move and win in ${plural(puzzle.moves, "move")}. Play ${sideName(info, state.turn)}'s moves on the board.`;
    showPosition(state);
    status.textContent = solved().has(puzzle.id) ? "You have solved this one before." : "";
    setState("ready");
  }

  const stateOf = (puzzle, moves) => engine.call({ op: "state", game: puzzle.game, variant: puzzle.variant, start: puzzle.position, moves });

  function showPosition(state, { animate = false, arrows = [], highlights = [] } = {}) {
    current.state = state;
    board.set({ position: state.board, lastMove: state.lastMove, marks: state.status.marks, arrows, highlights, animate: animate && state.lastMove });
  }

  function renderActions() {
    const c = current;
    const playing = c && !c.solved && !c.wrong && c.state && element.dataset.puzzle !== "thinking";
    board.set({ movable: { moves: c?.state?.moves ?? [], enabled: Boolean(playing) } });
    retry.hidden = !c?.wrong;
    hint.hidden = !c || c.solved || c.tries === 0 || !c.hint;
    next.hidden = !c?.solved;
    const streakOver = c?.mode === "streak" && streakState(standard(), attempts(), run).over;
    next.textContent = c?.mode === "streak" ? (streakOver ? "Start a new streak" : "Next in the streak") : "Next puzzle";
  }

  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // The person's move: judged by Python; answered with the longest defence, or explained.
  async function onMove(candidates) {
    const c = current;
    if (!c || candidates.length !== 1) return board.cancel();
    const mine = session;
    const text = candidates[0].text;
    const moves = [...c.moves, text];
    const side = sideName(c.info, c.state.turn);
    const before = c.state;
    hintText.hidden = true;
    setState("thinking");
    try {
      const [answer, after] = await Promise.all([
        engine.call({ op: "puzzle-reply", id: c.puzzle.id, moves }),
        stateOf(c.puzzle, moves),
      ]);
      if (mine !== session) return;
      showPosition(after, { animate: true });
      c.hint = typeof answer.hint === "string" ? answer.hint : null;
      if (answer.correct === true && answer.solved === true) {
        c.moves = moves;
        return solve(after);
      }
      if (answer.correct === true && typeof answer.reply === "string") {
        status.textContent = `Right: ${text}. ${sideName(c.info, after.turn)} answers…`;
        await wait(PAUSE_MS);
        const replied = await stateOf(c.puzzle, [...moves, answer.reply]);
        if (mine !== session) return;
        c.moves = [...moves, answer.reply];
        showPosition(replied, { animate: true });
        const left = Number.isInteger(answer.left) ? answer.left : null;
        status.textContent = `Right: ${text}. ${sideName(c.info, after.turn)} answers ${answer.reply}. ${side} to move${left ? `: win within ${plural(left, "more move")}` : ""}.`;
        return setState("ready");
      }
      if (answer.correct === false) return await explainWrong(c, text, answer, after, mine);
      throw new Error("the rules engine's answer could not be read");
    } catch (error) {
      if (mine !== session) return;
      board.cancel();
      showMessage(`That move could not be judged: ${describeError(error)}`);
      showPosition(before); // the puzzle stays where it was
      setState("ready");
    }
  }

  // A wrong move stays on the board with the defence that escapes it, drawn as an arrow and played
  // out, until the person takes it back (Try again, or Hint).
  async function explainWrong(c, text, answer, after, mine) {
    c.tries++;
    count(false);
    c.wrong = text;
    const message = typeof answer.message === "string" ? answer.message : `${text} does not force the win.`;
    status.textContent = `Not this one: ${message}`;
    const escape = typeof answer.escape === "string" ? after.moves.find((m) => m.text === answer.escape) : null;
    if (escape) {
      board.set({ arrows: legs(escape.path) });
      await wait(PAUSE_MS * 2);
      const escaped = await stateOf(c.puzzle, [...c.moves, text, escape.text]);
      if (mine !== session) return;
      showPosition(escaped, { animate: true, arrows: legs(escape.path), highlights: after.lastMove?.path ?? [] });
      status.textContent = `Not this one: ${message} Your move is shaded, and the arrow shows the escape. Try again${c.hint ? ", or ask for a hint" : ""}.`;
    } else {
      status.textContent = `Not this one: ${message} Try again${c.hint ? ", or ask for a hint" : ""}.`;
    }
    setState("wrong");
    retry.focus({ preventScroll: true }); // the page never scrolls by itself (the board stays put)
  }

  // Back to the position before the wrong move.
  async function takeBack() {
    const c = current;
    if (!c?.wrong) return;
    const mine = session;
    setState("thinking");
    const state = await stateOf(c.puzzle, c.moves);
    if (mine !== session) return;
    status.textContent = `${c.wrong} was taken back. ${sideName(c.info, state.turn)} to move: try another move.`;
    c.wrong = null;
    showPosition(state);
    setState("ready");
  }

  async function showHint() {
    const c = current;
    if (!c?.hint) return;
    if (c.wrong) await takeBack();
    if (c !== current || c.wrong) return;
    const move = c.state.moves.find((m) => m.text === c.hint);
    if (!move) return;
    board.set({ arrows: legs(move.path) });
    hintText.textContent = `Hint: ${c.hint}, from ${move.path[0]} to ${move.path.at(-1)} (the arrow).`;
    hintText.hidden = false;
  }

  function solve(state) {
    const c = current;
    c.solved = true;
    storage.writeSolvedPuzzles(new Set([c.puzzle.id]));
    count(true);
    const reason = typeof state.resultReason === "string" ? state.resultReason : `${sideName(c.info, state.result)} wins.`;
    status.textContent = `Solved! ${reason}`;
    setState("solved");
    next.focus({ preventScroll: true });
  }

  // After a solve: the streak's next (or a new streak), else the rated puzzle nearest the rating.
  function openNext() {
    const c = current;
    if (!c) return;
    if (c.mode !== "streak") return openRated(c.puzzle.game);
    if (streakState(standard(), attempts(), run).over) run = null;
    lastHash = null; // "#streak" again opens the streak's next
    go("#streak");
  }

  // -- the view ------------------------------------------------------------------------------------

  async function show(params, hash, changed) {
    if (!changed && hash === lastHash) return;
    lastHash = hash;
    messages.replaceChildren();
    try {
      loading.hidden = Boolean(puzzles);
      await load();
    } catch (error) {
      loading.textContent = `The puzzles could not be loaded: ${describeError(error)}`;
      return;
    }
    loading.hidden = true;
    if (params.mode) await openMode(params.mode);
    else if (params.id !== undefined) await openPuzzle(params.id);
    else showList(params.game);
  }

  return {
    name: "puzzles",
    element,
    matches: readPuzzleHash,
    show: (params, hash, changed) => {
      navLink?.setAttribute("aria-current", "page");
      show(params, hash, changed).catch((error) => showMessage(`The puzzle could not be shown: ${describeError(error)}`));
    },
    hide: () => {
      navLink?.removeAttribute("aria-current");
      lastHash = null;
      session++; // answers still on their way are for a view no longer shown
      current = null;
    },
  };
}
