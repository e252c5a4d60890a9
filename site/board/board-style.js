// The board's own styles, adopted into each board's shadow root so a board looks the same on any
// page. Colours are custom properties: a host page may override them on the board element.

// Pieces alone, also used by pages that draw a piece outside a board (a side-to-move swatch).
export const PIECE_CSS = `
/* Pieces: side colours by side name (Black, Green, White), else by order of play. */
.piece { --body: #2d2c2a; --edge: #0f0f0f; --ink: #efe6cf; }
.piece.side-1 { --body: #f3ecdc; --edge: #6d6048; --ink: #3a3024; }
.piece.side-black { --body: #2d2c2a; --edge: #0f0f0f; --ink: #efe6cf; }
.piece.side-white { --body: #f6f0e2; --edge: #6d6048; --ink: #3a3024; }
.piece.side-green { --body: #9fd38c; --edge: #2f6a2c; --ink: #1e4a1c; }
.pc-shadow { fill: rgba(0, 0, 0, 0.28); }
.pc-body { fill: var(--body); stroke: var(--edge); stroke-width: 3; }
.pc-cut { stroke: none !important; } /* a cut-out in the body colour: never edged, not even when previewed */
.pc-line { fill: none; stroke: var(--ink); stroke-width: 3; opacity: 0.55; }
/* The second side's pieces carry a milled (dashed) ring: sides differ by more than colour. */
.piece.side-1 .pc-line { stroke-dasharray: 7 5; stroke-width: 4; opacity: 0.8; }
.pc-ink { fill: var(--ink); }
.pc-letter { fill: var(--ink); font-size: 40px; font-weight: 700; }
`;

// The squares' default colours by kind (and the frame's), also for keys drawn outside a board.
export const SQUARE_COLOURS = {
  light: "#efe2c6",
  dark: "#b4875f",
  field: "#eadbb9",
  burrow: "#a3845e",
  "green-burrow": "#7f9f62",
  other: "#d8c6a2",
  frame: "#5a4633",
};

export const BOARD_CSS = `
:host {
  display: block;
  position: relative;
  --sq-light: ${SQUARE_COLOURS.light};
  --sq-dark: ${SQUARE_COLOURS.dark};
  --sq-field: ${SQUARE_COLOURS.field};
  --sq-burrow: ${SQUARE_COLOURS.burrow};
  --sq-green-burrow: ${SQUARE_COLOURS["green-burrow"]};
  --sq-other: ${SQUARE_COLOURS.other};
  --frame: ${SQUARE_COLOURS.frame};
  --coord: #6f6454;
  --last: rgba(214, 196, 46, 0.55);
  --select: rgba(33, 107, 58, 0.55);
  --dest: rgba(24, 84, 44, 0.62);
  --stop: #1d5c33;
  --cursor: #2563eb;
  --mark-drop: #c26b12;
  --mark-win: #d9a400;
  --mark: #7c3aed;
  --highlight: rgba(37, 99, 235, 0.35);
  --arrow: #1d4ed8;
  --label: #9b1c1c;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  -webkit-tap-highlight-color: transparent;
}
svg { display: block; width: 100%; height: auto; max-height: var(--ks-board-max-height, none); user-select: none; touch-action: none; }
svg:focus { outline: none; }
svg:focus-visible .frame { stroke: var(--cursor); stroke-width: 6; }
.frame { fill: var(--frame); }
.sq { fill: var(--sq-other); cursor: pointer; }
.sq.k-light { fill: var(--sq-light); }
.sq.k-dark { fill: var(--sq-dark); }
.sq.k-field { fill: var(--sq-field); }
.sq.k-burrow { fill: var(--sq-burrow); }
.sq.k-green-burrow { fill: var(--sq-green-burrow); }
:host([static]) .sq, .static .sq { cursor: default; }
.coord { fill: var(--coord); font-size: 24px; font-weight: 600; }
.overlay, .pieces, .top { pointer-events: none; }
.last { fill: var(--last); }
.last-removed circle, .last-removed path { fill: none; stroke: #9b1c1c; stroke-width: 5; stroke-linecap: round; opacity: 0.6; }
.last-removed circle { stroke-dasharray: 6 6; }
.selected { fill: var(--select); }
.trail { fill: var(--select); opacity: 0.55; }
.path-line { fill: none; stroke: var(--dest); stroke-width: 9; stroke-linecap: round; stroke-linejoin: round; opacity: 0.75; }
.dest { fill: var(--dest); }
.dest-ring { fill: none; stroke: var(--dest); stroke-width: 8; }
.stop rect, .pass rect, .back rect { fill: var(--stop); }
.stop circle, .pass circle, .back circle { fill: none; stroke: var(--stop); stroke-width: 7; stroke-dasharray: 10 7; }
.stop text, .pass text, .back text { fill: #fff; font-size: 17px; font-weight: 700; letter-spacing: 0.02em; }
.badge rect { fill: var(--mark); stroke: #fff; stroke-width: 2; }
.badge text { fill: #fff; font-size: 15px; font-weight: 700; }
.badge-win rect { fill: #8a6800; }
.badge-drop rect { fill: var(--mark-drop); }
.badge-charge rect { fill: #b42318; }
.badge-frozen rect { fill: #1d4ed8; }
.badge-stuck rect { fill: #57534e; }
.badge-must-move rect { fill: #c2410c; }
.reach line { stroke: var(--mark); stroke-width: 7; stroke-dasharray: 12 8; opacity: 0.8; }
.reach polygon { fill: var(--mark); opacity: 0.8; }
.reach-charge line { stroke: #b42318; }
.reach-charge polygon { fill: #b42318; }
.highlight { fill: var(--highlight); }
.arrow line { stroke: var(--arrow); stroke-width: 9; stroke-linecap: round; opacity: 0.85; }
.arrow polygon { fill: var(--arrow); opacity: 0.85; }
.label circle { fill: var(--label); stroke: #fff; stroke-width: 3; }
.label text { fill: #fff; font-size: 30px; font-weight: 700; }
.cursor { fill: none; stroke: var(--cursor); stroke-width: 6; }
.mark { fill: none; stroke: var(--mark); stroke-width: 5; }
.mark-drop { stroke: var(--mark-drop); stroke-dasharray: 9 6; }
.mark-win { stroke: var(--mark-win); stroke-width: 8; }
.mark-charge { stroke: #b42318; stroke-width: 7; }
.mark-frozen { stroke: #1d4ed8; stroke-width: 7; }
.mark-marked { stroke: #1d4ed8; stroke-dasharray: 8 6; }
.mark-stuck { stroke: #57534e; stroke-dasharray: 3 6; stroke-width: 7; }
.mark-must-move { stroke: #c2410c; stroke-width: 7; }
.mark-star { fill: var(--mark-win); stroke: #6b5200; stroke-width: 2; }

${PIECE_CSS}
.piece.ghost { opacity: 0.35; }
.piece.taken { opacity: 0.4; }
/* What the move under the pointer would take off: faded and crossed out, not only faded. */
.piece.preview-taken { opacity: 0.45; }
.piece.preview-taken .pc-body { stroke: #b42318; stroke-width: 8; stroke-dasharray: 10 6; }
/* A piece the move leaps over and leaves; a piece it would change, drawn as it would become. */
.jumped-ring { fill: none; stroke: #1d4ed8; stroke-width: 6; stroke-dasharray: 4 7; stroke-linecap: round; }
.changed-ring { fill: none; stroke: #c2410c; stroke-width: 8; stroke-dasharray: 10 6; }
.piece.changing { opacity: 0; }
.piece.lifted { filter: drop-shadow(0 6px 6px rgba(0, 0, 0, 0.35)); }
.status { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.error { margin: 0.5em 0; color: #a4161a; font-size: 0.9rem; }
`;
