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
    game = harness.SoloGame(options, count, seed, salt=37, max_steps=MAX_STEPS)
    debates_with_ai = 0

    def waits(state: Any) -> list[str]:
        out = []
        if not advanced_solo.waiting(state) and state.phase == "play" \
                and rules.current_party(state) in state.advanced.ai:
            out.append("an AI party's turn waits on a human")
        if state.phase == "debate" and not state.debate.orator \
                and state.debate.seats[state.debate.index] in state.advanced.ai:
            out.append("an AI party's debate turn waits on a human")
        return out

    def on_step(before: Any, after: Any) -> None:
        nonlocal debates_with_ai
        if after.phase == "debate" and before.phase != "debate":
            debates_with_ai += all(p in after.debate.seats for p in after.advanced.ai)

    if game.play_out(waits, on_step):
        state = game.state
        if state.month != 2 or any(m for d in state.advanced.decks.values() for m in d.months):
            game.found.append("the game ended before the AI parties' October stacks ran out")
        if debates_with_ai != 2:
            game.found.append(f"{debates_with_ai} debates with every AI party debating, not 2")
        if any(len(d.debated) != 6 and d.debate for d in state.advanced.decks.values()):  # 3 rounds x 2 debates
            game.found.append("an AI party did not debate every round")
        game.seen["_won_by_ai" if set(state.winners) <= set(state.advanced.ai) else "_won_by_humans"] = 1
    return game.found, Counter(game.seen)


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
