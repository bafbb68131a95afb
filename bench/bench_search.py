"""The search interface's speed on every title: whole random games per second through `play()` (the loop the fuzz
runs) beside the very same games through `SearchGame` (engine/core/search.py), with a floor from the same run.

    python bench/bench_search.py [--ruleset electioneer,campaign_trail,...] [--games 5] [--seed 0]

Each title plays --games games at its table (seats as a lobby's Start gives them), seeded --seed, --seed + 1, …;
both loops make the same choices from the same seeds (a uniformly random legal action of the first seat to move),
so they play the same games. A step of the play loop: owing_seats() + decisions() of that seat + play() (check_legal,
then apply). A step of the search loop: returns() + to_move() + legal() + advance() (the silent path, unchecked, changing the
game's one state in place, as a playout does on its own copy). Floor: the search loop's very states, each only
copied (`copy_state`): what a step that copies its state would pay before doing anything. Per title: steps per game, games/s of each loop and of the floor, µs per search step, and last the
ratio play time / search time (above 1×: the search loop is faster). Times are this process's CPU seconds, so a
busy machine slows neither loop's figure.
"""
from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import Ruleset, owing_seats, play, seats_for  # noqa: E402
from engine.core.search import SearchGame, legal_actions  # noqa: E402
from engine.core.types import copy_state  # noqa: E402

PLAYERS = {"electioneer": 2, "campaign_trail": 2, "presidential_election": 3, "campaign_manager_2008": 2,
           "nineteen_sixty": 2}


def play_loop(ruleset: Ruleset, seats: list[str], seeds: range) -> tuple[float, list[Any]]:
    """CPU seconds for the games through play(), and each game's final state."""
    ends = []
    start = time.process_time()
    for seed in seeds:
        rng, state = Rng(seed), ruleset.setup({}, seats, seed)
        while ruleset.outcome(state) is None:
            seat = owing_seats(ruleset, state)[0]
            actions = legal_actions(ruleset.decisions(state, seat).all_options())
            state = play(ruleset, state, seat, [actions[rng.below(len(actions))]]).state
        ends.append(state)
    return time.process_time() - start, ends


def search_loop(game: SearchGame, seats: list[str], seeds: range, keep: list[Any] | None = None) -> tuple[float, list[Any]]:
    """CPU seconds for the games through SearchGame, and each game's final state; every state a step started from
    goes into `keep` when given (not while timed: keeping thousands of states alive slows the collector)."""
    ends = []
    start = time.process_time()
    for seed in seeds:
        rng, state = Rng(seed), game.ruleset.setup({}, seats, seed)
        while game.returns(state) is None:
            if keep is not None:
                keep.append(copy_state(state))
            seat = game.to_move(state)[0]
            actions = game.legal(state, seat)
            game.advance(state, seat, actions[rng.below(len(actions))])
        ends.append(state)
    return time.process_time() - start, ends


def copy_floor(states: list[Any]) -> float:
    start = time.process_time()
    for state in states:
        copy_state(state)
    return time.process_time() - start


def bench(name: str, games: int, first: int) -> str:
    ruleset = registry.get(name)
    seats = seats_for(ruleset, PLAYERS[name], {})
    game = SearchGame(ruleset)
    warm = range(first + games, first + games + 1)  # a game of its own warms content and validators
    play_loop(ruleset, seats, warm)
    search_loop(game, seats, warm)
    seeds = range(first, first + games)
    gc.collect()  # each loop starts with no garbage of the last: a full collection it pays for is its own
    full, full_ends = play_loop(ruleset, seats, seeds)
    gc.collect()
    silent, silent_ends = search_loop(game, seats, seeds)
    if [s.model_dump() for s in full_ends] != [s.model_dump() for s in silent_ends]:
        raise SystemExit(f"{name}: the two loops played different games")
    states: list[Any] = []
    search_loop(game, seats, seeds, keep=states)
    floor = copy_floor(states)
    steps = len(states)
    return (f"{name:<22} {len(seats):>5} {steps / games:>10.0f} {games / full:>12.1f} {games / silent:>14.1f} "
            f"{games / floor:>13.1f} {silent / steps * 1e6:>10.0f}   {full / silent:.2f}×")


HEADER = (f"{'title':<22} {'seats':>5} {'steps/game':>10} {'play games/s':>12} {'search games/s':>14} "
          f"{'floor games/s':>13} {'µs/step':>10}   play/search")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default=",".join(PLAYERS), help=f"any of {', '.join(PLAYERS)}")
    ap.add_argument("--games", type=int, default=5, help="games per title (5: about 15 CPU seconds for all titles)")
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = ap.parse_args(argv)
    print(HEADER, flush=True)
    for name in args.ruleset.split(","):
        print(bench(name, args.games, args.seed), flush=True)
    print("floor: copy_state alone on each state the search loop stepped from; µs/step: the search loop's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
