// The board's SVG: its units, an element maker, and the drawings parsed once per page and cloned
// after (a piece's glyph; a geometry's squares and coordinates). board.js puts them together.

import { glyphMarkup } from "./glyphs.js";

const SVG = "http://www.w3.org/2000/svg";
export const S = 100; // one square, in SVG units
export const MARGIN = 34; // room for the coordinates, left and below
export const PAD = 8; // frame width

export function node(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

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

/** A fresh copy of the drawing of `letter` (whose glyph is `glyph`): nodes to append to a piece. */
export const drawing = (glyph, letter) => glyphTemplate(glyph, letter).cloneNode(true).childNodes;

/** Per geometry, orientation and kind of board: detached layers of squares and coordinates, to clone. */
const gridTemplates = new WeakMap();

/** The squares and coordinates of a board, as markup parsed once per geometry and orientation.
 *
 * A board that takes input has an element per square (clicks name their square). A diagram's
 * squares of one kind are one path, and each row of coordinates one text: a page of twenty
 * diagrams has twenty times fewer elements to style, lay out and paint. */
export function gridLayers(geometry, flip, diagram) {
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
