// The Python worker: starts Pyodide with our wheel, then answers {id, request} messages with
// {id, response}, where request and response are the JSON texts of pygame_rules.bridge.handle.
// It also posts {type: "progress" | "ready" | "failed"} while starting, so the page can say what
// it waits for, and what went wrong; "ready" says how Python started (start: "snapshot" | "shipped"
// | "plain"). A later visit restores Python from this build's memory snapshot, kept in Cache Storage
// (warmstart.js), in well under a second; a first visit restores it from the copy the build made,
// downloaded beside the runtime, and keeps it; if neither can be had, Python starts the plain way
// and takes a snapshot for next time on the way.

import { loadPyodide } from "../pyodide/pyodide.mjs";
import {
  dropSnapshot, haveSnapshots, PACKAGE, PACKAGES_URL, PLACES, readSnapshot, restore, shippedSnapshot, snapshotKey, startWithSnapshot,
  storeSnapshot,
} from "./warmstart.js";

const say = (message) => postMessage(message);

// Every download names its file when it fails (Pyodide's own errors say only "Failed to fetch").
// The runtime's and the wheel's files lie in folders named by their version or hash
// (pyodide/<name>/), so what the site's cache holds at such an address is that very file: it is
// read from Cache Storage here. Through the service worker, the 9.6 MB wasm took about 40 ms more.
const download = globalThis.fetch.bind(globalThis);
const keptForGood = (url) => url.startsWith(PACKAGES_URL) && url.slice(PACKAGES_URL.length).includes("/");
async function kept(url) {
  try {
    const response = globalThis.caches && keptForGood(url) ? await caches.match(url) : undefined;
    return response?.ok ? response : undefined;
  } catch {
    return undefined; // no Cache Storage here (a private window): downloaded
  }
}
let brokeOff = false; // a download failed on the way (offline, a dropped connection), not by the host's answer
globalThis.fetch = async (resource, options) => {
  const url = String(resource?.url ?? resource);
  const name = url.split("/").pop();
  let response;
  try {
    response = (await kept(url)) ?? (await download(resource, options));
  } catch (error) {
    brokeOff = true;
    throw new Error(`could not download ${name}: ${error.message}`);
  }
  if (!response.ok) throw new Error(`could not download ${name} (HTTP ${response.status})`);
  return response;
};

// Pyodide swallows a failed wasm download or compile: it warns, leaves a promise rejected
// unhandled, and never settles. Both signs end the start-up attempt in progress with an error
// instead of a hang.
let failAttempt = null;
const warn = console.warn.bind(console);
console.warn = (...args) => {
  if (String(args[0]).includes("wasm instantiation failed")) {
    const detail = args.slice(1).map(String).join(" ").trim();
    failAttempt?.(new Error(`could not start the Python runtime (pyodide.asm.wasm)${detail && `: ${detail}`}`));
  }
  warn(...args);
};
addEventListener("unhandledrejection", (event) => {
  if (!failAttempt) return;
  event.preventDefault(); // reported to the page instead
  failAttempt(new Error(`could not start the Python runtime: ${event.reason?.message ?? event.reason}`));
});

/** `starting` (a promise of Pyodide), or its failure as an error; `ms` limits the wait. */
function attempt(starting, ms = 0) {
  const failed = new Promise((_, reject) => {
    failAttempt = reject;
    if (ms) setTimeout(() => reject(new Error(`no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([failed, starting]).finally(() => (failAttempt = null));
}

// A later visit: Python restored from this build's snapshot (warmstart.js), or null. Any failure
// (none stored, damaged, another build's, a RangeError) means a plain start, with a warning at most.
async function warmStart(lockFileContents, quiet) {
  let key = null;
  try {
    if (!(await haveSnapshots())) return null;
    key = snapshotKey(await lockFileContents);
    const snapshot = await readSnapshot(key);
    if (!snapshot) return null;
    say({ type: "progress", stage: "Starting Python" });
    const handle = engineOf(await attempt(restore(lockFileContents, snapshot, quiet), 30000));
    snapshotKeyInUse = key;
    startedFrom = "snapshot";
    return handle;
  } catch (error) {
    warn("warm start failed:", error?.message ?? error);
    if (key) await dropSnapshot(key);
    return null;
  }
}

/** The bridge's handle of a restored Python, once it has answered a first question. */
function engineOf(pyodide) {
  const handle = pyodide.pyimport("pygame_rules.bridge").handle;
  if (!JSON.parse(handle(JSON.stringify({ op: "games" }))).games?.length) throw new Error("the restored engine lists no games");
  return handle;
}

// A first visit (or the first after a deploy): Python restored from the snapshot the build made,
// downloaded while the runtime downloads (no time limit: a slow link is no failure), and stored
// for later visits once Python has answered the page. Any failure means a plain start.
async function shippedStart(lockFileContents, quiet) {
  try {
    const snapshot = Promise.resolve(lockFileContents).then(shippedSnapshot);
    let restoring = true;
    snapshot.then(() => restoring && say({ type: "progress", stage: "Starting Python" }), () => {}); // a failure: reported by the restore
    const handle = engineOf(await attempt(restore(lockFileContents, snapshot, quiet)).finally(() => (restoring = false)));
    startedFrom = "shipped";
    setTimeout(async () => storeSnapshot(await lockFileContents, await snapshot));
    return handle;
  } catch (error) {
    warn("no snapshot from the build, starting Python the plain way:", error?.message ?? error);
    return null;
  }
}

async function plainStart(lockFileContents, quiet, stderr) {
  if (globalThis.caches) {
    try {
      const { pyodide, snapshot } = await attempt(startWithSnapshot(lockFileContents, quiet));
      // Stored once Python has answered the page (ready is said first): not in the way of the first moves.
      if (snapshot) setTimeout(async () => storeSnapshot(await lockFileContents, snapshot));
      return pyodide.pyimport("pygame_rules.bridge").handle;
    } catch (error) {
      warn("warm start: could not start Python for a snapshot, starting it the plain way:", error?.message ?? error);
    }
  }
  const pyodide = await attempt(
    loadPyodide({
      ...PLACES,
      lockFileContents,
      packages: [PACKAGE], // downloads while the interpreter boots
      ...quiet,
    }),
  );
  if (!pyodide.loadedPackages[PACKAGE]) {
    throw new Error(`could not load the rules engine (pygame-rules wheel): ${stderr.join(" ") || "unknown error"}`);
  }
  say({ type: "progress", stage: "Starting the rules engine" });
  return pyodide.pyimport("pygame_rules.bridge").handle;
}

let snapshotKeyInUse = null; // the stored snapshot this worker was restored from, if any
let startedFrom = "plain";

async function start() {
  // Said truly: offline, or after an update, the runtime comes from the site's cache, not the network.
  const stored = await kept(`${PLACES.indexURL}pyodide.asm.wasm`);
  say({ type: "progress", stage: stored ? "Starting Python" : "Downloading Python" });
  // Always revalidate the lock, so a cached old one never points at a wheel that is gone.
  const lockFileContents = fetch(`${PACKAGES_URL}pyodide-lock.json`, { cache: "no-cache" }).then((r) => r.json());
  lockFileContents.catch(() => {}); // a failure is reported by the start that awaits it
  const stderr = [];
  const quiet = { stdout: () => {}, stderr: (line) => stderr.push(line) };
  return (
    (await warmStart(lockFileContents, quiet)) ?? (await shippedStart(lockFileContents, quiet)) ?? (await plainStart(lockFileContents, quiet, stderr))
  );
}

const ready = start().then(
  (handle) => {
    say({ type: "ready", start: startedFrom });
    return handle;
  },
  (error) => {
    say({ type: "failed", message: error?.message ?? String(error), brokeOff });
    throw error;
  },
);
ready.catch(() => {}); // reported above; each request gets the error too

// Requests: {id, request} (a bridge request's JSON text); {ping} asks whether this worker is alive
// (answered at once when Python is idle, else as soon as its current call is done).
onmessage = async ({ data }) => {
  if (data?.ping) return postMessage({ type: "pong" });
  const { id, request } = data ?? {};
  let handle;
  try {
    handle = await ready;
  } catch (error) {
    return postMessage({ id, error: error?.message ?? String(error) });
  }
  let response;
  try {
    response = handle(String(request));
  } catch (error) {
    // The bridge answers every Python error itself, so a throw here means Python itself broke
    // (a fatal error, out of memory): this worker is of no more use, and the page replaces it. A
    // worker restored from a snapshot drops it, so its replacement starts the plain way.
    if (snapshotKeyInUse) await dropSnapshot(snapshotKeyInUse);
    postMessage({ type: "broken", message: error?.message ?? String(error) });
    return close();
  }
  postMessage({ id, response });
};
