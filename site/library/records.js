// Game records read in one place, for every view that takes them (the library's import, the analysis
// board): a bounded size first, then Python replays every move (the bridge's `record-read`), and what
// comes back from the worker is checked before a view uses it.

import { describeError } from "../common/messages.js";

export const MAX_RECORD_BYTES = 1_000_000;

/** A record that could not be read; its message says why in plain words. */
export class RecordError extends Error {}

const isText = (value) => typeof value === "string";
const isTextOrNull = (value) => value === null || value === undefined || isText(value);

/**
 * The game a record's text holds: `{game, variant, start, moves, tags, comments, result,
 * resultText}` (variant and start null for the standard ones; comments keyed by the number of
 * moves before them; result the declared one, resultText it in words). `engine` is the page's engine (its `call` sends a bridge request).
 * Throws a RecordError for text that is too long or no record, and for an answer that is not one.
 */
export async function readRecord(engine, text) {
  if (!isText(text) || !text.trim()) throw new RecordError("there is no record to read: paste one or choose a file");
  if (text.length > MAX_RECORD_BYTES) throw new RecordError("the record is larger than 1 MB");
  let read;
  try {
    read = await engine.call({ op: "record-read", text });
  } catch (error) {
    throw new RecordError(describeError(error), { cause: error });
  }
  const { game, variant, start, moves } = read ?? {};
  if (!isText(game) || !isTextOrNull(variant) || !isTextOrNull(start) || !Array.isArray(moves) || !moves.every(isText)) {
    throw new RecordError("the engine's answer was not a game (try reloading the page)");
  }
  const texts = (map) => (map && typeof map === "object" ? Object.fromEntries(Object.entries(map).filter(([, v]) => isText(v))) : {});
  return {
    game,
    variant: variant ?? null,
    start: start ?? null,
    moves,
    tags: texts(read.tags),
    comments: texts(read.comments),
    result: isText(read.result) ? read.result : null,
    resultText: isText(read.resultText) ? read.resultText : null,
  };
}

/** The game in a record file (chosen or dropped); its size is checked before it is read. */
export async function readRecordFile(engine, file) {
  if (!file || typeof file.arrayBuffer !== "function") throw new RecordError("no file was chosen");
  if (file.size > MAX_RECORD_BYTES) throw new RecordError(`the file ${file.name} is larger than 1 MB`);
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new RecordError(`the file ${file.name} could not be read`);
  }
  return readRecord(engine, decodeText(bytes, file.name));
}

// A record file's text: UTF-8, or UTF-16 with its byte-order mark. Anything else is refused in
// words rather than read with its letters replaced (a Latin-1 "José" would be saved as "Jos�").
function decodeText(bytes, name) {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : null;
  if (!utf16 && bytes.includes(0)) throw new RecordError(`the file ${name} is not a text file (a game record is text)`);
  try {
    return new TextDecoder(utf16 ?? "utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new RecordError(`the file ${name} is not written as UTF-8 text: save it as UTF-8 (Unicode) and import it again`);
  }
}

let forms = 0;

/**
 * A form for a game record, drawn into `element` (the library's import, the analysis board's "open"):
 * a text box, a button named `action`, a file chooser, and a line saying why a record could not be
 * read or used (`That record could not be ${failed}: ...`). `use(record)` gets every record read;
 * the text box is emptied once it is used. `onError(message)` also hears each failure. With `several`,
 * several files may be chosen at once, and `onNote(message)` hears that they all were used. Returns
 * `{readFiles}` for files that come another way (dropped on the page).
 */
export function createRecordForm({ element, engine, action, failed, placeholder = "", use, onError = () => {}, several = false, onNote = () => {} }) {
  const id = `record-form-${++forms}`;
  const label = Object.assign(document.createElement("label"), { htmlFor: id, textContent: "Game record" });
  const text = Object.assign(document.createElement("textarea"), { id, rows: 5, spellcheck: false, placeholder });
  const button = Object.assign(document.createElement("button"), { type: "button", textContent: action });
  const chooser = Object.assign(document.createElement("input"), { type: "file", accept: ".txt,text/plain", multiple: several });
  const fileLabel = Object.assign(document.createElement("label"), { className: "file" });
  fileLabel.append("Or a file ", chooser);
  const row = Object.assign(document.createElement("div"), { className: "row" });
  row.append(button, fileLabel);
  const error = Object.assign(document.createElement("p"), { className: "field-error", hidden: true });
  error.setAttribute("role", "alert");
  element.classList.add("record-form");
  element.append(label, text, row, error);

  // Read a record and use it; why it could not be (the file named, if `name`), or null.
  async function take(read, name = null) {
    error.hidden = true;
    try {
      await use(await read());
      text.value = "";
      return null;
    } catch (e) {
      return `${name ? `The file ${name}` : "That record"} could not be ${failed}: ${describeError(e)}`;
    }
  }
  const fail = (why) => {
    error.textContent = why;
    error.hidden = false;
    onError(why);
  };
  // Files chosen or dropped, one or several: each read and used in turn (the last one used stays).
  // What could not be is said once all are done, each file by its name: said on the way, it would
  // be about a game no longer shown by the end (and go with it).
  async function readFiles(files) {
    const failures = [];
    for (const file of files) {
      const why = await take(() => readRecordFile(engine, file), files.length > 1 ? file.name : null);
      if (why) failures.push(why);
    }
    const used = files.length - failures.length;
    if (files.length === 1 && failures.length) fail(failures[0]);
    else if (failures.length) fail(`${used} of the ${files.length} files ${used === 1 ? "was" : "were"} ${failed}. ${failures.join(" ")}`);
    else if (files.length > 1) onNote(`The ${files.length} files were ${failed} in turn: Your games lists them, and the board shows the last.`);
  }
  button.onclick = async () => {
    const why = await take(() => readRecord(engine, text.value));
    if (why) fail(why);
  };
  chooser.onchange = () => {
    void readFiles([...chooser.files]);
    chooser.value = ""; // the same file chosen again is read again
  };
  return { readFiles };
}
