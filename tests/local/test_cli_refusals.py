"""Bad input on the `stumpbot` command line: a plain refusal and exit code 2, never a traceback. A refusal of each
kind is run as a user runs it (`python -m bot …` in a fresh process, the data directory in tmp_path, no terminal
on stdin); the rest of each kind through the same entry point, `bot.cli.main`, in this process — each fresh process
costs a second of starting Python and importing the bot, the same for every refusal."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

from bot.cli import main
from bot.policy import record as records
from bot.tables.local import play_local
from engine import registry

ROOT = Path(__file__).resolve().parents[2]
KNOWN = ", ".join(registry.RULESETS)
# `play` with stdin not a terminal (as here) says so first, then goes on: not part of any refusal
NOT_A_TTY = "Standard input is not a terminal: reading one answer per line"


def stumpbot(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`stumpbot ARGS` with its data in tmp_path/data and this worktree's code; stdin gives `stdin`, then ends."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env |= {"STUMPBOT_DB": str(tmp_path / "data" / "stumpbot.sqlite3"), "STUMPBOT_OUT": str(tmp_path / "data" / "img"),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env, input=stdin,
                          capture_output=True, text=True, timeout=60)


def stumpbot_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                  *args: str) -> subprocess.CompletedProcess[str]:
    """`stumpbot ARGS` as `stumpbot()` runs it, through `bot.cli.main` in this process: its data in tmp_path/data,
    stdin no terminal and at its end, its output and exit code as a finished process's. An exception escaping
    `main` is what a user would see as a traceback, so it is returned as one."""
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("STUMPBOT_DB", str(tmp_path / "data" / "stumpbot.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(tmp_path / "data" / "img"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    capsys.readouterr()
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except Exception:  # noqa: BLE001 — a crash: what the user would read is the traceback
        code, traceback_text = 1, "Traceback (most recent call last):\n" + traceback.format_exc()
        out = capsys.readouterr()
        return subprocess.CompletedProcess(list(args), code, out.out, out.err + traceback_text)
    out = capsys.readouterr()
    return subprocess.CompletedProcess(list(args), code, out.out, out.err)


def refusal(run: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused command printed, after checking it is a refusal and not a crash."""
    assert "Traceback" not in run.stdout + run.stderr, run.stderr
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    lines = [line for line in (run.stdout + run.stderr).strip().splitlines() if not line.startswith(NOT_A_TTY)]
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("command", ["play", "demo"])
def test_an_unknown_ruleset_is_one_line_naming_the_known_ones(tmp_path, monkeypatch, capsys, command) -> None:
    run = (stumpbot(tmp_path, command, "nonsense") if command == "play"  # in a fresh process, as a user runs it
           else stumpbot_here(tmp_path, monkeypatch, capsys, command, "nonsense"))
    line = refusal(run)
    assert "`nonsense`" in line and KNOWN in line
    assert not (tmp_path / "data").exists(), "nothing is written for a game that does not exist"


def _record(tmp_path: Path, **game: str) -> str:
    """A record file that reads as a record (format, version) but whose game cannot be replayed."""
    path = tmp_path / "bad-record.json"
    path.write_text(json.dumps({"format": records.FORMAT, "version": records.VERSION, "seed": 1, "seats": [],
                                "moves": [], "game": {"id": 1, "title": "T", "ruleset_title": "T", **game}}))
    return str(path)


@pytest.mark.parametrize("args", [
    ["replay", "missing.json"],
    ["verify", "missing.json"],
    ["replay", "missing.json", "--animate", "out.webp"],
    ["scenario", "missing.yaml"],
    ["replay", "RECORD:ruleset=nonsense"],  # a record of a ruleset this Stumpbot does not know
    ["replay", "RECORD:"],  # a record whose game has no ruleset
], ids=["replay", "verify", "animate", "scenario", "replay-unknown-ruleset", "replay-malformed"])
def test_a_missing_or_unreadable_file_is_one_line(tmp_path, monkeypatch, capsys, args) -> None:
    if args[1].startswith("RECORD:"):
        args[1] = _record(tmp_path, **dict(pair.split("=") for pair in args[1][7:].split(",") if pair))
    run = (stumpbot(tmp_path, *args) if args[0] == "verify"  # in a fresh process, as a user runs it
           else stumpbot_here(tmp_path, monkeypatch, capsys, *args))
    line = refusal(run)
    assert Path(args[1]).name in line


@pytest.mark.parametrize(("args", "seats"), [
    (["presidential_election", "--vs-bot", "REP"], "P1, P2, P3, P4, P5, P6"),
    (["campaign_trail", "--players", "6", "--vs-bot", "REP"], "DEM-P, DEM-VP, REP-P, REP-VP, LIB-P, LIB-VP"),
    (["campaign_trail", "--players", "2", "--vs-bot", "LIB"], "DEM, REP"),
], ids=["no-such-seat", "not-at-six", "not-at-two"])
def test_a_bot_seat_the_table_lacks_is_refused_naming_its_seats(tmp_path, monkeypatch, capsys, args, seats) -> None:
    line = refusal(stumpbot_here(tmp_path, monkeypatch, capsys, "play", *args))
    assert f"seats are {seats}" in line and args[-1] in line


async def test_vs_bot_without_a_player_count_is_a_game_against_the_bot(tmp_path) -> None:
    """`play campaign_trail --vs-bot REP` is one player against the bot: the smallest table with a REP seat (two
    players, DEM and REP), said before the one name is asked — not six names for a table that has no REP."""
    run = stumpbot(tmp_path, "play", "campaign_trail", "--vs-bot", "REP", stdin="Alice\n")
    assert "Traceback" not in run.stderr and run.returncode == 0, run.stderr
    assert "Campaign Trail for 2 players: DEM at this keyboard, the bot plays REP" in run.stdout
    assert run.stdout.count("Name for the ") == 1 and "Name for the DEM player" in run.stdout
    assert "Saved." in run.stdout
    # resumed without `--vs-bot` typed again, the bot still plays REP: no keyboard to pass, no REP prompt
    screen: list[str] = []
    await play_local(tmp_path / "data" / "local.sqlite3", tmp_path / "data" / "img", "campaign_trail",
                     ask=lambda prompt: screen.append(prompt) or _eof(), write=screen.append)
    assert "Resuming local game #1 (Local Campaign Trail, 2 players: DEM, REP (bot))" in screen[0]
    assert screen[-2] == "DEM> " and not any("REP>" in line or "Pass the keyboard" in line for line in screen)


def _eof() -> str:
    raise EOFError  # the player quits at the first prompt


async def _saved_three_player_game(tmp_path: Path) -> int:
    """A 3-player Campaign Trail local game, saved after the names are given (the keyboard never passed)."""
    names = iter(["Ann", "Ben", "Cy"])

    def ask(prompt: str) -> str:
        if prompt.startswith("Name for the "):
            return next(names)
        raise EOFError  # the first hand-off: the player quits, the game is saved

    game_id = await play_local(tmp_path / "data" / "local.sqlite3", tmp_path / "data" / "img", "campaign_trail",
                               players=3, ask=ask, write=lambda _: None)
    assert game_id is not None
    return game_id


async def test_new_game_settings_with_a_saved_game_are_not_silently_dropped(tmp_path) -> None:
    game_id = await _saved_three_player_game(tmp_path)
    run = stumpbot(tmp_path, "play", "campaign_trail", "--players", "1", "--option", "ai=REP")
    assert "Traceback" not in run.stderr and run.returncode == 2, (run.stdout, run.stderr)
    out = run.stdout
    assert f"game #{game_id}" in out and "3 players: DEM, REP, LIB" in out, out
    assert "were not used" in out and "--players 1" in out and "ai=REP" in out
    assert "stumpbot play campaign_trail --players 1 --option ai=REP --new" in out
    assert "Resuming" not in out


async def test_the_same_command_still_resumes_the_saved_game(tmp_path) -> None:
    game_id = await _saved_three_player_game(tmp_path)
    run = stumpbot(tmp_path, "play", "campaign_trail", "--players", "3")
    assert run.returncode == 0, (run.stdout, run.stderr)
    assert f"Resuming local game #{game_id}" in run.stdout


CT_OPTIONS = ("Campaign Trail's options: `parties=` 2 of DEM, REP, LIB, separated by commas; `solo=` DEM, REP or LIB; "
              "`dirty=` on or off; `ai=` 1 or 2 of DEM, REP, LIB, separated by commas; `coop=` on or off; "
              "`ai_deck=` basic or advanced.")
HINTS = "Any game also takes `hints=on`: the bot's best moves for you on request, in a game that is not rated."


@pytest.mark.parametrize(("args", "said"), [
    (["--option", "dirty=maybe"], "Bad option `dirty=maybe`: `dirty` takes on or off."),
    (["--option", "foo=bar"], "Bad option `foo=bar`: Campaign Trail has no option `foo`."),
    (["--option", "ai=REP,REP"], "Bad option `ai=REP,REP`: The AI parties must be different parties"),
    (["--option", "dirty"], "`dirty` is not an option: write `name=value` pairs separated by spaces."),
    (["--players", "1"], "Campaign Trail with these options is for 2 to 6 players. 1 player can play with the option "
                         "`ai=` (for example `ai=DEM`)."),
], ids=["bad-value", "unknown", "validator", "malformed", "solo-needs-ai"])
def test_an_option_refusal_names_the_option_its_values_and_the_games_options(tmp_path, monkeypatch, capsys, args,
                                                                              said) -> None:
    run = (stumpbot(tmp_path, "play", "campaign_trail", *args) if args == ["--option", "foo=bar"]  # a fresh process
           else stumpbot_here(tmp_path, monkeypatch, capsys, "play", "campaign_trail", *args))
    line = refusal(run)
    assert said in line
    if args[0] == "--option":
        assert line.endswith(f"{CT_OPTIONS} {HINTS}")  # the local table takes `hints` too
    for jargon in ("pydantic", "https://", "Extra inputs", "Input should be", "[type="):
        assert jargon not in line


@pytest.mark.parametrize("command", ["play", "demo"])
def test_option_help_answers_with_the_games_options_and_starts_nothing(tmp_path, monkeypatch, capsys,
                                                                       command) -> None:
    """`--option help` is a question: the game's options (and at the local table `hints`), said once, exit 0, and
    no game begun."""
    run = stumpbot_here(tmp_path, monkeypatch, capsys, command, "campaign_trail", "--option", "help")
    assert run.returncode == 0 and "Traceback" not in run.stdout + run.stderr, (run.stdout, run.stderr)
    answer = run.stdout.strip()
    assert "Can't start" not in answer and answer.count("\n") == 0, answer
    options = f"{CT_OPTIONS} {HINTS}" if command == "play" else CT_OPTIONS  # the demo has no hints to give
    assert answer == f"Options are given as `name=value` pairs. {options}"
    assert not list(tmp_path.rglob("*.sqlite3")), "no game is begun"
