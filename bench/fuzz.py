"""Every ruleset's random-legal-move fuzzer at scale: the fuzz tests play a seeded sample of games, this plays
thousands of the very same games with the very same checks (tests/fuzzing.py `Fuzzer`), over several processes.

    python bench/fuzz.py [--ruleset electioneer,campaign_trail,...] [--games 1000] [--seed 0] [--jobs N] [--show 3]

Each ruleset's variants (player counts, decks and modes, option sets) each play --games games, numbered from
--seed; a game's seed derives from its variant and number exactly as in the test, so `--seed 0 --games 4` replays
a test's sample and a problem's variant and number reproduce it: `FUZZER.game(variant, n)` in the test module.
Per variant it prints: games, steps per game, crashes (an exception out of the engine), failing games (any other
check: dead end, runaway, invariant, mutation, replay, leak, option lists...), how the games ended, seconds and
games/s; then, per failing variant, the games failing each check and the first problems. Exit status 1 when
anything failed. Campaign Trail's Solo Play variants have their own: bench/fuzz_campaign_trail_solo.py.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Iterable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.balance import pool_map  # noqa: E402
from tests.engine.fuzz_report import FuzzReport  # noqa: E402
from tests.fuzzing import Fuzzer, merge, one_game  # noqa: E402

# ruleset → the module whose FUZZER the fuzz test samples
FUZZERS = {
    "electioneer": "tests.engine.electioneer_fuzz",
    "campaign_trail": "tests.engine.campaign_trail.test_fuzz",
    "campaign_manager_2008": "tests.engine.campaign_manager_2008.test_fuzz",
    "presidential_election": "tests.engine.presidential_election.test_fuzz",
    "nineteen_sixty": "tests.engine.nineteen_sixty.test_fuzz",
}


def fuzzer(ruleset: str) -> Fuzzer:
    return importlib.import_module(FUZZERS[ruleset]).FUZZER


def played(work: tuple[str, str, int]) -> tuple[FuzzReport, set[str]]:
    """One game's report (in a worker process) and the checks it failed."""
    ruleset, variant, n = work
    report = one_game(fuzzer(ruleset), variant, n)
    report.actions = set()  # the options seen feed only the tests' notation checks: not worth the pickling
    return report, set(report.problems)


WIDTH = 44  # the first column: "campaign_manager_2008 starter/random" and the like
HEADER = (f"{'ruleset / variant':<{WIDTH}} {'games':>6} {'steps/game':>10} {'crashes':>7} {'failing':>7}  "
          f"{'ends':<26} {'seconds':>7} {'games/s':>7}")


def run_variant(ruleset: str, variant: str, games: int, first: int, jobs: int) -> tuple[str, list[str], bool]:
    """The variant's table row, its problems (the games failing each check first), and whether it passed."""
    t0 = time.perf_counter()
    results = pool_map(played, [(ruleset, variant, n) for n in range(first, first + games)], jobs, chunksize=2)
    seconds = time.perf_counter() - t0
    total, failed = FuzzReport(games=games), Counter()
    for report, checks in results:
        merge(total, report)
        failed.update(checks)
    crashes = failed["crash"]
    failing = sum(bool(checks - {"crash"}) for _, checks in results)
    ends = ", ".join(f"{who} {n}" for who, n in total.outcomes.most_common(3))
    row = (f"{f'{ruleset} {variant}':<{WIDTH}} {games:>6} {total.steps / games:>10.0f} {crashes:>7} {failing:>7}  "
           f"{ends:<26} {seconds:>7.0f} {games / seconds:>7.1f}")
    problems = [p for found in total.problems.values() for p in found]
    if failed:
        problems.insert(0, f"{ruleset} {variant}: games failing each check {dict(failed)}")
    return row, problems, not failed


def print_table(header: str, width: int, runs: Iterable[tuple[int, tuple[str, list[str], bool]]], jobs: int,
                show: int) -> int:
    """Print the header (its first column `width` wide), each run's row as it finishes (`runs`: its games, then its row, problems and whether it
    passed), the total, then each run's first `show` problems; the exit status: 1 when any run failed."""
    start = time.perf_counter()
    print(header, flush=True)
    found: list[str] = []
    total, ok = 0, True
    for games, (row, problems, passed) in runs:
        print(row, flush=True)
        found += problems[:show + 1]
        total += games
        ok &= passed
    elapsed = time.perf_counter() - start
    print(f"{'all':<{width}} {total:>6} games in {elapsed:.0f} s ({total / elapsed:.1f} games/s, {jobs} processes)")
    for line in found:
        print("  " + line)
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default=",".join(FUZZERS), help=f"any of {', '.join(FUZZERS)}")
    ap.add_argument("--games", type=int, default=1000, help="games per variant")
    ap.add_argument("--seed", type=int, default=0, help="the first game's number (its seed derives from it)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--show", type=int, default=3, help="problems printed per failing variant")
    args = ap.parse_args(argv)
    runs = ((args.games, run_variant(ruleset, variant, args.games, args.seed, args.jobs))
            for ruleset in args.ruleset.split(",") for variant in fuzzer(ruleset).variants)
    return print_table(HEADER, WIDTH, runs, args.jobs, args.show)


if __name__ == "__main__":
    sys.exit(main())
