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

// The Lion Game's animals: a bold silhouette in the side's ink on a disc. pc-ink is a fill, so
// limbs are drawn as outlines too; `cut` carves details (eyes, stripes) in the body colour.
const fix = (v) => +v.toFixed(1);
const ink = (d) => `<path class="pc-ink" d="${d}"/>`;
const cut = (d) => `<path class="pc-body pc-cut" d="${d}"/>`;
const dot = (x, y, r) => `M${fix(x - r)} ${fix(y)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
// The drawing and its mirror image: an animal's left and right halves.
const pair = (markup) => `${markup}<g transform="scale(-1 1)">${markup}</g>`;

// Bars with round ends, w wide, through the points: a spider's or an antenna's joints.
const limb = (w, ...points) =>
  points.slice(1).map(([x2, y2], i) => {
    const [x1, y1] = points[i];
    const k = w / 2 / Math.hypot(x2 - x1, y2 - y1);
    const [dx, dy] = [-(y2 - y1) * k, (x2 - x1) * k];
    const end = `A${w / 2} ${w / 2} 0 0 0`;
    return `M${fix(x1 + dx)} ${fix(y1 + dy)}L${fix(x2 + dx)} ${fix(y2 + dy)}${end} ${fix(x2 - dx)} ${fix(y2 - dy)}` +
      `L${fix(x1 - dx)} ${fix(y1 - dy)}${end} ${fix(x1 + dx)} ${fix(y1 + dy)}Z`;
  }).join("");

// A band along a cubic curve from p0 to p3, w0 wide at the start and w1 at the end: a snake's body.
const tube = (w0, w1, p0, p1, p2, p3, steps = 16) => {
  const left = [], right = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps, u = 1 - t;
    const at = (j) => u * u * u * p0[j] + 3 * u * u * t * p1[j] + 3 * u * t * t * p2[j] + t * t * t * p3[j];
    const slope = (j) => u * u * (p1[j] - p0[j]) + 2 * u * t * (p2[j] - p1[j]) + t * t * (p3[j] - p2[j]);
    const [x, y, dx, dy] = [at(0), at(1), slope(0), slope(1)];
    const k = (w0 + (w1 - w0) * t) / 2 / Math.hypot(dx, dy);
    left.push(`${fix(x - dy * k)} ${fix(y + dx * k)}`);
    right.push(`${fix(x + dy * k)} ${fix(y - dx * k)}`);
  }
  return `M${left.join("L")}L${right.reverse().join("L")}Z`;
};

// A ring of `count` bumps, hollows at radius r and tips at radius R: the lion's mane.
const scallop = (count, r, R) => {
  const step = (2 * Math.PI) / count;
  const at = (radius, a) => `${fix(radius * Math.sin(a))} ${fix(-radius * Math.cos(a))}`;
  const control = 2 * R - r * Math.cos(step / 2); // a quadratic's middle lies halfway to its control
  let d = `M${at(r, -step / 2)}`;
  for (let i = 0; i < count; i++) d += `Q${at(control, i * step)} ${at(r, (i + 0.5) * step)}`;
  return `${d}Z`;
};

const lion = () =>
  ink(scallop(11, 20, 27)) +
  cut(dot(0, 1, 14.5)) +
  ink(dot(-5.5, -3, 2.6) + dot(5.5, -3, 2.6) + "M-5.5 3.5H5.5L0 9.5Z") +
  ink(limb(2.4, [0, 8], [0, 11], [-4, 13.5]) + limb(2.4, [0, 11], [4, 13.5]));

const tiger = () =>
  ink("M0 -16C4 -16 8 -15.5 10 -15Q16 -26 20 -22Q23 -18 22 -9L28 4L21 8C18 17 9 22 0 22" +
    "C-9 22 -18 17 -21 8L-28 4L-22 -9Q-23 -18 -20 -22Q-16 -26 -10 -15C-8 -15.5 -4 -16 0 -16Z") +
  cut("M-2.2 -14H2.2L0 -6Z") +
  pair(cut("M14 -18L18 -19L18 -14Z") + cut("M5 -14L9 -14L5 -8Z") + cut("M22 -3L13 0L22 1Z") +
    cut("M24 4L15 5L22 8Z") + cut("M4 -3Q8 -8 12 -4Q8 -1 4 -3Z")) +
  cut("M-9 11C-9 6 -3 5 0 8C3 5 9 6 9 11C9 15 4 16 0 14C-4 16 -9 15 -9 11Z") +
  ink("M-4 5H4L0 10Z");

const spider = () =>
  pair(ink(
    limb(3.6, [3, -8], [12, -15], [13, -23]) +
    limb(3.6, [4, -6], [16, -10], [23, -4]) +
    limb(3.6, [4, -4], [16, 1], [21, 10]) +
    limb(3.6, [3, -2], [12, 9], [13, 20]) +
    limb(2.6, [2, -10], [3, -14]),
  )) +
  ink(dot(0, -6, 6.5) + "M0 -1C7 -1 9 5 9 10C9 16 5 20 0 20C-5 20 -9 16 -9 10C-9 5 -7 -1 0 -1Z") +
  cut("M0 5L2.5 9L0 13L-2.5 9Z");

// Hood spread, belly scales showing, the body coiled beneath; the head stands off the hood.
const cobraHead = "M0 -25C6 -25 8 -22 8 -19C8 -15 4 -12 0 -12C-4 -12 -8 -15 -8 -19C-8 -22 -6 -25 0 -25Z";
const cobra = () =>
  ink(tube(7, 7, [0, 8], [0, 15], [18, 11], [17, 17]) + dot(17, 17, 3.5) +
    tube(7, 1.5, [17, 17], [16, 23], [-6, 23], [-16, 15])) +
  ink("M0 -19C7 -19 13 -16 17 -10C21 -4 20 3 14 6C10 8 6 9 4.5 13H-4.5" +
    "C-6 9 -10 8 -14 6C-20 3 -21 -4 -17 -10C-13 -16 -7 -19 0 -19Z") +
  cut(limb(2.2, [-5, -3], [5, -3]) + limb(2.2, [-4.5, 1.5], [4.5, 1.5]) + limb(2.2, [-3.5, 6], [3.5, 6])) +
  `<g transform="translate(0 -18) scale(1.3) translate(0 18)">${cut(cobraHead)}</g>` +
  ink(cobraHead) +
  pair(cut(dot(3, -19, 1.4)));

// In profile, facing left: the great horn, a small one behind it, an ear, two legs a side.
const rhino = () =>
  ink("M-26 6L-25 0Q-24 -4 -21 -5L-24 -19Q-17 -13 -14 -6L-12 -7L-11 -13L-8 -8Q-5 -9 -3 -10L-2 -16L1 -10" +
    "C6 -14 18 -15 22 -8C25 -4 25 5 23 9V20H16V13Q6 15 -5 13V20H-12V11Q-18 12 -22 10Z") +
  cut(dot(-12, -1, 1.8));

// Face on: the ears stand clear of the head, the trunk curls to one side.
const elephantHead = "M0 -19C10 -19 14 -12 14 -5C14 1 9 4 6 7V14Q6 19 9 19L11 18L12 22Q11 25 7 25" +
  "Q0 25 -1 17L-6 7C-9 4 -14 1 -14 -5C-14 -12 -10 -19 0 -19Z";
const elephant = () =>
  pair(ink("M8 -14C15 -24 28 -20 28 -6C28 6 21 12 12 9Z")) +
  `<g transform="translate(0 -4) scale(1.16) translate(0 4)">${cut(elephantHead)}</g>` +
  ink(elephantHead) +
  pair(cut(dot(6, -6, 1.8)));

const frog = () =>
  pair(ink(dot(11, -12, 9))) +
  ink("M-24 6C-24 -6 -12 -9 0 -9C12 -9 24 -6 24 6C24 16 12 20 0 20C-12 20 -24 16 -24 6Z") +
  pair(cut(dot(11, -12, 5)) + ink(dot(11, -12, 2.4)) + cut(dot(3, -2, 1.2))) +
  cut("M-16 3Q0 14 16 3Q0 9 -16 3Z");

const butterfly = () =>
  pair(ink("M2 -3C6 -14 14 -23 21 -22C27 -21 25 -10 19 -5C15 -2 8 -1 2 -1Z") +
    ink("M2 1C9 1 17 2 18 9C19 16 13 20 9 18C5 16 2 9 2 1Z") +
    cut(dot(16, -14, 3.2)) + cut(dot(11, 9, 2.4)) +
    ink(limb(2, [1, -11], [7, -22]) + dot(7.5, -22.5, 2.2))) +
  ink(limb(4, [0, -10], [0, 14]));

// An animal on a disc whose ring sits further out than disc()'s, to give the emblem room; `scale`
// brings the drawing's outermost point to radius 29, just inside the ring.
const animal = (emblem, scale) =>
  `<circle class="pc-shadow" cy="4" r="40"/><circle class="pc-body" r="40"/><circle class="pc-line" r="33"/>` +
  `<g transform="scale(${scale})">${emblem()}</g>`;

const GLYPHS = {
  checker: () => disc(),
  king: () => disc() + crown(1, 0.95),
  crowned: () => stacked(),
  "crowned-king": () => stacked() + crown(-4, 0.85),
  stone: () => pebble(),
  "crowned-stone": () => pebble() + crown(0, 0.9),
  lion: () => animal(lion, 1.07),
  tiger: () => animal(tiger, 0.98),
  spider: () => animal(spider, 1.03),
  cobra: () => animal(cobra, 1.04),
  rhino: () => animal(rhino, 0.95),
  elephant: () => animal(elephant, 0.98),
  frog: () => animal(frog, 1.1),
  butterfly: () => animal(butterfly, 0.93),
};

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** SVG markup for a piece: its glyph, or its letter on a disc when the glyph is unknown. */
export function glyphMarkup(glyph, letter) {
  const draw = GLYPHS[glyph];
  if (draw) return draw();
  const mark = escape(String(letter).toUpperCase()); // the side shows in the colours and the ring
  return `${disc()}<text class="pc-letter" y="1" text-anchor="middle" dominant-baseline="central">${mark}</text>`;
}
