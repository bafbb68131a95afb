"""Random-legal-move Solo Play and co-op games (Appendix A): random human moves, the AI played by the engine.
After every step the invariants (with the Solo Play cards and tracks), no mutation of the input, no leak of
another party's hand; at the end (of each variant's first game) the journal replays to the same state hash."""
from __future__ import annotations

from typing import Any

import pytest

from tests.engine.campaign_trail import harness

# Games per variant; thousands of the same games:
# `python bench/fuzz_campaign_trail_solo.py --configs basic1,basic2,coop1,coop2 --games 1000`.
GAMES = 5
VARIANTS: list[tuple[str, dict[str, Any], int]] = [
    ("solo_vs_1", {"ai": ["REP"]}, 1),
    ("solo_vs_2", {"ai": ["REP", "LIB"]}, 1),
    ("coop_vs_1", {"ai": ["DEM"], "coop": True}, 2),
    ("coop_vs_2", {"ai": ["DEM", "LIB"], "coop": True}, 2),
]


@pytest.mark.parametrize("name,options,count", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_solo_games_play_to_the_end(name: str, options: dict[str, Any], count: int) -> None:
    problems, seen = harness.run_solo_games(name, harness.basic_solo_game, options, count, GAMES)
    assert not problems, "\n".join(problems[:20])
    # the fuzz is not vacuous: humans played, and the Change of Plans window was answered
    assert seen["play"] > 0 and (seen["pass"] + seen["autopass"]) > 0, seen
