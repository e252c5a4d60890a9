// Answers Python prepared when the site was built (pygame_rules/prepared.py writes prepared/<game>.txt.gz and
// <game>-more.txt.gz, what the first moves need and the rest): the
// bridge's own answers to the questions a page asks in a game's first moves, so that a first visit
// plays the opening while Python still downloads. Nothing here computes a rule: a question is
// answered only if its answer was prepared, word for word; anything else waits for Python.
//
// A file is its body's SHA-256 on the first line, then the body (JSON): a damaged, missing or
// unreadable file answers nothing, so the page waits for Python and never plays a wrong move.

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** The fields each op may have for a prepared answer to fit it; a request with any other waits for Python. */
const FIELDS = {
  state: ["op", "game", "variant", "start", "moves"],
  play: ["op", "game", "variant", "start", "moves", "move"],
  think: ["op", "game", "variant", "start", "moves", "level", "id", "slice_ms"],
};

/** Whether `request` is a question prepared answers may answer (the rest go to Python). */
export const mayBePrepared = (request) => isObject(request) && Object.hasOwn(FIELDS, request.op) && typeof request.game === "string";

/** The key of a line of moves, as pygame_rules/prepared.py writes it. */
const lineKey = (moves) => JSON.stringify(moves);

/** A file's text read as prepared answers of `game`, or null if it is not exactly that. */
export async function readPrepared(text, game) {
  if (typeof text !== "string") return null;
  const newline = text.indexOf("\n");
  if (newline !== 64) return null;
  const body = text.slice(newline + 1);
  if (hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body))) !== text.slice(0, 64)) return null;
  let answers;
  try {
    answers = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isObject(answers) || answers.game !== game || !isObject(answers.states) || !isObject(answers.replies)) return null;
  return answers;
}

/** The parts of a game's prepared answers, in the order they are needed (pygame_rules/prepared.py's split). */
const PARTS = ["", "-more"];

/** The site's folder (this module is in its engine/ folder); prepared/ is at its top, where build.py writes it. */
const SITE = new URL("../", import.meta.url).href;

/** The bytes of part `part` of the prepared answers of `game` from the site's folder (`base`), or null (never throws). */
export async function fetchPrepared(game, part = "", base = SITE) {
  try {
    const response = await fetch(new URL(`./prepared/${encodeURIComponent(game)}${part}.txt.gz`, base));
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** Fetched `bytes` (or null) read as prepared answers of `game`, or null (never throws). */
export async function unpackPrepared(bytes, game) {
  if (!bytes) return null;
  try {
    // Gzipped by the build; a host that sends it with Content-Encoding: gzip has unzipped it already.
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    }
    return await readPrepared(new TextDecoder("utf-8", { fatal: true }).decode(bytes), game);
  } catch {
    return null;
  }
}

/**
 * The prepared answer to `request` in `answers` (a game's, see readPrepared), a copy; or null
 * when none was prepared for exactly this question. `pick(n)` chooses among n replies (random).
 */
export function preparedAnswer(answers, request, pick = (n) => Math.floor(Math.random() * n)) {
  if (!answers || !isObject(request) || !Object.hasOwn(FIELDS, request.op)) return null;
  if (!Object.keys(request).every((name) => FIELDS[request.op].includes(name) || request[name] === undefined)) return null;
  if (request.game !== answers.game || request.variant != null || request.start != null) return null;
  const { moves } = request;
  if (!Array.isArray(moves) || !moves.every((m) => typeof m === "string")) return null;
  const found = (table, key) => (Object.hasOwn(table, key) ? table[key] : null);
  if (request.op === "state") return copy(found(answers.states, lineKey(moves)));
  if (request.op === "play") {
    // The bridge answers "play" as "state" with the move appended (the unit test checks it).
    return typeof request.move === "string" ? copy(found(answers.states, lineKey([...moves, request.move]))) : null;
  }
  const replies = found(answers.replies, lineKey(moves));
  const choices = replies && Object.hasOwn(replies, String(request.level)) ? replies[String(request.level)] : null;
  if (!Array.isArray(choices) || !choices.length) return null;
  return { ...(request.id === undefined ? {} : { id: request.id }), done: true, best: choices[pick(choices.length)], prepared: true };
}

const copy = (answer) => (answer === null ? null : JSON.parse(JSON.stringify(answer)));

/**
 * A page's prepared openings, game by game (the engine asks them until Python is ready):
 * `load(game)` downloads both parts of its answers at once and reads the first (the small one the
 * first moves need), resolving with whether there are any; `loaded(game)` says whether it was asked
 * for; `answer(request)` resolves with the prepared answer, or null (the rest, megabytes of JSON in
 * the Lion Game, is read only once a question needs it or the first move is played, so that
 * reading it never holds up the first move). `fetchPart(game, part)` gives a part's bytes.
 */
export function createOpenings(fetchPart = fetchPrepared) {
  const loading = new Map(); // game -> a promise of whether it has answers
  const known = new Map(); // game -> its answers read so far
  const unread = new Map(); // game -> {read(), reading}: the rest of its answers, until read

  // Each part answers once it is read.
  const add = (game) => (answers) => {
    if (!answers) return false;
    const held = known.get(game);
    if (held) Object.assign(held.states, answers.states);
    else known.set(game, answers);
    return true;
  };
  // The rest of `game`'s answers read (once): a promise, or null if nothing is left to read.
  const readRest = (game) => {
    const rest = unread.get(game);
    if (!rest) return null;
    rest.reading ??= rest.read().then(() => unread.delete(game));
    return rest.reading;
  };

  return {
    loaded: (game) => loading.has(game),
    load(game) {
      if (!loading.has(game)) {
        const [first, ...rest] = PARTS.map((part) => fetchPart(game, part));
        loading.set(game, first.then((bytes) => unpackPrepared(bytes, game)).then(add(game)));
        unread.set(game, { read: () => Promise.all(rest.map((bytes) => bytes.then((b) => unpackPrepared(b, game)).then(add(game)))), reading: null });
      }
      return loading.get(game);
    },
    async answer(request) {
      if (!mayBePrepared(request)) return null;
      // Its first part read, if it is on its way (a question can come while it downloads: a game
      // chosen just as its opening was asked for; the rest may arrive before it).
      await loading.get(request.game);
      const found = preparedAnswer(known.get(request.game), request);
      if (found) {
        if (request.op === "play") void readRest(request.game); // the first move played reads the rest, for the second
        return found;
      }
      const rest = readRest(request.game);
      if (!rest) return null;
      await rest;
      return preparedAnswer(known.get(request.game), request);
    },
  };
}
