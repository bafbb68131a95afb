"""Electioneer's public map as a tally: each state's election-day count from what is face up.

A face-up state's count is what election day would count now: each side's whole public platform scored on the
state's two issues, plus the markers there (the view's `count_now`; the engine counts it, so the dashboard,
the picture's projection and the captions agree). The margin is in points. Safe: a lead of 4 points or more — one
month's policy adds at most 3 points to a side in a state (its best two issues), so a safe lead takes more
than one month to overturn; lean: 1–3 points. An even state counts for its colour, which takes a tie (as the
view's projection counts it); tied: still face down, which nobody can count. On election day the counted states are won for good.
"""
from __future__ import annotations

from bot.present.tally import ElectoralTally, StateTally
from engine.electioneer.views import SEATS, ElectioneerView, StateCard

SAFE_POINTS = 4
MONTHS = 7


def state_tally(card: StateCard) -> StateTally:
    """The view's own count of the state (`count_now`, `holder`: the rule the projection adds up); a tie is
    shown as tied, with the colour that would take it named."""
    if card.carried_by:
        totals = card.election_totals
        margin = abs(totals.get("DEM", 0) - totals.get("REP", 0))
        return StateTally(card.code, card.electors, card.carried_by, margin, decided=True)
    if card.peeked or not card.count_now:  # a seat's peek is its own: the tally is the public's from any view
        return StateTally(card.code, card.electors, None, note="face down")
    dem, rep = card.count_now["DEM"], card.count_now["REP"]
    if dem == rep:  # the tie rule already decides it: counted for the state's colour, as the projection does
        return StateTally(card.code, card.electors, card.holder, 0, note=f"{card.holder} on a tie", by_tie=True)
    margin = abs(dem - rep)
    return StateTally(card.code, card.electors, card.holder, margin, safe=margin >= SAFE_POINTS)


def tally(view: ElectioneerView) -> ElectoralTally:
    states = tuple(state_tally(card) for card in view.states)
    total = sum(s.ev for s in states)
    over = view.phase == "over" and view.winner is not None
    stage = "Election day" if view.month > MONTHS else f"Month {view.month} of {MONTHS}"
    return ElectoralTally(
        sides=SEATS, names={x: x for x in SEATS}, states=states, to_win=total // 2 + 1, unit="points",
        rule=f"Safe: ahead by {SAFE_POINTS}+ points on the face-up issues (more than one month's policy can move); "
             f"lean: 1–{SAFE_POINTS - 1}; an even state counts for its colour; tied: face down.",
        stage="Votes counted" if over else stage,
        final=dict(view.final_electors) if over else None, winner=view.winner if over else None)
