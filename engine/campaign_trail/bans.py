"""The politicks a game never offers (Appendix A, Solo Play: Politick actions; Supplement: Advanced Solo Deck,
Politick actions).

One rule for every way a politick can be played — a card's politick action (menus.legal_actions) and a rival's
response window (responses.fitting) — so no path offers what another bans, and the refusals name the same rule.
It sits below solo, advanced_solo and responses (it imports none of them) so that each may ask it.
"""
from __future__ import annotations

from engine.campaign_trail import content as content_mod
from engine.campaign_trail.state import CampaignTrailState

# Basic Solo Play: the human's politicks that have no AI rival to work on, or no debate to work in
SOLO = ("sabotage", "travel_costs", "debate_prep", "unprepared", "local_funds_dry_up")
# the Advanced Solo Deck, in solo, co-op and multiplayer games alike (it has debates: Debate Prep stays)
ADVANCED = ("local_funds_dry_up", "sabotage", "travel_costs")


def ban(s: CampaignTrailState, politick: str) -> str | None:
    """The rule that keeps `politick` out of this game, as a sentence; None when the game offers it."""
    if s.solo is not None and politick in SOLO:
        return f"{content_mod.load().politicks[politick].name} is never played in Solo Play"
    if s.advanced is not None and politick in ADVANCED:
        return f"{content_mod.load().politicks[politick].name} is never played with the Advanced Solo Deck"
    return None
