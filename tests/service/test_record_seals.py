"""The record's sealed choices: found wherever a state can hold one, each under the seat whose choice it is, and
looked for only where one can be (a state's scores, decks and boards are passed by)."""
from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, Field

from bot.policy import record as records
from engine import registry
from engine.core.rng import Rng
from engine.core.ruleset import commitment, owing_seats, play
from engine.core.windows import Sealed, Simultaneous


def every_seal(state: Any) -> list[dict[str, str]]:
    """Every sealed choice in the state, by walking all of it."""
    found: dict[str, dict[str, str]] = {}
    seats = set(getattr(state, "seats", []) or [])

    def walk(value: Any, seat: str) -> None:
        if isinstance(value, Sealed):
            found.setdefault(value.digest, {"seat": seat, "digest": value.digest, "choice": value.choice,
                                            "salt": value.salt})
        elif isinstance(value, BaseModel):
            for name in type(value).model_fields:
                walk(getattr(value, name), seat)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, key if isinstance(key, str) and key in seats else seat)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item, seat)

    walk(state, "")
    return list(found.values())


def _sealed(seat: str, choice: str) -> Sealed:
    return Sealed(choice=choice, salt=f"salt-{choice}", digest=commitment(seat, choice, f"salt-{choice}"))


class Inner(BaseModel):
    note: str = ""
    held: Sealed | None = None


class Holder(BaseModel):
    seats: list[str]
    scores: dict[str, int] = Field(default_factory=dict)
    deck: list[str] = Field(default_factory=list)
    window: Simultaneous | None = None
    stacks: dict[str, list[Sealed]] = Field(default_factory=dict)
    inners: list[Inner] = Field(default_factory=list)
    anything: Any = None
    pair: tuple[int, Inner | None] = (0, None)


def test_seals_are_found_wherever_a_state_holds_one() -> None:
    window = Simultaneous(seats=["A", "B"])
    window.commit("A", "x1", "s1")
    state = Holder(seats=["A", "B"], scores={"A": 3}, deck=["c1", "c2"], window=window,
                   stacks={"B": [_sealed("B", "x2"), _sealed("B", "x3")]}, inners=[Inner(held=_sealed("A", "x4"))],
                   anything={"B": [Inner(held=_sealed("B", "x5"))]}, pair=(1, Inner(held=_sealed("A", "x6"))))
    seals = records._seals(state)
    assert [(s["seat"], s["choice"]) for s in seals] == [("A", "x1"), ("B", "x2"), ("B", "x3"), ("", "x4"),
                                                           ("B", "x5"), ("", "x6")]
    assert seals == every_seal(state)
    assert records.seal_digests(state) == {s["digest"] for s in seals}


def test_fields_of_plain_values_are_not_walked() -> None:
    """A seal forced (unchecked) into a field typed for plain values only is not looked at: such fields are passed
    by, however long; a field that could hold a seal still is."""
    forced = Holder.model_construct(seats=["A"], scores={}, deck=[_sealed("A", "hidden")], window=None, stacks={},
                                    inners=[], anything=_sealed("A", "seen"), pair=(0, None))
    assert [s["choice"] for s in records._seals(forced)] == ["seen"]
    assert [s["choice"] for s in every_seal(forced)] == ["hidden", "seen"]


@pytest.mark.parametrize(("name", "seed"), [("electioneer", 5), ("nineteen_sixty", 5), ("campaign_manager_2008", 5)])
def test_a_whole_games_seals_are_every_seal_its_states_hold(name: str, seed: int) -> None:
    ruleset = registry.get(name)
    state = ruleset.setup({}, ruleset.seat_names(ruleset.min_seats), seed)
    rng = Rng(seed)
    seen: set[str] = set()
    while ruleset.outcome(state) is None:
        seat = owing_seats(ruleset, state)[0]
        state = play(ruleset, state, seat, [ruleset.bot_action(state, seat, rng)]).state
        seals = records._seals(state)
        assert seals == every_seal(state)
        seen |= {s["digest"] for s in seals}
    assert seen  # the game sealed choices, and each was found
