"""Before the first turn: the draft (each side keeps a card from its offer until its deck is drafted), the decks
dealt, and the sealed picks of the starting states, revealed together when both sides have sealed theirs."""
from __future__ import annotations

import hashlib

from engine.campaign_manager_2008 import facts as f
from engine.campaign_manager_2008.primitives import Line, c, new_tile, said, tile_rows
from engine.campaign_manager_2008.state import SEATS, CMState, Turn


def deal(state: CMState, events: list[Line] | None) -> None:
    """The drafted (or starter) decks shuffled, the opening hands drawn (`events` None: no line stated)."""
    for seat in SEATS:
        side = state.sides[seat]
        side.deck = state.randomness.shuffle(side.kept)
        side.hand, side.deck = side.deck[:c().rules.opening_hand], side.deck[c().rules.opening_hand:]
        if events is not None:
            events.append(Line(facts=f.HandDealt(seat=seat, cards=tuple(side.hand))))
    state.phase = "states"


def start_states(state: CMState, codes: list[str], events: list[Line] | None) -> None:
    """The starting states put in play (the rest go to the pool) and the first turn begun."""
    state.in_play = [new_tile(code) for code in codes]
    state.pool = sorted(code for code in c().states if code not in codes)
    state.phase = "play"
    state.turn = Turn(seat=state.first or SEATS[0])
    if events is not None:
        events.append(Line(facts=f.CampaignOpened(tiles=tuple(tile_rows(t) for t in state.in_play),
                                                  first=state.turn.seat), seat=None))


def _salt(state: CMState, seat: str) -> str:
    """A salt no player can predict (it derives from the hidden PRNG state) yet replays exactly."""
    return hashlib.sha256(f"{state.randomness.prng}|{seat}|start".encode()).hexdigest()[:32]


def draft_pick(state: CMState, seat: str, card: str, events: list[Line] | None) -> bool:
    """`seat` keeps `card` from its offer and sees the next cards of its pool; the first side done drafting takes
    the first turn, and the decks are dealt once both are. Never undone: the pick shows new cards."""
    side = state.sides[seat]
    side.kept.append(card)
    side.removed += [x for x in side.offer if x != card]
    look = c().rules.draft_look
    side.offer, side.pool = side.pool[:look], side.pool[look:]
    if events is not None:
        events += [Line(facts=f.CardDrafted(kept=len(side.kept), deck=c().rules.deck_size)),
                   Line(facts=f.DraftKept(seat=seat, card=card))]
    if not side.offer and state.first is None:
        state.first = seat
        if events is not None:
            events.append(said(f.DraftedFirst, by=None, seat=seat))
    if all(not state.sides[s].offer for s in SEATS):
        deal(state, events)
        if events is not None:
            events.append(said(f.DecksDrafted, by=None))
    return False


def start_pick(state: CMState, seat: str, pick: str, events: list[Line] | None, changed: list[str] | None) -> bool:
    """`seat` picks a starting state; with its last pick its choice is sealed, and once both sides have sealed,
    both are revealed at once and the campaign opens. Only a pick short of the last may be undone."""
    side = state.sides[seat]
    side.picks.append(pick)
    if len(side.picks) < c().rules.start_picks:
        return True
    digest = state.sealed.commit(seat, ",".join(side.picks), _salt(state, seat))
    if events is not None:
        events.append(Line(facts=f.StartSealed(digest=digest)))
    if state.sealed.complete:
        revealed = state.sealed.reveal()
        codes = [code for s in SEATS for code in revealed[s].choice.split(",")]
        if events is not None and changed is not None:
            picks = {s: f.SealedPick(states=tuple(revealed[s].choice.split(",")), digest=revealed[s].digest,
                                     salt=revealed[s].salt) for s in SEATS}
            events.append(Line(facts=f.StartRevealed(picks=picks), seat=None))  # both at once: the game's step
            changed.extend(codes)
        start_states(state, codes, events)
    return False
