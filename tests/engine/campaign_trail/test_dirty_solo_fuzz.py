"""Random-legal-move games of Dirty Politics against AI parties (engine/campaign_trail/dirty_solo.py): Basic Solo
Play against one AI party, two players in co-op against two, and the Advanced Solo Deck. After every step the
ruleset's invariants, no mutation, no leak and no AI turn waiting on a human (harness.SoloGame), plus: every AI
party's voters are conserved (on the map plus on its track is what left the supply) and its track stays within
its ten spaces. At the end the game stopped when the AI decks said so, and the journal replays to the same hash.
"""
from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest

from engine.campaign_trail import advanced_solo, dirty_solo, rules, solo
from tests.engine.campaign_trail import harness

GAMES = int(os.environ.get("STUMPBOT_CT_DIRTY_SOLO_FUZZ_GAMES", "20"))
VARIANTS: list[tuple[str, dict[str, Any], int]] = [
    ("basic_vs_1", {"ai": ["REP"], "dirty": True}, 1),
    ("basic_coop_vs_2", {"ai": ["REP", "LIB"], "coop": True, "dirty": True}, 2),
    ("advanced_vs_1", {"ai": ["LIB"], "ai_deck": "advanced", "dirty": True}, 1),
]
MAX_STEPS = 4000
DIRTY_VERBS = ("flip_contributors", "sway_minds", "dirty_tricks", "smear_campaign", "mudslinging",
               "voter_suppression")


def _track_problems(state: Any) -> list[str]:
    """Each AI party's voters: the map plus the track is exactly what it took from the supply."""
    out = []
    for party in dirty_solo.ai_parties(state):
        ps = state.parties[party]
        on_map = sum(row[party] for row in state.voters.values())
        if on_map + ps.registered != ps.out_of_supply:
            out.append(f"{party}: {on_map} on the map + {ps.registered} on the track != {ps.out_of_supply} out of supply")
        if not 0 <= ps.registered <= solo.TRACK_MAX:
            out.append(f"{party}: {ps.registered} on a track of {solo.TRACK_MAX}")
    return out


def _waits(state: Any) -> list[str]:
    if state.phase != "play" or rules.current_party(state) not in dirty_solo.ai_parties(state):
        return []
    if state.solo is not None and state.solo.window is None:
        return ["an AI party's turn waits on a human"]
    if state.advanced is not None and not advanced_solo.waiting(state):
        return ["an AI party's turn waits on a human"]
    return []


def _game(options: dict[str, Any], count: int, seed: int) -> tuple[list[str], Counter]:
    game = harness.SoloGame(options, count, seed, salt=41, max_steps=MAX_STEPS)
    hits: Counter = Counter()

    def on_step(before: Any, after: Any) -> None:
        game.found.extend(_track_problems(after))
        # An AI party's voters go back to the supply only when a dirty action or trick hits it (its own turns
        # move voters from the track to the map, or add to them): count those hits.
        for party in dirty_solo.ai_parties(after):
            if after.parties[party].out_of_supply < before.parties[party].out_of_supply:
                hits["_ai_hit"] += 1

    if game.play_out(_waits, on_step):
        state = game.state
        if state.solo is not None and any(state.solo.decks):
            game.found.append("the game ended with cards in the AI decks")
        if state.advanced is not None and (state.month != 2 or any(m for d in state.advanced.decks.values()
                                                                     for m in d.months)):
            game.found.append("the game ended before the AI parties' October stacks ran out")
    return game.found, Counter(game.seen) + hits


@pytest.mark.parametrize("name,options,count", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_dirty_solo_games_play_to_the_end(name: str, options: dict[str, Any], count: int) -> None:
    problems, seen = harness.run_solo_games(name, _game, options, count, GAMES)
    assert not problems, "\n".join(problems[:20])
    # not vacuous: the humans took dirty actions, and some of them took an AI party's voters
    assert sum(seen[v] for v in DIRTY_VERBS) > 0 and seen["_ai_hit"] > 0, seen
