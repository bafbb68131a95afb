"""Checks on every line over many seeded games: each game played through the services with bots, deadlines,
typed and wrong moves, and every line a player or spectator read checked by tests/linecheck.py (its docstring says
each check's rule). Prints the games, the lines each check looked at, the problems by kind with their first
examples, and the time per game. Exits 1 when any problem was found.

    python bench/check_lines.py [--games 1000] [--ruleset NAME] [--seed 1] [--jobs 1] [--examples 3]

The games are spread over the rulesets (or only --ruleset's), each over its tables and option sets
(tests/linecheck.py DEFAULT_TABLES), game i with seed --seed + i. --jobs runs games in that many processes.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import linecheck  # noqa: E402


def plan(games: int, rulesets: list[str], seed: int) -> list[tuple[str, int, dict[str, Any], int]]:
    """(ruleset, players, options, seed) of each game: round robin over the rulesets, each over its tables."""
    out = []
    turn: Counter = Counter()
    for i in range(games):
        name = rulesets[i % len(rulesets)]
        tables = linecheck.DEFAULT_TABLES[name]
        players, options = tables[turn[name] % len(tables)]
        turn[name] += 1
        out.append((name, players, options, seed + i))
    return out


def one(game: tuple[str, int, dict[str, Any], int]) -> tuple[tuple[str, int, dict[str, Any], int], Any, float, str]:
    name, players, options, seed = game
    start = time.perf_counter()
    try:
        report = linecheck.run_game(name, options, players, seed)
        return game, report, time.perf_counter() - start, ""
    except Exception as exc:  # noqa: BLE001 - a game that crashes is reported, and the others go on
        return game, None, time.perf_counter() - start, f"{type(exc).__name__}: {exc}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--ruleset", choices=sorted(linecheck.DEFAULT_TABLES), default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--examples", type=int, default=3, help="examples shown of each kind of problem")
    args = parser.parse_args()
    rulesets = [args.ruleset] if args.ruleset else list(linecheck.DEFAULT_TABLES)
    games = plan(args.games, rulesets, args.seed)
    seen: Counter = Counter()
    kinds: Counter = Counter()
    examples: dict[str, list[linecheck.Problem]] = defaultdict(list)
    crashed: list[str] = []
    times: dict[str, list[float]] = defaultdict(list)
    moves: Counter = Counter()
    unfinished: list[str] = []
    started = time.perf_counter()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    results = pool.map(one, games) if pool else map(one, games)
    for done, (game, report, seconds, crash) in enumerate(results, 1):
        name, players, options, seed = game
        times[name].append(seconds)
        label = linecheck.game_label(name, players, options, seed)
        if report is None:
            crashed.append(f"{label}: {crash}")
        else:
            seen.update(report.seen)
            moves[name] += report.moves
            if report.status != "finished":
                unfinished.append(f"{label}: {report.status}")
            for p in report.problems:
                kinds[p.check] += 1
                if len(examples[p.check]) < args.examples:
                    examples[p.check].append(p)
        if done % 25 == 0:
            print(f"… {done}/{len(games)} games, {sum(kinds.values())} problems, "
                  f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    if pool:
        pool.shutdown()
    wall = time.perf_counter() - started
    print(f"Checks on every line: {len(games)} games in {wall:.0f} s "
          f"({wall / max(len(games), 1):.2f} s a game wall, jobs={args.jobs}), seeds {args.seed}..{args.seed + len(games) - 1}")
    print("\nTime per game (s, in its process):")
    for name in rulesets:
        t = sorted(times[name])
        if t:
            print(f"  {name:24} {len(t):5} games  mean {sum(t) / len(t):6.2f}  median {t[len(t) // 2]:6.2f}  "
                  f"max {t[-1]:6.2f}  driver turns {moves[name]}")
    print("\nLines (or claims) each check looked at:")
    for check in linecheck.CHECKS:
        print(f"  {check:12} {seen[check]:>10,}")
        for part in sorted(k for k in seen if k.startswith(f"{check}: ")):
            print(f"    {part.split(': ', 1)[1]:38} {seen[part]:>10,}")
    print(f"\nProblems: {sum(kinds.values())}" + ("" if kinds else " — every line passed every check"))
    for kind, n in kinds.most_common():
        print(f"  {kind}: {n}")
        for p in examples[kind]:
            print("    " + str(p).replace("\n", "\n    ")[:800])
    if unfinished:
        print(f"\nGames not finished within the driver's {linecheck.MAX_MOVES} turns: {len(unfinished)}")
        for line in unfinished[:args.examples]:
            print(f"  {line}")
    if crashed:
        print(f"\nGames that crashed: {len(crashed)}")
        for line in crashed[:max(args.examples, 5)]:
            print(f"  {line}")
    return 1 if kinds or crashed else 0


if __name__ == "__main__":
    sys.exit(main())
