// The Python worker: starts Pyodide with our wheel, then answers {id, request} messages with
// {id, response}, where request and response are the JSON texts of pygame_rules.bridge.handle.
// It also posts {type: "progress" | "ready" | "failed"} while starting, so the page can say what
// it waits for, and what went wrong.

import { loadPyodide } from "./pyodide/pyodide.mjs";

const indexURL = new URL("./pyodide/", import.meta.url).href;
const say = (message) => postMessage(message);

// Every download names its file when it fails (Pyodide's own errors say only "Failed to fetch").
const download = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (resource, options) => {
  const name = String(resource?.url ?? resource).split("/").pop();
  let response;
  try {
    response = await download(resource, options);
  } catch (error) {
    throw new Error(`could not download ${name}: ${error.message}`);
  }
  if (!response.ok) throw new Error(`could not download ${name} (HTTP ${response.status})`);
  return response;
};

// Pyodide swallows a failed wasm download or compile: it warns, leaves a promise rejected
// unhandled, and never settles. Both signs end the start-up with an error instead of a hang.
let failStart;
const startFailed = new Promise((_, reject) => (failStart = reject));
const warn = console.warn.bind(console);
console.warn = (...args) => {
  if (String(args[0]).includes("wasm instantiation failed")) {
    failStart(new Error(`could not start the Python runtime (pyodide.asm.wasm): ${args.slice(1).join(" ")}`));
  }
  warn(...args);
};
let starting = true;
addEventListener("unhandledrejection", (event) => {
  if (!starting) return;
  event.preventDefault(); // reported to the page instead
  failStart(new Error(`could not start the Python runtime: ${event.reason?.message ?? event.reason}`));
});

async function start() {
  say({ type: "progress", stage: "Downloading Python" });
  // Always revalidate the lock, so a cached old one never points at a wheel that is gone.
  const lockFileContents = fetch(indexURL + "pyodide-lock.json", { cache: "no-cache" }).then((r) => r.json());
  const stderr = [];
  const pyodide = await Promise.race([
    startFailed,
    loadPyodide({
      indexURL,
      packageBaseUrl: indexURL,
      lockFileContents,
      packages: ["pygame-rules"], // downloads while the interpreter boots
      stdout: () => {},
      stderr: (line) => stderr.push(line),
    }),
  ]);
  if (!pyodide.loadedPackages["pygame-rules"]) {
    throw new Error(`could not load the rules engine (pygame-rules wheel): ${stderr.join(" ") || "unknown error"}`);
  }
  say({ type: "progress", stage: "Starting the rules engine" });
  const bridge = pyodide.pyimport("pygame_rules.bridge");
  return bridge.handle;
}

const ready = start().finally(() => (starting = false)).then(
  (handle) => {
    say({ type: "ready" });
    return handle;
  },
  (error) => {
    say({ type: "failed", message: error?.message ?? String(error) });
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
    // (a fatal error, out of memory): this worker is of no more use, and the page replaces it.
    postMessage({ type: "broken", message: error?.message ?? String(error) });
    return close();
  }
  postMessage({ id, response });
};
