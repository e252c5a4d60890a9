// games.json, written by build.py from the rules engine: the games, their variants, and for each
// game and variant its fixed facts (`info`) and start state, so a board is drawn before Python starts.

let loading = null;

/** The catalog: {games: [{id, title, variants}], boards: {key: {info, state}}}. */
export function catalog() {
  loading ??= fetch(new URL("./games.json", import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`could not download games.json (HTTP ${response.status})`);
    return response.json();
  });
  return loading;
}

/** The catalog key of a game and variant: "lilypad", "lilypad:invisible-city". */
export const boardKey = (game, variant) => (variant ? `${game}:${variant}` : game);
