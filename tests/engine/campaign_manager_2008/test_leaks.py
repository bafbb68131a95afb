"""Hidden information of Campaign Manager 2008 stays hidden, in every view and every event, at every step of
whole games (drafted and starter decks, the built-in bot playing both sides):

- the draft: a side's offer, kept and removed cards are in no public view and not in the other side's view
  (the removed cards are never shown, not even to their owner);
- hands and deck orders: a hand is only in its owner's view; no view holds a deck as a list;
- the Breaking News order: no news still in the deck is in any view or public event;
- the sealed starting picks: until both are revealed, a side's picks are only in its own view;
- events: a public line names only cards that are face up (a discard, the Media slot, the card being played
  and its paid cost); a private line goes to its own side and names none of the other side's cards.
"""
from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine.campaign_manager_2008.ruleset import RULESET as R
from engine.campaign_manager_2008.state import SEATS, CMState
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from tests.wordscan import whole_words

CARD = whole_words(r"[OM][0-9]{2}")
NEWS = whole_words(r"N[0-9]{2}")


def _face_up(state: CMState) -> set[str]:
    up = {x for s in SEATS for x in state.sides[s].discard}
    if state.media:
        up.add(state.media["card"])
    if state.turn:
        up |= {x for x in [state.turn.card, *state.turn.discarded] if x}
    return up


def _lists(node: Any) -> list[list[Any]]:
    if isinstance(node, dict):
        return [x for v in node.values() for x in _lists(v)]
    if isinstance(node, list):
        return [node] + [x for v in node for x in _lists(v)]
    return []


def _check_views(state: CMState) -> list[str]:
    problems = []
    up = _face_up(state)
    for seat in (None, *SEATS):
        who = seat or "public"
        text = R.view(state, seat).model_dump_json()
        seen = set(CARD.findall(text))
        allowed = set(up)
        if seat:
            own = state.sides[seat]
            allowed |= set(own.hand) | set(own.offer) | set(own.kept)
        for s in SEATS:
            side = state.sides[s]
            hidden = set(side.removed) | ((set(side.hand) | set(side.deck) | set(side.offer) | set(side.kept)
                                           | set(side.pool)) - up)
            leaked = (hidden & seen) - allowed
            if leaked:
                problems.append(f"{who} sees {s}'s hidden cards {sorted(leaked)} in phase {state.phase}")
            removed_seen = set(side.removed) & seen
            if removed_seen:
                problems.append(f"{who} sees {s}'s removed draft cards {sorted(removed_seen)}")
        news_seen = set(NEWS.findall(text)) & set(state.news)
        if news_seen:
            problems.append(f"{who} sees news still in the deck: {sorted(news_seen)}")
        dumped = json.loads(text)
        for s in SEATS:
            deck = state.sides[s].deck
            if len(deck) > 1 and any(lst == deck for lst in _lists(dumped)):
                problems.append(f"{who} sees {s}'s deck order")
        if "prng" in text or "forced" in text or "salt" in text:
            problems.append(f"{who} view shows the randomness or a salt")
        if state.phase == "states":
            for s in SEATS:
                if s == seat:
                    continue
                shown = [code for code in state.sides[s].picks if f'"{code}"' in text]
                if shown:
                    problems.append(f"{who} sees {s}'s sealed pick(s) {shown}")
    return problems


def _check_events(before: CMState, after: CMState, events: list[Any]) -> list[str]:
    problems = []
    up = _face_up(after) | _face_up(before)
    for e in events:
        if e.public:
            hidden = set(CARD.findall(e.public)) - up
            if hidden:
                problems.append(f"public event names hidden cards {sorted(hidden)}: {e.public[:120]}")
            news = set(NEWS.findall(e.public)) & set(after.news)
            if news:
                problems.append(f"public event names news still in the deck {sorted(news)}")
            for s in SEATS:
                if after.phase != "states":
                    continue
                named = [code for code in after.sides[s].picks if re.search(rf"\b{code}\b", e.public)]
                if named:
                    problems.append(f"public event names {s}'s sealed picks {named}")
        for seat, text in e.private.items():
            rival = "M" if seat == "OBA" else "O"
            theirs = {x for x in CARD.findall(text) if x.startswith(rival)}
            if theirs:
                problems.append(f"{seat}'s private event names the rival's cards {sorted(theirs)}")
    return problems


@pytest.mark.parametrize("deck,seed", [("draft", 21), ("draft", 22), ("starter", 23), ("starter", 24)])
def test_no_hidden_information_in_any_view_or_event(deck: str, seed: int) -> None:
    state = R.setup({"deck": deck}, list(SEATS), seed)
    rng = Rng(seed)
    problems = _check_views(state)
    steps = 0
    while R.outcome(state) is None and not problems:
        owing = owing_seats(R, state)
        seat = owing[rng.below(len(owing))]
        result = play(R, state, seat, [R.bot_action(state, seat, rng)])
        problems = _check_events(state, result.state, result.events) + _check_views(result.state)
        state = result.state
        steps += 1
        assert steps < 3000, "runaway game"
    assert not problems, f"step {steps}: {problems}"


def test_the_check_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker itself: a view or an event that named the rival's hand would be caught."""
    state = R.setup({"deck": "starter"}, list(SEATS), 5)
    assert not _check_views(state)
    secret = state.sides["MCC"].hand[0]
    events = [type("E", (), {"public": f"McCain holds {secret}", "private": {}})()]
    assert _check_events(state, state, events)
    real = R.view

    def leaky(st: CMState, seat: str | None):  # noqa: ANN202
        v = real(st, seat)
        return v.model_copy(update={"reason": f"psst {secret}"})
    monkeypatch.setattr(type(R), "view", lambda self, st, seat: leaky(st, seat))
    assert any("MCC's hidden cards" in p for p in _check_views(state))
