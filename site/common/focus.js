// Where the keyboard's focus goes when the control that has it stops being one: « at the first
// move, Undo with nothing left to undo, "Next puzzle" once the next puzzle is open, a message's
// Undo once the message goes. The browser drops the focus to the page's <body> (no focus ring; a
// screen reader loses its place); this puts it on the nearest control still usable instead: the
// same control once it is usable again (a view's controls wait while it works: html[data-busy]),
// else the nearest in the page's order among its neighbours (its group, then the group's, up to its
// view), and from a message that went, the control that was in use when it came (the Delete its
// Undo is about). A view hidden as a whole (another shown) keeps nothing: the new view is read anew.

const CONTROLS = "button, a[href], summary, select, input:not([type=hidden]), textarea, [tabindex='0']";
const WAIT_MS = 10_000; // a control that stays out of use this long (a long search): given up

const returnTo = new WeakMap(); // a message's box -> the control in use when it came
let lost = null; // {element, chain (its ancestors when it lost the focus), whole (usable then), since}

/** A control the keyboard can use now: in the page, enabled, shown. */
const usable = (element) =>
  element?.isConnected &&
  !element.disabled &&
  element.getAttribute("aria-disabled") !== "true" &&
  !element.closest("[hidden], [inert], fieldset[disabled]") &&
  (element.checkVisibility?.({ visibilityProperty: true }) ?? true);

/** Remember the control in use now as the one `box` (a message about it) gives the focus back to. */
export function returnFocusFrom(box) {
  const active = document.activeElement;
  // The focus just dropped (Delete's own entry removed before its note came): that control.
  const inUse = active && active !== document.body ? active : lost?.element;
  if (inUse) returnTo.set(box, inUse);
}

// The same control drawn again (a list rendered anew, as Your games is after an Undo): a usable
// one in `within` with the removed one's name, or null.
function drawnAgain(within, element) {
  const name = element.isConnected ? null : element.getAttribute("aria-label");
  return name ? ([...within.querySelectorAll(CONTROLS)].find((c) => c.getAttribute("aria-label") === name && usable(c)) ?? null) : null;
}

// The usable control nearest `element` in `within`'s order (ties: the one after it), or null.
function nearestIn(within, element) {
  const all = [...within.querySelectorAll(CONTROLS)];
  const at = all.indexOf(element);
  if (at < 0) return all.find((c) => c !== element && usable(c)) ?? null;
  for (let d = 1; d < all.length; d++) {
    for (const c of [all[at + d], all[at - d]]) if (c && usable(c)) return c;
  }
  return null;
}

function settle() {
  if (!lost) return;
  const { element, chain, whole, since } = lost;
  const active = document.activeElement;
  // Usable when the focus left and still in the page: the person clicked beside it (no loss).
  if ((active && active !== document.body) || (whole && element.isConnected) || performance.now() - since > WAIT_MS) {
    lost = null; // the person went on elsewhere, or it is too late to help
    return;
  }
  // The view is working, or the control itself waits for its answer (Hint): wait.
  if (document.documentElement.hasAttribute("data-busy") || element.getAttribute("aria-busy") === "true") return;
  const view = chain.find((e) => e.matches("main, header, footer, dialog")) ?? document.body;
  if (!view.isConnected || view.closest("[hidden]")) {
    lost = null; // the whole view went
    return;
  }
  let target = usable(element) ? element : drawnAgain(view, element);
  for (const box of chain) {
    if (target) break;
    const back = returnTo.get(box);
    if (back) target = usable(back) ? back : (drawnAgain(view, back) ?? nearestIn(view, back));
  }
  for (const group of chain.slice(1)) {
    if (target || group === view.parentElement) break;
    if (group.isConnected && !group.closest("[hidden]")) target = nearestIn(group, element);
  }
  if (!target) return; // nothing usable yet: the next change of the page tries again
  lost = null;
  target.focus({ preventScroll: true }); // the page never scrolls by itself
}

/** Once, for the whole page: keep the focus on a control when the one that has it goes out of use. */
export function keepFocusOnControls() {
  document.addEventListener("focusout", (event) => {
    const element = event.target;
    // Focus going to another element, or the window losing it (the element keeps it), is no loss.
    if (event.relatedTarget || !(element instanceof Element) || !element.matches(CONTROLS)) return;
    const chain = [];
    for (let e = element; e; e = e.parentElement) chain.push(e);
    // A control being removed is still in the page, and usable, as the focus leaves it.
    lost = { element, chain, whole: usable(element), since: performance.now() };
    setTimeout(settle);
  });
  document.addEventListener("focusin", () => {
    lost = null;
  });
  new MutationObserver(() => {
    if (lost) setTimeout(settle);
  }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled", "hidden", "data-busy", "aria-disabled", "aria-busy"] });
}
