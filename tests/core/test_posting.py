"""The table's posting (engine/core/posting.py): a step's public lines held while its verdict says so and posted with
the next step that does not, its private and proof lines at once; what the last post changed; cuts between posts; a
posting's stored form, which keeps words but never facts; and a state of earlier schemas read apart from it."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.core.posting import EMPTY, HeldLine, Posting, post, split_stored
from engine.core.types import ApplyResult, Event, Facts, Strict


class _Told(Facts):
    kind = "told"
    seat: str


class _State(Strict):
    turn: int = 0


def _step(events: list[Event], changed: list[str], hold: bool | None, tail: list[str] | None = None) -> ApplyResult:
    return ApplyResult(state=_State(), events=events, changed=changed, hold=hold, tail_changed=tail)


def _line(text: str, seat: str | None = "KEN") -> Event:
    return Event(public=text, seat=seat, cause="C12", facts=_Told(seat=seat or ""))


def test_held_lines_wait_for_the_step_that_posts_and_go_out_first_with_their_seats_causes_and_facts() -> None:
    drawn = Event(private={"KEN": "You drew C3."}, seat="KEN", facts=_Told(seat="KEN"))
    told, posting = post(EMPTY, _step([_line("KEN campaigns in OH."), drawn], ["OH"], hold=True))
    assert told == [drawn]
    assert [h.text for h in posting.held] == ["KEN campaigns in OH."] and posting.held_changed == ("OH",)
    told, posting = post(posting, _step([_line("KEN campaigns in PA."), Event(proof="digest 1f")], ["PA", "OH"],
                                        hold=True))
    assert told == [Event(proof="digest 1f")] and posting.held_changed == ("OH", "PA")
    told, posting = post(posting, _step([_line("The round ends.", seat=None)], ["NY"], hold=False))
    assert [(e.public, e.seat, e.cause) for e in told] == [
        ("KEN campaigns in OH.", "KEN", "C12"), ("KEN campaigns in PA.", "KEN", "C12"), ("The round ends.", None, "C12")]
    assert [e.kind for e in told] == ["told", "told", "told"]  # a released line keeps the facts it was worded from
    assert posting == Posting(last_changed=("OH", "PA", "NY"))


def test_what_the_last_post_changed_stands_until_the_next_post() -> None:
    _, posting = post(EMPTY, _step([_line("KEN campaigns in OH.")], ["OH"], hold=False))
    assert posting.last_changed == ("OH",)
    _, posting = post(posting, _step([_line("KEN campaigns in PA.")], ["PA"], hold=True))
    assert posting.last_changed == ("OH",) and posting.held_changed == ("PA",)
    whole = _step([_line("Electioneer posts every step whole.")], ["TX"], hold=None)
    assert post(posting, whole) == (whole.events, posting)


def test_a_cut_post_outlines_what_the_held_lines_changed_and_the_last_post_what_followed_its_last_cut() -> None:
    _, posting = post(EMPTY, _step([_line("DEM campaigns in OH.")], ["OH"], hold=True))
    events = [_line("DEM ends the turn."), Event(ends_post={"changed": ["PA"], "turn": 1}),
              _line("REP plays its card.", seat="REP"), Event(ends_post={"changed": ["TX"], "turn": 2}),
              _line("LIB plays its card.", seat="LIB")]
    told, posting = post(posting, _step(events, ["PA", "TX", "NY"], hold=False, tail=["NY"]))
    assert [e.public or e.ends_post for e in told] == [
        "DEM campaigns in OH.", "DEM ends the turn.", {"changed": ["OH", "PA"], "turn": 1}, "REP plays its card.",
        {"changed": ["TX"], "turn": 2}, "LIB plays its card."]
    assert posting.last_changed == ("NY",)
    assert events[1].ends_post == {"changed": ["PA"], "turn": 1}  # the step's own view is not changed
    _, held = post(EMPTY, _step(events, ["PA"], hold=True))
    assert [h.text for h in held.held] == ["DEM ends the turn.", "REP plays its card.", "LIB plays its card."]


def test_a_run_of_like_lines_carries_on_the_last_held_line_without_changing_the_posting_it_came_from() -> None:
    def carry_on(held: list[HeldLine], events: list[Event]) -> list[Event]:
        held[-1] = HeldLine(text=held[-1].text + " And more.", seat=held[-1].seat)
        return events[1:]

    _, before = post(EMPTY, _step([_line("KEN campaigns in OH.")], [], hold=True))
    _, after = post(before, _step([_line("more"), _line("KEN campaigns in PA.")], [], hold=True), carry_on)
    assert [h.text for h in after.held] == ["KEN campaigns in OH. And more.", "KEN campaigns in PA."]
    assert [h.text for h in before.held] == ["KEN campaigns in OH."]


def test_a_stored_posting_keeps_the_words_seats_and_causes_never_the_facts() -> None:
    _, posting = post(EMPTY, _step([_line("KEN campaigns in OH."), _line("NIX answers.", seat="NIX")], ["OH"],
                                   hold=True))
    stored = posting.stored()
    assert stored is not None and '"facts"' not in stored and EMPTY.stored() is None
    loaded = Posting.loaded(stored)
    assert loaded == posting and all(h.facts is None for h in loaded.held)
    assert loaded.held[0] == HeldLine(text="KEN campaigns in OH.", seat="KEN", cause="C12")
    assert Posting.loaded(None) == EMPTY


def test_a_held_line_loads_from_its_stored_form_or_a_plain_text_and_nothing_else() -> None:
    loaded = Posting.model_validate({"held": ["Old line.", {"text": "New line.", "seat": "KEN"}]})
    assert loaded.held == (HeldLine(text="Old line."), HeldLine(text="New line.", seat="KEN"))
    for bad in (0, 1.5, None, ["Old line."]):
        with pytest.raises(ValidationError, match="HeldLine"):
            Posting.model_validate({"held": [bad]})
        with pytest.raises(ValidationError):
            HeldLine.model_validate(bad)


def test_a_state_of_an_earlier_schema_is_read_apart_from_the_posting_it_held() -> None:
    old = {"turn": 3, "unposted": ["Old line.", {"text": "KEN campaigns.", "seat": "KEN", "cause": "C12"}],
           "unposted_changed": ["OH"], "last_changed": ["PA"], "round": 2}
    rest, posting = split_stored(old)
    assert rest == {"turn": 3, "round": 2}
    assert posting == Posting(held=(HeldLine(text="Old line."), HeldLine(text="KEN campaigns.", seat="KEN", cause="C12")),
                              held_changed=("OH",), last_changed=("PA",))
    assert split_stored({"turn": 3}) == ({"turn": 3}, EMPTY)
