"""Random-legal-move games with the Advanced Solo Deck: one human against one or two AI parties, co-op, and two
human parties beside an AI party. After every step the invariants (with the AI decks conserved, the AI parties
first in the order, their tracks), no mutation of the input, no leak of another party's hand, and no AI turn that
waits on a human; at the end the journal replays to the same state hash."""
from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from engine.campaign_trail import advanced_solo, rules
from engine.campaign_trail.ruleset import RULESET as R
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play, replay, state_hash
from tests.engine.campaign_trail import harness

GAMES = int(os.environ.get("STUMPBOT_CT_ADVANCED_FUZZ_GAMES", "4"))
ADV = {"ai_deck": "advanced"}
VARIANTS: list[tuple[str, dict[str, Any], int]] = [
    ("solo_vs_1", {**ADV, "ai": ["REP"]}, 1),
    ("solo_vs_2", {**ADV, "ai": ["DEM", "LIB"]}, 1),
    ("coop_vs_1", {**ADV, "ai": ["LIB"], "coop": True}, 2),
    ("coop_vs_2", {**ADV, "ai": ["REP", "DEM"], "coop": True}, 2),
    ("two_humans_vs_1", {**ADV, "ai": ["REP"]}, 2),
]
MAX_STEPS = 4000


def _game(options: dict[str, Any], count: int, seed: int) -> tuple[list[str], Counter]:
    found: list[str] = []
    seen: Counter = Counter()
    seats = rules.seat_names(count, options)
    state = R.setup(options, seats, seed)
    rng = Rng(seed * 37 + count)
    journal: list[tuple[str, str]] = []
    report = harness.FuzzReport()
    debates_with_ai = 0
    for step in range(1, MAX_STEPS + 1):
        if R.outcome(state) is not None:
            break
        owing = owing_seats(R, state)
        if not owing:
            return [f"step {step}: nobody owes a move (phase {state.phase})"], seen
        if not advanced_solo.waiting(state) and state.phase == "play" \
                and rules.current_party(state) in state.advanced.ai:
            found.append(f"step {step}: an AI party's turn waits on a human")
        if state.phase == "debate" and not state.debate.orator \
                and state.debate.seats[state.debate.index] in state.advanced.ai:
            found.append(f"step {step}: an AI party's debate turn waits on a human")
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
        if new.phase == "debate" and state.phase != "debate":
            debates_with_ai += all(p in new.debate.seats for p in new.advanced.ai)
        journal.append((seat, R.format([action])))
        state = new
    else:
        return found + [f"still running after {MAX_STEPS} steps"], seen
    found += [f"leak: {x}" for x in report.of("leak")]
    if sum(state.final_ev.values()) != 538:
        found.append(f"final EV {state.final_ev}")
    if state.month != 2 or any(m for d in state.advanced.decks.values() for m in d.months):
        found.append("the game ended before the AI parties' October stacks ran out")
    if debates_with_ai != 2:
        found.append(f"{debates_with_ai} debates with every AI party debating, not 2")
    if any(len(d.debated) != 6 and d.debate for d in state.advanced.decks.values()):  # 3 rounds x 2 debates
        found.append("an AI party did not debate every round")
    seen["_won_by_ai" if set(state.winners) <= set(state.advanced.ai) else "_won_by_humans"] += 1
    again = replay(R, options, seats, seed, journal)
    if state_hash(again) != state_hash(state):
        found.append(f"replaying {len(journal)} moves gives another state hash")
    return found, seen


@pytest.mark.parametrize("name,options,count", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_advanced_games_play_to_the_end(name: str, options: dict[str, Any], count: int) -> None:
    problems: list[str] = []
    seen: Counter = Counter()
    for seed in range(GAMES):
        found, verbs = _game(options, count, seed)
        problems += [f"{name} seed {seed}: {p}" for p in found]
        seen += verbs
    assert not problems, "\n".join(problems[:20])
    # the fuzz is not vacuous: humans played cards and debated, and answered the AI's Change of Plans window
    assert seen["play"] > 0 and seen["debate"] + seen["pass"] > 0 and seen["autopass"] + seen["pass"] > 0, seen
