"""The `stumpbot` command line, run in-process."""
from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_scenario_command_prints_a_line_per_case_and_the_totals(capsys) -> None:
    rc = main(["scenario", str(ROOT / "tests/scenarios/electioneer/election.yaml")])
    out = capsys.readouterr().out.strip().splitlines()
    assert rc == 0
    assert out[-1].endswith(" passed, 0 failed")
    assert all(line.startswith("PASS ") for line in out[:-1]) and len(out) > 5


def test_scenario_command_fails_on_a_failing_case(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("cases:\n  - name: wrong\n    rule: test\n    ruleset: electioneer\n"
                   "    expect:\n      view.public.month: 5\n")
    assert main(["scenario", str(bad)]) == 1
    assert capsys.readouterr().out.strip().endswith("0 passed, 1 failed")


def test_bot_command_without_a_token_explains_what_to_do(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["bot"]) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().out


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """(its folder, what it printed) of one `demo electioneer --seed 2 --export … --replay …`: a whole game played
    with its pictures, its record and its animated replay written, shared by the tests of each."""
    folder = tmp_path_factory.mktemp("demo")
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as mp, contextlib.redirect_stdout(out):
        mp.chdir(folder)
        mp.setenv("STUMPBOT_DB", str(folder / "db" / "x.sqlite3"))
        mp.setenv("STUMPBOT_OUT", str(folder / "img"))
        assert main(["demo", "electioneer", "--seed", "2", "--export", str(folder / "game.json"), "--replay",
                     str(folder / "demo.webp")]) == 0
    return folder, out.getvalue()


def test_demo_command_writes_images(demo) -> None:
    folder, out = demo
    assert "Demo finished" in out
    assert len(list((folder / "img" / "demo").rglob("*.png"))) >= 20


def test_demo_moves_stops_early_and_says_so(monkeypatch, tmp_path, capsys) -> None:
    """`demo --moves N` is a look at the opening: N moves, their pictures, and a line saying the game goes on."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STUMPBOT_DB", str(tmp_path / "db" / "x.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(tmp_path / "img"))
    assert main(["demo", "electioneer", "--seed", "2", "--moves", "3"]) == 0
    out = capsys.readouterr().out
    assert "Demo stopped after 3 moves; the game was not finished." in out and "Demo finished" not in out
    assert 1 <= len(list((tmp_path / "img" / "demo").rglob("*.png"))) < 20


def test_demo_and_replay_write_the_animated_replay(demo, monkeypatch, capsys) -> None:
    """`demo --replay OUT` and `replay FILE --animate OUT` write one animated image of the game."""
    from PIL import Image

    folder, out = demo
    monkeypatch.chdir(folder)
    monkeypatch.setenv("STUMPBOT_DB", str(folder / "db" / "x.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(folder / "img"))
    record = folder / "game.json"
    assert "Replay written to" in out
    demo_webp = Image.open(folder / "demo.webp")
    assert demo_webp.is_animated and demo_webp.n_frames > 10
    assert main(["replay", str(record), "--animate", str(folder / "again.webp")]) == 0
    assert "frames" in capsys.readouterr().out
    # the same game, the same frames: the record's replay is the demo's
    assert (folder / "again.webp").read_bytes() == (folder / "demo.webp").read_bytes()
    assert main(["replay", str(folder / "missing.json"), "--animate", str(folder / "x.webp")]) == 2
