"""Out-of-turn response windows and simultaneous secret choices, as state data.

Response windows open for every seat that *could* hold a response judged by public
information only (e.g. "has cards in hand"), never by what is actually in the hand: so neither
who is asked nor how long a window stays open reveals anything. Each seat may keep a standing
preference: "ask" (be prompted) or "pass" (auto-pass every window). A window closes when every
listed seat has answered or at its deadline, where silence counts as a pass.

A window may say which answers each seat may give besides a pass (`may`), for windows where seats answer in
different ways: 1960's event window lets the opponent trigger the event and its owner preempt it. What an
answer does, and in which order the answers resolve, is the ruleset's.
"""
from __future__ import annotations

from typing import Any, Literal, Mapping

from pydantic import Field

from engine.core.ruleset import commitment
from engine.core.types import Strict

Pref = Literal["ask", "pass"]
PASS = "pass"


def asked(eligible: list[str], prefs: Mapping[str, Pref]) -> list[str]:
    """The eligible seats that want to be asked: a seat standing on "pass" passes without being listed."""
    return [s for s in eligible if prefs.get(s, "ask") == "ask"]


class ResponseWindow(Strict):
    trigger: str = ""  # what opened it, e.g. "campaign:VA" (public)
    seats: list[str]  # everyone who may respond, by public eligibility
    answers: dict[str, str] = Field(default_factory=dict)  # seat -> "pass" or the response's notation
    # the answers besides a pass each seat may give (verbs, e.g. {"NIXON": ["trigger"], "KENNEDY": ["preempt"]});
    # a seat not listed may give any answer the ruleset offers it
    may: dict[str, list[str]] = Field(default_factory=dict)

    @classmethod
    def open(cls, eligible: list[str], prefs: Mapping[str, Pref], **facts: Any) -> ResponseWindow:
        """A window asking the eligible seats (public facts only) that do not stand on auto-pass; `facts` are the
        window's other fields (its trigger, `may`, or a ruleset's own)."""
        return cls(seats=asked(eligible, prefs), **facts)

    def owes(self, seat: str) -> bool:
        return seat in self.seats and seat not in self.answers

    def may_answer(self, seat: str) -> list[str] | None:
        """The answers besides a pass the seat may give, or None when the window does not restrict them."""
        return self.may.get(seat)

    def open_for(self, prefs: dict[str, Pref]) -> list[str]:
        """Seats still to be asked: not answered and not standing on auto-pass."""
        return [s for s in self.seats if s not in self.answers and prefs.get(s, "ask") == "ask"]

    def auto_pass(self, prefs: dict[str, Pref]) -> None:
        for s in self.seats:
            if s not in self.answers and prefs.get(s, "ask") == "pass":
                self.answers[s] = PASS

    def answer(self, seat: str, response: str) -> None:
        if seat not in self.seats:
            raise ValueError(f"{seat} is not in this window")
        if seat in self.answers:
            raise ValueError(f"{seat} has already answered")
        allowed = self.may_answer(seat)
        if response != PASS and allowed is not None and response.split(" ")[0] not in allowed:
            raise ValueError(f"{seat} may answer {', '.join([*allowed, PASS])}, not {response}")
        self.answers[seat] = response

    def expire(self) -> None:
        """At the deadline: everyone silent passes."""
        for s in self.seats:
            self.answers.setdefault(s, PASS)

    @property
    def passed(self) -> list[str]:
        return [s for s, a in self.answers.items() if a == PASS]

    @property
    def responses(self) -> dict[str, str]:
        """The answers that were not passes, in the order given."""
        return {s: a for s, a in self.answers.items() if a != PASS}

    @property
    def closed(self) -> bool:
        return all(s in self.answers for s in self.seats)


def eligible(seats: list[str], public_counts: dict[str, int], actor: str) -> list[str]:
    """The default public eligibility: every other seat with at least one card in hand."""
    return [s for s in seats if s != actor and public_counts.get(s, 0) > 0]


class Sealed(Strict):
    """One seat's secret choice in a simultaneous decision: only `digest` is ever public before the reveal."""

    choice: str
    salt: str
    digest: str


class Simultaneous(Strict):
    """Every listed seat commits a secret choice; resolved when all are in."""

    seats: list[str]
    sealed: dict[str, Sealed] = Field(default_factory=dict)

    def commit(self, seat: str, choice: str, salt: str) -> str:
        if seat not in self.seats:
            raise ValueError(f"{seat} takes no part in this choice")
        digest = commitment(seat, choice, salt)
        self.sealed[seat] = Sealed(choice=choice, salt=salt, digest=digest)
        return digest

    def committed(self) -> dict[str, bool]:
        return {s: s in self.sealed for s in self.seats}

    def digests(self) -> dict[str, str]:
        return {s: v.digest for s, v in self.sealed.items()}

    @property
    def complete(self) -> bool:
        return all(map(self.sealed.__contains__, self.seats))

    def reveal(self) -> dict[str, Sealed]:
        if not self.complete:
            raise ValueError("cannot reveal before every seat has committed")
        return dict(self.sealed)
