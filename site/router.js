// The page's views (game, library, rules, puzzles, analysis, editor), one shown at a time, chosen by
// the address's hash. Each feature registers its view; the first whose `matches(hash)` answers
// params is shown, and the fallback view (the game) takes every hash nobody claims.

// A view: { name, element, matches(hash) -> params | null, show(params, hash), hide() }.
export function createRouter({ fallback }) {
  const views = [];
  let current = null;

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
    current = view;
    view.show?.(params, hash, changed);
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
