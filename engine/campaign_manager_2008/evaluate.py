"""Campaign Manager 2008's own evaluation of an unfinished position: each side's chance of winning, as a search
scores a rollout it cut short (engine/ai/ismcts.py). It reads a whole state, hidden facts included, so a search
hands it only a determinized one.

The projection: each side's electoral votes won so far, plus a share of every state in play — its votes times the
part of its deciding (major) row that side holds, an undecided block counting half to each. The lead this
projection gives is turned into a chance of winning, less sharply the more votes are still to be decided
(SPREAD + SPREAD_PER_VOTE × the votes no side has won yet). The two constants were fitted by log loss on about 3,700
positions of 150 heuristic games against their results (0.59 against 0.69 for a coin flip).
"""
from __future__ import annotations

import math

from engine.campaign_manager_2008.content_models import TOTAL_EV
from engine.campaign_manager_2008.content import load as content
from engine.campaign_manager_2008.primitives import major, row_of
from engine.campaign_manager_2008.state import SEATS, CMState

SPREAD = 3.0
SPREAD_PER_VOTE = 0.2


def evaluate(state: CMState) -> dict[str, float]:
    """Each seat's chance of winning from `state`, in [0, 1], the two summing to 1."""
    if state.phase == "over":
        if state.winner is None:
            return {s: 0.5 for s in SEATS}
        return {s: 1.0 if s == state.winner else 0.0 for s in SEATS}
    projected = projection(state)
    first, second = SEATS
    won = sum(state.sides[s].score for s in SEATS)
    open_votes = max(0, TOTAL_EV + sum(content().rules.start_score.values()) - won)
    spread = SPREAD + SPREAD_PER_VOTE * open_votes
    ahead = 1.0 / (1.0 + math.exp(-(projected[first] - projected[second]) / spread))
    return {first: ahead, second: 1.0 - ahead}


def projection(state: CMState) -> dict[str, float]:
    """Each side's electoral votes won, plus its share of every state in play by its major row."""
    states = content().states
    projected = {s: float(state.sides[s].score) for s in SEATS}
    for tile in state.in_play:
        row = row_of(tile, major(tile))
        blocks = row.R + row.B + row.W
        if not blocks:
            continue
        votes = states[tile.code].ev
        projected["MCC"] += votes * (row.R + row.W / 2) / blocks
        projected["OBA"] += votes * (row.B + row.W / 2) / blocks
    return projected
