// The page's side of the Python worker (worker.js): one promise per call. Requests are the bridge's
// JSON objects ({op: "state", game, ...}); answers are the bridge's objects, and a bridge error
// ({error: {type, message}}) rejects with an EngineError of that type. Several boards share one worker.
//
// The worker is not trusted to stay alive: a worker that is terminated or closes itself sends no
// event at all, so a quiet worker is pinged, and one that does not answer (or whose Python broke)
// is replaced by a new one. Calls in flight then reject with an EngineError("WorkerLost"), and
// onLost listeners are told, so the page can say so and carry on with its game.

import { checkAnswer } from "./answers.js";
import { createOpenings, mayBePrepared } from "./prepared.js";

class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.name = "EngineError";
    // The bridge's error class (PositionError, IllegalMoveError, ...), or one of the page's own:
    // LoadError (Python could not start), WorkerError (a call failed in the worker), WorkerLost.
    this.type = type;
  }
}

const QUIET_MS = 2000; // ask a worker that has said nothing for this long whether it is alive
const IDLE_DEAD_MS = 4000; // a worker with no call to answer replies to a ping at once
const BUSY_DEAD_MS = 30000; // a worker inside a long Python call replies once the call is done
const RESTARTS_PER_MINUTE = 3; // more than this and the engine gives up (something keeps killing it)
/**
 * What every search for analysis asks beside its budget (Hint, the evaluation bar, the analysis
 * board, the review): a draw is worth 0 to the side searched for, so a draw reads as one. The
 * computer as an opponent keeps the bridge's default contempt and plays on rather than settle.
 */
export const ANALYSIS = { contempt: 0 };
/** Slice of the worker's time per request of an analysis search (think): the longest a new position waits for the old search. */
export const SLICE_MS = 100;
/** What a view says while it waits for Python (a first visit plays the opening before it is ready). */
const WAITING_TEXT = "Waiting for the engine: Python is still loading…";
const BUSY_RETRY_MS = 250; // a search refused because many are running asks again after this
const DOWNLOAD_RETRY_MS = 15_000; // Python's download broke off: tried again then, or once back online
/** A search's first slice, if it was asked for before Python was ready (see think). */
const FIRST_SLICE_MS = 10;

// Named from the site's top ("../"), as every address made from import.meta.url is: the build bundles
// this module into a file one folder down, not necessarily this folder (build.py's bundle()).
const newWorker = () => new Worker(new URL("../engine/worker.js", import.meta.url), { type: "module" });
const isObject = (value) => value !== null && typeof value === "object";

/** An engine on a new worker, or on `first` if given (one already started, see sharedEngine). */
function createEngine(first = null, makeWorker = newWorker) {
  const pending = new Map();
  const progressListeners = new Set();
  const lostListeners = new Set();
  let nextId = 1;
  let nextSearch = 1;
  const openings = createOpenings(); // the answers prepared at build time, for a first visit (prepared.js)
  let worker = null;
  let stage = "Downloading Python"; // the worker's own first word: its script and the runtime are on their way
  let failure = null;
  let started = false;
  let settle = null;
  let ready = null;
  let startedFrom = null;
  let lastHeard = 0;
  let pingSentAt = null;
  const restarts = [];

  // Whether the browser says it is offline: a download that failed then is tried again once it is
  // back; one that failed online (the host refused it) is an error to report.
  const offline = () => globalThis.navigator?.onLine === false;
  // A first visit: no service worker controls the page yet (later visits restore Python in a moment).
  const firstVisit = () => !globalThis.navigator?.serviceWorker?.controller;

  function rejectPending(error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  // Python could not start (or keeps dying): every call from now on fails with this.
  function fail(message) {
    if (failure) return;
    failure = new EngineError("LoadError", message);
    settle.reject(failure);
    rejectPending(failure);
  }

  // The worker died after it had started: replace it, and tell the page.
  function lost(reason) {
    if (failure) return;
    const now = performance.now();
    while (restarts.length && now - restarts[0] > 60000) restarts.shift();
    rejectPending(new EngineError("WorkerLost", `the rules engine stopped (${reason})`));
    worker.terminate();
    if (restarts.length >= RESTARTS_PER_MINUTE) {
      started = false;
      settle.reject((failure = new EngineError("LoadError", `the rules engine keeps stopping (${reason}); reload the page`)));
      for (const listener of lostListeners) listener(failure);
      return;
    }
    restarts.push(now);
    attach(makeWorker());
    for (const listener of lostListeners) listener(new EngineError("WorkerLost", reason));
  }

  function onMessage(from, data) {
    if (from !== worker) return; // a replaced worker's last words
    lastHeard = performance.now();
    pingSentAt = null;
    if (!isObject(data)) return;
    if (data.type === "progress" && typeof data.stage === "string") {
      if (started || failure) return; // a late stage (a download finishing after the start failed) changes nothing
      stage = data.stage;
      for (const listener of progressListeners) listener(stage);
    } else if (data.type === "ready") {
      started = true;
      startedFrom = ["snapshot", "shipped"].includes(data.start) ? data.start : "plain";
      settle.resolve();
    } else if (data.type === "failed") {
      if (started) lost(String(data.message));
      else if (data.brokeOff === true && offline()) downloadAgainLater(); // the connection dropped: not the host's refusal
      else fail(String(data.message));
    } else if (data.type === "broken") {
      lost(`Python failed: ${String(data.message).slice(0, 200)}`);
    } else if (pending.has(data.id)) {
      const call = pending.get(data.id);
      pending.delete(data.id);
      call.settle(data);
    }
  }

  // A module worker that cannot load (worker.js or pyodide.mjs missing) only fires a bare error event.
  function onError(from, event) {
    event.preventDefault?.();
    if (from !== worker) return;
    const detail = event.message ? `: ${event.message}` : "";
    if (started) lost(`the worker stopped${detail}`);
    else if (offline()) downloadAgainLater(); // its script did not arrive: the connection dropped
    else fail(`could not start the Python worker${detail || " (its script failed to load)"}`);
  }

  // Python's download broke off before it started: the page goes on with what it has (a first
  // visit's prepared opening), and a new worker downloads it again once the connection is back (or
  // in a while: the browser does not always say). The calls sent meanwhile go to the new worker.
  function downloadAgainLater() {
    worker.terminate();
    stage = "Waiting for the connection to download Python";
    for (const listener of progressListeners) listener(stage);
    const retry = () => {
      removeEventListener("online", retry);
      clearTimeout(timer);
      attach(makeWorker(), { again: true });
      for (const [id, { message }] of pending) worker.postMessage({ id, request: message });
    };
    addEventListener("online", retry);
    const timer = setTimeout(retry, DOWNLOAD_RETRY_MS);
  }

  // `again`: the same start, tried again: whoever waits for `ready` goes on waiting for this worker.
  function attach(next, { again = false } = {}) {
    worker = next;
    started = false;
    startedFrom = null;
    stage = firstVisit() ? "Downloading Python" : "Starting Python"; // a later visit has the runtime stored (worker.js says which)
    if (!again) {
      ready = new Promise((resolve, reject) => (settle = { resolve, reject }));
      ready.catch(() => {}); // callers see the failure through ready or call()
    }
    lastHeard = performance.now();
    pingSentAt = null;
    for (const event of next.early ?? []) {
      if (event.type === "error") onError(next, event);
      else onMessage(next, event.data);
    }
    next.onmessage = (event) => onMessage(next, event.data);
    next.onerror = (event) => onError(next, event);
  }

  // Once started, a worker must answer: a quiet one is pinged, and one that stays silent is lost.
  function watch() {
    if (!started || failure) return;
    const now = performance.now();
    if (pingSentAt === null) {
      if (now - lastHeard < QUIET_MS) return;
      pingSentAt = now;
      worker.postMessage({ ping: true });
    } else if (now - pingSentAt > (pending.size ? BUSY_DEAD_MS : IDLE_DEAD_MS)) {
      lost("it stopped answering");
    }
  }
  setInterval(watch, 500);

  attach(first ?? makeWorker());

  // An answer of the wrong shape is the worker's failure, said as one (the views show it; the game stays).
  function checked(request, answer) {
    try {
      return checkAnswer(request, answer);
    } catch (error) {
      throw new EngineError("WorkerError", error.message);
    }
  }

  // A worker's answer to a call, checked: it must be the bridge's JSON text of an object.
  function readAnswer(data) {
    if (data.error !== undefined) throw new EngineError("WorkerError", String(data.error));
    if (typeof data.response !== "string") throw new EngineError("WorkerError", "the rules engine sent no answer");
    let answer;
    try {
      answer = JSON.parse(data.response);
    } catch {
      throw new EngineError("WorkerError", "the rules engine sent an answer that could not be read");
    }
    if (!isObject(answer)) throw new EngineError("WorkerError", "the rules engine sent an answer that could not be read");
    if (isObject(answer.error)) throw new EngineError(String(answer.error.type), String(answer.error.message));
    return answer;
  }

  return {
    /** Resolves once Python answers requests; rejects with an EngineError("LoadError") if it cannot start. */
    get ready() {
      return ready;
    },
    /** How Python started: "shipped" (restored from the snapshot the build made: a first visit),
     * "snapshot" (from the one this browser keeps: a later visit) or "plain"; null until ready. */
    get startedFrom() {
      return startedFrom;
    },
    /** The current start-up stage, for a loading message. */
    get stage() {
      return stage;
    },
    /** `text` (what the engine is doing) once Python is ready; until then, that it is still loading. */
    working(text) {
      return startedFrom ? text : WAITING_TEXT;
    },
    /** Call fn(stage) on each start-up stage. */
    onProgress(fn) {
      progressListeners.add(fn);
    },
    /** Call fn(error) when the worker died and was replaced (or, with a LoadError, given up on). */
    onLost(fn) {
      lostListeners.add(fn);
    },
    /**
     * Load the answers prepared at build time for `game`'s opening (prepared.js): until Python is
     * ready, a request they answer exactly is answered from them. Resolves with whether there are
     * any (a missing or damaged file: none, so every request waits for Python).
     */
    prepare: (game) => openings.load(game),
    /**
     * Resolves when a game of `record` can be played; rejects if Python cannot start. On a first
     * visit (no service worker in control yet: later visits restore Python in a moment), a game of
     * the standard rules from its start is playable at once from the answers prepared at build time,
     * if they are there; anything else waits for Python.
     */
    whenPlayable(record) {
      const opening = firstVisit() && record && !record.variant && !record.start ? this.prepare(record.game) : null;
      return opening ? Promise.race([ready, opening.then((any) => (any ? null : ready))]) : ready;
    },
    /** Send one bridge request; resolves with its answer. */
    call(request) {
      if (failure) return Promise.reject(failure);
      if (!started && mayBePrepared(request)) {
        // Another game chosen on a first visit: its opening's answers are loaded first (not Python awaited).
        if (firstVisit()) openings.load(request.game);
        return openings
          .answer(request)
          .then((answer) => (answer ? checked(request, answer) : this.ask(request)));
      }
      return this.ask(request);
    },
    /** Send one bridge request to Python (call() answers from the prepared opening first). */
    ask(request) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const settleCall = (data) => {
          try {
            resolve(checked(request, readAnswer(data)));
          } catch (error) {
            reject(error);
          }
        };
        const message = JSON.stringify(request);
        pending.set(id, { settle: settleCall, reject, message });
        worker.postMessage({ id, request: message });
      });
    },
    /**
     * Start an AI search for `request` (a bridge "think" request without `id`): returns
     * {result, cancel}. `result` resolves with the finished answer ({best, score, depth, ...}), or
     * null once cancelled. The search runs in slices, one request each, so messages sent meanwhile
     * (a cancel, another board's request) are answered between slices. `onSlice(answer)`, if
     * given, sees each unfinished slice's answer (what the search has found so far).
     */
    think(request, sliceMs = 50, onSlice = null) {
      const id = `search-${nextSearch++}`; // one engine per worker, so unique among its boards
      // A search asked for before Python is ready is the first thing Python does once it is, and
      // the questions asked meanwhile (the game being opened) wait behind its first slice: a short one.
      const firstSliceMs = started ? sliceMs : Math.min(sliceMs, FIRST_SLICE_MS);
      let cancelled = false;
      const result = (async () => {
        let answer = null;
        while (!answer && !cancelled) {
          answer = await this.call({ ...request, op: "think", id, slice_ms: firstSliceMs }).catch(async (error) => {
            // The worker is thinking for many boards already: none is dropped, so this one waits its turn.
            if (!(error instanceof EngineError && error.type === "BusyError")) throw error;
            await new Promise((resume) => setTimeout(resume, BUSY_RETRY_MS));
            return null;
          });
        }
        while (answer && !answer.done && !cancelled) {
          onSlice?.(answer);
          answer = await this.call({ op: "think-more", id, slice_ms: sliceMs });
        }
        if (!cancelled && typeof answer.best !== "string") throw new EngineError("WorkerError", "the computer's search ended without a move");
        return cancelled ? null : answer;
      })().catch((error) => {
        if (cancelled) return null; // a cancelled search's error is no one's concern
        throw error;
      });
      return {
        result,
        cancel: () => {
          if (cancelled) return;
          cancelled = true;
          this.call({ op: "think-cancel", id }).catch(() => {}); // already finished or gone: nothing to drop
        },
      };
    },
    /** Stop the worker for good. */
    terminate() {
      worker.terminate();
      fail("the Python worker was stopped");
    },
  };
}

let shared = null;

/**
 * The page's one engine, shared by every board on the page: on the worker the page started early
 * (`window.kingsAndSoldiersWorker`, see start.js) if there is one, else on a new worker.
 */
export function sharedEngine() {
  shared ??= createEngine(globalThis.kingsAndSoldiersWorker ?? null);
  return shared;
}
