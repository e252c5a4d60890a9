"""Six boards playing against the computer on one page: every board gets the computer's move.

All boards of a page share one Python worker; the bridge once kept 4 searches and dropped the oldest,
so two of six boards never moved ("no search 'search-1' is running").
"""

from __future__ import annotations

BOARDS = [("lilypad", "b"), ("three-crowns", "g"), ("lion", "w")] * 2

ADD_BOARDS = """(boards) => {
  window.moved = {};
  window.failed = [];
  boards.forEach(([game, side], i) => {
    const board = document.createElement("ks-board");
    board.id = `computer-${i}`;
    for (const [name, value] of Object.entries({ game, players: "computer", "computer-side": side, level: "2" })) board.setAttribute(name, value);
    board.addEventListener("ks-move", (e) => (window.moved[board.id] ??= []).push(e.detail.move));
    board.addEventListener("ks-error", (e) => window.failed.push(e.detail.message));
    document.body.append(board);
  });
}"""


def test_six_computer_boards_on_one_page_all_move(new_site):
    site = new_site()
    site.open(page="embed.html", wait=False)
    page = site.page
    page.evaluate(ADD_BOARDS, BOARDS)
    page.wait_for_function(
        f"() => Object.keys(window.moved).length === {len(BOARDS)} || window.failed.length > 0", timeout=120_000
    )
    assert page.evaluate("window.failed") == []
    assert sorted(page.evaluate("Object.keys(window.moved)")) == [f"computer-{i}" for i in range(len(BOARDS))]
    site.watch.assert_clean()
