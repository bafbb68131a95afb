"""How good a housemate the bot is in a busy server: one whole game of every title through SimCord (the real
discord.py offline, tests/discord/housemate.py), then a burst of many games moving at once in one channel, and
the slash command tree's occupancy.

    python bench/bench_housemate.py [--titles Electioneer,1960] [--max-moves N] [--burst-games 20]
                                    [--burst-rounds 4] [--no-render]

Per title: channel posts per game, how many carry a picture and their bytes, the most messages the bot sent to one
channel in any 5 s of the virtual clock (people take 3 s a decision; the bot's answers take none), pings per
decision of a person, self-pings (the post pings the person whose decision it followed), DM length p50/p95/max
(characters shown, of every version of every DM), raw identifiers seen in DMs, pinned messages left at the end,
and how often the channel got more than one post between two decisions of people. Run it on two checkouts to
compare. A whole run takes a few minutes of CPU (Campaign Trail's game is the long one).
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "discord"))

import conftest  # noqa: E402,F401 — brings SimCord's pin permission up to date, as for the tests
import housemate  # noqa: E402
import simcord  # noqa: E402
from simworld import RENDER, make_bot  # noqa: E402

SEED = 20261206
BURST_TITLE = housemate.TITLES[0]  # Electioneer, a person against a bot seat: each decision brings the bot's answer


def bot_factory(render: bool) -> Any:
    def build(clock: Any) -> Any:
        return make_bot(Path(tempfile.mkdtemp(prefix="housemeter-")) / "stumpbot.sqlite3", new_seed=lambda: SEED,
                        clock=clock, render=render and RENDER, channel_budget=True)  # as the bot runs
    return build


HEAD = (f"{'title':34} {'posts':>5} {'board':>5} {'pic MB':>7} {'peak/5s':>7} {'ping/dec':>8} {'self':>4} "
        f"{'DM p50':>6} {'p95':>5} {'max':>5} {'raw ids':>7} {'pins':>4} {'2+/turn':>7}")


def row(label: str, f: housemate.Figures) -> str:
    return (f"{label[:34]:34} {f.posts / f.games:>5.0f} {f.board_posts / f.games:>5.0f} "
            f"{f.picture_bytes / f.games / 1e6:>7.2f} {f.peak_window:>7} {f.pings_per_decision:>8.2f} "
            f"{f.self_pings:>4} {f.dm_p50:>6} {f.dm_percentile(0.95):>5} {f.dm_max:>5} {sum(f.raw_ids.values()):>7} "
            f"{f.pins_left:>4} {f.two_posts_in_a_turn:>7}")


def details(label: str, f: housemate.Figures, seconds: float) -> str:
    raw = ", ".join(f"{k}×{n}" for k, n in f.raw_ids.most_common(5)) or "none"
    return (f"  {label}: {f.moves} decisions of people {dict(sorted(f.decisions.items()))}; {f.dms} DMs; "
            f"{f.pings} pings; most posts between two decisions {max(f.post_runs, default=0)}; "
            f"raw ids: {len(f.raw_ids)} distinct ({raw}); {seconds:.1f} s CPU")


async def tree_occupancy(build: Any) -> list[str]:
    """Per top-level command or group as the bot registers it: its subcommands and the characters Discord counts
    (names, descriptions, choice names and values; Discord's cap is 8,000 per top-level command, 25 subcommands
    per group)."""
    bot = build(time.time)
    try:
        async with simcord.run(bot):
            payloads = [top.to_dict(bot.tree) for top in bot.tree.get_commands()]
    finally:
        if bot.store is not None:
            await bot.store.close()
    lines = [f"{'command':16} {'subcommands':>11} {'characters':>10}"]
    for payload in sorted(payloads, key=lambda p: p["name"]):
        lines.append(f"/{payload['name']:15} {_subcommands(payload):>11} {_characters(payload):>10}")
    return lines


def _subcommands(payload: dict) -> int:
    return sum(1 if o.get("type") == 1 else _subcommands(o) if o.get("type") == 2 else 0
               for o in payload.get("options") or [])


def _characters(payload: dict) -> int:
    n = len(payload.get("name") or "") + len(payload.get("description") or "")
    n += sum(len(str(c.get("name") or "")) + len(str(c.get("value") or "")) for c in payload.get("choices") or [])
    return n + sum(_characters(o) for o in payload.get("options") or [])


async def main(args: argparse.Namespace) -> None:
    build = bot_factory(not args.no_render)
    wanted = [t for t in housemate.TITLES if not args.titles or any(t.label.startswith(x) for x in args.titles)]
    print(f"one game per title ({'whole' if args.max_moves is None else f'{args.max_moves} decisions of people'}), "
          f"people take {housemate.THINK_SECONDS:.0f} s a decision; seed {SEED}")
    print(HEAD)
    notes = []
    for title in wanted:
        cpu = time.process_time()
        f = await housemate.run_title(build, title, seed=SEED, max_moves=args.max_moves)
        print(row(title.label, f), flush=True)
        notes.append(details(title.label, f, time.process_time() - cpu))
    print("\n".join(notes))
    if args.burst_games:
        cpu = time.process_time()
        f = await housemate.run_burst(build, BURST_TITLE, games=args.burst_games, rounds=args.burst_rounds, seed=SEED)
        print(f"\nburst: {args.burst_games} games of {BURST_TITLE.label} in one channel, every table's person moving at "
              f"the same instant, {args.burst_rounds} rounds {housemate.THINK_SECONDS:.0f} s apart")
        print(HEAD)
        print(row(f"{args.burst_games} games at once (per game)", f))
        print(f"  peak messages in the channel per {housemate.WINDOW_SECONDS:.0f} s: {f.peak_window}; "
              f"{f.posts} posts in all; {time.process_time() - cpu:.1f} s CPU")
    print("\ncommand tree (registered app commands)")
    print("\n".join(await tree_occupancy(build)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--titles", type=lambda s: [x.strip() for x in s.split(",") if x.strip()], default=[])
    parser.add_argument("--max-moves", type=int, default=None, help="decisions of people per game (default: whole)")
    parser.add_argument("--burst-games", type=int, default=20)
    parser.add_argument("--burst-rounds", type=int, default=4)
    parser.add_argument("--no-render", action="store_true", help="no pictures (faster; picture figures read 0)")
    asyncio.run(main(parser.parse_args()))
