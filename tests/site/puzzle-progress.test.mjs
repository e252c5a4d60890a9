// puzzle-progress.js: attempts checked and merged (two tabs), the rating replayed from them, the
// next puzzle near the rating, the streak, the daily puzzle, counts per theme, the chart (keeping them
// in storage: puzzle-store.test.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";

import { update } from "../../site/puzzles/glicko2.js";
import {
  bestStreak,
  chartPoints,
  checkAttempt,
  currentRating,
  dailyPuzzle,
  dayNumber,
  dayOf,
  lastRun,
  mergeAttempts,
  nearestPuzzle,
  newcomer,
  PUZZLE_RD,
  ratingHistory,
  solvedByTheme,
  STREAK_STEP,
  streakState,
  toTryAgain,
} from "../../site/puzzles/puzzle-progress.js";

const isId = (id) => /^[a-z-]+-\d{2,3}$/.test(id);
const attempt = (id, at, ok, rating = 1500, extra = {}) => ({ id, at, ok, rating, mode: "rated", run: null, day: null, ...extra });
const puzzle = (id, rating, themes = ["King home"]) => ({ id, rating, themes, game: id.split("-")[0] });

test("attempts are checked field by field; anything else is dropped", () => {
  assert.deepEqual(checkAttempt(attempt("lion-01", 5, true), isId), attempt("lion-01", 5, true));
  assert.deepEqual(checkAttempt({ id: "lion-01", at: 5, ok: false, rating: 900 }, isId), attempt("lion-01", 5, false, 900));
  for (const bad of [
    null, [], "x", attempt("<b>", 1, true), attempt("lion-01", -1, true), attempt("lion-01", 1.5, true),
    attempt("lion-01", 1, "yes"), attempt("lion-01", 1, true, Number.NaN), attempt("lion-01", 1, true, 99999),
    attempt("lion-01", 1, true, 1500, { mode: "blitz" }), attempt("lion-01", 1, true, 1500, { run: -2 }),
    attempt("lion-01", 1, true, 1500, { day: "yesterday" }),
  ]) {
    assert.equal(checkAttempt(bad, isId), null, JSON.stringify(bad));
  }
});

test("two tabs' attempts merge: each once, oldest first", () => {
  const a = [attempt("lion-01", 1, true), attempt("lion-02", 3, false)];
  const b = [attempt("lion-02", 3, false), attempt("lilypad-01", 2, true)];
  assert.deepEqual(mergeAttempts(a, b).map((x) => x.id), ["lion-01", "lilypad-01", "lion-02"]);
});

test("the rating is Glicko-2 replayed over first tries; a puzzle seen again does not count", () => {
  const tries = [attempt("lion-01", 1, true, 1400), attempt("lion-02", 2, false, 1600), attempt("lion-01", 3, false, 1400)];
  const history = ratingHistory(tries);
  assert.equal(history.length, 2);
  const first = update({ rating: 1500, rd: 350, vol: 0.06 }, [{ rating: 1400, rd: PUZZLE_RD, score: 1 }]);
  const second = update(first, [{ rating: 1600, rd: PUZZLE_RD, score: 0 }]);
  assert.equal(history[0].rating, first.rating);
  assert.equal(currentRating(history).rating, second.rating);
  assert.equal(currentRating([]).rating, 1500);
});

test("a newcomer is rated as the middle puzzle: a first miss of an easy one costs what it says", () => {
  const pool = [puzzle("a-01", 740), puzzle("a-02", 890), puzzle("a-03", 900), puzzle("a-04", 1960)];
  const start = newcomer(pool);
  assert.deepEqual(start, { rating: 890, rd: 350, vol: 0.06 });
  assert.equal(newcomer([]).rating, 1500);
  const missed = currentRating(ratingHistory([attempt("a-01", 1, false, 740)], start), start);
  assert.ok(missed.rating > 890 - 300 && missed.rating < 890, missed.rating);
  assert.equal(currentRating([], start), start);
});

test("the next puzzle is the untried one nearest the rating", () => {
  const list = [puzzle("lion-01", 900), puzzle("lion-02", 1450), puzzle("lion-03", 1560), puzzle("lion-04", 2000)];
  assert.equal(nearestPuzzle(list, 1500, new Set()).id, "lion-02");
  assert.equal(nearestPuzzle(list, 1500, new Set(["lion-02"])).id, "lion-03");
  assert.equal(nearestPuzzle(list, 1500, new Set(list.map((p) => p.id))).id, "lion-02"); // all tried: any again
});

test("a streak rises in difficulty and ends at the first miss", () => {
  const list = Array.from({ length: 12 }, (_, i) => puzzle(`lion-${String(i + 1).padStart(2, "0")}`, 800 + 100 * i));
  let tries = [];
  const ratings = [];
  for (let i = 0; i < 3; i++) {
    const { next, count, over } = streakState(list, tries, 7);
    assert.equal(count, i);
    assert.equal(over, false);
    ratings.push(next.rating);
    tries = [...tries, attempt(next.id, i, true, next.rating, { mode: "streak", run: 7 })];
  }
  assert.ok(ratings[0] < ratings[1] && ratings[1] < ratings[2], String(ratings));
  assert.ok(ratings[0] <= 1000); // starts among the easiest
  const missed = streakState(list, tries, 7).next;
  tries = [...tries, attempt(missed.id, 9, false, missed.rating, { mode: "streak", run: 7 })];
  assert.deepEqual(streakState(list, tries, 7), { count: 3, over: true, next: null });
  assert.equal(bestStreak(tries), 3);
  assert.equal(lastRun(tries), 7);
  assert.equal(streakState(list, tries, 8).count, 0); // a new run starts afresh
});

test("the daily puzzle depends on the UTC date only, and changes from day to day", () => {
  const list = Array.from({ length: 50 }, (_, i) => puzzle(`lion-${String(i + 1).padStart(2, "0")}`, 1000));
  const day = dayOf(new Date("2026-11-25T23:30:00-05:00"));
  assert.equal(day, "2026-11-26");
  assert.equal(dailyPuzzle(list, day), dailyPuzzle([...list].reverse(), day)); // not the list's order
  const days = new Set(Array.from({ length: 10 }, (_, i) => dailyPuzzle(list, `2026-12-${String(i + 1).padStart(2, "0")}`).id));
  assert.ok(days.size >= 6, String([...days]));
  assert.equal(dailyPuzzle([], day), null);
});

test("solved counts per theme, and the chart's points", () => {
  const list = [puzzle("lion-01", 1, ["The Lion taken", "Capture"]), puzzle("lion-02", 1, ["Blockade"]), puzzle("lion-03", 1, ["Capture"])];
  const counts = solvedByTheme(list, new Set(["lion-01"]));
  assert.deepEqual(Object.fromEntries(counts), { "The Lion taken": [1, 1], Capture: [1, 2], Blockade: [0, 1] });
  assert.equal(chartPoints([{ rating: 1500 }], 100, 40), null);
  assert.deepEqual(chartPoints([{ rating: 1500 }, { rating: 1600 }, { rating: 1550 }], 100, 40), { points: "0.0,40.0 50.0,0.0 100.0,20.0", min: 1500, max: 1600 });
});

test("to try again: puzzles missed at the first try and not solved since", () => {
  const tries = [attempt("lion-01", 1, false), attempt("lion-02", 2, true), attempt("lion-03", 3, false), attempt("lion-01", 4, true), attempt("lion-02", 5, false)];
  assert.deepEqual(toTryAgain(tries, new Set()), new Set(["lion-01", "lion-03"])); // a later solve does not change the first try
  assert.deepEqual(toTryAgain(tries, new Set(["lion-01"])), new Set(["lion-03"]));
  assert.deepEqual(toTryAgain([], new Set()), new Set());
});

const ids3 = (game, n, rating) => Array.from({ length: n }, (_, i) => puzzle(`${game}-${String(i + 1).padStart(2, "0")}`, rating(i)));
const streakTry = (p, at, ok, run, extra = {}) => attempt(p.id, at, ok, p.rating, { mode: "streak", run, ...extra });

test("two tabs solving the same streak puzzle count it once, in the streak and in the best streak", () => {
  const list = ids3("lion", 12, (i) => 800 + 100 * i);
  const first = streakState(list, [], 3).next;
  const twice = [streakTry(first, 1, true, 3), streakTry(first, 2, true, 3)]; // tab A, then tab B
  assert.equal(streakState(list, twice, 3).count, 1);
  assert.equal(bestStreak(twice), 1);
  assert.notEqual(streakState(list, twice, 3).next.id, first.id);
  // Tab B then misses the next: the run is over for both tabs.
  const next = streakState(list, twice, 3).next;
  assert.deepEqual(streakState(list, [...twice, streakTry(next, 3, false, 3)], 3), { count: 1, over: true, next: null });
});

test("a streak mixes the games from its first puzzle, prefers puzzles never solved, climbs, and is the same for the same attempts", () => {
  const list = [...ids3("lilypad", 30, (i) => 730 + 40 * i), ...ids3("lion", 30, (i) => 780 + 40 * i), ...ids3("crowns", 30, (i) => 850 + 40 * i)];
  // Solved before, outside the streak: the easiest Lilypad and Lion puzzles.
  const before = [...list.slice(0, 5), ...list.slice(30, 35)].map((p, i) => attempt(p.id, i, true, p.rating));
  for (const run of [1, 2, 3, 4]) {
    let tries = [...before];
    const served = [];
    for (let k = 0; k < 12; k++) {
      const state = streakState(list, tries, run);
      assert.equal(state.count, k);
      assert.deepEqual(streakState(list, tries, run), state); // deterministic
      const p = state.next;
      assert.ok(!before.some((a) => a.id === p.id), `run ${run}: ${p.id} was solved before`);
      assert.ok(p.rating >= 730 + STREAK_STEP * k, `run ${run}, puzzle ${k + 1}: ${p.rating}`);
      served.push(p);
      tries = [...tries, streakTry(p, 100 + k, true, run)];
    }
    assert.equal(new Set(served.map((p) => p.id)).size, served.length); // no puzzle twice
    assert.equal(new Set(served.slice(0, 3).map((p) => p.game)).size, 3, served.map((p) => p.id).join()); // the games mixed at once
    const ratings = served.map((p) => p.rating);
    assert.deepEqual(ratings, [...ratings].sort((a, b) => a - b)); // never easier than the last
    assert.ok(ratings[0] <= 850 + 150, String(ratings)); // the easiest never solved (3 Crowns' first) and its step
  }
  // Different runs start differently.
  const firsts = new Set([1, 2, 3, 4, 5, 6].map((run) => streakState(list, before, run).next.id));
  assert.ok(firsts.size >= 3, [...firsts].join());
});

test("the daily puzzle: no repeat within as many days as there are puzzles, the same for the same day, another each day", () => {
  const list = ids3("lion", 40, () => 1000);
  const from = dayNumber("2027-01-01");
  const day = (n) => new Date(n * 86_400_000).toISOString().slice(0, 10);
  assert.equal(dayNumber("1970-01-02"), 1);
  assert.equal(day(from), "2027-01-01");
  // Any 40 days in a row (across a cycle's end too) give the 40 puzzles, each once.
  for (const first of [from, from + 17, from + 39, from + 200]) {
    const ids = Array.from({ length: 40 }, (_, i) => dailyPuzzle(list, day(first + i)).id);
    assert.equal(new Set(ids).size, 40, `from ${day(first)}: ${ids}`);
  }
  // Not the list's order, and stable across calls and the order it is given in; another each day.
  const walked = Array.from({ length: 40 }, (_, i) => dailyPuzzle(list, day(40 * 500 + i)).id);
  assert.notDeepEqual(walked, list.map((p) => p.id));
  for (let n = from; n < from + 365; n++) {
    assert.equal(dailyPuzzle(list, day(n)), dailyPuzzle([...list].reverse(), day(n)));
    assert.notEqual(dailyPuzzle(list, day(n)).id, dailyPuzzle(list, day(n + 1)).id, day(n));
  }
  assert.equal(dailyPuzzle(list, "not a day"), null);
});
