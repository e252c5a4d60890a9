"""Perft: count every legal move sequence to a depth and compare with ``tests/data/*.perft``.

Each data file is named after its game id (``lilypad.perft``, ``three-crowns.perft``) and holds
records separated by blank lines, python-chess style::

    # comment lines (the source of the counts)
    id start
    variant invisible-city        (optional; the default rules when absent)
    pos <position string>
    perft 1 4
    perft 2 16

A count above the node cap (``PERFT_MAX_NODES``, default 200000) is skipped, so the unit suite stays
fast; ``PERFT_MAX_NODES=0`` runs every count. On a mismatch the failure lists the count below
each move of the position (a "divide"), so the wrong move shows at once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

import pygame_rules
from pygame_rules.core import perft

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_MAX_NODES = 200_000


@dataclass(frozen=True)
class PerftCase:
    game: str
    id: str
    variant: str | None
    position: str
    depth: int
    nodes: int
    where: str  # file:line, for the failure message


def read_perft_file(path: Path) -> list[PerftCase]:
    """The perft cases of one data file; ValueError names the line of a malformed record."""
    game = path.stem
    cases: list[PerftCase] = []
    record: dict = {}

    def finish() -> None:
        if record and "pos" not in record:
            raise ValueError(f"{path.name}: record {record.get('id')!r} has no pos line")
        record.clear()

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        value = value.strip()
        where = f"{path.name}:{number}"
        if key in ("id", "variant", "pos"):
            if key in record:
                raise ValueError(f"{where}: second {key!r} line in one record (blank line missing?)")
            record[key] = value
        elif key == "perft":
            if "pos" not in record:
                raise ValueError(f"{where}: perft line before the pos line")
            depth, nodes = (int(v) for v in value.split())
            cases.append(
                PerftCase(game, record.get("id", "?"), record.get("variant"), record["pos"], depth, nodes, where)
            )
        else:
            raise ValueError(f"{where}: unknown line {line!r}")
    finish()
    return cases


def all_cases() -> list[PerftCase]:
    return [case for path in sorted(DATA.glob("*.perft")) for case in read_perft_file(path)]


def divide(position: pygame_rules.Position, depth: int) -> str:
    """The count below each move, one ``move count`` per line, and the total."""
    lines, total = [], 0
    for m in position.legal():
        n = perft(m.after, depth - 1)
        total += n
        lines.append(f"  {m.text} {n}")
    return "\n".join(lines + [f"  total {total}"])


def max_nodes() -> int:
    value = int(os.environ.get("PERFT_MAX_NODES", DEFAULT_MAX_NODES))
    return value if value > 0 else 1 << 62


CASES = all_cases()


@pytest.mark.parametrize(
    "case",
    CASES,
    ids=[f"{c.game}-{c.id}-{c.variant or 'default'}-d{c.depth}" for c in CASES],
)
def test_perft(case: PerftCase) -> None:
    if case.nodes > max_nodes():
        pytest.skip(f"{case.nodes} nodes is over the cap (PERFT_MAX_NODES={max_nodes()})")
    position = pygame_rules.load(case.game, case.position, case.variant)
    got = perft(position, case.depth)
    if got != case.nodes:
        pytest.fail(
            f"{case.where}: perft {case.depth} of {case.game} {case.id!r} "
            f"(variant {case.variant}) is {got}, expected {case.nodes}\n"
            f"position {position.text}\ndivide:\n{divide(position, case.depth)}",
            pytrace=False,
        )


def test_every_data_file_names_a_game_and_has_cases() -> None:
    files = sorted(DATA.glob("*.perft"))
    assert files, "no perft data"
    for path in files:
        assert path.stem in pygame_rules.games(), f"{path.name}: no game {path.stem!r}"
        assert read_perft_file(path), f"{path.name} has no perft lines"


def test_data_positions_are_canonical() -> None:
    for case in CASES:
        text = pygame_rules.load(case.game, case.position, case.variant).text
        assert text == case.position, f"{case.where}: write {text!r}"


def test_a_wrong_count_fails_with_a_divide(tmp_path: Path) -> None:
    bad = tmp_path / "lilypad.perft"
    bad.write_text("id start\npos " + pygame_rules.start("lilypad").text + "\nperft 2 17\n")
    (case,) = read_perft_file(bad)
    with pytest.raises(pytest.fail.Exception) as failure:
        test_perft(case)
    message = str(failure.value)
    assert "is 16, expected 17" in message
    assert "  K@a8 4" in message and "  total 16" in message


def test_malformed_data_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "lilypad.perft"
    bad.write_text("id start\nperft 1 4\n")
    with pytest.raises(ValueError, match="perft line before the pos line"):
        read_perft_file(bad)
