"""Fit 1960's evaluation constants (engine/nineteen_sixty/evaluate.py: SPREAD, SWING_PER_TURN) by log loss on
positions of heuristic games (`normal` on both seats) against their results, and print the loss beside a coin
flip's and the current constants'.

    python bench/fit_eval_nineteen_sixty.py [--games 60] [--every 10] [--seed 1]

Games are dealt and played as the arena plays them (seed, seat order, each decision's own Rng stream); every
`--every`-th position is kept. A drawn game counts 0.5 for each side.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from engine import registry  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.search import SearchGame  # noqa: E402
from engine.nineteen_sixty import evaluate as ev  # noqa: E402
from engine.nineteen_sixty.primitives import c, holder  # noqa: E402

TITLE = "nineteen_sixty"


def positions(seed: int, every: int) -> tuple[list[tuple[list[float], float]], float]:
    """One heuristic game's kept positions (each state's signed lead as the evaluation reads it, the turns left)
    and Kennedy's result."""
    ruleset = registry.get(TITLE)
    game = SearchGame(ruleset)
    state = ruleset.setup({}, list(ruleset.seats), seed)
    kept = []
    step = 0
    while (result := game.returns(state)) is None:
        if step % every == 0 and state.phase != "over":
            kept.append((leads(state), ev.turns_left(state)))
        seat = game.to_move(state)[0]
        action = ruleset.bot_action(state, seat, Rng(seed * 1_000_003 + step * 7919))
        game.advance(state, seat, action)
        step += 1
    return kept, result[ruleset.seats[0]]


def leads(state) -> list[float]:
    out = []
    for code, st in c().states.items():
        lead = float(state.support.get(code, 0))
        if not lead:
            by = holder(state.endorsements.get(st.region, 0)) or st.edge
            lead = (1.0 if by == "K" else -1.0) * ev.EMPTY_LEAD
        out.append(lead)
    return out


def loss(lead: np.ndarray, left: np.ndarray, won: np.ndarray, spread: float, swing_per_turn: float) -> float:
    """The mean log loss of the evaluation with these constants (the same formula as evaluate.kennedy_chance)."""
    votes = np.array([st.ev for st in c().states.values()], dtype=float)
    p = 1.0 / (1.0 + np.exp(-np.clip(lead / spread, -40, 40)))
    mean = (p * votes).sum(axis=1)
    var = (p * (1 - p) * votes * votes).sum(axis=1) + (swing_per_turn * left) ** 2
    need = c().rules.ev_to_win - 0.5
    z = (mean - need) / np.sqrt(2.0 * (var + 1.0))
    ken = np.clip(0.5 * (1.0 + np.vectorize(math.erf)(z)), 1e-6, 1 - 1e-6)
    return float(-(won * np.log(ken) + (1 - won) * np.log(1 - ken)).mean())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    start = time.time()
    rows, lefts, results = [], [], []
    for seed in range(args.seed, args.seed + args.games):
        kept, ken = positions(seed, args.every)
        for lead, left in kept:
            rows.append(lead)
            lefts.append(left)
            results.append(ken)
    lead, left, won = np.array(rows), np.array(lefts), np.array(results)
    print(f"{len(rows)} positions of {args.games} games ({time.time() - start:.0f} s); Kennedy won "
          f"{100 * won.mean():.1f}%")
    best = min(((loss(lead, left, won, s, t), s, t) for s in np.arange(0.25, 3.01, 0.05)
                for t in np.arange(0.0, 30.1, 0.5)))
    print(f"coin flip {math.log(2):.3f}; current (SPREAD {ev.SPREAD}, SWING_PER_TURN {ev.SWING_PER_TURN}) "
          f"{loss(lead, left, won, ev.SPREAD, ev.SWING_PER_TURN):.3f}; "
          f"best SPREAD {best[1]:.2f}, SWING_PER_TURN {best[2]:.1f}: {best[0]:.3f}")
    for lo, hi in ((4, 9), (2, 4), (0.01, 2), (0, 0.01)):
        part = (left >= lo) & (left < hi)
        if part.any():
            print(f"  turns left in [{lo}, {hi}): {part.sum()} positions, log loss "
                  f"{loss(lead[part], left[part], won[part], best[1], best[2]):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
