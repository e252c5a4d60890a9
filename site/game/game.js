// The game on the page: one game record on the one board, its move list, controls, the computer
// player and its library entry. The page holds only a game record ({game, variant, start, moves});
// Python (in the worker) turns it into everything shown: pieces, legal moves, the result and notes.
// Other features (friend games, the library, the other views) use what this module exports.
//
// The pieces, each one concern:
//   game-state.js     the `app` object, the engine and storage, and answers read off them
//   game-view.js      the board, the panel beside it and the controls' state, drawn from `app`;
//                     what the person does on the board goes out as its `intents`
//   game-ctrl.js      opening games, moves, review, Undo and Redo: act() asks Python, show() shows
//   game-computer.js  the computer player (it follows ctrl's actions), who plays, at what level
//   game-controls.js  what the buttons, fields, keys and the view's intents do
// Each imports only those above it in this list (state and save aside): no circles.
//   game-save.js      the game kept in the library after each change
// game-open.js (which game the board holds at start-up, from a link opened here, after the engine
// restarts, when another tab changes it) uses all of them and friend.js: app.js imports it itself.

export {
  app,
  continuing,
  engine,
  finishedHere,
  fresh,
  isFriendGame,
  knownGames,
  readMode,
  request,
  sideName,
  storage,
} from "./game-state.js";
export { board, onControls, renderControls, renderLevels, renderTitle, showLoading } from "./game-view.js";
export { renderNav, wireGameControls } from "./game-controls.js";
export { act, onShown, openFirst, playPosition } from "./game-ctrl.js";
export { chooseMode, startThinking } from "./game-computer.js";
export { keepPosition } from "./game-save.js";
