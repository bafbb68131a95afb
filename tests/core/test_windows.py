"""The core response window: public eligibility, standing preferences, answers each seat may give, deadline."""
from __future__ import annotations

import pytest

from engine.core.windows import PASS, ResponseWindow, asked, eligible


def test_a_window_opens_for_the_eligible_seats_that_want_to_be_asked() -> None:
    seats = ["A", "B", "C", "D"]
    public = eligible(seats, {"A": 2, "B": 1, "C": 4, "D": 0}, "A")  # D holds nothing, A is the actor
    assert public == ["B", "C"]
    assert asked(public, {"C": "pass"}) == ["B"]
    window = ResponseWindow.open(public, {"C": "pass"}, trigger="play:12")
    assert window.seats == ["B"] and window.trigger == "play:12" and window.owes("B") and not window.owes("C")


def test_the_window_closes_when_all_have_answered_and_keeps_who_responded() -> None:
    window = ResponseWindow(seats=["B", "C"])
    window.answer("B", PASS)
    assert not window.closed and window.owes("C")
    window.answer("C", "respond 44")
    assert window.closed and window.passed == ["B"] and window.responses == {"C": "respond 44"}
    with pytest.raises(ValueError, match="already answered"):
        window.answer("C", PASS)
    with pytest.raises(ValueError, match="not in this window"):
        window.answer("A", PASS)


def test_at_the_deadline_silent_seats_pass() -> None:
    window = ResponseWindow(seats=["B", "C", "D"])
    window.answer("C", "respond 7")
    window.expire()
    assert window.closed and window.answers == {"C": "respond 7", "B": PASS, "D": PASS}


def test_two_kinds_of_answer_from_different_seats() -> None:
    """1960's event window: the opponent may trigger the event (1 momentum), its owner preempt it (2)."""
    window = ResponseWindow.open(["NIXON", "KENNEDY"], {}, trigger="event:17",
                                 may={"NIXON": ["trigger"], "KENNEDY": ["preempt"]})
    assert window.may_answer("NIXON") == ["trigger"]
    with pytest.raises(ValueError, match="may answer preempt, pass"):
        window.answer("KENNEDY", "trigger")
    window.answer("NIXON", "trigger")
    window.answer("KENNEDY", "preempt")
    assert window.closed and window.responses == {"NIXON": "trigger", "KENNEDY": "preempt"}


def test_a_window_is_state_data() -> None:
    window = ResponseWindow(seats=["B"], may={"B": ["trigger"]})
    window.answer("B", "trigger")
    again = ResponseWindow.model_validate_json(window.model_dump_json())
    assert again == window and again.closed
