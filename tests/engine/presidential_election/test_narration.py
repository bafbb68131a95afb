"""A Presidential Election turn says each purchase in one line and a run of like purchases in one counted line,
without losing a state, a roll or a running total (engine/presidential_election/narration.py)."""
from __future__ import annotations

import re

from engine.core.rng import Rng
from engine.core.ruleset import owing_seats, play
from engine.core.types import Event
from engine.presidential_election import narration
from engine.presidential_election.primitives import off_ballot
from engine.presidential_election.ruleset import RULESET as R
from engine.presidential_election.state import PEState


def _to_campaigning(seed: int) -> tuple[PEState, str]:
    """Bot moves until a seat may campaign freely (no card, debate or convention pending) with $60k to spend."""
    state, rng = R.setup({}, R.seat_names(3), seed), Rng(seed)
    for _ in range(2000):
        seat = state.current
        if seat and state.turn.stage == "campaign" and not state.tasks and not state.effect.waiting \
                and state.turn.buying is None and state.players[seat].money >= 60 and state.turn.spent == 0:
            return state, seat
        owing = owing_seats(R, state)[0]
        state = play(R, state, owing, [R.bot_action(state, owing, rng)]).state
    raise AssertionError("no seat came to campaign")


def _public(result_events: list[Event]) -> list[str]:
    return [e.public for e in result_events if e.public]


def test_a_turn_of_ballot_purchases_is_one_counted_line() -> None:
    state, seat = _to_campaigning(7)
    codes = off_ballot(state.players[seat])[:3]
    for code in codes:
        state = play(R, state, seat, R.parse(f"buy ballot {code}")).state
    lines = _public(play(R, state, seat, R.parse("done")).events)
    bought = [line for line in lines if " buys " in line]
    a, b, c = codes
    assert bought == [f"{seat} buys 3 ballot places in {a}, {b} and {c} ($20k each; $60k spent this turn)."], lines
    assert not any(re.search(r"is on the [A-Z]{2} ballot \(bought\)", line) for line in lines), lines


def test_one_purchase_is_one_line_with_what_it_rolled() -> None:
    state, seat = _to_campaigning(7)
    home = state.players[seat].home
    before = state.players[seat].votes[home]
    result = play(R, state, seat, R.parse(f"buy sign {home}"))
    votes = result.state.players[seat].votes[home]
    lines = [line for line in _public(result.events) + [h.text for h in result.state.unposted] if "Sign" in line]
    assert lines == [f"{seat} buys a Sign Campaign in {home} ($100k; $100k spent this turn): rolled {votes - before}, "
                     f"+{votes - before} → {votes}."]


def _lines(*texts: str, seat: str = "P3") -> list[Event]:
    return [Event(public=t, seat=seat) for t in texts]


def test_runs_merge_and_read_back_whole() -> None:
    signs = narration.merge(_lines(narration.bought_line("P3", "sign", "OH", 100, 200, "rolled 2, +2 → 5"),
                                   narration.bought_line("P3", "sign", "IN", 100, 300, "rolled 1 +1, +2 → 7"),
                                   narration.bought_line("P3", "sign", "OH", 100, 400, "rolled 3, +3 → 8")))
    assert [e.public for e in signs] == ["P3 buys 3 Sign Campaigns ($100k each; $400k spent this turn): OH rolled 2, "
                                         "+2 → 5; IN rolled 1 +1, +2 → 7; OH rolled 3, +3 → 8."]
    more = narration.merge([*signs, *_lines(narration.bought_line("P3", "sign", "PA", 100, 500, "rolled 1, +1 → 4"))])
    assert more[0].public.startswith("P3 buys 4 Sign Campaigns ($100k each; $500k spent this turn): OH rolled 2")
    assert more[0].public.endswith("; PA rolled 1, +1 → 4.")
    joined = narration.merge(_lines(*(narration.joined_line("P3", c, "Party Convention") for c in ("CA", "TX", "FL"))))
    assert [e.public for e in joined] == ["P3 is on 3 more ballots (Party Convention): CA, TX and FL."]
    stakes = narration.merge(_lines(narration.votes_line("P3", -1, "OH", "National Debate stake", 6),
                                    narration.votes_line("P3", -1, "OH", "National Debate stake", 5)))
    assert [e.public for e in stakes] == ["P3 −2 in OH (National Debate stake) → 5."]


def test_lines_of_other_seats_kinds_or_prices_stay_apart() -> None:
    lines = [*_lines(narration.bought_line("P3", "ballot", "OH", 20, 20)),
             *_lines(narration.bought_line("P4", "ballot", "IN", 20, 20), seat="P4"),
             *_lines(narration.bought_line("P4", "sign", "IN", 100, 120, "rolled 1, +1 → 2"), seat="P4"),
             *_lines(narration.bought_line("P4", "ballot", "PA", 10, 130), seat="P4"),
             *_lines(narration.joined_line("P4", "WI", "card"), seat="P4")]
    assert narration.merge(lines) == lines
