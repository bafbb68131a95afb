"""Presidential Election balance: the built-in bot (`ruleset.bot_action`) on every seat, many seeded games,
for each player count; win rate by position in the turn order (after the opening roll and the first
player's first/last choice) and, as a sanity check, by table seat (P1…Pn).

    python bench/balance_presidential_election.py [--games 600] [--jobs N] [--players 2 4 6]

Prints each position's win rate with a 95% Wilson interval and its deviation from fair (1/n) in
points, the same by table seat, the game length in rounds, and how often the tie rules decided
something (a recount for a tied state, the House roll for a tied Electoral College). Each game is
seeded (setup seed = game number, the bots' Rng seeded from it), so a run is reproducible; --jobs only
spreads the games over processes.
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
from engine.presidential_election.ruleset import RULESET as R  # noqa: E402

MAX_STEPS = 20_000
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def one_game(args: tuple[int, int]) -> dict:
    players, seed = args
    seats = R.seat_names(players)
    state = bot_game(R, {}, seats, seed, MAX_STEPS)
    recounts = 0
    for code in state.carried:
        votes = sorted((p.votes.get(code, 0) for p in state.players.values()), reverse=True)
        recounts += len(votes) > 1 and votes[0] == votes[1]
    return {"winner": state.winner, "position": state.order.index(state.winner), "rounds": state.round,
            "house": "House" in state.reason, "recounts": recounts}


def report(players: int, games: list[dict], seconds: float) -> None:
    n = len(games)
    fair = 1 / players
    print(f"{players} players: {n} games in {seconds:.1f} s")

    def rows(title: str, labels: list[str], wins: Counter) -> None:
        print(f"  {title:<14} win rate   95% CI           vs fair ({fair:.1%})")
        for i, label in enumerate(labels):
            k = wins[i]
            lo, hi = wilson(k, n)
            print(f"    {label:<12} {k / n:6.1%}   {lo:5.1%} – {hi:5.1%}   {100 * (k / n - fair):+5.1f} pts")

    rows("position", [f"{ORDINALS[i]} to move" for i in range(players)], Counter(g["position"] for g in games))
    seats = R.seat_names(players)
    rows("table seat", seats, Counter(seats.index(g["winner"]) for g in games))
    rounds = [g["rounds"] for g in games]
    house = sum(g["house"] for g in games)
    recount_games = sum(1 for g in games if g["recounts"])
    print(f"  rounds: mean {statistics.mean(rounds):.2f} (min {min(rounds)}, max {max(rounds)}); "
          f"House tie-break {house / n:.1%} of games; a recount in {recount_games / n:.1%} of games "
          f"({sum(g['recounts'] for g in games) / n:.2f} tied states a game)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4, 6], choices=range(R.min_seats, R.max_seats + 1))
    args = ap.parse_args(argv)
    total = time.perf_counter()
    for players in args.players:
        t0 = time.perf_counter()
        games = pool_map(one_game, [(players, seed) for seed in range(args.games)], args.jobs)
        report(players, games, time.perf_counter() - t0)
    print(f"total {time.perf_counter() - total:.1f} s wall with {args.jobs} process(es)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
