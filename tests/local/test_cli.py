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
