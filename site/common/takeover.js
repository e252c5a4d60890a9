// Every page of the site that fetches files as it runs loads this (the app; a page with a playable
// <ks-board>, such as board.html, examples.html and embed.html, through ks-board.js): a page must
// never run one version's code while fetching another version's files.
//
// - A new version takes over every open page of the site at once (the person accepted it in some
//   tab: updates.js), so each page reloads onto it, whichever tab asked; a page keeps what it would
//   lose first (beforeReload: ks-board.js keeps each board's moves, so a page with boards, such
//   as examples.html or embed.html, gets its games back).
// - A first visit's service worker claims the page it was loaded with. If a new version was
//   deployed meanwhile (the page loaded version A, the worker fetched version B's files), the page
//   and the worker disagree: the page reloads once, onto the worker's whole version. Each page
//   carries its build's id (<meta name="ks-build">, written by build.py) and asks the worker for
//   the same page to compare.

const BUILD = /<meta name="ks-build" content="([^"]*)"/;
const RELOADED = "ks-build-reloaded"; // sessionStorage: the build a first-visit reload went to
const TOLD = "ks-build-reloaded-told"; // sessionStorage: that reload was said
const ACCEPTED = "ks-update-accepted"; // sessionStorage: this tab accepted the new version (updates.js)
const BY_ANOTHER_TAB = "ks-update-by-another-tab"; // sessionStorage: this tab reloaded for another's takeover

const keepers = [];

/** `keep()` runs just before a takeover reload: save there what the reload would lose. */
export function beforeReload(keep) {
  keepers.push(keep);
}

/** Run `act` on the tab's sessionStorage; nothing where there is none (a blocked frame). */
function session(act) {
  try {
    return act(sessionStorage);
  } catch {
    return null;
  }
}

/** `yes`: this tab asked the new version to take over (the reload that follows is its own); false undoes it. */
export function acceptedHere(yes) {
  session((s) => (yes ? s.setItem(ACCEPTED, "1") : s.removeItem(ACCEPTED)));
}

/** Whether this page is the reload of a tab that did not ask for the new version (true once: the page says so). */
export function reloadedByAnotherTab() {
  return session((s) => {
    const was = s.getItem(BY_ANOTHER_TAB) === "1";
    s.removeItem(BY_ANOTHER_TAB);
    return was;
  }) === true;
}

/** `takeover`: a new version took over; unless this tab accepted it, the reloaded page says why. */
function reload({ takeover = false } = {}) {
  if (takeover) {
    session((s) => {
      if (s.getItem(ACCEPTED)) s.removeItem(ACCEPTED);
      else s.setItem(BY_ANOTHER_TAB, "1");
    });
  }
  for (const keep of keepers) {
    try {
      keep();
    } catch (error) {
      console.warn("could not keep the page's state over the update:", error);
    }
  }
  location.reload();
}

/**
 * Whether this page is the reload onto a version deployed during the first visit, not yet said
 * (true once: the page says why it reloaded).
 */
export function reloadedOntoNewVersion() {
  try {
    const mine = document.querySelector('meta[name="ks-build"]')?.content;
    if (!mine || sessionStorage.getItem(RELOADED) !== mine || sessionStorage.getItem(TOLD) === mine) return false;
    sessionStorage.setItem(TOLD, mine);
    return true;
  } catch {
    return false; // no storage: nothing to say
  }
}

/** This page as the controlling worker holds it: its build id, or null. */
async function workersBuild() {
  const response = await fetch(location.href.split("#")[0]);
  return response.ok ? ((await response.text()).match(BUILD)?.[1] ?? null) : null;
}

async function reloadIfAnotherBuild() {
  const mine = document.querySelector('meta[name="ks-build"]')?.content;
  const theirs = await workersBuild().catch(() => null);
  if (!mine || !theirs || theirs === mine) return;
  try {
    if (sessionStorage.getItem(RELOADED) === theirs) return; // reloaded once already: never loop
    sessionStorage.setItem(RELOADED, theirs);
  } catch {
    return; // no storage (a blocked third-party frame): no way to know a loop, so no reload
  }
  reload();
}

if ("serviceWorker" in navigator) {
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled) reload({ takeover: true });
    else void reloadIfAnotherBuild();
    controlled = true;
  });
}
