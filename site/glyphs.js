// Piece drawings, keyed by the glyph names the rules engine gives each piece letter (`info.pieces`).
// Each drawing is SVG markup in a 100 x 100 box centred on (0, 0). Colours come from the board's
// CSS through the classes below, so one drawing serves both sides:
//   pc-shadow  the drop shadow          pc-body  the piece's body (side colour, edge stroke)
//   pc-line    a decorative line        pc-ink   an emblem in the side's contrast colour
// To add a piece, add one entry to GLYPHS. An unknown glyph name draws the piece letter on a disc.

const disc = (r = 38, cy = 0) =>
  `<circle class="pc-shadow" cy="${cy + 4}" r="${r}"/><circle class="pc-body" cy="${cy}" r="${r}"/>` +
  `<circle class="pc-line" cy="${cy}" r="${r - 9}"/>`;

// Two checkers stacked: the checkers king.
const stacked = () =>
  `<circle class="pc-shadow" cy="13" r="35"/><circle class="pc-body" cy="8" r="35"/>` + disc(35, -4);

const crown = (cy = 0, s = 1) =>
  `<g class="pc-ink" transform="translate(0 ${cy}) scale(${s})">` +
  `<path d="M-20 8 L-24 -13 L-11 -3 L0 -19 L11 -3 L24 -13 L20 8 Z"/>` +
  `<rect x="-20" y="11" width="40" height="6" rx="2"/></g>`;

// A pebble: the uncrowned stone of 3 Crowns.
const pebble = () =>
  `<ellipse class="pc-shadow" cy="5" rx="39" ry="34"/><ellipse class="pc-body" rx="39" ry="34"/>` +
  `<path class="pc-line" d="M-22 -14 Q0 -26 22 -14"/>`;

export const GLYPHS = {
  checker: () => disc(),
  king: () => disc() + crown(1, 0.95),
  crowned: () => stacked(),
  "crowned-king": () => stacked() + crown(-4, 0.85),
  stone: () => pebble(),
  "crowned-stone": () => pebble() + crown(0, 0.9),
};

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** SVG markup for a piece: its glyph, or its letter on a disc when the glyph is unknown. */
export function glyphMarkup(glyph, letter) {
  const draw = GLYPHS[glyph];
  if (draw) return draw();
  const mark = escape(String(letter).toUpperCase()); // the side shows in the colours and the ring
  return `${disc()}<text class="pc-letter" y="1" text-anchor="middle" dominant-baseline="central">${mark}</text>`;
}
