// Puzzles: each game's list (`#puzzles=<game>`, solved ones marked) and one puzzle on its own board
// (`#puzzle=<id>`). The person plays the solver's moves; Python (the bridge's "puzzle-reply")
// judges each one by exhaustive search and answers with the longest defence. A wrong move is played
// out with the defence that escapes, said in words, and taken back for another try; after a wrong
// try, Hint shows a winning move. The game view's board and game are not touched.

import { createBoard } from "./board.js";
import { boardEntry, catalog, gameEntry, quote } from "./catalog.js";
import { describeError, showMessage } from "./messages.js";

/** A puzzle id as puzzles.json writes them ("lilypad-01"); anything else from a link or the save is unknown. */
export const PUZZLE_ID = /^[a-z][a-z0-9-]{0,60}-\d{2,3}$/;

/**
 * What a hash asks of this view: {game} for `#puzzles` / `#puzzles=<game>` (game null: the one
 * last shown; so does a `#puzzle=` naming none), {id} for `#puzzle=<id>`, null for any other hash. Ids and names are only read here:
 * the view checks them against the puzzles there are.
 */
export function readPuzzleHash(hash) {
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
      (p.variant === null || typeof p.variant === "string") &&
      known(p.game, p.variant);
    if (ok) seen.add(p.id);
    return ok;
  });
}

/** A puzzle's name without its "in N" (the list says "Win in N" on its own): "King home (…)". */
export const puzzleName = (p) => p.title.replace(new RegExp(` in ${p.moves}\\b`), "");

/** The puzzle after `id` among `list` (one game's, in order), or null after the last. */
export function nextPuzzle(list, id) {
  const i = list.findIndex((p) => p.id === id);
  return i >= 0 ? (list[i + 1] ?? null) : null;
}

/** A move's path as arrows, leg by leg: ["b3", "d5", "f3"] -> [["b3", "d5"], ["d5", "f3"]]. */
export const legs = (path) => path.slice(1).map((to, i) => [path[i], to]);

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const PAUSE_MS = 450; // between the person's move and the reply, so both can be followed

/**
 * The puzzles view, for the router. `engine` is the page's rules engine, `storage` the site's
 * storage (solved puzzles), `navLink` the top bar's link here (marked while shown), `go(hash)` / `replace(hash)` navigate with / without a history entry,
 * `facing(info, side)` is the orientation that puts `side` at the bottom, `currentGame()` the game
 * on the game view's board (its puzzles are listed first) and `backToGame()` returns to it.
 */
export function createPuzzlesView({ element, navLink, engine, storage, go, replace, facing, currentGame, backToGame }) {
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
  // The list: a tab per game, then its puzzles.
  const tabs = make("nav", { className: "puzzle-games" });
  tabs.setAttribute("aria-label", "Puzzles of each game");
  const summary = make("p", { className: "empty puzzle-summary" });
  const list = make("ol", { className: "puzzle-list" });
  const listSection = make("section", { className: "puzzle-index" }, tabs, summary, list);
  // One puzzle: its own board, and a panel.
  const boardHost = make("div", { className: "board puzzle-board" });
  const which = make("p", { className: "puzzle-of" }); // "The Lion Game: puzzle 3 of 13"
  const task = make("p", { className: "puzzle-task" });
  const status = make("p", { className: "puzzle-status" });
  status.setAttribute("aria-live", "polite");
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
  const panel = make("div", { className: "panel puzzle-panel" }, which, task, status, hintText, actions, line);
  const single = make("section", { className: "puzzle-play", hidden: true }, make("div", { className: "stage" }, boardHost), panel);
  single.setAttribute("aria-labelledby", "puzzles-heading");
  element.append(make("div", { className: "puzzles-head" }, heading, back), messages, loading, listSection, single);

  const board = createBoard(boardHost, { label: "Puzzle board", events: { move: onMove } });

  let data = null; // the build's catalog
  let puzzles = null; // every puzzle, checked (checkPuzzles); loaded once
  let lastHash = null; // the hash shown: a hash shown again (popstate, then hashchange) is not reopened
  let shownGame = null; // the game whose list was shown last
  let current = null; // the puzzle in play: {puzzle, info, moves, state, hint, tries, wrong, solved}
  let session = 0; // bumped on every open: answers for a puzzle no longer shown are dropped

  const solved = () => storage.readSolvedPuzzles(new Set((puzzles ?? []).map((p) => p.id)));
  const gameTitle = (game) => gameEntry(data, game)?.title ?? game;
  const sideName = (info, side) => info.sides.find((s) => s.id === side)?.name ?? side;
  // What the view is doing ("list", "loading", "ready", "thinking", "wrong", "solved") and how many
  // moves of the puzzle stand on its board, for styles, people's tools and tests.
  const setState = (name) => {
    element.dataset.puzzle = name;
    element.dataset.moves = String(current?.moves.length ?? 0);
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
    shownGame = game;
    element.dataset.game = game; // the top bar marks the game shown
    heading.textContent = "Puzzles";
    document.title = `Puzzles · ${gameTitle(game)} · Kings & Soldiers`;
    tabs.replaceChildren(
      ...games.map((g) => {
        const a = make("a", { href: `#puzzles=${g.id}`, textContent: g.title });
        if (g.id === game) a.setAttribute("aria-current", "page");
        return a;
      }),
    );
    const own = puzzles.filter((p) => p.game === game);
    const done = solved();
    summary.textContent = `${gameTitle(game)}: ${plural(own.length, "puzzle")}, ${done.size ? own.filter((p) => done.has(p.id)).length : "none"} solved. In each, the side to move forces a win.`;
    list.replaceChildren(
      ...own.map((p) => {
        const link = make("a", { href: `#puzzle=${p.id}` }, make("span", { className: "name", textContent: puzzleName(p) }));
        link.append(make("span", { className: "moves", textContent: `Win in ${p.moves}` }));
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

  async function openPuzzle(id) {
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
    current = { puzzle, info, moves: [], state: null, hint: null, tries: 0, wrong: null, solved: false };
    shownGame = puzzle.game;
    element.dataset.game = puzzle.game;
    const own = puzzles.filter((p) => p.game === puzzle.game);
    heading.textContent = puzzle.title;
    document.title = `${puzzle.title} · Puzzles · Kings & Soldiers`;
    which.textContent = `${gameTitle(puzzle.game)}: puzzle ${own.indexOf(puzzle) + 1} of ${own.length}`;
    status.textContent = "";
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
    next.textContent = c && nextPuzzle(ownPuzzles(), c.puzzle.id) ? "Next puzzle" : "Back to the list";
  }

  const ownPuzzles = () => puzzles.filter((p) => p.game === current.puzzle.game);
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
    storage.writeSolvedPuzzles(new Set([...solved(), c.puzzle.id]));
    const reason = typeof state.resultReason === "string" ? state.resultReason : `${sideName(c.info, state.result)} wins.`;
    status.textContent = `Solved! ${reason}`;
    setState("solved");
    next.focus({ preventScroll: true });
  }

  function openNext() {
    const after = current && nextPuzzle(ownPuzzles(), current.puzzle.id);
    go(after ? `#puzzle=${after.id}` : `#puzzles=${current?.puzzle.game ?? ""}`);
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
    if (params.id !== undefined) await openPuzzle(params.id);
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
