"""Drive the site as a person does: click squares and buttons, read what the page shows."""

from __future__ import annotations

from playwright.sync_api import Page, expect

READY_TIMEOUT = 90_000  # a cold Pyodide start takes seconds; a loaded CI machine, more


class Site:
    def __init__(self, page: Page, watch):
        self.page = page
        self.watch = watch

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

    # -- the board -----------------------------------------------------------------------------

    def square(self, name: str, board: str = "#board"):
        return self.page.locator(f"{board} .sq[data-square='{name}']")

    def click(self, name: str) -> None:
        self.square(name).click()

    def squares_of(self, selector: str) -> set[str]:
        return set(self.page.locator(selector).evaluate_all("els => els.map(e => e.dataset.square)"))

    def dests(self) -> set[str]:
        """Squares marked as the next square of a move (dots on empty squares, rings on pieces)."""
        return self.squares_of("#board .dest, #board .dest-ring")

    def stop_squares(self) -> set[str]:
        return self.squares_of("#board .stop")

    def selected(self) -> set[str]:
        return self.squares_of("#board .selected")

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
        """The games library as stored in the browser (one localStorage key per game)."""
        return self.page.evaluate(
            "() => Object.keys(localStorage).filter(k => k.startsWith('kings-and-soldiers/game/'))"
            ".map(k => JSON.parse(localStorage.getItem(k)))"
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

    def load_position(self, text: str) -> None:
        details = self.page.locator("details.position")
        if not details.evaluate("d => d.open"):
            details.locator("summary").click()
        self.page.get_by_label("Load a position").fill(text)
        self.button("Load").click()
        self.wait_idle()
