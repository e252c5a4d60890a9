"""Playing against the computer in the browser: modes, levels, thinking, cancelling, the demo."""

from __future__ import annotations

import time

import pygame_rules
from playwright.sync_api import expect
from pygame_rules.search import LEVELS
from site_driver import Site, shot

# Worker round trips, the move's own "play" request and a busy CI machine, on top of the level's time.
SLACK_MS = 1500
# Black to move wins at once (its King steps home to its last row); the AI always takes a win in one.
BLACK_WINS_IN_ONE = "8/8/8/8/8/1b6/4B3/1g1g3g b -"

# Timestamps, in the page, of every change to the move list and to the thinking state, and the
# waits of a 10 ms timer while the computer thinks (ticks that start and end in the thinking; the
# tick that spans its start also holds the page drawing the person's move, and is kept apart).
RECORDER = """() => {
  const log = (window.aiLog = { moves: [], thinking: [], gaps: [] });
  const html = document.documentElement;
  new MutationObserver(() => log.moves.push([performance.now(), document.querySelectorAll('#moves .mv').length]))
    .observe(document.getElementById('moves'), { childList: true, subtree: true });
  new MutationObserver(() => log.thinking.push([performance.now(), html.hasAttribute('data-thinking')]))
    .observe(html, { attributes: true, attributeFilter: ['data-thinking'] });
  let last = performance.now();
  let wasThinking = false;
  clearInterval(window.aiTimer);
  window.aiTimer = setInterval(() => {
    const now = performance.now();
    const isThinking = html.hasAttribute('data-thinking');
    if (isThinking) (wasThinking ? log.gaps : (log.edges ??= [])).push(now - last);
    if (isThinking && wasThinking && now - last > 30) (log.long ??= []).push([Math.round(now), Math.round(now - last)]);
    [last, wasThinking] = [now, isThinking];
  }, 10);
}"""


def new_game(site) -> None:
    site.button("New game").click()
    site.wait_idle()


def thinking(site) -> bool:
    return site.page.evaluate("document.documentElement.hasAttribute('data-thinking')")


def wait_for_moves(site, count: int, timeout_ms: float) -> None:
    site.page.wait_for_function(f"() => document.querySelectorAll('#moves .mv').length >= {count}", timeout=timeout_ms)
    site.wait_idle()


def reply_ms(site, human_count: int) -> float:
    """Time from the person's move appearing in the list to the computer's."""
    log = site.page.evaluate("window.aiLog.moves")
    human = next(t for t, n in log if n >= human_count)
    computer = next(t for t, n in log if n >= human_count + 1)
    return computer - human


def assert_legal_history(site) -> pygame_rules.Game:
    game = pygame_rules.Game("lilypad")
    for text in site.history():
        game.play(text)  # raises on an illegal move
    assert site.pieces() == game.position.pieces_on_board()
    return game


def test_modes_and_levels_are_offered_with_think_times(site):
    page = site.page
    options = page.get_by_label("Players").locator("option").all_inner_texts()
    assert options == [
        "Two players", "Play Black vs computer", "Play Green vs computer", "Computer vs computer",
        "Play Black with a friend, by link", "Play Green with a friend, by link",
    ]
    levels = page.get_by_label("Level").locator("option").all_inner_texts()
    assert levels == [f"Level {n} · {'up to ' if lv.nodes else ''}{lv.time_ms / 1000:g} s" for n, lv in LEVELS.items()]
    expect(page.locator("#level-field")).to_be_hidden()  # two people: no level to choose
    site.choose_players("Play Black vs computer", 1)
    expect(page.locator("#level-field")).to_be_visible()
    expect(page.locator("#pause")).to_be_hidden()


def test_a_move_against_the_computer_at_level_1(site):
    page = site.page
    site.choose_players("Play Black vs computer", 1)
    new_game(site)
    page.evaluate(RECORDER)
    replies = []
    for text, path in [("K@c8", ["c8"]), ("c6-d5", ["c6", "d5"])]:
        count = len(site.history())
        site.play(text, path)
        wait_for_moves(site, count + 2, LEVELS[1].time_ms + SLACK_MS)
        replies.append(reply_ms(site, count + 1))
        game = assert_legal_history(site)
        expect(page.locator("#turn")).to_have_text("Black to move")
        assert site.last_move_squares() == set(game.last_move.path)
    print(f"level 1 replies in the browser: {[round(r) for r in replies]} ms")
    assert max(replies) < LEVELS[1].time_ms + SLACK_MS
    shot(page, "ks-ai-level1")
    site.watch.assert_clean()


def measure_level_5_think(site, drop: str) -> dict:
    """Play Black's King drop against level 5 and measure, in the page, its think and the 10 ms timer."""
    page = site.page
    new_game(site)
    page.evaluate(RECORDER)
    site.play(f"K@{drop}", [drop])
    expect(page.locator("#thinking")).to_be_visible()
    expect(page.locator("#thinking")).to_have_text("Computer is thinking…")
    # Nothing else is driven meanwhile: Playwright's own click (its hit-target and stability checks
    # run in the page) sometimes stalled the timer for 60-110 ms on a loaded machine.
    wait_for_moves(site, 2, LEVELS[5].time_ms + SLACK_MS)
    expect(page.locator("#thinking")).to_be_hidden()
    assert_legal_history(site)
    log = page.evaluate("window.aiLog")
    (on, started), (off, stopped) = log["thinking"][:2]
    assert started and not stopped
    gaps = log["gaps"]
    return {
        "think_ms": round(off - on),
        "reply_ms": round(reply_ms(site, 1)),
        "ticks": len(gaps),
        "gaps": gaps,
        "max_gap_ms": round(max(gaps), 1),
        "start_tick_ms": [round(g, 1) for g in log.get("edges", [])],
        "long_ticks_after_start": [(round(t - on), g) for t, g in log.get("long") or []],
    }


# The same 10 ms timer with the page idle, for `ms`: how long this machine itself makes a timer wait.
IDLE_TIMER = """async (ms) => {
  const waits = [];
  let last = performance.now();
  const timer = setInterval(() => { const now = performance.now(); waits.push(now - last); last = now; }, 10);
  await new Promise((done) => setTimeout(done, ms));
  clearInterval(timer);
  return waits;
}"""


def p95(waits: list[float]) -> float:
    return sorted(waits)[int(len(waits) * 0.95)]


def test_the_page_stays_responsive_while_level_5_thinks(site):
    site.choose_players("Play Black vs computer", 5)

    # Responsive: the 10 ms timer never waited 50 ms, and it ticked at least every 20 ms on average.
    def responsive(run: dict) -> bool:
        return run["max_gap_ms"] < 50 and run["ticks"] > run["think_ms"] / 20

    # A machine busy with other jobs (CI's is) delays any timer, idle page or not: there a think
    # counts as responsive when the timer waited no longer than with the page idle just after it.
    def as_idle(run: dict, idle: list[float]) -> bool:
        return max(idle) >= 50 and p95(run["gaps"]) <= max(50, 1.5 * p95(idle))

    runs = []
    for drop in ["e8", "c8", "g8"]:
        run = measure_level_5_think(site, drop)
        idle = site.page.evaluate(IDLE_TIMER, run["think_ms"])
        runs.append((run, idle))
        shown = {**run, "gaps": f"95% within {p95(run['gaps']):.1f} ms"}
        print(f"level 5 think after K@{drop}: {shown}; idle: longest wait {max(idle):.1f} ms, 95% within {p95(idle):.1f} ms")
        assert 500 < run["think_ms"] < LEVELS[5].time_ms + SLACK_MS
        if responsive(run):
            break
    assert any(responsive(run) or as_idle(run, idle) for run, idle in runs)
    site.watch.assert_clean()


def test_new_game_while_thinking_cancels_the_search(site):
    page = site.page
    site.choose_players("Play Black vs computer", 5)
    new_game(site)
    site.play("K@c8", ["c8"])
    expect(page.locator("#thinking")).to_be_visible()
    site.click("f3")  # a Green soldier: the board takes no input for the computer's side
    assert site.dests() == set() and site.selected() == set()
    site.button("New game").click()
    site.wait_idle()
    expect(page.locator("#thinking")).to_be_hidden()
    assert not thinking(site)
    time.sleep((LEVELS[5].time_ms + 700) / 1000)  # the cancelled search would have answered by now
    assert site.history() == []
    expect(page.locator("#turn")).to_have_text("Black to move")
    site.play("K@a8", ["a8"])  # the game goes on: the computer answers the new move
    wait_for_moves(site, 2, LEVELS[5].time_ms + SLACK_MS)
    assert site.history()[0] == "K@a8"
    assert_legal_history(site)
    site.watch.assert_clean()


def test_undo_while_thinking_takes_back_the_move_and_cancels(site):
    page = site.page
    site.choose_players("Play Black vs computer", 5)
    new_game(site)
    site.play("K@c8", ["c8"])
    expect(page.locator("#thinking")).to_be_visible()
    shot(page, "ks-ai-thinking")
    site.button("Undo").click()
    site.wait_idle()
    assert not thinking(site)
    time.sleep((LEVELS[5].time_ms + 700) / 1000)
    assert site.history() == []
    expect(page.locator("#turn")).to_have_text("Black to move")
    site.watch.assert_clean()


def test_undo_against_the_computer_takes_back_its_reply_and_the_move(site):
    site.choose_players("Play Black vs computer", 1)
    new_game(site)
    site.play("K@c8", ["c8"])
    wait_for_moves(site, 2, LEVELS[1].time_ms + SLACK_MS)
    first_two = site.history()
    site.play("c6-d5", ["c6", "d5"])
    wait_for_moves(site, 4, LEVELS[1].time_ms + SLACK_MS)
    site.button("Undo").click()
    site.wait_idle()
    assert site.history() == first_two
    expect(site.page.locator("#turn")).to_have_text("Black to move")
    assert not thinking(site)
    assert_legal_history(site)


def test_the_computer_plays_first_when_the_person_takes_the_second_side(site):
    site.choose_players("Play Green vs computer", 1)
    new_game(site)
    wait_for_moves(site, 1, LEVELS[1].time_ms + SLACK_MS)
    assert site.history()[0].startswith("K@")
    expect(site.page.locator("#turn")).to_have_text("Green to move")
    # Nothing of the person's to take back yet: Undo would leave the computer to move again.
    expect(site.button("Undo")).to_be_disabled()
    first = site.history()
    site.play("K@f1", ["f1"])
    wait_for_moves(site, 3, LEVELS[1].time_ms + SLACK_MS)
    site.button("Undo").click()  # the computer's reply and the person's move
    site.wait_idle()
    assert site.history() == first
    expect(site.page.locator("#turn")).to_have_text("Green to move")
    expect(site.button("Undo")).to_be_disabled()
    site.watch.assert_clean()


def test_a_game_saved_back_at_the_computers_first_move_plays_on(site):
    """An older version let Undo take back the computer's first move and then waited for ever (the
    computer moved only at the line's end). Such a saved game, opened, has the computer move."""
    site.choose_players("Play Green vs computer", 1)
    site.button("New game").click()
    wait_for_moves(site, 1, LEVELS[1].time_ms + SLACK_MS)
    page = site.page
    page.evaluate(
        """() => {
          const key = `kings-and-soldiers/game/${JSON.parse(localStorage.getItem('kings-and-soldiers/last')).current}`;
          const entry = JSON.parse(localStorage.getItem(key));
          localStorage.setItem(key, JSON.stringify({ ...entry, cursor: 0, takenBack: true }));
        }"""
    )
    page.reload()
    site.wait_ready()
    wait_for_moves(site, 1, LEVELS[1].time_ms + SLACK_MS)
    expect(page.locator("#turn")).to_have_text("Green to move")
    assert site.history()[0].startswith("K@")
    expect(page.locator("#review-note")).to_be_hidden()
    site.watch.assert_clean()


def test_computer_against_computer_pauses_resumes_and_ends(site):
    page = site.page
    site.choose_players("Computer vs computer", 1)
    expect(page.locator("#pause")).to_be_visible()
    new_game(site)
    wait_for_moves(site, 3, 3 * (700 + LEVELS[1].time_ms + SLACK_MS))
    site.button("Pause").click()
    paused_at = len(site.history())
    expect(site.button("Resume")).to_be_visible()
    assert not thinking(site)
    shot(page, "ks-ai-demo-paused")
    time.sleep(2)
    assert len(site.history()) <= paused_at + 1  # at most the move being played when paused
    settled = len(site.history())
    time.sleep(1.5)
    assert len(site.history()) == settled, "a paused demo must not move"
    assert_legal_history(site)
    site.button("Resume").click()
    wait_for_moves(site, settled + 2, 2 * (700 + LEVELS[1].time_ms + SLACK_MS))
    assert_legal_history(site)

    site.load_position(BLACK_WINS_IN_ONE)  # the demo goes on from a loaded position, to the end
    expect(page.locator("#result-title")).to_have_text("Black wins", timeout=700 + LEVELS[1].time_ms + SLACK_MS)
    assert len(site.history()) == 1
    assert not thinking(site)
    site.choose_players("Two players")
    site.watch.assert_clean()


def test_a_failing_worker_is_replaced_and_the_game_goes_on(new_site):
    site = new_site()
    site.page.add_init_script("localStorage.setItem('kings-and-soldiers/players', 'play-0'); localStorage.setItem('kings-and-soldiers/level', '5')")
    site.open()
    site.play("K@c8", ["c8"])
    expect(site.page.locator("#thinking")).to_be_visible()
    site.page.evaluate("kingsAndSoldiersWorker.dispatchEvent(new ErrorEvent('error', { message: 'out of memory' }))")
    expect(site.page.locator("#messages")).to_contain_text("The rules engine stopped unexpectedly and is being restarted. Your game is kept.")
    assert site.history()[0] == "K@c8"
    assert site.pieces()["c8"] == "B"
    # A new worker starts, and the computer thinks again and replies.
    site.page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=90_000)
    wait_for_moves(site, 2, 60_000)
    assert site.history()[0] == "K@c8"
    site.watch.assert_clean()


def test_damaged_settings_are_ignored(new_site):
    site = new_site()
    site.page.add_init_script("localStorage.setItem('kings-and-soldiers/players', '{garbage'); localStorage.setItem('kings-and-soldiers/level', '99')")
    site.open()
    expect(site.page.get_by_label("Players")).to_have_value("two")
    expect(site.page.get_by_label("Level")).to_have_value(str(pygame_rules.search.DEFAULT_LEVEL))
    site.watch.assert_clean()


# Counts the computer's searches this page asks its worker for (the engine is the page's own).
COUNT_SEARCHES = """async () => {
  const { sharedEngine } = await import('./engine/engine.js');
  const engine = sharedEngine();
  const think = engine.think.bind(engine);
  window.searches = 0;
  engine.think = (...args) => { window.searches++; return think(...args); };
}"""


def test_two_tabs_on_one_game_search_the_computers_move_once(new_site):
    """Two tabs showing one game against the computer: one searches its move, the other shows it;
    when the searching tab is closed mid-search, the other searches and plays."""
    first = new_site()
    first.open()
    first.choose_players("Play Black vs computer", 3)
    first.play("K@c8", ["c8"])
    wait_for_moves(first, 2, LEVELS[3].time_ms + SLACK_MS)
    second = Site(first.page.context.new_page(), first.watch)
    second.open()
    assert second.history() == first.history()
    for tab in (first, second):
        tab.page.evaluate(COUNT_SEARCHES)

    def play_on(tab):
        move = assert_legal_history(tab).legal()[0]
        tab.play(str(move), move.path)

    play_on(first)
    for tab in (first, second):
        wait_for_moves(tab, 4, LEVELS[3].time_ms + SLACK_MS)
    assert second.history() == first.history()
    searches = [tab.page.evaluate("window.searches") for tab in (first, second)]
    assert sum(searches) == 1, f"searches asked for, by each tab: {searches}"

    # The searching tab is closed while it thinks: the other tab searches and plays.
    first.choose_players("Play Black vs computer", 5)
    play_on(first)
    expect(first.page.locator("#thinking")).to_be_visible()
    expect(second.page.locator("#thinking")).to_be_visible()  # the computer is thinking, in the other tab
    first.page.close()
    wait_for_moves(second, 6, LEVELS[5].time_ms + SLACK_MS)
    assert second.page.evaluate("window.searches") == searches[1] + 1
    assert_legal_history(second)
    expect(second.page.locator("#turn")).to_have_text("Black to move")
    second.watch.assert_clean()


def test_a_saved_game_reopens_at_its_own_level(new_site):
    """Two games against the computer at levels 1 and 2: each reopens at the level it was played at,
    which Your games lists, whatever level the tab chose last."""
    site = new_site()
    site.open()
    page = site.page
    site.choose_players("Play Black vs computer", 1)
    site.play("K@c8", ["c8"])
    wait_for_moves(site, 2, LEVELS[1].time_ms + SLACK_MS)
    new_game(site)
    page.get_by_label("Level").select_option("2")  # the tab's last choice, for the new game
    site.play("K@c8", ["c8"])
    wait_for_moves(site, 2, LEVELS[2].time_ms + SLACK_MS)

    page.locator("#library-link").click()
    listed = page.locator("#library-list tbody tr")
    expect(listed).to_have_count(2)
    expect(listed.nth(0).locator("td").nth(1)).to_have_text("You (Black) vs computer, level 2")
    expect(listed.nth(1).locator("td").nth(1)).to_have_text("You (Black) vs computer, level 1")
    listed.nth(1).get_by_role("button", name="Open", exact=False).click()
    expect(page.locator("#game-view")).to_be_visible()
    site.wait_idle()
    expect(page.get_by_label("Level")).to_have_value("1")  # its own level, as listed
    expect(page.get_by_label("Players")).to_have_value("play-0")
    move = assert_legal_history(site).legal()[0]
    site.play(str(move), move.path)  # played on at its level: the computer replies, still level 1
    wait_for_moves(site, 4, LEVELS[1].time_ms + SLACK_MS)
    page.locator("#library-link").click()
    expect(listed.nth(0).locator("td").nth(1)).to_have_text("You (Black) vs computer, level 1")
    expect(listed.nth(1).locator("td").nth(1)).to_have_text("You (Black) vs computer, level 2")
    listed.nth(1).get_by_role("button", name="Open", exact=False).click()
    site.wait_idle()
    expect(page.get_by_label("Level")).to_have_value("2")
    page.reload()  # and after a reload, the game on the board keeps its own level
    site.wait_ready()
    expect(page.get_by_label("Level")).to_have_value("2")
    site.watch.assert_clean()
