// The form for a set-up's extra state, drawn from Python's description of its fields
// (pygame_rules/setups.py): a number or a choice, sides or squares to tick, lists of entries. Each
// change goes into the set-up and is checked (`ctrl.check()`). Choices of squares follow the
// pieces on the board, so the form is drawn again when they move.

const make = (tag, props = {}) => Object.assign(document.createElement(tag), props);

/** Every field of the game's extra state, with the set-up's values. */
export function renderFields(ctrl) {
  ctrl.$(".editor-fields").replaceChildren(...ctrl.ed.fields.map((field) => renderField(ctrl, field)));
}

function renderField(ctrl, field) {
  const { ed } = ctrl;
  const set = make("fieldset", { className: `editor-field editor-kind-${field.kind}` });
  set.dataset.field = field.key;
  set.append(make("legend", { textContent: field.label }));
  if (field.help) set.append(make("p", { className: "hint", textContent: field.help }));
  const update = (next, fields = false) => {
    ed.setup[field.key] = next;
    if (fields) renderFields(ctrl);
    ctrl.check();
  };
  if (field.kind === "sides" || field.kind === "squares") set.append(...checkboxes(ctrl, field, update));
  else if (field.kind === "list") set.append(...listEntries(ctrl, field, update));
  else {
    const label = make("label", { className: "editor-single" });
    // The legend shows the field's name; the control gets it too (a label with no text names nothing).
    label.append(make("span", { className: "visually-hidden", textContent: field.label }), control(ed, field, ed.setup[field.key], (v) => update(v)));
    set.append(label);
  }
  return set;
}

// Sides or squares to tick, kept in the order they are offered.
function checkboxes({ ed }, field, update) {
  const value = ed.setup[field.key];
  const choices = field.kind === "sides" ? ed.info.sides.map((s) => [s.id, s.name]) : squaresFor(ed, field.pieces, value).map((sq) => [sq, describeSquare(ed, sq)]);
  const boxes = choices.map(([id, text]) => {
    const label = make("label");
    const input = make("input", { type: "checkbox", value: id, checked: value.includes(id) });
    input.onchange = () => {
      const chosen = new Set(ed.setup[field.key]);
      if (input.checked) chosen.add(id);
      else chosen.delete(id);
      update(choices.map(([c]) => c).filter((c) => chosen.has(c)));
    };
    label.append(input, text);
    return label;
  });
  return choices.length ? boxes : [make("p", { className: "empty", textContent: "None on the board." })];
}

// A list's entries, a row of controls (one per column) each with a Remove button, and an Add button.
function listEntries(ctrl, field, update) {
  const { ed } = ctrl;
  const one = field.label.toLowerCase().replace(/s$/, ""); // "Rhino charges" -> "rhino charge"
  const rows = make("div", { className: "editor-rows" });
  ed.setup[field.key].forEach((entry, i) => {
    const row = make("div", { className: "editor-row" });
    for (const column of field.columns) {
      const label = make("label");
      // A column another names as the one whose piece it must be an enemy of: its choices follow.
      const leads = field.columns.some((c) => c.enemyOf === column.key);
      const onChange = (v) => {
        ed.setup[field.key][i][column.key] = v;
        if (leads) update(ed.setup[field.key], true);
        else ctrl.check();
      };
      label.append(column.label, control(ed, column, entry[column.key], onChange, sideAt(ed, entry[column.enemyOf])));
      row.append(label);
    }
    const remove = make("button", { type: "button", textContent: "Remove" });
    remove.setAttribute("aria-label", `Remove this ${one}`);
    remove.onclick = () => update(ed.setup[field.key].filter((_, j) => j !== i), true);
    row.append(remove);
    rows.append(row);
  });
  const add = make("button", { type: "button", textContent: `Add ${one}`, name: `add-${field.key}` });
  add.onclick = () => {
    // Each column's first choice, in order: one naming an enemy of another column's piece picks one.
    const entry = {};
    for (const c of field.columns) {
      entry[c.key] = c.kind === "number" ? c.min : c.kind === "choice" ? c.options[0].value : (squaresFor(ed, c.pieces, [], sideAt(ed, entry[c.enemyOf]))[0] ?? null);
    }
    update([...ed.setup[field.key], entry], true);
  };
  return [rows, add];
}

// One form control for a field (or a list entry's column): a number, or a choice (of squares too;
// `notSide`: not of that side's pieces).
function control(ed, field, value, onChange, notSide = null) {
  if (field.kind === "number") {
    const input = make("input", { type: "number", min: field.min, max: field.max, step: 1, value: String(value ?? field.min) });
    // What was typed goes to Python as it was when it is no whole number JSON can carry exactly
    // (1e400, 99999999999999999999999), so that the message quotes it.
    input.oninput = () => onChange(input.value === "" ? null : Number.isSafeInteger(Number(input.value)) ? Number(input.value) : input.value);
    return input;
  }
  const select = make("select");
  const options =
    field.kind === "choice"
      ? field.options.map((o) => new Option(o.label, o.value))
      : [...(field.options ?? []).map((o) => new Option(o.label, o.value)), ...squaresFor(ed, field.pieces, [value], notSide).map((sq) => new Option(describeSquare(ed, sq), sq))];
  select.replaceChildren(...options);
  select.value = value ?? "";
  select.onchange = () => onChange(select.value);
  return select;
}

// The squares whose pieces a field may name (`pieces` letters; "" for any piece; none of `notSide`'s),
// and `keep` (what the set-up already names there, even if the piece has gone: Python then says so).
function squaresFor(ed, pieces, keep = [], notSide = null) {
  const fits = (sq) => ed.setup.board[sq] && (!pieces || pieces.includes(ed.setup.board[sq])) && (!notSide || sideAt(ed, sq) !== notSide);
  return ed.info.squares.map((s) => s.name).filter((sq) => fits(sq) || keep.includes(sq));
}

// The side of the piece on `square` (null when there is none, or no square).
function sideAt(ed, square) {
  const letter = square ? ed.setup.board[square] : null;
  return letter && Object.hasOwn(ed.info.pieces, letter) ? ed.info.pieces[letter].side : null;
}

const describeSquare = (ed, sq) => (ed.setup.board[sq] ? `${sq} (${ed.info.pieces[ed.setup.board[sq]]?.name ?? "?"})` : `${sq} (empty)`);
