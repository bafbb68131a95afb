"""What a seat (or the public) sees of an Electioneer US game: the full state read into views.py's models.

A seat's view keeps everything it has legitimately seen for as long as it stays true: its hand and theatrics,
its sealed picks until the reveal, the face-down issues it peeked at until the state is revealed (then they are
public), and the policies it put under its own deck until it draws them again. Nothing else of a hidden card.
"""
from __future__ import annotations

from engine.core.windows import Simultaneous
from engine.electioneer import content as content_mod
from engine.electioneer.moves import owes, plays
from engine.electioneer.rules import MONTHS, SEATS, state_totals
from engine.electioneer.state import Board, ElectioneerState
from engine.electioneer.views import ElectioneerView, Marker, PolicyCard, StateCard, TheatricCard

PHASE_LABELS = {
    "discard": "Both players: put one policy on the bottom of your deck",
    "campaign": "Both players: choose a policy to campaign on",
    "swap": "The month's winner may swap one issue",
    "election": "Election day: play any last theatrics, then declare ready",
    "over": "The votes are counted",
}


def policy_card(pid: str) -> PolicyCard:
    p = content_mod.load().policies[pid]
    return PolicyCard(id=p.id, name=p.name, party=p.party, effects=dict(p.effects))


def theatric_card(tid: str) -> TheatricCard:
    t = content_mod.load().theatrics[tid]
    return TheatricCard(id=t.id, kind=t.kind, name=t.name, text=t.text)


def _state_card(state: ElectioneerState, b: Board, known: dict[str, list[str]]) -> StateCard:
    d = content_mod.load().states[b.code]
    public = b.revealed or state.phase == "over"
    peeked = not public and b.code in known
    shown: list[str | None] = list(b.issues) if public else list(known[b.code]) if peeked else [None, None]
    count_now: dict[str, int] = {}
    holder: str | None = None
    if b.carried_by:
        count_now, holder = dict(b.election_totals), b.carried_by
    elif all(shown):
        count_now = state_totals(state, b.code, shown)
        dem, rep = count_now["DEM"], count_now["REP"]
        holder = "DEM" if dem > rep else "REP" if rep > dem else d.colour
    return StateCard(
        code=b.code, name=d.name, electors=d.electors, colour=d.colour, revealed=b.revealed,
        issues=shown, peeked=peeked, markers=[Marker(seat=m.seat, delta=m.delta, source=m.source) for m in b.markers],
        month=b.month, winner=b.winner, played={x: policy_card(pid) for x, pid in b.played.items()},
        totals=dict(b.totals), election_totals=dict(b.election_totals), carried_by=b.carried_by,
        count_now=count_now, holder=holder,
    )


def _committed(state: ElectioneerState) -> dict[str, bool]:
    if state.phase == "discard":
        return state.discards.committed()
    if state.phase == "campaign":
        return state.campaigns.committed()
    if state.phase == "election":
        return {x: state.players[x].ready for x in SEATS}
    return {}


def _theatrics(state: ElectioneerState, seat: str) -> list[TheatricCard]:
    """The seat's theatrics, each marked playable when decisions() offers at least one play of it now."""
    playable = {a.args[0] for a in plays(state, seat)}
    return [theatric_card(t).model_copy(update={"playable": t in playable}) for t in state.players[seat].theatrics]


def view(state: ElectioneerState, seat: str | None) -> ElectioneerView:
    viewer = seat if seat in state.players else None
    me = state.players[viewer] if viewer else None
    known = me.known if me else {}
    cards = [_state_card(state, state.boards[code], known) for code in state.order]
    projection = {x: 0 for x in SEATS}
    for card in cards:
        if card.holder:
            projection[card.holder] += card.electors
    playing = state.phase not in ("election", "over")
    return ElectioneerView(
        viewer=viewer,
        month=state.month if playing else MONTHS + 1,
        phase=state.phase,
        phase_label=PHASE_LABELS[state.phase],
        current_state=state.current if playing else None,
        states=cards,
        platforms={x: [policy_card(pid) for pid in state.players[x].platform] for x in SEATS},
        committed=_committed(state),
        commitments=state.campaigns.digests(),
        waiting_on=[x for x in SEATS if owes(state, x)],
        month_bonus=dict(state.month_bonus),
        projection=projection,
        issue_deck_count=len(state.issue_deck),
        hand_counts={x: len(state.players[x].hand) for x in SEATS},
        theatric_counts={x: len(state.players[x].theatrics) for x in SEATS},
        deck_counts={x: len(state.players[x].deck) for x in SEATS},
        winner=state.winner,
        final_electors=dict(state.final),
        hand=[policy_card(pid) for pid in me.hand] if me else None,
        theatrics=_theatrics(state, viewer) if viewer else None,
        pending_discard=_sealed_choice(state.discards, viewer),
        pending_campaign=_sealed_choice(state.campaigns, viewer),
        known_issues=dict(known),
        deck_bottom=[policy_card(pid) for pid in me.deck if pid in me.buried] if me else None,
    )


def _sealed_choice(sim: Simultaneous, viewer: str | None) -> str | None:
    sealed = sim.sealed.get(viewer) if viewer else None
    return sealed.choice if sealed else None
