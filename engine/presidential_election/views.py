"""What players see. Everything is public except the deck orders and each seat's Advantage draw
(the three offered while choosing, the two returned afterwards): those only in that seat's view."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.presidential_election.menus import owed_question
from engine.presidential_election.turn import election_over
from engine.presidential_election.words import prompt as say
from engine.presidential_election.words_tell import reason, roll_line
from engine.presidential_election.primitives import c, cap, state_codes
from engine.presidential_election.state import PEState
from engine.core.types import Strict


class CardView(Strict):
    id: str
    title: str
    text: str


class PlayerView(Strict):
    seat: str
    home: str | None
    money: int  # $1k
    ballots: int
    trail: int
    trail_label: str
    map_at: str | None
    advantage: CardView | None
    conventions: int
    turns: int
    finished: bool
    projected_ev: int  # electoral votes of the states the player leads alone now


class StateView(Strict):
    code: str
    name: str
    ev: int
    votes: dict[str, int]  # only seats on its ballot
    leader: str | None  # None when nobody or a tie leads
    carried_by: str | None = None  # at the end, after recounts


class SpaceView(Strict):
    index: int
    kind: str
    label: str
    tokens: list[str]


class PendingView(Strict):
    seat: str
    prompt: str


class PrivateView(Strict):
    seat: str
    offer: list[CardView] = Field(default_factory=list)
    returned: list[CardView] = Field(default_factory=list)


class PEView(Strict):
    ruleset: Literal["presidential_election"] = "presidential_election"
    phase: str
    era: int
    round: int
    order: list[str]
    current: str | None
    spent: int
    cap: int
    buying: str | None
    flown: bool
    players: dict[str, PlayerView]
    states: dict[str, StateView]
    track: list[SpaceView]
    pending: list[PendingView]
    last_dice: list[str]
    last_round: bool
    ended_by: str | None
    deck_size: int
    discard: list[str]
    winner: str | None
    scores: dict[str, int]
    reason: str
    # the map keys the last post changed (outlined): the table's, filled from its posting (engine/core/posting.py)
    changed: list[str] = Field(default_factory=list)
    me: PrivateView | None = None


def _card(card_id: str) -> dict[str, str]:
    a = c().advantages[card_id]
    return {"id": a.id, "title": a.title, "text": a.text}


_worth_of: list[Any] = [None, {}]  # [the content read, {era: every state's (code, name, EV)}]


def _names_and_worth(content: Any, era: int) -> tuple[tuple[str, str, int], ...]:
    """Every state's (code, name, electoral votes in `era`), alphabetically: read once per loaded content and era."""
    if _worth_of[0] is not content:
        _worth_of[:] = [content, {}]
    eras = _worth_of[1]
    found = eras.get(era)
    if found is None:
        found = eras[era] = tuple((code, content.states[code].name, content.ev(code, era)) for code in state_codes())
    return found


def view(state: PEState, seat: str | None) -> PEView:
    """Built as plain values and checked once as a whole (one validation, not one per state, space and seat)."""
    content, seats, era = c(), state.seats, state.options.era
    ballots = [(s, state.players[s].votes) for s in seats]
    states: dict[str, dict[str, Any]] = {}
    projected = dict.fromkeys(state.players, 0)
    carried = state.carried
    for code, name, worth in _names_and_worth(content, era):
        votes = {s: held[code] for s, held in ballots if code in held}
        leader = None
        if len(votes) == 1:
            leader = next(iter(votes))
        elif votes:
            best = max(votes.values())
            leaders = [s for s, n in votes.items() if n == best]
            leader = leaders[0] if len(leaders) == 1 else None
        if leader is not None:
            projected[leader] += worth
        states[code] = {"code": code, "name": name, "ev": worth, "votes": votes, "leader": leader,
                        "carried_by": carried.get(code)}
    track = content.track
    players = {s: {"seat": s, "home": p.home, "money": p.money, "ballots": len(p.votes), "trail": p.trail,
                   "trail_label": track[p.trail].label, "map_at": p.map_at,
                   "advantage": _card(p.advantage) if p.advantage else None, "conventions": p.conventions,
                   "turns": p.turns, "finished": p.finished, "projected_ev": projected[s]}
               for s, p in state.players.items()}
    pending = [{"seat": s, "prompt": prompt} for s in seats if (question := owed_question(state, s)) is not None
               for prompt in (say(question),)]
    me = None
    if seat in state.players:
        p = state.players[seat]
        me = {"seat": seat, "offer": [_card(x) for x in p.offer], "returned": [_card(x) for x in p.returned]}
    current = state.current
    decided = election_over(state)
    on_space: dict[int, list[str]] = {}
    for s in seats:
        on_space.setdefault(state.players[s].trail, []).append(s)
    return PEView.model_validate({
        "phase": state.phase, "era": era, "round": state.round, "order": list(state.order), "current": current,
        "spent": state.turn.spent, "cap": cap(state, current) if current else content.rules.spend_cap,
        "buying": state.turn.buying, "flown": state.turn.flown, "players": players, "states": states,
        "track": [{"index": sp.index, "kind": sp.kind, "label": sp.label, "tokens": on_space.get(sp.index, [])}
                  for sp in track],
        "pending": pending, "last_dice": [roll_line(x) for x in state.rolls], "last_round": state.last_round,
        "ended_by": state.ended_by, "deck_size": len(state.deck), "discard": list(state.discard),
        "winner": state.winner, "scores": dict(state.scores), "reason": reason(decided) if decided else "", "me": me})
