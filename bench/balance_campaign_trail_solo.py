"""Campaign Trail Solo Play difficulty: a player (the built-in bot, `ruleset.bot_action`, or the stronger
lookahead of bench/solo_strategist.py) plays the human party against the AI parties, for every candidate the
human can keep, in each AI configuration.

    python bench/balance_campaign_trail_solo.py [--player bot|strategist] [--games 60] [--jobs N]
                                                [--configs 1ai,2ai,coop1,coop2,adv1,adv2,advcoop1,advcoop2]

Configurations: `1ai` (ai=REP, one player, DEM), `2ai` (ai=REP,LIB, one player, DEM), `coop1` (ai=REP coop=on:
two players share DEM) and `coop2` (ai=REP,LIB coop=on); the same four with the Advanced Solo Deck
(ai_deck=advanced) are `adv1`, `adv2`, `advcoop1` and `advcoop2`. Every human seat is played by --player (both
in co-op). For each candidate the human's first seat keeps that
candidate (it is put in the seat's pair of offers before the choice; the running mate in co-op keeps the bot's
pick of its own pair). Prints, per configuration, the human party's win rate with a 95% Wilson interval per
candidate and overall, and the electoral-vote margin (the human's votes minus the best AI party's): its median
and interquartile range, candidates sorted by the median.

The bot is a stand-in for a player: it is a weaker player than most people (it never plans a route or saves a
card), so its win rates rank the settings by difficulty rather than say how often a person wins. The strategist
(a greedy player on a model of the board, scored by projected electoral votes) is the stronger yardstick; it
is about five times slower, so run it with fewer games per candidate. A summary line per configuration starts with `=`
(configuration, player, games, wins) for docs/campaign_trail_solo_difficulty.md. Each game is
seeded (setup seed = game number, the bot's Rng seeded from it), so a run is reproducible; --jobs only spreads
the games over processes.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.balance import pool_map, wilson  # noqa: E402
from bench.solo_strategist import Strategist  # noqa: E402
from engine.campaign_trail import content  # noqa: E402
from engine.campaign_trail.ruleset import RULESET as R  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import owing_seats, play  # noqa: E402
from engine.core.types import Action  # noqa: E402

CONFIGS: dict[str, tuple[str, int, dict]] = {
    "1ai": ("1 AI party (ai=REP)", 1, {"ai": ["REP"]}),
    "2ai": ("2 AI parties (ai=REP,LIB)", 1, {"ai": ["REP", "LIB"]}),
    "coop1": ("co-op, 2 players v 1 AI (ai=REP coop=on)", 2, {"ai": ["REP"], "coop": True}),
    "coop2": ("co-op, 2 players v 2 AI (ai=REP,LIB coop=on)", 2, {"ai": ["REP", "LIB"], "coop": True}),
    "adv1": ("advanced deck, 1 AI party (ai=REP)", 1, {"ai": ["REP"], "ai_deck": "advanced"}),
    "adv2": ("advanced deck, 2 AI parties (ai=REP,LIB)", 1, {"ai": ["REP", "LIB"], "ai_deck": "advanced"}),
    "advcoop1": ("advanced deck, co-op v 1 AI (ai=REP coop=on)", 2,
                 {"ai": ["REP"], "coop": True, "ai_deck": "advanced"}),
    "advcoop2": ("advanced deck, co-op v 2 AI (ai=REP,LIB coop=on)", 2,
                 {"ai": ["REP", "LIB"], "coop": True, "ai_deck": "advanced"}),
}
PLAYERS = ("bot", "strategist")
MAX_STEPS = 5000


def seats_for(players: int, options: dict) -> list[str]:
    """The seats a lobby of `players` gets at Start (Solo Play seats one, or two in co-op)."""
    return R.assign_seats(R.seat_names(2)[:players], options)


def with_candidate(state, seats: list[str], candidate: str):  # noqa: ANN001, ANN201
    """The first seat's pair of candidates made to hold `candidate`; the candidate it displaces goes to whichever
    other seat was dealt `candidate`, so no candidate is doubled or lost."""
    first = state.players[seats[0]]
    if candidate in first.offer:
        return state
    dropped = first.offer[1]
    first.offer = [candidate, first.offer[0]]
    for seat in seats[1:]:
        other = state.players[seat]
        other.offer = [dropped if c == candidate else c for c in other.offer]
    return state


def one_game(args: tuple[str, str, int, str]) -> tuple[bool, int, int]:
    """(the human party won, its EV margin over the best AI party, steps)."""
    config, candidate, seed, player = args
    _, players, options = CONFIGS[config]
    seats = seats_for(players, options)
    state = with_candidate(R.setup(options, seats, seed), seats, candidate)
    rng = Rng(seed * 7919 + 1)
    strategists = {seat: Strategist() for seat in seats} if player == "strategist" else {}
    steps = 0
    while R.outcome(state) is None:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"{config} {candidate} game {seed} did not finish in {MAX_STEPS} steps")
        owing = owing_seats(R, state)
        seat = owing[rng.below(len(owing))]
        if seat == seats[0] and state.phase == "candidate":
            action = Action(verb="candidate", args=(candidate,))
        elif seat in strategists:
            action = strategists[seat].choose(state, seat, rng)
        else:
            action = R.bot_action(state, seat, rng)
        state = play(R, state, seat, [action]).state
    out = R.outcome(state)
    human = R.party_of(seats[0])
    won = any(R.party_of(w) == human for w in out.winners)
    ev = dict(out.scores)
    best_ai = max(n for p, n in ev.items() if p not in (human, *seats))
    return won, ev.get(human, ev.get(seats[0], 0)) - best_ai, steps


def _line(wins: int, margins: list[int]) -> str:
    """Win rate with its 95% Wilson interval; the EV margin's median and interquartile range."""
    n = len(margins)
    lo, hi = wilson(wins, n)
    q1, _, q3 = statistics.quantiles(margins, n=4)
    return (f"wins {wins / n:5.1%} (95% CI {max(0.0, lo):4.1%}–{hi:4.1%})  EV margin median {statistics.median(margins):+4.0f}"
            f" (IQR {q1:+.0f} to {q3:+.0f})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--player", choices=PLAYERS, default="bot", help="who plays the human seats")
    ap.add_argument("--games", type=int, default=60, help="games per configuration and candidate")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--configs", default=",".join(CONFIGS), help=f"any of {', '.join(CONFIGS)}")
    args = ap.parse_args(argv)
    candidates = sorted(content.load().candidates)
    names = {c: content.load().candidates[c].archetype for c in candidates}
    start = time.perf_counter()
    for config in args.configs.split(","):
        title = CONFIGS[config][0]
        t0 = time.perf_counter()
        work = [(config, cand, seed, args.player) for cand in candidates for seed in range(args.games)]
        results = pool_map(one_game, work, args.jobs, chunksize=1 if args.player == "strategist" else 8)
        print(f"{title}, played by the {args.player}: {args.games} games per candidate, {len(results)} in all, "
              f"{time.perf_counter() - t0:.0f} s")
        rows = []
        for i, cand in enumerate(candidates):
            mine = results[i * args.games:(i + 1) * args.games]
            wins = sum(w for w, _, _ in mine)
            rows.append((statistics.median(m for _, m, _ in mine), cand, wins, [m for _, m, _ in mine]))
        for margin, cand, wins, margins in sorted(rows, reverse=True):
            print(f"  {names[cand]:<28} {cand:<15} {_line(wins, margins)}")
        print(f"  {'every candidate':<44} {_line(sum(w for w, _, _ in results), [m for _, m, _ in results])}; "
              f"{statistics.mean(s for _, _, s in results):.0f} steps a game")
        print(f"= {config} {args.player} {len(results)} {sum(w for w, _, _ in results)} "
              + " ".join(f"{cand}:{wins}/{args.games}" for _, cand, wins, _ in rows), flush=True)
    print(f"total {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
