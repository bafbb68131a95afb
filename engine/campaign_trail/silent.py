"""Campaign Trail's silent path (engine/core/search.py, `SilentRules`): the four questions a search asks, answered
from the rules' own sources without their words — legality from `rules.choices` (what `decisions` words), a step
from `rules.step` on the state itself (what `apply` runs on its copy), with no Option, prompt or event built, no
line worded or held for a post."""
from __future__ import annotations

from engine.campaign_trail import rules
from engine.campaign_trail.state import CampaignTrailState
from engine.core.types import Action


class CampaignTrailSilent:
    """Campaign Trail as a search steps it: no copy, no words."""

    __slots__ = ()

    def over(self, state: CampaignTrailState) -> bool:
        return state.phase == "over"  # outcome() is None until then

    def to_move(self, state: CampaignTrailState) -> list[str]:
        if state.phase == "over":
            return []
        return [seat for seat in state.seats if rules.owes_move(state, seat)]

    def legal(self, state: CampaignTrailState, seat: str) -> list[Action]:
        if state.phase == "over":
            return []
        options, extras = rules.choices(state, seat)
        if not options:
            return []
        # duplicates dropped by identity: choices() builds every action with primitives.act, one object for each
        # action, and hashing a model costs more than the rest of this
        return list({id(a): a for a in (*options, *extras)}.values())

    def advance(self, state: CampaignTrailState, seat: str, action: Action) -> None:
        rules.advance(state, seat, action)  # no line worded or held, no post pictured
