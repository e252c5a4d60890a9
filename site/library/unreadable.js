// Saved texts this page cannot read, found at start-up for the first time: they stay where they
// are, listed in Your games to copy out, download or delete. One message, however many there are.
// Told before the library's own modules load (`go("#library")` shows them).

import { capitalise } from "../game/game.js";
import { showMessage } from "../common/messages.js";

export function tellUnreadable(untold, go) {
  if (!untold.length) return;
  const [first] = untold;
  const text =
    untold.length === 1
      ? `${capitalise(first.what)} could not be read (${first.why}). It is kept as it is: Your games lists it, to copy out, download or delete; every other saved game is kept.`
      : `${untold.length} saved texts could not be read (the first: ${first.what}, ${first.why}). They are kept as they are: Your games lists them, to copy out, download or delete; every other saved game is kept.`;
  showMessage(text, { action: { label: "Show them", run: () => go("#library") } });
}
