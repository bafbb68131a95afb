"""Random-legal-move games of Dirty Politics against AI parties (engine/campaign_trail/dirty_solo.py): Basic Solo
Play against one AI party, two players in co-op against two, and the Advanced Solo Deck. After every step the
ruleset's invariants, no mutation, no leak and no AI turn waiting on a human (harness.SoloGame), plus: every AI
party's voters are conserved (on the map plus on its track is what left the supply) and its track stays within
its ten spaces. At the end the game stopped when the AI decks said so, and (in each variant's first game) the
journal replays to the same hash.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.engine.campaign_trail import harness

# Games per variant: enough for dirty actions to take an AI party's voters in each. Thousands of the same games:
# `python bench/fuzz_campaign_trail_solo.py --configs dirty1,dirtycoop2,dirtyadv1 --games 1000`.
GAMES = 8
VARIANTS: list[tuple[str, dict[str, Any], int]] = [
    ("basic_vs_1", {"ai": ["REP"], "dirty": True}, 1),
    ("basic_coop_vs_2", {"ai": ["REP", "LIB"], "coop": True, "dirty": True}, 2),
    ("advanced_vs_1", {"ai": ["LIB"], "ai_deck": "advanced", "dirty": True}, 1),
]
DIRTY_VERBS = ("flip_contributors", "sway_minds", "dirty_tricks", "smear_campaign", "mudslinging",
               "voter_suppression")


@pytest.mark.parametrize("name,options,count", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_dirty_solo_games_play_to_the_end(name: str, options: dict[str, Any], count: int) -> None:
    problems, seen = harness.run_solo_games(name, harness.dirty_solo_game, options, count, GAMES)
    assert not problems, "\n".join(problems[:20])
    # not vacuous: the humans took dirty actions, and some of them took an AI party's voters
    assert sum(seen[v] for v in DIRTY_VERBS) > 0 and seen["_ai_hit"] > 0, seen
