// router.js: one view shown at a time, chosen by the hash; the fallback takes unclaimed hashes;
// a view left is told so (its state is kept), and go() adds a history entry only when it moves.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { createRouter, lazyView } from "../../site/common/router.js";

let pushed;
beforeEach(() => {
  pushed = [];
  globalThis.location = { hash: "" };
  globalThis.history = {
    pushState: (_state, _title, hash) => {
      pushed.push(hash);
      globalThis.location.hash = hash;
    },
    replaceState: (_state, _title, hash) => {
      globalThis.location.hash = hash;
    },
  };
});

function view(name, prefix, log) {
  return {
    name,
    element: { hidden: false },
    matches: (hash) => (hash.startsWith(prefix) ? { rest: hash.slice(prefix.length) } : null),
    show: (params, _hash, changed) => log.push(`show ${name} ${params.rest ?? ""} ${changed}`),
    hide: () => log.push(`hide ${name}`),
  };
}

test("the first view that claims the hash is shown, the others hidden", () => {
  const log = [];
  const game = view("game", "", log);
  const router = createRouter({ fallback: game });
  const rules = view("rules", "#rules=", log);
  const library = view("library", "#library", log);
  router.add(rules);
  router.add(library);

  assert.equal(router.route().name, "game");
  assert.deepEqual([game.element.hidden, rules.element.hidden, library.element.hidden], [false, true, true]);

  router.go("#rules=lion");
  assert.equal(router.current, "rules");
  assert.deepEqual([game.element.hidden, rules.element.hidden, library.element.hidden], [true, false, true]);
  assert.deepEqual(log.slice(-2), ["hide game", "show rules lion true"]);

  router.go("#rules=lilypad");
  assert.deepEqual(log.slice(-1), ["show rules lilypad false"], "the same view shown again is not hidden first");

  router.go("#game=lilypad");
  assert.equal(router.current, "game");
  assert.deepEqual(log.slice(-2), ["hide rules", "show game  true"]);
  assert.deepEqual(pushed, ["#rules=lion", "#rules=lilypad", "#game=lilypad"]);
});

test("go() to the hash already shown adds no history entry; replace() never does", () => {
  const router = createRouter({ fallback: view("game", "", []) });
  router.go("#library");
  router.go("#library");
  router.replace("#game=lion");
  assert.deepEqual(pushed, ["#library"]);
  assert.equal(location.hash, "#game=lion");
});

test("a lazy view loads once, when first shown or asked, and shows what the hash says", async () => {
  const log = [];
  let loads = 0;
  const router = createRouter({ fallback: view("game", "", log) });
  const library = router.add(
    lazyView({
      name: "library",
      element: { hidden: true },
      matches: (hash) => (hash.startsWith("#library") ? { rest: hash.slice(8) } : null),
      load: async () => {
        loads++;
        return view("library", "#library", log);
      },
    }),
  );
  router.go("#library=a");
  assert.equal(router.current, "library");
  assert.equal(library.element.hidden, false, "shown at once, drawn once loaded");
  router.go("#library=b");
  await library.load();
  await Promise.resolve();
  assert.equal(loads, 1);
  assert.deepEqual(log.filter((l) => l.includes("library")), ["show library =a true", "show library =b false"]);

  // Left before its module arrived: it is not shown once it does.
  const log2 = [];
  let arrive;
  const late = router.add(
    lazyView({ name: "late", element: { hidden: true }, matches: (h) => (h === "#late" ? {} : null), load: () => new Promise((r) => (arrive = r)) }),
  );
  router.go("#late");
  router.go("#game");
  arrive(view("late", "#late", log2));
  await late.load();
  await Promise.resolve();
  assert.deepEqual(log2, ["hide late"]);
});

test("a lazy view whose module fails says so, and loads again when next shown", async () => {
  const errors = [];
  let tries = 0;
  const log = [];
  const router = createRouter({ fallback: view("game", "", []) });
  const editor = router.add(
    lazyView({
      name: "editor",
      element: { hidden: true },
      matches: (hash) => (hash === "#editor" ? {} : null),
      load: async () => {
        tries++;
        if (tries === 1) throw new TypeError("Failed to fetch dynamically imported module");
        return view("editor", "#editor", log);
      },
      onError: (error) => errors.push(error.message),
    }),
  );
  router.go("#editor");
  await editor.load().catch(() => {});
  await new Promise((resolve) => setTimeout(resolve));
  assert.deepEqual(errors, ["Failed to fetch dynamically imported module"]);
  router.go("#game");
  router.go("#editor");
  await editor.load();
  await Promise.resolve();
  assert.equal(tries, 2);
  assert.deepEqual(log, ["show editor  true"]);
});

test("another view opens at the page's top; the same view, or the first one shown, keeps the scroll", () => {
  const scrolled = [];
  globalThis.scrollTo = (x, y) => scrolled.push([x, y]);
  try {
    const router = createRouter({ fallback: view("game", "", []) });
    router.add(view("rules", "#rules=", []));
    router.route(); // the page's first view: the browser restores its scroll
    assert.deepEqual(scrolled, []);
    router.go("#rules=lion");
    assert.deepEqual(scrolled, [[0, 0]]);
    router.go("#rules=lilypad"); // the same view: its own business
    assert.equal(scrolled.length, 1);
    router.go("#game=lion");
    assert.equal(scrolled.length, 2);
  } finally {
    delete globalThis.scrollTo;
  }
});
