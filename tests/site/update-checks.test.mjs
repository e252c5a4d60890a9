import assert from "node:assert/strict";
import { test } from "node:test";
import { checkAtMostEvery } from "../../site/common/update-checks.js";

test("a tab shown again looks for a new version at most every few minutes", async () => {
  let time = 1000;
  let looks = 0;
  const check = checkAtMostEvery(5 * 60_000, () => looks++, () => time);
  assert.equal(check(), false, "the page's load has just looked");
  time += 4 * 60_000;
  assert.equal(check(), false);
  time += 60_000;
  assert.equal(check(), true);
  assert.equal(check(), false, "not twice in a row");
  time += 60_000;
  assert.equal(check(true), true, "the hourly look, and a page that failed to start, look anyway");
  time += 4 * 60_000 + 59_999;
  assert.equal(check(), false, "counted from the forced look");
  await new Promise((resolve) => setTimeout(resolve));
  assert.equal(looks, 2);
});

test("a look that fails (offline) is no error, and the next look is still limited", async () => {
  let time = 0;
  const check = checkAtMostEvery(1000, () => Promise.reject(new Error("offline")), () => time);
  time = 1000;
  assert.equal(check(), true);
  assert.equal(check(), false);
  await new Promise((resolve) => setTimeout(resolve));
});
