"""Electioneer balance: the built-in bot (`ruleset.bot_action`) on both seats, many seeded games.

    python bench/balance.py [--games 1000] [--jobs N] [--theatrics 3]

Prints each party's win rate with a 95% Wilson interval, the share of month contests decided
by a tie (state colour), the share of election-day states decided by a tie, and the electors.
Each game is seeded (setup seed = game number; the bots and the choice of who moves first
share one Rng seeded from it), so a run is reproducible; --jobs only spreads games over processes.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import owing_seats, play  # noqa: E402
from engine.electioneer.ruleset import RULESET as R  # noqa: E402

SEATS = ["DEM", "REP"]
MAX_STEPS = 500


def one_game(seed: int, theatrics: int) -> dict:
    rng = Rng(seed * 7919 + 1)
    state = R.setup({"theatrics": theatrics}, SEATS, seed)
    month_ties = month_wins = 0
    month_by_colour = Counter()
    for _ in range(MAX_STEPS):
        if R.outcome(state) is not None:
            break
        seat = rng.choice(owing_seats(R, state))
        new = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
        if state.phase == "campaign" and new.phase == "swap":
            board = new.boards[new.current]
            month_wins += 1
            if board.totals["DEM"] == board.totals["REP"]:
                month_ties += 1
                month_by_colour[board.winner] += 1
        state = new
    else:
        raise RuntimeError(f"seed {seed}: no result after {MAX_STEPS} steps")
    state_ties = sum(1 for b in state.boards.values() if b.election_totals["DEM"] == b.election_totals["REP"])
    return {
        "winner": state.winner,
        "electors": dict(state.final),
        "month_ties": month_ties,
        "months": month_wins,
        "tie_months_to": dict(month_by_colour),
        "state_ties": state_ties,
        "states": len(state.boards),
        "electors_tie": state.final["DEM"] == state.final["REP"],
    }


def bot_game(ruleset, options: dict, seats: list[str], seed: int, max_steps: int):  # noqa: ANN001, ANN201
    """One seeded game with the ruleset's built-in bot on every seat (the seat to move drawn from the
    bots' Rng when several owe a move); returns the final state. Shared by the balance benches."""
    state = ruleset.setup(options, seats, seed)
    rng = Rng(seed * 7919 + 1)
    for _ in range(max_steps):
        if ruleset.outcome(state) is not None:
            return state
        owing = owing_seats(ruleset, state)
        seat = owing[rng.below(len(owing))]
        state = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)]).state
    if ruleset.outcome(state) is None:
        raise RuntimeError(f"game {seed} did not finish in {max_steps} steps")
    return state


def pool_map(fn, work: list, jobs: int, chunksize: int = 8) -> list:  # noqa: ANN001
    """fn over work, on `jobs` processes (in order, so results do not depend on --jobs)."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(fn, work, chunksize=chunksize))


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--theatrics", type=int, choices=(0, 1, 3), default=3)
    args = ap.parse_args(argv)
    start = time.perf_counter()
    seeds = range(args.games)
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(one_game, seeds, [args.theatrics] * args.games, chunksize=25))
    else:
        games = [one_game(s, args.theatrics) for s in seeds]
    seconds = time.perf_counter() - start
    n = len(games)
    wins = Counter(g["winner"] for g in games)
    print(f"Electioneer balance: {n} games, bot vs bot, {args.theatrics} theatrics each "
          f"({seconds:.1f} s, {n / seconds:.1f} games/s)")
    for party in SEATS:
        lo, hi = wilson(wins[party], n)
        print(f"  {party} wins {wins[party]:5d}  {wins[party] / n:6.1%}   95% CI {lo:6.1%} – {hi:6.1%}")
    months = sum(g["months"] for g in games)
    mties = sum(g["month_ties"] for g in games)
    to = Counter()
    for g in games:
        to.update(g["tie_months_to"])
    states = sum(g["states"] for g in games)
    sties = sum(g["state_ties"] for g in games)
    lo, hi = wilson(mties, months)
    print(f"  month contests decided by a tie (state colour): {mties}/{months} = {mties / months:.1%} "
          f"(95% CI {lo:.1%} – {hi:.1%}); tied months went DEM {to['DEM']}, REP {to['REP']}")
    lo, hi = wilson(sties, states)
    print(f"  election-day states decided by a tie:            {sties}/{states} = {sties / states:.1%} "
          f"(95% CI {lo:.1%} – {hi:.1%})")
    print(f"  tied Electoral College (DEM by rule):            {sum(g['electors_tie'] for g in games)}")
    dem_ev = sorted(g["electors"]["DEM"] for g in games)
    print(f"  DEM electors: mean {sum(dem_ev) / n:.1f}, median {dem_ev[n // 2]}, "
          f"landslides (≥ 70 either way) {sum(1 for e in dem_ev if e >= 70 or e <= 23) / n:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
