// The page's side of the Python worker (worker.js): one promise per call. Requests are the bridge's
// JSON objects ({op: "state", game, ...}); answers are the bridge's objects, and a bridge error
// ({error: {type, message}}) rejects with an EngineError of that type. Several boards share one worker.

export class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.name = "EngineError";
    this.type = type; // the Python error class (PositionError, IllegalMoveError...), or LoadError
  }
}

/** An engine on a new worker, or on `worker` if given (one already started, see sharedEngine). */
export function createEngine(worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" })) {
  const pending = new Map();
  const progressListeners = new Set();
  let nextId = 1;
  let nextSearch = 1;
  let stage = "Starting";
  let failure = null;
  let started = false;
  let settle;
  const ready = new Promise((resolve, reject) => (settle = { resolve, reject }));
  ready.catch(() => {}); // callers see the failure through ready or call()

  function fail(message) {
    if (failure) return;
    failure = new EngineError("LoadError", message);
    settle.reject(failure);
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  }

  const onMessage = ({ data }) => {
    if (data.type === "progress") {
      stage = data.stage;
      for (const listener of progressListeners) listener(stage);
    } else if (data.type === "ready") {
      started = true;
      settle.resolve();
    } else if (data.type === "failed") {
      fail(data.message);
    } else {
      const call = pending.get(data.id);
      if (!call) return;
      pending.delete(data.id);
      if (data.error !== undefined) return call.reject(new EngineError("WorkerError", data.error));
      const answer = JSON.parse(data.response);
      if (answer.error) call.reject(new EngineError(answer.error.type, answer.error.message));
      else call.resolve(answer);
    }
  };
  // A module worker that cannot load (worker.js or pyodide.mjs missing) only fires a bare error event.
  const onError = (event) => {
    event.preventDefault();
    if (started) fail(`the Python worker stopped${event.message ? `: ${event.message}` : ""}; reload the page to play on`);
    else fail(`could not start the Python worker${event.message ? `: ${event.message}` : " (its script failed to load)"}`);
  };
  for (const event of worker.early ?? []) (event.type === "error" ? onError : onMessage)(event);
  worker.onmessage = onMessage;
  worker.onerror = onError;

  return {
    /** Resolves once Python answers requests; rejects with an EngineError("LoadError") if it cannot start. */
    ready,
    /** The current start-up stage, for a loading message. */
    get stage() {
      return stage;
    },
    /** Call fn(stage) on each start-up stage. */
    onProgress(fn) {
      progressListeners.add(fn);
    },
    /** Send one bridge request; resolves with its answer. */
    call(request) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, request: JSON.stringify(request) });
      });
    },
    /**
     * Start an AI search for `request` (a bridge "think" request without `id`): returns
     * {result, cancel}. `result` resolves with the finished answer ({best, score, depth, ...}), or
     * null once cancelled. The search runs in slices, one request each, so messages sent meanwhile
     * (a cancel, another board's request) are answered between slices.
     */
    think(request, sliceMs = 50) {
      const id = `search-${nextSearch++}`; // one engine per worker, so unique among its boards
      let cancelled = false;
      const result = (async () => {
        let answer = await this.call({ ...request, op: "think", id, slice_ms: sliceMs });
        while (!answer.done && !cancelled) answer = await this.call({ op: "think-more", id, slice_ms: sliceMs });
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
    /** Stop the worker. */
    terminate() {
      worker.terminate();
      fail("the Python worker was stopped");
    },
  };
}

let shared = null;

/**
 * The page's one engine, shared by every board on the page: on the worker the page started early
 * (`window.kingsAndSoldiersWorker`, see index.html) if there is one, else on a new worker.
 */
export function sharedEngine() {
  shared ??= createEngine(globalThis.kingsAndSoldiersWorker ?? undefined);
  return shared;
}
