"""Campaign Trail speed: full random games per second for 3 and 6 players, and a move through the game
manager with the map render — each beside a floor measured in the same run.

    python bench/bench_campaign_trail.py [--games 40] [--moves 400] [--dirty]

`--dirty` plays every game with the Dirty Politics module on.

Engine floor: the state copy apply() makes (model_validate(model_dump())), replayed over the very
same states — no engine can apply a move faster than it copies the state it returns.
Manager floor: PNG-encoding a blank 1600×1000 image (bench_render.py's floor), since every posted move
renders and encodes the map; the manager's own commit floor is in bench_manager.py.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_engine import full_games as engine_games, per_step  # noqa: E402
from bench.bench_render import blank_encode, median_ms  # noqa: E402
from bot.manager import GameManager  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.tables.recording import RecordingTable  # noqa: E402
from engine.campaign_trail.ruleset import RULESET as R  # noqa: E402
from engine.campaign_trail.state import CampaignTrailState  # noqa: E402
from engine.core.rng import Rng  # noqa: E402


OPTIONS: dict = {}  # the games' options (`--dirty` sets the Dirty Politics module on)


def full_games(players: int, games: int) -> tuple[float, list[list]]:
    return engine_games(games, R, R.seat_names(players), OPTIONS)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def manager_latency(players: int, moves: int) -> tuple[list[float], list[float]]:
    """submit() latency over whole games (new games start as others finish), render on; split into the
    steps that post the board (a turn's end) and the steps inside a turn (no post, no render)."""
    posting: list[float] = []
    silent: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        table = RecordingTable()
        manager = GameManager(store, table, render=True)
        rng = Rng(7)
        seed = 0
        while len(posting) + len(silent) < moves:
            seed += 1
            seats = R.seat_names(players)
            rec = await manager.create("campaign_trail", "u0", "P0", seat=seats[0], seed=seed, options=OPTIONS)
            for i, seat in enumerate(seats[1:], start=1):
                await manager.join(rec.id, f"u{i}", f"P{i}", seat=seat)
            await manager.start(rec.id, "u0")
            users = {s.seat: s.user_id for s in await store.list_seats(rec.id)}
            while len(posting) + len(silent) < moves:
                owing = await manager.owing(rec.id)
                if not owing:
                    break
                seat = owing[rng.below(len(owing))]
                _, _, decision = await manager.decision(rec.id, users[seat])
                options = decision.all_options()
                move = options[rng.below(len(options))].action.notation()
                posts = len(table.posts)
                t0 = time.perf_counter()
                await manager.submit(rec.id, users[seat], move)
                ms = (time.perf_counter() - t0) * 1000
                (posting if len(table.posts) > posts else silent).append(ms)
        await store.close()
    return posting, silent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--moves", type=int, default=400)
    ap.add_argument("--dirty", action="store_true", help="the Dirty Politics module on")
    args = ap.parse_args(argv)
    OPTIONS.clear()
    OPTIONS.update({"dirty": True} if args.dirty else {})
    full_games(3, 2)  # warm caches (content, pydantic validators)
    print(f"Campaign Trail engine{' (Dirty Politics on)' if args.dirty else ''}: "
          f"{args.games} random-legal-move games per player count")
    for players in (3, 6):
        seconds, traj = full_games(players, args.games)
        steps = sum(len(t) for t in traj)
        copy = per_step(traj, lambda s: CampaignTrailState.model_validate(s.model_dump()))
        decide = per_step(traj, lambda s: [R.decisions(s, x) for x in s.seats])
        view = per_step(traj, lambda s: R.view(s, None))
        print(f"  {players} players: {steps / args.games:.0f} steps per game")
        print(f"    full game loop (owing + decisions + play)  {args.games / seconds:7.2f} games/s  {seconds / steps * 1e6:7.1f} µs/step")
        print(f"    floor: the state copy apply() makes        {args.games / copy:7.2f} games/s  {copy / steps * 1e6:7.1f} µs/step")
        print(f"    ratio full / floor                          {seconds / copy:7.2f}×")
        print(f"    parts: decisions() of every seat {decide / steps * 1e6:.1f} µs/step, public view {view / steps * 1e6:.1f} µs/step")

    floor = blank_encode()
    floor()
    floor_ms = median_ms(floor, 30)
    print(f"floor: PNG-encode a blank 1600×1000 RGB image: {floor_ms:.2f} ms")
    for players in (3, 6):
        posting, silent = asyncio.run(manager_latency(players, args.moves))
        p50, p99 = statistics.median(posting), pct(posting, 0.99)
        s50, s99 = statistics.median(silent), pct(silent, 0.99)
        print(f"  manager.submit, {players} players, a step that posts (a turn's end or a response window: commit + render + post), {len(posting)} moves: "
              f"p50 {p50:.2f} ms, p99 {p99:.2f} ms — ratio to floor p50 {p50 / floor_ms:.2f}×, p99 {p99 / floor_ms:.2f}×")
        print(f"  manager.submit, {players} players, a step inside a turn (commit, no post), {len(silent)} moves: "
              f"p50 {s50:.2f} ms, p99 {s99:.2f} ms — ratio to floor p50 {s50 / floor_ms:.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
