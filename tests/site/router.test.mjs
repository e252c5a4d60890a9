// router.js: one view shown at a time, chosen by the hash; the fallback takes unclaimed hashes;
// a view left is told so (its state is kept), and go() adds a history entry only when it moves.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { createRouter } from "../../site/router.js";

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
