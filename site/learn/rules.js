// How each game is played, as the site teaches it: the rules view (`#rules=<game>`) and the original
// pages' worked examples (also on examples.html). The words, diagrams and examples are data,
// site/learn/rules/<game>.json, checked against the rules engine by tests/test_rules_pages.py; this module
// only lays them out, drawing every board with <ks-board> (static diagrams: no Python needed).
//
// A page: {game, credit: {text, links: [{text, href}]}, intro: [text], sections: [{id, title, text:
// [paragraph], key?: [{kind, name, text}], diagrams: [diagram]}], variants: [{variant, diagrams?}],
// examples: [{id, title, text, diagram?, start, moves?, highlight?, play?, steps: [{move, sentence,
// position}]}]}. A diagram: {position, moves?: [move text], highlight?: "sq sq", caption}; its moves
// are drawn as arrows through the squares each names. Claims the test checks (`exactly`, `saving`,
// `wins`, `result`, `after`) are described in tests/test_rules_pages.py.

import { SQUARE_COLOURS } from "../board/board-style.js";
import { boardEntry, catalog, gameEntry, whyUnknown } from "../common/catalog.js";
import "../embed/ks-board.js";
import { pageTitle } from "../common/words.js";

const PREFIX = "#rules=";
const SQUARE = /[a-z][1-9]/g;

/** The hash of a game's rules page. */
export const rulesHash = (game) => `${PREFIX}${encodeURIComponent(game)}`;

/** The game a rules hash names (still to be checked against the catalog), or null for other hashes. */
function rulesGame(hash) {
  if (!String(hash).startsWith(PREFIX)) return null;
  try {
    return decodeURIComponent(hash.slice(PREFIX.length));
  } catch {
    return hash.slice(PREFIX.length); // a broken %-escape: shown as written, and unknown
  }
}

const pages = new Map();

/** A game's rules data; `game` must be a catalog id (it names a file). */
export function rulesPage(game) {
  if (!pages.has(game)) {
    // Named from the site's top: the build bundles this module into a file one folder down (build.py).
    const loading = fetch(new URL(`../learn/rules/${game}.json`, import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(`could not download the rules (HTTP ${response.status})`);
      return response.json();
    });
    loading.catch(() => pages.delete(game)); // a failed download is tried again next time
    pages.set(game, loading);
  }
  return pages.get(game);
}

function el(tag, props = {}, ...children) {
  const element = Object.assign(document.createElement(tag), props);
  element.append(...children.filter((c) => c != null));
  return element;
}

const paragraphs = (texts = []) => texts.map((text) => el("p", { textContent: text }));

/** A diagram's arrows for move texts: between the squares each names, in order (g2:e4:g6 is g2-e4 e4-g6). */
function arrowsAttribute(moves = []) {
  const arrows = new Set();
  for (const text of moves) {
    const squares = text.match(SQUARE) ?? [];
    for (let i = 1; i < squares.length; i++) if (squares[i] !== squares[i - 1]) arrows.add(`${squares[i - 1]}-${squares[i]}`);
  }
  return [...arrows].join(" ");
}

// Squares a move names without going anywhere (a drop, a null move): marked, since they get no arrow.
const standing = (moves = []) => moves.filter((text) => new Set(text.match(SQUARE)).size === 1).map((text) => text.match(SQUARE)[0]);

// Point a <ks-board> at a diagram: {position or diagram (an original page's string), moves, highlight}.
function drawDiagram(board, game, { position, diagram, moves, highlight, variant }) {
  board.setAttribute("game", game);
  if (variant) board.setAttribute("variant", variant);
  else board.removeAttribute("variant");
  if (diagram) board.setAttribute("diagram", diagram);
  else board.removeAttribute("diagram");
  board.setAttribute("position", position);
  board.setAttribute("arrows", arrowsAttribute(moves));
  board.setAttribute("highlight", [...new Set([...(highlight ?? "").split(/\s+/), ...standing(moves)])].filter(Boolean).join(" "));
}

function diagramFigure(game, diagram) {
  const board = el("ks-board");
  board.toggleAttribute("static", true);
  drawDiagram(board, game, diagram);
  return el("figure", { className: "rules-diagram" }, board, el("figcaption", { textContent: diagram.caption }));
}

function diagramGrid(game, diagrams = [], variant = null) {
  if (!diagrams.length) return null;
  return el("div", { className: "rules-diagrams" }, ...diagrams.map((d) => diagramFigure(game, { variant, ...d })));
}

// The key to a board's kinds of squares: a swatch in the board's own colours, a name and a sentence.
function swatch(kind) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("class", "rules-swatch");
  svg.setAttribute("aria-hidden", "true");
  const rect = (attrs) => {
    const r = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const [k, v] of Object.entries(attrs)) r.setAttribute(k, v);
    svg.append(r);
  };
  if (kind === "ring") {
    // The ring: burrow squares in a circle round an empty middle.
    for (const [x, y] of [[8, 0], [14, 3], [16, 8], [14, 13], [8, 16], [2, 13], [0, 8], [2, 3]]) {
      rect({ x, y, width: 4, height: 4, fill: SQUARE_COLOURS.burrow });
    }
  } else {
    rect({ width: 20, height: 20, fill: SQUARE_COLOURS[kind === "none" ? "frame" : kind] ?? SQUARE_COLOURS.other });
  }
  return svg;
}

function keyList(key = []) {
  if (!key.length) return null;
  return el(
    "ul",
    { className: "rules-key" },
    ...key.map(({ kind, name, text }) => el("li", {}, swatch(kind), el("span", {}, el("strong", { textContent: `${name}: ` }), text))),
  );
}

// A rule: its words (beside its diagrams on a wide screen, above them on a phone).
function section(game, { id, title, text, key, diagrams }) {
  const words = el("div", { className: "rules-text" }, el("h2", { textContent: title }), ...paragraphs(text), keyList(key));
  return el("section", { className: "rules-section rules-rule", id: `rules-${game}-${id}` }, words, diagramGrid(game, diagrams));
}

// Each variant in one sentence (the rules' own description, from the catalog), with its diagrams.
function variantsSection(game, variants, data) {
  if (!variants?.length) return null;
  const items = variants.map(({ variant, diagrams }) => {
    const info = boardEntry(data, game, variant)?.info;
    return el("li", { className: "rules-variant" }, el("h3", { textContent: info?.title ?? variant }), el("p", { textContent: info?.description ?? "" }), diagramGrid(game, diagrams, variant));
  });
  return el(
    "section",
    { className: "rules-section", id: `rules-${game}-variants` },
    el("h2", { textContent: "Variants" }),
    el("p", { textContent: "The Rules menu of the game offers these other rules. Everything not named stays as above." }),
    el("ul", { className: "rules-variants" }, ...items),
  );
}

/**
 * A worked example played step by step: the original diagram (with its labels), then each move with
 * its sentence, by Back and Next (or a move of the list). `extra` goes beside it (examples.html's
 * playable board).
 */
export function exampleSection(game, example, extra = null) {
  const board = el("ks-board");
  board.toggleAttribute("static", true);
  const sentence = el("p", { className: "example-sentence" });
  sentence.setAttribute("aria-live", "polite");
  const counter = el("span", { className: "example-counter" });
  const back = el("button", { type: "button", textContent: "‹ Back", className: "example-back" });
  const next = el("button", { type: "button", textContent: "Next ›", className: "example-next" });
  const steps = example.steps;
  const moves = steps.map((step, i) => {
    const button = el("button", { type: "button", textContent: step.move });
    button.onclick = () => go(i + 1);
    return button;
  });
  let at = 0;
  function go(to) {
    at = Math.max(0, Math.min(steps.length, to));
    const step = steps[at - 1];
    if (step) drawDiagram(board, game, { position: step.position, moves: [step.move], highlight: step.highlight });
    else drawDiagram(board, game, { position: example.start, diagram: example.diagram, moves: example.moves, highlight: example.highlight });
    sentence.textContent = step ? step.sentence : example.text.join(" ");
    counter.textContent = at ? `Move ${at} of ${steps.length}` : "The start";
    back.disabled = at === 0;
    next.disabled = at === steps.length;
    moves.forEach((button, i) => {
      if (i + 1 === at) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    });
  }
  back.onclick = () => go(at - 1);
  next.onclick = () => go(at + 1);
  go(0);
  const controls = el("div", { className: "example-controls" }, back, counter, next);
  controls.setAttribute("role", "group");
  controls.setAttribute("aria-label", `Step through ${example.title}`);
  const list = el("ol", { className: "example-moves" }, ...moves.map((button) => el("li", {}, button)));
  list.setAttribute("aria-label", "The moves");
  return el(
    "section",
    { className: "rules-section rules-example", id: example.id },
    el("h2", { textContent: example.title }),
    el("div", { className: "example-body" }, el("figure", { className: "rules-diagram" }, board, controls), el("div", { className: "example-words" }, sentence, list), extra),
  );
}

// The page of one game's rules.
function rulesContent(game, page, data) {
  const credit = page.credit;
  const links = (credit.links ?? []).map(({ text, href }) => el("li", {}, el("a", { href, textContent: text, rel: "noopener" })));
  return [
    el("p", { className: "rules-intro", textContent: (page.intro ?? []).join(" ") }),
    ...page.sections.map((s) => section(game, s)),
    variantsSection(game, page.variants, data),
    page.examples?.length
      ? el("section", { className: "rules-section" }, el("h2", { textContent: "Worked examples" }), el("p", { textContent: "From the original rules page, move by move: use Next and Back." }))
      : null,
    ...(page.examples ?? []).map((example) => exampleSection(game, example)),
    el("section", { className: "rules-section rules-credit" }, el("h2", { textContent: "Credit" }), el("p", { textContent: credit.text }), links.length ? el("ul", {}, ...links) : null, el("p", { textContent: "The words and diagrams on this page are written for this site, and every diagram is checked against its rules engine." })),
  ].filter(Boolean);
}

/**
 * The rules view for the router. `backHash(game)` is the link back to the game view for the rules'
 * game: the game in progress if it is that game (the game view is only hidden meanwhile, so the
 * game is as it was left), else that game's.
 */
export function createRulesView({ element, backHash }) {
  const heading = element.querySelector("h1");
  const back = element.querySelector("[data-back]");
  const body = element.querySelector("[data-body]");
  let shown = null; // the game whose page is drawn
  let shownTitle = "";
  async function draw(game) {
    shown = game;
    const data = await catalog();
    const unknown = whyUnknown(data, game);
    if (unknown) {
      heading.textContent = "No such rules";
      shownTitle = pageTitle("Rules");
      const others = data.games.map((g) => el("li", {}, el("a", { href: rulesHash(g.id), textContent: `How to play ${g.title}` })));
      body.replaceChildren(el("p", { className: "rules-problem", textContent: `There are no rules to show: ${unknown}.` }), el("ul", { className: "rules-others" }, ...others));
      return;
    }
    const title = gameEntry(data, game).title;
    heading.textContent = `How to play ${title}`;
    shownTitle = pageTitle(`${title} rules`);
    body.replaceChildren(el("p", { className: "rules-loading", textContent: "Loading the rules…" }));
    try {
      const page = await rulesPage(game);
      if (shown === game) body.replaceChildren(...rulesContent(game, page, data));
    } catch (error) {
      if (shown !== game) return;
      shown = null; // tried again when next shown
      body.replaceChildren(el("p", { className: "rules-problem", textContent: `The rules of ${title} could not be loaded: ${error.message}. Check your connection and open this page again.` }));
    }
  }
  return {
    name: "rules",
    element,
    matches(hash) {
      const game = rulesGame(hash);
      return game === null ? null : { game };
    },
    async show({ game }) {
      back.href = backHash(game);
      element.dataset.game = game; // the top bar marks the game shown
      if (shown !== game) scrollTo(0, 0); // another game's rules (the router scrolls when the view changes)
      if (shown !== game) await draw(game);
      if (!element.hidden) document.title = shownTitle;
    },
  };
}
