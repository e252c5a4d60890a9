// The page's first script (a classic one, so it runs before the modules load):
// 1. Start Python at once: the worker downloads and boots it while the page loads. engine.js adopts
//    it, with the messages it sent before the page listened.
// 2. Report the page's own load failures: if app.js or a module it imports cannot be loaded or
//    run, nothing else would ever replace the loading spinner with a message.
"use strict";
(() => {
  const html = document.documentElement;
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
