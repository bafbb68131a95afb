"""Hidden information of Presidential Election stays hidden: the Campaign and Advantage deck orders appear
in no view, and the Advantage cards a player returned appear only in that player's own view (until someone
else draws or keeps one of them)."""
from __future__ import annotations


import pytest

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.presidential_election.ruleset import RULESET as R
from engine.presidential_election.state import PEState
from tests.wordscan import whole_words

IDS = whole_words(r"[AC][0-9]{2}")


def _check(state: PEState) -> list[str]:
    problems = []
    kept = {p.advantage for p in state.players.values() if p.advantage}
    for seat in [None, *state.seats]:
        text = R.view(state, seat).model_dump_json()  # once per seat and step: the test's whole cost
        seen = set(IDS.findall(text))
        own = state.players[seat] if seat else None
        allowed = kept | set(state.discard) | (set(own.offer) | set(own.returned) if own else set())
        leaked = (set(state.deck) | set(state.adv_deck)
                  | {x for s, p in state.players.items() if s != seat for x in p.returned + p.offer}) & seen - allowed
        if leaked:
            problems.append(f"{seat or 'public'} sees {sorted(leaked)} in phase {state.phase}")
        if "forced" in text or "prng" in text:
            problems.append(f"{seat or 'public'} view shows the randomness")
    return problems


@pytest.mark.parametrize(("count", "seed"), [(2, 11), (4, 12), (6, 13)])
def test_no_hidden_card_in_any_view(count: int, seed: int) -> None:
    state = R.setup({}, R.seat_names(count), seed)
    rng = Rng(seed)
    problems: list[str] = []
    while R.outcome(state) is None and not problems:
        seat = owing_seats(R, state)[0]
        state = play(R, state, seat, [R.bot_action(state, seat, rng)]).state
        problems = _check(state)
    assert not problems, problems
