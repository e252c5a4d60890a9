"""<ks-board>: diagrams drawn with no Python, playable boards sharing one worker, the iframe embed."""

from __future__ import annotations

import json
import random
import re
import threading
from pathlib import Path

import pygame_rules
import pytest
from playwright.sync_api import expect
from site_driver import SLOW_MS

import build

SEED_DIAGRAM_2 = "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -"
RUNTIME = ("pyodide/", "worker.js", "engine.js")


def runtime_requests(page) -> list[str]:
    """Record the requests of `page` that belong to the Python runtime; returns the live list."""
    seen: list[str] = []
    page.on("request", lambda r: any(part in r.url for part in RUNTIME) and seen.append(r.url))
    return seen


def serve_test_page(site, name: str, body: str) -> None:
    """Serve `body` as the site's page `name` (same origin as the site, so it may load ks-board.js)."""
    html = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{name}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="ks-board.js"></script></head><body>{body}</body></html>"""
    site.page.context.route(f"**/{name}", lambda route: route.fulfill(body=html, content_type="text/html"))


def midgame_positions(count: int, seed: int = 20) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    games = pygame_rules.games()
    found = []
    while len(found) < count:
        game = games[len(found) % len(games)]
        record = pygame_rules.Game(game)
        for _ in range(rng.randrange(6, 40)):
            if record.result is not None:
                break
            record.play(rng.choice(record.legal()))
        found.append((game, record.position.text))
    return found


def test_diagrams_are_drawn_without_the_runtime(new_site):
    positions = midgame_positions(20)
    site = new_site()
    boards = "".join(
        f'<ks-board id="d{i}" game="{game}" position="{text}" static></ks-board>' for i, (game, text) in enumerate(positions)
    )
    serve_test_page(site, "twenty-diagrams.html", boards)
    runtime = runtime_requests(site.page)
    site.page.goto("twenty-diagrams.html")
    site.page.wait_for_function("() => Promise.all([...document.querySelectorAll('ks-board')].map(b => b.ready)).then(() => true)")
    for i, (game, text) in enumerate(positions):
        assert site.pieces(f"#d{i}") == pygame_rules.load(game, text).pieces_on_board(), text
    site.page.wait_for_timeout(500)  # anything that would start the worker late
    assert runtime == []
    site.watch.assert_clean()


def test_the_examples_page_draws_the_rule_pages_diagrams(new_site):
    site = new_site()
    site.open(page="examples.html", wait=False)
    page = site.page
    seed = pygame_rules.load("lilypad", SEED_DIAGRAM_2)
    section = "#lilypad-example ks-board[diagram]"
    # The examples are built from the rules pages' data (examples.js), then drawn.
    expect(page.locator(f"{section} .piece[data-square]")).to_have_count(len(seed.pieces_on_board()), timeout=30_000)
    assert site.pieces(section) == seed.pieces_on_board()
    assert site.squares_of(f"{section} .label") == {"f3"}
    assert page.locator(f"{section} .arrow").evaluate("a => [a.dataset.from, a.dataset.to]") == ["g4", "f3"]
    jumping = "#crowns-jumping ks-board[diagram]"
    labels = page.locator(f"{jumping} .label").evaluate_all("els => els.map(e => [e.dataset.square, e.dataset.label])")
    assert dict(labels) == {"d4": "1", "b2": "2", "d2": "2", "f4": "2"}
    example = pygame_rules.load("three-crowns", "1g3b2/2b5/g3B2b/b7/gb1G4/3B1g2/3gGb1b/gbg5 g - 0")
    assert site.pieces("#crowns-example ks-board[diagram]") == example.pieces_on_board()
    # The worked examples are playable: the two-player jumping example takes Black's jump d6:d4:f4.
    board = "#play-crowns-jumping"
    expect(page.locator(f"{board} button[data-control=new]")).to_be_disabled()
    page.wait_for_function("() => document.getElementById('play-crowns-jumping').state !== null", timeout=90_000)
    for square in ("d6", "d4", "f4"):
        site.square(square, board).click()
    expect(page.locator(f"{board} .piece[data-square='f4']")).to_have_attribute("data-piece", "B")
    assert "e4" not in site.pieces(board)
    page.locator(f"{board} button[data-control=undo]").click()
    expect(page.locator(f"{board} .piece[data-square='d6']")).to_have_attribute("data-piece", "B")
    site.watch.assert_clean()


def test_diagrams_and_a_playable_board_on_one_page(new_site):
    site = new_site()
    site.open(page="embed.html", wait=False)
    page = site.page
    seed = pygame_rules.load("lilypad", SEED_DIAGRAM_2)
    for board, game in [("#crowns", "three-crowns"), ("#styled", "lilypad")]:
        expect(page.locator(f"{board} .piece[data-square]")).not_to_have_count(0)
        assert site.pieces(board) == pygame_rules.start(game).pieces_on_board()
    assert site.squares_of("#crowns .highlight") == {"c1", "d2", "e3"}
    for board in ("#seed", "#seed-diagram"):
        assert site.pieces(board) == seed.pieces_on_board()
    assert site.squares_of("#seed-diagram .label") == {"f3"}
    charge = page.locator("#lion .reach-charge")
    assert charge.evaluate("a => [a.dataset.square, a.dataset.toward]") == ["f6", "f7 f8"]

    page.locator("#seed .piece[data-square='b3']").click(force=True)  # on b3 (pieces let clicks through): a diagram takes no input
    assert site.squares_of("#seed .selected, #seed .dest") == set()
    # A diagram draws its squares of a kind as one shape (no element per square to click).
    assert page.locator("#seed .sq").count() == 2 and page.locator("#seed .sq[data-square]").count() == 0

    page.wait_for_function("() => document.getElementById('play').state !== null", timeout=90_000)
    expect(page.locator("#play .piece[data-square='c8']")).to_have_attribute("data-piece", "B")
    site.square("c6", "#play").click()
    assert site.squares_of("#play .dest") == {"b5", "d5"}
    page.evaluate(
        "() => { window.played = new Promise(r => document.getElementById('play').addEventListener('ks-move', e => r(e.detail.move))); }"
    )
    site.square("d5", "#play").click()
    assert page.evaluate("window.played") == "c6-d5"
    expect(page.locator("#play .piece[data-square='d5']")).to_have_attribute("data-piece", "b")
    site.watch.assert_clean()


def test_a_board_against_the_computer_answers_a_move(new_site):
    site = new_site()
    site.open(page="embed.html", wait=False)
    page = site.page
    board = "#computer"
    # Drawn at once, saying it is loading, before Python has answered.
    expect(page.locator(f"{board} .piece[data-square]")).to_have_count(20)
    page.evaluate(
        """() => { window.events = [];
        for (const type of ["ks-ready", "ks-move", "ks-end", "ks-error"])
          document.getElementById("computer").addEventListener(type, (e) => window.events.push([type, e.detail.move ?? null, e.detail.by ?? null])); }"""
    )
    page.wait_for_function("() => document.getElementById('computer').state !== null", timeout=90_000)
    expect(page.locator(f"{board} .note")).to_have_text("Green to move (you).")
    site.square("a4", board).click()
    site.square("b4", board).click()
    page.wait_for_function("() => window.events.filter(e => e[0] === 'ks-move').length >= 2", timeout=60_000)
    moves = [e for e in page.evaluate("window.events") if e[0] == "ks-move"]
    assert moves[0] == ["ks-move", "a4-b4", "human"] and moves[1][2] == "computer"
    reply = pygame_rules.load("three-crowns", pygame_rules.start("three-crowns").play("a4-b4").text)
    assert moves[1][1] in reply.moves()
    # Undo takes back the computer's reply and the person's move.
    page.locator(f"{board} button[data-control=undo]").click()
    expect(page.locator(f"{board} .piece[data-square='a4']")).to_have_attribute("data-piece", "g")
    assert site.pieces(board) == pygame_rules.start("three-crowns").pieces_on_board()
    site.watch.assert_clean()


@pytest.mark.parametrize(
    "attributes, message",
    [
        ('game="constructor"', 'unknown game "constructor" (games: lilypad, three-crowns, lion)'),
        ('game="lilypad" variant="toString"', 'unknown variant "toString" of lilypad (variants: invisible-city'),
        ('game="lion" position="c1c/rtlsr w - - - 0"', "has 2 ranks, expected 9"),
        ('game="lilypad" diagram="lurd,8,8,8/8"', "has 16 squares, expected 64"),
        ('game="lilypad" arrows="g4-z9" static', '"g4-z9" must be two different squares'),
        ('game="lilypad" controls="undo redo"', 'controls: unknown "redo" (controls: undo, new)'),
        ('game="lilypad" players="computer" level="9"', 'level "9" must be one of 1, 2, 3, 4, 5'),
        ('game="lilypad" players="computer" computer-side="white"', 'computer-side "white" must be "b" (Black) or "g" (Green)'),
        ('game="lion" orientation="sideways"', 'orientation "sideways" must be "normal" or "flipped"'),
        ('game="lilypad" level="3"', 'level is for a board against the computer: add players="computer"'),
        # Every bad attribute at once, not only the first: the page's author fixes them in one go.
        ('game="lilypad" players="computer" controls="bogus" computer-side="q" level="99"',
         'several attributes are wrong: controls: unknown "bogus" (controls: undo, new); '
         'computer-side "q" must be "b" (Black) or "g" (Green); level "99" must be one of 1, 2, 3, 4, 5'),
        ('game="lion" orientation="up" controls="bogus" computer-side="q" level="99"',
         'several attributes are wrong: orientation "up" must be "normal" or "flipped"; controls: unknown "bogus" '
         '(controls: undo, new); computer-side and level are for a board against the computer: add players="computer"'),
        ('game="lilypad" static highlight="' + " ".join(f"z{i}" for i in range(5000)) + '"', '"z0", "z1", "z2", "z3", "z4" and 4995 more are not squares'),
    ],
    ids=lambda value: value[:40],
)
def test_bad_attributes_are_said_in_plain_words(new_site, attributes, message):
    site = new_site()
    serve_test_page(site, "bad.html", f"<ks-board id=bad {attributes}></ks-board>")
    runtime = runtime_requests(site.page)
    site.page.goto("bad.html")
    expect(site.page.locator("#bad .error")).to_contain_text(message)
    assert len(site.page.locator("#bad .error").text_content()) < 400  # long input quoted short
    expect(site.page.locator("#bad svg")).to_have_count(0)  # no board that looks playable and is not
    assert runtime == []  # refused before anything asked for Python


def test_a_board_set_wrong_later_shows_the_error_in_its_place_and_comes_back_when_set_right(new_site):
    """A host page that changes an attribute to a bad value: the board it had goes (it could not be
    played any more), the error stands in its place, whole on a phone; set right, the board is back."""
    site = new_site(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    serve_test_page(site, "later.html", '<ks-board id=later game="lilypad"></ks-board>')
    site.page.goto("later.html")
    expect(site.page.locator("#later .note")).to_have_text("Black to move.")
    site.page.evaluate("document.getElementById('later').setAttribute('position', 'garbage')")
    error = site.page.locator("#later .error")
    expect(error).to_contain_text('position "garbage" has 1 part where 3 are expected')
    expect(site.page.locator("#later svg")).to_have_count(0)
    expect(site.page.locator("#later .note")).to_have_count(0)
    box = error.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box  # wrapped, not running off the screen
    site.page.evaluate("document.getElementById('later').removeAttribute('position')")
    expect(site.page.locator("#later .note")).to_have_text("Black to move.")
    expect(error).to_have_count(0)
    site.square("c8", "#later").tap()
    site.watch.assert_clean()


@pytest.fixture(scope="module")
def other_origin(site_url, tmp_path_factory):
    """A page on another port (another origin) that embeds a board.html frame and logs its messages."""
    folder: Path = tmp_path_factory.mktemp("host")
    frame = f"{site_url}board.html#" + "&".join(
        f"{k}={v}" for k, v in {
            "game": "lilypad", "moves": "K@c8+K@f1", "players": "computer", "computer-side": "g",
            "level": "1", "controls": "undo+new", "id": "first",
        }.items()
    )
    (folder / "host.html").write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<script>
  window.received = [];
  addEventListener("message", (event) => {{
    if (event.origin !== {json.dumps(site_url.split("/", 3)[:3])}.join("/")) return;
    if (event.data?.source === "ks-board") window.received.push(event.data);
  }});
</script></head><body><iframe src="{frame}" title="Lilypad" style="width: 420px; height: 520px; border: 0"></iframe></body></html>""")
    httpd = build.server(folder)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/host.html"
    httpd.shutdown()
    httpd.server_close()


def test_a_board_embedded_from_another_origin_plays(new_site, other_origin, site_url):
    assert other_origin.split("/")[2] != site_url.split("/")[2]
    site = new_site()
    page = site.page
    page.goto(other_origin)
    frame = page.frame_locator("iframe")
    page.wait_for_function("() => window.received.some(m => m.type === 'ks-ready')", timeout=90_000)
    ready = next(m for m in page.evaluate("window.received") if m["type"] == "ks-ready")
    assert ready["id"] == "first" and ready["history"] == ["K@c8", "K@f1"] and ready["turn"] == "b"
    frame.locator(".sq[data-square='c6']").click()
    frame.locator(".sq[data-square='d5']").click()
    page.wait_for_function("() => window.received.filter(m => m.type === 'ks-move').length >= 2", timeout=60_000)
    moves = [m for m in page.evaluate("window.received") if m["type"] == "ks-move"]
    assert (moves[0]["move"], moves[0]["by"], moves[0]["id"]) == ("c6-d5", "human", "first")
    after = pygame_rules.Game("lilypad")
    for move in ("K@c8", "K@f1", "c6-d5"):
        after.play(move)
    assert moves[1]["by"] == "computer" and moves[1]["move"] in after.moves()
    assert moves[1]["history"] == ["K@c8", "K@f1", "c6-d5", moves[1]["move"]]
    expect(frame.locator(".piece[data-square='d5']")).to_have_attribute("data-piece", "b")
    site.watch.assert_clean()


# -- The README's snippets, as a person copies them into a page of another site -----------------

README = Path(__file__).resolve().parents[2] / "README.md"
SNIPPET = re.compile(r"<!-- snippet: (\w+) -->\n```html\n(.*?)```", re.S)
#: Where the README's snippets say the built folder is served.
PLACEHOLDER_FOLDER = "https://your.host/kings-and-soldiers/"
PLACEHOLDER_ORIGIN = "https://your.host"


def readme_snippets() -> dict[str, str]:
    snippets = dict(SNIPPET.findall(README.read_text(encoding="utf-8")))
    assert set(snippets) == {"iframe", "module"}, f"README.md's marked snippets: {sorted(snippets)}"
    return snippets


class CorsHandler(build.Handler):
    """The site's files as a host that lets every other site use them (as GitHub Pages does)."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


def serve(folder: Path, handler=build.Handler):
    httpd = build.server(folder, handler=handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


@pytest.fixture(scope="module")
def other_hosts(site_url, tmp_path_factory):
    """{"plain": the site's URL as served (no CORS headers), "cors": the same folder from a host that
    sends them, "pages": a third origin serving the host pages written by `host_page`}."""
    site = build.DIST
    cors = serve(site, CorsHandler)
    folder: Path = tmp_path_factory.mktemp("readme-host")
    pages = serve(folder)
    yield {
        "plain": site_url,
        "cors": f"http://127.0.0.1:{cors.server_address[1]}/",
        "pages": f"http://127.0.0.1:{pages.server_address[1]}/",
        "folder": folder,
    }
    for httpd in (cors, pages):
        httpd.shutdown()
        httpd.server_close()


def host_page(hosts: dict, name: str, snippet: str, site: str, extra: str = "") -> str:
    """A page of the third origin holding `snippet` as the README writes it, pointed at `site`."""
    origin = "/".join(site.split("/")[:3])
    body = snippet.replace(PLACEHOLDER_FOLDER, site).replace(PLACEHOLDER_ORIGIN, origin)
    assert "your.host" not in body
    (hosts["folder"] / name).write_text(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{name}</title></head><body>{body}{extra}</body></html>'
    )
    url = hosts["pages"] + name
    assert url.split("/")[2] != site.split("/")[2]  # another origin
    return url


def fallback_shown(page) -> bool:
    """Whether the text written inside the page's <ks-board> is rendered (it has boxes on the page):
    it is, until the element draws its board in its shadow root in place of it."""
    return page.locator("ks-board").first.evaluate(
        """(board) => [...board.childNodes].some((node) => {
            if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) return false;
            const range = document.createRange();
            range.selectNodeContents(node);
            return range.getClientRects().length > 0;
        })"""
    )


def test_the_readme_iframe_snippet_plays_from_another_site(new_site, other_hosts):
    site = new_site()
    page = site.page
    logged = []
    page.on("console", lambda m: m.type == "log" and logged.append(m.text))
    page.goto(host_page(other_hosts, "iframe.html", readme_snippets()["iframe"], other_hosts["plain"]))
    frame = page.frame_locator("iframe")
    expect(frame.locator(".piece[data-square]")).to_have_count(24)
    expect(frame.locator(".note")).to_have_text("Black to move (you).", timeout=90_000)
    # The snippet's own listener logs each move the frame reports: the person's, then the computer's.
    with page.expect_console_message(lambda m: m.text.startswith("computer "), timeout=90_000):
        frame.locator(".sq[data-square='c8']").click()  # the King drop: one click on the soldier
    expect(frame.locator(".piece[data-square='c8']")).to_have_attribute("data-piece", "B")
    assert logged[:1] == ["human K@c8"] and logged[1].startswith("computer K@"), logged
    site.watch.assert_clean()


def test_the_readme_module_snippet_draws_from_a_host_that_allows_it(new_site, other_hosts):
    site = new_site()
    page = site.page
    playable = '<ks-board id="playable" game="lilypad"></ks-board>'
    page.goto(host_page(other_hosts, "module.html", readme_snippets()["module"], other_hosts["cors"], playable))
    diagram = page.locator("ks-board[static]")
    expect(diagram.locator(".piece[data-square]")).to_have_count(len(pygame_rules.load("lilypad", SEED_DIAGRAM_2).pieces_on_board()))
    assert site.pieces("ks-board[static]") == pygame_rules.load("lilypad", SEED_DIAGRAM_2).pieces_on_board()
    assert not fallback_shown(page)  # drawn: the text inside the element is no longer shown
    # A board that plays cannot start its worker from another site: it says so in place, naming the iframe.
    expect(page.locator("#playable .error")).to_contain_text("embed " + other_hosts["cors"] + "board.html in an iframe")
    site.watch.assert_clean()


def test_the_readme_module_snippet_leaves_its_message_where_the_host_sends_no_cors(new_site, other_hosts):
    site = new_site()
    page = site.page
    page.goto(host_page(other_hosts, "no-cors.html", readme_snippets()["module"], other_hosts["plain"]))
    expect(page.locator("ks-board")).to_contain_text("if this text stays, its script could not be loaded")
    expect(page.get_by_text("if this text stays")).to_be_visible()
    page.wait_for_timeout(1000)  # the script's request has failed by now: the text stays
    assert fallback_shown(page)
    assert any("CORS" in e or "blocked" in e for e in site.watch.errors), site.watch.errors  # the browser's reason, in the console


def test_a_long_position_is_quoted_short_in_place(new_site):
    site = new_site()
    serve_test_page(site, "long.html", f'<ks-board id=long game="lilypad" position="{"x" * 200_000}" static></ks-board>')
    site.page.goto("long.html")
    error = site.page.locator("#long .error")
    expect(error).to_contain_text("…")
    assert len(error.text_content()) < 300


def play_first_legal(page, game: str = "lion") -> str:
    """Click the first legal move (as the bridge lists it) on the page's <ks-board>; its text."""
    from test_first_visit import first_legal

    move = first_legal(game, page.evaluate("document.querySelector('ks-board').state.history"))
    for square in move["path"]:
        page.locator(f"ks-board .sq[data-square='{square}']").click()
    return move["text"]


def test_a_first_visits_board_plays_its_opening_before_python(new_site):
    """A board embedded in a frame, on a first visit, with the runtime held back: the person's first
    two moves and the computer's reply between them come from the answers prepared at build time
    (as on the site's own page); then Python arrives and the board goes on with Python's reply."""
    from test_first_visit import hold_runtime, release

    site = new_site()
    held = hold_runtime(site)
    page = site.page
    page.goto("board.html#game=lion&players=computer&controls=undo")
    board = page.locator("ks-board")
    expect(board.locator(".note")).to_have_text(re.compile(r"to move \(you\)"), timeout=30_000)

    def history_reaches(count, timeout):
        page.wait_for_function(f"() => document.querySelector('ks-board').state?.history.length >= {count}", timeout=timeout)
        return page.evaluate("document.querySelector('ks-board').state.history")

    first = play_first_legal(page)
    opening = history_reaches(2, 20_000)  # the computer's reply, from the opening book
    assert opening[0] == first
    second = play_first_legal(page)
    before = history_reaches(3, 20_000)
    assert before == [*opening, second]
    assert held, "the runtime was never requested"
    release(site, held)
    after = history_reaches(4, SLOW_MS)  # the computer's second reply, from Python
    assert after[:3] == before
    record = pygame_rules.Game("lion")
    for move in after:
        record.play(move)  # every move legal, replayed by the rules
    assert site.pieces("ks-board") == record.position.pieces_on_board()
    site.watch.assert_clean()


def test_a_board_removed_while_its_move_awaits_the_engine_leaves_no_error(new_site):
    """A page takes a <ks-board> away while the person's move is still with the engine (here: the
    opening's second part and Python both held back): the answer that comes later is dropped
    quietly, with no error on the page."""
    from test_first_visit import hold_runtime, release

    site = new_site()
    held = hold_runtime(site)
    rest = []
    site.page.context.route("**/prepared/lion-more.txt.gz", lambda route: rest.append(route))
    page = site.page
    page.goto("board.html#game=lion&players=computer")
    board = page.locator("ks-board")
    expect(board.locator(".note")).to_have_text(re.compile(r"to move \(you\)"), timeout=30_000)

    play_first_legal(page)
    page.wait_for_function("() => document.querySelector('ks-board').state?.history.length >= 2", timeout=20_000)
    play_first_legal(page)  # its answer waits for the opening's second part, then for Python
    page.evaluate("document.querySelector('ks-board').remove()")
    for route in rest:
        route.continue_()
    site.page.context.unroute("**/prepared/lion-more.txt.gz")
    release(site, held)
    page.evaluate("async () => { const { sharedEngine } = await import('./engine/engine.js'); await sharedEngine().ready; }")
    page.wait_for_timeout(1_000)  # the move's answer, then whatever the page would do with it
    site.watch.assert_clean()
