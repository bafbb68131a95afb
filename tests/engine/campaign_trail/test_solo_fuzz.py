"""Random-legal-move Solo Play and co-op games (Appendix A): random human moves, the AI played by the engine.
After every step the invariants (with the Solo Play cards and tracks), no mutation of the input, no leak of
another party's hand; at the end the journal replays to the same state hash."""
from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from engine.campaign_trail import rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, replay, state_hash
from tests.engine.campaign_trail import harness

GAMES = int(os.environ.get("STUMPBOT_CT_SOLO_FUZZ_GAMES", "5"))
VARIANTS: list[tuple[str, dict[str, Any], int]] = [
    ("solo_vs_1", {"ai": ["REP"]}, 1),
    ("solo_vs_2", {"ai": ["REP", "LIB"]}, 1),
    ("coop_vs_1", {"ai": ["DEM"], "coop": True}, 2),
    ("coop_vs_2", {"ai": ["DEM", "LIB"], "coop": True}, 2),
]
MAX_STEPS = 3000


def _game(options: dict[str, Any], count: int, seed: int) -> tuple[list[str], Counter]:
    found: list[str] = []
    seen: Counter = Counter()
    seats = rules.seat_names(count, options)
    state = R.setup(options, seats, seed)
    rng = Rng(seed * 31 + count)
    journal: list[tuple[str, str]] = []
    report = harness.FuzzReport()
    for step in range(1, MAX_STEPS + 1):
        if R.outcome(state) is not None:
            break
        owing = owing_seats(R, state)
        if not owing:
            return [f"step {step}: nobody owes a move (phase {state.phase})"], seen
        if state.solo.window is None and state.phase == "play" and rules.current_party(state) in state.solo.ai:
            found.append(f"step {step}: an AI party's turn waits on a human")
        seat = rng.choice(owing)
        action = rng.choice(R.decisions(state, seat).all_options()).action
        seen[action.verb] += 1
        before = state.model_dump_json() if step % 7 == 0 else None
        new = play(R, state, seat, [action]).state
        if before is not None and state.model_dump_json() != before:
            found.append(f"step {step}: apply mutated its input")
        found += [f"step {step} ({seat}: {action}): {p}" for p in rules.problems(new)]
        if step % 5 == 0:
            harness._leaks(new, report, f"step {step}")
        journal.append((seat, R.format([action])))
        state = new
    else:
        return found + [f"still running after {MAX_STEPS} steps"], seen
    found += [f"leak: {x}" for cat in ("leak",) for x in report.of(cat)]
    if sum(state.final_ev.values()) != 538:
        found.append(f"final EV {state.final_ev}")
    if any(state.solo.decks):
        found.append("the game ended with cards in the AI decks")
    seen["_won_by_ai" if set(state.winners) <= set(state.solo.ai) else "_won_by_humans"] += 1
    again = replay(R, options, seats, seed, journal)
    if state_hash(again) != state_hash(state):
        found.append(f"replaying {len(journal)} moves gives another state hash")
    return found, seen


@pytest.mark.parametrize("name,options,count", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_solo_games_play_to_the_end(name: str, options: dict[str, Any], count: int) -> None:
    problems: list[str] = []
    seen: Counter = Counter()
    for seed in range(GAMES):
        found, verbs = _game(options, count, seed)
        problems += [f"{name} seed {seed}: {p}" for p in found]
        seen += verbs
    assert not problems, "\n".join(problems[:20])
    # the fuzz is not vacuous: humans played, and the Change of Plans window was answered
    assert seen["play"] > 0 and (seen["pass"] + seen["autopass"]) > 0, seen
