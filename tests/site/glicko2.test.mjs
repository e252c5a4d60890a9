// glicko2.js against the worked example of Glickman's "Example of the Glicko-2 system".
import assert from "node:assert/strict";
import { test } from "node:test";

import { START, update } from "../../site/puzzles/glicko2.js";

test("the paper's example: 1500/200/0.06 against 1400/30 (won), 1550/100 and 1700/300 (lost)", () => {
  const after = update({ rating: 1500, rd: 200, vol: 0.06 }, [
    { rating: 1400, rd: 30, score: 1 },
    { rating: 1550, rd: 100, score: 0 },
    { rating: 1700, rd: 300, score: 0 },
  ]);
  // The paper: r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
  assert.ok(Math.abs(after.rating - 1464.06) < 0.01, String(after.rating));
  assert.ok(Math.abs(after.rd - 151.52) < 0.01, String(after.rd));
  assert.ok(Math.abs(after.vol - 0.05999) < 0.00001, String(after.vol));
});

test("a period without games only widens the deviation; a win raises, a loss lowers", () => {
  const idle = update({ rating: 1500, rd: 200, vol: 0.06 }, []);
  assert.equal(idle.rating, 1500);
  assert.ok(Math.abs(idle.rd - Math.sqrt(200 ** 2 + (0.06 * 173.7178) ** 2)) < 1e-9);
  const won = update(START, [{ rating: 1500, rd: 60, score: 1 }]);
  const lost = update(START, [{ rating: 1500, rd: 60, score: 0 }]);
  assert.ok(won.rating > 1500 && lost.rating < 1500);
  assert.ok(Math.abs(won.rating - 1500 - (1500 - lost.rating)) < 1e-6); // symmetric against an equal opponent
  assert.ok(won.rd < START.rd && lost.rd < START.rd); // a result makes the rating surer
});
