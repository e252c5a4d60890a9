"""The command line, ``python -m pygame_rules``: in-process through ``main`` and as a real process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import pygame_rules
from pygame_rules.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
SEED = "8/8/8/5b2/2b3b1/1B6/4b1g1/1g1g3g b -"


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run(
        [sys.executable, "-m", "pygame_rules", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )


def call(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------------------------------------
# In process


def test_moves_of_the_start(capsys):
    assert call(capsys, "moves", "lilypad") == (0, "K@a8 K@c8 K@e8 K@g8\n", "")


def test_moves_of_a_position_and_a_variant(capsys):
    code, out, _ = call(capsys, "moves", "lilypad", SEED)
    assert code == 0 and out.split() == pygame_rules.load("lilypad", SEED).moves()
    code, out, _ = call(capsys, "--variant", "invisible-city", "moves", "lilypad", SEED)
    assert code == 0 and "e2-f1" in out.split()  # e2 is crowned on f1 under the designer's rules


def test_play_from_a_position(capsys):
    code, out, err = call(capsys, "play", "lilypad", "--from", SEED, "g4-f3", "g2:e4", "f5:d3")
    assert code == 0 and err == ""
    position, result = out.splitlines()
    assert position == pygame_rules.load("lilypad", SEED).play("g4-f3").play("g2:e4").play("f5:d3").text
    assert result == "in progress"


def test_play_to_the_end(capsys):
    moves = ["g4-f3", "g2:e4", "f5:d3", "d1:f3", "b3>c4>d3", "b1-c2", "d3:b1"]
    code, out, _ = call(capsys, "play", "lilypad", "--from", SEED, *moves)
    assert code == 0 and out.splitlines()[1] == "Black wins"


def test_play_takes_moves_before_and_after_from(capsys):
    code, out, _ = call(capsys, "play", "lilypad", "g4-f3", "--from", SEED, "g2:e4")
    assert code == 0
    assert out.splitlines()[0] == pygame_rules.load("lilypad", SEED).play("g4-f3").play("g2:e4").text
    with pytest.raises(SystemExit):
        main(["play", "lilypad", "--from", SEED, "g4-f3", "--fast"])


def test_play_from_the_start(capsys):
    code, out, _ = call(capsys, "play", "lilypad", "K@c8", "K@f1")
    assert code == 0
    assert out.splitlines()[0] == "b1B1b1b1/1b1b1b1b/b1b1b1b1/8/8/1g1g1g1g/g1g1g1g1/1g1g1G1g b -"


@pytest.mark.parametrize(
    "args, count",
    [
        (("perft", "lilypad", "3"), 288),
        (("perft", "lilypad", "4"), 5184),
        (("perft", "lilypad", "3", SEED), 49),
        (("--variant", "invisible-city", "perft", "lilypad", "3", SEED), 54),
        (("perft", "lilypad", "0"), 1),
    ],
)
def test_perft(capsys, args, count):
    assert call(capsys, *args) == (0, f"{count}\n", "")


def test_perft_divide(capsys):
    code, out, _ = call(capsys, "perft", "lilypad", "2", SEED, "--divide")
    lines = out.splitlines()
    assert code == 0
    p = pygame_rules.load("lilypad", SEED)
    expected = [f"{m.text} {len(m.after.legal())}" for m in p.legal()]
    assert lines[:-1] == expected
    assert lines[-1] == "total 18"


@pytest.mark.parametrize(
    "args, words",
    [
        (("moves", "lilypad", "8/8 b -"), "'8/8"),
        (("perft", "lilypad", "2", "not a position"), "unknown piece 'n'"),
        (("play", "lilypad", "c6-d5"), "illegal move 'c6-d5'"),
        (("play", "lilypad", "--from", SEED, "e2-f1"), "illegal move 'e2-f1'"),
        (("--variant", "chessboxing", "moves", "lilypad"), "unknown variant 'chessboxing'"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(capsys, args, words):
    code, out, err = call(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert words in err


def test_an_unknown_game_or_command_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["moves", "chess"])
    assert exit_.value.code == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["fly"])
    with pytest.raises(SystemExit):
        main(["perft", "lilypad", "three"])


def usage_error(capsys, *args: str) -> str:
    """The one line on stderr of a call that must exit 2, without output."""
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, out, err)
    assert err.count("\n") == 1 and err.endswith("\n"), err
    return err


@pytest.mark.parametrize(
    "args, words",
    [
        (("perft", "lilypad", "-1"), "argument depth: '-1' is out of range: it must be from 0 to 20"),
        (("perft", "three-crowns", "-1"), "'-1' is out of range"),
        (("perft", "lilypad", "21"), "'21' is out of range"),
        (("perft", "lilypad", "0", "--divide"), "--divide needs a depth of 1 or more"),
        (("perft", "lilypad", "٣"), "'٣' is not a whole number (digits 0-9)"),
        (("perft", "lilypad", "1" * 5000), "is not a whole number"),
        (("bestmove", "lilypad", "--time-ms", "inf"), "argument --time-ms: 'inf' is not a number"),
        (("bestmove", "lilypad", "--time-ms", "nan"), "'nan' is not a number"),
        (("bestmove", "lilypad", "--time-ms", "1e12"), "it must be more than 0 and at most 60,000"),
        (("bestmove", "lilypad", "--time-ms", "0"), "it must be more than 0"),
        (("bestmove", "lilypad", "--nodes", "1e12"), "'1e12' is not a whole number"),
        (("bestmove", "lilypad", "--nodes", "1000001"), "it must be from 1 to 1,000,000"),
        (("bestmove", "lilypad", "--level", "١"), "'١' is not a whole number"),
        (("bestmove", "lilypad", "--level", "6"), "it must be from 1 to 5"),
        (("bestmove", "lilypad", "--seed", "-1"), "it must be 0 or more"),
        (("moves", "lilypad", ""), "position '' has no parts where 3 are expected"),
        (("bestmove", "lilypad", ""), "position '' has no parts where 3 are expected"),
        (("play", "lilypad", "--from", "", "K@c8"), "position '' has no parts where 3 are expected"),
        (("match", "lilypad", "--a", "1", "--b", "2", "--games", "0"), "it must be from 1 to 100,000"),
        (("match", "lilypad", "--a", "1", "--b", "2", "--games", "-1"), "it must be from 1 to 100,000"),
        (("match", "lilypad", "--a", "١", "--b", "2"), "'١' is not a level (1, 2, 3, 4, 5) or 'random'"),
        (("match", "lilypad", "--a", "1", "--b", "2", "--time-scale", "inf"), "'inf' is not a number"),
        (("moves", "lion", pygame_rules.start("lion").text[:-1] + "²"), "the clock '²' must be a whole number"),
        (("moves", "lilypad", "x" * 100_000 + " b -"), "(100,000 characters): unknown piece"),
        (("moves", "chess"), "invalid choice: 'chess'"),
        (("perft", "lilypad", "three"), "'three' is not a whole number"),
    ],
)
def test_every_bad_argument_is_one_line_and_exit_2(capsys, args, words):
    err = usage_error(capsys, *args)
    assert words in err
    assert len(err) < 500


# ---------------------------------------------------------------------------------------------
# As a process


def test_process_moves_and_perft():
    done = run("moves", "lilypad")
    assert done.returncode == 0 and done.stdout == "K@a8 K@c8 K@e8 K@g8\n" and done.stderr == ""
    done = run("perft", "lilypad", "3", SEED, "--divide")
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "total 49"


def test_process_play_from():
    done = run("play", "lilypad", "--from", SEED, "g4-f3")
    assert done.returncode == 0
    assert done.stdout.splitlines() == [pygame_rules.load("lilypad", SEED).play("g4-f3").text, "in progress"]


def test_process_bad_input():
    done = run("play", "lilypad", "--from", SEED, "g4-f3", "g2-f3")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "illegal move 'g2-f3'" in done.stderr
    done = run("moves", "lilypad", "9/8/8/8/8/8/8/8 b -")
    assert done.returncode == 2 and done.stderr.startswith("error: ") and done.stderr.count("\n") == 1
    done = run("moves", "chess")
    assert done.returncode == 2 and "chess" in done.stderr


def test_puzzles_lists_ids_titles_positions_and_solutions(capsys):
    code, out, _ = call(capsys, "puzzles", "lilypad")
    assert code == 0
    for p in pygame_rules.puzzles("lilypad"):
        assert f"{p.id}  {p.title}\n    {p.position}\n    {' '.join(p.solution)}\n" in out


# ---------------------------------------------------------------------------------------------
# Games and variants; --variant after the subcommand; what a console or a closed input does


def test_games_and_variants_list_ids_and_titles(capsys):
    code, out, err = call(capsys, "games")
    assert (code, err) == (0, "") and out.split("\n")[0].split() == ["lilypad", "Lilypad"]
    assert [line.split()[0] for line in out.splitlines()] == pygame_rules.games()
    code, out, err = call(capsys, "variants", "lilypad")
    lines = out.splitlines()
    assert (code, err) == (0, "") and lines[0].split() == ["(standard)", "Lilypad"]
    assert [line.split()[0] for line in lines[1:]] == pygame_rules.variants("lilypad")[1:]
    assert lines[1].split(None, 1) == ["invisible-city", "Lilypad (Invisible City)"]
    assert call(capsys, "variants", "lion") == (0, "(standard)              The Lion Game\n", "")
    with pytest.raises(SystemExit) as exit_:
        main(["variants", "chess"])
    assert exit_.value.code == 2 and "invalid choice: 'chess'" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ("moves", "lilypad", "--variant", "invisible-city"),
        ("--variant", "invisible-city", "moves", "lilypad"),
        ("moves", "--variant", "invisible-city", "lilypad"),
    ],
)
def test_variant_is_accepted_before_or_after_the_subcommand(capsys, args):
    code, out, err = call(capsys, *args)
    assert (code, err) == (0, "")
    assert out.split() == pygame_rules.start("lilypad", "invisible-city").moves()


def test_variant_after_the_subcommand_reaches_every_command(capsys):
    code, out, _ = call(capsys, "play", "lilypad", "--variant", "invisible-city", "K@c8")
    assert code == 0 and out.split("\n")[0] == pygame_rules.start("lilypad", "invisible-city").play("K@c8").text
    code, out, _ = call(capsys, "perft", "lilypad", "1", "--variant", "invisible-city")
    assert (code, out) == (0, f"{len(pygame_rules.start('lilypad', 'invisible-city').moves())}\n")
    code, out, _ = call(capsys, "record", "write", "lilypad", "--variant", "invisible-city", "K@c8")
    assert code == 0 and '[Variant "invisible-city"]' in out
    code, _, err = call(capsys, "moves", "lilypad", "--variant", "nope")
    assert code == 2 and "unknown variant 'nope' of lilypad" in err


def test_bestmove_plays_a_legal_move_and_the_help_shows_it(capsys):
    code, out, err = call(capsys, "bestmove", "lilypad", "--moves", "K@c8", "K@b1", "--nodes", "200")
    after = pygame_rules.start("lilypad").play("K@c8").play("K@b1")
    assert (code, err) == (0, "") and out.strip() in after.moves()
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = capsys.readouterr().out
    for command in ("games", "variants", "moves", "play", "perft", "bestmove", "match", "record", "puzzles"):
        assert f"\n    {command} " in help_text
    assert "python -m pygame_rules bestmove lilypad" in help_text


def test_the_help_names_the_command_as_it_was_called(capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["/usr/local/bin/pygame-rules", "--help"])  # the console script
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = capsys.readouterr().out
    assert help_text.startswith("usage: pygame-rules ") and "\n  pygame-rules bestmove lilypad" in help_text
    assert "python -m" not in help_text
    monkeypatch.setattr(sys, "argv", ["/src/pygame_rules/__main__.py", "--help"])  # python -m pygame_rules
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: python -m pygame_rules ")


def test_record_check_of_a_closed_standard_input_or_an_endless_file_is_one_line_exit_2():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    closed = subprocess.run(
        ["sh", "-c", f'"{sys.executable}" -m pygame_rules record check - <&-'], capture_output=True, text=True,
        cwd=ROOT, env=env, timeout=60,
    )
    assert (closed.returncode, closed.stdout, closed.stderr) == (2, "", "-: cannot read it: standard input is closed\n")
    if Path("/dev/zero").exists():
        # Read only up to the cap (it once read gigabytes before checking the length).
        endless = run("record", "check", "/dev/zero")
        assert (endless.returncode, endless.stderr) == (2, "/dev/zero: it is longer than the 1,000,000 characters a record may have\n")


def test_a_console_that_cannot_show_a_character_does_not_stop_the_output(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "cp1252"}
    command = [sys.executable, "-m", "pygame_rules"]
    written = subprocess.run([*command, "record", "write", "lilypad", "--tag", "Black=山田", "K@c8"],
                             capture_output=True, cwd=ROOT, env=env, timeout=60)
    assert (written.returncode, written.stderr) == (0, b"")
    record = written.stdout.decode("utf-8")  # a record is UTF-8 text, whatever the console
    assert '[Black "山田"]' in record
    path = tmp_path / "山田.txt"
    path.write_text(record, encoding="utf-8")
    checked = subprocess.run([*command, "record", "check", str(path)], capture_output=True, cwd=ROOT, env=env, timeout=60)
    assert checked.returncode == 0 and b"\\u5c71\\u7530.txt: lilypad, 1 moves" in checked.stdout
    bad = subprocess.run([*command, "moves", "lilypad", "山田"], capture_output=True, cwd=ROOT, env=env, timeout=60)
    assert bad.returncode == 2 and b"\\u5c71" in bad.stderr and b"Traceback" not in bad.stderr


def test_a_reader_that_stops_early_ends_the_output_quietly(monkeypatch):
    class Closed:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            pass

    monkeypatch.setattr("sys.stdout", Closed())
    assert main(["puzzles", "lilypad"]) == 1  # as ``| head`` leaves it: no traceback
