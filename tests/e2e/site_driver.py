"""Drive the site as a person does: click squares and buttons, read what the page shows."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, expect

READY_TIMEOUT = 90_000  # a cold Pyodide start takes seconds; a loaded CI machine, more
SLOW_MS = 180_000  # the service worker's files and the snapshot, on a machine that may be busy
SNAPSHOTS = "kings-and-soldiers-snapshots"
#: Where the tests leave their screenshots, to look at after a run (KS_SCREENSHOTS to choose).
SCREENSHOTS = Path(os.environ.get("KS_SCREENSHOTS") or Path(tempfile.gettempdir()) / "kings-and-soldiers-screenshots")

# [[key, digest, size], ...] of the memory snapshots stored in Cache Storage (warmstart.js).
STORED = f"""async () => {{
  const cache = await caches.open("{SNAPSHOTS}");
  return Promise.all((await cache.keys()).map(async (request) => {{
    const response = await cache.match(request);
    return [request.url, response.headers.get("X-Snapshot-SHA256"), (await response.arrayBuffer()).byteLength];
  }}));
}}"""


#: The analysis board's main line of moves (a move with its number is wrapped with it, so a row
#: never ends on a number).
MAIN_LINE = "#analysis-moves .line > .mv, #analysis-moves .line > .step > .mv"


def shot(target, name: str, **options) -> Path:
    """Save a screenshot of ``target`` (a page or a locator) as ``SCREENSHOTS/name.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    target.screenshot(path=str(path), **options)
    return path


def poll(condition, timeout_ms: float = SLOW_MS, what: str = "a condition"):
    """Wait until ``condition()`` is truthy (in-page promises need polling, not wait_for_function,
    which the site's CSP forbids: it evaluates a string)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not (result := condition()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.5)
    return result


def next_squares(position, clicked: list[str]) -> set[str]:
    """The squares the engine lets a player click after `clicked`: what the board must light up."""
    n = len(clicked)
    return {m.path[n] for m in position.legal() if list(m.path[:n]) == clicked and len(m.path) > n}


class Site:
    """One page of the site. ``touch``: a phone's page, where a person taps instead of clicking."""

    def __init__(self, page: Page, watch, touch: bool = False):
        self.page = page
        self.watch = watch
        self.touch = touch

    # -- loading -------------------------------------------------------------------------------

    def open(self, fragment: str = "", page: str = "index.html", wait: bool = True) -> None:
        self.page.goto(page + fragment)
        if wait:
            self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=READY_TIMEOUT)
        self.wait_idle()

    def wait_idle(self) -> None:
        self.page.wait_for_selector("html:not([data-busy])", state="attached")

    def started_from(self) -> str | None:
        """How the page's Python started: "shipped" (restored from the snapshot the build made),
        "snapshot" (from the one the browser stored) or "plain"."""
        return self.page.locator("html").get_attribute("data-engine-start")

    def offline_ready(self) -> bool:
        """Whether the service worker controls the page and a memory snapshot is stored: after
        this, a reload is a returning visit and the site also opens offline."""
        return self.page.evaluate("navigator.serviceWorker.controller !== null") and bool(self.page.evaluate(STORED))

    # -- the board -----------------------------------------------------------------------------

    def square(self, name: str, board: str = "#board"):
        return self.page.locator(f"{board} .sq[data-square='{name}']")

    def click(self, name: str) -> None:
        """Click a square, or tap it on a phone."""
        square = self.square(name)
        square.tap() if self.touch else square.click()

    def press(self, name: str) -> None:
        """Press the button called ``name`` (a tap on a phone)."""
        button = self.button(name)
        button.tap() if self.touch else button.click()

    def board_box(self, board: str = "#board") -> dict:
        """Where the board is on the screen (CSS pixels from the viewport's top left)."""
        box = self.page.locator(board).bounding_box()
        assert box is not None, f"{board} is not shown"
        return {k: round(v) for k, v in box.items()}

    def assert_board_in_view(self, before: dict | None = None, board: str = "#board") -> dict:
        """The whole board is inside the viewport and, given where it was ``before``, has not moved
        (the board never moves under the person's finger). Returns where it is."""
        box = self.board_box(board)
        view = self.page.viewport_size
        inside = box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= view["width"] + 1 \
            and box["y"] + box["height"] <= view["height"] + 1
        assert inside, f"the board is not wholly in view: {box} in a {view['width']}x{view['height']} viewport"
        if before is not None:
            assert box == before, f"the board moved from {before} to {box}"
        return box

    def squares_of(self, selector: str) -> set[str]:
        return set(self.page.locator(selector).evaluate_all("els => els.map(e => e.dataset.square)"))

    def dests(self) -> set[str]:
        """Squares marked as the next square of a move (dots on empty squares, rings on pieces)."""
        return self.squares_of("#board .dest, #board .dest-ring")

    def stop_squares(self) -> set[str]:
        return self.squares_of("#board .stop")

    def selected(self, board: str = "#board") -> set[str]:
        return self.squares_of(f"{board} .selected")

    def last_move_squares(self) -> set[str]:
        return self.squares_of("#board .last")

    def marks(self, kind: str) -> set[str]:
        return self.squares_of(f"#board .mark-{kind}")

    def above(self, upper: str, lower: str, board: str = "#board") -> bool:
        """Whether square ``upper`` is drawn above square ``lower`` (which side is at the bottom)."""
        return self.square(upper, board).bounding_box()["y"] < self.square(lower, board).bounding_box()["y"]

    def pieces(self, board: str = "#board") -> dict[str, str]:
        return dict(
            self.page.locator(f"{board} .piece[data-square]").evaluate_all(
                "els => els.map(e => [e.dataset.square, e.dataset.piece])"
            )
        )

    def play(self, text: str, path: list[str] | tuple[str, ...]) -> None:
        """Enter a move by clicking its path; stop on the last square if the board offers to go on."""
        before = len(self.history())
        for square in path:
            self.click(square)
        if path[-1] in self.stop_squares():
            self.click(path[-1])
        # By index, not as the current move: a computer's reply may already follow it.
        expect(self.page.locator("#moves .mv").filter(has_not_text="…").nth(before)).to_have_text(text)
        self.wait_idle()

    # -- the panel -----------------------------------------------------------------------------

    def history(self) -> list[str]:
        """The moves up to the one the board shows (moves after it, kept for Redo, are left out)."""
        return [t for t in self.page.locator("#moves .mv:not(.future)").all_inner_texts() if t != "…"]

    def line(self) -> list[str]:
        """Every move in the list, the ones after the board's position included."""
        return [t for t in self.page.locator("#moves .mv").all_inner_texts() if t != "…"]

    def library(self) -> list[dict]:
        """The games library as stored in the browser (one localStorage key per game; texts that
        are not a game, which the site keeps as they are, left out)."""
        return self.page.evaluate(
            "() => Object.keys(localStorage).filter(k => k.startsWith('kings-and-soldiers/game/'))"
            ".flatMap(k => { try { return [JSON.parse(localStorage.getItem(k))]; } catch { return []; } })"
            ".filter(e => e?.record && typeof e.record === 'object')"
        )

    def saved_moves(self, game: str) -> list[list[str]]:
        """The move lists of the library's games of ``game``."""
        return [e["record"]["moves"] for e in self.library() if e["record"]["game"] == game]

    def messages(self) -> list[str]:
        return self.page.locator("#messages .message").all_inner_texts()

    def dismiss_messages(self) -> None:
        buttons = self.page.locator("#messages .dismiss")
        while buttons.count():  # each click removes its message
            buttons.first.click()

    def button(self, name: str):
        return self.page.get_by_role("button", name=name, exact=True)

    def choose_players(self, mode: str, level: int | None = None) -> None:
        """Pick who plays ("Two players", "Play Black vs computer", ...) and the computer's level."""
        self.page.get_by_label("Players").select_option(label=mode)
        if level is not None:
            self.page.get_by_label("Level").select_option(value=str(level))

    def play_black_and_await_reply(self, level: int = 1) -> None:
        """A Lilypad game as Black against the computer at ``level``: K@c8, then the computer's reply."""
        self.choose_players("Play Black vs computer", level)
        self.wait_idle()
        self.play("K@c8", ["c8"])
        expect(self.page.locator("#moves .mv").nth(1)).not_to_have_text("…")  # the computer's reply
        self.wait_idle()

    def friend_link(self, previous: str = "") -> str:
        """The link the friend box offers to send, from its "#" (``open`` takes it), once it is a new one."""
        expect(self.page.locator("#friend-box")).to_be_visible()
        self.page.wait_for_function(
            "previous => { const v = document.getElementById('friend-link').value; return v.includes('friend=') && !(previous && v.endsWith(previous)); }",
            arg=previous,
        )
        link = self.page.locator("#friend-link").input_value()
        return link[link.index("#") :]

    def load_position(self, text: str) -> None:
        details = self.page.locator("details.position")
        if not details.evaluate("d => d.open"):
            details.locator("summary").click()
        self.page.get_by_label("Load a position").fill(text)
        self.button("Load").click()
        self.wait_idle()
