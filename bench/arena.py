"""Two computer levels against each other over many games of one title: the win share of the first with its
Wilson 95% interval, and the CPU seconds it spent per searched decision.

    python bench/arena.py --title electioneer --games 40 --a hard --b normal --budget 0.2 --workers 1

A level is `easy`, `normal` or `hard` (engine/ai/players.py); `ismcts` and `ensemble` are `hard` by that search;
`default` is `hard`'s default move alone, with no search (the title's `search_favourite` on a sample of what the seat
knows), which measures a better rule of thumb cheaply before a search is played on top of it.
`--players` seats the table (the title's smallest by default). Seats are alternated: game i is dealt with seed
`--seed + i // players` and gives `--a` seat i % players, `--b` every other seat, so each deal is played from every
seat. Every decision draws from its own seeded stream. A draw or a shared win counts half. Seconds per decision are
the CPU seconds (time.process_time) of the process that searched, over the decisions with more than one legal action;
`--budget` is the search's CPU budget per decision (`--iterations` instead gives a fixed count); the other search
settings default to `hard`'s (engine/ai/players.py). Games are spread
over `--workers` processes. One line per pairing:

    electioneer hard vs normal: 71.5% [64.9, 77.3] over 200 games, 1.4 s/decision p95 (p50 0.9 s, ...)
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.balance import pool_map, wilson  # noqa: E402
from engine import registry  # noqa: E402
from engine.ai.ismcts import Settings  # noqa: E402
from engine.ai.players import HARD_CONFIDENCE, HARD_HORIZON, LEVELS, choose  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import seat_range, seats_for  # noqa: E402
from engine.core.search import SearchGame  # noqa: E402

SEARCHES = ("ismcts", "ensemble")
DEFAULT = "default"


@dataclass(frozen=True)
class Player:
    """A level as the arena plays it: `hard` with its search method and settings."""

    level: str
    method: str = "ismcts"
    settings: Settings | None = None

    @classmethod
    def named(cls, name: str, settings: Settings) -> "Player":
        if name in SEARCHES:
            return cls("hard", name, settings)
        if name == DEFAULT:
            return cls(DEFAULT)
        if name not in LEVELS:
            raise SystemExit(f"no level called {name!r}: {', '.join((*LEVELS, *SEARCHES, DEFAULT))}")
        return cls(name, "ismcts", settings if name == "hard" else None)

    def move(self, ruleset: Any, state: Any, seat: str, rng: Rng) -> Any:
        if self.level == DEFAULT:
            world = SearchGame(ruleset).determinize(state, seat, rng)
            return ruleset.search_favourite(world, seat, rng)
        return choose(ruleset, state, seat, self.level, rng, method=self.method, settings=self.settings)


@dataclass(frozen=True)
class Job:
    title: str
    players: int
    deal: int
    a_index: int
    a: Player
    b: Player


@dataclass
class Played:
    """One game's result: the first player's return, and each side's CPU seconds per searched decision."""

    share: float
    a_times: list[float] = field(default_factory=list)
    b_times: list[float] = field(default_factory=list)


def play(job: Job) -> Played:
    ruleset = registry.get(job.title)
    game = SearchGame(ruleset)
    seats = seats_for(ruleset, job.players, {})
    a_seat = seats[job.a_index]
    state = ruleset.setup({}, seats, job.deal)
    played = Played(0.0)
    step = 0
    while (result := game.returns(state)) is None:
        seat = game.to_move(state)[0]
        legal = game.legal(state, seat)
        player, times = (job.a, played.a_times) if seat == a_seat else (job.b, played.b_times)
        rng = Rng(job.deal * 1_000_003 + step * 7919 + job.a_index)
        start = time.process_time()
        action = player.move(ruleset, state, seat, rng)
        spent = time.process_time() - start
        if action not in legal:
            raise SystemExit(f"{job.title}: {player.level} chose {action} for {seat}, which is not legal")
        if len(legal) > 1:
            times.append(spent)
        game.advance(state, seat, action)
        step += 1
    played.share = result[a_seat]
    return played


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def report(title: str, a: str, b: str, results: list[Played], cpu: float) -> str:
    n = len(results)
    wins = sum(r.share for r in results)
    low, high = (min(1.0, max(0.0, x)) for x in wilson(wins, n))  # type: ignore[arg-type]
    times = [t for r in results for t in r.a_times] or [t for r in results for t in r.b_times]
    return (f"{title} {a} vs {b}: {100 * wins / n:.1f}% [{100 * low:.1f}, {100 * high:.1f}] over {n} games, "
            f"{percentile(times, 0.95):.2f} s/decision p95 (p50 {percentile(times, 0.5):.2f} s over "
            f"{len(times)} searched decisions; {cpu:.0f} CPU-s in all)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", default="electioneer", help=", ".join(registry.RULESETS))
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="normal")
    ap.add_argument("--players", type=int, default=0, help="seats at the table (0: the title's smallest table)")
    ap.add_argument("--budget", type=float, default=0.2, help="CPU seconds per searched decision")
    ap.add_argument("--iterations", type=int, default=None, help="a fixed iteration count instead of --budget")
    ap.add_argument("--uct-c", type=float, default=0.7)
    ap.add_argument("--epsilon", type=float, default=0.1, help="share of random moves in a rollout")
    ap.add_argument("--horizon", type=int, default=-1,
                    help="rollout steps before the evaluation (0: to the end; default: hard's, where the title evaluates)")
    ap.add_argument("--rollout", default="heuristic", choices=("heuristic", "random"),
                    help="rollout policy: the title's heuristic (epsilon of its moves random) or uniformly random")
    ap.add_argument("--confidence", type=float, default=HARD_CONFIDENCE,
                    help="standard errors the search's pick must beat the heuristic's pick by")
    ap.add_argument("--worlds", type=int, default=8, help="an ensemble's determinized worlds")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    ruleset = registry.get(args.title)
    players = args.players or seat_range(ruleset, {})[0]
    timed = args.iterations is None
    evaluates = ruleset.evaluate(ruleset.setup({}, seats_for(ruleset, players, {}), 0)) is not None
    if args.horizon < 0:
        args.horizon = HARD_HORIZON if evaluates else None
    args.horizon = args.horizon or None
    settings = Settings(iterations=args.iterations, seconds=args.budget if timed else None,
                        clock=time.process_time if timed else None, uct_c=args.uct_c, epsilon=args.epsilon,
                        horizon=args.horizon, worlds=args.worlds, rollout=args.rollout,
                        confidence=args.confidence)
    a, b = Player.named(args.a, settings), Player.named(args.b, settings)
    jobs = [Job(ruleset.name, players, args.seed + i // players, i % players, a, b) for i in range(args.games)]
    start = time.time()
    if args.workers <= 1:
        results = []
        for job in jobs:  # the running table on stderr, so a long arena stopped early still says what it played
            results.append(play(job))
            done = sum(sum(r.a_times) + sum(r.b_times) for r in results)
            print(f"  {len(results)}/{len(jobs)}: {report(ruleset.name, args.a, args.b, results, done)}",
                  file=sys.stderr, flush=True)
    else:
        results = pool_map(play, jobs, args.workers, chunksize=1)
    cpu = sum(sum(r.a_times) + sum(r.b_times) for r in results)
    print(report(ruleset.name, args.a, args.b, results, cpu), flush=True)
    budget = f"{args.iterations} iterations" if not timed else f"{args.budget} s"
    estimate = "the title's evaluation" if evaluates else "0.5 each"
    print(f"  budget {budget}, uct_c {args.uct_c}, {args.rollout} rollouts, epsilon {args.epsilon}, "
          f"horizon {args.horizon} (cut rollouts scored by {estimate}), confidence {args.confidence}, "
          f"seeds {args.seed}..{args.seed + (args.games - 1) // players}, {time.time() - start:.0f} s wall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
