// What the library does before its own modules load (app.js loads them late): the start-up message
// about saved texts this page cannot read, and record files dropped on the page.

import { capitalise } from "../common/words.js";
import { showMessage } from "../common/messages.js";

// Saved texts this page cannot read, found at start-up for the first time: they stay where they
// are, listed in Your games to copy out, download or delete. One message, however many there are.
export function tellUnreadable(untold, go) {
  if (!untold.length) return;
  const [first] = untold;
  const text =
    untold.length === 1
      ? `${capitalise(first.what)} could not be read (${first.why}). It is kept as it is: Your games lists it, to copy out, download or delete; every other saved game is kept.`
      : `${untold.length} saved texts could not be read (the first: ${first.what}, ${first.why}). They are kept as they are: Your games lists them, to copy out, download or delete; every other saved game is kept.`;
  showMessage(text, { action: { label: "Show them", run: () => go("#library") } });
}

// A record file dropped anywhere on the page is imported, even before the library's modules load
// (without this the browser would leave the site to show the file). `loadLibrary()` resolves to
// the library view.
export function importDroppedFiles(loadLibrary) {
  addEventListener("dragover", (e) => e.preventDefault());
  addEventListener("drop", (e) => {
    if (!e.dataTransfer?.files.length) return;
    e.preventDefault();
    const files = [...e.dataTransfer.files];
    loadLibrary().then(
      (view) => view.importFiles(files), // in turn: each saved, the last left on the board
      () => showMessage("The library could not be opened to import that file: a file of the site did not arrive."),
    );
  });
}
