"""Campaign Trail Solo Play speed: whole solo games per second (the engine plays the AI parties' turns; the human
seats are played by the built-in bot, or uniformly at random), and a move through the game manager with the
picture (the map and its register-track band) — each beside a floor measured in the same run.

    python bench/bench_campaign_trail_solo.py [--games 30] [--moves 200] [--mover bot|random]

Engine floor: the state copy apply() makes (model_validate(model_dump())), replayed over the very same states —
no engine can apply a move faster than it copies the state it returns. Manager floor: PNG-encoding a blank
1600×1000 image (bench_render.py's floor), since every posted move renders and encodes the picture.
The measuring is bench_ruleset.py's; only the seats differ (Solo Play seats one player, or two in co-op).
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.balance_campaign_trail_solo import CONFIGS  # noqa: E402
from bench.bench_engine import per_step  # noqa: E402
from bench.bench_ruleset import full_games, pct, png_floor_ms  # noqa: E402
from bench.bench_ruleset import manager_latency as ruleset_manager_latency  # noqa: E402
from engine.campaign_trail.ruleset import RULESET as R  # noqa: E402
from engine.campaign_trail.state import CampaignTrailState  # noqa: E402



def solo_games(players: int, options: dict, games: int, mover: str) -> tuple[float, list[list]]:
    """(seconds, each game's states before each step): whole solo games, every human seat played by `mover`."""
    return full_games(R, players, games, options, mover)


def engine_report(title: str, players: int, options: dict, games: int, mover: str) -> None:
    seconds, traj = solo_games(players, options, games, mover)
    steps = sum(len(t) for t in traj)
    copy = per_step(traj, lambda s: CampaignTrailState.model_validate(s.model_dump()))
    view = per_step(traj, lambda s: R.view(s, None))
    width = 48
    print(f"  {title}: {steps / games:.0f} steps per game")
    print(f"    {'full game loop (owing + ' + ('bot_action' if mover == 'bot' else 'decisions') + ' + play)':<{width}}"
          f"{games / seconds:7.2f} games/s  {seconds / steps * 1e6:7.1f} µs/step")
    print(f"    {'floor: the state copy apply() makes':<{width}}{games / copy:7.2f} games/s  {copy / steps * 1e6:7.1f} µs/step")
    print(f"    {'ratio full / floor':<{width + 1}}{seconds / copy:7.2f}×   (public view {view / steps * 1e6:.1f} µs/step)")


async def manager_latency(players: int, options: dict, moves: int, mover: str) -> tuple[list[float], list[float]]:
    """submit() latency (ms) over whole solo games, render on: (steps that post the board, steps that post nothing)."""
    return await ruleset_manager_latency(R, players, moves, options, mover)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--mover", choices=("bot", "random"), default="bot")
    args = ap.parse_args(argv)
    solo_games(1, {"ai": ["REP"]}, 2, args.mover)  # warm caches (content, pydantic validators)
    print(f"Campaign Trail Solo Play engine: {args.games} games per configuration, human seats played by "
          f"{'the built-in bot' if args.mover == 'bot' else 'uniform random legal moves'}")
    for title, players, options in CONFIGS.values():
        engine_report(title, players, options, args.games, args.mover)
    floor_ms = png_floor_ms()
    print(f"floor: PNG-encode a blank 1600×1000 RGB image: {floor_ms:.2f} ms")
    for title, players, options in (CONFIGS["1ai"], CONFIGS["coop2"]):
        posting, silent = asyncio.run(manager_latency(players, options, args.moves, args.mover))
        if posting:
            p50, p99 = statistics.median(posting), pct(posting, 0.99)
            print(f"  manager.games.submit, {title}, a step that posts (its AI turns, the map and the track band), "
                  f"{len(posting)} moves: p50 {p50:.2f} ms, p99 {p99:.2f} ms — ratio to floor p50 {p50 / floor_ms:.2f}×")
        if silent:
            s50 = statistics.median(silent)
            print(f"  manager.games.submit, {title}, a step inside a turn (commit, no post), {len(silent)} moves: "
                  f"p50 {s50:.2f} ms — ratio to floor {s50 / floor_ms:.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
