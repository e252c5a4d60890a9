// The page's views (game, library, rules, puzzles, analysis, editor), one shown at a time, chosen by
// the address's hash. Each feature registers its view; the first whose `matches(hash)` answers
// params is shown, and the fallback view (the game) takes every hash nobody claims.

// A view: { name, element, matches(hash) -> params | null, show(params, hash, changed), hide() },
// `changed` true when the view was not the one shown before (it opens afresh; false: only its
// hash changed, as from one puzzle to the next).
export function createRouter({ fallback }) {
  const views = [];
  let current = null;
  let shownBefore = false; // the page's first view keeps the browser's own focus

  function find(hash) {
    for (const view of views) {
      const params = view.matches(hash);
      if (params) return { view, params };
    }
    return { view: fallback, params: {} };
  }

  // Show the view the current hash names; hide the others (their state is kept, not reset).
  function route() {
    const hash = location.hash;
    const { view, params } = find(hash);
    for (const other of [fallback, ...views]) {
      if (other !== view) {
        if (other === current) other.hide?.();
        other.element.hidden = true;
      }
    }
    view.element.hidden = false;
    const changed = view !== current;
    // Another view opens at its top, with its board, not at the scroll offset the last one left.
    if (changed && current) globalThis.scrollTo?.(0, 0);
    current = view;
    view.show?.(params, hash, changed);
    if (changed && shownBefore) setTimeout(() => focusHeading(view.element));
    shownBefore = true;
    return view;
  }

  return {
    add(view) {
      views.push(view);
      return view;
    },
    route,
    // Go to a view by its hash, as a new history entry (Back returns to where the person was).
    go(hash) {
      if (location.hash !== hash) history.pushState(null, "", hash);
      return route();
    },
    // Name a hash for the view shown without a new history entry (the game's own link, as it plays).
    replace(hash) {
      history.replaceState(null, "", hash);
    },
    get current() {
      return current?.name ?? null;
    },
  };
}

// Another view opened (a link, a button, Back): the focus was on a control of the view before or of
// the top bar, and would fall to the page. It goes to the new view's heading, so the keyboard and a
// screen reader start there, unless the view gave it a place of its own (its board, a field).
function focusHeading(element) {
  const page = globalThis.document;
  if (!page || element.hidden) return; // (no page: the router's own tests, in Node)
  const active = page.activeElement;
  if (active && active !== page.body && element.contains(active)) return;
  const heading = element.querySelector?.("h1, h2");
  if (!heading || heading.closest("[hidden]")) return;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
}

// A view whose module loads when it is first shown, or when `load()` is called (the page loads
// every view once Python is ready): the first board needs none of the other views' modules.
// `matches` comes from a small module of the feature's own (the view itself has none); `load()`
// resolves to the feature's view ({show, hide, ...}), which the router then talks to. A failed
// load is reported to `onError` and tried again the next time.
export function lazyView({ name, element, matches, load, onError }) {
  let loading = null;
  let shown = false;
  const view = {
    name,
    element,
    matches,
    load() {
      loading ??= load().catch((error) => {
        loading = null;
        throw error;
      });
      return loading;
    },
    // `use(real)` now if the view's module is loading or loaded, else never (nothing to update).
    ifLoaded(use) {
      void loading?.then(use, () => {});
    },
    show(params, hash, changed) {
      shown = true;
      view.load().then((real) => shown && real.show?.(params, hash, changed), onError);
    },
    hide() {
      shown = false;
      view.ifLoaded((real) => real.hide?.());
    },
  };
  return view;
}
