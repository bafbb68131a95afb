"""The animated replay: bytes and time to build it for a full 6-player Campaign Trail game played
by the built-in bot, beside a floor measured in the same run.

    python bench/bench_replay.py [--seed 1] [--players 6]

Build: bot/policy/replay.py from the game's seat list and moves — replay the journal, draw the public board at each
posted position (sampled to render/replay.py's MAX_FRAMES), downscale, encode the animation. Split into
drawing (the renderer's PNGs) and animating (decode, downscale, encode).
Floor: the very same downscaled frames PNG-encoded one by one (optimize off, Pillow's default) — posting
them as separate pictures. No animation can be smaller than its frames are worth, and none cheaper to make
than the stills it is made of; the ratios say how far the one image is from that floor.
"""
from __future__ import annotations

import argparse
import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.policy import record as records  # noqa: E402
from bot.policy import replay as replays  # noqa: E402
from bot.tables.local_seats import table_seats  # noqa: E402
from engine import registry  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import owing_seats, play  # noqa: E402
from render import replay  # noqa: E402

RULESET = "campaign_trail"


def bot_game(players: int, seed: int) -> tuple[list[str], dict, list[tuple[str, str, str]]]:
    """(seats, options, moves) of one whole game, every seat played by the ruleset's bot (as `stumpbot demo`)."""
    ruleset = registry.get(RULESET)
    options = ruleset.parse_options({}).model_dump()
    seats = table_seats(ruleset, players, options)
    state = ruleset.setup(options, seats, seed)
    rng = Rng(seed)
    moves = []
    while ruleset.outcome(state) is None:
        owing = owing_seats(ruleset, state)
        seat = owing[rng.below(len(owing))]
        action = ruleset.bot_action(state, seat, rng)
        moves.append((seat, ruleset.format([action]), "bot"))
        state = play(ruleset, state, seat, [action]).state
    return seats, options, moves


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=6)
    args = ap.parse_args(argv)
    ruleset = registry.get(RULESET)
    seats, options, moves = bot_game(args.players, args.seed)

    replay.draw_public(ruleset.view(ruleset.setup(options, seats, args.seed), None))  # warm the map's caches
    start = time.perf_counter()
    animation = replays.build(RULESET, options, seats, args.seed, moves)
    build_s = time.perf_counter() - start

    # the same positions, step by step, to split the time and to get the frames for the floor
    start = time.perf_counter()
    positions = replays.posted_positions(list(records.replay_steps(ruleset, options, seats, args.seed, moves)))
    chosen = [positions[i] for i in replay.frame_indices(len(positions))]
    boards = [replay.draw_public(ruleset.view(p.state, None)) for p in chosen]
    draw_s = time.perf_counter() - start
    start = time.perf_counter()
    again = replay.animate(boards)
    animate_s = time.perf_counter() - start
    start = time.perf_counter()
    frames = [replay.scaled(b, replay.WIDTH) for b in boards]
    scale_s = time.perf_counter() - start
    start = time.perf_counter()
    replay.encode(frames)
    encode_s = time.perf_counter() - start
    start = time.perf_counter()
    stills = []
    for frame in frames:
        out = io.BytesIO()
        frame.save(out, format="PNG")
        stills.append(len(out.getvalue()))
    floor_s = time.perf_counter() - start
    floor_bytes = sum(stills)

    print(f"Campaign Trail, {len(seats)} players, seed {args.seed}: {len(moves)} moves, {len(positions)} posted "
          f"positions, {animation.n_frames} frames ({replay.MAX_FRAMES} at most), {animation.width}×{animation.height}")
    print(f"  animation ({animation.format}):  {len(animation.data):>10,} bytes  built in {build_s:6.2f} s "
          f"(replay + draw {draw_s:.2f} s, decode + downscale + encode {animate_s:.2f} s)")
    print(f"  floor (same frames as PNGs): {floor_bytes:>10,} bytes  encoded in {floor_s:6.2f} s "
          f"({floor_bytes / len(stills) / 1024:.0f} KB a frame)")
    print(f"  of which: decode + downscale {scale_s:.2f} s, animated encoding {encode_s:.2f} s")
    print(f"  ratio animation / floor:     bytes {len(animation.data) / floor_bytes:.3f}, "
          f"encoding time {encode_s / floor_s:.2f}× (same frames), whole build {build_s / floor_s:.2f}×")
    print(f"  size limit {replay.SIZE_LIMIT:,} bytes: {'within' if len(animation.data) <= replay.SIZE_LIMIT else 'OVER'} "
          f"({len(animation.data) / replay.SIZE_LIMIT:.1%} of it)")
    assert again.data == animation.data  # the split run made the very same image
    return 0


if __name__ == "__main__":
    sys.exit(main())
