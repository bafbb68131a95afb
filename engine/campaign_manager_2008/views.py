"""What players see: everything on the table, the counts of hidden piles, and — for a side's own view
only — its hand, deck size, draft offer and picks. Draft keeps and removals, hands, deck orders, the news
order and a sealed starting pick are never in another side's or the public view."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import Field

from engine.campaign_manager_2008.cardtext import NEWS_KIND, card, resolving
from engine.campaign_manager_2008.primitives import NAMES, c, major
from engine.campaign_manager_2008.rules import choices, decided
from engine.campaign_manager_2008.state import SEATS, CMState, Row
from engine.campaign_manager_2008.words import reason, roll_line
from engine.core.types import Strict


class CardView(Strict):
    id: str
    side: str
    title: str
    text: str
    media: bool
    going_negative: bool
    cost: str  # "", "discard 1", "discard any"


class RowView(Strict):
    obama: int
    mccain: int
    undecided: int


class TileView(Strict):
    code: str
    name: str
    ev: int
    back: str
    defense: RowView
    economy: RowView
    issue: int  # 0–1 point to Defense, 2–3 to Economy
    major: str
    key: str  # group name
    other_group: str


class PoolView(Strict):
    code: str
    name: str
    ev: int
    back: str


class SideView(Strict):
    seat: str
    name: str
    score: int
    won: list[str]
    hand_size: int
    deck_size: int
    discard: list[CardView]
    drafted: int  # cards kept in the draft so far
    sealed: bool  # starting states picked and sealed


class PendingView(Strict):
    seat: str
    kind: str


class PrivateView(Strict):
    seat: str
    hand: list[CardView]
    offer: list[CardView] = Field(default_factory=list)
    kept: list[CardView] = Field(default_factory=list)
    picks: list[str] = Field(default_factory=list)


class CMView(Strict):
    ruleset: Literal["campaign_manager_2008"] = "campaign_manager_2008"
    phase: str
    deck_option: str
    active: str | None
    target: int
    sides: dict[str, SideView]
    in_play: list[TileView]
    pool: list[PoolView]
    media: CardView | None
    media_owner: str | None
    news_left: int
    last_news: CardView | None
    last_negative: str | None
    last_dice: list[str]
    played: CardView | None  # the card being played now
    # what is resolving now when it is not the played card: a Breaking News card (drawn as a won state was
    # replaced, in the middle of the turn's card) or a Going Negative result
    resolving: CardView | None = None
    pending: list[PendingView]
    commitments: dict[str, str]
    # the map keys the last post changed (outlined): the table's, filled from its posting (engine/core/posting.py)
    changed: list[str] = Field(default_factory=list)
    winner: str | None
    draw: bool
    reason: str
    me: PrivateView | None = None


def card_view(card_id: str) -> CardView:
    return CardView(**_card_fields(card_id))


@lru_cache(maxsize=None)
def _card_fields(card_id: str) -> dict[str, Any]:
    """A campaign card's view as plain values (the content never changes): a hand, an offer or a pile of them is
    checked with the whole view rather than a model built per card. Never changed by its readers."""
    card = c().cards[card_id]
    cost = card.discard_cost
    return {"id": card.id, "side": card.side, "title": card.title, "text": card.text, "media": card.kind == "media",
            "going_negative": card.going_negative,
            "cost": "" if cost is None else "discard any" if cost.any else f"discard {cost.n}"}


def other_view(ref: str) -> CardView:
    """A Breaking News card (`side` "news") or a Going Negative result (`side` "negative") as a card."""
    found = card(ref)
    assert found is not None, ref
    side = "news" if found.kind == NEWS_KIND else "negative"
    return CardView(id=found.id, side=side, title=found.name, text=found.text, media=False, going_negative=False,
                    cost="")


def _resolving(state: CMState) -> CardView | None:
    ref = resolving(state)
    if ref is None or ref in c().cards:
        return None
    return other_view(ref)


def _row(row: Row) -> RowView:
    return RowView(obama=row.B, mccain=row.R, undecided=row.W)


def _reason(state: CMState) -> str:
    decided_by = decided(state)
    return reason(decided_by) if decided_by is not None else ""


def view(state: CMState, seat: str | None) -> CMView:
    content = c()
    tiles = []
    for t in state.in_play:
        info = content.states[t.code]
        tiles.append(TileView(code=t.code, name=info.name, ev=info.ev, back=info.back, defense=_row(t.defense),
                              economy=_row(t.economy), issue=t.issue, major=major(t), key=content.groups[t.key].name,
                              other_group=content.groups[next(g for g in info.demographics if g != t.key)].name))
    sides = {s: SideView(seat=s, name=NAMES[s], score=p.score, won=list(p.won), hand_size=len(p.hand),
                         deck_size=len(p.deck), discard=[_card_fields(x) for x in p.discard], drafted=len(p.kept),
                         sealed=s in state.sealed.sealed)
             for s, p in state.sides.items()}
    neg = content.negative[state.last_negative] if state.last_negative else None
    me = None
    if seat in SEATS:
        p = state.sides[seat]
        me = PrivateView(seat=seat, hand=[_card_fields(x) for x in p.hand], offer=[_card_fields(x) for x in p.offer],
                         kept=[_card_fields(x) for x in p.kept], picks=list(p.picks))
    return CMView(
        phase=state.phase, deck_option=state.options.deck, active=state.turn.seat if state.turn else None,
        target=content.rules.target, sides=sides, in_play=tiles,
        pool=[PoolView(code=x, name=content.states[x].name, ev=content.states[x].ev, back=content.states[x].back)
              for x in state.pool],
        media=card_view(state.media["card"]) if state.media else None,
        media_owner=state.media["owner"] if state.media else None, news_left=len(state.news),
        last_news=other_view(state.last_news) if state.last_news else None,
        last_negative=f"{state.last_negative}: {neg.title} — {neg.text}" if neg else None,
        last_dice=[roll_line(state.last_roll)] if state.last_roll else [],
        played=card_view(state.turn.card) if state.turn and state.turn.card else None, resolving=_resolving(state),
        pending=[PendingView(seat=s, kind=state.wait["kind"] if state.wait and state.wait["seat"] == s else state.phase)
                 for s in SEATS if choices(state, s)[1]],  # the seats with a menu: its choices, unworded
        commitments=state.sealed.digests(), winner=state.winner, draw=state.draw,
        reason=_reason(state), me=me)
