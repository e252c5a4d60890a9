// examples.html: the original rule pages' worked examples, from the same data as the rules view
// (site/learn/rules/<game>.json), each stepped through move by move and beside a board to play it out.

import { boardEntry, catalog } from "../common/catalog.js";
import { exampleSection, rulesHash, rulesPage } from "./rules.js";

// A board that starts from the example's position: against the computer when the example names the
// side to play, else for two people.
function playableBoard(game, example, info) {
  const board = document.createElement("ks-board");
  board.id = `play-${example.id}`;
  board.setAttribute("game", game);
  board.setAttribute("position", example.start);
  board.setAttribute("controls", "undo new");
  const you = info.sides.find((s) => s.id === example.play?.side);
  if (you) {
    board.setAttribute("players", "computer");
    board.setAttribute("computer-side", info.sides.find((s) => s !== you).id);
    board.setAttribute("level", String(example.play.level ?? 2));
  }
  const caption = document.createElement("figcaption");
  caption.textContent = you ? `Play it out as ${you.name}, against the computer.` : "Play it out: both sides are yours.";
  const figure = document.createElement("figure");
  figure.className = "rules-diagram";
  figure.append(board, caption);
  return figure;
}

async function main() {
  const list = document.getElementById("examples");
  const data = await catalog();
  const pages = await Promise.all(data.games.map(({ id }) => rulesPage(id)));
  for (const [i, { id: game, title }] of data.games.entries()) {
    const page = pages[i];
    const info = boardEntry(data, game).info;
    for (const example of page.examples ?? []) {
      const section = exampleSection(game, example, playableBoard(game, example, info));
      const link = Object.assign(document.createElement("a"), { href: `./${rulesHash(game)}`, textContent: `How to play ${title}` });
      const about = Object.assign(document.createElement("p"), { className: "example-game" });
      about.append(`${title}. `, link);
      section.querySelector("h2").after(about);
      list.append(section);
    }
  }
}

main().catch((error) => {
  const problem = Object.assign(document.createElement("p"), { className: "rules-problem", role: "alert" });
  problem.textContent = `The examples could not be loaded: ${error.message}`;
  document.getElementById("examples").append(problem);
});
