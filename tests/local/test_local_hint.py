"""The local table's `hint`, through the real local table: a game started with `--option hints=on` answers the word
with the search's top three moves for the seat at the keyboard and notes it in the game's record; a game without
the option says how to get one; the saved game resumes with the same options (`hints` is the table's, not the
game's), and asking for it with hints the saved game does not have says so; `--option hints=on` on the command line
is taken for `stumpbot play`."""
from __future__ import annotations

import io
import sys

import pytest
from terminal_script import Keyboard, play

from bot.cli import main
from bot.policy.bot_levels import ThinkSettings
from bot.service import ManagerError
from bot.store import Store

QUICK = ThinkSettings(iterations=20)  # a real search, at a test's cost


async def test_hint_on_the_local_table_shows_three_moves_and_the_record_notes_it(tmp_path) -> None:
    keyboard = Keyboard(["hint"], moves=2)
    game_id = await play(tmp_path, "electioneer", keyboard, bot_seats={"REP"}, options={"hints": True},
                         thinking_settings=QUICK, render=False, seed=3)
    hint = next(t for t in keyboard.written() if t.startswith("💡"))
    assert "Hint for" in hint and "DEM" in hint and "only you see this" not in hint
    assert hint.count("of the search") == 3, hint
    assert "hint       the search's top three moves" in keyboard.text  # the table's words name it
    store = await Store.open(tmp_path / "local.sqlite3")
    try:
        assert (await store.settings(f"game:{game_id}"))["hints:taken"] == "DEM@0"
    finally:
        await store.close()
    resumed = Keyboard(moves=0)  # the same command again resumes the game: hints are not an unused setting
    assert await play(tmp_path, "electioneer", resumed, bot_seats={"REP"}, options={"hints": True},
                      thinking_settings=QUICK, render=False) == game_id
    assert "Resuming local game" in resumed.text
    with pytest.raises(ManagerError, match="--option hints=off"):
        await play(tmp_path, "electioneer", Keyboard(moves=0), bot_seats={"REP"}, options={"hints": False},
                   thinking_settings=QUICK, render=False)


async def test_hint_in_a_local_game_without_hints_says_how_to_get_them(tmp_path) -> None:
    keyboard = Keyboard(["hint"], moves=2)
    await play(tmp_path, "electioneer", keyboard, bot_seats={"REP"}, thinking_settings=QUICK, render=False, seed=3)
    assert any(t.startswith("✗ Hints are off") and "--option hints=on" in t for t in keyboard.written())
    assert not any(t.startswith("💡") for t in keyboard.written())


def test_the_command_line_takes_hints_for_a_local_game(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("STUMPBOT_DB", str(tmp_path / "data" / "stumpbot.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(tmp_path / "data" / "img"))
    monkeypatch.setenv("STUMPBOT_HARD_ITERATIONS", "20")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("Dana\nhint\n"))
    assert main(["play", "electioneer", "--vs-bot", "REP", "--option", "hints=on"]) == 0
    out = capsys.readouterr().out
    assert "Can't start" not in out and out.count("of the search") == 3, out
    assert main(["play", "electioneer", "--option", "hints=maybe", "--new"]) == 2
    assert "`hints` takes on or off" in capsys.readouterr().out
