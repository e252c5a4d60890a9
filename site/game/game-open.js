// Which game the board holds, however the person arrives: at start-up (a link, the saved game, a
// new one), by a link opened in this tab, after the rules engine restarts, and when another tab
// changes the saved game. app.js calls these at those moments; what each opens goes through
// game-ctrl.js's openFirst (every move replayed by Python, every failure said).

import { boardEntry } from "../common/catalog.js";
import { describeError, showMessage } from "../common/messages.js";
import { newId } from "../common/saved-game.js";
import { openFriendLink } from "./friend.js";
import { act, drawAtOnce, openFirst } from "./game-ctrl.js";
import { startThinking, stopThinking } from "./game-computer.js";
import { nameGame } from "./game-save.js";
import { app, continuing, engine, entryOf, fresh, knownGames, storage } from "./game-state.js";
import { renderControls, showLoading } from "./game-view.js";

/**
 * What to open at start-up, best first: a shared link, the saved game, a new game of the linked
 * game, then a new game of the first game. `link` is the address's link (read and checked), or null.
 */
function startingTries(link, library) {
  const defaultGame = app.catalog.games[0].id;
  const current = library.entries.get(library.last.current);
  const game = link?.record.game ?? current?.record.game ?? defaultGame;
  const saved = current?.record.game === game ? current : entryOf(game);
  const linkVariant = link && !link.shared ? link.record.variant : null;
  return [
    link?.shared && { label: "The shared link", record: link.record, resigned: link.resigned },
    saved && (!linkVariant || saved.record.variant === linkVariant) && continuing("Your saved game", saved),
    { label: link ? "The link" : "", record: fresh(game, linkVariant) },
    game !== defaultGame && { label: "", record: fresh(defaultGame) },
  ].filter(Boolean);
}

/**
 * Open the game at start-up, drawn at once from what is known before Python (the build's catalog,
 * the save), then played as soon as the engine can answer: the first of startingTries() that
 * works (each failure said). A friend's link that fails falls back to the saved game. Throws when
 * Python cannot start; false when no game could be opened.
 */
export async function openAtStart(link, library) {
  const tries = startingTries(link, library);
  const known = tries.find(({ record }) => boardEntry(app.catalog, record.game, record.variant));
  if (known) drawAtOnce(known);
  await engine.whenPlayable(known?.record); // on a first visit, maybe before Python (engine/engine.js)
  app.ready = true;
  if (link?.friend) {
    try {
      if (await openFriendLink(link)) return true;
    } catch (error) {
      showMessage(`That link could not be opened: ${describeError(error)}.`);
    }
  }
  return openFirst(link?.friend ? tries.slice(1) : tries); // a friend's link was the first try
}

/** A link opened in this tab (pasted into the address bar): open it, keeping the game if it is bad. */
export function openLinkHere(link) {
  const here = link?.record && !link.shared && link.record.game === app.record?.game && (link.record.variant ?? null) === app.record.variant;
  if (here) return nameGame(); // back to the board from the library, or the open game's name typed (`#lion`)
  if (link?.problem) {
    showMessage(`That link could not be opened: ${link.problem}. Your game is kept.`);
    nameGame();
  }
  if (!link?.record) return;
  if (link.friend) {
    void act(async () => {
      try {
        await openFriendLink(link);
      } catch (error) {
        showMessage(`That link could not be opened: ${describeError(error)}. Your game is kept.`);
        nameGame();
      }
    });
    return;
  }
  void act(async () => {
    const saved = entryOf(link.record.game);
    const tries = link.shared
      ? [{ label: "The shared link", record: link.record, resigned: link.resigned }]
      : [
          (!link.record.variant || saved?.record.variant === link.record.variant) && continuing("Your saved game", saved),
          { label: "The link", record: fresh(link.record.game, link.record.variant) },
        ];
    if (!(await openFirst(tries.filter(Boolean)))) nameGame();
  });
}

/**
 * The worker died and a new one is starting (engine.js): say so, then carry on with the same game.
 * `failed(message)` is the page's own failure (app.js): Python could not be started again.
 */
export async function resumeAfterRestart(error, failed) {
  const html = document.documentElement;
  stopThinking();
  if (error.type === "LoadError") return failed(`The rules engine stopped and could not be restarted: ${error.message}.`);
  showMessage("The rules engine stopped unexpectedly and is being restarted. Your game is kept.", { kind: "note" });
  app.ready = false;
  html.dataset.engine = "loading";
  showLoading("Restarting the rules engine");
  renderControls();
  try {
    await engine.ready;
  } catch (startError) {
    return failed(`The rules engine could not be restarted: ${describeError(startError)}. Reload the page to try again.`);
  }
  app.ready = true;
  const entry = app.entry && { ...app.entry, record: { ...app.record, moves: app.line.moves }, cursor: app.line.cursor, resigned: app.line.end?.resigned };
  if (!(await openFirst([continuing("Your game", entry)]))) return;
  html.dataset.engine = "ready";
  startThinking();
}

/**
 * Another tab changed (or deleted) a saved game: keep the library current (`listChanged` redraws its
 * list), and if it is the game on this board, show the other tab's latest moves (this tab has
 * nothing unsaved: it saves every move as it is played).
 */
export function followOtherTabs(listChanged) {
  storage.onEntryChanged((id) => {
    const { entry, problem } = storage.readEntry(id, knownGames());
    if (entry) app.library.entries.set(id, entry);
    else app.library.entries.delete(id);
    listChanged();
    if (id !== app.entry?.id || !app.ready) return;
    // Left as the other tab wrote it (a newer site may read it); this board's game goes on under a new entry.
    const keepApart = (what) => {
      app.entry = { ...app.entry, id: newId() };
      showMessage(`Another tab saved this game ${what}; it is kept as it is (see Your games). This board's game is saved as a new game if you play on.`, { kind: "note" });
    };
    if (problem) return keepApart("in a form this page cannot read");
    if (!entry) {
      showMessage("This game was deleted in another tab. It stays on this board, and is saved again if you play on.", { kind: "note" });
      return;
    }
    const same =
      JSON.stringify(entry.record.moves) === JSON.stringify(app.line.moves) && entry.cursor === app.line.cursor && entry.takenBack === Boolean(app.line.takenBack);
    const resigned = entry.resigned && entry.resigned !== app.line.end?.resigned;
    if (same && !resigned) return;
    stopThinking();
    void act(async () => {
      if (!(await openFirst([continuing("", entry)]))) {
        keepApart("with moves this page cannot replay");
        return;
      }
      showMessage(resigned ? "This game was resigned in another tab." : "This game was played on in another tab: the board shows its latest moves.", { kind: "note" });
    });
  });
}
