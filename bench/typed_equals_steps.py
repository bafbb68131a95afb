"""Typed moves against the steps one by one, at scale: the check of tests/property/test_typed_equals_steps.py over
more seeded games of every title (a seat's runs of steps, typed as one move, must reach the same state and leave the
same decisions pending as the steps sent one by one).

    python bench/typed_equals_steps.py [--games 20] [--first 0] [--steps 100] [--variants campaign_trail,...]

Games are numbered from --first (the test plays games 0 and 1 of each variant); exit status 1 on any finding."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.property import typed_steps  # noqa: E402 - after the path is set


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per variant")
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    parser.add_argument("--steps", type=int, default=typed_steps.MAX_STEPS, help="steps per game at most")
    parser.add_argument("--variants", default="", help="titles to play, comma-separated (default: all)")
    args = parser.parse_args(argv)
    titles = {t for t in args.variants.split(",") if t}
    failed = False
    for title, variant in typed_steps.VARIANTS:
        if titles and title not in titles:
            continue
        start, problems, runs = time.perf_counter(), [], 0
        for n in range(args.first, args.first + args.games):
            try:
                found, checked = typed_steps.check_game(title, variant, n, args.steps)
            except Exception as exc:  # noqa: BLE001 - a crash is a finding
                found, checked = [f"{title} {variant} game {n}: crash: {type(exc).__name__}: {exc}"], 0
            problems += found
            runs += checked
        failed = failed or bool(problems)
        print(f"{title:22} {variant:38} {args.games:4} games {runs:6} runs {len(problems):4} problems "
              f"{time.perf_counter() - start:6.1f} s")
        for p in problems[:3]:
            print(f"    {p}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
