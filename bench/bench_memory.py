"""Peak resident memory of a whole bot game, its animated replay included, per title, beside a floor.

    python bench/bench_memory.py [--titles campaign_trail nineteen_sixty ...] [--root CHECKOUT] [--seed 1]

Each measure is a fresh process, read back with os.wait4 (the child's own peak resident set, ru_maxrss):
- floor: a process that imports the bot (its command line and the local table) and draws one board of the title;
- demo: `stumpbot demo TITLE --export record.json`, the built-in bot playing every seat with its pictures on, to
  the result and the animated replay the table posts after it (bot/tables/demo.py run_demo);
- replay: `stumpbot replay record.json --animate OUT`, the same game's replay drawn from its record alone.
`--root` runs another checkout's code (a worktree of an older commit: the before figure). The target is 300 MB
per title, its replay included: a 2 GB host runs the bot beside its database and other games' replays.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
# (ruleset, players: None for the full table, options)
TITLES = {
    "electioneer": ("electioneer", None, []),
    "campaign_trail": ("campaign_trail", 3, []),
    "campaign_trail_solo": ("campaign_trail", 1, ["--option", "ai=REP"]),
    "presidential_election": ("presidential_election", None, []),
    "campaign_manager_2008": ("campaign_manager_2008", None, []),
    "nineteen_sixty": ("nineteen_sixty", None, []),
}
TARGET_MB = 300

FLOOR = """
import sys
import bot.cli, bot.tables.local
from engine import registry
from bot.tables.local_seats import table_seats
from render import replay
ruleset = registry.get(sys.argv[1])
seats = table_seats(ruleset, None, None)
replay.draw_public(ruleset.view(ruleset.setup(ruleset.parse_options({}).model_dump(), seats, 1), None))
"""


def measured(args: list[str], root: Path, env: dict[str, str]) -> tuple[float, float, int]:
    """(peak resident MB, seconds, exit status) of one process run in `root`."""
    start = time.perf_counter()
    child = subprocess.Popen(args, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        sys.stderr.write(child.stderr.read().decode(errors="replace")[-2000:] if child.stderr else "")
    if child.stderr:
        child.stderr.close()
    return usage.ru_maxrss / 1024, time.perf_counter() - start, child.returncode  # Linux: ru_maxrss is in KiB


def bench(title: str, root: Path, seed: int) -> None:
    ruleset, players, options = TITLES[title]
    with tempfile.TemporaryDirectory(prefix="bench-memory-") as scratch:
        env = {**os.environ, "PYTHONPATH": str(root), "STUMPBOT_OUT": scratch, "PYTHONHASHSEED": "0"}
        env.pop("DISCORD_TOKEN", None)
        python = sys.executable
        floor, _, _ = measured([python, "-c", FLOOR, ruleset], root, env)
        record = Path(scratch) / "record.json"
        table = ["--players", str(players)] if players else []
        demo, demo_s, status = measured([python, "-m", "bot", "demo", ruleset, "--seed", str(seed), *table, *options,
                                         "--export", str(record)], root, env)
        replay, replay_s, status2 = measured([python, "-m", "bot", "replay", str(record), "--animate",
                                              str(Path(scratch) / "replay.webp")], root, env)
        print(f"{title:24} floor {floor:6.0f} MB   demo {demo:6.0f} MB ({demo_s:4.0f} s)   "
              f"replay --animate {replay:6.0f} MB ({replay_s:4.0f} s)"
              f"{'' if max(demo, replay) <= TARGET_MB else '   over ' + str(TARGET_MB) + ' MB'}"
              f"{'' if status == status2 == 0 else '   FAILED'}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--titles", nargs="+", choices=sorted(TITLES), default=list(TITLES))
    ap.add_argument("--root", type=Path, default=HERE, help="the checkout whose code runs (default: this one)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"peak resident memory per process, code of {args.root.resolve()}; target {TARGET_MB} MB per title")
    for title in args.titles:
        bench(title, args.root.resolve(), args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
