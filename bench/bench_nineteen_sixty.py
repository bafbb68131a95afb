"""1960: The Making of the President speed: full bot-played games per second, and a move through the game
manager with the picture render — each beside a floor measured in the same run.

    python bench/bench_nineteen_sixty.py [--games 20] [--moves 300] [--option vp=on] [--mover random]

The floors (the state copy apply() makes; PNG-encoding a blank 1600×1000 image), the measuring and the
command line are bench_ruleset.py's, shared with every ruleset's bench.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_ruleset import Bench, cli  # noqa: E402

BENCH = Bench(
    ruleset="nineteen_sixty", title="1960: The Making of the President", players=(2,),
    mover="bot",
    high=0.90,
)

if __name__ == "__main__":
    sys.exit(cli(BENCH, doc=__doc__))
