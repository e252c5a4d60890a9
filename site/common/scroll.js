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
