"""Presidential Election speed: full bot-played games per second for 2 and 6 players, and a move through
the game manager with the picture render — each beside a floor measured in the same run.

    python bench/bench_presidential_election.py [--games 20] [--moves 300] [--option era=1960] [--mover random]

`--option K=V` (repeatable) sets a game option (era, deadline_hours); `--mover random` plays uniform
random legal moves instead of the built-in bot (bot_action) on every seat.

Engine floor: the state copy apply() makes (model_copy(deep=True)), replayed over the very same
states — no engine can apply a move faster than it copies the state it returns.
Manager floor: PNG-encoding a blank 1600×1000 image (bench_render.py's floor), since every posted move
renders and encodes the picture; the manager's own commit floor is in bench_manager.py.
The measuring and the command line are bench_ruleset.py's, shared with the other rulesets' benches.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_ruleset import Bench, cli  # noqa: E402

BENCH = Bench(
    ruleset="presidential_election", title="Presidential Election", players=(2, 6),
    mover="bot",
    high=0.90,
)


if __name__ == "__main__":
    sys.exit(cli(BENCH, doc=__doc__))
