"""Campaign Trail's public map as a tally: committed voters per party in each state.

The margin is the leading party's committed voters over the next party's. Safe: 3 or more — a turn's
campaigning commits a couple of voters to a state, so a safe lead outlasts a turn; lean: 1–2. An even state
counts for its tie-break holder, as the map counts it for them until someone pulls ahead. On
Election Day every state is won for good. The most electoral votes win; the winning number shown is a
majority of all, which is sure to be the most.
"""
from __future__ import annotations

from bot.present.tally import ElectoralTally, StateTally
from engine.campaign_trail.views import CampaignTrailView, StateView

SAFE_VOTERS = 3


def state_tally(view: CampaignTrailView, st: StateView, over: bool) -> StateTally:
    ranked = sorted(st.voters.values(), reverse=True) + [0, 0]
    margin = ranked[0] - ranked[1]
    if over:
        return StateTally(st.code, st.ev, st.majority, margin, decided=True)
    if margin == 0:  # the tie-break holder keeps it, as the map and the projected EV count it
        return StateTally(st.code, st.ev, st.majority, 0, note=f"{st.majority} on a tie", by_tie=True)
    return StateTally(st.code, st.ev, st.majority, margin, safe=margin >= SAFE_VOTERS)


def tally(view: CampaignTrailView) -> ElectoralTally:
    over = view.phase == "over"
    states = tuple(state_tally(view, st, over) for st in view.states)
    total = sum(s.ev for s in states)
    sides = tuple(view.parties)
    return ElectoralTally(
        sides=sides, names={p: p for p in sides}, states=states, to_win=total // 2 + 1, unit="voters",
        rule=f"Safe: ahead by {SAFE_VOTERS}+ committed voters; lean: 1–{SAFE_VOTERS - 1}; an even state counts "
             f"for its tie-break holder.",
        stage="Election Day" if over else f"{view.month}, round {view.round}",
        final=dict(view.final_ev) if over and view.final_ev else None,
        winner=" and ".join(view.winners) if over and view.winners else None)
