// <ks-board>, the embeddable board: `<script type="module" src="<the site>/ks-board.js"></script>`.
// This address is public (embed snippets on other sites name it), so it stays at the site's top;
// the element itself is embed/ks-board.js (embed.html documents it). The modules that one imports
// are named here too, so that the browser downloads them all with this file, not one round trip
// after the other: a diagram is drawn as soon as they arrive.

import "./embed/ks-board.js";
import "./embed/ks-board-attributes.js";
import "./embed/ks-board-shared.js";
import "./embed/ks-board-play.js";
import "./embed/notation.js";
import "./board/board.js";
import "./board/board-ctrl.js";
import "./board/board-events.js";
import "./board/board-pieces.js";
import "./board/board-render.js";
import "./board/board-state.js";
import "./board/board-style.js";
import "./board/board-svg.js";
import "./board/glyphs.js";
import "./board/pathinput.js";
import "./common/catalog.js";
import "./games.js";
