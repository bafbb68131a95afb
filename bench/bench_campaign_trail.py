"""Campaign Trail speed: full random games per second for 3 and 6 players, and a move through the game
manager with the map render — each beside a floor measured in the same run.

    python bench/bench_campaign_trail.py [--games 40] [--moves 400] [--dirty]

`--dirty` plays every game with the Dirty Politics module on.

Engine floor: the state copy apply() makes (model_validate(model_dump())), replayed over the very
same states — no engine can apply a move faster than it copies the state it returns.
Manager floor: PNG-encoding a blank 1600×1000 image (bench_render.py's floor), since every posted move
renders and encodes the map; the manager's own commit floor is in bench_manager.py.
The measuring is bench_ruleset.py's, shared with the other rulesets' benches.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_ruleset import Bench, run  # noqa: E402
from engine.campaign_trail.state import CampaignTrailState  # noqa: E402

BENCH = Bench(
    ruleset="campaign_trail", title="Campaign Trail", players=(3, 6),
    copy=lambda s: CampaignTrailState.model_validate(s.model_dump()),  # what rules.apply() copies
    copy_label="the state copy apply() makes",
    mover="random",
    posting="a step that posts (a turn's end or a response window: commit + render + post)",
    silent="a step inside a turn (commit, no post)",
    high=0.99,
)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--moves", type=int, default=400)
    ap.add_argument("--dirty", action="store_true", help="the Dirty Politics module on")
    args = ap.parse_args(argv)
    options = {"dirty": True} if args.dirty else {}
    return run(BENCH, args.games, args.moves, options, " (Dirty Politics on)" if args.dirty else "")


if __name__ == "__main__":
    sys.exit(main())
