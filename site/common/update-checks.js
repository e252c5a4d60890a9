// How often a tab looks for a new version of the site (updates.js): a look costs a request for
// sw.js, so a tab shown again and again (switching tabs, waking a phone) looks at most every few
// minutes; the hourly look, and a page that failed to start, look whatever the last was.

/**
 * `check(force = false)`: runs `update()` (a promise; its failure ignored: offline, say) unless
 * the last look, or this function's making (the page's load looked), was less than `ms` ago.
 * Returns whether it looked. `now` gives the time in milliseconds.
 */
export function checkAtMostEvery(ms, update, now = () => Date.now()) {
  let last = now();
  return (force = false) => {
    const time = now();
    if (!force && time - last < ms) return false;
    last = time;
    Promise.resolve()
      .then(update)
      .catch(() => {});
    return true;
  };
}
