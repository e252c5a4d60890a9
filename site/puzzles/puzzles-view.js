// The puzzles page drawn from the state: its elements (made once), the person's progress, a game's
// list, the panel beside one puzzle and which of its buttons show. Actions come in as callbacks;
// nothing here decides what happens next.

import { bestStreak, chartPoints, currentRating, solvedByTheme } from "./puzzle-progress.js";
import { pageTitle, plural, sideName } from "../common/words.js";
import { puzzleName } from "./puzzle-data.js";
import { ORDERS, TRY_AGAIN } from "./puzzles-state.js";

const CHART = { width: 220, height: 48 };
const PROVISIONAL_RD = 110;
const SVG = "http://www.w3.org/2000/svg";

const make = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};
const button = (text, onclick, className = "") => make("button", { type: "button", textContent: text, onclick, className });
const labelled = (e, label) => {
  e.setAttribute("aria-label", label);
  return e;
};

/**
 * The page's elements, in `element`: the list (progress, games, themes, puzzles) and one puzzle's
 * board and panel. `on` holds the controls' actions: back, rated, streak, daily, retry, hint, next, toList, order (the list's, chosen).
 */
export function buildPuzzlesPage(element, on) {
  element.replaceChildren();
  const ui = {
    heading: make("h1", { id: "puzzles-heading", textContent: "Puzzles" }),
    messages: make("div", { className: "messages" }),
    loading: make("p", { className: "empty", textContent: "Loading the puzzles…" }),
    // The person's progress: rating, its history as a chart, the streak and the daily puzzle.
    ratingText: make("p", { className: "puzzle-rating" }),
    ratingHow: make("p", {}), // what the rating is, and why it moves a lot at first
    chart: make("figure", { className: "puzzle-chart" }),
    daily: button("Daily puzzle", on.daily),
    // The list: a tab per game, the themes (a filter, with what is solved of each), then its puzzles.
    tabs: labelled(make("nav", { className: "puzzle-games" }), "Puzzles of each game"),
    themes: labelled(make("div", { className: "puzzle-themes" }), "Themes: show the puzzles of one"),
    summary: make("p", { className: "empty puzzle-summary" }),
    order: make("select", { className: "puzzle-order" }, ...Object.entries(ORDERS).map(([value, text]) => make("option", { value, textContent: text }))),
    list: make("ol", { className: "puzzle-list" }),
    // One puzzle: its own board, and a panel.
    boardHost: make("div", { className: "board puzzle-board" }),
    which: make("p", { className: "puzzle-of" }), // "The Lion Game: puzzle 3 of 13"
    task: make("p", { className: "puzzle-task" }),
    status: make("p", { className: "puzzle-status" }),
    outcome: make("p", { className: "puzzle-outcome" }), // the rating's change, the streak
    line: make("p", { className: "puzzle-line" }), // the moves played so far
    hintText: make("p", { className: "puzzle-hint", hidden: true }),
    retry: button("Try again", on.retry, "primary"),
    hint: button("Hint", on.hint),
    next: button("Next puzzle", on.next, "primary"),
  };
  ui.themes.setAttribute("role", "group");
  ui.order.onchange = () => on.order(ui.order.value);
  ui.status.setAttribute("aria-live", "polite");
  ui.hintText.setAttribute("aria-live", "polite");
  const back = make("a", { href: "#", className: "back-link", textContent: "Back to the game" });
  back.onclick = (event) => {
    event.preventDefault();
    on.back();
  };
  const modes = make("div", { className: "puzzle-modes" }, button("Rated puzzle", on.rated, "primary"), button("Streak", on.streak), ui.daily);
  const how = make("details", { className: "puzzle-rating-how" }, make("summary", { textContent: "How the rating works" }), ui.ratingHow);
  const me = labelled(make("section", { className: "puzzle-me" }, make("div", {}, ui.ratingText, how, modes), ui.chart), "Your puzzle progress");
  // Shown once the puzzles are loaded (showList): its buttons need them.
  const order = make("label", { className: "puzzle-order-label" }, "Order: ", ui.order);
  ui.listSection = make("section", { className: "puzzle-index", hidden: true }, me, ui.tabs, ui.themes, make("div", { className: "puzzle-list-head" }, ui.summary, order), ui.list);
  const actions = make("div", { className: "puzzle-actions" }, ui.retry, ui.hint, ui.next, button("All puzzles", on.toList));
  const { which, task, status, outcome, hintText, line } = ui;
  // The buttons under the task, above what a move brings: on a phone they stay on the first screen
  // with the board, and nothing said after a move pushes them away.
  const panel = make("div", { className: "panel puzzle-panel" }, which, task, actions, status, outcome, hintText, line);
  ui.single = make("section", { className: "puzzle-play", hidden: true }, make("div", { className: "stage" }, ui.boardHost), panel);
  ui.single.setAttribute("aria-labelledby", "puzzles-heading");
  element.append(make("div", { className: "puzzles-head" }, ui.heading, back), ui.messages, ui.loading, ui.listSection, ui.single);
  return ui;
}

/** The person's progress: rating (and how sure it is), best streak, today's puzzle, the chart. */
export function renderProgress({ s, ui, element }) {
  const tries = s.attempts();
  const history = s.ratingHistory(tries);
  const { rating, rd } = currentRating(history, s.newcomer());
  // Glicko-2's deviation: above PROVISIONAL_RD the rating is still a guess; below, ±2 deviations.
  const sure = rd > PROVISIONAL_RD ? " (provisional)" : ` (±${Math.round(2 * rd)})`;
  ui.ratingText.textContent = `Your puzzle rating: ${Math.round(rating)}${sure}, from ${plural(history.length, "puzzle")} tried. Best streak: ${bestStreak(tries)}.`;
  const start = Math.round(s.newcomer().rating);
  ui.ratingHow.textContent =
    `Each puzzle's first try counts, as a game won or lost against the puzzle's rating (the Glicko-2 system). ` +
    `Everyone starts at ${start}, the middle puzzle's rating. Over the first puzzles the rating is provisional and moves a lot (a few hundred points at a time): ` +
    `it does not know you yet. The ± says how sure it is: it narrows as you try more puzzles, and the changes get smaller.`;
  element.dataset.rating = String(Math.round(rating));
  // Today's daily puzzle solved, at the first try or after a mistake or a hint (or solved at the first try, as an older version kept it).
  const dailyDone = s.progress.dailiesSolved().has(s.today()) || tries.some((a) => a.mode === "daily" && a.day === s.today() && a.ok);
  ui.daily.textContent = dailyDone ? "Daily puzzle ✓" : "Daily puzzle";
  const points = chartPoints(history, CHART.width, CHART.height);
  if (!points) {
    ui.chart.replaceChildren(make("figcaption", { textContent: "Your rating's history shows here once you have tried two puzzles." }));
    return;
  }
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `-2 -2 ${CHART.width + 4} ${CHART.height + 4}`);
  svg.setAttribute("role", "img");
  const first = history.at(-Math.min(history.length, 60)).rating;
  svg.setAttribute("aria-label", `Rating history: from ${Math.round(first)} to ${Math.round(rating)} over the last ${Math.min(history.length, 60)} puzzles`);
  const polyline = document.createElementNS(SVG, "polyline");
  polyline.setAttribute("points", points.points);
  svg.append(polyline);
  ui.chart.replaceChildren(svg, make("figcaption", { textContent: `${Math.round(points.min)}–${Math.round(points.max)}` }));
}

/**
 * The list of `game`'s puzzles: a tab per game of `games`, the themes as a filter (what is solved
 * of each; `chooseTheme(name)` picks one, null for all), and the puzzles of the theme chosen.
 */
export function renderIndex({ s, ui }, game, games, chooseTheme) {
  ui.tabs.replaceChildren(
    ...games.map((g) => {
      const a = make("a", { href: `#puzzles=${g.id}`, textContent: g.title });
      if (g.id === game) a.setAttribute("aria-current", "page");
      return a;
    }),
  );
  const all = s.puzzles.filter((p) => p.game === game);
  const done = s.solved();
  const counts = solvedByTheme(all, done);
  const again = s.toTryAgain();
  const toTry = all.filter((p) => again.has(p.id)).length;
  if (s.theme === TRY_AGAIN ? !toTry : s.theme && !counts.has(s.theme)) s.theme = null;
  const chip = (name, label, [got, of]) => {
    const b = button(`${label} ${got}/${of}`, () => chooseTheme(name));
    b.setAttribute("aria-pressed", String(s.theme === name));
    b.title = `${label}: ${got} of ${of} solved`;
    // "All 0/126" alone reads as a date; the name starts with the text shown (as voice control needs)
    b.setAttribute("aria-label", `${label} ${got}/${of}, ${got} of ${of} solved`);
    return b;
  };
  const sortedThemes = [...counts].sort((a, b) => b[1][1] - a[1][1] || (a[0] < b[0] ? -1 : 1));
  // The puzzles missed and not solved since, to come back to (their first try is counted already).
  const retry = button(`${TRY_AGAIN} (${toTry})`, () => chooseTheme(TRY_AGAIN));
  retry.setAttribute("aria-pressed", String(s.theme === TRY_AGAIN));
  retry.title = `${toTry} missed at the first try and not solved since`;
  retry.setAttribute("aria-label", `${TRY_AGAIN} (${toTry}), missed at the first try and not solved since`);
  ui.themes.replaceChildren(
    chip(null, "All", [all.filter((p) => done.has(p.id)).length, all.length]),
    ...(toTry ? [retry] : []),
    ...sortedThemes.map(([name, c]) => chip(name, name, c)),
  );
  const own = all.filter((p) => s.shows(p, again));
  ui.order.value = s.order();
  if (ui.order.value !== "number") own.sort((a, b) => (ui.order.value === "easiest" ? a.rating - b.rating : b.rating - a.rating) || all.indexOf(a) - all.indexOf(b));
  const variants = new Map();
  for (const p of own) if (p.variant) variants.set(p.variant, (variants.get(p.variant) ?? 0) + 1);
  const ofVariants = [...variants].map(([variant, n]) => `${n} with the ${s.variantName(game, variant)} rules`).join(", ");
  const counted = `${plural(own.length, "puzzle")}${ofVariants ? ` (${ofVariants})` : ""}`;
  ui.summary.textContent =
    s.theme === TRY_AGAIN
      ? `${s.gameTitle(game)}: ${counted} to try again, missed at the first try. In each, the side to move forces a win.`
      : `${s.gameTitle(game)}${s.theme ? `, ${s.theme}` : ""}: ${counted}, ${own.filter((p) => done.has(p.id)).length || "none"} solved. In each, the side to move forces a win.`;
  ui.list.replaceChildren(
    ...own.map((p) => {
      const name = `${puzzleName(p)}${p.variant ? ` · ${s.variantName(p.game, p.variant)} rules` : ""}`;
      const link = make("a", { href: `#puzzle=${p.id}` }, make("span", { className: "name", textContent: name }));
      link.append(make("span", { className: "moves", textContent: `Win in ${p.moves} · ${p.rating}` }));
      if (done.has(p.id)) link.append(make("span", { className: "solved", textContent: "✓ Solved" }));
      const item = make("li", {}, link);
      item.dataset.puzzle = p.id;
      item.classList.toggle("is-solved", done.has(p.id));
      return item;
    }),
  );
}

/** Above the puzzle's board: which puzzle of which game it is, and the daily puzzle's day or the streak so far. */
export function renderPuzzleIntro({ s, ui }, puzzle, { mode, day }) {
  const own = s.puzzles.filter((p) => p.game === puzzle.game && p.variant === puzzle.variant);
  ui.heading.textContent = puzzle.title;
  ui.heading.title = puzzle.title;
  if (!ui.heading.closest("[hidden]")) document.title = pageTitle(puzzle.title, "Puzzles"); // not another view's
  const where = `${s.rulesTitle(puzzle.game, puzzle.variant)}: puzzle ${own.indexOf(puzzle) + 1} of ${own.length}, rated ${puzzle.rating}`;
  const streakCount = mode === "streak" ? s.streak().count : 0;
  ui.which.textContent = mode === "daily" ? `${dailyWords(day)} ${where}` : mode === "streak" ? `Streak: ${streakCount} solved so far. ${where}` : where;
  ui.status.textContent = "";
  ui.outcome.textContent = "";
  ui.hintText.hidden = true;
}

/**
 * Which day's daily puzzle this is, and when the next comes, in the person's own time: the day
 * changes at midnight UTC (the same puzzle for everyone), which is not midnight where they are.
 * "Daily puzzle of 29 December 2026 (a new one at 01:00 your time)."
 */
export function dailyWords(day) {
  const start = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(start)) return `Daily puzzle of ${day}.`;
  const date = new Date(start).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const next = new Date(start + 86_400_000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return `Daily puzzle of ${date} (a new one at ${next} your time).`;
}

/** The task, once the start position is known: who moves, and in how many moves they win. */
export function renderTask({ ui }, puzzle, info, turn) {
  const side = sideName(info, turn);
  ui.task.textContent = `${side} to move and win in ${plural(puzzle.moves, "move")}. Play ${side}'s moves on the board.`;
}

/**
 * What the view is doing ("list", "loading", "ready", "thinking", "wrong", "solved") and how many
 * moves of the puzzle stand on its board, for styles, people's tools and tests; then the board
 * and the buttons that follow from it.
 */
export function setPhase(ctrl, name) {
  const { s, ui, element } = ctrl;
  element.dataset.puzzle = name;
  element.dataset.moves = String(s.current?.moves.length ?? 0);
  element.dataset.puzzleId = s.current?.puzzle.id ?? "";
  element.dataset.mode = s.current?.mode ?? "";
  ui.line.textContent = s.current?.moves.length ? `Moves: ${s.current.moves.join(", ")}` : "";
  renderActions(ctrl);
}

function renderActions({ s, ui, board, element }) {
  const c = s.current;
  const playing = c && !c.solved && !c.wrong && c.state && element.dataset.puzzle !== "thinking";
  board.set({ movable: { moves: c?.state?.moves ?? [], enabled: Boolean(playing) } });
  ui.retry.hidden = !c?.wrong;
  ui.hint.hidden = !c || c.solved || c.tries === 0 || !c.hint;
  ui.next.hidden = !c?.solved;
  const streakOver = c?.mode === "streak" && s.streak().over;
  ui.next.textContent = c?.mode === "streak" ? (streakOver ? "Start a new streak" : "Next in the streak") : "Next puzzle";
}
