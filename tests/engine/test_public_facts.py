"""A public event's facts hold only what all may know. Along seeded random games of every title whose rules state
facts, each id the public part of an event carries (a card, policy, issue or state id, a seal...) is known from the
public view as the step leaves it, or named in the step's public lines (or its proofs, public too): a presenter that
reads the facts of a public line shows no hidden card. A seat's private event (no public line, no proof) may
carry that seat's secrets."""
from __future__ import annotations

import re
from typing import Any, Iterator

import pytest
from pydantic import BaseModel

from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, seats_for
from engine.core.types import Event, Facts

# (title, players, options, seeds): both Campaign Manager 2008 decks, 1960 with its optional rules
GAMES: list[tuple[str, int, dict[str, Any], tuple[int, ...]]] = [
    ("electioneer", 2, {}, (1, 2)),
    ("campaign_manager_2008", 2, {"deck": "draft"}, (3,)),
    ("campaign_manager_2008", 2, {"deck": "starter"}, (4,)),
    ("nineteen_sixty", 2, {"vp": True, "restricted": True}, (5,)),
    ("presidential_election", 3, {}, (6,)),
]
STEPS = 400  # a random game that runs longer is cut: its first steps already cover the openings and a turn's draws


def _strings(value: Any) -> Iterator[str]:
    """Every string a value holds: a model's fields, a dict's keys and values, a sequence's items, recursively."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _strings(getattr(value, name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _strings(item)


def _named(text: str, id_: str) -> bool:
    """Whether `text` names `id_` as words of their own, in any case: "defense" is said "Defense", and an id spelled
    in words ("union_households") is said by its name ("Union Households")."""
    return any(re.search(rf"(?<!\w){re.escape(said)}(?!\w)", text, re.IGNORECASE) is not None
               for said in {id_, id_.replace("_", " ")})


def _unknown(event: Event, public_view: set[str], said: str) -> list[str]:
    """The ids the event's facts carry that neither the public view nor the step's public words (`said`) name."""
    return [s for s in dict.fromkeys(_strings(event.facts)) if s and s not in public_view and not _named(said, s)]


def _public(event: Event) -> bool:
    return bool(event.public or event.proof)


def _play(name: str, players: int, options: dict[str, Any], seed: int) -> tuple[int, list[str]]:
    """A seeded game of random legal moves: how many public events with facts it checked, and its leaks."""
    ruleset = registry.get(name)
    state = ruleset.setup(options, seats_for(ruleset, players, options), seed)
    rng, checked, leaks = Rng(seed), 0, []
    for step in range(STEPS):
        owing = owing_seats(ruleset, state)
        if ruleset.outcome(state) is not None or not owing:
            break
        seat = owing[rng.below(len(owing))]
        choices = ruleset.decisions(state, seat).options
        action = choices[rng.below(len(choices))].action
        result = ruleset.apply(state, seat, action)
        state = result.state
        stated = [e for e in result.events if e.facts is not None and _public(e)]
        if stated:
            public_view = set(_strings(ruleset.view(state, None).model_dump()))
            said = "\n".join(text for e in result.events for text in (e.public, e.proof) if text)
            for event in stated:
                checked += 1
                leaks += [f"step {step} ({seat} {action}): {event.kind} carries {unknown!r} — "
                          f"{event.public or event.proof!r}" for unknown in _unknown(event, public_view, said)]
    return checked, leaks


def test_the_checker_sees_a_hidden_card_in_public_facts() -> None:
    """Not vacuous: a public line whose facts name a card the view does not show is caught; its own words, and a
    private line's facts, are not."""
    class Drew(Facts):
        kind = "drew"
        seat: str
        card: str

    view = {"DEM", "REP"}
    assert _unknown(Event(public="DEM draws a card.", facts=Drew(seat="DEM", card="C26")), view,
                    "DEM draws a card.") == ["C26"]
    assert _unknown(Event(public="DEM draws C26 “Whistle Stop”.", facts=Drew(seat="DEM", card="C26")), view,
                    "DEM draws C26 “Whistle Stop”.") == []
    assert not _public(Event(private={"DEM": "You draw C26."}, facts=Drew(seat="DEM", card="C26")))


@pytest.mark.parametrize("name,players,options,seeds", GAMES,
                         ids=[" ".join((g[0], g[2].get("deck", ""))).strip() for g in GAMES])
def test_public_facts_carry_no_hidden_id(name: str, players: int, options: dict[str, Any],
                                         seeds: tuple[int, ...]) -> None:
    checked, leaks = 0, []
    for seed in seeds:
        n, found = _play(name, players, options, seed)
        checked, leaks = checked + n, leaks + [f"seed {seed} {line}" for line in found]
    assert checked > 0
    assert not leaks, f"{len(leaks)} hidden ids in public facts:\n" + "\n".join(leaks[:12])


def test_a_peek_at_face_down_issues_is_the_peekers_facts_alone() -> None:
    """Electioneer's Internal Polling (seldom drawn in a random game): the public line of the play names the state
    looked at, never its face-down issues; those are the facts of a line told to the player alone."""
    ruleset = registry.get("electioneer")
    state = ruleset.setup({}, ["DEM", "REP"], 4)
    state.players["REP"].theatrics = ["T09"]
    code = state.order[2]  # face down until month 3
    seen = set(state.boards[code].issues)
    events = ruleset.apply(state, "REP", ruleset.parse(f"play T09 {code}")[0]).events
    assert [e.kind for e in events if e.public] == ["state_researched"]
    assert not seen & set(_strings([e.facts for e in events if _public(e)]))
    [told] = [e for e in events if seen <= set(_strings(e.facts))]
    assert not _public(told) and set(told.private) == {"REP"}
