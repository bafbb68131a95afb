"""The first run of `stumpbot` without a Discord token, Ctrl-C at the local table, and what a demo leaves behind."""
from __future__ import annotations

import functools
import io
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.cli import main
from bot.tables import demo
from engine import registry

ROOT = Path(__file__).resolve().parents[2]


def _environment(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("STUMPBOT_DB", str(tmp_path / "data" / "stumpbot.sqlite3"))
    monkeypatch.setenv("STUMPBOT_OUT", str(tmp_path / "data" / "images"))


def test_the_first_run_greets_lists_every_game_and_how_to_start_it(monkeypatch, tmp_path, capsys) -> None:
    _environment(monkeypatch, tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # the names are never typed: the table says bye
    assert main([]) == 0
    out = capsys.readouterr().out
    greeting = out[:out.index("Name for the")]
    assert greeting.startswith("Welcome to Stumpbot")
    for name, ruleset in registry.RULESETS.items():
        line = next(line for line in greeting.splitlines() if ruleset.title in line)
        assert line.split()[-2:] in (["play", name], ["play", {v: k for k, v in registry.ALIASES.items()}.get(name)])
    assert "Starting Electioneer US now." in greeting


def test_a_demo_leaves_no_database_behind(monkeypatch, tmp_path, capsys) -> None:
    _environment(monkeypatch, tmp_path)
    monkeypatch.setattr(demo, "run_demo", functools.partial(demo.run_demo, render=False))
    for seed in (1, 2):
        assert main(["demo", "electioneer", "--seed", str(seed), "--moves", "4"]) == 0
    assert "Demo stopped after 4 moves" in capsys.readouterr().out
    data = tmp_path / "data"
    left = [p.relative_to(data) for p in data.rglob("*") if p.is_file()]
    assert all(p.parts[0] == "images" for p in left), left  # the demos' folders of pictures, nothing else


def _read_until(process: subprocess.Popen, marker: str, seconds: float) -> str:
    out = b""
    deadline = time.monotonic() + seconds
    while marker.encode() not in out and time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.2)
        if ready:
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                break
            out += chunk
    return out.decode(errors="replace")


def _waiting_for_input(pid: int, seconds: float) -> None:
    """Until the process's main thread reads its input (Linux's /proc; elsewhere a second): a signal sent between
    the prompt's flush and the read would only be seen after the next line."""
    wchan = Path(f"/proc/{pid}/wchan")
    deadline = time.monotonic() + seconds
    while wchan.exists() and "read" not in wchan.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    if not wchan.exists():
        time.sleep(1)


def test_ctrl_c_at_a_prompt_saves_and_leaves_as_ctrl_d_does(tmp_path) -> None:
    """A real Ctrl-C (SIGINT) while the table waits at a move prompt: the same words as Ctrl-D, no traceback."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1",
           "STUMPBOT_DB": str(tmp_path / "data" / "stumpbot.sqlite3"), "STUMPBOT_OUT": str(tmp_path / "images")}
    env.pop("DISCORD_TOKEN", None)
    process = subprocess.Popen([sys.executable, "-m", "bot", "play", "electioneer"], cwd=tmp_path, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        process.stdin.write(b"Ann\nLou\n\n")  # the two names, then Enter at the hand-off screen
        process.stdin.flush()
        shown = _read_until(process, "DEM> ", 60)
        assert "DEM> " in shown, shown[-2000:]
        _waiting_for_input(process.pid, 10)
        process.send_signal(signal.SIGINT)
        said = _read_until(process, "resume game #1.", 20)  # the line is still open: Ctrl-C alone ends the game
        assert process.wait(timeout=20) == 0, said
    finally:
        if process.poll() is None:
            process.kill()
        process.stdin.close()
    said += process.stdout.read().decode(errors="replace")
    assert said.strip() == "Saved. Run the same command again to resume game #1.", said
