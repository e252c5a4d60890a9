"""The puzzle mode: a game's list, a puzzle solved by clicks after one wrong move (said wrong, the
escape shown, taken back; then a Hint), the solved mark kept after a reload, Next, a bad puzzle
link, and the game in progress left as it was; a person's journey in a first visit at desktop size
and a returning visit on a phone: one solved in each game, one missed, a streak of three, the daily
puzzle, the theme filter, and a reload that keeps the progress and the rating. Screenshots at phone
and desktop sizes."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from playwright.sync_api import expect

import pygame_rules
from pygame_rules.bridge import handle
from site_driver import Site, shot

VIEW = "#puzzles-view"
BOARD = f"{VIEW} .puzzle-board"


def listed(game: str) -> list:
    """A game's puzzles as its list shows them: its variants' too."""
    return [p for p in pygame_rules.puzzles() if p.game == game]


def ask(**request) -> dict:
    answer = json.loads(handle(json.dumps(request)))
    assert "error" not in answer, answer
    return answer


def paths(p, moves: list[str]) -> dict[str, list[str]]:
    """The squares to click for each legal move after ``moves`` from the puzzle's start."""
    state = ask(op="state", game=p.game, variant=p.variant, start=p.position, moves=moves)
    return {m["text"]: m["path"] for m in state["moves"]}


def board_after(p, moves: list[str]) -> dict[str, str]:
    return ask(op="state", game=p.game, variant=p.variant, start=p.position, moves=moves)["board"]


def state_is(site: Site, name: str, moves: int | None = None) -> None:
    """Wait until the view is in state ``name`` with ``moves`` of the puzzle on its board."""
    view = site.page.locator(VIEW)
    if moves is not None:
        expect(view).to_have_attribute("data-moves", str(moves), timeout=30_000)
    expect(view).to_have_attribute("data-puzzle", name, timeout=30_000)


def press(site: Site, locator) -> None:
    """Click, or tap on a phone."""
    locator.tap() if site.touch else locator.click()


def click_move(site: Site, path: list[str]) -> None:
    for square in path:
        press(site, site.square(square, BOARD))
    if path[-1] in site.squares_of(f"{BOARD} .stop"):
        press(site, site.square(path[-1], BOARD))  # the board offers to go on: stop here


def arrows(site: Site) -> list[tuple[str, str]]:
    return [tuple(a) for a in site.page.locator(f"{BOARD} .arrow").evaluate_all("els => els.map(e => [e.dataset.from, e.dataset.to])")]


def newcomer_rating() -> int:
    """A first visit's rating: the middle puzzle's of the standard rules (puzzle-progress.js's newcomer)."""
    standard = sorted(q.rating for q in pygame_rules.puzzles() if q.variant is None)
    return standard[(len(standard) - 1) // 2]


def wrong_move_with_escape(p) -> tuple[str, str]:
    """A first move that does not win in time, and the defence the site shows escaping it."""
    start = p.load()
    for move in start.moves():
        if move in (p.solution[0], *p.alternatives) or start.play(move).winner is not None:
            continue
        answer = ask(op="puzzle-reply", id=p.id, moves=[move])
        if answer["escape"]:
            return move, answer["escape"]
    raise AssertionError(f"{p.id} has no wrong move with an escape")


def test_solve_a_puzzle_after_a_wrong_move_and_keep_the_solved_mark(new_site):
    site = new_site()
    site.open()
    site.play("K@c8", ["c8"])  # a game in progress, which the puzzles leave alone
    p = next(q for q in pygame_rules.puzzles("lilypad") if q.moves == 3)
    own = pygame_rules.puzzles("lilypad")

    site.page.locator("#puzzles-link").click()
    expect(site.page.locator(VIEW)).to_be_visible()
    expect(site.page.locator("#game-view")).to_be_hidden()
    items = site.page.locator(f"{VIEW} .puzzle-list li")
    expect(items).to_have_count(len(listed("lilypad")))
    expect(items.nth(0)).to_contain_text(f"Win in {own[0].moves}")
    # The list counts every puzzle of the game, saying how many have other rules, by their name.
    variant = [q for q in listed("lilypad") if q.variant]
    expect(site.page.locator(f"{VIEW} .puzzle-summary")).to_contain_text(
        f"Lilypad: {len(listed('lilypad'))} puzzles ({len(variant)} with the Invisible City rules)"
    )
    expect(site.page.locator(f"{VIEW} .puzzle-list li[data-puzzle='{variant[0].id}']")).to_contain_text("· Invisible City rules")
    expect(site.page.locator(f"{VIEW} .puzzle-list .is-solved")).to_have_count(0)
    site.page.locator(f"{VIEW} .puzzle-list li[data-puzzle='{p.id}'] a").click()
    assert site.page.url.endswith(f"#puzzle={p.id}")
    state_is(site, "ready")
    expect(site.page.locator(f"{VIEW} h1")).to_have_text(p.title)
    expect(site.page.locator(f"{VIEW} .puzzle-of")).to_have_text(f"Lilypad: puzzle {own.index(p) + 1} of {len(own)}, rated {p.rating}")
    expect(site.page.locator(f"{VIEW} .puzzle-task")).to_contain_text("win in 3 moves")
    start = board_after(p, [])
    assert site.pieces(BOARD) == start
    expect(site.button("Hint")).to_be_hidden()  # no hint before a try
    expect(site.page.locator(f"{VIEW} .puzzle-status")).to_have_text("Your first try counts for your rating.")

    # A wrong move: said wrong, the escape played out and drawn, then taken back.
    wrong, escape = wrong_move_with_escape(p)
    click_move(site, paths(p, [])[wrong])
    state_is(site, "wrong")
    status = site.page.locator(f"{VIEW} .puzzle-status")
    expect(status).to_contain_text(f"Not this one: {wrong} does not force a win in 3 moves")
    expect(status).to_contain_text(f"escapes with {escape}")
    escape_path = paths(p, [wrong])[escape]
    assert arrows(site) == list(zip(escape_path, escape_path[1:]))
    assert site.pieces(BOARD) == board_after(p, [wrong, escape])
    assert site.squares_of(f"{BOARD} .highlight") == set(paths(p, [])[wrong])  # the wrong move, shaded
    # A first try: the miss counts for the rating at once, and the page says why.
    outcome = site.page.locator(f"{VIEW} .puzzle-outcome")
    expect(outcome).to_contain_text("a wrong move counts as a miss, even if you solve the puzzle after it")
    missed = rating_shown(site)
    assert missed < newcomer_rating()
    expect(outcome).to_contain_text(f"Your rating: {missed} (−{newcomer_rating() - missed}): ")
    site.page.set_viewport_size({"width": 390, "height": 844})
    shot(site.page, "ks-puzzle-wrong-phone", full_page=True)
    site.page.set_viewport_size({"width": 1280, "height": 800})
    shot(site.page, "ks-puzzle-wrong")
    site.button("Try again").click()
    state_is(site, "ready")
    assert site.pieces(BOARD) == start
    assert arrows(site) == []
    expect(status).to_contain_text(f"{wrong} was taken back")

    # The hint: the verified solution's first move, as an arrow and in words.
    site.button("Hint").click()
    first = paths(p, [])[p.solution[0]]
    expect(site.page.locator(f"{VIEW} .puzzle-hint")).to_contain_text(f"Hint: {p.solution[0]}")
    assert arrows(site) == list(zip(first, first[1:]))

    # The solution, answered by the longest defences.
    for i in range(0, len(p.solution), 2):
        click_move(site, paths(p, list(p.solution[:i]))[p.solution[i]])
        if i + 1 < len(p.solution):
            state_is(site, "ready", i + 2)
            assert site.pieces(BOARD) == board_after(p, list(p.solution[: i + 2]))
            expect(status).to_contain_text(f"answers {p.solution[i + 1]}")
    state_is(site, "solved", len(p.solution))
    # Solved, but not at the first try: said so, and the rating stays the miss's (no gain).
    expect(status).to_contain_text("Solved, after a mistake and a hint: counted as a miss for your rating.")
    expect(status).not_to_contain_text("Solved!")
    assert rating_shown(site) == missed
    shot(site.page, "ks-puzzle-solved")
    site.page.set_viewport_size({"width": 390, "height": 844})
    shot(site.page, "ks-puzzle-solved-phone", full_page=True)
    site.page.set_viewport_size({"width": 1280, "height": 800})

    # Kept after a reload, and marked in the list.
    site.page.goto("index.html#puzzles=lilypad")
    site.page.reload()
    site.wait_ready()
    expect(site.page.locator(f"{VIEW} .puzzle-list li[data-puzzle='{p.id}']")).to_have_class("is-solved")
    expect(site.page.locator(f"{VIEW} .puzzle-list .is-solved")).to_have_count(1)
    expect(site.page.locator(f"{VIEW} .puzzle-list li[data-puzzle='{p.id}']")).to_contain_text("Solved")
    expect(site.page.locator(f"{VIEW} .puzzle-rating")).to_contain_text(f"Your puzzle rating: {missed} ")
    shot(site.page, "ks-puzzles-list", full_page=True)
    site.page.set_viewport_size({"width": 390, "height": 844})
    shot(site.page, "ks-puzzles-list-phone", full_page=True)
    site.page.set_viewport_size({"width": 1280, "height": 800})

    # Tried again, solved at once: not rated again (only a first try is), and no change shown.
    site.page.locator(f"{VIEW} .puzzle-list li[data-puzzle='{p.id}'] a").click()
    state_is(site, "ready", 0)
    expect(status).to_have_text("You have solved this one before: it is not rated again.")
    solve(site, p)
    expect(status).to_contain_text("Solved!")
    expect(site.page.locator(f"{VIEW} .puzzle-outcome")).to_have_text("Not rated: only your first try of a puzzle counts for your rating.")
    assert int(site.page.locator(VIEW).get_attribute("data-rating")) == missed

    # Back to the game: as it was.
    site.page.locator(f"{VIEW} .puzzles-head a").click()
    expect(site.page.locator("#game-view")).to_be_visible()
    site.wait_idle()
    assert site.history() == ["K@c8"]
    site.watch.assert_clean()


def test_next_puzzle_and_a_bad_puzzle_link(new_site):
    # A laptop's window: the puzzle's title and panel stand beside the board, which fits the
    # window whole and stays put from one puzzle to the next, whatever their titles' lengths.
    site = new_site(viewport={"width": 1280, "height": 800})
    own = pygame_rules.puzzles("lion")
    p = next(q for q in own if q.moves == 2)
    site.open(f"#puzzle={p.id}")
    state_is(site, "ready")
    box = site.assert_board_in_view(board=BOARD)
    solve(site, p)
    # Solved at the first try: cheered, with the rating's gain.
    expect(site.page.locator(f"{VIEW} .puzzle-status")).to_contain_text("Solved!")
    gained = rating_shown(site) - newcomer_rating()
    assert gained > 0
    expect(site.page.locator(f"{VIEW} .puzzle-outcome")).to_have_text(f"Your rating: {rating_shown(site)} (+{gained}).")
    # Next: the untried puzzle of the game rated nearest the person's rating (the middle puzzle's at the start,
    # then changed by this solve: the page says it).
    rating = int(site.page.locator(VIEW).get_attribute("data-rating"))
    fresh = [q for q in own if q.id != p.id]
    following = min(fresh, key=lambda q: (abs(q.rating - rating), q.rating, q.id))
    # With the keyboard (the solve put the focus on Next): the next puzzle is played from the board,
    # so the focus goes there, its cursor on a piece that can move.
    expect(site.button("Next puzzle")).to_be_focused()
    site.page.keyboard.press("Enter")
    state_is(site, "ready")
    assert site.page.evaluate(f"document.querySelector('{BOARD}').shadowRoot.activeElement?.tagName") == "svg"
    site.page.keyboard.press("Enter")  # the cursor's piece, picked up
    assert len(site.selected(BOARD)) == 1
    site.page.keyboard.press("Escape")
    assert site.selected(BOARD) == set()
    assert site.page.url.endswith(f"#puzzle={following.id}")
    expect(site.page.locator(f"{VIEW} h1")).to_have_text(following.title)
    assert site.pieces(BOARD) == board_after(following, [])
    assert len(following.title) != len(p.title)
    site.assert_board_in_view(box, board=BOARD)
    shot(site.page, "ks-puzzle")
    site.page.set_viewport_size({"width": 390, "height": 844})
    shot(site.page, "ks-puzzle-phone", full_page=True)
    site.page.set_viewport_size({"width": 1280, "height": 800})

    site.page.evaluate("location.hash = '#puzzle=nope'")  # as if pasted into the address bar
    expect(site.page.locator(f"{VIEW} .messages")).to_contain_text('There is no puzzle called "nope"')
    state_is(site, "list")
    expect(site.page.locator(f"{VIEW} .puzzle-list li")).to_have_count(len(own))  # the game last shown
    assert site.page.url.endswith("#puzzles=lion")
    site.watch.assert_clean()


# -- a person's journey ----------------------------------------------------------------------------


def shown_puzzle(site: Site):
    """The puzzle the view shows, once it is ready to be played."""
    state_is(site, "ready", 0)
    return pygame_rules.puzzle(site.page.locator(VIEW).get_attribute("data-puzzle-id"))


def solve(site: Site, p) -> None:
    """Play the puzzle's solution, each reply waited for, to the end."""
    for i in range(0, len(p.solution), 2):
        click_move(site, paths(p, list(p.solution[:i]))[p.solution[i]])
        state_is(site, "ready" if i + 1 < len(p.solution) else "solved", min(i + 2, len(p.solution)))


def rating_shown(site: Site) -> int:
    return int(re.search(r"Your (?:puzzle )?rating: (\d+)", site.page.locator(VIEW).inner_text())[1])


def fnv1a(text: str) -> int:
    """puzzle-progress.js's hashText (of an ASCII text)."""
    h = 0x811C9DC5
    for ch in text:
        h = ((h ^ ord(ch)) * 0x01000193) & 0xFFFFFFFF
    return h


def daily_puzzle(day: str):
    """puzzle-progress.js's dailyPuzzle: the UTC days walk a fixed shuffle of the standard puzzles."""
    order = sorted((q for q in pygame_rules.puzzles() if q.variant is None), key=lambda q: q.id)
    for i in range(len(order) - 1, 0, -1):
        j = fnv1a(f"kings-and-soldiers daily {i}") % (i + 1)
        order[i], order[j] = order[j], order[i]
    number = (datetime.date.fromisoformat(day) - datetime.date(1970, 1, 1)).days
    return order[number % len(order)]


@pytest.mark.parametrize(
    ("arrival", "phone"), [("first", False), ("first", True), ("returning", True)], ids=["first-desktop", "first-phone", "returning-phone"]
)
def test_a_person_s_puzzles_rated_missed_streak_daily_and_kept_after_a_reload(arrive, arrival, phone):
    site = arrive(arrival, "#puzzles=lilypad", phone=phone)
    tag = f"{arrival}-{'phone' if phone else 'desktop'}"
    view = site.page.locator(VIEW)
    state_is(site, "list")
    standard = [p for p in pygame_rules.puzzles() if p.variant is None]
    # A newcomer is rated as the middle puzzle of the standard rules.
    rating = sorted(p.rating for p in standard)[(len(standard) - 1) // 2]
    expect(view.locator(".puzzle-rating")).to_contain_text(f"Your puzzle rating: {rating} (provisional)")
    # What the rating is, and why it moves a lot at first, said where it shows.
    press(site, view.locator(".puzzle-rating-how summary"))
    expect(view.locator(".puzzle-rating-how")).to_contain_text(f"Everyone starts at {rating}, the middle puzzle's rating")
    expect(view.locator(".puzzle-rating-how")).to_contain_text("moves a lot")
    press(site, view.locator(".puzzle-rating-how summary"))
    solved = set()

    # One rated puzzle in each game: the untried one nearest the rating; solved, the rating rises.
    for game in pygame_rules.games():
        press(site, view.locator(f".puzzle-games a[href='#puzzles={game}']"))
        state_is(site, "list")
        expect(view.locator(".puzzle-list li").first).to_be_visible()
        site.press("Rated puzzle")
        p = shown_puzzle(site)
        own = pygame_rules.puzzles(game)
        assert p.game == game
        assert abs(p.rating - rating) == min(abs(q.rating - rating) for q in own)
        solve(site, p)
        solved.add(p.id)
        expect(view.locator(".puzzle-outcome")).to_contain_text("Your rating:")
        assert rating_shown(site) > rating
        rating = rating_shown(site)
        site.press("All puzzles")

    # One missed: a wrong first move costs rating.
    press(site, view.locator(".puzzle-games a[href='#puzzles=lion']"))
    state_is(site, "list")
    site.press("Rated puzzle")
    p = shown_puzzle(site)
    wrong, _ = wrong_move_with_escape(p)
    click_move(site, paths(p, [])[wrong])
    state_is(site, "wrong")
    expect(view.locator(".puzzle-outcome")).to_contain_text("(−")
    assert rating_shown(site) < rating
    rating = rating_shown(site)
    shot(site.page, f"ks-puzzle-missed-{tag}")
    # The missed puzzle waits in the list, to try again.
    site.press("All puzzles")
    state_is(site, "list")
    press(site, view.locator(".puzzle-themes button", has_text="To try again (1)"))
    expect(view.locator(".puzzle-list li")).to_have_count(1)
    expect(view.locator(f".puzzle-list li[data-puzzle='{p.id}']")).to_be_visible()
    expect(view.locator(".puzzle-summary")).to_contain_text("1 puzzle to try again")
    # Rated puzzle, with the puzzles to try again shown: a rated one, not one of those (tried, not rated again).
    site.press("Rated puzzle")
    shown = shown_puzzle(site)
    assert shown.id != p.id and shown.game == "lion"
    expect(view.locator(".puzzle-status")).to_have_text("Your first try counts for your rating.")
    site.press("All puzzles")
    state_is(site, "list")
    press(site, view.locator(".puzzle-themes button", has_text=re.compile(r"^All ")))

    # A streak of three: each no easier than the last, the games mixed from the first, none solved before.
    site.page.goto("index.html#puzzles=lion")
    state_is(site, "list")
    site.press("Streak")
    ratings, games = [], []
    for i in range(3):
        p = shown_puzzle(site)
        assert p.variant is None
        assert p.id not in solved, f"the streak served {p.id}, solved before"
        expect(view.locator(".puzzle-status")).to_have_text("Your first try counts for your rating.")
        expect(view.locator(".puzzle-of")).to_contain_text(f"Streak: {i} solved so far")
        ratings.append(p.rating)
        games.append(p.game)
        solve(site, p)
        expect(view.locator(".puzzle-outcome")).to_contain_text(f"Streak: {i + 1} in a row")
        site.press("Next in the streak")
    assert ratings == sorted(ratings), ratings
    assert len(set(games)) == 3, games
    assert ratings[0] <= min(q.rating for q in standard) + 150  # starts among the easiest
    p = shown_puzzle(site)
    assert p.rating >= ratings[-1]
    shot(site.page, f"ks-puzzle-streak-{tag}", full_page=True)

    # The daily puzzle: the same for everyone on the date it shows.
    site.press("All puzzles")
    state_is(site, "list")
    site.press("Daily puzzle")
    p = shown_puzzle(site)
    shown_day = re.search(r"Daily puzzle of (\d+ \w+ \d{4})", view.locator(".puzzle-of").inner_text())[1]
    today = datetime.datetime.now(datetime.UTC).date()
    day = next(str(d) for d in (today, today - datetime.timedelta(1)) if f"{d.day} {d:%B %Y}" == shown_day)
    assert p == daily_puzzle(day)
    solve(site, p)
    site.press("All puzzles")
    state_is(site, "list")
    expect(site.button("Daily puzzle ✓")).to_be_visible()
    rating = rating_shown(site)
    expect(view.locator(".puzzle-rating")).to_contain_text("Best streak: 3")
    expect(view.locator(".puzzle-chart polyline")).to_have_count(1)

    # A reload keeps the progress and the rating.
    game = view.locator(".puzzle-games a[aria-current=page]").get_attribute("href").split("=")[1]
    solved_before = view.locator(".puzzle-list .is-solved").count()
    assert solved_before >= 1
    site.page.reload()
    site.wait_ready()
    state_is(site, "list")
    assert view.locator(".puzzle-games a[aria-current=page]").get_attribute("href") == f"#puzzles={game}"
    expect(view.locator(".puzzle-list .is-solved")).to_have_count(solved_before)
    assert rating_shown(site) == rating
    expect(view.locator(".puzzle-rating")).to_contain_text("Best streak: 3")

    # The themes: each with what is solved of it; one pressed, the list shows its puzzles.
    own = listed(game)
    theme = own[0].themes[0]
    of_theme = [q for q in own if theme in q.themes]
    chip = view.locator(".puzzle-themes button", has_text=re.compile(rf"^{re.escape(theme)} \d+/\d+$"))
    expect(chip).to_contain_text(f"/{len(of_theme)}")
    expect(chip).to_have_accessible_name(re.compile(rf"^{re.escape(theme)} \d+/{len(of_theme)}, \d+ of {len(of_theme)} solved$"))  # words
    press(site, chip)
    expect(view.locator(".puzzle-list li")).to_have_count(len(of_theme))
    expect(chip).to_have_attribute("aria-pressed", "true")
    shot(site.page, f"ks-puzzles-progress-{tag}", full_page=True)
    site.watch.assert_clean()


def test_on_a_phone_the_board_stands_still_from_one_puzzle_to_the_next(arrive):
    """A puzzle's title can run to several lines: on a phone it keeps two, so the board's top is the
    same for a short title and a long one, and the person's finger finds the pieces where they were."""
    site = arrive("first", phone=True, page="index.html")
    standard = [p for p in pygame_rules.puzzles() if p.variant is None]
    short, long = min(standard, key=lambda p: len(p.title)), max(standard, key=lambda p: len(p.title))
    tops = []
    for p in (short, long, short):
        site.page.goto(f"index.html#puzzle={p.id}")
        state_is(site, "ready")
        expect(site.page.locator(f"{VIEW} h1")).to_have_attribute("title", p.title)
        tops.append(round(site.page.locator(BOARD).bounding_box()["y"]))
    assert len(set(tops)) == 1, tops
    shot(site.page, "ks-puzzle-long-title-phone")
    site.watch.assert_clean()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_bad_puzzle_link_says_so_and_lists_the_puzzles_of_its_game(arrive, phone):
    """A link to a puzzle there is none of (a mistyped number, a newer site's puzzle), opened on
    arrival: the page says so in plain words and lists the puzzles of the game the link names."""
    site = arrive("first", "#puzzle=three-crowns-99999", phone=phone)
    view = site.page.locator(VIEW)
    expect(view.locator(".messages")).to_contain_text('There is no puzzle called "three-crowns-99999". Choose one from the list.')
    state_is(site, "list")
    own = listed("three-crowns")
    expect(view.locator(".puzzle-list li")).to_have_count(len(own))
    links = view.locator(".puzzle-list li a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert sorted(links) == sorted(f"#puzzle={q.id}" for q in own)  # the game's own puzzles
    assert site.page.url.endswith("#puzzles=three-crowns")  # a reload shows the list, not the message again
    shot(site.page, f"ks-bad-puzzle-link-{'phone' if phone else 'desktop'}")
    press(site, view.locator(".puzzle-list li a").first)  # and one of them opens
    p = shown_puzzle(site)
    assert p.game == "three-crowns"
    site.watch.assert_clean()


# -- a person coming back day after day -------------------------------------------------------------

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def in_view(site: Site, locator) -> bool:
    """The whole of ``locator`` is on the screen, without scrolling."""
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= site.page.viewport_size["height"] + 1


def assert_what_a_move_brings_in_view(site: Site, board_box: dict) -> None:
    """The board where it was, and the puzzle's words on the move and its buttons on the screen."""
    site.assert_board_in_view(board_box, board=BOARD)
    for part in (".puzzle-status", ".puzzle-outcome", ".puzzle-actions"):
        assert in_view(site, site.page.locator(VIEW).locator(part)), f"{part} is below the screen"


def test_two_tabs_on_one_streak_count_a_puzzle_once_and_say_when_the_other_ended_it(new_site):
    """Two tabs of one browser on the streak: the puzzle solved in both counts once; the one not yet
    played follows the other's solve (not rated any more); and a miss in one tab ends the streak in
    the other, which says so in plain words when it starts the next."""
    a = new_site(viewport={"width": 1280, "height": 800})
    a.open("#streak")
    b = Site(a.page.context.new_page(), a.watch)
    b.open("#streak")
    p = shown_puzzle(a)
    assert shown_puzzle(b) == p  # the same streak, the same puzzle
    status_b = b.page.locator(f"{VIEW} .puzzle-status")
    expect(status_b).to_have_text("Your first try counts for your rating.")

    solve(a, p)
    expect(a.page.locator(f"{VIEW} .puzzle-outcome")).to_contain_text("Streak: 1 in a row")
    # The other tab's puzzle, not yet played, follows: its first try was the other tab's.
    expect(status_b).to_have_text("You have solved this one before: it is not rated again.")
    solve(b, p)
    outcome_b = b.page.locator(f"{VIEW} .puzzle-outcome")
    expect(outcome_b).to_have_text("Not rated: only your first try of a puzzle counts for your rating. Streak: 1 in a row.")

    # Tab B goes on, and misses: the streak is over, in tab A too.
    b.press("Next in the streak")
    q = shown_puzzle(b)
    assert q != p
    wrong, _ = wrong_move_with_escape(q)
    click_move(b, paths(q, [])[wrong])
    state_is(b, "wrong")
    expect(outcome_b).to_contain_text("Streak over: 1 puzzle solved in a row.")
    expect(a.page.locator(f"{VIEW} .puzzle-outcome")).to_contain_text("That streak ended in another tab.")
    expect(a.button("Start a new streak")).to_be_visible()
    shot(a.page, "ks-streak-ended-in-another-tab")
    a.press("Start a new streak")
    shown_puzzle(a)
    expect(a.page.locator(f"{VIEW} .puzzle-status")).to_have_text(
        "That streak ended in another tab: a new one starts here. Your first try counts for your rating."
    )
    expect(a.page.locator(f"{VIEW} .puzzle-of")).to_contain_text("Streak: 0 solved so far")
    a.press("All puzzles")
    state_is(a, "list")
    expect(a.page.locator(f"{VIEW} .puzzle-rating")).to_contain_text("Best streak: 1.")  # not 2
    a.watch.assert_clean()


def test_the_daily_puzzle_says_its_day_and_when_the_next_comes_and_is_ticked_when_solved_after_a_mistake(new_site):
    """Half past midnight in Berlin is still the 29th in UTC: the page names the day the puzzle is
    of and the local hour the next one comes. Solved after a wrong move (counted as a miss), the
    day's puzzle is still done: the button is ticked, after a reload too. On a phone, what a move
    brings is read under the board without scrolling, and the board does not move."""
    site = new_site(**PHONE, timezone_id="Europe/Berlin", locale="en-GB")
    site.page.clock.set_fixed_time(datetime.datetime(2026, 12, 29, 23, 30, tzinfo=datetime.UTC))
    site.open("#daily")
    p = shown_puzzle(site)
    assert p == daily_puzzle("2026-12-29")
    view = site.page.locator(VIEW)
    expect(view.locator(".puzzle-of")).to_contain_text("Daily puzzle of 29 December 2026 (a new one at 01:00 your time).")
    box = site.assert_board_in_view(board=BOARD)
    shot(site.page, "ks-daily-berlin-phone")

    wrong, _ = wrong_move_with_escape(p)
    click_move(site, paths(p, [])[wrong])
    state_is(site, "wrong")
    expect(view.locator(".puzzle-outcome")).to_contain_text("a wrong move counts as a miss")
    assert_what_a_move_brings_in_view(site, box)
    shot(site.page, "ks-daily-wrong-phone")
    site.press("Hint")
    state_is(site, "ready", 0)
    solve(site, p)
    expect(view.locator(".puzzle-status")).to_contain_text("Solved, after a mistake and a hint")
    assert_what_a_move_brings_in_view(site, box)
    shot(site.page, "ks-daily-solved-after-hint-phone")

    site.press("All puzzles")
    state_is(site, "list")
    expect(site.button("Daily puzzle ✓")).to_be_visible()
    site.page.reload()
    site.wait_ready()
    state_is(site, "list")
    expect(site.button("Daily puzzle ✓")).to_be_visible()
    site.page.set_viewport_size({"width": 1280, "height": 800})
    site.press("Daily puzzle ✓")
    shown_puzzle(site)
    shot(site.page, "ks-daily-berlin-desktop")
    site.watch.assert_clean()


def test_all_puzzles_comes_back_to_the_puzzle_left_and_the_list_orders_by_difficulty(arrive):
    """On a phone, Lilypad's list is many screens long: a puzzle opened from far down, All puzzles
    shows it again where it stands. The list orders easiest or hardest first, kept after a reload."""
    site = arrive("first", "#puzzles=lilypad", phone=True)
    view = site.page.locator(VIEW)
    state_is(site, "list")
    own = listed("lilypad")
    far = own[60]
    item = view.locator(f".puzzle-list li[data-puzzle='{far.id}']")
    item.scroll_into_view_if_needed()
    press(site, item.locator("a"))
    assert shown_puzzle(site) == far
    site.press("All puzzles")
    state_is(site, "list")
    expect(item).to_be_in_viewport()
    expect(item.locator("a")).to_be_focused()
    shot(site.page, "ks-list-back-to-the-puzzle-phone")

    site.page.evaluate("window.scrollTo(0, 0)")
    view.locator(".puzzle-order").select_option(label="Hardest first")
    ratings = [int(r) for r in re.findall(r"· (\d+)", " ".join(view.locator(".puzzle-list .moves").all_inner_texts()))]
    assert ratings == sorted((q.rating for q in own), reverse=True)
    site.page.reload()
    site.wait_ready()
    state_is(site, "list")
    expect(view.locator(".puzzle-order")).to_have_value("hardest")
    view.locator(".puzzle-order").select_option(label="Easiest first")
    expect(view.locator(".puzzle-list li").first).to_contain_text(f"· {min(q.rating for q in own)}")
    shot(site.page, "ks-list-easiest-first-phone")
    site.page.set_viewport_size({"width": 1280, "height": 800})
    shot(site.page, "ks-list-easiest-first-desktop")
    site.watch.assert_clean()
