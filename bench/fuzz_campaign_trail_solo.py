"""Campaign Trail Solo Play fuzz at scale: thousands of seeded random-legal-move games against the AI parties, with
every check the fuzz tests make (tests/engine/campaign_trail/harness.py: `basic_solo_game`, `advanced_solo_game`).

    python bench/fuzz_campaign_trail_solo.py [--games 1000] [--quick] [--jobs N] [--configs basic1,adv2,...]
                                             [--seed 0] [--show 3]

Configurations (the fuzz tests' variants): Basic Solo Play against 1 and 2 AI parties, Basic co-op against 1 and
2, the Advanced Solo Deck against 1 and 2, Advanced co-op against 1 and 2, and 2 human parties beside 1 AI party
(a third AI party is refused by the engine: it would be the Green party, whose expansion Stumpbot lacks); and
Dirty Politics (test_dirty_solo_fuzz.py) against 1 AI party, in co-op against 2, and with the Advanced Solo Deck,
where each AI party's voters are conserved between the supply, its track and the map too.

After every step of every game: the invariants (voters conserved with the register tracks, cards, money, 538 EV,
hands, turn order, the AI decks), apply() never mutating its input (every 7th step), no leak of another party's
hand in any view (every 5th), no AI turn waiting on a human; at the end the final EV, the journal replaying to the
same state hash, and the game ending when the AI decks say. Per configuration it prints: games, crashes (an
exception out of the engine), dead ends (nobody owes a move, or a runaway game), conservation failures (games
with an invariant broken), other failed checks (games), games ended by the decks, seconds and games/s; then the
first problems found, with their seeds, to reproduce one with the harness. Exit status 1 when anything failed.

Games are seeded (game seed = its number), so a run is reproducible; --jobs only spreads them over processes.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.balance import pool_map  # noqa: E402
from bench.fuzz import print_table  # noqa: E402
from tests.engine.campaign_trail import harness  # noqa: E402
from tests.fuzzing import crash_text  # noqa: E402

ADV = {"ai_deck": "advanced"}
DIRTY = {"dirty": True}
BASIC, ADVANCED, DIRTY_GAME = harness.basic_solo_game, harness.advanced_solo_game, harness.dirty_solo_game
# name: (title, the harness's game, players, options) — the variants of test_solo_fuzz.py,
# test_advanced_solo_fuzz.py and test_dirty_solo_fuzz.py
CONFIGS: dict[str, tuple[str, Callable[[dict[str, Any], int, int], harness.SoloGame], int, dict[str, Any]]] = {
    "basic1": ("basic, 1 AI (ai=REP)", BASIC, 1, {"ai": ["REP"]}),
    "basic2": ("basic, 2 AI (ai=REP,LIB)", BASIC, 1, {"ai": ["REP", "LIB"]}),
    "coop1": ("basic co-op, 1 AI (ai=DEM)", BASIC, 2, {"ai": ["DEM"], "coop": True}),
    "coop2": ("basic co-op, 2 AI (ai=DEM,LIB)", BASIC, 2, {"ai": ["DEM", "LIB"], "coop": True}),
    "adv1": ("advanced, 1 AI (ai=REP)", ADVANCED, 1, {**ADV, "ai": ["REP"]}),
    "adv2": ("advanced, 2 AI (ai=DEM,LIB)", ADVANCED, 1, {**ADV, "ai": ["DEM", "LIB"]}),
    "advcoop1": ("advanced co-op, 1 AI (ai=LIB)", ADVANCED, 2, {**ADV, "ai": ["LIB"], "coop": True}),
    "advcoop2": ("advanced co-op, 2 AI (ai=REP,DEM)", ADVANCED, 2, {**ADV, "ai": ["REP", "DEM"], "coop": True}),
    "adv2humans": ("advanced, 2 humans + 1 AI (ai=REP)", ADVANCED, 2, {**ADV, "ai": ["REP"]}),
    "dirty1": ("dirty basic, 1 AI (ai=REP)", DIRTY_GAME, 1, {**DIRTY, "ai": ["REP"]}),
    "dirtycoop2": ("dirty basic co-op, 2 AI (ai=REP,LIB)", DIRTY_GAME, 2, {**DIRTY, "ai": ["REP", "LIB"], "coop": True}),
    "dirtyadv1": ("dirty advanced, 1 AI (ai=LIB)", DIRTY_GAME, 1, {**DIRTY, **ADV, "ai": ["LIB"]}),
}
OTHER_KINDS = ("mutation", "leak", "wait", "replay", "final_ev", "end")


def one_game(work: tuple[str, int]) -> dict[str, Any]:
    """One seeded game's findings: `crash` (the exception and where), `kinds` (problems by check), `ended_by_decks`,
    `first` (the first problem's text)."""
    config, seed = work
    _, play, players, options = CONFIGS[config]
    try:
        game = play(options, players, seed)
    except Exception as exc:  # noqa: BLE001 - a crash is a finding
        return {"crash": crash_text(exc), "kinds": {}, "ended_by_decks": False, "first": None}
    return {"crash": None, "kinds": dict(game.kinds), "ended_by_decks": game.ended_by_decks,
            "first": game.found[0] if game.found else None}


HEADER = (f"{'configuration':<36} {'games':>6} {'crashes':>7} {'dead ends':>9} {'conservation':>12} {'other':>5} "
          f"{'ended by decks':>14} {'seconds':>8} {'games/s':>7}")


def run_config(config: str, games: int, first_seed: int, jobs: int) -> tuple[str, list[str], bool]:
    """The configuration's table row, its first problems (with seeds), and whether every game passed."""
    t0 = time.perf_counter()
    results = pool_map(one_game, [(config, seed) for seed in range(first_seed, first_seed + games)], jobs, chunksize=4)
    seconds = time.perf_counter() - t0
    crashes = sum(r["crash"] is not None for r in results)
    dead = sum(r["kinds"].get("dead_end", 0) > 0 for r in results)
    broken = sum(r["kinds"].get("invariant", 0) > 0 for r in results)
    other = sum(any(r["kinds"].get(k, 0) for k in OTHER_KINDS) for r in results)
    ended = sum(r["ended_by_decks"] for r in results)
    row = (f"{CONFIGS[config][0]:<36} {games:>6} {crashes:>7} {dead:>9} {broken:>12} {other:>5} {ended:>14} "
           f"{seconds:>8.0f} {games / seconds:>7.1f}")
    problems = [f"{config} seed {seed}: {r['crash'] or r['first']}"
                for seed, r in zip(range(first_seed, first_seed + games), results) if r["crash"] or r["first"]]
    kinds = Counter(k for r in results for k, n in r["kinds"].items() if n)
    if kinds:
        problems.insert(0, f"{config}: games failing each check {dict(kinds)}")
    return row, problems, not problems and ended == games


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per configuration")
    ap.add_argument("--quick", action="store_true", help="50 games per configuration")
    ap.add_argument("--seed", "--first-seed", dest="first_seed", type=int, default=0, help="the first game's seed")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--configs", default=",".join(CONFIGS), help=f"any of {', '.join(CONFIGS)}")
    ap.add_argument("--show", type=int, default=3, help="problems printed per configuration")
    args = ap.parse_args(argv)
    games = 50 if args.quick else args.games
    runs = ((games, run_config(config, games, args.first_seed, args.jobs)) for config in args.configs.split(","))
    return print_table(HEADER, 36, runs, args.jobs, args.show)

if __name__ == "__main__":
    sys.exit(main())
