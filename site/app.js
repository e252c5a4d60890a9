// The page: wires the features together. The game view (game/game.js) is the one board with the
// game in progress; friend games, the library and the other views are features of their own, each
// registered with the router (common/router.js), which shows one view at a time by the address's hash.
//
// One folder per feature (game/, analysis/, puzzles/, editor/, library/, learn/, embed/), around
// the shared board/ and engine/ (the Python worker); common/ holds only what no feature owns and
// several use (catalog, messages, links, storage, ...). A module lives with the feature that owns
// it even when another borrows it. docs/development.md has the map and the reasons.

import { addAssist } from "./game/assist.js";
import { bottomSide, catalog } from "./common/catalog.js";
import { wireFriendGames } from "./game/friend.js";
import {
  app,
  engine,
  fresh,
  isFriendGame,
  keepPosition,
  knownGames,
  onControls,
  playPosition,
  readMode,
  renderControls,
  renderLevels,
  renderNav,
  renderTitle,
  showLoading,
  startThinking,
  storage,
  wireGameControls,
} from "./game/game.js";
import { isOver } from "./game/line.js";
import { editorHash, readEditorHash } from "./editor/editor-state.js";
import { importDroppedFiles, tellUnreadable } from "./library/library-early.js";
import { analysisHash, isAnalysisHash, linkHash, readLink } from "./common/links.js";
import { keepFocusOnControls } from "./common/focus.js";
import { describeError, showMessage } from "./common/messages.js";
import { readPuzzleHash } from "./puzzles/puzzle-data.js";
import { createRouter, lazyView } from "./common/router.js";
import { createRulesView } from "./learn/rules.js";
import { followOtherTabs, openAtStart, openLinkHere, resumeAfterRestart } from "./game/game-open.js";
// Written by build.py, read by common/catalog.js: bundled with the page, not fetched after it.
import "./games.js";

const html = document.documentElement;
html.dataset.app = "running"; // start.js reports load failures until now; from here the app does
const $ = (id) => document.getElementById(id);

// The views: each feature makes its own, given what it needs of the game view and the router.
// The game view and the rules come with the page; the others load when first shown, or once Python
// is ready (loadViews), so that a first visit's board waits for none of their modules.
const router = createRouter({ fallback: { name: "game", element: $("game-view"), show: renderTitle } });
const go = (hash) => router.go(hash);
const lazy = (name, matches, load) =>
  router.add(
    lazyView({
      name,
      element: $(`${name}-view`),
      matches,
      load,
      // A module that did not arrive (offline before the site was stored, a host that lost a file).
      onError: () => showMessage("This view could not be opened: a file of the site did not arrive. Check the connection and try again."),
    }),
  );
const libraryView = lazy(
  "library",
  (hash) => (hash === "#library" ? {} : null),
  async () => (await import("./library/library.js")).createLibraryView({ element: $("library-view"), navigate: go }),
);
// A record opens on the analysis board as the game view shows it: the person's side at the bottom.
const facing = (record) => (record.game === app.record?.game ? app.orientation : "normal");
const analysisView = lazy(
  "analysis",
  (hash) => (isAnalysisHash(hash) ? { hash } : null),
  async () => (await import("./analysis/analysis.js")).createAnalysisView($("analysis-view"), { facing }),
);
const editorView = lazy("editor", readEditorHash, async () =>
  (await import("./editor/editor.js")).createEditor({
    element: $("editor-view"),
    engine,
    current: () => app.record,
    play: (record, mode, level) => {
      go(linkHash(record));
      return playPosition(record, mode, level);
    },
    keep: keepPosition,
  }),
);
const puzzlesView = lazy("puzzles", readPuzzleHash, async () =>
  (await import("./puzzles/puzzles.js")).createPuzzlesView({
    element: $("puzzles-view"),
    navLink: $("puzzles-link"),
    engine,
    storage,
    go,
    replace: (hash) => router.replace(hash),
    facing: (info, side) => (side === bottomSide(app.catalog, info) ? "normal" : "flipped"),
    currentGame: () => app.record?.game ?? null,
    backToGame: () => go(linkHash(app.record)),
  }),
);
const renderLibraryIfShown = () => libraryView.ifLoaded((view) => view.render());
importDroppedFiles(() => libraryView.load());
// Back from a game's rules goes to that game: the one in progress, else its saved or a new one.
const gameHash = (game) => {
  const known = app.catalog?.games.some((g) => g.id === game);
  if (known && app.record?.game !== game) return linkHash(fresh(game));
  return app.record ? linkHash(app.record) : "#";
};
router.add(createRulesView({ element: $("rules-view"), backHash: gameHash }));
addAssist();

// The game view's ways into the other views: the position shown analysed (Analyse this game
// reviews it at once), or set up in the editor.
const analyse = (review) => {
  go(analysisHash({ ...app.record, moves: app.line.moves }, app.line.cursor, app.line.end?.resigned ?? null));
  if (review) analysisView.load().then((view) => view.review(), () => {}); // a failed load is said by show
};
$("analyse").onclick = () => analyse(false);
$("analyse-game").onclick = () => analyse(true);
// Against a friend the engine does not help (no Hint, no evaluation: assist.js), so neither does the
// analysis board until the game is over.
const ANALYSE_TITLE = $("analyse").title;
onControls(() => {
  const friendPlaying = isFriendGame() && !isOver(app.line);
  $("analyse").disabled = !app.ready || app.busy || !app.record || friendPlaying;
  $("analyse").title = friendPlaying ? "The analysis board opens when the game with your friend is over" : ANALYSE_TITLE;
});
$("set-up").onclick = () => go(editorHash(app.record.game, app.record.variant, app.state?.position));
const route = () => router.route();

// The top bar marks the game of the view shown (the rules', the puzzle's, the analysis board's),
// which each view names in its element's data-game; a view of no game (the library) marks none.
function markGames() {
  const shown = document.querySelector("main:not([hidden])");
  for (const b of $("games").children) b.setAttribute("aria-pressed", String(b.dataset.game === shown?.dataset.game));
}
const viewWatch = new MutationObserver(markGames);
for (const view of document.querySelectorAll("main")) viewWatch.observe(view, { attributeFilter: ["hidden", "data-game"] });

// A link opened in this tab (pasted into the address bar) goes to the game view's board.
function onHashChange() {
  if (route().name === "game" && app.ready) openLinkHere(readLink(location.hash, app.catalog));
}


// -- start-up --------------------------------------------------------------------------------------

async function boot() {
  app.mode = readMode();
  html.dataset.engine = "loading";
  renderControls();
  showLoading(engine.stage);
  engine.onProgress(showLoading);
  engine.onLost((error) => void resumeAfterRestart(error, failed));
  wireGameControls();
  keepFocusOnControls(); // every view's controls: the focus never drops to the page (common/focus.js)
  wireFriendGames();
  addEventListener("hashchange", onHashChange);
  addEventListener("popstate", route);

  try {
    app.catalog = await catalog();
  } catch (error) {
    return failed(`The list of games could not be loaded: ${describeError(error)}`);
  }
  renderNav(() => {
    if (router.current !== "game") router.go(linkHash(app.record));
  });
  markGames();
  renderLevels(app.catalog.levels);
  const library = storage.readLibrary(knownGames());
  app.library = library;
  route(); // after the library is read: a reload on #library lists it
  tellUnreadable(library.untold, go);
  followOtherTabs(renderLibraryIfShown);

  // A link that cannot be opened is said, and the saved game is shown (and kept).
  let link = router.current === "game" ? readLink(location.hash, app.catalog) : null; // another view's link is its own
  if (link?.problem) {
    showMessage(`That link could not be opened: ${link.problem}.`);
    link = null;
  }
  let opened;
  try {
    opened = await openAtStart(link, library);
  } catch (error) {
    return pythonFailed(error);
  }
  if (!opened) return engine.startedFrom ? failed("No game could be opened.") : pythonFailed(await engine.ready.then(() => null, (e) => e));
  renderLibraryIfShown(); // the game on the board is known now
  html.dataset.playableAt = String(Math.round(performance.now()));
  startThinking();
  if (engine.startedFrom) {
    markReady(html.dataset.playableAt);
    return loadViews();
  }
  // Playing from the prepared answers: the page goes on as it is once Python is ready (the same
  // answers, so nothing is redrawn); only questions nobody prepared were waiting for it.
  html.dataset.engine = "prepared";
  try {
    await engine.ready;
  } catch (error) {
    return pythonFailed(error);
  }
  markReady(Math.round(performance.now()));
  startThinking();
  loadViews();
}

// Python is ready, and when: the page says so, and how Python started (the tests' arrivals check it).
function markReady(at) {
  html.dataset.engine = "ready";
  html.dataset.engineStart = engine.startedFrom;
  html.dataset.pythonReadyAt = String(at);
}

// The other views' modules, once Python is ready: not before, where they would slow the opening's
// first moves (measured: bench/startup.py). A view shown sooner loads at once.
function loadViews() {
  for (const view of [libraryView, analysisView, editorView, puzzlesView]) view.load().catch(() => {}); // said when shown
}

function pythonFailed(error) {
  if (!error) return failed("No game could be opened.");
  failed(`Python could not be started, so the games cannot be played: ${describeError(error)}. Reload the page to try again.`);
}

function failed(message) {
  html.dataset.engine = "failed";
  app.ready = false;
  $("loading").classList.add("failed");
  $("loading-text").textContent = "Python could not start.";
  showMessage(message);
  renderControls();
}

boot().catch((error) => failed(`The page could not start: ${describeError(error)}. Reload the page to try again.`));
