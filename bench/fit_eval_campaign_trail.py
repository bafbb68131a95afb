"""Fit a title's evaluation constants by log loss: positions of heuristic games (`normal` on every seat) against
their results.

    python bench/fit_eval_campaign_trail.py --title campaign_trail --games 150 --every 10 \
        --grid SPREAD=0.5,1,2,4 --grid SPREAD_PER_CARD=0,0.05,0.1,0.2

Each game is dealt with seed `--seed + i` and played to the end; every `--every`-th position is kept with the
result. A position's loss is the cross-entropy of the evaluation's chances over the parties (a seat's party:
`ruleset.party_of`) against the result (1 to the winner, shared wins split); a coin flip scores log(parties).
Each `--grid NAME=v1,v2,...` names a constant of engine/<title>/evaluate.py and the values to try; every
combination is scored and the best printed, with the evaluation's time per call at the best.
"""
from __future__ import annotations

import argparse
import importlib
import itertools
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import seat_range, seats_for  # noqa: E402
from engine.core.search import SearchGame  # noqa: E402


def positions(ruleset: Any, players: int, seed: int, every: int) -> list[tuple[Any, dict[str, float]]]:
    """Every `every`-th position of one heuristic game, each with the game's returns."""
    game = SearchGame(ruleset)
    seats = seats_for(ruleset, players, {})
    state = ruleset.setup({}, seats, seed)
    rng = Rng(seed * 7919 + 1)
    kept, step = [], 0
    while (result := game.returns(state)) is None:
        if step % every == 0:
            kept.append(game.clone(state))
        seat = game.to_move(state)[0]
        game.advance(state, seat, ruleset.bot_action(state, seat, rng))
        step += 1
    return [(s, result) for s in kept]


def loss(ruleset: Any, evaluate: Any, data: list[tuple[Any, dict[str, float]]]) -> float:
    """Mean cross-entropy over the parties of the evaluation against the results."""
    total = 0.0
    for state, result in data:
        chances = evaluate(state)
        by_party = {ruleset.party_of(seat): seat for seat in state.seats}
        for seat in by_party.values():
            if result[seat] > 0:
                total -= result[seat] * math.log(max(1e-12, chances[seat]))
    return total / len(data)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", default="campaign_trail")
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--players", type=int, default=0, help="seats at the table (0: the title's smallest table)")
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--grid", action="append", default=[], help="NAME=v1,v2,... (repeatable)")
    args = ap.parse_args(argv)
    ruleset = registry.get(args.title)
    module = importlib.import_module(f"engine.{ruleset.name}.evaluate")
    players = args.players or seat_range(ruleset, {})[0]
    start = time.time()
    data = [p for i in range(args.games) for p in positions(ruleset, players, args.seed + i, args.every)]
    parties = len({ruleset.party_of(s) for s in data[0][0].seats})
    print(f"{len(data)} positions of {args.games} games ({time.time() - start:.0f} s); "
          f"a coin flip scores {math.log(parties):.3f}", flush=True)
    grid = [(name, [float(v) for v in values.split(",")])
            for name, values in (g.split("=", 1) for g in args.grid)]
    best: tuple[float, dict[str, float]] | None = None
    for combo in itertools.product(*(values for _, values in grid)):
        chosen = {name: value for (name, _), value in zip(grid, combo)}
        for name, value in chosen.items():
            setattr(module, name, value)
        score = loss(ruleset, module.evaluate, data)
        print(f"  {chosen}: {score:.4f}", flush=True)
        if best is None or score < best[0]:
            best = (score, chosen)
    if best is not None:
        for name, value in best[1].items():
            setattr(module, name, value)
        print(f"best {best[1]}: {best[0]:.4f}")
    score = loss(ruleset, module.evaluate, data)
    start = time.process_time()
    for state, _ in data:
        module.evaluate(state)
    per_call = (time.process_time() - start) / len(data)
    print(f"at the module's constants: {score:.4f} (coin flip {math.log(parties):.3f}); "
          f"{1e6 * per_call:.0f} µs per call")
    return 0


if __name__ == "__main__":
    sys.exit(main())
