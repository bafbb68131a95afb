"""Campaign Trail's silent path (engine/core/search.py, `SilentRules`): the four questions a search asks, answered
from the rules' own sources without their words — legality from `rules.choices` (what `decisions` words), a step
from `rules.step` on the state itself (what `apply` runs on its copy), with no Option, prompt or event built, no
line worded or held for a post.

A search asks `to_move` and then `legal` of the same position: who owes a decision, and the choices `to_move`
finds to tell whether it is owed, are kept on the state (`_owed`) for `legal` to take. Every step drops them
(rules.step clears `_owed` before it changes anything) and a copy never carries them (a private attribute), so
`legal` reads them only of the position they were found for; the rules change a state in place nowhere else."""
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
        kept = state.__pydantic_private__
        if kept["_standing"] is None:  # each seat's standing rules, read once and kept while the search steps the state
            kept["_standing"] = {}
        seats = rules.plain_owing(state)
        if seats is not None:  # a turn's card or action: never without a choice, found only if `legal` asks
            kept["_owed"] = dict.fromkeys(seats)
            return seats
        seats, owed = [], {}
        for seat in rules.owing(state):
            found = owed[seat] = rules.owed_choices(state, seat)
            if found[0]:
                seats.append(seat)
        kept["_owed"] = owed
        return seats

    def legal(self, state: CampaignTrailState, seat: str) -> list[Action]:
        if state.phase == "over":
            return []
        owed = state.owed
        if owed is None:
            options, extras = rules.choices(state, seat)
        elif seat not in owed:
            return []  # owes nothing here
        else:
            found = owed[seat]
            if found is None:  # a plain turn's: the hand's cards or the card's actions, and `responses ask`, each once
                options, extras = rules.owed_choices(state, seat)
                return [*options, *extras]
            options, extras = found
        if not options:
            return []
        # duplicates dropped by identity: choices() builds every action with primitives.act, one object for each
        # action, and hashing a model costs more than the rest of this; seldom any to drop
        actions = [*options, *extras]
        if len(set(map(id, actions))) == len(actions):
            return actions
        return list({id(a): a for a in actions}.values())

    def advance(self, state: CampaignTrailState, seat: str, action: Action) -> None:
        rules.advance(state, seat, action)  # no line worded or held, no post pictured
