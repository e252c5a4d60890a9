// Messages to the person, in the page's message area: errors (role=alert) and notes (role=status).
// A message may carry a text to copy out (damaged saved data), shown in a read-only box. A note
// ("downloaded", "deleted, Undo") is about the last thing done: it goes when the next message comes,
// or after a while (longer with an Undo; never while the pointer or the focus is on it). An error,
// and a note with a text to copy, stay until dismissed.

import { returnFocusFrom } from "./focus.js";

// Each view has its own message area: messages go to the one in view.
const area = () => [...document.querySelectorAll(".messages")].find((el) => !el.closest("[hidden]")) ?? document.getElementById("messages");

/**
 * Show `text`; `details` ({label, text}) adds a box with text the person can select and copy;
 * `action` ({label, run, name}) adds a button that runs once and closes the message (an Undo;
 * `name`, its name for screen readers where the view has a control of the same label).
 */
export function showMessage(text, { kind = "error", details = null, action = null } = {}) {
  // A note with a text to copy (a saved game this page cannot replay) stays: the text is the person's.
  for (const old of area().querySelectorAll(".message.note")) if (!old.querySelector("details")) old.remove();
  // The same error again (the same bad link opened twice) is said once, as the latest.
  for (const old of area().querySelectorAll(".message.error")) if (old.firstChild.textContent === text && !old.querySelector("details, .action")) old.remove();
  const box = document.createElement("div");
  box.className = `message ${kind}`;
  const p = document.createElement("p");
  p.textContent = text;
  // What is said is the message's words, not its buttons' ("Undo ×").
  p.setAttribute("role", kind === "error" ? "alert" : "status");
  const close = document.createElement("button");
  close.type = "button";
  close.className = "dismiss";
  close.setAttribute("aria-label", "Dismiss message");
  close.textContent = "×";
  close.onclick = () => box.remove();
  box.append(p);
  if (action) {
    const button = Object.assign(document.createElement("button"), { type: "button", className: "action", textContent: action.label });
    if (action.name) button.setAttribute("aria-label", action.name); // told apart from a control of the same label
    button.onclick = () => {
      box.remove();
      action.run();
    };
    box.append(button);
  }
  box.append(close);
  if (details) {
    const more = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = details.label;
    const copy = document.createElement("textarea");
    copy.readOnly = true;
    copy.rows = 3;
    copy.value = details.text;
    copy.setAttribute("aria-label", details.label);
    more.append(summary, copy);
    box.append(more);
  }
  area().append(box);
  returnFocusFrom(box); // its Undo or × used, the focus goes back to what it is about (common/focus.js)
  if (kind === "note" && !details) fadeLater(box, action ? NOTE_WITH_ACTION_MS : NOTE_MS);
  return box;
}

/**
 * The errors shown now in the message area in view, but those with a text to copy or a button (a
 * standing offer, like Show them): to remove (`.remove()`) once they are about a game no longer shown.
 */
export const errorsShown = () => [...area().querySelectorAll(".message.error")].filter((box) => !box.querySelector("details, .action"));

/** How long a note stays, in milliseconds (with an action such as Undo: longer). */
const NOTE_MS = 8000;
const NOTE_WITH_ACTION_MS = 20_000;

function fadeLater(box, ms) {
  const held = () => box.matches(":hover") || box.contains(document.activeElement);
  const timer = setInterval(() => {
    if (held()) return;
    clearInterval(timer);
    box.classList.add("fading");
    setTimeout(() => box.remove(), 400);
  }, ms);
}

/** An error as a person should read it: the engine's own words, or a plain summary of a bug. */
export function describeError(error) {
  if (error?.type === "InternalError") {
    console.warn("rules engine error:", error.message); // the details, for a bug report
    return "the rules engine failed unexpectedly (please report this)";
  }
  // Python names the position a move was refused in by its position string: a person needs the move and why.
  if (error?.type === "IllegalMoveError") return error.message.replace(/ in (?:'[^']*'|"[^"]*")(?: \([\d,]+ characters\))?(?=: )/, "");
  return error?.message ?? String(error);
}
