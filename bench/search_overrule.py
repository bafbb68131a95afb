"""What limits `hard`: how often its search, at a given budget, finds a move clearly better than the title's default
move (`search_favourite`) and plays it instead.

    python bench/search_overrule.py --title nineteen_sixty --budget 2.0 --decisions 30

Positions come from seeded games of `normal` against itself; every `--every`-th decision with more than one legal
action is searched with `hard`'s settings (engine/ai/players.py) on a budget of `--budget` CPU seconds
(time.process_time). For each it notes the root actions the search weighed, its iterations, whether the most
visited action is another than the default move, and that action's lead over the default in standard errors of the
difference of their mean returns (`best_action` plays it only past `hard`'s confidence). One summary line per run:

    nineteen_sixty at 2.0 s: overruled 0 of 30 decisions (0.0%); another move most visited in 9 (30.0%), its lead
    over the default 0.31 standard errors at the median (largest 0.92); 17 root moves and 1650 iterations a decision
    (medians)

`--verbose` prints a line per decision. The floor beside it is the iteration count: a search that runs few
iterations over many root moves cannot tell them apart.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.ai.ismcts import Result, ismcts  # noqa: E402
from engine.ai.players import hard_settings  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import seat_range, seats_for  # noqa: E402
from engine.core.search import SearchGame  # noqa: E402


@dataclass(frozen=True)
class Looked:
    """One searched decision: root moves weighed, iterations, whether another move led and by how much."""

    moves: int
    iterations: int
    other_led: bool
    lead_z: float
    overruled: bool


def lead(result: Result) -> tuple[bool, float]:
    """Whether another move than the default was most visited, and its mean's lead over the default's in standard
    errors of the difference (0 where the default led)."""
    visits, totals, favourite = result.visits, result.totals, result.favourite
    pick = max(visits, key=lambda a: (visits[a], a == favourite))
    if pick == favourite or favourite is None or not visits.get(favourite):
        return False, 0.0
    n, m = visits[pick], totals[pick] / visits[pick]
    nf, mf = visits[favourite], totals[favourite] / visits[favourite]
    error = math.sqrt(m * (1.0 - m) / n + mf * (1.0 - mf) / nf)
    return True, (m - mf) / max(error, 1e-9)


def looked_at(title: str, budget: float, decisions: int, every: int, verbose: bool) -> list[Looked]:
    ruleset = registry.get(title)
    game = SearchGame(ruleset)
    seats = seats_for(ruleset, seat_range(ruleset, {})[0], {})
    settings = hard_settings(ruleset, ruleset.setup({}, seats, 0), budget, clock=time.process_time)
    found: list[Looked] = []
    deal = 0
    while len(found) < decisions:
        deal += 1
        state = ruleset.setup({}, seats, deal)
        step = 0
        while game.returns(state) is None and len(found) < decisions:
            seat = game.to_move(state)[0]
            rng, search_rng = Rng(deal * 1_000_003 + step), Rng(deal * 1_000_003 + step + 500_009)
            if len(game.legal(state, seat)) > 1 and step % every == 0:
                result = ismcts(ruleset, state, seat, settings, search_rng)
                other, z = lead(result)
                seen = Looked(sum(1 for n in result.visits.values() if n), result.iterations, other, z,
                              result.action != result.favourite)
                found.append(seen)
                if verbose:
                    print(f"  deal {deal} step {step}: {seen}", flush=True)
            game.advance(state, seat, ruleset.bot_action(state, seat, rng))
            step += 1
    return found


def summary(title: str, budget: float, found: list[Looked]) -> str:
    n = len(found)
    overruled = sum(1 for f in found if f.overruled)
    led = [f.lead_z for f in found if f.other_led]
    leads = (f", its lead over the default {statistics.median(led):.2f} standard errors at the median "
             f"(largest {max(led):.2f})" if led else "")
    return (f"{title} at {budget} s: overruled {overruled} of {n} decisions ({100 * overruled / n:.1f}%); "
            f"another move most visited in {len(led)} ({100 * len(led) / n:.1f}%){leads}; "
            f"{statistics.median(f.moves for f in found):.0f} root moves and "
            f"{statistics.median(f.iterations for f in found):.0f} iterations a decision (medians)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--title", default="nineteen_sixty", help=", ".join(registry.RULESETS))
    ap.add_argument("--budget", type=float, default=2.0, help="CPU seconds per searched decision")
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--every", type=int, default=5, help="search every n-th decision of the games")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    found = looked_at(args.title, args.budget, args.decisions, args.every, args.verbose)
    print(summary(args.title, args.budget, found), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
