"""Random-legal-move games with the Advanced Solo Deck: one human against one or two AI parties, co-op, and two
human parties beside an AI party. After every step the invariants (with the AI decks conserved, the AI parties
first in the order, their tracks), no mutation of the input, no leak of another party's hand, and no AI turn that
waits on a human; at the end (of each variant's first game) the journal replays to the same state hash."""
from __future__ import annotations

from typing import Any

import pytest

from tests.engine.campaign_trail import harness

# Games per variant; thousands of the same games: `python bench/fuzz_campaign_trail_solo.py --configs adv1,adv2,...`.
GAMES = 4
ADV = {"ai_deck": "advanced"}
VARIANTS: list[tuple[str, dict[str, Any], int]] = [
    ("solo_vs_1", {**ADV, "ai": ["REP"]}, 1),
    ("solo_vs_2", {**ADV, "ai": ["DEM", "LIB"]}, 1),
    ("coop_vs_1", {**ADV, "ai": ["LIB"], "coop": True}, 2),
    ("coop_vs_2", {**ADV, "ai": ["REP", "DEM"], "coop": True}, 2),
    ("two_humans_vs_1", {**ADV, "ai": ["REP"]}, 2),
]


@pytest.mark.parametrize("name,options,count", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_advanced_games_play_to_the_end(name: str, options: dict[str, Any], count: int) -> None:
    problems, seen = harness.run_solo_games(name, harness.advanced_solo_game, options, count, GAMES)
    assert not problems, "\n".join(problems[:20])
    # the fuzz is not vacuous: humans played cards and debated, and answered the AI's Change of Plans window
    assert seen["play"] > 0 and seen["debate"] + seen["pass"] > 0 and seen["autopass"] + seen["pass"] > 0, seen
