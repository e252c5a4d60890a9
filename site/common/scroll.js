// The page scrolls only when the person scrolls it: a list that follows what is shown (the current
// move) scrolls inside itself. `scrollIntoView` would scroll every scrolling box around the item,
// the window too (on a phone a few hundred pixels per move, taking the board off the screen).

/** Scroll `list` (a scrolling box) just enough to show `item`, one of its descendants. */
export function scrollWithin(list, item) {
  const box = list.getBoundingClientRect();
  const { top, bottom } = item.getBoundingClientRect();
  if (top < box.top) list.scrollTop -= box.top - top;
  else if (bottom > box.bottom) list.scrollTop += Math.min(bottom - box.bottom, top - box.top);
}

const followed = new WeakSet();

/** Keep the item of `list` marked aria-current in sight when the list's height changes (the window
 *  resized, a note above it taking room): the browser keeps the scroll offset, not what was shown. */
export function followCurrent(list) {
  if (followed.has(list)) return;
  followed.add(list);
  new ResizeObserver(() => {
    const item = list.querySelector("[aria-current]");
    if (item) scrollWithin(list, item);
  }).observe(list);
}
