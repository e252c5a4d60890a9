// The editor's state: the game being set up, Python's description of its extra state, the set-up
// itself and Python's latest verdict on it; and the editor's hash, where a set-up lives in the
// address. Nothing here touches the page.

/** The palette's tool that clears squares (the other tools are piece letters). */
export const ERASER = "erase";

/** The editor's hash for a game, variant and (optionally) a position to start from. */
export function editorHash(game, variant = null, start = null) {
  const params = new URLSearchParams({ editor: game });
  if (variant) params.set("variant", variant);
  if (start) params.set("start", start);
  return `#${params}`;
}

/** What an editor hash asks: {game, variant, start} (each null if not named); null for any other hash. */
export function readEditorHash(hash) {
  const text = String(hash).replace(/^#/, "");
  if (text !== "editor" && !text.startsWith("editor=") && !text.startsWith("editor&")) return null;
  const params = new URLSearchParams(text);
  return { game: params.get("editor") || null, variant: params.get("variant") || null, start: params.get("start") || null };
}

/** The state with its defaults: nothing loaded, nothing set up. */
export function createEditorState() {
  return {
    data: null, // the catalog
    game: null,
    variant: null,
    info: null, // the catalog's fixed facts of game / variant
    fields: [], // Python's description of the extra state's form fields
    empty: null, // the empty board's set-up, from Python
    start: null, // the start position's set-up, from Python
    setup: null, // {board, turn, ...extra}: what is being set up
    tool: null, // a piece letter, or ERASER
    orientation: "normal",
    verdict: null, // Python's answer for the set-up shown: {position, problems, over}
    checks: 0, // the number of the latest check asked: older answers are dropped
    timer: null,
    opened: null, // the hash last opened, so going back to it keeps the work
  };
}
