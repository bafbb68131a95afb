"""Campaign Manager 2008 balance: the built-in bot (`ruleset.bot_action`) on both seats, many seeded games,
with drafted decks and with the starter decks.

    python bench/balance_campaign_manager_2008.py [--games 400] [--jobs N] [--deck draft|starter|both]

Prints, per deck option, each side's win rate with a 95% Wilson interval, the draw rate (269–269 with
every state won), the mean game length in turns (a turn is one side's play, draw or pass), and each
side's win rate when it moved first. The side moving at each step is picked by a seeded Rng among the
seats owing a move (the draft and the starting picks are simultaneous), and each game is seeded (setup
seed = game number, the bots' Rng seeded from it), so a run is reproducible.
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
from engine.campaign_manager_2008.ruleset import RULESET as R  # noqa: E402
from engine.campaign_manager_2008.state import SEATS  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import owing_seats, play  # noqa: E402

MAX_STEPS = 20000


def one_game(args: tuple[str, int]) -> tuple[str | None, str, int, dict[str, int]]:
    """(winner or None for a draw, who moved first, turns played, final scores)."""
    deck, seed = args
    options = {"deck": deck}
    state = R.setup(options, R.assign_seats(R.seat_names(2), options), seed)
    rng = Rng(seed * 7919 + 1)
    turns = 0
    for _ in range(MAX_STEPS):
        if R.outcome(state) is not None:
            break
        owing = owing_seats(R, state)
        seat = owing[rng.below(len(owing))]
        before = state.turn
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
        if before is not None and state.turn is not None and state.turn.seat != before.seat:
            turns += 1
    out = R.outcome(state)
    if out is None:
        raise RuntimeError(f"{deck} game {seed} did not finish in {MAX_STEPS} steps")
    if state.phase == "over" and state.turn is not None and not out.draw:
        turns += 1  # the turn that won the game
    return (None if out.draw else out.winners[0]), state.first or "", turns, dict(out.scores)


def report(deck: str, games: int, jobs: int) -> dict:
    t0 = time.perf_counter()
    work = [(deck, seed) for seed in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(one_game, work, chunksize=8))
    else:
        results = [one_game(w) for w in work]
    n = len(results)
    wins = Counter(w for w, _, _, _ in results)
    draws = wins.pop(None, 0)
    print(f"{deck} decks: {n} games in {time.perf_counter() - t0:.1f} s")
    for seat in SEATS:
        lo, hi = wilson(wins[seat], n)
        print(f"  {seat} wins {wins[seat] / n:6.1%}  (95% CI {lo:.1%}–{hi:.1%})")
    lo, hi = wilson(draws, n)
    print(f"  draws    {draws / n:6.1%}  (95% CI {lo:.1%}–{hi:.1%})")
    print(f"  mean length {statistics.mean(t for _, _, t, _ in results):.1f} turns "
          f"(median {statistics.median(t for _, _, t, _ in results):.0f})")
    for seat in SEATS:
        firsts = [w for w, f, _, _ in results if f == seat]
        if firsts:
            k = sum(1 for w in firsts if w == seat)
            lo, hi = wilson(k, len(firsts))
            print(f"  {seat} moved first in {len(firsts)}: won {k / len(firsts):6.1%}  (95% CI {lo:.1%}–{hi:.1%})")
    k = sum(1 for w, f, _, _ in results if w is not None and w == f)
    lo, hi = wilson(k, n)
    print(f"  the first mover won {k / n:6.1%}  (95% CI {lo:.1%}–{hi:.1%})")
    return {"wins": dict(wins), "draws": draws, "n": n}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--deck", choices=["draft", "starter", "both"], default="both")
    args = ap.parse_args(argv)
    for deck in (["draft", "starter"] if args.deck == "both" else [args.deck]):
        report(deck, args.games, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
