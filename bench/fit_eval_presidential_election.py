"""Fit Presidential Election's evaluation (engine/presidential_election/evaluate.py) by log loss: play seeded games
with the `normal` bot on every seat, keep the position at the start of every turn, and score the constants
(SWING_WEIGHT, SPREAD, SPREAD_PER_ROUND) on a grid by the mean log loss of the evaluation's chance for the seat that
went on to win, against a coin flip's (log of the seat count). `--check` scores the module's own constants only (for
another table size).

    python bench/fit_eval_presidential_election.py [--games 120] [--players 2] [--seed 1]

Last run (120 two-seat games, seeds 1–120, 2,614 positions): SWING_WEIGHT 1, SPREAD 20, SPREAD_PER_ROUND 20, log
loss 0.602 against 0.693 for a coin flip (SWING_WEIGHT 1.5 scored the same; 1 keeps money worth the electoral votes
it can take). By rounds left: 0.45 with under 3 to go, 0.62 with 3 to 6, 0.68 with 6 to 9, 0.70 with more (the
opening says little about the winner). Electoral votes as counted now plus money valued at a fixed rate per vote
scored 0.591, but made a search keep its money rather than campaign. The same constants on 40 three-seat games
(`--players 3 --check`, 1,239 positions) scored 0.948 against 1.099.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.rng import Rng  # noqa: E402
from engine.core.search import SearchGame  # noqa: E402
from engine.core.types import copy_state  # noqa: E402
from engine.presidential_election import evaluate as ev_mod  # noqa: E402
from engine.presidential_election.ruleset import RULESET  # noqa: E402

WEIGHTS = (0.5, 1.0, 1.5, 2.0)
SPREADS = (10.0, 20.0, 40.0)
PER_ROUND = (10.0, 20.0, 40.0)


def positions(players: int, seed: int) -> list[tuple[object, str]]:
    """The position at the start of every turn of one `normal` game, each with the game's winner."""
    game = SearchGame(RULESET)
    state = RULESET.setup({}, RULESET.seat_names(players), seed)
    rng = Rng(seed * 7919 + 1)
    kept = []
    while game.returns(state) is None:
        if state.phase == "play" and state.turn.stage == "roll" and not state.tasks:
            kept.append(copy_state(state))
        seat = game.to_move(state)[0]
        game.advance(state, seat, RULESET.bot_action(state, seat, rng))
    return [(s, state.winner) for s in kept]


def log_loss(data: list[tuple[object, str]]) -> float:
    return sum(-math.log(max(1e-9, ev_mod.evaluate(s)[winner])) for s, winner in data) / len(data)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=120)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="score the module's constants only")
    args = ap.parse_args(argv)
    start = time.time()
    data = [p for g in range(args.seed, args.seed + args.games) for p in positions(args.players, g)]
    print(f"{len(data)} positions of {args.games} games in {time.time() - start:.0f} s", flush=True)
    grid = [(ev_mod.SWING_WEIGHT, ev_mod.SPREAD, ev_mod.SPREAD_PER_ROUND)] if args.check else \
        [(w, s, r) for w in WEIGHTS for s in SPREADS for r in PER_ROUND]
    results = []
    for weight, spread, per_round in grid:
        ev_mod.SWING_WEIGHT, ev_mod.SPREAD, ev_mod.SPREAD_PER_ROUND = weight, spread, per_round
        results.append((log_loss(data), weight, spread, per_round))
    for loss, weight, spread, per_round in sorted(results)[:8]:
        print(f"  SWING_WEIGHT {weight:g}, SPREAD {spread:g}, SPREAD_PER_ROUND {per_round:g}: log loss {loss:.3f}")
    print(f"coin flip: {math.log(args.players):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
