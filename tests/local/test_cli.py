"""The `stumpbot` command line, run in-process."""
from __future__ import annotations

from pathlib import Path

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


def test_demo_command_writes_images(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STUMPBOT_DB", str(tmp_path / "db" / "x.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(tmp_path / "img"))
    assert main(["demo", "electioneer", "--seed", "2"]) == 0
    assert "Demo finished" in capsys.readouterr().out
    assert len(list((tmp_path / "img" / "demo").rglob("*.png"))) >= 20


def test_demo_moves_stops_early_and_says_so(monkeypatch, tmp_path, capsys) -> None:
    """`demo --moves N` is a look at the opening: N moves, their pictures, and a line saying the game goes on."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STUMPBOT_DB", str(tmp_path / "db" / "x.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(tmp_path / "img"))
    assert main(["demo", "electioneer", "--seed", "2", "--moves", "3"]) == 0
    out = capsys.readouterr().out
    assert "Demo stopped after 3 moves; the game was not finished." in out and "Demo finished" not in out
    assert 1 <= len(list((tmp_path / "img" / "demo").rglob("*.png"))) < 20


def test_demo_and_replay_write_the_animated_replay(monkeypatch, tmp_path, capsys) -> None:
    """`demo --replay OUT` and `replay FILE --animate OUT` write one animated image of the game."""
    from PIL import Image

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("STUMPBOT_DB", str(tmp_path / "db" / "x.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(tmp_path / "img"))
    record = tmp_path / "game.json"
    assert main(["demo", "electioneer", "--seed", "2", "--export", str(record), "--replay",
                 str(tmp_path / "demo.webp")]) == 0
    assert "Replay written to" in capsys.readouterr().out
    demo = Image.open(tmp_path / "demo.webp")
    assert demo.is_animated and demo.n_frames > 10
    assert main(["replay", str(record), "--animate", str(tmp_path / "again.webp")]) == 0
    assert "frames" in capsys.readouterr().out
    # the same game, the same frames: the record's replay is the demo's
    assert (tmp_path / "again.webp").read_bytes() == (tmp_path / "demo.webp").read_bytes()
    assert main(["replay", str(tmp_path / "missing.json"), "--animate", str(tmp_path / "x.webp")]) == 2
