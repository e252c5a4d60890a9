// Warm start: Python restored from a memory snapshot of the interpreter with the rules engine
// already imported (about 0.5 s) instead of started (about 5 s). The build makes one for its wheel
// (build.py's write_snapshot): a first visit downloads it, gzipped, beside the runtime (6 MB), and
// keeps it. Later visits restore it from Cache Storage, under a key naming the Pyodide version and
// the wheel's sha256: a snapshot belongs to one Pyodide build and one wheel, and a new deploy looks
// under a new key. Storing one deletes this copy's others, so old builds' snapshots do not pile up.
// The cache is the origin's, and two copies of the site on one origin (/games/ks/ and /site/) share
// it: each key begins with its copy's own address (PACKAGES_URL), and a copy deletes only its own.
// (Such copies share localStorage too: their libraries and settings are one.) Where
// the build's cannot be had, a plain start takes one on the way, before its first answer.
//
// Pyodide's snapshot API is private (`_makeSnapshot`, `makeMemorySnapshot`, `_loadSnapshot`): every
// failure of it falls back to a plain start, and a snapshot found damaged is deleted.

import { unzipSync } from "fflate";
import { loadPyodide, version } from "../pyodide/pyodide.mjs";

const CACHE = "kings-and-soldiers-snapshots";
const DIGEST_HEADER = "X-Snapshot-SHA256";
export const PACKAGE = "pygame-rules";

/** Where the wheel and the lock are; loadPyodide's options for where everything is (the runtime
 * under a folder named by the Pyodide version: build.py says why). */
export const PACKAGES_URL = new URL("../pyodide/", import.meta.url).href;
export const PLACES = { indexURL: new URL(`../pyodide/${version}/`, import.meta.url).href, packageBaseUrl: PACKAGES_URL };
/** Where this copy of the site's snapshot keys begin (another copy on the origin has its own). */
const SNAPSHOTS_URL = `${PACKAGES_URL}snapshots/`;

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** The Cache Storage key of this build's snapshot (a name, never fetched). */
export function snapshotKey(lock) {
  const sha256 = lock?.packages?.[PACKAGE]?.sha256;
  if (typeof sha256 !== "string") throw new Error("the lock file does not list the rules engine");
  return `${SNAPSHOTS_URL}pyodide-${version}-wheel-${sha256}`;
}

/** The keys of this copy's stored snapshots. */
async function ownKeys(cache) {
  return (await cache.keys()).filter((request) => request.url.startsWith(SNAPSHOTS_URL));
}

/** Whether any snapshot of this copy is stored (no need to wait for the lock file to know there is none). */
export async function haveSnapshots() {
  if (!globalThis.caches) return false;
  return (await ownKeys(await caches.open(CACHE))).length > 0;
}

/** The snapshot stored under `key`, or null; throws if it is there but damaged. */
export async function readSnapshot(key) {
  const stored = await (await caches.open(CACHE)).match(key);
  if (!stored) return null;
  const bytes = new Uint8Array(await stored.arrayBuffer());
  if (hex(await crypto.subtle.digest("SHA-256", bytes)) !== stored.headers.get(DIGEST_HEADER)) {
    throw new Error("the stored snapshot is damaged");
  }
  return bytes;
}

export async function dropSnapshot(key) {
  try {
    await (await caches.open(CACHE)).delete(key);
  } catch {
    // nothing stored, or no Cache Storage: nothing to drop
  }
}

/** The snapshot the build made for the lock's wheel, downloaded and unzipped (it is gzipped, and
 * gzip's own check refuses a damaged download). It lies in the wheel's folder (build.py's
 * SNAPSHOT_NAME), named by the Pyodide version it was made with. */
export async function shippedSnapshot(lock) {
  const folder = lock?.packages?.[PACKAGE]?.file_name?.split("/").slice(0, -1).join("/");
  if (!isSafePath(folder)) throw new Error("the lock file does not name the rules engine's folder");
  const response = await fetch(`${PACKAGES_URL}${folder}/python-${version}.snapshot`);
  const unzipped = new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
  return new Uint8Array(await unzipped.arrayBuffer());
}

/** Whether `path` is a relative path that stays inside its folder: names of letters, digits, `_`,
 * `.` and `-`, none of them `..`. */
const isSafePath = (path) => typeof path === "string" && /^[\w.-]+(\/[\w.-]+)*$/.test(path) && !path.split("/").includes("..");

/** The files of the wheel the lock lists, {path in site-packages: bytes}, unzipped here (fflate)
 * while the interpreter boots: unzipping it from Python took 0.1-0.15 s more after the boot. The
 * wheel must be the one the lock names (its sha256), and every path must stay in site-packages. */
async function wheelFiles(lock) {
  const { file_name: name, sha256 } = lock.packages[PACKAGE];
  const response = await fetch(`${PACKAGES_URL}${name}`);
  if (!response.ok) throw new Error(`HTTP ${response.status} for the wheel`);
  const wheel = new Uint8Array(await response.arrayBuffer());
  if (hex(await crypto.subtle.digest("SHA-256", wheel)) !== sha256) throw new Error("the wheel is not the one the lock file lists");
  const files = unzipSync(wheel, { filter: (file) => !file.name.endsWith("/") });
  for (const path of Object.keys(files)) {
    if (!isSafePath(path)) throw new Error(`the wheel holds a file outside its package: ${path.slice(0, 60)}`);
  }
  return files;
}

/** Write the wheel's files into site-packages. A snapshot holds the interpreter's memory, not its
 * files: without this, a restored engine has its modules but not its data (the puzzles). */
function writeFiles(pyodide, files) {
  const site = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('/site-packages'))");
  for (const [path, bytes] of Object.entries(files)) {
    const file = `${site}/${path}`;
    pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    pyodide.FS.writeFile(file, bytes);
  }
}

/** Python restored from `snapshot` (its bytes, or a promise of them: the runtime downloads
 * meanwhile): the same as after a plain start, with the engine imported. */
export async function restore(lockFileContents, snapshot, quiet) {
  const [pyodide, files] = await Promise.all([
    loadPyodide({ ...PLACES, lockFileContents, _loadSnapshot: snapshot, ...quiet }),
    Promise.resolve(lockFileContents).then(wheelFiles),
  ]);
  writeFiles(pyodide, files);
  // The snapshot froze random's state (and the hash seed): each visit gets its own games.
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

/**
 * Python started the way a snapshot needs, and its snapshot: {pyodide, snapshot}, as the build
 * makes its own. No `packages`: the package loader keeps JS objects that a snapshot cannot hold
 * ("Unexpected hiwire entry"), so the wheel is unzipped here, and every module the bridge's ops
 * use is imported (bridge.import_ops), so that a restored engine has them; the files are not in
 * the snapshot (a restore writes them again), and the build's own modules are left out.
 * The snapshot is taken before any request, so later visits start as clean as this one; it is
 * null if Pyodide could not make one (this Python works on all the same).
 */
export async function startWithSnapshot(lockFileContents, quiet) {
  const [pyodide, files] = await Promise.all([
    loadPyodide({ ...PLACES, lockFileContents, _makeSnapshot: true, ...quiet }),
    Promise.resolve(lockFileContents).then(wheelFiles),
  ]);
  writeFiles(pyodide, files);
  pyodide.runPython("from pygame_rules import bridge; bridge.import_ops()");
  let snapshot = null;
  try {
    snapshot = pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn("warm start: no snapshot:", error?.message ?? error);
  }
  pyodide.runPython("import random; random.seed()"); // this visit's games, not the snapshot's
  return { pyodide, snapshot };
}

/** Store `snapshot` as this build's, in place of any other of this copy of the site (a failure only warns). */
export async function storeSnapshot(lock, snapshot) {
  try {
    const cache = await caches.open(CACHE);
    for (const old of await ownKeys(cache)) await cache.delete(old);
    const digest = hex(await crypto.subtle.digest("SHA-256", snapshot));
    await cache.put(snapshotKey(lock), new Response(snapshot, { headers: { "Content-Type": "application/octet-stream", [DIGEST_HEADER]: digest } }));
  } catch (error) {
    console.warn("warm start: the snapshot could not be stored:", error?.message ?? error);
  }
}
