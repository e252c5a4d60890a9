// A board view in the manner of chessground: it draws what it is given and reports what the user
// asks for; it knows no rules. The geometry, pieces and legal moves all come from Python.
//
//   const board = createBoard(element, {
//     geometry: info,              // {width, height, squares: [{name, x, y, kind}]} (y = 0 is the top row)
//     pieces: info.pieces,         // letter -> {side, name, glyph}
//     sides: info.sides,           // [{id, name}], in order of play
//     position: {b3: "B", ...},    // square -> letter
//     orientation: "normal",       // or "flipped"
//     lastMove: {path, removed},   // highlighted: the squares of the path, and a cross where pieces were taken
//     marks: [{square, kind, label}],
//     labels: {f3: "1"},           // diagram labels ([1], [2]) drawn on squares
//     arrows: [["g4", "f3"]],      // diagram arrows, from square to square
//     highlights: ["d4"],          // diagram highlighted squares
//     movable: {moves: [{text, path}], enabled: true},
//     static: false,               // a diagram: no interaction at all
//     label: "Lilypad board",
//     events: {move(candidates), select({selection, next, canStop, piece, effects}), square(name)},
//   });
//   board.set({position, lastMove, animate: true});  // animate: true, or {path} to move a piece along it
//
// The view lives in the element's shadow root, with its own styles. Squares carry data-square;
// pieces carry data-square and data-piece; highlights carry classes (last, selected, dest, stop, mark).

import { BOARD_CSS } from "./board-style.js";
import { glyphMarkup } from "./glyphs.js";
import { click, follow } from "./pathinput.js";

const SVG = "http://www.w3.org/2000/svg";
const S = 100; // one square, in SVG units
const MARGIN = 34; // room for the coordinates, left and below
const PAD = 8; // frame width
const LEG_MS = 170;
const FADE_MS = 220;

let sheet = null;

// Parsed once per page and cloned after: parsing markup per piece and per square was most of the
// script time of a page of twenty diagrams (cloning a parsed tree skips the parser).
const glyphTemplates = new Map(); // glyph and letter -> a detached <g> holding the piece's drawing
function glyphTemplate(glyph, letter) {
  const key = `${glyph} ${letter}`;
  if (!glyphTemplates.has(key)) {
    const g = document.createElementNS(SVG, "g");
    g.innerHTML = glyphMarkup(glyph, letter);
    flatten(g);
    glyphTemplates.set(key, g);
  }
  return glyphTemplates.get(key);
}

/** The same drawing in fewer elements, for a page of many pieces to style, lay out and paint less:
 * each inner group's transform and class go onto its shapes, and the group goes. (Joining
 * neighbouring paths of one class was tried too: where two overlap with opposite windings, the
 * joined path has a hole.) */
function flatten(drawing) {
  for (const group of [...drawing.querySelectorAll("g")].reverse()) {
    const [transform, cls] = [group.getAttribute("transform"), group.getAttribute("class")];
    for (const shape of group.children) {
      const own = shape.getAttribute("transform");
      if (transform) shape.setAttribute("transform", own ? `${transform} ${own}` : transform);
      if (cls) shape.setAttribute("class", `${cls} ${shape.getAttribute("class") ?? ""}`.trim());
    }
    group.replaceWith(...group.childNodes);
  }
}
const drawing = (glyph, letter) => glyphTemplate(glyph, letter).cloneNode(true).childNodes;

/** Per geometry, orientation and kind of board: detached layers of squares and coordinates, to clone. */
const gridTemplates = new WeakMap();

function node(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

/** The squares and coordinates of a board, as markup parsed once per geometry and orientation.
 *
 * A board that takes input has an element per square (clicks name their square). A diagram's
 * squares of one kind are one path, and each row of coordinates one text: a page of twenty
 * diagrams has twenty times fewer elements to style, lay out and paint. */
function gridLayers(geometry, flip, diagram) {
  let byKind = gridTemplates.get(geometry);
  if (!byKind) gridTemplates.set(geometry, (byKind = new Map()));
  const key = `${flip} ${diagram}`;
  if (byKind.has(key)) return byKind.get(key);
  const { width: W, height: H, squares } = geometry;
  const files = new Map();
  const ranks = new Map();
  const safe = (text) => String(text).replace(/[^A-Za-z0-9-]/g, "");
  const outlines = new Map(); // kind -> path data of its squares (a diagram)
  let squaresMarkup = "";
  for (const { name, x, y, kind } of squares) {
    const [col, row] = flip ? [W - 1 - x, H - 1 - y] : [x, y];
    if (diagram) outlines.set(kind, `${outlines.get(kind) ?? ""}M${col * S} ${row * S}h${S}v${S}h-${S}z`);
    else squaresMarkup += `<rect class="sq k-${safe(kind)}" x="${col * S}" y="${row * S}" width="${S}" height="${S}" data-square="${safe(name)}"/>`;
    const [, file, rank] = name.match(/^([a-z]+)(\d+)$/) ?? [];
    if (file && !files.has(col)) files.set(col, file);
    if (rank && !ranks.has(row)) ranks.set(row, rank);
  }
  for (const [kind, d] of outlines) squaresMarkup += `<path class="sq k-${safe(kind)}" d="${d}"/>`;
  const text = (attrs, content) => `<text class="coord" ${attrs}>${safe(content)}</text>`;
  let coordMarkup = "";
  const single = [...files.values(), ...ranks.values()].every((label) => label.length === 1);
  if (diagram && single) {
    // One character per coordinate: one text per row of them, each character placed by x (or y).
    const byCol = [...files].sort(([a], [b]) => a - b);
    const byRow = [...ranks].sort(([a], [b]) => a - b);
    coordMarkup += text(`x="${byCol.map(([col]) => col * S + S / 2).join(" ")}" y="${H * S + PAD + 24}" text-anchor="middle"`, byCol.map(([, f]) => f).join(""));
    coordMarkup += text(`x="${byRow.map(() => -PAD - MARGIN / 2).join(" ")}" y="${byRow.map(([row]) => row * S + S / 2).join(" ")}" text-anchor="middle" dominant-baseline="central"`, byRow.map(([, r]) => r).join(""));
  } else {
    for (const [col, file] of files) coordMarkup += text(`x="${col * S + S / 2}" y="${H * S + PAD + 24}" text-anchor="middle"`, file);
    for (const [row, rank] of ranks) coordMarkup += text(`x="${-PAD - MARGIN / 2}" y="${row * S + S / 2}" text-anchor="middle" dominant-baseline="central"`, rank);
  }
  const layers = { squares: node("g"), coords: node("g") };
  layers.squares.innerHTML = squaresMarkup;
  layers.coords.innerHTML = coordMarkup;
  byKind.set(key, layers);
  return layers;
}

export function createBoard(host, initial) {
  const cfg = {
    geometry: null,
    pieces: {},
    sides: [],
    position: {},
    orientation: "normal",
    lastMove: null,
    marks: [],
    labels: {},
    arrows: [],
    highlights: [],
    movable: { moves: [], enabled: false },
    static: false,
    label: "Board",
    events: {},
  };
  let grid = new Map(); // square -> {col, row, kind}, in screen order (after orientation)
  let selection = []; // squares clicked so far
  let hold = null; // {from, at}: a move was just entered; its piece stays at `at` until the next set()
  let cursor = null; // keyboard cursor square
  let keyboard = false; // show the cursor only while the keyboard is in use
  let drag = null;
  let hover = null; // the square under the pointer, to preview what moving there removes
  const pieceEls = new Map(); // square -> <g class="piece">

  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  sheet ??= new CSSStyleSheet();
  if (!sheet.cssRules.length) sheet.replaceSync(BOARD_CSS);
  root.adoptedStyleSheets = [sheet];
  root.replaceChildren();
  const svg = node("svg", { role: "application" }, root);
  const frame = node("rect", { class: "frame", rx: 10 }, svg);
  const squareLayer = node("g", { class: "squares" }, svg);
  const coordLayer = node("g", { class: "overlay coords", "aria-hidden": "true" }, svg);
  const under = node("g", { class: "overlay under" }, svg);
  const pieceLayer = node("g", { class: "pieces" }, svg);
  const over = node("g", { class: "overlay top" }, svg);
  const markLayer = node("g", { class: "overlay marks" }, svg); // badges: above pieces and dots
  const status = document.createElement("div");
  status.className = "status";
  status.setAttribute("aria-live", "polite");
  root.append(status);

  const still = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
  const interactive = () => !cfg.static && cfg.movable.enabled && !hold;
  const center = (square) => {
    const { col, row } = grid.get(square);
    return [col * S + S / 2, row * S + S / 2];
  };
  const translate = (square) => {
    const [x, y] = center(square);
    return `translate(${x}px, ${y}px)`;
  };
  const describe = (letter) => cfg.pieces[letter] ?? { side: null, name: `piece ${letter}`, glyph: null };

  // -- layout --------------------------------------------------------------------------------------

  function layout() {
    const { width: W, height: H, squares } = cfg.geometry;
    const flip = cfg.orientation === "flipped";
    grid = new Map(
      squares.map((s) => [s.name, { col: flip ? W - 1 - s.x : s.x, row: flip ? H - 1 - s.y : s.y, kind: s.kind }]),
    );
    svg.setAttribute("viewBox", `${-MARGIN - PAD} ${-PAD} ${W * S + MARGIN + 2 * PAD} ${H * S + MARGIN + 2 * PAD}`);
    Object.entries({ x: -PAD, y: -PAD, width: W * S + 2 * PAD, height: H * S + 2 * PAD }).forEach(([k, v]) =>
      frame.setAttribute(k, v),
    );
    const layers = gridLayers(cfg.geometry, flip, cfg.static);
    squareLayer.replaceChildren(...layers.squares.cloneNode(true).childNodes);
    coordLayer.replaceChildren(...layers.coords.cloneNode(true).childNodes);
    for (const [square, g] of pieceEls) place(g, square);
  }

  // -- pieces --------------------------------------------------------------------------------------

  function pieceClass(letter) {
    const side = describe(letter).side;
    const index = cfg.sides.findIndex((s) => s.id === side);
    const name = cfg.sides[index]?.name?.toLowerCase().replace(/[^a-z0-9-]/g, "") ?? "none";
    return `piece side-${index} side-${name}`;
  }

  function draw(g, square, letter) {
    g.setAttribute("class", pieceClass(letter));
    g.replaceChildren(...drawing(describe(letter).glyph, letter));
    g.dataset.square = square;
    g.dataset.piece = letter;
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", `${describe(letter).name} on ${square}`);
    const { name, help } = describe(letter); // hovering a piece says how it moves
    node("title", {}, g).textContent = help ? `${name}: ${help}` : name;
  }

  function place(g, square) {
    g.at = square;
    g.style.transform = translate(square);
  }

  function makePiece(square, letter) {
    const g = node("g", {}, pieceLayer);
    draw(g, square, letter);
    place(g, square);
    return g;
  }

  function fadeOut(g, delay, animate) {
    g.removeAttribute("data-square");
    g.setAttribute("aria-hidden", "true");
    if (!animate || still()) return g.remove();
    g.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS, delay, fill: "forwards" }).onfinish = () =>
      g.remove();
  }

  function slide(g, path) {
    if (still() || path.length < 2) return;
    pieceLayer.append(g); // on top while it moves
    const frames = path.map((sq) => ({ transform: translate(sq), easing: "ease-in-out" }));
    g.animate(frames, { duration: LEG_MS * (path.length - 1) });
  }

  // Bring the drawn pieces to `next`. With `motion`, animate: the piece on motion.path[0] travels
  // the path, removed pieces fade, and other pieces that changed squares slide (matched by letter).
  function sync(next, motion) {
    const old = new Map(pieceEls);
    pieceEls.clear();
    const needed = [];
    for (const [square, letter] of Object.entries(next)) {
      const g = old.get(square);
      if (g && g.dataset.piece === letter) {
        pieceEls.set(square, g);
        old.delete(square);
      } else needed.push(square);
    }
    const path = motion?.path;
    let shownLegs = 0; // legs of the path the mover already stands past (entered by clicks)
    if (path?.length > 1) {
      const [from, to] = [path[0], path.at(-1)];
      const g = old.get(from);
      if (g && next[to] && needed.includes(to)) {
        old.delete(from);
        needed.splice(needed.indexOf(to), 1);
        shownLegs = Math.max(path.lastIndexOf(g.at), 0); // it may already stand part of the way
        if (g.dataset.piece !== next[to]) draw(g, to, next[to]);
        g.dataset.square = to;
        place(g, to);
        pieceEls.set(to, g);
        slide(g, path.slice(shownLegs));
      }
    }
    const removedOrder = motion?.removed ?? [];
    for (const square of needed) {
      const letter = next[square];
      let best = null;
      if (motion) {
        for (const [from, g] of old) {
          if (g.dataset.piece !== letter) continue;
          const d = distance(from, square);
          if (!best || d < best.d) best = { from, g, d };
        }
      }
      if (best) {
        old.delete(best.from);
        best.g.dataset.square = square;
        place(best.g, square);
        pieceEls.set(square, best.g);
        slide(best.g, [best.from, square]);
      } else {
        const g = makePiece(square, letter);
        pieceEls.set(square, g);
        if (motion && !still()) g.animate([{ opacity: 0 }, { opacity: 1 }], { duration: FADE_MS });
      }
    }
    for (const [square, g] of old) {
      const leg = removedOrder.indexOf(square) - shownLegs; // fade as the mover passes it
      fadeOut(g, leg >= 0 ? LEG_MS * (leg + 0.5) : 0, Boolean(motion));
    }
  }

  function distance(a, b) {
    const p = grid.get(a);
    const q = grid.get(b);
    return Math.hypot(p.col - q.col, p.row - q.row);
  }

  // -- highlights ----------------------------------------------------------------------------------

  function squareRect(square, cls, parent) {
    const { col, row } = grid.get(square);
    const r = node("rect", { class: cls, x: col * S, y: row * S, width: S, height: S }, parent);
    r.dataset.square = square;
    return r;
  }

  // A dashed ring with a word below: where clicking the square again ends the move.
  function pill(square, cls, word, title) {
    const [x, y] = center(square);
    const g = node("g", { class: cls, transform: `translate(${x} ${y})` }, over);
    g.dataset.square = square;
    node("title", {}, g).textContent = title;
    node("circle", { r: 45 }, g);
    node("rect", { x: -30, y: 24, width: 60, height: 24, rx: 12 }, g);
    node("text", { y: 36, "text-anchor": "middle", "dominant-baseline": "central" }, g).textContent = word;
  }

  const capitalised = (word) => word.charAt(0).toUpperCase() + word.slice(1);

  // A ring around a piece, with a tooltip saying what happens to it.
  function ring(square, cls, title) {
    const [x, y] = center(square);
    const circle = node("circle", { class: cls, cx: x, cy: y, r: 46 }, over);
    circle.dataset.square = square;
    node("title", {}, circle).textContent = title;
  }

  // An arrow from near (x, y) (leaving room for the piece there) to (ex, ey), heading along (ux, uy).
  function arrowShape([x, y], [ex, ey], [ux, uy], cls, title) {
    const arrow = node("g", { class: cls }, markLayer);
    node("title", {}, arrow).textContent = title;
    node("line", { x1: x + ux * 46, y1: y + uy * 46, x2: ex - ux * 8, y2: ey - uy * 8 }, arrow);
    const head = [[ex + ux * 22, ey + uy * 22], [ex - uy * 16, ey + ux * 16], [ex + uy * 16, ey - ux * 16]];
    node("polygon", { points: head.map((p) => p.join(",")).join(" ") }, arrow);
    return arrow;
  }

  // The squares listed under `key` ("removed", "jumped") in every one of `moves`.
  const common = (moves, key) => new Set(moves[0]?.[key]?.filter((sq) => moves.every((m) => m[key]?.includes(sq))));
  // The [square, new letter] changes that every one of `moves` makes.
  const commonChanges = (moves) =>
    Object.entries(moves[0]?.changed ?? {}).filter(([sq, letter]) => moves.every((m) => m.changed?.[sq] === letter));

  function render() {
    let taken = new Set(); // squares whose pieces the selection so far captures
    let jumped = new Set(); // squares of pieces the selection so far leaps over and leaves
    let previewed = new Set(); // squares whose pieces the pointed-at next square would capture
    let changes = []; // [square, new letter]: pieces the pointed-at next square would change
    under.replaceChildren();
    over.replaceChildren();
    markLayer.replaceChildren();
    if (!cfg.geometry) return;
    const known = (sq) => grid.has(sq);
    for (const square of new Set(cfg.lastMove?.path ?? [])) if (known(square)) squareRect(square, "last", under);
    // Where the last move took pieces off: they are gone, so say where they stood.
    for (const square of cfg.lastMove?.removed ?? []) {
      if (!known(square)) continue;
      const [x, y] = center(square);
      const g = node("g", { class: "last-removed" }, under);
      g.dataset.square = square;
      node("title", {}, g).textContent = `Taken on ${square} by the last move`;
      node("circle", { cx: x, cy: y, r: 30 }, g);
      node("path", { d: `M${x - 13} ${y - 13}L${x + 13} ${y + 13}M${x + 13} ${y - 13}L${x - 13} ${y + 13}` }, g);
    }
    for (const square of cfg.highlights) if (known(square)) squareRect(square, "highlight", under);
    for (const [from, to] of cfg.arrows) {
      if (!known(from) || !known(to) || from === to) continue;
      const [[x, y], [ex, ey]] = [center(from), center(to)];
      const length = Math.hypot(ex - x, ey - y);
      const arrow = arrowShape([x, y], [ex - ((ex - x) / length) * 30, ey - ((ey - y) / length) * 30],
        [(ex - x) / length, (ey - y) / length], "arrow", `${from} to ${to}`);
      arrow.dataset.from = from;
      arrow.dataset.to = to;
    }
    for (const [square, text] of Object.entries(cfg.labels)) {
      if (!known(square)) continue;
      const [x, y] = center(square);
      const g = node("g", { class: "label", transform: `translate(${x} ${y})` }, markLayer);
      g.dataset.square = square;
      g.dataset.label = text;
      node("title", {}, g).textContent = `[${text}] on ${square}`;
      node("circle", { r: 27 }, g);
      node("text", { "text-anchor": "middle", "dominant-baseline": "central" }, g).textContent = text;
    }
    const badges = new Map(); // square -> badges drawn on it so far (they stack downwards)
    for (const { square, kind, label, toward = [] } of cfg.marks) {
      if (!known(square)) continue;
      const [x, y] = center(square);
      const ring = node("circle", { class: `mark mark-${kind}`, cx: x, cy: y, r: 45 }, under);
      ring.dataset.square = square;
      node("title", {}, ring).textContent = label;
      // A mark that points (a direction and its reach): an arrow from the square over those squares.
      const reach = toward.filter(known);
      if (reach.length) {
        const [ex, ey] = center(reach.at(-1));
        const [fx, fy] = center(reach[0]);
        const [ux, uy] = [(fx - x) / Math.hypot(fx - x, fy - y), (fy - y) / Math.hypot(fx - x, fy - y)];
        const arrow = arrowShape([x, y], [ex, ey], [ux, uy], `reach reach-${kind}`, label);
        arrow.dataset.square = square;
        arrow.dataset.toward = reach.join(" ");
      }
      // A badge names the mark's kind (its label, when short) so no mark relies on colour alone.
      const n = badges.get(square) ?? 0;
      badges.set(square, n + 1);
      const text = label.length <= 10 ? label : kind.replace(/-/g, " ");
      const width = 14 + text.length * 9.5;
      const badge = node("g", { class: `badge badge-${kind}`, transform: `translate(${x} ${y - S / 2 + 4 + n * 24})` }, markLayer);
      badge.dataset.square = square;
      badge.dataset.kind = kind;
      node("title", {}, badge).textContent = label;
      node("rect", { x: -width / 2, y: 0, width, height: 21, rx: 10 }, badge);
      node("text", { y: 11, "text-anchor": "middle", "dominant-baseline": "central" }, badge).textContent = text;
    }
    const { moves } = cfg.movable;
    if (selection.length) {
      squareRect(selection[0], "selected", under);
      for (const square of selection.slice(1)) squareRect(square, "trail", under);
      if (selection.length > 1) {
        const g = node("g", { class: `${pieceClass(pieceEls.get(selection[0])?.dataset.piece)} ghost` }, under);
        g.innerHTML = pieceEls.get(selection[0])?.innerHTML ?? "";
        g.style.transform = translate(selection[0]);
        const points = selection.map((sq) => center(sq).join(",")).join(" ");
        node("polyline", { class: "path-line", points }, under);
      }
      const { matching, complete, next } = follow(moves, selection);
      // Pieces every matching move takes off (or leaps over): the ones the clicks so far have jumped.
      if (selection.length > 1) {
        taken = common(matching, "removed");
        jumped = common(matching, "jumped");
      }
      for (const square of next) {
        const [x, y] = center(square);
        const occupied = pieceEls.has(square) && square !== selection[0];
        const dot = occupied
          ? node("circle", { class: "dest-ring", cx: x, cy: y, r: 44 }, over)
          : node("circle", { class: "dest", cx: x, cy: y, r: 16 }, over);
        dot.dataset.square = square;
        // Back to where the piece started: a null move ("pass") or a return after a capture ("back").
        if (square === selection[0]) {
          const word = selection.length === 1 ? "pass" : "back";
          const onto = follow(moves, [...selection, square]).complete[0];
          if (word === "pass") dot.remove(); // the pill's ring marks it; a dot would hide the piece
          pill(square, word, word, onto ? `${capitalised(word)} (${onto.text})` : word);
        }
      }
      // What the move under the pointer (or the keyboard cursor) would take off or change, before
      // it is played.
      const target = keyboard && cursor && root.activeElement === svg ? cursor : hover;
      const pointed = target && next.includes(target) ? follow(moves, [...selection, target]).matching : [];
      previewed = common(pointed, "removed");
      changes = commonChanges(pointed);
      if (complete.length && selection.length > 1) pill(selection.at(-1), "stop", "stop", `Stop here (${complete[0].text})`);
    }
    for (const [square, g] of pieceEls) {
      let shown = square;
      if (hold && square === hold.from) shown = hold.at;
      else if (selection.length > 1 && square === selection[0]) shown = selection.at(-1);
      if (g.at !== shown && !drag?.active) place(g, shown);
      g.classList.toggle("taken", taken.has(square));
      g.classList.toggle("preview-taken", previewed.has(square) && !taken.has(square));
      g.classList.toggle("jumped", jumped.has(square));
      if (jumped.has(square)) ring(square, "jumped-ring", `${describe(g.dataset.piece).name} on ${square}: jumped, stays`);
    }
    // A piece the move would change is shown as it would become, ringed.
    const changing = new Set(changes.map(([square]) => square));
    for (const [square, g] of pieceEls) g.classList.toggle("changing", changing.has(square));
    for (const [square, letter] of changes) {
      const g = pieceEls.get(square);
      if (!g || !known(square)) continue;
      const ghost = node("g", { class: `${pieceClass(letter)} becomes` }, over);
      ghost.replaceChildren(...drawing(describe(letter).glyph, letter));
      ghost.style.transform = translate(square);
      ghost.dataset.square = square;
      ghost.dataset.piece = letter;
      ring(square, "changed-ring", `${describe(g.dataset.piece).name} on ${square} becomes ${describe(letter).name}`);
    }
    if (keyboard && cursor && known(cursor) && root.activeElement === svg) {
      const { col, row } = grid.get(cursor);
      node("rect", { class: "cursor", x: col * S + 3, y: row * S + 3, width: S - 6, height: S - 6, rx: 4 }, over);
    }
    svg.setAttribute("tabindex", cfg.static ? "-1" : "0");
    svg.classList.toggle("static", cfg.static);
  }

  // -- input ---------------------------------------------------------------------------------------

  function act(square) {
    const result = click(cfg.movable.moves, selection, square);
    selection = result.selection;
    if (result.play) {
      const origin = result.play[0].path[0];
      hold = { from: origin, at: pieceEls.get(origin)?.at ?? origin };
      announce(`Move ${result.play[0].text}.`);
      render();
      cfg.events.move?.(result.play);
    } else {
      render();
    }
    const { complete, next } = follow(cfg.movable.moves, selection);
    const canStop = selection.length > 1 && complete.length > 0;
    if (selection.length) {
      announce(`${selection.join(" to ")} selected. Next: ${next.join(", ")}${canStop ? `; or ${selection.at(-1)} again to stop` : ""}.`);
    }
    const piece = pieceEls.get(selection[0])?.dataset.piece ?? null;
    // What going on to each next square would take off or change (said where hovering is not
    // possible); nothing when nothing is selected (a click on a piece that cannot move).
    const effects = Object.fromEntries(
      (selection.length ? next : []).map((square) => {
        const { matching } = follow(cfg.movable.moves, [...selection, square]);
        return [square, { removed: [...common(matching, "removed")], changed: Object.fromEntries(commonChanges(matching)) }];
      }),
    );
    cfg.events.select?.({ selection: [...selection], next, canStop, piece, effects });
  }

  function announce(text) {
    status.textContent = text;
  }

  function squareFromPoint(x, y) {
    const hit = root.elementsFromPoint(x, y).find((e) => e.classList?.contains("sq"));
    return hit?.dataset.square ?? null;
  }

  function svgPoint(event) {
    const m = svg.getScreenCTM().inverse();
    return new DOMPoint(event.clientX, event.clientY).matrixTransform(m);
  }

  svg.addEventListener("pointerdown", (event) => {
    keyboard = false;
    if (cfg.events.square) return editSquare(event.target.dataset?.square, event.button);
    if (!interactive() || event.button > 0) return;
    const square = event.target.dataset?.square ?? null;
    if (!square) {
      selection = [];
      return render();
    }
    const reselect = selection.length === 1 && selection[0] === square;
    if (!reselect) act(square);
    if (selection.length === 1 && selection[0] === square && pieceEls.has(square)) {
      drag = { square, id: event.pointerId, x: event.clientX, y: event.clientY, active: false, reselect };
      svg.setPointerCapture(event.pointerId);
    }
  });

  svg.addEventListener("pointermove", (event) => {
    const pointed = drag?.active ? squareFromPoint(event.clientX, event.clientY) : (event.target.dataset?.square ?? null);
    if (pointed !== hover) {
      hover = pointed;
      if (selection.length) render();
    }
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.active && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 6) return;
    const g = pieceEls.get(drag.square);
    if (!drag.active) {
      drag.active = true;
      g.classList.add("lifted");
      pieceLayer.append(g);
    }
    const p = svgPoint(event);
    g.style.transform = `translate(${p.x}px, ${p.y}px)`;
  });

  function endDrag(event, cancelled) {
    if (!drag || event.pointerId !== drag.id) return;
    const { square, active, reselect } = drag;
    drag = null;
    const g = pieceEls.get(square);
    g?.classList.remove("lifted");
    if (!active) {
      if (reselect && !cancelled) act(square); // a second click on the selected piece unselects it
      return;
    }
    const target = cancelled ? null : squareFromPoint(event.clientX, event.clientY);
    if (target && target !== square && follow(cfg.movable.moves, selection).next.includes(target)) {
      if (g) place(g, target); // dropped: no need to animate it there again
      act(target);
    } else {
      if (g) place(g, square);
      render();
    }
  }
  svg.addEventListener("pointerup", (event) => endDrag(event, false));
  svg.addEventListener("pointerleave", () => {
    hover = null;
    if (selection.length) render();
  });
  svg.addEventListener("pointercancel", (event) => endDrag(event, true));

  const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  svg.addEventListener("keydown", (event) => {
    if (cfg.static || !cfg.geometry) return;
    keyboard = true;
    const step = ARROWS[event.key];
    if (step) {
      cursor = nextSquare(cursor, step);
      announce(`${cursor}${pieceEls.has(cursor) ? `: ${describe(pieceEls.get(cursor).dataset.piece).name}` : ""}`);
      render();
    } else if ((event.key === "Enter" || event.key === " ") && cursor && cfg.events.square) {
      editSquare(cursor, 0);
    } else if ((event.key === "Enter" || event.key === " ") && cursor && interactive()) {
      act(cursor);
    } else if (event.key === "Escape") {
      selection = [];
      render();
    } else return;
    event.preventDefault();
  });
  svg.addEventListener("focus", () => {
    if (!keyboard || !grid.has(cursor)) cursor = cfg.movable.moves[0]?.path[0] ?? [...grid.keys()][0];
    render();
  });
  svg.addEventListener("blur", render);

  // Edit mode (a `square` event is given, as the board editor does): every square clicked is
  // reported, and nothing is selected or moved here.
  function editSquare(square, button) {
    if (!cfg.static && square && button <= 0) cfg.events.square(square);
  }

  function nextSquare(from, [dc, dr]) {
    if (!from || !grid.has(from)) return [...grid.keys()][0];
    const at = new Map([...grid].map(([name, { col, row }]) => [`${col},${row}`, name]));
    let { col, row } = grid.get(from);
    const { width, height } = cfg.geometry;
    for (;;) {
      col += dc;
      row += dr;
      if (col < 0 || row < 0 || col >= width || row >= height) return from;
      const name = at.get(`${col},${row}`);
      if (name) return name;
    }
  }

  // -- API -----------------------------------------------------------------------------------------

  function set(update) {
    const { animate, ...changes } = update;
    const movesChanged = "movable" in changes && changes.movable.moves !== cfg.movable.moves;
    const relayout =
      ("geometry" in changes && changes.geometry !== cfg.geometry) ||
      ("orientation" in changes && changes.orientation !== cfg.orientation) ||
      ("static" in changes && changes.static !== cfg.static);
    if ("geometry" in changes && changes.geometry !== cfg.geometry) {
      for (const g of pieceEls.values()) g.remove(); // another board: nothing carries over
      pieceEls.clear();
    }
    Object.assign(cfg, changes);
    svg.setAttribute("aria-label", cfg.label);
    if (relayout && cfg.geometry) layout();
    if ("position" in changes && cfg.geometry) {
      const known = Object.fromEntries(Object.entries(cfg.position).filter(([sq]) => grid.has(sq)));
      sync(known, animate ? (animate === true ? {} : animate) : null);
    }
    if (movesChanged || "position" in changes || relayout) {
      selection = [];
      hold = null;
    }
    render();
  }

  set(initial);

  return {
    /** Change any part of the config; `animate: true` (or `{path, removed}`) animates a position change. */
    set,
    /** Drop the current selection. */
    cancel() {
      selection = [];
      hold = null;
      render();
    },
    /** The squares selected so far. */
    get selection() {
      return [...selection];
    },
    /** Remove the view from the element. */
    destroy() {
      root.replaceChildren();
      pieceEls.clear();
    },
  };
}
