"""The built-in bot: a random legal move with mild preferences. It only ever picks from
rules.choices(), the actions decisions() words, so it can never make an illegal move."""
from __future__ import annotations

from engine.campaign_trail import rules
from engine.campaign_trail.state import CampaignTrailState
from engine.core.rng import Rng
from engine.core.types import Action

# How much the bot likes each kind of step (random choice weighted by these).
WEIGHTS = {
    "campaign": 6, "advertise": 4, "politick": 3, "fundraise": 2, "register": 2, "travel": 1,
    "vote": 5, "issue": 4, "pick": 1, "debate": 4, "pass": 1, "to": 2, "fly": 1, "done": 1, "give": 1, "take": 1, "card": 1, "region": 1,
    # Dirty Politics
    "smear_campaign": 5, "mudslinging": 3, "voter_suppression": 2, "flip_contributors": 2, "sway_minds": 2, "dirty_tricks": 3,
    "remove": 5, "pay": 1, "target": 1,
}


def bot_action(state: CampaignTrailState, seat: str, rng: Rng) -> Action:
    actions = rules.choices(state, seat)[0]  # decisions()'s options, unworded: the bot reads only their verbs
    if not actions:
        raise ValueError(f"{seat} has nothing to do")
    if state.phase == "home":
        return rules.deadline_action(state, seat)
    weights = [WEIGHTS.get(a.verb, 1) for a in actions]
    if state.window is not None:  # mostly pass, respond when it can, rarely stop being asked
        weights = [{"respond": 8, "pass": 6, "autopass": 1}.get(a.verb, 1) for a in actions]
    if state.exchange is not None:  # exchanging is rarely worth it for a bot without a plan
        weights = [20 if a.verb == "done" else 1 for a in actions]
    # a travel that has moved a little should stop rather than wander
    if state.turn is not None and state.turn.action == "travel" and state.turn.steps + state.turn.flown >= 2:
        weights = [10 if a.verb == "done" else w for a, w in zip(actions, weights)]
    pick = rng.below(sum(weights))
    for a, w in zip(actions, weights):
        if pick < w:
            return a
        pick -= w
    return actions[-1]
