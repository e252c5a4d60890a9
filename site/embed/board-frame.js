// board.html: one <ks-board> filling the page, for other sites to put in an <iframe> (a module
// worker must come from its page's own origin, so a playable board on another site lives in a
// frame served from here). Its attributes come from the address's fragment:
//
//   board.html#game=lilypad&position=...&players=computer&computer-side=g&level=2&controls=undo+new&id=a
//
// It posts each board event to the parent page as {source: "ks-board", type, id, ...} (embed.html
// lists the fields); `id` is echoed so a page with several frames can tell them apart.

import { quoteList } from "../common/words.js";
import "./ks-board.js";
import { ATTRIBUTES } from "./ks-board-attributes.js";
import { beforeReload } from "../common/takeover.js";

const EVENTS = ["ks-ready", "ks-move", "ks-end", "ks-error"];

const board = document.createElement("ks-board");
const main = document.querySelector("main");
main.append(board);
let frameId = "";

function apply() {
  const params = new URLSearchParams(location.hash.slice(1));
  const unknown = [...params.keys()].filter((k) => k !== "id" && !ATTRIBUTES.includes(k));
  document.querySelector(".error")?.remove();
  if (unknown.length) {
    const error = document.createElement("p");
    error.className = "error";
    error.setAttribute("role", "alert");
    error.textContent = `board.html: unknown setting ${quoteList(unknown)} (settings: id, ${ATTRIBUTES.join(", ")})`;
    main.append(error);
  }
  frameId = (params.get("id") ?? "").slice(0, 100);
  for (const name of ATTRIBUTES) {
    const value = params.get(name);
    if (value === null) board.removeAttribute(name);
    else if (board.getAttribute(name) !== value) board.setAttribute(name, value);
  }
}

// What a parent page gets: plain JSON data, never the element's objects.
const summaries = {
  "ks-ready": ({ state }) => ({ position: state?.position ?? null, turn: state?.turn ?? null, history: state?.history ?? [] }),
  "ks-move": ({ move, by, state }) => ({ move, by, position: state.position, turn: state.turn, history: state.history, result: state.result }),
  "ks-end": ({ result, resultText }) => ({ result, resultText }),
  "ks-error": ({ message }) => ({ message }),
};

if (window.parent !== window) {
  for (const type of EVENTS) {
    board.addEventListener(type, (event) => {
      // The target origin is "*": the data is the public game, and the embedding page is unknown.
      window.parent.postMessage({ source: "ks-board", type, id: frameId, ...summaries[type](event.detail) }, "*");
    });
  }
}

apply();
addEventListener("hashchange", apply);
// A new version of the site reloads this frame (takeover.js): the moves played go into the address
// first, so the game goes on where it was.
beforeReload(() => {
  const moves = board.state?.history;
  if (!moves?.length) return;
  const params = new URLSearchParams(location.hash.slice(1));
  params.set("moves", moves.join(" "));
  history.replaceState(history.state, "", `#${params}`);
});
