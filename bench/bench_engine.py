"""Electioneer engine speed: full random games per second, beside the floor of the state-copy design.

    python bench/bench_engine.py [--games 300]

Each step of a game is: owing_seats() (decisions of both seats), decisions() of the chosen
seat, then play() = check_legal() (decisions again) + apply(), and apply() starts with a full
copy of the whole state (model_validate(model_dump())) (states are immutable between steps; that is what makes undo, replay
and snapshots simple). The floor replays the very same trajectories doing only that copy per
step — no engine can apply a move faster than it copies the state it returns, so the ratio
full/floor says how much the rules themselves cost on top of the copy. Other copy strategies
are timed on the same states for comparison.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.rng import Rng  # noqa: E402
from engine.core.ruleset import owing_seats, play  # noqa: E402
from engine.electioneer.ruleset import RULESET as R  # noqa: E402
from engine.electioneer.state import ElectioneerState  # noqa: E402

SEATS = ["DEM", "REP"]


def full_games(games: int, ruleset=R, seats: list[str] | None = None,
               options: dict | None = None) -> tuple[float, list[list]]:
    """Random-legal-move games (uniform over decisions()), timed; returns (seconds, each step's state).
    Shared with the other rulesets' engine benches."""
    seats = seats or SEATS
    trajectories: list[list] = []
    start = time.perf_counter()
    for seed in range(games):
        rng = Rng(seed)
        state = ruleset.setup(options or {}, seats, seed)
        states = []
        while ruleset.outcome(state) is None:
            states.append(state)
            seat = rng.choice(owing_seats(ruleset, state))
            action = rng.choice(ruleset.decisions(state, seat).all_options()).action
            state = play(ruleset, state, seat, [action]).state
        trajectories.append(states)
    return time.perf_counter() - start, trajectories


def per_step(trajectories: list[list], fn) -> float:
    start = time.perf_counter()
    for states in trajectories:
        for s in states:
            fn(s)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args(argv)
    full_games(5)  # warm caches (content, pydantic validators)
    seconds, traj = full_games(args.games)
    steps = sum(len(t) for t in traj)
    copy = per_step(traj, lambda s: ElectioneerState.model_validate(s.model_dump()))
    deep = per_step(traj, lambda s: s.model_copy(deep=True))
    decide = per_step(traj, lambda s: [R.decisions(s, x) for x in SEATS])
    json_rt = per_step(traj, lambda s: ElectioneerState.model_validate_json(s.model_dump_json()))
    view = per_step(traj, lambda s: R.view(s, None))

    def rate(sec: float) -> str:
        return f"{args.games / sec:8.1f} games/s  {sec / steps * 1e6:7.1f} µs/step"

    print(f"Electioneer: {args.games} random-legal-move games, {steps} steps ({steps / args.games:.1f} per game)")
    print(f"  full game loop (owing + decisions + play)     {rate(seconds)}")
    print(f"  floor: the state copy apply() makes, per step {rate(copy)}")
    print(f"  ratio full / floor                            {seconds / copy:8.2f}×")
    print("  parts, on the same states:")
    print(f"    decisions() of both seats                   {rate(decide)}")
    print(f"    view(state, None)                           {rate(view)}")
    print("  other ways to copy a state:")
    print(f"    model_copy(deep=True)                       {rate(deep)}")
    print(f"    model_validate_json(model_dump_json())      {rate(json_rt)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
