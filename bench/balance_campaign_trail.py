"""Campaign Trail balance: the built-in bot (`ruleset.bot_action`) on every seat, many seeded games, for
each two-party pairing (2 players) and the three-party game (3 players).

    python bench/balance_campaign_trail.py [--games 300] [--jobs N] [--dirty]

`--dirty` adds the Dirty Politics module to every game.

Prints each party's win rate with a 95% Wilson interval (a shared win counts for each winner), the
electoral-vote margin, and how often the tie rules (most states; the 3-party runoff) decided it. Each
game is seeded (setup seed = game number, the bots' Rng seeded from it), so a run is reproducible.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.balance import bot_game, pool_map, wilson  # noqa: E402
from engine.campaign_trail.ruleset import RULESET as R  # noqa: E402

CONFIGS = {
    "DEM v REP (2 players)": (2, {"parties": ["DEM", "REP"]}),
    "DEM v LIB (2 players)": (2, {"parties": ["DEM", "LIB"]}),
    "LIB v REP (2 players)": (2, {"parties": ["LIB", "REP"]}),
    "DEM v REP v LIB (3 players)": (3, {}),
}
MAX_STEPS = 5000


def one_game(args: tuple[int, dict, int]) -> tuple[list[str], dict[str, int], str]:
    players, options, seed = args
    state = bot_game(R, options, R.assign_seats(R.seat_names(players), options), seed, MAX_STEPS)
    out = R.outcome(state)
    return list(out.winners), dict(out.scores), out.reason


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--dirty", action="store_true", help="the Dirty Politics module on")
    args = ap.parse_args(argv)
    for title, (players, options) in CONFIGS.items():
        options = {**options, "dirty": True} if args.dirty else options
        title = f"{title}{' + Dirty Politics' if args.dirty else ''}"
        t0 = time.perf_counter()
        work = [(players, options, seed) for seed in range(args.games)]
        results = pool_map(one_game, work, args.jobs)
        wins: Counter = Counter()
        ties = Counter()
        margins = []
        for winners, scores, reason in results:
            wins.update(winners)
            ranked = sorted(scores.values(), reverse=True)
            margins.append(ranked[0] - ranked[1])
            if "most states" in reason:
                ties["most states"] += 1
            if "runoff" in reason:
                ties["runoff"] += 1
            if len(winners) > 1:
                ties["shared"] += 1
        n = len(results)
        print(f"{title}: {n} games in {time.perf_counter() - t0:.1f} s")
        for party in sorted({p for w, _, _ in results for p in w} | set(options.get("parties", ["DEM", "REP", "LIB"]))):
            lo, hi = wilson(wins[party], n)
            print(f"  {party} wins {wins[party] / n:6.1%}  (95% CI {lo:.1%}–{hi:.1%})")
        print(f"  median EV margin {statistics.median(margins):.0f}; decided by most states {ties['most states']}, "
              f"by runoff {ties['runoff']}, shared {ties['shared']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
