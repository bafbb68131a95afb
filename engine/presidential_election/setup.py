"""Before the first turn: the opening roll for the order, the first player's choice to go last, home
states and the Advantage draw."""
from __future__ import annotations

from typing import Any

from engine.core.rng import Randomness
from engine.core.types import Event
from engine.presidential_election import facts_tell as f
from engine.presidential_election.primitives import c, gain, roll
from engine.presidential_election.state import Options, PEState, Player
from engine.presidential_election.turn import begin_turn


def setup(options: dict[str, Any], seats: list[str], seed: int) -> PEState:
    randomness = Randomness.seeded(seed)
    content = c()
    state = PEState(seats=list(seats), options=Options.model_validate(options or {}), randomness=randomness,
                    players={s: Player(money=content.rules.start_money) for s in seats}, rolloff=list(seats))
    state.deck = state.randomness.shuffle(sorted(content.cards))
    state.adv_deck = state.randomness.shuffle(sorted(content.advantages))
    return state


def opening_roll(state: PEState, seat: str, events: list[Event]) -> None:
    """Everyone in the roll-off rolls a d6; the tied highest roll again; the highest goes first and
    play goes clockwise (seat order) from there."""
    state.opening[seat] = roll(state, 1, 6, seat, "opening_roll", events)
    if len(state.opening) < len(state.rolloff):
        return
    best = max(state.opening.values())
    top = [s for s in state.rolloff if state.opening[s] == best]
    state.opening = {}
    if len(top) > 1:
        state.rolloff = top
        events.append(Event(facts=f.RolledAgain(best=best, seats=tuple(top)), seat=None))
        return
    first = state.seats.index(top[0])
    state.order = state.seats[first:] + state.seats[:first]
    state.rolloff = []
    state.phase = "first_choice"
    events.append(Event(facts=f.OrderSet(first=top[0], order=tuple(state.order)), seat=None))


def choose_position(state: PEState, seat: str, last: bool, events: list[Event]) -> None:
    if last:
        state.order = state.order[1:] + state.order[:1]
    events.append(Event(facts=f.PositionChosen(last=last, order=tuple(state.order))))
    state.phase = "home"


def home_chooser(state: PEState) -> str | None:
    chosen = [s for s in state.order if state.players[s].home]
    return state.order[len(chosen)] if len(chosen) < len(state.order) else None


def choose_home(state: PEState, seat: str, code: str, events: list[Event]) -> None:
    player = state.players[seat]
    player.home = player.map_at = code
    player.votes = {code: c().rules.home_votes}
    events.append(Event(facts=f.HomePicked(code=code)))
    if home_chooser(state) is None:
        state.phase = "advantage"
        _offer(state, state.order[0])


def advantage_chooser(state: PEState) -> str | None:
    for seat in state.order:
        if state.players[seat].advantage is None:
            return seat
    return None


def _offer(state: PEState, seat: str) -> None:
    n = c().rules.advantage_offer
    state.players[seat].offer, state.adv_deck = state.adv_deck[:n], state.adv_deck[n:]


def choose_advantage(state: PEState, seat: str, card_id: str, events: list[Event]) -> None:
    """Keep one; the other two go back and the deck is shuffled (only the drawer knows them)."""
    player = state.players[seat]
    player.advantage = card_id
    player.returned = [x for x in player.offer if x != card_id]
    player.offer = []
    state.adv_deck = state.randomness.shuffle(state.adv_deck + player.returned)
    card = c().advantages[card_id]
    events.append(Event(facts=f.AdvantageKept(card=card_id)))
    events.append(Event(facts=f.AdvantagesReturned(cards=tuple(player.returned))))  # the drawer's alone
    if card.hook == "start_money":
        gain(state, seat, card.value, events, "advantage")
    nxt = advantage_chooser(state)
    if nxt is not None:
        _offer(state, nxt)
        return
    state.phase = "play"
    begin_turn(state)
    events.append(Event(facts=f.FirstRound(first=state.order[0]), seat=None))
