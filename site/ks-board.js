// <ks-board>, the embeddable board: `<script type="module" src="<the site>/ks-board.js"></script>`.
// This address is public (embed snippets on other sites name it), so it stays at the site's top;
// the element itself is embed/ks-board.js (embed.html documents it). The build bundles it with every
// module it imports (build.py's bundle()), the catalog too: a page downloads them at once, not one
// round trip after the other, and a diagram is drawn as soon as they arrive.

import "./embed/ks-board.js";
