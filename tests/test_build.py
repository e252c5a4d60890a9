"""build.py: the build id (what lets a page and the service worker tell their versions apart), the
wheel and the memory snapshot made from it, the API reference, the server, the bundles and the
addresses modules make, the pages' Content-Security-Policy and top bar."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import build

PAGE = '<!doctype html><html><head><meta charset="utf-8">\n<meta name="ks-build" content="">\n</head></html>\n'


def stamped(folder) -> set[str]:
    return {re.search(r'name="ks-build" content="([^"]*)"', p.read_text())[1] for p in folder.glob("*.html")}


def test_every_page_carries_one_id_that_changes_with_any_file(tmp_path):
    for name in ("index.html", "board.html"):
        (tmp_path / name).write_text(PAGE)
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "lock.json").write_text("{}")
    first = build.stamp_build_id(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{16}", first) and stamped(tmp_path) == {first}
    assert build.stamp_build_id(tmp_path) == first  # a stamped build gives the same id again
    (tmp_path / "sw.js").write_text("// generated after the stamp")
    assert build.stamp_build_id(tmp_path) == first  # the service worker is not part of it
    (tmp_path / "pyodide" / "lock.json").write_text('{"changed": true}')
    second = build.stamp_build_id(tmp_path)
    assert second != first and stamped(tmp_path) == {second}
    (tmp_path / "board.html").write_text(PAGE.replace("</head>", "<title>changed</title></head>"))
    third = build.stamp_build_id(tmp_path)
    assert third not in (first, second)
    # The memory snapshot is made from files the id covers, and differs every time it is made.
    (tmp_path / "pyodide" / "python-1.0.snapshot").write_bytes(b"one")
    assert build.stamp_build_id(tmp_path) == third
    (tmp_path / "pyodide" / "python-1.0.snapshot").write_bytes(b"another")
    assert build.stamp_build_id(tmp_path) == third


# Pyodide in Node restored from a snapshot, asked what a first visit's worker asks first.
RESTORE = """
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { loadPyodide } from "pyodide";
const pyodide = await loadPyodide({ _loadSnapshot: gunzipSync(readFileSync(process.argv.at(-1))), stdout: () => {} });
const modules = pyodide.runPython("import sys; sorted(m for m in sys.modules if m.startswith('pygame_rules'))").toJs();
console.log(JSON.stringify({ games: JSON.parse(pyodide.pyimport("pygame_rules.bridge").handle('{"op": "games"}')).games.length, modules }));
"""


def test_the_builds_snapshot_is_python_with_every_op_module_imported(tmp_path):
    from pygame_rules import bridge

    wheel = build.build_wheel(tmp_path)
    snapshot = build.write_snapshot(wheel, tmp_path)
    assert snapshot.name == build.SNAPSHOT_NAME.format(version=build.pyodide_version()) and snapshot.read_bytes()[:2] == b"\x1f\x8b"
    done = subprocess.run([build.node_binary(), "--input-type=module", "-e", RESTORE, str(snapshot)],
                          cwd=build.ROOT, capture_output=True, text=True, check=True)
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert answer["games"] == 3
    assert {f"pygame_rules.{name}" for name in bridge.OP_MODULES} <= set(answer["modules"])
    assert not {"pygame_rules.puzzlegen", "pygame_rules.prepared"} & set(answer["modules"])


def test_the_wheel_carries_bytecode_for_pyodides_python_that_needs_no_dates(tmp_path):
    wheel = build.build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    modules = [name for name in files if name.endswith(".py")]
    compiled = {name: data for name, data in files.items() if name.endswith(".pyc")}
    assert "pygame_rules/bridge.py" in modules and len(compiled) == len(modules)
    assert "pygame_rules/py.typed" in files  # type checkers read the package's annotations (PEP 561)
    for module in modules:
        folder, _, file = module.rpartition("/")
        (pyc,) = [name for name in compiled if re.fullmatch(rf"{folder}/__pycache__/{file[:-3]}\.cpython-\d+\.pyc", name)]
        assert int.from_bytes(compiled[pyc][4:8], "little") == 0b01  # hash-based, source never checked
    # RECORD lists every file with its own hash and size, as an installer checks them.
    (record,) = [name for name in files if name.endswith(".dist-info/RECORD")]
    for line in files[record].decode().splitlines():
        name, digest, size = line.rsplit(",", 2)
        if name != record:
            data = files.pop(name)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)
    assert list(files) == [record]


def test_without_pdoc_the_api_page_says_how_to_get_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "pdoc", None)  # `import pdoc` raises ImportError
    assert build.write_api_docs(tmp_path) is False
    page = (tmp_path / "docs" / "api" / "index.html").read_text()
    assert 'pip install -e ".[docs]"' in page
    assert 'pip install -e ".[docs]"' in capsys.readouterr().out


def test_the_api_pages_are_the_same_whatever_the_hash_seed(tmp_path):
    """The same sources give the same pages (so the same build id: a new one offers every visitor a
    new version), though sets print in the order of Python's string hashing, which changes per process."""
    import os
    import subprocess

    pages = []
    for seed in ("1", "2"):
        out = tmp_path / seed
        script = f"import build, pathlib; build.write_api_docs(pathlib.Path({str(out)!r}))"
        subprocess.run([sys.executable, "-c", script], cwd=build.ROOT, env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        pages.append((out / "docs" / "api" / "pygame_rules" / "lion.html").read_text())
    assert "frozenset(" in pages[0]  # the Lion Game's piece sets are shown
    assert pages[0] == pages[1]


def test_the_server_takes_a_download_dropped_halfway_quietly(tmp_path, capsys):
    """A browser that closes a page mid-download is no error to print (the test logs stay readable)."""
    import socket
    import struct
    import threading
    import time

    (tmp_path / "big.bin").write_bytes(b"x" * 50_000_000)
    httpd = build.server(tmp_path)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        client = socket.create_connection(httpd.server_address)
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a reset
        client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert client.recv(100).startswith(b"HTTP/1.0 200")
        client.close()
        time.sleep(1)  # the server's thread meets the reset
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert "Exception occurred" not in capsys.readouterr().err


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


# Runs the built page's entry and the engine's own address in Node: what the page's modules saw.
RUN_BUNDLE = """
const site = new URL(process.argv[1]);
await import(new URL("app.js", site));
const { engine } = await import(new URL("engine/engine.js", site));
console.log(JSON.stringify({ ...globalThis.seen, sameEngine: globalThis.seen.engine === engine }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="the build needs Node.js")
def test_bundles_hold_the_modules_keep_their_addresses_and_share_one_instance(tmp_path):
    """bundle(): the modules go into bundles one folder down, so an address a feature module makes
    from import.meta.url ("../data/") still points where it did; a module that is an entry of its
    own (the engine) and part of a bundle is one instance; the page names its bundle, the old top
    address imports it, and the modules the bundles hold are gone; an npm package is found from a
    site built anywhere, and the runtime stays a file of its own."""
    site = tmp_path / "site"
    write(site / "package.json", '{"type": "module"}')  # for Node only: the browser needs none
    write(site / "index.html", '<script type="module" src="app.js"></script>')
    write(site / "app.js", 'import { where } from "./feature/a.js";\nimport { engine } from "./engine/engine.js";\nglobalThis.seen = { where, engine };\n')
    write(site / "feature" / "a.js", 'import { mark } from "../common/mark.js";\nimport { strToU8 } from "fflate";\n'
          'export const where = new URL("../data/x.json", import.meta.url).href + mark + strToU8("!").length;\n')
    write(site / "common" / "mark.js", 'export const mark = "#";\n')
    write(site / "engine" / "engine.js", 'import { runtime } from "../pyodide/pyodide.mjs";\nexport const engine = { made: Math.random(), runtime };\n')
    write(site / "pyodide" / "pyodide.mjs", 'export const runtime = "runtime";\n')
    build.bundle(site, {"bundle/app": "app.js", "engine/engine": "engine/engine.js"})

    assert not (site / "feature").exists() and not (site / "common").exists()
    assert (site / "index.html").read_text() == '<script type="module" src="bundle/app.js"></script>'
    assert 'import "./bundle/app.js";' in (site / "app.js").read_text()
    run = subprocess.run([shutil.which("node"), "--input-type=module", "-e", RUN_BUNDLE, (site / "x").as_uri()],
                         capture_output=True, text=True, check=True)
    seen = json.loads(run.stdout)
    assert seen["where"] == (site / "data" / "x.json").as_uri() + "#1"
    assert seen["sameEngine"] is True and seen["engine"]["runtime"] == "runtime"
    assert (site / "pyodide" / "pyodide.mjs").exists()
    assert any('from "../pyodide/pyodide.mjs"' in f.read_text() for f in (site / "bundle").glob("*.js"))
    assert (build.ROOT / "node_modules" / "fflate" / "esm" / "browser.js").exists(), "bundle() deleted an npm package's file"


SITE = Path(build.__file__).resolve().parent / "site"
#: `new URL("...", import.meta.url)`: an address a module makes from its own.
OWN_ADDRESS = re.compile(r'new URL\(\s*[`"]([^`"]*)[`"]\s*,\s*import\.meta\.url\s*\)')


def test_every_address_made_from_a_modules_own_is_named_from_the_sites_top():
    """What bundle() relies on: a module the pages load lies one folder down and names the site's
    files from the top ("../engine/worker.js", not "./worker.js"), since the build moves its code
    into a bundle one folder down, not necessarily its own folder; the top's modules make none."""
    for module in sorted(SITE.rglob("*.js")):
        relative = module.relative_to(SITE)
        addresses = OWN_ADDRESS.findall(module.read_text())
        if len(relative.parts) == 1:
            assert addresses == [], f"{relative} makes an address from its own, at the top"
        for address in addresses:
            assert address.startswith("../"), f"{relative}: {address!r} is not named from the site's top"


def test_every_page_gets_the_one_policy_and_a_page_without_its_tag_stops_the_build(tmp_path):
    for name in ("a.html", "b.html"):
        (tmp_path / name).write_text(PAGE.replace("</head>", '<meta http-equiv="Content-Security-Policy" content=""></head>'))
    build.write_policy(tmp_path)
    for name in ("a.html", "b.html"):
        assert f'content="{build.CONTENT_SECURITY_POLICY}"' in (tmp_path / name).read_text()
    (tmp_path / "c.html").write_text(PAGE)
    with pytest.raises(SystemExit, match="c.html has no"):
        build.write_policy(tmp_path)
    # The site's own pages carry the tag, and the embedding guide quotes the policy as it is.
    assert all(build.POLICY_META.search(page.read_text()) for page in build.SITE.glob("*.html"))
    assert build.CONTENT_SECURITY_POLICY in (build.ROOT / "docs" / "embedding.md").read_text()


def test_the_top_bars_game_buttons_are_in_the_page_itself(tmp_path):
    """Drawn with the first paint (the page's script binds them later), so the bar does not grow
    under the board; titles are escaped; a page without the bar's tag stops the build."""
    shutil.copy(build.SITE / "index.html", tmp_path / "index.html")
    games = [{"id": "lilypad", "title": "Lilypad"}, {"id": "x", "title": "A <b> & c"}]
    build.write_game_buttons(tmp_path, games)
    text = (tmp_path / "index.html").read_text()
    assert '<button type="button" data-game="lilypad">Lilypad</button><button type="button" data-game="x">A &lt;b&gt; &amp; c</button></nav>' in text
    (tmp_path / "index.html").write_text(PAGE)
    with pytest.raises(SystemExit, match="index.html has no"):
        build.write_game_buttons(tmp_path, games)
