// Runs bench/speed.py under Pyodide in Node (offline, from node_modules/pyodide) and compares it
// with CPython on this machine: the same fixed searches, so the time ratio is the speed ratio.
//
//   node bench/speed_pyodide.mjs [--nodes N]
//
// It builds the project's wheel with `python -m pip wheel` into a temporary folder, unpacks it
// into Pyodide's file system, runs the benchmark there, then runs it under CPython.
// Pyodide in Node is slower than in a browser (STACK.md: 1.4-1.8x against 1.1-1.2x in Chromium).

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const nodes = args.includes("--nodes") ? args[args.indexOf("--nodes") + 1] : "3000";
const python = process.env.PYTHON || "python3";

const wheelDir = mkdtempSync(join(tmpdir(), "pygame-rules-wheel-"));
execFileSync(python, ["-m", "pip", "wheel", root, "--no-deps", "-q", "-w", wheelDir], { stdio: "inherit" });
const wheel = readdirSync(wheelDir).find((name) => name.endsWith(".whl"));

const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
pyodide.FS.writeFile("/tmp/" + wheel, readFileSync(join(wheelDir, wheel)));
pyodide.runPython(`
import sys, zipfile
zipfile.ZipFile("/tmp/${wheel}").extractall("/tmp/site")
sys.path.insert(0, "/tmp/site")
`);
pyodide.FS.writeFile("/tmp/speed.py", readFileSync(join(root, "bench", "speed.py")));
const inPyodide = JSON.parse(
  pyodide.runPython(`
import json, sys
sys.path.insert(0, "/tmp")
import speed
json.dumps(speed.run(${Number(nodes)}))
`),
);
const inCPython = JSON.parse(
  execFileSync(python, [join(root, "bench", "speed.py"), "--json", "--nodes", nodes], { encoding: "utf8" }),
);

console.log(`Pyodide: ${inPyodide.runtime}, in Node ${process.version}`);
console.log(`CPython: ${inCPython.runtime}`);
console.log("game          nodes/s CPython  nodes/s Pyodide  ratio  movegen/s CPython  movegen/s Pyodide  ratio");
for (const p of inPyodide.games) {
  const c = inCPython.games.find((g) => g.game === p.game);
  const ratio = (c.nodes_per_s / p.nodes_per_s).toFixed(2);
  const genRatio = (c.movegen_per_s / p.movegen_per_s).toFixed(2);
  console.log(
    `${p.game.padEnd(13)} ${String(c.nodes_per_s).padStart(15)} ${String(p.nodes_per_s).padStart(16)} ${ratio.padStart(6)}` +
      ` ${String(c.movegen_per_s).padStart(18)} ${String(p.movegen_per_s).padStart(18)} ${genRatio.padStart(6)}`,
  );
}
