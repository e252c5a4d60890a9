// The page's first script (a classic one, so it runs before the modules load):
// 1. Start Python at once: the worker downloads and boots it while the page loads. engine.js adopts
//    it, with the messages it sent before the page listened.
// 2. Report the page's own load failures: if app.js or a module it imports cannot be loaded or
//    run, nothing else would ever replace the loading spinner with a message.
// 3. Keep the board's room from the first paint (style.css: --board-ratio), shaped as the board of
//    the game the page will open, so that nothing moves when the modules draw it.
"use strict";
(() => {
  const html = document.documentElement;
  // Written by build.py: each game's board, [files, ranks].
  const BOARD_SHAPES = {};
  try {
    const linked = /^#(?:.*&)?game=([a-z-]+)/.exec(location.hash)?.[1];
    const read = (key) => JSON.parse(localStorage.getItem(`kings-and-soldiers/${key}`) ?? "null");
    const last = linked ? null : read("last")?.current;
    const game = linked ?? (typeof last === "string" ? read(`game/${last}`)?.record?.game : null);
    const [files, ranks] = BOARD_SHAPES[game] ?? Object.values(BOARD_SHAPES)[0];
    // As board.js draws it (board-svg.js): squares of 100, and 50 more for the coordinates and frame.
    html.style.setProperty("--board-ratio", `${files * 100 + 50} / ${ranks * 100 + 50}`);
  } catch {
    // no shapes (a page the build did not write), damaged storage: the square room style.css keeps
  }
  try {
    // Named from this script's own address (the page is beside it): engine/worker.js, as engine.js names it.
    const worker = new Worker(new URL("engine/worker.js", document.currentScript.src), { type: "module" });
    worker.early = [];
    worker.onmessage = worker.onerror = (event) => {
      event.preventDefault(); // an error is reported once the page listens
      worker.early.push(event);
    };
    window.kingsAndSoldiersWorker = worker;
  } catch {
    // no module workers here: engine.js tries again and reports what fails
  }

  function pageFailed(message) {
    if (html.dataset.app === "running") return; // app.js started: it reports its own errors
    html.dataset.engine = "failed";
    const show = () => {
      const text = document.getElementById("loading-text");
      document.getElementById("loading")?.classList.add("failed");
      if (text) text.textContent = message;
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
    else show();
  }
  const fileName = (url) => String(url ?? "").split(/[?#]/)[0].split("/").pop() || "a file";

  // A module (or a dependency of it) that fails to download fires "error" at its script element;
  // it does not bubble, so listen while it is captured.
  addEventListener(
    "error",
    (event) => {
      const el = event.target;
      if (el instanceof HTMLScriptElement) {
        pageFailed(`The page could not load all of its files (${fileName(el.src)} or a file it needs). Check your connection and reload the page.`);
      }
    },
    true,
  );
  // A module that downloads but fails to run reports an uncaught error on the window.
  addEventListener("error", (event) => {
    if (event instanceof ErrorEvent && event.filename) {
      pageFailed(`The page could not start: ${event.message} (${fileName(event.filename)}). Reload the page to try again.`);
    }
  });
})();
