"""Updates as a person whose site gets updated lives them: a broken deploy and its fix, a deploy
arriving while the offer is shown, the offer on a phone, other tabs reloaded by a takeover (the
editor's unfinished set-up among them), two copies of the site on one origin, and a start offline
after an update. The builds are copies of the site as built, each with a marker in two files (a
file the page loads and one its worker does) and its own service worker, deployed in turn on one
origin (`served_builds`); test_offline.py has the first-visit and flat-layout updates.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import expect

import build
from conftest import PHONE, Watch
from site_driver import SLOW_MS, STORED, Site, poll, shot
from test_offline import CHANGED, build_id, controlled, page_build

BROKEN = 'throw new Error("a broken deploy");\n'

# Every text the loading pill shows, from the page's first paint (an init script).
RECORD_STAGES = """
window.stages = [];
addEventListener("DOMContentLoaded", () => {
  const text = document.getElementById("loading-text");
  if (!text) return;
  window.stages.push(text.textContent);
  new MutationObserver(() => window.stages.push(text.textContent)).observe(text, { childList: true, characterData: true, subtree: true });
});
"""


def make_build(tmp_path: Path, name: str, *, broken: bool = False) -> Path:
    """A copy of the site as built, changed in CHANGED (a marker naming it), with its own
    sw.js; ``broken``: its Python worker throws as it loads."""
    folder = tmp_path / name
    shutil.copytree(build.DIST, folder, copy_function=shutil.copy)
    for changed in CHANGED:
        with open(folder / changed, "a") as f:
            f.write(f"\n/* build {name} */\n")
    if broken:
        worker = folder / "engine" / "worker.js"
        worker.write_text(BROKEN + worker.read_text())
    build.write_service_worker(folder)
    return folder


@contextmanager
def served_builds(tmp_path: Path, *folders: Path):
    """Serve ``folders[0]`` from one origin; ``deploy(i)`` puts ``folders[i]`` in its place at once.
    Each build's files are dated a minute after the one before (HTTP dates count whole seconds: an
    sw.js with its predecessor's date would be answered 304 Not Modified, and no update found)."""
    start = time.time() - 60 * len(folders)
    for i, folder in enumerate(folders):
        for path in folder.rglob("*"):
            if path.is_file() and not path.is_symlink():
                os.utime(path, (start + 60 * i, start + 60 * i))
    live = tmp_path / "live"
    live.symlink_to(folders[0])

    def deploy(i: int) -> None:
        (tmp_path / "next").symlink_to(folders[i])
        (tmp_path / "next").replace(live)

    httpd = build.server(live)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/", deploy
    finally:
        httpd.shutdown()
        httpd.server_close()


def look_for_update(site) -> None:
    """What the browser does on its own, hourly or on a load: look for a new sw.js, and wait until
    the new version is installed and waiting."""
    site.page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    poll(
        lambda: site.page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !r.installing && r.waiting !== null)"),
        what="the new version to wait",
    )


OFFER = "#update-offer"


def offer_button(page):
    return page.locator(OFFER).get_by_role("button", name="Reload to update")


def test_after_a_broken_deploy_the_fix_reaches_the_page_that_failed(new_site, tmp_path):
    """v1 stored; a deploy whose Python worker throws is accepted: the page fails to start. The fix
    is deployed; the person reloads, as the failure says: the page, which has nothing to lose,
    lets the fix take over at once (a reload alone never lets a waiting version in while the tab
    is open), and plays."""
    v1, bad, fix = make_build(tmp_path, "v1"), make_build(tmp_path, "bad", broken=True), make_build(tmp_path, "fix")
    with served_builds(tmp_path, v1, bad, fix) as (url, deploy):
        site = new_site(url)
        site.open()
        poll(lambda: controlled(site), what="the service worker")
        page = site.page

        deploy(1)
        look_for_update(site)
        with page.expect_navigation(timeout=SLOW_MS):
            offer_button(page).click()
        expect(page.locator("html")).to_have_attribute("data-engine", "failed", timeout=SLOW_MS)
        expect(page.locator("#loading-text")).to_have_text("Python could not start.")
        expect(page.locator("#messages .message.error")).to_contain_text("Reload the page to try again")
        assert page_build(page) == build_id(bad)
        shot(page, "update-broken-deploy")

        deploy(2)
        page.reload()
        expect(page.locator('meta[name="ks-build"]')).to_have_attribute("content", build_id(fix), timeout=SLOW_MS)
        site.wait_ready()
        expect(page.locator(OFFER)).to_have_count(0)  # taken, not offered
        site.choose_players("Two players")
        site.play("K@c8", ["c8"])
        # The broken build's worker said why it failed: its errors, and those only, are allowed.
        site.watch.assert_clean(allowed_errors=("a broken deploy", "Python worker"))


def test_reload_to_update_takes_the_deploy_that_came_while_it_was_offered(new_site, tmp_path):
    """The offer for v2 is shown; v3 is deployed and replaces v2 as the version waiting. "Reload to
    update" brings v3. When no takeover follows a click, the button comes back and the note says so."""
    v1, v2, v3 = (make_build(tmp_path, name) for name in ("v1", "v2", "v3"))
    with served_builds(tmp_path, v1, v2, v3) as (url, deploy):
        site = new_site(url)
        site.open()
        poll(lambda: controlled(site), what="the service worker")
        site.choose_players("Two players")
        site.play("K@c8", ["c8"])
        page = site.page
        deploy(1)
        look_for_update(site)
        expect(page.locator(OFFER)).to_contain_text("A new version is ready", timeout=SLOW_MS)
        deploy(2)
        look_for_update(site)
        expect(page.locator(OFFER)).to_have_count(1)

        # A takeover that does not come (the message is lost here): said, and the button works again.
        page.evaluate("() => { window.post = ServiceWorker.prototype.postMessage; ServiceWorker.prototype.postMessage = () => {}; }")
        offer_button(page).click()
        expect(offer_button(page)).to_be_disabled()
        expect(offer_button(page)).to_be_enabled(timeout=15_000)
        expect(page.locator(OFFER)).to_contain_text("The update did not start. Try again")
        assert page_build(page) == build_id(v1)

        page.evaluate("() => { ServiceWorker.prototype.postMessage = window.post; }")
        with page.expect_navigation(timeout=SLOW_MS):
            offer_button(page).click()
        site.wait_ready()
        assert page_build(page) == build_id(v3)
        assert site.history() == ["K@c8"]
        expect(page.locator(OFFER)).to_have_count(0)
        assert site.messages() == []  # this tab asked: no word of another tab
        site.watch.assert_clean()


def test_on_a_phone_the_offer_covers_no_control_and_moves_nothing(new_site, tmp_path):
    """390x844, touch: the offer comes as a bar over the top of the page; the board, Hint, New game
    and Undo stay where they were and are still what a tap at their centre reaches; the phone's
    passing notes (a bar at the foot) and the offer do not meet."""
    v1, v2 = make_build(tmp_path, "v1"), make_build(tmp_path, "v2")
    with served_builds(tmp_path, v1, v2) as (url, deploy):
        site = new_site(url, **PHONE)
        site.open()
        poll(lambda: controlled(site), what="the service worker")
        page = site.page
        site.choose_players("Two players")
        site.play("K@c8", ["c8"])
        controls = {"board": page.locator("#board"), **{name: site.button(name) for name in ("Hint", "New game", "Undo")}}
        before = {name: el.bounding_box() for name, el in controls.items()}

        deploy(1)
        look_for_update(site)
        offer = page.locator(OFFER)
        expect(offer).to_be_visible(timeout=SLOW_MS)
        expect(offer).to_be_in_viewport()
        shot(page, "update-offer-phone")
        after = {name: el.bounding_box() for name, el in controls.items()}
        assert after == before, "the offer moved the page"
        box = offer.bounding_box()
        for name, el in controls.items():
            r = after[name]
            assert box["y"] + box["height"] <= r["y"] or r["y"] + r["height"] <= box["y"], f"the offer covers {name}"
            hit = el.evaluate("(el, [x, y]) => el.contains(document.elementFromPoint(x, y)) || el === document.elementFromPoint(x, y)",
                              [r["x"] + r["width"] / 2, r["y"] + r["height"] / 2])
            assert hit, f"a tap at the centre of {name} does not reach it"
        # A passing note, as messages.js shows one on a phone (the bar at the screen's foot, over the
        # page for a few seconds): it and the offer never meet.
        page.evaluate("""() => { const box = document.createElement("div"); box.className = "message note";
                                 box.innerHTML = "<p>Game deleted.</p>"; document.getElementById("messages").append(box); }""")
        note = page.locator("#messages .message.note").bounding_box()
        assert box["y"] + box["height"] <= note["y"] or note["y"] + note["height"] <= box["y"], (box, note)
        # Under the offer lies only the top bar's first row (the site's name and its links): nothing of the game.
        covered = page.locator("button:visible, a:visible, select:visible").evaluate_all(
            """(els, n) => els.filter((e) => !e.closest("#update-offer") && !e.closest(".topbar"))
                 .map((e) => [e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
                 .filter(([, r]) => r.width && r.height && r.left < n.x + n.width && n.x < r.right && r.top < n.y + n.height && n.y < r.bottom)
                 .map(([name]) => name)""",
            box,
        )
        assert covered == [], f"the offer covers {covered}"
        with page.expect_navigation(timeout=SLOW_MS):
            offer_button(page).tap()
        site.wait_ready()
        assert page_build(page) == build_id(v2)
        site.watch.assert_clean()


def test_a_tab_reloaded_by_another_tabs_update_says_so_and_keeps_the_editors_set_up(new_site, tmp_path):
    """Tab A plays; tab B sets up a position the editor refuses (so the address cannot hold it).
    The update, accepted in tab A, reloads tab B: its set-up is still there, and it says why it
    reloaded, once."""
    v1, v2 = make_build(tmp_path, "v1"), make_build(tmp_path, "v2")
    with served_builds(tmp_path, v1, v2) as (url, deploy):
        a = new_site(url)
        a.open()
        poll(lambda: controlled(a), what="the service worker")
        b = Site(a.page.context.new_page(), a.watch)
        b.page.on("pageerror", lambda e: a.watch.errors.append(f"tab B: {e}"))
        b.open("#editor=lilypad")
        editor = b.page.locator("#editor-view")
        expect(editor.locator(".editor-ok")).to_be_visible(timeout=SLOW_MS)
        editor.get_by_role("button", name="Empty board").click()
        editor.get_by_role("radio", name="Black soldier").click()
        board = "#editor-view .editor-board"
        for square in ("a1", "c3", "e5"):
            b.square(square, board).click()
        expect(editor.locator(".editor-problems")).not_to_be_empty(timeout=SLOW_MS)
        made = b.pieces(board)
        assert set(made) == {"a1", "c3", "e5"}
        address = b.page.url

        deploy(1)
        look_for_update(a)
        reloads = []
        b.page.on("load", lambda _: reloads.append(True))
        with a.page.expect_navigation(timeout=SLOW_MS):
            offer_button(a.page).click()
        poll(lambda: reloads, what="tab B to reload")
        b.wait_ready()
        assert page_build(b.page) == build_id(v2)
        assert b.page.url == address
        note = b.page.locator("#editor-view .messages .message.note")
        expect(note).to_have_text("The site was updated (from another tab); your game is kept.×")
        expect(editor.locator(".editor-problems")).not_to_be_empty(timeout=SLOW_MS)
        assert b.pieces(board) == made
        shot(b.page, "update-from-another-tab-editor")
        a.wait_ready()
        assert a.messages() == []  # the tab that accepted says nothing
        # Said once: a reload of its own says nothing.
        b.page.reload()
        b.wait_ready()
        expect(editor.locator(".editor-problems")).not_to_be_empty(timeout=SLOW_MS)
        assert b.pieces(board) == made
        expect(b.page.locator(".message.note")).to_have_count(0)
        a.watch.assert_clean()


def test_two_copies_of_the_site_on_one_origin_keep_their_own_snapshots(browser, browser_type_launch_args, tmp_path):
    """/a/ and /b/ on one origin share the origin's Cache Storage: storing its snapshot, each copy
    deletes only its own old ones, and the other still starts warm."""
    root = tmp_path / "origin"
    root.mkdir()
    for name in ("a", "b"):
        (root / name).symlink_to(build.DIST)
    httpd = build.server(root)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    context = browser.new_context()
    try:
        origin = f"http://127.0.0.1:{httpd.server_address[1]}/"
        sites = {}
        for name in ("a", "b"):
            site = Site(context.new_page(), Watch())
            site.page.goto(f"{origin}{name}/")
            site.wait_ready()
            poll(site.offline_ready, SLOW_MS, f"copy {name}'s snapshot")
            sites[name] = site
        keys = poll(lambda: [k for k, _, _ in sites["a"].page.evaluate(STORED)], what="the snapshots")
        assert sorted(k.split("/")[3] for k in keys) == ["a", "b"], keys
        for site in sites.values():
            site.page.reload()
            site.wait_ready()
            assert site.started_from() == "snapshot"
    finally:
        context.close()
        httpd.shutdown()
        httpd.server_close()


def test_offline_python_starting_from_the_cache_is_not_said_to_download(new_site):
    """A returning visit offline whose stored snapshot is gone (an update changed the Python
    package): Python starts the plain way from the site's cache; the page says it starts, never that
    it downloads."""
    site = new_site()
    site.open()
    poll(site.offline_ready, SLOW_MS, "the service worker's files and the snapshot")
    page = site.page
    page.evaluate("caches.delete('kings-and-soldiers-snapshots')")
    page.add_init_script(RECORD_STAGES)
    page.context.set_offline(True)
    try:
        page.reload()
        site.wait_ready()
        assert site.started_from() == "plain"
        stages = page.evaluate("window.stages")
    finally:
        page.context.set_offline(False)
    assert stages and not [s for s in stages if "Download" in s], stages
    assert "Starting Python…" in stages
    site.watch.assert_clean()
