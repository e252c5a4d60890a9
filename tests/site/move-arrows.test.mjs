// move-arrows.js: a move's path drawn as arrows leg by leg, or as its one square.
import assert from "node:assert/strict";
import { test } from "node:test";

import { moveArrows } from "../../site/board/move-arrows.js";

test("a path is drawn leg by leg; a move on one square is that square highlighted", () => {
  assert.deepEqual(moveArrows(["b3", "d5", "f3"]), { arrows: [["b3", "d5"], ["d5", "f3"]], highlights: [] });
  assert.deepEqual(moveArrows(["e4", "e5", "e4"]), { arrows: [["e4", "e5"], ["e5", "e4"]], highlights: [] });
  assert.deepEqual(moveArrows(["c8"]), { arrows: [], highlights: ["c8"] });
  assert.deepEqual(moveArrows(["c8", "c8"]), { arrows: [], highlights: ["c8"] });
});
