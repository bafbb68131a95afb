"""Each `stumpbot demo` run keeps its own folder: its images and replay never mix with, or overwrite, another run's."""
from __future__ import annotations

import functools

from bot.tables import demo
from bot.cli import main
from bot.service.table import GameRef, Picture, PublicPost
from bot.tables.console import ConsoleTable


def test_a_demo_run_gets_a_new_folder_and_names_it_last(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("STUMPBOT_DB", str(tmp_path / "db" / "x.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(tmp_path / "img"))
    # the folders are what is checked, not the pictures: drawing them would take most of a minute
    monkeypatch.setattr(demo, "run_demo", functools.partial(demo.run_demo, render=False))
    earlier = tmp_path / "img" / "demo" / "electioneer-seed2-1"  # an earlier run's, with its replay
    earlier.mkdir(parents=True)
    (earlier / "replay.webp").write_bytes(b"earlier run")
    assert main(["demo", "electioneer", "--seed", "2"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.endswith(f"written to {tmp_path / 'img' / 'demo' / 'electioneer-seed2-2'}"), last
    assert (tmp_path / "img" / "demo" / "electioneer-seed2-2").is_dir()
    assert (earlier / "replay.webp").read_bytes() == b"earlier run"
    assert not (tmp_path / "img" / "demo" / "game-1").exists()


def test_demo_folders_number_the_runs_of_a_ruleset_and_seed(tmp_path) -> None:
    first = demo.demo_folder(tmp_path, "1960", 7)  # an alias: the folder takes the ruleset's stable name
    assert first.name == "nineteen_sixty-seed7-1"
    first.mkdir()  # the run writes its first image
    (tmp_path / "nineteen_sixty-seed7-notes").mkdir()  # not a run's folder: no number
    assert demo.demo_folder(tmp_path, "nineteen_sixty", 7).name == "nineteen_sixty-seed7-2"
    assert demo.demo_folder(tmp_path, "nineteen_sixty", 8).name == "nineteen_sixty-seed8-1"


async def test_a_one_game_table_writes_into_its_folder(tmp_path) -> None:
    """The demo's table: pictures and the replay straight into its folder, not a game-<id> folder below it."""
    table = ConsoleTable(out_dir=tmp_path / "run", write=lambda _: None, one_game=True)
    game = GameRef(id=1, ruleset="electioneer", title="T", status="finished", guild_id=None, channel_id=None,
                   thread_id=None, seq=3)
    await table.publish(PublicPost(game=game, text="", picture=Picture(b"png", "board"),
                                   replay=Picture(b"webp", "replay", "replay.webp")))
    assert sorted(p.name for p in (tmp_path / "run").iterdir()) == ["003-board.png", "replay.webp"]
