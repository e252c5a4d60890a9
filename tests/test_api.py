"""The package's public face: what ``import pygame_rules`` offers, and how it refuses bad argument
values (with its own errors, which are also ValueErrors, in plain words; never a hang)."""

from __future__ import annotations

import math

import pytest

import pygame_rules
from pygame_rules import RulesError
from pygame_rules.solve import Solver

LILYPAD = pygame_rules.start("lilypad")
#: Python's own wording, which no message of the package's holds.
PYTHON_WORDS = ("NoneType", "'list'", "'dict'", "'str'", "'float'", "object", "Traceback", "int()", "float()")


def refused(call, *words: str) -> str:
    with pytest.raises(RulesError) as error:
        call()
    message = str(error.value)
    assert isinstance(error.value, ValueError)
    for word in words:
        assert word in message, message
    assert not any(w in message for w in PYTHON_WORDS) and len(message) < 300, message
    return message


def test_variants_list_the_standard_rules_first_and_each_starts_a_game():
    assert pygame_rules.variants("lion") == [None]
    lilypad = pygame_rules.variants("lilypad")
    assert lilypad[0] is None and "invisible-city" in lilypad and len(lilypad) == len(set(lilypad))
    for game in pygame_rules.games():
        for variant in pygame_rules.variants(game):
            assert pygame_rules.start(game, variant).variant == variant


@pytest.mark.parametrize("depth", [2.5, math.nan, math.inf, -1, True, "2", None, [2]])
def test_perft_refuses_a_depth_that_is_not_a_whole_number_of_0_or_more(depth):
    # 2.5 and NaN once recursed without end (depth - 1 never reaches 0).
    refused(lambda: pygame_rules.perft(LILYPAD, depth), "perft's depth must be a whole number of 0 or more")


def test_perft_refuses_what_is_not_a_position():
    refused(lambda: pygame_rules.perft(LILYPAD.text, 2), "perft counts from a position")
    assert pygame_rules.perft(LILYPAD, 0) == 1 and pygame_rules.perft(LILYPAD, 2) == 16


@pytest.mark.parametrize(
    "budget, words",
    [
        ({"level": 7}, "level must be a whole number from 1 to 5, not 7"),
        ({"level": 0}, "level must be a whole number from 1 to 5, not 0"),
        ({"level": True}, "not a yes/no value"),
        ({"level": "3"}, "not '3'"),
        ({"level": 2.0}, "not 2"),
        ({"time_ms": 0}, "time_ms must be a number more than 0"),
        ({"time_ms": -5}, "time_ms must be a number more than 0"),
        ({"time_ms": math.nan}, "not NaN (not a number)"),
        ({"time_ms": math.inf}, "not infinity"),
        ({"time_ms": "100"}, "time_ms must be a number"),
        ({"nodes": 2.5}, "nodes must be a whole number of 1 or more, not 2.5"),
        ({"nodes": 0}, "nodes must be a whole number"),
        ({"nodes": -(10**400)}, "not a number of more than 30 digits"),
        ({"depth": -1}, "depth must be a whole number"),
        ({"seed": [1]}, "seed must be a whole number, not a list"),
        ({"seed": 1.5}, "seed must be a whole number"),
        ({"history": 5}, "history must list the game's earlier positions, not 5"),
        ({"history": "K@c8"}, "history must list"),
        ({"history": [[1]]}, "history must list"),
    ],
)
def test_the_search_refuses_bad_argument_values_with_the_package_s_error(budget, words):
    refused(lambda: pygame_rules.best_move(LILYPAD, **budget), words)
    refused(lambda: pygame_rules.analyse(LILYPAD, **budget), words)
    refused(lambda: pygame_rules.Search(LILYPAD, **budget), words)


def test_the_search_refuses_a_bad_line_count_and_what_is_not_a_position():
    for lines in (0, 1.5, None, "2"):
        refused(lambda lines=lines: pygame_rules.analyse(LILYPAD, nodes=10, lines=lines), "lines must be a whole number")
    refused(lambda: pygame_rules.best_move(LILYPAD.text, nodes=10), "a search needs a position")


@pytest.mark.parametrize("n", [2.5, math.nan, -1, 21, True, "2"])
def test_the_solver_refuses_a_move_count_that_is_not_a_small_whole_number(n):
    solver = Solver()
    refused(lambda: solver.wins_within(LILYPAD, n), "the number of moves must be a whole number from 0 to 20")
    refused(lambda: solver.winning_moves(LILYPAD, n), "the number of moves")
    refused(lambda: solver.forced_win_length(LILYPAD, n), "the number of moves")
    refused(lambda: solver.defences(LILYPAD, n), "the number of moves")
    refused(lambda: solver.move_wins_within(LILYPAD, LILYPAD.legal()[0], n), "the number of moves")


def test_puzzles_quote_a_long_id_short_and_a_variant_needs_a_game():
    message = refused(lambda: pygame_rules.puzzle("x" * 100_000), "no puzzle", "(100,000 characters)")
    assert "x" * 100 not in message
    refused(lambda: pygame_rules.puzzle(None), "no puzzle nothing")
    refused(lambda: pygame_rules.puzzles(variant="bogus"), "the variant 'bogus' needs a game")
    refused(lambda: pygame_rules.puzzles(variant="invisible-city"), "needs a game")
    assert pygame_rules.puzzles() and pygame_rules.puzzles("lilypad", None)


def test_the_lazily_imported_record_names_are_listed_by_dir():
    listed = dir(pygame_rules)
    for name in ("read_record", "write_record", "parse_record", "encode_moves", "decode_moves", "Record", "RecordError"):
        assert name in listed and name in pygame_rules.__all__
        assert getattr(pygame_rules, name)
    assert set(pygame_rules.__all__) <= set(listed)
    assert "start" in listed and "core" in listed  # what a module's dir() lists anyway stays


def test_a_slice_and_a_link_s_game_are_checked_too():
    search = pygame_rules.Search(LILYPAD, nodes=50)
    for slice_ms in (-1, -0.5, math.nan, "5", True):
        refused(lambda slice_ms=slice_ms: search.run(slice_ms=slice_ms), "slice_ms must be a number of 0 or more")
    refused(lambda: pygame_rules.encode_moves("K@c8"), "a link's code is made of a game")
