"""build.py's build id: what lets a page and the service worker tell their versions apart."""

from __future__ import annotations

import re

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
    assert build.stamp_build_id(tmp_path) not in (first, second)
