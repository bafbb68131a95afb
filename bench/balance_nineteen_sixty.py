"""1960: The Making of the President balance: the built-in bot (`ruleset.bot_action`) on both seats, many
seeded games, with the optional rules off, each alone, and both on.

    python bench/balance_nineteen_sixty.py [--games 300] [--jobs N] [--options off|vp|restricted|both|all]

Prints, per option set, each side's win rate with a 95% Wilson interval, the draw rate, the mean final
electoral votes, how often the Debates' issues and Election Day's empty states went each way, and the
win rate of the side holding the Election Day initiative. Each game is seeded (setup seed = game number, the
bots' Rng seeded from it; the side moving when both owe a move is picked by that Rng), so a run is reproducible.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.balance import wilson  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import owing_seats, play  # noqa: E402
from engine.nineteen_sixty.ruleset import RULESET as R  # noqa: E402
from engine.nineteen_sixty.state import SEATS  # noqa: E402

MAX_STEPS = 5000
OPTION_SETS = {"off": {}, "vp": {"vp": "on"}, "restricted": {"restricted": "on"},
               "both": {"vp": "on", "restricted": "on"}}


def one_game(args: tuple[str, int]) -> dict:
    name, seed = args
    options = OPTION_SETS[name]
    state = R.setup(options, list(SEATS), seed)
    rng = Rng(seed * 7919 + 1)
    election_initiative = None
    for _ in range(MAX_STEPS):
        if R.outcome(state) is not None:
            break
        owing = owing_seats(R, state)
        seat = owing[rng.below(len(owing))]
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
        if state.phase == "election" and state.initiative:
            election_initiative = state.initiative
    out = R.outcome(state)
    if out is None:
        raise RuntimeError(f"{name} game {seed} did not finish in {MAX_STEPS} steps")
    return {"winner": None if out.draw else out.winners[0], "votes": dict(out.scores),
            "initiative": election_initiative or state.initiative}


def report(name: str, games: int, jobs: int) -> dict:
    t0 = time.perf_counter()
    work = [(name, seed) for seed in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(one_game, work, chunksize=4))
    else:
        results = [one_game(w) for w in work]
    n = len(results)
    wins = Counter(r["winner"] for r in results)
    draws = wins.pop(None, 0)
    print(f"options {name} {OPTION_SETS[name] or '(none)'}: {n} games in {time.perf_counter() - t0:.1f} s")
    for seat in SEATS:
        lo, hi = wilson(wins[seat], n)
        votes = statistics.mean(r["votes"].get(seat, 0) for r in results)
        print(f"  {seat} wins {wins[seat] / n:6.1%}  (95% CI {lo:.1%}–{hi:.1%}), mean {votes:.0f} EV")
    print(f"  draws {draws / n:6.1%}")
    k = sum(1 for r in results if r["winner"] == r["initiative"])
    lo, hi = wilson(k, n)
    print(f"  the Election Day initiative holder won {k / n:6.1%}  (95% CI {lo:.1%}–{hi:.1%})")
    return {"wins": dict(wins), "draws": draws, "n": n}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--options", choices=[*OPTION_SETS, "all"], default="all")
    args = ap.parse_args(argv)
    for name in (list(OPTION_SETS) if args.options == "all" else [args.options]):
        report(name, args.games, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
