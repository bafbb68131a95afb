"""A Presidential Election turn says each purchase in one line and a run of like purchases in one counted line,
without losing a state, a roll or a running total (engine/presidential_election/words_runs.py)."""
from __future__ import annotations

import re

from engine.core.rng import Rng
from engine.core.posting import EMPTY
from engine.core.ruleset import owing_seats, play, play_posted
from engine.core.posting import HeldLine
from engine.core.types import Event, Facts
from engine.presidential_election import facts_tell as f
from engine.presidential_election import words, words_runs
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
    posting = EMPTY
    for code in codes:  # at the table, whose turn's post says the run as one line
        played = play_posted(R, state, posting, seat, R.parse(f"buy ballot {code}"))
        state, posting = played.result.state, played.posting
    lines = _public(play_posted(R, state, posting, seat, R.parse("done")).result.events)
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
    lines = [line for line in _public(result.events) if "Sign" in line]
    assert lines == [f"{seat} buys a Sign Campaign in {home} ($100k; $100k spent this turn): rolled {votes - before}, "
                     f"+{votes - before} → {votes}."]


def _told(*facts: Facts, seat: str = "P3") -> list[Event]:
    """Events stating `facts`, worded as the contract words them."""
    return words.tell([Event(facts=x, seat=seat) for x in facts])


def _sign(code: str, spent: int, faces: tuple[int, ...], bonus: int, placed: int, total: int) -> f.Bought:
    return f.Bought(item="sign", cost=100, spent=spent,
                    buys=((code, f.Result(faces=faces, bonus=bonus, placed=placed, total=total)),))


def _ballot(code: str, cost: int, spent: int) -> f.Bought:
    return f.Bought(item="ballot", cost=cost, spent=spent, buys=((code, None),))


def _stake(total: int) -> f.VotesMoved:
    return f.VotesMoved(who="P3", why="stake", changes=((-1, "OH", total),))


def test_runs_merge_and_read_back_whole() -> None:
    signs = _told(_sign("OH", 200, (2,), 0, 2, 5), _sign("IN", 300, (1,), 1, 2, 7), _sign("OH", 400, (3,), 0, 3, 8))
    assert [e.public for e in signs] == ["P3 buys 3 Sign Campaigns ($100k each; $400k spent this turn): OH rolled 2, "
                                         "+2 → 5; IN rolled 1 +1, +2 → 7; OH rolled 3, +3 → 8."]
    assert signs[0].facts is not None and len(signs[0].facts.buys) == 3  # the run's facts, joined
    more = words_runs.merge([*signs, *_told(_sign("PA", 500, (1,), 0, 1, 4))])
    assert more[0].public.startswith("P3 buys 4 Sign Campaigns ($100k each; $500k spent this turn): OH rolled 2")
    assert more[0].public.endswith("; PA rolled 1, +1 → 4.")
    joined = _told(*(f.BallotsJoined(why="convention", codes=(code,)) for code in ("CA", "TX", "FL")))
    assert [e.public for e in joined] == ["P3 is on 3 more ballots (Party Convention): CA, TX and FL."]
    stakes = _told(_stake(6), _stake(5))
    assert [e.public for e in stakes] == ["P3 −2 in OH (National Debate stake) → 5."]


def test_a_held_line_in_words_alone_carries_its_run_on() -> None:
    """A state saved and loaded holds its lines in words only: the next step's like line still joins the run, read
    back into the very facts it was said from."""
    held = [HeldLine(text=line.public or "", seat="P3") for line in _told(_sign("OH", 200, (2, 1), 1, 4, 9))]
    assert held[0].facts is None
    rest = words_runs.onto_held(held, _told(_sign("IN", 300, (3,), 0, 3, 4)))
    assert rest == [] and held[0].text == ("P3 buys 2 Sign Campaigns ($100k each; $300k spent this turn): "
                                           "OH rolled 2+1 = 3 +1, +4 → 9; IN rolled 3, +3 → 4.")
    assert held[0].facts == f.Bought(item="sign", cost=100, spent=300, buys=(
        ("OH", f.Result(faces=(2, 1), bonus=1, placed=4, total=9)), ("IN", f.Result(faces=(3,), placed=3, total=4))))


def test_lines_of_other_seats_kinds_or_prices_stay_apart() -> None:
    lines = [*_told(_ballot("OH", 20, 20)), *_told(_ballot("IN", 20, 20), seat="P4"),
             *_told(_sign("IN", 120, (1,), 0, 1, 2), seat="P4"), *_told(_ballot("PA", 10, 130), seat="P4"),
             *_told(f.BallotsJoined(why="card", codes=("WI",)), seat="P4")]
    assert words_runs.merge(list(lines)) == lines
